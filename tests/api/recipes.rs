use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{oat_paste, TestApp};

fn pancakes() -> Value {
    json!({
        "name": "Pancakes",
        "servings": 4,
        "ingredients": [
            { "name": "all-purpose flour", "grams": 250 },
            { "name": "milk", "grams": 300 },
            { "name": "egg", "grams": 100 },
            { "name": "butter", "grams": 30, "label_name": "butter (cream, salt)" }
        ]
    })
}

#[tokio::test]
async fn a_recipe_goes_through_create_read_update_list_and_delete() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let created = app.post(&key, "/v1/recipes", pancakes()).await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let id = created.body["id"].as_str().expect("id").to_owned();
    assert!(id.starts_with("rcp_"));
    assert_eq!(
        created.headers["location"],
        format!("/v1/recipes/{id}").as_str()
    );
    assert_eq!(created.etag(), "\"1\"");
    // Read-your-writes: the response carries the label of the state just written.
    let label = &created.body["label"];
    assert_eq!(label["format"], "standard");
    assert!(label["calories"].as_f64().unwrap_or(0.0) > 100.0);
    assert_eq!(label["allergens"], json!(["eggs", "milk", "wheat"]));
    assert_eq!(created.body["serving_weight_g"], 170.0);
    let statement = label["ingredient_statement"].as_str().unwrap_or_default();
    // Sentence case: the first name capitalised, database names otherwise lowercase.
    assert!(
        statement.starts_with("Milk, enriched wheat flour"),
        "{statement}"
    );
    assert!(statement.contains("butter (cream, salt)"), "{statement}");
    assert_eq!(
        created.body["ingredients"][0]["ingredient_id"],
        "fooddb:168894"
    );
    assert_eq!(created.body["embed"], Value::Null);

    let read = app.get(&key, &format!("/v1/recipes/{id}")).await;
    assert_eq!(read.status, StatusCode::OK);
    assert_eq!(read.body["label"], created.body["label"]);
    assert_eq!(read.etag(), "\"1\"");

    let list = app.get(&key, "/v1/recipes").await;
    assert_eq!(list.body["data"][0]["id"], id.as_str());

    assert_eq!(
        app.delete(&key, &format!("/v1/recipes/{id}")).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.get(&key, &format!("/v1/recipes/{id}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.get(&key, "/v1/recipes").await.body["data"], json!([]));
    let history = app.get(&key, &format!("/v1/recipes/{id}/history")).await;
    assert_eq!(history.body["data"].as_array().map(Vec::len), Some(2));
    assert!(history.body["data"][0]["actor"]
        .as_str()
        .unwrap_or_default()
        .starts_with("key:"));
    app.finish().await;
}

#[tokio::test]
async fn a_partial_put_changes_only_the_fields_it_names() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let created = app.create_recipe(&key, pancakes()).await;
    let id = created["id"].as_str().unwrap_or_default();
    let updated = app
        .put(&key, &format!("/v1/recipes/{id}"), json!({ "servings": 8 }))
        .await;
    assert_eq!(updated.status, StatusCode::OK);
    assert_eq!(updated.etag(), "\"2\"");
    assert_eq!(updated.body["name"], "Pancakes");
    assert_eq!(updated.body["servings"], 8.0);
    assert_eq!(updated.body["ingredients"], created["ingredients"]);
    // Half the serving, so fewer calories per serving.
    assert!(
        updated.body["label"]["unrounded"]["calories"].as_f64()
            < created["label"]["unrounded"]["calories"].as_f64()
    );
    // Sending the representation back (read-only fields included) changes nothing.
    let same = app
        .put(&key, &format!("/v1/recipes/{id}"), updated.body.clone())
        .await;
    assert_eq!(same.status, StatusCode::OK, "{:?}", same.body);
    let history = app.get(&key, &format!("/v1/recipes/{id}/history")).await;
    assert_eq!(same.body["version"], 2, "{}", history.body);
    app.finish().await;
}

#[tokio::test]
async fn a_stale_if_match_is_refused_with_412_and_a_current_one_succeeds() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let id = app.create_recipe(&key, pancakes()).await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let path = format!("/v1/recipes/{id}");
    let ok = app
        .call_with(
            Method::PUT,
            &key,
            &path,
            Some(json!({ "name": "A" })),
            &[("if-match", "\"1\"")],
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    let stale = app
        .call_with(
            Method::PUT,
            &key,
            &path,
            Some(json!({ "name": "B" })),
            &[("if-match", "\"1\"")],
        )
        .await;
    assert_eq!(stale.status, StatusCode::PRECONDITION_FAILED);
    assert_eq!(stale.code(), "version_mismatch");
    let stale_delete = app
        .call_with(Method::DELETE, &key, &path, None, &[("if-match", "\"1\"")])
        .await;
    assert_eq!(stale_delete.status, StatusCode::PRECONDITION_FAILED);
    assert_eq!(app.get(&key, &path).await.body["name"], "A");
    app.finish().await;
}

#[tokio::test]
async fn an_idempotency_key_replays_the_first_response_and_refuses_another_body() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let headers = [("idempotency-key", "order-42")];
    let first = app
        .call_with(
            Method::POST,
            &key,
            "/v1/recipes",
            Some(pancakes()),
            &headers,
        )
        .await;
    let again = app
        .call_with(
            Method::POST,
            &key,
            "/v1/recipes",
            Some(pancakes()),
            &headers,
        )
        .await;
    assert_eq!(first.status, StatusCode::CREATED);
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.body["id"], first.body["id"]);
    assert_eq!(again.headers["location"], first.headers["location"]);
    assert_eq!(
        app.get(&key, "/v1/recipes").await.body["data"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    let mut other = pancakes();
    other["name"] = json!("Waffles");
    let reused = app
        .call_with(Method::POST, &key, "/v1/recipes", Some(other), &headers)
        .await;
    assert_eq!(reused.status, StatusCode::CONFLICT);
    assert_eq!(reused.code(), "idempotency_key_reused");
    app.finish().await;
}

#[tokio::test]
async fn changing_an_ingredient_changes_the_label_of_every_recipe_that_uses_it() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let ing = app.create_ingredient(&key, oat_paste()).await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let bar = app
        .create_recipe(&key, json!({ "name": "Bar", "servings": 1, "ingredients": [{ "ingredient_id": ing, "grams": 100 }] }))
        .await;
    let bar_id = bar["id"].as_str().unwrap_or_default().to_owned();
    // A recipe that uses the bar as a sub-recipe is updated too.
    let tray = app
        .create_recipe(&key, json!({ "name": "Tray", "servings": 2, "ingredients": [{ "ingredient_id": bar_id, "grams": 100 }, { "name": "banana", "grams": 100 }] }))
        .await;
    let tray_id = tray["id"].as_str().unwrap_or_default().to_owned();
    assert_eq!(bar["label"]["calories"], 400.0);
    assert!(tray["label"]["ingredient_statement"]
        .as_str()
        .unwrap_or_default()
        .contains("Bar (Oat paste)"));
    let changed = app
        .put(&key, &format!("/v1/ingredients/{ing}"), json!({ "nutrients_per_100g": { "calories": 200, "total_fat_g": 1, "protein_g": 10, "total_carbohydrate_g": 30 }, "allergens": ["tree_nuts"] }))
        .await;
    assert_eq!(changed.status, StatusCode::OK);
    let bar_path = format!("/v1/recipes/{bar_id}");
    app.eventually(
        Duration::from_secs(10),
        "the bar's label to follow the ingredient",
        || async {
            let label = app.get(&key, &bar_path).await.body["label"].clone();
            (label["calories"] == 200.0).then_some(())
        },
    )
    .await;
    let tray_path = format!("/v1/recipes/{tray_id}");
    app.eventually(
        Duration::from_secs(10),
        "the tray's label to follow its sub-recipe",
        || async {
            let label = app.get(&key, &tray_path).await.body["label"].clone();
            label["allergens"]
                .as_array()
                .is_some_and(|a| a.contains(&json!("tree_nuts")))
                .then_some(())
        },
    )
    .await;
    app.finish().await;
}

#[tokio::test]
async fn sub_recipes_that_would_form_a_cycle_are_refused() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let a = app.create_recipe(&key, json!({ "name": "A", "servings": 1, "ingredients": [{ "name": "sugar", "grams": 10 }] })).await;
    let a_id = a["id"].as_str().unwrap_or_default().to_owned();
    let b = app.create_recipe(&key, json!({ "name": "B", "servings": 1, "ingredients": [{ "ingredient_id": a_id, "grams": 10 }] })).await;
    let b_id = b["id"].as_str().unwrap_or_default().to_owned();
    let cycle = app
        .put(
            &key,
            &format!("/v1/recipes/{a_id}"),
            json!({ "ingredients": [{ "ingredient_id": b_id, "grams": 5 }] }),
        )
        .await;
    assert_eq!(cycle.status, StatusCode::BAD_REQUEST);
    assert_eq!(cycle.code(), "recipe_cycle");
    // Nothing was written.
    assert_eq!(
        app.get(&key, &format!("/v1/recipes/{a_id}")).await.body["version"],
        1
    );
    // And a used sub-recipe cannot be deleted.
    let in_use = app.delete(&key, &format!("/v1/recipes/{a_id}")).await;
    assert_eq!(in_use.status, StatusCode::CONFLICT);
    assert_eq!(in_use.code(), "recipe_in_use");
    app.finish().await;
}

#[tokio::test]
async fn plans_gate_formats_and_the_embed() {
    let app = TestApp::spawn().await;
    let (_, free_key) = app.account("free", true).await;
    let mut eu = pancakes();
    eu["label_format"] = json!("eu-1169");
    let refused = app.post(&free_key, "/v1/recipes", eu.clone()).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.code(), "plan_format_not_allowed");
    let mut embed = pancakes();
    embed["embed_enabled"] = json!(true);
    let no_embed = app.post(&free_key, "/v1/recipes", embed.clone()).await;
    assert_eq!(no_embed.status, StatusCode::FORBIDDEN);
    assert_eq!(no_embed.code(), "plan_feature_not_allowed");

    let key = app.business_key().await;
    let eu_recipe = app.create_recipe(&key, eu).await;
    assert!(
        eu_recipe["label"]["per_100g"]["energy_kj"]
            .as_f64()
            .unwrap_or(0.0)
            > 0.0
    );
    let with_embed = app.create_recipe(&key, embed).await;
    let token = with_embed["embed"]["token"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(token.starts_with("emb_") && token.len() >= 26, "{token}");
    assert!(with_embed["embed"]["script"]
        .as_str()
        .unwrap_or_default()
        .contains(&token));
    let id = with_embed["id"].as_str().unwrap_or_default();
    let disabled = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "embed_enabled": false }),
        )
        .await;
    assert_eq!(disabled.body["embed"], Value::Null);
    let again = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "embed_enabled": true }),
        )
        .await;
    assert_ne!(again.body["embed"]["token"], json!(token));
    let mut unknown = pancakes();
    unknown["label_format"] = json!("martian");
    assert_eq!(
        app.post(&key, "/v1/recipes", unknown).await.code(),
        "unknown_label_format"
    );
    app.finish().await;
}

#[tokio::test]
async fn the_dependents_query_finds_each_user_once_and_ends_even_on_a_cycle() {
    // Cycles are refused when written; the query must still end if one ever got into the
    // table. a uses x; b uses a; c uses b; a also uses c (the cycle); d uses a and b.
    let app = TestApp::spawn().await;
    for (recipe, used) in [
        ("rcp_a", "ing_x"),
        ("rcp_b", "rcp_a"),
        ("rcp_c", "rcp_b"),
        ("rcp_a", "rcp_c"),
        ("rcp_d", "rcp_a"),
        ("rcp_d", "rcp_b"),
        ("rcp_e", "ing_y"),
    ] {
        sqlx::query("insert into recipe_usage (recipe_id, ingredient_id) values ($1, $2)")
            .bind(recipe)
            .bind(used)
            .execute(&app.pool)
            .await
            .expect("usage row");
    }
    let mut conn = app.pool.acquire().await.expect("connection");
    let dependents = tokio::time::timeout(
        Duration::from_secs(10),
        nls_readmodel::cascade::dependents_of_any(&mut conn, &["ing_x"]),
    )
    .await
    .expect("the query ends")
    .expect("the query runs");
    assert_eq!(dependents, ["rcp_a", "rcp_b", "rcp_c", "rcp_d"]);
    let none = nls_readmodel::cascade::dependents_of_any(&mut conn, &["ing_z"])
        .await
        .expect("the query runs");
    assert!(none.is_empty());
    drop(conn);
    app.finish().await;
}
