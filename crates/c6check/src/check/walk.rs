//! The walk over one part's proof: replays every edge from the root, recognises nodes
//! reached again (the same position or a mirror image) by their hashes, and checks each node
//! against the position it stands for.
//!
//! The design: docs/design.md §9.4.

use super::board::Board;
use super::colour_name;
use super::geometry::Geo;
use super::keys::Keys;
use crate::format::{Claim, Node};
use crate::packed::PackedPart;
use std::collections::HashMap;

/// The zone mode of a walk: the zone and how many defender stones may lie outside it.
pub(super) struct ZoneMode {
    /// Per point: inside the zone.
    pub(super) inside: Vec<bool>,
    /// Defender stones that may have been added outside the zone.
    pub(super) extra: u16,
    /// Which zone claim this walk checks (nodes are recognised per claim).
    pub(super) serial: u32,
}

/// Stands in the path of a failure message for the null move of a zone claim.
pub(super) const NULL_MOVE: u16 = u16::MAX;

/// Checks one part.
pub(super) struct Checker<'a> {
    /// Windows and symmetries of the board.
    pub(super) geo: &'a Geo,
    /// Keys of the position hashes.
    keys: &'a Keys,
    /// The position at the node being checked.
    pub(super) board: Board,
    /// The part checked.
    pub(super) part: &'a PackedPart,
    /// The colour the claim favours (to move at the nodes that give one move).
    pub(super) prover: u8,
    /// Per node, the hash of the position it was first reached with (0 while unreached):
    /// all its stones and the turn.
    seen: Vec<u128>,
    /// Stones played from the root to the current node.
    pub(super) path: Vec<u16>,
    /// Hash of the board's stones, then of their images under each of `geo.syms`.
    hashes: Vec<u128>,
    /// Nodes checked (each once, however often it is reached, and once more for each zone
    /// claim whose proof reaches it).
    pub(super) checked: usize,
    /// The zone mode the walk is in, inside the proof of a zone claim's null move.
    pub(super) zone: Option<ZoneMode>,
    /// Zone claims checked so far (numbers each claim's walk).
    pub(super) serial: u32,
    /// In zone mode, per (node, claim): the hash of the position the node was first reached
    /// with. (A node checked in zone mode is checked there afresh: the plain walk did not
    /// check what it reads.)
    zone_seen: HashMap<(u32, u32), u128>,
}

impl<'a> Checker<'a> {
    /// A checker of `part` from the root position `board`.
    pub(super) fn new(
        geo: &'a Geo,
        keys: &'a Keys,
        board: Board,
        part: &'a PackedPart,
    ) -> Checker<'a> {
        let prover = match part.claim {
            Claim::Win => part.attacker,
            Claim::NoWin => part.attacker ^ 1,
        };
        Checker {
            geo,
            keys,
            board,
            part,
            prover,
            seen: vec![0; part.len()],
            path: Vec::new(),
            hashes: Vec::new(),
            checked: 0,
            zone: None,
            serial: 0,
            zone_seen: HashMap::new(),
        }
        .hashed()
    }

    /// Sets `hashes` from the board's stones.
    fn hashed(mut self) -> Checker<'a> {
        self.hashes = vec![0; self.geo.syms.len() + 1];
        for c in 0..self.board.points.len() {
            if let s @ 1..=2 = self.board.points[c] {
                self.toggle(c as u16, s - 1);
            }
        }
        self
    }

    /// Adds or removes the stone of colour `s` (0/1) on `c` in every hash.
    fn toggle(&mut self, c: u16, s: u8) {
        let stones = &self.keys.stones;
        self.hashes[0] ^= stones[c as usize][s as usize];
        for (h, g) in self.hashes[1..].iter_mut().zip(&self.geo.syms) {
            *h ^= stones[g[c as usize] as usize][s as usize];
        }
    }

    /// Plays `c` for the side to move and checks node `child` after it.
    pub(super) fn follow(&mut self, c: u16, child: u32) -> Result<(), String> {
        let s = self.board.to_move;
        let saved = self.board.play(self.geo, c);
        self.path.push(c);
        self.toggle(c, s);
        let res = self.node(child);
        self.toggle(c, s);
        self.path.pop();
        self.board.undo(c, saved);
        res
    }

    /// The message of a failure at node `id`: the node, the stones that lead to it, `why`.
    pub(super) fn fail(&self, id: u32, why: impl std::fmt::Display) -> String {
        let path = if self.path.is_empty() {
            "the root".to_string()
        } else {
            let names: Vec<String> = self
                .path
                .iter()
                .map(|&c| match c {
                    NULL_MOVE => "(null move)".to_string(),
                    c => self.geo.name(c),
                })
                .collect();
            format!("after {}", names.join(" "))
        };
        format!("node {id} ({path}): {why}")
    }

    /// The hash of the current position under symmetry `g` (0 the identity, else `g - 1` of
    /// `geo.syms`), never 0.
    fn signature(&self, g: usize) -> u128 {
        let turn = self.keys.turns[self.board.left as usize][self.board.to_move as usize];
        (self.hashes[g] ^ turn).max(1)
    }

    /// Checks the node `id` at the current board.
    pub(super) fn node(&mut self, id: u32) -> Result<(), String> {
        let node = match self.part.node(id) {
            None => return Err(self.fail(id, "no such node in the certificate")),
            Some(Err(e)) => return Err(self.fail(id, e)),
            Some(Ok(node)) => node,
        };
        let attacker = self.part.attacker;
        if self.board.over() {
            if node != Node::Over {
                return Err(self.fail(id, "the game is over here but the node goes on"));
            }
            let winner = self.board.winner;
            let ok = match self.part.claim {
                Claim::Win => winner == attacker + 1,
                Claim::NoWin => winner != attacker + 1,
            };
            return if ok {
                Ok(())
            } else {
                let result = match winner {
                    0 => "a draw (full board)".to_string(),
                    s => format!("a win for {}", colour_name(s - 1)),
                };
                Err(self.fail(id, format!("the game ends in {result}, against the claim")))
            };
        }
        if let Some(z) = &self.zone {
            // In zone mode a node reached again must be the very same position.
            let here = self.signature(0);
            match self.zone_seen.get(&(id, z.serial)) {
                None => {
                    self.zone_seen.insert((id, z.serial), here);
                }
                Some(&s) if s == here => return Ok(()),
                Some(_) => {
                    return Err(self.fail(
                        id,
                        "reached twice within one zone claim as two different positions",
                    ));
                }
            }
            self.guard(id)?;
        } else {
            match self.seen[id as usize] {
                0 => self.seen[id as usize] = self.signature(0),
                // The position, or a mirror image of it, was checked from this node already.
                s if (0..self.hashes.len()).any(|g| self.signature(g) == s) => return Ok(()),
                _ => {
                    return Err(self.fail(
                        id,
                        "reached along two paths as two different positions (not mirror images)",
                    ));
                }
            }
        }
        self.checked += 1;
        let (me, r) = (self.board.to_move, self.board.left);
        let geo = self.geo;
        let prover_moves = me == self.prover;
        match &node {
            Node::Over => Err(self.fail(id, "claims the game is over, but it is not")),
            Node::Move { cell, child } => {
                if !prover_moves {
                    return Err(self.fail(
                        id,
                        format!(
                            "one move is given for {}, who must be answered on every move",
                            colour_name(me)
                        ),
                    ));
                }
                self.play_checked(id, *cell)?;
                if self.outside(*cell) {
                    return Err(self.fail(
                        id,
                        format!("{} is played outside the zone", geo.name(*cell)),
                    ));
                }
                self.follow(*cell, *child)
            }
            Node::WinNow => {
                if prover_moves && self.completes_in_zone(me, r) {
                    Ok(())
                } else {
                    Err(self.fail(
                        id,
                        format!(
                            "{} cannot complete a line this turn{}",
                            colour_name(me),
                            if self.zone.is_some() {
                                " inside the zone"
                            } else {
                                ""
                            }
                        ),
                    ))
                }
            }
            Node::Overwhelmed => {
                if prover_moves {
                    return Err(self.fail(id, "the prover is to move, not the overwhelmed side"));
                }
                if self.board.can_complete(geo, me, r) {
                    return Err(self.fail(
                        id,
                        format!("{} completes a line this turn", colour_name(me)),
                    ));
                }
                // In zone mode only the threats inside the zone count: extra stones outside it
                // may block the others.
                if !Self::unstoppable(&self.threats_in_zone(), r) {
                    return Err(self.fail(
                        id,
                        format!(
                            "{} can stop {}'s threats with {r} stone(s)",
                            colour_name(me),
                            colour_name(self.prover)
                        ),
                    ));
                }
                Ok(())
            }
            Node::Dead => {
                let defender = attacker ^ 1;
                let dead = self.part.claim == Claim::NoWin
                    && geo
                        .windows
                        .iter()
                        .all(|w| self.board.tally(w)[defender as usize + 1] > 0);
                if dead {
                    Ok(())
                } else {
                    Err(self.fail(
                        id,
                        format!("{} can still fill a window", colour_name(attacker)),
                    ))
                }
            }
            Node::Paired(pairs) => {
                let groups: Vec<Vec<u16>> = pairs.iter().map(|&(a, b)| vec![a, b]).collect();
                self.check_groups(id, &groups)
            }
            Node::Grouped(groups) => self.check_groups(id, groups),
            Node::StrategyStealing => self.check_stealing(id),
            Node::Outweighed(stones) => self.check_potential(id, stones),
            Node::Replies(list) => self.check_replies(id, list, None),
            Node::Zoned {
                replies,
                zone,
                null,
            } => self.check_replies(id, replies, Some((zone, *null))),
        }
    }

    /// Checks that `cell` is an empty point of the board (a stone the proof may play).
    pub(super) fn play_checked(&self, id: u32, cell: u16) -> Result<(), String> {
        if cell as usize >= self.board.points.len() {
            return Err(self.fail(id, format!("stone {cell} is off the board")));
        }
        if self.board.points[cell as usize] != 0 {
            return Err(self.fail(id, format!("{} is not empty", self.geo.name(cell))));
        }
        Ok(())
    }
}
