//! Joining certificates: one proof part made of the proofs of positions below its root, with
//! the moves between them (a board solved part by part, `table --by-parts`, gets one
//! certificate this way).
//!
//! Nothing here is trusted either: the joined part is checked like any other, and the checker
//! re-derives every position from the root, so a leaf proof spliced in at the wrong position
//! fails there.
//!
//! The design: docs/design.md §11.6.

use crate::board::Cell;
use c6check::format::{Claim, Node, ReadError};
use c6check::packed::{PackedPart, encode_node};

/// The shape of a joined proof below one position.
#[derive(Debug, Clone)]
pub enum Tree {
    /// A proof of this position, spliced in whole (its root becomes this node).
    Leaf(PackedPart),
    /// The prover, to move, plays this stone.
    Move(Cell, Box<Tree>),
    /// The prover's opponent is to move: these stones, each with the proof after it (the
    /// checker accepts the stones left out only as mirror images of listed ones, or for the
    /// other reasons it derives itself).
    Replies(Vec<(Cell, Tree)>),
    /// A node that needs no proof below it (such as [`Node::StrategyStealing`]).
    Theorem(Node),
}

impl Tree {
    /// Nodes the tree takes in the joined part.
    fn size(&self) -> usize {
        match self {
            Tree::Leaf(p) => p.len(),
            Tree::Theorem(_) => 1,
            Tree::Move(_, t) => 1 + t.size(),
            Tree::Replies(v) => 1 + v.iter().map(|(_, t)| t.size()).sum::<usize>(),
        }
    }
}

/// The part proving `claim` for `attacker` at the root of `tree`. Fails only when a leaf
/// cannot be decoded or is about another claim.
pub fn join(attacker: u8, claim: Claim, tree: &Tree) -> Result<PackedPart, ReadError> {
    let mut bytes = Vec::new();
    let mut starts = Vec::with_capacity(tree.size());
    emit(tree, attacker, claim, &mut bytes, &mut starts)?;
    Ok(PackedPart::new(attacker, claim, bytes, starts))
}

/// Writes `tree`'s nodes from id `starts.len()` on, in id order (a node, then its subtrees
/// one after the other).
fn emit(
    tree: &Tree,
    attacker: u8,
    claim: Claim,
    bytes: &mut Vec<u8>,
    starts: &mut Vec<u64>,
) -> Result<(), ReadError> {
    let base = starts.len() as u32;
    match tree {
        Tree::Leaf(part) => {
            if part.attacker != attacker || part.claim != claim {
                return Err(ReadError(
                    "a joined proof is about another claim than the root's".into(),
                ));
            }
            for id in 0..part.len() as u32 {
                let node = part.node(id).expect("id below len")?;
                starts.push(bytes.len() as u64);
                encode_node(&shifted(node, base), bytes);
            }
        }
        Tree::Theorem(node) => {
            starts.push(bytes.len() as u64);
            encode_node(node, bytes);
        }
        Tree::Move(cell, child) => {
            starts.push(bytes.len() as u64);
            encode_node(
                &Node::Move {
                    cell: *cell,
                    child: base + 1,
                },
                bytes,
            );
            emit(child, attacker, claim, bytes, starts)?;
        }
        Tree::Replies(children) => {
            let mut next = base + 1;
            let mut edges = Vec::with_capacity(children.len());
            for (cell, t) in children {
                edges.push((*cell, next));
                next += t.size() as u32;
            }
            starts.push(bytes.len() as u64);
            encode_node(&Node::Replies(edges), bytes);
            for (_, t) in children {
                emit(t, attacker, claim, bytes, starts)?;
            }
        }
    }
    Ok(())
}

/// `node` with its children's ids moved up by `by`.
fn shifted(node: Node, by: u32) -> Node {
    match node {
        Node::Move { cell, child } => Node::Move {
            cell,
            child: child + by,
        },
        Node::Replies(v) => Node::Replies(v.into_iter().map(|(c, id)| (c, id + by)).collect()),
        Node::Zoned {
            replies,
            zone,
            null,
        } => Node::Zoned {
            replies: replies.into_iter().map(|(c, id)| (c, id + by)).collect(),
            zone,
            null: null + by,
        },
        other => other,
    }
}

/// `part` with every stone and point moved by the cell map `map` (a board symmetry): the
/// proof of the mirror image of its root position.
pub fn mapped(part: &PackedPart, map: &[Cell]) -> Result<PackedPart, ReadError> {
    let m = |c: u16| map.get(c as usize).copied().unwrap_or(c);
    let mut bytes = Vec::new();
    let mut starts = Vec::with_capacity(part.len());
    for id in 0..part.len() as u32 {
        let node = match part.node(id).expect("id below len")? {
            Node::Move { cell, child } => Node::Move {
                cell: m(cell),
                child,
            },
            Node::Replies(v) => Node::Replies(v.into_iter().map(|(c, id)| (m(c), id)).collect()),
            Node::Paired(v) => Node::Paired(v.into_iter().map(|(a, b)| (m(a), m(b))).collect()),
            Node::Grouped(v) => Node::Grouped(
                v.into_iter()
                    .map(|g| g.into_iter().map(m).collect())
                    .collect(),
            ),
            Node::Outweighed(v) => Node::Outweighed(v.into_iter().map(m).collect()),
            Node::Zoned {
                replies,
                zone,
                null,
            } => Node::Zoned {
                replies: replies.into_iter().map(|(c, id)| (m(c), id)).collect(),
                zone: zone.into_iter().map(m).collect(),
                null,
            },
            other => other,
        };
        starts.push(bytes.len() as u64);
        encode_node(&node, &mut bytes);
    }
    Ok(PackedPart::new(part.attacker, part.claim, bytes, starts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof::cert::header;
    use crate::proof::cert::tests::{certified, position};
    use crate::proof::{Packed, check};

    /// Tic-tac-toe after Black's first stone on `point`: the part proving that Black cannot
    /// force a win from there.
    fn black_cannot_win_after(point: &str) -> PackedPart {
        let cert = certified("3,3,3,1,1", point);
        cert.parts
            .into_iter()
            .find(|p| p.attacker == 0 && p.claim == Claim::NoWin)
            .expect("a draw has a part for each colour")
    }

    /// A certificate for tic-tac-toe after `moves` holding one part.
    fn with_part(moves: &str, part: PackedPart) -> Packed {
        Packed {
            head: header(&position("3,3,3,1,1", moves)),
            parts: vec![part],
        }
    }

    /// The replies to Black's first stone: a corner, an edge and the centre stand for all
    /// nine points (the checker covers the others as mirror images).
    fn first_replies() -> Vec<(Cell, Tree)> {
        [("A1", 0), ("B1", 1), ("B2", 4)]
            .into_iter()
            .map(|(name, c)| (c, Tree::Leaf(black_cannot_win_after(name))))
            .collect()
    }

    #[test]
    fn joined_replies_are_checked() {
        let part = join(0, Claim::NoWin, &Tree::Replies(first_replies())).unwrap();
        let summary = check::check_packed(&with_part("", part)).unwrap();
        assert_eq!(summary.value, Some("no-win"));
        assert_eq!(summary.claims, ["Black (to move) cannot force a win"]);
    }

    #[test]
    fn a_join_with_a_part_missing_fails() {
        let mut replies = first_replies();
        replies.retain(|&(c, _)| c != 4);
        let part = join(0, Claim::NoWin, &Tree::Replies(replies)).unwrap();
        let e = check::check_packed(&with_part("", part)).unwrap_err();
        assert!(e.contains("reply B2 is missing"), "{e}");
    }

    #[test]
    fn a_part_spliced_in_at_the_wrong_position_fails() {
        let mut replies = first_replies();
        // The centre's proof put under the corner.
        replies[0].1 = replies[2].1.clone();
        let part = join(0, Claim::NoWin, &Tree::Replies(replies)).unwrap();
        let e = check::check_packed(&with_part("", part)).unwrap_err();
        assert!(e.starts_with("part 1: node "), "{e}");
    }

    #[test]
    fn a_part_about_another_claim_is_refused() {
        let e = join(1, Claim::NoWin, &Tree::Replies(first_replies())).unwrap_err();
        assert_eq!(e.0, "a joined proof is about another claim than the root's");
        let e = join(0, Claim::Win, &Tree::Replies(first_replies())).unwrap_err();
        assert_eq!(e.0, "a joined proof is about another claim than the root's");
    }

    #[test]
    fn a_joined_move_and_theorem() {
        // Black's winning first stone, then the proof from there.
        let root = certified("4,3,3,1,1", "");
        let Node::Move { cell, .. } = root.parts[0].node(0).unwrap().unwrap() else {
            panic!("Black to move gives one move");
        };
        let rules = crate::rules::Rules::parse("4,3,3,1,1").unwrap();
        let point = crate::notation::format_point(&rules, cell);
        let after = certified("4,3,3,1,1", &point);
        let tree = Tree::Move(cell, Box::new(Tree::Leaf(after.parts[0].clone())));
        let part = join(0, Claim::Win, &tree).unwrap();
        assert_eq!(part.len(), 1 + after.parts[0].len());
        let cert = Packed {
            head: header(&position("4,3,3,1,1", "")),
            parts: vec![part],
        };
        assert_eq!(check::check_packed(&cert).unwrap().value, Some("win"));
        // A theorem joins as one node, and holds only where it applies.
        let stealing = join(1, Claim::NoWin, &Tree::Theorem(Node::StrategyStealing)).unwrap();
        let summary = check::check_packed(&with_part("", stealing.clone())).unwrap();
        assert_eq!(summary.value, Some("no-loss"));
        assert!(check::check_packed(&with_part("A1", stealing)).is_err());
    }

    #[test]
    fn a_mapped_part_proves_the_mirror_image() {
        let corner = black_cannot_win_after("A1");
        let pos = position("3,3,3,1,1", "");
        let geo = pos.geometry();
        let g = (0..geo.symmetries().len())
            .find(|&g| geo.symmetries()[g][0] == 8)
            .expect("a symmetry takes A1 to C3");
        // Unmapped, the corner's proof does not hold at the opposite corner.
        assert!(check::check_packed(&with_part("C3", corner.clone())).is_err());
        let mirrored = mapped(&corner, &geo.symmetries()[g]).unwrap();
        assert_eq!(mirrored.len(), corner.len());
        let summary = check::check_packed(&with_part("C3", mirrored)).unwrap();
        assert_eq!(summary.value, Some("no-loss"));
    }
}
