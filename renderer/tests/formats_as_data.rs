//! The proof that formats are data: a format added from data strings alone (a made-up regime
//! with two columns and its own terms, in an existing layout) computes its label and renders
//! to SVG, PNG and PDF with every glyph; every embedded format renders without a missing
//! glyph; the layouts of the data are the layouts this renderer draws.
#![allow(clippy::unwrap_used)]

mod common;

use nls_nutrition::{compute_label, Catalog, Format, Label};
use nls_renderer::draw::{
    missing_glyphs, overflowing_text, pdf_in, png_in, svg_in, Fonts, RenderOptions, LAYOUTS,
};

/// A made-up regime: its own allergen rules and terms, a two-column format in an existing
/// layout. A test fixture, not a real regime: its reference values are invented.
const DEMO_REGIME: &str =
    include_str!("../../nutrition/tests/fixtures/demo-format/zz-demo.regime.json");

/// The demo regime's printed words (Esperanto, so no real regime's words are borrowed).
const DEMO_TERMS: &str =
    include_str!("../../nutrition/tests/fixtures/demo-format/eo.zz-demo.terms.json");

/// The demo format.
const DEMO_FORMAT: &str = include_str!("../../nutrition/tests/fixtures/demo-format/zz.format.json");

fn demo_label(catalog: &Catalog) -> (Label, Format) {
    let format = catalog.format("zz.tab").unwrap().clone();
    let mut recipe = common::eu_recipe();
    recipe.ingredients[0].allergens = [nls_nutrition::Allergen::Peanuts].into_iter().collect();
    (compute_label(&recipe, &format).unwrap(), format)
}

#[test]
fn a_format_added_from_data_alone_renders_to_svg_png_and_pdf() {
    let catalog = Catalog::with(&[
        ("regimes", "zz-demo.json", DEMO_REGIME),
        ("terms", "eo.zz-demo.json", DEMO_TERMS),
        ("formats", "zz.json", DEMO_FORMAT),
    ])
    .unwrap();
    let (label, format) = demo_label(&catalog);
    let o = RenderOptions::default();
    let svg = svg_in(&label, &format, &o).unwrap();
    for text in [
        // A made-up format is a draft, and its label says so.
        "<title>DRAFT: Nutraj valoroj</title>",
        "DRAFT \u{2013} NOT A LAWFUL LABEL",
        "Tipaj valoroj",
        "Po 100 g",
        "Po porcio",
        "%RV*",
        "Energio",
        "el kiuj sukeroj",
        "Natrio",
        "*Referenca valoro de plenkreskulo",
        "Ingrediencoj: ",
        "Enhavas: arakidoj",
    ] {
        assert!(svg.contains(text), "missing {text:?} in {svg}");
    }
    // Two value columns and the percentage column: no English word of the EU terms.
    assert!(!svg.contains("Typical values") && !svg.contains("Per portion"));
    assert_eq!(missing_glyphs(&label, &format).unwrap(), Vec::<char>::new());
    let fonts = Fonts::bundled().unwrap();
    let png = png_in(&label, &format, &fonts, &o).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    let pdf = pdf_in(&label, &format, &fonts, &o).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
}

#[test]
fn every_embedded_format_renders_to_svg_png_and_pdf_without_a_missing_glyph_or_overflow() {
    let fonts = Fonts::bundled().unwrap();
    let o = RenderOptions::default();
    for format in nls_nutrition::formats() {
        for recipe in [
            common::us_recipe(),
            common::eu_recipe(),
            common::us_less_than_recipe(),
        ] {
            // An aggregate format takes foods; an as-prepared one what preparation adds.
            let label = common::label_in(&recipe, format, ["A", "B"]);
            let missing = missing_glyphs(&label, format).unwrap();
            // Script fonts come from packages (scripts/test.sh installs them): where one is
            // absent, its formats are skipped with the reason rather than failed.
            let absent = nls_renderer::draw::script_fonts_missing();
            if !missing.is_empty() && !absent.is_empty() {
                eprintln!("SKIP {}: {absent:?}", format.id);
                continue;
            }
            assert_eq!(missing, Vec::<char>::new(), "{}", format.id);
            assert_eq!(
                overflowing_text(&label, format).unwrap(),
                Vec::<String>::new(),
                "{}: text past the label's edge",
                format.id
            );
            assert!(svg_in(&label, format, &o).unwrap().starts_with("<svg"));
            assert!(png_in(&label, format, &fonts, &o)
                .unwrap()
                .starts_with(b"\x89PNG"));
            assert!(pdf_in(&label, format, &fonts, &o)
                .unwrap()
                .starts_with(b"%PDF-"));
        }
    }
}

#[test]
fn the_layouts_of_the_data_are_the_layouts_drawn() {
    let data: Vec<&str> = nls_nutrition::catalog()
        .unwrap()
        .layouts()
        .keys()
        .map(String::as_str)
        .collect();
    let mut drawn = LAYOUTS.to_vec();
    drawn.sort_unstable();
    assert_eq!(data, drawn);
}

#[test]
fn the_overflow_check_sees_a_word_wider_than_the_label() {
    let format = nls_nutrition::format("eu.tab.ri").unwrap();
    let mut recipe = common::eu_recipe();
    recipe.ingredients[0].label_name = "Supercalifragilistic".repeat(6);
    let label = compute_label(&recipe, format).unwrap();
    let over = overflowing_text(&label, format).unwrap();
    assert_eq!(over.len(), 1, "{over:?}");
    assert!(over[0].contains("Supercalifragilistic"), "{over:?}");
}
