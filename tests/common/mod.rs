//! Helpers shared by the integration tests: running the `c6solve` binary and reading what it
//! printed, the contract for bad input, JSON reports, positions from move lists, and
//! temporary files and directories that remove themselves; a seeded random generator
//! ([`rng::Rng`]); and the independent minimax oracle (`tests/oracle`) with the one bridge
//! from the library's rules to its game.
//!
//! Each test file that needs them says `mod common;`. Not every file uses every helper, so
//! unused ones are allowed here rather than in each file.

#![allow(dead_code)]

pub mod pg;

#[path = "../oracle/mod.rs"]
pub mod oracle;
pub mod rng;

use c6solve::notation::parse_moves;
use c6solve::{Position, Rules};
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

// ---------------------------------------------------------------------------------------------
// Running the program
// ---------------------------------------------------------------------------------------------

/// Runs the binary with `args`. `RUST_BACKTRACE=1` is set so that a panic, if one slipped
/// through, would print a backtrace that `assert_bad_input` then catches.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_c6solve"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("the c6solve binary runs")
}

/// The bytes of stdout or stderr as text (invalid UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Checks the contract for bad input against the result of `c6solve {args}`: exit code 2,
/// nothing on stdout, exactly one non-empty line on stderr, no panic or backtrace, and that
/// line contains `keyword` (which names the problem, taken from the message in the source).
/// Returns what is wrong, or `None` when the contract holds.
pub fn bad_input_problem(args: &[&str], out: &Output, keyword: &str) -> Option<String> {
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let what = format!("c6solve {args:?}\nstdout: {stdout:?}\nstderr: {stderr:?}");
    if out.status.code() != Some(2) {
        return Some(format!(
            "exit code {:?}, not 2, for {what}",
            out.status.code()
        ));
    }
    if !stdout.is_empty() {
        return Some(format!("stdout must be empty for {what}"));
    }
    let lines: Vec<&str> = stderr.lines().collect();
    if lines.len() != 1 {
        return Some(format!("stderr must be exactly one line for {what}"));
    }
    let line = lines[0];
    if !(line.starts_with("c6solve: ") && line.len() > "c6solve: ".len()) {
        return Some(format!("the line must be a c6solve message for {what}"));
    }
    for bad in ["panicked", "RUST_BACKTRACE", "backtrace", "internal error"] {
        if stderr.contains(bad) {
            return Some(format!("'{bad}' on stderr for {what}"));
        }
    }
    if !line.contains(keyword) {
        return Some(format!("the message should contain '{keyword}' for {what}"));
    }
    None
}

/// Runs `c6solve {args}` and asserts the contract for bad input (see [`bad_input_problem`]).
pub fn assert_bad_input(args: &[&str], keyword: &str) {
    if let Some(problem) = bad_input_problem(args, &run(args), keyword) {
        panic!("{problem}");
    }
}

/// Runs a command that must succeed; returns stdout.
pub fn ok_stdout(args: &[&str]) -> String {
    let out = run(args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "c6solve {args:?}: {stderr}");
    assert!(stderr.is_empty(), "c6solve {args:?}: {stderr}");
    stdout
}

/// Runs a command that must succeed with `--json` output and returns its one JSON object
/// (stdout holds that object and nothing else; stderr is not looked at).
pub fn program_json(args: &[&str]) -> Map<String, Value> {
    let out = run(args);
    let stdout = text(&out.stdout);
    assert!(
        out.status.success(),
        "{args:?}: {stdout} {}",
        text(&out.stderr)
    );
    match serde_json::from_str(&stdout).unwrap() {
        Value::Object(m) => m,
        v => panic!("not an object: {v}"),
    }
}

/// Runs a `solve --json` command that must succeed; returns the one JSON object after
/// checking that stderr is empty and that the report has exactly its fields, of their types.
pub fn solve_json(args: &[&str]) -> Map<String, Value> {
    let out = run(args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let what = format!("c6solve {args:?}\nstdout: {stdout:?}\nstderr: {stderr:?}");
    assert_eq!(out.status.code(), Some(0), "exit code for {what}");
    assert!(stderr.is_empty(), "stderr must be empty for {what}");
    // Exactly one JSON value on stdout, and nothing else.
    let values: Vec<Value> = serde_json::Deserializer::from_str(&stdout)
        .into_iter::<Value>()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}) for {what}"));
    assert_eq!(values.len(), 1, "exactly one JSON value for {what}");
    let Value::Object(obj) = values.into_iter().next().unwrap() else {
        panic!("the JSON value must be an object for {what}");
    };
    let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "best",
            "checkpoint",
            "interrupted",
            "nodes",
            "resumed",
            "rules",
            "seconds",
            "stones_left",
            "threads",
            "to_move",
            "total_nodes",
            "total_seconds",
            "value"
        ],
        "fields of {what}"
    );
    let rules = obj["rules"].as_str().expect("rules is a string");
    let parts: Vec<&str> = rules.split(',').collect();
    assert!(
        parts.len() == 5 && parts.iter().all(|p| p.parse::<u16>().is_ok()),
        "rules must be m,n,k,p,q: {what}"
    );
    assert!(
        matches!(obj["to_move"].as_str(), Some("black" | "white")),
        "to_move: {what}"
    );
    assert!(obj["stones_left"].is_u64(), "stones_left: {what}");
    assert!(
        matches!(
            obj["value"].as_str(),
            Some("win" | "loss" | "draw" | "no-win" | "unknown")
        ),
        "value: {what}"
    );
    let best = obj["best"].as_array().expect("best is an array");
    assert!(
        best.iter().all(Value::is_string),
        "best holds strings: {what}"
    );
    assert!(obj["nodes"].is_u64(), "nodes: {what}");
    assert!(
        obj["threads"].as_u64().is_some_and(|t| t >= 1),
        "threads: {what}"
    );
    assert!(obj["resumed"].is_boolean(), "resumed: {what}");
    assert_eq!(obj["interrupted"], false, "interrupted: {what}");
    assert!(
        obj["total_nodes"].as_u64() >= obj["nodes"].as_u64(),
        "total_nodes: {what}"
    );
    assert!(
        obj["checkpoint"].is_null() || obj["checkpoint"].is_string(),
        "checkpoint: {what}"
    );
    assert!(
        obj["seconds"].as_f64().is_some_and(|s| s >= 0.0),
        "seconds: {what}"
    );
    obj
}

// ---------------------------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------------------------

/// The position after `moves` (Go-style points in play order) under `rules` (`m,n,k,p,q`
/// or a name); panics if either is bad, as a test's own input must not be.
pub fn position(rules: &str, moves: &str) -> Position {
    let r = Rules::parse(rules).expect("test rules parse");
    let cells = parse_moves(&r, moves).expect("test moves parse");
    Position::from_moves(r, &cells).expect("test moves are legal")
}

/// The oracle's game for `r` (the oracle itself uses nothing from the library).
pub fn game_of(r: &Rules) -> oracle::Game {
    oracle::Game {
        w: r.width as usize,
        h: r.height as usize,
        k: r.k as usize,
        p: r.p as u8,
        q: r.q as u8,
    }
}

// ---------------------------------------------------------------------------------------------
// Temporary files
// ---------------------------------------------------------------------------------------------

/// A path in the system temp directory that no other test of any running test binary uses:
/// the process id and a counter make it unique, `name` makes it readable.
fn unique_temp_path(name: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let unique = format!(
        "c6solve-test-{}-{}-{name}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    std::env::temp_dir().join(unique)
}

/// A file in the system temp directory, removed when dropped.
pub struct TempFile(pub PathBuf);

impl TempFile {
    /// A new file holding `contents`; its name ends with `name`.
    pub fn new(name: &str, contents: impl AsRef<[u8]>) -> TempFile {
        let path = unique_temp_path(name);
        std::fs::write(&path, contents).expect("write a temp file");
        TempFile(path)
    }

    /// The file's path as text, for command lines.
    pub fn path(&self) -> &str {
        self.0.to_str().expect("temp path is UTF-8")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A fresh, empty directory under the system temp directory, removed with its contents
/// when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A new empty directory; its name ends with `name`.
    pub fn new(name: &str) -> TempDir {
        let path = unique_temp_path(name);
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create a temp dir");
        TempDir(path)
    }

    /// The directory's path as text, for command lines.
    pub fn path(&self) -> &str {
        self.0.to_str().expect("temp path is UTF-8")
    }

    /// The path of `name` inside the directory.
    pub fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A path in the temp directory that does not exist.
pub fn missing_path() -> String {
    let p = unique_temp_path("missing.sgf");
    assert!(!Path::new(&p).exists());
    p.to_str().unwrap().to_string()
}
