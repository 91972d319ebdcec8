//! Following the Postgres log directly. The JetStream consumer is the fast path; this pass
//! is the safety net: at start it applies whatever the read models are missing (a fresh
//! projector, a stream that was recreated, events NATS never got), and afterwards it keeps
//! following the log at a slower pace so a lost or late message can never leave a read
//! model behind for long.

use std::sync::Arc;
use std::time::Duration;

use nls_eventlog::read::{load_cursor, read_at, save_cursor, CursorTable, EventHead};
use nls_eventlog::LogReader;
use nls_readmodel::notify::LabelsChanged;
use nls_readmodel::ProjectionError;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

/// The catch-up pass's name in `projection_cursor`.
pub const CURSOR_NAME: &str = nls_readmodel::replay::CATCH_UP_CURSOR;
const BATCH: i64 = 500;

/// Applies every final event after the stored cursor; returns how many it read.
pub async fn run_once(pool: &PgPool, labels: &dyn LabelsChanged) -> Result<u64, ProjectionError> {
    let reader = LogReader::new(pool.clone());
    let mut cursor = load_cursor(pool, CursorTable::Projection, CURSOR_NAME).await?;
    let mut read = 0u64;
    loop {
        // Heads first: nearly every event was applied at write time or by the consumer,
        // and only the others are read whole.
        let batch = reader.next_heads(cursor, BATCH).await?;
        let Some((last, _)) = batch.last() else {
            return Ok(read);
        };
        let heads: Vec<&EventHead> = batch.iter().map(|(_, head)| head).collect();
        let pending = crate::pending(pool, &heads).await?;
        if !pending.is_empty() {
            let positions: Vec<i64> = pending.iter().map(|&i| batch[i].1.position).collect();
            let mut whole = read_at(pool, &positions).await?;
            for i in pending {
                // Events are never deleted; a missing one is the database's failure.
                let event = whole
                    .remove(&batch[i].1.position)
                    .ok_or(sqlx::Error::RowNotFound)?;
                crate::handle(pool, &event).await?;
                labels.any();
            }
        }
        cursor = *last;
        read += batch.len() as u64;
        // A durable commit (see `crate::begin`): it flushes the projections' commits too.
        save_cursor(pool, CursorTable::Projection, CURSOR_NAME, cursor).await?;
    }
}

/// Runs catch-up at start, then every `interval` until `shutdown`.
pub async fn run(
    pool: PgPool,
    interval: Duration,
    labels: Arc<dyn LabelsChanged>,
    shutdown: CancellationToken,
) {
    loop {
        if let Err(err) = run_once(&pool, labels.as_ref()).await {
            tracing::error!(error = %err, "projector catch-up failed; will retry");
        }
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tokio::time::sleep(interval) => {}
        }
    }
}
