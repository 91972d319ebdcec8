//! The JSON error body for request heads hyper refuses before the app sees them.
//!
//! hyper answers a head it cannot take on its own, with an empty body: 414 for a request
//! target over 65,534 bytes (the most an `http::Uri` holds, so no setting lets it through
//! to the app's check in `serve::refuse_long_uri`) and 431 for a head over its read
//! buffer (a target of a few hundred KiB ends there too). Its answer cannot be configured,
//! so the connection's stream holds that answer back ([`HoldRefusal`]) and, once hyper
//! has ended the connection, [`answer`] says what to send instead: the project's
//! `uri_too_long` when the target is what was too long, hyper's own answer otherwise.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::response::IntoResponse;
use nls_web::{ApiError, ErrorCode};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::serve::MAX_URI_BYTES;

/// A stream that keeps hyper's automatic 414 or 431 instead of writing it.
pub struct HoldRefusal<S> {
    inner: S,
    held: Option<Vec<u8>>,
}

impl<S> HoldRefusal<S> {
    pub fn new(inner: S) -> Self {
        Self { inner, held: None }
    }

    /// The stream, and hyper's answer if one was held back.
    pub fn into_parts(self) -> (S, Option<Vec<u8>>) {
        (self.inner, self.held)
    }

    /// Whether `bytes` are the whole of hyper's automatic answer: a head alone, 414 or
    /// 431, with no body. The app never sends those statuses without its JSON body.
    fn is_automatic_refusal(bytes: &[u8]) -> bool {
        // Every response passes here: the status line decides before anything is scanned.
        let refused = bytes.starts_with(b"HTTP/1.1 414 ") || bytes.starts_with(b"HTTP/1.1 431 ");
        refused
            && bytes.ends_with(b"\r\n\r\n")
            && bytes.windows(4).position(|w| w == b"\r\n\r\n") == Some(bytes.len() - 4)
            && bytes
                .windows(b"\r\ncontent-length: 0\r\n".len())
                .any(|w| w.eq_ignore_ascii_case(b"\r\ncontent-length: 0\r\n"))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for HoldRefusal<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for HoldRefusal<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.held.is_none() && Self::is_automatic_refusal(buf) {
            this.held = Some(buf.to_vec());
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        // hyper writes its answer as one slice (a head without a body).
        let mut filled = bufs.iter().filter(|b| !b.is_empty());
        if let (Some(only), None) = (filled.next(), filled.next()) {
            if this.held.is_none() && Self::is_automatic_refusal(only) {
                this.held = Some(only.to_vec());
                return Poll::Ready(Ok(only.len()));
            }
        }
        Pin::new(&mut this.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

/// What to send for hyper's held answer `held`, given the bytes of the refused head hyper
/// had read (`unread`): the JSON 414 when the request target was too long, else `held`.
pub async fn answer(held: Vec<u8>, unread: &[u8]) -> Vec<u8> {
    // A 431 whose buffer holds no line end yet was still reading the request line.
    let target_too_long =
        held.starts_with(b"HTTP/1.1 414 ") || !unread.windows(2).any(|w| w == b"\r\n");
    if !target_too_long {
        return held;
    }
    let error = ApiError::new(
        ErrorCode::UriTooLong,
        format!("the request target has more than 65,534 bytes; at most {MAX_URI_BYTES}"),
    );
    match serialize(error.into_response()).await {
        Some(bytes) => bytes,
        None => held,
    }
}

/// `response` as HTTP/1.1 bytes, closing the connection (hyper has ended it).
async fn serialize(response: axum::response::Response) -> Option<Vec<u8>> {
    let (parts, body) = response.into_parts();
    // The error body is a few hundred bytes, already in memory.
    let body = axum::body::to_bytes(body, 64 * 1024).await.ok()?;
    let mut bytes = format!(
        "HTTP/1.1 {} {}\r\n",
        parts.status.as_u16(),
        parts.status.canonical_reason().unwrap_or("")
    )
    .into_bytes();
    for (name, value) in &parts.headers {
        if name == axum::http::header::CONTENT_LENGTH || name == axum::http::header::CONNECTION {
            continue;
        }
        bytes.extend_from_slice(name.as_str().as_bytes());
        bytes.extend_from_slice(b": ");
        bytes.extend_from_slice(value.as_bytes());
        bytes.extend_from_slice(b"\r\n");
    }
    bytes.extend_from_slice(
        format!(
            "content-length: {}\r\nconnection: close\r\n\r\n",
            body.len()
        )
        .as_bytes(),
    );
    bytes.extend_from_slice(&body);
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_empty_414_or_431_head_is_held() {
        type Held = HoldRefusal<tokio::io::Empty>;
        let automatic = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        assert!(Held::is_automatic_refusal(automatic));
        let json = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 90\r\n\r\n";
        assert!(!Held::is_automatic_refusal(json));
        let with_body =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\nx";
        assert!(!Held::is_automatic_refusal(with_body));
        assert!(!Held::is_automatic_refusal(
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n"
        ));
    }

    #[tokio::test]
    async fn a_refused_target_gets_the_json_414_and_long_headers_keep_the_431() {
        let held_414 = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\n\r\n".to_vec();
        let answer_414 = String::from_utf8(answer(held_414, b"GET /xxx").await).unwrap_or_default();
        assert!(
            answer_414.starts_with("HTTP/1.1 414 URI Too Long\r\n"),
            "{answer_414}"
        );
        assert!(answer_414.contains("\"uri_too_long\""), "{answer_414}");
        assert!(
            answer_414.contains("content-type: application/json"),
            "{answer_414}"
        );

        let held_431 = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n";
        let line_unfinished = answer(held_431.to_vec(), b"GET /xxxxxxxx").await;
        assert!(line_unfinished.starts_with(b"HTTP/1.1 414 "));
        let headers_long = answer(held_431.to_vec(), b"GET / HTTP/1.1\r\nx: yyyy").await;
        assert_eq!(headers_long, held_431);
    }
}
