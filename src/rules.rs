//! The Connect(m,n,k,p,q) game family: board size, line length and stones per turn.

use crate::error::{Error, Result};
use std::fmt;

/// A player. Black moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player.
    Black = 0,
    /// The second player.
    White = 1,
}

impl Color {
    /// The other player.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name, as used in JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// Connect(m,n,k,p,q): `width` (m) columns by `height` (n) rows, `k` in a row wins,
/// `p` stones a turn, `q` stones on Black's first turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Columns (m).
    pub width: u16,
    /// Rows (n).
    pub height: u16,
    /// Stones in a row that win (k).
    pub k: u16,
    /// Stones per turn (p).
    pub p: u16,
    /// Stones on Black's first turn (q).
    pub q: u16,
}

impl Rules {
    /// Largest supported board side. Cells are indexed with `u16`, windows with `u32`;
    /// the limit is there to bound memory per position, not by the representation.
    pub const MAX_SIDE: u16 = 64;
    /// Largest supported p and q: threat analysis enumerates hitting sets of this size.
    pub const MAX_STONES: u16 = 8;

    /// Checked constructor: every bound in one place.
    pub fn new(width: u16, height: u16, k: u16, p: u16, q: u16) -> Result<Rules> {
        let max = Self::MAX_SIDE;
        if width == 0 || height == 0 {
            return Err(Error::Rules(format!(
                "board {width}x{height}: sizes must be at least 1"
            )));
        }
        if width > max || height > max {
            return Err(Error::Rules(format!(
                "board {width}x{height}: sides of at most {max} are supported"
            )));
        }
        if k == 0 {
            return Err(Error::Rules(
                "k = 0: a line needs at least one stone".into(),
            ));
        }
        if p == 0 || q == 0 {
            return Err(Error::Rules(format!(
                "p = {p}, q = {q}: each turn must place at least one stone"
            )));
        }
        if p > Self::MAX_STONES || q > Self::MAX_STONES {
            return Err(Error::Rules(format!(
                "p = {p}, q = {q}: at most {} stones a turn are supported",
                Self::MAX_STONES
            )));
        }
        Ok(Rules {
            width,
            height,
            k,
            p,
            q,
        })
    }

    /// Connect6: Connect(19,19,6,2,1).
    pub fn connect6() -> Rules {
        Rules::new(19, 19, 6, 2, 1).expect("valid preset")
    }

    /// Free-style Gomoku: Connect(15,15,5,1,1).
    pub fn gomoku() -> Rules {
        Rules::new(15, 15, 5, 1, 1).expect("valid preset")
    }

    /// Tic-tac-toe: Connect(3,3,3,1,1).
    pub fn tictactoe() -> Rules {
        Rules::new(3, 3, 3, 1, 1).expect("valid preset")
    }

    /// Parses `m,n,k,p,q` or a preset name (`connect6`, `gomoku`, `tictactoe`).
    pub fn parse(text: &str) -> Result<Rules> {
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "connect6" => return Ok(Rules::connect6()),
            "gomoku" => return Ok(Rules::gomoku()),
            "tictactoe" | "tic-tac-toe" => return Ok(Rules::tictactoe()),
            _ => {}
        }
        let parts: Vec<&str> = t.split(',').map(str::trim).collect();
        if parts.len() != 5 {
            return Err(Error::Rules(format!(
                "'{t}': expected m,n,k,p,q (five numbers) or connect6, gomoku, tictactoe"
            )));
        }
        let mut v = [0u16; 5];
        for (slot, part) in v.iter_mut().zip(&parts) {
            *slot = part
                .parse::<u16>()
                .map_err(|_| Error::Rules(format!("'{t}': '{part}' is not a whole number")))?;
        }
        Rules::new(v[0], v[1], v[2], v[3], v[4])
    }

    /// Number of points on the board.
    pub fn cells(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Side to move and stones left in its turn after `played` stones of a game in which no
    /// turn ended early: q Black stones, then p White, p Black, ...
    pub fn turn_after(&self, played: usize) -> (Color, u16) {
        let (p, q) = (self.p as usize, self.q as usize);
        if played < q {
            return (Color::Black, (q - played) as u16);
        }
        let rest = played - q;
        let turn = rest / p;
        let color = if turn.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        (color, (p - rest % p) as u16)
    }

    /// Black and White stone counts after `played` stones (see [`Rules::turn_after`]).
    pub fn counts_after(&self, played: usize) -> (usize, usize) {
        let (p, q) = (self.p as usize, self.q as usize);
        if played <= q {
            return (played, 0);
        }
        let rest = played - q;
        let full = rest / p;
        let part = rest % p;
        let white_turns = full.div_ceil(2);
        let black_turns = full / 2;
        let (mut b, mut w) = (q + black_turns * p, white_turns * p);
        if full.is_multiple_of(2) {
            w += part;
        } else {
            b += part;
        }
        (b, w)
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
    fn presets_and_parse() {
        assert_eq!(Rules::parse("connect6").unwrap(), Rules::connect6());
        assert_eq!(Rules::parse(" 19, 19,6,2,1").unwrap(), Rules::connect6());
        assert_eq!(Rules::parse("GOMOKU").unwrap().to_string(), "15,15,5,1,1");
        assert!(Rules::parse("3,3,3,0,1").is_err());
        assert!(Rules::parse("0,3,3,1,1").is_err());
        assert!(Rules::parse("3,3,0,1,1").is_err());
        assert!(Rules::parse("65,3,3,1,1").is_err());
        assert!(Rules::parse("3,3,3,1").is_err());
        assert!(Rules::parse("3,3,x,1,1").is_err());
        // k larger than the board is legal (always a draw).
        assert!(Rules::parse("3,3,9,1,1").is_ok());
    }

    #[test]
    fn turn_structure_connect6() {
        let r = Rules::connect6();
        assert_eq!(r.turn_after(0), (Color::Black, 1));
        assert_eq!(r.turn_after(1), (Color::White, 2));
        assert_eq!(r.turn_after(2), (Color::White, 1));
        assert_eq!(r.turn_after(3), (Color::Black, 2));
        assert_eq!(r.turn_after(4), (Color::Black, 1));
        assert_eq!(r.turn_after(5), (Color::White, 2));
        assert_eq!(r.counts_after(0), (0, 0));
        assert_eq!(r.counts_after(1), (1, 0));
        assert_eq!(r.counts_after(2), (1, 1));
        assert_eq!(r.counts_after(3), (1, 2));
        assert_eq!(r.counts_after(4), (2, 2));
        assert_eq!(r.counts_after(5), (3, 2));
        assert_eq!(r.counts_after(6), (3, 3));
    }

    #[test]
    fn counts_match_turns() {
        for r in [
            Rules::new(5, 5, 4, 3, 2).unwrap(),
            Rules::new(4, 4, 3, 2, 2).unwrap(),
        ] {
            let (mut b, mut w) = (0, 0);
            for played in 0..20 {
                assert_eq!(r.counts_after(played), (b, w), "{r} after {played}");
                match r.turn_after(played).0 {
                    Color::Black => b += 1,
                    Color::White => w += 1,
                }
            }
        }
    }
}
