//! The one error type of the library: every message is a single line meant for a person.

use thiserror::Error;

/// What went wrong with input or files. Each variant's message names the problem in one line.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// Rules that cannot be played (`p = 0`, sizes out of range, unparseable text).
    #[error("bad rules: {0}")]
    Rules(String),
    /// A point that does not parse or lies off the board.
    #[error("bad point: {0}")]
    Point(String),
    /// A move that the rules do not allow (point taken, game already over).
    #[error("illegal move: {0}")]
    IllegalMove(String),
    /// A position that no legal game reaches, or a diagram that does not parse.
    #[error("bad position: {0}")]
    Position(String),
    /// An SGF record that does not parse.
    #[error("bad SGF: {0}")]
    Sgf(String),
    /// A table file that cannot be trusted (other rules, version, size; damaged).
    #[error("bad table file: {0}")]
    Table(String),
    /// A checkpoint that cannot be trusted or does not belong to this solve.
    #[error("bad checkpoint: {0}")]
    Checkpoint(String),
    /// A puzzle file that does not parse; the message starts with `FILE:LINE:`.
    #[error("bad puzzle file: {0}")]
    Puzzle(String),
    /// Any other bad option value.
    #[error("bad option: {0}")]
    Option(String),
    /// A file that cannot be read or written.
    #[error("{0}")]
    Io(String),
}

/// Shorthand for results carrying [`enum@Error`].
pub type Result<T> = std::result::Result<T, Error>;
