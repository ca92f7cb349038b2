//! Where a position comes from: a move list, an SGF file, a diagram, the empty board, or
//! the built-in default puzzle. The CLI's `--moves`, `--sgf` and `--position` end up here.

use crate::board::Position;
use crate::error::{Error, Result};
pub use crate::files::bounded::Kind;
use crate::notation::{diagram, parse_moves, replay, sgf};
use crate::rules::Rules;

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

/// Loads a position, printing on stderr the notes [`load_noted`] gives (stones after a win
/// ignored, SGF variations left out): the position is then not all the input said.
pub fn load(rules: Option<Rules>, source: &Source) -> Result<Position> {
    let (pos, notes) = load_noted(rules, source)?;
    for note in notes {
        eprintln!("c6solve: {note}");
    }
    Ok(pos)
}

/// Loads a position. `rules` is what the user gave with `--rules`, if anything; a diagram
/// may carry its own rules, which must then agree. Also returns notes on what of the input
/// was left out under the documented rules ([`replay`]; SGF variations, see
/// [`sgf::parse_sgf_noted`]). An empty move list is refused: it is almost always a mistake,
/// and the empty board has its own way in (`--rules` alone).
pub fn load_noted(rules: Option<Rules>, source: &Source) -> Result<(Position, Vec<String>)> {
    let r = rules.unwrap_or_else(Rules::connect6);
    let replayed = |moves: &[crate::board::Cell], mut notes: Vec<String>| {
        let played = replay::replay(r, moves)?;
        notes.extend(played.note());
        Ok((played.position, notes))
    };
    match source {
        Source::Moves(text) if text.trim().is_empty() => Err(Error::Option(
            "--moves '': no stones given (for the empty board give --rules alone)".into(),
        )),
        Source::Moves(text) => replayed(&parse_moves(&r, text)?, Vec::new()),
        Source::Sgf(path) => {
            let text = read(path, Kind::Sgf)?;
            let (moves, note) = sgf::parse_sgf_noted(&r, &text)
                .map_err(|e| Error::Sgf(format!("{path}: {}", sgf_reason(&e))))?;
            replayed(&moves, note.into_iter().collect())
        }
        Source::Diagram(path) => {
            let d = diagram::parse_diagram(&read(path, Kind::Diagram)?, &r)?;
            if let (Some(given), Some(own)) = (rules, d.rules)
                && given != own
            {
                return Err(Error::Position(format!(
                    "{path} is for rules {own} but --rules says {given}"
                )));
            }
            Ok((d.position(&r)?, Vec::new()))
        }
        Source::Empty => Ok((Position::new(r), Vec::new())),
        Source::Default => {
            let c6 = Rules::connect6();
            Ok((
                Position::from_moves(c6, &parse_moves(&c6, DEFAULT_MOVES)?)?,
                Vec::new(),
            ))
        }
    }
}

/// An SGF error's reason without its "bad SGF: " lead, to put the file's name before it.
fn sgf_reason(e: &Error) -> String {
    match e {
        Error::Sgf(why) => why.clone(),
        other => other.to_string(),
    }
}

/// Reads a text file of `kind` within its size limit (see [`crate::files::bounded`]),
/// turning I/O failures into one-line errors that name the file.
pub fn read(path: &str, kind: Kind) -> Result<String> {
    crate::files::bounded::read_text(path, kind)
}
