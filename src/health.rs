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
use serde::Serialize;
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

/// `/healthz`' answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Health {
    #[schema(pattern = "^ok$")]
    status: &'static str,
}

/// The process is up
#[utoipa::path(get, path = "/healthz", tag = "Operations", operation_id = "healthz",
    responses((status = 200, description = "Up.", body = Health)))]
pub async fn healthz() -> impl IntoResponse {
    Json(Health { status: "ok" })
}

/// `/readyz`' answer.
// Members in the order the API has always sent them in (alphabetical, as the JSON objects
// they replaced serialised).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReadyReport {
    /// Where embed pages are served: whether the hub listens for label changes over NATS
    /// (null elsewhere).
    embed_hub: Option<HubView>,
    /// Where label files are served: whether the in-memory label index follows its
    /// invalidations over NATS (null elsewhere).
    label_index: Option<IndexView>,
    nats: bool,
    postgres: bool,
    /// `ready` or `not_ready`.
    #[schema(pattern = "^(ready|not_ready)$")]
    status: &'static str,
    /// Events the relay has not published yet; null when Postgres cannot tell.
    unpublished_events: Option<i64>,
}

/// The label index's state.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct IndexView {
    entries: usize,
    last_error: Option<String>,
    /// `following` or `down`.
    #[schema(pattern = "^(following|down)$")]
    state: &'static str,
}

/// The embed hub's state.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HubView {
    last_error: Option<String>,
    /// `listening` or `down`.
    #[schema(pattern = "^(listening|down)$")]
    state: &'static str,
    streams: usize,
}

/// Postgres and NATS reachable, projection lag bounded, label index and embed hub following
///
/// Where an admin listener serves the details (`NLS_ADMIN_LISTEN`), this listener answers
/// with `{"status"}` only, with the same status code.
#[utoipa::path(get, path = "/readyz", tag = "Operations", operation_id = "readyz",
    responses(
        (status = 200, description = "Ready.", body = ReadyReport),
        (status = 503, description = "Not ready.", body = ReadyReport),
    ))]
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
    (
        status,
        Json(Brief {
            status: details.status,
        }),
    )
}

/// `/readyz` without its details.
#[derive(Debug, Serialize)]
struct Brief {
    status: &'static str,
}

/// Checks everything `/readyz` reports: its status code and detailed body.
async fn probe(ready: &Readiness) -> (StatusCode, ReadyReport) {
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
        ReadyReport {
            embed_hub: hub.map(|h| HubView {
                last_error: h.last_error,
                state: if h.listening { "listening" } else { "down" },
                streams: h.streams,
            }),
            label_index: index.map(|i| IndexView {
                entries: i.entries,
                last_error: i.last_error,
                state: if i.live { "following" } else { "down" },
            }),
            nats,
            postgres,
            status: if ok { "ready" } else { "not_ready" },
            unpublished_events: backlog,
        },
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
