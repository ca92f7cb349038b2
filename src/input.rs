//! Where a position comes from: a move list, an SGF file, a diagram, the empty board, or
//! the built-in default puzzle. The CLI's `--moves`, `--sgf` and `--position` end up here.

use crate::board::Position;
use crate::error::{Error, Result};
use crate::notation::{diagram, parse_moves, sgf};
use crate::rules::Rules;
use std::path::Path;

/// The built-in default: a Connect6 kill from a real Little Golem game.
pub const DEFAULT_NAME: &str = "lg1813145";
/// Where [`DEFAULT_NAME`] comes from and what it is.
pub const DEFAULT_DESCRIPTION: &str = "Connect6, Little Golem game lg1813145, three turns \
    before Black made six: Black to move and win";
/// The default's moves in Go-style points, turns separated by spaces.
pub const DEFAULT_MOVES: &str =
    "K10 J9 L9 K9 J7 K8 L7 L8 M6 J10 N6 G11 G9 F10 G12 G6 J6 H6 G7 K7 H5 G4 M9";

/// A position source as the user gave it.
#[derive(Debug, Clone)]
pub enum Source {
    /// Single stones in play order, Go-style or `x,y` points.
    Moves(String),
    /// An SGF file (Little Golem or one stone a node).
    Sgf(String),
    /// An ASCII diagram file (see [`diagram`]).
    Diagram(String),
    /// The empty board of the rules.
    Empty,
    /// The built-in default puzzle (Connect6 only).
    Default,
}

/// Loads a position. `rules` is what the user gave with `--rules`, if anything; a diagram
/// may carry its own rules, which must then agree.
pub fn load(rules: Option<Rules>, source: &Source) -> Result<Position> {
    let r = rules.unwrap_or_else(Rules::connect6);
    match source {
        Source::Moves(text) => Position::from_moves(r, &parse_moves(&r, text)?),
        Source::Sgf(path) => {
            let text = read(path)?;
            sgf::replay_record(r, &sgf::parse_sgf(&r, &text)?)
        }
        Source::Diagram(path) => {
            let d = diagram::parse_diagram(&read(path)?, &r)?;
            if let (Some(given), Some(own)) = (rules, d.rules)
                && given != own
            {
                return Err(Error::Position(format!(
                    "{path} is for rules {own} but --rules says {given}"
                )));
            }
            d.position(&r)
        }
        Source::Empty => Ok(Position::new(r)),
        Source::Default => {
            let c6 = Rules::connect6();
            Position::from_moves(c6, &parse_moves(&c6, DEFAULT_MOVES)?)
        }
    }
}

/// Reads a text file, turning I/O failures into one-line errors that name the file.
pub fn read(path: &str) -> Result<String> {
    let p = Path::new(path);
    let bytes = std::fs::read(p).map_err(|e| Error::Io(format!("cannot read {path}: {e}")))?;
    String::from_utf8(bytes).map_err(|_| Error::Io(format!("{path} is not a text file")))
}
