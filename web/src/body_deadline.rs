//! A deadline for a whole request body.
//!
//! A client that sends its headers and then dribbles (or never sends) the body would hold
//! a connection and a handler for as long as it likes: the HTTP/1 implementation bounds
//! the header read only. [`DeadlineBody`] wraps each request body with a deadline counted
//! from the moment the headers were read; past it the next read fails with
//! [`BodyTimedOut`], which the JSON extractor answers with 408 `request_timeout`. A total
//! deadline rather than a per-read one, so a client sending a byte every few seconds
//! cannot stretch a body indefinitely either.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::HttpBody;
use bytes::Bytes;
use http_body::{Frame, SizeHint};
use tokio::time::Sleep;

/// Errors a body read can end with.
type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The body did not arrive within its deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the request body did not arrive within {0:?}")]
pub struct BodyTimedOut(pub Duration);

/// A request body that fails with [`BodyTimedOut`] once its deadline has passed.
pub struct DeadlineBody<B> {
    inner: B,
    deadline: Pin<Box<Sleep>>,
    timeout: Duration,
}

impl<B> DeadlineBody<B> {
    /// `inner`, which must be read whole within `timeout` from now.
    pub fn new(inner: B, timeout: Duration) -> Self {
        Self {
            inner,
            deadline: Box::pin(tokio::time::sleep(timeout)),
            timeout,
        }
    }
}

impl<B> HttpBody for DeadlineBody<B>
where
    B: HttpBody<Data = Bytes> + Unpin,
    B::Error: Into<BoxError>,
{
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let this = self.get_mut();
        // What has arrived is taken even at the deadline; only waiting is bounded.
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        match this.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(Box::new(BodyTimedOut(this.timeout))))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// Whether `err` or one of its sources is a [`BodyTimedOut`].
pub fn timed_out(err: &(dyn std::error::Error + 'static)) -> Option<BodyTimedOut> {
    let mut current = Some(err);
    while let Some(err) = current {
        if let Some(found) = err.downcast_ref::<BodyTimedOut>() {
            return Some(*found);
        }
        current = err.source();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    /// A body whose next frame never comes.
    struct Stalled;

    impl HttpBody for Stalled {
        type Data = Bytes;
        type Error = std::io::Error;
        fn poll_frame(
            self: Pin<&mut Self>,
            _cx: &mut Context<'_>,
        ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
            Poll::Pending
        }
    }

    #[tokio::test]
    async fn a_body_that_never_ends_times_out() {
        let timeout = Duration::from_millis(50);
        let body = axum::body::Body::new(DeadlineBody::new(Stalled, timeout));
        let err = body.collect().await.err();
        assert_eq!(
            err.map(|e| timed_out(&e)),
            Some(Some(BodyTimedOut(timeout)))
        );
    }

    #[tokio::test]
    async fn a_complete_body_is_read_as_is() {
        let body = axum::body::Body::from("{\"a\":1}");
        let body = axum::body::Body::new(DeadlineBody::new(body, Duration::from_millis(50)));
        let bytes = body.collect().await.ok().map(|c| c.to_bytes());
        assert_eq!(bytes.as_deref(), Some(&b"{\"a\":1}"[..]));
    }
}
