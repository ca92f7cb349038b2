//! Depth-first proof-number search (Nagai 2002) with the 1+ε threshold trick
//! (Pawlewicz & Lew 2007) over single stones.
//!
//! One run proves or disproves "the attacker can force a win". OR nodes are the attacker's
//! stones, AND nodes the defender's; consecutive stones of one turn are consecutive nodes of
//! the same kind. Keys are symmetry-reduced, so the two orders of a pair and mirror images
//! share one table entry.

use super::control::Control;
use super::movegen;
use super::tt::{INF, Pn, Table};
use crate::board::{Cell, Position};
use crate::pairing;
use crate::potential;
use crate::rules::Color;
use crate::threats::{self, Defence};
use crate::zone::{self, Zone, ZoneSlots, ZoneStore};
use std::borrow::Cow;
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
    /// Prune defender moves outside null-move zones, and attacker moves outside the no-win
    /// zone of a refuted sibling.
    use_zones: bool,
    zones: ZoneStore,
    /// No-win zones of disproved nodes (see [`crate::zone`]).
    no_win_zones: ZoneSlots,
    /// Node count at which the current threat-space sub-search stops (see [`Mode::Tss`]).
    sub_limit: Option<u64>,
    /// Back-off of the threat-space probes at new attacker nodes.
    probes: Throttle,
    /// Back-off of the null-move searches at defender nodes.
    null_moves: Throttle,
    /// Back-off of the threat-space probes for the defender (see [`Dfpn::defender_wins`]).
    counter_probes: Throttle,
    /// Nodes those probes have taken.
    counter_spent: u64,
    /// The solve's shared counters and flags when this searcher is one of its workers.
    ctl: Option<&'t Control>,
    /// Part of `nodes` already added to the shared counter.
    flushed: u64,
    /// Key of the node [`Dfpn::run`] started from.
    root: [u64; 2],
    /// The no-win zone of the node just left when it was disproved, for its parent (see
    /// [`crate::zone`]); taken after every child search.
    no_win: Option<NoWinZone>,
    /// Solve the root's turns one at a time (see [`Dfpn::with_split_turns`]).
    split_turns: bool,
    /// Build no-win zones of every kind (`Some(true)`), of pairing strategies only
    /// (`Some(false)`), or by the rules' stones a turn (`None`, see [`Dfpn::general_zones`]).
    general_zones: Option<bool>,
}

/// The no-win zone of the disproved node at `key`, in that node's coordinates: attacker
/// stones added anywhere outside `cells` leave it disproved (see [`crate::zone`]).
struct NoWinZone {
    key: [u64; 2],
    cells: Zone,
}

/// Nodes a worker counts locally before adding them to the shared counter.
const FLUSH_EVERY: u64 = 256;

/// Extra defender stones a zone's claim covers, in turns: one turn of p stones.
const ZONE_EXTRA: u16 = 1;

/// Zones kept at most when the store is not sized with [`Dfpn::with_zone_memory`] (under a
/// hundred bytes each on 19x19).
const ZONE_STORE_ENTRIES: usize = 1 << 20;

/// Memory of the no-win zones when the store is not sized with [`Dfpn::with_zone_memory`].
const NO_WIN_SLOT_BYTES: usize = 1 << 22;

/// Options the cover search may try when looking for a pairing strategy at one node (see
/// [`pairing`]). The search is exact within it; on four 8,8,5,1,1 positions a budget of
/// 1,000 already gave the node counts of 100,000, and covers found or refuted cost a few
/// microseconds, so the bound only caps rare hard cases.
pub const PAIRING_BUDGET: u32 = 4096;

/// Whether the search looks for a pairing strategy at `pos`: for the attacker to move
/// (`reply` false, see `decided`), or for a defender stone after which one holds (`reply`
/// true, [`pairing::reply_groups`]). Not where the attacker's live windows per empty point
/// reach a bound measured per p, above which no search found a cover on any row tried
/// (`results/pairing-gate.md`): with one stone a turn 1 for the attacker's (not one of about
/// 420,000 searches on two 8,8,5,1,1 positions above it, where they were a fifth to over half
/// of all the searches); with two, 0.7 for the attacker's and 0.8 for the defender's (none of
/// 1.6M searches on eight rows, from 6,6,5,2,1 to 8,7,6,2,2). This only decides where to
/// look; a pairing found is a full cover, so what is claimed does not change.
fn worth_pairing(pos: &Position, attacker: Color, reply: bool) -> bool {
    let tenths = match (pos.rules().p, reply) {
        (1, false) => 10,
        (2, false) => 7,
        (2, true) => 8,
        _ => return true,
    };
    (pos.live_windows(attacker) as usize) * 10 < tenths * pos.empties()
}

/// Options the cover search may try for each defender stone tried by
/// [`pairing::pairing_reply`] (16 to 256 moved the p = 2 rows by a few percent either way).
pub const REPLY_BUDGET: u32 = 64;

/// Attacker moves [`Dfpn::probe_pairing_zones`] looks for a pairing reply to at one node.
const REPLY_PROBES: usize = 2;

/// Node budget of the threat-space search at the root of a run.
const ROOT_TSS_NODES: u64 = 200_000;

/// Node budget of the threat-space probe at each new attacker node of the main search.
const PROBE_TSS_NODES: u64 = 64;

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
            no_win_zones: ZoneSlots::new(NO_WIN_SLOT_BYTES),
            sub_limit: None,
            probes: Throttle::for_probes(),
            null_moves: Throttle::default(),
            counter_probes: Throttle::for_probes(),
            counter_spent: 0,
            ctl: None,
            flushed: nodes,
            root: [0; 2],
            no_win: None,
            split_turns: false,
            general_zones: None,
        }
    }

    /// Makes this searcher a worker of a solve: its nodes go to the shared counter (the node
    /// limit then applies to the sum of all workers), it stops when the control says so and
    /// waits while a checkpoint is taken. With several workers it also marks the nodes it is
    /// in as busy and steers away from nodes other workers are in (see [`Control`]).
    pub fn with_control(mut self, ctl: &'t Control) -> Dfpn<'t> {
        self.ctl = Some(ctl);
        self
    }

    /// Adds the nodes counted since the last flush to the shared counter.
    pub fn flush_nodes(&mut self) {
        if let Some(ctl) = self.ctl {
            ctl.add_nodes(self.nodes - self.flushed);
            self.flushed = self.nodes;
        }
    }

    /// Sizes the zone store to at most `bytes` of memory, and the no-win zones' slots to
    /// half as much (allocated only where general no-win zones are used, by default with
    /// one stone a turn).
    pub fn with_zone_memory(mut self, bytes: usize, cells: usize) -> Dfpn<'t> {
        self.zones = ZoneStore::new(ZoneStore::entries_for(bytes, cells));
        self.no_win_zones = ZoneSlots::new(bytes / 2);
        self
    }

    /// Turns relevance-zone pruning on or off (off: every defender move is searched).
    pub fn with_zones(mut self, on: bool) -> Dfpn<'t> {
        self.use_zones = on;
        self
    }

    /// Forces the reach of the no-win zones (see [`crate::zone`]): `true` builds them
    /// from every rule and every node, `false` only from pairing strategies. For tests and
    /// measurements; the default follows the rules.
    pub fn with_general_zones(mut self, on: bool) -> Dfpn<'t> {
        self.general_zones = Some(on);
        self
    }

    /// Whether no-win zones here come from every rule and node (see [`crate::zone`]) or, in
    /// their narrow form, only from pairing strategies through defender stones, pruning
    /// attacker moves on the last stone of a turn. General zones are the default with one
    /// stone a turn, where they were measured to pay (`results/no-win-zones.md`: 8,4,4,1,1
    /// 0.76 of the nodes, 7,7,5,1,1 0.75, a median 0.72 on ten 8,8,5,1,1 positions); with
    /// two stones a turn they moved the nodes both ways (6,6,5,2,1 0.54, 6,6,5,2,2 2.34,
    /// 7,5,5,2,1 1.94, 7,5,5,2,2 0.67, 7,6,5,2,1 1.42), so those keep the narrow form.
    fn general_zones(&self, pos: &Position) -> bool {
        self.general_zones.unwrap_or(pos.rules().p == 1)
    }

    /// With `on`, a root where the attacker is to move is solved one position after its next
    /// two stones at a time (after its one stone, when one is left), each to the end,
    /// instead of df-pn spreading its work over all of them. Values never change:
    /// the root is won if one of them is, and refuted when every one is. Meant for roots
    /// expected to be refuted, where every such position must be refuted anyway: df-pn
    /// interleaves them, and over a table smaller than their sum it loses what it evicts
    /// (7,6,5,2,2 had 3,083M nodes in and none of its 234 first turns refuted, while one of
    /// them alone took 78.6M). With several workers each takes a position no other worker
    /// is in.
    pub fn with_split_turns(mut self, on: bool) -> Dfpn<'t> {
        self.split_turns = on;
        self
    }

    /// Runs df-pn from `pos` until it is solved or a limit is hit. An attacker to move
    /// first gets a threat-space search (see [`Mode::Tss`]): a forcing kill is often found
    /// there at a fraction of the cost, and what it proves is stored for the main search.
    pub fn run(&mut self, pos: &mut Position) -> Proof {
        self.root = self.key(pos);
        if pos.to_move() == self.attacker && !pos.is_over() {
            let (pn, _) = self.sub_search(pos, ROOT_TSS_NODES);
            if pn == 0 {
                return Proof::Proven;
            }
            if self.out_of_budget() {
                return Proof::Unknown;
            }
        }
        let split = self.split_turns && splits(pos, self.attacker);
        let (pn, dn) = if split {
            self.run_turns(pos)
        } else {
            self.mid(pos, INF, INF, Mode::Main)
        };
        match (pn, dn) {
            (0, _) => Proof::Proven,
            (_, 0) => Proof::Disproven,
            _ => Proof::Unknown,
        }
    }

    /// The no-win zone of the root after a [`Dfpn::run`] that disproved it, when one was built
    /// (zones on, every child's zone known): attacker stones added outside it leave the root
    /// disproved (see [`crate::zone`]). For tests of that claim.
    pub fn root_zone(&self) -> Option<&Zone> {
        self.no_win
            .as_ref()
            .filter(|z| z.key == self.root)
            .map(|z| &z.cells)
    }

    /// The root's numbers from solving its positions after two stones (one, when one is
    /// left) one at a time (see [`Dfpn::with_split_turns`]); the root, which no search
    /// reaches, is stored when solved. Every pair of empty points is a legal start of the
    /// turn (the attacker cannot win with these stones, checked by the caller, so the game
    /// goes on after the first), and the positions after them, up to symmetry, are all the
    /// root's turns can lead to.
    fn run_turns(&mut self, pos: &mut Position) -> (Pn, Pn) {
        let turns = root_turns(pos, self.attacker);
        let shared = self.ctl.filter(|c| c.is_shared());
        loop {
            let (mut free, mut any) = (None, None);
            for &(a, b, key) in &turns {
                match self.tt.probe(key) {
                    Some(e) if e.pn == 0 => return self.solved_root(0, INF),
                    Some(e) if e.dn == 0 => continue,
                    _ => {}
                }
                any = any.or(Some((a, b)));
                if !shared.is_some_and(|c| c.is_busy(key)) {
                    free = Some((a, b));
                    break;
                }
            }
            let Some((a, b)) = free.or(any) else {
                return self.solved_root(INF, 0);
            };
            for c in std::iter::once(a).chain(b) {
                pos.play(c);
            }
            let (pn, _) = self.mid(pos, INF, INF, Mode::Main);
            for _ in std::iter::once(a).chain(b) {
                pos.undo();
            }
            if pn == 0 {
                return self.solved_root(0, INF);
            }
            if self.out_of_budget() {
                return (1, 1);
            }
        }
    }

    /// Stores the root as solved and returns its numbers.
    fn solved_root(&self, pn: Pn, dn: Pn) -> (Pn, Pn) {
        self.tt.store(self.root, pn, dn, u32::MAX);
        (pn, dn)
    }

    /// The table key of `pos` for this run's attacker in the main search.
    pub fn key(&self, pos: &Position) -> [u64; 2] {
        self.mode_key(pos, Mode::Main)
    }

    fn mode_key(&self, pos: &Position, mode: Mode) -> [u64; 2] {
        mode.salted(key_for(pos, self.attacker))
    }

    /// Stored numbers of the node after the side to move plays `cell`.
    pub fn child_numbers(&self, pos: &Position, cell: Cell) -> (Pn, Pn) {
        let key = self.child_key(pos, cell, Mode::Main);
        self.tt.probe(key).map_or(FRESH, |e| (e.pn, e.dn))
    }

    fn child_key(&self, pos: &Position, cell: Cell, mode: Mode) -> [u64; 2] {
        let me = pos.to_move();
        let (next, left) = if pos.stones_left() > 1 {
            (me, pos.stones_left() - 1)
        } else {
            (me.opponent(), pos.rules().p)
        };
        let k = node_key(
            pos.stone_key_after(cell, me),
            next,
            left,
            self.attacker,
            pos,
        );
        mode.salted(k)
    }

    /// The node's value when the rules decide it without search: `Some(true)` if the attacker
    /// has won, `Some(false)` if it cannot win any more. `wins_now` says the side to move can
    /// complete a line with its stones left (computed once by the caller).
    /// `seen` says the node is already in the table unsolved: the pairing search, the one
    /// costly rule here, already failed on an earlier visit and is not repeated (it reads
    /// only the position, so its answer cannot have changed). In [`Mode::Tss`] a defender
    /// left free to move ends the threat sequence: "no forcing win" there, nothing more.
    fn decided(
        &mut self,
        key: [u64; 2],
        pos: &Position,
        wins_now: bool,
        defence: &Defence,
        seen: bool,
        mode: Mode,
    ) -> Option<bool> {
        let me = pos.to_move();
        let (attacker, defender) = (self.attacker, self.attacker.opponent());
        if wins_now {
            if me == defender {
                self.keep_zone(key, pos, mode, || {
                    let window = threats::winning_cells(pos, me, pos.stones_left())
                        .expect("decided as a win now");
                    let mut zone = Zone::empty(pos.rules().cells());
                    zone.add_windows(&[window]);
                    zone::guard_attacker_windows(&mut zone, pos, attacker, 0);
                    zone
                });
            }
            return Some(me == attacker);
        }
        if pos.empties() == 0 || pos.live_windows(attacker) == 0 {
            self.keep_zone(key, pos, mode, || Zone::empty(pos.rules().cells()));
            return Some(false);
        }
        if *defence == Defence::Lost {
            if me == attacker {
                self.keep_zone(key, pos, mode, || {
                    let mut zone = Zone::empty(pos.rules().cells());
                    zone.add_windows(&threats::threat_windows(pos, defender, pos.rules().p));
                    zone::guard_attacker_windows(&mut zone, pos, attacker, pos.stones_left());
                    zone
                });
            }
            return Some(me != attacker);
        }
        if mode == Mode::Tss {
            return (me != self.attacker && *defence == Defence::Free).then_some(false);
        }
        // The potential criterion costs O(k) at most nodes, so it goes before the pairings;
        // it closes the nodes where few windows remain but overlap too much to be paired.
        if !seen && potential::attacker_is_outweighed(pos, attacker) {
            self.keep_zone(key, pos, mode, || zone::live_window_cells(pos, attacker));
            return Some(false);
        }
        // Pairing is tried where the attacker is to move only: a pairing at a defender node
        // survives any defender stone, so its children find it one ply later, and on the
        // 4-row boards the defender-node checks cost a fifth of the time for no fewer nodes.
        // Either way the strategy's zone is kept for the parent, whose siblings it may
        // disprove too.
        if !seen
            && me == attacker
            && worth_pairing(pos, attacker, false)
            && let Some(groups) = pairing::attacker_groups(pos, attacker, PAIRING_BUDGET)
        {
            self.keep_strategy_zone(key, pos, mode, &[], &groups);
            return Some(false);
        }
        // At a defender node, a stone after which a pairing holds disproves the node at once
        // instead of leaving df-pn to find that child among all the others.
        if !seen
            && me != self.attacker
            && pos.rules().p >= 2
            && worth_pairing(pos, attacker, true)
            && let Some((stone, groups)) = pairing::reply_groups(pos, attacker, REPLY_BUDGET)
        {
            self.keep_strategy_zone(key, pos, mode, &[stone], &groups);
            return Some(false);
        }
        None
    }

    /// At a new attacker node playing the last stone of its turn, looks for a pairing reply
    /// to its best [`REPLY_PROBES`] moves before any is searched, and disproves every move
    /// outside the zone of one found (see [`pairing::reply_covers`]); the moves disproved
    /// are stored, so later visits (which skip this) read them from the table. Waiting for
    /// df-pn to come back from a move disproved this way (as [`Dfpn::use_child_zone`]
    /// does) spends nodes on the siblings first. Only for p >= 2: there the defender nodes
    /// look for a pairing reply anyway (see `decided`), and the probes only bring that
    /// forward; with one stone a turn they are new work, and measured on 7,7,5,1,1 they cut
    /// the nodes to 0.30 but took four times as long (the group searches, `results/`
    /// `pairing-zones.md`).
    fn probe_pairing_zones(
        &mut self,
        pos: &mut Position,
        children: &mut [Child],
        known: &mut Vec<Option<Zone>>,
    ) {
        let mut tried = 0;
        for i in 0..children.len() {
            if tried == REPLY_PROBES {
                break;
            }
            if children[i].dn == 0 {
                continue;
            }
            tried += 1;
            pos.play(children[i].cell);
            let found = if pos.is_over() || !worth_pairing(pos, self.attacker, true) {
                None
            } else {
                pairing::reply_groups(pos, self.attacker, REPLY_BUDGET)
            };
            pos.undo();
            if let Some((stone, groups)) = found {
                let zone = strategy_zone(pos, &[stone], &groups);
                self.prune_siblings(pos, children, known, &zone);
            }
        }
    }

    /// Marks and stores as disproved every open move of `children` outside `zone`, the
    /// no-win zone of a refuted sibling (see [`crate::zone`]), and gives each that zone.
    fn prune_siblings(
        &mut self,
        pos: &Position,
        children: &mut [Child],
        known: &mut Vec<Option<Zone>>,
        zone: &Zone,
    ) {
        let (me, general) = (pos.to_move(), self.general_zones(pos));
        for (i, c) in children.iter_mut().enumerate() {
            debug_assert!(
                c.pn != 0 || zone.contains(c.cell),
                "a sibling's no-win zone leaves out a proven move"
            );
            if c.dn != 0 && c.pn != 0 && !zone.contains(c.cell) {
                // The numbers here may be stale: never let a zone overwrite a proof that
                // another search (or worker) has stored since; that would be a contradiction.
                if self.tt.probe(c.key).is_some_and(|e| e.pn == 0) {
                    debug_assert!(false, "a sibling's no-win zone leaves out a proven move");
                    continue;
                }
                (c.pn, c.dn) = (INF, 0);
                self.tt.store(c.key, INF, 0, 1);
                if general {
                    let g = pos.canonical_symmetry_after(c.cell, me);
                    self.no_win_zones.put(c.key, zone, pos, g);
                }
                note(known, i, zone.clone());
            }
        }
    }

    /// At an attacker node (on every visit), lets every child the table already holds as
    /// disproved, with a stored zone, disprove its siblings outside that zone.
    fn prune_by_stored(
        &mut self,
        pos: &Position,
        children: &mut [Child],
        known: &mut Vec<Option<Zone>>,
    ) {
        for i in 0..children.len() {
            if children[i].dn != 0 || known.get(i).is_some_and(Option::is_some) {
                continue;
            }
            if let Some(zone) = self.stored_zone(pos, &children[i]) {
                self.prune_siblings(pos, children, known, &zone);
                note(known, i, zone);
            }
        }
    }

    /// The stored no-win zone of a disproved child, in the coordinates of `pos`.
    fn stored_zone(&self, pos: &Position, child: &Child) -> Option<Zone> {
        if !self.general_zones(pos) {
            return None;
        }
        let g = pos.canonical_symmetry_after(child.cell, pos.to_move());
        self.no_win_zones.get(child.key, pos, g)
    }

    /// The zone of a child known or stored, if any: a known one is lent, not copied (the
    /// attacker nodes read every child's zone each time one is refuted).
    fn child_zone<'z>(
        &self,
        pos: &Position,
        children: &[Child],
        known: &'z [Option<Zone>],
        i: usize,
    ) -> Option<Cow<'z, Zone>> {
        match known.get(i) {
            Some(Some(z)) => Some(Cow::Borrowed(z)),
            _ => self.stored_zone(pos, &children[i]).map(Cow::Owned),
        }
    }

    /// The no-win zone of a disproved defender node: its refuting stone and that child's
    /// zone (the first refuting child whose zone is known).
    fn and_zone(&self, pos: &Position, children: &[Child], known: &[Option<Zone>]) -> Option<Zone> {
        (0..children.len())
            .filter(|&i| children[i].dn == 0)
            .find_map(|i| {
                let mut z = self.child_zone(pos, children, known, i)?.into_owned();
                z.insert(children[i].cell);
                Some(z)
            })
    }

    /// The no-win zone of a disproved attacker node: the zones of all its moves, with what
    /// its move generation read (see [`crate::zone`]); none if a child's zone is unknown or
    /// symmetric duplicates were skipped.
    fn or_zone(
        &self,
        pos: &Position,
        children: &[Child],
        known: &[Option<Zone>],
        defence: &Defence,
        deduped: bool,
    ) -> Option<Zone> {
        if deduped {
            return None;
        }
        let mut zone = Zone::empty(pos.rules().cells());
        for i in 0..children.len() {
            zone.union_with(&*self.child_zone(pos, children, known, i)?);
        }

        match defence {
            Defence::Block(_) => {
                let defender = self.attacker.opponent();
                zone.add_windows(&threats::threat_windows(pos, defender, pos.rules().p));
                zone::guard_attacker_windows(&mut zone, pos, self.attacker, pos.stones_left());
            }
            _ => zone::add_irrelevant(&mut zone, pos),
        }
        Some(zone)
    }

    /// Keeps the no-win zone `make` builds for the node at `key` (just disproved by a rule)
    /// for its parent and the store, in the main search with zones on.
    fn keep_zone(
        &mut self,
        key: [u64; 2],
        pos: &Position,
        mode: Mode,
        make: impl FnOnce() -> Zone,
    ) {
        if mode == Mode::Main && self.use_zones && self.general_zones(pos) {
            self.keep_own_zone(key, pos, make());
        }
    }

    /// [`Dfpn::keep_zone`] for a pairing strategy's zone, which the narrow form keeps too.
    fn keep_strategy_zone(
        &mut self,
        key: [u64; 2],
        pos: &Position,
        mode: Mode,
        stones: &[Cell],
        groups: &[Vec<Cell>],
    ) {
        if mode == Mode::Main && self.use_zones {
            self.keep_own_zone(key, pos, strategy_zone(pos, stones, groups));
        }
    }

    /// Stores the no-win zone of the node at `key` (the position `pos`) and keeps it for
    /// the parent.
    fn keep_own_zone(&mut self, key: [u64; 2], pos: &Position, cells: Zone) {
        if self.general_zones(pos) {
            self.no_win_zones
                .put(key, &cells, pos, pos.canonical_symmetry());
        }
        self.no_win = Some(NoWinZone { key, cells });
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        let mut total = self.nodes;
        if let Some(ctl) = self.ctl {
            if self.nodes - self.flushed >= FLUSH_EVERY {
                self.flush_nodes();
            }
            if ctl.needs_attention() {
                // Stop, or a checkpoint: the count must be exact while the workers wait.
                self.flush_nodes();
                if ctl.check_in() {
                    self.aborted = true;
                    return true;
                }
            }
            total = ctl.nodes() + (self.nodes - self.flushed);
        }
        if let Some(max) = self.limits.max_nodes
            && total >= max
        {
            self.aborted = true;
        }
        if self.nodes.is_multiple_of(1024)
            && let Some(deadline) = self.limits.deadline
            && Instant::now() >= deadline
        {
            self.aborted = true;
        }
        if self.aborted
            && let Some(ctl) = self.ctl
        {
            ctl.stop();
        }
        self.aborted || self.sub_limit.is_some_and(|l| self.nodes >= l)
    }

    /// A threat-space search from `pos` (an attacker node) of at most `budget` nodes.
    /// Returns its numbers: a proof is a real proof (stored for the main search too), while
    /// anything else only says no forcing win was found.
    fn sub_search(&mut self, pos: &mut Position, budget: u64) -> (Pn, Pn) {
        debug_assert!(
            self.sub_limit.is_none(),
            "threat-space searches do not nest"
        );
        self.sub_limit = Some(self.nodes + budget);
        let nums = self.mid(pos, INF, INF, Mode::Tss);
        self.sub_limit = None;
        nums
    }

    /// True if a threat-space search of at most `budget` nodes proves the attacker node
    /// `pos` won. Skipped when the table already holds a threat-space search of it that
    /// failed or spent the budget.
    fn tss_proves(&mut self, pos: &mut Position, budget: u64) -> bool {
        if self.sub_limit.is_some() {
            return false;
        }
        let tried = self
            .tt
            .probe(self.mode_key(pos, Mode::Tss))
            .is_some_and(|e| e.dn == 0 || e.work as u64 >= budget);
        if tried || !self.probes.allow() {
            return false;
        }
        let proved = self.sub_search(pos, budget).0 == 0;
        self.probes.record(proved);
        proved
    }

    /// True if the defender is proved to force a win of its own from `pos`, so that the
    /// attacker cannot: the table holds that proof (from a run or probe with the sides
    /// swapped, such as the other run of the same solve), or, at a new node with the defender
    /// to move, a threat-space probe with the sides swapped finds it. Two or more stones a
    /// turn only. Where the defender is the stronger side (Black's losses with q < p) nearly
    /// every attacker stone hands it a forcing win, and without this each one needed a
    /// holding strategy found by the main search. The probe backs off like the attacker's
    /// (see [`Throttle`]) and takes at most one node in [`COUNTER_SHARE`].
    fn defender_wins(&mut self, pos: &mut Position, seen: bool) -> bool {
        // One stone a turn: no row is a loss for Black (q = p), and on 8,4,4,1,1 the probes
        // cost a fifth more time for nothing, so the hot path there stays as it was.
        if pos.rules().p < 2 {
            return false;
        }
        let defender = self.attacker.opponent();
        if self
            .tt
            .probe(key_for(pos, defender))
            .is_some_and(|e| e.pn == 0)
        {
            return true;
        }
        if seen || pos.to_move() != defender {
            return false;
        }
        let affordable = self.counter_spent <= COUNTER_CREDIT + self.nodes / COUNTER_SHARE;
        if !affordable || !self.counter_probes.allow() {
            return false;
        }
        let limits = Limits {
            max_nodes: None,
            deadline: self.limits.deadline,
        };
        let mut probe = Dfpn::new(self.tt, defender, limits, self.nodes);
        let won = probe.tss_proves(pos, PROBE_TSS_NODES);
        self.counter_spent += probe.nodes - self.nodes;
        self.nodes = probe.nodes;
        self.counter_probes.record(won);
        won
    }

    /// Multiple iterative deepening at one node: search until its proof number reaches
    /// `th_pn` or its disproof number `th_dn`. Returns and stores the node's numbers; in
    /// [`Mode::Tss`] a proven node is also stored under its main-search key, with its zone
    /// when zones are on.
    fn mid(&mut self, pos: &mut Position, th_pn: Pn, th_dn: Pn, mode: Mode) -> (Pn, Pn) {
        self.nodes += 1;
        // Whatever is kept here when this call returns was put by this call.
        self.no_win = None;
        let key = self.mode_key(pos, mode);
        let start_nodes = self.nodes;
        let wins_now = threats::can_win_with(pos, pos.to_move(), pos.stones_left());
        let defence = if wins_now {
            Defence::Free
        } else {
            threats::defence(pos)
        };
        let seen = self.tt.probe(key).is_some();
        let or = pos.to_move() == self.attacker;
        if let Some(win) = self.decided(key, pos, wins_now, &defence, seen, mode) {
            let nums = if win { (0, INF) } else { (INF, 0) };
            self.store(pos, key, nums, 1, mode);
            if win && mode == Mode::Tss && self.use_zones {
                let zone = self.terminal_zone(pos);
                self.zones.put(key, &zone, pos, pos.canonical_symmetry());
            }
            return nums;
        }
        if mode == Mode::Main && self.defender_wins(pos, seen) {
            self.store(pos, key, (INF, 0), 1, mode);
            return (INF, 0);
        }
        if or && mode == Mode::Main && !seen && self.tss_proves(pos, PROBE_TSS_NODES) {
            return (0, INF);
        }
        // Several workers: this node is busy while it is on our stack (see `divert`).
        let shared = self.ctl.filter(|c| c.is_shared());
        if let Some(ctl) = shared {
            ctl.enter(key);
        }
        let (mut children, deduped) = self.children(pos, &defence, mode);
        let zoning = mode == Mode::Main && self.use_zones;
        // No-win zones of the children known so far, by index (see `prune_siblings`).
        let mut known: Vec<Option<Zone>> = Vec::new();
        if or && zoning && self.general_zones(pos) {
            self.prune_by_stored(pos, &mut children, &mut known);
        }
        if or && zoning && !seen && pos.stones_left() == 1 && pos.rules().p >= 2 {
            self.probe_pairing_zones(pos, &mut children, &mut known);
        }
        if !or
            && mode == Mode::Main
            && self.use_zones
            && let Some(zone) = self.null_move_zone(pos, children.len())
        {
            let before = children.len();
            children.retain(|c| zone.contains(c.cell));
            self.null_moves.saved += (before - children.len()) as u64;
        }
        let mut nums: (Pn, Pn);
        loop {
            if children.is_empty() {
                // No move: an attacker out of forcing moves (threat-space search), or a
                // defender whose every move a zone covers.
                nums = if or { (INF, 0) } else { (0, INF) };
                break;
            }
            let sel = select(&children, or);
            nums = sel.numbers;
            if key == self.root && mode == Mode::Main {
                // The root's numbers as they go, for the progress line and `c6solve status`
                // (the root is past its rules check, so an unsolved entry here is what
                // `seen` expects). The most work there is: a full table gives up the
                // entry with the least, and with a work of 1 the root went first while
                // one child took an hour (8,8,5,1,1 on an 8 GiB table).
                self.tt.store(key, nums.0, nums.1, u32::MAX);
            }
            if nums.0 >= th_pn || nums.1 >= th_dn || self.out_of_budget() {
                break;
            }
            let sel = match shared {
                Some(ctl) => divert(&children, or, sel, if or { th_pn } else { th_dn }, ctl),
                None => sel,
            };
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
            if zoning && cdn == 0 {
                self.use_child_zone(pos, &mut children, &mut known, sel.best);
            }
            if shared.is_some() {
                // Other workers solve and update siblings meanwhile: read what they found.
                self.refresh(&mut children, sel.best, mode);
            }
        }
        if let Some(ctl) = shared {
            ctl.leave(key);
        }
        let work = (self.nodes - start_nodes + 1).min(u32::MAX as u64) as u32;
        self.store(pos, key, nums, work, mode);
        self.no_win = None;
        if zoning && nums.1 == 0 {
            let own = if or && !self.general_zones(pos) {
                None
            } else if or {
                self.or_zone(pos, &children, &known, &defence, deduped)
            } else {
                self.and_zone(pos, &children, &known)
            };
            if let Some(zone) = own {
                self.keep_own_zone(key, pos, zone);
            }
        }
        if nums.0 == 0
            && mode == Mode::Tss
            && self.use_zones
            && let Some(zone) = self.inner_zone(pos, &children, &defence, deduped, or)
        {
            self.zones.put(key, &zone, pos, pos.canonical_symmetry());
        }
        nums
    }

    /// Takes the no-win zone of the child at `at`, just disproved (from the search that
    /// returned, or the store), and at an attacker node disproves every sibling outside it.
    fn use_child_zone(
        &mut self,
        pos: &Position,
        children: &mut [Child],
        known: &mut Vec<Option<Zone>>,
        at: usize,
    ) {
        let key = children[at].key;
        let zone = match self.no_win.take() {
            Some(z) if z.key == key => Some(z.cells),
            _ => self.stored_zone(pos, &children[at]),
        };
        let Some(zone) = zone else { return };
        if pos.to_move() == self.attacker && (pos.stones_left() == 1 || self.general_zones(pos)) {
            self.prune_siblings(pos, children, known, &zone);
        }
        note(known, at, zone);
    }

    /// Stores a node's numbers; a threat-space proof is a proof for the main search too.
    fn store(&self, pos: &Position, key: [u64; 2], nums: (Pn, Pn), work: u32, mode: Mode) {
        self.tt.store(key, nums.0, nums.1, work);
        if mode == Mode::Tss && nums.0 == 0 {
            self.tt.store(self.mode_key(pos, Mode::Main), 0, INF, work);
        }
    }

    /// The zone of a defender node's null move (the defender gives up the rest of its turn),
    /// if a threat-space search proves that position won within a budget. Defender stones
    /// outside it need no proof of their own (see [`crate::zone`]); the claim covers p extra
    /// stones, so a turn longer than p (Black's first, when q > p) is not pruned.
    fn null_move_zone(&mut self, pos: &mut Position, moves: usize) -> Option<Zone> {
        let (me, left) = (pos.to_move(), pos.stones_left());
        if left > pos.rules().p || pos.has_symmetry() || self.sub_limit.is_some() {
            return None;
        }
        pos.pass_turn();
        let key = self.mode_key(pos, Mode::Tss);
        let g = pos.canonical_symmetry();
        let budget = null_budget(moves);
        let mut zone = self.proven_zone(key, pos, g);
        if zone.is_none() {
            let stored = self.tt.probe(key);
            let hopeless = stored.is_some_and(|e| e.dn == 0 || e.work as u64 >= budget);
            if !hopeless && self.null_moves.allow() {
                let before = self.nodes;
                if self.sub_search(pos, budget).0 == 0 {
                    zone = self.proven_zone(key, pos, g);
                }
                self.null_moves.record(zone.is_some());
                self.null_moves.spent += self.nodes - before;
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

    /// Reads the children's numbers from the table again, except the one just searched.
    fn refresh(&self, children: &mut [Child], searched: usize, mode: Mode) {
        for (i, c) in children.iter_mut().enumerate() {
            if i != searched {
                self.read_stored(c, mode);
            }
        }
    }

    /// Takes a child's numbers from the table, if it is there.
    #[inline]
    fn read_stored(&self, c: &mut Child, mode: Mode) {
        if let Some(e) = self.tt.probe(c.key) {
            // Zones are built from the zones of proven children: one whose zone is no
            // longer held (the store started afresh) is proved again.
            if mode == Mode::Tss && self.use_zones && e.pn == 0 && !self.zones.contains(c.key) {
                return;
            }
            (c.pn, c.dn) = (e.pn, e.dn);
        }
    }

    /// The node's moves, with symmetric duplicates (children with equal keys) removed so
    /// that sums do not count one position twice.
    fn children(&self, pos: &Position, defence: &Defence, mode: Mode) -> (Vec<Child>, bool) {
        let mut moves = movegen::generate(pos, defence);
        let symmetric = pos.has_symmetry();
        let mut deduped = false;
        let or = pos.to_move() == self.attacker;
        if or && mode == Mode::Tss {
            let forced = matches!(defence, Defence::Block(_));
            let now = threats::threat_windows(pos, self.attacker, pos.rules().p);
            moves.retain(|&c| forcing_stone(pos, c, forced, &now));
        }
        let mut out: Vec<Child> = Vec::with_capacity(moves.len());
        for cell in moves {
            let key = self.child_key(pos, cell, mode);
            // Only a symmetric position has distinct moves leading to one position.
            if symmetric && out.iter().any(|c| c.key == key) {
                deduped = true;
                continue;
            }
            // Start the table's memory on its way; the probes below then overlap their
            // cache misses instead of paying them one after another.
            self.tt.prefetch(key);
            let (pn, dn) = if mode == Mode::Tss {
                FRESH
            } else {
                fresh_numbers(pos, cell, or)
            };
            out.push(Child { cell, key, pn, dn });
        }
        for c in &mut out {
            self.read_stored(c, mode);
        }
        (out, deduped)
    }
}

/// Records the zone of child `i` in `known`, growing it as needed.
fn note(known: &mut Vec<Option<Zone>>, i: usize, zone: Zone) {
    if known.len() <= i {
        known.resize(i + 1, None);
    }
    known[i] = Some(zone);
}

/// The no-win zone of a pairing strategy: its groups, and the defender `stones` played to
/// reach it (see [`pairing::reply_covers`]).
fn strategy_zone(pos: &Position, stones: &[Cell], groups: &[Vec<Cell>]) -> Zone {
    let mut zone = Zone::empty(pos.rules().cells());
    zone.add_windows(groups);
    for &c in stones {
        zone.insert(c);
    }
    zone
}

/// True if the attacker's stone `cell` can be part of a forcing turn: one that ends with at
/// least p threats, so that every stone of the defender's reply is a forced block. With
/// stones still to come in the turn, the stone must lie in a window that those stones could
/// still make a threat; the turn's last stone must leave p threats. A forced block (the
/// defender has threats of its own) is always allowed. `now` holds the attacker's threat
/// windows before the stone (computed once per node).
fn forcing_stone(pos: &Position, cell: Cell, forced: bool, now: &[Vec<Cell>]) -> bool {
    let (k, p) = (pos.rules().k as usize, pos.rules().p);
    let r = pos.stones_left() as usize;
    let me = pos.to_move();
    let geo = pos.geometry();
    if r > 1 {
        if forced {
            return true;
        }
        let need = k.saturating_sub(p as usize + r) as u8;
        return geo
            .windows_of(cell)
            .iter()
            .any(|&w| pos.window_live(w, me) && pos.window_count(w, me) >= need);
    }
    // The last stone: the threat windows after it are those of now, less the stone's point,
    // and the windows through it that it lifts to k - p stones.
    let threshold = k.saturating_sub(p as usize) as u8;
    let mut after: Vec<Vec<Cell>> = now
        .iter()
        .map(|w| w.iter().copied().filter(|&c| c != cell).collect())
        .collect();
    for &w in geo.windows_of(cell) {
        if pos.window_live(w, me) && pos.window_count(w, me) + 1 == threshold {
            let empties = geo.window(w).iter().copied();
            after.push(empties.filter(|&c| c != cell && pos.is_empty(c)).collect());
        }
    }
    !after.is_empty() && threats::hitting_number(&after, p + 1) >= p
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

/// Node budget of a null move's threat-space proof at a node with `moves` defender moves:
/// about what expanding the moves costs, which the zone saves when it is narrow.
fn null_budget(moves: usize) -> u64 {
    (moves as u64 * 2).max(16)
}

/// Decides whether to try a speculative search (a threat-space probe, a null move), backing
/// off while it keeps failing: once the tries outnumber `BACK_OFF` times the successes (plus
/// one), only every `BACK_OFF`-th chance is taken, and past `rare` times (probes: one success
/// in [`RARE_PROBES`] tries) every `BACK_OFF`²-th. On the small boards' draws nearly every
/// try fails and the back-off saves their cost (probes on the p = 2 draws: one success in
/// 25 to 60 tries; measured 6,6,5,2,1 5.6 s to 4.4 s with the second step); in Connect6
/// kills and on 9,4,4,1,1 one try in three to five succeeds.
///
/// Null moves also back off while they cost more than they save: a success pays only
/// through the defender moves its zone prunes, and where zones cover nearly the whole board
/// (two stones a turn on 7x7: 23 of 33 moves kept) the successes are frequent but buy
/// little. Measured, nodes of null-move search per pruned move: 0.2 on 6,5,4,1,1 and 0.8 on
/// 7,4,4,1,1 (zones save 4.6x and 1.25x), 4 on 7,7,5,2,2 and 7 on 6,6,5,2,1 (zones cost 10x
/// and 2x). Past [`NULL_COST`] only every `BACK_OFF`³-th chance is taken, which keeps the
/// count current without paying for it: with every `BACK_OFF`²-th, 8,8,5,2,1 still spent 2.2M
/// of its 5.0M nodes on null moves for little gain, and 6,6,5,2,2 took 1.4x the nodes of
/// `BACK_OFF`³ (`results/null-move-cost.md`).
#[derive(Debug, Default)]
struct Throttle {
    tries: u64,
    hits: u64,
    chances: u64,
    /// Nodes the tries have cost (null moves only).
    spent: u64,
    /// Defender moves the successes pruned (null moves only).
    saved: u64,
    /// Tries per success past which only every `BACK_OFF`²-th chance is taken (0: never).
    rare: u64,
}

/// See [`Throttle`].
const BACK_OFF: u64 = 8;

/// Tries per success of the threat-space probes past which only every `BACK_OFF`²-th
/// chance is taken.
const RARE_PROBES: u64 = 16;

/// Nodes the defender's threat-space probes may take before they count against the search.
const COUNTER_CREDIT: u64 = 4096;

/// Past the credit, the defender's probes take at most one node in this many.
const COUNTER_SHARE: u64 = 32;

/// Null-move search nodes allowed per defender move pruned, before backing off.
const NULL_COST: u64 = 1;

/// Pruned moves credited before any are counted, so the first tries are always made.
const NULL_CREDIT: u64 = 256;

impl Throttle {
    /// The back-off of threat-space probes: both steps, no cost rule.
    fn for_probes() -> Throttle {
        Throttle {
            rare: RARE_PROBES,
            ..Throttle::default()
        }
    }

    fn allow(&mut self) -> bool {
        self.chances += 1;
        let hits_pay = self.tries < BACK_OFF * (self.hits + 1);
        let cost_pays = self.spent <= NULL_COST * (self.saved + NULL_CREDIT);
        let rare = self.rare > 0 && self.tries >= self.rare * (self.hits + 1);
        if !cost_pays {
            return self.chances.is_multiple_of(BACK_OFF * BACK_OFF * BACK_OFF);
        }
        if rare {
            return self.chances.is_multiple_of(BACK_OFF * BACK_OFF);
        }
        hits_pay || self.chances.is_multiple_of(BACK_OFF)
    }

    fn record(&mut self, hit: bool) {
        self.tries += 1;
        self.hits += hit as u64;
    }
}

/// Which search a node belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The main search over every move (defender moves outside null-move zones pruned).
    Main,
    /// Threat-space search (VCDT in NCTU6's terms, VCF when p = 1): the attacker plays only
    /// forcing turns (see [`forcing_stone`]), so every defender stone is a forced block and
    /// nothing of the defender's is pruned. A proof here is a proof; a disproof only says
    /// there is no forcing win. Its nodes live under salted keys so that its restricted
    /// numbers never mix with the main search's; proven nodes record their zones.
    Tss,
}

impl Mode {
    /// The table key of a node in this mode.
    fn salted(self, key: [u64; 2]) -> [u64; 2] {
        match self {
            Mode::Main => key,
            Mode::Tss => [key[0] ^ TSS_SALT[0], key[1] ^ TSS_SALT[1]],
        }
    }
}

/// Mixed into the keys of threat-space nodes.
const TSS_SALT: [u64; 2] = [0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b];

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

/// With several workers: the child to search and its sibling bound, when children other
/// workers are in count as harder than they are (their "min" side number doubled, plus one).
/// The busy mark is a virtual proof number in the manner of Kaneko (2010): workers spread out
/// over the siblings instead of all following the same best child. Only children whose real
/// number is below the node's threshold `th` are candidates, so the child searched always has
/// work to do below its threshold; the node's own numbers stay the real ones.
fn divert(children: &[Child], or: bool, real: Selection, th: Pn, ctl: &Control) -> Selection {
    let min_side = |c: &Child| if or { c.pn } else { c.dn };
    let eff = |c: &Child| {
        let m = min_side(c);
        if m == 0 || m == INF || !ctl.is_busy(c.key) {
            m
        } else {
            (m as u64 * 2 + 1).min(INF as u64 - 1) as Pn
        }
    };
    let (mut best, mut best_eff) = (real.best, INF);
    for (i, c) in children.iter().enumerate() {
        let e = eff(c);
        if min_side(c) < th && e < best_eff {
            (best, best_eff) = (i, e);
        }
    }
    // Busy marks change while we look: the bound never drops to the chosen child's number,
    // so the child always gets at least one step of work.
    let second = children
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != best)
        .map(|(_, c)| eff(c))
        .min()
        .unwrap_or(INF)
        .max(min_side(&children[best]));
    Selection {
        numbers: real.numbers,
        best,
        second,
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

/// The table key of `pos` in a run that proves "`attacker` wins".
pub fn key_for(pos: &Position, attacker: Color) -> [u64; 2] {
    node_key(
        pos.stone_key(),
        pos.to_move(),
        pos.stones_left(),
        attacker,
        pos,
    )
}

/// The first stones of the side to move in `pos`, one per class up to symmetry (the first
/// point of each class, in board order), each with the key for `attacker` of the position
/// after it.
pub fn first_stones(pos: &Position, attacker: Color) -> Vec<(Cell, [u64; 2])> {
    let mut child = pos.clone();
    let mut out: Vec<(Cell, [u64; 2])> = Vec::new();
    for cell in pos.empty_points() {
        child.play(cell);
        let key = key_for(&child, attacker);
        child.undo();
        // Symmetric stones share a key: keep the first of each class.
        if !out.iter().any(|&(_, k)| k == key) {
            out.push((cell, key));
        }
    }
    out
}

/// True when a split-turns run (see [`Dfpn::with_split_turns`]) solves `pos` one turn at a
/// time: the attacker is to move and cannot win with the stones it has left.
pub fn splits(pos: &Position, attacker: Color) -> bool {
    pos.to_move() == attacker
        && !pos.is_over()
        && !threats::can_win_with(pos, attacker, pos.stones_left())
}

/// The turns a split-turns run solves one at a time from `pos` (see
/// [`Dfpn::with_split_turns`]): the positions after the side to move's next two stones (its
/// one stone, when one is left), one per class up to symmetry, as the stones played and the
/// position's key for `attacker`.
pub fn root_turns(pos: &Position, attacker: Color) -> Vec<(Cell, Option<Cell>, [u64; 2])> {
    if pos.stones_left() >= 2 {
        two_stone_turns(pos, attacker)
            .into_iter()
            .map(|(a, b, key)| (a, Some(b), key))
            .collect()
    } else {
        first_stones(pos, attacker)
            .into_iter()
            .map(|(a, key)| (a, None, key))
            .collect()
    }
}

/// The positions after two stones of the side to move in `pos`, one per class up to
/// symmetry, as the two points and the position's key for `attacker`: the first stones of
/// [`first_stones`], then every second stone after each.
pub fn two_stone_turns(pos: &Position, attacker: Color) -> Vec<(Cell, Cell, [u64; 2])> {
    let mut child = pos.clone();
    let mut seen = hashbrown::HashSet::new();
    let mut out = Vec::new();
    for (a, _) in first_stones(pos, attacker) {
        child.play(a);
        for b in pos.empty_points().filter(|&c| c != a) {
            child.play(b);
            let key = key_for(&child, attacker);
            child.undo();
            if seen.insert(key) {
                out.push((a, b, key));
            }
        }
        child.undo();
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_moves, parse_point};
    use crate::rules::Rules;

    fn c6_stones(black: &str, white: &str, to_move: Color, left: u16) -> Position {
        let r = Rules::connect6();
        let b = parse_moves(&r, black).unwrap();
        let w = parse_moves(&r, white).unwrap();
        Position::from_stones(r, &b, &w, Some((to_move, left))).unwrap()
    }

    fn at(p: &str) -> Cell {
        parse_point(&Rules::connect6(), p).unwrap()
    }

    fn forcing(pos: &Position, point: &str) -> bool {
        let now = threats::threat_windows(pos, pos.to_move(), pos.rules().p);
        forcing_stone(pos, at(point), false, &now)
    }

    #[test]
    fn null_moves_back_off_when_they_cost_more_than_they_prune() {
        let allowed = |t: &mut Throttle, chances: u64| (0..chances).filter(|_| t.allow()).count();
        // Every try a success that pays for itself: always tried.
        let mut paying = Throttle::default();
        for _ in 0..1000 {
            assert!(paying.allow());
            paying.record(true);
            paying.spent += 20;
            paying.saved += 30;
        }
        // Successes that cost more than they prune: past the credit only one chance in
        // BACK_OFF^3 is taken, however often they succeed.
        let mut costly = Throttle {
            tries: 1000,
            hits: 1000,
            saved: 100,
            spent: NULL_COST * (100 + NULL_CREDIT) + 1,
            ..Throttle::default()
        };
        assert_eq!(allowed(&mut costly, 512 * 10), 10);
        // Cheap but failing: the hit-rate back-off (one chance in BACK_OFF).
        let mut failing = Throttle {
            tries: 1000,
            ..Throttle::default()
        };
        assert_eq!(allowed(&mut failing, 8 * 10), 10);
    }

    #[test]
    fn probes_back_off_further_when_they_rarely_succeed() {
        let allowed = |t: &mut Throttle, chances: u64| (0..chances).filter(|_| t.allow()).count();
        // One success in 100 tries: past RARE_PROBES tries per success, one chance in 64.
        let mut rare = Throttle {
            tries: 1000,
            hits: 10,
            ..Throttle::for_probes()
        };
        assert_eq!(allowed(&mut rare, 64 * 10), 10);
        // One in ten: the ordinary back-off, one chance in 8.
        let mut some = Throttle {
            tries: 1000,
            hits: 100,
            ..Throttle::for_probes()
        };
        assert_eq!(allowed(&mut some, 8 * 10), 10);
    }

    /// Connect(6,6,4,2,1) is a loss for Black: after some of Black's first stones White's
    /// forcing win is found by the defender's probe alone, and each one it claims is a White
    /// win by a search of its own (White as the attacker, no zones). A proof stored by that
    /// search is then read from the table by a Black run, without a probe.
    #[test]
    fn a_full_table_keeps_the_roots_numbers_while_the_search_runs() {
        // 1 MiB holds 32,768 entries, which 8,4,4,1,1 fills many times over; a second
        // thread reads the root's entry as the search goes, as the progress line and a
        // checkpoint do, and must find it every time once it is there.
        let rules = Rules::new(8, 4, 4, 1, 1).unwrap();
        let table = Table::new(1).unwrap();
        let key = key_for(&Position::new(rules), Color::Black);
        let done = std::sync::atomic::AtomicBool::new(false);
        let (seen, missed) = std::thread::scope(|s| {
            s.spawn(|| {
                let mut pos = Position::new(rules);
                let limits = Limits {
                    max_nodes: Some(1_500_000),
                    deadline: None,
                };
                Dfpn::new(&table, Color::Black, limits, 0).run(&mut pos);
                done.store(true, std::sync::atomic::Ordering::Relaxed);
            });
            let (mut seen, mut missed) = (0u32, 0u32);
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                match table.probe(key) {
                    Some(_) => seen += 1,
                    None if seen > 0 => missed += 1,
                    None => {}
                }
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            (seen, missed)
        });
        assert!(table.fill() > 0.9, "the table filled up");
        assert!(seen > 100, "read {seen} times");
        // A read racing the root's own rewrite can tear (and reads as a miss): allow a few.
        assert!(
            missed * 100 <= seen,
            "missed {missed} of {} reads",
            seen + missed
        );
    }

    #[test]
    fn the_defenders_forcing_wins_disprove_the_attacker() {
        let rules = Rules::new(6, 6, 4, 2, 1).unwrap();
        let mut claimed = 0;
        for cell in 0..rules.cells() as Cell {
            let mut pos = Position::new(rules);
            pos.play(cell);
            let table = Table::new(16).unwrap();
            let mut black = Dfpn::new(&table, Color::Black, Limits::default(), 0);
            if !black.defender_wins(&mut pos, false) {
                continue;
            }
            claimed += 1;
            let other = Table::new(16).unwrap();
            let mut white = Dfpn::new(&other, Color::White, Limits::default(), 0);
            assert_eq!(white.run(&mut pos), Proof::Proven, "after {cell}");
            let mut black = Dfpn::new(&other, Color::Black, Limits::default(), 0);
            assert!(
                black.defender_wins(&mut pos, true),
                "stored proof after {cell}"
            );
        }
        assert!(
            claimed > 0,
            "no first stone gave White a forcing win the probe finds"
        );
    }

    #[test]
    fn forcing_stones_end_the_turn_with_p_threats() {
        // Black has a live three on row 10 and one stone left: J10 makes a live four (two
        // threats, both White stones forced); A1 makes nothing.
        let pos = c6_stones("F10 G10 H10", "K12 L12", Color::Black, 1);
        assert!(forcing(&pos, "J10"));
        assert!(!forcing(&pos, "A1"));
        // Blocked on the right, the four is dead: one threat leaves White a free stone.
        let pos = c6_stones("F10 G10 H10", "K10 L12", Color::Black, 1);
        assert!(!forcing(&pos, "J10"));
        // With two stones to play, a stone next to the three may still become part of one.
        let pos = c6_stones("F10 G10 H10", "K12 L12 M12", Color::Black, 2);
        assert!(forcing(&pos, "J10"));
        assert!(!forcing(&pos, "A1"));
    }

    #[test]
    fn forcing_stone_agrees_with_playing_and_counting() {
        // The incremental test of the turn's last stone against the definition: play the
        // stone and count the attacker's threats. Random dense positions, p = 2 and 3.
        let mut forcing = 0;
        for (i, rules) in [Rules::new(9, 9, 6, 2, 1), Rules::new(8, 8, 6, 3, 2)]
            .into_iter()
            .enumerate()
        {
            let rules = rules.unwrap();
            for seed in 0..60u64 {
                let moves = crate::notation::random_game(&rules, seed * 7 + i as u64, 40);
                let mut pos = Position::new(rules);
                for &c in &moves {
                    pos.play(c);
                    if pos.is_over() || pos.stones_left() != 1 {
                        continue;
                    }
                    let me = pos.to_move();
                    if threats::can_win_with(&pos, me, 1) {
                        continue;
                    }
                    let now = threats::threat_windows(&pos, me, rules.p);
                    for cell in pos.empty_points() {
                        let fast = forcing_stone(&pos, cell, false, &now);
                        let mut after = pos.clone();
                        after.play(cell);
                        let slow = threats::threat_count(&after, me) >= rules.p;
                        assert_eq!(fast, slow, "seed {seed}, cell {cell}");
                        forcing += fast as usize;
                    }
                }
            }
        }
        assert!(forcing > 50, "too few forcing stones sampled: {forcing}");
    }

    #[test]
    fn threat_space_search_proves_a_double_four_and_nothing_quiet() {
        let table = Table::new(16).unwrap();
        // Two live threes: J10 and J5 make two live fours, four threats against two stones.
        let mut pos = c6_stones("F10 G10 H10 F5 G5 H5", "A19 B19 C19 T1 S1", Color::Black, 2);
        let mut run = Dfpn::new(&table, Color::Black, Limits::default(), 0);
        assert_eq!(run.sub_search(&mut pos, 1000).0, 0);
        // Its proof is stored for the main search.
        assert_eq!(table.probe(run.key(&pos)).map(|e| e.pn), Some(0));
        // A lone stone has no forcing win: the threat-space search fails, proving nothing.
        let mut pos = c6_stones("K10", "", Color::White, 2);
        let mut run = Dfpn::new(&table, Color::White, Limits::default(), 0);
        assert_ne!(run.sub_search(&mut pos, 1000).0, 0);
        assert_eq!(table.probe(run.key(&pos)), None);
    }
}
