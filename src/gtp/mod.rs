//! A GTP (Go Text Protocol, version 2) engine, so that GoGui and other GTP controllers can
//! play Connect6 and the rest of the family with c6solve and ask it for proofs.
//!
//! - [`protocol`]: reading command lines and framing responses;
//! - [`engine`]: the game, the settings and the standard commands ([`Engine`]);
//! - `dispatch`: which command runs what ([`Engine::execute`]);
//! - `memory`: what the engine remembers of its searches in the current game;
//! - [`rules_ext`]: GoGui's rules extension (`gogui-rules_*`), through which GoGui learns
//!   the board, the legal points and whose turn it is (the same side plays twice a turn);
//! - [`solver`]: `genmove` and the solver commands (`c6solve-solve`, `-zone`, `-pv`,
//!   `-verify`) with GoGui's analyze menu;
//! - [`clock`]: how long a search may take under `time_settings`.
//!
//! One stone per `play` or `genmove`: a Connect6 turn of two stones is two calls.
//!
//! ```
//! use c6solve::gtp::{Engine, EngineOptions};
//! use c6solve::Rules;
//!
//! let mut engine = Engine::new(Rules::tictactoe(), EngineOptions::default());
//! let mut out = Vec::new();
//! let input = "1 play b B2\n2 gogui-rules_side_to_move\n3 play b A1\nquit\n";
//! c6solve::gtp::run(&mut engine, input.as_bytes(), &mut out)?;
//! let out = String::from_utf8(out).unwrap();
//! assert!(out.starts_with("=1\n\n=2 white\n\n?3 illegal move: it is White's turn"));
//! # Ok::<(), std::io::Error>(())
//! ```

pub mod clock;
mod dispatch;
pub mod engine;
mod memory;
pub mod protocol;
pub mod rules_ext;
pub mod solver;

pub use dispatch::COMMANDS;
pub use engine::{Answer, Engine, EngineOptions};
pub use protocol::{Command, frame, parse_line};

use std::io::{BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Runs `engine` over the commands on `input`, writing each response to `output` (flushed
/// after each), until `quit` or the end of the input. Fails only when reading or writing
/// fails; a command that fails, or even panics inside, gets a `?` response.
pub fn run(
    engine: &mut Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut raw = Vec::new();
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&raw);
        let Some(cmd) = parse_line(&line) else {
            continue;
        };
        let answer = match catch_unwind(AssertUnwindSafe(|| engine.execute(&cmd))) {
            Ok(a) => a,
            Err(_) => Err("internal error (reported on stderr)".into()),
        };
        output.write_all(frame(cmd.id, &answer).as_bytes())?;
        output.flush()?;
        if engine.has_quit() {
            return Ok(());
        }
    }
}
