//! The `c6solve` command line, run as a program: exit codes, what goes to stdout and stderr,
//! the JSON report, and positions read from move lists, SGF files and diagrams.
//!
//! The library's own tests check parsing and solving in detail; these check what a user sees.
//! Every bad input must give exit code 2, nothing on stdout and exactly one line on stderr that
//! names the problem (no panic, no backtrace). Good input gives exit code 0 and either the
//! board and text or exactly one JSON object.
//!
//! Every case runs in well under a second except `default_puzzle_is_a_black_win`, which solves
//! the built-in Connect6 puzzle (about 8–20 s with the test profile's opt-level 3).

mod common;

use c6solve::proof::Node;
use common::{
    TempDir, TempFile, assert_bad_input, bad_input_problem, missing_path, ok_stdout, run,
    solve_json, text,
};
use serde_json::{Map, Value};
use std::path::Path;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The `best` points of a report.
fn best(report: &Map<String, Value>) -> Vec<String> {
    report["best"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// Side to move and stones left after `stones` single stones from the empty board under
/// p stones a turn and q on the first turn (computed here, independently of the program).
fn turn_after(stones: u64, p: u64, q: u64) -> (&'static str, u64) {
    if stones < q {
        return ("black", q - stones);
    }
    let turns = (stones - q) / p; // full turns of p after Black's first
    let color = if turns.is_multiple_of(2) {
        "white"
    } else {
        "black"
    };
    (color, p - (stones - q) % p)
}

// ---------------------------------------------------------------------------------------------
// Bad input: exit code 2, nothing on stdout, one line on stderr naming the problem
// ---------------------------------------------------------------------------------------------

/// One bad command line: what is wrong with it, its arguments, the files it reads, and a
/// keyword the one line on stderr must contain.
///
/// In `args`, `{name}` stands for the path of the case's file `name`, `{missing}` for a path
/// that does not exist and `{tmp}` for the system temp directory. A file whose name ends in
/// `/` is an (empty) directory; a name with a `/` inside is a file in such a directory.
/// Contents are written one byte per character (Latin-1), so a case can hold bytes that are
/// not UTF-8.
struct BadInput {
    what: &'static str,
    args: &'static [&'static str],
    files: &'static [(&'static str, &'static str)],
    keyword: &'static str,
    /// Whether the files must be as they were after the run (false where the command
    /// writes its outputs before it finds the input bad).
    leaves_files: bool,
}

/// A case without files.
const fn bad(what: &'static str, args: &'static [&'static str], keyword: &'static str) -> BadInput {
    BadInput {
        what,
        args,
        files: &[],
        keyword,
        leaves_files: true,
    }
}

/// A case that reads files and leaves them alone.
const fn bad_with(
    what: &'static str,
    args: &'static [&'static str],
    files: &'static [(&'static str, &'static str)],
    keyword: &'static str,
) -> BadInput {
    BadInput {
        what,
        args,
        files,
        keyword,
        leaves_files: true,
    }
}

/// A case whose command rewrites its output files (`table --by-parts` writes its table and
/// Markdown before it reads `--part` or the ledger).
const fn bad_writing(
    what: &'static str,
    args: &'static [&'static str],
    files: &'static [(&'static str, &'static str)],
    keyword: &'static str,
) -> BadInput {
    BadInput {
        what,
        args,
        files,
        keyword,
        leaves_files: false,
    }
}

/// The arguments of `table --by-parts` on 5,5,4,1,1 with its files (see `BY_PARTS_FILES`).
const BY_PARTS: [&str; 9] = [
    "table",
    "--rules",
    "5,5,4,1,1",
    "--json",
    "{parts-bad.json}",
    "--md",
    "{parts-bad.md}",
    "--by-parts",
    "{parts}",
];

/// `BY_PARTS` with `more` after it.
macro_rules! by_parts {
    ($($more:expr),*) => {
        &[
            BY_PARTS[0], BY_PARTS[1], BY_PARTS[2], BY_PARTS[3], BY_PARTS[4], BY_PARTS[5],
            BY_PARTS[6], BY_PARTS[7], BY_PARTS[8], $($more),*
        ]
    };
}

/// The files `BY_PARTS` names: an empty table, its Markdown and an empty ledger directory.
const BY_PARTS_FILES: &[(&str, &str)] = &[
    ("parts-bad.json", "[]"),
    ("parts-bad.md", ""),
    ("parts/", ""),
];

/// Every bad input the program refuses, by command. Each one must exit with code 2, print
/// nothing on stdout and exactly one line on stderr containing the keyword and create no
/// file at `{missing}`; most leave their files as they were. One row a line, so the table
/// reads as one.
#[rustfmt::skip]
const BAD_INPUTS: &[BadInput] = &[
    // Points of a move list. Go-style columns run A..T on 19x19 with no I.
    bad("a column past T on 19x19", &["solve", "--moves", "K10 U1"], "'U1' is off the 19x19 board"),
    bad("a column past D on 4x4", &["solve", "--rules", "4,4,3,1,1", "--moves", "E1"], "off the 4x4 board"),
    bad("a row past 19", &["solve", "--moves", "K20"], "off the"),
    bad("the column letter I", &["solve", "--moves", "I5"], "letter I"),
    bad("row 0", &["solve", "--moves", "K0"], "rows start at 1"),
    bad("a row without a column", &["solve", "--moves", "K10 10"], "expected a column letter"),
    bad("numeric column 0", &["solve", "--moves", "0,5"], "start at 1,1"),
    bad("a sign in a Go-style point", &["solve", "--moves", "A+1"], "expected a column letter"),
    bad("a sign in a numeric point", &["solve", "--moves", "+1,1"], "whole numbers"),
    bad("a number too large for any board", &["solve", "--moves", "99999999999999999999,1"], "off the"),
    // Illegal moves.
    bad("a point played twice", &["solve", "--moves", "K10 L11 K10"], "K10 is already taken"),
    // Black makes A1 B1 C1 with its third stone; White's C2 comes after the game ended.
    bad("a move after the game ended", &["solve", "--rules", "tictactoe", "--moves", "A1 A2 B1 B2 C1 C2"], "after Black already made 3 in a row"),
    // Rules.
    bad("p = 0", &["solve", "--rules", "3,3,3,0,1"], "p = 0"),
    bad("q = 0", &["solve", "--rules", "3,3,3,1,0"], "q = 0"),
    bad("k = 0", &["solve", "--rules", "3,3,0,1,1"], "k = 0"),
    bad("a board 0 wide", &["solve", "--rules", "0,3,3,1,1"], "at least 1"),
    bad("a board too large", &["solve", "--rules", "200,200,5,1,1"], "at most 64"),
    bad("more stones a turn than k", &["solve", "--rules", "9,9,5,9,1"], "stones a turn"),
    bad("rules that are not numbers", &["solve", "--rules", "abc"], "m,n,k,p,q"),
    bad("three numbers of rules", &["solve", "--rules", "3,3,3"], "five numbers"),
    bad("a letter among the rules", &["solve", "--rules", "3,3,x,1,1"], "not a whole number"),
    bad("bad rules are reported before the position is read", &["solve", "--rules", "3,3,3,0,1", "--moves", "A1"], "p = 0"),
    // Option values.
    bad("--tt-size 0", &["solve", "--tt-size", "0"], "--tt-size"),
    bad("--tt-size not a number", &["solve", "--tt-size", "abc"], "--tt-size"),
    bad("--tt-size too large", &["solve", "--tt-size", "99999999"], "--tt-size"),
    bad("--tt-size negative", &["solve", "--tt-size", "-3"], "--tt-size"),
    // A negative number must reach --time-limit's own check, not clap's "unexpected argument".
    bad("--time-limit negative", &["solve", "--time-limit", "-1"], "--time-limit"),
    bad("--time-limit not a number", &["solve", "--time-limit", "abc"], "--time-limit"),
    bad("--time-limit 0", &["solve", "--time-limit", "0"], "--time-limit"),
    bad("--time-limit infinite", &["solve", "--time-limit", "inf"], "--time-limit"),
    bad("--nodes 0", &["solve", "--nodes", "0"], "--nodes"),
    bad("--nodes negative", &["solve", "--nodes", "-5"], "--nodes"),
    bad("--nodes not whole", &["solve", "--nodes", "1.5"], "--nodes"),
    bad("--goal unknown", &["solve", "--goal", "lose"], "--goal"),
    bad("--threads 0", &["solve", "--threads", "0"], "--threads"),
    bad("--threads negative", &["solve", "--threads", "-2"], "--threads"),
    bad("--threads a word", &["solve", "--threads", "two"], "--threads"),
    bad("--threads too many", &["solve", "--threads", "100000"], "--threads"),
    bad("--checkpoint-every 0", &["solve", "--tt", "{missing}", "--checkpoint-every", "0"], "--checkpoint-every"),
    bad("--checkpoint-every negative", &["solve", "--tt", "{missing}", "--checkpoint-every", "-5"], "--checkpoint-every"),
    bad("--checkpoint-every a word", &["solve", "--tt", "{missing}", "--checkpoint-every", "soon"], "--checkpoint-every"),
    // Checkpoints and resuming need a table file.
    bad("checkpoints without --tt", &["solve", "--checkpoint-every", "60"], "--tt"),
    bad("--resume without --tt", &["solve", "--resume"], "--tt"),
    bad("--tt-reset without --tt", &["solve", "--rules", "6,4,4,1,1", "--tt-reset"], "--tt"),
    bad_with("an empty table file", &["solve", "--rules", "6,4,4,1,1", "--tt", "{table.tt}", "--tt-size", "8"], &[("table.tt", "")], "too short"),
    // Proofs and certificates.
    bad("check a missing file", &["check", "{missing}"], "cannot read"),
    bad_with("check a file that is no certificate", &["check", "{garbage.cert}"], &[("garbage.cert", "(;FF[4]SZ[19];B[jj])")], "not a c6solve proof"),
    bad("--proof with --zones", &["solve", "--rules", "tictactoe", "--zones", "--proof", "{missing}"], "--zones"),
    bad("--proof-max-nodes 0", &["solve", "--rules", "tictactoe", "--proof", "{missing}", "--proof-max-nodes", "0"], "--proof-max-nodes"),
    // Command lines.
    bad_with("--moves and --sgf", &["solve", "--moves", "K10", "--sgf", "{a.sgf}"], &[("a.sgf", "(;FF[4]SZ[19];B[j10])")], "cannot be used with"),
    bad_with("--sgf and --position", &["solve", "--sgf", "{a.sgf}", "--position", "{a.sgf}"], &[("a.sgf", "(;FF[4]SZ[19];B[j10])")], "cannot be used with"),
    bad("an unknown option", &["solve", "--frobnicate"], "--frobnicate"),
    bad("an unknown option before the command", &["--frobnicate"], "--frobnicate"),
    bad("an unknown command", &["prove"], "prove"),
    bad("an option without its value", &["solve", "--nodes"], "--nodes"),
    // No command at all: clap's message is the whole help; the first line must still say what
    // is wrong rather than being the program's description.
    bad("no command", &[], "missing command"),
    // Files.
    bad("a missing SGF file", &["solve", "--sgf", "{missing}"], "cannot read"),
    bad("a missing diagram", &["solve", "--position", "{missing}"], "cannot read"),
    bad("a directory for an SGF file", &["solve", "--sgf", "{tmp}"], "cannot read"),
    bad_with("a diagram that is not text", &["solve", "--position", "{binary.txt}"], &[("binary.txt", "\u{ff}\u{fe}\0\u{80}")], "not a text file"),
    // SGF. Little Golem columns run a..s on 19x19.
    bad_with("a text file for SGF", &["solve", "--sgf", "{plain.txt}"], &[("plain.txt", "K10 L11 L9\nnot a game record\n")], "not an SGF"),
    bad_with("an SGF column past s", &["solve", "--sgf", "{off.sgf}"], &[("off.sgf", "(;FF[4]EV[connect6]SZ[19];B[j10];W[z9l11])")], "z9 is off the 19x19 board"),
    bad_with("an SGF row past 19", &["solve", "--sgf", "{row.sgf}"], &[("row.sgf", "(;FF[4]SZ[19];B[j20])")], "off the"),
    bad_with("an SGF move that is not a point", &["solve", "--sgf", "{junk.sgf}"], &[("junk.sgf", "(;FF[4]SZ[19];B[j1-0])")], "not a point"),
    bad_with("an SGF point of three letters", &["solve", "--sgf", "{odd.sgf}"], &[("odd.sgf", "(;FF[4]SZ[19];B[jjj])")], "two letters"),
    bad_with("an SGF game left open", &["solve", "--sgf", "{open.sgf}"], &[("open.sgf", "(;FF[4]SZ[19];B[j10]")], "bad SGF"),
    // Two Black stones in a row break Connect6's turn structure (1 Black, then 2 White).
    bad_with("two Black turns in a row", &["solve", "--sgf", "{order.sgf}"], &[("order.sgf", "(;FF[4]SZ[19];B[j10];B[k10])")], "White's"),
    bad_with("an SGF board of another size", &["solve", "--rules", "tictactoe", "--sgf", "{size.sgf}"], &[("size.sgf", "(;FF[4]SZ[19];B[j10])")], "SZ[19]"),
    bad_with("SGF setup stones", &["solve", "--sgf", "{setup.sgf}"], &[("setup.sgf", "(;FF[4]SZ[19]AB[jj])")], "setup stones"),
    bad_with("an SGF point played twice", &["solve", "--sgf", "{taken.sgf}"], &[("taken.sgf", "(;FF[4]SZ[19];B[j10];W[j10k10])")], "already taken"),
    // Diagrams.
    bad_with("a ragged diagram", &["solve", "--rules", "tictactoe", "--position", "{ragged.txt}"], &[("ragged.txt", "X . .\n. O . .\n. . .\n")], "line 2: ragged row"),
    bad_with("a diagram of other rules", &["solve", "--rules", "tictactoe", "--position", "{other-rules.txt}"], &[("other-rules.txt", "rules: 4,4,3,1,1\n....\n....\n....\n....\n")], "but --rules says 3,3,3,1,1"),
    // Three Black stones and no White: no tic-tac-toe game gets there, and no to-move line
    // says it is a composed position.
    bad_with("stone counts no game reaches", &["solve", "--rules", "tictactoe", "--position", "{counts.txt}"], &[("counts.txt", "X X .\n. . .\n. . X\n")], "reaches these counts"),
    bad_with("a diagram of another size", &["solve", "--position", "{size.txt}"], &[("size.txt", "X . .\n. O .\n. . .\n")], "3x3"),
    bad_with("a diagram of a finished game", &["solve", "--rules", "tictactoe", "--position", "{over.txt}"], &[("over.txt", "X X X\nO O .\n. . .\n")], "3 in a row"),
    bad_with("an unknown character in a diagram", &["solve", "--rules", "tictactoe", "--position", "{glyph.txt}"], &[("glyph.txt", "X . .\n. Z .\n. . .\n")], "unknown character 'Z'"),
    bad_with("more stones left than a turn has", &["solve", "--rules", "tictactoe", "--position", "{left.txt}"], &[("left.txt", "to-move: black\nstones-left: 2\n. . .\n. . .\n. . .\n")], "stones left"),
    bad_with("a diagram without rows", &["solve", "--position", "{empty.txt}"], &[("empty.txt", "# only a comment\n")], "no board rows"),
    // Puzzle suites and harvesting.
    bad_with("an illegal move in a suite", &["puzzles", "{bad.puzzles}"], &[("bad.puzzles", "id: x\nsource: hand-made\nrules: 3,3,3,1,1\nmoves: B2 B2\ngoal: value\nexpect: win\n\n")], "bad.puzzles:4: illegal move"),
    bad_with("a suite record without a source", &["puzzles", "{dup.puzzles}"], &[("dup.puzzles", "id: x\nid: y\nsource: s\n")], "dup.puzzles:1: record has no 'source:'"),
    bad("a missing suite", &["puzzles", "{missing}"], "cannot read"),
    bad_with("a tag no puzzle has", &["puzzles", "{ok.puzzles}", "--tag", "nope"], &[("ok.puzzles", OK_SUITE)], "--tag nope"),
    bad_with("puzzles --time-limit 0", &["puzzles", "{ok.puzzles}", "--time-limit", "0"], &[("ok.puzzles", OK_SUITE)], "--time-limit"),
    bad("a bad harvest plan", &["harvest", "--plan", "win0=1/1"], "--plan entry 'win0=1/1'"),
    bad("harvest --out a file", &["harvest", "--out", "x.txt"], "--out x.txt"),
    bad_with("a suite without puzzles", &["puzzles", "{empty.puzzles}"], &[("empty.puzzles", "# nothing here\n")], "no puzzles"),
    bad_with("games without records", &["harvest", "--games", "{none.jsonl}"], &[("none.jsonl", "\n")], "no game records"),
    // Kill lines.
    bad("a turn of two stones in tic-tac-toe", &["verify", "--rules", "tictactoe", "--line", "A1 B2"], "has 2 stones"),
    bad("a kill line playing a point twice", &["verify", "--rules", "tictactoe", "--line", "A1, A1"], "already taken"),
    bad("an empty turn in a kill line", &["verify", "--rules", "tictactoe", "--line", "A1, , B2"], "no stones"),
    bad("a kill line off the board", &["verify", "--rules", "tictactoe", "--line", "A9"], "off the"),
    bad("a kill line past the end of the game", &["verify", "--rules", "tictactoe", "--line", "A1, B1, A2, B2, A3, C3"], "after the game ended"),
    bad("verify without --line", &["verify", "--rules", "tictactoe"], "--line"),
    bad("verify --time-limit 0", &["verify", "--line", "K3 J4", "--time-limit", "0"], "--time-limit"),
    // Small-board tables.
    bad("table with nothing to solve", &["table"], "nothing to solve"),
    bad("--boards without --k", &["table", "--boards", "3x3..5x5"], "--k"),
    bad("--k without --boards", &["table", "--k", "4"], "--boards"),
    bad("boards from large to small", &["table", "--boards", "7x7..3x3", "--k", "4"], "--boards"),
    bad("a board without its height", &["table", "--boards", "3x3..5", "--k", "4"], "--boards"),
    bad("k from large to small", &["table", "--boards", "3x3..5x5", "--k", "6..4"], "--k"),
    bad("--p not a number", &["table", "--boards", "3x3..5x5", "--k", "4", "--p", "x"], "--p"),
    bad("--p too large for the rules", &["table", "--boards", "3x3..5x5", "--k", "4", "--p", "9"], "bad rules"),
    bad("table --rules of two numbers", &["table", "--rules", "5,5"], "bad rules"),
    bad("table --time-limit 0", &["table", "--rules", "3,3,3,1,1", "--time-limit", "0"], "--time-limit"),
    bad("table --tt-size negative", &["table", "--rules", "3,3,3,1,1", "--tt-size", "-4"], "--tt-size"),
    // A JSON file that is not a table is refused, and left alone.
    bad_with("a JSON file that is not a table", &["table", "--rules", "3,3,3,1,1", "--json", "{bad.json}", "--md", "{bad.md}"], &[("bad.json", "{\"rules\": 3}"), ("bad.md", "")], "not a small-boards table"),
    // By parts: a bad --part, a lone --part or a damaged ledger, before anything is solved.
    bad_writing("a --part off the board", by_parts!("--part", "Z9"), BY_PARTS_FILES, "--part 'Z9'"),
    bad_writing("a --part playing a point twice", by_parts!("--part", "C3 C3"), BY_PARTS_FILES, "already taken"),
    bad_with("--part-workers 0", by_parts!("--part-workers", "0"), BY_PARTS_FILES, "--part-workers"),
    bad_with("--split-turns by parts", by_parts!("--split-turns"), BY_PARTS_FILES, "--split-turns"),
    bad("--part without --by-parts", &["table", "--rules", "5,5,4,1,1", "--part", "A1"], "--by-parts"),
    bad_writing("a ledger that is not one", by_parts!(), &[
        ("parts-bad.json", "[]"),
        ("parts-bad.md", ""),
        ("parts/", ""),
        ("parts/5_5_4_1_1.json", "{\"rules\": \"5,5,4,1,1\"}"),
    ], "not a ledger of parts"),
    // Status of a stopped solve.
    bad("status of a missing file", &["status", "{missing}"], "no such file"),
    bad("status of a directory", &["status", "{tmp}"], "directory"),
    bad_with("a damaged checkpoint", &["status", "{status.tt}"], &[("status.tt", ""), ("status.tt.ckpt", "not a checkpoint")], "not a c6solve checkpoint"),
];

/// A suite of one good puzzle: the empty tic-tac-toe board is a draw.
const OK_SUITE: &str =
    "id: a\nsource: hand-made\nrules: 3,3,3,1,1\nmoves: \ngoal: value\nexpect: draw\n\n";

/// The bytes of `text`, one per character (all characters of the table are below 256).
fn latin1(text: &str) -> Vec<u8> {
    text.chars().map(|c| u8::try_from(c).unwrap()).collect()
}

/// Runs one case in a fresh directory of its own; returns what is wrong, or `None`.
fn bad_input_case(case: &BadInput) -> Option<String> {
    let dir = TempDir::new("bad-input");
    for &(name, contents) in case.files {
        let path = dir.file(name);
        if name.ends_with('/') {
            std::fs::create_dir_all(&path).unwrap();
        } else {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(
                &path,
                contents.chars().map(|c| c as u8).collect::<Vec<u8>>(),
            )
            .unwrap();
        }
    }
    let missing = missing_path();
    let tmp = std::env::temp_dir().display().to_string();
    let args: Vec<String> = case
        .args
        .iter()
        .map(|arg| {
            let mut arg = arg.replace("{missing}", &missing).replace("{tmp}", &tmp);
            for &(name, _) in case.files {
                let name = name.trim_end_matches('/');
                arg = arg.replace(&format!("{{{name}}}"), dir.file(name).to_str().unwrap());
            }
            arg
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    if let Some(arg) = args.iter().find(|a| a.contains('{')) {
        return Some(format!("no file of the case for {arg}"));
    }
    let out = run(&args);
    if let Some(problem) = bad_input_problem(&args, &out, case.keyword) {
        return Some(problem);
    }
    if Path::new(&missing).exists() {
        return Some(format!("{} was made for bad input", missing));
    }
    for &(name, contents) in case.files.iter().filter(|_| case.leaves_files) {
        let path = dir.file(name);
        let left_alone = if name.ends_with('/') {
            path.is_dir()
        } else {
            std::fs::read(&path).ok() == Some(latin1(contents))
        };
        if !left_alone {
            return Some(format!("{name} was changed by bad input"));
        }
    }
    None
}

/// Every bad input of [`BAD_INPUTS`] meets the contract; a failure lists every case that
/// does not, not only the first.
#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let failures: Vec<String> = BAD_INPUTS
        .iter()
        .filter_map(|case| {
            bad_input_case(case).map(|problem| format!("- {}: {problem}", case.what))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} bad inputs broke the contract:\n{}",
        failures.len(),
        BAD_INPUTS.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Values through the CLI
// ---------------------------------------------------------------------------------------------

/// Expects `value` from `solve --json` with `args` appended; returns the report.
fn expect_value(args: &[&str], value: &str) -> Map<String, Value> {
    let mut all = vec!["solve", "--json"];
    all.extend_from_slice(args);
    let report = solve_json(&all);
    assert_eq!(report["value"], value, "c6solve {all:?}: {report:?}");
    report
}

/// Checks that `best` is legal after `moves` and leads to `value_after` for the opponent:
/// replays the moves plus `best` through `--moves` and solves the result.
fn check_best_leads_to(rules: &str, moves: &str, best: &[String], value_after: &str) {
    assert!(!best.is_empty(), "no best move after {moves:?}");
    let after = format!("{moves} {}", best.join(" "));
    expect_value(&["--rules", rules, "--moves", after.trim()], value_after);
}

#[test]
fn tictactoe_is_a_draw() {
    let r = expect_value(&["--rules", "3,3,3,1,1"], "draw");
    assert_eq!(r["rules"], "3,3,3,1,1");
    assert_eq!(
        (&r["to_move"], &r["stones_left"]),
        (&"black".into(), &1.into())
    );
    // The best move keeps the draw: after it, White cannot win either.
    check_best_leads_to("3,3,3,1,1", "", &best(&r), "draw");
}

#[test]
fn four_by_three_is_a_first_player_win() {
    let r = expect_value(&["--rules", "4,3,3,1,1"], "win");
    assert_eq!(best(&r).len(), 1);
    check_best_leads_to("4,3,3,1,1", "", &best(&r), "loss");
}

#[test]
fn immediate_win_is_found() {
    // X: A1 B1, O: A2 B2, X to move. C1 wins at once; anything else but C2 lets O win at C2,
    // and C2 only draws, so C1 is the one winning move.
    for goal in ["value", "win"] {
        let r = expect_value(
            &[
                "--rules",
                "tictactoe",
                "--moves",
                "A1 A2 B1 B2",
                "--goal",
                goal,
            ],
            "win",
        );
        assert_eq!(best(&r), ["C1"], "--goal {goal}");
        assert_eq!(r["to_move"], "black");
    }
    // After C1 the game is over: White to move has lost, with nothing to play.
    let r = expect_value(
        &["--rules", "tictactoe", "--moves", "A1 A2 B1 B2 C1"],
        "loss",
    );
    assert_eq!(r["to_move"], "white");
    assert!(best(&r).is_empty());
}

#[test]
fn double_threat_is_a_loss() {
    // X A1, O C3, X C1, O C2, X A3: X threatens A2 (A column), B1 (row 1) and B2 (the C1-A3
    // diagonal). O has no line to complete (C1 and A3 are X, B2 is empty), so O blocks one
    // threat and X completes another.
    let r = expect_value(
        &["--rules", "tictactoe", "--moves", "A1 C3 C1 C2 A3"],
        "loss",
    );
    assert_eq!(r["to_move"], "white");
}

#[test]
fn goal_win_on_a_draw_is_no_win() {
    expect_value(&["--rules", "tictactoe", "--goal", "win"], "no-win");
}

#[test]
fn node_limit_gives_unknown() {
    // Connect(5,5,4,1,1) needs far more than one node. One thread stops exactly at the
    // limit; several may each have begun a node when the first one reaches it.
    let r = expect_value(
        &["--rules", "5,5,4,1,1", "--nodes", "1", "--threads", "1"],
        "unknown",
    );
    assert!(r["nodes"].as_u64().unwrap() <= 1, "{r:?}");
    let r = expect_value(
        &["--rules", "5,5,4,1,1", "--nodes", "1", "--threads", "2"],
        "unknown",
    );
    assert!(r["nodes"].as_u64().unwrap() <= 2, "{r:?}");
}

#[test]
fn stones_per_turn_show_in_the_report() {
    // Connect(3,3,3,2,1): after Black's one opening stone White places two. Each point other
    // than B2 lies on one of the four lines through B2, so two White stones leave a line open
    // and Black's two stones complete it: White has lost.
    let r = expect_value(&["--rules", "3,3,3,2,1", "--moves", "B2"], "loss");
    assert_eq!(
        (&r["to_move"], &r["stones_left"]),
        (&"white".into(), &2.into())
    );
}

#[test]
fn wide_boards_use_numeric_points() {
    // Over 25 columns points are x,y; the report uses the same form.
    let r = expect_value(
        &[
            "--rules",
            "30,1,2,1,1",
            "--moves",
            "1,1 30,1",
            "--nodes",
            "50",
        ],
        "win",
    );
    let b = best(&r);
    assert!(b.len() == 1 && b[0].contains(','), "{b:?}");
}

// ---------------------------------------------------------------------------------------------
// The same position from every source
// ---------------------------------------------------------------------------------------------

/// Black K10; White K9 M11; Black L11 M9 in Little Golem's notation (columns a..s including i,
/// one node a turn). LG j10 is Go-style K10.
const LG_SGF: &str = "(;FF[4]EV[connect6]SZ[19];B[j10];W[j9l11];B[k11l9])";

/// The same stones one a node in SGF letters (column from the left, row from the top), as
/// GoGui writes them: K10 = jj, K9 = jk, M11 = li, L11 = ki, M9 = lk.
const GOGUI_SGF: &str = "(;FF[4]GM[511]SZ[19];B[jj];W[jk];W[li];B[ki];B[lk])";

/// The same stones as a diagram with labels and row numbers, no headers: the side to move
/// comes from the counts (3 Black, 2 White: White to move with 2 stones).
const DIAGRAM: &str = "\
# Connect6 after B K10; W K9 M11; B L11 M9
   A B C D E F G H J K L M N O P Q R S T
19 . . . . . . . . . . . . . . . . . . . 19
18 . . . . . . . . . . . . . . . . . . . 18
17 . . . . . . . . . . . . . . . . . . . 17
16 . . . . . . . . . . . . . . . . . . . 16
15 . . . . . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . X O . . . . . . . 11
10 . . . . . . . . . X . . . . . . . . . 10
 9 . . . . . . . . . O . X . . . . . . .  9
 8 . . . . . . . . . . . . . . . . . . .  8
 7 . . . . . . . . . . . . . . . . . . .  7
 6 . . . . . . . . . . . . . . . . . . .  6
 5 . . . . . . . . . . . . . . . . . . .  5
 4 . . . . . . . . . . . . . . . . . . .  4
 3 . . . . . . . . . . . . . . . . . . .  3
 2 . . . . . . . . . . . . . . . . . . .  2
 1 . . . . . . . . . . . . . . . . . . .  1
   A B C D E F G H J K L M N O P Q R S T
";

/// `--goal win` with a short limit: these tests are about reading the position, not its value.
const QUICK: [&str; 6] = ["--goal", "win", "--time-limit", "2", "--nodes", "2000"];

fn quick(source: &[&str]) -> Map<String, Value> {
    let mut args = vec!["solve", "--json"];
    args.extend_from_slice(source);
    args.extend_from_slice(&QUICK);
    solve_json(&args)
}

#[test]
fn one_position_from_every_source() {
    let (to_move, left) = turn_after(5, 2, 1);
    assert_eq!((to_move, left), ("white", 2));
    let lg = TempFile::new("lg.sgf", LG_SGF);
    let gogui = TempFile::new("gogui.sgf", GOGUI_SGF);
    let diagram = TempFile::new("c6.txt", DIAGRAM);
    let sources: [(&str, Vec<&str>); 4] = [
        ("Little Golem SGF", vec!["--sgf", lg.path()]),
        ("GoGui SGF", vec!["--sgf", gogui.path()]),
        ("diagram", vec!["--position", diagram.path()]),
        ("moves", vec!["--moves", "K10 K9 M11 L11 M9"]),
    ];
    for (name, source) in sources {
        let r = quick(&source);
        assert_eq!(r["rules"], "19,19,6,2,1", "{name}");
        assert_eq!(r["to_move"], to_move, "{name}");
        assert_eq!(r["stones_left"], left, "{name}");
        // A win claim would be about White's two stones; anything but "unknown" must be a
        // proven value of --goal win.
        assert!(
            matches!(r["value"].as_str(), Some("win" | "no-win" | "unknown")),
            "{name}: {r:?}"
        );
    }
}

#[test]
fn partial_turns_from_sgf_and_diagram() {
    // Four stones one a node: Black K10, White K9 M11, Black L11; Black has one stone left.
    let (to_move, left) = turn_after(4, 2, 1);
    assert_eq!((to_move, left), ("black", 1));
    let gogui = TempFile::new("partial.sgf", "(;FF[4]SZ[19];B[jj];W[jk];W[li];B[ki])");
    let r = quick(&["--sgf", gogui.path()]);
    assert_eq!(
        (&r["to_move"], &r["stones_left"]),
        (&to_move.into(), &left.into())
    );
    // The diagram of those stones, without headers: 2 Black and 2 White are the counts after
    // four stones, so the same turn follows from the counts.
    let d = DIAGRAM.replace(" 9 . . . . . . . . . O . X", " 9 . . . . . . . . . O . .");
    let diagram = TempFile::new("partial.txt", d);
    let r = quick(&["--position", diagram.path()]);
    assert_eq!(
        (&r["to_move"], &r["stones_left"]),
        (&to_move.into(), &left.into())
    );
}

#[test]
fn composed_diagram_with_headers() {
    // X A1 B1, O A2 B2: by the counts Black is to move and wins at C1. The headers make it a
    // composed position with White to move, who wins at C2 instead.
    let board = "  A B C\n3 . . . 3\n2 O O . 2\n1 X X . 1\n  A B C\n";
    let plain = TempFile::new("plain-ttt.txt", board);
    let r = expect_value(&["--rules", "tictactoe", "--position", plain.path()], "win");
    assert_eq!(
        (&r["to_move"], best(&r)),
        (&"black".into(), vec!["C1".to_string()])
    );
    let composed = TempFile::new(
        "composed-ttt.txt",
        format!("rules: tictactoe\nto-move: white\nstones-left: 1\n{board}"),
    );
    // No --rules: the diagram's own rules line applies.
    let r = expect_value(&["--position", composed.path()], "win");
    assert_eq!(r["rules"], "3,3,3,1,1");
    assert_eq!(
        (&r["to_move"], &r["stones_left"]),
        (&"white".into(), &1.into())
    );
    assert_eq!(best(&r), ["C2"]);
    // A rules line that agrees with --rules is fine.
    expect_value(
        &["--rules", "3,3,3,1,1", "--position", composed.path()],
        "win",
    );
    // Two stones a turn: Black to place both, with X already on A3, completes a line of 3.
    let two = TempFile::new(
        "two-left.txt",
        "rules: 3,3,3,2,1\nto-move: black\nstones-left: 2\nX . .\n. O .\n. . O\n",
    );
    let r = expect_value(&["--position", two.path()], "win");
    assert_eq!(r["stones_left"], 2);
    assert_eq!(best(&r).len(), 2, "{r:?}");
}

// ---------------------------------------------------------------------------------------------
// Human output, help, the default puzzle
// ---------------------------------------------------------------------------------------------

#[test]
fn human_output_shows_board_and_value() {
    let out = run(&["solve", "--rules", "3,3,3,1,1"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert!(stdout.contains("Connect(3,3,3,1,1)"), "{stdout}");
    assert!(
        stdout.lines().any(|l| l.trim() == "A B C"),
        "column letters:\n{stdout}"
    );
    assert!(stdout.contains("value: draw"), "{stdout}");
    assert!(stdout.contains("nodes:"), "{stdout}");
}

#[test]
fn help_and_version() {
    for args in [&["--help"][..], &["solve", "--help"][..]] {
        let out = run(args);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}");
        assert!(stdout.contains("Usage:"), "{args:?}: {stdout}");
    }
    let out = run(&["solve", "--help"]);
    let stdout = text(&out.stdout);
    for flag in [
        "--moves",
        "--sgf",
        "--position",
        "--rules",
        "--json",
        "--time-limit",
    ] {
        assert!(
            stdout.contains(flag),
            "solve --help lacks {flag}:\n{stdout}"
        );
    }
    let out = run(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains(env!("CARGO_PKG_VERSION")));
}

/// SLOW (about 8–20 s): solves the built-in Connect6 puzzle (Little Golem lg1813145, Black to
/// move and win). The time limit keeps a regression from hanging the suite; it fails instead
/// with value "unknown".
#[test]
fn default_puzzle_is_a_black_win() {
    let cert = TempFile::new("default.cert", "");
    let r = expect_value(&["--time-limit", "120", "--proof", cert.path()], "win");
    assert_eq!(r["rules"], "19,19,6,2,1");
    assert_eq!(
        (&r["to_move"], &r["stones_left"]),
        (&"black".into(), &2.into())
    );
    let b = best(&r);
    assert_eq!(b.len(), 2, "{r:?}");
    assert_ne!(b[0], b[1]);
    // Both stones must be legal after the puzzle's moves: replay them (a short search only).
    let moves = format!("{} {}", c6solve::input::DEFAULT_MOVES, b.join(" "));
    let after = solve_json(&["solve", "--json", "--moves", &moves, "--nodes", "1"]);
    assert_eq!(after["to_move"], "white", "{after:?}");
    // The certificate checks, also against the puzzle's position, and tampering is caught.
    let (code, out) = check_cert(&[cert.path()]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("valid: Connect(19,19,6,2,1), ")
            && out.contains(" Black to move with 2 stone(s): Black (to move) forces a win; "),
        "{out}"
    );
    let puzzle = c6solve::input::DEFAULT_MOVES;
    assert_eq!(check_cert(&[cert.path(), "--moves", puzzle]).0, 0);
    let (code, out) = check_cert(&[cert.path(), "--moves", &moves]);
    assert_eq!(code, 1, "{out}");
    let good = c6solve::proof::read_certificate(cert.path()).unwrap();
    let mut tampered = 0;
    for i in 0..good.parts[0].nodes.len() {
        let mut t = good.clone();
        match &mut t.parts[0].nodes[i] {
            Node::Replies(l) if !l.is_empty() => {
                l.pop();
            }
            Node::Move { cell, .. } => *cell = (*cell + 1) % 361,
            Node::WinNow => t.parts[0].nodes[i] = Node::Overwhelmed,
            _ => continue,
        }
        let file = TempFile::new("tampered.cert", t.to_bytes());
        let (code, out) = check_cert(&[file.path()]);
        assert_eq!(code, 1, "node {i}: {out}");
        assert!(out.starts_with("invalid: "), "{out}");
        tampered += 1;
    }
    assert!(tampered > 3);
}

/// Runs `check` with `args`; returns the exit code and stdout (stderr must be empty).
fn check_cert(args: &[&str]) -> (i32, String) {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    let out = run(&all);
    assert!(out.stderr.is_empty(), "stderr: {}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    (out.status.code().unwrap(), stdout)
}

#[test]
fn proofs_through_the_command_line() {
    // A win and a draw are written and check valid; a draw too large for the limit is not
    // written (one notice on stderr, exit status unchanged).
    let cert = TempFile::new("win.cert", "");
    expect_value(&["--rules", "4,3,3,1,1", "--proof", cert.path()], "win");
    let (code, out) = check_cert(&[cert.path(), "--rules", "4,3,3,1,1"]);
    assert_eq!((code, out.starts_with("valid: ")), (0, true), "{out}");
    let (code, out) = check_cert(&[cert.path(), "--rules", "4,4,3,1,1"]);
    assert_eq!(code, 1, "{out}");
    let draw = TempFile::new("draw.cert", "");
    expect_value(&["--rules", "tictactoe", "--proof", draw.path()], "draw");
    let (code, out) = check_cert(&[draw.path()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("cannot force a win"), "{out}");
    // With zones (the default) and without, a proof is written and checks; the zones did
    // change the search (else --proof would have turned them off unseen).
    let mut nodes = Vec::new();
    for zones in [None, Some("--no-zones")] {
        let file = TempFile::new("zones.cert", "");
        let mut args = vec![
            "--rules",
            "5,5,4,2,1",
            "--threads",
            "1",
            "--proof",
            file.path(),
        ];
        args.extend(zones);
        nodes.push(expect_value(&args, "draw")["nodes"].as_u64().unwrap());
        let (code, out) = check_cert(&[file.path(), "--rules", "5,5,4,2,1"]);
        assert_eq!(code, 0, "{zones:?}: {out}");
        assert!(out.contains("White cannot force a win"), "{out}");
    }
    assert_ne!(nodes[0], nodes[1], "zones on and off searched alike");
    let none = missing_path();
    let out = run(&[
        "solve",
        "--rules",
        "tictactoe",
        "--proof",
        &none,
        "--proof-max-nodes",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("no proof written") && stderr.contains("--proof-max-nodes"));
    assert!(!Path::new(&none).exists());
    // Unknown: no file either.
    let out = run(&[
        "solve",
        "--rules",
        "5,5,4,1,1",
        "--nodes",
        "5",
        "--proof",
        &none,
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("unknown"));
    assert!(!Path::new(&none).exists());
    // Unreadable, foreign, truncated and damaged files: exit 2, one line.
    let bytes = std::fs::read(cert.path()).unwrap();
    let truncated = TempFile::new("truncated.cert", &bytes[..bytes.len() - 3]);
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"xx");
    let longer = TempFile::new("longer.cert", longer);
    // (A missing or foreign file, and bad proof options, are cases of `BAD_INPUTS`.)
    assert_bad_input(&["check", truncated.path()], "truncated");
    assert_bad_input(&["check", longer.path()], "after its end");
}

// ---------------------------------------------------------------------------------------------
// The positions kept in puzzles/
// ---------------------------------------------------------------------------------------------

/// The diagram files in `puzzles/` solve to the values their comments state, from a checkout
/// (the path is relative to the crate root, where `cargo test` runs).
#[test]
fn puzzle_files_solve_as_stated() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let ttt = dir.join("tictactoe-loss.txt");
    let r = solve_json(&["solve", "--position", ttt.to_str().unwrap(), "--json"]);
    assert_eq!(r["value"], "loss");
    assert_eq!(r["to_move"], "white");
    // Every move loses, but a try is still shown.
    assert_eq!(r["best"].as_array().unwrap().len(), 1);

    let kill = dir.join("lg1813145.txt");
    let args = [
        "solve",
        "--position",
        kill.to_str().unwrap(),
        "--goal",
        "win",
    ];
    let r = solve_json(&[&args[..], &["--json", "--time-limit", "120"]].concat());
    assert_eq!(r["value"], "win");
    assert_eq!(r["to_move"], "black");
    assert_eq!(r["stones_left"], 2);
}

// ---------------------------------------------------------------------------------------------
// Table files (--tt)
// ---------------------------------------------------------------------------------------------

/// A table file carries proofs from one run to the next, and is refused (one line, exit 2,
/// nothing on stdout even without --json) when it does not fit.
#[test]
fn table_file_is_reused_and_checked() {
    // An empty file is replaced by a fresh table only with --tt-reset (without, it is a case
    // of `BAD_INPUTS`).
    let tt = TempFile::new("table.tt", b"");
    let path = tt.path();
    let first = solve_json(&[
        "solve",
        "--rules",
        "6,4,4,1,1",
        "--tt",
        path,
        "--tt-size",
        "8",
        "--tt-reset",
        "--json",
    ]);
    let again = solve_json(&[
        "solve",
        "--rules",
        "6,4,4,1,1",
        "--tt",
        path,
        "--tt-size",
        "8",
        "--json",
    ]);
    assert_eq!(first["value"], again["value"]);
    let nodes = |r: &Map<String, Value>| r["nodes"].as_u64().unwrap();
    assert!(
        nodes(&again) < nodes(&first) / 10,
        "the second run reuses the proof: {} then {} nodes",
        nodes(&first),
        nodes(&again)
    );
    // Other rules, a smaller size: refused, and the text output prints no board first.
    assert_bad_input(
        &[
            "solve",
            "--rules",
            "5,4,4,1,1",
            "--tt",
            path,
            "--tt-size",
            "8",
        ],
        "holds rules 6,4,4,1,1",
    );
    assert_bad_input(
        &[
            "solve",
            "--rules",
            "6,4,4,1,1",
            "--tt",
            path,
            "--tt-size",
            "4",
        ],
        "--tt-size 8 (or more, to grow it)",
    );

    // Checkpoints beside the table: nothing to resume after a finished solve.
    let base = [
        "solve",
        "--rules",
        "6,4,4,1,1",
        "--tt",
        path,
        "--tt-size",
        "8",
    ];
    assert_bad_input(&[&base[..], &["--resume"]].concat(), "no checkpoint");
    // A solve stopped by its limit leaves one, and says how to continue.
    let moves = ["--moves", "A1", "--nodes", "5", "--threads", "1"];
    let out = run(&[&base[..], &moves[..]].concat());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let ckpt = format!("{path}.ckpt");
    assert!(
        stdout.contains(&format!("checkpoint: {ckpt} (continue with: ")),
        "{stdout}"
    );
    assert!(Path::new(&ckpt).exists());
    // It belongs to that position: another one is refused, and so is a damaged checkpoint.
    assert_bad_input(&base, "belongs to a solve with another position");
    let mut bytes = std::fs::read(&ckpt).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&ckpt, &bytes).unwrap();
    assert_bad_input(&[&base[..], &moves[..2]].concat(), "damaged");
    std::fs::write(&ckpt, b"not a checkpoint").unwrap();
    assert_bad_input(
        &[&base[..], &moves[..2]].concat(),
        "not a c6solve checkpoint",
    );
    // --tt-reset starts afresh on purpose, dropping the checkpoint.
    let fresh = solve_json(&[&base[..], &["--tt-reset", "--json"]].concat());
    assert_eq!(fresh["value"], first["value"]);
    assert!(!Path::new(&ckpt).exists());
    // A larger size grows the file and keeps what it proved.
    let larger = [&base[..6], &["16", "--json"]].concat();
    let grown = solve_json(&larger);
    assert_eq!(grown["value"], first["value"]);
    assert!(
        nodes(&grown) < nodes(&first) / 10,
        "the proof survives growing"
    );
    let bytes = std::fs::metadata(path).unwrap().len();
    assert_eq!(bytes, 4096 + (16 << 20), "the file holds a 16 MiB table");
    // Without --tt-size the file keeps its size (the default would be 256 MiB).
    let reused = solve_json(&[&base[..5], &["--json"]].concat());
    assert_eq!(reused["value"], first["value"]);
    let after = std::fs::metadata(path).unwrap().len();
    assert_eq!(after, bytes, "reusing the file did not resize it");
}

// ---------------------------------------------------------------------------------------------
// Puzzle suites (`puzzles`)
// ---------------------------------------------------------------------------------------------

/// A record of a suite file for tests.
fn record(id: &str, rules: &str, moves: &str, goal: &str, expect: &str) -> String {
    format!(
        "id: {id}\nsource: hand-made\nrules: {rules}\nmoves: {moves}\ngoal: {goal}\nexpect: {expect}\n\n"
    )
}

/// A table row of `puzzles` output: the words of the line starting with `id`.
fn puzzle_row<'a>(stdout: &'a str, id: &str) -> Vec<&'a str> {
    stdout
        .lines()
        .find(|l| l.split_whitespace().next() == Some(id))
        .unwrap_or_else(|| panic!("no row for {id} in {stdout}"))
        .split_whitespace()
        .collect()
}

#[test]
fn puzzles_table_summary_and_exit_codes() {
    // Tic-tac-toe: the empty board is a draw, X in the centre and O on an edge is an X win.
    let good = record("draw", "3,3,3,1,1", "", "value", "draw")
        + &record("edge", "3,3,3,1,1", "B2 B3", "value", "win");
    let f = TempFile::new("good.puzzles", &good);
    let out = run(&["puzzles", f.path()]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let header: Vec<&str> = stdout.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        [
            "id", "depth", "expected", "got", "nodes", "seconds", "verdict"
        ]
    );
    assert_eq!(puzzle_row(&stdout, "draw")[2..4], ["draw", "draw"]);
    assert_eq!(puzzle_row(&stdout, "edge")[6], "ok");
    let summary = stdout.lines().last().unwrap();
    assert!(
        summary.starts_with("2 puzzles: 2 correct, 0 wrong, 0 timeouts; median"),
        "{summary}"
    );

    // A wrong expected value fails the run (exit 1) and is named on stderr.
    let wrong = TempFile::new(
        "wrong.puzzles",
        record("w", "3,3,3,1,1", "", "value", "win"),
    );
    let out = run(&["puzzles", wrong.path()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(puzzle_row(&text(&out.stdout), "w")[6], "WRONG");
    assert!(text(&out.stderr).contains("WRONG ANSWER: puzzle w expects win"));

    // A timeout is listed but fails only with --strict. 5,5,4,1,1 takes far longer than 1 ms.
    let slow = TempFile::new(
        "slow.puzzles",
        record("s", "5,5,4,1,1", "", "value", "draw"),
    );
    let out = run(&["puzzles", slow.path(), "--time-limit", "0.001"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let row = puzzle_row(&stdout, "s");
    assert_eq!((row[3], row[6]), ("unknown", "timeout"), "{stdout}");
    assert!(stdout.contains("1 timeouts"), "{stdout}");
    let out = run(&["puzzles", slow.path(), "--time-limit", "0.001", "--strict"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn puzzles_json_and_tags() {
    let suite = record("a", "3,3,3,1,1", "", "win", "no-win")
        + "tags: fast\n\n"
        + &record("b", "4,4,3,2,1", "", "value", "win");
    let f = TempFile::new("tags.puzzles", &suite);
    let out = run(&["puzzles", f.path(), "--json", "--tag", "fast", "--no-zones"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let rows = v["puzzles"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["id"], "a");
    assert_eq!(rows[0]["got"], "no-win");
    assert_eq!(rows[0]["verdict"], "ok");
    assert_eq!(v["zones"], false);
    assert_eq!(v["summary"]["correct"], 1);
    assert_eq!(v["summary"]["wrong"], 0);
}

#[test]
fn puzzles_report_runs_zones_on_and_off() {
    let f = TempFile::new(
        "rep.puzzles",
        record("e", "3,3,3,1,1", "B2 B3", "value", "win") + "depth: 2\n",
    );
    let out_md = TempFile::new("report.md", "");
    let out = run(&["puzzles", f.path(), "--report", out_md.path()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let md = std::fs::read_to_string(out_md.path()).unwrap();
    assert!(md.contains("| on | 1 | 1 | 0 | 0 |"), "{md}");
    assert!(md.contains("| off | 1 | 1 | 0 | 0 |"), "{md}");
    assert!(md.contains("Node ratio zones off / on"), "{md}");
    assert!(
        md.contains("Zones off: 1 of 1 kills proved in under 10 s"),
        "{md}"
    );
    assert!(md.contains("| e | 2 | win | win |"), "{md}");
}

// ---------------------------------------------------------------------------------------------
// verify: kill lines
// ---------------------------------------------------------------------------------------------

/// Runs `verify --json` with `args`; returns the exit code and the one JSON object.
fn verify_json(args: &[&str]) -> (i32, Map<String, Value>) {
    let mut all = vec!["verify", "--json"];
    all.extend_from_slice(args);
    let out = run(&all);
    let stdout = text(&out.stdout);
    assert!(out.stderr.is_empty(), "stderr: {}", text(&out.stderr));
    let Value::Object(obj) = serde_json::from_str(&stdout).expect("one JSON object") else {
        panic!("not an object: {stdout}");
    };
    for key in [
        "verdict", "turn", "defence", "seconds", "nodes", "turns", "attacker",
    ] {
        assert!(obj.contains_key(key), "{key} missing: {stdout}");
    }
    (out.status.code().unwrap(), obj)
}

#[test]
fn verify_verdicts_on_small_boards() {
    // Tic-tac-toe, Black B2 against White A2: A1 forks, C1 then wins.
    let (code, r) = verify_json(&[
        "--rules",
        "tictactoe",
        "--moves",
        "B2 A2",
        "--line",
        "A1, C3, C1",
    ]);
    assert_eq!(
        (code, r["verdict"].as_str(), r["turn"].as_u64()),
        (0, Some("verified"), Some(3))
    );
    // On the empty board B2 wins nothing: refuted at turn 1, and the defence it shows holds
    // (the solver agrees Black has no win after it).
    let (code, r) = verify_json(&["--rules", "tictactoe", "--line", "B2, A1, C1, A3, B1"]);
    assert_eq!(
        (code, r["verdict"].as_str(), r["turn"].as_u64()),
        (1, Some("refuted"), Some(1))
    );
    let d: Vec<&str> = r["defence"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(d.len(), 1);
    let after = format!("B2 {}", d[0]);
    expect_value(
        &["--rules", "tictactoe", "--moves", &after, "--goal", "win"],
        "no-win",
    );
    // 4x3, three in a row: B2 wins (the empty board is a first-player win).
    let (code, r) = verify_json(&["--rules", "4,3,3,1,1", "--line", "B2"]);
    assert_eq!(
        (code, r["verdict"].as_str()),
        (0, Some("verified")),
        "{r:?}"
    );
    // Refuted later in the line: a good first move, then a blunder that throws the win away.
    let (code, r) = verify_json(&["--rules", "4,3,3,1,1", "--line", "B2, C2, A1, B1, D3"]);
    assert_eq!(code, 1, "{r:?}");
    assert_eq!(r["verdict"], "refuted", "{r:?}");
    assert!(r["turn"].as_u64().unwrap() > 1, "{r:?}");
    // Too small a budget: unproven at turn 1, with a defence.
    let (code, r) = verify_json(&["--rules", "5,5,4,1,1", "--line", "C3", "--nodes", "10"]);
    assert_eq!(
        (code, r["verdict"].as_str(), r["turn"].as_u64()),
        (1, Some("unproven"), Some(1))
    );
    assert!(!r["defence"].as_array().unwrap().is_empty());
}

// ---------------------------------------------------------------------------------------------
// show and --sgf-out: pictures and strategies
// ---------------------------------------------------------------------------------------------

#[test]
fn show_numbers_stones_in_play_order() {
    let svg = TempFile::new("ttt.svg", "");
    let out = ok_stdout(&[
        "show",
        "--rules",
        "tictactoe",
        "--moves",
        "B2 A2",
        "--line",
        "A1, C3, C1",
        "--svg",
        svg.path(),
    ]);
    let expected = concat!(
        "   A  B  C\n",
        "3  .  . O4 3\n",
        "2 O2 X1  . 2\n",
        "1 X3  . X5 1\n",
        "   A  B  C\n",
        "Connect(3,3,3,1,1): White to move, 1 stone to place\n",
    );
    assert_eq!(out, expected);
    let image = std::fs::read_to_string(svg.path()).unwrap();
    assert!(image.starts_with("<svg ") && image.trim_end().ends_with("</svg>"));
    assert_eq!(image.matches("<circle").count(), 5);
    // Coordinates on the edges: each column letter and row number twice.
    let edge: Vec<&str> = image
        .lines()
        .filter(|l| l.contains("font-size=\"13\""))
        .collect();
    for label in [">A</text>", ">C</text>", ">1</text>", ">3</text>"] {
        let n = edge.iter().filter(|l| l.ends_with(label)).count();
        assert_eq!(n, 2, "{label}");
    }
    // Stone numbers 1..5 on the stones.
    for n in 1..=5 {
        assert!(image.contains(&format!("central\">{n}</text>")), "{n}");
    }
}

#[test]
fn show_writes_a_png_of_the_picture_with_its_text() {
    let png = TempFile::new("c6.png", "");
    ok_stdout(&[
        "show",
        "--rules",
        "connect6",
        "--moves",
        "J10 K10 K11",
        "--png",
        png.path(),
    ]);
    let bytes = std::fs::read(png.path()).unwrap();
    let img = resvg::tiny_skia::Pixmap::decode_png(&bytes).expect("a PNG");
    // The picture's size is the SVG's: the layout of a 19x19 board with its caption.
    let rules = c6solve::Rules::connect6();
    let layout = c6solve::show::Layout::new(
        &rules,
        "Connect(19,19,6,2,1): White to move, 2 stones to place",
    );
    assert_eq!(
        (img.width() as f64, img.height() as f64),
        (layout.width, layout.height)
    );
    // Not blank: dark ink (stones, lines, text) and the wood both present.
    let dark = img.pixels().iter().filter(|p| p.red() < 60).count();
    let wood = img
        .pixels()
        .iter()
        .filter(|p| p.red() > 200 && p.blue() < 120)
        .count();
    let all = img.pixels().len();
    assert!(
        dark > all / 100 && wood > all / 2,
        "{dark} dark, {wood} wood of {all}"
    );
    // The PNG and the SVG cannot be the same file.
    assert_bad_input(
        &["show", "--svg", png.path(), "--png", png.path()],
        "same file",
    );
}

#[test]
fn show_a_proof_with_its_zone_and_write_sgf() {
    let cert = TempFile::new("show.cert", "");
    let sgf = TempFile::new("strategy.sgf", "");
    let out = ok_stdout(&[
        "solve",
        "--rules",
        "4,3,3,1,1",
        "--proof",
        cert.path(),
        "--sgf-out",
        sgf.path(),
    ]);
    assert!(out.contains("value: win"));
    let pic = ok_stdout(&["show", "--proof", cert.path(), "--zone"]);
    assert!(pic.contains("X1"), "{pic}");
    assert!(pic.contains('+'), "zone shaded: {pic}");
    assert!(pic.contains("cannot stop"), "{pic}");
    // The same certificate against another position is refused.
    assert_bad_input(
        &[
            "show",
            "--proof",
            cert.path(),
            "--rules",
            "4,3,3,1,1",
            "--moves",
            "A1",
        ],
        "not a certificate for this position",
    );
    // The strategy: Black's first stone, then White's replies as variations; its main line
    // reads back as a legal game that Black has won or is winning.
    let text = std::fs::read_to_string(sgf.path()).unwrap();
    assert!(
        text.starts_with("(;FF[4]") && text.contains("SZ[4:3]"),
        "{text}"
    );
    assert!(text.matches("\n(\n;W[").count() >= 3, "{text}");
    // Read back, the variations are left out with a note (docs/formats.md §11).
    let out = run(&[
        "solve",
        "--json",
        "--rules",
        "4,3,3,1,1",
        "--sgf",
        sgf.path(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let note = String::from_utf8_lossy(&out.stderr);
    assert!(
        note.lines().count() == 1 && note.contains("variation(s) besides its main line"),
        "{note}"
    );
    let main: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        (main["to_move"] == "white" && main["value"] == "loss")
            || (main["to_move"] == "black" && main["value"] == "win"),
        "{main:?}"
    );
}

/// The root node of a strategy written for a diagram: its setup stones, one property a
/// colour that has any, and the side to move.
fn diagram_sgf_root(diagram: &str) -> String {
    let pos = TempFile::new("setup.txt", diagram);
    let sgf = TempFile::new("setup.sgf", "");
    ok_stdout(&["solve", "--position", pos.path(), "--sgf-out", sgf.path()]);
    let text = std::fs::read_to_string(sgf.path()).unwrap();
    text.lines().next().unwrap().to_string()
}

#[test]
fn strategies_of_diagrams_keep_their_setup_and_turn() {
    let white_only =
        diagram_sgf_root("rules: 4,4,3,1,1\nto-move: black\n. . . .\n. . . .\n. . . .\nO O . .\n");
    assert!(white_only.contains("AW[ad][bd]PL[B]"), "{white_only}");
    assert!(!white_only.contains("AB"), "{white_only}");
    let black_only =
        diagram_sgf_root("rules: 4,4,3,1,1\nto-move: white\nX . . .\n. . . .\n. . . .\n. . . .\n");
    assert!(black_only.contains("AB[aa]PL[W]"), "{black_only}");
    assert!(!black_only.contains("AW"), "{black_only}");
    // No stones, but White to move: not a game from its start.
    let empty = diagram_sgf_root("rules: 3,3,3,1,1\nto-move: white\n. . .\n. . .\n. . .\n");
    assert!(empty.ends_with("PL[W]"), "{empty}");
}

// ---------------------------------------------------------------------------------------------
// The table command
// ---------------------------------------------------------------------------------------------

fn table_rows(path: &str) -> Vec<Map<String, Value>> {
    let text = std::fs::read_to_string(path).expect("the table file exists");
    let v: Value = serde_json::from_str(&text).expect("the table is JSON");
    let Value::Array(rows) = v else {
        panic!("the table must be a list: {text}");
    };
    rows.into_iter()
        .map(|r| match r {
            Value::Object(o) => o,
            other => panic!("a row must be an object: {other}"),
        })
        .collect()
}

/// Runs `table` on `json` and `md`, writing certificates to `certs` (unless `extra` says
/// `--no-certificates`); asserts exit 0.
fn run_table(json: &TempFile, md: &TempFile, certs: &TempDir, extra: &[&str]) -> (String, String) {
    let mut args = vec![
        "table",
        "--json",
        json.path(),
        "--md",
        md.path(),
        "--tt-size",
        "16",
    ];
    if !extra.contains(&"--no-certificates") {
        args.extend(["--certificates", certs.path()]);
    }
    args.extend_from_slice(extra);
    let out = run(&args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(
        out.status.code(),
        Some(0),
        "c6solve {args:?}\nstdout: {stdout}\nstderr: {stderr}"
    );
    (stdout, stderr)
}

/// The table's rows have the documented fields, a second run keeps proven rows instead of
/// solving them again, and a row that runs out of time is recorded as unknown with its limit.
#[test]
fn table_rows_shape_and_resumption() {
    let json = TempFile::new("table.json", b"[]");
    let md = TempFile::new("table.md", b"");
    let certs = TempDir::new("certs");
    let (stdout, _) = run_table(
        &json,
        &md,
        &certs,
        &["--rules", "3,3,3,1,1", "--rules", "4,3,3,1,1"],
    );
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    let rows = table_rows(json.path());
    assert_eq!(rows.len(), 2);
    let by_rules = |rows: &[Map<String, Value>], r: &str| {
        rows.iter()
            .find(|o| o["rules"] == r)
            .cloned()
            .unwrap_or_else(|| panic!("no row {r}"))
    };
    // Values checked against the exhaustive oracle in tests/exhaustive.rs.
    let ttt = by_rules(&rows, "3,3,3,1,1");
    assert_eq!(ttt["value"], "draw");
    assert_eq!(by_rules(&rows, "4,3,3,1,1")["value"], "win");
    for key in ["nodes", "threads"] {
        assert!(ttt[key].is_u64(), "{key}: {ttt:?}");
    }
    assert!(ttt["seconds"].is_number());
    assert!(ttt["how"].as_str().unwrap().contains("strategy stealing"));
    // Each proven row names its certificate; the checker accepts it with the row's value,
    // and the recorded hash is the file's.
    for row in &rows {
        let path = row["certificate"].as_str().expect("a certificate path");
        let out = run(&["check", path]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let summary = text(&out.stdout);
        assert!(summary.starts_with("valid:"), "{summary}");
        let bytes = std::fs::read(path).unwrap();
        use sha2::Digest;
        let hash = format!("{:x}", sha2::Sha256::digest(&bytes));
        assert_eq!(row["certificate_sha256"], hash.as_str());
        assert!(row["certificate_nodes"].as_u64().unwrap() > 0);
    }
    assert!(
        text(&run(&["check", ttt["certificate"].as_str().unwrap()]).stdout)
            .contains("Black (to move) cannot force a win; White cannot force a win")
    );
    assert_eq!(ttt["literature"]["value"], "draw");
    let md_text = std::fs::read_to_string(md.path()).unwrap();
    assert!(md_text.contains("| 3,3,3,1,1 | draw |"), "{md_text}");
    assert!(md_text.contains("draw (reproduced)"));

    // Again with one more row: only the new one is solved; the old rows are unchanged.
    let (stdout, stderr) = run_table(
        &json,
        &md,
        &certs,
        &[
            "--rules",
            "3,3,3,1,1",
            "--rules",
            "4,3,3,1,1",
            "--rules",
            "4,4,3,2,1",
        ],
    );
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.starts_with("4,4,3,2,1 win"), "{stdout}");
    assert_eq!(stderr.matches("kept from the table").count(), 2, "{stderr}");
    let again = table_rows(json.path());
    assert_eq!(again.len(), 3);
    assert_eq!(by_rules(&again, "3,3,3,1,1"), ttt);

    // A row out of time is unknown, with its limit; the same limit does not retry it.
    let (_, _) = run_table(
        &json,
        &md,
        &certs,
        &["--rules", "8,8,5,1,1", "--time-limit", "0.05"],
    );
    let rows = table_rows(json.path());
    let big = by_rules(&rows, "8,8,5,1,1");
    assert_eq!(big["value"], "unknown");
    assert_eq!(big["time_limit"], 0.05);
    let (stdout, stderr) = run_table(
        &json,
        &md,
        &certs,
        &["--rules", "8,8,5,1,1", "--time-limit", "0.05"],
    );
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("unknown (kept"), "{stderr}");
}

/// Rows solved into one table file are merged into another with --merge, without solving.
#[test]
fn table_merge_takes_rows_from_another_file() {
    let a = TempFile::new("a.json", b"[]");
    let a_md = TempFile::new("a.md", b"");
    let certs = TempDir::new("certs");
    run_table(&a, &a_md, &certs, &["--rules", "3,3,3,1,1"]);
    let b = TempFile::new("b.json", b"[]");
    let b_md = TempFile::new("b.md", b"");
    let (stdout, stderr) = run_table(&b, &b_md, &certs, &["--merge", a.path()]);
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("1 rows taken"), "{stderr}");
    assert_eq!(table_rows(b.path()), table_rows(a.path()));
}

/// Rewrites the `field` of every row of the table file `path` to `value`.
fn edit_rows(path: &str, field: &str, value: &str) {
    let mut rows = table_rows(path);
    for r in &mut rows {
        r.insert(field.into(), Value::String(value.into()));
    }
    std::fs::write(path, serde_json::to_string_pretty(&rows).unwrap()).unwrap();
}

/// A kept row's certificate is checked again: one that no longer backs the row (damaged, or
/// proving another value than the table says) is struck and the row solved again, and
/// --merge leaves out a proven row whose certificate is missing.
#[test]
fn table_refuses_certificates_that_do_not_back_their_rows() {
    let json = TempFile::new("table.json", b"[]");
    let md = TempFile::new("table.md", b"");
    let certs = TempDir::new("certs");
    let win = ["--rules", "4,4,3,2,1"];
    run_table(&json, &md, &certs, &win);
    let row = table_rows(json.path()).remove(0);
    assert_eq!(row["value"], "win");
    let path = row["certificate"]
        .as_str()
        .expect("a certificate")
        .to_string();

    let (stdout, stderr) = run_table(&json, &md, &certs, &win);
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("certificate checked again"), "{stderr}");

    // One bit flipped: not the recorded file.
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let (stdout, stderr) = run_table(&json, &md, &certs, &win);
    assert!(stderr.contains("certificate is refused"), "{stderr}");
    assert!(stderr.contains("SHA-256 differs"), "{stderr}");
    assert!(stdout.starts_with("4,4,3,2,1 win"), "{stdout}");
    let again = table_rows(json.path()).remove(0);
    assert_eq!(again["value"], "win");
    assert_eq!(run(&["check", &path]).status.code(), Some(0));
    // Written again whole: the same proof as the first time.
    use sha2::Digest;
    let hash = format!("{:x}", sha2::Sha256::digest(std::fs::read(&path).unwrap()));
    assert_eq!(again["certificate_sha256"], hash.as_str());
    assert_eq!(again["certificate_sha256"], row["certificate_sha256"]);

    // The table's value changed by hand: the certificate proves a win, not a draw; the draw
    // goes, and the win proven again takes its place.
    edit_rows(json.path(), "value", "draw");
    let (stdout, stderr) = run_table(&json, &md, &certs, &win);
    assert!(stderr.contains("proves win, not draw"), "{stderr}");
    assert!(stderr.contains("the row's draw goes with it"), "{stderr}");
    assert!(stdout.starts_with("4,4,3,2,1 win"), "{stdout}");
    assert_eq!(table_rows(json.path()).remove(0)["value"], "win");

    // A row whose certificate is about another board, solved again out of time: unknown,
    // not the value the certificate failed to back.
    let other = TempFile::new("other.json", b"[]");
    std::fs::copy(json.path(), other.path()).unwrap();
    edit_rows(other.path(), "rules", "8,8,5,1,1");
    let (_, stderr) = run_table(
        &other,
        &md,
        &certs,
        &["--rules", "8,8,5,1,1", "--time-limit", "0.05"],
    );
    assert!(stderr.contains("not about the empty board"), "{stderr}");
    let row = table_rows(other.path()).remove(0);
    assert_eq!(row["value"], "unknown", "{row:?}");
    assert!(row["certificate"].is_null(), "{row:?}");

    // A row whose certificate is not here is not merged into another table.
    edit_rows(json.path(), "certificate", &missing_path());
    let b = TempFile::new("b.json", b"[]");
    let b_md = TempFile::new("b.md", b"");
    let (_, stderr) = run_table(&b, &b_md, &certs, &["--merge", json.path()]);
    assert!(stderr.contains("4,4,3,2,1 not taken"), "{stderr}");
    assert!(stderr.contains("0 rows taken"), "{stderr}");
    assert!(table_rows(b.path()).is_empty());
}

/// A proven row without a certificate (from a run with --no-certificates) is solved again to
/// write one, keeping its value and the figures and command of the solve that proved it.
#[test]
fn table_certifies_rows_proven_without_one() {
    let json = TempFile::new("table.json", b"[]");
    let md = TempFile::new("table.md", b"");
    let certs = TempDir::new("certs");
    run_table(
        &json,
        &md,
        &certs,
        &["--rules", "5,4,4,2,1", "--no-certificates"],
    );
    let row = table_rows(json.path()).remove(0);
    assert!(row["certificate"].is_null(), "{row:?}");
    let (stdout, _) = run_table(&json, &md, &certs, &["--rules", "5,4,4,2,1"]);
    assert!(stdout.starts_with("5,4,4,2,1 "), "{stdout}");
    let again = table_rows(json.path()).remove(0);
    assert_eq!(again["value"], row["value"]);
    for field in ["nodes", "seconds", "command", "date"] {
        assert_eq!(again[field], row[field], "{field}");
    }
    let how = again["how"].as_str().unwrap();
    assert!(
        how.contains("The certificate comes from a later run"),
        "{how}"
    );
    let path = again["certificate"].as_str().expect("a certificate now");
    assert!(path.starts_with(certs.path()), "{path}");
    let out = run(&["check", path]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// With --tt-dir a row that ran out of time leaves a checkpoint, and the same command run
/// again continues it (the row's totals include the first session) instead of keeping the
/// unknown.
#[test]
fn table_rows_continue_from_their_checkpoints() {
    let json = TempFile::new("table.json", b"[]");
    let md = TempFile::new("table.md", b"");
    let certs = TempDir::new("certs");
    let tts = TempDir::new("tts");
    let args = [
        "--rules",
        "7,4,4,1,1",
        "--tt-dir",
        tts.path(),
        "--threads",
        "1",
        "--time-limit",
        "0.3",
    ];
    // stderr is no terminal here: each checkpoint is logged as a line instead of drawn.
    let often = [&args[..], &["--checkpoint-every", "0.01"]].concat();
    let (_, stderr) = run_table(&json, &md, &certs, &often);
    assert!(
        stderr.contains("checkpoint 1: ") && stderr.contains("run 1: root pn "),
        "{stderr}"
    );
    let first = table_rows(json.path()).remove(0);
    assert_eq!(first["value"], "unknown", "{first:?}");
    // The row says how far it got: the run, and its first stones read from the table file
    // (28 points, 8 of them distinct under the 4 symmetries of a 7x4 board).
    let how = first["how"].as_str().unwrap();
    assert!(how.contains("Stopped in run 1 (does Black win?)"), "{how}");
    assert!(how.contains(" 0 won, "), "{how}");
    let tally: Vec<usize> = how
        .rsplit("symmetry ")
        .next()
        .unwrap()
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    assert_eq!(tally.iter().sum::<usize>(), 8, "{how}");
    let ckpt = Path::new(tts.path()).join("7_4_4_1_1.tt.ckpt");
    assert!(ckpt.exists(), "no checkpoint beside the row's table");
    // The same limit again: continued, not kept.
    let (_, stderr) = run_table(&json, &md, &certs, &args);
    assert!(!stderr.contains("kept"), "{stderr}");
    let second = table_rows(json.path()).remove(0);
    assert!(
        second["how"]
            .as_str()
            .unwrap()
            .contains("Continued from a checkpoint")
    );
    assert!(
        second["nodes"].as_u64() > first["nodes"].as_u64(),
        "{second:?}"
    );
    // Finished with a larger limit: proven, checkpoint gone.
    let mut long = args;
    long[7] = "300";
    run_table(&json, &md, &certs, &long);
    let done = table_rows(json.path()).remove(0);
    assert_eq!(done["value"], "draw", "{done:?}");
    assert!(done["seconds"].as_f64() > first["seconds"].as_f64());
    assert!(!ckpt.exists(), "a finished row keeps no checkpoint");
}

/// A --split-turns run's progress says how many of the root's first stones the table holds
/// as refuted: the root's own numbers say nothing until the last one is settled.
#[test]
fn split_turn_progress_counts_refuted_first_stones() {
    let json = TempFile::new("split.json", b"[]");
    let md = TempFile::new("split.md", b"");
    let tts = TempDir::new("tts");
    let args = [
        "--rules",
        "7,4,4,1,1",
        "--tt-dir",
        tts.path(),
        "--threads",
        "1",
        "--split-turns",
        "--no-certificates",
        "--checkpoint-every",
        "0.05",
        "--time-limit",
        "120",
    ];
    let (_, stderr) = run_table(&json, &md, &TempDir::new("certs"), &args);
    // The count each checkpoint line gives; 28 points, 8 of them distinct under the 4
    // symmetries of a 7x4 board.
    let counts: Vec<usize> = stderr
        .lines()
        .filter(|l| l.starts_with("checkpoint ") && l.contains("run 1: "))
        .map(|l| {
            let tail = l.split("turns refuted ").nth(1).expect(l);
            assert!(tail.contains(" of 8 "), "{l}");
            tail.split(' ').next().unwrap().parse().expect(l)
        })
        .collect();
    // 7,4,4,1,1 takes about 4 s here with --split-turns, its first refutation about 1 s, so
    // many checkpoints come after it: the count rises, and never falls.
    assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
    assert!(counts.last().is_some_and(|&c| c >= 1), "{stderr}");
    let row = table_rows(json.path()).remove(0);
    assert_eq!(row["value"], "draw", "{row:?}");
}

#[test]
fn status_reports_a_stopped_solve() {
    // A solve stopped by its node limit leaves a checkpoint; `status` reads it back, by the
    // table file's name or the checkpoint's, as text or JSON.
    let tt = TempFile::new("status.tt", b"");
    let path = tt.path();
    let ckpt = format!("{path}.ckpt");
    // The same solve over the file, with `extra` options.
    let solve_over = |extra: &[&str]| {
        let mut args = vec![
            "solve",
            "--rules",
            "6,5,5,2,1",
            "--tt",
            path,
            "--tt-size",
            "8",
            "--json",
        ];
        args.extend_from_slice(extra);
        solve_json(&args)
    };
    let stopped = solve_over(&["--tt-reset", "--nodes", "3000", "--threads", "1"]);
    assert_eq!(stopped["value"], "unknown");
    let out = run(&["status", path]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    for want in [
        "Connect(6,5,5,2,1)",
        "the empty board, Black to move with 1 stone(s)",
        "run 1 of 2: does Black win?",
        "1 session(s), 1 checkpoint(s)",
        // 30 points, 9 of them distinct under the 4 symmetries of a 6x5 board.
        "9 stones up to symmetry: 0 won, ",
    ] {
        assert!(shown.contains(want), "{want:?} missing from {shown}");
    }
    let out = run(&["status", &ckpt, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let json: Map<String, Value> = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(json["rules"], "6,5,5,2,1");
    assert_eq!(json["run"], 1);
    assert_eq!(json["nodes"], stopped["nodes"]);
    assert_eq!(json["attacker"], "black");
    assert_eq!(json["first_stones"].as_array().map(Vec::len), Some(9));
    assert!(
        json["root"]["dn"].as_u64().is_some_and(|dn| dn > 0),
        "{json:?}"
    );
    // Inside a first stone: White's replies after C3. A stone on the middle row keeps the
    // 6x5 board's top-bottom mirror, so the 29 points left make 17 classes (5 on that row).
    let out = run(&["status", path, "--after", "C3", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let inside: Map<String, Value> = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(inside["after"], "C3");
    assert_eq!(inside["attacker_to_move"], false);
    assert_eq!(inside["first_stones"].as_array().map(Vec::len), Some(17));
    // Moves that cannot be played from the root: one line, exit 2.
    for bad in ["C3 C3", "Z9", "C3 x"] {
        let out = run(&["status", path, "--after", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = text(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    // Without its table file the checkpoint's own figures are still shown.
    let moved = format!("{path}.moved");
    std::fs::rename(path, &moved).unwrap();
    let out = run(&["status", path]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("no table file"));
    let out = run(&["status", path, "--after", "C3"]);
    assert_eq!(out.status.code(), Some(2), "--after needs the table");
    std::fs::rename(&moved, path).unwrap();
    // A finished solve removes its checkpoint: nothing to report, exit 1.
    let done = solve_over(&[]);
    assert_eq!(done["value"], "draw");
    let out = run(&["status", path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("no checkpoint"));
    // The checkpoint's own path says the same (exit 1) while the table file is there.
    let out = run(&["status", &ckpt]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("no checkpoint"));
    // A missing file, a directory or a damaged checkpoint are cases of `BAD_INPUTS`; a
    // damaged table file beside a good checkpoint is refused in one line too.
    solve_over(&["--tt-reset", "--nodes", "3000", "--threads", "1"]);
    let bytes = std::fs::read(path).unwrap();
    std::fs::write(path, &bytes[..bytes.len() - 1]).unwrap();
    assert_bad_input(&["status", path], "truncated or damaged");
    let _ = std::fs::remove_file(&ckpt);
}

/// Standard output on a full disk (`/dev/full`): one line naming it and exit 2, not a panic.
#[test]
fn a_full_standard_output_is_one_line() {
    let Ok(full) = std::fs::File::create("/dev/full") else {
        return; // no /dev/full on this system
    };
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_c6solve"))
        .args(["solve", "--rules", "3,3,3,1,1"])
        .stdout(full)
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("cannot write to standard output"),
        "{stderr}"
    );
}
