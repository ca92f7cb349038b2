//! Move generation for the search: which stones a node tries, in what order.
//!
//! Every rule here must keep the game value: forced blocks come from [`crate::threats`],
//! and points that lie in no live window are all equivalent, so only one of them is tried.
//! Relevance zones will narrow the defender's list further; they plug in here.

use crate::board::{Cell, Position};
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
/// for the mover (building) and for the opponent (blocking).
fn order(pos: &Position, moves: &mut [Cell]) {
    let me = pos.to_move();
    moves.sort_by_cached_key(|&c| std::cmp::Reverse(score(pos, c, me)));
}

/// Static value of a stone for `me` at `cell`.
pub fn score(pos: &Position, cell: Cell, me: Color) -> u64 {
    let opp = me.opponent();
    let mut s = 0u64;
    for &w in pos.geometry().windows_of(cell) {
        if pos.window_live(w, me) {
            s += 1 << (3 * pos.window_count(w, me) as u32).min(60);
        }
        if pos.window_live(w, opp) {
            s += 1 << (3 * pos.window_count(w, opp) as u32).min(60);
        }
    }
    s
}
