//! `c6solve check`: check a proof certificate with the independent checker.

use super::args::PositionArgs;
use c6solve::input::{self, Source};
use c6solve::proof::{cert, check};
use c6solve::{Error, Rules};
use clap::Args;
use std::process::ExitCode;

/// Options of `check`.
#[derive(Args)]
pub struct CheckArgs {
    /// The certificate file.
    #[arg(value_name = "FILE")]
    file: String,
    /// The rules the certificate must be for.
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    /// The root position the certificate must be for (under --rules, else Connect6).
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `check`: 0 for a valid certificate, 1 for an invalid one.
pub fn run(args: CheckArgs) -> Result<ExitCode, Error> {
    let rules = args.rules.as_deref().map(Rules::parse).transpose()?;
    let expected = match args.position.source(rules.is_some()) {
        // Neither rules nor a position: the certificate's own root is accepted as is.
        Source::Default => None,
        source => Some(input::load(rules, &source)?),
    };
    let cert = c6solve::proof::read_file(&args.file)?;
    let size = std::fs::metadata(&args.file)
        .map_err(|e| Error::Io(format!("cannot read {}: {e}", args.file)))?
        .len();
    if let Some(pos) = expected
        && cert::header(&pos) != cert.head
    {
        println!("invalid: the certificate is not for the given rules and position");
        return Ok(ExitCode::FAILURE);
    }
    let start = std::time::Instant::now();
    match check::check_packed(&cert) {
        Ok(summary) => {
            println!(
                "valid: {}: {}; {} nodes, {size} bytes; checked in {:.4} s",
                summary.root,
                summary.claims.join("; "),
                summary.nodes,
                start.elapsed().as_secs_f64()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(why) => {
            println!("invalid: {why}");
            Ok(ExitCode::FAILURE)
        }
    }
}
