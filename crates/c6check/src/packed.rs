//! The packed form of a certificate: its proofs kept encoded node by node, as in the file,
//! and the reader and writer of certificate files ([`Packed::read_from`],
//! [`Packed::write_to`]). The bytes are those of [`crate::format`].

use crate::format::{Certificate, Claim, MAGIC, Node, OLDEST_VERSION, Part, ReadError, VERSION};
use std::io::{Read, Write};

/// Most memory one decode (the head's fields, a part's fields, one node) may reserve, in
/// bytes: a length field is believed only this far, so a damaged or crafted file fails
/// instead of asking for memory its bytes cannot fill. The largest node of the largest board
/// takes a few kilobytes (a reply list or a zone of at most every point); 16 MiB, the limit
/// before, let a 22-byte file reserve up to 16 MiB. Nodes are decoded one at a time, so the file
/// itself may be any size.
const DECODE_LIMIT: usize = 1 << 18;

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
                .map_err(|e| ReadError(format!("node {id} cannot be decoded ({})", damaged(e).0))),
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

/// The error of bytes that do not decode, in words: bincode's own message shows its internal
/// types (`UnexpectedVariant { type_name: "Node", .. }`), which mean nothing to a reader.
fn damaged(e: bincode::error::DecodeError) -> ReadError {
    use bincode::error::DecodeError as D;
    match e {
        D::UnexpectedEnd { .. } => {
            ReadError("truncated certificate: the file ends too soon".into())
        }
        // An error of the file itself (unreadable, or past the size c6solve reads).
        D::Io { inner, .. } if inner.kind() != std::io::ErrorKind::UnexpectedEof => {
            ReadError(format!("cannot read the certificate ({inner})"))
        }
        D::Io { .. } => ReadError("truncated certificate: the file ends too soon".into()),
        D::LimitExceeded => ReadError(
            "damaged certificate: a field claims more bytes than a certificate holds".into(),
        ),
        D::UnexpectedVariant {
            type_name, found, ..
        } => ReadError(format!(
            "damaged certificate: no {} of kind {found}",
            type_name.to_lowercase()
        )),
        _ => ReadError("damaged certificate: bytes that are not a certificate's".into()),
    }
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

/// A certificate's file bytes, written and read through the packed form.
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
