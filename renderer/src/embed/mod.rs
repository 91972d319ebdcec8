//! The live label embed (no API key; SERVICE_SPEC §4.3, API_DECISIONS §11).
//!
//! - `GET /embed.js`: the host-page script. For each `script[data-label]` it inserts an
//!   iframe to `/embed/<token>` on the script's own origin, `data-width` pixels wide
//!   (default 290), and sizes it to the height the page posts (messages are accepted only
//!   from that origin and that iframe's window). `Cache-Control: public, max-age=300`,
//!   strong `ETag` (304 on `If-None-Match`).
//! - `GET /embed/<token>`: the current label as inline SVG in a minimal page with one
//!   inline script (allowed by hash), framable by any site, requesting nothing but its
//!   event stream. `Cache-Control: public, max-age=5` with a strong `ETag` over the bytes,
//!   so a CDN in front never serves a stale label for long. Unknown, revoked or deleted:
//!   404 page without label data.
//! - `GET /embed/<token>/events`: server-sent events fed by the process-wide [`Hub`].
//!   `label` events (`id` = label hash, data `{"hash","svg"}`) whenever the label changes;
//!   on connect the current label is sent unless `Last-Event-ID` (or `?since=`, which the
//!   page uses on its first connection) already names it. When the token stops working a
//!   `revoked` event ends the stream; a reconnect then gets 404. Comments every 15 s keep
//!   proxies from timing the stream out; `Cache-Control: no-store`.
//!
//! Event streams are capped per client, per token and in total ([`caps`]): one over a cap
//! gets 429 `rate_limited` with `Retry-After` before anything is read, and its connection
//! is closed. Each stream ends by itself within [`StreamLimits::max_lifetime`], and the
//! browser reconnects (with `Last-Event-ID`, so the label is not sent again).
//!
//! Memory per stream is bounded without the client's help: snapshots reach a stream
//! through its recipe's bounded broadcast channel (a stream that lags skips to the
//! newest), the stream yields its next event only once hyper has written the previous
//! one, and a client that stops reading is dropped by the listener's write-stall bound
//! (`src/conn.rs`). So a stream holds at most one event (one label, ~20 KB, shared with
//! the other streams of that label) beyond the socket's kernel buffers.

pub mod caps;
mod hub;
mod page;
pub mod semantic;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{FromRef, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures::StreamExt as _;
use nls_web::client_addr::ClientAddr;
use nls_web::headers::none_match;
use nls_web::ApiError;
use serde::Deserialize;
use tokio_util::sync::CancellationToken;

pub use caps::{StreamCaps, StreamLimits};
pub use hub::{Drawn, Hub, HubStatus, Snapshot, Subscription};

/// Interval of the SSE keep-alive comments.
pub const HEARTBEAT: Duration = Duration::from_secs(15);
/// How long a browser waits before reconnecting a dropped event stream.
const RECONNECT: Duration = Duration::from_secs(1);

/// State of the embed routes.
#[derive(Clone)]
pub struct EmbedState {
    /// The fan-out of label changes.
    pub hub: Hub,
    /// Ends every open event stream, so a graceful shutdown does not wait on them.
    pub shutdown: CancellationToken,
    /// The caps on open event streams.
    pub caps: StreamCaps,
}

/// The public embed routes (no authentication). They alone may be read from any origin,
/// and they take no credentials; every other route sends no `Access-Control-Allow-*`
/// header at all, so browsers refuse cross-origin calls to them.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    EmbedState: FromRef<S>,
{
    Router::new()
        .route("/embed.js", get(script))
        .route("/embed/{token}", get(label_page))
        .route("/embed/{token}/events", get(events))
        .layer(axum::middleware::map_response(allow_any_origin))
}

/// The operations of [`router`].
#[derive(utoipa::OpenApi)]
#[openapi(paths(script, label_page, events))]
pub struct Api;

async fn allow_any_origin(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    response
}

/// Tokens are `emb_` plus URL-safe base64; anything else is unknown without a lookup.
fn plausible(token: &str) -> bool {
    token.starts_with("emb_")
        && token.len() <= 128
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

fn set(headers: &mut HeaderMap, name: HeaderName, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        headers.insert(name, value);
    }
}

/// Headers of every HTML page and event stream of the embed.
fn page_headers(headers: &mut HeaderMap, cache_control: &str) {
    set(headers, header::CONTENT_SECURITY_POLICY, &page::CSP);
    set(headers, header::REFERRER_POLICY, "no-referrer");
    set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, header::CACHE_CONTROL, cache_control);
}

/// The embed script
#[utoipa::path(get, path = "/embed.js", tag = "Embed", operation_id = "embedScript",
    responses((status = 200, description = "JavaScript that replaces each `script[data-label]` with an iframe of `/embed/<token>`.", content_type = "text/javascript", body = String)))]
async fn script(headers: HeaderMap) -> Response {
    let etag = page::EMBED_JS_ETAG.as_str();
    let mut response = if none_match(&headers, etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        page::EMBED_JS.into_response()
    };
    let out = response.headers_mut();
    set(out, header::CONTENT_TYPE, "text/javascript; charset=utf-8");
    set(out, header::CACHE_CONTROL, "public, max-age=300");
    set(out, header::ETAG, etag);
    set(out, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    // Any site may load it, also with `crossorigin`.
    set(out, header::ACCESS_CONTROL_ALLOW_ORIGIN, "*");
    response
}

/// The 404 page for unknown, revoked and deleted tokens.
fn not_found() -> Response {
    let mut response = (StatusCode::NOT_FOUND, page::not_found_page()).into_response();
    let headers = response.headers_mut();
    set(headers, header::CONTENT_TYPE, "text/html; charset=utf-8");
    page_headers(headers, "no-store");
    response
}

/// The live label page of an embed token
#[utoipa::path(get, path = "/embed/{token}", tag = "Embed", operation_id = "embedPage",
    params(("token" = String, Path, description = "Embed token (`emb_...`).")),
    responses(
        (status = 200, description = "HTML page with the current label; embeddable from any origin.", content_type = "text/html", body = String),
        (status = 404, description = "Unknown or revoked token (HTML page, no label data).", content_type = "text/html", body = String),
    ))]
#[tracing::instrument(skip_all)]
async fn label_page(
    State(state): State<EmbedState>,
    Path(token): Path<String>,
    Query(params): Query<PageParams>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if !plausible(&token) {
        return Ok(not_found());
    }
    let Some((_, snapshot)) = state.hub.by_token(&token).await? else {
        return Ok(not_found());
    };
    let label = match &snapshot {
        Snapshot::Live { label, .. } => label.as_ref(),
        Snapshot::Gone => return Ok(not_found()),
    };
    let html = page::label_page(label, page::View::from_query(params.view.as_deref()));
    let etag = page::etag(html.as_bytes());
    let mut response = if none_match(&headers, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        html.into_response()
    };
    let out = response.headers_mut();
    set(out, header::CONTENT_TYPE, "text/html; charset=utf-8");
    set(out, header::ETAG, &etag);
    page_headers(out, "public, max-age=5");
    Ok(response)
}

/// Query of the label page.
#[derive(Debug, Deserialize)]
struct PageParams {
    /// `table`: the data table in place of the drawing.
    view: Option<String>,
}

/// Query of the event stream.
#[derive(Debug, Deserialize)]
struct EventsParams {
    /// The label hash the page already shows (its first connection has no `Last-Event-ID`).
    since: Option<String>,
}

/// Where one event stream stands.
struct Stream {
    token: String,
    subscription: Subscription,
    pending: Option<Arc<Snapshot>>,
    shown: Option<Arc<str>>,
    shutdown: CancellationToken,
    /// When the server ends the stream (the page reconnects).
    ends_at: std::pin::Pin<Box<tokio::time::Sleep>>,
    /// The stream's place under the caps, given back when the body is dropped.
    _permit: caps::StreamPermit,
    ended: bool,
}

impl Stream {
    /// The next event to send, or `None` to end the stream.
    async fn next_event(&mut self) -> Option<Event> {
        if self.ended {
            return None;
        }
        loop {
            let snapshot = match self.pending.take() {
                Some(snapshot) => snapshot,
                None => tokio::select! {
                    _ = self.shutdown.cancelled() => return None,
                    _ = &mut self.ends_at => return None,
                    next = self.subscription.next() => next?,
                },
            };
            match &*snapshot {
                Snapshot::Live {
                    token,
                    label: Some(drawn),
                } if **token == *self.token => {
                    if self.shown.as_deref() == Some(&*drawn.hash) {
                        continue;
                    }
                    self.shown = Some(drawn.hash.clone());
                    return Some(
                        Event::default()
                            .event("label")
                            .id(&*drawn.hash)
                            .data(&*drawn.event_data),
                    );
                }
                Snapshot::Live { token, label: None } if **token == *self.token => {
                    // No computable label right now: the page shows nothing until one exists.
                    if self.shown.as_deref() == Some("none") {
                        continue;
                    }
                    self.shown = Some("none".into());
                    return Some(Event::default().event("label").id("none").data("{}"));
                }
                _ => {
                    self.ended = true;
                    return Some(Event::default().event("revoked").data("{}"));
                }
            }
        }
    }
}

/// Server-sent events announcing label changes
#[utoipa::path(get, path = "/embed/{token}/events", tag = "Embed", operation_id = "embedEvents",
    params(("token" = String, Path, description = "Embed token (`emb_...`).")),
    responses(
        (status = 200, description = "`text/event-stream`: an event whenever the label changes.", content_type = "text/event-stream", body = String),
        (status = 404, description = "Unknown or revoked token."),
        // The caps of caps.rs; the connection is closed after the answer.
        (status = 429, description = "Too many open event streams from this client (an IPv4 address or an IPv6 /64; 32 by default), of this token (1,000) or in this process (half its connections); nothing was read. Each stream also ends by itself within 10 minutes, and the page reconnects. Codes: `rate_limited`.", body = nls_web::ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
async fn events(
    State(state): State<EmbedState>,
    Path(token): Path<String>,
    client: ClientAddr,
    Query(params): Query<EventsParams>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if !plausible(&token) {
        return Ok(not_found());
    }
    // Before any lookup: a flood of streams costs the database nothing.
    let permit = match state.caps.open(client.0, &token) {
        Ok(permit) => permit,
        Err(refusal) => {
            let mut response = ApiError::from(refusal).into_response();
            // The connection is all a refused client holds: give it back now rather than
            // after the idle keep-alive bound.
            set(response.headers_mut(), header::CONNECTION, "close");
            return Ok(response);
        }
    };
    let Some(recipe_id) = state.hub.recipe_of(&token).await? else {
        return Ok(not_found());
    };
    // Subscribe first, then read: a change after the read arrives through the subscription.
    let subscription = state.hub.subscribe(&recipe_id);
    let Some((_, current)) = state.hub.by_token(&token).await? else {
        return Ok(not_found());
    };
    let shown = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .or(params.since)
        .map(|s| Arc::<str>::from(s.as_str()));
    let stream = Stream {
        token,
        subscription,
        pending: Some(Arc::new(current)),
        shown,
        shutdown: state.shutdown.clone(),
        ends_at: Box::pin(tokio::time::sleep(caps::lifetime(
            state.caps.limits().max_lifetime,
        ))),
        _permit: permit,
        ended: false,
    };
    let hello = Event::default().retry(RECONNECT).comment("live");
    let events = futures::stream::once(async move { Ok::<_, std::convert::Infallible>(hello) })
        .chain(futures::stream::unfold(stream, |mut stream| async move {
            let event = stream.next_event().await?;
            Some((Ok(event), stream))
        }));
    let mut response = Sse::new(events)
        .keep_alive(KeepAlive::new().interval(HEARTBEAT).text("heartbeat"))
        .into_response();
    let out = response.headers_mut();
    set(out, header::CACHE_CONTROL, "no-store");
    set(out, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    // Tells nginx-style proxies not to buffer the stream.
    set(out, HeaderName::from_static("x-accel-buffering"), "no");
    Ok(response)
}
