//! The authentications a process has looked up (API keys, app sessions, export tokens),
//! kept in memory so that a keyed request reads nothing from the database to know who is
//! calling (issue 27, item 1).
//!
//! # Why a cached answer is still the right one
//!
//! Whatever ends or changes an authentication (a revoked key, a sign-out, a plan change)
//! makes Postgres notify every process, and the revocation returns only once every process
//! whose lease is live has acknowledged it (see [`crate::lease`]): each has dropped what it
//! cached for that account by then. A process whose lease is not live serves no keyed request
//! at all ([`AuthCache::admit`] answers 503), and drops the whole cache before it serves again,
//! since it may have missed notifications. The lease's validity is a monotonic instant held
//! here, so a process frozen (SIGSTOP) past its lease refuses at once when it resumes, before
//! its lease task has run.
//!
//! # Lookups racing a revocation
//!
//! A request that read an authentication from the database just before a revocation must not
//! put it into the cache just after the notification dropped it. Every change bumps the
//! cache's epoch before it drops entries, and an entry is stored only if the epoch is still
//! the one seen before the read (checked under the table's lock).
//!
//! # Bounds
//!
//! Each table holds at most [`CAPACITY`] entries (beyond that, lookups go to the database,
//! as before), and an entry lives at most [`TTL`], or until its session expires: a second
//! line of defence should a notification ever be lost without the connection dropping.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use uuid::Uuid;

use crate::auth::{Caller, KeyAuth};
use crate::error::{ApiError, ErrorCode};
use crate::session::SessionCaller;

/// The longest an authentication is served from memory without being read again.
pub const TTL: Duration = Duration::from_secs(60);
/// Entries per table (keys, app sessions, export tokens).
pub const CAPACITY: usize = 10_000;
/// How often a full table looks for expired entries to make room.
const PURGE_EVERY: Duration = Duration::from_secs(1);
/// What a refused request is told to wait: about one renewal of the lease.
const RETRY_AFTER_SECS: u64 = 1;

/// A credential's SHA-256 (keys, cookies and tokens are stored only as these).
pub type Digest = [u8; 32];

/// The SHA-256 of a credential, as the tables index it.
pub fn digest_of(hash: &[u8]) -> Option<Digest> {
    hash.try_into().ok()
}

/// Which account an entry belongs to: a change to the account drops it.
pub trait OfAccount {
    fn account_id(&self) -> Uuid;
}

impl OfAccount for KeyAuth {
    fn account_id(&self) -> Uuid {
        self.caller.account_id
    }
}
impl OfAccount for Caller {
    fn account_id(&self) -> Uuid {
        self.account_id
    }
}
impl OfAccount for SessionCaller {
    fn account_id(&self) -> Uuid {
        self.account_id
    }
}

/// One table of authentications by credential digest.
#[derive(Debug)]
pub struct Table<V> {
    state: RwLock<TableState<V>>,
}

#[derive(Debug)]
struct TableState<V> {
    entries: HashMap<Digest, Entry<V>>,
    next_purge: Option<Instant>,
}

#[derive(Debug)]
struct Entry<V> {
    value: V,
    until: Instant,
}

impl<V: Clone + OfAccount> Table<V> {
    fn new() -> Self {
        Self {
            state: RwLock::new(TableState {
                entries: HashMap::new(),
                next_purge: None,
            }),
        }
    }

    fn get(&self, digest: &Digest, now: Instant) -> Option<V> {
        let state = self
            .state
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        state
            .entries
            .get(digest)
            .filter(|entry| entry.until > now)
            .map(|entry| entry.value.clone())
    }

    /// Stores `value` unless the cache changed since `epoch` was read (see the module docs).
    fn insert(&self, digest: Digest, value: V, until: Instant, epoch: u64, current: &AtomicU64) {
        let mut state = self
            .state
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if current.load(Ordering::SeqCst) != epoch {
            return;
        }
        let now = Instant::now();
        if state.entries.len() >= CAPACITY && !state.entries.contains_key(&digest) {
            if state.next_purge.is_some_and(|next| now < next) {
                return;
            }
            state.entries.retain(|_, entry| entry.until > now);
            state.next_purge = Some(now + PURGE_EVERY);
            if state.entries.len() >= CAPACITY {
                return;
            }
        }
        state.entries.insert(digest, Entry { value, until });
    }

    fn forget(&self, account: Option<Uuid>) {
        let mut state = self
            .state
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match account {
            Some(account) => state
                .entries
                .retain(|_, entry| entry.value.account_id() != account),
            None => state.entries.clear(),
        }
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.state
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entries
            .len()
    }
}

/// The cache and the process lease's validity, shared by the middlewares and extractors
/// (and, as a request extension, by the extractors of every route).
#[derive(Debug, Clone)]
pub struct AuthCache(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    origin: Instant,
    /// Nanoseconds after `origin` until which the lease is valid; 0 when it is not.
    live_until: AtomicU64,
    epoch: AtomicU64,
    keys: Table<KeyAuth>,
    app_sessions: Table<Caller>,
    tokens: Table<SessionCaller>,
    /// Custom ingredient names, invalidated through the same lease (crate::name_cache).
    names: crate::name_cache::NameTable,
}

impl Default for AuthCache {
    fn default() -> Self {
        Self::new()
    }
}

impl AuthCache {
    /// An empty cache whose lease is not live yet (keyed requests get 503 until the lease
    /// task has registered the process).
    pub fn new() -> Self {
        Self(Arc::new(Inner {
            origin: Instant::now(),
            live_until: AtomicU64::new(0),
            epoch: AtomicU64::new(0),
            keys: Table::new(),
            app_sessions: Table::new(),
            tokens: Table::new(),
            names: crate::name_cache::NameTable::default(),
        }))
    }

    fn nanos(&self, at: Instant) -> u64 {
        u64::try_from(at.saturating_duration_since(self.0.origin).as_nanos()).unwrap_or(u64::MAX)
    }

    /// Whether the lease is valid at `at`.
    pub fn is_live(&self, at: Instant) -> bool {
        self.nanos(at) < self.0.live_until.load(Ordering::SeqCst)
    }

    /// 503 `unavailable` with `Retry-After` when this process's lease is not live: it may
    /// have missed a revocation, so it serves no keyed request until it has renewed.
    pub fn admit(&self) -> Result<(), ApiError> {
        if self.is_live(Instant::now()) {
            return Ok(());
        }
        Err(ApiError::new(
            ErrorCode::Unavailable,
            "this server cannot confirm revocations at the moment; retry shortly",
        )
        .with_retry_after(RETRY_AFTER_SECS))
    }

    /// The lease is valid until `until` (an instant taken before the renewal was sent).
    pub fn live_until(&self, until: Instant) {
        self.0
            .live_until
            .store(self.nanos(until).max(1), Ordering::SeqCst);
    }

    /// The lease is no longer valid: keyed requests are refused from now on.
    pub fn lapse(&self) {
        self.0.live_until.store(0, Ordering::SeqCst);
    }

    /// The epoch to pass to an insert after a lookup in the database.
    pub fn epoch(&self) -> u64 {
        self.0.epoch.load(Ordering::SeqCst)
    }

    /// Drops what is cached for `account` (every table), or everything with `None`.
    pub fn forget(&self, account: Option<Uuid>) {
        // The epoch first: a lookup under way when this runs must not store its answer.
        self.0.epoch.fetch_add(1, Ordering::SeqCst);
        self.0.keys.forget(account);
        self.0.app_sessions.forget(account);
        self.0.tokens.forget(account);
        if account.is_none() {
            // Everything: the lease lapsed or a notification was not understood.
            self.0.names.forget(None);
        }
    }

    /// Drops the account's custom ingredient names (an ingredient appeared, was renamed,
    /// archived, restored or deleted).
    pub fn forget_names(&self, account: Uuid) {
        self.0.names.forget(Some(account));
    }

    /// The custom ingredient names held, usable only while [`AuthCache::is_live`].
    pub fn names(&self) -> &crate::name_cache::NameTable {
        &self.0.names
    }

    /// The table of API keys.
    pub fn keys(&self) -> &Table<KeyAuth> {
        &self.0.keys
    }

    /// The table of app sessions (cookies).
    pub fn app_sessions(&self) -> &Table<Caller> {
        &self.0.app_sessions
    }

    /// The table of export tokens.
    pub fn tokens(&self) -> &Table<SessionCaller> {
        &self.0.tokens
    }
}

/// The authentication behind `digest`: from `table` when cached, else from `load`
/// (`None`: unknown, revoked or expired; otherwise the value and how long it stays valid,
/// if less than [`TTL`]), which is then cached. Without a cache (a router built without
/// one), every lookup loads. With one whose lease is not live, 503 before anything else.
pub async fn cached<V, F, Fut>(
    cache: Option<&AuthCache>,
    table: impl Fn(&AuthCache) -> &Table<V>,
    digest: &[u8],
    load: F,
) -> Result<Option<V>, ApiError>
where
    V: Clone + OfAccount,
    F: FnOnce() -> Fut,
    Fut: Future<Output = Result<Option<(V, Option<Duration>)>, ApiError>>,
{
    let (Some(cache), Some(digest)) = (cache, digest_of(digest)) else {
        return Ok(load().await?.map(|(value, _)| value));
    };
    cache.admit()?;
    if let Some(value) = table(cache).get(&digest, Instant::now()) {
        return Ok(Some(value));
    }
    let epoch = cache.epoch();
    let read_at = Instant::now();
    let Some((value, left)) = load().await? else {
        return Ok(None);
    };
    let lasts = left.map_or(TTL, |left| left.min(TTL));
    table(cache).insert(
        digest,
        value.clone(),
        read_at + lasts,
        epoch,
        &cache.0.epoch,
    );
    Ok(Some(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caller(account_id: Uuid) -> Caller {
        Caller {
            account_id,
            key_id: Uuid::nil(),
            plan: Arc::new(crate::auth::Plan {
                id: "free".into(),
                rank: 0,
                all_label_formats: false,
                export_file_types: Vec::new(),
                export_watermarked: true,
                live_embed: false,
                rest_access: false,
                rate_limit_per_minute: 60,
                max_concurrent_renders: 1,
                webhooks: false,
            }),
            via: crate::auth::Via::AppSession,
        }
    }

    async fn lookup(cache: &AuthCache, digest: &[u8], loads: &mut u32, found: Caller) -> bool {
        let result: Result<Option<Caller>, ApiError> =
            cached(Some(cache), AuthCache::app_sessions, digest, || {
                *loads += 1;
                async move { Ok(Some((found, None))) }
            })
            .await;
        result.is_ok_and(|found| found.is_some())
    }

    #[tokio::test]
    async fn nothing_is_served_before_the_lease_is_live_or_after_it_lapses() {
        let cache = AuthCache::new();
        let mut loads = 0;
        assert!(!lookup(&cache, &[1; 32], &mut loads, caller(Uuid::nil())).await);
        assert_eq!(loads, 0, "refused before any lookup");
        cache.live_until(Instant::now() + Duration::from_secs(5));
        assert!(lookup(&cache, &[1; 32], &mut loads, caller(Uuid::nil())).await);
        cache.lapse();
        assert!(cache.admit().is_err());
        // A lease whose end has passed (a process resumed after a pause) refuses too.
        cache.live_until(Instant::now());
        assert!(cache.admit().is_err());
    }

    #[tokio::test]
    async fn a_cached_authentication_is_served_until_its_account_changes() {
        let cache = AuthCache::new();
        cache.live_until(Instant::now() + Duration::from_secs(5));
        let (mine, other) = (Uuid::now_v7(), Uuid::now_v7());
        let mut loads = 0;
        for _ in 0..3 {
            assert!(lookup(&cache, &[1; 32], &mut loads, caller(mine)).await);
        }
        assert!(lookup(&cache, &[2; 32], &mut loads, caller(other)).await);
        assert_eq!(loads, 2, "one load per credential");
        cache.forget(Some(mine));
        assert_eq!(cache.app_sessions().len(), 1, "the other account's stays");
        assert!(lookup(&cache, &[1; 32], &mut loads, caller(mine)).await);
        assert_eq!(loads, 3);
        cache.forget(None);
        assert_eq!(cache.app_sessions().len(), 0);
    }

    #[test]
    fn a_lookup_that_raced_a_change_is_not_stored() {
        let cache = AuthCache::new();
        let epoch = cache.epoch();
        cache.forget(Some(Uuid::nil()));
        let later = Instant::now() + TTL;
        cache
            .app_sessions()
            .insert([3; 32], caller(Uuid::nil()), later, epoch, &cache.0.epoch);
        assert_eq!(cache.app_sessions().len(), 0);
        cache.app_sessions().insert(
            [3; 32],
            caller(Uuid::nil()),
            later,
            cache.epoch(),
            &cache.0.epoch,
        );
        assert_eq!(cache.app_sessions().len(), 1);
    }

    #[test]
    fn entries_expire_and_a_full_table_makes_room_only_from_expired_ones() {
        let table: Table<Caller> = Table::new();
        let epoch = AtomicU64::new(0);
        let now = Instant::now();
        assert!(table.get(&[0; 32], now).is_none());
        for i in 0..CAPACITY {
            let mut digest = [0u8; 32];
            digest[..8].copy_from_slice(&(i as u64).to_le_bytes());
            // Half of them already expired.
            let until = if i % 2 == 0 { now } else { now + TTL };
            table.insert(digest, caller(Uuid::nil()), until, 0, &epoch);
        }
        assert!(table.get(&[0; 32], now).is_none(), "expired");
        table.insert([0xff; 32], caller(Uuid::nil()), now + TTL, 0, &epoch);
        assert_eq!(table.len(), CAPACITY / 2 + 1);
        assert!(table.get(&[0xff; 32], now).is_some());
    }
}
