//! Text as filled outlines, for words printed in a colour other than black (the white words
//! of an octagon or of Canada's symbol): the scene's text is black ink in every writer, its
//! shapes carry a colour, so coloured words become shapes from the bundled font's outlines.

use super::super::fonts::{Face, Metrics};
use super::super::scene::{PathOp, Rgb};

struct Outline {
    ops: Vec<PathOp>,
    /// Glyph origin and scale into user units (font units are y-up).
    x: f32,
    y: f32,
    scale: f32,
    last: (f32, f32),
}

impl Outline {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (self.x + x * self.scale, self.y - y * self.scale)
    }
}

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        let p = self.at(x, y);
        self.ops.push(PathOp::MoveTo(p.0, p.1));
        self.last = p;
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let p = self.at(x, y);
        self.ops.push(PathOp::LineTo(p.0, p.1));
        self.last = p;
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        // A quadratic as the cubic with control points 2/3 of the way to its control point.
        let q = self.at(x1, y1);
        let p = self.at(x, y);
        let (p0x, p0y) = self.last;
        self.ops.push(PathOp::CubicTo(
            p0x + 2.0 / 3.0 * (q.0 - p0x),
            p0y + 2.0 / 3.0 * (q.1 - p0y),
            p.0 + 2.0 / 3.0 * (q.0 - p.0),
            p.1 + 2.0 / 3.0 * (q.1 - p.1),
            p.0,
            p.1,
        ));
        self.last = p;
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let a = self.at(x1, y1);
        let b = self.at(x2, y2);
        let p = self.at(x, y);
        self.ops.push(PathOp::CubicTo(a.0, a.1, b.0, b.1, p.0, p.1));
        self.last = p;
    }

    fn close(&mut self) {
        self.ops.push(PathOp::Close);
    }
}

/// The outline of `text` in `face` at `size`, centred on `cx` with its baseline at `y`, as
/// one path to fill in `fill`.
pub(crate) fn centred(
    m: &Metrics,
    face: Face,
    size: f32,
    cx: f32,
    y: f32,
    text: &str,
) -> Vec<PathOp> {
    let f = m.face(face);
    let scale = size / f32::from(f.units_per_em());
    let mut pen = cx - m.width(face, size, text) / 2.0;
    let mut out = Outline {
        ops: Vec::new(),
        x: pen,
        y,
        scale,
        last: (pen, y),
    };
    for c in text.chars() {
        let g = f.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
        out.x = pen;
        let _ = f.outline_glyph(g, &mut out);
        pen += f32::from(f.glyph_hor_advance(g).unwrap_or(0)) * scale;
    }
    out.ops
}

/// Largest size ≤ `max` at which `text` fits `width`.
pub(crate) fn fit(m: &Metrics, face: Face, max: f32, width: f32, text: &str) -> f32 {
    let w = m.width(face, 1.0, text);
    if w <= 0.0 {
        max
    } else {
        max.min(width / w)
    }
}

/// White, the colour of words on black.
pub(crate) const WHITE: Rgb = Rgb(0xff, 0xff, 0xff);
/// Black, as a fill.
pub(crate) const BLACK: Rgb = Rgb(0, 0, 0);
