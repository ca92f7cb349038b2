//! Solving a row by parts over either kind of ledger: the directory's worker (`solve`) or
//! one of a PostgreSQL ledger's workers (`solve_pg`).

use super::at::LedgerAt;
use super::{solve, solve_pg};
use crate::boards::options::BoardsOptions;
use crate::boards::rows::Row;
use crate::error::Result;
use crate::rules::Rules;

/// Solves `rules` by parts: the missing parts are solved (`opts.part_workers` at a time, until
/// the row's time limit), each recorded in the ledger as it is proven, then the row is
/// composed. `None` when Ctrl-C stopped it (the parts' checkpoints keep their work). With a
/// PostgreSQL ledger this process is one of the row's workers (see `solve_pg`).
pub fn solve_row(
    rules: &Rules,
    opts: &BoardsOptions,
    at: &LedgerAt,
    progress: &mut dyn FnMut(&str),
) -> Result<Option<Row>> {
    match at {
        LedgerAt::Dir(dir) => solve::solve_row_dir(rules, opts, dir, progress),
        LedgerAt::Postgres(url) => solve_pg::solve_row(rules, opts, url, progress),
    }
}
