//! The random keys of the checker's position hashes: drawn afresh for each check, so a file
//! cannot be written to make two different positions hash alike.

use super::rules::Rules;

/// Random keys of the position hash, drawn afresh for each check (see the notes of [`super`] on
/// shared nodes).
pub(super) struct Keys {
    /// Per point, per colour.
    pub(super) stones: Vec<[u128; 2]>,
    /// Per stones left in the turn, per side to move.
    pub(super) turns: Vec<[u128; 2]>,
}

impl Keys {
    /// Fresh keys for the board and turns of `rules`.
    pub(super) fn new(rules: &Rules) -> Keys {
        use std::hash::{BuildHasher, Hasher};
        // std's RandomState is seeded from the operating system's random source.
        let state = std::collections::hash_map::RandomState::new();
        let mut i = 0u64;
        let mut draw = || {
            let mut half = || {
                i += 1;
                let mut h = state.build_hasher();
                h.write_u64(i);
                h.finish() as u128
            };
            [(half() << 64) | half(), (half() << 64) | half()]
        };
        let stones = (0..rules.cells()).map(|_| draw()).collect();
        let turns = (0..=rules.p.max(rules.q)).map(|_| draw()).collect();
        Keys { stones, turns }
    }
}
