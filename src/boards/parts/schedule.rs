//! The parts still to solve for a board, and where each part's files go.

use super::at::LedgerAt;
use super::compose::Index;
use super::ledger::{Ledger, ledger_path, load, position_after};
use super::ledger_pg::PgLedger;
use crate::board::{Cell, Position};
use crate::boards::options::{BoardsOptions, file_stem};
use crate::error::{Error, Result};
use crate::notation::{format_moves, parse_moves};
use crate::rules::{Color, Rules};
use crate::search::{Goal, checkpoint, dfpn};
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

/// The parts still to solve for `rules`: each of Black's first turns up to symmetry that no
/// part settles and that has no part below it (one split further by hand is left to its
/// `--part`s), the root for White when q != p, then the positions of `extra` (Black's win
/// refuted there) not yet in the ledger.
pub fn jobs(rules: &Rules, ledger: &Ledger, extra: &[Vec<Cell>]) -> Vec<Job> {
    let index = Index::new(rules, ledger);
    let root = Position::new(*rules);
    // The positions on the way to an extra part: a first turn among them is split by hand.
    let mut split = hashbrown::HashSet::new();
    for cells in extra {
        let mut pos = root.clone();
        for &c in cells {
            pos.play(c);
            split.insert(dfpn::key_for(&pos, Color::Black));
        }
    }
    let mut out = Vec::new();
    for (a, b, key) in dfpn::root_turns(&root, Color::Black) {
        let cells: Vec<Cell> = std::iter::once(a).chain(b).collect();
        if index.prefixes.contains(&key) || split.contains(&key) {
            continue;
        }
        out.push(Job {
            moves: format_moves(rules, &cells),
            cells,
            goal: Goal::Hold,
            certify: None,
        });
    }
    if rules.q != rules.p && !index.prefixes.contains(&dfpn::key_for(&root, Color::White)) {
        out.push(Job {
            cells: Vec::new(),
            moves: String::new(),
            goal: Goal::Hold,
            certify: None,
        });
    }
    for cells in extra {
        let Ok(pos) = Position::from_moves(*rules, cells) else {
            continue;
        };
        if index.at.contains_key(&dfpn::key_for(&pos, Color::Black)) {
            continue;
        }
        let goal = if pos.to_move() == Color::Black {
            Goal::Win
        } else {
            Goal::Hold
        };
        out.push(Job {
            cells: cells.clone(),
            moves: format_moves(rules, cells),
            goal,
            certify: None,
        });
    }
    out
}

/// Puts the jobs in the order they are solved: parts stopped at a checkpoint first (their
/// work is not lost to a later run), then certificates for recorded parts (work of a known,
/// bounded size: the recorded solve), then the `--part` positions asked for (splits meant to
/// be cheaper than their first turns), then the rest.
pub(super) fn in_order(rules: &Rules, opts: &BoardsOptions, todo: &mut [Job], extra: &[Vec<Cell>]) {
    todo.sort_by_key(|j| {
        let resumable = part_tt(opts, rules, j).is_some_and(|t| checkpoint::path_for(&t).exists());
        (!resumable, j.certify.is_none(), !extra.contains(&j.cells))
    });
}

/// Refuses a ledger that cannot be read (a directory's file that is not a ledger, a database
/// that cannot be reached or migrated) and `--part` moves that are not legal for `rules`.
pub fn check_inputs(rules: &Rules, opts: &BoardsOptions, at: &LedgerAt) -> Result<()> {
    match at {
        LedgerAt::Dir(dir) => {
            load(&ledger_path(dir, rules), rules)?;
        }
        LedgerAt::Postgres(url) => {
            PgLedger::open(url, rules)?;
        }
    }
    extra_parts(rules, opts).map(|_| ())
}

/// The `--part` positions as stones from the empty board.
pub(super) fn extra_parts(rules: &Rules, opts: &BoardsOptions) -> Result<Vec<Vec<Cell>>> {
    opts.parts_at
        .iter()
        .map(|m| {
            position_after(rules, m)
                .map(|(cells, _)| cells)
                .map_err(|e| Error::Option(format!("--part '{m}': {e}")))
        })
        .collect()
}

/// The table file of a part: `DIR/m_n_k_p_q/MOVES.tt` under `--tt-dir`.
pub(super) fn part_tt(opts: &BoardsOptions, rules: &Rules, job: &Job) -> Option<PathBuf> {
    opts.tt_dir.as_ref().map(|d| {
        d.join(file_stem(rules))
            .join(format!("{}.tt", part_name(job)))
    })
}

/// A part's file name: its moves joined by `-`, or `root`.
pub(super) fn part_name(job: &Job) -> String {
    if job.moves.is_empty() {
        "root".to_string()
    } else {
        job.moves.replace(' ', "-")
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
            let goal = if p.value == "no-win" || p.value == "win" {
                Goal::Win
            } else {
                Goal::Hold
            };
            Some(Job {
                cells,
                moves: p.moves.clone(),
                goal,
                certify: Some(Certify {
                    value: p.value.clone(),
                    seconds: p.seconds,
                    tried: p.certificate_tried,
                }),
            })
        })
        .collect()
}
