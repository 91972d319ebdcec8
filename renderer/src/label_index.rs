//! Where each recipe's current label is, in memory: account, label hash and label format.
//!
//! This is what a label-file request needs before it can take the file from the hot-file
//! cache, so a cache hit never touches Postgres. Postgres stays the source of truth; an
//! entry is only a copy of `recipe_view`'s light columns, and every way the copy can go
//! stale is closed:
//!
//! - **Writes in this process.** The command forgets the recipe right after its commit,
//!   before it answers, so a GET after the write reads the new row (read-your-writes).
//! - **A read racing a write.** A reader takes a [`Ticket`] before it reads the row and
//!   keeps what it read only if nothing was forgotten since: a row read just before a
//!   commit can never be kept after that commit's invalidation.
//! - **Writes elsewhere.** [`follow`] forgets a recipe when its events or the renderer's
//!   announcement (`rendered.<id>`, sent after an ingredient change reached the recipe's
//!   label) arrive over NATS. Another process's write is therefore seen after the relay's
//!   publication lag (p99 under 50 ms).
//! - **The projector's changes.** Every event the projector applies itself (an ingredient
//!   change and its cascade, a sub-recipe's cascade, anything NATS delivered before the
//!   command's own transaction) makes it forget everything right after that commit.
//! - **Lost messages.** Nothing is kept while the NATS connection is down, everything is
//!   dropped on each interruption (disconnect, reconnect, slow consumer), and no entry is
//!   used after [`TTL`] whatever happens.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use nls_readmodel::notify::LabelsChanged;
use uuid::Uuid;

mod follow;

pub use follow::follow;

/// The longest an entry is used: bounds staleness even if an invalidation went missing.
pub const TTL: Duration = Duration::from_secs(5);
/// Entries kept at most; the index starts over when full (it refills from hits).
const MAX_ENTRIES: usize = 100_000;

/// The light columns of a recipe that has a label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelPointer {
    /// The recipe's account.
    pub account_id: Uuid,
    /// SHA-256 of the canonical label (`recipe_view.label_hash`).
    pub label_hash: [u8; 32],
    /// The recipe's label format id; `None` for the default.
    pub label_format: Option<Arc<str>>,
}

/// What `/readyz` reports about the index.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct IndexStatus {
    /// Following NATS: entries are kept and used. When not, label files are still served
    /// (each from Postgres), but another process's write would go unnoticed if kept.
    pub live: bool,
    /// Entries held.
    pub entries: usize,
    /// Why following last failed, while it has not followed again.
    pub last_error: Option<String>,
}

/// Proof of when a reader started reading a row (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticket(u64);

/// The index; cheap to clone, shared by the request handlers, [`follow`], and the command
/// side and the projector, which tell it what changed through [`LabelsChanged`].
#[derive(Clone, Default)]
pub struct LabelIndex {
    inner: Arc<Mutex<Inner>>,
}

#[derive(Default)]
struct Inner {
    /// Whether invalidations are arriving; nothing is kept or used otherwise.
    live: bool,
    /// Why [`follow`] last failed to subscribe, until it subscribes again.
    last_error: Option<String>,
    /// Bumped by every invalidation.
    generation: u64,
    entries: HashMap<Box<str>, Entry>,
}

struct Entry {
    pointer: LabelPointer,
    loaded_at: Instant,
}

impl LabelIndex {
    /// An empty index that keeps nothing until [`follow`] marks it live.
    pub fn new() -> LabelIndex {
        LabelIndex::default()
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The recipe's pointer, when one is held and still fresh.
    pub fn get(&self, recipe_id: &str) -> Option<LabelPointer> {
        self.get_at(recipe_id, Instant::now())
    }

    fn get_at(&self, recipe_id: &str, now: Instant) -> Option<LabelPointer> {
        let inner = self.lock();
        if !inner.live {
            return None;
        }
        let entry = inner.entries.get(recipe_id)?;
        (now.saturating_duration_since(entry.loaded_at) < TTL).then(|| entry.pointer.clone())
    }

    /// Taken before reading a row that may be [kept](Self::keep).
    pub fn ticket(&self) -> Ticket {
        Ticket(self.lock().generation)
    }

    /// Keeps what was read under `ticket`, unless something was forgotten since.
    pub fn keep(&self, ticket: Ticket, recipe_id: &str, pointer: LabelPointer) {
        self.keep_at(ticket, recipe_id, pointer, Instant::now());
    }

    fn keep_at(&self, ticket: Ticket, recipe_id: &str, pointer: LabelPointer, now: Instant) {
        let mut inner = self.lock();
        if !inner.live || inner.generation != ticket.0 {
            return;
        }
        if inner.entries.len() >= MAX_ENTRIES {
            inner.entries.clear();
        }
        let entry = Entry {
            pointer,
            loaded_at: now,
        };
        inner.entries.insert(recipe_id.into(), entry);
    }

    /// Drops the recipe's entry: its label may have changed.
    pub fn forget(&self, recipe_id: &str) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.entries.remove(recipe_id);
    }

    /// Drops every entry: an ingredient change may have reached any label.
    pub fn forget_all(&self) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.entries.clear();
    }

    /// Whether invalidations are arriving. Either way everything held is dropped: what was
    /// kept before an interruption may have missed its invalidation.
    pub fn set_live(&self, live: bool) {
        let mut inner = self.lock();
        inner.generation += 1;
        inner.entries.clear();
        inner.live = live;
    }

    /// Records why following failed (cleared when it follows again).
    pub(crate) fn set_error(&self, error: Option<String>) {
        self.lock().last_error = error;
    }

    /// Whether the index follows its invalidations, for `/readyz`.
    pub fn status(&self) -> IndexStatus {
        let inner = self.lock();
        IndexStatus {
            live: inner.live,
            entries: inner.entries.len(),
            last_error: inner.last_error.clone(),
        }
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.lock().entries.len()
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl LabelsChanged for LabelIndex {
    fn recipe(&self, recipe_id: &str) {
        self.forget(recipe_id);
    }

    fn any(&self) {
        self.forget_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pointer(byte: u8) -> LabelPointer {
        LabelPointer {
            account_id: Uuid::nil(),
            label_hash: [byte; 32],
            label_format: None,
        }
    }

    fn live() -> LabelIndex {
        let index = LabelIndex::new();
        index.set_live(true);
        index
    }

    #[test]
    fn nothing_is_kept_until_invalidations_arrive() {
        let index = LabelIndex::new();
        index.keep(index.ticket(), "rcp_1", pointer(1));
        assert_eq!(index.get("rcp_1"), None);
    }

    #[test]
    fn a_kept_pointer_is_served_until_forgotten() {
        let index = live();
        index.keep(index.ticket(), "rcp_1", pointer(1));
        assert_eq!(index.get("rcp_1"), Some(pointer(1)));
        index.forget("rcp_1");
        assert_eq!(index.get("rcp_1"), None);
    }

    #[test]
    fn a_read_that_raced_an_invalidation_is_not_kept() {
        let index = live();
        let ticket = index.ticket();
        // A write commits and forgets another recipe while the row is being read: the
        // generation is global, so the read is discarded whichever recipe it was.
        index.forget("rcp_2");
        index.keep(ticket, "rcp_1", pointer(1));
        assert_eq!(index.get("rcp_1"), None);
        index.keep(index.ticket(), "rcp_1", pointer(1));
        assert_eq!(index.get("rcp_1"), Some(pointer(1)));
    }

    #[test]
    fn entries_expire() {
        let index = live();
        let then = Instant::now();
        index.keep_at(index.ticket(), "rcp_1", pointer(1), then);
        assert!(index.get_at("rcp_1", then + TTL / 2).is_some());
        assert_eq!(index.get_at("rcp_1", then + TTL), None);
    }

    #[test]
    fn an_interruption_drops_everything() {
        let index = live();
        index.keep(index.ticket(), "rcp_1", pointer(1));
        index.set_live(false);
        assert_eq!(index.get("rcp_1"), None);
        index.set_live(true);
        assert_eq!(index.get("rcp_1"), None);
        index.keep(index.ticket(), "rcp_2", pointer(2));
        index.forget_all();
        assert!(index.is_empty());
    }
}
