//! The render bounds as a property: whatever the width, scale and statement, a PNG is either
//! refused with the limit it would pass, or drawn within [`MAX_PIXELS`] at exactly the size
//! predicted from the layout alone (so the check runs before any pixel buffer exists).
#![allow(clippy::unwrap_used)]

mod common;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use nls_nutrition::Label;
use nls_renderer::draw::bounds::{MAX_PIXELS, MAX_STATEMENT_CHARS};
use nls_renderer::draw::{pdf, png, png_size, svg, Fonts, RenderError, RenderOptions};
use proptest::prelude::*;

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts::bundled().unwrap())
}

/// A sample label with `statement` as its ingredient statement (both families' fields).
fn with_statement(eu: bool, statement: &str) -> Label {
    let mut label = if eu {
        common::eu_label()
    } else {
        common::us_label()
    };
    label.ingredient_statement = statement.to_owned();
    if let Some(html) = &mut label.ingredient_statement_html {
        *html = statement.to_owned();
    }
    label
}

/// Words of `len` letters (wide `W`s or narrow `i`s), `count` of them.
fn statement(count: usize, len: usize, wide: bool) -> String {
    let word = if wide { "W" } else { "i" }.repeat(len);
    vec![word; count].join(" ")
}

fn png_dimensions(bytes: &[u8]) -> (u32, u32) {
    let reader = png::Decoder::new(bytes).read_info().unwrap();
    let info = reader.info();
    (info.width, info.height)
}

/// Generous: the largest allowed PNG takes well under a second in release builds; this
/// only catches work proportional to the text rather than to the image.
const RENDER_TIME: Duration = Duration::from_secs(30);

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_png_is_refused_or_within_the_pixel_cap(
        width in 120.0f32..=2000.0,
        scale in 0.5f32..=8.0,
        words in 0usize..3000,
        len in 1usize..12,
        wide in any::<bool>(),
        eu in any::<bool>(),
        watermark in any::<bool>(),
    ) {
        let text = statement(words, len, wide);
        let label = with_statement(eu, &text);
        let contains_chars = label.contains_statement.as_deref().map_or(0, |c| c.chars().count());
        let options = RenderOptions { width_px: width, scale, watermark };
        let predicted = png_size(&label, &options);
        let started = Instant::now();
        let drawn = png(&label, fonts(), &options);
        prop_assert!(started.elapsed() < RENDER_TIME, "took {:?}", started.elapsed());
        match drawn {
            Ok(bytes) => {
                let (w, h) = png_dimensions(&bytes);
                prop_assert_eq!(Ok((w, h)), predicted.clone());
                prop_assert!(u64::from(w) * u64::from(h) <= MAX_PIXELS);
            }
            Err(RenderError::ImageTooLarge { width: w, height: h, max_pixels }) => {
                prop_assert_eq!(max_pixels, MAX_PIXELS);
                prop_assert!(w * h > MAX_PIXELS);
                let (pw, ph) = predicted.unwrap();
                prop_assert_eq!((u64::from(pw), u64::from(ph)), (w, h));
            }
            Err(RenderError::StatementTooLong { chars, max, .. }) => {
                prop_assert_eq!(max, MAX_STATEMENT_CHARS);
                prop_assert!(chars > MAX_STATEMENT_CHARS);
                prop_assert!(text.chars().count() + contains_chars > MAX_STATEMENT_CHARS);
                prop_assert!(predicted.is_err());
            }
            Err(other) => prop_assert!(false, "unexpected error {other}"),
        }
    }

    /// SVG and PDF have no pixels: their size follows the (bounded) text, never the width.
    #[test]
    fn vector_files_stay_proportional_to_the_bounded_text(
        width in 120.0f32..=2000.0,
        words in 0usize..3000,
        len in 1usize..12,
        eu in any::<bool>(),
    ) {
        let text = statement(words, len, true);
        let label = with_statement(eu, &text);
        let options = RenderOptions { width_px: width, scale: 2.0, watermark: false };
        let chars = text.chars().count()
            + label.contains_statement.as_deref().map_or(0, |c| c.chars().count());
        match (svg(&label, &options), pdf(&label, fonts(), &options)) {
            (Ok(svg), Ok(pdf)) => {
                prop_assert!(chars <= MAX_STATEMENT_CHARS);
                // The statement is written twice in the SVG (text and aria-label), with markup.
                prop_assert!(svg.len() < 64 * 1024 + 8 * chars, "svg {} bytes", svg.len());
                prop_assert!(pdf.len() < 512 * 1024 + 8 * chars, "pdf {} bytes", pdf.len());
            }
            (Err(RenderError::StatementTooLong { .. }), Err(RenderError::StatementTooLong { .. })) => {
                prop_assert!(chars > MAX_STATEMENT_CHARS);
            }
            (svg, pdf) => prop_assert!(false, "unexpected {:?} / {:?}", svg.err(), pdf.err()),
        }
    }
}

/// The most statement text allowed, in the widest letters, still draws at the default size:
/// the background renderer never meets a stored label it cannot draw by default.
#[test]
fn the_longest_statements_draw_at_the_default_size() {
    let half = statement(MAX_STATEMENT_CHARS / 22, 10, true);
    let mut label = with_statement(false, &half);
    label.contains_statement = Some(half);
    let (w, h) = png_size(&label, &RenderOptions::default()).unwrap();
    assert!(u64::from(w) * u64::from(h) <= MAX_PIXELS, "{w} x {h}");
    assert!(png(&label, fonts(), &RenderOptions::default()).is_ok());
}

/// The request from issue 12 (8000 × 150,041 pixels before the bound) is refused without
/// drawing: quickly.
#[test]
fn the_reported_attack_is_refused_quickly() {
    let label = with_statement(false, &statement(MAX_STATEMENT_CHARS / 12, 10, true));
    let options = RenderOptions {
        width_px: 2000.0,
        scale: 4.0,
        watermark: true,
    };
    let started = Instant::now();
    let err = png(&label, fonts(), &options).err();
    assert!(
        matches!(err, Some(RenderError::ImageTooLarge { .. })),
        "{err:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(2));
}

/// Every embedded format (each layout, the issue 19 ones included) draws its sample label at
/// exactly the size predicted from the layout alone, within the pixel cap.
#[test]
fn every_format_draws_at_its_predicted_size() {
    let options = RenderOptions::default();
    for format in nls_nutrition::formats() {
        let label = common::label_in(&common::eu_recipe(), format, ["A", "B"]);
        let predicted = png_size(&label, &options).unwrap();
        let (w, h) = png_dimensions(&png(&label, fonts(), &options).unwrap());
        assert_eq!((w, h), predicted, "{}", format.id);
        assert!(u64::from(w) * u64::from(h) <= MAX_PIXELS, "{}", format.id);
    }
}
