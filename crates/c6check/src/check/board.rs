//! The checker's own board: one byte a point, with the line test, threat windows, dead
//! points and hitting sets the checker's reasons rest on, written from the rules alone.

use super::colour_name;
use super::geometry::Geo;
use super::rules::Rules;
use crate::format::Certificate;

/// A position as the checker sees it: one byte a point (0 empty, 1 Black, 2 White).
#[derive(Clone)]
pub(super) struct Board {
    /// Per point: 0 empty, 1 Black, 2 White.
    pub(super) points: Vec<u8>,
    /// 0 Black, 1 White.
    pub(super) to_move: u8,
    /// Stones the side to move still places in its turn.
    pub(super) left: u16,
    /// 1 + colour of the side that made a line, 0 if none.
    pub(super) winner: u8,
    /// Empty points.
    empties: usize,
}

/// What [`Board::play`] changed, for [`Board::undo`].
pub(super) struct Saved {
    to_move: u8,
    left: u16,
    winner: u8,
}

impl Board {
    /// The rules and the position, in words.
    pub(super) fn describe(&self, rules: &Rules) -> String {
        let count = |c: u8| self.points.iter().filter(|&&s| s == 1 + c).count();
        let stones = match (count(0), count(1)) {
            (0, 0) => "the empty board".to_string(),
            (b, w) => format!("{b} Black and {w} White stone(s)"),
        };
        format!(
            "Connect({rules}), {stones}, {} to move with {} stone(s)",
            colour_name(self.to_move),
            self.left
        )
    }

    /// The certificate's root position, validated.
    pub(super) fn root(geo: &Geo, cert: &Certificate) -> Result<Board, String> {
        let cells = geo.w * geo.h;
        let mut points = vec![0u8; cells];
        for (list, colour) in [(&cert.black, 1u8), (&cert.white, 2u8)] {
            for &c in list.iter() {
                if c as usize >= cells {
                    return Err(format!("header: root stone {c} is off the board"));
                }
                if points[c as usize] != 0 {
                    return Err(format!("header: root point {} is given twice", geo.name(c)));
                }
                points[c as usize] = colour;
            }
        }
        if cert.to_move > 1 {
            return Err(format!(
                "header: side to move {} is not a colour",
                cert.to_move
            ));
        }
        let r = &geo.rules;
        let max = if points.iter().all(|&s| s == 0) && cert.to_move == 0 {
            r.q.max(r.p)
        } else {
            r.p
        };
        if cert.stones_left == 0 || cert.stones_left > max {
            return Err(format!(
                "header: {} stones left in the turn; a turn here has 1 to {max}",
                cert.stones_left
            ));
        }
        let mut board = Board {
            empties: points.iter().filter(|&&s| s == 0).count(),
            points,
            to_move: cert.to_move,
            left: cert.stones_left,
            winner: 0,
        };
        let lines: Vec<u8> = (1..=2u8)
            .filter(|&s| {
                geo.windows
                    .iter()
                    .any(|w| w.iter().all(|&c| board.points[c as usize] == s))
            })
            .collect();
        match lines[..] {
            [] => {}
            [s] => board.winner = s,
            _ => return Err("header: both colours already have a line at the root".into()),
        }
        Ok(board)
    }

    /// True if a line was made or the board is full.
    pub(super) fn over(&self) -> bool {
        self.winner != 0 || self.empties == 0
    }

    /// Plays a stone for the side to move; a stone that makes k in a row ends the game.
    pub(super) fn play(&mut self, geo: &Geo, c: u16) -> Saved {
        let saved = Saved {
            to_move: self.to_move,
            left: self.left,
            winner: self.winner,
        };
        let s = self.to_move + 1;
        self.points[c as usize] = s;
        self.empties -= 1;
        if self.makes_line(geo, c, s) {
            self.winner = s;
        } else if self.left > 1 {
            self.left -= 1;
        } else {
            self.to_move ^= 1;
            self.left = geo.rules.p;
        }
        saved
    }

    /// Takes back the stone on `c` that [`Board::play`] placed and returned `saved` for.
    pub(super) fn undo(&mut self, c: u16, saved: Saved) {
        self.points[c as usize] = 0;
        self.empties += 1;
        self.to_move = saved.to_move;
        self.left = saved.left;
        self.winner = saved.winner;
    }

    /// True if the stone `s` on `c` is part of k or more in a row, counted along the four
    /// lines through it (independent of the window lists).
    fn makes_line(&self, geo: &Geo, c: u16, s: u8) -> bool {
        let (x, y) = ((c as usize % geo.w) as i64, (c as usize / geo.w) as i64);
        let at = |a: i64, b: i64| {
            a >= 0
                && b >= 0
                && (a as usize) < geo.w
                && (b as usize) < geo.h
                && self.points[b as usize * geo.w + a as usize] == s
        };
        [(1i64, 0i64), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|&(dx, dy)| {
                let mut run = 1;
                for sign in [1i64, -1] {
                    let mut i = 1;
                    while at(x + sign * i * dx, y + sign * i * dy) {
                        run += 1;
                        i += 1;
                    }
                }
                run >= geo.k
            })
    }

    /// Stones of each colour in a window: (Black, White).
    pub(super) fn tally(&self, win: &[u16]) -> [usize; 3] {
        let mut t = [0; 3];
        for &c in win {
            t[self.points[c as usize] as usize] += 1;
        }
        t
    }

    /// True if colour `me` (0/1) can make a line with `r` more stones: some window without
    /// the opponent's stones has at most `r` empty points.
    pub(super) fn can_complete(&self, geo: &Geo, me: u8, r: u16) -> bool {
        let (own, opp) = (me as usize + 1, 2 - me as usize);
        geo.windows.iter().any(|w| {
            let t = self.tally(w);
            t[opp] == 0 && t[own] + r as usize >= geo.k
        })
    }

    /// The empty points of `me`'s threat windows: windows without the opponent's stones that
    /// `me` completes with one turn of p stones.
    pub(super) fn threats(&self, geo: &Geo, me: u8) -> Vec<Vec<u16>> {
        let (own, opp) = (me as usize + 1, 2 - me as usize);
        geo.windows
            .iter()
            .filter(|w| {
                let t = self.tally(w);
                t[opp] == 0 && t[own] + geo.rules.p as usize >= geo.k
            })
            .map(|w| {
                w.iter()
                    .copied()
                    .filter(|&c| self.points[c as usize] == 0)
                    .collect()
            })
            .collect()
    }

    /// Per point: true if no window through it can still be filled by either side.
    pub(super) fn dead_points(&self, geo: &Geo) -> Vec<bool> {
        let mut dead = vec![true; self.points.len()];
        for w in &geo.windows {
            let t = self.tally(w);
            if t[1] == 0 || t[2] == 0 {
                for &c in w {
                    dead[c as usize] = false;
                }
            }
        }
        dead
    }
}

/// True if `r` points can be chosen so that each set in `sets` contains one of them.
pub(super) fn can_hit(sets: &[&[u16]], r: u16) -> bool {
    let Some(smallest) = sets.iter().min_by_key(|s| s.len()) else {
        return true;
    };
    if r == 0 {
        return false;
    }
    smallest.iter().any(|c| {
        let rest: Vec<&[u16]> = sets.iter().copied().filter(|s| !s.contains(c)).collect();
        can_hit(&rest, r - 1)
    })
}

#[cfg(test)]
impl Board {
    /// A position with the given stones, `to_move` to place one stone.
    pub(super) fn with_stones(geo: &Geo, black: &[u16], white: &[u16], to_move: u8) -> Board {
        let mut points = vec![0u8; geo.w * geo.h];
        for &c in black {
            points[c as usize] = 1;
        }
        for &c in white {
            points[c as usize] = 2;
        }
        Board {
            empties: points.iter().filter(|&&s| s == 0).count(),
            points,
            to_move,
            left: 1,
            winner: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hitting_sets() {
        let a: &[u16] = &[1, 2];
        let b: &[u16] = &[2, 3];
        let c: &[u16] = &[4, 5];
        assert!(can_hit(&[], 0));
        assert!(!can_hit(&[a], 0));
        assert!(can_hit(&[a, b], 1));
        assert!(!can_hit(&[a, b, c], 1));
        assert!(can_hit(&[a, b, c], 2));
    }

    #[test]
    fn lines_and_overlines() {
        let geo = Geo::new(&Rules::new(5, 1, 3, 1, 1).unwrap());
        // X X . X .: C1 makes four in a row, an overline, which wins.
        let mut b = Board::with_stones(&geo, &[0, 1, 3], &[], 0);
        b.play(&geo, 2);
        assert_eq!(b.winner, 1);
        let mut b = Board::with_stones(&geo, &[0, 3], &[], 0);
        b.play(&geo, 2);
        assert_eq!(b.winner, 0);
        assert!(b.can_complete(&geo, 0, 1));
        assert!(!b.can_complete(&geo, 1, 2));
    }
}
