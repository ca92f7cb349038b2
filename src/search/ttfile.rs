//! Table files (`--tt FILE`): the transposition table kept in a file that outlives the
//! process (read into the table's anonymous memory when opened, written back at checkpoints),
//! so a later solve under the same rules starts from what earlier ones proved.
//!
//! The file is trusted only when it proves itself. It starts with one 4 KiB header page:
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..8 | magic `C6SOLVTT` |
//! | 8..12 | format version (u32, little-endian) |
//! | 12..16 | header size in bytes (4096) |
//! | 16..26 | rules m, n, k, p, q (u16 each) |
//! | 32..40 | Zobrist seed |
//! | 40..44 | bytes per entry |
//! | 44..48 | entries per bucket |
//! | 48..56 | buckets (a power of two) |
//! | 56..64 | checksum of bytes 0..56 |
//!
//! then the buckets. A file from other rules, another format version or Zobrist seed, another
//! entry layout, a larger size than asked for, a truncated file, a damaged header or one that
//! is not a table at all is refused with one line; `--tt-reset` rebuilds it on purpose.
//!
//! A file smaller than asked for is grown, keeping every entry: a long solve that filled its
//! table continues in a larger one. The entries are copied into a new file beside it
//! (`FILE.grow`), which then replaces the old one by a rename, so a crash while growing leaves
//! the old file as it was. A new file (or one rebuilt by `--tt-reset`) is likewise made as
//! `FILE.new` and renamed into place, so the real name never holds a file without its
//! header. Renames are followed by a sync of the directory. Entries check themselves
//! (see [`super::tt`]), so a write torn by a crash reads as an empty slot, never as a proof.
//! The file is locked while in use, so two processes never share one.
//!
//! The design: docs/design.md §6.4.

use super::tt::{Entry, Table};
use crate::board::ZOBRIST_SEED;
use crate::error::{Error, Result};
use crate::rules::Rules;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// First bytes of every table file.
pub const MAGIC: [u8; 8] = *b"C6SOLVTT";
/// Format version; bump it whenever keys, entries or search rules change meaning (an
/// unsolved entry also records that pairing failed at that node).
pub const FORMAT_VERSION: u32 = 1;
/// Size of the header page.
pub const HEADER_BYTES: usize = 4096;
const CHECKED: usize = 56;

/// What a header says.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Header {
    version: u32,
    header_bytes: u32,
    rules: [u16; 5],
    seed: u64,
    entry_bytes: u32,
    ways: u32,
    buckets: u64,
}

impl Header {
    fn current(rules: &Rules, buckets: usize) -> Header {
        Header {
            version: FORMAT_VERSION,
            header_bytes: HEADER_BYTES as u32,
            rules: [rules.width, rules.height, rules.k, rules.p, rules.q],
            seed: ZOBRIST_SEED,
            entry_bytes: Table::ENTRY_BYTES as u32,
            ways: Table::WAYS as u32,
            buckets: buckets as u64,
        }
    }

    fn encode(&self) -> [u8; 64] {
        let mut b = [0u8; 64];
        b[0..8].copy_from_slice(&MAGIC);
        b[8..12].copy_from_slice(&self.version.to_le_bytes());
        b[12..16].copy_from_slice(&self.header_bytes.to_le_bytes());
        for (i, v) in self.rules.iter().enumerate() {
            b[16 + 2 * i..18 + 2 * i].copy_from_slice(&v.to_le_bytes());
        }
        b[32..40].copy_from_slice(&self.seed.to_le_bytes());
        b[40..44].copy_from_slice(&self.entry_bytes.to_le_bytes());
        b[44..48].copy_from_slice(&self.ways.to_le_bytes());
        b[48..56].copy_from_slice(&self.buckets.to_le_bytes());
        let sum = checksum(&b[..CHECKED]);
        b[56..64].copy_from_slice(&sum.to_le_bytes());
        b
    }

    /// Decodes and checks magic and checksum; the caller compares the fields.
    fn decode(b: &[u8; 64], path: &str) -> Result<Header> {
        if b[0..8] != MAGIC {
            return Err(bad(
                path,
                "is not a c6solve table file (--tt-reset overwrites it)",
            ));
        }
        let u64_at = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
        let u32_at = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"));
        if u64_at(56) != checksum(&b[..CHECKED]) {
            return Err(bad(path, "has a damaged header (checksum mismatch)"));
        }
        let mut rules = [0u16; 5];
        for (i, r) in rules.iter_mut().enumerate() {
            *r = u16::from_le_bytes([b[16 + 2 * i], b[17 + 2 * i]]);
        }
        Ok(Header {
            version: u32_at(8),
            header_bytes: u32_at(12),
            rules,
            seed: u64_at(32),
            entry_bytes: u32_at(40),
            ways: u32_at(44),
            buckets: u64_at(48),
        })
    }
}

/// FNV-1a over the header bytes, folded through a multiply so that single-bit damage anywhere
/// changes the result. (Public for the fuzz harness, which repairs the checksum of mutated
/// headers and checkpoints so that their fields, not only the checksum, are exercised.)
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    (h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

fn bad(path: &str, what: &str) -> Error {
    Error::Table(format!("{path} {what}"))
}

fn io(path: &str, e: std::io::Error) -> Error {
    Error::Io(format!("table file {path}: {e}"))
}

/// A table file as [`open`] left it.
pub struct Opened {
    /// The table over the file.
    pub table: Table,
    /// The file's size in MiB before it was grown to the size asked for, if it was.
    pub grown_from: Option<usize>,
}

/// Opens (or creates, or with `reset` rebuilds, or grows) the table file at `path` for
/// `rules`, of `mib` MiB of buckets.
pub fn open(path: &Path, rules: &Rules, mib: usize, reset: bool) -> Result<Opened> {
    let name = path.display().to_string();
    let buckets = Table::buckets_for(mib);
    let want = Header::current(rules, buckets);
    let len = (HEADER_BYTES + buckets * Table::BUCKET_BYTES) as u64;
    let exists = path.exists();
    if reset || !exists {
        // A file being rebuilt must not be in use; its lock is held until the new file has
        // replaced it.
        let _old = match exists {
            true => Some(open_locked(path, &name)?),
            false => None,
        };
        let file = fresh(path, &want, len)?;
        let table = map_table(file, buckets, &name, true)?;
        return Ok(Opened {
            table,
            grown_from: None,
        });
    }
    let mut file = open_locked(path, &name)?;
    if let Some(old) = validate(&mut file, &want, rules, &name)? {
        let table = grow(path, &mut file, old, &want, len)?;
        let grown_from = Some((old * Table::BUCKET_BYTES) >> 20);
        return Ok(Opened { table, grown_from });
    }
    let table = map_table(file, buckets, &name, false)?;
    Ok(Opened {
        table,
        grown_from: None,
    })
}

/// The existing file at `path`, opened for reading and writing and locked.
fn open_locked(path: &Path, name: &str) -> Result<File> {
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .map_err(|e| io(name, e))?;
    if !lock(&file) {
        return Err(bad(name, "is in use by another c6solve process"));
    }
    Ok(file)
}

/// A new table file of `len` bytes with `header` at `path`, made as `FILE.new`, synced, and
/// renamed over `path` (the directory synced too): a crash while it is made leaves no file,
/// or the old one, under the real name, never a file without its header. Returns the file,
/// locked.
fn fresh(path: &Path, header: &Header, len: u64) -> Result<File> {
    let tmp = with_suffix(path, ".new");
    let tmp_name = tmp.display().to_string();
    // Not truncated before it is locked: another process may be making it.
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&tmp)
        .map_err(|e| io(&tmp_name, e))?;
    if !lock(&file) {
        return Err(bad(&tmp_name, "is in use by another c6solve process"));
    }
    create(&mut file, header, len).map_err(|e| io(&tmp_name, e))?;
    std::fs::rename(&tmp, path).map_err(|e| io(&tmp_name, e))?;
    sync_parent(path);
    Ok(file)
}

/// Syncs the directory holding `path`, so that a rename into it survives a crash. Not every
/// system can open a directory to sync it; the rename is done either way.
pub(crate) fn sync_parent(path: &Path) {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// The size in MiB of the table in the file at `path`, read from its header; `None` when
/// there is no such file or its header does not decode ([`open`] then says why it refuses
/// the file, or creates it).
pub fn stored_mib(path: &Path) -> Option<usize> {
    let mut raw = [0u8; 64];
    File::open(path).ok()?.read_exact(&mut raw).ok()?;
    let got = Header::decode(&raw, "").ok()?;
    let bytes = usize::try_from(got.buckets)
        .ok()?
        .checked_mul(Table::BUCKET_BYTES)?;
    Some((bytes >> 20).max(1))
}

/// `path` with `suffix` appended to its file name (`t.tt` and `.grow`: `t.tt.grow`).
pub(crate) fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Takes the file's exclusive lock, waiting up to a second for it. The wait is for a lock
/// held a moment longer than its owner: a process forked by another thread (to run `git`,
/// say) holds copies of that thread's open files until it executes its program.
fn lock(file: &File) -> bool {
    for _ in 0..LOCK_TRIES {
        if file.try_lock().is_ok() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    false
}

/// Tries for the lock of a table file, 50 ms apart.
const LOCK_TRIES: u32 = 20;

/// The table over a locked table file whose header was written or validated for `buckets`:
/// the file is read into anonymous memory (huge pages for large tables, see `super::tt`),
/// all of it, or only its header when `fresh` (just created: the buckets are zeros, as the
/// memory already is). Stores stay in memory until `Table::flush` writes them back.
fn map_table(mut file: File, buckets: usize, name: &str, fresh: bool) -> Result<Table> {
    let len = HEADER_BYTES + buckets * Table::BUCKET_BYTES;
    let mut map = super::tt::anonymous(len).map_err(|e| io(name, e))?;
    let read = if fresh { HEADER_BYTES } else { len };
    file.seek(SeekFrom::Start(0))
        .and_then(|_| file.read_exact(&mut map[..read]))
        .map_err(|e| io(name, e))?;
    Ok(Table::over_file(map, HEADER_BYTES, buckets, file))
}

/// Copies the entries of `old` (the locked, validated file at `path`, of `old_buckets`
/// buckets) into a new file of `want`'s size beside it, then renames that over `path`.
/// Returns the table over the new file. The old file is read a slice at a time, not into
/// memory whole: growing needs the new table's memory and little more, so an 8 GiB table can
/// grow to 16 GiB on a 24 GiB machine.
fn grow(path: &Path, old: &mut File, old_buckets: usize, want: &Header, len: u64) -> Result<Table> {
    let tmp = with_suffix(path, ".grow");
    let tmp_name = tmp.display().to_string();
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(&tmp)
        .map_err(|e| io(&tmp_name, e))?;
    if !lock(&file) {
        return Err(bad(&tmp_name, "is in use by another c6solve process"));
    }
    create(&mut file, want, len).map_err(|e| io(&tmp_name, e))?;
    let table = map_table(file, want.buckets as usize, &tmp_name, true)?;
    copy_entries(old, old_buckets, &table, GROW_SLICE_BUCKETS)
        .map_err(|e| io(&path.display().to_string(), e))?;
    table.flush().map_err(|e| io(&tmp_name, e))?;
    std::fs::rename(&tmp, path).map_err(|e| io(&tmp_name, e))?;
    sync_parent(path);
    Ok(table)
}

/// Buckets read at a time when growing: 64 MiB.
const GROW_SLICE_BUCKETS: usize = (64 << 20) / Table::BUCKET_BYTES;

/// Stores every entry of the table file `old` (`buckets` buckets after the header) into
/// `into`, which has at least as many buckets, so every entry finds a slot: the entries of
/// one old bucket spread over new buckets that receive from no other. Torn slots are
/// skipped, as on any read. Reads `slice` buckets at a time; returns the entries copied.
fn copy_entries(
    old: &mut File,
    buckets: usize,
    into: &Table,
    slice: usize,
) -> std::io::Result<u64> {
    old.seek(SeekFrom::Start(HEADER_BYTES as u64))?;
    let mut buf = vec![0u8; slice.min(buckets) * Table::BUCKET_BYTES];
    let (mut left, mut copied) = (buckets, 0);
    while left > 0 {
        let n = left.min(slice);
        let slice = &mut buf[..n * Table::BUCKET_BYTES];
        old.read_exact(slice)?;
        for e in Table::entries_in(slice) {
            into.store(e.key, e.pn, e.dn, e.work);
            copied += 1;
        }
        left -= n;
    }
    Ok(copied)
}

/// Writes a fresh file: header, then zeroed buckets.
fn create(file: &mut File, header: &Header, len: u64) -> std::io::Result<()> {
    file.set_len(0)?;
    file.set_len(len)?;
    file.seek(SeekFrom::Start(0))?;
    file.write_all(&header.encode())?;
    file.sync_all()
}

/// Checks an existing file against what this solve needs. Returns the file's buckets when
/// it is a sound table of fewer buckets than wanted (to be grown).
fn validate(file: &mut File, want: &Header, rules: &Rules, path: &str) -> Result<Option<usize>> {
    let got = read_header(file, want, rules, path)?;
    if got.buckets > want.buckets {
        let mib = (got.buckets as usize * Table::BUCKET_BYTES) >> 20;
        return Err(bad(
            path,
            &format!(
                "holds a {mib} MiB table: give --tt-size {mib} (or more, to grow it), \
                 or --tt-reset to rebuild it"
            ),
        ));
    }
    Ok((got.buckets < want.buckets).then_some(got.buckets as usize))
}

/// Reads the header of the file and refuses it unless it is a whole table file for `rules`
/// in this program's format (any size).
fn read_header(file: &mut File, want: &Header, rules: &Rules, path: &str) -> Result<Header> {
    let actual = file.metadata().map_err(|e| io(path, e))?.len();
    let mut raw = [0u8; 64];
    if actual < HEADER_BYTES as u64 {
        return Err(bad(path, "is too short to be a c6solve table file"));
    }
    file.read_exact(&mut raw).map_err(|e| io(path, e))?;
    let got = Header::decode(&raw, path)?;
    if got.version != want.version {
        return Err(bad(
            path,
            &format!(
                "is format version {}, this c6solve reads version {} (--tt-reset rebuilds it)",
                got.version, want.version
            ),
        ));
    }
    if got.rules != want.rules {
        let r = got.rules;
        return Err(bad(
            path,
            &format!(
                "holds rules {},{},{},{},{}, not {rules} (--tt-reset rebuilds it)",
                r[0], r[1], r[2], r[3], r[4]
            ),
        ));
    }
    if got.seed != want.seed
        || got.header_bytes != want.header_bytes
        || got.entry_bytes != want.entry_bytes
        || got.ways != want.ways
    {
        return Err(bad(
            path,
            "has another key seed or entry layout (--tt-reset rebuilds it)",
        ));
    }
    let sane = got.buckets.is_power_of_two() && got.buckets <= 1 << 40;
    if !sane {
        return Err(bad(path, "has a damaged header (impossible size)"));
    }
    let len = (HEADER_BYTES + got.buckets as usize * Table::BUCKET_BYTES) as u64;
    if actual != len {
        return Err(bad(
            path,
            &format!("is {actual} bytes, not the {len} its header says: truncated or damaged"),
        ));
    }
    Ok(got)
}

/// The stored entries of `keys` in the table file at `path`, read bucket by bucket without
/// loading or locking the file, so a solve that is running over it is not disturbed. The
/// file holds what the last checkpoint wrote back; an entry torn by a concurrent write reads
/// as absent (entries check themselves). The header is checked as [`open`] checks it.
pub fn peek(path: &Path, rules: &Rules, keys: &[[u64; 2]]) -> Result<Vec<Option<Entry>>> {
    let name = path.display().to_string();
    let mut file = File::open(path).map_err(|e| io(&name, e))?;
    let got = read_header(&mut file, &Header::current(rules, 0), rules, &name)?;
    let mut bucket = vec![0u8; Table::BUCKET_BYTES];
    keys.iter()
        .map(|&key| {
            let b = key[0] as usize & (got.buckets as usize - 1);
            let at = (HEADER_BYTES + b * Table::BUCKET_BYTES) as u64;
            file.seek(SeekFrom::Start(at)).map_err(|e| io(&name, e))?;
            file.read_exact(&mut bucket).map_err(|e| io(&name, e))?;
            Ok(Table::find_in_bucket(&bucket, key))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn temp(name: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("c6solve-ttfile-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&p);
        p
    }

    fn err(r: Result<Opened>) -> String {
        match r {
            Ok(_) => panic!("expected the file to be refused"),
            Err(e) => e.to_string(),
        }
    }

    /// `stored_mib` reads back the size a file was made with, reads a header's claim as it
    /// is (the caller compares it with the machine's memory), and has nothing for a file that
    /// is not a table.
    #[test]
    fn stored_sizes_are_read_from_the_header() {
        let p = temp("stored");
        let r = Rules::connect6();
        assert_eq!(stored_mib(&p), None, "no file");
        drop(open(&p, &r, 2, false).unwrap());
        assert_eq!(stored_mib(&p), Some(2));
        let huge = Header::current(&r, 1 << 40).encode();
        std::fs::write(&p, huge).unwrap();
        assert_eq!(
            stored_mib(&p),
            Some(((1usize << 40) * Table::BUCKET_BYTES) >> 20)
        );
        std::fs::write(&p, [7u8; 64]).unwrap();
        assert_eq!(stored_mib(&p), None, "not a table file");
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn entries_survive_reopening() {
        let p = temp("reopen");
        let r = Rules::connect6();
        // Keys in 2,000 distinct buckets (an odd multiplier permutes the bucket indices),
        // so every part of the reopened table's record of stored buckets is read back.
        let key = |i: u64| [i * 7919, i];
        {
            let t = open(&p, &r, 1, false).unwrap().table;
            t.store([42, 43], 0, super::super::tt::INF, 7);
            for i in 1..2000 {
                t.store(key(i), i as u32, 5, 1);
            }
            t.flush().unwrap();
        }
        let t = open(&p, &r, 1, false).unwrap().table;
        let e = t.probe([42, 43]).expect("stored entry is back");
        assert_eq!((e.pn, e.work), (0, 7));
        for i in 1..2000 {
            assert_eq!(t.probe(key(i)).map(|e| e.pn), Some(i as u32), "key {i}");
        }
        // While one table holds the file, nobody else opens it.
        assert!(err(open(&p, &r, 1, false)).contains("in use"));
        drop(t);
        // A reset starts afresh.
        let t = open(&p, &r, 1, true).unwrap().table;
        assert!(t.probe([42, 43]).is_none());
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn every_mismatch_is_refused() {
        let p = temp("refuse");
        let r = Rules::connect6();
        drop(open(&p, &r, 1, false).unwrap());
        assert!(err(open(&p, &Rules::gomoku(), 1, false)).contains("holds rules 19,19,6,2,1"));
        // Damage one header byte (the rules' k): the checksum catches it.
        let mut bytes = std::fs::read(&p).unwrap();
        bytes[20] ^= 1;
        std::fs::write(&p, &bytes).unwrap();
        assert!(err(open(&p, &r, 1, false)).contains("damaged header"));
        bytes[20] ^= 1;
        // Another version, with a valid checksum.
        let mut h = Header::decode(bytes[..64].try_into().unwrap(), "x").unwrap();
        h.version += 1;
        bytes[..64].copy_from_slice(&h.encode());
        std::fs::write(&p, &bytes).unwrap();
        assert!(err(open(&p, &r, 1, false)).contains("format version 2"));
        h.version -= 1;
        // Another Zobrist seed, entry size, or entries per bucket, with a valid checksum.
        let changes: [fn(&mut Header); 4] = [
            |h: &mut Header| h.seed ^= 1,
            |h: &mut Header| h.entry_bytes *= 2,
            |h: &mut Header| h.ways /= 2,
            |h: &mut Header| h.header_bytes *= 2,
        ];
        for change in changes {
            let mut other = h.clone();
            change(&mut other);
            bytes[..64].copy_from_slice(&other.encode());
            std::fs::write(&p, &bytes).unwrap();
            assert!(err(open(&p, &r, 1, false)).contains("another key seed or entry layout"));
        }
        bytes[..64].copy_from_slice(&h.encode());
        // The intact file is accepted again.
        std::fs::write(&p, &bytes).unwrap();
        drop(open(&p, &r, 1, false).unwrap());
        // Truncated.
        std::fs::write(&p, &bytes[..bytes.len() - 128]).unwrap();
        assert!(err(open(&p, &r, 1, false)).contains("truncated"));
        // Not a table at all.
        std::fs::write(&p, vec![7u8; 5000]).unwrap();
        assert!(err(open(&p, &r, 1, false)).contains("not a c6solve table"));
        std::fs::write(&p, b"short").unwrap();
        assert!(err(open(&p, &r, 1, false)).contains("too short"));
        // A table larger than asked for (it is never shrunk).
        drop(open(&p, &r, 2, true).unwrap());
        let e = err(open(&p, &r, 1, false));
        assert!(e.contains("--tt-size 2 (or more"), "{e}");
        // --tt-reset rebuilds any of these on purpose.
        assert!(open(&p, &r, 1, true).is_ok());
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn a_smaller_file_grows_and_keeps_its_entries() {
        let p = temp("grow");
        let r = Rules::connect6();
        let keys: Vec<[u64; 2]> = (0..3000u64)
            .map(|i| [i.wrapping_mul(0x9E37_79B9_7F4A_7C15), i])
            .collect();
        {
            let t = open(&p, &r, 1, false).unwrap().table;
            for (i, &k) in keys.iter().enumerate() {
                t.store(k, i as u32 + 1, 2, i as u32);
            }
            t.flush().unwrap();
        }
        let held: Vec<_> = {
            let t = open(&p, &r, 1, false).unwrap().table;
            keys.iter().filter_map(|&k| t.probe(k)).collect()
        };
        assert!(held.len() > 2000, "most of the entries fit the small table");
        let opened = open(&p, &r, 4, false).unwrap();
        assert_eq!(opened.grown_from, Some(1));
        assert_eq!(opened.table.capacity(), 4 * (1 << 20) / Table::ENTRY_BYTES);
        for e in &held {
            assert_eq!(
                opened.table.probe(e.key),
                Some(*e),
                "every entry survives growing"
            );
        }
        drop(opened);
        let mut grow = p.as_os_str().to_owned();
        grow.push(".grow");
        assert!(
            !std::path::Path::new(&grow).exists(),
            "the new file replaced the old"
        );
        // The grown file is a sound table of the new size.
        let again = open(&p, &r, 4, false).unwrap();
        assert_eq!(again.grown_from, None);
        assert!(again.table.probe(held[0].key).is_some());
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn growing_reads_the_old_file_in_slices() {
        // Slices of 3 buckets, which do not divide the old table's 8192: every entry is
        // still copied, the last short slice included.
        let p = temp("slices");
        let r = Rules::connect6();
        let keys: Vec<[u64; 2]> = (0..5000u64)
            .map(|i| [i.wrapping_mul(0x9E37_79B9_7F4A_7C15), !i])
            .collect();
        let old = open(&p, &r, 1, false).unwrap().table;
        for (i, &k) in keys.iter().enumerate() {
            old.store(k, 7, i as u32 + 1, 1);
        }
        old.flush().unwrap();
        let held: Vec<_> = keys.iter().filter_map(|&k| old.probe(k)).collect();
        let buckets = old.capacity() / Table::WAYS;
        drop(old);
        let into = Table::new(2).unwrap();
        let mut file = File::open(&p).unwrap();
        let copied = copy_entries(&mut file, buckets, &into, 3).unwrap();
        assert_eq!(copied, held.len() as u64);
        for e in &held {
            assert_eq!(into.probe(e.key), Some(*e));
        }
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn only_flushed_stores_reach_the_file() {
        let p = temp("flush");
        let r = Rules::connect6();
        // 4 MiB: four regions of the dirty map; keys spread over every bucket.
        let keys: Vec<[u64; 2]> = (0..64u64).map(|i| [i * 511, i]).collect();
        let (late, early) = keys.split_at(8);
        {
            let t = open(&p, &r, 4, false).unwrap().table;
            for &k in early {
                t.store(k, 0, super::super::tt::INF, 3);
            }
            t.flush().unwrap();
            // Stored after the last flush: kept in memory only (the file is read into memory).
            for &k in late {
                t.store(k, 0, super::super::tt::INF, 3);
            }
        }
        let t = open(&p, &r, 4, false).unwrap().table;
        assert!(
            early.iter().all(|&k| t.probe(k).is_some()),
            "flushed stores are kept"
        );
        assert!(
            late.iter().all(|&k| t.probe(k).is_none()),
            "unflushed ones are not"
        );
        // A flush after storing into one region only writes that region, and keeps the rest.
        t.store(late[0], 0, super::super::tt::INF, 3);
        t.flush().unwrap();
        drop(t);
        let t = open(&p, &r, 4, false).unwrap().table;
        assert!(t.probe(late[0]).is_some());
        assert!(early.iter().all(|&k| t.probe(k).is_some()));
        let _ = std::fs::remove_file(&p);
    }
}
