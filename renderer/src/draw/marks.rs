//! The marks of a label that must not be printed as it is: a band above it that says why,
//! and a diagonal word across it that cropping the band does not remove.
//!
//! - A **draft** format rests on terms, reference values or rounding that are not confirmed
//!   against its law's text (its `notes` say which; the label JSON carries them as
//!   `unconfirmed`).
//! - An **incomplete** label declares a mandatory amount the data does not determine: the
//!   printed number is only the known part (the label JSON's `missing`), which 21 CFR
//!   101.9(g)(5) and the EU's tolerances do not accept as a declared value.
//!
//! - A US label **without a household measure** prints its serving size in grams alone,
//!   where 21 CFR 101.9(b)(5) and (b)(7) declare it in a common household measure (cup,
//!   tablespoon, teaspoon, piece, slice, fraction, ounce, fluid ounce, in that order of
//!   preference as FDA's NLEA guide quotes (b)(5)) followed by the metric amount: its band
//!   says what to give (the label JSON's `no_household_measure` warning).
//!
//! Every file drawn from such a label (SVG, PNG, PDF, and so the embed, the export and the
//! app's preview) carries its marks, so nobody prints one on a package without knowing.
//! Labels of in-force formats with complete data carry nothing.

use nls_nutrition::{Label, Nutrient};

use super::fonts::{Face, Metrics};
use super::scene::{Painter, Rgb, Scene, BASE_WIDTH};

/// The diagonal word of a draft.
pub(crate) const DRAFT: &str = "DRAFT";
/// The diagonal word of an incomplete label that is not a draft.
pub(crate) const INCOMPLETE: &str = "INCOMPLETE";

const BAND_HEIGHT: f32 = 24.0;
const HEADLINE_SIZE: f32 = 12.0;
const EXPLANATION_SIZE: f32 = 7.5;
/// Space between a band's last line and what follows.
const GAP: f32 = 6.0;

/// One band: a white-on-black headline and a line or two under it.
struct Band {
    headline: String,
    explanation: String,
}

impl Band {
    fn draft() -> Band {
        Band {
            headline: "DRAFT \u{2013} NOT A LAWFUL LABEL".into(),
            explanation: "Not confirmed against its law: do not print on a package.".into(),
        }
    }

    fn incomplete(label: &Label) -> Band {
        let names: Vec<String> = label
            .missing
            .iter()
            .map(|m| nutrient_name(&m.nutrient))
            .collect();
        Band {
            headline: "INCOMPLETE DATA \u{2013} NOT FOR A PACKAGE".into(),
            explanation: format!(
                "Unknown for some ingredients: {}. The amounts shown are the known part only.",
                names.join(", ")
            ),
        }
    }

    /// 21 CFR 101.9(b)(5), (b)(7): the serving line would show grams only.
    fn no_household_measure() -> Band {
        Band {
            headline: "NO HOUSEHOLD MEASURE \u{2013} NOT FOR A PACKAGE".into(),
            explanation: "The serving size needs a household measure before its grams \
                          (21 CFR 101.9(b)(5)): give one, e.g. \"1 cup\", \"2 tbsp\", \
                          \"1 slice\" or \"1/4 pizza\" (the recipe's serving_size_text)."
                .into(),
        }
    }

    /// The band as a scene of its own, full width.
    fn scene(&self, m: &Metrics) -> Scene {
        let mut p = Painter::new(m);
        p.rect(0.0, 0.0, BASE_WIDTH, BAND_HEIGHT);
        let headline_size = fit(m, Face::Black, HEADLINE_SIZE, &self.headline);
        p.centred(
            Face::Black,
            headline_size,
            BASE_WIDTH / 2.0,
            BAND_HEIGHT / 2.0 + 0.5 * m.cap_height(Face::Black) * headline_size,
            &self.headline,
            Rgb::WHITE,
        );
        let leading = EXPLANATION_SIZE * 1.25;
        let last = p.paragraph(
            8.0,
            BAND_HEIGHT + 3.0 + EXPLANATION_SIZE,
            EXPLANATION_SIZE,
            leading,
            BASE_WIDTH - 16.0,
            &[super::scene::Span::new(
                Face::Bold,
                self.explanation.clone(),
            )],
        );
        Scene {
            height: last + 0.3 * EXPLANATION_SIZE,
            title: String::new(),
            description: format!(
                "{}. {}",
                self.headline,
                self.explanation.trim_end_matches('.')
            ),
            items: p.items,
            diagonal: None,
        }
    }
}

/// `label`'s scene with the bands it needs above it (draft first, then incomplete data, then
/// a missing household measure) and, for a draft or incomplete data, the diagonal word across
/// the whole; unchanged when it needs none.
pub(crate) fn marked(m: &Metrics, label: &Label, draft: bool, drawn: Scene) -> Scene {
    let incomplete = !label.missing.is_empty();
    let mut bands = Vec::new();
    if draft {
        bands.push(Band::draft());
    }
    if incomplete {
        bands.push(Band::incomplete(label));
    }
    if label
        .warnings
        .iter()
        .any(|w| w.code == "no_household_measure")
    {
        bands.push(Band::no_household_measure());
    }
    let Some(first) = bands.first() else {
        return drawn;
    };
    let diagonal = if draft {
        Some(DRAFT)
    } else {
        incomplete.then_some(INCOMPLETE)
    };
    let title = match diagonal {
        Some(word) => format!("{word}: {}", drawn.title),
        None => drawn.title.clone(),
    };
    let inner = drawn.diagonal;
    let mut out = first.scene(m);
    for band in &bands[1..] {
        out.append_below(band.scene(m), 1.0, 2.0);
    }
    out.append_below(drawn, 1.0, GAP);
    out.title = title;
    out.diagonal = diagonal.or(inner);
    out
}

/// A nutrient key as words: `trans_fat_g` → "trans fat", `vitamin_d_mcg` → "vitamin D".
fn nutrient_name(key: &str) -> String {
    let bare = Nutrient::from_key(key)
        .map(|n| n.key())
        .unwrap_or(key)
        .trim_end_matches("_mcg")
        .trim_end_matches("_mg")
        .trim_end_matches("_g");
    bare.split('_')
        .map(|w| {
            if w.len() == 1 {
                w.to_uppercase()
            } else {
                w.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nutrient_keys_read_as_words() {
        assert_eq!(nutrient_name("trans_fat_g"), "trans fat");
        assert_eq!(nutrient_name("vitamin_d_mcg"), "vitamin D");
        assert_eq!(nutrient_name("added_sugars_g"), "added sugars");
        assert_eq!(nutrient_name("sodium_mg"), "sodium");
    }
}
