//! A row's certificate: written, checked by the independent checker and recorded in the row;
//! or, for a row proven earlier, taken from a later run that wrote it.

use super::rows::Row;
use crate::error::{Error, Result};
use crate::proof::{self, check};
use std::path::Path;
use std::time::Duration;

/// Writes `cert` to `path`, checks the file with the independent checker and records it in
/// `row`. A certificate the checker refuses is a bug in the search or the writer: it is an
/// error, the file is removed and nothing is recorded (see [`write_checked`]).
pub(crate) fn write_certificate(
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
pub(crate) const CERTIFICATE_SENTENCE: &str = "Certificate: ";
/// What a row's `how` says, from here to its end, when its certificate could not be written.
pub(crate) const NO_CERTIFICATE: &str = "No certificate: ";

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
