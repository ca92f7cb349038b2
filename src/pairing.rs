//! Pairing strategies: a sound proof that a side cannot win (design notes §3, "draw side").
//!
//! With one stone a turn, the defender can answer every attacker stone on one point of a
//! pair with the other point. If a set of disjoint pairs of empty points puts a whole pair
//! inside every window the attacker can still fill, the attacker never completes a window:
//! each window keeps at least one defender stone or empty point of its pair. The defender's
//! other stones only kill windows, so they never break the strategy.

use crate::board::{Cell, Position, WindowId};
use crate::rules::Color;

/// True if a pairing strategy shows that `attacker` can never complete a line from `pos`.
/// Only applies with one stone a turn for the attacker; `budget` bounds the backtracking
/// (an exhausted budget answers `false`, which is always safe).
pub fn attacker_is_paired_off(pos: &Position, attacker: Color, budget: u32) -> bool {
    attacker_pairing(pos, attacker, budget).is_some()
}

/// The pairs of a pairing strategy that shows `attacker` can never complete a line from
/// `pos` (see [`attacker_is_paired_off`]), for proof certificates to carry.
pub fn attacker_pairing(pos: &Position, attacker: Color, budget: u32) -> Option<Vec<(Cell, Cell)>> {
    let rules = pos.rules();
    if rules.p != 1 || (pos.to_move() == attacker && pos.stones_left() != 1) {
        return None;
    }
    let geo = pos.geometry();
    let mut windows: Vec<Vec<Cell>> = Vec::new();
    for w in 0..geo.window_count() as WindowId {
        if !pos.window_live(w, attacker) {
            continue;
        }
        let empties: Vec<Cell> = geo
            .window(w)
            .iter()
            .copied()
            .filter(|&c| pos.is_empty(c))
            .collect();
        if empties.len() < 2 {
            return None;
        }
        windows.push(empties);
    }
    let mut search = PairSearch {
        windows,
        partner: vec![Cell::MAX; rules.cells()],
        budget,
    };
    if !search.cover() {
        return None;
    }
    let pairs = (0..rules.cells() as Cell)
        .filter_map(|a| {
            let b = search.partner[a as usize];
            (b != Cell::MAX && a < b).then_some((a, b))
        })
        .collect();
    Some(pairs)
}

struct PairSearch {
    windows: Vec<Vec<Cell>>,
    /// The other point of each chosen pair, `Cell::MAX` when a point is unpaired.
    partner: Vec<Cell>,
    budget: u32,
}

impl PairSearch {
    fn covered(&self, w: &[Cell]) -> bool {
        w.iter().any(|&a| {
            let b = self.partner[a as usize];
            b != Cell::MAX && w.contains(&b)
        })
    }

    fn free_points(&self, w: &[Cell]) -> usize {
        w.iter()
            .filter(|&&a| self.partner[a as usize] == Cell::MAX)
            .count()
    }

    /// Backtracking: cover the most constrained uncovered window first.
    fn cover(&mut self) -> bool {
        let mut pick: Option<(usize, usize)> = None;
        for (i, w) in self.windows.iter().enumerate() {
            if self.covered(w) {
                continue;
            }
            let free = self.free_points(w);
            if free < 2 {
                return false;
            }
            if pick.is_none_or(|(_, f)| free < f) {
                pick = Some((i, free));
            }
        }
        let Some((i, _)) = pick else { return true };
        let free: Vec<Cell> = self.windows[i]
            .iter()
            .copied()
            .filter(|&a| self.partner[a as usize] == Cell::MAX)
            .collect();
        for (j, &a) in free.iter().enumerate() {
            for &b in &free[j + 1..] {
                if self.budget == 0 {
                    return false;
                }
                self.budget -= 1;
                self.partner[a as usize] = b;
                self.partner[b as usize] = a;
                if self.cover() {
                    return true;
                }
                self.partner[a as usize] = Cell::MAX;
                self.partner[b as usize] = Cell::MAX;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::rules::Rules;

    fn pos(rules: &str, moves: &str) -> Position {
        let r = Rules::parse(rules).unwrap();
        Position::from_moves(r, &parse_moves(&r, moves).unwrap()).unwrap()
    }

    #[test]
    fn tictactoe_empty_board_has_no_pairing() {
        // Black wins nothing on 3x3, but not by pairing: the centre lies in four lines.
        assert!(!attacker_is_paired_off(
            &pos("3,3,3,1,1", ""),
            Color::Black,
            10_000
        ));
    }

    #[test]
    fn two_rows_pair_off_columns() {
        // k = 2 on a 1-column board of 4: windows {1,2},{2,3},{3,4}: no disjoint pairs cover
        // all three, so no pairing...
        assert!(!attacker_is_paired_off(
            &pos("1,4,2,1,1", ""),
            Color::Black,
            10_000
        ));
        // ...but 1x4 with k = 4 is one window, paired trivially.
        assert!(attacker_is_paired_off(
            &pos("1,4,4,1,1", ""),
            Color::Black,
            10_000
        ));
    }

    #[test]
    fn not_for_two_stones_a_turn() {
        assert!(!attacker_is_paired_off(
            &pos("1,4,4,2,1", ""),
            Color::Black,
            10_000
        ));
    }

    #[test]
    fn a_window_with_one_empty_point_is_never_paired() {
        // Black A1 B1 C1 leaves the window A1-D1 one empty point: nothing pairs it.
        let p = pos("5,2,4,1,1", "A1 A2 B1 B2 C1");
        assert!(!attacker_is_paired_off(&p, Color::Black, 10_000));
        // With two empty points (A1 B1 only, White on E1), D1-C1 pair it off.
        let p = pos("5,1,4,1,1", "A1 E1 B1");
        assert!(attacker_is_paired_off(&p, Color::Black, 10_000));
    }

    #[test]
    fn budget_zero_is_no_claim() {
        assert!(!attacker_is_paired_off(
            &pos("1,4,4,1,1", ""),
            Color::Black,
            0
        ));
    }
}
