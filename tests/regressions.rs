//! Positions with known values, checked through the solver.
//!
//! When `tests/exhaustive.rs` (or anything else) finds the solver disagreeing with the truth,
//! its message gives the rules and the move list: add the case here as a `check(...)` test so
//! the bug stays fixed. The first tests are empty boards whose values come from the literature.

mod common;

use c6solve::{Goal, Outcome, SolveOptions, solve};
use common::position;

/// Solves the position after `moves` (Go-style points in play order) under `rules`
/// (`m,n,k,p,q`) and expects `expected` (Win, Loss or Draw for the side to move) from
/// `Goal::Value`, and the matching answer from `Goal::Win`.
fn check(rules: &str, moves: &str, expected: Outcome) {
    let pos = position(rules, moves);
    let solve_for = |goal| {
        let opts = SolveOptions {
            goal,
            tt_mib: 16,
            ..Default::default()
        };
        solve(&pos, &opts).expect("solver runs").value
    };
    let what = format!("Connect({rules}) after \"{moves}\"");
    assert_eq!(solve_for(Goal::Value), expected, "{what}: value");
    let win = if expected == Outcome::Win {
        Outcome::Win
    } else {
        Outcome::NoWin
    };
    assert_eq!(
        solve_for(Goal::Win),
        win,
        "{what}: can the side to move win?"
    );
}

#[test]
fn tictactoe_is_a_draw() {
    check("3,3,3,1,1", "", Outcome::Draw);
}

#[test]
fn connect_4_3_3_1_1_is_a_first_player_win() {
    check("4,3,3,1,1", "", Outcome::Win);
}

#[test]
fn connect_4_4_4_1_1_is_a_draw() {
    check("4,4,4,1,1", "", Outcome::Draw);
}

#[test]
fn connect_4_4_3_2_1_is_a_first_player_win() {
    check("4,4,3,2,1", "", Outcome::Win);
}

#[test]
fn connect_4_4_4_2_1_is_a_draw() {
    check("4,4,4,2,1", "", Outcome::Draw);
}
