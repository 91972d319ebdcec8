//! deploy/backup.sh and deploy/restore.sh: a backup restored into an empty database
//! replays to the checksum of the live read models, keeps accounts and keys working, and
//! takes new writes after the restored log.

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use nls::config::ServeConfig;
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{nats_url, oat_paste, private_nats, TestApp, TestDb};

fn script(name: &str, database_url: &str, args: &[&str]) -> Output {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("deploy")
        .join(name);
    Command::new("bash")
        .arg(path)
        .args(args)
        .env("DATABASE_URL", database_url)
        .env("NLS_BIN", env!("CARGO_BIN_EXE_nls"))
        .output()
        .expect("the script runs")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[tokio::test]
async fn a_backup_restores_into_an_empty_database_and_replays_to_the_same_checksum() {
    let mut app = TestApp::spawn().await;
    let key = app.business_key().await;
    let ing = app.create_ingredient(&key, oat_paste()).await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let base = app
        .create_recipe(&key, json!({ "name": "Base", "servings": 2, "ingredients": [{ "ingredient_id": ing, "grams": 100 }, { "name": "sugar", "grams": 20 }] }))
        .await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let top = app
        .create_recipe(&key, json!({ "name": "Top", "servings": 4, "ingredients": [{ "ingredient_id": base, "grams": 60 }, { "name": "egg", "grams": 50 }] }))
        .await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let edited = app
        .put(
            &key,
            &format!("/v1/ingredients/{ing}"),
            json!({ "nutrients_per_100g": { "calories": 250, "protein_g": 20 } }),
        )
        .await;
    assert_eq!(edited.status, StatusCode::OK, "{:?}", edited.body);
    app.eventually(
        Duration::from_secs(30),
        "the projections to finish",
        || async { (app.streams_behind().await == 0).then_some(()) },
    )
    .await;
    let label_before = app.get(&key, &format!("/v1/recipes/{top}")).await.body["label"].clone();
    assert_eq!(
        label_before["protein_g"], 4.0,
        "the edit reached Top: {label_before}"
    );
    app.stop().await;
    let live = nls_readmodel::replay::summarize(&app.pool)
        .await
        .expect("summary of the source");

    let dump = std::env::temp_dir().join(format!("nls-backup-{}.dump", uuid::Uuid::new_v4()));
    let dump_arg = dump.to_str().unwrap_or_default();
    let backup = script("backup.sh", &app.db.url, &[dump_arg]);
    assert!(backup.status.success(), "{}", text(&backup));
    assert!(dump.metadata().map(|m| m.len()).unwrap_or(0) > 0);

    let target = TestDb::create().await;
    let restore = script("restore.sh", &target.url, &[dump_arg]);
    let restored = text(&restore);
    assert!(restore.status.success(), "{restored}");
    assert!(
        restored.contains(&format!("checksum: {}", live.checksum)),
        "the replay of the restored log must give the source's checksum {}: {restored}",
        live.checksum
    );
    assert!(restored.contains("recipes: 2"), "{restored}");
    assert!(
        restored.contains(&format!("events: {}", live.events)),
        "{restored}"
    );

    // A second restore into the now populated database is refused and changes nothing.
    let again = script("restore.sh", &target.url, &[dump_arg]);
    assert!(!again.status.success(), "{}", text(&again));
    assert!(text(&again).contains("not empty"), "{}", text(&again));

    // The restored service: the same key reads the same label and new writes follow the
    // restored log (the event sequence and transaction ids were carried over safely).
    let nats = private_nats(&nats_url());
    let mut config = ServeConfig::new(target.url.clone(), nats.clone());
    config.db_pool_size = 4;
    config.rate_limit_per_minute = Some(1_000_000);
    let server = nls::serve::start(config)
        .await
        .expect("restored server starts");
    let base_url = format!("http://{}", server.local_addr());
    let http = reqwest::Client::new();
    let got: serde_json::Value = http
        .get(format!("{base_url}/v1/recipes/{top}"))
        .bearer_auth(&key)
        .send()
        .await
        .expect("request")
        .json()
        .await
        .expect("json");
    assert_eq!(got["label"], label_before, "{got}");
    let created = http
        .post(format!("{base_url}/v1/recipes"))
        .bearer_auth(&key)
        .json(&json!({ "name": "After restore", "servings": 1, "ingredients": [{ "ingredient_id": ing, "grams": 10 }] }))
        .send()
        .await
        .expect("request");
    assert_eq!(created.status(), StatusCode::CREATED);
    let created: serde_json::Value = created.json().await.expect("json");
    let pool = sqlx::PgPool::connect(&target.url).await.expect("pool");
    let (position, stream_id): (i64, String) = sqlx::query_as(
        "select position, stream_id from event order by txid desc, position desc limit 1",
    )
    .fetch_one(&pool)
    .await
    .expect("newest event");
    assert_eq!(
        created["id"].as_str(),
        Some(stream_id.as_str()),
        "the new write comes after every restored event in the log's (txid, position) order"
    );
    assert!(
        position > live.events,
        "{position} must follow the restored positions"
    );
    // Restored events carry the restoring transaction's id, not the source cluster's,
    // which may be higher than anything the target will ever assign.
    let restored_txids: i64 =
        sqlx::query_scalar("select count(distinct txid) from event where stream_id <> $1")
            .bind(&stream_id)
            .fetch_one(&pool)
            .await
            .expect("txids");
    assert_eq!(restored_txids, 1);
    pool.close().await;
    server.shutdown().await;
    if let Ok(client) = async_nats::connect(nats.url.as_str()).await {
        let _ = async_nats::jetstream::new(client)
            .delete_stream(&nats.stream)
            .await;
    }
    let _ = std::fs::remove_file(&dump);
    app.finish().await;
}
