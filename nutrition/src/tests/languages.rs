//! Statements in the label's languages: names by language, the heading and the allergen
//! words of each language, every statement in every language of a bilingual format, and
//! the names printed in another language reported.

use super::{ing_with, recipe};
use crate::Allergen::*;
use crate::{compute_label, format, Label, ResolvedIngredient};

/// `ing_with` whose label name is the food table's English one, with `names` by language.
fn food(
    english: &str,
    grams: f64,
    allergens: &[crate::Allergen],
    names: &[(&str, &str)],
) -> ResolvedIngredient {
    let mut i = ing_with(english, grams, allergens);
    i.names.label_name_language = Some("en".into());
    i.names.by_language = names
        .iter()
        .map(|(l, n)| (l.to_string(), n.to_string()))
        .collect();
    i
}

fn cake() -> crate::RecipeInput {
    recipe(
        8.0,
        None,
        vec![
            food(
                "enriched wheat flour",
                250.0,
                &[Wheat, Gluten],
                &[
                    ("de", "Weizenmehl"),
                    ("fr", "farine de blé"),
                    ("es", "harina de trigo"),
                ],
            ),
            food("butter", 120.0, &[Milk], &[("fr", "beurre")]),
            food(
                "whole egg",
                100.0,
                &[Eggs],
                &[
                    ("de", "Vollei"),
                    ("fr", "œufs entiers"),
                    ("es", "huevo entero"),
                ],
            ),
            food(
                "barley malt flour",
                10.0,
                &[Gluten],
                &[("de", "Gerstenmalzmehl")],
            ),
        ],
    )
}

fn label(id: &str) -> Label {
    compute_label(&cake(), format(id).expect("format exists")).expect("label")
}

#[test]
fn reg_1169_2011_art_18_and_21_a_german_list_names_heads_and_emphasises_in_german() {
    let l = label("eu.tab.de");
    assert_eq!(
        l.ingredient_statement,
        "Weizenmehl, butter, Vollei, Gerstenmalzmehl"
    );
    // "Weizen" and "Gerste" are emphasised inside their compounds; "Vollei" holds no
    // German word of four letters or more for eggs, so the substance follows in German; the
    // untranslated "butter" is found by its English word.
    assert_eq!(
        l.ingredient_statement_html.as_deref(),
        Some(
            "<b>Weizen</b>mehl, <b>butter</b>, Vollei (<b>Eier</b>), \
             <b>Gerste</b>nmalzmehl"
        )
    );
    assert_eq!(
        l.names_not_in_language,
        [("de".to_string(), vec!["butter".to_string()])].into()
    );
    assert!(l
        .warnings
        .iter()
        .any(|w| w.code == "ingredient_names_not_in_language" && w.message.contains("de: butter")));
    // One language: no `statements` list, and its heading is the format's term.
    assert!(l.statements.is_empty());
    assert_eq!(format("eu.tab.de").unwrap().term("ingredients"), "Zutaten:");
}

#[test]
fn reg_1169_2011_art_21_french_names_are_words_not_compounds() {
    let l = label("eu.tab.fr");
    // Whole words only: "blé" and "œufs" are emphasised where they stand; "beurre" names
    // no Annex II word, so "lait" follows it.
    assert_eq!(
        l.ingredient_statement_html.as_deref(),
        Some(
            "Farine de <b>blé</b>, beurre (<b>lait</b>), <b>œufs</b> entiers, \
             <b>barley</b> malt flour"
        )
    );
    assert_eq!(
        l.names_not_in_language,
        [("fr".to_string(), vec!["barley malt flour".to_string()])].into()
    );
}

#[test]
fn reg_1169_2011_art_15_a_bilingual_format_prints_the_list_in_each_language() {
    let l = label("eu.tab.fr-de");
    let languages: Vec<&str> = l.statements.iter().map(|s| s.language.as_str()).collect();
    assert_eq!(languages, ["fr", "de"]);
    assert_eq!(l.statements[0].heading, "Ingrédients\u{a0}:");
    assert_eq!(l.statements[1].heading, "Zutaten:");
    assert_eq!(l.statements[0].ingredient_statement, l.ingredient_statement);
    assert!(l.statements[1]
        .ingredient_statement
        .starts_with("Weizenmehl"));
    // Each language reports its own foreign names.
    assert!(l.names_not_in_language.contains_key("fr"));
    assert!(l.names_not_in_language.contains_key("de"));
    // The JSON carries them and reads back the same.
    let json = serde_json::to_value(&l).expect("serialises");
    assert_eq!(json["statements"][1]["language"], "de");
    let back: Label = serde_json::from_value(json).expect("reads back");
    assert_eq!(back.statements, l.statements);
    assert_eq!(back.names_not_in_language, l.names_not_in_language);
}

#[test]
fn cfr_101_15_c_2_english_and_spanish_each_print_ingredients_and_contains() {
    let l = label("us.v.en-es");
    assert_eq!(l.statements.len(), 2);
    let (en, es) = (&l.statements[0], &l.statements[1]);
    assert_eq!(en.heading, "Ingredients:");
    assert_eq!(es.heading, "Ingredientes:");
    assert!(es
        .ingredient_statement
        .starts_with("Harina de trigo, butter, huevo entero"));
    assert!(en
        .contains_statement
        .as_deref()
        .unwrap_or("")
        .starts_with("Contains: "));
    let contiene = es.contains_statement.as_deref().unwrap_or("");
    assert!(contiene.starts_with("Contiene: "), "{contiene}");
    assert!(
        contiene.contains("Leche") && contiene.contains("Trigo"),
        "{contiene}"
    );
}

#[test]
fn an_english_label_is_as_before_and_reports_nothing() {
    let l = label("eu.tab.en");
    assert_eq!(
        l.ingredient_statement,
        "Enriched wheat flour, butter, whole egg, barley malt flour"
    );
    assert!(l.names_not_in_language.is_empty());
    assert!(l.statements.is_empty());
    assert!(!l
        .warnings
        .iter()
        .any(|w| w.code == "ingredient_names_not_in_language"));
}

#[test]
fn a_typed_name_of_unknown_language_is_printed_as_given_and_not_reported() {
    let mut r = cake();
    r.ingredients.push(ing_with("Zucker", 90.0, &[]));
    let l = compute_label(&r, format("eu.tab.de").unwrap()).expect("label");
    assert!(l.ingredient_statement.contains("Zucker"));
    assert_eq!(l.names_not_in_language["de"], ["butter"]);
}

#[test]
fn french_colons_hold_to_their_word_with_a_no_break_space_as_french_typography_sets_them() {
    // "Ingrédients :" (1169/2011 Art. 18(1)) and « Contient : » (FDR B.01.010.3): the space
    // before a French colon is a no-break space (U+00A0, which every face of the label has),
    // so a line never breaks between the word and its colon.
    let catalog = crate::catalog::catalog().expect("catalog");
    let mut checked = 0;
    for t in catalog.terms().iter().filter(|t| t.language == "fr") {
        for (key, text) in t.terms.iter() {
            assert!(
                !text.contains(" :"),
                "{}.{}: {key} has an ordinary space before its colon: {text:?}",
                t.language,
                t.regime
            );
            checked += usize::from(text.contains("\u{a0}:"));
        }
    }
    assert!(checked >= 2, "the French headings with a colon: {checked}");
    let l = label("eu.tab.fr-de");
    assert!(l.statements[0].heading.ends_with("\u{a0}:"));
}

#[test]
fn fdr_b01_008_2_a_canadian_list_has_its_title_and_each_ingredient_capitalised() {
    // B.01.008.2(1)(a): "Ingredients:" / « Ingrédients : »; (3)(b): the first letter of each
    // ingredient in upper case. Sentence case stays for every other regime.
    let l = label("ca.std.bi");
    let languages: Vec<&str> = l.statements.iter().map(|s| s.language.as_str()).collect();
    assert_eq!(languages, ["en", "fr"]);
    let (en, fr) = (&l.statements[0], &l.statements[1]);
    assert_eq!(en.heading, "Ingredients:");
    assert_eq!(fr.heading, "Ingrédients\u{a0}:");
    assert_eq!(
        en.ingredient_statement,
        "Enriched wheat flour, Butter, Whole egg, Barley malt flour"
    );
    assert!(
        fr.ingredient_statement
            .starts_with("Farine de blé, Beurre, Œufs entiers"),
        "{}",
        fr.ingredient_statement
    );
    let us = label("us.v.en-es");
    assert!(us.statements[0]
        .ingredient_statement
        .starts_with("Enriched wheat flour, butter, whole egg"));
}
