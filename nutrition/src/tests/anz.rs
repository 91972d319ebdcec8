//! Australia and New Zealand (formats `anz.nip`, `anz.nip.di`, regime `anz-fsanz`): boundary
//! tests of the Food Standards Code as the compilation of March 2025 reads (page numbers of
//! that compilation): Standard 1.2.3 and Schedule 9 (allergen declarations), Standard 1.2.8,
//! Schedules 11 and 12 (nutrition information panel).

use std::collections::{BTreeMap, BTreeSet};

use super::*;
use crate::Allergen::*;
use crate::Nutrient::*;
use crate::{compute_label, format, Format};

fn nip() -> &'static Format {
    format("anz.nip").unwrap()
}

fn nip_di() -> &'static Format {
    format("anz.nip.di").unwrap()
}

fn with_species(
    mut i: ResolvedIngredient,
    allergen: Allergen,
    species: &str,
) -> ResolvedIngredient {
    i.allergens.insert(allergen);
    i.allergen_details
        .entry(allergen)
        .or_default()
        .insert(species.to_string());
    i
}

fn warning_codes(label: &crate::Label) -> Vec<&str> {
    label.warnings.iter().map(|w| w.code.as_str()).collect()
}

#[test]
fn fsanz_s9_3_declares_exactly_the_column_1_foods() {
    // S9—3 table (pp. 532-534): sulphites, gluten cereals, wheat, tree nuts, crustacea, egg,
    // fish, lupin, milk, mollusc, peanut, sesame seed, soybean; neither mustard nor celery.
    let declared: BTreeSet<Allergen> = Allergen::ALL
        .into_iter()
        .filter(|a| nip().regime.requires_allergen(*a))
        .collect();
    let expected: BTreeSet<Allergen> = [
        Sulphites,
        Gluten,
        Wheat,
        TreeNuts,
        CrustaceanShellfish,
        Eggs,
        Fish,
        Lupin,
        Milk,
        Molluscs,
        Peanuts,
        Sesame,
        Soy,
    ]
    .into_iter()
    .collect();
    assert_eq!(declared, expected);
    assert!(!nip().regime.requires_allergen(Mustard));
    assert!(!nip().regime.requires_allergen(Celery));
}

#[test]
fn fsanz_1_2_3_7_3_summary_statement_is_contains_and_column_4_names_only() {
    // 1.2.3—7(3) (p. 75): commences with the word 'Contains', lists the required names
    // (Column 4), no other words. Column 4 of wheat: "wheat" and, gluten being present,
    // "gluten" (p. 533).
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("wheat flour", 100.0, &[Wheat, Gluten]),
            ing_with("skim milk powder", 20.0, &[Milk]),
            ing_with("whole egg", 20.0, &[Eggs]),
            ing_with("soy lecithin", 1.0, &[Soy]),
            ing_with("sesame seeds", 5.0, &[Sesame]),
        ],
    );
    let label = compute_label(&r, nip()).unwrap();
    assert_eq!(
        label.contains_statement.as_deref(),
        Some("Contains wheat, gluten, egg, milk, sesame, soy")
    );
}

#[test]
fn fsanz_s9_3_item_2_barley_oats_rye_are_gluten_in_the_summary_and_named_in_ingredients() {
    // Item 2: Column 3 "barley" / "oats" / "rye", Column 4 "gluten" (p. 532).
    let mut malt = ing_with("malt extract", 10.0, &[Gluten]);
    malt.allergen_details
        .insert(Gluten, ["barley".to_string()].into_iter().collect());
    let r = recipe(
        1.0,
        None,
        vec![ing_with("rolled oats", 90.0, &[Gluten]), malt],
    );
    let label = compute_label(&r, nip()).unwrap();
    assert_eq!(label.contains_statement.as_deref(), Some("Contains gluten"));
    let html = label.ingredient_statement_html.as_deref().unwrap();
    assert!(html.contains("<b>oats</b>"), "{html}");
    assert!(html.contains("malt extract (<b>barley</b>)"), "{html}");
    // Gluten is named by no species in the label's details (Column 4 says "gluten").
    assert!(!label.allergen_details.contains_key(&Gluten));
    assert!(!warning_codes(&label).contains(&"gluten_cereal_unnamed"));
}

#[test]
fn fsanz_s9_3_item_2_a_gluten_no_cereal_names_is_warned() {
    let r = recipe(1.0, None, vec![ing_with("seitan", 100.0, &[Gluten])]);
    let label = compute_label(&r, nip()).unwrap();
    assert!(
        warning_codes(&label).contains(&"gluten_cereal_unnamed"),
        "{:?}",
        label.warnings
    );
}

#[test]
fn fsanz_s9_3_item_4_names_each_tree_nut_in_the_singular_of_column_4() {
    // Item 4 (p. 533): almond, Brazil nut, ... walnut; 1.2.3—8 allows singular or plural.
    // The Code sets no order within the statement (the species come in the data's order).
    let r = recipe(
        1.0,
        None,
        vec![
            with_species(ing("almond meal", 50.0, &[]), TreeNuts, "almonds"),
            with_species(ing("brazil nuts", 20.0, &[]), TreeNuts, "Brazil nuts"),
            with_species(ing("macadamias", 10.0, &[]), TreeNuts, "macadamia nuts"),
        ],
    );
    let label = compute_label(&r, nip()).unwrap();
    assert_eq!(
        label.contains_statement.as_deref(),
        Some("Contains Brazil nut, almond, macadamia")
    );
    assert!(!warning_codes(&label).contains(&"tree_nut_unnamed"));
}

#[test]
fn fsanz_s9_3_fish_and_crustacea_are_not_named_by_species() {
    // Items 5 and 7: "crustacean" and "fish" (p. 533), not "salmon" or "shrimp".
    let r = recipe(
        1.0,
        None,
        vec![
            with_species(ing("salmon", 50.0, &[]), Fish, "salmon"),
            with_species(ing("prawns", 20.0, &[]), CrustaceanShellfish, "shrimp"),
            ing_with("mussels", 10.0, &[Molluscs]),
            ing_with("lupin flour", 5.0, &[Lupin]),
        ],
    );
    let label = compute_label(&r, nip()).unwrap();
    assert_eq!(
        label.contains_statement.as_deref(),
        Some("Contains crustacean, fish, lupin, mollusc")
    );
    assert!(
        label.allergen_details.is_empty(),
        "{:?}",
        label.allergen_details
    );
}

#[test]
fn fsanz_s9_3_item_4_a_tree_nut_no_name_gives_is_warned() {
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("marzipan", 50.0, &[TreeNuts]),
            ing_with("hazelnut paste", 10.0, &[TreeNuts]),
        ],
    );
    let label = compute_label(&r, nip()).unwrap();
    let w = label
        .warnings
        .iter()
        .find(|w| w.code == "tree_nut_unnamed")
        .expect("warned");
    assert!(w.message.contains("marzipan"), "{}", w.message);
    assert!(!w.message.contains("hazelnut paste"), "{}", w.message);
    // The US names no tree nut by rule of this kind.
    let us = compute_label(&r, us()).unwrap();
    assert!(!warning_codes(&us).contains(&"tree_nut_unnamed"));
}

#[test]
fn fsanz_1_2_3_7_1_required_name_in_bold_in_the_statement_of_ingredients() {
    // 1.2.3—7(1)-(2) (p. 74): bold; "milk powder" names milk as a separate word; a name
    // that names none gets the required name next to it ("pasta (wheat, egg)").
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("milk powder", 40.0, &[Milk]),
            ing_with("pasta", 30.0, &[Wheat, Gluten, Eggs]),
        ],
    );
    let label = compute_label(&r, nip()).unwrap();
    let html = label.ingredient_statement_html.as_deref().unwrap();
    assert!(html.contains("<b>Milk</b> powder"), "{html}");
    assert!(html.contains("pasta (<b>egg</b>, <b>wheat</b>)"), "{html}");
}

/// The Code's own examples of 1.2.3—7(2)(b)-(c) (p. 74): "sodium caseinate (milk)", "but not
/// buttermilk": only a required name (S9—3 Column 3) is bold, and only as a separate word.
#[test]
fn fsanz_1_2_3_7_2_required_name_as_a_separate_word() {
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("sodium caseinate", 30.0, &[Milk]),
            ing_with("buttermilk", 20.0, &[Milk]),
        ],
    );
    let label = compute_label(&r, nip()).unwrap();
    let html = label.ingredient_statement_html.as_deref().unwrap();
    // The first name takes the sentence's capital.
    assert_eq!(
        html,
        "Sodium caseinate (<b>milk</b>), buttermilk (<b>milk</b>)"
    );
}

#[test]
fn fsanz_1_2_3_7_1_only_required_names_are_bold() {
    // 1.2.3—7(1)(a) (p. 74): bold contrasting with all text that is not a required name:
    // "butter", "cheese", "whey", "tahini", "prawns", "salmon" name their allergen but are
    // not Column 3 names (pp. 532-533), so the required name stands next to them.
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("butter", 40.0, &[Milk]),
            ing_with("peanut butter", 35.0, &[Peanuts]),
            ing_with("tahini", 30.0, &[Sesame]),
            with_species(ing("prawns", 25.0, &[]), CrustaceanShellfish, "shrimp"),
            with_species(ing("salmon", 20.0, &[]), Fish, "salmon"),
            ing_with("whey", 15.0, &[Milk]),
        ],
    );
    let label = compute_label(&r, nip()).unwrap();
    let html = label.ingredient_statement_html.as_deref().unwrap();
    assert_eq!(
        html,
        "Butter (<b>milk</b>), <b>peanut</b> butter, tahini (<b>sesame</b>), \
         prawns (<b>crustacean</b>), salmon (<b>fish</b>), whey (<b>milk</b>)"
    );
}

#[test]
fn fsanz_1_2_3_8_required_names_singular_or_plural_and_in_several_words() {
    // 1.2.3—8 (p. 75): singular or plural; S9—3 item 4's "Brazil nut", "pine nut" are
    // two words; item 2's "oats"; item 13's "soy, soya or soybean" (pp. 532-533).
    let r = recipe(
        1.0,
        None,
        vec![
            with_species(ing("brazil nuts", 40.0, &[]), TreeNuts, "Brazil nuts"),
            with_species(ing("pine nuts", 30.0, &[]), TreeNuts, "pine nuts"),
            ing_with("rolled oat flakes", 25.0, &[Gluten]),
            ing_with("soya beans", 20.0, &[Soy]),
            ing_with("eggs", 15.0, &[Eggs]),
            with_species(ing("marzipan", 10.0, &[]), TreeNuts, "almonds"),
        ],
    );
    let label = compute_label(&r, nip()).unwrap();
    let html = label.ingredient_statement_html.as_deref().unwrap();
    assert_eq!(
        html,
        "<b>Brazil nuts</b>, <b>pine nuts</b>, rolled <b>oat</b> flakes, <b>soya</b> beans, \
         <b>eggs</b>, marzipan (<b>almond</b>)"
    );
}

#[test]
fn fsanz_1_2_3_7_2_a_kamut_wheat_maltodextrin_wheat() {
    // The Code's example of 1.2.3—7(2)(a) (p. 74): "kamut (wheat), maltodextrin (wheat)".
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("kamut", 50.0, &[Wheat, Gluten]),
            ing_with("maltodextrin", 10.0, &[Wheat]),
        ],
    );
    let label = compute_label(&r, nip()).unwrap();
    let html = label.ingredient_statement_html.as_deref().unwrap();
    assert_eq!(html, "Kamut (<b>wheat</b>), maltodextrin (<b>wheat</b>)");
    // Elsewhere any allergen word stays emphasised (Reg. (EU) 1169/2011 Art. 21).
    let eu = compute_label(&r, crate::format("eu-1169").unwrap()).unwrap();
    assert!(eu
        .ingredient_statement_html
        .as_deref()
        .unwrap()
        .contains("<b>Kamut</b>"));
}

#[test]
fn fsanz_s9_3_item_13_fully_refined_soybean_oil_is_exempt_but_peanut_oil_is_not() {
    let exempt = |a: Allergen, ids: &[&str]| -> BTreeMap<Allergen, BTreeSet<String>> {
        [(a, ids.iter().map(|s| s.to_string()).collect())]
            .into_iter()
            .collect()
    };
    let mut soybean_oil = ing_with("soybean oil", 20.0, &[Soy]);
    soybean_oil.allergen_exemptions =
        exempt(Soy, &["highly_refined_oil", "fully_refined_soybean_oil"]);
    let mut peanut_oil = ing_with("peanut oil", 20.0, &[Peanuts]);
    peanut_oil.allergen_exemptions = exempt(Peanuts, &["highly_refined_oil"]);
    let r = recipe(1.0, None, vec![soybean_oil, peanut_oil]);
    let label = compute_label(&r, nip()).unwrap();
    assert_eq!(label.allergens, [Peanuts].into_iter().collect());
    assert_eq!(label.contains_statement.as_deref(), Some("Contains peanut"));
}

#[test]
fn fsanz_1_2_8_7_3_three_significant_figures_at_the_boundaries() {
    // 1.2.8—7(3) (p. 107): not more than 3 significant figures.
    let r = one_serving(&[(SodiumMg, 1234.5), (ProteinG, 0.12345), (TotalFatG, 99.95)]);
    let label = compute_label(&r, nip()).unwrap();
    assert_eq!(label.display["per_100g.sodium_mg"], "1230mg");
    assert_eq!(label.display["per_100g.protein_g"], "0.123g");
    assert_eq!(label.display["per_100g.fat_g"], "100g");
}

#[test]
fn fsanz_s12_2_words_and_1_2_8_7_1_average_quantity_heads() {
    // S12—2 (p. 547) words; S12—7 (p. 551) "Average quantity per serving / per 100 g".
    let t = nip().primary_terms();
    assert_eq!(t.get("title"), Some("NUTRITION INFORMATION"));
    assert_eq!(
        t.get("column.per_serving"),
        Some("Average quantity per serving")
    );
    assert_eq!(t.get("column.per_100g"), Some("Average quantity per 100 g"));
    assert_eq!(
        t.get("column.per_100ml"),
        Some("Average quantity per 100 mL")
    );
    assert_eq!(t.get("nutrient.fat_g"), Some("Fat, total"));
    assert_eq!(t.get("nutrient.saturates_g"), Some("—saturated"));
    assert_eq!(t.get("nutrient.sugars_g"), Some("—sugars"));
    assert_eq!(t.get("contains"), Some("Contains {allergens}"));
}

#[test]
fn fsanz_1_2_8_8_3_daily_intake_reference_values() {
    // 1.2.8—8(3)(a) (p. 108).
    let refs: BTreeMap<&str, f64> = nip_di()
        .rows
        .iter()
        .filter_map(|r| r.reference.as_ref().map(|v| (r.key.as_str(), v.value)))
        .collect();
    let expected: BTreeMap<&str, f64> = [
        ("energy_kj", 8700.0),
        ("protein_g", 50.0),
        ("fat_g", 70.0),
        ("saturates_g", 24.0),
        ("carbohydrate_g", 310.0),
        ("sugars_g", 90.0),
        ("sodium_mg", 2300.0),
    ]
    .into_iter()
    .collect();
    assert_eq!(refs, expected);
    assert_eq!(
        nip_di().primary_terms().get("percent.note"),
        Some("*Percentage daily intakes are based on an average adult diet of 8700 kJ.")
    );
}

#[test]
fn anz_formats_stay_drafts_while_the_notes_list_what_remains() {
    for f in [nip(), nip_di()] {
        assert_eq!(f.status, "draft", "{}", f.id);
        let notes = f.notes.as_deref().unwrap_or_default();
        assert!(notes.contains("1.2.8—6(1)(b)(ii)"), "{}", f.id);
        assert!(notes.contains("1.2.8—6(9)"), "{}", f.id);
    }
}

#[test]
fn name_species_may_list_the_allergens_named_by_species() {
    let parse = |species: &str| {
        let text = format!(
            r#"{{"id": "x", "name": "x", "claims": null, "allergens": {{"declare": ["tree_nuts", "fish"],
            "source": "s", "contains_statement": null, "emphasise_in_ingredients": false,
            "name_species": {species}}}}}"#
        );
        serde_json::from_str::<crate::regime::RegimeFile>(&text)
            .unwrap()
            .resolve()
    };
    let only = parse(r#"["tree_nuts"]"#).unwrap();
    assert!(only.allergens.name_species);
    assert_eq!(
        only.allergens.species_only,
        Some([TreeNuts].into_iter().collect())
    );
    let all = parse("true").unwrap();
    assert!(all.allergens.name_species && all.allergens.species_only.is_none());
    let none = parse("false").unwrap();
    assert!(!none.allergens.name_species);
    // Milk takes no species (21 U.S.C. 343(w)(2), S9—3): refused.
    assert!(parse(r#"["milk"]"#).is_err());
    // The regime of Australia and New Zealand names the tree nuts only (S9—3 item 4).
    assert_eq!(
        nip().regime.allergens.species_only,
        Some([TreeNuts].into_iter().collect())
    );
}
