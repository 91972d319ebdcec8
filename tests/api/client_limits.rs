//! Issue 28, items 2 and 4: sign-ups and sign-ins limited per client address, and no
//! lock-out of an owner from one address (the attempts of an e-mail address are counted per
//! client). Clients are told apart by `X-Forwarded-For` from a trusted proxy (the test's
//! loopback).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{nats_url, TestApp};

async fn behind_proxy() -> TestApp {
    TestApp::spawn_configured(nats_url(), |config| {
        config.trusted_proxies = "127.0.0.0/8, ::1".parse().expect("proxy list");
    })
    .await
}

async fn post_from(
    app: &TestApp,
    client: &str,
    path: &str,
    body: Value,
) -> (StatusCode, Value, Option<String>) {
    let response = app
        .http
        .post(format!("{}{path}", app.base))
        .header("x-forwarded-for", client)
        .header("origin", app.base.clone())
        .json(&body)
        .send()
        .await
        .expect("request reaches the server");
    let status = response.status();
    let retry = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body, retry)
}

#[tokio::test]
async fn a_client_signs_up_at_most_five_accounts_an_hour_and_another_client_is_not_held_back() {
    let app = behind_proxy().await;
    let sign_up = |n: usize| json!({"email": format!("owner{n}@example.com"), "password": "correct horse battery", "account_name": "Corner Bakery"});
    for n in 0..5 {
        let (status, body, _) =
            post_from(&app, "198.51.100.7", "/auth/v1/signup", sign_up(n)).await;
        assert_eq!(status, StatusCode::CREATED, "{n}: {body}");
    }
    let (status, body, retry) =
        post_from(&app, "198.51.100.7", "/auth/v1/signup", sign_up(5)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["error"]["code"], "rate_limited");
    assert!(retry.is_some_and(|r| r.parse::<u64>().is_ok_and(|s| s >= 60)));
    let (status, body, _) = post_from(&app, "203.0.113.20", "/auth/v1/signup", sign_up(6)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    app.finish().await;
}

#[tokio::test]
async fn a_guesser_from_one_address_cannot_lock_the_owner_out() {
    let app = behind_proxy().await;
    let email = "chef@example.com";
    let (status, body, _) = post_from(
        &app,
        "203.0.113.5",
        "/auth/v1/signup",
        json!({"email": email, "password": "correct horse battery", "account_name": "Chef"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let wrong = json!({"email": email, "password": "wrong password 1"});
    let mut refused = 0;
    for _ in 0..14 {
        let (status, _, _) =
            post_from(&app, "198.51.100.66", "/auth/v1/token", wrong.clone()).await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            refused += 1;
        } else {
            assert_eq!(status, StatusCode::UNAUTHORIZED);
        }
    }
    assert!(refused >= 4, "the guesser is limited: {refused} refused");
    // The owner, from their own address, still signs in.
    let (status, body, _) = post_from(
        &app,
        "203.0.113.5",
        "/auth/v1/token",
        json!({"email": email, "password": "correct horse battery"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.finish().await;
}
