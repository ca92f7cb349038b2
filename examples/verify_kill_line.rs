//! Verifies the kill line Black played in Little Golem game lg1813145: after Black's
//! `K3 J4`, is Black's win proven against every defence?
//!
//! `cargo run --release --example verify_kill_line`

use c6solve::input::{self, Source};
use c6solve::verify::{self, Verdict, VerifyOptions};

fn main() -> Result<(), c6solve::Error> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/lg1813145.txt");
    let pos = input::load(None, &Source::Diagram(path.into()))?;
    let line = verify::parse_line(pos.rules(), "K3 J4")?;
    let report = verify::verify(&pos, &line, &VerifyOptions::default())?;
    print!("{}", verify::text(pos.rules(), &report));
    if report.verdict != Verdict::Verified {
        std::process::exit(1);
    }
    Ok(())
}
