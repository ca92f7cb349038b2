//! The five numbers of a certificate's header (m, n, k, p, q) and the names of points, read
//! by the checker itself. The bounds and the messages are those of c6solve's rules (a test
//! in c6solve holds the two to each other), so a header the solver would refuse is refused
//! here in the same words.

use std::fmt;

/// Connect(m,n,k,p,q): `width` (m) columns by `height` (n) rows, `k` in a row wins, `p`
/// stones a turn, `q` stones on Black's first turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Rules {
    /// Columns (m).
    pub(super) width: u16,
    /// Rows (n).
    pub(super) height: u16,
    /// Stones in a row that win (k).
    pub(super) k: u16,
    /// Stones per turn (p).
    pub(super) p: u16,
    /// Stones on Black's first turn (q).
    pub(super) q: u16,
}

/// Go-style column letters: A to Z without I.
const GO_COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Rules {
    /// Largest board side accepted.
    const MAX_SIDE: u16 = 64;
    /// Largest p and q accepted.
    const MAX_STONES: u16 = 8;

    /// The rules, or why they cannot be played ("bad rules: ...").
    pub(super) fn new(width: u16, height: u16, k: u16, p: u16, q: u16) -> Result<Rules, String> {
        let bad = |why: String| Err(format!("bad rules: {why}"));
        let max = Self::MAX_SIDE;
        if width == 0 || height == 0 {
            return bad(format!("board {width}x{height}: sizes must be at least 1"));
        }
        if width > max || height > max {
            return bad(format!(
                "board {width}x{height}: sides of at most {max} are supported"
            ));
        }
        if k == 0 {
            return bad("k = 0: a line needs at least one stone".into());
        }
        if p == 0 || q == 0 {
            return bad(format!(
                "p = {p}, q = {q}: each turn must place at least one stone"
            ));
        }
        if p > Self::MAX_STONES || q > Self::MAX_STONES {
            return bad(format!(
                "p = {p}, q = {q}: at most {} stones a turn are supported",
                Self::MAX_STONES
            ));
        }
        Ok(Rules {
            width,
            height,
            k,
            p,
            q,
        })
    }

    /// Number of points on the board.
    pub(super) fn cells(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// The name of point `c` (`y * m + x`): Go style (`K10`) on boards up to 25 columns
    /// wide, `x,y` (1-based) beyond.
    pub(super) fn point_name(&self, c: u16) -> String {
        let (x, y) = (c % self.width, c / self.width);
        if self.width as usize <= GO_COLUMNS.len() {
            format!("{}{}", GO_COLUMNS[x as usize] as char, y + 1)
        } else {
            format!("{},{}", x + 1, y + 1)
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{},{},{},{}",
            self.width, self.height, self.k, self.p, self.q
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_and_names() {
        assert!(Rules::new(64, 64, 6, 8, 8).is_ok());
        assert_eq!(
            Rules::new(0, 3, 3, 1, 1).unwrap_err(),
            "bad rules: board 0x3: sizes must be at least 1"
        );
        assert!(Rules::new(65, 3, 3, 1, 1).is_err());
        assert!(Rules::new(3, 3, 0, 1, 1).is_err());
        assert!(Rules::new(3, 3, 3, 0, 1).is_err());
        assert!(Rules::new(3, 3, 3, 1, 9).is_err());
        let r = Rules::new(19, 19, 6, 2, 1).unwrap();
        assert_eq!(r.to_string(), "19,19,6,2,1");
        assert_eq!(r.point_name(9 * 19 + 9), "K10");
        assert_eq!(r.point_name(8), "J1");
        let wide = Rules::new(30, 4, 4, 1, 1).unwrap();
        assert_eq!(wide.point_name(2 * 30 + 26), "27,3");
    }
}
