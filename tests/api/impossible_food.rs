//! Issue 12, item 5: no custom ingredient or recipe describes a food that cannot exist, no
//! two custom ingredients share a name, and printed text holds no invisible reordering.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::TestApp;

/// The fields a 400 `validation_failed` names in its details.
fn fields(reply: &crate::helpers::Reply) -> Vec<String> {
    reply.body["error"]["details"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .filter_map(|d| d["field"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn nutrients_whose_parts_exceed_their_whole_are_refused_per_field() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let cases: [(Value, &[&str]); 5] = [
        (
            json!({ "total_fat_g": 10, "saturated_fat_g": 6, "monounsaturated_fat_g": 3,
                    "polyunsaturated_fat_g": 2 }),
            &["nutrients_per_100g.saturated_fat_g"],
        ),
        (
            // Each fits on its own, not both.
            json!({ "total_carbohydrate_g": 20, "total_sugars_g": 15, "dietary_fiber_g": 10 }),
            &["nutrients_per_100g.dietary_fiber_g"],
        ),
        (
            json!({ "total_carbohydrate_g": 50, "total_sugars_g": 10, "added_sugars_g": 12 }),
            &["nutrients_per_100g.added_sugars_g"],
        ),
        (
            json!({ "water_g": 60, "total_fat_g": 20, "protein_g": 25 }),
            &["nutrients_per_100g.total_fat_g"],
        ),
        (
            // Two rules broken at once: both reported.
            json!({ "total_fat_g": 1, "trans_fat_g": 2, "total_sugars_g": 3, "total_carbohydrate_g": 1 }),
            &[
                "nutrients_per_100g.trans_fat_g",
                "nutrients_per_100g.total_sugars_g",
            ],
        ),
    ];
    for (nutrients, expected) in cases {
        let reply = app
            .post(
                &key,
                "/v1/ingredients",
                json!({ "name": "Impossible", "nutrients_per_100g": nutrients }),
            )
            .await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{nutrients}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), "validation_failed");
        assert_eq!(fields(&reply), expected, "{nutrients}: {:?}", reply.body);
    }
    // Negative amounts stay refused, naming the field.
    let negative = app
        .post(
            &key,
            "/v1/ingredients",
            json!({ "name": "Negative", "nutrients_per_100g": { "protein_g": -1 } }),
        )
        .await;
    assert_eq!(fields(&negative), ["nutrients_per_100g.protein_g"]);
    // A possible food is accepted, and so is the same update with a whole that fits.
    let ok = app
        .create_ingredient(
            &key,
            json!({ "name": "Butter", "nutrients_per_100g": {
                "water_g": 16, "total_fat_g": 81, "saturated_fat_g": 51, "trans_fat_g": 3,
                "monounsaturated_fat_g": 21, "polyunsaturated_fat_g": 3, "protein_g": 0.9,
                "total_carbohydrate_g": 0.1, "total_sugars_g": 0.1, "sodium_mg": 643 } }),
        )
        .await;
    let id = ok["id"].as_str().unwrap_or_default();
    let update = app
        .put(
            &key,
            &format!("/v1/ingredients/{id}"),
            json!({ "nutrients_per_100g": { "total_fat_g": 5, "saturated_fat_g": 6 } }),
        )
        .await;
    assert_eq!(update.status, StatusCode::BAD_REQUEST, "{:?}", update.body);
    assert_eq!(fields(&update), ["nutrients_per_100g.saturated_fat_g"]);
    app.finish().await;
}

#[tokio::test]
async fn a_final_weight_below_the_ingredients_dry_matter_is_refused() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    // 500 g of flour is about 440 g of dry matter (the food table gives its water): four
    // servings of 50 g cannot be made of it.
    let body = |serving_weight_g: f64| {
        json!({ "name": "Crackers", "servings": 4, "serving_weight_g": serving_weight_g,
                "ingredients": [{ "name": "wheat flour", "grams": 500 }] })
    };
    let reply = app.post(&key, "/v1/recipes", body(50.0)).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{:?}", reply.body);
    assert_eq!(reply.code(), "validation_failed");
    assert_eq!(fields(&reply), ["serving_weight_g"]);
    assert!(
        reply.body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("dry matter") && m.contains("water")),
        "{:?}",
        reply.body
    );
    // An analysis of the same recipe says the same.
    let analysis = app
        .post(&key, "/v1/analyze", {
            let mut b = body(50.0);
            b.as_object_mut().map(|o| o.remove("name"));
            b
        })
        .await;
    assert_eq!(
        analysis.status,
        StatusCode::BAD_REQUEST,
        "{:?}",
        analysis.body
    );
    assert_eq!(fields(&analysis), ["serving_weight_g"]);
    // Baked down to 480 g (some water lost) is possible.
    let baked = app.create_recipe(&key, body(120.0)).await;
    let id = baked["id"].as_str().unwrap_or_default();
    // And a PUT cannot shrink it below the solids either.
    let shrink = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "serving_weight_g": 10 }),
        )
        .await;
    assert_eq!(shrink.status, StatusCode::BAD_REQUEST, "{:?}", shrink.body);
    assert_eq!(fields(&shrink), ["serving_weight_g"]);
    app.finish().await;
}

#[tokio::test]
async fn two_custom_ingredients_of_an_account_cannot_share_a_name() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let nutrients = json!({ "calories": 100, "protein_g": 5 });
    let first = app
        .create_ingredient(
            &key,
            json!({ "name": "Oat paste", "nutrients_per_100g": nutrients }),
        )
        .await;
    let first_id = first["id"].as_str().unwrap_or_default().to_owned();
    // Case, full-width letters and surrounding space make no new name.
    for name in ["OAT PASTE", "\u{FF2F}at paste", " oat paste "] {
        let reply = app
            .post(
                &key,
                "/v1/ingredients",
                json!({ "name": name, "nutrients_per_100g": nutrients }),
            )
            .await;
        assert_eq!(
            reply.status,
            StatusCode::CONFLICT,
            "{name:?}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), "ingredient_name_taken");
        assert_eq!(
            reply.body["error"]["details"]["ingredient_id"],
            first_id.as_str()
        );
    }
    // Nor does renaming another one to it.
    let second = app
        .create_ingredient(
            &key,
            json!({ "name": "Bean paste", "nutrients_per_100g": nutrients }),
        )
        .await;
    let second_id = second["id"].as_str().unwrap_or_default();
    let rename = app
        .put(
            &key,
            &format!("/v1/ingredients/{second_id}"),
            json!({ "name": "oat Paste" }),
        )
        .await;
    assert_eq!(rename.status, StatusCode::CONFLICT, "{:?}", rename.body);
    assert_eq!(rename.code(), "ingredient_name_taken");
    // Renaming an ingredient to its own name in another case is fine.
    let own = app
        .put(
            &key,
            &format!("/v1/ingredients/{first_id}"),
            json!({ "name": "Oat Paste" }),
        )
        .await;
    assert_eq!(own.status, StatusCode::OK, "{:?}", own.body);
    // Another account may use the name.
    let other = app.business_key().await;
    app.create_ingredient(
        &other,
        json!({ "name": "Oat paste", "nutrients_per_100g": nutrients }),
    )
    .await;
    app.finish().await;
}

#[tokio::test]
async fn printed_text_is_nfc_and_holds_no_format_characters() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    // "e" + combining grave accent is stored as the one character "è".
    let creme = app
        .create_ingredient(
            &key,
            json!({ "name": "Cre\u{300}me fraiche", "nutrients_per_100g": { "total_fat_g": 30 } }),
        )
        .await;
    assert_eq!(creme["name"], "Cr\u{e8}me fraiche");
    // A right-to-left override would print "sugar" backwards after it; a zero-width space
    // hides in plain sight.
    let refused = [
        (
            "/v1/ingredients",
            json!({ "name": "Sugar\u{202E}rats", "nutrients_per_100g": {} }),
        ),
        (
            "/v1/ingredients",
            json!({ "name": "Salt", "label_name": "salt\u{200B}", "nutrients_per_100g": {} }),
        ),
        (
            "/v1/recipes",
            json!({ "name": "Cake\u{2066}", "servings": 1, "ingredients": [{ "name": "sugar", "grams": 1 }] }),
        ),
        (
            "/v1/recipes",
            json!({ "name": "Cake", "servings": 1, "serving_size_text": "1 slice\u{202D}", "ingredients": [{ "name": "sugar", "grams": 1 }] }),
        ),
        (
            "/v1/recipes",
            json!({ "name": "Cake", "servings": 1, "ingredients": [{ "name": "sugar", "grams": 1, "label_name": "\u{FEFF}sugar" }] }),
        ),
    ];
    for (path, body) in refused {
        let reply = app.post(&key, path, body.clone()).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{body}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), "validation_failed", "{body}");
    }
    // Persian needs the zero-width non-joiner; it stays.
    let persian = app
        .post(
            &key,
            "/v1/ingredients",
            json!({ "name": "\u{646}\u{627}\u{646}\u{200C}\u{647}\u{627}", "nutrients_per_100g": {} }),
        )
        .await;
    assert_eq!(persian.status, StatusCode::CREATED, "{:?}", persian.body);
    app.finish().await;
}
