//! The one writer of every file the user names (`--proof`, `--sgf-out`, `--svg`, `--out`,
//! `--report`, the suites and tables): a run killed at any moment leaves either the old file
//! or the new one whole under the real name, never half a file.
//!
//! The bytes go to a temporary file in the same directory (`.NAME.PID.tmp`, so the rename
//! stays on one file system), which is synced, renamed over `path` and followed by a sync of
//! the directory, so the rename itself survives a crash. A failed write removes the
//! temporary file and leaves `path` as it was.

use crate::error::{Error, Result};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The temporary file beside `path` that [`write_with`] writes before renaming it.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes `path` atomically with what `fill` writes into the buffered writer it is given;
/// returns what `fill` returned. Errors name the file.
pub fn write_with<T>(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<T>,
) -> Result<T> {
    let tmp = temp_path(path);
    let done = write_temp(&tmp, fill).and_then(|v| {
        std::fs::rename(&tmp, path)?;
        sync_dir(path)?;
        Ok(v)
    });
    done.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::Io(format!("cannot write {}: {e}", path.display()))
    })
}

/// Writes `bytes` to `path` atomically.
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    write_with(path, |w| w.write_all(bytes.as_ref()))
}

fn write_temp<T>(
    tmp: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<T>,
) -> std::io::Result<T> {
    let file = File::create(tmp)?;
    let mut out = BufWriter::new(file);
    let v = fill(&mut out)?;
    let file = out.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    Ok(v)
}

/// Syncs the directory holding `path`, so a rename into it is on disk.
fn sync_dir(path: &Path) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_keeps_the_old_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("c6solve-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("out.txt");
        write(&p, "old").unwrap();
        let e = write_with(&p, |w| {
            w.write_all(b"half")?;
            Err::<(), _>(std::io::Error::other("disk full"))
        })
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("cannot write {}: disk full", p.display())
        );
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "old");
        write(&p, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary left"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_directory_is_one_line() {
        let e = write(Path::new("/nonexistent/dir/x.cert"), "x").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("cannot write /nonexistent/dir/x.cert: "),
            "{e}"
        );
    }
}
