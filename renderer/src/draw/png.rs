//! Scene → PNG, rasterised directly with tiny-skia (no SVG round trip).
//!
//! Geometry follows what usvg/resvg make of the SVG from `svg.rs`: coordinates rounded as the
//! SVG writes them (0.01 user units), the viewBox fitted `xMidYMid meet` into the
//! `width`/`height` attributes, then scaled to the pixel size; rules (axis-aligned
//! rectangles) as their exact pixel coverage in 16 levels (`rules.rs`); text as glyph outlines
//! of the bundled faces set with plain advance widths (no kerning, no ligatures: the widths
//! the layout measured) from the anchor on the baseline. Unshaped scripts' glyph origins are
//! rounded to whole pixels (`snap`: within half a pixel of the SVG's, and every occurrence of
//! a glyph the same mask, which the PNG's deflate finds again); shaped runs (Arabic, Hebrew,
//! Thai) keep 1/16 px. Glyphs are rasterised once per (face, glyph, pixel size, 1/16 px
//! offset) into coverage masks cached in [`Fonts`] and composited onto a greyscale buffer
//! (black text), or in their colour over the shapes and the black ink (coloured text: the
//! white words of an octagon). A mask depends only on its key and glyphs are composited in
//! scene order, so the output is pixel-identical whatever the cache holds. A black-on-white
//! label is written as a 4-bit greyscale PNG (`grey_png.rs`), anything in colour as RGB.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use resvg::tiny_skia::{FillRule, Mask, Paint, Path, PathBuilder, Pixmap, Transform};

use super::fonts::{Face, Fonts, Metrics};
use super::grey_png;
use super::rules::{self, DeviceRect};
use super::scene::{Anchor, Item, PathOp, Rgb, Scene, BASE_WIDTH};
use super::svg::{num, watermark};
use super::{RenderError, RenderOptions};

/// Glyph positions are quantised to 1/`SUBPIXEL` device pixel in each direction.
const SUBPIXEL: f32 = 16.0;
/// Glyph pixel sizes are quantised to 1/`SIZE_STEPS` device pixel.
const SIZE_STEPS: f32 = 64.0;
/// Upper bound of the cached masks' bytes; the cache is emptied when an insert would pass it.
const CACHE_BYTES: usize = 16 << 20;

/// What identifies a rasterised glyph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct GlyphKey {
    face: Face,
    glyph: u16,
    /// Horizontal and vertical font size in 1/`SIZE_STEPS` device pixels.
    size_x: u32,
    size_y: u32,
    /// Origin offset within the pixel in 1/`SUBPIXEL` pixels (`0..SUBPIXEL`).
    dx: u8,
    dy: u8,
}

/// A glyph's coverage (0 = none, 255 = full), `left`/`top` from the whole pixel its origin
/// falls in.
#[derive(Debug)]
struct GlyphMask {
    left: i32,
    top: i32,
    width: usize,
    height: usize,
    coverage: Vec<u8>,
}

impl GlyphMask {
    fn bytes(&self) -> usize {
        self.coverage.len() + std::mem::size_of::<GlyphMask>()
    }
}

#[derive(Default)]
struct CacheInner {
    masks: HashMap<GlyphKey, Arc<GlyphMask>>,
    bytes: usize,
}

/// Rasterised glyph masks shared by every render with the same [`Fonts`] (bounded to
/// `CACHE_BYTES`).
#[derive(Default)]
pub(crate) struct GlyphCache {
    inner: RwLock<CacheInner>,
}

impl GlyphCache {
    pub(crate) fn len(&self) -> usize {
        self.read().masks.len()
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, CacheInner> {
        self.inner.read().unwrap_or_else(|e| e.into_inner())
    }

    fn insert(&self, fresh: HashMap<GlyphKey, Arc<GlyphMask>>) {
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        let added: usize = fresh.values().map(|m| m.bytes()).sum();
        if inner.bytes + added > CACHE_BYTES {
            inner.masks.clear();
            inner.bytes = 0;
        }
        for (key, mask) in fresh {
            let bytes = mask.bytes();
            if inner.masks.insert(key, mask).is_none() {
                inner.bytes += bytes;
            }
        }
    }
}

/// The value of `v` as the SVG writes it and usvg reads it back.
fn svg_value(v: f32) -> f32 {
    num(v).parse().unwrap_or(v)
}

/// User units → device pixels.
#[derive(Debug, Clone, Copy)]
struct Frame {
    sx: f32,
    sy: f32,
    tx: f32,
    ty: f32,
    width: u32,
    height: u32,
    /// Grid of the glyph origins of unshaped text, in whole device pixels (see [`snap`];
    /// 0: exact, to 1/`SUBPIXEL` px).
    grid: u8,
}

impl Frame {
    fn new(scene: &Scene, options: &RenderOptions) -> Frame {
        let k = options.width_px / BASE_WIDTH;
        // The <svg> width/height attributes and the viewBox.
        let size_w = svg_value(options.width_px);
        let size_h = svg_value(scene.height * k);
        let vb_w = svg_value(BASE_WIDTH);
        let vb_h = svg_value(scene.height);
        let width = (size_w * options.scale).round().max(1.0) as u32;
        let height = (size_h * options.scale).round().max(1.0) as u32;
        // preserveAspectRatio="xMidYMid meet", then the size → pixels scale of `resvg::render`.
        let s = (size_w / vb_w).min(size_h / vb_h);
        let (ox, oy) = (width as f32 / size_w, height as f32 / size_h);
        Frame {
            sx: ox * s,
            sy: oy * s,
            tx: ox * (size_w - vb_w * s) / 2.0,
            ty: oy * (size_h - vb_h * s) / 2.0,
            width,
            height,
            // One pixel. A two-pixel grid would put every glyph on a byte boundary of the
            // 4-bit rows (two pixels a byte) and save 8 % more on the pancake label, but the
            // up to one pixel it moves a letter shows as uneven spacing in words at 20 px a
            // line ("Brenn wert"); measured in BENCHMARKS.md, session 19.
            grid: 1,
        }
    }

    fn transform(&self) -> Transform {
        Transform::from_row(self.sx, 0.0, 0.0, self.sy, self.tx, self.ty)
    }
}

/// The PNG's size in pixels for `scene` drawn with `options`.
pub(crate) fn pixel_size(scene: &Scene, options: &RenderOptions) -> (u32, u32) {
    let frame = Frame::new(scene, options);
    (frame.width, frame.height)
}

/// Collects a glyph outline (font units, y up) as a tiny-skia path.
struct Outline(PathBuilder);

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

fn outline(face: &ttf_parser::Face<'_>, glyph: ttf_parser::GlyphId) -> Option<Path> {
    let mut builder = Outline(PathBuilder::new());
    face.outline_glyph(glyph, &mut builder)?;
    builder.0.finish()
}

/// Rasterises the glyph `key` describes.
fn rasterise_glyph(m: &Metrics, key: &GlyphKey) -> GlyphMask {
    let empty = GlyphMask {
        left: 0,
        top: 0,
        width: 0,
        height: 0,
        coverage: Vec::new(),
    };
    let face = m.face(key.face);
    let Some(path) = outline(face, ttf_parser::GlyphId(key.glyph)) else {
        return empty;
    };
    let upem = f32::from(face.units_per_em());
    let kx = key.size_x as f32 / SIZE_STEPS / upem;
    let ky = key.size_y as f32 / SIZE_STEPS / upem;
    let (ox, oy) = (f32::from(key.dx) / SUBPIXEL, f32::from(key.dy) / SUBPIXEL);
    let b = path.bounds();
    // One pixel of margin around the exact bounds for anti-aliasing.
    let left = (ox + b.left() * kx).floor() as i32 - 1;
    let right = (ox + b.right() * kx).ceil() as i32 + 1;
    let top = (oy - b.bottom() * ky).floor() as i32 - 1;
    let bottom = (oy - b.top() * ky).ceil() as i32 + 1;
    let (w, h) = ((right - left).max(1) as u32, (bottom - top).max(1) as u32);
    let Some(mut mask) = Mask::new(w, h) else {
        return empty;
    };
    let ts = Transform::from_row(kx, 0.0, 0.0, -ky, ox - left as f32, oy - top as f32);
    mask.fill_path(&path, FillRule::Winding, true, ts);
    GlyphMask {
        left,
        top,
        width: w as usize,
        height: h as usize,
        coverage: mask.data().to_vec(),
    }
}

/// `a × b / 255`, rounded.
#[inline]
fn mul255(a: u8, b: u8) -> u8 {
    let t = u32::from(a) * u32::from(b) + 128;
    ((t + (t >> 8)) >> 8) as u8
}

/// The rows of `mask`, with its origin pixel at (`x`, `y`), that fall inside a `width` ×
/// `height` image: each row's first pixel index in the image and the coverage of its
/// visible part.
fn visible_rows(
    mask: &GlyphMask,
    width: usize,
    height: usize,
    x: i32,
    y: i32,
) -> impl Iterator<Item = (usize, &[u8])> {
    let (x0, y0) = (x + mask.left, y + mask.top);
    let col_start = (-x0).max(0) as usize;
    let row_start = (-y0).max(0) as usize;
    let col_end = mask
        .width
        .min((width as i64 - i64::from(x0)).max(0) as usize);
    let row_end = mask
        .height
        .min((height as i64 - i64::from(y0)).max(0) as usize);
    // A mask wholly left or right of the image has no visible row.
    let rows = if col_start < col_end {
        row_start..row_end
    } else {
        0..0
    };
    rows.map(move |row| {
        let src = &mask.coverage[row * mask.width + col_start..row * mask.width + col_end];
        let start =
            (y0 as i64 + row as i64) as usize * width + (x0 as i64 + col_start as i64) as usize;
        (start, src)
    })
}

/// Darkens `grey` (white = 255) by `mask` with its origin pixel at (`x`, `y`).
fn composite(grey: &mut [u8], width: usize, height: usize, mask: &GlyphMask, x: i32, y: i32) {
    for (start, src) in visible_rows(mask, width, height, x, y) {
        let dst = &mut grey[start..start + src.len()];
        for (d, &c) in dst.iter_mut().zip(src) {
            if c != 0 {
                *d = mul255(*d, 255 - c);
            }
        }
    }
}

/// One glyph to draw: its mask key, device pixel origin (whole pixels) and colour.
struct Placement {
    key: GlyphKey,
    x: i32,
    y: i32,
    fill: Rgb,
}

impl Placement {
    /// Glyph `glyph` of `face` at `size` (1/`SIZE_STEPS` px) with its origin at `origin` in
    /// 1/`SUBPIXEL` device pixels: the whole pixel, and the offset within it that keys the
    /// rasterised mask.
    fn at(
        (face, glyph): (Face, u16),
        (size_x, size_y): (u32, u32),
        origin: (i32, i32),
        fill: Rgb,
    ) -> Placement {
        let step = SUBPIXEL as i32;
        Placement {
            key: GlyphKey {
                face,
                glyph,
                size_x,
                size_y,
                dx: origin.0.rem_euclid(step) as u8,
                dy: origin.1.rem_euclid(step) as u8,
            },
            x: origin.0.div_euclid(step),
            y: origin.1.div_euclid(step),
            fill,
        }
    }
}

/// Blends `fill` into an opaque RGBA `data` by `mask` with its origin pixel at (`x`, `y`).
fn composite_colour(
    data: &mut [u8],
    width: usize,
    height: usize,
    mask: &GlyphMask,
    x: i32,
    y: i32,
    fill: Rgb,
) {
    let Rgb(r, g, b) = fill;
    for (start, src) in visible_rows(mask, width, height, x, y) {
        let dst = &mut data[start * 4..(start + src.len()) * 4];
        for (px, &c) in dst.chunks_exact_mut(4).zip(src) {
            if c != 0 {
                let k = 255 - c;
                px[0] = mul255(px[0], k).saturating_add(mul255(r, c));
                px[1] = mul255(px[1], k).saturating_add(mul255(g, c));
                px[2] = mul255(px[2], k).saturating_add(mul255(b, c));
            }
        }
    }
}

/// Device coordinate `v` rounded to the nearest multiple of `grid` whole pixels, in
/// 1/`SUBPIXEL` pixels.
///
/// Why: a glyph whose origin falls anywhere within a pixel is a different mask for each
/// sixteenth, so the same letter is different bytes all over the label and the PNG's deflate
/// finds few repeats. On the grid every occurrence of a glyph is the same mask (and, with a
/// two-pixel grid, the same packed bytes). Each origin is rounded from its exact position,
/// never from the previous glyph's, so a glyph moves by at most half the grid and a run grows
/// by at most that: text stays within a pixel of the SVG's.
/// A `grid` of 0 keeps the exact position (to 1/`SUBPIXEL` px).
fn snap(v: f32, grid: u8) -> i32 {
    if grid == 0 {
        return (v * SUBPIXEL).round() as i32;
    }
    let g = f32::from(grid);
    ((v / g).round() * g * SUBPIXEL) as i32
}

fn placements(scene: &Scene, m: &Metrics, frame: &Frame) -> Vec<Placement> {
    let mut out = Vec::with_capacity(2048);
    for item in &scene.items {
        let Item::Text(t) = item else { continue };
        let size = svg_value(t.size);
        let (x, y) = (svg_value(t.x), svg_value(t.y));
        let mut pen = match t.anchor {
            Anchor::Start => x,
            Anchor::End => {
                x - t
                    .spans
                    .iter()
                    .map(|s| m.width(s.face, size, &s.text))
                    .sum::<f32>()
            }
        };
        let size_x = (size * frame.sx * SIZE_STEPS).round() as u32;
        let size_y = (size * frame.sy * SIZE_STEPS).round() as u32;
        let py = (y * frame.sy + frame.ty) * SUBPIXEL;
        let py = py.round() as i32;
        // Unshaped glyphs sit on a whole-pixel baseline (see `snap`).
        let grid_y = snap(y * frame.sy + frame.ty, frame.grid.min(1));
        // Glyphs stay within two ems of their origin: a line wholly outside the image, or
        // the part of a line past its right edge, cannot touch a pixel, and skipping it
        // keeps the glyph work proportional to the image rather than to the text.
        let reach = 2 * (size * frame.sx.max(frame.sy)).ceil() as i32 + 2;
        let line_y = py.div_euclid(SUBPIXEL as i32);
        if line_y < -reach || line_y > frame.height as i32 + reach {
            continue;
        }
        // Runs in visual order: a line mixing directions as a browser shows it. Shaped runs
        // (Arabic, Hebrew, Thai) keep their glyphs' exact positions: their joins and marks are
        // placed to a fraction of a pixel; the other scripts' glyphs stand apart and go on
        // the grid.
        'line: for span in super::bidi::visual(&t.spans).iter() {
            let f = m.face(span.face);
            let scale = size / f32::from(f.units_per_em());
            if span.face.shapes() {
                // Shaped glyphs in visual order, each at its pen position plus its offset
                // (marks over their base, raised by their y offset).
                let mut units: i32 = 0;
                for g in m.glyphs(span.face, &span.text) {
                    let gx = pen + (units + g.x_offset) as f32 * scale;
                    let gy = y - g.y_offset as f32 * scale;
                    units += g.advance;
                    let px = ((gx * frame.sx + frame.tx) * SUBPIXEL).round() as i32;
                    let gpy = ((gy * frame.sy + frame.ty) * SUBPIXEL).round() as i32;
                    if g.id == 0 && g.advance == 0 {
                        continue;
                    }
                    out.push(Placement::at(
                        (span.face, g.id),
                        (size_x, size_y),
                        (px, gpy),
                        t.fill,
                    ));
                }
                pen += units as f32 * scale;
                continue;
            }
            let mut units: u32 = 0;
            for c in span.text.chars() {
                let g = f.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
                let gx = pen + units as f32 * scale;
                units += u32::from(f.glyph_hor_advance(g).unwrap_or(0));
                if c == ' ' {
                    continue;
                }
                let px = snap(gx * frame.sx + frame.tx, frame.grid);
                if px.div_euclid(SUBPIXEL as i32) > frame.width as i32 + reach {
                    // Advances only move right: the rest of the line is past the edge too.
                    break 'line;
                }
                out.push(Placement::at(
                    (span.face, g.0),
                    (size_x, size_y),
                    (px, grid_y),
                    t.fill,
                ));
            }
            pen += units as f32 * scale;
        }
    }
    out
}

/// The rules (the SVG's single `<path>` of rectangles) in device pixels: the transform only
/// scales and translates, so each stays an axis-aligned rectangle whose coverage
/// [`rules::draw`] computes exactly.
fn rules(scene: &Scene, frame: &Frame) -> Vec<DeviceRect> {
    scene
        .items
        .iter()
        .filter_map(|item| {
            let Item::Rect { x, y, w, h } = item else {
                return None;
            };
            let (x, y, w, h) = (svg_value(*x), svg_value(*y), svg_value(*w), svg_value(*h));
            DeviceRect::new(
                x * frame.sx + frame.tx,
                y * frame.sy + frame.ty,
                (x + w) * frame.sx + frame.tx,
                (y + h) * frame.sy + frame.ty,
            )
        })
        .collect()
}

pub(crate) fn render(
    scene: &Scene,
    m: &Metrics,
    fonts: &Fonts,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    render_in(scene, m, fonts, &Frame::new(scene, options))
}

/// [`render`] in `frame` (the tests' measurements vary its glyph grid).
fn render_in(
    scene: &Scene,
    m: &Metrics,
    fonts: &Fonts,
    frame: &Frame,
) -> Result<Vec<u8>, RenderError> {
    let frame = *frame;
    let (width, height) = (frame.width as usize, frame.height as usize);
    let len = width
        .checked_mul(height)
        .ok_or_else(|| RenderError::Png(format!("cannot allocate {width}x{height} pixels")))?;
    let mut grey = rules::draw(&rules(scene, &frame), width, height);
    debug_assert_eq!(grey.len(), len);

    let placed = placements(scene, m, &frame);
    let cache = &fonts.glyphs;
    let mut fresh: HashMap<GlyphKey, Arc<GlyphMask>> = HashMap::new();
    // Coloured glyphs wait until the shapes and the black ink are down.
    let mut coloured: Vec<(Arc<GlyphMask>, &Placement)> = Vec::new();
    {
        let inner = cache.read();
        for p in &placed {
            let mask = match inner.masks.get(&p.key).or_else(|| fresh.get(&p.key)) {
                Some(mask) => Arc::clone(mask),
                None => {
                    let mask = Arc::new(rasterise_glyph(m, &p.key));
                    fresh.insert(p.key, Arc::clone(&mask));
                    mask
                }
            };
            if p.fill == Rgb::BLACK {
                composite(&mut grey, width, height, &mask, p.x, p.y);
            } else {
                coloured.push((mask, p));
            }
        }
    }
    if !fresh.is_empty() {
        cache.insert(fresh);
    }

    let has_shapes = scene.items.iter().any(|i| matches!(i, Item::Shape { .. }));
    if !(scene.diagonal.is_some() || has_shapes || !coloured.is_empty()) {
        return encode_grey(&grey, frame.width, frame.height);
    }
    let mut pixmap = Pixmap::new(frame.width, frame.height)
        .ok_or_else(|| RenderError::Png(format!("cannot allocate {width}x{height} pixels")))?;
    if has_shapes {
        // Coloured shapes first, then the black ink (rules and text) over them: ink of
        // coverage a leaves (1 - a) of what is below, which is the grey buffer's value.
        pixmap.fill(resvg::tiny_skia::Color::WHITE);
        draw_shapes(&mut pixmap, scene, &frame);
        for (px, g) in pixmap.data_mut().chunks_exact_mut(4).zip(&grey) {
            for c in &mut px[..3] {
                *c = mul255(*c, *g);
            }
        }
    } else {
        for (px, g) in pixmap.data_mut().chunks_exact_mut(4).zip(&grey) {
            px.copy_from_slice(&[*g, *g, *g, 255]);
        }
    }
    // Memory per render is bounded by the pixel cap times the bytes held per pixel:
    // one buffer at a time where possible.
    drop(grey);
    for (mask, p) in &coloured {
        composite_colour(pixmap.data_mut(), width, height, mask, p.x, p.y, p.fill);
    }
    if let Some(text) = scene.diagonal {
        draw_watermark(&mut pixmap, scene, m, &frame, text);
    }
    encode(
        png::ColorType::Rgb,
        &rgba_into_rgb(pixmap.take()),
        frame.width,
        frame.height,
    )
}

/// The scene's filled shapes, anti-aliased, coordinates as the SVG writes them.
fn draw_shapes(pixmap: &mut Pixmap, scene: &Scene, frame: &Frame) {
    for item in &scene.items {
        let Item::Shape { ops, fill } = item else {
            continue;
        };
        let mut pb = PathBuilder::new();
        for op in ops {
            match *op {
                PathOp::MoveTo(x, y) => pb.move_to(svg_value(x), svg_value(y)),
                PathOp::LineTo(x, y) => pb.line_to(svg_value(x), svg_value(y)),
                PathOp::CubicTo(a, b, c, d, x, y) => pb.cubic_to(
                    svg_value(a),
                    svg_value(b),
                    svg_value(c),
                    svg_value(d),
                    svg_value(x),
                    svg_value(y),
                ),
                PathOp::Close => pb.close(),
            }
        }
        let Some(path) = pb.finish() else { continue };
        let Rgb(r, g, b) = *fill;
        let mut paint = Paint::default();
        paint.set_color_rgba8(r, g, b, 255);
        paint.anti_alias = true;
        pixmap.fill_path(&path, &paint, FillRule::Winding, frame.transform(), None);
    }
}

/// The diagonal "SAMPLE" of `svg.rs`: Black face, centred, rotated about the label's centre,
/// `#d00` at 22 % opacity.
fn draw_watermark(
    pixmap: &mut Pixmap,
    scene: &Scene,
    m: &Metrics,
    frame: &Frame,
    text: &'static str,
) {
    let w = watermark(m, scene.height, text);
    let (cx, cy) = (svg_value(w.cx), svg_value(w.cy));
    let size = svg_value(w.size);
    let baseline = svg_value(w.cy + w.drop);
    let face = m.face(Face::Black);
    let scale = size / f32::from(face.units_per_em());
    let mut pen = cx - m.width(Face::Black, size, w.text) / 2.0;
    let mut pb = PathBuilder::new();
    for c in w.text.chars() {
        let g = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
        if let Some(path) = outline(face, g)
            .and_then(|p| p.transform(Transform::from_row(scale, 0.0, 0.0, -scale, pen, baseline)))
        {
            pb.push_path(&path);
        }
        pen += f32::from(face.glyph_hor_advance(g).unwrap_or(0)) * scale;
    }
    let Some(path) = pb.finish() else { return };
    let ts = frame
        .transform()
        .pre_concat(Transform::from_rotate_at(svg_value(w.angle), cx, cy));
    let mut paint = Paint::default();
    paint.set_color_rgba8(0xdd, 0x00, 0x00, (0.22f32 * 255.0).round() as u8);
    paint.anti_alias = true;
    pixmap.fill_path(&path, &paint, FillRule::Winding, ts, None);
}

/// An opaque RGBA buffer (premultiplied = straight) as RGB, in place: pixel `i` moves from
/// byte `4i` to byte `3i`, never over a byte not yet read.
fn rgba_into_rgb(mut data: Vec<u8>) -> Vec<u8> {
    let pixels = data.len() / 4;
    for i in 0..pixels {
        data.copy_within(4 * i..4 * i + 3, 3 * i);
    }
    data.truncate(3 * pixels);
    data.shrink_to_fit();
    data
}

/// Encodes an opaque RGBA buffer (premultiplied = straight) as RGB.
#[cfg(test)]
fn encode_rgb(rgba: &[u8], width: u32, height: u32) -> Result<Vec<u8>, RenderError> {
    let rgb: Vec<u8> = rgba
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    encode(png::ColorType::Rgb, &rgb, width, height)
}

/// A black-on-white label as a 4-bit greyscale PNG: coverage in 16 levels, each pixel within
/// 8/255 of the 8-bit drawing (text antialiasing needs no more). Rows unfiltered and zlib at a
/// measured level ([`grey_png`]): the grid-placed glyphs and exact rules repeat byte for byte
/// (BENCHMARKS.md, sessions 13 and 19).
fn encode_grey(grey: &[u8], width: u32, height: u32) -> Result<Vec<u8>, RenderError> {
    grey_png::encode(grey, width, height, grey_png::LEVEL)
}

/// 8-bit PNG of `data` (greyscale or RGB), no alpha channel.
fn encode(
    color: png::ColorType,
    data: &[u8],
    width: u32,
    height: u32,
) -> Result<Vec<u8>, RenderError> {
    encode_depth(color, png::BitDepth::Eight, data, width, height)
}

/// PNG of `data` rows packed at `depth`.
fn encode_depth(
    color: png::ColorType,
    depth: png::BitDepth,
    data: &[u8],
    width: u32,
    height: u32,
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(data.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(color);
    encoder.set_depth(depth);
    // Colour labels (front-of-pack marks, draft band, diagonal): fast (fdeflate) with
    // adaptive filtering, ~1 ms instead of ~15 ms for the default level at about twice the
    // size. Their shapes and colour blends are not the grey labels' repeats.
    encoder.set_compression(png::Compression::Fast);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let png_err = |e: png::EncodingError| RenderError::Png(e.to_string());
    let mut writer = encoder.write_header().map_err(png_err)?;
    writer.write_image_data(data).map_err(png_err)?;
    writer.finish().map_err(png_err)?;
    Ok(out)
}

#[cfg(test)]
#[path = "../../tests/common/mod.rs"]
mod sample_labels;

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::usvg;

    /// Grey levels of a greyscale or RGB PNG (red channel).
    fn grey_pixels(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let mut decoder = png::Decoder::new(bytes);
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("png");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("frame");
        buf.truncate(info.buffer_size());
        let step = if info.color_type == png::ColorType::Grayscale {
            1
        } else {
            3
        };
        (
            info.width,
            info.height,
            buf.iter().step_by(step).copied().collect(),
        )
    }

    /// The SVG rasterised by resvg, kerning off as the layout measured it (usvg ignores the
    /// `font-kerning` attribute and only reads it from `style`).
    fn resvg_png(svg: &str, fonts: &Fonts, scale: f32) -> Vec<u8> {
        let svg = svg.replacen(
            "<g font-family",
            "<g style=\"font-kerning:none\" font-family",
            1,
        );
        let options = usvg::Options {
            font_family: super::super::fonts::FAMILY.to_string(),
            fontdb: fonts.db.clone(),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(&svg, &options).expect("svg");
        let size = tree.size();
        let width = (size.width() * scale).round() as u32;
        let height = (size.height() * scale).round() as u32;
        let mut pixmap = Pixmap::new(width, height).expect("pixmap");
        pixmap.fill(resvg::tiny_skia::Color::WHITE);
        let ts = Transform::from_scale(width as f32 / size.width(), height as f32 / size.height());
        resvg::render(&tree, ts, &mut pixmap.as_mut());
        encode_rgb(pixmap.data(), width, height).expect("encode")
    }

    /// The pixels a rule covers in part: tiny-skia's 4× supersampled fill (resvg) places
    /// such an edge to a quarter pixel, the exact coverage of `rules.rs` does not.
    fn rule_edges(scene: &Scene, o: &RenderOptions) -> Vec<bool> {
        let frame = Frame::new(scene, o);
        rules::draw(
            &rules(scene, &frame),
            frame.width as usize,
            frame.height as usize,
        )
        .iter()
        .map(|g| *g != 0 && *g != 255)
        .collect()
    }

    /// How many pixels of `ours` (`width` wide) are more than `tolerance` outside the range
    /// of `theirs` within one pixel of them: unshaped glyphs are on a whole-pixel grid
    /// (`snap`), up to a pixel from where resvg sets them. A rule's partly covered pixels may
    /// differ by a further quarter of full coverage.
    fn differing(ours: &[u8], theirs: &[u8], width: usize, tolerance: u8, edges: &[bool]) -> usize {
        let height = ours.len() / width;
        (0..ours.len())
            .filter(|&i| {
                let (x, y) = (i % width, i / width);
                let tolerance = if edges[i] {
                    tolerance.saturating_add(64)
                } else {
                    tolerance
                };
                // A shift of up to a pixel moves an edge's values between neighbours': the
                // pixel lies within the range of resvg's around it.
                let (mut lo, mut hi) = (u8::MAX, u8::MIN);
                for ny in y.saturating_sub(1)..(y + 2).min(height) {
                    for nx in x.saturating_sub(1)..(x + 2).min(width) {
                        lo = lo.min(theirs[ny * width + nx]);
                        hi = hi.max(theirs[ny * width + nx]);
                    }
                }
                ours[i] < lo.saturating_sub(tolerance) || ours[i] > hi.saturating_add(tolerance)
            })
            .count()
    }

    /// The direct rasteriser draws what resvg draws from the SVG: same size, and at most
    /// 1 % of pixels differ by more than 16 levels from resvg's within a pixel of them
    /// (unshaped glyph origins are on a whole-pixel grid, rule edges are exact coverage
    /// instead of the paint pipeline's), plus the up to 8 levels of the 4-bit grey encoding
    /// ([`encode_grey`]).
    #[test]
    fn matches_resvg_on_the_svg() {
        let fonts = Fonts::bundled().expect("fonts");
        for (name, label) in [
            ("us-standard", sample_labels::us_label()),
            ("us-less-than", sample_labels::us_less_than_label()),
            ("eu-1169", sample_labels::eu_label()),
        ] {
            for (width_px, scale) in [(290.0, 1.0), (290.0, 2.0), (413.0, 1.5)] {
                let o = RenderOptions {
                    width_px,
                    scale,
                    watermark: false,
                };
                let ours = grey_pixels(&super::super::png(&label, &fonts, &o).expect("png"));
                let svg = super::super::svg(&label, &o).expect("svg");
                let theirs = grey_pixels(&resvg_png(&svg, &fonts, scale));
                assert_eq!(
                    (ours.0, ours.1),
                    (theirs.0, theirs.1),
                    "{name} {width_px} {scale}"
                );
                let (scene, _) = super::super::scene(
                    &label,
                    super::super::format_of(&label).expect("format"),
                    &o,
                )
                .expect("scene");
                let differing = differing(
                    &ours.2,
                    &theirs.2,
                    ours.0 as usize,
                    16 + grey_png::GREY_STEP / 2,
                    &rule_edges(&scene, &o),
                );
                assert!(
                    differing * 100 <= ours.2.len(),
                    "{name} {width_px}px x{scale}: {differing} of {} pixels differ",
                    ours.2.len()
                );
            }
        }
    }

    /// Front-of-pack elements with white words (octagons, Canada, Nutri-Score): the direct
    /// rasteriser draws what resvg draws from the SVG, coloured text included.
    #[test]
    fn white_words_match_resvg_on_the_svg() {
        use nls_nutrition::fop::{evaluate, scheme, Category, Facts, Product, State};
        let fonts = Fonts::bundled().expect("fonts");
        let product = |facts: Facts| Product {
            per_100g: [
                ("calories", 520.0),
                ("energy_kj", 2176.0),
                ("total_fat_g", 30.0),
                ("saturated_fat_g", 12.0),
                ("trans_fat_g", 1.0),
                ("sodium_mg", 900.0),
                ("total_sugars_g", 30.0),
                ("added_sugars_g", 25.0),
                ("protein_g", 6.0),
                ("dietary_fiber_g", 2.0),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
            portion_g: 55.0,
            reference_amount_g: Some(55.0),
            facts,
        };
        let solid = Facts {
            state: Some(State::Solid),
            free_sugars_g_per_100g: Some(25.0),
            category: Some(Category::General),
            fruit_vegetable_legume_pct: Some(0.0),
            ..Facts::default()
        };
        for id in [
            "cl.fop.alto",
            "mx.fop.oct",
            "ca.fop.h.bi",
            "eu.fop.nutriscore",
        ] {
            let r = evaluate(
                scheme(id).expect("scheme"),
                &product(solid.clone()),
                "2026-06-01",
                true,
            );
            let o = RenderOptions {
                width_px: 290.0,
                scale: 2.0,
                watermark: false,
            };
            let ours = grey_pixels(&super::super::fop::png(&r, &fonts, &o).expect("png"));
            let svg = super::super::fop::svg(&r, &o).expect("svg");
            let theirs = grey_pixels(&resvg_png(&svg, &fonts, 2.0));
            assert_eq!((ours.0, ours.1), (theirs.0, theirs.1), "{id}");
            let (scene, _) = super::super::fop::scene(&r, &o).expect("scene");
            let differing = differing(
                &ours.2,
                &theirs.2,
                ours.0 as usize,
                16,
                &rule_edges(&scene, &o),
            );
            assert!(
                differing * 100 <= ours.2.len(),
                "{id}: {differing} of {} pixels differ",
                ours.2.len()
            );
        }
    }

    #[test]
    fn rgba_becomes_rgb_in_place() {
        let rgba = vec![1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255];
        assert_eq!(rgba_into_rgb(rgba), vec![1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }

    /// `scene` drawn 290 px wide at scale 1, decoded: an RGB image.
    fn rgb_at_290(scene: &Scene, m: &Metrics, fonts: &Fonts) -> (png::OutputInfo, Vec<u8>) {
        let o = RenderOptions {
            width_px: 290.0,
            scale: 1.0,
            watermark: false,
        };
        let bytes = render(scene, m, fonts, &o).expect("png");
        let mut reader = png::Decoder::new(bytes.as_slice())
            .read_info()
            .expect("png");
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).expect("frame");
        assert_eq!(info.color_type, png::ColorType::Rgb);
        (info, buf)
    }

    #[test]
    fn shapes_are_filled_in_their_colour_under_the_black_rules() {
        let m = Metrics::get().expect("fonts");
        let fonts = Fonts::bundled().expect("fonts");
        let scene = super::super::svg::tests::shapes_scene(m);
        let (info, buf) = rgb_at_290(&scene, m, &fonts);
        let at = |x: usize, y: usize| {
            let i = (y * info.width as usize + x) * 3;
            [buf[i], buf[i + 1], buf[i + 2]]
        };
        assert_eq!(at(50, 30), [0xd0, 0, 0], "inside the triangle");
        assert_eq!(at(200, 50), [0, 0x80, 0], "inside the curved shape");
        assert_eq!(at(120, 50), [255, 255, 255], "between them");
        assert_eq!(at(120, 1), [0, 0, 0], "the rule");
    }

    #[test]
    fn coloured_text_is_composited_in_its_colour_over_the_shapes() {
        let m = Metrics::get().expect("fonts");
        let fonts = Fonts::bundled().expect("fonts");
        let scene = super::super::svg::tests::white_text_scene(m);
        let (info, buf) = rgb_at_290(&scene, m, &fonts);
        let w = info.width as usize;
        let px = |x: usize, y: usize| {
            let i = (y * w + x) * 3;
            [buf[i], buf[i + 1], buf[i + 2]]
        };
        // Inside the black square: black where no letter is, pure white inside the letters.
        assert_eq!(px(2, 2), [0, 0, 0]);
        let white_inside = (0..100)
            .flat_map(|y| (0..100).map(move |x| (x, y)))
            .filter(|&(x, y)| px(x, y) == [255, 255, 255])
            .count();
        assert!(
            white_inside > 500,
            "white letters on black: {white_inside} px"
        );
        // Only greys: white words, black ink, no tint.
        assert!((0..buf.len() / 3)
            .all(|i| buf[3 * i] == buf[3 * i + 1] && buf[3 * i + 1] == buf[3 * i + 2]));
        // The black words beside it are still drawn.
        let ink = (140..200)
            .flat_map(|x| (40..70).map(move |y| (x, y)))
            .filter(|&(x, y)| px(x, y) == [0, 0, 0])
            .count();
        assert!(ink > 20, "black words: {ink} px");
    }

    #[test]
    fn mul255_is_rounded_division() {
        for a in 0..=255u32 {
            for b in 0..=255u32 {
                let want = ((a * b) as f32 / 255.0).round() as u32;
                assert_eq!(u32::from(mul255(a as u8, b as u8)), want, "{a} × {b}");
            }
        }
    }

    #[test]
    fn glyph_masks_depend_only_on_their_key() {
        let m = Metrics::get().expect("bundled fonts");
        let g = m.face(Face::Bold).glyph_index('g').expect("g").0;
        for (dx, dy) in [(0, 0), (1, 3), (3, 2)] {
            let key = GlyphKey {
                face: Face::Bold,
                glyph: g,
                size_x: 16 * 64,
                size_y: 16 * 64,
                dx,
                dy,
            };
            let (a, b) = (rasterise_glyph(m, &key), rasterise_glyph(m, &key));
            assert_eq!(a.coverage, b.coverage);
            assert!(a.coverage.contains(&255), "solid inside");
            // The margin stays empty: nothing was clipped.
            assert!(a.coverage[..a.width].iter().all(|c| *c == 0));
            assert!(a.coverage[a.coverage.len() - a.width..]
                .iter()
                .all(|c| *c == 0));
        }
    }

    /// Issue 27, item 4 (BENCHMARKS.md, session 19): the PNG's size by glyph grid, and the
    /// size and encoding time of the same pixels by encoder, for the pancake label and the
    /// US sample at the default size. Timings mean something in a release build only:
    /// `cargo test --release -p nls-renderer --lib encoder_table -- --ignored --nocapture`
    #[test]
    #[ignore = "a measurement: prints a table"]
    fn encoder_table() {
        use std::time::Instant;
        let fonts = Fonts::bundled().expect("fonts");
        let o = RenderOptions::default();
        for (name, label) in [
            ("pancakes", sample_labels::pancake_label()),
            ("us-standard", sample_labels::us_label()),
        ] {
            let (scene, m) =
                super::super::scene(&label, super::super::format_of(&label).expect("format"), &o)
                    .expect("scene");
            let frame = Frame::new(&scene, &o);
            for grid in [0, 1, 2] {
                let bytes = render_in(&scene, m, &fonts, &Frame { grid, ..frame }).expect("png");
                println!("{name}: glyph grid {grid} px: {} bytes", bytes.len());
            }
            let bytes = render_in(&scene, m, &fonts, &frame).expect("png");
            let (w, h, grey) = grey_pixels(&bytes);
            let stage = |what: &str, f: &dyn Fn() -> usize| {
                let mut ms: Vec<f64> = (0..15)
                    .map(|_| {
                        let t = Instant::now();
                        std::hint::black_box(f());
                        t.elapsed().as_secs_f64() * 1e3
                    })
                    .collect();
                ms.sort_by(f64::total_cmp);
                println!("{name}: stage {what}: {:.3} ms", ms[ms.len() / 2]);
            };
            stage("whole drawing", &|| {
                render_in(&scene, m, &fonts, &frame).expect("png").len()
            });
            let exact = Frame { grid: 0, ..frame };
            stage("whole drawing, glyphs at 1/16 px", &|| {
                render_in(&scene, m, &fonts, &exact).expect("png").len()
            });
            stage("rules", &|| {
                rules::draw(&rules(&scene, &frame), w as usize, h as usize).len()
            });
            stage("placements", &|| placements(&scene, m, &frame).len());
            let packed: Vec<u8> = grey_png::scanlines(&grey, w as usize)
                .chunks_exact(1 + (w as usize).div_ceil(2))
                .flat_map(|row| row[1..].to_vec())
                .collect();
            let crate_png = |compression, filter| {
                let mut out = Vec::new();
                let mut e = png::Encoder::new(&mut out, w, h);
                e.set_color(png::ColorType::Grayscale);
                e.set_depth(png::BitDepth::Four);
                e.set_compression(compression);
                match filter {
                    Some(f) => {
                        e.set_filter(f);
                        e.set_adaptive_filter(png::AdaptiveFilterType::NonAdaptive);
                    }
                    None => e.set_adaptive_filter(png::AdaptiveFilterType::Adaptive),
                }
                let mut wr = e.write_header().expect("header");
                wr.write_image_data(&packed).expect("data");
                wr.finish().expect("finish");
                out
            };
            let time = |f: &dyn Fn() -> Vec<u8>| {
                let mut runs: Vec<(f64, usize)> = (0..15)
                    .map(|_| {
                        let t = Instant::now();
                        let n = f().len();
                        (t.elapsed().as_secs_f64() * 1e3, n)
                    })
                    .collect();
                runs.sort_by(|a, b| a.0.total_cmp(&b.0));
                runs[runs.len() / 2]
            };
            let none = Some(png::FilterType::NoFilter);
            type Encoder<'a> = Box<dyn Fn() -> Vec<u8> + 'a>;
            let rows: Vec<(String, Encoder)> = vec![
                (
                    "png crate, fdeflate Fast, adaptive filter (before)".into(),
                    Box::new(|| crate_png(png::Compression::Fast, None)),
                ),
                (
                    "png crate, fdeflate Fast, filter None".into(),
                    Box::new(|| crate_png(png::Compression::Fast, none)),
                ),
                (
                    "png crate, zlib level 6, adaptive filter".into(),
                    Box::new(|| crate_png(png::Compression::Default, None)),
                ),
                (
                    "png crate, zlib level 6, filter None".into(),
                    Box::new(|| crate_png(png::Compression::Default, none)),
                ),
            ];
            let mut rows = rows;
            for level in [1, 2, 3, 4, 6, 9] {
                let grey = grey.clone();
                rows.push((
                    format!("grey_png, zlib-rs level {level}, filter None"),
                    Box::new(move || grey_png::encode(&grey, w, h, level).expect("encode")),
                ));
            }
            for (what, f) in &rows {
                let (ms, n) = time(f.as_ref());
                println!("{name}: {what}: {n} bytes, {ms:.2} ms");
            }
        }
    }

    /// Unshaped glyphs on the grid stay within half a pixel of their exact origins (each
    /// rounded from its own position: no drift along a line), shaped ones do not move, and
    /// every glyph keeps its order.
    #[test]
    fn grid_origins_stay_within_half_a_pixel() {
        let o = RenderOptions::default();
        let mut recipe = sample_labels::eu_recipe();
        for (ing, name) in recipe
            .ingredients
            .iter_mut()
            .zip(["شوفان", "燕麦片", "Wheat flour"])
        {
            ing.label_name = name.to_string();
        }
        let eu = nls_nutrition::compute_label(
            &recipe,
            nls_nutrition::format("eu.tab.ri").expect("format"),
        )
        .expect("label");
        let mut shaped = 0;
        for label in [sample_labels::pancake_label(), eu] {
            let (scene, m) =
                super::super::scene(&label, super::super::format_of(&label).expect("format"), &o)
                    .expect("scene");
            let frame = Frame::new(&scene, &o);
            assert_eq!(frame.grid, 1);
            let exact = placements(&scene, m, &Frame { grid: 0, ..frame });
            let snapped = placements(&scene, m, &frame);
            assert_eq!(exact.len(), snapped.len());
            let step = SUBPIXEL as i32;
            for (e, s) in exact.iter().zip(&snapped) {
                assert_eq!(e.key.glyph, s.key.glyph);
                let (ex, ey) = (
                    e.x * step + i32::from(e.key.dx),
                    e.y * step + i32::from(e.key.dy),
                );
                let (sx, sy) = (
                    s.x * step + i32::from(s.key.dx),
                    s.y * step + i32::from(s.key.dy),
                );
                if e.key.face.shapes() {
                    shaped += 1;
                    assert_eq!((ex, ey), (sx, sy), "shaped glyphs keep their position");
                } else {
                    assert_eq!((s.key.dx, s.key.dy), (0, 0), "on whole pixels");
                    assert!((ex - sx).abs() <= step / 2 && (ey - sy).abs() <= step / 2);
                }
            }
        }
        assert!(shaped > 0, "the Arabic name is shaped");
    }
}
