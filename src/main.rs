//! The `c6solve` command line: parses arguments, calls the library, prints results.

use c6solve::bench::{self, BenchOptions};
use c6solve::input::{self, Source};
use c6solve::notation::format_point;
use c6solve::render::board_text;
use c6solve::search::{Goal, Outcome, SolveOptions, SolveReport, open_table, solve_with};
use c6solve::table::{self, TableOptions};
use c6solve::{Error, Position, Rules};
use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
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
    Bench(BenchArgs),
    /// Solve the empty boards of a range of rule sets into a table of proven values.
    ///
    /// Writes results/small-boards.json (a list of rows) and results/small-boards.md after
    /// every row. Rows already proven in the JSON file are kept and skipped, so running the
    /// same command again continues where it stopped; a row that ran out of time is recorded
    /// as unknown and retried only with a larger --time-limit. Exits 1 if the table holds a
    /// contradiction (a proven value against the literature, or a loss with q = p).
    Table(TableArgs),
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
    /// Rebuild the --tt file from scratch instead of reusing it.
    #[arg(long, requires = "tt")]
    tt_reset: bool,
    /// Print one JSON object instead of the board and text.
    #[arg(long)]
    json: bool,
    /// Search every defender move: turn relevance-zone pruning off (for measurement and
    /// cross-checks; values never change).
    #[arg(long)]
    no_zones: bool,
}

/// Options of `bench` (the logic lives in `c6solve::bench`).
#[derive(Args)]
struct BenchArgs {
    /// Where to write the Markdown table.
    #[arg(long, value_name = "FILE", default_value = "results/bench.md")]
    out: String,
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
    #[arg(long, value_name = "N", default_value = "1")]
    repeat: String,
}

/// Options of `table` (the logic lives in `c6solve::table`).
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
    /// Keep each row's table in DIR/m_n_k_p_q.tt so that a retried row reuses its work
    /// (one --tt-size file per row).
    #[arg(long, value_name = "DIR")]
    tt_dir: Option<String>,
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
    /// --json) before solving: rows missing or unknown here are taken from it.
    #[arg(long, value_name = "FILE")]
    merge: Vec<String>,
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
        Command::Table(args) => run_table(args),
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
    };
    let pos = input::load(rules, &source)?;
    // Open (and so validate) the table before printing anything: bad input prints nothing.
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
    Ok(ExitCode::SUCCESS)
}

fn run_bench(args: BenchArgs) -> Result<ExitCode, Error> {
    let opts = BenchOptions {
        tt_mib: parse_tt_size(&args.tt_size)?,
        time_limit: parse_seconds(&args.time_limit)?,
        only: args.only,
        repeat: parse_repeat(&args.repeat)?,
    };
    let all_right = bench::run_and_write(&opts, &args.out)?;
    Ok(if all_right {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn run_table(args: TableArgs) -> Result<ExitCode, Error> {
    let mut rules = Vec::new();
    match (&args.boards, &args.k) {
        (Some(b), Some(k)) => rules.extend(table::expand(
            table::parse_boards(b)?,
            table::parse_range("--k", k)?,
            table::parse_range("--p", &args.p)?,
            table::parse_range("--q", &args.q)?,
        )?),
        (Some(_), None) => return Err(Error::Option("--boards needs --k (e.g. --k 4..6)".into())),
        (None, Some(_)) => return Err(Error::Option("--k needs --boards (e.g. 3x3..7x7)".into())),
        (None, None) => {}
    }
    for r in &args.rules {
        rules.push(Rules::parse(r)?);
    }
    if args.literature {
        rules.extend(table::literature_rules());
    }
    if rules.is_empty() && args.merge.is_empty() {
        return Err(Error::Option(
            "nothing to solve: give --boards with --k, --rules, --literature or --merge".into(),
        ));
    }
    let rules = table::order(rules);
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
    let opts = TableOptions {
        rules,
        time_limit: parse_seconds(&args.time_limit)?,
        tt_mib: parse_tt_size(&args.tt_size)?,
        tt_dir: args.tt_dir.map(PathBuf::from),
        json: PathBuf::from(&args.json),
        md: PathBuf::from(&args.md),
        command,
    };
    if !args.merge.is_empty() {
        let mut rows = table::load(&opts.json)?;
        for f in &args.merge {
            let taken = table::merge(&mut rows, table::load(Path::new(f))?);
            eprintln!("{f}: {} rows taken", taken.len());
        }
        table::save(&mut rows, &opts.json, &opts.md, &opts.command)?;
    }
    let steps = table::run(&opts, |line| eprintln!("{line}"))?;
    for s in &steps {
        if let table::Step::Solved(r) = s {
            println!(
                "{} {} {} nodes {:.3} s",
                r.rules,
                r.value.name(),
                r.nodes,
                r.seconds
            );
        }
    }
    eprintln!("wrote {} and {}", args.json, args.md);
    let rows = table::load(&opts.json)?;
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

fn parse_repeat(text: &str) -> Result<u32, Error> {
    match text.trim().parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(Error::Option(format!(
            "--repeat '{text}': expected a whole number above 0"
        ))),
    }
}

fn parse_seconds(text: &str) -> Result<Duration, Error> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s < 1e9 => Ok(Duration::from_secs_f64(s)),
        _ => Err(Error::Option(format!(
            "--time-limit '{text}': expected seconds above 0"
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
    println!(
        "nodes: {}  time: {:.3} s  ({:.0} nodes/s)",
        r.nodes,
        r.seconds,
        r.nodes as f64 / r.seconds.max(1e-9)
    );
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
    })
}
