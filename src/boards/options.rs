//! What a `table` run solves and where it writes.

use super::parts::LedgerAt;
use crate::rules::Rules;
use crate::search::SolveOptions;
use std::path::PathBuf;
use std::time::Duration;

/// What a `table` run solves and where it writes.
#[derive(Debug, Clone)]
pub struct BoardsOptions {
    /// Rule sets to solve, in order.
    pub rules: Vec<Rules>,
    /// Per-row time limit (by parts: for all the row's parts together). Every row records
    /// it, so it is required here, and each solve's own limit is derived from it.
    pub time_limit: Duration,
    /// What every solve of the run starts from: the transposition table size in MiB (a
    /// fresh table per row), search workers per row or part (0: one per core, shared out
    /// among the part workers), the checkpoint interval over a table file, `split_turns` (for
    /// a row's own solve; parts are solved without it), the interrupt flag and the zones.
    /// Each solve sets its own goal, time and node limits, table file and progress; with
    /// `interrupt` set (by a Ctrl-C handler) the row being solved is left out of the table
    /// (its checkpoint, with `tt_dir`, keeps the work) and the run ends.
    pub search: SolveOptions,
    /// Keep each row's table in `DIR/m_n_k_p_q.tt`, with checkpoints beside it, so that an
    /// interrupted or retried row continues its work instead of starting over.
    pub tt_dir: Option<PathBuf>,
    /// Write each proven row's certificate to `DIR/m_n_k_p_q.c6proof` after checking it with
    /// the independent checker; `None` writes none.
    pub cert_dir: Option<PathBuf>,
    /// Largest disproof written, in nodes per claim (a larger one leaves the row without a
    /// certificate, saying so in `how`).
    pub proof_max_nodes: usize,
    /// Solve each row part by part, one solve per Black first turn, recording each proven
    /// part in a ledger: a directory, or a PostgreSQL database shared by many workers (see
    /// [`super::parts`]).
    pub by_parts: Option<LedgerAt>,
    /// With a PostgreSQL ledger: how long a claimed part stays this worker's without a
    /// renewal (renewed every third of it while the part is solved); a worker that dies
    /// loses its parts to the others after this long.
    pub lease: Duration,
    /// With `by_parts`: parts solved at once, each with `search.threads` threads.
    pub part_workers: usize,
    /// With `by_parts`: answers of White tried on each first turn before it is solved whole
    /// (see [`super::parts::replies`]); 0 for none.
    pub reply_trials: usize,
    /// Node budget of each reply trial.
    pub reply_trial_nodes: u64,
    /// With `by_parts`: a part not proven within this many nodes is split into the parts one
    /// stone further down (see [`super::parts::split`]); `None` solves each part whole.
    pub part_nodes: Option<u64>,
    /// With `by_parts`: positions (moves from the empty board) to solve as parts besides
    /// Black's first turns, to split a first turn that is too large for one solve.
    pub parts_at: Vec<String>,
    /// With a PostgreSQL `by_parts`: a directory ledger (a `--by-parts` directory) whose
    /// parts and splits of the row are copied into the database before any part is claimed
    /// (see [`super::parts::ledger_pg::PgLedger::import`]).
    pub import: Option<PathBuf>,
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
