//! Issue 31, items 4 and 7: every required statement in the label's languages. Names by
//! language on recipe lines (`label_names`) and custom ingredients, the food table's
//! reviewed names, the heading and allergen words of each language, and what a statement
//! prints in another language reported (Reg. (EU) 1169/2011 Art. 15, 18, 21; 21 CFR
//! 101.15(c)(2)).

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;
use crate::labels::{fetch, svg_text};

#[tokio::test]
async fn reg_1169_2011_art_18_a_german_label_lists_german_names_under_zutaten() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let syrup = app
        .create_ingredient(
            &key,
            json!({ "name": "Beet syrup", "nutrients_per_100g": { "calories": 300, "total_carbohydrate_g": 75, "total_sugars_g": 70 },
                    "label_names": { "de": "Zuckerrübensirup", "fr": "sirop de betterave" } }),
        )
        .await;
    assert_eq!(syrup["label_names"]["de"], "Zuckerrübensirup");
    let syrup_id = syrup["id"].as_str().expect("id");
    let recipe = app
        .create_recipe(
            &key,
            json!({ "name": "Rührkuchen", "servings": 8, "label_format": "eu.tab.de",
                    "ingredients": [
                        { "name": "all-purpose flour", "grams": 250 },
                        { "name": "butter", "grams": 120, "label_names": { "de": "Süßrahmbutter" } },
                        { "ingredient_id": syrup_id, "grams": 60 },
                        { "name": "egg", "grams": 100 },
                        { "name": "nutmeg", "grams": 2 }
                    ] }),
        )
        .await;
    let id = recipe["id"].as_str().expect("id");
    let label = &recipe["label"];
    let html = label["ingredient_statement_html"].as_str().expect("html");
    // The food table's German names, the line's and the custom ingredient's own; wheat
    // emphasised inside its compound, milk named in German after the butter.
    assert!(html.starts_with("<b>Weizen</b>mehl ("), "{html}");
    assert!(html.contains("Süßrahmbutter (<b>Milch</b>)"), "{html}");
    assert!(html.contains("Zuckerrübensirup"), "{html}");
    assert!(html.contains("Vollei (<b>Eier</b>)"), "{html}");
    // Nutmeg has no German name in the table: printed in English and reported.
    let nutmeg = recipe["ingredients"][4]["label_name"].clone();
    assert_eq!(
        label["ingredient_names_not_in_language"],
        json!({ "de": [nutmeg] })
    );
    assert!(label["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .any(|w| w["code"] == "ingredient_names_not_in_language"));
    // The line keeps its own names; a PUT of the representation round-trips them.
    assert_eq!(
        recipe["ingredients"][1]["label_names"],
        json!({ "de": "Süßrahmbutter" })
    );
    let svg = fetch(&app, &key, &format!("/v1/recipes/{id}/label.svg"), &[]).await;
    assert_eq!(svg.status, StatusCode::OK);
    let text = svg_text(&svg.text());
    assert!(text.contains("Zutaten:"), "{text}");
    assert!(text.contains("Süßrahmbutter"), "{text}");

    // Giving the missing name clears the report.
    let mut lines = recipe["ingredients"].clone();
    lines[4]["label_names"] = json!({ "de": "Muskatnuss" });
    let put = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "ingredients": lines }),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.body);
    assert!(put.body["label"]
        .get("ingredient_names_not_in_language")
        .is_none());
    assert!(put.body["label"]["ingredient_statement"]
        .as_str()
        .expect("statement")
        .contains("Muskatnuss"));
    app.finish().await;
}

#[tokio::test]
async fn label_names_take_only_languages_a_format_prints_and_bounded_names() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let bad_language = app
        .post(
            &key,
            "/v1/recipes",
            json!({ "name": "X", "servings": 1,
                    "ingredients": [{ "name": "sugar", "grams": 10, "label_names": { "xx": "Zucker" } }] }),
        )
        .await;
    assert_eq!(bad_language.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad_language.code(), "validation_failed");
    assert_eq!(
        bad_language.body["error"]["details"][0]["field"],
        "ingredients[0].label_names.xx"
    );
    let blank = app
        .post(
            &key,
            "/v1/ingredients",
            json!({ "name": "Y", "nutrients_per_100g": { "calories": 1 }, "label_names": { "de": "" } }),
        )
        .await;
    assert_eq!(blank.status, StatusCode::BAD_REQUEST, "{}", blank.body);
    // `null` removes a custom ingredient's names.
    let made = app
        .create_ingredient(
            &key,
            json!({ "name": "Z", "nutrients_per_100g": { "calories": 1 }, "label_names": { "fr": "zède" } }),
        )
        .await;
    let id = made["id"].as_str().expect("id");
    let cleared = app
        .put(
            &key,
            &format!("/v1/ingredients/{id}"),
            json!({ "label_names": null }),
        )
        .await;
    assert_eq!(cleared.status, StatusCode::OK, "{}", cleared.body);
    assert!(
        cleared.body.get("label_names").is_none(),
        "{}",
        cleared.body
    );
    app.finish().await;
}

#[tokio::test]
async fn cfr_101_15_c_2_a_bilingual_us_label_prints_ingredients_and_contains_in_spanish_too() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let recipe = app
        .create_recipe(
            &key,
            json!({ "name": "Pancakes", "servings": 4, "label_format": "us.v.en-es",
                    "ingredients": [
                        { "name": "all-purpose flour", "grams": 250 },
                        { "name": "milk", "grams": 300 },
                        { "name": "egg", "grams": 100 }
                    ] }),
        )
        .await;
    let statements = recipe["label"]["statements"]
        .as_array()
        .expect("statements");
    assert_eq!(statements.len(), 2);
    assert_eq!(statements[1]["language"], "es");
    assert_eq!(statements[1]["heading"], "Ingredientes:");
    let es = statements[1]["ingredient_statement"].as_str().expect("es");
    assert!(
        es.starts_with("Leche entera, harina de trigo enriquecida ("),
        "{es}"
    );
    let contiene = statements[1]["contains_statement"]
        .as_str()
        .expect("contiene");
    assert!(contiene.starts_with("Contiene: "), "{contiene}");
    let id = recipe["id"].as_str().expect("id");
    let svg = fetch(&app, &key, &format!("/v1/recipes/{id}/label.svg"), &[]).await;
    let text = svg_text(&svg.text());
    assert!(
        text.contains("Ingredientes:") && text.contains("Contiene:"),
        "{text}"
    );
    assert!(
        text.contains("Ingredients:") && text.contains("Contains:"),
        "{text}"
    );
    app.finish().await;
}
