//! One row of the small-board results: the empty board of one rule set, its value, how it
//! was shown and what it cost, as the JSON file records it.

use crate::error::Result;
use crate::rules::Rules;
use crate::search::Outcome;
use serde::{Deserialize, Serialize};

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

    pub(crate) fn of(o: Outcome) -> Value {
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
    /// For a row solved by parts: what its workers spent, all runs together.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effort: Option<Effort>,
}

/// What the workers of a row solved by parts spent (`--by-parts`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Effort {
    /// Worker processes that solved parts of the row (each run of a directory ledger is one).
    pub workers: u32,
    /// Wall seconds: a directory ledger's runs added up; with PostgreSQL, from the first
    /// worker's start to the last one's last report.
    pub wall_seconds: f64,
    /// CPU seconds of all the workers (each up to its last report).
    pub cpu_seconds: f64,
}

impl Row {
    /// The row's rules.
    pub fn parsed_rules(&self) -> Result<Rules> {
        Rules::parse(&self.rules)
    }
}
