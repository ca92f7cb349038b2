//! `c6solve solve --by-parts LEDGER --moves ...`: a position's value composed from parts, as
//! `table --by-parts` does for a row's empty board (see `c6solve::boards::parts`).

use super::interrupt_flag;
use super::parts::PartsArgs;
use super::report::print_header;
use c6solve::board::Position;
use c6solve::boards::parts::{self, LedgerAt, Root};
use c6solve::boards::{BoardsOptions, Value};
use c6solve::files::outputs::{self, Named};
use c6solve::input::Source;
use c6solve::{Error, SolveOptions};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// What `solve` passes on to a solve by parts.
pub struct ByParts<'a> {
    /// The `--by-parts` ledger.
    pub ledger: &'a str,
    /// The shared part options.
    pub parts: &'a PartsArgs,
    /// `--part-certificates`: where the parts' certificates and the joined one go.
    pub certificates: Option<&'a str>,
    /// `--tt-dir`: where each part keeps its table and checkpoint.
    pub tt_dir: Option<&'a str>,
    /// `--proof`: a copy of the joined certificate.
    pub proof: Option<&'a str>,
    /// `--time-limit`: the run's time for all its parts.
    pub time_limit: Option<Duration>,
    /// `--tt-size` (MiB, per part).
    pub tt_mib: usize,
    /// `--threads` per part (0: the cores shared out among the part workers).
    pub threads: usize,
    /// `--proof-max-nodes`.
    pub proof_max_nodes: usize,
    /// `--json`.
    pub json: bool,
    /// `--quiet`: no progress lines on stderr.
    pub quiet: bool,
}

/// A run without `--time-limit` has this long (a century: no limit in practice, and still a
/// time an `Instant` can be moved by).
const NO_LIMIT: Duration = Duration::from_secs(100 * 365 * 24 * 3600);

/// Solves `pos` by parts: 0 once the value is composed (or the run ends with it open, said
/// so), 130 when interrupted.
pub fn run(pos: &Position, source: &Source, by: &ByParts<'_>) -> Result<ExitCode, Error> {
    let root = root_of(pos)?;
    let at = LedgerAt::parse(by.ledger);
    // The parts' certificates are written next to a directory ledger by default; a
    // PostgreSQL ledger keeps them in the database, and this directory holds the copies the
    // joined certificate is built from.
    let cert_dir = match (by.certificates, &at) {
        (Some(d), _) => PathBuf::from(d),
        (None, LedgerAt::Dir(d)) => d.join("certificates"),
        (None, LedgerAt::Postgres(_)) => PathBuf::from("certificates"),
    };
    if let Some(proof) = by.proof {
        let joined = cert_dir.join(format!("{}.c6proof", root.stem()));
        outputs::check(
            &[Named::new("--proof", proof)],
            &[Named::new(
                "the joined certificate",
                &joined.display().to_string(),
            )],
        )?;
    }
    super::args::tables_fit("--part-workers", by.parts.workers(), by.tt_mib)?;
    let command = super::command_line();
    let opts = BoardsOptions {
        rules: vec![root.rules],
        time_limit: by.time_limit.unwrap_or(NO_LIMIT),
        search: SolveOptions {
            tt_mib: by.tt_mib,
            threads: by.threads,
            interrupt: Some(interrupt_flag()),
            ..SolveOptions::default()
        },
        tt_dir: by.tt_dir.map(PathBuf::from),
        cert_dir: Some(cert_dir.clone()),
        proof_max_nodes: by.proof_max_nodes,
        by_parts: Some(at.clone()),
        lease: by.parts.lease(),
        part_workers: by.parts.workers(),
        reply_trials: by.parts.trials(),
        reply_trial_nodes: by.parts.trial_nodes(),
        part_nodes: by.parts.part_nodes,
        parts_at: by.parts.parts_at.clone(),
        // A solve writes no table: these are never read.
        json: PathBuf::new(),
        md: PathBuf::new(),
        import: by.parts.import_ledger.as_ref().map(PathBuf::from),
        command,
    };
    parts::check_inputs(&root, &opts, &at)?;
    std::fs::create_dir_all(&cert_dir)
        .map_err(|e| Error::Io(format!("cannot create {}: {e}", cert_dir.display())))?;
    if !by.json {
        print_header(pos, source);
    }
    let quiet = by.quiet;
    let mut progress = |line: &str| {
        if !quiet {
            eprintln!("{line}");
        }
    };
    let Some(row) = parts::solve_row(&root, &opts, &at, &mut progress)? else {
        eprintln!(
            "c6solve: interrupted; the ledger {at} keeps every part proven{}. Run the same \
             command again to continue",
            match &opts.tt_dir {
                Some(d) => format!(" and {} the parts' checkpoints", d.display()),
                None => String::new(),
            }
        );
        return Ok(ExitCode::from(130));
    };
    if let (Some(proof), Some(joined)) = (by.proof, &row.certificate) {
        std::fs::copy(joined, proof)
            .map_err(|e| Error::Io(format!("cannot write {proof}: {e}")))?;
    }
    if by.json {
        let json = serde_json::to_string(&row).map_err(|e| Error::Io(e.to_string()))?;
        println!("{json}");
        return Ok(ExitCode::SUCCESS);
    }
    let mover = root.mover();
    let meaning = match row.value {
        Value::Win => format!("{mover} to move wins"),
        Value::Loss => format!("{} wins against any defence", mover.opponent()),
        Value::Draw => "neither side can force a win".to_string(),
        Value::Unknown => "not settled by the parts proven so far".to_string(),
    };
    println!("value: {} ({meaning})", row.value.name());
    println!("how: {}", row.how);
    if let Some(e) = &row.effort {
        println!(
            "effort: {:.0} s wall, {:.0} s CPU, {} worker process(es)",
            e.wall_seconds, e.cpu_seconds, e.workers
        );
    }
    match (&row.certificate, by.proof) {
        (Some(c), Some(p)) => println!("proof: {p} (a copy of {c}; check it with c6solve check)"),
        (Some(c), None) => println!("proof: {c} (check it with c6solve check)"),
        (None, _) if row.value.is_proven() => println!("proof: none (see how)"),
        (None, _) => {}
    }
    Ok(ExitCode::SUCCESS)
}

/// The ledger's root for `pos`: its stones from the empty board, which must give back `pos`
/// (a position set up stone by stone, without its order, has no turns to split).
fn root_of(pos: &Position) -> Result<Root, Error> {
    let rules = *pos.rules();
    let cells: Vec<_> = pos.moves().collect();
    let root = Root::after_cells(rules, &cells)?;
    let back = root.position();
    if back.stone_key() != pos.stone_key()
        || back.to_move() != pos.to_move()
        || back.stones_left() != pos.stones_left()
    {
        return Err(Error::Option(
            "--by-parts needs the position as moves from the empty board (--moves, or an SGF \
             game record)"
                .into(),
        ));
    }
    Ok(root)
}
