//! The rows a run makes: their fields from the run's options and the solve, and what their
//! `how` says.

use super::literature::literature;
use super::options::BoardsOptions;
use super::rows::{Row, Value};
use crate::lab::provenance::{git_commit, utc_now};
use crate::rules::Rules;
use crate::search::SolveReport;

/// The row of a direct solve of `rules` by this run, from its report.
pub(crate) fn make_row(
    rules: &Rules,
    report: &SolveReport,
    opts: &BoardsOptions,
    load: String,
) -> Row {
    let value = Value::of(report.value);
    let limit = opts.time_limit.as_secs_f64();
    let mut how = how(rules, value, limit, opts.search.tt_mib, report.threads);
    if report.resumed {
        how.push_str(&format!(
            " Continued from a checkpoint ({:.0} s and {} nodes before this session; both \
             are included in the row's totals).",
            report.prior_seconds, report.prior_nodes
        ));
    }
    Row {
        nodes: report.prior_nodes + report.nodes,
        seconds: report.prior_seconds + report.seconds,
        threads: report.threads as u32,
        ..new_row(rules, value, how, opts, load)
    }
}

/// A row of `rules` made by this run: its value and `how`, the run's limits, command and
/// commit, no cost (nodes, seconds, threads) and no certificate yet.
pub(crate) fn new_row(
    rules: &Rules,
    value: Value,
    how: String,
    opts: &BoardsOptions,
    load: String,
) -> Row {
    Row {
        rules: rules.to_string(),
        value,
        nodes: 0,
        seconds: 0.0,
        threads: 0,
        certificate: None,
        certificate_sha256: None,
        certificate_nodes: None,
        how,
        time_limit: Some(opts.time_limit.as_secs_f64()),
        tt_mib: opts.search.tt_mib,
        literature: literature(rules),
        commit: git_commit(),
        command: opts.command.clone(),
        date: utc_now(),
        load,
        flags: Vec::new(),
        effort: None,
    }
}

/// How a value was shown, precisely.
pub fn how(rules: &Rules, value: Value, limit: f64, tt_mib: usize, threads: usize) -> String {
    let pruning = if rules.p == 1 {
        "pairing strategies (Hales-Jewett pairs), potential strategies (Erdős–Selfridge)"
    } else {
        "pairing strategies (disjoint groups of p + 1 points, also one defender stone ahead), \
         potential strategies (Beck's biased Erdős–Selfridge criterion)"
    };
    match value {
        Value::Win => {
            "df-pn proof that Black forces a win (one run: the first of the two).".to_string()
        }
        Value::Draw if rules.q == rules.p => format!(
            "A df-pn disproof that Black wins, and strategy stealing for White (q = p: if White \
             could force a win, Black could play that strategy after a free first turn, and an \
             extra stone never hurts, so White cannot). The disproof pruned by {pruning}, \
             dead-window detection and symmetry-reduced keys."
        ),
        Value::Draw => format!(
            "Two df-pn disproofs over one table: Black cannot force a win, then White cannot \
             force a win. Disproofs pruned by {pruning}, dead-window detection and \
             symmetry-reduced keys; relevance zones prune defender moves in both runs."
        ),
        Value::Loss => "A df-pn disproof that Black wins, then a df-pn proof that White forces a \
                        win."
            .to_string(),
        Value::Unknown => format!(
            "Not proven within the limits: {limit} s, {tt_mib} MiB table, {threads} thread(s) \
             (recorded as unknown, never as a value)."
        ),
    }
}

/// `/proc/loadavg`'s three load averages, or "unknown".
pub(crate) fn load_average() -> String {
    crate::lab::provenance::load_average(3).unwrap_or_else(|| "unknown".into())
}
