//! The certificate file format, shared by the writer ([`super::cert`]) and the independent
//! checker ([`super::check`]). Plain data only: no game logic lives here.
//!
//! A file is the 8 bytes [`MAGIC`], the format [`VERSION`] as a little-endian `u32`, then one
//! [`Certificate`] encoded with bincode 2 (standard configuration: variable-length integers,
//! little-endian). Nothing may follow it.
//!
//! A certificate names the rules and the root position, then holds one or more [`Part`]s,
//! each a claim about one colour ("Black can force a win", "White cannot force a win") with
//! its proof: a table of [`Node`]s (a DAG: a position reached along two paths is one node),
//! the root at index 0. Edges carry the stone played, so the checker replays every position
//! itself instead of trusting stored boards.

use bincode::{Decode, Encode};
use std::io::{Read, Write};

/// The first bytes of every certificate file.
pub const MAGIC: &[u8; 8] = b"C6PROOF\x1a";

/// Format version written. Version 2 lets a node be reached as a mirror image of the position
/// it was first reached with (see [`super::check`]); the bytes are laid out as in version 1,
/// and a version-1 file is a valid version-2 one, so both are read.
pub const VERSION: u32 = 2;

/// Oldest format version read.
pub const OLDEST_VERSION: u32 = 1;

/// Largest field (a node, the root's stones) accepted when decoding, in bytes: a garbage
/// length field then fails instead of asking for an absurd allocation. Nodes are decoded one
/// at a time, so the file itself may be larger.
const DECODE_LIMIT: usize = 1 << 24;

/// A proof certificate: the rules, the root position and the proven claims.
#[derive(Debug, Clone, PartialEq, Eq, Encode, Decode)]
pub struct Certificate {
    /// m, n, k, p, q.
    pub rules: [u16; 5],
    /// Black stones of the root position (cells `y * m + x`, row 0 at the bottom).
    pub black: Vec<u16>,
    /// White stones of the root position.
    pub white: Vec<u16>,
    /// Side to move at the root: 0 Black, 1 White.
    pub to_move: u8,
    /// Stones the side to move still places in its turn at the root.
    pub stones_left: u16,
    /// The claims with their proofs. A win is one part; a draw is two `NoWin` parts.
    pub parts: Vec<Part>,
}

/// One claim about the root and its proof tree.
#[derive(Debug, Clone, PartialEq, Eq, Encode, Decode)]
pub struct Part {
    /// The colour the claim is about: 0 Black, 1 White.
    pub attacker: u8,
    /// What is claimed for the attacker.
    pub claim: Claim,
    /// The proof; `nodes[0]` is the root position.
    pub nodes: Vec<Node>,
}

/// What a part claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Encode, Decode)]
pub enum Claim {
    /// The attacker forces a win against every defence.
    Win,
    /// The attacker cannot force a win: the defender has a strategy that stops every line.
    NoWin,
}

/// One node of a proof. The *prover* is the side the claim favours: the attacker for
/// [`Claim::Win`], the defender for [`Claim::NoWin`]. At the prover's nodes one move is
/// given; at the other side's nodes every move must be answered.
#[derive(Debug, Clone, PartialEq, Eq, Encode, Decode)]
pub enum Node {
    /// The game is over here (a line was made or the board is full); the checker reads
    /// the result off the board.
    Over,
    /// The prover, to move, plays `cell` and the proof continues at node `child`.
    Move {
        /// The stone played.
        cell: u16,
        /// The node after it.
        child: u32,
    },
    /// The prover's opponent is to move: each listed stone with the node after it. Stones
    /// not listed must be covered by a reason the checker derives itself: a stone that
    /// leaves the prover's threats unstoppable, or that need not be tried first because
    /// any set of this turn's stones that stops the threats holds a listed one; a point in
    /// no live window when another such point is listed; the mirror image of a listed
    /// stone under a symmetry of the board.
    Replies(Vec<(u16, u32)>),
    /// The side to move (the prover) completes a line with the stones of this turn.
    WinNow,
    /// The side to move (the prover's opponent) cannot complete a line this turn and
    /// cannot stop all of the prover's threats: the prover wins next turn.
    Overwhelmed,
    /// [`Claim::NoWin`] only: every window holds a defender stone.
    Dead,
    /// [`Claim::NoWin`] only, one stone a turn: disjoint pairs of empty points such that
    /// every window without a defender stone contains both points of some pair.
    Paired(Vec<(u16, u16)>),
    /// [`Claim::NoWin`] only, any number of stones a turn: disjoint groups of p + 1 empty
    /// points such that every window without a defender stone contains a whole group, and
    /// the attacker, if to move, has at most p stones left in its turn (the argument is in
    /// `pairing/mod.rs`: the defender answers each group the attacker touches).
    Grouped(Vec<Vec<u16>>),
    /// [`Claim::NoWin`] for White only, and only as the root of its part: the root is the empty
    /// board with Black to move and q = p, where strategy stealing shows White cannot force a
    /// win (the argument is in `search::second_player_cannot_win`).
    StrategyStealing,
    /// [`Claim::NoWin`] only: a potential strategy (Beck's form of the Erdős–Selfridge
    /// criterion; the argument is in `potential.rs`). With λ = (1 + p)^(1/p) and Φ the sum
    /// of λ^-e over the windows free of defender stones (e = a window's empty points), Φ is
    /// below λ^-r with the attacker to move and r stones left in its turn; below 1 with the
    /// defender to move and at least p stones left; and with the defender to move and fewer
    /// than p left, below λ^-p once the listed defender stones (at most that many, empty
    /// points; none in the other cases) are counted as played. Always by a relative margin
    /// of 1e-9, against rounding.
    /// (Added after the other kinds, so files written before it keep their encoding.)
    Outweighed(Vec<u16>),
}

/// Why a file could not be read as a certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError(pub String);

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Certificate {
    /// The file bytes: magic, version, bincode body.
    pub fn to_bytes(&self) -> Vec<u8> {
        Packed::from(self).to_bytes()
    }

    /// Reads file bytes written by [`Certificate::to_bytes`]: refuses another magic or
    /// version, a truncated body and trailing bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Certificate, ReadError> {
        Packed::read_from(bytes)?.unpack()
    }

    /// The root position and rules alone: this certificate without its parts.
    pub fn head(&self) -> Certificate {
        Certificate {
            rules: self.rules,
            black: self.black.clone(),
            white: self.white.clone(),
            to_move: self.to_move,
            stones_left: self.stones_left,
            parts: Vec::new(),
        }
    }
}

/// A certificate whose proofs stay encoded, node by node, as in the file: the form proofs
/// are written and checked in, so that a proof of tens of millions of nodes takes about the
/// bytes of its file (a decoded [`Node`] takes 32 bytes and more) plus 8 bytes a node for
/// the index. [`Packed::to_bytes`] of a [`Certificate`]'s packing is exactly the bytes
/// bincode encodes the [`Certificate`] into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packed {
    /// The rules and the root position; its `parts` are empty.
    pub head: Certificate,
    /// The claims with their proofs.
    pub parts: Vec<PackedPart>,
}

/// A [`Part`] with its nodes encoded: `bytes` holds them back to back in id order, each as
/// bincode encodes a [`Node`], and `starts[id]` is where node `id` begins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackedPart {
    /// The colour the claim is about: 0 Black, 1 White.
    pub attacker: u8,
    /// What is claimed for the attacker.
    pub claim: Claim,
    bytes: Vec<u8>,
    starts: Vec<u64>,
}

/// The bincode configuration of every certificate field.
fn config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<DECODE_LIMIT>()
}

/// Encodes `node` at the end of `out`.
pub fn encode_node(node: &Node, out: &mut Vec<u8>) {
    bincode::encode_into_std_write(node, out, config()).expect("writing into a Vec cannot fail");
}

impl PackedPart {
    /// A part from nodes already encoded in id order (`starts[id]` where node `id` begins in
    /// `bytes`, increasing, the first 0).
    pub fn new(attacker: u8, claim: Claim, bytes: Vec<u8>, starts: Vec<u64>) -> PackedPart {
        debug_assert!(starts.first().is_none_or(|&s| s == 0));
        debug_assert!(starts.is_sorted());
        PackedPart {
            attacker,
            claim,
            bytes,
            starts,
        }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// True if the part has no node.
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// Node `id`, decoded; `None` if there is no such node.
    pub fn node(&self, id: u32) -> Option<Result<Node, ReadError>> {
        let start = *self.starts.get(id as usize)? as usize;
        let end = self
            .starts
            .get(id as usize + 1)
            .map_or(self.bytes.len(), |&e| e as usize);
        let Some(bytes) = self.bytes.get(start..end) else {
            return Some(Err(ReadError(format!("node {id} lies outside the part"))));
        };
        Some(
            bincode::decode_from_slice(bytes, config())
                .map(|(node, _)| node)
                .map_err(|e| ReadError(format!("node {id} cannot be decoded ({e})"))),
        )
    }
}

impl From<&Part> for PackedPart {
    fn from(part: &Part) -> PackedPart {
        let mut bytes = Vec::new();
        let mut starts = Vec::with_capacity(part.nodes.len());
        for node in &part.nodes {
            starts.push(bytes.len() as u64);
            encode_node(node, &mut bytes);
        }
        PackedPart::new(part.attacker, part.claim, bytes, starts)
    }
}

impl From<&Certificate> for Packed {
    fn from(cert: &Certificate) -> Packed {
        Packed {
            head: cert.head(),
            parts: cert.parts.iter().map(PackedPart::from).collect(),
        }
    }
}

/// Reads through to `inner`, keeping a copy of every byte read in `kept`: a node is decoded
/// (so validated) and kept in its encoded form in one pass.
struct Keep<'a, R> {
    inner: &'a mut R,
    kept: &'a mut Vec<u8>,
}

impl<R: Read> Read for Keep<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.kept.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

fn damaged(e: impl std::fmt::Display) -> ReadError {
    ReadError(format!("damaged or truncated certificate ({e})"))
}

impl Packed {
    /// Number of proof nodes over all parts.
    pub fn node_count(&self) -> usize {
        self.parts.iter().map(PackedPart::len).sum()
    }

    /// Writes the file: magic, version, then the fields as bincode encodes a [`Certificate`].
    /// Returns the bytes written.
    pub fn write_to(&self, out: &mut impl Write) -> std::io::Result<u64> {
        let mut head = MAGIC.to_vec();
        head.extend_from_slice(&VERSION.to_le_bytes());
        let h = &self.head;
        let fields = (
            &h.rules,
            &h.black,
            &h.white,
            h.to_move,
            h.stones_left,
            self.parts.len() as u64,
        );
        bincode::encode_into_std_write(fields, &mut head, config())
            .map_err(std::io::Error::other)?;
        out.write_all(&head)?;
        let mut written = head.len() as u64;
        for part in &self.parts {
            let mut fields = Vec::new();
            let count = part.len() as u64;
            bincode::encode_into_std_write(
                (part.attacker, part.claim, count),
                &mut fields,
                config(),
            )
            .map_err(std::io::Error::other)?;
            out.write_all(&fields)?;
            out.write_all(&part.bytes)?;
            written += (fields.len() + part.bytes.len()) as u64;
        }
        Ok(written)
    }

    /// The file's bytes ([`Packed::write_to`] into memory).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_to(&mut out)
            .expect("writing into a Vec cannot fail");
        out
    }

    /// Reads a file written by [`Packed::write_to`] (or [`Certificate::to_bytes`]): refuses
    /// another magic or version, a node that does not decode, a truncated file and trailing
    /// bytes.
    pub fn read_from(mut input: impl Read) -> Result<Packed, ReadError> {
        let mut lead = [0u8; 12];
        if input.read_exact(&mut lead).is_err() || &lead[..8] != MAGIC {
            return Err(ReadError("not a c6solve proof certificate".into()));
        }
        let version = u32::from_le_bytes(lead[8..12].try_into().expect("4 bytes"));
        if !(OLDEST_VERSION..=VERSION).contains(&version) {
            return Err(ReadError(format!(
                "certificate format version {version}; this c6solve reads versions \
                 {OLDEST_VERSION} to {VERSION}"
            )));
        }
        type Head = ([u16; 5], Vec<u16>, Vec<u16>, u8, u16, u64);
        let (rules, black, white, to_move, stones_left, count): Head =
            bincode::decode_from_std_read(&mut input, config()).map_err(damaged)?;
        let head = Certificate {
            rules,
            black,
            white,
            to_move,
            stones_left,
            parts: Vec::new(),
        };
        let mut parts = Vec::new();
        for _ in 0..count {
            let (attacker, claim, nodes): (u8, Claim, u64) =
                bincode::decode_from_std_read(&mut input, config()).map_err(damaged)?;
            let (mut bytes, mut starts) = (Vec::new(), Vec::new());
            for _ in 0..nodes {
                starts.push(bytes.len() as u64);
                let mut keep = Keep {
                    inner: &mut input,
                    kept: &mut bytes,
                };
                let _: Node =
                    bincode::decode_from_std_read(&mut keep, config()).map_err(damaged)?;
            }
            parts.push(PackedPart::new(attacker, claim, bytes, starts));
        }
        let mut rest = Vec::new();
        input
            .read_to_end(&mut rest)
            .map_err(|e| ReadError(format!("cannot read the certificate ({e})")))?;
        if !rest.is_empty() {
            return Err(ReadError(format!(
                "damaged certificate: {} unexpected bytes after its end",
                rest.len()
            )));
        }
        Ok(Packed { head, parts })
    }

    /// The certificate with every node decoded.
    pub fn unpack(&self) -> Result<Certificate, ReadError> {
        let mut cert = self.head.head();
        for part in &self.parts {
            let nodes = (0..part.len() as u32)
                .map(|id| part.node(id).expect("id below the count"))
                .collect::<Result<Vec<Node>, ReadError>>()?;
            cert.parts.push(Part {
                attacker: part.attacker,
                claim: part.claim,
                nodes,
            });
        }
        Ok(cert)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Certificate {
        Certificate {
            rules: [7, 6, 5, 2, 1],
            black: vec![3, 40],
            white: vec![300],
            to_move: 1,
            stones_left: 2,
            parts: vec![
                Part {
                    attacker: 1,
                    claim: Claim::Win,
                    nodes: vec![
                        Node::Move { cell: 9, child: 1 },
                        Node::Replies(vec![(4, 2), (20_000, 70_000), (5, 2)]),
                        Node::WinNow,
                        Node::Over,
                    ],
                },
                Part {
                    attacker: 0,
                    claim: Claim::NoWin,
                    nodes: vec![
                        Node::Grouped(vec![vec![1, 2, 3], vec![4, 5, 6]]),
                        Node::Paired(vec![(7, 8)]),
                        Node::Outweighed(vec![11]),
                        Node::Dead,
                        Node::Overwhelmed,
                        Node::StrategyStealing,
                    ],
                },
            ],
        }
    }

    /// Files written before nodes were packed are the magic, the version and bincode's own
    /// encoding of a `Certificate`; the packed writer must write exactly those bytes.
    #[test]
    fn packed_files_are_bincode_of_the_certificate() {
        let c = sample();
        let mut old = MAGIC.to_vec();
        old.extend_from_slice(&VERSION.to_le_bytes());
        old.extend(bincode::encode_to_vec(&c, bincode::config::standard()).unwrap());
        assert_eq!(Packed::from(&c).to_bytes(), old);
        let back = Packed::read_from(&old[..]).unwrap();
        assert_eq!(back.node_count(), 10);
        assert_eq!(back.parts[0].node(1).unwrap().unwrap(), c.parts[0].nodes[1]);
        assert!(back.parts[0].node(4).is_none());
        assert_eq!(back.unpack().unwrap(), c);
    }
}
