//! Housekeeping: rows that only ever grow (issue 28: expired sessions, tokens, sign-in
//! attempts and rate-limit buckets were never deleted, millions of rows a day at attack
//! rates) are deleted on a schedule, and so are webhook deliveries past the newest
//! [`DELIVERIES_KEPT_PER_ENDPOINT`] finished ones of an endpoint (or older than 30 days) and
//! attempts past a delivery's newest [`ATTEMPTS_KEPT_PER_DELIVERY`].
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

/// Finished (delivered or failed) webhook deliveries kept per endpoint: the newest ones,
/// enough to page back through a day of busy traffic in `GET /v1/webhooks/{id}/deliveries`.
pub const DELIVERIES_KEPT_PER_ENDPOINT: i64 = 1_000;
/// How long a finished delivery is kept at most.
const KEEP_DELIVERIES: &str = "30 days";
/// Attempts kept per delivery: a delivery retried by hand again and again keeps its newest.
pub const ATTEMPTS_KEPT_PER_DELIVERY: i32 = 50;

/// What one pass deleted, by table.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Deleted {
    pub app_sessions: u64,
    pub session_tokens: u64,
    pub sign_in_attempts: u64,
    pub rate_limits: u64,
    pub webhook_deliveries: u64,
    pub webhook_attempts: u64,
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
    // A pending delivery is never deleted: it is owed to its endpoint (exactly once).
    let webhook_deliveries = sqlx::query(&format!(
        "delete from webhook_delivery d
         using (select delivery_id,
                       created_at,
                       row_number() over (partition by endpoint_id
                                          order by created_at desc, delivery_id desc) as newer
                  from webhook_delivery
                 where status <> 'pending') f
         where d.delivery_id = f.delivery_id
           and (f.newer > $1 or f.created_at < now() - interval '{KEEP_DELIVERIES}')"
    ))
    .bind(DELIVERIES_KEPT_PER_ENDPOINT)
    .execute(pool)
    .await?
    .rows_affected();
    let webhook_attempts = sqlx::query(
        "delete from webhook_attempt a
         using webhook_delivery d
         where a.delivery_id = d.delivery_id
           and d.attempts > $1
           and a.attempt <= d.attempts - $1",
    )
    .bind(ATTEMPTS_KEPT_PER_DELIVERY)
    .execute(pool)
    .await?
    .rows_affected();
    Ok(Deleted {
        app_sessions,
        session_tokens,
        sign_in_attempts,
        rate_limits,
        webhook_deliveries,
        webhook_attempts,
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
