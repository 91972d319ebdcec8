//! Limits answered in the JSON error body every time (issue 28, item 7), through raw TCP:
//! a body over 1 MB still being sent gets its whole 429 `payload_too_large` (never a
//! reset), and a request target of any length over the limit its JSON 414 `uri_too_long`.

use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::TestApp;

/// A response read whole off a raw connection.
struct RawReply {
    status: u16,
    headers: String,
    body: Value,
}

/// Reads one response: the head, then `Content-Length` bytes of body. `Err` says what
/// went wrong (a reset, a close before the end, no answer in time).
async fn read_reply(stream: &mut (impl AsyncReadExt + Unpin)) -> Result<RawReply, String> {
    let mut received = Vec::new();
    let mut buffer = [0u8; 8192];
    let read = async {
        loop {
            if let Some(end) = received.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&received[..end]).into_owned();
                let length = head
                    .lines()
                    .find_map(|line| {
                        let (name, value) = line.split_once(':')?;
                        name.eq_ignore_ascii_case("content-length")
                            .then(|| value.trim().parse::<usize>().ok())?
                    })
                    .ok_or_else(|| format!("no Content-Length: {head}"))?;
                if received.len() >= end + 4 + length {
                    let body = &received[end + 4..end + 4 + length];
                    let status = head
                        .split(' ')
                        .nth(1)
                        .and_then(|s| s.parse().ok())
                        .unwrap_or(0);
                    let body = serde_json::from_slice(body).map_err(|err| {
                        format!("not JSON ({err}): {}", String::from_utf8_lossy(body))
                    })?;
                    return Ok(RawReply {
                        status,
                        headers: head,
                        body,
                    });
                }
            }
            match stream.read(&mut buffer).await {
                Ok(0) => {
                    return Err(format!(
                        "closed after {} bytes: {}",
                        received.len(),
                        String::from_utf8_lossy(&received)
                    ))
                }
                Ok(n) => received.extend_from_slice(&buffer[..n]),
                Err(err) => {
                    return Err(format!("read failed after {} bytes: {err}", received.len()))
                }
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(20), read)
        .await
        .map_err(|_| "no whole response within 20 s".to_owned())?
}

/// One upload that declares 5 MB and sends it in 64 KiB pieces over about 2.5 s, longer
/// than the server's lingering close used to last, then reads the answer.
async fn slow_declared_upload(address: &str, key: &str) -> Result<RawReply, String> {
    const DECLARED: usize = 5_000_000;
    let stream = TcpStream::connect(address)
        .await
        .map_err(|e| e.to_string())?;
    let (mut read, mut write) = stream.into_split();
    let head = format!(
        "POST /v1/ingredients HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {key}\r\n\
         Content-Type: application/json\r\nContent-Length: {DECLARED}\r\n\r\n"
    );
    write
        .write_all(head.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let chunk = vec![b' '; 64 * 1024];
    let mut sent = 0;
    while sent < DECLARED {
        let piece = &chunk[..chunk.len().min(DECLARED - sent)];
        write
            .write_all(piece)
            .await
            .map_err(|err| format!("the upload was cut off after {sent} bytes: {err}"))?;
        sent += piece.len();
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    read_reply(&mut read).await
}

#[tokio::test]
async fn a_declared_body_over_the_limit_sent_slowly_gets_the_whole_429_every_time() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let address = app.base.trim_start_matches("http://").to_owned();
    // 50 runs, 10 at a time.
    for batch in 0..5 {
        let runs = (0..10).map(|_| slow_declared_upload(&address, &key));
        for (i, outcome) in futures::future::join_all(runs)
            .await
            .into_iter()
            .enumerate()
        {
            let run = batch * 10 + i;
            let reply = outcome.unwrap_or_else(|err| panic!("run {run}: {err}"));
            assert_eq!(reply.status, 429, "run {run}: {}", reply.headers);
            assert_eq!(
                reply.body["error"]["code"], "payload_too_large",
                "run {run}"
            );
            assert!(
                reply.headers.to_ascii_lowercase().contains("retry-after:"),
                "run {run}: {}",
                reply.headers
            );
        }
    }
    app.finish().await;
}

/// Sends `GET <target>` and reads the answer; then, on the same connection if the server
/// kept it, a short request, whose answer is `Some` (`None` when the server closed).
async fn long_target(address: &str, target: &str) -> (RawReply, Option<RawReply>) {
    let mut stream = TcpStream::connect(address).await.expect("connect");
    let request = format!("GET {target} HTTP/1.1\r\nHost: {address}\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .expect("the request is taken");
    let reply = read_reply(&mut stream)
        .await
        .unwrap_or_else(|err| panic!("{} bytes: {err}", target.len()));
    let closes = reply
        .headers
        .to_ascii_lowercase()
        .contains("connection: close");
    if closes {
        // Closed cleanly: the end of the stream, not a reset.
        let mut rest = Vec::new();
        let end = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut rest)).await;
        assert!(
            matches!(end, Ok(Ok(0))),
            "{} bytes: not a clean close: {end:?}",
            target.len()
        );
        return (reply, None);
    }
    let next = format!("GET /healthz HTTP/1.1\r\nHost: {address}\r\n\r\n");
    stream
        .write_all(next.as_bytes())
        .await
        .expect("the connection is still usable");
    let after = read_reply(&mut stream).await.expect("the next answer");
    (reply, Some(after))
}

#[tokio::test]
async fn every_over_long_uri_gets_the_json_414() {
    let app = TestApp::spawn().await;
    let address = app.base.trim_start_matches("http://").to_owned();
    for length in [10 * 1024, 70 * 1024, 200 * 1024, 1024 * 1024] {
        let target = format!("/v1/recipes?q={}", "x".repeat(length));
        let (reply, after) = long_target(&address, &target).await;
        assert_eq!(reply.status, 414, "{length}: {}", reply.headers);
        assert_eq!(reply.body["error"]["code"], "uri_too_long", "{length}");
        assert!(
            reply
                .headers
                .to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{length}: {}",
            reply.headers
        );
        if let Some(after) = after {
            assert_eq!(after.status, 200, "{length}: {}", after.headers);
        }
    }
    app.finish().await;
}
