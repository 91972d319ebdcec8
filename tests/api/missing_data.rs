//! Data the ingredients lack (`missing`, `strict=true`, line overrides) and sub-ingredients
//! in ingredient statements (issue 14 items 2 and 7).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::TestApp;

/// Olive oil (trans fat not in the data, 30 g of fat) and raw bananas.
fn oil_and_banana(overrides: bool) -> Value {
    let mut oil = json!({ "ingredient_id": "fooddb:171413", "grams": 30 });
    let mut banana = json!({ "ingredient_id": "fooddb:173944", "grams": 100 });
    if overrides {
        oil["nutrients"] = json!({ "trans_fat_g": 0 });
        banana["nutrients"] = json!({ "trans_fat_g": 0 });
    }
    json!([oil, banana])
}

/// The oil-and-banana recipe, its data incomplete (olive oil's trans fat): (recipe, id).
async fn banana_oil(app: &TestApp, key: &str) -> (Value, String) {
    let recipe = app
        .create_recipe(
            key,
            json!({ "name": "Banana oil", "servings": 1, "ingredients": oil_and_banana(false) }),
        )
        .await;
    let id = recipe["id"].as_str().unwrap_or_default().to_owned();
    (recipe, id)
}

fn missing_nutrients(label: &Value) -> Vec<String> {
    label["missing"]
        .as_array()
        .map(|m| {
            m.iter()
                .filter_map(|m| m["nutrient"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn analyze_says_what_the_data_lacks_strict_refuses_it_and_line_overrides_complete_it() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let body = |overrides: bool| json!({ "servings": 1, "ingredients": oil_and_banana(overrides) });

    let loose = app.post(&key, "/v1/analyze", body(false)).await;
    assert_eq!(loose.status, StatusCode::OK, "{:?}", loose.body);
    let label = &loose.body["label"];
    assert_eq!(missing_nutrients(label), ["trans_fat_g"], "{label}");
    assert_eq!(label["missing"][0]["ingredients"][0], "olive oil");
    assert!(label["warnings"]
        .as_array()
        .is_some_and(|w| w.iter().any(|w| w["code"] == "incomplete_nutrient_data")));

    let strict = app.post(&key, "/v1/analyze?strict=true", body(false)).await;
    assert_eq!(
        strict.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        strict.body
    );
    assert_eq!(strict.code(), "incomplete_nutrient_data");
    assert_eq!(
        strict.body["error"]["details"][0]["nutrient"],
        "trans_fat_g"
    );
    assert!(strict.body["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("trans_fat_g")));

    let complete = app.post(&key, "/v1/analyze?strict=true", body(true)).await;
    assert_eq!(complete.status, StatusCode::OK, "{:?}", complete.body);
    assert!(complete.body["label"].get("missing").is_none());
    assert_eq!(complete.body["label"]["display"]["trans_fat_g"], "0g");
    assert_eq!(
        complete.body["ingredients"][0]["nutrients"],
        json!({ "trans_fat_g": 0.0 })
    );

    // Overrides are validated like nutrients_per_100g.
    let mut bad = body(true);
    bad["ingredients"][0]["nutrients"] = json!({ "vitamin_x": 1 });
    let reply = app.post(&key, "/v1/analyze", bad).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.code(), "unknown_field");
    let mut negative = body(true);
    negative["ingredients"][1]["nutrients"] = json!({ "added_sugars_g": -1 });
    let reply = app.post(&key, "/v1/analyze", negative).await;
    assert_eq!(reply.code(), "validation_failed");
    app.finish().await;
}

#[tokio::test]
async fn label_files_with_strict_refuse_an_incomplete_label_now_and_in_the_past() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (recipe, id) = banana_oil(&app, &key).await;
    assert_eq!(missing_nutrients(&recipe["label"]), ["trans_fat_g"]);

    for file in ["svg", "png", "pdf"] {
        let loose = app
            .get(&key, &format!("/v1/recipes/{id}/label.{file}"))
            .await;
        assert_eq!(loose.status, StatusCode::OK, "{file}");
        let strict = app
            .get(&key, &format!("/v1/recipes/{id}/label.{file}?strict=true"))
            .await;
        assert_eq!(strict.status, StatusCode::UNPROCESSABLE_ENTITY, "{file}");
        assert_eq!(strict.code(), "incomplete_nutrient_data");
        assert_eq!(
            strict.body["error"]["details"][0]["ingredients"][0],
            "olive oil"
        );
    }

    // The line overrides make it complete: version 2 draws under strict.
    let updated = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "ingredients": oil_and_banana(true) }),
        )
        .await;
    assert_eq!(updated.status, StatusCode::OK, "{:?}", updated.body);
    assert!(updated.body["label"].get("missing").is_none());
    assert_eq!(
        updated.body["ingredients"][0]["nutrients"],
        json!({ "trans_fat_g": 0.0 })
    );
    let strict = app
        .get(&key, &format!("/v1/recipes/{id}/label.svg?strict=true"))
        .await;
    assert_eq!(strict.status, StatusCode::OK);

    // Version 1, read from the log, is still incomplete.
    let past = app
        .get(
            &key,
            &format!("/v1/recipes/{id}/label.svg?version=1&strict=true"),
        )
        .await;
    assert_eq!(past.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(past.code(), "incomplete_nutrient_data");
    let past = app
        .get(
            &key,
            &format!("/v1/recipes/{id}/label.svg?version=2&strict=true"),
        )
        .await;
    assert_eq!(past.status, StatusCode::OK);

    // The create was written as v1 (no overrides), the update as v3; both still read.
    let versions: Vec<(String, i16)> = sqlx::query_as(
        "select event_type, schema_version from event where stream_id = $1 order by stream_version",
    )
    .bind(&id)
    .fetch_all(&app.pool)
    .await
    .unwrap_or_default();
    assert_eq!(
        versions,
        [
            ("recipe_created".to_owned(), 1),
            ("recipe_updated".to_owned(), 3)
        ]
    );
    let history = app.get(&key, &format!("/v1/recipes/{id}/history")).await;
    assert_eq!(history.status, StatusCode::OK);
    let v1 = app.get(&key, &format!("/v1/recipes/{id}?version=1")).await;
    assert_eq!(v1.status, StatusCode::OK);
    assert_eq!(missing_nutrients(&v1.body["label"]), ["trans_fat_g"]);
    app.finish().await;
}

#[tokio::test]
async fn a_custom_ingredients_sub_ingredients_print_in_the_recipes_statement() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let chips = app
        .create_ingredient(
            &key,
            json!({
                "name": "Chocolate chips",
                "nutrients_per_100g": { "calories": 480, "total_fat_g": 24, "protein_g": 5, "total_carbohydrate_g": 63 },
                "allergens": ["milk"],
                "sub_ingredients": ["sugar", "chocolate", "cocoa butter", "milk fat"]
            }),
        )
        .await;
    let chips_id = chips["id"].as_str().unwrap_or_default().to_owned();
    assert_eq!(
        chips["sub_ingredients"],
        json!(["sugar", "chocolate", "cocoa butter", "milk fat"])
    );
    let recipe = app
        .create_recipe(
            &key,
            json!({ "name": "Cookies", "servings": 4, "ingredients": [
                { "ingredient_id": "fooddb:168894", "grams": 200 },
                { "ingredient_id": chips_id, "grams": 80 }
            ]}),
        )
        .await;
    let id = recipe["id"].as_str().unwrap_or_default().to_owned();
    let statement = recipe["label"]["ingredient_statement"]
        .as_str()
        .unwrap_or_default();
    assert_eq!(
        statement,
        "Enriched wheat flour (wheat flour, niacin, iron, thiamin, riboflavin, folic acid), \
         Chocolate chips (sugar, chocolate, cocoa butter, milk fat)"
    );
    assert_eq!(
        recipe["label"]["contains_statement"],
        "Contains: Milk, Wheat"
    );
    // The flour's list is its standard's (21 CFR 137.165): to be confirmed against the brand.
    assert!(recipe["label"]["warnings"]
        .as_array()
        .is_some_and(|w| w.iter().any(|w| w["code"] == "confirm_sub_ingredients")));

    // Removing them changes every label that uses the ingredient.
    let cleared = app
        .put(
            &key,
            &format!("/v1/ingredients/{chips_id}"),
            json!({ "sub_ingredients": null }),
        )
        .await;
    assert_eq!(cleared.status, StatusCode::OK, "{:?}", cleared.body);
    assert!(cleared.body.get("sub_ingredients").is_none());
    let path = format!("/v1/recipes/{id}");
    app.eventually(
        std::time::Duration::from_secs(15),
        "the statement to follow",
        || async {
            let reply = app.get(&key, &path).await;
            reply.body["label"]["ingredient_statement"]
                .as_str()
                .is_some_and(|s| s.ends_with("Chocolate chips"))
                .then_some(())
        },
    )
    .await;
    let versions: Vec<i16> = sqlx::query_scalar(
        "select schema_version from event where stream_id = $1 order by stream_version",
    )
    .bind(&chips_id)
    .fetch_all(&app.pool)
    .await
    .unwrap_or_default();
    assert_eq!(versions, [2, 3], "created v2, updated v3");

    // Bounds: at most 50 entries, no blank one.
    let too_many: Vec<String> = (0..51).map(|i| format!("part {i}")).collect();
    let reply = app
        .put(
            &key,
            &format!("/v1/ingredients/{chips_id}"),
            json!({ "sub_ingredients": too_many }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.code(), "validation_failed");
    let reply = app
        .put(
            &key,
            &format!("/v1/ingredients/{chips_id}"),
            json!({ "sub_ingredients": ["sugar", " "] }),
        )
        .await;
    assert_eq!(reply.code(), "validation_failed");

    // The food table's multi-component foods say where their list comes from.
    let flour = app.get(&key, "/v1/foods/fooddb:168894").await;
    assert_eq!(flour.body["sub_ingredients"][0], "wheat flour");
    assert_eq!(flour.body["sub_ingredients_citation"], "21 CFR 137.165(a)");
    app.finish().await;
}

/// Issue 31, finding 1 (21 CFR 101.9(c)(6)(iii), (g)(5)): a label whose mandatory amount is
/// only a lower bound is not drawn as if complete. Its files name what is unknown; the line
/// overrides complete it and the mark goes.
#[tokio::test]
async fn cfr_101_9_g_5_an_incomplete_labels_files_name_what_is_unknown() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (_, id) = banana_oil(&app, &key).await;
    let path = format!("/v1/recipes/{id}/label.svg");
    let svg = crate::labels::fetch(&app, &key, &path, &[]).await.text();
    let text = crate::labels::svg_text(&svg);
    assert!(
        text.contains("INCOMPLETE DATA \u{2013} NOT FOR A PACKAGE"),
        "{text}"
    );
    assert!(text.contains("trans fat"), "{text}");
    let pdf = crate::labels::fetch(&app, &key, &format!("/v1/recipes/{id}/label.pdf"), &[]).await;
    assert!(crate::labels::pdf_text(&pdf.bytes).contains("INCOMPLETE"));

    let updated = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "ingredients": oil_and_banana(true) }),
        )
        .await;
    assert_eq!(updated.status, StatusCode::OK, "{:?}", updated.body);
    let svg = crate::labels::fetch(&app, &key, &path, &[]).await.text();
    assert!(!svg.contains("INCOMPLETE"), "{svg}");
    app.finish().await;
}
