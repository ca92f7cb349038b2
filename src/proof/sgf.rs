//! A proof's strategy as SGF with one stone a node, for viewing in GoGui: the position's
//! moves (or its stones as setup), then the prover's moves with every listed reply of the
//! other side as a variation. The DAG of the certificate is written out as a tree up to a
//! node budget; past it only the first reply is followed and a comment says so.

use super::format::{Certificate, Node, Part};
use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::notation::sgf::{sgf_point, write_gogui_sgf};
use crate::rules::Color;
use crate::threats;
use std::fmt::Write as _;

/// Writes the first part of `cert` as SGF, starting from `pos` (the certificate's root).
/// Reply lists met before `max_nodes` stones of the strategy are written are written in
/// full; past that each line follows its first reply only (so the count can pass
/// `max_nodes` by the length of the lines open at that point).
pub fn strategy_sgf(pos: &Position, cert: &Certificate, max_nodes: usize) -> Result<String> {
    let rules = *pos.rules();
    let history: Vec<Cell> = pos.moves().collect();
    let (b, w) = pos.stone_counts();
    // Played out from the empty board, unless it is a diagram (stones without their order)
    // or an empty one that starts with someone other than Black on a first turn.
    let from_start = history.len() == b + w
        && (!history.is_empty() || (pos.to_move() == Color::Black && pos.stones_left() == rules.q));
    let mut out = write_gogui_sgf(&rules, if from_start { &history } else { &[] })?;
    out.truncate(out.trim_end().len() - 1); // drop the closing ')'
    if !from_start {
        // A diagram: its stones as setup properties on the root node.
        let setup = |c: Color| -> String {
            (0..rules.cells() as Cell)
                .filter(|&x| pos.at(x) == Some(c))
                .filter_map(|x| sgf_point(&rules, x))
                .map(|p| format!("[{p}]"))
                .collect()
        };
        let root_end = out.find('\n').unwrap_or(out.len());
        // A property with no values is not SGF: a colour without stones is left out.
        let mut extra = String::new();
        for (tag, c) in [("AB", Color::Black), ("AW", Color::White)] {
            let points = setup(c);
            if !points.is_empty() {
                extra.push_str(tag);
                extra.push_str(&points);
            }
        }
        let mover = if pos.to_move() == Color::Black {
            "B"
        } else {
            "W"
        };
        extra.push_str(&format!("PL[{mover}]"));
        out.insert_str(root_end, &extra);
    }
    let Some(part) = cert.parts.first() else {
        return Err(Error::Io("the certificate holds no proof".into()));
    };
    let mut w = Writer {
        part,
        budget: max_nodes,
        out: String::new(),
        truncated: false,
        frames: super::Frames::new(&part.nodes, pos),
    };
    let mut p = pos.clone();
    w.node(0, &mut p);
    out.push_str(&w.out);
    out.push_str(")\n");
    Ok(out)
}

struct Writer<'a> {
    part: &'a Part,
    budget: usize,
    out: String,
    truncated: bool,
    frames: super::Frames,
}

impl Writer<'_> {
    fn stone(&mut self, pos: &mut Position, c: Cell) {
        let letter = if pos.to_move() == Color::Black {
            'B'
        } else {
            'W'
        };
        let point = sgf_point(pos.rules(), c).unwrap_or_default();
        let _ = write!(self.out, "\n;{letter}[{point}]");
        self.budget = self.budget.saturating_sub(1);
        pos.play(c);
    }

    fn comment(&mut self, text: &str) {
        let _ = write!(
            self.out,
            "C[{}]",
            text.replace('\\', "\\\\").replace(']', "\\]")
        );
    }

    fn node(&mut self, id: u32, pos: &mut Position) {
        let Some(node) = self.part.nodes.get(id as usize) else {
            return;
        };
        if pos.is_over() {
            return;
        }
        let mover = pos.to_move();
        match node {
            Node::Move { cell, child } => {
                let cell = self.frames.point(id, pos, *cell);
                self.stone(pos, cell);
                self.node(*child, pos);
                pos.undo();
            }
            Node::Replies(list) | Node::Zoned { replies: list, .. } => {
                if matches!(node, Node::Zoned { .. }) {
                    self.comment(&format!(
                        "{mover}'s other replies lie outside the relevance zone of a proof \
                         that {} wins even if {mover} passes",
                        mover.opponent()
                    ));
                }
                let all = list.len() == 1 || self.budget > 0;
                let shown = if all { list.len() } else { 1.min(list.len()) };
                if !all && !self.truncated && list.len() > 1 {
                    self.truncated = true;
                    self.comment(&format!(
                        "{} more replies not written (SGF size limit); the certificate has them",
                        list.len() - 1
                    ));
                }
                for &(c, child) in &list[..shown] {
                    let branch = shown > 1;
                    if branch {
                        self.out.push_str("\n(");
                    }
                    let c = self.frames.point(id, pos, c);
                    self.stone(pos, c);
                    self.node(child, pos);
                    pos.undo();
                    if branch {
                        self.out.push(')');
                    }
                }
            }
            Node::WinNow => {
                let cells =
                    threats::winning_cells(pos, mover, pos.stones_left()).unwrap_or_default();
                for &c in &cells {
                    self.stone(pos, c);
                }
                self.comment(&format!("{mover} wins"));
                for _ in &cells {
                    pos.undo();
                }
            }
            Node::Overwhelmed => self.comment(&format!(
                "{mover} cannot stop all of {}'s threats",
                mover.opponent()
            )),
            Node::Dead => self.comment("no line is left for the attacker"),
            Node::Paired(_) | Node::Grouped(_) => {
                self.comment("a pairing strategy stops every line")
            }
            Node::Outweighed(_) => self.comment("a potential strategy stops every line"),
            Node::StrategyStealing => {
                self.comment("strategy stealing: White cannot force a win when q = p")
            }
            Node::Over => {}
        }
    }
}
