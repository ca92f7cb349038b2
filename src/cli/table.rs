//! `c6solve table`: solve the empty boards of a range of rule sets into a table of proven
//! values.
//!
//! Every use of the library's small-board results (`c6solve::boards`) by the command line is
//! in this file.

use super::args::{ListBefore, ThreadArgs, seconds, tt_mib, whole};
use super::parts::PartsArgs;
use super::{exit_code, interrupt_flag};
use c6solve::boards::{self, BoardsOptions};
use c6solve::files::outputs::Named;
use c6solve::{Error, Rules, SolveOptions};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// Options of `table` (the logic lives in `c6solve::boards`).
#[derive(Args)]
#[command(
    mut_arg("threads", |a| a
        .help("Search threads per row (default: one per core)")
        .allow_negative_numbers(false)),
    mut_arg("checkpoint_every", |a| a
        .requires("tt_dir")
        .allow_negative_numbers(false)
        .help("Checkpoint a row solved over --tt-dir every SECS seconds")),
    list_before("checkpoint_every", "threads"),
)]
pub struct TableArgs {
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
    /// Add the literature rows of issues 6 and 33 (tic-tac-toe, 4-in-a-row on 4xn for
    /// n = 4..9, 5,5,4, 6,5,4, 6,6,5, 7,7,5 and 8,8,5, all with p = q = 1; 4,4,3,2,1,
    /// 5,4,3,2,1 and 4,4,4,3,2).
    #[arg(long)]
    literature: bool,
    /// Give up on a row (record it as unknown) after this many seconds.
    #[arg(
        long,
        value_name = "SECS",
        default_value = "120",
        allow_negative_numbers = true,
        value_parser = seconds
    )]
    time_limit: Duration,
    /// Transposition table size in MiB (a fresh table per row).
    #[arg(
        long,
        value_name = "MIB",
        default_value = "1024",
        allow_negative_numbers = true,
        value_parser = tt_mib
    )]
    tt_size: usize,
    /// Keep each row's table in DIR/m_n_k_p_q.tt (one --tt-size file per row), checkpointed
    /// beside it: a row stopped by Ctrl-C, a kill or its time limit continues where it was
    /// when the same command runs again.
    #[arg(long, value_name = "DIR")]
    tt_dir: Option<String>,
    #[command(flatten)]
    threads: ThreadArgs,
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
    ///
    /// Or a PostgreSQL URL (postgresql://USER@HOST/DB, postgresql:///DB?host=/SOCKET/DIR):
    /// any number of c6solve processes, on any machines, then solve the row together, each
    /// claiming parts under a lease (--lease-seconds); the certificates are kept in the
    /// database and checked again when the row is composed.
    #[arg(long, value_name = "DIR|URL", conflicts_with = "split_turns")]
    by_parts: Option<String>,
    #[command(flatten)]
    parts: PartsArgs,
    /// Largest disproof (no-win claim) written into a certificate, in nodes per claim; a row
    /// with a larger one is recorded without a certificate, saying so.
    #[arg(
        long,
        value_name = "N",
        default_value = "4000000",
        value_parser = whole::<usize>(1..)
    )]
    proof_max_nodes: usize,
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

/// Runs `table`: 1 if the table holds a contradiction, 130 when interrupted.
pub fn run(args: TableArgs) -> Result<ExitCode, Error> {
    let rules = boards::order(rule_sets(&args)?);
    if args.list {
        for r in &rules {
            println!("{r}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    // The JSON table is read and written in place; the Markdown table is written only. Both
    // are checked before any row is solved, and neither may be a --merge file.
    let merged: Vec<Named> = args
        .merge
        .iter()
        .map(|f| Named::new("--merge", f))
        .collect();
    super::bench::check_writable("--json", &args.json, &merged)?;
    let mut others = merged.clone();
    others.push(Named::new("--json", &args.json));
    super::bench::check_writable("--md", &args.md, &others)?;
    let command = super::command_line();
    super::args::tables_fit("--part-workers", args.parts.workers(), args.tt_size)?;
    let opts = BoardsOptions {
        rules,
        time_limit: args.time_limit,
        search: SolveOptions {
            tt_mib: args.tt_size,
            checkpoint_every: args.threads.checkpoint_every,
            threads: args.threads.threads(),
            split_turns: args.split_turns,
            interrupt: Some(interrupt_flag()),
            ..SolveOptions::default()
        },
        tt_dir: args.tt_dir.map(PathBuf::from),
        cert_dir: (!args.no_certificates).then(|| PathBuf::from(&args.certificates)),
        proof_max_nodes: args.proof_max_nodes,
        by_parts: args.by_parts.as_deref().map(boards::parts::LedgerAt::parse),
        lease: args.parts.lease(),
        part_workers: args.parts.workers(),
        reply_trials: args.parts.trials(),
        reply_trial_nodes: args.parts.trial_nodes(),
        part_nodes: args.parts.part_nodes,
        parts_at: args.parts.parts_at,
        json: PathBuf::from(&args.json),
        md: PathBuf::from(&args.md),
        import: args.parts.import_ledger.map(PathBuf::from),
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
                    // By parts, the ledger keeps every part proven; only the parts in
                    // flight are lost without --tt-dir.
                    None if opts.by_parts.is_some() => eprintln!(
                        "c6solve: interrupted; the ledger keeps every part proven (the parts \
                         being solved start over: give --tt-dir to keep their work). Run the \
                         same command again to continue."
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
    Ok(exit_code(!bad))
}

/// The rule sets `--boards` with `--k` (and `--p`, `--q`), `--rules` and `--literature` ask
/// for, in no order; none is an error unless `--merge` brings rows.
fn rule_sets(args: &TableArgs) -> Result<Vec<Rules>, Error> {
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
    Ok(rules)
}
