//! The audit trail: every event records the request that wrote it, history shows it, and
//! `GET /v1/audit` streams the account's events as NDJSON or CSV with cursor paging.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{oat_paste, TestApp, TestDb};

async fn export(
    app: &TestApp,
    key: &str,
    query: &str,
    accept: &str,
) -> (StatusCode, String, String) {
    let response = app
        .http
        .get(format!("{}/v1/audit{query}", app.base))
        .bearer_auth(key)
        .header("accept", accept)
        .send()
        .await
        .expect("request");
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (
        status,
        content_type,
        response.text().await.unwrap_or_default(),
    )
}

fn lines(body: &str) -> Vec<Value> {
    body.lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[tokio::test]
async fn each_event_records_the_request_that_wrote_it_and_history_shows_it() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let created = app
        .call_with(
            Method::POST,
            &key,
            "/v1/recipes",
            Some(json!({ "name": "Scones", "servings": 4, "ingredients": [{ "name": "flour", "grams": 200 }] })),
            &[("x-request-id", "till-42")],
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let id = created.body["id"].as_str().unwrap_or_default().to_owned();
    // Without a client id the service makes one, returns it, and records that one.
    let updated = app
        .put(&key, &format!("/v1/recipes/{id}"), json!({ "servings": 6 }))
        .await;
    assert_eq!(updated.status, StatusCode::OK);
    let generated = updated
        .headers
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(!generated.is_empty());

    let history = app.get(&key, &format!("/v1/recipes/{id}/history")).await;
    let entries = history.body["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(entries.len(), 2, "{:?}", history.body);
    assert_eq!(entries[0]["request_id"], "till-42");
    assert_eq!(
        entries[0]["actor"].as_str().map(|a| a.starts_with("key:")),
        Some(true)
    );
    assert_eq!(entries[1]["request_id"], generated.as_str());
    app.finish().await;
}

#[tokio::test]
async fn the_audit_export_streams_the_accounts_events_with_cursors_filters_and_csv() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let other = app.business_key().await;
    let ing = app.create_ingredient(&key, oat_paste()).await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let mut recipes = Vec::new();
    for n in 0..3 {
        let r = app
            .create_recipe(&key, json!({ "name": format!("R{n}"), "servings": 2, "ingredients": [{ "ingredient_id": ing, "grams": 50 }] }))
            .await;
        recipes.push(r["id"].as_str().unwrap_or_default().to_owned());
    }
    let updated = app
        .put(
            &key,
            &format!("/v1/recipes/{}", recipes[0]),
            json!({ "servings": 3 }),
        )
        .await;
    assert_eq!(updated.status, StatusCode::OK);
    app.create_recipe(&other, json!({ "name": "Not yours", "servings": 1, "ingredients": [{ "name": "egg", "grams": 50 }] }))
        .await;

    // The export shows only what every follower of the log can see: a transaction still
    // open anywhere on the server (another test's) may hold the newest events back a moment.
    let (status, content_type, body) = app
        .eventually(
            Duration::from_secs(30),
            "all five events to be final",
            || async {
                let got = export(&app, &key, "", "application/x-ndjson").await;
                (got.2.lines().count() == 5).then_some(got)
            },
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(content_type, "application/x-ndjson");
    let all = lines(&body);
    assert_eq!(all.len(), 5, "{body}");
    assert!(all
        .iter()
        .all(|l| l["stream_id"] != "" && l["payload"].is_object()));
    assert!(
        !body.contains("Not yours"),
        "another account's events leak: {body}"
    );
    let positions: Vec<i64> = all.iter().filter_map(|l| l["position"].as_i64()).collect();
    let mut sorted = positions.clone();
    sorted.sort_unstable();
    assert_eq!(positions, sorted, "one writer's events come in log order");
    assert_eq!(all[0]["type"], "ingredient_created");
    assert_eq!(all[4]["type"], "recipe_updated");

    // Paging: two lines, then the rest from the last line's cursor.
    let (_, _, first) = export(&app, &key, "?limit=2", "application/x-ndjson").await;
    let first = lines(&first);
    assert_eq!(first.len(), 2);
    let cursor = first[1]["cursor"].as_str().unwrap_or_default().to_owned();
    let (_, _, rest) = export(&app, &key, &format!("?cursor={cursor}"), "").await;
    let rest = lines(&rest);
    assert_eq!(rest.len(), 3);
    assert_eq!(rest[0]["position"], all[2]["position"]);

    // Filters.
    let (_, _, only) = export(&app, &key, "?types=recipe_updated,ingredient_created", "").await;
    let only: Vec<String> = lines(&only)
        .iter()
        .filter_map(|l| l["type"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(only, ["ingredient_created", "recipe_updated"]);
    let (_, _, none) = export(&app, &key, "?to=2000-01-01T00:00:00Z", "").await;
    assert_eq!(none, "");
    let (_, _, since) = export(&app, &key, "?from=2000-01-01T00:00:00Z", "").await;
    assert_eq!(lines(&since).len(), 5);

    // CSV: a header and one row per event, the payload quoted JSON.
    let (status, content_type, csv) = export(&app, &key, "", "text/csv").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "text/csv; charset=utf-8");
    let rows: Vec<&str> = csv.split("\r\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(rows.len(), 6, "{csv}");
    assert_eq!(
        rows[0],
        "cursor,occurred_at,type,schema_version,stream_id,version,actor,request_id,payload"
    );
    assert!(
        rows[1].contains(",ingredient_created,1,") && rows[1].ends_with('"'),
        "{}",
        rows[1]
    );

    // Bad parameters are refused before anything streams.
    for query in [
        "?from=yesterday",
        "?types=DROP%20TABLE",
        "?limit=0",
        "?cursor=abc",
        "?when=now",
    ] {
        let reply = app.get(&key, &format!("/v1/audit{query}")).await;
        assert!(
            reply.status == StatusCode::UNPROCESSABLE_ENTITY
                || reply.status == StatusCode::BAD_REQUEST,
            "{query}: {:?}",
            reply.status
        );
        assert!(!reply.code().is_empty(), "{query}: {:?}", reply.body);
    }
    app.finish().await;
}

/// Peak resident memory of a process, in KiB (`VmHWM`).
fn peak_kib(child: &Child) -> u64 {
    std::fs::read_to_string(format!("/proc/{}/status", child.id()))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// 10,000 events of about 6 KB each (a 62 MB export). After exports of 2,000 and 5,000
/// events, the full one raises the server's peak memory by less than a quarter of its
/// size: held whole, its extra 5,000 events would add half of it. (Measured: 2 to 8 MB,
/// the allocator's noise, whatever the size; the peak stays flat from 4,000 events on.)
#[tokio::test]
async fn an_export_of_ten_thousand_events_streams_in_constant_memory() {
    let db = TestDb::create().await;
    let nls = env!("CARGO_BIN_EXE_nls");
    let migrated = Command::new(nls)
        .arg("migrate")
        .env("DATABASE_URL", &db.url)
        .output()
        .expect("migrate");
    assert!(migrated.status.success());
    let pool = sqlx::PgPool::connect(&db.url).await.expect("pool");
    let account = uuid::Uuid::now_v7();
    sqlx::query("insert into account (account_id, name, email, plan_id) values ($1, 'Audit', $2, 'business')")
        .bind(account)
        .bind(format!("{account}@example.com"))
        .execute(&pool)
        .await
        .expect("account");
    let key = nls_web::auth::generate_key();
    sqlx::query(
        "insert into api_key (key_id, account_id, key_hash, key_prefix) values ($1, $2, $3, $4)",
    )
    .bind(key.key_id)
    .bind(account)
    .bind(&key.hash)
    .bind(&key.prefix)
    .execute(&pool)
    .await
    .expect("key");
    // Ingredient streams of one event each, straight into the log.
    sqlx::query(
        "insert into event (event_id, stream_id, stream_version, event_type, schema_version,
                            payload, account_id, actor, correlation_id)
         select gen_random_uuid(), 'ing_audit' || g, 1, 'ingredient_created', 1,
                jsonb_build_object('name', 'Ingredient ' || g, 'notes', repeat('x', 6000)),
                $1, 'test', gen_random_uuid()
         from generate_series(1, 10000) g",
    )
    .bind(account)
    .execute(&pool)
    .await
    .expect("events");

    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("port");
    let tag = uuid::Uuid::new_v4().simple().to_string();
    let mut child = Command::new(nls)
        .args([
            "serve",
            "--role",
            "query",
            "--listen",
            &format!("127.0.0.1:{port}"),
        ])
        .env("DATABASE_URL", &db.url)
        .env("NATS_URL", crate::helpers::nats_url())
        .env("NLS_NATS_STREAM", format!("NLS_TEST_{tag}"))
        .env("NLS_NATS_PREFIX", format!("nlstest{tag}"))
        .env("NLS_RATE_LIMIT_PER_MINUTE", "1000000")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nls serve");
    let base = format!("http://127.0.0.1:{port}");
    let http = reqwest::Client::new();
    for _ in 0..200 {
        if http.get(format!("{base}/healthz")).send().await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let get = |query: &'static str| {
        let (http, base, key) = (http.clone(), base.clone(), key.clear.clone());
        async move {
            let mut response = http
                .get(format!("{base}/v1/audit{query}"))
                .bearer_auth(&key)
                .send()
                .await
                .expect("export");
            assert_eq!(response.status(), StatusCode::OK);
            let (mut bytes, mut lines) = (0usize, 0usize);
            while let Ok(Some(chunk)) = response.chunk().await {
                bytes += chunk.len();
                lines += chunk.iter().filter(|b| **b == b'\n').count();
            }
            (bytes, lines)
        }
    };
    // Warm up the process (connections, every thread's allocator) with several pages.
    let (_, warm) = get("?limit=2000").await;
    assert_eq!(warm, 2000);
    let (_, half) = get("?limit=5000").await;
    assert_eq!(half, 5000);
    let before = peak_kib(&child);
    let (bytes, count) = get("").await;
    let after = peak_kib(&child);
    let _ = child.kill();
    let _ = child.wait();
    let _ = Command::new(nls)
        .args(["stream", "delete", &format!("NLS_TEST_{tag}")])
        .env("NATS_URL", crate::helpers::nats_url())
        .output();
    assert_eq!(count, 10_000);
    assert!(bytes > 60_000_000, "{bytes}");
    let grown = after.saturating_sub(before) * 1024;
    assert!(
        grown < (bytes / 4) as u64,
        "peak memory grew by {grown} bytes for a {bytes}-byte export"
    );
    pool.close().await;
}

#[tokio::test]
async fn history_with_the_label_shows_what_each_change_printed_and_what_an_ingredient_caused() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let ing = app.create_ingredient(&key, oat_paste()).await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let uses = app
        .create_recipe(&key, json!({ "name": "Uses", "servings": 2, "ingredients": [{ "ingredient_id": ing, "grams": 100 }] }))
        .await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let other = app
        .create_recipe(&key, json!({ "name": "Other", "servings": 2, "ingredients": [{ "name": "egg", "grams": 100 }] }))
        .await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    // Changes what "Uses" prints; then one that prints nothing (cost); then the recipe.
    let edit = app
        .put(
            &key,
            &format!("/v1/ingredients/{ing}"),
            json!({ "nutrients_per_100g": { "calories": 250, "protein_g": 20 } }),
        )
        .await;
    assert_eq!(edit.status, StatusCode::OK, "{:?}", edit.body);
    let cost = app
        .put(
            &key,
            &format!("/v1/ingredients/{ing}"),
            json!({ "cost_per_unit": 3.5, "unit": "kg" }),
        )
        .await;
    assert_eq!(cost.status, StatusCode::OK, "{:?}", cost.body);
    let servings = app
        .put(
            &key,
            &format!("/v1/recipes/{uses}"),
            json!({ "servings": 4 }),
        )
        .await;
    assert_eq!(servings.status, StatusCode::OK);

    let history = app
        .get(&key, &format!("/v1/recipes/{uses}/history?include=label"))
        .await;
    assert_eq!(history.status, StatusCode::OK, "{:?}", history.body);
    let entries = history.body["data"].as_array().cloned().unwrap_or_default();
    let types: Vec<&str> = entries.iter().filter_map(|e| e["type"].as_str()).collect();
    assert_eq!(
        types,
        ["recipe_created", "label.recomputed", "recipe_updated"],
        "{entries:?}"
    );
    assert_eq!(entries[0]["label_changes"][0]["field"], "label");
    let recomputed = &entries[1];
    assert_eq!(recomputed["cause"]["type"], "ingredient_updated");
    assert_eq!(recomputed["cause"]["id"], ing.as_str());
    assert_eq!(recomputed["cause"]["version"], 2);
    assert_eq!(recomputed["version"], 1, "the recipe was at version 1 then");
    let fields: Vec<&str> = recomputed["label_changes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["field"].as_str())
        .collect();
    assert!(fields.contains(&"display.calories"), "{fields:?}");
    assert!(fields.contains(&"display.protein_g"), "{fields:?}");
    let calories = recomputed["label_changes"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["field"] == "display.calories")
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        (calories["before"].clone(), calories["after"].clone()),
        (json!("200"), json!("130")),
        "{calories}"
    );
    let by_servings: Vec<&str> = entries[2]["label_changes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["field"].as_str())
        .collect();
    assert!(
        by_servings.contains(&"display.servings_per_container"),
        "{by_servings:?}"
    );

    // A recipe that does not use the ingredient gets no entry from it.
    let untouched = app
        .get(&key, &format!("/v1/recipes/{other}/history?include=label"))
        .await;
    let types: Vec<&str> = untouched.body["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["type"].as_str())
        .collect();
    assert_eq!(types, ["recipe_created"]);
    // Only a recipe has a label, and `include` takes only `label`.
    for path in [
        format!("/v1/ingredients/{ing}/history?include=label"),
        format!("/v1/recipes/{uses}/history?include=cost"),
    ] {
        let reply = app.get(&key, &path).await;
        assert_eq!(
            reply.code(),
            "validation_failed",
            "{path}: {:?}",
            reply.body
        );
    }
    app.finish().await;
}
