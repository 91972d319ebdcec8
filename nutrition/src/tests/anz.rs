//! Australia and New Zealand (formats `anz.nip`, `anz.nip.di`, regime `anz-fsanz`): boundary
//! tests of the Food Standards Code as the compilation of March 2025 reads (page numbers of
//! that compilation): Standard 1.2.3 and Schedule 9 (allergen declarations), Standard 1.2.8,
//! Schedules 11 and 12 (nutrition information panel).

use std::collections::{BTreeMap, BTreeSet};

use super::*;
use crate::Allergen::*;
use crate::Nutrient::*;
use crate::{compute_label, compute_label_with, format, Extras, Format};

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
        // 1.2.8—8(2): dietary fibre, if declared.
        ("fibre_g", 30.0),
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
fn anz_formats_are_in_force_and_their_notes_say_what_the_user_answers_for() {
    for f in [nip(), nip_di()] {
        assert_eq!(f.status, "in_force", "{}", f.id);
        let notes = f.notes.as_deref().unwrap_or_default();
        assert!(notes.contains("1.2.8—6(1)(b)(ii)"), "{}", f.id);
        assert!(notes.contains("1.2.8—6(9)"), "{}", f.id);
        assert!(notes.contains("user"), "{}", f.id);
        assert!(!notes.contains("Still a draft"), "{}", f.id);
    }
}

/// 100 g of a drink: sugar and water, 260 g a serving, 1.04 g/mL.
fn drink() -> RecipeInput {
    recipe(
        4.0,
        Some(260.0),
        vec![
            ing(
                "sugar",
                104.0,
                &[(TotalCarbohydrateG, 100.0), (TotalSugarsG, 100.0)],
            ),
            ing("water", 936.0, &[(SodiumMg, 10.0)]),
        ],
    )
}

#[test]
fn fsanz_1_2_8_6_1_b_ii_a_liquid_serving_in_millilitres_and_unit_quantity_100_ml() {
    // 1.2.8—6(1)(b)(ii) (p. 105): a beverage's serving in millilitres; (c) and 1.2.8—4's
    // unit quantity (p. 104): 100 millilitres for a beverage or other liquid food.
    let extras = Extras {
        liquid_density_g_per_ml: Some(1.04),
        ..Extras::default()
    };
    for f in [nip(), nip_di()] {
        let label = compute_label_with(&drink(), f, &extras).unwrap();
        let ml = label.serving_size.ml.expect("a volume");
        assert!((ml - 250.0).abs() < 1e-9, "{ml}");
        assert!(label.per_100ml);
        // 1 040 g of drink hold 104 g sugars: 100 mL weigh 104 g and hold 10.4 g.
        assert_eq!(label.display["per_100g.sugars_g"], "10.4g");
        assert_eq!(label.display["per_serving.sugars_g"], "26g");
        let json = serde_json::to_value(&label).unwrap();
        assert_eq!(json["serving_size"]["ml"], 250.0);
    }
    // A solid (no density): grams, per 100 g, and no volume in the JSON.
    let solid = compute_label(&drink(), nip()).unwrap();
    assert_eq!(solid.serving_size.ml, None);
    assert_eq!(solid.display["per_100g.sugars_g"], "10g");
    let json = serde_json::to_value(&solid).unwrap();
    assert!(json["serving_size"].get("ml").is_none());
    // Recorded as a liquid without a density: by weight, and the label says why.
    let unknown = Extras {
        liquid: true,
        ..Extras::default()
    };
    let by_weight = compute_label_with(&drink(), nip(), &unknown).unwrap();
    assert_eq!(by_weight.serving_size.ml, None);
    let w = by_weight
        .warnings
        .iter()
        .find(|w| w.code == "liquid_without_density")
        .expect("warned");
    assert!(w.message.contains("1.2.8—6(1)(b)(ii)"), "{}", w.message);
    let us_unknown = compute_label_with(&drink(), us(), &unknown).unwrap();
    assert!(us_unknown
        .warnings
        .iter()
        .all(|w| w.code != "liquid_without_density"));
    // Other laws give a volume only where they declare per 100 ml too; the US none.
    let us = compute_label_with(&drink(), us(), &extras).unwrap();
    assert_eq!(us.serving_size.ml, None);
}

/// One food of 100 g: 60 g total carbohydrate and the S11—2(3) components given.
fn sweetened(components: &[(Nutrient, f64)]) -> RecipeInput {
    let mut amounts = vec![
        (TotalCarbohydrateG, 60.0),
        (TotalSugarsG, 0.0),
        (ProteinG, 0.0),
        (TotalFatG, 0.0),
        (SaturatedFatG, 0.0),
        (SodiumMg, 0.0),
    ];
    amounts.extend_from_slice(components);
    recipe(1.0, None, vec![ing("sweets", 100.0, &amounts)])
}

fn row_keys(label: &crate::Label) -> Vec<&str> {
    label.rows.iter().map(|r| r.key.as_str()).collect()
}

#[test]
fn fsanz_s11_2_energy_by_each_specific_component_factor() {
    // S11—2(2)-(3) (pp. 542-543): carbohydrate 17 kJ/g, erythritol 1, glycerol 18, organic
    // acids 13; S11—3(2)(h): available carbohydrate by difference without them.
    let label = compute_label(
        &sweetened(&[(ErythritolG, 10.0), (GlycerolG, 5.0), (OrganicAcidsG, 5.0)]),
        nip(),
    )
    .unwrap();
    // (60 − 20) × 17 + 10 × 1 + 5 × 18 + 5 × 13 = 680 + 10 + 90 + 65 = 845 kJ.
    assert_eq!(label.display["per_100g.energy_kj"], "845kJ");
    assert_eq!(label.display["per_100g.carbohydrate_g"], "40g");
    // Each factor of the table (p. 543), one component at a time.
    for (n, factor) in [
        (DAlluloseG, 2.0),
        (ErythritolG, 1.0),
        (GlycerolG, 18.0),
        (IsomaltG, 11.0),
        (LactitolG, 11.0),
        (MaltitolG, 13.0),
        (MannitolG, 9.0),
        (OrganicAcidsG, 13.0),
        (PolydextroseG, 5.0),
        (SorbitolG, 14.0),
        (DTagatoseG, 11.0),
        (XylitolG, 14.0),
    ] {
        let label = compute_label(&sweetened(&[(n, 10.0)]), nip()).unwrap();
        let kj = 50.0 * 17.0 + 10.0 * factor;
        assert_eq!(
            label.display["per_100g.energy_kj"],
            format!("{kj}kJ"),
            "{}",
            n.key()
        );
    }
    // Other laws keep their own factors: the EU's carbohydrate is unchanged by them.
    let eu_label = compute_label(&sweetened(&[(ErythritolG, 10.0)]), eu()).unwrap();
    assert_eq!(eu_label.display["per_100g.carbohydrate_g"], "60g");
}

#[test]
fn fsanz_1_2_8_6_9_substances_declared_individually_from_5_g_per_100_g() {
    // 1.2.8—6(9) (p. 106): no less than 5 g/100 g, singly or in combination.
    let below = compute_label(&sweetened(&[(SorbitolG, 4.9)]), nip()).unwrap();
    assert!(
        !row_keys(&below).contains(&"sorbitol_g"),
        "{:?}",
        row_keys(&below)
    );
    let at = compute_label(&sweetened(&[(SorbitolG, 5.0)]), nip()).unwrap();
    assert_eq!(
        row_keys(&at),
        [
            "energy_kj",
            "protein_g",
            "fat_g",
            "saturates_g",
            "carbohydrate_g",
            "sugars_g",
            "sodium_mg",
            "sorbitol_g"
        ]
    );
    assert_eq!(at.display["per_100g.sorbitol_g"], "5g");
    // In combination: 3 g + 2 g, each declared; organic acids are not counted or
    // declared ("other than organic acids").
    let both = compute_label(
        &sweetened(&[(SorbitolG, 3.0), (XylitolG, 2.0), (OrganicAcidsG, 9.0)]),
        nip_di(),
    )
    .unwrap();
    let keys = row_keys(&both);
    assert!(keys.ends_with(&["sorbitol_g", "xylitol_g"]), "{keys:?}");
    assert!(!keys.contains(&"organic_acids_g"));
    let under = compute_label(
        &sweetened(&[(SorbitolG, 2.0), (XylitolG, 2.0), (OrganicAcidsG, 9.0)]),
        nip(),
    )
    .unwrap();
    assert!(!row_keys(&under).contains(&"xylitol_g"));
    // A food whose data names none declares none, and lacks no data for them.
    let plain = compute_label(&sweetened(&[]), nip()).unwrap();
    assert_eq!(plain.rows.len(), 7);
    assert!(plain.missing.is_empty(), "{:?}", plain.missing);
}

#[test]
fn fsanz_s11_2_3_polyols_given_only_as_a_total_are_warned() {
    // S11—2(3) (p. 543) gives each polyol its factor; a total names none of them.
    let total = compute_label(&sweetened(&[(PolyolsG, 10.0)]), nip()).unwrap();
    assert!(codes(&total).contains(&"polyols_not_named".to_string()));
    // They count as carbohydrate: 60 × 17 kJ.
    assert_eq!(total.display["per_100g.energy_kj"], "1020kJ");
    let named = compute_label(&sweetened(&[(PolyolsG, 10.0), (SorbitolG, 10.0)]), nip()).unwrap();
    assert!(!codes(&named).contains(&"polyols_not_named".to_string()));
    // Laws without named substances do not warn.
    let eu_label = compute_label(&sweetened(&[(PolyolsG, 10.0)]), eu()).unwrap();
    assert!(!codes(&eu_label).contains(&"polyols_not_named".to_string()));
}

#[test]
fn fsanz_s12_3_rows_a_claim_brings_are_declared_when_asked() {
    // 1.2.8—6(3), (5), (12) (pp. 105-106) in S12—3's format (p. 548): asked for in
    // voluntary_nutrients (a claim is made), declared in S12—3's order and words.
    let mut r = recipe(
        2.0,
        None,
        vec![ing(
            "muesli",
            100.0,
            &[
                (TotalCarbohydrateG, 60.0),
                (DietaryFiberG, 8.0),
                (TotalFatG, 10.0),
                (SaturatedFatG, 2.0),
                (TransFatG, 0.1),
                (PolyunsaturatedFatG, 3.0),
                (MonounsaturatedFatG, 4.0),
                (CholesterolMg, 0.0),
                (SodiumMg, 20.0),
                (PotassiumMg, 400.0),
            ],
        )],
    );
    let plain = compute_label(&r, nip()).unwrap();
    assert_eq!(plain.rows.len(), 7);
    r.voluntary_nutrients = [
        "trans_fat_g",
        "polyunsaturated_fat_g",
        "monounsaturated_fat_g",
        "cholesterol_mg",
        "dietary_fiber_g",
        "potassium_mg",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    let label = compute_label(&r, nip_di()).unwrap();
    assert_eq!(
        row_keys(&label),
        [
            "energy_kj",
            "protein_g",
            "fat_g",
            "saturates_g",
            "trans_fat_g",
            "polyunsaturated_fat_g",
            "monounsaturated_fat_g",
            "cholesterol_mg",
            "carbohydrate_g",
            "sugars_g",
            "fibre_g",
            "sodium_mg",
            "potassium_mg"
        ]
    );
    let t = nip().primary_terms();
    assert_eq!(t.get("nutrient.trans_fat_g"), Some("—trans"));
    assert_eq!(t.get("nutrient.fibre_g"), Some("Dietary fibre"));
    // 4 g of fibre a serving of 30 g (1.2.8—8(2)): 13 %.
    assert_eq!(label.display["per_serving.fibre_g"], "4g");
    let fibre = label.row("fibre_g").unwrap();
    assert_eq!(fibre.cells[0].percent, Some(13.0));
    assert_eq!(label.display["per_serving.cholesterol_mg"], "0mg");
}

fn codes(label: &crate::Label) -> Vec<String> {
    label.warnings.iter().map(|w| w.code.clone()).collect()
}

#[test]
fn fsanz_1_2_3_2_2_laxative_advisory_at_10_and_25_g_per_100_g() {
    const LAXATIVE: &str = "laxative_advisory_statement_required";
    let warned = |c: &[(Nutrient, f64)]| {
        codes(&compute_label(&sweetened(c), nip()).unwrap()).contains(&LAXATIVE.to_string())
    };
    // (a) lactitol, maltitol, mannitol, xylitol: 10 g/100 g, alone or together.
    assert!(warned(&[(XylitolG, 10.0)]));
    assert!(warned(&[(LactitolG, 5.0), (MannitolG, 5.0)]));
    assert!(!warned(&[(MaltitolG, 9.9)]));
    // (b) erythritol, isomalt, polydextrose, sorbitol: 25 g/100 g.
    assert!(warned(&[(ErythritolG, 25.0)]));
    assert!(!warned(&[(SorbitolG, 24.9)]));
    assert!(!warned(&[(IsomaltG, 12.0), (PolydextroseG, 12.9)]));
    // (c) one of (a) with one of (b): 10 g/100 g.
    assert!(warned(&[(XylitolG, 1.0), (SorbitolG, 9.0)]));
    assert!(!warned(&[(XylitolG, 1.0), (SorbitolG, 8.9)]));
    // Glycerol and D-tagatose are in no list.
    assert!(!warned(&[(GlycerolG, 30.0), (DTagatoseG, 30.0)]));
    let label = compute_label(&sweetened(&[(XylitolG, 12.0)]), nip()).unwrap();
    let w = label.warnings.iter().find(|w| w.code == LAXATIVE).unwrap();
    assert!(
        w.message
            .contains("excess consumption may have a laxative effect"),
        "{}",
        w.message
    );
    assert!(w.message.contains("xylitol_g"), "{}", w.message);
    // (d) D-allulose: by the kind of food, which the data cannot see; the warning says so.
    let allulose = compute_label(&sweetened(&[(DAlluloseG, 1.0)]), nip()).unwrap();
    let w = allulose
        .warnings
        .iter()
        .find(|w| w.code == "laxative_advisory_statement_if_d_allulose_added")
        .expect("warned");
    assert!(w.message.contains("bakery product"), "{}", w.message);
    // No other regime has the rule.
    assert!(
        !codes(&compute_label(&sweetened(&[(XylitolG, 12.0)]), eu()).unwrap())
            .contains(&LAXATIVE.to_string())
    );
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
