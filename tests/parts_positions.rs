//! Solving a position part by part (`solve --by-parts LEDGER --moves ...`): the side to
//! move's turns split into parts, composed into the value, against the exhaustive oracle,
//! with the joined certificate checked; and the command line around it.

mod common;

use c6solve::boards::{BoardsOptions, Value, parts};
use c6solve::{Rules, SolveOptions};
use common::oracle::{self, Val};
use common::{TempDir, assert_bad_input, game_of, run, text};
use std::path::Path;
use std::time::Duration;

fn options(rules: &Rules, dir: &Path, workers: usize, part_nodes: Option<u64>) -> BoardsOptions {
    BoardsOptions {
        rules: vec![*rules],
        time_limit: Duration::from_secs(300),
        search: SolveOptions {
            tt_mib: 8,
            threads: 1,
            ..SolveOptions::default()
        },
        tt_dir: None,
        cert_dir: Some(dir.join("certs")),
        proof_max_nodes: 1_000_000,
        by_parts: Some(parts::LedgerAt::Dir(dir.join("parts"))),
        lease: Duration::from_secs(60),
        part_workers: workers,
        parts_at: Vec::new(),
        import: None,
        json: dir.join("t.json"),
        md: dir.join("t.md"),
        command: "test".into(),
        reply_trials: 1,
        reply_trial_nodes: 100_000,
        part_nodes,
    }
}

/// The oracle's value of the position after `moves`, for the side to move.
fn oracle_value(r: &Rules, moves: &str) -> Value {
    let g = game_of(r);
    let cells = c6solve::notation::parse_moves(r, moves).unwrap();
    let moves: Vec<usize> = cells.iter().map(|&c| c as usize).collect();
    let state = g.replay(&moves).expect("the position is not over");
    match oracle::Solver::new(g).value(&state) {
        Val::Win => Value::Win,
        Val::Draw => Value::Draw,
        Val::Loss => Value::Loss,
    }
}

#[test]
fn positions_by_parts_agree_with_the_oracle_with_checked_certificates() {
    // Wins, losses and draws; Black or White to move; a turn begun (one stone of two left);
    // p = 1, 2 and 3; split automatically where a node budget is given.
    let cases: [(&str, &str, Option<u64>); 10] = [
        ("4,3,3,1,1", "B2 A1", None),
        ("4,4,4,2,1", "A1 B2 C3", None),
        ("4,4,4,2,1", "A1 B2 C3", Some(30)),
        ("4,4,3,2,1", "A1", None),
        ("4,4,3,2,1", "A1 D4", Some(20)),
        ("4,4,4,2,1", "B2 C3", Some(200)),
        ("4,4,4,2,2", "B2 C3 A1", Some(300)),
        ("4,4,4,3,2", "B2 C2", Some(300)),
        ("3,3,3,1,1", "A1 B2 C2", Some(1)),
        ("4,4,4,1,1", "B2 B3 C3", None),
    ];
    let mut seen = Vec::new();
    let mut splits = 0;
    for (rules, moves, part_nodes) in cases {
        let r = Rules::parse(rules).unwrap();
        let dir = TempDir::new(&format!("pos-{}", rules.replace(',', "_")));
        let opts = options(&r, &dir.0, 2, part_nodes);
        let root = parts::Root::after(r, moves).unwrap();
        let at = parts::LedgerAt::Dir(dir.0.join("parts"));
        let row = parts::solve_row(&root, &opts, &at, &mut |_| {})
            .unwrap()
            .expect("not interrupted");
        let want = oracle_value(&r, moves);
        let case = format!("{rules} after {moves} (--part-nodes {part_nodes:?})");
        assert_eq!(row.value, want, "{case}: {}", row.how);
        assert_eq!(row.rules, format!("{rules}@{moves}"), "{case}");
        // The joined certificate is about this position and proves this value.
        let file = row
            .certificate
            .as_ref()
            .unwrap_or_else(|| panic!("{case}: {}", row.how));
        let packed = c6solve::proof::read_file(file).unwrap();
        assert_eq!(
            packed.head,
            c6solve::proof::cert::header(&root.position()),
            "{case}"
        );
        let summary =
            c6solve::proof::check::check_packed(&packed).unwrap_or_else(|e| panic!("{case}: {e}"));
        assert_eq!(summary.value, Some(want.name()), "{case}");
        // Every part proven is what the oracle says of its position.
        let ledger = parts::load(&parts::ledger_path(&dir.0.join("parts"), &root), &root).unwrap();
        assert_eq!(ledger.root, moves, "{case}");
        for p in &ledger.parts {
            assert!(
                p.moves.starts_with(moves),
                "{case}: part '{}' is not below the root",
                p.moves
            );
            let v = oracle_value(&r, &p.moves);
            let ok = match p.value.as_str() {
                "loss" => v == Value::Loss,
                "no-loss" => v != Value::Loss,
                "win" => v == Value::Win,
                _ => v != Value::Win,
            };
            assert!(
                ok,
                "{case}: part '{}' {} but the oracle says {v:?}",
                p.moves, p.value
            );
        }
        if part_nodes.is_some() {
            splits += ledger.splits.len();
        }
        seen.push(want);
    }
    for v in [Value::Win, Value::Draw, Value::Loss] {
        assert!(seen.contains(&v), "no case is a {v:?}");
    }
    assert!(
        splits >= 3,
        "the small budgets split parts ({splits} splits)"
    );
}

#[test]
fn a_ledger_of_another_root_is_refused() {
    let r = Rules::parse("4,4,4,2,1").unwrap();
    let dir = TempDir::new("other-root");
    let opts = options(&r, &dir.0, 1, None);
    let at = parts::LedgerAt::Dir(dir.0.join("parts"));
    let b2 = parts::Root::after(r, "B2").unwrap();
    parts::solve_row(&b2, &opts, &at, &mut |_| {}).unwrap();
    // The file of B2 renamed to the name of C3's ledger: it says it is B2's.
    let from = parts::ledger_path(&dir.0.join("parts"), &b2);
    let c3 = parts::Root::after(r, "C3").unwrap();
    std::fs::rename(&from, parts::ledger_path(&dir.0.join("parts"), &c3)).unwrap();
    let e = parts::solve_row(&c3, &opts, &at, &mut |_| {})
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("a ledger for 4,4,4,2,1 after B2, not 4,4,4,2,1 after C3"),
        "{e}"
    );
    // The empty board's ledger is another file altogether.
    let empty = parts::Root::empty(r);
    assert_ne!(
        parts::ledger_path(Path::new("d"), &empty),
        parts::ledger_path(Path::new("d"), &b2)
    );
}

#[test]
fn solve_by_parts_prints_the_value_and_a_checked_proof_and_continues_its_ledger() {
    let dir = TempDir::new("solve-by-parts");
    let ledger = dir.file("ledger").display().to_string();
    let proof = dir.file("p.c6proof").display().to_string();
    let args = [
        "solve",
        "--rules",
        "4,4,3,2,1",
        "--moves",
        "A1 D4",
        "--by-parts",
        &ledger,
        "--part-workers",
        "2",
        "--threads",
        "1",
        "--tt-size",
        "16",
        "--proof",
        &proof,
    ];
    let out = run(&args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(
        stdout.contains("value: loss (Black wins against any defence)"),
        "{stdout}"
    );
    assert!(stderr.contains("part A1 D4"), "{stderr}");
    let check = run(&["check", &proof]);
    assert!(check.status.success(), "{}", text(&check.stderr));
    assert!(
        dir.file("ledger").join("4_4_3_2_1@A1-D4.json").exists(),
        "the ledger is named by the root"
    );
    // Again: every part is in the ledger, nothing is solved.
    let again = run(&args);
    let stderr = text(&again.stderr);
    assert!(again.status.success(), "{stderr}");
    assert!(!stderr.contains("proven"), "{stderr}");
    assert!(text(&again.stdout).contains("value: loss"), "{again:?}");
    // JSON: one object, the row of the position.
    let json = run(&[
        "solve",
        "--rules",
        "4,4,3,2,1",
        "--moves",
        "A1 D4",
        "--json",
        "--by-parts",
        &ledger,
    ]);
    let row: serde_json::Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    assert_eq!(row["value"], "loss");
    assert_eq!(row["rules"], "4,4,3,2,1@A1 D4");
    // The status of the position's ledger.
    let status = run(&[
        "status",
        &ledger,
        "--rules",
        "4,4,3,2,1",
        "--moves",
        "A1 D4",
    ]);
    let shown = text(&status.stdout);
    assert!(status.status.success(), "{shown}");
    assert!(shown.contains("4,4,3,2,1@A1 D4"), "{shown}");
    assert!(shown.contains("loss"), "{shown}");
}

#[test]
fn solve_by_parts_refuses_what_it_cannot_do() {
    let base = ["solve", "--rules", "4,4,3,2,1"];
    let with = |more: &[&'static str]| base.iter().chain(more).copied().collect::<Vec<_>>();
    assert_bad_input(
        &with(&["--moves", "A1", "--by-parts", "L", "--goal", "win"]),
        "cannot be used with",
    );
    assert_bad_input(&with(&["--moves", "A1", "--part-nodes", "5"]), "--by-parts");
    assert_bad_input(&with(&["--moves", "A1 A1", "--by-parts", "L"]), "A1");
    // A --part must lie below the root.
    assert_bad_input(
        &with(&["--moves", "A1", "--by-parts", "L", "--part", "B2 C3"]),
        "not a position below the root",
    );
    // Black completes three with its two stones there: nothing to split.
    assert_bad_input(
        &with(&["--moves", "A1 D4 D3 B1", "--by-parts", "L"]),
        "Black wins at once",
    );
}
