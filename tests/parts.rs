//! Solving a board part by part (`table --by-parts`): the composed values against the
//! exhaustive oracle and against a direct solve, the ledger kept between runs, hand-split
//! first turns, and damaged ledgers refused.

mod common;

use c6solve::boards::{self, BoardsOptions, Value, parts};
use c6solve::{Rules, SolveOptions, solve};
use common::oracle::{self, Val};
use common::{TempDir, game_of};
use std::path::Path;
use std::time::Duration;

fn options(rules: &Rules, dir: &Path, parts_at: &[&str], workers: usize) -> BoardsOptions {
    BoardsOptions {
        rules: vec![*rules],
        time_limit: Duration::from_secs(120),
        search: SolveOptions {
            tt_mib: 8,
            threads: 1,
            ..SolveOptions::default()
        },
        tt_dir: None,
        cert_dir: None,
        proof_max_nodes: 1_000_000,
        by_parts: Some(parts::LedgerAt::Dir(dir.join("parts"))),
        lease: Duration::from_secs(60),
        part_workers: workers,
        parts_at: parts_at.iter().map(|s| s.to_string()).collect(),
        import: None,
        json: dir.join("t.json"),
        md: dir.join("t.md"),
        command: "test".into(),
        reply_trials: 0,
        reply_trial_nodes: 4_000_000,
        part_nodes: None,
    }
}

/// Runs the table by parts on one board and returns its row.
fn by_parts(rules: &str, parts_at: &[&str], workers: usize) -> (boards::Row, parts::Ledger) {
    let r = Rules::parse(rules).unwrap();
    let dir = TempDir::new(&rules.replace(',', "_"));
    let opts = options(&r, &dir.0, parts_at, workers);
    boards::run(&opts, |_| {}).expect("table runs");
    let rows = boards::load(&opts.json).unwrap();
    let ledger = parts::load(
        &parts::ledger_path(&dir.0.join("parts"), &parts::Root::empty(r)),
        &parts::Root::empty(r),
    )
    .unwrap();
    (rows[0].clone(), ledger)
}

fn oracle_value(r: &Rules) -> Value {
    let g = game_of(r);
    match oracle::Solver::new(g).value(&g.start()) {
        Val::Win => Value::Win,
        Val::Draw => Value::Draw,
        Val::Loss => Value::Loss,
    }
}

#[test]
fn composed_values_agree_with_the_oracle() {
    // A draw with q = p (White's side by strategy stealing), wins found at a first turn, and
    // with q != p a draw and a loss that need the root's own part.
    for rules in [
        "3,3,3,1,1",
        "4,3,3,1,1",
        "4,4,3,2,1",
        "4,3,4,2,1",
        "5,2,4,2,1",
        "4,4,3,2,2",
        // A draw whose centre C2 no canonical first turn lists first: the composition must
        // reach its parts through either stone of the turn.
        "5,3,4,2,2",
    ] {
        let r = Rules::parse(rules).unwrap();
        let (row, ledger) = by_parts(rules, &[], 2);
        assert_eq!(row.value, oracle_value(&r), "{rules}: {}", row.how);
        assert!(!ledger.parts.is_empty(), "{rules}: parts recorded");
        assert_eq!(row.nodes, ledger_nodes(&row, &ledger), "{rules}");
    }
}

/// The nodes of the ledger's parts that the row names (the row's nodes are their sum).
fn ledger_nodes(row: &boards::Row, ledger: &parts::Ledger) -> u64 {
    ledger
        .parts
        .iter()
        .filter(|p| {
            let at = if p.moves.is_empty() { "root" } else { &p.moves };
            row.how.contains(&format!("{at} {} (", p.value))
        })
        .map(|p| p.nodes)
        .sum()
}

#[test]
fn composed_values_agree_with_direct_solves() {
    // Boards too large for the oracle, each kind of value: draws (q = p and q != p), a win
    // and a loss.
    for rules in [
        "5,5,4,1,1",
        "6,5,4,1,1",
        "5,5,4,2,1",
        "6,4,4,2,1",
        "5,4,4,2,2",
    ] {
        let r = Rules::parse(rules).unwrap();
        let direct = solve(
            &c6solve::Position::new(r),
            &SolveOptions {
                tt_mib: 16,
                ..Default::default()
            },
        )
        .unwrap();
        let (row, _) = by_parts(rules, &[], 1);
        assert_eq!(
            row.value.name(),
            direct.value.name(),
            "{rules}: {}",
            row.how
        );
    }
}

#[test]
fn every_first_turn_up_to_symmetry_is_one_part() {
    // 5x5 with one stone a turn: A1 B1 C1 B2 C2 C3, the rest mirror images.
    let (row, ledger) = by_parts("5,5,4,1,1", &[], 2);
    assert_eq!(row.value, Value::Draw);
    let mut moves: Vec<&str> = ledger.parts.iter().map(|p| p.moves.as_str()).collect();
    moves.sort_unstable();
    assert_eq!(moves, ["A1", "B1", "B2", "C1", "C2", "C3"]);
    assert!(ledger.parts.iter().all(|p| p.value == "no-loss"));
}

#[test]
fn a_first_turn_split_by_hand_is_settled_by_its_parts() {
    // White's C3 after Black's A1: Black to move cannot win there, so A1 is held without a
    // part of its own.
    let (row, ledger) = by_parts("5,5,4,1,1", &["A1 C3"], 1);
    assert_eq!(row.value, Value::Draw, "{}", row.how);
    assert!(ledger.parts.iter().all(|p| p.moves != "A1"));
    let split = ledger.parts.iter().find(|p| p.moves == "A1 C3").unwrap();
    assert_eq!(split.value, "no-win");
    assert!(row.how.contains("A1 C3 no-win"), "{}", row.how);
}

/// Checks every recorded part against the oracle's value of its position.
fn assert_parts_match_the_oracle(r: &Rules, ledger: &parts::Ledger) {
    assert_parts_match(&mut oracle::Solver::new(game_of(r)), r, ledger);
}

/// [`assert_parts_match_the_oracle`] with the caller's oracle (its memo shared with the
/// caller's other questions).
fn assert_parts_match(solver: &mut oracle::Solver, r: &Rules, ledger: &parts::Ledger) {
    let g = solver.game;
    for p in &ledger.parts {
        let cells = c6solve::notation::parse_moves(r, &p.moves).unwrap();
        let moves: Vec<usize> = cells.iter().map(|&c| c as usize).collect();
        let state = g.replay(&moves).expect("a part's position is not over");
        let v = solver.value(&state);
        let want = match (p.value.as_str(), v) {
            ("no-loss" | "loss", Val::Loss) => "loss",
            ("no-loss" | "loss", _) => "no-loss",
            (_, Val::Win) => "win",
            _ => "no-win",
        };
        assert_eq!(p.value, want, "{r} part '{}'", p.moves);
    }
}

#[test]
fn split_parts_agree_with_the_oracle() {
    // On 4,3,3,1,1 Black wins: a hand split of B2 by White's A1 (Black to move there) and of
    // A1 by White's B2 are solved as parts of their own, whatever they turn out to be.
    let r = Rules::parse("4,3,3,1,1").unwrap();
    let (row, ledger) = by_parts("4,3,3,1,1", &["B2 A1", "A1 B2"], 1);
    assert_eq!(row.value, oracle_value(&r), "{}", row.how);
    assert_parts_match_the_oracle(&r, &ledger);
    for r in ["3,3,3,1,1", "4,4,3,2,1", "4,3,4,2,1"] {
        let rules = Rules::parse(r).unwrap();
        let (_, ledger) = by_parts(r, &["B2 A1"], 1);
        assert_parts_match_the_oracle(&rules, &ledger);
    }
}

#[test]
fn a_hand_split_by_a_losing_reply_leaves_the_other_replies_to_solve() {
    // A draw, and a first turn split by hand at a White reply after which Black wins (found by
    // the oracle): that part proves Black's win, and the first turn is then settled by its
    // other replies, solved as parts of their own (the row once stopped here, open).
    let r = Rules::parse("4,4,4,2,1").unwrap();
    let g = game_of(&r);
    let mut solver = oracle::Solver::new(g);
    let cells = r.cells();
    let losing = (0..cells)
        .flat_map(|x| (0..cells).flat_map(move |a| (a + 1..cells).map(move |b| [x, a, b])))
        .find(|m| {
            m[0] != m[1]
                && m[0] != m[2]
                && g.replay(m).is_some_and(|s| solver.value(&s) == Val::Win)
        })
        .expect("a losing White reply");
    let moves = c6solve::notation::format_moves(
        &r,
        &losing
            .iter()
            .map(|&c| c as c6solve::Cell)
            .collect::<Vec<_>>(),
    );
    let (row, ledger) = by_parts("4,4,4,2,1", &[moves.as_str()], 1);
    assert_eq!(row.value, Value::Draw, "{}", row.how);
    assert_eq!(solver.value(&g.start()), Val::Draw, "the oracle's value");
    let hand = ledger.parts.iter().find(|p| p.moves == moves);
    assert_eq!(hand.map(|p| p.value.as_str()), Some("win"), "{moves}");
    assert_parts_match(&mut solver, &r, &ledger);
}

/// With reply trials, White's answers recorded for earlier first turns are tried on later
/// ones first: some first turns are settled by such a trial (a part after Black's first turn
/// and White's answer), and the row and every part still agree with the oracle.
#[test]
fn reply_trials_settle_first_turns_with_recorded_answers() {
    for rules in ["4,4,4,2,2", "5,3,4,2,2"] {
        let r = Rules::parse(rules).unwrap();
        let dir = TempDir::new("trials");
        let mut opts = options(&r, &dir.0, &[], 1);
        opts.reply_trials = 3;
        boards::run(&opts, |_| {}).expect("table runs");
        let row = boards::load(&opts.json).unwrap().remove(0);
        let ledger = parts::load(
            &parts::ledger_path(&dir.0.join("parts"), &parts::Root::empty(r)),
            &parts::Root::empty(r),
        )
        .unwrap();
        assert_eq!(row.value, oracle_value(&r), "{rules}: {}", row.how);
        assert_parts_match_the_oracle(&r, &ledger);
        let stones = |p: &parts::PartRecord| p.moves.split_whitespace().count();
        let trials = ledger.parts.iter().filter(|p| stones(p) == 4).count();
        assert!(trials > 0, "{rules}: no first turn settled by a trial");
        // Every first turn solved whole records White's answer for the trials.
        for p in ledger.parts.iter().filter(|p| stones(p) == 2) {
            let reply = p.reply.as_deref().expect("an answer");
            assert_eq!(reply.split_whitespace().count(), 2, "{rules} '{}'", p.moves);
        }
    }
}

#[test]
fn a_second_run_uses_the_ledger() {
    let r = Rules::parse("5,5,4,1,1").unwrap();
    let dir = TempDir::new("again");
    let opts = options(&r, &dir.0, &[], 1);
    boards::run(&opts, |_| {}).unwrap();
    let path = parts::ledger_path(&dir.0.join("parts"), &parts::Root::empty(r));
    let first = parts::load(&path, &parts::Root::empty(r)).unwrap();
    // The row is dropped from the table: the run composes it again from the ledger alone.
    std::fs::remove_file(&opts.json).unwrap();
    let mut lines = Vec::new();
    boards::run(&opts, |l| lines.push(l.to_string())).unwrap();
    assert_eq!(
        parts::load(&path, &parts::Root::empty(r)).unwrap(),
        first,
        "no part solved again"
    );
    let rows = boards::load(&opts.json).unwrap();
    assert_eq!(rows[0].value, Value::Draw);
    assert!(!lines.iter().any(|l| l.contains("proven")), "{lines:?}");
}

#[test]
fn a_part_recorded_as_a_mirror_image_counts() {
    let r = Rules::parse("5,5,4,1,1").unwrap();
    let dir = TempDir::new("mirror");
    let opts = options(&r, &dir.0, &[], 1);
    boards::run(&opts, |_| {}).unwrap();
    let path = parts::ledger_path(&dir.0.join("parts"), &parts::Root::empty(r));
    let mut ledger = parts::load(&path, &parts::Root::empty(r)).unwrap();
    // A1 -> E5, B1 -> D5 and so on: the same parts under the half turn.
    let mirror = |m: &str| {
        let (c, n) = m.split_at(1);
        let c = (b'A' + b'E' - c.as_bytes()[0]) as char;
        let n: u8 = n.parse().unwrap();
        format!("{c}{}", 6 - n)
    };
    for p in &mut ledger.parts {
        p.moves = mirror(&p.moves);
    }
    assert!(ledger.parts.iter().any(|p| p.moves == "E5"));
    match parts::compose(&parts::Root::empty(r), &ledger) {
        parts::Composed::Value {
            value, mut parts, ..
        } => {
            assert_eq!(value, Value::Draw);
            let mut want = ledger.parts.clone();
            parts.sort_by(|a, b| a.moves.cmp(&b.moves));
            want.sort_by(|a, b| a.moves.cmp(&b.moves));
            assert_eq!(parts, want, "every part, each once");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        parts::first_turns_refuted(&parts::Root::empty(r), &ledger),
        (6, 6)
    );
    // Without one class the board is open.
    ledger.parts.retain(|p| p.moves != "E5");
    assert_eq!(
        parts::compose(&parts::Root::empty(r), &ledger),
        parts::Composed::Open
    );
    assert_eq!(
        parts::first_turns_refuted(&parts::Root::empty(r), &ledger),
        (5, 6)
    );
    // A second record of one class counts once; a split (White's C3 after A1, where Black
    // cannot win) refutes its first turn.
    let mut again = ledger
        .parts
        .iter()
        .find(|p| p.moves == "D5")
        .unwrap()
        .clone();
    again.moves = "B1".into();
    ledger.parts.push(again.clone());
    assert_eq!(
        parts::first_turns_refuted(&parts::Root::empty(r), &ledger),
        (5, 6)
    );
    again.moves = "A1 C3".into();
    again.value = "no-win".into();
    ledger.parts.push(again);
    assert_eq!(
        parts::first_turns_refuted(&parts::Root::empty(r), &ledger),
        (6, 6)
    );
}

/// Black's two-stone first turns on an n x n board up to its eight symmetries, counted by
/// brute force over pairs of (column, row).
fn two_stone_turns_on_square(n: i32) -> usize {
    let maps = |(x, y): (i32, i32)| {
        let m = n - 1;
        [
            (x, y),
            (m - x, y),
            (x, m - y),
            (m - x, m - y),
            (y, x),
            (m - y, x),
            (y, m - x),
            (m - y, m - x),
        ]
    };
    let cells: Vec<(i32, i32)> = (0..n).flat_map(|x| (0..n).map(move |y| (x, y))).collect();
    let mut classes = std::collections::HashSet::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let canonical = (0..8)
                .map(|s| {
                    let (a, b) = (maps(a)[s], maps(b)[s]);
                    (a.min(b), a.max(b))
                })
                .min()
                .unwrap();
            classes.insert(canonical);
        }
    }
    classes.len()
}

#[test]
fn progress_counts_the_first_turns_the_parts_refute() {
    let (row, mut ledger) = by_parts("4,4,4,2,2", &[], 2);
    assert_eq!(row.value, Value::Draw, "{}", row.how);
    let r = Rules::parse("4,4,4,2,2").unwrap();
    let turns = two_stone_turns_on_square(4);
    assert_eq!(ledger.parts.len(), turns, "one part a first turn");
    assert_eq!(
        parts::first_turns_refuted(&parts::Root::empty(r), &ledger),
        (turns, turns)
    );
    ledger.parts.pop();
    ledger.parts.pop();
    assert_eq!(
        parts::first_turns_refuted(&parts::Root::empty(r), &ledger),
        (turns - 2, turns)
    );
}

#[test]
fn damaged_ledgers_are_refused() {
    let r = Rules::parse("5,5,4,1,1").unwrap();
    let dir = TempDir::new("bad");
    let path = dir.0.join("l.json");
    let part = r#"{"moves": "A1", "value": "no-loss", "nodes": 1, "seconds": 0.1,
        "threads": 1, "tt_mib": 8, "commit": "x", "command": "x", "date": "x", "load": "x"}"#;
    for (text, why) in [
        ("not json".to_string(), "not a ledger"),
        (
            format!(r#"{{"rules": "6,6,4,1,1", "parts": [{part}]}}"#),
            "a ledger for 6,6,4,1,1",
        ),
        (
            format!(
                r#"{{"rules": "5,5,4,1,1", "parts": [{}]}}"#,
                part.replace("A1", "Z9")
            ),
            "part 'Z9'",
        ),
        (
            format!(
                r#"{{"rules": "5,5,4,1,1", "parts": [{}]}}"#,
                part.replace("no-loss", "draw")
            ),
            "value 'draw'",
        ),
    ] {
        std::fs::write(&path, text).unwrap();
        let e = parts::load(&path, &parts::Root::empty(r))
            .unwrap_err()
            .to_string();
        assert!(e.contains(why), "{e}");
    }
    std::fs::write(
        &path,
        format!(r#"{{"rules": "5,5,4,1,1", "parts": [{part}]}}"#),
    )
    .unwrap();
    assert_eq!(
        parts::load(&path, &parts::Root::empty(r))
            .unwrap()
            .parts
            .len(),
        1
    );
}

/// Runs the table by parts with certificates; returns the row and the directory (kept alive).
fn by_parts_certified(rules: &str, parts_at: &[&str]) -> (boards::Row, TempDir) {
    let r = Rules::parse(rules).unwrap();
    let dir = TempDir::new(&format!("cert-{}", rules.replace(',', "_")));
    let mut opts = options(&r, &dir.0, parts_at, 2);
    opts.cert_dir = Some(dir.0.join("certs"));
    boards::run(&opts, |_| {}).expect("table runs");
    let row = boards::load(&opts.json).unwrap()[0].clone();
    (row, dir)
}

#[test]
fn a_board_by_parts_gets_one_checked_certificate() {
    // Every kind of composition: a draw with q = p, a win at a first turn, a loss and a draw
    // from the root's part (q != p), two stones a turn, and a first turn split by hand.
    for (rules, parts_at) in [
        ("5,5,4,1,1", &[][..]),
        ("6,5,4,1,1", &[]),
        ("6,4,4,2,1", &[]),
        ("5,5,4,2,1", &[]),
        ("4,4,4,2,2", &[]),
        ("5,5,4,1,1", &["A1 C3"]),
        // Parts solved as mirror images of the first turns they stand for (E5 for A1, D5
        // for B1): their proofs are turned onto A1 and B1.
        ("5,5,4,1,1", &["E5", "D5"]),
    ] {
        let (row, _dir) = by_parts_certified(rules, parts_at);
        assert_certificate_checks(rules, &row);
        assert!(row.how.contains("joined"), "{rules}: {}", row.how);
    }
}

/// Asserts that `row` has a certificate the checker accepts as a proof of its value.
fn assert_certificate_checks(rules: &str, row: &boards::Row) {
    let file = row
        .certificate
        .as_ref()
        .unwrap_or_else(|| panic!("{rules}: {}", row.how));
    let summary = c6solve::proof::check::check_packed(&c6solve::proof::read_file(file).unwrap())
        .unwrap_or_else(|e| panic!("{rules}: {e}"));
    assert_eq!(summary.value, Some(row.value.name()), "{rules}");
}

/// 5,5,4,1,1 solved by parts with certificates on, one worker, in a fresh directory.
fn certified_5x5(name: &str) -> (Rules, TempDir, BoardsOptions) {
    let r = Rules::parse("5,5,4,1,1").unwrap();
    let dir = TempDir::new(name);
    let mut opts = options(&r, &dir.0, &[], 1);
    opts.cert_dir = Some(dir.0.join("certs"));
    boards::run(&opts, |_| {}).unwrap();
    (r, dir, opts)
}

#[test]
fn a_changed_part_certificate_is_not_joined() {
    let (r, dir, opts) = certified_5x5("changed");
    let ledger = parts::load(
        &parts::ledger_path(&dir.0.join("parts"), &parts::Root::empty(r)),
        &parts::Root::empty(r),
    )
    .unwrap();
    assert!(ledger.parts.iter().all(|p| p.certificate_nodes.is_some()));
    // One part's file replaced by another's: the ledger's SHA-256 no longer matches.
    let files: Vec<&String> = ledger.parts.iter().flat_map(|p| &p.certificate).collect();
    std::fs::copy(files[1], files[0]).unwrap();
    std::fs::remove_file(&opts.json).unwrap();
    boards::run(&opts, |_| {}).unwrap();
    let row = boards::load(&opts.json).unwrap()[0].clone();
    assert_eq!(row.value, Value::Draw);
    assert_eq!(row.certificate, None);
    assert!(
        row.how.contains("not the file the ledger recorded"),
        "{}",
        row.how
    );
}

#[test]
fn a_missing_part_certificate_is_written_again() {
    let (r, dir, opts) = certified_5x5("missing");
    let path = parts::ledger_path(&dir.0.join("parts"), &parts::Root::empty(r));
    let before = parts::load(&path, &parts::Root::empty(r)).unwrap();
    let gone = before.parts[0].certificate.clone().unwrap();
    std::fs::remove_file(&gone).unwrap();
    std::fs::remove_file(&opts.json).unwrap();
    let mut lines = Vec::new();
    boards::run(&opts, |l| lines.push(l.to_string())).unwrap();
    assert!(Path::new(&gone).exists(), "{lines:?}");
    let after = parts::load(&path, &parts::Root::empty(r)).unwrap();
    assert_eq!(after.parts.len(), before.parts.len(), "no part solved anew");
    let row = boards::load(&opts.json).unwrap()[0].clone();
    assert_eq!(row.value, Value::Draw);
    assert!(row.certificate.is_some(), "{}", row.how);
}

#[test]
fn parts_asked_for_are_solved_before_the_first_turns() {
    let r = Rules::parse("5,5,4,1,1").unwrap();
    let dir = TempDir::new("order");
    let opts = options(&r, &dir.0, &["B1 C3"], 1);
    let mut lines = Vec::new();
    boards::run(&opts, |l| lines.push(l.to_string())).unwrap();
    let proven: Vec<&String> = lines.iter().filter(|l| l.contains(" proven ")).collect();
    assert!(proven[0].contains("part B1 C3 proven"), "{lines:?}");
    assert!(
        proven.iter().any(|l| l.contains("part A1 proven")),
        "{lines:?}"
    );
}

#[test]
fn certificates_of_recorded_parts_come_before_new_parts() {
    let r = Rules::parse("5,5,4,1,1").unwrap();
    let dir = TempDir::new("certs-first");
    let mut opts = options(&r, &dir.0, &[], 1);
    boards::run(&opts, |_| {}).unwrap();
    let path = parts::ledger_path(&dir.0.join("parts"), &parts::Root::empty(r));
    let mut ledger = parts::load(&path, &parts::Root::empty(r)).unwrap();
    ledger.parts.retain(|p| p.moves != "C3" && p.moves != "A1");
    parts::save(&path, &ledger).unwrap();
    std::fs::remove_file(&opts.json).unwrap();
    opts.cert_dir = Some(dir.0.join("certs"));
    let mut lines = Vec::new();
    boards::run(&opts, |l| lines.push(l.to_string())).unwrap();
    let certified: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains("): certificate"))
        .collect();
    let proven: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains(" proven "))
        .collect();
    assert_eq!(certified.len(), ledger.parts.len(), "{lines:?}");
    assert_eq!(proven.len(), 2, "{lines:?}");
    assert!(certified.last() < proven.first(), "{lines:?}");
}

#[test]
fn certificates_are_written_later_for_parts_proven_without() {
    let r = Rules::parse("5,5,4,1,1").unwrap();
    let dir = TempDir::new("later");
    let mut opts = options(&r, &dir.0, &["A1 C3"], 2);
    opts.tt_dir = Some(dir.0.join("tt"));
    boards::run(&opts, |_| {}).unwrap();
    let path = parts::ledger_path(&dir.0.join("parts"), &parts::Root::empty(r));
    let before = parts::load(&path, &parts::Root::empty(r)).unwrap();
    let row = boards::load(&opts.json).unwrap()[0].clone();
    assert_eq!((row.value, row.certificate.as_ref()), (Value::Draw, None));
    let tables = |dir: &Path| -> usize {
        std::fs::read_dir(dir.join("tt/5_5_4_1_1"))
            .map(|d| d.count())
            .unwrap_or(0)
    };
    assert_eq!(tables(&dir.0), before.parts.len(), "one table per part");
    // A part's certificate file already in place (written by hand here) is adopted as it is.
    let c2 = before.parts.iter().find(|p| p.moves == "C2").unwrap();
    let certs = dir.0.join("certs");
    std::fs::create_dir_all(certs.join("5_5_4_1_1")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_c6solve"))
        .args([
            "solve",
            "--rules",
            "5,5,4,1,1",
            "--moves",
            "C2",
            "--goal",
            "hold",
        ])
        .arg("--proof")
        .arg(certs.join("5_5_4_1_1/C2.c6proof"))
        .output()
        .unwrap();
    assert!(out.status.success());
    // With certificates on, the same run writes the others from the parts' tables.
    opts.cert_dir = Some(certs);
    let mut lines = Vec::new();
    boards::run(&opts, |l| lines.push(l.to_string())).unwrap();
    let after = parts::load(&path, &parts::Root::empty(r)).unwrap();
    assert_eq!(after.parts.len(), before.parts.len(), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("part C2 (no-loss): certificate")),
        "{lines:?}"
    );
    for (a, b) in after.parts.iter().zip(&before.parts) {
        assert_eq!(
            (&a.moves, a.nodes, a.seconds),
            (&b.moves, b.nodes, b.seconds)
        );
        assert!(a.certificate_nodes.is_some(), "{}: {lines:?}", a.moves);
    }
    assert!(after.parts.iter().any(|p| p.moves == c2.moves));
    // Every part is certified now, so no part keeps its table.
    assert_eq!(tables(&dir.0), 0, "{lines:?}");
    let row2 = boards::load(&opts.json).unwrap()[0].clone();
    assert_eq!(
        (row2.value, row2.nodes, row2.seconds),
        (row.value, row.nodes, row.seconds)
    );
    let file = row2.certificate.as_ref().expect("joined certificate");
    let summary =
        c6solve::proof::check::check_packed(&c6solve::proof::read_file(file).unwrap()).unwrap();
    assert_eq!(summary.value, Some("draw"));
}

/// A directory ledger records each run as a session (one worker), and `status LEDGER --rules`
/// shows its parts and value, and says an unsolved row is open (exit 1) and a missing ledger
/// is an error (exit 2).
#[test]
fn a_directory_ledger_records_its_effort_and_shows_its_status() {
    let (row, ledger) = by_parts("5,5,4,1,1", &[], 1);
    let effort = row.effort.expect("the row's effort");
    assert_eq!(effort.workers, 1);
    assert_eq!(ledger.sessions.len(), 1);
    assert_eq!(effort.cpu_seconds, ledger.sessions[0].cpu_seconds);
    assert!(
        effort.wall_seconds > 0.0 && effort.wall_seconds < 120.0,
        "{effort:?}"
    );
    let dir = TempDir::new("status");
    let ledger_dir = dir.0.join("parts");
    std::fs::create_dir_all(&ledger_dir).unwrap();
    let r = Rules::parse("5,5,4,1,1").unwrap();
    parts::save(
        &parts::ledger_path(&ledger_dir, &parts::Root::empty(r)),
        &ledger,
    )
    .unwrap();
    let status = |rules: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_c6solve"))
            .args(["status", ledger_dir.to_str().unwrap(), "--rules", rules])
            .output()
            .unwrap()
    };
    let out = status("5,5,4,1,1");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{shown}");
    assert!(
        shown.contains("value      draw (6 of 6 first turns refuted)"),
        "{shown}"
    );
    assert!(
        shown.contains("done       6:") && shown.contains("open       0"),
        "{shown}"
    );
    assert!(shown.contains("effort     1 worker(s)"), "{shown}");
    // Half the parts: open, the rest listed as open.
    let mut half = ledger.clone();
    half.parts.truncate(3);
    parts::save(
        &parts::ledger_path(&ledger_dir, &parts::Root::empty(r)),
        &half,
    )
    .unwrap();
    let out = status("5,5,4,1,1");
    let shown = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(
        shown.contains("value      open (3 of 6 first turns refuted)"),
        "{shown}"
    );
    assert!(shown.contains("open       3:"), "{shown}");
    let out = status("6,5,4,1,1");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no ledger of 6,5,4,1,1"));
}

/// Runs the table by parts with `--part-nodes budget` and certificates, two part workers;
/// returns the row, the ledger and the directory (kept alive).
fn by_parts_split(rules: &str, budget: u64) -> (boards::Row, parts::Ledger, TempDir) {
    let r = Rules::parse(rules).unwrap();
    let dir = TempDir::new(&format!("split-{}", rules.replace(',', "_")));
    let mut opts = options(&r, &dir.0, &[], 2);
    opts.cert_dir = Some(dir.0.join("certs"));
    opts.part_nodes = Some(budget);
    boards::run(&opts, |_| {}).expect("table runs");
    let row = boards::load(&opts.json).unwrap()[0].clone();
    let ledger = parts::load(
        &parts::ledger_path(&dir.0.join("parts"), &parts::Root::empty(r)),
        &parts::Root::empty(r),
    )
    .unwrap();
    (row, ledger, dir)
}

#[test]
fn parts_split_automatically_compose_the_oracle_value_with_a_checked_certificate() {
    // Budgets far below what a first turn takes, so parts are split, and split again: a win
    // and a draw with one stone a turn, a loss and a draw with q != p (White's root part is
    // solved whole, Black's first turns split), a draw with two and one with three stones a
    // turn (splits inside a turn). Boards of more than 16 points are too large for the
    // oracle: checked by a direct solve.
    for (rules, budget) in [
        // Split down to single stones: children that end the game are settled by the board.
        ("3,3,3,1,1", 1),
        ("4,3,3,1,1", 20),
        ("5,4,4,1,1", 100),
        ("6,4,4,2,1", 200),
        ("4,4,4,2,1", 100),
        ("4,4,4,2,2", 500),
        ("4,4,4,3,2", 300),
    ] {
        let r = Rules::parse(rules).unwrap();
        let (row, ledger, _dir) = by_parts_split(rules, budget);
        let oracle_sized = r.width * r.height <= 16;
        if oracle_sized {
            let mut solver = oracle::Solver::new(game_of(&r));
            let want = match solver.value(&solver.game.start()) {
                Val::Win => Value::Win,
                Val::Draw => Value::Draw,
                Val::Loss => Value::Loss,
            };
            assert_eq!(row.value, want, "{rules}: {}", row.how);
            assert_parts_match(&mut solver, &r, &ledger);
        } else {
            let direct = solve(&c6solve::Position::new(r), &SolveOptions::default()).unwrap();
            assert_eq!(
                row.value.name(),
                direct.value.name(),
                "{rules}: {}",
                row.how
            );
        }
        assert!(!ledger.splits.is_empty(), "{rules}: something was split");
        for s in &ledger.splits {
            assert!(
                s.why.contains("not proven within --part-nodes"),
                "{}",
                s.why
            );
            assert!(!s.children.is_empty(), "{rules}: split '{}'", s.moves);
        }
        assert_certificate_checks(rules, &row);
    }
}

#[test]
fn a_split_ledger_lists_the_parts_below_its_splits_best_first() {
    // With one split of a first turn recorded and no parts, the open parts are the other
    // first turns and one child of the split (one White reply refuting Black is enough),
    // never the split part itself. Once that child is recorded as won by Black, the next
    // child is listed, and so on through every child.
    let r = Rules::parse("5,4,4,1,1").unwrap();
    let (_, ledger, _dir) = by_parts_split("5,4,4,1,1", 100);
    let split = ledger
        .splits
        .iter()
        .find(|s| s.goal == "hold" && !s.moves.contains(' '))
        .expect("a first turn was split");
    let mut only = ledger.clone();
    only.parts.clear();
    only.splits = vec![split.clone()];
    let prefix = format!("{} ", split.moves);
    let mut seen = Vec::new();
    loop {
        let open = parts::ordered_jobs(&parts::Root::empty(r), &only, &[], &Default::default(), 64);
        assert!(open.iter().all(|j| j.moves != split.moves));
        let below: Vec<_> = open
            .iter()
            .filter(|j| j.moves.starts_with(&prefix))
            .collect();
        let Some(job) = below.first() else {
            break;
        };
        assert_eq!(below.len(), 1, "one reply below the split at a time");
        let stone = &job.moves[prefix.len()..];
        assert!(!stone.contains(' '), "'{}' is one stone below", job.moves);
        assert!(!seen.contains(&stone.to_string()), "{stone} listed again");
        seen.push(stone.to_string());
        let mut won = ledger.parts[0].clone();
        won.moves = job.moves.clone();
        won.value = "win".into();
        only.parts.push(won);
    }
    seen.sort();
    let mut children: Vec<String> = split.children.iter().map(|c| c.stone.clone()).collect();
    children.sort();
    assert_eq!(seen, children, "every stone below the split is a part");
    // A part being solved is not listed again, and the split's subtree then waits for it.
    only.parts.clear();
    let first = parts::ordered_jobs(&parts::Root::empty(r), &only, &[], &Default::default(), 64);
    let busy = [first[0].moves.clone()].into_iter().collect();
    let rest = parts::ordered_jobs(&parts::Root::empty(r), &only, &[], &busy, 64);
    assert!(rest.iter().all(|j| j.moves != first[0].moves));
}

#[test]
fn a_recorded_answer_is_tried_first_below_a_split_first_turn_in_every_frame() {
    // On 8x8, White's D4 refuted Black's C3. Below Black's D4, split with nothing known of
    // its replies, the first reply listed is an image of D4 under the board's symmetries
    // (another centre point), not the first point of the board.
    let r = Rules::parse("8,8,5,1,1").unwrap();
    let (_, mut ledger, _dir) = by_parts_split("5,4,4,1,1", 100);
    let mut refuted = ledger.parts[0].clone();
    refuted.moves = "C3 D4".into();
    refuted.value = "no-win".into();
    let mut split = ledger.splits[0].clone();
    split.moves = "D4".into();
    split.goal = "hold".into();
    split.children.clear();
    ledger = parts::Ledger {
        parts: vec![refuted],
        splits: vec![split],
        ..parts::Ledger::empty(&parts::Root::empty(r))
    };
    let open = parts::ordered_jobs(
        &parts::Root::empty(r),
        &ledger,
        &[],
        &Default::default(),
        64,
    );
    let below: Vec<&str> = open
        .iter()
        .filter_map(|j| j.moves.strip_prefix("D4 "))
        .collect();
    assert_eq!(below.len(), 1, "{open:?}");
    assert!(["E4", "D5", "E5"].contains(&below[0]), "{below:?}");
}
