//! The small-board table: the value of the empty board of every Connect(m,n,k,p,q) in a range,
//! kept in `results/small-boards.json` (a list of [`Row`]s) and rendered as
//! `results/small-boards.md`.
//!
//! The JSON file is the table's memory: a run keeps every row already in it, skips rules whose
//! value is proven there, and writes both files after every row, so an interrupted run loses at
//! most the row it was solving and re-running the same command continues. A row that ends
//! unknown is recorded as unknown with the limit it had, never with a value; it is tried again
//! only by a run with a larger time limit. With a table directory (`--tt-dir`) each row keeps
//! its transposition table in a file there, so a retried row starts from what it proved before.
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
//!   theorem for the game's real values. The table checks them anyway, as the issue asks
//!   ("small win ⇒ larger win", "small loss ⇒ larger loss", which together also give "larger
//!   draw ⇒ smaller draw"), and flags every exception on both rows: such a pair is possible
//!   but surprising, and its rows' certificates must back it.
//!
//! Unknown rows take part in no check.

use crate::board::Position;
use crate::error::{Error, Result};
use crate::lab::provenance::{Machine, git_commit, utc_now};
use crate::proof::{self, cert, check};
use crate::rules::Rules;
use crate::search::{Goal, Outcome, SolveOptions, SolveReport, checkpoint, open_table, solve_then};
use crate::units::group_digits;
use backing::Backing;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub mod backing;
pub mod parts;
pub mod replies;

/// The value of the empty board for Black, as the table records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// Black forces a win.
    Win,
    /// Neither side forces a win.
    Draw,
    /// White forces a win.
    Loss,
    /// Not proven within the row's limits.
    Unknown,
}

impl Value {
    /// The name used in both files.
    pub fn name(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
            Value::Unknown => "unknown",
        }
    }

    /// True for win, draw and loss.
    pub fn is_proven(self) -> bool {
        self != Value::Unknown
    }

    fn of(o: Outcome) -> Value {
        match o {
            Outcome::Win => Value::Win,
            Outcome::Draw => Value::Draw,
            Outcome::Loss => Value::Loss,
            // `Goal::Value` never answers no-win; were it to, it would prove no value.
            Outcome::NoWin | Outcome::NoLoss | Outcome::Unknown => Value::Unknown,
        }
    }
}

/// A published value for a row, with the work that published it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Literature {
    /// The published value for Black on the empty board.
    pub value: Value,
    /// Who published it, where.
    pub source: String,
}

/// One row of the table: the empty board of one rule set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// `m,n,k,p,q`.
    pub rules: String,
    /// The value for Black on the empty board.
    pub value: Value,
    /// Nodes the solve expanded.
    pub nodes: u64,
    /// Wall time of the solve in seconds.
    pub seconds: f64,
    /// Search threads used.
    pub threads: u32,
    /// The proof certificate's file (`c6solve check FILE` re-checks it), relative to where the
    /// table command ran; `null` for unknown rows and for proofs too large to write (`how`
    /// says which).
    pub certificate: Option<String>,
    /// SHA-256 of the certificate file, so a copy can be matched to the row.
    #[serde(default)]
    pub certificate_sha256: Option<String>,
    /// Proof nodes in the certificate (all its parts), as the independent checker counted.
    #[serde(default)]
    pub certificate_nodes: Option<u64>,
    /// How the value was shown.
    pub how: String,
    /// The per-row time limit of the run that produced the row, in seconds.
    pub time_limit: Option<f64>,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
    /// The published value, for rows the literature has settled.
    pub literature: Option<Literature>,
    /// The commit the solver was built from.
    pub commit: String,
    /// The command line of the run that solved the row (reproduces it).
    #[serde(default)]
    pub command: String,
    /// When the row was solved (UTC).
    pub date: String,
    /// The machine's load average (1, 5, 15 min) when the row started: the table's times
    /// are only comparable at similar load.
    pub load: String,
    /// Monotonicity exceptions and contradictions involving this row (recomputed on every
    /// write; empty when there are none).
    #[serde(default)]
    pub flags: Vec<String>,
}

impl Row {
    /// The row's rules.
    pub fn parsed_rules(&self) -> Result<Rules> {
        Rules::parse(&self.rules)
    }
}

/// What a `table` run solves and where it writes.
#[derive(Debug, Clone)]
pub struct TableOptions {
    /// Rule sets to solve, in order.
    pub rules: Vec<Rules>,
    /// Per-row time limit.
    pub time_limit: Duration,
    /// Transposition table size in MiB (a fresh table per row).
    pub tt_mib: usize,
    /// Keep each row's table in `DIR/m_n_k_p_q.tt`, with checkpoints beside it, so that an
    /// interrupted or retried row continues its work instead of starting over.
    pub tt_dir: Option<PathBuf>,
    /// Checkpoint interval of a row solved over a table file (`None`: the solver's default).
    pub checkpoint_every: Option<Duration>,
    /// Search workers per row (0: one per core).
    pub threads: usize,
    /// Write each proven row's certificate to `DIR/m_n_k_p_q.c6proof` after checking it with
    /// the independent checker; `None` writes none.
    pub cert_dir: Option<PathBuf>,
    /// Largest disproof written, in nodes per claim (a larger one leaves the row without a
    /// certificate, saying so in `how`).
    pub proof_max_nodes: usize,
    /// Solve Black's first turn one position after two stones (one, when q = 1) at a time
    /// (see [`SolveOptions::split_turns`]).
    pub split_turns: bool,
    /// Solve each row part by part, one solve per Black first turn, recording each proven
    /// part in a ledger in this directory (see [`parts`]).
    pub by_parts: Option<PathBuf>,
    /// With `by_parts`: parts solved at once, each with `threads` threads.
    pub part_workers: usize,
    /// With `by_parts`: answers of White tried on each first turn before it is solved whole
    /// (see [`replies`]); 0 for none.
    pub reply_trials: usize,
    /// Node budget of each reply trial.
    pub reply_trial_nodes: u64,
    /// With `by_parts`: positions (moves from the empty board) to solve as parts besides
    /// Black's first turns, to split a first turn that is too large for one solve.
    pub parts_at: Vec<String>,
    /// Set (by a Ctrl-C handler) to stop the row being solved; it is then left out of the
    /// table (its checkpoint, with `tt_dir`, keeps the work) and the run ends.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// The JSON table (read, then rewritten after every row).
    pub json: PathBuf,
    /// The Markdown rendering (rewritten after every row).
    pub md: PathBuf,
    /// The command line, for the Markdown header.
    pub command: String,
}

// ---------------------------------------------------------------------------------------------
// Range specs

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

// ---------------------------------------------------------------------------------------------
// Literature

/// Published values of empty boards, with their sources. Every proven row of these rules is
/// compared with them.
pub fn literature(rules: &Rules) -> Option<Literature> {
    const UVDH: &str = "Uiterwijk & van den Herik, \"The advantage of the initiative\", \
                        Information Sciences 122(1):43-58, 2000";
    const KO: &str = "Ko, Hsu, Wei, Chen, Hsueh & Wu, \"On solving the 7,7,5-game and the \
                      8,8,5-game\", Theoretical Computer Science 815:79-94, 2020";
    let (w, h) = (rules.width.max(rules.height), rules.width.min(rules.height));
    let key = (w, h, rules.k, rules.p, rules.q);
    let (value, source) = match key {
        (3, 3, 3, 1, 1) => (
            Value::Draw,
            format!("tic-tac-toe, folklore; listed in {UVDH}"),
        ),
        (4..=8, 4, 4, 1, 1) => (
            Value::Draw,
            format!("4-in-a-row on 4xn is a draw for n <= 8: {UVDH}"),
        ),
        (9, 4, 4, 1, 1) => (
            Value::Win,
            "Charatsidis, \"Solving Four-in-a-Row on 9x4 and 10x4 Boards\", BSc thesis, \
             Maastricht University, 2017 (both a first-player win)"
                .to_string(),
        ),
        (5, 5, 4, 1, 1) => (
            Value::Draw,
            format!("Berlekamp, Conway & Guy, Winning Ways (C. Y. Lee); {UVDH}"),
        ),
        (6, 5, 4, 1, 1) => (Value::Win, UVDH.to_string()),
        (6, 6, 5, 1, 1) => (
            Value::Draw,
            "value as stated in issue 6 (surveyed with the other solved mnk-games in Ko et al. \
             2020); the primary source was not confirmed in this session"
                .to_string(),
        ),
        (7, 7, 5, 1, 1) => (Value::Draw, format!("{KO} (solved there in 2.5 s)")),
        (8, 8, 5, 1, 1) => (Value::Draw, format!("{KO} (first proof, 17.4 hours)")),
        _ => return None,
    };
    Some(Literature { value, source })
}

/// The literature rows of issue 6, in the table's order.
pub fn literature_rules() -> Vec<Rules> {
    let mut v = vec![
        (3, 3, 3),
        (5, 5, 4),
        (6, 5, 4),
        (6, 6, 5),
        (7, 7, 5),
        (8, 8, 5),
    ];
    v.extend((4..=9).map(|m| (m, 4, 4)));
    order(
        v.into_iter()
            .map(|(m, n, k)| Rules::new(m, n, k, 1, 1).expect("valid literature rules"))
            .collect(),
    )
}

// ---------------------------------------------------------------------------------------------
// Checks

/// True if board `a` fits inside board `b` (either way round).
fn fits(a: &Rules, b: &Rules) -> bool {
    (a.width <= b.width && a.height <= b.height) || (a.width <= b.height && a.height <= b.width)
}

/// Recomputes every row's flags (see the module docs for what is checked and why). Rows whose
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

// ---------------------------------------------------------------------------------------------
// Files

/// Reads the JSON table; a missing file is an empty table. A file that does not parse is an
/// error (it is never overwritten by a run that could not read it).
pub fn load(path: &Path) -> Result<Vec<Row>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::Io(format!("cannot read {}: {e}", path.display()))),
    };
    let rows: Vec<Row> = serde_json::from_str(&text).map_err(|e| {
        Error::Io(format!(
            "{} is not a small-boards table: {e}",
            path.display()
        ))
    })?;
    for r in &rows {
        r.parsed_rules()
            .map_err(|e| Error::Io(format!("{}: row '{}': {e}", path.display(), r.rules)))?;
    }
    Ok(rows)
}

/// Writes `text` to `path` atomically (a temporary file renamed over it), creating missing
/// parent directories: a run killed mid-write leaves the old file whole.
pub(crate) fn write_atomic(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| Error::Io(format!("cannot write {}: {e}", path.display())))
}

/// Sorts the rows into the table's order, recomputes the flags and writes both files.
pub fn save(rows: &mut Vec<Row>, json: &Path, md: &Path, command: &str) -> Result<()> {
    rows.sort_by_key(|r| {
        r.parsed_rules()
            .map(|x| (x.k, x.p, x.q, x.cells(), x.width, x.height))
            .unwrap_or_default()
    });
    check(rows);
    let text = serde_json::to_string_pretty(&rows)
        .map_err(|e| Error::Io(format!("cannot encode the table: {e}")))?;
    write_atomic(json, &(text + "\n"))?;
    write_atomic(md, &markdown(rows, command))
}

/// Merges the rows of another table file into `rows`: a row missing here is added; a row
/// unknown here is replaced by a proven one, or by an unknown one tried with a larger limit;
/// a proven row here without a certificate takes the certificate of one of the same value
/// (see [`with_certificate_of`]). Other proven rows here are never replaced. Returns the rules of the rows
/// taken. (For tables solved in parallel, one `--json` file per process.)
pub fn merge(rows: &mut Vec<Row>, other: Vec<Row>) -> Vec<String> {
    let mut taken = Vec::new();
    for o in other {
        match rows.iter().position(|r| r.rules == o.rules) {
            None => {
                taken.push(o.rules.clone());
                rows.push(o);
            }
            Some(i) => {
                let mine = &rows[i];
                let better = if mine.value.is_proven() {
                    mine.certificate.is_none() && o.value == mine.value && o.certificate.is_some()
                } else {
                    o.value.is_proven()
                        || o.seconds > mine.seconds
                        || o.time_limit.unwrap_or(0.0) > mine.time_limit.unwrap_or(0.0)
                };
                if better {
                    taken.push(o.rules.clone());
                    rows[i] = if mine.value.is_proven() {
                        with_certificate_of(mine, &o)
                    } else {
                        o
                    };
                }
            }
        }
    }
    taken
}

/// [`merge`] of the table file `path`, leaving out every proven row whose certificate does
/// not back it (see [`backing`]): one whose file is missing, since a row taken from elsewhere
/// must bring its proof, or refused. Proven rows that name no certificate are taken (a run
/// with certificates on solves them again for one). Returns the rules of the rows taken and
/// a line for each row left out.
pub fn merge_file(rows: &mut Vec<Row>, path: &Path) -> Result<(Vec<String>, Vec<String>)> {
    let mut left_out = Vec::new();
    let other = load(path)?
        .into_iter()
        .filter(|o| {
            if !o.value.is_proven() {
                return true;
            }
            let why = match backing::backing(o) {
                Backing::Unnamed | Backing::Backed => return true,
                Backing::Missing => format!(
                    "its certificate {} is not here",
                    o.certificate.as_deref().unwrap_or_default()
                ),
                Backing::Refused(why) => why,
            };
            left_out.push(format!("{}: {} not taken: {why}", path.display(), o.rules));
            false
        })
        .collect();
    Ok((merge(rows, other), left_out))
}

// ---------------------------------------------------------------------------------------------
// Solving

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
/// the run writes none; see [`keeps`]); one without is solved again to write it, and must come out the same (a different value is an error, the
/// table is left as it was). An unknown row is tried again when this run's limit is larger or
/// its table file has a checkpoint to continue from.
pub fn run(opts: &TableOptions, mut progress: impl FnMut(&str)) -> Result<Vec<Step>> {
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
            parts::check_inputs(rules, opts, dir)?;
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
            Some(dir) => parts::solve_row(rules, opts, dir, &mut progress)?,
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
fn keeps(row: &mut Row, opts: &TableOptions, progress: &mut impl FnMut(&str)) -> Keeping {
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
fn tt_path(opts: &TableOptions, rules: &Rules) -> Option<PathBuf> {
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

/// `m_n_k_p_q`: the rules as a file name.
fn file_stem(rules: &Rules) -> String {
    rules.to_string().replace(',', "_")
}

/// Solves one empty board and makes its row, with its certificate when `opts` asks for
/// them; `None` when the interrupt flag stopped the solve.
pub fn solve_row(rules: &Rules, opts: &TableOptions) -> Result<Option<Row>> {
    let solve_opts = SolveOptions {
        goal: Goal::Value,
        time_limit: Some(opts.time_limit),
        tt_mib: opts.tt_mib,
        tt_file: tt_path(opts, rules),
        threads: opts.threads,
        checkpoint_every: opts.checkpoint_every,
        split_turns: opts.split_turns,
        interrupt: opts.interrupt.clone(),
        // A row can take hours: a progress line on a terminal, a line per checkpoint in a log.
        progress: true,
        ..SolveOptions::default()
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

/// Writes `cert` to `path`, checks the file with the independent checker and records it in
/// `row`. A certificate the checker refuses is a bug in the search or the writer: it is an
/// error, the file is removed and nothing is recorded (see [`write_checked`]).
fn write_certificate(
    row: &mut Row,
    cert: proof::Packed,
    path: &Path,
    took: Duration,
) -> Result<()> {
    let what = format!("{}: the certificate of the {}", row.rules, row.value.name());
    let (name, written, summary, checked) = write_checked(cert, path, row.value.name(), &what)?;
    row.certificate = Some(name);
    row.certificate_sha256 = Some(written.sha256);
    row.certificate_nodes = Some(summary.nodes as u64);
    row.how.push_str(&format!(
        "{CERTIFICATE_SENTENCE}{} nodes, {} bytes, extracted in {:.2} s and accepted by the independent \
         checker in {:.2} s.",
        summary.nodes,
        written.bytes,
        took.as_secs_f64(),
        checked.as_secs_f64()
    ));
    Ok(())
}

/// Writes `cert` to `path` (creating its directory) and checks the file with the independent
/// checker, which must find `value`. The file is written first, so a long extraction is not
/// lost to a failure while checking, and the check reads the file back, so what is accepted is
/// what is kept. A refused file is removed and the error names `what`. Returns the file's
/// name, what was written, the checker's summary and how long the check took.
pub(crate) fn write_checked(
    cert: proof::Packed,
    path: &Path,
    value: &str,
    what: &str,
) -> Result<(String, proof::Written, check::Summary, Duration)> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    let name = path.display().to_string();
    let written = proof::write_file(&name, &cert)?;
    drop(cert);
    let start = std::time::Instant::now();
    let refused = |why: String| {
        let _ = std::fs::remove_file(path);
        Error::Io(format!("{what} {why}; nothing recorded"))
    };
    let summary = check::check_packed(&proof::read_file(&name)?)
        .map_err(|e| refused(format!("was refused by the checker ({e})")))?;
    if summary.value != Some(value) {
        return Err(refused(format!("proves {:?} instead", summary.value)));
    }
    Ok((name, written, summary, start.elapsed()))
}

/// What [`write_certificate`] adds to a row's `how`, from here to its end.
const CERTIFICATE_SENTENCE: &str = "Certificate: ";
/// What a row's `how` says, from here to its end, when its certificate could not be written.
const NO_CERTIFICATE: &str = "No certificate: ";

/// The proven row `proved` with the certificate (or the reason there is none) of `later`, a
/// later solve of the same rules and value: the row keeps the nodes, time, command and
/// commit of the solve that proved it (a solve again over the same table file, only to write
/// the certificate, is short and would misstate the cost of the result), and `how` says which
/// run wrote the certificate and what that run cost.
pub fn with_certificate_of(proved: &Row, later: &Row) -> Row {
    let mut row = proved.clone();
    row.certificate = later.certificate.clone();
    row.certificate_sha256 = later.certificate_sha256.clone();
    row.certificate_nodes = later.certificate_nodes;
    let run = format!(
        "a later run (`{}`, {}, commit {}), which solved the row again in {:.0} s and {} \
         nodes on {} thread(s)",
        later.command, later.date, later.commit, later.seconds, later.nodes, later.threads
    );
    let said = [CERTIFICATE_SENTENCE, NO_CERTIFICATE]
        .iter()
        .find_map(|s| later.how.find(s))
        .map_or("", |at| &later.how[at..]);
    let intro = if row.certificate.is_some() {
        "The certificate comes from"
    } else {
        "Tried for its certificate by"
    };
    row.how.push_str(&format!(" {intro} {run}. {said}"));
    row.how.truncate(row.how.trim_end().len());
    row
}

fn make_row(rules: &Rules, report: &SolveReport, opts: &TableOptions, load: String) -> Row {
    let value = Value::of(report.value);
    let limit = opts.time_limit.as_secs_f64();
    let mut how = how(rules, value, limit, opts.tt_mib, report.threads);
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
fn new_row(rules: &Rules, value: Value, how: String, opts: &TableOptions, load: String) -> Row {
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
        tt_mib: opts.tt_mib,
        literature: literature(rules),
        commit: git_commit(),
        command: opts.command.clone(),
        date: utc_now(),
        load,
        flags: Vec::new(),
    }
}

/// How a value composed of parts (see [`parts`]) was shown.
pub(crate) fn how_by_parts(
    rules: &Rules,
    value: Value,
    parts: &[parts::Part],
    ledger: &Path,
) -> String {
    let list = parts
        .iter()
        .map(|p| {
            let at = if p.moves.is_empty() { "root" } else { &p.moves };
            format!("{at} {} ({:.0} s)", p.value, p.seconds)
        })
        .collect::<Vec<_>>()
        .join(", ");
    let white = if rules.q == rules.p {
        " White cannot force a win by strategy stealing (q = p)."
    } else {
        ""
    };
    let what = match value {
        Value::Win => "a first turn of Black's after which White loses",
        Value::Loss => "White's win from the root",
        _ => "after each of Black's first turns up to symmetry, White holds",
    };
    // A part deeper than a first turn is a split: the White reply was chosen by the user
    // (--part) or was an answer recorded for another first turn (--reply-trials), and the
    // part proves Black cannot win after it.
    let first = rules.q as usize;
    let split = parts
        .iter()
        .any(|p| p.moves.split_whitespace().count() > first);
    let goals = if split {
        "`solve --goal hold` after a first turn, `solve --goal win` answering no-win after a \
         first turn and a White reply, one recorded for another first turn (--reply-trials) \
         or chosen by hand (--part)"
    } else {
        "`solve --goal hold`"
    };
    format!(
        "Solved by parts (--by-parts, ledger {}): {what}, each part a df-pn solve of its own \
         ({goals}); the row's nodes and seconds are the parts' sums: {list}.{white}",
        ledger.display()
    )
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
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|t| t.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "unknown".into())
}

// ---------------------------------------------------------------------------------------------
// Markdown

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
         the docs of `src/table.rs`.\n",
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
const KEPT_BYTES: u64 = 16 << 20;

/// A row's certificate column: its proof nodes, marked when the file is not in the repository
/// (not on disk, or over [`KEPT_BYTES`] and so kept only on the machine that wrote it: the
/// row still has its SHA-256).
fn certificate_cell(r: &Row) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn row(rules: &str, value: Value) -> Row {
        let r = Rules::parse(rules).unwrap();
        Row {
            rules: r.to_string(),
            value,
            nodes: 1,
            seconds: 0.1,
            threads: 1,
            certificate: None,
            certificate_sha256: None,
            certificate_nodes: None,
            how: how(&r, value, 60.0, 64, 1),
            time_limit: Some(60.0),
            tt_mib: 64,
            literature: literature(&r),
            commit: "test".into(),
            command: "c6solve table".into(),
            date: "today".into(),
            load: "0 0 0".into(),
            flags: Vec::new(),
        }
    }

    #[test]
    fn ranges_parse_and_reject() {
        assert_eq!(parse_range("--k", "4..6").unwrap(), (4, 6));
        assert_eq!(parse_range("--k", "5").unwrap(), (5, 5));
        assert_eq!(parse_range("--k", "4..=6").unwrap(), (4, 6));
        for bad in ["", "a", "6..4", "0..3", "4..", "..4", "-1"] {
            let e = parse_range("--k", bad).unwrap_err().to_string();
            assert!(e.contains("--k"), "{bad}: {e}");
            assert!(!e.contains('\n'));
        }
        assert_eq!(parse_boards("3x3..7x7").unwrap(), ((3, 3), (7, 7)));
        assert_eq!(parse_boards("8X4").unwrap(), ((8, 4), (8, 4)));
        for bad in ["3x3..", "3..7", "7x7..3x3", "0x3", "x3", "65x1", "3x3x3"] {
            let e = parse_boards(bad).unwrap_err().to_string();
            assert!(e.contains("--boards"), "{bad}: {e}");
        }
    }

    #[test]
    fn expansion_lists_each_board_once_small_first() {
        let r = expand(((3, 3), (5, 5)), (4, 4), (2, 2), (1, 1)).unwrap();
        let names: Vec<String> = r.iter().map(Rules::to_string).collect();
        // 3x3 has no line of 4; 4x3 and 3x4 are one game; 5x3 (15 points) before 4x4.
        assert_eq!(
            names,
            [
                "4,3,4,2,1",
                "5,3,4,2,1",
                "4,4,4,2,1",
                "5,4,4,2,1",
                "5,5,4,2,1"
            ]
        );
        // A bad p is an error, not a skipped row.
        assert!(expand(((3, 3), (3, 3)), (3, 3), (9, 9), (1, 1)).is_err());
    }

    #[test]
    fn consistent_table_has_no_flags() {
        let mut rows = vec![
            row("5,5,4,1,1", Value::Draw),
            row("6,5,4,1,1", Value::Win),
            row("4,4,4,1,1", Value::Draw),
            row("7,7,4,1,1", Value::Win),
            row("8,8,5,1,1", Value::Unknown),
        ];
        check(&mut rows);
        assert!(rows.iter().all(|r| r.flags.is_empty()), "{rows:?}");
    }

    #[test]
    fn monotonicity_exceptions_are_flagged_on_both_rows() {
        // A win on 6x5 but a draw on 7x6 (which contains it, either way round).
        let mut rows = vec![
            row("6,5,4,2,1", Value::Win),
            row("6,7,4,2,1", Value::Draw),
            row("9,4,4,2,1", Value::Draw), // 6x5 does not fit in 9x4: no flag
            row("6,5,5,2,1", Value::Draw), // another k: no flag
        ];
        check(&mut rows);
        assert_eq!(rows[0].flags.len(), 1, "{:?}", rows[0].flags);
        assert_eq!(rows[1].flags.len(), 1);
        assert!(rows[0].flags[0].contains("EXCEPTION"));
        assert!(rows[2].flags.is_empty() && rows[3].flags.is_empty());
        // A loss on a small board and a win on a larger one.
        let mut rows = vec![row("4,4,3,2,1", Value::Loss), row("5,4,3,2,1", Value::Win)];
        check(&mut rows);
        assert_eq!(rows[0].flags.len(), 1);
        // Unknown takes part in nothing.
        let mut rows = vec![
            row("6,5,4,2,1", Value::Win),
            row("7,7,4,2,1", Value::Unknown),
        ];
        check(&mut rows);
        assert!(rows.iter().all(|r| r.flags.is_empty()));
    }

    #[test]
    fn contradictions_are_flagged() {
        // A loss with q = p, and a literature row proven otherwise.
        let mut rows = vec![row("5,5,4,2,2", Value::Loss), row("6,5,4,1,1", Value::Draw)];
        check(&mut rows);
        assert!(
            rows[0]
                .flags
                .iter()
                .any(|f| f.contains("strategy stealing"))
        );
        assert!(
            rows[1]
                .flags
                .iter()
                .any(|f| f.contains("published value is win"))
        );
        // A loss with q < p is allowed.
        let mut rows = vec![row("5,5,4,2,1", Value::Loss)];
        check(&mut rows);
        assert!(rows[0].flags.is_empty());
    }

    #[test]
    fn literature_is_orientation_free() {
        let a = literature(&Rules::parse("4,8,4,1,1").unwrap()).unwrap();
        let b = literature(&Rules::parse("8,4,4,1,1").unwrap()).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.value, Value::Draw);
        assert!(literature(&Rules::parse("8,4,4,2,1").unwrap()).is_none());
        assert_eq!(literature_rules().len(), 12);
    }

    #[test]
    fn json_round_trip_and_shape() {
        let mut rows = vec![row("3,3,3,1,1", Value::Draw)];
        check(&mut rows);
        let text = serde_json::to_string(&rows).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let o = &v[0];
        assert_eq!(o["rules"], "3,3,3,1,1");
        assert_eq!(o["value"], "draw");
        assert!(o["nodes"].is_u64() && o["seconds"].is_f64() && o["threads"].is_u64());
        assert!(o["certificate"].is_null());
        // q = p: White's side of the draw is strategy stealing; otherwise a second disproof.
        assert!(o["how"].as_str().unwrap().contains("strategy stealing"));
        let other = row("4,4,4,2,1", Value::Draw);
        assert!(other.how.contains("Two df-pn disproofs"), "{}", other.how);
        let back: Vec<Row> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, rows);
    }

    #[test]
    fn merge_prefers_proven_rows() {
        let mut rows = vec![
            row("8,4,4,1,1", Value::Unknown),
            row("5,5,4,1,1", Value::Draw),
        ];
        let mut longer = row("9,4,4,1,1", Value::Unknown);
        longer.time_limit = Some(600.0);
        let other = vec![
            row("8,4,4,1,1", Value::Draw),
            row("5,5,4,1,1", Value::Unknown),
            longer,
        ];
        let taken = merge(&mut rows, other);
        assert_eq!(taken, ["8,4,4,1,1", "9,4,4,1,1"]);
        assert_eq!(rows[0].value, Value::Draw);
        assert_eq!(rows[1].value, Value::Draw);
        assert_eq!(rows.len(), 3);

        // A resumed session: a smaller limit, but more seconds over all sessions. It replaces
        // the unknown row; a shorter unknown run with a smaller limit does not.
        let mut first = row("9,4,4,1,1", Value::Unknown);
        first.time_limit = Some(600.0);
        first.seconds = 600.0;
        let mut rows = vec![first];
        let mut resumed = row("9,4,4,1,1", Value::Unknown);
        resumed.time_limit = Some(300.0);
        resumed.seconds = 900.0;
        let mut shorter = resumed.clone();
        shorter.seconds = 300.0;
        assert!(merge(&mut rows, vec![shorter]).is_empty());
        assert_eq!(rows[0].seconds, 600.0);
        assert_eq!(merge(&mut rows, vec![resumed]), ["9,4,4,1,1"]);
        assert_eq!(rows[0].seconds, 900.0);
    }

    #[test]
    fn certificates_outside_the_repository_are_marked() {
        let mut r = row("7,7,5,2,1", Value::Draw);
        r.certificate_nodes = Some(1234);
        r.certificate = Some("Cargo.toml".into());
        assert_eq!(certificate_cell(&r), "1,234");
        r.certificate = Some("no/such/file.c6proof".into());
        assert_eq!(certificate_cell(&r), "1,234 (file not kept)");
        // Over the repository's limit: on this disk only.
        let big = std::env::temp_dir().join(format!("c6solve-big-{}.c6proof", std::process::id()));
        std::fs::File::create(&big)
            .unwrap()
            .set_len(KEPT_BYTES + 1)
            .unwrap();
        r.certificate = Some(big.display().to_string());
        assert_eq!(certificate_cell(&r), "1,234 (file not kept)");
        std::fs::remove_file(&big).unwrap();
    }

    #[test]
    fn merge_takes_a_certificate_for_the_same_value_only() {
        let certified = |rules: &str, value: Value| {
            let mut r = row(rules, value);
            r.certificate = Some("x.c6proof".into());
            r
        };
        let mut rows = vec![
            row("7,7,5,2,1", Value::Draw),
            row("5,5,4,1,1", Value::Draw),
            certified("3,3,3,1,1", Value::Draw),
        ];
        let other = vec![
            certified("7,7,5,2,1", Value::Draw),
            certified("5,5,4,1,1", Value::Win),
            certified("3,3,3,1,1", Value::Draw),
        ];
        let taken = merge(&mut rows, other);
        assert_eq!(taken, ["7,7,5,2,1"]);
        assert!(rows[0].certificate.is_some());
        assert_eq!(rows[1].value, Value::Draw);
        assert!(rows[1].certificate.is_none());
    }

    #[test]
    fn a_certificate_from_a_later_run_keeps_the_proving_figures() {
        let mut proved = row("7,6,5,2,2", Value::Draw);
        (proved.nodes, proved.seconds, proved.command) = (8_561, 13_044.7, "long".into());
        let mut later = row("7,6,5,2,2", Value::Draw);
        (later.nodes, later.seconds, later.command) = (42, 9.0, "again".into());
        later.certificate = Some("c.c6proof".into());
        later.certificate_nodes = Some(77);
        later
            .how
            .push_str(" Certificate: 77 nodes, 900 bytes, extracted in 1.00 s.");
        let mut rows = vec![proved.clone()];
        assert_eq!(merge(&mut rows, vec![later.clone()]), ["7,6,5,2,2"]);
        let r = &rows[0];
        assert_eq!((r.nodes, r.seconds), (8_561, 13_044.7));
        assert_eq!(r.command, "long");
        assert_eq!(r.certificate.as_deref(), Some("c.c6proof"));
        assert_eq!(r.certificate_nodes, Some(77));
        assert!(r.how.starts_with(&proved.how), "{}", r.how);
        assert!(
            r.how.ends_with(
                "The certificate comes from a later run (`again`, today, commit test), which \
                 solved the row again in 9 s and 42 nodes on 1 thread(s). Certificate: 77 \
                 nodes, 900 bytes, extracted in 1.00 s."
            ),
            "{}",
            r.how
        );
        // A later run that could not write one says why, and the row stays without.
        later.certificate = None;
        later.certificate_nodes = None;
        later.how = format!("{} No certificate: too big.", proved.how);
        let r = with_certificate_of(&proved, &later);
        assert!(r.certificate.is_none() && r.certificate_nodes.is_none());
        assert!(
            r.how.ends_with("on 1 thread(s). No certificate: too big."),
            "{}",
            r.how
        );
        assert!(
            r.how.contains("Tried for its certificate by a later run"),
            "{}",
            r.how
        );
    }

    #[test]
    fn markdown_names_the_figures() {
        let rows = vec![
            row("5,5,4,1,1", Value::Draw),
            row("8,8,5,1,1", Value::Unknown),
        ];
        let md = markdown(&rows, "c6solve table");
        assert!(md.contains("| 4 | 1 | 1 | 1 | 5x5 | draw |"), "{md}");
        assert!(md.contains("| 5 | 1 | 1 | 0 | - | - | - | 8x8 |"), "{md}");
        assert!(md.contains("unknown (search not finished)"));
    }
}
