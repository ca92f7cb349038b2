//! The leaves of no-win claims whose reasons the checker derives itself: a pairing or its
//! p-stone groups, a potential (Beck's form of the Erdős–Selfridge criterion) and strategy
//! stealing.
//!
//! The design: docs/design.md §9.3 (pairings §5.6, potential §5.9, strategy stealing §5.12).

use super::walk::Checker;
use crate::format::Claim;

impl Checker<'_> {
    /// A pairing (`Paired`, p = 1) or its p-stone form (`Grouped`): disjoint groups of p + 1
    /// empty points, a whole group in every window the attacker can still fill, and an
    /// attacker to move with at most p stones left. The defender then answers in every group
    /// the attacker touches, which a turn of at most p stones cannot fill.
    pub(super) fn check_groups(&self, id: u32, groups: &[Vec<u16>]) -> Result<(), String> {
        let geo = self.geo;
        let attacker = self.part.attacker;
        let size = geo.rules.p as usize + 1;
        if self.part.claim != Claim::NoWin {
            return Err(self.fail(id, "a pairing proves only that a side cannot win"));
        }
        if self.board.to_move == attacker && self.board.left > geo.rules.p {
            return Err(self.fail(
                id,
                format!(
                    "a pairing needs the attacker to have at most {} stone(s) left in its turn",
                    geo.rules.p
                ),
            ));
        }
        let mut group = vec![u32::MAX; self.board.points.len()];
        for (g, members) in groups.iter().enumerate() {
            if members.len() != size {
                return Err(self.fail(
                    id,
                    format!("a group has {} points, not p + 1 = {size}", members.len()),
                ));
            }
            for &c in members {
                self.play_checked(id, c)?;
                if group[c as usize] != u32::MAX {
                    return Err(self.fail(id, format!("{} is in two groups", geo.name(c))));
                }
                group[c as usize] = g as u32;
            }
        }
        let defender = attacker as usize ^ 1;
        for w in &geo.windows {
            if self.board.tally(w)[defender + 1] > 0 {
                continue;
            }
            let covered = w.iter().any(|&a| {
                let g = group[a as usize];
                g != u32::MAX && groups[g as usize].iter().all(|b| w.contains(b))
            });
            if !covered {
                let names: Vec<String> = w.iter().map(|&c| geo.name(c)).collect();
                return Err(self.fail(
                    id,
                    format!("no group lies in the window {}", names.join("-")),
                ));
            }
        }
        Ok(())
    }

    /// A potential strategy (Beck's biased Erdős–Selfridge criterion): with λ = (1 + p)^(1/p),
    /// the windows free of defender stones weigh λ^-e together (e = empty points), and
    /// the sum is small enough that a defender blocking greedily never lets one fill. The
    /// bound: λ^-r with the attacker to move and r stones left; 1 with the defender to move
    /// and a full turn; λ^-p with the defender to move and fewer than p stones, after the
    /// listed stones (its first ones) are counted as played.
    pub(super) fn check_potential(&self, id: u32, stones: &[u16]) -> Result<(), String> {
        let geo = self.geo;
        let attacker = self.part.attacker;
        let p = geo.rules.p as i32;
        if self.part.claim != Claim::NoWin {
            return Err(self.fail(id, "a potential proves only that a side cannot win"));
        }
        let defender_moves = self.board.to_move != attacker;
        let partial = defender_moves && (self.board.left as i32) < p;
        if stones.len() > if partial { self.board.left as usize } else { 0 } {
            return Err(self.fail(
                id,
                "a potential lists more defender stones than it may play",
            ));
        }
        let mut points = self.board.points.clone();
        for &c in stones {
            self.play_checked(id, c)?;
            if points[c as usize] != 0 {
                return Err(self.fail(id, format!("{} is listed twice", geo.name(c))));
            }
            points[c as usize] = 2 - attacker;
        }
        let lambda = (1.0 + p as f64).powf(1.0 / p as f64);
        let defender = 2 - attacker;
        let sum: f64 = geo
            .windows
            .iter()
            .filter(|w| w.iter().all(|&c| points[c as usize] != defender))
            .map(|w| {
                let empty = w.iter().filter(|&&c| points[c as usize] == 0).count();
                lambda.powf(-(empty as f64))
            })
            .sum();
        let bound = if !defender_moves {
            lambda.powf(-(self.board.left as f64))
        } else if partial {
            lambda.powf(-(p as f64))
        } else {
            1.0
        };
        if sum < bound * (1.0 - 1e-9) {
            Ok(())
        } else {
            Err(self.fail(
                id,
                format!("the potential {sum:.6} is not below its bound {bound:.6}"),
            ))
        }
    }

    /// Strategy stealing: White cannot force a win from the empty board when Black's first
    /// turn is a full turn (q = p). If it could, Black would place its first stones anywhere
    /// and then play White's winning strategy as the second player of the same game; an extra
    /// stone never hurts its owner, so White would never complete a line first.
    pub(super) fn check_stealing(&self, id: u32) -> Result<(), String> {
        let r = self.geo.rules;
        let holds = self.part.claim == Claim::NoWin
            && self.part.attacker == 1
            && self.path.is_empty()
            && r.q == r.p
            && self.board.to_move == 0
            && self.board.left == r.q
            && self.board.points.iter().all(|&x| x == 0);
        if holds {
            Ok(())
        } else {
            Err(self.fail(
                id,
                "strategy stealing shows only that White cannot force a win, from the empty \
                 board, when q = p",
            ))
        }
    }
}
