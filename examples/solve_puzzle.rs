//! Solves a real Connect6 kill: Little Golem game lg1813145, three turns before Black made
//! six, read from the diagram in `puzzles/`.
//!
//! `cargo run --release --example solve_puzzle [DIAGRAM]`

use c6solve::input::{self, Source};
use c6solve::{Outcome, SolveOptions, solve};
use std::time::Duration;

fn main() -> Result<(), c6solve::Error> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/lg1813145.txt").into());
    // The diagram names its rules (19,19,6,2,1); the stone counts give the side to move.
    let pos = input::load(None, &Source::Diagram(path))?;
    let opts = SolveOptions {
        time_limit: Some(Duration::from_secs(60)),
        ..SolveOptions::default()
    };
    let report = solve(&pos, &opts)?;
    let stones: Vec<String> = report.best.iter().map(|p| p.to_string()).collect();
    println!(
        "{} to move: {} ({} nodes, {:.3} s)",
        pos.to_move(),
        report.value.name(),
        report.nodes,
        report.seconds
    );
    if report.value == Outcome::Win {
        println!("winning stones: {}", stones.join(" "));
    }
    Ok(())
}
