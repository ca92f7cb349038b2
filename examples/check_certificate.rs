//! Proves a board, writes the proof as a certificate file, reads it back and checks it with
//! the independent checker (which shares no code with the search).
//!
//! `cargo run --release --example check_certificate [m,n,k,p,q]` (default 4,4,3,1,1).

use c6solve::proof::{self, cert, check};
use c6solve::search::{memory_table, solve_then};
use c6solve::{Error, Position, Rules, SolveOptions};

fn main() -> Result<(), Error> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "4,4,3,1,1".into());
    let pos = Position::new(Rules::parse(&text)?);
    let opts = SolveOptions::default();
    let (report, written) =
        solve_then(&pos, &opts, memory_table(opts.tt_mib)?, |pos, r, table| {
            cert::certify(table, pos, r, Some(1_000_000))
        })?;
    let certificate = written.map_err(|why| Error::Io(format!("no certificate: {why}")))?;
    let path = std::env::temp_dir().join("c6solve-example.c6proof");
    let path = path.to_string_lossy();
    let info = proof::write_file(&path, &certificate)?;
    println!("{}: {} bytes, sha256 {}", path, info.bytes, info.sha256);
    let read_back = proof::read_file(&path)?;
    match check::check_packed(&read_back) {
        Ok(summary) => println!(
            "valid: {} ({}): {} nodes",
            summary.claims.join("; "),
            report.value.name(),
            summary.nodes
        ),
        Err(why) => {
            println!("invalid: {why}");
            std::process::exit(1);
        }
    }
    Ok(())
}
