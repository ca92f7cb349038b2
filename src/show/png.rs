//! PNG pictures: a [`Picture`](super::Picture)'s SVG drawn into pixels by resvg, a pure-Rust
//! renderer, so a board can go straight into a forum post.
//!
//! Text (coordinates, stone numbers, the caption) is drawn with a font of the system, found
//! by resvg's font database in the usual places (`/usr/share/fonts`, `~/.fonts`, ...): DejaVu
//! Sans, Liberation Sans, Arial or Helvetica when one is there, else the first face found.
//! Nothing is bundled. A system without any font gets an error, never a picture without
//! its coordinates.

use crate::error::{Error, Result};
use resvg::{tiny_skia, usvg};
use std::sync::Arc;

/// Faces tried for the SVG's `sans-serif`, in order (the layout's width estimate covers all).
const SANS: [&str; 4] = ["DejaVu Sans", "Liberation Sans", "Arial", "Helvetica"];

/// The system's fonts, with `sans-serif` set to DejaVu Sans, Liberation Sans, Arial or
/// Helvetica, the first present (else to the first face found). An error if there is no font.
pub fn system_fonts() -> Result<usvg::fontdb::Database> {
    let mut db = usvg::fontdb::Database::new();
    db.load_system_fonts();
    choose_sans(&mut db)?;
    Ok(db)
}

/// Sets `db`'s `sans-serif` to the first of [`SANS`] it holds, else to its first face; an
/// error if it holds none.
fn choose_sans(db: &mut usvg::fontdb::Database) -> Result<()> {
    let family = |name: &str| {
        db.faces()
            .any(|f| f.families.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)))
    };
    let sans = SANS
        .iter()
        .find(|n| family(n))
        .map(|n| n.to_string())
        .or_else(|| {
            db.faces()
                .next()
                .and_then(|f| f.families.first().map(|(n, _)| n.clone()))
        })
        .ok_or_else(|| {
            Error::Io(
                "no font found on this system for the picture's text; install one \
                 (on Debian: apt-get install fonts-dejavu-core)"
                    .into(),
            )
        })?;
    db.set_sans_serif_family(sans);
    Ok(())
}

/// The picture `svg` (as [`Picture::svg`](super::Picture::svg) writes it) parsed with the
/// system's fonts: text laid out and turned into outlines.
pub fn parse(svg: &str) -> Result<usvg::Tree> {
    let opts = usvg::Options {
        fontdb: Arc::new(system_fonts()?),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &opts).map_err(|e| Error::Io(format!("cannot draw the SVG: {e}")))
}

/// `svg` drawn as a PNG image at its own size (one pixel per SVG unit).
pub fn png(svg: &str) -> Result<Vec<u8>> {
    let tree = parse(svg)?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| Error::Io("the picture has no pixels".into()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| Error::Io(format!("cannot encode the PNG: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::rules::Rules;
    use crate::show::Picture;

    /// Counts the pixels of `img` inside the box that are dark (text ink on the wood).
    fn dark_pixels(img: &tiny_skia::Pixmap, r: &crate::show::layout::Rect) -> usize {
        let mut n = 0;
        for y in r.y.floor() as u32..(r.y + r.h).ceil() as u32 {
            for x in r.x.floor() as u32..(r.x + r.w).ceil() as u32 {
                let p = img.pixel(x, y).expect("inside the picture");
                if p.red() < 100 && p.green() < 100 && p.blue() < 100 {
                    n += 1;
                }
            }
        }
        n
    }

    #[test]
    fn without_any_font_there_is_an_error_not_a_picture_without_text() {
        let mut empty = usvg::fontdb::Database::new();
        let err = choose_sans(&mut empty).unwrap_err().to_string();
        assert!(err.contains("no font found"), "{err}");
        let mut system = usvg::fontdb::Database::new();
        system.load_system_fonts();
        if !system.is_empty() {
            choose_sans(&mut system).unwrap();
            let sans = system
                .family_name(&usvg::fontdb::Family::SansSerif)
                .to_string();
            assert!(
                system
                    .faces()
                    .any(|f| f.families.iter().any(|(n, _)| *n == sans))
            );
        }
    }

    #[test]
    fn the_png_decodes_shows_the_board_and_its_text_where_the_layout_put_it() {
        for (m, n) in [(3, 3), (9, 4), (19, 19), (30, 5)] {
            let rules = Rules::new(m, n, 3, 1, 1).unwrap();
            let mut pic = Picture::new(&Position::new(rules), &[0, rules.cells() as u16 - 1]);
            pic.caption = format!(
                "Connect({m},{n},3,1,1): {} (White cannot stop all of Black's threats)",
                pic.caption
            );
            let svg = pic.svg();
            let layout = pic.layout();
            let bytes = png(&svg).unwrap();
            let img = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
            assert_eq!(
                (img.width(), img.height()),
                (layout.width.ceil() as u32, layout.height.ceil() as u32)
            );
            // Not blank: the wood, the black stone and the white stone are all there.
            let mut colours: Vec<[u8; 3]> = img
                .pixels()
                .iter()
                .map(|p| [p.red(), p.green(), p.blue()])
                .collect();
            colours.sort_unstable();
            colours.dedup();
            assert!(colours.len() > 10, "{m}x{n}: {} colours", colours.len());
            // The text is drawn: ink inside every caption line's and label's box.
            for t in layout.caption.iter().chain(&layout.coords) {
                assert!(dark_pixels(&img, &t.rect()) > 3, "{m}x{n}: no ink in {t:?}");
            }
            // The real text layout (the system font) fits the estimated boxes.
            let tree = parse(&svg).unwrap();
            for (i, t) in layout.caption.iter().enumerate() {
                let node = tree
                    .node_by_id(&format!("caption-{i}"))
                    .expect("caption line");
                let real = node.abs_bounding_box();
                let est = t.rect();
                assert!(
                    real.left() >= est.x as f32 - 0.5
                        && real.right() <= (est.x + est.w) as f32 + 0.5,
                    "{m}x{n}: line {i} {:?} drawn over {real:?}, estimated {est:?}",
                    t.text
                );
            }
        }
    }
}
