//! The solver: df-pn over single stones ([`dfpn`]), move generation ([`movegen`]) and the
//! transposition table ([`tt`]). [`solve`] is the entry point.

pub mod dfpn;
pub mod movegen;
pub mod tt;
pub mod ttfile;

use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::rules::Rules;
use crate::threats;
use dfpn::{Dfpn, Limits, Proof};
use std::time::{Duration, Instant};
use tt::Table;

/// What to prove.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Goal {
    /// The exact value for the side to move: win, loss or draw (up to two df-pn runs).
    #[default]
    Value,
    /// Only whether the side to move can force a win (one run).
    Win,
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
    /// Keep the table in this memory-mapped file (see [`ttfile`]) instead of anonymous memory.
    pub tt_file: Option<std::path::PathBuf>,
    /// Rebuild the table file from scratch instead of validating and reusing it.
    pub tt_reset: bool,
    /// Prune defender moves with relevance zones (on by default; off searches every defender
    /// move, for measurement and cross-checks). Never changes a value: checked against
    /// exhaustive search and by the zones on/off property test.
    pub zones: bool,
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
        }
    }
}

/// The answer of [`solve`].
#[derive(Debug, Clone)]
pub struct SolveReport {
    /// The value for the side to move.
    pub value: Outcome,
    /// The best stones for the rest of this turn (may be empty when the game is over).
    pub best: Vec<Cell>,
    /// Nodes expanded over all runs.
    pub nodes: u64,
    /// Wall time in seconds.
    pub seconds: f64,
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
pub fn open_table(opts: &SolveOptions, rules: &Rules) -> Result<Table> {
    match &opts.tt_file {
        Some(path) => ttfile::open(path, rules, opts.tt_mib, opts.tt_reset),
        None => Table::new(opts.tt_mib)
            .map_err(|e| Error::Io(format!("cannot allocate a {} MiB table: {e}", opts.tt_mib))),
    }
}

/// [`solve`] over a table already opened with [`open_table`] (for the same rules).
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
    let pos = pos.clone();
    let opts = opts.clone();
    let report = std::thread::Builder::new()
        .name("c6solve-search".into())
        .stack_size(256 << 20)
        .spawn(move || {
            let report = solve_here(pos.clone(), &opts, &table);
            let extra = after(&pos, &report, &table);
            (report, extra, table.flush())
        })
        .map_err(|e| Error::Io(format!("cannot start the search thread: {e}")))?
        .join()
        .map_err(|_| Error::Io("the search failed (internal error above)".into()))?;
    let (report, extra, flushed) = report;
    flushed.map_err(|e| Error::Io(format!("cannot write the table file back: {e}")))?;
    Ok((report, extra))
}

/// The most table memory `--tt-size` accepts, in MiB: the machine's memory where it can be
/// read, else 1 TiB.
pub fn max_tt_mib() -> usize {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let line = m.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib / 1024)
        })
        .unwrap_or(1 << 20)
}

fn solve_here(mut pos: Position, opts: &SolveOptions, table: &Table) -> SolveReport {
    let start = Instant::now();
    let me = pos.to_move();
    if let Some(value) = game_over_value(&pos) {
        return report(value, Vec::new(), 0, start);
    }
    let limits = Limits {
        max_nodes: opts.max_nodes,
        deadline: opts.time_limit.map(|d| start + d),
    };
    let zone_bytes = zone_memory(opts, &pos);
    let mut run = Dfpn::new(table, me, limits, 0)
        .with_zones(opts.zones)
        .with_zone_memory(zone_bytes, pos.rules().cells());
    let first = run.run(&mut pos);
    let mut nodes = run.nodes;
    if first == Proof::Proven {
        let best = turn_line(&mut run, &mut pos, LineKind::Proven);
        return report(Outcome::Win, best, run.nodes, start);
    }
    if first == Proof::Unknown {
        let best = turn_line(&mut run, &mut pos, LineKind::Promising);
        return report(Outcome::Unknown, best, nodes, start);
    }
    if opts.goal == Goal::Win {
        let best = first_move(&pos);
        return report(Outcome::NoWin, best, nodes, start);
    }
    let mut run = Dfpn::new(table, me.opponent(), limits, nodes)
        .with_zones(opts.zones)
        .with_zone_memory(zone_bytes, pos.rules().cells());
    let second = run.run(&mut pos);
    nodes = run.nodes;
    match second {
        Proof::Proven => {
            let best = first_move(&pos);
            report(Outcome::Loss, best, nodes, start)
        }
        Proof::Disproven => {
            let best = turn_line(&mut run, &mut pos, LineKind::Disproven);
            report(Outcome::Draw, best, run.nodes, start)
        }
        Proof::Unknown => report(Outcome::Unknown, first_move(&pos), nodes, start),
    }
}

/// Memory for relevance zones: an eighth of the table's, so that memory stays bounded by
/// the size the user gave (the table plus this share).
fn zone_memory(opts: &SolveOptions, _pos: &Position) -> usize {
    (opts.tt_mib << 20) / 8
}

fn report(value: Outcome, best: Vec<Cell>, nodes: u64, start: Instant) -> SolveReport {
    SolveReport {
        value,
        best,
        nodes,
        seconds: start.elapsed().as_secs_f64(),
    }
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
enum LineKind {
    /// Children proven won for the attacker (the attacker is to move).
    Proven,
    /// Children disproven (the defender is to move and holds).
    Disproven,
    /// The child with the smallest proof number (unsolved runs).
    Promising,
}

/// The stones the side to move plays for the rest of this turn, read from the table.
/// A solved child missing from the table (replaced) is searched again, which is cheap.
fn turn_line(run: &mut Dfpn<'_>, pos: &mut Position, kind: LineKind) -> Vec<Cell> {
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
    let wanted = |n: (tt::Pn, tt::Pn)| match kind {
        LineKind::Proven => n.0 == 0,
        LineKind::Disproven => n.1 == 0,
        LineKind::Promising => false,
    };
    if kind == LineKind::Promising {
        return moves
            .iter()
            .copied()
            .min_by_key(|&c| run.child_numbers(pos, c).0);
    }
    if let Some(&c) = moves.iter().find(|&&c| wanted(run.child_numbers(pos, c))) {
        return Some(c);
    }
    // Not in the table any more: solve the children again until one qualifies.
    for &c in &moves {
        pos.play(c);
        let proof = run.run(pos);
        pos.undo();
        let ok = match kind {
            LineKind::Proven => proof == Proof::Proven,
            _ => proof == Proof::Disproven,
        };
        if ok {
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
