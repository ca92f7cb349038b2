//! The search for a cover by groups, line by line, exact within its budget.
//!
//! A group (p + 1 empty points inside one window) lies on that window's line, so it covers
//! windows of that line only. A cover of every live window is therefore one cover per line,
//! the lines' covers taking disjoint points. What one line's cover means to the others is
//! only the set of points it takes, and a cover whose points include those of another cover
//! of the same line is never needed: the smaller one takes fewer points from everyone else.
//! So each line has a short list of *options*, the inclusion-minimal point sets that hold a
//! cover of its live windows, and a cover of the board is one option per line with no point
//! taken twice. That is a small constraint problem, one variable per line with live windows,
//! solved by backtracking with the line of fewest options first and forward checking: lines
//! cross in at most one point, so an option rules out the options of the crossing lines
//! that take one of its points, and a line left with none fails at once.
//!
//! The search is complete: without a budget it finds a cover whenever one exists (every
//! cover contains, line by line, the points of some option). Only the budget, a bound on
//! the options tried, makes it give up, and giving up claims nothing.
//!
//! A line's options depend only on its pattern (which points are empty, which hold the
//! defender's stones), so they are worked out once per pattern and kept in a per-thread
//! cache.
//!
//! The design: docs/design.md §5.7.

use crate::board::{Cell, Position};
use crate::rules::Color;
use hashbrown::HashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// Group sets (or windows' empty points) on one line: bit i is the line's i-th point.
type LineSet = u64;

/// Cover steps allowed while listing one line's options (a long line with many windows can
/// have very many; past this the line, and so the whole search, answers "not found").
const LIST_STEPS: u32 = 20_000;

/// Patterns kept in the per-thread cache before it starts afresh.
const CACHE_ENTRIES: usize = 1 << 20;

/// No variable, no option.
const NONE: u32 = u32::MAX;

/// One line's options with the index the search needs.
struct Options {
    /// The minimal point sets, fewest points first.
    sets: Vec<LineSet>,
    /// Words of a bit set over `sets`.
    words: usize,
    /// For each point i of the line, the options that take it:
    /// `uses[i * words..(i + 1) * words]`.
    uses: Vec<u64>,
    /// Points of the smallest option.
    min: u32,
}

impl Options {
    fn new(sets: Vec<LineSet>, len: usize) -> Options {
        let words = sets.len().div_ceil(64).max(1);
        let mut uses = vec![0u64; len * words];
        for (o, &s) in sets.iter().enumerate() {
            for i in bits(s) {
                uses[i * words + o / 64] |= 1 << (o % 64);
            }
        }
        let min = sets.first().map_or(0, |s| s.count_ones());
        Options {
            sets,
            words,
            uses,
            min,
        }
    }
}

/// What a line's pattern decides: the key of the per-thread cache.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Pattern {
    empty: LineSet,
    defender: LineSet,
    len: u8,
    k: u8,
    size: u8,
}

/// A line's options: `None` when listing them ran out of steps; an empty list when some live
/// window has fewer than `size` empty points (nothing covers it); `[0]`, the empty set,
/// when the line has no live window.
type Listed = Option<Rc<Options>>;

thread_local! {
    static CACHE: RefCell<HashMap<Pattern, Listed>> = RefCell::new(HashMap::new());
}

/// The options of the line with this pattern, from the cache or worked out now.
fn options(pattern: Pattern) -> Listed {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some(found) = cache.get(&pattern) {
            return found.clone();
        }
        if cache.len() >= CACHE_ENTRIES {
            cache.clear();
        }
        let listed =
            minimal_covers(pattern).map(|sets| Rc::new(Options::new(sets, pattern.len as usize)));
        cache.insert(pattern, listed.clone());
        listed
    })
}

/// The empty points of each window of the line that the defender has not entered.
fn live_windows(p: Pattern) -> Vec<LineSet> {
    let (len, k) = (p.len as usize, p.k as usize);
    let window = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
    (0..=len - k)
        .map(|s| window << s)
        .filter(|&w| w & p.defender == 0)
        .map(|w| w & p.empty)
        .collect()
}

/// The inclusion-minimal point sets of the line's covers, fewest points first (see
/// [`Listed`] for the cases); `None` past [`LIST_STEPS`].
fn minimal_covers(p: Pattern) -> Option<Vec<LineSet>> {
    let live = live_windows(p);
    if live.iter().any(|w| w.count_ones() < p.size as u32) {
        return Some(Vec::new());
    }
    let mut found = Vec::new();
    let mut lister = Lister {
        live: &live,
        size: p.size as usize,
        within: u64::MAX,
        steps: LIST_STEPS,
        groups: Vec::new(),
    };
    if !lister.list(0, 0, &mut |used, _| {
        found.push(used);
        true
    }) {
        return None;
    }
    found.sort_unstable_by_key(|s| (s.count_ones(), *s));
    found.dedup();
    let mut minimal: Vec<LineSet> = Vec::new();
    for s in found {
        if !minimal.iter().any(|&m| subset(m, s)) {
            minimal.push(s);
        }
    }
    Some(minimal)
}

/// The groups of one cover of the line's live windows that takes only points of `within`.
fn groups_within(p: Pattern, within: LineSet) -> Option<Vec<LineSet>> {
    let live = live_windows(p);
    let mut out = None;
    let mut lister = Lister {
        live: &live,
        size: p.size as usize,
        within,
        steps: u32::MAX,
        groups: Vec::new(),
    };
    lister.list(0, 0, &mut |_, groups| {
        out = Some(groups.to_vec());
        false
    });
    out
}

/// Lists covers of one line's live windows: the first window with no group inside gets each
/// set of `size` of its free points in turn as a new group. Every minimal cover is reached
/// this way (its group inside that window is one of those tried).
struct Lister<'a> {
    live: &'a [LineSet],
    size: usize,
    /// Points the groups may take.
    within: LineSet,
    steps: u32,
    groups: Vec<LineSet>,
}

impl Lister<'_> {
    /// Calls `found(points, groups)` for each cover; it returns false to stop. False when
    /// stopped, by `found` or out of steps.
    fn list(
        &mut self,
        from: usize,
        used: LineSet,
        found: &mut dyn FnMut(LineSet, &[LineSet]) -> bool,
    ) -> bool {
        let open = (from..self.live.len()).find(|&i| {
            let w = self.live[i];
            !self.groups.iter().any(|&g| subset(g, w))
        });
        let Some(i) = open else {
            return found(used, &self.groups);
        };
        let free = self.live[i] & !used & self.within;
        let mut go_on = true;
        for_each_subset(free, self.size, &mut |g| {
            if self.steps == 0 {
                go_on = false;
                return false;
            }
            self.steps -= 1;
            self.groups.push(g);
            go_on = self.list(i + 1, used | g, found);
            self.groups.pop();
            go_on
        });
        go_on
    }
}

/// Calls `f` with every subset of `size` bits of `set` until it returns false.
fn for_each_subset(set: u64, size: usize, f: &mut dyn FnMut(u64) -> bool) {
    let points: Vec<u32> = bits(set).map(|i| i as u32).collect();
    let n = points.len();
    if size > n || size == 0 {
        return;
    }
    let mut index: Vec<usize> = (0..size).collect();
    loop {
        let g = index.iter().fold(0u64, |acc, &i| acc | 1 << points[i]);
        if !f(g) {
            return;
        }
        // The last index that can still move right, then its followers just after it.
        let Some(i) = (0..size).rev().find(|&i| index[i] < n - size + i) else {
            return;
        };
        index[i] += 1;
        for j in i + 1..size {
            index[j] = index[j - 1] + 1;
        }
    }
}

/// True if every point of `a` is in `b`.
fn subset(a: LineSet, b: LineSet) -> bool {
    a & !b == 0
}

/// The indices of the set bits of `set`, lowest first.
fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

/// One search for a cover of the windows live for `attacker` in `pos`, with any defender
/// stone tried on top of the position (see [`Cover::with_stone`]).
pub(super) struct Cover<'p> {
    pos: &'p Position,
    attacker: Color,
    size: u8,
    /// Per board line, its options as the position stands.
    base: Vec<Rc<Options>>,
    /// The lines with live windows, as variables.
    vars: Vec<Var>,
    /// Per board line, its variable or [`NONE`].
    var_of_line: Vec<u32>,
    /// The variables' live options, `words` bits each, end to end.
    alive: Vec<u64>,
    /// The option each variable takes, [`NONE`] while it has none.
    chosen: Vec<u32>,
    /// Changed words of `alive` with their earlier values, to take back.
    trail: Vec<(u32, u64)>,
    /// The options a search level tries, as a stack.
    stack: Vec<u32>,
    budget: u32,
}

struct Var {
    line: u32,
    options: Rc<Options>,
    /// Offset of its bits in `alive`.
    at: u32,
}

impl<'p> Cover<'p> {
    /// The cover problem of `pos` for `attacker`'s live windows, `size` points a group;
    /// `None` when a line's options ran out of steps.
    pub(super) fn new(pos: &'p Position, attacker: Color, size: usize) -> Option<Cover<'p>> {
        let geo = pos.geometry();
        let base = geo
            .board_lines()
            .iter()
            .map(|line| options(pattern(pos, attacker, line, size, None)))
            .collect::<Option<Vec<_>>>()?;
        Some(Cover {
            pos,
            attacker,
            size: size as u8,
            base,
            vars: Vec::new(),
            var_of_line: Vec::new(),
            alive: Vec::new(),
            chosen: Vec::new(),
            trail: Vec::new(),
            stack: Vec::new(),
            budget: 0,
        })
    }

    /// Looks for a cover of the position within `budget` options tried; on success the
    /// groups as point lists.
    pub(super) fn find(&mut self, budget: u32) -> Option<Vec<Vec<Cell>>> {
        let lines = self.base.clone();
        self.solve(lines, self.pos.empties(), budget, None)
    }

    /// Looks for a cover once a defender stone is on `stone` (an empty point), within
    /// `budget` options tried: the lines through it are worked out again, the others kept.
    pub(super) fn with_stone(&mut self, stone: Cell, budget: u32) -> Option<Vec<Vec<Cell>>> {
        let geo = self.pos.geometry().clone();
        let mut lines = self.base.clone();
        for &(line, _) in geo.lines_through(stone) {
            let cells = &geo.board_lines()[line as usize];
            let p = pattern(
                self.pos,
                self.attacker,
                cells,
                self.size as usize,
                Some(stone),
            );
            lines[line as usize] = options(p)?;
        }
        self.solve(lines, self.pos.empties() - 1, budget, Some(stone))
    }

    /// The search over these lines' options, `free` empty points in all.
    fn solve(
        &mut self,
        lines: Vec<Rc<Options>>,
        free: usize,
        budget: u32,
        stone: Option<Cell>,
    ) -> Option<Vec<Vec<Cell>>> {
        // Every option takes its own points: the smallest ones must fit together.
        let mut need = 0usize;
        for o in &lines {
            if o.sets.is_empty() {
                return None;
            }
            need += o.min as usize;
        }
        if need > free {
            return None;
        }
        self.vars.clear();
        self.var_of_line.clear();
        self.var_of_line.resize(lines.len(), NONE);
        self.alive.clear();
        for (line, options) in lines.into_iter().enumerate() {
            if options.sets == [0] {
                continue;
            }
            self.var_of_line[line] = self.vars.len() as u32;
            let at = self.alive.len() as u32;
            let n = options.sets.len();
            for w in 0..options.words {
                let bits = (n - 64 * w).min(64);
                self.alive.push(if bits == 64 {
                    u64::MAX
                } else {
                    (1 << bits) - 1
                });
            }
            self.vars.push(Var {
                line: line as u32,
                options,
                at,
            });
        }
        self.chosen.clear();
        self.chosen.resize(self.vars.len(), NONE);
        self.trail.clear();
        self.stack.clear();
        self.budget = budget;
        if self.search() != Some(true) {
            return None;
        }
        Some(self.groups(stone))
    }

    /// Backtracking over the variables, fewest live options first. `None` when the budget
    /// ran out.
    fn search(&mut self) -> Option<bool> {
        let mut pick: Option<(usize, u32)> = None;
        for v in 0..self.vars.len() {
            if self.chosen[v] != NONE {
                continue;
            }
            let n = self.live_count(v);
            if n == 0 {
                return Some(false);
            }
            if pick.is_none_or(|(_, m)| n < m) {
                pick = Some((v, n));
            }
        }
        let Some((v, _)) = pick else {
            return Some(true);
        };
        let base = self.stack.len();
        let (at, words) = (self.vars[v].at as usize, self.vars[v].options.words);
        for w in 0..words {
            for b in bits(self.alive[at + w]) {
                self.stack.push((w * 64 + b) as u32);
            }
        }
        let mut result = Some(false);
        for t in base..self.stack.len() {
            if self.budget == 0 {
                result = None;
                break;
            }
            self.budget -= 1;
            let o = self.stack[t];
            let mark = self.trail.len();
            self.chosen[v] = o;
            let below = if self.take(v, o) {
                self.search()
            } else {
                Some(false)
            };
            if below == Some(true) {
                // The cover stays chosen for `groups`.
                result = below;
                break;
            }
            self.undo(mark);
            self.chosen[v] = NONE;
            if below.is_none() {
                result = None;
                break;
            }
        }
        self.stack.truncate(base);
        result
    }

    fn live_count(&self, v: usize) -> u32 {
        let (at, words) = (self.vars[v].at as usize, self.vars[v].options.words);
        self.alive[at..at + words]
            .iter()
            .map(|w| w.count_ones())
            .sum()
    }

    /// Takes option `o` for variable `v`: the crossing lines lose their options that take
    /// one of its points. False if one of them is left with none.
    fn take(&mut self, v: usize, o: u32) -> bool {
        let geo = self.pos.geometry();
        let var = &self.vars[v];
        let cells = &geo.board_lines()[var.line as usize];
        let set = var.options.sets[o as usize];
        for i in bits(set) {
            for &(line, j) in geo.lines_through(cells[i]) {
                let u = self.var_of_line[line as usize];
                if u == NONE || u as usize == v || self.chosen[u as usize] != NONE {
                    continue;
                }
                let other = &self.vars[u as usize];
                let (at, words) = (other.at as usize, other.options.words);
                let uses = &other.options.uses[j as usize * words..(j as usize + 1) * words];
                let mut left = 0;
                for (w, &taken) in uses.iter().enumerate() {
                    let old = self.alive[at + w];
                    let new = old & !taken;
                    if new != old {
                        self.trail.push(((at + w) as u32, old));
                        self.alive[at + w] = new;
                    }
                    left |= new;
                }
                if left == 0 {
                    return false;
                }
            }
        }
        true
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (i, old) = self.trail.pop().expect("above the mark");
            self.alive[i as usize] = old;
        }
    }

    /// The groups of the cover found: for each line its option's groups.
    fn groups(&self, stone: Option<Cell>) -> Vec<Vec<Cell>> {
        let geo = self.pos.geometry();
        let mut out = Vec::new();
        for (v, var) in self.vars.iter().enumerate() {
            let cells = &geo.board_lines()[var.line as usize];
            let p = pattern(self.pos, self.attacker, cells, self.size as usize, stone);
            let set = var.options.sets[self.chosen[v] as usize];
            let groups = groups_within(p, set).expect("an option holds a cover");
            out.extend(
                groups
                    .into_iter()
                    .map(|g| bits(g).map(|i| cells[i]).collect::<Vec<Cell>>()),
            );
        }
        out
    }
}

/// The pattern of `line` in `pos` for `attacker`'s windows, with a defender stone on
/// `stone` if given.
fn pattern(
    pos: &Position,
    attacker: Color,
    line: &[Cell],
    size: usize,
    stone: Option<Cell>,
) -> Pattern {
    let (mut empty, mut defender) = (0u64, 0u64);
    let other = attacker.opponent();
    for (i, &c) in line.iter().enumerate() {
        if Some(c) == stone {
            defender |= 1 << i;
            continue;
        }
        match pos.at(c) {
            None => empty |= 1 << i,
            Some(col) if col == other => defender |= 1 << i,
            Some(_) => {}
        }
    }
    Pattern {
        empty,
        defender,
        len: line.len() as u8,
        k: pos.rules().k as u8,
        size: size as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pat(s: &str, k: u8, size: u8) -> Pattern {
        let (mut empty, mut defender) = (0, 0);
        for (i, ch) in s.chars().enumerate() {
            match ch {
                '.' => empty |= 1 << i,
                'o' => defender |= 1 << i,
                _ => {}
            }
        }
        Pattern {
            empty,
            defender,
            len: s.len() as u8,
            k,
            size,
        }
    }

    #[test]
    fn an_open_row_of_eight_has_the_centre_pair_as_its_smallest_option() {
        // Four windows of five on eight points: only the two middle points lie in all four.
        let sets = minimal_covers(pat("........", 5, 2)).unwrap();
        assert_eq!(sets[0], 0b0001_1000);
        assert!(sets[1..].iter().all(|s| s.count_ones() == 4), "{sets:?}");
        // No option contains another.
        for (i, a) in sets.iter().enumerate() {
            for (j, b) in sets.iter().enumerate() {
                assert!(i == j || a & b != *a, "{a:b} in {b:b}");
            }
        }
    }

    #[test]
    fn dead_and_short_windows() {
        // A defender stone in the middle of a line of five kills its one window: nothing needed.
        assert_eq!(minimal_covers(pat("..o..", 5, 2)).unwrap(), vec![0]);
        // Four attacker stones leave one empty point: nothing covers it.
        assert!(minimal_covers(pat("xxxx.", 5, 2)).unwrap().is_empty());
        // Three leave a pair.
        assert_eq!(minimal_covers(pat("x.xx.", 5, 2)).unwrap(), vec![0b10010]);
    }

    #[test]
    fn groups_within_an_option_cover_every_live_window() {
        let p = pat(".x......o..", 5, 2);
        let live = live_windows(p);
        for set in minimal_covers(p).unwrap() {
            let groups = groups_within(p, set).unwrap();
            assert_eq!(groups.iter().fold(0, |a, g| a | g), set);
            for w in &live {
                assert!(groups.iter().any(|g| g & w == *g));
            }
        }
    }
}
