//! Layouts `table-paired` and `table-split-paired`: paired unilingual tables. Where a law
//! lets a bilingual label carry one table per language instead of one table with both
//! languages (Canada's FDR B.01.012 and its "paired unilingual" formats, LABEL_RULES.md
//! §5.1), the format's inner layout (`table-only` or `table-split`) is drawn once per
//! language of the format, in its order, one table below the other. Every word comes from
//! that language's terms.

use nls_nutrition::{Format, Label};

use super::fonts::Metrics;
use super::scene::Scene;

/// The space between two tables, in user units.
const GAP: f32 = 12.0;

/// A layout drawing one format.
pub(crate) type Inner = fn(&Metrics, &Label, &Format) -> Scene;

/// `inner` drawn once per language of `format`, one below the other.
pub(crate) fn layout(m: &Metrics, label: &Label, format: &Format, inner: Inner) -> Scene {
    let mut tables = format
        .languages
        .iter()
        .zip(&format.terms)
        .map(|(language, terms)| {
            let mut one = format.clone();
            one.languages = vec![language.clone()];
            one.terms = vec![terms.clone()];
            inner(m, label, &one)
        });
    // The catalog refuses a format without a language.
    let mut scene = tables.next().unwrap_or_else(|| inner(m, label, format));
    for table in tables {
        scene.append_below(table, 1.0, GAP);
    }
    scene
}
