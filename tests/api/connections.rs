//! Slow clients cannot hold connections (issue 12, item 3), through real TCP sockets: a
//! half-sent request line, header block or body is closed within the configured bound, an
//! idle keep-alive connection too, a client that stops reading is dropped, the number of
//! connections served at once is bounded, and the embed's event stream outlives every one
//! of these bounds.

use std::time::{Duration, Instant};

use nls::config::{ConnLimits, ServeConfig};
use reqwest::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::embed::{embedded_recipe, open_events};
use crate::helpers::{nats_url, TestApp};

/// The bounds these tests configure: short, so the tests are quick.
const HEADERS: Duration = Duration::from_secs(1);
const BODY: Duration = Duration::from_secs(1);
const WRITE_STALL: Duration = Duration::from_secs(1);
/// Time allowed beyond a bound for the server to act on it (a busy CI machine).
const SLACK: Duration = Duration::from_secs(3);

async fn spawn(configure: impl FnOnce(&mut ServeConfig)) -> TestApp {
    TestApp::spawn_configured(nats_url(), |config| {
        config.connections = ConnLimits {
            header_read_timeout: HEADERS,
            body_read_timeout: BODY,
            write_stall_timeout: WRITE_STALL,
            ..ConnLimits::default()
        };
        configure(config);
    })
    .await
}

async fn connect(app: &TestApp) -> TcpStream {
    let address = app.base.trim_start_matches("http://");
    TcpStream::connect(address).await.expect("connect")
}

/// Reads until the server closes the connection; returns what it sent and when it closed,
/// or `None` if it was still open after `within`.
async fn read_until_closed(stream: &mut TcpStream, within: Duration) -> Option<(String, Duration)> {
    let started = Instant::now();
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        let left = within.checked_sub(started.elapsed())?;
        match tokio::time::timeout(left, stream.read(&mut buffer)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => {
                return Some((
                    String::from_utf8_lossy(&received).into_owned(),
                    started.elapsed(),
                ))
            }
            Ok(Ok(n)) => received.extend_from_slice(&buffer[..n]),
        }
    }
}

#[tokio::test]
async fn a_half_sent_request_line_or_header_block_is_closed_within_the_header_bound() {
    let app = spawn(|_| {}).await;
    for partial in [
        "GET /healthz HT",
        "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ",
        "",
    ] {
        let mut stream = connect(&app).await;
        stream.write_all(partial.as_bytes()).await.expect("write");
        let closed = read_until_closed(&mut stream, HEADERS + SLACK).await;
        let (sent, after) = closed.unwrap_or_else(|| panic!("{partial:?} still open"));
        assert!(
            after >= HEADERS - Duration::from_millis(100),
            "{partial:?}: {after:?}"
        );
        assert!(!sent.contains("200 OK"), "{partial:?}: {sent}");
    }
    app.finish().await;
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_within_the_header_bound() {
    let app = spawn(|_| {}).await;
    let mut stream = connect(&app).await;
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .await
        .expect("write");
    let closed = read_until_closed(&mut stream, HEADERS + SLACK).await;
    let (sent, _) = closed.expect("the idle connection is closed");
    assert!(sent.starts_with("HTTP/1.1 200"), "{sent}");
    app.finish().await;
}

#[tokio::test]
async fn a_half_sent_body_gets_408_and_is_closed_within_the_body_bound() {
    let app = spawn(|_| {}).await;
    let key = app.business_key().await;
    let mut stream = connect(&app).await;
    let head = format!(
        "POST /v1/recipes HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {key}\r\n\
         Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"name\":"
    );
    stream.write_all(head.as_bytes()).await.expect("write");
    let closed = read_until_closed(&mut stream, BODY + SLACK).await;
    let (sent, after) = closed.expect("the connection is closed");
    assert!(after >= BODY - Duration::from_millis(100), "{after:?}");
    assert!(sent.starts_with("HTTP/1.1 408"), "{sent}");
    assert!(sent.contains("\"request_timeout\""), "{sent}");
    // Nothing was written.
    let recipes = app.get(&key, "/v1/recipes").await;
    assert_eq!(recipes.body["data"], json!([]), "{:?}", recipes.body);
    app.finish().await;
}

#[tokio::test]
async fn a_half_sent_body_to_a_refused_request_is_closed_after_the_response() {
    let app = spawn(|_| {}).await;
    let mut stream = connect(&app).await;
    // No credential: 401 without reading the body; the connection must not wait for it.
    stream
        .write_all(
            b"POST /v1/recipes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"na",
        )
        .await
        .expect("write");
    let closed = read_until_closed(&mut stream, BODY + SLACK).await;
    let (sent, _) = closed.expect("the connection is closed");
    assert!(sent.starts_with("HTTP/1.1 401"), "{sent}");
    app.finish().await;
}

#[tokio::test]
async fn a_client_that_stops_reading_is_dropped() {
    let app = spawn(|_| {}).await;
    let asset = "/docs/swagger-ui-bundle.js";
    let size = app
        .http
        .get(format!("{}{asset}", app.base))
        .send()
        .await
        .expect("asset")
        .bytes()
        .await
        .expect("asset body")
        .len();
    // Far more than any socket buffer holds, asked for at once (pipelined), never read.
    let requests = 40;
    let mut stream = connect(&app).await;
    let request = format!("GET {asset} HTTP/1.1\r\nHost: localhost\r\n\r\n");
    stream
        .write_all(request.repeat(requests).as_bytes())
        .await
        .expect("write");
    tokio::time::sleep(WRITE_STALL + SLACK).await;
    // The server gave up: what it had written before is there, then the end.
    let mut received = 0usize;
    let mut buffer = vec![0u8; 1 << 16];
    let ended = tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received += n,
            }
        }
    })
    .await;
    assert!(ended.is_ok(), "the connection stayed open");
    assert!(
        received < requests * size,
        "all {received} bytes were sent: the writes never stalled"
    );
    app.finish().await;
}

#[tokio::test]
async fn connections_beyond_the_bound_wait_until_one_closes() {
    let app = TestApp::spawn_configured(nats_url(), |config| {
        config.connections = ConnLimits {
            max_connections: 2,
            ..ConnLimits::default()
        };
    })
    .await;
    let request = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n";
    let mut first = connect(&app).await;
    first.write_all(request).await.expect("write");
    let mut buffer = [0u8; 1024];
    let n = first.read(&mut buffer).await.expect("first answered");
    assert!(buffer[..n].starts_with(b"HTTP/1.1 200"));
    let second = connect(&app).await;
    // Give the server time to take the second connection before the third arrives.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut third = connect(&app).await;
    third.write_all(request).await.expect("write");
    let early = tokio::time::timeout(Duration::from_millis(700), third.read(&mut buffer)).await;
    assert!(early.is_err(), "the third connection was served at once");
    drop(first);
    let n = tokio::time::timeout(Duration::from_secs(5), third.read(&mut buffer))
        .await
        .expect("served once a place is free")
        .expect("read");
    assert!(buffer[..n].starts_with(b"HTTP/1.1 200"));
    drop(second);
    app.finish().await;
}

#[tokio::test]
async fn the_embed_event_stream_outlives_the_read_bounds() {
    let app = spawn(|_| {}).await;
    let key = app.business_key().await;
    let (id, token, _) = embedded_recipe(&app, &key, 1).await;
    let mut events = open_events(&app, &token, None).await;
    let (first, _) = events
        .next_label(Duration::from_secs(5))
        .await
        .expect("the current label");
    // Several header and body bounds pass with the stream open and quiet.
    tokio::time::sleep(3 * (HEADERS + BODY)).await;
    let put = app
        .put(&key, &format!("/v1/recipes/{id}"), json!({ "servings": 2 }))
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    let (second, _) = events
        .next_label(Duration::from_secs(5))
        .await
        .expect("a label event after the bounds passed");
    assert_ne!(first, second);
    app.finish().await;
}
