//! `c6solve puzzles`: run a puzzle suite and print a table, or with `--report` run it with
//! zones on and off and write the figures as Markdown.

use super::args::{self, SearchArgs, ZoneArgs};
use super::bench::{check_writable, write};
use super::exit_code;
use c6solve::Error;
use c6solve::files::outputs::Named;
use c6solve::puzzles::{self, RunOptions, Verdict};
use clap::Args;
use std::process::ExitCode;

/// The default time limit of `puzzles`, in seconds.
const TIME_LIMIT: &str = "20";
/// The default table size of `puzzles`, in MiB.
const TT_SIZE: &str = "64";

/// Options of `puzzles` (the logic lives in `c6solve::puzzles`).
#[derive(Args)]
#[command(
    mut_arg("time_limit", |a| a
        .help("Give up on a puzzle (answer unknown, a timeout) after this many seconds")
        .default_value(TIME_LIMIT)),
    mut_arg("nodes", |a| a.help("Give up on a puzzle (a timeout) after this many nodes")),
    mut_arg("tt_size", |a| a
        .help("Transposition table size in MiB (a fresh table for every puzzle)")
        .default_value(TT_SIZE)),
)]
pub struct PuzzlesArgs {
    /// A suite file or a directory of *.puzzles files.
    #[arg(default_value = "puzzles")]
    path: String,
    #[command(flatten)]
    search: SearchArgs,
    /// Run only the puzzles carrying this tag (e.g. fast, small, connect6).
    #[arg(long, value_name = "TAG")]
    tag: Option<String>,
    #[command(flatten)]
    zones: ZoneArgs,
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

/// Runs `puzzles`: 1 if a puzzle got a wrong answer (or, with `--strict`, timed out).
pub fn run(args: PuzzlesArgs) -> Result<ExitCode, Error> {
    let opts = RunOptions {
        time_limit: args.search.time(),
        max_nodes: args.search.nodes,
        zones: args.zones.on(),
        tt_mib: args.search.tt_mib(),
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
        check_writable("--report", out, &[Named::new("the suite", &args.path)])?;
        let cmd = report_command(&args, out);
        println!("{}", puzzles::table_header());
        let report = puzzles::report(&args.path, &suite, &opts, |run, r| {
            println!("{}  ({run})", puzzles::table_line(r));
        })?;
        write(out, &puzzles::markdown(&report, &cmd))?;
        for (name, rows) in [("zones on", &report.on), ("zones off", &report.off)] {
            println!("{name}: {}", puzzles::summarize(rows));
        }
        eprintln!("wrote {out}");
        return Ok(exit_code(!failed(&report.on) && !failed(&report.off)));
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
    Ok(exit_code(!failed(&rows)))
}

/// The command that makes the report, for the report: the options that differ from their
/// defaults (zones are both runs').
fn report_command(args: &PuzzlesArgs, out: &str) -> String {
    let mut cmd = format!("cargo run --release -- puzzles {}", args.path);
    let time = args.search.time();
    if time != args::seconds(TIME_LIMIT).expect("a valid default") {
        cmd += &format!(" --time-limit {}", args::secs_text(time));
    }
    if let Some(n) = args.search.nodes {
        cmd += &format!(" --nodes {n}");
    }
    let mib = args.search.tt_mib();
    if mib.to_string() != TT_SIZE {
        cmd += &format!(" --tt-size {mib}");
    }
    if let Some(tag) = &args.tag {
        cmd += &format!(" --tag {tag}");
    }
    cmd + &format!(" --report {out}")
}
