//! The ledger of a board solved by parts: each proven part with what it cost and its
//! certificate, in `DIR/m_n_k_p_q.json`, read and written whole.

use super::root::Root;
use crate::board::{Cell, Position};
use crate::boards::store::write_atomic;
use crate::error::{Error, Result};
use crate::notation::parse_moves;
use crate::proof::{self, cert, check};
use crate::rules::Rules;
use crate::search::Goal;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The ledger's record of one proven part: the value of the position after `moves` for the
/// side to move there, under `--goal hold` (does the opponent force a win?), or `--goal win`
/// below a first turn, with what proving it cost and its certificate file. (A certificate's
/// own claims are [`crate::proof::Part`]s.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PartRecord {
    /// The stones played from the empty board, Go-style points ("D1"); empty for the root.
    pub moves: String,
    /// `no-loss` (the side to move holds) or `loss` (the opponent forces a win), under
    /// `--goal hold`; `no-win` or `win` (the side to move's own win), under `--goal win`.
    pub value: String,
    /// Nodes of the part's solve (all its sessions), and of the reply trials that failed
    /// before it (see [`super::replies`]; the progress line says how many).
    pub nodes: u64,
    /// Wall time of the part's solve in seconds (all its sessions), with those trials.
    pub seconds: f64,
    /// Search threads of the part's solve.
    pub threads: u32,
    /// Transposition table size in MiB.
    pub tt_mib: usize,
    /// The commit the solver was built from.
    pub commit: String,
    /// The command that proved the part (re-running it reproduces the part).
    pub command: String,
    /// When the part was proven (UTC).
    pub date: String,
    /// The machine's load average when the part's last session started.
    pub load: String,
    /// The part's certificate file (with `--certificates`), accepted by the independent
    /// checker when it was written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate: Option<String>,
    /// SHA-256 of the certificate file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate_sha256: Option<String>,
    /// Proof nodes in the certificate, as the checker counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate_nodes: Option<u64>,
    /// Seconds the last attempt at writing the certificate was allowed, when it ran out of
    /// time: the next attempt is allowed twice as long.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certificate_tried: Option<f64>,
    /// For a first turn White holds: White's answer, the first stones of its strategy (see
    /// [`super::replies`], which tries it on other first turns).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
}

/// A board's ledger of proven parts (`DIR/m_n_k_p_q.json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ledger {
    /// `m,n,k,p,q`.
    pub rules: String,
    /// The stones from the empty board to the position the parts settle (Go-style points;
    /// empty, and left out of the file, for a row's empty board). See [`Root`].
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub root: String,
    /// The parts proven so far, in the order they were proven.
    pub parts: Vec<PartRecord>,
    /// The runs that solved parts, with their wall and CPU seconds (the row's effort).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sessions: Vec<super::effort::Session>,
    /// The parts split because their solve outgrew `--part-nodes` (see [`super::split`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub splits: Vec<super::split::SplitRecord>,
}

/// The ledger file of `root` in `dir`: `m_n_k_p_q.json` for a row's empty board,
/// `m_n_k_p_q@MOVES.json` after moves.
pub fn ledger_path(dir: &Path, root: &Root) -> PathBuf {
    dir.join(format!("{}.json", root.stem()))
}

impl PartRecord {
    /// What the part's solve proved: the side to move's own win (`win`, `no-win`) or that
    /// the opponent forces none (`loss`, `no-loss`).
    pub fn goal(&self) -> Goal {
        if self.value == "no-win" || self.value == "win" {
            Goal::Win
        } else {
            Goal::Hold
        }
    }
}

/// `hold` or `win`, as a ledger writes a part's goal.
pub(super) fn goal_name(goal: Goal) -> &'static str {
    if goal == Goal::Win { "win" } else { "hold" }
}

/// Whether the independent checker accepts `packed` as a proof of the part value `value`
/// at `pos`: its proof nodes, or the reason it does not.
pub(super) fn accepted(
    packed: &proof::Packed,
    pos: &Position,
    value: &str,
) -> std::result::Result<u64, String> {
    if packed.head != cert::header(pos) {
        return Err("its certificate is for another position".into());
    }
    let summary = check::check_packed(packed)
        .map_err(|e| format!("the checker refuses its certificate: {e}"))?;
    if summary.value != Some(value) {
        return Err(format!(
            "its certificate proves {}, not {value}",
            summary.value.unwrap_or("nothing")
        ));
    }
    Ok(summary.nodes as u64)
}

impl Ledger {
    /// A ledger of `root` with nothing recorded yet.
    pub fn empty(root: &Root) -> Ledger {
        Ledger {
            rules: root.rules.to_string(),
            root: root.moves(),
            parts: Vec::new(),
            sessions: Vec::new(),
            splits: Vec::new(),
        }
    }
}

/// Reads a ledger; a missing file is an empty one. A file that does not parse, is for other
/// rules or another root, or holds a part whose moves or value are not valid is an error
/// (never overwritten).
pub fn load(path: &Path, root: &Root) -> Result<Ledger> {
    let rules = &root.rules;
    let bad = |why: String| Error::Io(format!("{}: {why}", path.display()));
    let text = match crate::files::bounded::read_text_io(path, crate::files::bounded::Kind::Ledger)
    {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Ledger::empty(root)),
        Err(e) => return Err(bad(format!("cannot read: {e}"))),
    };
    let ledger: Ledger =
        serde_json::from_str(&text).map_err(|e| bad(format!("not a ledger of parts: {e}")))?;
    if ledger.rules != rules.to_string() || ledger.root != root.moves() {
        let of = |rules: &str, moves: &str| match moves {
            "" => rules.to_string(),
            m => format!("{rules} after {m}"),
        };
        return Err(bad(format!(
            "a ledger for {}, not {}",
            of(&ledger.rules, &ledger.root),
            of(&rules.to_string(), &root.moves())
        )));
    }
    for part in &ledger.parts {
        position_after(rules, &part.moves)
            .map_err(|e| bad(format!("part '{}': {e}", part.moves)))?;
        if !["no-loss", "loss", "no-win", "win"].contains(&part.value.as_str()) {
            return Err(bad(format!(
                "part '{}': value '{}' (expected no-loss, loss, no-win or win)",
                part.moves, part.value
            )));
        }
    }
    for split in &ledger.splits {
        if let Some(why) = split.invalid(root) {
            return Err(bad(format!("split '{}': {why}", split.moves)));
        }
    }
    Ok(ledger)
}

/// Writes a ledger atomically.
pub fn save(path: &Path, ledger: &Ledger) -> Result<()> {
    let text = serde_json::to_string_pretty(ledger)
        .map_err(|e| Error::Io(format!("cannot encode the ledger: {e}")))?;
    write_atomic(path, &(text + "\n"))
}

/// The stones of `moves` (Go-style points) and the position after them from the empty board
/// of `rules`, which must not be over.
pub(super) fn position_after(rules: &Rules, moves: &str) -> Result<(Vec<Cell>, Position)> {
    let cells = parse_moves(rules, moves)?;
    let pos = Position::from_moves(*rules, &cells)?;
    if pos.is_over() {
        return Err(Error::IllegalMove(format!(
            "{moves}: the game is over there"
        )));
    }
    Ok((cells, pos))
}
