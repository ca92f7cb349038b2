//! `c6solve bench`: time the speed targets, or measure threads, table and checkpoints.
//!
//! Every use of the library's lab code (`c6solve::lab`) by the
//! command line goes through this file: the report helpers other commands share are
//! re-exported here.

use super::args::{seconds, tt_mib, whole};
use super::exit_code;
use c6solve::Error;
use c6solve::lab::bench::{self, BenchOptions};
use c6solve::lab::gtp_report::{self, GtpReportOptions};
use c6solve::lab::threads_report::{self, ThreadsOptions};
use clap::Args;
use std::process::ExitCode;
use std::time::Duration;

pub use c6solve::lab::output::{check_writable, write};
pub use c6solve::lab::provenance::load_average;

/// The table size of the speed targets and the threads report, in MiB.
const TT_MIB: usize = 1024;
/// The time limit of the speed targets and the threads report.
const TIME_LIMIT: Duration = Duration::from_secs(600);

/// Options of `bench` (the logic lives in `c6solve::lab::bench` and `c6solve::lab::threads_report`).
#[derive(Args)]
pub struct BenchArgs {
    /// Where to write the Markdown table [default: results/bench.md, or results/threads.md
    /// with --threads-report].
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Measure threads, table and checkpoints (results/threads.md) instead of the speed
    /// targets.
    #[arg(long, conflicts_with_all = ["only", "repeat", "gtp_report"])]
    threads_report: bool,
    /// Compare `c6solve-solve` through the GTP engine with the puzzle runner on the puzzle
    /// suite (results/gtp.md): same answers, time per call. --time-limit and --tt-size apply
    /// to each puzzle (defaults here 20 s and 64 MiB, as for `puzzles`).
    #[arg(long, conflicts_with_all = ["only", "repeat"])]
    gtp_report: bool,
    /// Transposition table size in MiB (a fresh table for every solve) [default: 1024; 64
    /// with --gtp-report].
    #[arg(long, value_name = "MIB", value_parser = tt_mib)]
    tt_size: Option<usize>,
    /// Give up on a position (answer unknown) after this many seconds [default: 600; 20
    /// with --gtp-report].
    #[arg(long, value_name = "SECS", value_parser = seconds)]
    time_limit: Option<Duration>,
    /// Run only the row of these rules (e.g. 6,5,4,1,1), or "default" for the puzzle.
    #[arg(long, value_name = "RULES")]
    only: Option<String>,
    /// Solve each position N times and report the median time.
    #[arg(long, value_name = "N", value_parser = whole::<u32>(1..))]
    repeat: Option<u32>,
}

/// Runs `bench`: writes and prints the table, 1 if the solver proved a wrong value.
pub fn run(args: BenchArgs) -> Result<ExitCode, Error> {
    let all_right = if args.gtp_report {
        let opts = GtpReportOptions {
            suite: gtp_report::default_suite(),
            time_limit: args.time_limit.unwrap_or(Duration::from_secs(20)),
            tt_mib: args.tt_size.unwrap_or(64),
            engine: gtp_report::this_binary()?,
        };
        let out = args.out.as_deref().unwrap_or("results/gtp.md");
        gtp_report::run_and_write(&opts, out)?
    } else if args.threads_report {
        let opts = ThreadsOptions {
            tt_mib: args.tt_size.unwrap_or(TT_MIB),
            time_limit: args.time_limit.unwrap_or(TIME_LIMIT),
            ..ThreadsOptions::default()
        };
        let out = args.out.as_deref().unwrap_or("results/threads.md");
        threads_report::run_and_write(&opts, out)?
    } else {
        let opts = BenchOptions {
            tt_mib: args.tt_size.unwrap_or(TT_MIB),
            time_limit: args.time_limit.unwrap_or(TIME_LIMIT),
            only: args.only,
            repeat: args.repeat.unwrap_or(1),
        };
        bench::run_and_write(&opts, args.out.as_deref().unwrap_or("results/bench.md"))?
    };
    Ok(exit_code(all_right))
}
