//! The bad-input table (issue 32): the CLI on a list of bad inputs, each of which must end
//! with a non-zero exit, exactly one line on stderr, nothing on stdout, no panic text, and
//! quickly (endless and huge inputs included: they are read only up to their kind's limit).
//!
//! `C6SOLVE_BAD_INPUT_TABLE=results/bad-input.md cargo test --release --test bad_input`
//! also writes the table (input, exit code, message) to that file.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The most any case may take: the inputs are all refused before any search.
const QUICK: Duration = Duration::from_secs(5);

fn run(dir: &Path, args: &[String]) -> (Option<i32>, String, String, Duration) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_c6solve"))
        .args(args)
        .current_dir(dir)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("the c6solve binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        start.elapsed(),
    )
}

/// A scratch directory, removed at the end.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const KILL: &str = "K10 J9 L9 K9 J7 K8 L7 L8 M6 J10 N6 G11 G9 F10 G12 G6 J6 H6 G7 K7 H5 G4 M9";

#[test]
fn bad_inputs_get_one_line_and_a_non_zero_exit() {
    let dir = std::env::temp_dir().join(format!("c6solve-bad-input-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("adir")).unwrap();
    let _scratch = Scratch(dir.clone());
    let w = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).unwrap();
    w(
        "garbage.bin",
        &[0x93, 0x11, 0xfe, 0x00, 0x42, 0x7f, 0x80, 0x01, 0xaa, 0x55],
    );
    w("empty.txt", b"");
    w("go.sgf", b"(;FF[4]GM[1]SZ[19];B[jj];W[jk])");
    w("broken.sgf", b"(;FF[4];B[jj];W[jk]");
    w("prose.sgf", b"this is not a game record\n");
    w("size.sgf", b"(;FF[4]SZ[15];B[jj])");
    w("after-six.sgf", b"(;FF[4]SZ[19];B[j10];W[a1a2];B[k10l10];W[a3a4];B[m10n10];W[a5a6];B[o10p10];W[a7a8];B[b1])");
    w("latin1.sgf", b"(;FF[4]C[\xe9t\xe9];B[jj])");
    w("diagram.txt", b"rules 19,19,6,2,1\nthis is no board\n");
    w("puzzles.puzzles", b"id: x\nrules: nonsense\n");
    w("table.tt", b"C6SOLVTT but damaged");
    w("ledger.json", b"{\"rules\": \"8,8,5,1,1\", \"parts\": []}");
    w("games.jsonl", b"{not json}\n");
    std::fs::File::create(dir.join("huge.sgf"))
        .unwrap()
        .set_len(5 << 20)
        .unwrap();
    // A certificate, then damaged copies of it.
    let (code, _, err, _) = run(
        &dir,
        &[
            "solve",
            "--rules",
            "tictactoe",
            "--proof",
            "t.cert",
            "--quiet",
        ]
        .map(String::from),
    );
    assert_eq!(code, Some(0), "{err}");
    let cert = std::fs::read(dir.join("t.cert")).unwrap();
    let mut flipped = cert.clone();
    let mid = 40.min(flipped.len() - 1);
    for b in &mut flipped[mid..] {
        *b ^= 0xa5;
    }
    w("damaged.cert", &flipped);
    w("truncated.cert", &cert[..cert.len() / 2]);

    let cases: &[&[&str]] = &[
        // Endless and huge inputs.
        &["solve", "--sgf", "/dev/zero"],
        &["solve", "--position", "/dev/urandom"],
        &["puzzles", "/dev/zero"],
        &["solve", "--sgf", "huge.sgf"],
        &["check", "/dev/zero"],
        &["check", "/dev/urandom"],
        &["harvest", "--games", "/dev/zero", "--out", "out.puzzles"],
        &["verify", "--games", "/dev/zero", "--out", "out.md"],
        &["show", "--proof", "/dev/urandom"],
        // Outputs refused before any work.
        &[
            "solve",
            "--rules",
            "7,7,5,1,1",
            "--proof",
            "/nonexistent/dir/x.cert",
        ],
        &[
            "solve",
            "--rules",
            "7,7,5,1,1",
            "--sgf-out",
            "/nonexistent/dir/x.sgf",
        ],
        &["solve", "--rules", "7,7,5,1,1", "--proof", "adir"],
        &["solve", "--rules", "7,7,5,1,1", "--proof", "/dev/null"],
        &[
            "solve",
            "--rules",
            "7,7,5,1,1",
            "--tt",
            "x.tt",
            "--proof",
            "x.tt",
        ],
        &[
            "solve",
            "--rules",
            "7,7,5,1,1",
            "--tt",
            "x.tt",
            "--sgf-out",
            "./x.tt.ckpt",
        ],
        &[
            "solve",
            "--sgf",
            "after-six.sgf",
            "--proof",
            "after-six.sgf",
        ],
        &[
            "solve",
            "--rules",
            "7,7,5,1,1",
            "--proof",
            "o.cert",
            "--sgf-out",
            "adir/../o.cert",
        ],
        &["show", "--moves", "K10", "--svg", "/nonexistent/dir/x.svg"],
        &["show", "--moves", "K10", "--svg", "adir"],
        &["puzzles", "puzzles.puzzles", "--report", "puzzles.puzzles"],
        // Certificates.
        &["check", "damaged.cert"],
        &["check", "truncated.cert"],
        &["check", "garbage.bin"],
        &["check", "missing.cert"],
        &["check", "adir"],
        &["show", "--proof", "damaged.cert"],
        // status.
        &["status", "garbage.bin"],
        &["status", "/dev/null"],
        &["status", "/dev/null", "--json"],
        &["status", "t.cert"],
        &["status", "ledger.json"],
        &["status", "adir"],
        &["status", "missing.tt"],
        // Moves, lines and records.
        &["solve", "--moves", ""],
        &["solve", "--moves", "   "],
        &["solve", "--moves", "Z9"],
        &["solve", "--moves", "K10 K10"],
        &[
            "solve",
            "--rules",
            "6,6,3,1,1",
            "--moves",
            "A1 A2 B1 B2 C1 C2",
        ],
        &["solve", "--sgf", "go.sgf"],
        &["solve", "--sgf", "broken.sgf"],
        &["solve", "--sgf", "prose.sgf"],
        &["solve", "--sgf", "size.sgf"],
        &["solve", "--sgf", "latin1.sgf"],
        &["solve", "--sgf", "missing.sgf"],
        &["solve", "--position", "diagram.txt"],
        &["solve", "--position", "empty.txt"],
        &["verify", "--moves", KILL, "--line", ""],
        &["verify", "--moves", KILL, "--line", "Z9 A1"],
        &["verify", "--moves", KILL, "--line", "H8 H9 A1"],
        &["show", "--moves", KILL, "--line", "K10 K10"],
        &["solve", "--tt", "table.tt", "--rules", "7,7,5,1,1"],
        &["puzzles", "puzzles.puzzles"],
        &["puzzles", "missing.puzzles"],
        &["harvest", "--games", "games.jsonl", "--out", "out.puzzles"],
        // Options.
        &["solve", "--rules", "0,0,0,0,0"],
        &["solve", "--rules", "garbage"],
        &["solve", "--tt-size", "999999999"],
        &["solve", "--tt-size", "0"],
        &["solve", "--time-limit", "-1"],
        &["solve", "--nodes", "0"],
        &["solve", "--moves", "K10", "--sgf", "go.sgf"],
        &["solve", "--frobnicate"],
        // Options that mean nothing without another (clap's `requires` alone let some by).
        &["verify", "--moves", KILL, "--line", "H8 H9", "--limit", "3"],
        &["verify", "--moves", KILL, "--line", "H8 H9", "--jobs", "2"],
        &["verify", "--games", "games.jsonl", "--jobs", "0"],
        &[
            "verify",
            "--games",
            "games.jsonl",
            "--jobs",
            "1024",
            "--tt-size",
            "4096",
        ],
        &["solve", "--moves", "K10", "--part-workers", "2"],
        &[
            "table",
            "--rules",
            "4,4,3,2,1",
            "--by-parts",
            "pdir",
            "--part-workers",
            "1024",
            "--tt-size",
            "4096",
        ],
        &["solve", "--moves", "K10", "--sgf-max-nodes", "5"],
        &["show", "--moves", "K10", "--html-max-nodes", "5"],
    ];
    let mut table = String::from(
        "# Bad input: one line, non-zero exit\n\n\
         Generated by `tests/bad_input.rs` (`C6SOLVE_BAD_INPUT_TABLE=results/bad-input.md \
         cargo test --release --test bad_input`). Each input is refused with exactly one line \
         on stderr, nothing on stdout and no panic, in under 5 s. Relative files are made by \
         the test in a scratch directory.\n\n\
         | input | exit | message |\n|---|---|---|\n",
    );
    let mut problems = Vec::new();
    for case in cases {
        let args: Vec<String> = case.iter().map(|s| s.to_string()).collect();
        let (code, stdout, stderr, took) = run(&dir, &args);
        let shown = args
            .iter()
            .map(|a| {
                if a.is_empty() || a.contains(' ') {
                    format!("\"{a}\"")
                } else {
                    a.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
        let lines: Vec<&str> = stderr.lines().collect();
        let mut wrong = Vec::new();
        if code.is_none_or(|c| c == 0) {
            wrong.push(format!("exit {code:?}"));
        }
        if !stdout.is_empty() {
            wrong.push(format!("stdout {stdout:?}"));
        }
        if lines.len() != 1 {
            wrong.push(format!("{} lines on stderr: {stderr:?}", lines.len()));
        }
        if stderr.contains("panicked") || stderr.contains("backtrace") || stderr.contains("{ ") {
            wrong.push(format!("panic or Debug text: {stderr:?}"));
        }
        if took > QUICK {
            wrong.push(format!("took {took:?}"));
        }
        if !wrong.is_empty() {
            problems.push(format!("c6solve {shown}: {}", wrong.join("; ")));
        }
        let message = stderr.trim().replace('|', "\\|");
        table.push_str(&format!(
            "| `c6solve {}` | {} | {} |\n",
            shown.replace('|', "\\|"),
            code.map_or("signal".into(), |c| c.to_string()),
            message
        ));
    }
    if let Ok(path) = std::env::var("C6SOLVE_BAD_INPUT_TABLE") {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        std::fs::write(&path, &table).unwrap();
    }
    assert!(cases.len() >= 50);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
