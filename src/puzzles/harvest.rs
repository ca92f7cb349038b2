//! Harvesting puzzles from real games (`c6solve harvest`).
//!
//! Games that end in a six contain a kill: some turns before the end, the eventual winner
//! was to move with a forced win, or the loser was to move and could no longer stop it.
//! The harvester walks the games in a fixed pseudo-random order (a hash of the game id,
//! so a run is reproducible and spread over the sources), cuts each game at the point a
//! plan entry asks for, solves the position with a time limit, and keeps only what the
//! solver proved. Each game gives at most one puzzle.
//!
//! Plan entries (`KIND DEPTH = WANT / ATTEMPTS`, e.g. `win2=60/200`):
//! - `winD`: the winner to move, D of its turns before its six (D = 1: the six itself is
//!   on the board's next turn). Goal `win`, kept if proven `win`; a proven `no-win` (the
//!   game's defence went wrong later) is kept too, as a no-win puzzle.
//! - `lossD`: the loser to move, the winner making six D turns later. Goal `value`, kept
//!   if proven `loss`.
//! - `nowinD`: as `lossD` but with goal `win`: kept if proven `no-win`.
//!
//! WANT is how many proven puzzles the entry wants; ATTEMPTS caps the solves it may spend.

use super::SUITE_EXTENSION;
use crate::board::Position;
use crate::error::{Error, Result};
use crate::notation::{format_moves, parse_moves};
use crate::rules::{Color, Rules};
use crate::search::{Goal, Outcome, solve};
use crate::threats;
use std::fmt::Write as _;
use std::time::Duration;

/// What a plan entry harvests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Winner to move, goal win.
    Win,
    /// Loser to move, goal value.
    Loss,
    /// Loser to move, goal win.
    NoWin,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Win => "win",
            Kind::Loss => "loss",
            Kind::NoWin => "nowin",
        }
    }
}

/// One plan entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// What to harvest.
    pub kind: Kind,
    /// Turns before the end (see the module docs).
    pub depth: u32,
    /// Proven puzzles wanted.
    pub want: usize,
    /// Most solves to spend.
    pub attempts: usize,
}

/// The plan used when none is given.
pub const DEFAULT_PLAN: &str =
    "win1=20/20 win2=50/100 win3=40/70 win4=40/70 loss1=15/30 loss2=10/20 nowin1=12/30";

/// Parses a plan: entries such as `win2=60/150`, separated by spaces or commas.
pub fn parse_plan(text: &str) -> Result<Vec<Entry>> {
    let bad = |t: &str| {
        Error::Option(format!(
            "--plan entry '{t}': expected KIND DEPTH=WANT/ATTEMPTS with KIND win, loss or nowin, e.g. win2=60/150"
        ))
    };
    let mut out = Vec::new();
    for t in text.split([' ', ',']).filter(|t| !t.is_empty()) {
        let (head, counts) = t.split_once('=').ok_or_else(|| bad(t))?;
        let (want, attempts) = counts.split_once('/').ok_or_else(|| bad(t))?;
        let (kind, depth) = [
            ("nowin", Kind::NoWin),
            ("win", Kind::Win),
            ("loss", Kind::Loss),
        ]
        .iter()
        .find_map(|(name, k)| head.strip_prefix(name).map(|d| (*k, d)))
        .ok_or_else(|| bad(t))?;
        let num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad(t));
        let depth = num(depth)?;
        if depth == 0 || depth > 20 {
            return Err(bad(t));
        }
        out.push(Entry {
            kind,
            depth: depth as u32,
            want: num(want)?,
            attempts: num(attempts)?,
        });
    }
    if out.is_empty() {
        return Err(Error::Option("--plan: no entries".into()));
    }
    Ok(out)
}

/// Settings of a harvest.
#[derive(Debug, Clone)]
pub struct HarvestOptions {
    /// The plan (see [`parse_plan`]).
    pub plan: Vec<Entry>,
    /// Time limit per solve (a safety cap: a node limit keeps a harvest reproducible on a
    /// loaded machine, a time limit does not).
    pub time_limit: Duration,
    /// Node limit per solve.
    pub max_nodes: Option<u64>,
    /// Table size per solve, MiB.
    pub tt_mib: usize,
    /// Relevance zones in the solves.
    pub zones: bool,
    /// A puzzle proven within this many nodes is tagged `fast` (run by `cargo test`).
    pub fast_nodes: u64,
}

/// One game of the data file.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct Game {
    /// Game id (e.g. `lg2117925`).
    pub id: String,
    /// Turns, each a space-separated list of Go-style points.
    pub moves: Vec<String>,
    /// `black`, `white`, `draw` or `unknown`.
    pub result: String,
    /// True if the last stone made six.
    pub ends_in_six: bool,
}

/// Reads the games of a JSON-lines file; a bad line is an error naming it, and so is a file
/// with no games.
pub fn read_games(path: &str) -> Result<Vec<Game>> {
    let text = crate::input::read(path, crate::input::Kind::Games)?;
    let games = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str::<Game>(l)
                .map_err(|e| Error::Io(format!("{path}:{}: not a game record: {e}", i + 1)))
        })
        .collect::<Result<Vec<_>>>()?;
    if games.is_empty() {
        return Err(Error::Io(format!("{path}: no game records")));
    }
    Ok(games)
}

/// 64-bit FNV-1a followed by the SplitMix64 finaliser: a fixed, documented order of the
/// games that does not depend on the file. (FNV-1a alone keeps ids that differ only in their
/// last digits next to each other.)
fn game_hash(s: &str) -> u64 {
    let h = s.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    let z = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Per-entry counts.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    /// Solves spent.
    pub attempted: usize,
    /// Proven as the entry wanted.
    pub proved: usize,
    /// Proven the other way (kept as a different puzzle).
    pub other: usize,
    /// Not proven in time.
    pub unknown: usize,
    /// Seconds spent.
    pub seconds: f64,
}

/// A harvested puzzle record, ready to write.
#[derive(Debug, Clone)]
pub struct Found {
    /// The record's text (no trailing blank line).
    pub record: String,
}

/// The winner's colour of a game that ends in a six, checked by replaying it.
fn checked_winner(rules: Rules, g: &Game, stones: &[Vec<crate::board::Cell>]) -> Option<Color> {
    let all: Vec<_> = stones.iter().flatten().copied().collect();
    let pos = Position::from_moves(rules, &all).ok()?;
    let w = pos.winner()?;
    let named = match g.result.as_str() {
        "black" => Color::Black,
        "white" => Color::White,
        _ => return None,
    };
    (w == named).then_some(w)
}

/// Runs the plan over `games` and returns the suite text plus the tallies.
/// `progress` sees one line per solve.
pub fn harvest(
    games: &[Game],
    opts: &HarvestOptions,
    command: &str,
    mut progress: impl FnMut(&str),
) -> Result<(String, Vec<(Entry, Tally)>)> {
    let rules = Rules::connect6();
    let mut order: Vec<&Game> = games
        .iter()
        .filter(|g| g.ends_in_six && (g.result == "black" || g.result == "white"))
        .collect();
    order.sort_by(|a, b| {
        game_hash(&a.id)
            .cmp(&game_hash(&b.id))
            .then(a.id.cmp(&b.id))
    });
    let mut cursor = 0;
    let mut records = Vec::new();
    let mut tallies = Vec::new();
    for entry in &opts.plan {
        let mut t = Tally::default();
        while t.proved < entry.want && t.attempted < entry.attempts && cursor < order.len() {
            let g = order[cursor];
            cursor += 1;
            // A record that does not replay to the six its result names is no source of
            // puzzles; it is passed over, said so.
            let turns = match g
                .moves
                .iter()
                .map(|m| parse_moves(&rules, m))
                .collect::<Result<Vec<_>>>()
            {
                Ok(t) => t,
                Err(e) => {
                    progress(&format!("skipped game {}: {e}", g.id));
                    continue;
                }
            };
            let Some(winner) = checked_winner(rules, g, &turns) else {
                progress(&format!(
                    "skipped game {}: its moves do not end in a six by {}",
                    g.id, g.result
                ));
                continue;
            };
            // Turns kept: the winner's D-th turn from the end is turn L - 2D + 1 (0-based);
            // the loser's turn before that is one earlier.
            let l = turns.len();
            let back = match entry.kind {
                Kind::Win => 2 * entry.depth as usize - 1,
                Kind::Loss | Kind::NoWin => 2 * entry.depth as usize,
            };
            if l <= back + 1 {
                continue;
            }
            let kept = l - back;
            let stones: Vec<_> = turns[..kept].iter().flatten().copied().collect();
            let Ok(pos) = Position::from_moves(rules, &stones) else {
                continue;
            };
            if pos.is_over() {
                continue;
            }
            let to_move = pos.to_move();
            debug_assert_eq!(to_move == winner, entry.kind == Kind::Win);
            let goal = match entry.kind {
                Kind::Win | Kind::NoWin => Goal::Win,
                Kind::Loss => Goal::Value,
            };
            let so = super::solve_options(
                goal,
                opts.time_limit,
                opts.max_nodes,
                opts.tt_mib,
                opts.zones,
            );
            let r = solve(&pos, &so)?;
            t.attempted += 1;
            t.seconds += r.seconds;
            progress(&format!(
                "{}{} {}: {} in {:.2} s, {} nodes",
                entry.kind.name(),
                entry.depth,
                g.id,
                r.value.name(),
                r.seconds,
                r.nodes
            ));
            let wanted = match entry.kind {
                Kind::Win => Outcome::Win,
                Kind::Loss => Outcome::Loss,
                Kind::NoWin => Outcome::NoWin,
            };
            if r.value == Outcome::Unknown {
                t.unknown += 1;
                continue;
            }
            if r.value == wanted {
                t.proved += 1;
            } else {
                t.other += 1;
            }
            // Depth: the game's number of the winner's turns; a win that is on the board
            // already (the attacker missed it in the game) is depth 1.
            let depth = match r.value {
                Outcome::Win if threats::can_win_with(&pos, to_move, pos.stones_left()) => {
                    "1".to_string()
                }
                Outcome::Win | Outcome::Loss => entry.depth.to_string(),
                _ => "-".to_string(),
            };
            let expect = r.value.name();
            let id = format!("{}-{}{}", g.id, entry.kind.name(), entry.depth);
            let mut tags = vec!["connect6".to_string()];
            if r.nodes <= opts.fast_nodes {
                tags.push("fast".into());
            }
            let theirs = if to_move == winner {
                "it"
            } else {
                "the opponent"
            };
            let note = format!(
                "{} to move; in the game {theirs} made six {} turn{} later",
                to_move.name(),
                entry.depth,
                if entry.depth == 1 { "" } else { "s" },
            );
            let mut rec = String::new();
            let _ = writeln!(rec, "id: {id}");
            let _ = writeln!(rec, "source: {}", g.id);
            let _ = writeln!(rec, "rules: {rules}");
            let _ = writeln!(rec, "moves: {}", format_moves(&rules, &stones));
            let _ = writeln!(
                rec,
                "goal: {}",
                if goal == Goal::Win { "win" } else { "value" }
            );
            let _ = writeln!(rec, "expect: {expect}");
            let _ = writeln!(rec, "depth: {depth}");
            if r.value == Outcome::Win && !r.best.is_empty() {
                let _ = writeln!(rec, "best: {}", crate::point::format_points(&r.best));
            }
            let _ = writeln!(rec, "tags: {}", tags.join(" "));
            let _ = write!(
                rec,
                "note: {note}; proved in {} nodes when harvested",
                r.nodes
            );
            records.push(Found { record: rec });
        }
        tallies.push((*entry, t));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Connect6 puzzles harvested from ../shared/data/connect6-games.jsonl by\n#   {command}\n\
         # on {} (commit {}). Format: puzzles/README.md. Only positions the solver proved are kept.\n#",
        crate::lab::provenance::utc_now(),
        crate::lab::provenance::git_commit()
    );
    let _ = writeln!(
        out,
        "#| Harvest: at most {} nodes and {} s per solve, zones {}, games in the order of a hash of their ids (FNV-1a + SplitMix64), one puzzle per game.\n#|",
        opts.max_nodes
            .map_or("unlimited".to_string(), |n| n.to_string()),
        opts.time_limit.as_secs_f64(),
        if opts.zones { "on" } else { "off" }
    );
    let _ = writeln!(
        out,
        "#| | entry | kind | turns back | wanted | attempted | proved as wanted | proved otherwise | timeouts | seconds |\n#| |---|---|--:|--:|--:|--:|--:|--:|--:|"
    );
    for (e, t) in &tallies {
        let _ = writeln!(
            out,
            "#| | {}{}={}/{} | {} | {} | {} | {} | {} | {} | {} | {:.0} |",
            e.kind.name(),
            e.depth,
            e.want,
            e.attempts,
            e.kind.name(),
            e.depth,
            e.want,
            t.attempted,
            t.proved,
            t.other,
            t.unknown,
            t.seconds
        );
    }
    for r in &records {
        let _ = write!(out, "\n{}\n", r.record);
    }
    Ok((out, tallies))
}

/// The suite file name check: harvested files must end in `.puzzles` to be found.
pub fn check_out_name(out: &str) -> Result<()> {
    if out.ends_with(&format!(".{SUITE_EXTENSION}")) {
        Ok(())
    } else {
        Err(Error::Option(format!(
            "--out {out}: suite files end in .{SUITE_EXTENSION}"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_parse() {
        let p = parse_plan(DEFAULT_PLAN).unwrap();
        assert_eq!(p.len(), 7);
        assert_eq!(
            p[1],
            Entry {
                kind: Kind::Win,
                depth: 2,
                want: 50,
                attempts: 100
            }
        );
        assert_eq!(p[6].kind, Kind::NoWin);
        assert_ne!(game_hash("lg577544") >> 56, game_hash("lg577546") >> 56);
        for bad in [
            "",
            "win2",
            "win=1/2",
            "draw1=1/2",
            "win0=1/2",
            "win2=a/2",
            "win2=1",
        ] {
            assert!(parse_plan(bad).is_err(), "{bad}");
        }
    }

    /// A tiny data file: one game where Black's last turn makes six after White failed to
    /// block a four. The harvester must cut it at the right turns and prove the wins.
    #[test]
    fn harvests_a_game() {
        let g = Game {
            id: "t1".into(),
            moves: [
                "K10", "A1 A2", "L10 M10", "A3 A4", "N10 O10", "B1 B2", "P10",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
            result: "black".into(),
            ends_in_six: true,
        };
        let opts = HarvestOptions {
            // Asks for two, so every game is looked at whatever the hash order.
            plan: parse_plan("win1=2/2").unwrap(),
            time_limit: Duration::from_secs(30),
            max_nodes: None,
            tt_mib: 4,
            zones: false,
            fast_nodes: 1000,
        };
        // Records that do not replay to their result are passed over, each said so.
        let mut bad_point = g.clone();
        bad_point.id = "t2".into();
        bad_point.moves[1] = "A1 Z99".into();
        let mut wrong_winner = g.clone();
        wrong_winner.id = "t3".into();
        wrong_winner.result = "white".into();
        let mut said = Vec::new();
        let (text, tallies) = harvest(&[bad_point, wrong_winner, g], &opts, "test", |line| {
            said.push(line.to_string())
        })
        .unwrap();
        assert_eq!(tallies[0].1.proved, 1, "{text}");
        for id in ["t2", "t3"] {
            let line = format!("skipped game {id}: ");
            assert!(said.iter().any(|l| l.starts_with(&line)), "{said:?}");
        }
        let suite = super::super::parse_suite(&text, "h", std::path::Path::new(".")).unwrap();
        let p = &suite.puzzles[0];
        assert_eq!(
            (p.id.as_str(), p.expected, p.depth),
            ("t1-win1", Outcome::Win, Some(1))
        );
        assert_eq!(p.position.stone_counts(), (5, 6));
        assert!(p.has_tag("fast"));
        assert_eq!(suite.notes.len(), 1);
    }
}
