//! The options of solving by parts that `table --by-parts` and `solve --by-parts` share (each
//! command has its own `--by-parts`, which these require).

use super::args::{seconds, whole};
use clap::Args;
use std::time::Duration;

/// How the parts of a ledger are solved (see `c6solve::boards::parts`).
///
/// The options below have no default value in clap, which would not refuse them without
/// --by-parts; [`PartsArgs::lease`] and the others give their defaults.
#[derive(Args)]
pub struct PartsArgs {
    /// With a PostgreSQL --by-parts: seconds a claimed part stays this worker's without a
    /// renewal (renewed every third of it while the part is solved); a worker that died loses
    /// its part to the others this long after its last renewal [default: 60].
    #[arg(
        long,
        value_name = "SECS",
        requires = "by_parts",
        allow_negative_numbers = true,
        value_parser = lease_seconds
    )]
    pub lease_seconds: Option<Duration>,
    /// With --by-parts: how many parts to solve at once, each with --threads threads
    /// [default: 1].
    #[arg(
        long,
        value_name = "N",
        requires = "by_parts",
        value_parser = whole::<usize>(1..)
    )]
    pub part_workers: Option<usize>,
    /// With --by-parts: before a first turn is solved whole, try on it the N answers of White
    /// (the opponent of the side to move at the root) recorded most often in the ledger, each
    /// as a part below it with Black to move and at most --reply-trial-nodes nodes; one that
    /// refutes Black settles the first turn. Pays
    /// where White's answer is what the search spends its time finding (8,8,6,2,2)
    /// [default: 0].
    #[arg(
        long,
        value_name = "N",
        requires = "by_parts",
        value_parser = whole::<usize>(0..)
    )]
    pub reply_trials: Option<usize>,
    /// With --by-parts: node budget of each reply trial [default: 4000000].
    #[arg(
        long,
        value_name = "N",
        requires = "by_parts",
        value_parser = whole::<u64>(1..)
    )]
    pub reply_trial_nodes: Option<u64>,
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

impl PartsArgs {
    /// --lease-seconds, 60 s by default.
    pub fn lease(&self) -> Duration {
        self.lease_seconds.unwrap_or(Duration::from_secs(60))
    }

    /// --part-workers, 1 by default.
    pub fn workers(&self) -> usize {
        self.part_workers.unwrap_or(1)
    }

    /// --reply-trials, none by default.
    pub fn trials(&self) -> usize {
        self.reply_trials.unwrap_or(0)
    }

    /// --reply-trial-nodes, 4,000,000 by default.
    pub fn trial_nodes(&self) -> u64 {
        self.reply_trial_nodes.unwrap_or(4_000_000)
    }
}

/// A lease of at least one second (a shorter one would expire between two renewals).
fn lease_seconds(text: &str) -> Result<Duration, String> {
    let d = seconds(text)?;
    if d < Duration::from_secs(1) {
        return Err("a lease is at least 1 second".into());
    }
    Ok(d)
}
