//! Fuzzing every reader of outside bytes on stable Rust: move lists, SGF records, diagrams,
//! puzzle files, certificates (the independent checker's decoder, and its check of what
//! decodes), table-file headers, checkpoints, the small-boards table and ledgers of parts.
//!
//! Each input is raw bytes or a valid seed file mutated (see `fuzzing`); each must be
//! accepted or refused without a panic, within a time bound and a memory bound. CI runs
//! `fuzzing::CI_CASES` inputs per target; the long campaign sets `C6_FUZZ_CASES` (figures
//! and the command in results/fuzz.md). Whatever a campaign found is pinned below as a
//! regression test.

mod common;
mod fuzzing;

use c6check::Packed;
use c6solve::Rules;
use c6solve::notation::diagram::parse_diagram;
use c6solve::notation::parse_moves;
use c6solve::notation::sgf::{parse_sgf, replay_record, write_gogui_sgf};
use c6solve::search::checkpoint::Checkpoint;
use c6solve::search::{SolveOptions, ttfile};
use c6solve::{Position, boards, puzzles};
use common::TempDir;
use fuzzing::{Counting, fuzz};
use std::path::{Path, PathBuf};

#[global_allocator]
static ALLOC: Counting = cap::Cap::new(std::alloc::System, usize::MAX);

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn read(path: &str) -> Vec<u8> {
    std::fs::read(repo(path)).unwrap_or_else(|e| panic!("seed {path}: {e}"))
}

/// Rule sets the text parsers are fuzzed under: Connect6, and a small board whose points a
/// mutation reaches more easily.
fn rule_sets() -> [Rules; 2] {
    [Rules::connect6(), Rules::new(7, 6, 4, 2, 1).unwrap()]
}

/// The lines of `path` that start with `prefix`, without it.
fn lines_with(path: &str, prefix: &str) -> Vec<String> {
    String::from_utf8(read(path))
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix(prefix).map(str::to_string))
        .collect()
}

/// The blocks (separated by blank lines) of a text file, `per` at a time: seeds of a few
/// hundred bytes to a few kilobytes rather than the whole file.
fn blocks(path: &str, per: usize) -> Vec<Vec<u8>> {
    let text = String::from_utf8(read(path)).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").collect();
    blocks
        .chunks(per)
        .map(|c| c.join("\n\n").into_bytes())
        .collect()
}

fn text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// A refusal must be one line (the program prints it as the whole message).
fn one_line(what: &str, e: &c6solve::Error) {
    let m = e.to_string();
    assert!(
        !m.contains('\n'),
        "{what}: a message of several lines: {m:?}"
    );
}

#[test]
fn fuzz_move_lists() {
    let mut seeds: Vec<Vec<u8>> = lines_with("tests/data/lg-games.txt", "moves: ")
        .into_iter()
        .map(String::into_bytes)
        .collect();
    seeds.extend(
        lines_with("puzzles/small.puzzles", "moves: ")
            .into_iter()
            .filter(|m| !m.is_empty())
            .take(20)
            .map(String::into_bytes),
    );
    fuzz("move lists", &ALLOC, seeds, |bytes| {
        for rules in rule_sets() {
            match parse_moves(&rules, &text(bytes)) {
                Ok(cells) => {
                    if let Err(e) = Position::from_moves(rules, &cells) {
                        one_line("moves", &e);
                    }
                    if let Err(e) = replay_record(rules, &cells) {
                        one_line("moves", &e);
                    }
                }
                Err(e) => one_line("moves", &e),
            }
        }
    });
}

#[test]
fn fuzz_sgf() {
    let records = lines_with("tests/data/lg-games.txt", "sgf: ");
    let mut seeds: Vec<Vec<u8>> = records.iter().map(|s| s.clone().into_bytes()).collect();
    // The GoGui dialect, written from the same games.
    let c6 = Rules::connect6();
    for moves in lines_with("tests/data/lg-games.txt", "moves: ") {
        let cells = parse_moves(&c6, &moves).unwrap();
        seeds.push(write_gogui_sgf(&c6, &cells).unwrap().into_bytes());
    }
    fuzz("sgf", &ALLOC, seeds, |bytes| {
        for rules in rule_sets() {
            match parse_sgf(&rules, &text(bytes)) {
                Ok(cells) => {
                    if let Err(e) = replay_record(rules, &cells) {
                        one_line("sgf", &e);
                    }
                }
                Err(e) => one_line("sgf", &e),
            }
        }
    });
}

#[test]
fn fuzz_diagrams() {
    let seeds = vec![
        read("puzzles/lg1813145.txt"),
        read("puzzles/tictactoe-loss.txt"),
    ];
    fuzz("diagrams", &ALLOC, seeds, |bytes| {
        for rules in [Rules::connect6(), Rules::tictactoe()] {
            match parse_diagram(&text(bytes), &rules) {
                Ok(d) => {
                    if let Err(e) = d.position(&rules) {
                        one_line("diagram", &e);
                    }
                }
                Err(e) => one_line("diagram", &e),
            }
        }
    });
}

#[test]
fn fuzz_puzzle_files() {
    let mut seeds = blocks("puzzles/small.puzzles", 4);
    seeds.extend(blocks("puzzles/connect6.puzzles", 3).into_iter().take(30));
    seeds.push(read("puzzles/diagrams.puzzles"));
    // `diagram:` lines are relative to the puzzles directory, so the seeds' diagrams load.
    let base = repo("puzzles");
    fuzz("puzzle files", &ALLOC, seeds, |bytes| {
        if let Err(e) = puzzles::parse_suite(&text(bytes), "fuzz.puzzles", &base) {
            one_line("puzzle file", &e);
        }
    });
}

/// The smallest certificates of the project's table, and one of the default puzzle.
fn certificate_seeds() -> Vec<Vec<u8>> {
    let mut files: Vec<(u64, PathBuf)> = std::fs::read_dir(repo("results/certificates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c6proof"))
        .map(|p| (std::fs::metadata(&p).unwrap().len(), p))
        .filter(|(len, _)| *len <= 4096)
        .collect();
    files.sort();
    // A spread of sizes: every fourth file of those up to 4 KiB.
    files
        .iter()
        .step_by(4)
        .map(|(_, p)| std::fs::read(p).unwrap())
        .collect()
}

#[test]
fn fuzz_certificates() {
    fuzz("certificates", &ALLOC, certificate_seeds(), |bytes| {
        if let Ok(packed) = Packed::read_from(bytes) {
            // What decodes is checked: the checker must refuse or accept it, never panic.
            let _ = c6check::check::check_packed(&packed);
            let _ = packed.unpack();
        }
    });
}

/// Table-file seeds: the first page of real table files (a fresh one, and one holding a
/// few entries is the same page: entries live after it), of two rule sets.
fn table_rules() -> Rules {
    Rules::new(4, 4, 3, 2, 1).unwrap()
}

#[test]
fn fuzz_table_headers() {
    let dir = TempDir::new("fuzz-tt");
    let seed_file = dir.file("seed.tt");
    drop(ttfile::open(&seed_file, &table_rules(), 1, false).unwrap());
    let page = std::fs::read(&seed_file).unwrap()[..ttfile::HEADER_BYTES].to_vec();
    let path = dir.file("t.tt");
    let grow = dir.file("t.tt.grow");
    let full = std::fs::metadata(&seed_file).unwrap().len();
    fuzz("table headers", &ALLOC, vec![page], |bytes| {
        // As read, and with the checksum repaired so the fields behind it are reached.
        let mut fixed = bytes.to_vec();
        if fixed.len() >= 64 {
            let sum = ttfile::checksum(&fixed[..56]);
            fixed[56..64].copy_from_slice(&sum.to_le_bytes());
        }
        // One file a case (a table file is slow to make): the first byte of the input picks
        // the header as read or with its checksum repaired, so the fields behind the checksum
        // are reached; the second picks the page alone, or the page and the buckets of a
        // 1 MiB table (sparse: no bytes are written for them).
        let pick = |i: usize| bytes.get(i).is_some_and(|b| b & 1 == 1);
        let b = if pick(0) { bytes } else { &fixed[..] };
        let len = if pick(1) { b.len() as u64 } else { full };
        std::fs::write(&path, b).unwrap();
        let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(len.max(b.len() as u64)).unwrap();
        drop(f);
        let _ = ttfile::stored_mib(&path);
        if let Err(e) = ttfile::peek(&path, &table_rules(), &[[1, 2], [u64::MAX, 0]]) {
            one_line("table peek", &e);
        }
        // Asked for 2 MiB: a sound 1 MiB header is grown.
        match ttfile::open(&path, &table_rules(), 2, false) {
            Ok(opened) => drop(opened),
            Err(e) => one_line("table open", &e),
        }
        let _ = std::fs::remove_file(&grow);
    });
}

fn checkpoint_seeds() -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for (rules, moves) in [("4,4,3,2,1", ""), ("19,19,6,2,1", "K10 L11 L9")] {
        let rules = Rules::parse(rules).unwrap();
        let cells = parse_moves(&rules, moves).unwrap();
        let pos = Position::from_moves(rules, &cells).unwrap();
        let mut ck = Checkpoint::fresh(&pos, &SolveOptions::default(), 2);
        seeds.push(ck.encode());
        ck.phase = 2;
        ck.nodes = 123_456_789;
        ck.sessions = 3;
        seeds.push(ck.encode());
    }
    seeds
}

#[test]
fn fuzz_checkpoints() {
    fuzz("checkpoints", &ALLOC, checkpoint_seeds(), |bytes| {
        // As read, and with length and checksum repaired so the payload's decoding is reached.
        let mut fixed = bytes.to_vec();
        if fixed.len() >= 24 {
            let len = (fixed.len() - 24) as u32;
            let sum = ttfile::checksum(&fixed[24..]);
            fixed[12..16].copy_from_slice(&len.to_le_bytes());
            fixed[16..24].copy_from_slice(&sum.to_le_bytes());
        }
        for b in [bytes, &fixed[..]] {
            match Checkpoint::decode(b, "fuzz.ckpt") {
                Ok(ck) => {
                    let _ = ck.describe();
                }
                Err(e) => one_line("checkpoint", &e),
            }
        }
    });
}

#[test]
fn fuzz_ledgers() {
    let rules = Rules::parse("8,8,5,1,1").unwrap();
    let ledger = read("results/parts/8_8_5_1_1.json");
    // Seeds of a few parts each, and the whole small ledger.
    let whole: boards::parts::Ledger = serde_json::from_slice(&ledger).unwrap();
    let mut seeds = vec![ledger];
    for parts in whole.parts.chunks(3) {
        let mut l = whole.clone();
        l.parts = parts.to_vec();
        seeds.push(serde_json::to_vec_pretty(&l).unwrap());
    }
    let dir = TempDir::new("fuzz-ledger");
    let path = dir.file("8_8_5_1_1.json");
    fuzz("ledgers", &ALLOC, seeds, |bytes| {
        std::fs::write(&path, bytes).unwrap();
        if let Err(e) = boards::parts::load(&path, &boards::parts::Root::empty(rules)) {
            one_line("ledger", &e);
        }
    });
}

#[test]
fn fuzz_small_boards_tables() {
    let rows = boards::load(&repo("results/small-boards.json")).unwrap();
    let seeds: Vec<Vec<u8>> = rows
        .chunks(4)
        .take(40)
        .map(|r| serde_json::to_vec_pretty(r).unwrap())
        .collect();
    let dir = TempDir::new("fuzz-rows");
    let path = dir.file("rows.json");
    fuzz("small-boards tables", &ALLOC, seeds, |bytes| {
        std::fs::write(&path, bytes).unwrap();
        if let Err(e) = boards::load(&path) {
            one_line("small-boards table", &e);
        }
    });
}

/// Found by the fuzz harness (fuzz_certificates): 22 bytes (magic, version, the rules, then a length field
/// of 2^22 for Black's stones) made the decoder reserve 8 MiB before finding the file
/// ended. Each length-prefixed field now decodes under a limit of 256 KiB.
#[test]
fn certificate_length_fields_do_not_allocate() {
    let mut bytes = c6check::MAGIC.to_vec();
    bytes.extend_from_slice(&c6check::VERSION.to_le_bytes());
    bytes.extend_from_slice(&[4, 4, 3, 2, 1]); // the rules, one varint byte each
    bytes.push(252); // a u32 length follows
    bytes.extend_from_slice(&(1u32 << 22).to_le_bytes());
    assert_eq!(bytes.len(), 22);
    let _one = fuzzing::one_at_a_time();
    // Every byte allocated while decoding (the high-water mark may have been set by an
    // earlier test, so the sum of allocations is what tells).
    let before = ALLOC.total_allocated();
    assert!(
        Packed::read_from(&bytes[..]).is_err(),
        "the file is truncated"
    );
    let took = ALLOC.total_allocated() - before;
    assert!(took < 1 << 20, "decoding 22 bytes allocated {took} bytes");
}

/// Found by the fuzz harness (fuzz_sgf): a property value holding a line break was quoted
/// as it was, so the refusal took two lines. Control characters are now escaped.
#[test]
fn sgf_messages_stay_one_line() {
    let record = "(;FF[4];B[j10];W[mim\n;W[nh])";
    let e = parse_sgf(&Rules::connect6(), record)
        .unwrap_err()
        .to_string();
    assert!(!e.contains('\n'), "{e:?}");
    assert!(e.contains("mim\\n;W"), "the value is quoted, escaped: {e}");
}
