//! A run over the rule sets: each is kept from the JSON file, or solved (directly or by
//! parts) and recorded, with both files written after every row.

use super::backing::{self, Backing};
use super::certificates::{NO_CERTIFICATE, with_certificate_of, write_certificate};
use super::made::{load_average, make_row};
use super::options::{BoardsOptions, file_stem};
use super::parts;
use super::rows::{Row, Value};
use super::store::{load, save};
use crate::board::Position;
use crate::error::{Error, Result};
use crate::proof::cert;
use crate::rules::Rules;
use crate::search::{Goal, Outcome, SolveOptions, checkpoint, open_table, solve_then};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What happened to one rule set in a run.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// Proven in the table already (with a certificate, when the run writes them): kept.
    Kept(Value),
    /// Unknown in the table after a limit at least as large as this run's, with no
    /// checkpoint to continue: kept.
    KeptUnknown(f64),
    /// Solved now.
    Solved(Box<Row>),
    /// Stopped by the interrupt flag: not recorded; the run ends here.
    Interrupted {
        /// The checkpoint that keeps the row's work, when the row has a table file (solved by
        /// parts: the directory of the parts' tables and checkpoints).
        checkpoint: Option<PathBuf>,
    },
}

/// Runs the table: every rule set of `opts` not already settled in the JSON file is solved
/// and both files are written after each. `progress` receives one line per rule set.
///
/// A proven row is kept when it has its certificate and the file, if here, still backs it (or
/// the run writes none); one without is solved again to write it, and must come out the same
/// (a different value is an error, the table is left as it was). An unknown row is tried again
/// when this run's limit is larger or its table file has a checkpoint to continue from.
pub fn run(opts: &BoardsOptions, mut progress: impl FnMut(&str)) -> Result<Vec<Step>> {
    let mut rows = load(&opts.json)?;
    // Fail on unwritable files before minutes of solving.
    save(&mut rows, &opts.json, &opts.md, &opts.command)?;
    for dir in [&opts.tt_dir, &opts.cert_dir].into_iter().flatten() {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    // Bad ledgers and --part moves are refused before anything is solved.
    if let Some(dir) = &opts.by_parts {
        for rules in &opts.rules {
            parts::check_inputs(&parts::Root::empty(*rules), opts, dir)?;
        }
    }
    let limit = opts.time_limit.as_secs_f64();
    let mut steps = Vec::new();
    for rules in &opts.rules {
        let name = rules.to_string();
        let existing = rows.iter().position(|r| r.rules == name);
        // The row's certificate was refused, and its value struck with it: solve it again
        // whatever limit it was tried with.
        let mut doubted = false;
        if let Some(i) = existing {
            if rows[i].value.is_proven() {
                match keeps(&mut rows[i], opts, &mut progress) {
                    Keeping::Kept => {
                        steps.push(Step::Kept(rows[i].value));
                        continue;
                    }
                    Keeping::Certify => {}
                    Keeping::Doubted => doubted = true,
                }
            }
            let r = &rows[i];
            let resumable = tt_path(opts, rules).is_some_and(|t| checkpoint::path_for(&t).exists());
            if !doubted
                && !r.value.is_proven()
                && !resumable
                && opts.by_parts.is_none()
                && let Some(before) = r.time_limit.filter(|&t| t >= limit)
            {
                progress(&format!(
                    "{name}: unknown (kept: tried before with {before} s, not more than now)"
                ));
                steps.push(Step::KeptUnknown(before));
                continue;
            }
        }
        progress(&format!("{name}: solving (limit {limit} s)..."));
        let solved = match &opts.by_parts {
            Some(dir) => parts::solve_row(&parts::Root::empty(*rules), opts, dir, &mut progress)?,
            None => solve_row(rules, opts)?,
        };
        let Some(row) = solved else {
            // By parts, each part's checkpoint is in the row's directory of part tables.
            let checkpoint = match &opts.by_parts {
                Some(_) => opts.tt_dir.as_ref().map(|d| d.join(file_stem(rules))),
                None => tt_path(opts, rules).map(|t| checkpoint::path_for(&t)),
            };
            progress(&format!("{name}: interrupted"));
            steps.push(Step::Interrupted { checkpoint });
            break;
        };
        progress(&format!(
            "{name}: {} in {:.2} s, {} nodes{}",
            row.value.name(),
            row.seconds,
            row.nodes,
            row.certificate
                .as_ref()
                .map(|c| format!(", certificate {c}"))
                .unwrap_or_default()
        ));
        match existing {
            Some(i) => {
                let old = rows[i].value;
                if old.is_proven() && row.value.is_proven() && old != row.value {
                    return Err(Error::Io(format!(
                        "{name}: solved again as {} but the table says {}: the table is \
                         left as it was (this is a bug; please report it)",
                        row.value.name(),
                        old.name()
                    )));
                } else if old.is_proven() {
                    // A proven row solved again only for its certificate stays proven even if
                    // this run's limit was too short, and keeps the figures of the solve that
                    // proved it.
                    if row.value.is_proven() && opts.by_parts.is_some() {
                        // Composed again from the same ledger: its `how` lists the parts and
                        // the certificate; the run that solved them stays the row's command.
                        let kept = rows[i].clone();
                        rows[i] = Row {
                            command: kept.command,
                            commit: kept.commit,
                            date: kept.date,
                            load: kept.load,
                            time_limit: kept.time_limit,
                            ..row.clone()
                        };
                    } else if row.value.is_proven() {
                        rows[i] = with_certificate_of(&rows[i], &row);
                    }
                } else {
                    rows[i] = row.clone();
                }
            }
            None => rows.push(row.clone()),
        }
        save(&mut rows, &opts.json, &opts.md, &opts.command)?;
        steps.push(Step::Solved(Box::new(row)));
    }
    Ok(steps)
}

/// What a run does with a proven row of its table (see [`keeps`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keeping {
    /// Kept as it is.
    Kept,
    /// Solved again to write its certificate; the value must come out the same.
    Certify,
    /// Its certificate was refused: the row is unknown now, and solved again like one.
    Doubted,
}

/// Decides what happens to the proven `row`, saying so through `progress` when it is kept.
/// With certificates off it is kept. With them on, a row needs its certificate: one whose
/// file is here must still back the row (see [`backing`]); if it does not, the value goes
/// with it (the row is unknown until solved again: a solve that runs out of time records
/// it so, and no value is left standing on the JSON file's word). A named file that is missing is not judged (large certificates are
/// not kept in the repository): the row is kept, and the Markdown table marks the file as
/// not kept.
fn keeps(row: &mut Row, opts: &BoardsOptions, progress: &mut impl FnMut(&str)) -> Keeping {
    let name = row.value.name();
    if opts.cert_dir.is_none() {
        progress(&format!("{}: {name} (kept from the table)", row.rules));
        return Keeping::Kept;
    }
    match backing::backing(row) {
        Backing::Backed => {
            progress(&format!(
                "{}: {name} (kept from the table; its certificate checked again)",
                row.rules
            ));
            Keeping::Kept
        }
        Backing::Missing => {
            progress(&format!(
                "{}: {name} (kept from the table; its certificate {} is not here to check)",
                row.rules,
                row.certificate.as_deref().unwrap_or_default()
            ));
            Keeping::Kept
        }
        Backing::Unnamed => Keeping::Certify,
        Backing::Refused(why) => {
            progress(&format!(
                "{}: the table's certificate is refused ({why}); the row's {name} goes with \
                 it and the row is solved again",
                row.rules
            ));
            row.value = Value::Unknown;
            Keeping::Doubted
        }
    }
}

/// The table file of `rules` under `--tt-dir`.
fn tt_path(opts: &BoardsOptions, rules: &Rules) -> Option<PathBuf> {
    opts.tt_dir
        .as_ref()
        .map(|d| d.join(format!("{}.tt", file_stem(rules))))
}

/// How far an unknown row's solve got, from its checkpoint and table file: which run, and
/// its first stones up to symmetry (see [`crate::search::progress`]); empty when there is no
/// checkpoint to read.
fn stopped_at(tt: &Path) -> String {
    let Ok(Some(ck)) = checkpoint::read(&checkpoint::path_for(tt)) else {
        return String::new();
    };
    match crate::search::progress::read(&ck, tt, &[]) {
        Ok(p) => format!(
            " Stopped in run {} (does {} win?) with its first stones up to symmetry {}.",
            ck.phase,
            p.attacker,
            p.tally()
        ),
        Err(e) => format!(" Its table file could not be read back: {e}."),
    }
}

/// Solves one empty board and makes its row, with its certificate when `opts` asks for
/// them; `None` when the interrupt flag stopped the solve.
pub fn solve_row(rules: &Rules, opts: &BoardsOptions) -> Result<Option<Row>> {
    let solve_opts = SolveOptions {
        goal: Goal::Value,
        time_limit: Some(opts.time_limit),
        max_nodes: None,
        tt_file: tt_path(opts, rules),
        // A row can take hours: a progress line on a terminal, a line per checkpoint in a log.
        progress: true,
        ..opts.search.clone()
    };
    let pos = Position::new(*rules);
    let load = load_average();
    let table = open_table(&solve_opts, rules)?;
    let want = opts.cert_dir.is_some();
    let max = opts.proof_max_nodes;
    // Writing the proof out may search children the table lost again; it gets as long as the
    // row's time limit (at least a minute).
    let cert_time = opts.time_limit.max(Duration::from_secs(60));
    let (report, certified) = solve_then(&pos, &solve_opts, table, move |pos, report, table| {
        (want && report.value != Outcome::Unknown).then(|| {
            let start = std::time::Instant::now();
            let how = cert::Writing {
                max_disproof_nodes: Some(max),
                deadline: Some(start + cert_time),
                progress: true,
                ..cert::Writing::default()
            };
            cert::certify_with(table, pos, report, &how).map(|c| (c, start.elapsed()))
        })
    })?;
    if report.interrupted {
        return Ok(None);
    }
    let mut row = make_row(rules, &report, opts, load);
    if row.value == Value::Unknown
        && let Some(tt) = tt_path(opts, rules)
    {
        row.how.push_str(&stopped_at(&tt));
    }
    if let (Some(dir), Some(certified)) = (&opts.cert_dir, certified) {
        row.how.push(' ');
        match certified {
            Ok((c, took)) => {
                let path = dir.join(format!("{}.c6proof", file_stem(rules)));
                write_certificate(&mut row, c, &path, took)?;
            }
            Err(why) => row.how.push_str(&format!("{NO_CERTIFICATE}{why}.")),
        }
    }
    Ok(Some(row))
}
