//! Community notations: Go-style points (`K10`), numeric points (`x,y`), move lists,
//! Little Golem and GoGui SGF ([`sgf`]), and ASCII diagrams ([`diagram`]).

pub mod diagram;
pub mod replay;
pub mod sgf;

use crate::board::Cell;
use crate::error::{Error, Result};
use crate::rules::Rules;

pub use crate::point::{GO_COLUMNS, Point, format_point, format_points};

/// A row or coordinate as written: ASCII digits only (no sign or spaces inside). A number
/// past `u32` comes out as `u32::MAX`, off every board, so it is refused as such.
fn whole(s: &str) -> Option<u32> {
    (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse::<u32>().unwrap_or(u32::MAX))
}

/// Parses a point in Go style (`K10`, any case, no `I`) or numeric form (`11,10`, 1-based).
pub fn parse_point(rules: &Rules, text: &str) -> Result<Cell> {
    let t = text.trim();
    let (x, y) = if let Some((a, b)) = t.split_once(',') {
        let num = |s: &str| {
            whole(s.trim())
                .ok_or_else(|| Error::Point(format!("'{t}': expected x,y with whole numbers")))
        };
        let (x, y) = (num(a)?, num(b)?);
        if x == 0 || y == 0 {
            return Err(Error::Point(format!("'{t}': numeric points start at 1,1")));
        }
        (x - 1, y - 1)
    } else {
        let mut chars = t.chars();
        let letter = chars
            .next()
            .ok_or_else(|| Error::Point("empty point".into()))?
            .to_ascii_uppercase();
        if letter == 'I' {
            return Err(Error::Point(format!(
                "'{t}': Go-style columns skip the letter I (use J for the ninth column)"
            )));
        }
        let x = GO_COLUMNS
            .iter()
            .position(|&c| c as char == letter)
            .ok_or_else(|| Error::Point(format!("'{t}': expected a column letter and a row")))?;
        let row = chars.as_str();
        let y = whole(row)
            .ok_or_else(|| Error::Point(format!("'{t}': expected a column letter and a row")))?;
        if y == 0 {
            return Err(Error::Point(format!("'{t}': rows start at 1")));
        }
        (x as u32, y - 1)
    };
    if x >= rules.width as u32 || y >= rules.height as u32 {
        return Err(Error::Point(format!(
            "'{t}' is off the {}x{} board",
            rules.width, rules.height
        )));
    }
    Ok((y * rules.width as u32 + x) as Cell)
}

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
