//! What solving a row by parts cost its workers: each run of a directory ledger as a
//! [`Session`], and the CPU time of this process.

use crate::boards::rows::Effort;
use serde::{Deserialize, Serialize};

/// One run (worker process) that solved parts of a directory ledger's row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// `host:pid`.
    pub worker: String,
    /// When it started (UTC).
    pub started: String,
    /// Its wall seconds so far.
    pub wall_seconds: f64,
    /// Its CPU seconds so far (all threads).
    pub cpu_seconds: f64,
}

/// CPU seconds used by this process so far (all threads, user and system), from
/// /proc/self/stat at Linux's 100 ticks a second; `None` where it cannot be read.
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// The sessions' effort: one worker each, run one after another (a directory ledger is
/// written by one process at a time), so their walls add up.
pub fn of_sessions(sessions: &[Session]) -> Option<Effort> {
    (!sessions.is_empty()).then(|| Effort {
        workers: sessions.len() as u32,
        wall_seconds: round2(sessions.iter().map(|s| s.wall_seconds).sum()),
        cpu_seconds: round2(sessions.iter().map(|s| s.cpu_seconds).sum()),
    })
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_has_used_some_cpu() {
        let before = cpu_seconds().expect("Linux /proc/self/stat");
        let mut x = 0u64;
        let start = std::time::Instant::now();
        while start.elapsed().as_millis() < 300 {
            x = x.wrapping_mul(31).wrapping_add(7);
        }
        std::hint::black_box(x);
        assert!(cpu_seconds().unwrap() >= before + 0.1);
    }

    #[test]
    fn sessions_add_up() {
        let s = |wall, cpu| Session {
            worker: "h:1".into(),
            started: String::new(),
            wall_seconds: wall,
            cpu_seconds: cpu,
        };
        assert_eq!(of_sessions(&[]), None);
        assert_eq!(
            of_sessions(&[s(1.5, 2.0), s(2.0, 3.25)]),
            Some(Effort {
                workers: 2,
                wall_seconds: 3.5,
                cpu_seconds: 5.25
            })
        );
    }
}
