//! `c6solve gtp`: the GTP engine on stdin and stdout (see [`c6solve::gtp`]).

use super::args::{seconds, tt_mib, whole};
use c6solve::gtp::{Engine, EngineOptions};
use c6solve::{Error, Rules};
use clap::Args;
use std::process::ExitCode;
use std::time::Duration;

/// Options of `gtp`.
#[derive(Args)]
pub struct GtpArgs {
    /// The rules to start with: m,n,k,p,q or connect6, gomoku, tictactoe (GTP `boardsize`
    /// and `c6solve-rules` change them).
    #[arg(long, value_name = "RULES", default_value = "connect6")]
    rules: String,
    /// Seconds a search may take when the controller sets no clock (`time_settings`): each
    /// `genmove`, and each solver command not given seconds.
    #[arg(long, value_name = "SECS", value_parser = seconds, allow_negative_numbers = true, default_value = "10")]
    time_limit: Duration,
    /// Nodes a search may expand [default: no limit].
    #[arg(long, value_name = "N", value_parser = whole::<u64>(1..), allow_negative_numbers = true)]
    nodes: Option<u64>,
    /// Transposition table of each search, in MiB.
    #[arg(long, value_name = "MIB", value_parser = tt_mib, allow_negative_numbers = true, default_value = "64")]
    tt_size: usize,
    /// Search threads.
    #[arg(long, value_name = "N", value_parser = whole::<usize>(1..=1024), allow_negative_numbers = true, default_value = "1")]
    threads: usize,
}

/// Runs the engine until `quit` or the end of stdin.
pub fn run(args: GtpArgs) -> Result<ExitCode, Error> {
    let rules = Rules::parse(&args.rules)?;
    let opts = EngineOptions {
        seconds: args.time_limit.as_secs_f64(),
        max_nodes: args.nodes,
        tt_mib: args.tt_size,
        threads: args.threads,
    };
    let mut engine = Engine::new(rules, opts);
    let stdin = std::io::stdin();
    c6solve::gtp::run(&mut engine, stdin.lock(), std::io::stdout().lock())
        .map_err(|e| Error::Io(format!("GTP input or output failed: {e}")))?;
    Ok(ExitCode::SUCCESS)
}
