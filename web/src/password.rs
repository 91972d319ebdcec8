//! Account passwords: Argon2id hashing and verification, shared by the admin CLI, the
//! export's session tokens and the app's sign-in and sign-up.
//!
//! Both operations cost tens of milliseconds of CPU: async callers run them through
//! [`hash_blocking`] and [`verify_blocking`], on a blocking thread.

use std::sync::OnceLock;

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, SaltString};
use argon2::{Argon2, PasswordVerifier};
use rand::RngCore;

use crate::error::ApiError;

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
    tokio::task::spawn_blocking(move || hash(&password))
        .await
        .map_err(|e| ApiError::internal(PasswordTaskFailed(e.to_string())))?
        .map_err(|e| ApiError::internal(PasswordTaskFailed(e.to_string())))
}

/// [`verify`] on a blocking thread; with no hash (unknown account, no password) it checks
/// against the decoy and answers `false`, taking the same time as a real check.
pub async fn verify_blocking(password: String, phc: Option<String>) -> Result<bool, ApiError> {
    let known = phc.is_some();
    let phc = phc.or_else(|| decoy_hash().map(str::to_owned));
    let verified =
        tokio::task::spawn_blocking(move || phc.is_some_and(|phc| verify(&password, &phc)))
            .await
            .map_err(|e| ApiError::internal(PasswordTaskFailed(e.to_string())))?;
    Ok(known && verified)
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
