//! `POST /v1/imports` (issue 29, item 4): recipes from a CSV file or an .xlsx sheet, all or
//! nothing, with a dry run, per-row problems, bounds and `Idempotency-Key`.

use std::time::Instant;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{oat_paste, Reply, TestApp};

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async fn import(
    app: &TestApp,
    key: &str,
    query: &str,
    content_type: &str,
    body: Vec<u8>,
    headers: &[(&str, &str)],
) -> Reply {
    let mut request = app
        .http
        .post(format!("{}/v1/imports{query}", app.base))
        .bearer_auth(key)
        .header("content-type", content_type)
        .body(body);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("request reaches the server");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.bytes().await.expect("body readable");
    Reply {
        status,
        headers,
        body: serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| json!({ "raw": String::from_utf8_lossy(&bytes) })),
    }
}

async fn csv(app: &TestApp, key: &str, query: &str, text: &str) -> Reply {
    import(app, key, query, "text/csv", text.as_bytes().to_vec(), &[]).await
}

/// Events in the log and recipes in the view: what an import that creates nothing leaves.
async fn written(app: &TestApp) -> (i64, i64) {
    let events: i64 = sqlx::query_scalar("select count(*) from event")
        .fetch_one(&app.pool)
        .await
        .expect("count events");
    let recipes: i64 = sqlx::query_scalar("select count(*) from recipe_view")
        .fetch_one(&app.pool)
        .await
        .expect("count recipes");
    (events, recipes)
}

const TWO_RECIPES: &str = "recipe,servings,ingredient,grams,label_format\n\
    Pancakes,4,all-purpose flour,250,standard\n\
    Pancakes,4,milk,300,\n\
    Pancakes,4,egg,100,\n\
    Banana loaf,8,banana,300,\n\
    Banana loaf,,fooddb:168894,250,\n";

fn problem_at(reply: &Reply, row: u64) -> Option<&Value> {
    reply.body["error"]["details"]
        .as_array()?
        .iter()
        .find(|p| p["row"] == row)
}

#[tokio::test]
async fn a_dry_run_answers_each_recipe_with_its_label_and_writes_nothing() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let before = written(&app).await;

    let reply = csv(&app, &key, "?dry_run=true", TWO_RECIPES).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    assert_eq!(reply.body["dry_run"], true);
    assert_eq!(reply.body["rows"], 5);
    assert_eq!(reply.body["problems"], json!([]));
    let recipes = reply.body["recipes"].as_array().expect("recipes");
    assert_eq!(recipes.len(), 2);
    assert_eq!(recipes[0]["name"], "Pancakes");
    assert_eq!(
        (
            recipes[0]["first_row"].clone(),
            recipes[0]["last_row"].clone()
        ),
        (json!(2), json!(4))
    );
    assert_eq!(
        (
            recipes[1]["first_row"].clone(),
            recipes[1]["last_row"].clone()
        ),
        (json!(5), json!(6))
    );
    assert!(recipes.iter().all(|r| r.get("id").is_none()), "{recipes:?}");
    // Each line with its row, as the file gives it, and what it resolved to.
    let loaf = recipes[1]["lines"].as_array().expect("lines");
    assert_eq!(loaf.len(), 2, "{loaf:?}");
    assert_eq!(loaf[0]["row"], 5);
    assert_eq!(loaf[0]["ingredient"], "banana");
    assert!(
        loaf[0]["ingredient_id"]
            .as_str()
            .is_some_and(|id| id.starts_with("fooddb:")),
        "{loaf:?}"
    );
    assert_eq!(
        (
            loaf[1]["row"].clone(),
            loaf[1]["ingredient"].clone(),
            loaf[1]["ingredient_id"].clone(),
            loaf[1]["grams"].clone()
        ),
        (
            json!(6),
            json!("fooddb:168894"),
            json!("fooddb:168894"),
            json!(250.0)
        )
    );

    // The preview's label is the one the create computes.
    let created = app
        .create_recipe(
            &key,
            json!({"name": "Pancakes", "servings": 4, "label_format": "standard", "ingredients": [
                {"name": "all-purpose flour", "grams": 250}, {"name": "milk", "grams": 300},
                {"name": "egg", "grams": 100}]}),
        )
        .await;
    assert_eq!(
        recipes[0]["label"]["calories"],
        created["label"]["calories"]
    );
    assert!(recipes[0]["label"]["calories"].as_f64().unwrap_or(0.0) > 100.0);

    // Nothing but that one create was written: no event, no recipe from the dry run.
    let after = written(&app).await;
    assert_eq!(after, (before.0 + 1, before.1 + 1));
    let list = app.get(&key, "/v1/recipes").await;
    assert_eq!(list.body["data"].as_array().map(Vec::len), Some(1));
    app.finish().await;
}

#[tokio::test]
async fn an_import_creates_every_recipe_in_one_go() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let paste = app.create_ingredient(&key, oat_paste()).await;
    let paste_id = paste["id"].as_str().expect("id");
    let file = format!("{TWO_RECIPES}Bars,2,{paste_id},100,\nBars,2,Oat paste,50,\n");

    let reply = csv(&app, &key, "", &file).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
    let recipes = reply.body["recipes"].as_array().expect("recipes").clone();
    assert_eq!(recipes.len(), 3);
    for recipe in &recipes {
        assert!(
            recipe.get("lines").is_none(),
            "a dry run's preview only: {recipe:?}"
        );
        let id = recipe["id"].as_str().expect("id");
        assert_eq!(recipe["location"], format!("/v1/recipes/{id}"));
        let stored = app.get(&key, &format!("/v1/recipes/{id}")).await;
        assert_eq!(stored.status, StatusCode::OK);
        assert_eq!(stored.body["name"], recipe["name"]);
        assert!(stored.body["label"].is_object(), "{:?}", stored.body);
    }
    let bars = app
        .get(
            &key,
            &format!("/v1/recipes/{}", recipes[2]["id"].as_str().unwrap_or("")),
        )
        .await;
    // Both lines are the custom ingredient: by id and by its name.
    let lines = bars.body["ingredients"].as_array().expect("lines");
    assert!(
        lines.iter().all(|l| l["ingredient_id"] == paste_id),
        "{lines:?}"
    );
    assert_eq!(bars.body["label"]["calories"], 300.0);
    // The events reach the projector and the relay as a create's do.
    app.eventually(std::time::Duration::from_secs(10), "projection", || async {
        (app.streams_behind().await == 0).then_some(())
    })
    .await;
    app.finish().await;
}

#[tokio::test]
async fn a_bad_row_names_its_row_and_field_and_nothing_is_created() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let file = "recipe,servings,ingredient,grams\n\
        Pancakes,4,all-purpose flour,250\n\
        Pancakes,4,milk,-3\n\
        Cake,two,egg,100\n";
    let reply = csv(&app, &key, "", file).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{:?}", reply.body);
    assert_eq!(reply.code(), "validation_failed");
    let grams = problem_at(&reply, 3).expect("row 3");
    assert_eq!(grams["field"], "grams");
    let servings = problem_at(&reply, 4).expect("row 4");
    assert_eq!(servings["field"], "servings");
    assert!(reply.body["error"]["message"]
        .as_str()
        .unwrap_or("")
        .contains("nothing was imported"));
    assert_eq!(written(&app).await, (0, 0));

    // The dry run lists the same problems, with 200, and the good recipe's label.
    let dry = csv(&app, &key, "?dry_run=true", file).await;
    assert_eq!(dry.status, StatusCode::OK);
    assert_eq!(dry.body["problems"], reply.body["error"]["details"]);
    assert_eq!(written(&app).await, (0, 0));
    app.finish().await;
}

#[tokio::test]
async fn the_rows_of_a_recipe_must_be_together() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let file = "recipe,servings,ingredient,grams\n\
        Pancakes,4,all-purpose flour,250\n\
        Cake,2,egg,100\n\
        Pancakes,4,milk,300\n";
    let reply = csv(&app, &key, "", file).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{:?}", reply.body);
    let back = problem_at(&reply, 4).expect("row 4");
    assert_eq!(back["field"], "recipe");
    assert!(back["problem"].as_str().unwrap_or("").contains("together"));
    assert_eq!(written(&app).await, (0, 0));
    app.finish().await;
}

#[tokio::test]
async fn an_unknown_ingredient_is_a_problem_of_every_row_naming_it() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let file = "recipe,servings,ingredient,grams\n\
        Pancakes,4,all-purpose flour,250\n\
        Pancakes,4,qqzzxx unobtainium,10\n\
        Cake,2,egg,100\n\
        Cake,2,qqzzxx unobtainium,5\n\
        Cake,2,ing_0190b3a0c1f87000a000000000000000,5\n";
    let reply = csv(&app, &key, "", file).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{:?}", reply.body);
    for row in [3, 5, 6] {
        let problem =
            problem_at(&reply, row).unwrap_or_else(|| panic!("row {row}: {:?}", reply.body));
        assert_eq!(problem["field"], "ingredient");
        assert_eq!(problem["code"], "unknown_ingredient");
    }
    assert!(problem_at(&reply, 2).is_none());
    assert_eq!(written(&app).await, (0, 0));
    app.finish().await;
}

#[tokio::test]
async fn a_retry_with_the_same_key_creates_nothing_twice() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let headers = [("idempotency-key", "import-1")];
    let body = TWO_RECIPES.as_bytes().to_vec();
    let first = import(&app, &key, "", "text/csv", body.clone(), &headers).await;
    assert_eq!(first.status, StatusCode::CREATED, "{:?}", first.body);
    let after_first = written(&app).await;
    assert_eq!(after_first.1, 2);

    let again = import(&app, &key, "", "text/csv", body, &headers).await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.body, first.body, "the first answer, replayed");
    assert_eq!(written(&app).await, after_first);

    let other = format!("{TWO_RECIPES}Soup,2,milk,100\n");
    let refused = import(&app, &key, "", "text/csv", other.into_bytes(), &headers).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(refused.code(), "idempotency_key_reused");
    assert_eq!(written(&app).await, after_first);
    app.finish().await;
}

/// 10,000 rows (the limit): 500 recipes of 20 lines, by name and by id.
#[tokio::test]
async fn ten_thousand_rows_are_imported_within_the_limits() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let mut file = String::from("recipe,servings,ingredient,grams,serving_weight_g\n");
    let foods = [
        "all-purpose flour",
        "milk",
        "egg",
        "banana",
        "fooddb:168894",
    ];
    for r in 0..500 {
        for l in 0..20 {
            let weight = if l == 0 { "50" } else { "" };
            file.push_str(&format!(
                "Recipe number {r:03},10,{},{},{weight}\n",
                foods[(r + l) % foods.len()],
                10 + l
            ));
        }
    }
    assert!(
        file.len() < nls_web::BODY_LIMIT_BYTES,
        "{} bytes",
        file.len()
    );

    let started = Instant::now();
    let dry = csv(&app, &key, "?dry_run=true", &file).await;
    let dry_took = started.elapsed();
    assert_eq!(dry.status, StatusCode::OK, "{:?}", dry.body["error"]);
    assert_eq!(dry.body["rows"], 10_000);
    assert_eq!(dry.body["problems"], json!([]));

    let started = Instant::now();
    let reply = csv(&app, &key, "", &file).await;
    let took = started.elapsed();
    assert_eq!(
        reply.status,
        StatusCode::CREATED,
        "{:?}",
        reply.body["error"]
    );
    assert_eq!(reply.body["recipes"].as_array().map(Vec::len), Some(500));
    assert_eq!(written(&app).await, (500, 500));
    eprintln!(
        "10,000 rows ({} bytes): dry run {dry_took:?}, import {took:?}",
        file.len()
    );

    // One row more is refused before anything is read from the database.
    file.push_str("Recipe number 999,1,milk,1,\n");
    let refused = csv(&app, &key, "", &file).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(refused.body["error"]["message"]
        .as_str()
        .unwrap_or("")
        .contains("10000"));
    app.finish().await;
}

#[tokio::test]
async fn an_xlsx_sheet_imports_like_its_csv() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    let rows: [[&str; 4]; 4] = [
        ["Recipe", "Grams", "Ingredient", "Servings"],
        ["Pancakes", "250", "all-purpose flour", "4"],
        ["Pancakes", "300", "milk", ""],
        ["Pancakes", "100", "egg", ""],
    ];
    for (r, row) in rows.iter().enumerate() {
        for (c, value) in row.iter().enumerate() {
            let (r, c) = (r as u32, c as u16);
            if value.is_empty() {
                continue;
            }
            match value.parse::<f64>() {
                Ok(n) => sheet.write_number(r, c, n).map(|_| ()),
                Err(_) => sheet.write_string(r, c, *value).map(|_| ()),
            }
            .expect("cell written");
        }
    }
    let bytes = book.save_to_buffer().expect("workbook");
    let dry = import(&app, &key, "?dry_run=true", XLSX, bytes.clone(), &[]).await;
    assert_eq!(dry.status, StatusCode::OK, "{:?}", dry.body);
    let from_csv = csv(
        &app,
        &key,
        "?dry_run=true",
        "recipe,servings,ingredient,grams\nPancakes,4,all-purpose flour,250\nPancakes,,milk,300\nPancakes,,egg,100\n",
    )
    .await;
    assert_eq!(dry.body["recipes"], from_csv.body["recipes"]);

    let reply = import(&app, &key, "", XLSX, bytes, &[]).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
    assert_eq!(written(&app).await, (1, 1));

    // Not a workbook, or another media type: refused, nothing written.
    let broken = import(&app, &key, "", XLSX, b"not a zip".to_vec(), &[]).await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST);
    let json_body = import(&app, &key, "", "application/json", b"{}".to_vec(), &[]).await;
    assert_eq!(json_body.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(written(&app).await, (1, 1));
    app.finish().await;
}

/// Plan rules hold per recipe: a format above the plan is a problem of its recipe's row,
/// with the code a single create answers, and the import counts against the rate limit.
#[tokio::test]
async fn formats_above_the_plan_are_row_problems_and_the_import_is_rate_counted() {
    let app = TestApp::spawn().await;
    let (_, free) = app.account("free", true).await;
    let file = "recipe,servings,ingredient,grams,label_format\n\
        Sugar water,1,sugar,100,standard\n\
        Sucre,1,sugar,100,eu-1169\n\
        Zucker,1,sugar,100,klingon\n";
    let reply = csv(&app, &free, "", file).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{:?}", reply.body);
    let above = problem_at(&reply, 3).expect("row 3");
    assert_eq!(above["field"], "label_format");
    assert_eq!(above["code"], "plan_format_not_allowed");
    let unknown = problem_at(&reply, 4).expect("row 4");
    assert_eq!(unknown["field"], "label_format");
    assert_eq!(unknown["code"], "unknown_label_format");
    assert!(problem_at(&reply, 2).is_none());
    assert!(reply.headers.contains_key("ratelimit-remaining"));
    assert_eq!(written(&app).await, (0, 0));
    app.finish().await;
}
