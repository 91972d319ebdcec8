//! Caps on the embed's event streams (issue 28, item 1), through raw sockets on the real
//! server: a few hundred streams from one address get 429 past the per-client cap while
//! `/healthz` still answers, the per-token and total caps, a permit given back when a
//! stream goes, a stream's maximum lifetime, and `X-Forwarded-For` believed from trusted
//! proxies only.

use std::time::{Duration, Instant};

use nls::config::ServeConfig;
use nls_renderer::embed::StreamLimits;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::embed::{embedded_recipe, open_events};
use crate::helpers::{nats_url, TestApp};

/// Caps small enough for a quick test; `configure` adjusts them and the rest.
async fn spawn(limits: StreamLimits, configure: impl FnOnce(&mut ServeConfig)) -> TestApp {
    TestApp::spawn_configured(nats_url(), |config| {
        config.embed_streams = limits;
        configure(config);
    })
    .await
}

fn limits(per_client: usize, per_token: usize, total: usize) -> StreamLimits {
    StreamLimits {
        per_client,
        per_token,
        total,
        max_lifetime: Duration::from_secs(600),
    }
}

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.base.trim_start_matches("http://"))
        .await
        .expect("connect")
}

/// A response head read off a raw socket, and the socket (still open on a stream).
struct Opened {
    status: u16,
    head: String,
    /// What came after the head in the same reads.
    early: Vec<u8>,
    socket: TcpStream,
}

/// Sends a bare `GET` over a new connection and reads the response head.
async fn get(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> Opened {
    let mut socket = connect(app).await;
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    socket.write_all(request.as_bytes()).await.expect("write");
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    let (head, early) = loop {
        if let Some(end) = received.windows(4).position(|w| w == b"\r\n\r\n") {
            let early = received.split_off(end + 4);
            break (String::from_utf8_lossy(&received).into_owned(), early);
        }
        let n = tokio::time::timeout(Duration::from_secs(5), socket.read(&mut buffer))
            .await
            .expect("a response head within 5 s")
            .expect("read");
        assert!(n > 0, "closed before a response head: {received:?}");
        received.extend_from_slice(&buffer[..n]);
    };
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Opened {
        status,
        head,
        early,
        socket,
    }
}

/// Opens an event stream of `token`.
async fn open(app: &TestApp, token: &str, headers: &[(&str, &str)]) -> Opened {
    open_since(app, token, None, headers).await
}

/// Opens an event stream of `token` as the page does, naming the label it shows.
async fn open_since(
    app: &TestApp,
    token: &str,
    since: Option<&str>,
    headers: &[(&str, &str)],
) -> Opened {
    let mut all = vec![("Accept", "text/event-stream")];
    all.extend_from_slice(headers);
    let query = since
        .map(|hash| format!("?since={hash}"))
        .unwrap_or_default();
    get(app, &format!("/embed/{token}/events{query}"), &all).await
}

/// What arrives on `socket` within `within`.
async fn read_for(socket: &mut TcpStream, within: Duration) -> String {
    let deadline = Instant::now() + within;
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match tokio::time::timeout(left, socket.read(&mut buffer)).await {
            Ok(Ok(n)) if n > 0 => received.extend_from_slice(&buffer[..n]),
            _ => break,
        }
    }
    String::from_utf8_lossy(&received).into_owned()
}

/// The rest of a refused stream's response, read until the server closes the connection.
async fn refusal_body(opened: &mut Opened) -> Value {
    let mut rest = std::mem::take(&mut opened.early);
    tokio::time::timeout(Duration::from_secs(3), opened.socket.read_to_end(&mut rest))
        .await
        .expect("the server closes a refused stream's connection")
        .expect("read");
    serde_json::from_slice(&rest).expect("a JSON error body")
}

/// Asserts `opened` is a 429 `rate_limited` with `Retry-After` that closes its connection;
/// returns the message.
async fn assert_refused(mut opened: Opened) -> String {
    assert_eq!(opened.status, 429, "{}", opened.head);
    let head = opened.head.to_ascii_lowercase();
    assert!(head.contains("\r\nretry-after: 10\r\n"), "{head}");
    assert!(
        head.contains("\r\ncontent-type: application/json"),
        "{head}"
    );
    assert!(head.contains("\r\nconnection: close\r\n"), "{head}");
    let body = refusal_body(&mut opened).await;
    assert_eq!(body["error"]["code"], "rate_limited", "{body}");
    let message = body["error"]["message"].as_str().unwrap_or("").to_owned();
    assert!(message.contains("10 seconds"), "{message}");
    message
}

async fn healthz_from_a_new_connection(app: &TestApp) {
    let started = Instant::now();
    let health = get(app, "/healthz", &[("Connection", "close")]).await;
    assert_eq!(health.status, 200, "{}", health.head);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn a_few_hundred_streams_from_one_address_get_429_past_its_cap_and_healthz_still_answers() {
    // 300 streams would take every one of 128 connections without the caps.
    let app = spawn(limits(32, 1_000, 64), |config| {
        config.connections.max_connections = 128;
    })
    .await;
    let key = app.business_key().await;
    let (_, token, _) = embedded_recipe(&app, &key, 1).await;
    let mut held = Vec::new();
    let mut refused = 0;
    for _ in 0..300 {
        let opened = open(&app, &token, &[]).await;
        if opened.status == 200 {
            assert!(opened.head.contains("text/event-stream"), "{}", opened.head);
            held.push(opened);
        } else {
            let message = assert_refused(opened).await;
            assert!(
                message.contains("from this address (at most 32)"),
                "{message}"
            );
            refused += 1;
        }
    }
    assert_eq!((held.len(), refused), (32, 268));
    healthz_from_a_new_connection(&app).await;
    // Keyed traffic too.
    let reply = app.get(&key, "/v1/recipes").await;
    assert_eq!(reply.status, reqwest::StatusCode::OK);
    drop(held);
    app.finish().await;
}

#[tokio::test]
async fn the_per_token_and_total_caps_hold_across_addresses() {
    let app = spawn(limits(1_000, 5, 8), |_| {}).await;
    let key = app.business_key().await;
    let (_, first, _) = embedded_recipe(&app, &key, 1).await;
    let (_, second, _) = embedded_recipe(&app, &key, 1).await;
    let mut held = Vec::new();
    for _ in 0..5 {
        let opened = open(&app, &first, &[]).await;
        assert_eq!(opened.status, 200, "{}", opened.head);
        held.push(opened);
    }
    let message = assert_refused(open(&app, &first, &[]).await).await;
    assert!(message.contains("for this label (at most 5)"), "{message}");
    for _ in 0..3 {
        let opened = open(&app, &second, &[]).await;
        assert_eq!(opened.status, 200, "{}", opened.head);
        held.push(opened);
    }
    let message = assert_refused(open(&app, &second, &[]).await).await;
    assert!(message.contains("on this server (at most 8)"), "{message}");
    drop(held);
    app.finish().await;
}

#[tokio::test]
async fn a_closed_stream_gives_its_place_back() {
    let app = spawn(limits(3, 1_000, 100), |_| {}).await;
    let key = app.business_key().await;
    let (_, token, _) = embedded_recipe(&app, &key, 1).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        let opened = open(&app, &token, &[]).await;
        assert_eq!(opened.status, 200, "{}", opened.head);
        held.push(opened);
    }
    assert_refused(open(&app, &token, &[]).await).await;
    // The client goes away without a word.
    drop(held.remove(0));
    let started = Instant::now();
    let again = app
        .eventually(Duration::from_secs(10), "the closed stream's place", || {
            let app = &app;
            let token = &token;
            async move {
                let opened = open(app, token, &[]).await;
                (opened.status == 200).then_some(opened)
            }
        })
        .await;
    held.push(again);
    eprintln!("place given back after {:?}", started.elapsed());
    drop(held);
    app.finish().await;
}

#[tokio::test]
async fn a_stream_ends_by_itself_after_its_lifetime_and_the_page_can_reconnect() {
    let app = spawn(
        StreamLimits {
            max_lifetime: Duration::from_secs(1),
            ..limits(1, 1_000, 100)
        },
        |_| {},
    )
    .await;
    let key = app.business_key().await;
    let (_, token, _) = embedded_recipe(&app, &key, 1).await;
    let started = Instant::now();
    let mut events = open_events(&app, &token, None).await;
    let (hash, _) = events
        .next_label(Duration::from_secs(5))
        .await
        .expect("the current label");
    // Nothing else comes, and the stream ends (`None`) rather than the wait running out.
    assert!(events.next(Duration::from_secs(5)).await.is_none());
    let lived = started.elapsed();
    assert!(
        lived >= Duration::from_millis(700) && lived < Duration::from_secs(4),
        "{lived:?}"
    );
    drop(events);
    // The one place (per-client cap 1) is free again, and a reconnect naming the label it
    // shows is not sent that label again.
    let mut again = app
        .eventually(Duration::from_secs(5), "a reconnect", || {
            let (app, token, hash) = (&app, &token, &hash);
            async move {
                let opened = open_since(app, token, Some(hash), &[]).await;
                (opened.status == 200).then_some(opened)
            }
        })
        .await;
    let sent = read_for(&mut again.socket, Duration::from_millis(500)).await;
    let sent = String::from_utf8_lossy(&again.early).into_owned() + &sent;
    assert!(!sent.contains("event: label"), "{sent}");
    drop(again);
    app.finish().await;
}

#[tokio::test]
async fn x_forwarded_for_from_an_untrusted_peer_is_ignored() {
    let app = spawn(limits(2, 1_000, 100), |_| {}).await;
    let key = app.business_key().await;
    let (_, token, _) = embedded_recipe(&app, &key, 1).await;
    let a = open(&app, &token, &[("X-Forwarded-For", "198.51.100.1")]).await;
    let b = open(&app, &token, &[("X-Forwarded-For", "198.51.100.2")]).await;
    assert_eq!((a.status, b.status), (200, 200));
    // Still the socket's address, already at its cap.
    let message =
        assert_refused(open(&app, &token, &[("X-Forwarded-For", "198.51.100.3")]).await).await;
    assert!(message.contains("from this address"), "{message}");
    drop((a, b));
    app.finish().await;
}

#[tokio::test]
async fn x_forwarded_for_from_a_trusted_proxy_names_the_client() {
    let app = spawn(limits(2, 1_000, 100), |config| {
        config.trusted_proxies = "127.0.0.0/8, ::1".parse().expect("proxy list");
    })
    .await;
    let key = app.business_key().await;
    let (_, token, _) = embedded_recipe(&app, &key, 1).await;
    let mut held = Vec::new();
    for forwarded in ["198.51.100.1", "6.6.6.6, 198.51.100.1"] {
        let opened = open(&app, &token, &[("X-Forwarded-For", forwarded)]).await;
        assert_eq!(opened.status, 200, "{forwarded}: {}", opened.head);
        held.push(opened);
    }
    // The forged left-hand entry does not make a new client: the proxy's entry counts.
    assert_refused(
        open(
            &app,
            &token,
            &[("X-Forwarded-For", "7.7.7.7, 198.51.100.1")],
        )
        .await,
    )
    .await;
    // Another client behind the same proxy has places of its own.
    for forwarded in ["198.51.100.2", "198.51.100.2, 127.0.0.1"] {
        let opened = open(&app, &token, &[("X-Forwarded-For", forwarded)]).await;
        assert_eq!(opened.status, 200, "{forwarded}: {}", opened.head);
        held.push(opened);
    }
    // Without the header, the proxy itself is the client.
    let proxy = open(&app, &token, &[]).await;
    assert_eq!(proxy.status, 200, "{}", proxy.head);
    drop((held, proxy));
    app.finish().await;
}

/// Memory per open stream: the process's resident set (server and these client sockets,
/// which own no buffers) before and after opening the streams. Run with
/// `NLS_STREAMS=2000 cargo test --test api -- embed_caps::memory --ignored --nocapture`
/// (`NLS_SINCE=1` opens them as the embed page does, so no label is sent on connect).
#[tokio::test]
#[ignore = "a measurement: prints the resident memory per open stream"]
async fn memory_per_open_stream() {
    let streams: usize = std::env::var("NLS_STREAMS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2_000);
    let since = std::env::var("NLS_SINCE").is_ok_and(|v| v == "1");
    let app = spawn(limits(1_000_000, 1_000_000, 1_000_000), |config| {
        config.connections.max_connections = 1_000_000;
    })
    .await;
    let key = app.business_key().await;
    let mut tokens = Vec::new();
    let mut hashes = Vec::new();
    for _ in 0..10 {
        let (_, token, _) = embedded_recipe(&app, &key, 1).await;
        let mut first = open_events(&app, &token, None).await;
        let (hash, _) = first
            .next_label(Duration::from_secs(5))
            .await
            .expect("the current label");
        tokens.push(token);
        hashes.push(hash);
    }
    let open_batch = |count: usize| {
        let app = &app;
        let tokens = &tokens;
        let hashes = &hashes;
        async move {
            let mut held = Vec::with_capacity(count);
            for i in 0..count {
                let shown = since.then_some(hashes[i % 10].as_str());
                let opened = open_since(app, &tokens[i % 10], shown, &[]).await;
                assert_eq!(opened.status, 200, "{}", opened.head);
                held.push(opened.socket);
            }
            held
        }
    };
    // Warm-up: the first streams of each recipe make its channel and draw its label.
    let warm = open_batch(200).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let before = rss_kib();
    let held = open_batch(streams).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = rss_kib();
    let per_stream = (after.saturating_sub(before)) as f64 / streams as f64;
    eprintln!(
        "{streams} streams{}: RSS {before} KiB -> {after} KiB, {per_stream:.1} KiB per stream",
        if since {
            " (?since=, no label on connect)"
        } else {
            " (label on connect)"
        }
    );
    drop((warm, held));
    app.finish().await;
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|line| line.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}
