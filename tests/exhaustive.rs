//! Checks the solver against an independent exhaustive minimax on small boards.
//!
//! The oracle below shares no code with the library's board or search: it keeps the board as
//! plain bytes, finds lines by scanning from the last stone, and tries every empty point at
//! every single-stone ply. It is slow but small enough to be read and trusted at a glance.
//! The library is used only to build the position handed to `solve` and to print moves.
//!
//! Set `C6_ORACLE_ONLY=1` to skip the solver calls: the run then measures generation and
//! minimax alone and prints the category counts (useful when retuning the generator).

use c6solve::notation::format_moves;
use c6solve::{Cell, Color, Goal, Outcome, Position, Rules, SolveOptions, solve};
use common::game_of;
use common::oracle::{self, Game, State, Val};
use common::rng::Rng;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// Shared helpers, with the exhaustive single-stone minimax (`common::oracle`) written from
/// the rules alone.
mod common;

fn rules(m: u16, n: u16, k: u16, p: u16, q: u16) -> Rules {
    Rules::new(m, n, k, p, q).expect("valid test rules")
}

fn outcome_of(v: Val) -> Outcome {
    match v {
        Val::Win => Outcome::Win,
        Val::Draw => Outcome::Draw,
        Val::Loss => Outcome::Loss,
    }
}

/// The oracle's value of the position after `moves` (which must not end the game).
fn oracle_value(r: &Rules, moves: &[Cell]) -> Val {
    let g = game_of(r);
    let moves: Vec<usize> = moves.iter().map(|&c| c as usize).collect();
    let s = g.replay(&moves).expect("hand position ends the game");
    oracle::Solver::new(g).value(&s)
}

fn oracle_only() -> bool {
    std::env::var_os("C6_ORACLE_ONLY").is_some()
}

/// Runs the solver with one goal. A small table (boards here have at most 36 points) keeps
/// a thousand solves from spending their time clearing memory; the time limit turns a hang
/// into a failure that names the position (`unknown`) instead of a stuck test run.
fn solver_value(pos: &Position, goal: Goal, zones: bool, threads: usize) -> Outcome {
    let opts = SolveOptions {
        goal,
        zones,
        threads,
        tt_mib: 4,
        time_limit: Some(Duration::from_secs(120)),
        ..Default::default()
    };
    solve(pos, &opts).expect("solver runs").value
}

/// Compares the three goals of the solver with the oracle; returns a report line on disagreement.
fn compare(r: &Rules, moves: &[Cell], expected: Val) -> Option<String> {
    let pos = Position::from_moves(*r, moves).expect("generated moves are legal");
    let want = outcome_of(expected);
    let want_win = if want == Outcome::Win {
        Outcome::Win
    } else {
        Outcome::NoWin
    };
    let want_hold = if want == Outcome::Loss {
        Outcome::Loss
    } else {
        Outcome::NoLoss
    };
    // A panic is reported with its position like any disagreement instead of ending the run.
    // The goals run on one thread with relevance zones off and on (pruning must never change
    // a value), then on two threads sharing the table (neither may the thread count).
    let run = |goal, zones, threads| {
        catch_unwind(AssertUnwindSafe(|| {
            solver_value(&pos, goal, zones, threads)
        }))
        .ok()
    };
    let (mut got, mut got_win, mut got_hold, mut setting) = (None, None, None, "");
    for (zones, threads, name) in [
        (false, 1, "zones off"),
        (true, 1, "zones on"),
        (true, 2, "2 threads, zones on"),
    ] {
        (got, got_win, got_hold, setting) = (
            run(Goal::Value, zones, threads),
            run(Goal::Win, zones, threads),
            run(Goal::Hold, zones, threads),
            name,
        );
        if got != Some(want) || got_win != Some(want_win) || got_hold != Some(want_hold) {
            break;
        }
    }
    if got == Some(want) && got_win == Some(want_win) && got_hold == Some(want_hold) {
        return None;
    }
    let name = |o: Option<Outcome>| o.map_or("panic", Outcome::name);
    Some(format!(
        "rules {r} moves \"{}\" ({setting}): oracle {}, solver Value {} / Win {} (want {}) / \
         Hold {} (want {})",
        format_moves(r, moves),
        want.name(),
        name(got),
        name(got_win),
        want_win.name(),
        name(got_hold),
        want_hold.name()
    ))
}

// ---------------------------------------------------------------------------------------------
// The oracle on positions whose values are worked out by hand.

fn hand(r: Rules, moves: &str) -> Val {
    let cells = c6solve::notation::parse_moves(&r, moves).expect("hand moves parse");
    oracle_value(&r, &cells)
}

#[test]
fn oracle_win_in_one() {
    // Tic-tac-toe, Black to move with A1 B1 against A2 B2: C1 completes the row.
    assert_eq!(hand(rules(3, 3, 3, 1, 1), "A1 A2 B1 B2"), Val::Win);
}

#[test]
fn oracle_overline_wins() {
    // Black A1 B1 . D1 E1 with k = 4: C1 makes five, which also wins. White's row 2 is the
    // same shape, so if overlines did not count the game would go on.
    let r = rules(5, 2, 4, 1, 1);
    assert_eq!(hand(r, "A1 A2 B1 B2 D1 D2 E1 E2"), Val::Win);
}

#[test]
fn oracle_double_threat_loses_with_one_stone() {
    // 6x1, k = 3. White C1 D1 threatens B1 and E1; Black (A1, F1) has no line of its own
    // and one stone can block only one of them.
    assert_eq!(hand(rules(6, 1, 3, 1, 1), "A1 C1 F1 D1"), Val::Loss);
}

#[test]
fn oracle_p2_must_block_first() {
    // The same shape with two stones a turn: Black, to move with 2, cannot win (A1's only
    // window holds C1) and must spend both stones on B1 and E1; then nothing is left to win.
    // A Black first stone anywhere else loses at once, so this checks stones-left handling.
    assert_eq!(hand(rules(6, 1, 3, 2, 1), "A1 C1 D1"), Val::Draw);
    // Mid-turn: after B1 the last stone blocks E1 (draw); after F1 one threat stays (loss).
    assert_eq!(hand(rules(6, 1, 3, 2, 1), "A1 C1 D1 B1"), Val::Draw);
    assert_eq!(hand(rules(6, 1, 3, 2, 1), "A1 C1 D1 F1"), Val::Loss);
}

#[test]
fn oracle_p2_second_stone_wins() {
    // 5x1, k = 3, two stones a turn: Black A1, White D1 E1. Black plays B1 and C1 for three.
    assert_eq!(hand(rules(5, 1, 3, 2, 1), "A1 D1 E1"), Val::Win);
}

#[test]
fn oracle_k_beyond_board_is_draw() {
    assert_eq!(hand(rules(3, 3, 4, 1, 1), ""), Val::Draw);
    assert_eq!(hand(rules(1, 1, 2, 1, 1), ""), Val::Draw);
    assert_eq!(hand(rules(1, 1, 1, 1, 1), ""), Val::Win);
}

// ---------------------------------------------------------------------------------------------
// Empty boards with values from the literature.

/// Checks the oracle (when `oracle_too`) and the solver on the empty board of `r`.
fn empty_board(r: Rules, expected: Outcome, oracle_too: bool) {
    if oracle_too {
        let start = Instant::now();
        let v = outcome_of(oracle_value(&r, &[]));
        eprintln!("oracle {r}: {} in {:.2?}", v.name(), start.elapsed());
        assert_eq!(v, expected, "oracle on the empty {r} board");
    }
    if oracle_only() {
        return;
    }
    let pos = Position::new(r);
    for threads in [1, 2] {
        assert_eq!(
            solver_value(&pos, Goal::Value, false, threads),
            expected,
            "solver, empty {r}, {threads} threads"
        );
    }
}

#[test]
fn empty_3_3_3_1_1_draw() {
    empty_board(rules(3, 3, 3, 1, 1), Outcome::Draw, true);
}

#[test]
fn empty_4_3_3_1_1_win() {
    empty_board(rules(4, 3, 3, 1, 1), Outcome::Win, true);
}

#[test]
fn empty_4_4_3_2_1_win() {
    empty_board(rules(4, 4, 3, 2, 1), Outcome::Win, true);
}

#[test]
fn empty_5_4_3_2_1_win() {
    empty_board(rules(5, 4, 3, 2, 1), Outcome::Win, true);
}

#[test]
fn empty_4_4_4_3_2_draw() {
    empty_board(rules(4, 4, 4, 3, 2), Outcome::Draw, true);
}

// The two 4x4 k = 4 draws need the whole game tree: the oracle takes about a minute each in
// release and five to seven in debug, so by default only the solver is held to the literature
// value; `cargo test --release --test exhaustive -- --ignored` runs the oracle on them too.

#[test]
fn empty_4_4_4_1_1_draw() {
    empty_board(rules(4, 4, 4, 1, 1), Outcome::Draw, false);
}

#[test]
fn empty_4_4_4_2_1_draw() {
    empty_board(rules(4, 4, 4, 2, 1), Outcome::Draw, false);
}

#[test]
#[ignore = "slow: about a minute in release"]
fn oracle_empty_4_4_4_1_1_draw() {
    assert_eq!(oracle_value(&rules(4, 4, 4, 1, 1), &[]), Val::Draw);
}

#[test]
#[ignore = "slow: about a minute in release"]
fn oracle_empty_4_4_4_2_1_draw() {
    assert_eq!(oracle_value(&rules(4, 4, 4, 2, 1), &[]), Val::Draw);
}

// ---------------------------------------------------------------------------------------------
// Random positions.

/// A rule set and how to sample it: `cases` positions, each with at most `max_empty` empty
/// points (so the oracle stays affordable) and at least one.
struct Spec {
    rules: (u16, u16, u16, u16, u16),
    cases: usize,
    max_empty: usize,
}

const fn spec(rules: (u16, u16, u16, u16, u16), cases: usize, max_empty: usize) -> Spec {
    Spec {
        rules,
        cases,
        max_empty,
    }
}

/// One stone per turn, including the degenerate k = 1, 2 and k larger than the board.
const SPECS_P1: &[Spec] = &[
    spec((1, 1, 1, 1, 1), 2, 1),
    spec((1, 1, 2, 1, 1), 2, 1),
    spec((2, 2, 2, 1, 1), 10, 4),
    spec((3, 3, 2, 1, 2), 10, 9),
    spec((3, 3, 3, 1, 1), 40, 9),
    spec((3, 3, 3, 1, 2), 30, 9),
    spec((3, 3, 4, 1, 1), 10, 9),
    spec((4, 3, 3, 1, 1), 40, 12),
    spec((4, 4, 3, 1, 1), 50, 12),
    spec((4, 4, 4, 1, 1), 60, 12),
    spec((5, 4, 4, 1, 1), 50, 12),
    spec((5, 5, 4, 1, 1), 50, 12),
    spec((5, 5, 5, 1, 1), 40, 12),
    spec((6, 1, 3, 1, 1), 20, 6),
    spec((1, 6, 4, 1, 2), 10, 6),
    spec((6, 5, 5, 1, 1), 40, 12),
    spec((6, 6, 5, 1, 1), 50, 12),
    spec((6, 6, 6, 1, 1), 30, 12),
    spec((6, 6, 7, 1, 1), 10, 10),
];

/// Several stones per turn: Connect6-like and beyond.
const SPECS_P23: &[Spec] = &[
    spec((2, 2, 3, 2, 1), 5, 4),
    spec((3, 3, 3, 2, 1), 40, 9),
    spec((3, 3, 3, 2, 2), 20, 9),
    spec((3, 3, 4, 3, 2), 10, 9),
    spec((4, 4, 3, 2, 1), 40, 12),
    spec((4, 4, 4, 2, 1), 60, 12),
    spec((4, 4, 4, 3, 2), 40, 13),
    spec((5, 4, 4, 2, 1), 50, 12),
    spec((5, 5, 4, 2, 2), 40, 12),
    spec((5, 5, 5, 2, 1), 50, 12),
    spec((5, 5, 3, 3, 2), 20, 12),
    spec((6, 1, 3, 2, 1), 20, 6),
    spec((6, 6, 5, 2, 1), 50, 12),
    spec((6, 6, 6, 2, 1), 50, 12),
    spec((6, 6, 6, 3, 2), 30, 12),
    spec((6, 5, 7, 2, 1), 10, 10),
];

/// Plays random stones that do not end the game until `stones` are down, or until every
/// empty point would win (then the position is kept as it is: a win in one).
fn random_moves(g: &Game, stones: usize, rng: &mut Rng) -> (State, Vec<usize>) {
    let mut s = g.start();
    let mut moves = Vec::new();
    while moves.len() < stones {
        let safe: Vec<usize> = (0..s.board.len())
            .filter(|&c| s.board[c] == 0 && !g.play(&mut s.clone(), c))
            .collect();
        if safe.is_empty() {
            break;
        }
        let c = safe[rng.below(safe.len())];
        g.play(&mut s, c);
        moves.push(c);
    }
    (s, moves)
}

/// Positions compared with the solver stop after this many disagreements.
const MAX_FAILURES: usize = 20;

/// Oracle values per category (Loss, Draw, Win) and the disagreements found.
#[derive(Default)]
struct Tally {
    counts: [usize; 3],
    failures: Vec<String>,
}

/// Generates and checks the positions of one spec.
fn run_spec(sp: &Spec, rng: &mut Rng, tally: &mut Tally) {
    let (m, n, k, p, q) = sp.rules;
    let r = rules(m, n, k, p, q);
    let mut oracle = oracle::Solver::new(game_of(&r));
    let (start, before) = (Instant::now(), tally.counts);
    // Wins are the most common result; past this many, won positions are drawn again.
    let win_cap = (sp.cases * 2).div_ceil(5);
    for _ in 0..sp.cases {
        let wins = tally.counts[Val::Win as usize] - before[Val::Win as usize];
        let (s, moves, v) = sample_capped(sp, &mut oracle, rng, wins >= win_cap);
        tally.counts[v as usize] += 1;
        // Enough disagreements to debug with; a broken solver should not take the whole run.
        if oracle_only() || tally.failures.len() >= MAX_FAILURES {
            continue;
        }
        let moves: Vec<Cell> = moves.iter().map(|&c| c as Cell).collect();
        if let Some(f) = turn_mismatch(&r, &moves, &s).or_else(|| compare(&r, &moves, v)) {
            tally.failures.push(f);
        }
    }
    let c = tally.counts;
    eprintln!(
        "  {r}: {} wins, {} draws, {} losses in {:.2?}",
        c[2] - before[2],
        c[1] - before[1],
        c[0] - before[0],
        start.elapsed()
    );
}

/// Like [`sample`], but when `no_win` tries a few times to find a position that is not won.
fn sample_capped(
    sp: &Spec,
    oracle: &mut oracle::Solver,
    rng: &mut Rng,
    no_win: bool,
) -> (State, Vec<usize>, Val) {
    let mut tries = 0;
    loop {
        let x = sample(sp, oracle, rng);
        tries += 1;
        if !no_win || x.2 != Val::Win || tries == 50 {
            return x;
        }
    }
}

/// One random position of `sp` with its oracle value. Random play rarely leaves the side to
/// move lost, so three in four won positions are carried on with winning stones to the end of
/// the turn, which leaves the opponent lost in a position reached by strong play.
fn sample(sp: &Spec, oracle: &mut oracle::Solver, rng: &mut Rng) -> (State, Vec<usize>, Val) {
    let g = oracle.game;
    let cells = g.w * g.h;
    let least = cells.saturating_sub(sp.max_empty);
    let stones = least + rng.below(cells - least);
    let (s, mut moves) = random_moves(&g, stones, rng);
    let v = oracle.value(&s);
    if v == Val::Win
        && rng.below(4) != 0
        && let Some(lost) = finish_winning_turn(oracle, &s, &mut moves, rng)
    {
        let v = oracle.value(&lost);
        assert_eq!(v, Val::Loss, "oracle inconsistent after a winning turn");
        return (lost, moves, v);
    }
    (s, moves, v)
}

/// From a won position, plays stones that keep the win without winning at once until the turn
/// passes, appending them to `moves`. None (and `moves` unchanged) if no such stones exist.
fn finish_winning_turn(
    oracle: &mut oracle::Solver,
    s: &State,
    moves: &mut Vec<usize>,
    rng: &mut Rng,
) -> Option<State> {
    let g = oracle.game;
    let mut cur = s.clone();
    let mut added = Vec::new();
    while cur.side == s.side {
        let n = cur.board.len();
        let offset = rng.below(n);
        let keeps_win = |c: usize, oracle: &mut oracle::Solver| {
            let mut child = cur.clone();
            if cur.board[c] != 0 || g.play(&mut child, c) {
                return None;
            }
            let v = oracle.value(&child);
            let v = if child.side == cur.side { v } else { v.flip() };
            (v == Val::Win).then_some(child)
        };
        let (c, child) = (0..n)
            .map(|i| (i + offset) % n)
            .find_map(|c| keeps_win(c, oracle).map(|ch| (c, ch)))?;
        added.push(c);
        cur = child;
    }
    moves.extend(added);
    Some(cur)
}

/// The library and the oracle must agree on whose turn it is before values mean anything.
fn turn_mismatch(r: &Rules, moves: &[Cell], s: &State) -> Option<String> {
    let pos = Position::from_moves(*r, moves).expect("generated moves are legal");
    let side = if s.side == 1 {
        Color::Black
    } else {
        Color::White
    };
    if (pos.to_move(), pos.stones_left()) == (side, s.left as u16) {
        return None;
    }
    Some(format!(
        "rules {r} moves \"{}\": library says {} with {} left, oracle {side} with {}",
        format_moves(r, moves),
        pos.to_move(),
        pos.stones_left(),
        s.left
    ))
}

/// Runs every spec, prints the counts and checks both agreement and the category balance.
fn run_all(name: &str, specs: &[Spec], seed: u64) {
    let start = Instant::now();
    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    for sp in specs {
        run_spec(sp, &mut rng, &mut tally);
    }
    let [loss, draw, win] = tally.counts;
    let total = loss + draw + win;
    eprintln!(
        "{name}: {total} positions: {win} wins, {draw} draws, {loss} losses in {:.2?}",
        start.elapsed()
    );
    assert!(
        tally.failures.is_empty(),
        "{} disagreements with the oracle:\n{}",
        tally.failures.len(),
        tally.failures.join("\n")
    );
    // Each result must be common enough that a solver biased towards one answer is caught.
    for (label, c) in [("wins", win), ("draws", draw), ("losses", loss)] {
        assert!(c * 100 >= total * 15, "{name}: only {c} {label} of {total}");
    }
}

#[test]
fn random_positions_one_stone_per_turn() {
    run_all("p = 1", SPECS_P1, 0x5EED_0001);
}

#[test]
fn random_positions_several_stones_per_turn() {
    run_all("p > 1", SPECS_P23, 0x5EED_0002);
}

#[test]
fn specs_cover_enough_positions() {
    let total: usize = SPECS_P1.iter().chain(SPECS_P23).map(|s| s.cases).sum();
    assert!(total >= 1000, "only {total} random positions");
}

// ---------------------------------------------------------------------------------------------
// Pairing strategies against the oracle.

/// Rule sets the strategy claims (pairings, potentials) are checked on: p = 1, 2, 3.
const CLAIM_SPECS: &[(u16, u16, u16, u16, u16)] = &[
    (4, 4, 4, 1, 1),
    (5, 4, 4, 1, 1),
    (5, 5, 5, 1, 1),
    (6, 6, 6, 1, 1),
    (4, 4, 4, 2, 1),
    (5, 4, 5, 2, 1),
    (5, 5, 4, 2, 2),
    (5, 5, 5, 2, 1),
    (6, 5, 5, 2, 1),
    (6, 6, 6, 2, 1),
    (6, 6, 5, 2, 2),
    (4, 4, 4, 3, 2),
    (6, 6, 6, 3, 2),
    (6, 5, 6, 3, 1),
    (5, 5, 5, 3, 1),
    (6, 6, 6, 3, 3),
];

/// What [`check_claims`] found: claims the oracle refutes, and per p (index p - 1) the
/// claims made while the attacker still had a live window (the non-trivial ones).
struct Claims {
    failures: Vec<String>,
    live: [usize; 3],
}

impl Claims {
    /// No claim refuted by the oracle, and at least 15 non-trivial claims for every p, so
    /// that a test cannot pass by never claiming anything.
    fn assert_sound_and_enough(&self, what: &str) {
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n"));
        for (i, &c) in self.live.iter().enumerate() {
            assert!(
                c >= 15,
                "only {c} non-trivial {what} claims for p = {}",
                i + 1
            );
        }
    }
}

/// `count` random positions of the rules `r` (`g` for the oracle), each with at most 11 empty
/// points, which keeps the oracle to a few milliseconds a position: the oracle's state, the
/// moves and the library's position. Positions where the game is over are left out.
fn random_positions(
    r: &Rules,
    g: &Game,
    count: usize,
    rng: &mut Rng,
) -> Vec<(State, Vec<Cell>, Position)> {
    positions_with_empties(r, g, count, 11, rng)
}

/// [`random_positions`] with at most `empties` empty points.
fn positions_with_empties(
    r: &Rules,
    g: &Game,
    count: usize,
    empties: usize,
    rng: &mut Rng,
) -> Vec<(State, Vec<Cell>, Position)> {
    let cells = r.cells();
    let mut out = Vec::new();
    for _ in 0..count {
        let least = cells.saturating_sub(empties);
        let stones = least + rng.below(cells - least);
        let (s, moves) = random_moves(g, stones, rng);
        let moves: Vec<Cell> = moves.iter().map(|&c| c as Cell).collect();
        let pos = Position::from_moves(*r, &moves).expect("generated moves are legal");
        if !pos.is_over() {
            out.push((s, moves, pos));
        }
    }
    out
}

/// Puts `claim` ("this side cannot win from here") to the oracle on 100 random positions
/// of each rule set of [`CLAIM_SPECS`], for both sides as the attacker.
fn check_claims(seed: u64, what: &str, claim: impl Fn(&Position, Color) -> bool) -> Claims {
    let mut rng = Rng(seed);
    let mut out = Claims {
        failures: Vec::new(),
        live: [0; 3],
    };
    for &(m, n, k, p, q) in CLAIM_SPECS {
        let r = rules(m, n, k, p, q);
        let g = game_of(&r);
        let mut oracle = oracle::Solver::new(g);
        for (s, moves, pos) in random_positions(&r, &g, 100, &mut rng) {
            for attacker in [Color::Black, Color::White] {
                if !claim(&pos, attacker) {
                    continue;
                }
                let v = oracle.value(&s);
                let attacker_wins = if pos.to_move() == attacker {
                    v == Val::Win
                } else {
                    v == Val::Loss
                };
                if attacker_wins {
                    out.failures.push(format!(
                        "rules {r} moves \"{}\": {what} says {attacker} cannot win, oracle says it can",
                        format_moves(&r, &moves)
                    ));
                }
                if pos.live_windows(attacker) > 0 {
                    out.live[p as usize - 1] += 1;
                }
            }
        }
    }
    out
}

/// Every pairing claim (pairs for p = 1, groups of p + 1 for larger p; also a defender stone
/// after which one holds) on random positions is checked with the oracle: a side the strategy
/// says cannot win must have no forced win. The test insists on enough claims with a live
/// window for every p, so that it cannot pass by never claiming anything.
#[test]
fn pairing_claims_agree_with_the_oracle() {
    use c6solve::pairing::{attacker_is_paired_off, pairing_reply};
    let replies = std::cell::Cell::new(0usize);
    let found = check_claims(0x5EED_0003, "pairing", |pos, attacker| {
        // A pairing now, or (defender to move) after one defender stone.
        let reply = pairing_reply(pos, attacker, 2_000).is_some();
        replies.set(replies.get() + reply as usize);
        reply || attacker_is_paired_off(pos, attacker, 100_000)
    });
    eprintln!(
        "pairing claims with live windows, p = 1, 2, 3: {:?}; defender replies {}",
        found.live,
        replies.get()
    );
    found.assert_sound_and_enough("pairing");
}

/// The search's zone for the no-win side (`pairing::reply_covers`): at a node where the
/// attacker plays the last stone of its turn and cannot win with it, one move answered by
/// defender stones after which a pairing holds disproves every move outside that strategy's
/// groups and stones. Each such
/// claim on random positions is put to the oracle: the attacker must have no forced win after
/// the pruned move. Enough claims with a live window are required for every p.
#[test]
fn pairing_reply_zones_agree_with_the_oracle() {
    use c6solve::pairing::reply_covers;
    let mut rng = Rng(0x5EED_0005);
    let mut failures = Vec::new();
    let mut live = [0usize; 3];
    for &(m, n, k, p, q) in CLAIM_SPECS {
        let r = rules(m, n, k, p, q);
        let g = game_of(&r);
        let mut oracle = oracle::Solver::new(g);
        for (s, moves, mut pos) in random_positions(&r, &g, 60, &mut rng) {
            if pos.stones_left() != 1 {
                continue;
            }
            let attacker = pos.to_move();
            let empty: Vec<Cell> = pos.empty_points().collect();
            // The setting of the claim: no stone ends the game at once.
            let ends = |pos: &mut Position, c: Cell| {
                pos.play(c);
                let over = pos.is_over();
                pos.undo();
                over
            };
            if empty.iter().any(|&c| ends(&mut pos, c)) {
                continue;
            }
            for &tried in &empty {
                pos.play(tried);
                let found = defender_strategies(&mut pos, attacker);
                pos.undo();
                for (stones, groups) in found {
                    for &other in empty.iter().filter(|&&c| c != tried) {
                        if !reply_covers(&groups, &stones, other) {
                            continue;
                        }
                        let mut after = s.clone();
                        g.play(&mut after, other as usize);
                        // The defender is to move after the attacker's last stone.
                        if oracle.value(&after) == Val::Loss {
                            failures.push(format!(
                                "rules {r} moves \"{}\": {tried} answered by {stones:?} \
                                 prunes {other}, which wins",
                                format_moves(&r, &moves),
                            ));
                        }
                        pos.play(other);
                        if pos.live_windows(attacker) > 0 {
                            live[p as usize - 1] += 1;
                        }
                        pos.undo();
                    }
                }
            }
        }
    }
    eprintln!("pairing-reply zone claims with live windows, p = 1, 2, 3: {live:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for (i, &c) in live.iter().enumerate() {
        assert!(
            c >= 15,
            "only {c} non-trivial zone claims for p = {}",
            i + 1
        );
    }
}

/// No-win zones (`c6solve::zone`), in their general form for every p (the default only for
/// p = 1): wherever the search disproves a random position and builds the root's zone, the
/// disproof itself and attacker stones added outside the zone (all of those points, each one
/// alone, and random subsets) must leave the attacker without a win, which the oracle
/// checks; a window the added stones complete is a failure too. Both sides are tried as the
/// attacker, and enough claims with a live window are required for every p.
#[test]
fn no_win_zones_agree_with_the_oracle() {
    use c6solve::search::dfpn::{Dfpn, Limits, Proof};
    use c6solve::search::tt::Table;
    let mut rng = Rng(0x5EED_0006);
    let mut failures = Vec::new();
    let mut live = [0usize; 3];
    let limits = Limits {
        max_nodes: Some(200_000),
        deadline: None,
    };
    for &(m, n, k, p, q) in CLAIM_SPECS {
        let r = rules(m, n, k, p, q);
        let g = game_of(&r);
        let mut oracle = oracle::Solver::new(g);
        for (s, moves, mut pos) in random_positions(&r, &g, 100, &mut rng) {
            for attacker in [Color::Black, Color::White] {
                let table = Table::new(8).expect("a small table");
                let mut run = Dfpn::new(&table, attacker, limits, 0)
                    .with_zones(true)
                    .with_general_zones(true);
                if run.run(&mut pos) != Proof::Disproven {
                    continue;
                }
                let Some(zone) = run.root_zone() else {
                    continue;
                };
                let outside: Vec<Cell> =
                    pos.empty_points().filter(|&c| !zone.contains(c)).collect();
                let mut sets = vec![Vec::new(), outside.clone()];
                sets.extend(outside.iter().map(|&c| vec![c]));
                for _ in 0..4 {
                    sets.push(
                        outside
                            .iter()
                            .copied()
                            .filter(|_| rng.below(2) == 0)
                            .collect(),
                    );
                }
                let colour = if attacker == Color::Black { 1 } else { 2 };
                for set in sets {
                    let mut after = s.clone();
                    for &c in &set {
                        after.board[c as usize] = colour;
                    }
                    let completed = set.iter().any(|&c| g.wins_at(&after.board, c as usize));
                    let wins = completed || {
                        let v = oracle.value(&after);
                        if pos.to_move() == attacker {
                            v == Val::Win
                        } else {
                            v == Val::Loss
                        }
                    };
                    if wins {
                        failures.push(format!(
                            "rules {r} moves \"{}\": {attacker}'s zone {:?} leaves out {set:?}, \
                             with which it wins",
                            format_moves(&r, &moves),
                            zone.cells().collect::<Vec<_>>(),
                        ));
                    }
                    if !set.is_empty() && pos.live_windows(attacker) > 0 {
                        live[p as usize - 1] += 1;
                    }
                }
            }
        }
    }
    eprintln!("no-win zone claims with live windows, p = 1, 2, 3: {live:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for (i, &c) in live.iter().enumerate() {
        assert!(
            c >= 15,
            "only {c} non-trivial no-win zone claims for p = {}",
            i + 1
        );
    }
}

/// Proof zones (`c6solve::zone::ProofZone`), built at every proven node of the main search
/// and the threat-space search: wherever the search proves a random position, defender
/// stones added on at most `support` empty points outside the root's zone (each point alone,
/// and random sets up to the support) must leave the attacker winning, which the oracle
/// checks; a defender line the added stones complete is a failure too. Both sides are tried
/// as the attacker, with null moves proved by the threat-space search only and by the main
/// search too. The zones come from whole proofs, with the null moves and refuted replies
/// that pruned defender moves inside them, so this checks their composition too. At least
/// 10,000 claims are checked; `C6_PROOF_ZONE_POSITIONS` (default 300 a rule set) sets a
/// longer run.
#[test]
fn proof_zones_agree_with_the_oracle() {
    let positions: usize = std::env::var("C6_PROOF_ZONE_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    use c6solve::search::dfpn::{Dfpn, Limits, Proof};
    use c6solve::search::tt::Table;
    let mut rng = Rng(0x5EED_0008);
    let mut failures = Vec::new();
    let mut claims = [0usize; 3];
    let limits = Limits {
        max_nodes: Some(200_000),
        deadline: None,
    };
    for &(m, n, k, p, q) in CLAIM_SPECS {
        let r = rules(m, n, k, p, q);
        let g = game_of(&r);
        let mut oracle = oracle::Solver::new(g);
        for (s, moves, mut pos) in random_positions(&r, &g, positions, &mut rng) {
            let attacker = [Color::Black, Color::White][rng.below(2)];
            for main_nulls in [false, true] {
                let table = Table::new(8).expect("a small table");
                let mut run = Dfpn::new(&table, attacker, limits, 0)
                    .with_zones(true)
                    .with_main_null_moves(main_nulls);
                if run.run(&mut pos) != Proof::Proven {
                    continue;
                }
                let Some(zone) = run.root_proof_zone(&pos) else {
                    continue;
                };
                let support = zone.support as usize;
                let outside: Vec<Cell> = pos
                    .empty_points()
                    .filter(|&c| !zone.cells.contains(c))
                    .collect();
                if support == 0 || outside.is_empty() {
                    continue;
                }
                let mut sets: Vec<Vec<Cell>> = outside.iter().map(|&c| vec![c]).collect();
                for _ in 0..8 {
                    let size = 1 + rng.below(support.min(outside.len()));
                    let mut pool = outside.clone();
                    let mut set = Vec::new();
                    for _ in 0..size {
                        set.push(pool.swap_remove(rng.below(pool.len())));
                    }
                    sets.push(set);
                }
                let colour = if attacker == Color::Black { 2 } else { 1 };
                for set in sets {
                    let mut after = s.clone();
                    for &c in &set {
                        after.board[c as usize] = colour;
                    }
                    let completed = set.iter().any(|&c| g.wins_at(&after.board, c as usize));
                    let holds = !completed && {
                        let v = oracle.value(&after);
                        if pos.to_move() == attacker {
                            v == Val::Win
                        } else {
                            v == Val::Loss
                        }
                    };
                    if !holds {
                        failures.push(format!(
                            "rules {r} moves \"{}\" (main-search null moves {main_nulls}): \
                             {attacker}'s proof zone {:?} (support {support}) leaves out \
                             {set:?}, with which it does not win",
                            format_moves(&r, &moves),
                            zone.cells.cells().collect::<Vec<_>>(),
                        ));
                    }
                    claims[p as usize - 1] += 1;
                }
            }
        }
    }
    eprintln!("proof-zone claims checked, p = 1, 2, 3: {claims:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        claims.iter().sum::<usize>() >= 10_000,
        "only {claims:?} proof-zone claims"
    );
    for (i, &c) in claims.iter().enumerate() {
        assert!(c >= 500, "only {c} proof-zone claims for p = {}", i + 1);
    }
}

/// Solving the root's positions after two stones (one, when one is left) one at a time
/// (`SolveOptions::split_turns`) must give the oracle's value, on one thread and on two, on
/// random positions of every rule set of the claim tests (the empty boards of q = 2 among
/// them).
#[test]
fn split_turns_agree_with_the_oracle() {
    let mut rng = Rng(0x5EED_0007);
    let mut failures = Vec::new();
    let mut checked = [0usize; 3];
    for &(m, n, k, p, q) in CLAIM_SPECS {
        let r = rules(m, n, k, p, q);
        let g = game_of(&r);
        let mut oracle = oracle::Solver::new(g);
        for (s, moves, pos) in random_positions(&r, &g, 30, &mut rng) {
            let want = outcome_of(oracle.value(&s));
            for threads in [1, 2] {
                let opts = SolveOptions {
                    goal: Goal::Value,
                    split_turns: true,
                    threads,
                    tt_mib: 4,
                    time_limit: Some(Duration::from_secs(120)),
                    ..Default::default()
                };
                let got = solve(&pos, &opts).expect("solver runs").value;
                if got != want {
                    failures.push(format!(
                        "rules {r} moves \"{}\" ({threads} threads): split {}, oracle {}",
                        format_moves(&r, &moves),
                        got.name(),
                        want.name()
                    ));
                }
            }
            checked[match want {
                Outcome::Win => 2,
                Outcome::Draw => 1,
                _ => 0,
            }] += 1;
        }
    }
    eprintln!("split-turn solves (losses, draws, wins): {checked:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // A side with a whole turn to play is rarely lost: wins and draws are what split runs
    // decide (a loss is a refuted split run, then the other side's ordinary run).
    assert!(
        checked[1] >= 10 && checked[2] >= 10,
        "too few draws or wins: {checked:?}"
    );
}

/// The pairing strategies the search can find for the defender to move in `pos`, as the
/// defender stones in front of them and their groups: a pairing reply now, and after each
/// defender stone a pairing (the attacker to move next) or a second reply (the defender still
/// to move), at most four of the latter.
fn defender_strategies(pos: &mut Position, attacker: Color) -> Vec<(Vec<Cell>, Vec<Vec<Cell>>)> {
    use c6solve::pairing::{attacker_groups, reply_groups};
    let mut out: Vec<(Vec<Cell>, Vec<Vec<Cell>>)> = Vec::new();
    out.extend(reply_groups(pos, attacker, 2_000).map(|(c, g)| (vec![c], g)));
    let empty: Vec<Cell> = pos.empty_points().collect();
    for first in empty {
        if out.len() >= 5 {
            break;
        }
        pos.play(first);
        if !pos.is_over() {
            if pos.to_move() == attacker {
                out.extend(attacker_groups(pos, attacker, 2_000).map(|g| (vec![first], g)));
            } else {
                let second = reply_groups(pos, attacker, 2_000);
                out.extend(second.map(|(c, g)| (vec![first, c], g)));
            }
        }
        pos.undo();
    }
    out
}

/// Every potential claim (Beck's criterion, `c6solve::potential`) on random positions is
/// checked with the oracle, as the pairings are above, with enough non-trivial claims for
/// every p. Claims a pairing would also make are counted apart: the potential must add some.
#[test]
fn potential_claims_agree_with_the_oracle() {
    use c6solve::pairing::attacker_is_paired_off;
    use c6solve::potential::attacker_is_outweighed;
    let beyond_pairing = std::cell::Cell::new(0usize);
    let found = check_claims(0x5EED_0004, "potential", |pos, attacker| {
        let claim = attacker_is_outweighed(pos, attacker);
        if claim
            && pos.live_windows(attacker) > 0
            && !attacker_is_paired_off(pos, attacker, 100_000)
        {
            beyond_pairing.set(beyond_pairing.get() + 1);
        }
        claim
    });
    eprintln!(
        "potential claims with live windows, p = 1, 2, 3: {:?}; {} of them beyond any pairing",
        found.live,
        beyond_pairing.get()
    );
    found.assert_sound_and_enough("potential");
    assert!(
        beyond_pairing.get() >= 15,
        "the potential never went beyond a pairing"
    );
}

// ---------------------------------------------------------------------------------------------
// Strategy stealing.

/// With q = p the solver does not search for a White win on the empty board: strategy
/// stealing (`search::second_player_cannot_win`) rules it out. The theorem is held here to the
/// oracle where the whole game tree is affordable (never a Black loss, and the solver's value
/// is the oracle's), and to the search it replaces on larger boards (White's win is never
/// proven, and disproven wherever the search finishes).
#[test]
fn strategy_stealing_agrees_with_oracle_and_search() {
    use c6solve::search::dfpn::{Dfpn, Limits, Proof};
    use c6solve::search::second_player_cannot_win;
    use c6solve::search::tt::Table;
    for (m, n, k, p, q) in [
        (3, 3, 3, 1, 1),
        (4, 3, 3, 1, 1),
        (3, 3, 3, 2, 2),
        (4, 3, 3, 2, 2),
        (4, 3, 4, 2, 2),
        (5, 2, 4, 2, 2),
        (3, 3, 3, 3, 3),
    ] {
        let r = rules(m, n, k, p, q);
        let pos = Position::new(r);
        assert!(second_player_cannot_win(&pos), "{r}");
        let v = oracle_value(&r, &[]);
        assert_ne!(v, Val::Loss, "oracle: White wins the empty {r} board");
        assert_eq!(
            solver_value(&pos, Goal::Value, true, 1),
            outcome_of(v),
            "{r}"
        );
    }
    let mut disproven = 0;
    for (m, n, k, p, q) in [
        (4, 4, 4, 1, 1),
        (5, 4, 4, 1, 1),
        (4, 4, 4, 2, 2),
        (5, 4, 4, 2, 2),
        (5, 5, 4, 2, 2),
        (5, 5, 5, 2, 2),
    ] {
        let r = rules(m, n, k, p, q);
        let table = Table::new(16).expect("a table");
        let limits = Limits {
            max_nodes: Some(2_000_000),
            deadline: None,
        };
        let mut pos = Position::new(r);
        let proof = Dfpn::new(&table, Color::White, limits, 0).run(&mut pos);
        assert_ne!(
            proof,
            Proof::Proven,
            "search: White wins the empty {r} board"
        );
        disproven += (proof == Proof::Disproven) as usize;
    }
    assert!(
        disproven >= 4,
        "the search finished only {disproven} boards"
    );
    // Not covered: q != p, a stone already played. With q < p White can win: 6,4,4,2,1 is a
    // White win (found by the search, since the theorem does not apply).
    assert!(!second_player_cannot_win(&Position::new(rules(
        4, 4, 4, 2, 1
    ))));
    let lost = Position::new(rules(6, 4, 4, 2, 1));
    assert!(!second_player_cannot_win(&lost));
    assert_eq!(solver_value(&lost, Goal::Value, true, 1), Outcome::Loss);
    let r = rules(4, 4, 4, 1, 1);
    assert!(!second_player_cannot_win(
        &Position::from_moves(r, &[0]).unwrap()
    ));
}

/// Rule sets of the zone-claim test, with the most empty points its positions keep: short
/// lines on small boards, where wins take quiet moves and replies have room to be left out.
const ZONE_CLAIM_SPECS: &[(u16, u16, u16, u16, u16, usize)] = &[
    (4, 3, 3, 1, 1, 12),
    (4, 4, 3, 1, 1, 14),
    (5, 4, 3, 1, 1, 15),
    (5, 4, 4, 1, 1, 16),
    (6, 4, 4, 1, 1, 17),
    (5, 5, 4, 1, 1, 17),
    (4, 4, 3, 2, 1, 14),
    (5, 4, 4, 2, 1, 16),
    (5, 5, 4, 2, 1, 17),
    (6, 5, 5, 2, 1, 18),
    (6, 6, 5, 2, 2, 18),
    (5, 5, 4, 3, 2, 17),
    (6, 5, 5, 3, 1, 18),
];

/// Zone claims of certificates (`Node::Zoned`, docs/design.md §9.7) against the oracle. On
/// random positions of every rule set of the claim tests, a win is solved with zones and
/// written with zone claims; the checker must accept it. Then, at every zone claim: each reply
/// outside the zone must lose for the mover (by the oracle), and the null move must stay won
/// with sampled sets of up to r defender stones added outside the zone. Each claim's zone is
/// also tampered with, one point taken out at a time: whenever the checker still accepts, the
/// smaller zone's claim must hold too (sampled sets holding the point taken out). At least
/// 2,000 sets are put to the oracle; `C6_ZONE_CLAIM_POSITIONS` (default 300 a rule set) sets a
/// longer run.
#[test]
fn certificate_zone_claims_agree_with_the_oracle() {
    use c6check::format::{Certificate, Node};
    use c6solve::proof::{cert, check};
    use c6solve::search::{open_table, solve_then};
    let positions: usize = std::env::var("C6_ZONE_CLAIM_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut rng = Rng(0x5EED_0009);
    let mut failures = Vec::new();
    let (mut sets_checked, mut claims_seen) = (0usize, 0usize);
    let (mut tampered, mut tampered_accepted) = (0usize, 0usize);
    for &(m, n, k, p, q, empties) in ZONE_CLAIM_SPECS {
        let r = rules(m, n, k, p, q);
        let g = game_of(&r);
        let mut oracle = oracle::Solver::new(g);
        for (_, moves, pos) in positions_with_empties(&r, &g, positions, empties, &mut rng) {
            let opts = SolveOptions {
                goal: Goal::Value,
                tt_mib: 4,
                threads: 1,
                ..SolveOptions::default()
            };
            let table = open_table(&opts, &r).expect("a table");
            let (report, packed) = solve_then(&pos, &opts, table, |pos, report, table| {
                matches!(report.value, Outcome::Win | Outcome::Loss)
                    .then(|| cert::certify(table, pos, report, None))
            })
            .expect("the solve runs");
            let Some(packed) = packed else { continue };
            let line = format_moves(&r, &moves);
            let cert: Certificate = match packed.map(|p| p.unpack()) {
                Ok(Ok(c)) => c,
                other => {
                    failures.push(format!(
                        "rules {r} moves \"{line}\": no certificate {other:?}"
                    ));
                    continue;
                }
            };
            if let Err(e) = check::check(&cert) {
                failures.push(format!(
                    "rules {r} moves \"{line}\" ({}): rejected: {e}",
                    report.value.name()
                ));
                continue;
            }
            let attacker = cert.parts[0].attacker + 1;
            let defender = 3 - attacker;
            for (id, x) in zone_claim_nodes(&cert, &pos) {
                let Node::Zoned { replies, zone, .. } = &cert.parts[0].nodes[id] else {
                    unreachable!()
                };
                claims_seen += 1;
                let state = |p: &Position| oracle::State {
                    board: (0..r.cells() as Cell)
                        .map(|c| p.at(c).map_or(0, |s| s.index() as u8 + 1))
                        .collect(),
                    side: p.to_move().index() as u8 + 1,
                    left: p.stones_left() as u8,
                };
                let outside: Vec<Cell> = x
                    .empty_points()
                    .filter(|c| !zone.contains(c) && !replies.iter().any(|l| l.0 == *c))
                    .collect();
                // Every reply left out loses for the mover.
                for &c in &outside {
                    let mut after = x.clone();
                    after.play(c);
                    let lost = match after.winner() {
                        Some(w) => w.index() as u8 + 1 == attacker,
                        None if after.is_over() => false,
                        None => {
                            let v = oracle.value(&state(&after));
                            (v == Val::Win) == (after.to_move().index() as u8 + 1 == attacker)
                        }
                    };
                    sets_checked += 1;
                    if !lost {
                        failures.push(format!(
                            "rules {r} moves \"{line}\": node {id}'s reply {c} outside zone {zone:?} does not lose"
                        ));
                    }
                }
                // The null move stays won with extra defender stones outside the zone (`zone`
                // as claimed, then each tampered zone the checker still accepts).
                let mut zones = vec![(zone.clone(), None)];
                for (i, &z) in zone.iter().enumerate() {
                    let mut smaller = zone.clone();
                    smaller.remove(i);
                    let mut t = cert.clone();
                    if let Node::Zoned { zone: tz, .. } = &mut t.parts[0].nodes[id] {
                        *tz = smaller.clone();
                    }
                    tampered += 1;
                    if check::check(&t).is_ok() {
                        tampered_accepted += 1;
                        zones.push((smaller, Some(z)));
                    }
                }
                let left = x.stones_left() as usize;
                for (zone, must_hold) in zones {
                    let free: Vec<Cell> = x.empty_points().filter(|c| !zone.contains(c)).collect();
                    if free.is_empty() {
                        continue;
                    }
                    let samples = if must_hold.is_none() { 16 } else { 6 };
                    for _ in 0..samples {
                        let mut pool = free.clone();
                        let mut set = Vec::new();
                        if let Some(z) = must_hold.filter(|z| x.is_empty(*z)) {
                            pool.retain(|&c| c != z);
                            set.push(z);
                        }
                        let size = 1 + rng.below(left.min(free.len()));
                        while set.len() < size && !pool.is_empty() {
                            set.push(pool.swap_remove(rng.below(pool.len())));
                        }
                        let mut s = state(&x);
                        for &c in &set {
                            s.board[c as usize] = defender;
                        }
                        s.side = attacker;
                        s.left = p as u8;
                        let completed = set.iter().any(|&c| g.wins_at(&s.board, c as usize));
                        sets_checked += 1;
                        if completed || oracle.value(&s) != Val::Win {
                            failures.push(format!(
                                "rules {r} moves \"{line}\": node {id}'s null move with zone \
                                 {zone:?} is not won with defender stones on {set:?}"
                            ));
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "zone claims: {claims_seen} claims, {sets_checked} sets put to the oracle, \
         {tampered_accepted} of {tampered} tampered zones accepted"
    );
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(20)].join("\n")
    );
    assert!(
        sets_checked >= 2_000,
        "only {sets_checked} sets ({claims_seen} claims)"
    );
    // A zone holds only what the proof reads: most points taken out break the check.
    assert!(
        tampered_accepted * 4 < tampered,
        "{tampered_accepted} of {tampered} tampered zones accepted"
    );
}

/// The zone-claim nodes of the first part of `cert` with the positions they stand for, on
/// the game's edges from `root` (not inside null-move proofs, where claims do not nest).
fn zone_claim_nodes(
    cert: &c6check::format::Certificate,
    root: &Position,
) -> Vec<(usize, Position)> {
    use c6check::format::Node;
    let nodes = &cert.parts[0].nodes;
    let mut seen = vec![false; nodes.len()];
    let mut out = Vec::new();
    let mut stack = vec![(0usize, root.clone())];
    while let Some((id, pos)) = stack.pop() {
        if seen[id] || pos.is_over() {
            continue;
        }
        seen[id] = true;
        let children = match &nodes[id] {
            Node::Move { cell, child } => vec![(*cell, *child)],
            Node::Replies(l) => l.clone(),
            Node::Zoned { replies, .. } => {
                out.push((id, pos.clone()));
                replies.clone()
            }
            _ => Vec::new(),
        };
        // Reversed, so that nodes are first reached in the checker's order (a node shared by
        // mirror images holds its moves for the position reached first).
        for (c, child) in children.into_iter().rev() {
            let mut next = pos.clone();
            next.play(c);
            stack.push((child as usize, next));
        }
    }
    out
}
