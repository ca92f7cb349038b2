//! A strategy read from SGF (`solve --sgf-out`, or any record with variations) as the
//! explorer's tree of stones. An SGF has no claims or zones: a node with one child counts as
//! the prover's (it plays itself), a node with several as a choice of replies, and the
//! comments become the notes. Every stone is replayed: a stone out of turn, on a taken point
//! or after the game ended is an error naming the node.

use super::tree::{Step, Turn};
use crate::board::Position;
use crate::error::{Error, Result};
use crate::notation::sgf::SgfTree;
use crate::point::format_point;
use crate::rules::Color;

/// The root position of `tree` (its setup stones, `PL` or the turn the stones imply; an
/// empty board without `PL` is the start of the game) and the tree of stones below it.
pub fn unfold(rules: crate::Rules, tree: &SgfTree) -> Result<(Position, Vec<Step>)> {
    let turn = tree.to_move.map(|c| {
        let first = tree.black.is_empty() && tree.white.is_empty() && c == Color::Black;
        (c, if first { rules.q } else { rules.p })
    });
    let root = Position::from_stones(rules, &tree.black, &tree.white, turn)?;
    let mut steps = vec![Step::new(None, root.to_move().opponent())];
    let mut pos = root.clone();
    node(tree, 0, &mut pos, &mut steps, 0)?;
    Ok((root, steps))
}

/// Unfolds SGF node `n` (already reached) below tree step `at`: its stones one step each,
/// then its children. Recursion depth is the longest line, at most the board's points.
fn node(
    tree: &SgfTree,
    n: usize,
    pos: &mut Position,
    steps: &mut Vec<Step>,
    mut at: usize,
) -> Result<()> {
    let sgf = &tree.nodes[n];
    let mut played = 0;
    let mut result = Ok(());
    for &(c, color) in &sgf.stones {
        let problem = if pos.is_over() {
            Some("the game is already over".to_string())
        } else if color != pos.to_move() {
            Some(format!("{} is to move", pos.to_move()))
        } else if !pos.is_empty(c) {
            Some("the point is taken".to_string())
        } else {
            None
        };
        if let Some(why) = problem {
            result = Err(Error::Sgf(format!(
                "node {}: {color} {}: {why}",
                n + 1,
                format_point(pos.rules(), c)
            )));
            break;
        }
        let i = steps.len();
        steps.push(Step::new(Some(c), color));
        steps[at].children.push(i as u32);
        pos.play(c);
        played += 1;
        at = i;
    }
    if result.is_ok() {
        if !sgf.comment.is_empty() {
            // A node without stones (a comment only) adds its comment to the stone before.
            let note = &mut steps[at].note;
            if !note.is_empty() {
                note.push(' ');
            }
            note.push_str(&sgf.comment);
        }
        for &child in &sgf.children {
            result = node(tree, child, pos, steps, at);
            if result.is_err() {
                break;
            }
        }
        // What follows is decided by the stones that do follow (a child without stones
        // hangs its own children here).
        steps[at].turn = match steps[at].children.len() {
            0 => Turn::End,
            1 => Turn::Prover,
            _ => Turn::Replies,
        };
    }
    for _ in 0..played {
        pos.undo();
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sgf::parse_sgf_tree;
    use crate::rules::Rules;

    #[test]
    fn variations_become_choices_and_single_moves_play_themselves() {
        let r = Rules::tictactoe();
        // B2 and A2 as setup, Black to move: Black A1, then White C3 or B1.
        let text = "(;FF[4]SZ[3]AB[bb]AW[ab]PL[B];B[ac]\n(;W[ca];B[cc]C[the end])\n(;W[bc]))";
        let tree = parse_sgf_tree(&r, text).unwrap();
        let (root, steps) = unfold(r, &tree).unwrap();
        assert_eq!(root.to_move(), Color::Black);
        assert_eq!(steps[0].turn, Turn::Prover);
        let a1 = &steps[steps[0].children[0] as usize];
        assert_eq!(format_point(&r, a1.point.unwrap()), "A1");
        assert_eq!((a1.turn, a1.children.len()), (Turn::Replies, 2));
        let c3 = &steps[a1.children[0] as usize];
        assert_eq!(format_point(&r, c3.point.unwrap()), "C3");
        let end = &steps[c3.children[0] as usize];
        assert_eq!((end.turn, end.note.as_str()), (Turn::End, "the end"));
    }

    #[test]
    fn a_node_with_only_a_comment_passes_its_variations_on() {
        let r = Rules::tictactoe();
        let tree = parse_sgf_tree(&r, "(;SZ[3];B[bb];C[note](;W[aa])(;W[cc]))").unwrap();
        let (_, steps) = unfold(r, &tree).unwrap();
        let b2 = &steps[steps[0].children[0] as usize];
        assert_eq!((b2.turn, b2.children.len()), (Turn::Replies, 2));
        assert_eq!(b2.note, "note");
    }

    #[test]
    fn stones_out_of_turn_or_on_taken_points_are_errors() {
        let r = Rules::tictactoe();
        for (text, want) in [
            ("(;SZ[3];B[aa];B[bb])", "White is to move"),
            ("(;SZ[3];B[aa](;W[bb])(;W[aa]))", "taken"),
            ("(;SZ[3];B[aa];W[ba];B[ab];W[bb];B[ac];W[cc])", "over"),
        ] {
            let tree = parse_sgf_tree(&r, text).unwrap();
            let err = unfold(r, &tree).unwrap_err().to_string();
            assert!(err.contains(want), "{text}: {err}");
        }
        for (text, want) in [
            ("(;SZ[3];B[aa];AB[bb])", "root"),
            ("(;SZ[3];B[aa];AW[bb])", "root"),
            ("(;SZ[3](;B[aa])(;B[bb]);W[cc])", "follows a variation"),
            ("(;SZ[3];B[aa]", "unbalanced"),
            ("(;SZ[3]AE[aa])", "AE"),
        ] {
            let err = parse_sgf_tree(&r, text).unwrap_err().to_string();
            assert!(err.contains(want), "{text}: {err}");
        }
    }
}
