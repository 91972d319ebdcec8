//! Issue 12, items 2 and 4: a recipe tree's expanded size is bounded when it is written,
//! and no write breaks the label of a recipe that uses what it changes.

use std::time::Duration;

use nls_eventlog::{EventMeta, StreamVersion};
use nls_events::NewEvent;
use reqwest::StatusCode;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::helpers::TestApp;

fn id_of(v: &Value) -> String {
    v["id"].as_str().unwrap_or_default().to_owned()
}

/// `count` lines of the sub-recipe `id`, a gram each.
fn lines_of(id: &str, count: usize) -> Vec<Value> {
    (0..count)
        .map(|_| json!({ "ingredient_id": id, "grams": 1 }))
        .collect()
}

/// The 1 MB case of the issue: a recipe listing a recipe 100 times that lists a recipe 100
/// times stored a statement of 10,000 copies of the innermost one. Identical lines are one
/// line now, so the label is as small as the recipe.
#[tokio::test]
async fn sub_recipes_listed_many_times_do_not_multiply_the_label() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let long_name = "x".repeat(100);
    let inner = app
        .create_recipe(
            &key,
            json!({ "name": "Inner", "servings": 1,
                    "ingredients": [{ "name": "sugar", "grams": 10, "label_name": long_name }] }),
        )
        .await;
    let middle = app
        .create_recipe(
            &key,
            json!({ "name": "Middle", "servings": 1, "ingredients": lines_of(&id_of(&inner), 100) }),
        )
        .await;
    let outer = app
        .post(
            &key,
            "/v1/recipes",
            json!({ "name": "Outer", "servings": 1, "ingredients": lines_of(&id_of(&middle), 100) }),
        )
        .await;
    assert_eq!(outer.status, StatusCode::CREATED, "{:?}", outer.body);
    let label_bytes = serde_json::to_vec(&outer.body["label"])
        .map(|b| b.len())
        .unwrap_or(usize::MAX);
    assert!(label_bytes < 16 * 1024, "label of {label_bytes} bytes");
    assert_eq!(
        outer.body["label"]["ingredient_statement"],
        format!("Middle (Inner ({long_name}))")
    );
    // The lines are kept as sent; the label counts them once, at their total weight.
    assert_eq!(
        outer.body["ingredients"].as_array().map(Vec::len),
        Some(100)
    );
    // No list row carries more than the recipe itself.
    let list = app.get(&key, "/v1/recipes?limit=200").await;
    assert_eq!(list.status, StatusCode::OK);
    for row in list.body["data"].as_array().cloned().unwrap_or_default() {
        let bytes = serde_json::to_vec(&row)
            .map(|b| b.len())
            .unwrap_or(usize::MAX);
        assert!(bytes < 64 * 1024, "a list row of {bytes} bytes");
    }
    app.finish().await;
}

/// Distinct sub-recipes multiply too (three per level, each listing the three below):
/// the expansion is counted over the whole tree and refused past the limits with
/// 422 `recipe_too_large` naming the limit, before any label is built.
#[tokio::test]
async fn a_tree_whose_expansion_multiplies_is_refused_with_the_limit_it_passes() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let mut below: Vec<String> = Vec::new();
    let mut refused = None;
    'levels: for level in 1..=8 {
        let mut this_level = Vec::new();
        for side in ["a", "b", "c"] {
            let ingredients: Vec<Value> = if below.is_empty() {
                vec![json!({ "name": "sugar", "grams": 10 })]
            } else {
                below
                    .iter()
                    .map(|id| json!({ "ingredient_id": id, "grams": 10 }))
                    .collect()
            };
            let reply = app
                .post(
                    &key,
                    "/v1/recipes",
                    json!({ "name": format!("L{level}{side}"), "servings": 1, "ingredients": ingredients }),
                )
                .await;
            if reply.status != StatusCode::CREATED {
                refused = Some((level, reply));
                break 'levels;
            }
            let label_bytes = serde_json::to_vec(&reply.body["label"])
                .map(|b| b.len())
                .unwrap_or(usize::MAX);
            assert!(
                label_bytes <= 128 * 1024,
                "level {level}: {label_bytes} bytes"
            );
            this_level.push(id_of(&reply.body));
        }
        below = this_level;
    }
    let Some((level, reply)) = refused else {
        panic!("every level of a 3^8 expansion was accepted");
    };
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        reply.body
    );
    assert_eq!(reply.code(), "recipe_too_large");
    let limit = reply.body["error"]["details"]["limit"]
        .as_str()
        .unwrap_or("");
    assert!(
        ["statement_chars", "expanded_lines"].contains(&limit),
        "level {level}: {:?}",
        reply.body
    );
    assert!(
        reply.body["error"]["details"]["value"].as_u64()
            > reply.body["error"]["details"]["max"].as_u64(),
        "{:?}",
        reply.body
    );
    app.finish().await;
}

/// Creates `L0` (a leaf recipe) and `L1`..`L8`, each using the one below: the deepest
/// nesting allowed. Returns their ids, `L0` first.
async fn chain_of_nine(app: &TestApp, key: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let leaf = app
        .create_recipe(
            key,
            json!({ "name": "L0", "servings": 1, "ingredients": [{ "name": "sugar", "grams": 10 }] }),
        )
        .await;
    ids.push(id_of(&leaf));
    for level in 1..=8 {
        let below = ids.last().cloned().unwrap_or_default();
        let recipe = app
            .create_recipe(
                key,
                json!({ "name": format!("L{level}"), "servings": 1,
                        "ingredients": [{ "ingredient_id": below, "grams": 10 }] }),
            )
            .await;
        ids.push(id_of(&recipe));
    }
    ids
}

/// The case: a valid PUT on the innermost recipe pushed the outermost one past the
/// nesting limit, answered 200 and left it without a label. Now it is refused with 409
/// naming the recipe it would break, and nothing changes.
#[tokio::test]
async fn a_put_that_would_push_a_recipe_above_it_past_the_nesting_limit_is_refused() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let chain = chain_of_nine(&app, &key).await;
    let extra = app
        .create_recipe(
            &key,
            json!({ "name": "Extra", "servings": 1, "ingredients": [{ "name": "salt", "grams": 1 }] }),
        )
        .await;
    let reply = app
        .put(
            &key,
            &format!("/v1/recipes/{}", chain[0]),
            json!({ "ingredients": [{ "ingredient_id": id_of(&extra), "grams": 10 }] }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::CONFLICT, "{:?}", reply.body);
    assert_eq!(reply.code(), "breaks_dependent_recipe");
    let details = &reply.body["error"]["details"];
    assert_eq!(details["recipe_id"], chain[8].as_str());
    assert_eq!(details["problem"]["code"], "recipe_too_large");
    assert_eq!(details["problem"]["limit"], "nesting_depth");
    assert_eq!(details["problem"]["value"], 9);
    assert!(reply.body["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains(chain[8].as_str())));
    // Nothing was written; the outer recipe keeps its label and its files.
    let inner = app.get(&key, &format!("/v1/recipes/{}", chain[0])).await;
    assert_eq!(inner.body["version"], 1);
    let outer = app.get(&key, &format!("/v1/recipes/{}", chain[8])).await;
    assert!(outer.body["label"].is_object(), "{:?}", outer.body);
    let svg = app
        .get(&key, &format!("/v1/recipes/{}/label.svg", chain[8]))
        .await;
    assert_eq!(svg.status, StatusCode::OK);
    app.finish().await;
}

/// A recipe whose label became impossible before these checks existed (here: an event
/// appended as an older version of the service did) answers its label files with 409
/// `label_unavailable`, never 400, and still takes writes that leave its lines alone.
#[tokio::test]
async fn a_recipe_without_a_label_answers_409_on_label_files_and_can_still_be_renamed() {
    let app = TestApp::spawn().await;
    let (account_id, key) = app.account("business", false).await;
    let chain = chain_of_nine(&app, &key).await;
    let extra = app
        .create_recipe(
            &key,
            json!({ "name": "Extra", "servings": 1, "ingredients": [{ "name": "salt", "grams": 1 }] }),
        )
        .await;
    let legacy = NewEvent::new(
        ("recipe_updated", 1),
        json!({ "ingredients": [{ "ingredient_id": id_of(&extra), "name": "Extra", "grams": 10 }] }),
    );
    let meta = EventMeta {
        account_id,
        actor: "test".into(),
        correlation_id: Uuid::now_v7(),
        causation_id: None,
        request_id: None,
    };
    let mut tx = app.pool.begin().await.expect("begin");
    nls_eventlog::append(&mut tx, &chain[0], StreamVersion(1), &meta, &[legacy])
        .await
        .expect("append");
    tx.commit().await.expect("commit");
    let outer_path = format!("/v1/recipes/{}", chain[8]);
    app.eventually(Duration::from_secs(20), "the outer label to go", || async {
        app.get(&key, &outer_path).await.body["label"]
            .is_null()
            .then_some(())
    })
    .await;
    for file in ["label.svg", "label.png", "label.pdf"] {
        let reply = app.get(&key, &format!("{outer_path}/{file}")).await;
        assert_eq!(
            reply.status,
            StatusCode::CONFLICT,
            "{file}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), "label_unavailable");
        assert_eq!(reply.body["error"]["details"]["code"], "recipe_too_large");
    }
    let renamed = app
        .put(&key, &outer_path, json!({ "name": "Renamed" }))
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{:?}", renamed.body);
    assert_eq!(renamed.body["name"], "Renamed");
    assert!(
        renamed.body["label_error"].is_object(),
        "{:?}",
        renamed.body
    );
    app.finish().await;
}

/// An ingredient edit can break a recipe too: a longer label name printed in every
/// sub-recipe that uses it would take a statement past its limit.
#[tokio::test]
async fn an_ingredient_edit_that_would_take_a_statement_past_its_limit_is_refused() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let ingredient = app
        .create_ingredient(
            &key,
            json!({ "name": "Paste", "nutrients_per_100g": { "calories": 100, "protein_g": 5 } }),
        )
        .await;
    let ingredient_id = id_of(&ingredient);
    let mut subs = Vec::new();
    for i in 0..25 {
        let sub = app
            .create_recipe(
                &key,
                json!({ "name": format!("S{i}"), "servings": 1,
                        "ingredients": [{ "ingredient_id": ingredient_id, "grams": 10 }] }),
            )
            .await;
        subs.push(json!({ "ingredient_id": id_of(&sub), "grams": 10 }));
    }
    let top = app
        .create_recipe(
            &key,
            json!({ "name": "Tray", "servings": 1, "ingredients": subs }),
        )
        .await;
    let reply = app
        .put(
            &key,
            &format!("/v1/ingredients/{ingredient_id}"),
            json!({ "label_name": "p".repeat(500) }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::CONFLICT, "{:?}", reply.body);
    assert_eq!(reply.code(), "breaks_dependent_recipe");
    assert_eq!(
        reply.body["error"]["details"]["recipe_id"],
        id_of(&top).as_str()
    );
    assert_eq!(
        reply.body["error"]["details"]["problem"]["limit"],
        "statement_chars"
    );
    let unchanged = app
        .get(&key, &format!("/v1/ingredients/{ingredient_id}"))
        .await;
    assert_eq!(unchanged.body["version"], 1);
    // A label name that fits is fine.
    let fits = app
        .put(
            &key,
            &format!("/v1/ingredients/{ingredient_id}"),
            json!({ "label_name": "bean paste" }),
        )
        .await;
    assert_eq!(fits.status, StatusCode::OK, "{:?}", fits.body);
    app.finish().await;
}
