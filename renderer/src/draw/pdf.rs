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
use super::scene::{Anchor, Item, PathOp, Rgb as SceneRgb, Scene, BASE_WIDTH};
use super::svg::watermark;
use super::{shape, subset};
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
        scene.description,
        scene.height,
        options.width_px,
        scene.diagonal.unwrap_or_default()
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
    // ToUnicode map for the characters it shows. Script faces are embedded as a glyph subset
    // of what the scene draws (shaped glyphs included), mapped back to their characters.
    let mut used: BTreeMap<Face, BTreeSet<char>> = BTreeMap::new();
    let mut script_glyphs: BTreeMap<Face, ScriptGlyphs> = BTreeMap::new();
    for item in &scene.items {
        if let Item::Text(t) = item {
            for s in &t.spans {
                if s.face.is_script() {
                    script_glyphs
                        .entry(s.face)
                        .or_default()
                        .add(m, s.face, &s.text);
                } else {
                    used.entry(s.face).or_default().extend(s.text.chars());
                }
            }
        }
    }
    let mark = scene.diagonal.map(|text| watermark(m, scene.height, text));
    if let Some(mark) = &mark {
        used.entry(Face::Black)
            .or_default()
            .extend(mark.text.chars());
    }
    let mut fonts: Vec<(Face, IndirectFontRef)> = Vec::new();
    for (face, chars) in used {
        // Each face as a subset of the glyphs the scene shows (issue 27: three whole faces
        // made a label's PDF 350 KB), its characters mapped to the renumbered glyphs; the
        // whole face only if a subset cannot be made.
        let ttf = m.face(face);
        let keep: BTreeSet<u16> = chars
            .iter()
            .filter_map(|c| ttf.glyph_index(*c))
            .map(|g| g.0)
            .filter(|g| *g != 0)
            .collect();
        let font = match subset::subset(face.bytes(), &keep, 0) {
            Ok(sub) => {
                let chars = chars
                    .iter()
                    .filter_map(|c| {
                        let old = ttf.glyph_index(*c)?.0;
                        sub.ids.get(&old).map(|new| (*new, *c))
                    })
                    .collect();
                let data = SubsetFace {
                    face: ttf,
                    chars: Arc::new(chars),
                    advances: Arc::new(sub.advances),
                };
                doc.add_external_font_data(sub.bytes, data)
            }
            Err(_) => {
                let data = EmbeddedFace::new(m, face, &chars);
                doc.add_external_font_data(face.bytes().to_vec(), data)
            }
        }
        .map_err(err)?;
        fonts.push((face, font));
    }
    // Script faces: the subset renumbers glyphs; the content stream writes the new ids, and
    // an empty glyph of no width after a ligature for each further letter it joins.
    let mut renumbered: Vec<(Face, Renumbered)> = Vec::new();
    for (face, glyphs) in script_glyphs {
        let ghosts = u16::try_from(glyphs.joined.len()).map_err(err)?;
        let sub = subset::subset(face.bytes(), &glyphs.ids, ghosts).map_err(err)?;
        let first_ghost = (sub.advances.len() - usize::from(ghosts)) as u16;
        let joined: BTreeMap<char, u16> = glyphs
            .joined
            .iter()
            .enumerate()
            .map(|(i, c)| (*c, first_ghost + i as u16))
            .collect();
        let chars = glyphs
            .chars
            .iter()
            .filter_map(|(old, c)| sub.ids.get(old).map(|new| (*new, *c)))
            .chain(joined.iter().map(|(c, g)| (*g, *c)))
            .collect();
        let data = SubsetFace {
            face: m.face(face),
            chars: Arc::new(chars),
            advances: Arc::new(sub.advances),
        };
        let font = doc.add_external_font_data(sub.bytes, data).map_err(err)?;
        fonts.push((face, font));
        renumbered.push((
            face,
            Renumbered {
                ids: sub.ids,
                joined,
            },
        ));
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

    if let Some(w) = &mark {
        // Under the label in a light tint (no transparency in plain PDF 1.3).
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
                let coloured = t.fill != SceneRgb::BLACK;
                if coloured {
                    let to_unit = |v: u8| f32::from(v) / 255.0;
                    layer.set_fill_color(Color::Rgb(Rgb::new(
                        to_unit(t.fill.0),
                        to_unit(t.fill.1),
                        to_unit(t.fill.2),
                        None,
                    )));
                }
                let total: f32 = t
                    .spans
                    .iter()
                    .map(|s| m.width(s.face, t.size, &s.text))
                    .sum();
                let mut x = match t.anchor {
                    Anchor::Start => t.x,
                    Anchor::End => t.x - total,
                };
                // Runs in visual order: a line mixing directions as a browser shows it.
                for s in super::bidi::visual(&t.spans).iter() {
                    if s.face.is_script() {
                        let numbering = renumbered
                            .iter()
                            .find(|(f, _)| *f == s.face)
                            .map(|(_, n)| n)
                            .ok_or_else(|| RenderError::Pdf(format!("{:?} not subset", s.face)))?;
                        let run = Run {
                            face: s.face,
                            text: &s.text,
                            size_pt: t.size * k,
                            at: (mm(x * k), mm(page_h - t.y * k)),
                        };
                        write_glyphs(&layer, m, &run, font(s.face)?, numbering);
                        x += m.width(s.face, t.size, &s.text);
                        continue;
                    }
                    layer.use_text(
                        s.text.as_str(),
                        t.size * k,
                        mm(x * k),
                        mm(page_h - t.y * k),
                        font(s.face)?,
                    );
                    x += m.width(s.face, t.size, &s.text);
                }
                if coloured {
                    layer.set_fill_color(black.clone());
                }
            }
        }
    }

    let mut bytes = doc.save_to_bytes().map_err(err)?;
    fix_ids(&mut bytes, &id)?;
    Ok(bytes)
}

/// The glyphs a scene draws in one script face and the character each stands for.
#[derive(Default)]
struct ScriptGlyphs {
    ids: BTreeSet<u16>,
    chars: BTreeMap<u16, char>,
    /// Characters a glyph draws beyond its first (a ligature's other letters).
    joined: BTreeSet<char>,
}

impl ScriptGlyphs {
    fn add(&mut self, m: &Metrics, face: Face, text: &str) {
        let glyphs = m.glyphs(face, text);
        for (g, part) in glyphs.iter().zip(shape::glyph_texts(text, &glyphs)) {
            self.ids.insert(g.id);
            let mut chars = part.chars();
            if let Some(c) = chars.next() {
                // A glyph keeps the first character it was seen for (one ToUnicode entry).
                self.chars.entry(g.id).or_insert(c);
            }
            self.joined.extend(chars);
        }
    }
}

/// How a script face's glyphs are numbered in its subset.
struct Renumbered {
    /// Original glyph id → subset glyph id.
    ids: BTreeMap<u16, u16>,
    /// A character a ligature joins → the empty glyph that stands for it.
    joined: BTreeMap<char, u16>,
}

/// A run of a script face to write.
struct Run<'a> {
    face: Face,
    text: &'a str,
    size_pt: f32,
    /// The run's left end on the baseline.
    at: (Mm, Mm),
}

/// Writes a run of a script face as glyph ids of its subset: in the text's logical order,
/// each glyph moved to its shaped position with a `TJ` adjustment, so a right-to-left run is
/// drawn right to left yet copies out in reading order; a ligature is followed by the empty
/// glyphs of the further letters it joins.
fn write_glyphs(
    layer: &PdfLayerReference,
    m: &Metrics,
    run: &Run<'_>,
    font: &IndirectFontRef,
    numbering: &Renumbered,
) {
    let glyphs = m.glyphs(run.face, run.text);
    let texts = shape::glyph_texts(run.text, &glyphs);
    let ttf = m.face(run.face);
    let upem = f32::from(ttf.units_per_em());
    // Each glyph's left edge from the run's start, in thousandths of an em (TJ's unit).
    let mut pen_units = 0i32;
    let mut placed: Vec<(u32, f32, u16, &str)> = glyphs
        .iter()
        .zip(&texts)
        .map(|(g, text)| {
            let x = (pen_units + g.x_offset) as f32 * 1000.0 / upem;
            pen_units += g.advance;
            (g.cluster, x, g.id, *text)
        })
        .collect();
    // Logical order: the order of the characters each glyph draws (stable for a cluster's
    // several glyphs).
    placed.sort_by_key(|(cluster, _, _, _)| *cluster);
    // Where the viewer's pen is: it advances by each glyph's width as the `W` array gives
    // it (printpdf truncates to whole thousandths).
    let mut pen = 0.0f32;
    let mut list: Vec<(i64, u16)> = Vec::with_capacity(placed.len());
    for (_, x, id, text) in placed {
        let adjust = (pen - x).round() as i64;
        pen -= adjust as f32;
        let width = ttf
            .glyph_hor_advance(ttf_parser::GlyphId(id))
            .map_or(0.0, |w| (f32::from(w) * 1000.0 / upem).trunc());
        pen += width;
        list.push((adjust, numbering.ids.get(&id).copied().unwrap_or(0)));
        // The letters a ligature joins after its first: empty glyphs of no width at the
        // ligature's right edge, written after it. A reader that follows the content
        // stream (pdf.js, lopdf) copies "لا"; poppler, which orders an Arabic word by
        // position, puts the alef before the lam (no placement of a zero-width glyph
        // changes that: tried at the left edge, the middle and the right).
        let trailing = x + width;
        for c in text.chars().skip(1) {
            if let Some(ghost) = numbering.joined.get(&c) {
                let adjust = (pen - trailing).round() as i64;
                pen -= adjust as f32;
                list.push((adjust, *ghost));
            }
        }
    }
    layer.begin_text_section();
    layer.set_font(font, run.size_pt);
    layer.set_text_cursor(run.at.0, run.at.1);
    layer.write_positioned_codepoints(list);
    layer.end_text_section();
}

/// The whole face's metrics, as both embedded forms report them.
fn face_metrics(face: &ttf_parser::Face<'_>) -> FontMetrics {
    FontMetrics {
        ascent: face.ascender(),
        descent: face.descender(),
        units_per_em: face.units_per_em(),
    }
}

/// A glyph `width` wide, as tall as the face's ascender to descender.
fn glyph_metrics(face: &ttf_parser::Face<'_>, width: u16) -> GlyphMetrics {
    let height = i32::from(face.ascender()) - i32::from(face.descender());
    GlyphMetrics {
        width: u32::from(width),
        height: height.unsigned_abs(),
    }
}

/// What printpdf needs to embed a script face's subset: metrics by subset glyph id, and the
/// character each glyph stands for (ToUnicode).
#[derive(Clone)]
struct SubsetFace {
    face: &'static ttf_parser::Face<'static>,
    chars: Arc<BTreeMap<u16, char>>,
    advances: Arc<Vec<u16>>,
}

impl std::fmt::Debug for SubsetFace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SubsetFace")
            .field("glyphs", &self.advances.len())
            .finish()
    }
}

impl FontData for SubsetFace {
    fn font_metrics(&self) -> FontMetrics {
        face_metrics(self.face)
    }

    fn glyph_id(&self, c: char) -> Option<u16> {
        self.chars.iter().find(|(_, v)| **v == c).map(|(g, _)| *g)
    }

    fn glyph_ids(&self) -> HashMap<u16, char> {
        self.chars.iter().map(|(g, c)| (*g, *c)).collect()
    }

    fn glyph_count(&self) -> u16 {
        self.advances.len() as u16
    }

    fn glyph_metrics(&self, glyph_id: u16) -> Option<GlyphMetrics> {
        let width = *self.advances.get(usize::from(glyph_id))?;
        Some(glyph_metrics(self.face, width))
    }
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
        face_metrics(self.face)
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
        Some(glyph_metrics(self.face, width))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first page's content operators with their numeric operands.
    fn page_operations(
        scene: &Scene,
        m: &'static Metrics,
        fonts: &Fonts,
    ) -> Vec<(String, Vec<f32>)> {
        let bytes = write(scene, m, fonts, &RenderOptions::default()).expect("pdf");
        let doc = lopdf::Document::load_mem(&bytes).expect("parse");
        let (_, page) = doc.get_pages().into_iter().next().expect("page");
        doc.get_and_decode_page_content(page)
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
            .collect()
    }

    #[test]
    fn coloured_text_is_text_in_its_colour() {
        let m = Metrics::get().expect("fonts");
        let fonts = Fonts::bundled().expect("fonts");
        let scene = super::super::svg::tests::white_text_scene(m);
        let ops = page_operations(&scene, m, &fonts);
        let white = ops
            .iter()
            .position(|(o, a)| o == "rg" && a.len() == 3 && a.iter().all(|v| *v == 1.0))
            .expect("white fill colour");
        let shown: Vec<usize> = ops
            .iter()
            .enumerate()
            .filter(|(_, (o, _))| o == "Tj" || o == "TJ")
            .map(|(i, _)| i)
            .collect();
        assert_eq!(shown.len(), 2, "both lines are text: {ops:?}");
        assert!(white < shown[0], "the white words are shown in white");
        let black_again = ops[white..]
            .iter()
            .position(|(o, a)| o == "rg" && a.len() == 3 && a.iter().all(|v| *v == 0.0))
            .map(|i| i + white)
            .expect("black again");
        assert!(
            shown[0] < black_again && black_again < shown[1],
            "black ink again after them"
        );
    }

    #[test]
    fn shapes_are_filled_paths_in_their_colour() {
        let m = Metrics::get().expect("fonts");
        let fonts = Fonts::bundled().expect("fonts");
        let scene = super::super::svg::tests::shapes_scene(m);
        let ops = page_operations(&scene, m, &fonts);
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
