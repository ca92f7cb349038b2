//! Points of a board: the cell index every module shares, and the name a point is written
//! with in messages and move lists.
//!
//! It sits below both [`crate::board`] (which names points in its errors) and
//! [`crate::notation`] (which parses them and reads whole positions), so neither needs the
//! other for this.

use crate::error::{Error, Result};
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

/// A point as users name it: a column and a row (both 0-based, x from the left, y from the
/// bottom), written the way [`format_point`] writes it (`K10`, or `30,2` on boards wider
/// than 25 columns). Results of the library ([`crate::SolveReport::best`], kill-line reports)
/// give points in this form; [`Point::cell`] turns one back into the board's cell index.
///
/// ```
/// use c6solve::{Point, Rules};
///
/// let rules = Rules::connect6();
/// let p = Point::parse(&rules, "K10")?;
/// assert_eq!((p.x(), p.y()), (9, 9));
/// assert_eq!(p.to_string(), "K10");
/// assert_eq!(Point::from_cell(&rules, p.cell(&rules)), p);
/// # Ok::<(), c6solve::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Row from the bottom (first, so that points sort row by row like cells do).
    y: u16,
    /// Column from the left.
    x: u16,
    /// Written as `x,y` (the board is wider than Go-style letters go).
    numeric: bool,
}

impl Point {
    /// The point of `cell` on a board of `rules`.
    pub fn from_cell(rules: &Rules, cell: Cell) -> Point {
        Point {
            x: cell % rules.width,
            y: cell / rules.width,
            numeric: rules.width as usize > GO_COLUMNS.len(),
        }
    }

    /// Parses a point as [`parse_point`] does (Go style or `x,y`); a point
    /// off the board of `rules` is an error.
    pub fn parse(rules: &Rules, text: &str) -> crate::error::Result<Point> {
        parse_point(rules, text).map(|c| Point::from_cell(rules, c))
    }

    /// Column from the left, from 0.
    pub fn x(self) -> u16 {
        self.x
    }

    /// Row from the bottom, from 0.
    pub fn y(self) -> u16 {
        self.y
    }

    /// The cell index of this point on a board of `rules` (the point must be on it: points
    /// made by [`Point::from_cell`] or [`Point::parse`] for the same rules are).
    pub fn cell(self, rules: &Rules) -> Cell {
        self.y * rules.width + self.x
    }

    /// The cells of `points` on a board of `rules`.
    pub fn cells(rules: &Rules, points: &[Point]) -> Vec<Cell> {
        points.iter().map(|p| p.cell(rules)).collect()
    }

    /// The points of `cells` on a board of `rules`.
    pub fn all(rules: &Rules, cells: &[Cell]) -> Vec<Point> {
        cells.iter().map(|&c| Point::from_cell(rules, c)).collect()
    }
}

impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.numeric {
            write!(f, "{},{}", self.x + 1, self.y + 1)
        } else {
            write!(f, "{}{}", GO_COLUMNS[self.x as usize] as char, self.y + 1)
        }
    }
}

/// Formats points as a space-separated move list (as [`crate::notation::format_moves`]).
pub fn format_points(points: &[Point]) -> String {
    points
        .iter()
        .map(Point::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

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
