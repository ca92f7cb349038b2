//! Proofs anyone can check (docs/design.md §9): certificates of proven results, written from
//! the search's table ([`cert`], §9.6), joined from parts ([`join`], §11.6), shown as SGF
//! ([`sgf`]), and verified by the independent checker, the crate [`c6check`], which shares no
//! code with the search. Its certificate format ([`format`](mod@format), [`packed`]) and
//! checker ([`check`](mod@check)) are re-exported here, so `c6solve::proof::check` and the
//! others name them too.

pub mod cert;
pub mod join;
pub mod sgf;

pub use c6check::{check, format, packed};
pub use format::{Certificate, Claim, Node, Part};
pub use packed::{Packed, PackedPart};

use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::files;
use sha2::{Digest, Sha256};
use std::io::{BufReader, Write};

/// What [`write_file`] wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// Bytes in the file.
    pub bytes: u64,
    /// SHA-256 of the file, in hex.
    pub sha256: String,
}

/// Passes writes through to `inner` and hashes them, so a large file is hashed as it is
/// written instead of being read back.
struct Hashing<W> {
    inner: W,
    sha: Sha256,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.sha.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Writes a certificate to `path` atomically ([`crate::files::atomic`]): a run killed while
/// writing leaves no half certificate under the name.
pub fn write_file(path: &str, cert: &Packed) -> Result<Written> {
    crate::files::atomic::write_with(std::path::Path::new(path), |w| {
        let mut out = Hashing {
            inner: w,
            sha: Sha256::new(),
        };
        let bytes = cert.write_to(&mut out)?;
        out.flush()?;
        Ok(Written {
            bytes,
            sha256: format!("{:x}", out.sha.finalize()),
        })
    })
}

/// Reads a certificate from `path` as it is stored; a missing, unreadable, foreign or
/// damaged file is an error.
pub fn read_file(path: &str) -> Result<Packed> {
    let file = files::bounded::open(
        std::path::Path::new(path),
        files::bounded::Kind::Certificate,
    )
    .map_err(|e| Error::Io(format!("cannot read {path}: {e}")))?;
    Packed::read_from(BufReader::new(file)).map_err(|e| Error::Io(format!("{path}: {e}")))
}

/// [`read_file`] with every node decoded (for showing a proof; checking needs no decoding).
pub fn read_certificate(path: &str) -> Result<Certificate> {
    read_file(path)?
        .unpack()
        .map_err(|e| Error::Io(format!("{path}: {e}")))
}

/// For walking a certificate's DAG with the crate's board (SGF, pictures): a node reached
/// again along another path may be a mirror image of the position it was first reached with
/// (format 2), and its moves are given for that first position, the one the depth-first walk
/// in list order (the writer's and the checker's) reaches first. `Frames` holds, per node,
/// the symmetry that takes that first position to its canonical image, and maps the node's
/// points onto any position the node stands for.
pub struct Frames {
    first: Vec<Option<usize>>,
}

impl Frames {
    /// The frames of `nodes` (a part's proof) from `root`. A malformed proof (a stone off the
    /// board or on another, an id out of range) leaves the nodes below it without a frame.
    pub fn new(nodes: &[Node], root: &Position) -> Frames {
        let mut frames = Frames {
            first: vec![None; nodes.len()],
        };
        frames.walk(nodes, 0, &mut root.clone());
        frames
    }

    fn walk(&mut self, nodes: &[Node], id: u32, pos: &mut Position) {
        let Some(None) = self.first.get(id as usize) else {
            return;
        };
        if pos.is_over() {
            return;
        }
        self.first[id as usize] = Some(pos.canonical_symmetry());
        let children: Vec<(Cell, u32)> = match &nodes[id as usize] {
            Node::Move { cell, child } => vec![(*cell, *child)],
            // A zone claim's null move is no position of play: its nodes keep no frame.
            Node::Replies(list) | Node::Zoned { replies: list, .. } => list.clone(),
            _ => Vec::new(),
        };
        for (c, child) in children {
            if (c as usize) < pos.rules().cells() && pos.is_empty(c) {
                pos.play(c);
                self.walk(nodes, child, pos);
                pos.undo();
            }
        }
    }

    /// The point of `pos` that point `c` of node `id` stands for (`c` itself where `pos` is
    /// the position the node was first reached with, or the node has no frame).
    pub fn point(&self, id: u32, pos: &Position, c: Cell) -> Cell {
        let Some(&Some(first)) = self.first.get(id as usize) else {
            return c;
        };
        let here = pos.canonical_symmetry();
        let geo = pos.geometry();
        if first == here || c as usize >= pos.rules().cells() {
            return c;
        }
        // first(P) = here(pos): both are the canonical image.
        geo.inverse_symmetry(here)[geo.symmetries()[first][c as usize] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// The checker reads a header's rules on its own (it shares no code with the solver); it
    /// must accept exactly the rules the solver accepts, and refuse the others in the
    /// solver's words.
    #[test]
    fn the_checker_reads_rules_as_the_solver_does() {
        let sizes = [0u16, 1, 3, 64, 65, 300];
        let stones = [0u16, 1, 2, 8, 9];
        for &m in &sizes {
            for &n in &[0u16, 1, 64, 65] {
                for &k in &[0u16, 1, 5, 70] {
                    for &p in &stones {
                        for &q in &stones {
                            let cert = Certificate {
                                rules: [m, n, k, p, q],
                                black: Vec::new(),
                                white: Vec::new(),
                                to_move: 0,
                                stones_left: 1,
                                parts: Vec::new(),
                            };
                            let want = match Rules::new(m, n, k, p, q) {
                                Ok(_) => "the certificate holds no claim".to_string(),
                                Err(e) => format!("header: {e}"),
                            };
                            assert_eq!(check::check(&cert), Err(want), "{m},{n},{k},{p},{q}");
                        }
                    }
                }
            }
        }
    }

    /// The checker names points on its own too, as the solver does (Go style up to 25
    /// columns, numbers beyond).
    #[test]
    fn the_checker_names_points_as_the_solver_does() {
        for (m, n) in [(3u16, 3u16), (19, 19), (25, 2), (26, 2), (64, 64)] {
            let rules = Rules::new(m, n, 3, 1, 1).unwrap();
            for c in (0..rules.cells() as Cell).step_by(7) {
                let cert = Certificate {
                    rules: [m, n, 3, 1, 1],
                    black: vec![c],
                    white: vec![c],
                    to_move: 0,
                    stones_left: 1,
                    parts: Vec::new(),
                };
                let name = crate::notation::format_point(&rules, c);
                let want = format!("header: root point {name} is given twice");
                assert_eq!(check::check(&cert), Err(want));
            }
        }
    }
}
