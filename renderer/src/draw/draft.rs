//! The mark of a draft label: a band above it that says it is not a lawful label, and a
//! diagonal "DRAFT" across it that cropping the band does not remove.
//!
//! A draft format rests on terms, reference values or rounding that are not confirmed
//! against its law's text (its `notes` say which; the label JSON carries them as
//! `unconfirmed`). Every file drawn from such a label (SVG, PNG, PDF, and so the embed, the
//! export and the app's preview) carries this mark, so nobody prints one on a package
//! without knowing. Labels of in-force formats carry nothing.

use super::fonts::{Face, Metrics};
use super::scene::{Painter, Rgb, Scene, BASE_WIDTH};

/// The word of the mark, in the band and across the label.
pub(crate) const DRAFT: &str = "DRAFT";

/// The band's first line, white on black.
const HEADLINE: &str = "DRAFT \u{2013} NOT A LAWFUL LABEL";
/// The band's second line, under it.
const EXPLANATION: &str = "Not confirmed against its law: do not print on a package.";

const BAND_HEIGHT: f32 = 24.0;
const HEADLINE_SIZE: f32 = 12.0;
const EXPLANATION_SIZE: f32 = 7.5;
/// Space between the band's second line and the label.
const GAP: f32 = 6.0;

/// `label` with the draft band above it and the diagonal mark across both; the
/// description a screen reader reads starts with the same words.
pub(crate) fn marked(m: &Metrics, label: Scene) -> Scene {
    let mut p = Painter::new(m);
    p.rect(0.0, 0.0, BASE_WIDTH, BAND_HEIGHT);
    let headline_size = fit(m, Face::Black, HEADLINE_SIZE, HEADLINE);
    p.centred(
        Face::Black,
        headline_size,
        BASE_WIDTH / 2.0,
        BAND_HEIGHT / 2.0 + 0.5 * m.cap_height(Face::Black) * headline_size,
        HEADLINE,
        Rgb::WHITE,
    );
    let explanation_size = fit(m, Face::Bold, EXPLANATION_SIZE, EXPLANATION);
    let explanation_baseline = BAND_HEIGHT + 3.0 + explanation_size;
    p.centred(
        Face::Bold,
        explanation_size,
        BASE_WIDTH / 2.0,
        explanation_baseline,
        EXPLANATION,
        Rgb::BLACK,
    );
    let mut band = Scene {
        height: explanation_baseline + 0.3 * explanation_size,
        title: format!("{DRAFT}: {}", label.title),
        description: format!("{HEADLINE}. {EXPLANATION}"),
        items: p.items,
        diagonal: None,
    };
    band.append_below(label, 1.0, GAP);
    band.diagonal = Some(DRAFT);
    band
}

/// `size`, or smaller where `text` would not fit the label's width with a margin.
fn fit(m: &Metrics, face: Face, size: f32, text: &str) -> f32 {
    let room = BASE_WIDTH - 16.0;
    let width = m.width(face, size, text);
    if width > room {
        size * room / width
    } else {
        size
    }
}
