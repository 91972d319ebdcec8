//! Data the ingredients lack (issue 14 item 2) and sub-ingredients in parentheses (item 7):
//! a value the data lacks is never declared as a measured amount.

use super::{eu, ing, recipe, sub, us};
use crate::Allergen::*;
use crate::Nutrient::{self, *};
use crate::{compute_label, IngredientSource, Label, MissingNutrient, ResolvedIngredient};

/// Every nutrient at 0 per 100 g except `given`, without `lacking`.
fn complete(
    name: &str,
    grams: f64,
    given: &[(Nutrient, f64)],
    lacking: &[Nutrient],
) -> ResolvedIngredient {
    let mut amounts: Vec<(Nutrient, f64)> = Nutrient::ALL
        .into_iter()
        .filter(|n| !lacking.contains(n))
        .map(|n| (n, 0.0))
        .collect();
    for (n, v) in given {
        if let Some(a) = amounts.iter_mut().find(|(m, _)| m == n) {
            a.1 = *v;
        }
    }
    ing(name, grams, &amounts)
}

fn missing_keys(label: &Label) -> Vec<&str> {
    label.missing.iter().map(|m| m.nutrient.as_str()).collect()
}

#[test]
fn complete_data_gives_a_label_without_missing_or_warnings() {
    let r = recipe(
        1.0,
        None,
        vec![complete("oil", 100.0, &[(TotalFatG, 14.0)], &[])],
    );
    let label = compute_label(&r, us()).unwrap();
    assert!(label.missing.is_empty());
    assert!(label
        .warnings
        .iter()
        .all(|w| w.code == "no_household_measure"));
    let json = serde_json::to_value(&label).unwrap();
    assert!(json.get("missing").is_none());
}

#[test]
fn unknown_trans_fat_is_bounded_by_total_fat_at_the_0_5_g_boundary() {
    // 101.9(c)(2)(ii): under 0.5 g per serving declares "0g". With 0.49 g of fat per serving,
    // whatever the unknown trans fat is, it is under 0.5 g: "0g" is a fact, not a guess.
    let below = recipe(
        1.0,
        None,
        vec![complete("oil", 100.0, &[(TotalFatG, 0.49)], &[TransFatG])],
    );
    let label = compute_label(&below, us()).unwrap();
    assert!(label.missing.is_empty(), "{:?}", label.missing);
    assert_eq!(label.display["trans_fat_g"], "0g");

    // At 0.5 g of fat the trans fat could reach 0.5 g, declared "0.5g": unknown.
    let at = recipe(
        1.0,
        None,
        vec![complete("oil", 100.0, &[(TotalFatG, 0.5)], &[TransFatG])],
    );
    let label = compute_label(&at, us()).unwrap();
    assert_eq!(
        label.missing,
        vec![MissingNutrient::new("trans_fat_g", vec!["oil".to_string()])]
    );
    let codes: Vec<&str> = label.warnings.iter().map(|w| w.code.as_str()).collect();
    assert!(codes.contains(&"incomplete_nutrient_data"));
    assert!(label.warnings[0].message.contains("trans_fat_g"));
}

#[test]
fn added_sugars_of_a_food_without_sugars_are_known_to_be_zero() {
    // Added sugars are part of total sugars (101.9(c)(6)(iii)): 0 g sugars, 0 g added.
    let r = recipe(1.0, None, vec![complete("salt", 1.0, &[], &[AddedSugarsG])]);
    assert!(compute_label(&r, us()).unwrap().missing.is_empty());
    // With sugars it could be anything up to them.
    let r = recipe(
        1.0,
        None,
        vec![complete(
            "jam",
            30.0,
            &[(TotalSugarsG, 50.0), (TotalCarbohydrateG, 60.0)],
            &[AddedSugarsG],
        )],
    );
    assert_eq!(
        missing_keys(&compute_label(&r, us()).unwrap()),
        ["added_sugars_g"]
    );
}

#[test]
fn an_unbounded_nutrient_is_missing_even_when_the_known_part_is_zero() {
    // Nothing bounds sodium: a food without sodium data may hold any amount of it.
    let r = recipe(
        2.0,
        None,
        vec![
            complete("flour", 100.0, &[], &[]),
            complete("stock", 0.001, &[], &[SodiumMg]),
        ],
    );
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(
        label.missing,
        vec![MissingNutrient::new("sodium_mg", vec!["stock".to_string()])]
    );
    // The row is still printed (it is mandatory), from the known part.
    assert_eq!(label.display["sodium_mg"], "0mg");
}

#[test]
fn a_sub_recipes_ingredients_are_named_when_they_lack_data() {
    let sauce = recipe(
        1.0,
        None,
        vec![complete("soy sauce", 50.0, &[], &[VitaminDMcg])],
    );
    let r = recipe(
        1.0,
        None,
        vec![complete("rice", 100.0, &[], &[]), sub("sauce", 20.0, sauce)],
    );
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(
        label.missing,
        vec![MissingNutrient::new(
            "vitamin_d_mcg",
            vec!["soy sauce".to_string()]
        )]
    );
}

#[test]
fn a_voluntary_row_is_left_off_when_some_ingredient_lacks_it_and_printed_when_all_know_it() {
    // EU fibre is voluntary ("when known"): partly known, it is left off with a warning,
    // never understated; the label is complete without it.
    let partial = recipe(
        1.0,
        None,
        vec![
            complete(
                "oats",
                50.0,
                &[(DietaryFiberG, 10.0), (TotalCarbohydrateG, 60.0)],
                &[],
            ),
            complete(
                "dates",
                50.0,
                &[(TotalCarbohydrateG, 75.0)],
                &[DietaryFiberG],
            ),
        ],
    );
    let label = compute_label(&partial, eu()).unwrap();
    assert!(label.row("fibre_g").is_none());
    assert!(label.missing.is_empty());
    let omitted: Vec<&str> = label
        .warnings
        .iter()
        .filter(|w| w.code == "voluntary_nutrient_omitted")
        .map(|w| w.message.as_str())
        .collect();
    assert_eq!(omitted.len(), 1);
    assert!(omitted[0].contains("dates"));

    let known = recipe(
        1.0,
        None,
        vec![
            complete(
                "oats",
                50.0,
                &[(DietaryFiberG, 10.0), (TotalCarbohydrateG, 60.0)],
                &[],
            ),
            complete(
                "dates",
                50.0,
                &[(DietaryFiberG, 8.0), (TotalCarbohydrateG, 75.0)],
                &[],
            ),
        ],
    );
    let label = compute_label(&known, eu()).unwrap();
    assert!(label.row("fibre_g").is_some());
    assert!(label.warnings.is_empty());
}

#[test]
fn the_names_per_nutrient_are_cut_at_the_limit_and_counted() {
    let ingredients = (0..MissingNutrient::MAX_NAMES + 3)
        .map(|i| complete(&format!("spice {i}"), 1.0, &[], &[SodiumMg]))
        .collect();
    let label = compute_label(&recipe(1.0, None, ingredients), us()).unwrap();
    assert_eq!(
        label.missing[0].ingredients.len(),
        MissingNutrient::MAX_NAMES
    );
    assert_eq!(label.missing[0].more_ingredients, 3);
    let long = "x".repeat(500);
    let cut = MissingNutrient::new("sodium_mg", vec![long]);
    assert_eq!(
        cut.ingredients[0].chars().count(),
        MissingNutrient::MAX_NAME_CHARS
    );
    assert!(cut.ingredients[0].ends_with('…'));
}

#[test]
fn missing_data_survives_the_label_json_round_trip() {
    let r = recipe(
        1.0,
        None,
        vec![complete("stock", 100.0, &[], &[SodiumMg, CholesterolMg])],
    );
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(missing_keys(&label), ["cholesterol_mg", "sodium_mg"]);
    let json = serde_json::to_value(&label).unwrap();
    assert_eq!(json["missing"][0]["nutrient"], "cholesterol_mg");
    assert_eq!(json["missing"][0]["ingredients"][0], "stock");
    let back: Label = serde_json::from_value(json).unwrap();
    assert_eq!(back, label);
}

fn with_subs(mut i: ResolvedIngredient, subs: &[&str], confirm: bool) -> ResolvedIngredient {
    i.sub_ingredients = subs.iter().map(|s| s.to_string()).collect();
    i.sub_ingredients_to_confirm = confirm;
    i
}

#[test]
fn sub_ingredients_print_in_parentheses_after_the_name() {
    // 21 CFR 101.4(b)(2): a multi-component ingredient lists its own ingredients.
    let flour = with_subs(
        complete("enriched wheat flour", 100.0, &[], &[]),
        &[
            "wheat flour",
            "niacin",
            "iron",
            "thiamin",
            "riboflavin",
            "folic acid",
        ],
        false,
    );
    let r = recipe(1.0, None, vec![flour, complete("sugar", 50.0, &[], &[])]);
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(
        label.ingredient_statement,
        "Enriched wheat flour (wheat flour, niacin, iron, thiamin, riboflavin, folic acid), sugar"
    );
    assert!(label
        .warnings
        .iter()
        .all(|w| w.code != "confirm_sub_ingredients"));
}

#[test]
fn no_sub_ingredients_or_blank_ones_print_the_name_alone() {
    let blank = with_subs(complete("salt", 1.0, &[], &[]), &[" ", ""], false);
    let label = compute_label(&recipe(1.0, None, vec![blank]), us()).unwrap();
    assert_eq!(label.ingredient_statement, "Salt");
}

#[test]
fn sub_ingredients_from_a_standard_ask_for_confirmation_and_allergens_inside_are_emphasised() {
    let mut mayo = with_subs(
        complete("mayonnaise", 20.0, &[], &[]),
        &["vegetable oil", "egg yolks", "vinegar"],
        true,
    );
    mayo.allergens.insert(Eggs);
    let r = recipe(1.0, None, vec![complete("tuna", 80.0, &[], &[]), mayo]);
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(
        label.ingredient_statement,
        "Tuna, mayonnaise (vegetable oil, egg yolks, vinegar)"
    );
    assert_eq!(label.contains_statement.as_deref(), Some("Contains: Eggs"));
    let confirm: Vec<&str> = label
        .warnings
        .iter()
        .filter(|w| w.code == "confirm_sub_ingredients")
        .map(|w| w.message.as_str())
        .collect();
    assert_eq!(confirm.len(), 1);
    assert!(confirm[0].contains("mayonnaise"));
    // The EU statement emphasises the allergen word inside the parentheses.
    let label = compute_label(&r, eu()).unwrap();
    assert!(
        label
            .ingredient_statement_html
            .unwrap()
            .contains("<b>egg</b> yolks"),
        "allergen inside the sub-ingredients is emphasised"
    );
}

#[test]
fn lines_of_one_ingredient_with_the_same_sub_ingredients_merge() {
    let a = with_subs(
        complete("cheddar cheese", 30.0, &[], &[]),
        &["milk", "salt"],
        false,
    );
    let b = a.clone();
    let r = recipe(1.0, None, vec![complete("pasta", 50.0, &[], &[]), a, b]);
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(
        label.ingredient_statement,
        "Cheddar cheese (milk, salt), pasta"
    );
    assert!(matches!(
        r.ingredients[0].source,
        IngredientSource::PerHundredGrams(_)
    ));
}
