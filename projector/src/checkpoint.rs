//! Per-stream checkpoints of a projection, locked for the length of the transaction that
//! applies the next events, so two appliers of the same stream serialise on it.

use sqlx::PgConnection;

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
