//! Where a row's ledger of parts is kept: a directory (one JSON file per row, one process at a
//! time) or a PostgreSQL database (any number of worker processes on any machines).

use std::fmt;
use std::path::PathBuf;

/// The `--by-parts` argument: a directory, or a `postgresql://` (or `postgres://`) URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LedgerAt {
    /// `DIR/m_n_k_p_q.json`, read and written whole by one process.
    Dir(PathBuf),
    /// A PostgreSQL database shared by the workers (see `ledger_pg`).
    Postgres(String),
}

impl LedgerAt {
    /// Reads a `--by-parts` argument: a URL when it starts with `postgresql://` or
    /// `postgres://`, a directory otherwise.
    pub fn parse(text: &str) -> LedgerAt {
        if text.starts_with("postgresql://") || text.starts_with("postgres://") {
            LedgerAt::Postgres(text.to_string())
        } else {
            LedgerAt::Dir(PathBuf::from(text))
        }
    }
}

impl fmt::Display for LedgerAt {
    /// The directory, or the URL with its password (if any) left out: the name is written
    /// into rows and progress lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LedgerAt::Dir(d) => write!(f, "{}", d.display()),
            LedgerAt::Postgres(url) => write!(f, "{}", without_password(url)),
        }
    }
}

/// `url` with the password of its user part replaced by `***`.
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    // The user part ends at the last '@' before the path.
    let end = rest.find('/').unwrap_or(rest.len());
    match rest[..end].rfind('@') {
        Some(at) => {
            let user = &rest[..at];
            let user = match user.split_once(':') {
                Some((name, _)) => format!("{name}:***"),
                None => user.to_string(),
            };
            format!("{scheme}://{user}{}", &rest[at..])
        }
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_directories_are_told_apart() {
        assert_eq!(
            LedgerAt::parse("results/parts"),
            LedgerAt::Dir(PathBuf::from("results/parts"))
        );
        assert!(matches!(
            LedgerAt::parse("postgresql://h/db"),
            LedgerAt::Postgres(_)
        ));
        assert!(matches!(
            LedgerAt::parse("postgres://h/db"),
            LedgerAt::Postgres(_)
        ));
    }

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(
            LedgerAt::parse("postgresql://me:secret@db.example/c6").to_string(),
            "postgresql://me:***@db.example/c6"
        );
        assert_eq!(
            without_password("postgresql://me@db/c6?host=/tmp"),
            "postgresql://me@db/c6?host=/tmp"
        );
        assert_eq!(without_password("postgresql:///c6"), "postgresql:///c6");
    }
}
