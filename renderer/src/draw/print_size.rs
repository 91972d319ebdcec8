//! Physical size: the width a label is printed at, and the smallest width at which its type
//! keeps FDA's minimum sizes.
//!
//! Every US layout sets each text at FDA's point size times its layout's `PT` (user units per
//! point): rows 8 point (21 CFR 101.9(d)(7)(iii)), servings lines 10 point, or 9 in the
//! tabular and linear displays (101.9(d)(3)), the word "Calories" 16 point, or 10 in those
//! displays (101.9(d)(1)(iii)), the footnote 6 point (101.9(d)(9)) — each at or above its
//! minimum. So a US label keeps every minimum exactly when one user unit prints at `1/PT` point
//! or more: when the label is at least `BASE_WIDTH / PT` points wide. Narrower, some text would
//! print below its minimum, which the service refuses (422 `label_too_small`) rather than
//! printing 5 point text. Layouts of other regimes have no minimum here (the EU's x-height rule
//! of Reg. 1169/2011 Annex IV is not modelled): any width is accepted.

use nls_nutrition::Format;

use super::scene::BASE_WIDTH;

/// CSS pixels per inch (the SVG's and PNG's unit).
pub const PX_PER_IN: f64 = 96.0;
/// Millimetres per inch.
pub const MM_PER_IN: f64 = 25.4;
/// Points per inch.
const PT_PER_IN: f64 = 72.0;

/// User units per FDA point of the layout, for layouts with FDA minimum type sizes.
fn units_per_point(layout: &str) -> Option<f64> {
    match layout {
        "us-vertical" | "us-bilingual" => Some(f64::from(super::us_vertical::PT)),
        "us-tabular" | "us-linear" => Some(f64::from(super::us_tabular::PT)),
        _ => None,
    }
}

/// The smallest printed width, in inches, at which a label of `format` keeps its regime's
/// minimum type sizes; `None` when the format's layout has none.
pub fn min_width_in(format: &Format) -> Option<f64> {
    units_per_point(&format.layout).map(|pt| f64::from(BASE_WIDTH) / pt / PT_PER_IN)
}

/// The size in points that text of `size_units` user units prints at on a label `width_in`
/// inches wide.
pub fn printed_points(size_units: f64, width_in: f64) -> f64 {
    size_units * width_in * PT_PER_IN / f64::from(BASE_WIDTH)
}

/// A width asked for below the format's minimum.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TooSmall {
    /// The smallest width that complies, in inches, rounded up to 0.01 in.
    pub min_width_in: f64,
    /// The same in millimetres, rounded up to 0.1 mm.
    pub min_width_mm: f64,
    /// The body text (8 point at the minimum) as it would print at the asked width, points.
    pub body_points: f64,
}

/// Checks a physical width (inches) for `format`: `Err` names the smallest width that
/// complies, rounded up so that the stated width itself complies.
pub fn check(format: &Format, width_in: f64) -> Result<(), TooSmall> {
    let Some(min) = min_width_in(format) else {
        return Ok(());
    };
    // A hair of tolerance for the inch/millimetre conversions of a width stated exactly at the
    // rounded minimum.
    if width_in + 1e-9 >= min {
        return Ok(());
    }
    Err(TooSmall {
        min_width_in: (min * 100.0 - 1e-9).ceil() / 100.0,
        min_width_mm: (min * MM_PER_IN * 10.0 - 1e-9).ceil() / 10.0,
        body_points: 8.0 * width_in / min,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn format(id: &str) -> &'static Format {
        nls_nutrition::format(id).expect("format")
    }

    #[test]
    fn the_standard_label_keeps_8_point_rows_from_its_minimum_width() {
        let min = min_width_in(format("us.v")).expect("a US minimum");
        // 290 units at 1.75 units per point: 165.7 pt = 2.3016 in.
        assert!((min - 290.0 / 1.75 / 72.0).abs() < 1e-9);
        let row_units = 8.0 * f64::from(crate::draw::us_vertical::PT);
        assert!((printed_points(row_units, min) - 8.0).abs() < 1e-9);
        assert!(check(format("us.v"), min).is_ok());
        let err = check(format("us.v"), min - 0.01).expect_err("too small");
        assert_eq!(err.min_width_in, 2.31);
        assert_eq!(err.min_width_mm, 58.5);
        assert!(err.body_points < 8.0);
        // The stated minimums themselves comply.
        assert!(check(format("us.v"), 2.31).is_ok());
        assert!(check(format("us.v"), 58.5 / MM_PER_IN).is_ok());
        assert!(check(format("us.v"), 58.4 / MM_PER_IN).is_err());
    }

    #[test]
    fn tabular_and_linear_have_their_own_minimum_and_the_eu_none() {
        let tab = min_width_in(format("us.tab")).expect("tabular minimum");
        assert!((tab - 290.0 / 0.75 / 72.0).abs() < 1e-9);
        assert_eq!(min_width_in(format("us.lin")), Some(tab));
        assert!(check(format("us.tab"), 5.37).is_err());
        assert!(check(format("us.tab"), 5.38).is_ok());
        assert_eq!(min_width_in(format("eu-1169")), None);
        assert!(check(format("eu-1169"), 1.3).is_ok());
    }
}
