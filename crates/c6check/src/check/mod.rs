//! The checker of proof certificates (docs/design.md §9.2; recognising nodes §9.4,
//! independence §9.5).
//!
//! It shares no code with the search: it has its own reading of the rules' numbers and its
//! own point names (`rules.rs`), its own board, a plain array of points, with its line test,
//! threat windows and hitting sets (`board.rs`), its own windows and symmetries
//! (`geometry.rs`), all written from the rules. Besides those it uses only the certificate's
//! data types ([`crate::format`], [`crate::packed`]). The walk over a proof is in `walk.rs`,
//! the other side's replies in `replies.rs`, the no-win leaves in `nowin.rs`, the position
//! hashes in `keys.rs`.
//!
//! What a valid certificate proves, part by part: from the root position, the *prover* (the
//! attacker for a win claim, the defender for a no-win claim) has a strategy that reaches
//! only positions where the claim holds. The checker replays every edge of the proof from
//! the root and, at each node:
//! - at the prover's nodes, plays the one given move (or checks a leaf: the prover completes
//!   a line with the stones of this turn; or, for no-win claims, every window holds a defender
//!   stone, or a pairing strategy covers every window the attacker could still fill, or the
//!   potential of those windows is too small for the attacker ever to fill one);
//! - at the other side's nodes, checks that it cannot complete a line this turn and that every
//!   empty point is a listed reply or is covered by one of three reasons it derives itself:
//!   1. *Threats and order.* Let T be the prover's threat windows (no stone of the mover, at
//!      least k - p of the prover's). Any set of this turn's stones that misses a window of T
//!      loses at once, and any set that hits all of T contains a point b with the rest of T
//!      hittable by the remaining stones, which can be played first (no stone of the turn
//!      can win, so order does not matter). So when T is not empty only such points b need
//!      to be listed.
//!   2. *Dead points.* A point in no window that either side can still fill can never matter:
//!      swapping it with another such point maps strategies onto strategies. One listed dead
//!      point covers all of them.
//!   3. *Symmetry.* If a symmetry of the board maps the position after x onto the position
//!      after a listed reply, x needs no proof of its own.
//! - or checks that the mover is overwhelmed: it cannot complete a line this turn and no set
//!   of its stones hits all of the prover's threat windows.
//!
//! A node reached along two paths must be the same position both times, or its mirror image
//! under a symmetry of the board (format version 2), so shared subtrees are checked once: the
//! strategy checked from the first position, mirrored, is one from the second (the node
//! cannot be reached again below itself, as every move adds a stone). Positions are compared
//! by a 128-bit hash of their stones and the turn, kept under every symmetry of the board,
//! with keys drawn at random for each check: a file written without those keys matches two
//! different positions with a chance of about 2^-128 a comparison, and the checker keeps 16
//! bytes a node instead of every node's stone list.
//!
//! Nodes are decoded one at a time as the walk reaches them
//! ([`PackedPart::node`](crate::packed::PackedPart::node)), so a proof of tens of millions of
//! nodes is checked in about the memory of its file.

mod board;
mod geometry;
mod keys;
mod nowin;
mod replies;
mod rules;
mod walk;
mod zone;

use crate::format::{Certificate, Claim};
use crate::packed::Packed;
use board::Board;
use geometry::Geo;
use keys::Keys;
use rules::Rules;
use walk::Checker;

/// What a valid certificate proves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// One line per claim, e.g. "Black (to move) forces a win".
    pub claims: Vec<String>,
    /// The value the claims establish for the side to move, when they establish one
    /// ("win", "loss", "draw", "no-win", "no-loss").
    pub value: Option<&'static str>,
    /// Proof nodes checked over all parts.
    pub nodes: usize,
    /// The rules and the root position the claims are about, e.g. "Connect(7,6,5,2,1), the
    /// empty board, Black to move with 1 stone(s)": a certificate checked without rules or a
    /// position names what it proves, down to the stones left in the turn.
    pub root: String,
}

/// Checks a certificate. `Err` holds the first failure found, naming the part, the node, the
/// stones that lead to it from the root, and the reason.
pub fn check(cert: &Certificate) -> Result<Summary, String> {
    check_packed(&Packed::from(cert))
}

/// [`check`] for a certificate read as it is stored ([`Packed::read_from`]).
pub fn check_packed(cert: &Packed) -> Result<Summary, String> {
    // The checker recurses once a stone: give it room on boards of up to 4096 points.
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("c6solve-check".into())
            .stack_size(256 << 20)
            .spawn_scoped(scope, || check_here(cert))
            .map_err(|e| format!("cannot start the checker thread: {e}"))?
            .join()
            .map_err(|_| "the checker failed (internal error above)".to_string())?
    })
}

fn check_here(cert: &Packed) -> Result<Summary, String> {
    let cert_parts = &cert.parts;
    let cert = &cert.head;
    let [m, n, k, p, q] = cert.rules;
    let rules = Rules::new(m, n, k, p, q).map_err(|e| format!("header: {e}"))?;
    let keys = Keys::new(&rules);
    let geo = Geo::new(&rules);
    let root = Board::root(&geo, cert)?;
    if cert_parts.is_empty() {
        return Err("the certificate holds no claim".into());
    }
    let mut claims = Vec::new();
    let mut nodes = 0;
    let mut won = None;
    let mut held = [false; 2];
    for (i, part) in cert_parts.iter().enumerate() {
        if part.attacker > 1 {
            return Err(format!(
                "part {}: attacker {} is not a colour",
                i + 1,
                part.attacker
            ));
        }
        let mut c = Checker::new(&geo, &keys, root.clone(), part);
        c.node(0).map_err(|e| format!("part {}: {e}", i + 1))?;
        nodes += c.checked;
        let who = colour_name(part.attacker);
        let role = if part.attacker == root.to_move {
            " (to move)"
        } else {
            ""
        };
        claims.push(match part.claim {
            Claim::Win => {
                won = Some(part.attacker);
                format!("{who}{role} forces a win")
            }
            Claim::NoWin => {
                held[part.attacker as usize] = true;
                format!("{who}{role} cannot force a win")
            }
        });
    }
    let me = root.to_move as usize;
    let value = match won {
        Some(a) if a as usize == me => Some("win"),
        Some(_) => Some("loss"),
        None if held[0] && held[1] => Some("draw"),
        None if held[me] => Some("no-win"),
        None if held[1 - me] => Some("no-loss"),
        None => None,
    };
    Ok(Summary {
        claims,
        value,
        nodes,
        root: root.describe(&rules),
    })
}

/// "Black" for 0, "White" otherwise.
fn colour_name(c: u8) -> &'static str {
    if c == 0 { "Black" } else { "White" }
}
