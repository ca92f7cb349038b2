//! Writing a report's file: checking early that it can be written (before minutes of
//! measuring), and writing it.

use crate::error::{Error, Result};
use std::path::Path;

/// Fails early, before minutes of solving, when `path` cannot be written: creates missing
/// parent directories and opens the file without truncating it.
pub fn check_writable(path: &str) -> Result<()> {
    create_parent(path)?;
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map(drop)
        .map_err(|e| Error::Io(format!("cannot write {path}: {e}")))
}

fn create_parent(path: &str) -> Result<()> {
    if let Some(dir) = Path::new(path)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    Ok(())
}

/// Writes `text` to `path`, creating missing parent directories.
pub fn write(path: &str, text: &str) -> Result<()> {
    create_parent(path)?;
    std::fs::write(path, text).map_err(|e| Error::Io(format!("cannot write {path}: {e}")))
}
