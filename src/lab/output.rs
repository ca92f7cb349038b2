//! Writing a report's file: checking early that it can be written (before minutes of
//! measuring), and writing it.

use crate::error::{Error, Result};
use crate::files::outputs::{self, Named};
use std::path::Path;

/// Fails early, before minutes of solving, when `path` (given with `option`) cannot be
/// written or is one of `inputs` ([`outputs::check`]): creates missing parent directories,
/// and nothing else.
pub fn check_writable(option: &str, path: &str, inputs: &[Named]) -> Result<()> {
    create_parent(path)?;
    outputs::check(&[Named::new(option, path)], inputs)
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
    crate::files::atomic::write(Path::new(path), text)
}
