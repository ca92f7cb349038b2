//! What a `table` run solves and where it writes.

use crate::rules::Rules;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What a `table` run solves and where it writes.
#[derive(Debug, Clone)]
pub struct TableOptions {
    /// Rule sets to solve, in order.
    pub rules: Vec<Rules>,
    /// Per-row time limit.
    pub time_limit: Duration,
    /// Transposition table size in MiB (a fresh table per row).
    pub tt_mib: usize,
    /// Keep each row's table in `DIR/m_n_k_p_q.tt`, with checkpoints beside it, so that an
    /// interrupted or retried row continues its work instead of starting over.
    pub tt_dir: Option<PathBuf>,
    /// Checkpoint interval of a row solved over a table file (`None`: the solver's default).
    pub checkpoint_every: Option<Duration>,
    /// Search workers per row (0: one per core).
    pub threads: usize,
    /// Write each proven row's certificate to `DIR/m_n_k_p_q.c6proof` after checking it with
    /// the independent checker; `None` writes none.
    pub cert_dir: Option<PathBuf>,
    /// Largest disproof written, in nodes per claim (a larger one leaves the row without a
    /// certificate, saying so in `how`).
    pub proof_max_nodes: usize,
    /// Solve Black's first turn one position after two stones (one, when q = 1) at a time
    /// (see [`crate::search::SolveOptions::split_turns`]).
    pub split_turns: bool,
    /// Solve each row part by part, one solve per Black first turn, recording each proven
    /// part in a ledger in this directory (see [`super::parts`]).
    pub by_parts: Option<PathBuf>,
    /// With `by_parts`: parts solved at once, each with `threads` threads.
    pub part_workers: usize,
    /// With `by_parts`: answers of White tried on each first turn before it is solved whole
    /// (see [`super::parts::replies`]); 0 for none.
    pub reply_trials: usize,
    /// Node budget of each reply trial.
    pub reply_trial_nodes: u64,
    /// With `by_parts`: positions (moves from the empty board) to solve as parts besides
    /// Black's first turns, to split a first turn that is too large for one solve.
    pub parts_at: Vec<String>,
    /// Set (by a Ctrl-C handler) to stop the row being solved; it is then left out of the
    /// table (its checkpoint, with `tt_dir`, keeps the work) and the run ends.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// The JSON table (read, then rewritten after every row).
    pub json: PathBuf,
    /// The Markdown rendering (rewritten after every row).
    pub md: PathBuf,
    /// The command line, for the Markdown header.
    pub command: String,
}

/// `m_n_k_p_q`: the rules as a file name.
pub(crate) fn file_stem(rules: &Rules) -> String {
    rules.to_string().replace(',', "_")
}
