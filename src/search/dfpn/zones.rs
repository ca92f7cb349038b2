//! Relevance zones in the search (the claims and how zones are built: [`crate::zone`]).
//!
//! Proof zones: every proven node, of the main search and the threat-space search, keeps the
//! zone of its proof with its support ([`Dfpn::terminal_zone`], [`Dfpn::proof_zone`]). A
//! defender node whose null move is proved keeps only the moves inside that proof's zone
//! ([`Dfpn::null_move_zone`]), and once one of its replies is proved, the replies outside
//! that reply's zone are proved too ([`Dfpn::narrow_replies`]). No-win zones: a node
//! disproved keeps its zone for its parent and the store, and at an attacker node a refuted
//! move's zone disproves every sibling outside it ([`Dfpn::prune_siblings`]), whether the
//! zone came from the search just returned, the store or a pairing reply found before any
//! move is searched.
//!
//! The design: docs/design.md §4 (null moves §4.2, zone memory §4.4, refuted replies §4.5),
//! §5.8 (pairing zones),
//! §5.10 (no-win zones).

use super::Dfpn;
use super::decide::{REPLY_BUDGET, worth_pairing};
use super::keys::Mode;
use super::pn::Child;
use super::probes::{MANY_MOVES, NULL_WORK_SHARE, main_null_budget, null_budget};
use crate::board::{Cell, Position};
use crate::pairing;
use crate::search::tt::INF;
use crate::threats::{self, Defence};
use crate::zone::{self, ProofZone, Zone, ZoneSlots, ZoneStore};
use std::borrow::Cow;

/// The no-win zone of the disproved node at `key`, in that node's coordinates: attacker
/// stones added anywhere outside `cells` leave it disproved (see [`crate::zone`]).
pub(super) struct NoWinZone {
    pub(super) key: [u64; 2],
    pub(super) cells: Zone,
}

/// Extra defender stones the guards of a proof's leaves cover, in turns: one turn of p
/// stones.
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
    /// Zones of proven nodes: the threat-space search's under its salted keys, the main
    /// search's under theirs.
    pub(super) proven: ZoneStore,
    /// Extra defender stones the guards of proofs' leaves cover, when not by the rules (see
    /// [`Dfpn::zone_guard`]).
    pub(super) guard: Option<u16>,
    /// Prove null moves with the main search where the threat-space search finds no forcing
    /// win (see [`Dfpn::with_main_null_moves`]).
    pub(super) main_nulls: bool,
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
            guard: None,
            main_nulls: false,
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

    /// Extra defender stones the guards of a proof's leaves cover: the support of zones
    /// before pruning spends any (docs/design.md §4.1).
    pub(super) fn zone_guard(&self, pos: &Position) -> u16 {
        self.zones.guard.unwrap_or(ZONE_EXTRA * pos.rules().p)
    }

    /// Support a pruning must leave the node it prunes: inside a main-search proof of a null
    /// move, the p stones that proof's zone must still cover for its defender node; else
    /// none, since the main search's proofs are proofs of the positions themselves.
    fn support_needed(&self, pos: &Position) -> u16 {
        if self.probes.in_null {
            pos.rules().p
        } else {
            0
        }
    }

    /// The zone of a defender node's null move (the defender gives up the rest of its turn),
    /// if that position is proved won: by a proof already in the table or, with `search`,
    /// within a budget, first by a threat-space search and, where that fails, by the main
    /// search (not inside another null move's search). Only a zone whose support covers the
    /// stones of the turn (and what the context needs) is returned; defender stones outside
    /// it then need no proof of their own (see [`crate::zone`]). A turn longer than p
    /// (Black's first, when q > p) is not pruned. The flag says whether the main search
    /// proved it.
    pub(super) fn null_move_zone(
        &mut self,
        pos: &mut Position,
        moves: usize,
        past_work: u64,
        search: bool,
    ) -> Option<(ProofZone, bool)> {
        let (me, left) = (pos.to_move(), pos.stones_left());
        if !null_move_can_prune(pos) || self.probes.sub_limit.is_some() {
            return None;
        }
        let need = left + self.support_needed(pos);
        pos.pass_turn();
        let key = self.mode_key(pos, Mode::Tss);
        let g = pos.canonical_symmetry();
        let base = null_budget(moves);
        let budget = base.max(past_work / NULL_WORK_SHARE);
        let mut zone = self.proven_zone(key, pos, g).map(|z| (z, false));
        let mut no_forcing_win = false;
        if zone.is_none() && search {
            let stored = self.tt.probe(key);
            no_forcing_win = stored.is_some_and(|e| e.dn == 0);
            let hopeless = no_forcing_win || stored.is_some_and(|e| e.work as u64 >= budget);
            // A try at the base budget is throttled; a larger one is paid for by the work
            // already spent below the node.
            if !hopeless && (budget > base || self.probes.null_moves.allow()) {
                let before = self.nodes;
                let (pn, dn) = self.sub_search(pos, budget);
                if pn == 0 {
                    zone = self.proven_zone(key, pos, g).map(|z| (z, false));
                }
                no_forcing_win = dn == 0;
                self.probes.null_moves.record(zone.is_some());
                self.probes.null_moves.spent += self.nodes - before;
            }
        }
        // `no_forcing_win` is only learnt by a search above, so this too waits for `search`.
        if zone.is_none() && no_forcing_win && self.zones.main_nulls && !self.probes.in_null {
            zone = self
                .main_null_zone(pos, moves, past_work, need)
                .map(|z| (z, true));
        }
        pos.set_turn(me, left);
        zone.filter(|(z, _)| z.support >= need)
    }

    /// The zone of the null-move position `pos` (the attacker to move) proved by the main
    /// search within [`main_null_budget`] nodes a try, its own null moves by threat-space
    /// search only. Gives up on a position whose earlier tries took
    /// [`MAIN_NULL_TRIES`] budgets.
    fn main_null_zone(
        &mut self,
        pos: &mut Position,
        moves: usize,
        past_work: u64,
        need: u16,
    ) -> Option<ProofZone> {
        let key = self.mode_key(pos, Mode::Main);
        let g = pos.canonical_symmetry();
        if let Some(z) = self.proven_zone(key, pos, g) {
            return Some(z);
        }
        let base = main_null_budget(moves);
        let budget = base.max(past_work / NULL_WORK_SHARE);
        let hopeless = self
            .tt
            .probe(key)
            .is_some_and(|e| e.pn == 0 || e.dn == 0 || e.work as u64 >= budget);
        if hopeless || !(budget > base || self.probes.main_nulls.allow()) {
            return None;
        }
        let before = self.nodes;
        self.probes.in_null = true;
        self.probes.null_limit = Some(self.nodes + budget);
        let (pn, _) = self.mid(pos, INF, INF, Mode::Main);
        self.probes.in_null = false;
        self.probes.null_limit = None;
        let zone = if pn == 0 {
            self.proven_zone(key, pos, g)
        } else {
            None
        };
        let useful = zone.as_ref().is_some_and(|z| z.support >= need);
        self.probes.main_nulls.record(useful);
        self.probes.main_nulls.spent += self.nodes - before;
        zone
    }

    /// The stored zone of a node the table holds as proven.
    fn proven_zone(&self, key: [u64; 2], pos: &Position, g: usize) -> Option<ProofZone> {
        match self.tt.probe(key) {
            Some(e) if e.pn == 0 => self.stored_proof_zone(key, pos, g),
            _ => None,
        }
    }

    /// The stored zone of the position of `key` (in either search's key: a zone is a fact
    /// about a position, whichever search proved it), in the coordinates of a position whose
    /// canonical symmetry is `g`.
    pub(super) fn stored_proof_zone(
        &self,
        key: [u64; 2],
        pos: &Position,
        g: usize,
    ) -> Option<ProofZone> {
        let proven = &self.zones.proven;
        proven
            .get(key, pos, g)
            .or_else(|| proven.get(Mode::Tss.salted(key), pos, g))
    }

    /// The stored zone of a proven child, in the coordinates of `pos`.
    fn child_proof_zone(&self, pos: &Position, child: &Child) -> Option<ProofZone> {
        let g = pos.canonical_symmetry_after(child.cell, pos.to_move());
        self.stored_proof_zone(child.key, pos, g)
    }

    /// Stores the zone of a node proved at `key`.
    pub(super) fn keep_proof_zone(&mut self, key: [u64; 2], pos: &Position, zone: &ProofZone) {
        self.zones
            .proven
            .put(key, zone, pos, pos.canonical_symmetry());
    }

    /// The zone of a node the rules decide as won for the attacker.
    pub(super) fn terminal_zone(&self, pos: &Position) -> ProofZone {
        let (me, r) = (pos.to_move(), pos.stones_left());
        let p = pos.rules().p;
        let guard = self.zone_guard(pos);
        let defender = self.attacker.opponent();
        let mut zone = Zone::empty(pos.rules().cells());
        if me == self.attacker {
            // A win now: its window, and no defender line completed by the extra stones.
            let window = threats::winning_cells(pos, me, r).expect("decided as a win now");
            zone.add_windows(&[window]);
            zone::add_defender_windows(&mut zone, pos, defender, guard);
        } else {
            // Too many threats to block: the threats, and no defender win this turn.
            zone.add_windows(&threats::threat_windows(pos, self.attacker, p));
            zone::add_defender_windows(&mut zone, pos, defender, r + guard);
        }
        ProofZone {
            cells: zone,
            support: guard,
        }
    }

    /// At a defender node of the main search, after the child at `at` was proved: if that
    /// child's zone has support to spare, every open reply outside it (and other than the
    /// child's own stone) is proved too, by the zone's claim and monotonicity
    /// (docs/design.md §4.5), and marked so in `children` and `pruned`. Nothing is spent
    /// when no reply lies outside.
    pub(super) fn narrow_replies(
        &self,
        pos: &Position,
        children: &mut [Child],
        at: usize,
        pruned: &mut Option<Pruned>,
    ) {
        let Some(z) = self.child_proof_zone(pos, &children[at]) else {
            return;
        };
        if z.support < 1 + self.support_needed(pos) {
            return;
        }
        let stone = children[at].cell;
        let outside =
            |c: &Child| c.pn != 0 && c.dn != 0 && c.cell != stone && !z.cells.contains(c.cell);
        if !children.iter().any(outside) {
            return;
        }
        let pr = pruned.get_or_insert_with(|| Pruned::new(pos, self.zone_guard(pos)));
        pr.covered.resize(children.len(), false);
        for (i, c) in children.iter_mut().enumerate() {
            if outside(c) {
                (c.pn, c.dn) = (0, INF);
                pr.covered[i] = true;
            }
        }
        pr.zone.union_with(&z.cells);
        pr.zone.insert(stone);
        pr.support = pr.support.min(z.support - 1);
    }

    /// The zone of a proven node from what decided it: at an attacker node, the first
    /// proven move whose zone is known, that move and the defender windows extra stones could
    /// complete; at a defender node, every reply searched with its zone, what pruned the
    /// others (`pruned`), the attacker's threat windows where only blocks were tried, and the
    /// defender windows its stones and the extra ones could complete (see [`crate::zone`]).
    /// `None` when a zone needed is not known.
    pub(super) fn proof_zone(
        &self,
        pos: &Position,
        children: &[Child],
        defence: &Defence,
        deduped: bool,
        pruned: Option<&Pruned>,
    ) -> Option<ProofZone> {
        let cells = pos.rules().cells();
        let (r, p) = (pos.stones_left(), pos.rules().p);
        let guard = self.zone_guard(pos);
        let defender = self.attacker.opponent();
        if pos.to_move() == self.attacker {
            let (c, z) = children
                .iter()
                .filter(|c| c.pn == 0)
                .find_map(|c| Some((c, self.child_proof_zone(pos, c)?)))?;
            let mut zone = z.cells;
            zone.insert(c.cell);
            zone::add_defender_windows(&mut zone, pos, defender, guard);
            return Some(ProofZone {
                cells: zone,
                support: z.support.min(guard),
            });
        }
        if deduped {
            // Extra stones break symmetry: the claim is kept only for none.
            return Some(ProofZone {
                cells: Zone::full(cells),
                support: guard,
            });
        }
        let mut zone = Zone::empty(cells);
        let mut support = guard;
        if let Some(pr) = pruned {
            zone.union_with(&pr.zone);
            support = support.min(pr.support);
        }
        for (i, c) in children.iter().enumerate() {
            if pruned.is_some_and(|pr| pr.covered.get(i).copied().unwrap_or(false)) {
                continue;
            }
            let z = self.child_proof_zone(pos, c)?;
            zone.union_with(&z.cells);
            support = support.min(z.support);
            zone.insert(c.cell);
            if !pos.is_relevant(c.cell) {
                zone::add_irrelevant(&mut zone, pos);
            }
        }
        if let Defence::Block(_) = defence {
            zone.add_windows(&threats::threat_windows(pos, self.attacker, p));
        }
        zone::add_defender_windows(&mut zone, pos, defender, r + guard);
        Some(ProofZone {
            cells: zone,
            support,
        })
    }
}

/// What pruned a defender node's replies: the union of the zones that did it and the
/// support left (see [`crate::zone::ProofZone`]), with the replies a refuted reply's zone
/// covered, by index.
pub(super) struct Pruned {
    pub(super) zone: Zone,
    pub(super) support: u16,
    pub(super) covered: Vec<bool>,
}

impl Pruned {
    /// Nothing pruned yet: an empty zone, the full support.
    pub(super) fn new(pos: &Position, guard: u16) -> Pruned {
        Pruned {
            zone: Zone::empty(pos.rules().cells()),
            support: guard,
            covered: Vec::new(),
        }
    }

    /// Pruned by a null move's zone: the zone, its support less the stones of the turn.
    pub(super) fn by_null_move(zone: ProofZone, stones: u16) -> Pruned {
        Pruned {
            zone: zone.cells,
            support: zone.support - stones,
            covered: Vec::new(),
        }
    }
}

/// Whether a defender node's null move gets a search of its own at this visit (otherwise only
/// a proof already in the table is used): always on a small board, and on an open board (at
/// least [`MANY_MOVES`] empty points) from the second visit on. On 19x19 most defender nodes
/// are expanded once and never searched again (df-pn's frontier), and searching every new
/// one's null move cost more than its zones saved; refuted replies narrowing the rest
/// (`narrow_replies`) prune where df-pn stays (docs/design.md §4.2;
/// results/experiments/null-moves-on-return.md).
pub(super) fn null_move_searched(pos: &Position, seen: bool) -> bool {
    seen || pos.empties() < MANY_MOVES
}

/// True if a null move's zone may prune the defender's replies at `pos`: the turn is at
/// most p stones (a zone's claim covers at most p extra stones; Black's first turn with
/// q > p is longer) and the position has no symmetry (whose skipped duplicates an extra stone
/// would tell apart). See docs/design.md §4.2.
pub(super) fn null_move_can_prune(pos: &Position) -> bool {
    pos.stones_left() <= pos.rules().p && !pos.has_symmetry()
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
