//! Solving a board's missing parts: workers side by side until the row's time limit, each
//! part tried with White's recorded answers first, each proven part recorded in the ledger.

use super::certify::{adopted, certificate_deadline, row_of, write_part_certificate};
use super::compose::{Composed, compose, first_turns_refuted};
use super::effort::{self, Session};
use super::frontier::ordered_jobs;
use super::ledger::{Ledger, PartRecord, goal_name, ledger_path, load, save};
use super::ledger_pg::host_name;
use super::replies;
use super::root::Root;
use super::schedule::{Job, certificate_jobs, extra_parts, next_of, part_name, part_tt};
use super::split::{self, SplitRecord};
use crate::board::{Cell, Position};
use crate::boards::made::load_average;
use crate::boards::options::BoardsOptions;
use crate::boards::rows::Row;
use crate::error::{Error, Result};
use crate::lab::provenance::{git_commit, utc_now};
use crate::notation::format_moves;
use crate::proof::cert;
use crate::rules::Rules;
use crate::search::{Goal, Outcome, SolveOptions, checkpoint, open_table, solve_then};
use hashbrown::HashSet;
use std::collections::VecDeque;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, mpsc};
use std::time::{Duration, Instant};

/// The result of a part's solve, sent from a worker.
pub(super) enum Solved {
    /// Proven, with a note when its certificate could not be written.
    Proven(Box<PartRecord>, Option<String>),
    /// Not proven within `--part-nodes`: split (see [`super::split`]).
    Split(Box<SplitRecord>),
    /// Not proven within the run's time (or stopped): the progress line saying so.
    Open(String),
}

/// [`super::solve_row`] with the ledger file in `dir`, written by this process alone.
pub(super) fn solve_row_dir(
    root: &Root,
    opts: &BoardsOptions,
    dir: &Path,
    progress: &mut dyn FnMut(&str),
) -> Result<Option<Row>> {
    let path = ledger_path(dir, root);
    let mut ledger = load(&path, root)?;
    if opts.reply_trials > 0 && replies::fill_replies(root, &mut ledger) > 0 {
        save(&path, &ledger)?;
    }
    let load_avg = load_average();
    let extra = extra_parts(root, opts)?;
    let certify = match opts.cert_dir {
        Some(_) => certificate_jobs(&root.rules, &ledger),
        None => Vec::new(),
    };
    let settled = compose(root, &ledger) != Composed::Open;
    // A settled row only writes the certificates its parts lack.
    let open = match settled {
        true => 0,
        false => ordered_jobs(root, &ledger, &extra, &HashSet::new(), usize::MAX).len(),
    };
    if open + certify.len() > 0 {
        let (refuted, turns) = first_turns_refuted(root, &ledger);
        progress(&format!(
            "{root}: {} in {} ({refuted} of {turns} first turns refuted); {open} open, \
             {} certificate(s) to write",
            match ledger.parts.len() {
                1 => "1 part".to_string(),
                n => format!("{n} parts"),
            },
            path.display(),
            certify.len()
        ));
        // This run is one more session of the row's effort, updated at every save.
        ledger.sessions.push(Session {
            worker: format!("{}:{}", host_name(), std::process::id()),
            started: utc_now(),
            wall_seconds: 0.0,
            cpu_seconds: 0.0,
        });
        let clock = SessionClock::start();
        let todo = Todo {
            certify: certify.into(),
            extra,
            busy: HashSet::new(),
        };
        let stopped = solve_missing(root, opts, todo, &mut ledger, &path, &clock, progress)?;
        clock.update(&mut ledger);
        save(&path, &ledger)?;
        if stopped {
            return Ok(None);
        }
    }
    let effort = effort::of_sessions(&ledger.sessions);
    let name = path.display().to_string();
    row_of(root, opts, &ledger, &name, load_avg, effort).map(Some)
}

/// The wall and CPU time of this run, for its session in the ledger.
struct SessionClock {
    start: Instant,
    cpu: f64,
}

impl SessionClock {
    fn start() -> SessionClock {
        SessionClock {
            start: Instant::now(),
            cpu: effort::cpu_seconds().unwrap_or(0.0),
        }
    }

    /// Writes this run's figures so far into the ledger's last session (this run's).
    fn update(&self, ledger: &mut Ledger) {
        if let Some(s) = ledger.sessions.last_mut() {
            s.wall_seconds = (self.start.elapsed().as_secs_f64() * 100.0).round() / 100.0;
            let cpu = effort::cpu_seconds().unwrap_or(0.0) - self.cpu;
            s.cpu_seconds = (cpu.max(0.0) * 100.0).round() / 100.0;
        }
    }
}

/// What the workers of a directory ledger take their jobs from.
struct Todo {
    /// Certificates to write for recorded parts (first: work of a known, bounded size).
    certify: VecDeque<Job>,
    /// The `--part` positions.
    extra: Vec<Vec<Cell>>,
    /// Parts being solved by a worker of this run (their moves).
    busy: HashSet<String>,
}

/// What a worker asks for next.
enum Next {
    Solve(Job),
    /// Nothing free now, but parts being solved may split into more.
    Wait,
    Done,
}

impl Todo {
    /// The next job given `ledger` as it stands: a certificate to write, else the best open
    /// part no worker is solving (none once the row is settled).
    fn next(&mut self, root: &Root, opts: &BoardsOptions, ledger: &Ledger) -> Next {
        if let Some(job) = self.certify.pop_front() {
            return Next::Solve(job);
        }
        if compose(root, ledger) != Composed::Open {
            return Next::Done;
        }
        let listed = ordered_jobs(root, ledger, &self.extra, &self.busy, LISTED);
        match next_of(root, opts, listed) {
            Some(job) => {
                self.busy.insert(job.moves.clone());
                Next::Solve(job)
            }
            None if self.busy.is_empty() => Next::Done,
            None => Next::Wait,
        }
    }
}

/// How many of the best open parts a worker looks at for one stopped at a checkpoint.
const LISTED: usize = 16;

/// Runs the workers over the row's open parts and `todo`'s certificates until nothing is
/// left, the row is settled or the run's time is up; true when Ctrl-C stopped them.
fn solve_missing(
    root: &Root,
    opts: &BoardsOptions,
    todo: Todo,
    ledger: &mut Ledger,
    path: &Path,
    clock: &SessionClock,
    progress: &mut dyn FnMut(&str),
) -> Result<bool> {
    let deadline = Instant::now() + opts.time_limit;
    // Certificates are written for parts of a settled row too: the row's settling then
    // stops nothing.
    let certifying = !todo.certify.is_empty();
    // The workers schedule from their own copy of the ledger, which this thread replaces
    // after every record (it alone writes the file).
    let shared = Mutex::new((todo, ledger.clone()));
    // Signalled when the shared copy changes (a worker waiting for work looks again).
    let changed = Condvar::new();
    // White's answers for the reply trials, from the ledger as it grows.
    let answers_of = |ledger: &Ledger| match opts.reply_trials {
        0 => Vec::new(),
        _ => replies::candidates(root, ledger),
    };
    let answers = Mutex::new(answers_of(ledger));
    // Stops the workers: set on Ctrl-C, and when a first turn is lost (the row is a win).
    let stop = Arc::new(AtomicBool::new(false));
    let workers = opts.part_workers.max(1);
    let (tx, rx) = mpsc::channel::<(String, Result<Solved>)>();
    let mut error = None;
    std::thread::scope(|s| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (shared, changed, answers, stop) = (&shared, &changed, &answers, stop.clone());
            s.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) || Instant::now() >= deadline {
                        break;
                    }
                    let next = {
                        let mut guard = shared.lock().expect("schedule lock");
                        loop {
                            let (todo, ledger) = &mut *guard;
                            match todo.next(root, opts, ledger) {
                                // Woken as soon as a part is recorded (it may have split
                                // into more), or after a while to look at the clock.
                                Next::Wait if !stop.load(Ordering::Relaxed) => {
                                    guard = changed
                                        .wait_timeout(guard, Duration::from_millis(200))
                                        .expect("schedule lock")
                                        .0;
                                    if Instant::now() >= deadline {
                                        break Next::Done;
                                    }
                                }
                                Next::Wait => break Next::Done,
                                next => break next,
                            }
                        }
                    };
                    let job = match next {
                        Next::Solve(job) => job,
                        Next::Wait | Next::Done => break,
                    };
                    let left = deadline.saturating_duration_since(Instant::now());
                    let known = answers.lock().expect("answers lock").clone();
                    let r = solve_part(root, opts, &job, left, stop.clone(), &known);
                    let stopped = !matches!(r, Ok(Solved::Proven(..)) | Ok(Solved::Split(_)));
                    let _ = tx.send((job.moves.clone(), r));
                    if stopped {
                        // Not proven within the run's time, or an error: this worker is done.
                        break;
                    }
                }
            });
        }
        drop(tx);
        loop {
            match rx.recv_timeout(Duration::from_millis(200)) {
                Ok((moves, solved)) => {
                    let proven = matches!(solved, Ok(Solved::Proven(..)) | Ok(Solved::Split(_)));
                    match solved {
                        Ok(Solved::Proven(part, note)) => {
                            progress(&proven_line(root, ledger, &part, note));
                            merge_part(ledger, *part);
                        }
                        Ok(Solved::Split(split)) => {
                            progress(&split_line(root, &split));
                            ledger.splits.push(*split);
                        }
                        Ok(Solved::Open(line)) => progress(&line),
                        Err(e) => {
                            error.get_or_insert(e);
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    if proven {
                        clock.update(ledger);
                        if let Err(e) = save(path, ledger) {
                            error.get_or_insert(e);
                            stop.store(true, Ordering::Relaxed);
                        }
                        *answers.lock().expect("answers lock") = answers_of(ledger);
                        if compose(root, ledger) != Composed::Open && !certifying {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    // The copy is replaced before the part leaves the busy set: no worker
                    // can pick it again in between.
                    let mut guard = shared.lock().expect("schedule lock");
                    guard.1 = ledger.clone();
                    guard.0.busy.remove(&moves);
                    drop(guard);
                    changed.notify_all();
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if opts
                .search
                .interrupt
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
            {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    if let Some(e) = error {
        return Err(e);
    }
    Ok(opts
        .search
        .interrupt
        .as_ref()
        .is_some_and(|f| f.load(Ordering::Relaxed)))
}

/// The progress line of a proven part (or of a recorded part's certificate).
fn proven_line(root: &Root, ledger: &Ledger, part: &PartRecord, note: Option<String>) -> String {
    let recorded = ledger
        .parts
        .iter()
        .any(|p| p.moves == part.moves && p.value == part.value);
    let note = note.map(|n| format!(" ({n})")).unwrap_or_default();
    match (recorded, &part.certificate) {
        (true, Some(file)) => format!(
            "{root}: part {} ({}): certificate {file}, {} nodes",
            shown(&part.moves),
            part.value,
            part.certificate_nodes.unwrap_or(0)
        ),
        (true, None) => format!(
            "{root}: part {} ({}): no certificate{note}",
            shown(&part.moves),
            part.value
        ),
        _ => format!(
            "{root}: part {} proven {} in {:.0} s, {} nodes{note}",
            shown(&part.moves),
            part.value,
            part.seconds,
            part.nodes
        ),
    }
}

/// The progress line of a split.
pub(super) fn split_line(root: &Root, split: &SplitRecord) -> String {
    format!("{root}: part {} split: {}", shown(&split.moves), split.why)
}

/// Records `part` in `ledger`: a certificate for a recorded part joins its record, which
/// keeps the cost of the solve that proved it; a new part is added.
fn merge_part(ledger: &mut Ledger, part: PartRecord) {
    match ledger
        .parts
        .iter_mut()
        .find(|p| p.moves == part.moves && p.value == part.value)
    {
        Some(p) if part.certificate.is_some() => {
            p.certificate = part.certificate;
            p.certificate_sha256 = part.certificate_sha256;
            p.certificate_nodes = part.certificate_nodes;
            p.certificate_tried = None;
        }
        Some(p) => {
            p.certificate_tried = part.certificate_tried.or(p.certificate_tried);
        }
        None => ledger.parts.push(part),
    }
}

/// `(root)` for the empty move list, else the moves.
pub(super) fn shown(moves: &str) -> &str {
    if moves.is_empty() { "(root)" } else { moves }
}

/// Removes a certified part's table file and checkpoint: the ledger and the certificate
/// carry the part now, and a row of two-stone first turns has hundreds of parts, each table
/// as large as `--tt-size`. A part without a certificate keeps its table, over which a later
/// run with certificates on writes one at once.
pub(super) fn remove_part_table(opts: &BoardsOptions, root: &Root, job: &Job) {
    if let Some(tt) = part_tt(opts, root, job) {
        // A file already gone is what we want; any other failure only leaves disk in use.
        let _ = checkpoint::remove(&checkpoint::path_for(&tt));
        let _ = std::fs::remove_file(&tt);
    }
}

/// Solves one part within `left`, stopped early by `stop`: a certificate already in its place
/// is adopted; a first turn is first tried with the recorded `answers` (see
/// [`super::replies`]), then solved whole.
pub(super) fn solve_part(
    root: &Root,
    opts: &BoardsOptions,
    job: &Job,
    left: Duration,
    stop: Arc<AtomicBool>,
    answers: &[Vec<Cell>],
) -> Result<Solved> {
    if let Some(part) = adopted(root, opts, job) {
        remove_part_table(opts, root, job);
        return Ok(Solved::Proven(Box::new(part), None));
    }
    let start = Instant::now();
    let tried = match try_replies(root, opts, job, left, &stop, answers)? {
        Ok(found) => return Ok(found),
        Err(tried) => tried,
    };
    let left = left.saturating_sub(start.elapsed());
    let solved = solve_job(root, opts, job, left, stop, None)?;
    Ok(match solved {
        Solved::Split(mut split) if tried.count > 0 => {
            split.nodes += tried.nodes;
            split.seconds += tried.seconds;
            split.why = format!(
                "{}, after {} that did not refute {}",
                split.why,
                tried.said(),
                root.mover()
            );
            Solved::Split(split)
        }
        Solved::Proven(mut part, note) if tried.count > 0 => {
            tried.charge(&mut part);
            let spent = format!("after {} that did not", tried.said());
            Solved::Proven(
                part,
                Some(note.map_or(spent.clone(), |n| format!("{n}; {spent}"))),
            )
        }
        other => other,
    })
}

/// Table size of a reply trial, at most (MiB).
const TRIAL_TT_MIB: usize = 1024;

/// What the failed reply trials of a first turn cost.
#[derive(Debug, Clone, Copy, Default)]
struct Tried {
    count: usize,
    nodes: u64,
    seconds: f64,
}

impl Tried {
    /// Adds the trials' cost to the part proven after them.
    fn charge(&self, part: &mut PartRecord) {
        part.nodes += self.nodes;
        part.seconds += self.seconds;
    }

    fn said(&self) -> String {
        format!(
            "{} reply trial(s) ({} nodes, {:.0} s)",
            self.count, self.nodes, self.seconds
        )
    }
}

/// Tries the answers at a first-turn job, each as the part "first turn, answer" with Black to
/// move, within `opts.reply_trial_nodes` nodes: the first refuted is the job's result (`Ok`).
/// `Err` with the cost of the trials when none is, or the job is no first turn.
fn try_replies(
    root: &Root,
    opts: &BoardsOptions,
    job: &Job,
    left: Duration,
    stop: &Arc<AtomicBool>,
    answers: &[Vec<Cell>],
) -> Result<std::result::Result<Solved, Tried>> {
    let mut tried = Tried::default();
    let rules = &root.rules;
    let first_turn =
        job.goal == Goal::Hold && job.certify.is_none() && job.cells.len() == root.first_turn_len();
    let Some(pos) = first_turn
        .then(|| Position::from_moves(*rules, &job.cells).ok())
        .flatten()
    else {
        return Ok(Err(tried));
    };
    let start = Instant::now();
    for reply in replies::trials_at(&pos, answers, opts.reply_trials) {
        let left = left.saturating_sub(start.elapsed());
        if left.is_zero() || stop.load(Ordering::Relaxed) {
            break;
        }
        let cells: Vec<Cell> = job.cells.iter().chain(&reply).copied().collect();
        let trial = Job {
            moves: format_moves(rules, &cells),
            cells,
            goal: Goal::Win,
            certify: None,
        };
        let began = Instant::now();
        match solve_job(
            root,
            opts,
            &trial,
            left,
            stop.clone(),
            Some(opts.reply_trial_nodes),
        )? {
            Solved::Proven(mut part, note) if part.value == "no-win" => {
                tried.charge(&mut part);
                // The first turn is settled below: a table it kept from an earlier run goes.
                remove_part_table(opts, root, job);
                let trials = format!("reply trial {}", tried.count + 1);
                return Ok(Ok(Solved::Proven(
                    part,
                    Some(note.map_or(trials.clone(), |n| format!("{trials}; {n}"))),
                )));
            }
            Solved::Proven(part, _) => tried.nodes += part.nodes,
            // Out of nodes (the usual end): its budget; stopped by time or Ctrl-C, at most that.
            Solved::Open(_) | Solved::Split(_) => tried.nodes += opts.reply_trial_nodes,
        }
        tried.count += 1;
        tried.seconds += began.elapsed().as_secs_f64();
    }
    Ok(Err(tried))
}

/// Solves one job within `left`, stopped early by `stop`. A reply trial (`trial_nodes`) runs
/// in memory within that many nodes, and only a refutation of Black is certified. Any other
/// job not proven within `--part-nodes` is split (its table read for the stones below it).
fn solve_job(
    root: &Root,
    opts: &BoardsOptions,
    job: &Job,
    left: Duration,
    stop: Arc<AtomicBool>,
    trial_nodes: Option<u64>,
) -> Result<Solved> {
    let rules = &root.rules;
    let tt_file = part_tt(opts, root, job).filter(|_| trial_nodes.is_none());
    if let Some(dir) = tt_file.as_ref().and_then(|f| f.parent()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    let mut pos = Position::new(*rules);
    for &c in &job.cells {
        pos.play(c);
    }
    let attacker = split::attacker_for(&pos, goal_name(job.goal));
    // The part's node budget: a trial's, else `--part-nodes` (a certificate job only writes a
    // certificate over a proven table and is never split). Only the mover's claims are split
    // (Black's on an empty board): the opponent's (the root's part) is solved whole, since a
    // split of it would ask of the mover's first turns the other side's question, under the
    // same moves as their own parts.
    let splittable = job.certify.is_none() && attacker == root.mover();
    let budget = trial_nodes.or(opts.part_nodes.filter(|_| splittable));
    let solve_opts = SolveOptions {
        goal: job.goal,
        time_limit: Some(left),
        max_nodes: budget,
        // A trial's few million nodes need no more.
        tt_mib: match trial_nodes {
            Some(_) => opts.search.tt_mib.min(TRIAL_TT_MIB),
            None => opts.search.tt_mib,
        },
        tt_file,
        threads: part_threads(opts),
        // A part is solved whole: `--split-turns` is for a row's own solve.
        split_turns: false,
        interrupt: Some(stop),
        // Several parts at once would fight over one progress line; a log line per
        // checkpoint still shows each part's progress.
        progress: opts.part_workers <= 1,
        ..opts.search.clone()
    };
    let load = load_average();
    let table = open_table(&solve_opts, rules)?;
    let want = opts.cert_dir.is_some();
    let (max, quiet) = (opts.proof_max_nodes, opts.part_workers > 1);
    let (recorded_seconds, tried) = job
        .certify
        .as_ref()
        .map_or((0.0, None), |c| (c.seconds, c.tried));
    let run_end = Instant::now() + left;
    // Split when the search ran out of the part's budget (not of time, not stopped).
    let splits = opts.part_nodes.is_some() && trial_nodes.is_none() && splittable;
    let (report, (certified, allowed, below)) =
        solve_then(&pos, &solve_opts, table, move |pos, report, table| {
            let out_of_nodes = budget.is_some_and(|b| report.nodes >= b);
            if splits && report.value == Outcome::Unknown && !report.interrupted && out_of_nodes {
                let below = split::children_of(pos, attacker, table);
                return (None, 0.0, Some(below));
            }
            let start = Instant::now();
            let deadline =
                certificate_deadline(recorded_seconds.max(report.seconds), tried, run_end);
            let how = cert::Writing {
                max_disproof_nodes: Some(max),
                deadline: Some(deadline),
                progress: !quiet,
                ..cert::Writing::default()
            };
            // A trial that does not refute the mover is dropped: no certificate for it.
            let kept = trial_nodes.is_none() || report.value == Outcome::NoWin;
            let certified =
                // A value proven just as the run was told to stop (another part settled
                // the row) still gets its certificate: the composition may rest on it.
                (want && kept && report.value != Outcome::Unknown)
                    .then(|| cert::certify_with(table, pos, report, &how));
            (certified, (deadline - start).as_secs_f64(), None)
        })?;
    if let Some(children) = below {
        remove_part_table(opts, root, job);
        let side = pos.to_move();
        let why = format!(
            "not proven within --part-nodes {} ({:.0} s); its {} {} up to symmetry are parts \
             of their own ({})",
            budget.unwrap_or(0),
            report.prior_seconds + report.seconds,
            children.len(),
            if side == attacker {
                format!("{side} stones")
            } else {
                format!("{side} replies")
            },
            if side == attacker {
                "all needed".to_string()
            } else {
                format!("one refuting {attacker} is enough")
            },
        );
        return Ok(Solved::Split(Box::new(SplitRecord {
            moves: job.moves.clone(),
            goal: goal_name(job.goal).to_string(),
            why,
            nodes: report.prior_nodes + report.nodes,
            seconds: report.prior_seconds + report.seconds,
            children,
            commit: git_commit(),
            date: utc_now(),
        })));
    }
    let value = match report.value {
        Outcome::NoLoss => "no-loss",
        Outcome::Loss => "loss",
        Outcome::NoWin => "no-win",
        Outcome::Win => "win",
        _ => {
            let why = if report.interrupted {
                "stopped"
            } else {
                "not proven within the limit"
            };
            return Ok(Solved::Open(format!(
                "{root}: part {} {why} after {:.0} s{}",
                shown(&job.moves),
                report.prior_seconds + report.seconds,
                report
                    .checkpoint
                    .as_ref()
                    .map(|c| format!(" (checkpoint {})", c.display()))
                    .unwrap_or_default()
            )));
        }
    };
    let mut part = PartRecord {
        moves: job.moves.clone(),
        value: value.to_string(),
        nodes: report.prior_nodes + report.nodes,
        seconds: report.prior_seconds + report.seconds,
        threads: report.threads as u32,
        tt_mib: opts.search.tt_mib,
        commit: git_commit(),
        command: part_command(rules, job, opts),
        date: utc_now(),
        load,
        certificate: None,
        certificate_sha256: None,
        certificate_nodes: None,
        certificate_tried: None,
        reply: (report.value == Outcome::NoLoss && report.best.len() == rules.p as usize)
            .then(|| crate::point::format_points(&report.best)),
    };
    let note = match (certified, &opts.cert_dir) {
        (Some(Ok(c)), Some(dir)) => {
            let file = dir
                .join(root.stem())
                .join(format!("{}.c6proof", part_name(job)));
            write_part_certificate(&mut part, c, &file)?;
            remove_part_table(opts, root, job);
            None
        }
        (Some(Err(why)), _) => {
            if why == cert::NoCertificate::OutOfTime {
                // Retried with twice the time by a later run, so the wait ends.
                part.certificate_tried = Some(allowed.round());
            }
            Some(format!("no certificate: {why}"))
        }
        _ => None,
    };
    Ok(Solved::Proven(Box::new(part), note))
}

/// Threads per part: `--threads`, or with its default (one per core) the cores shared out
/// among the part workers.
fn part_threads(opts: &BoardsOptions) -> usize {
    match opts.search.threads {
        0 => (crate::search::default_threads() / opts.part_workers.max(1)).max(1),
        t => t,
    }
}

/// The `solve` command that proves a part on its own.
fn part_command(rules: &Rules, job: &Job, opts: &BoardsOptions) -> String {
    let moves = if job.moves.is_empty() {
        String::new()
    } else {
        format!(" --moves \"{}\"", job.moves)
    };
    let goal = if job.goal == Goal::Win { "win" } else { "hold" };
    format!(
        "c6solve solve --rules {rules}{moves} --goal {goal} --tt-size {} --threads {} \
         (as a part of: {})",
        opts.search.tt_mib,
        part_threads(opts),
        opts.command
    )
}
