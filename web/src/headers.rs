//! `If-Match`, `If-None-Match`, `Idempotency-Key`, and responses that carry an `ETag`.

use axum::extract::FromRequestParts;
use axum::http::{header, request::Parts, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use crate::error::{ApiError, ErrorCode};

/// `If-Match` (RFC 9110 §13.1.1). `None`: absent or `*`, any current version will do.
/// `Some(versions)`: the versions the listed entity tags name; the write applies only to
/// one of them, else 412. A well-formed tag this API never issues (`"abc"`, or a weak
/// `W/"3"`, which the strong comparison If-Match uses never matches) names no version.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IfMatch(pub Option<Vec<i64>>);

/// An `If-Match` value that is neither `*` nor a list of entity tags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("If-Match is not * or a list of entity tags")]
pub struct MalformedIfMatch;

impl IfMatch {
    /// Parses the field's values; `Err` when one is not a list of entity tags.
    pub fn parse<'a>(values: impl IntoIterator<Item = &'a str>) -> Result<Self, MalformedIfMatch> {
        let mut versions = Vec::new();
        let mut seen_any = false;
        let mut present = false;
        for value in values {
            for tag in entity_tags(value)? {
                present = true;
                match tag {
                    EntityTag::Any => seen_any = true,
                    EntityTag::Strong(opaque) => {
                        // Only the versions this API issues (`"3"`) can match.
                        if let Some(v) = opaque.parse::<i64>().ok().filter(|v| *v >= 0) {
                            if opaque == v.to_string() {
                                versions.push(v);
                            }
                        }
                    }
                    EntityTag::Weak => {}
                }
            }
        }
        if !present {
            return Err(MalformedIfMatch);
        }
        Ok(Self((!seen_any).then_some(versions)))
    }
}

/// One member of an entity-tag list.
#[derive(Debug, PartialEq, Eq)]
enum EntityTag<'a> {
    Any,
    Strong(&'a str),
    Weak,
}

/// `#entity-tag` or `*` (RFC 9110 §8.8.3): tags separated by commas and optional
/// whitespace; a tag's opaque part may itself hold commas, so quotes are followed.
fn entity_tags(value: &str) -> Result<Vec<EntityTag<'_>>, MalformedIfMatch> {
    let mut tags = Vec::new();
    let mut rest = value;
    loop {
        rest = rest.trim_start_matches([' ', '\t', ',']);
        if rest.is_empty() {
            return Ok(tags);
        }
        if let Some(after) = rest.strip_prefix('*') {
            tags.push(EntityTag::Any);
            rest = after;
        } else {
            let (weak, quoted) = match rest.strip_prefix("W/") {
                Some(quoted) => (true, quoted),
                None => (false, rest),
            };
            let opaque_and_rest = quoted.strip_prefix('"').ok_or(MalformedIfMatch)?;
            let end = opaque_and_rest.find('"').ok_or(MalformedIfMatch)?;
            let opaque = &opaque_and_rest[..end];
            if !opaque
                .bytes()
                .all(|b| b == 0x21 || (0x23..=0x7e).contains(&b) || b >= 0x80)
            {
                return Err(MalformedIfMatch);
            }
            tags.push(if weak {
                EntityTag::Weak
            } else {
                EntityTag::Strong(opaque)
            });
            rest = &opaque_and_rest[end + 1..];
        }
        // Between members: optional whitespace, then a comma or the end.
        let trimmed = rest.trim_start_matches([' ', '\t']);
        if !(trimmed.is_empty() || trimmed.starts_with(',')) {
            return Err(MalformedIfMatch);
        }
        rest = trimmed;
    }
}

impl<S: Send + Sync> FromRequestParts<S> for IfMatch {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let values: Vec<&str> = parts
            .headers
            .get_all(header::IF_MATCH)
            .iter()
            .map(|v| v.to_str().unwrap_or("\u{0}"))
            .collect();
        if values.is_empty() {
            return Ok(Self(None));
        }
        Self::parse(values).map_err(|MalformedIfMatch| {
            ApiError::new(
                ErrorCode::ValidationFailed,
                "If-Match must be * or a list of entity tags such as \"3\" as returned by this API",
            )
            .with_details(serde_json::json!([{
                "field": "If-Match",
                "problem": "not * or a list of entity tags",
            }]))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(value: &str) -> Result<IfMatch, MalformedIfMatch> {
        IfMatch::parse([value])
    }

    #[test]
    fn if_match_lists_name_versions() {
        assert_eq!(parse("\"3\""), Ok(IfMatch(Some(vec![3]))));
        assert_eq!(parse("\"1\", \"2\""), Ok(IfMatch(Some(vec![1, 2]))));
        assert_eq!(
            parse("\"1\",\"2\" ,\t\"7\""),
            Ok(IfMatch(Some(vec![1, 2, 7])))
        );
        assert_eq!(parse("*"), Ok(IfMatch(None)));
    }

    #[test]
    fn well_formed_tags_the_api_never_issued_name_no_version() {
        assert_eq!(parse("\"abc\""), Ok(IfMatch(Some(vec![]))));
        assert_eq!(parse("W/\"3\""), Ok(IfMatch(Some(vec![]))));
        assert_eq!(parse("\"03\""), Ok(IfMatch(Some(vec![]))));
        assert_eq!(parse("\"a,b\", \"4\""), Ok(IfMatch(Some(vec![4]))));
    }

    #[test]
    fn malformed_if_match_is_refused() {
        for bad in ["3", "\"3", "\"3\" \"4\"", "", "W/3", "\"a b\""] {
            assert_eq!(parse(bad), Err(MalformedIfMatch), "{bad:?}");
        }
    }
}
