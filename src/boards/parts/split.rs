//! Automatic splits (`--part-nodes N`): a part its solve did not prove within N nodes is
//! replaced by the parts one stone further down, one per stone of the side to move up to
//! symmetry, each solved (and, if it outgrows N too, split) on its own.
//!
//! A split decides nothing: the composition ([`super::compose`]) still settles a position
//! only from proven parts, as it does for a split asked for by hand with `--part`. Where the
//! part's attacker is to move, every stone's part is needed; where its defender is, one
//! refuting part is enough, and the order the parts are tried in is what makes a split
//! cheap. That order comes from the numbers the stopped search left in its table for each
//! stone (its proof and disproof numbers, [`Estimate`]), recorded with the split so that any
//! worker, on any machine, picks the parts in the same order (see [`super::frontier`]).

use super::root::Root;
use crate::board::Position;
use crate::notation::parse_moves;
use crate::point::{format_point, parse_point};
use crate::rules::{Color, Rules};
use crate::search::dfpn;
use crate::search::tt::{self, Table};
use serde::{Deserialize, Serialize};

/// The ledger's record of one split: the position, why it was split, and the stopped
/// search's numbers for the stones below it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SplitRecord {
    /// The stones played from the empty board to the split position.
    pub moves: String,
    /// The goal of the part that was split: `hold` (the side to move's opponent is the
    /// attacker) or `win` (the side to move is).
    pub goal: String,
    /// Why the part was split, for a reader of the ledger.
    pub why: String,
    /// Nodes of the solve that stopped (the reply trials before it included).
    pub nodes: u64,
    /// Its wall time in seconds.
    pub seconds: f64,
    /// The stones of the side to move, one per class up to symmetry, with the stopped
    /// search's numbers for the part's attacker.
    pub children: Vec<ChildEstimate>,
    /// The commit the solver was built from.
    pub commit: String,
    /// When the split was made (UTC).
    pub date: String,
}

/// One stone below a split and what the stopped search knew of the position after it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChildEstimate {
    /// The stone, a Go-style point in the frame of the split's moves.
    pub stone: String,
    /// Proof number for the attacker (0: the search proved the attacker's win there, which
    /// still takes a part of its own to count); `None` when the search never reached it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pn: Option<u32>,
    /// Disproof number (0: the search refuted the attacker there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dn: Option<u32>,
}

/// The proof and disproof numbers the job tree orders parts by (see [`super::frontier`]):
/// saturating, with [`Estimate::INF`] for "cannot be".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Estimate {
    /// Proof number for the attacker.
    pub pn: u64,
    /// Disproof number.
    pub dn: u64,
}

impl Estimate {
    /// The value of a number that is infinite (a solved node's other number).
    pub const INF: u64 = u64::MAX / 4;
    /// Larger than any search's numbers, and still finite: what a stone proven by the stopped
    /// search (but not yet by a part of its own) starts from on its unproven side, so that it
    /// is picked last where that side matters, and first where the proven side does.
    pub const LARGE: u64 = 1 << 40;
    /// A part nothing is known of yet.
    pub const UNKNOWN: Estimate = Estimate { pn: 1, dn: 1 };
    /// A position the attacker is proven to win.
    pub const WON: Estimate = Estimate {
        pn: 0,
        dn: Estimate::INF,
    };
    /// A position the attacker is proven not to win.
    pub const REFUTED: Estimate = Estimate {
        pn: Estimate::INF,
        dn: 0,
    };
}

/// Which side a part of `goal` (`hold` or `win`) at `pos` is about.
pub fn attacker_for(pos: &Position, goal: &str) -> Color {
    if goal == "win" {
        pos.to_move()
    } else {
        pos.to_move().opponent()
    }
}

/// The stones of the side to move at `pos` up to symmetry, each with the numbers `table`
/// holds for the position after it in a run proving `attacker`'s win.
pub fn children_of(pos: &Position, attacker: Color, table: &Table) -> Vec<ChildEstimate> {
    let rules = pos.rules();
    dfpn::first_stones(pos, attacker)
        .into_iter()
        .map(|(cell, key)| {
            let entry = table.probe(key);
            // A stored INF stays INF: the numbers are copied as the table has them.
            ChildEstimate {
                stone: format_point(rules, cell),
                pn: entry.map(|e| e.pn),
                dn: entry.map(|e| e.dn),
            }
        })
        .collect()
}

impl SplitRecord {
    /// Why the record cannot be a split of its ledger's root: moves that are not a position,
    /// a goal other than `hold` or `win`, a claim about the root's opponent (only the mover's
    /// parts are split, see `solve_job`), or a stone that is not a point of the board.
    pub fn invalid(&self, root: &Root) -> Option<String> {
        let rules = &root.rules;
        let pos = match parse_moves(rules, &self.moves)
            .map_err(|e| e.to_string())
            .and_then(|cells| Position::from_moves(*rules, &cells).map_err(|e| e.to_string()))
        {
            Ok(pos) => pos,
            Err(e) => return Some(e),
        };
        if self.goal != "hold" && self.goal != "win" {
            return Some(format!("goal '{}' (expected hold or win)", self.goal));
        }
        let mover = root.mover();
        if attacker_for(&pos, &self.goal) != mover {
            return Some(format!(
                "a split of a claim about {} (only {mover}'s parts are split)",
                mover.opponent()
            ));
        }
        self.children
            .iter()
            .find(|c| parse_point(rules, &c.stone).is_err())
            .map(|c| format!("stone '{}' is not a point of the board", c.stone))
    }

    /// The positions' keys of the stones below the split, for `attacker`, with the numbers
    /// the job tree starts them from: a stone the search proved is cheap to prove again, so
    /// it starts at 1 on the proven side (it still needs a part to count), and a stone it
    /// never reached starts behind its siblings (the largest numbers among them).
    pub fn estimates(&self, rules: &Rules) -> Vec<([u64; 2], Estimate)> {
        let Ok(cells) = parse_moves(rules, &self.moves) else {
            return Vec::new();
        };
        let Ok(mut pos) = Position::from_moves(*rules, &cells) else {
            return Vec::new();
        };
        let attacker = attacker_for(&pos, &self.goal);
        let wide = |n: u32| {
            if n == tt::INF {
                Estimate::INF
            } else {
                n as u64
            }
        };
        let reached = |c: &ChildEstimate| c.pn.zip(c.dn).map(|(p, d)| (wide(p), wide(d)));
        let finite = |n: u64| n.min(Estimate::LARGE - 1);
        let (max_pn, max_dn) = self
            .children
            .iter()
            .filter_map(reached)
            .fold((1, 1), |(a, b), (p, d)| {
                (a.max(finite(p)), b.max(finite(d)))
            });
        let mut out = Vec::new();
        for child in &self.children {
            let Ok(cell) = parse_point(rules, &child.stone) else {
                continue;
            };
            if pos.try_play(cell).is_err() {
                continue;
            }
            let key = dfpn::key_for(&pos, attacker);
            pos.undo();
            let estimate = match reached(child) {
                Some((0, _)) => Estimate {
                    pn: 1,
                    dn: Estimate::LARGE,
                },
                Some((_, 0)) => Estimate {
                    pn: Estimate::LARGE,
                    dn: 1,
                },
                Some((pn, dn)) => Estimate {
                    pn: finite(pn),
                    dn: finite(dn),
                },
                None => Estimate {
                    pn: max_pn + 1,
                    dn: max_dn + 1,
                },
            };
            out.push((key, estimate));
        }
        out
    }
}
