//! The `c6solve` command line: parses arguments, calls the library, prints results. The
//! commands live in [`cli`], one module each.

mod cli;

use clap::Parser;
use clap::error::ErrorKind;
use std::process::ExitCode;

/// Runs the command line: the command's exit code; bad input (clap's errors too) is one line
/// on stderr and exit 2; `--help` and `--version` print and exit 0.
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
        if let Some(why) = msg.strip_prefix("failed printing to stdout: ") {
            // A full disk or a closed file under stdout: the environment, not a bug.
            eprintln!("c6solve: cannot write to standard output: {why}");
            std::process::exit(2);
        }
        let at = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!("c6solve: internal error{at}: {}", msg.replace('\n', " "));
    }));
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            print!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // clap's message here is the whole help, whose first line is the about text.
            eprintln!("c6solve: missing command: try 'c6solve solve' or 'c6solve --help'");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("c6solve: {}", cli::error_line(&e));
            return ExitCode::from(2);
        }
    };
    match cli.command.run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("c6solve: {e}");
            ExitCode::from(2)
        }
    }
}
