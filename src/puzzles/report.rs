//! The report of `c6solve puzzles --report`: the suite run with zones on and off, where it
//! ran, and the Markdown of `results/puzzles.md`.

use crate::error::Result;
use crate::lab::{
    self,
    provenance::{self, Machine},
};
use crate::search::Outcome;
use std::fmt::Write as _;

use super::runner::{RunOptions, RunRow, Summary, Verdict, depth_text, run, summarize};
use super::suite::Suite;

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
    use crate::search::Goal;

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
