//! The lab: code that measures and reports on the solver rather than solves. The speed
//! benchmark behind `c6solve bench` ([`bench`](mod@bench)), the threads, memory and resume figures
//! behind `c6solve bench --threads-report` ([`threads_report`]), where a report comes from
//! the GTP engine against the puzzle runner behind `c6solve bench --gtp-report`
//! ([`gtp_report`]), where a report comes from ([`provenance`]: machine, commit, date, load), writing report files ([`output`]) and
//! the [`median`] that reports take of repeated measurements.
//!
//! The library's core (board, search, proofs) does not use this module.

pub mod bench;
pub mod gtp_report;
pub mod output;
pub mod provenance;
pub mod threads_report;

/// The median of some numbers (the mean of the middle two for an even count).
pub fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[]), 0.0);
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
