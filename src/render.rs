//! Boards for people: a terminal picture of a position with column labels on top and bottom
//! and row numbers on both sides (row n at the top, as a Go board is printed).
//!
//! Columns are labelled in Go style (`A`..`T` skipping `I`) on boards up to 25 columns wide and
//! with numbers `1..m` beyond, matching [`crate::notation::format_point`].

use crate::board::{Cell, Position};
use crate::notation::GO_COLUMNS;
use crate::rules::{Color, Rules};

/// The labels of the board's columns: Go letters, or 1-based numbers on wide boards.
pub(crate) fn column_labels(rules: &Rules) -> Vec<String> {
    if rules.width as usize <= GO_COLUMNS.len() {
        GO_COLUMNS[..rules.width as usize]
            .iter()
            .map(|&c| (c as char).to_string())
            .collect()
    } else {
        (1..=rules.width).map(|n| n.to_string()).collect()
    }
}

/// The line of column labels above and below a board: each label right-aligned in a field
/// of `field` characters, after `num_width` spaces for the row numbers.
pub(crate) fn label_line(labels: &[String], field: usize, num_width: usize) -> String {
    let mut line = " ".repeat(num_width);
    for l in labels {
        line.push_str(&format!("{l:>field$}"));
    }
    line.push('\n');
    line
}

/// Lays out a board: one character a point from `glyph`, labels on top and bottom, row numbers
/// on both sides, and the point `mark` (if any) in brackets, like `.(X).`.
pub(crate) fn grid(rules: &Rules, glyph: impl Fn(Cell) -> char, mark: Option<Cell>) -> String {
    let labels = column_labels(rules);
    let field = 1 + labels.iter().map(String::len).max().unwrap_or(1);
    let num_width = rules.height.to_string().len();
    let label_line = label_line(&labels, field, num_width);
    let mut out = label_line.clone();
    for y in (0..rules.height).rev() {
        out.push_str(&format!("{:>num_width$}", y + 1));
        let mut prev_marked = false;
        for x in 0..rules.width {
            let cell = y * rules.width + x;
            let marked = mark == Some(cell);
            let mut sep = vec![' '; field - 1];
            if prev_marked {
                sep[0] = ')';
            }
            if marked {
                sep[field - 2] = '(';
            }
            out.extend(sep);
            out.push(glyph(cell));
            prev_marked = marked;
        }
        out.push(if prev_marked { ')' } else { ' ' });
        out.push_str(&format!("{}\n", y + 1));
    }
    out.push_str(&label_line);
    out
}

/// The character for a stone: `X` black, `O` white.
pub(crate) fn stone_char(c: Color) -> char {
    match c {
        Color::Black => 'X',
        Color::White => 'O',
    }
}

/// A board for the terminal: `X` black, `O` white, `.` empty, `*` for empty points in
/// `highlight` (a best move, say; highlighted stones keep their letter), the last stone played
/// since the position was set up in brackets `(X)`, and a closing line saying who is to move
/// or how the game ended.
pub fn board_text(pos: &Position, highlight: &[Cell]) -> String {
    let glyph = |c: Cell| match pos.at(c) {
        Some(color) => stone_char(color),
        None if highlight.contains(&c) => '*',
        None => '.',
    };
    let mut out = grid(pos.rules(), glyph, pos.moves().last());
    out.push_str(&status_line(pos));
    out.push('\n');
    out
}

/// Who is to move and with how many stones, or how the game ended.
fn status_line(pos: &Position) -> String {
    if let Some(w) = pos.winner() {
        return format!("{w} has {} in a row", pos.rules().k);
    }
    if pos.empties() == 0 {
        return "the board is full: a draw".to_string();
    }
    let left = pos.stones_left();
    let plural = if left == 1 { "stone" } else { "stones" };
    format!("{} to move, {left} {plural} to place", pos.to_move())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;

    fn position(rules: Rules, moves: &str) -> Position {
        Position::from_moves(rules, &parse_moves(&rules, moves).unwrap()).unwrap()
    }

    #[test]
    fn small_board_with_highlight_and_last_move() {
        let r = Rules::new(5, 4, 4, 2, 1).unwrap();
        let pos = position(r, "A1 C2 E4");
        let best = parse_moves(&r, "B1 A1").unwrap();
        let expected = concat!(
            "  A B C D E\n",
            "4 . . . .(O)4\n",
            "3 . . . . . 3\n",
            "2 . . O . . 2\n",
            "1 X * . . . 1\n",
            "  A B C D E\n",
            "Black to move, 2 stones to place\n",
        );
        assert_eq!(board_text(&pos, &best), expected);
    }

    #[test]
    fn last_move_inside_a_row_and_two_digit_rows() {
        let r = Rules::new(3, 10, 3, 1, 1).unwrap();
        let pos = position(r, "B10 A1");
        let text = board_text(&pos, &[]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "   A B C");
        assert_eq!(lines[1], "10 . X . 10");
        assert_eq!(lines[10], " 1(O). . 1");
        assert_eq!(lines[12], "Black to move, 1 stone to place");
    }

    #[test]
    fn wide_boards_use_numeric_labels() {
        let r = Rules::new(30, 2, 5, 2, 1).unwrap();
        let pos = position(r, "27,2");
        let text = board_text(&pos, &[]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("   1  2  3"), "{text}");
        assert!(lines[0].ends_with("29 30"), "{text}");
        // Column 27 of the top row holds the stone, aligned under its label.
        let col = lines[0].find("27").unwrap() + 1;
        assert_eq!(&lines[1][col - 1..=col + 1], "(X)", "{text}");
        assert_eq!(lines[1].len(), lines[0].len() + 2);
    }

    #[test]
    fn status_lines() {
        let t = Rules::tictactoe();
        let won = position(t, "A1 B1 A2 B2 A3");
        assert!(board_text(&won, &[]).ends_with("Black has 3 in a row\n"));
        let full = position(t, "A1 B1 C1 B2 A2 A3 C3 C2 B3");
        assert!(board_text(&full, &[]).ends_with("the board is full: a draw\n"));
        let start = Position::new(Rules::connect6());
        let text = board_text(&start, &[]);
        assert!(text.ends_with("Black to move, 1 stone to place\n"));
        assert_eq!(text.lines().count(), 19 + 3);
        assert!(!text.contains('('));
    }
}
