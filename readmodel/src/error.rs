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
    /// A replay could not see the whole log: some transaction on the server stayed open
    /// the whole time, and events written after it began are not final until it ends.
    #[error("{seen} of {total} events became readable within {waited_secs} s: a transaction on the database server has stayed open (see pg_stat_activity); end it and run the replay again")]
    LogNotFinal {
        seen: u64,
        total: u64,
        waited_secs: u64,
    },
}
