//! The commands that search: `genmove`, and the solver commands `c6solve-solve`,
//! `c6solve-zone`, `c6solve-pv` and `c6solve-verify` (in the spirit of Benzene's
//! `dfpn-solve-state`), with the menu GoGui shows for them (`gogui-analyze_commands`).
//!
//! Every search is bounded: by the seconds a command gives, else by the clock
//! (`time_settings`), else by the engine's default; and by its node budget. A search that
//! runs out answers `unknown`, never a value it did not prove.

use super::engine::{Answer, Engine, parse_color};
use super::memory::Proved;
use crate::board::{Cell, Position};
use crate::proof::{Certificate, cert, check};
use crate::rules::Color;
use crate::search::{Goal, Outcome, SolveOptions, SolveReport, memory_table, solve, solve_then};
use crate::verify::{self, VerifyOptions};
use std::time::Duration;

/// GoGui's analyze menu: `type/label/command` per line.
pub const ANALYZE_COMMANDS: &[&str] = &[
    "string/c6solve: solve/c6solve-solve",
    "gfx/c6solve: proof zone/c6solve-zone",
    "gfx/c6solve: main line/c6solve-pv",
    "string/c6solve: check the proof/c6solve-verify",
    "string/c6solve: rules/c6solve-rules",
];

/// Largest disproof (draw, no-win) a proof for `c6solve-zone`/`-pv`/`-verify` may have, in
/// nodes; a larger one is reported as too big instead of using the memory.
const MAX_DISPROOF_NODES: usize = 1_000_000;

/// `genmove COLOR`: one stone for the side to move, which must be COLOR. A proven winning
/// stone when the search proves a win within the budget (and the rest of that turn's
/// winning stones on the next call, without searching again); else the search's best try.
pub(super) fn genmove(e: &mut Engine, args: &[&str]) -> Answer {
    let [color] = args[..] else {
        return Err("usage: genmove COLOR".into());
    };
    let color = parse_color(color)?;
    if let Some(w) = e.pos.winner() {
        return Err(format!("the game is over: {w} won"));
    }
    if e.pos.empties() == 0 {
        return Err("the game is over: the board is full".into());
    }
    if color != e.pos.to_move() {
        return Err(format!("it is {}'s turn", e.pos.to_move()));
    }
    let cell = match planned(e) {
        Some(c) => c,
        None => {
            let report = run_solve(e, e.budget(color))?;
            remember_plan(e, &report);
            match planned(e) {
                Some(c) => c,
                None => match report.best.first() {
                    Some(p) => p.cell(&e.rules),
                    None => fallback_point(&e.pos)
                        .ok_or_else(|| "no empty point is left".to_string())?,
                },
            }
        }
    };
    e.play_stone(color, cell)?;
    Ok(e.name(cell))
}

/// `c6solve-solve [COLOR] [SECONDS]`: the value for the side to move (COLOR, if given,
/// must be it), the best stones of its turn and the nodes searched:
/// `win K3 J4 nodes 120`.
pub(super) fn solve_command(e: &mut Engine, args: &[&str]) -> Answer {
    let time = color_and_seconds(e, args, "c6solve-solve [COLOR] [SECONDS]")?;
    let report = run_solve(e, time)?;
    remember_plan(e, &report);
    let mut words = vec![report.value.name().to_string()];
    words.extend(report.best.iter().map(|p| p.to_string()));
    words.push(format!("nodes {}", report.nodes));
    Ok(words.join(" "))
}

/// `c6solve-zone [SECONDS]`: the proof's zone as GoGui gfx: every point a stone of the
/// proof is played on (`SQUARE`), and the value (`TEXT`).
pub(super) fn zone_command(e: &mut Engine, args: &[&str]) -> Answer {
    let (proved, cert) = proof_for(e, args, "c6solve-zone [SECONDS]")?;
    let (_, _, zone) = crate::show::main_line(&cert, &e.pos);
    let mut out = String::new();
    if !zone.is_empty() {
        let names: Vec<String> = zone.iter().map(|&c| e.name(c)).collect();
        out.push_str(&format!("SQUARE {}\n", names.join(" ")));
    }
    out.push_str(&format!(
        "TEXT {} for {} to move; the proof plays on {} points",
        proved.report.value.name(),
        e.pos.to_move(),
        zone.len()
    ));
    Ok(out)
}

/// `c6solve-pv [SECONDS]`: the proof's main line as GoGui gfx (`VAR b K3 b J4 w ...`): the
/// prover's stones and, at each defence, the reply with the longest proof below it.
pub(super) fn pv_command(e: &mut Engine, args: &[&str]) -> Answer {
    let (_, cert) = proof_for(e, args, "c6solve-pv [SECONDS]")?;
    let (line, note, _) = crate::show::main_line(&cert, &e.pos);
    let mut pos = e.pos.clone();
    let mut words = vec!["VAR".to_string()];
    for c in line {
        let who = match pos.to_move() {
            Color::Black => "b",
            Color::White => "w",
        };
        words.push(format!("{who} {}", e.name(c)));
        if pos.try_play(c).is_err() {
            break;
        }
    }
    let mut out = words.join(" ");
    if !note.is_empty() {
        out.push_str(&format!("\nTEXT{note}"));
    }
    Ok(out)
}

/// `c6solve-verify [SECONDS]`: the proof of the current position checked by the
/// independent checker. `c6solve-verify LINE`: a claimed kill line from the current
/// position (the attacker's turns separated by commas, `K3 J4, L5 M6`) verified turn by turn.
pub(super) fn verify_command(e: &mut Engine, args: &[&str]) -> Answer {
    let is_seconds = matches!(args, [s] if s.parse::<f64>().is_ok());
    if args.is_empty() || is_seconds {
        let (_, cert) = proof_for(e, args, "c6solve-verify [SECONDS | LINE]")?;
        return Ok(match check::check(&cert) {
            Ok(s) => format!(
                "valid: {}: {}; {} nodes",
                s.root,
                s.claims.join("; "),
                s.nodes
            ),
            Err(why) => format!("invalid: {why}"),
        });
    }
    let line = verify::parse_line(&e.rules, &args.join(" ")).map_err(|err| err.to_string())?;
    let opts = VerifyOptions {
        max_nodes: e.opts.max_nodes,
        time_limit: Some(e.budget(e.pos.to_move())),
        tt_mib: e.opts.tt_mib,
    };
    let r = verify::verify(&e.pos, &line, &opts).map_err(|err| err.to_string())?;
    Ok(verify::text(&e.rules, &r).trim().to_string())
}

/// The next stone of the plan, if the game followed it since it was made: the moves
/// since then are the plan's first stones, and one is left.
fn planned(e: &Engine) -> Option<Cell> {
    let (at, rest) = e.memory.plan.as_ref()?;
    let done = e.moves.strip_prefix(at.as_slice())?;
    (done.len() < rest.len() && rest.starts_with(done)).then(|| rest[done.len()])
}

/// Keeps a proven turn's stones (a win's, or a draw's holding stones) for [`planned`].
fn remember_plan(e: &mut Engine, report: &SolveReport) {
    let proven = matches!(report.value, Outcome::Win | Outcome::Draw);
    if proven && !report.best.is_empty() {
        let cells: Vec<Cell> = report.best.iter().map(|p| p.cell(&e.rules)).collect();
        e.memory.plan = Some((e.moves.clone(), cells));
    }
}

/// The optional color (which must be the side to move) and seconds of a solver command.
fn color_and_seconds(e: &Engine, args: &[&str], usage: &str) -> Result<Duration, String> {
    let mut args = args;
    if let Some(first) = args.first()
        && let Ok(color) = parse_color(first)
    {
        if color != e.pos.to_move() {
            return Err(format!(
                "it is {}'s turn; c6solve solves for the side to move",
                e.pos.to_move()
            ));
        }
        args = &args[1..];
    }
    match args {
        [] => Ok(e.budget(e.pos.to_move())),
        [s] => match s.parse::<f64>() {
            Ok(x) if x.is_finite() && x > 0.0 => Ok(Duration::from_secs_f64(x)),
            _ => Err(format!("usage: {usage}")),
        },
        _ => Err(format!("usage: {usage}")),
    }
}

fn options(e: &Engine, time: Duration) -> SolveOptions {
    SolveOptions {
        goal: Goal::Value,
        max_nodes: e.opts.max_nodes,
        time_limit: Some(time),
        tt_mib: e.opts.tt_mib,
        threads: e.opts.threads,
        ..SolveOptions::default()
    }
}

fn run_solve(e: &Engine, time: Duration) -> Result<SolveReport, String> {
    solve(&e.pos, &options(e, time)).map_err(|err| err.to_string())
}

/// The proof of the current position: remembered, or solved and written now.
fn proof_for(e: &mut Engine, args: &[&str], usage: &str) -> Result<(Proved, Certificate), String> {
    let fresh = !matches!(&e.memory.proof, Some((at, _)) if *at == e.moves);
    if fresh || !args.is_empty() {
        let time = color_and_seconds(e, args, usage)?;
        let opts = options(e, time);
        let table = memory_table(opts.tt_mib).map_err(|err| err.to_string())?;
        let (report, cert) = solve_then(&e.pos, &opts, table, |pos, report, table| {
            cert::certify(table, pos, report, Some(MAX_DISPROOF_NODES))
                .map_err(|why| why.to_string())
                .and_then(|p| p.unpack().map_err(|err| err.to_string()))
        })
        .map_err(|err| err.to_string())?;
        remember_plan(e, &report);
        e.memory.proof = Some((e.moves.clone(), Proved { report, cert }));
    }
    let (_, proved) = e.memory.proof.as_ref().expect("set above");
    match &proved.cert {
        Ok(c) => Ok((proved.clone(), c.clone())),
        Err(why) if proved.report.value == Outcome::Unknown => {
            Err(format!("not proven within the limits ({why})"))
        }
        Err(why) => Err(format!("no proof to show: {why}")),
    }
}

/// A stone when the search names none: the empty point next to the most stones, nearest
/// the centre among those.
fn fallback_point(pos: &Position) -> Option<Cell> {
    let r = pos.rules();
    let (w, h) = (r.width as i32, r.height as i32);
    pos.empty_points().max_by_key(|&c| {
        let (x, y) = (c as i32 % w, c as i32 / w);
        let mut near = 0;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx, dy) != (0, 0)
                    && (0..w).contains(&nx)
                    && (0..h).contains(&ny)
                    && pos.at((ny * w + nx) as Cell).is_some()
                {
                    near += 1;
                }
            }
        }
        let off_centre = (2 * x - (w - 1)).abs() + (2 * y - (h - 1)).abs();
        (near, -off_centre, -(c as i32))
    })
}
