//! The Markdown rendering of the rows (`results/small-boards.md`).

use super::rows::{Row, Value};
use crate::lab::provenance::{Machine, utc_now};
use crate::rules::Rules;
use crate::units::group_digits;

/// The Markdown rendering of the rows: figures, then one section per (k, p, q) family.
pub fn markdown(rows: &[Row], command: &str) -> String {
    let machine = Machine::detect();
    let mut s = String::new();
    s.push_str("# Small-board results\n\n");
    s.push_str(
        "The value for Black of the empty board of Connect(m,n,k,p,q) (m columns, n rows, k in \
         a row, p stones a turn, q on Black's first turn). Written by `c6solve table`; the \
         machine-readable twin is `small-boards.json` (same rows, same order). Every value is \
         proved by search: a row the search did not finish within its limit says **unknown**. \
         Rows are kept across runs; each row names the commit, date and machine load it was \
         solved at.\n\n",
    );
    s.push_str(&format!(
        "Last written {} by `{command}` on {} CPUs ({}), {}.\n\n",
        utc_now(),
        machine.cpus,
        machine.model,
        machine.memory
    ));
    let mut commands: Vec<&str> = rows
        .iter()
        .map(|r| r.command.as_str())
        .filter(|c| !c.is_empty())
        .collect();
    commands.sort_unstable();
    commands.dedup();
    if !commands.is_empty() {
        s.push_str("The rows were solved by (each row's `command` in the JSON says which):\n\n");
        for c in commands {
            s.push_str(&format!("- `{c}`\n"));
        }
        s.push('\n');
    }
    figures(rows, &mut s);
    flags_section(rows, &mut s);
    literature_section(rows, &mut s);
    families(rows, &mut s);
    s.push_str(
        "## Notes\n\n\
         - Times are wall-clock on a shared machine: `load` is the 1, 5 and 15 minute load \
         average when the row started (2 CPUs; a load well above 2 means the row ran slower and \
         a time limit was reached sooner).\n\
         - A board and its transpose are the same game; ranges list each once, columns >= rows.\n\
         - Boards on which no line of k fits are left out of ranges (a draw without play).\n\
         - `certificate` gives a proven row's proof nodes; the proof itself is the file the \
         row's `certificate` field in the JSON names (with its SHA-256), accepted by the \
         independent checker before it was recorded. Re-check one with `c6solve check FILE`. \
         A draw's certificate holds two no-win proofs (Black's, then White's; with q = p \
         White's is the strategy-stealing theorem, one node). Files over 16 MiB are not kept in \
         the repository (marked \"file not kept\"): the row's command writes a new one, checked the same \
         way, and the JSON keeps the SHA-256 of the one that was checked.\n\
         - `threads` is the number of search workers sharing the row's table.\n\
         - Monotonicity: a win on a board is expected to stay a win on every board containing \
         it, a loss likewise, so a draw is expected to stay a draw on smaller boards. This is a \
         theorem for the weak game (White only blocks) but not for Connect(m,n,k,p,q), where \
         White's lines may leave the smaller board; exceptions are flagged, not forbidden. A \
         loss with q = p is impossible (strategy stealing) and would be a contradiction. See \
         the docs of `src/boards/checks.rs`.\n",
    );
    s
}

fn fmt_seconds(x: f64) -> String {
    if x < 10.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.0}")
    }
}

/// The largest boards reached per family and the time spent.
fn figures(rows: &[Row], s: &mut String) {
    let proven: Vec<&Row> = rows.iter().filter(|r| r.value.is_proven()).collect();
    let unknown = rows.len() - proven.len();
    let total: f64 = rows.iter().map(|r| r.seconds).sum();
    s.push_str("## Figures\n\n");
    s.push_str(&format!(
        "{} rows: {} proven ({} wins, {} draws, {} losses), {unknown} unknown. Solve time over \
         all rows {} s; median per proven row {} s.\n\n",
        rows.len(),
        proven.len(),
        proven.iter().filter(|r| r.value == Value::Win).count(),
        proven.iter().filter(|r| r.value == Value::Draw).count(),
        proven.iter().filter(|r| r.value == Value::Loss).count(),
        fmt_seconds(total),
        fmt_seconds(median(proven.iter().map(|r| r.seconds).collect())),
    ));
    s.push_str(
        "Largest boards reached, per family (by points; the largest proven board and the \
         smallest board left unknown):\n\n\
         | k | p | q | proven rows | largest proven | its value | its time (s) | smallest unknown |\n\
         |--:|--:|--:|--:|---|---|--:|---|\n",
    );
    for (k, p, q) in family_keys(rows) {
        let fam: Vec<(&Row, Rules)> = family(rows, (k, p, q));
        let best = fam
            .iter()
            .filter(|(r, _)| r.value.is_proven())
            .max_by_key(|(_, x)| (x.cells(), x.width));
        let open = fam
            .iter()
            .filter(|(r, _)| !r.value.is_proven())
            .min_by_key(|(_, x)| (x.cells(), x.width));
        let n = fam.iter().filter(|(r, _)| r.value.is_proven()).count();
        let board = |x: &Rules| format!("{}x{}", x.width, x.height);
        s.push_str(&format!(
            "| {k} | {p} | {q} | {n} | {} | {} | {} | {} |\n",
            best.map_or("-".into(), |(_, x)| board(x)),
            best.map_or("-", |(r, _)| r.value.name()),
            best.map_or("-".into(), |(r, _)| fmt_seconds(r.seconds)),
            open.map_or("-".into(), |(_, x)| board(x)),
        ));
    }
    s.push('\n');
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn family_keys(rows: &[Row]) -> Vec<(u16, u16, u16)> {
    let mut keys: Vec<(u16, u16, u16)> = rows
        .iter()
        .filter_map(|r| r.parsed_rules().ok())
        .map(|x| (x.k, x.p, x.q))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

fn family(rows: &[Row], key: (u16, u16, u16)) -> Vec<(&Row, Rules)> {
    rows.iter()
        .filter_map(|r| r.parsed_rules().ok().map(|x| (r, x)))
        .filter(|(_, x)| (x.k, x.p, x.q) == key)
        .collect()
}

fn flags_section(rows: &[Row], s: &mut String) {
    s.push_str("## Monotonicity and consistency checks\n\n");
    let mut all: Vec<&String> = rows.iter().flat_map(|r| &r.flags).collect();
    all.sort();
    all.dedup();
    if all.is_empty() {
        s.push_str(
            "No exceptions: every pair of proven rows of one (k, p, q) family agrees with the \
             expected monotonicity, no loss with q = p, and every literature row agrees with \
             its published value.\n\n",
        );
    } else {
        for f in all {
            s.push_str(&format!("- **{f}**\n"));
        }
        s.push('\n');
    }
}

fn literature_section(rows: &[Row], s: &mut String) {
    let lit: Vec<&Row> = rows.iter().filter(|r| r.literature.is_some()).collect();
    if lit.is_empty() {
        return;
    }
    s.push_str(
        "## Literature rows\n\n\
         | rules | published | source | here | seconds | nodes |\n|---|---|---|---|--:|--:|\n",
    );
    for r in lit {
        let l = r.literature.as_ref().expect("filtered");
        // The seconds column says how long was searched (over all sessions of a resumed run).
        let here = if !r.value.is_proven() {
            "unknown (search not finished)".to_string()
        } else if r.value == l.value {
            format!("{} (reproduced)", r.value.name())
        } else {
            format!("**{} (DISAGREES)**", r.value.name())
        };
        s.push_str(&format!(
            "| {} | {} | {} | {here} | {} | {} |\n",
            r.rules,
            l.value.name(),
            l.source,
            fmt_seconds(r.seconds),
            group_digits(r.nodes)
        ));
    }
    s.push('\n');
}

/// Largest certificate kept in the repository (`results/certificates/.gitignore` lists the
/// larger ones).
pub(super) const KEPT_BYTES: u64 = 16 << 20;

/// A row's certificate column: its proof nodes, marked when the file is not in the repository
/// (not on disk, or over [`KEPT_BYTES`] and so kept only on the machine that wrote it: the
/// row still has its SHA-256).
pub(super) fn certificate_cell(r: &Row) -> String {
    let kept = |path: &str| std::fs::metadata(path).is_ok_and(|m| m.len() <= KEPT_BYTES);
    match (&r.certificate, r.certificate_nodes) {
        (Some(path), Some(nodes)) if kept(path) => group_digits(nodes),
        (Some(_), Some(nodes)) => format!("{} (file not kept)", group_digits(nodes)),
        _ => "-".into(),
    }
}

fn families(rows: &[Row], s: &mut String) {
    for (k, p, q) in family_keys(rows) {
        s.push_str(&format!("## k = {k}, p = {p}, q = {q}\n\n"));
        s.push_str(
            "| rules | board | value | nodes | seconds | limit (s) | threads | certificate | load | how | flags |\n\
             |---|---|---|--:|--:|--:|--:|--:|---|---|---|\n",
        );
        for (r, x) in family(rows, (k, p, q)) {
            let how = r.how.split(". ").next().unwrap_or("").trim_end_matches('.');
            s.push_str(&format!(
                "| {} | {}x{} | {} | {} | {} | {} | {} | {} | {} | {how} | {} |\n",
                r.rules,
                x.width,
                x.height,
                if r.value.is_proven() {
                    format!("**{}**", r.value.name())
                } else {
                    "unknown".to_string()
                },
                group_digits(r.nodes),
                fmt_seconds(r.seconds),
                r.time_limit.map_or("-".into(), fmt_seconds),
                r.threads,
                certificate_cell(r),
                r.load,
                if r.flags.is_empty() {
                    "-".to_string()
                } else {
                    r.flags.len().to_string()
                }
            ));
        }
        s.push('\n');
    }
}
