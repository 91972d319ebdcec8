//! The outbox relay: publishes committed events to JetStream in log order.
//!
//! The event table is the outbox. A write commits to Postgres only; this relay follows the
//! log (see [`crate::read`]) and publishes each event with its event id as the NATS message
//! id, advancing its checkpoint only after JetStream acknowledged the batch. A crash between
//! publish and checkpoint republishes a few events, which JetStream deduplicates. When NATS
//! is down the relay retries with backoff while writes go on; it catches up when NATS
//! returns. Several relays may run: a session advisory lock makes exactly one of them active.

use std::time::{Duration, Instant};

use async_nats::HeaderMap;
use bytes::Bytes;
use futures::StreamExt;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

use crate::backoff::Backoff;
use crate::ledger::{Ledger, Rewind};
use crate::nats::NatsLink;
use crate::read::{load_cursor, save_cursor, CursorTable, LogCursor, LogReader};
use crate::signal::{self, AppendSignal};

const BATCH: i64 = 256;
/// The longest the saved cursor lags behind what JetStream acknowledged while the log is
/// busy (see the publishing loop).
const SAVE_EVERY: Duration = Duration::from_millis(25);
/// How long the relay lets commits gather after a signal before reading them, so a busy
/// log is read and checkpointed once per few commits rather than once each.
const GATHER: Duration = Duration::from_millis(2);
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
    while !shutdown.is_cancelled() {
        match run_as_leader(&pool, &nats, &name, &appended, &shutdown).await {
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
    let mut cursor = load_cursor(pool, CursorTable::Relay, name).await?;
    let mut ledger = Ledger::new(LEDGER_CAPACITY);
    let mut interruptions = nats.interruptions.clone();
    let mut audited_at = Instant::now();
    // After an interruption nothing is published until the stream was checked: a message
    // published first could take the sequence of a lost one and hide the loss.
    let mut must_audit = false;
    let mut publish_backoff = Backoff::new(Duration::from_millis(50), Duration::from_secs(2));
    let (mut saved_at, mut unsaved) = (Instant::now(), false);
    loop {
        if interruptions.has_changed().unwrap_or(false) {
            interruptions.mark_unchanged();
            must_audit = true;
        }
        if must_audit || audited_at.elapsed() >= AUDIT_EVERY {
            audited_at = Instant::now();
            match audit(nats, &mut ledger, cursor).await {
                Ok(rewound) => {
                    must_audit = false;
                    if let Some(rewound) = rewound {
                        cursor = rewound;
                        save_cursor(&mut lock_conn, CursorTable::Relay, name, cursor).await?;
                        (saved_at, unsaved) = (Instant::now(), false);
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
        let batch = reader.next_batch(cursor, BATCH).await?;
        if batch.is_empty() {
            if unsaved {
                save_cursor(&mut lock_conn, CursorTable::Relay, name, cursor).await?;
                (saved_at, unsaved) = (Instant::now(), false);
            }
            let poll = tokio::time::sleep(POLL);
            tokio::pin!(poll);
            loop {
                tokio::select! {
                    _ = shutdown.cancelled() => return Ok(()),
                    _ = appended.wait_local() => break,
                    nudge = nudges.next() => match nudge {
                        None => return Err(RelayError::Publish("NATS subscription closed".into())),
                        // This process's own commits already woke it locally.
                        Some(message) if appended.is_own(&message.payload) => {}
                        Some(_) => break,
                    },
                    _ = &mut poll => break,
                }
            }
            tokio::time::sleep(GATHER).await;
            continue;
        }
        match publish_batch(nats, &batch).await {
            Ok(sequences) => {
                let mut before = cursor;
                for ((at, _), sequence) in batch.iter().zip(sequences) {
                    ledger.record(sequence, before);
                    before = *at;
                }
                publish_backoff.reset();
                if let Some((last, _)) = batch.last() {
                    cursor = *last;
                    unsaved = true;
                }
                // While the log is busy the cursor is saved at most every SAVE_EVERY,
                // which keeps its round trip off most reads; it is saved as soon as the
                // log is idle. What a crash forgets is republished, and JetStream drops
                // it as a duplicate (the message id is the event id).
                if saved_at.elapsed() >= SAVE_EVERY {
                    save_cursor(&mut lock_conn, CursorTable::Relay, name, cursor).await?;
                    (saved_at, unsaved) = (Instant::now(), false);
                }
            }
            Err(err) => {
                tracing::warn!(error = %err, "publishing to NATS failed; will retry");
                if !publish_backoff.wait(shutdown).await {
                    // What was published before NATS failed need not be sent again.
                    if unsaved {
                        save_cursor(&mut lock_conn, CursorTable::Relay, name, cursor).await?;
                    }
                    return Ok(());
                }
            }
        }
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

/// Publishes every event of the batch, then waits for all acknowledgements: pipelining keeps
/// throughput high while the checkpoint still moves only past acknowledged events. Returns
/// each event's stream sequence.
async fn publish_batch(
    nats: &NatsLink,
    batch: &[(LogCursor, nls_events::Envelope)],
) -> Result<Vec<u64>, RelayError> {
    let mut pending = Vec::with_capacity(batch.len());
    for (_, envelope) in batch {
        let mut headers = HeaderMap::new();
        headers.insert("Nats-Msg-Id", envelope.event_id.to_string().as_str());
        let body = serde_json::to_vec(envelope).map_err(|e| RelayError::Publish(e.to_string()))?;
        let ack = nats
            .jetstream
            .publish_with_headers(
                nats.config.subject_for(envelope),
                headers,
                Bytes::from(body),
            )
            .await
            .map_err(|e| RelayError::Publish(e.to_string()))?;
        pending.push(ack);
    }
    let mut sequences = Vec::with_capacity(pending.len());
    for ack in pending {
        let ack = tokio::time::timeout(Duration::from_secs(5), ack)
            .await
            .map_err(|_| RelayError::Publish("acknowledgement timed out".into()))?
            .map_err(|e| RelayError::Publish(e.to_string()))?;
        sequences.push(ack.sequence);
    }
    Ok(sequences)
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
