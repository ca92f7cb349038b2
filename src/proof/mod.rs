//! Proofs anyone can check (design notes §6): certificates of proven results
//! ([`format`]), written from the search's table ([`cert`]) and verified by an independent
//! checker ([`check`]) that shares no code with the search.

pub mod cert;
pub mod check;
pub mod format;
pub mod sgf;

pub use format::{Certificate, Claim, Node, Part};

use crate::error::{Error, Result};

/// Writes a certificate to `path`.
pub fn write_file(path: &str, cert: &Certificate) -> Result<()> {
    std::fs::write(path, cert.to_bytes())
        .map_err(|e| Error::Io(format!("cannot write {path}: {e}")))
}

/// Reads a certificate from `path`; a missing, unreadable, foreign or damaged file is an error.
pub fn read_file(path: &str) -> Result<Certificate> {
    let bytes = std::fs::read(path).map_err(|e| Error::Io(format!("cannot read {path}: {e}")))?;
    Certificate::from_bytes(&bytes).map_err(|e| Error::Io(format!("{path}: {e}")))
}
