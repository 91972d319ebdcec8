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
//! `insert ... on conflict do update ... where ... returning` statement that computes the new
//! `tat` from `clock_timestamp()`. That statement is atomic under concurrency (the conflicting
//! row is locked and re-read), so every process sees one bucket per key, and the single clock
//! of the database server decides, not the clocks of the service's hosts.
//!
//! NATS KV could hold the same value, but only with a read followed by a compare-and-set
//! update (two round trips, retried under contention, timestamps from each host's own clock),
//! while the same statement in Postgres also authenticates the key: the limiter's query is
//! the one the `Caller` extractor would otherwise run, extended by the upsert, so a request
//! costs no extra round trip (see `bench/rate_limit.sh`). The table is unlogged, so the write
//! does not wait for a WAL flush; a crash of the database only resets the buckets.
//!
//! # Response headers
//!
//! Every response to a request with a valid key under `/v1/` carries `RateLimit-Limit` (N),
//! `RateLimit-Remaining` (requests that may be sent at once now) and `RateLimit-Reset`
//! (seconds until the bucket is full again). A refused request gets 429 `rate_limited` with
//! `Retry-After` (whole seconds, at least 1: when the next request is allowed). Requests
//! without a valid key are not counted (they get 401 from the `Caller` extractor).

use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sqlx::{PgPool, Row};

use crate::auth::{hash_key, looks_like_key, Caller, Plan};
use crate::error::{ApiError, ErrorCode};

/// `RateLimit-Limit`.
pub const LIMIT: HeaderName = HeaderName::from_static("ratelimit-limit");
/// `RateLimit-Remaining`.
pub const REMAINING: HeaderName = HeaderName::from_static("ratelimit-remaining");
/// `RateLimit-Reset`.
pub const RESET: HeaderName = HeaderName::from_static("ratelimit-reset");

/// Paths under `/v1/` that are public (no key, not limited).
const PUBLIC_PATHS: &[&str] = &["/v1/openapi.json"];

/// Authenticates the key and advances its bucket in one statement. `ahead` is `tat - now`
/// in seconds after the request, or null when the request is refused.
const AUTHENTICATE_AND_COUNT: &str = "
with caller as (
    select k.key_id, a.account_id, a.api_early_access, p.*,
           greatest(coalesce($2::int4, p.rate_limit_per_minute), 1) as per_minute
    from api_key k
    join account a on a.account_id = k.account_id
    join plan p on p.plan_id = a.plan_id
    where k.key_hash = $1 and k.revoked_at is null
),
now as materialized (select clock_timestamp() as t),
advanced as (
    insert into rate_limit as r (key_id, tat)
    select c.key_id, now.t + interval '60 seconds' / c.per_minute from caller c, now
    on conflict (key_id) do update
        set tat = greatest(r.tat + (excluded.tat - (select t from now)), excluded.tat)
        where greatest(r.tat + (excluded.tat - (select t from now)), excluded.tat)
              <= (select t from now) + interval '60 seconds'
    returning r.key_id, r.tat
)
select c.*, extract(epoch from (a.tat - now.t))::float8 as ahead
from caller c cross join now left join advanced a on a.key_id = c.key_id";

/// Where a refused key's bucket stands (`tat - now`, seconds).
const AHEAD: &str =
    "select extract(epoch from (tat - clock_timestamp()))::float8 from rate_limit where key_id = $1";

/// Settings and state of the limiter.
#[derive(Debug, Clone)]
pub struct RateLimiter {
    pub pool: PgPool,
    /// Overrides every plan's `rate_limit_per_minute` (`NLS_RATE_LIMIT_PER_MINUTE`).
    pub override_per_minute: Option<u32>,
    /// `false` turns the limiter off (benchmarks only); keys are then checked by `Caller`.
    pub enabled: bool,
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

    fn apply(&self, response: &mut Response) {
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
    request
        .headers()
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
        .filter(|k| looks_like_key(k))
}

/// The middleware (`axum::middleware::from_fn_with_state`). On an allowed request with an
/// entitled key it leaves the authenticated [`Caller`] in the request's extensions, so the
/// extractor does not query again.
pub async fn middleware(
    State(limiter): State<RateLimiter>,
    mut request: Request,
    next: Next,
) -> Response {
    if !limiter.enabled || !is_limited_path(request.uri().path()) {
        return next.run(request).await;
    }
    let Some(key) = bearer_key(&request) else {
        return next.run(request).await;
    };
    let hash = hash_key(key);
    let (decision, caller) = match check(&limiter, &hash).await {
        Ok(Some(found)) => found,
        // Unknown or revoked: not counted; the extractor answers 401.
        Ok(None) => return next.run(request).await,
        Err(err) => return err.into_response(),
    };
    if let Some(wait) = decision.retry_after_secs {
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

/// Authenticates and counts one request: `None` for an unknown key; the caller only when
/// the key may use the REST resources (otherwise the extractor gives the 403).
async fn check(
    limiter: &RateLimiter,
    hash: &[u8],
) -> Result<Option<(Decision, Option<Caller>)>, ApiError> {
    let override_limit = limiter
        .override_per_minute
        .map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    let Some(row) = sqlx::query(AUTHENTICATE_AND_COUNT)
        .bind(hash)
        .bind(override_limit)
        .fetch_optional(&limiter.pool)
        .await?
    else {
        return Ok(None);
    };
    let per_minute: i32 = row.try_get("per_minute")?;
    let limit = u32::try_from(per_minute).unwrap_or(1).max(1);
    let ahead: Option<f64> = row.try_get("ahead")?;
    let plan = Plan::from_row(&row)?;
    let early_access: bool = row.try_get("api_early_access")?;
    let caller = Caller {
        account_id: row.try_get("account_id")?,
        key_id: row.try_get("key_id")?,
        plan,
    };
    let decision = match ahead {
        Some(ahead) => Decision::allowed(limit, ahead),
        None => {
            let ahead: Option<f64> = sqlx::query_scalar(AHEAD)
                .bind(caller.key_id)
                .fetch_optional(&limiter.pool)
                .await?;
            Decision::refused(limit, ahead.unwrap_or(60.0))
        }
    };
    let entitled = caller.plan.rest_access || early_access;
    Ok(Some((decision, entitled.then_some(caller))))
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
