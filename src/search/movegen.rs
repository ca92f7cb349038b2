//! Move generation for the search: which stones a node tries, in what order.
//!
//! Every rule here must keep the game value: forced blocks come from [`crate::threats`],
//! and points that lie in no live window are all equivalent, so only one of them is tried.
//! The search narrows these lists further with relevance zones (see [`super::dfpn`]).
//!
//! The design: docs/design.md §2.7 (too many threats §5.2, forced blocks §5.3, dead points
//! §5.4).

use crate::board::{Cell, Position};
use crate::threats::Defence;

/// The stones to try at a node with the given defence duty, best first.
pub fn generate(pos: &Position, defence: &Defence) -> Vec<Cell> {
    let mut moves = match defence {
        Defence::Block(cells) => cells.clone(),
        Defence::Lost => Vec::new(),
        Defence::Free => free_moves(pos),
    };
    order(pos, &mut moves);
    moves
}

/// Every empty point in some live window, plus one point that lies in none (all such points
/// are interchangeable: windows only die, so a stone there can never matter).
fn free_moves(pos: &Position) -> Vec<Cell> {
    let cells = pos.rules().cells() as Cell;
    let mut out = Vec::with_capacity(pos.empties());
    let mut spare = None;
    for c in 0..cells {
        if !pos.is_empty(c) {
            continue;
        }
        if pos.is_relevant(c) {
            out.push(c);
        } else if spare.is_none() {
            spare = Some(c);
        }
    }
    out.extend(spare);
    out
}

/// Sorts moves by a static score ([`Position::order_score`]): windows the stone helps,
/// weighted by their stone counts, for the mover (building) and for the opponent (blocking).
/// Equal scores keep the order they came in, so the order (and with it the search) is the
/// same on every run.
pub fn order(pos: &Position, moves: &mut [Cell]) {
    if moves.len() < 2 {
        return;
    }
    // Score and position in one integer when both fit, which sorts in a fraction of the
    // time of tuples; the order is the same: score descending, then first come first. The
    // keys are built in one pass; a score too large for its bits sends the list to the
    // tuple sort below.
    if moves.len() <= 1 << INDEX_BITS {
        let mut keyed = Vec::with_capacity(moves.len());
        let fits = moves.iter().enumerate().all(|(i, &c)| {
            let score = pos.order_score(c);
            let small = score < 1 << SCORE_BITS;
            if small {
                keyed.push((((1 << SCORE_BITS) - 1 - score) << INDEX_BITS) | i as u64);
            }
            small
        });
        if fits {
            keyed.sort_unstable();
            let was = moves.to_vec();
            for (m, k) in moves.iter_mut().zip(keyed) {
                *m = was[(k & ((1 << INDEX_BITS) - 1)) as usize];
            }
            return;
        }
    }
    let mut keyed: Vec<(std::cmp::Reverse<u64>, u32, Cell)> = moves
        .iter()
        .enumerate()
        .map(|(i, &c)| (std::cmp::Reverse(pos.order_score(c)), i as u32, c))
        .collect();
    keyed.sort_unstable();
    for (m, (_, _, c)) in moves.iter_mut().zip(keyed) {
        *m = c;
    }
}

/// Bits of a packed sort key for the score and for the move's place in the list.
const SCORE_BITS: u32 = 44;
const INDEX_BITS: u32 = 64 - SCORE_BITS;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::window_weight;
    use crate::rules::{Color, Rules};

    /// The score of one point, window by window through it: what the position's incremental
    /// `order_score` must agree with.
    fn score(pos: &Position, cell: Cell) -> u64 {
        let mut s = 0u64;
        for &w in pos.geometry().windows_of(cell) {
            for c in [Color::Black, Color::White] {
                if pos.window_live(w, c) {
                    s = s.wrapping_add(window_weight(pos.window_count(w, c)));
                }
            }
        }
        s
    }

    /// A pseudo-random number (xorshift).
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Random games under `rules`, checked at every stone on the way in and on the way back
    /// out by undo.
    fn each_position(rules: Rules, mut check: impl FnMut(&Position)) {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..3 {
            let mut pos = Position::new(rules);
            let mut played = 0;
            while pos.empties() > 6 && !pos.is_over() && played < 80 {
                check(&pos);
                let empty: Vec<Cell> = pos.empty_points().collect();
                pos.play(empty[(next(&mut state) % empty.len() as u64) as usize]);
                played += 1;
            }
            while played > 0 {
                check(&pos);
                pos.undo();
                played -= 1;
            }
            check(&pos);
        }
    }

    #[test]
    fn the_incremental_order_score_of_every_empty_point_is_what_its_windows_give() {
        // The last rule set has windows of 12, whose weights wrap.
        for r in ["7,6,5,2,1", "19,19,6,2,1", "5,5,4,1,1", "13,13,12,3,3"] {
            each_position(Rules::parse(r).unwrap(), |pos| {
                for c in pos.empty_points() {
                    assert_eq!(pos.order_score(c), score(pos, c), "{r}, point {c}");
                }
            });
        }
    }

    /// `order` against a stable sort by the window-by-window score.
    fn check_order(pos: &Position) {
        let mut moves: Vec<Cell> = pos.empty_points().collect();
        moves.reverse();
        let mut expected = moves.clone();
        expected.sort_by_key(|&c| std::cmp::Reverse(score(pos, c)));
        order(pos, &mut moves);
        assert_eq!(moves, expected);
    }

    #[test]
    fn moves_are_ordered_by_score_then_as_they_came() {
        for r in ["7,6,5,2,1", "19,19,6,2,1", "13,13,12,3,3"] {
            each_position(Rules::parse(r).unwrap(), check_order);
        }
        // Sixteen stones in a live window of 20 weigh 8^16: too much for the packed keys.
        let r = Rules::parse("20,20,20,1,1").unwrap();
        let black: Vec<Cell> = (0..16).collect();
        let white: Vec<Cell> = (200..216).collect();
        let pos = Position::from_stones(r, &black, &white, None).unwrap();
        assert!(
            pos.empty_points()
                .any(|c| pos.order_score(c) >= 1 << SCORE_BITS)
        );
        check_order(&pos);
    }
}
