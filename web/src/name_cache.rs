//! Each account's custom ingredient names, kept in memory so that resolving a recipe's or an
//! analysis's entries by name reads nothing from the database (issue 27: an analysis or a
//! create of database foods then needs no connection at all before its write).
//!
//! # Why a cached answer is still the right one
//!
//! The same guarantee as the authentications' ([`crate::auth_cache`], [`crate::lease`]):
//! a trigger on `ingredient_view` notifies `ingredients:<account>` whenever a row appears,
//! disappears, or changes its name, `archived` or `deleted` (migration 0018), and every
//! ingredient write returns only once every process whose lease is live has acknowledged a
//! barrier sent after its commit. So a request that starts after an ingredient write returned
//! resolves names against that write in every process. Names are used from memory only while
//! the process's lease is live; otherwise they are read as before.
//!
//! # Lookups racing a change
//!
//! As for authentications: every change bumps the table's epoch before it drops entries, and
//! a set read from the database is stored only if the epoch is still the one seen before the
//! read.
//!
//! # Bounds
//!
//! At most [`ACCOUNTS`] accounts, each with at most [`NAMES_PER_ACCOUNT`] names (a larger
//! catalogue is read per request, as before), each entry for at most [`TTL`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use uuid::Uuid;

/// The longest a set of names is served from memory without being read again.
pub const TTL: Duration = Duration::from_secs(60);
/// Accounts whose names are held.
pub const ACCOUNTS: usize = 10_000;
/// An account with more live custom ingredients than this has its names read per request.
pub const NAMES_PER_ACCOUNT: usize = 2_000;

/// An account's live custom ingredients by lowercase name (`lower(name)` as Postgres
/// computes it): the ingredient's id and its name as written. The oldest id wins a name
/// shared by several.
pub type NameIndex = HashMap<String, (String, String)>;

/// The held name sets.
#[derive(Debug, Default)]
pub struct NameTable {
    epoch: AtomicU64,
    state: RwLock<HashMap<Uuid, Held>>,
}

#[derive(Debug)]
struct Held {
    names: Arc<NameIndex>,
    until: Instant,
}

impl NameTable {
    /// The account's names, when held and fresh.
    pub fn get(&self, account: Uuid, now: Instant) -> Option<Arc<NameIndex>> {
        let state = self
            .state
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        state
            .get(&account)
            .filter(|held| held.until > now)
            .map(|held| Arc::clone(&held.names))
    }

    /// The epoch to pass to [`NameTable::insert`], read before the database is.
    pub fn epoch(&self) -> u64 {
        self.epoch.load(Ordering::SeqCst)
    }

    /// Holds `names` (read at `read_at`) unless something changed since `epoch` was read, or
    /// the set is over [`NAMES_PER_ACCOUNT`].
    pub fn insert(&self, account: Uuid, names: Arc<NameIndex>, read_at: Instant, epoch: u64) {
        if names.len() > NAMES_PER_ACCOUNT {
            return;
        }
        let mut state = self
            .state
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if self.epoch.load(Ordering::SeqCst) != epoch {
            return;
        }
        if state.len() >= ACCOUNTS && !state.contains_key(&account) {
            let now = Instant::now();
            state.retain(|_, held| held.until > now);
            if state.len() >= ACCOUNTS {
                return;
            }
        }
        state.insert(
            account,
            Held {
                names,
                until: read_at + TTL,
            },
        );
    }

    /// Drops the account's names, or every account's with `None`.
    pub fn forget(&self, account: Option<Uuid>) {
        // The epoch first: a read under way when this runs must not store its answer.
        self.epoch.fetch_add(1, Ordering::SeqCst);
        let mut state = self
            .state
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match account {
            Some(account) => {
                state.remove(&account);
            }
            None => state.clear(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(pairs: &[(&str, &str)]) -> Arc<NameIndex> {
        Arc::new(
            pairs
                .iter()
                .map(|(id, name)| (name.to_lowercase(), ((*id).to_owned(), (*name).to_owned())))
                .collect(),
        )
    }

    #[test]
    fn a_set_read_before_a_change_is_not_held() {
        let table = NameTable::default();
        let account = Uuid::now_v7();
        let epoch = table.epoch();
        table.forget(Some(account));
        table.insert(
            account,
            names(&[("ing_1", "Oat milk")]),
            Instant::now(),
            epoch,
        );
        assert!(table.get(account, Instant::now()).is_none());
        let epoch = table.epoch();
        table.insert(
            account,
            names(&[("ing_1", "Oat milk")]),
            Instant::now(),
            epoch,
        );
        let held = table.get(account, Instant::now()).expect("held");
        assert_eq!(held["oat milk"].0, "ing_1");
    }

    #[test]
    fn forgetting_one_account_keeps_the_others_and_none_drops_all() {
        let table = NameTable::default();
        let (a, b) = (Uuid::now_v7(), Uuid::now_v7());
        for account in [a, b] {
            let epoch = table.epoch();
            table.insert(account, names(&[("ing_1", "Ghee")]), Instant::now(), epoch);
        }
        table.forget(Some(a));
        assert!(table.get(a, Instant::now()).is_none());
        assert!(table.get(b, Instant::now()).is_some());
        table.forget(None);
        assert!(table.get(b, Instant::now()).is_none());
    }

    #[test]
    fn sets_expire_and_large_catalogues_are_not_held() {
        let table = NameTable::default();
        let account = Uuid::now_v7();
        let epoch = table.epoch();
        let read_at = Instant::now();
        table.insert(account, names(&[("ing_1", "Ghee")]), read_at, epoch);
        assert!(table.get(account, read_at + TTL).is_none());
        let many: NameIndex = (0..=NAMES_PER_ACCOUNT)
            .map(|i| (format!("n{i}"), (format!("ing_{i}"), format!("N{i}"))))
            .collect();
        let other = Uuid::now_v7();
        table.insert(other, Arc::new(many), Instant::now(), table.epoch());
        assert!(table.get(other, Instant::now()).is_none());
    }
}
