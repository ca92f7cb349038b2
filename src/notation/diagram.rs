//! ASCII diagrams of positions, as read by `--position FILE` and written by [`write_diagram`].
//!
//! # Format
//! ```text
//! # A comment: '#' starts a comment anywhere on a line.
//! rules: 19,19,6,2,1      optional; m,n,k,p,q or a preset name (connect6, gomoku, tictactoe)
//! to-move: black          optional; black/white (also b/w, x/o)
//! stones-left: 2          optional; needs to-move
//!    A B C D E ...        optional column labels, on top and/or bottom
//! 19 . . . X O ... 19     one line per row, row n (the top) first
//! ...
//!  1 . . . . . ...  1
//! ```
//! - **Points**: `X` `x` `B` `●` black; `O` `o` `W` `○` white; `.` `+` `-` empty. Spaces between
//!   points are optional (`..XO.` is a row of five).
//! - **Rows** run from the top (row n) to the bottom (row 1). A row number may stand at either
//!   end or both; when present it must be the row's number.
//! - **Column labels** are optional: a line starting with `A`, as the Go-style labels
//!   `A B C ...` (no `I`); on boards wider than 25 columns the labels are the numbers `1 2 ... m`.
//!   When present they must be the board's labels.
//! - **Headers** are `key: value` lines, each at most once, anywhere in the file.
//!   Without `rules:` the board must have the size of the rules given on the command line
//!   (the caller's default); with it, the board must match that line, and the caller decides
//!   whether it may differ from other rules it was given.
//! - **Side to move**: with `to-move` and `stones-left` both given, that is the state.
//!   With `to-move` alone, the stones left are those a game reaches with these counts when that
//!   side is to move in it, else a full turn (q on an empty board for Black, p otherwise).
//!   With neither, [`crate::Position::from_stones`] derives both from the stone counts, which
//!   must then be counts a game reaches (q Black, then p White, p Black, ...).

use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::render::{column_labels, grid, stone_char};
use crate::rules::{Color, Rules};

/// A parsed diagram: stones and what the headers said. Build the position with
/// [`Diagram::position`] (or [`Position::from_stones`] directly).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// The `rules:` line, if there was one.
    pub rules: Option<Rules>,
    /// Black stones, top row first, left to right.
    pub black: Vec<Cell>,
    /// White stones, top row first, left to right.
    pub white: Vec<Cell>,
    /// Side to move and stones left in its turn, if `to-move` was given.
    pub turn: Option<(Color, u16)>,
}

impl Diagram {
    /// The position the diagram describes, under its own rules line or else `default_rules`.
    pub fn position(&self, default_rules: &Rules) -> Result<Position> {
        let rules = self.rules.unwrap_or(*default_rules);
        Position::from_stones(rules, &self.black, &self.white, self.turn)
    }
}

fn diagram_err(line: usize, msg: impl std::fmt::Display) -> Error {
    Error::Position(format!("diagram line {line}: {msg}"))
}

/// The header lines of a diagram.
#[derive(Default)]
struct Headers {
    rules: Option<Rules>,
    to_move: Option<Color>,
    stones_left: Option<u16>,
    /// Line of the `stones-left` header, for its error message.
    stones_left_line: usize,
}

impl Headers {
    /// Reads one `key: value` line.
    fn read(&mut self, line: usize, key: &str, value: &str) -> Result<()> {
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim();
        let dup = || diagram_err(line, format!("'{key}' is given twice"));
        match key.as_str() {
            "rules" => {
                let r = Rules::parse(value).map_err(|e| diagram_err(line, e))?;
                self.rules.replace(r).map_or(Ok(()), |_| Err(dup()))
            }
            "to-move" => {
                let c = parse_color(value).ok_or_else(|| {
                    diagram_err(line, format!("to-move '{value}': expected black or white"))
                })?;
                self.to_move.replace(c).map_or(Ok(()), |_| Err(dup()))
            }
            "stones-left" => {
                let n = value
                    .parse::<u16>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| {
                        diagram_err(
                            line,
                            format!("stones-left '{value}': expected a number from 1"),
                        )
                    })?;
                self.stones_left_line = line;
                self.stones_left.replace(n).map_or(Ok(()), |_| Err(dup()))
            }
            _ => Err(diagram_err(
                line,
                format!("unknown header '{key}' (expected rules, to-move or stones-left)"),
            )),
        }
    }
}

fn parse_color(text: &str) -> Option<Color> {
    match text.to_ascii_lowercase().as_str() {
        "black" | "b" | "x" => Some(Color::Black),
        "white" | "w" | "o" => Some(Color::White),
        _ => None,
    }
}

/// The contents of a point character, or `None` if it is not one.
fn point_char(c: char) -> Option<Option<Color>> {
    match c {
        'X' | 'x' | 'B' | '●' => Some(Some(Color::Black)),
        'O' | 'o' | 'W' | '○' => Some(Some(Color::White)),
        '.' | '+' | '-' => Some(None),
        _ => None,
    }
}

/// True for a column-label line: Go letters start with `A`; numeric labels are digits only.
fn is_label_line(text: &str) -> bool {
    text.starts_with(['A', 'a'])
        || text
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace())
}

/// A board row as written: its line, points, and row numbers at either end.
struct Row {
    line: usize,
    points: Vec<Option<Color>>,
    numbers: [Option<u32>; 2],
}

/// Splits off row numbers at both ends and reads the points between.
fn parse_row(line: usize, text: &str) -> Result<Row> {
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).count();
    let lead = digits(text);
    let left = text[..lead].parse().ok();
    let rest = &text[lead..];
    let trail = rest.chars().rev().take_while(char::is_ascii_digit).count();
    let (body, tail) = rest.split_at(rest.len() - trail);
    let right = tail.parse().ok();
    let points = body
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            point_char(c).ok_or_else(|| {
                diagram_err(
                    line,
                    format!("unknown character '{c}' (black X x B ●, white O o W ○, empty . + -)"),
                )
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Row {
        line,
        points,
        numbers: [left, right],
    })
}

/// Checks a column-label line against the board's labels.
fn check_labels(rules: &Rules, line: usize, text: &str) -> Result<()> {
    let expected = column_labels(rules);
    let given: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if !given.eq_ignore_ascii_case(&expected.concat()) {
        return Err(diagram_err(
            line,
            format!(
                "column labels '{text}' are not those of a board {} wide ({} .. {})",
                rules.width,
                expected[0],
                expected[expected.len() - 1]
            ),
        ));
    }
    Ok(())
}

/// Checks that the rows form a board of the rules' size and carry the right row numbers.
fn check_shape(rows: &[Row], rules: &Rules, from_header: bool) -> Result<()> {
    let Some(first) = rows.first() else {
        return Err(Error::Position("diagram: no board rows found".into()));
    };
    let width = first.points.len();
    if let Some(r) = rows.iter().find(|r| r.points.len() != width) {
        return Err(diagram_err(
            r.line,
            format!(
                "ragged row: {} points, but the first row (line {}) has {width}",
                r.points.len(),
                first.line
            ),
        ));
    }
    let (w, h) = (rules.width as usize, rules.height as usize);
    if (width, rows.len()) != (w, h) {
        let source = if from_header {
            "its rules line"
        } else {
            "the rules"
        };
        return Err(Error::Position(format!(
            "diagram: the board is {width}x{} (columns x rows) but {source} {rules} \
             are for {w}x{h}",
            rows.len()
        )));
    }
    for (i, r) in rows.iter().enumerate() {
        let number = (h - i) as u32;
        if let Some(&n) = r.numbers.iter().flatten().find(|&&n| n != number) {
            return Err(diagram_err(
                r.line,
                format!("row labelled {n} is row {number} (rows run from {h} at the top to 1)"),
            ));
        }
    }
    Ok(())
}

/// Stones left for `color` to move when `to-move` is given without `stones-left`.
fn default_stones_left(rules: &Rules, color: Color, black: usize, white: usize) -> u16 {
    let played = black + white;
    let (c, left) = rules.turn_after(played);
    if rules.counts_after(played) == (black, white) && c == color {
        left
    } else if played == 0 && color == Color::Black {
        rules.q
    } else {
        rules.p
    }
}

/// Parses a diagram (format in the [module docs](self)). Without a `rules:` line the board must
/// have the size of `default_rules`. Errors are one line, [`Error::Position`], naming the line.
pub fn parse_diagram(text: &str, default_rules: &Rules) -> Result<Diagram> {
    let mut headers = Headers::default();
    let mut labels = Vec::new();
    let mut rows = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        if let Some((key, value)) = content.split_once(':') {
            headers.read(line, key, value)?;
        } else if is_label_line(content) {
            labels.push((line, content));
        } else {
            rows.push(parse_row(line, content)?);
        }
    }
    let rules = headers.rules.unwrap_or(*default_rules);
    for &(line, text) in &labels {
        check_labels(&rules, line, text)?;
    }
    check_shape(&rows, &rules, headers.rules.is_some())?;
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (i, row) in rows.iter().enumerate() {
        let y = rules.height - 1 - i as u16;
        for (x, p) in row.points.iter().enumerate() {
            let cell = y * rules.width + x as u16;
            match p {
                Some(Color::Black) => black.push(cell),
                Some(Color::White) => white.push(cell),
                None => {}
            }
        }
    }
    let turn = match (headers.to_move, headers.stones_left) {
        (Some(c), Some(n)) => Some((c, n)),
        (Some(c), None) => Some((c, default_stones_left(&rules, c, black.len(), white.len()))),
        (None, Some(_)) => {
            return Err(diagram_err(
                headers.stones_left_line,
                "stones-left needs a to-move line too",
            ));
        }
        (None, None) => None,
    };
    Ok(Diagram {
        rules: headers.rules,
        black,
        white,
        turn,
    })
}

/// Writes a position as a diagram with its rules, side to move, stones left, column labels and
/// row numbers; [`parse_diagram`] reads it back to the same stones and turn.
pub fn write_diagram(pos: &Position) -> String {
    let rules = pos.rules();
    let glyph = |c: Cell| pos.at(c).map_or('.', stone_char);
    format!(
        "# c6solve diagram: X black, O white, . empty; row {} at the top\n\
         rules: {rules}\nto-move: {}\nstones-left: {}\n{}",
        rules.height,
        pos.to_move().name(),
        pos.stones_left(),
        grid(rules, glyph, None)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;

    fn cells(rules: &Rules, text: &str) -> Vec<Cell> {
        let mut v = parse_moves(rules, text).unwrap();
        v.sort_by_key(|&c| (std::cmp::Reverse(c / rules.width), c % rules.width));
        v
    }

    fn err(text: &str, rules: &Rules) -> String {
        match parse_diagram(text, rules) {
            Err(Error::Position(msg)) => {
                assert!(!msg.contains('\n'), "multi-line message: {msg}");
                msg
            }
            other => panic!("expected a diagram error for {text:?}, got {other:?}"),
        }
    }

    const SMALL: &str = "\
# Connect(5,4,4,2,1), black to place one more stone
rules: 5,4,4,2,1
to-move: Black
stones-left: 1
   A B C D E
 4 . . . . O  4
 3 . X + x .  # a comment after a row
 2 - ○ . . .
   ..●..
   A B C D E
";

    #[test]
    fn reads_every_feature() {
        let d = parse_diagram(SMALL, &Rules::connect6()).unwrap();
        let r = Rules::new(5, 4, 4, 2, 1).unwrap();
        assert_eq!(d.rules, Some(r));
        assert_eq!(d.black, cells(&r, "B3 D3 C1"));
        assert_eq!(d.white, cells(&r, "E4 B2"));
        assert_eq!(d.turn, Some((Color::Black, 1)));
        let pos = d.position(&Rules::connect6()).unwrap();
        assert_eq!((pos.to_move(), pos.stones_left()), (Color::Black, 1));
        assert_eq!(pos.stone_counts(), (3, 2));
    }

    #[test]
    fn side_to_move_from_counts_or_to_move_alone() {
        let r = Rules::tictactoe();
        let d = parse_diagram("X . .\n. O .\n. . X\n", &r).unwrap();
        assert_eq!((d.rules, d.turn), (None, None));
        let pos = d.position(&r).unwrap();
        assert_eq!((pos.to_move(), pos.stones_left()), (Color::White, 1));
        // Counts no game reaches need to-move.
        let d = parse_diagram("XX.\n...\n...", &r).unwrap();
        assert!(d.position(&r).is_err());
        let d = parse_diagram("to-move: w\nXX.\n...\n...", &r).unwrap();
        assert_eq!(d.turn, Some((Color::White, 1)));
        assert!(d.position(&r).is_ok());
        // Connect6: after K10 and one White stone, White still has one stone to place.
        let c6 = Rules::connect6();
        let mut board = vec![vec!['.'; 19]; 19];
        board[9][9] = 'X';
        board[8][9] = 'O';
        let rows: Vec<String> = board.iter().map(|r| r.iter().collect()).collect();
        let d = parse_diagram(&format!("to-move: white\n{}", rows.join("\n")), &c6).unwrap();
        assert_eq!(d.turn, Some((Color::White, 1)));
        let d = parse_diagram(&format!("to-move: black\n{}", rows.join("\n")), &c6).unwrap();
        assert_eq!(d.turn, Some((Color::Black, 2)));
        let empty = vec![".".repeat(19); 19].join("\n");
        let d = parse_diagram(&format!("to-move: black\n{empty}"), &c6).unwrap();
        assert_eq!(d.turn, Some((Color::Black, 1)));
    }

    /// Random positions without a line, reached by play, under several rules.
    fn random_position(rules: Rules, seed: u64, stones: usize) -> Position {
        let moves = crate::notation::random_game(&rules, seed, stones);
        let mut pos = Position::from_moves(rules, &moves).unwrap();
        if pos.is_over() {
            pos.undo();
        }
        pos
    }

    #[test]
    fn write_then_parse_round_trips() {
        let rules = [
            Rules::connect6(),
            Rules::new(7, 5, 4, 3, 2).unwrap(),
            Rules::new(30, 12, 6, 2, 1).unwrap(),
            Rules::new(1, 3, 3, 1, 1).unwrap(),
        ];
        for (i, r) in rules.into_iter().enumerate() {
            for seed in 0..8u64 {
                let pos = random_position(r, seed * 31 + i as u64, seed as usize * 3);
                let text = write_diagram(&pos);
                // Read under other default rules: the rules line must win.
                let d = parse_diagram(&text, &Rules::gomoku()).unwrap();
                assert_eq!(d.rules, Some(r));
                let back = d.position(&Rules::gomoku()).unwrap();
                for c in 0..r.cells() as Cell {
                    assert_eq!(back.at(c), pos.at(c), "{r} cell {c}\n{text}");
                }
                assert_eq!(back.to_move(), pos.to_move(), "{text}");
                assert_eq!(back.stones_left(), pos.stones_left(), "{text}");
            }
        }
    }

    #[test]
    fn written_text_looks_right() {
        let r = Rules::new(4, 3, 3, 1, 1).unwrap();
        let pos = Position::from_moves(r, &parse_moves(&r, "A1 D3").unwrap()).unwrap();
        let expected = concat!(
            "# c6solve diagram: X black, O white, . empty; row 3 at the top\n",
            "rules: 4,3,3,1,1\n",
            "to-move: black\n",
            "stones-left: 1\n",
            "  A B C D\n",
            "3 . . . O 3\n",
            "2 . . . . 2\n",
            "1 X . . . 1\n",
            "  A B C D\n",
        );
        assert_eq!(write_diagram(&pos), expected);
    }

    #[test]
    fn errors_name_line_and_problem() {
        let c6 = Rules::connect6();
        let t = Rules::tictactoe();
        assert!(err("X . .\n. . . .\n. . .", &t).contains("line 2: ragged row: 4 points"));
        assert!(err("X . .\n. . .", &t).contains("board is 3x2 (columns x rows)"));
        let e = err("X . .\n. . .\n. . .", &c6);
        assert!(
            e.contains("3x3") && e.contains("19,19,6,2,1 are for 19x19"),
            "{e}"
        );
        let e = err("rules: 4,4,3,1,1\nX . .\n. . .\n. . .", &t);
        assert!(e.contains("its rules line 4,4,3,1,1 are for 4x4"), "{e}");
        assert!(err("X . .\n. Z .\n. . .", &t).contains("line 2: unknown character 'Z'"));
        assert!(err("X . .\n. 5 .\n. . .", &t).contains("unknown character '5'"));
        assert!(err("rules: 3,3\n...\n...\n...", &t).contains("line 1: bad rules"));
        assert!(err("to-move: red\n...\n...\n...", &t).contains("to-move 'red'"));
        assert!(err("to-move: b\nstones-left: 0\n...\n...\n...", &t).contains("stones-left '0'"));
        assert!(err("stones-left: 1\n...\n...\n...", &t).contains("line 1: stones-left needs"));
        assert!(err("to-move: b\nto-move: w\n...\n...\n...", &t).contains("given twice"));
        assert!(err("colour: b\n...\n...\n...", &t).contains("unknown header 'colour'"));
        assert!(err("3 ...\n1 ...\n1 ...", &t).contains("line 2: row labelled 1 is row 2"));
        assert!(err("3 ... 2\n2 ...\n1 ...", &t).contains("row labelled 2 is row 3"));
        assert!(err("A B D\n...\n...\n...", &t).contains("column labels 'A B D'"));
        assert!(err("# nothing\n\n", &t).contains("no board rows"));
        // A line of k already on the board is refused when the position is built.
        let d = parse_diagram("XXX\nOO.\n...", &t).unwrap();
        assert!(d.position(&t).is_err());
    }
}
