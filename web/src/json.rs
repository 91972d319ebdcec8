//! JSON request bodies and query strings, with every failure mapped to our error body.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{header, request::Parts};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{ApiError, ErrorCode};

/// Bodies above this many bytes are refused (spec §8: 1 MB) without reading further.
pub const BODY_LIMIT_BYTES: usize = 1024 * 1024;
/// How long a client is asked to wait before retrying an oversized body (spec §8 answers
/// with 429 and `Retry-After` for it).
const PAYLOAD_RETRY_AFTER_SECS: u64 = 1;

/// The top-level fields a request body may carry.
pub trait JsonFields {
    /// Fields the request reads.
    const ACCEPTED: &'static [&'static str];
    /// Read-only fields a client may send back from a representation; ignored.
    const IGNORED: &'static [&'static str] = &[];
}

/// A JSON object body: content type checked, size bounded, repeated keys refused with
/// `invalid_json`, unknown fields refused with `unknown_field`, read-only fields dropped,
/// type errors reported as `validation_failed` naming the field.
#[derive(Debug)]
pub struct ApiJson<T> {
    pub value: T,
    /// The body as received.
    pub raw: bytes::Bytes,
}

/// A JSON body in a canonical form (keys sorted, no spacing, numbers as the same `f64`
/// whatever their spelling): two bodies with one meaning, one form. `Idempotency-Key`
/// compares requests by it. A body that does not parse is its own form.
pub fn canonical_body(raw: &[u8]) -> Vec<u8> {
    crate::json_value::parse_unique(raw)
        .map(|value| canonical(&value))
        .unwrap_or_else(|_| raw.to_vec())
}

/// `value` in the canonical form of [`canonical_body`].
pub fn canonical(value: &Value) -> Vec<u8> {
    fn normalise(value: &Value) -> Value {
        match value {
            Value::Number(n) => n
                .as_f64()
                .and_then(serde_json::Number::from_f64)
                .map_or_else(|| value.clone(), Value::Number),
            Value::Array(items) => Value::Array(items.iter().map(normalise).collect()),
            // serde_json's map is ordered by key: serialising sorts the keys.
            Value::Object(map) => {
                Value::Object(map.iter().map(|(k, v)| (k.clone(), normalise(v))).collect())
            }
            other => other.clone(),
        }
    }
    serde_json::to_vec(&normalise(value)).unwrap_or_default()
}

impl<S, T> FromRequest<S> for ApiJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned + JsonFields,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, Self::Rejection> {
        let is_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .map(|mime| {
                let mime = mime.trim().to_ascii_lowercase();
                mime == "application/json"
                    || (mime.starts_with("application/") && mime.ends_with("+json"))
            })
            .unwrap_or(false);
        if !is_json {
            return Err(ApiError::new(
                ErrorCode::UnsupportedMediaType,
                "send the body as JSON with Content-Type: application/json",
            ));
        }
        let raw = read_limited(req).await?;
        let value = decode::<T>(&raw)?;
        Ok(Self { value, raw })
    }
}

/// Reads the whole body, refusing it as soon as it passes [`BODY_LIMIT_BYTES`] (declared
/// length or streamed bytes, so chunked bodies are bounded too).
pub async fn read_limited(req: Request) -> Result<bytes::Bytes, ApiError> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|len| len > BODY_LIMIT_BYTES as u64) {
        return Err(too_large());
    }
    axum::body::to_bytes(req.into_body(), BODY_LIMIT_BYTES)
        .await
        .map_err(|err| match crate::body_deadline::timed_out(&err) {
            Some(timeout) => ApiError::new(
                ErrorCode::RequestTimeout,
                format!(
                    "the request body did not arrive within {} s",
                    timeout.0.as_secs_f64()
                ),
            ),
            None => too_large(),
        })
}

fn too_large() -> ApiError {
    ApiError::new(
        ErrorCode::PayloadTooLarge,
        format!("request body exceeds {BODY_LIMIT_BYTES} bytes"),
    )
    .with_retry_after(PAYLOAD_RETRY_AFTER_SECS)
}

/// Decodes a JSON object body into `T` under the rules of [`ApiJson`].
pub fn decode<T: DeserializeOwned + JsonFields>(raw: &[u8]) -> Result<T, ApiError> {
    let value: Value = crate::json_value::parse_unique(raw).map_err(|err| {
        ApiError::new(
            ErrorCode::InvalidJson,
            format!("body is not valid JSON: {}", describe_syntax_error(&err)),
        )
    })?;
    let Value::Object(mut object) = value else {
        return Err(ApiError::new(
            ErrorCode::ValidationFailed,
            "body must be a JSON object",
        ));
    };
    for ignored in T::IGNORED {
        object.remove(*ignored);
    }
    let unknown: Vec<&String> = object
        .keys()
        .filter(|k| !T::ACCEPTED.contains(&k.as_str()))
        .collect();
    if !unknown.is_empty() {
        let names: Vec<String> = unknown.iter().map(|k| truncate(k, 64)).collect();
        return Err(ApiError::new(
            ErrorCode::UnknownField,
            format!("unknown field(s): {}", names.join(", ")),
        )
        .with_details(serde_json::json!(names
            .iter()
            .map(|n| serde_json::json!({ "field": n, "problem": "not a field of this resource" }))
            .collect::<Vec<_>>())));
    }
    serde_path_to_error::deserialize(Value::Object(object)).map_err(|err| {
        let field = err.path().to_string();
        let problem = truncate(&crate::json_value::api_words(&err.inner().to_string()), 300);
        // Nested objects (recipe entries) refuse unknown fields through serde.
        let code = if problem.starts_with("unknown field") {
            ErrorCode::UnknownField
        } else {
            ErrorCode::ValidationFailed
        };
        let (field, problem) = match problem.strip_prefix("missing field `") {
            // `missing field `grams`` at `ingredients[0]`: the field is the missing one.
            Some(rest) => {
                let missing = rest.trim_end_matches('`');
                let field = if field == "." {
                    missing.to_owned()
                } else {
                    format!("{field}.{missing}")
                };
                (field, "is required".to_owned())
            }
            None => (field, problem),
        };
        ApiError::new(code, format!("{field}: {problem}"))
            .with_details(serde_json::json!([{ "field": field, "problem": problem }]))
    })
}

fn describe_syntax_error(err: &serde_json::Error) -> String {
    let message = err.to_string();
    if message.starts_with(crate::json_value::DUPLICATE_KEY) {
        // Already says where (`duplicate key "name" at line 1 column 20`).
        return truncate(&message, 200);
    }
    let what = match err.classify() {
        serde_json::error::Category::Eof => "unexpected end of input",
        serde_json::error::Category::Syntax => "syntax error",
        serde_json::error::Category::Data => "number out of range or invalid value",
        serde_json::error::Category::Io => "could not read body",
    };
    format!("{what} at line {} column {}", err.line(), err.column())
}

fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        let cut: String = text.chars().take(max).collect();
        format!("{cut}…")
    }
}

/// A query string decoded into `T`; bad parameters are `validation_failed`.
#[derive(Debug)]
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned> ApiQuery<T> {
    /// Decodes the query of `uri`, for a handler that learns from its path which parameters
    /// it takes.
    pub fn from_uri(uri: &http::Uri) -> Result<Self, ApiError> {
        axum::extract::Query::<T>::try_from_uri(uri)
            .map(|q| Self(q.0))
            .map_err(|err| {
                ApiError::new(
                    ErrorCode::ValidationFailed,
                    format!(
                        "invalid query string: {}",
                        truncate(&crate::json_value::api_words(&err.body_text()), 200)
                    ),
                )
            })
    }
}

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|q| Self(q.0))
            .map_err(|err| {
                ApiError::new(
                    ErrorCode::ValidationFailed,
                    format!(
                        "invalid query string: {}",
                        truncate(&crate::json_value::api_words(&err.body_text()), 200)
                    ),
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    struct Probe {
        name: String,
        #[serde(default)]
        grams: Option<f64>,
    }

    impl JsonFields for Probe {
        const ACCEPTED: &'static [&'static str] = &["name", "grams"];
        const IGNORED: &'static [&'static str] = &["id"];
    }

    #[test]
    fn unknown_fields_are_named_in_the_error() {
        let err = decode::<Probe>(br#"{"name":"x","colour":"red"}"#).err();
        assert_eq!(err.map(|e| e.code()), Some(ErrorCode::UnknownField));
    }

    #[test]
    fn read_only_fields_are_ignored() {
        let probe = decode::<Probe>(br#"{"name":"x","id":"rcp_1","grams":2}"#).ok();
        assert_eq!(
            probe.map(|p| (p.name, p.grams)),
            Some(("x".to_owned(), Some(2.0)))
        );
    }

    #[test]
    fn malformed_json_and_wrong_types_get_distinct_codes() {
        assert_eq!(
            decode::<Probe>(b"{\"name\":").err().map(|e| e.code()),
            Some(ErrorCode::InvalidJson)
        );
        assert_eq!(
            decode::<Probe>(br#"{"name":"x","grams":"ten"}"#)
                .err()
                .map(|e| e.code()),
            Some(ErrorCode::ValidationFailed)
        );
        assert_eq!(
            decode::<Probe>(b"[1,2]").err().map(|e| e.code()),
            Some(ErrorCode::ValidationFailed)
        );
    }

    #[test]
    fn repeated_keys_are_invalid_json_naming_the_key() {
        let err = decode::<Probe>(br#"{"name":"x","name":"y"}"#).err();
        assert_eq!(err.as_ref().map(|e| e.code()), Some(ErrorCode::InvalidJson));
        let message = format!("{err:?}");
        assert!(
            message.contains("duplicate key") && message.contains("name"),
            "{message}"
        );
    }

    #[test]
    fn type_errors_name_the_api_field_not_the_rust_type() {
        let err = decode::<Probe>(br#"{"name":"x","grams":"ten"}"#).err();
        let message = format!("{err:?}");
        assert!(
            message.contains("grams") && message.contains("a number"),
            "{message}"
        );
        assert!(!message.contains("f64"), "{message}");
        let err = decode::<Probe>(br#"{"grams":1}"#).err();
        let message = format!("{err:?}");
        assert!(message.contains("name: is required"), "{message}");
    }

    #[test]
    fn canonical_forms_ignore_order_spacing_and_number_spelling() {
        let a = crate::json_value::parse_unique(br#"{"b": [1, 2.50], "a": {"y": 1, "x": 0}}"#);
        let b = crate::json_value::parse_unique(br#"{"a":{"x":0.0,"y":1e0},"b":[1.0,2.5]}"#);
        let (Ok(a), Ok(b)) = (a, b) else {
            panic!("both parse");
        };
        assert_eq!(canonical(&a), canonical(&b));
        let c = crate::json_value::parse_unique(br#"{"a":{"x":0,"y":1},"b":[1,2.51]}"#);
        assert_ne!(c.map(|c| canonical(&c)).ok(), Some(canonical(&a)));
    }

    #[test]
    fn numbers_beyond_f64_are_invalid_json_not_a_panic() {
        let err = decode::<Probe>(br#"{"name":"x","grams":1e999}"#).err();
        assert_eq!(err.map(|e| e.code()), Some(ErrorCode::InvalidJson));
    }
}
