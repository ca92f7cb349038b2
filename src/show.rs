//! Pictures of positions for `c6solve show`: a board for the terminal and an SVG image, with
//! Go-style coordinates on all four edges, stones numbered in play order and, when asked, a
//! zone of points shaded.
//!
//! A [`Picture`] is built from a position and the stones played after it (a line, or a
//! proof's main line); stones whose order is known (the position's own move list, then the
//! line) carry their number, set-up stones of a diagram carry none.

use crate::board::{Cell, Position};
use crate::notation::format_point;
use crate::proof::{Certificate, Node};
use crate::render::{column_labels, label_line, stone_char};
use crate::rules::{Color, Rules};
use crate::threats;
use std::fmt::Write as _;

pub mod layout;
pub mod png;

pub use layout::Layout;

/// What to draw.
#[derive(Debug, Clone)]
pub struct Picture {
    /// The rules (board size).
    pub rules: Rules,
    /// Every stone: point, colour, and its number in play order when known.
    pub stones: Vec<(Cell, Color, Option<usize>)>,
    /// Empty points to shade.
    pub zone: Vec<Cell>,
    /// A line under the board (who is to move, or how the game ended).
    pub caption: String,
}

impl Picture {
    /// The picture of `pos` after `line` (single stones, already checked legal): the
    /// position's own moves are numbered from 1 and the line continues the count.
    pub fn new(pos: &Position, line: &[Cell]) -> Picture {
        let history: Vec<Cell> = pos.moves().collect();
        let cells = pos.rules().cells() as Cell;
        let mut stones: Vec<(Cell, Color, Option<usize>)> = (0..cells)
            .filter_map(|c| pos.at(c).map(|col| (c, col, None)))
            .collect();
        for (i, &c) in history.iter().enumerate() {
            if let Some(s) = stones.iter_mut().find(|s| s.0 == c) {
                s.2 = Some(i + 1);
            }
        }
        let mut after = pos.clone();
        for (i, &c) in line.iter().enumerate() {
            stones.push((c, after.to_move(), Some(history.len() + i + 1)));
            after.play(c);
        }
        Picture {
            rules: *pos.rules(),
            stones,
            zone: Vec::new(),
            caption: caption(&after),
        }
    }

    fn at(&self, c: Cell) -> Option<(Color, Option<usize>)> {
        self.stones
            .iter()
            .find(|s| s.0 == c)
            .map(|&(_, col, n)| (col, n))
    }

    /// The terminal board: `X`/`O` for stones, followed by their number when known (`X12`),
    /// `.` for empty points and `+` for empty points of the zone; column letters on top and
    /// bottom, row numbers on both sides.
    pub fn text(&self) -> String {
        let r = &self.rules;
        let labels = column_labels(r);
        let widest = self
            .stones
            .iter()
            .filter_map(|s| s.2)
            .max()
            .map_or(0, |n| n.to_string().len());
        let field = 1 + labels
            .iter()
            .map(String::len)
            .max()
            .unwrap_or(1)
            .max(1 + widest);
        let num_width = r.height.to_string().len();
        let label_line = label_line(&labels, field, num_width);
        let mut out = label_line.clone();
        for y in (0..r.height).rev() {
            let _ = write!(out, "{:>num_width$}", y + 1);
            for x in 0..r.width {
                let c = y * r.width + x;
                let glyph = match self.at(c) {
                    Some((col, n)) => {
                        let letter = stone_char(col);
                        n.map_or(letter.to_string(), |n| format!("{letter}{n}"))
                    }
                    None if self.zone.contains(&c) => "+".to_string(),
                    None => ".".to_string(),
                };
                let _ = write!(out, "{glyph:>field$}");
            }
            let _ = writeln!(out, " {}", y + 1);
        }
        out.push_str(&label_line);
        out.push_str(&self.caption);
        out.push('\n');
        out
    }

    /// Where the parts of the picture go (see [`layout`]).
    pub fn layout(&self) -> Layout {
        Layout::new(&self.rules, &self.caption)
    }

    /// The board as an SVG image: a wooden board, grid lines, coordinates on the four edges,
    /// black and white stones with their numbers, zone points shaded, and the caption
    /// wrapped (or its font shrunk) to fit the picture, clear of the coordinates.
    pub fn svg(&self) -> String {
        let r = &self.rules;
        let l = self.layout();
        let s = layout::SPACING;
        let (width, height) = (l.width, l.height);
        let p = |c: Cell| l.point(c % r.width, c / r.width);
        let mut o = String::new();
        let _ = writeln!(
            o,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONTS}">"##
        );
        let _ = writeln!(
            o,
            r##"<rect width="{width}" height="{height}" fill="#dcb35c"/>"##
        );
        for &c in &self.zone {
            let (x, y) = p(c);
            let _ = writeln!(
                o,
                r##"<rect x="{}" y="{}" width="{s}" height="{s}" fill="#3b7dd8" fill-opacity="0.35"/>"##,
                x - s / 2.0,
                y - s / 2.0
            );
        }
        let (left, bottom) = l.point(0, 0);
        let (right, top) = l.point(r.width - 1, r.height - 1);
        for x in 0..r.width {
            let _ = writeln!(
                o,
                r##"<line x1="{0}" y1="{top}" x2="{0}" y2="{bottom}" stroke="#000" stroke-width="1"/>"##,
                l.point(x, 0).0
            );
        }
        for y in 0..r.height {
            let _ = writeln!(
                o,
                r##"<line x1="{left}" y1="{0}" x2="{right}" y2="{0}" stroke="#000" stroke-width="1"/>"##,
                l.point(0, y).1
            );
        }
        for t in &l.coords {
            let _ = writeln!(
                o,
                r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central">{}</text>"##,
                t.x,
                t.y,
                t.size,
                xml_escape(&t.text)
            );
        }
        let mut stones = self.stones.clone();
        stones.sort_by_key(|s| s.2);
        for (c, col, n) in stones {
            let (x, y) = p(c);
            let (fill, ink) = match col {
                Color::Black => ("#111", "#fff"),
                Color::White => ("#fafafa", "#111"),
            };
            let _ = writeln!(
                o,
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="{fill}" stroke="#000" stroke-width="1"><title>{}</title></circle>"##,
                s * 0.46,
                format_point(r, c)
            );
            if let Some(n) = n {
                let size = if n >= 100 { 11 } else { 14 };
                let _ = writeln!(
                    o,
                    r##"<text x="{x}" y="{y}" font-size="{size}" fill="{ink}" text-anchor="middle" dominant-baseline="central">{n}</text>"##
                );
            }
        }
        for (i, t) in l.caption.iter().enumerate() {
            let _ = writeln!(
                o,
                r##"<text id="caption-{i}" x="{}" y="{}" font-size="{:.2}" text-anchor="middle" dominant-baseline="central">{}</text>"##,
                t.x,
                t.y,
                t.size,
                xml_escape(&t.text)
            );
        }
        o.push_str("</svg>\n");
        o
    }
}

/// The fonts the SVG asks for, in order; the layout's width estimate covers each of them.
const FONTS: &str = "Helvetica, Arial, 'DejaVu Sans', sans-serif";

fn xml_escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Who is to move, or how the game ended.
fn caption(pos: &Position) -> String {
    if let Some(w) = pos.winner() {
        return format!("{w} has {} in a row", pos.rules().k);
    }
    if pos.empties() == 0 {
        return "the board is full: a draw".into();
    }
    let left = pos.stones_left();
    format!(
        "{} to move, {left} stone{} to place",
        pos.to_move(),
        if left == 1 { "" } else { "s" }
    )
}

/// The root position of a certificate (its stones, side to move and stones left), or `None`
/// if the header does not describe a position the board accepts.
pub fn certificate_root(cert: &Certificate) -> Option<Position> {
    let [m, n, k, p, q] = cert.rules;
    let rules = Rules::new(m, n, k, p, q).ok()?;
    let turn = if cert.to_move == 0 {
        Color::Black
    } else {
        Color::White
    };
    Position::from_stones(
        rules,
        &cert.black,
        &cert.white,
        Some((turn, cert.stones_left)),
    )
    .ok()
}

/// The main line of the certificate's first part from `root`: the prover's moves and, at the
/// other side's nodes, the reply with the longest proof below it (the most stubborn defence),
/// then the winning stones where the proof ends in a win this turn. Also returns how the line
/// ends (a note for the caption) and the zone: every point a stone of the proof is played on.
pub fn main_line(cert: &Certificate, root: &Position) -> (Vec<Cell>, String, Vec<Cell>) {
    let Some(part) = cert.parts.first() else {
        return (Vec::new(), String::new(), Vec::new());
    };
    let depth = depths(&part.nodes);
    let frames = crate::proof::Frames::new(&part.nodes, root);
    let mut line = Vec::new();
    let mut pos = root.clone();
    let mut id = 0usize;
    let mut note = String::new();
    while let Some(node) = part.nodes.get(id) {
        if pos.is_over() || line.len() > pos.rules().cells() {
            break;
        }
        let mover = pos.to_move();
        let next = match node {
            Node::Move { cell, child } => (*cell, *child),
            Node::Replies(list) | Node::Zoned { replies: list, .. } if !list.is_empty() => *list
                .iter()
                .max_by_key(|r| depth.get(r.1 as usize).copied().unwrap_or(0))
                .expect("not empty"),
            Node::WinNow => {
                if let Some(cells) = threats::winning_cells(&pos, mover, pos.stones_left()) {
                    line.extend(cells);
                }
                break;
            }
            Node::Overwhelmed => {
                note = format!(
                    " ({mover} cannot stop all of {}'s threats)",
                    mover.opponent()
                );
                break;
            }
            Node::Dead => {
                note = " (no line is left for the attacker)".into();
                break;
            }
            Node::Paired(_) | Node::Grouped(_) => {
                note = " (a pairing strategy stops every line)".into();
                break;
            }
            Node::StrategyStealing => {
                note = " (strategy stealing: White cannot force a win when q = p)".into();
                break;
            }
            _ => break,
        };
        let next = (frames.point(id as u32, &pos, next.0), next.1);
        if next.0 as usize >= pos.rules().cells() || !pos.is_empty(next.0) {
            break;
        }
        line.push(next.0);
        pos.play(next.0);
        id = next.1 as usize;
    }
    let mut zone: Vec<Cell> = part
        .nodes
        .iter()
        .flat_map(|n| match n {
            Node::Move { cell, .. } => vec![*cell],
            Node::Replies(l) | Node::Zoned { replies: l, .. } => l.iter().map(|r| r.0).collect(),
            _ => Vec::new(),
        })
        .filter(|&c| (c as usize) < root.rules().cells())
        .collect();
    zone.sort_unstable();
    zone.dedup();
    (line, note, zone)
}

/// The longest path below each node of a proof DAG (children have larger indices than
/// nothing in particular, so this is a memoised walk; a malformed cycle counts as a leaf).
pub(crate) fn depths(nodes: &[Node]) -> Vec<usize> {
    fn walk(
        i: usize,
        nodes: &[Node],
        memo: &mut Vec<Option<usize>>,
        on_path: &mut [bool],
    ) -> usize {
        if let Some(d) = memo[i] {
            return d;
        }
        if on_path[i] {
            return 0;
        }
        on_path[i] = true;
        let kids: Vec<usize> = match &nodes[i] {
            Node::Move { child, .. } => vec![*child as usize],
            Node::Replies(l) | Node::Zoned { replies: l, .. } => {
                l.iter().map(|r| r.1 as usize).collect()
            }
            _ => Vec::new(),
        };
        let d = kids
            .into_iter()
            .filter(|&k| k < nodes.len())
            .map(|k| 1 + walk(k, nodes, memo, on_path))
            .max()
            .unwrap_or(0);
        on_path[i] = false;
        memo[i] = Some(d);
        d
    }
    let mut memo = vec![None; nodes.len()];
    let mut on_path = vec![false; nodes.len()];
    (0..nodes.len())
        .map(|i| walk(i, nodes, &mut memo, &mut on_path))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::proof::cert;
    use crate::search::{SolveOptions, open_table, solve_then};

    fn position(rules: &Rules, moves: &str) -> Position {
        Position::from_moves(*rules, &parse_moves(rules, moves).unwrap()).unwrap()
    }

    /// Tic-tac-toe after B2 A2, then the kill line A1 C3 C1.
    fn kill() -> Picture {
        let r = Rules::tictactoe();
        Picture::new(
            &position(&r, "B2 A2"),
            &parse_moves(&r, "A1 C3 C1").unwrap(),
        )
    }

    #[test]
    fn the_board_numbers_stones_in_play_order() {
        let expected = concat!(
            "   A  B  C\n",
            "3  .  . O4 3\n",
            "2 O2 X1  . 2\n",
            "1 X3  . X5 1\n",
            "   A  B  C\n",
            "White to move, 1 stone to place\n",
        );
        assert_eq!(kill().text(), expected);
    }

    #[test]
    fn set_up_stones_have_no_number_and_the_zone_is_shaded() {
        let r = Rules::new(4, 4, 3, 1, 1).unwrap();
        // Two stones from a diagram, then Black's C2 as the first numbered stone.
        let pos = Position::from_stones(r, &[0], &[5], None).unwrap();
        let mut pic = Picture::new(&pos, &parse_moves(&r, "C2").unwrap());
        pic.zone = vec![15, 14];
        let expected = concat!(
            "   A  B  C  D\n",
            "4  .  .  +  + 4\n",
            "3  .  .  .  . 3\n",
            "2  .  O X1  . 2\n",
            "1  X  .  .  . 1\n",
            "   A  B  C  D\n",
            "White to move, 1 stone to place\n",
        );
        assert_eq!(pic.text(), expected);
        let svg = pic.svg();
        assert_eq!(svg.matches("fill-opacity=\"0.35\"").count(), 2, "{svg}");
        let numbers = svg
            .lines()
            .filter(|l| l.contains("font-size=\"14\" fill="))
            .count();
        assert_eq!(numbers, 1, "only C2 is numbered");
    }

    #[test]
    fn captions_say_who_moves_or_how_the_game_ended() {
        let r = Rules::tictactoe();
        let won = Picture::new(&position(&r, "A1 A2 B1 B2 C1"), &[]);
        assert_eq!(won.caption, "Black has 3 in a row");
        let full = Picture::new(&position(&r, "B2 A1 C1 A3 A2 C2 B1 B3 C3"), &[]);
        assert_eq!(full.caption, "the board is full: a draw");
        let c6 = Picture::new(&Position::new(Rules::connect6()), &[180]);
        assert_eq!(c6.caption, "White to move, 2 stones to place");
        assert!(c6.text().contains(" X1 "), "{}", c6.text());
    }

    #[test]
    fn the_svg_has_one_circle_per_stone_and_coordinates_on_every_edge() {
        let pic = kill();
        let svg = pic.svg();
        let l = pic.layout();
        assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
        let circles: Vec<&str> = svg.lines().filter(|l| l.starts_with("<circle")).collect();
        assert_eq!(circles.len(), 5);
        // Each stone at its point: A1 at the bottom left, C3 at the top right, a spacing apart.
        let titles: Vec<&str> = circles
            .iter()
            .map(|l| {
                l.split("<title>")
                    .nth(1)
                    .unwrap()
                    .split('<')
                    .next()
                    .unwrap()
            })
            .collect();
        assert_eq!(
            titles,
            ["B2", "A2", "A1", "C3", "C1"],
            "drawn in play order"
        );
        let at = |(x, y): (f64, f64)| format!("cx=\"{x}\" cy=\"{y}\"");
        let (a1, c3) = (l.point(0, 0), l.point(2, 2));
        assert_eq!((c3.0 - a1.0, a1.1 - c3.1), (64.0, 64.0));
        assert!(circles[2].contains(&at(a1)), "{}", circles[2]);
        assert!(circles[3].contains(&at(c3)), "{}", circles[3]);
        // Black stones are dark with light numbers, White's the other way round.
        assert!(circles[0].contains("fill=\"#111\"") && circles[1].contains("fill=\"#fafafa\""));
        // Coordinates: each column letter and row number twice (both edges).
        let edge: Vec<&str> = svg
            .lines()
            .filter(|l| l.contains("font-size=\"13\""))
            .collect();
        assert_eq!(edge.len(), 12);
        for label in ["A", "B", "C", "1", "2", "3"] {
            let n = edge
                .iter()
                .filter(|l| l.ends_with(&format!(">{label}</text>")))
                .count();
            assert_eq!(n, 2, "{label}");
        }
        // Numbers 1..5 in play order.
        let numbers: Vec<&str> = svg
            .lines()
            .filter(|l| l.contains("font-size=\"14\" fill="))
            .map(|l| l.trim_end_matches("</text>").rsplit('>').next().unwrap())
            .collect();
        assert_eq!(numbers, ["1", "2", "3", "4", "5"]);
    }

    #[test]
    fn captions_are_escaped_in_the_svg() {
        let mut pic = kill();
        pic.caption = "a < b & c > d".into();
        assert!(pic.svg().contains(">a &lt; b &amp; c &gt; d</text>"));
    }

    #[test]
    fn depths_are_longest_paths_and_survive_cycles() {
        let nodes = [
            Node::Move { cell: 0, child: 1 },
            Node::Replies(vec![(1, 2), (2, 3)]),
            Node::WinNow,
            Node::Move { cell: 3, child: 2 },
        ];
        assert_eq!(depths(&nodes), [3, 2, 0, 1]);
        assert_eq!(depths(&[Node::Move { cell: 0, child: 0 }]), [1]);
    }

    #[test]
    fn a_proofs_main_line_is_legal_and_ends_in_the_win() {
        // 4x3, three in a row: a first-player win, proved and written as a certificate.
        let r = Rules::new(4, 3, 3, 1, 1).unwrap();
        let start = Position::new(r);
        let opts = SolveOptions {
            tt_mib: 4,
            zones: false,
            ..SolveOptions::default()
        };
        let table = open_table(&opts, &r).unwrap();
        let (_, packed) = solve_then(&start, &opts, table, |pos, report, table| {
            cert::certify(table, pos, report, Some(100_000))
        })
        .unwrap();
        let cert = packed.unwrap().unpack().unwrap();
        let root = certificate_root(&cert).expect("the root is a position");
        assert_eq!(root.stone_key(), start.stone_key());
        assert_eq!((root.to_move(), root.stones_left()), (Color::Black, 1));
        let (line, note, zone) = main_line(&cert, &root);
        let mut pos = root.clone();
        for &c in &line {
            pos.try_play(c).unwrap();
        }
        assert!(
            pos.winner() == Some(Color::Black) || note.contains("cannot stop"),
            "{line:?} {note}"
        );
        assert!(
            zone.contains(&line[0]),
            "the first stone is a stone of the proof"
        );
        assert!(zone.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
    }
}
