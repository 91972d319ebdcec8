//! Housekeeping: rows that only ever grow (issue 28: expired sessions, tokens, sign-in
//! attempts and rate-limit buckets were never deleted, millions of rows a day at attack
//! rates) are deleted on a schedule.
//!
//! Each delete is safe at any moment and in any number of processes at once: an expired
//! session or token is refused whether or not its row exists, and a bucket whose time is
//! past is the same as no bucket (both admit a full burst). So every process runs the pass
//! every [`EVERY`], with no leader, and a pass that fails is only logged.

use std::time::Duration;

use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

/// How often a process runs a pass.
pub const EVERY: Duration = Duration::from_secs(600);

/// How long a revoked or expired session or token is kept (audit of recent sign-ins).
const KEEP_ENDED: &str = "1 day";

/// What one pass deleted, by table.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Deleted {
    pub app_sessions: u64,
    pub session_tokens: u64,
    pub sign_in_attempts: u64,
    pub rate_limits: u64,
}

/// One pass: app sessions and export tokens ended more than [`KEEP_ENDED`] ago, and
/// sign-in and rate-limit buckets whose theoretical arrival time has passed.
pub async fn pass(pool: &PgPool) -> Result<Deleted, sqlx::Error> {
    let ended = |table: &'static str| {
        format!(
            "delete from {table}
             where expires_at < now() - interval '{KEEP_ENDED}'
                or revoked_at < now() - interval '{KEEP_ENDED}'"
        )
    };
    let app_sessions = sqlx::query(&ended("app_session"))
        .execute(pool)
        .await?
        .rows_affected();
    let session_tokens = sqlx::query(&ended("session_token"))
        .execute(pool)
        .await?
        .rows_affected();
    let sign_in_attempts = sqlx::query("delete from sign_in_attempt where tat < now()")
        .execute(pool)
        .await?
        .rows_affected();
    let rate_limits = sqlx::query("delete from rate_limit where tat < now()")
        .execute(pool)
        .await?
        .rows_affected();
    // Webhook secrets retired by rotations sign no more after their time.
    sqlx::query("delete from webhook_retired_secret where until < now()")
        .execute(pool)
        .await?;
    Ok(Deleted {
        app_sessions,
        session_tokens,
        sign_in_attempts,
        rate_limits,
    })
}

/// Runs a pass every [`EVERY`] until `shutdown`.
pub async fn run(pool: PgPool, shutdown: CancellationToken) {
    // The first pass one period after start: nothing is due at start-up, and a fleet
    // restarting at once should not all delete together.
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + EVERY, EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return,
            _ = ticks.tick() => {}
        }
        match pass(&pool).await {
            Ok(deleted) => tracing::debug!(?deleted, "housekeeping pass"),
            Err(err) => tracing::warn!(%err, "housekeeping pass failed; next in 10 min"),
        }
    }
}
