//! The transposition table: fixed-size buckets of entries keyed by 128-bit position keys.
//!
//! The whole key is stored and compared, so a lookup never returns another position's
//! numbers unless two positions share all 128 bits. Replacement keeps solved entries and
//! entries that cost more work, since the proof is built out of them.

/// Proof and disproof numbers of a node. `INF` marks a solved side.
pub type Pn = u32;

/// Infinite proof or disproof number.
pub const INF: Pn = u32::MAX;

/// One stored node.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C)]
pub struct Entry {
    /// Full 128-bit key; all zero marks an empty slot.
    pub key: [u64; 2],
    /// Proof number.
    pub pn: Pn,
    /// Disproof number.
    pub dn: Pn,
    /// Nodes searched below this entry (saturating), the replacement priority.
    pub work: u32,
    /// Padding to 32 bytes; reserved.
    pub spare: u32,
}

impl Entry {
    fn is_solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    /// Replacement priority: solved entries outrank any unsolved one.
    fn priority(&self) -> u64 {
        self.work as u64 + if self.is_solved() { 1 << 32 } else { 0 }
    }
}

const WAYS: usize = 4;

/// A table of `2^b` buckets of four entries (128 bytes, two cache lines at most).
pub struct Table {
    buckets: Vec<[Entry; WAYS]>,
    mask: usize,
    used: usize,
}

impl Table {
    /// Bytes per entry.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

    /// A table of at most `mib` MiB (rounded down to a power of two buckets, at least one).
    pub fn new(mib: usize) -> Table {
        let bytes = mib.max(1) << 20;
        let want = (bytes / (Self::ENTRY_BYTES * WAYS)).max(1);
        let n = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        Table {
            buckets: vec![[Entry::default(); WAYS]; n],
            mask: n - 1,
            used: 0,
        }
    }

    /// Number of entries the table holds.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Fraction of slots in use.
    pub fn fill(&self) -> f64 {
        self.used as f64 / self.capacity() as f64
    }

    #[inline]
    fn bucket(&self, key: [u64; 2]) -> usize {
        key[0] as usize & self.mask
    }

    /// The stored entry for `key`, if any.
    #[inline]
    pub fn probe(&self, key: [u64; 2]) -> Option<&Entry> {
        self.buckets[self.bucket(key)]
            .iter()
            .find(|e| e.key == key && key != [0, 0])
    }

    /// Stores numbers for `key`, replacing the least valuable entry of its bucket if needed.
    pub fn store(&mut self, key: [u64; 2], pn: Pn, dn: Pn, work: u32) {
        let b = self.bucket(key);
        let bucket = &mut self.buckets[b];
        let slot = match bucket.iter().position(|e| e.key == key) {
            Some(i) => i,
            None => {
                let i = (0..WAYS)
                    .min_by_key(|&i| {
                        let e = &bucket[i];
                        if e.key == [0, 0] { 0 } else { 1 + e.priority() }
                    })
                    .expect("non-empty bucket");
                if bucket[i].key == [0, 0] {
                    self.used += 1;
                }
                i
            }
        };
        let e = &mut bucket[slot];
        // Never let a solved entry be replaced by a weaker one for the same key.
        if e.key == key && e.is_solved() && !(pn == 0 || dn == 0) {
            return;
        }
        *e = Entry {
            key,
            pn,
            dn,
            work: work.max(if e.key == key { e.work } else { 0 }),
            spare: 0,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_keep_solved() {
        let mut t = Table::new(1);
        let k = [12345, 678];
        assert!(t.probe(k).is_none());
        t.store(k, 3, 4, 10);
        let e = t.probe(k).unwrap();
        assert_eq!((e.pn, e.dn, e.work), (3, 4, 10));
        t.store(k, 0, INF, 11);
        t.store(k, 5, 5, 1);
        let e = t.probe(k).unwrap();
        assert_eq!((e.pn, e.dn), (0, INF));
        // Same bucket, other key: not found.
        assert!(t.probe([12345, 679]).is_none());
    }

    #[test]
    fn replacement_prefers_cheap_unsolved() {
        let mut t = Table::new(1);
        let stride = (t.mask + 1) as u64;
        // Fill one bucket with four entries, one solved.
        t.store([1, 1], 0, INF, 1);
        t.store([1 + stride, 1], 2, 2, 100);
        t.store([1 + 2 * stride, 1], 2, 2, 5);
        t.store([1 + 3 * stride, 1], 2, 2, 50);
        t.store([1 + 4 * stride, 1], 2, 2, 7);
        assert!(t.probe([1, 1]).is_some(), "solved entry kept");
        assert!(t.probe([1 + 2 * stride, 1]).is_none(), "cheapest replaced");
        assert!(t.probe([1 + 4 * stride, 1]).is_some());
    }
}
