//! Recipes and their label files as they were (API_DECISIONS §12): `?version=N` and
//! `?as_of=<RFC 3339>`, with ingredients and sub-recipes taken as of the same moment.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{Reply, TestApp};
use crate::labels::{decode_png, double_the_oats, fetch, oat_recipe, svg_text, wait_for_calories};

/// `occurred_at` of each event of a stream, oldest first.
async fn event_times(app: &TestApp, key: &str, path: &str) -> Vec<String> {
    let history = app.get(key, &format!("{path}/history")).await;
    assert_eq!(history.status, StatusCode::OK, "{:?}", history.body);
    history.body["data"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["occurred_at"].as_str().expect("occurred_at").to_owned())
        .collect()
}

/// `as_of` as a query value (`+` in an offset must not turn into a space).
fn as_of(time: &str) -> String {
    time.replace('+', "%2B")
}

fn calories(reply: &Reply) -> Option<f64> {
    reply.body["label"]["calories"].as_f64()
}

#[tokio::test]
async fn a_recipe_reads_as_it_was_at_each_version_and_moment_with_its_ingredients_of_then() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    // v1: 100 g of oat paste (400 kcal per 100 g) in one serving.
    let (id, ing) = oat_recipe(&app, &key).await;
    let path = format!("/v1/recipes/{id}");
    // A tray made of the recipe: a sub-recipe, folded from the log as well.
    let tray = app
        .create_recipe(
            &key,
            json!({ "name": "Tray", "servings": 1, "ingredients": [{ "ingredient_id": id, "grams": 100 }] }),
        )
        .await;
    let tray_id = tray["id"].as_str().expect("tray id").to_owned();
    let tray_path = format!("/v1/recipes/{tray_id}");
    // v2: 200 g, renamed: 800 kcal.
    double_the_oats(&app, &key, &id, &ing).await;
    let renamed = app.put(&key, &path, json!({ "name": "Big oat bar" })).await;
    assert_eq!(renamed.status, StatusCode::OK, "{:?}", renamed.body);
    // Then the ingredient drops to 250 kcal per 100 g: 500 kcal now, no recipe event.
    let put = app
        .put(
            &key,
            &format!("/v1/ingredients/{ing}"),
            json!({ "nutrients_per_100g": { "calories": 250, "total_fat_g": 10, "protein_g": 12, "total_carbohydrate_g": 60 } }),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    wait_for_calories(&app, &key, &id, 500.0).await;
    wait_for_calories(&app, &key, &tray_id, 250.0).await;

    let first = app.get(&key, &format!("{path}?version=1")).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    assert_eq!(first.body["version"], 1);
    assert_eq!(first.body["name"], "Oat bar");
    assert_eq!(first.body["ingredients"][0]["grams"], 100.0);
    assert_eq!(calories(&first), Some(400.0));
    assert_eq!(first.etag(), "\"1\"");
    let times = event_times(&app, &key, &path).await;
    assert_eq!(times.len(), 3, "{times:?}");
    assert_eq!(first.body["updated_at"], json!(times[0]));
    assert_eq!(first.body["created_at"], json!(times[0]));

    // Version 2 with the ingredient as it was when version 2 was written.
    let second = app.get(&key, &format!("{path}?version=2")).await;
    assert_eq!(second.body["name"], "Oat bar");
    assert_eq!(calories(&second), Some(800.0), "{}", second.body);
    // The latest version, as it was written, still has the old ingredient data ...
    let third = app.get(&key, &format!("{path}?version=3")).await;
    assert_eq!(third.body["name"], "Big oat bar");
    assert_eq!(calories(&third), Some(800.0), "{}", third.body);
    // ... while today, and as of the ingredient's change, it has the new.
    assert_eq!(calories(&app.get(&key, &path).await), Some(500.0));
    let ing_times = event_times(&app, &key, &format!("/v1/ingredients/{ing}")).await;
    let after_change = app
        .get(&key, &format!("{path}?as_of={}", as_of(&ing_times[1])))
        .await;
    assert_eq!(
        after_change.status,
        StatusCode::OK,
        "{:?}",
        after_change.body
    );
    assert_eq!(after_change.body["version"], 3);
    assert_eq!(calories(&after_change), Some(500.0));
    let at_first = app
        .get(&key, &format!("{path}?as_of={}", as_of(&times[0])))
        .await;
    assert_eq!(at_first.body["version"], 1);
    assert_eq!(calories(&at_first), Some(400.0));

    // The tray's sub-recipe and its ingredient, both as of the tray's first version.
    let tray_then = app.get(&key, &format!("{tray_path}?version=1")).await;
    assert_eq!(calories(&tray_then), Some(400.0), "{}", tray_then.body);
    assert_eq!(calories(&app.get(&key, &tray_path).await), Some(250.0));

    // Points that have no recipe: 404 saying why.
    let beyond = app.get(&key, &format!("{path}?version=4")).await;
    assert_eq!(beyond.status, StatusCode::NOT_FOUND);
    assert_eq!(beyond.code(), "not_found");
    let message = beyond.body["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("no version 4") && message.contains("latest is 3"),
        "{message}"
    );
    let before = app
        .get(&key, &format!("{path}?as_of=2000-01-01T00:00:00Z"))
        .await;
    assert_eq!(before.status, StatusCode::NOT_FOUND);
    let message = before.body["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("did not exist"), "{message}");
    app.finish().await;
}

#[tokio::test]
async fn bad_points_are_400_and_other_accounts_recipes_stay_hidden() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, _) = oat_recipe(&app, &key).await;
    let path = format!("/v1/recipes/{id}");
    let cases = [
        ("version=0", "version"),
        ("version=-2", "version"),
        ("as_of=yesterday", "as_of"),
        ("as_of=2026-01-31", "as_of"),
        ("version=1&as_of=2026-01-31T00:00:00Z", "as_of"),
    ];
    for (query, field) in cases {
        for target in [path.clone(), format!("{path}/label.svg")] {
            let reply = fetch(&app, &key, &format!("{target}?{query}"), &[]).await;
            assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{target}?{query}");
            assert_eq!(reply.code(), "validation_failed", "{target}?{query}");
            assert_eq!(
                reply.json()["error"]["details"][0]["field"],
                field,
                "{target}?{query}"
            );
        }
    }
    // Not a number, and a misspelt parameter (which must not answer with today's recipe).
    for query in ["version=first", "verison=1"] {
        let reply = app.get(&key, &format!("{path}?{query}")).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{query}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), "validation_failed", "{query}");
    }

    let (_, other) = app.account("business", false).await;
    for target in [
        format!("{path}?version=1"),
        format!("{path}/label.svg?version=1"),
    ] {
        let reply = fetch(&app, &other, &target, &[]).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{target}");
        assert_eq!(
            reply.json()["error"]["message"],
            "recipe not found",
            "{target}"
        );
    }
    app.finish().await;
}

#[tokio::test]
async fn a_deleted_recipe_keeps_its_past() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, _) = oat_recipe(&app, &key).await;
    let path = format!("/v1/recipes/{id}");
    assert_eq!(app.delete(&key, &path).await.status, StatusCode::NO_CONTENT);
    assert_eq!(app.get(&key, &path).await.status, StatusCode::NOT_FOUND);

    let then = app.get(&key, &format!("{path}?version=1")).await;
    assert_eq!(then.status, StatusCode::OK, "{:?}", then.body);
    assert_eq!(calories(&then), Some(400.0));
    let svg = fetch(&app, &key, &format!("{path}/label.svg?version=1"), &[]).await;
    assert_eq!(svg.status, StatusCode::OK, "{}", svg.text());
    assert!(svg_text(&svg.text()).contains("400"));

    let gone = app.get(&key, &format!("{path}?version=2")).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    let message = gone.body["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("deleted at version 2"), "{message}");
    app.finish().await;
}

#[tokio::test]
async fn past_label_files_show_the_numbers_of_then_under_the_etag_they_had() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, ing) = oat_recipe(&app, &key).await;
    let svg_path = format!("/v1/recipes/{id}/label.svg");
    let before = fetch(&app, &key, &svg_path, &[]).await;
    assert_eq!(before.status, StatusCode::OK);
    double_the_oats(&app, &key, &id, &ing).await;

    let now = fetch(&app, &key, &svg_path, &[]).await;
    assert!(svg_text(&now.text()).contains("800"));
    let then = fetch(&app, &key, &format!("{svg_path}?version=1"), &[]).await;
    assert_eq!(then.status, StatusCode::OK, "{}", then.text());
    assert_eq!(then.header("content-type"), "image/svg+xml");
    let text = svg_text(&then.text());
    assert!(text.contains("400") && !text.contains("800"), "{text}");
    // Files are keyed by content: version 1's file is the one served before the change.
    assert_eq!(then.header("etag"), before.header("etag"));
    assert_eq!(then.bytes, before.bytes);
    assert_ne!(then.header("etag"), now.header("etag"));
    let etag = then.header("etag").to_owned();
    let unchanged = fetch(
        &app,
        &key,
        &format!("{svg_path}?version=1"),
        &[("if-none-match", &etag)],
    )
    .await;
    assert_eq!(unchanged.status, StatusCode::NOT_MODIFIED);

    let png = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.png?version=1&width=200&scale=1"),
        &[],
    )
    .await;
    assert_eq!(png.status, StatusCode::OK, "{}", png.text());
    assert_eq!(decode_png(&png.bytes).0, 200);

    let beyond = fetch(&app, &key, &format!("{svg_path}?version=9"), &[]).await;
    assert_eq!(beyond.status, StatusCode::NOT_FOUND);
    assert_eq!(beyond.code(), "not_found");
    assert_eq!(beyond.header("content-type"), "application/json");
    let message = beyond.json()["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(message.contains("no version 9"), "{message}");
    app.finish().await;
}

/// Issue 17, item 9: each label records the engine and rules edition that computed it, and
/// `?version=N` serves the label and files version N was given when it was written, not a
/// recomputation by today's engine. The test stands in for an upgrade by rewriting what
/// today's engine would not produce: version 1's recorded label (another edition, another
/// number) and the drawing code's cache keys.
#[tokio::test]
async fn a_past_version_serves_the_label_and_files_it_was_given_whatever_the_engine_is_now() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, ing) = oat_recipe(&app, &key).await;
    let path = format!("/v1/recipes/{id}");
    let current = app.get(&key, &path).await;
    let edition = current.body["label_edition"]
        .as_str()
        .expect("the label's edition")
        .to_owned();
    assert!(
        edition.starts_with("engine ") && edition.contains("; rules "),
        "{edition}"
    );
    let svg_path = format!("{path}/label.svg");
    let served = fetch(&app, &key, &svg_path, &[]).await;
    assert_eq!(served.status, StatusCode::OK);
    double_the_oats(&app, &key, &id, &ing).await;

    // "Upgrade": the drawing code's keys change, and today's engine would print otherwise.
    sqlx::query("update label_file set cache_key = sha256(cache_key || '\\x01'::bytea)")
        .execute(&app.pool)
        .await
        .expect("rekey files");
    let recorded: (serde_json::Value, String) = sqlx::query_as(
        "select label, edition from label_version where recipe_id = $1 and version = 1",
    )
    .bind(&id)
    .fetch_one(&app.pool)
    .await
    .expect("version 1's label is recorded");
    assert_eq!(recorded.1, edition);
    let mut then = recorded.0;
    then["display"]["calories"] = json!("410");
    sqlx::query("update label_version set label = $2, edition = 'engine 0.0.9; rules 000000000000' where recipe_id = $1 and version = 1")
        .bind(&id)
        .bind(&then)
        .execute(&app.pool)
        .await
        .expect("older edition");

    let v1 = app.get(&key, &format!("{path}?version=1")).await;
    assert_eq!(v1.status, StatusCode::OK, "{:?}", v1.body);
    assert_eq!(v1.body["label"]["display"]["calories"], "410");
    assert_eq!(v1.body["label_edition"], "engine 0.0.9; rules 000000000000");
    // Version 2 was recorded too; a moment (`as_of`) is derived, as before.
    let v2 = app.get(&key, &format!("{path}?version=2")).await;
    assert_eq!(v2.body["label_edition"], json!(edition));

    let file = fetch(&app, &key, &format!("{svg_path}?version=1"), &[]).await;
    assert_eq!(file.status, StatusCode::OK);
    assert_eq!(
        file.bytes, served.bytes,
        "byte for byte what was served then"
    );
    app.finish().await;
}

/// Issue 27, item 3 (migration 0019): a version's label is stored once. While the view holds
/// it, the version's row keeps only its hash; when the view lets go of it (the recipe's own
/// update, a cascade from an ingredient, a delete, a replay's truncate) the label is copied
/// into the row first, so `?version=N` serves it whatever the view holds now.
#[tokio::test]
async fn a_versions_label_is_stored_once_and_kept_when_the_view_lets_go_of_it() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, ing) = oat_recipe(&app, &key).await;
    let path = format!("/v1/recipes/{id}");
    // Labels stored in `label_version` rows of the recipe, by version (None: hash only).
    let stored = |pool: sqlx::PgPool, id: String| async move {
        sqlx::query_as::<_, (i64, Option<serde_json::Value>)>(
            "select version, label from label_version where recipe_id = $1 order by version",
        )
        .bind(id)
        .fetch_all(&pool)
        .await
        .expect("label versions")
    };
    let first = app.get(&key, &path).await;
    let first_label = first.body["label"].clone();
    assert_eq!(first_label["calories"].as_f64(), Some(400.0));
    assert_eq!(
        stored(app.pool.clone(), id.clone()).await,
        vec![(1, None)],
        "the view holds version 1's label: the row keeps its hash only"
    );
    let v1 = app.get(&key, &format!("{path}?version=1")).await;
    assert_eq!(v1.body["label"], first_label, "served from the view");

    // The recipe's own update: version 1's label is copied before the view takes the new one.
    double_the_oats(&app, &key, &id, &ing).await;
    let rows = stored(app.pool.clone(), id.clone()).await;
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].1.as_ref(), Some(&first_label), "version 1 kept");
    assert_eq!(rows[1].1, None, "version 2's label is the view's");
    let v1 = app.get(&key, &format!("{path}?version=1")).await;
    assert_eq!(v1.body["label"], first_label);
    assert_eq!(
        calories(&app.get(&key, &format!("{path}?version=2")).await),
        Some(800.0)
    );

    // A cascade from the ingredient changes the view's label without a recipe version.
    let v2_label = app.get(&key, &path).await.body["label"].clone();
    let mut richer = crate::helpers::oat_paste();
    richer["nutrients_per_100g"]["calories"] = json!(500);
    let put = app
        .put(&key, &format!("/v1/ingredients/{ing}"), richer)
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    wait_for_calories(&app, &key, &id, 1000.0).await;
    let rows = stored(app.pool.clone(), id.clone()).await;
    assert_eq!(
        rows[1].1.as_ref(),
        Some(&v2_label),
        "version 2 kept through the cascade"
    );
    assert_eq!(
        calories(&app.get(&key, &format!("{path}?version=2")).await),
        Some(800.0)
    );

    // A replay truncates the views: the label only the view held is kept first.
    let other = app
        .create_recipe(
            &key,
            json!({ "name": "Oat square", "servings": 1, "ingredients": [{ "ingredient_id": ing, "grams": 50 }] }),
        )
        .await;
    let other_id = other["id"].as_str().expect("recipe id").to_owned();
    let other_label = app.get(&key, &format!("/v1/recipes/{other_id}")).await.body["label"].clone();
    assert_eq!(
        stored(app.pool.clone(), other_id.clone()).await,
        vec![(1, None)]
    );
    sqlx::query("truncate recipe_view")
        .execute(&app.pool)
        .await
        .expect("truncate");
    assert_eq!(
        stored(app.pool.clone(), other_id.clone()).await,
        vec![(1, Some(other_label))],
        "copied before the truncate"
    );
    app.finish().await;
}
