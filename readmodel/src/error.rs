use thiserror::Error;

/// Why applying an event failed. A decode error stops the consumer (never skipped);
/// database errors are retried by redelivery.
#[derive(Debug, Error)]
pub enum ProjectionError {
    #[error("event cannot be decoded: {0}")]
    Decode(#[from] nls_events::DecodeError),
    #[error("stored read model is corrupt: {0}")]
    CorruptView(#[from] serde_json::Error),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}
