//! The `c6solve` command line: parses arguments, calls the library, prints results.

use c6solve::bench::{self, BenchOptions};
use c6solve::bench_threads::{self, ThreadsOptions};
use c6solve::boards::{self, BoardsOptions};
use c6solve::input::{self, Source};
use c6solve::notation::format_point;
use c6solve::proof::{cert, check};
use c6solve::render::board_text;
use c6solve::search::{
    Goal, Outcome, SolveOptions, SolveReport, checkpoint, open_table, solve_then,
};
use c6solve::show;
use c6solve::verify::{self, GamesOptions, Verdict, VerifyOptions};
use c6solve::{Error, Position, Rules};
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Proves wins, losses and draws in Connect6 and the Connect(m,n,k,p,q) family.
#[derive(Parser)]
#[command(name = "c6solve", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
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
    /// with neither a table file nor a checkpoint: one line, exit 2.
    Status(StatusArgs),
    /// Solve the empty boards of a range of rule sets into a table of proven values.
    ///
    /// Writes results/small-boards.json (a list of rows) and results/small-boards.md after
    /// every row. Rows already proven in the JSON file are kept and skipped, so running the
    /// same command again continues where it stopped; a row that ran out of time is recorded
    /// as unknown and retried only with a larger --time-limit. Exits 1 if the table holds a
    /// contradiction (a proven value against the literature, or a loss with q = p).
    Table(TableArgs),
}

/// Options of `show`.
#[derive(Args)]
struct ShowArgs {
    /// Rules m,n,k,p,q or a preset [default: connect6].
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    #[command(flatten)]
    position: PositionArgs,
    /// Stones to play after the position: turns separated by commas, as for `verify`.
    #[arg(long, value_name = "TURNS", conflicts_with = "proof")]
    line: Option<String>,
    /// A certificate from `solve --proof`: show its root position and main line (the prover's
    /// moves and, at the other side's nodes, the reply with the longest proof below it).
    /// Without a position, the certificate's root is used.
    #[arg(long, value_name = "FILE")]
    proof: Option<String>,
    /// Shade the proof's zone: every point a stone of the proof is played on (needs --proof).
    #[arg(long, requires = "proof")]
    zone: bool,
    /// Also write the picture as an SVG image to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
}

/// Options of `verify`.
#[derive(Args)]
struct VerifyArgs {
    /// Rules m,n,k,p,q or a preset [default: connect6].
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    #[command(flatten)]
    position: PositionArgs,
    /// The line: turns separated by commas, the side to move's first ("L11 M12, N10 N11").
    #[arg(long, value_name = "TURNS", required_unless_present = "games")]
    line: Option<String>,
    /// Give up on an attacker turn's proof (unproven) after this many seconds.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    time_limit: Option<String>,
    /// Give up on an attacker turn's proof (unproven) after this many nodes.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    nodes: Option<String>,
    /// Transposition table size in MiB (one table for the whole line).
    #[arg(
        long,
        value_name = "MIB",
        default_value = "256",
        allow_negative_numbers = true
    )]
    tt_size: String,
    /// Print one JSON object: verdict, attacker, turn, defence, turns, nodes, seconds.
    #[arg(long)]
    json: bool,
    /// Verify real games instead: a JSON-lines file as in ../shared/data (Connect6 only).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["line", "moves", "sgf", "position", "rules"])]
    games: Option<String>,
    /// With --games: start each line this many of the winner's turns before its six (a range
    /// "2..4" cycles through 2, 3, 4).
    #[arg(long, value_name = "A..B", default_value = "2..4", requires = "games")]
    turns_back: String,
    /// With --games: how many lines to verify.
    #[arg(long, value_name = "N", default_value = "200", requires = "games")]
    limit: String,
    /// With --games: where to write the Markdown report.
    #[arg(
        long,
        value_name = "FILE",
        default_value = "results/kill-lines.md",
        requires = "games"
    )]
    out: String,
}

/// Options of `check`.
#[derive(Args)]
struct CheckArgs {
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

/// Options of `status`.
#[derive(Args)]
struct StatusArgs {
    /// A table file or its checkpoint (FILE.ckpt).
    #[arg(value_name = "FILE")]
    file: String,
    /// Print one JSON object (the same fields, numbers as numbers).
    #[arg(long)]
    json: bool,
    /// Show the position after these stones from the solve's root instead (e.g. "C1", or
    /// "C1 D2" for a reply too): its numbers and those after each next stone. For looking
    /// inside a first stone that stays open for hours.
    #[arg(long, value_name = "MOVES")]
    after: Option<String>,
}

/// Options of `puzzles` (the logic lives in `c6solve::puzzles`).
#[derive(Args)]
struct PuzzlesArgs {
    /// A suite file or a directory of *.puzzles files.
    #[arg(default_value = "puzzles")]
    path: String,
    /// Give up on a puzzle (answer unknown, a timeout) after this many seconds.
    #[arg(
        long,
        value_name = "SECS",
        default_value = "20",
        allow_negative_numbers = true
    )]
    time_limit: String,
    /// Give up on a puzzle (a timeout) after this many nodes.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    nodes: Option<String>,
    /// Transposition table size in MiB (a fresh table for every puzzle).
    #[arg(
        long,
        value_name = "MIB",
        default_value = "64",
        allow_negative_numbers = true
    )]
    tt_size: String,
    /// Run only the puzzles carrying this tag (e.g. fast, small, connect6).
    #[arg(long, value_name = "TAG")]
    tag: Option<String>,
    /// Relevance zones on (the solver's default decides when neither switch is given).
    #[arg(long, overrides_with = "no_zones")]
    zones: bool,
    /// Relevance zones off.
    #[arg(long, overrides_with = "zones")]
    no_zones: bool,
    /// Timeouts fail the run too (exit 1).
    #[arg(long)]
    strict: bool,
    /// Print one JSON object instead of the table.
    #[arg(long, conflicts_with = "report")]
    json: bool,
    /// Run the suite with zones on and then off and write the figures (Markdown) here.
    #[arg(long, value_name = "FILE")]
    report: Option<String>,
}

/// Options of `harvest` (the logic lives in `c6solve::puzzles::harvest`).
#[derive(Args)]
struct HarvestArgs {
    /// The games, one JSON object a line (see ../shared/data/README.md).
    #[arg(
        long,
        value_name = "FILE",
        default_value = "../shared/data/connect6-games.jsonl"
    )]
    games: String,
    /// The suite file to write (ends in .puzzles).
    #[arg(long, value_name = "FILE", default_value = "puzzles/connect6.puzzles")]
    out: String,
    /// What to harvest: entries KIND DEPTH=WANT/ATTEMPTS, KIND win, loss or nowin.
    #[arg(long, value_name = "PLAN", default_value = c6solve::puzzles::harvest::DEFAULT_PLAN)]
    plan: String,
    /// Node limit per solve: a solve that runs out is a timeout. Unlike a time limit it gives
    /// the same harvest on a busy machine.
    #[arg(
        long,
        value_name = "N",
        default_value = "60000",
        allow_negative_numbers = true
    )]
    nodes: String,
    /// Time limit per solve, seconds (a safety cap).
    #[arg(
        long,
        value_name = "SECS",
        default_value = "120",
        allow_negative_numbers = true
    )]
    time_limit: String,
    /// Transposition table size in MiB per solve.
    #[arg(
        long,
        value_name = "MIB",
        default_value = "64",
        allow_negative_numbers = true
    )]
    tt_size: String,
    /// Tag puzzles proven within this many nodes `fast` (they run in `cargo test`).
    #[arg(long, value_name = "N", default_value = "3000")]
    fast_nodes: String,
    /// Relevance zones on in the solves.
    #[arg(long, overrides_with = "no_zones")]
    zones: bool,
    /// Relevance zones off in the solves.
    #[arg(long, overrides_with = "zones")]
    no_zones: bool,
}

/// Where the position comes from (at most one of these).
#[derive(Args)]
#[group(multiple = false)]
struct PositionArgs {
    /// Stones in play order, Go-style points ("K10 L11 L9") or x,y.
    #[arg(long, value_name = "POINTS")]
    moves: Option<String>,
    /// An SGF file: Little Golem's dialect or one stone a node (GoGui).
    #[arg(long, value_name = "FILE")]
    sgf: Option<String>,
    /// An ASCII diagram file (format in the README).
    #[arg(long, value_name = "FILE")]
    position: Option<String>,
}

/// The numeric options allow negative numbers so that `--time-limit -1` reaches their own
/// validation (a message naming the option) instead of clap's "unexpected argument '-1'".
#[derive(Args)]
struct SolveArgs {
    /// Rules m,n,k,p,q or connect6, gomoku, tictactoe [default: connect6]. With no position
    /// and no rules, the built-in default puzzle is solved.
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    #[command(flatten)]
    position: PositionArgs,
    /// value: win, loss or draw; win: only whether the side to move can force a win; hold:
    /// only whether the opponent can force a win (no-loss or loss), one run, e.g. to refute
    /// one first stone of a board expected to be a draw.
    #[arg(long, value_enum, default_value = "value")]
    goal: GoalArg,
    /// Give up (answer unknown) after this many seconds.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    time_limit: Option<String>,
    /// Give up (answer unknown) after this many nodes.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    nodes: Option<String>,
    /// Transposition table size in MiB [default: 256, or with an existing --tt file its
    /// size]. A larger size than the file's grows the file, keeping its entries.
    #[arg(long, value_name = "MIB", allow_negative_numbers = true)]
    tt_size: Option<String>,
    /// Keep the table in this file (read into memory, written back at checkpoints); a later
    /// solve under the same rules
    /// reuses what it holds. The file is refused if it is for other rules, another version
    /// or size, truncated or damaged.
    #[arg(long, value_name = "FILE")]
    tt: Option<String>,
    /// Rebuild the --tt file from scratch instead of reusing it (its checkpoint goes too).
    #[arg(long, requires = "tt")]
    tt_reset: bool,
    /// Search threads over the one table [default: one per core].
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    threads: Option<String>,
    /// With --tt: bring the workers to a halt every SECS seconds, write the table back and
    /// save the run's state to FILE.ckpt [default: 300]. Running the same command again
    /// continues from the last checkpoint.
    #[arg(
        long,
        value_name = "SECS",
        requires = "tt",
        allow_negative_numbers = true
    )]
    checkpoint_every: Option<String>,
    /// Fail unless the --tt file has a checkpoint of this same solve to continue (without
    /// --resume a matching checkpoint is continued anyway).
    #[arg(long, requires = "tt")]
    resume: bool,
    /// Print one JSON object instead of the board and text.
    #[arg(long)]
    json: bool,
    /// No progress line on stderr (it is shown only on a terminal, never with --json).
    #[arg(long)]
    quiet: bool,
    /// Search every defender move: turn relevance-zone pruning off (for measurement and
    /// cross-checks; values never change).
    #[arg(long)]
    no_zones: bool,
    /// With the side to move's turn at the root, solve the positions after its next two
    /// stones (after its stone, when one is left) one at a time, each to the end, instead of
    /// spreading the search over all of them: for positions expected to be refuted, where
    /// each must be anyway (values never change).
    #[arg(long)]
    split_turns: bool,
    /// Write a certificate of the result to FILE (check it with `c6solve check FILE`):
    /// a win or loss always; a draw or no-win when its disproof fits --proof-max-nodes,
    /// else no file and a one-line notice on stderr; unknown: no file and a notice.
    /// The exit status does not change. The writer searches again every move the solve's
    /// relevance zones left out (certificates carry no zone claims).
    #[arg(long, value_name = "FILE")]
    proof: Option<String>,
    /// Write the proven strategy as one-stone-per-node SGF (GoGui opens it): the position's
    /// moves, then the winner's moves with every answer it must meet as a variation (for a
    /// draw or no-win, the defender's holding strategy). See --sgf-max-nodes for its size.
    /// Same conditions as --proof.
    #[arg(long, value_name = "FILE")]
    sgf_out: Option<String>,
    /// Size limit of --sgf-out: the reply lists met before N stones are written are written
    /// in full, every reply a variation; past N each line goes on along its first reply only,
    /// with a comment (so a file can hold more than N stones).
    #[arg(long, value_name = "N", default_value = "20000", requires = "sgf_out")]
    sgf_max_nodes: String,
    /// Largest disproof (draw, no-win) written by --proof, in nodes per claim.
    #[arg(
        long,
        value_name = "N",
        default_value = "1000000",
        allow_negative_numbers = true
    )]
    proof_max_nodes: String,
}

/// Options of `bench` (the logic lives in `c6solve::bench` and `c6solve::bench_threads`).
#[derive(Args)]
struct BenchArgs {
    /// Where to write the Markdown table [default: results/bench.md, or results/threads.md
    /// with --threads-report].
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Measure threads, table and checkpoints (results/threads.md) instead of the speed
    /// targets.
    #[arg(long, conflicts_with_all = ["only", "repeat"])]
    threads_report: bool,
    /// Transposition table size in MiB (a fresh table for every solve).
    #[arg(long, value_name = "MIB", default_value = "1024")]
    tt_size: String,
    /// Give up on a position (answer unknown) after this many seconds.
    #[arg(long, value_name = "SECS", default_value = "600")]
    time_limit: String,
    /// Run only the row of these rules (e.g. 6,5,4,1,1), or "default" for the puzzle.
    #[arg(long, value_name = "RULES")]
    only: Option<String>,
    /// Solve each position N times and report the median time.
    #[arg(long, value_name = "N")]
    repeat: Option<String>,
}

/// Options of `table` (the logic lives in `c6solve::boards`).
#[derive(Args)]
struct TableArgs {
    /// Boards AxB..CxD (A to C columns, B to D rows; each board once, columns >= rows) or
    /// one board MxN. Needs --k.
    #[arg(long, value_name = "BOARDS")]
    boards: Option<String>,
    /// Line lengths for --boards: K or K1..K2.
    #[arg(long, value_name = "K")]
    k: Option<String>,
    /// Stones a turn for --boards: P or P1..P2.
    #[arg(long, value_name = "P", default_value = "1")]
    p: String,
    /// Stones on Black's first turn for --boards: Q or Q1..Q2.
    #[arg(long, value_name = "Q", default_value = "1")]
    q: String,
    /// One rule set m,n,k,p,q (repeat the option for more).
    #[arg(long = "rules", value_name = "RULES")]
    rules: Vec<String>,
    /// Add the literature rows of issue 6 (tic-tac-toe, 4-in-a-row on 4xn for n = 4..9,
    /// 5,5,4, 6,5,4, 6,6,5, 7,7,5 and 8,8,5, all with p = q = 1).
    #[arg(long)]
    literature: bool,
    /// Give up on a row (record it as unknown) after this many seconds.
    #[arg(
        long,
        value_name = "SECS",
        default_value = "120",
        allow_negative_numbers = true
    )]
    time_limit: String,
    /// Transposition table size in MiB (a fresh table per row).
    #[arg(
        long,
        value_name = "MIB",
        default_value = "1024",
        allow_negative_numbers = true
    )]
    tt_size: String,
    /// Keep each row's table in DIR/m_n_k_p_q.tt (one --tt-size file per row), checkpointed
    /// beside it: a row stopped by Ctrl-C, a kill or its time limit continues where it was
    /// when the same command runs again.
    #[arg(long, value_name = "DIR")]
    tt_dir: Option<String>,
    /// Checkpoint a row solved over --tt-dir every SECS seconds.
    #[arg(long, value_name = "SECS", requires = "tt_dir")]
    checkpoint_every: Option<String>,
    /// Search threads per row (default: one per core).
    #[arg(long, value_name = "N")]
    threads: Option<String>,
    /// Write each proven row's certificate to DIR/m_n_k_p_q.c6proof, after the independent
    /// checker accepted it. A proven row is kept only with its certificate: the file, when
    /// it is here, must still have its SHA-256 and be accepted by the checker (one that is not
    /// is struck and the row solved again); rows without one are solved again to write it.
    /// A row whose file is missing (large ones are not kept in the repository) is kept.
    #[arg(long, value_name = "DIR", default_value = "results/certificates")]
    certificates: String,
    /// Write no certificates (and keep proven rows that have none).
    #[arg(long, conflicts_with = "certificates")]
    no_certificates: bool,
    /// Solve Black's first turn one position after two stones at a time (after one stone
    /// when q = 1), as `solve --split-turns`: for rows expected to be draws.
    #[arg(long)]
    split_turns: bool,
    /// Solve each row part by part: after each of Black's first turns up to symmetry (and,
    /// when q != p, at the root for Black) one `solve --goal hold` of its own, each recorded in
    /// DIR/m_n_k_p_q.json the moment it is proven, so a run stopped anywhere keeps every part
    /// it finished; the row is composed once the parts are in. With --tt-dir each part keeps
    /// its table in TT-DIR/m_n_k_p_q/MOVES.tt and resumes from its checkpoint, until the part's
    /// certificate is recorded (then the table file goes). --time-limit is the run's time for
    /// the row. With certificates on, the row's certificate joins the parts'.
    #[arg(long, value_name = "DIR", conflicts_with = "split_turns")]
    by_parts: Option<String>,
    /// With --by-parts: how many parts to solve at once, each with --threads threads.
    #[arg(long, value_name = "N", default_value = "1", requires = "by_parts")]
    part_workers: String,
    /// With --by-parts: before a first turn is solved whole, try on it the N answers of White
    /// recorded most often in the ledger, each as a part below it with Black to move and at
    /// most --reply-trial-nodes nodes; one that refutes Black settles the first turn. Pays
    /// where White's answer is what the search spends its time finding (8,8,6,2,2).
    #[arg(long, value_name = "N", default_value = "0", requires = "by_parts")]
    reply_trials: String,
    /// Node budget of each reply trial.
    #[arg(
        long,
        value_name = "N",
        default_value = "4000000",
        requires = "by_parts"
    )]
    reply_trial_nodes: String,
    /// With --by-parts: also solve the position after these moves as a part (repeat for
    /// more): Black cannot win there (--goal hold with White to move, win with Black). To
    /// split a first turn too large for one solve: a White reply after it ("D1 F6"), or
    /// every Black answer after that. A first turn with parts below it is settled by them.
    #[arg(long = "part", value_name = "MOVES", requires = "by_parts")]
    parts_at: Vec<String>,
    /// Largest disproof (no-win claim) written into a certificate, in nodes per claim; a row
    /// with a larger one is recorded without a certificate, saying so.
    #[arg(long, value_name = "N", default_value = "4000000")]
    proof_max_nodes: String,
    /// The JSON table.
    #[arg(long, value_name = "FILE", default_value = "results/small-boards.json")]
    json: String,
    /// The Markdown table.
    #[arg(long, value_name = "FILE", default_value = "results/small-boards.md")]
    md: String,
    /// Print the rule sets in the order they would be solved, and solve nothing.
    #[arg(long)]
    list: bool,
    /// Merge the rows of another table file (e.g. from a run in parallel with its own
    /// --json) before solving: rows missing or unknown here are taken from it, and so is
    /// a proven row's certificate where the row here has none (same value only). A proven
    /// row whose certificate is missing or is not accepted by the checker is not taken.
    #[arg(long, value_name = "FILE")]
    merge: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum GoalArg {
    Value,
    Win,
    Hold,
}

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
    let cli = match Cli::try_parse() {
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
            eprintln!("c6solve: {}", one_line(&e.to_string()));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Solve(args) => run_solve(args),
        Command::Bench(args) => run_bench(args),
        Command::Puzzles(args) => run_puzzles(args),
        Command::Harvest(args) => run_harvest(args),
        Command::Check(args) => run_check(args),
        Command::Verify(args) => run_verify(args),
        Command::Show(args) => run_show(args),
        Command::Table(args) => run_table(args),
        Command::Status(args) => run_status(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("c6solve: {e}");
            ExitCode::from(2)
        }
    }
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

fn run_solve(args: SolveArgs) -> Result<ExitCode, Error> {
    let rules = args.rules.as_deref().map(Rules::parse).transpose()?;
    let source = source_of(&args.position, rules.is_some());
    let proof_max = parse_count("--proof-max-nodes", &args.proof_max_nodes)?;
    let sgf_max = parse_count("--sgf-max-nodes", &args.sgf_max_nodes)?;
    let want_proof = args.proof.is_some() || args.sgf_out.is_some();
    let opts = SolveOptions {
        goal: match args.goal {
            GoalArg::Value => Goal::Value,
            GoalArg::Win => Goal::Win,
            GoalArg::Hold => Goal::Hold,
        },
        max_nodes: args.nodes.as_deref().map(parse_nodes).transpose()?,
        time_limit: args.time_limit.as_deref().map(parse_seconds).transpose()?,
        tt_mib: solve_tt_mib(args.tt_size.as_deref(), args.tt.as_deref())?,
        // Zones stay on with --proof: the certificate writer searches again the moves they
        // left out, and over the positions of results/proof-zones.md a zone solve took a
        // median 0.83 of a zone-free solve's nodes and, writing included, 0.87 of its time.
        zones: !args.no_zones,
        split_turns: args.split_turns,
        tt_file: args.tt.map(std::path::PathBuf::from),
        tt_reset: args.tt_reset,
        threads: args
            .threads
            .as_deref()
            .map(parse_threads)
            .transpose()?
            .unwrap_or(0),
        checkpoint_every: args
            .checkpoint_every
            .as_deref()
            .map(|t| parse_secs("--checkpoint-every", t))
            .transpose()?,
        resume: args.resume,
        // On a terminal a progress line; elsewhere (a log) one line per checkpoint.
        progress: !args.json && !args.quiet,
        interrupt: Some(interrupt_flag()),
    };
    let pos = input::load(rules, &source)?;
    // Refuse a bad checkpoint and open (and so validate) the table before printing anything:
    // bad input prints nothing.
    checkpoint::load_for(&pos, &opts)?;
    let table = open_table(&opts, pos.rules())?;
    if !args.json {
        print_header(&pos, &source);
    }
    // Long proofs say how the writing goes where the search showed its progress line.
    let how = cert::Writing {
        max_disproof_nodes: Some(proof_max),
        deadline: None,
        progress: opts.progress,
    };
    let (report, cert) = solve_then(&pos, &opts, table, move |pos, report, table| {
        let start = std::time::Instant::now();
        want_proof.then(|| {
            cert::certify_with(table, pos, report, &how).map(|c| (c, start.elapsed().as_secs_f64()))
        })
    })?;
    let (cert, extract_s) = match cert {
        Some(Ok((c, s))) => (Some(Ok(c)), s),
        Some(Err(e)) => (Some(Err(e)), 0.0),
        None => (None, 0.0),
    };
    if args.json {
        println!("{}", json_report(&pos, &report));
    } else {
        print_report(&pos, &report);
    }
    if let (Some(path), Some(cert)) = (&args.sgf_out, &cert) {
        match cert {
            Ok(cert) => {
                let cert = cert.unpack().map_err(|e| Error::Io(e.to_string()))?;
                let text = c6solve::proof::sgf::strategy_sgf(&pos, &cert, sgf_max)?;
                std::fs::write(path, text)
                    .map_err(|e| Error::Io(format!("cannot write {path}: {e}")))?;
            }
            Err(why) => eprintln!("c6solve: no SGF written: {why}"),
        }
    }
    if let (Some(path), Some(cert)) = (&args.proof, cert) {
        match cert {
            Ok(cert) => {
                let written = c6solve::proof::write_file(path, &cert)?;
                // JSON output stays one object: the file itself is the answer there.
                if !args.json {
                    println!(
                        "proof: {path} ({} nodes, {} bytes, extracted in {extract_s:.4} s)",
                        cert.node_count(),
                        written.bytes
                    );
                }
            }
            Err(why) => eprintln!("c6solve: no proof written: {why}"),
        }
    }
    if report.interrupted {
        match &report.checkpoint {
            Some(ck) => eprintln!(
                "c6solve: interrupted; state saved in {}. Resume with: {}",
                ck.display(),
                resume_command()
            ),
            None => eprintln!("c6solve: interrupted; without --tt FILE there is nothing to resume"),
        }
        return Ok(ExitCode::from(130));
    }
    if let Some(ck) = &report.checkpoint
        && !args.json
    {
        println!(
            "checkpoint: {} (continue with: {})",
            ck.display(),
            resume_command()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn run_verify(args: VerifyArgs) -> Result<ExitCode, Error> {
    let opts = VerifyOptions {
        max_nodes: args.nodes.as_deref().map(parse_nodes).transpose()?,
        time_limit: args.time_limit.as_deref().map(parse_seconds).transpose()?,
        tt_mib: parse_tt_size(&args.tt_size)?,
    };
    if let Some(file) = args.games {
        let turns_back = parse_range(&args.turns_back)?;
        let limit = parse_count("--limit", &args.limit)?;
        let games = GamesOptions {
            file,
            turns_back,
            limit,
            verify: opts,
        };
        let load = c6solve::bench::load_average(3).unwrap_or_else(|| "unknown".into());
        let mut done = 0;
        let lines = verify::run_games(&games, |g| {
            done += 1;
            eprintln!(
                "[{done}/{limit}] {} back {}: {} (turn {}, {:.2} s)",
                g.id,
                g.back,
                g.report.verdict.name(),
                g.report.turn,
                g.report.seconds
            );
        })?;
        let command: Vec<String> = std::env::args().skip(1).collect();
        let md = verify::games_markdown(
            &games,
            &lines,
            &format!("c6solve {}", command.join(" ")),
            &load,
        );
        std::fs::write(&args.out, &md)
            .map_err(|e| Error::Io(format!("cannot write {}: {e}", args.out)))?;
        print!("{md}");
        return Ok(ExitCode::SUCCESS);
    }
    let rules = args.rules.as_deref().map(Rules::parse).transpose()?;
    let source = source_of(&args.position, rules.is_some());
    let pos = input::load(rules, &source)?;
    let line = verify::parse_line(pos.rules(), args.line.as_deref().unwrap_or_default())?;
    let report = verify::verify(&pos, &line, &opts)?;
    if args.json {
        println!("{}", verify::json(pos.rules(), &report));
    } else {
        print!("{}", verify::text(pos.rules(), &report));
    }
    Ok(if report.verdict == Verdict::Verified {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Parses `A..B` (or a single number) with 1 <= A <= B.
fn parse_range(text: &str) -> Result<(usize, usize), Error> {
    let bad = || {
        Error::Option(format!(
            "--turns-back '{text}': expected A..B with 1 <= A <= B <= 50"
        ))
    };
    let (a, b) = text.split_once("..").unwrap_or((text, text));
    let a: usize = a.trim().parse().map_err(|_| bad())?;
    let b: usize = b.trim().parse().map_err(|_| bad())?;
    if a == 0 || a > b || b > 50 {
        return Err(bad());
    }
    Ok((a, b))
}

fn run_show(args: ShowArgs) -> Result<ExitCode, Error> {
    let rules = args.rules.as_deref().map(Rules::parse).transpose()?;
    let given = args.position.moves.is_some()
        || args.position.sgf.is_some()
        || args.position.position.is_some()
        || rules.is_some();
    let mut picture = if let Some(path) = &args.proof {
        let cert = c6solve::proof::read_certificate(path)?;
        let root = show::certificate_root(&cert).ok_or_else(|| {
            Error::Io(format!("{path}: the certificate's root is not a position"))
        })?;
        let pos = if given {
            let pos = input::load(rules, &source_of(&args.position, rules.is_some()))?;
            if cert::header(&pos) != cert.head() {
                return Err(Error::Position(format!(
                    "{path} is not a certificate for this position"
                )));
            }
            pos
        } else {
            root.clone()
        };
        let (line, note, zone) = show::main_line(&cert, &root);
        let mut p = show::Picture::new(&pos, &line);
        p.caption.push_str(&note);
        if args.zone {
            p.zone = zone.into_iter().filter(|&c| pos.is_empty(c)).collect();
        }
        p
    } else {
        let pos = input::load(rules, &source_of(&args.position, rules.is_some()))?;
        let line = match &args.line {
            Some(text) => {
                let turns = verify::parse_line(pos.rules(), text)?;
                verify::check_line(&pos, &turns)?;
                turns.concat()
            }
            None => Vec::new(),
        };
        show::Picture::new(&pos, &line)
    };
    picture.caption = format!("Connect({}): {}", picture.rules, picture.caption);
    if let Some(path) = &args.svg {
        std::fs::write(path, picture.svg())
            .map_err(|e| Error::Io(format!("cannot write {path}: {e}")))?;
    }
    print!("{}", picture.text());
    Ok(ExitCode::SUCCESS)
}

fn run_status(args: StatusArgs) -> Result<ExitCode, Error> {
    let given = std::path::Path::new(&args.file);
    let (path, table) = match args.file.strip_suffix(".ckpt") {
        Some(table) => (given.to_path_buf(), std::path::PathBuf::from(table)),
        None => (checkpoint::path_for(given), given.to_path_buf()),
    };
    if given.is_dir() {
        return Err(Error::Io(format!(
            "{} is a directory: give a solve's --tt file or its .ckpt",
            given.display()
        )));
    }
    let Some(ck) = checkpoint::read(&path)? else {
        if !given.exists() && !table.exists() {
            return Err(Error::Io(format!(
                "{}: no such file (give a solve's --tt file or its .ckpt)",
                given.display()
            )));
        }
        println!("{}: no checkpoint (no solve stopped there)", path.display());
        return Ok(ExitCode::FAILURE);
    };
    let after = match &args.after {
        Some(text) => {
            let [m, n, k, p, q] = ck.rules;
            c6solve::notation::parse_moves(&Rules::new(m, n, k, p, q)?, text)?
        }
        None => Vec::new(),
    };
    if !after.is_empty() && !table.exists() {
        return Err(Error::Io(format!(
            "--after needs the table file {}, which is not there",
            table.display()
        )));
    }
    // A damaged table file is refused; a missing one leaves the checkpoint's own figures.
    let progress = table
        .exists()
        .then(|| c6solve::search::progress::read(&ck, &table, &after))
        .transpose()?;
    if args.json {
        let mut json = serde_json::json!({
            "checkpoint": path.display().to_string(),
            "rules": ck.rules.iter().map(u16::to_string).collect::<Vec<_>>().join(","),
            "to_move": if ck.to_move == 0 { "black" } else { "white" },
            "stones_left": ck.stones_left,
            "stones": ck.board.iter().filter(|&&b| b != 2).count(),
            "goal": if ck.goal == 0 { "value" } else { "win" },
            "run": ck.phase,
            "nodes": ck.nodes,
            "seconds": ck.seconds,
            "sessions": ck.sessions,
            "checkpoints": ck.checkpoints,
            "tt_mib": ck.tt_mib,
            "zones": ck.zones,
            "threads": ck.threads,
            "program": ck.program,
        });
        if let Some(progress) = &progress {
            json.as_object_mut()
                .expect("an object")
                .extend(progress.json());
        }
        println!("{json}");
    } else {
        println!("checkpoint {}", path.display());
        for (label, text) in ck.describe() {
            println!("{label:<10} {text}");
        }
        let lines = match &progress {
            Some(progress) => progress.describe(),
            None => vec![("root", format!("no table file {}", table.display()))],
        };
        for (label, text) in lines {
            println!("{label:<10} {text}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn run_check(args: CheckArgs) -> Result<ExitCode, Error> {
    let rules = args.rules.as_deref().map(Rules::parse).transpose()?;
    let expected = match source_of(&args.position, rules.is_some()) {
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

/// The command that continues this solve: this one without --tt-reset (which would start
/// over), with --resume.
fn resume_command() -> String {
    let mut words: Vec<String> = std::env::args()
        .filter(|a| a != "--tt-reset" && a != "--resume")
        .map(|a| shell_quote(&a))
        .collect();
    words.push("--resume".into());
    words.join(" ")
}

/// `word` quoted for a POSIX shell when it needs it.
fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./,=:+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

fn run_bench(args: BenchArgs) -> Result<ExitCode, Error> {
    let all_right = if args.threads_report {
        let opts = ThreadsOptions {
            tt_mib: parse_tt_size(&args.tt_size)?,
            time_limit: parse_seconds(&args.time_limit)?,
            ..ThreadsOptions::default()
        };
        let out = args.out.as_deref().unwrap_or("results/threads.md");
        bench_threads::run_and_write(&opts, out)?
    } else {
        let opts = BenchOptions {
            tt_mib: parse_tt_size(&args.tt_size)?,
            time_limit: parse_seconds(&args.time_limit)?,
            only: args.only,
            repeat: parse_repeat(args.repeat.as_deref().unwrap_or("1"))?,
        };
        bench::run_and_write(&opts, args.out.as_deref().unwrap_or("results/bench.md"))?
    };
    Ok(if all_right {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `--zones` / `--no-zones`: the last one given wins; neither keeps the solver's default.
fn zones_setting(on: bool, off: bool) -> bool {
    if on {
        true
    } else if off {
        false
    } else {
        SolveOptions::default().zones
    }
}

fn run_puzzles(args: PuzzlesArgs) -> Result<ExitCode, Error> {
    use c6solve::puzzles::{self, RunOptions, Verdict};
    let opts = RunOptions {
        time_limit: parse_seconds(&args.time_limit)?,
        max_nodes: args.nodes.as_deref().map(parse_nodes).transpose()?,
        zones: zones_setting(args.zones, args.no_zones),
        tt_mib: parse_tt_size(&args.tt_size)?,
    };
    let mut suite = puzzles::load(std::path::Path::new(&args.path))?;
    if let Some(tag) = &args.tag {
        suite.puzzles.retain(|p| p.has_tag(tag));
        if suite.puzzles.is_empty() {
            return Err(Error::Option(format!(
                "--tag {tag}: no puzzle in {} has it",
                args.path
            )));
        }
    }
    let failed = |rows: &[puzzles::RunRow]| {
        rows.iter()
            .any(|r| r.verdict == Verdict::Wrong || (args.strict && r.verdict == Verdict::Unknown))
    };
    if let Some(out) = &args.report {
        bench::check_writable(out)?;
        let mut cmd = format!("cargo run --release -- puzzles {}", args.path);
        if args.time_limit != "20" {
            cmd += &format!(" --time-limit {}", args.time_limit);
        }
        if let Some(n) = &args.nodes {
            cmd += &format!(" --nodes {n}");
        }
        if args.tt_size != "64" {
            cmd += &format!(" --tt-size {}", args.tt_size);
        }
        if let Some(tag) = &args.tag {
            cmd += &format!(" --tag {tag}");
        }
        cmd += &format!(" --report {out}");
        println!("{}", puzzles::table_header());
        let report = puzzles::report(&args.path, &suite, &opts, |run, r| {
            println!("{}  ({run})", puzzles::table_line(r));
        })?;
        bench::write(out, &puzzles::markdown(&report, &cmd))?;
        for (name, rows) in [("zones on", &report.on), ("zones off", &report.off)] {
            println!("{name}: {}", puzzles::summarize(rows));
        }
        eprintln!("wrote {out}");
        let bad = failed(&report.on) || failed(&report.off);
        return Ok(if bad {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        });
    }
    if !args.json {
        println!("{}", puzzles::table_header());
    }
    let rows = puzzles::run(&suite.puzzles, &opts, |r| {
        if !args.json {
            println!("{}", puzzles::table_line(r));
        }
    })?;
    if args.json {
        println!("{}", puzzles::json(&rows, &opts));
    } else {
        println!("{}", puzzles::summarize(&rows));
    }
    for r in rows.iter().filter(|r| r.verdict == Verdict::Wrong) {
        eprintln!(
            "c6solve: WRONG ANSWER: puzzle {} expects {} but the solver proved {}",
            r.id,
            r.expected.name(),
            r.got.name()
        );
    }
    Ok(if failed(&rows) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn run_table(args: TableArgs) -> Result<ExitCode, Error> {
    let mut rules = Vec::new();
    match (&args.boards, &args.k) {
        (Some(b), Some(k)) => rules.extend(boards::expand(
            boards::parse_boards(b)?,
            boards::parse_range("--k", k)?,
            boards::parse_range("--p", &args.p)?,
            boards::parse_range("--q", &args.q)?,
        )?),
        (Some(_), None) => return Err(Error::Option("--boards needs --k (e.g. --k 4..6)".into())),
        (None, Some(_)) => return Err(Error::Option("--k needs --boards (e.g. 3x3..7x7)".into())),
        (None, None) => {}
    }
    for r in &args.rules {
        rules.push(Rules::parse(r)?);
    }
    if args.literature {
        rules.extend(boards::literature_rules());
    }
    if rules.is_empty() && args.merge.is_empty() {
        return Err(Error::Option(
            "nothing to solve: give --boards with --k, --rules, --literature or --merge".into(),
        ));
    }
    let rules = boards::order(rules);
    if args.list {
        for r in &rules {
            println!("{r}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let command = std::iter::once("c6solve".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ");
    let opts = BoardsOptions {
        rules,
        time_limit: parse_seconds(&args.time_limit)?,
        search: SolveOptions {
            tt_mib: parse_tt_size(&args.tt_size)?,
            checkpoint_every: args
                .checkpoint_every
                .as_deref()
                .map(|t| parse_secs("--checkpoint-every", t))
                .transpose()?,
            threads: args
                .threads
                .as_deref()
                .map(parse_threads)
                .transpose()?
                .unwrap_or(0),
            split_turns: args.split_turns,
            interrupt: Some(interrupt_flag()),
            ..SolveOptions::default()
        },
        tt_dir: args.tt_dir.map(PathBuf::from),
        cert_dir: (!args.no_certificates).then(|| PathBuf::from(&args.certificates)),
        proof_max_nodes: parse_count("--proof-max-nodes", &args.proof_max_nodes)?,
        by_parts: args.by_parts.map(PathBuf::from),
        part_workers: parse_count("--part-workers", &args.part_workers)?,
        reply_trials: parse_whole("--reply-trials", &args.reply_trials)?,
        reply_trial_nodes: parse_count("--reply-trial-nodes", &args.reply_trial_nodes)? as u64,
        parts_at: args.parts_at,
        json: PathBuf::from(&args.json),
        md: PathBuf::from(&args.md),
        command,
    };
    if !args.merge.is_empty() {
        let mut rows = boards::load(&opts.json)?;
        for f in &args.merge {
            let (taken, left_out) = boards::merge_file(&mut rows, Path::new(f))?;
            for line in left_out {
                eprintln!("{line}");
            }
            eprintln!("{f}: {} rows taken", taken.len());
        }
        boards::save(&mut rows, &opts.json, &opts.md, &opts.command)?;
    }
    let steps = boards::run(&opts, |line| eprintln!("{line}"))?;
    let mut interrupted = false;
    for s in &steps {
        match s {
            boards::Step::Solved(r) => println!(
                "{} {} {} nodes {:.3} s",
                r.rules,
                r.value.name(),
                r.nodes,
                r.seconds
            ),
            boards::Step::Interrupted { checkpoint } => {
                interrupted = true;
                match checkpoint {
                    Some(ck) => eprintln!(
                        "c6solve: interrupted; the row's work is saved in {}. Run the same \
                         command again to continue it.",
                        ck.display()
                    ),
                    None => eprintln!(
                        "c6solve: interrupted; the row was not recorded (give --tt-dir to keep \
                         a row's work across runs)."
                    ),
                }
            }
            _ => {}
        }
    }
    eprintln!("wrote {} and {}", args.json, args.md);
    if interrupted {
        return Ok(ExitCode::from(130));
    }
    let rows = boards::load(&opts.json)?;
    let mut bad = false;
    for r in rows.iter() {
        for f in r.flags.iter().filter(|f| f.starts_with("CONTRADICTION")) {
            eprintln!("c6solve: {}: {f}", r.rules);
            bad = true;
        }
    }
    Ok(if bad {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn run_harvest(args: HarvestArgs) -> Result<ExitCode, Error> {
    use c6solve::puzzles::harvest::{self, HarvestOptions};
    let opts = HarvestOptions {
        plan: harvest::parse_plan(&args.plan)?,
        time_limit: parse_seconds(&args.time_limit)?,
        max_nodes: Some(parse_nodes(&args.nodes)?),
        tt_mib: parse_tt_size(&args.tt_size)?,
        zones: zones_setting(args.zones, args.no_zones),
        fast_nodes: args.fast_nodes.trim().parse::<u64>().map_err(|_| {
            Error::Option(format!(
                "--fast-nodes '{}': expected a whole number",
                args.fast_nodes
            ))
        })?,
    };
    harvest::check_out_name(&args.out)?;
    bench::check_writable(&args.out)?;
    let games = harvest::read_games(&args.games)?;
    let command = format!(
        "cargo run --release -- harvest --games {} --out {} --plan \"{}\" --nodes {} --time-limit {} --tt-size {} --fast-nodes {} {}",
        args.games,
        args.out,
        args.plan,
        args.nodes,
        args.time_limit,
        args.tt_size,
        args.fast_nodes,
        if opts.zones { "--zones" } else { "--no-zones" }
    );
    let (text, tallies) = harvest::harvest(&games, &opts, &command, |l| eprintln!("{l}"))?;
    bench::write(&args.out, &text)?;
    for (e, t) in &tallies {
        println!(
            "{:?}{}: attempted {}, proved {}, proved otherwise {}, timeouts {}, {:.0} s",
            e.kind, e.depth, t.attempted, t.proved, t.other, t.unknown, t.seconds
        );
    }
    eprintln!("wrote {}", args.out);
    Ok(ExitCode::SUCCESS)
}

fn source_of(p: &PositionArgs, have_rules: bool) -> Source {
    if let Some(m) = &p.moves {
        Source::Moves(m.clone())
    } else if let Some(f) = &p.sgf {
        Source::Sgf(f.clone())
    } else if let Some(f) = &p.position {
        Source::Diagram(f.clone())
    } else if have_rules {
        Source::Empty
    } else {
        Source::Default
    }
}

fn parse_nodes(text: &str) -> Result<u64, Error> {
    match text.trim().parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(Error::Option(format!(
            "--nodes '{text}': expected a whole number above 0"
        ))),
    }
}

fn parse_threads(text: &str) -> Result<usize, Error> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=1024).contains(&n) => Ok(n),
        _ => Err(Error::Option(format!(
            "--threads '{text}': expected a whole number from 1 to 1024"
        ))),
    }
}

/// A whole number above 0 for the option `name`.
fn parse_count(name: &str, text: &str) -> Result<usize, Error> {
    match text.trim().parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(Error::Option(format!(
            "{name} '{text}': expected a whole number above 0"
        ))),
    }
}

/// A whole number, 0 allowed, for the option `name`.
fn parse_whole(name: &str, text: &str) -> Result<usize, Error> {
    text.trim().parse::<usize>().map_err(|_| {
        Error::Option(format!(
            "{name} '{text}': expected a whole number (0 or more)"
        ))
    })
}

fn parse_repeat(text: &str) -> Result<u32, Error> {
    match text.trim().parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(Error::Option(format!(
            "--repeat '{text}': expected a whole number above 0"
        ))),
    }
}

fn parse_seconds(text: &str) -> Result<Duration, Error> {
    parse_secs("--time-limit", text)
}

fn parse_secs(option: &str, text: &str) -> Result<Duration, Error> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s < 1e9 => Ok(Duration::from_secs_f64(s)),
        _ => Err(Error::Option(format!(
            "{option} '{text}': expected seconds above 0 and below 1e9"
        ))),
    }
}

/// The table size of `solve`: `--tt-size` when given; else, for a `--tt` file to reuse, the
/// larger of its size and the size its checkpoint was solved with (a size that is not a power
/// of two makes a smaller file), so leaving the option out neither grows a file behind the
/// user's back nor fails a resume; else 256 MiB. A reused size past the machine's memory is
/// refused like `--tt-size`.
fn solve_tt_mib(given: Option<&str>, file: Option<&str>) -> Result<usize, Error> {
    if let Some(text) = given {
        return parse_tt_size(text);
    }
    let Some(path) = file.map(std::path::Path::new) else {
        return Ok(256);
    };
    let stored = c6solve::search::ttfile::stored_mib(path);
    // A damaged checkpoint is refused later, where the solve reads it.
    let resumed = checkpoint::read(&checkpoint::path_for(path))
        .ok()
        .flatten()
        .and_then(|ck| usize::try_from(ck.tt_mib).ok());
    let Some(mib) = stored.max(resumed) else {
        return Ok(256);
    };
    let max = c6solve::search::max_tt_mib();
    if mib > max {
        return Err(Error::Option(format!(
            "{}: its {mib} MiB table is more than this machine's memory ({max} MiB)",
            path.display()
        )));
    }
    Ok(mib)
}

/// Validates `--tt-size`: whole MiB, at least 1, at most the machine's memory.
fn parse_tt_size(text: &str) -> Result<usize, Error> {
    let mib = text.trim().parse::<usize>().map_err(|_| {
        Error::Option(format!(
            "--tt-size '{text}': expected a whole number of MiB"
        ))
    })?;
    let max = c6solve::search::max_tt_mib();
    if mib == 0 || mib > max {
        return Err(Error::Option(format!(
            "--tt-size {mib}: expected 1 to {max} MiB (this machine's memory)"
        )));
    }
    Ok(mib)
}

fn print_header(pos: &Position, source: &Source) {
    if matches!(source, Source::Default) {
        println!("Built-in default: {}", input::DEFAULT_DESCRIPTION);
    }
    println!("Connect({})", pos.rules());
    print!("{}", board_text(pos, &[]));
}

fn print_report(pos: &Position, r: &SolveReport) {
    let who = pos.to_move();
    let meaning = match r.value {
        Outcome::Win => format!("{who} to move wins"),
        Outcome::Loss => format!("{} wins against any defence", who.opponent()),
        Outcome::Draw if c6solve::search::second_player_cannot_win(pos) => {
            "neither side can force a win; White's side by strategy stealing (q = p)".to_string()
        }
        Outcome::Draw => "neither side can force a win".to_string(),
        Outcome::NoWin => format!("{who} cannot force a win"),
        Outcome::NoLoss => format!("{} cannot force a win", who.opponent()),
        Outcome::Unknown if r.interrupted => "interrupted before a proof".to_string(),
        Outcome::Unknown => "not proven within the limits".to_string(),
    };
    println!("value: {} ({meaning})", r.value.name());
    if !r.best.is_empty() {
        let best: Vec<String> = r
            .best
            .iter()
            .map(|&c| format_point(pos.rules(), c))
            .collect();
        let label = match r.value {
            Outcome::Unknown => "most promising",
            Outcome::Loss | Outcome::NoWin => "best try",
            _ => "best",
        };
        println!("{label}: {}", best.join(" "));
    }
    let threads = if r.threads == 1 {
        "1 thread".to_string()
    } else {
        format!("{} threads", r.threads)
    };
    println!(
        "nodes: {}  time: {:.3} s  ({:.0} nodes/s, {threads})",
        r.nodes,
        r.seconds,
        r.nodes as f64 / r.seconds.max(1e-9)
    );
    if r.resumed {
        println!(
            "resumed: earlier sessions {} nodes in {:.3} s; in all {} nodes, {:.3} s",
            r.prior_nodes,
            r.prior_seconds,
            r.prior_nodes + r.nodes,
            r.prior_seconds + r.seconds
        );
    }
}

fn json_report(pos: &Position, r: &SolveReport) -> serde_json::Value {
    let best: Vec<String> = r
        .best
        .iter()
        .map(|&c| format_point(pos.rules(), c))
        .collect();
    serde_json::json!({
        "rules": pos.rules().to_string(),
        "to_move": pos.to_move().name(),
        "stones_left": pos.stones_left(),
        "value": r.value.name(),
        "best": best,
        "nodes": r.nodes,
        "seconds": r.seconds,
        "threads": r.threads,
        "resumed": r.resumed,
        "total_nodes": r.prior_nodes + r.nodes,
        "total_seconds": r.prior_seconds + r.seconds,
        "interrupted": r.interrupted,
        "checkpoint": r.checkpoint.as_ref().map(|p| p.display().to_string()),
    })
}
