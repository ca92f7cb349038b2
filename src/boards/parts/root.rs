//! The position a ledger of parts settles: a row's empty board (`table --by-parts`) or the
//! position after given moves (`solve --by-parts --moves`).

use super::ledger::position_after;
use crate::board::{Cell, Position};
use crate::boards::options::file_stem;
use crate::error::Result;
use crate::notation::format_moves;
use crate::rules::{Color, Rules};
use std::fmt;

/// The root of a ledger: its rules and the stones from the empty board to the position whose
/// value the parts compose. The side to move there (the *mover*) has its turns split into
/// parts; the opponent's claim at the root is one part solved whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Root {
    /// The rules.
    pub rules: Rules,
    /// The stones from the empty board (none for a row's empty board).
    pub cells: Vec<Cell>,
    /// The side to move at the root and the stones it has left in its turn (read once: the
    /// job order asks for them at every leaf).
    to_move: Color,
    stones_left: u16,
}

impl Root {
    /// The empty board of `rules`: a table row.
    pub fn empty(rules: Rules) -> Root {
        let pos = Position::new(rules);
        Root {
            rules,
            cells: Vec::new(),
            to_move: pos.to_move(),
            stones_left: pos.stones_left(),
        }
    }

    /// The position after `moves` (Go-style points from the empty board), which must be legal
    /// and not over, and where the side to move cannot complete a line with the stones of its
    /// turn (there is nothing to split: the plain solve proves it at once).
    pub fn after(rules: Rules, moves: &str) -> Result<Root> {
        let (cells, pos) = position_after(&rules, moves)?;
        if crate::threats::can_win_with(&pos, pos.to_move(), pos.stones_left()) {
            return Err(crate::error::Error::IllegalMove(format!(
                "{moves}: {} wins at once there (solve it without --by-parts)",
                pos.to_move()
            )));
        }
        Ok(Root {
            rules,
            cells,
            to_move: pos.to_move(),
            stones_left: pos.stones_left(),
        })
    }

    /// [`Root::after`] the stones `cells`.
    pub fn after_cells(rules: Rules, cells: &[Cell]) -> Result<Root> {
        Root::after(rules, &format_moves(&rules, cells))
    }

    /// True for a row's empty board.
    pub fn is_empty_board(&self) -> bool {
        self.cells.is_empty()
    }

    /// The root position.
    pub fn position(&self) -> Position {
        let mut pos = Position::new(self.rules);
        for &c in &self.cells {
            pos.play(c);
        }
        pos
    }

    /// The root's stones as Go-style points ("" for the empty board).
    pub fn moves(&self) -> String {
        format_moves(&self.rules, &self.cells)
    }

    /// The side to move at the root, whose turns are the root's parts: Black on the empty
    /// board.
    pub fn mover(&self) -> Color {
        self.to_move
    }

    /// True when the opponent's claim at the root (it forces a win) takes a part: always but
    /// on an empty board with q = p, where strategy stealing refutes it (see
    /// `search::second_player_cannot_win`).
    pub fn needs_opponent_part(&self) -> bool {
        !(self.is_empty_board() && self.rules.q == self.rules.p)
    }

    /// How many stones from the empty board a position right after the mover's turn at the
    /// root has: the root's stones and the ones the mover has left in its turn.
    pub fn first_turn_len(&self) -> usize {
        self.cells.len() + self.stones_left as usize
    }

    /// The ledger's name for the root: `m,n,k,p,q`, or `m,n,k,p,q@MOVES` after moves (the
    /// key of its rows in a PostgreSQL ledger, and what a directory ledger's file records).
    pub fn key(&self) -> String {
        if self.is_empty_board() {
            self.rules.to_string()
        } else {
            format!("{}@{}", self.rules, self.moves())
        }
    }

    /// The stem of the root's files: `m_n_k_p_q`, or `m_n_k_p_q@D4-E5` after moves (shortened
    /// by [`file_name`] after many moves).
    pub fn stem(&self) -> String {
        if self.is_empty_board() {
            file_stem(&self.rules)
        } else {
            file_name(format!(
                "{}@{}",
                file_stem(&self.rules),
                self.moves().replace(' ', "-")
            ))
        }
    }
}

/// Longest name [`file_name`] keeps as it is, in bytes (a file name may have 255).
const LONGEST_NAME: usize = 160;

/// `name` as a file name: as it is up to [`LONGEST_NAME`] bytes, else its first 100 bytes,
/// `~` and the first 16 hex digits of its SHA-256, so that the moves of a long position
/// still make a file name, one per position. Names are ASCII (points, digits, `-`, `@`, `_`).
pub(super) fn file_name(name: String) -> String {
    if name.len() <= LONGEST_NAME || !name.is_ascii() {
        return name;
    }
    let digest = crate::boards::backing::sha256_hex(name.as_bytes());
    format!("{}~{}", &name[..100], &digest[..16])
}

impl fmt::Display for Root {
    /// `m,n,k,p,q`, or `m,n,k,p,q after MOVES`: how progress lines name the root.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty_board() {
            write!(f, "{}", self.rules)
        } else {
            write!(f, "{} after {}", self.rules, self.moves())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_board_keeps_the_rows_names() {
        let rules = Rules::parse("8,8,5,1,1").unwrap();
        let root = Root::empty(rules);
        assert_eq!(root.key(), "8,8,5,1,1");
        assert_eq!(root.stem(), "8_8_5_1_1");
        assert_eq!(root.mover(), Color::Black);
        assert!(!root.needs_opponent_part(), "q = p: strategy stealing");
        assert_eq!(root.first_turn_len(), 1);
    }

    #[test]
    fn a_position_is_named_by_its_moves() {
        let rules = Rules::parse("6,6,4,2,1").unwrap();
        let root = Root::after(rules, "C3 D4").unwrap();
        assert_eq!(root.key(), "6,6,4,2,1@C3 D4");
        assert_eq!(root.stem(), "6_6_4_2_1@C3-D4");
        assert_eq!(root.to_string(), "6,6,4,2,1 after C3 D4");
        // White's turn half played: one White stone is left.
        assert_eq!(root.mover(), Color::White);
        assert_eq!(root.first_turn_len(), 3);
        assert!(root.needs_opponent_part());
        assert!(Root::after(rules, "C3 C3").is_err());
        // Black completes four (B3 or F3 beside C3 D3 E3): nothing to split.
        let e = Root::after(rules, "C3 A1 A6 D3 E3 F1 F6")
            .unwrap_err()
            .to_string();
        assert!(e.contains("Black wins at once"), "{e}");
    }

    #[test]
    fn a_long_position_still_has_a_file_name_of_its_own() {
        let rules = Rules::parse("19,19,6,2,1").unwrap();
        let stones = |n: usize| {
            (0..n)
                .map(|i| crate::point::format_point(&rules, (i * 7 % 361) as Cell))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let (a, b) = (stones(61), stones(63));
        let (a, b) = (
            Root::after(rules, &a).unwrap(),
            Root::after(rules, &b).unwrap(),
        );
        assert!(a.stem().len() <= LONGEST_NAME && b.stem().len() <= LONGEST_NAME);
        assert_ne!(a.stem(), b.stem());
        assert!(a.stem().starts_with("19_19_6_2_1@A1-"), "{}", a.stem());
        assert_eq!(file_name("short".into()), "short");
    }
}
