//! The GTP engine's cost against the library's: every puzzle of a suite solved by
//! `c6solve-solve` through a `c6solve gtp` process and by the puzzle runner in process (what
//! `c6solve puzzles` does), with the answers compared and the time per call set side by
//! side. Behind `c6solve bench --gtp-report` (results/gtp.md).

use super::median;
use super::output::{check_writable, write};
use super::provenance::{Machine, git_commit, load_average, provenance_rows, utc_now};
use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::files::outputs::Named;
use crate::notation::format_point;
use crate::puzzles::{self, Puzzle, RunOptions};
use crate::search::{Goal, Outcome};
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// Settings of the comparison.
#[derive(Debug, Clone)]
pub struct GtpReportOptions {
    /// A suite file or a directory of them.
    pub suite: PathBuf,
    /// Time limit of each solve, both ways.
    pub time_limit: Duration,
    /// Table of each solve, in MiB, both ways.
    pub tt_mib: usize,
    /// The `c6solve` binary to run as the engine.
    pub engine: PathBuf,
}

/// One puzzle both ways.
struct Row {
    id: String,
    goal: Goal,
    /// The runner's answer, nodes and wall time of the call (table allocation included).
    lib: (Outcome, u64, f64),
    /// The engine's answer and nodes, and the wall time from sending `c6solve-solve` to the
    /// end of its response.
    gtp: (String, u64, f64),
}

impl Row {
    /// Same answer: the engine answers the exact value, the runner what the puzzle's goal
    /// asks, so a `no-win` agrees with a loss or a draw and a `no-loss` with a win or a draw.
    fn agrees(&self) -> bool {
        let v = self.gtp.0.as_str();
        match self.lib.0 {
            Outcome::NoWin => v == "loss" || v == "draw",
            Outcome::NoLoss => v == "win" || v == "draw",
            o => o.name() == v,
        }
    }

    /// The two searches do the same work: the same exact-value search, or a win goal the
    /// first run proved (the exact value then needs no second run).
    fn same_search(&self) -> bool {
        self.goal == Goal::Value || (self.goal == Goal::Win && self.lib.0 == Outcome::Win)
    }
}

/// A `c6solve gtp` process.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(opts: &GtpReportOptions) -> Result<Engine> {
        let secs = opts.time_limit.as_secs_f64().to_string();
        let mut child = Command::new(&opts.engine)
            .args(["gtp", "--threads", "1", "--time-limit", &secs])
            .args(["--tt-size", &opts.tt_mib.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| Error::Io(format!("cannot start {}: {e}", opts.engine.display())))?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Engine {
            child,
            input,
            output,
        })
    }

    /// Sends a command; its success text, or the engine's error.
    fn call(&mut self, cmd: &str) -> Result<String> {
        let fail = |e: std::io::Error| Error::Io(format!("GTP engine: {e}"));
        writeln!(self.input, "{cmd}").map_err(fail)?;
        self.input.flush().map_err(fail)?;
        let mut text = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line).map_err(fail)? == 0 {
                return Err(Error::Io("GTP engine ended".into()));
            }
            if line.trim_end().is_empty() {
                break;
            }
            text.push_str(&line);
        }
        match text.strip_prefix('=') {
            Some(rest) => Ok(rest.trim().to_string()),
            None => Err(Error::Io(format!("GTP engine: {cmd}: {}", text.trim()))),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// The stones of `pos` in an order the turn structure allows (Black's first stones, then
/// each side's in turn), or `None` when the position's counts do not fit one.
fn play_order(pos: &Position) -> Option<Vec<Cell>> {
    let rules = *pos.rules();
    let mut stones = [Vec::new(), Vec::new()];
    for c in (0..rules.cells() as Cell).rev() {
        if let Some(color) = pos.at(c) {
            stones[color.index()].push(c);
        }
    }
    let total = stones[0].len() + stones[1].len();
    let mut order = Vec::with_capacity(total);
    for i in 0..total {
        order.push(stones[rules.turn_after(i).0.index()].pop()?);
    }
    let replayed = Position::from_moves(rules, &order).ok()?;
    (replayed.to_move() == pos.to_move() && replayed.stones_left() == pos.stones_left())
        .then_some(order)
}

/// One puzzle through the engine: set up, then the timed `c6solve-solve`.
fn through_gtp(
    e: &mut Engine,
    p: &Puzzle,
    order: &[Cell],
    secs: f64,
) -> Result<(String, u64, f64)> {
    let rules = p.position.rules();
    e.call(&format!("c6solve-rules {rules}"))?;
    for (i, &c) in order.iter().enumerate() {
        let color = rules.turn_after(i).0.name();
        e.call(&format!("play {color} {}", format_point(rules, c)))?;
    }
    let start = Instant::now();
    let answer = e.call(&format!("c6solve-solve {secs}"))?;
    let wall = start.elapsed().as_secs_f64();
    let words: Vec<&str> = answer.split_whitespace().collect();
    let nodes = match words[..] {
        [.., "nodes", n] => n.parse().ok(),
        _ => None,
    };
    let nodes = nodes.ok_or_else(|| Error::Io(format!("GTP engine: odd answer '{answer}'")))?;
    Ok((words[0].to_string(), nodes, wall))
}

/// Runs the comparison and writes the report to `out`; false when an answer differs.
pub fn run_and_write(opts: &GtpReportOptions, out: &str) -> Result<bool> {
    check_writable("--out", out, &[Named::new("the suite", &opts.suite)])?;
    let suite = puzzles::load(&opts.suite)?;
    let run = RunOptions {
        time_limit: opts.time_limit,
        max_nodes: None,
        zones: true,
        tt_mib: opts.tt_mib,
    };
    let mut engine = Engine::start(opts)?;
    let load_before = load_average(3);
    let (mut rows, mut skipped) = (Vec::new(), Vec::new());
    for p in &suite.puzzles {
        let Some(order) = play_order(&p.position) else {
            skipped.push(p.id.clone());
            continue;
        };
        let start = Instant::now();
        let lib = puzzles::run_one(p, &run)?;
        let lib_wall = start.elapsed().as_secs_f64();
        let gtp = through_gtp(&mut engine, p, &order, opts.time_limit.as_secs_f64())?;
        rows.push(Row {
            id: p.id.clone(),
            goal: p.goal,
            lib: (lib.got, lib.nodes, lib_wall),
            gtp,
        });
    }
    drop(engine);
    let text = markdown(opts, &rows, &skipped, load_before, out);
    write(out, &text)?;
    print!("{text}");
    eprintln!("wrote {out}");
    Ok(rows.iter().all(Row::agrees))
}

fn markdown(
    opts: &GtpReportOptions,
    rows: &[Row],
    skipped: &[String],
    load_before: Option<String>,
    out: &str,
) -> String {
    let mut s = String::new();
    let secs = opts.time_limit.as_secs_f64();
    let _ = writeln!(
        s,
        "# GTP `c6solve-solve` against the library's puzzle runner\n"
    );
    let _ = writeln!(
        s,
        "Every puzzle of `{}` solved twice on one thread with a fresh {} MiB table and a {secs} s \
         limit: by `c6solve-solve` sent to one `c6solve gtp` process (timed from sending the \
         command to the end of its response; the position is set up before with \
         `c6solve-rules` and `play`), and by the runner `c6solve puzzles` uses, in process \
         (timed around the call). The engine answers the exact value; the runner what the \
         puzzle asks, so a `no-win` agrees with a loss or a draw.\n",
        opts.suite.display(),
        opts.tt_mib
    );
    let load_after = load_average(3);
    s.push_str(&provenance_rows(
        &git_commit(),
        &utc_now(),
        &Machine::detect(),
    ));
    let _ = writeln!(
        s,
        "| Load (1, 5, 15 min) | before {}; after {} |",
        load_before.as_deref().unwrap_or("unknown"),
        load_after.as_deref().unwrap_or("unknown")
    );
    let _ = writeln!(
        s,
        "| Reproduce | `cargo run --release -- bench --gtp-report --out {out}` |\n"
    );
    let agree = rows.iter().filter(|r| r.agrees()).count();
    let same: Vec<&Row> = rows.iter().filter(|r| r.same_search()).collect();
    let same_nodes = same.iter().filter(|r| r.lib.1 == r.gtp.1).count();
    let over: Vec<f64> = same.iter().map(|r| r.gtp.2 - r.lib.2).collect();
    let lib_t: Vec<f64> = same.iter().map(|r| r.lib.2).collect();
    let gtp_t: Vec<f64> = same.iter().map(|r| r.gtp.2).collect();
    let total = |v: &[f64]| v.iter().sum::<f64>();
    let _ = writeln!(
        s,
        "## Summary\n\nTimes are over the puzzles where both do the same search.\n"
    );
    let _ = writeln!(s, "| | |\n|---|--:|");
    let _ = writeln!(s, "| puzzles compared | {} |", rows.len());
    let _ = writeln!(s, "| same answer | {agree} of {} |", rows.len());
    let _ = writeln!(
        s,
        "| same search (exact value, or a win goal proven) | {} |",
        same.len()
    );
    let _ = writeln!(
        s,
        "| of those, same node count | {same_nodes} of {} |",
        same.len()
    );
    let _ = writeln!(
        s,
        "| median s per call: library / GTP | {:.4} / {:.4} |",
        median(&lib_t),
        median(&gtp_t)
    );
    let _ = writeln!(
        s,
        "| total s: library / GTP | {:.3} / {:.3} |",
        total(&lib_t),
        total(&gtp_t)
    );
    let _ = writeln!(
        s,
        "| GTP overhead per call (GTP minus library), ms: median / mean | {:.3} / {:.3} |",
        median(&over) * 1e3,
        total(&over) / over.len().max(1) as f64 * 1e3
    );
    if !skipped.is_empty() {
        let _ = writeln!(
            s,
            "\nSkipped (stone counts fit no play order, so no `play` sequence sets them up): {}",
            skipped.join(", ")
        );
    }
    let odd: Vec<&Row> = rows
        .iter()
        .filter(|r| !r.agrees() || (r.same_search() && r.lib.1 != r.gtp.1))
        .collect();
    if !odd.is_empty() {
        let _ = writeln!(
            s,
            "\n## Puzzles whose answer or nodes differ\n\n| id | library | nodes | GTP | nodes |\n|---|---|--:|---|--:|"
        );
        for r in odd {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} |",
                r.id,
                r.lib.0.name(),
                r.lib.1,
                r.gtp.0,
                r.gtp.1
            );
        }
    }
    s
}

/// The running binary, to run as the engine.
pub fn this_binary() -> Result<PathBuf> {
    std::env::current_exe().map_err(|e| Error::Io(format!("cannot find this program: {e}")))
}

/// The default suite: `puzzles` beside the working directory.
pub fn default_suite() -> PathBuf {
    Path::new("puzzles").to_path_buf()
}
