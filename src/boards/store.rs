//! The JSON file of rows: read, written (with its Markdown twin) and merged with another.

use super::backing::{self, Backing};
use super::certificates::with_certificate_of;
use super::checks::check;
use super::markdown::markdown;
use super::rows::Row;
use crate::error::{Error, Result};
use std::path::Path;

/// Reads the JSON table; a missing file is an empty table. A file that does not parse is an
/// error (it is never overwritten by a run that could not read it).
pub fn load(path: &Path) -> Result<Vec<Row>> {
    let text = match crate::files::bounded::read_text_io(path, crate::files::bounded::Kind::Ledger)
    {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::Io(format!("cannot read {}: {e}", path.display()))),
    };
    let rows: Vec<Row> = serde_json::from_str(&text).map_err(|e| {
        Error::Io(format!(
            "{} is not a small-boards table: {e}",
            path.display()
        ))
    })?;
    for r in &rows {
        r.parsed_rules()
            .map_err(|e| Error::Io(format!("{}: row '{}': {e}", path.display(), r.rules)))?;
    }
    Ok(rows)
}

/// Writes `text` to `path` atomically, creating missing parent directories: a temporary
/// file beside it (see [`crate::files::atomic`]), synced, renamed over it, and the directory
/// synced. A run killed mid-write leaves the old file whole, or the new one; a write that
/// fails (a full disk) is an error and leaves the old file.
pub(crate) fn write_atomic(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    crate::files::atomic::write(path, text)
}

/// Sorts the rows into the table's order, recomputes the flags and writes both files.
pub fn save(rows: &mut Vec<Row>, json: &Path, md: &Path, command: &str) -> Result<()> {
    rows.sort_by_key(|r| {
        r.parsed_rules()
            .map(|x| (x.k, x.p, x.q, x.cells(), x.width, x.height))
            .unwrap_or_default()
    });
    check(rows);
    let text = serde_json::to_string_pretty(&rows)
        .map_err(|e| Error::Io(format!("cannot encode the table: {e}")))?;
    write_atomic(json, &(text + "\n"))?;
    write_atomic(md, &markdown(rows, command))
}

/// Merges the rows of another table file into `rows`: a row missing here is added; a row
/// unknown here is replaced by a proven one, or by an unknown one tried with a larger limit;
/// a proven row here without a certificate takes the certificate of one of the same value
/// (see [`with_certificate_of`]). Other proven rows here are never replaced. Returns the rules of the rows
/// taken. (For tables solved in parallel, one `--json` file per process.)
pub fn merge(rows: &mut Vec<Row>, other: Vec<Row>) -> Vec<String> {
    let mut taken = Vec::new();
    for o in other {
        match rows.iter().position(|r| r.rules == o.rules) {
            None => {
                taken.push(o.rules.clone());
                rows.push(o);
            }
            Some(i) => {
                let mine = &rows[i];
                let better = if mine.value.is_proven() {
                    mine.certificate.is_none() && o.value == mine.value && o.certificate.is_some()
                } else {
                    o.value.is_proven()
                        || o.seconds > mine.seconds
                        || o.time_limit.unwrap_or(0.0) > mine.time_limit.unwrap_or(0.0)
                };
                if better {
                    taken.push(o.rules.clone());
                    rows[i] = if mine.value.is_proven() {
                        with_certificate_of(mine, &o)
                    } else {
                        o
                    };
                }
            }
        }
    }
    taken
}

/// [`merge`] of the table file `path`, leaving out every proven row whose certificate does
/// not back it (see [`backing`]): one whose file is missing, since a row taken from elsewhere
/// must bring its proof, or refused. Proven rows that name no certificate are taken (a run
/// with certificates on solves them again for one). Returns the rules of the rows taken and
/// a line for each row left out.
pub fn merge_file(rows: &mut Vec<Row>, path: &Path) -> Result<(Vec<String>, Vec<String>)> {
    let mut left_out = Vec::new();
    let other = load(path)?
        .into_iter()
        .filter(|o| {
            if !o.value.is_proven() {
                return true;
            }
            let why = match backing::backing(o) {
                Backing::Unnamed | Backing::Backed => return true,
                Backing::Missing => format!(
                    "its certificate {} is not here",
                    o.certificate.as_deref().unwrap_or_default()
                ),
                Backing::Refused(why) => why,
            };
            left_out.push(format!("{}: {} not taken: {why}", path.display(), o.rules));
            false
        })
        .collect();
    Ok((merge(rows, other), left_out))
}
