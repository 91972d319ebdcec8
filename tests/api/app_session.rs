//! The browser app's sessions (issue 16): sign-up, sign-in, the cookie on the same `/v1`
//! API with CSRF and origin checks and its own bucket, sign-out, and the app's files.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{nats_url, Reply, TestApp};

const PASSWORD: &str = "flour and water 42";

/// A signed-in browser: the cookie header and the CSRF token.
struct Browser {
    cookie: String,
    csrf: String,
    account_id: String,
}

fn cookie_of(reply: &Reply) -> String {
    let set = reply
        .headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .expect("a Set-Cookie header");
    set.split(';').next().unwrap_or_default().to_owned()
}

async fn sign_up(app: &TestApp, email: &str) -> (Reply, Browser) {
    let reply = app
        .call(
            Method::POST,
            "",
            "/auth/v1/signup",
            Some(json!({"email": email, "password": PASSWORD, "account_name": "Corner Bakery"})),
        )
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
    let browser = Browser::of(&reply);
    (reply, browser)
}

impl Browser {
    /// The browser a sign-up or sign-in answer starts: its cookie and CSRF token.
    fn of(reply: &Reply) -> Self {
        Browser {
            cookie: cookie_of(reply),
            csrf: reply.body["csrf_token"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            account_id: reply.body["account"]["id"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        }
    }

    async fn call(&self, app: &TestApp, method: Method, path: &str, body: Option<Value>) -> Reply {
        app.call_with(
            method,
            "",
            path,
            body,
            &[("cookie", &self.cookie), ("x-csrf-token", &self.csrf)],
        )
        .await
    }

    async fn call_without_csrf(
        &self,
        app: &TestApp,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Reply {
        app.call_with(method, "", path, body, &[("cookie", &self.cookie)])
            .await
    }
}

fn recipe() -> Value {
    json!({"name": "Scones", "servings": 4, "ingredients": [
        {"name": "all-purpose flour", "grams": 250}, {"name": "milk", "grams": 120}
    ]})
}

#[tokio::test]
async fn a_signed_up_baker_uses_the_api_through_the_cookie_on_the_free_plan() {
    let app = TestApp::spawn().await;
    let (reply, browser) = sign_up(&app, "baker@example.com").await;
    let set_cookie = reply.headers["set-cookie"].to_str().unwrap_or_default();
    assert!(set_cookie.starts_with("nls_session=nlsa_"), "{set_cookie}");
    assert!(set_cookie.contains("HttpOnly") && set_cookie.contains("SameSite=Lax"));
    assert!(
        !set_cookie.contains("Secure"),
        "plain http has no Secure cookies"
    );
    assert_eq!(reply.body["account"]["plan"]["id"], "free");
    assert_eq!(reply.body["account"]["plan"]["export_watermarked"], true);
    assert_eq!(reply.headers["cache-control"], "no-store");
    // The clear session token is in the cookie only, never in the body or the table.
    assert!(!reply.body.to_string().contains("nlsa_"));
    let stored: i64 = sqlx::query_scalar(
        "select count(*) from app_session where token_hash = sha256(convert_to($1, 'UTF8'))",
    )
    .bind(browser.cookie.trim_start_matches("nls_session="))
    .fetch_one(&app.pool)
    .await
    .expect("count sessions");
    assert_eq!(
        stored, 1,
        "the session is stored as the SHA-256 of its token"
    );

    // Reads work for a free account (the REST gate is for keys), with the session's bucket.
    let list = browser.call(&app, Method::GET, "/v1/recipes", None).await;
    assert_eq!(list.status, StatusCode::OK, "{:?}", list.body);
    assert_eq!(list.headers["ratelimit-limit"], "600");

    // A write without the CSRF token is refused and writes nothing.
    let refused = browser
        .call_without_csrf(&app, Method::POST, "/v1/recipes", Some(recipe()))
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.code(), "csrf_failed");
    let wrong = app
        .call_with(
            Method::POST,
            "",
            "/v1/recipes",
            Some(recipe()),
            &[
                ("cookie", &browser.cookie),
                ("x-csrf-token", "not-the-token"),
            ],
        )
        .await;
    assert_eq!(wrong.code(), "csrf_failed");
    // Another site cannot use it even with the token (it could not read it anyway).
    let cross = app
        .call_with(
            Method::POST,
            "",
            "/v1/recipes",
            Some(recipe()),
            &[
                ("cookie", &browser.cookie),
                ("x-csrf-token", &browser.csrf),
                ("origin", "https://evil.example"),
            ],
        )
        .await;
    assert_eq!(cross.code(), "csrf_failed");
    let events: i64 = sqlx::query_scalar("select count(*) from event")
        .fetch_one(&app.pool)
        .await
        .expect("count events");
    assert_eq!(events, 0, "refused writes append nothing");

    // With the token: created, and the account is the actor in the history.
    let created = browser
        .call(&app, Method::POST, "/v1/recipes", Some(recipe()))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let id = created.body["id"].as_str().unwrap_or_default().to_owned();
    let history = browser
        .call(
            &app,
            Method::GET,
            &format!("/v1/recipes/{id}/history"),
            None,
        )
        .await;
    assert_eq!(
        history.body["data"][0]["actor"],
        format!("account:{}", browser.account_id)
    );

    // Plan rules hold for the app as for keys.
    let eu = browser
        .call(
            &app,
            Method::PUT,
            &format!("/v1/recipes/{id}"),
            Some(json!({"label_format": "eu-1169"})),
        )
        .await;
    assert_eq!(eu.status, StatusCode::FORBIDDEN);
    assert_eq!(eu.code(), "plan_format_not_allowed");
    let embed = browser
        .call(
            &app,
            Method::PUT,
            &format!("/v1/recipes/{id}"),
            Some(json!({"embed_enabled": true})),
        )
        .await;
    assert_eq!(embed.code(), "plan_feature_not_allowed");

    // The export function takes the cookie too (a free account: a watermarked PNG).
    let label = created.body["label"].clone();
    let export = app
        .http
        .post(format!("{}/functions/v1/export-label", app.base))
        .header("cookie", &browser.cookie)
        .header("x-csrf-token", &browser.csrf)
        .json(&json!({"fileType": "png", "data": label, "extra": {}}))
        .send()
        .await
        .expect("export reaches the server");
    assert_eq!(export.status(), StatusCode::OK);
    assert_eq!(export.headers()["content-type"], "image/png");
    // The live preview: an SVG on every plan, with the free plan's watermark; not a file
    // type the free plan may otherwise export.
    let export_svg = |extra: Value| {
        app.http
            .post(format!("{}/functions/v1/export-label", app.base))
            .header("cookie", &browser.cookie)
            .header("x-csrf-token", &browser.csrf)
            .json(&json!({"fileType": "svg", "data": label, "extra": extra}))
            .send()
    };
    let preview = export_svg(json!({"preview": true})).await.expect("preview");
    assert_eq!(preview.status(), StatusCode::OK);
    assert_eq!(preview.headers()["content-type"], "image/svg+xml");
    let svg = preview.text().await.unwrap_or_default();
    assert!(
        svg.contains("SAMPLE"),
        "the free plan's preview carries the watermark"
    );
    let plain = export_svg(json!({})).await.expect("svg export");
    assert_eq!(
        plain.status(),
        StatusCode::FORBIDDEN,
        "an SVG file is still outside the free plan"
    );

    // Who is signed in, then sign-out: the cookie stops working at once.
    let me = browser
        .call(&app, Method::GET, "/auth/v1/session", None)
        .await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["csrf_token"], browser.csrf.as_str());
    assert_eq!(me.body["account"]["email"], "baker@example.com");
    let out_without_token = browser
        .call_without_csrf(&app, Method::DELETE, "/auth/v1/session", None)
        .await;
    assert_eq!(out_without_token.code(), "csrf_failed");
    let out = browser
        .call(&app, Method::DELETE, "/auth/v1/session", None)
        .await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert!(out.headers["set-cookie"]
        .to_str()
        .unwrap_or_default()
        .contains("Max-Age=0"));
    let after = browser.call(&app, Method::GET, "/v1/recipes", None).await;
    assert_eq!(after.status, StatusCode::UNAUTHORIZED);
    assert_eq!(after.code(), "unauthorized");
    let me = browser
        .call(&app, Method::GET, "/auth/v1/session", None)
        .await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED);
    app.finish().await;
}

#[tokio::test]
async fn sign_up_and_sign_in_refuse_what_they_must() {
    let app = TestApp::spawn().await;
    let bad = app
        .call(
            Method::POST,
            "",
            "/auth/v1/signup",
            Some(json!({"email": "not-an-address", "password": "short", "account_name": ""})),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.code(), "validation_failed");
    let fields: Vec<&str> = bad.body["error"]["details"]
        .as_array()
        .map(|d| d.iter().filter_map(|p| p["field"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(fields, ["email", "password", "account_name"]);
    let unknown = app
        .call(
            Method::POST,
            "",
            "/auth/v1/signup",
            Some(json!({"email": "a@example.com", "password": PASSWORD, "account_name": "A", "plan": "business"})),
        )
        .await;
    assert_eq!(
        unknown.code(),
        "unknown_field",
        "nobody signs up onto a paid plan"
    );

    let (_, _) = sign_up(&app, "Chef@Example.com").await;
    let again = app
        .call(
            Method::POST,
            "",
            "/auth/v1/signup",
            Some(json!({"email": "chef@example.com", "password": PASSWORD, "account_name": "B"})),
        )
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.code(), "email_taken");

    let wrong = app
        .call(
            Method::POST,
            "",
            "/auth/v1/session",
            Some(json!({"email": "chef@example.com", "password": "not the password"})),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        wrong.body["error"]["message"],
        "e-mail or password is incorrect"
    );
    assert!(wrong.headers.get("set-cookie").is_none());
    // A NUL in the address (which Postgres refuses in text) is an unknown address, on
    // sign-in and on the token exchange alike, and no address at sign-up.
    for path in ["/auth/v1/session", "/auth/v1/token"] {
        let nul = app
            .call(
                Method::POST,
                "",
                path,
                Some(json!({"email": "chef\u{0}@example.com", "password": PASSWORD})),
            )
            .await;
        assert_eq!(
            nul.status,
            StatusCode::UNAUTHORIZED,
            "{path}: {:?}",
            nul.body
        );
    }
    let nul_sign_up = app
        .call(
            Method::POST,
            "",
            "/auth/v1/signup",
            Some(json!({"email": "cook\u{0}@example.com", "password": PASSWORD, "account_name": "C"})),
        )
        .await;
    assert_eq!(nul_sign_up.code(), "validation_failed");
    let right = app
        .call(
            Method::POST,
            "",
            "/auth/v1/session",
            Some(json!({"email": "CHEF@example.com", "password": PASSWORD})),
        )
        .await;
    assert_eq!(right.status, StatusCode::OK, "{:?}", right.body);
    assert!(cookie_of(&right).starts_with("nls_session=nlsa_"));
    // Sign-in from another site is refused (login CSRF).
    let cross = app
        .call_with(
            Method::POST,
            "",
            "/auth/v1/session",
            Some(json!({"email": "chef@example.com", "password": PASSWORD})),
            &[("origin", "https://evil.example")],
        )
        .await;
    assert_eq!(cross.code(), "csrf_failed");
    // A key-authenticated request ignores any cookie: the key decides.
    let key = app.business_key().await;
    let keyed = app
        .call_with(
            Method::POST,
            &key,
            "/v1/analyze",
            Some(json!({"servings": 1, "ingredients": [{"name": "banana", "grams": 100}]})),
            &[("cookie", "nls_session=nlsa_forged")],
        )
        .await;
    assert_eq!(keyed.status, StatusCode::OK, "{:?}", keyed.body);
    app.finish().await;
}

/// Issue 28, item 3: an account's sessions share one request bucket (a bucket per session
/// let an account multiply its rate by signing in again), and an account holds at most
/// `MAX_SESSIONS_PER_ACCOUNT` live sessions.
#[tokio::test]
async fn an_accounts_app_sessions_share_one_request_bucket() {
    let app = TestApp::spawn().await;
    let (_, browser) = sign_up(&app, "busy@example.com").await;
    let signed_in = app
        .call(
            Method::POST,
            "",
            "/auth/v1/session",
            Some(json!({"email": "busy@example.com", "password": PASSWORD})),
        )
        .await;
    assert_eq!(signed_in.status, StatusCode::OK, "{:?}", signed_in.body);
    let second = Browser::of(&signed_in);
    // Fill the account's bucket to its last request, directly.
    let account_id: uuid::Uuid = browser.account_id.parse().expect("account id");
    sqlx::query(
        "insert into rate_limit (key_id, tat) values ($1, clock_timestamp() + interval '60 seconds')
         on conflict (key_id) do update set tat = excluded.tat",
    )
    .bind(account_id)
    .execute(&app.pool)
    .await
    .expect("fill the bucket");
    for session in [&browser, &second] {
        let limited = session.call(&app, Method::GET, "/v1/recipes", None).await;
        assert_eq!(
            limited.status,
            StatusCode::TOO_MANY_REQUESTS,
            "{:?}",
            limited.body
        );
        assert_eq!(limited.code(), "rate_limited");
        assert!(limited.headers.get("retry-after").is_some());
    }
    app.finish().await;
}

#[tokio::test]
async fn starting_a_session_beyond_the_cap_ends_the_oldest() {
    let app = TestApp::spawn().await;
    let (_, oldest) = sign_up(&app, "devices@example.com").await;
    let account_id: uuid::Uuid = oldest.account_id.parse().expect("account id");
    // Nine more live sessions: the cap is reached.
    for _ in 1..nls_web::app_session::MAX_SESSIONS_PER_ACCOUNT {
        sqlx::query(
            "insert into app_session (session_id, token_hash, account_id, expires_at)
             values ($1, $2, $3, now() + interval '1 hour')",
        )
        .bind(uuid::Uuid::now_v7())
        .bind(uuid::Uuid::now_v7().as_bytes().to_vec())
        .bind(account_id)
        .execute(&app.pool)
        .await
        .expect("a session");
    }
    let still = oldest.call(&app, Method::GET, "/v1/recipes", None).await;
    assert_eq!(still.status, StatusCode::OK, "{:?}", still.body);
    let newest = app
        .call(
            Method::POST,
            "",
            "/auth/v1/session",
            Some(json!({"email": "devices@example.com", "password": PASSWORD})),
        )
        .await;
    assert_eq!(newest.status, StatusCode::OK, "{:?}", newest.body);
    let ended = oldest.call(&app, Method::GET, "/v1/recipes", None).await;
    assert_eq!(ended.status, StatusCode::UNAUTHORIZED, "{:?}", ended.body);
    let live: i64 = sqlx::query_scalar(
        "select count(*) from app_session
         where account_id = $1 and revoked_at is null and expires_at > now()",
    )
    .bind(account_id)
    .fetch_one(&app.pool)
    .await
    .expect("count");
    assert_eq!(live, nls_web::app_session::MAX_SESSIONS_PER_ACCOUNT);
    app.finish().await;
}

#[tokio::test]
async fn the_app_is_served_from_its_build_with_a_strict_policy() {
    let base = std::env::temp_dir().join(format!("nls-app-test-{}", uuid::Uuid::now_v7()));
    let dir = base.join("dist");
    std::fs::create_dir_all(dir.join("assets")).expect("temp dir");
    std::fs::write(base.join("secret.js"), "SECRET").expect("a file beside the build");
    std::fs::write(dir.join("index.html"), "<!doctype html><title>NLS</title>").expect("index");
    std::fs::write(dir.join("app.js"), "console.log('app')").expect("script");
    let configured = dir.clone();
    let app =
        TestApp::spawn_configured(nats_url(), move |config| config.app_dir = configured).await;

    let get = |path: &'static str| {
        let http = app.http.clone();
        let url = format!("{}{path}", app.base);
        async move { http.get(url).send().await.expect("reaches the server") }
    };
    for screen in ["/app", "/app/", "/app/recipes/rcp_123/history"] {
        let page = get(screen).await;
        assert_eq!(page.status(), StatusCode::OK, "{screen}");
        assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8");
        let csp = page.headers()["content-security-policy"]
            .to_str()
            .unwrap_or_default()
            .to_owned();
        assert!(csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"));
        assert!(page
            .text()
            .await
            .unwrap_or_default()
            .contains("<title>NLS</title>"));
    }
    let script = get("/app/app.js").await;
    assert_eq!(
        script.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    let etag = script.headers()["etag"]
        .to_str()
        .unwrap_or_default()
        .to_owned();
    let again = app
        .http
        .get(format!("{}/app/app.js", app.base))
        .header("if-none-match", &etag)
        .send()
        .await
        .expect("reaches the server");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(get("/app/missing.js").await.status(), StatusCode::NOT_FOUND);
    // Nothing outside the build is reachable.
    for outside in [
        "/app/%2e%2e/secret.js",
        "/app/..%2fsecret.js",
        "/app/assets/%2e%2e/%2e%2e/secret.js",
    ] {
        let body = get(outside).await.text().await.unwrap_or_default();
        assert!(!body.contains("SECRET"), "{outside} left the build");
    }

    // Without a build, the page says how to make one.
    std::fs::remove_dir_all(&base).expect("remove build");
    let missing = get("/app/").await;
    assert_eq!(missing.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(missing
        .text()
        .await
        .unwrap_or_default()
        .contains("npm run build"));
    app.finish().await;
}

/// Issue 28, item 7: account names and e-mail addresses refuse the characters recipe names
/// refuse (bidirectional overrides, zero-width spaces), nothing is created.
#[tokio::test]
async fn sign_up_refuses_format_characters_in_names_and_addresses() {
    let app = TestApp::spawn().await;
    for (email, name, field) in [
        ("bidi@example.com", "Corner \u{202E}yrekaB", "account_name"),
        ("zero\u{200B}width@example.com", "Corner Bakery", "email"),
    ] {
        let reply = app
            .call(
                Method::POST,
                "",
                "/auth/v1/signup",
                Some(json!({"email": email, "password": PASSWORD, "account_name": name})),
            )
            .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{:?}", reply.body);
        let fields: Vec<&str> = reply.body["error"]["details"]
            .as_array()
            .map(|d| d.iter().filter_map(|p| p["field"].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(fields, [field], "{:?}", reply.body);
    }
    let accounts: i64 = sqlx::query_scalar("select count(*) from account")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(accounts, 0);
    app.finish().await;
}
