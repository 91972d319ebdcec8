//! Front-of-pack schemes computed from a label: warning seals, traffic lights, "High in",
//! Nutri-Score, Nutri-Grade. Pure: no I/O, no clock (the date is an argument).
//!
//! Schemes are data (`nutrition/data/fop/<id>.json`, see [`data`]); [`front_of_pack`]
//! chooses the schemes of a label (the mandatory ones of its market, plus those asked for)
//! and evaluates each into a [`FopResult`], which explains every mark (amount, limit, basis)
//! and the headroom of every limit not reached, and lists what the recipe lacks instead of
//! guessing it.

pub mod data;
pub mod grade;
pub mod input;
pub mod mark_size;
pub mod nutriscore;
pub mod result;
pub mod traffic;
pub mod warning;

#[cfg(test)]
mod tests;

pub use data::{scheme, schemes, Kind, Scheme, SchemeDataError, State, Status};
pub use input::{Added, Category, Facts, Product};
pub use mark_size::MarkSize;
pub use result::{
    Check, Colour, Component, FopResult, GradeComponent, GradeMark, Level, LightMark, Mark,
    ScoreMark, WarningMark,
};

use crate::label::Label;

/// Why front-of-pack schemes cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FopError {
    /// An id asked for is not a scheme we know.
    #[error("unknown front-of-pack scheme {0:?}")]
    UnknownScheme(String),
    /// The embedded data is broken (a build that passed its tests never has this).
    #[error("{0}")]
    Data(SchemeDataError),
}

/// Whether `s` is a scheme of the label's market: its format, family or a country.
pub fn in_market(s: &Scheme, label: &Label) -> bool {
    if s.formats.iter().any(|f| f == &label.format) {
        return true;
    }
    label.known_format().is_some_and(|f| {
        s.formats.iter().any(|x| x == &f.id || x == &f.family)
            || (s.required && f.countries.iter().any(|c| s.markets.contains(c)))
    })
}

/// Evaluates one scheme for `product` on `date` (ISO `YYYY-MM-DD`).
pub fn evaluate(s: &Scheme, product: &Product, date: &str, in_market: bool) -> FopResult {
    let required = in_market && s.required;
    let mut result = match s.kind {
        Kind::Warning => warning::evaluate(s, product, date, required),
        Kind::TrafficLight => traffic::evaluate(s, product, required),
        Kind::Nutriscore => nutriscore::evaluate(s, product, required),
        Kind::Grade => grade::evaluate(s, product, in_market),
    };
    // The size matters only for marks that are printed.
    if let (Some(table), Some(area), false) = (
        &s.mark_sizes,
        product.facts.principal_display_area_cm2,
        result.marks.is_empty(),
    ) {
        result.mark_size = table.size_for(area, result.marks.len());
    }
    result
}

/// The front-of-pack entries of `label`: every mandatory scheme of its market, then the
/// schemes in `asked` (any market; unknown ids refused), each once, in that order.
pub fn front_of_pack(
    label: &Label,
    asked: &[String],
    facts: &Facts,
    reference_amount_g: Option<f64>,
    date: &str,
) -> Result<Vec<FopResult>, FopError> {
    let all = schemes().map_err(|e| FopError::Data(e.clone()))?;
    let mut chosen: Vec<&Scheme> = all
        .iter()
        .filter(|s| s.required && in_market(s, label))
        .collect();
    for id in asked {
        let s = all
            .iter()
            .find(|s| &s.id == id)
            .ok_or_else(|| FopError::UnknownScheme(id.clone()))?;
        if !chosen.iter().any(|c| c.id == s.id) {
            chosen.push(s);
        }
    }
    if chosen.is_empty() {
        return Ok(Vec::new());
    }
    let product = Product::from_label(label, reference_amount_g, facts.clone());
    Ok(chosen
        .into_iter()
        .map(|s| evaluate(s, &product, date, in_market(s, label)))
        .collect())
}
