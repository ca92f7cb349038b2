//! The `c6solve` command line: parses arguments, calls the library, prints results. The
//! commands live in [`cli`], one module each.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    // A panic is a bug, but even then the user gets one line, not a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        if msg.starts_with("failed printing to stdout") && msg.contains("Broken pipe") {
            // The reader went away (`c6solve ... | head`): not a bug. End quietly with the
            // status a shell gives a process that SIGPIPE ended (128 + 13).
            std::process::exit(141);
        }
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!("c6solve: internal error{at}: {}", msg.replace('\n', " "));
    }));
    cli::run()
}
