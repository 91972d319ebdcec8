//! Sizing of the words set in front-of-pack elements, and their colours.

use super::super::fonts::{Face, Metrics};
use super::super::scene::Rgb;

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
pub(crate) const WHITE: Rgb = Rgb::WHITE;
/// Black, as a fill.
pub(crate) const BLACK: Rgb = Rgb::BLACK;
