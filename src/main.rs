//! The `c6solve` command line: parses arguments, calls the library, prints results.

use c6solve::bench::{self, BenchOptions};
use c6solve::bench_threads::{self, ThreadsOptions};
use c6solve::input::{self, Source};
use c6solve::notation::format_point;
use c6solve::render::board_text;
use c6solve::search::{
    Goal, Outcome, SolveOptions, SolveReport, checkpoint, open_table, solve_with,
};
use c6solve::{Error, Position, Rules};
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
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
    /// value: win, loss or draw; win: only whether the side to move can force a win.
    #[arg(long, value_enum, default_value = "value")]
    goal: GoalArg,
    /// Give up (answer unknown) after this many seconds.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    time_limit: Option<String>,
    /// Give up (answer unknown) after this many nodes.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    nodes: Option<String>,
    /// Transposition table size in MiB.
    #[arg(
        long,
        value_name = "MIB",
        default_value = "256",
        allow_negative_numbers = true
    )]
    tt_size: String,
    /// Keep the table in this file (memory-mapped); a later solve under the same rules
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

#[derive(Clone, Copy, ValueEnum)]
enum GoalArg {
    Value,
    Win,
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
    let opts = SolveOptions {
        goal: match args.goal {
            GoalArg::Value => Goal::Value,
            GoalArg::Win => Goal::Win,
        },
        max_nodes: args.nodes.as_deref().map(parse_nodes).transpose()?,
        time_limit: args.time_limit.as_deref().map(parse_seconds).transpose()?,
        tt_mib: parse_tt_size(&args.tt_size)?,
        zones: !args.no_zones,
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
        progress: !args.json && !args.quiet && std::io::stderr().is_terminal(),
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
    let report = solve_with(&pos, &opts, table)?;
    if args.json {
        println!("{}", json_report(&pos, &report));
    } else {
        print_report(&pos, &report);
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
            "{option} '{text}': expected seconds above 0"
        ))),
    }
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
        Outcome::Draw => "neither side can force a win".to_string(),
        Outcome::NoWin => format!("{who} cannot force a win"),
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
