//! API keys: generation, hashing, and the `Caller` extractor that authenticates a request.

use std::sync::Arc;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::{header, request::Parts};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::{PgPool, Row};
use uuid::Uuid;

use crate::auth_cache::AuthCache;
use crate::error::{ApiError, ErrorCode};

const KEY_PREFIX: &str = "nls_";
/// 32 random bytes in unpadded base64url.
const KEY_SUFFIX_LEN: usize = 43;

/// A freshly generated key: the clear text is shown once, only the hash is stored.
pub struct NewKey {
    pub key_id: Uuid,
    pub clear: String,
    pub hash: Vec<u8>,
    pub prefix: String,
}

/// Generates an API key with 256 random bits.
pub fn generate_key() -> NewKey {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let clear = format!("{KEY_PREFIX}{}", URL_SAFE_NO_PAD.encode(bytes));
    NewKey {
        key_id: Uuid::now_v7(),
        hash: hash_key(&clear),
        prefix: clear.chars().take(KEY_PREFIX.len() + 6).collect(),
        clear,
    }
}

/// SHA-256 of the key. Keys are high-entropy random strings, so a fast hash cannot be
/// brute-forced and lets lookup be one index probe: the comparison happens inside the
/// index on digests, which reveals nothing usable about the clear key.
pub fn hash_key(clear: &str) -> Vec<u8> {
    Sha256::digest(clear.as_bytes()).to_vec()
}

/// Whether `text` has the shape of one of our keys (checked before any database work).
pub fn looks_like_key(text: &str) -> bool {
    text.strip_prefix(KEY_PREFIX).is_some_and(|suffix| {
        suffix.len() == KEY_SUFFIX_LEN
            && suffix
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })
}

/// The credential of an `Authorization: Bearer <credential>` value. The scheme is matched
/// case-insensitively (RFC 9110 §11.1: `bearer` and `BEARER` are the same scheme), followed
/// by one or more spaces.
pub fn bearer_credential(value: &str) -> Option<&str> {
    let (scheme, rest) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| rest.trim_matches(' '))
}

/// A plan's entitlements, as stored in the `plan` table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub id: String,
    pub rank: i16,
    pub all_label_formats: bool,
    pub export_file_types: Vec<String>,
    pub export_watermarked: bool,
    pub live_embed: bool,
    pub rest_access: bool,
    pub rate_limit_per_minute: i32,
    pub max_concurrent_renders: i32,
    /// Webhooks (`/v1/webhooks`).
    pub webhooks: bool,
}

impl Plan {
    /// Reads a plan from a row that selected the `plan` columns.
    pub fn from_row(row: &sqlx::postgres::PgRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("plan_id")?,
            rank: row.try_get("rank")?,
            all_label_formats: row.try_get("all_label_formats")?,
            export_file_types: row.try_get("export_file_types")?,
            export_watermarked: row.try_get("export_watermarked")?,
            live_embed: row.try_get("live_embed")?,
            rest_access: row.try_get("rest_access")?,
            rate_limit_per_minute: row.try_get("rate_limit_per_minute")?,
            max_concurrent_renders: row.try_get("max_concurrent_renders")?,
            webhooks: row.try_get("webhooks")?,
        })
    }
}

/// The authenticated caller of a REST request. Cloned for each request it serves (from
/// the rate limiter's lease), so the plan is shared rather than copied.
#[derive(Debug, Clone)]
pub struct Caller {
    pub account_id: Uuid,
    /// The API key, or the app session, whose request bucket the request counts against.
    pub key_id: Uuid,
    pub plan: Arc<Plan>,
    /// Which credential authenticated the request.
    pub via: Via,
}

/// The credential behind a [`Caller`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// `Authorization: Bearer nls_...`.
    ApiKey,
    /// The browser app's session cookie (`crate::app_session`).
    AppSession,
}

impl Caller {
    /// How the caller is recorded as the actor of events: the key, or the account for the
    /// people who work in the app (API_DECISIONS §12: "key id or account").
    pub fn actor(&self) -> String {
        match self.via {
            Via::ApiKey => format!("key:{}", self.key_id),
            Via::AppSession => format!("account:{}", self.account_id),
        }
    }
}

fn unauthorized(message: &str) -> ApiError {
    ApiError::new(ErrorCode::Unauthorized, message)
}

/// What an active key authenticates as.
#[derive(Debug, Clone)]
pub struct KeyAuth {
    pub caller: Caller,
    /// Whether it may use the REST resources (Business plan or API early access).
    pub entitled: bool,
}

impl KeyAuth {
    /// The caller, or 403 `plan_feature_not_allowed` for a key without REST access.
    pub fn entitled_caller(&self) -> Result<Caller, ApiError> {
        if self.entitled {
            Ok(self.caller.clone())
        } else {
            Err(ApiError::new(
                ErrorCode::PlanFeatureNotAllowed,
                "REST access needs the Business plan or API early access",
            ))
        }
    }

    /// Requests a minute this key may send: the plan's, or the operator's override.
    pub fn per_minute(&self, override_per_minute: Option<u32>) -> u32 {
        override_per_minute
            .unwrap_or_else(|| u32::try_from(self.caller.plan.rate_limit_per_minute).unwrap_or(1))
            .max(1)
    }
}

/// An active key's account and plan.
const KEY_LOOK_UP: &str = "select k.key_id, a.account_id, a.api_early_access, p.*
     from api_key k
     join account a on a.account_id = k.account_id
     join plan p on p.plan_id = a.plan_id
     where k.key_hash = $1 and k.revoked_at is null";

/// The key whose SHA-256 is `hash`, if it is active: from the process's cache when it holds
/// it (no database read; see [`crate::auth_cache`]), else read and cached. 503 when the
/// process's lease is not live.
pub async fn authenticate_key(
    pool: &PgPool,
    cache: Option<&AuthCache>,
    hash: &[u8],
) -> Result<Option<KeyAuth>, ApiError> {
    crate::auth_cache::cached(cache, AuthCache::keys, hash, || async {
        let Some(row) = sqlx::query(KEY_LOOK_UP)
            .bind(hash)
            .fetch_optional(pool)
            .await?
        else {
            return Ok(None);
        };
        let plan = Plan::from_row(&row)?;
        let early_access: bool = row.try_get("api_early_access")?;
        let auth = KeyAuth {
            entitled: plan.rest_access || early_access,
            caller: Caller {
                account_id: row.try_get("account_id")?,
                key_id: row.try_get("key_id")?,
                plan: Arc::new(plan),
                via: Via::ApiKey,
            },
        };
        Ok(Some((auth, None)))
    })
    .await
}

impl<S> FromRequestParts<S> for Caller
where
    S: Send + Sync,
    PgPool: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        // The rate limiter (or the app's session middleware) authenticated it already.
        if let Some(caller) = parts.extensions.get::<Caller>() {
            return Ok(caller.clone());
        }
        let header_value = parts
            .headers
            .get(header::AUTHORIZATION)
            .ok_or_else(|| unauthorized("missing Authorization: Bearer <API key>"))?;
        let text = header_value
            .to_str()
            .map_err(|_| unauthorized("malformed Authorization header"))?;
        let key = bearer_credential(text)
            .filter(|k| looks_like_key(k))
            .ok_or_else(|| {
                unauthorized("malformed API key; expected Authorization: Bearer nls_...")
            })?;
        let pool = PgPool::from_ref(state);
        let cache = parts.extensions.get::<AuthCache>();
        authenticate_key(&pool, cache, &hash_key(key))
            .await?
            .ok_or_else(|| unauthorized("unknown or revoked API key"))?
            .entitled_caller()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_keys_have_the_advertised_shape_and_hash() {
        let key = generate_key();
        assert!(looks_like_key(&key.clear));
        assert_eq!(key.hash, hash_key(&key.clear));
        assert!(!key.prefix.is_empty() && key.clear.starts_with(&key.prefix));
    }

    #[test]
    fn the_bearer_scheme_is_case_insensitive() {
        for value in ["Bearer k", "bearer k", "BEARER  k", "BeArEr k "] {
            assert_eq!(bearer_credential(value), Some("k"), "{value}");
        }
        assert_eq!(bearer_credential("Basic k"), None);
        assert_eq!(bearer_credential("Bearerk"), None);
        assert_eq!(bearer_credential("k"), None);
    }

    #[test]
    fn malformed_keys_are_refused_before_any_lookup() {
        assert!(!looks_like_key("nls_short"));
        assert!(!looks_like_key("Bearer nls_x"));
        assert!(!looks_like_key(&format!("nls_{}'--", "a".repeat(40))));
    }
}
