//! The projector role and the read models it maintains.
//!
//! - [`views`]: the recipe and ingredient views, applied idempotently per stream version.
//!   The command side applies the same function inside its append transaction, so a write's
//!   response and the GET after it see that write (read-your-writes).
//! - [`derive`]: resolving a recipe's lines against the views and the food database, and
//!   computing its label with the nutrition engine.
//! - [`cascade`]: recomputing the labels of every recipe that uses a changed ingredient or
//!   sub-recipe.
//! - [`consumer`]: the durable JetStream consumer; [`catch_up`]: following the Postgres log
//!   directly, at start and whenever NATS lags or lost something.
//! - [`replay`]: rebuilding every read model from the log.
#![forbid(unsafe_code)]

pub mod cascade;
pub mod catch_up;
pub mod checkpoint;
pub mod consumer;
pub mod derive;
pub mod error;
pub mod replay;
pub mod representation;
pub mod resolve;
pub mod views;

pub use error::ProjectionError;

/// Applies one event to every read model: the views (skipped when already applied) and the
/// label cascade (skipped when already done for that version). Idempotent, so redelivery,
/// duplicates and out-of-order delivery are harmless.
pub async fn handle(
    pool: &sqlx::PgPool,
    event: &nls_events::Envelope,
) -> Result<(), ProjectionError> {
    let mut tx = pool.begin().await?;
    views::apply(&mut tx, event).await?;
    cascade::apply(&mut tx, event).await?;
    tx.commit().await?;
    Ok(())
}
