use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::TestApp;

async fn raw(
    app: &TestApp,
    key: &str,
    method: reqwest::Method,
    path: &str,
    content_type: &str,
    body: Vec<u8>,
) -> (StatusCode, Value) {
    let response = app
        .http
        .request(method, format!("{}{path}", app.base))
        .bearer_auth(key)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("request reaches the server");
    let status = response.status();
    let body = response.json::<Value>().await.unwrap_or(Value::Null);
    (status, body)
}

#[tokio::test]
async fn bad_bodies_get_400_with_a_stable_code_and_nothing_is_written() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("malformed JSON", b"{\"name\": ".to_vec(), "invalid_json"),
        ("oversized number", br#"{"name":"x","servings":1e999,"ingredients":[{"name":"sugar","grams":1}]}"#.to_vec(), "invalid_json"),
        ("unknown field", br#"{"name":"x","servings":1,"colour":"red","ingredients":[{"name":"sugar","grams":1}]}"#.to_vec(), "unknown_field"),
        ("unknown entry field", br#"{"name":"x","servings":1,"ingredients":[{"name":"sugar","grams":1,"qty":2}]}"#.to_vec(), "unknown_field"),
        ("wrong type", br#"{"name":"x","servings":"four","ingredients":[{"name":"sugar","grams":1}]}"#.to_vec(), "validation_failed"),
        ("negative grams", br#"{"name":"x","servings":1,"ingredients":[{"name":"sugar","grams":-5}]}"#.to_vec(), "validation_failed"),
        ("empty ingredient list", br#"{"name":"x","servings":1,"ingredients":[]}"#.to_vec(), "validation_failed"),
        ("missing name", br#"{"servings":1,"ingredients":[{"name":"sugar","grams":1}]}"#.to_vec(), "validation_failed"),
        ("zero servings", br#"{"name":"x","servings":0,"ingredients":[{"name":"sugar","grams":1}]}"#.to_vec(), "validation_failed"),
        ("not an object", b"[1,2,3]".to_vec(), "validation_failed"),
        ("unknown ingredient", br#"{"name":"x","servings":1,"ingredients":[{"name":"xyzzy unobtainium","grams":1}]}"#.to_vec(), "unknown_ingredient"),
    ];
    for (what, body, code) in cases {
        let (status, reply) = raw(
            &app,
            &key,
            reqwest::Method::POST,
            "/v1/recipes",
            "application/json",
            body,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{what}: {reply}");
        assert_eq!(reply["error"]["code"], code, "{what}: {reply}");
        assert!(
            reply["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{what}"
        );
    }
    let ingredient_cases: Vec<(&str, Value, &str)> = vec![
        (
            "unknown nutrient",
            json!({"name":"x","nutrients_per_100g":{"vibes_g":1}}),
            "unknown_field",
        ),
        (
            "macros above 100 g",
            json!({"name":"x","nutrients_per_100g":{"total_fat_g":60,"protein_g":50}}),
            "validation_failed",
        ),
        (
            "negative nutrient",
            json!({"name":"x","nutrients_per_100g":{"sodium_mg":-1}}),
            "validation_failed",
        ),
        (
            "unknown allergen",
            json!({"name":"x","nutrients_per_100g":{},"allergens":["glitter"]}),
            "validation_failed",
        ),
        (
            "unknown unit",
            json!({"name":"x","nutrients_per_100g":{},"unit":"bushel"}),
            "validation_failed",
        ),
    ];
    for (what, body, code) in ingredient_cases {
        let reply = app.post(&key, "/v1/ingredients", body).await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{what}: {:?}",
            reply.body
        );
        assert_eq!(reply.code(), code, "{what}");
    }
    let events: i64 = sqlx::query_scalar("select count(*) from event")
        .fetch_one(&app.pool)
        .await
        .unwrap_or(-1);
    assert_eq!(events, 0);
    app.finish().await;
}

#[tokio::test]
async fn the_unknown_ingredient_error_offers_suggestions() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let reply = app
        .post(&key, "/v1/recipes", json!({"name":"x","servings":1,"ingredients":[{"name":"bananna bread mix deluxe","grams":1}]}))
        .await;
    assert_eq!(reply.code(), "unknown_ingredient");
    let suggestions = reply.body["error"]["details"]["suggestions"]
        .as_array()
        .map(Vec::len)
        .unwrap_or(99);
    assert!(suggestions <= 5);
    app.finish().await;
}

#[tokio::test]
async fn wrong_content_type_unknown_routes_and_methods_get_json_errors() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (status, body) = raw(
        &app,
        &key,
        reqwest::Method::POST,
        "/v1/recipes",
        "text/plain",
        b"{}".to_vec(),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(body["error"]["code"], "unsupported_media_type");
    let unknown = app.get(&key, "/v2/recipes").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.code(), "not_found");
    let wrong = app
        .call(reqwest::Method::PATCH, &key, "/v1/recipes", Some(json!({})))
        .await;
    assert_eq!(wrong.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(wrong.code(), "method_not_allowed");
    let bad_id = app.get(&key, "/v1/recipes/rcp_'%20or%201=1--").await;
    assert_eq!(bad_id.status, StatusCode::NOT_FOUND);
    assert_eq!(bad_id.code(), "not_found");
    let bad_limit = app.get(&key, "/v1/recipes?limit=0").await;
    assert_eq!(bad_limit.code(), "validation_failed");
    let bad_cursor = app.get(&key, "/v1/recipes?cursor=%27%3B").await;
    assert_eq!(bad_cursor.code(), "validation_failed");
    app.finish().await;
}

#[tokio::test]
async fn bodies_over_one_megabyte_get_429_payload_too_large() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let mut body = b"{\"name\":\"".to_vec();
    body.extend(std::iter::repeat_n(b'a', 1024 * 1024));
    body.extend(b"\"}");
    let (status, reply) = raw(
        &app,
        &key,
        reqwest::Method::POST,
        "/v1/recipes",
        "application/json",
        body,
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(reply["error"]["code"], "payload_too_large");
    app.finish().await;
}

#[tokio::test]
async fn health_and_readiness_answer() {
    let app = TestApp::spawn().await;
    assert_eq!(app.get("", "/healthz").await.status, StatusCode::OK);
    let ready = app
        .eventually(std::time::Duration::from_secs(10), "readiness", || async {
            let reply = app.get("", "/readyz").await;
            (reply.status == StatusCode::OK).then_some(reply)
        })
        .await;
    assert_eq!(ready.body["postgres"], true);
    assert_eq!(ready.body["nats"], true);
    app.finish().await;
}
