//! The parts still to solve, in the order they are best solved: a job-level proof-number
//! search over the ledger (after Wu, Lin et al.'s job-level proof-number search for Connect6).
//!
//! The ledger describes a tree for each attacker (the mover at the root, Black on an empty
//! board; its opponent too where that takes a part, see [`Root::needs_opponent_part`]): at
//! its root the value is asked; the mover's root is split into its first turns, and below them
//! the tree goes down wherever the ledger has a split ([`super::split`]) or a part asked for
//! by hand (`--part`, reply trials) below a position. Its leaves are the positions still to
//! solve (jobs); a proven part is a solved node. Every node gets proof and disproof numbers
//! for its attacker: a solved one 0 and infinity, a leaf the numbers its parent's stopped
//! search left for it (1 and 1 when nothing is known), an inner node the usual minimum and
//! sum (where the attacker is to move, it needs one stone; where the defender is, all).
//!
//! The jobs are listed the way proof-number search picks its most-proving node: from the root
//! to the child with the smallest proof number where the attacker is to move, the smallest
//! disproof number where the defender is. A job being solved (by this process or, over a
//! PostgreSQL ledger, a live lease elsewhere) counts as refuted while the next job is
//! picked, so workers spread over the parts all needed (every first turn) rather than over
//! alternatives of which one will do (the defender's replies below a split).
//!
//! Nothing here decides a value: the order only says which proofs to look for first.

use super::compose::Index;
use super::ledger::{Ledger, position_after};
use super::replies;
use super::root::Root;
use super::schedule::Job;
use super::split::{Estimate, SplitRecord, attacker_for};
use crate::board::{Cell, Position};
use crate::notation::format_moves;
use crate::rules::Color;
use crate::search::{Goal, dfpn};
use hashbrown::{HashMap, HashSet};
use std::cmp::Reverse;

/// A node of the job tree.
enum Node {
    /// Settled by a part (or by the game's end).
    Solved(Estimate),
    /// A position to solve, with its key (what a busy part is matched by: the same position
    /// may be listed under another order of its stones than the one a worker took).
    Leaf(Job, Estimate, [u64; 2]),
    /// A position settled by the nodes below it; whether its attacker is to move.
    Inner(Vec<usize>, bool),
}

/// The job tree of one attacker, built from the ledger.
struct Tree {
    nodes: Vec<Node>,
    /// Node of each position's key (transpositions share a node).
    at: HashMap<[u64; 2], usize>,
}

/// What building a tree reads: the ledger's index, its splits and the hand parts' paths.
struct Sources<'a> {
    root: &'a Root,
    index: &'a Index<'a>,
    /// The splits by their position's key for their attacker.
    splits: HashMap<[u64; 2], &'a SplitRecord>,
    /// The numbers the splits left for the positions below them.
    estimates: HashMap<[u64; 2], Estimate>,
    /// Positions on the way to a hand part (`--part`, reply trials), the part excluded.
    hand: HashSet<[u64; 2]>,
    /// The hand parts themselves, in the order asked: leaves unless something is recorded
    /// below them, and solved before the search's own order.
    hand_parts: Vec<[u64; 2]>,
    /// The opponent's answers that refuted the mover's other first turns, most often first,
    /// each sorted ([`replies::candidates`]): below the mover's tree's first turns, a stone
    /// of one of them is tried first (answers repeat from one first turn to another).
    answers: Vec<Vec<Cell>>,
}

/// The parts to solve, best first, for `root` from `ledger`: the leaves of the mover's tree,
/// then of the opponent's where it takes a part, each picked as the most-proving job with the jobs in `busy`
/// (moves of parts being solved) and the ones picked before it counted as refuted. At most
/// `limit` are listed.
pub fn ordered_jobs(
    root: &Root,
    ledger: &Ledger,
    extra: &[Vec<Cell>],
    busy: &HashSet<String>,
    limit: usize,
) -> Vec<Job> {
    let rules = &root.rules;
    let index = Index::new(rules, ledger);
    let mut out = Vec::new();
    let mover = root.mover();
    let attackers: &[Color] = if root.needs_opponent_part() {
        &[mover, mover.opponent()]
    } else {
        &[mover]
    };
    for &attacker in attackers {
        let sources = Sources::new(root, &index, ledger, extra, attacker);
        let mut tree = Tree::build(&sources, attacker);
        let mut taken: HashSet<[u64; 2]> = busy
            .iter()
            .filter_map(|m| position_after(rules, m).ok())
            .map(|(_, pos)| dfpn::key_for(&pos, attacker))
            .collect();
        // Parts asked for by hand (`--part`, reply trials) first, as asked.
        for key in &sources.hand_parts {
            if let Some(Node::Leaf(job, _, _)) = tree.at.get(key).map(|&i| &tree.nodes[i])
                && out.len() < limit
                && taken.insert(*key)
            {
                out.push(job.clone());
            }
        }
        while out.len() < limit {
            let numbers = tree.numbers(&taken);
            let root = numbers[0];

            if root.pn == 0 || root.dn == 0 {
                break;
            }
            let Some(leaf) = tree.select(0, &numbers) else {
                break;
            };
            let Node::Leaf(job, _, key) = &tree.nodes[leaf] else {
                break;
            };
            taken.insert(*key);
            out.push(job.clone());
        }
        // The tree is dropped here: a second attacker's tree is built from scratch.
        tree.nodes.clear();
    }
    out
}

impl<'a> Sources<'a> {
    fn new(
        root: &'a Root,
        index: &'a Index<'a>,
        ledger: &'a Ledger,
        extra: &[Vec<Cell>],
        attacker: Color,
    ) -> Sources<'a> {
        let rules = &root.rules;
        let mut splits = HashMap::new();
        let mut estimates = HashMap::new();
        for split in &ledger.splits {
            let Ok((_, pos)) = position_after(rules, &split.moves) else {
                continue;
            };
            if attacker_for(&pos, &split.goal) != attacker {
                continue;
            }
            splits.insert(dfpn::key_for(&pos, attacker), split);
            for (key, e) in split.estimates(rules) {
                estimates.entry(key).or_insert(e);
            }
        }
        let mut hand = HashSet::new();
        let mut hand_parts = Vec::new();
        // Hand parts are the mover's: the opponent's root claim is solved whole (a split of
        // it would put its parts at the mover's first turns' moves, see `solve_job`).
        let extra = if attacker == root.mover() { extra } else { &[] };
        for cells in extra {
            let mut pos = Position::new(*rules);
            if cells.iter().all(|&c| pos.try_play(c).is_ok()) {
                hand_parts.push(dfpn::key_for(&pos, attacker));
                for _ in 1..cells.len() {
                    pos.undo();
                    hand.insert(dfpn::key_for(&pos, attacker));
                }
            }
        }
        let answers = if attacker == root.mover() {
            with_images(root, replies::candidates(root, ledger))
        } else {
            Vec::new()
        };
        Sources {
            root,
            index,
            splits,
            estimates,
            hand,
            hand_parts,
            answers,
        }
    }

    /// For a position in the opponent's turn after one of the mover's first turns (reached by
    /// `path`), the rank among the recorded answers of the first one holding the opponent's
    /// stones so far.
    fn answer_rank(&self, path: &[Cell]) -> Option<usize> {
        let (first, p) = (self.root.first_turn_len(), self.root.rules.p as usize);
        if path.len() <= first || path.len() > first + p {
            return None;
        }
        let answer = &path[first..];
        self.answers
            .iter()
            .position(|a| answer.iter().all(|c| a.contains(c)))
    }

    /// True when the ledger (or a hand part) has something below `key`.
    fn below(&self, key: &[u64; 2]) -> bool {
        self.index.prefixes.contains(key)
            || self.hand.contains(key)
            || self.splits.contains_key(key)
    }
}

/// `answers` followed by their images under the board's symmetries not already listed, in
/// the same order: an answer recorded in one first turn's frame is tried in every frame (the
/// centre's answer to a corner stone is the centre, and to a centre stone another centre
/// point). Only an order: an image that does not fit a position is passed over there.
fn with_images(root: &Root, answers: Vec<Vec<Cell>>) -> Vec<Vec<Cell>> {
    let empty = Position::new(root.rules);
    let maps = empty.geometry().symmetries();
    let mut out = answers.clone();
    for map in maps {
        for a in &answers {
            let mut image: Vec<Cell> = a.iter().map(|&c| map[c as usize]).collect();
            image.sort_unstable();
            if !out.contains(&image) {
                out.push(image);
            }
        }
    }
    out
}

impl Tree {
    /// The tree of `attacker` from the root.
    fn build(sources: &Sources<'_>, attacker: Color) -> Tree {
        let mut tree = Tree {
            nodes: Vec::new(),
            at: HashMap::new(),
        };
        let root = sources.root;
        let mut pos = root.position();
        let root_key = dfpn::key_for(&pos, attacker);
        let split_root = attacker == root.mover()
            && !sources.index.at.contains_key(&root_key)
            && !sources.splits.contains_key(&root_key);
        if split_root {
            // The mover's root is always split into its first turns (see the module comment
            // of `parts`); node 0 is the root.
            tree.nodes.push(Node::Inner(Vec::new(), true));
            let mut children = Vec::new();
            for (a, b, _) in dfpn::root_turns(&pos, attacker) {
                let cells: Vec<Cell> = std::iter::once(a).chain(b).collect();
                for &c in &cells {
                    pos.play(c);
                }
                let mut path: Vec<Cell> = root.cells.iter().chain(&cells).copied().collect();
                children.push(tree.add(sources, &mut pos, &mut path, attacker));
                for _ in &cells {
                    pos.undo();
                }
            }
            tree.nodes[0] = Node::Inner(children, true);
        } else {
            tree.add(sources, &mut pos, &mut root.cells.clone(), attacker);
        }
        tree
    }

    /// Adds the node of `pos` (reached by `path`) and the nodes below it; returns its index.
    fn add(
        &mut self,
        sources: &Sources<'_>,
        pos: &mut Position,
        path: &mut Vec<Cell>,
        attacker: Color,
    ) -> usize {
        let key = dfpn::key_for(pos, attacker);
        if let Some(&i) = self.at.get(&key) {
            return i;
        }
        let i = self.nodes.len();
        self.at.insert(key, i);
        if let Some(part) = sources.index.at.get(&key) {
            let refuted = part.value == "no-loss" || part.value == "no-win";
            self.nodes.push(Node::Solved(if refuted {
                Estimate::REFUTED
            } else {
                Estimate::WON
            }));
            return i;
        }
        if pos.is_over() {
            // Not a part (the game is over there): what the game says.
            self.nodes
                .push(Node::Solved(if pos.winner() == Some(attacker) {
                    Estimate::WON
                } else {
                    Estimate::REFUTED
                }));
            return i;
        }
        let attacking = pos.to_move() == attacker;
        if !sources.below(&key) {
            let goal = if attacking { Goal::Win } else { Goal::Hold };
            let estimate = sources
                .estimates
                .get(&key)
                .copied()
                .unwrap_or(Estimate::UNKNOWN);
            let estimate = sources.answer_rank(path).map_or(estimate, |rank| {
                if estimate.dn == Estimate::LARGE {
                    // The split's search proved Black wins here: no answer after all.
                    estimate
                } else {
                    // Most likely refuted: first among its siblings, the most often
                    // recorded answer first.
                    Estimate {
                        pn: Estimate::LARGE - rank as u64,
                        dn: 1,
                    }
                }
            });
            self.nodes.push(Node::Leaf(
                Job {
                    moves: format_moves(&sources.root.rules, path),
                    cells: path.clone(),
                    goal,
                    certify: None,
                },
                estimate,
                key,
            ));
            return i;
        }
        self.nodes.push(Node::Inner(Vec::new(), attacking));
        // Every stone is a child, as the composition needs: where the attacker is to move
        // every one refuted (or one won), where the defender is every one won (or one
        // refuting). Below a hand part the stones nobody asked for start unknown: the hand
        // part is listed first, and they are solved only if it fails.
        let mut children = Vec::new();
        for (cell, _) in dfpn::first_stones(pos, attacker) {
            pos.play(cell);
            path.push(cell);
            children.push(self.add(sources, pos, path, attacker));
            path.pop();
            pos.undo();
        }
        self.nodes[i] = Node::Inner(children, attacking);
        i
    }

    /// Every node's numbers, the jobs in `taken` counted as refuted. Children come after
    /// their parents (or are shared with an earlier one), so one pass from the last node up
    /// computes them; a node shared by two parents is computed once.
    fn numbers(&self, taken: &HashSet<[u64; 2]>) -> Vec<Estimate> {
        let mut out = vec![Estimate::UNKNOWN; self.nodes.len()];
        let mut done = vec![false; self.nodes.len()];
        for i in (0..self.nodes.len()).rev() {
            self.number(i, taken, &mut out, &mut done);
        }
        out
    }

    fn number(&self, i: usize, taken: &HashSet<[u64; 2]>, out: &mut [Estimate], done: &mut [bool]) {
        if done[i] {
            return;
        }
        // Mark first: a transposition back to an ancestor (not possible in a game tree, where
        // stones only accumulate) would otherwise recurse forever.
        done[i] = true;
        out[i] = match &self.nodes[i] {
            Node::Solved(e) => *e,
            Node::Leaf(_, e, key) => {
                if taken.contains(key) {
                    Estimate::REFUTED
                } else {
                    *e
                }
            }
            Node::Inner(children, attacking) => {
                for &c in children {
                    self.number(c, taken, out, done);
                }
                let sum = |f: fn(&Estimate) -> u64| {
                    children
                        .iter()
                        .map(|&c| f(&out[c]))
                        .fold(0u64, |a, b| a.saturating_add(b).min(Estimate::INF))
                };
                let min = |f: fn(&Estimate) -> u64| {
                    children
                        .iter()
                        .map(|&c| f(&out[c]))
                        .min()
                        .unwrap_or(Estimate::INF)
                };
                if *attacking {
                    Estimate {
                        pn: min(|e| e.pn),
                        dn: sum(|e| e.dn),
                    }
                } else {
                    Estimate {
                        pn: sum(|e| e.pn),
                        dn: min(|e| e.dn),
                    }
                }
            }
        };
    }

    /// The most-proving leaf below node `i`: where the attacker is to move the child with the
    /// smallest proof number first, where the defender is the smallest disproof number, ties
    /// in the ledger's order; solved children are passed over.
    fn select(&self, i: usize, numbers: &[Estimate]) -> Option<usize> {
        let solved = |e: &Estimate| e.pn == 0 || e.dn == 0;
        match &self.nodes[i] {
            Node::Solved(_) => None,
            Node::Leaf(..) => (!solved(&numbers[i])).then_some(i),
            Node::Inner(children, attacking) => {
                let mut order: Vec<usize> = children
                    .iter()
                    .copied()
                    .filter(|&c| !solved(&numbers[c]))
                    .collect();
                // Ties go to the child least likely the other way (then the ledger's order).
                if *attacking {
                    order.sort_by_key(|&c| (numbers[c].pn, Reverse(numbers[c].dn)));
                } else {
                    order.sort_by_key(|&c| (numbers[c].dn, Reverse(numbers[c].pn)));
                }
                order.into_iter().find_map(|c| self.select(c, numbers))
            }
        }
    }
}
