//! One worker process of a row solved by parts over a PostgreSQL ledger: claim a part, solve
//! it while a lease thread renews the claim, record it with its certificate, and again until
//! the row is settled, nothing is left to claim, or the run's time is up. The parts to solve
//! and the composition are the directory ledger's ([`super::schedule`], [`super::compose`]).

use super::certify::row_of;
use super::compose::{Composed, compose};
use super::frontier::ordered_jobs;
use super::ledger::goal_name;
use super::ledger_pg::PgLedger;
use super::replies;
use super::root::Root;
use super::schedule::{Job, extra_parts, next_of};
use super::solve::{Solved, shown, solve_part, split_line};
use crate::board::Cell;
use crate::boards::backing::sha256_hex;
use crate::boards::made::load_average;
use crate::boards::options::BoardsOptions;
use crate::boards::rows::Row;
use crate::error::{Error, Result};
use hashbrown::HashSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// Solves parts of `root` from the ledger at `url` with `opts.part_workers` claim loops
/// (each with its own connections) until the row is settled, nothing is left to claim or
/// the run's time is up, then composes the row from the ledger, every certificate checked.
/// `None` when Ctrl-C stopped it (a stopped part is given back, open, for any worker).
pub fn solve_row(
    root: &Root,
    opts: &BoardsOptions,
    url: &str,
    progress: &mut dyn FnMut(&str),
) -> Result<Option<Row>> {
    let mut db = PgLedger::open(url, root)?;
    let shown_url = super::at::without_password(url);
    let load_avg = load_average();
    let extra = extra_parts(root, opts)?;
    if let Some(dir) = &opts.import {
        let from = super::ledger::ledger_path(dir, root);
        let (parts, splits) = db.import(
            root,
            &super::ledger::load(&from, root)?,
            opts.cert_dir.is_some(),
        )?;
        progress(&format!(
            "{root}: imported {parts} parts and {splits} splits from {} (those the database \
             lacked)",
            from.display()
        ));
    }
    let ledger = db.records(root)?;
    let (refuted, turns) = super::compose::first_turns_refuted(root, &ledger);
    progress(&format!(
        "{root}: {} parts in {shown_url} ({refuted} of {turns} first turns refuted); \
         claiming parts with {} worker(s), lease {} s",
        ledger.parts.len(),
        opts.part_workers.max(1),
        opts.lease.as_secs_f64()
    ));
    let deadline = Instant::now() + opts.time_limit;
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Result<String>>();
    let mut error = None;
    std::thread::scope(|s| {
        for _ in 0..opts.part_workers.max(1) {
            let (tx, stop, extra) = (tx.clone(), stop.clone(), &extra);
            s.spawn(move || {
                let said = |line: String| {
                    let _ = tx.send(Ok(line));
                };
                if let Err(e) = claim_loop(root, opts, url, extra, deadline, &stop, &said) {
                    let _ = tx.send(Err(e));
                }
            });
        }
        drop(tx);
        loop {
            match rx.recv_timeout(Duration::from_millis(200)) {
                Ok(Ok(line)) => progress(&line),
                Ok(Err(e)) => {
                    error.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if interrupted(opts) {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    if interrupted(opts) {
        return Ok(None);
    }
    db.finish()?;
    let ledger = db.verified(root, opts.cert_dir.as_deref())?;
    let effort = db.effort()?;
    row_of(root, opts, &ledger, &shown_url, load_avg, effort).map(Some)
}

/// True once Ctrl-C was pressed.
fn interrupted(opts: &BoardsOptions) -> bool {
    opts.search
        .interrupt
        .as_ref()
        .is_some_and(|f| f.load(Ordering::Relaxed))
}

/// How long a worker waits before looking again when every part left is held by others.
fn poll(lease: Duration) -> Duration {
    (lease / 4).clamp(Duration::from_millis(200), Duration::from_secs(5))
}

/// One claim loop: claims the first part of the schedule that no live lease holds, solves it
/// under a renewed lease, records or gives it back; ends when the row is settled, every part
/// it needs is done, `stop` is set or the run's time is up (it waits while parts are held by
/// others, or were claimable but taken by another worker's claim in flight).
fn claim_loop(
    root: &Root,
    opts: &BoardsOptions,
    url: &str,
    extra: &[Vec<Cell>],
    deadline: Instant,
    stop: &Arc<AtomicBool>,
    said: &dyn Fn(String),
) -> Result<()> {
    let mut db = PgLedger::open(url, root)?;
    // The lease thread's own connection: renewals never wait for this one.
    let mut lease_db = PgLedger::open(url, root)?;
    loop {
        if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
            return Ok(());
        }
        let ledger = db.records(root)?;
        if compose(root, &ledger) != Composed::Open {
            return Ok(());
        }
        // Parts held under a live lease count as refuted while the best open ones are picked:
        // this worker then goes where no one else is.
        let running = db.running()?;
        let held: HashSet<String> = running
            .iter()
            .filter(|r| r.lease_left > 0.0)
            .map(|r| r.moves.clone())
            .collect();
        let todo = ordered_jobs(root, &ledger, extra, &held, LISTED);
        if todo.is_empty() {
            if held.is_empty() {
                return Ok(());
            }
            // Every part left is another worker's; its split may give more.
            std::thread::sleep(poll(opts.lease));
            continue;
        }
        let offered: Vec<(String, &'static str)> = todo
            .iter()
            .map(|j| (j.moves.clone(), goal_name(j.goal)))
            .collect();
        db.offer(&offered)?;
        // A part stopped at a checkpoint first (in a shared --tt-dir), then the best.
        let first = next_of(root, opts, todo.clone()).map(|j| j.moves);
        let mut wanted: Vec<String> = first.iter().cloned().collect();
        wanted.extend(
            offered
                .into_iter()
                .map(|(m, _)| m)
                .filter(|m| Some(m) != first.as_ref()),
        );
        let Some(moves) = db.claim(&wanted, opts.lease)? else {
            std::thread::sleep(poll(opts.lease));
            continue;
        };
        let Some(job) = todo.into_iter().find(|j| j.moves == moves) else {
            continue;
        };
        let answers = match opts.reply_trials {
            0 => Vec::new(),
            _ => replies::candidates(root, &ledger),
        };
        let left = deadline.saturating_duration_since(Instant::now());
        let (solved, lost) = solve_leased(root, opts, &job, left, stop, &answers, &mut lease_db);
        let solved = match solved {
            Ok(s) => s,
            Err(e) => {
                // The part is given back at once (not after its lease) for another worker;
                // this worker stops with the error.
                if !lost {
                    let _ = db.release(&job.moves);
                }
                return Err(e);
            }
        };
        if lost {
            said(format!(
                "{root}: part {} was claimed by another worker after this one's lease \
                 expired: left to it",
                shown(&job.moves)
            ));
            continue;
        }
        match solved {
            Solved::Proven(part, note) => {
                let bytes = certificate_bytes(&part)?;
                let recorded = db.record(&job.moves, &part, bytes.as_deref())?;
                let note = note.map(|n| format!(" ({n})")).unwrap_or_default();
                said(if recorded {
                    format!(
                        "{root}: part {} proven {} in {:.0} s, {} nodes{note}",
                        shown(&part.moves),
                        part.value,
                        part.seconds,
                        part.nodes
                    )
                } else {
                    format!(
                        "{root}: part {} proven {}, but its claim was lost (lease expired): \
                         not recorded by this worker",
                        shown(&part.moves),
                        part.value
                    )
                });
            }
            Solved::Split(split) => {
                said(if db.record_split(&job.moves, &split)? {
                    split_line(root, &split)
                } else {
                    format!(
                        "{root}: part {} outgrew its budget, but its claim was lost (lease \
                         expired): its split is not recorded by this worker",
                        shown(&job.moves)
                    )
                });
            }
            Solved::Open(line) => {
                db.release(&job.moves)?;
                said(line);
            }
        }
    }
}

/// How many of the best open parts a worker offers and tries to claim.
const LISTED: usize = 16;

/// The certificate file's bytes of a proven part, which must still have the SHA-256 its
/// record names (the file was written and checked by this worker a moment ago).
fn certificate_bytes(part: &super::ledger::PartRecord) -> Result<Option<Vec<u8>>> {
    let (Some(file), Some(sha)) = (&part.certificate, &part.certificate_sha256) else {
        return Ok(None);
    };
    let bytes =
        crate::files::bounded::read(Path::new(file), crate::files::bounded::Kind::Certificate)
            .map_err(|e| Error::Io(format!("cannot read {file}: {e}")))?;
    if sha256_hex(&bytes) != *sha {
        return Err(Error::Io(format!(
            "{file} changed after it was checked: not recorded"
        )));
    }
    Ok(Some(bytes))
}

/// Solves `job` while a thread renews its lease every third of `opts.lease`; the solve is
/// stopped when `stop` is set or the claim is lost (true with the result: not to be
/// recorded). A renewal that fails on the database's side is an error.
fn solve_leased(
    root: &Root,
    opts: &BoardsOptions,
    job: &Job,
    left: Duration,
    stop: &Arc<AtomicBool>,
    answers: &[Vec<Cell>],
    lease_db: &mut PgLedger,
) -> (Result<Solved>, bool) {
    let part_stop = Arc::new(AtomicBool::new(false));
    let done = AtomicBool::new(false);
    let lost = AtomicBool::new(false);
    let every = opts.lease / 3;
    let mut renew_error = None;
    let solved = std::thread::scope(|s| {
        s.spawn(|| {
            let mut last = Instant::now();
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(50));
                if stop.load(Ordering::Relaxed) {
                    part_stop.store(true, Ordering::Relaxed);
                }
                if last.elapsed() < every {
                    continue;
                }
                last = Instant::now();
                match lease_db.renew(&job.moves, opts.lease) {
                    Ok(true) => {}
                    Ok(false) => {
                        lost.store(true, Ordering::Relaxed);
                        part_stop.store(true, Ordering::Relaxed);
                    }
                    Err(e) => {
                        renew_error = Some(e);
                        lost.store(true, Ordering::Relaxed);
                        part_stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        });
        let solved = solve_part(root, opts, job, left, part_stop.clone(), answers);
        done.store(true, Ordering::Relaxed);
        solved
    });
    match renew_error {
        Some(e) => (Err(e), true),
        None => (solved, lost.load(Ordering::Relaxed)),
    }
}
