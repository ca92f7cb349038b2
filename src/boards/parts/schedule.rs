//! Which listed part is solved next, the inputs checked before a run, and where each part's
//! files go.

use super::at::LedgerAt;
use super::ledger::{Ledger, ledger_path, load, position_after};
use super::ledger_pg::PgLedger;
use super::root::Root;
use crate::board::Cell;
use crate::boards::options::BoardsOptions;
use crate::error::{Error, Result};
use crate::notation::parse_moves;
use crate::rules::Rules;
use crate::search::{Goal, checkpoint};
use std::path::{Path, PathBuf};

/// A part to solve: the stones from the empty board, and the goal (hold where Black's win is
/// refuted with White to move, win where Black is to move; hold at the root for White's).
#[derive(Debug, Clone)]
pub struct Job {
    /// The stones played.
    pub cells: Vec<Cell>,
    /// The stones as Go-style points.
    pub moves: String,
    /// What the part's solve proves.
    pub goal: Goal,
    /// For a part already recorded without a certificate: the solve then only writes the
    /// certificate (over the part's table file it answers at once), or adopts a certificate
    /// file already in its place that the checker accepts for this position and value.
    pub certify: Option<Certify>,
}

/// What a job that writes a recorded part's certificate knows of the part.
#[derive(Debug, Clone)]
pub struct Certify {
    /// The recorded value.
    pub value: String,
    /// Seconds the part's solve took: the certificate may take a multiple of them.
    pub seconds: f64,
    /// Seconds the last attempt at the certificate was allowed, if it ran out of time.
    pub tried: Option<f64>,
}

/// The job to solve next among `listed` (best first, see [`super::frontier`]): the first one
/// stopped at a checkpoint (its work is not lost to a later run), else the first.
pub(super) fn next_of(root: &Root, opts: &BoardsOptions, listed: Vec<Job>) -> Option<Job> {
    let resumable = listed
        .iter()
        .position(|j| part_tt(opts, root, j).is_some_and(|t| checkpoint::path_for(&t).exists()));
    listed.into_iter().nth(resumable.unwrap_or(0))
}

/// Refuses a ledger that cannot be read (a directory's file that is not a ledger, a database
/// that cannot be reached or migrated) and `--part` moves that are not legal for `rules`.
pub fn check_inputs(root: &Root, opts: &BoardsOptions, at: &LedgerAt) -> Result<()> {
    match at {
        LedgerAt::Dir(dir) => {
            if let Some(from) = &opts.import {
                return Err(Error::Option(format!(
                    "--import-ledger {}: parts are imported into a postgresql:// --by-parts \
                     ledger, not into the directory {}",
                    from.display(),
                    dir.display()
                )));
            }
            load(&ledger_path(dir, root), root)?;
        }
        LedgerAt::Postgres(url) => {
            if let Some(from) = &opts.import {
                importable(&load(&ledger_path(from, root), root)?, opts)?;
            }
            PgLedger::open(url, root)?;
        }
    }
    extra_parts(root, opts).map(|_| ())
}

/// Whether every part of a directory ledger can be imported: with certificates on, each
/// part names a certificate file that can be read (its bytes are checked at the import).
pub(super) fn importable(ledger: &Ledger, opts: &BoardsOptions) -> Result<()> {
    if opts.cert_dir.is_none() {
        return Ok(());
    }
    for part in &ledger.parts {
        let Some(file) = &part.certificate else {
            return Err(Error::Option(format!(
                "--import-ledger: part '{}' of {} has no certificate to import (give \
                 --no-certificates to import the values as recorded)",
                part.moves, ledger.rules
            )));
        };
        if !Path::new(file).is_file() {
            return Err(Error::Option(format!(
                "--import-ledger: part '{}' of {}: its certificate {file} is not there \
                 (paths in a ledger are relative to the directory its run started in)",
                part.moves, ledger.rules
            )));
        }
    }
    Ok(())
}

/// The `--part` positions as stones from the empty board.
/// Each must lie below the root (its stones begin with the root's).
pub(super) fn extra_parts(root: &Root, opts: &BoardsOptions) -> Result<Vec<Vec<Cell>>> {
    opts.parts_at
        .iter()
        .map(|m| {
            let (cells, _) = position_after(&root.rules, m)
                .map_err(|e| Error::Option(format!("--part '{m}': {e}")))?;
            if !cells.starts_with(&root.cells) || cells.len() == root.cells.len() {
                return Err(Error::Option(format!(
                    "--part '{m}': not a position below the root ({})",
                    super::solve::shown(&root.moves())
                )));
            }
            Ok(cells)
        })
        .collect()
}

/// The table file of a part: `DIR/STEM/MOVES.tt` under `--tt-dir` (the stem is the root's,
/// `m_n_k_p_q` for a row).
pub(super) fn part_tt(opts: &BoardsOptions, root: &Root, job: &Job) -> Option<PathBuf> {
    opts.tt_dir
        .as_ref()
        .map(|d| d.join(root.stem()).join(format!("{}.tt", part_name(job))))
}

/// A part's file name: its moves joined by `-` (shortened after many moves, see
/// [`super::root::file_name`]), or `root`.
pub(super) fn part_name(job: &Job) -> String {
    moves_name(&job.moves)
}

/// The file name of the part after `moves` (see [`part_name`]).
pub(super) fn moves_name(moves: &str) -> String {
    if moves.is_empty() {
        "root".to_string()
    } else {
        super::root::file_name(moves.replace(' ', "-"))
    }
}

/// Jobs that write the certificates of recorded parts that have none, or whose file is gone
/// (part certificates of large rows are not kept in the repository).
pub(super) fn certificate_jobs(rules: &Rules, ledger: &Ledger) -> Vec<Job> {
    ledger
        .parts
        .iter()
        .filter(|p| {
            p.certificate
                .as_ref()
                .is_none_or(|f| !Path::new(f).exists())
        })
        .filter_map(|p| {
            let cells = parse_moves(rules, &p.moves).ok()?;
            Some(Job {
                cells,
                moves: p.moves.clone(),
                goal: p.goal(),
                certify: Some(Certify {
                    value: p.value.clone(),
                    seconds: p.seconds,
                    tried: p.certificate_tried,
                }),
            })
        })
        .collect()
}
