//! The speed benchmark behind `c6solve bench`: the target positions solved one after
//! another on one search thread, written up as a Markdown table together with the machine,
//! the commit and the command that reproduces it.
//!
//! [`run`] solves and measures, [`markdown`] formats, [`run_and_write`] is the whole command.

use super::median;
use super::output::{check_writable, write};
use super::provenance::{Machine, criterion_medians, git_commit, provenance_rows, utc_now};
use crate::error::{Error, Result};
use crate::input::{self, Source};
use crate::rules::Rules;
use crate::search::{Goal, Outcome, SolveOptions, solve};
use crate::units::group_digits;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

/// One benchmark position with its known value and speed target.
#[derive(Debug, Clone)]
pub struct Case {
    /// What the table's rules column shows; also what `--only` matches.
    pub label: String,
    /// The rules of the position.
    pub rules: Rules,
    /// Where the position comes from.
    pub source: Source,
    /// The value from the literature (or from the game record) for the side to move.
    pub expected: Outcome,
    /// The time the solve should stay under, if the issue sets one.
    pub target: Option<Duration>,
}

/// The label of the built-in default puzzle's row.
pub const DEFAULT_LABEL: &str = "connect6 lg1813145";

/// The benchmark positions in the order they run: empty boards of the speed targets,
/// then the built-in default Connect6 puzzle.
pub fn cases() -> Vec<Case> {
    let empty = |rules: &str, expected, secs| {
        let r = Rules::parse(rules).expect("built-in rules parse");
        Case {
            label: rules.to_string(),
            rules: r,
            source: Source::Empty,
            expected,
            target: Some(Duration::from_secs(secs)),
        }
    };
    vec![
        empty("5,5,4,1,1", Outcome::Draw, 60),
        empty("6,5,4,1,1", Outcome::Win, 60),
        empty("8,4,4,1,1", Outcome::Draw, 120),
        empty("9,4,4,1,1", Outcome::Win, 120),
        Case {
            label: DEFAULT_LABEL.to_string(),
            rules: Rules::connect6(),
            source: Source::Default,
            expected: Outcome::Win,
            target: None,
        },
    ]
}

/// The cases `--only` picks: rules (`5,5,4,1,1`, `connect6`, ...) or `default` for the
/// built-in puzzle; everything when `only` is `None`.
pub fn select(only: Option<&str>) -> Result<Vec<Case>> {
    let all = cases();
    let Some(text) = only else { return Ok(all) };
    let t = text.trim();
    let picked: Vec<Case> = if t.eq_ignore_ascii_case("default")
        || t.eq_ignore_ascii_case(input::DEFAULT_NAME)
        || t.eq_ignore_ascii_case(DEFAULT_LABEL)
    {
        all.into_iter()
            .filter(|c| matches!(c.source, Source::Default))
            .collect()
    } else {
        let rules = Rules::parse(t)?;
        all.into_iter().filter(|c| c.rules == rules).collect()
    };
    if picked.is_empty() {
        let names: Vec<String> = cases().into_iter().map(|c| c.label).collect();
        return Err(Error::Option(format!(
            "--only '{text}': not a benchmark row (rows: {}, or default)",
            names.join("; ")
        )));
    }
    Ok(picked)
}

/// Settings of a benchmark run.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    /// Transposition table size in MiB, a fresh table for every solve.
    pub tt_mib: usize,
    /// Give up on a position (answer unknown) after this long.
    pub time_limit: Duration,
    /// Run only the row these rules (or `default`) name.
    pub only: Option<String>,
    /// Solve each position this many times and report the median time.
    pub repeat: u32,
}

impl Default for BenchOptions {
    fn default() -> Self {
        BenchOptions {
            tt_mib: 1024,
            time_limit: Duration::from_secs(600),
            only: None,
            repeat: 1,
        }
    }
}

/// The measurement of one case.
#[derive(Debug, Clone)]
pub struct Row {
    /// The case measured.
    pub case: Case,
    /// The value of the median run.
    pub got: Outcome,
    /// Nodes of the median run.
    pub nodes: u64,
    /// Median wall time of the solves in seconds.
    pub seconds: f64,
    /// Every run's time in seconds, in run order.
    pub runs: Vec<f64>,
    /// A proven value of some run that is not the expected one.
    pub wrong: Option<Outcome>,
}

impl Row {
    /// Nodes per second of the median run.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }

    /// Whether the solve met its target (right value in time); `None` without a target.
    pub fn met(&self) -> Option<bool> {
        let target = self.case.target?;
        Some(
            self.wrong.is_none()
                && self.got == self.case.expected
                && self.seconds < target.as_secs_f64(),
        )
    }
}

/// A finished benchmark: the rows and everything needed to tell where they come from.
#[derive(Debug, Clone)]
pub struct BenchReport {
    /// One row per case, in run order.
    pub rows: Vec<Row>,
    /// Where it ran.
    pub machine: Machine,
    /// `git rev-parse --short HEAD`, with "+ uncommitted changes" when tracked files outside
    /// `results/` differ from it; "unknown" outside a git checkout.
    pub commit: String,
    /// When it started, UTC.
    pub date: String,
    /// The settings used.
    pub options: BenchOptions,
    /// True for an optimised build (debug builds are far slower).
    pub optimized: bool,
    /// Criterion medians found under `target/criterion` (benchmark id, nanoseconds), from the
    /// last `cargo bench`; empty when it has not run.
    pub criterion: Vec<(String, f64)>,
}

impl BenchReport {
    /// Rows whose solver answer contradicts the known value.
    pub fn wrong(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|r| r.wrong.is_some())
    }
}

/// Nanoseconds as ns, µs, ms or s with three significant digits.
fn human_time(ns: f64) -> String {
    match ns {
        x if x < 1e3 => format!("{x:.3} ns"),
        x if x < 1e6 => format!("{:.3} µs", x / 1e3),
        x if x < 1e9 => format!("{:.3} ms", x / 1e6),
        x => format!("{:.3} s", x / 1e9),
    }
}

/// Solves the selected cases one after another (each on one search thread with a fresh
/// table) and measures them. `progress` receives a line of text before and after each solve.
/// A run that ends unknown (time limit) is not repeated.
pub fn run(opts: &BenchOptions, mut progress: impl FnMut(&str)) -> Result<BenchReport> {
    if opts.repeat == 0 {
        return Err(Error::Option("--repeat 0: expected at least 1 run".into()));
    }
    let selected = select(opts.only.as_deref())?;
    let date = utc_now();
    let solve_opts = SolveOptions {
        goal: Goal::Value,
        max_nodes: None,
        time_limit: Some(opts.time_limit),
        tt_mib: opts.tt_mib,
        threads: 1,
        ..SolveOptions::default()
    };
    let mut rows = Vec::new();
    for case in selected {
        let pos = input::load(Some(case.rules), &case.source)?;
        let mut reports = Vec::new();
        for i in 1..=opts.repeat {
            let of = if opts.repeat > 1 {
                format!(" (run {i} of {})", opts.repeat)
            } else {
                String::new()
            };
            progress(&format!("solving {}{of} ...", case.label));
            let r = solve(&pos, &solve_opts)?;
            progress(&format!(
                "{}: {} in {:.2} s, {} nodes",
                case.label,
                r.value.name(),
                r.seconds,
                r.nodes
            ));
            let unknown = r.value == Outcome::Unknown;
            reports.push(r);
            if unknown {
                break;
            }
        }
        let runs: Vec<f64> = reports.iter().map(|r| r.seconds).collect();
        let wrong = reports
            .iter()
            .map(|r| r.value)
            .find(|&v| v != Outcome::Unknown && v != case.expected);
        let mut order: Vec<usize> = (0..reports.len()).collect();
        order.sort_by(|&a, &b| runs[a].total_cmp(&runs[b]));
        let mid = order[(order.len() - 1) / 2];
        rows.push(Row {
            got: reports[mid].value,
            nodes: reports[mid].nodes,
            seconds: median(&runs),
            runs,
            wrong,
            case,
        });
    }
    Ok(BenchReport {
        rows,
        machine: Machine::detect(),
        commit: git_commit(),
        date,
        options: opts.clone(),
        optimized: !cfg!(debug_assertions),
        criterion: criterion_medians(Path::new("target/criterion")),
    })
}

/// The command line that reproduces a report with these settings.
pub fn reproduce_command(opts: &BenchOptions) -> String {
    let d = BenchOptions::default();
    let mut cmd = "cargo run --release -- bench".to_string();
    if opts.tt_mib != d.tt_mib {
        let _ = write!(cmd, " --tt-size {}", opts.tt_mib);
    }
    if opts.time_limit != d.time_limit {
        let _ = write!(cmd, " --time-limit {}", opts.time_limit.as_secs_f64());
    }
    if let Some(only) = &opts.only {
        let _ = write!(cmd, " --only {only}");
    }
    if opts.repeat != d.repeat {
        let _ = write!(cmd, " --repeat {}", opts.repeat);
    }
    cmd
}

/// The report as a Markdown document: header describing machine, commit and settings, then
/// one row per position.
pub fn markdown(t: &BenchReport) -> String {
    let o = &t.options;
    let mut s = String::new();
    let _ = writeln!(s, "# c6solve speed benchmark\n");
    let _ = writeln!(
        s,
        "The issue's speed targets, solved one after another on one search thread \
         (exact value: win, loss or draw for the side to move), each with a fresh table.\n"
    );
    s.push_str(&provenance_rows(&t.commit, &t.date, &t.machine));
    let build = if t.optimized {
        "release (optimised)"
    } else {
        "**debug: times are not meaningful, use `--release`**"
    };
    let _ = writeln!(s, "| Build | {build} |");
    let runs = if o.repeat == 1 {
        "one run per position".to_string()
    } else {
        format!("median of {} runs per position", o.repeat)
    };
    let _ = writeln!(
        s,
        "| Settings | table {} MiB, time limit {} s per position, {runs} |",
        o.tt_mib,
        o.time_limit.as_secs_f64()
    );
    let _ = writeln!(s, "| Reproduce | `{}` |\n", reproduce_command(o));

    let _ = writeln!(
        s,
        "| rules | expected | got | nodes | seconds | nodes/s | target met |"
    );
    let _ = writeln!(s, "|---|---|---|--:|--:|--:|---|");
    for r in &t.rows {
        let got = match r.wrong {
            Some(v) => format!("**{} (WRONG)**", v.name()),
            None => r.got.name().to_string(),
        };
        let met = match (r.wrong, r.met(), r.case.target) {
            (Some(_), _, _) => "**WRONG VALUE**".to_string(),
            (None, Some(yes), Some(target)) => {
                let word = if yes { "yes" } else { "no" };
                format!("{word} (< {} s)", target.as_secs())
            }
            _ => "no target".to_string(),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {:.2} | {} | {} |",
            r.case.label,
            r.case.expected.name(),
            got,
            group_digits(r.nodes),
            r.seconds,
            group_digits(r.nodes_per_second().round() as u64),
            met
        );
    }
    if o.repeat > 1 {
        let _ = writeln!(s, "\nRun times (seconds):\n");
        for r in &t.rows {
            let times: Vec<String> = r.runs.iter().map(|x| format!("{x:.2}")).collect();
            let _ = writeln!(s, "- {}: {}", r.case.label, times.join(", "));
        }
    }
    if !t.criterion.is_empty() {
        let _ = writeln!(
            s,
            "\nMicro-benchmarks: criterion medians from the last `cargo bench` \
             (target/criterion), same machine:\n"
        );
        let _ = writeln!(s, "| benchmark | median |\n|---|--:|");
        for (id, ns) in &t.criterion {
            let _ = writeln!(s, "| {id} | {} |", human_time(*ns));
        }
    }
    let wrong: Vec<&Row> = t.wrong().collect();
    if !wrong.is_empty() {
        let _ = writeln!(s);
        for r in wrong {
            let _ = writeln!(
                s,
                "**WRONG VALUE: {} is a {}, the solver said {}.**",
                r.case.label,
                r.case.expected.name(),
                r.wrong.map_or("?", Outcome::name)
            );
        }
    }
    let _ = writeln!(
        s,
        "\n`{DEFAULT_LABEL}` is the built-in default puzzle ({}).",
        input::DEFAULT_DESCRIPTION
    );
    s
}

/// The whole `bench` command: runs, writes the Markdown report to `out`, prints it to stdout,
/// and prints every wrong value loudly to stderr. Returns false when some value was wrong.
pub fn run_and_write(opts: &BenchOptions, out: &str) -> Result<bool> {
    check_writable("--out", out, &[])?;
    let table = run(opts, |line| eprintln!("{line}"))?;
    let text = markdown(&table);
    write(out, &text)?;
    print!("{text}");
    eprintln!("wrote {out}");
    let mut ok = true;
    for r in table.wrong() {
        ok = false;
        eprintln!(
            "c6solve: WRONG VALUE: {} is a {} but the solver said {}",
            r.case.label,
            r.case.expected.name(),
            r.wrong.map_or("?", Outcome::name)
        );
    }
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_human() {
        assert_eq!(human_time(999.0), "999.000 ns");
        assert_eq!(human_time(1500.0), "1.500 µs");
        assert_eq!(human_time(1_280_000.0), "1.280 ms");
        assert_eq!(human_time(2.5e9), "2.500 s");
    }

    #[test]
    fn only_picks_rows() {
        assert_eq!(select(None).unwrap().len(), 5);
        let one = select(Some("9,4,4,1,1")).unwrap();
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].expected, Outcome::Win);
        assert!(matches!(
            select(Some("default")).unwrap()[0].source,
            Source::Default
        ));
        assert_eq!(select(Some("connect6")).unwrap()[0].label, DEFAULT_LABEL);
        assert!(select(Some("7,7,4,1,1")).is_err());
        assert!(select(Some("nonsense")).is_err());
    }

    #[test]
    fn small_report_formats() {
        let opts = BenchOptions {
            tt_mib: 16,
            only: Some("5,5,4,1,1".into()),
            ..Default::default()
        };
        let t = run(&opts, |_| {}).unwrap();
        assert_eq!(t.rows.len(), 1);
        assert_eq!(t.rows[0].got, Outcome::Draw);
        assert_eq!(t.rows[0].met(), Some(true));
        let md = markdown(&t);
        assert!(md.contains("| 5,5,4,1,1 | draw | draw |"), "{md}");
        assert!(md.contains("yes (< 60 s)"), "{md}");
        assert!(md.contains("--tt-size 16 --only 5,5,4,1,1"), "{md}");
        assert_eq!(t.wrong().count(), 0);
    }

    #[test]
    fn wrong_values_are_loud() {
        let case = select(Some("6,5,4,1,1")).unwrap().remove(0);
        let row = Row {
            case,
            got: Outcome::Draw,
            nodes: 1000,
            seconds: 0.5,
            runs: vec![0.5],
            wrong: Some(Outcome::Draw),
        };
        assert_eq!(row.met(), Some(false));
        let t = BenchReport {
            rows: vec![row],
            machine: Machine::detect(),
            commit: "abc1234".into(),
            date: utc_now(),
            options: BenchOptions::default(),
            optimized: true,
            criterion: vec![("solve/empty 4,4,4,1,1".into(), 1_280_000.0)],
        };
        let md = markdown(&t);
        assert!(md.contains("**draw (WRONG)**"), "{md}");
        assert!(md.contains("**WRONG VALUE: 6,5,4,1,1 is a win"), "{md}");
        assert!(md.contains("`cargo run --release -- bench`"), "{md}");
        assert!(md.contains("| solve/empty 4,4,4,1,1 | 1.280 ms |"), "{md}");
        assert_eq!(t.wrong().count(), 1);
    }
}
