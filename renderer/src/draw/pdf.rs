//! Scene → one-page vector PDF (printpdf): text as text in the embedded bundled faces, rules
//! as filled rectangles. Dates and document ids are fixed or derived from the content, so the
//! bytes depend only on the label and options.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use printpdf::path::{PaintMode, WindingOrder};
use printpdf::{
    Color, FontData, FontMetrics, GlyphMetrics, IndirectFontRef, Mm, OffsetDateTime, PdfDocument,
    PdfLayerReference, Point, Polygon, Pt, Rect, Rgb, TextMatrix,
};

use super::fonts::{Face, Fonts, Metrics};
use super::scene::{Anchor, Item, PathOp, Scene, BASE_WIDTH};
use super::svg::watermark;
use super::{RenderError, RenderOptions};

/// PDF points per CSS pixel.
const PT_PER_PX: f32 = 0.75;

fn err(e: impl std::fmt::Display) -> RenderError {
    RenderError::Pdf(e.to_string())
}

/// FNV-1a, for a content-derived document id.
fn fnv1a(bytes: &[u8], seed: u64) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325 ^ seed, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

pub(crate) fn write(
    scene: &Scene,
    m: &'static Metrics,
    _fonts: &Fonts,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let k = options.width_px * PT_PER_PX / BASE_WIDTH;
    let page_w = BASE_WIDTH * k;
    let page_h = scene.height * k;
    let mm = |v: f32| Mm::from(Pt(v));

    let seed = format!(
        "{}|{}|{}|{}",
        scene.description, scene.height, options.width_px, options.watermark
    );
    let id = format!(
        "{:016x}{:016x}",
        fnv1a(seed.as_bytes(), 0),
        fnv1a(seed.as_bytes(), 1)
    );
    let (doc, page, layer) =
        PdfDocument::new(scene.title.as_str(), mm(page_w), mm(page_h), "label");
    let doc = doc
        .with_creation_date(OffsetDateTime::UNIX_EPOCH)
        .with_mod_date(OffsetDateTime::UNIX_EPOCH)
        .with_metadata_date(OffsetDateTime::UNIX_EPOCH)
        .with_producer("nls-renderer")
        .with_creator("nls-renderer");

    // Embed only the faces the scene uses, in a fixed order, each with widths and a
    // ToUnicode map for the characters it shows.
    let mut used: BTreeMap<Face, BTreeSet<char>> = BTreeMap::new();
    for item in &scene.items {
        if let Item::Text(t) = item {
            for s in &t.spans {
                used.entry(s.face).or_default().extend(s.text.chars());
            }
        }
    }
    let mark = watermark(m, scene.height);
    if options.watermark {
        used.entry(Face::Black)
            .or_default()
            .extend(mark.text.chars());
    }
    let mut fonts: Vec<(Face, IndirectFontRef)> = Vec::new();
    for (face, chars) in used {
        let data = EmbeddedFace::new(m, face, &chars);
        let font = doc
            .add_external_font_data(face.bytes().to_vec(), data)
            .map_err(err)?;
        fonts.push((face, font));
    }
    let font = |face: Face| {
        fonts
            .iter()
            .find(|(f, _)| *f == face)
            .map(|(_, r)| r)
            .ok_or_else(|| RenderError::Pdf(format!("face {face:?} not embedded")))
    };

    let layer: PdfLayerReference = doc.get_page(page).get_layer(layer);
    let black = Color::Rgb(Rgb::new(0.0, 0.0, 0.0, None));

    if options.watermark {
        // Under the label in a light tint (no transparency in plain PDF 1.3).
        let w = &mark;
        let width = m.width(Face::Black, w.size, w.text);
        let a = w.angle.to_radians();
        let (lx, ly) = (-width / 2.0, w.drop);
        let sx = w.cx + lx * a.cos() - ly * a.sin();
        let sy = w.cy + lx * a.sin() + ly * a.cos();
        layer.set_fill_color(Color::Rgb(Rgb::new(1.0, 0.8, 0.8, None)));
        layer.begin_text_section();
        layer.set_font(font(Face::Black)?, w.size * k);
        layer.set_text_matrix(TextMatrix::TranslateRotate(
            Pt(sx * k),
            Pt(page_h - sy * k),
            -w.angle,
        ));
        layer.write_text(w.text, font(Face::Black)?);
        layer.end_text_section();
    }

    layer.set_fill_color(black.clone());
    for item in &scene.items {
        match item {
            Item::Rect { x, y, w, h } => {
                layer.add_rect(Rect::new(
                    mm(x * k),
                    mm(page_h - (y + h) * k),
                    mm((x + w) * k),
                    mm(page_h - y * k),
                ));
            }
            Item::Shape { ops, fill } => {
                let point = |x: f32, y: f32| Point::new(mm(x * k), mm(page_h - y * k));
                let mut rings: Vec<Vec<(Point, bool)>> = Vec::new();
                for op in ops {
                    match *op {
                        PathOp::MoveTo(x, y) => rings.push(vec![(point(x, y), false)]),
                        PathOp::LineTo(x, y) => {
                            if let Some(ring) = rings.last_mut() {
                                ring.push((point(x, y), false));
                            }
                        }
                        // printpdf marks a cubic's control points with `true`.
                        PathOp::CubicTo(a, b, c, d, x, y) => {
                            if let Some(ring) = rings.last_mut() {
                                ring.push((point(a, b), true));
                                ring.push((point(c, d), true));
                                ring.push((point(x, y), false));
                            }
                        }
                        PathOp::Close => {}
                    }
                }
                let to_unit = |v: u8| f32::from(v) / 255.0;
                layer.set_fill_color(Color::Rgb(Rgb::new(
                    to_unit(fill.0),
                    to_unit(fill.1),
                    to_unit(fill.2),
                    None,
                )));
                layer.add_polygon(Polygon {
                    rings,
                    mode: PaintMode::Fill,
                    winding_order: WindingOrder::NonZero,
                });
                layer.set_fill_color(black.clone());
            }
            Item::Text(t) => {
                let total: f32 = t
                    .spans
                    .iter()
                    .map(|s| m.width(s.face, t.size, &s.text))
                    .sum();
                let mut x = match t.anchor {
                    Anchor::Start => t.x,
                    Anchor::End => t.x - total,
                };
                for s in &t.spans {
                    layer.use_text(
                        s.text.as_str(),
                        t.size * k,
                        mm(x * k),
                        mm(page_h - t.y * k),
                        font(s.face)?,
                    );
                    x += m.width(s.face, t.size, &s.text);
                }
            }
        }
    }

    let mut bytes = doc.save_to_bytes().map_err(err)?;
    fix_ids(&mut bytes, &id)?;
    Ok(bytes)
}

/// printpdf writes random trailer ids (`/ID[(document)(instance)]`, 32 characters each, in
/// the cross-reference stream's dictionary); replace both in place with `id` (same length, so
/// no offset moves).
fn fix_ids(bytes: &mut [u8], id: &str) -> Result<(), RenderError> {
    const LEN: usize = 32;
    let bad = || RenderError::Pdf("unexpected trailer /ID layout".into());
    if id.len() != LEN {
        return Err(bad());
    }
    let needle = b"/ID[(";
    let start = bytes
        .windows(needle.len())
        .rposition(|w| w == needle)
        .map(|i| i + needle.len())
        .ok_or_else(bad)?;
    let second = start + LEN + 2;
    if bytes.get(start + LEN..second) != Some(b")(".as_slice())
        || bytes.get(second + LEN..second + LEN + 2) != Some(b")]".as_slice())
    {
        return Err(bad());
    }
    bytes[start..start + LEN].copy_from_slice(id.as_bytes());
    bytes[second..second + LEN].copy_from_slice(id.as_bytes());
    Ok(())
}

/// What printpdf needs to embed a bundled face, from the process-wide parsed metrics: only the
/// glyphs of `chars` get widths and ToUnicode entries (printpdf's own backend measures every
/// glyph's outline on each save).
#[derive(Clone)]
struct EmbeddedFace {
    face: &'static ttf_parser::Face<'static>,
    glyphs: Arc<BTreeMap<u16, char>>,
}

impl std::fmt::Debug for EmbeddedFace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmbeddedFace")
            .field("glyphs", &self.glyphs.len())
            .finish()
    }
}

impl EmbeddedFace {
    fn new(m: &'static Metrics, face: Face, chars: &BTreeSet<char>) -> Self {
        let ttf = m.face(face);
        let glyphs = chars
            .iter()
            .filter_map(|c| ttf.glyph_index(*c).map(|g| (g.0, *c)))
            .filter(|(g, _)| *g != 0)
            .collect();
        EmbeddedFace {
            face: ttf,
            glyphs: Arc::new(glyphs),
        }
    }
}

impl FontData for EmbeddedFace {
    fn font_metrics(&self) -> FontMetrics {
        FontMetrics {
            ascent: self.face.ascender(),
            descent: self.face.descender(),
            units_per_em: self.face.units_per_em(),
        }
    }

    fn glyph_id(&self, c: char) -> Option<u16> {
        self.face.glyph_index(c).map(|g| g.0)
    }

    fn glyph_ids(&self) -> HashMap<u16, char> {
        self.glyphs.iter().map(|(g, c)| (*g, *c)).collect()
    }

    fn glyph_count(&self) -> u16 {
        self.face.number_of_glyphs()
    }

    fn glyph_metrics(&self, glyph_id: u16) -> Option<GlyphMetrics> {
        if !self.glyphs.contains_key(&glyph_id) {
            return None;
        }
        let width = self.face.glyph_hor_advance(ttf_parser::GlyphId(glyph_id))?;
        let height = i32::from(self.face.ascender()) - i32::from(self.face.descender());
        Some(GlyphMetrics {
            width: u32::from(width),
            height: height.unsigned_abs(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_filled_paths_in_their_colour() {
        let m = Metrics::get().expect("fonts");
        let fonts = Fonts::bundled().expect("fonts");
        let scene = super::super::svg::tests::shapes_scene(m);
        let bytes = write(&scene, m, &fonts, &RenderOptions::default()).expect("pdf");
        let doc = lopdf::Document::load_mem(&bytes).expect("parse");
        let (_, page) = doc.get_pages().into_iter().next().expect("page");
        let ops: Vec<(String, Vec<f32>)> = doc
            .get_and_decode_page_content(page)
            .expect("content")
            .operations
            .into_iter()
            .map(|op| {
                let args = op
                    .operands
                    .iter()
                    .filter_map(|o| {
                        o.as_float()
                            .ok()
                            .or_else(|| o.as_i64().ok().map(|v| v as f32))
                    })
                    .collect();
                (op.operator, args)
            })
            .collect();
        let names: Vec<&str> = ops.iter().map(|(o, _)| o.as_str()).collect();
        // The red fill colour, then a path with a line and (for the curved shape) curves.
        let red = ops
            .iter()
            .position(|(o, a)| {
                o == "rg"
                    && a.len() == 3
                    && (a[0] - 0xd0 as f32 / 255.0).abs() < 1e-3
                    && a[1] == 0.0
            })
            .expect("red fill colour");
        assert!(
            names[red..].contains(&"m") && names[red..].contains(&"l"),
            "{names:?}"
        );
        assert!(names.contains(&"c"), "a cubic curve: {names:?}");
        assert!(
            names.contains(&"f") || names.contains(&"f*"),
            "filled: {names:?}"
        );
    }
}
