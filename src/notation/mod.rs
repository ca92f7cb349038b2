//! Community notations: Go-style points (`K10`), numeric points (`x,y`), move lists,
//! Little Golem and GoGui SGF ([`sgf`]), and ASCII diagrams ([`diagram`]).

pub mod diagram;
pub mod replay;
pub mod sgf;

use crate::board::Cell;
use crate::error::Result;
use crate::rules::Rules;

pub use crate::point::{GO_COLUMNS, Point, format_point, format_points, parse_point};

/// Parses a whitespace-separated move list (single stones in play order).
pub fn parse_moves(rules: &Rules, text: &str) -> Result<Vec<Cell>> {
    text.split_whitespace()
        .map(|t| parse_point(rules, t))
        .collect()
}

/// Formats stones as a space-separated move list.
pub fn format_moves(rules: &Rules, cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|&c| format_point(rules, c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A deterministic pseudo-random game for tests: up to `len` stones on random empty points,
/// stopping early when the game ends (the winning stone is included).
#[cfg(test)]
pub(crate) fn random_game(rules: &Rules, seed: u64, len: usize) -> Vec<Cell> {
    let mut state = seed;
    let mut pos = crate::board::Position::new(*rules);
    let mut moves = Vec::new();
    while moves.len() < len && !pos.is_over() {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let empties: Vec<Cell> = pos.empty_points().collect();
        let c = empties[(state >> 33) as usize % empties.len()];
        pos.play(c);
        moves.push(c);
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_points_round_trip() {
        let r = Rules::connect6();
        assert_eq!(parse_point(&r, "K10").unwrap(), 9 * 19 + 9);
        assert_eq!(parse_point(&r, "k10").unwrap(), 9 * 19 + 9);
        assert_eq!(parse_point(&r, "A1").unwrap(), 0);
        assert_eq!(parse_point(&r, "T19").unwrap(), 360);
        assert_eq!(parse_point(&r, "10,10").unwrap(), 9 * 19 + 9);
        for c in 0..361 {
            assert_eq!(parse_point(&r, &format_point(&r, c)).unwrap(), c);
        }
    }

    #[test]
    fn bad_points() {
        let r = Rules::connect6();
        for bad in [
            "I5", "U1", "A0", "A20", "", "K", "10", "0,1", "20,1", "x,y", "K10x",
        ] {
            assert!(parse_point(&r, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn wide_boards_use_numbers() {
        let r = Rules::new(30, 4, 4, 1, 1).unwrap();
        let c = parse_point(&r, "27,3").unwrap();
        assert_eq!(format_point(&r, c), "27,3");
        assert_eq!(parse_point(&r, "Z1").unwrap(), 24);
    }
}
