//! Connecting to Postgres, creating the database when it is missing, migrating.

use std::str::FromStr;

use anyhow::Context;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{ConnectOptions, Connection, PgPool};

/// Creates the database named in `url` if it does not exist yet.
pub async fn ensure_database(url: &str) -> anyhow::Result<()> {
    let options =
        PgConnectOptions::from_str(url).context("DATABASE_URL is not a valid Postgres URL")?;
    let Some(name) = options.get_database().map(str::to_owned) else {
        return Ok(());
    };
    match options.connect().await {
        Ok(conn) => {
            conn.close().await.ok();
            return Ok(());
        }
        Err(err) if is_missing_database(&err) => {}
        Err(err) => return Err(err).context("cannot connect to Postgres"),
    }
    let mut admin = options
        .database("postgres")
        .connect()
        .await
        .context("cannot connect to the postgres database to create the service database")?;
    let quoted = format!("\"{}\"", name.replace('"', "\"\""));
    match sqlx::query(&format!("create database {quoted}"))
        .execute(&mut admin)
        .await
    {
        Ok(_) => Ok(()),
        // Someone else created it meanwhile.
        Err(err) if err.as_database_error().and_then(|d| d.code()).as_deref() == Some("42P04") => {
            Ok(())
        }
        Err(err) => Err(err).context("cannot create the service database"),
    }
}

fn is_missing_database(err: &sqlx::Error) -> bool {
    err.as_database_error().and_then(|d| d.code()).as_deref() == Some("3D000")
}

/// How long Postgres lets one of our sessions sit idle inside a transaction before it
/// ends the session. None of our transactions waits on anything but Postgres (label
/// drawing, NATS and HTTP calls all happen outside them), so an idle open transaction means
/// its process has stalled: frozen (SIGSTOP, a paused VM), or cut off without the socket
/// closing. Until it ends, the row locks it holds stop everyone else: a projector frozen
/// while it held one stream's checkpoint stopped the other projector's consumer and the
/// catch-up pass on that stream, and every event queued behind it, for as long as it stayed
/// frozen (the fault suite saw 857 streams behind after 45 s). Ten seconds, not less:
/// what legitimately runs between two statements of a transaction (deriving a label) can
/// take a while in a debug build on a busy machine, and the embedded data is loaded before
/// any transaction (`nls_readmodel::shipped::load`).
pub const IDLE_IN_TRANSACTION_TIMEOUT: &str = "10s";

/// A pool on `url` whose connections tell Postgres who they are: `application_name` is
/// `purpose` and the process id (`nls command 4711`), unless the URL names one, so that
/// `pg_stat_activity` and `pg_locks` show which process holds what (the active relay's
/// advisory lock, say).
pub async fn connect(url: &str, size: u32, purpose: &str) -> anyhow::Result<PgPool> {
    pool_options(size)
        .connect_with(connect_options(url, purpose)?)
        .await
        .context("cannot connect to Postgres")
}

/// [`connect`] without opening a connection yet: for a role that already retries when the
/// database is away (the relay), so it starts even then.
pub fn connect_lazy(url: &str, size: u32, purpose: &str) -> anyhow::Result<PgPool> {
    Ok(pool_options(size).connect_lazy_with(connect_options(url, purpose)?))
}

// Shared with the group commit's writers, which keep their connections between batches.
use nls_readmodel::lazy_conn::PING_WHEN_IDLE_FOR;

fn pool_options(size: u32) -> PgPoolOptions {
    PgPoolOptions::new()
        .max_connections(size)
        .acquire_timeout(std::time::Duration::from_secs(10))
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for >= PING_WHEN_IDLE_FOR {
                    conn.ping().await?;
                }
                Ok(true)
            })
        })
}

fn connect_options(url: &str, purpose: &str) -> anyhow::Result<PgConnectOptions> {
    // No JIT: our statements are short index lookups, but the planner's estimates for a few
    // of them (recursive dependents, log reads over a growing table) cross `jit_above_cost`,
    // and compiling them with LLVM took a third of the database's CPU under write load.
    let mut options = PgConnectOptions::from_str(url)
        .context("DATABASE_URL is not a valid Postgres URL")?
        .options([
            ("jit", "off"),
            (
                "idle_in_transaction_session_timeout",
                IDLE_IN_TRANSACTION_TIMEOUT,
            ),
        ]);
    if !url.contains("application_name=") {
        options = options.application_name(&format!("{purpose} {}", std::process::id()));
    }
    Ok(options)
}

/// Creates the database if needed and applies every migration.
pub async fn migrate(url: &str) -> anyhow::Result<PgPool> {
    ensure_database(url).await?;
    let pool = connect(url, 4, "nls migrate").await?;
    nls_eventlog::MIGRATOR
        .run(&pool)
        .await
        .context("migration failed")?;
    Ok(pool)
}
