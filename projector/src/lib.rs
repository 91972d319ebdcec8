//! The projector role: applies every event to the read model ([`nls_readmodel`]), from
//! NATS and from the log.
//!
//! - [`consumer`]: the durable JetStream consumer; [`catch_up`]: following the Postgres log
//!   directly, at start and whenever NATS lags or lost something.
#![forbid(unsafe_code)]

pub mod catch_up;
pub mod consumer;

use nls_eventlog::read::EventHead;
use nls_readmodel::{cascade, checkpoint, views, ProjectionError};

/// Applies one event to every read model: the views (skipped when already applied) and the
/// label cascade (skipped when already done for that version). Idempotent, so redelivery,
/// duplicates and out-of-order delivery are harmless.
pub async fn handle(
    pool: &sqlx::PgPool,
    event: &nls_events::Envelope,
) -> Result<(), ProjectionError> {
    let mut tx = begin(pool).await?;
    views::apply(&mut tx, event).await?;
    cascade::apply(&mut tx, event).await?;
    tx.commit().await?;
    Ok(())
}

/// Which of the events `heads` name (in log order) some projection has not applied yet:
/// their indexes, in the same order. One read of the checkpoints for them all.
///
/// Most events reach the projector already applied (the command applies its own events,
/// and marks the cascade of a new recipe done), so this one read usually settles a whole
/// batch, and its events need not even be decoded whole. The others are applied with
/// [`handle`], one transaction each: a transaction holding the locks of several streams
/// could deadlock with the writers of those streams. After each such commit the label
/// index hears that any label may have changed
/// ([`nls_readmodel::notify::LabelsChanged::any`]), at once rather than after the batch: the
/// cascade may have changed the label of any recipe using the event's stream, and a client
/// that sees the new read model must not get the old label file.
pub async fn pending(
    pool: &sqlx::PgPool,
    heads: &[&EventHead],
) -> Result<Vec<usize>, ProjectionError> {
    const PROJECTIONS: [&str; 2] = [views::PROJECTION, cascade::PROJECTION];
    let streams = heads.iter().map(|head| head.stream_id.as_str());
    let done = checkpoint::read_many(pool, &PROJECTIONS, streams).await?;
    Ok(heads
        .iter()
        .enumerate()
        .filter(|(_, head)| {
            PROJECTIONS
                .iter()
                .any(|projection| done.version(projection, &head.stream_id) < head.stream_version)
        })
        .map(|(i, _)| i)
        .collect())
}

/// A projector transaction. Its commit does not wait for the WAL flush: read models are
/// derived from the log, and the catch-up pass re-applies whatever a database crash lost
/// (its cursor is saved with a durable commit, which flushes every earlier commit first,
/// so the cursor can never be ahead of the projections it vouches for).
async fn begin(
    pool: &sqlx::PgPool,
) -> Result<sqlx::Transaction<'static, sqlx::Postgres>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("set local synchronous_commit = off")
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}
