//! Checkpoints: what a solve over a `--tt FILE` table needs, besides the table, to pick up
//! where it stopped.
//!
//! The df-pn state lives in the table file: a resumed solve runs df-pn from the root again
//! over the saved table, which continues the proof. The checkpoint beside it (`FILE.ckpt`)
//! says which solve that was (rules, root position, goal, options), which of the two runs of
//! an exact value it was in, and its counters (nodes, seconds, sessions), so the same command
//! carries on where it was and reports totals.
//!
//! File layout: magic `C6SOLVCK`, format version (u32 LE), payload length (u32 LE), checksum
//! of the payload (u64 LE), then the payload: [`Checkpoint`] in bincode's standard encoding.
//! A file is written to a temporary name, synced, and renamed over the old one, so a crash
//! leaves either the old checkpoint or the new one, never half of one. A checkpoint that is
//! damaged, from another format version, or of another solve is refused with one line.
//!
//! The design: docs/design.md §8; the file format: docs/formats.md §6.

use super::{Goal, SolveOptions, ttfile};
use crate::board::Position;
use crate::error::{Error, Result};
use crate::rules::Color;
use bincode::{Decode, Encode};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

/// First bytes of every checkpoint file.
pub const MAGIC: [u8; 8] = *b"C6SOLVCK";
/// Format version of the checkpoint file; bump it when [`Checkpoint`] changes.
pub const FORMAT_VERSION: u32 = 1;
const HEADER: usize = 24;

/// The metadata of a solve in progress.
#[derive(Debug, Clone, PartialEq, Encode, Decode)]
pub struct Checkpoint {
    /// The c6solve version that wrote it (information only).
    pub program: String,
    /// The table file format it goes with.
    pub table_format: u32,
    /// Rules m, n, k, p, q.
    pub rules: [u16; 5],
    /// The root position: one byte a point (0 Black, 1 White, 2 empty).
    pub board: Vec<u8>,
    /// Side to move at the root (0 Black, 1 White).
    pub to_move: u8,
    /// Stones the side to move still places this turn.
    pub stones_left: u16,
    /// 0: exact value, 1: win or not.
    pub goal: u8,
    /// Relevance-zone pruning on.
    pub zones: bool,
    /// Table size in MiB.
    pub tt_mib: u64,
    /// Workers of the session that wrote it (information only: a resume may use others).
    pub threads: u32,
    /// Which df-pn run: 1 proves "the side to move wins", 2 (exact value only, after run 1
    /// was disproven) "the opponent wins".
    pub phase: u8,
    /// Nodes over all sessions so far.
    pub nodes: u64,
    /// Wall seconds over all sessions so far.
    pub seconds: f64,
    /// Sessions that worked on this solve (including the one that wrote this).
    pub sessions: u32,
    /// Checkpoints written over all sessions.
    pub checkpoints: u64,
}

/// Most bytes a checkpoint's decoding may allocate: its metadata is a few kilobytes, and a
/// crafted length field must not make the decoder ask for more.
const DECODE_LIMIT: usize = 1 << 20;

impl Checkpoint {
    /// A checkpoint of a fresh solve of `pos` with `opts` (phase 1, zero counters).
    pub fn fresh(pos: &Position, opts: &SolveOptions, threads: usize) -> Checkpoint {
        let r = pos.rules();
        let board = (0..r.cells())
            .map(|c| match pos.at(c as crate::board::Cell) {
                Some(Color::Black) => 0,
                Some(Color::White) => 1,
                None => 2,
            })
            .collect();
        Checkpoint {
            program: env!("CARGO_PKG_VERSION").to_string(),
            table_format: ttfile::FORMAT_VERSION,
            rules: [r.width, r.height, r.k, r.p, r.q],
            board,
            to_move: pos.to_move().index() as u8,
            stones_left: pos.stones_left(),
            goal: match opts.goal {
                Goal::Value => 0,
                Goal::Win => 1,
                Goal::Hold => 2,
            },
            zones: opts.zones,
            tt_mib: opts.tt_mib as u64,
            threads: threads as u32,
            phase: 1,
            nodes: 0,
            seconds: 0.0,
            sessions: 1,
            checkpoints: 0,
        }
    }

    /// What makes `self` a checkpoint of another solve than `want`, if anything.
    pub fn mismatch(&self, want: &Checkpoint) -> Option<String> {
        let what = if self.rules != want.rules {
            "other rules"
        } else if self.table_format != want.table_format {
            "another table format"
        } else if self.board != want.board
            || self.to_move != want.to_move
            || self.stones_left != want.stones_left
        {
            "another position"
        } else if self.goal != want.goal {
            "another --goal"
        } else if self.zones != want.zones {
            "another --no-zones setting"
        } else if self.tt_mib > want.tt_mib {
            // A larger --tt-size is fine: the table file grows and keeps its entries. The size
            // is named so the user need not guess it.
            return Some(format!("--tt-size {} or larger", self.tt_mib));
        } else if self.phase != 1 && !(self.phase == 2 && self.goal == 0) {
            "an unknown run"
        } else {
            return None;
        };
        Some(what.to_string())
    }

    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let payload = bincode::encode_to_vec(self, bincode::config::standard())
            .expect("a checkpoint always encodes");
        let mut out = Vec::with_capacity(HEADER + payload.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        out.extend_from_slice(&ttfile::checksum(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// Parses a file's bytes; `name` is used in the error.
    pub fn decode(bytes: &[u8], name: &str) -> Result<Checkpoint> {
        let bad = |what: &str| {
            Error::Checkpoint(format!(
                "{name} {what} (--tt-reset starts the solve afresh)"
            ))
        };
        if bytes.len() < HEADER || bytes[..8] != MAGIC {
            return Err(bad("is not a c6solve checkpoint"));
        }
        let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
        if version != FORMAT_VERSION {
            return Err(bad(&format!(
                "is checkpoint format {version}, this c6solve reads format {FORMAT_VERSION}"
            )));
        }
        let len = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
        let sum = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
        let payload = &bytes[HEADER..];
        if payload.len() != len {
            return Err(bad("is truncated or damaged (wrong length)"));
        }
        if ttfile::checksum(payload) != sum {
            return Err(bad("is damaged (checksum mismatch)"));
        }
        let (ck, used): (Checkpoint, usize) = bincode::decode_from_slice(
            payload,
            bincode::config::standard().with_limit::<DECODE_LIMIT>(),
        )
        .map_err(|_| bad("is damaged (does not decode)"))?;
        if used != len {
            return Err(bad("is damaged (trailing bytes)"));
        }
        Ok(ck)
    }
}

impl Checkpoint {
    /// What the checkpoint says about its solve, as labelled lines for people (`c6solve
    /// status`): the rules, the root position, which run it is in, and the work so far.
    pub fn describe(&self) -> Vec<(&'static str, String)> {
        let [m, n, k, p, q] = self.rules;
        let colour = |c: u8| if c == 0 { "Black" } else { "White" };
        let (black, white) = (
            self.board.iter().filter(|&&b| b == 0).count(),
            self.board.iter().filter(|&&b| b == 1).count(),
        );
        let stones = if black + white == 0 {
            "the empty board".to_string()
        } else {
            format!("{black} Black and {white} White stone(s)")
        };
        let (me, other) = (colour(self.to_move), colour(self.to_move ^ 1));
        let run = match (self.goal, self.phase) {
            (0, 1) => format!("exact value, run 1 of 2: does {me} win?"),
            (0, _) => format!("exact value, run 2 of 2: {me} does not win; does {other}?"),
            (2, _) => format!("hold: does {other} win?"),
            _ => format!("does {me} win?"),
        };
        vec![
            ("rules", format!("Connect({m},{n},{k},{p},{q})")),
            (
                "position",
                format!("{stones}, {me} to move with {} stone(s)", self.stones_left),
            ),
            ("goal", run),
            (
                "work",
                format!(
                    "{} nodes, {:.0} s over {} session(s), {} checkpoint(s)",
                    self.nodes, self.seconds, self.sessions, self.checkpoints
                ),
            ),
            (
                "table",
                format!(
                    "{} MiB, relevance zones {}; last session {} thread(s), {}",
                    self.tt_mib,
                    if self.zones { "on" } else { "off" },
                    self.threads,
                    self.program
                ),
            ),
        ]
    }
}

/// The checkpoint file that goes with the table file `tt`: `tt` with `.ckpt` appended.
pub fn path_for(tt: &Path) -> PathBuf {
    ttfile::with_suffix(tt, ".ckpt")
}

/// Reads the checkpoint at `path`: `None` when there is none.
pub fn read(path: &Path) -> Result<Option<Checkpoint>> {
    let name = path.display().to_string();
    match crate::files::bounded::read(path, crate::files::bounded::Kind::Checkpoint) {
        Ok(bytes) => Checkpoint::decode(&bytes, &name).map(Some),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::Io(format!("cannot read checkpoint {name}: {e}"))),
    }
}

/// Writes `ck` to `path` atomically: a temporary file beside it, synced, renamed over it,
/// and the directory synced so the rename itself survives a crash.
pub fn write(path: &Path, ck: &Checkpoint) -> std::io::Result<()> {
    let tmp = ttfile::with_suffix(path, ".tmp");
    {
        let mut f = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)?;
        f.write_all(&ck.encode())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)?;
    ttfile::sync_parent(path);
    Ok(())
}

/// Removes the checkpoint at `path`, if there is one.
pub fn remove(path: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// The checkpoint a solve of `pos` with `opts` resumes from, checked against the command:
/// `None` for a fresh solve. Fails (one line) on a damaged checkpoint, on one of another
/// solve, and on `--resume` without one.
pub fn load_for(pos: &Position, opts: &SolveOptions) -> Result<Option<Checkpoint>> {
    let Some(tt) = &opts.tt_file else {
        if opts.resume {
            return Err(Error::Option(
                "--resume needs the --tt FILE of the solve to resume".into(),
            ));
        }
        return Ok(None);
    };
    let path = path_for(tt);
    let name = path.display().to_string();
    if opts.tt_reset {
        if opts.resume {
            return Err(Error::Option(
                "--resume and --tt-reset contradict each other: resume, or start afresh".into(),
            ));
        }
        return Ok(None);
    }
    let Some(ck) = read(&path)? else {
        if opts.resume {
            return Err(Error::Checkpoint(format!(
                "no checkpoint {name} to resume from (the solve finished, or never wrote one)"
            )));
        }
        return Ok(None);
    };
    let want = Checkpoint::fresh(pos, opts, opts.threads);
    if let Some(what) = ck.mismatch(&want) {
        return Err(Error::Checkpoint(format!(
            "{name} belongs to a solve with {what}: run that command to finish it, \
             or --tt-reset to start this one afresh"
        )));
    }
    Ok(Some(ck))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn sample() -> Checkpoint {
        let pos = Position::from_moves(Rules::parse("7,6,4,1,1").unwrap(), &[3, 10]).unwrap();
        let mut ck = Checkpoint::fresh(&pos, &SolveOptions::default(), 2);
        ck.phase = 2;
        ck.nodes = 123_456;
        ck.seconds = 7.5;
        ck.sessions = 2;
        ck.checkpoints = 9;
        ck
    }

    #[test]
    fn the_goal_line_names_the_run() {
        let pos = Position::from_moves(Rules::parse("7,6,4,1,1").unwrap(), &[3]).unwrap();
        let goal = |goal, phase| {
            let opts = SolveOptions {
                goal,
                ..SolveOptions::default()
            };
            let mut ck = Checkpoint::fresh(&pos, &opts, 1);
            ck.phase = phase;
            ck.describe()
                .into_iter()
                .find(|(l, _)| *l == "goal")
                .unwrap()
                .1
        };
        assert_eq!(
            goal(Goal::Value, 1),
            "exact value, run 1 of 2: does White win?"
        );
        assert_eq!(goal(Goal::Win, 1), "does White win?");
        assert_eq!(goal(Goal::Hold, 1), "hold: does Black win?");
    }

    #[test]
    fn round_trip_through_a_file() {
        let dir = std::env::temp_dir().join(format!("c6solve-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = path_for(&dir.join("t.tt"));
        assert!(path.ends_with("t.tt.ckpt"));
        assert_eq!(read(&path).unwrap(), None);
        let ck = sample();
        write(&path, &ck).unwrap();
        assert_eq!(read(&path).unwrap(), Some(ck.clone()));
        // A second write replaces the first whole, and leaves no temporary file.
        let mut ck2 = ck.clone();
        ck2.nodes += 1;
        write(&path, &ck2).unwrap();
        assert_eq!(read(&path).unwrap(), Some(ck2));
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        remove(&path).unwrap();
        remove(&path).unwrap();
        assert_eq!(read(&path).unwrap(), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn damage_is_refused() {
        let bytes = sample().encode();
        let refuse = |b: &[u8], what: &str| {
            let e = Checkpoint::decode(b, "x.ckpt").unwrap_err().to_string();
            assert!(e.contains(what), "{e}");
            assert!(!e.contains('\n'));
        };
        // Every single flipped bit of the payload or header is caught.
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0x10;
            assert!(Checkpoint::decode(&b, "x").is_err(), "byte {i}");
        }
        refuse(&bytes[..bytes.len() - 1], "truncated");
        refuse(&bytes[..10], "not a c6solve checkpoint");
        refuse(b"", "not a c6solve checkpoint");
        let mut b = bytes.clone();
        b[8] = 9;
        refuse(&b, "checkpoint format 9");
        let mut b = bytes.clone();
        *b.last_mut().unwrap() ^= 1;
        refuse(&b, "checksum");
        assert_eq!(Checkpoint::decode(&bytes, "x").unwrap(), sample());
    }

    #[test]
    fn another_solve_is_told_apart() {
        let ck = sample();
        let mut other = ck.clone();
        assert_eq!(ck.mismatch(&other), None);
        other.board[0] = 1;
        assert_eq!(ck.mismatch(&other).as_deref(), Some("another position"));
        let mut other = ck.clone();
        other.goal = 1;
        assert_eq!(ck.mismatch(&other).as_deref(), Some("another --goal"));
        let mut other = ck.clone();
        other.rules[2] = 5;
        assert_eq!(ck.mismatch(&other).as_deref(), Some("other rules"));
        let mut other = ck.clone();
        other.tt_mib = ck.tt_mib - 1;
        assert_eq!(
            ck.mismatch(&other).as_deref(),
            Some(format!("--tt-size {} or larger", ck.tt_mib).as_str())
        );
        // A larger table than the checkpoint's: the file grows, the solve goes on.
        other.tt_mib = ck.tt_mib * 4;
        assert_eq!(ck.mismatch(&other), None);
        // Counters, threads and the phase do not make another solve.
        let mut other = ck.clone();
        other.nodes = 0;
        other.threads = 1;
        other.phase = 1;
        assert_eq!(ck.mismatch(&other), None);
    }
}
