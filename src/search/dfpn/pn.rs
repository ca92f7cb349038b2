//! Proof-number arithmetic: a node's numbers from its children's (weak proof numbers on
//! the "sum" side), the child to search next and its thresholds (the 1+ε trick), the
//! virtual proof numbers that spread several workers over the children, and the numbers
//! a child starts with.
//!
//! The design: docs/design.md §2.2 to §2.4; virtual proof numbers §7.

use crate::board::{Cell, Position};
use crate::search::control::Control;
use crate::search::tt::{INF, Pn};
use crate::threats;

/// Numerator and denominator of 1+ε: a child's threshold is ε above the second-best value.
const EPS_NUM: u64 = 5;
const EPS_DEN: u64 = 4;

/// Initial proof number of an attacker stone that makes no threat (see [`fresh_numbers`]).
const QUIET_PN: Pn = 3;

/// Proof and disproof numbers of a child before it is searched.
pub(super) const FRESH: (Pn, Pn) = (1, 1);

/// A child of the node being searched, with the numbers last seen for it.
pub(super) struct Child {
    /// The stone played.
    pub(super) cell: Cell,
    /// The table key of the position after it.
    pub(super) key: [u64; 2],
    pub(super) pn: Pn,
    pub(super) dn: Pn,
}

/// What [`select`] and [`divert`] decide at a node.
pub(super) struct Selection {
    /// The node's proof and disproof numbers.
    pub(super) numbers: (Pn, Pn),
    /// Index of the child to search next.
    pub(super) best: usize,
    /// The "min" side number of the best other child: the bound of the chosen child's
    /// threshold on that side (see [`one_plus_eps`]).
    pub(super) second: Pn,
}

/// Combines the children's numbers and picks the child to search next.
///
/// The "min" side (pn at an OR node, dn at an AND node) is the smallest child's. The other
/// side uses weak proof numbers (Ueda et al. 2008): the largest child plus one for each other
/// unsolved child, instead of the sum: transpositions make a sum count shared subtrees many
/// times over (docs/design.md §2.3; results/experiments/search-constants.md).
pub(super) fn select(children: &[Child], or: bool) -> Selection {
    let mut best = 0;
    let (mut min1, mut min2) = (INF, INF);
    let (mut max_other, mut open) = (0u64, 0u64);
    for (i, c) in children.iter().enumerate() {
        let (m, s) = if or { (c.pn, c.dn) } else { (c.dn, c.pn) };
        if m < min1 {
            min2 = min1;
            min1 = m;
            best = i;
        } else if m < min2 {
            min2 = m;
        }
        if min1 == 0 {
            // Solved: the other side is infinite whatever the siblings hold.
            break;
        }
        if s > 0 {
            max_other = max_other.max(s as u64);
            open += 1;
        }
    }
    let (min, other) = if min1 == 0 {
        (0, INF)
    } else {
        let weak = max_other + open.saturating_sub(1);
        (min1, weak.min(INF as u64 - 1) as Pn)
    };
    let numbers = if or { (min, other) } else { (other, min) };
    Selection {
        numbers,
        best,
        second: min2,
    }
}

/// With several workers: the child to search and its sibling bound, when children other
/// workers are in count as harder than they are (their "min" side number doubled, plus one).
/// The busy mark is a virtual proof number in the manner of Kaneko (2010): workers spread out
/// over the siblings instead of all following the same best child. Only children whose real
/// number is below the node's threshold `th` are candidates, so the child searched always has
/// work to do below its threshold; the node's own numbers stay the real ones.
pub(super) fn divert(
    children: &[Child],
    or: bool,
    real: Selection,
    th: Pn,
    ctl: &Control,
) -> Selection {
    let min_side = |c: &Child| if or { c.pn } else { c.dn };
    let eff = |c: &Child| {
        let m = min_side(c);
        if m == 0 || m == INF || !ctl.is_busy(c.key) {
            m
        } else {
            (m as u64 * 2 + 1).min(INF as u64 - 1) as Pn
        }
    };
    let (mut best, mut best_eff) = (real.best, INF);
    for (i, c) in children.iter().enumerate() {
        let e = eff(c);
        if min_side(c) < th && e < best_eff {
            (best, best_eff) = (i, e);
        }
    }
    // Busy marks change while we look: the bound never drops to the chosen child's number,
    // so the child always gets at least one step of work.
    let second = children
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != best)
        .map(|(_, c)| eff(c))
        .min()
        .unwrap_or(INF)
        .max(min_side(&children[best]));
    Selection {
        numbers: real.numbers,
        best,
        second,
    }
}

/// The child threshold on the "min" side: ε above the second-best child, at least one more.
pub(super) fn one_plus_eps(second: Pn) -> Pn {
    if second == INF {
        return INF;
    }
    let s = second as u64;
    (s * EPS_NUM)
        .div_ceil(EPS_DEN)
        .max(s + 1)
        .min(INF as u64 - 1) as Pn
}

/// The child threshold on the "sum" side: the parent's threshold minus the other children.
pub(super) fn sub_keep(th: Pn, total: Pn, child: Pn) -> Pn {
    if th == INF {
        return INF;
    }
    let others = total as u64 - child.min(total) as u64;
    (th as u64).saturating_sub(others).min(INF as u64 - 1) as Pn
}

/// Numbers of a child not yet in the table. At the attacker's nodes, a stone that makes a
/// threat forces the reply, so its subtree is narrow; a quiet stone starts out looking
/// `QUIET_PN` times harder to prove, which steers df-pn to forcing lines first without
/// excluding anything (docs/design.md §2.4). Why 3: results/experiments/search-constants.md.
pub(super) fn fresh_numbers(pos: &Position, cell: Cell, or: bool) -> (Pn, Pn) {
    if or && !threats::makes_threat(pos, cell) {
        (QUIET_PN, FRESH.1)
    } else {
        FRESH
    }
}
