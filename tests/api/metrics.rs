//! `/metrics`: request counters by route template, label files by source, gauges; never
//! naming an account, key or recipe. Here on the one listener (no `NLS_ADMIN_LISTEN`);
//! tests/api/admin_listen.rs has it on the admin address.

use reqwest::{Method, StatusCode};

use crate::helpers::TestApp;
use crate::labels::{fetch, oat_recipe};
use crate::limits::limited_app;

/// The value of the sample line that starts with `series` (its full name and labels).
fn sample(page: &str, series: &str) -> Option<f64> {
    page.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .and_then(|value| value.parse().ok())
}

async fn scrape(app: &TestApp) -> String {
    let page = fetch(app, "", "/metrics", &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        page.header("content-type"),
        "text/plain; version=0.0.4; charset=utf-8"
    );
    page.text()
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_label_files_by_source() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, _) = oat_recipe(&app, &key).await;
    let file = format!("/v1/recipes/{id}/label.svg");
    for _ in 0..2 {
        assert_eq!(fetch(&app, &key, &file, &[]).await.status, StatusCode::OK);
    }
    let missing = app
        .get(&key, "/v1/recipes/rcp_0000000000000000000000000000")
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get(&key, "/nowhere").await.status,
        StatusCode::NOT_FOUND
    );

    let page = scrape(&app).await;
    let requests = |route: &str, method: &str, status: u16| {
        sample(
            &page,
            &format!("nls_http_requests_total{{route=\"{route}\",method=\"{method}\",status=\"{status}\"}}"),
        )
    };
    assert_eq!(requests("/v1/recipes", "POST", 201), Some(1.0), "{page}");
    assert_eq!(
        requests("/v1/ingredients", "POST", 201),
        Some(1.0),
        "{page}"
    );
    assert_eq!(
        requests("/v1/recipes/{id}/{file}", "GET", 200),
        Some(2.0),
        "{page}"
    );
    assert_eq!(
        requests("/v1/recipes/{id}", "GET", 404),
        Some(1.0),
        "{page}"
    );
    let file_route = "route=\"/v1/recipes/{id}/{file}\",method=\"GET\"";
    assert_eq!(
        sample(
            &page,
            &format!("nls_http_request_duration_seconds_count{{{file_route}}}")
        ),
        Some(2.0)
    );
    assert_eq!(
        sample(
            &page,
            &format!("nls_http_request_duration_seconds_bucket{{{file_route},le=\"+Inf\"}}")
        ),
        Some(2.0)
    );
    // The first request drew the file, the second found it in memory.
    assert_eq!(
        sample(&page, "nls_label_files_served_total{source=\"drawn\"}"),
        Some(1.0)
    );
    assert_eq!(
        sample(&page, "nls_label_files_served_total{source=\"memory\"}"),
        Some(1.0)
    );
    assert_eq!(
        sample(&page, "nls_http_unmatched_requests_total"),
        Some(1.0)
    );
    assert!(sample(&page, "nls_events_unpublished").is_some(), "{page}");
    assert!(sample(&page, "nls_db_pool_connections").is_some_and(|n| n >= 1.0));
    // Public, and about no tenant.
    assert!(!page.contains(&id) && !page.contains(&key), "{page}");
    app.finish().await;
}

#[tokio::test]
async fn refusals_of_the_rate_limit_are_counted() {
    let (app, _) = limited_app(3, 0).await;
    let key = app.business_key().await;
    let mut refused = false;
    for _ in 0..5 {
        if app
            .call(Method::GET, &key, "/v1/recipes", None)
            .await
            .status
            == StatusCode::TOO_MANY_REQUESTS
        {
            refused = true;
            break;
        }
    }
    assert!(refused, "the limit was reached");
    let page = scrape(&app).await;
    assert_eq!(
        sample(&page, "nls_http_rate_limited_total"),
        Some(1.0),
        "{page}"
    );
    assert_eq!(
        sample(
            &page,
            "nls_http_requests_total{route=\"/v1/recipes\",method=\"GET\",status=\"200\"}"
        ),
        Some(3.0),
        "{page}"
    );
    app.finish().await;
}
