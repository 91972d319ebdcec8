//! A connection taken only when a query needs one: a request that finds all it needs in
//! memory (database foods, custom ingredient names held by `nls_web::name_cache`) neither
//! waits for a pool connection nor costs the pool's round trips to check one out and back
//! in. Code that may or may not read (label derivation) takes this, whether its caller
//! holds a transaction's connection or none yet.

use sqlx::pool::PoolConnection;
use sqlx::{PgConnection, PgPool, Postgres};

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
