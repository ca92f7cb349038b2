//! Puzzle suites: positions with a proven expected value, the runner behind
//! `c6solve puzzles`, and the Markdown report of `c6solve puzzles --report`.
//!
//! A suite file (`*.puzzles`) is a list of records, one `key: value` a line, each record
//! starting at its `id:` line. Blank lines and lines starting with `#` are ignored; lines
//! starting with `#|` are comments that the report copies (the harvest statistics). Keys:
//!
//! | key | required | meaning |
//! | --- | --- | --- |
//! | `id` | yes | unique name in the suite: letters, digits, `-`, `_`, `.` |
//! | `source` | yes | the game id in `../shared/data/connect6-games.jsonl`, or `hand-made` |
//! | `rules` | yes | `m,n,k,p,q` or a name (`connect6`, `gomoku`, `tictactoe`) |
//! | `moves` | one of | single stones in play order, Go-style points; empty: the empty board |
//! | `diagram` | one of | an ASCII diagram file, relative to the suite file |
//! | `goal` | yes | `win` (can the side to move force a win?) or `value` (win, loss or draw) |
//! | `expect` | yes | `win` or `no-win` with goal `win`; `win`, `loss` or `draw` with goal `value` |
//! | `depth` | no | turns of the kill: the side to move's for `win`, the opponent's for `loss` |
//! | `best` | no | the winning stones of this turn as found when the puzzle was made (shown only) |
//! | `tags` | no | space-separated words; `fast` puzzles run in `cargo test` |
//! | `note` | no | free text |
//!
//! Every record is checked when the file is read (rules, points, legality of the moves, the
//! goal/expect pair), so a bad record is one error line naming the file and line.

pub mod harvest;

use crate::board::Position;
use crate::error::{Error, Result};
use crate::lab;
use crate::lab::provenance::{self, Machine};
use crate::notation::{diagram, parse_moves};
use crate::rules::Rules;
use crate::search::{Goal, Outcome, SolveOptions, solve};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The file name ending that marks a suite file when a directory is given.
pub const SUITE_EXTENSION: &str = "puzzles";

/// One puzzle: a position, what to prove, and the proven answer.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// Unique name within the suite.
    pub id: String,
    /// Game id of the real game it comes from, or `hand-made`.
    pub source: String,
    /// The position, already replayed and checked.
    pub position: Position,
    /// What the solver is asked.
    pub goal: Goal,
    /// The proven answer.
    pub expected: Outcome,
    /// Turns of the kill (the side to move's for a win, the opponent's for a loss), if known.
    pub depth: Option<u32>,
    /// The winning stones of this turn as recorded in the file (informational).
    pub best: Option<String>,
    /// Tags such as `fast`.
    pub tags: Vec<String>,
    /// Free text.
    pub note: Option<String>,
    /// `FILE:LINE` of the record's `id:` line.
    pub origin: String,
}

impl Puzzle {
    /// True if the puzzle carries `tag`.
    pub fn has_tag(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }
}

/// A suite: its puzzles and the `#|` comment lines of its files (report material).
#[derive(Debug, Clone, Default)]
pub struct Suite {
    /// Puzzles in file order (files in name order).
    pub puzzles: Vec<Puzzle>,
    /// `(file, lines)` of `#|` comments, prefix removed.
    pub notes: Vec<(String, Vec<String>)>,
}

fn err(file: &str, line: usize, msg: impl std::fmt::Display) -> Error {
    Error::Puzzle(format!("{file}:{line}: {msg}"))
}

/// The record being read: each key with the line it was on.
#[derive(Default)]
struct Raw {
    line: usize,
    fields: Vec<(String, String, usize)>,
}

impl Raw {
    fn get(&self, key: &str) -> Option<(&str, usize)> {
        self.fields
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, v, l)| (v.as_str(), *l))
    }
}

const KEYS: &[&str] = &[
    "id", "source", "rules", "moves", "diagram", "goal", "expect", "depth", "best", "tags", "note",
];

/// Parses a suite file's text. `file` names it in errors; `base` is the directory that
/// `diagram:` paths are relative to.
pub fn parse_suite(text: &str, file: &str, base: &Path) -> Result<Suite> {
    let mut raws: Vec<Raw> = Vec::new();
    let mut notes = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let t = line.trim();
        if let Some(note) = t.strip_prefix("#|") {
            notes.push(note.trim().to_string());
            continue;
        }
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let Some((key, value)) = t.split_once(':') else {
            return Err(err(file, n, format!("expected 'key: value', got '{t}'")));
        };
        let (key, value) = (key.trim().to_ascii_lowercase(), value.trim().to_string());
        if !KEYS.contains(&key.as_str()) {
            return Err(err(
                file,
                n,
                format!("unknown key '{key}' (keys: {})", KEYS.join(", ")),
            ));
        }
        if key == "id" {
            raws.push(Raw {
                line: n,
                fields: Vec::new(),
            });
        }
        let Some(raw) = raws.last_mut() else {
            return Err(err(file, n, format!("'{key}' before the first 'id:' line")));
        };
        if raw.get(&key).is_some() {
            return Err(err(file, n, format!("'{key}' given twice in one record")));
        }
        raw.fields.push((key, value, n));
    }
    let mut puzzles = Vec::new();
    let mut ids = HashSet::new();
    for raw in &raws {
        let p = build(raw, file, base)?;
        if !ids.insert(p.id.clone()) {
            return Err(err(file, raw.line, format!("id '{}' used twice", p.id)));
        }
        puzzles.push(p);
    }
    let notes = if notes.is_empty() {
        Vec::new()
    } else {
        vec![(file.to_string(), notes)]
    };
    Ok(Suite { puzzles, notes })
}

fn build(raw: &Raw, file: &str, base: &Path) -> Result<Puzzle> {
    let need = |key: &str| {
        raw.get(key)
            .ok_or_else(|| err(file, raw.line, format!("record has no '{key}:' line")))
    };
    // Errors from other modules keep their own wording, prefixed with where they happened.
    let at = |line: usize| move |e: Error| err(file, line, e);
    let (id, id_line) = need("id")?;
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Err(err(
            file,
            id_line,
            format!("id '{id}': use letters, digits, '-', '_' or '.'"),
        ));
    }
    let (source, source_line) = need("source")?;
    if source.is_empty() {
        return Err(err(file, source_line, "empty source"));
    }
    let (rules_text, rules_line) = need("rules")?;
    let rules = Rules::parse(rules_text).map_err(at(rules_line))?;
    let position = match (raw.get("moves"), raw.get("diagram")) {
        (Some((moves, l)), None) => {
            let cells = parse_moves(&rules, moves).map_err(at(l))?;
            Position::from_moves(rules, &cells).map_err(at(l))?
        }
        (None, Some((path, l))) => {
            let full = base.join(path);
            let text = crate::input::read(&full.to_string_lossy()).map_err(at(l))?;
            let d = diagram::parse_diagram(&text, &rules).map_err(at(l))?;
            if let Some(own) = d.rules.filter(|own| *own != rules) {
                return Err(err(
                    file,
                    l,
                    format!("{path} is for rules {own} but the record says {rules}"),
                ));
            }
            d.position(&rules).map_err(at(l))?
        }
        (Some(_), Some((_, l))) => {
            return Err(err(file, l, "give 'moves:' or 'diagram:', not both"));
        }
        (None, None) => {
            return Err(err(
                file,
                raw.line,
                "record has no position ('moves:' or 'diagram:')",
            ));
        }
    };
    if position.is_over() {
        return Err(err(file, raw.line, "the game is already over"));
    }
    let (goal_text, goal_line) = need("goal")?;
    let goal = match goal_text {
        "win" => Goal::Win,
        "value" => Goal::Value,
        "hold" => Goal::Hold,
        g => {
            return Err(err(
                file,
                goal_line,
                format!("goal '{g}': expected win, value or hold"),
            ));
        }
    };
    let (expect_text, expect_line) = need("expect")?;
    let expected = match (goal, expect_text) {
        (Goal::Win | Goal::Value, "win") => Outcome::Win,
        (Goal::Hold, "no-loss") => Outcome::NoLoss,
        (Goal::Hold, "loss") => Outcome::Loss,
        (Goal::Hold, e) => {
            return Err(err(
                file,
                expect_line,
                format!("expect '{e}': with goal hold, expected no-loss or loss"),
            ));
        }
        (Goal::Win, "no-win") => Outcome::NoWin,
        (Goal::Value, "loss") => Outcome::Loss,
        (Goal::Value, "draw") => Outcome::Draw,
        (Goal::Win, e) => {
            return Err(err(
                file,
                expect_line,
                format!("expect '{e}': with goal win, expected win or no-win"),
            ));
        }
        (Goal::Value, e) => {
            return Err(err(
                file,
                expect_line,
                format!("expect '{e}': with goal value, expected win, loss or draw"),
            ));
        }
    };
    let depth = match raw.get("depth") {
        None | Some(("-", _)) => None,
        Some((d, l)) => match d.parse::<u32>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                return Err(err(
                    file,
                    l,
                    format!("depth '{d}': expected a whole number of turns above 0, or -"),
                ));
            }
        },
    };
    if let Some((best, l)) = raw.get("best") {
        parse_moves(&rules, best).map_err(at(l))?;
    }
    Ok(Puzzle {
        id: id.to_string(),
        source: source.to_string(),
        position,
        goal,
        expected,
        depth,
        best: raw.get("best").map(|(b, _)| b.to_string()),
        tags: raw
            .get("tags")
            .map(|(t, _)| t.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default(),
        note: raw.get("note").map(|(n, _)| n.to_string()),
        origin: format!("{file}:{id_line}"),
    })
}

/// Reads a suite file, or every `*.puzzles` file of a directory in name order. Ids must be
/// unique over all of them.
pub fn load(path: &Path) -> Result<Suite> {
    let files: Vec<PathBuf> = if path.is_dir() {
        let mut v: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| Error::Io(format!("cannot read {}: {e}", path.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == SUITE_EXTENSION))
            .collect();
        v.sort();
        if v.is_empty() {
            return Err(Error::Io(format!(
                "no .{SUITE_EXTENSION} files in {}",
                path.display()
            )));
        }
        v
    } else {
        vec![path.to_path_buf()]
    };
    let mut suite = Suite::default();
    let mut ids = HashSet::new();
    for f in files {
        let name = f.display().to_string();
        let text = crate::input::read(&name)?;
        let base = f.parent().unwrap_or(Path::new("."));
        let part = parse_suite(&text, &name, base)?;
        for p in &part.puzzles {
            if !ids.insert(p.id.clone()) {
                return Err(Error::Puzzle(format!(
                    "{}: id '{}' is also used in another file",
                    p.origin, p.id
                )));
            }
        }
        suite.puzzles.extend(part.puzzles);
        suite.notes.extend(part.notes);
    }
    if suite.puzzles.is_empty() {
        return Err(Error::Puzzle(format!("{}: no puzzles", path.display())));
    }
    Ok(suite)
}

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

fn depth_text(d: Option<u32>) -> String {
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

/// Two runs of one suite, zones on and off, and where they ran: the material of
/// `results/puzzles.md`.
#[derive(Debug, Clone)]
pub struct Report {
    /// The suite path as given.
    pub path: String,
    /// The run with zones on.
    pub on: Vec<RunRow>,
    /// The run with zones off, same puzzles and order.
    pub off: Vec<RunRow>,
    /// Settings (its `zones` field is ignored).
    pub options: RunOptions,
    /// Where it ran.
    pub machine: Machine,
    /// Source commit.
    pub commit: String,
    /// Start time, UTC.
    pub date: String,
    /// `/proc/loadavg` before and after.
    pub load: (String, String),
    /// `#|` notes of the suite files.
    pub notes: Vec<(String, Vec<String>)>,
}

/// The 1, 5 and 15 minute load averages, "unknown" where they cannot be read.
fn loadavg() -> String {
    provenance::load_average(3).unwrap_or_else(|| "unknown".into())
}

/// Runs the suite with zones on, then off, over the same puzzles.
pub fn report(
    path: &str,
    suite: &Suite,
    opts: &RunOptions,
    mut progress: impl FnMut(&str, &RunRow),
) -> Result<Report> {
    let date = provenance::utc_now();
    let before = loadavg();
    let on_opts = RunOptions {
        zones: true,
        ..opts.clone()
    };
    let on = run(&suite.puzzles, &on_opts, |r| progress("zones on", r))?;
    let off_opts = RunOptions {
        zones: false,
        ..opts.clone()
    };
    let off = run(&suite.puzzles, &off_opts, |r| progress("zones off", r))?;
    Ok(Report {
        path: path.to_string(),
        on,
        off,
        options: opts.clone(),
        machine: Machine::detect(),
        commit: provenance::git_commit(),
        date,
        load: (before, loadavg()),
        notes: suite.notes.clone(),
    })
}

/// One depth's line of a report.
struct DepthFigures {
    depth: Option<u32>,
    count: usize,
    proved: usize,
    median: f64,
    worst: f64,
}

/// The figures a report gives for one run.
fn run_figures(rows: &[RunRow]) -> (Summary, Vec<DepthFigures>) {
    let mut depths: Vec<Option<u32>> = rows.iter().map(|r| r.depth).collect();
    depths.sort();
    depths.dedup();
    let per = depths
        .into_iter()
        .map(|d| {
            let sel: Vec<&RunRow> = rows.iter().filter(|r| r.depth == d).collect();
            let secs: Vec<f64> = sel.iter().map(|r| r.seconds).collect();
            let proved = sel.iter().filter(|r| r.verdict == Verdict::Correct).count();
            DepthFigures {
                depth: d,
                count: sel.len(),
                proved,
                median: lab::median(&secs),
                worst: secs.iter().copied().fold(0.0, f64::max),
            }
        })
        .collect();
    (summarize(rows), per)
}

/// Node ratio zones off / zones on: total over the puzzles both runs proved, and the median
/// of the per-puzzle ratios (puzzles with at least one node in both runs).
pub fn node_ratio(on: &[RunRow], off: &[RunRow]) -> (Option<f64>, Option<f64>, usize) {
    let both: Vec<(&RunRow, &RunRow)> = on
        .iter()
        .zip(off)
        .filter(|(a, b)| a.verdict == Verdict::Correct && b.verdict == Verdict::Correct)
        .collect();
    let (n_on, n_off): (u64, u64) = both
        .iter()
        .fold((0, 0), |(x, y), (a, b)| (x + a.nodes, y + b.nodes));
    let total = (n_on > 0).then(|| n_off as f64 / n_on as f64);
    let ratios: Vec<f64> = both
        .iter()
        .filter(|(a, b)| a.nodes > 0 && b.nodes > 0)
        .map(|(a, b)| b.nodes as f64 / a.nodes as f64)
        .collect();
    let median = (!ratios.is_empty()).then(|| lab::median(&ratios));
    (total, median, both.len())
}

/// The report as Markdown.
pub fn markdown(r: &Report, command: &str) -> String {
    let mut s = String::new();
    let o = &r.options;
    let _ = writeln!(s, "# c6solve puzzle suite\n");
    let _ = writeln!(
        s,
        "Every puzzle of `{}` solved on one search thread with a fresh {} MiB table and a \
         {} s limit{}, first with relevance zones on, then off. A timeout is not a wrong answer; \
         a wrong answer (a proven value other than the expected one) would be listed first.\n",
        r.path,
        o.tt_mib,
        o.time_limit.as_secs_f64(),
        o.max_nodes
            .map_or(String::new(), |n| format!(" and a {n}-node limit"))
    );
    s.push_str(&provenance::provenance_rows(&r.commit, &r.date, &r.machine));
    let _ = writeln!(
        s,
        "| Load (1, 5, 15 min) | before {}; after {} (other jobs share the machine) |",
        r.load.0, r.load.1
    );
    let _ = writeln!(
        s,
        "| Build | {} |",
        if cfg!(debug_assertions) {
            "debug (slow: use --release)"
        } else {
            "release (optimised)"
        }
    );
    let _ = writeln!(s, "| Reproduce | `{command}` |\n");

    let wrong: Vec<&RunRow> =
        r.on.iter()
            .chain(&r.off)
            .filter(|x| x.verdict == Verdict::Wrong)
            .collect();
    if !wrong.is_empty() {
        let _ = writeln!(s, "## WRONG ANSWERS\n");
        for w in wrong {
            let _ = writeln!(
                s,
                "- {}: expected {}, solver said {}",
                w.id,
                w.expected.name(),
                w.got.name()
            );
        }
        let _ = writeln!(s);
    }

    let _ = writeln!(s, "## Summary\n");
    let _ = writeln!(
        s,
        "| zones | puzzles | correct | wrong | timeouts | median s | worst s | nodes |\n|---|--:|--:|--:|--:|--:|--:|--:|"
    );
    let (on_sum, on_depths) = run_figures(&r.on);
    let (off_sum, off_depths) = run_figures(&r.off);
    for (name, sm) in [("on", &on_sum), ("off", &off_sum)] {
        let _ = writeln!(
            s,
            "| {name} | {} | {} | {} | {} | {:.3} | {:.3} | {} |",
            sm.count,
            sm.correct,
            sm.wrong,
            sm.unknown,
            sm.median_seconds,
            sm.worst_seconds,
            crate::units::group_digits(sm.nodes)
        );
    }
    let (total, median, n) = node_ratio(&r.on, &r.off);
    let fmt = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.2}"));
    let _ = writeln!(
        s,
        "\nNode ratio zones off / on over the {n} puzzles both runs proved: {} in total, \
         {} median per puzzle (above 1: zones save nodes).\n",
        fmt(total),
        fmt(median)
    );

    let _ = writeln!(s, "## By kill depth (zones on | off)\n");
    let _ = writeln!(
        s,
        "Depth: turns of the kill (the side to move's for a win, the opponent's for a loss); \
         `-` for draws and no-wins.\n"
    );
    let _ = writeln!(
        s,
        "| depth | puzzles | proved on | median s on | worst s on | proved off | median s off | worst s off |\n|---|--:|--:|--:|--:|--:|--:|--:|"
    );
    for (a, b) in on_depths.iter().zip(&off_depths) {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {:.3} | {:.3} | {} | {:.3} | {:.3} |",
            depth_text(a.depth),
            a.count,
            a.proved,
            a.median,
            a.worst,
            b.proved,
            b.median,
            b.worst
        );
    }
    let _ = writeln!(
        s,
        "\nTarget: every kill up to 4 turns deep proved in under 10 s, median under 1 s."
    );
    for (name, rows) in [("on", &r.on), ("off", &r.off)] {
        let kills: Vec<&RunRow> = rows
            .iter()
            .filter(|x| x.expected == Outcome::Win && x.depth.is_some_and(|d| d <= 4))
            .collect();
        let under10 = kills
            .iter()
            .filter(|x| x.verdict == Verdict::Correct && x.seconds < 10.0)
            .count();
        let ksecs: Vec<f64> = kills.iter().map(|x| x.seconds).collect();
        let _ = writeln!(
            s,
            "Zones {name}: {under10} of {} kills proved in under 10 s, median {:.3} s.",
            kills.len(),
            lab::median(&ksecs)
        );
    }
    let _ = writeln!(s);

    if !r.notes.is_empty() {
        let _ = writeln!(s, "## How the suite was made\n");
        for (file, lines) in &r.notes {
            let _ = writeln!(s, "From `{file}`:\n");
            for l in lines {
                let _ = writeln!(s, "{l}");
            }
            let _ = writeln!(s);
        }
    }

    let _ = writeln!(s, "## Every puzzle\n");
    let _ = writeln!(
        s,
        "| id | depth | expected | got (on) | nodes (on) | s (on) | got (off) | nodes (off) | s (off) | off/on nodes |\n|---|--:|---|---|--:|--:|---|--:|--:|--:|"
    );
    for (a, b) in r.on.iter().zip(&r.off) {
        let ratio = if a.nodes > 0 && b.nodes > 0 {
            format!("{:.2}", b.nodes as f64 / a.nodes as f64)
        } else {
            "-".into()
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {:.3} | {} | {} | {:.3} | {ratio} |",
            a.id,
            depth_text(a.depth),
            a.expected.name(),
            a.got.name(),
            crate::units::group_digits(a.nodes),
            a.seconds,
            b.got.name(),
            crate::units::group_digits(b.nodes),
            b.seconds
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Suite> {
        parse_suite(text, "t.puzzles", Path::new("."))
    }

    const GOOD: &str = "# a comment\n#| | kind | n |\n\nid: ttt-x\nsource: hand-made\n\
        rules: 3,3,3,1,1\nmoves: B2 A1 C1\ngoal: value\nexpect: loss\ndepth: 1\n\
        tags: fast small\nnote: White must block A3 and cannot\n\n\
        id: empty33\nsource: hand-made\nrules: tictactoe\nmoves:\ngoal: win\nexpect: no-win\n";

    #[test]
    fn parses_records() {
        let s = parse(GOOD).unwrap();
        assert_eq!(s.puzzles.len(), 2);
        let p = &s.puzzles[0];
        assert_eq!(p.id, "ttt-x");
        assert_eq!(p.goal, Goal::Value);
        assert_eq!(p.expected, Outcome::Loss);
        assert_eq!(p.depth, Some(1));
        assert!(p.has_tag("fast") && p.has_tag("small"));
        assert_eq!(p.origin, "t.puzzles:4");
        assert_eq!(p.position.stone_counts(), (2, 1));
        assert_eq!(s.puzzles[1].position.stone_counts(), (0, 0));
        assert_eq!(s.puzzles[1].expected, Outcome::NoWin);
        assert_eq!(s.notes[0].1, vec!["| kind | n |".to_string()]);
    }

    /// Each bad record gives one line naming the file and the line of the problem.
    #[test]
    fn bad_records_name_file_and_line() {
        let rec = "id: a\nsource: s\nrules: 3,3,3,1,1\nmoves: B2\ngoal: win\nexpect: win\n";
        let cases: Vec<(String, &str)> = vec![
            (
                format!("{rec}colour: red\n"),
                "t.puzzles:7: unknown key 'colour'",
            ),
            (
                "source: s\n".into(),
                "t.puzzles:1: 'source' before the first 'id:'",
            ),
            (
                format!("{rec}goal: win\n"),
                "t.puzzles:7: 'goal' given twice",
            ),
            (
                rec.replace("goal: win", "goal: draw"),
                "t.puzzles:5: goal 'draw'",
            ),
            (
                rec.replace("expect: win", "expect: loss"),
                "t.puzzles:6: expect 'loss'",
            ),
            (
                rec.replace("moves: B2", "moves: B2 B2"),
                "t.puzzles:4: illegal move",
            ),
            (
                rec.replace("moves: B2", "moves: Z9"),
                "t.puzzles:4: bad point",
            ),
            (
                rec.replace("rules: 3,3,3,1,1", "rules: 3,3"),
                "t.puzzles:3: bad rules",
            ),
            (
                rec.replace("moves: B2\n", ""),
                "t.puzzles:1: record has no position",
            ),
            (
                rec.replace("source: s\n", ""),
                "t.puzzles:1: record has no 'source:'",
            ),
            (format!("{rec}depth: 0\n"), "t.puzzles:7: depth '0'"),
            (format!("{rec}{rec}"), "t.puzzles:7: id 'a' used twice"),
            (rec.replace("id: a", "id: a b"), "t.puzzles:1: id 'a b'"),
            (
                format!("{rec}diagram: x.txt\n"),
                "t.puzzles:7: give 'moves:' or 'diagram:'",
            ),
            (
                rec.replace("moves: B2", "moves: A1 B1 A2 B2 A3"),
                "t.puzzles:1: the game is already over",
            ),
            ("id a\n".into(), "t.puzzles:1: expected 'key: value'"),
            (
                rec.replace("moves: B2", "diagram: no-such-file.txt"),
                "t.puzzles:4: cannot read",
            ),
        ];
        for (text, want) in cases {
            let e = parse(&text).expect_err(&text).to_string();
            assert!(e.contains(want), "{text:?}: got {e:?}, want {want:?}");
            assert!(!e.contains('\n'), "{e:?}");
        }
    }

    fn row(id: &str, depth: Option<u32>, verdict: Verdict, nodes: u64, seconds: f64) -> RunRow {
        RunRow {
            id: id.into(),
            depth,
            goal: Goal::Win,
            expected: Outcome::Win,
            got: match verdict {
                Verdict::Correct => Outcome::Win,
                Verdict::Wrong => Outcome::NoWin,
                Verdict::Unknown => Outcome::Unknown,
            },
            nodes,
            seconds,
            verdict,
        }
    }

    #[test]
    fn summary_and_ratio() {
        let on = vec![
            row("a", Some(1), Verdict::Correct, 10, 0.5),
            row("b", Some(2), Verdict::Unknown, 100, 3.0),
            row("c", Some(2), Verdict::Correct, 20, 1.0),
        ];
        let s = summarize(&on);
        assert_eq!((s.count, s.correct, s.wrong, s.unknown), (3, 2, 0, 1));
        assert_eq!(
            (s.median_seconds, s.worst_seconds, s.nodes),
            (1.0, 3.0, 130)
        );
        let off = vec![
            row("a", Some(1), Verdict::Correct, 30, 0.5),
            row("b", Some(2), Verdict::Correct, 100, 3.0),
            row("c", Some(2), Verdict::Correct, 20, 1.0),
        ];
        // b is proved only with zones off, so it is left out: (30 + 20) / (10 + 20).
        let (total, median, n) = node_ratio(&on, &off);
        assert_eq!(n, 2);
        assert!((total.unwrap() - 50.0 / 30.0).abs() < 1e-9);
        assert!((median.unwrap() - 2.0).abs() < 1e-9);
    }
}
