//! Zone claims ([`Node::Zoned`](crate::format::Node::Zoned)): the proof of a null move checked
//! in *zone mode*, where every fact the proof relies on must still hold with up to `extra`
//! defender stones added anywhere outside the zone.
//!
//! In zone mode the checker asks, node by node, that what the proof reads lies inside the
//! zone: the prover's stones; a window the prover completes; the prover's threat windows where
//! the mover's replies are counted or forced; every defender window the extra stones together
//! with the mover's stones of this turn could complete (the *guard*); and the listed replies.
//! Symmetry is no reason there (extra stones break it), and nodes reached twice must be the
//! same position. Then every step of the walk is also a valid step from the position with the
//! extra stones, and by the monotonicity argument of docs/design.md §9.7 the claim follows.

use super::board::can_hit;
use super::walk::{Checker, NULL_MOVE, ZoneMode};
use crate::format::Claim;

impl Checker<'_> {
    /// The zone of node `id`'s zone claim as a mask, once the claim may stand here: in a proof
    /// of a win, outside zone mode (claims do not nest), each point on the board and given once.
    pub(super) fn claim_zone(&self, id: u32, zone: &[u16]) -> Result<Vec<bool>, String> {
        if self.part.claim != Claim::Win {
            return Err(self.fail(id, "a zone claim belongs to a proof of a win"));
        }
        if self.zone.is_some() {
            return Err(self.fail(id, "zone claims do not nest"));
        }
        let mut inside = vec![false; self.board.points.len()];
        for &c in zone {
            if c as usize >= inside.len() {
                return Err(self.fail(id, format!("zone point {c} is off the board")));
            }
            if inside[c as usize] {
                return Err(self.fail(id, format!("{} is in the zone twice", self.geo.name(c))));
            }
            inside[c as usize] = true;
        }
        Ok(inside)
    }

    /// Checks that node `null` proves, in zone mode with the zone `inside` and the mover's
    /// stones left as extra stones, the position where the mover gives up its turn.
    pub(super) fn check_null_move(&mut self, inside: Vec<bool>, null: u32) -> Result<(), String> {
        let (to_move, left) = (self.board.to_move, self.board.left);
        self.serial += 1;
        self.zone = Some(ZoneMode {
            inside,
            extra: left,
            serial: self.serial,
        });
        // The null move: the prover to move with a full turn, on the same stones.
        self.board.to_move = self.prover;
        self.board.left = self.geo.rules.p;
        self.path.push(NULL_MOVE);
        let res = self.node(null);
        self.path.pop();
        self.board.to_move = to_move;
        self.board.left = left;
        self.zone = None;
        res
    }

    /// True if the walk is in zone mode and `c` lies outside the zone.
    pub(super) fn outside(&self, c: u16) -> bool {
        self.zone.as_ref().is_some_and(|z| !z.inside[c as usize])
    }

    /// In zone mode: every window without prover stones that the extra defender stones, with
    /// the mover's stones of this turn when the defender moves, could complete lies inside the
    /// zone (so no defender line can appear that the plain walk did not see).
    pub(super) fn guard(&self, id: u32) -> Result<(), String> {
        let Some(z) = &self.zone else { return Ok(()) };
        let defender = self.prover ^ 1;
        let reach = z.extra as usize
            + if self.board.to_move == defender {
                self.board.left as usize
            } else {
                0
            };
        for w in &self.geo.windows {
            let t = self.board.tally(w);
            if t[self.prover as usize + 1] == 0
                && t[defender as usize + 1] + reach >= self.geo.k
                && w.iter()
                    .any(|&c| self.board.points[c as usize] == 0 && !z.inside[c as usize])
            {
                let names: Vec<String> = w.iter().map(|&c| self.geo.name(c)).collect();
                return Err(self.fail(
                    id,
                    format!(
                        "the defender could complete the window {} with stones outside the zone",
                        names.join("-")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The prover's threat windows (their empty points) that lie inside the zone; all of them
    /// outside zone mode. Extra stones outside the zone leave exactly these standing.
    pub(super) fn threats_in_zone(&self) -> Vec<Vec<u16>> {
        let mut threats = self.board.threats(self.geo, self.prover);
        if let Some(z) = &self.zone {
            threats.retain(|t| t.iter().all(|&c| z.inside[c as usize]));
        }
        threats
    }

    /// True if the side to move (the prover) completes a line with `r` stones in a window
    /// whose empty points lie inside the zone (any window outside zone mode).
    pub(super) fn completes_in_zone(&self, me: u8, r: u16) -> bool {
        let (own, opp) = (me as usize + 1, 2 - me as usize);
        self.geo.windows.iter().any(|w| {
            let t = self.board.tally(w);
            t[opp] == 0
                && t[own] + r as usize >= self.geo.k
                && w.iter()
                    .all(|&c| self.board.points[c as usize] != 0 || !self.outside(c))
        })
    }

    /// True if no set of `r` stones hits every threat window in `threats`.
    pub(super) fn unstoppable(threats: &[Vec<u16>], r: u16) -> bool {
        let sets: Vec<&[u16]> = threats.iter().map(Vec::as_slice).collect();
        !threats.is_empty() && !can_hit(&sets, r)
    }
}
