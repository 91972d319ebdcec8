//! Appending to a stream with optimistic concurrency.

use nls_events::{Envelope, NewEvent};
use sqlx::{PgConnection, Row};
use thiserror::Error;
use uuid::Uuid;

/// How many events a stream holds; 0 for a stream that does not exist yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct StreamVersion(pub i64);

/// Who and why, recorded on every event of one append.
#[derive(Debug, Clone)]
pub struct EventMeta {
    pub account_id: Uuid,
    pub actor: String,
    pub correlation_id: Uuid,
    pub causation_id: Option<Uuid>,
    /// The HTTP request's `x-request-id`, when a request wrote the events.
    pub request_id: Option<String>,
}

/// Why an append did not happen.
#[derive(Debug, Error)]
pub enum AppendError {
    /// Another writer appended first: reload and decide again, or report 412 when the
    /// client pinned a version with `If-Match`.
    #[error("stream {stream_id} is no longer at version {expected}")]
    VersionMismatch { stream_id: String, expected: i64 },
    #[error("database error while appending")]
    Database(#[from] sqlx::Error),
}

/// Appends `events` to `stream_id` iff the stream is still at `expected`, inside the
/// caller's transaction (so the read-your-writes view commits with it). Returns the new
/// envelopes as stored. A lost race surfaces as the unique violation of `(stream_id, stream_version)`
/// and is reported as [`AppendError::VersionMismatch`], never as a generic failure.
pub async fn append(
    tx: &mut PgConnection,
    stream_id: &str,
    expected: StreamVersion,
    meta: &EventMeta,
    events: &[NewEvent],
) -> Result<Vec<Envelope>, AppendError> {
    let mut version = expected.0;
    let mut stored = Vec::with_capacity(events.len());
    for event in events {
        version += 1;
        let inserted = sqlx::query(
            "insert into event (event_id, stream_id, stream_version, event_type, schema_version,
                                payload, account_id, actor, correlation_id, causation_id, request_id)
             select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $12
             where coalesce((select max(stream_version) from event where stream_id = $2), 0) = $11
             returning position, occurred_at",
        )
        .bind(event.event_id)
        .bind(stream_id)
        .bind(version)
        .bind(event.event_type)
        .bind(event.schema_version)
        .bind(&event.payload)
        .bind(meta.account_id)
        .bind(&meta.actor)
        .bind(meta.correlation_id)
        .bind(meta.causation_id)
        .bind(version - 1)
        .bind(&meta.request_id)
        .fetch_optional(&mut *tx)
        .await
        .map_err(|err| classify(err, stream_id, expected))?;
        let Some(row) = inserted else {
            return Err(AppendError::VersionMismatch {
                stream_id: stream_id.to_owned(),
                expected: expected.0,
            });
        };
        stored.push(stored_event(
            event,
            stream_id,
            version,
            meta,
            row.try_get("position")?,
            row.try_get("occurred_at")?,
        ));
    }
    // No `pg_notify` here: it would serialise the commits of all writers. The caller sends
    // an [`crate::AppendSignal`] after its commit.
    Ok(stored)
}

/// The envelope of `event` as the log stored it, at `position` and `occurred_at`.
pub fn stored_event(
    event: &NewEvent,
    stream_id: &str,
    stream_version: i64,
    meta: &EventMeta,
    position: i64,
    occurred_at: chrono::DateTime<chrono::Utc>,
) -> Envelope {
    Envelope {
        position,
        event_id: event.event_id,
        stream_id: stream_id.to_owned(),
        stream_version,
        event_type: event.event_type.to_owned(),
        schema_version: event.schema_version,
        payload: event.payload.clone(),
        account_id: meta.account_id,
        actor: meta.actor.clone(),
        occurred_at,
        correlation_id: meta.correlation_id,
        causation_id: meta.causation_id,
        request_id: meta.request_id.clone(),
    }
}

fn classify(err: sqlx::Error, stream_id: &str, expected: StreamVersion) -> AppendError {
    let constraint = err.as_database_error().and_then(|db| db.constraint());
    match constraint {
        Some("event_stream_version_key") => AppendError::VersionMismatch {
            stream_id: stream_id.to_owned(),
            expected: expected.0,
        },
        _ => AppendError::Database(err),
    }
}
