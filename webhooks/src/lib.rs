//! Webhooks: signed, durable notifications of what changed, above all of a printed label
//! (issue 17).
//!
//! - [`api`]: `/v1/webhooks`: endpoints, secret rotation, test pings, the delivery log.
//! - [`fanout`]: a durable JetStream consumer that turns each event (and the printed-label
//!   changes it caused, [`nls_readmodel::label_change`]) into delivery rows, one active
//!   process at a time.
//! - [`sender`]: sends due deliveries, retries with backoff, in order per recipe; any
//!   number of processes share the work.
//! - Pure parts: [`catalog`] (what each event notifies), [`signing`] (Standard Webhooks
//!   signatures), [`crypto`] (secrets at rest), [`guard`] (where deliveries may go),
//!   [`schedule`] (retries).
#![forbid(unsafe_code)]

pub mod api;
pub mod catalog;
pub mod client;
pub mod crypto;
pub mod fanout;
pub mod guard;
pub mod schedule;
pub mod sender;
pub mod signing;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use crate::crypto::SealingKey;
use crate::guard::Policy;
use crate::schedule::RetrySchedule;

/// How a receiver gets a wake-up when deliveries are written (`LISTEN` channel).
pub const WAKE_CHANNEL: &str = "nls_webhook_due";

/// The operator's webhook settings.
#[derive(Debug, Clone)]
pub struct Settings {
    /// `NLS_WEBHOOK_KEY`; without it endpoints cannot be created (their secrets could not be
    /// stored safely) and nothing is sent.
    pub key: Option<SealingKey>,
    pub policy: Policy,
    pub schedule: RetrySchedule,
    /// Each attempt's whole time, connection to response headers.
    pub timeout: Duration,
    /// An endpoint failing every attempt this long is disabled.
    pub disable_after: Duration,
    /// Durable consumer name of the fan-out.
    pub consumer: String,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            key: None,
            policy: Policy::default(),
            schedule: RetrySchedule::default(),
            timeout: Duration::from_secs(10),
            disable_after: schedule::DISABLE_AFTER,
            consumer: "nls-webhooks".into(),
        }
    }
}

/// What the routes share.
#[derive(Debug, Clone)]
pub struct WebhookState {
    pub pool: sqlx::PgPool,
    pub settings: Arc<Settings>,
}
