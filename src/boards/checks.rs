//! The checks every write makes over all rows: monotonicity across boards, strategy stealing
//! and the published values.
//!
//! # Monotonicity: what holds and what is checked
//! For fixed k, p, q write B ⊆ B' when the board B fits inside B' (m ≤ m' and n ≤ n', or
//! transposed: a board and its transpose are the same game). Two families of facts:
//!
//! - **Theorems** (checked as *contradictions*: one means a bug). Strategy stealing: when
//!   q = p, Black's first turn is a full turn and an extra stone never hurts a side (overlines
//!   win), so White cannot force a win: a `loss` with q = p is impossible. A proven value that
//!   differs from a published one is also reported as a contradiction.
//! - **Expected monotonicity** (checked as *exceptions*). "A win stays a win on a larger board;
//!   a draw stays a draw on a smaller one" is a theorem only for the *weak* game, where White
//!   merely blocks: there Black's winning strategy on B works on B' (White's stones outside B
//!   only stand in for stones inside), and White's blocking strategy on B' works on B. In
//!   Connect(m,n,k,p,q) White's own lines also end the game, and on B' White may complete a
//!   line that leaves B before Black's strategy inside B finishes, so neither implication is a
//!   theorem for the game's real values. They are checked anyway
//!   ("small win ⇒ larger win", "small loss ⇒ larger loss", which together also give "larger
//!   draw ⇒ smaller draw"), and flags every exception on both rows: such a pair is possible
//!   but surprising, and its rows' certificates must back it.
//!
//! Unknown rows take part in no check.

use super::rows::{Row, Value};
use crate::rules::Rules;

/// True if board `a` fits inside board `b` (either way round).
fn fits(a: &Rules, b: &Rules) -> bool {
    (a.width <= b.width && a.height <= b.height) || (a.width <= b.height && a.height <= b.width)
}

/// Recomputes every row's flags (see the module notes for what is checked and why). Rows whose
/// rules do not parse are flagged as such.
pub fn check(rows: &mut [Row]) {
    for r in rows.iter_mut() {
        r.flags.clear();
    }
    let parsed: Vec<Option<Rules>> = rows.iter().map(|r| r.parsed_rules().ok()).collect();
    let mut flags: Vec<Vec<String>> = vec![Vec::new(); rows.len()];
    for (i, row) in rows.iter().enumerate() {
        let Some(ri) = parsed[i] else {
            flags[i].push(format!("CONTRADICTION: rules '{}' do not parse", row.rules));
            continue;
        };
        if row.value == Value::Loss && ri.p == ri.q {
            flags[i].push(
                "CONTRADICTION: a loss with q = p is impossible (strategy stealing)".to_string(),
            );
        }
        if let Some(lit) = &row.literature
            && row.value.is_proven()
            && lit.value != row.value
        {
            flags[i].push(format!(
                "CONTRADICTION: published value is {} ({})",
                lit.value.name(),
                lit.source
            ));
        }
        for (j, big) in rows.iter().enumerate() {
            let Some(rj) = parsed[j] else { continue };
            if i == j || (ri.k, ri.p, ri.q) != (rj.k, rj.p, rj.q) || !fits(&ri, &rj) {
                continue;
            }
            if ri.width.max(ri.height) == rj.width.max(rj.height)
                && ri.width.min(ri.height) == rj.width.min(rj.height)
            {
                continue;
            }
            let (small, large) = (row.value, big.value);
            let broken = match small {
                Value::Win => matches!(large, Value::Draw | Value::Loss),
                Value::Loss => matches!(large, Value::Draw | Value::Win),
                _ => false,
            };
            if broken {
                let text = format!(
                    "EXCEPTION: {} on {} but {} on the larger {} (expected monotonicity, not a \
                     theorem for the real game: certificates must back both rows)",
                    small.name(),
                    row.rules,
                    large.name(),
                    big.rules
                );
                flags[i].push(text.clone());
                flags[j].push(text);
            }
        }
    }
    for (r, f) in rows.iter_mut().zip(flags) {
        r.flags = f;
    }
}
