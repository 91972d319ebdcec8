//! Webhooks (issue 17, items 1–5): endpoints and secrets, signed deliveries to a receiver
//! in the test, retries in order with a stable `webhook-id`, `label.changed` exactly when
//! a printed label changes, resumption after a restart, and refusals of internal
//! addresses.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hmac::{Hmac, Mac};
use reqwest::Method;
use serde_json::{json, Value};
use sha2::Sha256;

use crate::helpers::{nats_url, oat_paste, TestApp};

/// One request the receiver got.
#[derive(Debug, Clone)]
struct Received {
    id: String,
    timestamp: String,
    signature: String,
    body: Vec<u8>,
    answered: u16,
}

impl Received {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("webhook body is JSON")
    }
}

/// A receiver on a free port: answers 500 to the first `failures` requests, then 200.
#[derive(Clone)]
struct Receiver {
    got: Arc<Mutex<Vec<Received>>>,
    addr: SocketAddr,
}

impl Receiver {
    async fn start(failures: usize) -> Self {
        let got = Arc::new(Mutex::new(Vec::new()));
        let failures = Arc::new(AtomicUsize::new(failures));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind receiver");
        let addr = listener.local_addr().expect("receiver address");
        let state = (got.clone(), failures.clone());
        let app = axum::Router::new()
            .route("/hook", axum::routing::post(receive))
            .with_state(state);
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Self { got, addr }
    }

    fn url(&self) -> String {
        format!("http://{}/hook", self.addr)
    }

    fn received(&self) -> Vec<Received> {
        self.got.lock().expect("receiver lock").clone()
    }

    /// The requests answered 200, by event type.
    fn delivered(&self, event_type: &str) -> Vec<Received> {
        self.received()
            .into_iter()
            .filter(|r| r.answered == 200 && r.json()["type"] == event_type)
            .collect()
    }
}

type ReceiverState = (Arc<Mutex<Vec<Received>>>, Arc<AtomicUsize>);

async fn receive(
    State((got, failures)): State<ReceiverState>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    let fail = failures
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
        .is_ok();
    let status = if fail {
        StatusCode::INTERNAL_SERVER_ERROR
    } else {
        StatusCode::OK
    };
    got.lock().expect("receiver lock").push(Received {
        id: header("webhook-id"),
        timestamp: header("webhook-timestamp"),
        signature: header("webhook-signature"),
        body: body.to_vec(),
        answered: status.as_u16(),
    });
    status
}

/// Verifies a request as a receiver would, with the secret it was shown (independently of
/// the service's own signing code).
fn verify(secret: &str, r: &Received) -> bool {
    let key = STANDARD
        .decode(secret.strip_prefix("whsec_").expect("whsec_ prefix"))
        .expect("secret is base64");
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).expect("hmac key");
    mac.update(format!("{}.{}.", r.id, r.timestamp).as_bytes());
    mac.update(&r.body);
    let expected = format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()));
    r.signature.split(' ').any(|s| s == expected)
}

/// A server whose webhooks may reach the test's receiver, retrying after one second.
async fn app() -> TestApp {
    TestApp::spawn_configured(nats_url(), |config| {
        config.webhooks = webhook_settings();
    })
    .await
}

pub(crate) fn webhook_settings() -> nls_webhooks::Settings {
    nls_webhooks::Settings {
        key: Some(
            nls_webhooks::crypto::SealingKey::from_base64(&STANDARD.encode([7u8; 32]))
                .expect("test key"),
        ),
        policy: nls_webhooks::guard::Policy {
            allow_private: true,
            allow_http: true,
        },
        schedule: nls_webhooks::schedule::RetrySchedule::parse("1s,1s,1s,1s").expect("schedule"),
        ..nls_webhooks::Settings::default()
    }
}

async fn create_endpoint(app: &TestApp, key: &str, url: &str, events: &[&str]) -> Value {
    let reply = app
        .post(key, "/v1/webhooks", json!({"url": url, "events": events}))
        .await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body
}

/// Version 2 of an oat paste ingredient: 480 kcal per 100 g instead of its first value.
async fn raise_oat_paste_calories(app: &TestApp, key: &str, ingredient_id: &str) {
    let mut nutrients = oat_paste()["nutrients_per_100g"].clone();
    nutrients["calories"] = json!(480);
    let reply = app
        .call_with(
            Method::PUT,
            key,
            &format!("/v1/ingredients/{ingredient_id}"),
            Some(json!({"nutrients_per_100g": nutrients})),
            &[("If-Match", "\"1\"")],
        )
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
}

async fn eventually_received(
    app: &TestApp,
    receiver: &Receiver,
    what: &str,
    done: impl Fn(&[Received]) -> bool,
) {
    app.eventually(Duration::from_secs(30), what, || {
        let got = receiver.received();
        let ok = done(&got);
        async move { ok.then_some(()) }
    })
    .await;
}

#[tokio::test]
async fn endpoints_show_their_secret_once_rotate_it_and_need_the_business_plan() {
    let app = app().await;
    let key = app.business_key().await;
    let created = create_endpoint(
        &app,
        &key,
        "https://hooks.example.com/nls",
        &["label.changed"],
    )
    .await;
    let secret = created["secret"].as_str().expect("secret shown on create");
    assert!(secret.starts_with("whsec_"));
    assert_eq!(
        STANDARD.decode(&secret[6..]).expect("base64").len(),
        32,
        "32 random bytes"
    );
    let id = created["id"].as_str().expect("id");
    let shown = app.get(&key, &format!("/v1/webhooks/{id}")).await;
    assert_eq!(shown.status, 200);
    assert!(
        shown.body.get("secret").is_none(),
        "the secret is shown once"
    );
    assert_eq!(shown.body["events"], json!(["label.changed"]));
    assert_eq!(shown.body["enabled"], true);

    // Stored sealed: the clear key bytes appear nowhere in the row.
    let sealed: Vec<u8> = sqlx::query_scalar("select secret_enc from webhook_endpoint")
        .fetch_one(&app.pool)
        .await
        .expect("endpoint row");
    let clear = STANDARD.decode(&secret[6..]).expect("base64");
    assert!(!sealed.windows(clear.len()).any(|w| w == clear.as_slice()));

    let updated = app
        .put(
            &key,
            &format!("/v1/webhooks/{id}"),
            json!({"events": ["recipe.deleted", "embed.disabled"], "enabled": false}),
        )
        .await;
    assert_eq!(updated.status, 200, "{:?}", updated.body);
    assert_eq!(
        updated.body["events"],
        json!(["recipe.deleted", "embed.disabled"])
    );
    assert_eq!(updated.body["enabled"], false);

    let rotated = app
        .post(&key, &format!("/v1/webhooks/{id}/rotate-secret"), json!({}))
        .await;
    assert_eq!(rotated.status, 200, "{:?}", rotated.body);
    let new_secret = rotated.body["secret"].as_str().expect("new secret");
    assert_ne!(new_secret, secret);
    assert!(rotated.body["previous_secret_expires_at"].is_string());

    let list = app.get(&key, "/v1/webhooks").await;
    assert_eq!(list.body["data"].as_array().map(Vec::len), Some(1));

    for (body, field) in [
        (
            json!({"url": "https://hooks.example.com/", "events": []}),
            "events",
        ),
        (
            json!({"url": "https://hooks.example.com/", "events": ["label.exploded"]}),
            "events[0]",
        ),
        (
            json!({"url": "https://user:pw@hooks.example.com/", "events": ["label.changed"]}),
            "url",
        ),
    ] {
        let reply = app.post(&key, "/v1/webhooks", body).await;
        assert_eq!(reply.status, 400, "{:?}", reply.body);
        assert_eq!(reply.code(), "validation_failed");
        assert_eq!(reply.body["error"]["details"][0]["field"], field);
    }

    let deleted = app.delete(&key, &format!("/v1/webhooks/{id}")).await;
    assert_eq!(deleted.status, 204);
    assert_eq!(
        app.get(&key, &format!("/v1/webhooks/{id}")).await.status,
        404
    );
    assert_eq!(app.get(&key, "/v1/webhooks/whe_nothing").await.status, 404);

    let (_, professional) = app.account("professional", true).await;
    let refused = app.get(&professional, "/v1/webhooks").await;
    assert_eq!(refused.status, 403);
    assert_eq!(refused.code(), "plan_feature_not_allowed");
    app.finish().await;
}

#[tokio::test]
async fn internal_addresses_are_refused_when_saved_and_when_sent() {
    let app = TestApp::spawn_configured(nats_url(), |config| {
        config.webhooks = nls_webhooks::Settings {
            policy: nls_webhooks::guard::Policy::default(),
            ..webhook_settings()
        };
    })
    .await;
    let key = app.business_key().await;
    for url in [
        "http://hooks.example.com/",
        "https://127.0.0.1/hook",
        "https://[::1]/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://10.0.0.8/hook",
        "https://localhost/hook",
    ] {
        let reply = app
            .post(
                &key,
                "/v1/webhooks",
                json!({"url": url, "events": ["recipe.created"]}),
            )
            .await;
        assert_eq!(reply.status, 400, "{url}: {:?}", reply.body);
        assert_eq!(reply.body["error"]["details"][0]["field"], "url", "{url}");
    }
    // A name that resolves inside (as if re-pointed after it was saved) is refused at the
    // attempt, after resolution: the row is written as a save long ago would have.
    let created = create_endpoint(
        &app,
        &key,
        "https://hooks.example.com/nls",
        &["recipe.created"],
    )
    .await;
    let id = created["id"].as_str().expect("id").to_owned();
    sqlx::query("update webhook_endpoint set url = 'https://localhost:9/hook'")
        .execute(&app.pool)
        .await
        .expect("re-point");
    let ping = app
        .post(&key, &format!("/v1/webhooks/{id}/test"), json!({}))
        .await;
    assert_eq!(ping.status, 202, "{:?}", ping.body);
    let error = app
        .eventually(Duration::from_secs(20), "the refused attempt", || {
            let app = &app;
            let (key, id) = (key.clone(), id.clone());
            async move {
                let log = app
                    .get(&key, &format!("/v1/webhooks/{id}/deliveries"))
                    .await;
                log.body["data"][0]["last_error"]
                    .as_str()
                    .map(str::to_owned)
            }
        })
        .await;
    assert!(error.contains("private, loopback"), "{error}");
    app.finish().await;
}

#[tokio::test]
async fn deliveries_are_signed_retried_with_one_id_and_in_order_per_recipe() {
    let app = app().await;
    let key = app.business_key().await;
    let receiver = Receiver::start(3).await;
    let created = create_endpoint(
        &app,
        &key,
        &receiver.url(),
        &["recipe.created", "recipe.updated", "label.changed"],
    )
    .await;
    let secret = created["secret"].as_str().expect("secret").to_owned();
    let recipe = app
        .create_recipe(
            &key,
            json!({"name": "Loaf", "servings": 4, "ingredients": [{"name": "all-purpose flour", "grams": 500}]}),
        )
        .await;
    let id = recipe["id"].as_str().expect("recipe id").to_owned();
    for (version, grams) in [(1, 600), (2, 700)] {
        let reply = app
            .call_with(
                Method::PUT,
                &key,
                &format!("/v1/recipes/{id}"),
                Some(json!({"ingredients": [{"name": "all-purpose flour", "grams": grams}]})),
                &[("If-Match", &format!("\"{version}\""))],
            )
            .await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
    }
    // 3 failures of the first delivery, then it and the four after it.
    eventually_received(&app, &receiver, "every delivery", |got| {
        got.iter().filter(|r| r.answered == 200).count() >= 5
    })
    .await;
    let got = receiver.received();
    assert!(
        got.iter().all(|r| verify(&secret, r)),
        "every request verifies"
    );
    // The first delivery was attempted four times with one id; nothing came before it.
    let first_id = &got[0].id;
    assert!(first_id.starts_with("msg_"));
    assert_eq!(got[..4].iter().filter(|r| &r.id == first_id).count(), 4);
    assert_eq!(
        got[..4].iter().map(|r| r.answered).collect::<Vec<_>>(),
        vec![500, 500, 500, 200]
    );
    let delivered: Vec<Value> = got
        .iter()
        .filter(|r| r.answered == 200)
        .map(Received::json)
        .collect();
    let sequence: Vec<(String, Value)> = delivered
        .iter()
        .map(|b| {
            let version = match b["type"].as_str() {
                Some("label.changed") => b["data"]["version_after"].clone(),
                _ => b["data"]["version"].clone(),
            };
            (b["type"].as_str().unwrap_or("").to_owned(), version)
        })
        .collect();
    assert_eq!(
        sequence,
        vec![
            ("recipe.created".into(), json!(1)),
            ("recipe.updated".into(), json!(2)),
            ("label.changed".into(), json!(2)),
            ("recipe.updated".into(), json!(3)),
            ("label.changed".into(), json!(3)),
        ]
    );
    let changed = &delivered[2]["data"];
    assert_eq!(changed["recipe_id"], json!(id));
    assert_eq!(changed["recipe_name"], "Loaf");
    assert_eq!(changed["version_before"], 1);
    assert_eq!(
        changed["cause"],
        json!({"type": "recipe.updated", "id": id, "version": 2})
    );
    assert!(
        changed["changes"]
            .as_array()
            .is_some_and(|c| c.iter().any(|c| c["field"] == "display.calories")),
        "{changed}"
    );
    assert!(delivered[0]["timestamp"].is_string());

    // The log shows each attempt.
    let endpoint = created["id"].as_str().expect("endpoint id");
    let log = app
        .get(&key, &format!("/v1/webhooks/{endpoint}/deliveries"))
        .await;
    let oldest = log.body["data"]
        .as_array()
        .and_then(|d| d.last())
        .expect("deliveries listed")
        .clone();
    assert_eq!(oldest["id"], json!(first_id));
    assert_eq!(oldest["status"], "delivered");
    assert_eq!(oldest["attempts"], 4);
    assert_eq!(
        oldest["attempt_log"].as_array().map(|a| a
            .iter()
            .map(|x| x["response_status"].clone())
            .collect::<Vec<_>>()),
        Some(vec![json!(500), json!(500), json!(500), json!(200)])
    );

    // A manual retry sends the same delivery again with its id.
    let retried = app
        .post(
            &key,
            &format!("/v1/webhooks/{endpoint}/deliveries/{first_id}/retry"),
            json!({}),
        )
        .await;
    assert_eq!(retried.status, 202, "{:?}", retried.body);
    eventually_received(&app, &receiver, "the manual retry", |got| {
        got.iter().filter(|r| &r.id == first_id).count() == 5
    })
    .await;
    app.finish().await;
}

#[tokio::test]
async fn an_ingredient_edit_notifies_only_the_recipe_whose_printed_label_changed() {
    let app = app().await;
    let key = app.business_key().await;
    let receiver = Receiver::start(0).await;
    let ingredient = app.create_ingredient(&key, oat_paste()).await;
    let ingredient_id = ingredient["id"].as_str().expect("ingredient id").to_owned();
    let mostly = app
        .create_recipe(
            &key,
            json!({"name": "Oat bars", "servings": 4, "ingredients": [{"ingredient_id": ingredient_id, "grams": 400}]}),
        )
        .await;
    let barely = app
        .create_recipe(
            &key,
            json!({"name": "Bread", "servings": 10, "ingredients": [
                {"name": "all-purpose flour", "grams": 1000},
                {"ingredient_id": ingredient_id, "grams": 1}
            ]}),
        )
        .await;
    create_endpoint(
        &app,
        &key,
        &receiver.url(),
        &["label.changed", "ingredient.updated"],
    )
    .await;
    raise_oat_paste_calories(&app, &key, &ingredient_id).await;
    eventually_received(&app, &receiver, "the notifications", |got| got.len() >= 2).await;
    // Anything else would have come with these; give a late duplicate a moment anyway.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let changed = receiver.delivered("label.changed");
    assert_eq!(changed.len(), 1, "{:?}", receiver.received());
    let data = &changed[0].json()["data"];
    assert_eq!(data["recipe_id"], mostly["id"]);
    assert_ne!(data["recipe_id"], barely["id"]);
    assert_eq!(
        data["cause"],
        json!({"type": "ingredient.updated", "id": ingredient_id, "version": 2})
    );
    assert_eq!(data["version_before"], data["version_after"]);
    assert_eq!(receiver.delivered("ingredient.updated").len(), 1);
    app.finish().await;
}

/// A projector that catches up only after an ingredient's create and update (here: none runs
/// while they are written) must credit the label change to the update, not to the create,
/// although both find the same current views (the flake of session 8, under load).
#[tokio::test]
async fn a_projector_catching_up_credits_the_label_change_to_the_update() {
    let mut app = TestApp::spawn_configured(nats_url(), |config| {
        config.webhooks = webhook_settings();
        config.role = nls::config::Role::Command;
    })
    .await;
    let key = app.business_key().await;
    let receiver = Receiver::start(0).await;
    let ingredient = app.create_ingredient(&key, oat_paste()).await;
    let ingredient_id = ingredient["id"].as_str().expect("ingredient id").to_owned();
    let recipe = app
        .create_recipe(
            &key,
            json!({"name": "Oat bars", "servings": 4, "ingredients": [{"ingredient_id": ingredient_id, "grams": 400}]}),
        )
        .await;
    create_endpoint(&app, &key, &receiver.url(), &["label.changed"]).await;
    raise_oat_paste_calories(&app, &key, &ingredient_id).await;
    // Now the projector and the webhooks start, behind both ingredient events.
    app.stop().await;
    let mut config = nls::config::ServeConfig::new(app.db.url.clone(), app.nats.clone());
    config.webhooks = webhook_settings();
    config.catch_up_interval = Duration::from_millis(500);
    app.server = Some(nls::serve::start(config).await.expect("server starts"));
    eventually_received(&app, &receiver, "the label change", |got| !got.is_empty()).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let changed = receiver.delivered("label.changed");
    assert_eq!(changed.len(), 1, "{:?}", receiver.received());
    let data = &changed[0].json()["data"];
    assert_eq!(data["recipe_id"], recipe["id"]);
    assert_eq!(
        data["cause"],
        json!({"type": "ingredient.updated", "id": ingredient_id, "version": 2})
    );
    app.finish().await;
}

#[tokio::test]
async fn a_restarted_server_resumes_the_attempts_of_the_one_that_stopped() {
    let mut app = app().await;
    let key = app.business_key().await;
    let receiver = Receiver::start(1).await;
    let created = create_endpoint(&app, &key, &receiver.url(), &["recipe.created"]).await;
    app.create_recipe(
        &key,
        json!({"name": "Scones", "servings": 8, "ingredients": [{"name": "all-purpose flour", "grams": 300}]}),
    )
    .await;
    eventually_received(&app, &receiver, "the first, failed attempt", |got| {
        !got.is_empty()
    })
    .await;
    app.stop().await;
    let before = receiver.received().len();
    let mut config = nls::config::ServeConfig::new(app.db.url.clone(), app.nats.clone());
    config.webhooks = webhook_settings();
    config.catch_up_interval = Duration::from_millis(500);
    let server = nls::serve::start(config).await.expect("server restarts");
    app.server = Some(server);
    eventually_received(&app, &receiver, "the resumed attempt", |got| {
        got.iter().any(|r| r.answered == 200)
    })
    .await;
    let got = receiver.received();
    assert_eq!(before, 1);
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0].id, got[1].id, "one webhook-id across the restart");
    assert!(verify(created["secret"].as_str().expect("secret"), &got[1]));
    app.finish().await;
}

#[tokio::test]
async fn an_endpoint_failing_past_the_limit_is_disabled_and_its_log_says_so() {
    let app = TestApp::spawn_configured(nats_url(), |config| {
        config.webhooks = nls_webhooks::Settings {
            disable_after: Duration::from_secs(2),
            schedule: nls_webhooks::schedule::RetrySchedule::parse("1s,1s,1s,1s,1s,1s")
                .expect("schedule"),
            ..webhook_settings()
        };
    })
    .await;
    let key = app.business_key().await;
    let receiver = Receiver::start(usize::MAX).await;
    let created = create_endpoint(&app, &key, &receiver.url(), &["recipe.created"]).await;
    let id = created["id"].as_str().expect("id").to_owned();
    let ping = app
        .post(&key, &format!("/v1/webhooks/{id}/test"), json!({}))
        .await;
    assert_eq!(ping.status, 202);
    let endpoint = app
        .eventually(Duration::from_secs(30), "the endpoint disabled", || {
            let app = &app;
            let (key, id) = (key.clone(), id.clone());
            async move {
                let shown = app.get(&key, &format!("/v1/webhooks/{id}")).await;
                (shown.body["enabled"] == false).then_some(shown.body)
            }
        })
        .await;
    assert!(endpoint["disabled_reason"]
        .as_str()
        .is_some_and(|r| r.contains("failed")));
    let log = app
        .get(&key, &format!("/v1/webhooks/{id}/deliveries"))
        .await;
    let types: Vec<&str> = log.body["data"]
        .as_array()
        .map(|d| d.iter().filter_map(|x| x["event_type"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(types.first(), Some(&"endpoint.disabled"), "{types:?}");
    assert!(log.body["data"]
        .as_array()
        .is_some_and(|d| d.iter().all(|x| x["status"] != "pending")));
    // Enabling it again clears the record.
    let enabled = app
        .put(
            &key,
            &format!("/v1/webhooks/{id}"),
            json!({"enabled": true}),
        )
        .await;
    assert_eq!(enabled.body["disabled_reason"], Value::Null);
    app.finish().await;
}

/// Issue 28, item 7: a webhook's description refuses the characters recipe names refuse
/// (bidirectional overrides, zero-width spaces), which reorder or hide what a reader sees.
#[tokio::test]
async fn a_description_with_format_characters_is_refused() {
    let app = app().await;
    let key = app.business_key().await;
    for bad in ["Orders \u{202E}txt.exe", "Orders\u{200B}"] {
        let reply = app
            .post(
                &key,
                "/v1/webhooks",
                json!({ "url": "https://hooks.example.com/nls", "events": ["label.changed"],
                        "description": bad }),
            )
            .await;
        assert_eq!(reply.status, 400, "{:?}", reply.body);
        assert_eq!(reply.body["error"]["details"][0]["field"], "description");
    }
    app.finish().await;
}

/// Issue 28, item 7: every rotation keeps the secret it retires signing for its own 24 hours;
/// rotating twice dropped the first one at once. A ping after two rotations verifies with
/// all three secrets a receiver may still hold.
#[tokio::test]
async fn each_rotated_secret_keeps_signing_for_its_own_day() {
    let app = app().await;
    let key = app.business_key().await;
    let receiver = Receiver::start(0).await;
    let created = create_endpoint(&app, &key, &receiver.url(), &["label.changed"]).await;
    let id = created["id"].as_str().expect("id").to_owned();
    let mut secrets = vec![created["secret"].as_str().expect("secret").to_owned()];
    for _ in 0..2 {
        let rotated = app
            .post(&key, &format!("/v1/webhooks/{id}/rotate-secret"), json!({}))
            .await;
        assert_eq!(rotated.status, 200, "{:?}", rotated.body);
        secrets.push(
            rotated.body["secret"]
                .as_str()
                .expect("new secret")
                .to_owned(),
        );
    }
    let ping = app
        .post(&key, &format!("/v1/webhooks/{id}/test"), json!({}))
        .await;
    assert_eq!(ping.status, 202, "{:?}", ping.body);
    let delivered = app
        .eventually(Duration::from_secs(20), "the ping", || {
            let receiver = receiver.clone();
            async move { receiver.delivered("ping").into_iter().next() }
        })
        .await;
    for (i, secret) in secrets.iter().enumerate() {
        assert!(
            verify(secret, &delivered),
            "secret {i} does not verify: {delivered:?}"
        );
    }
    app.finish().await;
}
