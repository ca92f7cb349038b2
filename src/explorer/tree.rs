//! A proof's DAG unfolded into the tree of stones the explorer page walks: one node a stone,
//! each with who plays next and how, so the page needs no game logic. Points are mapped onto
//! the position each node is reached with ([`Frames`]: a node shared by two paths may be a
//! mirror image of the position it was first reached with).
//!
//! Like the SGF writer, the unfolding has a size limit: reply lists met before it are written
//! in full, past it each line follows its first reply only (and the node says how many it
//! left out), so every line shown still runs to the proof's end.

use crate::board::{Cell, Position};
use crate::proof::{Frames, Node, Part};
use crate::rules::Color;
use crate::threats;
use serde::Serialize;

/// What happens at a node of the unfolded tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Turn {
    /// The prover plays: exactly one child.
    #[serde(rename = "p")]
    Prover,
    /// The other side plays: each child is a listed reply (or the passed turn of a zone claim).
    #[serde(rename = "r")]
    Replies,
    /// The proof ends here; the note says why.
    #[serde(rename = "e")]
    End,
}

/// One node of the unfolded tree: the stone played to reach it, then what follows.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    /// The point played to reach this node; `None` at the root and for a passed turn.
    #[serde(rename = "m")]
    pub point: Option<Cell>,
    /// Whether this node is reached by the other side giving up its turn (a zone claim's
    /// null move), not by a stone.
    #[serde(rename = "pass", skip_serializing_if = "std::ops::Not::not")]
    pub pass: bool,
    /// Who played the stone (or passed): 0 Black, 1 White.
    #[serde(rename = "c")]
    pub color: u8,
    /// Who plays next, and how.
    #[serde(rename = "t")]
    pub turn: Turn,
    /// The children's indices in the tree.
    #[serde(rename = "k")]
    pub children: Vec<u32>,
    /// Why the proof ends here, or what the node claims.
    #[serde(rename = "n", skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// A zone claim's relevance zone: replies outside it are covered by the passed turn's proof.
    #[serde(rename = "z", skip_serializing_if = "Vec::is_empty")]
    pub zone: Vec<Cell>,
    /// Listed replies left out by the size limit.
    #[serde(rename = "x", skip_serializing_if = "is_zero")]
    pub left_out: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The tree of `part` from `root`, at most about `max_nodes` nodes (see the module doc).
pub fn unfold(part: &Part, root: &Position, max_nodes: usize) -> Vec<Step> {
    let mut u = Unfolder {
        part,
        frames: Frames::new(&part.nodes, root),
        budget: max_nodes,
        steps: vec![Step::new(None, root.to_move().opponent())],
    };
    u.node(0, &mut root.clone(), 0);
    u.steps
}

impl Step {
    pub(super) fn new(point: Option<Cell>, by: Color) -> Step {
        Step {
            point,
            pass: false,
            color: by.index() as u8,
            turn: Turn::End,
            children: Vec::new(),
            note: String::new(),
            zone: Vec::new(),
            left_out: 0,
        }
    }
}

struct Unfolder<'a> {
    part: &'a Part,
    frames: Frames,
    budget: usize,
    steps: Vec<Step>,
}

impl Unfolder<'_> {
    /// Adds a child of `at` and returns its index.
    fn child(&mut self, at: usize, step: Step) -> usize {
        let i = self.steps.len();
        self.steps.push(step);
        self.steps[at].children.push(i as u32);
        self.budget = self.budget.saturating_sub(1);
        i
    }

    /// Plays `c` (a point of node `id`) at tree node `at` and unfolds node `next` below it;
    /// a stone off the board or on another (a damaged proof) ends the line with a note.
    fn stone(&mut self, at: usize, id: u32, pos: &mut Position, c: Cell, next: Option<u32>) {
        let c = self.frames.point(id, pos, c);
        if c as usize >= pos.rules().cells() || !pos.is_empty(c) {
            self.steps[at].turn = Turn::End;
            self.steps[at].note = "the proof plays an occupied point here: damaged".into();
            return;
        }
        let i = self.child(at, Step::new(Some(c), pos.to_move()));
        pos.play(c);
        match next {
            Some(child) => self.node(child, pos, i),
            None => self.end(pos, i),
        }
        pos.undo();
    }

    /// Marks tree node `at` as the end of the game, if it is.
    fn end(&mut self, pos: &Position, at: usize) {
        let s = &mut self.steps[at];
        s.turn = Turn::End;
        if let Some(w) = pos.winner() {
            s.note = format!("{w} wins");
        } else if pos.empties() == 0 {
            s.note = "the board is full: a draw".into();
        }
    }

    /// Unfolds proof node `id` at tree node `at`, the position being `pos`.
    fn node(&mut self, id: u32, pos: &mut Position, at: usize) {
        let Some(node) = self.part.nodes.get(id as usize) else {
            return;
        };
        if pos.is_over() {
            return self.end(pos, at);
        }
        let mover = pos.to_move();
        let note = |s: &mut Step, text: String| {
            s.turn = Turn::End;
            s.note = text;
        };
        match node {
            Node::Move { cell, child } => {
                self.steps[at].turn = Turn::Prover;
                self.stone(at, id, pos, *cell, Some(*child));
            }
            Node::Replies(list) | Node::Zoned { replies: list, .. } => {
                self.steps[at].turn = Turn::Replies;
                let shown = if self.budget > 0 { list.len() } else { 1 };
                self.steps[at].left_out = list.len().saturating_sub(shown);
                for &(c, child) in &list[..shown.min(list.len())] {
                    self.stone(at, id, pos, c, Some(child));
                }
                if let Node::Zoned { zone, null, .. } = node {
                    self.steps[at].zone = zone.clone();
                    self.steps[at].note = format!(
                        "replies outside the shaded zone are covered by the proof that {} \
                         wins even if {mover} passes",
                        mover.opponent()
                    );
                    if self.budget > 0 {
                        let mut pass = Step::new(None, mover);
                        pass.pass = true;
                        let i = self.child(at, pass);
                        let (to_move, left) = (pos.to_move(), pos.stones_left());
                        pos.pass_turn();
                        self.node(*null, pos, i);
                        pos.set_turn(to_move, left);
                    }
                }
            }
            Node::WinNow => {
                let cells = threats::winning_cells(pos, mover, pos.stones_left());
                let mut at = at;
                for &c in cells.iter().flatten() {
                    self.steps[at].turn = Turn::Prover;
                    at = self.child(at, Step::new(Some(c), mover));
                    pos.play(c);
                }
                self.end(pos, at);
                if !pos.is_over() {
                    self.steps[at].note = format!("{mover} completes a line (not found: damaged)");
                }
                for _ in cells.iter().flatten() {
                    pos.undo();
                }
            }
            Node::Overwhelmed => note(
                &mut self.steps[at],
                format!("{mover} cannot stop all of {}'s threats", mover.opponent()),
            ),
            Node::Dead => note(
                &mut self.steps[at],
                "no line is left for the attacker".into(),
            ),
            Node::Paired(_) | Node::Grouped(_) => note(
                &mut self.steps[at],
                "a pairing strategy stops every line".into(),
            ),
            Node::Outweighed(_) => note(
                &mut self.steps[at],
                "a potential strategy stops every line".into(),
            ),
            Node::StrategyStealing => note(
                &mut self.steps[at],
                "strategy stealing: White cannot force a win when q = p".into(),
            ),
            Node::Over => self.end(pos, at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::proof::Claim;
    use crate::rules::Rules;

    fn part(nodes: Vec<Node>) -> Part {
        Part {
            attacker: 0,
            claim: Claim::Win,
            nodes,
        }
    }

    /// Tic-tac-toe after B2 A2 A1 C3 (Black to move): C1 makes two threats.
    fn kill_position() -> Position {
        let r = Rules::tictactoe();
        Position::from_moves(r, &parse_moves(&r, "B2 A2 A1 C3").unwrap()).unwrap()
    }

    #[test]
    fn moves_replies_and_wins_unfold_into_stones() {
        // Black C1 (cell 2); White replies B1 (1) or A3 (6); Black completes a line.
        let nodes = vec![
            Node::Move { cell: 2, child: 1 },
            Node::Replies(vec![(1, 2), (6, 2)]),
            Node::WinNow,
        ];
        let steps = unfold(&part(nodes), &kill_position(), 100);
        assert_eq!(steps[0].turn, Turn::Prover);
        let c1 = &steps[steps[0].children[0] as usize];
        assert_eq!((c1.point, c1.color, c1.turn), (Some(2), 0, Turn::Replies));
        assert_eq!(c1.children.len(), 2, "both replies, each its own branch");
        for &k in &c1.children {
            let reply = &steps[k as usize];
            assert_eq!((reply.color, reply.turn), (1, Turn::Prover));
            let win = &steps[reply.children[0] as usize];
            assert_eq!(win.color, 0);
            assert_eq!((win.turn, win.note.as_str()), (Turn::End, "Black wins"));
            // The winning stone is the other end of the line the reply left open.
            assert_eq!(win.point, Some(if reply.point == Some(1) { 6 } else { 1 }));
        }
    }

    #[test]
    fn the_size_limit_keeps_the_first_reply_and_counts_the_rest() {
        let nodes = vec![
            Node::Move { cell: 2, child: 1 },
            Node::Replies(vec![(1, 2), (6, 2)]),
            Node::WinNow,
        ];
        let steps = unfold(&part(nodes), &kill_position(), 1);
        let c1 = &steps[1];
        assert_eq!(c1.children.len(), 1);
        assert_eq!(c1.left_out, 1);
        assert_eq!(steps[c1.children[0] as usize].point, Some(1));
    }

    #[test]
    fn a_damaged_proof_ends_its_line_with_a_note() {
        // A1 is taken: the proof's move is refused, not played over the stone.
        let nodes = vec![Node::Move { cell: 0, child: 1 }, Node::WinNow];
        let steps = unfold(&part(nodes), &kill_position(), 100);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].turn, Turn::End);
        assert!(steps[0].note.contains("damaged"));
    }

    #[test]
    fn a_zone_claim_shades_its_zone_and_offers_the_passed_turn() {
        // White to move after C1; a zone claim with one reply inside and the null move.
        let nodes = vec![
            Node::Move { cell: 2, child: 1 },
            Node::Zoned {
                replies: vec![(1, 2)],
                zone: vec![1, 6],
                null: 2,
            },
            Node::WinNow,
        ];
        let steps = unfold(&part(nodes), &kill_position(), 100);
        let z = &steps[1];
        assert_eq!(z.zone, [1, 6]);
        assert_eq!(z.children.len(), 2);
        let pass = &steps[z.children[1] as usize];
        assert!(pass.pass && pass.point.is_none() && pass.color == 1);
        // After the pass Black is to move and wins at once.
        let win = &steps[pass.children[0] as usize];
        assert_eq!((win.color, win.note.as_str()), (0, "Black wins"));
    }
}
