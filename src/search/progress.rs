//! How far a long solve has got, read from its table file: the proof and disproof numbers of
//! the root and of each first stone, as the last checkpoint wrote them back.
//!
//! A checkpoint says how much work a solve has done, not how much is left. The first stones
//! say more: in a run that asks "does the attacker win?", the root is the attacker's OR node,
//! so one first stone proven won ends the run, and a no-win needs every first stone refuted
//! (disproof number 0). The root's disproof number is a weak sum (the largest of its first
//! stones' plus one for each other open stone), so it falls as they are refuted. Nothing here
//! is trusted as a result: the solve itself proves, these are figures.

use super::checkpoint::Checkpoint;
use super::dfpn::key_for;
use super::tt::{INF, Pn};
use super::ttfile;
use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::notation::format_point;
use crate::rules::{Color, Rules};
use std::path::Path;

/// The numbers a table file holds for the root of a stopped (or running) solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progress {
    /// The rules of the solve (for point names).
    pub rules: Rules,
    /// The side the current run asks about ("does it win?").
    pub attacker: Color,
    /// The root's proof and disproof numbers, `None` when the file does not hold the root.
    pub root: Option<(Pn, Pn)>,
    /// One entry per first stone of the side to move, up to symmetry (the first point of
    /// each class, in board order).
    pub moves: Vec<(Cell, Option<(Pn, Pn)>)>,
}

impl Progress {
    /// First stones proven won for the attacker, refuted, and still open (or not stored).
    pub fn tally(&self) -> (usize, usize, usize) {
        let count = |f: fn(&(Pn, Pn)) -> bool| {
            self.moves
                .iter()
                .filter(|(_, n)| n.as_ref().is_some_and(f))
                .count()
        };
        let won = count(|&(pn, _)| pn == 0);
        let refuted = count(|&(_, dn)| dn == 0);
        (won, refuted, self.moves.len() - won - refuted)
    }

    /// Labelled lines for `c6solve status`: the root, the tally of first stones, the open ones.
    pub fn describe(&self) -> Vec<(&'static str, String)> {
        let (won, refuted, open) = self.tally();
        let who = colour_name(self.attacker);
        let mut lines = vec![
            (
                "root",
                format!(
                    "{} (does {who} win?; the table file as the last checkpoint wrote it)",
                    show(self.root)
                ),
            ),
            (
                "first",
                format!(
                    "{} stones up to symmetry: {won} won, {refuted} refuted, {open} open \
                     (one won proves the run; a no-win needs all refuted)",
                    self.moves.len()
                ),
            ),
        ];
        let open: Vec<String> = self
            .moves
            .iter()
            .filter(|(_, n)| !n.is_some_and(|(pn, dn)| pn == 0 || dn == 0))
            .map(|&(c, n)| format!("{} {}", format_point(&self.rules, c), show(n)))
            .collect();
        if !open.is_empty() {
            lines.push(("open", open.join("; ")));
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
            colour_name(self.attacker).to_lowercase().into(),
        );
        m.insert("root".into(), numbers(self.root));
        m.insert("first_stones".into(), stones.into());
        m
    }
}

fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Numbers as `pn 12, dn 3,456` (`inf` for infinite), or that the table lacks the node.
fn show(n: Option<(Pn, Pn)>) -> String {
    let num = |x: Pn| {
        if x == INF {
            "inf".to_string()
        } else {
            crate::bench::group_digits(x as u64)
        }
    };
    match n {
        None => "not in the table".to_string(),
        Some((pn, dn)) => format!("pn {}, dn {}", num(pn), num(dn)),
    }
}

/// Reads the root's and the first stones' numbers for the checkpointed solve `ck` from the
/// table file at `table`.
pub fn read(ck: &Checkpoint, table: &Path) -> Result<Progress> {
    let pos = root_position(ck)?;
    let me = pos.to_move();
    // Run 2 of an exact value asks whether the other side wins.
    let attacker = if ck.goal == 0 && ck.phase == 2 {
        me.opponent()
    } else {
        me
    };
    let mut keys = vec![key_for(&pos, attacker)];
    let mut moves: Vec<Cell> = Vec::new();
    let mut child = pos.clone();
    for cell in empty_points(&pos) {
        child.play(cell);
        let key = key_for(&child, attacker);
        child.undo();
        // Symmetric stones share a key: keep the first of each class.
        if !keys[1..].contains(&key) {
            keys.push(key);
            moves.push(cell);
        }
    }
    let found = ttfile::peek(table, pos.rules(), &keys)?;
    let numbers = |i: usize| found[i].map(|e| (e.pn, e.dn));
    Ok(Progress {
        rules: *pos.rules(),
        attacker,
        root: numbers(0),
        moves: moves
            .into_iter()
            .enumerate()
            .map(|(i, c)| (c, numbers(i + 1)))
            .collect(),
    })
}

/// The points a stone can go on.
fn empty_points(pos: &Position) -> Vec<Cell> {
    (0..pos.rules().cells() as Cell)
        .filter(|&c| pos.is_empty(c))
        .collect()
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
    Position::from_stones(
        rules,
        &stones(0),
        &stones(1),
        Some((to_move, ck.stones_left)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::checkpoint;
    use crate::search::{Goal, SolveOptions, open_table, solve_then};

    /// The numbers read back from the file of a node-limited solve are the ones its table
    /// held in memory when it stopped (read there just before the table was written back).
    #[test]
    fn a_stopped_solve_shows_the_numbers_its_table_held() {
        let rules = Rules::parse("8,4,4,1,1").unwrap();
        let path = std::env::temp_dir().join(format!("c6solve-progress-{}.tt", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let opts = SolveOptions {
            goal: Goal::Value,
            tt_mib: 16,
            tt_file: Some(path.clone()),
            threads: 1,
            max_nodes: Some(20_000),
            ..SolveOptions::default()
        };
        let pos = Position::new(rules);
        let table = open_table(&opts, &rules).unwrap();
        let (_, in_memory) = solve_then(&pos, &opts, table, |pos, _, table| {
            let mut child = pos.clone();
            let mut numbers = vec![table.probe(key_for(pos, Color::Black))];
            for cell in empty_points(pos) {
                child.play(cell);
                numbers.push(table.probe(key_for(&child, Color::Black)));
                child.undo();
            }
            numbers
        })
        .unwrap();
        let ck = checkpoint::read(&checkpoint::path_for(&path))
            .unwrap()
            .expect("a node-limited solve leaves a checkpoint");
        let progress = read(&ck, &path).unwrap();
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(checkpoint::path_for(&path));

        assert_eq!(progress.attacker, Color::Black);
        let numbers = |e: Option<crate::search::tt::Entry>| e.map(|e| (e.pn, e.dn));
        let (pn, dn) = progress.root.expect("the root is stored");
        assert!(pn > 0 && dn > 0, "unsolved after 20,000 nodes: {pn} {dn}");
        assert_eq!(progress.root, numbers(in_memory[0]));
        // 32 points, 8 of them distinct under the 4 symmetries of an 8x4 board.
        assert_eq!(progress.moves.len(), 8);
        for &(cell, n) in &progress.moves {
            assert_eq!(
                n,
                numbers(in_memory[1 + cell as usize]),
                "first stone {cell}"
            );
        }
        assert!(progress.moves.iter().filter(|(_, n)| n.is_some()).count() > 1);
        let (won, refuted, open) = progress.tally();
        assert_eq!(won + refuted + open, 8);
        assert_eq!(won, 0, "8,4,4,1,1 is a draw");
    }
}
