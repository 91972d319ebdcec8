//! Single-active roles (the relay, the webhook fan-out): a Postgres session advisory lock
//! elects one process; the others try again every [`RETRY`]. The lock lives as long as the
//! connection holding it, so a process that dies frees it at once (a vanished machine's,
//! when Postgres drops the dead connection).

use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::{PgConnection, PgPool, Postgres};
use tokio_util::sync::CancellationToken;

/// How often a standby tries for the lock.
pub const RETRY: Duration = Duration::from_millis(500);

/// Waits until this process holds advisory lock `key`, on a connection detached from the
/// pool (its session settings never reach other users). `None` when `shutdown` fired first.
pub async fn hold(
    pool: &PgPool,
    key: i64,
    shutdown: &CancellationToken,
) -> Result<Option<PgConnection>, sqlx::Error> {
    let conn: PoolConnection<Postgres> = pool.acquire().await?;
    let mut conn = conn.detach();
    loop {
        let got: bool = sqlx::query_scalar("select pg_try_advisory_lock($1)")
            .bind(key)
            .fetch_one(&mut conn)
            .await?;
        if got {
            return Ok(Some(conn));
        }
        tokio::select! {
            _ = shutdown.cancelled() => return Ok(None),
            _ = tokio::time::sleep(RETRY) => {}
        }
    }
}
