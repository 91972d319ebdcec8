//! The renderer role's background work: keep every live recipe's default label files
//! rendered, and announce each new rendering on `<prefix>.rendered.<recipe id>`.
//!
//! Which files: the default file of each type somebody asked for (a file of that type of
//! the recipe is cached, for an earlier label). A `GET` of a type nobody asked for before
//! draws it on demand (under a millisecond for SVG, a few for PNG and PDF), and from then
//! on the worker keeps it fresh. Drawing and storing every type at every write would cost
//! several times the write itself, for files most recipes never serve. The live embed
//! draws its own SVG (see [`crate::embed`]). Every label change is announced either way.
//!
//! - **Events.** A durable JetStream pull consumer (several renderer processes share it, so
//!   JetStream hands each event to one of them) turns events into a backlog of recipes to
//!   render: the recipe itself and every recipe that uses the changed ingredient or
//!   sub-recipe (`recipe_usage`, transitively). Labels of dependents are recomputed by the
//!   projector's cascade, asynchronously; an event is taken only once the projector's
//!   `labels` checkpoint for its stream has reached the event's version (until then it is
//!   nak'ed with a short delay and redelivered), so the renderer draws the label the event
//!   led to. After [`MAX_WAIT_DELIVERIES`] deliveries it takes the event anyway rather than
//!   wait forever on a stopped projector; the content-keyed cache makes that harmless.
//! - **Backlog.** Events are acked once their recipes are in the in-memory [`Backlog`],
//!   which holds each recipe once however often it changed, so a burst of writes to one
//!   recipe renders it once. Losing the backlog in a crash loses nothing: every process
//!   start sweeps the live recipes whose cached files are stale and renders what they miss
//!   (a few at once, see [`Worker::sweep`]). A backlog that would grow
//!   past [`backlog::MAX_RECIPES`] is replaced by such a sweep.
//! - **Priority.** Pre-rendering is a convenience (a `GET` draws on demand what is not
//!   cached), so it must not take capacity from requests: drawing runs on threads under the
//!   `SCHED_IDLE` policy ([`crate::idle`]), which get a core only when nothing else wants it.
//!   Under a write burst the backlog grows; it drains when the burst ends.
//! - **Several processes.** JetStream gives each event to one of them, and what is already
//!   cached is not drawn again. Two processes may still draw the same file at once (their
//!   start-up sweeps overlap); the content key makes that harmless, as inserts are
//!   `on conflict do nothing`. Files are drawn before the storing transaction opens, so no
//!   transaction waits on drawing.
//!
//! The cache is derived data, so an undecodable message is logged and acked, not retried,
//! and cache writes do not wait for a WAL flush. Background renders do not count against
//! the accounts' concurrent-render limit.

use std::time::Duration;

use async_nats::jetstream::consumer::{pull, AckPolicy, DeliverPolicy};
use async_nats::jetstream::{self, AckKind};
use futures::StreamExt;
use nls_eventlog::backoff::Backoff;
use nls_eventlog::batch::next_batch;
use nls_eventlog::read::EventHead;
use nls_eventlog::NatsLink;
use nls_readmodel::{cascade, checkpoint, labels};
use nls_web::{FormatPlan, Plan};
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;

use crate::backlog::{Backlog, Job};
use crate::cache::{self, FileType, Prepared, Spec};
use crate::draw::{Fonts, RenderError, RenderOptions};
use crate::idle::IdleDrawer;

/// Deliveries of one event after which the worker stops waiting for the projector.
pub const MAX_WAIT_DELIVERIES: i64 = 60;
/// Delay before an event the projector has not caught up with is redelivered.
const NAK_DELAY: Duration = Duration::from_millis(250);
/// Most events taken into the backlog at once.
const BATCH: usize = 256;
/// How long the first event of a batch waits for more (nothing here is urgent: the embed
/// hears a recipe's own events directly).
const WINDOW: Duration = Duration::from_millis(20);

/// Recipes the start-up sweep reads per query.
const SWEEP_PAGE: i64 = 200;
/// Recipes the sweep refreshes at once. Bounded because each refresh holds a connection of
/// the main pool while it reads (requests share that pool) and queues its drawings on the
/// few idle drawing threads: more at once would take connections from requests and gain
/// nothing, as drawing cannot outrun the idle threads. A few at once hide the database
/// round trips behind the drawing of the others.
const SWEEP_PARALLEL: usize = 4;

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
    /// The drawing thread is gone.
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
    /// Recipes waiting to be rendered.
    pub backlog: Backlog,
    /// The low-priority drawing threads.
    pub drawer: IdleDrawer,
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
    /// A worker whose backlog starts with a sweep of every live recipe.
    pub fn new(pool: PgPool, nats: NatsLink, fonts: Fonts) -> Worker {
        let backlog = Backlog::default();
        backlog.request_sweep();
        Worker {
            pool,
            nats,
            fonts,
            backlog,
            drawer: IdleDrawer::start(),
        }
    }

    /// Consumes events as `durable_name` and renders the backlog until `shutdown`;
    /// reconnects after NATS trouble.
    pub async fn run(self, durable_name: String, shutdown: CancellationToken) {
        let loops: Vec<_> = (0..self.drawer.threads())
            .map(|_| tokio::spawn(self.clone().render_loop(shutdown.clone())))
            .collect();
        let mut backoff = Backoff::new(Duration::from_millis(200), Duration::from_secs(3));
        while !shutdown.is_cancelled() {
            match self.consume(&durable_name, &shutdown).await {
                Ok(()) => break,
                Err(err) => {
                    tracing::warn!(error = %err, "renderer consumer interrupted; retrying");
                    if !backoff.wait(&shutdown).await {
                        break;
                    }
                }
            }
        }
        for render_loop in loops {
            let _ = render_loop.await;
        }
    }

    async fn consume(
        &self,
        durable_name: &str,
        shutdown: &CancellationToken,
    ) -> Result<(), String> {
        let stream = self.nats.ensure_stream().await.map_err(|e| e.to_string())?;
        let consumer = stream
            .get_or_create_consumer(
                durable_name,
                pull::Config {
                    durable_name: Some(durable_name.to_owned()),
                    ack_policy: AckPolicy::Explicit,
                    // A new consumer starts now: the start-up sweep covers everything before.
                    deliver_policy: DeliverPolicy::New,
                    ack_wait: Duration::from_secs(60),
                    max_ack_pending: 1024,
                    filter_subject: self.nats.config.events_wildcard(),
                    ..Default::default()
                },
            )
            .await
            .map_err(|e| e.to_string())?;
        let mut messages = consumer.messages().await.map_err(|e| e.to_string())?;
        loop {
            let next = tokio::select! {
                _ = shutdown.cancelled() => return Ok(()),
                next = next_batch(&mut messages, BATCH, WINDOW) => next,
            };
            let batch = next.ok_or_else(|| "message stream ended".to_owned())?;
            let mut events = Vec::with_capacity(batch.len());
            for message in batch {
                let message = message.map_err(|e| e.to_string())?;
                // Only which stream and version: the payload is not this worker's.
                match serde_json::from_slice::<EventHead>(&message.payload) {
                    Ok(envelope) => events.push((message, envelope)),
                    Err(err) => {
                        tracing::error!(error = %err, subject = %message.subject, "renderer skips an undecodable event");
                        message.ack().await.map_err(|e| e.to_string())?;
                    }
                }
            }
            self.take(events).await?;
        }
    }

    /// Moves the recipes a batch of events changed into the backlog and acks the events;
    /// naks those the projector has not applied to the labels yet.
    async fn take(&self, events: Vec<(jetstream::Message, EventHead)>) -> Result<(), String> {
        let streams = events.iter().map(|(_, e)| e.stream_id.as_str());
        let done = checkpoint::read_many(&self.pool, &[cascade::PROJECTION], streams)
            .await
            .map_err(|e| e.to_string())?;
        let mut ready = Vec::with_capacity(events.len());
        for (message, envelope) in events {
            let deliveries = message.info().map(|i| i.delivered).unwrap_or(1);
            let projected =
                done.version(cascade::PROJECTION, &envelope.stream_id) >= envelope.stream_version;
            if projected || deliveries >= MAX_WAIT_DELIVERIES {
                ready.push((message, envelope));
            } else {
                message
                    .ack_with(AckKind::Nak(Some(NAK_DELAY)))
                    .await
                    .map_err(|e| e.to_string())?;
            }
        }
        if ready.is_empty() {
            return Ok(());
        }
        let changed: Vec<&str> = ready.iter().map(|(_, e)| e.stream_id.as_str()).collect();
        let mut affected: Vec<String> = changed
            .iter()
            .filter(|id| nls_events::RecipeId::parse(id).is_some())
            .map(|id| (*id).to_owned())
            .collect();
        let mut conn = self.pool.acquire().await.map_err(|e| e.to_string())?;
        let dependents = cascade::dependents_of_any(&mut conn, &changed)
            .await
            .map_err(|e| e.to_string())?;
        affected.extend(dependents);
        affected.sort_unstable();
        affected.dedup();
        // Recipes with no cached file need no drawing: their new label is announced here,
        // for the whole batch in one query, instead of going through the backlog.
        let bare = labels::without_files(&mut conn, &affected)
            .await
            .map_err(|e| e.to_string())?;
        drop(conn);
        for (recipe_id, hash) in &bare {
            if let Ok(hash) = <[u8; 32]>::try_from(hash.as_slice()) {
                self.announce(recipe_id, &hash).await;
            }
        }
        let announced: std::collections::HashSet<&str> =
            bare.iter().map(|(id, _)| id.as_str()).collect();
        let rest: Vec<String> = affected
            .iter()
            .filter(|id| !announced.contains(id.as_str()))
            .cloned()
            .collect();
        self.backlog.push(rest);
        for (message, _) in ready {
            message.ack().await.map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// Renders what the backlog holds, until `shutdown`.
    async fn render_loop(self, shutdown: CancellationToken) {
        loop {
            let job = tokio::select! {
                _ = shutdown.cancelled() => return,
                job = self.backlog.next() => job,
            };
            let outcome = match &job {
                Job::Sweep => self
                    .sweep()
                    .await
                    .map(|n| tracing::info!(recipes = n, "renderer sweep done")),
                Job::Recipe(recipe_id) => self.refresh(recipe_id).await,
            };
            if let Err(err) = outcome {
                // Database trouble or a defect: try again shortly rather than spin.
                tracing::error!(error = %err, "background rendering failed; retrying shortly");
                self.backlog.put_back(job);
                tokio::select! {
                    _ = shutdown.cancelled() => return,
                    _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                }
            }
        }
    }

    /// Renders what the recipes with stale files are missing, [`SWEEP_PARALLEL`] recipes
    /// at a time; returns how many recipes it visited. Only those recipes are read: the
    /// others have nothing to draw (no file was ever asked for, or every asked-for type
    /// is of the current label), and their changes were announced when their events were
    /// taken, before the ack, so a crash cannot have lost those announcements.
    pub async fn sweep(&self) -> Result<u64, WorkerError> {
        let mut after = String::new();
        let mut visited = 0u64;
        loop {
            let ids = labels::with_stale_files_after(&self.pool, &after, SWEEP_PAGE).await?;
            let Some(last) = ids.last() else {
                return Ok(visited);
            };
            after = last.clone();
            let refreshes = ids.into_iter().map(|id| {
                let worker = self.clone();
                async move { worker.refresh(&id).await }
            });
            let mut refreshes = futures::stream::iter(refreshes).buffer_unordered(SWEEP_PARALLEL);
            while let Some(done) = refreshes.next().await {
                done?;
                visited += 1;
            }
        }
    }

    /// Renders the default files of one recipe's current label that are not cached yet,
    /// then announces the label hash. Deleted recipes lose their files.
    pub async fn refresh(&self, recipe_id: &str) -> Result<(), WorkerError> {
        let mut conn = self.pool.acquire().await?;
        let Some(row) = labels::for_rendering(&mut conn, recipe_id).await? else {
            return Ok(());
        };
        let cached = cache::cached(&mut conn, recipe_id).await?;
        if row.deleted || !row.has_label {
            if !cached.is_empty() {
                cache::forget(&mut conn, recipe_id).await?;
            }
            return Ok(());
        }
        if let (true, Some(hash)) = (cached.is_empty(), row.label_hash) {
            // Nothing of this recipe was ever asked for: nothing to keep fresh.
            drop(conn);
            self.announce(recipe_id, &hash).await;
            return Ok(());
        }
        let label = labels::label(&mut conn, recipe_id).await?;
        drop(conn);
        let plan = row.plan;
        let mut missing = Vec::new();
        let mut label_hash = None;
        for spec in default_specs(&plan) {
            let prepared = Prepared::from_json(&label, spec)?;
            label_hash = Some(prepared.label_hash);
            let format_allowed = prepared
                .format()
                .map_or(plan.all_label_formats, |f| f.allowed_for(&plan));
            // Only types somebody asked for (see the module documentation).
            let wanted = cached.iter().any(|(t, _)| *t == spec.file_type);
            let present = cached.iter().any(|(_, key)| key[..] == prepared.key[..]);
            if format_allowed && wanted && !present {
                missing.push(prepared);
            }
        }
        // Drawn with no transaction open: a transaction holding an id while it waits for an
        // idle thread would hold back every log follower's horizon (see nls_eventlog::read).
        let mut drawn = Vec::with_capacity(missing.len());
        for prepared in missing {
            let (prepared, bytes) = self
                .drawer
                .draw(prepared, self.fonts.clone())
                .await
                .map_err(WorkerError::Task)?;
            match bytes {
                Ok(bytes) => drawn.push((prepared, bytes)),
                // A format the drawing code cannot lay out: nothing to pre-render; a GET
                // reports it.
                // Nor a label past a render bound (a GET answers 422 for it): retrying
                // would fail the same way forever.
                Err(
                    RenderError::UnsupportedFormat(_)
                    | RenderError::ImageTooLarge { .. }
                    | RenderError::StatementTooLong { .. },
                ) => continue,
                Err(err) => return Err(err.into()),
            }
        }
        if !drawn.is_empty() {
            let mut tx = self.pool.begin().await?;
            sqlx::query("set local synchronous_commit = off")
                .execute(&mut *tx)
                .await?;
            for (prepared, bytes) in &drawn {
                cache::store(&mut tx, recipe_id, prepared, bytes).await?;
            }
            tx.commit().await?;
        }
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
