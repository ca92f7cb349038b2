//! The options of solving by parts that `table --by-parts` and `solve --by-parts` share (each
//! command has its own `--by-parts`, which these require).

use super::args::{seconds, whole};
use clap::Args;
use std::time::Duration;

/// How the parts of a ledger are solved (see `c6solve::boards::parts`).
#[derive(Args)]
pub struct PartsArgs {
    /// With a PostgreSQL --by-parts: seconds a claimed part stays this worker's without a
    /// renewal (renewed every third of it while the part is solved); a worker that died loses
    /// its part to the others this long after its last renewal.
    #[arg(
        long,
        value_name = "SECS",
        default_value = "60",
        requires = "by_parts",
        allow_negative_numbers = true,
        value_parser = lease_seconds
    )]
    pub lease_seconds: Duration,
    /// With --by-parts: how many parts to solve at once, each with --threads threads.
    #[arg(
        long,
        value_name = "N",
        default_value = "1",
        requires = "by_parts",
        value_parser = whole::<usize>(1..)
    )]
    pub part_workers: usize,
    /// With --by-parts: before a first turn is solved whole, try on it the N answers of White
    /// (the opponent of the side to move at the root) recorded most often in the ledger, each
    /// as a part below it with Black to move and at most --reply-trial-nodes nodes; one that
    /// refutes Black settles the first turn. Pays
    /// where White's answer is what the search spends its time finding (8,8,6,2,2).
    #[arg(
        long,
        value_name = "N",
        default_value = "0",
        requires = "by_parts",
        value_parser = whole::<usize>(0..)
    )]
    pub reply_trials: usize,
    /// Node budget of each reply trial.
    #[arg(
        long,
        value_name = "N",
        default_value = "4000000",
        requires = "by_parts",
        value_parser = whole::<u64>(1..)
    )]
    pub reply_trial_nodes: u64,
    /// With --by-parts: split a part its solve does not prove within N nodes (after its reply
    /// trials): the stones of the side to move up to symmetry become parts of their own,
    /// tried in the order the stopped search ranked them, and split again if they outgrow N
    /// too. The ledger records each split and why. Without it each part is solved whole.
    #[arg(
        long,
        value_name = "N",
        requires = "by_parts",
        value_parser = whole::<u64>(1..)
    )]
    pub part_nodes: Option<u64>,
    /// With --by-parts: also solve the position after these moves as a part (repeat for
    /// more; below the root): Black, or the side to move at a solve's root, cannot win there
    /// (--goal hold with its opponent to move, win with it to move). To
    /// split a first turn too large for one solve: a White reply after it ("D1 F6"), or
    /// every Black answer after that. A first turn with parts below it is settled by them.
    #[arg(long = "part", value_name = "MOVES", requires = "by_parts")]
    pub parts_at: Vec<String>,
    /// With a postgresql:// --by-parts: first copy the parts and splits of the row from the
    /// directory ledger DIR (a --by-parts directory, e.g. results/parts) into the database,
    /// each part's certificate checked; the database keeps what it already holds. To move a
    /// row started on one machine onto many.
    #[arg(long, value_name = "DIR", requires = "by_parts")]
    pub import_ledger: Option<String>,
}

/// A lease of at least one second (a shorter one would expire between two renewals).
fn lease_seconds(text: &str) -> Result<Duration, String> {
    let d = seconds(text)?;
    if d < Duration::from_secs(1) {
        return Err("a lease is at least 1 second".into());
    }
    Ok(d)
}
