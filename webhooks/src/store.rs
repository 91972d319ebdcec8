//! The webhook tables (migration 0012): endpoints and the delivery log.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::postgres::PgRow;
use sqlx::{PgExecutor, Row};
use uuid::Uuid;

/// Public id prefixes.
pub const ENDPOINT_PREFIX: &str = "whe_";
pub const DELIVERY_PREFIX: &str = "msg_";

pub fn endpoint_public_id(id: Uuid) -> String {
    format!("{ENDPOINT_PREFIX}{}", id.simple())
}

pub fn delivery_public_id(id: Uuid) -> String {
    format!("{DELIVERY_PREFIX}{}", id.simple())
}

/// The uuid of a public id with `prefix`; `None` for anything else (a 404, never a lookup).
pub fn parse_public_id(raw: &str, prefix: &str) -> Option<Uuid> {
    let hex = raw.strip_prefix(prefix)?;
    (hex.len() == 32
        && hex
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
    .then(|| Uuid::parse_str(hex).ok())
    .flatten()
}

/// An endpoint as the API shows it (never its secret).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = Webhook)]
pub struct Endpoint {
    #[schema(example = "whe_01962d3b6a8c7f0e9d2b4c5a6e7f8091")]
    pub id: String,
    pub url: String,
    pub description: String,
    pub events: Vec<String>,
    pub enabled: bool,
    /// Why the service disabled it (five days of failures), when it did.
    pub disabled_reason: Option<String>,
    /// Since when every attempt has failed, while that lasts.
    pub failing_since: Option<DateTime<Utc>>,
    /// Until when the previous secret still signs, after a rotation.
    pub previous_secret_expires_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub const ENDPOINT_COLUMNS: &str = "endpoint_id, url, description, events, enabled,
    disabled_reason, failing_since, case when previous_secret_until > now()
    then previous_secret_until end as previous_secret_until, created_at, updated_at";

impl Endpoint {
    pub fn from_row(row: &PgRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: endpoint_public_id(row.try_get("endpoint_id")?),
            url: row.try_get("url")?,
            description: row.try_get("description")?,
            events: row.try_get("events")?,
            enabled: row.try_get("enabled")?,
            disabled_reason: row.try_get("disabled_reason")?,
            failing_since: row.try_get("failing_since")?,
            previous_secret_expires_at: row.try_get("previous_secret_until")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }
}

/// One attempt of a delivery.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = WebhookAttempt)]
pub struct Attempt {
    pub attempt: i32,
    pub started_at: DateTime<Utc>,
    pub duration_ms: i32,
    pub response_status: Option<i32>,
    pub error: Option<String>,
}

/// A delivery as the log shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = WebhookDelivery)]
pub struct Delivery {
    /// Also the `webhook-id` header: the same on every attempt.
    pub id: String,
    pub event_type: String,
    /// `pending` (waiting for its next attempt), `delivered` or `failed` (no attempt left,
    /// or the endpoint was disabled).
    pub status: String,
    pub attempts: i32,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub last_response_status: Option<i32>,
    pub last_error: Option<String>,
    pub last_duration_ms: Option<i32>,
    pub created_at: DateTime<Utc>,
    /// What is sent: `{type, timestamp, data}`.
    #[schema(value_type = Object)]
    pub body: Value,
    pub attempt_log: Vec<Attempt>,
}

pub const DELIVERY_COLUMNS: &str = "delivery_id, event_type, status, attempts,
    case when status = 'pending' then next_attempt_at end as next_attempt_at,
    last_status_code, last_error, last_duration_ms, created_at, body";

impl Delivery {
    pub fn from_row(row: &PgRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: delivery_public_id(row.try_get("delivery_id")?),
            event_type: row.try_get("event_type")?,
            status: row.try_get("status")?,
            attempts: row.try_get("attempts")?,
            next_attempt_at: row.try_get("next_attempt_at")?,
            last_response_status: row.try_get("last_status_code")?,
            last_error: row.try_get("last_error")?,
            last_duration_ms: row.try_get("last_duration_ms")?,
            created_at: row.try_get("created_at")?,
            body: row.try_get("body")?,
            attempt_log: Vec::new(),
        })
    }
}

/// A delivery about to be written.
#[derive(Debug, Clone)]
pub struct NewDelivery<'a> {
    pub endpoint_id: Uuid,
    pub account_id: Uuid,
    pub event_type: &'a str,
    pub ordering_key: &'a str,
    pub position: i64,
    /// What made it: a second delivery from the same source to the same endpoint is
    /// dropped.
    pub source: String,
    pub body: &'a Value,
}

/// Writes a pending delivery, due now, unless its source already made one. Returns the new
/// delivery's id.
pub async fn insert_delivery<'e>(
    conn: impl PgExecutor<'e>,
    d: &NewDelivery<'_>,
) -> Result<Option<Uuid>, sqlx::Error> {
    let id = Uuid::now_v7();
    let inserted = sqlx::query(
        "insert into webhook_delivery (delivery_id, endpoint_id, account_id, event_type,
                                       ordering_key, position, source, body, status,
                                       next_attempt_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', now())
         on conflict (endpoint_id, source) do nothing",
    )
    .bind(id)
    .bind(d.endpoint_id)
    .bind(d.account_id)
    .bind(d.event_type)
    .bind(d.ordering_key)
    .bind(d.position)
    .bind(&d.source)
    .bind(d.body)
    .execute(conn)
    .await?
    .rows_affected();
    Ok((inserted == 1).then_some(id))
}

/// Tells every sender that deliveries are due (they also poll, so a lost wake-up only
/// delays).
pub async fn wake_senders<'e>(conn: impl PgExecutor<'e>) -> Result<(), sqlx::Error> {
    sqlx::query("select pg_notify($1, '')")
        .bind(crate::WAKE_CHANNEL)
        .execute(conn)
        .await?;
    Ok(())
}
