//! Crashes and full disks: the program is killed (SIGKILL) at random moments while it
//! checkpoints, grows a table file, updates a ledger of parts or writes a certificate, and
//! then the same command runs again: it must resume (or start afresh) or refuse with one
//! line, and every value it reports must come with a certificate the checker accepts. A
//! file-size limit (RLIMIT_FSIZE, with SIGXFSZ ignored so writes fail with EFBIG) stands for
//! a full disk while a checkpoint or a certificate is written: one line, a non-zero exit,
//! and the previous checkpoint intact and resumable.
//!
//! CI kills [`CI_KILLS`] times per kind; `C6_CRASH_KILLS=50` (or more) runs the long loop,
//! whose figures are in results/crash-faults.md. The moments are drawn from a seeded
//! generator (`C6_CRASH_SEED`, default 32), so a run can be repeated.

mod common;

use c6solve::search::checkpoint;
use common::rng::Rng;
use common::{TempDir, text};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Kills per kind in CI.
const CI_KILLS: u32 = 10;

fn kills() -> u32 {
    std::env::var("C6_CRASH_KILLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CI_KILLS)
}

/// The generator for one kind of kill: seeded from `C6_CRASH_SEED` (default 32) and the
/// kind, so each kind draws its own moments and a run can be repeated.
fn kill_rng(kind: u64) -> Rng {
    let seed = std::env::var("C6_CRASH_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(32u64);
    Rng(seed ^ kind.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// A moment between zero and `max`.
fn delay(rng: &mut Rng, max: Duration) -> Duration {
    max.mul_f64(rng.unit())
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_c6solve")
}

/// What became of the runs of one kind.
#[derive(Debug, Default)]
struct Tally {
    runs: u32,
    kills: u32,
    /// Finished runs that continued a checkpoint or a ledger left by a killed one.
    resumed: u32,
    /// Finished runs that started afresh (or had nothing to continue).
    fresh: u32,
    /// Runs that refused with one line.
    refused: u32,
    /// Values reported whose certificate the checker accepted.
    checked: u32,
    /// Kills after which a temporary file of the kind's write was there (`.grow`, `.new`,
    /// `.tmp`): the kill landed while it was written (or, for `.grow`, an earlier kill did
    /// and the grow had not been done again yet).
    mid_write: u32,
}

/// Starts `args`, kills it after a random moment below `max` unless it finished first, and
/// returns its output when it finished by itself.
fn run_or_kill(args: &[String], rng: &mut Rng, max: Duration, tally: &mut Tally) -> Option<Output> {
    tally.runs += 1;
    let mut child = Command::new(bin())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let deadline = Instant::now() + delay(rng, max);
    loop {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        if Instant::now() >= deadline {
            child.kill().unwrap(); // SIGKILL
            child.wait().unwrap();
            tally.kills += 1;
            return None;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A refusal: exit code 2, nothing on stdout, one line on stderr, no panic.
fn assert_refusal(args: &[String], out: &Output) {
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stdout} {stderr}");
    assert!(stdout.is_empty(), "{args:?}: stdout {stdout}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: stderr {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `c6solve check CERT --rules RULES` accepts the certificate.
fn assert_checked(cert: &Path, rules: &str) {
    let out = Command::new(bin())
        .args(["check", cert.to_str().unwrap(), "--rules", rules])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the checker refuses {}: {}",
        cert.display(),
        text(&out.stderr)
    );
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// A draw that takes a few seconds over two df-pn runs, checkpointed every 50 ms.
const SLOW: &str = "7,4,4,1,1";
/// A win found in a fraction of a second, with a certificate of a few hundred nodes.
const QUICK: &str = "6,5,4,1,1";

/// The kill loop of one kind: `args` run again and again, each killed at a random moment
/// below `max` or left to finish; after half the kills (at random) the same command is left
/// to finish. A finished run must report `value` and a certificate (`cert`) the checker
/// accepts, after which `reset` starts the next round afresh. A run that refuses must do so
/// with one line (its files are then reset too). Runs until `kills()` kills; then a last run
/// is left to finish.
#[allow(clippy::too_many_arguments)]
fn kill_loop(
    kind: &str,
    args: &[String],
    max: Duration,
    value_of: impl Fn(&Output) -> (String, bool),
    value: &str,
    cert: &Path,
    rules: &str,
    temporaries: &[std::path::PathBuf],
    reset: impl Fn(),
) -> Tally {
    let mut rng = kill_rng(kind.len() as u64);
    let mut tally = Tally::default();
    let mut killed_before = false;
    reset();
    while tally.kills < kills() {
        match run_or_kill(args, &mut rng, max, &mut tally) {
            None => {
                if temporaries.iter().any(|t| t.exists()) {
                    tally.mid_write += 1;
                }
                // Every other kill (at random) is followed by the same command left to
                // finish; the others by another run that may be killed too, so resumes of
                // resumes are tried as well.
                if rng.next().is_multiple_of(2) {
                    let out = Command::new(bin()).args(args).output().unwrap();
                    tally.runs += 1;
                    finished(args, &out, &value_of, value, cert, rules, true, &mut tally);
                    killed_before = false;
                    reset();
                } else {
                    killed_before = true;
                }
            }
            Some(out) => {
                finished(
                    args,
                    &out,
                    &value_of,
                    value,
                    cert,
                    rules,
                    killed_before,
                    &mut tally,
                );
                killed_before = false;
                reset();
            }
        }
        assert!(
            tally.runs < 20 * kills() + 20,
            "{kind}: runs do not end: {tally:?}"
        );
    }
    let out = Command::new(bin()).args(args).output().unwrap();
    finished(
        args,
        &out,
        &value_of,
        value,
        cert,
        rules,
        killed_before,
        &mut tally,
    );
    eprintln!("crash {kind}: {tally:?}");
    tally
}

/// Judges a run that finished by itself.
#[allow(clippy::too_many_arguments)]
fn finished(
    args: &[String],
    out: &Output,
    value_of: &impl Fn(&Output) -> (String, bool),
    value: &str,
    cert: &Path,
    rules: &str,
    killed_before: bool,
    tally: &mut Tally,
) {
    if !out.status.success() {
        assert_refusal(args, out);
        tally.refused += 1;
        return;
    }
    let (got, resumed) = value_of(out);
    assert_eq!(got, value, "{args:?}: {}", text(&out.stderr));
    assert_checked(cert, rules);
    tally.checked += 1;
    if resumed || killed_before {
        tally.resumed += 1;
    } else {
        tally.fresh += 1;
    }
}

/// The value and the `resumed` flag of a `solve --json` report.
fn solve_value(out: &Output) -> (String, bool) {
    let v: serde_json::Value = serde_json::from_str(&text(&out.stdout))
        .unwrap_or_else(|e| panic!("{e}: {}", text(&out.stdout)));
    (
        v["value"].as_str().unwrap().to_string(),
        v["resumed"].as_bool().unwrap_or(false),
    )
}

/// `path` with `suffix` appended to its name.
fn tmp(path: &Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

fn remove(paths: &[&Path]) {
    for p in paths {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn killed_while_checkpointing() {
    let dir = TempDir::new("crash-ckpt");
    let (tt, cert) = (dir.file("t.tt"), dir.file("t.c6proof"));
    let ck = checkpoint::path_for(&tt);
    let args = strings(&[
        "solve",
        "--json",
        "--threads",
        "2",
        "--rules",
        SLOW,
        "--tt-size",
        "16",
        "--checkpoint-every",
        "0.05",
        "--tt",
        tt.to_str().unwrap(),
        "--proof",
        cert.to_str().unwrap(),
    ]);
    let t = kill_loop(
        "checkpoint",
        &args,
        Duration::from_millis(1500),
        solve_value,
        "draw",
        &cert,
        SLOW,
        &[tmp(&ck, ".tmp"), tmp(&tt, ".new")],
        || remove(&[&tt, &ck, &cert]),
    );
    assert!(t.kills >= kills() && t.checked >= 1, "{t:?}");
}

#[test]
fn killed_while_growing_the_table() {
    let dir = TempDir::new("crash-grow");
    let (tt, cert) = (dir.file("t.tt"), dir.file("t.c6proof"));
    let small = |mib: &str| {
        strings(&[
            "solve",
            "--json",
            "--threads",
            "1",
            "--rules",
            QUICK,
            "--tt-size",
            mib,
            "--tt",
            tt.to_str().unwrap(),
            "--proof",
            cert.to_str().unwrap(),
        ])
    };
    // Each round starts from a 1 MiB table that holds the proof; the command asks for
    // 256 MiB, so it first grows the file, then answers from it.
    let setup = small("1");
    let reset = || {
        remove(&[&tt, &checkpoint::path_for(&tt), &cert]);
        let out = Command::new(bin()).args(&setup).output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
    };
    let t = kill_loop(
        "table grow",
        &small("256"),
        Duration::from_millis(400),
        solve_value,
        "win",
        &cert,
        QUICK,
        &[tmp(&tt, ".grow")],
        reset,
    );
    assert!(t.kills >= kills() && t.checked >= 1, "{t:?}");
}

#[test]
fn killed_while_updating_a_ledger() {
    let dir = TempDir::new("crash-ledger");
    let (json, md, parts, certs) = (
        dir.file("t.json"),
        dir.file("t.md"),
        dir.file("parts"),
        dir.file("certs"),
    );
    let cert = certs.join("6_5_4_1_1.c6proof");
    let args = strings(&[
        "table",
        "--rules",
        QUICK,
        "--threads",
        "1",
        "--time-limit",
        "60",
        "--by-parts",
        parts.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
        "--md",
        md.to_str().unwrap(),
        "--certificates",
        certs.to_str().unwrap(),
    ]);
    let row = |_: &Output| {
        let rows: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        let row = &rows[0];
        (row["value"].as_str().unwrap().to_string(), false)
    };
    let reset = || {
        let _ = std::fs::remove_dir_all(&parts);
        let _ = std::fs::remove_dir_all(&certs);
        remove(&[&json, &md]);
    };
    let t = kill_loop(
        "ledger",
        &args,
        Duration::from_millis(800),
        row,
        "win",
        &cert,
        QUICK,
        &[
            tmp(&parts.join("6_5_4_1_1.json"), ".tmp"),
            tmp(&json, ".tmp"),
        ],
        reset,
    );
    assert!(t.kills >= kills() && t.checked >= 1, "{t:?}");
}

#[test]
fn killed_while_writing_a_certificate() {
    let dir = TempDir::new("crash-cert");
    let cert = dir.file("t.c6proof");
    let args = strings(&[
        "solve",
        "--json",
        "--threads",
        "1",
        "--rules",
        QUICK,
        "--proof",
        cert.to_str().unwrap(),
    ]);
    let mut rng = kill_rng(4);
    let mut tally = Tally::default();
    while tally.kills < kills() {
        let _ = std::fs::remove_file(&cert);
        let out = run_or_kill(&args, &mut rng, Duration::from_millis(300), &mut tally);
        // Killed or not, the file under the real name is whole or absent.
        if cert.exists() {
            assert_checked(&cert, QUICK);
            tally.checked += 1;
        }
        if let Some(out) = out {
            assert_eq!(solve_value(&out).0, "win");
        }
    }
    eprintln!("crash certificate write: {tally:?}");
}

/// `sh -c "trap '' XFSZ; exec prlimit --fsize=BYTES c6solve ARGS"`: the program with a file
/// size limit, SIGXFSZ ignored so that a write past it fails with EFBIG.
fn limited(bytes: u64, args: &[String]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "trap '' XFSZ; exec prlimit --fsize={bytes} \"$0\" \"$@\""
        ))
        .arg(bin())
        .args(args)
        .output()
        .expect("sh and prlimit run")
}

#[test]
fn a_full_disk_while_checkpointing_keeps_the_last_checkpoint() {
    let dir = TempDir::new("crash-full-ckpt");
    let tt = dir.file("t.tt");
    let ck = checkpoint::path_for(&tt);
    let args = strings(&[
        "solve",
        "--json",
        "--threads",
        "2",
        "--rules",
        SLOW,
        "--tt-size",
        "16",
        "--checkpoint-every",
        "0.05",
        "--tt",
        tt.to_str().unwrap(),
    ]);
    // A first session that leaves a checkpoint, killed.
    let mut child = Command::new(bin())
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !ck.exists() {
        assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(200));
    child.kill().unwrap();
    child.wait().unwrap();
    let before = checkpoint::read(&ck).unwrap().expect("a checkpoint");
    // The second session may write no more than 64 KiB into any file: its first checkpoint
    // fails (the table file is 16 MiB).
    let out = limited(64 << 10, &args);
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains("File too large"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(
        checkpoint::read(&ck).unwrap().as_ref(),
        Some(&before),
        "the last checkpoint is intact"
    );
    // And it resumes.
    let out = Command::new(bin()).args(&args).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (value, resumed) = solve_value(&out);
    assert_eq!((value.as_str(), resumed), ("draw", true));
}

#[test]
fn a_full_disk_while_writing_a_certificate_is_one_line() {
    let dir = TempDir::new("crash-full-cert");
    let cert = dir.file("t.c6proof");
    let args = strings(&[
        "solve",
        "--threads",
        "1",
        "--rules",
        QUICK,
        "--proof",
        cert.to_str().unwrap(),
    ]);
    let out = limited(100, &args);
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains("File too large"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
