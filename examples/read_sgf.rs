//! Reads a game record in SGF (Little Golem or GoGui), prints the position and solves it.
//!
//! `cargo run --release --example read_sgf [FILE.sgf] [m,n,k,p,q]`. Without a file, a short
//! Connect6 opening written inline.

use c6solve::notation::{diagram::write_diagram, sgf};
use c6solve::{Rules, SolveOptions, solve};
use std::time::Duration;

/// Black's first stone in the centre, White's two beside it, Black's two more.
const OPENING: &str = "(;FF[4]GM[1]SZ[19];B[jj];W[kj];W[ki];B[ik];B[jk])";

fn main() -> Result<(), c6solve::Error> {
    let mut args = std::env::args().skip(1);
    let text = match args.next() {
        Some(path) => c6solve::input::read(&path, c6solve::input::Kind::Sgf)?,
        None => OPENING.to_string(),
    };
    let rules = match args.next() {
        Some(r) => Rules::parse(&r)?,
        None => Rules::connect6(),
    };
    let moves = sgf::parse_sgf(&rules, &text)?;
    let pos = sgf::replay_record(rules, &moves)?;
    print!("{}", write_diagram(&pos));
    let opts = SolveOptions {
        time_limit: Some(Duration::from_secs(5)),
        ..SolveOptions::default()
    };
    let report = solve(&pos, &opts)?;
    println!(
        "{} to move: {} ({} nodes)",
        pos.to_move(),
        report.value.name(),
        report.nodes
    );
    Ok(())
}
