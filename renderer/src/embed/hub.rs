//! One process-wide fan-out from NATS to the open embed pages.
//!
//! The hub holds two core-NATS subscriptions for the whole process (not one per page):
//! `<prefix>.rendered.*` (the renderer worker's announcement after a label changed, which
//! is how an ingredient change reaches its recipes) and `<prefix>.events.recipe.*` (the
//! recipe's own events: the write already updated the view, so this is the fastest signal
//! for a recipe PUT, and it carries revocations). A signal for a recipe nobody watches is
//! dropped at once. Otherwise the hub reads the recipe's view once, draws the SVG once
//! (cached by label hash), and broadcasts one [`Snapshot`] to every page of that recipe.
//!
//! In a process that also runs the projector, the hub listens to its in-process `applied`
//! announcements too: once an ingredient change has cascaded into its recipes' labels,
//! those recipes are read at once instead of after the renderer's re-rendering.
//!
//! Reads of one recipe never overlap: a signal arriving while its recipe is being read
//! marks it dirty and it is read again afterwards, so the last snapshot sent is always the
//! latest state. Memory is bounded by what is watched: a channel exists only while a page
//! holds a [`Subscription`], each channel buffers [`CHANNEL_CAPACITY`] snapshots (a slow
//! page that lags just gets the newest), and the SVG cache is capped at [`SVG_CACHE_MAX`].
//! Pages skip snapshots whose label they already show.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use futures::StreamExt;
use nls_eventlog::backoff::Backoff;
use nls_nutrition::Label;
use nls_readmodel::labels;
use nls_readmodel::notify::Applied;
use sqlx::PgPool;
use tokio::sync::{broadcast, watch};
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;

use crate::cache::{self, FileType, Prepared, Spec};
use crate::draw::{self, RenderOptions};

/// Snapshots buffered per watched recipe.
const CHANNEL_CAPACITY: usize = 8;
/// Drawn SVGs kept in memory (by label hash); the cache is emptied when full.
const SVG_CACHE_MAX: usize = 512;

/// A recipe label as the embed shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    /// Hex SHA-256 of the canonical label: the SSE event id and part of the page's ETag.
    pub hash: Arc<str>,
    /// The label as a standalone SVG element (no XML prolog), already escaped.
    pub svg: Arc<str>,
    /// The label's printed texts as an HTML table, for screen readers ([`super::semantic`]).
    pub table: Arc<str>,
    /// The label as schema.org `NutritionInformation` JSON-LD.
    pub json_ld: Arc<str>,
    /// The language of the page (the format's first).
    pub language: Arc<str>,
    /// `{"hash","svg","table","json_ld"}` as JSON: the SSE `label` event's data, serialised
    /// once for all pages.
    pub event_data: Arc<str>,
}

/// What one read of a recipe's view found.
#[derive(Debug, Clone, PartialEq)]
pub enum Snapshot {
    /// The embed is enabled under `token`; `label` is `None` when the recipe currently has
    /// no computable label.
    Live {
        /// The current embed token.
        token: Arc<str>,
        /// The current label, drawn.
        label: Option<Drawn>,
    },
    /// The embed is disabled, or the recipe deleted: every token of it is dead.
    Gone,
}

impl Drawn {
    fn new(hash: Arc<str>, svg: Arc<str>, label: &nls_nutrition::Label) -> Drawn {
        let format = nls_nutrition::format(&label.format);
        let semantic = format.map(|f| super::semantic::semantic(label, f));
        let (table, json_ld) = semantic.map_or_else(
            || (String::new(), String::new()),
            |s| (s.table_html, s.json_ld),
        );
        let language = format
            .and_then(|f| f.languages.first())
            .map_or("en", String::as_str);
        let event_data = serde_json::json!({
            "hash": &*hash,
            "svg": &*svg,
            "table": &table,
            "json_ld": &json_ld,
        })
        .to_string()
        .into();
        Drawn {
            hash,
            svg,
            table: table.into(),
            json_ld: json_ld.into(),
            language: language.into(),
            event_data,
        }
    }
}

impl Snapshot {
    /// Whether `token` still shows this recipe.
    pub fn admits(&self, token: &str) -> bool {
        matches!(self, Snapshot::Live { token: t, .. } if &**t == token)
    }
}

/// What `/readyz` reports about the hub.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct HubStatus {
    /// Subscribed to the label changes over a connected NATS client.
    pub listening: bool,
    /// Embed streams open in this process.
    pub streams: usize,
    /// Why the listener last failed, while it has not listened again.
    pub last_error: Option<String>,
}

fn is_connected(nats: &async_nats::Client) -> bool {
    nats.connection_state() == async_nats::connection::State::Connected
}

/// The fan-out; cheap to clone.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

struct Inner {
    pool: PgPool,
    /// Whether the NATS listener is subscribed and connected (pages get pushed changes).
    listening: AtomicBool,
    /// Why the listener last failed, until it listens again.
    last_error: Mutex<Option<String>>,
    channels: Mutex<HashMap<String, broadcast::Sender<Arc<Snapshot>>>>,
    svgs: Mutex<HashMap<[u8; 32], Drawn>>,
}

/// A page's interest in one recipe; dropping it frees the channel when it was the last.
pub struct Subscription {
    hub: Hub,
    recipe_id: String,
    receiver: Option<broadcast::Receiver<Arc<Snapshot>>>,
}

impl Subscription {
    /// The next snapshot; after a lag, the newest one. `None` when the hub stopped.
    pub async fn next(&mut self) -> Option<Arc<Snapshot>> {
        let receiver = self.receiver.as_mut()?;
        loop {
            match receiver.recv().await {
                Ok(snapshot) => return Some(snapshot),
                // Older snapshots are superseded anyway; the next one is current.
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        // Under the lock: a concurrent subscribe either sees the entry (and keeps it) or not.
        let mut channels = self
            .hub
            .inner
            .channels
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        drop(self.receiver.take());
        if channels
            .get(&self.recipe_id)
            .is_some_and(|tx| tx.receiver_count() == 0)
        {
            channels.remove(&self.recipe_id);
        }
    }
}

impl Hub {
    /// A hub without NATS (nothing is pushed); [`Hub::start`] is the real one.
    pub fn new(pool: PgPool) -> Hub {
        Hub {
            inner: Arc::new(Inner {
                pool,
                listening: AtomicBool::new(false),
                last_error: Mutex::new(None),
                channels: Mutex::new(HashMap::new()),
                svgs: Mutex::new(HashMap::new()),
            }),
        }
    }

    /// Starts the hub's NATS listener under `subject_prefix`; it runs until `shutdown`.
    /// `applied` is the projector's announcement channel when it runs in this process.
    pub fn start(
        pool: PgPool,
        nats: async_nats::Client,
        interruptions: watch::Receiver<u64>,
        subject_prefix: &str,
        applied: Option<broadcast::Receiver<Applied>>,
        shutdown: CancellationToken,
    ) -> (Hub, tokio::task::JoinHandle<()>) {
        let hub = Hub::new(pool);
        let task = tokio::spawn(hub.clone().listen(
            nats,
            interruptions,
            subject_prefix.to_owned(),
            applied,
            shutdown,
        ));
        (hub, task)
    }

    /// Whether the hub pushes changes to open pages, for `/readyz`.
    pub fn status(&self) -> HubStatus {
        HubStatus {
            listening: self.inner.listening.load(Ordering::Relaxed),
            streams: self.streams(),
            last_error: self
                .inner
                .last_error
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone(),
        }
    }

    fn set_listening(&self, listening: bool, error: Option<String>) {
        self.inner.listening.store(listening, Ordering::Relaxed);
        if listening || error.is_some() {
            *self
                .inner
                .last_error
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = error;
        }
    }

    /// How many recipes are watched (open pages' distinct recipes).
    pub fn watched(&self) -> usize {
        self.lock_channels().len()
    }

    /// How many embed streams are open in this process.
    pub fn streams(&self) -> usize {
        self.lock_channels()
            .values()
            .map(broadcast::Sender::receiver_count)
            .sum()
    }

    fn lock_channels(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<String, broadcast::Sender<Arc<Snapshot>>>> {
        self.inner
            .channels
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Registers interest in `recipe_id`. Subscribe before reading the current state, so
    /// no change between the read and the subscription is missed.
    pub fn subscribe(&self, recipe_id: &str) -> Subscription {
        let mut channels = self.lock_channels();
        let receiver = match channels.get(recipe_id) {
            Some(tx) => tx.subscribe(),
            None => {
                let (tx, rx) = broadcast::channel(CHANNEL_CAPACITY);
                channels.insert(recipe_id.to_owned(), tx);
                rx
            }
        };
        Subscription {
            hub: self.clone(),
            recipe_id: recipe_id.to_owned(),
            receiver: Some(receiver),
        }
    }

    fn is_watched(&self, recipe_id: &str) -> bool {
        self.lock_channels().contains_key(recipe_id)
    }

    /// The recipe behind a live `token`, or `None` (unknown, revoked or deleted).
    pub async fn recipe_of(&self, token: &str) -> Result<Option<String>, sqlx::Error> {
        labels::recipe_of_token(&self.inner.pool, token).await
    }

    /// The recipe behind a live `token` and its current label, or `None` (unknown, revoked
    /// or deleted).
    pub async fn by_token(&self, token: &str) -> Result<Option<(String, Snapshot)>, sqlx::Error> {
        let Some((recipe_id, label)) = labels::label_of_token(&self.inner.pool, token).await?
        else {
            return Ok(None);
        };
        let snapshot = Snapshot::Live {
            token: token.into(),
            label: self.draw(label.as_ref()),
        };
        Ok(Some((recipe_id, snapshot)))
    }

    /// Reads one recipe's view.
    async fn by_recipe(&self, recipe_id: &str) -> Result<Snapshot, sqlx::Error> {
        let Some(row) = labels::embed(&self.inner.pool, recipe_id).await? else {
            return Ok(Snapshot::Gone);
        };
        Ok(match row.embed_token {
            Some(token) if !row.deleted => Snapshot::Live {
                token: token.into(),
                label: self.draw(row.label.as_ref()),
            },
            _ => Snapshot::Gone,
        })
    }

    /// Draws a stored label (cached by hash). A label that cannot be parsed or drawn
    /// shows as no label; the label endpoints report the problem.
    fn draw(&self, label: Option<&serde_json::Value>) -> Option<Drawn> {
        let label = label?;
        let options = RenderOptions::default();
        let prepared = match Prepared::from_json(
            label,
            Spec::new(FileType::Svg, options.width_px, options.scale, false),
        ) {
            Ok(prepared) => prepared,
            Err(err) => {
                tracing::error!(error = %err, "embed: stored label is not a label");
                return None;
            }
        };
        let hash: Arc<str> = cache::hex(&prepared.label_hash).into();
        let cached = self
            .inner
            .svgs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&prepared.label_hash)
            .cloned();
        if cached.is_some() {
            return cached;
        }
        let svg: Arc<str> = match draw_svg(&prepared.label, &options) {
            Some(svg) => with_front_of_pack(svg, &prepared.label).into(),
            None => return None,
        };
        let drawn = Drawn::new(hash, svg, &prepared.label);
        let mut svgs = self
            .inner
            .svgs
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if svgs.len() >= SVG_CACHE_MAX {
            svgs.clear();
        }
        svgs.insert(prepared.label_hash, drawn.clone());
        Some(drawn)
    }

    /// Reads `recipe_id` and broadcasts the snapshot to its pages.
    async fn refresh(&self, recipe_id: &str) {
        if !self.is_watched(recipe_id) {
            return;
        }
        let snapshot = match self.by_recipe(recipe_id).await {
            Ok(snapshot) => Arc::new(snapshot),
            Err(err) => {
                tracing::warn!(error = %err, recipe_id, "embed: cannot read a recipe for its pages");
                return;
            }
        };
        if let Some(tx) = self.lock_channels().get(recipe_id) {
            // No receivers left is fine.
            let _ = tx.send(snapshot);
        }
    }

    /// Sends every watched recipe's current state (after a NATS reconnect, when
    /// announcements may have been missed).
    async fn refresh_all(&self) {
        let ids: Vec<String> = self.lock_channels().keys().cloned().collect();
        for id in ids {
            self.refresh(&id).await;
        }
    }

    async fn listen(
        self,
        nats: async_nats::Client,
        mut interruptions: watch::Receiver<u64>,
        prefix: String,
        mut applied: Option<broadcast::Receiver<Applied>>,
        shutdown: CancellationToken,
    ) {
        let mut backoff = Backoff::new(Duration::from_millis(200), Duration::from_secs(3));
        while !shutdown.is_cancelled() {
            match self
                .listen_once(&nats, &mut interruptions, &prefix, &mut applied, &shutdown)
                .await
            {
                Ok(()) => {
                    self.set_listening(false, None);
                    return;
                }
                Err(err) => {
                    tracing::warn!(error = %err, "embed hub: NATS subscription failed; retrying");
                    self.set_listening(false, Some(format!("cannot subscribe: {err}")));
                    if !backoff.wait(&shutdown).await {
                        return;
                    }
                }
            }
        }
    }

    async fn listen_once(
        &self,
        nats: &async_nats::Client,
        interruptions: &mut watch::Receiver<u64>,
        prefix: &str,
        applied: &mut Option<broadcast::Receiver<Applied>>,
        shutdown: &CancellationToken,
    ) -> Result<(), async_nats::SubscribeError> {
        // Recipes found by the `applied` path's dependents lookups.
        let (extra_tx, mut extra) = tokio::sync::mpsc::unbounded_channel::<String>();
        let rendered = nats.subscribe(format!("{prefix}.rendered.*")).await?;
        let events = nats.subscribe(format!("{prefix}.events.recipe.*")).await?;
        let mut signals = futures::stream::select(rendered, events);
        // Pages opened while the subscription was down may have missed a change.
        interruptions.mark_unchanged();
        self.set_listening(is_connected(nats), None);
        self.refresh_all().await;
        // Recipe id -> whether another signal came while it was being read.
        let mut in_flight: HashMap<String, bool> = HashMap::new();
        let mut reads: JoinSet<String> = JoinSet::new();
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => return Ok(()),
                message = signals.next() => {
                    let Some(message) = message else {
                        return Ok(());
                    };
                    let Some(recipe_id) = message.subject.rsplit('.').next() else { continue };
                    self.signal(recipe_id, &mut in_flight, &mut reads);
                }
                Some(recipe_id) = extra.recv() => {
                    self.signal(&recipe_id, &mut in_flight, &mut reads);
                }
                event = next_applied(applied) => {
                    if self.watched() > 0 {
                        tokio::spawn(self.clone().dependents(event.stream_id, extra_tx.clone()));
                    }
                }
                Some(done) = reads.join_next(), if !reads.is_empty() => {
                    let Ok(recipe_id) = done else { continue };
                    if in_flight.get(&recipe_id) == Some(&true) {
                        in_flight.insert(recipe_id.clone(), false);
                        reads.spawn(self.clone().refresh_owned(recipe_id));
                    } else {
                        in_flight.remove(&recipe_id);
                    }
                }
                changed = interruptions.changed() => {
                    // The client is gone: so is every signal this loop could get.
                    if changed.is_err() {
                        return Ok(());
                    }
                    // async-nats keeps subscriptions across reconnects, but messages sent
                    // while disconnected (or dropped as a slow consumer) are lost: resend
                    // current state once connected again.
                    let connected = is_connected(nats);
                    self.set_listening(connected, None);
                    if connected {
                        self.refresh_all().await;
                    }
                }
            }
        }
    }

    /// Starts a read of `recipe_id` if it is watched, or marks the running one dirty.
    fn signal(
        &self,
        recipe_id: &str,
        in_flight: &mut HashMap<String, bool>,
        reads: &mut JoinSet<String>,
    ) {
        if !self.is_watched(recipe_id) {
            return;
        }
        match in_flight.get_mut(recipe_id) {
            Some(dirty) => *dirty = true,
            None => {
                in_flight.insert(recipe_id.to_owned(), false);
                reads.spawn(self.clone().refresh_owned(recipe_id.to_owned()));
            }
        }
    }

    /// Signals the watched recipes that use `stream_id` (its labels were just recomputed).
    async fn dependents(
        self,
        stream_id: String,
        signals: tokio::sync::mpsc::UnboundedSender<String>,
    ) {
        let found = match self.inner.pool.acquire().await {
            Ok(mut conn) => nls_readmodel::cascade::dependents(&mut conn, &stream_id).await,
            Err(err) => Err(err),
        };
        match found {
            Ok(ids) => {
                for id in ids {
                    if self.is_watched(&id) {
                        let _ = signals.send(id);
                    }
                }
            }
            Err(err) => tracing::warn!(error = %err, "embed: cannot look up dependents"),
        }
    }

    async fn refresh_owned(self, recipe_id: String) -> String {
        self.refresh(&recipe_id).await;
        recipe_id
    }
}

/// The next projector announcement; pending forever without a projector in this process.
async fn next_applied(applied: &mut Option<broadcast::Receiver<Applied>>) -> Applied {
    loop {
        match applied {
            Some(rx) => match rx.recv().await {
                Ok(event) => return event,
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => *applied = None,
            },
            None => std::future::pending::<()>().await,
        }
    }
}

/// Width of a front-of-pack element under the label in the embed.
const FOP_WIDTH_PX: f32 = 160.0;

/// The label followed by the front-of-pack elements it carries (the market's mandatory
/// schemes and those the recipe chose), each in a `div.nls-fop`. An element the renderer
/// cannot draw (a scheme whose printed form is not in our references) is left out; the
/// label file endpoints say why.
fn with_front_of_pack(mut html: String, label: &Label) -> String {
    let options = RenderOptions {
        width_px: FOP_WIDTH_PX,
        ..RenderOptions::default()
    };
    for result in &label.front_of_pack {
        if let Ok(svg) = draw::fop::svg(result, &options) {
            let start = svg.find("<svg").unwrap_or(0);
            html.push_str("<div class=\"nls-fop\">");
            html.push_str(&svg[start..]);
            html.push_str("</div>");
        }
    }
    html
}

/// `draw::svg` without the XML prolog (the SVG is inlined into HTML).
fn draw_svg(label: &Label, options: &RenderOptions) -> Option<String> {
    match draw::svg(label, options) {
        Ok(svg) => Some(match svg.find("<svg") {
            Some(start) => svg[start..].to_owned(),
            None => svg,
        }),
        Err(err) => {
            tracing::warn!(error = %err, "embed: label cannot be drawn");
            None
        }
    }
}
