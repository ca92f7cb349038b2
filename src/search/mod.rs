//! The solver. [`solve`] is the entry point.
//!
//! - [`dfpn`]: the df-pn searcher (with its keys, proof-number arithmetic, rules decided
//!   without search, threat-space probes and relevance zones, one file each);
//! - [`movegen`]: which stones a node tries, in what order;
//! - [`tt`]: the transposition table; [`ttfile`]: the table kept in a file;
//! - [`control`]: what the workers of a solve share (node count, stop, pause, busy marks);
//! - [`parallel`]: one df-pn run with several workers over the one table;
//! - `session`: one solve as it runs (its runs, limits, checkpoints, the progress line);
//! - [`checkpoint`]: what a stopped solve needs to resume; [`progress`]: how far it got.
//!
//! The design: docs/design.md (goals and runs §2.5, strategy stealing §5.12).

pub mod checkpoint;
pub mod control;
pub mod dfpn;
pub mod movegen;
pub mod parallel;
pub mod progress;
mod session;
pub mod tt;
pub mod ttfile;

use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::point::Point;
use crate::rules::{Color, Rules};
use crate::threats;
use dfpn::{Dfpn, Proof};
pub use session::DEFAULT_CHECKPOINT_EVERY;
use session::Session;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tt::Table;

/// What to prove.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Goal {
    /// The exact value for the side to move: win, loss or draw (up to two df-pn runs).
    #[default]
    Value,
    /// Only whether the side to move can force a win (one run).
    Win,
    /// Only whether the side to move holds: can the opponent be kept from forcing a win?
    /// (One run, with the opponent as the attacker.) This is the claim to prove for one
    /// reply of a position that is being refuted part by part: after each of Black's first
    /// stones on an empty board, White holds.
    Hold,
}

/// A proven (or not) result for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move forces a win.
    Win,
    /// The opponent forces a win.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move cannot force a win (answer to [`Goal::Win`]).
    NoWin,
    /// The opponent cannot force a win: the side to move holds (answer to [`Goal::Hold`]).
    NoLoss,
    /// The limits ran out before a proof.
    Unknown,
}

impl Outcome {
    /// The name used in output and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
            Outcome::NoWin => "no-win",
            Outcome::NoLoss => "no-loss",
            Outcome::Unknown => "unknown",
        }
    }
}

/// Settings of one solve.
#[derive(Debug, Clone)]
pub struct SolveOptions {
    /// What to prove.
    pub goal: Goal,
    /// Stop after this many nodes (answer `unknown`).
    pub max_nodes: Option<u64>,
    /// Stop after this long (answer `unknown`).
    pub time_limit: Option<Duration>,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
    /// Keep the table in this file (see [`ttfile`]): read into memory when the solve starts,
    /// written back at checkpoints.
    pub tt_file: Option<std::path::PathBuf>,
    /// Rebuild the table file from scratch instead of validating and reusing it.
    pub tt_reset: bool,
    /// Prune defender moves with relevance zones (on by default; off searches every defender
    /// move, for measurement and cross-checks). Never changes a value: checked against
    /// exhaustive search and by the zones on/off property test.
    pub zones: bool,
    /// Solve a root one position after the side to move's next two stones at a time (after
    /// its stone, when one is left; see [`dfpn::Dfpn::with_split_turns`]); for roots
    /// expected to be refuted. Off by default; values never depend on it.
    pub split_turns: bool,
    /// Search workers over the one table; 0 means one per core ([`default_threads`]).
    /// Values never depend on it.
    pub threads: usize,
    /// How often to checkpoint a solve over a table file (`tt_file`); `None` means
    /// [`DEFAULT_CHECKPOINT_EVERY`]. Ignored without a table file.
    pub checkpoint_every: Option<Duration>,
    /// Insist on resuming: fail unless the table file has a checkpoint of this solve. Without
    /// it a matching checkpoint is resumed anyway, and a solve starts afresh when there is none.
    pub resume: bool,
    /// Report progress on stderr: a progress line when stderr is a terminal, else one line
    /// per checkpoint written (so the log of a solve left running shows how far it got).
    pub progress: bool,
    /// Set (e.g. by a Ctrl-C handler) to stop the search: it then writes a last checkpoint
    /// and answers `unknown` with [`SolveReport::interrupted`] set.
    pub interrupt: Option<Arc<AtomicBool>>,
}

/// Workers used when [`SolveOptions::threads`] is 0: one per core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            goal: Goal::Value,
            max_nodes: None,
            time_limit: None,
            tt_mib: 256,
            tt_file: None,
            tt_reset: false,
            zones: true,
            split_turns: false,
            threads: 0,
            checkpoint_every: None,
            resume: false,
            progress: false,
            interrupt: None,
        }
    }
}

/// The answer of [`solve`].
#[derive(Debug, Clone)]
pub struct SolveReport {
    /// The value for the side to move.
    pub value: Outcome,
    /// The best stones for the rest of this turn, in play order (may be empty when the game
    /// is over). For a win they are the proven winning stones; for `unknown` the most
    /// promising ones; for a loss a best try. [`Point::cell`] gives their cells.
    pub best: Vec<Point>,
    /// Nodes expanded over all runs of this session.
    pub nodes: u64,
    /// Wall time of this session in seconds.
    pub seconds: f64,
    /// Search workers used.
    pub threads: usize,
    /// True when this session continued a checkpoint.
    pub resumed: bool,
    /// Nodes of the earlier sessions of a resumed solve (0 for a fresh one).
    pub prior_nodes: u64,
    /// Seconds of the earlier sessions of a resumed solve.
    pub prior_seconds: f64,
    /// True when [`SolveOptions::interrupt`] stopped the search.
    pub interrupted: bool,
    /// Checkpoints this session wrote.
    pub checkpoints: u64,
    /// The checkpoint left to resume from, when the solve did not finish over a table file.
    pub checkpoint: Option<PathBuf>,
}

/// Proves the value of `pos` for the side to move.
///
/// The exact value takes up to two df-pn runs over one table: "the side to move wins?",
/// and if not, "the opponent wins?"; neither means a draw. The search runs on a thread of
/// its own with a large stack, since its depth is the number of empty points.
///
/// Fails when the table's memory, its file or the search thread cannot be had, or a table
/// file is refused (see [`ttfile`]).
pub fn solve(pos: &Position, opts: &SolveOptions) -> Result<SolveReport> {
    solve_with(pos, opts, open_table(opts, pos.rules())?)
}

/// The table `opts` asks for: anonymous memory, or the `--tt` file (created, validated or
/// rebuilt). Separate from [`solve_with`] so a caller can refuse a bad file before printing.
/// With `tt_reset` the file's checkpoint goes too: it described the old table.
pub fn open_table(opts: &SolveOptions, rules: &Rules) -> Result<Table> {
    match &opts.tt_file {
        Some(path) => {
            let ttfile::Opened { table, grown_from } =
                ttfile::open(path, rules, opts.tt_mib, opts.tt_reset)?;
            if let (Some(old), true) = (grown_from, opts.progress) {
                eprintln!(
                    "grew table file {} from {old} MiB to {} MiB, keeping its entries",
                    path.display(),
                    opts.tt_mib
                );
            }
            if opts.tt_reset {
                let ck = checkpoint::path_for(path);
                checkpoint::remove(&ck).map_err(|e| {
                    Error::Io(format!("cannot remove checkpoint {}: {e}", ck.display()))
                })?;
            }
            Ok(table)
        }
        None => memory_table(opts.tt_mib),
    }
}

/// A table of `mib` MiB in anonymous memory.
pub fn memory_table(mib: usize) -> Result<Table> {
    Table::new(mib).map_err(|e| Error::Io(format!("cannot allocate a {mib} MiB table: {e}")))
}

/// [`solve`] over a table already opened with [`open_table`] (for the same rules).
///
/// Over a table file, a checkpoint of this same solve is resumed (see [`checkpoint`]); one
/// that is damaged or of another solve is refused. Call [`checkpoint::load_for`] first to
/// refuse it before printing anything.
pub fn solve_with(pos: &Position, opts: &SolveOptions, table: Table) -> Result<SolveReport> {
    Ok(solve_then(pos, opts, table, |_, _, _| ())?.0)
}

/// [`solve_with`], then `after` on the search thread with the position, the report and the
/// table the search filled (to read a proof out of it, say) before the table is flushed.
pub fn solve_then<T: Send + 'static>(
    pos: &Position,
    opts: &SolveOptions,
    table: Table,
    after: impl FnOnce(&Position, &SolveReport, &Table) -> T + Send + 'static,
) -> Result<(SolveReport, T)> {
    let resume = checkpoint::load_for(pos, opts)?;
    let ckpt = opts.tt_file.as_deref().map(checkpoint::path_for);
    let pos = pos.clone();
    let opts = opts.clone();
    let report = std::thread::Builder::new()
        .name("c6solve-search".into())
        .stack_size(parallel::WORKER_STACK)
        .spawn(move || {
            let report = solve_here(pos.clone(), &opts, &table, resume);
            let extra = match &report {
                Ok(r) => Some(after(&pos, r, &table)),
                Err(_) => None,
            };
            (report, extra, table.flush())
        })
        .map_err(|e| Error::Io(format!("cannot start the search thread: {e}")))?
        .join()
        .map_err(|_| Error::Io("the search failed (internal error above)".into()))?;
    let (report, extra, flushed) = report;
    flushed.map_err(|e| Error::Io(format!("cannot write the table file back: {e}")))?;
    let report = report?;
    // The table file holds the proof now: its checkpoint has served (see `Session::finish`).
    if let Some(ck) = ckpt
        && report.value != Outcome::Unknown
        && !report.interrupted
    {
        checkpoint::remove(&ck)
            .map_err(|e| Error::Io(format!("cannot remove checkpoint {}: {e}", ck.display())))?;
    }
    let extra = extra.ok_or_else(|| Error::Io("the search left no report".into()))?;
    Ok((report, extra))
}

/// The most table memory `--tt-size` accepts, in MiB, checked before allocating: the
/// memory available now (`MemAvailable`, else `MemTotal`, of /proc/meminfo) and the process's
/// address-space limit (`ulimit -v`, from /proc/self/limits), whichever is smaller; 1 TiB
/// where neither can be read.
pub fn max_tt_mib() -> usize {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok();
    let field = |name: &str| {
        let m = meminfo.as_deref()?;
        let line = m.lines().find(|l| l.starts_with(name))?;
        let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib / 1024)
    };
    let memory = field("MemAvailable:").or_else(|| field("MemTotal:"));
    let address_space = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|l| {
            let line = l.lines().find(|l| l.starts_with("Max address space"))?;
            // "Max address space  <soft> <hard> bytes": the soft limit, or "unlimited".
            let soft: usize = line.split_whitespace().nth(3)?.parse().ok()?;
            Some(soft >> 20)
        });
    [memory, address_space]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(1 << 20)
}

fn solve_here(
    mut pos: Position,
    opts: &SolveOptions,
    table: &Table,
    resume: Option<checkpoint::Checkpoint>,
) -> Result<SolveReport> {
    let me = pos.to_move();
    let root = pos.clone();
    let mut s = Session::new(&root, opts, table, resume);
    if let Some(value) = game_over_value(&pos) {
        s.finish(0)?;
        return Ok(report(&s, pos.rules(), value, Vec::new(), 0));
    }
    let limits = s.limits();
    if opts.goal == Goal::Hold {
        return hold_here(pos, opts, table, s);
    }
    // A resumed solve in the second run knows the first was disproven: its proof may have
    // been replaced in the table since, so it is not searched again.
    let first = if s.phase() == 2 {
        Proof::Disproven
    } else {
        s.run(1, me)?
    };
    // The moves of the line are read (and if need be re-searched) by one searcher.
    let cells = pos.rules().cells();
    let line_run = |attacker, s: &Session<'_>| {
        Dfpn::new(table, attacker, limits, s.ctl.nodes())
            .with_zones(opts.zones)
            .with_zone_memory(zone_memory(opts.tt_mib), cells)
    };
    let (value, best, nodes) = if first == Proof::Proven {
        let mut run = line_run(me, &s);
        let best = turn_line(&mut run, &mut pos, LineKind::Proven);
        (Outcome::Win, best, run.nodes)
    } else if first == Proof::Unknown {
        let mut run = line_run(me, &s);
        let best = turn_line(&mut run, &mut pos, LineKind::Promising);
        (Outcome::Unknown, best, run.nodes)
    } else if opts.goal == Goal::Win {
        (Outcome::NoWin, first_move(&pos), s.ctl.nodes())
    } else if second_player_cannot_win(&pos) {
        // The second run is a theorem here. The theorem says Black holds, not how: a search of
        // at most DRAW_LINE_NODES nodes looks for a first turn after which White provably
        // cannot win, and shows none if it finds none.
        let line_limits = dfpn::Limits {
            max_nodes: Some(DRAW_LINE_NODES),
            deadline: limits.deadline,
        };
        let mut run = Dfpn::new(table, me.opponent(), line_limits, 0)
            .with_zones(opts.zones)
            .with_zone_memory(zone_memory(opts.tt_mib), cells);
        let mut best = turn_line(&mut run, &mut pos, LineKind::Disproven);
        if best.len() < pos.stones_left() as usize {
            best.clear();
        }
        (Outcome::Draw, best, s.ctl.nodes() + run.nodes)
    } else {
        match s.run(2, me.opponent())? {
            Proof::Proven => (Outcome::Loss, first_move(&pos), s.ctl.nodes()),
            Proof::Disproven => {
                let mut run = line_run(me.opponent(), &s);
                let best = turn_line(&mut run, &mut pos, LineKind::Disproven);
                (Outcome::Draw, best, run.nodes)
            }
            Proof::Unknown => (Outcome::Unknown, first_move(&pos), s.ctl.nodes()),
        }
    };
    s.finish(nodes)?;
    Ok(report(&s, pos.rules(), value, best, nodes))
}

/// [`Goal::Hold`]: one run, "does the opponent win?", in the session `s` already begun.
fn hold_here(
    mut pos: Position,
    opts: &SolveOptions,
    table: &Table,
    mut s: Session<'_>,
) -> Result<SolveReport> {
    let them = pos.to_move().opponent();
    let (value, best, nodes) = match s.run(1, them)? {
        Proof::Proven => (Outcome::Loss, first_move(&pos), s.ctl.nodes()),
        Proof::Unknown => (Outcome::Unknown, first_move(&pos), s.ctl.nodes()),
        Proof::Disproven => {
            // The holding stones, read as after a draw's second run.
            let mut run = Dfpn::new(table, them, s.limits(), s.ctl.nodes())
                .with_zones(opts.zones)
                .with_zone_memory(zone_memory(opts.tt_mib), pos.rules().cells());
            let best = turn_line(&mut run, &mut pos, LineKind::Disproven);
            (Outcome::NoLoss, best, run.nodes)
        }
    };
    s.finish(nodes)?;
    Ok(report(&s, pos.rules(), value, best, nodes))
}

/// Memory for relevance zones: an eighth of the table's, shared out among the workers, so
/// that memory stays bounded by the size the user gave (the table plus this share). Each
/// worker's no-win zones take half as much again (see [`dfpn::Dfpn::with_zone_memory`]).
pub(crate) fn zone_memory(tt_mib: usize) -> usize {
    (tt_mib << 20) / 8
}

fn report(
    s: &Session<'_>,
    rules: &Rules,
    value: Outcome,
    best: Vec<Cell>,
    nodes: u64,
) -> SolveReport {
    let unfinished = value == Outcome::Unknown;
    SolveReport {
        value,
        best: Point::all(rules, &best),
        nodes,
        seconds: s.start.elapsed().as_secs_f64(),
        threads: s.threads,
        resumed: s.resumed,
        prior_nodes: s.prior_nodes,
        prior_seconds: s.prior_seconds,
        interrupted: s.ctl.is_interrupted(),
        checkpoints: s.checkpoints,
        checkpoint: s.checkpoint_path().filter(|_| unfinished).cloned(),
    }
}

/// Node budget for finding a drawing first turn when strategy stealing proved the draw.
const DRAW_LINE_NODES: u64 = 200_000;

/// True when strategy stealing shows that White cannot force a win from `pos`: the empty
/// board with Black to move and q = p.
///
/// If White had a winning strategy S, Black could place its first p stones anywhere and then
/// play S as if it were the second player, in a game where White moves first with p stones:
/// that is the same game, since q = p. Black always has p "extra" stones, not part of S's
/// game (at first, its first turn); when S asks for a point an extra stone stands on, Black
/// plays any empty point instead, and that stone becomes extra in its place. An extra stone
/// never hurts its owner (a line of k or more wins, and a stone only blocks the other side),
/// so White, whose stones are exactly those of S's game, never completes a line before Black
/// does: Black does not lose, against S being a win. (If the board fills first the game is a
/// draw, still not a White win.) With q ≠ p the imagined game is a different game, and away
/// from the empty board the stones already played break the symmetry, so neither is covered
/// (docs/design.md §5.12).
pub fn second_player_cannot_win(pos: &Position) -> bool {
    let r = pos.rules();
    r.q == r.p
        && pos.to_move() == Color::Black
        && pos.stones_left() == r.q
        && pos.empties() == r.cells()
}

/// The value of a finished game for the side to move, if it is finished.
fn game_over_value(pos: &Position) -> Option<Outcome> {
    match pos.winner() {
        Some(w) if w == pos.to_move() => Some(Outcome::Win),
        Some(_) => Some(Outcome::Loss),
        None if pos.empties() == 0 => Some(Outcome::Draw),
        None => None,
    }
}

/// Which children [`turn_line`] follows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineKind {
    /// Children proven won for the attacker (the attacker is to move).
    Proven,
    /// Children disproven (the defender is to move and holds).
    Disproven,
    /// The child with the smallest proof number (unsolved runs, the attacker to move).
    Promising,
    /// The unproved child the search spent the most nodes on, ties to the smallest disproof
    /// number: the defence that resisted most (unsolved runs, the defender to move). Not
    /// the smallest disproof number alone: when the limit stops a run, the nodes it was
    /// expanding keep the numbers of a half-done search, and a defence lost in a few nodes
    /// could look best.
    Resisting,
}

/// The stones the side to move plays for the rest of this turn, read from `run`'s table.
/// A solved child missing from the table (replaced) is searched again within `run`'s limits,
/// which is cheap.
pub(crate) fn turn_line(run: &mut Dfpn<'_>, pos: &mut Position, kind: LineKind) -> Vec<Cell> {
    let me = pos.to_move();
    let mut line = Vec::new();
    while pos.to_move() == me
        && !pos.is_over()
        && line.len() < pos.rules().q.max(pos.rules().p) as usize
    {
        let Some(c) = pick_child(run, pos, kind) else {
            break;
        };
        line.push(c);
        pos.play(c);
    }
    for _ in &line {
        pos.undo();
    }
    line
}

fn pick_child(run: &mut Dfpn<'_>, pos: &mut Position, kind: LineKind) -> Option<Cell> {
    if let Some(cells) = threats::winning_cells(pos, pos.to_move(), pos.stones_left()) {
        return cells.first().copied();
    }
    let moves = movegen::generate(pos, &threats::defence(pos));
    match kind {
        LineKind::Promising | LineKind::Resisting => best_searched_child(run, pos, &moves, kind),
        LineKind::Proven | LineKind::Disproven => solved_child(run, pos, &moves, kind),
    }
}

/// The child an unsolved run's line follows, among the children the search reached: one
/// never searched (or pruned by a zone, which proved it without storing it) would look best
/// with the fresh numbers (1, 1) while saying nothing about the search. With no child
/// searched, the first move.
fn best_searched_child(
    run: &Dfpn<'_>,
    pos: &Position,
    moves: &[Cell],
    kind: LineKind,
) -> Option<Cell> {
    let searched = moves
        .iter()
        .filter_map(|&c| Some((c, run.stored_child(pos, c)?)));
    let best = if kind == LineKind::Promising {
        searched.min_by_key(|&(_, (pn, _, _))| pn)
    } else {
        searched
            .filter(|&(_, (pn, _, _))| pn != 0)
            .min_by_key(|&(_, (_, dn, work))| (std::cmp::Reverse(work), dn))
    };
    best.map(|(c, _)| c).or_else(|| moves.first().copied())
}

/// A child solved the way `kind` wants (proven, or disproven), read from the table or, where
/// the table no longer holds one, found by solving the children again.
fn solved_child(
    run: &mut Dfpn<'_>,
    pos: &mut Position,
    moves: &[Cell],
    kind: LineKind,
) -> Option<Cell> {
    let proven = kind == LineKind::Proven;
    let wanted = |(pn, dn): (tt::Pn, tt::Pn)| if proven { pn == 0 } else { dn == 0 };
    if let Some(&c) = moves.iter().find(|&&c| wanted(run.child_numbers(pos, c))) {
        return Some(c);
    }
    // Not in the table any more: solve the children again until one qualifies.
    for &c in moves {
        pos.play(c);
        let proof = run.run(pos);
        pos.undo();
        let target = if proven {
            Proof::Proven
        } else {
            Proof::Disproven
        };
        if proof == target {
            return Some(c);
        }
    }
    None
}

/// The move ordering's first choice, for values where every move is as good (loss, no-win).
/// When the threats already decide the game, any blocking try is as good as another: the
/// first point of the ordering over all moves is shown.
fn first_move(pos: &Position) -> Vec<Cell> {
    if pos.is_over() {
        return Vec::new();
    }
    if let Some(cells) = threats::winning_cells(pos, pos.to_move(), pos.stones_left()) {
        return cells;
    }
    let mut moves = movegen::generate(pos, &threats::defence(pos));
    if moves.is_empty() {
        moves = movegen::generate(pos, &threats::Defence::Free);
    }
    moves.into_iter().take(1).collect()
}
