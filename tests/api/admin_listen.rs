//! `NLS_ADMIN_LISTEN` (issue 28, item 7): `/metrics` and the detailed `/readyz` on the
//! admin address only; the public listener answers `/metrics` with the JSON 404 and
//! `/readyz` with its status alone. (Without it, tests/api/metrics.rs scrapes the one
//! listener.)

use std::net::SocketAddr;

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{nats_url, TestApp};

async fn get(base: &str, path: &str) -> (StatusCode, String, String) {
    let response = reqwest::get(format!("{base}{path}"))
        .await
        .expect("request reaches the server");
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    (
        status,
        content_type,
        response.text().await.unwrap_or_default(),
    )
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| panic!("not JSON: {text}"))
}

#[tokio::test]
async fn metrics_and_readiness_details_are_served_on_the_admin_address_only() {
    let app = TestApp::spawn_configured(nats_url(), |config| {
        config.admin_listen = Some(SocketAddr::from(([127, 0, 0, 1], 0)));
    })
    .await;
    let admin = app
        .server
        .as_ref()
        .and_then(|server| server.admin_addr())
        .map(|address| format!("http://{address}"))
        .expect("an admin listener");
    assert_ne!(admin, app.base);
    let key = app.business_key().await;
    assert_eq!(app.get(&key, "/v1/recipes").await.status, StatusCode::OK);

    // The admin address: Prometheus text, counting the public listener's requests.
    let (status, content_type, page) = get(&admin, "/metrics").await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(content_type, "text/plain; version=0.0.4; charset=utf-8");
    assert!(
        page.contains("# TYPE nls_http_requests_total counter"),
        "{page}"
    );
    assert!(
        page.contains(
            "nls_http_requests_total{route=\"/v1/recipes\",method=\"GET\",status=\"200\"} 1"
        ),
        "{page}"
    );
    let (_, _, ready) = get(&admin, "/readyz").await;
    let ready = json(&ready);
    assert!(ready["postgres"].is_boolean(), "{ready}");
    assert!(ready.get("unpublished_events").is_some(), "{ready}");
    let (status, _, _) = get(&admin, "/healthz").await;
    assert_eq!(status, StatusCode::OK);
    // Nothing else is there: no API on the admin address.
    let (status, _, body) = get(&admin, "/v1/recipes").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(json(&body)["error"]["code"], "not_found");

    // The public address: /metrics is an unknown path; /readyz says its status only.
    let (status, content_type, body) = get(&app.base, "/metrics").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    assert_eq!(json(&body)["error"]["code"], "not_found");
    let (status, _, body) = get(&app.base, "/readyz").await;
    let brief = json(&body);
    let keys: Vec<&String> = brief
        .as_object()
        .map(|o| o.keys().collect())
        .unwrap_or_default();
    assert_eq!(keys, ["status"], "{brief}");
    assert_eq!(
        status == StatusCode::OK,
        brief["status"] == "ready",
        "{status}: {brief}"
    );
    let (status, _, _) = get(&app.base, "/healthz").await;
    assert_eq!(status, StatusCode::OK);
    app.finish().await;
}
