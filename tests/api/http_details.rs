//! HTTP details (issue 12, item 6), each through the real server.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::export::{export, label, token};
use crate::helpers::{oat_paste, TestApp};
use crate::labels::fetch;

/// A one-line recipe body around a custom ingredient.
fn recipe_body(ingredient: &Value) -> Value {
    json!({ "name": "Oat bar", "servings": 2,
            "ingredients": [{ "ingredient_id": ingredient["id"], "grams": 100 }] })
}

/// A request with a raw body (for bodies `serde_json` would never write).
async fn post_raw(
    app: &TestApp,
    key: &str,
    path: &str,
    body: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, Value) {
    let mut request = app
        .http
        .post(format!("{}{path}", app.base))
        .bearer_auth(key)
        .header("content-type", "application/json")
        .body(body.to_owned());
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("request reaches the server");
    let status = response.status();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body)
}

#[tokio::test]
async fn a_401_names_the_bearer_scheme() {
    let app = TestApp::spawn().await;
    for reply in [
        app.get("", "/v1/recipes").await,
        app.get("nls_not_a_key", "/v1/recipes").await,
    ] {
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
        assert_eq!(reply.code(), "unauthorized");
        let challenge = reply
            .headers
            .get("www-authenticate")
            .and_then(|v| v.to_str().ok());
        assert_eq!(challenge, Some("Bearer"));
    }
    let reply = export(&app, "", json!({ "fileType": "svg", "data": {} })).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    assert_eq!(reply.header("www-authenticate"), "Bearer");
    app.finish().await;
}

#[tokio::test]
async fn the_auth_scheme_is_case_insensitive() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    for scheme in ["bearer", "BEARER", "bEaReR"] {
        let response = app
            .http
            .get(format!("{}/v1/recipes", app.base))
            .header("authorization", format!("{scheme} {key}"))
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::OK, "{scheme}");
        // Counted by the rate limiter like any request with the key.
        assert!(
            response.headers().contains_key("ratelimit-limit"),
            "{scheme}"
        );
    }
    let session = token(&app, "professional").await;
    let data = label(&app, "standard").await;
    let response = app
        .http
        .post(format!("{}/functions/v1/export-label", app.base))
        .header("authorization", format!("bearer {session}"))
        .json(&json!({ "fileType": "svg", "data": data }))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK);
    app.finish().await;
}

#[tokio::test]
async fn an_over_long_uri_gets_the_json_error_body() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let reply = app
        .get(&key, &format!("/v1/recipes?q={}", "x".repeat(20_000)))
        .await;
    assert_eq!(reply.status, StatusCode::URI_TOO_LONG);
    assert_eq!(reply.code(), "uri_too_long", "{:?}", reply.body);
    assert_eq!(
        reply
            .headers
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("application/json")
    );
    app.finish().await;
}

#[tokio::test]
async fn if_match_understands_unknown_tags_lists_and_any() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let ingredient = app.create_ingredient(&key, oat_paste()).await;
    let path = format!(
        "/v1/ingredients/{}",
        ingredient["id"].as_str().unwrap_or("")
    );
    let put = |if_match: &'static str, name: &'static str| {
        let (app, key, path) = (&app, &key, &path);
        async move {
            app.call_with(
                Method::PUT,
                key,
                path,
                Some(json!({ "name": name })),
                &[("if-match", if_match)],
            )
            .await
        }
    };
    // Well-formed tags that name no version of it: 412, never 400.
    for unknown in ["\"abc\"", "W/\"1\"", "\"9\", \"8\""] {
        let reply = put(unknown, "Never").await;
        assert_eq!(
            reply.status,
            StatusCode::PRECONDITION_FAILED,
            "{unknown}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), "version_mismatch");
    }
    // A list holding the current version.
    let reply = put("\"7\", \"1\"", "Listed").await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    assert_eq!(reply.etag(), "\"2\"");
    let reply = put("*", "Any").await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    // Not an entity-tag list at all: 400.
    let reply = put("2", "Bare").await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.code(), "validation_failed");
    app.finish().await;
}

#[tokio::test]
async fn null_in_a_put_clears_an_optional_field() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let ingredient = app.create_ingredient(&key, oat_paste()).await;
    let ingredient_path = format!(
        "/v1/ingredients/{}",
        ingredient["id"].as_str().unwrap_or("")
    );
    let named = app
        .put(
            &key,
            &ingredient_path,
            json!({ "label_name": "oats (whole grain)" }),
        )
        .await;
    assert_eq!(named.body["label_name"], "oats (whole grain)");
    let mut body = recipe_body(&ingredient);
    body["serving_weight_g"] = json!(45);
    body["serving_size_text"] = json!("1 bar (45g)");
    let recipe = app.create_recipe(&key, body).await;
    let recipe_path = format!("/v1/recipes/{}", recipe["id"].as_str().unwrap_or(""));

    let cleared = app
        .put(
            &key,
            &recipe_path,
            json!({ "serving_weight_g": null, "serving_size_text": null }),
        )
        .await;
    assert_eq!(cleared.status, StatusCode::OK, "{:?}", cleared.body);
    // Back to the defaults: total weight / servings, no text.
    assert_eq!(cleared.body["serving_weight_g"], json!(50.0));
    assert_eq!(cleared.body["serving_size_text"], Value::Null);
    let label = &cleared.body["label"];
    assert_eq!(label["serving_size"]["grams"], json!(50.0), "{label}");

    let cleared = app
        .put(
            &key,
            &ingredient_path,
            json!({ "label_name": null, "cost_per_unit": null, "unit": null }),
        )
        .await;
    assert_eq!(cleared.status, StatusCode::OK, "{:?}", cleared.body);
    for field in ["label_name", "cost_per_unit", "unit"] {
        assert_eq!(cleared.body[field], Value::Null, "{field}");
    }
    // Clearing what is already clear changes nothing.
    let again = app
        .put(&key, &ingredient_path, json!({ "label_name": null }))
        .await;
    assert_eq!(again.body["version"], cleared.body["version"]);
    app.finish().await;
}

#[tokio::test]
async fn tiny_amounts_are_refused_as_too_small() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let reply = app
        .post(
            &key,
            "/v1/recipes",
            json!({ "name": "Dust", "servings": 1,
                    "ingredients": [{ "name": "milk", "grams": 1e-320 }] }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{:?}", reply.body);
    assert_eq!(reply.code(), "validation_failed");
    let message = reply.body["error"]["message"].as_str().unwrap_or("");
    assert!(message.contains("too small"), "{message}");
    assert!(!message.contains("too large"), "{message}");
    assert_eq!(
        reply.body["error"]["details"][0]["field"],
        "ingredients[0].grams"
    );
    app.finish().await;
}

#[tokio::test]
async fn error_messages_name_api_fields_not_rust_types() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    for (body, field) in [
        (
            json!({ "name": "x", "servings": 1, "ingredients": [{ "name": "milk", "grams": "ten" }] }),
            "ingredients[0].grams",
        ),
        (
            json!({ "name": "x", "servings": 1, "ingredients": [5] }),
            "ingredients[0]",
        ),
        (
            json!({ "name": "x", "servings": "two", "ingredients": [] }),
            "servings",
        ),
        (
            json!({ "name": "x", "servings": 1, "ingredients": [{ "name": "milk" }] }),
            "ingredients[0].grams",
        ),
    ] {
        let reply = app.post(&key, "/v1/recipes", body.clone()).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{body}");
        let message = reply.body["error"]["message"].as_str().unwrap_or("");
        for rust in ["f64", "EntryBody", "RecipeBody", "struct", "sequence"] {
            assert!(!message.contains(rust), "{body}: {message}");
        }
        assert!(message.starts_with(field), "{body}: {message}");
        assert_eq!(reply.body["error"]["details"][0]["field"], field, "{body}");
    }
    // The export function's label object too.
    let session = token(&app, "professional").await;
    for data in [
        json!([1]),
        json!({ "format": "standard", "serving_size": 5 }),
    ] {
        let reply = export(&app, &session, json!({ "fileType": "svg", "data": data })).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST);
        let message = reply.json()["error"]["message"]
            .as_str()
            .unwrap_or("")
            .to_owned();
        for rust in ["LabelWire", "ServingSize", "struct", "sequence", "f64"] {
            assert!(!message.contains(rust), "{data}: {message}");
        }
    }
    app.finish().await;
}

#[tokio::test]
async fn duplicate_json_keys_are_refused_naming_the_key() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (status, body) = post_raw(
        &app,
        &key,
        "/v1/ingredients",
        r#"{"name":"Oat paste","nutrients_per_100g":{"calories":400,"calories":0}}"#,
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["code"], "invalid_json");
    let message = body["error"]["message"].as_str().unwrap_or("");
    assert!(
        message.contains("duplicate key") && message.contains("calories"),
        "{message}"
    );
    app.finish().await;
}

#[tokio::test]
async fn idempotency_keys_compare_the_parsed_body() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let headers = [("idempotency-key", "create-oat-paste-1")];
    let first =
        r#"{"name": "Oat paste", "nutrients_per_100g": {"calories": 400, "protein_g": 12}}"#;
    let same = r#"{"nutrients_per_100g":{"protein_g":12.0,"calories":4e2},"name":"Oat paste"}"#;
    let (status, created) = post_raw(&app, &key, "/v1/ingredients", first, &headers).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let (status, replayed) = post_raw(&app, &key, "/v1/ingredients", same, &headers).await;
    assert_eq!(status, StatusCode::CREATED, "{replayed}");
    assert_eq!(replayed["id"], created["id"]);
    // Another meaning is still another request.
    let other =
        r#"{"name": "Oat paste", "nutrients_per_100g": {"calories": 401, "protein_g": 12}}"#;
    let (status, refused) = post_raw(&app, &key, "/v1/ingredients", other, &headers).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["error"]["code"], "idempotency_key_reused");
    app.finish().await;
}

#[tokio::test]
async fn a_create_with_the_embed_on_is_version_1() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let ingredient = app.create_ingredient(&key, oat_paste()).await;
    let mut body = recipe_body(&ingredient);
    body["embed_enabled"] = json!(true);
    body["archived"] = json!(true);
    let reply = app.post(&key, "/v1/recipes", body).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
    assert_eq!(reply.body["version"], 1);
    assert_eq!(reply.etag(), "\"1\"");
    assert!(reply.body["embed"]["token"]
        .as_str()
        .is_some_and(|t| t.starts_with("emb_")));
    assert_eq!(reply.body["archived"], true);
    let id = reply.body["id"].as_str().unwrap_or("");
    let history = app.get(&key, &format!("/v1/recipes/{id}/history")).await;
    assert_eq!(
        history.body["data"].as_array().map(Vec::len),
        Some(1),
        "{:?}",
        history.body
    );
    // And the embed works from that one event.
    let token = reply.body["embed"]["token"].as_str().unwrap_or("");
    let page = app
        .http
        .get(format!("{}/embed/{token}", app.base))
        .send()
        .await
        .expect("page");
    assert_eq!(page.status(), StatusCode::OK);
    app.finish().await;
}

/// Sends a chunked body of `total` bytes, as a simple client does: the whole body first,
/// then the response. Returns whether every write went through (a client that sees its
/// write fail with a reset gives up without reading), and the status line.
async fn chunked_upload(app: &TestApp, key: &str, total: usize) -> (bool, String) {
    let address = app.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).await.expect("connect");
    let head = format!(
        "POST /v1/ingredients HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {key}\r\n\
         Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    let upload = async {
        stream.write_all(head.as_bytes()).await?;
        let chunk = vec![b' '; 64 * 1024];
        let mut sent = 0;
        while sent < total {
            stream
                .write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
                .await?;
            stream.write_all(&chunk).await?;
            stream.write_all(b"\r\n").await?;
            sent += chunk.len();
        }
        stream.write_all(b"0\r\n\r\n").await?;
        Ok::<_, std::io::Error>(())
    };
    let written = matches!(
        tokio::time::timeout(Duration::from_secs(10), upload).await,
        Ok(Ok(()))
    );
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    let read = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
            if received.windows(4).any(|w| w == b"\r\n\r\n") {
                break;
            }
        }
    })
    .await;
    assert!(read.is_ok(), "no response within 10 s");
    let text = String::from_utf8_lossy(&received);
    (written, text.lines().next().unwrap_or("").to_owned())
}

#[tokio::test]
async fn a_chunked_body_over_the_limit_gets_its_429_every_time() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    for attempt in 0..4 {
        // Far more than the socket buffers hold: the server must keep reading to take it.
        let (written, status) = chunked_upload(&app, &key, 16 * 1024 * 1024).await;
        assert!(
            written,
            "attempt {attempt}: the upload was cut off by a reset (server closed while reading)"
        );
        assert!(
            status.starts_with("HTTP/1.1 429"),
            "attempt {attempt}: {status:?}"
        );
    }
    app.finish().await;
}

#[tokio::test]
async fn the_openapi_document_gives_the_details_shape_of_every_code() {
    let app = TestApp::spawn().await;
    let document = app.get("", "/v1/openapi.json").await.body;
    let shapes = &document["components"]["x-error-details"];
    for code in nls_web::ErrorCode::ALL {
        assert!(
            shapes[code.as_str()].is_object(),
            "no details shape for {}",
            code.as_str()
        );
    }
    app.finish().await;
}

#[tokio::test]
async fn large_json_goes_gzipped_to_clients_that_accept_it_and_label_files_as_they_are() {
    use std::io::Read;
    let app = TestApp::spawn().await;
    let key = app.business_key().await;

    let plain = fetch(&app, &key, "/v1/formats", &[]).await;
    assert_eq!(plain.status, StatusCode::OK);
    assert_eq!(plain.header("content-encoding"), "");
    let plain = plain.json();
    assert!(plain.is_object() || plain.is_array(), "formats JSON");

    let zipped = fetch(&app, &key, "/v1/formats", &[("accept-encoding", "gzip")]).await;
    assert_eq!(zipped.status, StatusCode::OK);
    assert_eq!(zipped.header("content-encoding"), "gzip");
    let vary = zipped.header("vary").to_ascii_lowercase();
    assert!(vary.contains("accept-encoding"), "{vary:?}");
    let mut unpacked = Vec::new();
    flate2::read::GzDecoder::new(&zipped.bytes[..])
        .read_to_end(&mut unpacked)
        .expect("a gzip body");
    let same: Value = serde_json::from_slice(&unpacked).expect("JSON once unpacked");
    assert_eq!(same, plain);
    assert!(
        zipped.bytes.len() * 4 < unpacked.len(),
        "{} bytes packed from {}",
        zipped.bytes.len(),
        unpacked.len()
    );

    // Label files go as drawn, whatever the client accepts.
    let ingredient = app.create_ingredient(&key, oat_paste()).await;
    let recipe = app.create_recipe(&key, recipe_body(&ingredient)).await;
    let id = recipe["id"].as_str().expect("recipe id");
    for file in ["label.svg", "label.png", "label.pdf"] {
        let path = format!("/v1/recipes/{id}/{file}");
        let response = fetch(&app, &key, &path, &[("accept-encoding", "gzip")]).await;
        assert_eq!(response.status, StatusCode::OK, "{path}");
        assert_eq!(
            response.header("content-encoding"),
            "",
            "{file} is not re-encoded"
        );
    }
    app.finish().await;
}
