//! How often labels may be exported (`POST /functions/v1/export-label`): each export is a
//! render, so it counts against its account's plan limit per minute, like a keyed request,
//! and against its client's, so that many sessions of many accounts from one client cannot
//! render without bound (issue 28: "exports counted"). The buckets are the sign-in limiter's
//! ([`crate::sign_in_limit`]), in Postgres, shared by every process.

use sqlx::PgPool;
use uuid::Uuid;

use crate::client_addr::ClientAddr;
use crate::error::ApiError;
use crate::sign_in_limit::{advance, client_key, key, Bucket};

/// Exports allowed from one client per minute, over all accounts.
pub const CLIENT_EXPORTS_PER_MINUTE: u32 = 120;

/// Counts one export of `account_id` (its plan allows `per_minute` requests a minute) from
/// `client`; 429 `rate_limited` with `Retry-After` when either bucket is full.
pub async fn admit(
    pool: &PgPool,
    account_id: Uuid,
    per_minute: i32,
    client: ClientAddr,
) -> Result<(), ApiError> {
    let per_minute = u32::try_from(per_minute).unwrap_or(1).max(1);
    advance(
        pool,
        &[
            Bucket {
                key: key("export client", &client_key(client.0)),
                per_period: CLIENT_EXPORTS_PER_MINUTE,
                period_secs: 60.0,
                what: "label exports from this client address",
            },
            Bucket {
                key: key("export account", &account_id.to_string()),
                per_period: per_minute,
                period_secs: 60.0,
                what: "label exports for this account",
            },
        ],
    )
    .await
}
