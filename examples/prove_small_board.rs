//! Proves the value of an empty small board: 5x5, four in a row, one stone a turn (a draw,
//! in under a second), or the rules given.
//!
//! `cargo run --release --example prove_small_board [m,n,k,p,q]`

use c6solve::{Position, Rules, SolveOptions, solve};

fn main() -> Result<(), c6solve::Error> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "5,5,4,1,1".into());
    let rules = Rules::parse(&text)?;
    let report = solve(&Position::new(rules), &SolveOptions::default())?;
    println!(
        "Connect({rules}): {} for Black, the first player ({} nodes, {:.2} s)",
        report.value.name(),
        report.nodes,
        report.seconds
    );
    Ok(())
}
