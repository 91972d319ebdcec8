//! Publishing an event as soon as its writer committed it, before the relay reads it back.
//!
//! The relay reads the log in `(txid, position)` order and only rows older than every
//! transaction still running ([`crate::read`]); under a write load that read waits for the
//! slowest concurrent writer, and every event takes a round trip to Postgres before NATS
//! sees it. The writers of this process hand their committed events to its relay
//! ([`crate::AppendSignal::committed_events`]), which publishes them at once, when that
//! keeps each stream in order:
//!
//! - an event is published early only if it is the first of its stream, or the one before
//!   it was published by this relay since it became active (so a stream's events reach
//!   NATS in version order, whichever path sends them);
//! - only while fresh ([`FRESH`]), far inside JetStream's duplicate window, so that an
//!   event the log path already sent is dropped by JetStream as a duplicate (the message
//!   id is the event id) rather than stored twice;
//! - the log path still reads every event. For one published early it sends nothing
//!   again: it takes over the early publication's acknowledgement, so the saved cursor
//!   still passes only events JetStream acknowledged, in log order.
//!
//! None of this is needed for correctness: a hand-over that is dropped, late or refused
//! leaves the event to the log path.
//!
//! A hand-over may carry its writer's wait ([`Committed::published`]): it is told once the
//! event is sent, so the writer answers its client with the event on its way to NATS
//! rather than still in this relay's queue.

use std::collections::HashMap;
use std::future::Future;
use std::time::Duration;

use tokio::sync::mpsc;
use uuid::Uuid;

use crate::nats::{NatsLink, SequenceAck};
use crate::signal::Committed;

/// How old a hand-over may be and still be published early.
const FRESH: Duration = Duration::from_secs(1);
/// Streams whose last published version is remembered; past that the memory starts over
/// (which only sends more events by the log path).
const STREAMS_REMEMBERED: usize = 100_000;
/// Early publications awaiting the log path, at most (past that they are forgotten and
/// the log path publishes those events again, which JetStream drops as duplicates).
const ACKS_REMEMBERED: usize = 10_000;

/// The relay's early publications and what it published per stream.
pub struct Early {
    handed_over: Option<mpsc::Receiver<Committed>>,
    /// The highest version of each stream published since this relay became active.
    published: HashMap<String, i64>,
    /// Early publications by event id, until the log path takes them over.
    acks: HashMap<Uuid, SequenceAck>,
}

impl Early {
    pub fn new(handed_over: Option<mpsc::Receiver<Committed>>) -> Self {
        Self {
            handed_over,
            published: HashMap::new(),
            acks: HashMap::new(),
        }
    }

    /// Forgets everything: after a failed publication (what was published since may be
    /// lost, so no later event of its stream may overtake it), and on becoming the active
    /// relay (hand-overs queued meanwhile may be old).
    pub fn reset(&mut self) {
        self.published.clear();
        self.acks.clear();
        if let Some(queue) = &mut self.handed_over {
            while queue.try_recv().is_ok() {}
        }
    }

    /// The next hand-over; never resolves without a queue.
    pub async fn next(&mut self) -> Option<Committed> {
        match &mut self.handed_over {
            Some(queue) => queue.recv().await,
            None => std::future::pending().await,
        }
    }

    /// Publishes what was handed over, as far as [the rules](self) allow.
    pub async fn publish_queued(&mut self, nats: &NatsLink, first: Option<Committed>) {
        let mut next = first;
        loop {
            let Some(Committed {
                at,
                envelope,
                published,
            }) = next.take().or_else(|| {
                self.handed_over
                    .as_mut()
                    .and_then(|queue| queue.try_recv().ok())
            })
            else {
                return;
            };
            let before = self
                .published
                .get(&envelope.stream_id)
                .copied()
                .unwrap_or(0);
            if at.elapsed() > FRESH || envelope.stream_version != before + 1 {
                continue;
            }
            match nats.publish_event(&envelope).await {
                Ok(ack) => {
                    // Sent: the writer may answer (the message is on its way to NATS,
                    // ahead of anything this relay sends later).
                    if let Some(writer) = published {
                        let _ = writer.send(());
                    }
                    if self.acks.len() >= ACKS_REMEMBERED {
                        self.acks.clear();
                    }
                    self.acks.insert(envelope.event_id, ack);
                    self.record(&envelope.stream_id, envelope.stream_version);
                }
                // The log path will publish it (and report NATS trouble).
                Err(err) => tracing::debug!(error = %err, "early publication failed"),
            }
        }
    }

    /// Runs `work` (the wait between two log reads, a read, a save of the cursor: round
    /// trips that take long on a busy database) while publishing what is handed over meanwhile, unless NATS
    /// was interrupted since the relay last looked (the stream check comes first).
    pub async fn alongside<F: Future>(
        &mut self,
        nats: &NatsLink,
        interruptions: &tokio::sync::watch::Receiver<u64>,
        work: F,
    ) -> F::Output {
        tokio::pin!(work);
        loop {
            if interruptions.has_changed().unwrap_or(false) {
                return work.await;
            }
            tokio::select! {
                biased;
                output = &mut work => return output,
                next = self.next() => self.publish_queued(nats, next).await,
            }
        }
    }

    /// The early publication of `event_id`, if there was one.
    pub fn take_ack(&mut self, event_id: &Uuid) -> Option<SequenceAck> {
        self.acks.remove(event_id)
    }

    /// Whether `event_id` was published early and not yet taken over.
    pub fn has_ack(&self, event_id: &Uuid) -> bool {
        self.acks.contains_key(event_id)
    }

    /// Notes that version `version` of `stream_id` was published (by either path).
    pub fn record(&mut self, stream_id: &str, version: i64) {
        if self.published.len() >= STREAMS_REMEMBERED {
            self.published.clear();
        }
        match self.published.get_mut(stream_id) {
            Some(known) => *known = (*known).max(version),
            None => {
                self.published.insert(stream_id.to_owned(), version);
            }
        }
    }
}
