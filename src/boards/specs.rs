//! The rule sets a run covers: ranges of boards, k, p and q parsed from the command line,
//! expanded and put in the order a run solves them.

use crate::error::{Error, Result};
use crate::rules::Rules;

/// Parses `A..B` (inclusive) or a single number `A`, for the option `name`.
pub fn parse_range(name: &str, text: &str) -> Result<(u16, u16)> {
    let bad = || {
        Error::Option(format!(
            "{name} '{text}': expected a number or a range like 4..6"
        ))
    };
    let num = |s: &str| s.trim().parse::<u16>().map_err(|_| bad());
    let (lo, hi) = match text.split_once("..") {
        Some((a, b)) => (num(a)?, num(b.trim_start_matches('='))?),
        None => {
            let v = num(text)?;
            (v, v)
        }
    };
    if lo == 0 || lo > hi {
        return Err(Error::Option(format!(
            "{name} '{text}': expected 1 <= low <= high"
        )));
    }
    Ok((lo, hi))
}

/// Parses a board `MxN` (columns x rows).
fn parse_board(text: &str) -> Option<(u16, u16)> {
    let (m, n) = text
        .trim()
        .to_ascii_lowercase()
        .split_once('x')
        .map(|(a, b)| (a.trim().parse::<u16>().ok(), b.trim().parse::<u16>().ok()))?;
    Some((m?, n?))
}

/// Parses `--boards`: `AxB..CxD` (every board of A..C columns and B..D rows) or one board
/// `MxN`. Returns the corners.
pub fn parse_boards(text: &str) -> Result<((u16, u16), (u16, u16))> {
    let bad = || {
        Error::Option(format!(
            "--boards '{text}': expected a board like 5x5 or a range like 3x3..7x7"
        ))
    };
    let (lo, hi) = match text.split_once("..") {
        Some((a, b)) => (
            parse_board(a).ok_or_else(bad)?,
            parse_board(b).ok_or_else(bad)?,
        ),
        None => {
            let b = parse_board(text).ok_or_else(bad)?;
            (b, b)
        }
    };
    if lo.0 == 0 || lo.1 == 0 || lo.0 > hi.0 || lo.1 > hi.1 {
        return Err(Error::Option(format!(
            "--boards '{text}': expected the first corner no larger than the second, sides >= 1"
        )));
    }
    if hi.0 > Rules::MAX_SIDE || hi.1 > Rules::MAX_SIDE {
        return Err(Error::Option(format!(
            "--boards '{text}': sides of at most {} are supported",
            Rules::MAX_SIDE
        )));
    }
    Ok((lo, hi))
}

/// Every rule set of a range: boards between the corners (a board and its transpose are the
/// same game, so only boards with at least as many columns as rows are listed; 4x7 is solved
/// as 7x4), each k, p and q in their ranges. Boards on which no line of k fits (k larger than
/// both sides: a draw without play) are left out. Bad values (p above the supported maximum)
/// are errors.
pub fn expand(
    boards: ((u16, u16), (u16, u16)),
    k: (u16, u16),
    p: (u16, u16),
    q: (u16, u16),
) -> Result<Vec<Rules>> {
    let ((m0, n0), (m1, n1)) = boards;
    let mut out = Vec::new();
    for m in m0..=m1 {
        for n in n0..=n1 {
            let (w, h) = (m.max(n), m.min(n));
            for k in k.0..=k.1 {
                if k > w {
                    continue;
                }
                for p in p.0..=p.1 {
                    for q in q.0..=q.1 {
                        out.push(Rules::new(w, h, k, p, q)?);
                    }
                }
            }
        }
    }
    Ok(order(out))
}

/// Removes duplicates and orders rule sets small boards first (then columns, k, p, q), so a
/// run spends its time on what it can finish before what it probably cannot.
pub fn order(mut rules: Vec<Rules>) -> Vec<Rules> {
    rules.sort_by_key(|r| (r.cells(), r.width, r.k, r.p, r.q, r.height));
    rules.dedup();
    rules
}
