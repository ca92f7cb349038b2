//! The certificates of a board solved by parts: each part's, written when it is proven (or
//! adopted when already in place), and the row the ledger gives, with one certificate joining
//! the parts' under the composition.

use super::compose::{Composed, Shape, compose, first_turns_refuted};
use super::ledger::{Ledger, PartRecord, accepted, position_after};
use super::root::Root;
use super::schedule::{Job, part_name};
use crate::board::{Cell, Position};
use crate::boards::backing::read_with_sha;
use crate::boards::certificates::{
    CERTIFICATE_SENTENCE, NO_CERTIFICATE, write_certificate, write_checked,
};
use crate::boards::made::new_row;
use crate::boards::options::BoardsOptions;
use crate::boards::rows::{Effort, Row, Value};
use crate::error::Result;
use crate::proof::{self, Claim, Node, cert, join};
use crate::rules::{Color, Rules};
use std::path::Path;
use std::time::{Duration, Instant};

/// How many times its solve's time a part's certificate may take to write.
const CERTIFICATE_TIME_FACTOR: f64 = 4.0;

/// When writing a part's certificate gives up. Writing searches again the children the table
/// lost and those the solve's zones left out, which can take longer than the solve did:
/// [`CERTIFICATE_TIME_FACTOR`] times the part's solve time, at least a minute, and at least
/// twice what an attempt that ran out of time was allowed (`tried`), so a part recorded
/// without a certificate is not refused the same way by every later run. No later than the
/// run's end but for that minute.
pub(super) fn certificate_deadline(
    solve_seconds: f64,
    tried: Option<f64>,
    run_end: Instant,
) -> Instant {
    let now = Instant::now();
    let floor = Duration::from_secs(60);
    let seconds = (solve_seconds * CERTIFICATE_TIME_FACTOR).max(2.0 * tried.unwrap_or(0.0));
    let wanted = Duration::from_secs_f64(seconds).max(floor);
    (now + wanted).min(run_end.max(now + floor))
}

/// Writes a part's certificate to `file`, checks the file with the independent checker (it
/// must prove the part's value: anything else is a bug, an error, and no file) and records it.
pub(super) fn write_part_certificate(
    part: &mut PartRecord,
    cert: proof::Packed,
    file: &Path,
) -> Result<()> {
    let what = format!("part '{}': its certificate", part.moves);
    let (name, written, summary, _) = write_checked(cert, file, &part.value, &what)?;
    part.certificate = Some(name);
    part.certificate_sha256 = Some(written.sha256);
    part.certificate_nodes = Some(summary.nodes as u64);
    Ok(())
}

/// The certificate already in a certifying job's place, when the checker accepts it for the
/// job's position and the recorded value: a part record with just its certificate fields.
pub(super) fn adopted(root: &Root, opts: &BoardsOptions, job: &Job) -> Option<PartRecord> {
    let rules = &root.rules;
    let value = &job.certify.as_ref()?.value;
    let file = opts
        .cert_dir
        .as_ref()?
        .join(root.stem())
        .join(format!("{}.c6proof", part_name(job)));
    let name = file.display().to_string();
    let (packed, sha) = read_with_sha(&name).ok()?;
    let pos = Position::from_moves(*rules, &job.cells).ok()?;
    let nodes = accepted(&packed, &pos, value).ok()?;
    Some(PartRecord {
        moves: job.moves.clone(),
        value: value.clone(),
        nodes: 0,
        seconds: 0.0,
        threads: 0,
        tt_mib: 0,
        commit: String::new(),
        command: String::new(),
        date: String::new(),
        load: String::new(),
        certificate: Some(name),
        certificate_sha256: Some(sha),
        certificate_nodes: Some(nodes),
        certificate_tried: None,
        reply: None,
    })
}

/// How a value composed of parts (see [`super`]) was shown.
fn how_by_parts(root: &Root, value: Value, parts: &[PartRecord], ledger: &str) -> String {
    let list = parts
        .iter()
        .map(|p| {
            let at = if p.moves.is_empty() { "root" } else { &p.moves };
            format!("{at} {} ({:.0} s)", p.value, p.seconds)
        })
        .collect::<Vec<_>>()
        .join(", ");
    let (mover, other) = (root.mover(), root.mover().opponent());
    let stealing = if root.needs_opponent_part() {
        String::new()
    } else {
        format!(" {other} cannot force a win by strategy stealing (q = p).")
    };
    let what = match value {
        Value::Win => format!("a first turn of {mover}'s after which {other} loses"),
        Value::Loss => format!("{other}'s win from the root"),
        _ => format!("after each of {mover}'s first turns up to symmetry, {other} holds"),
    };
    let what = match root.is_empty_board() {
        true => what,
        false => format!("after {}, {mover} to move: {what}", root.moves()),
    };
    // A part deeper than a first turn lies below a split: chosen by the user (--part), an
    // answer recorded for another first turn (--reply-trials), or a part split because it
    // outgrew --part-nodes.
    let first = root.first_turn_len();
    let split = parts
        .iter()
        .any(|p| p.moves.split_whitespace().count() > first);
    let goals = if split {
        format!(
            "`solve --goal hold` where {other} is to move, `solve --goal win` where {mover} \
             is, below the first turns where a part was split by hand (--part), by a reply \
             recorded for another first turn (--reply-trials) or because it outgrew \
             --part-nodes (a split position is settled by the parts of its stones)"
        )
    } else {
        "`solve --goal hold`".to_string()
    };
    format!(
        "Solved by parts (--by-parts, ledger {ledger}): {what}, each part a df-pn solve of its own \
         ({goals}); the row's nodes and seconds are the parts' sums: {list}.{stealing}"
    )
}

/// The parts' seconds summed. Rust's float sum of nothing is -0.0, which prints as "-0.00";
/// adding 0.0 makes it 0.0 (and changes no other sum).
fn total_seconds(parts: &[PartRecord]) -> f64 {
    parts.iter().map(|p| p.seconds).sum::<f64>() + 0.0
}

/// The row the ledger gives: a value composed from its parts, or unknown with how far it got.
/// `name` is the ledger's file or URL (without its password), `effort` what its workers
/// spent.
pub(super) fn row_of(
    root: &Root,
    opts: &BoardsOptions,
    ledger: &Ledger,
    name: &str,
    load: String,
    effort: Option<Effort>,
) -> Result<Row> {
    let rules = &root.rules;
    let composed = compose(root, ledger);
    let (value, parts, how) = match &composed {
        Composed::Value { value, parts, .. } => {
            let how = how_by_parts(root, *value, parts, name);
            (*value, parts.clone(), how)
        }
        Composed::Open => {
            let (refuted, turns) = first_turns_refuted(root, ledger);
            (
                Value::Unknown,
                ledger.parts.clone(),
                format!(
                    "Solved by parts (--by-parts): not settled by the {} parts proven in {} so \
                     far, which refute {refuted} of {}'s {turns} first turns up to symmetry \
                     (recorded as unknown, never as a value; nodes and seconds are those parts').",
                    ledger.parts.len(),
                    name,
                    root.mover()
                ),
            )
        }
    };
    let mut row = Row {
        nodes: parts.iter().map(|p| p.nodes).sum(),
        seconds: total_seconds(&parts),
        threads: parts.iter().map(|p| p.threads).max().unwrap_or(0),
        effort,
        ..new_row(rules, value, how, opts, load)
    };
    if !root.is_empty_board() {
        // A position, not a row of the table: named by its moves, no literature value.
        row.rules = root.key();
        row.literature = None;
    }
    if let (Composed::Value { claims, .. }, Some(dir)) = (&composed, &opts.cert_dir) {
        let start = Instant::now();
        match joined(root, claims) {
            Ok(c) => {
                let file = dir.join(format!("{}.c6proof", root.stem()));
                row.how.push(' ');
                write_certificate(&mut row, c, &file, start.elapsed())?;
                row.how = row.how.replace(
                    CERTIFICATE_SENTENCE,
                    "Certificate (the parts' certificates joined under the first turns): ",
                );
            }
            Err(why) => row.how.push_str(&format!(" {}{why}.", NO_CERTIFICATE)),
        }
    }
    Ok(row)
}

/// One certificate for the whole board from the parts' certificates: each claim's shape,
/// with the parts' proofs at its leaves (turned by the board symmetry that maps a part
/// recorded as a mirror image onto the position it stands for).
fn joined(
    root: &Root,
    claims: &[(Color, bool, Option<Shape>)],
) -> std::result::Result<proof::Packed, String> {
    let rules = &root.rules;
    let at = root.position();
    let mut parts = Vec::new();
    for (colour, win, shape) in claims {
        let claim = if *win { Claim::Win } else { Claim::NoWin };
        let attacker = colour.index() as u8;
        let part = match shape {
            Some(s) => join::join(attacker, claim, &tree_of(rules, s)?),
            // White's no-win by strategy stealing is a theorem the checker knows.
            None => join::join(
                attacker,
                claim,
                &join::Tree::Theorem(Node::StrategyStealing),
            ),
        };
        parts.push(part.map_err(|e| e.to_string())?);
    }
    Ok(proof::Packed {
        head: cert::header(&at),
        parts,
    })
}

/// The joined proof's tree for `shape`, its leaves read from the parts' certificate files
/// (each must still have the SHA-256 the ledger recorded).
fn tree_of(rules: &Rules, shape: &Shape) -> std::result::Result<join::Tree, String> {
    Ok(match shape {
        Shape::Part { part, path } => {
            let (Some(file), Some(sha)) = (&part.certificate, &part.certificate_sha256) else {
                return Err(format!("part '{}' has no certificate", part.moves));
            };
            let (packed, actual) = read_with_sha(file)?;
            if actual != *sha {
                return Err(format!("{file} is not the file the ledger recorded"));
            }
            let leaf = packed
                .parts
                .into_iter()
                .next()
                .ok_or_else(|| format!("{file} holds no proof"))?;
            let (_, own) = position_after(rules, &part.moves).map_err(|e| e.to_string())?;
            let here = Position::from_moves(*rules, path).map_err(|e| e.to_string())?;
            let syms = here.geometry().symmetries();
            let g = (0..syms.len())
                .find(|&g| {
                    (0..rules.cells() as Cell).all(|c| own.at(c) == here.at(syms[g][c as usize]))
                })
                .ok_or_else(|| format!("part '{}' is not at its position", part.moves))?;
            let leaf = if g == 0 {
                leaf
            } else {
                join::mapped(&leaf, &syms[g]).map_err(|e| e.to_string())?
            };
            join::Tree::Leaf(leaf)
        }
        Shape::Over => join::Tree::Theorem(Node::Over),
        Shape::Move(c, s) => join::Tree::Move(*c, Box::new(tree_of(rules, s)?)),
        Shape::Replies(v) => join::Tree::Replies(
            v.iter()
                .map(|(c, s)| Ok((*c, tree_of(rules, s)?)))
                .collect::<std::result::Result<_, String>>()?,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seconds from now to `certificate_deadline`'s answer, rounded.
    fn allowed(solve_seconds: f64, tried: Option<f64>, run_left: u64) -> u64 {
        let now = Instant::now();
        let d = certificate_deadline(solve_seconds, tried, now + Duration::from_secs(run_left));
        (d - now).as_secs_f64().round() as u64
    }

    #[test]
    fn no_parts_take_zero_seconds_not_minus_zero() {
        assert_eq!(format!("{:.2}", total_seconds(&[])), "0.00");
    }

    #[test]
    fn a_certificate_gets_four_times_its_solve_within_the_run() {
        assert_eq!(allowed(100.0, None, 10_000), 400);
        assert_eq!(allowed(5.0, None, 10_000), 60, "at least a minute");
        assert_eq!(
            allowed(100.0, None, 250),
            250,
            "no later than the run's end"
        );
        assert_eq!(allowed(100.0, None, 0), 60, "but for that minute");
    }

    #[test]
    fn a_certificate_that_ran_out_of_time_gets_twice_as_long_next() {
        assert_eq!(allowed(19.0, Some(76.0), 10_000), 152);
        assert_eq!(
            allowed(19.0, Some(152.0), 10_000),
            304,
            "and twice that after"
        );
        assert_eq!(
            allowed(100.0, Some(60.0), 10_000),
            400,
            "never less than before"
        );
        assert_eq!(allowed(19.0, Some(76.0), 100), 100, "still within the run");
    }
}
