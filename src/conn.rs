//! The HTTP/1.1 listener: accepts connections within a bound, reads each request within
//! time bounds, and closes connections in stages.
//!
//! - **Concurrent connections.** At most [`ConnLimits::max_connections`] are served at
//!   once; beyond them the loop stops accepting (clients wait in the kernel's backlog)
//!   rather than taking a file descriptor and memory for every caller.
//! - **Request heads.** Headers must arrive within [`ConnLimits::header_read_timeout`].
//!   The same timer runs while a keep-alive connection waits for its next request, so it
//!   also bounds idle connections. A timed-out connection is closed without a response.
//! - **Request bodies.** Each body must arrive whole within
//!   [`ConnLimits::body_read_timeout`] of its headers ([`nls_web::body_deadline`]); the JSON
//!   extractor answers 408 `request_timeout` past it.
//! - **Responses.** A response may take as long as it needs (the embed's event streams,
//!   `/embed/<token>/events`, are long-lived on purpose), but a client must take what is
//!   written: a write that makes no progress for [`ConnLimits::write_stall_timeout`] (the
//!   client stopped reading) ends the connection.
//! - **Closing.** A response sent before its request body was read (401 for a missing key,
//!   429 for a body over the limit) ends the connection; closing the socket while the
//!   client is still sending would make the kernel answer the unread bytes with a reset,
//!   which can destroy the response before the client reads it. So the connection is
//!   closed in stages (RFC 9112 §9.6): send the response, shut down the write side, read
//!   and discard while the client keeps sending (within bounds, see [`linger_close`]),
//!   then close.
//! - **Refused heads.** A request target or head hyper cannot take gets the JSON error
//!   body too ([`crate::head_refusal`]).

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::extract::Request;
use axum::response::Response;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use nls_web::body_deadline::DeadlineBody;

use crate::head_refusal::HoldRefusal;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt;

/// What a listener serves: the routed router with the layers around it (`src/serve.rs`),
/// cloned for each request (a few reference counts), answering every request.
pub trait HttpService:
    tower::Service<
        Request,
        Response = Response<Self::ResBody>,
        Error = Infallible,
        Future: Send + 'static,
    > + Clone
    + Send
    + Sync
    + Unpin
    + 'static
{
    /// The response body, as the outermost layer wraps it.
    type ResBody: hyper::body::Body<
            Data = axum::body::Bytes,
            Error: Into<Box<dyn std::error::Error + Send + Sync>>,
        > + Send
        + 'static;
}

impl<S, B> HttpService for S
where
    S: tower::Service<Request, Response = Response<B>, Error = Infallible>
        + Clone
        + Send
        + Sync
        + Unpin
        + 'static,
    S::Future: Send + 'static,
    B: hyper::body::Body<Data = axum::body::Bytes> + Send + 'static,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    type ResBody = B;
}

/// Bounds on connections and request reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnLimits {
    /// Time for a request's headers to arrive, and for an idle keep-alive connection to
    /// send its next request.
    pub header_read_timeout: Duration,
    /// Time for a request's body to arrive, counted from its headers.
    pub body_read_timeout: Duration,
    /// Time a write may wait for the client to read, without any progress.
    pub write_stall_timeout: Duration,
    /// Connections served at once.
    pub max_connections: usize,
    /// How long a closing connection waits for the client's next bytes while reading (and
    /// discarding) what it still sends, so the response is not lost to a reset.
    pub linger: Duration,
}

impl Default for ConnLimits {
    /// 15 s for headers (within the usual 10–30 s), 30 s for a body (1 MiB at 35 KB/s)
    /// and for a stalled write,
    /// 16,384 connections (each embed viewer holds one; the embed benchmark holds 10,000), and a lingering close that ends after 2 s without a byte.
    fn default() -> Self {
        Self {
            header_read_timeout: Duration::from_secs(15),
            body_read_timeout: Duration::from_secs(30),
            write_stall_timeout: Duration::from_secs(30),
            max_connections: 16_384,
            linger: Duration::from_secs(2),
        }
    }
}

/// Serves `app` on `listener` until `shutdown`, then lets open connections finish their
/// current request (keep-alive is switched off) and returns once they are closed.
pub async fn serve<App>(
    listener: TcpListener,
    app: App,
    limits: ConnLimits,
    shutdown: CancellationToken,
) where
    App: HttpService,
{
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let connections = TaskTracker::new();
    loop {
        let permit = tokio::select! {
            _ = shutdown.cancelled() => break,
            permit = Arc::clone(&permits).acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
        };
        let stream = tokio::select! {
            _ = shutdown.cancelled() => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(err) => {
                    // Out of file descriptors and the like: wait for connections to close.
                    tracing::warn!(error = %err, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        // Responses go out in one write each; Nagle's algorithm would only hold back the
        // last segment of a large one until the client acknowledges the rest.
        let _ = stream.set_nodelay(true);
        connections.spawn(serve_connection(
            stream,
            app.clone(),
            limits,
            shutdown.clone(),
            permit,
        ));
    }
    connections.close();
    connections.wait().await;
}

/// One connection, from its first byte to its lingering close. `_permit` is its place
/// among the concurrent connections, given back when this returns.
async fn serve_connection<App: HttpService>(
    stream: TcpStream,
    app: App,
    limits: ConnLimits,
    shutdown: CancellationToken,
    _permit: OwnedSemaphorePermit,
) {
    let body_timeout = limits.body_read_timeout;
    // The socket's peer, for limits counted per client (`nls_web::client_addr`).
    let peer = stream.peer_addr().ok();
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let mut request: Request =
            request.map(|body| Body::new(DeadlineBody::new(body, body_timeout)));
        if let Some(peer) = peer {
            request.extensions_mut().insert(ConnectInfo(peer));
        }
        let app = app.clone();
        // Boxed: the connection is polled by hand below, which needs an `Unpin` future.
        Box::pin(async move { app.oneshot(request).await })
            as Pin<Box<dyn Future<Output = Result<Response<App::ResBody>, Infallible>> + Send>>
    });
    let mut connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .serve_connection(
            // hyper's bare answer to a head it refuses is held back for the JSON one.
            TokioIo::new(HoldRefusal::new(StallGuard::new(
                stream,
                limits.write_stall_timeout,
            ))),
            service,
        );
    let mut stopping = std::pin::pin!(shutdown.cancelled());
    let mut shutting_down = false;
    let served = std::future::poll_fn(|cx| {
        if !shutting_down && stopping.as_mut().poll(cx).is_ready() {
            shutting_down = true;
            // Finish the request in progress, then close.
            Pin::new(&mut connection).graceful_shutdown();
        }
        match connection.poll_without_shutdown(cx) {
            Poll::Ready(outcome) => Poll::Ready(outcome),
            Poll::Pending => Poll::Pending,
        }
    })
    .await;
    if let Err(err) = served {
        // Timeouts, malformed requests and clients that went away: nothing to report.
        tracing::debug!(error = %err, "connection ended");
    }
    let parts = connection.into_parts();
    let (guard, held) = parts.io.into_inner().into_parts();
    let mut stream = guard.stream;
    if let Some(held) = held {
        let answer = crate::head_refusal::answer(held, &parts.read_buf).await;
        // Bounded like every write: a client that does not read loses the answer.
        let _ = tokio::time::timeout(limits.write_stall_timeout, stream.write_all(&answer)).await;
    }
    linger_close(stream, limits).await;
}

/// Most bytes a closing connection reads and discards: a refused upload of a few MB is
/// taken whole (its client then reads the answer rather than a reset), an endless one
/// is not.
const MAX_DRAIN_BYTES: usize = 64 * 1024 * 1024;

/// Closes `stream` in stages (RFC 9112 §9.6): the write side first (the response is
/// complete), then reads and discards until the client closes too. A client still
/// sending a refused body keeps the connection while it makes progress: until
/// [`ConnLimits::linger`] passes without a byte, [`ConnLimits::body_read_timeout`] passes
/// in all (as long as a body may take anyway), or [`MAX_DRAIN_BYTES`] are read. Closing
/// while bytes still arrive would make the kernel send a reset, and a client busy writing
/// its body would see the reset rather than the answer waiting in its buffer.
async fn linger_close(mut stream: TcpStream, limits: ConnLimits) {
    if stream.shutdown().await.is_err() {
        return;
    }
    let mut discard = vec![0u8; 64 * 1024];
    let mut drained = 0usize;
    let _ = tokio::time::timeout(limits.body_read_timeout.max(limits.linger), async {
        while drained < MAX_DRAIN_BYTES {
            match tokio::time::timeout(limits.linger, stream.read(&mut discard)).await {
                Ok(Ok(n)) if n > 0 => drained += n,
                // Closed, failed, or quiet for `linger`.
                _ => break,
            }
        }
    })
    .await;
}

/// A stream whose writes fail with `TimedOut` once one has waited `timeout` without any
/// progress: a client that stops reading cannot keep a connection (and the response's
/// buffers) forever. Reads are not affected.
struct StallGuard {
    stream: TcpStream,
    timeout: Duration,
    /// Armed while a write is waiting.
    stalled_since: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl StallGuard {
    fn new(stream: TcpStream, timeout: Duration) -> Self {
        Self {
            stream,
            timeout,
            stalled_since: None,
        }
    }

    /// Passes a write's outcome on, arming the stall timer while it waits.
    fn watch<T>(
        &mut self,
        cx: &mut Context<'_>,
        outcome: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if outcome.is_ready() {
            self.stalled_since = None;
            return outcome;
        }
        let timeout = self.timeout;
        let timer = self
            .stalled_since
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped reading",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for StallGuard {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for StallGuard {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let outcome = Pin::new(&mut this.stream).poll_write(cx, buf);
        this.watch(cx, outcome)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let outcome = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        this.watch(cx, outcome)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let outcome = Pin::new(&mut this.stream).poll_flush(cx);
        this.watch(cx, outcome)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}
