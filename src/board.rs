//! [`Position`]: a board of one rule set with incremental window counts and hashes; the
//! rule set's windows, keys and symmetries are its [`Geometry`] (`src/geometry.rs`).
//!
//! A *window* is a set of k consecutive points in one of the four directions. A stone wins when
//! it fills a window with its own colour. A window is *live* for a colour while it holds none
//! of the opponent's stones: only live windows can still become lines.
//!
//! The design: docs/design.md §1.4 (windows), §2.6 (keys and symmetry).

use crate::error::{Error, Result};
use crate::point::format_point;
use crate::rules::{Color, Rules};
use std::sync::Arc;

pub use crate::geometry::{Geometry, WindowId, ZOBRIST_SEED};
pub use crate::point::Cell;

/// Contents of a point.
pub const EMPTY: u8 = 2;

/// One placed stone, kept for undo.
#[derive(Debug, Clone, Copy)]
struct Placed {
    cell: Cell,
    color: Color,
    stones_left: u16,
    winner: Option<Color>,
}

/// A position: stones, side to move, stones left in the turn, and incremental state for the
/// search (window counts, live-window tallies, hashes under every symmetry).
#[derive(Debug, Clone)]
pub struct Position {
    geo: Arc<Geometry>,
    /// `Color::index()` of the stone on each cell, or [`EMPTY`].
    cells: Vec<u8>,
    /// Stones of each colour in each window.
    counts: Vec<[u8; 2]>,
    /// `live_by_count[c][j]`: windows with j stones of colour c and none of the opponent's.
    live_by_count: [Vec<u32>; 2],
    /// Per cell and colour, how many windows through it are live for that colour.
    cell_live: Vec<[u16; 2]>,
    /// Hash of the stones under each symmetry (two independent 64-bit halves).
    hashes: Vec<[u64; 2]>,
    /// Per cell, the static move-order score: the sum of [`window_weight`] over the windows
    /// through it, for each colour the window is live for (wrapping). Kept up to date stone by
    /// stone, since the search orders ~300 moves at every node of an open board; meaningful
    /// for empty cells only.
    order_scores: Vec<u64>,
    to_move: Color,
    stones_left: u16,
    winner: Option<Color>,
    empties: usize,
    history: Vec<Placed>,
}

impl Position {
    /// The empty board of `rules`, Black to move with q stones.
    pub fn new(rules: Rules) -> Position {
        Position::with_geometry(Geometry::new(rules))
    }

    /// The empty board for an existing geometry.
    pub fn with_geometry(geo: Arc<Geometry>) -> Position {
        let r = geo.rules;
        let k = r.k as usize;
        let nwin = geo.window_count() as u32;
        let mut live0 = vec![0u32; k + 1];
        live0[0] = nwin;
        let cells = r.cells();
        let cell_live = (0..cells)
            .map(|c| {
                let n = geo.windows_of(c as Cell).len() as u16;
                [n, n]
            })
            .collect();
        // Every window starts live for both colours with no stones: weight 1 each.
        let order_scores = (0..cells)
            .map(|c| 2 * geo.windows_of(c as Cell).len() as u64 * window_weight(0))
            .collect();
        Position {
            cells: vec![EMPTY; cells],
            counts: vec![[0, 0]; nwin as usize],
            live_by_count: [live0.clone(), live0],
            cell_live,
            hashes: vec![[0, 0]; geo.syms.len()],
            order_scores,
            to_move: Color::Black,
            stones_left: r.q,
            winner: None,
            empties: cells,
            history: Vec::new(),
            geo,
        }
    }

    /// Replays `moves` (single stones in play order) from the empty board, checking legality.
    pub fn from_moves(rules: Rules, moves: &[Cell]) -> Result<Position> {
        let mut pos = Position::new(rules);
        for &c in moves {
            pos.try_play(c)?;
        }
        Ok(pos)
    }

    /// A position given by its stones (a diagram). Side to move and stones left come from
    /// `turn` when given; otherwise they are derived from the stone counts, which must then
    /// be counts that a game reaches. A board that already holds a line of k is refused,
    /// since a diagram cannot say which stone came last.
    pub fn from_stones(
        rules: Rules,
        black: &[Cell],
        white: &[Cell],
        turn: Option<(Color, u16)>,
    ) -> Result<Position> {
        let mut pos = Position::new(rules);
        for (list, color) in [(black, Color::Black), (white, Color::White)] {
            for &c in list {
                if c as usize >= rules.cells() {
                    return Err(Error::Point(format!("cell {c} is off the board")));
                }
                if pos.cells[c as usize] != EMPTY {
                    return Err(Error::Position(format!(
                        "{} is given twice",
                        format_point(&rules, c)
                    )));
                }
                pos.place_raw(c, color);
            }
        }
        if let Some(w) = pos.winner {
            return Err(Error::Position(format!(
                "{w} already has {} in a row: the game is over",
                rules.k
            )));
        }
        let (b, w) = (black.len(), white.len());
        let (to_move, left) = match turn {
            Some((color, left)) => {
                let max = if b == 0 && w == 0 && color == Color::Black {
                    rules.q
                } else {
                    rules.p
                };
                if left == 0 || left > max {
                    return Err(Error::Position(format!(
                        "{left} stones left: a turn here has 1 to {max}"
                    )));
                }
                (color, left)
            }
            None => {
                if rules.counts_after(b + w) != (b, w) {
                    return Err(Error::Position(format!(
                        "{b} black and {w} white stones: no game under {rules} reaches these counts \
                         (state the side to move to set up a composed position)"
                    )));
                }
                rules.turn_after(b + w)
            }
        };
        pos.to_move = to_move;
        pos.stones_left = left;
        pos.history.clear();
        Ok(pos)
    }

    /// The shared geometry.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geo
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.geo.rules
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Stones the side to move still places this turn.
    pub fn stones_left(&self) -> u16 {
        self.stones_left
    }

    /// The winner, once a stone has completed a line.
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// Empty points left.
    pub fn empties(&self) -> usize {
        self.empties
    }

    /// True when the game has ended: a line was made or the board is full.
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.empties == 0
    }

    /// The stone on `cell`, if any.
    #[inline]
    pub fn at(&self, cell: Cell) -> Option<Color> {
        match self.cells[cell as usize] {
            0 => Some(Color::Black),
            1 => Some(Color::White),
            _ => None,
        }
    }

    /// True if `cell` is empty.
    #[inline]
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.cells[cell as usize] == EMPTY
    }

    /// The empty points, in board order.
    pub fn empty_points(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.cells.len() as Cell).filter(|&c| self.is_empty(c))
    }

    /// Stones played since the position was set up, in order (cells only).
    pub fn moves(&self) -> impl Iterator<Item = Cell> + '_ {
        self.history.iter().map(|p| p.cell)
    }

    /// Number of stones of each colour on the board.
    pub fn stone_counts(&self) -> (usize, usize) {
        let b = self.cells.iter().filter(|&&c| c == 0).count();
        let w = self.cells.iter().filter(|&&c| c == 1).count();
        (b, w)
    }

    /// Stones of colour `c` in window `w`.
    #[inline]
    pub fn window_count(&self, w: WindowId, c: Color) -> u8 {
        self.counts[w as usize][c.index()]
    }

    /// True if window `w` holds no stone of `c`'s opponent.
    #[inline]
    pub fn window_live(&self, w: WindowId, c: Color) -> bool {
        self.counts[w as usize][c.opponent().index()] == 0
    }

    /// Number of windows live for `c` holding exactly `j` of its stones.
    #[inline]
    pub fn live_with(&self, c: Color, j: usize) -> u32 {
        self.live_by_count[c.index()][j]
    }

    /// Number of windows still live for `c`.
    pub fn live_windows(&self, c: Color) -> u32 {
        self.live_by_count[c.index()].iter().sum()
    }

    /// How many windows through `cell` are live for `c`.
    #[inline]
    pub fn cell_live(&self, cell: Cell, c: Color) -> u16 {
        self.cell_live[cell as usize][c.index()]
    }

    /// The static move-order score of an empty cell: for each window through it and each
    /// colour the window is live for, [`window_weight`] of that colour's stones in it (a
    /// wrapping sum). Building and blocking count alike, so it does not depend on who moves.
    #[inline]
    pub fn order_score(&self, cell: Cell) -> u64 {
        self.order_scores[cell as usize]
    }

    /// True if `cell` lies in a window that either side can still fill. Stones on other cells
    /// can never matter again (windows only die), so all such moves are equivalent.
    #[inline]
    pub fn is_relevant(&self, cell: Cell) -> bool {
        let l = self.cell_live[cell as usize];
        l[0] > 0 || l[1] > 0
    }

    /// Plays a stone for the side to move, checking that the point is on the board and empty
    /// and that the game is not over.
    pub fn try_play(&mut self, cell: Cell) -> Result<()> {
        let rules = self.geo.rules;
        if cell as usize >= rules.cells() {
            return Err(Error::Point(format!("cell {cell} is off the board")));
        }
        let name = format_point(&rules, cell);
        if let Some(w) = self.winner {
            return Err(Error::IllegalMove(format!(
                "{name} is played after {w} already made {} in a row",
                rules.k
            )));
        }
        if !self.is_empty(cell) {
            return Err(Error::IllegalMove(format!("{name} is already taken")));
        }
        self.play(cell);
        Ok(())
    }

    /// Plays a stone for the side to move on an empty cell of a game that is not over.
    /// The turn passes when the turn's stones are placed or the stone wins.
    #[inline]
    pub fn play(&mut self, cell: Cell) {
        debug_assert!(self.is_empty(cell) && self.winner.is_none());
        let color = self.to_move;
        self.history.push(Placed {
            cell,
            color,
            stones_left: self.stones_left,
            winner: self.winner,
        });
        self.place_raw(cell, color);
        if self.stones_left > 1 && self.winner.is_none() {
            self.stones_left -= 1;
        } else {
            self.to_move = color.opponent();
            self.stones_left = self.geo.rules.p;
        }
    }

    /// Takes back the last stone played with [`Position::play`].
    #[inline]
    pub fn undo(&mut self) {
        let last = self.history.pop().expect("undo without a move");
        self.remove_raw(last.cell, last.color);
        self.to_move = last.color;
        self.stones_left = last.stones_left;
        self.winner = last.winner;
    }

    /// Puts a stone down and updates counts, tallies and hashes; sets `winner` on a line.
    fn place_raw(&mut self, cell: Cell, color: Color) {
        let (s, o) = (color.index(), color.opponent().index());
        let geo = &*self.geo;
        let k = geo.rules.k as usize;
        self.cells[cell as usize] = s as u8;
        self.empties -= 1;
        for &w in geo.windows_of(cell) {
            let cnt = &mut self.counts[w as usize];
            let (own, opp) = (cnt[s] as usize, cnt[o] as usize);
            cnt[s] += 1;
            let delta = weight_change(own, opp);
            if delta != 0 {
                for &c in geo.window(w) {
                    let v = &mut self.order_scores[c as usize];
                    *v = v.wrapping_add(delta);
                }
            }
            if opp == 0 {
                self.live_by_count[s][own] -= 1;
                self.live_by_count[s][own + 1] += 1;
                if own + 1 == k {
                    self.winner = Some(color);
                }
            }
            if own == 0 {
                // The window just died for the opponent.
                self.live_by_count[o][opp] -= 1;
                for &c in geo.window(w) {
                    self.cell_live[c as usize][o] -= 1;
                }
            }
        }
        self.hash_toggle(cell, s);
    }

    /// Exact inverse of [`Position::place_raw`] (apart from `winner`, restored by the caller).
    fn remove_raw(&mut self, cell: Cell, color: Color) {
        let (s, o) = (color.index(), color.opponent().index());
        let geo = &*self.geo;
        self.cells[cell as usize] = EMPTY;
        self.empties += 1;
        for &w in geo.windows_of(cell) {
            let cnt = &mut self.counts[w as usize];
            cnt[s] -= 1;
            let (own, opp) = (cnt[s] as usize, cnt[o] as usize);
            let delta = weight_change(own, opp);
            if delta != 0 {
                for &c in geo.window(w) {
                    let v = &mut self.order_scores[c as usize];
                    *v = v.wrapping_sub(delta);
                }
            }
            if opp == 0 {
                self.live_by_count[s][own + 1] -= 1;
                self.live_by_count[s][own] += 1;
            }
            if own == 0 {
                self.live_by_count[o][opp] += 1;
                for &c in geo.window(w) {
                    self.cell_live[c as usize][o] += 1;
                }
            }
        }
        self.hash_toggle(cell, s);
    }

    #[inline]
    fn hash_toggle(&mut self, cell: Cell, s: usize) {
        for (h, z) in self.hashes.iter_mut().zip(self.geo.symmetric_keys(cell)) {
            h[0] ^= z[s][0];
            h[1] ^= z[s][1];
        }
    }

    /// A 128-bit key of the stones, the same for all symmetric images of the position.
    pub fn stone_key(&self) -> [u64; 2] {
        self.hashes[self.canonical_symmetry()]
    }

    /// The symmetry that maps the position onto its canonical image (the one whose hash is
    /// the stone key). Facts stored in canonical orientation are mapped back through it.
    pub fn canonical_symmetry(&self) -> usize {
        (0..self.hashes.len())
            .min_by_key(|&g| self.hashes[g])
            .expect("identity symmetry")
    }

    /// The canonical symmetry the position would have after `color` plays `cell`.
    pub fn canonical_symmetry_after(&self, cell: Cell, color: Color) -> usize {
        let s = color.index();
        (0..self.hashes.len())
            .min_by_key(|&g| {
                let z = &self.geo.symmetric_keys(cell)[g][s];
                [self.hashes[g][0] ^ z[0], self.hashes[g][1] ^ z[1]]
            })
            .expect("identity symmetry")
    }

    /// Ends the side to move's turn without placing its remaining stones: the opponent is
    /// to move with a full turn. Used for null-move proofs, never for play; undo with
    /// [`Position::set_turn`] and the values read before.
    pub fn pass_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.stones_left = self.geo.rules.p;
    }

    /// Sets the side to move and stones left (to restore a state after [`Position::pass_turn`]).
    pub fn set_turn(&mut self, to_move: Color, stones_left: u16) {
        self.to_move = to_move;
        self.stones_left = stones_left;
    }

    /// The stone key the position would have after `color` plays `cell`, without playing it.
    #[inline]
    pub fn stone_key_after(&self, cell: Cell, color: Color) -> [u64; 2] {
        let s = color.index();
        let (mut hi, mut lo) = (u64::MAX, u64::MAX);
        // The least key as 128-bit numbers, high half first (as `[u64; 2]` compares).
        for (h, z) in self.hashes.iter().zip(self.geo.symmetric_keys(cell)) {
            let (a, b) = (h[0] ^ z[s][0], h[1] ^ z[s][1]);
            if a < hi || (a == hi && b < lo) {
                (hi, lo) = (a, b);
            }
        }
        [hi, lo]
    }

    /// True if some symmetry other than the identity maps the stones onto themselves
    /// (judged by the 128-bit hashes).
    pub fn has_symmetry(&self) -> bool {
        self.hashes[1..].contains(&self.hashes[0])
    }
}

/// What a window live for a colour with `stones` of its stones adds to the order score of
/// each of its points (see [`Position::order_score`]): 8 to the power of the stones (2^60 from
/// 20 stones on).
pub fn window_weight(stones: u8) -> u64 {
    1 << (3 * stones as u32).min(60)
}

/// How a window's part of its points' order scores changes when a colour with `own` stones in
/// it (before the stone) adds one, the other colour holding `opp`: the window stays live only
/// for the mover (when `opp` is 0) and with one more stone, and dies for the other colour if
/// this is the mover's first stone there.
#[inline]
fn weight_change(own: usize, opp: usize) -> u64 {
    let mut before = 0u64;
    let mut after = 0u64;
    if opp == 0 {
        before = before.wrapping_add(window_weight(own as u8));
        after = window_weight(own as u8 + 1);
    }
    if own == 0 {
        before = before.wrapping_add(window_weight(opp as u8));
    }
    after.wrapping_sub(before)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::splitmix;

    /// A small deterministic generator for the random games below.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            (splitmix(&mut self.0) % n as u64) as usize
        }
    }

    fn rules(m: u16, n: u16, k: u16, p: u16, q: u16) -> Rules {
        Rules::new(m, n, k, p, q).unwrap()
    }

    /// Cell of column `x`, row `y` (both from 0).
    fn at(r: &Rules, x: u16, y: u16) -> Cell {
        y * r.width + x
    }

    /// Everything a position shows about itself, to compare two positions.
    #[derive(Debug, PartialEq)]
    struct Snapshot {
        stones: Vec<Option<Color>>,
        key: [u64; 2],
        canonical: usize,
        to_move: Color,
        stones_left: u16,
        winner: Option<Color>,
        empties: usize,
        windows: Vec<[u8; 2]>,
        live: Vec<Vec<u32>>,
        cell_live: Vec<[u16; 2]>,
    }

    fn snapshot(pos: &Position) -> Snapshot {
        let r = *pos.rules();
        let geo = pos.geometry();
        let colors = [Color::Black, Color::White];
        Snapshot {
            stones: (0..r.cells() as Cell).map(|c| pos.at(c)).collect(),
            key: pos.stone_key(),
            canonical: pos.canonical_symmetry(),
            to_move: pos.to_move(),
            stones_left: pos.stones_left(),
            winner: pos.winner(),
            empties: pos.empties(),
            windows: (0..geo.window_count() as WindowId)
                .map(|w| colors.map(|c| pos.window_count(w, c)))
                .collect(),
            live: colors
                .iter()
                .map(|&c| (0..=r.k as usize).map(|j| pos.live_with(c, j)).collect())
                .collect(),
            cell_live: (0..r.cells() as Cell)
                .map(|c| colors.map(|col| pos.cell_live(c, col)))
                .collect(),
        }
    }

    /// Plays random stones until the game ends or `max` stones are down; returns the cells.
    fn random_game(pos: &mut Position, rng: &mut Rng, max: usize) -> Vec<Cell> {
        let mut played = Vec::new();
        while !pos.is_over() && played.len() < max {
            let empty: Vec<Cell> = pos.empty_points().collect();
            let c = empty[rng.below(empty.len())];
            pos.play(c);
            played.push(c);
        }
        played
    }

    /// The rule sets the random tests run on: square and not, one and several stones a turn.
    fn test_rules() -> Vec<Rules> {
        vec![
            rules(3, 3, 3, 1, 1),
            rules(6, 6, 4, 2, 1),
            rules(7, 5, 4, 1, 1),
            rules(9, 9, 5, 2, 2),
            rules(19, 19, 6, 2, 1),
        ]
    }

    #[test]
    fn undo_restores_the_position_exactly() {
        let mut rng = Rng(1);
        for r in test_rules() {
            for _ in 0..20 {
                let mut pos = Position::new(r);
                let mut before = vec![snapshot(&pos)];
                while !pos.is_over() && before.len() < 60 {
                    let empty: Vec<Cell> = pos.empty_points().collect();
                    pos.play(empty[rng.below(empty.len())]);
                    before.push(snapshot(&pos));
                }
                before.pop();
                while let Some(want) = before.pop() {
                    pos.undo();
                    assert_eq!(snapshot(&pos), want, "{r}");
                }
                assert_eq!(pos.moves().count(), 0);
            }
        }
    }

    #[test]
    fn incremental_counts_match_a_recount() {
        let mut rng = Rng(2);
        for r in test_rules() {
            for _ in 0..20 {
                let mut pos = Position::new(r);
                random_game(&mut pos, &mut rng, 40);
                let geo = pos.geometry().clone();
                let mut live = [vec![0u32; r.k as usize + 1], vec![0u32; r.k as usize + 1]];
                let mut cell_live = vec![[0u16; 2]; r.cells()];
                for w in 0..geo.window_count() as WindowId {
                    let cells = geo.window(w);
                    for c in [Color::Black, Color::White] {
                        let own = cells.iter().filter(|&&x| pos.at(x) == Some(c)).count();
                        let opp = cells
                            .iter()
                            .filter(|&&x| pos.at(x) == Some(c.opponent()))
                            .count();
                        assert_eq!(pos.window_count(w, c) as usize, own, "{r}");
                        assert_eq!(pos.window_live(w, c), opp == 0, "{r}");
                        if opp == 0 {
                            live[c.index()][own] += 1;
                            for &x in cells {
                                cell_live[x as usize][c.index()] += 1;
                            }
                        }
                    }
                }
                for c in [Color::Black, Color::White] {
                    for (j, &n) in live[c.index()].iter().enumerate() {
                        assert_eq!(pos.live_with(c, j), n, "{r} {c} {j}");
                    }
                    assert_eq!(pos.live_windows(c), live[c.index()].iter().sum::<u32>());
                }
                for cell in 0..r.cells() as Cell {
                    for c in [Color::Black, Color::White] {
                        assert_eq!(pos.cell_live(cell, c), cell_live[cell as usize][c.index()]);
                    }
                }
                let (b, w) = pos.stone_counts();
                assert_eq!(b + w + pos.empties(), r.cells());
            }
        }
    }

    #[test]
    fn windows_are_every_k_in_a_row_in_four_directions() {
        for r in test_rules()
            .into_iter()
            .chain([rules(8, 3, 4, 1, 1), rules(5, 1, 3, 1, 1)])
        {
            let geo = Geometry::new(r);
            let (w, h, k) = (r.width as usize, r.height as usize, r.k as usize);
            let along = |n: usize| (n + 1).saturating_sub(k);
            let expected = h * along(w) + w * along(h) + 2 * along(w) * along(h);
            assert_eq!(geo.window_count(), expected, "{r}");
            for win in 0..geo.window_count() as WindowId {
                let cells = geo.window(win);
                let (x0, y0) = ((cells[0] % r.width) as i32, (cells[0] / r.width) as i32);
                let (x1, y1) = ((cells[1] % r.width) as i32, (cells[1] / r.width) as i32);
                let step = (x1 - x0, y1 - y0);
                assert!([(1, 0), (0, 1), (1, 1), (1, -1)].contains(&step), "{r}");
                for (i, &c) in cells.iter().enumerate() {
                    let i = i as i32;
                    let want = (y0 + step.1 * i) * r.width as i32 + x0 + step.0 * i;
                    assert_eq!(c as i32, want, "{r}: window {win}");
                    assert!(geo.windows_of(c).contains(&win));
                }
            }
        }
    }

    /// Black fills `line` one stone a turn while White plays `white` (fewer than k stones,
    /// off the line); returns the position after each Black stone.
    fn black_fills(r: Rules, line: &[Cell], white: &[Cell]) -> Vec<Position> {
        let mut pos = Position::new(r);
        let mut after = Vec::new();
        for (i, &c) in line.iter().enumerate() {
            pos.try_play(c).unwrap();
            after.push(pos.clone());
            if let Some(&w) = white.get(i)
                && !pos.is_over()
            {
                pos.try_play(w).unwrap();
            }
        }
        after
    }

    #[test]
    fn every_window_wins_in_every_direction_and_at_the_edges() {
        // 7x5 with k = 4: windows in all four directions, touching every edge and corner.
        let r = rules(7, 5, 4, 1, 1);
        let geo = Geometry::new(r);
        let mut directions = std::collections::HashSet::new();
        let mut edges = [false; 4];
        for win in 0..geo.window_count() as WindowId {
            let line = geo.window(win).to_vec();
            // White's three stones, away from the line: never k in a row.
            let white: Vec<Cell> = (0..r.cells() as Cell)
                .filter(|c| !line.contains(c))
                .step_by(5)
                .take(3)
                .collect();
            let after = black_fills(r, &line, &white);
            for pos in &after[..3] {
                assert_eq!(pos.winner(), None, "window {line:?}");
            }
            let last = after.last().unwrap();
            assert_eq!(last.winner(), Some(Color::Black), "window {line:?}");
            assert!(last.is_over());
            directions.insert(line[1] as i32 - line[0] as i32);
            for &c in &line {
                let (x, y) = (c % r.width, c / r.width);
                edges[0] |= x == 0;
                edges[1] |= x == r.width - 1;
                edges[2] |= y == 0;
                edges[3] |= y == r.height - 1;
            }
        }
        assert_eq!(directions.len(), 4, "{directions:?}");
        assert_eq!(edges, [true; 4]);
    }

    #[test]
    fn overlines_win_and_broken_lines_do_not() {
        let r = rules(8, 3, 4, 1, 1);
        let row: Vec<Cell> = [0, 1, 3, 4].iter().map(|&x| at(&r, x, 0)).collect();
        let white = [at(&r, 0, 2), at(&r, 2, 2), at(&r, 4, 2), at(&r, 6, 2)];
        // A1 B1 D1 E1: two pairs with a gap, four stones but no line.
        let after = black_fills(r, &row, &white);
        assert_eq!(after.last().unwrap().winner(), None);
        // C1 fills the gap: five in a row, more than k, wins.
        let mut pos = Position::new(r);
        for (b, w) in row.iter().zip(white) {
            pos.play(*b);
            pos.play(w);
        }
        assert_eq!(pos.winner(), None);
        pos.play(at(&r, 2, 0));
        assert_eq!(pos.winner(), Some(Color::Black));
    }

    #[test]
    fn turns_follow_p_and_q_and_a_win_ends_the_turn() {
        // Connect6: Black 1 stone, then 2 each.
        let r = Rules::connect6();
        let mut pos = Position::new(r);
        let mut seen = Vec::new();
        for c in [
            at(&r, 9, 9),
            at(&r, 0, 0),
            at(&r, 0, 1),
            at(&r, 9, 10),
            at(&r, 9, 11),
        ] {
            seen.push((pos.to_move(), pos.stones_left()));
            pos.play(c);
        }
        seen.push((pos.to_move(), pos.stones_left()));
        use Color::{Black, White};
        assert_eq!(
            seen,
            [
                (Black, 1),
                (White, 2),
                (White, 1),
                (Black, 2),
                (Black, 1),
                (White, 2)
            ]
        );
        // 6,1,2,2,1: Black's first stone of a turn completes the line, so the turn passes
        // with a stone still to place.
        let r = rules(6, 1, 2, 2, 1);
        let mut pos = Position::from_moves(r, &[0, 2, 4]).unwrap();
        assert_eq!((pos.to_move(), pos.stones_left()), (Black, 2));
        pos.play(1);
        assert_eq!(pos.winner(), Some(Black));
        assert_eq!((pos.to_move(), pos.stones_left()), (White, 2));
    }

    #[test]
    fn illegal_moves_are_refused_with_the_point_named() {
        let r = Rules::tictactoe();
        let mut pos = Position::from_moves(r, &[4]).unwrap();
        let before = snapshot(&pos);
        let e = pos.try_play(4).unwrap_err().to_string();
        assert!(e.contains("B2 is already taken"), "{e}");
        let e = pos.try_play(9).unwrap_err().to_string();
        assert!(e.contains("off the board"), "{e}");
        assert_eq!(snapshot(&pos), before, "a refused move changes nothing");
        // A1 A2 B1 B2 C1: Black has three in a row; C2 comes after the end.
        let mut pos = Position::from_moves(r, &[0, 3, 1, 4, 2]).unwrap();
        let e = pos.try_play(5).unwrap_err().to_string();
        assert!(
            e.contains("C2 is played after Black already made 3 in a row"),
            "{e}"
        );
        let e = Position::from_moves(r, &[0, 0]).unwrap_err().to_string();
        assert!(e.contains("A1 is already taken"), "{e}");
    }

    #[test]
    fn stones_set_up_directly_match_the_same_stones_played() {
        let r = rules(6, 6, 4, 2, 1);
        let moves = [14, 15, 20, 21, 8];
        let played = Position::from_moves(r, &moves).unwrap();
        let set = Position::from_stones(r, &[14, 21, 8], &[15, 20], None).unwrap();
        let (a, b) = (snapshot(&played), snapshot(&set));
        assert_eq!((a.stones, a.key, a.windows), (b.stones, b.key, b.windows));
        assert_eq!((a.to_move, a.stones_left), (b.to_move, b.stones_left));
        assert_eq!((b.to_move, b.stones_left), (Color::White, 2));
        assert_eq!(set.moves().count(), 0, "a diagram has no move history");
        // Counts no game reaches need the turn stated; a stone given twice or a finished
        // game is refused.
        let e = Position::from_stones(r, &[14, 21, 8], &[], None).unwrap_err();
        assert!(e.to_string().contains("reaches these counts"), "{e}");
        let composed = Position::from_stones(r, &[14, 21, 8], &[], Some((Color::White, 2)));
        assert_eq!(composed.unwrap().to_move(), Color::White);
        let e = Position::from_stones(r, &[14], &[14], None).unwrap_err();
        assert!(e.to_string().contains("C3 is given twice"), "{e}");
        let e = Position::from_stones(r, &[0, 1, 2, 3], &[6, 7, 8, 9], None).unwrap_err();
        assert!(e.to_string().contains("already has 4 in a row"), "{e}");
    }

    #[test]
    fn symmetries_are_the_board_maps_and_keep_windows() {
        for (r, n) in [(rules(6, 6, 4, 2, 1), 8), (rules(7, 5, 4, 1, 1), 4)] {
            let geo = Geometry::new(r);
            assert_eq!(geo.symmetries().len(), n, "{r}");
            let identity: Vec<Cell> = (0..r.cells() as Cell).collect();
            assert_eq!(geo.symmetries()[0], identity);
            let windows: std::collections::HashSet<Vec<Cell>> = (0..geo.window_count() as WindowId)
                .map(|w| {
                    let mut cells = geo.window(w).to_vec();
                    cells.sort_unstable();
                    cells
                })
                .collect();
            let mut distinct = std::collections::HashSet::new();
            for (g, map) in geo.symmetries().iter().enumerate() {
                // A permutation whose inverse undoes it.
                let inv = geo.inverse_symmetry(g);
                for c in 0..r.cells() {
                    assert_eq!(inv[map[c] as usize] as usize, c, "{r} symmetry {g}");
                }
                // Every window maps onto a window.
                for win in &windows {
                    let mut image: Vec<Cell> = win.iter().map(|&c| map[c as usize]).collect();
                    image.sort_unstable();
                    assert!(windows.contains(&image), "{r} symmetry {g}");
                }
                distinct.insert(map.clone());
            }
            assert_eq!(distinct.len(), n, "{r}: the maps differ");
        }
    }

    #[test]
    fn symmetric_images_share_the_stone_key() {
        let mut rng = Rng(3);
        for r in [
            rules(6, 6, 4, 2, 1),
            rules(7, 5, 4, 1, 1),
            rules(9, 9, 5, 2, 2),
        ] {
            let geo = Geometry::new(r);
            for _ in 0..20 {
                let mut pos = Position::new(r);
                let moves = random_game(&mut pos, &mut rng, 12);
                let key = pos.stone_key();
                for map in geo.symmetries() {
                    let image: Vec<Cell> = moves.iter().map(|&c| map[c as usize]).collect();
                    let other = Position::from_moves(r, &image).unwrap();
                    assert_eq!(other.stone_key(), key, "{r}: {moves:?} -> {image:?}");
                }
                // A different stone changes the key (128 bits: a clash would be a bug).
                if let Some(c) = pos.empty_points().next()
                    && !pos.is_over()
                {
                    let mut next = pos.clone();
                    next.play(c);
                    assert_ne!(next.stone_key(), key);
                }
            }
        }
    }

    #[test]
    fn keys_after_a_stone_match_playing_it() {
        let mut rng = Rng(4);
        for r in test_rules() {
            for _ in 0..10 {
                let mut pos = Position::new(r);
                random_game(&mut pos, &mut rng, 10);
                if pos.is_over() {
                    continue;
                }
                let color = pos.to_move();
                for c in pos.empty_points().collect::<Vec<_>>() {
                    let key = pos.stone_key_after(c, color);
                    let g = pos.canonical_symmetry_after(c, color);
                    pos.play(c);
                    assert_eq!((pos.stone_key(), pos.canonical_symmetry()), (key, g), "{r}");
                    pos.undo();
                }
            }
        }
    }

    #[test]
    fn symmetric_positions_are_recognised() {
        let r = rules(5, 5, 4, 1, 1);
        let centre = at(&r, 2, 2);
        assert!(Position::new(r).has_symmetry());
        assert!(Position::from_moves(r, &[centre]).unwrap().has_symmetry());
        // A1 then B1: no map of the board but the identity keeps both stones in place.
        let pos = Position::from_moves(r, &[at(&r, 0, 0), at(&r, 1, 0)]).unwrap();
        assert!(!pos.has_symmetry());
    }
}
