//! Front-of-pack elements drawn from a computed [`FopResult`]: the same scene model (filled
//! shapes in colour, text) and the same SVG, PNG and PDF writers as the labels. Words printed
//! in white (octagons, Canada's panel, Nutri-Score letters) are text lines with a white fill,
//! set like every other word (SVG `<text fill>`, the PNG writer's glyph cache, PDF text).
//!
//! Proportions follow the schemes' models; sizes by display area (Chile's and Mexico's seal
//! sizes) are the printer's scaling of this drawing and are not computed here.

mod glyphs;
mod seals;
mod tiles;

use nls_nutrition::fop::{self, FopResult, Kind, Mark};

use super::fonts::{Fonts, Metrics};
use super::scene::{Painter, Scene};
use super::{pdf as pdf_out, png as png_out, svg as svg_out, RenderError, RenderOptions};

/// Which drawing a scheme gets.
pub(crate) fn scene(
    r: &FopResult,
    options: &RenderOptions,
) -> Result<(Scene, &'static Metrics), RenderError> {
    let unsupported = || RenderError::UnsupportedFormat(r.scheme.clone());
    let s = fop::scheme(&r.scheme).ok_or_else(unsupported)?;
    let m = Metrics::get()?;
    let mut p = Painter::new(m);
    let height = match (s.kind, s.id.as_str()) {
        // The printed form of these is not in our references: nothing is drawn.
        (_, "il.fop.red" | "ec.fop.sem") => return Err(unsupported()),
        (Kind::Warning, "ca.fop.h.bi") => seals::canada(&mut p, s, r),
        (Kind::Warning, "br.fop.lupa") => seals::lupa(&mut p, s, r),
        (Kind::Warning, "mx.fop.leg") => seals::legends(&mut p, r),
        (Kind::Warning, _) => seals::octagons(&mut p, s, r),
        (Kind::TrafficLight, _) => tiles::traffic_lights(&mut p, r),
        (Kind::Nutriscore, _) => match r.marks.first() {
            Some(Mark::Score(score)) => tiles::nutriscore(&mut p, &score.grade),
            _ => return Err(unsupported()),
        },
        (Kind::Grade, _) => match r.marks.first() {
            Some(Mark::Grade(g)) => tiles::nutrigrade(&mut p, &g.grade),
            _ => return Err(unsupported()),
        },
    };
    options.validate()?;
    Ok((
        Scene {
            height: height.max(16.0),
            title: s.name.clone(),
            description: describe(r),
            items: p.items,
            diagonal: None,
        },
        m,
    ))
}

/// What a screen reader says: every mark's words.
fn describe(r: &FopResult) -> String {
    let words: Vec<String> = r
        .marks
        .iter()
        .map(|m| match m {
            Mark::Warning(w) => w.text.clone().unwrap_or_else(|| w.nutrient.clone()),
            Mark::Light(l) => format!(
                "{} {}",
                l.nutrient,
                l.colour.map_or("", |c| match c {
                    fop::Colour::Green => "green",
                    fop::Colour::Amber => "amber",
                    fop::Colour::Red => "red",
                })
            )
            .trim()
            .to_string(),
            Mark::Score(s) => format!("Nutri-Score {}", s.grade),
            Mark::Grade(g) => format!("Nutri-Grade {}", g.grade),
        })
        .collect();
    if words.is_empty() {
        format!("{}: no mark", r.scheme)
    } else {
        words.join(", ")
    }
}

/// The element as a standalone SVG document, `width_px` wide.
pub fn svg(r: &FopResult, options: &RenderOptions) -> Result<String, RenderError> {
    let (scene, m) = scene(r, options)?;
    Ok(svg_out::write(&scene, m, options))
}

/// The element as a PNG, `round(width_px × scale)` pixels wide.
pub fn png(r: &FopResult, fonts: &Fonts, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    let (scene, m) = scene(r, options)?;
    let (w, h) = png_out::pixel_size(&scene, options);
    super::bounds::check_pixels(w.into(), h.into())?;
    png_out::render(&scene, m, fonts, options)
}

/// The element as a one-page vector PDF.
pub fn pdf(r: &FopResult, fonts: &Fonts, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
    let (scene, m) = scene(r, options)?;
    pdf_out::write(&scene, m, fonts, options)
}
