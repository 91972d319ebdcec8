//! Limits (spec §8, API_DECISIONS §14): request rate per key across processes, with a
//! real clock, and the request body size (declared and chunked).

use std::time::{Duration, Instant};

use nls::config::{Role, ServeConfig};
use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{nats_url, private_nats, Reply, TestApp, TestDb};

/// A test app whose keys may send `per_minute` requests a minute, plus `extra` more
/// servers on the same database (other processes, as far as the limiter can tell).
pub async fn limited_app(per_minute: u32, extra: usize) -> (TestApp, Vec<nls::serve::Server>) {
    let db = TestDb::create().await;
    let nats = private_nats(&nats_url());
    let config = |migrate: bool| {
        let mut config = ServeConfig::new(db.url.clone(), nats.clone());
        config.db_pool_size = 4;
        config.migrate = migrate;
        config.rate_limit_per_minute = Some(per_minute);
        config.catch_up_interval = Duration::from_millis(500);
        config
    };
    let server = nls::serve::start(config(true))
        .await
        .expect("server starts");
    let mut others = Vec::new();
    for i in 0..extra {
        // A reader process: no relay or projector of its own to race the first one.
        let mut c = config(false);
        c.role = Role::Query;
        c.projector_consumer = format!("nls-projector-{i}");
        others.push(nls::serve::start(c).await.expect("second server starts"));
    }
    let pool = PgPool::connect(&db.url).await.expect("test database");
    let app = TestApp {
        base: format!("http://{}", server.local_addr()),
        http: reqwest::Client::new(),
        pool,
        nats,
        server: Some(server),
        db,
    };
    (app, others)
}

fn header<'a>(reply: &'a Reply, name: &str) -> &'a str {
    reply
        .headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

fn number(reply: &Reply, name: &str) -> u64 {
    header(reply, name)
        .parse()
        .unwrap_or_else(|_| panic!("{name} missing or not a number in {:?}", reply.headers))
}

async fn get_at(app: &TestApp, base: &str, key: &str, path: &str) -> Reply {
    let response = app
        .http
        .get(format!("{base}{path}"))
        .bearer_auth(key)
        .send()
        .await
        .expect("request reaches the server");
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.json().await.unwrap_or(serde_json::Value::Null);
    Reply {
        status,
        headers,
        body,
    }
}

#[tokio::test]
async fn the_61st_request_in_a_minute_gets_429_and_succeeds_after_the_wait() {
    let (app, _) = limited_app(60, 0).await;
    let key = app.business_key().await;
    let started = Instant::now();
    for i in 0..60u64 {
        let reply = app.get(&key, "/v1/recipes").await;
        assert_eq!(
            reply.status,
            StatusCode::OK,
            "request {i}: {:?}",
            reply.body
        );
        assert_eq!(number(&reply, "ratelimit-limit"), 60);
        // Refills one a second, so a slow machine may see one more than the pure count.
        let remaining = number(&reply, "ratelimit-remaining");
        let elapsed = started.elapsed().as_secs();
        assert!(
            remaining >= 59 - i && remaining <= 59 - i + elapsed + 1,
            "request {i}: remaining {remaining}"
        );
        assert!((1..=60).contains(&number(&reply, "ratelimit-reset")));
    }
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "too slow to test"
    );
    // Drain what refilled meanwhile, then the next one is refused.
    let refused = loop {
        let reply = app.get(&key, "/v1/recipes").await;
        if reply.status != StatusCode::OK {
            break reply;
        }
        assert!(started.elapsed() < Duration::from_secs(40));
    };
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.code(), "rate_limited");
    let wait = number(&refused, "retry-after");
    assert!((1..=2).contains(&wait), "Retry-After {wait}");
    let message = refused.body["error"]["message"].as_str().unwrap_or("");
    assert!(
        message.contains(&format!("retry in {wait} second")),
        "{message}"
    );
    assert_eq!(number(&refused, "ratelimit-remaining"), 0);
    assert_eq!(number(&refused, "ratelimit-limit"), 60);
    // Refused requests are not counted: another one right away is refused with a sane wait.
    let again = app.get(&key, "/v1/recipes").await;
    assert_eq!(again.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(number(&again, "retry-after") <= wait);

    tokio::time::sleep(Duration::from_secs(wait)).await;
    let after = app.get(&key, "/v1/recipes").await;
    assert_eq!(after.status, StatusCode::OK, "{:?}", after.body);
    assert_eq!(number(&after, "ratelimit-remaining"), 0);
    app.finish().await;
}

#[tokio::test]
async fn two_processes_share_one_limit_per_key() {
    let (app, others) = limited_app(10, 1).await;
    let other = format!("http://{}", others[0].local_addr());
    let key = app.business_key().await;
    let second_key = app.business_key().await;
    for i in 0..10 {
        let base = if i % 2 == 0 { &app.base } else { &other };
        let reply = get_at(&app, base, &key, "/v1/ingredients").await;
        assert_eq!(reply.status, StatusCode::OK, "request {i}");
    }
    // 10 a minute refills one every 6 s: both processes now refuse this key...
    for base in [&app.base, &other] {
        let reply = get_at(&app, base, &key, "/v1/ingredients").await;
        assert_eq!(reply.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(reply.code(), "rate_limited");
        assert!((1..=6).contains(&number(&reply, "retry-after")));
    }
    // ...and the limit is per key, not per account or process.
    let reply = get_at(&app, &other, &second_key, "/v1/ingredients").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(number(&reply, "ratelimit-remaining"), 9);
    for server in others {
        server.shutdown().await;
    }
    app.finish().await;
}

#[tokio::test]
async fn every_rest_response_carries_the_headers_and_bad_keys_are_not_counted() {
    let (app, _) = limited_app(60, 0).await;
    let key = app.business_key().await;
    let cases = [
        app.get(&key, "/v1/recipes").await,
        app.get(&key, "/v1/recipes/rcp_nope").await,
        app.get(&key, "/v1/no-such-thing").await,
        app.post(&key, "/v1/recipes", json!({"colour": "red"}))
            .await,
        app.call(reqwest::Method::PATCH, &key, "/v1/recipes", None)
            .await,
    ];
    let statuses: Vec<u16> = cases.iter().map(|r| r.status.as_u16()).collect();
    assert_eq!(statuses, [200, 404, 404, 400, 405]);
    for (i, reply) in cases.iter().enumerate() {
        assert_eq!(number(reply, "ratelimit-limit"), 60);
        let remaining = number(reply, "ratelimit-remaining");
        assert!(remaining <= 59 - i as u64 + 1, "{i}: {remaining}");
    }
    // 401s (missing, malformed, unknown keys) do not take from anyone's bucket.
    let unknown = format!("nls_{}", "A".repeat(43));
    for _ in 0..70 {
        let reply = app.get(&unknown, "/v1/recipes").await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
        assert!(reply.headers.get("ratelimit-remaining").is_none());
    }
    let reply = app.get("", "/v1/recipes").await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED);
    // The public document is not limited.
    let doc = app.get("", "/v1/openapi.json").await;
    assert!(doc.headers.get("ratelimit-limit").is_none());
    app.finish().await;
}

#[tokio::test]
async fn plan_limits_apply_without_the_override() {
    let db = TestDb::create().await;
    let nats = private_nats(&nats_url());
    let config = ServeConfig::new(db.url.clone(), nats.clone());
    let server = nls::serve::start(config).await.expect("server starts");
    let pool = PgPool::connect(&db.url).await.expect("test database");
    let app = TestApp {
        base: format!("http://{}", server.local_addr()),
        http: reqwest::Client::new(),
        pool,
        nats,
        server: Some(server),
        db,
    };
    sqlx::query("update plan set rate_limit_per_minute = 2 where plan_id = 'business'")
        .execute(&app.pool)
        .await
        .expect("plan updated");
    let key = app.business_key().await;
    assert_eq!(app.get(&key, "/v1/recipes").await.status, StatusCode::OK);
    let second = app.get(&key, "/v1/recipes").await;
    assert_eq!(number(&second, "ratelimit-limit"), 2);
    let third = app.get(&key, "/v1/recipes").await;
    assert_eq!(third.status, StatusCode::TOO_MANY_REQUESTS);
    assert!((1..=30).contains(&number(&third, "retry-after")));
    app.finish().await;
}

#[tokio::test]
async fn a_body_one_byte_over_one_mib_gets_429_payload_too_large() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let limit = nls_web::BODY_LIMIT_BYTES;
    // A valid JSON object of exactly limit + 1 bytes.
    let prefix = "{\"name\":\"";
    let suffix = "\"}";
    let filler = "x".repeat(limit + 1 - prefix.len() - suffix.len());
    let body = format!("{prefix}{filler}{suffix}");
    assert_eq!(body.len(), limit + 1);
    for path in ["/v1/recipes", "/v1/ingredients", "/v1/analyze"] {
        let response = app
            .http
            .post(format!("{}{path}", app.base))
            .bearer_auth(&key)
            .header("content-type", "application/json")
            .body(body.clone())
            .send()
            .await
            .expect("request reaches the server");
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "{path}");
        assert!(response.headers().get("retry-after").is_some());
        let body: serde_json::Value = response.json().await.expect("JSON error");
        assert_eq!(body["error"]["code"], "payload_too_large");
    }
    // Exactly the limit is read (and then judged on its content).
    let at_limit = format!("{prefix}{}{suffix}", &filler[1..]);
    let response = app
        .http
        .post(format!("{}/v1/recipes", app.base))
        .bearer_auth(&key)
        .header("content-type", "application/json")
        .body(at_limit)
        .send()
        .await
        .expect("request reaches the server");
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    app.finish().await;
}

#[tokio::test]
async fn a_chunked_body_is_cut_off_at_the_limit() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let address = app.base.trim_start_matches("http://").to_owned();
    let stream = tokio::net::TcpStream::connect(&address)
        .await
        .expect("connect");
    let (mut read, mut write) = stream.into_split();
    let head = format!(
        "POST /v1/recipes HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {key}\r\n\
         Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    // Up to 8 MiB in 64 KiB chunks, no declared length; the server must answer long before.
    let writer = tokio::spawn(async move {
        write.write_all(head.as_bytes()).await?;
        write.write_all(b"1\r\n{\r\n").await?;
        let chunk = vec![b' '; 64 * 1024];
        let mut sent = 0usize;
        for _ in 0..128 {
            write
                .write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
                .await?;
            write.write_all(&chunk).await?;
            write.write_all(b"\r\n").await?;
            sent += chunk.len();
        }
        write.write_all(b"0\r\n\r\n").await?;
        Ok::<usize, std::io::Error>(sent)
    });
    let mut response = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + Duration::from_secs(10);
    while !String::from_utf8_lossy(&response).contains("payload_too_large") {
        assert!(Instant::now() < deadline, "no answer");
        let n = tokio::time::timeout(Duration::from_secs(10), read.read(&mut buf))
            .await
            .expect("answer within 10 s")
            .expect("readable");
        if n == 0 {
            break;
        }
        response.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&response);
    assert!(text.starts_with("HTTP/1.1 429"), "{text}");
    assert!(
        text.to_ascii_lowercase().contains("retry-after: 1"),
        "{text}"
    );
    assert!(text.contains("\"payload_too_large\""), "{text}");
    writer.abort();
    app.finish().await;
}
