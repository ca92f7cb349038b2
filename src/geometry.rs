//! The geometry of one rule set, shared by every position under it: the k-windows, the lines
//! that hold them, the Zobrist keys and the board's symmetries. It never changes during a game.
//!
//! A *window* is a set of k consecutive points in one of the four directions. A stone wins when
//! it fills a window with its own colour.

use crate::point::Cell;
use crate::rules::Rules;
use std::sync::Arc;

/// Index of a window, as taken by [`Geometry::window`].
pub type WindowId = u32;

/// Everything about a rule set that does not change during a game, shared by all positions.
#[derive(Debug)]
pub struct Geometry {
    /// The rules this geometry belongs to.
    pub rules: Rules,
    /// Flattened window cells: window `w` is `win_cells[w*k .. (w+1)*k]`.
    win_cells: Vec<Cell>,
    /// Per cell, the windows that contain it (`cell_wins[cell_off[c]..cell_off[c+1]]`).
    cell_wins: Vec<WindowId>,
    cell_off: Vec<u32>,
    /// Board symmetries as cell maps; index 0 is the identity.
    pub(crate) syms: Vec<Vec<Cell>>,
    /// The Zobrist keys of each cell's image under every symmetry, a cell's together:
    /// `sym_keys[cell * syms.len() + g] = zobrist[syms[g][cell]]`. Hashing a stone under all
    /// symmetries (every child of every node) then reads one short run of memory.
    sym_keys: Vec<[[u64; 2]; 2]>,
    /// The inverse of each map in `syms`.
    inverse: Vec<Vec<Cell>>,
    /// Keys for side to move and stones left, and for the search goal.
    turn_keys: Vec<[u64; 2]>,
    /// The lines that hold a window, each its points in order along its direction.
    lines: Vec<Vec<Cell>>,
    /// Per cell, the lines through it and the cell's index on each (at most four).
    cell_lines: CellLines,
}

/// The seed of the Zobrist keys. Part of the table file header in later formats.
pub const ZOBRIST_SEED: u64 = 0xC6_50_1E_5E_ED_00_00_01;

/// One step of SplitMix64: the Zobrist keys come from it, seeded with [`ZOBRIST_SEED`].
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Geometry {
    /// Builds the windows, keys and symmetries for `rules`.
    pub fn new(rules: Rules) -> Arc<Geometry> {
        let (w, h, k) = (rules.width as i32, rules.height as i32, rules.k as i32);
        let cells = rules.cells();
        let mut win_cells = Vec::new();
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            for y in 0..h {
                for x in 0..w {
                    let (ex, ey) = (x + dx * (k - 1), y + dy * (k - 1));
                    if ex < 0 || ex >= w || ey < 0 || ey >= h {
                        continue;
                    }
                    for i in 0..k {
                        win_cells.push(((y + dy * i) * w + x + dx * i) as Cell);
                    }
                }
            }
        }
        let nwin = win_cells.len() / k as usize;
        let mut per_cell: Vec<Vec<WindowId>> = vec![Vec::new(); cells];
        for wi in 0..nwin {
            for &c in &win_cells[wi * k as usize..(wi + 1) * k as usize] {
                per_cell[c as usize].push(wi as WindowId);
            }
        }
        let mut cell_off = Vec::with_capacity(cells + 1);
        let mut cell_wins = Vec::new();
        for list in &per_cell {
            cell_off.push(cell_wins.len() as u32);
            cell_wins.extend_from_slice(list);
        }
        cell_off.push(cell_wins.len() as u32);

        let mut seed = ZOBRIST_SEED;
        // Zobrist keys, two independent 64-bit halves per (cell, colour).
        let zobrist: Vec<[[u64; 2]; 2]> = (0..cells)
            .map(|_| {
                [
                    [splitmix(&mut seed), splitmix(&mut seed)],
                    [splitmix(&mut seed), splitmix(&mut seed)],
                ]
            })
            .collect();
        let turn_keys = (0..64)
            .map(|_| [splitmix(&mut seed), splitmix(&mut seed)])
            .collect();
        let syms = symmetries(rules.width as usize, rules.height as usize);
        let inverse = syms
            .iter()
            .map(|map| {
                let mut inv = vec![0; map.len()];
                for (c, &m) in map.iter().enumerate() {
                    inv[m as usize] = c as Cell;
                }
                inv
            })
            .collect();
        let sym_keys = (0..cells)
            .flat_map(|c| syms.iter().map(move |map: &Vec<Cell>| map[c]))
            .map(|image| zobrist[image as usize])
            .collect();
        let (lines, cell_lines) = board_lines(&rules);
        Arc::new(Geometry {
            rules,
            lines,
            cell_lines,
            inverse,
            win_cells,
            cell_wins,
            cell_off,
            syms,
            sym_keys,
            turn_keys,
        })
    }

    /// The Zobrist keys of `cell`'s images under the symmetries, in the order of `syms`.
    #[inline]
    pub(crate) fn symmetric_keys(&self, cell: Cell) -> &[[[u64; 2]; 2]] {
        let n = self.syms.len();
        &self.sym_keys[cell as usize * n..(cell as usize + 1) * n]
    }

    /// Number of k-windows on the board.
    pub fn window_count(&self) -> usize {
        self.win_cells.len() / self.rules.k as usize
    }

    /// The k cells of window `w`.
    #[inline]
    pub fn window(&self, w: WindowId) -> &[Cell] {
        let k = self.rules.k as usize;
        &self.win_cells[w as usize * k..(w as usize + 1) * k]
    }

    /// The lines that hold at least one window (k or more points in one direction), each as
    /// its points in order along the line; a window is k consecutive points of one of them.
    /// Lines in one direction are disjoint, and two lines cross in at most one point.
    pub fn board_lines(&self) -> &[Vec<Cell>] {
        &self.lines
    }

    /// The lines of [`Geometry::board_lines`] through `cell`, with the cell's index on each.
    #[inline]
    pub fn lines_through(&self, cell: Cell) -> &[(u32, u8)] {
        &self.cell_lines[cell as usize]
    }

    /// The windows through `cell`.
    #[inline]
    pub fn windows_of(&self, cell: Cell) -> &[WindowId] {
        let c = cell as usize;
        &self.cell_wins[self.cell_off[c] as usize..self.cell_off[c + 1] as usize]
    }

    /// Board symmetries as cell maps (8 on a square board, 4 otherwise); index 0 is the identity.
    pub fn symmetries(&self) -> &[Vec<Cell>] {
        &self.syms
    }

    /// The inverse of symmetry `g` as a cell map.
    pub fn inverse_symmetry(&self, g: usize) -> &[Cell] {
        &self.inverse[g]
    }

    /// A key for (side to move, stones left, extra) that is mixed into position hashes.
    /// `slot` must be below 64.
    pub fn turn_key(&self, slot: usize) -> [u64; 2] {
        self.turn_keys[slot]
    }
}

/// Per cell, the lines through it as (line index, the cell's index on the line).
type CellLines = Vec<Vec<(u32, u8)>>;

/// The lines of `rules`' board with room for a window, and per cell the lines through it
/// (see [`Geometry::board_lines`]). Each line starts at a point whose predecessor in the
/// direction is off the board.
fn board_lines(rules: &Rules) -> (Vec<Vec<Cell>>, CellLines) {
    let (w, h, k) = (rules.width as i32, rules.height as i32, rules.k as usize);
    let on = |x: i32, y: i32| (0..w).contains(&x) && (0..h).contains(&y);
    let mut lines = Vec::new();
    let mut cell_lines = vec![Vec::new(); rules.cells()];
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for y in 0..h {
            for x in 0..w {
                if on(x - dx, y - dy) {
                    continue;
                }
                let mut line = Vec::new();
                let (mut cx, mut cy) = (x, y);
                while on(cx, cy) {
                    line.push((cy * w + cx) as Cell);
                    (cx, cy) = (cx + dx, cy + dy);
                }
                if line.len() < k {
                    continue;
                }
                for (i, &c) in line.iter().enumerate() {
                    cell_lines[c as usize].push((lines.len() as u32, i as u8));
                }
                lines.push(line);
            }
        }
    }
    (lines, cell_lines)
}

/// The symmetries of a w x h board as cell maps: the dihedral group on square boards,
/// the four reflections and half-turn otherwise.
fn symmetries(w: usize, h: usize) -> Vec<Vec<Cell>> {
    let mut out = Vec::new();
    let n = if w == h { 8 } else { 4 };
    for t in 0..n {
        let map = (0..w * h)
            .map(|c| {
                let (x, y) = (c % w, c / w);
                let (mx, my) = (w - 1 - x, h - 1 - y);
                let (nx, ny) = match t {
                    0 => (x, y),
                    1 => (mx, y),
                    2 => (x, my),
                    3 => (mx, my),
                    4 => (y, x),
                    5 => (h - 1 - y, x),
                    6 => (y, w - 1 - x),
                    _ => (h - 1 - y, w - 1 - x),
                };
                (ny * w + nx) as Cell
            })
            .collect();
        out.push(map);
    }
    out
}
