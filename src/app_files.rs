//! The browser app's files (issue 16), served at `/app` from the front end's build
//! directory (`app/dist`, built by `npm run build` in `app/`; `NLS_APP_DIR` overrides).
//!
//! `/app/<file>` serves a file of the build; any other path under `/app` is one of the
//! app's screens and gets `index.html`, whose script routes on the path. Files are read on
//! request (the OS caches them; a rebuild needs no restart) and carry a strong `ETag` over
//! their bytes, so a browser revalidates with one cheap `304`. Every answer carries a
//! Content-Security-Policy that allows nothing but this origin: the app makes no external
//! request, and an injected script could not either.

use std::path::{Component, Path, PathBuf};

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sha2::{Digest, Sha256};

/// Where the build is when nothing says otherwise: beside the sources this binary was
/// built from, then `app/dist` under the working directory.
pub fn default_dir() -> PathBuf {
    let beside_sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("app/dist");
    if beside_sources.is_dir() {
        beside_sources
    } else {
        PathBuf::from("app/dist")
    }
}

/// The directory the app is served from.
#[derive(Debug, Clone)]
pub struct AppFiles {
    pub dir: PathBuf,
}

/// `self` for scripts, styles, images and frames (the embed preview); no plugins; no
/// framing of the app by other sites. Inline style attributes are allowed: the front end
/// sets a few (widths of meters), and styles cannot run code.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; \
     connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// The content type of a build file, by its extension.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json" | "map") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("woff2") => "font/woff2",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The build file a URL path names, if it is a plain relative path (no `..`, no root, no
/// hidden names) with a file extension; `None` means "a screen of the app".
fn file_in_build(dir: &Path, rest: &str) -> Option<PathBuf> {
    let relative = Path::new(rest);
    let plain = relative.components().all(|c| match c {
        Component::Normal(part) => part.to_str().is_some_and(|p| !p.starts_with('.')),
        _ => false,
    });
    (plain && relative.extension().is_some()).then(|| dir.join(relative))
}

fn security_headers(headers: &mut HeaderMap) {
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
}

/// A plain-text page for when the build is missing: says how to make it.
fn not_built(dir: &Path) -> Response {
    let text = format!(
        "The NLS app is not built here ({}).\n\
         Build it with `npm ci && npm run build` in app/ (scripts/run.sh does this), \
         or point NLS_APP_DIR at a build.\n",
        dir.display()
    );
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, text).into_response();
    security_headers(response.headers_mut());
    response
}

/// Serves one file with its ETag, or 304 when the browser has it.
async fn serve_file(path: &Path, request_headers: &HeaderMap) -> Option<Response> {
    let bytes = tokio::fs::read(path).await.ok()?;
    let digest = Sha256::digest(&bytes);
    let etag = format!(
        "\"{}\"",
        digest[..12]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let matches = request_headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let mut response = if matches {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, content_type(path))], bytes).into_response()
    };
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    // Names are not content-hashed: always revalidate (a 304 costs a few hundred bytes).
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    security_headers(headers);
    Some(response)
}

/// The browser app
#[utoipa::path(get, path = "/app", tag = "App", operation_id = "appEntry",
    responses(
        (status = 200, description = "The app's page (its script routes on the path; every path under `/app/` that names no file of the build gets it too).", content_type = "text/html", body = String),
        (status = 503, description = "The app is not built on this server (plain text saying how to build it).", content_type = "text/plain", body = String),
    ))]
async fn index(State(files): State<AppFiles>, headers: HeaderMap) -> Response {
    let index = files.dir.join("index.html");
    match serve_file(&index, &headers).await {
        Some(response) => response,
        None => not_built(&files.dir),
    }
}

/// The browser app
#[utoipa::path(get, path = "/app/", tag = "App", operation_id = "appEntrySlash",
    responses(
        (status = 200, description = "The app's page, as at `/app`.", content_type = "text/html", body = String),
        (status = 503, description = "The app is not built on this server (plain text saying how to build it).", content_type = "text/plain", body = String),
    ))]
async fn index_slash(files: State<AppFiles>, headers: HeaderMap) -> Response {
    index(files, headers).await
}

/// Anything under `/app/`. The path is taken as sent, not percent-decoded, so an encoded
/// `..` is only a name that no build file has.
async fn path(State(files): State<AppFiles>, uri: Uri, headers: HeaderMap) -> Response {
    let rest = uri.path().strip_prefix("/app/").unwrap_or_default();
    if let Some(file) = file_in_build(&files.dir, rest) {
        return match serve_file(&file, &headers).await {
            Some(response) => response,
            None => {
                let mut response =
                    (StatusCode::NOT_FOUND, "no such file in the app\n").into_response();
                security_headers(response.headers_mut());
                response
            }
        };
    }
    index(State(files), headers).await
}

/// `/app`, `/app/` (both in the OpenAPI document, as the app's entry) and everything under
/// it: the build's files and the app's screens, a static file service.
#[derive(utoipa::OpenApi)]
#[openapi(paths(index, index_slash))]
pub struct Api;

/// The routes of [`Api`], and the build's files under `/app/`.
pub fn router<S>(files: AppFiles) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
{
    Router::new()
        .route("/app", get(index))
        .route("/app/", get(index_slash))
        .route_service("/app/{*rest}", get(path).with_state(files.clone()))
        .with_state(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_relative_file_paths_reach_the_disk() {
        let dir = Path::new("/srv/app");
        assert_eq!(
            file_in_build(dir, "app.js"),
            Some(PathBuf::from("/srv/app/app.js"))
        );
        assert_eq!(
            file_in_build(dir, "assets/logo.svg"),
            Some(PathBuf::from("/srv/app/assets/logo.svg"))
        );
        for refused in [
            "../secret.txt",
            "a/../../b.js",
            "/etc/passwd.x",
            ".env.js",
            "x/.git/config.js",
        ] {
            assert_eq!(file_in_build(dir, refused), None, "{refused}");
        }
        // No extension: a screen of the app, answered with index.html.
        assert_eq!(file_in_build(dir, "recipes/rcp_123"), None);
    }

    #[test]
    fn types_follow_extensions() {
        assert_eq!(
            content_type(Path::new("a.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type(Path::new("a.css")), "text/css; charset=utf-8");
        assert_eq!(
            content_type(Path::new("index.html")),
            "text/html; charset=utf-8"
        );
    }
}
