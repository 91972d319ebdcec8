//! gzip for the text responses worth it: API JSON, the app's files, the documentation page.
//!
//! The app's first screen loads `GET /v1/formats` (every format with its notes, several
//! hundred kilobytes of repetitive JSON) and its own scripts; gzip makes them a fraction
//! of that on the wire. Only clients that send `Accept-Encoding: gzip` get it, with
//! `Vary: Accept-Encoding`. Left alone, deliberately:
//! - label files (SVG, PNG, PDF): served from memory at line rate, and PNG and PDF are
//!   compressed already;
//! - event streams (the live embed): gzip would hold updates back until a block fills;
//! - the NDJSON and CSV exports: long streams whose memory bound is tested as they are;
//! - small bodies, where the gzip header costs more than it saves.

use axum::http::{header, Extensions, HeaderMap, StatusCode, Version};
use tower_http::compression::{CompressionLayer, CompressionLevel};

/// Bodies at or under this many bytes (as their `Content-Length` says) go as they are.
const SMALLEST: u64 = 1024;

/// The content types worth compressing (compared without parameters): the text types the
/// service serves (`src/app_files.rs`, the API, the documentation page).
const COMPRESSIBLE: &[&str] = &[
    "application/json",
    "text/html",
    "text/css",
    "text/javascript",
];

/// Whether a response with these headers is gzipped (for a client that accepts it).
pub fn worth_compressing(headers: &HeaderMap) -> bool {
    let Some(content_type) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if !COMPRESSIBLE.contains(&essence.as_str()) {
        return false;
    }
    // A body without a length (a stream) is compressed as it goes.
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .is_none_or(|length| length > SMALLEST)
}

/// The layer: gzip only, at the fastest level (most of the saving, little CPU per request).
pub fn layer() -> CompressionLayer<impl tower_http::compression::Predicate> {
    CompressionLayer::new()
        .no_br()
        .no_deflate()
        .no_zstd()
        .quality(CompressionLevel::Fastest)
        .compress_when(
            |_: StatusCode, _: Version, headers: &HeaderMap, _: &Extensions| {
                worth_compressing(headers)
            },
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(content_type: &str, length: Option<u64>) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert(header::CONTENT_TYPE, content_type.parse().expect("header"));
        if let Some(length) = length {
            map.insert(header::CONTENT_LENGTH, length.into());
        }
        map
    }

    #[test]
    fn json_and_the_apps_files_are_compressed_above_a_kilobyte() {
        assert!(worth_compressing(&headers(
            "application/json",
            Some(300_000)
        )));
        assert!(worth_compressing(&headers(
            "text/javascript; charset=utf-8",
            Some(40_000)
        )));
        assert!(worth_compressing(&headers(
            "text/html; charset=utf-8",
            None
        )));
        assert!(!worth_compressing(&headers("application/json", Some(1024))));
    }

    #[test]
    fn label_files_streams_and_exports_are_not() {
        for content_type in [
            "image/svg+xml",
            "image/png",
            "application/pdf",
            "text/event-stream",
            "application/x-ndjson",
            "text/csv; charset=utf-8",
        ] {
            assert!(
                !worth_compressing(&headers(content_type, Some(100_000))),
                "{content_type}"
            );
        }
        assert!(!worth_compressing(&HeaderMap::new()));
    }
}
