//! Points of a board: the cell index every module shares, and the name a point is written
//! with in messages and move lists.
//!
//! It sits below both [`crate::board`] (which names points in its errors) and
//! [`crate::notation`] (which parses them and reads whole positions), so neither needs the
//! other for this.

use crate::rules::Rules;

/// A point on the board as `y * width + x`, x the column from the left, y the row from the bottom.
pub type Cell = u16;

/// Go-style column letters: A to Z without I.
pub const GO_COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Formats a point: Go style (`K10`) on boards up to 25 columns wide, `x,y` (1-based) beyond.
pub fn format_point(rules: &Rules, cell: Cell) -> String {
    let (x, y) = (cell % rules.width, cell / rules.width);
    if rules.width as usize <= GO_COLUMNS.len() {
        format!("{}{}", GO_COLUMNS[x as usize] as char, y + 1)
    } else {
        format!("{},{}", x + 1, y + 1)
    }
}
