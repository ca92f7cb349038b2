//! Reading an input file with a size limit per kind of file (docs/formats.md, "Size limits").
//!
//! Every file c6solve reads goes through [`read`] (or [`open`] for a file decoded as it is
//! read): a regular file past its kind's limit is refused from its size alone, before any
//! byte is read; anything else (a pipe, `/dev/zero`, `/dev/urandom`) is read up to one byte
//! past the limit and then refused. So memory stays within the limit on any input, and an
//! endless one is refused in the time it takes to read the limit (milliseconds for the text
//! formats).

use crate::error::{Error, Result};
use std::fs::File;
use std::io::{ErrorKind, Read};
use std::path::Path;

const MIB: u64 = 1 << 20;

/// What a file holds, which sets the most bytes c6solve reads of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An SGF record (`--sgf`): Little Golem's records are a few KiB.
    Sgf,
    /// An ASCII diagram (`--position`): a 19x19 diagram is under 2 KiB.
    Diagram,
    /// A puzzle suite file (`puzzles`).
    Puzzles,
    /// A file of games, one a line (`harvest --games`, `verify --games`).
    Games,
    /// A proof certificate (`check`, `show --proof`, the small-boards table's certificates).
    Certificate,
    /// A checkpoint beside a table file (`FILE.ckpt`).
    Checkpoint,
    /// A JSON file of the small-boards table or a ledger of parts.
    Ledger,
}

impl Kind {
    /// The most bytes read of a file of this kind.
    pub const fn limit(self) -> u64 {
        match self {
            Kind::Sgf => 4 * MIB,
            Kind::Diagram => MIB,
            Kind::Puzzles => 16 * MIB,
            Kind::Games => 64 * MIB,
            Kind::Certificate => 4096 * MIB,
            Kind::Checkpoint => 16 * MIB,
            Kind::Ledger => 256 * MIB,
        }
    }

    /// The kind's name in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Sgf => "an SGF file",
            Kind::Diagram => "a diagram",
            Kind::Puzzles => "a puzzle file",
            Kind::Games => "a file of games",
            Kind::Certificate => "a certificate",
            Kind::Checkpoint => "a checkpoint",
            Kind::Ledger => "a JSON table or ledger",
        }
    }

    /// The error of a file past the limit.
    fn too_large(self) -> std::io::Error {
        std::io::Error::new(
            ErrorKind::InvalidData,
            format!(
                "larger than the {} MiB c6solve reads of {}",
                self.limit() / MIB,
                self.name()
            ),
        )
    }
}

/// A reader that fails with `Kind::too_large`'s error once more than the limit is read.
pub struct Limited<R> {
    inner: R,
    left: u64,
    kind: Kind,
}

impl<R: Read> Read for Limited<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        // One byte past the limit is asked for, so a file of exactly the limit passes.
        let want = buf
            .len()
            .min(usize::try_from(self.left.saturating_add(1)).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..want])?;
        if n as u64 > self.left {
            return Err(self.kind.too_large());
        }
        self.left -= n as u64;
        Ok(n)
    }
}

/// Opens `path` to be read as a `kind`: a regular file past the limit is refused at once, any
/// other file fails as soon as more than the limit is read from it.
pub fn open(path: &Path, kind: Kind) -> std::io::Result<Limited<File>> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(std::io::Error::new(
            ErrorKind::InvalidInput,
            "is a directory",
        ));
    }
    if meta.is_file() && meta.len() > kind.limit() {
        return Err(kind.too_large());
    }
    Ok(Limited {
        inner: file,
        left: kind.limit(),
        kind,
    })
}

/// The bytes of `path`, read as a `kind` (see the module notes). The error keeps the
/// I/O error's kind, so a caller can tell a missing file apart.
pub fn read(path: &Path, kind: Kind) -> std::io::Result<Vec<u8>> {
    let mut input = open(path, kind)?;
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// [`read`] as UTF-8 text (invalid UTF-8 is an `InvalidData` error).
pub fn read_text_io(path: &Path, kind: Kind) -> std::io::Result<String> {
    String::from_utf8(read(path, kind)?)
        .map_err(|_| std::io::Error::new(ErrorKind::InvalidData, "not a text file"))
}

/// The text of `path`, read as a `kind`: one-line errors naming the file.
pub fn read_text(path: &str, kind: Kind) -> Result<String> {
    let bytes =
        read(Path::new(path), kind).map_err(|e| Error::Io(format!("cannot read {path}: {e}")))?;
    String::from_utf8(bytes).map_err(|_| Error::Io(format!("{path} is not a text file")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn an_endless_device_is_refused_at_the_limit() {
        let start = Instant::now();
        let e = read(Path::new("/dev/zero"), Kind::Sgf).unwrap_err();
        assert!(e.to_string().contains("larger than the 4 MiB"), "{e}");
        assert!(start.elapsed().as_secs_f64() < 1.0);
    }

    #[test]
    fn a_large_regular_file_is_refused_from_its_size() {
        let p = std::env::temp_dir().join(format!("c6solve-bounded-{}.sgf", std::process::id()));
        let f = File::create(&p).unwrap();
        // A sparse file: its size is past the limit without writing the bytes.
        f.set_len(Kind::Diagram.limit() + 1).unwrap();
        let e = read(&p, Kind::Diagram).unwrap_err();
        assert!(e.to_string().contains("1 MiB"), "{e}");
        f.set_len(Kind::Diagram.limit()).unwrap();
        assert_eq!(
            read(&p, Kind::Diagram).unwrap().len() as u64,
            Kind::Diagram.limit()
        );
        std::fs::remove_file(&p).unwrap();
    }

    #[test]
    fn missing_files_and_directories_say_so() {
        let e = read(Path::new("/nonexistent/x"), Kind::Sgf).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotFound);
        let e = read_text("/tmp", Kind::Sgf).unwrap_err();
        assert_eq!(e.to_string(), "cannot read /tmp: is a directory");
    }
}
