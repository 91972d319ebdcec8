//! Waking log followers when events commit.
//!
//! Appends used to `pg_notify` inside the write transaction. Postgres serialises every
//! committing transaction that has notified (a database-wide lock held through the commit
//! record's flush), so notifying writers cannot share a WAL flush: on this machine it cut a
//! plain insert from about 12,700 to 2,600 commits per second. The signal is therefore sent
//! after the commit and outside Postgres: to the relay of the same process directly, and
//! to relays of other processes as an empty core-NATS message on `<prefix>.appended`.
//! Both are hints only. A lost one costs latency, never an event: the relay also polls.

use std::sync::Arc;

use bytes::Bytes;
use tokio::sync::Notify;

/// The subject other processes' relays listen on.
pub fn subject(prefix: &str) -> String {
    format!("{prefix}.appended")
}

/// Sent by writers after each commit that appended events.
#[derive(Clone, Default)]
pub struct AppendSignal {
    local: Arc<Notify>,
    remote: Option<(async_nats::Client, Arc<str>)>,
    /// Sent as the NATS message body, so this process's relay can skip its own signals
    /// (it already had them locally).
    origin: Bytes,
}

impl AppendSignal {
    /// A signal that only wakes followers of this process (tests, tools).
    pub fn local() -> Self {
        Self::default()
    }

    /// A signal that also reaches other processes through `client`.
    pub fn with_nats(client: async_nats::Client, prefix: &str) -> Self {
        Self {
            local: Arc::default(),
            remote: Some((client, subject(prefix).into())),
            origin: Bytes::from(uuid::Uuid::new_v4().to_string()),
        }
    }

    /// Reports that events were committed.
    pub async fn committed(&self) {
        // A stored permit: a relay that is busy reading sees it on its next wait.
        self.local.notify_one();
        if let Some((client, subject)) = &self.remote {
            // Buffered by the client, not a round trip. NATS being down is the relay's
            // problem to report; writes do not depend on it.
            let _ = client
                .publish(subject.to_string(), bytes::Bytes::new())
                .await;
        }
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
