//! Proofs anyone can check (design notes §6): certificates of proven results
//! ([`format`]), written from the search's table ([`cert`]) and verified by an independent
//! checker ([`check`]) that shares no code with the search.

pub mod cert;
pub mod check;
pub mod format;
pub mod sgf;

pub use format::{Certificate, Claim, Node, Packed, PackedPart, Part};

use crate::error::{Error, Result};
use sha2::{Digest, Sha256};
use std::io::{BufReader, BufWriter, Write};

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

/// Writes a certificate to `path`.
pub fn write_file(path: &str, cert: &Packed) -> Result<Written> {
    let fail = |e: std::io::Error| Error::Io(format!("cannot write {path}: {e}"));
    let file = std::fs::File::create(path).map_err(fail)?;
    let mut out = Hashing {
        inner: BufWriter::new(file),
        sha: Sha256::new(),
    };
    let bytes = cert.write_to(&mut out).map_err(fail)?;
    out.flush().map_err(fail)?;
    Ok(Written {
        bytes,
        sha256: format!("{:x}", out.sha.finalize()),
    })
}

/// Reads a certificate from `path` as it is stored; a missing, unreadable, foreign or
/// damaged file is an error.
pub fn read_file(path: &str) -> Result<Packed> {
    let file =
        std::fs::File::open(path).map_err(|e| Error::Io(format!("cannot read {path}: {e}")))?;
    Packed::read_from(BufReader::new(file)).map_err(|e| Error::Io(format!("{path}: {e}")))
}

/// [`read_file`] with every node decoded (for showing a proof; checking needs no decoding).
pub fn read_certificate(path: &str) -> Result<Certificate> {
    read_file(path)?
        .unpack()
        .map_err(|e| Error::Io(format!("{path}: {e}")))
}
