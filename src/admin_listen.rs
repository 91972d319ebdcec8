//! Where `/metrics` and the detailed `/readyz` are served (issue 28, item 7).
//!
//! With `NLS_ADMIN_LISTEN` set they are on that address only (meant for loopback or a
//! private network a scraper reaches), and the public listener answers `/metrics` with
//! the JSON 404 of any unknown path and `/readyz` with its status alone: the metrics and
//! the readiness details (relay backlog, pool sizes, last NATS errors) describe the
//! service's insides to anyone who asks. Without it, the one listener serves both as
//! before (API_DECISIONS §1: one process, one port, for local use and the tests); the
//! deployments in `deploy/` set it.

use axum::extract::FromRef;
use axum::routing::get;
use axum::Router;
use nls_web::{ApiError, ErrorCode};

use crate::health::{self, Readiness};
use crate::metrics::MetricsPage;

/// The public listener's `/readyz` and `/metrics`: both in full when no admin listener
/// is configured (`separate` false), else `/readyz` with its status only.
pub fn public_routes<S>(separate: bool) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Readiness: FromRef<S>,
    MetricsPage: FromRef<S>,
{
    if separate {
        Router::new().route("/readyz", get(health::readyz_brief::<S>))
    } else {
        Router::new()
            .route("/readyz", get(health::readyz::<S>))
            .route("/metrics", get(crate::metrics::metrics::<S>))
    }
}

/// The admin listener's whole surface.
pub fn router<S>(state: S) -> Router
where
    S: Clone + Send + Sync + 'static,
    Readiness: FromRef<S>,
    MetricsPage: FromRef<S>,
{
    Router::new()
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz::<S>))
        .route("/metrics", get(crate::metrics::metrics::<S>))
        .fallback(|| async {
            ApiError::new(
                ErrorCode::NotFound,
                "no such route; this listener serves /metrics, /readyz and /healthz",
            )
        })
        .method_not_allowed_fallback(health::method_not_allowed)
        .with_state(state)
}
