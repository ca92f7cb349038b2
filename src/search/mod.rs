//! The solver: df-pn over single stones ([`dfpn`]), move generation ([`movegen`]) and the
//! transposition table ([`tt`]). [`solve`] is the entry point.

use crate::board::{Cell, Position};
use std::time::Duration;

/// What to prove.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Goal {
    /// The exact value for the side to move: win, loss or draw (up to two df-pn runs).
    #[default]
    Value,
    /// Only whether the side to move can force a win (one run).
    Win,
}

/// A proven (or not) result for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move forces a win.
    Win,
    /// The opponent forces a win.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move cannot force a win (answer to [`Goal::Win`]).
    NoWin,
    /// The limits ran out before a proof.
    Unknown,
}

impl Outcome {
    /// The name used in output and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
            Outcome::NoWin => "no-win",
            Outcome::Unknown => "unknown",
        }
    }
}

/// Settings of one solve.
#[derive(Debug, Clone)]
pub struct SolveOptions {
    /// What to prove.
    pub goal: Goal,
    /// Stop after this many nodes (answer `unknown`).
    pub max_nodes: Option<u64>,
    /// Stop after this long (answer `unknown`).
    pub time_limit: Option<Duration>,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            goal: Goal::Value,
            max_nodes: None,
            time_limit: None,
            tt_mib: 256,
        }
    }
}

/// The answer of [`solve`].
#[derive(Debug, Clone)]
pub struct SolveReport {
    /// The value for the side to move.
    pub value: Outcome,
    /// The best stones for the rest of this turn (may be empty when the game is over).
    pub best: Vec<Cell>,
    /// Nodes expanded over all runs.
    pub nodes: u64,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// Proves the value of `pos` for the side to move.
pub fn solve(pos: &Position, opts: &SolveOptions) -> SolveReport {
    let _ = (pos, opts);
    unimplemented!("solver under construction")
}
