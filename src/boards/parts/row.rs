//! Solving a row by parts over either kind of ledger: the directory's worker (`solve`) or
//! one of a PostgreSQL ledger's workers (`solve_pg`).

use super::at::LedgerAt;
use super::root::Root;
use super::{solve, solve_pg};
use crate::boards::options::BoardsOptions;
use crate::boards::rows::Row;
use crate::error::Result;

/// Solves `root` (a row's empty board, or a position) by parts: the missing parts are solved (`opts.part_workers` at a time, until
/// the row's time limit), each recorded in the ledger as it is proven, then the row is
/// composed. `None` when Ctrl-C stopped it (the parts' checkpoints keep their work). With a
/// PostgreSQL ledger this process is one of the row's workers (see `solve_pg`).
pub fn solve_row(
    root: &Root,
    opts: &BoardsOptions,
    at: &LedgerAt,
    progress: &mut dyn FnMut(&str),
) -> Result<Option<Row>> {
    match at {
        LedgerAt::Dir(dir) => solve::solve_row_dir(root, opts, dir, progress),
        LedgerAt::Postgres(url) => solve_pg::solve_row(root, opts, url, progress),
    }
}
