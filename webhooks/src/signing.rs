//! Signatures per the Standard Webhooks specification: `webhook-signature` carries
//! `v1,<base64 of HMAC-SHA256(secret bytes, "{id}.{timestamp}.{body}")>`, one entry per
//! secret in force, separated by spaces (so a receiver still holding the old secret after a
//! rotation keeps verifying).

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

/// The prefix of a signing secret as shown to the account.
pub const SECRET_PREFIX: &str = "whsec_";

/// A signing secret's key bytes (32 random bytes).
#[derive(Clone, PartialEq, Eq)]
pub struct SigningSecret(pub [u8; 32]);

impl std::fmt::Debug for SigningSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SigningSecret(<redacted>)")
    }
}

impl SigningSecret {
    pub fn generate() -> Self {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Self(bytes)
    }

    /// `whsec_` + base64 of the key bytes: what the account is shown once.
    pub fn reveal(&self) -> String {
        format!("{SECRET_PREFIX}{}", STANDARD.encode(self.0))
    }

    /// `v1,<base64 signature>` of one message.
    pub fn sign(&self, webhook_id: &str, timestamp: i64, body: &[u8]) -> String {
        // An HMAC takes a key of any length: `new_from_slice` cannot fail here.
        let mut mac = match Hmac::<Sha256>::new_from_slice(&self.0) {
            Ok(mac) => mac,
            Err(_) => unreachable!("HMAC accepts keys of every length"),
        };
        mac.update(webhook_id.as_bytes());
        mac.update(b".");
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
    }
}

/// The `webhook-signature` header value: a signature per secret in force, newest first.
pub fn signature_header(
    secrets: &[&SigningSecret],
    webhook_id: &str,
    timestamp: i64,
    body: &[u8],
) -> String {
    secrets
        .iter()
        .map(|s| s.sign(webhook_id, timestamp, body))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of the Standard Webhooks specification (its README's
    /// "Signature scheme" section): secret `whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw`, id
    /// `msg_p5jXN8AQM9LWM0D4loKWxJek`, timestamp 1614265330 and body `{"test": 2432232314}`.
    #[test]
    fn signs_the_specification_example() {
        let key = STANDARD
            .decode("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
            .expect("example key is base64");
        let mut bytes = [0u8; 32];
        // The example key is 24 bytes; HMAC keys shorter than the block are zero-padded,
        // so padding with zeros here signs exactly as the 24-byte key does.
        bytes[..key.len()].copy_from_slice(&key);
        let secret = SigningSecret(bytes);
        assert_eq!(
            secret.sign(
                "msg_p5jXN8AQM9LWM0D4loKWxJek",
                1614265330,
                br#"{"test": 2432232314}"#
            ),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
    }

    #[test]
    fn a_rotation_signs_with_both_secrets_and_the_reveal_round_trips() {
        let (new, old) = (SigningSecret::generate(), SigningSecret::generate());
        let header = signature_header(&[&new, &old], "msg_1", 10, b"{}");
        let parts: Vec<&str> = header.split(' ').collect();
        assert_eq!(
            parts,
            vec![new.sign("msg_1", 10, b"{}"), old.sign("msg_1", 10, b"{}")]
        );
        let revealed = new.reveal();
        let decoded = STANDARD
            .decode(revealed.strip_prefix(SECRET_PREFIX).expect("prefixed"))
            .expect("base64");
        assert_eq!(decoded, new.0);
        assert_ne!(new.sign("msg_1", 10, b"{}"), new.sign("msg_2", 10, b"{}"));
    }
}
