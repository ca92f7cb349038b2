//! Checking every file a command will write before it does any work: a solve of hours must
//! not end in "cannot write", nor write its certificate over its own table file.
//!
//! [`check`] refuses, with one line, an output whose directory is missing or not writable,
//! an output that is a directory, a device or a pipe, and an output that is the same file as
//! one of the command's inputs (its position file, its table file or that file's checkpoint)
//! or as another of its outputs. "The same file" is decided on the files themselves (device
//! and inode) for files that exist and on canonical paths for those not yet written, so
//! `./x`, `dir/../x` and a symbolic link to `x` are all `x`.

use super::atomic::temp_path;
use crate::error::{Error, Result};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// A file a command names: what it is (an option, "the --tt table file") and its path.
#[derive(Debug, Clone, Copy)]
pub struct Named<'a> {
    /// How the file is named in messages: `--proof`, `the --tt table file`.
    pub what: &'a str,
    /// The path as given.
    pub path: &'a Path,
}

impl<'a> Named<'a> {
    /// A file named `what` at `path`.
    pub fn new(what: &'a str, path: &'a (impl AsRef<Path> + ?Sized)) -> Named<'a> {
        Named {
            what,
            path: path.as_ref(),
        }
    }
}

/// A file's identity: its device and inode when it exists, else its canonical path.
#[derive(Debug, PartialEq, Eq)]
enum Identity {
    Inode(u64, u64),
    Path(PathBuf),
}

fn identity(path: &Path) -> Option<Identity> {
    if let Ok(meta) = std::fs::metadata(path) {
        return Some(Identity::Inode(meta.dev(), meta.ino()));
    }
    let dir = std::fs::canonicalize(parent(path)).ok()?;
    Some(Identity::Path(dir.join(path.file_name()?)))
}

/// The directory `path` is written in.
fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Checks that each of `outputs` can be written and is none of `inputs` and no other output
/// (see the module notes). Writes nothing but a probe file beside each output, removed at once.
pub fn check(outputs: &[Named], inputs: &[Named]) -> Result<()> {
    let mut seen: Vec<(Named, Option<Identity>)> =
        inputs.iter().map(|n| (*n, identity(n.path))).collect();
    for out in outputs {
        writable(out)?;
        let id = identity(out.path);
        if let Some((other, _)) = seen.iter().find(|(_, o)| id.is_some() && *o == id) {
            return Err(Error::Option(format!(
                "{} {}: the same file as {} {}",
                out.what,
                out.path.display(),
                other.what,
                other.path.display()
            )));
        }
        seen.push((*out, id));
    }
    Ok(())
}

/// Refuses an output that is not a regular file (or not there yet) in a writable directory.
fn writable(out: &Named) -> Result<()> {
    let fail = |why: String| {
        Error::Io(format!(
            "cannot write {} ({}): {why}",
            out.path.display(),
            out.what
        ))
    };
    if out.path.as_os_str().is_empty() {
        return Err(Error::Option(format!("{}: an empty file name", out.what)));
    }
    match std::fs::metadata(out.path) {
        Ok(m) if m.is_dir() => return Err(fail("it is a directory".into())),
        Ok(m) if !m.is_file() => {
            return Err(fail("not a regular file (a device or a pipe)".into()));
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(fail(e.to_string())),
    }
    let dir = parent(out.path);
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => return Err(fail(format!("{} is not a directory", dir.display()))),
        Err(_) => return Err(fail(format!("no directory {}", dir.display()))),
    }
    // Whether the directory takes a new file is known only by making one: permissions,
    // read-only mounts and access-control lists all decide.
    let probe = temp_path(out.path);
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|e| fail(format!("cannot create a file in {}: {e}", dir.display())))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(outputs: &[Named], inputs: &[Named]) -> String {
        check(outputs, inputs).unwrap_err().to_string()
    }

    #[test]
    fn outputs_are_refused_before_any_work() {
        let dir = std::env::temp_dir().join(format!("c6solve-outputs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tt = dir.join("t.tt");
        std::fs::write(&tt, "table").unwrap();
        let ck = dir.join("t.tt.ckpt");
        let fresh = dir.join("x.cert");
        let inputs = [
            Named::new("the --tt table file", &tt),
            Named::new("its checkpoint", &ck),
        ];
        assert!(check(&[Named::new("--proof", &fresh)], &inputs).is_ok());
        let via_dots = dir.join("sub/../t.tt");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        assert!(
            err(&[Named::new("--proof", &via_dots)], &inputs)
                .contains("the same file as the --tt table file")
        );
        // A checkpoint not yet written is still the checkpoint.
        assert!(
            err(&[Named::new("--sgf-out", &ck)], &inputs)
                .contains("the same file as its checkpoint")
        );
        let two = [
            Named::new("--proof", &fresh),
            Named::new("--sgf-out", &fresh),
        ];
        assert!(
            err(&two, &[]).contains("--sgf-out") && err(&two, &[]).contains("same file as --proof")
        );
        assert!(
            err(&[Named::new("--proof", "/nonexistent/dir/x")], &[])
                .contains("no directory /nonexistent/dir")
        );
        assert!(err(&[Named::new("--proof", &dir)], &[]).contains("is a directory"));
        assert!(err(&[Named::new("--svg", "/dev/null")], &[]).contains("not a regular file"));
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "no probe left");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
