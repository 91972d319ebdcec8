//! `If-Match`, `If-None-Match`, `Idempotency-Key`, and responses that carry an `ETag`.

use axum::extract::FromRequestParts;
use axum::http::{header, request::Parts, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use crate::error::{ApiError, ErrorCode};

/// `If-Match: "7"` pins the version a write applies to; absent means "any".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IfMatch(pub Option<i64>);

impl<S: Send + Sync> FromRequestParts<S> for IfMatch {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let Some(raw) = parts.headers.get(header::IF_MATCH) else {
            return Ok(Self(None));
        };
        let text = raw.to_str().unwrap_or("").trim();
        if text == "*" {
            return Ok(Self(None));
        }
        let unquoted = text.trim_start_matches("W/").trim_matches('"');
        unquoted
            .parse::<i64>()
            .ok()
            .filter(|v| *v >= 0)
            .map(|v| Self(Some(v)))
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::ValidationFailed,
                    "If-Match must be an ETag such as \"3\" as returned by this API",
                )
            })
    }
}

/// `Idempotency-Key` on POST: up to 255 visible ASCII characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for IdempotencyKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let Some(raw) = parts.headers.get("idempotency-key") else {
            return Ok(Self(None));
        };
        let text = raw.to_str().unwrap_or("");
        let valid =
            !text.is_empty() && text.len() <= 255 && text.bytes().all(|b| b.is_ascii_graphic());
        if valid {
            Ok(Self(Some(text.to_owned())))
        } else {
            Err(ApiError::new(
                ErrorCode::ValidationFailed,
                "Idempotency-Key must be 1 to 255 visible ASCII characters",
            ))
        }
    }
}

/// A JSON representation with its version as `ETag`, and optionally a `Location`.
#[derive(Debug)]
pub struct Versioned<T> {
    pub status: StatusCode,
    pub version: i64,
    pub location: Option<String>,
    pub body: T,
}

impl<T> Versioned<T> {
    /// 200 with `ETag`.
    pub fn ok(version: i64, body: T) -> Self {
        Self {
            status: StatusCode::OK,
            version,
            location: None,
            body,
        }
    }

    /// 201 with `ETag` and `Location`.
    pub fn created(version: i64, location: String, body: T) -> Self {
        Self {
            status: StatusCode::CREATED,
            version,
            location: Some(location),
            body,
        }
    }
}

/// The `ETag` value for a version.
pub fn etag(version: i64) -> String {
    format!("\"{version}\"")
}

impl<T: Serialize> IntoResponse for Versioned<T> {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body)).into_response();
        let headers = response.headers_mut();
        if let Ok(value) = HeaderValue::from_str(&etag(self.version)) {
            headers.insert(header::ETAG, value);
        }
        if let Some(location) = self.location.and_then(|l| HeaderValue::from_str(&l).ok()) {
            headers.insert(header::LOCATION, location);
        }
        response
    }
}

/// Whether `If-None-Match` lists `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`.
pub fn none_match(headers: &HeaderMap, etag: &str) -> bool {
    let bare = etag.trim_start_matches("W/");
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|candidate| candidate == "*" || candidate.trim_start_matches("W/") == bare)
}
