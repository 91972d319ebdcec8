//! The envelope every stored and published event travels in.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// An event as stored in the log and published on NATS (the JSON body of the message).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    /// Global position in the log (unique, increasing in insertion order; not commit order).
    pub position: i64,
    /// UUIDv7; also the NATS message id, so republishing is deduplicated.
    pub event_id: Uuid,
    pub stream_id: String,
    /// 1 for the first event of a stream.
    pub stream_version: i64,
    pub event_type: String,
    pub schema_version: i16,
    pub payload: serde_json::Value,
    pub account_id: Uuid,
    /// `key:<key id>` or `account:<account id>` or `admin`.
    pub actor: String,
    pub occurred_at: DateTime<Utc>,
    pub correlation_id: Uuid,
    pub causation_id: Option<Uuid>,
    /// The `x-request-id` of the HTTP request that wrote it (absent on events written
    /// before it was recorded, and on those no request wrote).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

/// An event about to be appended: the log assigns position, version and time.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEvent {
    pub event_id: Uuid,
    pub event_type: &'static str,
    pub schema_version: i16,
    pub payload: serde_json::Value,
}

impl NewEvent {
    /// Wraps an encoded domain event with a fresh UUIDv7 id.
    pub fn new(kind: (&'static str, i16), payload: serde_json::Value) -> Self {
        Self {
            event_id: Uuid::now_v7(),
            event_type: kind.0,
            schema_version: kind.1,
            payload,
        }
    }
}
