//! How often a password may be tried (`POST /auth/v1/token`, `/auth/v1/session`) and an
//! account signed up (`/auth/v1/signup`), per e-mail address and per client address.
//!
//! Smooth GCRA buckets counted in Postgres (`sign_in_attempt`) so every process shares
//! them, each keyed by a hash with its own prefix:
//! - the e-mail address from one client: [`ATTEMPTS_PER_MINUTE`]. Keyed by the pair, so a
//!   guesser exhausts only its own bucket and cannot lock the owner, signing in from
//!   elsewhere, out of the account (issue 28);
//! - the e-mail address from all clients: [`EMAIL_ATTEMPTS_PER_MINUTE`], which bounds
//!   guessing spread over many clients;
//! - one client over all addresses: [`CLIENT_ATTEMPTS_PER_MINUTE`], which bounds the
//!   password hashing one client can cause;
//! - sign-ups from one client: [`SIGN_UPS_PER_HOUR`] (the service sends no e-mail, so
//!   an address cannot be verified; a client's sign-ups are what can be bounded);
//! - sign-ups from all clients: [`ALL_SIGN_UPS_PER_HOUR`], a ceiling on the accounts (and
//!   password hashes) a botnet of many addresses can create. At worst it delays new
//!   sign-ups for a while; it never touches existing accounts, which sign in as before.
//!
//! Every attempt counts, right or wrong, before the password is checked, so a guesser learns
//! nothing more from the 429 than from a 401. Unknown addresses are counted too: the answer
//! must not reveal which addresses have accounts. A client is its address, an IPv6 one by
//! its /64 (one host usually holds the whole /64).

use std::net::IpAddr;

use sha2::{Digest, Sha256};
use sqlx::PgPool;

use crate::client_addr::ClientAddr;
use crate::error::{ApiError, ErrorCode};
use crate::rate_limit::Decision;

/// Password attempts allowed per e-mail address from one client per minute (also the burst).
pub const ATTEMPTS_PER_MINUTE: u32 = 10;
/// Password attempts allowed per e-mail address from all clients per minute.
pub const EMAIL_ATTEMPTS_PER_MINUTE: u32 = 100;
/// Password attempts allowed from one client over all addresses per minute.
pub const CLIENT_ATTEMPTS_PER_MINUTE: u32 = 30;
/// Sign-ups allowed from one client per hour (also the burst).
pub const SIGN_UPS_PER_HOUR: u32 = 5;
/// Sign-ups allowed from all clients together per hour (also the burst): 24,000 accounts a
/// day at most, far above a small service's organic sign-ups, far below what fills a disk.
pub const ALL_SIGN_UPS_PER_HOUR: u32 = 1_000;

/// Advances the address's bucket by one attempt if it fits; returns how far ahead of now
/// the bucket stands afterwards (or stood, when refused) and whether it was admitted.
const ADVANCE: &str = "
with now as materialized (select clock_timestamp() as t),
advanced as (
    insert into sign_in_attempt as a (email_key, tat)
    select $1, now.t + make_interval(secs => $3 / $2) from now
    on conflict (email_key) do update
        set tat = greatest(a.tat, (select t from now)) + make_interval(secs => $3 / $2)
        where greatest(a.tat, (select t from now)) + make_interval(secs => $3 / $2)
              <= (select t from now) + make_interval(secs => $3)
    returning a.tat
)
select exists (select 1 from advanced) as admitted,
       coalesce(extract(epoch from ((select tat from sign_in_attempt where email_key = $1)
                                    - (select t from now))), 0)::float8 as ahead";

/// Whole seconds until a refused bucket of `per_period` events per `period_secs` admits one
/// again, given how far ahead of now it stands.
fn retry_after_secs(per_period: u32, period_secs: f64, ahead_secs: f64) -> u64 {
    // The REST limiter's arithmetic is per minute: scale the period to one.
    let scale = period_secs / 60.0;
    let wait = Decision::refused(per_period, ahead_secs / scale)
        .retry_after_secs
        .unwrap_or(1) as f64
        * scale;
    (wait.ceil() as u64).max(1)
}

/// One bucket: its key, its events per period and the period in seconds.
pub(crate) struct Bucket {
    pub(crate) key: Vec<u8>,
    pub(crate) per_period: u32,
    pub(crate) period_secs: f64,
    pub(crate) what: &'static str,
}

/// Advances every bucket by one event, in order; the first that is full refuses with 429
/// `rate_limited` and `Retry-After`. A bucket advanced before a refusal keeps the event:
/// refused attempts count too.
pub(crate) async fn advance(pool: &PgPool, buckets: &[Bucket]) -> Result<(), ApiError> {
    for b in buckets {
        let (admitted, ahead): (bool, f64) = sqlx::query_as(ADVANCE)
            .bind(&b.key)
            .bind(f64::from(b.per_period))
            .bind(b.period_secs)
            .fetch_one(pool)
            .await?;
        if !admitted {
            let wait = retry_after_secs(b.per_period, b.period_secs, ahead);
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                format!(
                    "too many {}; retry in {wait} second{}",
                    b.what,
                    if wait == 1 { "" } else { "s" }
                ),
            )
            .with_retry_after(wait));
        }
    }
    Ok(())
}

/// The client a bucket counts: an IPv4 address, or an IPv6 address's /64.
pub(crate) fn client_key(client: IpAddr) -> String {
    match client {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
    }
}

pub fn key(prefix: &str, value: &str) -> Vec<u8> {
    Sha256::digest(format!("{prefix}\u{0}{value}").as_bytes()).to_vec()
}

/// The e-mail address as the account look-up and the unique index fold it (`nls_email_key`,
/// migration 0016: trimmed, NFKC, lower-cased), so no spelling the look-up takes for the
/// same address (U+0130 "İ" for "i", full-width letters) gets a bucket of its own. Postgres
/// refuses a NUL, and no account has a control character: such an address is kept as given.
async fn folded(pool: &PgPool, email: &str) -> Result<String, ApiError> {
    if email.chars().any(char::is_control) {
        return Ok(email.to_owned());
    }
    Ok(sqlx::query_scalar("select nls_email_key($1)")
        .bind(email)
        .fetch_one(pool)
        .await?)
}

/// Counts one password attempt for `email` from `client`; 429 `rate_limited` with
/// `Retry-After` when any of its buckets is full (module docs).
pub async fn admit(pool: &PgPool, email: &str, client: ClientAddr) -> Result<(), ApiError> {
    let email = folded(pool, email).await?;
    let client = client_key(client.0);
    advance(
        pool,
        &[
            Bucket {
                key: key("client", &client),
                per_period: CLIENT_ATTEMPTS_PER_MINUTE,
                period_secs: 60.0,
                what: "sign-in attempts from this client address",
            },
            Bucket {
                key: key("pair", &format!("{email}\u{0}{client}")),
                per_period: ATTEMPTS_PER_MINUTE,
                period_secs: 60.0,
                what: "sign-in attempts for this e-mail address",
            },
            Bucket {
                key: key("email", &email),
                per_period: EMAIL_ATTEMPTS_PER_MINUTE,
                period_secs: 60.0,
                what: "sign-in attempts for this e-mail address",
            },
        ],
    )
    .await
}

/// Counts one sign-up from `client` (and, as a password attempt, for `email`): 429
/// `rate_limited` past [`SIGN_UPS_PER_HOUR`] or [`ALL_SIGN_UPS_PER_HOUR`].
pub async fn admit_sign_up(pool: &PgPool, email: &str, client: ClientAddr) -> Result<(), ApiError> {
    advance(
        pool,
        &[
            Bucket {
                key: key("sign-up", &client_key(client.0)),
                per_period: SIGN_UPS_PER_HOUR,
                period_secs: 3_600.0,
                what: "sign-ups from this client address",
            },
            // After the client's own bucket, so one client's refused burst does not spend
            // the shared ceiling.
            Bucket {
                key: key("sign-up", "all clients"),
                per_period: ALL_SIGN_UPS_PER_HOUR,
                period_secs: 3_600.0,
                what: "sign-ups to this service just now",
            },
        ],
    )
    .await?;
    admit(pool, email, client).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_is_until_one_attempt_fits_again() {
        // A full bucket of 10 a minute stands a minute ahead: one attempt's share (6 s).
        assert_eq!(retry_after_secs(10, 60.0, 60.0), 6);
        assert_eq!(retry_after_secs(10, 60.0, 57.5), 4);
        // Rounding never asks for less than a second.
        assert_eq!(retry_after_secs(10, 60.0, 54.0), 1);
        assert_eq!(retry_after_secs(10, 60.0, f64::NAN), 1);
        // 5 sign-ups an hour: a full bucket waits 12 minutes.
        assert_eq!(retry_after_secs(5, 3_600.0, 3_600.0), 720);
    }

    #[test]
    fn an_ipv6_client_is_its_64_and_ipv4_its_address() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1"
            .parse()
            .unwrap_or(IpAddr::V4([0; 4].into()));
        let b: IpAddr = "2001:db8:1:2:bbbb::9"
            .parse()
            .unwrap_or(IpAddr::V4([0; 4].into()));
        assert_eq!(client_key(a), client_key(b));
        assert_eq!(
            client_key(IpAddr::V4([203, 0, 113, 9].into())),
            "203.0.113.9"
        );
    }
}
