//! The event log in Postgres and its publication on NATS JetStream.
//!
//! - [`append`]: optimistic-concurrency appends inside the caller's transaction.
//! - [`read`]: reading one stream, and following the whole log without skipping late commits.
//! - [`relay`]: the outbox relay that publishes committed events to JetStream.
//! - [`signal`]: how writers wake the relay after a commit.
//! - [`nats`]: connection, stream and subject naming.
#![forbid(unsafe_code)]

pub mod append;
pub mod backoff;
pub mod batch;
pub mod early;
pub mod leader;
pub mod ledger;
pub mod nats;
pub mod read;
pub mod relay;
pub mod signal;

pub use append::{append, AppendError, EventMeta, StreamVersion};
pub use nats::{NatsConfig, NatsLink};
pub use read::envelope_from_row;
pub use read::{read_stream, LogCursor, LogReader};
pub use signal::AppendSignal;

/// The schema migrations, applied by `nls migrate`, by `nls serve` at start and by tests.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");
