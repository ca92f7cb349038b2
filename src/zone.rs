//! Relevance zones (docs/design.md §4; no-win zones §5.10): the points a proof depends on.
//!
//! A zone `Z` of a position the attacker has proved won, with its *support* `s`, carries this
//! claim: for any set `E` of at most `s` empty points outside `Z`, the position with defender
//! stones added on `E` is still won, by the same strategy ([`ProofZone`]). The search uses it
//! at a defender node: prove the *null move* (the defender gives up the rest of its turn) and
//! take its zone; every defender turn with no stone inside the zone then lands on a position
//! the null-move proof already covers, so only stones inside the zone need proofs of their
//! own. Once a reply is proved, its zone covers every reply outside it the same way (the
//! position after such a reply is the proved one with an extra defender stone, less one).
//! Each such pruning spends support: the pruned node's own zone claims less. Zones are kept for
//! the proven nodes of both searches (docs/design.md §4).
//!
//! The claim holds because a zone contains every point whose content the proof read:
//! - the empty points of the attacker's winning window (a win now);
//! - the empty points of the attacker's threat windows, where the defender's blocks were
//!   enumerated or counted as too few;
//! - the empty points of every defender window that the guarded number of extra defender
//!   stones plus the defender's own stones of the turn could complete, where the proof
//!   assumed the defender cannot win first;
//! - every move of the proof, the zones of the children it used, and the zones that pruned
//!   a defender node's other replies;
//! - every empty point that lies in no live window, where the one representative of those
//!   interchangeable points was searched;
//! - the whole board, where symmetric duplicates were skipped (extra stones break symmetry).
//!
//! **No-win zones** carry the mirror claim for a node the attacker cannot win: for any set
//! `S` of empty points outside `Z`, of any size, the position with attacker stones added on
//! `S` (same side to move, same stones left) is still not won by the attacker. The search
//! uses it at an attacker node: once one move `m` is refuted with zone `Z` (the zone of the
//! node after `m`), every other move `m'` outside `Z` is refuted too, because the position
//! after `m'` holds fewer attacker stones than the one after `m` plus an extra stone on `m'`,
//! and an extra stone never hurts its owner. The zones are built bottom-up:
//! - a pairing strategy: its groups (and the defender's stone, for a pairing reply): extra
//!   stones off the groups leave every live window holding a whole untouched group;
//! - the potential criterion: every empty point of a live window, since its sum reads them;
//! - no live window left, or no empty point: nothing;
//! - a defender that wins now, or an attacker facing more threats than it has stones: the
//!   defender's windows, and enough of every live attacker window that extra stones cannot
//!   give the attacker a win first ([`guard_attacker_windows`]);
//! - a defender node: its refuting stone and that child's zone;
//! - an attacker node: the zones of all its moves, with the defender's threat windows and
//!   the same guard where only blocks were tried (extra stones could unblock or win), and
//!   every point in no live window where one representative stood for them. A node whose
//!   symmetric duplicates were skipped, or whose child's zone is not known, has none.

use crate::board::{Cell, Position, WindowId};
use crate::rules::Color;
use crate::threats;
use hashbrown::HashMap;

/// A set of points as a bit set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zone {
    bits: Vec<u64>,
}

impl Zone {
    /// The empty zone on a board of `cells` points.
    pub fn empty(cells: usize) -> Zone {
        Zone {
            bits: vec![0; cells.div_ceil(64)],
        }
    }

    /// Every point of the board: the zone that claims nothing beyond the position itself.
    pub fn full(cells: usize) -> Zone {
        let mut z = Zone::empty(cells);
        for c in 0..cells {
            z.insert(c as Cell);
        }
        z
    }

    /// Adds a point.
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.bits[c as usize / 64] |= 1 << (c % 64);
    }

    /// True if the point is in the zone.
    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        self.bits[c as usize / 64] >> (c % 64) & 1 == 1
    }

    /// Adds every point of `other`.
    pub fn union_with(&mut self, other: &Zone) {
        for (a, b) in self.bits.iter_mut().zip(&other.bits) {
            *a |= b;
        }
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True if no point is in the zone.
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// The points, in increasing order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.bits.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |b| w >> b & 1 == 1)
                .map(move |b| (i * 64 + b) as Cell)
        })
    }

    /// The image of the zone under a cell map.
    pub fn mapped(&self, map: &[Cell]) -> Zone {
        let mut z = Zone::empty(map.len());
        for c in self.cells() {
            z.insert(map[c as usize]);
        }
        z
    }

    /// Adds the empty points of `windows` (each given by its empty points).
    pub fn add_windows(&mut self, windows: &[Vec<Cell>]) {
        for w in windows {
            for &c in w {
                self.insert(c);
            }
        }
    }
}

/// Adds the empty points of every window live for `defender` that it could complete with
/// at most `stones` more stones: the windows a proof must keep free of extra stones.
pub fn add_defender_windows(zone: &mut Zone, pos: &Position, defender: Color, stones: u16) {
    zone.add_windows(&threats::threat_windows(pos, defender, stones));
}

/// The empty points of every window live for `attacker`: what the potential criterion reads.
pub fn live_window_cells(pos: &Position, attacker: Color) -> Zone {
    let geo = pos.geometry();
    let mut zone = Zone::empty(pos.rules().cells());
    for w in 0..geo.window_count() as WindowId {
        if pos.window_live(w, attacker) {
            for &c in geo.window(w) {
                if pos.is_empty(c) {
                    zone.insert(c);
                }
            }
        }
    }
    zone
}

/// Adds empty points of `attacker`'s live windows until no attacker stones outside the zone
/// can give it a window it fills with `r` more stones: each live window gets all of its
/// empty points in the zone or at least `r + 1` of them. Needed where the proof of a no-win
/// assumed the attacker cannot win first (a defender's win now, forced blocks).
pub fn guard_attacker_windows(zone: &mut Zone, pos: &Position, attacker: Color, r: u16) {
    let geo = pos.geometry();
    for w in 0..geo.window_count() as WindowId {
        if !pos.window_live(w, attacker) {
            continue;
        }
        let (mut inside, mut outside) = (0u16, 0u16);
        for &c in geo.window(w) {
            if pos.is_empty(c) {
                if zone.contains(c) {
                    inside += 1;
                } else {
                    outside += 1;
                }
            }
        }
        if outside == 0 || inside > r {
            continue;
        }
        // The points through the most live windows first: they meet the most windows that
        // still lack points (any choice is sound; fewer points prune more).
        let mut free: Vec<Cell> = geo
            .window(w)
            .iter()
            .copied()
            .filter(|&c| pos.is_empty(c) && !zone.contains(c))
            .collect();
        free.sort_by_key(|&c| std::cmp::Reverse(pos.cell_live(c, attacker)));
        for &c in free.iter().take((r + 1 - inside) as usize) {
            zone.insert(c);
        }
    }
}

/// Adds every empty point that lies in no live window.
pub fn add_irrelevant(zone: &mut Zone, pos: &Position) {
    for c in 0..pos.rules().cells() as Cell {
        if pos.is_empty(c) && !pos.is_relevant(c) {
            zone.insert(c);
        }
    }
}

/// The zone of a proven node and its *support*: the claim holds for any set of at most
/// `support` extra defender stones outside `cells` (docs/design.md §4.1). Pruning inside a
/// proof spends support: a defender node whose moves outside a null move's zone were left
/// out has that zone's support less the stones of its turn, and one whose moves outside a
/// refuted reply's zone were left out has that zone's support less one (§4.2, §4.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofZone {
    /// The points the proof read.
    pub cells: Zone,
    /// Extra defender stones outside `cells` the claim covers.
    pub support: u16,
}

/// Zones of proven nodes, keyed by the node's table key and kept in the canonical
/// orientation of that key (so symmetric transpositions share them), each with its
/// support. Bounded: when full it starts afresh, which only costs re-proving (a missing
/// zone is never guessed).
pub struct ZoneStore {
    map: HashMap<[u64; 2], (Zone, u16)>,
    max_entries: usize,
}

impl ZoneStore {
    /// A store of at most `max_entries` zones.
    pub fn new(max_entries: usize) -> ZoneStore {
        ZoneStore {
            map: HashMap::new(),
            max_entries: max_entries.max(1),
        }
    }

    /// How many zones of a `cells`-point board fit in `bytes`: each costs its bit set, its
    /// key and support, the vector's header and the hash map's slot overhead.
    pub fn entries_for(bytes: usize, cells: usize) -> usize {
        let per_zone = cells.div_ceil(64) * 8 + 16 + 8 + 24 + 16;
        (bytes / per_zone).max(1)
    }

    /// Stores `zone` (in the coordinates of a position whose canonical symmetry is `g`).
    /// A zone already held for the key is kept if its support is at least as large: both
    /// claims are true, and the larger support prunes in more places.
    pub fn put(&mut self, key: [u64; 2], zone: &ProofZone, pos: &Position, g: usize) {
        if self.map.get(&key).is_some_and(|(_, s)| *s >= zone.support) {
            return;
        }
        if self.map.len() >= self.max_entries {
            self.map.clear();
        }
        let canonical = zone.cells.mapped(&pos.geometry().symmetries()[g]);
        self.map.insert(key, (canonical, zone.support));
    }

    /// The zone stored for `key`, in the coordinates of a position whose canonical
    /// symmetry is `g`.
    pub fn get(&self, key: [u64; 2], pos: &Position, g: usize) -> Option<ProofZone> {
        self.map.get(&key).map(|(z, s)| ProofZone {
            cells: z.mapped(pos.geometry().inverse_symmetry(g)),
            support: *s,
        })
    }

    /// True if a zone is stored for `key`.
    pub fn contains(&self, key: [u64; 2]) -> bool {
        self.map.contains_key(&key)
    }

    /// Number of zones held.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// True if no zone is held.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// No-win zones in a fixed array of slots, one slot per key: a new zone overwrites the one in
/// its slot. The attacker's refuted nodes are far more numerous than the proven nodes of
/// [`ZoneStore`], so they get their own memory, and losing one zone at a time costs less
/// than starting afresh (a lost zone only means a sibling searched, never a guess).
pub struct ZoneSlots {
    /// Memory to take at the first zone stored (the board size is known only then).
    bytes: usize,
    /// Words of one zone's bit set.
    words: usize,
    /// Per slot: the key's two words, then the zone's bits (canonical orientation).
    data: Vec<u64>,
    slots: usize,
}

impl ZoneSlots {
    /// Slots in about `bytes` of memory (at least one), allocated at the first zone stored.
    pub fn new(bytes: usize) -> ZoneSlots {
        ZoneSlots {
            bytes,
            words: 0,
            data: Vec::new(),
            slots: 0,
        }
    }

    /// The start of `key`'s slot in `data`.
    fn slot(&self, key: [u64; 2]) -> usize {
        // The keys are Zobrist hashes, so any word of them is uniform.
        (key[1] % self.slots as u64) as usize * (3 + self.words)
    }

    /// Stores `zone` (in the coordinates of a position whose canonical symmetry is `g`).
    pub fn put(&mut self, key: [u64; 2], zone: &Zone, pos: &Position, g: usize) {
        let canonical = zone.mapped(&pos.geometry().symmetries()[g]);
        if canonical.bits.len() != self.words {
            // First zone, or another board: start afresh with slots of this size.
            self.words = canonical.bits.len();
            self.slots = (self.bytes / ((3 + self.words) * 8)).max(1);
            self.data = vec![0; self.slots * (3 + self.words)];
        }
        let at = self.slot(key);
        self.data[at] = key[0];
        self.data[at + 1] = key[1];
        self.data[at + 2] = 1;
        self.data[at + 3..at + 3 + self.words].copy_from_slice(&canonical.bits);
    }

    /// The zone stored for `key`, in the coordinates of a position whose canonical
    /// symmetry is `g`.
    pub fn get(&self, key: [u64; 2], pos: &Position, g: usize) -> Option<Zone> {
        if self.slots == 0 {
            return None;
        }
        let at = self.slot(key);
        let held = self.data[at + 2] == 1;
        if !held || self.data[at] != key[0] || self.data[at + 1] != key[1] {
            return None;
        }
        let stored = Zone {
            bits: self.data[at + 3..at + 3 + self.words].to_vec(),
        };
        (stored.bits.len() == pos.rules().cells().div_ceil(64))
            .then(|| stored.mapped(pos.geometry().inverse_symmetry(g)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn bitset_basics() {
        let mut z = Zone::empty(100);
        assert!(z.is_empty());
        z.insert(3);
        z.insert(70);
        assert!(z.contains(3) && z.contains(70) && !z.contains(4));
        assert_eq!(z.cells().collect::<Vec<_>>(), vec![3, 70]);
        let mut f = Zone::empty(100);
        f.union_with(&z);
        assert_eq!(f.len(), 2);
        assert_eq!(Zone::full(100).len(), 100);
    }

    /// 5,5,4 after A1, and after its mirror image E5.
    fn mirrored_pair() -> (Position, Position) {
        let r = Rules::new(5, 5, 4, 1, 1).unwrap();
        let mut a = Position::new(r);
        a.play(0); // A1
        let mut b = Position::new(r);
        b.play(24); // E5
        (a, b)
    }

    #[test]
    fn slots_map_through_symmetry_and_forget_what_they_overwrite() {
        let (a, b) = mirrored_pair();
        let key = a.stone_key();
        let mut za = Zone::empty(25);
        za.insert(1); // B1, next to A1
        let mut slots = ZoneSlots::new(1 << 10);
        assert!(slots.get(key, &a, a.canonical_symmetry()).is_none());
        slots.put(key, &za, &a, a.canonical_symmetry());
        assert_eq!(slots.get(key, &a, a.canonical_symmetry()), Some(za.clone()));
        let zb = slots.get(key, &b, b.canonical_symmetry()).unwrap();
        let c = zb.cells().next().unwrap();
        let (x, y) = (c % 5, c / 5);
        assert!((x as i32 - 4).abs() + (y as i32 - 4).abs() == 1, "got {c}");
        // One slot: a second key takes it, and the first is a miss, never the wrong zone.
        let mut one = ZoneSlots::new(0);
        one.put(key, &za, &a, 0);
        let other = [key[0] ^ 1, key[1]];
        one.put(other, &Zone::empty(25), &a, 0);
        assert!(one.get(key, &a, 0).is_none());
        assert_eq!(one.get(other, &a, 0), Some(Zone::empty(25)));
    }

    #[test]
    fn the_guard_leaves_no_window_completable_from_outside() {
        // 5,5,4: Black A1 B1, White E5 D5; Black to move with one stone. Every live Black
        // window must keep two of its empty points in the zone, or all of them.
        let r = Rules::new(5, 5, 4, 1, 1).unwrap();
        let pos = Position::from_moves(r, &[0, 24, 1, 23]).unwrap();
        assert_eq!(pos.to_move(), Color::Black);
        let mut zone = Zone::empty(25);
        guard_attacker_windows(&mut zone, &pos, Color::Black, 1);
        let geo = pos.geometry();
        for w in 0..geo.window_count() as WindowId {
            if !pos.window_live(w, Color::Black) {
                continue;
            }
            let empty: Vec<Cell> = geo
                .window(w)
                .iter()
                .copied()
                .filter(|&c| pos.is_empty(c))
                .collect();
            let inside = empty.iter().filter(|&&c| zone.contains(c)).count();
            assert!(inside >= 2 || inside == empty.len(), "window {w}");
        }
        assert!(
            zone.len() < pos.empties(),
            "the guard took every empty point"
        );
    }

    #[test]
    fn store_maps_through_symmetry() {
        let (a, b) = mirrored_pair();
        let (ka, kb) = (a.stone_key(), b.stone_key());
        assert_eq!(ka, kb);
        let mut za = Zone::empty(25);
        za.insert(1); // B1, next to A1
        let mut store = ZoneStore::new(10);
        let za = ProofZone {
            cells: za,
            support: 2,
        };
        store.put(ka, &za, &a, a.canonical_symmetry());
        let zb = store.get(kb, &b, b.canonical_symmetry()).unwrap();
        assert_eq!(zb.support, 2);
        // In b the stone is on E5; the zone point must sit next to it the same way.
        let c = zb.cells.cells().next().unwrap();
        let (x, y) = (c % 5, c / 5);
        assert!((x as i32 - 4).abs() + (y as i32 - 4).abs() == 1, "got {c}");
    }

    #[test]
    fn store_keeps_the_zone_with_more_support() {
        let (a, _) = mirrored_pair();
        let key = a.stone_key();
        let mut store = ZoneStore::new(10);
        let zone = |cell, support| {
            let mut cells = Zone::empty(25);
            cells.insert(cell);
            ProofZone { cells, support }
        };
        let g = a.canonical_symmetry();
        store.put(key, &zone(1, 2), &a, g);
        store.put(key, &zone(2, 1), &a, g);
        assert_eq!(
            store.get(key, &a, g),
            Some(zone(1, 2)),
            "less support replaced more"
        );
        store.put(key, &zone(3, 3), &a, g);
        assert_eq!(
            store.get(key, &a, g),
            Some(zone(3, 3)),
            "more support not kept"
        );
    }
}
