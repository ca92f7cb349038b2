//! The fixed facts of a board size, computed from the rules alone: every window of k points
//! in a row, column or diagonal, and the board's symmetries as point maps.

use super::rules::Rules;

/// The fixed facts of a board size: its windows and symmetries.
pub(super) struct Geo {
    pub(super) rules: Rules,
    /// Columns.
    pub(super) w: usize,
    /// Rows.
    pub(super) h: usize,
    /// Stones in a row that win.
    pub(super) k: usize,
    /// Every set of k consecutive points in a row, column or diagonal.
    pub(super) windows: Vec<Vec<u16>>,
    /// Symmetries of the board (all but the identity), as point maps.
    pub(super) syms: Vec<Vec<u16>>,
}

impl Geo {
    /// The windows and symmetries of the board of `rules`.
    pub(super) fn new(rules: &Rules) -> Geo {
        let (w, h, k) = (
            rules.width as usize,
            rules.height as usize,
            rules.k as usize,
        );
        let mut windows = Vec::new();
        for y in 0..h as i64 {
            for x in 0..w as i64 {
                for (dx, dy) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
                    let cells: Vec<u16> = (0..k as i64)
                        .map(|i| (x + dx * i, y + dy * i))
                        .take_while(|&(a, b)| a >= 0 && b >= 0 && a < w as i64 && b < h as i64)
                        .map(|(a, b)| (b as usize * w + a as usize) as u16)
                        .collect();
                    if cells.len() == k {
                        windows.push(cells);
                    }
                }
            }
        }
        let mut syms = Vec::new();
        let count = if w == h { 8 } else { 4 };
        for t in 1..count {
            let map = (0..w * h)
                .map(|c| {
                    let (x, y) = (c % w, c / w);
                    let (fx, fy) = (w - 1 - x, h - 1 - y);
                    let (a, b) = match t {
                        1 => (fx, y),
                        2 => (x, fy),
                        3 => (fx, fy),
                        4 => (y, x),
                        5 => (fy, x),
                        6 => (y, fx),
                        _ => (fy, fx),
                    };
                    (b * w + a) as u16
                })
                .collect();
            syms.push(map);
        }
        Geo {
            rules: *rules,
            w,
            h,
            k,
            windows,
            syms,
        }
    }

    /// The name of point `c`, for messages.
    pub(super) fn name(&self, c: u16) -> String {
        self.rules.point_name(c)
    }
}
