//! The OpenAPI document cannot drift from the routes: every `.route(...)` registered in the
//! workspace is documented (and nothing else), every documented operation is served, every
//! error code is listed, and the reference page needs no other host.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use nls_web::ErrorCode;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::TestApp;

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `(method, path)` of every `.route("path", get(..).post(..))` in the crates' sources.
fn registered_routes() -> BTreeSet<(String, String)> {
    let root = workspace();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for entry in std::fs::read_dir(&root)
        .expect("workspace readable")
        .flatten()
    {
        let src = entry.path().join("src");
        if entry.path().join("Cargo.toml").exists() && src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    let mut routes = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("source readable");
        let mut rest = text.as_str();
        while let Some(at) = rest.find(".route(") {
            rest = &rest[at + ".route(".len()..];
            let trimmed = rest.trim_start();
            let Some(literal) = trimmed.strip_prefix('"') else {
                continue;
            };
            let Some(end) = literal.find('"') else {
                continue;
            };
            let path = &literal[..end];
            // The argument list, up to the matching parenthesis.
            let mut depth = 1;
            let mut args_end = 0;
            for (i, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            args_end = i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let args = &rest[..args_end];
            let mut methods = 0;
            for method in ["get", "post", "put", "delete", "patch", "head", "options"] {
                let mut hay = args;
                while let Some(pos) = hay.find(&format!("{method}(")) {
                    let before = hay[..pos].chars().last().unwrap_or(' ');
                    if !(before.is_alphanumeric() || before == '_') {
                        routes.insert((method.to_owned(), path.to_owned()));
                        methods += 1;
                    }
                    hay = &hay[pos + method.len()..];
                }
            }
            assert!(
                methods > 0,
                "{}: cannot read the methods of route {path}",
                file.display()
            );
        }
    }
    routes
}

fn documented(doc: &Value) -> BTreeSet<(String, String)> {
    let mut ops = BTreeSet::new();
    for (path, methods) in doc["paths"].as_object().expect("paths") {
        for method in methods.as_object().expect("methods").keys() {
            ops.insert((method.clone(), path.clone()));
        }
    }
    ops
}

/// Every `$ref` points at something in the document.
fn check_refs(doc: &Value, node: &Value, where_: &str) {
    match node {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get("$ref") {
                let pointer = target.trim_start_matches('#');
                assert!(
                    doc.pointer(pointer).is_some(),
                    "{where_}: dangling $ref {target}"
                );
            }
            for (k, v) in map {
                check_refs(doc, v, &format!("{where_}/{k}"));
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                check_refs(doc, v, &format!("{where_}/{i}"));
            }
        }
        _ => {}
    }
}

#[test]
fn every_registered_route_is_documented_and_nothing_else() {
    let routes = registered_routes();
    assert!(
        routes.len() >= 20,
        "the route scan found too little: {routes:?}"
    );
    let doc = nls::openapi::document();
    let ops = documented(doc);
    let undocumented: Vec<_> = routes.difference(&ops).collect();
    let unserved: Vec<_> = ops.difference(&routes).collect();
    assert!(
        undocumented.is_empty(),
        "routes missing from the OpenAPI document: {undocumented:?}"
    );
    assert!(
        unserved.is_empty(),
        "documented but never registered: {unserved:?}"
    );
}

#[test]
fn the_document_is_openapi_3_1_with_every_error_code_and_both_credentials() {
    let doc = nls::openapi::document();
    assert!(doc["openapi"].as_str().unwrap_or("").starts_with("3.1."));
    check_refs(doc, doc, "");
    let listed: BTreeSet<&str> = doc["components"]["schemas"]["Error"]["properties"]["error"]
        ["properties"]["code"]["enum"]
        .as_array()
        .expect("code enum")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let description = doc["info"]["description"].as_str().unwrap_or("");
    for code in ErrorCode::ALL {
        assert!(
            listed.contains(code.as_str()),
            "{} not in the Error schema",
            code.as_str()
        );
        assert_eq!(
            doc["components"]["x-error-codes"][code.as_str()],
            code.status().as_u16(),
            "{}",
            code.as_str()
        );
        assert!(
            description.contains(&format!(
                "| `{}` | {} |",
                code.as_str(),
                code.status().as_u16()
            )),
            "{} not in the error table",
            code.as_str()
        );
    }
    let schemes = &doc["components"]["securitySchemes"];
    assert_eq!(schemes["apiKey"]["scheme"], "bearer");
    assert_eq!(schemes["sessionToken"]["scheme"], "bearer");
    assert!(description.contains("Compatibility promise"));
    assert!(description.contains("additively"));
    // Every REST operation: the key, the rate-limit 429 and its headers, examples for bodies.
    for (path, methods) in doc["paths"].as_object().expect("paths") {
        for (method, op) in methods.as_object().expect("methods") {
            assert!(op["operationId"].is_string(), "{method} {path}");
            let has_success = op["responses"]
                .as_object()
                .is_some_and(|r| r.keys().any(|s| s.starts_with('2')));
            assert!(has_success, "{method} {path} has no success response");
            if path.starts_with("/v1/") && path != "/v1/openapi.json" {
                assert_eq!(
                    op["security"][0]["apiKey"],
                    serde_json::json!([]),
                    "{method} {path}"
                );
                assert!(op["responses"]["429"].is_object(), "{method} {path}");
                assert!(op["responses"]["401"].is_object(), "{method} {path}");
            }
            if let Some(content) = op["requestBody"]["content"]["application/json"].as_object() {
                assert!(
                    content.contains_key("examples"),
                    "{method} {path} body has no example"
                );
            }
        }
    }
    let spec_paths = [
        "/v1/recipes",
        "/v1/recipes/{id}",
        "/v1/recipes/{id}/{file}",
        "/v1/ingredients",
        "/v1/ingredients/{id}",
        "/v1/analyze",
        "/v1/foods",
        "/v1/foods/{id}",
        "/v1/formats",
        "/v1/formats/{id}",
        "/v1/recipes/{id}/history",
        "/functions/v1/export-label",
        "/auth/v1/token",
        "/embed.js",
        "/embed/{token}",
    ];
    for path in spec_paths {
        assert!(doc["paths"][path].is_object(), "{path} missing");
    }
}

/// A value for a path parameter that makes the route match.
fn sample(path: &str) -> String {
    path.replace(
        "{id}/{file}",
        "rcp_00000000000000000000000000000000/label.svg",
    )
    .replace(
        "/v1/recipes/{id}",
        "/v1/recipes/rcp_00000000000000000000000000000000",
    )
    .replace(
        "/v1/ingredients/{id}",
        "/v1/ingredients/ing_00000000000000000000000000000000",
    )
    .replace("/v1/foods/{id}", "/v1/foods/fooddb:0")
    .replace("/v1/formats/{id}", "/v1/formats/us.v")
    .replace("{token}", "emb_nope")
    .replace("{asset}", "init.js")
}

#[tokio::test]
async fn every_documented_operation_is_served_and_the_document_is_public() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let served = app.get("", "/v1/openapi.json").await;
    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(&served.body, nls::openapi::document());
    let doc = nls::openapi::document();
    for (method, path) in documented(doc) {
        if path.ends_with("/events") {
            continue; // a stream; its 404 for an unknown token is checked by the embed tests
        }
        let url = sample(&path);
        let method = Method::from_bytes(method.to_uppercase().as_bytes()).expect("method");
        let body = (method == Method::POST || method == Method::PUT).then(|| serde_json::json!({}));
        let reply = app.call(method.clone(), &key, &url, body).await;
        let fallback = reply.body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("no such route"));
        assert!(
            !fallback,
            "{method} {url} fell through to the unknown-route answer"
        );
        assert_ne!(reply.code(), "method_not_allowed", "{method} {url}");
        // The app's page is 503 where the front end was not built (app_session.rs tests
        // both answers with a build of its own).
        let app_not_built = url.starts_with("/app")
            && reply.status == StatusCode::SERVICE_UNAVAILABLE
            && reply.body["raw"]
                .as_str()
                .is_some_and(|t| t.contains("not built"));
        assert!(
            app_not_built || reply.status.as_u16() < 500,
            "{method} {url}: {:?}",
            reply.body
        );
    }
    app.finish().await;
}

#[tokio::test]
async fn the_reference_page_loads_only_from_this_host() {
    let app = TestApp::spawn().await;
    let page = app
        .http
        .get(format!("{}/docs", app.base))
        .send()
        .await
        .expect("docs");
    assert_eq!(page.status(), StatusCode::OK);
    let csp = page
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    assert!(csp.contains("default-src 'none'"), "{csp}");
    assert!(!csp.contains("http") && !csp.contains('*'), "{csp}");
    let html = page.text().await.expect("html");
    let mut assets = Vec::new();
    for attr in ["src=\"", "href=\""] {
        let mut rest = html.as_str();
        while let Some(at) = rest.find(attr) {
            rest = &rest[at + attr.len()..];
            let url = &rest[..rest.find('"').unwrap_or(0)];
            assert!(url.starts_with("/docs/"), "{url} is not on this host");
            assets.push(url.to_owned());
        }
    }
    assert_eq!(assets.len(), 3, "{assets:?}");
    for asset in assets {
        let response = app
            .http
            .get(format!("{}{asset}", app.base))
            .send()
            .await
            .expect("asset");
        assert_eq!(response.status(), StatusCode::OK, "{asset}");
        let text = response.text().await.expect("asset body");
        assert!(text.len() > 100, "{asset}");
        if asset.ends_with("init.js") {
            assert!(text.contains("/v1/openapi.json") && text.contains("validatorUrl: null"));
        }
    }
    let licence = app.get("", "/docs/LICENSE").await;
    assert_eq!(licence.status, StatusCode::OK);
    app.finish().await;
}

/// `nls openapi`, which the clients are generated from (`scripts/clients.sh`), prints the
/// served document byte for byte (and a final newline).
#[tokio::test]
async fn the_openapi_command_prints_the_served_document() {
    let app = TestApp::spawn().await;
    let served = reqwest::get(format!("{}/v1/openapi.json", app.base))
        .await
        .expect("document served")
        .bytes()
        .await
        .expect("document read");
    let printed = std::process::Command::new(env!("CARGO_BIN_EXE_nls"))
        .arg("openapi")
        .output()
        .expect("nls openapi runs");
    assert!(printed.status.success(), "{printed:?}");
    assert_eq!(printed.stdout.strip_suffix(b"\n"), Some(&served[..]));
    app.finish().await;
}
