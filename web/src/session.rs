//! Session tokens for the export function: `POST /auth/v1/token` (e-mail and password ->
//! bearer token), `DELETE /auth/v1/token` (revoke), and the [`SessionCaller`] extractor.
//!
//! Tokens are `nlst_` + 256 random bits (base64url), valid for one hour, stored only as
//! SHA-256 digests in `session_token`. Neither tokens nor passwords are ever logged.

use std::time::Duration;

use argon2::password_hash::rand_core::OsRng;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::{header, request::Parts, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::{PgPool, Row};
use uuid::Uuid;

use crate::auth::Plan;
use crate::auth_cache::AuthCache;
use crate::error::{ApiError, ErrorCode};
use crate::json::{ApiJson, JsonFields};

const TOKEN_PREFIX: &str = "nlst_";
/// 32 random bytes in unpadded base64url.
const TOKEN_SUFFIX_LEN: usize = 43;
/// How long a session token is valid, in seconds (API_DECISIONS §9: 1 h).
pub const TOKEN_LIFETIME_SECS: i64 = 3600;
/// The one message for every failed sign-in, so it never tells whether the e-mail exists.
const BAD_CREDENTIALS: &str = "e-mail or password is incorrect";

/// A freshly issued token: the clear text goes to the client once, the hash is stored.
pub struct NewSessionToken {
    /// `nlst_...`, shown once.
    pub clear: String,
    /// SHA-256 of `clear`.
    pub hash: Vec<u8>,
}

/// Generates a session token with 256 random bits.
pub fn generate_token() -> NewSessionToken {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    let clear = format!("{TOKEN_PREFIX}{}", URL_SAFE_NO_PAD.encode(bytes));
    NewSessionToken {
        hash: hash_token(&clear),
        clear,
    }
}

/// SHA-256 of a token: high-entropy tokens need no slow hash, and lookup stays one probe.
pub fn hash_token(clear: &str) -> Vec<u8> {
    Sha256::digest(clear.as_bytes()).to_vec()
}

/// Whether `text` has the shape of a session token (checked before any database work).
pub fn looks_like_token(text: &str) -> bool {
    text.strip_prefix(TOKEN_PREFIX).is_some_and(|suffix| {
        suffix.len() == TOKEN_SUFFIX_LEN
            && suffix
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })
}

/// The account behind a valid (known, unexpired, unrevoked) session token.
#[derive(Debug, Clone)]
pub struct SessionCaller {
    /// The token's account.
    pub account_id: Uuid,
    /// The account's plan entitlements.
    pub plan: Plan,
    /// SHA-256 of the presented token (for revocation).
    pub token_hash: Vec<u8>,
}

fn unauthorized(message: &str) -> ApiError {
    ApiError::new(ErrorCode::Unauthorized, message)
}

impl<S> FromRequestParts<S> for SessionCaller
where
    S: Send + Sync,
    PgPool: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        // The app's session cookie stands for a session token (checked, with its CSRF
        // token, by `crate::app_session::middleware`). Revocation of it is sign-out.
        if let Some(caller) = parts
            .extensions
            .get::<crate::Caller>()
            .filter(|c| c.via == crate::auth::Via::AppSession)
        {
            return Ok(Self {
                account_id: caller.account_id,
                plan: (*caller.plan).clone(),
                token_hash: Vec::new(),
            });
        }
        let text = parts
            .headers
            .get(header::AUTHORIZATION)
            .ok_or_else(|| unauthorized("missing Authorization: Bearer <session token>"))?
            .to_str()
            .map_err(|_| unauthorized("malformed Authorization header"))?;
        let token = crate::auth::bearer_credential(text)
            .filter(|t| looks_like_token(t))
            .ok_or_else(|| {
                unauthorized(
                    "malformed session token; expected Authorization: Bearer nlst_... \
                     from POST /auth/v1/token",
                )
            })?;
        let token_hash = hash_token(token);
        let pool = PgPool::from_ref(state);
        let cache = parts.extensions.get::<AuthCache>();
        crate::auth_cache::cached(cache, AuthCache::tokens, &token_hash, || async {
            let Some(row) = sqlx::query(
                "select s.account_id, p.*,
                        extract(epoch from (s.expires_at - now()))::float8 as left_secs
                 from session_token s
                 join account a on a.account_id = s.account_id
                 join plan p on p.plan_id = a.plan_id
                 where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()",
            )
            .bind(&token_hash)
            .fetch_optional(&pool)
            .await?
            else {
                return Ok(None);
            };
            let caller = Self {
                account_id: row.try_get("account_id")?,
                plan: Plan::from_row(&row)?,
                token_hash: token_hash.clone(),
            };
            Ok(Some((caller, Some(left_of(&row)?))))
        })
        .await?
        .ok_or_else(|| unauthorized("unknown, expired or revoked session token"))
    }
}

/// How long a session or token row (`left_secs`) stays valid: an entry of the process's
/// cache must not outlive it.
pub(crate) fn left_of(row: &sqlx::postgres::PgRow) -> Result<Duration, sqlx::Error> {
    let secs: f64 = row.try_get("left_secs")?;
    Ok(Duration::try_from_secs_f64(secs).unwrap_or(Duration::ZERO))
}

/// `POST /auth/v1/token` body, also the app's sign-in (`POST /auth/v1/session`).
#[derive(Deserialize, utoipa::ToSchema)]
pub struct TokenRequest {
    pub(crate) email: String,
    pub(crate) password: String,
}

impl std::fmt::Debug for TokenRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenRequest")
            .field("password", &"<redacted>")
            .finish_non_exhaustive()
    }
}

impl JsonFields for TokenRequest {
    const ACCEPTED: &'static [&'static str] = &["email", "password"];
}

/// `POST /auth/v1/token` response (the OAuth 2 token response shape).
#[derive(Serialize, utoipa::ToSchema)]
pub struct TokenResponse {
    access_token: String,
    #[schema(value_type = String, pattern = "^Bearer$")]
    token_type: &'static str,
    /// Seconds (3600).
    expires_in: i64,
}

/// The session routes: `POST` and `DELETE /auth/v1/token`.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    PgPool: FromRef<S>,
{
    Router::new().route("/auth/v1/token", post(issue).delete(revoke))
}

/// The operations of [`router`].
#[derive(utoipa::OpenApi)]
#[openapi(paths(issue, revoke))]
pub struct Api;

/// The account whose e-mail and password these are, after counting the attempt against
/// the address's limit (see [`crate::sign_in_limit`]): 429 `rate_limited` with
/// `Retry-After` beyond it, before any password is checked. Wrong e-mail, wrong password or
/// an account without a password: 401 `unauthorized`, with one message for all three.
pub async fn check_credentials(
    pool: &PgPool,
    email: &str,
    password: String,
    client: crate::client_addr::ClientAddr,
) -> Result<Uuid, ApiError> {
    crate::sign_in_limit::admit(pool, email, client).await?;
    // No account has an address with a control character (sign-up refuses them), and
    // Postgres refuses a NUL in text: such an address is simply unknown, answered like any
    // other (the password is still checked, so the answer takes as long).
    let row = if email.chars().any(char::is_control) {
        None
    } else {
        sqlx::query(
            "select account_id, password_hash from account where email_key = nls_email_key($1)",
        )
        .bind(email)
        .fetch_optional(pool)
        .await?
    };
    let (account_id, phc) = match row {
        Some(row) => (
            Some(row.try_get::<Uuid, _>("account_id")?),
            row.try_get::<Option<String>, _>("password_hash")?,
        ),
        None => (None, None),
    };
    let verified = crate::password::verify_blocking(password, phc).await?;
    match account_id {
        Some(id) if verified => Ok(id),
        _ => Err(unauthorized(BAD_CREDENTIALS)),
    }
}

/// Exchange e-mail and password for a session token
///
/// The token is valid for one hour. Wrong e-mail, wrong password or an account without a
/// password: 401 `unauthorized` with the same message. Beyond the address's attempts (10 a
/// minute): 429 `rate_limited` with `Retry-After`, before any password is checked.
#[utoipa::path(post, path = "/auth/v1/token", tag = "Sessions", operation_id = "issueSessionToken",
    request_body(content = TokenRequest, examples(("sign_in" = (value = json!({"email": "owner@example.com", "password": "correct horse battery staple"}))))),
    responses((status = 200, description = "A session token for the export function (1 h).", body = TokenResponse)))]
#[tracing::instrument(skip_all)]
async fn issue(
    axum::extract::State(pool): axum::extract::State<PgPool>,
    client: crate::client_addr::ClientAddr,
    ApiJson { value: request, .. }: ApiJson<TokenRequest>,
) -> Result<Response, ApiError> {
    let account_id = check_credentials(&pool, &request.email, request.password, client).await?;
    let token = generate_token();
    sqlx::query(
        "insert into session_token (token_hash, account_id, expires_at)
         values ($1, $2, now() + make_interval(secs => $3))",
    )
    .bind(&token.hash)
    .bind(account_id)
    .bind(TOKEN_LIFETIME_SECS as f64)
    .execute(&pool)
    .await?;
    tracing::info!(%account_id, "session token issued");
    let mut response = Json(TokenResponse {
        access_token: token.clear,
        token_type: "Bearer",
        expires_in: TOKEN_LIFETIME_SECS,
    })
    .into_response();
    // RFC 6749 §5.1: responses carrying tokens must not be cached.
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
    Ok(response)
}

/// Revoke the session token sent
///
/// The token stops working in every process; 204. An unknown, expired or already revoked
/// token is 401, like any other use of it.
#[utoipa::path(delete, path = "/auth/v1/token", tag = "Sessions", operation_id = "revokeSessionToken",
    responses((status = 204, description = "The token no longer works.")),
    security(("sessionToken" = []), ("appSession" = [])))]
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn revoke(
    axum::extract::State(pool): axum::extract::State<PgPool>,
    caller: SessionCaller,
) -> Result<StatusCode, ApiError> {
    let revoked = sqlx::query(
        "update session_token set revoked_at = now()
         where token_hash = $1 and revoked_at is null",
    )
    .bind(&caller.token_hash)
    .execute(&pool)
    .await?;
    // Refused by every process before the answer: each has dropped the token (issue 27).
    if revoked.rows_affected() > 0 {
        crate::lease::settle(&pool).await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tokens_have_the_advertised_shape_and_hash() {
        let token = generate_token();
        assert!(looks_like_token(&token.clear));
        assert_eq!(token.hash, hash_token(&token.clear));
        assert!(!looks_like_token("nls_abc"));
        assert!(!looks_like_token(&format!("nlst_{}'", "a".repeat(42))));
    }
}
