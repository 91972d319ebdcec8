//! Waking log followers when events commit.
//!
//! Appends used to `pg_notify` inside the write transaction. Postgres serialises every
//! committing transaction that has notified (a database-wide lock held through the commit
//! record's flush), so notifying writers cannot share a WAL flush: on this machine it cut a
//! plain insert from about 12,700 to 2,600 commits per second. The signal is therefore sent
//! after the commit and outside Postgres: to the relay of the same process directly, and
//! to relays of other processes as an empty core-NATS message on `<prefix>.appended`.
//! Both are hints only. A lost one costs latency, never an event: the relay also polls.
//!
//! A writer whose events go to an active relay of its own process waits, briefly, until the
//! relay has sent the last of them to NATS before it answers its client
//! ([`AppendSignal::committed_events`]): the event is on its way to subscribers (an embed's
//! stream, the projector, the renderer) when the client hears of the write, instead of
//! waiting behind whatever the relay was doing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use bytes::Bytes;
use nls_events::Envelope;
use tokio::sync::{mpsc, oneshot, Notify};

/// Events committed here and not yet taken by the relay, at most: past that, writers drop
/// the hint rather than wait (the relay still reads every event from the log).
const COMMITTED_CAPACITY: usize = 4096;

/// The longest a writer waits for the relay to send its events early. The relay sends a
/// hand-over within a fraction of a millisecond unless it is busy with the log or with NATS;
/// past this the write is answered without it (the relay still publishes the events, by
/// the log path if need be).
const PUBLISHED_WAIT: Duration = Duration::from_millis(25);

/// An event this process committed, handed to its relay.
#[derive(Debug)]
pub struct Committed {
    /// When it was handed over.
    pub at: Instant,
    pub envelope: Envelope,
    /// Told once the relay sent the event early (on the last event of a write whose writer
    /// waits for it; dropped unsaid when it is not published early).
    pub published: Option<oneshot::Sender<()>>,
}

/// The subject other processes' relays listen on.
pub fn subject(prefix: &str) -> String {
    format!("{prefix}.appended")
}

/// Sent by writers after each commit that appended events.
#[derive(Clone)]
pub struct AppendSignal {
    local: Arc<Notify>,
    remote: Option<(async_nats::Client, Arc<str>)>,
    /// Sent as the NATS message body, so this process's relay can skip its own signals
    /// (it already had them locally).
    origin: Bytes,
    /// The committed events themselves, for this process's relay: it may publish them
    /// before it reads them back from the log (see `crate::relay`).
    committed: mpsc::Sender<Committed>,
    taken: Arc<Mutex<Option<mpsc::Receiver<Committed>>>>,
    /// Whether this process's relay is the active one.
    relay_active_here: Arc<AtomicBool>,
}

impl Default for AppendSignal {
    fn default() -> Self {
        let (committed, taken) = mpsc::channel(COMMITTED_CAPACITY);
        Self {
            local: Arc::default(),
            remote: None,
            origin: Bytes::new(),
            committed,
            taken: Arc::new(Mutex::new(Some(taken))),
            relay_active_here: Arc::default(),
        }
    }
}

impl AppendSignal {
    /// A signal that only wakes followers of this process (tests, tools).
    pub fn local() -> Self {
        Self::default()
    }

    /// A signal that also reaches other processes through `client`.
    pub fn with_nats(client: async_nats::Client, prefix: &str) -> Self {
        Self {
            remote: Some((client, subject(prefix).into())),
            origin: Bytes::from(uuid::Uuid::new_v4().to_string()),
            ..Self::default()
        }
    }

    /// Reports that events were committed.
    pub async fn committed(&self) {
        // A stored permit: a relay that is busy reading sees it on its next wait.
        self.local.notify_one();
        // Only the active relay needs waking: when it is this process's own, the message
        // would reach nobody who needs it (and costs NATS a message per write).
        if self.relay_active_here.load(Ordering::Relaxed) {
            return;
        }
        if let Some((client, subject)) = &self.remote {
            // Buffered by the client, not a round trip. NATS being down is the relay's
            // problem to report; writes do not depend on it.
            let _ = client
                .publish(subject.to_string(), bytes::Bytes::new())
                .await;
        }
    }

    /// Reports that `events` were committed, handing them to this process's relay. A full
    /// hand-over queue (a relay that is not the active one, or is behind) drops them: the
    /// relay reads every event from the log all the same. When this process's relay is the
    /// active one and NATS is connected, returns once the relay sent the last event early,
    /// or after [`PUBLISHED_WAIT`], or at once when the relay cannot publish it early (see
    /// `crate::early`).
    pub async fn committed_events(&self, events: Vec<Envelope>) {
        let now = Instant::now();
        let waits = self.publishes_early();
        let last = events.len().saturating_sub(1);
        let mut published = None;
        for (index, envelope) in events.into_iter().enumerate() {
            let tell = (waits && index == last).then(|| {
                let (tell, told) = oneshot::channel();
                published = Some(told);
                tell
            });
            // A refused hand-over drops its `tell`, which ends the wait below at once.
            let handed = Committed {
                at: now,
                envelope,
                published: tell,
            };
            if self.committed.try_send(handed).is_err() {
                break;
            }
        }
        self.committed().await;
        if let Some(published) = published {
            let _ = tokio::time::timeout(PUBLISHED_WAIT, published).await;
        }
    }

    /// Whether this process's relay is the active one, with NATS connected (as far as this
    /// process's client knows): only then is waiting for an early publication worth it.
    fn publishes_early(&self) -> bool {
        self.relay_active_here.load(Ordering::Relaxed)
            && self.remote.as_ref().is_none_or(|(client, _)| {
                client.connection_state() == async_nats::connection::State::Connected
            })
    }

    /// The receiving end of [`Self::committed_events`], for the relay (once per signal and
    /// its clones).
    pub fn take_committed(&self) -> Option<mpsc::Receiver<Committed>> {
        self.taken
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }

    /// Told by this process's relay when it becomes the active one, and when it stops.
    pub fn set_relay_active_here(&self, active: bool) {
        self.relay_active_here.store(active, Ordering::Relaxed);
    }

    /// Whether a signal received over NATS came from this process.
    pub fn is_own(&self, body: &[u8]) -> bool {
        !self.origin.is_empty() && body == &self.origin[..]
    }

    /// Resolves at the next local signal (or at once if one arrived since the last wait).
    pub async fn wait_local(&self) {
        self.local.notified().await;
    }
}
