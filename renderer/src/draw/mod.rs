//! Pure label drawing: [`Label`] → SVG text, PNG bytes or PDF bytes.
//!
//! A layout per format family (US FDA standard vertical, EU 1169/2011 table) turns the label
//! into a scene measured with the bundled font's metrics. The scene is written as SVG,
//! rasterised directly for PNG (glyph masks cached in `Fonts`), and drawn as vector PDF
//! (text as text, the font embedded).
//! No I/O, no system fonts, no clock: the same label and options give the same bytes.

pub mod bounds;
mod error;
mod eu;
mod fonts;
mod pdf;
mod png;
mod scene;
mod svg;
mod us;

use nls_nutrition::{Facts, Family, Label};

pub use error::RenderError;
pub use fonts::Fonts;

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
    /// Draws a diagonal "SAMPLE" over the label (free-plan exports).
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

/// Lays `label` out with the layout of its format's family. Statements beyond
/// [`bounds::MAX_STATEMENT_CHARS`] are refused before any layout work.
fn scene(label: &Label, options: &RenderOptions) -> Result<(Scene, &'static Metrics), RenderError> {
    options.validate()?;
    bounds::check_statements(label)?;
    let metrics = Metrics::get()?;
    let unsupported = || RenderError::UnsupportedFormat(label.format.clone());
    let format = nls_nutrition::format(&label.format).ok_or_else(unsupported)?;
    let scene = match (format.family, &label.facts) {
        (Family::UsFda, Facts::Us(us)) => us::layout(metrics, label, format, us),
        (Family::Eu1169, Facts::Eu(eu)) => eu::layout(metrics, label, format, eu),
        _ => return Err(unsupported()),
    };
    Ok((scene, metrics))
}

/// The label as a standalone SVG document (UTF-8), `width_px` wide, with real text in the
/// bundled family (viewers without it fall back to Helvetica/Arial), a `<title>`, and
/// `role="img"` with an `aria-label` reading the whole label.
///
/// Errors: [`RenderError::InvalidOptions`], [`RenderError::UnsupportedFormat`],
/// [`RenderError::StatementTooLong`].
pub fn svg(label: &Label, options: &RenderOptions) -> Result<String, RenderError> {
    let (scene, metrics) = scene(label, options)?;
    Ok(svg::write(&scene, metrics, options))
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
    let (scene, metrics) = scene(label, options)?;
    let (width, height) = png::pixel_size(&scene, options);
    bounds::check_pixels(width.into(), height.into())?;
    png::render(&scene, metrics, fonts, options)
}

/// The pixel size `png` would draw, without drawing: the same layout, no pixel buffer.
///
/// Errors: as [`svg`].
pub fn png_size(label: &Label, options: &RenderOptions) -> Result<(u32, u32), RenderError> {
    let (scene, _) = scene(label, options)?;
    Ok(png::pixel_size(&scene, options))
}

/// The label as a one-page vector PDF sized to the label (`width_px × 0.75` pt wide): text as
/// text in the embedded bundled font, rules as filled paths. Byte-identical for the same input.
///
/// Errors: as [`svg`], plus [`RenderError::Pdf`] on internal failures.
pub fn pdf(label: &Label, fonts: &Fonts, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    let (scene, metrics) = scene(label, options)?;
    pdf::write(&scene, metrics, fonts, options)
}
