//! `GET /metrics`: the request counters of [`nls_web::metrics`] plus gauges read when the
//! page is scraped. Nothing on it names an account, key or recipe; still, it is served on
//! the admin listener alone when one is configured (`crate::admin_listen`).

use axum::extract::{FromRef, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use nls_renderer::embed::Hub;
use nls_renderer::label_index::LabelIndex;
use nls_web::metrics::Metrics;

use crate::health::Readiness;

/// What the page reads.
#[derive(Clone)]
pub struct MetricsPage {
    pub metrics: Metrics,
    pub readiness: Readiness,
    pub hub: Hub,
    pub labels: LabelIndex,
}

/// The media type of the Prometheus text format.
const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Counters and gauges in the Prometheus text format
///
/// Requests by route template, method and status, with latency histograms; requests no
/// route serves and requests the rate limit refused; label files served by source (memory,
/// database, drawn); gauges for unpublished events, embed streams, the label index and the
/// database pool. Labels never carry an id, an account or a key.
#[utoipa::path(get, path = "/metrics", tag = "Operations", operation_id = "metrics",
    responses((status = 200, description = "Prometheus text format 0.0.4.", content_type = "text/plain", body = String)))]
pub async fn metrics<S>(State(state): State<S>) -> Response
where
    MetricsPage: FromRef<S>,
{
    let page = MetricsPage::from_ref(&state);
    let pool = &page.readiness.pool;
    let mut gauges: Vec<(&str, &str, f64)> = Vec::with_capacity(6);
    // Left out, rather than shown as zero, when Postgres cannot say.
    if let Ok(backlog) = nls_eventlog::relay::backlog(pool, &page.readiness.relay_name).await {
        gauges.push((
            "nls_events_unpublished",
            "Events in the log the relay has not yet published on NATS.",
            backlog as f64,
        ));
    }
    gauges.extend([
        (
            "nls_embed_streams",
            "Live embed event streams open in this process.",
            page.hub.streams() as f64,
        ),
        (
            "nls_embed_recipes_watched",
            "Distinct recipes those streams watch.",
            page.hub.watched() as f64,
        ),
        (
            "nls_label_index_entries",
            "Recipes whose label pointer is held in memory for label-file requests.",
            page.labels.len() as f64,
        ),
        (
            "nls_db_pool_connections",
            "Connections the main Postgres pool holds.",
            f64::from(pool.size()),
        ),
        (
            "nls_db_pool_idle_connections",
            "Of those, idle.",
            pool.num_idle() as f64,
        ),
    ]);
    let mut response = page.metrics.render(&gauges).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(CONTENT_TYPE));
    response
}
