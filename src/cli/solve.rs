//! `c6solve solve`: prove the value of a position, optionally writing a certificate and an SGF
//! of the strategy; with `--tt` the table lives in a file with checkpoints to resume from.

use super::args::{PositionArgs, SearchArgs, ThreadArgs, whole};
use super::parts::PartsArgs;
use super::report::{json_report, print_header, print_report};
use super::solve_parts::ByParts;
use super::{interrupt_flag, write_file};
use c6solve::files::outputs::{self, Named};
use c6solve::input;
use c6solve::proof::cert;
use c6solve::search::{Goal, SolveOptions, checkpoint, open_table, solve_then};
use c6solve::{Error, Rules};
use clap::{Args, ValueEnum};
use std::process::ExitCode;

/// Options of `solve`. The numeric options allow negative numbers so that `--time-limit -1`
/// reaches their own validation (a message naming the option) instead of clap's "unexpected
/// argument '-1'".
#[derive(Args)]
#[command(
    mut_arg("tt_size", |a| a.help(
        "Transposition table size in MiB [default: 256, or with an existing --tt file its \
         size]. A larger size than the file's grows the file, keeping its entries",
    )),
    mut_arg("checkpoint_every", |a| a.requires("tt").help(
        "With --tt: bring the workers to a halt every SECS seconds, write the table back and \
         save the run's state to FILE.ckpt [default: 300]. Running the same command again \
         continues from the last checkpoint",
    )),
)]
pub struct SolveArgs {
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
    #[command(flatten)]
    search: SearchArgs,
    /// Keep the table in this file (read into memory, written back at checkpoints); a later
    /// solve under the same rules
    /// reuses what it holds. The file is refused if it is for other rules, another version
    /// or size, truncated or damaged.
    #[arg(long, value_name = "FILE")]
    tt: Option<String>,
    /// Rebuild the --tt file from scratch instead of reusing it (its checkpoint goes too).
    #[arg(long, requires = "tt")]
    tt_reset: bool,
    #[command(flatten)]
    threads: ThreadArgs,
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
    // Zones are on by default: `solve` has this one-way switch, not the `--zones`/`--no-zones`
    // pair of the suites (`solve --zones` is refused).
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
    /// The exit status does not change. In a win, a defender node whose null move has a
    /// proof within a small zone carries a zone claim instead of every reply (see
    /// --no-zone-claims).
    #[arg(long, value_name = "FILE")]
    proof: Option<String>,
    /// With --proof: write every defender reply of a win, no zone claims (certificate format
    /// 3 reads either; the writer then searches again every move the zones left out).
    #[arg(long, requires = "proof")]
    no_zone_claims: bool,
    /// Write the proven strategy as one-stone-per-node SGF (GoGui opens it): the position's
    /// moves, then the winner's moves with every answer it must meet as a variation (for a
    /// draw or no-win, the defender's holding strategy). See --sgf-max-nodes for its size.
    /// Same conditions as --proof.
    #[arg(long, value_name = "FILE")]
    sgf_out: Option<String>,
    /// Size limit of --sgf-out: the reply lists met before N stones are written are written
    /// in full, every reply a variation; past N each line goes on along its first reply only,
    /// with a comment (so a file can hold more than N stones) [default: 20000].
    #[arg(
        long,
        value_name = "N",
        requires = "sgf_out",
        value_parser = whole::<usize>(1..)
    )]
    sgf_max_nodes: Option<usize>,
    /// Largest disproof (draw, no-win) written by --proof, in nodes per claim.
    #[arg(
        long,
        value_name = "N",
        default_value = "1000000",
        allow_negative_numbers = true,
        value_parser = whole::<usize>(1..)
    )]
    proof_max_nodes: usize,
    /// Solve the position part by part, the way `table --by-parts` solves an empty board:
    /// after each of the side to move's turns up to symmetry one solve of its own (and one
    /// for the opponent at the root), each recorded in the ledger the moment it is proven,
    /// split further with --part-nodes, composed into the value with one certificate joining
    /// the parts'. A directory (the ledger is DIR/m_n_k_p_q@MOVES.json) or a PostgreSQL URL
    /// that any number of such commands, on any machines, work on together. Running the same
    /// command again continues where it stopped. --time-limit is the run's time for all
    /// parts, --tt-size and --threads each part's. The position must be given as moves.
    #[arg(
        long,
        value_name = "DIR|URL",
        conflicts_with_all = ["tt", "split_turns", "sgf_out", "no_zones", "nodes", "goal", "no_zone_claims"]
    )]
    by_parts: Option<String>,
    #[command(flatten)]
    parts: PartsArgs,
    /// With --by-parts: write the parts' certificates to DIR/STEM/MOVES.c6proof and the
    /// joined one to DIR/STEM.c6proof (STEM is m_n_k_p_q@MOVES) [default: DIR/certificates
    /// beside a directory ledger, ./certificates with a PostgreSQL one]. Nothing is proven
    /// without them: a part is recorded with its certificate, checked by the checker.
    #[arg(long, value_name = "DIR", requires = "by_parts")]
    part_certificates: Option<String>,
    /// With --by-parts: keep each part's table in DIR/STEM/MOVES.tt with its checkpoint, so
    /// a part stopped midway continues from it (the file goes once the part is certified).
    #[arg(long, value_name = "DIR", requires = "by_parts")]
    tt_dir: Option<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum GoalArg {
    Value,
    Win,
    Hold,
}

/// Runs `solve`: 0 once the solve is reported (whatever its value), 130 when interrupted.
pub fn run(args: SolveArgs) -> Result<ExitCode, Error> {
    let rules = args.rules.as_deref().map(Rules::parse).transpose()?;
    let source = args.position.source(rules.is_some());
    let want_proof = args.proof.is_some() || args.sgf_out.is_some();
    let pos = input::load(rules, &source)?;
    check_outputs(&args)?;
    if let Some(ledger) = &args.by_parts {
        let by = ByParts {
            ledger,
            parts: &args.parts,
            certificates: args.part_certificates.as_deref(),
            tt_dir: args.tt_dir.as_deref(),
            proof: args.proof.as_deref(),
            time_limit: args.search.time_limit,
            tt_mib: args.search.tt_size.unwrap_or(256),
            threads: args.threads.threads(),
            proof_max_nodes: args.proof_max_nodes,
            json: args.json,
            quiet: args.quiet,
        };
        return super::solve_parts::run(&pos, &source, &by);
    }
    let opts = SolveOptions {
        goal: match args.goal {
            GoalArg::Value => Goal::Value,
            GoalArg::Win => Goal::Win,
            GoalArg::Hold => Goal::Hold,
        },
        max_nodes: args.search.nodes,
        time_limit: args.search.time_limit,
        tt_mib: tt_mib(args.search.tt_size, args.tt.as_deref())?,
        // Zones stay on with --proof: the certificate writer searches again the moves they
        // left out, and a zone solve costs less than a zone-free one even with that writing
        // included (docs/design.md §9.6; results/experiments/proof-zones.md).
        zones: !args.no_zones,
        split_turns: args.split_turns,
        tt_file: args.tt.map(std::path::PathBuf::from),
        tt_reset: args.tt_reset,
        threads: args.threads.threads(),
        checkpoint_every: args.threads.checkpoint_every,
        resume: args.resume,
        // On a terminal a progress line; elsewhere (a log) one line per checkpoint.
        progress: !args.json && !args.quiet,
        interrupt: Some(interrupt_flag()),
    };
    // Refuse a bad checkpoint and open (and so validate) the table before printing anything:
    // bad input prints nothing.
    checkpoint::load_for(&pos, &opts)?;
    let table = open_table(&opts, pos.rules())?;
    if !args.json {
        print_header(&pos, &source);
    }
    // Long proofs say how the writing goes where the search showed its progress line.
    let how = cert::Writing {
        max_disproof_nodes: Some(args.proof_max_nodes),
        deadline: None,
        progress: opts.progress,
        without_zone_claims: args.no_zone_claims,
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
                let text = c6solve::proof::sgf::strategy_sgf(
                    &pos,
                    &cert,
                    args.sgf_max_nodes.unwrap_or(20_000),
                )?;
                write_file(path, text)?;
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

/// Refuses, before any work, a `--proof` or `--sgf-out` that cannot be written or is the
/// same file as the position file, the `--tt` file, its checkpoint or the other output.
fn check_outputs(args: &SolveArgs) -> Result<(), Error> {
    let ckpt = args
        .tt
        .as_deref()
        .map(|t| checkpoint::path_for(std::path::Path::new(t)));
    let mut inputs = Vec::new();
    if let Some(f) = &args.position.sgf {
        inputs.push(Named::new("--sgf", f));
    }
    if let Some(f) = &args.position.position {
        inputs.push(Named::new("--position", f));
    }
    if let Some(t) = &args.tt {
        inputs.push(Named::new("the --tt table file", t));
    }
    if let Some(c) = &ckpt {
        inputs.push(Named::new("the --tt file's checkpoint", c));
    }
    let mut outputs = Vec::new();
    if let Some(f) = &args.proof {
        outputs.push(Named::new("--proof", f));
    }
    if let Some(f) = &args.sgf_out {
        outputs.push(Named::new("--sgf-out", f));
    }
    outputs::check(&outputs, &inputs)
}

/// The table size of `solve`: `--tt-size` when given; else, for a `--tt` file to reuse, the
/// larger of its size and the size its checkpoint was solved with (a size that is not a power
/// of two makes a smaller file), so leaving the option out neither grows a file behind the
/// user's back nor fails a resume; else 256 MiB. A reused size past the machine's memory is
/// refused like `--tt-size`.
fn tt_mib(given: Option<usize>, file: Option<&str>) -> Result<usize, Error> {
    if let Some(mib) = given {
        return Ok(mib);
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
            "{}: its {mib} MiB table is more than the memory available ({max} MiB)",
            path.display()
        )));
    }
    Ok(mib)
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
