//! The process lease and revocations that wait for every live process (issue 27, item 1).
//!
//! # The guarantee
//!
//! A revoked key, a signed-out session, a changed plan: every request that starts after
//! the revocation returned is refused (or served under the new plan) by every process,
//! although no process reads the credential per request ([`crate::auth_cache`]).
//!
//! # How
//!
//! - Every serving process holds a row in `process_lease` (migration 0017) that it renews
//!   every [`RENEW_EVERY`] for [`VALID_FOR`], and LISTENs on [`CHANNEL`], both over one
//!   dedicated connection: a process whose connection is gone can neither renew nor hear.
//! - Whatever ends or changes an authentication notifies `account:<id>` (or `all` for a
//!   plan's entitlements) from database triggers, inside the writing transaction; each
//!   process drops what it cached for that account.
//! - The revoking code then calls [`settle`]: it notifies a barrier `barrier:<n>` and waits
//!   until every process whose lease is live has written its acknowledgement of it.
//!   Postgres delivers notifications in commit order and each process handles them in
//!   order, so a process that acknowledged the barrier has dropped every entry changed before.
//! - A process that does not acknowledge is waited for only until its lease has expired
//!   (plus [`GRACE`]). By then it serves no keyed request: it stops at its lease's end as it
//!   measures it (a monotonic instant taken before the renewal was sent, less [`MARGIN`],
//!   so always before the database's expiry), and before it serves again it must renew,
//!   which after a lapse means registering afresh with an empty cache.
//!
//! # The numbers
//!
//! Renewal every second, valid for ten: nine renewals in a row may fail or be late (a busy
//! database, a slow scheduler on a loaded host) before the process stops serving keys. A
//! first choice of three seconds made processes refuse keyed requests (503) on a 2-core
//! machine running the test suite, where a renewal's round trip took seconds: a process
//! that stops serving for a slow database is an outage of its own. A revocation waits at
//! most about 10.5 s, and only for a process that stopped acknowledging (frozen, cut off);
//! otherwise it returns after one round trip to each process (a few ms).
//! [`MARGIN`] covers the two clocks' different rates over one lease; [`GRACE`] covers a
//! renewal that the database evaluated before the expiry but committed after it.

use std::time::{Duration, Instant};

use sqlx::postgres::PgListener;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::auth_cache::AuthCache;

/// The notification channel of authentication changes and barriers.
pub const CHANNEL: &str = "nls_auth";
/// How often a process renews its lease.
pub const RENEW_EVERY: Duration = Duration::from_secs(1);
/// How long a renewal keeps the lease valid (in the database's clock).
pub const VALID_FOR: Duration = Duration::from_secs(10);
/// How much sooner the process itself considers its lease ended.
pub const MARGIN: Duration = Duration::from_millis(250);
/// How long after a lease's expiry a revocation still waits for its process.
pub const GRACE: Duration = Duration::from_millis(500);
/// The longest a revocation waits: far beyond any live process's acknowledgement or any
/// lease's expiry; reached only if a process renews without acknowledging (a fault).
pub const SETTLE_LIMIT: Duration = Duration::from_secs(15);
/// How often a waiting revocation looks at the acknowledgements.
const SETTLE_POLL: Duration = Duration::from_millis(5);
/// How long a process waits before connecting again after losing its connection.
const RETRY: Duration = Duration::from_millis(500);

/// A notification on [`CHANNEL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Message {
    /// The account's keys, sessions, tokens or plan changed.
    Account(Uuid),
    /// A plan changed: every cached authentication carries one.
    All,
    /// The account's custom ingredient names changed (crate::name_cache).
    Ingredients(Uuid),
    /// A revocation waits for this acknowledgement.
    Barrier(i64),
}

impl Message {
    pub fn parse(payload: &str) -> Option<Self> {
        match payload.split_once(':') {
            None if payload == "all" => Some(Self::All),
            Some(("account", id)) => Uuid::parse_str(id).ok().map(Self::Account),
            Some(("ingredients", id)) => Uuid::parse_str(id).ok().map(Self::Ingredients),
            Some(("barrier", n)) => n.parse().ok().map(Self::Barrier),
            _ => None,
        }
    }
}

/// Who holds a lease (shown in `process_lease` for operators).
#[derive(Debug, Clone)]
pub struct Identity {
    pub process_id: Uuid,
    pub role: String,
    pub host: String,
}

/// Why a revocation could not confirm that every process has dropped it.
#[derive(Debug, thiserror::Error)]
pub enum SettleError {
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    /// Still not acknowledged after [`SETTLE_LIMIT`] by processes that kept their lease.
    #[error("not yet confirmed by {0}")]
    Unconfirmed(String),
}

/// Waits until every process whose lease is live has seen every authentication change
/// committed before this call (see the module documentation). Returns at once when no
/// process serves.
pub async fn settle(pool: &PgPool) -> Result<(), SettleError> {
    let (barrier, at): (i64, sqlx::types::chrono::DateTime<sqlx::types::chrono::Utc>) = sqlx::query_as(
        "with b as materialized (select nextval('auth_barrier_seq') as id, clock_timestamp() as at),
              n as (select pg_notify($1, 'barrier:' || id) from b)
         select b.id, b.at from b, n",
    )
    .bind(CHANNEL)
    .fetch_one(pool)
    .await?;
    let started = Instant::now();
    let outcome = loop {
        let pending: Vec<String> = sqlx::query_scalar(
            "select l.role || ' ' || l.host || ' pid ' || l.pid
             from process_lease l
             where l.since < $2
               and l.expires_at + make_interval(secs => $3) > clock_timestamp()
               and not exists (select 1 from auth_barrier_ack a
                               where a.barrier_id = $1 and a.process_id = l.process_id)",
        )
        .bind(barrier)
        .bind(at)
        .bind(GRACE.as_secs_f64())
        .fetch_all(pool)
        .await?;
        if pending.is_empty() {
            break Ok(());
        }
        if started.elapsed() >= SETTLE_LIMIT {
            break Err(SettleError::Unconfirmed(pending.join(", ")));
        }
        tokio::time::sleep(SETTLE_POLL).await;
    };
    sqlx::query("delete from auth_barrier_ack where barrier_id = $1")
        .bind(barrier)
        .execute(pool)
        .await?;
    outcome
}

/// Why a lease connection ended.
#[derive(Debug, thiserror::Error)]
enum Lost {
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error("the connection was lost")]
    Connection,
}

/// Holds this process's lease and applies notifications to `cache` until `shutdown`,
/// reconnecting after any failure. `pool` is the lease's own (one connection, never shared
/// with requests, so a busy pool cannot starve the renewal). `registered` is told the first
/// time the lease is live.
pub async fn run(
    pool: PgPool,
    cache: AuthCache,
    identity: Identity,
    mut registered: Option<tokio::sync::oneshot::Sender<()>>,
    shutdown: CancellationToken,
) {
    loop {
        match hold(&pool, &cache, &identity, &mut registered, &shutdown).await {
            Ok(()) => return,
            Err(err) => {
                tracing::warn!(error = %err, "lease lost; keyed requests get 503 until it is renewed")
            }
        }
        // Notifications may have been missed: nothing cached can be trusted.
        cache.lapse();
        cache.forget(None);
        tokio::select! {
            () = shutdown.cancelled() => return,
            () = tokio::time::sleep(RETRY) => {}
        }
    }
}

/// One connection's life: listen, register, then renew and apply notifications.
async fn hold(
    pool: &PgPool,
    cache: &AuthCache,
    identity: &Identity,
    registered: &mut Option<tokio::sync::oneshot::Sender<()>>,
    shutdown: &CancellationToken,
) -> Result<(), Lost> {
    let mut listener = PgListener::connect_with(pool).await?;
    // Listening before registering: a barrier sent after the registration is heard.
    listener.listen(CHANNEL).await?;
    register(&mut listener, cache, identity).await?;
    if let Some(registered) = registered.take() {
        let _ = registered.send(());
    }
    let mut ticks =
        tokio::time::interval_at(tokio::time::Instant::now() + RENEW_EVERY, RENEW_EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => {
                cache.lapse();
                // Revocations need not wait for this process's lease to expire.
                sqlx::query("delete from process_lease where process_id = $1")
                    .bind(identity.process_id)
                    .execute(&mut listener)
                    .await?;
                return Ok(());
            }
            received = listener.try_recv() => {
                let notification = received?.ok_or(Lost::Connection)?;
                apply(&mut listener, cache, identity, notification.payload()).await?;
            }
            _ = ticks.tick() => renew(&mut listener, cache, identity).await?,
        }
    }
}

/// Applies one notification (in the order Postgres delivered them).
async fn apply(
    listener: &mut PgListener,
    cache: &AuthCache,
    identity: &Identity,
    payload: &str,
) -> Result<(), Lost> {
    match Message::parse(payload) {
        Some(Message::Account(account)) => cache.forget(Some(account)),
        Some(Message::All) => cache.forget(None),
        Some(Message::Ingredients(account)) => cache.forget_names(account),
        Some(Message::Barrier(barrier)) => {
            sqlx::query(
                "insert into auth_barrier_ack (barrier_id, process_id) values ($1, $2)
                 on conflict do nothing",
            )
            .bind(barrier)
            .bind(identity.process_id)
            .execute(&mut *listener)
            .await?;
        }
        None => {
            // From a newer version, say: forgetting everything is always correct.
            tracing::warn!(payload, "unknown authentication notification");
            cache.forget(None);
        }
    }
    Ok(())
}

/// Extends the lease; after a lapse (in this process's clock or the database's) the
/// process registers afresh with an empty cache instead.
async fn renew(
    listener: &mut PgListener,
    cache: &AuthCache,
    identity: &Identity,
) -> Result<(), Lost> {
    let sent = Instant::now();
    if !cache.is_live(sent) {
        tracing::warn!("lease lapsed (process paused or renewals late); registering afresh");
        return register(listener, cache, identity).await;
    }
    let renewed: Option<bool> = sqlx::query_scalar(
        "update process_lease set expires_at = clock_timestamp() + make_interval(secs => $2)
         where process_id = $1 and expires_at > clock_timestamp()
         returning true",
    )
    .bind(identity.process_id)
    .bind(VALID_FOR.as_secs_f64())
    .fetch_optional(&mut *listener)
    .await?;
    if renewed.is_some() {
        cache.live_until(lease_end(sent));
        Ok(())
    } else {
        tracing::warn!("lease expired in the database; registering afresh");
        register(listener, cache, identity).await
    }
}

/// Registers (or re-registers) with an empty cache: revocations from now on wait for this
/// process, and nothing it cached before can be stale.
async fn register(
    listener: &mut PgListener,
    cache: &AuthCache,
    identity: &Identity,
) -> Result<(), Lost> {
    cache.lapse();
    cache.forget(None);
    let sent = Instant::now();
    sqlx::query(
        "insert into process_lease (process_id, since, expires_at, host, pid, role)
         values ($1, clock_timestamp(), clock_timestamp() + make_interval(secs => $2), $3, $4, $5)
         on conflict (process_id) do update
             set since = excluded.since, expires_at = excluded.expires_at",
    )
    .bind(identity.process_id)
    .bind(VALID_FOR.as_secs_f64())
    .bind(&identity.host)
    .bind(i32::try_from(std::process::id()).unwrap_or(0))
    .bind(&identity.role)
    .execute(&mut *listener)
    .await?;
    cache.live_until(lease_end(sent));
    // Rows of processes long gone, and acknowledgements their revocations never deleted.
    sqlx::query("delete from process_lease where expires_at < now() - interval '1 hour'")
        .execute(&mut *listener)
        .await?;
    sqlx::query("delete from auth_barrier_ack where acked_at < now() - interval '1 hour'")
        .execute(&mut *listener)
        .await?;
    Ok(())
}

/// Where this process considers a lease renewed at `sent` to end.
fn lease_end(sent: Instant) -> Instant {
    sent + (VALID_FOR - MARGIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notifications_are_parsed_and_anything_else_is_refused() {
        let id = Uuid::now_v7();
        assert_eq!(
            Message::parse(&format!("account:{id}")),
            Some(Message::Account(id))
        );
        assert_eq!(Message::parse("all"), Some(Message::All));
        assert_eq!(Message::parse("barrier:42"), Some(Message::Barrier(42)));
        assert_eq!(
            Message::parse(&format!("ingredients:{id}")),
            Some(Message::Ingredients(id))
        );
        for bad in [
            "",
            "account:",
            "account:x",
            "barrier:x",
            "everything",
            "all:",
        ] {
            assert_eq!(Message::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_process_stops_before_the_database_ends_its_lease_and_waiters_give_up() {
        // The process's own end comes first, the waiters' last.
        assert!(VALID_FOR - MARGIN < VALID_FOR);
        assert!(VALID_FOR + GRACE < SETTLE_LIMIT);
        // Nine renewals may be missed before the lease ends.
        assert!(RENEW_EVERY * 9 < VALID_FOR - MARGIN);
        let sent = Instant::now();
        assert_eq!(lease_end(sent) - sent, Duration::from_millis(9750));
    }
}
