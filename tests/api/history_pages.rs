//! History in pages (issue 28, item 7): `limit` and `cursor` on
//! `/v1/{recipes|ingredients}/{id}/history`, a first page for requests without them, and
//! `include=label` derived for the page only yet equal, chained, to the whole history.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{oat_paste, TestApp};

/// Every page from `first` on, following `next_cursor`; `first` ends in `?` or `&`.
async fn chain(app: &TestApp, key: &str, first: &str) -> Vec<Vec<Value>> {
    let mut pages = Vec::new();
    let mut path = first.to_owned();
    loop {
        let reply = app.get(key, &path).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {:?}", reply.body);
        pages.push(reply.body["data"].as_array().cloned().unwrap_or_default());
        match reply.body["next_cursor"].as_str() {
            Some(cursor) => path = format!("{first}cursor={cursor}"),
            None => break,
        }
        assert!(pages.len() < 20, "the pages do not end");
    }
    pages
}

fn own_versions(entries: &[Value]) -> Vec<i64> {
    entries
        .iter()
        .filter(|e| e["type"] != "label.recomputed")
        .filter_map(|e| e["version"].as_i64())
        .collect()
}

#[tokio::test]
async fn pages_of_fifty_chain_to_every_version_once_and_the_label_only_for_the_page() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let ing = app.create_ingredient(&key, oat_paste()).await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let id = app
        .create_recipe(
            &key,
            json!({ "name": "Paged", "servings": 1, "ingredients": [{ "ingredient_id": ing, "grams": 100 }] }),
        )
        .await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    // 120 versions; the ingredient changes right after versions 50 (a page's last) and 75,
    // so `label.recomputed` entries fall at and inside page boundaries.
    for version in 2..=120 {
        let servings = 1 + version % 7;
        let reply = app
            .put(
                &key,
                &format!("/v1/recipes/{id}"),
                json!({ "servings": servings }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
        if version == 50 || version == 75 {
            let calories = if version == 50 { 300 } else { 500 };
            let edit = app
                .put(
                    &key,
                    &format!("/v1/ingredients/{ing}"),
                    json!({ "nutrients_per_100g": { "calories": calories, "protein_g": 12 } }),
                )
                .await;
            assert_eq!(edit.status, StatusCode::OK, "{:?}", edit.body);
        }
    }
    let history = format!("/v1/recipes/{id}/history");

    // Without paging parameters: the first page, and a cursor to go on.
    let first = app.get(&key, &history).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    assert_eq!(first.body["data"].as_array().map(Vec::len), Some(50));
    assert!(first.body["next_cursor"].is_string(), "{:?}", first.body);

    // Pages of 50 chain to versions 1 to 120, each once, in order.
    let pages = chain(&app, &key, &format!("{history}?limit=50&")).await;
    assert_eq!(pages.iter().map(Vec::len).collect::<Vec<_>>(), [50, 50, 20]);
    let versions: Vec<i64> = pages.iter().flat_map(|p| own_versions(p)).collect();
    assert_eq!(versions, (1..=120).collect::<Vec<i64>>());

    // With the label: the same own versions per page, and chained, exactly the entries
    // (label changes and recomputations included) of one page holding the whole history.
    let labelled = chain(&app, &key, &format!("{history}?include=label&limit=50&")).await;
    assert_eq!(labelled.len(), 3);
    for (page, plain) in labelled.iter().zip(&pages) {
        assert_eq!(own_versions(page), own_versions(plain));
        assert!(
            page.iter().all(|e| e["label_changes"].is_array()),
            "{page:?}"
        );
    }
    let whole = app
        .get(&key, &format!("{history}?include=label&limit=200"))
        .await;
    assert_eq!(whole.status, StatusCode::OK, "{:?}", whole.body);
    assert!(whole.body["next_cursor"].is_null());
    let whole = whole.body["data"].as_array().cloned().unwrap_or_default();
    let chained: Vec<Value> = labelled.iter().flatten().cloned().collect();
    assert_eq!(chained, whole);
    let recomputed: Vec<i64> = whole
        .iter()
        .filter(|e| e["type"] == "label.recomputed")
        .filter_map(|e| e["version"].as_i64())
        .collect();
    assert_eq!(recomputed, [50, 75], "{whole:?}");
    // The recomputation after version 50 ends the first page, compared with version 50.
    let end_of_first = labelled[0].last().cloned().unwrap_or_default();
    assert_eq!(end_of_first["type"], "label.recomputed", "{end_of_first}");
    assert_eq!(labelled[1][0]["version"], 51);

    // Out of bounds: a validation error naming the field.
    for (query, field) in [
        ("limit=201", "limit"),
        ("limit=0", "limit"),
        ("limit=many", "limit"),
        ("cursor=not-a-cursor", "cursor"),
    ] {
        let reply = app.get(&key, &format!("{history}?{query}")).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{query}: {:?}",
            reply.body
        );
        assert_eq!(
            reply.code(),
            "validation_failed",
            "{query}: {:?}",
            reply.body
        );
        assert!(
            reply.body.to_string().contains(field),
            "{query}: {:?}",
            reply.body
        );
    }

    // An ingredient's history pages the same way.
    let ingredient = chain(
        &app,
        &key,
        &format!("/v1/ingredients/{ing}/history?limit=2&"),
    )
    .await;
    assert_eq!(
        ingredient
            .iter()
            .map(|p| own_versions(p))
            .collect::<Vec<_>>(),
        [vec![1, 2], vec![3]]
    );
    app.finish().await;
}
