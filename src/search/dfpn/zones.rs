//! Relevance zones in the search (the claims and how zones are built: [`crate::zone`]).
//!
//! Proof zones: a defender node whose null move a threat-space search proves keeps only
//! the moves inside that proof's zone ([`Dfpn::null_move_zone`]); the threat-space search
//! builds the zones of its proven nodes bottom-up ([`Dfpn::terminal_zone`],
//! [`Dfpn::inner_zone`]). No-win zones: a node disproved keeps its zone for its parent and
//! the store, and at an attacker node a refuted move's zone disproves every sibling
//! outside it ([`Dfpn::prune_siblings`]), whether the zone came from the search just
//! returned, the store or a pairing reply found before any move is searched.
//!
//! The design: docs/design.md §4 (null moves §4.2, zone memory §4.4), §5.8 (pairing zones),
//! §5.10 (no-win zones).

use super::Dfpn;
use super::decide::{REPLY_BUDGET, worth_pairing};
use super::keys::Mode;
use super::pn::Child;
use super::probes::null_budget;
use crate::board::{Cell, Position};
use crate::pairing;
use crate::search::tt::INF;
use crate::threats::{self, Defence};
use crate::zone::{self, Zone, ZoneSlots, ZoneStore};
use std::borrow::Cow;

/// The no-win zone of the disproved node at `key`, in that node's coordinates: attacker
/// stones added anywhere outside `cells` leave it disproved (see [`crate::zone`]).
pub(super) struct NoWinZone {
    pub(super) key: [u64; 2],
    pub(super) cells: Zone,
}

/// Extra defender stones a zone's claim covers, in turns: one turn of p stones.
const ZONE_EXTRA: u16 = 1;

/// Zones kept at most when the store is not sized with [`Dfpn::with_zone_memory`] (under a
/// hundred bytes each on 19x19).
const ZONE_STORE_ENTRIES: usize = 1 << 20;

/// Memory of the no-win zones when the store is not sized with [`Dfpn::with_zone_memory`].
const NO_WIN_SLOT_BYTES: usize = 1 << 22;

/// Attacker moves [`Dfpn::probe_pairing_zones`] looks for a pairing reply to at one node.
const REPLY_PROBES: usize = 2;

/// The relevance-zone state of one searcher.
pub(super) struct Zones {
    /// Prune defender moves outside null-move zones, and attacker moves outside the no-win
    /// zone of a refuted sibling.
    pub(super) on: bool,
    /// Build no-win zones of every kind (`Some(true)`), of pairing strategies only
    /// (`Some(false)`), or by the rules' stones a turn (`None`, see [`Dfpn::general_zones`]).
    pub(super) general: Option<bool>,
    /// Zones of the nodes the threat-space search proved.
    pub(super) proven: ZoneStore,
    /// No-win zones of disproved nodes.
    pub(super) no_win: ZoneSlots,
    /// The no-win zone of the node just left when it was disproved, for its parent; taken
    /// after every child search.
    pub(super) for_parent: Option<NoWinZone>,
}

impl Zones {
    /// Zones off, the stores at their default sizes.
    pub(super) fn new() -> Zones {
        Zones {
            on: false,
            general: None,
            proven: ZoneStore::new(ZONE_STORE_ENTRIES),
            no_win: ZoneSlots::new(NO_WIN_SLOT_BYTES),
            for_parent: None,
        }
    }

    /// Sizes the zone store to at most `bytes` of memory, the no-win zones' slots to half
    /// as much.
    pub(super) fn set_memory(&mut self, bytes: usize, cells: usize) {
        self.proven = ZoneStore::new(ZoneStore::entries_for(bytes, cells));
        self.no_win = ZoneSlots::new(bytes / 2);
    }
}

impl Dfpn<'_> {
    /// Whether no-win zones here come from every rule and node (see [`crate::zone`]) or, in
    /// their narrow form, only from pairing strategies through defender stones, pruning
    /// attacker moves on the last stone of a turn. General zones are the default with one
    /// stone a turn, where they save nodes; with two stones a turn they move the nodes both
    /// ways, so those keep the narrow form (docs/design.md §5.10;
    /// results/experiments/no-win-zones.md).
    pub(super) fn general_zones(&self, pos: &Position) -> bool {
        self.zones.general.unwrap_or(pos.rules().p == 1)
    }

    /// Takes the no-win zone of the child at `at`, just disproved (from the search that
    /// returned, or the store), and at an attacker node disproves every sibling outside it.
    pub(super) fn use_child_zone(
        &mut self,
        pos: &Position,
        children: &mut [Child],
        known: &mut Vec<Option<Zone>>,
        at: usize,
    ) {
        let key = children[at].key;
        let zone = match self.zones.for_parent.take() {
            Some(z) if z.key == key => Some(z.cells),
            _ => self.stored_zone(pos, &children[at]),
        };
        let Some(zone) = zone else { return };
        if pos.to_move() == self.attacker && (pos.stones_left() == 1 || self.general_zones(pos)) {
            self.prune_siblings(pos, children, known, &zone);
        }
        note(known, at, zone);
    }

    /// At a new attacker node playing the last stone of its turn, looks for a pairing reply
    /// to its best [`REPLY_PROBES`] moves before any is searched, and disproves every move
    /// outside the zone of one found (see [`pairing::reply_covers`]); the moves disproved
    /// are stored, so later visits (which skip this) read them from the table. Waiting for
    /// df-pn to come back from a move disproved this way (as [`Dfpn::use_child_zone`]
    /// does) spends nodes on the siblings first. Only for p >= 2: there the defender nodes
    /// look for a pairing reply anyway (see `decided`), and the probes only bring that
    /// forward; with one stone a turn they are new work, whose group searches cost more time
    /// than the nodes they save (docs/design.md §5.8;
    /// results/experiments/pairing-zones.md).
    pub(super) fn probe_pairing_zones(
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
                    self.zones.no_win.put(c.key, zone, pos, g);
                }
                note(known, i, zone.clone());
            }
        }
    }

    /// At an attacker node (on every visit), lets every child the table already holds as
    /// disproved, with a stored zone, disprove its siblings outside that zone.
    pub(super) fn prune_by_stored(
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
        self.zones.no_win.get(child.key, pos, g)
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
    pub(super) fn and_zone(
        &self,
        pos: &Position,
        children: &[Child],
        known: &[Option<Zone>],
    ) -> Option<Zone> {
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
    pub(super) fn or_zone(
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
    pub(super) fn keep_zone(
        &mut self,
        key: [u64; 2],
        pos: &Position,
        mode: Mode,
        make: impl FnOnce() -> Zone,
    ) {
        if mode == Mode::Main && self.zones.on && self.general_zones(pos) {
            self.keep_own_zone(key, pos, make());
        }
    }

    /// [`Dfpn::keep_zone`] for a pairing strategy's zone, which the narrow form keeps too.
    pub(super) fn keep_strategy_zone(
        &mut self,
        key: [u64; 2],
        pos: &Position,
        mode: Mode,
        stones: &[Cell],
        groups: &[Vec<Cell>],
    ) {
        if mode == Mode::Main && self.zones.on {
            self.keep_own_zone(key, pos, strategy_zone(pos, stones, groups));
        }
    }

    /// Stores the no-win zone of the node at `key` (the position `pos`) and keeps it for
    /// the parent.
    pub(super) fn keep_own_zone(&mut self, key: [u64; 2], pos: &Position, cells: Zone) {
        if self.general_zones(pos) {
            self.zones
                .no_win
                .put(key, &cells, pos, pos.canonical_symmetry());
        }
        self.zones.for_parent = Some(NoWinZone { key, cells });
    }

    /// The zone of a defender node's null move (the defender gives up the rest of its turn),
    /// if a threat-space search proves that position won within a budget. Defender stones
    /// outside it need no proof of their own (see [`crate::zone`]); the claim covers p extra
    /// stones, so a turn longer than p (Black's first, when q > p) is not pruned.
    pub(super) fn null_move_zone(&mut self, pos: &mut Position, moves: usize) -> Option<Zone> {
        let (me, left) = (pos.to_move(), pos.stones_left());
        if left > pos.rules().p || pos.has_symmetry() || self.probes.sub_limit.is_some() {
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
            if !hopeless && self.probes.null_moves.allow() {
                let before = self.nodes;
                if self.sub_search(pos, budget).0 == 0 {
                    zone = self.proven_zone(key, pos, g);
                }
                self.probes.null_moves.record(zone.is_some());
                self.probes.null_moves.spent += self.nodes - before;
            }
        }
        pos.set_turn(me, left);
        zone
    }

    /// The stored zone of a node the table holds as proven.
    fn proven_zone(&self, key: [u64; 2], pos: &Position, g: usize) -> Option<Zone> {
        match self.tt.probe(key) {
            Some(e) if e.pn == 0 => self.zones.proven.get(key, pos, g),
            _ => None,
        }
    }

    /// The zone of a node the rules decide as won for the attacker.
    pub(super) fn terminal_zone(&self, pos: &Position) -> Zone {
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
    pub(super) fn inner_zone(
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
            zone.union_with(&self.zones.proven.get(c.key, pos, g)?);
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
