//! The outbox relay: publishes committed events to JetStream, each stream in order.
//!
//! The event table is the outbox. A write commits to Postgres only; this relay follows the
//! log (see [`crate::read`]) and publishes each event with its event id as the NATS message
//! id, advancing its checkpoint only past events JetStream acknowledged. It does not wait
//! for a batch's acknowledgements before reading the next one; they are taken in order as
//! they come. Events that writers of this process hand over are published before the log
//! read reaches them ([`crate::early`]). A crash between publish and checkpoint republishes
//! a few events, which JetStream deduplicates. When NATS is down the relay retries with
//! backoff while writes go on; it catches up when NATS returns. Several relays may run: a
//! session advisory lock makes exactly one of them active.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use futures::StreamExt;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

use crate::backoff::Backoff;
use crate::early::Early;
use crate::ledger::{Ledger, Rewind};
use crate::nats::NatsLink;
use crate::read::{
    load_cursor, read_at, save_cursor, CursorTable, EventHead, LogCursor, LogReader,
};
use crate::signal::{self, AppendSignal};

const BATCH: i64 = 256;
/// The longest the saved cursor lags behind what JetStream acknowledged while the log is
/// busy (see the publishing loop).
const SAVE_EVERY: Duration = Duration::from_millis(25);
/// The shortest time between two reads of the log: a busy log is read once per few
/// commits rather than once each, and an event waits at most this long for its read.
const READ_GAP: Duration = Duration::from_millis(1);
/// The same after a batch whose every event had been published early: then the read
/// only moves the cursor, which may lag (and each read costs Postgres a query).
const CONFIRM_GAP: Duration = Duration::from_millis(10);
/// Events published and not yet acknowledged, at most: what a failure sends again.
const MAX_IN_FLIGHT: usize = 1024;
/// How often the log is read when no signal came: a signal is a hint, and an event can
/// become final (every older transaction ended) without any writer signalling it.
const POLL: Duration = Duration::from_millis(50);
/// How often, at most, the stream is checked for acknowledged messages it lost (also after
/// every NATS interruption); see [`crate::ledger`].
const AUDIT_EVERY: Duration = Duration::from_secs(5);
/// Publications remembered for that check.
const LEDGER_CAPACITY: usize = 100_000;
/// Key of the advisory lock that elects the active relay.
const RELAY_LOCK: i64 = 0x6e6c_735f_7265_6c61; // "nls_rela"

/// Runs the relay until `shutdown` fires; `appended` wakes it when this process commits.
pub async fn run(
    pool: PgPool,
    nats: NatsLink,
    name: String,
    appended: AppendSignal,
    shutdown: CancellationToken,
) {
    let mut backoff = Backoff::new(Duration::from_millis(100), Duration::from_secs(2));
    let mut early = Early::new(appended.take_committed());
    while !shutdown.is_cancelled() {
        let led = run_as_leader(&pool, &nats, &name, &appended, &mut early, &shutdown).await;
        // Writers of this process wake other processes' relays again.
        appended.set_relay_active_here(false);
        match led {
            Ok(()) => return,
            Err(err) => {
                tracing::warn!(error = %err, "relay interrupted; retrying");
                if !backoff.wait(&shutdown).await {
                    return;
                }
            }
        }
    }
}

#[derive(Debug, thiserror::Error)]
enum RelayError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("publish: {0}")]
    Publish(String),
}

async fn run_as_leader(
    pool: &PgPool,
    nats: &NatsLink,
    name: &str,
    appended: &AppendSignal,
    early: &mut Early,
    shutdown: &CancellationToken,
) -> Result<(), RelayError> {
    // The lock lives as long as this connection (crate::leader).
    let Some(mut lock_conn) = crate::leader::hold(pool, RELAY_LOCK, shutdown).await? else {
        return Ok(());
    };
    // The cursor may lag behind what JetStream acknowledged: after a database crash the
    // relay republishes a few events and JetStream drops them by message id. So its
    // updates need not wait for a WAL flush.
    sqlx::query("set synchronous_commit = off")
        .execute(&mut lock_conn)
        .await?;
    // A command-only process may be the first to start: the stream must exist before the
    // first publish, or JetStream answers "no responders".
    nats.ensure_stream()
        .await
        .map_err(|e| RelayError::Publish(e.to_string()))?;
    let mut nudges = nats
        .client
        .subscribe(signal::subject(&nats.config.subject_prefix))
        .await
        .map_err(|e| RelayError::Publish(e.to_string()))?;
    let reader = LogReader::new(pool.clone());
    early.reset();
    appended.set_relay_active_here(true);
    let mut progress = Progress::new(load_cursor(pool, CursorTable::Relay, name).await?);
    let mut interruptions = nats.interruptions.clone();
    let mut audited_at = Instant::now();
    // After an interruption nothing is published until the stream was checked: a message
    // published first could take the sequence of a lost one and hide the loss.
    let mut must_audit = false;
    let mut publish_backoff = Backoff::new(Duration::from_millis(50), Duration::from_secs(2));
    let mut read_at = Instant::now() - READ_GAP;
    let mut gap = READ_GAP;
    // An event handed over while the relay waited, published at the top of the loop.
    let mut handed = None;
    loop {
        if interruptions.has_changed().unwrap_or(false) {
            interruptions.mark_unchanged();
            must_audit = true;
        }
        if must_audit || audited_at.elapsed() >= AUDIT_EVERY {
            // The check compares the stream with what was acknowledged: all of it first.
            match progress.settle(early, &mut publish_backoff, shutdown).await {
                Step::Go => {}
                Step::Again => continue,
                Step::Stop => return progress.save(&mut lock_conn, name).await,
            }
            audited_at = Instant::now();
            match audit(nats, &mut progress.ledger, progress.acked).await {
                Ok(rewound) => {
                    must_audit = false;
                    if let Some(rewound) = rewound {
                        // What was published since may be among the lost: no later
                        // event of its stream may go out early before it is sent again.
                        early.reset();
                        (progress.acked, progress.read) = (rewound, rewound);
                        progress.unsaved = true;
                        progress.save(&mut lock_conn, name).await?;
                    }
                }
                Err(err) if must_audit => {
                    tracing::debug!(error = %err, "relay waits for NATS to check the stream");
                    if !publish_backoff.wait(shutdown).await {
                        return Ok(());
                    }
                    continue;
                }
                Err(_) => {}
            }
        }
        early.publish_queued(nats, handed.take()).await;
        // Reads at most one per `gap`: under a steady stream of commits, reading at every
        // wake-up would fetch one event per query. Events handed over meanwhile go out at
        // once (unless NATS was interrupted: the stream check comes first).
        let until = tokio::time::Instant::from_std(read_at + gap);
        early
            .alongside(nats, &interruptions, tokio::time::sleep_until(until))
            .await;
        read_at = Instant::now();
        let batch = early
            .alongside(
                nats,
                &interruptions,
                reader.next_heads(progress.read, BATCH),
            )
            .await?;
        if batch.is_empty() {
            match progress.settle(early, &mut publish_backoff, shutdown).await {
                Step::Go => {}
                Step::Again => continue,
                Step::Stop => return progress.save(&mut lock_conn, name).await,
            }
            publish_backoff.reset();
            progress.save(&mut lock_conn, name).await?;
            let poll = tokio::time::sleep(POLL);
            tokio::pin!(poll);
            loop {
                tokio::select! {
                    _ = shutdown.cancelled() => return Ok(()),
                    _ = appended.wait_local() => break,
                    // Published at once (after the stream check, if one is due).
                    next = early.next() => {
                        handed = next;
                        break;
                    }
                    nudge = nudges.next() => match nudge {
                        None => return Err(RelayError::Publish("NATS subscription closed".into())),
                        // This process's own commits already woke it locally.
                        Some(message) if appended.is_own(&message.payload) => {}
                        Some(_) => break,
                    },
                    _ = &mut poll => break,
                }
            }
            continue;
        }
        // Published without waiting for the acknowledgements: the next read goes on
        // while JetStream stores this batch, and they are taken in order as they come.
        let published = match progress.publish(pool, nats, &batch, early).await {
            // A batch that was all published early was only read to move the cursor, and
            // the next such read can wait; one the log read had to publish may have more
            // behind it that nobody handed over.
            Ok(sent) => {
                gap = if sent == 0 { CONFIRM_GAP } else { READ_GAP };
                progress.take_acks(MAX_IN_FLIGHT).await
            }
            Err(err) => Err(err),
        };
        match progress
            .after(published, early, &mut publish_backoff, shutdown)
            .await
        {
            Step::Go => {}
            Step::Again => continue,
            Step::Stop => return progress.save(&mut lock_conn, name).await,
        }
        // While the log is busy the cursor is saved at most every SAVE_EVERY, which keeps
        // its round trip off most reads; it is saved as soon as the log is idle. What a
        // crash forgets is republished, and JetStream drops it as a duplicate (the message
        // id is the event id).
        if progress.saved_at.elapsed() >= SAVE_EVERY {
            let save = progress.save(&mut lock_conn, name);
            early.alongside(nats, &interruptions, save).await?;
        }
    }
}

/// One published event awaiting JetStream's acknowledgement: the cursors just before
/// and at it, and its stream sequence once acknowledged.
type Acknowledgement = std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<(LogCursor, LogCursor, u64), RelayError>> + Send>,
>;

/// What the relay does after a publication step.
enum Step {
    /// Goes on.
    Go,
    /// Starts the loop again (after a failure and its backoff).
    Again,
    /// Stops: the relay is shutting down.
    Stop,
}

/// How far the active relay got.
struct Progress {
    /// How far the log was read and published.
    read: LogCursor,
    /// How far JetStream acknowledged: what is saved, and where publishing starts again
    /// after a failure.
    acked: LogCursor,
    /// Published events whose acknowledgements are outstanding, in log order.
    in_flight: futures::stream::FuturesOrdered<Acknowledgement>,
    ledger: Ledger,
    /// Whether `acked` moved since it was last saved, and when that was.
    unsaved: bool,
    saved_at: Instant,
}

impl Progress {
    fn new(saved: LogCursor) -> Self {
        Self {
            read: saved,
            acked: saved,
            in_flight: futures::stream::FuturesOrdered::new(),
            ledger: Ledger::new(LEDGER_CAPACITY),
            unsaved: false,
            saved_at: Instant::now(),
        }
    }

    /// Sends every event of the batch that was not published early (reading those whole
    /// first: the log was read by heads), and queues the acknowledgements of all of them
    /// in log order. Returns how many it sent.
    async fn publish(
        &mut self,
        pool: &PgPool,
        nats: &NatsLink,
        batch: &[(LogCursor, EventHead)],
        early: &mut Early,
    ) -> Result<usize, RelayError> {
        let unsent: Vec<i64> = batch
            .iter()
            .filter(|(_, head)| !early.has_ack(&head.event_id))
            .map(|(_, head)| head.position)
            .collect();
        let mut whole = if unsent.is_empty() {
            HashMap::new()
        } else {
            read_at(pool, &unsent).await?
        };
        let mut sent = 0;
        for (at, head) in batch {
            let ack = match early.take_ack(&head.event_id) {
                Some(ack) => ack,
                None => {
                    // Events are never deleted; a missing one is the database's failure.
                    let envelope = whole
                        .remove(&head.position)
                        .ok_or(RelayError::Database(sqlx::Error::RowNotFound))?;
                    sent += 1;
                    nats.publish_event(&envelope)
                        .await
                        .map_err(RelayError::Publish)?
                }
            };
            early.record(&head.stream_id, head.stream_version);
            let (before, at) = (self.read, *at);
            self.in_flight.push_back(Box::pin(async move {
                let sequence = ack.await.map_err(RelayError::Publish)?;
                Ok((before, at, sequence))
            }));
            self.read = at;
        }
        Ok(sent)
    }

    /// Takes acknowledgements in order: every one that has already come, then waits for
    /// the oldest while more than `keep` are outstanding (which bounds what a failure
    /// sends again). Stops at the first failure.
    async fn take_acks(&mut self, keep: usize) -> Result<(), RelayError> {
        loop {
            let next = if self.in_flight.len() > keep {
                self.in_flight.next().await
            } else {
                match futures::FutureExt::now_or_never(self.in_flight.next()) {
                    Some(next) => next,
                    None => return Ok(()),
                }
            };
            let Some((before, at, sequence)) = next.transpose()? else {
                return Ok(());
            };
            self.ledger.record(sequence, before);
            self.acked = at;
            self.unsaved = true;
        }
    }

    /// Waits for every outstanding acknowledgement, then as [`Self::after`].
    async fn settle(
        &mut self,
        early: &mut Early,
        backoff: &mut Backoff,
        shutdown: &CancellationToken,
    ) -> Step {
        let settled = self.take_acks(0).await;
        self.after(settled, early, backoff, shutdown).await
    }

    /// What follows a publication step. After a failure, publishing starts again after
    /// the last acknowledged event (what was sent since is sent again; JetStream drops
    /// what it has by message id), once the backoff has passed.
    async fn after(
        &mut self,
        outcome: Result<(), RelayError>,
        early: &mut Early,
        backoff: &mut Backoff,
        shutdown: &CancellationToken,
    ) -> Step {
        let Err(err) = outcome else {
            return Step::Go;
        };
        tracing::warn!(error = %err, "publishing to NATS failed; will retry");
        self.read = self.acked;
        self.in_flight = futures::stream::FuturesOrdered::new();
        early.reset();
        if backoff.wait(shutdown).await {
            Step::Again
        } else {
            Step::Stop
        }
    }

    /// Saves the acknowledged cursor if it moved since the last save.
    async fn save(&mut self, conn: &mut sqlx::PgConnection, name: &str) -> Result<(), RelayError> {
        if self.unsaved {
            save_cursor(conn, CursorTable::Relay, name, self.acked).await?;
            (self.saved_at, self.unsaved) = (Instant::now(), false);
        }
        Ok(())
    }
}

/// Whether the stream lost acknowledged messages ([`crate::ledger`]); if it did, the cursor
/// to publish from again. A failed check changes nothing.
async fn audit(
    nats: &NatsLink,
    ledger: &mut Ledger,
    cursor: LogCursor,
) -> Result<Option<LogCursor>, RelayError> {
    let mut stream = nats
        .ensure_stream()
        .await
        .map_err(|e| RelayError::Publish(e.to_string()))?;
    let last_sequence = stream
        .info()
        .await
        .map_err(|e| RelayError::Publish(e.to_string()))?
        .state
        .last_sequence;
    let rewound = match ledger.check(last_sequence) {
        Rewind::Nothing => return Ok(None),
        Rewind::To(before) => before.min(cursor),
        Rewind::Everything => LogCursor::default(),
    };
    tracing::warn!(
        last_sequence,
        from_txid = rewound.txid,
        from_position = rewound.position,
        "the event stream lost acknowledged events (a NATS crash before its disk sync, or a recreated stream); publishing them again"
    );
    Ok(Some(rewound))
}

/// How many committed events the relay has not yet published (for `/readyz` and tests).
pub async fn backlog(pool: &PgPool, name: &str) -> Result<i64, sqlx::Error> {
    let cursor = load_cursor(pool, CursorTable::Relay, name).await?;
    sqlx::query_scalar("select count(*) from event where (txid, position) > ($1::text::xid8, $2)")
        .bind(cursor.txid.to_string())
        .bind(cursor.position)
        .fetch_one(pool)
        .await
}
