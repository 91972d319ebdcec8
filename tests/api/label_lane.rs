//! The label-file lane (`src/label_lane.rs`): a label file held in memory is answered
//! before the general stack, and exactly as the general way answers it: same status,
//! headers and bytes, counted once by the rate limiter, refused for an exhausted bucket or
//! a revoked key.

use reqwest::StatusCode;
use tokio::process::Command;

use crate::helpers::nats_url;
use crate::labels::{fetch, oat_recipe, File};
use crate::limits::limited_app;

/// Headers whose values differ between any two responses (the clock, the bucket, the id).
const VARYING: &[&str] = &[
    "date",
    "ratelimit-remaining",
    "ratelimit-reset",
    "x-request-id",
];

fn remaining(file: &File) -> i64 {
    file.header("ratelimit-remaining").parse().unwrap_or(-1)
}

/// Same status, bytes, header names, and values of every header but [`VARYING`].
fn assert_same_answer(lane: &File, general: &File, what: &str) {
    assert_eq!(lane.status, general.status, "{what}");
    assert_eq!(lane.bytes, general.bytes, "{what}");
    let names = |file: &File| {
        let mut names: Vec<String> = file.headers.keys().map(|n| n.to_string()).collect();
        names.sort();
        names
    };
    assert_eq!(names(lane), names(general), "{what}");
    for (name, value) in &lane.headers {
        if !VARYING.contains(&name.as_str()) {
            assert_eq!(Some(value), general.headers.get(name), "{what}: {name}");
        }
    }
}

#[tokio::test]
async fn a_label_file_from_memory_is_answered_as_the_general_way_answers_it() {
    // 30 a minute: every request takes one from the bucket (no lease of several), which
    // refills one every 2 s, so a request counted twice shows.
    let (app, _) = limited_app(30, 0).await;
    let key = app.business_key().await;
    let (id, _) = oat_recipe(&app, &key).await;
    let mut answers = Vec::new();
    for file in ["label.png", "label.svg", "label.pdf"] {
        let path = format!("/v1/recipes/{id}/{file}");
        // Not in memory yet: the lane counts it and hands it on, and it is drawn.
        let drawn = fetch(&app, &key, &path, &[]).await;
        assert_eq!(drawn.status, StatusCode::OK, "{file}");
        // From memory, by the lane (no query) and by the general way (a no-op parameter).
        let lane = fetch(&app, &key, &path, &[("x-request-id", "lane-1")]).await;
        let general = fetch(
            &app,
            &key,
            &format!("{path}?strict=false"),
            &[("x-request-id", "general-1")],
        )
        .await;
        assert_eq!(lane.status, StatusCode::OK, "{file}");
        assert_same_answer(&lane, &general, file);
        assert_eq!(lane.bytes, drawn.bytes, "{file}");
        assert_eq!(lane.header("x-request-id"), "lane-1");
        assert_eq!(general.header("x-request-id"), "general-1");
        // Without one, a fresh id, as the general way makes them.
        let fresh = fetch(&app, &key, &path, &[]).await;
        assert_eq!(fresh.header("x-request-id").len(), 36, "{file}");
        assert!(!fresh.header("ratelimit-limit").is_empty());
        // The client's copy is current, either way.
        let etag = lane.header("etag").to_owned();
        let lane_304 = fetch(&app, &key, &path, &[("if-none-match", &etag)]).await;
        let general_304 = fetch(
            &app,
            &key,
            &format!("{path}?strict=false"),
            &[("if-none-match", &etag)],
        )
        .await;
        assert_eq!(lane_304.status, StatusCode::NOT_MODIFIED, "{file}");
        assert_same_answer(&lane_304, &general_304, &format!("{file}, 304"));
        answers.extend([drawn, lane, general, fresh, lane_304, general_304]);
    }
    // Each request was counted once, those the lane handed on (the drawings) included:
    // the bucket went down by one per request, at most (less when it refilled meanwhile).
    for (at, pair) in answers.windows(2).enumerate() {
        let step = remaining(&pair[0]) - remaining(&pair[1]);
        assert!((0..=1).contains(&step), "request {at}: {step}");
    }
    // Another account's recipe is not served by the lane either.
    let stranger = app.business_key().await;
    let refused = fetch(&app, &stranger, &format!("/v1/recipes/{id}/label.png"), &[]).await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND);
    app.finish().await;
}

#[tokio::test]
async fn the_lane_refuses_an_exhausted_bucket_and_a_revoked_key() {
    // Six requests a minute: an ingredient, a recipe, a drawing, then three from memory.
    let (app, _) = limited_app(6, 0).await;
    let key = app.business_key().await;
    let (id, _) = oat_recipe(&app, &key).await;
    let path = format!("/v1/recipes/{id}/label.png");
    for i in 0..4 {
        assert_eq!(
            fetch(&app, &key, &path, &[]).await.status,
            StatusCode::OK,
            "request {i}"
        );
    }
    let refused = fetch(&app, &key, &path, &[]).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.code(), "rate_limited");
    assert_eq!(refused.header("ratelimit-remaining"), "0");

    // A key whose file the lane has served is refused once revoked.
    let other = app.business_key().await;
    let (other_id, _) = oat_recipe(&app, &other).await;
    let other_path = format!("/v1/recipes/{other_id}/label.png");
    for _ in 0..2 {
        assert_eq!(
            fetch(&app, &other, &other_path, &[]).await.status,
            StatusCode::OK
        );
    }
    // Waited for without blocking the runtime this test's server runs on: the revoke
    // returns once that server has acknowledged it.
    let revoked = Command::new(env!("CARGO_BIN_EXE_nls"))
        .args(["key", "revoke", &other])
        .env("DATABASE_URL", &app.db.url)
        .env("NATS_URL", nats_url())
        .output()
        .await
        .expect("nls runs");
    assert!(revoked.status.success(), "{revoked:?}");
    let after = fetch(&app, &other, &other_path, &[]).await;
    assert_eq!(after.status, StatusCode::UNAUTHORIZED);
    app.finish().await;
}
