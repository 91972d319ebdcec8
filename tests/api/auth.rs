use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{oat_paste, TestApp};

#[tokio::test]
async fn missing_malformed_unknown_and_revoked_keys_get_401() {
    let app = TestApp::spawn().await;
    let (_, key) = app.account("business", false).await;
    let missing = app.get("", "/v1/recipes").await;
    let malformed = app.get("not-a-key", "/v1/recipes").await;
    let unknown_key = nls_web::auth::generate_key().clear;
    let unknown = app.get(&unknown_key, "/v1/recipes").await;
    for reply in [&missing, &malformed, &unknown] {
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
        assert_eq!(reply.code(), "unauthorized");
    }
    assert_eq!(app.get(&key, "/v1/recipes").await.status, StatusCode::OK);
    sqlx::query("update api_key set revoked_at = now()")
        .execute(&app.pool)
        .await
        .expect("revoke");
    // A hand-written revocation notifies every process (a trigger); waiting for them is
    // what `nls key revoke` does after its update.
    nls_web::lease::settle(&app.pool).await.expect("settled");
    let revoked = app.get(&key, "/v1/recipes").await;
    assert_eq!(revoked.status, StatusCode::UNAUTHORIZED);
    // A key never appears in an error message.
    assert!(!revoked.body.to_string().contains(&key));
    app.finish().await;
}

#[tokio::test]
async fn rest_access_needs_the_business_plan_or_early_access() {
    let app = TestApp::spawn().await;
    let (_, pro) = app.account("professional", false).await;
    let refused = app.get(&pro, "/v1/recipes").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.code(), "plan_feature_not_allowed");
    let (_, early) = app.account("professional", true).await;
    assert_eq!(app.get(&early, "/v1/recipes").await.status, StatusCode::OK);
    app.finish().await;
}

#[tokio::test]
async fn another_accounts_resources_are_404_on_every_route() {
    let app = TestApp::spawn().await;
    let owner = app.business_key().await;
    let stranger = app.business_key().await;
    let ing = app.create_ingredient(&owner, oat_paste()).await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let rcp = app
        .create_recipe(&owner, json!({ "name": "Mine", "servings": 1, "ingredients": [{ "ingredient_id": ing, "grams": 10 }] }))
        .await["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let body = Some(json!({ "name": "Taken" }));
    let attempts = [
        (Method::GET, format!("/v1/recipes/{rcp}"), None),
        (Method::PUT, format!("/v1/recipes/{rcp}"), body.clone()),
        (Method::DELETE, format!("/v1/recipes/{rcp}"), None),
        (Method::GET, format!("/v1/recipes/{rcp}/history"), None),
        (Method::GET, format!("/v1/ingredients/{ing}"), None),
        (Method::PUT, format!("/v1/ingredients/{ing}"), body.clone()),
        (Method::DELETE, format!("/v1/ingredients/{ing}"), None),
        (Method::GET, format!("/v1/ingredients/{ing}/history"), None),
    ];
    for (method, path, body) in attempts {
        let reply = app.call(method.clone(), &stranger, &path, body).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{method} {path}");
        assert_eq!(reply.code(), "not_found");
    }
    // Using the other account's ingredient in a recipe does not reveal it either.
    let borrow = app
        .post(&stranger, "/v1/recipes", json!({ "name": "Theirs", "servings": 1, "ingredients": [{ "ingredient_id": ing, "grams": 10 }] }))
        .await;
    assert_eq!(borrow.code(), "unknown_ingredient");
    assert_eq!(
        app.get(&stranger, "/v1/recipes").await.body["data"],
        json!([])
    );
    // The owner's data is untouched.
    assert_eq!(
        app.get(&owner, &format!("/v1/recipes/{rcp}")).await.body["name"],
        "Mine"
    );
    app.finish().await;
}

/// A key revoked by `nls key revoke` is refused by the very next request in another
/// process, even one that holds a lease of reserved requests for it (issue 18, item 6).
#[tokio::test]
async fn a_revoked_key_is_refused_at_once_by_every_process() {
    // 100,000 a minute: leases of up to 1,000 requests, so the second server serves this
    // key from memory after its first few requests.
    let (app, others) = crate::limits::limited_app(100_000, 1).await;
    let other = format!("http://{}", others[0].local_addr());
    let (_, key) = app.account("business", false).await;
    let get = |base: String| {
        let request = app.http.get(format!("{base}/v1/recipes")).bearer_auth(&key);
        async move { request.send().await.expect("server answers").status() }
    };
    for _ in 0..50 {
        assert_eq!(get(other.clone()).await, StatusCode::OK);
    }
    nls::admin::key::run(
        &app.db.url,
        nls::cli::KeyAction::Revoke {
            key_or_key_id: key.clone(),
        },
    )
    .await
    .expect("nls key revoke");
    assert_eq!(get(other.clone()).await, StatusCode::UNAUTHORIZED);
    assert_eq!(get(app.base.clone()).await, StatusCode::UNAUTHORIZED);
    for server in others {
        server.shutdown().await;
    }
    app.finish().await;
}
