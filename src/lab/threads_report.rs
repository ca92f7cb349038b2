//! The figures of `results/threads.md` behind `c6solve bench --threads-report`: speedup of
//! two search threads over one, the table's memory per entry, the cost of a checkpoint per
//! GiB of table, and the time to finish a solve after a resume against one from scratch.
//!
//! Every figure comes from one run of the command on this machine; other programs running at
//! the same time slow both sides of a ratio unevenly, so the load average is noted beside
//! each measurement.

use super::output::{check_writable, write};
use super::provenance::{Machine, git_commit, load_average, provenance_rows, utc_now};
use crate::error::{Error, Result};
use crate::input::{self, Source};
use crate::rules::Rules;
use crate::search::tt::Table;
use crate::search::{Outcome, SolveOptions, SolveReport, checkpoint, solve, ttfile};
use crate::units::group_digits;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Settings of the threads report.
#[derive(Debug, Clone)]
pub struct ThreadsOptions {
    /// Table size in MiB for the solves.
    pub tt_mib: usize,
    /// Give up on a solve after this long.
    pub time_limit: Duration,
    /// Size of the table file whose checkpoint is timed, in MiB.
    pub checkpoint_mib: usize,
    /// Where the table files of the checkpoint and resume figures go (removed afterwards).
    pub dir: PathBuf,
}

impl Default for ThreadsOptions {
    fn default() -> Self {
        ThreadsOptions {
            tt_mib: 1024,
            time_limit: Duration::from_secs(600),
            checkpoint_mib: 1024,
            dir: PathBuf::from("target/threads-bench"),
        }
    }
}

/// A position of the report.
#[derive(Debug, Clone)]
pub struct Case {
    /// Its name in the tables.
    pub label: String,
    /// Rules.
    pub rules: Rules,
    /// Where the position comes from.
    pub source: Source,
}

/// A Connect6 position from Little Golem game lg2143912 (shared/data/connect6-games.jsonl),
/// three turns before White made six: White to move and win. Some 15 to 35 s of work on one
/// thread here.
pub const CONNECT6_MOVES: &str = "K10 K9 L11 L8 M11 N9 M10 O8 M9 N10 N8 N7 N12 P9 O10 N11 P11";

/// The positions timed on one and two threads: each takes 10 to 60 s on one thread here.
pub fn speedup_cases() -> Vec<Case> {
    vec![
        Case {
            label: "8,4,4,1,1 empty".into(),
            rules: Rules::parse("8,4,4,1,1").expect("built-in rules"),
            source: Source::Empty,
        },
        Case {
            label: "connect6 lg2143912".into(),
            rules: Rules::connect6(),
            source: Source::Moves(CONNECT6_MOVES.into()),
        },
    ]
}

/// The positions of the resume figure.
pub fn resume_cases() -> Vec<Case> {
    vec![
        Case {
            label: format!("connect6 {}", input::DEFAULT_NAME),
            rules: Rules::connect6(),
            source: Source::Default,
        },
        Case {
            label: "8,4,4,1,1 empty".into(),
            rules: Rules::parse("8,4,4,1,1").expect("built-in rules"),
            source: Source::Empty,
        },
    ]
}

/// The one-minute load average, "?" where it cannot be read.
fn load() -> String {
    load_average(1).unwrap_or_else(|| "?".into())
}

/// CPU seconds used by this process so far (all threads, user and system), from
/// /proc/self/stat at Linux's 100 ticks a second; `None` where it cannot be read.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// One timed solve.
#[derive(Debug, Clone)]
pub struct Timed {
    /// The report.
    pub report: SolveReport,
    /// Load average just before it.
    pub load: String,
    /// CPU seconds the solve used (all threads), if known.
    pub cpu: Option<f64>,
}

impl Timed {
    /// Cores the solve had on average: CPU seconds over wall seconds.
    pub fn cores(&self) -> String {
        self.cpu.map_or("?".into(), |c| {
            format!("{:.2}", c / self.report.seconds.max(1e-9))
        })
    }
}

fn timed(
    case: &Case,
    opts: &SolveOptions,
    progress: &mut impl FnMut(&str),
    what: &str,
) -> Result<Timed> {
    let pos = input::load(Some(case.rules), &case.source)?;
    let load = load();
    progress(&format!("{}: {what} ...", case.label));
    let cpu0 = cpu_seconds();
    let report = solve(&pos, opts)?;
    let cpu = cpu0.zip(cpu_seconds()).map(|(a, b)| b - a);
    progress(&format!(
        "{}: {what}: {} in {:.2} s, {} nodes (load {load})",
        case.label,
        report.value.name(),
        report.seconds,
        report.nodes
    ));
    Ok(Timed { report, load, cpu })
}

/// Times one random 8-byte read against two adjacent cache lines (a 128-byte bucket) in a
/// 1 GiB buffer, each read depending on the last so latency is what is measured.
/// Returns nanoseconds per access for one line and for two.
pub fn line_latency() -> (f64, f64) {
    const WORDS: usize = 1 << 27; // 1 GiB of u64
    let v: Vec<u64> = (0..WORDS as u64)
        .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .collect();
    // The first word index that is 128-byte aligned.
    let skip = ((128 - v.as_ptr() as usize % 128) % 128) / 8;
    let pairs = (WORDS - skip) / 16 - 1;
    let steps = 2_000_000u64;
    let run = |lines: usize| {
        let start = Instant::now();
        let mut x = 1u64;
        for _ in 0..steps {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let b = skip + (x as usize % pairs) * 16;
            let mut sum = v[b];
            if lines == 2 {
                sum = sum.wrapping_add(v[b + 8]);
            }
            x ^= sum & 1;
        }
        std::hint::black_box(x);
        start.elapsed().as_nanos() as f64 / steps as f64
    };
    let _ = run(1); // warm up
    (run(1), run(2))
}

/// Seconds to checkpoint a table file of `mib` MiB: (every page stored into, then again
/// with nothing changed; see [`Table::flush`]).
pub fn checkpoint_cost(dir: &Path, mib: usize) -> Result<(f64, f64)> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::Io(format!("cannot create {}: {e}", dir.display())))?;
    let path = dir.join("checkpoint-cost.tt");
    let rules = Rules::connect6();
    let table = ttfile::open(&path, &rules, mib, true)?.table;
    let ck = checkpoint::Checkpoint::fresh(
        &crate::board::Position::new(rules),
        &SolveOptions::default(),
        1,
    );
    let ck_path = checkpoint::path_for(&path);
    let buckets = Table::buckets_for(mib) as u64;
    // One store in every 4 KiB page dirties the whole table.
    let per_page = (4096 / Table::BUCKET_BYTES) as u64;
    let mut b = 0;
    while b < buckets {
        table.store([b, b ^ 0xABCD], 1, 1, 1);
        b += per_page;
    }
    let once = || -> Result<f64> {
        let start = Instant::now();
        table
            .flush()
            .map_err(|e| Error::Io(format!("cannot flush {}: {e}", path.display())))?;
        checkpoint::write(&ck_path, &ck)
            .map_err(|e| Error::Io(format!("cannot write {}: {e}", ck_path.display())))?;
        Ok(start.elapsed().as_secs_f64())
    };
    let dirty = once()?;
    let clean = once()?;
    drop(table);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&ck_path);
    Ok((dirty, clean))
}

/// The resume figure of one case: from scratch, then stopped halfway and resumed.
#[derive(Debug, Clone)]
pub struct ResumeRow {
    /// The case.
    pub case: Case,
    /// The solve from scratch over a fresh table file.
    pub scratch: Timed,
    /// The first half: the same solve stopped by a time limit of half the scratch time.
    pub first: Timed,
    /// The resumed solve to the end.
    pub resumed: Timed,
}

fn resume_row(
    case: &Case,
    o: &ThreadsOptions,
    progress: &mut impl FnMut(&str),
) -> Result<ResumeRow> {
    std::fs::create_dir_all(&o.dir)
        .map_err(|e| Error::Io(format!("cannot create {}: {e}", o.dir.display())))?;
    let tt = o.dir.join("resume.tt");
    let base = SolveOptions {
        tt_mib: o.tt_mib,
        time_limit: Some(o.time_limit),
        tt_file: Some(tt.clone()),
        threads: 1,
        ..SolveOptions::default()
    };
    let fresh = SolveOptions {
        tt_reset: true,
        ..base.clone()
    };
    let scratch = timed(case, &fresh, progress, "from scratch, table file")?;
    let half = Duration::from_secs_f64(scratch.report.seconds / 2.0);
    let stopped = SolveOptions {
        time_limit: Some(half),
        ..fresh.clone()
    };
    let first = timed(case, &stopped, progress, "stopped halfway")?;
    let resumed = timed(case, &base, progress, "resumed")?;
    let _ = std::fs::remove_file(&tt);
    let _ = std::fs::remove_file(checkpoint::path_for(&tt));
    Ok(ResumeRow {
        case: case.clone(),
        scratch,
        first,
        resumed,
    })
}

/// Everything the report shows.
#[derive(Debug, Clone)]
pub struct Report {
    /// Per speedup case: one thread, two threads.
    pub speedup: Vec<(Case, Timed, Timed)>,
    /// Per resume case.
    pub resume: Vec<ResumeRow>,
    /// Nanoseconds per dependent random read of one cache line and of two adjacent ones.
    pub lines: (f64, f64),
    /// Seconds per checkpoint of the timed table file: (every page stored into, unchanged).
    pub checkpoint: (f64, f64),
    /// Settings.
    pub options: ThreadsOptions,
    /// Where and when.
    pub machine: Machine,
    /// Commit measured.
    pub commit: String,
    /// Start time, UTC.
    pub date: String,
}

/// Runs every measurement.
pub fn run(o: &ThreadsOptions, mut progress: impl FnMut(&str)) -> Result<Report> {
    let date = utc_now();
    let solo = |threads| SolveOptions {
        tt_mib: o.tt_mib,
        time_limit: Some(o.time_limit),
        threads,
        ..SolveOptions::default()
    };
    let mut speedup = Vec::new();
    for case in speedup_cases() {
        let one = timed(&case, &solo(1), &mut progress, "1 thread")?;
        let two = timed(&case, &solo(2), &mut progress, "2 threads")?;
        speedup.push((case, one, two));
    }
    progress("table: cache-line latency ...");
    let lines = line_latency();
    progress(&format!(
        "checkpoint of a {} MiB table file ...",
        o.checkpoint_mib
    ));
    let checkpoint = checkpoint_cost(&o.dir, o.checkpoint_mib)?;
    let mut resume = Vec::new();
    for case in resume_cases() {
        resume.push(resume_row(&case, o, &mut progress)?);
    }
    Ok(Report {
        speedup,
        resume,
        lines,
        checkpoint,
        options: o.clone(),
        machine: Machine::detect(),
        commit: git_commit(),
        date,
    })
}

/// Proven values that differ between runs of one position (a bug if any).
pub fn disagreements(r: &Report) -> Vec<String> {
    let mut out = Vec::new();
    let proven = |v: Outcome| v != Outcome::Unknown;
    for (case, one, two) in &r.speedup {
        let (a, b) = (one.report.value, two.report.value);
        if proven(a) && proven(b) && a != b {
            out.push(format!(
                "{}: 1 thread says {}, 2 threads say {}",
                case.label,
                a.name(),
                b.name()
            ));
        }
    }
    for row in &r.resume {
        let (a, b) = (row.scratch.report.value, row.resumed.report.value);
        if proven(a) && proven(b) && a != b {
            out.push(format!(
                "{}: from scratch {}, resumed {}",
                row.case.label,
                a.name(),
                b.name()
            ));
        }
    }
    out
}

/// The report as Markdown.
pub fn markdown(r: &Report) -> String {
    let o = &r.options;
    let mut s = String::new();
    let _ = writeln!(s, "# c6solve: threads, table and checkpoints\n");
    s.push_str(&provenance_rows(&r.commit, &r.date, &r.machine));
    let build = if cfg!(debug_assertions) {
        "**debug: times are not meaningful, use `--release`**"
    } else {
        "release (optimised)"
    };
    let _ = writeln!(s, "| Build | {build} |");
    let _ = writeln!(
        s,
        "| Settings | table {} MiB (anonymous for the speedup, a file for the resume), \
         time limit {} s per solve, checkpoint timed on a {} MiB table file in `{}` |",
        o.tt_mib,
        o.time_limit.as_secs_f64(),
        o.checkpoint_mib,
        o.dir.display()
    );
    let _ = writeln!(
        s,
        "| Reproduce | `cargo run --release -- bench --threads-report` |\n"
    );
    let _ = writeln!(
        s,
        "Each figure is from one run. The machine is shared: the load column is the \
         one-minute load average just before each solve, and \"cores had\" is the CPU time the \
         solve got over its wall time. A speedup means something only when the two-thread \
         run had close to two cores: Linux shares CPU time fairly between sessions \
         (autogroup), not threads, so on a busy machine two threads get no more CPU than \
         one and the wall-time ratio shows the contention, not the search.\n"
    );

    let _ = writeln!(s, "## Speedup of 2 threads over 1\n");
    let _ = writeln!(
        s,
        "The exact value of each position, with a fresh table each time. Two workers run \
         df-pn from the root over the one shared table; a node a worker is in counts as \
         harder for the other (busy marks, a virtual proof number), so they spread over \
         siblings, and each re-reads its siblings from the table after every child.\n"
    );
    let _ = writeln!(
        s,
        "| position | value | threads | nodes | seconds | nodes/s | CPU s | nodes per CPU s | \
         cores had | load | speedup |"
    );
    let _ = writeln!(s, "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
    for (case, one, two) in &r.speedup {
        for (t, x) in [(1, one), (2, two)] {
            let rep = &x.report;
            let speed = if t == 2 {
                format!("**{:.2}x**", one.report.seconds / rep.seconds.max(1e-9))
            } else {
                String::new()
            };
            let _ = writeln!(
                s,
                "| {} | {} | {t} | {} | {:.2} | {} | {} | {} | {} | {} | {speed} |",
                case.label,
                rep.value.name(),
                group_digits(rep.nodes),
                rep.seconds,
                group_digits((rep.nodes as f64 / rep.seconds.max(1e-9)) as u64),
                x.cpu.map_or("?".into(), |c| format!("{c:.2}")),
                x.cpu.map_or("?".into(), |c| group_digits(
                    (rep.nodes as f64 / c.max(1e-9)) as u64
                )),
                x.cores(),
                x.load
            );
        }
    }

    let _ = writeln!(
        s,
        "\nWhen the two-thread run had no more cores than the one-thread run, the wall-time \
         ratio says nothing about the search. What it can still show is the work: the nodes \
         two workers need against one (search overhead), and the nodes per CPU second \
         (the cost of sharing the table). With two free cores the speedup is at most about \
         twice the one-thread nodes over the two-thread nodes.\n"
    );
    let _ = writeln!(s, "## Table memory\n");
    let per_gib = (1u64 << 30) / Table::ENTRY_BYTES as u64;
    let _ = writeln!(
        s,
        "| bytes per entry | entries per bucket | bytes per bucket | entries per GiB |\n\
         |--:|--:|--:|--:|\n| {} | {} | {} | {} |\n",
        Table::ENTRY_BYTES,
        Table::WAYS,
        Table::BUCKET_BYTES,
        group_digits(per_gib)
    );
    let _ = writeln!(
        s,
        "An entry is the full 128-bit key, the proof and disproof numbers, and a word holding \
         the work count and a check over the other three (a torn write reads as an empty \
         slot). A bucket is two cache lines, 128-byte aligned. One dependent random read in \
         a 1 GiB buffer (wall time, so on a busy machine the absolute values include time \
         slices lost to other programs; the ratio is the point) costs **{:.1} ns** for one line and **{:.1} ns** for both lines of an \
         aligned pair: the second line comes almost free (the processor's adjacent-line \
         prefetch and the overlapping miss), so four ways per probe cost about what two \
         ways in a single line would, and keep twice the candidates for replacement.\n",
        r.lines.0, r.lines.1
    );

    let _ = writeln!(s, "## Cost of one checkpoint\n");
    let gib = o.checkpoint_mib as f64 / 1024.0;
    let _ = writeln!(
        s,
        "A checkpoint parks the workers, writes the 1 MiB regions of the table stored into \
         since the last one back to its file and syncs it (the table is read from the \
         file into memory when opened, see `src/search/tt.rs`), then writes the metadata file (temporary \
         file, fsync, rename).\n"
    );
    let _ = writeln!(
        s,
        "| table file | every page stored into | again, unchanged | per GiB |\n\
         |--:|--:|--:|--:|\n| {} MiB | {:.2} s | {:.3} s | **{:.2} s** |\n",
        o.checkpoint_mib,
        r.checkpoint.0,
        r.checkpoint.1,
        r.checkpoint.0 / gib.max(1e-9)
    );
    let _ = writeln!(
        s,
        "The default interval with `--tt FILE` is {} s, so even a run that touches every \
         region between checkpoints spends about {:.1}% of its time per GiB checkpointing.\n",
        crate::search::DEFAULT_CHECKPOINT_EVERY.as_secs(),
        100.0 * r.checkpoint.0
            / gib.max(1e-9)
            / crate::search::DEFAULT_CHECKPOINT_EVERY.as_secs_f64()
    );

    let _ = writeln!(s, "## Finishing after a resume\n");
    let _ = writeln!(
        s,
        "One thread, a table file. From scratch; then afresh again, stopped by a time limit \
         of half the scratch time (which writes a checkpoint), and resumed to the end.\n"
    );
    let _ = writeln!(
        s,
        "| position | value | from scratch | first part | after resume | parts together | \
         after resume / scratch | nodes from scratch | nodes of the parts | load |"
    );
    let _ = writeln!(s, "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|");
    for row in &r.resume {
        let (a, b, c) = (
            row.scratch.report.seconds,
            row.first.report.seconds,
            row.resumed.report.seconds,
        );
        let _ = writeln!(
            s,
            "| {} | {} | {a:.2} s | {b:.2} s | {c:.2} s | {:.2} s | {:.2} | {} | {} + {} | \
             {}, {}, {} |",
            row.case.label,
            row.resumed.report.value.name(),
            b + c,
            c / a.max(1e-9),
            group_digits(row.scratch.report.nodes),
            group_digits(row.first.report.nodes),
            group_digits(row.resumed.report.nodes),
            row.scratch.load,
            row.first.load,
            row.resumed.load
        );
    }
    let bad = disagreements(r);
    if !bad.is_empty() {
        let _ = writeln!(s);
        for b in bad {
            let _ = writeln!(s, "**WRONG: {b}**");
        }
    }
    let _ = writeln!(
        s,
        "\n`connect6 {}` is the built-in default puzzle ({}). `connect6 lg2143912` is \
         `--moves \"{CONNECT6_MOVES}\"`: Little Golem game lg2143912 three turns before \
         White made six, White to move and win.",
        input::DEFAULT_NAME,
        input::DEFAULT_DESCRIPTION
    );
    s
}

/// The whole `bench --threads-report` command: measures, writes `out`, prints it. Returns
/// false when some proven values disagree.
pub fn run_and_write(o: &ThreadsOptions, out: &str) -> Result<bool> {
    check_writable("--out", out, &[])?;
    let r = run(o, |line| eprintln!("{line}"))?;
    let text = markdown(&r);
    write(out, &text)?;
    print!("{text}");
    eprintln!("wrote {out}");
    let bad = disagreements(&r);
    for b in &bad {
        eprintln!("c6solve: WRONG VALUE: {b}");
    }
    Ok(bad.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoint_cost_runs_on_a_small_file() {
        let dir = std::env::temp_dir().join(format!("c6solve-tb-{}", std::process::id()));
        let (dirty, clean) = checkpoint_cost(&dir, 2).unwrap();
        assert!(dirty >= 0.0 && clean >= 0.0);
        assert!(!dir.join("checkpoint-cost.tt").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
