//! `c6solve harvest`: cut real games into puzzles, solve them and write a suite file.

use super::args::{ListBefore, SearchArgs, ZoneArgs, secs_text, whole};
use super::bench::{check_writable, write};
use c6solve::Error;
use c6solve::files::outputs::Named;
use c6solve::puzzles::harvest::{self, HarvestOptions};
use clap::Args;
use std::process::ExitCode;

/// Options of `harvest` (the logic lives in `c6solve::puzzles::harvest`).
#[derive(Args)]
#[command(
    mut_arg("nodes", |a| a
        .help(
            "Node limit per solve: a solve that runs out is a timeout. Unlike a time limit it \
             gives the same harvest on a busy machine",
        )
        .default_value("60000")),
    mut_arg("time_limit", |a| a
        .help("Time limit per solve, seconds (a safety cap)")
        .default_value("120")),
    mut_arg("tt_size", |a| a
        .help("Transposition table size in MiB per solve")
        .default_value("64")),
    mut_arg("zones", |a| a.help("Relevance zones on in the solves")),
    mut_arg("no_zones", |a| a.help("Relevance zones off in the solves")),
    list_before("nodes", "time_limit"),
)]
pub struct HarvestArgs {
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
    #[arg(long, value_name = "PLAN", default_value = harvest::DEFAULT_PLAN)]
    plan: String,
    #[command(flatten)]
    search: SearchArgs,
    /// Tag puzzles proven within this many nodes `fast` (they run in `cargo test`).
    #[arg(
        long,
        value_name = "N",
        default_value = "3000",
        value_parser = whole::<u64>(0..)
    )]
    fast_nodes: u64,
    #[command(flatten)]
    zones: ZoneArgs,
}

/// Runs `harvest`: writes the suite and prints what each plan entry gave, exit 0.
pub fn run(args: HarvestArgs) -> Result<ExitCode, Error> {
    let opts = HarvestOptions {
        plan: harvest::parse_plan(&args.plan)?,
        time_limit: args.search.time(),
        max_nodes: args.search.nodes,
        tt_mib: args.search.tt_mib(),
        zones: args.zones.on(),
        fast_nodes: args.fast_nodes,
    };
    harvest::check_out_name(&args.out)?;
    check_writable("--out", &args.out, &[Named::new("--games", &args.games)])?;
    let games = harvest::read_games(&args.games)?;
    let command = format!(
        "cargo run --release -- harvest --games {} --out {} --plan \"{}\" --nodes {} --time-limit {} --tt-size {} --fast-nodes {} {}",
        args.games,
        args.out,
        args.plan,
        args.search.nodes.expect("harvest gives --nodes a default"),
        secs_text(opts.time_limit),
        opts.tt_mib,
        args.fast_nodes,
        if opts.zones { "--zones" } else { "--no-zones" }
    );
    let (text, tallies) = harvest::harvest(&games, &opts, &command, |l| eprintln!("{l}"))?;
    write(&args.out, &text)?;
    for (e, t) in &tallies {
        println!(
            "{:?}{}: attempted {}, proved {}, proved otherwise {}, timeouts {}, {:.0} s",
            e.kind, e.depth, t.attempted, t.proved, t.other, t.unknown, t.seconds
        );
    }
    eprintln!("wrote {}", args.out);
    Ok(ExitCode::SUCCESS)
}
