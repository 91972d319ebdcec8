//! Pure label drawing: [`Label`] → SVG text, PNG bytes or PDF bytes.
//!
//! The format's `layout` picks one of [`LAYOUTS`] (one file each: `us_vertical.rs`,
//! `eu_table.rs`), which reads the format's columns, rows and terms and turns the label into a
//! scene (rules, text, filled paths) measured with the bundled font's metrics. The scene is written as SVG,
//! rasterised directly for PNG (glyph masks cached in `Fonts`), and drawn as vector PDF
//! (text as text, the font embedded).
//! No I/O, no system fonts, no clock: the same label and options give the same bytes.

mod bidi;
pub mod bounds;
mod ca_table;
mod error;
mod eu_linear;
mod eu_table;
mod fonts;
pub mod fop;
mod grey_png;
mod marks;
mod paired;
mod pdf;
mod png;
pub mod print_size;
mod rules;
mod scene;
mod script_fonts;
mod shape;
mod statements;
mod subset;
mod svg;
mod us_bilingual;
mod us_linear;
mod us_parts;
mod us_tabular;
mod us_vertical;

use nls_nutrition::{Format, Label};

pub use error::RenderError;
pub use fonts::Fonts;
pub use script_fonts::{script_fonts_missing, FONT_DIR_VAR};

use fonts::Metrics;
use scene::Scene;

/// Output size and marks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RenderOptions {
    /// Label width in CSS pixels (1/96 in), `120.0..=2000.0`. The height follows the content.
    /// The PDF page is this width in points × 0.75.
    pub width_px: f32,
    /// Device pixels per CSS pixel for PNG, `0.5..=8.0`; the PNG is
    /// `round(width_px × scale)` pixels wide.
    pub scale: f32,
    /// Draws a diagonal "SAMPLE" over the label (free-plan exports), in place of a draft's
    /// diagonal "DRAFT" (its band above the label stays).
    pub watermark: bool,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            width_px: 290.0,
            scale: 2.0,
            watermark: false,
        }
    }
}

impl RenderOptions {
    fn validate(&self) -> Result<(), RenderError> {
        if !(self.width_px.is_finite() && (120.0..=2000.0).contains(&self.width_px)) {
            return Err(RenderError::InvalidOptions(format!(
                "width_px must be within 120..=2000, got {}",
                self.width_px
            )));
        }
        if !(self.scale.is_finite() && (0.5..=8.0).contains(&self.scale)) {
            return Err(RenderError::InvalidOptions(format!(
                "scale must be within 0.5..=8, got {}",
                self.scale
            )));
        }
        Ok(())
    }
}

/// The layouts this renderer draws; `nutrition/data/layouts.json` describes the same ids
/// (a test keeps the two lists equal).
pub const LAYOUTS: [&str; 18] = [
    "us-vertical",
    "eu-table",
    "table-only",
    "nip",
    "eu-linear",
    "us-vertical-columns",
    "us-tabular",
    "us-linear",
    "us-bilingual",
    "linear-only",
    "table-ri",
    "table-split",
    "table-paired",
    "table-split-paired",
    "ca-standard",
    "ca-standard-paired",
    "ca-horizontal",
    "ca-horizontal-paired",
];

/// The embedded format of `label`.
fn format_of(label: &Label) -> Result<&'static Format, RenderError> {
    nls_nutrition::format(&label.format)
        .ok_or_else(|| RenderError::UnsupportedFormat(label.format.clone()))
}

/// Lays `label` out with its format's layout. Statements beyond
/// [`bounds::MAX_STATEMENT_CHARS`] are refused before any layout work.
fn scene(
    label: &Label,
    format: &Format,
    options: &RenderOptions,
) -> Result<(Scene, &'static Metrics), RenderError> {
    options.validate()?;
    bounds::check_statements(label)?;
    let metrics = Metrics::get()?;
    // A label drawn in a format must have been computed in it (same columns; an aggregate
    // format's columns are its label's foods).
    let same_columns = if format.has_food_columns() {
        !label.foods.is_empty()
            && label.columns.len() == label.foods.len()
            && label
                .columns
                .iter()
                .zip(&label.foods)
                .all(|(a, f)| *a == f.column)
    } else {
        label.columns.len() == format.columns.len()
            && label
                .columns
                .iter()
                .zip(&format.columns)
                .all(|(a, b)| *a == b.id)
    };
    if !same_columns || !format.is_named(&label.format) {
        return Err(RenderError::UnsupportedFormat(label.format.clone()));
    }
    let scene = match format.layout.as_str() {
        "us-vertical" => us_vertical::layout(metrics, label, format),
        "eu-table" => eu_table::layout(metrics, label, format),
        "table-only" => eu_table::layout_table_only(metrics, label, format),
        "nip" => eu_table::layout_nip(metrics, label, format),
        "eu-linear" => eu_linear::layout(metrics, label, format),
        "us-vertical-columns" => us_vertical::layout_columns(metrics, label, format),
        "us-tabular" => us_tabular::layout(metrics, label, format),
        "us-linear" => us_linear::layout(metrics, label, format),
        "us-bilingual" => us_bilingual::layout(metrics, label, format),
        "linear-only" => eu_linear::layout_linear_only(metrics, label, format),
        "table-ri" => eu_table::layout_table_ri(metrics, label, format),
        "table-split" => eu_table::layout_table_split(metrics, label, format),
        "table-paired" => paired::layout(metrics, label, format, eu_table::layout_table_only),
        "table-split-paired" => {
            paired::layout(metrics, label, format, eu_table::layout_table_split)
        }
        "ca-standard" => ca_table::layout_standard(metrics, label, format),
        "ca-standard-paired" => paired::layout(metrics, label, format, ca_table::layout_standard),
        "ca-horizontal" => ca_table::layout_horizontal(metrics, label, format),
        "ca-horizontal-paired" => {
            paired::layout(metrics, label, format, ca_table::layout_horizontal)
        }
        _ => return Err(RenderError::UnsupportedFormat(label.format.clone())),
    };
    // A draft's label, or one whose data leaves a mandatory amount open, says so on every
    // file drawn from it; an in-force, complete one carries nothing.
    let draft = match &label.status {
        Some(status) => status.is_draft(),
        None => format.status != "in_force",
    };
    let mut scene = marks::marked(metrics, label, draft, scene);
    if options.watermark {
        scene.diagonal = Some("SAMPLE");
    }
    Ok((scene, metrics))
}

/// SVG and PDF are bounded like a PNG of the same scene at its base width and scale 1 (their
/// cost follows the content, not the width asked for; issue 28: a label sent for export
/// once drew an SVG 1.1 million pixels tall).
fn check_vector(scene: &Scene) -> Result<(), RenderError> {
    bounds::check_scene(scene::BASE_WIDTH, scene::BASE_WIDTH, scene.height)
}

/// Characters of the drawn `label` (in `format`) that the bundled faces lack: empty for every
/// format the service offers (a test checks each).
pub fn missing_glyphs(label: &Label, format: &Format) -> Result<Vec<char>, RenderError> {
    let (scene, metrics) = scene(label, format, &RenderOptions::default())?;
    let mut missing: Vec<char> = scene
        .items
        .iter()
        .filter_map(|item| match item {
            scene::Item::Text(t) => Some(t),
            _ => None,
        })
        .flat_map(|t| t.spans.iter())
        .flat_map(|s| {
            let face = metrics.face(s.face);
            s.text
                .chars()
                .filter(move |c| face.glyph_index(*c).is_none_or(|g| g.0 == 0))
        })
        .collect();
    missing.sort_unstable();
    missing.dedup();
    Ok(missing)
}

/// Lines of the drawn `label` (in `format`) that run past the label's left or right edge
/// (half a unit of tolerance): empty for every format the service offers (a test checks each).
pub fn overflowing_text(label: &Label, format: &Format) -> Result<Vec<String>, RenderError> {
    let (scene, metrics) = scene(label, format, &RenderOptions::default())?;
    const TOLERANCE: f32 = 0.5;
    Ok(scene
        .items
        .iter()
        .filter_map(|item| match item {
            scene::Item::Text(t) => Some(t),
            _ => None,
        })
        .filter(|t| {
            let width: f32 = t
                .spans
                .iter()
                .map(|s| metrics.width(s.face, t.size, &s.text))
                .sum();
            let (left, right) = match t.anchor {
                scene::Anchor::Start => (t.x, t.x + width),
                scene::Anchor::End => (t.x - width, t.x),
            };
            left < -TOLERANCE || right > scene::BASE_WIDTH + TOLERANCE
        })
        .map(|t| t.spans.iter().map(|s| s.text.as_str()).collect::<String>())
        .collect())
}

/// How large a front-of-pack element is drawn under a label, relative to the label's width.
const FOP_UNDER_LABEL_SCALE: f32 = 0.6;
/// The space above each element, in user units.
const FOP_UNDER_LABEL_GAP: f32 = 12.0;

/// The label's scene with the front-of-pack elements it carries drawn under it. An element
/// whose printed form is not in our references is refused (a file must not silently lack
/// what was asked for).
fn scene_with_front_of_pack(
    label: &Label,
    options: &RenderOptions,
) -> Result<(Scene, &'static Metrics), RenderError> {
    let (mut scene, metrics) = scene(label, format_of(label)?, options)?;
    for result in &label.front_of_pack {
        let (element, _) = fop::scene(result, options)?;
        scene.append_below(element, FOP_UNDER_LABEL_SCALE, FOP_UNDER_LABEL_GAP);
    }
    Ok((scene, metrics))
}

/// [`svg`] with the label's front-of-pack elements under it (`fop=` on label files).
pub fn svg_with_front_of_pack(
    label: &Label,
    options: &RenderOptions,
) -> Result<String, RenderError> {
    let (scene, metrics) = scene_with_front_of_pack(label, options)?;
    check_vector(&scene)?;
    Ok(svg::write(&scene, metrics, options))
}

/// [`png`] with the label's front-of-pack elements under it.
pub fn png_with_front_of_pack(
    label: &Label,
    fonts: &Fonts,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let (scene, metrics) = scene_with_front_of_pack(label, options)?;
    let (width, height) = png::pixel_size(&scene, options);
    bounds::check_pixels(width.into(), height.into())?;
    png::render(&scene, metrics, fonts, options)
}

/// [`pdf`] with the label's front-of-pack elements under it.
pub fn pdf_with_front_of_pack(
    label: &Label,
    fonts: &Fonts,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let (scene, metrics) = scene_with_front_of_pack(label, options)?;
    check_vector(&scene)?;
    pdf::write(&scene, metrics, fonts, options)
}

/// [`svg`] in a format given by the caller (one not in the embedded catalog, e.g. a format
/// added from data).
pub fn svg_in(
    label: &Label,
    format: &Format,
    options: &RenderOptions,
) -> Result<String, RenderError> {
    let (scene, metrics) = scene(label, format, options)?;
    check_vector(&scene)?;
    Ok(svg::write(&scene, metrics, options))
}

/// [`png`] in a format given by the caller.
pub fn png_in(
    label: &Label,
    format: &Format,
    fonts: &Fonts,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let (scene, metrics) = scene(label, format, options)?;
    let (width, height) = png::pixel_size(&scene, options);
    bounds::check_pixels(width.into(), height.into())?;
    png::render(&scene, metrics, fonts, options)
}

/// [`pdf`] in a format given by the caller.
pub fn pdf_in(
    label: &Label,
    format: &Format,
    fonts: &Fonts,
    options: &RenderOptions,
) -> Result<Vec<u8>, RenderError> {
    let (scene, metrics) = scene(label, format, options)?;
    check_vector(&scene)?;
    pdf::write(&scene, metrics, fonts, options)
}

/// The label as a standalone SVG document (UTF-8), `width_px` wide, with real text in the
/// bundled family (viewers without it fall back to Helvetica/Arial), a `<title>`, and
/// `role="img"` with an `aria-label` reading the whole label.
///
/// Errors: [`RenderError::InvalidOptions`], [`RenderError::UnsupportedFormat`],
/// [`RenderError::StatementTooLong`].
pub fn svg(label: &Label, options: &RenderOptions) -> Result<String, RenderError> {
    options.validate()?;
    svg_in(label, format_of(label)?, options)
}

/// The label as a PNG (8-bit RGBA, sRGB, white background), `round(width_px × scale)` pixels
/// wide, rasterised from the same scene as [`svg`] (same geometry) with the bundled fonts
/// only; glyph masks are cached in `fonts`.
///
/// Errors: as [`svg`], [`RenderError::ImageTooLarge`], and [`RenderError::Png`] on
/// internal failures.
///
/// The size is checked on the laid-out scene before any pixel buffer is allocated:
/// beyond [`bounds::MAX_PIXELS`] it is [`RenderError::ImageTooLarge`].
pub fn png(label: &Label, fonts: &Fonts, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    options.validate()?;
    png_in(label, format_of(label)?, fonts, options)
}

/// The pixel size `png` would draw, without drawing: the same layout, no pixel buffer.
///
/// Errors: as [`svg`].
pub fn png_size(label: &Label, options: &RenderOptions) -> Result<(u32, u32), RenderError> {
    let (scene, _) = scene(label, format_of(label)?, options)?;
    Ok(png::pixel_size(&scene, options))
}

/// The label as a one-page vector PDF sized to the label (`width_px × 0.75` pt wide): text as
/// text in the embedded bundled font, rules as filled paths. Byte-identical for the same input.
///
/// Errors: as [`svg`], plus [`RenderError::Pdf`] on internal failures.
pub fn pdf(label: &Label, fonts: &Fonts, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    options.validate()?;
    pdf_in(label, format_of(label)?, fonts, options)
}
