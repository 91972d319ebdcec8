//! Signing secrets at rest: AES-256-GCM under the operator's key (`NLS_WEBHOOK_KEY`, 32
//! bytes in base64). The database holds `nonce || ciphertext`; a copy of the database
//! without the key reveals no secret. The endpoint id is the associated data, so a sealed
//! secret moved to another endpoint's row does not open.

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use rand::RngCore;
use uuid::Uuid;

use crate::signing::SigningSecret;

const NONCE_LEN: usize = 12;

/// The operator's key for secrets at rest.
#[derive(Clone)]
pub struct SealingKey(Aes256Gcm);

impl std::fmt::Debug for SealingKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SealingKey(<redacted>)")
    }
}

/// Why a key or a sealed secret is refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SealError {
    #[error("NLS_WEBHOOK_KEY must be 32 bytes in base64")]
    BadKey,
    #[error("a stored webhook secret does not open with this NLS_WEBHOOK_KEY")]
    CannotOpen,
}

impl SealingKey {
    /// From the base64 text of `NLS_WEBHOOK_KEY`.
    pub fn from_base64(text: &str) -> Result<Self, SealError> {
        let bytes = STANDARD
            .decode(text.trim())
            .map_err(|_| SealError::BadKey)?;
        let key: [u8; 32] = bytes.try_into().map_err(|_| SealError::BadKey)?;
        Ok(Self(Aes256Gcm::new(&key.into())))
    }

    /// A fresh random key, in the base64 form `NLS_WEBHOOK_KEY` takes (`nls webhook-key`).
    pub fn generate_base64() -> String {
        let mut key = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut key);
        STANDARD.encode(key)
    }

    pub fn seal(&self, endpoint_id: Uuid, secret: &SigningSecret) -> Vec<u8> {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rngs::OsRng.fill_bytes(&mut nonce);
        let payload = Payload {
            msg: &secret.0,
            aad: endpoint_id.as_bytes(),
        };
        // Encryption of 32 bytes cannot exceed AES-GCM's length limit.
        let sealed = self
            .0
            .encrypt(Nonce::from_slice(&nonce), payload)
            .unwrap_or_default();
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        out
    }

    pub fn open(&self, endpoint_id: Uuid, sealed: &[u8]) -> Result<SigningSecret, SealError> {
        if sealed.len() <= NONCE_LEN {
            return Err(SealError::CannotOpen);
        }
        let (nonce, ciphertext) = sealed.split_at(NONCE_LEN);
        let payload = Payload {
            msg: ciphertext,
            aad: endpoint_id.as_bytes(),
        };
        let clear = self
            .0
            .decrypt(Nonce::from_slice(nonce), payload)
            .map_err(|_| SealError::CannotOpen)?;
        let bytes: [u8; 32] = clear.try_into().map_err(|_| SealError::CannotOpen)?;
        Ok(SigningSecret(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_secret_opens_only_with_its_key_and_endpoint() {
        let key = SealingKey::from_base64(&SealingKey::generate_base64()).expect("key");
        let other = SealingKey::from_base64(&SealingKey::generate_base64()).expect("key");
        let (id, secret) = (Uuid::now_v7(), SigningSecret::generate());
        let sealed = key.seal(id, &secret);
        assert!(
            !sealed.windows(32).any(|w| w == secret.0),
            "stored in clear"
        );
        assert_eq!(key.open(id, &sealed), Ok(secret));
        assert_eq!(other.open(id, &sealed), Err(SealError::CannotOpen));
        assert_eq!(
            key.open(Uuid::now_v7(), &sealed),
            Err(SealError::CannotOpen)
        );
        assert_eq!(key.open(id, &sealed[..8]), Err(SealError::CannotOpen));
    }

    #[test]
    fn keys_must_be_32_bytes_of_base64() {
        assert!(SealingKey::from_base64("not base64!").is_err());
        assert!(SealingKey::from_base64(&STANDARD.encode([1u8; 16])).is_err());
        assert!(SealingKey::from_base64(&STANDARD.encode([1u8; 32])).is_ok());
    }
}
