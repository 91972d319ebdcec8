//! Multi-column US labels over HTTP: per serving and per container, as packaged and as
//! prepared, the aggregate display, the package's layouts and `us.auto`.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;

fn oats(grams: f64) -> serde_json::Value {
    json!([{ "name": "rolled oats", "grams": grams }, { "name": "sugar", "grams": 20 }])
}

#[tokio::test]
async fn analyze_draws_per_serving_and_per_container_columns_each_with_its_dv() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let reply = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "label_format": "us.v.dual-pkg", "servings": 2, "serving_size_text": "1 cup",
                    "ingredients": oats(100.0) }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    let label = &reply.body["label"];
    assert_eq!(label["format"], "us.v.dual-pkg");
    let serving = label["per_serving"]["total_carbohydrate_g"]
        .as_f64()
        .unwrap_or(-1.0);
    let container = label["per_container"]["total_carbohydrate_g"]
        .as_f64()
        .unwrap_or(-1.0);
    assert!(
        serving > 0.0 && (container - 2.0 * serving).abs() <= 1.0,
        "{label}"
    );
    assert!(label["daily_values"]["per_container"]["total_carbohydrate_g"].is_number());
    assert!(label["display"]["per_container.calories"].is_string());
    app.finish().await;
}

#[tokio::test]
async fn a_package_says_which_layouts_it_allows_and_us_auto_picks_the_first() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let body = |net: f64, format: &str| {
        json!({ "label_format": format, "servings": 1, "ingredients": oats(40.0),
                "package": { "racc_category": "cereals.rte_20_to_43g_per_cup", "net_quantity_g": net,
                             "label_area_in2": 60 } })
    };
    // 100 g of a 40 g RACC: 250 %, the dual column is required.
    let dual = app.post(&key, "/v1/analyze", body(100.0, "us.auto")).await;
    assert_eq!(dual.status, StatusCode::OK, "{:?}", dual.body);
    let label = &dual.body["label"];
    assert_eq!(label["format"], "us.v.dual-pkg");
    assert_eq!(
        label["package"]["required_formats"],
        json!(["us.v.dual-pkg"])
    );
    assert_eq!(label["package"]["chosen"], "us.v.dual-pkg");
    assert_eq!(label["package"]["percent_of_racc"], 250.0);
    // The category's RACC is the claims' basis.
    let claims = dual.body["claims"].as_array().cloned().unwrap_or_default();
    assert!(
        claims.iter().all(|c| c["basis"] == "per RACC"),
        "{claims:?}"
    );
    // 79.96 g: 199.9 %, one serving, the standard vertical display.
    let single = app.post(&key, "/v1/analyze", body(79.96, "us.auto")).await;
    assert_eq!(single.body["label"]["format"], "standard");
    assert_eq!(single.body["label"]["package"]["single_serving"], true);
    // A label in another format still says what the package asks.
    let standard = app.post(&key, "/v1/analyze", body(100.0, "standard")).await;
    assert_eq!(standard.status, StatusCode::OK);
    assert_eq!(
        standard.body["label"]["package"]["required_formats"],
        json!(["us.v.dual-pkg"])
    );
    // The free plan's formats are the US family (API_DECISIONS §9): the dual column the
    // package requires, the tabular and linear displays of small packages, and no other
    // market's.
    let (_, free) = app.account("free", true).await;
    let dual = app.post(&free, "/v1/analyze", body(100.0, "us.auto")).await;
    assert_eq!(dual.status, StatusCode::OK, "{:?}", dual.body);
    assert_eq!(dual.body["label"]["format"], "us.v.dual-pkg");
    for id in ["us.tab", "us.lin"] {
        let reply = app.post(&free, "/v1/analyze", body(30.0, id)).await;
        assert_eq!(reply.status, StatusCode::OK, "{id}: {:?}", reply.body);
    }
    let eu = app
        .post(&free, "/v1/analyze", body(30.0, "eu.tab.ri"))
        .await;
    assert_eq!(eu.code(), "plan_format_not_allowed", "{:?}", eu.body);
    app.finish().await;
}

#[tokio::test]
async fn a_bad_package_is_refused_naming_the_field() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let unknown = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "servings": 1, "ingredients": oats(40.0),
                    "package": { "racc_category": "bakery.biscotti" } }),
        )
        .await;
    assert_eq!(
        unknown.status,
        StatusCode::BAD_REQUEST,
        "{:?}",
        unknown.body
    );
    assert_eq!(unknown.code(), "validation_failed");
    assert_eq!(
        unknown.body["error"]["details"][0]["field"],
        "package.racc_category"
    );
    let negative = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "servings": 1, "ingredients": oats(40.0),
                    "package": { "label_area_in2": -3 } }),
        )
        .await;
    assert_eq!(
        negative.body["error"]["details"][0]["field"],
        "package.label_area_in2"
    );
    let extra = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "servings": 1, "ingredients": oats(40.0), "package": { "colour": "red" } }),
        )
        .await;
    assert_eq!(extra.status, StatusCode::BAD_REQUEST, "{:?}", extra.body);
    assert!(extra.body["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("colour")));
    app.finish().await;
}

#[tokio::test]
async fn analyze_as_packaged_and_as_prepared_adds_what_preparation_brings() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let body = json!({ "label_format": "us.v.dual-prep", "servings": 4, "ingredients": oats(160.0),
                       "prepared": { "ingredients": [{ "name": "whole milk", "grams": 960 }] } });
    let reply = app.post(&key, "/v1/analyze", body).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    let label = &reply.body["label"];
    let packaged = label["as_packaged"]["calories"].as_f64().unwrap_or(-1.0);
    let prepared = label["as_prepared"]["calories"].as_f64().unwrap_or(-1.0);
    // 240 g of milk per serving adds well over 100 kcal.
    assert!(prepared > packaged + 100.0, "{label}");
    assert!(!label["ingredient_statement"]
        .as_str()
        .unwrap_or("milk")
        .to_lowercase()
        .contains("milk"));
    let missing = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "label_format": "us.v.dual-prep", "servings": 4, "ingredients": oats(160.0) }),
        )
        .await;
    assert_eq!(missing.code(), "validation_failed");
    assert_eq!(missing.body["error"]["details"][0]["field"], "prepared");
    let wrong = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "servings": 4, "ingredients": oats(160.0),
                    "prepared": { "ingredients": [{ "name": "whole milk", "grams": 960 }] } }),
        )
        .await;
    assert_eq!(wrong.body["error"]["details"][0]["field"], "prepared");
    let empty = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "label_format": "us.v.dual-prep", "servings": 4, "ingredients": oats(160.0),
                    "prepared": { "ingredients": [] } }),
        )
        .await;
    assert_eq!(
        empty.body["error"]["details"][0]["field"],
        "prepared.ingredients"
    );
    app.finish().await;
}

#[tokio::test]
async fn analyze_an_aggregate_label_with_one_column_per_food() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let reply = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "label_format": "us.aggr", "foods": [
                { "name": "Oat Clusters", "servings": 1, "serving_size_text": "1 cup", "ingredients": oats(40.0) },
                { "name": "Banana Chips", "servings": 1, "ingredients": [{ "name": "banana", "grams": 30 }] }
            ] }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    let label = &reply.body["label"];
    assert_eq!(label["foods"][0]["name"], "Oat Clusters");
    assert_eq!(label["foods"][1]["column"], "food_2");
    assert!(
        label["food_1"]["calories"].as_f64().unwrap_or(0.0)
            > label["food_2"]["calories"].as_f64().unwrap_or(1e9)
    );
    assert!(label["daily_values"]["food_2"].is_object());
    assert_eq!(reply.body["ingredients"][2]["food"], "Banana Chips");
    assert_eq!(reply.body["claims"], json!([]));
    let one = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "label_format": "us.aggr", "foods": [
                { "name": "Oat Clusters", "servings": 1, "ingredients": oats(40.0) } ] }),
        )
        .await;
    assert_eq!(one.body["error"]["details"][0]["field"], "foods");
    let bad = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "label_format": "us.aggr", "foods": [
                { "name": "A", "servings": 0, "ingredients": oats(40.0) },
                { "name": "B", "servings": 1, "ingredients": oats(40.0) } ] }),
        )
        .await;
    assert_eq!(
        bad.body["error"]["details"][0]["field"],
        "foods[0].servings"
    );
    // Stored recipes as foods, by id; a food by id takes nothing else.
    let a = app
        .create_recipe(
            &key,
            json!({ "name": "Oat Clusters", "servings": 1, "ingredients": oats(40.0) }),
        )
        .await;
    let b = app
        .create_recipe(
            &key,
            json!({ "name": "Banana Chips", "servings": 1,
                                     "ingredients": [{ "name": "banana", "grams": 30 }] }),
        )
        .await;
    let by_id = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "label_format": "us.aggr", "foods": [
                { "recipe_id": a["id"] }, { "recipe_id": b["id"], "name": "Chips" } ] }),
        )
        .await;
    assert_eq!(by_id.status, StatusCode::OK, "{:?}", by_id.body);
    assert_eq!(by_id.body["label"]["foods"][0]["name"], "Oat Clusters");
    assert_eq!(by_id.body["label"]["foods"][1]["name"], "Chips");
    assert_eq!(
        by_id.body["label"]["food_1"]["calories"],
        reply.body["label"]["food_1"]["calories"]
    );
    let mixed = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "label_format": "us.aggr", "foods": [
                { "recipe_id": a["id"], "servings": 2 }, { "recipe_id": b["id"] } ] }),
        )
        .await;
    assert_eq!(
        mixed.body["error"]["details"][0]["field"],
        "foods[0].servings"
    );
    let unknown = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "label_format": "us.aggr", "foods": [
                { "recipe_id": "rcp_nothing" }, { "recipe_id": b["id"] } ] }),
        )
        .await;
    assert_eq!(
        unknown.body["error"]["details"][0]["field"],
        "foods[0].recipe_id"
    );
    let not_aggr = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "servings": 1, "ingredients": oats(40.0), "foods": [] }),
        )
        .await;
    assert_eq!(not_aggr.body["error"]["details"][0]["field"], "foods");
    app.finish().await;
}

#[tokio::test]
async fn the_format_list_names_the_multi_column_formats() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let reply = app.get(&key, "/v1/formats?family=us-fda").await;
    let ids: Vec<&str> = reply.body["data"]
        .as_array()
        .map(|a| a.iter().filter_map(|f| f["id"].as_str()).collect())
        .unwrap_or_default();
    for id in ["us.v", "us.v.dual-pkg", "us.v.dual-prep", "us.aggr"] {
        assert!(ids.contains(&id), "{ids:?}");
    }
    let dual = app.get(&key, "/v1/formats/us.v.dual-pkg").await;
    assert_eq!(dual.body["columns"][1]["basis"], "container");
    assert_eq!(dual.body["columns"][1]["percent"], true);
    app.finish().await;
}

#[tokio::test]
async fn a_recipe_stores_its_package_and_preparation_and_us_auto_follows_the_package() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let created = app
        .post(
            &key,
            "/v1/recipes",
            json!({ "name": "Oat cups", "servings": 1, "label_format": "us.auto",
                    "ingredients": oats(100.0),
                    "package": { "racc_category": "cereals.rte_20_to_43g_per_cup", "net_quantity_g": 100 } }),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let id = created.body["id"].as_str().unwrap_or_default().to_string();
    assert_eq!(created.body["label_format"], "us.auto");
    assert_eq!(created.body["package"]["net_quantity_g"], 100.0);
    assert_eq!(created.body["label"]["format"], "us.v.dual-pkg");
    assert_eq!(created.body["label"]["package"]["chosen"], "us.v.dual-pkg");
    // The package was recorded in a v4 event (v3 is a line's nutrient overrides).
    let version: i16 = sqlx::query_scalar(
        "select schema_version from event where stream_id = $1 and event_type = 'recipe_created'",
    )
    .bind(&id)
    .fetch_one(&app.pool)
    .await
    .unwrap_or(0);
    assert_eq!(version, 4);
    // A smaller package: one serving, the standard display.
    let smaller = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "package": { "racc_category": "cereals.rte_20_to_43g_per_cup", "net_quantity_g": 60 } }),
        )
        .await;
    assert_eq!(smaller.status, StatusCode::OK, "{:?}", smaller.body);
    assert_eq!(smaller.body["label"]["format"], "standard");
    // As packaged and as prepared, from what preparation adds.
    let prepared = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "label_format": "us.v.dual-prep",
                    "prepared": { "ingredients": [{ "name": "whole milk", "grams": 240 }] } }),
        )
        .await;
    assert_eq!(prepared.status, StatusCode::OK, "{:?}", prepared.body);
    assert_eq!(prepared.body["label"]["format"], "us.v.dual-prep");
    assert!(
        prepared.body["label"]["as_prepared"]["calories"]
            .as_f64()
            .unwrap_or(0.0)
            > prepared.body["label"]["as_packaged"]["calories"]
                .as_f64()
                .unwrap_or(1e9)
    );
    assert_eq!(prepared.body["prepared"]["ingredients"][0]["grams"], 240.0);
    // The representation sent back changes nothing.
    let mut back = prepared.body.clone();
    if let Some(map) = back.as_object_mut() {
        map.remove("label");
    }
    let same = app.put(&key, &format!("/v1/recipes/{id}"), back).await;
    assert_eq!(same.status, StatusCode::OK, "{:?}", same.body);
    assert_eq!(same.body["version"], prepared.body["version"]);
    // A bad preparation is refused naming the field; removing the package works.
    let bad = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "prepared": { "ingredients": [] } }),
        )
        .await;
    assert_eq!(
        bad.body["error"]["details"][0]["field"],
        "prepared.ingredients"
    );
    let cleared = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "package": null }),
        )
        .await;
    assert_eq!(cleared.status, StatusCode::OK, "{:?}", cleared.body);
    assert!(cleared.body.get("package").is_none());
    assert!(cleared.body["label"].get("package").is_none());
    // A recipe is one food: the aggregate format is for analyze.
    let aggr = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "label_format": "us.aggr" }),
        )
        .await;
    assert_eq!(
        aggr.body["error"]["details"][0]["field"], "label_format",
        "{:?}",
        aggr.body
    );
    // The free plan's formats are the US family (API_DECISIONS §9, issue 26 item 6): us.auto
    // takes the dual column a package requires on it too.
    let (_, free) = app.account("free", true).await;
    let dual = app
        .post(
            &free,
            "/v1/recipes",
            json!({ "name": "Oat cups", "servings": 1, "label_format": "us.auto",
                    "ingredients": oats(100.0),
                    "package": { "racc_category": "cereals.rte_20_to_43g_per_cup", "net_quantity_g": 100 } }),
        )
        .await;
    assert_eq!(dual.status, StatusCode::CREATED, "{:?}", dual.body);
    assert_eq!(
        dual.body["label"]["format"], "us.v.dual-pkg",
        "{:?}",
        dual.body
    );
    app.finish().await;
}

#[tokio::test]
async fn what_preparation_adds_is_used_like_an_ingredient_its_label_follows_it() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let milk = app
        .create_ingredient(
            &key,
            json!({ "name": "House milk", "nutrients_per_100g": { "calories": 60, "total_fat_g": 3 } }),
        )
        .await;
    let milk_id = milk["id"].as_str().unwrap_or_default().to_string();
    let recipe = app
        .create_recipe(
            &key,
            json!({ "name": "Porridge mix", "servings": 2, "label_format": "us.v.dual-prep",
                    "ingredients": oats(80.0),
                    "prepared": { "ingredients": [{ "ingredient_id": milk_id, "grams": 400 }] } }),
        )
        .await;
    let id = recipe["id"].as_str().unwrap_or_default().to_string();
    let before = recipe["label"]["as_prepared"]["calories"]
        .as_f64()
        .unwrap_or(-1.0);
    // 200 g of milk per serving at 60 kcal per 100 g.
    let packaged = recipe["label"]["as_packaged"]["calories"]
        .as_f64()
        .unwrap_or(-1.0);
    assert!(
        (before - packaged - 120.0).abs() <= 10.0,
        "{}",
        recipe["label"]
    );
    // Changing the milk changes the recipe's as-prepared column.
    let changed = app
        .put(
            &key,
            &format!("/v1/ingredients/{milk_id}"),
            json!({ "nutrients_per_100g": { "calories": 120, "total_fat_g": 6 } }),
        )
        .await;
    assert_eq!(changed.status, StatusCode::OK, "{:?}", changed.body);
    let path = format!("/v1/recipes/{id}");
    let after = app
        .eventually(
            std::time::Duration::from_secs(10),
            "the label to follow",
            || async {
                let r = app.get(&key, &path).await;
                let v = r.body["label"]["as_prepared"]["calories"].as_f64()?;
                (v > before + 100.0).then_some(v)
            },
        )
        .await;
    assert!(after > before);
    // It is in use: deleting it is refused.
    let refused = app
        .delete(&key, &format!("/v1/ingredients/{milk_id}"))
        .await;
    assert_eq!(refused.code(), "ingredient_in_use", "{:?}", refused.body);
    app.finish().await;
}
