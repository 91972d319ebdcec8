//! Account passwords: Argon2id hashing and verification, shared by the admin CLI, the
//! export's session tokens and the app's sign-in and sign-up.
//!
//! Both operations cost tens of milliseconds of CPU and 19 MiB of memory: async callers run
//! them through [`hash_blocking`] and [`verify_blocking`], on a blocking thread, at most
//! [`concurrency`] at once per process. A caller that cannot start one within
//! [`QUEUE_WAIT`] gets 503 `unavailable` with `Retry-After`, so a burst of sign-ins (which
//! anyone may send, with or without an account) costs at most that many cores and that many
//! times 19 MiB, and keyed traffic keeps its share of the machine (issue 28).

use std::sync::OnceLock;
use std::time::Duration;

use tokio::sync::{Semaphore, SemaphorePermit};

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, SaltString};
use argon2::{Argon2, PasswordVerifier};
use rand::RngCore;

use crate::error::{ApiError, ErrorCode};

/// How long a password operation waits for its turn before the request is answered 503.
pub const QUEUE_WAIT: Duration = Duration::from_secs(1);

/// Password operations running at once in this process: the number of cores.
pub fn concurrency() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

fn permits() -> &'static Semaphore {
    static PERMITS: OnceLock<Semaphore> = OnceLock::new();
    PERMITS.get_or_init(|| Semaphore::new(concurrency()))
}

/// A turn at hashing, or 503 `unavailable` with `Retry-After: 1` after [`QUEUE_WAIT`].
async fn turn() -> Result<SemaphorePermit<'static>, ApiError> {
    turn_of(permits()).await
}

async fn turn_of(permits: &'static Semaphore) -> Result<SemaphorePermit<'static>, ApiError> {
    match tokio::time::timeout(QUEUE_WAIT, permits.acquire()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(ApiError::new(
            ErrorCode::Unavailable,
            "too many password checks at once; retry in 1 second",
        )
        .with_retry_after(1)),
    }
}

/// Hashes a password with Argon2id (the crate's defaults: 19 MiB, 2 passes, 1 lane, the
/// OWASP-recommended minimum) into a PHC string.
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
}

/// Whether `password` matches the PHC string; `false` on any mismatch or a malformed hash.
pub fn verify(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A hash of a random password, verified against when the e-mail is unknown, so a sign-in
/// costs the same whether or not the account exists.
pub fn decoy_hash() -> Option<&'static str> {
    static DECOY: OnceLock<Option<String>> = OnceLock::new();
    DECOY
        .get_or_init(|| {
            let mut password = [0u8; 16];
            OsRng.fill_bytes(&mut password);
            let text: String = password.iter().map(|b| format!("{b:02x}")).collect();
            hash(&text).ok()
        })
        .as_deref()
}

#[derive(Debug, thiserror::Error)]
#[error("password task failed: {0}")]
struct PasswordTaskFailed(String);

/// [`hash`] on a blocking thread.
pub async fn hash_blocking(password: String) -> Result<String, ApiError> {
    let permit = turn().await?;
    // The permit goes with the work: a request dropped while it runs frees no turn early.
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        hash(&password)
    })
    .await
    .map_err(|e| ApiError::internal(PasswordTaskFailed(e.to_string())))?
    .map_err(|e| ApiError::internal(PasswordTaskFailed(e.to_string())))
}

/// [`verify`] on a blocking thread; with no hash (unknown account, no password) it checks
/// against the decoy and answers `false`, taking the same time as a real check.
pub async fn verify_blocking(password: String, phc: Option<String>) -> Result<bool, ApiError> {
    let known = phc.is_some();
    let phc = phc.or_else(|| decoy_hash().map(str::to_owned));
    let permit = turn().await?;
    let verified = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        phc.is_some_and(|phc| verify(&password, &phc))
    })
    .await
    .map_err(|e| ApiError::internal(PasswordTaskFailed(e.to_string())))?;
    Ok(known && verified)
}

#[cfg(test)]
mod bound_tests {
    use super::*;

    /// Issue 28, item 2: with every turn taken, a password check waits [`QUEUE_WAIT`] and
    /// is refused with 503 and `Retry-After`, instead of hashing beyond the bound; a turn
    /// freed in time is taken.
    #[tokio::test]
    async fn a_password_check_beyond_the_bound_is_503_with_retry_after() {
        let bound: &'static Semaphore = Box::leak(Box::new(Semaphore::new(2)));
        let first = turn_of(bound).await.expect("a turn");
        let second = turn_of(bound).await.expect("a turn");
        let started = std::time::Instant::now();
        let Err(error) = turn_of(bound).await else {
            panic!("a third turn beyond a bound of two")
        };
        assert!(started.elapsed() >= QUEUE_WAIT);
        assert_eq!(error.code(), ErrorCode::Unavailable);
        assert_eq!(
            error.code().status(),
            axum::http::StatusCode::SERVICE_UNAVAILABLE
        );
        drop(first);
        assert!(turn_of(bound).await.is_ok());
        drop(second);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_only_against_their_own_hash() {
        let phc = hash("correct horse").unwrap_or_default();
        assert!(verify("correct horse", &phc));
        assert!(!verify("wrong horse", &phc));
        assert!(!verify("correct horse", "not a phc string"));
        assert!(decoy_hash().is_some());
    }

    #[tokio::test]
    async fn an_unknown_account_never_verifies() {
        let decoy = decoy_hash().map(str::to_owned);
        assert!(decoy.is_some());
        // Even the right password for the decoy is refused when the account has no hash.
        assert!(!verify_blocking("anything".into(), None)
            .await
            .unwrap_or(true));
    }
}
