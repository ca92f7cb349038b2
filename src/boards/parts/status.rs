//! How far a row's ledger is (`c6solve status LEDGER --rules R`): parts done, running, open
//! and split, and the value composed so far, for a directory or a PostgreSQL ledger.

use super::at::LedgerAt;
use super::compose::{Composed, compose, first_turns_refuted};
use super::frontier::ordered_jobs;
use super::ledger::{Ledger, ledger_path, load};
use super::ledger_pg::{PgLedger, Running};
use super::root::Root;
use crate::boards::rows::Effort;
use crate::error::{Error, Result};
use hashbrown::HashSet;
use serde::Serialize;

/// A row's ledger at a glance.
#[derive(Debug, Clone, Serialize)]
pub struct LedgerStatus {
    /// `m,n,k,p,q`, or `m,n,k,p,q@MOVES` for a position after moves (see [`Root::key`]).
    pub rules: String,
    /// The ledger's file or URL (without its password).
    pub ledger: String,
    /// Parts proven, with their values.
    pub done: Vec<(String, String)>,
    /// Parts claimed by a worker (PostgreSQL only: a directory ledger records no claims).
    pub running: Vec<RunningPart>,
    /// False for a directory ledger, which does not record which parts a run is solving.
    pub claims_recorded: bool,
    /// Parts still to solve that no worker holds, best first.
    pub open: Vec<String>,
    /// First turns settled or being settled by parts below them (hand splits, reply
    /// trials), each with its parts' count.
    pub split: Vec<(String, usize)>,
    /// Parts split automatically (`--part-nodes`), each with why.
    pub auto_split: Vec<(String, String)>,
    /// The mover's first turns up to symmetry (Black's on an empty board) refuted so far, of
    /// how many.
    pub first_turns_refuted: (usize, usize),
    /// The value composed so far, for the side to move at the root: `win`, `draw`, `loss` or
    /// `open`.
    pub value: String,
    /// Done parts whose certificate no longer has its recorded SHA-256 (PostgreSQL).
    pub mismatched: Vec<String>,
    /// What the workers spent so far.
    pub effort: Option<Effort>,
}

/// How many open parts and splits the text lists (the JSON has them all).
const SHOWN: usize = 20;

/// The first [`SHOWN`] of `items`, comma-separated, then how many more there are.
fn first_shown(items: impl ExactSizeIterator<Item = String>) -> String {
    let more = items.len().saturating_sub(SHOWN);
    let list = items.take(SHOWN).collect::<Vec<_>>().join(", ");
    match more {
        0 => list,
        more => format!("{list} and {more} more"),
    }
}

/// A claimed part, as shown.
#[derive(Debug, Clone, Serialize)]
pub struct RunningPart {
    /// The part's moves (empty for the root).
    pub moves: String,
    /// The worker's host.
    pub host: String,
    /// The worker, `host:pid`.
    pub worker: String,
    /// When it claimed the part (UTC).
    pub since: String,
    /// Seconds its lease has left; negative when it expired (the worker is gone: any other
    /// worker claims the part again).
    pub lease_left: f64,
}

/// Reads the status of `root`'s ledger at `at`; a directory without its ledger file is an
/// error (nothing was solved there).
pub fn status(root: &Root, at: &LedgerAt) -> Result<LedgerStatus> {
    let (ledger, running, mismatched, effort) = match at {
        LedgerAt::Dir(dir) => {
            let path = ledger_path(dir, root);
            if !path.exists() {
                return Err(Error::Io(format!(
                    "{}: no ledger of {root} there (no part solved yet)",
                    path.display()
                )));
            }
            let ledger = load(&path, root)?;
            let effort = super::effort::of_sessions(&ledger.sessions);
            (ledger, Vec::new(), Vec::new(), effort)
        }
        LedgerAt::Postgres(url) => {
            let mut db = PgLedger::open(url, root)?;
            let ledger = db.records(root)?;
            (ledger, db.running()?, db.mismatched()?, db.effort()?)
        }
    };
    let mut status = of(root, at, &ledger, running, mismatched, effort);
    status.claims_recorded = matches!(at, LedgerAt::Postgres(_));
    Ok(status)
}

fn of(
    root: &Root,
    at: &LedgerAt,
    ledger: &Ledger,
    running: Vec<Running>,
    mismatched: Vec<String>,
    effort: Option<Effort>,
) -> LedgerStatus {
    let held: HashSet<String> = running.iter().map(|r| r.moves.clone()).collect();
    let open = ordered_jobs(root, ledger, &[], &held, usize::MAX)
        .into_iter()
        .map(|j| j.moves)
        .collect();
    let first = root.first_turn_len();
    let mut split: Vec<(String, usize)> = Vec::new();
    for p in &ledger.parts {
        let stones: Vec<&str> = p.moves.split_whitespace().collect();
        if stones.len() <= first {
            continue;
        }
        let turn = stones[..first].join(" ");
        match split.iter_mut().find(|(t, _)| *t == turn) {
            Some((_, n)) => *n += 1,
            None => split.push((turn, 1)),
        }
    }
    let value = match compose(root, ledger) {
        Composed::Value { value, .. } => value.name().to_string(),
        Composed::Open => "open".to_string(),
    };
    LedgerStatus {
        rules: root.key(),
        ledger: at.to_string(),
        done: ledger
            .parts
            .iter()
            .map(|p| (p.moves.clone(), p.value.clone()))
            .collect(),
        running: running
            .into_iter()
            .map(|r| RunningPart {
                moves: r.moves,
                host: r.host,
                worker: r.worker,
                since: r.since,
                lease_left: r.lease_left,
            })
            .collect(),
        claims_recorded: true,
        open,
        split,
        auto_split: ledger
            .splits
            .iter()
            .map(|s| (s.moves.clone(), s.why.clone()))
            .collect(),
        first_turns_refuted: first_turns_refuted(root, ledger),
        value,
        mismatched,
        effort,
    }
}

impl LedgerStatus {
    /// The status as `label text` lines.
    pub fn describe(&self) -> Vec<(&'static str, String)> {
        let at = |m: &str| {
            if m.is_empty() {
                "(root)".to_string()
            } else {
                m.to_string()
            }
        };
        let mut lines = vec![
            ("ledger", self.ledger.clone()),
            ("rules", self.rules.clone()),
            (
                "value",
                format!(
                    "{} ({} of {} first turns refuted)",
                    self.value, self.first_turns_refuted.0, self.first_turns_refuted.1
                ),
            ),
            (
                "done",
                format!(
                    "{}: {}",
                    self.done.len(),
                    first_shown(self.done.iter().map(|(m, v)| format!("{} {v}", at(m))))
                ),
            ),
        ];
        lines.push((
            "running",
            if self.claims_recorded {
                self.running.len().to_string()
            } else {
                "not recorded (a directory ledger does not say what a run is solving)".into()
            },
        ));
        for r in &self.running {
            let lease = if r.lease_left >= 0.0 {
                format!("lease {:.0} s left", r.lease_left)
            } else {
                format!(
                    "lease expired {:.0} s ago: the next worker claims it again",
                    -r.lease_left
                )
            };
            lines.push((
                "",
                format!(
                    "{} on {} ({}) since {}, {lease}",
                    at(&r.moves),
                    r.host,
                    r.worker,
                    r.since
                ),
            ));
        }
        lines.push((
            "open",
            format!(
                "{}{}",
                self.open.len(),
                if self.open.is_empty() {
                    String::new()
                } else {
                    // The best first; a split row has hundreds.
                    format!(": {}", first_shown(self.open.iter().map(|m| at(m))))
                }
            ),
        ));
        lines.push((
            "split",
            format!(
                "{}{}",
                self.split.len(),
                if self.split.is_empty() {
                    String::new()
                } else {
                    format!(
                        ": {}",
                        self.split
                            .iter()
                            .map(|(t, n)| format!("{t} ({n} parts below)"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            ),
        ));
        lines.push(("auto-split", self.auto_split.len().to_string()));
        for (m, why) in self.auto_split.iter().take(SHOWN) {
            lines.push(("", format!("{}: {why}", at(m))));
        }
        if self.auto_split.len() > SHOWN {
            lines.push(("", format!("and {} more", self.auto_split.len() - SHOWN)));
        }
        if let Some(e) = &self.effort {
            lines.push((
                "effort",
                format!(
                    "{} worker(s), {:.1} s wall, {:.1} s CPU",
                    e.workers, e.wall_seconds, e.cpu_seconds
                ),
            ));
        }
        if !self.mismatched.is_empty() {
            lines.push((
                "TAMPERED",
                format!(
                    "certificates without their recorded SHA-256: {}",
                    self.mismatched
                        .iter()
                        .map(|m| at(m))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        lines
    }
}
