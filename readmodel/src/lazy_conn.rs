//! A connection taken only when a query needs one: a request that finds all it needs in
//! memory (database foods, custom ingredient names held by `nls_web::name_cache`) neither
//! waits for a pool connection nor costs the pool's round trips to check one out and back
//! in. Code that may or may not read (label derivation) takes this, whether its caller
//! holds a transaction's connection or none yet.

use sqlx::pool::PoolConnection;
use sqlx::{PgConnection, PgPool, Postgres};

/// A pooled connection idle for less than this is handed out without a ping first.
///
/// sqlx pings every connection when it goes back to the pool (to flush what a cancelled
/// statement left behind) and, by default, again when it is taken out: two round trips to
/// Postgres around every request's own statements, a seventh of an analysis's CPU in its
/// profile (session 18). A connection released this recently answered that release ping
/// just now, so the second one tells us nothing; one idle longer (a quiet spell, after
/// which Postgres may have restarted or a firewall dropped it) is still pinged. If Postgres
/// crashes within this window, the statement on such a connection fails as it would have
/// a moment later, and sqlx discards the connection on that error. The pool (`src/db.rs`)
/// and the group commit's writers, which keep their connections between batches, use it.
pub const PING_WHEN_IDLE_FOR: std::time::Duration = std::time::Duration::from_secs(1);

/// A connection of a pool, acquired at the first [`LazyConn::get`] and held from then on,
/// or one the caller already holds.
pub struct LazyConn<'a>(Source<'a>);

enum Source<'a> {
    Pool {
        pool: &'a PgPool,
        conn: Option<PoolConnection<Postgres>>,
    },
    Held(&'a mut PgConnection),
}

impl<'a> LazyConn<'a> {
    /// A connection of `pool`, taken at the first [`LazyConn::get`].
    pub fn new(pool: &'a PgPool) -> Self {
        Self(Source::Pool { pool, conn: None })
    }

    /// A connection the caller holds (a transaction's).
    pub fn held(conn: &'a mut PgConnection) -> Self {
        Self(Source::Held(conn))
    }

    /// The connection, acquired now if not yet.
    pub async fn get(&mut self) -> Result<&mut PgConnection, sqlx::Error> {
        match &mut self.0 {
            Source::Held(conn) => Ok(&mut **conn),
            Source::Pool { pool, conn } => {
                let taken = match conn.take() {
                    Some(taken) => taken,
                    None => pool.acquire().await?,
                };
                Ok(&mut **conn.insert(taken))
            }
        }
    }
}
