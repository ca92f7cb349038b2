//! Move generation for the search: which stones a node tries, in what order.
//!
//! Every rule here must keep the game value: forced blocks come from [`crate::threats`],
//! and points that lie in no live window are all equivalent, so only one of them is tried.
//! The search narrows these lists further with relevance zones (see [`super::dfpn`]).
//!
//! The design: docs/design.md §2.7 (too many threats §5.2, forced blocks §5.3, dead points
//! §5.4).

use crate::board::{Cell, Position, WindowId};
use crate::rules::Color;
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

/// Sorts moves by a static score: windows the stone helps, weighted by their stone counts,
/// for the mover (building) and for the opponent (blocking). Equal scores keep the order
/// they came in, so the order (and with it the search) is the same on every run.
pub fn order(pos: &Position, moves: &mut [Cell]) {
    if moves.len() < 2 {
        return;
    }
    let scores = scores(pos, pos.to_move());
    let mut keyed: Vec<(std::cmp::Reverse<u64>, u32, Cell)> = moves
        .iter()
        .enumerate()
        .map(|(i, &c)| (std::cmp::Reverse(scores[c as usize]), i as u32, c))
        .collect();
    keyed.sort_unstable();
    for (m, (_, _, c)) in moves.iter_mut().zip(keyed) {
        *m = c;
    }
}

/// The static score of every empty point at once, in one pass over the windows: each live
/// window adds its weight to its empty points, which costs a window's points once instead of
/// once for every point of it that is asked about (the test's `score` computes it point by
/// point). Occupied points hold junk.
fn scores(pos: &Position, me: Color) -> Vec<u64> {
    let geo = pos.geometry();
    let opp = me.opponent();
    let mut out = vec![0u64; pos.rules().cells()];
    for w in 0..geo.window_count() as WindowId {
        let mut add = 0u64;
        if pos.window_live(w, me) {
            add = add.wrapping_add(weight(pos.window_count(w, me)));
        }
        if pos.window_live(w, opp) {
            add = add.wrapping_add(weight(pos.window_count(w, opp)));
        }
        if add != 0 {
            for &c in geo.window(w) {
                out[c as usize] = out[c as usize].wrapping_add(add);
            }
        }
    }
    out
}

/// What a live window holding `stones` of one side adds to the score of its points.
fn weight(stones: u8) -> u64 {
    1 << (3 * stones as u32).min(60)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// The score of one point, window by window through it: what `scores` must agree with.
    fn score(pos: &Position, cell: Cell, me: Color) -> u64 {
        let opp = me.opponent();
        let mut s = 0u64;
        for &w in pos.geometry().windows_of(cell) {
            if pos.window_live(w, me) {
                s = s.wrapping_add(weight(pos.window_count(w, me)));
            }
            if pos.window_live(w, opp) {
                s = s.wrapping_add(weight(pos.window_count(w, opp)));
            }
        }
        s
    }

    #[test]
    fn the_window_pass_scores_every_empty_point_as_score_does() {
        let r = Rules::new(7, 6, 5, 2, 1).unwrap();
        let mut pos = Position::new(r);
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        while pos.empties() > 6 && !pos.is_over() {
            for me in [Color::Black, Color::White] {
                let all = scores(&pos, me);
                for c in pos.empty_points() {
                    assert_eq!(all[c as usize], score(&pos, c, me), "point {c}");
                }
            }
            // A pseudo-random empty point next (xorshift).
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let empty: Vec<Cell> = pos.empty_points().collect();
            pos.play(empty[(state % empty.len() as u64) as usize]);
        }
    }
}
