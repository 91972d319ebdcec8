//! Issue 31, finding 1 (21 CFR 101.9(g)(5)): a label whose mandatory amount is only the known
//! part of what the data allows is never drawn as if complete: every file carries a band
//! naming what is unknown and a diagonal mark; a complete label carries neither.

#![allow(clippy::unwrap_used)]

mod common;

use nls_nutrition::{compute_label, format};
use nls_renderer::draw::{pdf, png, svg, Fonts, RenderOptions};

const HEADLINE: &str = "INCOMPLETE DATA \u{2013} NOT FOR A PACKAGE";

/// Every character the label's PDF maps to text (its fonts' ToUnicode maps).
fn pdf_characters(label: &nls_nutrition::Label, fonts: &Fonts) -> String {
    let d = pdf(label, fonts, &RenderOptions::default()).unwrap();
    let doc = lopdf::Document::load_mem(&d).unwrap();
    common::pdf_unicode::mappings(&doc)
        .into_iter()
        .map(|(_, c)| c)
        .collect()
}

#[test]
fn cfr_101_9_g_5_an_incomplete_label_names_what_is_unknown_in_every_file() {
    // The sample oats' minor ingredients give calories only: the label's data is incomplete.
    let label = compute_label(&common::us_recipe(), format("standard").unwrap()).unwrap();
    assert!(!label.missing.is_empty(), "the fixture lacks data");
    let o = RenderOptions::default();
    let s = svg(&label, &o).unwrap();
    assert!(s.contains(HEADLINE), "{s}");
    assert!(s.contains("Unknown for some ingredients:"), "{s}");
    for m in &label.missing {
        let words = m
            .nutrient
            .trim_end_matches("_mcg")
            .trim_end_matches("_mg")
            .trim_end_matches("_g")
            .replace('_', " ");
        assert!(
            s.to_lowercase().contains(&words),
            "{words} not named in {s}"
        );
    }
    assert!(s.contains(">INCOMPLETE</text>"), "the diagonal mark");
    assert!(s.contains("<title>INCOMPLETE: "), "{s}");
    let fonts = Fonts::bundled().unwrap();
    let p = png(&label, &fonts, &o).unwrap();
    let complete = png(&common::us_label(), &fonts, &o).unwrap();
    assert!(
        p.len() > complete.len(),
        "the band and mark are drawn in the PNG"
    );
    let mapped = pdf_characters(&label, &fonts);
    for c in "INCOMPLETE".chars() {
        assert!(mapped.contains(c), "{c:?} not drawn in the PDF");
    }
}

#[test]
fn a_complete_in_force_label_carries_no_mark() {
    let s = svg(&common::us_label(), &RenderOptions::default()).unwrap();
    assert!(!s.contains("INCOMPLETE") && !s.contains("DRAFT"), "{s}");
}

#[test]
fn a_draft_with_incomplete_data_carries_both_bands_and_the_draft_mark() {
    let label = compute_label(&common::us_recipe(), format("us.v.infant").unwrap()).unwrap();
    assert!(!label.missing.is_empty());
    let s = svg(&label, &RenderOptions::default()).unwrap();
    let draft = s
        .find("DRAFT \u{2013} NOT A LAWFUL LABEL")
        .expect("draft band");
    let incomplete = s.find(HEADLINE).expect("incomplete band");
    assert!(draft < incomplete, "the draft band first");
    assert!(s.contains(">DRAFT</text>") && !s.contains(">INCOMPLETE</text>"));
}

#[test]
fn cfr_101_9_b_5_a_us_label_without_a_household_measure_says_what_to_give_in_every_file() {
    // 21 CFR 101.9(b)(5), (b)(7): grams alone are not a lawful serving line; the band asks
    // for the household measure. A label with one ("2/3 cup") carries no such band.
    let mut recipe = common::us_recipe();
    recipe.serving_size_text = None;
    let label = compute_label(&recipe, format("standard").unwrap()).unwrap();
    assert!(label
        .warnings
        .iter()
        .any(|w| w.code == "no_household_measure"));
    let s = svg(&label, &RenderOptions::default()).unwrap();
    assert!(
        s.contains("NO HOUSEHOLD MEASURE \u{2013} NOT FOR A PACKAGE"),
        "{s}"
    );
    assert!(s.contains("101.9(b)(5)"), "{s}");
    let mapped = pdf_characters(&label, &Fonts::bundled().unwrap());
    for c in "HOUSEHOLD".chars() {
        assert!(mapped.contains(c), "{c:?} not drawn in the PDF");
    }
    let with = compute_label(&common::us_recipe(), format("standard").unwrap()).unwrap();
    assert!(!svg(&with, &RenderOptions::default())
        .unwrap()
        .contains("NO HOUSEHOLD MEASURE"));
}
