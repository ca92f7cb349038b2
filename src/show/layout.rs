//! Where the parts of a board picture go: the grid, the coordinates on its four edges and the
//! caption under it, with the box each text takes. The SVG is drawn from this layout and the
//! tests check its geometry: every text lies inside the picture and no two texts overlap.
//!
//! Text widths are estimated, not measured (an SVG is drawn by whatever font the viewer has).
//! The estimate uses the advance widths of DejaVu Sans, the widest of the common sans-serif
//! faces (Helvetica, Arial and Liberation Sans are narrower), plus a margin, so a text drawn
//! in any of them fits the box it was given.

use crate::rules::Rules;

/// Space between grid lines.
pub const SPACING: f64 = 32.0;
/// Font size of the coordinates.
pub const LABEL_SIZE: f64 = 13.0;
/// Font size of the caption when it fits (it shrinks for words wider than the picture).
pub const CAPTION_SIZE: f64 = 14.0;
/// The narrowest picture: small boards get room for a readable caption beside the grid.
const MIN_WIDTH: f64 = 240.0;
/// Free space between the picture's edge and any text.
const PAD: f64 = 6.0;
/// Line height of the caption, in font sizes.
const LEADING: f64 = 1.3;
/// The smallest caption font: a caption never shrinks below it (it wraps instead, and only
/// a single word wider than the picture at this size could overflow, which no caption has).
const MIN_CAPTION_SIZE: f64 = 7.0;

/// An axis-aligned box: left, top, width, height.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// Whether the two boxes share interior points.
    pub fn intersects(&self, o: &Rect) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }

    /// Whether the box lies within a `width` x `height` picture.
    pub fn inside(&self, width: f64, height: f64) -> bool {
        self.x >= 0.0 && self.y >= 0.0 && self.x + self.w <= width && self.y + self.h <= height
    }
}

/// One line of text centred on (`x`, `y`) (horizontally and vertically).
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    /// What it says.
    pub text: String,
    /// Horizontal centre.
    pub x: f64,
    /// Vertical centre.
    pub y: f64,
    /// Font size.
    pub size: f64,
}

impl Text {
    /// The box the text takes: its estimated width, one font size high (ascenders to
    /// descenders of DejaVu Sans span 1.16 em; the box of a centred line is taken as 1.2 em).
    pub fn rect(&self) -> Rect {
        let w = text_width(&self.text, self.size);
        let h = 1.2 * self.size;
        Rect {
            x: self.x - w / 2.0,
            y: self.y - h / 2.0,
            w,
            h,
        }
    }
}

/// The layout of a picture.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Picture width.
    pub width: f64,
    /// Picture height.
    pub height: f64,
    /// Where grid point (0, 0), the bottom-left one, lies.
    pub origin: (f64, f64),
    /// The grid with the stones on its edge points: no text may enter it.
    pub board: Rect,
    /// Column labels (top and bottom) and row numbers (left and right).
    pub coords: Vec<Text>,
    /// The caption's lines, top to bottom.
    pub caption: Vec<Text>,
}

impl Layout {
    /// Lays out a picture of a board of `rules` with `caption` under it.
    pub fn new(rules: &Rules, caption: &str) -> Layout {
        let (cols, rows) = (rules.width as f64, rules.height as f64);
        let columns = super::column_labels(rules);
        let widest_row = text_width(&rules.height.to_string(), LABEL_SIZE);
        let stone = SPACING / 2.0; // a stone's radius, rounded up
        // The coordinates sit in a band outside the stones: a gap, the label, a gap.
        let side = stone + widest_row + 2.0 * PAD;
        let top = stone + 1.2 * LABEL_SIZE + 2.0 * PAD;
        let grid_w = (cols - 1.0) * SPACING;
        let grid_h = (rows - 1.0) * SPACING;
        // Whole pixels, so the PNG drawn at this size has the same geometry.
        let width = (grid_w + 2.0 * side).max(MIN_WIDTH).ceil();
        let x0 = (width - grid_w) / 2.0;
        let y_bottom = top + grid_h;
        // Label centres: half a band from the picture's edge (top, left, right), or from the
        // bottom of the bottom band.
        let (col_y, row_dx) = (PAD + 0.6 * LABEL_SIZE, stone + PAD + widest_row / 2.0);
        let mut coords = Vec::new();
        for (i, label) in columns.iter().enumerate() {
            let x = x0 + i as f64 * SPACING;
            for y in [
                top - stone - PAD - 0.6 * LABEL_SIZE,
                y_bottom + stone + col_y,
            ] {
                coords.push(Text {
                    text: label.clone(),
                    x,
                    y,
                    size: LABEL_SIZE,
                });
            }
        }
        for r in 0..rules.height {
            let y = y_bottom - r as f64 * SPACING;
            for x in [x0 - row_dx, x0 + grid_w + row_dx] {
                coords.push(Text {
                    text: (r + 1).to_string(),
                    x,
                    y,
                    size: LABEL_SIZE,
                });
            }
        }
        let below_labels = y_bottom + top;
        let board = Rect {
            x: x0 - stone,
            y: top - stone,
            w: grid_w + 2.0 * stone,
            h: grid_h + 2.0 * stone,
        };
        let (lines, size) = wrap(caption, width - 2.0 * PAD);
        let step = LEADING * size;
        let caption = lines
            .into_iter()
            .enumerate()
            .map(|(i, text)| Text {
                text,
                x: width / 2.0,
                y: below_labels + step * (i as f64 + 0.5),
                size,
            })
            .collect::<Vec<_>>();
        let height = (below_labels + step * caption.len() as f64 + PAD).ceil();
        Layout {
            width,
            height,
            origin: (x0, y_bottom),
            board,
            coords,
            caption,
        }
    }

    /// The centre of grid point (`x`, `y`), column `x` from the left, row `y` from the bottom.
    pub fn point(&self, x: u16, y: u16) -> (f64, f64) {
        (
            self.origin.0 + x as f64 * SPACING,
            self.origin.1 - y as f64 * SPACING,
        )
    }
}

/// Breaks `text` into lines no wider than `max` at [`CAPTION_SIZE`], breaking at spaces. A
/// word wider than `max` on its own shrinks the font of the whole caption until it fits
/// (down to 7, which no caption needs). Returns the lines and the font size.
pub fn wrap(text: &str, max: f64) -> (Vec<String>, f64) {
    let widest = text
        .split_whitespace()
        .map(|w| text_width(w, CAPTION_SIZE))
        .fold(0.0, f64::max);
    let size = if widest > max {
        (CAPTION_SIZE * max / widest).max(MIN_CAPTION_SIZE)
    } else {
        CAPTION_SIZE
    };
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || text_width(&candidate, size) <= max {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    (lines, size)
}

/// The estimated width of `text` at font size `size`: DejaVu Sans advance widths (in em,
/// rounded up), plus 4% (kerning and rounding in other faces).
pub fn text_width(text: &str, size: f64) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            ' ' => 0.32,
            'i' | 'j' | 'l' | '\'' | '|' => 0.28,
            '.' | ',' | ':' | ';' | '!' => 0.34,
            'f' | 't' | 'r' | '(' | ')' | '[' | ']' | '-' => 0.42,
            'm' => 0.98,
            'w' => 0.82,
            'M' | 'W' => 1.0,
            '0'..='9' => 0.64,
            'a'..='z' => 0.64,
            'A'..='Z' => 0.78,
            _ => 1.0,
        })
        .sum();
    em * size * 1.04
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long caption as `show --proof` writes it.
    const CAPTION: &str = "Connect(19,19,6,2,1): Black to move, 2 stones to place \
                           (White cannot stop all of Black's threats)";

    fn rules(m: u16, n: u16) -> Rules {
        Rules::new(m, n, 3.min(m.max(n)), 1, 1).unwrap()
    }

    #[test]
    fn captions_lie_inside_the_picture_and_clear_of_the_coordinates() {
        for (m, n) in [
            (3, 3),
            (9, 4),
            (19, 19),
            (30, 5),
            (64, 64),
            (64, 2),
            (2, 64),
            (1, 1),
        ] {
            let r = rules(m, n);
            let caption = format!("Connect({m},{n},3,1,1): {}", &CAPTION[22..]);
            let l = Layout::new(&r, &caption);
            assert_eq!(l.coords.len(), 2 * (m + n) as usize);
            let words: Vec<String> = l.caption.iter().map(|t| t.text.clone()).collect();
            assert_eq!(
                words.join(" "),
                caption.split_whitespace().collect::<Vec<_>>().join(" "),
                "wrapping keeps every word, in order"
            );
            for t in l.caption.iter().chain(&l.coords) {
                assert!(
                    !t.rect().intersects(&l.board),
                    "{m}x{n}: {t:?} on the board"
                );
                assert!(
                    t.rect().inside(l.width, l.height),
                    "{m}x{n}: {t:?} outside {}x{}",
                    l.width,
                    l.height
                );
            }
            for (i, a) in l.caption.iter().enumerate() {
                for b in &l.coords {
                    assert!(!a.rect().intersects(&b.rect()), "{m}x{n}: {a:?} on {b:?}");
                }
                for b in &l.caption[i + 1..] {
                    assert!(!a.rect().intersects(&b.rect()), "{m}x{n}: {a:?} on {b:?}");
                }
            }
            for (i, a) in l.coords.iter().enumerate() {
                for b in &l.coords[i + 1..] {
                    assert!(!a.rect().intersects(&b.rect()), "{m}x{n}: {a:?} on {b:?}");
                }
            }
        }
    }

    #[test]
    fn a_short_caption_is_one_line_at_full_size_and_a_long_one_wraps() {
        let l = Layout::new(&rules(19, 19), "Black to move");
        assert_eq!(l.caption.len(), 1);
        assert_eq!(l.caption[0].size, CAPTION_SIZE);
        let l = Layout::new(&rules(9, 4), CAPTION);
        assert!(l.caption.len() >= 2, "{:?}", l.caption);
        assert!(l.caption.iter().all(|t| t.size == CAPTION_SIZE));
        // The picture grows with the lines.
        let one = Layout::new(&rules(9, 4), "x");
        assert!(l.height > one.height + CAPTION_SIZE);
    }

    #[test]
    fn a_word_wider_than_the_picture_shrinks_the_font() {
        let word = "W".repeat(20);
        let (lines, size) = wrap(&word, 200.0);
        assert_eq!(lines, [word.as_str()]);
        assert!(size < CAPTION_SIZE);
        assert!(text_width(&word, size) <= 200.0 + 1e-9);
    }

    #[test]
    fn grid_points_are_spaced_and_row_one_is_at_the_bottom() {
        let l = Layout::new(&rules(4, 3), "");
        let (x0, y0) = l.point(0, 0);
        let (x1, y1) = l.point(3, 2);
        assert_eq!(x1 - x0, 3.0 * SPACING);
        assert_eq!(y0 - y1, 2.0 * SPACING);
        assert!(l.caption.is_empty());
    }
}
