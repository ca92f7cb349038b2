//! Exhaustive single-stone minimax for Connect(m,n,k,p,q), written from the rules alone.
//! Shared by the integration tests that check the solver through `tests/common`
//! (`common::oracle`); it uses nothing from the library. Each test crate uses only part of it.
#![allow(dead_code)]

use std::collections::HashMap;

/// Value for the side to move, ordered so that `max` picks the better one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Val {
    Loss,
    Draw,
    Win,
}

impl Val {
    /// The same result seen by the other player.
    pub fn flip(self) -> Val {
        match self {
            Val::Loss => Val::Win,
            Val::Draw => Val::Draw,
            Val::Win => Val::Loss,
        }
    }
}

/// Board geometry and turn rules. Cell `y * w + x`, row 0 at the bottom (the library's
/// numbering, so move lists mean the same thing to both).
#[derive(Clone, Copy, Debug)]
pub struct Game {
    pub w: usize,
    pub h: usize,
    pub k: usize,
    pub p: u8,
    pub q: u8,
}

/// A position between stones. Board bytes: 0 empty, 1 Black, 2 White. `side` is 1 or 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub board: Vec<u8>,
    pub side: u8,
    pub left: u8,
}

impl Game {
    /// The empty board: Black to place q stones.
    pub fn start(&self) -> State {
        State {
            board: vec![0; self.w * self.h],
            side: 1,
            left: self.q,
        }
    }

    /// True if the stone on `cell` is part of k or more in a row (overlines count).
    pub fn wins_at(&self, board: &[u8], cell: usize) -> bool {
        let (x, y) = ((cell % self.w) as i64, (cell / self.w) as i64);
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let line = 1 + self.run(board, x, y, dx, dy) + self.run(board, x, y, -dx, -dy);
            line >= self.k
        })
    }

    /// Stones of the colour on (x, y) met walking from it in direction (dx, dy).
    fn run(&self, board: &[u8], x: i64, y: i64, dx: i64, dy: i64) -> usize {
        let colour = board[y as usize * self.w + x as usize];
        let (mut x, mut y, mut n) = (x + dx, y + dy, 0);
        while x >= 0 && y >= 0 && (x as usize) < self.w && (y as usize) < self.h {
            if board[y as usize * self.w + x as usize] != colour {
                break;
            }
            n += 1;
            x += dx;
            y += dy;
        }
        n
    }

    /// Places one stone for the side to move. Returns true if it wins (the game is then
    /// over and `s` is left as it is); otherwise passes the turn when it is used up.
    pub fn play(&self, s: &mut State, cell: usize) -> bool {
        assert_eq!(s.board[cell], 0, "oracle: cell {cell} is taken");
        s.board[cell] = s.side;
        if self.wins_at(&s.board, cell) {
            return true;
        }
        if s.left > 1 {
            s.left -= 1;
        } else {
            s.side = 3 - s.side;
            s.left = self.p;
        }
        false
    }

    /// Replays single stones from the empty board. None if some stone ends the game.
    pub fn replay(&self, moves: &[usize]) -> Option<State> {
        let mut s = self.start();
        for &m in moves {
            if self.play(&mut s, m) {
                return None;
            }
        }
        Some(s)
    }
}

/// Minimax with a memo of solved states; one per game so cases share their subtrees.
pub struct Solver {
    pub game: Game,
    memo: HashMap<(u64, u8, u8), Val>,
}

impl Solver {
    pub fn new(game: Game) -> Solver {
        assert!(game.w * game.h <= 40, "base-3 key must fit in u64");
        Solver {
            game,
            memo: HashMap::new(),
        }
    }

    /// The value of `s` (a game not yet over) for its side to move.
    pub fn value(&mut self, s: &State) -> Val {
        self.solve(&mut s.clone())
    }

    /// Memoised value of `s`; `s` is changed during the search and restored.
    fn solve(&mut self, s: &mut State) -> Val {
        if !s.board.contains(&0) {
            return Val::Draw;
        }
        // The board in base 3 is a unique number for a fixed board size.
        let key = (
            s.board.iter().fold(0u64, |a, &c| a * 3 + c as u64),
            s.side,
            s.left,
        );
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let v = self.search(s);
        self.memo.insert(key, v);
        v
    }

    /// Best result over every empty point. Any stone that wins at once settles it, so those
    /// are looked for first and the loop stops at the first win: both only skip work.
    fn search(&mut self, s: &mut State) -> Val {
        let g = self.game;
        let empties: Vec<usize> = (0..s.board.len()).filter(|&c| s.board[c] == 0).collect();
        for &c in &empties {
            s.board[c] = s.side;
            let wins = g.wins_at(&s.board, c);
            s.board[c] = 0;
            if wins {
                return Val::Win;
            }
        }
        let mut best = Val::Loss;
        for &c in &empties {
            let (side, left) = (s.side, s.left);
            g.play(s, c); // cannot win: checked above
            let same_side = s.side == side;
            let v = self.solve(s);
            s.board[c] = 0;
            (s.side, s.left) = (side, left);
            best = best.max(if same_side { v } else { v.flip() });
            if best == Val::Win {
                break;
            }
        }
        best
    }
}
