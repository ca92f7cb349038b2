//! Whether a table row's certificate file still backs the row.
//!
//! A run keeps the proven rows of its table, and `--merge` takes rows from another table;
//! neither may trust a value on the word of a JSON file whose proof is damaged, swapped or
//! about something else. So a row's certificate, when its file is here, is read again: it must
//! be the file the row recorded (its SHA-256), about the row's rules and the empty board, and
//! accepted by the independent checker as a proof of the row's value.

use super::Row;
use crate::board::Position;
use crate::proof::{self, cert, check};
use sha2::{Digest, Sha256};

/// What a proven row's certificate says for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Backing {
    /// The row names no certificate (written with `--no-certificates`, or too large).
    Unnamed,
    /// The row names a file that is not here: nothing to check. Certificates over 16 MiB
    /// are not kept in the repository, so a fresh clone has rows like this.
    Missing,
    /// The file is the one recorded and the checker accepts it for the row.
    Backed,
    /// The file is here but does not back the row, for the reason given.
    Refused(String),
}

/// Reads and checks the certificate `row` names (see the module notes). Checking costs about
/// what checking the file with `c6solve check` does: seconds for the largest proofs.
pub fn backing(row: &Row) -> Backing {
    let Some(file) = &row.certificate else {
        return Backing::Unnamed;
    };
    let bytes = match crate::files::bounded::read(
        std::path::Path::new(file),
        crate::files::bounded::Kind::Certificate,
    ) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Backing::Missing,
        Err(e) => return Backing::Refused(format!("cannot read {file}: {e}")),
    };
    match refusal(row, file, &bytes) {
        Some(why) => Backing::Refused(why),
        None => Backing::Backed,
    }
}

/// Why the certificate `file`, read as `bytes`, does not back `row`; `None` when it does.
fn refusal(row: &Row, file: &str, bytes: &[u8]) -> Option<String> {
    let sha = sha256_hex(bytes);
    if row.certificate_sha256.as_ref().is_some_and(|s| *s != sha) {
        return Some(format!(
            "{file} is not the file the table recorded (its SHA-256 differs)"
        ));
    }
    let packed = match proof::Packed::read_from(bytes) {
        Ok(p) => p,
        Err(e) => return Some(format!("{file}: {e}")),
    };
    let rules = match row.parsed_rules() {
        Ok(r) => r,
        Err(e) => return Some(format!("row '{}': {e}", row.rules)),
    };
    if packed.head != cert::header(&Position::new(rules)) {
        return Some(format!(
            "{file} is not about the empty board of {}",
            row.rules
        ));
    }
    let summary = match check::check_packed(&packed) {
        Ok(s) => s,
        Err(e) => return Some(format!("the checker refuses {file}: {e}")),
    };
    let value = row.value.name();
    (summary.value != Some(value)).then(|| {
        format!(
            "{file} proves {}, not {value}",
            summary.value.unwrap_or("no value")
        )
    })
}

/// The SHA-256 of `bytes` in lower-case hex, as the table and the parts' ledgers record it.
pub fn sha256_hex(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// A certificate file, decoded, with the SHA-256 of its bytes.
pub fn read_with_sha(file: &str) -> std::result::Result<(proof::Packed, String), String> {
    let bytes = crate::files::bounded::read(
        std::path::Path::new(file),
        crate::files::bounded::Kind::Certificate,
    )
    .map_err(|e| format!("cannot read {file}: {e}"))?;
    let packed = proof::Packed::read_from(&bytes[..]).map_err(|e| format!("{file}: {e}"))?;
    Ok((packed, sha256_hex(&bytes)))
}
