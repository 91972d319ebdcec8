//! Security checks: secrets never reach the logs, CORS only for the public embed, hostile
//! ids, queries, tokens and headers are harmless, unknown versions are JSON 404s.
//!
//! Credential comparison: API keys and session tokens are looked up by their SHA-256
//! digest (`web/src/auth.rs`, `web/src/session.rs`), so no clear value is ever compared
//! with a stored one; passwords are checked by `argon2`'s verifier (constant time), with a
//! decoy hash for unknown e-mails.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::{Method, StatusCode};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{nats_url, oat_paste, TestApp, TestDb};

fn nls(db: &TestDb, tag: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nls"));
    command
        .env("DATABASE_URL", &db.url)
        .env("NATS_URL", nats_url())
        .env("NLS_NATS_STREAM", format!("NLS_SEC_{tag}"))
        .env("NLS_NATS_PREFIX", format!("nlssec{tag}"))
        .env("NLS_LOG_FORMAT", "json")
        .env("RUST_LOG", "debug");
    command
}

fn run(mut command: Command) -> String {
    let output = command.output().expect("nls runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

struct Killed(Child);
impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test]
async fn keys_passwords_and_tokens_never_reach_the_logs() {
    let db = TestDb::create().await;
    let tag = uuid::Uuid::new_v4().simple().to_string();
    run({
        let mut c = nls(&db, &tag);
        c.arg("migrate");
        c
    });
    let password = format!("Pw-{}-correct", uuid::Uuid::new_v4().simple());
    let wrong_password = format!("Pw-{}-wrong", uuid::Uuid::new_v4().simple());
    let email = format!("sec-{tag}@example.com");
    let account = run({
        let mut c = nls(&db, &tag);
        c.args([
            "account", "create", "--name", "Sec", "--email", &email, "--plan", "business",
        ])
        .env("NLS_ACCOUNT_PASSWORD", &password);
        c
    });
    let key = run({
        let mut c = nls(&db, &tag);
        c.args(["key", "create", "--account", &account]);
        c
    });
    assert!(key.starts_with("nls_"), "{key}");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let log_path = std::env::temp_dir().join(format!("nls-sec-{tag}.log"));
    let log_file = std::fs::File::create(&log_path).expect("log file");
    let child = nls(&db, &tag)
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .env("NLS_RATE_LIMIT_PER_MINUTE", "100000")
        .stdout(Stdio::null())
        .stderr(Stdio::from(log_file))
        .spawn()
        .expect("server starts");
    let server = Killed(child);
    let base = format!("http://127.0.0.1:{port}");
    let http = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while http.get(format!("{base}/healthz")).send().await.is_err() {
        assert!(Instant::now() < deadline, "server did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // REST with the key, also (wrongly) in a query string, and a well-formed unknown key.
    let other_key = format!("nls_{}", "Zq".repeat(21) + "Z");
    let r = http
        .get(format!("{base}/v1/recipes?q={key}"))
        .bearer_auth(&key)
        .send()
        .await
        .expect("list");
    assert_eq!(r.status(), StatusCode::OK);
    let r = http
        .post(format!("{base}/v1/ingredients"))
        .bearer_auth(&key)
        .json(&oat_paste())
        .send()
        .await
        .expect("create");
    assert_eq!(r.status(), StatusCode::CREATED);
    let r = http
        .get(format!("{base}/v1/recipes"))
        .bearer_auth(&other_key)
        .send()
        .await
        .expect("bad key");
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let r = http
        .post(format!("{base}/v1/recipes"))
        .bearer_auth(&key)
        .header("content-type", "application/json")
        .body(format!("{{\"name\": \"{password}\", \"servings\": \"x\"}}"))
        .send()
        .await
        .expect("bad body");
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);

    // Sessions: a wrong and a right password, an export, a revocation, a revoked token.
    let r = http
        .post(format!("{base}/auth/v1/token"))
        .json(&json!({"email": email, "password": wrong_password}))
        .send()
        .await
        .expect("sign in");
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    let r = http
        .post(format!("{base}/auth/v1/token"))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .expect("sign in");
    assert_eq!(r.status(), StatusCode::OK);
    let token = r.json::<serde_json::Value>().await.expect("token")["access_token"]
        .as_str()
        .expect("access_token")
        .to_owned();
    let analysis = http
        .post(format!("{base}/v1/analyze"))
        .bearer_auth(&key)
        .json(&json!({"servings": 2, "ingredients": [{"name": "Oat paste", "grams": 100}]}))
        .send()
        .await
        .expect("analyze");
    assert_eq!(analysis.status(), StatusCode::OK);
    let label = analysis.json::<serde_json::Value>().await.expect("json")["label"].clone();
    let r = http
        .post(format!("{base}/functions/v1/export-label"))
        .bearer_auth(&token)
        .json(&json!({"fileType": "svg", "data": label, "extra": {}}))
        .send()
        .await
        .expect("export");
    assert_eq!(r.status(), StatusCode::OK);
    let r = http
        .delete(format!("{base}/auth/v1/token"))
        .bearer_auth(&token)
        .send()
        .await
        .expect("revoke");
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    let r = http
        .post(format!("{base}/functions/v1/export-label"))
        .bearer_auth(&token)
        .json(&json!({"fileType": "svg", "data": label, "extra": {}}))
        .send()
        .await
        .expect("export");
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);

    tokio::time::sleep(Duration::from_millis(300)).await;
    drop(server);
    let mut logs = String::new();
    std::fs::File::open(&log_path)
        .and_then(|mut f| f.read_to_string(&mut logs))
        .expect("log readable");
    let _ = std::fs::remove_file(&log_path);
    assert!(
        logs.contains("/v1/recipes") && logs.contains("/auth/v1/token"),
        "the requests were not logged at all: {}",
        &logs[..logs.len().min(2000)]
    );
    // The key's first characters are its public prefix; everything after must not appear.
    for (what, secret) in [
        ("API key", &key[10..]),
        ("unknown key", &other_key[10..]),
        ("password", &password),
        ("wrong password", &wrong_password),
        ("session token", &token),
    ] {
        assert!(!logs.contains(secret), "the {what} appears in the logs");
    }
}

#[tokio::test]
async fn only_the_public_embed_is_readable_cross_origin() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let origin = "https://evil.example";
    for (method, path) in [
        (Method::OPTIONS, "/v1/recipes"),
        (Method::OPTIONS, "/functions/v1/export-label"),
        (Method::OPTIONS, "/auth/v1/token"),
    ] {
        let r = app
            .http
            .request(method, format!("{}{path}", app.base))
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header(
                "access-control-request-headers",
                "authorization, content-type",
            )
            .send()
            .await
            .expect("preflight");
        assert!(
            r.headers().get("access-control-allow-origin").is_none(),
            "{path}"
        );
        assert!(
            r.headers()
                .get("access-control-allow-credentials")
                .is_none(),
            "{path}"
        );
        assert!(
            r.headers().get("access-control-allow-headers").is_none(),
            "{path}"
        );
    }
    let r = app
        .http
        .get(format!("{}/v1/recipes", app.base))
        .bearer_auth(&key)
        .header("origin", origin)
        .send()
        .await
        .expect("get");
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers().get("access-control-allow-origin").is_none());
    for path in ["/embed.js", "/embed/emb_unknown"] {
        let r = app
            .http
            .get(format!("{}{path}", app.base))
            .header("origin", origin)
            .send()
            .await
            .expect("embed");
        assert_eq!(
            r.headers()
                .get("access-control-allow-origin")
                .and_then(|v| v.to_str().ok()),
            Some("*"),
            "{path}"
        );
        assert!(r
            .headers()
            .get("access-control-allow-credentials")
            .is_none());
    }
    app.finish().await;
}

#[tokio::test]
async fn hostile_ids_queries_and_tokens_are_harmless() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let other = app.business_key().await;
    app.create_ingredient(
        &other,
        json!({"name": "Other account secret", "nutrients_per_100g": {"calories": 1}}),
    )
    .await;
    app.create_ingredient(&key, oat_paste()).await;

    let ids = [
        "/v1/recipes/rcp_'%20or%20'1'='1",
        "/v1/recipes/rcp_1;drop%20table%20account;--",
        "/v1/recipes/rcp_%00",
        "/v1/recipes/%27%3B--/history",
        "/v1/ingredients/ing_'%20union%20select%20*%20from%20api_key--",
        "/v1/ingredients/..%2F..%2F..%2Fetc%2Fpasswd",
        "/v1/foods/fooddb:1'%20or%201=1--",
        "/v1/recipes/..%2F..%2Fetc%2Fpasswd/label.svg",
        "/v1/recipes/rcp_x/..%2F..%2F..%2FCargo.toml",
    ];
    for path in ids {
        let r = app.get(&key, path).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}: {:?}", r.body);
        assert_eq!(r.code(), "not_found", "{path}");
    }
    for path in [
        "/docs/..%2F..%2FCargo.toml",
        "/docs/..%2Fsrc%2Fmain.rs",
        "/embed/..%2F..%2Fetc%2Fpasswd",
    ] {
        let r = app.get("", path).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}");
        let raw = r.body.to_string();
        assert!(
            !raw.contains("[package]") && !raw.contains("root:") && !raw.contains("fn main"),
            "{path}"
        );
    }

    // A cursor that decodes to NUL or SQL is refused as a cursor.
    for cursor in ["djE6AA", "djE6JyBvciAxPTEtLQ"] {
        let r = app.get(&key, &format!("/v1/recipes?cursor={cursor}")).await;
        assert!(r.status.as_u16() < 500, "cursor {cursor}: {:?}", r.body);
    }
    // Text fields with NUL and control characters in bodies.
    for name in [r"a\u0000b", "'; drop table account;--", "\r\nSet-Cookie: x"] {
        let body = format!("{{\"name\": \"{name}\", \"nutrients_per_100g\": {{\"calories\": 1}}}}");
        let r = app
            .http
            .post(format!("{}/v1/ingredients", app.base))
            .bearer_auth(&key)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("create");
        assert!(r.status().as_u16() < 500, "name {name:?}: {}", r.status());
        let r = app.post(&key, "/v1/analyze", json!({"servings": 1, "ingredients": [{"name": name.replace("\\u0000", "\u{0}"), "grams": 10}]})).await;
        assert!(r.status.as_u16() < 500, "analyze {name:?}: {:?}", r.body);
    }
    for q in [
        "'%20or%201=1%20--",
        "%25",
        "_",
        "%5C",
        "%27%3B%20drop%20table%20account%3B--",
        "%00",
        "Other",
    ] {
        for list in ["/v1/ingredients", "/v1/recipes", "/v1/foods"] {
            let r = app
                .get(&key, &format!("{list}?q={q}&include_archived=true"))
                .await;
            assert!(r.status.as_u16() < 500, "{list}?q={q}: {:?}", r.body);
            assert!(
                !r.body.to_string().contains("Other account secret"),
                "{list}?q={q} leaked"
            );
        }
    }

    for bad in [
        "nls_' or '1'='1",
        "nls_%27%20or%201=1--",
        "' or 1=1--",
        &format!("nls_{}", "A".repeat(10_000)),
    ] {
        let r = app.get(bad, "/v1/recipes").await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{bad:.40}");
        let r = app
            .http
            .post(format!("{}/functions/v1/export-label", app.base))
            .bearer_auth(bad)
            .json(&json!({"fileType": "svg", "data": {}, "extra": {}}))
            .send()
            .await
            .expect("export");
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "{bad:.40}");
    }
    let r = app
        .post(
            "",
            "/auth/v1/token",
            json!({"email": "' or 1=1--", "password": "' or ''='"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);

    let r = app.get(&key, "/v2/recipes").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.code(), "not_found");
    app.finish().await;
}

/// Sends raw bytes and returns the raw answer.
async fn raw(app: &TestApp, request: &[u8]) -> String {
    let address = app.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connect");
    stream.write_all(request).await.expect("write");
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn crlf_in_headers_cannot_inject_response_headers() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    // Bare CR/LF inside a header value: refused by the HTTP parser, nothing reflected.
    for injected in [
        "X-Request-Id: abc\rSet-Cookie: owned=1",
        "Idempotency-Key: k\rSet-Cookie: owned=1",
        "If-Match: \"1\"\rSet-Cookie: owned=1",
    ] {
        let request = format!(
            "GET /v1/recipes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\n{injected}\r\nConnection: close\r\n\r\n"
        );
        let answer = raw(&app, request.as_bytes()).await;
        let head = answer
            .split("\r\n\r\n")
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        assert!(!head.contains("set-cookie"), "{injected:?}: {head}");
    }
    // Encoded CRLF is just text: the request id is echoed only if it is a valid value.
    let request = format!(
        "GET /v1/recipes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\nX-Request-Id: a%0d%0aSet-Cookie:%20owned=1\r\nConnection: close\r\n\r\n"
    );
    let answer = raw(&app, request.as_bytes()).await;
    let head = answer
        .split("\r\n\r\n")
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(!head.lines().any(|l| l.starts_with("set-cookie")), "{head}");
    // An Idempotency-Key with CRLF sequences URL-encoded and SQL in it is stored as text.
    let r = app
        .call_with(
            Method::POST,
            &key,
            "/v1/ingredients",
            Some(oat_paste()),
            &[("idempotency-key", "k';drop-table-account;--%0d%0a")],
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{:?}", r.body);
    app.finish().await;
}

#[path = "../../fuzz/src/targets.rs"]
mod fuzz_targets;

/// A small deterministic mutator (xorshift): flips, inserts, deletes, truncates, splices.
fn mutate(seed: &mut u64, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    };
    let mut out = input.to_vec();
    let interesting: &[&[u8]] = &[
        b"\"",
        b"\\",
        b"{",
        b"}",
        b"[",
        b"]",
        b",",
        b":",
        b"-",
        b"1e999",
        b"-0",
        b"null",
        b"NaN",
        b"\\u0000",
        b"\\ud800",
        b"\xff",
        b"0.0000001",
        b"1e308",
        b"true",
    ];
    for _ in 0..(1 + next() % 4) {
        let len = out.len().max(1);
        let at = (next() as usize) % len;
        match next() % 6 {
            0 if !out.is_empty() => {
                let i = at.min(out.len() - 1);
                out[i] ^= 1 << (next() % 8);
            }
            1 => {
                let piece = interesting[(next() as usize) % interesting.len()];
                let at = at.min(out.len());
                out.splice(at..at, piece.iter().copied());
            }
            2 if !out.is_empty() => {
                let end = (at + 1 + (next() as usize) % 8).min(out.len());
                out.drain(at.min(out.len())..end);
            }
            3 => out.truncate(at),
            4 if !other.is_empty() => {
                let from = (next() as usize) % other.len();
                let at = at.min(out.len());
                out.splice(at..at, other[from..].iter().take(32).copied());
            }
            _ => {
                let at = at.min(out.len());
                out.insert(at, (next() % 256) as u8);
            }
        }
    }
    out
}

/// The fuzz targets on stable Rust: the committed corpus, labels computed from it, and
/// 300 mutations of each. Longer runs: `cargo +nightly fuzz run <target>` in `fuzz/`.
#[test]
fn decoders_and_the_label_pipeline_never_panic() {
    let corpus_root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut runs = 0usize;
    for (name, target) in fuzz_targets::TARGETS {
        let mut inputs: Vec<Vec<u8>> = std::fs::read_dir(corpus_root.join(name))
            .unwrap_or_else(|_| panic!("corpus for {name}"))
            .flatten()
            .filter_map(|e| std::fs::read(e.path()).ok())
            .collect();
        if *name == "export_label" {
            // Real label states of every format, computed from the pipeline corpus.
            for entry in std::fs::read_dir(corpus_root.join("label_pipeline"))
                .expect("corpus")
                .flatten()
            {
                let bytes = std::fs::read(entry.path()).expect("corpus file");
                let Ok(input) = serde_json::from_slice::<nls_nutrition::RecipeInput>(&bytes[1..])
                else {
                    continue;
                };
                for format in nls_nutrition::formats().iter().step_by(13) {
                    if let Ok(label) = nls_nutrition::compute_label(&input, format) {
                        inputs.push(serde_json::to_vec(&label).expect("label serializes"));
                    }
                }
            }
        }
        assert!(!inputs.is_empty(), "{name}: empty corpus");
        for (i, input) in inputs.iter().enumerate() {
            target(input);
            runs += 1;
            let other = &inputs[(i + 1) % inputs.len()];
            for _ in 0..300 {
                let mutated = mutate(&mut seed, input, other);
                target(&mutated);
                runs += 1;
            }
        }
    }
    assert!(runs > 5_000, "{runs}");
}

/// Issue 28, item 7: expired sessions and tokens and spent sign-in and rate-limit buckets are
/// deleted by housekeeping; live ones are kept.
#[tokio::test]
async fn housekeeping_deletes_expired_sessions_tokens_and_spent_buckets() {
    let app = TestApp::spawn().await;
    let (account_id, _) = app.account("free", true).await;
    let exec = |sql: &'static str, id: uuid::Uuid| {
        let pool = app.pool.clone();
        async move {
            sqlx::query(sql)
                .bind(id)
                .execute(&pool)
                .await
                .expect("insert");
        }
    };
    // Ended two days ago, and live.
    for (expires, token) in [
        ("now() - interval '2 days'", 1u8),
        ("now() + interval '1 hour'", 2u8),
    ] {
        sqlx::query(&format!(
            "insert into app_session (session_id, token_hash, account_id, expires_at)
             values ($1, $2, $3, {expires})"
        ))
        .bind(uuid::Uuid::now_v7())
        .bind(vec![token; 32])
        .bind(account_id)
        .execute(&app.pool)
        .await
        .expect("session");
        sqlx::query(&format!(
            "insert into session_token (token_hash, account_id, expires_at) values ($1, $2, {expires})"
        ))
        .bind(vec![token; 32])
        .bind(account_id)
        .execute(&app.pool)
        .await
        .expect("token");
    }
    exec(
        "insert into rate_limit (key_id, tat) values ($1, now() - interval '1 minute')",
        uuid::Uuid::now_v7(),
    )
    .await;
    exec(
        "insert into rate_limit (key_id, tat) values ($1, now() + interval '30 seconds')",
        uuid::Uuid::now_v7(),
    )
    .await;
    sqlx::query(
        "insert into sign_in_attempt (email_key, tat) values ($1, now() - interval '1 minute')",
    )
    .bind(vec![9u8; 32])
    .execute(&app.pool)
    .await
    .expect("attempt");

    let deleted = nls_web::housekeeping::pass(&app.pool)
        .await
        .expect("a pass");
    assert_eq!(deleted.app_sessions, 1);
    assert_eq!(deleted.session_tokens, 1);
    assert!(deleted.rate_limits >= 1);
    assert!(deleted.sign_in_attempts >= 1);
    let count = |sql: &'static str| {
        let pool = app.pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(&pool)
                .await
                .expect("count")
        }
    };
    assert_eq!(count("select count(*) from app_session").await, 1);
    assert_eq!(count("select count(*) from session_token").await, 1);
    assert_eq!(
        count("select count(*) from rate_limit where tat < now()").await,
        0
    );
    assert_eq!(
        count("select count(*) from rate_limit where tat > now()").await,
        1
    );
    app.finish().await;
}

/// Issue 28, item 7: webhook deliveries and attempts do not grow without bound. Housekeeping
/// keeps an endpoint's newest finished deliveries (and none older than 30 days), every
/// pending one whatever its age, and a delivery's newest attempts.
#[tokio::test]
async fn housekeeping_caps_finished_deliveries_per_endpoint_and_attempts_per_delivery() {
    use nls_web::housekeeping::{ATTEMPTS_KEPT_PER_DELIVERY, DELIVERIES_KEPT_PER_ENDPOINT};
    let app = TestApp::spawn().await;
    let (account_id, _) = app.account("business", true).await;
    let add_endpoint = |url: &'static str| {
        let pool = app.pool.clone();
        async move {
            let endpoint = uuid::Uuid::now_v7();
            sqlx::query(
                "insert into webhook_endpoint (endpoint_id, account_id, url, events, secret_enc)
                 values ($1, $2, $3, '{recipe.created}', '\\x00')",
            )
            .bind(endpoint)
            .bind(account_id)
            .bind(url)
            .execute(&pool)
            .await
            .expect("endpoint");
            endpoint
        }
    };
    let endpoint = add_endpoint("https://example.com/hook").await;
    let quiet_endpoint = add_endpoint("https://example.com/quiet").await;
    // Finished deliveries beyond the cap; on a quiet endpoint, one finished 40 days ago; old
    // pending ones; and one delivery retried by hand 70 times.
    let finished = DELIVERIES_KEPT_PER_ENDPOINT + 25;
    sqlx::query(
        "insert into webhook_delivery (delivery_id, endpoint_id, account_id, event_type,
                                       ordering_key, position, source, body, status, attempts,
                                       created_at)
         select gen_random_uuid(), $1, $2, 'recipe.created', 'k' || n, n, 's' || n, '{}',
                'delivered', 1, now() - make_interval(secs => $3 - n)
           from generate_series(1, $3) n",
    )
    .bind(endpoint)
    .bind(account_id)
    .bind(finished)
    .execute(&app.pool)
    .await
    .expect("finished deliveries");
    sqlx::query(
        "insert into webhook_delivery (delivery_id, endpoint_id, account_id, event_type,
                                       ordering_key, position, source, body, status, attempts,
                                       created_at)
         values (gen_random_uuid(), $3, $2, 'recipe.created', 'old', 0, 'old', '{}', 'failed',
                 8, now() - interval '40 days'),
                (gen_random_uuid(), $1, $2, 'recipe.created', 'p1', 0, 'p1', '{}', 'pending',
                 3, now() - interval '60 days'),
                (gen_random_uuid(), $1, $2, 'recipe.created', 'p2', 0, 'p2', '{}', 'pending',
                 0, now() - interval '60 days')",
    )
    .bind(endpoint)
    .bind(account_id)
    .bind(quiet_endpoint)
    .execute(&app.pool)
    .await
    .expect("old and pending deliveries");
    let retried = uuid::Uuid::now_v7();
    sqlx::query(
        "insert into webhook_delivery (delivery_id, endpoint_id, account_id, event_type,
                                       ordering_key, position, source, body, status, attempts)
         values ($1, $2, $3, 'recipe.created', 'r', 0, 'r', '{}', 'pending', 70)",
    )
    .bind(retried)
    .bind(endpoint)
    .bind(account_id)
    .execute(&app.pool)
    .await
    .expect("retried delivery");
    sqlx::query(
        "insert into webhook_attempt (delivery_id, attempt, started_at, duration_ms)
         select $1, n, now(), 5 from generate_series(1, 70) n",
    )
    .bind(retried)
    .execute(&app.pool)
    .await
    .expect("attempts");

    let deleted = nls_web::housekeeping::pass(&app.pool)
        .await
        .expect("a pass");
    // The 25 oldest finished ones of the busy endpoint, and the quiet one's 40-day-old one.
    assert_eq!(deleted.webhook_deliveries, 26);
    assert_eq!(
        deleted.webhook_attempts,
        70 - ATTEMPTS_KEPT_PER_DELIVERY as u64
    );
    let count = |sql: &'static str| {
        let pool = app.pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(&pool)
                .await
                .expect("count")
        }
    };
    assert_eq!(
        count("select count(*) from webhook_delivery where status <> 'pending'").await,
        DELIVERIES_KEPT_PER_ENDPOINT
    );
    assert_eq!(
        count("select count(*) from webhook_delivery where status = 'pending'").await,
        3
    );
    assert_eq!(
        count("select min(attempt)::bigint from webhook_attempt").await,
        70 - i64::from(ATTEMPTS_KEPT_PER_DELIVERY) + 1
    );
    app.finish().await;
}
