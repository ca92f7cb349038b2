//! The PostgreSQL ledger of `table --by-parts URL`: three worker processes (the real binary)
//! on one row, one killed with SIGKILL while it holds a part; the others finish, the killed
//! part is claimed again only after its lease expired, and the composed row agrees with the
//! directory ledger's, the small-board table's and a direct solve's, with a joined
//! certificate the checker accepts. A tampered result row or certificate is refused when the
//! row is composed; a wrong or unreachable URL is one line and a non-zero exit. A directory
//! ledger imported with `--import-ledger` is checked (a changed certificate refused) and
//! continued.
//!
//! The server: `C6SOLVE_TEST_PG_URL`, or a cluster each test makes with `initdb` (see
//! `common::pg`).

mod common;

use common::pg::{Server, with_database};
use common::{TempDir, run, text};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A draw whose eight first turns take about a second each: long enough to kill a worker
/// while it holds one.
const ROW: &str = "7,4,4,1,1";

/// `table` by parts over `ledger`, with its own table files and certificates in `dir` (as a
/// worker on a machine of its own), one search thread, three-second leases (renewed every
/// second: a loaded machine still renews in time).
fn table_args(ledger: &str, dir: &TempDir, rules: &str) -> Vec<String> {
    [
        "table",
        "--rules",
        rules,
        "--by-parts",
        ledger,
        "--json",
        &dir.file("t.json").display().to_string(),
        "--md",
        &dir.file("t.md").display().to_string(),
        "--certificates",
        &dir.file("certs").display().to_string(),
        "--tt-size",
        "32",
        "--threads",
        "1",
        "--lease-seconds",
        "3",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn worker(url: &str, dir: &TempDir) -> Child {
    Command::new(env!("CARGO_BIN_EXE_c6solve"))
        .args(table_args(url, dir, ROW))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start a worker")
}

/// The value of the row in a table file.
fn row_of(dir: &TempDir) -> serde_json::Value {
    let text = std::fs::read_to_string(dir.file("t.json")).expect("the table file");
    let rows: serde_json::Value = serde_json::from_str(&text).unwrap();
    rows[0].clone()
}

/// `run` over owned arguments.
fn run_args(args: &[String]) -> std::process::Output {
    run(&args.iter().map(|s| s.as_str()).collect::<Vec<_>>())
}

/// The one number `sql` selects.
fn count(db: &mut postgres::Client, sql: &str) -> i64 {
    db.query_one(sql, &[]).unwrap().get(0)
}

/// Asserts the row in `dir`'s table file is a draw with a certificate the checker accepts.
fn assert_checked_draw(dir: &TempDir) {
    let row = row_of(dir);
    assert_eq!(row["value"], "draw", "{row}");
    let file = row["certificate"].as_str().expect("a certificate");
    let check = run(&["check", file]);
    assert!(check.status.success(), "{}", text(&check.stderr));
}

#[test]
fn urls_name_their_database() {
    assert_eq!(
        with_database("postgresql:///postgres?host=/tmp/x&user=c6", "t1"),
        "postgresql:///t1?host=/tmp/x&user=c6"
    );
    assert_eq!(
        with_database("postgresql://me@h:5432/postgres", "t1"),
        "postgresql://me@h:5432/t1"
    );
}

#[test]
fn three_workers_one_killed_compose_the_row_of_one() {
    let server = Server::start("kill");
    let mut db = server.client();

    // The directory ledger's value, for comparison.
    let alone = TempDir::new("alone");
    let parts_dir = alone.file("parts").display().to_string();
    let out = run(&table_args(&parts_dir, &alone, ROW)
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let dir_value = row_of(&alone)["value"].clone();

    // Worker 1 alone, killed (SIGKILL) the moment it holds a part.
    let (w1, w2, w3) = (TempDir::new("w1"), TempDir::new("w2"), TempDir::new("w3"));
    let mut first = worker(&server.url, &w1);
    let me = format!("%:{}", first.id());
    let start = Instant::now();
    let killed = loop {
        let held = db
            .query_opt(
                "SELECT moves FROM c6solve_parts WHERE state = 'running' AND worker LIKE $1",
                &[&me],
            )
            .ok()
            .flatten();
        if let Some(row) = held {
            first.kill().expect("SIGKILL worker 1");
            first.wait().unwrap();
            break row.get::<_, String>(0);
        }
        assert!(
            first.try_wait().unwrap().is_none(),
            "worker 1 ended before it was seen holding a part"
        );
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "worker 1 never claimed a part"
        );
        std::thread::sleep(Duration::from_millis(5));
    };
    // Its claim outlives it until the lease expires.
    let state: String = db
        .query_one(
            "SELECT state FROM c6solve_parts WHERE moves = $1",
            &[&killed],
        )
        .unwrap()
        .get(0);
    assert_eq!(
        state, "running",
        "part {killed} is still claimed by the dead worker"
    );
    let status = run(&["status", &server.url, "--rules", ROW]);
    let shown = text(&status.stdout);
    assert!(shown.contains("running    1"), "{shown}");
    assert!(shown.contains(&format!("{killed} on ")), "{shown}");

    // Two more workers finish the row.
    let (second, third) = (worker(&server.url, &w2), worker(&server.url, &w3));
    for (name, w) in [("worker 2", second), ("worker 3", third)] {
        let out = w.wait_with_output().unwrap();
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
    }

    // Every part proven once, the killed one claimed again after its lease expired, no other
    // claimed twice.
    let rows = db
        .query(
            "SELECT moves, state, claims FROM c6solve_parts ORDER BY moves",
            &[],
        )
        .unwrap();
    assert_eq!(rows.len(), 8, "the eight first turns of {ROW}");
    for r in &rows {
        let (moves, state, claims): (String, String, i32) = (r.get(0), r.get(1), r.get(2));
        assert_eq!(state, "done", "{moves}");
        let want = if moves == killed { 2 } else { 1 };
        assert_eq!(claims, want, "part {moves} claimed {claims} times");
    }

    // The value: the same from both workers' tables, the directory ledger, the small-board
    // table and a direct solve.
    let table: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/results/small-boards.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let published = table
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rules"] == ROW)
        .expect("the row in the small-board table")["value"]
        .clone();
    let rules = c6solve::Rules::parse(ROW).unwrap();
    let direct = c6solve::solve(
        &c6solve::Position::new(rules),
        &c6solve::SolveOptions {
            tt_mib: 32,
            ..Default::default()
        },
    )
    .unwrap();
    for w in [&w2, &w3] {
        let row = row_of(w);
        assert_eq!(row["value"], dir_value, "{}", row["how"]);
        assert_eq!(row["value"], published);
        assert_eq!(row["value"].as_str(), Some(direct.value.name()));
        let effort = &row["effort"];
        assert_eq!(effort["workers"], 3, "{effort}");
        assert!(effort["cpu_seconds"].as_f64().unwrap() > 0.0, "{effort}");
        assert!(effort["wall_seconds"].as_f64().unwrap() > 0.0, "{effort}");
        let cert = row["certificate"].as_str().expect("a joined certificate");
        let check = run(&["check", cert]);
        assert!(
            check.status.success() && text(&check.stdout).starts_with("valid"),
            "{}{}",
            text(&check.stdout),
            text(&check.stderr)
        );
    }
    let status = run(&["status", &server.url, "--rules", ROW]);
    let shown = text(&status.stdout);
    assert!(status.status.success(), "{shown}");
    assert!(
        shown.contains("value      draw (8 of 8 first turns refuted)"),
        "{shown}"
    );
    assert!(
        shown.contains("done       8:") && shown.contains("running    0"),
        "{shown}"
    );
    assert!(shown.contains("effort     3 worker(s)"), "{shown}");
    let status = run(&["status", &server.url, "--rules", ROW, "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&status.stdout).expect("one JSON object");
    assert_eq!(json["value"], "draw");
    assert_eq!(json["done"].as_array().map(|d| d.len()), Some(8));
    assert_eq!(json["effort"]["workers"], 3);
}

/// Composes `rules` again from the ledger into a fresh table: the run's output.
fn compose(url: &str, rules: &str) -> std::process::Output {
    let dir = TempDir::new("compose");
    run(&table_args(url, &dir, rules)
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>())
}

/// Asserts a refusal: non-zero exit, one line on stderr saying `why`, no row written.
fn assert_refused(out: &std::process::Output, why: &str) {
    let err = text(&out.stderr);
    assert!(!out.status.success(), "accepted: {err}");
    let line: Vec<&str> = err.lines().filter(|l| l.starts_with("c6solve:")).collect();
    assert_eq!(line.len(), 1, "{err}");
    assert!(line[0].contains(why), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_tampered_result_row_or_certificate_is_refused() {
    let rules = "5,5,4,1,1";
    let server = Server::start("tamper");
    let mut db = server.client();
    let out = compose(&server.url, rules);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        compose(&server.url, rules).status.success(),
        "composed again as it is"
    );

    let before = db
        .query_one(
            "SELECT value, record, certificate, certificate_sha256 FROM c6solve_parts
             WHERE moves = 'B1'",
            &[],
        )
        .unwrap();
    let (value, record, cert, sha): (String, String, Vec<u8>, String) =
        (before.get(0), before.get(1), before.get(2), before.get(3));
    let restore = |db: &mut postgres::Client| {
        db.execute(
            "UPDATE c6solve_parts SET value = $1, record = $2, certificate = $3,
                 certificate_sha256 = $4 WHERE moves = 'B1'",
            &[&value, &record, &cert, &sha],
        )
        .unwrap();
    };

    // One byte of the certificate changed.
    let mut flipped = cert.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    db.execute(
        "UPDATE c6solve_parts SET certificate = $1 WHERE moves = 'B1'",
        &[&flipped],
    )
    .unwrap();
    assert_refused(
        &compose(&server.url, rules),
        "does not have the SHA-256 the ledger recorded",
    );
    let status = run(&["status", &server.url, "--rules", rules]);
    assert!(
        text(&status.stdout).contains("TAMPERED"),
        "{}",
        text(&status.stdout)
    );
    restore(&mut db);

    // The value turned, in the column and the record alike.
    let turned = record.replace("\"no-loss\"", "\"loss\"");
    db.execute(
        "UPDATE c6solve_parts SET value = 'loss', record = $1 WHERE moves = 'B1'",
        &[&turned],
    )
    .unwrap();
    assert_refused(
        &compose(&server.url, rules),
        "its certificate proves no-loss, not loss",
    );
    restore(&mut db);

    // The value column alone.
    db.execute(
        "UPDATE c6solve_parts SET value = 'loss' WHERE moves = 'B1'",
        &[],
    )
    .unwrap();
    assert_refused(
        &compose(&server.url, rules),
        "does not match its moves and value",
    );
    restore(&mut db);

    // Another part's certificate, with its SHA-256 in the row and the record.
    let other = db
        .query_one(
            "SELECT certificate, certificate_sha256 FROM c6solve_parts WHERE moves = 'C3'",
            &[],
        )
        .unwrap();
    let (other_cert, other_sha): (Vec<u8>, String) = (other.get(0), other.get(1));
    db.execute(
        "UPDATE c6solve_parts SET certificate = $1, certificate_sha256 = $2, record = $3
         WHERE moves = 'B1'",
        &[&other_cert, &other_sha, &record.replace(&sha, &other_sha)],
    )
    .unwrap();
    assert_refused(
        &compose(&server.url, rules),
        "its certificate is for another position",
    );
    restore(&mut db);

    // The SHA-256 of the row changed.
    db.execute(
        "UPDATE c6solve_parts SET certificate_sha256 = $1 WHERE moves = 'B1'",
        &[&"0".repeat(64)],
    )
    .unwrap();
    assert_refused(
        &compose(&server.url, rules),
        "is not the one its record holds",
    );
    restore(&mut db);

    assert!(
        compose(&server.url, rules).status.success(),
        "restored, composed again"
    );

    // A schema newer than this c6solve knows is refused, not written over.
    db.execute("UPDATE c6solve_schema_version SET version = 99", &[])
        .unwrap();
    assert_refused(&compose(&server.url, rules), "schema version 99 is newer");
}

#[test]
fn a_wrong_or_unreachable_url_is_one_line() {
    let dir = TempDir::new("badurl");
    for (url, why) in [
        (
            "postgresql://127.0.0.1:1/c6",
            "cannot connect to the ledger",
        ),
        (
            &*format!(
                "postgresql:///c6?host={}",
                dir.file("no-socket-here").display()
            ),
            "cannot connect to the ledger",
        ),
        ("postgresql://[::1/c6", "--by-parts"),
    ] {
        let out = run(&table_args(url, &dir, "5,5,4,1,1")
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>());
        assert_refused(&out, why);
        let out = run(&["status", url, "--rules", "5,5,4,1,1"]);
        assert_refused(&out, why);
    }
}

/// `--part-workers 2`: two claim loops in one process share the parts out like two processes
/// (each part claimed once) and count as one worker.
#[test]
fn claim_loops_in_one_process_share_the_parts() {
    let server = Server::start("loops");
    let dir = TempDir::new("loops");
    let mut args = table_args(&server.url, &dir, ROW);
    args.extend(["--part-workers".to_string(), "2".to_string()]);
    let out = run(&args.iter().map(|s| s.as_str()).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let row = row_of(&dir);
    assert_eq!(row["value"], "draw", "{}", row["how"]);
    assert_eq!(row["effort"]["workers"], 1);
    let mut db = server.client();
    let claims: Vec<i32> = db
        .query("SELECT claims FROM c6solve_parts WHERE state = 'done'", &[])
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(claims, vec![1; 8]);
}

#[test]
fn two_workers_split_parts_automatically_and_compose_the_oracle_value() {
    // 5,5,4,1,1 (a draw) with a budget far below a first turn's: both workers split parts
    // (state 'split', with why) and solve the parts below, and the row composes to a draw
    // with a joined certificate the checker accepts; `status` lists the splits.
    let rules = "5,5,4,1,1";
    let server = Server::start("split");
    let mut db = server.client();
    let (w1, w2) = (TempDir::new("s1"), TempDir::new("s2"));
    let start = |dir: &TempDir| {
        let mut args = table_args(&server.url, dir, rules);
        args.extend(["--part-nodes".to_string(), "300".to_string()]);
        Command::new(env!("CARGO_BIN_EXE_c6solve"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start a worker")
    };
    let (a, b) = (start(&w1), start(&w2));
    for (w, dir) in [(a, &w1), (b, &w2)] {
        let out = w.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_checked_draw(dir);
    }
    let splits = count(
        &mut db,
        "SELECT count(*) FROM c6solve_parts WHERE state = 'split'",
    );
    assert!(splits > 0, "parts were split");
    let why: String = db
        .query_one(
            "SELECT split FROM c6solve_parts WHERE state = 'split' LIMIT 1",
            &[],
        )
        .unwrap()
        .get(0);
    assert!(why.contains("not proven within --part-nodes 300"), "{why}");
    let workers: i64 = db
        .query_one(
            "SELECT count(DISTINCT worker) FROM c6solve_parts WHERE state IN ('done', 'split')",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(workers, 2, "both workers solved parts");
    let status = run(&["status", &server.url, "--rules", rules]);
    assert!(
        text(&status.stdout).contains("auto-split"),
        "{}",
        text(&status.stdout)
    );
}

#[test]
fn two_solves_of_a_position_share_its_parts_beside_the_empty_boards_row() {
    // Two `solve --by-parts URL --moves` processes on 5,5,4,1,1 after C3 B2 (Black to move,
    // a draw): both print the composed value with a certificate the checker accepts; the
    // position's parts are keyed by their root, so the empty board's row in the same
    // database is a row of its own.
    let (rules, moves) = ("5,5,4,1,1", "C3 B2");
    let server = Server::start("position");
    let mut db = server.client();
    let (w1, w2) = (TempDir::new("p1"), TempDir::new("p2"));
    let start = |dir: &TempDir| {
        Command::new(env!("CARGO_BIN_EXE_c6solve"))
            .args(["solve", "--rules", rules, "--moves", moves, "--json"])
            .args(["--by-parts", &server.url, "--part-certificates", dir.path()])
            .args(["--tt-size", "16", "--threads", "1", "--part-nodes", "2000"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start a worker")
    };
    let (a, b) = (start(&w1), start(&w2));
    for w in [a, b] {
        let out = w.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        let row: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one object");
        assert_eq!(row["value"], "draw", "{row}");
        assert_eq!(row["rules"], "5,5,4,1,1@C3 B2", "{row}");
        let file = row["certificate"].as_str().expect("a certificate");
        let check = run(&["check", file]);
        assert!(check.status.success(), "{}", text(&check.stderr));
        assert!(
            text(&check.stdout).contains("1 Black and 1 White stone(s), Black to move"),
            "{}",
            text(&check.stdout)
        );
    }
    let keys: Vec<String> = db
        .query("SELECT DISTINCT rules FROM c6solve_parts", &[])
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(keys, ["5,5,4,1,1@C3 B2"]);
    let below: i64 = db
        .query_one(
            "SELECT count(*) FROM c6solve_parts WHERE moves NOT LIKE 'C3 B2%'",
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(below, 0, "every part lies below the root");
    // The empty board's row in the same database starts from nothing.
    let status = run(&["status", &server.url, "--rules", rules, "--json"]);
    let shown: serde_json::Value = serde_json::from_slice(&status.stdout).unwrap();
    assert!(shown["done"].as_array().unwrap().is_empty(), "{shown}");
    let status = run(&["status", &server.url, "--rules", rules, "--moves", moves]);
    assert!(
        text(&status.stdout).contains("draw"),
        "{}",
        text(&status.stdout)
    );
}

#[test]
fn a_directory_ledger_is_imported_checked_and_continued() {
    // 5,5,4,1,1 by parts in a directory ledger (split at 300 nodes), then only its splits and
    // its first half of parts imported into the database: the worker there solves the rest
    // and composes the same draw, with a joined certificate the checker accepts. A
    // certificate whose bytes changed is refused at the import, with nothing imported; so is
    // an import into a directory ledger.
    let rules = "5,5,4,1,1";
    let server = Server::start("import");
    let mut db = server.client();
    let first = TempDir::new("dir-run");
    let ledger_dir = first.file("parts").display().to_string();
    let mut args = table_args(&ledger_dir, &first, rules);
    args.extend(["--part-nodes".to_string(), "300".to_string()]);
    let out = run_args(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(row_of(&first)["value"], "draw");
    let file = first.file("parts").join("5_5_4_1_1.json");
    let mut ledger: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let splits = ledger["splits"].as_array().unwrap().len();
    assert!(splits > 0, "the directory run split parts");

    // Half the parts, as if the directory run had stopped there.
    let parts = ledger["parts"].as_array_mut().unwrap();
    let kept = parts.len() / 2;
    assert!(kept > 0, "{parts:?}");
    parts.truncate(kept);
    let half = TempDir::new("half");
    std::fs::create_dir_all(half.file("parts")).unwrap();
    let half_file = half.file("parts").join("5_5_4_1_1.json");
    std::fs::write(&half_file, ledger.to_string()).unwrap();
    let half_dir = half.file("parts").display().to_string();

    // A certificate changed by one byte: refused, nothing imported.
    let cert = ledger["parts"][0]["certificate"]
        .as_str()
        .unwrap()
        .to_string();
    let good = std::fs::read(&cert).unwrap();
    let mut flipped = good.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    std::fs::write(&cert, &flipped).unwrap();
    let second = TempDir::new("pg-run");
    let mut args = table_args(&server.url, &second, rules);
    args.extend(["--import-ledger".to_string(), half_dir.clone()]);
    let refused = run_args(&args);
    assert_refused(&refused, "does not have the SHA-256 the ledger recorded");
    assert_eq!(
        count(&mut db, "SELECT count(*) FROM c6solve_parts"),
        0,
        "nothing imported"
    );
    std::fs::write(&cert, &good).unwrap();

    // Into a directory ledger: refused before anything is solved.
    let elsewhere = TempDir::new("d");
    let mut into_dir = table_args(elsewhere.path(), &second, rules);
    into_dir.extend(["--import-ledger".to_string(), half_dir.clone()]);
    assert_refused(&run_args(&into_dir), "imported into a postgresql://");

    let out = run_args(&args);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(&format!("imported {kept} parts and {splits} splits")),
        "{err}"
    );
    assert_checked_draw(&second);
    let imported = count(
        &mut db,
        "SELECT count(*) FROM c6solve_parts WHERE worker = 'import'",
    );
    assert_eq!(imported as usize, kept + splits);
    let solved_here = count(
        &mut db,
        "SELECT count(*) FROM c6solve_parts WHERE state = 'done' AND worker <> 'import'",
    );
    assert!(solved_here > 0, "the worker solved the parts not imported");

    // Importing again (another worker's files) adds nothing: the database keeps what it
    // holds.
    let third = TempDir::new("pg-again");
    let mut args = table_args(&server.url, &third, rules);
    args.extend(["--import-ledger".to_string(), half_dir]);
    let again = run_args(&args);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(
        text(&again.stderr).contains("imported 0 parts and 0 splits"),
        "{}",
        text(&again.stderr)
    );
}
