//! The puzzle suite in `puzzles/`: it parses, its fast subset solves as stated with zones off
//! and on, and its small-board answers agree with the independent minimax oracle.
//!
//! The whole suite (with the slow Connect6 kills) runs with `c6solve puzzles`; the figures
//! are in `results/puzzles.md`.

mod common;

use c6solve::puzzles::{self, RunOptions, Verdict};
use c6solve::{Cell, Color, Goal, Outcome};
use common::game_of;
use common::oracle::{self, Game, State, Val};
use std::path::Path;
use std::time::Duration;

fn suite() -> puzzles::Suite {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    puzzles::load(&dir).expect("the puzzle suite parses")
}

/// The issue asks for at least 100 Connect6 19x19 wins harvested from real games, kills
/// of 1 to 4 turns, plus proven no-wins and losses, and small-board puzzles.
#[test]
fn suite_has_what_the_issue_asks() {
    let s = suite();
    let c6 = |p: &&puzzles::Puzzle| *p.position.rules() == c6solve::Rules::connect6();
    let harvested_wins = s
        .puzzles
        .iter()
        .filter(c6)
        .filter(|p| {
            p.source.starts_with("lg") || p.source.starts_with("nz") || p.source.starts_with("cc")
        })
        .filter(|p| p.expected == Outcome::Win && p.depth.is_some_and(|d| (1..=4).contains(&d)))
        .count();
    assert!(
        harvested_wins >= 100,
        "{harvested_wins} harvested Connect6 wins"
    );
    let other = |v| {
        s.puzzles
            .iter()
            .filter(c6)
            .filter(|p| p.expected == v)
            .count()
    };
    assert!(other(Outcome::Loss) > 0 && other(Outcome::NoWin) > 0);
    let small: Vec<_> = s.puzzles.iter().filter(|p| p.has_tag("small")).collect();
    for v in [Outcome::Win, Outcome::Loss, Outcome::Draw, Outcome::NoWin] {
        assert!(
            small.iter().any(|p| p.expected == v),
            "no small {}",
            v.name()
        );
    }
    assert!(small.iter().any(|p| p.position.rules().p == 2));
}

/// Every puzzle tagged `fast` (cheap when it was made: harvested ones took at most 3,000
/// nodes, small ones under 0.2 s) solves to its expected value with the solver's default
/// settings, within a node budget far above that: a slower search shows up here as a failure
/// on any machine. The time limit only turns a hang into a named failure.
#[test]
fn fast_puzzles_solve_as_stated() {
    let s = suite();
    let fast: Vec<_> = s
        .puzzles
        .into_iter()
        .filter(|p| p.has_tag("fast"))
        .collect();
    assert!(fast.len() >= 100, "{} fast puzzles", fast.len());
    let mut failures = Vec::new();
    {
        let zones = c6solve::SolveOptions::default().zones;
        let opts = RunOptions {
            time_limit: Duration::from_secs(60),
            max_nodes: Some(100_000),
            zones,
            tt_mib: 16,
        };
        let rows = puzzles::run(&fast, &opts, |_| {}).expect("solves run");
        for r in rows.iter().filter(|r| r.verdict != Verdict::Correct) {
            failures.push(format!(
                "{} (zones {zones}): expected {}, got {}",
                r.id,
                r.expected.name(),
                r.got.name()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Relevance zones never change a proven value: the small-board puzzles (at most 0.2 s each)
/// solve as stated with zones off and on.
#[test]
fn small_fast_puzzles_agree_with_zones_off_and_on() {
    let s = suite();
    let small: Vec<_> = s
        .puzzles
        .into_iter()
        .filter(|p| p.has_tag("small") && p.has_tag("fast"))
        .collect();
    for zones in [false, true] {
        let opts = RunOptions {
            time_limit: Duration::from_secs(60),
            max_nodes: Some(1_000_000),
            zones,
            tt_mib: 16,
        };
        let rows = puzzles::run(&small, &opts, |_| {}).expect("solves run");
        for r in &rows {
            assert_eq!(
                r.verdict,
                Verdict::Correct,
                "{} zones {zones}: got {}",
                r.id,
                r.got.name()
            );
        }
    }
}

/// The oracle's view of a library position: board bytes (0 empty, 1 Black, 2 White), side
/// to move and stones left.
fn oracle_state(pos: &c6solve::Position) -> (Game, State) {
    let r = pos.rules();
    let g = game_of(r);
    let board = (0..r.cells())
        .map(|c| match pos.at(c as Cell) {
            None => 0,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        })
        .collect();
    let side = if pos.to_move() == Color::Black { 1 } else { 2 };
    (
        g,
        State {
            board,
            side,
            left: pos.stones_left() as u8,
        },
    )
}

/// Small-board puzzles with at most 13 empty points: the expected value in the file is
/// re-derived by exhaustive minimax that shares no code with the solver.
#[test]
fn small_puzzles_agree_with_the_oracle() {
    let s = suite();
    let mut checked = 0;
    for p in s.puzzles.iter().filter(|p| p.has_tag("small")) {
        let pos = &p.position;
        if pos.rules().cells() > 40 || pos.empties() > 13 {
            continue;
        }
        let (g, state) = oracle_state(pos);
        let v = oracle::Solver::new(g).value(&state);
        let want = match (p.goal, v) {
            (Goal::Hold, Val::Loss) => Outcome::Loss,
            (Goal::Hold, _) => Outcome::NoLoss,
            (_, Val::Win) => Outcome::Win,
            (Goal::Win, _) => Outcome::NoWin,
            (Goal::Value, Val::Draw) => Outcome::Draw,
            (Goal::Value, Val::Loss) => Outcome::Loss,
        };
        assert_eq!(
            p.expected, want,
            "{} ({}): oracle says {v:?}",
            p.id, p.origin
        );
        checked += 1;
    }
    assert!(
        checked >= 45,
        "only {checked} puzzles small enough for the oracle"
    );
}
