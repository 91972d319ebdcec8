//! The label-file lane: a recipe's label file that is already drawn and held in memory,
//! served before the general stack of layers.
//!
//! `GET /v1/recipes/{id}/label.{svg,png,pdf}` with an API key and no query parameters is
//! what every embed and every integration that shows a label asks for, again and again,
//! and its answer is a few headers and bytes already in memory. Through the general stack
//! (request id, trace span, compression, panic guard, session cookie, rate limiter, router,
//! metrics, extractors) a request cost about twice what nginx spends sending the same file
//! from disk; this lane does for such a request exactly what those layers would do, and no
//! more:
//!
//! - the key is authenticated and the request counted by the same rate limiter
//!   ([`RateLimiter::count_key`]): a revoked key, a suspended account or an exhausted
//!   bucket is refused as on any path (the revocation lease included);
//! - the file is answered by [`hot_label_file`], which the handler of the general path uses
//!   for the same request, with the limiter's `RateLimit-*` headers and the request id
//!   (the client's `x-request-id`, else a fresh UUID, as the request-id layers set it);
//! - the request is counted in the metrics under its route, as the route layer does.
//!
//! Anything else (no key, an unknown key, a file not in memory, a refusal, another path or
//! method, any query parameter) goes the general way. A request the lane already counted
//! carries [`AlreadyCounted`] there, so the limiter does not count it twice. A test checks
//! that both ways give the same status, headers and bytes.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::body::Body;
use axum::extract::Request;
use axum::http::request::Parts;
use axum::http::{HeaderName, HeaderValue, Method};
use axum::response::Response;
use nls_renderer::cache::FileType;
use nls_renderer::http::{hot_label_file, LABEL_FILE_ROUTE};
use nls_renderer::RenderState;
use nls_web::metrics::Metrics;
use nls_web::rate_limit::{bearer_key_of, AlreadyCounted, RateLimiter};
use tower::{Layer, Service, ServiceExt};

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// What the lane reads: the renderer's files and index, the limiter, the metrics.
pub struct Lane {
    pub render: RenderState,
    pub limiter: Arc<RateLimiter>,
    pub metrics: Metrics,
}

/// The layer putting the lane in front of the general stack; without a lane (a process
/// that does not serve label files) every request goes the general way.
#[derive(Clone)]
pub struct LabelLaneLayer(Option<Arc<Lane>>);

impl LabelLaneLayer {
    pub fn new(lane: Option<Lane>) -> Self {
        Self(lane.map(Arc::new))
    }
}

impl<S> Layer<S> for LabelLaneLayer {
    type Service = LabelLane<S>;

    fn layer(&self, inner: S) -> LabelLane<S> {
        LabelLane {
            inner: Arc::new(inner),
            lane: self.0.clone(),
        }
    }
}

/// The lane in front of `inner` (the general stack). The stack is cloned (and made ready)
/// only for a request that goes the general way: a request the lane answers costs no
/// clone of it.
pub struct LabelLane<S> {
    inner: Arc<S>,
    lane: Option<Arc<Lane>>,
}

impl<S> Clone for LabelLane<S> {
    fn clone(&self) -> Self {
        Self {
            inner: Arc::clone(&self.inner),
            lane: self.lane.clone(),
        }
    }
}

impl<S, B> Service<Request> for LabelLane<S>
where
    S: Service<Request, Response = Response<B>, Error = Infallible> + Clone + Send + Sync + 'static,
    S::Future: Send + 'static,
    B: axum::body::HttpBody<Data = axum::body::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    /// Always ready: the general stack is made ready by each request that goes to it.
    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let inner = Arc::clone(&self.inner);
        let (Some(lane), Some(file_type)) = (&self.lane, lane_file(&request)) else {
            return Box::pin(general(inner, request));
        };
        let lane = Arc::clone(lane);
        Box::pin(async move {
            // The head alone is looked at (and is `Sync`, so it may be held across a wait).
            let (mut head, body) = request.into_parts();
            match serve(&lane, &head, file_type).await {
                Ok(response) => Ok(response),
                Err(counted) => {
                    if let Some(counted) = counted {
                        head.extensions.insert(counted);
                    }
                    general(inner, Request::from_parts(head, body)).await
                }
            }
        })
    }
}

/// The general way, its body boxed to the lane's response type.
async fn general<S, B>(inner: Arc<S>, request: Request) -> Result<Response, Infallible>
where
    S: Service<Request, Response = Response<B>, Error = Infallible> + Clone,
    B: axum::body::HttpBody<Data = axum::body::Bytes> + Send + 'static,
    B::Error: Into<axum::BoxError>,
{
    let response = S::clone(&inner).oneshot(request).await?;
    Ok(response.map(Body::new))
}

/// The file type of a request the lane may take: `GET /v1/recipes/<id>/label.<type>`,
/// without a query, with an `Authorization` header.
fn lane_file(request: &Request) -> Option<FileType> {
    if request.method() != Method::GET || request.uri().query().is_some() {
        return None;
    }
    if !request
        .headers()
        .contains_key(axum::http::header::AUTHORIZATION)
    {
        return None;
    }
    let (_, file) = recipe_and_file(request.uri().path())?;
    FileType::parse(file.strip_prefix("label.")?)
}

/// `<id>` and `<file>` of `/v1/recipes/<id>/<file>`.
fn recipe_and_file(path: &str) -> Option<(&str, &str)> {
    let rest = path.strip_prefix("/v1/recipes/")?;
    let (id, file) = rest.split_once('/')?;
    (!id.is_empty() && !file.contains('/')).then_some((id, file))
}

/// The response, or why the general way answers: `Err(Some(..))` once the request was
/// counted, `Err(None)` when it was not.
async fn serve(
    lane: &Lane,
    request: &Parts,
    file_type: FileType,
) -> Result<Response, Option<AlreadyCounted>> {
    let started = Instant::now();
    let key = bearer_key_of(&request.headers).ok_or(None)?;
    let (decision, caller) = match lane.limiter.count_key(key).await {
        Ok(Some(counted)) => counted,
        // Unknown or revoked, or the database failed: the general way answers as always.
        Ok(None) | Err(_) => return Err(None),
    };
    let counted = || {
        Some(AlreadyCounted {
            decision,
            caller: caller.clone(),
        })
    };
    let Some(entitled) = caller
        .as_ref()
        .filter(|_| decision.retry_after_secs.is_none())
    else {
        return Err(counted());
    };
    let (id, _) = recipe_and_file(request.uri.path()).ok_or_else(counted)?;
    let mut response = hot_label_file(&lane.render, entitled, id, file_type, &request.headers)
        .ok_or_else(counted)?;
    decision.apply(&mut response);
    let request_id = match request.headers.get(&REQUEST_ID) {
        Some(given) => given.clone(),
        None => fresh_request_id(),
    };
    response.headers_mut().insert(REQUEST_ID, request_id);
    lane.metrics.record_request(
        LABEL_FILE_ROUTE,
        &Method::GET,
        response.status().as_u16(),
        started.elapsed(),
    );
    Ok(response)
}

/// A fresh request id, as `tower_http`'s `MakeRequestUuid` makes them.
fn fresh_request_id() -> HeaderValue {
    let mut text = [0u8; uuid::fmt::Hyphenated::LENGTH];
    let id = uuid::Uuid::new_v4().hyphenated().encode_lower(&mut text);
    // A hyphenated UUID is always a valid header value.
    HeaderValue::from_str(id).unwrap_or_else(|_| HeaderValue::from_static("-"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_label_file_without_a_query_and_with_a_key_takes_the_lane() {
        let id = "/v1/recipes/rcp_01962d3b6a8c7f0e9d2b4c5a6e7f8091";
        let cases = [
            (
                Method::GET,
                format!("{id}/label.png"),
                true,
                Some(FileType::Png),
            ),
            (
                Method::GET,
                format!("{id}/label.svg"),
                true,
                Some(FileType::Svg),
            ),
            (Method::GET, format!("{id}/label.png"), false, None),
            (Method::GET, format!("{id}/label.png?width=300"), true, None),
            (Method::HEAD, format!("{id}/label.png"), true, None),
            (Method::GET, format!("{id}/fop.png"), true, None),
            (Method::GET, format!("{id}/label.gif"), true, None),
            (Method::GET, format!("{id}/x/label.png"), true, None),
            (Method::GET, "/v1/recipes//label.png".to_owned(), true, None),
        ];
        for (method, uri, key, expected) in cases {
            let mut builder = Request::builder().method(method).uri(&uri);
            if key {
                builder = builder.header("authorization", "Bearer nls_x");
            }
            let request = builder.body(Body::empty()).ok();
            assert_eq!(
                request.as_ref().and_then(lane_file),
                expected,
                "{uri} {key}"
            );
        }
    }
}
