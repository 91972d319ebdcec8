//! The label object's JSON shape (API_DECISIONS §4) and deserialisation errors.

use super::{eu, ing, ing_with, recipe, us};
use crate::Allergen::*;
use crate::Nutrient::*;
use crate::{compute_label, Label, RecipeInput};

fn sample() -> RecipeInput {
    let mut r = recipe(
        2.4,
        Some(60.0),
        vec![
            ing_with("wheat flour", 100.0, &[Wheat]),
            ing("water", 60.0, &[(Calories, 0.0)]),
            ing_with("butter", 20.0, &[Milk]),
        ],
    );
    r.ingredients[0].source = crate::IngredientSource::PerHundredGrams({
        let mut a = crate::NutrientAmounts::default();
        for (n, v) in [
            (Calories, 364.0),
            (TotalFatG, 1.0),
            (TotalCarbohydrateG, 76.0),
            (DietaryFiberG, 2.7),
            (ProteinG, 10.0),
            (SodiumMg, 2.0),
            (IronMg, 4.6),
        ] {
            a.set(n, v);
        }
        a
    });
    r.ingredients[2].source = crate::IngredientSource::PerHundredGrams({
        let mut a = crate::NutrientAmounts::default();
        for (n, v) in [
            (Calories, 717.0),
            (TotalFatG, 81.0),
            (SaturatedFatG, 51.0),
            (CholesterolMg, 215.0),
            (SodiumMg, 11.0),
            (ProteinG, 0.9),
        ] {
            a.set(n, v);
        }
        a
    });
    r.serving_size_text = Some("1 slice (60g)".to_string());
    r
}

fn keys(v: &serde_json::Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
    k.sort();
    k
}

#[test]
fn a_us_label_serialises_to_exactly_the_us_keys() {
    let v = serde_json::to_value(compute_label(&sample(), us()).unwrap()).unwrap();
    let mut expected = vec![
        "format",
        "serving_size",
        "servings_per_container",
        "ingredient_statement",
        "allergens",
        "contains_statement",
        "display",
        "unrounded",
        "calories",
        "total_fat_g",
        "saturated_fat_g",
        "trans_fat_g",
        "cholesterol_mg",
        "sodium_mg",
        "total_carbohydrate_g",
        "dietary_fiber_g",
        "total_sugars_g",
        "added_sugars_g",
        "protein_g",
        "vitamin_d_mcg",
        "calcium_mg",
        "iron_mg",
        "potassium_mg",
        "daily_values",
        "calorie_basis",
        // The sample's water and butter lack data the label declares.
        "missing",
        "warnings",
        "format_status",
    ];
    expected.sort_unstable();
    assert_eq!(keys(&v), expected);
    assert_eq!(keys(&v["serving_size"]), vec!["grams", "text"]);
    assert_eq!(v["format"], "standard");
    assert_eq!(v["allergens"], serde_json::json!(["milk", "wheat"]));
    assert_eq!(v["contains_statement"], "Contains: Milk, Wheat");
    assert_eq!(v["calorie_basis"], "database");
    assert_eq!(v["display"]["servings_per_container"], "about 2.5");
}

#[test]
fn an_eu_label_serialises_to_exactly_the_eu_keys() {
    let v = serde_json::to_value(compute_label(&sample(), eu()).unwrap()).unwrap();
    let mut expected = vec![
        "format",
        "serving_size",
        "servings_per_container",
        "ingredient_statement",
        "allergens",
        "contains_statement",
        "display",
        "unrounded",
        "per_100g",
        "per_portion",
        "reference_intake_pct",
        "ingredient_statement_html",
        "missing",
        "warnings",
        "format_status",
    ];
    expected.sort_unstable();
    assert_eq!(keys(&v), expected);
    let mut block = vec![
        "energy_kj",
        "energy_kcal",
        "fat_g",
        "saturates_g",
        "carbohydrate_g",
        "sugars_g",
        // Fibre is voluntary and the sample's water and butter lack it: left off.
        "protein_g",
        "salt_g",
    ];
    block.sort_unstable();
    assert_eq!(keys(&v["per_100g"]), block);
    assert_eq!(keys(&v["per_portion"]), block);
    assert_eq!(v["contains_statement"], serde_json::Value::Null);
    assert_eq!(
        v["allergens"],
        serde_json::json!(["gluten", "milk", "wheat"])
    );
    assert_eq!(
        v["ingredient_statement_html"],
        "<b>Wheat</b> flour, water, <b>butter</b>"
    );
}

#[test]
fn labels_round_trip_through_json() {
    for f in [us(), eu()] {
        let label = compute_label(&sample(), f).unwrap();
        let back: Label = serde_json::from_value(serde_json::to_value(&label).unwrap()).unwrap();
        assert_eq!(back, label);
        // Through text too (serde_json's default float parsing may differ in the last bit).
        let text = serde_json::to_string(&label).unwrap();
        let parsed: Label = serde_json::from_str(&text).unwrap();
        assert_eq!(parsed.display, label.display);
        assert_eq!(parsed.rows, label.rows);
    }
}

fn error_of(edit: impl FnOnce(&mut serde_json::Value), format: &crate::Format) -> String {
    let mut v = serde_json::to_value(compute_label(&sample(), format).unwrap()).unwrap();
    edit(&mut v);
    serde_json::from_value::<Label>(v).unwrap_err().to_string()
}

#[test]
fn deserialising_a_label_of_an_unknown_format_says_so() {
    let e = error_of(|v| v["format"] = "mars".into(), us());
    assert!(e.contains("unknown label format \"mars\""), "{e}");
}

#[test]
fn deserialising_a_us_label_without_calories_names_the_missing_field() {
    let e = error_of(
        |v| {
            v.as_object_mut().unwrap().remove("calories");
        },
        us(),
    );
    assert!(e.contains("missing field `calories`"), "{e}");
}

#[test]
fn deserialising_a_us_label_with_eu_blocks_is_refused() {
    let e = error_of(
        |v| v["per_100g"] = serde_json::json!({"energy_kj":1,"energy_kcal":1,"fat_g":1,"saturates_g":1,"carbohydrate_g":1,"sugars_g":1,"protein_g":1,"salt_g":1}),
        us(),
    );
    assert!(e.contains("must not have field `per_100g`"), "{e}");
}

#[test]
fn deserialising_an_eu_label_without_per_portion_names_the_missing_field() {
    let e = error_of(
        |v| {
            v.as_object_mut().unwrap().remove("per_portion");
        },
        eu(),
    );
    assert!(e.contains("missing field `per_portion`"), "{e}");
}

#[test]
fn deserialising_a_label_with_an_unknown_field_names_it() {
    let e = error_of(|v| v["colour"] = "red".into(), us());
    assert!(e.contains("unknown field `colour`"), "{e}");
}

#[test]
fn deserialising_a_label_with_a_wrong_type_is_an_error() {
    let e = error_of(|v| v["calories"] = "many".into(), us());
    assert!(e.contains("invalid type"), "{e}");
}

#[test]
#[ignore = "prints sample JSON for documentation"]
fn print_samples() {
    for f in [us(), eu()] {
        let label = compute_label(&sample(), f).unwrap();
        println!("{}", serde_json::to_string_pretty(&label).unwrap());
        let mut r = sample();
        r.racc_g = Some(50.0);
        println!(
            "{}",
            serde_json::to_string_pretty(&crate::claims(&r, &label)).unwrap()
        );
    }
}

#[test]
fn a_draft_label_says_so_and_names_what_is_unconfirmed() {
    let draft = crate::format("sg.nip").unwrap();
    assert_eq!(draft.status, "draft");
    let v = serde_json::to_value(compute_label(&sample(), draft).unwrap()).unwrap();
    assert_eq!(v["format_status"], "draft");
    let unconfirmed = v["unconfirmed"].as_str().unwrap();
    assert_eq!(Some(unconfirmed), draft.notes.as_deref());
    let back: Label = serde_json::from_value(v).unwrap();
    assert!(back.is_draft());

    let v = serde_json::to_value(compute_label(&sample(), eu()).unwrap()).unwrap();
    assert_eq!(v["format_status"], "in_force");
    assert!(
        v.get("unconfirmed").is_none(),
        "an in-force label has nothing unconfirmed"
    );
}

#[test]
fn a_label_stored_before_format_status_takes_its_formats_status() {
    let draft = crate::format("sg.nip").unwrap();
    let mut v = serde_json::to_value(compute_label(&sample(), draft).unwrap()).unwrap();
    let m = v.as_object_mut().unwrap();
    m.remove("format_status");
    m.remove("unconfirmed");
    let back: Label = serde_json::from_value(v.clone()).unwrap();
    assert_eq!(back.status, None);
    assert!(back.is_draft());
    // It writes back the bytes it was stored with.
    assert_eq!(serde_json::to_value(&back).unwrap(), v);
    let us: Label = serde_json::from_value(
        serde_json::to_value(compute_label(&sample(), us()).unwrap()).unwrap(),
    )
    .unwrap();
    assert!(!us.is_draft());
}
