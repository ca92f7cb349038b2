//! The machinery of the fuzz harness (`tests/fuzz.rs`): inputs drawn by proptest as raw bytes
//! or as valid seed files mutated byte by byte, and the checks every input must pass: no
//! panic (proptest reports one as a failure, with the input shrunk), a time bound, and a
//! bound on the heap memory the parser takes on top of what was allocated before it ran.
//!
//! Memory is counted by the `cap` crate's allocator (installed in `tests/fuzz.rs`), whose
//! high-water mark never goes down: the check is that it stays below the baseline plus the
//! bound, so the first input that pushes it past fails, and proptest shrinks that input.
//! Targets run one at a time (a lock), so no other test's allocations are counted.
//!
//! The number of cases per target is `C6_FUZZ_CASES` (default [`CI_CASES`]); the long
//! campaign and its figures are in results/fuzz.md.

use cap::Cap;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::alloc::System;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The counting allocator; `tests/fuzz.rs` makes it the global one.
pub type Counting = Cap<System>;

/// Cases per target when `C6_FUZZ_CASES` is not set: a short campaign for CI.
pub const CI_CASES: u32 = 400;

/// Longest time one input may take (the test profile is optimised; the bound is far above
/// what any parser needs, so a loaded machine does not make it fail).
pub const TIME_BOUND: Duration = Duration::from_secs(2);

/// Heap a parser may take beyond the baseline, on top of [`PER_BYTE`] per input byte.
pub const MEMORY_BOUND: usize = 4 << 20;
/// Heap a parser may take per byte of input (a parsed structure may be larger than its text).
pub const PER_BYTE: usize = 64;

/// Largest raw input drawn.
pub const RAW_MAX: usize = 4096;

/// One target at a time, so the allocator's counts are this target's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Holds the lock that keeps targets (and any test that reads the allocator's counts) from
/// running at once.
pub fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// Cases per target: `C6_FUZZ_CASES` or [`CI_CASES`].
pub fn cases() -> u32 {
    std::env::var("C6_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CI_CASES)
}

/// One change to a seed.
#[derive(Debug, Clone)]
pub enum Mutation {
    /// Sets the byte at a position (taken modulo the length) to a value.
    Set(usize, u8),
    /// Flips one bit.
    Flip(usize, u8),
    /// Inserts bytes.
    Insert(usize, Vec<u8>),
    /// Removes up to `n` bytes.
    Remove(usize, usize),
    /// Repeats a slice of up to `n` bytes in place.
    Repeat(usize, usize, u8),
    /// Cuts the input short.
    Truncate(usize),
    /// Writes a bincode varint over the bytes at a position: 251, 252 or 253 then a u16,
    /// u32 or u64 (little-endian), the form of every length field of the binary formats.
    Varint(usize, u8, u64),
}

/// Bytes that matter to the formats: bincode's varint markers (251 to 253 announce a u16,
/// u32 or u64), the extremes, ASCII digits and separators of the text formats.
const INTERESTING: &[u8] = &[
    0, 1, 2, 0x7f, 0x80, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff, b'0', b'9', b' ', b'\n', b':', b';',
    b'[', b']', b'(', b')', b',', b'-', b'.', b'#', b'{', b'}', b'"',
];

fn mutation() -> impl Strategy<Value = Mutation> {
    let byte = prop_oneof![any::<u8>(), proptest::sample::select(INTERESTING)];
    prop_oneof![
        3 => (any::<usize>(), byte.clone()).prop_map(|(i, b)| Mutation::Set(i, b)),
        2 => (any::<usize>(), 0u8..8).prop_map(|(i, b)| Mutation::Flip(i, b)),
        2 => (any::<usize>(), proptest::collection::vec(byte, 1..16))
            .prop_map(|(i, v)| Mutation::Insert(i, v)),
        2 => (any::<usize>(), 1usize..64).prop_map(|(i, n)| Mutation::Remove(i, n)),
        1 => (any::<usize>(), 1usize..64, 1u8..8).prop_map(|(i, n, t)| Mutation::Repeat(i, n, t)),
        1 => any::<usize>().prop_map(Mutation::Truncate),
        // Lengths up to 2^24 are the dangerous ones: large enough to cost memory, small
        // enough to pass a loose limit.
        2 => (any::<usize>(), 0u8..3, prop_oneof![0u64..(1 << 24), any::<u64>()])
            .prop_map(|(i, w, v)| Mutation::Varint(i, w, v)),
    ]
}

/// `seed` with `mutations` applied in order.
pub fn mutate(seed: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut b = seed.to_vec();
    for m in mutations {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
        match m {
            Mutation::Set(i, v) if !b.is_empty() => {
                let i = at(*i, b.len());
                b[i] = *v;
            }
            Mutation::Flip(i, bit) if !b.is_empty() => {
                let i = at(*i, b.len());
                b[i] ^= 1 << bit;
            }
            Mutation::Insert(i, v) => {
                let i = at(*i, b.len() + 1);
                b.splice(i..i, v.iter().copied());
            }
            Mutation::Remove(i, n) if !b.is_empty() => {
                let i = at(*i, b.len());
                let end = (i + n).min(b.len());
                b.drain(i..end);
            }
            Mutation::Repeat(i, n, times) if !b.is_empty() => {
                let i = at(*i, b.len());
                let end = (i + n).min(b.len());
                let piece = b[i..end].to_vec();
                for _ in 0..*times {
                    b.splice(end..end, piece.iter().copied());
                }
            }
            Mutation::Truncate(i) => {
                let keep = at(*i, b.len() + 1);
                b.truncate(keep);
            }
            Mutation::Varint(i, width, v) => {
                let i = at(*i, b.len() + 1);
                let mut field = vec![251 + width];
                field.extend_from_slice(&v.to_le_bytes()[..2 << width]);
                let end = (i + field.len()).min(b.len());
                b.splice(i..end, field);
            }
            _ => {}
        }
    }
    b
}

/// Inputs for a target with `seeds`: a quarter raw bytes, the rest a seed with a few
/// mutations.
pub fn inputs(seeds: Vec<Vec<u8>>) -> BoxedStrategy<Vec<u8>> {
    assert!(!seeds.is_empty(), "a target needs seeds");
    let raw = proptest::collection::vec(any::<u8>(), 0..RAW_MAX);
    let mutated = (
        proptest::sample::select(seeds),
        proptest::collection::vec(mutation(), 1..8),
    )
        .prop_map(|(seed, ms)| mutate(&seed, &ms));
    prop_oneof![1 => raw, 3 => mutated].boxed()
}

/// Runs `target` over `cases()` inputs drawn from `seeds`: each must return (no panic)
/// within [`TIME_BOUND`] and keep the heap's high-water mark below the baseline plus
/// [`MEMORY_BOUND`] and [`PER_BYTE`] a byte. Returns the number of inputs run.
pub fn fuzz(
    name: &str,
    alloc: &'static Counting,
    seeds: Vec<Vec<u8>>,
    target: impl Fn(&[u8]),
) -> u32 {
    let _one = one_at_a_time();
    // A runaway allocation aborts instead of taking the machine (the bound below reports it
    // properly, with the input, when it is merely too large).
    let _ = alloc.set_limit(1 << 30);
    let cases = cases();
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let start = Instant::now();
    let result = runner.run(&inputs(seeds), |bytes| {
        let base = alloc.allocated();
        let peak_before = alloc.max_allocated();
        let t = Instant::now();
        target(&bytes);
        let took = t.elapsed();
        let peak = alloc.max_allocated();
        if took > TIME_BOUND {
            return Err(TestCaseError::fail(format!(
                "{name}: {} bytes took {took:?}",
                bytes.len()
            )));
        }
        // The high-water mark moved only if this input set it; then it is this input's peak.
        let bound = base + MEMORY_BOUND + PER_BYTE * bytes.len();
        if peak > peak_before && peak > bound {
            return Err(TestCaseError::fail(format!(
                "{name}: {} bytes took the heap to {} bytes, {} above what it held before",
                bytes.len(),
                peak,
                peak - base
            )));
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    eprintln!(
        "fuzz {name}: {cases} inputs in {:.1} s, heap high-water mark {} KiB",
        start.elapsed().as_secs_f64(),
        alloc.max_allocated() >> 10
    );
    cases
}
