//! How far a long solve has got, read from its table file: the proof and disproof numbers of
//! the root and of each first stone, as the last checkpoint wrote them back.
//!
//! A checkpoint says how much work a solve has done, not how much is left. The first stones
//! say more. In a run that asks "does the attacker win?" with the attacker to move (run 1),
//! the root is an OR node: one first stone proven won ends the run, and a no-win needs every
//! first stone refuted (disproof number 0); the root's disproof number is a weak sum (the
//! largest of its first stones' plus one for each other open stone), so it falls as they are
//! refuted. In run 2 the defender moves first and the roles swap: the attacker needs every
//! first stone won, one refuted ends the run. A first stone the table does not hold was never
//! searched from the root (forced replies and relevance zones leave stones out), or was
//! evicted. Nothing here is trusted as a result: the solve itself proves, these are figures.

use super::checkpoint::Checkpoint;
use super::dfpn::key_for;
use super::tt::{INF, Pn};
use super::ttfile;
use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::notation::format_point;
use crate::rules::{Color, Rules};
use std::path::Path;

/// The numbers a table file holds for the root of a stopped (or running) solve, or for a
/// position below it (`c6solve status --after`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// The rules of the solve (for point names).
    pub rules: Rules,
    /// The stones played from the solve's root to the position described (empty: the root).
    pub after: Vec<Cell>,
    /// True when the attacker moves at the position described (the root: an OR node for
    /// it, run 1).
    pub attacker_to_move: bool,
    /// The side the current run asks about ("does it win?").
    pub attacker: Color,
    /// The proof and disproof numbers of the root (of the position after `after`), `None`
    /// when the file does not hold it.
    pub root: Option<(Pn, Pn)>,
    /// One entry per first stone of the side to move, up to symmetry (the first point of
    /// each class, in board order).
    pub moves: Vec<(Cell, Option<(Pn, Pn)>)>,
    /// With two or more stones left at the root (Black's first turn when q >= 2): the
    /// positions after the first two stones, up to symmetry, by what the table holds for
    /// them. A first stone is refuted only when every second stone after it is, so on a
    /// long run these move long before the first stones do.
    pub turns: Option<Tally>,
}

/// Positions (first stones, or positions after two) by what the table holds for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Proven won for the attacker (proof number 0).
    pub won: usize,
    /// Refuted: the attacker cannot win after them (disproof number 0).
    pub refuted: usize,
    /// Stored and unsolved.
    pub open: usize,
    /// Not in the table.
    pub absent: usize,
}

/// At most this many open first stones are listed by `status` (the rest are counted).
const OPEN_SHOWN: usize = 20;

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} won, {} refuted, {} open, {} not in the table",
            self.won, self.refuted, self.open, self.absent
        )
    }
}

impl Tally {
    /// Nodes counted by what the table holds for them.
    fn of<'a>(numbers: impl Iterator<Item = &'a Option<(Pn, Pn)>>) -> Tally {
        let mut t = Tally {
            won: 0,
            refuted: 0,
            open: 0,
            absent: 0,
        };
        for n in numbers {
            match n {
                None => t.absent += 1,
                Some((0, _)) => t.won += 1,
                Some((_, 0)) => t.refuted += 1,
                Some(_) => t.open += 1,
            }
        }
        t
    }

    /// All the nodes counted.
    pub fn total(&self) -> usize {
        self.won + self.refuted + self.open + self.absent
    }
}

impl Progress {
    /// The first stones counted by what the table holds for them.
    pub fn tally(&self) -> Tally {
        Tally::of(self.moves.iter().map(|(_, n)| n))
    }

    /// Labelled lines for `c6solve status`: the root, the tally of first stones, the open ones.
    pub fn describe(&self) -> Vec<(&'static str, String)> {
        let who = self.attacker;
        let rule = if self.attacker_to_move {
            "one won proves the run; a no-win needs every one refuted"
        } else {
            "the run needs every one won; one refuted ends it with a no-win"
        };
        let mut lines = Vec::new();
        if !self.after.is_empty() {
            let moves = crate::notation::format_moves(&self.rules, &self.after);
            lines.push(("after", format!("{moves} (from the solve's root)")));
        }
        lines.extend([
            (
                if self.after.is_empty() {
                    "root"
                } else {
                    "numbers"
                },
                format!(
                    "{} (does {who} win?; the table file as the last checkpoint wrote it)",
                    show(self.root)
                ),
            ),
            (
                "first",
                format!(
                    "{} stones up to symmetry: {} ({rule})",
                    self.moves.len(),
                    self.tally()
                ),
            ),
        ]);
        if let Some(t) = self.turns {
            lines.push((
                "two",
                format!(
                    "{} positions after two stones, up to symmetry: {t}",
                    t.total()
                ),
            ));
        }
        // The open stones in the table, nearest a proof first; those not in the table are
        // only counted (the "first" line), since on a large board they are hundreds of points.
        let mut open: Vec<(Cell, (Pn, Pn))> = self
            .moves
            .iter()
            .filter_map(|&(c, n)| n.filter(|&(pn, dn)| pn != 0 && dn != 0).map(|n| (c, n)))
            .collect();
        open.sort_by_key(|&(c, (pn, _))| (pn, c));
        if !open.is_empty() {
            let mut text: Vec<String> = open
                .iter()
                .take(OPEN_SHOWN)
                .map(|&(c, n)| format!("{} {}", format_point(&self.rules, c), show(Some(n))))
                .collect();
            if open.len() > OPEN_SHOWN {
                text.push(format!("and {} more (see --json)", open.len() - OPEN_SHOWN));
            }
            lines.push(("open", text.join("; ")));
        }
        lines
    }

    /// The same as JSON fields: `attacker`, `root` ({pn, dn} or null) and `first_stones`
    /// (point and numbers, up to symmetry).
    pub fn json(&self) -> serde_json::Map<String, serde_json::Value> {
        let numbers = |n: Option<(Pn, Pn)>| match n {
            Some((pn, dn)) => serde_json::json!({"pn": pn, "dn": dn}),
            None => serde_json::Value::Null,
        };
        let stones: Vec<_> = self
            .moves
            .iter()
            .map(|&(c, n)| {
                serde_json::json!({"point": format_point(&self.rules, c), "numbers": numbers(n)})
            })
            .collect();
        let mut m = serde_json::Map::new();
        m.insert(
            "attacker".into(),
            self.attacker.to_string().to_lowercase().into(),
        );
        m.insert("attacker_to_move".into(), self.attacker_to_move.into());
        let after = crate::notation::format_moves(&self.rules, &self.after);
        m.insert("after".into(), after.into());
        m.insert("root".into(), numbers(self.root));
        m.insert("first_stones".into(), stones.into());
        let turns = self.turns.map_or(serde_json::Value::Null, |t| {
            serde_json::json!({"won": t.won, "refuted": t.refuted, "open": t.open,
                "absent": t.absent})
        });
        m.insert("two_stones".into(), turns);
        m
    }
}

/// Numbers as `pn 12, dn 3,456` (`inf` for infinite), or that the table lacks the node.
fn show(n: Option<(Pn, Pn)>) -> String {
    let num = |x: Pn| {
        if x == INF {
            "inf".to_string()
        } else {
            crate::units::group_digits(x as u64)
        }
    };
    match n {
        None => "not in the table".to_string(),
        Some((pn, dn)) => format!("pn {}, dn {}", num(pn), num(dn)),
    }
}

/// Reads the root's and the first stones' numbers for the checkpointed solve `ck` from the
/// table file at `table`; with stones in `after`, those of the position they lead to from the
/// root instead (its own numbers, and those after each next stone of the side to move), for
/// looking inside a first stone that stays open for hours. `after` must be legal moves from
/// the root in a game not yet over.
pub fn read(ck: &Checkpoint, table: &Path, after: &[Cell]) -> Result<Progress> {
    let mut pos = root_position(ck)?;
    let me = pos.to_move();
    // Run 2 of an exact value, and the one run of a hold, ask whether the other side wins.
    let attacker = if (ck.goal == 0 && ck.phase == 2) || ck.goal == 2 {
        me.opponent()
    } else {
        me
    };
    for &cell in after {
        if pos.is_over() {
            return Err(Error::IllegalMove(format!(
                "{}: the game is already over there",
                format_point(pos.rules(), cell)
            )));
        }
        pos.try_play(cell)?;
    }
    let me = pos.to_move();
    let firsts = super::dfpn::first_stones(&pos, attacker);
    // With two stones left at the root the positions after both are read too (see
    // `Progress::turns`).
    let two = if after.is_empty() && pos.stones_left() >= 2 {
        Some(super::dfpn::two_stone_turns(&pos, attacker))
    } else {
        None
    };
    let mut keys = vec![key_for(&pos, attacker)];
    keys.extend(firsts.iter().map(|&(_, key)| key));
    keys.extend(two.iter().flatten().map(|&(_, _, key)| key));
    let found = ttfile::peek(table, pos.rules(), &keys)?;
    let numbers: Vec<Option<(Pn, Pn)>> = found.iter().map(|f| f.map(|e| (e.pn, e.dn))).collect();
    Ok(Progress {
        rules: *pos.rules(),
        after: after.to_vec(),
        attacker_to_move: attacker == me,
        attacker,
        root: numbers[0],
        moves: firsts
            .iter()
            .zip(&numbers[1..])
            .map(|(&(c, _), &n)| (c, n))
            .collect(),
        turns: two.map(|_| Tally::of(numbers[1 + firsts.len()..].iter())),
    })
}

/// The position the checkpoint was written for.
fn root_position(ck: &Checkpoint) -> Result<Position> {
    let [m, n, k, p, q] = ck.rules;
    let rules = Rules::new(m, n, k, p, q)?;
    let stones = |colour: u8| -> Vec<Cell> {
        (0..ck.board.len())
            .filter(|&c| ck.board[c] == colour)
            .map(|c| c as Cell)
            .collect()
    };
    let to_move = match ck.to_move {
        0 => Color::Black,
        1 => Color::White,
        c => {
            return Err(Error::Checkpoint(format!(
                "side to move {c} is not a colour"
            )));
        }
    };
    // The stones left are set after the stones: a root inside Black's first turn may have
    // more than p left (q > p), which a diagram's turn could not state.
    let mut pos = Position::from_stones(rules, &stones(0), &stones(1), Some((to_move, 1)))?;
    if ck.stones_left == 0 || ck.stones_left > rules.p.max(rules.q) {
        return Err(Error::Checkpoint(format!(
            "{} stones left in the turn: impossible under {rules}",
            ck.stones_left
        )));
    }
    pos.set_turn(to_move, ck.stones_left);
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::checkpoint;
    use crate::search::tt::Entry;
    use crate::search::{Goal, SolveOptions, open_table, solve_then};

    /// Stops a fresh solve of the empty board of `rules` after `nodes` nodes over a table
    /// file, and returns its checkpoint, what `read` makes of the file, and the numbers the
    /// table held in memory for the root and after each point (read just before the table
    /// was written back), with `attacker` asking.
    fn stop(
        rules: &str,
        nodes: u64,
        attacker: Color,
    ) -> (Checkpoint, Progress, Vec<Option<(Pn, Pn)>>) {
        stop_after(rules, nodes, attacker, &[])
    }

    /// [`stop`], with what `read` makes of the position after `after` (and the numbers the
    /// table held for it and after each point there).
    fn stop_after(
        rules: &str,
        nodes: u64,
        attacker: Color,
        after: &[Cell],
    ) -> (Checkpoint, Progress, Vec<Option<(Pn, Pn)>>) {
        let rules = Rules::parse(rules).unwrap();
        // Tests run in parallel and may stop the same solve: each gets a file of its own.
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "c6solve-progress-{}-{n}-{rules}-{nodes}.tt",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&path);
        let opts = SolveOptions {
            goal: Goal::Value,
            tt_mib: 16,
            tt_file: Some(path.clone()),
            threads: 1,
            max_nodes: Some(nodes),
            ..SolveOptions::default()
        };
        let pos = Position::new(rules);
        let table = open_table(&opts, &rules).unwrap();
        let numbers = |e: Option<Entry>| e.map(|e| (e.pn, e.dn));
        let path_to = after.to_vec();
        let (_, in_memory) = solve_then(&pos, &opts, table, move |pos, _, table| {
            let mut pos = pos.clone();
            for &c in &path_to {
                pos.play(c);
            }
            let pos = &pos;
            let mut child = pos.clone();
            let mut found = vec![numbers(table.probe(key_for(pos, attacker)))];
            // One entry per point, in point order (None where a stone stands).
            for cell in 0..pos.rules().cells() as Cell {
                if !pos.is_empty(cell) {
                    found.push(None);
                    continue;
                }
                child.play(cell);
                found.push(numbers(table.probe(key_for(&child, attacker))));
                child.undo();
            }
            found
        })
        .unwrap();
        let ck = checkpoint::read(&checkpoint::path_for(&path))
            .unwrap()
            .expect("a node-limited solve leaves a checkpoint");
        let progress = read(&ck, &path, after).unwrap();
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(checkpoint::path_for(&path));
        (ck, progress, in_memory)
    }

    /// The file's numbers are the memory's, for the root and every first stone listed.
    fn assert_read_back(progress: &Progress, in_memory: &[Option<(Pn, Pn)>]) {
        let (pn, dn) = progress.root.expect("the root is stored");
        assert!(pn > 0 && dn > 0, "unsolved: {pn} {dn}");
        assert_eq!(progress.root, in_memory[0]);
        for &(cell, n) in &progress.moves {
            assert_eq!(n, in_memory[1 + cell as usize], "first stone {cell}");
        }
        assert!(progress.moves.iter().filter(|(_, n)| n.is_some()).count() > 1);
    }

    #[test]
    fn a_stopped_first_run_shows_the_numbers_its_table_held() {
        let (ck, progress, in_memory) = stop("8,4,4,1,1", 20_000, Color::Black);
        assert_eq!(ck.phase, 1);
        assert_eq!(progress.attacker, Color::Black);
        assert!(progress.attacker_to_move);
        assert_read_back(&progress, &in_memory);
        // 32 points, 8 of them distinct under the 4 symmetries of an 8x4 board.
        assert_eq!(progress.moves.len(), 8);
        let t = progress.tally();
        assert_eq!(t.won + t.refuted + t.open + t.absent, 8);
        assert_eq!(t.won, 0, "8,4,4,1,1 is a draw");
        let text = progress.describe();
        assert!(text[1].1.contains("one won proves the run"), "{text:?}");
    }

    /// `--after` reads a position below the root: its own numbers are those the root's
    /// listing gave its first stone, and those after each reply are the memory's.
    #[test]
    fn after_a_first_stone_shows_its_replies() {
        let (_, root, _) = stop("8,4,4,1,1", 20_000, Color::Black);
        let &(c, numbers) = root
            .moves
            .iter()
            .find(|(_, n)| n.is_some_and(|(pn, dn)| pn > 0 && dn > 0))
            .expect("an open first stone");
        let (_, progress, in_memory) = stop_after("8,4,4,1,1", 20_000, Color::Black, &[c]);
        assert_eq!(progress.after, vec![c]);
        assert_eq!(progress.root, numbers);
        assert!(!progress.attacker_to_move, "White replies");
        assert_eq!(progress.attacker, Color::Black);
        assert_read_back(&progress, &in_memory);
        let text = progress.describe();
        assert_eq!(text[0].0, "after");
        assert!(text[2].1.contains("one refuted ends it"), "{text:?}");
    }

    /// With q = 2 the positions after Black's first turn are counted too, one per class of
    /// stone pairs under the board's symmetries (counted here by hand), and what the table
    /// holds for them is read back.
    #[test]
    fn a_first_turn_of_two_stones_counts_its_pairs() {
        let (_, progress, _) = stop("6,5,5,2,2", 30_000, Color::Black);
        let t = progress.turns.expect("two stones at the root");
        // Unordered pairs of the 30 points, up to the 4 symmetries of a 6x5 board.
        let (w, h) = (6usize, 5usize);
        // The symmetries: flip the columns, the rows, both or neither.
        let flips = [(false, false), (true, false), (false, true), (true, true)];
        let image = |c: usize, (fx, fy): (bool, bool)| {
            let (x, y) = (c % w, c / w);
            let x = if fx { w - 1 - x } else { x };
            let y = if fy { h - 1 - y } else { y };
            y * w + x
        };
        let mut classes = std::collections::HashSet::new();
        for a in 0..w * h {
            for b in a + 1..w * h {
                let pairs = flips.iter().map(|&f| {
                    let (i, j) = (image(a, f), image(b, f));
                    (i.min(j), i.max(j))
                });
                classes.insert(pairs.min().unwrap());
            }
        }
        assert_eq!(t.total(), classes.len());
        assert!(t.refuted > 0 && t.absent < t.total(), "{t}");
        assert!(progress.describe().iter().any(|(l, _)| *l == "two"));
        // One stone left: no pairs.
        let (_, p1, _) = stop("8,4,4,1,1", 2_000, Color::Black);
        assert_eq!(p1.turns, None);
    }

    /// In run 2 of an exact value the other side asks, and the side to move defends.
    #[test]
    fn a_stopped_second_run_reads_the_other_sides_numbers() {
        // 6,5,5,2,1 is a draw with q < p, so White's run follows Black's: stop inside it.
        // Run 1 takes most of its 20,000-odd nodes: step finely enough to land in run 2.
        let stopped = (1..=40)
            .map(|i| stop("6,5,5,2,1", 1_000 * i, Color::White))
            .find(|(ck, _, _)| ck.phase == 2);
        let (_, progress, in_memory) = stopped.expect("a stop inside run 2");
        assert_eq!(progress.attacker, Color::White);
        assert!(!progress.attacker_to_move);
        assert_read_back(&progress, &in_memory);
        // 30 points, 9 of them distinct under the 4 symmetries of a 6x5 board.
        assert_eq!(progress.moves.len(), 9);
        let text = progress.describe();
        assert!(text[0].1.contains("does White win?"), "{text:?}");
        assert!(text[1].1.contains("one refuted ends it"), "{text:?}");
    }
}
