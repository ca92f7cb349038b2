//! Where a report comes from: the machine, the commit the binary was built from, the time,
//! the load average, and criterion's medians from the last `cargo bench`. Every report in
//! results/ opens with these rows.

use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// The start of a report's provenance table: the Markdown header and the Commit, Date and
/// Machine rows that every report in results/ carries.
pub fn provenance_rows(commit: &str, date: &str, machine: &Machine) -> String {
    format!(
        "| | |\n|---|---|\n| Commit | {commit} |\n| Date | {date} |\n\
         | Machine | {}, {} logical CPUs (`nproc`), {} memory (MemTotal) |\n",
        machine.model, machine.cpus, machine.memory
    )
}

/// The machine a benchmark ran on.
#[derive(Debug, Clone)]
pub struct Machine {
    /// Logical CPUs (`nproc`).
    pub cpus: String,
    /// The CPU's model name from /proc/cpuinfo.
    pub model: String,
    /// MemTotal from /proc/meminfo, in GiB.
    pub memory: String,
}

impl Machine {
    /// Reads the machine's description; parts that cannot be read are "unknown".
    pub fn detect() -> Machine {
        let cpus = command_output("nproc", &[])
            .or_else(|| {
                std::thread::available_parallelism()
                    .ok()
                    .map(|n| n.to_string())
            })
            .unwrap_or_else(|| "unknown".into());
        let model = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|text| {
                text.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_string())
            })
            .unwrap_or_else(|| "unknown CPU".into());
        let memory = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|text| {
                let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
                let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
                Some(format!("{:.1} GiB", kib / (1024.0 * 1024.0)))
            })
            .unwrap_or_else(|| "unknown".into());
        Machine {
            cpus,
            model,
            memory,
        }
    }
}

/// Criterion's median estimates under `dir` (its `<group>/<bench>/new/estimates.json`
/// files), sorted by benchmark id. Missing or unreadable files are skipped.
pub fn criterion_medians(dir: &Path) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    collect_estimates(dir, dir, &mut out);
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn collect_estimates(root: &Path, dir: &Path, out: &mut Vec<(String, f64)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        if path.file_name().is_some_and(|n| n == "new") {
            let median = std::fs::read_to_string(path.join("estimates.json"))
                .ok()
                .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
                .and_then(|v| v["median"]["point_estimate"].as_f64());
            let id = dir.strip_prefix(root).unwrap_or(dir).display().to_string();
            if let Some(ns) = median
                && id != "report"
            {
                out.push((id, ns));
            }
        } else {
            collect_estimates(root, &path, out);
        }
    }
}

/// Trimmed standard output of a command that succeeded, if any.
fn command_output(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// The short commit hash of the source tree this binary was built from, marked when tracked
/// files outside `results/` had changes (recorded by `src/build.rs` at build time: a binary
/// that runs after the checkout moved on still names its own code).
pub fn git_commit() -> String {
    env!("C6SOLVE_COMMIT").to_string()
}

/// The first `fields` load averages (1, 5 and 15 minutes) from /proc/loadavg, separated by
/// spaces; `None` where it cannot be read.
pub fn load_average(fields: usize) -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let avg: Vec<&str> = text.split_whitespace().take(fields.min(3)).collect();
    (!avg.is_empty()).then(|| avg.join(" "))
}

/// The current time as `YYYY-MM-DD HH:MM UTC`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// Year, month and day of a count of days since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
    }

    #[test]
    fn criterion_estimates_are_collected() {
        let dir = std::env::temp_dir().join(format!("c6solve-crit-{}", std::process::id()));
        let new = dir.join("solve").join("empty 4,4,4,1,1").join("new");
        std::fs::create_dir_all(&new).unwrap();
        std::fs::write(
            new.join("estimates.json"),
            r#"{"mean":{"point_estimate":2.0},"median":{"point_estimate":1500.0}}"#,
        )
        .unwrap();
        let got = criterion_medians(&dir);
        assert_eq!(got, vec![("solve/empty 4,4,4,1,1".to_string(), 1500.0)]);
        let _ = std::fs::remove_dir_all(&dir);
        assert!(criterion_medians(&dir).is_empty());
    }
}
