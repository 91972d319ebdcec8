//! A pool connection taken only when a query needs one: a request that finds all it needs in
//! memory (database foods, custom ingredient names held by `nls_web::name_cache`) neither
//! waits for a connection nor costs the pool's round trips to check one out and back in.

use sqlx::pool::PoolConnection;
use sqlx::{PgConnection, PgPool, Postgres};

/// A connection of `pool`, acquired at the first [`LazyConn::get`] and held from then on.
pub struct LazyConn<'p> {
    pool: &'p PgPool,
    conn: Option<PoolConnection<Postgres>>,
}

impl<'p> LazyConn<'p> {
    pub fn new(pool: &'p PgPool) -> Self {
        Self { pool, conn: None }
    }

    /// The connection, acquired now if not yet.
    pub async fn get(&mut self) -> Result<&mut PgConnection, sqlx::Error> {
        let conn = match self.conn.take() {
            Some(conn) => conn,
            None => self.pool.acquire().await?,
        };
        Ok(&mut **self.conn.insert(conn))
    }

    /// Whether a connection was taken (tests and benchmarks: a request served from memory
    /// takes none).
    pub fn was_used(&self) -> bool {
        self.conn.is_some()
    }
}
