//! Per-stream checkpoints of a projection, locked for the length of the transaction that
//! applies the next events, so two appliers of the same stream serialise on it.

use std::collections::HashMap;

use sqlx::{PgConnection, PgPool, Row};

/// Locks and returns the last version `projection` applied for `stream_id` (0 if none).
pub async fn lock(
    tx: &mut PgConnection,
    projection: &str,
    stream_id: &str,
) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "insert into projection_checkpoint (projection, stream_id, version) values ($1, $2, 0)
         on conflict do nothing",
    )
    .bind(projection)
    .bind(stream_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query_scalar(
        "select version from projection_checkpoint
         where projection = $1 and stream_id = $2 for update",
    )
    .bind(projection)
    .bind(stream_id)
    .fetch_one(&mut *tx)
    .await
}

/// Records that `projection` has applied `stream_id` up to `version`.
pub async fn advance(
    tx: &mut PgConnection,
    projection: &str,
    stream_id: &str,
    version: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update projection_checkpoint set version = $3 where projection = $1 and stream_id = $2",
    )
    .bind(projection)
    .bind(stream_id)
    .bind(version)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Checkpoints of many streams, read without locks (for skipping work already done: a
/// checkpoint only grows, so a stale value only means taking the locked path).
#[derive(Debug, Default)]
pub struct Versions(HashMap<String, HashMap<String, i64>>);

impl Versions {
    /// The version `projection` has applied for `stream_id` (0 if none).
    pub fn version(&self, projection: &str, stream_id: &str) -> i64 {
        self.0
            .get(projection)
            .and_then(|streams| streams.get(stream_id))
            .copied()
            .unwrap_or(0)
    }
}

/// The checkpoints of `projections` for the given streams, in one query.
pub async fn read_many<'a>(
    pool: &PgPool,
    projections: &[&str],
    stream_ids: impl Iterator<Item = &'a str>,
) -> Result<Versions, sqlx::Error> {
    let mut ids: Vec<&str> = stream_ids.collect();
    ids.sort_unstable();
    ids.dedup();
    // One primary-key probe per (projection, stream) pair. The plain form
    // (`projection = any($1) and stream_id = any($2)`) gets a generic plan that probes by
    // projection only and filters every stream of it: 10 ms at 20,000 recipes, and
    // growing with the table. `offset 0` keeps the lateral subquery a parameterised probe.
    let rows = sqlx::query(
        "select p.projection, s.stream_id, c.version
         from unnest($1::text[]) as p(projection)
         cross join unnest($2::text[]) as s(stream_id)
         cross join lateral (
             select version from projection_checkpoint c
             where c.projection = p.projection and c.stream_id = s.stream_id
             offset 0
         ) c",
    )
    .bind(projections)
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    let mut versions: HashMap<String, HashMap<String, i64>> = HashMap::new();
    for row in rows {
        versions
            .entry(row.try_get("projection")?)
            .or_default()
            .insert(row.try_get("stream_id")?, row.try_get("version")?);
    }
    Ok(Versions(versions))
}
