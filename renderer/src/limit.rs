//! The per-account limit on concurrent renders (spec §8: 5), held across processes.
//!
//! Each account has `max_concurrent_renders` slots, each a Postgres session advisory lock
//! `(account key, slot)`. A render takes the first free slot with `pg_try_advisory_lock`
//! (never waits: no free slot is 429 at once) and holds it on a dedicated connection for the
//! length of the render. Every process of every role sees the same locks, and a crashed
//! process cannot leak a slot: Postgres drops a session's locks when its connection ends.
//! A guard dropped without [`SlotGuard::release`] (a panic, a cancelled task) closes its
//! connection instead of returning it to the pool, which frees the lock the same way.
//!
//! The lock's second key is the slot number (`0..max`), which keeps these locks apart from
//! the worker's per-recipe locks (second key `-1`, see `worker`).

use std::time::Duration;

use sha2::{Digest, Sha256};
use sqlx::pool::PoolConnection;
use sqlx::postgres::PgPoolOptions;
use sqlx::{PgPool, Postgres};
use uuid::Uuid;

/// Connections dedicated to holding slot locks, so renders never starve request handling.
#[derive(Debug, Clone)]
pub struct RenderSlots {
    pool: PgPool,
}

/// A 32-bit lock key for a text or id; distinct inputs may collide (then two accounts or
/// recipes share a lock, which is safe, only stricter).
pub fn lock_key(namespace: &str, id: &[u8]) -> i32 {
    let digest = Sha256::new()
        .chain_update(namespace.as_bytes())
        .chain_update(id)
        .finalize();
    i32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])
}

impl RenderSlots {
    /// A lazily connecting pool of up to `max_connections`, with the options of `main`.
    pub fn new(main: &PgPool, max_connections: u32) -> RenderSlots {
        let pool = PgPoolOptions::new()
            .max_connections(max_connections)
            .min_connections(0)
            .acquire_timeout(Duration::from_secs(5))
            .idle_timeout(Duration::from_secs(60))
            .connect_lazy_with((*main.connect_options()).clone());
        RenderSlots { pool }
    }

    /// Takes a free slot of `account_id` among `max`, or `None` when all are taken.
    pub async fn try_acquire(
        &self,
        account_id: Uuid,
        max: i32,
    ) -> Result<Option<SlotGuard>, sqlx::Error> {
        let account_key = lock_key("render-slot", account_id.as_bytes());
        let mut conn = self.pool.acquire().await?;
        for slot in 0..max.max(0) {
            let got: bool = sqlx::query_scalar("select pg_try_advisory_lock($1, $2)")
                .bind(account_key)
                .bind(slot)
                .fetch_one(&mut *conn)
                .await?;
            if got {
                return Ok(Some(SlotGuard {
                    conn: Some(conn),
                    key: (account_key, slot),
                }));
            }
        }
        Ok(None)
    }

    /// Closes the pool (at shutdown).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// A held render slot; give it back with [`SlotGuard::release`].
#[derive(Debug)]
pub struct SlotGuard {
    conn: Option<PoolConnection<Postgres>>,
    key: (i32, i32),
}

impl SlotGuard {
    /// Unlocks the slot and returns the connection to the pool. If unlocking fails the
    /// connection is closed, which frees the lock all the same.
    pub async fn release(mut self) {
        if let Some(mut conn) = self.conn.take() {
            let unlocked: Result<bool, _> = sqlx::query_scalar("select pg_advisory_unlock($1, $2)")
                .bind(self.key.0)
                .bind(self.key.1)
                .fetch_one(&mut *conn)
                .await;
            if !matches!(unlocked, Ok(true)) {
                conn.close_on_drop();
            }
        }
    }
}

impl Drop for SlotGuard {
    fn drop(&mut self) {
        // Not released: the session still holds the lock, so it must not go back to the
        // pool. Closing it ends the session and Postgres frees the lock.
        if let Some(mut conn) = self.conn.take() {
            conn.close_on_drop();
        }
    }
}
