//! The renderer role's background work: keep every live recipe's default label files
//! rendered, and announce each new rendering on `<prefix>.rendered.<recipe id>`.
//!
//! - **Events.** A durable JetStream pull consumer (several renderer processes share it, so
//!   JetStream hands each event to one of them) reacts to every event: the recipe itself and
//!   every recipe that uses the changed ingredient or sub-recipe (`recipe_usage`,
//!   transitively) are re-rendered. Labels of dependents are recomputed by the projector's
//!   cascade, asynchronously; an event is handled only once the projector's `labels`
//!   checkpoint for its stream has reached the event's version (until then it is nak'ed
//!   with a short delay and redelivered), so the renderer draws the label the event led to.
//!   After [`MAX_WAIT_DELIVERIES`] deliveries it renders whatever is current rather than
//!   wait forever on a stopped projector; the content-keyed cache makes that harmless.
//! - **Start.** After creating its consumer (which starts at new messages), the worker
//!   sweeps every live recipe and renders what is missing. Stale files cannot exist: the
//!   key includes the label hash (see [`crate::cache`]).
//! - **Several processes.** Each recipe is rendered under a transaction-scoped advisory lock
//!   `(hash(recipe id), -1)`, and what is already cached is not drawn again, so concurrent
//!   workers neither duplicate work nor race; inserts are `on conflict do nothing` anyway.
//!
//! The cache is derived data, so an undecodable message is logged and acked, not retried.
//! Background renders do not count against the accounts' concurrent-render limit.

use std::time::Duration;

use async_nats::jetstream::consumer::{pull, AckPolicy, DeliverPolicy};
use async_nats::jetstream::AckKind;
use futures::StreamExt;
use nls_eventlog::NatsLink;
use nls_events::Envelope;
use nls_web::Plan;
use sqlx::{PgPool, Row};
use tokio_util::sync::CancellationToken;

use crate::cache::{self, FileType, Prepared, Spec};
use crate::draw::{Fonts, RenderError, RenderOptions};
use crate::limit::lock_key;

/// Deliveries of one event after which the worker stops waiting for the projector.
pub const MAX_WAIT_DELIVERIES: i64 = 60;
/// Delay before an event the projector has not caught up with is redelivered.
const NAK_DELAY: Duration = Duration::from_millis(250);

/// Why a recipe could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    /// Postgres failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// A stored label is not a label.
    #[error("stored label is corrupt: {0}")]
    CorruptLabel(#[from] serde_json::Error),
    /// Drawing failed.
    #[error("render: {0}")]
    Render(#[from] RenderError),
    /// The blocking render task panicked or was cancelled.
    #[error("render task failed: {0}")]
    Task(String),
}

/// The renderer's background worker.
#[derive(Clone)]
pub struct Worker {
    /// The main pool.
    pub pool: PgPool,
    /// NATS (events in, announcements out).
    pub nats: NatsLink,
    /// The bundled fonts.
    pub fonts: Fonts,
}

/// The default files pre-rendered for a plan: what the plan may fetch at default size.
fn default_specs(plan: &Plan) -> Vec<Spec> {
    let d = RenderOptions::default();
    FileType::ALL
        .into_iter()
        .filter(|t| plan.export_file_types.iter().any(|p| p == t.as_str()))
        .map(|t| Spec::new(t, d.width_px, d.scale, plan.export_watermarked))
        .collect()
}

impl Worker {
    /// Consumes events as `durable_name` until `shutdown`; reconnects after NATS trouble.
    pub async fn run(self, durable_name: String, shutdown: CancellationToken) {
        let mut backoff = Duration::from_millis(200);
        let mut swept = false;
        while !shutdown.is_cancelled() {
            match self.consume(&durable_name, &mut swept, &shutdown).await {
                Ok(()) => return,
                Err(err) => {
                    tracing::warn!(error = %err, "renderer consumer interrupted; retrying");
                    tokio::select! {
                        _ = shutdown.cancelled() => return,
                        _ = tokio::time::sleep(backoff) => {}
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(3));
                }
            }
        }
    }

    async fn consume(
        &self,
        durable_name: &str,
        swept: &mut bool,
        shutdown: &CancellationToken,
    ) -> Result<(), String> {
        let stream = self.nats.ensure_stream().await.map_err(|e| e.to_string())?;
        let consumer = stream
            .get_or_create_consumer(
                durable_name,
                pull::Config {
                    durable_name: Some(durable_name.to_owned()),
                    ack_policy: AckPolicy::Explicit,
                    // A new consumer starts now: the sweep below covers everything before.
                    deliver_policy: DeliverPolicy::New,
                    ack_wait: Duration::from_secs(60),
                    max_ack_pending: 256,
                    filter_subject: self.nats.config.events_wildcard(),
                    ..Default::default()
                },
            )
            .await
            .map_err(|e| e.to_string())?;
        let mut messages = consumer.messages().await.map_err(|e| e.to_string())?;
        if !*swept {
            tokio::select! {
                _ = shutdown.cancelled() => return Ok(()),
                swept_now = self.sweep() => match swept_now {
                    Ok(n) => tracing::info!(recipes = n, "renderer start-up sweep done"),
                    Err(err) => tracing::error!(error = %err, "renderer start-up sweep failed"),
                },
            }
            *swept = true;
        }
        loop {
            let next = tokio::select! {
                _ = shutdown.cancelled() => return Ok(()),
                next = messages.next() => next,
            };
            let message = next
                .ok_or_else(|| "message stream ended".to_owned())?
                .map_err(|e| e.to_string())?;
            let envelope: Envelope = match serde_json::from_slice(&message.payload) {
                Ok(envelope) => envelope,
                Err(err) => {
                    tracing::error!(error = %err, subject = %message.subject, "renderer skips an undecodable event");
                    message.ack().await.map_err(|e| e.to_string())?;
                    continue;
                }
            };
            let deliveries = message.info().map(|i| i.delivered).unwrap_or(1);
            let ready = self.projected(&envelope).await.map_err(|e| e.to_string())?;
            if !ready && deliveries < MAX_WAIT_DELIVERIES {
                message
                    .ack_with(AckKind::Nak(Some(NAK_DELAY)))
                    .await
                    .map_err(|e| e.to_string())?;
                continue;
            }
            if let Err(err) = self.handle(&envelope).await {
                // Transient (database) or a defect; the message is redelivered after ack_wait.
                tracing::error!(error = %err, stream_id = %envelope.stream_id, "renderer failed to handle an event");
                message
                    .ack_with(AckKind::Nak(Some(Duration::from_secs(1))))
                    .await
                    .map_err(|e| e.to_string())?;
                continue;
            }
            message.ack().await.map_err(|e| e.to_string())?;
        }
    }

    /// Whether the projector has applied `event` to the labels (its own and the cascade).
    async fn projected(&self, event: &Envelope) -> Result<bool, sqlx::Error> {
        let done: Option<i64> = sqlx::query_scalar(
            "select version from projection_checkpoint where projection = 'labels' and stream_id = $1",
        )
        .bind(&event.stream_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(done.is_some_and(|v| v >= event.stream_version))
    }

    /// Re-renders every recipe `event` can have changed.
    #[tracing::instrument(skip_all, fields(stream_id = %event.stream_id, version = event.stream_version))]
    pub async fn handle(&self, event: &Envelope) -> Result<(), WorkerError> {
        let mut affected = Vec::new();
        if nls_events::RecipeId::parse(&event.stream_id).is_some() {
            affected.push(event.stream_id.clone());
        }
        let mut conn = self.pool.acquire().await?;
        affected.extend(nls_projector::cascade::dependents(&mut conn, &event.stream_id).await?);
        drop(conn);
        for recipe_id in affected {
            self.refresh(&recipe_id).await?;
        }
        Ok(())
    }

    /// Renders whatever every live recipe is missing; returns how many recipes it visited.
    pub async fn sweep(&self) -> Result<u64, WorkerError> {
        let mut after = String::new();
        let mut visited = 0u64;
        loop {
            let ids: Vec<String> = sqlx::query_scalar(
                "select recipe_id from recipe_view
                 where not deleted and label is not null and recipe_id > $1
                 order by recipe_id limit 200",
            )
            .bind(&after)
            .fetch_all(&self.pool)
            .await?;
            let Some(last) = ids.last() else {
                return Ok(visited);
            };
            after = last.clone();
            for id in &ids {
                self.refresh(id).await?;
                visited += 1;
            }
        }
    }

    /// Renders the default files of one recipe's current label that are not cached yet,
    /// then announces the label hash. Deleted recipes lose their files.
    pub async fn refresh(&self, recipe_id: &str) -> Result<(), WorkerError> {
        let mut tx = self.pool.begin().await?;
        // One worker per recipe at a time; the second waits, then finds the files cached.
        sqlx::query("select pg_advisory_xact_lock($1, -1)")
            .bind(lock_key("render-recipe", recipe_id.as_bytes()))
            .execute(&mut *tx)
            .await?;
        let row = sqlx::query(
            "select r.deleted, r.label, p.*
             from recipe_view r
             join account a on a.account_id = r.account_id
             join plan p on p.plan_id = a.plan_id
             where r.recipe_id = $1",
        )
        .bind(recipe_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(());
        };
        let deleted: bool = row.try_get("deleted")?;
        let label: Option<serde_json::Value> = row.try_get("label")?;
        let label = match label {
            Some(label) if !deleted => label,
            _ => {
                cache::forget(&mut tx, recipe_id).await?;
                tx.commit().await?;
                return Ok(());
            }
        };
        let plan = Plan::from_row(&row)?;
        let mut label_hash = None;
        for spec in default_specs(&plan) {
            let prepared = Prepared::from_json(&label, spec)?;
            label_hash = Some(prepared.label_hash);
            let format_allowed =
                plan.all_label_formats || prepared.family() == Some(nls_nutrition::Family::UsFda);
            if !format_allowed || cache::exists(&mut tx, recipe_id, &prepared.key).await? {
                continue;
            }
            let fonts = self.fonts.clone();
            let (prepared, bytes) = tokio::task::spawn_blocking(move || {
                let bytes = prepared.render(&fonts);
                (prepared, bytes)
            })
            .await
            .map_err(|e| WorkerError::Task(e.to_string()))?;
            match bytes {
                Ok(bytes) => cache::store(&mut tx, recipe_id, &prepared, &bytes).await?,
                // A format the drawing code cannot lay out: nothing to pre-render; a GET
                // reports it.
                Err(RenderError::UnsupportedFormat(_)) => continue,
                Err(err) => return Err(err.into()),
            }
        }
        tx.commit().await?;
        if let Some(hash) = label_hash {
            self.announce(recipe_id, &hash).await;
        }
        Ok(())
    }

    /// Publishes `{recipe_id, label_hash}` on `<prefix>.rendered.<recipe id>` (core NATS,
    /// fire and forget: listeners that miss it read the current label anyway).
    async fn announce(&self, recipe_id: &str, label_hash: &[u8; 32]) {
        let subject = format!("{}.rendered.{recipe_id}", self.nats.config.subject_prefix);
        let payload = serde_json::json!({
            "recipe_id": recipe_id,
            "label_hash": cache::hex(label_hash),
        });
        let published = self
            .nats
            .client
            .publish(subject, payload.to_string().into())
            .await;
        if let Err(err) = published {
            tracing::warn!(error = %err, recipe_id, "could not announce a rendering");
        }
    }
}
