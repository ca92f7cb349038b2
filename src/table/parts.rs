//! Solving an empty board part by part (`c6solve table --by-parts DIR`).
//!
//! A board expected to be a draw is shown so by refuting each of Black's first turns: after
//! every first turn (up to symmetry) White holds, that is, Black cannot force a win. Each such
//! claim is a *part*, proven by a solve of its own (`solve --moves TURN --goal hold`), and
//! recorded in a ledger, `DIR/m_n_k_p_q.json`, the moment it is proven. A run stopped anywhere,
//! even on another machine without its table files, so keeps every part it finished; a solve
//! of days is then a series of shorter ones, and the parts can be solved side by side
//! (`--part-workers`).
//!
//! The board's value is composed once the parts are in:
//! - a first turn after which White loses (a part proven `loss`) makes the board a win;
//! - when every first turn is held (`no-loss`), Black cannot win, and White cannot either by
//!   strategy stealing when q = p; otherwise one more part, "Black holds on the empty board"
//!   (the root with no moves, `--goal hold`), decides between a draw and a loss.
//!
//! A first turn too large for one solve is split by hand (`--part`): after it, one White reply
//! with Black's no-win proven there (`--goal win`), or, below such a reply, every Black answer
//! in turn; the composition walks down to the parts ([`Shape`]).
//!
//! Parts are matched to positions by the search's own symmetry-reduced keys, so a part
//! recorded as H8 answers for A1 on 8x8. The ledger is trusted as the table's JSON file is:
//! each record names the commit and the command that proved it, so it can be re-run. With
//! certificates on, each part's certificate is written while its table is at hand and the
//! row's certificate joins them ([`crate::proof::join`]), checked before it is recorded.

use super::backing::read_with_sha;
use super::replies;
use super::{Row, TableOptions, Value, file_stem, how_by_parts, load_average};
use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::lab::provenance::{git_commit, utc_now};
use crate::notation::{format_moves, parse_moves};
use crate::proof::{self, Claim, Node, cert, check, join};
use crate::rules::{Color, Rules};
use crate::search::{Goal, Outcome, SolveOptions, checkpoint, dfpn, open_table, solve_then};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// One proven part: the value of the position after `moves` for the side to move there,
/// under `--goal hold` (does the opponent force a win?).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Part {
    /// The stones played from the empty board, Go-style points ("D1"); empty for the root.
    pub moves: String,
    /// `no-loss` (the side to move holds) or `loss` (the opponent forces a win).
    pub value: String,
    /// Nodes of the part's solve (all its sessions), and of the reply trials that failed
    /// before it (see [`super::replies`]; the progress line says how many).
    pub nodes: u64,
    /// Wall time of the part's solve in seconds (all its sessions), with those trials.
    pub seconds: f64,
    /// Search threads of the part's solve.
    pub threads: u32,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
    /// The commit the solver was built from.
    pub commit: String,
    /// The command that proved the part (re-running it reproduces the part).
    pub command: String,
    /// When the part was proven (UTC).
    pub date: String,
    /// The machine's load average when the part's last session started.
    pub load: String,
    /// The part's certificate file (with `--certificates`), accepted by the independent
    /// checker when it was written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<String>,
    /// SHA-256 of the certificate file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate_sha256: Option<String>,
    /// Proof nodes in the certificate, as the checker counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate_nodes: Option<u64>,
    /// Seconds the last attempt at writing the certificate was allowed, when it ran out of
    /// time: the next attempt is allowed twice as long (see [`certificate_deadline`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate_tried: Option<f64>,
    /// For a first turn White holds: White's answer, the first stones of its strategy (see
    /// [`super::replies`], which tries it on other first turns).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
}

/// A board's ledger of proven parts (`DIR/m_n_k_p_q.json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ledger {
    /// `m,n,k,p,q`.
    pub rules: String,
    /// The parts proven so far, in the order they were proven.
    pub parts: Vec<Part>,
}

/// The ledger file of `rules` in `dir`.
pub fn ledger_path(dir: &Path, rules: &Rules) -> PathBuf {
    dir.join(format!("{}.json", file_stem(rules)))
}

/// Reads a ledger; a missing file is an empty one. A file that does not parse, is for other
/// rules or holds a part whose moves or value are not valid is an error (never overwritten).
pub fn load(path: &Path, rules: &Rules) -> Result<Ledger> {
    let bad = |why: String| Error::Io(format!("{}: {why}", path.display()));
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Ledger {
                rules: rules.to_string(),
                parts: Vec::new(),
            });
        }
        Err(e) => return Err(bad(format!("cannot read: {e}"))),
    };
    let ledger: Ledger =
        serde_json::from_str(&text).map_err(|e| bad(format!("not a ledger of parts: {e}")))?;
    if ledger.rules != rules.to_string() {
        return Err(bad(format!("a ledger for {}, not {rules}", ledger.rules)));
    }
    for part in &ledger.parts {
        position_after(rules, &part.moves)
            .map_err(|e| bad(format!("part '{}': {e}", part.moves)))?;
        if !["no-loss", "loss", "no-win", "win"].contains(&part.value.as_str()) {
            return Err(bad(format!(
                "part '{}': value '{}' (expected no-loss, loss, no-win or win)",
                part.moves, part.value
            )));
        }
    }
    Ok(ledger)
}

/// Writes a ledger atomically.
pub fn save(path: &Path, ledger: &Ledger) -> Result<()> {
    let text = serde_json::to_string_pretty(ledger)
        .map_err(|e| Error::Io(format!("cannot encode the ledger: {e}")))?;
    super::write_atomic(path, &(text + "\n"))
}

/// The stones of `moves` (Go-style points) and the position after them from the empty board
/// of `rules`, which must not be over.
fn position_after(rules: &Rules, moves: &str) -> Result<(Vec<Cell>, Position)> {
    let cells = parse_moves(rules, moves)?;
    let pos = Position::from_moves(*rules, &cells)?;
    if pos.is_over() {
        return Err(Error::IllegalMove(format!(
            "{moves}: the game is over there"
        )));
    }
    Ok((cells, pos))
}

/// The colour a recorded part's claim is about: the opponent of the side to move for the
/// hold values (`no-loss`, `loss`), the side to move for the win values (`no-win`, `win`).
fn attacker_of(pos: &Position, value: &str) -> Color {
    match value {
        "no-loss" | "loss" => pos.to_move().opponent(),
        _ => pos.to_move(),
    }
}

/// True when the part refutes its attacker (`no-loss`, `no-win`); false when it proves the
/// attacker's win.
fn refutes(part: &Part) -> bool {
    part.value == "no-loss" || part.value == "no-win"
}

/// The ledger's parts indexed by the search's symmetry-reduced keys: each part at the key of
/// its position for its attacker, and every position on the way to it as a prefix (where the
/// composition must look further down).
struct Index<'a> {
    at: hashbrown::HashMap<[u64; 2], &'a Part>,
    prefixes: hashbrown::HashSet<[u64; 2]>,
}

impl<'a> Index<'a> {
    fn new(rules: &Rules, ledger: &'a Ledger) -> Index<'a> {
        let mut at = hashbrown::HashMap::new();
        let mut prefixes = hashbrown::HashSet::new();
        for part in &ledger.parts {
            // `load` refused a ledger with a part that is not a position.
            let Ok((cells, end)) = position_after(rules, &part.moves) else {
                continue;
            };
            let mut pos = Position::new(*rules);
            let attacker = attacker_of(&end, &part.value);
            prefixes.insert(dfpn::key_for(&pos, attacker));
            // Where the turn of the current stone began: a turn's stones may come in any
            // order, and the composition walks them one at a time from its own first stones,
            // so each stone alone after the turn's start is on the way too. (Without this a
            // stone that no recorded turn lists first, as C2 on 5x3, left a row of refuted
            // first turns open.)
            let mut start = pos.clone();
            for (i, &c) in cells.iter().enumerate() {
                let full = if i < rules.q as usize {
                    rules.q
                } else {
                    rules.p
                };
                if rules.turn_after(i).1 == full {
                    start = pos.clone();
                } else {
                    let mut alone = start.clone();
                    alone.play(c);
                    prefixes.insert(dfpn::key_for(&alone, attacker));
                }
                pos.play(c);
                prefixes.insert(dfpn::key_for(&pos, attacker));
            }
            at.entry(dfpn::key_for(&pos, attacker)).or_insert(part);
        }
        Index { at, prefixes }
    }
}

/// How the parts settle a position for one attacker: the shape of its joined proof.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A recorded part, at the position after `path` (the part itself may have been recorded
    /// as a mirror image of it).
    Part {
        /// The part.
        part: Box<Part>,
        /// The stones from the empty board to this position.
        path: Vec<Cell>,
    },
    /// The side the parts favour is to move: this stone, then the shape after it.
    Move(Cell, Box<Shape>),
    /// The other side is to move: every stone up to symmetry, each with the shape after it.
    Replies(Vec<(Cell, Shape)>),
}

impl Shape {
    /// The parts the shape rests on.
    pub fn parts(&self) -> Vec<Part> {
        match self {
            Shape::Part { part, .. } => vec![(**part).clone()],
            Shape::Move(_, s) => s.parts(),
            Shape::Replies(v) => v.iter().flat_map(|(_, s)| s.parts()).collect(),
        }
    }
}

/// What the ledger shows for one attacker below one position.
#[derive(Debug, Clone, PartialEq)]
enum Status {
    /// The attacker cannot force a win.
    Refuted(Shape),
    /// The attacker forces a win.
    Won(Shape),
    /// Not settled by the parts.
    Open,
}

/// The attacker's status at `pos` (reached by `path`) from the parts: a part at `pos` itself,
/// else, where the defender is to move, one defender stone after which the attacker is
/// refuted, and where the attacker is to move, every stone up to symmetry refuted (or one
/// won). Only positions with a part at or below them are looked into.
fn status(pos: &mut Position, path: &mut Vec<Cell>, attacker: Color, index: &Index<'_>) -> Status {
    let key = dfpn::key_for(pos, attacker);
    if let Some(part) = index.at.get(&key) {
        let shape = Shape::Part {
            part: Box::new((*part).clone()),
            path: path.clone(),
        };
        return if refutes(part) {
            Status::Refuted(shape)
        } else {
            Status::Won(shape)
        };
    }
    if pos.is_over() || !index.prefixes.contains(&key) {
        return Status::Open;
    }
    let mut all = Vec::new();
    let defending = pos.to_move() != attacker;
    for (cell, child) in dfpn::first_stones(pos, attacker) {
        if !index.prefixes.contains(&child) {
            if defending {
                continue;
            }
            return Status::Open;
        }
        pos.play(cell);
        path.push(cell);
        let st = status(pos, path, attacker, index);
        path.pop();
        pos.undo();
        match (st, defending) {
            (Status::Refuted(s), true) => return Status::Refuted(Shape::Move(cell, Box::new(s))),
            (Status::Won(s), false) => return Status::Won(Shape::Move(cell, Box::new(s))),
            (Status::Refuted(s), false) => all.push((cell, s)),
            (_, false) => return Status::Open,
            (_, true) => {}
        }
    }
    if defending {
        Status::Open
    } else {
        Status::Refuted(Shape::Replies(all))
    }
}

/// How many of Black's first turns up to symmetry the ledger's parts refute, of how many
/// there are: a long row's progress from one run to the next.
pub fn first_turns_refuted(rules: &Rules, ledger: &Ledger) -> (usize, usize) {
    let index = Index::new(rules, ledger);
    let mut pos = Position::new(*rules);
    let turns = dfpn::root_turns(&pos, Color::Black);
    let mut refuted = 0;
    for &(a, b, _) in &turns {
        let mut path: Vec<Cell> = std::iter::once(a).chain(b).collect();
        for &c in &path {
            pos.play(c);
        }
        let played = path.len();
        if matches!(
            status(&mut pos, &mut path, Color::Black, &index),
            Status::Refuted(_)
        ) {
            refuted += 1;
        }
        for _ in 0..played {
            pos.undo();
        }
    }
    (refuted, turns.len())
}

/// What the ledger shows about a board.
#[derive(Debug, Clone, PartialEq)]
pub enum Composed {
    /// The value is settled, by the parts listed (with their summed cost).
    Value {
        /// Black's value on the empty board.
        value: Value,
        /// The parts that settle it.
        parts: Vec<Part>,
        /// The shapes of the proof's claims, in a certificate's order: the colour each is
        /// about, whether it is a win, and its shape (`None`: White's no-win by strategy
        /// stealing).
        claims: Vec<(Color, bool, Option<Shape>)>,
    },
    /// Not settled yet.
    Open,
}

/// Composes a board's value from its ledger (see the module comment).
pub fn compose(rules: &Rules, ledger: &Ledger) -> Composed {
    let index = Index::new(rules, ledger);
    let mut root = Position::new(*rules);
    let black = status(&mut root, &mut Vec::new(), Color::Black, &index);
    let white = if rules.q == rules.p {
        None
    } else {
        Some(status(&mut root, &mut Vec::new(), Color::White, &index))
    };
    let settled = |value, claims: Vec<(Color, bool, Option<Shape>)>| {
        // With two stones a turn a part is reached through either of its stones: it is
        // listed (and its cost counted) once.
        let mut parts: Vec<Part> = Vec::new();
        for p in claims
            .iter()
            .flat_map(|(_, _, s)| s.iter().flat_map(Shape::parts))
        {
            if !parts.contains(&p) {
                parts.push(p);
            }
        }
        Composed::Value {
            value,
            parts,
            claims,
        }
    };
    match (black, white) {
        (Status::Won(s), _) => settled(Value::Win, vec![(Color::Black, true, Some(s))]),
        (_, Some(Status::Won(s))) => settled(Value::Loss, vec![(Color::White, true, Some(s))]),
        // Strategy stealing (see `search::second_player_cannot_win`).
        (Status::Refuted(b), None) => settled(
            Value::Draw,
            vec![(Color::Black, false, Some(b)), (Color::White, false, None)],
        ),
        (Status::Refuted(b), Some(Status::Refuted(w))) => settled(
            Value::Draw,
            vec![
                (Color::Black, false, Some(b)),
                (Color::White, false, Some(w)),
            ],
        ),
        _ => Composed::Open,
    }
}

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

/// The result of a part's solve, sent from a worker.
enum Solved {
    /// Proven, with a note when its certificate could not be written.
    Proven(Box<Part>, Option<String>),
    Open(String),
}

/// Refuses a ledger that cannot be read and `--part` moves that are not legal for `rules`.
pub fn check_inputs(rules: &Rules, opts: &TableOptions, dir: &Path) -> Result<()> {
    load(&ledger_path(dir, rules), rules)?;
    extra_parts(rules, opts).map(|_| ())
}

/// The `--part` positions as stones from the empty board.
fn extra_parts(rules: &Rules, opts: &TableOptions) -> Result<Vec<Vec<Cell>>> {
    opts.parts_at
        .iter()
        .map(|m| {
            position_after(rules, m)
                .map(|(cells, _)| cells)
                .map_err(|e| Error::Option(format!("--part '{m}': {e}")))
        })
        .collect()
}

/// Solves `rules` by parts: the missing parts are solved (`opts.part_workers` at a time, until
/// the row's time limit), each recorded in the ledger as it is proven, then the row is
/// composed. `None` when Ctrl-C stopped it (the parts' checkpoints keep their work).
pub fn solve_row(
    rules: &Rules,
    opts: &TableOptions,
    dir: &Path,
    progress: &mut dyn FnMut(&str),
) -> Result<Option<Row>> {
    let path = ledger_path(dir, rules);
    let mut ledger = load(&path, rules)?;
    if opts.reply_trials > 0 && replies::fill_replies(rules, &mut ledger) > 0 {
        save(&path, &ledger)?;
    }
    let load_avg = load_average();
    let extra = extra_parts(rules, opts)?;
    let mut todo = jobs(rules, &ledger, &extra);
    if opts.cert_dir.is_some() {
        todo.extend(certificate_jobs(rules, &ledger));
    }
    // Parts stopped at a checkpoint go first (their work is not lost to a later run), then
    // certificates for recorded parts (work of a known, bounded size: the recorded solve),
    // then the --part positions asked for (splits meant to be cheaper than their first turns).
    todo.sort_by_key(|j| {
        let resumable = part_tt(opts, rules, j).is_some_and(|t| checkpoint::path_for(&t).exists());
        (!resumable, j.certify.is_none(), !extra.contains(&j.cells))
    });
    let open = compose(rules, &ledger) == Composed::Open;
    if !open {
        // A settled row only writes the certificates its parts lack.
        todo.retain(|j| j.certify.is_some());
    }
    if !todo.is_empty() {
        let (refuted, turns) = first_turns_refuted(rules, &ledger);
        progress(&format!(
            "{rules}: {} in {} ({refuted} of {turns} first turns refuted); solving {} more",
            match ledger.parts.len() {
                1 => "1 part".to_string(),
                n => format!("{n} parts"),
            },
            path.display(),
            todo.len()
        ));
        if solve_missing(rules, opts, todo.into(), &mut ledger, &path, progress)? {
            return Ok(None);
        }
    }
    row_of(rules, opts, &ledger, &path, load_avg).map(Some)
}

/// Runs the workers over `missing`; true when Ctrl-C stopped them.
fn solve_missing(
    rules: &Rules,
    opts: &TableOptions,
    missing: VecDeque<Job>,
    ledger: &mut Ledger,
    path: &Path,
    progress: &mut dyn FnMut(&str),
) -> Result<bool> {
    let deadline = Instant::now() + opts.time_limit;
    // Certificates are written for parts of a settled row too: the row's settling then
    // stops nothing.
    let certifying = missing.iter().any(|j| j.certify.is_some());
    let queue = Mutex::new(missing);
    // White's answers for the reply trials, from the ledger as it grows.
    let answers_of = |ledger: &Ledger| match opts.reply_trials {
        0 => Vec::new(),
        _ => replies::candidates(rules, ledger),
    };
    let answers = Mutex::new(answers_of(ledger));
    // Stops the workers: set on Ctrl-C, and when a first turn is lost (the row is a win).
    let stop = Arc::new(AtomicBool::new(false));
    let workers = opts.part_workers.max(1);
    let (tx, rx) = mpsc::channel::<Result<Solved>>();
    let mut error = None;
    std::thread::scope(|s| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (queue, answers, stop) = (&queue, &answers, stop.clone());
            s.spawn(move || {
                loop {
                    let next = queue.lock().expect("queue lock").pop_front();
                    let Some(job) = next else { break };
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let known = answers.lock().expect("answers lock").clone();
                    let r = solve_part(rules, opts, &job, left, stop.clone(), &known);
                    let _ = tx.send(r);
                }
            });
        }
        drop(tx);
        loop {
            match rx.recv_timeout(Duration::from_millis(200)) {
                Ok(Ok(Solved::Proven(part, note))) => {
                    let recorded = ledger
                        .parts
                        .iter()
                        .any(|p| p.moves == part.moves && p.value == part.value);
                    let note = note.map(|n| format!(" ({n})")).unwrap_or_default();
                    progress(&match (recorded, &part.certificate) {
                        (true, Some(file)) => format!(
                            "{rules}: part {} ({}): certificate {file}, {} nodes",
                            shown(&part.moves),
                            part.value,
                            part.certificate_nodes.unwrap_or(0)
                        ),
                        (true, None) => format!(
                            "{rules}: part {} ({}): no certificate{note}",
                            shown(&part.moves),
                            part.value
                        ),
                        _ => format!(
                            "{rules}: part {} proven {} in {:.0} s, {} nodes{note}",
                            shown(&part.moves),
                            part.value,
                            part.seconds,
                            part.nodes
                        ),
                    });
                    // A certificate for a recorded part joins its record, which keeps the
                    // cost of the solve that proved it.
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
                        None => ledger.parts.push(*part),
                    }
                    if let Err(e) = save(path, ledger) {
                        error.get_or_insert(e);
                        stop.store(true, Ordering::Relaxed);
                    }
                    *answers.lock().expect("answers lock") = answers_of(ledger);
                    if compose(rules, ledger) != Composed::Open && !certifying {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Ok(Ok(Solved::Open(line))) => progress(&line),
                Ok(Err(e)) => {
                    error.get_or_insert(e);
                    stop.store(true, Ordering::Relaxed);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if opts
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
        .interrupt
        .as_ref()
        .is_some_and(|f| f.load(Ordering::Relaxed)))
}

/// `(root)` for the empty move list, else the moves.
fn shown(moves: &str) -> &str {
    if moves.is_empty() { "(root)" } else { moves }
}

/// The table file of a part: `DIR/m_n_k_p_q/MOVES.tt` under `--tt-dir`.
fn part_tt(opts: &TableOptions, rules: &Rules, job: &Job) -> Option<PathBuf> {
    opts.tt_dir.as_ref().map(|d| {
        d.join(file_stem(rules))
            .join(format!("{}.tt", part_name(job)))
    })
}

/// Removes a certified part's table file and checkpoint: the ledger and the certificate
/// carry the part now, and a row of two-stone first turns has hundreds of parts, each table
/// as large as `--tt-size`. A part without a certificate keeps its table, over which a later
/// run with certificates on writes one at once.
fn remove_part_table(opts: &TableOptions, rules: &Rules, job: &Job) {
    if let Some(tt) = part_tt(opts, rules, job) {
        // A file already gone is what we want; any other failure only leaves disk in use.
        let _ = checkpoint::remove(&checkpoint::path_for(&tt));
        let _ = std::fs::remove_file(&tt);
    }
}

/// A part's file name: its moves joined by `-`, or `root`.
fn part_name(job: &Job) -> String {
    if job.moves.is_empty() {
        "root".to_string()
    } else {
        job.moves.replace(' ', "-")
    }
}

/// Solves one part within `left`, stopped early by `stop`: a certificate already in its place
/// is adopted; a first turn is first tried with the recorded `answers` (see
/// [`super::replies`]), then solved whole.
fn solve_part(
    rules: &Rules,
    opts: &TableOptions,
    job: &Job,
    left: Duration,
    stop: Arc<AtomicBool>,
    answers: &[Vec<Cell>],
) -> Result<Solved> {
    if let Some(part) = adopted(rules, opts, job) {
        remove_part_table(opts, rules, job);
        return Ok(Solved::Proven(Box::new(part), None));
    }
    let start = Instant::now();
    let tried = match try_replies(rules, opts, job, left, &stop, answers)? {
        Ok(found) => return Ok(found),
        Err(tried) => tried,
    };
    let left = left.saturating_sub(start.elapsed());
    let solved = solve_job(rules, opts, job, left, stop, None)?;
    Ok(match solved {
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
    fn charge(&self, part: &mut Part) {
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
    rules: &Rules,
    opts: &TableOptions,
    job: &Job,
    left: Duration,
    stop: &Arc<AtomicBool>,
    answers: &[Vec<Cell>],
) -> Result<std::result::Result<Solved, Tried>> {
    let mut tried = Tried::default();
    let first_turn =
        job.goal == Goal::Hold && job.certify.is_none() && job.cells.len() == rules.q as usize;
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
            rules,
            opts,
            &trial,
            left,
            stop.clone(),
            Some(opts.reply_trial_nodes),
        )? {
            Solved::Proven(mut part, note) if part.value == "no-win" => {
                tried.charge(&mut part);
                // The first turn is settled below: a table it kept from an earlier run goes.
                remove_part_table(opts, rules, job);
                let trials = format!("reply trial {}", tried.count + 1);
                return Ok(Ok(Solved::Proven(
                    part,
                    Some(note.map_or(trials.clone(), |n| format!("{trials}; {n}"))),
                )));
            }
            Solved::Proven(part, _) => tried.nodes += part.nodes,
            // Out of nodes (the usual end): its budget; stopped by time or Ctrl-C, at most that.
            Solved::Open(_) => tried.nodes += opts.reply_trial_nodes,
        }
        tried.count += 1;
        tried.seconds += began.elapsed().as_secs_f64();
    }
    Ok(Err(tried))
}

/// Solves one job within `left`, stopped early by `stop`. A reply trial (`trial_nodes`) runs
/// in memory within that many nodes, and only a refutation of Black is certified.
fn solve_job(
    rules: &Rules,
    opts: &TableOptions,
    job: &Job,
    left: Duration,
    stop: Arc<AtomicBool>,
    trial_nodes: Option<u64>,
) -> Result<Solved> {
    let tt_file = part_tt(opts, rules, job).filter(|_| trial_nodes.is_none());
    if let Some(dir) = tt_file.as_ref().and_then(|f| f.parent()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    let solve_opts = SolveOptions {
        goal: job.goal,
        time_limit: Some(left),
        max_nodes: trial_nodes,
        // A trial's few million nodes need no more.
        tt_mib: match trial_nodes {
            Some(_) => opts.tt_mib.min(TRIAL_TT_MIB),
            None => opts.tt_mib,
        },
        tt_file,
        threads: part_threads(opts),
        checkpoint_every: opts.checkpoint_every,
        interrupt: Some(stop),
        // Several parts at once would fight over one progress line; a log line per
        // checkpoint still shows each part's progress.
        progress: opts.part_workers <= 1,
        ..SolveOptions::default()
    };
    let mut pos = Position::new(*rules);
    for &c in &job.cells {
        pos.play(c);
    }
    let load = load_average();
    let table = open_table(&solve_opts, rules)?;
    let want = opts.cert_dir.is_some();
    let (max, quiet) = (opts.proof_max_nodes, opts.part_workers > 1);
    let (budget, tried) = job
        .certify
        .as_ref()
        .map_or((0.0, None), |c| (c.seconds, c.tried));
    let run_end = Instant::now() + left;
    let (report, (certified, allowed)) =
        solve_then(&pos, &solve_opts, table, move |pos, report, table| {
            let start = Instant::now();
            let deadline = certificate_deadline(budget.max(report.seconds), tried, run_end);
            let how = cert::Writing {
                max_disproof_nodes: Some(max),
                deadline: Some(deadline),
                progress: !quiet,
            };
            // A trial that does not refute Black is dropped: no certificate for it.
            let kept = trial_nodes.is_none() || report.value == Outcome::NoWin;
            let certified =
                (want && kept && report.value != Outcome::Unknown && !report.interrupted)
                    .then(|| cert::certify_with(table, pos, report, &how));
            (certified, (deadline - start).as_secs_f64())
        })?;
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
                "{rules}: part {} {why} after {:.0} s{}",
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
    let mut part = Part {
        moves: job.moves.clone(),
        value: value.to_string(),
        nodes: report.prior_nodes + report.nodes,
        seconds: report.prior_seconds + report.seconds,
        threads: report.threads as u32,
        tt_mib: opts.tt_mib,
        commit: git_commit(),
        command: part_command(rules, job, opts),
        date: utc_now(),
        load,
        certificate: None,
        certificate_sha256: None,
        certificate_nodes: None,
        certificate_tried: None,
        reply: (report.value == Outcome::NoLoss && report.best.len() == rules.p as usize)
            .then(|| format_moves(rules, &report.best)),
    };
    let note = match (certified, &opts.cert_dir) {
        (Some(Ok(c)), Some(dir)) => {
            let file = dir
                .join(file_stem(rules))
                .join(format!("{}.c6proof", part_name(job)));
            write_part_certificate(&mut part, c, &file)?;
            remove_part_table(opts, rules, job);
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

/// How many times its solve's time a part's certificate may take to write.
const CERTIFICATE_TIME_FACTOR: f64 = 4.0;

/// When writing a part's certificate gives up. Writing searches again the children the table
/// lost and those the solve's zones left out, which can take longer than the solve did (150 s
/// against 69 s for "B2 D4" of 8,8,5,1,1; over 70 s against 19 s for "A1 G1" of 8,8,6,2,2):
/// [`CERTIFICATE_TIME_FACTOR`] times the part's solve time, at least a minute, and at least
/// twice what an attempt that ran out of time was allowed (`tried`), so a part recorded
/// without a certificate is not refused the same way by every later run. No later than the
/// run's end but for that minute.
fn certificate_deadline(solve_seconds: f64, tried: Option<f64>, run_end: Instant) -> Instant {
    let now = Instant::now();
    let floor = Duration::from_secs(60);
    let seconds = (solve_seconds * CERTIFICATE_TIME_FACTOR).max(2.0 * tried.unwrap_or(0.0));
    let wanted = Duration::from_secs_f64(seconds).max(floor);
    (now + wanted).min(run_end.max(now + floor))
}

/// Writes a part's certificate to `file`, checks the file with the independent checker (it
/// must prove the part's value: anything else is a bug, an error, and no file) and records it.
fn write_part_certificate(part: &mut Part, cert: proof::Packed, file: &Path) -> Result<()> {
    let what = format!("part '{}': its certificate", part.moves);
    let (name, written, summary, _) = super::write_checked(cert, file, &part.value, &what)?;
    part.certificate = Some(name);
    part.certificate_sha256 = Some(written.sha256);
    part.certificate_nodes = Some(summary.nodes as u64);
    Ok(())
}

/// Jobs that write the certificates of recorded parts that have none, or whose file is gone
/// (part certificates of large rows are not kept in the repository).
fn certificate_jobs(rules: &Rules, ledger: &Ledger) -> Vec<Job> {
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

/// The certificate already in a certifying job's place, when the checker accepts it for the
/// job's position and the recorded value: a part record with just its certificate fields.
fn adopted(rules: &Rules, opts: &TableOptions, job: &Job) -> Option<Part> {
    let value = &job.certify.as_ref()?.value;
    let file = opts
        .cert_dir
        .as_ref()?
        .join(file_stem(rules))
        .join(format!("{}.c6proof", part_name(job)));
    let name = file.display().to_string();
    let (packed, sha) = read_with_sha(&name).ok()?;
    let pos = Position::from_moves(*rules, &job.cells).ok()?;
    if packed.head != cert::header(&pos) {
        return None;
    }
    let summary = check::check_packed(&packed).ok()?;
    (summary.value == Some(value.as_str())).then(|| Part {
        moves: job.moves.clone(),
        value: value.clone(),
        nodes: 0,
        seconds: 0.0,
        threads: 0,
        tt_mib: 0,
        commit: String::new(),
        command: String::new(),
        date: String::new(),
        load: String::new(),
        certificate: Some(name),
        certificate_sha256: Some(sha),
        certificate_nodes: Some(summary.nodes as u64),
        certificate_tried: None,
        reply: None,
    })
}

/// Threads per part: `--threads`, or with its default (one per core) the cores shared out
/// among the part workers.
fn part_threads(opts: &TableOptions) -> usize {
    match opts.threads {
        0 => (crate::search::default_threads() / opts.part_workers.max(1)).max(1),
        t => t,
    }
}

/// The `solve` command that proves a part on its own.
fn part_command(rules: &Rules, job: &Job, opts: &TableOptions) -> String {
    let moves = if job.moves.is_empty() {
        String::new()
    } else {
        format!(" --moves \"{}\"", job.moves)
    };
    let goal = if job.goal == Goal::Win { "win" } else { "hold" };
    format!(
        "c6solve solve --rules {rules}{moves} --goal {goal} --tt-size {} --threads {} \
         (as a part of: {})",
        opts.tt_mib,
        part_threads(opts),
        opts.command
    )
}

/// The row the ledger gives: a value composed from its parts, or unknown with how far it got.
fn row_of(
    rules: &Rules,
    opts: &TableOptions,
    ledger: &Ledger,
    path: &Path,
    load: String,
) -> Result<Row> {
    let composed = compose(rules, ledger);
    let (value, parts, how) = match &composed {
        Composed::Value { value, parts, .. } => {
            let how = how_by_parts(rules, *value, parts, path);
            (*value, parts.clone(), how)
        }
        Composed::Open => {
            let (refuted, turns) = first_turns_refuted(rules, ledger);
            (
                Value::Unknown,
                ledger.parts.clone(),
                format!(
                    "Solved by parts (--by-parts): not settled by the {} parts proven in {} so \
                     far, which refute {refuted} of Black's {turns} first turns up to symmetry \
                     (recorded as unknown, never as a value; nodes and seconds are those parts').",
                    ledger.parts.len(),
                    path.display()
                ),
            )
        }
    };
    let mut row = Row {
        nodes: parts.iter().map(|p| p.nodes).sum(),
        seconds: parts.iter().map(|p| p.seconds).sum(),
        threads: parts.iter().map(|p| p.threads).max().unwrap_or(0),
        ..super::new_row(rules, value, how, opts, load)
    };
    if let (Composed::Value { claims, .. }, Some(dir)) = (&composed, &opts.cert_dir) {
        let start = Instant::now();
        match joined(rules, claims) {
            Ok(c) => {
                let file = dir.join(format!("{}.c6proof", file_stem(rules)));
                row.how.push(' ');
                super::write_certificate(&mut row, c, &file, start.elapsed())?;
                row.how = row.how.replace(
                    super::CERTIFICATE_SENTENCE,
                    "Certificate (the parts' certificates joined under the first turns): ",
                );
            }
            Err(why) => row
                .how
                .push_str(&format!(" {}{why}.", super::NO_CERTIFICATE)),
        }
    }
    Ok(row)
}

/// One certificate for the whole board from the parts' certificates: each claim's shape,
/// with the parts' proofs at its leaves (turned by the board symmetry that maps a part
/// recorded as a mirror image onto the position it stands for).
fn joined(
    rules: &Rules,
    claims: &[(Color, bool, Option<Shape>)],
) -> std::result::Result<proof::Packed, String> {
    let root = Position::new(*rules);
    let mut parts = Vec::new();
    for (colour, win, shape) in claims {
        let claim = if *win { Claim::Win } else { Claim::NoWin };
        let attacker = colour.index() as u8;
        let part = match shape {
            Some(s) => join::join(attacker, claim, &tree_of(rules, s)?),
            // White's no-win by strategy stealing is a theorem the checker knows.
            None => join::join(
                attacker,
                claim,
                &join::Tree::Theorem(Node::StrategyStealing),
            ),
        };
        parts.push(part.map_err(|e| e.to_string())?);
    }
    Ok(proof::Packed {
        head: cert::header(&root),
        parts,
    })
}

/// The joined proof's tree for `shape`, its leaves read from the parts' certificate files
/// (each must still have the SHA-256 the ledger recorded).
fn tree_of(rules: &Rules, shape: &Shape) -> std::result::Result<join::Tree, String> {
    Ok(match shape {
        Shape::Part { part, path } => {
            let (Some(file), Some(sha)) = (&part.certificate, &part.certificate_sha256) else {
                return Err(format!("part '{}' has no certificate", part.moves));
            };
            let (packed, actual) = read_with_sha(file)?;
            if actual != *sha {
                return Err(format!("{file} is not the file the ledger recorded"));
            }
            let leaf = packed
                .parts
                .into_iter()
                .next()
                .ok_or_else(|| format!("{file} holds no proof"))?;
            let (_, own) = position_after(rules, &part.moves).map_err(|e| e.to_string())?;
            let here = Position::from_moves(*rules, path).map_err(|e| e.to_string())?;
            let syms = here.geometry().symmetries();
            let g = (0..syms.len())
                .find(|&g| {
                    (0..rules.cells() as Cell).all(|c| own.at(c) == here.at(syms[g][c as usize]))
                })
                .ok_or_else(|| format!("part '{}' is not at its position", part.moves))?;
            let leaf = if g == 0 {
                leaf
            } else {
                join::mapped(&leaf, &syms[g]).map_err(|e| e.to_string())?
            };
            join::Tree::Leaf(leaf)
        }
        Shape::Move(c, s) => join::Tree::Move(*c, Box::new(tree_of(rules, s)?)),
        Shape::Replies(v) => join::Tree::Replies(
            v.iter()
                .map(|(c, s)| Ok((*c, tree_of(rules, s)?)))
                .collect::<std::result::Result<_, String>>()?,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seconds from now to `certificate_deadline`'s answer, rounded.
    fn allowed(solve_seconds: f64, tried: Option<f64>, run_left: u64) -> u64 {
        let now = Instant::now();
        let d = certificate_deadline(solve_seconds, tried, now + Duration::from_secs(run_left));
        (d - now).as_secs_f64().round() as u64
    }

    #[test]
    fn a_certificate_gets_four_times_its_solve_within_the_run() {
        assert_eq!(allowed(100.0, None, 10_000), 400);
        assert_eq!(allowed(5.0, None, 10_000), 60, "at least a minute");
        assert_eq!(
            allowed(100.0, None, 250),
            250,
            "no later than the run's end"
        );
        assert_eq!(allowed(100.0, None, 0), 60, "but for that minute");
    }

    #[test]
    fn a_certificate_that_ran_out_of_time_gets_twice_as_long_next() {
        assert_eq!(allowed(19.0, Some(76.0), 10_000), 152);
        assert_eq!(
            allowed(19.0, Some(152.0), 10_000),
            304,
            "and twice that after"
        );
        assert_eq!(
            allowed(100.0, Some(60.0), 10_000),
            400,
            "never less than before"
        );
        assert_eq!(allowed(19.0, Some(76.0), 100), 100, "still within the run");
    }
}
