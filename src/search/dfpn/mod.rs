//! Depth-first proof-number search (Nagai 2002) with the 1+ε threshold trick
//! (Pawlewicz & Lew 2007) over single stones.
//!
//! One run proves or disproves "the attacker can force a win". OR nodes are the attacker's
//! stones, AND nodes the defender's; consecutive stones of one turn are consecutive nodes of
//! the same kind. Keys are symmetry-reduced, so the two orders of a pair and mirror images
//! share one table entry.
//!
//! This file holds the searcher, its run, and the recursion (`mid`) with the children it
//! expands. Its parts, one file each:
//! - `keys`: table keys, the threat-space salt, the root's first stones and turns;
//! - `pn`: proof-number arithmetic (combining children, selection, thresholds);
//! - `decide`: nodes the rules decide without search (wins, potential, pairings);
//! - `probes`: threat-space searches, the defender's probes, and their back-offs;
//! - `zones`: relevance zones (null moves, no-win zones, pruned siblings).
//!
//! The design: docs/design.md §2 (df-pn §2.2, a DAG's proof numbers §2.3); split turns §5.11.

mod decide;
mod keys;
mod pn;
mod probes;
mod zones;

pub use decide::{PAIRING_BUDGET, REPLY_BUDGET};
pub use keys::{first_stones, key_for, root_turns, splits, two_stone_turns};

use super::control::Control;
use super::movegen;
use super::tt::{INF, Pn, Table};
use crate::board::{Cell, Position};
use crate::rules::Color;
use crate::threats::{self, Defence};
use crate::zone::{ProofZone, Zone};
use keys::Mode;
use pn::{Child, FRESH, divert, fresh_numbers, one_plus_eps, select, sub_keep};
use probes::{Probes, ROOT_TSS_NODES, TSS_WORK_SHARE, forcing_moves, loop_tss_budget};
use std::time::Instant;
use zones::{Pruned, Zones};

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

/// One df-pn searcher over a table.
pub struct Dfpn<'t> {
    tt: &'t Table,
    attacker: Color,
    limits: Limits,
    /// Nodes expanded so far (shared across runs by the caller).
    pub nodes: u64,
    aborted: bool,
    /// The solve's shared counters and flags when this searcher is one of its workers.
    ctl: Option<&'t Control>,
    /// Part of `nodes` already added to the shared counter.
    flushed: u64,
    /// Key of the node [`Dfpn::run`] started from.
    root: [u64; 2],
    /// Solve the root's turns one at a time (see [`Dfpn::with_split_turns`]).
    split_turns: bool,
    /// Relevance zones: the switch, the stores, and the zone kept for the parent.
    zones: Zones,
    /// Threat-space sub-searches and the back-offs of the speculative searches.
    probes: Probes,
    /// When this searcher was made (see [`HUGE_PAGES_AFTER`]).
    started: Instant,
    /// The attacker's stones of a claimed line (see [`Dfpn::with_hints`]).
    hints: Vec<Cell>,
}

/// Nodes a worker counts locally before adding them to the shared counter.
const FLUSH_EVERY: u64 = 256;

/// How long a searcher runs before it moves the table into huge pages
/// ([`Table::use_huge_pages`]). Merging the pages costs about a millisecond of a core per MiB
/// of table (0.3 to 0.5 s for 256 to 512 MiB), which a search that ends soon after would pay
/// for nothing; one that runs on then runs about a third faster on 19x19
/// (results/experiments/huge-pages.md).
const HUGE_PAGES_AFTER: std::time::Duration = std::time::Duration::from_secs(2);

impl<'t> Dfpn<'t> {
    /// A searcher for "`attacker` wins" that starts counting at `nodes`.
    pub fn new(tt: &'t Table, attacker: Color, limits: Limits, nodes: u64) -> Dfpn<'t> {
        Dfpn {
            tt,
            attacker,
            limits,
            nodes,
            aborted: false,
            ctl: None,
            flushed: nodes,
            root: [0; 2],
            split_turns: false,
            zones: Zones::new(),
            probes: Probes::new(),
            started: Instant::now(),
            hints: Vec::new(),
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
        self.zones.set_memory(bytes, cells);
        self
    }

    /// Turns relevance-zone pruning on or off (off: every defender move is searched).
    pub fn with_zones(mut self, on: bool) -> Dfpn<'t> {
        self.zones.on = on;
        self
    }

    /// Guides the search by a claimed line: at an attacker node of the main search, the
    /// moves among `cells` (the attacker's stones of the line still to come) start with
    /// proof number 1 and are tried first. After most defences the line's plan still wins,
    /// or nearly, so its stones are the best first guess; only the order of the search
    /// depends on them, never a value (docs/design.md §2.4).
    pub fn with_hints(mut self, cells: Vec<Cell>) -> Dfpn<'t> {
        self.hints = cells;
        self
    }

    /// With `on`, a defender node whose null move the threat-space search shows has no
    /// forcing win has it tried by the main search too, within a budget (docs/design.md
    /// §4.2). Off by default: on the positions measured it cost more nodes than its zones
    /// saved (results/experiments/proof-zones-everywhere.md).
    pub fn with_main_null_moves(mut self, on: bool) -> Dfpn<'t> {
        self.zones.main_nulls = on;
        self
    }

    /// Forces the reach of the no-win zones (see [`crate::zone`]): `true` builds them
    /// from every rule and every node, `false` only from pairing strategies. For tests and
    /// measurements; the default follows the rules.
    pub fn with_general_zones(mut self, on: bool) -> Dfpn<'t> {
        self.zones.general = Some(on);
        self
    }

    /// With `on`, a root where the attacker is to move is solved one position after its next
    /// two stones at a time (after its one stone, when one is left), each to the end,
    /// instead of df-pn spreading its work over all of them. Values never change:
    /// the root is won if one of them is, and refuted when every one is. Meant for roots
    /// expected to be refuted, where every such position must be refuted anyway: df-pn
    /// interleaves them, and over a table smaller than their sum it loses what it evicts
    /// (docs/design.md §5.11; results/experiments/split-turns.md). With several workers each
    /// takes a position no other worker is in.
    pub fn with_split_turns(mut self, on: bool) -> Dfpn<'t> {
        self.split_turns = on;
        self
    }

    /// Runs df-pn from `pos` until it is solved or a limit is hit. An attacker to move
    /// first gets a threat-space search (see `Mode::Tss`): a forcing kill is often found
    /// there at a fraction of the cost, and what it proves is stored for the main search.
    pub fn run(&mut self, pos: &mut Position) -> Proof {
        self.root = self.key(pos);
        let attacker_first = pos.to_move() == self.attacker && !pos.is_over();
        if attacker_first {
            let (pn, _) = self.sub_search(pos, ROOT_TSS_NODES);
            if pn == 0 {
                return Proof::Proven;
            }
            if self.out_of_budget() {
                return Proof::Unknown;
            }
        }
        if !attacker_first && !pos.is_over() && self.zones.on {
            self.prove_root_null_move(pos);
        }
        let split = self.split_turns && splits(pos, self.attacker);
        let (pn, dn) = if split {
            self.run_turns(pos)
        } else if attacker_first {
            self.run_with_forcing_root(pos)
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
        self.zones
            .for_parent
            .as_ref()
            .filter(|z| z.key == self.root)
            .map(|z| &z.cells)
    }

    /// The relevance zone of the root after a [`Dfpn::run`] that proved it (zones on), with
    /// its support: defender stones added on at most `support` empty points outside it leave
    /// the root won (see [`crate::zone`]). `pos` is the root position. For tests of that
    /// claim.
    pub fn root_proof_zone(&self, pos: &Position) -> Option<ProofZone> {
        self.stored_proof_zone(self.root, pos, pos.canonical_symmetry())
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

    /// The main search from a root where the attacker is to move, taking turns with ever
    /// larger threat-space searches of the root: the main search runs for twice the last
    /// forcing search's budget, then the forcing search again with twice its budget
    /// (continuing from what the table holds of it), until the root is solved, a forcing
    /// search shows the root has no forcing win, or a limit is hit. A forcing kill too long
    /// for the first search (`ROOT_TSS_NODES`) is then found within about three times its
    /// length, where the main search would spread over every quiet stone; without one, the
    /// forcing searches take at most about a third of the run
    /// (results/experiments/deeper-tss-probes.md).
    fn run_with_forcing_root(&mut self, pos: &mut Position) -> (Pn, Pn) {
        let mut budget = ROOT_TSS_NODES;
        loop {
            self.probes.chunk_limit = Some(self.nodes + 2 * budget);
            let nums = self.mid(pos, INF, INF, Mode::Main);
            self.probes.chunk_limit = None;
            if nums.0 == 0 || nums.1 == 0 || self.out_of_budget() {
                return nums;
            }
            // A forcing search that failed for good (or whose entry is gone) is not repeated.
            let forcing = self.tt.probe(self.mode_key(pos, Mode::Tss));
            if forcing.is_none_or(|e| e.dn == 0) {
                return self.mid(pos, INF, INF, Mode::Main);
            }
            budget *= 2;
            if self.sub_search(pos, budget).0 == 0 {
                return (0, INF);
            }
            if self.out_of_budget() {
                return nums;
            }
        }
    }

    /// At a root where the defender is to move, a threat-space search of its null move (the
    /// defender gives up its turn) as large as an attacker root's: a proof is stored with
    /// its zone, which the root's own null move then finds (`null_move_zone`), so that only
    /// the defender's stones inside it are searched. The root is expanded once, and df-pn
    /// seldom leaves it again, so its null move, unlike a deeper node's, gets no later and
    /// larger tries (docs/design.md §4.2). A node limit caps the search at a quarter of it.
    fn prove_root_null_move(&mut self, pos: &mut Position) {
        if !zones::null_move_can_prune(pos) {
            return;
        }
        let (me, left) = (pos.to_move(), pos.stones_left());
        let budget = self
            .limits
            .max_nodes
            .map_or(ROOT_TSS_NODES, |n| ROOT_TSS_NODES.min(n / 4));
        pos.pass_turn();
        self.sub_search(pos, budget);
        pos.set_turn(me, left);
    }

    /// Stores the root as solved and returns its numbers.
    fn solved_root(&self, pn: Pn, dn: Pn) -> (Pn, Pn) {
        self.tt.store(self.root, pn, dn, u32::MAX);
        (pn, dn)
    }

    /// Stored numbers of the node after the side to move plays `cell`.
    pub fn child_numbers(&self, pos: &Position, cell: Cell) -> (Pn, Pn) {
        self.stored_child_numbers(pos, cell).unwrap_or(FRESH)
    }

    /// Numbers of the node after the side to move plays `cell`, if the table holds it
    /// (it was searched, or reached through a transposition).
    pub fn stored_child_numbers(&self, pos: &Position, cell: Cell) -> Option<(Pn, Pn)> {
        self.stored_child(pos, cell).map(|(pn, dn, _)| (pn, dn))
    }

    /// Numbers of the node after the side to move plays `cell` and the most nodes one search
    /// of it took, if the table holds it.
    pub fn stored_child(&self, pos: &Position, cell: Cell) -> Option<(Pn, Pn, u32)> {
        let key = self.child_key(pos, cell, Mode::Main);
        self.tt.probe(key).map(|e| (e.pn, e.dn, e.work))
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
        if self.nodes.is_multiple_of(1024) {
            let now = Instant::now();
            if self.limits.deadline.is_some_and(|d| now >= d) {
                self.aborted = true;
            }
            if now - self.started >= HUGE_PAGES_AFTER {
                self.tt.use_huge_pages();
            }
        }
        if self.aborted
            && let Some(ctl) = self.ctl
        {
            ctl.stop();
        }
        self.aborted
            || self.probes.sub_limit.is_some_and(|l| self.nodes >= l)
            || self.probes.null_limit.is_some_and(|l| self.nodes >= l)
            || self.probes.chunk_limit.is_some_and(|l| self.nodes >= l)
    }

    /// Multiple iterative deepening at one node: search until its proof number reaches
    /// `th_pn` or its disproof number `th_dn`. Returns and stores the node's numbers; in
    /// [`Mode::Tss`] a proven node is also stored under its main-search key, with its zone
    /// when zones are on.
    fn mid(&mut self, pos: &mut Position, th_pn: Pn, th_dn: Pn, mode: Mode) -> (Pn, Pn) {
        self.nodes += 1;
        // Whatever is kept here when this call returns was put by this call.
        self.zones.for_parent = None;
        let key = self.mode_key(pos, mode);
        let start_nodes = self.nodes;
        let wins_now = threats::can_win_with(pos, pos.to_move(), pos.stones_left());
        let defence = if wins_now {
            Defence::Free
        } else {
            threats::defence(pos)
        };
        let stored = self.tt.probe(key);
        let seen = stored.is_some();
        // Work done below this node on earlier visits: the null move's searches grow with it.
        let past_work = stored.map_or(0, |e| e.work as u64);
        let or = pos.to_move() == self.attacker;
        if let Some(win) = self.decided(key, pos, wins_now, &defence, seen, mode) {
            let nums = if win { (0, INF) } else { (INF, 0) };
            self.store(pos, key, nums, 1, mode);
            if win && self.zones.on {
                let zone = self.terminal_zone(pos);
                self.keep_proof_zone(key, pos, &zone);
            }
            return nums;
        }
        if mode == Mode::Main && self.defender_wins(pos, seen) {
            self.store(pos, key, (INF, 0), 1, mode);
            return (INF, 0);
        }
        if or && mode == Mode::Main {
            // A probe at a new node; deeper searches where the search comes back.
            let proved = if seen {
                self.deeper_tss_proves(pos, past_work / TSS_WORK_SHARE)
            } else {
                self.probe_proves(pos)
            };
            if proved {
                return (0, INF);
            }
        }
        // Several workers: this node is busy while it is on our stack (see `divert`).
        let shared = self.ctl.filter(|c| c.is_shared());
        if let Some(ctl) = shared {
            ctl.enter(key);
        }
        let (mut children, deduped) = self.children(pos, &defence, mode);
        let zoning = mode == Mode::Main && self.zones.on;
        // No-win zones of the children known so far, by index (see `prune_siblings`).
        let mut known: Vec<Option<Zone>> = Vec::new();
        if or && zoning && self.general_zones(pos) {
            self.prune_by_stored(pos, &mut children, &mut known);
        }
        if or && zoning && !seen && pos.stones_left() == 1 && pos.rules().p >= 2 {
            self.probe_pairing_zones(pos, &mut children, &mut known);
        }
        // What pruned this defender node's replies (see `Pruned`).
        let mut pruned: Option<Pruned> = None;
        if !or
            && zoning
            && let Some((zone, by_main)) = self.null_move_zone(
                pos,
                children.len(),
                past_work,
                zones::null_move_searched(pos, seen),
            )
        {
            let before = children.len();
            children.retain(|c| zone.cells.contains(c.cell));
            let saved = (before - children.len()) as u64;
            if by_main {
                self.probes.main_nulls.saved += saved;
            } else {
                self.probes.null_moves.saved += saved;
            }
            pruned = Some(Pruned::by_null_move(zone, pos.stones_left()));
        }
        let mut nums: (Pn, Pn);
        // An attacker node whose loop keeps working gets ever deeper threat-space searches
        // as its work doubles, as if df-pn had come back to it (see `deeper_tss_proves`).
        let mut forcing_due = 2 * (past_work + 1);
        let mut forced = false;
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
                // entry with the least, and the progress line must find the root's numbers
                // however long one child's search runs (docs/design.md §6.2; why:
                // results/experiments/search-constants.md).
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
            if zoning && !or && cpn == 0 {
                self.narrow_replies(pos, &mut children, sel.best, &mut pruned);
            }
            if shared.is_some() {
                // Other workers solve and update siblings meanwhile: read what they found.
                self.refresh(&mut children, sel.best, mode);
            }
            if or && mode == Mode::Main && cpn != 0 {
                let work = past_work + (self.nodes - start_nodes);
                if work >= forcing_due {
                    forcing_due = 2 * work;
                    forced = self.deeper_tss_proves(pos, loop_tss_budget(work, children.len()));
                    if forced {
                        break;
                    }
                }
            }
        }
        if let Some(ctl) = shared {
            ctl.leave(key);
        }
        if forced {
            // The threat-space search stored its proof, with its zone, under this key too.
            return (0, INF);
        }
        let work = (self.nodes - start_nodes + 1).min(u32::MAX as u64) as u32;
        self.store(pos, key, nums, work, mode);
        self.zones.for_parent = None;
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
            && self.zones.on
            && let Some(zone) = self.proof_zone(pos, &children, &defence, deduped, pruned.as_ref())
        {
            self.keep_proof_zone(key, pos, &zone);
        }
        nums
    }

    /// Stores a node's numbers; a threat-space proof is a proof for the main search too.
    fn store(&self, pos: &Position, key: [u64; 2], nums: (Pn, Pn), work: u32, mode: Mode) {
        self.tt.store(key, nums.0, nums.1, work);
        if mode == Mode::Tss && nums.0 == 0 {
            self.tt.store(self.mode_key(pos, Mode::Main), 0, INF, work);
        }
    }

    /// Reads the children's numbers from the table again, except the one just searched.
    fn refresh(&self, children: &mut [Child], searched: usize, mode: Mode) {
        for (i, c) in children.iter_mut().enumerate() {
            // Solved numbers never change (and a reply a zone covered is solved only here).
            if i != searched && c.pn != 0 && c.dn != 0 {
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
            if mode == Mode::Tss && self.zones.on && e.pn == 0 && !self.zones.proven.contains(c.key)
            {
                return;
            }
            (c.pn, c.dn) = (e.pn, e.dn);
        }
    }

    /// The node's moves, with symmetric duplicates (children with equal keys) removed so
    /// that sums do not count one position twice.
    fn children(&self, pos: &Position, defence: &Defence, mode: Mode) -> (Vec<Child>, bool) {
        let symmetric = pos.has_symmetry();
        let mut deduped = false;
        let or = pos.to_move() == self.attacker;
        let moves = if or && mode == Mode::Tss {
            let now = threats::threat_windows(pos, self.attacker, pos.rules().p);
            forcing_moves(pos, defence, &now)
        } else {
            movegen::generate(pos, defence)
        };
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
        if or && mode == Mode::Main && !self.hints.is_empty() {
            for c in out.iter_mut().filter(|c| self.hints.contains(&c.cell)) {
                c.pn = 1;
            }
            // Stable: the hinted moves first, each group in its own order.
            out.sort_by_key(|c| !self.hints.contains(&c.cell));
        }
        for c in &mut out {
            self.read_stored(c, mode);
        }
        (out, deduped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// The Connect6 position after `moves` (Go-style points in play order); the other test
    /// modules of the search use it too.
    pub(super) fn connect6_after(moves: &str) -> Position {
        let r = Rules::connect6();
        let mut pos = Position::new(r);
        for c in crate::notation::parse_moves(&r, moves).unwrap() {
            pos.play(c);
        }
        pos
    }

    /// A search for Black's win with zones on (as `solve` runs it), within `nodes` nodes.
    fn black_with_zones(table: &Table, nodes: u64) -> Dfpn<'_> {
        let limits = Limits {
            max_nodes: Some(nodes),
            deadline: None,
        };
        Dfpn::new(table, Color::Black, limits, 0)
            .with_zones(true)
            .with_zone_memory(8 << 20, Rules::connect6().cells())
    }

    #[test]
    fn a_defender_root_gets_a_full_threat_space_search_of_its_null_move() {
        // Real game nz6550, cut five of Black's turns before its six, then Black's quiet
        // F9 Q8 (one threat) and White's block R7. With White's last stone given up, Black's
        // forcing win takes the threat-space search 1,518 nodes, past the base budget of a
        // null move (two nodes a reply, 622 here), and df-pn never comes back to the root for
        // a larger try.
        let r = Rules::connect6();
        let mut pos = connect6_after(
            "K10 L9 M11 L11 K12 M10 M12 N11 M9 M13 K13 M14 L12 L13 N13 J13 O13 H14 \
             J12 L14 K7 K14 N10 O10 N14 O14 P12 P15 P9 J15 H11 H16 G13 K9 P13 L8 \
             Q12 H13 H12 H10 G14 G12 K15 F11 J6 H5 G10 F9 Q8 R7",
        );
        let table = Table::new(64).unwrap();
        let mut run = black_with_zones(&table, 20_000);
        run.run(&mut pos);
        let (me, left) = (pos.to_move(), pos.stones_left());
        pos.pass_turn();
        let null = table.probe(run.mode_key(&pos, Mode::Tss));
        pos.set_turn(me, left);
        assert_eq!(null.map(|e| e.pn), Some(0), "the null move is proved");
        // White stones outside its zone are not searched, those inside are.
        let searched = |p: &str| {
            let cell = crate::notation::parse_moves(&r, p).unwrap()[0];
            table.probe(run.child_key(&pos, cell, Mode::Main)).is_some()
        };
        assert!(
            !searched("A1") && !searched("T19"),
            "a far corner was searched"
        );
        assert!(searched("J10"), "a stone of Black's kill was not searched");
    }

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
    fn an_attacker_node_that_keeps_working_gets_forcing_searches_in_its_loop() {
        // Real game lg1996656, cut four of Black's turns before its six, then Black's
        // M7 O7 (one threat) and White's block P7. White's last stone must block again, at
        // J7 or K7; after either Black has a forcing kill (N8 L8 ...) that the threat-space
        // search finds in about 600 nodes, past the 64-node probe at a new node. df-pn entered
        // one of them with a disproof threshold of 1,259 and spent 284,000 nodes in its loop
        // without coming back (285,747 in all); a forcing search inside the loop, as its work
        // doubles, proves both within a few thousand.
        let mut pos = connect6_after(
            "K10 L11 M10 K11 K12 K8 K14 L9 M8 J11 J9 J12 L7 H12 N9 O8 N7 O6 M6 M7 O7 P7",
        );
        let table = Table::new(64).unwrap();
        let mut run = black_with_zones(&table, 20_000);
        assert_eq!(run.run(&mut pos), Proof::Proven);
        assert!(run.nodes < 20_000, "{} nodes", run.nodes);
    }
}
