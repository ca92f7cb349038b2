//! Checkpoints and resume, through the library and through the program: a solve stopped by
//! its limits, by SIGKILL or by SIGTERM picks up from its last checkpoint and reaches the
//! same value as a fresh solve.

mod common;

use c6solve::search::checkpoint;
use c6solve::{Goal, Outcome, Position, SolveOptions, solve};
use common::{TempDir, position, program_json};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn opts(tt: &Path, threads: usize, max_nodes: Option<u64>) -> SolveOptions {
    SolveOptions {
        tt_mib: 4,
        tt_file: Some(tt.to_path_buf()),
        threads,
        max_nodes,
        ..Default::default()
    }
}

#[test]
fn node_limit_then_resume_in_both_runs() {
    // 6,5,5,2,1 is a draw: run 1 (Black wins?) is disproven, then run 2 (White wins?) too,
    // about seven eighths and an eighth of the work. (4,4,4,2,1 and then 5,4,4,2,1, used
    // before, became too small to stop halfway through run 2 once group pairings and then
    // potential strategies disproved most of it.)
    let pos = position("6,5,5,2,1", "");
    let fresh = solve(
        &pos,
        &SolveOptions {
            tt_mib: 4,
            threads: 1,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(fresh.value, Outcome::Draw);
    let dir = TempDir::new("limits");
    let tt = dir.file("t.tt");
    let ck_path = checkpoint::path_for(&tt);

    // Stopped early in run 1: a checkpoint of run 1 is left.
    let a = solve(&pos, &opts(&tt, 1, Some(1_000))).unwrap();
    assert_eq!(a.value, Outcome::Unknown);
    assert_eq!(a.checkpoint.as_deref(), Some(ck_path.as_path()));
    let ck = checkpoint::read(&ck_path)
        .unwrap()
        .expect("checkpoint written");
    assert_eq!((ck.phase, ck.sessions, ck.nodes), (1, 1, a.nodes));

    // Resumed and stopped again halfway through run 2.
    let win_only = SolveOptions {
        goal: Goal::Win,
        tt_mib: 4,
        threads: 1,
        ..Default::default()
    };
    let run1 = solve(&pos, &win_only).unwrap().nodes;
    let b = solve(&pos, &opts(&tt, 1, Some(run1 + (fresh.nodes - run1) / 2))).unwrap();
    assert!(b.resumed && b.prior_nodes == a.nodes, "{b:?}");
    let ck = checkpoint::read(&ck_path)
        .unwrap()
        .expect("checkpoint written");
    assert_eq!(b.value, Outcome::Unknown);
    assert_eq!(ck.phase, 2, "stopped in the second run: {ck:?}");
    assert_eq!(ck.sessions, 2);
    assert_eq!(ck.nodes, a.nodes + b.nodes);

    // Finished: the same value as the fresh solve, and the checkpoint is gone.
    let c = solve(&pos, &opts(&tt, 2, None)).unwrap();
    assert_eq!(c.value, Outcome::Draw);
    assert!(c.resumed && c.prior_nodes == a.nodes + b.nodes, "{c:?}");
    assert!(c.checkpoint.is_none());
    assert_eq!(checkpoint::read(&ck_path).unwrap(), None);

    // A later solve over the same table answers from it, without a checkpoint.
    let d = solve(&pos, &opts(&tt, 1, None)).unwrap();
    assert_eq!(d.value, Outcome::Draw);
    assert!(!d.resumed);
    assert!(d.nodes * 10 < fresh.nodes, "{} nodes", d.nodes);
}

/// While a finished solve's certificate is written (which can take as long as the solve),
/// a crash must lose nothing: the table file already holds the proof and the checkpoint the
/// totals. Only when the caller is done is the checkpoint removed.
#[test]
fn a_proven_solve_keeps_its_checkpoint_until_the_table_file_holds_the_proof() {
    use c6solve::search::{dfpn, open_table, solve_then, ttfile};
    let pos = position("6,5,5,2,1", "");
    let dir = TempDir::new("proven");
    let tt = dir.file("t.tt");
    let ck_path = checkpoint::path_for(&tt);
    let stopped = solve(&pos, &opts(&tt, 1, Some(2_000))).unwrap();
    assert_eq!(stopped.value, Outcome::Unknown);

    let o = opts(&tt, 1, None);
    let table = open_table(&o, pos.rules()).unwrap();
    let (tt_in, ck_in) = (tt.clone(), ck_path.clone());
    let (report, during) = solve_then(&pos, &o, table, move |pos, _, _| {
        // What a crash at this moment would leave on disk.
        let ck = checkpoint::read(&ck_in).unwrap();
        let keys = [
            dfpn::key_for(pos, c6solve::Color::Black),
            dfpn::key_for(pos, c6solve::Color::White),
        ];
        let roots = ttfile::peek(&tt_in, pos.rules(), &keys).unwrap();
        (
            ck,
            roots.iter().map(|e| e.map(|e| e.dn)).collect::<Vec<_>>(),
        )
    })
    .unwrap();
    assert_eq!(report.value, Outcome::Draw);
    let (ck, root_dns) = during;
    let ck = ck.expect("the checkpoint is still there while the proof is written out");
    assert_eq!(ck.nodes, stopped.nodes + report.nodes, "{ck:?}");
    assert_eq!(ck.sessions, 2);
    // Both runs' roots are disproven in the file: "Black wins?" and "White wins?".
    assert_eq!(root_dns, vec![Some(0), Some(0)]);
    assert_eq!(
        checkpoint::read(&ck_path).unwrap(),
        None,
        "removed at the end"
    );
}

#[test]
fn a_checkpoint_of_another_solve_is_refused() {
    let dir = TempDir::new("other");
    let tt = dir.file("t.tt");
    let pos = position("5,5,4,1,1", "");
    let a = solve(&pos, &opts(&tt, 1, Some(500))).unwrap();
    assert_eq!(a.value, Outcome::Unknown);
    let moved = Position::from_moves(*pos.rules(), &[12]).unwrap();
    let e = solve(&moved, &opts(&tt, 1, None)).unwrap_err().to_string();
    assert!(e.contains("another position"), "{e}");
    let win = SolveOptions {
        goal: Goal::Win,
        ..opts(&tt, 1, None)
    };
    let e = solve(&pos, &win).unwrap_err().to_string();
    assert!(e.contains("another --goal"), "{e}");
    // --resume insists on a checkpoint; --tt-reset drops it.
    let reset = SolveOptions {
        tt_reset: true,
        ..opts(&tt, 1, Some(10))
    };
    solve(&moved, &reset).unwrap();
    let resume = SolveOptions {
        resume: true,
        ..opts(&tt, 1, None)
    };
    let e = solve(&pos, &resume).unwrap_err().to_string();
    assert!(
        e.contains("belongs to a solve with another position"),
        "{e}"
    );
    let e = solve(
        &pos,
        &SolveOptions {
            resume: true,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("--resume needs"), "{e}");
}

/// Starts a solve of `rules` over `tt` with a checkpoint every half second, waits for its
/// first checkpoint, and returns the running child.
fn start_and_wait_for_checkpoint(rules: &str, tt: &Path) -> std::process::Child {
    let ck = checkpoint::path_for(tt);
    let child = Command::new(env!("CARGO_BIN_EXE_c6solve"))
        .args(["solve", "--json", "--threads", "2", "--rules", rules])
        .args(["--tt-size", "16", "--checkpoint-every", "0.5", "--tt"])
        .arg(tt)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !ck.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no checkpoint appeared"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

/// 8,4,4,1,1 is a draw that takes about five seconds on two threads (two df-pn runs): long
/// enough to checkpoint (every half second) and be killed before it finishes. (7,4,4,1,1,
/// used before, now takes a third of a second, so its checkpoint could come and go between
/// two looks on a busy machine.)
const SLOW: &str = "8,4,4,1,1";
/// Its value: four in a row on 4 x n boards is a draw for n <= 8.
const SLOW_VALUE: &str = "draw";

#[test]
fn sigkill_then_resume_reaches_the_same_value() {
    let dir = TempDir::new("kill");
    let tt = dir.file("t.tt");
    let mut child = start_and_wait_for_checkpoint(SLOW, &tt);
    let still_running = child.try_wait().unwrap().is_none();
    child.kill().unwrap(); // SIGKILL: no chance to write anything more
    child.wait().unwrap();
    let tt_arg = tt.to_str().unwrap();
    let args = [
        "solve",
        "--json",
        "--threads",
        "2",
        "--rules",
        SLOW,
        "--tt-size",
        "16",
        "--checkpoint-every",
        "0.5",
        "--tt",
        tt_arg,
    ];
    let resumed = program_json(&args);
    let fresh = program_json(&["solve", "--json", "--threads", "1", "--rules", SLOW]);
    assert_eq!(resumed["value"], fresh["value"]);
    assert_eq!(fresh["value"], SLOW_VALUE);
    if still_running {
        assert_eq!(resumed["resumed"], true, "{resumed:?}");
        assert!(resumed["total_nodes"].as_u64() > resumed["nodes"].as_u64());
    }
    assert!(
        !checkpoint::path_for(&tt).exists(),
        "a finished solve drops its checkpoint"
    );
}

#[test]
fn sigterm_writes_a_checkpoint_and_says_how_to_resume() {
    let dir = TempDir::new("term");
    let tt = dir.file("t.tt");
    let child = start_and_wait_for_checkpoint(SLOW, &tt);
    // SIGTERM through kill(1): the program stops its workers and saves its state.
    let pid = child.id().to_string();
    let status = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    if out.status.code() == Some(0) {
        return; // it finished before the signal arrived: nothing to check
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("Resume with: ") && stderr.contains("--resume"),
        "{stderr}"
    );
    let stdout: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stdout["value"], "unknown");
    assert_eq!(stdout["interrupted"], true);
    let ck = checkpoint::read(&checkpoint::path_for(&tt))
        .unwrap()
        .expect("last checkpoint");
    assert_eq!(ck.phase, 1);
    let resumed = program_json(&[
        "solve",
        "--json",
        "--rules",
        SLOW,
        "--tt-size",
        "16",
        "--resume",
        "--tt",
        tt.to_str().unwrap(),
    ]);
    assert_eq!(resumed["value"], SLOW_VALUE);
    assert_eq!(resumed["resumed"], true);
    assert_eq!(
        resumed["total_nodes"].as_u64().unwrap(),
        ck.nodes + resumed["nodes"].as_u64().unwrap()
    );
}
