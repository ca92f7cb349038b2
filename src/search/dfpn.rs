//! Depth-first proof-number search (Nagai 2002) with the 1+ε threshold trick
//! (Pawlewicz & Lew 2007) over single stones.
//!
//! One run proves or disproves "the attacker can force a win". OR nodes are the attacker's
//! stones, AND nodes the defender's; consecutive stones of one turn are consecutive nodes of
//! the same kind. Keys are symmetry-reduced, so the two orders of a pair and mirror images
//! share one table entry.

use super::movegen;
use super::tt::{INF, Pn, Table};
use crate::board::{Cell, Position};
use crate::pairing;
use crate::rules::Color;
use crate::threats::{self, Defence};
use crate::zone::{self, Zone, ZoneStore};
use std::time::Instant;

/// Limits that turn a run's answer into "unknown".
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Node budget over the whole solve.
    pub max_nodes: Option<u64>,
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
}

/// The result of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// The attacker forces a win.
    Proven,
    /// The attacker cannot force a win.
    Disproven,
    /// Limits ran out.
    Unknown,
}

/// Numerator and denominator of 1+ε: a child's threshold is ε above the second-best value.
const EPS_NUM: u64 = 5;
const EPS_DEN: u64 = 4;

/// One df-pn searcher over a table.
pub struct Dfpn<'t> {
    tt: &'t Table,
    attacker: Color,
    limits: Limits,
    /// Nodes expanded so far (shared across runs by the caller).
    pub nodes: u64,
    aborted: bool,
    /// Prune defender moves outside null-move zones.
    use_zones: bool,
    zones: ZoneStore,
}

/// Extra defender stones a zone's claim covers, in turns: one turn of p stones.
const ZONE_EXTRA: u16 = 1;

/// Zones kept at most (a few hundred bytes each on 19x19).
const ZONE_STORE_ENTRIES: usize = 1 << 20;

/// Backtracking steps allowed to look for a pairing strategy at one node.
pub const PAIRING_BUDGET: u32 = 64;

/// Initial proof number of an attacker stone that makes no threat (see [`fresh_numbers`]).
const QUIET_PN: Pn = 3;

/// Proof and disproof numbers of a child before it is searched.
const FRESH: (Pn, Pn) = (1, 1);

impl<'t> Dfpn<'t> {
    /// A searcher for "`attacker` wins" that starts counting at `nodes`.
    pub fn new(tt: &'t Table, attacker: Color, limits: Limits, nodes: u64) -> Dfpn<'t> {
        Dfpn {
            tt,
            attacker,
            limits,
            nodes,
            aborted: false,
            use_zones: false,
            zones: ZoneStore::new(ZONE_STORE_ENTRIES),
        }
    }

    /// Turns relevance-zone pruning on or off (off: every defender move is searched).
    pub fn with_zones(mut self, on: bool) -> Dfpn<'t> {
        self.use_zones = on;
        self
    }

    /// Runs df-pn from `pos` until it is solved or a limit is hit.
    pub fn run(&mut self, pos: &mut Position) -> Proof {
        let (pn, dn) = self.mid(pos, INF, INF, Mode::Main);
        match (pn, dn) {
            (0, _) => Proof::Proven,
            (_, 0) => Proof::Disproven,
            _ => Proof::Unknown,
        }
    }

    /// The table key of `pos` for this run's attacker.
    pub fn key(&self, pos: &Position) -> [u64; 2] {
        node_key(
            pos.stone_key(),
            pos.to_move(),
            pos.stones_left(),
            self.attacker,
            pos,
        )
    }

    /// Stored numbers of the node after the side to move plays `cell`.
    pub fn child_numbers(&self, pos: &Position, cell: Cell) -> (Pn, Pn) {
        let key = self.child_key(pos, cell);
        self.tt.probe(key).map_or(FRESH, |e| (e.pn, e.dn))
    }

    fn child_key(&self, pos: &Position, cell: Cell) -> [u64; 2] {
        let me = pos.to_move();
        let (next, left) = if pos.stones_left() > 1 {
            (me, pos.stones_left() - 1)
        } else {
            (me.opponent(), pos.rules().p)
        };
        node_key(
            pos.stone_key_after(cell, me),
            next,
            left,
            self.attacker,
            pos,
        )
    }

    /// The node's value when the rules decide it without search: `Some(true)` if the attacker
    /// has won, `Some(false)` if it cannot win any more. `wins_now` says the side to move can
    /// complete a line with its stones left (computed once by the caller).
    /// `seen` says the node is already in the table unsolved: the pairing search, the one
    /// costly rule here, already failed on an earlier visit and is not repeated (it reads
    /// only the position, so its answer cannot have changed).
    fn decided(
        &self,
        pos: &Position,
        wins_now: bool,
        defence: &Defence,
        seen: bool,
    ) -> Option<bool> {
        let me = pos.to_move();
        if wins_now {
            return Some(me == self.attacker);
        }
        if pos.empties() == 0 || pos.live_windows(self.attacker) == 0 {
            return Some(false);
        }
        if *defence == Defence::Lost {
            return Some(me != self.attacker);
        }
        // Pairing is tried where the attacker is to move only: a pairing at a defender node
        // survives any defender stone, so its children find it one ply later, and on the
        // 4-row boards the defender-node checks cost a fifth of the time for no fewer nodes.
        if !seen
            && me == self.attacker
            && pairing::attacker_is_paired_off(pos, self.attacker, PAIRING_BUDGET)
        {
            return Some(false);
        }
        None
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if let Some(max) = self.limits.max_nodes
            && self.nodes >= max
        {
            self.aborted = true;
        }
        if self.nodes.is_multiple_of(1024)
            && let Some(deadline) = self.limits.deadline
            && Instant::now() >= deadline
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Multiple iterative deepening at one node: search until its proof number reaches
    /// `th_pn` or its disproof number `th_dn`. Returns and stores the node's numbers; in
    /// [`Mode::Zone`] a proven node also gets its zone stored.
    fn mid(&mut self, pos: &mut Position, th_pn: Pn, th_dn: Pn, mode: Mode) -> (Pn, Pn) {
        self.nodes += 1;
        let key = self.key(pos);
        let start_nodes = self.nodes;
        let wins_now = threats::can_win_with(pos, pos.to_move(), pos.stones_left());
        let defence = if wins_now {
            Defence::Free
        } else {
            threats::defence(pos)
        };
        let seen = self.tt.probe(key).is_some();
        if let Some(win) = self.decided(pos, wins_now, &defence, seen) {
            let nums = if win { (0, INF) } else { (INF, 0) };
            self.tt.store(key, nums.0, nums.1, 1);
            if win && self.use_zones {
                let zone = self.terminal_zone(pos);
                self.zones.put(key, &zone, pos, pos.canonical_symmetry());
            }
            return nums;
        }
        let or = pos.to_move() == self.attacker;
        let (mut children, deduped) = self.children(pos, &defence, mode);
        let mut pruned = false;
        if !or
            && mode == Mode::Main
            && self.use_zones
            && let Some(zone) = self.null_move_zone(pos, children.len())
        {
            let before = children.len();
            children.retain(|c| zone.contains(c.cell));
            pruned = children.len() < before;
        }
        let mut nums: (Pn, Pn);
        loop {
            if children.is_empty() {
                // Only pruning empties a list: every defender move is covered.
                nums = if or { (INF, 0) } else { (0, INF) };
                break;
            }
            let sel = select(&children, or);
            nums = sel.numbers;
            if nums.0 >= th_pn || nums.1 >= th_dn || self.out_of_budget() {
                break;
            }
            let child = &children[sel.best];
            let (cth_pn, cth_dn) = if or {
                (
                    th_pn.min(one_plus_eps(sel.second)),
                    sub_keep(th_dn, nums.1, child.dn),
                )
            } else {
                (
                    sub_keep(th_pn, nums.0, child.pn),
                    th_dn.min(one_plus_eps(sel.second)),
                )
            };
            pos.play(child.cell);
            let (cpn, cdn) = self.mid(pos, cth_pn, cth_dn, mode);
            pos.undo();
            // Siblings keep the numbers read when the node was expanded: a transposition may
            // have moved them since, which costs search order but never soundness, since
            // only solved numbers (which never change) decide the node.
            let child = &mut children[sel.best];
            (child.pn, child.dn) = (cpn, cdn);
        }
        let work = (self.nodes - start_nodes + 1).min(u32::MAX as u64) as u32;
        self.tt.store(key, nums.0, nums.1, work);
        // A node whose own moves were pruned by a null-move zone has no zone of its own: its
        // proof already spends the extra stones that zone's claim allows.
        if nums.0 == 0
            && self.use_zones
            && !pruned
            && let Some(zone) = self.inner_zone(pos, &children, &defence, deduped, or)
        {
            self.zones.put(key, &zone, pos, pos.canonical_symmetry());
        }
        nums
    }

    /// The zone of a defender node's null move (the defender gives up the rest of its turn),
    /// if that position is proven won within a small budget. Defender stones outside it need
    /// no proof of their own (see [`crate::zone`]); the claim covers p extra stones, so a
    /// turn longer than p (Black's first, when q > p) is not pruned.
    fn null_move_zone(&mut self, pos: &mut Position, moves: usize) -> Option<Zone> {
        let (me, left) = (pos.to_move(), pos.stones_left());
        if left > pos.rules().p || pos.has_symmetry() {
            return None;
        }
        pos.pass_turn();
        let key = self.key(pos);
        let g = pos.canonical_symmetry();
        let budget = null_budget(moves);
        let mut zone = self.proven_zone(key, pos, g);
        if zone.is_none() {
            let stored = self.tt.probe(key).map(|e| (e.pn, e.dn));
            let hopeless = matches!(stored, Some((pn, dn)) if dn == 0 || pn >= budget);
            if !hopeless && self.mid(pos, budget, INF, Mode::Zone).0 == 0 {
                zone = self.proven_zone(key, pos, g);
            }
        }
        pos.set_turn(me, left);
        zone
    }

    /// The stored zone of a node the table holds as proven.
    fn proven_zone(&self, key: [u64; 2], pos: &Position, g: usize) -> Option<Zone> {
        match self.tt.probe(key) {
            Some(e) if e.pn == 0 => self.zones.get(key, pos, g),
            _ => None,
        }
    }

    /// The zone of a node the rules decide as won for the attacker.
    fn terminal_zone(&self, pos: &Position) -> Zone {
        let (me, r) = (pos.to_move(), pos.stones_left());
        let p = pos.rules().p;
        let defender = self.attacker.opponent();
        let mut zone = Zone::empty(pos.rules().cells());
        if me == self.attacker {
            // A win now: its window, and no defender line completed by the extra stones.
            let window = threats::winning_cells(pos, me, r).expect("decided as a win now");
            zone.add_windows(&[window]);
            zone::add_defender_windows(&mut zone, pos, defender, ZONE_EXTRA * p);
        } else {
            // Too many threats to block: the threats, and no defender win this turn.
            zone.add_windows(&threats::threat_windows(pos, self.attacker, p));
            zone::add_defender_windows(&mut zone, pos, defender, r + ZONE_EXTRA * p);
        }
        zone
    }

    /// The zone of a proven inner node from its children's zones (see [`crate::zone`]), or
    /// `None` when a child's zone is not known.
    fn inner_zone(
        &self,
        pos: &Position,
        children: &[Child],
        defence: &Defence,
        deduped: bool,
        or: bool,
    ) -> Option<Zone> {
        let cells = pos.rules().cells();
        let (me, r, p) = (pos.to_move(), pos.stones_left(), pos.rules().p);
        let defender = self.attacker.opponent();
        let used: Vec<&Child> = if or {
            children.iter().filter(|c| c.pn == 0).take(1).collect()
        } else {
            children.iter().collect()
        };
        if deduped && !or {
            return Some(Zone::full(cells));
        }
        let mut zone = Zone::empty(cells);
        for c in used {
            let g = pos.canonical_symmetry_after(c.cell, me);
            zone.union_with(&self.zones.get(c.key, pos, g)?);
            zone.insert(c.cell);
            if !or && !pos.is_relevant(c.cell) {
                zone::add_irrelevant(&mut zone, pos);
            }
        }
        if or {
            zone::add_defender_windows(&mut zone, pos, defender, ZONE_EXTRA * p);
        } else {
            if let Defence::Block(_) = defence {
                zone.add_windows(&threats::threat_windows(pos, self.attacker, p));
            }
            zone::add_defender_windows(&mut zone, pos, defender, r + ZONE_EXTRA * p);
        }
        Some(zone)
    }

    /// The node's moves, with symmetric duplicates (children with equal keys) removed so
    /// that sums do not count one position twice.
    fn children(&self, pos: &Position, defence: &Defence, mode: Mode) -> (Vec<Child>, bool) {
        let moves = movegen::generate(pos, defence);
        let symmetric = pos.has_symmetry();
        let mut deduped = false;
        let mut out: Vec<Child> = Vec::with_capacity(moves.len());
        let or = pos.to_move() == self.attacker;
        for cell in moves {
            let key = self.child_key(pos, cell);
            // Only a symmetric position has distinct moves leading to one position.
            if symmetric && out.iter().any(|c| c.key == key) {
                deduped = true;
                continue;
            }
            // Start the table's memory on its way; the probes below then overlap their
            // cache misses instead of paying them one after another.
            self.tt.prefetch(key);
            let (pn, dn) = fresh_numbers(pos, cell, or);
            out.push(Child { cell, key, pn, dn });
        }
        for c in &mut out {
            if let Some(e) = self.tt.probe(c.key) {
                // A zone search needs the zones of proven children: one proven without a
                // zone (by the main search) is searched again.
                if mode == Mode::Zone && e.pn == 0 && !self.zones.contains(c.key) {
                    continue;
                }
                (c.pn, c.dn) = (e.pn, e.dn);
            }
        }
        (out, deduped)
    }
}

/// Numbers of a child not yet in the table. At the attacker's nodes, a stone that makes a
/// threat forces the reply, so its subtree is narrow; a quiet stone starts out looking
/// `QUIET_PN` times harder to prove, which steers df-pn to forcing lines first without
/// excluding anything (measured in results/bench.md: 9,4,4,1,1 took about three times
/// longer with all children equal).
fn fresh_numbers(pos: &Position, cell: Cell, or: bool) -> (Pn, Pn) {
    if or && !threats::makes_threat(pos, cell) {
        (QUIET_PN, FRESH.1)
    } else {
        FRESH
    }
}

/// Proof-number threshold of a null-move proof at a node with `moves` defender moves:
/// a null move worth proving should cost less than a fraction of proving the moves.
fn null_budget(moves: usize) -> Pn {
    (moves as Pn / 4).max(2)
}

/// Which search a node belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The main search: defender moves outside null-move zones are pruned.
    Main,
    /// A null-move proof: no pruning, and every proven node records its zone.
    Zone,
}

/// A child of the node being searched, with the numbers last seen for it.
struct Child {
    cell: Cell,
    key: [u64; 2],
    pn: Pn,
    dn: Pn,
}

/// Combines the children's numbers and picks the child to search next.
///
/// The "min" side (pn at an OR node, dn at an AND node) is the smallest child's. The other
/// side uses weak proof numbers (Ueda et al. 2008): the largest child plus one for each other
/// unsolved child, instead of the sum. Transpositions make a sum count shared subtrees many
/// times over; on the small boards this was faster overall (results/bench.md).
fn select(children: &[Child], or: bool) -> Selection {
    let mut best = 0;
    let (mut min1, mut min2) = (INF, INF);
    let (mut max_other, mut open) = (0u64, 0u64);
    for (i, c) in children.iter().enumerate() {
        let (m, s) = if or { (c.pn, c.dn) } else { (c.dn, c.pn) };
        if m < min1 {
            min2 = min1;
            min1 = m;
            best = i;
        } else if m < min2 {
            min2 = m;
        }
        if min1 == 0 {
            // Solved: the other side is infinite whatever the siblings hold.
            break;
        }
        if s > 0 {
            max_other = max_other.max(s as u64);
            open += 1;
        }
    }
    let (min, other) = if min1 == 0 {
        (0, INF)
    } else {
        let weak = max_other + open.saturating_sub(1);
        (min1, weak.min(INF as u64 - 1) as Pn)
    };
    let numbers = if or { (min, other) } else { (other, min) };
    Selection {
        numbers,
        best,
        second: min2,
    }
}

struct Selection {
    numbers: (Pn, Pn),
    best: usize,
    second: Pn,
}

/// The child threshold on the "min" side: ε above the second-best child, at least one more.
fn one_plus_eps(second: Pn) -> Pn {
    if second == INF {
        return INF;
    }
    let s = second as u64;
    (s * EPS_NUM)
        .div_ceil(EPS_DEN)
        .max(s + 1)
        .min(INF as u64 - 1) as Pn
}

/// The child threshold on the "sum" side: the parent's threshold minus the other children.
fn sub_keep(th: Pn, total: Pn, child: Pn) -> Pn {
    if th == INF {
        return INF;
    }
    let others = total as u64 - child.min(total) as u64;
    (th as u64).saturating_sub(others).min(INF as u64 - 1) as Pn
}

/// The table key of a node: symmetry-reduced stones, side to move, stones left, attacker.
fn node_key(
    stones: [u64; 2],
    to_move: Color,
    stones_left: u16,
    attacker: Color,
    pos: &Position,
) -> [u64; 2] {
    let slot = attacker.index() * 32 + to_move.index() * 16 + stones_left as usize;
    let t = pos.geometry().turn_key(slot);
    [stones[0] ^ t[0], stones[1] ^ t[1]]
}
