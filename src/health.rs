//! `/healthz` (the process is up) and `/readyz` (Postgres and NATS reachable, projector lag
//! bounded, and where labels are served: the label index following its invalidations and
//! the embed hub listening for label changes), plus the JSON answers for unknown routes and methods. (`/metrics` is
//! `crate::metrics`.)

use axum::extract::{FromRef, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use nls_web::metrics::Metrics;
use nls_web::{ApiError, ErrorCode};
use serde_json::json;
use sqlx::PgPool;

/// Events the relay may be behind before the service reports itself not ready.
const MAX_READY_BACKLOG: i64 = 10_000;
/// How long `/readyz` waits for each of its Postgres queries before calling it down.
const PROBE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(1);

/// What `/readyz` checks.
#[derive(Clone)]
pub struct Readiness {
    pub pool: PgPool,
    pub nats: async_nats::Client,
    pub relay_name: String,
    /// The label index and the embed hub, where this process serves label files and embed
    /// pages (the renderer role); `None` elsewhere.
    pub labels: Option<Served>,
}

/// What serves label files and embed pages in this process.
#[derive(Clone)]
pub struct Served {
    pub label_index: nls_renderer::label_index::LabelIndex,
    pub embed_hub: nls_renderer::embed::Hub,
}

pub async fn healthz() -> impl IntoResponse {
    Json(json!({ "status": "ok" }))
}

pub async fn readyz<S>(State(state): State<S>) -> impl IntoResponse
where
    Readiness: FromRef<S>,
{
    let (status, details) = probe(&Readiness::from_ref(&state)).await;
    (status, Json(details))
}

/// `/readyz` on the public listener when an admin listener serves the details
/// (`NLS_ADMIN_LISTEN`): the same status code, but only `{"status"}`, since the details
/// name internals (backlog, last errors) a balancer does not need.
pub async fn readyz_brief<S>(State(state): State<S>) -> impl IntoResponse
where
    Readiness: FromRef<S>,
{
    let (status, details) = probe(&Readiness::from_ref(&state)).await;
    (status, Json(json!({ "status": details["status"] })))
}

/// Checks everything `/readyz` reports: its status code and detailed body.
async fn probe(ready: &Readiness) -> (StatusCode, serde_json::Value) {
    // Bounded: with Postgres away a query waits for the pool's acquire timeout, and a
    // probe that answers late is as bad as none to a balancer.
    let postgres = tokio::time::timeout(
        PROBE_TIMEOUT,
        sqlx::query_scalar::<_, i32>("select 1").fetch_one(&ready.pool),
    )
    .await
    .is_ok_and(|r| r.is_ok());
    let nats = ready.nats.connection_state() == async_nats::connection::State::Connected;
    let backlog = if postgres {
        tokio::time::timeout(
            PROBE_TIMEOUT,
            nls_eventlog::relay::backlog(&ready.pool, &ready.relay_name),
        )
        .await
        .ok()
        .and_then(Result::ok)
    } else {
        None
    };
    let lag_ok = backlog.is_some_and(|b| b <= MAX_READY_BACKLOG);
    let index = ready.labels.as_ref().map(|s| s.label_index.status());
    let hub = ready.labels.as_ref().map(|s| s.embed_hub.status());
    // Not following, the index serves every label file from Postgres and the hub pushes
    // nothing to open embed pages: a balancer should prefer another process.
    let labels_ok =
        index.as_ref().is_none_or(|i| i.live) && hub.as_ref().is_none_or(|h| h.listening);
    let ok = postgres && nats && lag_ok && labels_ok;
    let status = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (
        status,
        json!({
            "status": if ok { "ready" } else { "not_ready" },
            "postgres": postgres,
            "nats": nats,
            "unpublished_events": backlog,
            "label_index": index.map(|i| json!({
                "state": if i.live { "following" } else { "down" },
                "entries": i.entries,
                "last_error": i.last_error,
            })),
            "embed_hub": hub.map(|h| json!({
                "state": if h.listening { "listening" } else { "down" },
                "streams": h.streams,
                "last_error": h.last_error,
            })),
        }),
    )
}

/// Any path no route serves.
pub async fn not_found(State(metrics): State<Metrics>) -> ApiError {
    metrics.record_unmatched();
    ApiError::new(
        ErrorCode::NotFound,
        "no such route; resources live under /v1",
    )
}

/// A known path with a method it does not take.
pub async fn method_not_allowed() -> ApiError {
    ApiError::new(
        ErrorCode::MethodNotAllowed,
        "method not allowed on this route",
    )
}
