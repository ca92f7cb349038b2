//! Running a suite: one solve per puzzle under the same limits, each answer compared with
//! the expected one, and the rows shown as a text table, a summary or JSON.

use crate::error::Result;
use crate::lab;
use crate::search::{Goal, Outcome, SolveOptions, solve};
use std::time::Duration;

use super::suite::Puzzle;

/// Settings of a suite run.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Give up on a puzzle (answer unknown) after this long.
    pub time_limit: Duration,
    /// Give up on a puzzle after this many nodes, if set (unlike time, the same on any
    /// machine: what tests use).
    pub max_nodes: Option<u64>,
    /// Relevance zones on or off (see [`SolveOptions::zones`]).
    pub zones: bool,
    /// Table size in MiB; every puzzle gets a fresh table.
    pub tt_mib: usize,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            time_limit: Duration::from_secs(20),
            max_nodes: None,
            zones: SolveOptions::default().zones,
            tt_mib: 64,
        }
    }
}

/// How a puzzle's answer compares with the expected one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The solver proved the expected value.
    Correct,
    /// The solver proved a different value: a bug in the solver or in the puzzle.
    Wrong,
    /// The limits ran out first.
    Unknown,
}

impl Verdict {
    /// The name used in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Correct => "ok",
            Verdict::Wrong => "WRONG",
            Verdict::Unknown => "timeout",
        }
    }
}

/// One puzzle's result.
#[derive(Debug, Clone)]
pub struct RunRow {
    /// The puzzle's id.
    pub id: String,
    /// Its kill depth, if known.
    pub depth: Option<u32>,
    /// What it asks.
    pub goal: Goal,
    /// The expected value.
    pub expected: Outcome,
    /// The solver's answer.
    pub got: Outcome,
    /// Nodes the solver expanded.
    pub nodes: u64,
    /// Wall time of the solve, seconds.
    pub seconds: f64,
    /// The comparison.
    pub verdict: Verdict,
}

/// The settings of one puzzle or harvest solve. One worker: the figures are per core, and a
/// node limit gives the same answers on any machine.
pub(crate) fn solve_options(
    goal: Goal,
    time_limit: Duration,
    max_nodes: Option<u64>,
    tt_mib: usize,
    zones: bool,
) -> SolveOptions {
    SolveOptions {
        goal,
        time_limit: Some(time_limit),
        max_nodes,
        tt_mib,
        zones,
        threads: 1,
        ..SolveOptions::default()
    }
}

/// Solves one puzzle.
pub fn run_one(p: &Puzzle, opts: &RunOptions) -> Result<RunRow> {
    let so = solve_options(
        p.goal,
        opts.time_limit,
        opts.max_nodes,
        opts.tt_mib,
        opts.zones,
    );
    let r = solve(&p.position, &so)?;
    let verdict = if r.value == Outcome::Unknown {
        Verdict::Unknown
    } else if r.value == p.expected {
        Verdict::Correct
    } else {
        Verdict::Wrong
    };
    Ok(RunRow {
        id: p.id.clone(),
        depth: p.depth,
        goal: p.goal,
        expected: p.expected,
        got: r.value,
        nodes: r.nodes,
        seconds: r.seconds,
        verdict,
    })
}

/// Solves every puzzle in order; `progress` sees each row as it is done.
pub fn run(
    puzzles: &[Puzzle],
    opts: &RunOptions,
    mut progress: impl FnMut(&RunRow),
) -> Result<Vec<RunRow>> {
    let mut rows = Vec::with_capacity(puzzles.len());
    for p in puzzles {
        let row = run_one(p, opts)?;
        progress(&row);
        rows.push(row);
    }
    Ok(rows)
}

/// Counts and times of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Puzzles run.
    pub count: usize,
    /// Proven as expected.
    pub correct: usize,
    /// Proven otherwise.
    pub wrong: usize,
    /// Not proven within the limits.
    pub unknown: usize,
    /// Median seconds over all puzzles (a timeout counts as its time).
    pub median_seconds: f64,
    /// Slowest puzzle, seconds.
    pub worst_seconds: f64,
    /// Nodes over all puzzles.
    pub nodes: u64,
}

/// Sums up rows.
pub fn summarize(rows: &[RunRow]) -> Summary {
    let secs: Vec<f64> = rows.iter().map(|r| r.seconds).collect();
    let count_of = |v: Verdict| rows.iter().filter(|r| r.verdict == v).count();
    Summary {
        count: rows.len(),
        correct: count_of(Verdict::Correct),
        wrong: count_of(Verdict::Wrong),
        unknown: count_of(Verdict::Unknown),
        median_seconds: lab::median(&secs),
        worst_seconds: secs.iter().copied().fold(0.0, f64::max),
        nodes: rows.iter().map(|r| r.nodes).sum(),
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} puzzles: {} correct, {} wrong, {} timeouts; median {:.3} s, worst {:.3} s, {} nodes",
            self.count,
            self.correct,
            self.wrong,
            self.unknown,
            self.median_seconds,
            self.worst_seconds,
            self.nodes
        )
    }
}

/// A kill depth in tables, `-` where unknown.
pub(super) fn depth_text(d: Option<u32>) -> String {
    d.map_or("-".to_string(), |d| d.to_string())
}

/// The header of the text table.
pub fn table_header() -> String {
    format!(
        "{:<28} {:>5} {:<8} {:<8} {:>12} {:>9}  {}",
        "id", "depth", "expected", "got", "nodes", "seconds", "verdict"
    )
}

/// One line of the text table.
pub fn table_line(r: &RunRow) -> String {
    format!(
        "{:<28} {:>5} {:<8} {:<8} {:>12} {:>9.3}  {}",
        r.id,
        depth_text(r.depth),
        r.expected.name(),
        r.got.name(),
        r.nodes,
        r.seconds,
        r.verdict.name()
    )
}

/// The rows and summary as one JSON object.
pub fn json(rows: &[RunRow], opts: &RunOptions) -> serde_json::Value {
    let s = summarize(rows);
    let rows: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "id": r.id,
                "depth": r.depth,
                "goal": match r.goal {
                    Goal::Win => "win",
                    Goal::Value => "value",
                    Goal::Hold => "hold",
                },
                "expected": r.expected.name(),
                "got": r.got.name(),
                "nodes": r.nodes,
                "seconds": r.seconds,
                "verdict": r.verdict.name(),
            })
        })
        .collect();
    serde_json::json!({
        "zones": opts.zones,
        "time_limit": opts.time_limit.as_secs_f64(),
        "max_nodes": opts.max_nodes,
        "puzzles": rows,
        "summary": {
            "count": s.count,
            "correct": s.correct,
            "wrong": s.wrong,
            "unknown": s.unknown,
            "median_seconds": s.median_seconds,
            "worst_seconds": s.worst_seconds,
            "nodes": s.nodes,
        },
    })
}
