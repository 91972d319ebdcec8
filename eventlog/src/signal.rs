//! Waking log followers when events commit.
//!
//! Appends used to `pg_notify` inside the write transaction. Postgres serialises every
//! committing transaction that has notified (a database-wide lock held through the commit
//! record's flush), so notifying writers cannot share a WAL flush: on this machine it cut a
//! plain insert from about 12,700 to 2,600 commits per second. The signal is therefore sent
//! after the commit and outside Postgres: to the relay of the same process directly, and
//! to relays of other processes as an empty core-NATS message on `<prefix>.appended`.
//! Both are hints only. A lost one costs latency, never an event: the relay also polls.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use bytes::Bytes;
use nls_events::Envelope;
use tokio::sync::{mpsc, Notify};

/// Events committed here and not yet taken by the relay, at most: past that, writers drop
/// the hint rather than wait (the relay still reads every event from the log).
const COMMITTED_CAPACITY: usize = 4096;

/// An event this process committed, and when it was handed over.
pub type Committed = (Instant, Envelope);

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
    /// relay reads every event from the log all the same.
    pub async fn committed_events(&self, events: Vec<Envelope>) {
        let now = Instant::now();
        for event in events {
            if self.committed.try_send((now, event)).is_err() {
                break;
            }
        }
        self.committed().await;
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
