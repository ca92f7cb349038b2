//! `c6solve gtp` driven as a controller drives it: scripted sessions over the process's
//! stdin and stdout, checked response by response, and a real Connect6 kill played out by
//! `genmove` against defences the test chooses.

use c6solve::board::{Cell, Position};
use c6solve::input::{self, Source};
use c6solve::notation::{format_point, parse_point};
use c6solve::{Color, Rules, threats};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running engine.
struct Gtp {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gtp {
    fn start(args: &[&str]) -> Gtp {
        let mut child = Command::new(env!("CARGO_BIN_EXE_c6solve"))
            .arg("gtp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Gtp {
            child,
            input,
            output,
        }
    }

    /// Sends one line and reads the whole response (up to its blank line): its status
    /// character and id part (`=`, `?3`, ...) and its text.
    fn raw(&mut self, line: &str) -> (String, String) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        let mut lines = Vec::new();
        loop {
            let mut l = String::new();
            assert!(
                self.output.read_line(&mut l).unwrap() > 0,
                "the engine ended"
            );
            let l = l.trim_end_matches('\n').to_string();
            if l.is_empty() {
                break;
            }
            lines.push(l);
        }
        let first = lines.remove(0);
        let (head, rest) = first.split_once(' ').unwrap_or((&first, ""));
        let mut text = rest.to_string();
        for l in lines {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&l);
        }
        (head.to_string(), text)
    }

    /// A command that must succeed: its text.
    fn ok(&mut self, cmd: &str) -> String {
        let (head, text) = self.raw(cmd);
        assert_eq!(head, "=", "{cmd} failed: {text}");
        text
    }

    /// A command that must fail: its message.
    fn err(&mut self, cmd: &str) -> String {
        let (head, text) = self.raw(cmd);
        assert_eq!(head, "?", "{cmd} should fail, answered {text}");
        assert!(!text.is_empty(), "{cmd}: a failure says why");
        text
    }

    fn quit(mut self) {
        assert_eq!(self.raw("quit").0, "=");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

#[test]
fn handshake_and_identification() {
    let mut e = Gtp::start(&[]);
    assert_eq!(e.ok("protocol_version"), "2");
    assert_eq!(e.ok("name"), "c6solve");
    assert!(!e.ok("version").is_empty());
    assert_eq!(e.raw("42 name"), ("=42".into(), "c6solve".into()));
    assert_eq!(e.raw("43 frobnicate").0, "?43");
    let list = e.ok("list_commands");
    for cmd in [
        "play",
        "genmove",
        "undo",
        "time_settings",
        "c6solve-solve",
        "c6solve-zone",
        "c6solve-pv",
        "c6solve-verify",
        "gogui-rules_side_to_move",
        "gogui-analyze_commands",
    ] {
        assert!(list.lines().any(|l| l == cmd), "{cmd} listed");
        assert_eq!(e.ok(&format!("known_command {cmd}")), "true");
    }
    assert_eq!(e.ok("known_command frobnicate"), "false");
    assert_eq!(e.ok("gogui-rules_game_id"), "Connect6");
    assert_eq!(e.ok("gogui-rules_board_size"), "19");
    let menu = e.ok("gogui-analyze_commands");
    for cmd in [
        "c6solve-solve",
        "c6solve-zone",
        "c6solve-pv",
        "c6solve-verify",
    ] {
        assert!(
            menu.lines().any(|l| l.split('/').nth(2) == Some(cmd)),
            "{cmd} in the menu:\n{menu}"
        );
    }
    e.quit();
}

/// Connect6 turns: one Black stone, then two stones a side, each its own `play`; GoGui
/// learns whose turn it is from `gogui-rules_side_to_move`.
#[test]
fn two_stones_a_turn_and_the_board() {
    let mut e = Gtp::start(&[]);
    e.ok("boardsize 7");
    assert_eq!(e.ok("gogui-rules_legal_moves").split(' ').count(), 49);
    assert_eq!(e.ok("gogui-rules_side_to_move"), "black");
    e.ok("play b D4");
    assert_eq!(e.ok("gogui-rules_side_to_move"), "white");
    e.ok("play w C3");
    assert_eq!(e.ok("gogui-rules_side_to_move"), "white");
    e.ok("play W e5");
    assert_eq!(e.ok("gogui-rules_side_to_move"), "black");
    let legal = e.ok("gogui-rules_legal_moves");
    assert_eq!(legal.split(' ').count(), 46);
    assert!(
        !legal
            .split(' ')
            .any(|p| p == "D4" || p == "C3" || p == "E5")
    );
    let board = e.ok("gogui-rules_board");
    let rows: Vec<&str> = board.lines().collect();
    assert_eq!(rows.len(), 7);
    assert_eq!(rows[2], "....O.."); // row 5 from the top is the third line
    assert_eq!(rows[3], "...X...");
    assert_eq!(rows[4], "..O....");
    e.ok("undo");
    assert_eq!(e.ok("gogui-rules_side_to_move"), "white");
    assert_eq!(e.ok("gogui-rules_board").lines().nth(2), Some("......."));
    e.ok("clear_board");
    assert_eq!(e.ok("gogui-rules_legal_moves").split(' ').count(), 49);
    e.quit();
}

/// Every kind of bad command is a `?` response, and the game is as it was after it.
#[test]
fn errors_are_responses_and_change_nothing() {
    let mut e = Gtp::start(&["--rules", "tictactoe"]);
    assert!(e.err("play b").contains("usage"));
    assert!(e.err("play x B2").contains("color"));
    assert!(e.err("play b Z9").contains("off"));
    assert!(e.err("play b I1").contains("I"));
    assert!(e.err("play b pass").contains("pass"));
    assert!(e.err("play w B2").contains("Black's turn"));
    assert!(e.err("genmove w").contains("Black's turn"));
    assert!(e.err("undo").contains("undo"));
    assert!(e.err("boardsize 0").contains("size"));
    assert!(e.err("boardsize many").contains("size"));
    assert!(e.err("c6solve-rules 3,3").contains("rules"));
    assert!(e.err("c6solve-solve w").contains("turn"));
    assert!(e.err("c6solve-solve -3").contains("usage"));
    assert!(e.err("time_settings 10 x 1").contains("time"));
    assert!(e.err("gogui-rules_board extra").contains("no arguments"));
    assert!(e.err("\u{7}gogui-rules_nonsense").contains("unknown"));
    // Nothing above changed the game: still the empty tic-tac-toe board.
    assert_eq!(e.ok("gogui-rules_board"), "...\n...\n...");
    e.ok("play b B2");
    assert!(e.err("play w B2").contains("taken"));
    // A win ends the game: no more moves, and the result is known.
    for (c, p) in [("w", "A1"), ("b", "A2"), ("w", "C1"), ("b", "C2")] {
        e.ok(&format!("play {c} {p}"));
    }
    assert_eq!(e.ok("gogui-rules_final_result"), "black");
    assert_eq!(e.ok("gogui-rules_legal_moves"), "");
    assert!(e.err("play w B1").contains("over"));
    assert!(e.err("genmove w").contains("over"));
    // Bytes that are not UTF-8 are an unknown command; comments and blank lines get no
    // response at all (the next response is the next command's).
    e.input.write_all(b"# comment\n\n   \n").unwrap();
    e.input.write_all(b"\xff\xfe").unwrap();
    assert!(e.err("").contains("unknown"));
    assert_eq!(e.raw("5 name"), ("=5".into(), "c6solve".into()));
    e.quit();
}

/// The solver commands on a small board whose value the literature gives: 4x3 three in a
/// row is a first-player win.
#[test]
fn solver_commands_answer_proven_values() {
    let mut e = Gtp::start(&["--rules", "4,3,3,1,1"]);
    let solved = e.ok("c6solve-solve b 30");
    let words: Vec<&str> = solved.split(' ').collect();
    assert_eq!(words[0], "win", "{solved}");
    assert_eq!(words[words.len() - 2], "nodes");
    assert!(words[words.len() - 1].parse::<u64>().unwrap() > 0);
    let zone = e.ok("c6solve-zone");
    assert!(zone.lines().any(|l| l.starts_with("SQUARE ")), "{zone}");
    let pv = e.ok("c6solve-pv");
    assert!(pv.starts_with("VAR b "), "{pv}");
    let verified = e.ok("c6solve-verify");
    assert!(verified.starts_with("valid:"), "{verified}");
    // The line the main line gives starts with the stone the solve named.
    assert_eq!(pv.split(' ').nth(2), Some(words[1]));
    e.ok("clear_board");
    e.ok("c6solve-rules tictactoe");
    assert!(e.ok("c6solve-solve").starts_with("draw "));
    e.ok("play b A1");
    e.ok("play w C3");
    e.ok("play b C1");
    // White to move cannot force a win (tic-tac-toe is a draw and Black threatens B1), so
    // White's `B1` is no kill line.
    let v = e.ok("c6solve-verify B1");
    assert!(!v.starts_with("verified"), "{v}");
    e.quit();
}

/// The default puzzle's position (Little Golem game lg1813145, Black to move and win) as a
/// move list in an order the turn structure allows.
fn kill_position() -> (Rules, Vec<Cell>, Position) {
    let pos = input::load(
        None,
        &Source::Diagram(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/lg1813145.txt").into()),
    )
    .unwrap();
    let rules = *pos.rules();
    let mut stones = [Vec::new(), Vec::new()];
    for c in 0..rules.cells() as Cell {
        if let Some(color) = pos.at(c) {
            stones[color.index()].push(c);
        }
    }
    let total = stones[0].len() + stones[1].len();
    let mut moves = Vec::new();
    for i in 0..total {
        let color = rules.turn_after(i).0;
        moves.push(
            stones[color.index()]
                .pop()
                .expect("the counts fit the turns"),
        );
    }
    let replayed = Position::from_moves(rules, &moves).unwrap();
    assert_eq!(replayed.to_move(), Color::Black);
    assert_eq!(replayed.stones_left(), 2);
    (rules, moves, replayed)
}

/// A defence: White's stones for its turn, from its own copy of the game.
type Defence = fn(&Position, u64) -> Cell;

/// Blocks one of Black's winning points when Black threatens to win, else plays next to
/// the last stone.
fn blocking(pos: &Position, _turn: u64) -> Cell {
    if let Some(cells) = threats::winning_cells(pos, Color::Black, pos.rules().p) {
        return cells[0];
    }
    near(pos, 0)
}

/// A pseudo-random empty point among those next to a stone.
fn near(pos: &Position, seed: u64) -> Cell {
    let r = pos.rules();
    let w = r.width as i32;
    let candidates: Vec<Cell> = pos
        .empty_points()
        .filter(|&c| {
            let (x, y) = (c as i32 % w, c as i32 / w);
            (-1..=1).any(|dy| {
                (-1..=1).any(|dx| {
                    let (nx, ny) = (x + dx, y + dy);
                    (0..w).contains(&nx)
                        && (0..r.height as i32).contains(&ny)
                        && pos.at((ny * w + nx) as Cell).is_some()
                })
            })
        })
        .collect();
    let mix = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    candidates[(mix >> 33) as usize % candidates.len()]
}

fn random(pos: &Position, turn: u64) -> Cell {
    near(pos, turn * 7919 + 17)
}

/// Plays the kill out: Black's stones come from `genmove b`, White's from `defence`; the
/// game must end in Black's six within the three turns the puzzle promises, with every
/// generated stone legal.
fn play_out(defence: Defence) {
    let (rules, moves, mut pos) = kill_position();
    let mut e = Gtp::start(&["--time-limit", "30"]);
    e.ok("time_settings 0 20 1");
    for (i, &c) in moves.iter().enumerate() {
        let color = if rules.turn_after(i).0 == Color::Black {
            "b"
        } else {
            "w"
        };
        e.ok(&format!("play {color} {}", format_point(&rules, c)));
    }
    let mut black_stones = 0;
    let mut turn = 0u64;
    while pos.winner().is_none() {
        assert_eq!(e.ok("gogui-rules_final_result"), "unknown");
        if pos.to_move() == Color::Black {
            black_stones += 1;
            assert!(black_stones <= 6, "the kill takes more turns than proven");
            let stone = e.ok("genmove b");
            let cell = parse_point(&rules, &stone).expect("genmove answers a point");
            pos.try_play(cell).expect("genmove plays a legal stone");
        } else {
            turn += 1;
            let cell = defence(&pos, turn);
            e.ok(&format!("play w {}", format_point(&rules, cell)));
            pos.play(cell);
        }
        assert_eq!(
            e.ok("gogui-rules_side_to_move"),
            if pos.to_move() == Color::Black {
                "black"
            } else {
                "white"
            }
        );
    }
    assert_eq!(pos.winner(), Some(Color::Black));
    assert_eq!(e.ok("gogui-rules_final_result"), "black");
    e.quit();
}

#[test]
fn genmove_plays_a_real_kill_out_against_blocking() {
    play_out(blocking);
}

#[test]
fn genmove_plays_a_real_kill_out_against_random_stones() {
    play_out(random);
}
