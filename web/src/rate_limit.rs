//! The request rate of REST callers (spec §8, API_DECISIONS §14): N requests per minute per
//! API key, smooth, with a burst of N, shared by every process of every role.
//!
//! # Algorithm
//!
//! GCRA (the generic cell rate algorithm, a token bucket kept as one timestamp): with the
//! emission interval `T = 60 s / N`, each key has a theoretical arrival time `tat`. A request
//! at `now` is allowed when `max(tat, now) + T <= now + N·T` (= `now + 60 s`), and then
//! `tat` becomes `max(tat, now) + T`; otherwise it is refused and `tat` stays. So a key that
//! was idle for a minute can send N requests at once, and after that one every `T`.
//!
//! # Where the state lives, and why Postgres rather than NATS KV
//!
//! The state is one row per key in the `rate_limit` table (migration 0005), advanced by one
//! `insert ... on conflict do update ... where ... returning` statement ([`COUNT`]) that
//! computes the new `tat` from `clock_timestamp()`. That statement is atomic under
//! concurrency (the conflicting row is locked and re-read), so every process sees one bucket
//! per key, and the single clock of the database server decides, not the clocks of the
//! service's hosts. The app's sessions count in the same table with the same statement,
//! keyed by their account (`crate::app_session`).
//!
//! NATS KV could hold the same value, but only with a read followed by a compare-and-set
//! update (two round trips, retried under contention, timestamps from each host's own clock).
//! The table is unlogged, so the write does not wait for a WAL flush; a crash of the
//! database only resets the buckets.
//!
//! # Who is calling: from memory
//!
//! The key's account and plan come from the process's authentication cache
//! ([`crate::auth_cache`]), read from the database once per key (and per minute at most);
//! a revocation reaches every process before it returns ([`crate::lease`]). So a counted
//! request is one statement on one unlogged row, with no join and no read of the key.
//!
//! # Leases: most requests never reach Postgres
//!
//! A process that serves many requests for one key does not run the statement for each:
//! it reserves several at once (the statement advances `tat` by `n·T` and is refused unless
//! all `n` fit) and serves them from memory. The lease size follows the key's recent rate in
//! this process: about [`LEASE_COVERS`] of traffic, at most 1% of the per-minute limit and at
//! most [`MAX_LEASE`]; a lease lasts at most [`LEASE_TTL`]. So with the plans' limits (tens
//! of requests a minute) every request is still counted in Postgres one by one; leases matter
//! only for keys allowed thousands of requests a minute, which give up at most that 1%
//! (reserved by one process and unused when the lease ends).
//!
//! # Revocation is immediate in every process
//!
//! A lease serves requests only while the key's authentication is in the cache: a
//! revocation drops it in every live process before `nls key revoke` returns, and the next
//! request finds no entry, drops the lease, reads the key again (revoked: 401 from the
//! `Caller` extractor). A process that cannot confirm revocations (its lease on the
//! database lapsed) answers 503 instead of serving anything. The cost of the former
//! per-request check, and what its removal gained, are in BENCHMARKS.md ("Revocation
//! without a read per request").
//!
//! # Response headers
//!
//! Every response to a request with a valid key under `/v1/` carries `RateLimit-Limit` (N),
//! `RateLimit-Remaining` (requests that may be sent at once now) and `RateLimit-Reset`
//! (seconds until the bucket is full again). A refused request gets 429 `rate_limited` with
//! `Retry-After` (whole seconds, at least 1: when the next request is allowed). Requests
//! without a valid key are not counted (they get 401 from the `Caller` extractor).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sqlx::{PgPool, Row};

use crate::auth::{authenticate_key, hash_key, looks_like_key, Caller};
use crate::auth_cache::AuthCache;
use crate::error::{ApiError, ErrorCode};
use crate::metrics::Metrics;

/// `RateLimit-Limit`.
pub const LIMIT: HeaderName = HeaderName::from_static("ratelimit-limit");
/// `RateLimit-Remaining`.
pub const REMAINING: HeaderName = HeaderName::from_static("ratelimit-remaining");
/// `RateLimit-Reset`.
pub const RESET: HeaderName = HeaderName::from_static("ratelimit-reset");

/// Paths under `/v1/` that are public (no key, not limited).
const PUBLIC_PATHS: &[&str] = &["/v1/openapi.json"];

/// Advances bucket `$1` (a key, or an account's app sessions) by `$3` requests of a limit of
/// `$2` a minute, all or none. `admitted` says which; `ahead` is `tat - now` in seconds
/// after them, or as the bucket stands when refused (the statement's snapshot of the row is
/// the one before its own update).
pub const COUNT: &str = "
with now as materialized (select clock_timestamp() as t),
advanced as (
    insert into rate_limit as r (key_id, tat)
    select $1, now.t + interval '60 seconds' / $2::float8 * $3::int4 from now
    on conflict (key_id) do update
        set tat = greatest(r.tat + (excluded.tat - (select t from now)), excluded.tat)
        where greatest(r.tat + (excluded.tat - (select t from now)), excluded.tat)
              <= (select t from now) + interval '60 seconds'
    returning r.tat
)
select exists(select 1 from advanced) as admitted,
       coalesce(extract(epoch from (coalesce((select tat from advanced),
                                             (select tat from rate_limit where key_id = $1))
                                    - now.t)), 60)::float8 as ahead
from now";

/// The longest a lease is used.
pub const LEASE_TTL: Duration = Duration::from_secs(1);
/// How much of a key's recent traffic one lease covers.
pub const LEASE_COVERS: Duration = Duration::from_millis(100);
/// The most requests one lease reserves.
pub const MAX_LEASE: u32 = 1000;
/// Keys remembered before expired leases are dropped.
const LEASES_KEPT: usize = 10_000;

/// Settings and state of the limiter.
#[derive(Debug, Clone)]
pub struct RateLimiter {
    pub pool: PgPool,
    /// Overrides every plan's `rate_limit_per_minute` (`NLS_RATE_LIMIT_PER_MINUTE`).
    pub override_per_minute: Option<u32>,
    /// `false` turns the limiter off (benchmarks only); keys are then checked by `Caller`.
    pub enabled: bool,
    /// Where refusals are counted (they never reach a route).
    pub metrics: Metrics,
    /// Who each key is (see the module documentation).
    pub cache: AuthCache,
    leases: Leases,
}

impl RateLimiter {
    pub fn new(
        pool: PgPool,
        override_per_minute: Option<u32>,
        enabled: bool,
        metrics: Metrics,
        cache: AuthCache,
    ) -> Self {
        Self {
            pool,
            override_per_minute,
            enabled,
            metrics,
            cache,
            leases: Leases::default(),
        }
    }

    /// Authenticates and counts a request carrying `key` (as [`bearer_key_of`] finds it)
    /// exactly as [`middleware`] does: `None` for an unknown or revoked key (not counted).
    /// For the label-file lane (`src/label_lane.rs`); a request it counts and then hands on
    /// carries [`AlreadyCounted`], so it is not counted twice. `None` too when the limiter
    /// is off.
    pub async fn count_key(
        &self,
        key: &str,
    ) -> Result<Option<(Decision, Option<Caller>)>, ApiError> {
        if !self.enabled {
            return Ok(None);
        }
        check(self, &hash_key(key)).await
    }
}

/// A request that was authenticated and counted before it reached [`middleware`] (by the
/// label-file lane): the middleware applies this decision instead of counting again. Only
/// the server puts it among a request's extensions; nothing a client sends can.
#[derive(Debug, Clone)]
pub struct AlreadyCounted {
    pub decision: Decision,
    pub caller: Option<Caller>,
}

/// The current lease of each key this process has served, behind one async lock per key
/// (so one request refills while the others of that key wait for it).
#[derive(Debug, Clone, Default)]
struct Leases(Arc<Mutex<HashMap<Vec<u8>, Slot>>>);

/// One key's lease, if any.
type Slot = Arc<tokio::sync::Mutex<Option<Lease>>>;

impl Leases {
    fn slot(&self, hash: &[u8]) -> Slot {
        let mut map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if map.len() >= LEASES_KEPT && !map.contains_key(hash) {
            // Entries nobody is using and whose lease ended are forgotten.
            map.retain(|_, slot| {
                slot.try_lock()
                    .map(|lease| {
                        lease
                            .as_ref()
                            .is_some_and(|l| l.granted_at.elapsed() < LEASE_TTL)
                    })
                    .unwrap_or(true)
            });
        }
        map.entry(hash.to_vec()).or_default().clone()
    }
}

/// Requests reserved from a key's bucket.
#[derive(Debug, Clone)]
struct Lease {
    limit: u32,
    /// The reservation's size and what is left of it.
    size: u32,
    left: u32,
    /// `tat - now` in seconds right after the reservation.
    ahead: f64,
    granted_at: Instant,
}

impl Lease {
    /// Serves one request from the lease, if it is still valid and not used up.
    fn take(&mut self, now: Instant) -> Option<Decision> {
        let age = now.saturating_duration_since(self.granted_at);
        if self.left == 0 || age >= LEASE_TTL {
            return None;
        }
        self.left -= 1;
        // What the bucket holds now, plus what this process still holds in reserve.
        let mut decision = Decision::allowed(self.limit, self.ahead - age.as_secs_f64());
        decision.remaining = decision.remaining.saturating_add(self.left).min(self.limit);
        Some(decision)
    }

    /// The size of the next lease: what this one served over its lifetime, scaled to
    /// [`LEASE_COVERS`], within 1..=min(1% of the limit, [`MAX_LEASE`]).
    fn next_size(previous: Option<&Lease>, limit: u32, now: Instant) -> u32 {
        let cap = (limit / 100).clamp(1, MAX_LEASE);
        let Some(previous) = previous else {
            return 1;
        };
        let served = previous.size - previous.left;
        let lived = now
            .saturating_duration_since(previous.granted_at)
            .max(Duration::from_millis(1));
        let rate = f64::from(served) / lived.as_secs_f64();
        let wanted = (rate * LEASE_COVERS.as_secs_f64()).ceil();
        (wanted.clamp(1.0, f64::from(cap))) as u32
    }
}

/// What the bucket says about one request.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Decision {
    pub limit: u32,
    pub remaining: u32,
    /// Seconds until the bucket is full again.
    pub reset_secs: u64,
    /// `Some(seconds)` when refused: when the next request is allowed (>= 1).
    pub retry_after_secs: Option<u64>,
}

impl Decision {
    /// From the bucket's position after an allowed request (`ahead` = tat - now).
    pub fn allowed(limit: u32, ahead: f64) -> Self {
        let interval = 60.0 / f64::from(limit.max(1));
        let free = ((60.0 - ahead) / interval + 1e-9).floor();
        Self {
            limit,
            remaining: free.clamp(0.0, f64::from(limit)) as u32,
            reset_secs: ahead.max(0.0).ceil() as u64,
            retry_after_secs: None,
        }
    }

    /// From the bucket's position when a request was refused.
    pub fn refused(limit: u32, ahead: f64) -> Self {
        let interval = 60.0 / f64::from(limit.max(1));
        // The next request fits once `tat + T <= now' + 60 s`.
        let wait = (ahead + interval - 60.0).ceil().max(1.0) as u64;
        Self {
            limit,
            remaining: 0,
            reset_secs: ahead.max(0.0).ceil().max(1.0) as u64,
            retry_after_secs: Some(wait),
        }
    }

    /// Sets the `RateLimit-*` headers of this decision on a response.
    pub fn apply(&self, response: &mut Response) {
        let headers = response.headers_mut();
        headers.insert(LIMIT, HeaderValue::from(self.limit));
        headers.insert(REMAINING, HeaderValue::from(self.remaining));
        headers.insert(RESET, HeaderValue::from(self.reset_secs));
    }
}

/// Whether a path is counted: the REST resources under `/v1/`.
pub fn is_limited_path(path: &str) -> bool {
    path.starts_with("/v1/") && !PUBLIC_PATHS.contains(&path)
}

/// The bearer API key of a request, when it has the shape of one.
fn bearer_key(request: &Request) -> Option<&str> {
    bearer_key_of(request.headers())
}

/// The bearer API key among `headers`, when it has the shape of one.
pub fn bearer_key_of(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()
        .and_then(crate::auth::bearer_credential)
        .filter(|k| looks_like_key(k))
}

/// The middleware (`axum::middleware::from_fn_with_state`). On an allowed request with an
/// entitled key it leaves the authenticated [`Caller`] in the request's extensions, so the
/// extractor does not query again.
pub async fn middleware(
    State(limiter): State<std::sync::Arc<RateLimiter>>,
    mut request: Request,
    next: Next,
) -> Response {
    if !limiter.enabled || !is_limited_path(request.uri().path()) {
        return next.run(request).await;
    }
    let (decision, caller) = match request.extensions_mut().remove::<AlreadyCounted>() {
        Some(AlreadyCounted { decision, caller }) => (decision, caller),
        None => {
            let Some(key) = bearer_key(&request) else {
                return next.run(request).await;
            };
            let hash = hash_key(key);
            match check(&limiter, &hash).await {
                Ok(Some(found)) => found,
                // Unknown or revoked: not counted; the extractor answers 401.
                Ok(None) => return next.run(request).await,
                Err(err) => return err.into_response(),
            }
        }
    };
    if let Some(wait) = decision.retry_after_secs {
        limiter.metrics.record_rate_limited();
        let mut response = ApiError::new(
            ErrorCode::RateLimited,
            format!(
                "rate limit of {} requests per minute exceeded; retry in {wait} second{}",
                decision.limit,
                if wait == 1 { "" } else { "s" }
            ),
        )
        .with_retry_after(wait)
        .into_response();
        decision.apply(&mut response);
        return response;
    }
    if let Some(caller) = caller {
        request.extensions_mut().insert(caller);
    }
    let mut response = next.run(request).await;
    decision.apply(&mut response);
    response
}

/// Authenticates and counts one request: `None` for an unknown or revoked key; the caller
/// only when the key may use the REST resources (otherwise the extractor gives the 403).
/// Served from the key's lease when it has one (see the module documentation).
async fn check(
    limiter: &RateLimiter,
    hash: &[u8],
) -> Result<Option<(Decision, Option<Caller>)>, ApiError> {
    let slot = limiter.leases.slot(hash);
    let Some(auth) = authenticate_key(&limiter.pool, Some(&limiter.cache), hash).await? else {
        // Revoked (or never known): whatever was reserved for it is given up.
        *slot.lock().await = None;
        return Ok(None);
    };
    let caller = auth.entitled_caller().ok();
    let limit = auth.per_minute(limiter.override_per_minute);
    let mut lease = slot.lock().await;
    let now = Instant::now();
    if let Some(decision) = lease
        .as_mut()
        .filter(|current| current.limit == limit)
        .and_then(|current| current.take(now))
    {
        return Ok(Some((decision, caller)));
    }
    let mut size = Lease::next_size(lease.as_ref(), limit, now);
    let mut counted = count(&limiter.pool, auth.caller.key_id, limit, size).await?;
    if !counted.admitted && size > 1 {
        // Near the limit: the whole lease did not fit, a single request may.
        size = 1;
        counted = count(&limiter.pool, auth.caller.key_id, limit, size).await?;
    }
    if !counted.admitted {
        *lease = None;
        return Ok(Some((Decision::refused(limit, counted.ahead), caller)));
    }
    let mut fresh = Lease {
        limit,
        size,
        left: size,
        ahead: counted.ahead,
        granted_at: now,
    };
    let decision = fresh
        .take(now)
        .unwrap_or_else(|| Decision::allowed(limit, counted.ahead));
    *lease = Some(fresh);
    Ok(Some((decision, caller)))
}

/// What [`COUNT`] answered.
#[derive(Debug, Clone, Copy)]
pub struct Counted {
    pub admitted: bool,
    /// `tat - now` in seconds, after the requests or as the bucket stands when refused.
    pub ahead: f64,
}

/// Runs [`COUNT`]: `n` requests of bucket `bucket`, limited to `per_minute`.
pub async fn count(
    pool: &PgPool,
    bucket: uuid::Uuid,
    per_minute: u32,
    n: u32,
) -> Result<Counted, sqlx::Error> {
    let row = sqlx::query(COUNT)
        .bind(bucket)
        .bind(f64::from(per_minute.max(1)))
        .bind(i32::try_from(n).unwrap_or(i32::MAX))
        .fetch_one(pool)
        .await?;
    Ok(Counted {
        admitted: row.try_get("admitted")?,
        ahead: row.try_get("ahead")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_bucket_has_the_whole_burst_less_one() {
        let d = Decision::allowed(60, 1.0);
        assert_eq!(
            (d.remaining, d.reset_secs, d.retry_after_secs),
            (59, 1, None)
        );
    }

    #[test]
    fn the_last_request_of_a_burst_leaves_none() {
        let d = Decision::allowed(60, 60.0);
        assert_eq!((d.remaining, d.reset_secs), (0, 60));
    }

    #[test]
    fn a_refusal_waits_at_least_a_second_and_until_the_next_slot() {
        assert_eq!(Decision::refused(60, 59.999).retry_after_secs, Some(1));
        assert_eq!(Decision::refused(60, 60.0).retry_after_secs, Some(1));
        // 10 a minute: one request every 6 s.
        assert_eq!(Decision::refused(10, 59.5).retry_after_secs, Some(6));
    }

    fn lease(size: u32, left: u32, limit: u32, age: Duration) -> (Lease, Instant) {
        let now = Instant::now();
        let lease = Lease {
            limit,
            size,
            left,
            ahead: 1.0,
            granted_at: now.checked_sub(age).unwrap_or(now),
        };
        (lease, now)
    }

    #[test]
    fn a_lease_serves_what_it_reserved_and_no_more() {
        let (mut lease, now) = lease(3, 3, 60_000, Duration::ZERO);
        assert!(lease.take(now).is_some());
        assert!(lease.take(now).is_some());
        let last = lease.take(now).map(|d| d.remaining);
        assert!(lease.take(now).is_none());
        // The bucket's own count (59,999 of 60,000 free at ahead = 1 s, less rounding).
        assert!(last.is_some_and(|r| r > 58_000));
    }

    #[test]
    fn a_lease_expires() {
        let (mut lease, now) = lease(5, 5, 60_000, LEASE_TTL);
        assert!(lease.take(now).is_none());
    }

    #[test]
    fn leases_stay_single_requests_under_the_plans_limits() {
        // 60 a minute: 1% is below one request, so every request is counted in Postgres.
        let (busy, now) = lease(1, 0, 60, Duration::from_millis(1));
        assert_eq!(Lease::next_size(Some(&busy), 60, now), 1);
        assert_eq!(Lease::next_size(None, 1_000_000_000, now), 1);
    }

    #[test]
    fn lease_size_follows_the_recent_rate_within_its_caps() {
        // 100 requests in 100 ms = 1,000/s; a lease covers 100 ms of that.
        let (busy, now) = lease(100, 0, 1_000_000, Duration::from_millis(100));
        let size = Lease::next_size(Some(&busy), 1_000_000, now);
        assert!((90..=110).contains(&size), "{size}");
        // Capped by 1% of the limit, and by MAX_LEASE.
        assert_eq!(Lease::next_size(Some(&busy), 2_000, now), 20);
        let (flood, now) = lease(1000, 0, u32::MAX, Duration::from_millis(1));
        assert_eq!(Lease::next_size(Some(&flood), u32::MAX, now), MAX_LEASE);
    }

    #[test]
    fn only_rest_resources_are_limited() {
        assert!(is_limited_path("/v1/recipes"));
        assert!(is_limited_path("/v1/unknown"));
        assert!(!is_limited_path("/v1/openapi.json"));
        assert!(!is_limited_path("/functions/v1/export-label"));
        assert!(!is_limited_path("/embed.js"));
        assert!(!is_limited_path("/healthz"));
    }
}
