//! Replaying stones from the empty board, with the one rule every reader of moves shares
//! (move lists, `--line`, SGF, game files) for a stone played after a win.
//!
//! Little Golem submits both stones of a turn at once, so its records (and the data set
//! converted from them) keep the second stone of the winning turn even when the first stone
//! made the line: game lg637009 ends `H8 A1`, H8 making six. The rule (docs/formats.md,
//! "Stones after a win"): the rest of the winning turn, if each stone is on the board and on
//! an empty point, is accepted and ignored, and the reader says so in a note; a stone beyond
//! the winning turn, or one off the board or on a taken point, is an error.

use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::notation::format_moves;
use crate::rules::Rules;

/// A replayed game: the position and the stones after the win that were ignored.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The position after the stones up to the winning one.
    pub position: Position,
    /// The rest of the winning turn, ignored (empty for most games).
    pub ignored: Vec<Cell>,
}

impl Replayed {
    /// The note a reader shows when stones were ignored, naming them.
    pub fn note(&self) -> Option<String> {
        (!self.ignored.is_empty()).then(|| ignored_note(self.position.rules(), &self.ignored))
    }
}

/// The note for `ignored` stones after a win.
pub fn ignored_note(rules: &Rules, ignored: &[Cell]) -> String {
    format!(
        "note: {} after the winning stone, in the same turn, ignored",
        format_moves(rules, ignored)
    )
}

/// Checks `rest`, the stones given after the winning stone of `pos` (the won position):
/// they must fit in the winner's turn, which had `room` stones left after the winning one,
/// and each must be on the board and on an empty point. Nothing is played.
pub fn check_after_win(pos: &Position, rest: &[Cell], room: usize) -> Result<()> {
    let rules = *pos.rules();
    if rest.len() > room {
        let winner = pos
            .winner()
            .map_or("the winner".to_string(), |w| w.to_string());
        return Err(Error::IllegalMove(format!(
            "{} is played after {winner} already made {} in a row",
            crate::notation::format_point(&rules, rest[room]),
            rules.k
        )));
    }
    if let Some(&c) = rest
        .iter()
        .find(|&&c| c as usize >= rules.cells() || !pos.is_empty(c))
    {
        return Err(Error::IllegalMove(format!(
            "{} (after the winning stone) is off the board or taken",
            crate::notation::format_point(&rules, c)
        )));
    }
    Ok(())
}

/// Replays `moves` from the empty board under the rule above.
pub fn replay(rules: Rules, moves: &[Cell]) -> Result<Replayed> {
    let mut pos = Position::new(rules);
    for (i, &cell) in moves.iter().enumerate() {
        // The stones the mover has left in this turn after this one.
        let room = (pos.stones_left() as usize).saturating_sub(1);
        pos.try_play(cell)?;
        if pos.winner().is_some() && i + 1 < moves.len() {
            check_after_win(&pos, &moves[i + 1..], room)?;
            return Ok(Replayed {
                position: pos,
                ignored: moves[i + 1..].to_vec(),
            });
        }
    }
    Ok(Replayed {
        position: pos,
        ignored: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;

    /// Black makes six with O10 and the record goes on with P10, the rest of its turn.
    const SIX_THEN_STRAY: &str = "J10 A1 C1 K10 L10 A3 C3 M10 N10 A5 C5 O10 P10";

    #[test]
    fn the_rest_of_the_winning_turn_is_ignored_with_a_note() {
        let r = Rules::connect6();
        let played = replay(r, &parse_moves(&r, SIX_THEN_STRAY).unwrap()).unwrap();
        assert_eq!(played.position.winner(), Some(crate::rules::Color::Black));
        assert_eq!(played.ignored, parse_moves(&r, "P10").unwrap());
        assert_eq!(
            played.note().unwrap(),
            "note: P10 after the winning stone, in the same turn, ignored"
        );
        // Without the stray stone there is nothing to say.
        let clean = SIX_THEN_STRAY.trim_end_matches(" P10");
        assert!(
            replay(r, &parse_moves(&r, clean).unwrap())
                .unwrap()
                .note()
                .is_none()
        );
    }

    #[test]
    fn a_stone_beyond_the_winning_turn_or_on_a_taken_point_is_refused() {
        let r = Rules::connect6();
        let more = parse_moves(&r, &format!("{SIX_THEN_STRAY} Q10")).unwrap();
        let e = replay(r, &more).unwrap_err().to_string();
        assert_eq!(
            e,
            "illegal move: Q10 is played after Black already made 6 in a row"
        );
        let taken = parse_moves(&r, &SIX_THEN_STRAY.replace("P10", "A1")).unwrap();
        let e = replay(r, &taken).unwrap_err().to_string();
        assert!(
            e.contains("A1 (after the winning stone) is off the board or taken"),
            "{e}"
        );
    }

    #[test]
    fn a_line_drops_the_same_stone() {
        let r = Rules::connect6();
        let before = SIX_THEN_STRAY.trim_end_matches(" O10 P10");
        let pos = Position::from_moves(r, &parse_moves(&r, before).unwrap()).unwrap();
        let line = crate::verify::parse_line(&r, "O10 P10").unwrap();
        let played = crate::verify::check_line(&pos, &line).unwrap();
        assert_eq!(played, vec![parse_moves(&r, "O10").unwrap()]);
        let line = crate::verify::parse_line(&r, "O10 P10 Q10").unwrap();
        assert!(crate::verify::check_line(&pos, &line).is_err());
    }
}
