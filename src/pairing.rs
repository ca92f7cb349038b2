//! Pairing strategies: a sound proof that a side cannot win (design notes §3, "draw side").
//!
//! # One stone a turn (Hales–Jewett pairing)
//! With one stone a turn, the defender can answer every attacker stone on one point of a
//! pair with the other point. If a set of disjoint pairs of empty points puts a whole pair
//! inside every window the attacker can still fill, the attacker never completes a window:
//! each window keeps at least one defender stone or empty point of its pair. The defender's
//! other stones only kill windows, so they never break the strategy.
//!
//! # p stones a turn: groups of p + 1
//! Pairs fail with p ≥ 2: the attacker can take both points of a pair in one turn. What works
//! is the same idea one size up. Let every window still live for the attacker (no defender
//! stone in it) contain a whole *group*, the groups being disjoint sets of p + 1 empty points.
//! The defender keeps this invariant: *every group is either entirely empty or holds a
//! defender stone.* It holds now (the groups are chosen among empty points). Then:
//!
//! - An attacker turn places at most p stones (r ≤ p on the turn under way, see below), so it
//!   touches at most p groups and cannot fill any untouched group (p + 1 > p points). Nor can
//!   it fill a group that already holds a defender stone. So no window containing a whole
//!   group is completed during the turn.
//! - The defender's next turn has p stones: one in an empty point of each group the attacker
//!   touched (at most p of them; each still has an empty point, as just shown). Spare stones
//!   go anywhere: a defender stone never hurts, it only kills windows, and putting one in an
//!   untouched group keeps the invariant. If a defender stone wins first, the attacker has
//!   not won either.
//! - So every window live now keeps a whole untouched group (all empty: not complete) or gets
//!   a defender stone (dead); windows dead now stay dead. The attacker never makes k.
//!
//! For p = 1 the groups are exactly the pairs above. The turn under way matters only when the
//! attacker is to move: with r stones left it may touch r groups before the defender's p
//! answers, so the argument needs r ≤ p; Black's first turn with q > p is not covered and
//! answers `false`. With the defender to move, its own stones come first and only help.
//! The node the strategy applies to is any position: which stones led there is irrelevant.
//!
//! Tested against the exhaustive oracle in `tests/exhaustive.rs` (every claim on random
//! positions for p = 1, 2, 3 is an attacker non-win there).

use crate::board::{Cell, Position, WindowId};
use crate::rules::Color;

/// True if a pairing strategy (pairs for p = 1, disjoint groups of p + 1 points for larger p;
/// see the module docs) shows that `attacker` can never complete a line from `pos`. `budget`
/// bounds the backtracking (an exhausted budget answers `false`, which is always safe).
pub fn attacker_is_paired_off(pos: &Position, attacker: Color, budget: u32) -> bool {
    attacker_groups(pos, attacker, budget).is_some()
}

/// The groups of the pairing strategy [`attacker_is_paired_off`] finds: disjoint sets of
/// p + 1 empty points (pairs for p = 1), every window still live for `attacker` holding a
/// whole one. Proof certificates carry them so the checker can test the claim itself.
pub fn attacker_groups(pos: &Position, attacker: Color, budget: u32) -> Option<Vec<Vec<Cell>>> {
    let rules = pos.rules();
    let size = rules.p as usize + 1;
    if pos.to_move() == attacker && pos.stones_left() > rules.p {
        return None;
    }
    if !enough_points(pos, attacker) {
        return None;
    }
    let windows = live_windows(pos, attacker, size)?;
    let mut search = GroupSearch::new(windows, rules.cells(), size, budget, orders_groups(pos));
    search
        .cover()
        .then(|| search.members.chunks(size).map(<[Cell]>::to_vec).collect())
}

/// A stone for the defender (the side to move, the opponent of `attacker`) after which a
/// pairing strategy holds: the defender plays it and then follows the strategy, so the
/// attacker cannot win from `pos`. A defender stone kills the windows through it and changes
/// nothing else the strategy reads (if the defender still has stones to play afterwards,
/// those only help), so each try is the group search over the live windows that avoid the
/// stone. Only stones lying in every live window too short for a group are tried (any other
/// leaves such a window alive and the search fails), and among them only stones in some
/// live window. Each try gets `budget` backtracking steps; `None` claims nothing.
pub fn pairing_reply(pos: &Position, attacker: Color, budget: u32) -> Option<Cell> {
    reply_groups(pos, attacker, budget).map(|(c, _)| c)
}

/// [`pairing_reply`] with the groups of the strategy that holds after the stone: disjoint
/// sets of p + 1 empty points, every window still live for `attacker` once the stone is down
/// holding a whole one. The search prunes the attacker's moves with them (see
/// [`reply_covers`]).
pub fn reply_groups(
    pos: &Position,
    attacker: Color,
    budget: u32,
) -> Option<(Cell, Vec<Vec<Cell>>)> {
    if pos.to_move() == attacker || pos.is_over() {
        return None;
    }
    let size = pos.rules().p as usize + 1;
    let geo = pos.geometry();
    let (windows, ids) = live_windows_with_ids(pos, attacker, 0)?;
    // Where each board window sits in `windows` (NONE: dead), to switch off the windows a
    // candidate stone kills without scanning them all.
    let mut slot = vec![NONE; geo.window_count()];
    for (i, &w) in ids.iter().enumerate() {
        slot[w as usize] = i as u32;
    }
    let mut candidates: Vec<Cell> = windows.cells.clone();
    candidates.sort_unstable();
    candidates.dedup();
    for w in windows.iter().filter(|w| w.len() < size) {
        candidates.retain(|c| w.contains(c));
    }
    // k <= p: no group fits in a window, and no reply is claimed.
    let count = PointCount::new(pos, attacker)?;
    let ordered = orders_groups(pos);
    let mut search = GroupSearch::new(windows, pos.rules().cells(), size, budget, ordered);
    for c in candidates {
        if !count.fits_after(pos, attacker, c) {
            continue;
        }
        search.active.fill(true);
        for &w in geo.windows_of(c) {
            let i = slot[w as usize];
            if i != NONE {
                search.active[i as usize] = false;
            }
        }
        search.budget = budget;
        if search.cover() {
            let groups = search.members.chunks(size).map(<[Cell]>::to_vec).collect();
            return Some((c, groups));
        }
    }
    None
}

/// True if the attacker's stone `other` is beaten by the same defender stones and groups as
/// the stone `played`.
///
/// The setting: `pos` has the attacker to move with the last stone of its turn and no win
/// with it; the attacker's stone `played` was answered by the defender's `stones` (one turn
/// or less), after which `groups` cover every window live for the attacker (as found by
/// [`attacker_groups`] or [`reply_groups`]). Then for any empty point `other` outside the
/// groups and the stones, the position after `other` and the same stones holds the same
/// strategy: it differs from the one after `played` only at `played` (now empty) and `other`
/// (now an attacker stone), neither in a group. So the defender stones are the same and kill
/// the same windows, and every other window holds the same whole group, still all empty. Nor
/// can the attacker win with `other` itself: `pos` has no window it completes with one
/// stone. This is a relevance zone (design notes §3) for the no-win side in its narrowest
/// form: the groups and the defender's stones (the search builds it as a zone, see
/// [`crate::zone`], and with one stone a turn carries it up the tree).
pub fn reply_covers(groups: &[Vec<Cell>], stones: &[Cell], other: Cell) -> bool {
    !stones.contains(&other) && !groups.iter().any(|g| g.contains(&other))
}

/// Whether the group search tries the groups inside the most uncovered windows first (see
/// [`GroupSearch::cover`]): only where a window has at least three points to spare beside
/// a group (k >= p + 4). Measured on one thread (`results/pairing-order.md`), covering
/// order against enumeration order: 7,7,6,2,1 1k nodes against 53k, 7,7,5,1,1 168k against
/// 291k, a median of 0.75 of the nodes on twelve 8,8,5,1,1 positions; but with two points
/// to spare Black's no-win on 7,6,5,2,1 took 90.3M against 31.7M (6,6,5,2,1, 7,5,5,2,1 and
/// the 4-in-a-row boards within 10% either way). Either order is sound: only the budget's
/// reach changes.
fn orders_groups(pos: &Position) -> bool {
    let r = pos.rules();
    r.k >= r.p + 4
}

/// A necessary condition for any cover by groups, tried before the search because it costs
/// one pass over the windows: the groups it would take must fit on the empty points. The
/// p + 1 points of a group lie in one window, so on one line, and distinct points fix that
/// line; a group spans at least p + 1 points of it, so it lies inside at most k - p of the
/// line's windows. A line with w live windows therefore needs at least ceil(w / (k - p))
/// groups of its own, and all the groups are disjoint sets of p + 1 empty points.
struct PointCount {
    /// Live windows per line (see [`Geometry::line`](crate::board::Geometry::line)).
    per_line: Vec<u16>,
    /// Windows one group can lie in: k - p.
    reach: usize,
    /// Points per group: p + 1.
    size: usize,
    /// Empty points.
    free: usize,
    /// Groups the lines need together: the sum of ceil(w / reach) over `per_line`.
    groups: usize,
}

impl PointCount {
    /// The counts of `pos`; `None` when k <= p (no group fits in a window).
    fn new(pos: &Position, attacker: Color) -> Option<PointCount> {
        let r = pos.rules();
        let (k, p) = (r.k as usize, r.p as usize);
        if k <= p {
            return None;
        }
        let geo = pos.geometry();
        let mut per_line = vec![0u16; geo.line_count()];
        for w in 0..geo.window_count() as WindowId {
            if pos.window_live(w, attacker) {
                per_line[geo.line(w)] += 1;
            }
        }
        let reach = k - p;
        let groups = per_line.iter().map(|&w| (w as usize).div_ceil(reach)).sum();
        Some(PointCount {
            per_line,
            reach,
            size: p + 1,
            free: pos.empties(),
            groups,
        })
    }

    /// The bound for `pos` as it is.
    fn fits(&self) -> bool {
        self.groups * self.size <= self.free
    }

    /// The bound after a defender stone on `stone`: the windows through it are dead and the
    /// point is taken. Only the (at most four) lines through the stone change, so only
    /// their share of the group count is worked out again.
    fn fits_after(&self, pos: &Position, attacker: Color, stone: Cell) -> bool {
        let geo = pos.geometry();
        // (line, live windows the stone kills on it)
        let mut killed: [(usize, u16); 4] = [(usize::MAX, 0); 4];
        for &w in geo.windows_of(stone) {
            if !pos.window_live(w, attacker) {
                continue;
            }
            let line = geo.line(w);
            let slot = killed
                .iter()
                .position(|&(l, _)| l == line || l == usize::MAX)
                .expect("a point lies on at most four lines");
            killed[slot] = (line, killed[slot].1 + 1);
        }
        let mut groups = self.groups;
        for &(line, dead) in killed.iter().filter(|&&(l, _)| l != usize::MAX) {
            let w = self.per_line[line] as usize;
            groups -= w.div_ceil(self.reach) - (w - dead as usize).div_ceil(self.reach);
        }
        // The stone takes one of the free points: `groups * size <= free - 1`.
        groups * self.size < self.free
    }
}

/// [`PointCount::fits`] for `pos`, with k <= p meaning no live window may be left.
fn enough_points(pos: &Position, attacker: Color) -> bool {
    match PointCount::new(pos, attacker) {
        Some(count) => count.fits(),
        None => pos.live_windows(attacker) == 0,
    }
}

/// Sets of points stored end to end: the empty points of live windows, without one
/// allocation a window (the group search runs at most new nodes, so this is a hot path).
#[derive(Clone)]
struct Windows {
    cells: Vec<Cell>,
    /// Window `i` is `cells[start[i]..start[i + 1]]`.
    start: Vec<u32>,
}

impl Windows {
    fn len(&self) -> usize {
        self.start.len() - 1
    }

    fn get(&self, i: usize) -> &[Cell] {
        &self.cells[self.start[i] as usize..self.start[i + 1] as usize]
    }

    fn iter(&self) -> impl Iterator<Item = &[Cell]> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }
}

/// The empty points of every window still live for `attacker`; `None` if one has fewer than
/// `min` of them (found at the first such window).
fn live_windows(pos: &Position, attacker: Color, min: usize) -> Option<Windows> {
    let (windows, _) = live_windows_with_ids(pos, attacker, min)?;
    Some(windows)
}

/// The empty points of every window still live for `attacker`, and each one's window id, in
/// window order; `None` if one has fewer than `min` empty points.
fn live_windows_with_ids(
    pos: &Position,
    attacker: Color,
    min: usize,
) -> Option<(Windows, Vec<WindowId>)> {
    let geo = pos.geometry();
    let mut windows = Windows {
        cells: Vec::new(),
        start: vec![0],
    };
    let mut ids = Vec::new();
    for w in (0..geo.window_count() as WindowId).filter(|&w| pos.window_live(w, attacker)) {
        let before = windows.cells.len();
        let empties = geo.window(w).iter().copied().filter(|&c| pos.is_empty(c));
        windows.cells.extend(empties);
        if windows.cells.len() - before < min {
            return None;
        }
        windows.start.push(windows.cells.len() as u32);
        ids.push(w);
    }
    Some((windows, ids))
}

/// No group.
const NONE: u32 = u32::MAX;

struct GroupSearch {
    windows: Windows,
    /// The windows to cover (the others are dead).
    active: Vec<bool>,
    /// The group of each point, [`NONE`] when a point is in no group.
    group: Vec<u32>,
    /// The points of the chosen groups, `size` a group in the order chosen.
    members: Vec<Cell>,
    /// Points per group: p + 1.
    size: usize,
    budget: u32,
    /// Per window: its points in no group yet.
    free: Vec<u32>,
    /// Per window: the chosen groups lying wholly inside it (0: not covered).
    inside: Vec<u32>,
    /// The windows through each point, as offsets into `through` (point `c`'s windows are
    /// `through[start[c]..start[c + 1]]`): placing a group updates only those windows'
    /// counts, so each step of the search reads two counts a window instead of its points.
    start: Vec<u32>,
    through: Vec<u32>,
    /// Try the groups that cover the most windows first (see [`orders_groups`]).
    ordered: bool,
    /// The search levels' free points and candidate groups, as a stack (see `cover`).
    scratch: Vec<Cell>,
    /// The levels' combination indices, as a stack.
    index: Vec<usize>,
    /// The levels' group scores (windows covered, group number), as a stack.
    keys: Vec<(u32, u32)>,
}

impl GroupSearch {
    /// A search over `windows`, all of them to be covered, on a board of `cells` points.
    fn new(windows: Windows, cells: usize, size: usize, budget: u32, ordered: bool) -> GroupSearch {
        let mut start = vec![0u32; cells + 1];
        for w in windows.iter() {
            for &c in w {
                start[c as usize + 1] += 1;
            }
        }
        for c in 0..cells {
            start[c + 1] += start[c];
        }
        let mut through = vec![0u32; start[cells] as usize];
        let mut next = start.clone();
        for (i, w) in windows.iter().enumerate() {
            for &c in w {
                through[next[c as usize] as usize] = i as u32;
                next[c as usize] += 1;
            }
        }
        GroupSearch {
            active: vec![true; windows.len()],
            free: windows.iter().map(|w| w.len() as u32).collect(),
            inside: vec![0; windows.len()],
            windows,
            group: vec![NONE; cells],
            members: Vec::new(),
            size,
            budget,
            start,
            through,
            ordered,
            scratch: Vec::new(),
            index: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// The windows (indices into `windows`) through point `c`.
    fn windows_through(&self, c: Cell) -> std::ops::Range<usize> {
        self.start[c as usize] as usize..self.start[c as usize + 1] as usize
    }

    /// Makes the `size` points at `scratch[at..]` a group (`add`) or undoes that (`!add`):
    /// its points leave (or rejoin) the free points of their windows, and the windows holding
    /// all of it gain (or lose) one group inside.
    fn place(&mut self, at: usize, add: bool) {
        let id = if add {
            (self.members.len() / self.size) as u32
        } else {
            NONE
        };
        for t in at..at + self.size {
            let a = self.scratch[t];
            self.group[a as usize] = id;
            for j in self.windows_through(a) {
                let i = self.through[j] as usize;
                if add {
                    self.free[i] -= 1;
                } else {
                    self.free[i] += 1;
                }
            }
        }
        for j in self.windows_through(self.scratch[at]) {
            let i = self.through[j] as usize;
            if self.holds_group(i, at) {
                if add {
                    self.inside[i] += 1;
                } else {
                    self.inside[i] -= 1;
                }
            }
        }
        if add {
            self.members
                .extend_from_slice(&self.scratch[at..at + self.size]);
        } else {
            self.members.truncate(self.members.len() - self.size);
        }
    }

    /// True if window `i` holds every point of the group at `scratch[at..]` but the first
    /// (whose windows the callers walk).
    fn holds_group(&self, i: usize, at: usize) -> bool {
        let w = self.windows.get(i);
        self.scratch[at + 1..at + self.size]
            .iter()
            .all(|b| w.contains(b))
    }

    /// Backtracking: cover the most constrained uncovered window first, trying each set of
    /// `size` of its free points as a new group; with `ordered`, those inside the most
    /// uncovered windows first (a group that covers many windows at once leaves fewer to
    /// cover, so covers are often found within a smaller budget), else in enumeration order.
    ///
    /// Each level keeps its free points, groups and scores on the shared stacks `scratch`,
    /// `index` and `keys`, above what the levels under way left there, and pops them before
    /// it returns: a search allocates nothing per step once the stacks have grown.
    fn cover(&mut self) -> bool {
        let mut pick: Option<(usize, u32)> = None;
        for i in 0..self.windows.len() {
            if !self.active[i] || self.inside[i] > 0 {
                continue;
            }
            let free = self.free[i];
            if (free as usize) < self.size {
                return false;
            }
            if pick.is_none_or(|(_, f)| free < f) {
                pick = Some((i, free));
            }
        }
        let Some((i, _)) = pick else { return true };
        let (base, index_base, keys_base) = (self.scratch.len(), self.index.len(), self.keys.len());
        for t in self.windows.start[i] as usize..self.windows.start[i + 1] as usize {
            let a = self.windows.cells[t];
            if self.group[a as usize] == NONE {
                self.scratch.push(a);
            }
        }
        let found = if self.ordered {
            self.cover_ordered(base)
        } else {
            self.cover_in_turn(base)
        };
        self.scratch.truncate(base);
        self.index.truncate(index_base);
        self.keys.truncate(keys_base);
        found
    }

    /// [`GroupSearch::cover`] in enumeration order over the free points at `scratch[base..]`:
    /// each group is tried as it comes, written just above them.
    fn cover_in_turn(&mut self, base: usize) -> bool {
        let n = self.scratch.len() - base;
        let at = self.scratch.len();
        let first = self.index.len();
        self.scratch.resize(at + self.size, 0);
        self.index.extend(0..self.size);
        let mut started = false;
        while next_combination(&mut self.index[first..], n, &mut started) {
            for t in 0..self.size {
                self.scratch[at + t] = self.scratch[base + self.index[first + t]];
            }
            if let Some(found) = self.try_group(at) {
                return found;
            }
        }
        false
    }

    /// [`GroupSearch::cover`] in covering order over the free points at `scratch[base..]`:
    /// every group first, end to end above them, scored in `keys`, then the best first.
    fn cover_ordered(&mut self, base: usize) -> bool {
        let n = self.scratch.len() - base;
        let groups = self.scratch.len();
        let first = self.index.len();
        let keys = self.keys.len();
        self.index.extend(0..self.size);
        let mut started = false;
        while next_combination(&mut self.index[first..], n, &mut started) {
            let at = self.scratch.len();
            for t in 0..self.size {
                let a = self.scratch[base + self.index[first + t]];
                self.scratch.push(a);
            }
            let covers = self.uncovered_holding(at);
            let g = (self.keys.len() - keys) as u32;
            self.keys.push((covers, g));
        }
        // Most windows covered first; equal counts keep the enumeration order.
        self.keys[keys..].sort_by_key(|&(covers, _)| std::cmp::Reverse(covers));
        for j in keys..self.keys.len() {
            let at = groups + self.keys[j].1 as usize * self.size;
            if let Some(found) = self.try_group(at) {
                return found;
            }
        }
        false
    }

    /// One step of the search: the group at `scratch[at..]` placed, the rest covered, or
    /// taken back. `Some` ends the search at this level: `true` for a cover, `false` when the
    /// budget is spent.
    fn try_group(&mut self, at: usize) -> Option<bool> {
        if self.budget == 0 {
            return Some(false);
        }
        self.budget -= 1;
        self.place(at, true);
        if self.cover() {
            return Some(true);
        }
        self.place(at, false);
        None
    }

    /// The active windows not yet covered that hold every point of the group at
    /// `scratch[at..]`.
    fn uncovered_holding(&self, at: usize) -> u32 {
        let mut n = 0;
        for j in self.windows_through(self.scratch[at]) {
            let i = self.through[j] as usize;
            if self.active[i] && self.inside[i] == 0 && self.holds_group(i, at) {
                n += 1;
            }
        }
        n
    }
}

/// Steps `index` (increasing indices below `n`) to the next set of its size in
/// lexicographic order; the first call (`started` false) keeps the first set. False when
/// there are no more.
fn next_combination(index: &mut [usize], n: usize, started: &mut bool) -> bool {
    let size = index.len();
    if size > n {
        return false;
    }
    if *started {
        // The last index that can still move right, then its followers just after it.
        let Some(i) = (0..size).rev().find(|&i| index[i] < n - size + i) else {
            return false;
        };
        index[i] += 1;
        for j in i + 1..size {
            index[j] = index[j - 1] + 1;
        }
    }
    *started = true;
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::rules::Rules;

    fn pos(rules: &str, moves: &str) -> Position {
        let r = Rules::parse(rules).unwrap();
        Position::from_moves(r, &parse_moves(&r, moves).unwrap()).unwrap()
    }

    #[test]
    fn tictactoe_empty_board_has_no_pairing() {
        // Black wins nothing on 3x3, but not by pairing: the centre lies in four lines.
        assert!(!attacker_is_paired_off(
            &pos("3,3,3,1,1", ""),
            Color::Black,
            10_000
        ));
    }

    #[test]
    fn two_rows_pair_off_columns() {
        // k = 2 on a 1-column board of 4: windows {1,2},{2,3},{3,4}: no disjoint pairs cover
        // all three, so no pairing...
        assert!(!attacker_is_paired_off(
            &pos("1,4,2,1,1", ""),
            Color::Black,
            10_000
        ));
        // ...but 1x4 with k = 4 is one window, paired trivially.
        assert!(attacker_is_paired_off(
            &pos("1,4,4,1,1", ""),
            Color::Black,
            10_000
        ));
    }

    #[test]
    fn groups_of_three_with_two_stones_a_turn() {
        // 1x4, k = 4, p = 2: one window; a group of three inside it is enough, since Black
        // can put at most two stones in it before White answers.
        assert!(attacker_is_paired_off(
            &pos("1,4,4,2,1", ""),
            Color::Black,
            10_000
        ));
        // 1x3, k = 3: the group is the whole window. Black's first turn of q = 2 still
        // leaves one point for White...
        assert!(attacker_is_paired_off(
            &pos("1,3,3,2,2", ""),
            Color::Black,
            10_000
        ));
        // ...but q = 3 > p fills it: the argument needs at most p stones in the turn.
        assert!(!attacker_is_paired_off(
            &pos("1,3,3,2,3", ""),
            Color::Black,
            10_000
        ));
        // Two overlapping windows of three on 1x4 (k = 3) cannot hold disjoint groups.
        assert!(!attacker_is_paired_off(
            &pos("1,4,3,2,1", ""),
            Color::Black,
            10_000
        ));
    }

    #[test]
    fn a_defender_stone_can_make_a_pairing() {
        // 6x1, k = 4, p = 2: Black C1, White A1 and (to play) one more stone. Before it,
        // Black's live windows B1-E1 and C1-F1 overlap in D1 and E1, so no disjoint groups
        // of three cover both; a White stone in either kills it, and the other's three
        // empty points are a group (D1 or E1 kill both).
        let p = pos("6,1,4,2,1", "C1 A1");
        let c = pairing_reply(&p, Color::Black, 1_000).expect("a pairing reply");
        let name = crate::notation::format_point(p.rules(), c);
        assert!(["B1", "D1", "E1", "F1"].contains(&name.as_str()), "{name}");
        assert!(!attacker_is_paired_off(&p, Color::Black, 1_000));
        // With Black to move there is no defender stone to play.
        assert_eq!(
            pairing_reply(&pos("6,1,4,2,1", ""), Color::Black, 1_000),
            None
        );
    }

    #[test]
    fn a_window_with_p_empty_points_is_not_grouped() {
        // 6x1, k = 4, p = 2: Black C1, White A1 F1, Black D1 with a stone left. The window
        // B1-E1 has two empty points, fewer than a group of three.
        let p = pos("6,1,4,2,1", "C1 A1 F1 D1");
        assert!(!attacker_is_paired_off(&p, Color::Black, 10_000));
        // White to move after Black A1 on 4x1: the window's three empty points are a group.
        let p = pos("4,1,4,2,1", "A1");
        assert!(attacker_is_paired_off(&p, Color::Black, 10_000));
    }

    #[test]
    fn a_window_with_one_empty_point_is_never_paired() {
        // Black A1 B1 C1 leaves the window A1-D1 one empty point: nothing pairs it.
        let p = pos("5,2,4,1,1", "A1 A2 B1 B2 C1");
        assert!(!attacker_is_paired_off(&p, Color::Black, 10_000));
        // With two empty points (A1 B1 only, White on E1), D1-C1 pair it off.
        let p = pos("5,1,4,1,1", "A1 E1 B1");
        assert!(attacker_is_paired_off(&p, Color::Black, 10_000));
    }

    /// A seeded generator of numbers below its argument (a linear congruential step).
    fn below(seed: u64) -> impl FnMut(usize) -> usize {
        let mut state = seed;
        move |n| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % n
        }
    }

    /// The group search with no bound tried first.
    fn cover_found(pos: &Position, attacker: Color) -> bool {
        let size = pos.rules().p as usize + 1;
        let Some(windows) = live_windows(pos, attacker, size) else {
            return false;
        };
        GroupSearch::new(
            windows,
            pos.rules().cells(),
            size,
            20_000,
            orders_groups(pos),
        )
        .cover()
    }

    #[test]
    fn the_point_count_bound_only_rejects_boards_without_a_cover() {
        // Empty 8x8 Connect6: 26 lines hold live windows, so 26 groups of 3 would need 78 of
        // the 64 points.
        let open = pos("8,8,6,2,1", "");
        assert!(!enough_points(&open, Color::Black));
        // Every cover the unbounded search finds on random positions passes the bound.
        let mut next = below(0x0B0D);
        let (mut covers, mut rejected) = (0, 0);
        for rules in [
            "5,5,4,1,1",
            "6,6,5,2,1",
            "7,5,5,2,2",
            "6,6,6,2,1",
            "6,5,4,3,1",
        ] {
            let r = Rules::parse(rules).unwrap();
            for _ in 0..300 {
                let mut p = Position::new(r);
                // Late positions, where enough windows are dead for covers to exist.
                let stones = r.cells() - 4 - next(r.cells() / 2);
                for _ in 0..stones {
                    let empty: Vec<Cell> =
                        (0..r.cells() as Cell).filter(|&c| p.is_empty(c)).collect();
                    if p.is_over() || empty.is_empty() {
                        break;
                    }
                    p.play(empty[next(empty.len())]);
                }
                if p.is_over() {
                    continue;
                }
                for attacker in [Color::Black, Color::White] {
                    let bound = enough_points(&p, attacker);
                    if cover_found(&p, attacker) {
                        covers += 1;
                        assert!(bound, "{rules}: a cover the bound rejects");
                    } else if !bound {
                        rejected += 1;
                    }
                }
            }
        }
        assert!(
            covers > 20 && rejected > 20,
            "covers {covers}, rejected {rejected}"
        );
    }

    #[test]
    fn window_lines_group_exactly_the_collinear_windows() {
        // The point count sums over lines: two windows must share a line index exactly when
        // they lie on one geometric line (same direction, same invariant coordinate).
        for rules in [
            "7,6,5,2,1",
            "6,9,4,1,1",
            "8,8,6,2,2",
            "5,1,3,1,1",
            "1,5,3,1,1",
        ] {
            let geo = crate::board::Geometry::new(Rules::parse(rules).unwrap());
            let m = geo.rules.width as i64;
            let mut seen: Vec<((i64, i64, i64), usize)> = Vec::new();
            for w in 0..geo.window_count() as WindowId {
                let cells = geo.window(w);
                let xy = |c: Cell| (c as i64 % m, c as i64 / m);
                let ((x0, y0), (x1, y1)) = (xy(cells[0]), xy(cells[1]));
                let (dx, dy) = (x1 - x0, y1 - y0);
                let line = (dx, dy, dy * x0 - dx * y0);
                let index = geo.line(w);
                assert!(index < geo.line_count(), "{rules}");
                for &(other, other_index) in &seen {
                    assert_eq!(other == line, other_index == index, "{rules}: window {w}");
                }
                seen.push((line, index));
            }
        }
    }

    #[test]
    fn covering_order_finds_valid_covers_within_a_small_budget() {
        // Random middle-game positions on boards where the search orders its groups (k >= p + 4):
        // every cover found is disjoint groups of empty points with one inside every live
        // window, and within 64 steps the covering order finds more than enumeration order.
        let mut next = below(0x5EED_0AD5);
        let (mut ordered, mut plain) = (0, 0);
        for rules in ["8,8,5,1,1", "7,7,6,2,1"] {
            let r = Rules::parse(rules).unwrap();
            for _ in 0..400 {
                let mut p = Position::new(r);
                let stones = r.cells() / 5 + next(r.cells() / 3);
                for _ in 0..stones {
                    let empty: Vec<Cell> = p.empty_points().collect();
                    if p.is_over() || empty.is_empty() {
                        break;
                    }
                    p.play(empty[next(empty.len())]);
                }
                if p.is_over() {
                    continue;
                }
                assert!(orders_groups(&p), "{rules}");
                let attacker = p.to_move().opponent();
                let size = r.p as usize + 1;
                let Some(windows) = live_windows(&p, attacker, size) else {
                    continue;
                };
                let run = |order: bool| {
                    let mut search = GroupSearch::new(windows.clone(), r.cells(), size, 64, order);
                    search.cover().then(|| search.members.clone())
                };
                if let Some(members) = run(true) {
                    ordered += 1;
                    let groups: Vec<&[Cell]> = members.chunks(size).collect();
                    let mut used: Vec<Cell> = members.clone();
                    used.sort_unstable();
                    used.dedup();
                    assert_eq!(used.len(), members.len(), "{rules}: groups overlap");
                    assert!(members.iter().all(|&c| p.is_empty(c)), "{rules}");
                    for w in windows.iter() {
                        assert!(
                            groups.iter().any(|g| g.iter().all(|c| w.contains(c))),
                            "{rules}: a live window without a group"
                        );
                    }
                }
                plain += run(false).is_some() as usize;
            }
        }
        assert!(
            ordered > plain && plain > 0,
            "ordered {ordered}, plain {plain}"
        );
    }

    #[test]
    fn budget_zero_is_no_claim() {
        assert!(!attacker_is_paired_off(
            &pos("1,4,4,1,1", ""),
            Color::Black,
            0
        ));
    }
}
