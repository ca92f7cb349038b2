//! SGF game records in the two dialects Connect6 players use.
//!
//! # Reading
//! [`parse_sgf`] reads the main line of a record (the first variation wherever the tree
//! branches) and returns its stones in play order. Each `B[...]`/`W[...]` value holds one or
//! more points, and the dialect is told apart per value:
//!
//! - **SGF letters** (GoGui, one stone a node): a value made of letters only is read two letters
//!   a point, as the SGF standard and GoGui write them: the first letter is the column from the
//!   left, the second the row *from the top*, `a` = 1. `aa` is the top-left corner, `jj` the centre
//!   of 19x19. On boards of at most 26 columns and rows letters are case-insensitive (as GoGui
//!   reads them, so `B[JJ]` = `B[jj]`); on larger boards the FF\[4\] extension applies and case
//!   matters: `a`–`z` are 1–26 and `A`–`Z` are 27–52.
//! - **Little Golem** (two stones a node): a value with digits is read as points made of a
//!   lower-case column letter `a`–`s` *including* `i` (`a` = first column) and a row number from
//!   the bottom, 1-based, concatenated: `W[j9l11]` is Go-style `K9` and `M11`. LG `j10` is `K10`.
//!
//! A final `B[resign]` / `W[resign]` (also `forfeit`, `timeout`), as Little Golem records end
//! some games, closes the record without a stone; a move after it is an error.
//!
//! Colours must follow the turn structure of the rules (q Black stones, then p White, p Black,
//! ...); a pass (`B[]`), setup stones (`AB`/`AW`/`AE`) and an `SZ` that disagrees with the rules
//! are refused. Legality of the stones themselves (a point taken twice, a stone after a win) is
//! checked by replaying them with [`crate::Position::from_moves`].
//!
//! # Writing
//! [`write_gogui_sgf`] writes one stone a node in SGF letters; [`write_lg_sgf`] writes one turn a
//! node in Little Golem points. Both carry `SZ` and a root comment naming the rules, and both
//! read back with [`parse_sgf`].

use crate::board::{Cell, Position};
use crate::error::{Error, Result};
use crate::rules::{Color, Rules};

/// One property of a node: its identifier (upper-case letters) and its unescaped values.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Property {
    ident: String,
    values: Vec<String>,
}

/// A node: its properties in file order.
type Node = Vec<Property>;

/// An SGF error. Messages quote pieces of the record, which may hold line breaks and other
/// control characters: those are escaped (`\n`), so the message stays one line.
fn sgf_err(msg: impl Into<String>) -> Error {
    let msg: String = msg.into();
    let escaped = msg
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    Error::Sgf(escaped)
}

/// Reads the nodes of an SGF record's main line.
struct Reader {
    chars: Vec<char>,
    pos: usize,
    /// Variations met off the main line (each one left out).
    variations: usize,
}

/// One open game tree while reading: is it on the main line, and has a variation started in it.
#[derive(Clone, Copy)]
struct Level {
    main: bool,
    has_child: bool,
}

impl Reader {
    fn new(text: &str) -> Reader {
        Reader {
            chars: text.chars().collect(),
            pos: 0,
            variations: 0,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// 1-based line number of character `pos`.
    fn line_of(&self, pos: usize) -> usize {
        1 + self.chars[..pos.min(self.chars.len())]
            .iter()
            .filter(|&&c| c == '\n')
            .count()
    }

    /// Moves to the first `(` that is followed by `;` (text before it is ignored, as the
    /// standard allows).
    fn find_start(&mut self) -> Result<()> {
        while let Some(c) = self.peek() {
            if c == '(' {
                let open = self.pos;
                self.pos += 1;
                self.skip_ws();
                if self.peek() == Some(';') {
                    self.pos = open;
                    return Ok(());
                }
            } else {
                self.pos += 1;
            }
        }
        Err(sgf_err("not an SGF record: no '(;' found"))
    }

    /// Reads the first game tree and returns the nodes of its main line. Iterative, so deeply
    /// nested variations cannot overflow the stack.
    fn main_line(&mut self) -> Result<Vec<Node>> {
        self.find_start()?;
        let mut nodes = Vec::new();
        let mut levels: Vec<Level> = Vec::new();
        loop {
            self.skip_ws();
            let here = self.pos;
            match self.peek() {
                Some('(') => {
                    self.pos += 1;
                    let main = match levels.last_mut() {
                        Some(parent) => {
                            let first = !parent.has_child;
                            parent.has_child = true;
                            if !first {
                                self.variations += 1;
                            }
                            parent.main && first
                        }
                        None => true,
                    };
                    levels.push(Level {
                        main,
                        has_child: false,
                    });
                }
                Some(')') => {
                    self.pos += 1;
                    levels.pop();
                    if levels.is_empty() {
                        return Ok(nodes);
                    }
                }
                Some(';') => {
                    self.pos += 1;
                    let level = *levels.last().expect("inside a tree");
                    if level.has_child {
                        return Err(sgf_err(format!(
                            "line {}: a node follows a variation in the same game tree",
                            self.line_of(here)
                        )));
                    }
                    let node = self.node()?;
                    if level.main {
                        nodes.push(node);
                    }
                }
                Some(c) => {
                    return Err(sgf_err(format!(
                        "line {}: unexpected '{c}' where a node, '(' or ')' should be",
                        self.line_of(here)
                    )));
                }
                None => {
                    return Err(sgf_err(
                        "unbalanced parentheses: the record ends before its closing ')'",
                    ));
                }
            }
        }
    }

    /// Reads the first game tree whole: every node with the indices of its children (node 0
    /// is the root). Iterative, like [`Reader::main_line`].
    fn tree(&mut self) -> Result<Vec<(Node, Vec<usize>)>> {
        self.find_start()?;
        let mut nodes: Vec<(Node, Vec<usize>)> = Vec::new();
        // Per open game tree: the node the next node hangs under, and whether a variation
        // has started in it (after which no node may follow).
        let mut levels: Vec<(Option<usize>, bool)> = Vec::new();
        loop {
            self.skip_ws();
            let here = self.pos;
            match self.peek() {
                Some('(') => {
                    self.pos += 1;
                    let parent = levels.last_mut().and_then(|l| {
                        l.1 = true;
                        l.0
                    });
                    levels.push((parent, false));
                }
                Some(')') => {
                    self.pos += 1;
                    levels.pop();
                    if levels.is_empty() {
                        return Ok(nodes);
                    }
                }
                Some(';') => {
                    self.pos += 1;
                    let level = levels.last_mut().expect("inside a tree");
                    if level.1 {
                        return Err(sgf_err(format!(
                            "line {}: a node follows a variation in the same game tree",
                            self.line_of(here)
                        )));
                    }
                    let i = nodes.len();
                    match level.0 {
                        Some(parent) => nodes[parent].1.push(i),
                        None if i > 0 => {
                            return Err(sgf_err(format!(
                                "line {}: a second root node",
                                self.line_of(here)
                            )));
                        }
                        None => {}
                    }
                    level.0 = Some(i);
                    let node = self.node()?;
                    nodes.push((node, Vec::new()));
                }
                Some(c) => {
                    return Err(sgf_err(format!(
                        "line {}: unexpected '{c}' where a node, '(' or ')' should be",
                        self.line_of(here)
                    )));
                }
                None => {
                    return Err(sgf_err(
                        "unbalanced parentheses: the record ends before its closing ')'",
                    ));
                }
            }
        }
    }

    /// Reads the properties of a node (the `;` is already consumed).
    fn node(&mut self) -> Result<Node> {
        let mut props = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => props.push(self.property()?),
                _ => return Ok(props),
            }
        }
    }

    /// Reads one property: an identifier and one or more bracketed values. Lower-case letters
    /// in identifiers are dropped (old files write `PlayerBlack` for `PB`).
    fn property(&mut self) -> Result<Property> {
        let start = self.pos;
        let mut ident = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
            if c.is_ascii_uppercase() {
                ident.push(c);
            }
            self.pos += 1;
        }
        let name: String = self.chars[start..self.pos].iter().collect();
        if ident.is_empty() {
            return Err(sgf_err(format!(
                "line {}: property name '{name}' has no upper-case letter",
                self.line_of(start)
            )));
        }
        let mut values = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() != Some('[') {
                break;
            }
            values.push(self.value()?);
        }
        if values.is_empty() {
            return Err(sgf_err(format!(
                "line {}: property '{name}' has no [value]",
                self.line_of(start)
            )));
        }
        Ok(Property { ident, values })
    }

    /// Reads a bracketed value, resolving `\` escapes (an escaped newline is removed).
    fn value(&mut self) -> Result<String> {
        let open = self.pos;
        self.pos += 1;
        let mut out = String::new();
        loop {
            match self.peek() {
                None => {
                    return Err(sgf_err(format!(
                        "unbalanced brackets: the value opened with '[' on line {} is never closed",
                        self.line_of(open)
                    )));
                }
                Some(']') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some('\\') => {
                    self.pos += 1;
                    match self.peek() {
                        Some('\n') => self.pos += 1,
                        Some(c) => {
                            out.push(c);
                            self.pos += 1;
                        }
                        None => {}
                    }
                }
                Some(c) => {
                    out.push(c);
                    self.pos += 1;
                }
            }
        }
    }
}

/// Parses an SGF record (Little Golem or GoGui dialect, see the [module docs](self)) into single
/// stones in play order, for the board of `rules`.
///
/// Errors (each one line, [`Error::Sgf`]): no `(;` at all, unbalanced brackets or parentheses,
/// a point that does not parse or lies off the board, a pass, setup properties, an `SZ` other
/// than the rules' size, and a `B`/`W` that does not match the turn structure.
pub fn parse_sgf(rules: &Rules, text: &str) -> Result<Vec<Cell>> {
    Ok(parse_sgf_noted(rules, text)?.0)
}

/// [`parse_sgf`], with the note a reader shows when the record had variations: the main line
/// (each tree's first variation) is read and the others are left out, as docs/formats.md
/// states.
pub fn parse_sgf_noted(rules: &Rules, text: &str) -> Result<(Vec<Cell>, Option<String>)> {
    let mut reader = Reader::new(text);
    let nodes = reader.main_line()?;
    let note = (reader.variations > 0).then(|| {
        format!(
            "note: the SGF record has {} variation(s) besides its main line; the main line is read",
            reader.variations
        )
    });
    let mut moves = Vec::new();
    let mut ended: Option<String> = None;
    for (n, node) in nodes.iter().enumerate() {
        for prop in node {
            match prop.ident.as_str() {
                "SZ" => check_size(rules, &prop.values[0])?,
                "GM" => check_game(&prop.values[0])?,
                "AB" | "AW" | "AE" => {
                    return Err(sgf_err(format!(
                        "node {}: setup stones ({}) are not supported; give the position as a \
                         diagram instead",
                        n + 1,
                        prop.ident
                    )));
                }
                "B" | "W" => {
                    let color = if prop.ident == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    for value in &prop.values {
                        if let Some(word) = &ended {
                            return Err(sgf_err(format!(
                                "{}[{value}] follows [{word}], which ends the game",
                                prop.ident
                            )));
                        }
                        if is_game_end(value) {
                            ended = Some(value.trim().to_string());
                            continue;
                        }
                        for cell in parse_value(rules, value)? {
                            check_color(rules, moves.len(), color, value)?;
                            moves.push(cell);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    Ok((moves, note))
}

/// A record read whole, variations and all, as `solve --sgf-out` writes a strategy: the root's
/// setup stones and side to move, then the tree of moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfTree {
    /// Black's setup stones (`AB` of the root node).
    pub black: Vec<Cell>,
    /// White's setup stones (`AW` of the root node).
    pub white: Vec<Cell>,
    /// The side to move at the root (`PL`), if given.
    pub to_move: Option<Color>,
    /// The nodes; 0 is the root node.
    pub nodes: Vec<SgfNode>,
}

/// A node of an [`SgfTree`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfNode {
    /// The stones of the node's `B` or `W` values, in order, with their colour.
    pub stones: Vec<(Cell, Color)>,
    /// The node's comment (`C`), or empty.
    pub comment: String,
    /// The children's indices: more than one where the record branches.
    pub children: Vec<usize>,
}

/// Reads an SGF record with its variations for the board of `rules` (either dialect, see the
/// [module docs](self)). Setup stones (`AB`, `AW`) and `PL` are read on the root node only;
/// `AE` and setup anywhere else are refused. The stones are not replayed here: whether they
/// follow the turns and lie on empty points is for the reader of the tree to check.
pub fn parse_sgf_tree(rules: &Rules, text: &str) -> Result<SgfTree> {
    let raw = Reader::new(text).tree()?;
    let mut tree = SgfTree {
        black: Vec::new(),
        white: Vec::new(),
        to_move: None,
        nodes: Vec::with_capacity(raw.len()),
    };
    for (n, (props, children)) in raw.into_iter().enumerate() {
        let mut node = SgfNode {
            stones: Vec::new(),
            comment: String::new(),
            children,
        };
        for prop in props {
            let color = |ident: &str| {
                if ident.ends_with('B') {
                    Color::Black
                } else {
                    Color::White
                }
            };
            match prop.ident.as_str() {
                "SZ" => check_size(rules, &prop.values[0])?,
                "GM" => check_game(&prop.values[0])?,
                "C" => node.comment = prop.values.join(" "),
                "AB" | "AW" if n == 0 => {
                    for value in &prop.values {
                        let cells = parse_value(rules, value)?;
                        match color(&prop.ident) {
                            Color::Black => tree.black.extend(cells),
                            Color::White => tree.white.extend(cells),
                        }
                    }
                }
                "PL" if n == 0 => {
                    tree.to_move = match prop.values[0].trim() {
                        "B" | "b" => Some(Color::Black),
                        "W" | "w" => Some(Color::White),
                        other => return Err(sgf_err(format!("PL[{other}]: not B or W"))),
                    }
                }
                "AE" => return Err(sgf_err("AE (erasing stones) is not supported")),
                "AB" | "AW" | "PL" => {
                    return Err(sgf_err(format!(
                        "node {}: {} is only read on the root node",
                        n + 1,
                        prop.ident
                    )));
                }
                "B" | "W" => {
                    for value in prop.values.iter().filter(|v| !is_game_end(v)) {
                        for cell in parse_value(rules, value)? {
                            node.stones.push((cell, color(&prop.ident)));
                        }
                    }
                }
                _ => {}
            }
        }
        tree.nodes.push(node);
    }
    Ok(tree)
}

/// Checks a `GM` value: the SGF standard numbers games 1 to 40; of those only 4 (Gomoku and
/// Renju) is a Connect game. A number past 40 is a program's own code (GoGui's Connect6 build
/// writes `GM[511]`) and is accepted, as is a record without `GM`.
fn check_game(value: &str) -> Result<()> {
    let v = value.trim();
    match v.parse::<u32>() {
        Ok(4) => Ok(()),
        Ok(1) => Err(sgf_err("GM[1] is a Go record, not a Connect6 one")),
        Ok(n) if (1..=40).contains(&n) => Err(sgf_err(format!(
            "GM[{n}] is a record of another game (the SGF standard's game {n}), not Connect6"
        ))),
        Ok(_) => Ok(()),
        Err(_) => Err(sgf_err(format!("GM[{v}]: expected a game number"))),
    }
}

/// True for the words Little Golem records use to end a game without a stone.
fn is_game_end(value: &str) -> bool {
    ["resign", "forfeit", "timeout"]
        .iter()
        .any(|w| value.trim().eq_ignore_ascii_case(w))
}

/// Checks that stone number `index` (0-based) belongs to `color` under the rules' turn structure.
fn check_color(rules: &Rules, index: usize, color: Color, value: &str) -> Result<()> {
    let expected = rules.turn_after(index).0;
    if expected == color {
        return Ok(());
    }
    let prop = if color == Color::Black { 'B' } else { 'W' };
    Err(sgf_err(format!(
        "{prop}[{value}]: stone {} of the game is {expected}'s under {rules} \
         ({} Black first, then {} a turn)",
        index + 1,
        rules.q,
        rules.p
    )))
}

/// Checks an `SZ` value (`19` or `columns:rows`) against the rules.
fn check_size(rules: &Rules, value: &str) -> Result<()> {
    let v = value.trim();
    let num = |s: &str| s.trim().parse::<u16>().ok();
    let size = match v.split_once(':') {
        Some((a, b)) => num(a).zip(num(b)),
        None => num(v).map(|n| (n, n)),
    };
    let Some((w, h)) = size else {
        return Err(sgf_err(format!(
            "SZ[{v}]: expected a size like 19 or 19:15"
        )));
    };
    if (w, h) != (rules.width, rules.height) {
        return Err(sgf_err(format!(
            "SZ[{v}] is a {w}x{h} board but the rules {rules} are for {}x{}",
            rules.width, rules.height
        )));
    }
    Ok(())
}

/// Parses one `B`/`W` value into its points, choosing the dialect as the module docs describe.
fn parse_value(rules: &Rules, value: &str) -> Result<Vec<Cell>> {
    let t = value.trim();
    if t.is_empty() {
        return Err(sgf_err(
            "an empty move (a pass): Connect games have no passes",
        ));
    }
    if t.chars().all(|c| c.is_ascii_alphabetic()) {
        sgf_letter_points(rules, t)
    } else if t.chars().all(|c| c.is_ascii_alphanumeric()) {
        lg_points(rules, t)
    } else {
        Err(sgf_err(format!("[{t}]: not a point or list of points")))
    }
}

/// True when SGF letters are read case-insensitively (boards of at most 26 by 26).
fn letters_fold_case(rules: &Rules) -> bool {
    rules.width <= 26 && rules.height <= 26
}

/// The 0-based index of an SGF coordinate letter.
fn sgf_letter_index(rules: &Rules, c: char) -> u16 {
    if letters_fold_case(rules) || c.is_ascii_lowercase() {
        (c.to_ascii_lowercase() as u8 - b'a') as u16
    } else {
        26 + (c as u8 - b'A') as u16
    }
}

/// A point in standard SGF letters (column from the left, row from the top, as GoGui writes
/// them), or `None` on boards with a side above 52.
pub fn sgf_point(rules: &Rules, cell: Cell) -> Option<String> {
    let (x, y) = (cell % rules.width, cell / rules.width);
    Some(format!(
        "{}{}",
        sgf_letter(x)?,
        sgf_letter(rules.height.checked_sub(1 + y)?)?
    ))
}

/// The SGF letter for 0-based index `i` (`a`..`z`, then `A`..`Z`), if there is one.
fn sgf_letter(i: u16) -> Option<char> {
    match i {
        0..26 => Some((b'a' + i as u8) as char),
        26..52 => Some((b'A' + (i - 26) as u8) as char),
        _ => None,
    }
}

/// Reads letters two at a time: column from the left, row from the top.
fn sgf_letter_points(rules: &Rules, t: &str) -> Result<Vec<Cell>> {
    let chars: Vec<char> = t.chars().collect();
    if !chars.len().is_multiple_of(2) {
        return Err(sgf_err(format!(
            "[{t}]: SGF points are two letters each (column, then row from the top)"
        )));
    }
    chars
        .chunks(2)
        .map(|pair| {
            let (x, row) = (
                sgf_letter_index(rules, pair[0]),
                sgf_letter_index(rules, pair[1]),
            );
            if x >= rules.width || row >= rules.height {
                let name: String = pair.iter().collect();
                let hint = if name.eq_ignore_ascii_case("tt") {
                    " ([tt] is a pass in old Go files; Connect games have no passes)"
                } else {
                    ""
                };
                return Err(sgf_err(format!(
                    "[{name}] is off the {}x{} board{hint}",
                    rules.width, rules.height
                )));
            }
            Ok((rules.height - 1 - row) * rules.width + x)
        })
        .collect()
}

/// Reads Little Golem points: a column letter (`a` = first, `i` included) and a row number
/// from the bottom, repeated.
fn lg_points(rules: &Rules, t: &str) -> Result<Vec<Cell>> {
    let bad = || {
        sgf_err(format!(
            "[{t}]: expected Little Golem points like j10 or j9l11 (a letter, then a row number)"
        ))
    };
    let bytes = t.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let letter = bytes[i];
        if !letter.is_ascii_alphabetic() {
            return Err(bad());
        }
        let start = i + 1;
        let mut end = start;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        let row: u32 = t[start..end].parse().map_err(|_| bad())?;
        let x = (letter.to_ascii_lowercase() - b'a') as u32;
        if row == 0 || row > rules.height as u32 || x >= rules.width as u32 {
            return Err(sgf_err(format!(
                "[{t}]: {} is off the {}x{} board",
                &t[i..end],
                rules.width,
                rules.height
            )));
        }
        out.push(((row - 1) * rules.width as u32 + x) as Cell);
        i = end;
    }
    Ok(out)
}

/// Replays a game record's stones (as [`parse_sgf`] returns them) from the empty board,
/// ignoring the rest of the winning turn as every reader of moves does
/// ([`super::replay`]).
pub fn replay_record(rules: Rules, moves: &[Cell]) -> Result<Position> {
    Ok(super::replay::replay(rules, moves)?.position)
}

/// Escapes `]` and `\` for an SGF text value.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// The root node shared by both writers: format, size, and a comment naming the rules.
fn root(rules: &Rules, extra: &str) -> String {
    let size = if rules.width == rules.height {
        rules.width.to_string()
    } else {
        format!("{}:{}", rules.width, rules.height)
    };
    let comment = escape(&format!(
        "Connect({rules}): {} in a row wins; Black places {} stone(s) first, then {} a turn",
        rules.k, rules.q, rules.p
    ));
    format!(
        "(;FF[4]CA[UTF-8]AP[c6solve:{}]{extra}SZ[{size}]C[{comment}]",
        env!("CARGO_PKG_VERSION")
    )
}

fn color_letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

/// Writes `moves` (single stones in play order) as SGF with one stone a node, in standard SGF
/// letters (`aa` top-left, lower case; FF\[4\] upper case for columns or rows 27 to 52), as GoGui
/// writes and reads them. Colours follow the rules' turn structure.
///
/// Fails with [`Error::Sgf`] on boards with a side above 52, which SGF letters cannot name.
pub fn write_gogui_sgf(rules: &Rules, moves: &[Cell]) -> Result<String> {
    if rules.width > 52 || rules.height > 52 {
        return Err(sgf_err(format!(
            "SGF letters name at most 52 columns and rows; the board is {}x{}",
            rules.width, rules.height
        )));
    }
    let mut out = root(rules, "");
    for (i, &cell) in moves.iter().enumerate() {
        let (x, y) = (cell % rules.width, cell / rules.width);
        let col = sgf_letter(x).expect("side checked");
        let row = sgf_letter(rules.height - 1 - y).expect("side checked");
        let color = color_letter(rules.turn_after(i).0);
        out.push_str(&format!("\n;{color}[{col}{row}]"));
    }
    out.push_str(")\n");
    Ok(out)
}

/// Writes `moves` (single stones in play order) as a Little Golem style record: one turn a node,
/// the turn's points concatenated (`W[j9l11]`), columns `a`.. including `i`, rows from the bottom.
///
/// Fails with [`Error::Sgf`] on boards wider than 26 columns, which one letter cannot name.
pub fn write_lg_sgf(rules: &Rules, moves: &[Cell]) -> Result<String> {
    if rules.width > 26 {
        return Err(sgf_err(format!(
            "Little Golem points name at most 26 columns; the board has {}",
            rules.width
        )));
    }
    let mut out = root(rules, "EV[connect]");
    let mut last: Option<Color> = None;
    for (i, &cell) in moves.iter().enumerate() {
        let color = rules.turn_after(i).0;
        if last != Some(color) {
            if last.is_some() {
                out.push(']');
            }
            out.push_str(&format!("\n;{}[", color_letter(color)));
            last = Some(color);
        }
        let (x, y) = (cell % rules.width, cell / rules.width);
        out.push_str(&format!("{}{}", (b'a' + x as u8) as char, y + 1));
    }
    if last.is_some() {
        out.push(']');
    }
    out.push_str(")\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{format_moves, parse_moves};

    fn c6() -> Rules {
        Rules::connect6()
    }

    fn go(text: &str) -> Vec<Cell> {
        parse_moves(&c6(), text).unwrap()
    }

    use crate::notation::random_game;

    #[test]
    fn little_golem_columns_include_i_and_rows_count_from_the_bottom() {
        let text = "(;FF[4]EV[connect6.ch.29.1.1]PB[a]PW[b]SO[http://www.littlegolem.com]\
                    ;B[j10];W[j9k11];B[i11l9];W[a1s19])";
        let moves = parse_sgf(&c6(), text).unwrap();
        assert_eq!(moves, go("K10 K9 L11 J11 M9 A1 T19"));
        assert_eq!(moves[5], 0);
        assert_eq!(moves[6], 360);
    }

    #[test]
    fn other_games_are_refused_and_variations_noted() {
        let e = parse_sgf(&c6(), "(;GM[1]SZ[19];B[jj])")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "bad SGF: GM[1] is a Go record, not a Connect6 one");
        assert!(parse_sgf(&c6(), "(;GM[3];B[jj])").is_err());
        for ok in ["(;GM[4];B[jj])", "(;GM[511];B[jj])", "(;B[jj])"] {
            assert_eq!(parse_sgf(&c6(), ok).unwrap(), go("K10"), "{ok}");
        }
        let (moves, note) =
            parse_sgf_noted(&c6(), "(;B[jj](;W[jk];W[kk])(;W[aa];W[bb])(;W[cc];W[dd]))").unwrap();
        assert_eq!(moves, go("K10 K9 L9"));
        assert_eq!(
            note.unwrap(),
            "note: the SGF record has 2 variation(s) besides its main line; the main line is read"
        );
        assert!(
            parse_sgf_noted(&c6(), "(;B[jj];W[jk])")
                .unwrap()
                .1
                .is_none()
        );
    }

    #[test]
    fn gogui_letters_count_rows_from_the_top() {
        let text = "(;FF[4]GM[511]SZ[19];B[JJ];W[KK];W[IK];B[aa];B[sa];W[as];W[ss])";
        let moves = parse_sgf(&c6(), text).unwrap();
        assert_eq!(moves, go("K10 L9 J9 A19 T19 A1 T1"));
        // Lower case, as GoGui itself writes, reads the same.
        let lower = text
            .replace("JJ", "jj")
            .replace("KK", "kk")
            .replace("IK", "ik");
        let lower = parse_sgf(&c6(), &lower).unwrap();
        assert_eq!(lower, moves);
    }

    #[test]
    fn real_little_golem_records_match_their_go_style_moves() {
        let fixture = include_str!("../../tests/data/lg-games.txt");
        let mut games = 0;
        let mut lines = fixture.lines().filter(|l| !l.starts_with('#'));
        while let Some(sgf_line) = lines.next() {
            let sgf = sgf_line.strip_prefix("sgf: ").expect("sgf line");
            let moves = lines.next().unwrap().strip_prefix("moves: ").unwrap();
            let parsed = parse_sgf(&c6(), sgf).unwrap();
            assert_eq!(format_moves(&c6(), &parsed), moves);
            replay_record(c6(), &parsed).unwrap();
            games += 1;
        }
        assert_eq!(games, 3);
    }

    /// Round-trips the first games of the shared data set through both writers. Skipped with a
    /// note when `../shared/data` is not beside the checkout.
    #[test]
    fn shared_data_games_round_trip() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/data/connect6-games.jsonl");
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("note: {} not found; skipping", path.display());
            return;
        };
        let r = c6();
        let mut games = 0;
        for line in text.lines().step_by(500).take(50) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let turns: Vec<&str> = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap())
                .collect();
            let moves = go(&turns.join(" "));
            replay_record(r, &moves).unwrap();
            let lg = write_lg_sgf(&r, &moves).unwrap();
            assert_eq!(parse_sgf(&r, &lg).unwrap(), moves, "{}", v["id"]);
            // One LG node per turn of the data set.
            assert_eq!(
                lg.matches(";B[").count() + lg.matches(";W[").count(),
                turns.len()
            );
            let gg = write_gogui_sgf(&r, &moves).unwrap();
            assert_eq!(parse_sgf(&r, &gg).unwrap(), moves, "{}", v["id"]);
            games += 1;
        }
        assert_eq!(games, 50);
    }

    #[test]
    fn writers_round_trip_on_other_rules() {
        for (rules, seed) in [
            (Rules::new(7, 5, 4, 3, 2).unwrap(), 1),
            (Rules::gomoku(), 2),
            (Rules::new(30, 28, 5, 2, 1).unwrap(), 3),
            (Rules::new(4, 9, 3, 2, 3).unwrap(), 4),
        ] {
            let moves = random_game(&rules, seed, 40);
            assert!(moves.len() >= 10);
            let gg = write_gogui_sgf(&rules, &moves).unwrap();
            assert_eq!(parse_sgf(&rules, &gg).unwrap(), moves, "{rules}\n{gg}");
            if rules.width <= 26 {
                let lg = write_lg_sgf(&rules, &moves).unwrap();
                assert_eq!(parse_sgf(&rules, &lg).unwrap(), moves, "{rules}\n{lg}");
            } else {
                assert!(write_lg_sgf(&rules, &moves).is_err());
            }
        }
        let huge = Rules::new(60, 3, 3, 1, 1).unwrap();
        assert!(write_gogui_sgf(&huge, &[0]).is_err());
    }

    #[test]
    fn wide_boards_use_case_sensitive_letters() {
        let r = Rules::new(30, 30, 5, 2, 1).unwrap();
        // 'A' is the 27th column; row 'a' is the top row.
        assert_eq!(parse_sgf(&r, "(;B[Aa])").unwrap(), vec![29 * 30 + 26]);
        assert_eq!(parse_sgf(&r, "(;B[aA])").unwrap(), vec![3 * 30]);
        let gg = write_gogui_sgf(&r, &[29 * 30 + 26]).unwrap();
        assert!(gg.contains(";B[Aa]"), "{gg}");
    }

    #[test]
    fn writers_produce_the_expected_text() {
        let r = c6();
        let moves = go("K10 K9 L11 A1");
        let lg = write_lg_sgf(&r, &moves).unwrap();
        assert!(lg.starts_with("(;FF[4]"), "{lg}");
        assert!(
            lg.contains("SZ[19]") && lg.contains("C[Connect(19,19,6,2,1)"),
            "{lg}"
        );
        assert!(lg.ends_with(";B[j10]\n;W[j9k11]\n;B[a1])\n"), "{lg}");
        let gg = write_gogui_sgf(&r, &moves).unwrap();
        assert!(gg.ends_with(";B[jj]\n;W[jk]\n;W[ki]\n;B[as])\n"), "{gg}");
        let rect = Rules::new(7, 5, 4, 1, 1).unwrap();
        assert!(write_gogui_sgf(&rect, &[]).unwrap().contains("SZ[7:5]"));
        assert_eq!(
            parse_sgf(&rect, &write_lg_sgf(&rect, &[]).unwrap()).unwrap(),
            Vec::<Cell>::new()
        );
    }

    #[test]
    fn comments_escapes_whitespace_and_variations() {
        let text = "junk before (\n ; FF[4] C[a comment with \\] and \\\\ and (;B[a1\\]) inside]\n\
                    SZ [19]\n PlayerBlack[x] ;B [j10]\n(;W[j9]\n[l11] C[main]\n;B[i11l9])\
                    (;W[a1b2];B[c3d4]))";
        assert_eq!(parse_sgf(&c6(), text).unwrap(), go("K10 K9 M11 J11 M9"));
        // A collection: only the first game counts.
        let two = "(;B[j10])(;B[a1])";
        assert_eq!(parse_sgf(&c6(), two).unwrap(), go("K10"));
        // Nested variations deep in the tree neither overflow nor leak into the main line.
        let deep = format!(
            "(;B[j10](;W[a1b1]){}{})",
            "(;W[c1d1]".repeat(5000),
            ")".repeat(5000)
        );
        assert_eq!(parse_sgf(&c6(), &deep).unwrap(), go("K10 A1 B1"));
    }

    fn err(rules: &Rules, text: &str) -> String {
        match parse_sgf(rules, text) {
            Err(Error::Sgf(msg)) => {
                assert!(!msg.contains('\n'), "multi-line message: {msg}");
                msg
            }
            other => panic!("expected an SGF error for {text:?}, got {other:?}"),
        }
    }

    #[test]
    fn errors_name_the_problem() {
        let r = c6();
        assert!(err(&r, "K10 K9 L11").contains("not an SGF record"));
        assert!(err(&r, "").contains("not an SGF record"));
        assert!(err(&r, "(;B[j10];W[j9").contains("never closed"));
        assert!(err(&r, "(;B[j10];W[j9k11]").contains("closing ')'"));
        assert!(err(&r, "(;B[j10] 5)").contains("unexpected '5'"));
        assert!(err(&r, "(;b[j10])").contains("no upper-case letter"));
        assert!(err(&r, "(;B[j10]W)").contains("no [value]"));
        assert!(err(&r, "(;B[j10](;W[a1b1]);W[c1d1])").contains("follows a variation"));
        assert!(err(&r, "(;B[])").contains("pass"));
        assert!(err(&r, "(;B[tt])").contains("off the 19x19 board ([tt] is a pass"));
        assert!(err(&r, "(;B[j20])").contains("j20 is off the 19x19 board"));
        assert!(err(&r, "(;B[t5])").contains("off the 19x19"));
        assert!(err(&r, "(;B[j0])").contains("off the"));
        assert!(err(&r, "(;B[10j])").contains("Little Golem points"));
        assert!(err(&r, "(;B[jjj])").contains("two letters"));
        assert!(err(&r, "(;B[j-10])").contains("not a point"));
        assert!(err(&r, "(;SZ[15];B[h8])").contains("SZ[15] is a 15x15 board"));
        assert!(err(&r, "(;SZ[big])").contains("expected a size"));
        assert!(err(&r, "(;AB[jj];W[kk])").contains("setup stones"));
        assert!(err(&r, "(;B[j10];W[resign];B[k10k11])").contains("follows [resign]"));
    }

    #[test]
    fn resignation_ends_the_record() {
        let r = c6();
        let moves = parse_sgf(&r, "(;B[j10];W[j9k11];B[Resign])").unwrap();
        assert_eq!(moves, go("K10 K9 L11"));
        assert_eq!(parse_sgf(&r, "(;B[j10];W[timeout])").unwrap(), go("K10"));
    }

    #[test]
    fn colours_must_follow_the_turn_structure() {
        let r = c6();
        // White first.
        assert!(err(&r, "(;W[j10])").contains("stone 1 of the game is Black's"));
        // Black places two stones on the first turn of Connect6.
        assert!(err(&r, "(;B[j10k10])").contains("stone 2 of the game is White's"));
        // White places only one stone, then Black moves too early.
        assert!(err(&r, "(;B[j10];W[j9];B[k11l12])").contains("stone 3 of the game is White's"));
        // The same holds one stone a node.
        assert!(err(&r, "(;B[jj];W[kk];B[ll])").contains("stone 3"));
        // And under other rules: Connect(7,5,4,3,2) gives Black two stones first.
        let r2 = Rules::new(7, 5, 4, 3, 2).unwrap();
        assert_eq!(
            parse_sgf(&r2, "(;B[a1b1];W[a2b2c2])").unwrap(),
            vec![0, 1, 7, 8, 9]
        );
        assert!(err(&r2, "(;B[a1];W[a2b2c2])").contains("stone 2 of the game is Black's"));
    }

    #[test]
    fn replay_drops_only_the_rest_of_the_winning_turn() {
        let r = c6();
        // The last record of the fixture: White's L10 makes six, J6 completes LG's submitted pair.
        let fixture = include_str!("../../tests/data/lg-games.txt");
        let last = fixture.lines().rfind(|l| l.starts_with("sgf: ")).unwrap();
        let moves = parse_sgf(&r, &last[5..]).unwrap();
        assert!(Position::from_moves(r, &moves).is_err());
        let pos = replay_record(r, &moves).unwrap();
        assert_eq!(pos.winner(), Some(Color::White));
        assert_eq!(pos.moves().count(), moves.len() - 1);
        // A further stone belongs to the next turn: refused.
        let mut more = moves.clone();
        more.push(go("A1")[0]);
        assert!(
            replay_record(r, &more)
                .unwrap_err()
                .to_string()
                .contains("already made 6")
        );
        // The dropped stone must still be on an empty point.
        let mut taken = moves.clone();
        *taken.last_mut().unwrap() = moves[0];
        assert!(replay_record(r, &taken).is_err());
        // Ordinary errors pass through.
        assert!(replay_record(r, &go("K10 K10")).is_err());
    }
}
