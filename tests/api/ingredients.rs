use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{oat_paste, TestApp};

#[tokio::test]
async fn an_ingredient_goes_through_create_read_update_list_and_delete() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let created = app.post(&key, "/v1/ingredients", oat_paste()).await;
    assert_eq!(created.status, StatusCode::CREATED);
    let id = created.body["id"].as_str().expect("id").to_owned();
    assert!(id.starts_with("ing_"));
    assert_eq!(
        created.headers["location"],
        format!("/v1/ingredients/{id}").as_str()
    );
    assert_eq!(created.etag(), "\"1\"");
    assert_eq!(created.body["version"], 1);
    assert!(created.body["created_at"].is_string());

    let read = app.get(&key, &format!("/v1/ingredients/{id}")).await;
    assert_eq!(read.status, StatusCode::OK);
    assert_eq!(read.body["nutrients_per_100g"]["protein_g"], 12.0);
    assert_eq!(read.body["allergens"], json!(["gluten"]));

    // Partial update: only the name changes.
    let updated = app
        .put(
            &key,
            &format!("/v1/ingredients/{id}"),
            json!({ "name": "Oat butter" }),
        )
        .await;
    assert_eq!(updated.status, StatusCode::OK);
    assert_eq!(updated.body["name"], "Oat butter");
    assert_eq!(updated.body["nutrients_per_100g"]["protein_g"], 12.0);
    assert_eq!(updated.body["version"], 2);

    let list = app.get(&key, "/v1/ingredients").await;
    assert_eq!(list.body["data"].as_array().map(Vec::len), Some(1));
    assert_eq!(list.body["next_cursor"], serde_json::Value::Null);

    let deleted = app.delete(&key, &format!("/v1/ingredients/{id}")).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get(&key, &format!("/v1/ingredients/{id}")).await.status,
        StatusCode::NOT_FOUND
    );
    // History survives deletion.
    let history = app
        .get(&key, &format!("/v1/ingredients/{id}/history"))
        .await;
    let types: Vec<&str> = history.body["data"]
        .as_array()
        .expect("history")
        .iter()
        .filter_map(|e| e["type"].as_str())
        .collect();
    assert_eq!(
        types,
        vec![
            "ingredient_created",
            "ingredient_updated",
            "ingredient_deleted"
        ]
    );
    assert_eq!(
        history.body["data"][1]["changes"],
        json!({ "name": "Oat butter" })
    );
    app.finish().await;
}

#[tokio::test]
async fn archiving_hides_from_the_list_until_include_archived_and_unarchive_restores() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let id = app.create_ingredient(&key, oat_paste()).await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let archived = app
        .put(
            &key,
            &format!("/v1/ingredients/{id}"),
            json!({ "archived": true }),
        )
        .await;
    assert_eq!(archived.body["archived"], true);
    assert_eq!(
        app.get(&key, "/v1/ingredients").await.body["data"],
        json!([])
    );
    let all = app.get(&key, "/v1/ingredients?include_archived=true").await;
    assert_eq!(all.body["data"][0]["id"], id.as_str());
    // Archived ingredients are not used for name matching.
    let analysis = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "servings": 1, "ingredients": [{ "name": "Oat paste", "grams": 50 }] }),
        )
        .await;
    assert_ne!(
        analysis.body["ingredients"][0]["ingredient_id"],
        id.as_str()
    );
    app.put(
        &key,
        &format!("/v1/ingredients/{id}"),
        json!({ "archived": false }),
    )
    .await;
    assert_eq!(
        app.get(&key, "/v1/ingredients").await.body["data"][0]["id"],
        id.as_str()
    );
    // Active again: a name matches it exactly, ignoring case, before the food database.
    let restored = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "servings": 1, "ingredients": [
                { "name": " oat PASTE ", "grams": 50 },
                { "name": "banana", "grams": 50 }
            ] }),
        )
        .await;
    assert_eq!(
        restored.body["ingredients"][0]["ingredient_id"],
        id.as_str()
    );
    assert_eq!(restored.body["ingredients"][0]["source"], "custom");
    assert_eq!(restored.body["ingredients"][1]["source"], "fooddb");
    app.finish().await;
}

#[tokio::test]
async fn lists_page_with_a_cursor_in_creation_order_and_filter_by_name() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let mut ids = Vec::new();
    for n in 0..5 {
        let mut body = oat_paste();
        body["name"] = json!(format!("Paste {n}"));
        ids.push(
            app.create_ingredient(&key, body).await["id"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        );
    }
    let mut seen = Vec::new();
    let mut path = "/v1/ingredients?limit=2".to_owned();
    loop {
        let page = app.get(&key, &path).await;
        assert_eq!(page.status, StatusCode::OK);
        for item in page.body["data"].as_array().expect("data") {
            seen.push(item["id"].as_str().unwrap_or_default().to_owned());
        }
        match page.body["next_cursor"].as_str() {
            Some(cursor) => path = format!("/v1/ingredients?limit=2&cursor={cursor}"),
            None => break,
        }
    }
    assert_eq!(seen, ids);
    let filtered = app.get(&key, "/v1/ingredients?q=paste%203").await;
    assert_eq!(filtered.body["data"][0]["id"], ids[3].as_str());
    assert_eq!(filtered.body["data"].as_array().map(Vec::len), Some(1));
    app.finish().await;
}

#[tokio::test]
async fn deleting_an_ingredient_a_recipe_uses_is_refused_with_the_recipes_named() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let ing = app.create_ingredient(&key, oat_paste()).await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let recipe = app
        .create_recipe(&key, json!({ "name": "Bars", "servings": 2, "ingredients": [{ "ingredient_id": ing, "grams": 100 }] }))
        .await;
    let refused = app.delete(&key, &format!("/v1/ingredients/{ing}")).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(refused.code(), "ingredient_in_use");
    assert_eq!(refused.body["error"]["details"]["recipes"][0], recipe["id"]);
    // Once the recipe is gone, the ingredient can go.
    app.delete(
        &key,
        &format!("/v1/recipes/{}", recipe["id"].as_str().unwrap_or_default()),
    )
    .await;
    assert_eq!(
        app.delete(&key, &format!("/v1/ingredients/{ing}"))
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    app.finish().await;
}
