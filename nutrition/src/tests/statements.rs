//! Ingredient statements, allergens and the "Contains" statement, sub-recipes included.

use super::{eu, ing, ing_with, recipe, sub, us};
use crate::statement::escape_html;
use crate::Allergen::*;
use crate::{compute_label, Allergen};

#[test]
fn ingredients_are_listed_in_descending_order_of_weight() {
    let r = recipe(
        1.0,
        None,
        vec![
            ing("salt", 2.0, &[]),
            ing("flour", 500.0, &[]),
            ing("water", 300.0, &[]),
        ],
    );
    assert_eq!(
        compute_label(&r, us()).unwrap().ingredient_statement,
        "Flour, water, salt"
    );
}

#[test]
fn equal_weights_keep_the_recipe_order() {
    let r = recipe(1.0, None, vec![ing("b", 10.0, &[]), ing("a", 10.0, &[])]);
    assert_eq!(
        compute_label(&r, us()).unwrap().ingredient_statement,
        "B, a"
    );
}

#[test]
fn a_sub_recipe_lists_its_own_ingredients_in_parentheses_in_their_own_order() {
    let pesto = recipe(
        1.0,
        None,
        vec![
            ing("pine nuts", 20.0, &[]),
            ing("basil", 50.0, &[]),
            ing("olive oil", 30.0, &[]),
        ],
    );
    let r = recipe(
        1.0,
        None,
        vec![
            ing("pasta", 200.0, &[]),
            sub("pesto", 60.0, pesto),
            ing("salt", 1.0, &[]),
        ],
    );
    assert_eq!(
        compute_label(&r, us()).unwrap().ingredient_statement,
        "Pasta, pesto (basil, olive oil, pine nuts), salt"
    );
}

#[test]
fn lines_of_the_same_ingredient_are_merged_before_ordering_by_weight() {
    // 21 CFR 101.4(a)(1), issue 14 item 11: sugar 45 g + sugar 45 g weigh 90 g.
    let r = recipe(
        1.0,
        None,
        vec![
            ing("flour", 100.0, &[]),
            ing("butter", 80.0, &[]),
            ing("sugar", 45.0, &[]),
            ing("Sugar ", 45.0, &[]),
        ],
    );
    assert_eq!(
        compute_label(&r, us()).unwrap().ingredient_statement,
        "Flour, sugar, butter"
    );
    let html = compute_label(&r, eu())
        .unwrap()
        .ingredient_statement_html
        .unwrap();
    assert_eq!(html, "Flour, sugar, butter");
}

#[test]
fn sub_recipe_statements_that_share_ingredients_stay_in_their_parentheses() {
    let dough = recipe(
        1.0,
        None,
        vec![ing("flour", 60.0, &[]), ing("sugar", 40.0, &[])],
    );
    let r = recipe(
        1.0,
        None,
        vec![
            ing("sugar", 30.0, &[]),
            sub("dough", 100.0, dough),
            ing("butter", 50.0, &[]),
            ing("sugar", 30.0, &[]),
        ],
    );
    assert_eq!(
        compute_label(&r, us()).unwrap().ingredient_statement,
        "Dough (flour, sugar), sugar, butter"
    );
}

#[test]
fn allergens_include_those_of_sub_recipes_and_are_sorted_by_code() {
    let inner = recipe(1.0, None, vec![ing_with("butter", 10.0, &[Milk])]);
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("flour", 100.0, &[Wheat]),
            sub("roux", 20.0, inner),
            ing_with("egg", 50.0, &[Eggs]),
        ],
    );
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(
        label.allergens.iter().copied().collect::<Vec<_>>(),
        vec![Eggs, Milk, Wheat]
    );
}

#[test]
fn us_labels_show_only_the_nine_major_allergens() {
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("celery", 10.0, &[Celery]),
            ing_with("barley", 10.0, &[Gluten]),
            ing_with("tahini", 5.0, &[Sesame]),
        ],
    );
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(
        label.allergens.iter().copied().collect::<Vec<_>>(),
        vec![Sesame]
    );
    assert_eq!(
        label.contains_statement.as_deref(),
        Some("Contains: Sesame")
    );
}

/// The US regime's "Contains" statement in its English terms.
fn us_contains(allergens: &std::collections::BTreeSet<Allergen>) -> Option<String> {
    us().regime
        .contains_statement(allergens, &Default::default(), us().primary_terms())
}

#[test]
fn the_us_contains_statement_follows_the_statutory_order() {
    let set = [Wheat, Sesame, Milk].into_iter().collect();
    assert_eq!(
        us_contains(&set).as_deref(),
        Some("Contains: Milk, Wheat, Sesame")
    );
    let all = Allergen::ALL.into_iter().collect();
    assert_eq!(
        us_contains(&all).as_deref(),
        Some("Contains: Milk, Eggs, Fish, Crustacean Shellfish, Tree Nuts, Peanuts, Wheat, Soy, Sesame")
    );
}

#[test]
fn a_food_without_major_allergens_has_no_contains_statement() {
    let label = compute_label(&recipe(1.0, None, vec![ing("water", 10.0, &[])]), us()).unwrap();
    assert_eq!(label.contains_statement, None);
    assert!(label.allergens.is_empty());
}

#[test]
fn eu_labels_declare_every_annex_ii_allergen_and_wheat_brings_gluten() {
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("wheat flour", 100.0, &[Wheat]),
            ing_with("celery", 10.0, &[Celery]),
        ],
    );
    let label = compute_label(&r, eu()).unwrap();
    assert_eq!(
        label.allergens.iter().copied().collect::<Vec<_>>(),
        vec![Celery, Gluten, Wheat]
    );
    assert_eq!(label.contains_statement, None);
}

#[test]
fn eu_html_statement_emphasises_allergen_words_in_names() {
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("Wheat flour", 100.0, &[Wheat]),
            ing_with("skimmed milk powder", 20.0, &[Milk]),
            ing("sugar", 10.0, &[]),
        ],
    );
    let label = compute_label(&r, eu()).unwrap();
    assert_eq!(
        label.ingredient_statement_html.as_deref().unwrap(),
        "<b>Wheat</b> flour, skimmed <b>milk</b> powder, sugar"
    );
}

#[test]
fn eu_html_statement_names_an_allergen_the_ingredient_name_does_not_mention() {
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("whey powder", 10.0, &[Milk]),
            ing_with("flavouring", 5.0, &[Milk, Soy]),
        ],
    );
    let label = compute_label(&r, eu()).unwrap();
    assert_eq!(
        label.ingredient_statement_html.as_deref().unwrap(),
        "<b>Whey</b> powder, flavouring (<b>milk</b>, <b>soya</b>)"
    );
}

#[test]
fn eu_html_statement_escapes_html_in_names() {
    let r = recipe(
        1.0,
        None,
        vec![ing_with(
            "<script>alert('x')</script> & eggs",
            10.0,
            &[Eggs],
        )],
    );
    let html = compute_label(&r, eu())
        .unwrap()
        .ingredient_statement_html
        .unwrap();
    assert_eq!(
        html,
        "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; <b>eggs</b>"
    );
    assert!(!html.contains("<script>"));
    assert_eq!(escape_html("a\"b"), "a&quot;b");
}

#[test]
fn eu_html_statement_emphasises_inside_sub_recipes() {
    let inner = recipe(
        1.0,
        None,
        vec![ing_with("butter", 10.0, &[Milk]), ing("flour", 20.0, &[])],
    );
    let r = recipe(
        1.0,
        None,
        vec![sub("roux", 30.0, inner), ing("stock", 100.0, &[])],
    );
    let label = compute_label(&r, eu()).unwrap();
    assert_eq!(
        label.ingredient_statement_html.as_deref().unwrap(),
        "Stock, roux (flour, <b>butter</b>)"
    );
    assert_eq!(label.ingredient_statement, "Stock, roux (flour, butter)");
}

#[test]
fn statements_are_in_sentence_case_and_names_after_the_first_stay_as_given() {
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("enriched wheat flour", 100.0, &[Wheat]),
            ing("Cane sugar", 50.0, &[]),
            ing("iodised salt", 1.0, &[]),
        ],
    );
    assert_eq!(
        compute_label(&r, us()).unwrap().ingredient_statement,
        "Enriched wheat flour, Cane sugar, iodised salt"
    );
    let html = compute_label(&r, eu()).unwrap();
    assert_eq!(
        html.ingredient_statement_html.as_deref().unwrap(),
        "Enriched <b>wheat</b> flour, Cane sugar, iodised salt"
    );
    // Only a leading letter changes: a digit or an escaped character stays first as is.
    let numbered = recipe(1.0, None, vec![ing("7 grain mix", 10.0, &[])]);
    assert_eq!(
        compute_label(&numbered, us()).unwrap().ingredient_statement,
        "7 grain mix"
    );
}

fn with_species(
    mut i: crate::ResolvedIngredient,
    allergen: Allergen,
    species: &str,
) -> crate::ResolvedIngredient {
    i.allergens.insert(allergen);
    i.allergen_details
        .entry(allergen)
        .or_default()
        .insert(species.to_string());
    i
}

#[test]
fn the_us_contains_statement_names_tree_nut_fish_and_shellfish_species() {
    // 21 U.S.C. 343(w)(2): almonds give "Contains: Milk, Almonds, Wheat", not "Tree Nuts".
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("wheat flour", 100.0, &[Wheat]),
            ing_with("butter", 50.0, &[Milk]),
            with_species(ing("almonds", 30.0, &[]), TreeNuts, "almonds"),
        ],
    );
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(
        label.contains_statement.as_deref(),
        Some("Contains: Milk, Almonds, Wheat")
    );
    assert_eq!(
        label.allergens,
        [Milk, TreeNuts, Wheat].into_iter().collect()
    );
    let json = serde_json::to_value(&label).unwrap();
    assert_eq!(
        json["allergen_details"],
        serde_json::json!({"tree_nuts": ["almonds"]})
    );
    let back: crate::Label = serde_json::from_value(json).unwrap();
    assert_eq!(back.allergen_details, label.allergen_details);
}

#[test]
fn species_of_sub_recipes_count_and_an_allergen_without_species_keeps_its_name() {
    let sauce = recipe(
        1.0,
        None,
        vec![
            with_species(ing("salmon", 50.0, &[]), Fish, "salmon"),
            with_species(ing("shrimp", 20.0, &[]), CrustaceanShellfish, "shrimp"),
        ],
    );
    let r = recipe(
        1.0,
        None,
        vec![
            sub("sauce", 70.0, sauce),
            ing_with("mixed nuts", 10.0, &[TreeNuts]),
        ],
    );
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(
        label.contains_statement.as_deref(),
        Some("Contains: Salmon, Shrimp, Tree Nuts")
    );
}

#[test]
fn eu_labels_carry_no_allergen_details() {
    let r = recipe(
        1.0,
        None,
        vec![with_species(ing("almonds", 30.0, &[]), TreeNuts, "almonds")],
    );
    let label = compute_label(&r, eu()).unwrap();
    assert!(label.allergen_details.is_empty());
    assert!(serde_json::to_value(&label)
        .unwrap()
        .get("allergen_details")
        .is_none());
}

#[test]
fn species_names_are_found_in_words_and_printed_by_their_known_name() {
    use crate::allergen::{species_in, species_name};
    assert_eq!(species_name(TreeNuts, "almond"), Some("almonds"));
    assert_eq!(species_name(TreeNuts, "Pine nuts"), Some("pine nuts"));
    assert_eq!(species_name(Fish, "almond"), None);
    assert_eq!(
        species_in(&["nut", "pine", "nut", "dried"]),
        vec![(TreeNuts, "pine nuts")]
    );
}

/// Issue 19, item 8: an allergen's exemption is the regime's to grant. Refined peanut oil
/// is exempt in the US (21 U.S.C. 321(qq)(2)(A)) and not in the EU (Annex II point 5 has no
/// exemption); fully refined soybean oil is exempt in both (EU Annex II point 6(a)).
#[test]
fn refined_oil_exemptions_follow_each_regime() {
    let exempt = |allergen: Allergen, ids: &[&str]| {
        std::collections::BTreeMap::from([(
            allergen,
            ids.iter().map(|s| (*s).to_owned()).collect(),
        )])
    };
    let mut peanut_oil = ing_with("peanut oil", 20.0, &[Peanuts]);
    peanut_oil.allergen_exemptions = exempt(Peanuts, &["highly_refined_oil"]);
    let mut soybean_oil = ing_with("soybean oil", 20.0, &[Soy]);
    soybean_oil.allergen_exemptions =
        exempt(Soy, &["highly_refined_oil", "fully_refined_soybean_oil"]);
    let r = recipe(
        1.0,
        None,
        vec![ing("flour", 100.0, &[]), peanut_oil, soybean_oil],
    );

    let us_label = compute_label(&r, us()).unwrap();
    assert!(us_label.allergens.is_empty(), "{:?}", us_label.allergens);
    assert_eq!(us_label.contains_statement, None);

    let eu_label = compute_label(&r, eu()).unwrap();
    assert_eq!(
        eu_label.allergens.iter().copied().collect::<Vec<_>>(),
        vec![Peanuts]
    );
    let html = eu_label.ingredient_statement_html.unwrap_or_default();
    assert!(
        html.contains("<b>peanut</b>") || html.contains("<b>Peanut</b>"),
        "{html}"
    );
    assert!(!html.contains("<b>soybean</b>"), "{html}");
}

/// Issue 19, item 8: the EU names gluten cereals (Annex II point 1 lists wheat, rye, barley,
/// oats, not "gluten"), and wants the reference to wheat with spelt, khorasan and the like
/// (Commission Notice 2017/C 428/01): "spelt (wheat)".
#[test]
fn eu_statements_name_the_gluten_cereal_and_the_wheat_of_spelt() {
    let mut crumbs = ing_with("crumbs", 50.0, &[Gluten]);
    crumbs
        .allergen_details
        .insert(Gluten, ["barley".to_owned()].into());
    let spelt = ing_with("spelt flour", 100.0, &[Wheat, Gluten]);
    let r = recipe(1.0, None, vec![spelt, crumbs]);
    let html = compute_label(&r, eu())
        .unwrap()
        .ingredient_statement_html
        .unwrap_or_default();
    assert!(
        html.contains("<b>Spelt</b> flour (<b>wheat</b>)")
            || html.contains("<b>spelt</b> flour (<b>wheat</b>)"),
        "{html}"
    );
    assert!(html.contains("crumbs (<b>barley</b>)"), "{html}");
    assert!(!html.contains("gluten"), "{html}");
    // The US prints no emphasis and no cereal.
    let us_label = compute_label(&r, us()).unwrap();
    assert!(!us_label.ingredient_statement.contains("barley"));
}

#[test]
fn canada_declares_its_priority_allergens_and_names_each_source_once() {
    // FDR B.01.010.1(1): mustard seeds and molluscs are food allergens in Canada (not in
    // the US); barley is a gluten source; B.01.010.3(2): wheat is named once although it
    // is both a food allergen and a gluten source.
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("wheat flour", 100.0, &[Wheat]),
            with_species(ing("barley malt", 20.0, &[]), Gluten, "barley"),
            ing_with("mustard", 10.0, &[Mustard]),
            ing_with("mussels", 10.0, &[Molluscs]),
            with_species(ing("walnuts", 10.0, &[]), TreeNuts, "walnuts"),
            ing_with("soy lecithin", 1.0, &[Soy]),
        ],
    );
    let canada = crate::format("ca.std.bi").unwrap();
    let label = compute_label(&r, canada).unwrap();
    assert_eq!(
        label.contains_statement.as_deref(),
        Some("Contains: Walnuts, Wheat, Soybeans, Molluscs, Mustard seeds, Barley")
    );
    assert_eq!(
        label.allergens,
        [Gluten, Molluscs, Mustard, Soy, TreeNuts, Wheat]
            .into_iter()
            .collect()
    );
    // The same recipe under US law: no mustard, no molluscs, no gluten.
    let us_label = compute_label(&r, us()).unwrap();
    assert_eq!(
        us_label.contains_statement.as_deref(),
        Some("Contains: Walnuts, Wheat, Soy")
    );
}

/// `i` marked a sugars-based ingredient (FDR B.01.001(1)).
fn sugars_based(mut i: crate::ResolvedIngredient) -> crate::ResolvedIngredient {
    i.sugars_based = true;
    i
}

/// `i` with its French name.
fn in_french(mut i: crate::ResolvedIngredient, name: &str) -> crate::ResolvedIngredient {
    i.names.by_language.insert("fr".into(), name.into());
    i
}

#[test]
fn fdr_b01_008_3_a_canadian_list_groups_its_sugars_in_each_language() {
    // (1) after "Sugars" / « Sucres » in parentheses; (2)(a) the term at the combined 55 g,
    // before the 50 g of butter; (3) each member in lower case, heaviest first. Elsewhere
    // (the US) each sugar keeps its own place.
    let r = recipe(
        1.0,
        None,
        vec![
            in_french(ing("Flour", 100.0, &[]), "Farine"),
            in_french(ing("Butter", 50.0, &[]), "Beurre"),
            sugars_based(in_french(ing("Honey", 15.0, &[]), "Miel")),
            sugars_based(in_french(ing("Maple syrup", 40.0, &[]), "Sirop d'érable")),
        ],
    );
    let l = compute_label(&r, crate::format("ca.std.bi").unwrap()).unwrap();
    assert_eq!(
        l.statements[0].ingredient_statement,
        "Flour, Sugars (maple syrup, honey), Butter"
    );
    assert_eq!(
        l.statements[1].ingredient_statement,
        "Farine, Sucres (sirop d'érable, miel), Beurre"
    );
    assert_eq!(
        compute_label(&r, us()).unwrap().ingredient_statement,
        "Flour, Butter, Maple syrup, Honey"
    );
}

#[test]
fn fdr_b01_008_3_4_a_single_sugar_and_a_food_nearly_free_of_sugars_are_not_grouped() {
    let canada = crate::format("ca.std.bi").unwrap();
    let en = |r: &crate::RecipeInput| compute_label(r, canada).unwrap().ingredient_statement;
    // (4)(d): only one sugars-based ingredient, named "sugar": it keeps its place.
    let one = recipe(
        1.0,
        None,
        vec![
            ing("Flour", 100.0, &[]),
            sugars_based(ing("Brown sugar", 20.0, &[])),
        ],
    );
    assert_eq!(en(&one), "Flour, Brown sugar");
    // One that is not named "sugar" is grouped, alone.
    let honey = recipe(
        1.0,
        None,
        vec![
            ing("Flour", 100.0, &[]),
            sugars_based(ing("Honey", 20.0, &[])),
        ],
    );
    assert_eq!(en(&honey), "Flour, Sugars (honey)");
    // (4)(f): less than 0.5 g of sugars per serving of stated size (0.36 g here).
    let traces = recipe(
        1.0,
        None,
        vec![
            ing("Flour", 100.0, &[(crate::Nutrient::TotalSugarsG, 0.0)]),
            sugars_based(ing("Honey", 0.2, &[(crate::Nutrient::TotalSugarsG, 80.0)])),
            sugars_based(ing("Sugar", 0.2, &[(crate::Nutrient::TotalSugarsG, 100.0)])),
        ],
    );
    assert_eq!(en(&traces), "Flour, Honey, Sugar");
}

#[test]
fn fdr_b01_008_3_a_sub_recipes_own_sugars_are_its_components_not_grouped() {
    let glaze = recipe(
        1.0,
        None,
        vec![
            sugars_based(ing("icing sugar", 30.0, &[])),
            ing("water", 10.0, &[]),
        ],
    );
    let r = recipe(
        1.0,
        None,
        vec![
            ing("Flour", 100.0, &[]),
            sub("Glaze", 40.0, glaze),
            sugars_based(ing("Honey", 20.0, &[])),
            sugars_based(ing("Corn syrup", 10.0, &[])),
        ],
    );
    let l = compute_label(&r, crate::format("ca.std.bi").unwrap()).unwrap();
    assert_eq!(
        l.statements[0].ingredient_statement,
        "Flour, Glaze (icing sugar, water), Sugars (honey, corn syrup)"
    );
}
