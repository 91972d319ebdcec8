use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;

#[tokio::test]
async fn analyze_resolves_names_computes_the_label_and_claims_and_saves_nothing() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let reply = app
        .post(
            &key,
            "/v1/analyze",
            json!({
                "servings": 2,
                "racc_g": 240,
                "ingredients": [
                    { "name": "banana", "grams": 240 },
                    { "name": "rolled oats", "grams": 80 },
                    { "ingredient_id": "fooddb:173410", "grams": 10 }
                ]
            }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    assert_eq!(
        reply.body["ingredients"][0]["ingredient_id"],
        "fooddb:173944"
    );
    assert_eq!(
        reply.body["ingredients"][0]["resolved_name"],
        "Bananas, raw"
    );
    assert_eq!(reply.body["ingredients"][0]["source"], "fooddb");
    assert_eq!(reply.body["label"]["format"], "standard");
    assert_eq!(reply.body["label"]["allergens"], json!(["milk"]));
    let claims = reply.body["claims"].as_array().expect("claims");
    assert!(
        claims
            .iter()
            .any(|c| c["code"] == "good_source_fiber" || c["code"] == "high_fiber"),
        "{claims:?}"
    );
    assert!(claims.iter().all(|c| c["basis"] == "per RACC"
        && c["citation"]
            .as_str()
            .is_some_and(|s| s.starts_with("21 CFR"))));
    let events: i64 = sqlx::query_scalar("select count(*) from event")
        .fetch_one(&app.pool)
        .await
        .unwrap_or(-1);
    assert_eq!(events, 0);
    app.finish().await;
}

#[tokio::test]
async fn analyze_refuses_unknown_formats_names_and_formats_above_the_plan() {
    let app = TestApp::spawn().await;
    let (_, free) = app.account("free", true).await;
    let body = |format: &str, name: &str| json!({ "label_format": format, "servings": 1, "ingredients": [{ "name": name, "grams": 100 }] });
    assert_eq!(
        app.post(&free, "/v1/analyze", body("eu-1169", "sugar"))
            .await
            .code(),
        "plan_format_not_allowed"
    );
    assert_eq!(
        app.post(&free, "/v1/analyze", body("klingon", "sugar"))
            .await
            .code(),
        "unknown_label_format"
    );
    let unknown = app
        .post(&free, "/v1/analyze", body("standard", "qwertyuiop"))
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert_eq!(unknown.code(), "unknown_ingredient");
    let key = app.business_key().await;
    let eu = app
        .post(&key, "/v1/analyze", body("eu-1169", "sugar"))
        .await;
    assert_eq!(eu.status, StatusCode::OK);
    assert_eq!(eu.body["label"]["per_100g"]["sugars_g"], 100.0);
    assert_eq!(eu.body["claims"], json!([]));
    app.finish().await;
}

#[tokio::test]
async fn foods_are_searchable_and_readable_by_id() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let search = app.get(&key, "/v1/foods?q=butter&limit=3").await;
    assert_eq!(search.status, StatusCode::OK);
    let first = &search.body["data"][0];
    assert!(
        first["description"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Butter"),
        "{first}"
    );
    assert_eq!(search.body["data"].as_array().map(Vec::len), Some(3));
    let cursor = search.body["next_cursor"]
        .as_str()
        .expect("more results")
        .to_owned();
    let next = app
        .get(&key, &format!("/v1/foods?q=butter&limit=3&cursor={cursor}"))
        .await;
    assert_ne!(next.body["data"][0]["id"], first["id"]);
    let food = app.get(&key, "/v1/foods/fooddb:173410").await;
    assert_eq!(food.body["description"], "Butter, salted");
    assert!(
        food.body["nutrients_per_100g"]["total_fat_g"]
            .as_f64()
            .unwrap_or(0.0)
            > 80.0
    );
    assert_eq!(
        app.get(&key, "/v1/foods/fooddb:1").await.code(),
        "not_found"
    );
    assert_eq!(app.get(&key, "/v1/foods").await.code(), "validation_failed");
    assert_eq!(app.get("", "/v1/foods?q=egg").await.code(), "unauthorized");
    app.finish().await;
}

#[tokio::test]
async fn analyze_prints_the_us_serving_line_household_then_metric_and_warns_without_a_measure() {
    // 21 CFR 101.9(b)(5), (b)(7): "2 cookies (43g)"; without a household measure, a warning.
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let body = |text: Option<&str>| {
        let mut b = json!({
            "servings": 4,
            "serving_weight_g": 43,
            "ingredients": [{ "name": "rolled oats", "grams": 172 }]
        });
        if let Some(t) = text {
            b["serving_size_text"] = json!(t);
        }
        b
    };
    let reply = app.post(&key, "/v1/analyze", body(Some("2 cookies"))).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    assert_eq!(
        reply.body["label"]["display"]["serving_size"],
        "2 cookies (43g)"
    );
    // (The oats' data lacks trans fat: that warning may be there, this one is not.)
    assert!(!reply.body["label"]["warnings"]
        .as_array()
        .is_some_and(|w| w.iter().any(|w| w["code"] == "no_household_measure")));

    let reply = app.post(&key, "/v1/analyze", body(None)).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    assert_eq!(reply.body["label"]["display"]["serving_size"], "43g");
    assert!(reply.body["label"]["warnings"]
        .as_array()
        .is_some_and(|w| w.iter().any(|w| w["code"] == "no_household_measure")));
    app.finish().await;
}

#[tokio::test]
async fn the_contains_statement_names_tree_nut_species_of_table_foods_and_custom_ingredients() {
    // 21 U.S.C. 343(w)(2): "Contains: Milk, Almonds, Wheat", not "Tree Nuts".
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let body = |nut: serde_json::Value| {
        json!({
            "servings": 4,
            "ingredients": [
                { "name": "wheat flour", "grams": 100 },
                { "name": "butter", "grams": 50 },
                nut
            ]
        })
    };
    let reply = app
        .post(
            &key,
            "/v1/analyze",
            body(json!({ "name": "almonds", "grams": 30 })),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    let label = &reply.body["label"];
    assert_eq!(label["allergens"], json!(["milk", "tree_nuts", "wheat"]));
    assert_eq!(label["allergen_details"], json!({"tree_nuts": ["almonds"]}));
    assert_eq!(
        label["contains_statement"],
        "Contains: Milk, Almonds, Wheat"
    );

    // A custom ingredient names its species as `code:species`.
    let created = app
        .post(
            &key,
            "/v1/ingredients",
            json!({
                "name": "nut paste",
                "nutrients_per_100g": { "calories": 600, "total_fat_g": 50 },
                "allergens": ["tree_nuts:pecan", "milk"]
            }),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    assert_eq!(
        created.body["allergens"],
        json!(["milk", "tree_nuts:pecan"])
    );
    let id = created.body["id"].as_str().expect("id").to_owned();
    let reply = app
        .post(
            &key,
            "/v1/analyze",
            body(json!({ "ingredient_id": id, "grams": 30 })),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    assert_eq!(
        reply.body["label"]["contains_statement"],
        "Contains: Milk, Pecans, Wheat"
    );

    // Only tree nuts, fish and Crustacean shellfish take a species.
    let refused = app
        .post(
            &key,
            "/v1/ingredients",
            json!({ "name": "x", "nutrients_per_100g": {}, "allergens": ["milk:cow"] }),
        )
        .await;
    assert_eq!(
        refused.status,
        StatusCode::BAD_REQUEST,
        "{:?}",
        refused.body
    );
    assert_eq!(refused.body["error"]["code"], "validation_failed");
    app.finish().await;
}

/// Issue 31, item 8: claims are judged per the RACC (21 CFR 101.13, 101.12(b)); without
/// one none is judged on the labeled serving, and the answer says why.
#[tokio::test]
async fn cfr_101_13_without_a_racc_claims_are_withheld_and_the_answer_says_why() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let body = |racc: Option<f64>| {
        let mut b = json!({ "servings": 2, "ingredients": [
            { "name": "banana", "grams": 240 }, { "name": "rolled oats", "grams": 80 } ] });
        if let Some(r) = racc {
            b["racc_g"] = json!(r);
        }
        b
    };
    let without = app.post(&key, "/v1/analyze", body(None)).await;
    assert_eq!(without.status, StatusCode::OK, "{}", without.body);
    assert_eq!(without.body["claims"], json!([]));
    assert!(without.body["claims_withheld"]
        .as_str()
        .is_some_and(|s| s.contains("101.12(b)")));
    let with = app.post(&key, "/v1/analyze", body(Some(40.0))).await;
    assert!(
        !with.body["claims"].as_array().expect("claims").is_empty(),
        "{}",
        with.body
    );
    assert!(with.body.get("claims_withheld").is_none());
    app.finish().await;
}
