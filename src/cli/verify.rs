//! `c6solve verify`: is a claimed kill line's win proved after each of the attacker's turns?
//! With `--games`, the last turns of real games, written up as a Markdown report.

use super::args::{PositionArgs, SearchArgs, tables_fit, turns_back, whole};
use super::{exit_code, write_file};
use c6solve::files::outputs::Named;
use c6solve::verify::{self, GamesOptions, Verdict, VerifyOptions};
use c6solve::{Error, Rules, input};
use clap::Args;
use std::process::ExitCode;

/// Options of `verify`.
#[derive(Args)]
#[command(
    mut_arg("time_limit", |a| a.help(
        "Give up on an attacker turn's proof (unproven) after this many seconds",
    )),
    mut_arg("nodes", |a| a.help(
        "Give up on an attacker turn's proof (unproven) after this many nodes",
    )),
    mut_arg("tt_size", |a| a
        .help("Transposition table size in MiB (one table for the whole line)")
        .default_value("256")),
)]
pub struct VerifyArgs {
    /// Rules m,n,k,p,q or a preset [default: connect6].
    #[arg(long, value_name = "RULES")]
    rules: Option<String>,
    #[command(flatten)]
    position: PositionArgs,
    /// The line: turns separated by commas, the side to move's first ("L11 M12, N10 N11").
    #[arg(long, value_name = "TURNS", required_unless_present = "games")]
    line: Option<String>,
    #[command(flatten)]
    search: SearchArgs,
    /// Print one JSON object: verdict, attacker, turn, defence, turns, nodes, seconds.
    #[arg(long)]
    json: bool,
    /// Verify real games instead: a JSON-lines file as in ../shared/data (Connect6 only).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["line", "moves", "sgf", "position", "rules"])]
    games: Option<String>,
    /// With --games: start each line this many of the winner's turns before its six (a range
    /// "2..4" cycles through 2, 3, 4) [default: 2..4].
    #[arg(long, value_name = "A..B", requires = "games", value_parser = turns_back)]
    turns_back: Option<(usize, usize)>,
    /// With --games: how many lines to verify [default: 200].
    #[arg(long, value_name = "N", requires = "games", value_parser = whole::<usize>(1..))]
    limit: Option<usize>,
    /// With --games: lines verified at once, each on its own search thread and table (a
    /// line's proofs are the same as alone; only its seconds feel the shared machine)
    /// [default: 1].
    #[arg(
        long,
        value_name = "N",
        requires = "games",
        value_parser = whole::<usize>(1..=1024)
    )]
    jobs: Option<usize>,
    /// With --games: where to write the Markdown report [default: results/kill-lines.md].
    #[arg(long, value_name = "FILE", requires = "games")]
    out: Option<String>,
}

/// Runs `verify`: 0 for a verified line (or a written report), 1 for any other verdict.
pub fn run(args: VerifyArgs) -> Result<ExitCode, Error> {
    let opts = VerifyOptions {
        max_nodes: args.search.nodes,
        time_limit: args.search.time_limit,
        tt_mib: args.search.tt_mib(),
    };
    if let Some(file) = args.games {
        // Defaults here, not in clap: clap does not refuse an option with a default value
        // that its `requires` lacks, and these mean nothing without --games.
        let out = args.out.as_deref().unwrap_or("results/kill-lines.md");
        super::bench::check_writable("--out", out, &[Named::new("--games", &file)])?;
        let limit = args.limit.unwrap_or(200);
        let jobs = args.jobs.unwrap_or(1);
        tables_fit("--jobs", jobs, opts.tt_mib)?;
        let games = GamesOptions {
            file,
            turns_back: args.turns_back.unwrap_or((2, 4)),
            limit,
            verify: opts,
            jobs,
        };
        let load = super::bench::load_average(3).unwrap_or_else(|| "unknown".into());
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
        write_file(out, &md)?;
        print!("{md}");
        return Ok(ExitCode::SUCCESS);
    }
    // clap's `requires = "games"` is dropped when --games conflicts with an option given
    // (--line), so the batch options are refused here.
    let batch = [
        ("--turns-back", args.turns_back.is_some()),
        ("--limit", args.limit.is_some()),
        ("--jobs", args.jobs.is_some()),
        ("--out", args.out.is_some()),
    ];
    if let Some((name, _)) = batch.iter().find(|(_, given)| *given) {
        return Err(Error::Option(format!("{name} needs --games")));
    }
    let rules = args.rules.as_deref().map(Rules::parse).transpose()?;
    let source = args.position.source(rules.is_some());
    let pos = input::load(rules, &source)?;
    let line = verify::parse_line(pos.rules(), args.line.as_deref().unwrap_or_default())?;
    let (all, kept) = (line.concat(), verify::check_line(&pos, &line)?.concat());
    if all.len() > kept.len() {
        let note = c6solve::notation::replay::ignored_note(pos.rules(), &all[kept.len()..]);
        eprintln!("c6solve: {note}");
    }
    let report = verify::verify(&pos, &line, &opts)?;
    if args.json {
        println!("{}", verify::json(&report));
    } else {
        print!("{}", verify::text(pos.rules(), &report));
    }
    Ok(exit_code(report.verdict == Verdict::Verified))
}
