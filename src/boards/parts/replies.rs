//! Reply trials for rows solved by parts: White's answers that refuted Black's other first
//! turns, tried first on a new one, each with a small node budget (after moves: the root's
//! opponent's answers to the mover's first turns).
//!
//! A first-turn part (White to move, `--goal hold`) spends most of its search looking for
//! White's answer, and the part with that answer given (Black to move, `--goal win`) is much
//! smaller; White's answers also repeat from one first turn to another. So before a first
//! turn is solved whole, the answers most often recorded are tried on it; one that
//! refutes Black within the budget is recorded as a part below the first turn, which the
//! ledger's composition then settles, as it does a split asked for with `--part`. A trial
//! that fails costs its budget and records nothing.
//!
//! Nothing here decides a value: a trial's part is proven, and certified, like any other.

use super::ledger::{Ledger, PartRecord};
use super::root::Root;
use crate::board::{Cell, Position};
use crate::notation::{format_moves, parse_moves};
use crate::proof;

/// The opponent's turn after the mover's first turn of `part`, in the part's own frame: a
/// first-turn part's recorded `reply` (see [`fill_replies`] for parts recorded without one),
/// or for a part below a first turn (a refuted answer) its last p stones. `None` for other
/// parts.
pub fn reply_of(root: &Root, part: &PartRecord) -> Option<Vec<Cell>> {
    let rules = &root.rules;
    let cells = parse_moves(rules, &part.moves).ok()?;
    let (first, p) = (root.first_turn_len(), rules.p as usize);
    if cells.len() == first + p && part.value == "no-win" {
        return Some(cells[first..].to_vec());
    }
    if !first_turn_held(root, part) {
        return None;
    }
    parse_moves(rules, part.reply.as_deref()?)
        .ok()
        .filter(|r| r.len() == p)
}

/// True for a part after the mover's first turn in which the opponent holds: one that has an
/// answer.
fn first_turn_held(root: &Root, part: &PartRecord) -> bool {
    part.value == "no-loss" && part.moves.split_whitespace().count() == root.first_turn_len()
}

/// The first p stones of the strategy in a first-turn part's certificate, if the file is here.
fn certificate_reply(root: &Root, part: &PartRecord) -> Option<Vec<Cell>> {
    let rules = &root.rules;
    let cert = proof::read_certificate(part.certificate.as_deref()?).ok()?;
    let at = crate::show::certificate_root(&cert)?;
    if at.to_move() != root.mover().opponent() || at.rules() != rules {
        return None;
    }
    let (line, _, _) = crate::show::main_line(&cert, &at);
    let p = rules.p as usize;
    (line.len() >= p).then(|| line[..p].to_vec())
}

/// Fills in the `reply` of every first-turn part recorded without one from its certificate, when that is here; run once at the start of a run, so
/// the answers are read from the ledger afterwards and stay known where the certificates are
/// not kept. Returns how many were filled.
pub fn fill_replies(root: &Root, ledger: &mut Ledger) -> usize {
    let mut filled = 0;
    for part in &mut ledger.parts {
        if part.reply.is_some() || !first_turn_held(root, part) {
            continue;
        }
        if let Some(r) = certificate_reply(root, part) {
            part.reply = Some(format_moves(&root.rules, &r));
            filled += 1;
        }
    }
    filled
}

/// The answers of the ledger, most often recorded first (ties: the one recorded first).
pub fn candidates(root: &Root, ledger: &Ledger) -> Vec<Vec<Cell>> {
    let mut counted: Vec<(Vec<Cell>, usize)> = Vec::new();
    for part in &ledger.parts {
        let Some(mut reply) = reply_of(root, part) else {
            continue;
        };
        // One answer, whatever order its stones were written in.
        reply.sort_unstable();
        match counted.iter_mut().find(|(r, _)| *r == reply) {
            Some((_, n)) => *n += 1,
            None => counted.push((reply, 1)),
        }
    }
    // Stable: equal counts keep the order they were first recorded in.
    counted.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    counted.into_iter().map(|(r, _)| r).collect()
}

/// The first `n` of `candidates` that White can play at `pos` (every stone on an empty
/// point) without the game ending.
pub fn trials_at(pos: &Position, candidates: &[Vec<Cell>], n: usize) -> Vec<Vec<Cell>> {
    candidates
        .iter()
        .filter(|r| {
            let mut after = pos.clone();
            r.iter().all(|&c| after.try_play(c).is_ok()) && !after.is_over()
        })
        .take(n)
        .cloned()
        .collect()
}
