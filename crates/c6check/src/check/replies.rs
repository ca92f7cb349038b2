//! The other side's nodes: every reply must be listed or covered by one of the three reasons
//! the checker derives itself (threats and order, dead points, symmetry; see [`super`]), or
//! lie outside the zone of the node's zone claim ([`super::zone`]).
//!
//! The design: docs/design.md §9.2.

use super::board::can_hit;
use super::colour_name;
use super::walk::Checker;

impl Checker<'_> {
    /// Checks a node of the prover's opponent: it cannot complete a line this turn, and
    /// every empty point is listed (and its proof follows) or needs no proof of its own.
    /// `claim`: the zone and null-move node of a zone claim covering the points outside it.
    pub(super) fn check_replies(
        &mut self,
        id: u32,
        list: &[(u16, u32)],
        claim: Option<(&[u16], u32)>,
    ) -> Result<(), String> {
        let geo = self.geo;
        let (me, r) = (self.board.to_move, self.board.left);
        if me == self.prover {
            return Err(self.fail(
                id,
                format!("{} is to move here and must give one move", colour_name(me)),
            ));
        }
        if self.board.can_complete(geo, me, r) {
            return Err(self.fail(
                id,
                format!("{} completes a line this turn", colour_name(me)),
            ));
        }
        let claimed = match claim {
            Some((zone, _)) => Some(self.claim_zone(id, zone)?),
            None => None,
        };
        let cells = self.board.points.len();
        let mut listed = vec![false; cells];
        for &(c, _) in list {
            self.play_checked(id, c)?;
            if self.outside(c) {
                return Err(self.fail(id, format!("{} is listed outside the zone", geo.name(c))));
            }
            if listed[c as usize] {
                return Err(self.fail(id, format!("{} is listed twice", geo.name(c))));
            }
            listed[c as usize] = true;
        }
        // Reason 1: with the prover holding threats, only points that start a set of this
        // turn's stones stopping them all need a proof. In zone mode only the threats inside
        // the zone count: those stand whatever extra stones lie outside it.
        let threats = self.threats_in_zone();
        let sets: Vec<&[u16]> = threats.iter().map(Vec::as_slice).collect();
        let needed = |x: u16| {
            if threats.is_empty() {
                return true;
            }
            // A point in no threat window is never needed first: a set of stones that stops
            // the threats holds a threat point that can be played before it.
            if !sets.iter().any(|s| s.contains(&x)) {
                return false;
            }
            let rest: Vec<&[u16]> = sets.iter().copied().filter(|s| !s.contains(&x)).collect();
            can_hit(&rest, r - 1)
        };
        // Reason 2: dead points are interchangeable.
        let dead = self.board.dead_points(geo);
        let dead_listed = list.iter().any(|&(c, _)| dead[c as usize]);
        // Reason 3: a symmetry maps the position after x onto the one after a listed reply
        // (not in zone mode: extra stones outside the zone break symmetries).
        let mirrored = if self.zone.is_some() {
            vec![false; cells]
        } else {
            self.mirrored(&listed)
        };
        let claims = |x: u16| claimed.as_ref().is_some_and(|z| !z[x as usize]);
        for x in 0..cells as u16 {
            if self.board.points[x as usize] != 0 || listed[x as usize] {
                continue;
            }
            if (dead[x as usize] && dead_listed) || mirrored[x as usize] || !needed(x) || claims(x)
            {
                continue;
            }
            return Err(self.fail(
                id,
                format!(
                    "{}'s reply {} is missing (not forced out by threats, not a dead point, \
                     not symmetric to a listed reply, not outside a zone claim)",
                    colour_name(me),
                    geo.name(x)
                ),
            ));
        }
        for &(c, child) in list {
            self.follow(c, child)?;
        }
        match (claimed, claim) {
            (Some(inside), Some((_, null))) => self.check_null_move(inside, null),
            _ => Ok(()),
        }
    }

    /// Per empty point x: true if some symmetry g maps the position after the mover plays x
    /// onto the position after the mover plays a listed point.
    fn mirrored(&self, listed: &[bool]) -> Vec<bool> {
        let pts = &self.board.points;
        let mover = self.board.to_move + 1;
        let mut out = vec![false; pts.len()];
        for g in &self.geo.syms {
            // g moves the stone on c to g[c]; collect where the image differs from the board.
            let mut diff = Vec::new();
            for c in 0..pts.len() {
                if pts[g[c] as usize] != pts[c] {
                    diff.push(g[c] as usize);
                    if diff.len() > 2 {
                        break;
                    }
                }
            }
            match diff[..] {
                // g fixes the position: x is covered when g(x) is listed.
                [] => {
                    for x in 0..pts.len() {
                        if pts[x] == 0 && listed[g[x] as usize] {
                            out[x] = true;
                        }
                    }
                }
                // The image differs in two points: one where the image has a mover stone
                // and the board is empty (the listed reply a), one where the board has a
                // mover stone and the image is empty (b = g(x)).
                [d1, d2] => {
                    let image_at = |d: usize| {
                        let pre = g.iter().position(|&t| t as usize == d).expect("bijection");
                        pts[pre]
                    };
                    for (a, b) in [(d1, d2), (d2, d1)] {
                        if image_at(a) == mover
                            && pts[a] == 0
                            && image_at(b) == 0
                            && pts[b] == mover
                            && listed[a]
                        {
                            let x = g.iter().position(|&t| t as usize == b).expect("bijection");
                            if pts[x] == 0 {
                                out[x] = true;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Board, Geo, Keys, Rules};
    use super::*;
    use crate::format::{Claim, Part};
    use crate::packed::PackedPart;

    #[test]
    fn mirror_images_of_listed_replies() {
        let geo = Geo::new(&Rules::new(3, 3, 3, 1, 1).unwrap());
        let part = PackedPart::from(&Part {
            attacker: 0,
            claim: Claim::Win,
            nodes: Vec::new(),
        });
        let keys = Keys::new(&geo.rules);
        let c = Checker::new(&geo, &keys, Board::with_stones(&geo, &[], &[], 0), &part);
        let mut listed = vec![false; 9];
        listed[0] = true; // A1
        let m = c.mirrored(&listed);
        // Every corner (A1 itself through the diagonal reflection, which fixes it).
        let corners: Vec<usize> = (0..9).filter(|&x| m[x]).collect();
        assert_eq!(corners, [0, 2, 6, 8]);
        // Black A1 on the board breaks the symmetry of B1 and A2 only by reflection in the
        // diagonal: White's B1 is covered by a listed A2.
        let c = Checker::new(&geo, &keys, Board::with_stones(&geo, &[0], &[], 1), &part);
        let mut listed = vec![false; 9];
        listed[3] = true; // A2
        let m = c.mirrored(&listed);
        assert!(m[1] && !m[5] && !m[4]);
    }
}
