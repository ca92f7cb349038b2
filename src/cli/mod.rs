//! The `c6solve` command line: [`Cli`] and its [`Command`]s, one module per command, each
//! declaring its options and calling the library; [`args`] holds the option groups and value
//! parsers they share.

mod args;
mod bench;
mod check;
mod gtp;
mod harvest;
mod parts;
mod puzzles;
mod report;
mod show;
mod solve;
mod solve_parts;
mod status;
mod table;
mod verify;

use c6solve::Error;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bench::BenchArgs;
use check::CheckArgs;
use gtp::GtpArgs;
use harvest::HarvestArgs;
use puzzles::PuzzlesArgs;
use show::ShowArgs;
use solve::SolveArgs;
use status::StatusArgs;
use table::TableArgs;
use verify::VerifyArgs;

/// Proves wins, losses and draws in Connect6 and the Connect(m,n,k,p,q) family.
#[derive(Parser)]
#[command(name = "c6solve", version, about)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Subcommand)]
pub enum Command {
    /// Prove the value of a position for the side to move.
    Solve(SolveArgs),
    /// Time the speed-target positions on one thread and write a Markdown table.
    ///
    /// Solves the empty boards 5,5,4,1,1, 6,5,4,1,1, 8,4,4,1,1 and 9,4,4,1,1 and the
    /// built-in Connect6 puzzle one after another, writes the table with the machine and
    /// commit to --out and prints it. Exits 1 if the solver proves a wrong value.
    ///
    /// With --threads-report it measures threads, table and checkpoints instead (speedup of
    /// 2 threads over 1, bytes per entry, checkpoint cost per GiB, resume against scratch)
    /// and writes results/threads.md.
    Bench(BenchArgs),
    /// Run a puzzle suite and print a table (id, expected, got, nodes, seconds).
    ///
    /// PATH is a suite file or a directory of *.puzzles files (format in puzzles/README.md).
    /// Exits 1 if the solver proves a value other than a puzzle's expected one; a timeout is
    /// listed but fails the run only with --strict. With --report FILE the suite runs twice,
    /// zones on and off, and the figures are written to FILE as Markdown.
    Puzzles(PuzzlesArgs),
    /// Harvest Connect6 puzzles from real games into a suite file.
    ///
    /// Cuts games that end in a six some turns before the end, solves each position and
    /// keeps what the solver proves. The selection is deterministic (see --plan).
    Harvest(HarvestArgs),
    /// Check a proof certificate written by `solve --proof`.
    ///
    /// The checker shares no code with the search: it replays the proof from the root and
    /// re-derives every win, threat and covered reply itself. Prints `valid: ...` with the
    /// claims and the proof's size (exit 0), or `invalid: ...` naming the first node that
    /// fails and why (exit 1). A file that cannot be read or is not a certificate (wrong
    /// magic or version, truncated, trailing bytes) and bad options: one line, exit 2.
    /// With --rules or a position the certificate must also be for that position (--rules
    /// alone: the empty board; a position alone: Connect6).
    Check(CheckArgs),
    /// Verify a claimed kill line: is the attacker's win proved after each of its turns?
    ///
    /// The line's first turn is the side to move's (the attacker's); turns alternate and are
    /// separated by commas. After each attacker turn df-pn must prove the win against every
    /// defence within the limits (each turn's proof gets --time-limit and --nodes). Prints
    /// `verified`, `refuted` (the attacker provably has no win after some turn; the holding
    /// defence is shown) or `unproven` (the first turn not proved, and the defence that
    /// resisted). Exit 0 for verified, 1 otherwise, 2 for bad input.
    /// With --games, verifies the last turns of real games that end in six and writes a
    /// Markdown report (--out); the verdicts are its figures, so it exits 0 once the report
    /// is written, whatever they are.
    Verify(VerifyArgs),
    /// Draw a position, optionally after a line or a proof's main line, in the terminal and
    /// as SVG.
    ///
    /// Stones are numbered in play order (the position's moves, then the line); set-up stones
    /// of a diagram carry no number. In the terminal `X12` is Black's 12th stone of the game,
    /// `O13` White's, `.` an empty point, `+` an empty point of the zone.
    Show(ShowArgs),
    /// Show how far a stopped solve got: the checkpoint beside a table file.
    ///
    /// FILE is a table file (`--tt`, or a row's file under `table --tt-dir`) or its `.ckpt`.
    /// Prints the rules, the root position, which run the solve is in and its nodes, time,
    /// sessions and checkpoints so far, then what the table file holds for the root and for
    /// each first stone up to symmetry: proof and disproof numbers, how many are won,
    /// refuted and open (exit 0; the table file is read in place, so this is safe while the
    /// solve runs). Exit 1 when there is no checkpoint (no solve
    /// stopped there: a finished solve removes it); a damaged file, a directory or a path
    /// with neither a table file nor a checkpoint: one line, exit 2. With --rules, the row's
    /// ledger of parts instead (a --by-parts directory or postgresql:// URL): parts done,
    /// running, open and split, and the value so far (exit 0 when settled, 1 while open).
    Status(StatusArgs),
    /// Solve the empty boards of a range of rule sets into a table of proven values.
    ///
    /// Writes results/small-boards.json (a list of rows) and results/small-boards.md after
    /// every row. Rows already proven in the JSON file are kept and skipped, so running the
    /// same command again continues where it stopped; a row that ran out of time is recorded
    /// as unknown and retried only with a larger --time-limit. Exits 1 if the table holds a
    /// contradiction (a proven value against the literature, or a loss with q = p).
    Table(TableArgs),
    /// Run as a GTP (Go Text Protocol version 2) engine on stdin and stdout, for GoGui.
    ///
    /// One stone per `play` or `genmove` (a Connect6 turn is two calls); GoGui's rules
    /// extension (`gogui-rules_*`) tells GoGui the board, the legal points and whose turn it
    /// is. Solver commands: `c6solve-solve [COLOR] [SECONDS]`, `c6solve-zone`, `c6solve-pv`,
    /// `c6solve-verify [LINE]`, in GoGui's Analyze menu. Errors are GTP `?` responses; the
    /// process ends with exit 0 at `quit` or the end of its input.
    Gtp(GtpArgs),
}

impl Command {
    /// Runs the command: its exit code, or the error to report (exit 2).
    pub fn run(self) -> Result<ExitCode, Error> {
        match self {
            Command::Solve(args) => solve::run(args),
            Command::Bench(args) => bench::run(args),
            Command::Puzzles(args) => puzzles::run(args),
            Command::Harvest(args) => harvest::run(args),
            Command::Check(args) => check::run(args),
            Command::Verify(args) => verify::run(args),
            Command::Show(args) => show::run(args),
            Command::Table(args) => table::run(args),
            Command::Status(args) => status::run(args),
            Command::Gtp(args) => gtp::run(args),
        }
    }
}

/// Clap's error as one line. A value its parser refused reads `bad option: --option 'value':
/// what was expected`, as the library's own option errors do; any other error is clap's
/// message before the usage block, its lines joined.
pub fn error_line(e: &clap::Error) -> String {
    if e.kind() == ErrorKind::ValueValidation
        && let (Some(ContextValue::String(arg)), Some(ContextValue::String(value)), Some(why)) = (
            e.get(ContextKind::InvalidArg),
            e.get(ContextKind::InvalidValue),
            std::error::Error::source(e),
        )
    {
        // The argument reads "--option <NAME>": keep the option.
        let option = arg.split_whitespace().next().unwrap_or(arg);
        let why = one_line(&why.to_string());
        return Error::Option(format!("{option} '{value}': {why}")).to_string();
    }
    one_line(&e.to_string())
}

/// Clap's message as one line: its text before the usage block, lines joined.
fn one_line(text: &str) -> String {
    let msg: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let msg = msg.join(" ");
    let msg = msg.trim_start_matches("error: ");
    if msg.is_empty() {
        "bad arguments (try --help)".to_string()
    } else {
        msg.to_string()
    }
}

/// This run's command line as the records write it (`c6solve table ...`), so that it can be
/// run again.
fn command_line() -> String {
    std::iter::once("c6solve".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A flag set by Ctrl-C, SIGTERM or SIGHUP: the search then stops, writes a last checkpoint
/// and says how to resume. A second signal ends the process at once (exit 130); the last
/// checkpoint written is still good.
fn interrupt_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let seen = flag.clone();
    // Without a handler (one already set) the default action applies: the process ends and
    // a later run resumes from the last periodic checkpoint.
    let _ = ctrlc::set_handler(move || {
        if seen.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    flag
}

/// Writes `text` to `path` atomically, naming the file in the error.
fn write_file(path: &str, text: impl AsRef<[u8]>) -> Result<(), Error> {
    c6solve::files::atomic::write(std::path::Path::new(path), text)
}

/// The exit code of a run whose answers are all right (0) or not (1).
fn exit_code(all_right: bool) -> ExitCode {
    if all_right {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    /// A refused number is one line naming the option and the value, as before clap checked
    /// numbers; clap's other errors are its message without the usage block.
    #[test]
    fn errors_are_one_line() {
        let line = |args: &[&str]| error_line(&Cli::try_parse_from(args).err().unwrap());
        assert_eq!(
            line(&["c6solve", "solve", "--nodes", "0"]),
            "bad option: --nodes '0': expected a whole number above 0"
        );
        assert_eq!(
            line(&["c6solve", "puzzles", "--time-limit", "-1"]),
            "bad option: --time-limit '-1': expected seconds above 0 and below 1e9"
        );
        let unknown = line(&["c6solve", "solve", "--frobnicate"]);
        assert!(
            unknown.starts_with("unexpected argument '--frobnicate'") && !unknown.contains('\n'),
            "{unknown}"
        );
    }
}
