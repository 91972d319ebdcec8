//! How often a password may be tried for one e-mail address (`POST /auth/v1/token`).
//!
//! [`ATTEMPTS_PER_MINUTE`] per address, as a smooth GCRA bucket with that burst, counted
//! in Postgres (`sign_in_attempt`) so every process shares it. Every attempt counts,
//! right or wrong, and it is counted before the password is checked, so a guesser learns
//! nothing more from the 429 than from a 401 and cannot make the server hash passwords
//! for an address faster than the limit. Unknown addresses are counted too: the answer
//! must not reveal which addresses have accounts.

use sha2::{Digest, Sha256};
use sqlx::PgPool;

use crate::error::{ApiError, ErrorCode};
use crate::rate_limit::Decision;

/// Password attempts allowed per address per minute (also the burst).
pub const ATTEMPTS_PER_MINUTE: u32 = 10;

/// Advances the address's bucket by one attempt if it fits; returns how far ahead of now
/// the bucket stands afterwards (or stood, when refused) and whether it was admitted.
const ADVANCE: &str = "
with now as materialized (select clock_timestamp() as t),
advanced as (
    insert into sign_in_attempt as a (email_key, tat)
    select $1, now.t + interval '60 seconds' / $2 from now
    on conflict (email_key) do update
        set tat = greatest(a.tat, (select t from now)) + interval '60 seconds' / $2
        where greatest(a.tat, (select t from now)) + interval '60 seconds' / $2
              <= (select t from now) + interval '60 seconds'
    returning a.tat
)
select exists (select 1 from advanced) as admitted,
       coalesce(extract(epoch from ((select tat from sign_in_attempt where email_key = $1)
                                    - (select t from now))), 0)::float8 as ahead";

/// The key of an address: trimmed, lower-cased, hashed.
pub fn email_key(email: &str) -> Vec<u8> {
    Sha256::digest(email.trim().to_lowercase().as_bytes()).to_vec()
}

/// Whole seconds until a refused address may try again, given how far ahead of now its
/// bucket stands: the REST limiter's arithmetic, with this limit.
fn retry_after_secs(ahead_secs: f64) -> u64 {
    Decision::refused(ATTEMPTS_PER_MINUTE, ahead_secs)
        .retry_after_secs
        .unwrap_or(1)
}

/// Counts one password attempt for `email`; 429 `rate_limited` with `Retry-After` when the
/// address has used its attempts.
pub async fn admit(pool: &PgPool, email: &str) -> Result<(), ApiError> {
    // One normalisation for the limit and the look-up (issue 28): the key is the address as
    // Postgres folds it for the account look-up (`lower(email) = lower($1)`), NFKC-normalised
    // besides, so no spelling the look-up takes for the same address (U+0130 "İ" for "i")
    // gets a bucket of its own; a coarser key only merges buckets. Postgres refuses a NUL,
    // and no account has a control character: such an address is keyed as given.
    let key = if email.chars().any(char::is_control) {
        email_key(email)
    } else {
        let folded: String = sqlx::query_scalar("select lower(normalize(trim($1), NFKC))")
            .bind(email)
            .fetch_one(pool)
            .await?;
        email_key(&folded)
    };
    let (admitted, ahead): (bool, f64) = sqlx::query_as(ADVANCE)
        .bind(key)
        .bind(f64::from(ATTEMPTS_PER_MINUTE))
        .fetch_one(pool)
        .await?;
    if admitted {
        return Ok(());
    }
    let wait = retry_after_secs(ahead);
    Err(ApiError::new(
        ErrorCode::RateLimited,
        format!(
            "too many sign-in attempts for this e-mail address; retry in {wait} second{}",
            if wait == 1 { "" } else { "s" }
        ),
    )
    .with_retry_after(wait))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_keyed_without_case_or_surrounding_space() {
        assert_eq!(
            email_key(" Chef@Example.com "),
            email_key("chef@example.com")
        );
        assert_ne!(email_key("chef@example.com"), email_key("chef@example.org"));
    }

    #[test]
    fn the_wait_is_until_one_attempt_fits_again() {
        // A full bucket stands a minute ahead: one attempt's share (6 s) must pass.
        assert_eq!(retry_after_secs(60.0), 6);
        assert_eq!(retry_after_secs(57.5), 4);
        // Rounding never asks for less than a second.
        assert_eq!(retry_after_secs(54.0), 1);
        assert_eq!(retry_after_secs(f64::NAN), 1);
    }
}
