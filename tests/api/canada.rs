//! Issue 26, item 1: Canada in force. A Canadian label through `/v1/analyze` and a recipe:
//! `format_status: in_force`, every amount and % Daily Value rounded as column 4 of the table
//! to FDR B.01.401 says, the combined saturated + trans percentage (item 6), the daily values
//! that could not be confirmed listed in `unconfirmed`, and a drawing with the title, the
//! "% Daily Value*" head and the statement of item 16 in English and French and no DRAFT mark.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::labels::{fetch, svg_text};

/// Per 100 g, and so per serving of 100 g: each amount sits where column 4 rounds it.
fn nutrients() -> Value {
    json!({
        "calories": 129, "total_fat_g": 5.4, "saturated_fat_g": 2.2, "trans_fat_g": 0.3,
        "total_carbohydrate_g": 18.6, "dietary_fiber_g": 0.6, "total_sugars_g": 7.4,
        "protein_g": 2.1, "cholesterol_mg": 12.4, "sodium_mg": 143, "potassium_mg": 170,
        "calcium_mg": 130, "iron_mg": 0.63
    })
}

#[tokio::test]
async fn a_canadian_label_is_in_force_rounded_by_column_4_and_drawn_without_a_draft_mark() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let created = app
        .post(
            &key,
            "/v1/ingredients",
            json!({ "name": "Maple granola", "nutrients_per_100g": nutrients() }),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let id = created.body["id"].as_str().expect("id").to_owned();

    let reply = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "label_format": "ca.std.bi", "servings": 1,
                    "serving_size_text": "1 cup / 1 tasse",
                    "ingredients": [{ "ingredient_id": id, "grams": 100 }] }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    let label = &reply.body["label"];
    assert_eq!(label["format"], "ca.std.bi");
    assert_eq!(label["format_status"], "in_force", "{label}");
    // The daily values the Table of Daily Values alone would confirm stay marked.
    let unconfirmed = label["unconfirmed"].as_str().expect("unconfirmed");
    assert!(unconfirmed.contains("fat_g 75 g"), "{unconfirmed}");
    assert!(!unconfirmed.contains("sodium_mg"), "{unconfirmed}");

    // Column 4 of the table to B.01.401, item by item.
    let amounts = &label["per_serving"];
    for (key, want) in [
        ("energy_kcal", 130.0), // item 2: 129 Cal, more than 50 → multiple of 10
        ("fat_g", 5.0),         // item 3: 5.4 g, more than 5 g → 1 g
        ("saturates_g", 2.0),   // item 4: 2.2 g → 0.5 g
        ("trans_fat_g", 0.3),   // item 5: less than 0.5 g → 0.1 g
        ("saturated_plus_trans", 2.3),
        ("carbohydrate_g", 19.0), // item 9
        ("fibre_g", 1.0),         // item 10
        ("sugars_g", 7.0),        // item 11
        ("protein_g", 2.0),       // item 12
        ("cholesterol_mg", 10.0), // item 7: multiple of 5 mg
        ("sodium_mg", 140.0),     // item 8: more than 140 mg → 10 mg
        ("potassium_mg", 175.0),  // item 13: 50 to 250 mg → 25 mg
        ("calcium_mg", 125.0),    // item 14
        ("iron_mg", 0.75),        // item 15: 0.5 to 2.5 mg → 0.25 mg
    ] {
        assert_eq!(amounts[key].as_f64(), Some(want), "{key}: {amounts}");
    }
    // % Daily Value: nearest 1 % of the declared amount (B.01.401(1.2) for minerals).
    let pct = &label["nrv_pct"];
    for (key, want) in [
        ("fat_g", 7.0),                 // 5 / 75
        ("saturated_plus_trans", 12.0), // item 6: (2 + 0.3) / 20
        ("fibre_g", 4.0),               // 1 / 28
        ("sugars_g", 7.0),              // 7 / 100
        ("sodium_mg", 6.0),             // 140 / 2300
        ("potassium_mg", 5.0),          // 175 / 3400
        ("calcium_mg", 10.0),           // 125 / 1300
        ("iron_mg", 4.0),               // 0.75 / 18
    ] {
        assert_eq!(pct[key].as_f64(), Some(want), "{key}: {pct}");
    }
    // No percentage where column 3 gives none.
    for key in [
        "energy_kcal",
        "saturates_g",
        "trans_fat_g",
        "carbohydrate_g",
        "protein_g",
        "cholesterol_mg",
    ] {
        assert!(pct.get(key).is_none(), "{key}: {pct}");
    }

    // The format says which daily values are unconfirmed, value by value.
    let format = app.get(&key, "/v1/formats/ca.std.bi").await;
    assert_eq!(format.status, StatusCode::OK, "{:?}", format.body);
    assert_eq!(format.body["status"], "in_force");
    let nutrients = format.body["nutrients"].as_array().expect("nutrients");
    let reference = |key: &str| {
        nutrients
            .iter()
            .find(|n| n["key"] == key)
            .map(|n| n["reference"].clone())
            .unwrap_or_default()
    };
    assert_eq!(reference("fat_g")["value"], 75.0);
    assert_eq!(reference("fat_g")["status"], "unconfirmed");
    assert_eq!(reference("sodium_mg")["value"], 2300.0);
    assert!(reference("sodium_mg").get("status").is_none());

    // Drawn from a recipe: both languages, no DRAFT band or diagonal.
    let recipe = app
        .create_recipe(
            &key,
            json!({ "name": "Maple granola", "servings": 1, "label_format": "ca.std.bi",
                    "serving_size_text": "1 cup / 1 tasse",
                    "ingredients": [{ "ingredient_id": id, "grams": 100 }] }),
        )
        .await;
    assert_eq!(recipe["label"]["format_status"], "in_force", "{recipe}");
    let rid = recipe["id"].as_str().expect("recipe id");
    let svg = fetch(&app, &key, &format!("/v1/recipes/{rid}/label.svg"), &[]).await;
    assert_eq!(svg.status, StatusCode::OK);
    // A line the table wraps reads on.
    let text = svg_text(&svg.text()).replace('\n', " ");
    for words in [
        "Nutrition Facts",
        "Valeur nutritive",
        "Per 1 cup (100\u{a0}g)",
        "pour 1 tasse (100\u{a0}g)",
        "% Daily Value*",
        "% valeur quotidienne*",
        "*5% or less is a little, 15% or more is a lot",
        "*5 % ou moins c\u{2019}est peu, 15 % ou plus c\u{2019}est beaucoup",
        "12%",
    ] {
        assert!(text.contains(words), "{words:?} in {text}");
    }
    assert!(!text.contains("DRAFT"), "{text}");
    assert!(!svg.text().contains(">DRAFT</text>"));
    app.finish().await;
}

/// FDR B.01.008.3: a Canadian recipe with two of the food table's sugars-based ingredients
/// (honey and brown sugar, B.01.001(1), listed in `fooddb/data/sugars_based.json`) lists them
/// in parentheses after "Sugars" / « Sucres », in lower case, heaviest first, the term at
/// their combined weight (50 g, before the 40 g of butter where each alone would follow it);
/// the drawing prints both lists, each between its lines (B.01.008.2(2)(a)).
#[tokio::test]
async fn a_canadian_recipe_groups_its_sugars_after_the_term_in_both_languages() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let recipe = app
        .create_recipe(
            &key,
            json!({ "name": "Honey cake", "servings": 4, "label_format": "ca.std.bi",
                    "serving_size_text": "1 slice / 1 tranche",
                    "ingredients": [
                        { "ingredient_id": "fooddb:168894", "grams": 100 },
                        { "ingredient_id": "fooddb:169640", "grams": 30 },
                        { "ingredient_id": "fooddb:168833", "grams": 20 },
                        { "name": "butter", "grams": 40 }
                    ] }),
        )
        .await;
    let statements = recipe["label"]["statements"]
        .as_array()
        .expect("statements");
    let en = statements[0]["ingredient_statement"].as_str().expect("en");
    let fr = statements[1]["ingredient_statement"].as_str().expect("fr");
    assert!(en.contains(", Sugars (honey, brown sugar), Butter"), "{en}");
    assert!(fr.contains(", Sucres (miel, sucre roux), "), "{fr}");
    assert!(!en.contains("Honey") && !en.contains("Brown sugar"), "{en}");

    let id = recipe["id"].as_str().expect("id");
    let svg = fetch(&app, &key, &format!("/v1/recipes/{id}/label.svg"), &[]).await;
    assert_eq!(svg.status, StatusCode::OK);
    let text = svg_text(&svg.text()).replace('\n', " ");
    assert!(text.contains("Sugars (honey, brown"), "{text}");
    assert!(text.contains("Sucres (miel, sucre roux)"), "{text}");
    app.finish().await;
}
