//! Reading the log: one stream in version order, or the whole log in a gap-free order.
//!
//! # Why followers never skip a late commit
//!
//! `position` comes from an identity sequence, which hands out numbers at insert time, not
//! at commit time: with concurrent writers, position 11 can become visible before 10 does.
//! A follower that remembered "I have read up to 11" would then skip 10 forever.
//!
//! Every row also records the id of the transaction that wrote it (`txid`). A follower reads
//! in `(txid, position)` order and only rows whose `txid` is below `pg_snapshot_xmin` of its
//! own snapshot: every transaction older than that xmin has finished (committed or rolled
//! back), so no row with such a txid can ever appear later. The cursor `(txid, position)` of
//! the last row read is therefore a safe resume point. Writers never wait on each other for
//! this (unlike a global append lock); a follower's view is only held back while an older
//! transaction is still open, which for our short appends is a few milliseconds.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use nls_events::Envelope;
use sqlx::{PgExecutor, PgPool, Row};
use uuid::Uuid;

/// A resume point in the log, in `(txid, position)` order. `txid` is the numeric value of
/// the `xid8` column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct LogCursor {
    pub txid: i64,
    pub position: i64,
}

/// The columns of an [`Envelope`], in the order [`envelope_from_row`] reads them.
pub const ENVELOPE_COLUMNS: &str = "position, event_id, stream_id, stream_version, event_type,
     schema_version, payload, account_id, actor, occurred_at, correlation_id, causation_id,
     request_id";

/// Builds an envelope from a row selected with [`ENVELOPE_COLUMNS`].
pub fn envelope_from_row(row: &sqlx::postgres::PgRow) -> Result<Envelope, sqlx::Error> {
    Ok(Envelope {
        position: row.try_get("position")?,
        event_id: row.try_get::<Uuid, _>("event_id")?,
        stream_id: row.try_get("stream_id")?,
        stream_version: row.try_get("stream_version")?,
        event_type: row.try_get("event_type")?,
        schema_version: row.try_get("schema_version")?,
        payload: row.try_get("payload")?,
        account_id: row.try_get("account_id")?,
        actor: row.try_get("actor")?,
        occurred_at: row.try_get::<DateTime<Utc>, _>("occurred_at")?,
        correlation_id: row.try_get("correlation_id")?,
        causation_id: row.try_get("causation_id")?,
        request_id: row.try_get("request_id")?,
    })
}

/// Events of one stream with `from <= stream_version <= to`, oldest first.
pub async fn read_stream<'e>(
    db: impl PgExecutor<'e>,
    stream_id: &str,
    from: i64,
    to: i64,
) -> Result<Vec<Envelope>, sqlx::Error> {
    let sql = format!(
        "select {ENVELOPE_COLUMNS} from event
         where stream_id = $1 and stream_version between $2 and $3
         order by stream_version"
    );
    let rows = sqlx::query(&sql)
        .bind(stream_id)
        .bind(from)
        .bind(to)
        .fetch_all(db)
        .await?;
    rows.iter().map(envelope_from_row).collect()
}

/// What a follower of the log knows of an event before it reads the rest: enough to tell
/// whether it needs the event at all (published already, applied already). Read from an
/// [`Envelope`]'s JSON too (a JetStream message), skipping the payload.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct EventHead {
    pub position: i64,
    pub event_id: Uuid,
    pub stream_id: String,
    pub stream_version: i64,
}

/// The events at `positions`, by position (those that exist).
pub async fn read_at<'e>(
    db: impl PgExecutor<'e>,
    positions: &[i64],
) -> Result<HashMap<i64, Envelope>, sqlx::Error> {
    let sql = format!("select {ENVELOPE_COLUMNS} from event where position = any($1)");
    let rows = sqlx::query(&sql).bind(positions).fetch_all(db).await?;
    rows.iter()
        .map(|row| envelope_from_row(row).map(|envelope| (envelope.position, envelope)))
        .collect()
}

/// Follows the whole log in the gap-free order described in the module docs.
#[derive(Debug, Clone)]
pub struct LogReader {
    pool: PgPool,
}

impl LogReader {
    pub fn new(pool: PgPool) -> Self {
        Self { pool }
    }

    /// Up to `limit` events after `cursor` that are safe to hand out, with the cursor of
    /// each. An empty batch means "nothing more is final yet".
    pub async fn next_batch(
        &self,
        cursor: LogCursor,
        limit: i64,
    ) -> Result<Vec<(LogCursor, Envelope)>, sqlx::Error> {
        let rows = self.final_after(ENVELOPE_COLUMNS, cursor, limit).await?;
        rows.iter()
            .map(|row| {
                let envelope = envelope_from_row(row)?;
                Ok((cursor_of(row, envelope.position)?, envelope))
            })
            .collect()
    }

    /// [`Self::next_batch`], heads only: for followers that usually have every event
    /// already (the relay published it early, the projections applied it at write time),
    /// so that reading an event's payload, and decoding it, is paid only when it is needed
    /// ([`read_at`]).
    pub async fn next_heads(
        &self,
        cursor: LogCursor,
        limit: i64,
    ) -> Result<Vec<(LogCursor, EventHead)>, sqlx::Error> {
        let rows = self
            .final_after(
                "position, event_id, stream_id, stream_version",
                cursor,
                limit,
            )
            .await?;
        rows.iter()
            .map(|row| {
                let head = EventHead {
                    position: row.try_get("position")?,
                    event_id: row.try_get("event_id")?,
                    stream_id: row.try_get("stream_id")?,
                    stream_version: row.try_get("stream_version")?,
                };
                Ok((cursor_of(row, head.position)?, head))
            })
            .collect()
    }

    /// `columns` of up to `limit` final rows after `cursor`, in log order, each with its
    /// `txid_num`.
    async fn final_after(
        &self,
        columns: &str,
        cursor: LogCursor,
        limit: i64,
    ) -> Result<Vec<sqlx::postgres::PgRow>, sqlx::Error> {
        let sql = format!(
            "select txid::text::bigint as txid_num, {columns} from event
             where (txid, position) > ($1::text::xid8, $2)
               and txid < pg_snapshot_xmin(pg_current_snapshot())
             order by txid, position
             limit $3"
        );
        sqlx::query(&sql)
            .bind(cursor.txid.to_string())
            .bind(cursor.position)
            .bind(limit)
            .fetch_all(&self.pool)
            .await
    }
}

/// The cursor at a row read by [`LogReader::final_after`].
fn cursor_of(row: &sqlx::postgres::PgRow, position: i64) -> Result<LogCursor, sqlx::Error> {
    Ok(LogCursor {
        txid: row.try_get("txid_num")?,
        position,
    })
}

/// Where a follower of the log keeps its [`LogCursor`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CursorTable {
    /// `relay_checkpoint`, keyed by relay name.
    Relay,
    /// `projection_cursor`, keyed by projection name.
    Projection,
}

impl CursorTable {
    fn table_and_key(self) -> (&'static str, &'static str) {
        match self {
            Self::Relay => ("relay_checkpoint", "relay_name"),
            Self::Projection => ("projection_cursor", "projection"),
        }
    }
}

/// The stored cursor of follower `name`, or the start of the log.
pub async fn load_cursor<'e>(
    db: impl PgExecutor<'e>,
    table: CursorTable,
    name: &str,
) -> Result<LogCursor, sqlx::Error> {
    let (table, key) = table.table_and_key();
    let sql = format!("select txid::text::bigint as txid, position from {table} where {key} = $1");
    let row = sqlx::query(&sql).bind(name).fetch_optional(db).await?;
    Ok(match row {
        Some(row) => LogCursor {
            txid: row.try_get("txid")?,
            position: row.try_get("position")?,
        },
        None => LogCursor::default(),
    })
}

/// Stores the cursor of follower `name`.
pub async fn save_cursor<'e>(
    db: impl PgExecutor<'e>,
    table: CursorTable,
    name: &str,
    cursor: LogCursor,
) -> Result<(), sqlx::Error> {
    let (table, key) = table.table_and_key();
    let sql = format!(
        "insert into {table} ({key}, txid, position) values ($1, $2::text::xid8, $3)
         on conflict ({key}) do update set txid = excluded.txid, position = excluded.position"
    );
    sqlx::query(&sql)
        .bind(name)
        .bind(cursor.txid.to_string())
        .bind(cursor.position)
        .execute(db)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_events_head_is_read_from_its_envelopes_json() {
        let envelope = Envelope {
            position: 42,
            event_id: Uuid::now_v7(),
            stream_id: "rcp_01".into(),
            stream_version: 3,
            event_type: "RecipeUpdated".into(),
            schema_version: 1,
            payload: serde_json::json!({"name": "Scones", "ingredients": [{"grams": 300}]}),
            account_id: Uuid::now_v7(),
            actor: "admin".into(),
            occurred_at: Utc::now(),
            correlation_id: Uuid::now_v7(),
            causation_id: None,
            request_id: Some("req-1".into()),
        };
        let json = serde_json::to_vec(&envelope).expect("serialised");
        let head: EventHead = serde_json::from_slice(&json).expect("a head");
        assert_eq!(
            head,
            EventHead {
                position: 42,
                event_id: envelope.event_id,
                stream_id: "rcp_01".into(),
                stream_version: 3,
            }
        );
        assert!(serde_json::from_slice::<EventHead>(br#"{"stream_id": "rcp_01"}"#).is_err());
    }
}
