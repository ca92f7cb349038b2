//! The transposition table: fixed-size buckets of self-checking entries, lock-free.
//!
//! Each entry is four 64-bit words: the 128-bit position key, the proof and disproof
//! numbers, and the work done below it with a check word. All access goes through atomics,
//! so the table can be shared by threads without a lock; a reader that sees a half-written
//! entry (another thread's store torn between words) finds the check word wrong and treats
//! the slot as empty. The whole key is stored and compared, so a lookup never returns
//! another position's numbers unless two positions share all 128 bits.
//!
//! Memory comes from an anonymous map (zero pages on demand, so a large table costs nothing
//! until used), moved into transparent huge pages once a search proves long
//! ([`Table::use_huge_pages`]), since probes are random and with 4 KiB pages nearly every one
//! would also miss the TLB. A table file (see
//! [`super::ttfile`]) is read into such memory when opened, and [`Table::flush`] writes back
//! the 1 MiB regions stored into since the last flush at checkpoints. The stores stay in
//! memory in between: a mapping of the file would either keep 4 KiB pages (a private map) or
//! leave the write-back to the kernel (a shared map), which stalls every store on the disk
//! once the table outgrows the dirty-page limit (results/experiments/table-memory.md).
//!
//! The design is argued in docs/design.md §6 (entries and buckets §6.1, replacement §6.2,
//! memory §6.3).

use memmap2::{MmapMut, MmapOptions};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// Proof and disproof numbers of a node. `INF` marks a solved side.
pub type Pn = u32;

/// Infinite proof or disproof number.
pub const INF: Pn = u32::MAX;

/// One stored node as read from the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Full 128-bit key.
    pub key: [u64; 2],
    /// Proof number.
    pub pn: Pn,
    /// Disproof number.
    pub dn: Pn,
    /// Nodes searched below this entry (saturating), the replacement priority.
    pub work: u32,
}

impl Entry {
    fn is_solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    /// Replacement priority: the work the entry stands for, so the entry cheapest to compute
    /// again goes first; on equal work a solved entry outranks an unsolved one.
    ///
    /// Solved entries do not outrank unsolved ones: once the table is full that would keep a
    /// flood of one-node solved leaves (pairing cut-offs, failed threat-space probes) and
    /// evict the unsolved entries of large subtrees, whose numbers would then have to be
    /// searched up again (docs/design.md §6.2; results/experiments/table-replacement.md).
    fn priority(&self) -> u64 {
        ((self.work as u64) << 1) | self.is_solved() as u64
    }

    /// Decodes a slot's four words; `None` if the slot is empty or torn.
    #[inline]
    fn from_words(w: [u64; WORDS]) -> Option<Entry> {
        let (key, numbers, last) = ([w[0], w[1]], w[2], w[3]);
        if last as u32 != check(key, numbers) {
            return None;
        }
        Some(Entry {
            key,
            pn: numbers as u32,
            dn: (numbers >> 32) as u32,
            work: (last >> 32) as u32,
        })
    }

    fn numbers_word(&self) -> u64 {
        self.pn as u64 | (self.dn as u64) << 32
    }
}

/// Tables at least this large (MiB) ask for transparent huge pages from the start; smaller
/// ones when the search says it is no longer a short one ([`Table::use_huge_pages`]).
const HUGE_PAGE_MIN_MIB: usize = 1024;

/// Whether a table's memory of `len` bytes is advised huge when it is made.
fn huge_from_the_start(len: usize) -> bool {
    len >> 20 >= HUGE_PAGE_MIN_MIB
}

/// Zeroed anonymous memory of `len` bytes for a table, asking for transparent huge pages when
/// it is at least [`HUGE_PAGE_MIN_MIB`]. Advice only: the table works the same without huge
/// pages. Small tables skip it: a huge page is zeroed whole on first touch, so a short solve
/// would pay for clearing the whole table (about a second for 256 MiB) instead of the pages
/// it uses.
pub(crate) fn anonymous(len: usize) -> std::io::Result<MmapMut> {
    let map = MmapOptions::new().len(len).map_anon()?;
    #[cfg(target_os = "linux")]
    if huge_from_the_start(len) {
        let _ = map.advise(memmap2::Advice::HugePage);
    }
    Ok(map)
}

/// Words per entry and entries per bucket: a bucket is 128 bytes, two cache lines.
const WORDS: usize = 4;
const WAYS: usize = 4;

/// Check word over the other three, so a torn entry is detected. Mixing the key through a
/// multiply keeps a torn mix of two valid entries from passing by accident.
fn check(key: [u64; 2], numbers: u64) -> u32 {
    let mut h = key[0] ^ key[1].rotate_left(21) ^ numbers.rotate_left(42);
    h = (h ^ (h >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 32) as u32 | 1
}

/// A table of `2^b` buckets of four entries.
pub struct Table {
    map: MmapMut,
    /// Byte offset of the first bucket in `map` (the header page of a table file).
    offset: usize,
    mask: usize,
    /// The table file, held open (and locked) while the table lives.
    file: Option<std::fs::File>,
    /// For a table file, one bit per [`REGION_BUCKETS`] buckets: set by a store there since
    /// the last [`Table::flush`], which writes back only those regions (empty for anonymous
    /// memory). A store reads its word first and writes it only to set the bit, so threads
    /// do not pass the words' cache lines back and forth.
    dirty: Vec<AtomicU64>,
    /// One bit per bucket, set before the bucket's first store: a probe or prefetch of a
    /// bucket whose bit is clear skips the table's memory, which holds nothing there. A
    /// 19x19 node probes its ~300 children, most of them never stored, and the bits (a
    /// 1,024th of the table's size) mostly stay in the processor's caches where the buckets
    /// would miss (results/experiments/occupied-buckets.md). Bits are never cleared, since
    /// a stored bucket never becomes empty again.
    occupied: Vec<AtomicU64>,
    /// The thread [`Table::use_huge_pages`] started (`None` inside if it could not start).
    merger: OnceLock<Option<Merger>>,
}

impl Drop for Table {
    /// Stops the huge-page merger (within one 2 MiB step) before the memory goes.
    fn drop(&mut self) {
        if let Some(Some(m)) = self.merger.take() {
            m.stop.store(true, Ordering::Relaxed);
            let _ = m.thread.join();
        }
    }
}

/// The background thread of [`Table::use_huge_pages`].
struct Merger {
    stop: Arc<AtomicBool>,
    thread: std::thread::JoinHandle<()>,
}

/// The size of a transparent huge page on x86_64 and arm64 with 4 KiB pages.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

#[cfg(target_os = "linux")]
impl Merger {
    /// Advises huge pages for `map` and starts merging its aligned 2 MiB ranges.
    fn start(map: &MmapMut) -> Option<Merger> {
        let _ = map.advise(memmap2::Advice::HugePage);
        let (start, end) = (map.as_ptr() as usize, map.as_ptr() as usize + map.len());
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::Builder::new()
            .name("table-huge-pages".into())
            .spawn(move || {
                // At normal priority: at a lower one, a step preempted while it holds the
                // range (accesses to it wait) would stall the search behind it.
                // Only whole aligned 2 MiB ranges can become huge pages.
                let mut at = start.next_multiple_of(HUGE_PAGE);
                while at + HUGE_PAGE <= end && !stopped.load(Ordering::Relaxed) {
                    // SAFETY: the range lies inside the table's mapping, which outlives this
                    // thread (`Table`'s drop stops and joins it before the map is unmapped).
                    // MADV_COLLAPSE changes only which physical pages back the range, never
                    // its contents, so the atomics other threads use meanwhile are unaffected.
                    unsafe {
                        libc::madvise(at as *mut libc::c_void, HUGE_PAGE, libc::MADV_COLLAPSE);
                    }
                    at += HUGE_PAGE;
                }
            })
            .ok()?;
        Some(Merger { stop, thread })
    }
}

/// Buckets per region of a table file's dirty map: 1 MiB of table.
const REGION_BUCKETS: usize = (1 << 20) / (WORDS * 8 * WAYS);

impl Table {
    /// Bytes per entry.
    pub const ENTRY_BYTES: usize = WORDS * 8;

    /// Bytes per bucket.
    pub const BUCKET_BYTES: usize = Self::ENTRY_BYTES * WAYS;
    /// Entries per bucket.
    pub const WAYS: usize = WAYS;

    /// Buckets in a table of at most `mib` MiB: a power of two, at least one.
    pub fn buckets_for(mib: usize) -> usize {
        let want = ((mib.max(1) << 20) / Self::BUCKET_BYTES).max(1);
        if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        }
    }

    /// A table of at most `mib` MiB (rounded down to a power of two buckets, at least one)
    /// in anonymous memory.
    pub fn new(mib: usize) -> std::io::Result<Table> {
        let n = Self::buckets_for(mib);
        let map = anonymous(n * Self::BUCKET_BYTES)?;
        Ok(Table {
            map,
            offset: 0,
            mask: n - 1,
            file: None,
            dirty: Vec::new(),
            occupied: (0..n.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
            merger: OnceLock::new(),
        })
    }

    /// A table over a file read into `map`, whose first `offset` bytes are a header and whose rest
    /// holds `buckets` buckets (a power of two). The caller has validated the file.
    pub(crate) fn over_file(
        map: MmapMut,
        offset: usize,
        buckets: usize,
        file: std::fs::File,
    ) -> Table {
        assert!(buckets.is_power_of_two() && offset.is_multiple_of(4096));
        assert_eq!(map.len(), offset + buckets * Self::BUCKET_BYTES);
        // A bucket with any word set may hold an entry (the file's entries are checked as
        // they are read).
        let occupied = map[offset..]
            .chunks(64 * Self::BUCKET_BYTES)
            .map(|run| {
                let bits = run
                    .chunks(Self::BUCKET_BYTES)
                    .enumerate()
                    .filter(|(_, b)| b.iter().any(|&x| x != 0))
                    .fold(0u64, |bits, (i, _)| bits | 1 << i);
                AtomicU64::new(bits)
            })
            .collect();
        Table {
            map,
            offset,
            mask: buckets - 1,
            file: Some(file),
            dirty: (0..buckets.div_ceil(REGION_BUCKETS).div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
            occupied,
            merger: OnceLock::new(),
        }
    }

    /// Writes the regions of the table stored into since the last flush back to its file and
    /// waits for the disk (no-op for anonymous memory). Call it only while no thread stores
    /// into the table (a checkpoint parks the workers first), so that what is written is one
    /// moment's table; an entry torn by a crash during the write reads as empty later, never
    /// as a proof.
    pub fn flush(&self) -> std::io::Result<()> {
        use std::io::{Seek, SeekFrom, Write};
        let Some(file) = &self.file else {
            return Ok(());
        };
        let regions = (self.mask + 1).div_ceil(REGION_BUCKETS);
        let region_bytes = REGION_BUCKETS * Self::BUCKET_BYTES;
        let is_dirty = |r: usize| self.dirty[r / 64].load(Ordering::Relaxed) & (1 << (r % 64)) != 0;
        let mut out = file;
        let mut wrote = false;
        let mut r = 0;
        while r < regions {
            if !is_dirty(r) {
                r += 1;
                continue;
            }
            // One write for a run of dirty regions.
            let first = r;
            while r < regions && is_dirty(r) {
                r += 1;
            }
            let start = self.offset + first * region_bytes;
            let end = (self.offset + r * region_bytes).min(self.map.len());
            out.seek(SeekFrom::Start(start as u64))?;
            out.write_all(&self.map[start..end])?;
            wrote = true;
        }
        if wrote {
            out.sync_data()?;
        }
        for w in &self.dirty {
            w.store(0, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Whether bucket `b` may hold an entry (see `occupied`).
    #[inline]
    fn is_occupied(&self, b: usize) -> bool {
        self.occupied[b / 64].load(Ordering::Relaxed) & (1 << (b % 64)) != 0
    }

    /// Marks bucket `b` as stored into, before its first entry is written.
    #[inline]
    fn mark_occupied(&self, b: usize) {
        if !self.is_occupied(b) {
            self.occupied[b / 64].fetch_or(1 << (b % 64), Ordering::Relaxed);
        }
    }

    /// Notes that bucket `b` of a table file was stored into.
    #[inline]
    fn mark_dirty(&self, b: usize) {
        if self.dirty.is_empty() {
            return;
        }
        let r = b / REGION_BUCKETS;
        let (word, bit) = (&self.dirty[r / 64], 1u64 << (r % 64));
        if word.load(Ordering::Relaxed) & bit == 0 {
            word.fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// Number of entries the table holds.
    pub fn capacity(&self) -> usize {
        (self.mask + 1) * WAYS
    }

    /// The table's words.
    fn words(&self) -> &[AtomicU64] {
        let len = (self.map.len() - self.offset) / 8;
        // SAFETY: the map is page-aligned and `offset` is a multiple of the page size, so the
        // pointer is 8-byte aligned; `offset + len * 8` bytes are mapped and live as long as
        // `self`. Every bit pattern is a valid u64 and AtomicU64 has the size and alignment
        // of u64, so zeroed memory or whatever a table file holds is a valid value (entries
        // check themselves on read). After creation all access to these bytes goes through
        // the atomics; the header before `offset` is never touched through them.
        unsafe {
            std::slice::from_raw_parts(self.map.as_ptr().add(self.offset) as *const AtomicU64, len)
        }
    }

    #[cfg(test)]
    #[inline]
    fn bucket(&self, key: [u64; 2]) -> &[AtomicU64] {
        self.bucket_at(self.bucket_index(key))
    }

    #[inline]
    fn bucket_index(&self, key: [u64; 2]) -> usize {
        key[0] as usize & self.mask
    }

    #[inline]
    fn bucket_at(&self, b: usize) -> &[AtomicU64] {
        &self.words()[b * WAYS * WORDS..(b + 1) * WAYS * WORDS]
    }

    /// Reads slot `i` of a bucket; `None` if empty or torn.
    #[inline]
    fn read(bucket: &[AtomicU64], i: usize) -> Option<Entry> {
        let w = &bucket[i * WORDS..(i + 1) * WORDS];
        Entry::from_words(std::array::from_fn(|j| w[j].load(Ordering::Relaxed)))
    }

    /// The entry for `key` among a bucket's bytes as a table file stores them (the table's
    /// words as they lie in memory, so in this machine's byte order), if the bucket holds it.
    pub(crate) fn find_in_bucket(bytes: &[u8], key: [u64; 2]) -> Option<Entry> {
        Self::entries_in(bytes).find(|e| e.key == key)
    }

    /// The sound entries among buckets' bytes as a table file stores them (torn or empty
    /// slots are skipped).
    pub(crate) fn entries_in(bytes: &[u8]) -> impl Iterator<Item = Entry> + '_ {
        bytes.chunks_exact(Self::ENTRY_BYTES).filter_map(|slot| {
            Entry::from_words(std::array::from_fn(|j| {
                u64::from_ne_bytes(slot[8 * j..8 * j + 8].try_into().expect("8 bytes"))
            }))
        })
    }

    #[inline]
    fn write(bucket: &[AtomicU64], i: usize, e: &Entry) {
        let w = &bucket[i * WORDS..(i + 1) * WORDS];
        let numbers = e.numbers_word();
        w[0].store(e.key[0], Ordering::Relaxed);
        w[1].store(e.key[1], Ordering::Relaxed);
        w[2].store(numbers, Ordering::Relaxed);
        w[3].store(
            check(e.key, numbers) as u64 | (e.work as u64) << 32,
            Ordering::Relaxed,
        );
    }

    /// Moves the table into transparent huge pages, once (later calls do nothing): advice
    /// that pages touched from now on be huge, and a background thread that merges the
    /// 4 KiB pages touched so far into huge ones, 2 MiB at a time, while the search goes on.
    /// Probes are random, so with 4 KiB pages nearly every one also misses the TLB; in huge
    /// pages a 19x19 search runs about a third faster (results/experiments/huge-pages.md).
    /// A short search should not call this: a huge page is zeroed whole when first written,
    /// and a search's probes reach the whole table at once, so a solve of a hundred nodes
    /// would pay for clearing most of it. Advice only: the table works the same if the
    /// kernel declines (no THP, or no `MADV_COLLAPSE` before Linux 6.1).
    pub fn use_huge_pages(&self) {
        // A table advised at creation is in huge pages already: nothing to merge.
        #[cfg(target_os = "linux")]
        if !huge_from_the_start(self.map.len()) {
            self.merger.get_or_init(|| Merger::start(&self.map));
        }
    }

    /// Hints the processor to load `key`'s bucket; a later [`Table::probe`] then hits cache.
    #[inline]
    pub fn prefetch(&self, key: [u64; 2]) {
        #[cfg(target_arch = "x86_64")]
        {
            let b = self.bucket_index(key);
            if !self.is_occupied(b) {
                return;
            }
            let p = self.bucket_at(b).as_ptr() as *const i8;
            // SAFETY: SSE is part of every x86_64 target, and a prefetch is only a hint that
            // never faults; the address is inside this table's map in any case.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The stored entry for `key`, if any.
    #[inline]
    pub fn probe(&self, key: [u64; 2]) -> Option<Entry> {
        let b = self.bucket_index(key);
        if !self.is_occupied(b) {
            return None;
        }
        let bucket = self.bucket_at(b);
        (0..WAYS)
            .filter_map(|i| Self::read(bucket, i))
            .find(|e| e.key == key)
    }

    /// Stores numbers for `key`, replacing the least valuable entry of its bucket if needed.
    /// A solved entry is never overwritten by unsolved numbers for the same key.
    pub fn store(&self, key: [u64; 2], pn: Pn, dn: Pn, work: u32) {
        let b = self.bucket_index(key);
        self.mark_dirty(b);
        self.mark_occupied(b);
        let bucket = self.bucket_at(b);
        let mut victim = (0, u64::MAX);
        let mut new = Entry { key, pn, dn, work };
        for i in 0..WAYS {
            match Self::read(bucket, i) {
                Some(e) if e.key == key => {
                    if e.is_solved() && !new.is_solved() {
                        return;
                    }
                    new.work = new.work.max(e.work);
                    victim = (i, 0);
                    break;
                }
                Some(e) => {
                    let p = 1 + e.priority();
                    if p < victim.1 {
                        victim = (i, p);
                    }
                }
                None => {
                    if victim.1 > 0 {
                        victim = (i, 0);
                    }
                }
            }
        }
        Self::write(bucket, victim.0, &new);
    }

    /// Fraction of slots in use, estimated from a sample of buckets.
    pub fn fill(&self) -> f64 {
        let buckets = self.mask + 1;
        let sample = buckets.min(1 << 16);
        let step = buckets / sample;
        let used: usize = (0..sample)
            .map(|s| {
                let b = &self.words()[s * step * WAYS * WORDS..(s * step + 1) * WAYS * WORDS];
                (0..WAYS).filter(|&i| Self::read(b, i).is_some()).count()
            })
            .sum();
        used as f64 / (sample * WAYS) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_keep_solved() {
        let t = Table::new(1).unwrap();
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
        assert!(t.fill() > 0.0);
    }

    #[test]
    fn replacement_evicts_the_least_work_and_spares_solved_on_ties() {
        let t = Table::new(1).unwrap();
        let stride = (t.mask + 1) as u64;
        let key = |i: u64| [1 + i * stride, 1];
        t.store(key(0), 0, INF, 5);
        t.store(key(1), 2, 2, 100);
        t.store(key(2), 2, 2, 5);
        t.store(key(3), INF, 0, 1);
        t.store(key(4), 2, 2, 7);
        assert!(
            t.probe(key(3)).is_none(),
            "a one-node solved leaf goes first"
        );
        assert!(t.probe(key(1)).is_some(), "a large unsolved subtree stays");
        t.store(key(5), 2, 2, 9);
        assert!(
            t.probe(key(2)).is_none(),
            "unsolved goes before solved of equal work"
        );
        assert!(t.probe(key(0)).is_some());
        assert!(t.probe(key(4)).is_some() && t.probe(key(5)).is_some());
    }

    /// Many threads store and probe a few keys that all share two buckets, so entries are
    /// replaced and rewritten under each other's feet all the time. Every key has its own
    /// set of numbers that may be stored for it; a probe must never return numbers outside
    /// that set (another key's numbers, or a torn mix of two stores).
    #[test]
    fn concurrent_stress_with_forced_collisions() {
        let t = Table::new(1).unwrap();
        let stride = (t.mask + 1) as u64;
        // 24 keys over 2 buckets of 4 slots: constant eviction.
        let keys: Vec<[u64; 2]> = (0..24u64)
            .map(|i| [(i % 2) + (i / 2) * stride, 0x9E37_79B9 * (i + 1)])
            .collect();
        // The numbers key i may hold: solved for a win, or unsolved (i, j) for small j.
        let allowed = |i: u64, pn: Pn, dn: Pn| {
            (pn == 0 && dn == INF) || (pn as u64 == i + 1 && (dn as u64) < 1000 + i)
        };
        let threads = 8;
        let bad = std::sync::atomic::AtomicU64::new(0);
        let hits = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|s| {
            for th in 0..threads {
                let (t, keys, bad, hits) = (&t, &keys, &bad, &hits);
                s.spawn(move || {
                    let mut x = 0x1234_5678_9ABC_DEF1u64 ^ th;
                    for _ in 0..200_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let i = (x >> 8) % keys.len() as u64;
                        let k = keys[i as usize];
                        if x & 1 == 0 {
                            let (pn, dn) = if x & 6 == 0 {
                                (0, INF)
                            } else {
                                ((i + 1) as Pn, ((x >> 40) % (1000 + i)) as Pn)
                            };
                            t.store(k, pn, dn, (x >> 50) as u32);
                        } else if let Some(e) = t.probe(k) {
                            hits.fetch_add(1, Ordering::Relaxed);
                            if e.key != k || !allowed(i, e.pn, e.dn) {
                                bad.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                });
            }
        });
        assert_eq!(bad.load(Ordering::Relaxed), 0);
        assert!(
            hits.load(Ordering::Relaxed) > 10_000,
            "probes found entries"
        );
    }

    #[test]
    fn entries_survive_the_move_into_huge_pages() {
        // Entries in every seventh bucket of 64 MiB, read back and added to while the
        // background thread merges the pages under them, then once more after it is done.
        let t = Table::new(64).unwrap();
        let buckets = (t.mask + 1) as u64;
        let key = |b: u64| [b, b.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1];
        let numbers = |b: u64| ((b % 1000) as Pn + 1, (b % 777) as Pn + 1);
        for b in (0..buckets).step_by(7) {
            let (pn, dn) = numbers(b);
            t.store(key(b), pn, dn, 1);
        }
        t.use_huge_pages();
        t.use_huge_pages();
        let check = |t: &Table, step| {
            for b in (0..buckets).step_by(step) {
                let e = t.probe(key(b)).expect("an entry was lost");
                assert_eq!((e.pn, e.dn), numbers(b), "bucket {b}");
            }
        };
        for _ in 0..3 {
            check(&t, 7);
            for b in (3..buckets).step_by(7) {
                let (pn, dn) = numbers(b);
                t.store(key(b), pn, dn, 1);
            }
        }
        if let Some(Some(m)) = t.merger.get() {
            while !m.thread.is_finished() {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
        check(&t, 7);
        for b in (3..buckets).step_by(7) {
            assert!(t.probe(key(b)).is_some(), "bucket {b}");
        }
    }

    #[test]
    fn torn_entry_reads_as_empty() {
        let t = Table::new(1).unwrap();
        let k = [7, 9];
        t.store(k, 0, INF, 3);
        // Simulate a torn write: the numbers word of another store landed alone.
        let bucket = t.bucket(k);
        bucket[2].store(5 | 6 << 32, Ordering::Relaxed);
        assert!(t.probe(k).is_none());
    }
}
