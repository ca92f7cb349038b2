//! Kill-line verification: is an engine's (or a game's) claimed winning line really a win?
//!
//! A line is a list of turns from a position, the side to move's first, the two sides
//! alternating. The side to move is the *attacker*. For each of the attacker's turns, the
//! turn is played and df-pn proves that the attacker wins from there against every defence;
//! the defender's turn of the line is then played and the next attacker turn follows. The
//! line's later attacker turns are the search's first tries after every defence
//! ([`Dfpn::with_hints`]): they order the search and decide nothing.
//!
//! - `verified`: every attacker turn was followed by a proven win (or made the line itself),
//!   so the line ends in a win or in a position proved won.
//! - `refuted`: after some attacker turn the attacker provably cannot force a win; the
//!   defender's holding stones are reported. Disproofs need exhaustive search, so this is
//!   reachable on small boards and in cramped positions only.
//! - `unproven`: the first attacker turn whose win was neither proved nor disproved within the
//!   limits, with the defence that resisted most (the unproved defender stones whose
//!   search took the most nodes, read from the table).
//!
//! `turn` is the 1-based index in the line of the attacker turn the verdict is about: the
//! failing turn for `refuted` and `unproven`, the line's last attacker turn for `verified`.
//!
//! [`run_games`] verifies the last turns of real games that end in six (`verify --games`).

use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::notation::{format_points, parse_moves};
use crate::point::Point;
use crate::rules::{Color, Rules};
use crate::search;
use crate::search::LineKind;
use crate::search::dfpn::{Dfpn, Limits, Proof};
use crate::search::tt::Table;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Limits of each proof.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// Node budget of each attacker turn's proof.
    pub max_nodes: Option<u64>,
    /// Time budget of each attacker turn's proof.
    pub time_limit: Option<Duration>,
    /// Transposition table size in MiB (one table for the whole line).
    pub tt_mib: usize,
}

impl Default for VerifyOptions {
    fn default() -> Self {
        VerifyOptions {
            max_nodes: None,
            time_limit: None,
            tt_mib: 256,
        }
    }
}

/// The answer about a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Every attacker turn keeps a proven win.
    Verified,
    /// After some attacker turn the attacker provably has no win.
    Refuted,
    /// Some attacker turn's win was not proved within the limits.
    Unproven,
}

impl Verdict {
    /// The name used in output and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Verified => "verified",
            Verdict::Refuted => "refuted",
            Verdict::Unproven => "unproven",
        }
    }
}

/// What happened after one attacker turn.
#[derive(Debug, Clone)]
pub struct TurnResult {
    /// 1-based index of the turn in the line.
    pub turn: usize,
    /// The turn's stones.
    pub stones: Vec<Point>,
    /// "won" (the turn made the line), "proven", "disproven" or "unknown".
    pub result: &'static str,
    /// Nodes of this turn's proof.
    pub nodes: u64,
    /// Seconds of this turn's proof.
    pub seconds: f64,
}

/// The answer of [`verify`].
#[derive(Debug, Clone)]
pub struct VerifyReport {
    /// The verdict.
    pub verdict: Verdict,
    /// The attacker (the side to move at the start of the line).
    pub attacker: Color,
    /// 1-based index in the line of the attacker turn the verdict is about.
    pub turn: usize,
    /// Refuted: the defender's stones that hold; unproven: the most resistant defence found;
    /// verified: empty.
    pub defence: Vec<Point>,
    /// Every attacker turn checked, in order.
    pub turns: Vec<TurnResult>,
    /// Nodes over all proofs.
    pub nodes: u64,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// Parses a line: turns separated by commas, each turn's points separated by spaces.
pub fn parse_line(rules: &Rules, text: &str) -> Result<Vec<Vec<Cell>>> {
    let turns: Vec<Vec<Cell>> = text
        .split(',')
        .map(|t| parse_moves(rules, t))
        .collect::<Result<_>>()?;
    if let Some(i) = turns.iter().position(Vec::is_empty) {
        return Err(Error::Option(format!(
            "--line: turn {} has no stones (turns are separated by commas)",
            i + 1
        )));
    }
    Ok(turns)
}

/// Checks that `line` can be played from `pos`: each turn places exactly the stones its side
/// has (fewer only when a stone makes a line, and then the line ends there), on empty points.
/// Returns the line as played: the rest of a winning turn after the winning stone is dropped
/// under the rule every reader of moves shares ([`crate::notation::replay`]; the caller shows
/// its note).
pub fn check_line(pos: &Position, line: &[Vec<Cell>]) -> Result<Vec<Vec<Cell>>> {
    let mut pos = pos.clone();
    if pos.is_over() {
        return Err(Error::Position("the game is already over".into()));
    }
    let rules = *pos.rules();
    let mut played = Vec::new();
    for (i, turn) in line.iter().enumerate() {
        if pos.is_over() {
            return Err(Error::IllegalMove(format!(
                "turn {} of the line is played after the game ended",
                i + 1
            )));
        }
        let (me, left) = (pos.to_move(), pos.stones_left() as usize);
        let mut kept = Vec::new();
        for (j, &c) in turn.iter().enumerate() {
            if pos.is_over() {
                crate::notation::replay::check_after_win(&pos, &turn[j..], left - j).map_err(
                    |e| Error::IllegalMove(format!("turn {} of the line: {}", i + 1, reason(&e))),
                )?;
                break;
            }
            if pos.to_move() != me {
                return Err(Error::IllegalMove(format!(
                    "turn {} of the line has {} stones; {me} places {left} there",
                    i + 1,
                    turn.len()
                )));
            }
            pos.try_play(c)?;
            kept.push(c);
        }
        if !pos.is_over() && pos.to_move() == me {
            return Err(Error::IllegalMove(format!(
                "turn {} of the line ({}) has {} stone(s); {me} places {left} there",
                i + 1,
                crate::notation::format_moves(&rules, turn),
                turn.len()
            )));
        }
        played.push(kept);
    }
    Ok(played)
}

/// An illegal move's reason without its "illegal move: " lead.
fn reason(e: &Error) -> String {
    match e {
        Error::IllegalMove(why) => why.clone(),
        other => other.to_string(),
    }
}

/// Verifies `line` from `pos` (see the module documentation). Fails on a line that cannot be
/// played ([`check_line`]) or when the table or the search thread cannot be had.
pub fn verify(pos: &Position, line: &[Vec<Cell>], opts: &VerifyOptions) -> Result<VerifyReport> {
    let line = &check_line(pos, line)?;
    let table = search::memory_table(opts.tt_mib)?;
    let (pos, line, opts) = (pos.clone(), line.to_vec(), opts.clone());
    std::thread::Builder::new()
        .name("c6solve-verify".into())
        .stack_size(search::parallel::WORKER_STACK)
        .spawn(move || verify_here(pos, &line, &opts, &table))
        .map_err(|e| Error::Io(format!("cannot start the search thread: {e}")))?
        .join()
        .map_err(|_| Error::Io("the search failed (internal error above)".into()))
}

fn verify_here(
    mut pos: Position,
    line: &[Vec<Cell>],
    opts: &VerifyOptions,
    table: &Table,
) -> VerifyReport {
    let start = Instant::now();
    let attacker = pos.to_move();
    let mut report = VerifyReport {
        verdict: Verdict::Verified,
        attacker,
        turn: 0,
        defence: Vec::new(),
        turns: Vec::new(),
        nodes: 0,
        seconds: 0.0,
    };
    for (i, turn) in line.iter().enumerate() {
        for &c in turn {
            pos.play(c);
        }
        if i % 2 == 1 {
            continue;
        }
        report.turn = i + 1;
        if pos.winner() == Some(attacker) {
            report.turns.push(TurnResult {
                turn: i + 1,
                stones: Point::all(pos.rules(), turn),
                result: "won",
                nodes: 0,
                seconds: 0.0,
            });
            break;
        }
        let t0 = Instant::now();
        let limits = Limits {
            max_nodes: opts.max_nodes,
            deadline: opts.time_limit.map(|d| t0 + d),
        };
        // The search's defaults: threat-space stage and relevance zones, their memory as in
        // `solve`; the line's later attacker turns guide the order of the search.
        let later = line.get(i + 2..).unwrap_or_default();
        let later: Vec<Cell> = later.iter().step_by(2).flatten().copied().collect();
        let mut run = Dfpn::new(table, attacker, limits, 0)
            .with_zones(true)
            .with_zone_memory(search::zone_memory(opts.tt_mib), pos.rules().cells())
            .with_hints(later);
        let proof = if pos.is_over() {
            Proof::Disproven
        } else {
            run.run(&mut pos)
        };
        report.nodes += run.nodes;
        report.turns.push(TurnResult {
            turn: i + 1,
            stones: Point::all(pos.rules(), turn),
            result: match proof {
                Proof::Proven => "proven",
                Proof::Disproven => "disproven",
                Proof::Unknown => "unknown",
            },
            nodes: run.nodes,
            seconds: t0.elapsed().as_secs_f64(),
        });
        match proof {
            Proof::Proven => {}
            Proof::Disproven => {
                report.verdict = Verdict::Refuted;
                let cells = defence(table, attacker, &mut pos, true);
                report.defence = Point::all(pos.rules(), &cells);
                break;
            }
            Proof::Unknown => {
                report.verdict = Verdict::Unproven;
                let cells = defence(table, attacker, &mut pos, false);
                report.defence = Point::all(pos.rules(), &cells);
                break;
            }
        }
    }
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// Node budget for searching again defender stones replaced in the table.
const RESOLVE_NODES: u64 = 1_000_000;

/// The defender's stones for the rest of its turn at `pos`: with `holding`, stones after which
/// the attacker provably cannot win (read from the table, searched again if replaced);
/// otherwise the unproved stones the search spent the most nodes on (the defence that
/// resisted most; see [`LineKind::Resisting`]).
fn defence(table: &Table, attacker: Color, pos: &mut Position, holding: bool) -> Vec<Cell> {
    let limits = Limits {
        max_nodes: Some(RESOLVE_NODES),
        deadline: None,
    };
    let mut run = Dfpn::new(table, attacker, limits, 0);
    let kind = if holding {
        LineKind::Disproven
    } else {
        LineKind::Resisting
    };
    search::turn_line(&mut run, pos, kind)
}

/// The report as the one JSON object of `verify --json`.
pub fn json(r: &VerifyReport) -> serde_json::Value {
    let name = |points: &[Point]| -> Vec<String> { points.iter().map(Point::to_string).collect() };
    let turns: Vec<serde_json::Value> = r
        .turns
        .iter()
        .map(|t| {
            serde_json::json!({
                "turn": t.turn,
                "stones": name(&t.stones),
                "result": t.result,
                "nodes": t.nodes,
                "seconds": t.seconds,
            })
        })
        .collect();
    serde_json::json!({
        "verdict": r.verdict.name(),
        "attacker": r.attacker.name(),
        "turn": r.turn,
        "defence": name(&r.defence),
        "turns": turns,
        "nodes": r.nodes,
        "seconds": r.seconds,
    })
}

/// The report for people: one line per attacker turn, then the verdict.
pub fn text(rules: &Rules, r: &VerifyReport) -> String {
    let mut s = String::new();
    let a = r.attacker;
    for t in &r.turns {
        let what = match t.result {
            "won" => format!("{a} makes {} in a row", rules.k),
            "proven" => format!("{a}'s win proved"),
            "disproven" => format!("{a} provably has no win"),
            _ => format!("{a}'s win not proved within the limits"),
        };
        let _ = writeln!(
            s,
            "turn {} ({a} {}): {what} ({} nodes, {:.3} s)",
            t.turn,
            format_points(&t.stones),
            t.nodes,
            t.seconds
        );
    }
    let d = a.opponent();
    let verdict = match r.verdict {
        Verdict::Verified => "after every attacker turn the win is proved".to_string(),
        Verdict::Refuted => format!(
            "after turn {} {a} cannot force a win: {d} holds with {}",
            r.turn,
            format_points(&r.defence)
        ),
        Verdict::Unproven => format!(
            "turn {}: {a}'s win was not proved within the limits; {d}'s most resistant defence: {}",
            r.turn,
            format_points(&r.defence)
        ),
    };
    let _ = writeln!(
        s,
        "{}: {verdict}\nnodes: {}  time: {:.3} s",
        r.verdict.name(),
        r.nodes,
        r.seconds
    );
    s
}

/// Settings of `verify --games`.
#[derive(Debug, Clone)]
pub struct GamesOptions {
    /// The JSON-lines game file.
    pub file: String,
    /// The winner's last turns to start from, lowest and highest (each line uses one of these,
    /// taken in turn).
    pub turns_back: (usize, usize),
    /// How many lines to verify.
    pub limit: usize,
    /// Limits of each proof.
    pub verify: VerifyOptions,
    /// Lines verified at once, each on its own search thread and table (at least 1).
    pub jobs: usize,
}

/// One verified line of a real game.
#[derive(Debug, Clone)]
pub struct GameLine {
    /// The game's id in the file.
    pub id: String,
    /// How many of the winner's turns the line holds.
    pub back: usize,
    /// The line as text (`--line` syntax).
    pub line: String,
    /// The stones before the line (`--moves` syntax).
    pub moves: String,
    /// The result.
    pub report: VerifyReport,
}

/// Verifies the last turns of the file's games that end in six: for a game whose winner made
/// six on its turn T, the line starts `back` winner turns earlier (turn T - 2(back - 1)), with
/// the winner to move. The lines are chosen first; `opts.jobs` of them are then verified at
/// a time, each on its own thread and table, so every line gets the same search as alone.
/// `progress` gets each result as it comes (in the order they finish); the lines are
/// returned in the file's order.
pub fn run_games(
    opts: &GamesOptions,
    progress: impl FnMut(&GameLine) + Send,
) -> Result<Vec<GameLine>> {
    let chosen = game_lines(opts)?;
    let next = AtomicUsize::new(0);
    let progress = Mutex::new(progress);
    let done: Mutex<Vec<Option<Result<GameLine>>>> =
        Mutex::new((0..chosen.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..opts.jobs.clamp(1, chosen.len().max(1)) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(c) = chosen.get(i) else { break };
                    let result = verify(&c.pos, &c.cells, &opts.verify).map(|report| GameLine {
                        id: c.id.clone(),
                        back: c.back,
                        line: c.line.clone(),
                        moves: c.moves.clone(),
                        report,
                    });
                    let failed = result.is_err();
                    if let Ok(g) = &result {
                        (progress.lock().expect("no thread panics holding it"))(g);
                    }
                    done.lock().expect("no thread panics holding it")[i] = Some(result);
                    if failed {
                        // The others stop at their next line: the first error is reported.
                        next.store(chosen.len(), Ordering::Relaxed);
                        break;
                    }
                }
            });
        }
    });
    let mut out = Vec::new();
    for result in done
        .into_inner()
        .expect("the workers have ended")
        .into_iter()
        .flatten()
    {
        out.push(result?);
    }
    Ok(out)
}

/// A line [`run_games`] verifies, before it is verified.
struct Chosen {
    id: String,
    back: usize,
    line: String,
    moves: String,
    pos: Position,
    cells: Vec<Vec<Cell>>,
}

/// The lines of [`run_games`], in the file's order: at most `opts.limit`, the starting depth
/// cycling through `opts.turns_back`. Records that do not replay are skipped.
fn game_lines(opts: &GamesOptions) -> Result<Vec<Chosen>> {
    let text = crate::input::read(&opts.file, crate::input::Kind::Games)?;
    let rules = Rules::connect6();
    let (lo, hi) = opts.turns_back;
    let mut out: Vec<Chosen> = Vec::new();
    for (n, row) in text.lines().enumerate() {
        if out.len() >= opts.limit {
            break;
        }
        let v: serde_json::Value = serde_json::from_str(row)
            .map_err(|e| Error::Io(format!("{} line {}: {e}", opts.file, n + 1)))?;
        if v["ends_in_six"] != serde_json::Value::Bool(true) {
            continue;
        }
        let Some(turns) = v["moves"].as_array() else {
            continue;
        };
        let turns: Vec<&str> = turns.iter().filter_map(|t| t.as_str()).collect();
        let back = lo + out.len() % (hi - lo + 1);
        let first = match turns.len().checked_sub(2 * (back - 1) + 1) {
            Some(f) if f >= 1 => f,
            _ => continue,
        };
        let moves = turns[..first].join(" ");
        let line = turns[first..].join(", ");
        // A record that does not replay (none should) is skipped, not fatal for the batch.
        let Ok(pos) = parse_moves(&rules, &moves).and_then(|m| Position::from_moves(rules, &m))
        else {
            continue;
        };
        let Ok(cells) = parse_line(&rules, &line) else {
            continue;
        };
        if check_line(&pos, &cells).is_err() {
            continue;
        }
        let id = v["id"].as_str().unwrap_or("?").to_string();
        out.push(Chosen {
            id,
            back,
            line,
            moves,
            pos,
            cells,
        });
    }
    Ok(out)
}

/// The Markdown write-up of [`run_games`]: the command, the machine, counts per verdict and
/// per starting depth, and one row per line.
pub fn games_markdown(
    opts: &GamesOptions,
    lines: &[GameLine],
    command: &str,
    load: &str,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Kill lines from real games\n");
    let _ = writeln!(
        s,
        "Generated by `{command}` (commit {}, {}, load before the run: {load}).\n",
        crate::lab::provenance::git_commit(),
        crate::lab::provenance::utc_now()
    );
    let per = |v: Verdict, back: Option<usize>| {
        lines
            .iter()
            .filter(|g| g.report.verdict == v && back.is_none_or(|b| g.back == b))
            .count()
    };
    // A turn's budget as the run was given it: nodes, seconds, both, or neither.
    let nodes = |n| format!("{} nodes", crate::units::group_digits(n));
    let limit = match (opts.verify.max_nodes, opts.verify.time_limit) {
        (Some(n), Some(d)) => format!("{} or {} s", nodes(n), d.as_secs_f64()),
        (Some(n), None) => nodes(n),
        (None, Some(d)) => format!("{} s", d.as_secs_f64()),
        (None, None) => "no node or time limit".to_string(),
    };
    let _ = writeln!(
        s,
        "Each line starts `back` of the winner's turns before its six, with the winner to \
         move; after each of the winner's turns df-pn must prove the win against every \
         defence within {limit} and {} MiB of table (one search thread).\n",
        opts.verify.tt_mib
    );
    let _ = writeln!(
        s,
        "| back | lines | verified | refuted | unproven | median s | max s |"
    );
    let _ = writeln!(s, "| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    let (lo, hi) = opts.turns_back;
    for back in (lo..=hi).map(Some).chain([None]) {
        let sel: Vec<&GameLine> = lines
            .iter()
            .filter(|g| back.is_none_or(|b| g.back == b))
            .collect();
        let mut secs: Vec<f64> = sel.iter().map(|g| g.report.seconds).collect();
        secs.sort_by(f64::total_cmp);
        let median = secs.get(secs.len() / 2).copied().unwrap_or(0.0);
        let max = secs.last().copied().unwrap_or(0.0);
        let label = back.map_or("all".to_string(), |b| b.to_string());
        let _ = writeln!(
            s,
            "| {label} | {} | {} | {} | {} | {median:.2} | {max:.2} |",
            sel.len(),
            per(Verdict::Verified, back),
            per(Verdict::Refuted, back),
            per(Verdict::Unproven, back),
        );
    }
    let _ = writeln!(s, "\n## Every line\n");
    let _ = writeln!(
        s,
        "`turn` is the 1-based index in the line of the winner's turn the verdict is about; \
         `defence` the holding (refuted) or most resistant (unproven) defence.\n"
    );
    let _ = writeln!(
        s,
        "| game | back | line | verdict | turn | defence | nodes | s |"
    );
    let _ = writeln!(s, "| --- | ---: | --- | --- | ---: | --- | ---: | ---: |");
    for g in lines {
        let r = &g.report;
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {:.2} |",
            g.id,
            g.back,
            g.line,
            r.verdict.name(),
            r.turn,
            format_points(&r.defence),
            r.nodes,
            r.seconds
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Goal, Outcome, SolveOptions, solve};

    fn position(rules: &Rules, moves: &str) -> Position {
        Position::from_moves(*rules, &parse_moves(rules, moves).unwrap()).unwrap()
    }

    fn line(rules: &Rules, text: &str) -> Vec<Vec<Cell>> {
        parse_line(rules, text).unwrap()
    }

    /// Small budgets: every line here is decided in a few thousand nodes.
    fn opts(max_nodes: Option<u64>) -> VerifyOptions {
        VerifyOptions {
            max_nodes,
            time_limit: None,
            tt_mib: 4,
        }
    }

    fn names(rules: &Rules, cells: &[Cell]) -> String {
        crate::notation::format_moves(rules, cells)
    }

    #[test]
    fn lines_parse_into_turns() {
        let r = Rules::connect6();
        let turns = line(&r, "K10, L10 L11 ,J9 J8");
        let shown: Vec<String> = turns.iter().map(|t| names(&r, t)).collect();
        assert_eq!(shown, ["K10", "L10 L11", "J9 J8"]);
        let e = parse_line(&r, "K10, , L10").unwrap_err().to_string();
        assert!(e.contains("turn 2 has no stones"), "{e}");
        let e = parse_line(&r, "K10, Z99").unwrap_err().to_string();
        assert!(e.contains("off the"), "{e}");
    }

    #[test]
    fn malformed_lines_are_refused() {
        let r = Rules::connect6();
        let empty = Position::new(r);
        let refused = |pos: &Position, text: &str, want: &str| {
            let e = check_line(pos, &line(&r, text)).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        };
        // Black's first turn has one stone, every later turn two.
        refused(
            &empty,
            "K10 K11",
            "turn 1 of the line has 2 stones; Black places 1 there",
        );
        refused(
            &empty,
            "K10, L10",
            "turn 2 of the line (L10) has 1 stone(s)",
        );
        refused(&empty, "K10, L10 K10", "K10 is already taken");
        assert!(check_line(&empty, &line(&r, "K10, L10 L11, K11 K12")).is_ok());
        // A line may stop at a stone that wins, but nothing comes after it.
        let ttt = Rules::tictactoe();
        let start = Position::new(ttt);
        assert!(check_line(&start, &line(&ttt, "A1, A2, B1, B2, C1")).is_ok());
        let e = check_line(&start, &line(&ttt, "A1, A2, B1, B2, C1, C2"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("turn 6 of the line is played after the game ended"),
            "{e}"
        );
        let over = position(&ttt, "A1 A2 B1 B2 C1");
        let e = check_line(&over, &line(&ttt, "C2"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("already over"), "{e}");
        // A refused line is refused by `verify` too, before any search.
        assert!(verify(&start, &line(&ttt, "A1 B1"), &opts(None)).is_err());
    }

    #[test]
    fn the_line_s_later_turns_guide_the_search_after_every_defence() {
        // Real game lg1821053, four of White's turns before its six. After White's first turn
        // the line's later turns, tried first after each of Black's defences, prove the win
        // well within 30,000 nodes; the same search without them does not
        // (results/experiments/line-hints.md).
        let r = Rules::connect6();
        let pos = position(
            &r,
            "K10 J9 L9 K8 H9 K11 J8 M9 J10 L10 K5 L8 H7 H11 J6 J5 L12 G11 F11 J11 E11 H12 H13 \
             J13 J14",
        );
        let claimed = line(&r, "J12 F9, H14 G14, F10 F8, F7 F12, E8 D8, G8 E9, G10 K13");
        let budget = VerifyOptions {
            tt_mib: 32,
            ..opts(Some(30_000))
        };
        let report = verify(&pos, &claimed, &budget).unwrap();
        assert_eq!((report.verdict, report.turn), (Verdict::Verified, 7));
        // Without the hints the first turn's defences are not all refuted in that budget.
        let table = search::memory_table(32).unwrap();
        let mut after_first = pos.clone();
        for &c in &claimed[0] {
            after_first.play(c);
        }
        let limits = Limits {
            max_nodes: Some(30_000),
            deadline: None,
        };
        let mut run = Dfpn::new(&table, Color::White, limits, 0)
            .with_zones(true)
            .with_zone_memory(search::zone_memory(32), r.cells());
        assert_eq!(run.run(&mut after_first), Proof::Unknown);
    }

    #[test]
    fn a_real_kill_line_is_verified() {
        // Tic-tac-toe, Black B2 and White A2: A1 forces C3, C1 then threatens B1 and A3.
        let r = Rules::tictactoe();
        let pos = position(&r, "B2 A2");
        let report = verify(&pos, &line(&r, "A1, C3, C1, B1, A3"), &opts(None)).unwrap();
        assert_eq!(report.verdict, Verdict::Verified);
        assert_eq!(report.attacker, Color::Black);
        assert_eq!(report.turn, 5);
        assert!(report.defence.is_empty());
        let results: Vec<(usize, &str)> = report.turns.iter().map(|t| (t.turn, t.result)).collect();
        assert_eq!(results, [(1, "proven"), (3, "proven"), (5, "won")]);
        assert_eq!(
            report.nodes,
            report.turns.iter().map(|t| t.nodes).sum::<u64>()
        );
        let text = text(&r, &report);
        assert!(
            text.contains("turn 5 (Black A3): Black makes 3 in a row"),
            "{text}"
        );
        assert!(text.contains("verified: after every attacker turn the win is proved"));
        let json = json(&report);
        assert_eq!(json["verdict"], "verified");
        assert_eq!(json["attacker"], "black");
        assert_eq!(json["turns"][2]["stones"][0], "A3");
        // The line may stop before the win: the last attacker turn's win is then proved.
        let short = verify(&pos, &line(&r, "A1, C3, C1"), &opts(None)).unwrap();
        assert_eq!((short.verdict, short.turn), (Verdict::Verified, 3));
        assert_eq!(short.turns.last().unwrap().result, "proven");
    }

    #[test]
    fn a_wrong_line_is_refuted_with_a_defence_that_holds() {
        // B2 on the empty tic-tac-toe board wins nothing: refuted at once.
        let r = Rules::tictactoe();
        let start = Position::new(r);
        let report = verify(&start, &line(&r, "B2, A1, C1, A3, B1"), &opts(None)).unwrap();
        assert_eq!((report.verdict, report.turn), (Verdict::Refuted, 1));
        assert_eq!(report.turns.len(), 1);
        assert_eq!(report.defence.len(), 1);
        // The defence is a legal White stone after which Black has no win.
        let mut after = position(&r, "B2");
        after.try_play(report.defence[0].cell(&r)).unwrap();
        let solved = solve(
            &after,
            &SolveOptions {
                goal: Goal::Win,
                tt_mib: 4,
                ..SolveOptions::default()
            },
        )
        .unwrap();
        assert_eq!(solved.value, Outcome::NoWin);
        // 4x3, three in a row: B2 wins, but B1 after C2 and A1 throws the win away.
        let r = Rules::new(4, 3, 3, 1, 1).unwrap();
        let start = Position::new(r);
        assert_eq!(
            verify(&start, &line(&r, "B2"), &opts(None))
                .unwrap()
                .verdict,
            Verdict::Verified
        );
        let report = verify(&start, &line(&r, "B2, C2, A1, B1, D3"), &opts(None)).unwrap();
        assert_eq!(report.verdict, Verdict::Refuted);
        assert!(report.turn > 1, "{report:?}");
        assert_eq!(report.turns.last().unwrap().result, "disproven");
    }

    #[test]
    fn a_budget_too_small_leaves_the_line_unproven() {
        let r = Rules::new(5, 5, 4, 1, 1).unwrap();
        let report = verify(&Position::new(r), &line(&r, "C3"), &opts(Some(10))).unwrap();
        assert_eq!((report.verdict, report.turn), (Verdict::Unproven, 1));
        assert_eq!(report.turns[0].result, "unknown");
        assert!(!report.defence.is_empty());
        assert!(text(&r, &report).contains("unproven: turn 1: Black's win was not proved"));
    }

    #[test]
    fn game_lines_start_back_from_the_winning_turn() {
        // Black's J10..J15 ends the first game in six; the second game is not one.
        let game = r#"{"id": "g1", "ends_in_six": true, "moves": ["J10", "K10 K11", "J11 J12", "L10 L11", "J13 A1", "M10 M11", "J14 J15"]}"#;
        let other = r#"{"id": "g2", "ends_in_six": false, "moves": ["J10", "K10 K11"]}"#;
        let file =
            std::env::temp_dir().join(format!("c6solve-verify-{}.jsonl", std::process::id()));
        std::fs::write(&file, format!("{other}\n{game}\n")).unwrap();
        let opts = GamesOptions {
            file: file.display().to_string(),
            turns_back: (1, 1),
            limit: 5,
            verify: opts(Some(10_000)),
            jobs: 1,
        };
        let mut seen = 0;
        let lines = run_games(&opts, |_| seen += 1);
        std::fs::remove_file(&file).unwrap();
        let lines = lines.unwrap();
        assert_eq!((lines.len(), seen), (1, 1));
        let g = &lines[0];
        assert_eq!(
            (g.id.as_str(), g.back, g.line.as_str()),
            ("g1", 1, "J14 J15")
        );
        assert_eq!(g.report.verdict, Verdict::Verified);
        assert_eq!(g.report.turns[0].result, "won");
        let md = games_markdown(&opts, &lines, "c6solve verify --games", "0.00");
        assert!(md.contains("| 1 | 1 | 1 | 0 | 0 |"), "{md}");
        assert!(md.contains("| g1 | 1 | J14 J15 | verified | 1 |"), "{md}");
        assert!(
            md.contains("every defence within 10,000 nodes and 4 MiB"),
            "{md}"
        );
    }

    #[test]
    fn lines_verified_at_once_give_what_each_gives_alone() {
        // Six games, each ending in Black's six on a column, from 1 and 2 turns back in
        // turn; with two jobs the lines come back in the file's order with the verdicts and
        // nodes of one job.
        let file =
            std::env::temp_dir().join(format!("c6solve-verify-jobs-{}.jsonl", std::process::id()));
        let games: Vec<String> = ["J", "K", "L", "M", "N", "O"]
            .iter()
            .enumerate()
            .map(|(n, c)| {
                format!(
                    r#"{{"id": "g{n}", "ends_in_six": true, "moves": ["{c}10", "A1 A2", "{c}11 {c}12", "B1 B2", "{c}13 {c}9", "C1 C2", "{c}14 {c}15"]}}"#
                )
            })
            .collect();
        std::fs::write(&file, games.join("\n")).unwrap();
        let run = |jobs| {
            let opts = GamesOptions {
                file: file.display().to_string(),
                turns_back: (1, 2),
                limit: 6,
                verify: opts(Some(20_000)),
                jobs,
            };
            let mut seen = 0;
            let lines = run_games(&opts, |_| seen += 1).unwrap();
            assert_eq!(seen, lines.len());
            lines
                .iter()
                .map(|g| (g.id.clone(), g.back, g.report.verdict, g.report.nodes))
                .collect::<Vec<_>>()
        };
        let (one, two) = (run(1), run(2));
        std::fs::remove_file(&file).unwrap();
        assert_eq!(one.len(), 6);
        assert_eq!(one, two);
        // From 1 back the six is the line; from 2 back White's two blocks hold the column.
        let verdicts: Vec<(usize, Verdict)> = one.iter().map(|l| (l.1, l.2)).collect();
        assert_eq!(
            verdicts,
            [1, 2, 1, 2, 1, 2].map(|b| (b, [Verdict::Verified, Verdict::Unproven][b - 1]))
        );
        assert!(one.iter().all(|l| (l.3 > 0) == (l.1 == 2)), "{one:?}");
    }

    #[test]
    fn the_resisting_defence_is_one_the_search_met() {
        // Real game lg2143912, four of White's turns before its six; after White's quiet
        // N10 N8 the win is not proved within 50,000 nodes. Many of Black's replies were
        // never searched (or were proved by a zone without being stored), and with the fresh
        // numbers of a child the table does not hold one of them looked most resistant: N13
        // O10, which loses in 7 nodes. By the smallest disproof number alone, K7 N13 (lost in
        // 7 nodes too) was named: the run was expanding it when the limit stopped it. The
        // defence named must be one the search met and could not refute, so a small search
        // after it must not prove the win either.
        let r = Rules::connect6();
        let pos = position(&r, "K10 K9 L11 L8 M11 N9 M10 O8 M9");
        let report = verify(
            &pos,
            &line(&r, "N10 N8, N7 N12, P9 O10"),
            &opts(Some(50_000)),
        )
        .unwrap();
        assert_eq!((report.verdict, report.turn), (Verdict::Unproven, 1));
        let defence = Point::cells(&r, &report.defence);
        let mut after = pos.clone();
        for c in parse_moves(&r, "N10 N8")
            .unwrap()
            .into_iter()
            .chain(defence.clone())
        {
            after.play(c);
        }
        let solved = solve(
            &after,
            &SolveOptions {
                goal: Goal::Win,
                max_nodes: Some(5_000),
                tt_mib: 16,
                threads: 1,
                ..SolveOptions::default()
            },
        )
        .unwrap();
        assert_eq!(
            solved.value,
            Outcome::Unknown,
            "the named defence {} was refuted at once",
            names(&r, &defence)
        );
    }
}
