//! Potential strategies: the Erdős–Selfridge criterion, in Beck's form for p stones a turn, as
//! a sound proof that a side cannot win (docs/design.md §5.9).
//!
//! Pairing strategies ([`crate::pairing`]) stop an attacker whose live windows each hold a
//! whole group; they fail where few windows remain but overlap. A potential strategy covers
//! that case. Treat the rest of the game as Maker–Breaker: the attacker (Maker) wins only by
//! filling a window free of defender stones; the defender (Breaker) only blocks. A defender
//! that blocks every window has stopped the attacker, whatever else happens (if the defender
//! completes a line first, the attacker has not won either).
//!
//! # The potential
//! Let λ = (1 + p)^(1/p). A window live for the attacker with e empty points weighs λ^-e; the
//! potential Φ is the sum over live windows. A filled window weighs 1, so while Φ < 1 the
//! attacker has filled nothing. The *danger* of an empty point is the weight of the live
//! windows through it.
//!
//! **One round never raises Φ** (Beck's biased Erdős–Selfridge theorem; the argument, for
//! the defender's p stones and then the attacker's p): the defender plays p stones one at a
//! time, each on a point of greatest danger at that moment. A stone kills the windows through
//! it, so Φ drops by the stone's danger d_i, and dangers only fall, so d_1 ≥ … ≥ d_p. An
//! attacker stone multiplies the weight of each window through it by λ; a window that gets j
//! of the attacker's p stones grows by w(λ^j − 1) ≤ w·j(λ^p − 1)/p = w·j·p/p (λ^x is convex,
//! so it lies below its chord on 0..p, and λ^p − 1 = p). Summed, the attacker's turn raises Φ
//! by at most Σ danger(y_i) ≤ p·d_p ≤ d_1 + … + d_p, each y_i's danger being at most d_p
//! (it was a candidate when the defender chose its last stone, and dangers only fell since).
//!
//! **The claims** (r = stones left in the turn under way):
//! - defender to move, r ≥ p: if Φ < 1, the rounds keep Φ < 1 for ever (spare stones of a
//!   larger turn only kill windows);
//! - attacker to move: its r stones multiply Φ by at most λ^r (a window gets at most r of
//!   them), and rounds follow; so Φ < λ^-r suffices;
//! - defender to move, r < p: it plays its r stones greedily as above, and then the attacker
//!   moves with p: so Φ after those stones < λ^-p = 1/(1 + p) suffices.
//!
//! Φ is summed in floating point, and a claim needs Φ below the bound by a relative margin
//! of 1e-9, far above the rounding error of a few thousand terms (about 1e-12), so a sum
//! that lands on the bound is never claimed. Tested against the exhaustive oracle in
//! `tests/exhaustive.rs`; the proof checker recomputes every claim with its own code.

use crate::board::{Cell, Position};
use crate::rules::Color;

/// Relative margin a potential must stay below its bound by: covers floating-point rounding.
pub const MARGIN: f64 = 1e-9;

/// True if the potential strategy (module docs) shows that `attacker` can never complete a
/// line from `pos`. Costs O(k) when the attacker or a defender with a full turn is to move,
/// O(points x windows) per stone otherwise.
pub fn attacker_is_outweighed(pos: &Position, attacker: Color) -> bool {
    outweighing_stones(pos, attacker).is_some()
}

/// The defender stones the potential claim needs before the attacker moves: `Some(vec![])`
/// when the claim holds as the position stands, `Some(stones)` (the defender to move with
/// fewer than p stones left, and these its greedy choices) when it holds after them, `None`
/// when it does not hold. Proof certificates carry the stones so the checker need not
/// repeat the greedy choice.
pub fn outweighing_stones(pos: &Position, attacker: Color) -> Option<Vec<Cell>> {
    let p = pos.rules().p;
    let r = pos.stones_left();
    let lambda = base(p);
    let phi = potential(pos, attacker);
    if pos.to_move() == attacker {
        return below(phi, lambda.powi(-(r as i32))).then(Vec::new);
    }
    if r >= p {
        return below(phi, 1.0).then(Vec::new);
    }
    let bound = lambda.powi(-(p as i32));
    // Φ never grows with defender stones, so a claim without them needs no greedy search.
    if below(phi, bound) {
        return Some(Vec::new());
    }
    // A stone lies in at most 4k windows, so r stones take at most the weight of the 4kr
    // heaviest: when even that leaves Φ too high (always on 19x19), skip the O(windows) scan.
    if !below(
        phi - heaviest(pos, attacker, 4 * pos.rules().k as u32 * r as u32),
        bound,
    ) {
        return None;
    }
    let (phi, stones) = after_greedy_stones(pos, attacker, r);
    below(phi, bound).then_some(stones)
}

/// The total weight of the `n` heaviest windows live for `attacker`, from the tally in O(k).
fn heaviest(pos: &Position, attacker: Color, mut n: u32) -> f64 {
    let k = pos.rules().k as usize;
    let mut sum = 0.0;
    for j in (0..=k).rev() {
        let take = pos.live_with(attacker, j).min(n);
        sum += take as f64 * weight(pos, j);
        n -= take;
    }
    sum
}

/// λ = (1 + p)^(1/p), the factor an attacker stone multiplies a window's weight by.
pub fn base(p: u16) -> f64 {
    (1.0 + p as f64).powf(1.0 / p as f64)
}

/// True if `phi` is below `bound` by the relative [`MARGIN`].
fn below(phi: f64, bound: f64) -> bool {
    phi < bound * (1.0 - MARGIN)
}

/// The weight λ^-e of a live window holding `stones` of the attacker's k (e = k - stones).
fn weight(pos: &Position, stones: usize) -> f64 {
    let k = pos.rules().k as usize;
    base(pos.rules().p).powi(-((k - stones) as i32))
}

/// Φ: the sum of λ^-e over windows live for `attacker`, e being a window's empty points.
/// Read from the position's tally of live windows by stone count, so it costs O(k).
pub fn potential(pos: &Position, attacker: Color) -> f64 {
    let k = pos.rules().k as usize;
    (0..=k)
        .map(|j| pos.live_with(attacker, j) as f64 * weight(pos, j))
        .sum()
}

/// Φ after the defender (to move) plays `stones` stones, each on a point of greatest danger,
/// and those stones.
fn after_greedy_stones(pos: &Position, attacker: Color, stones: u16) -> (f64, Vec<Cell>) {
    let geo = pos.geometry();
    let mut weights: Vec<f64> = (0..geo.window_count() as u32)
        .map(|w| {
            if pos.window_live(w, attacker) {
                weight(pos, pos.window_count(w, attacker) as usize)
            } else {
                0.0
            }
        })
        .collect();
    let mut taken: Vec<Cell> = Vec::new();
    for _ in 0..stones {
        let danger =
            |c: Cell| -> f64 { geo.windows_of(c).iter().map(|&w| weights[w as usize]).sum() };
        let best = (0..pos.rules().cells() as Cell)
            .filter(|&c| pos.is_empty(c) && !taken.contains(&c))
            .map(|c| (c, danger(c)))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        let Some((cell, _)) = best else { break };
        for &w in geo.windows_of(cell) {
            weights[w as usize] = 0.0;
        }
        taken.push(cell);
    }
    (weights.iter().sum(), taken)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn pos(rules: (u16, u16, u16, u16, u16), moves: &[Cell]) -> Position {
        let (m, n, k, p, q) = rules;
        Position::from_moves(Rules::new(m, n, k, p, q).unwrap(), moves).unwrap()
    }

    #[test]
    fn base_makes_a_full_turn_worth_one_plus_p() {
        for p in 1..=4 {
            let l = base(p);
            assert!((l.powi(p as i32) - (1.0 + p as f64)).abs() < 1e-12);
        }
    }

    #[test]
    fn potential_sums_window_weights() {
        // 3x1 board, k = 3: one window. Empty: weight 2^-3 with p = 1.
        let empty = pos((3, 1, 3, 1, 1), &[]);
        assert!((potential(&empty, Color::Black) - 0.125).abs() < 1e-15);
        // Black on the middle: 2^-2 for Black, nothing for White (the window is dead).
        let one = pos((3, 1, 3, 1, 1), &[1]);
        assert!((potential(&one, Color::Black) - 0.25).abs() < 1e-15);
        assert_eq!(potential(&one, Color::White), 0.0);
    }

    #[test]
    fn the_empty_board_is_not_claimed_where_the_attacker_wins() {
        // 4,3,3,1,1 is a first-player win: no claim may say otherwise.
        assert!(!attacker_is_outweighed(
            &pos((4, 3, 3, 1, 1), &[]),
            Color::Black
        ));
        // Nor tic-tac-toe (a draw, but Φ = 8/8 = 1 is far from 1/2).
        assert!(!attacker_is_outweighed(
            &pos((3, 3, 3, 1, 1), &[]),
            Color::Black
        ));
    }

    #[test]
    fn a_single_long_window_is_outweighed() {
        // 9x1, k = 9, p = 1: one window of 9 empty points, Φ = 2^-9, far below 1/2.
        assert!(attacker_is_outweighed(
            &pos((9, 1, 9, 1, 1), &[]),
            Color::Black
        ));
        // A window one stone from full is never outweighed with the attacker to move.
        let near: Vec<Cell> = vec![0, 8, 1, 9, 2, 10];
        let p = pos((9, 2, 4, 1, 1), &near);
        assert!(!attacker_is_outweighed(&p, Color::Black));
    }

    #[test]
    fn greedy_defender_stones_count_for_a_partial_turn() {
        // 4x2, k = 4, p = q = 2: two windows, the rows. Black has two stones on the bottom
        // row; White has blocked the top row and has one stone left. Φ = 3^-1 for Black is
        // not below 1/(1 + p) = 1/3, but White's greedy stone on the bottom row kills it.
        let p = pos((4, 2, 4, 2, 2), &[0, 1, 4]);
        assert_eq!((p.to_move(), p.stones_left()), (Color::White, 1));
        assert!(!below(potential(&p, Color::Black), 1.0 / 3.0));
        assert!(attacker_is_outweighed(&p, Color::Black));
        // With Black to move instead (White's turn given up), Black completes the row.
        let mut q = p.clone();
        q.pass_turn();
        assert!(!attacker_is_outweighed(&q, Color::Black));
    }
}
