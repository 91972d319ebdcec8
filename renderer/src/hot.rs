//! The most recently served label files, in memory.
//!
//! Files are keyed by their content key (see [`crate::cache`]), so an entry can never be
//! stale: a changed label has another key. What this saves is the database round trip and
//! the copy of the file's bytes for every hit; the database stays the store of record.
//! Bounded by total size: the oldest entries go first.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use bytes::Bytes;

/// The default budget: room for a few thousand labels.
pub const DEFAULT_BYTES: usize = 64 * 1024 * 1024;

/// A size-bounded map from file key to file bytes, shared by the request handlers.
#[derive(Clone)]
pub struct HotFiles {
    inner: Arc<Mutex<Inner>>,
}

struct Inner {
    budget: usize,
    used: usize,
    files: HashMap<[u8; 32], Bytes>,
    /// Insertion order, for eviction.
    order: VecDeque<[u8; 32]>,
}

impl HotFiles {
    /// An empty cache holding at most `budget` bytes of files.
    pub fn new(budget: usize) -> HotFiles {
        HotFiles {
            inner: Arc::new(Mutex::new(Inner {
                budget,
                used: 0,
                files: HashMap::new(),
                order: VecDeque::new(),
            })),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The file under `key`, if it is held.
    pub fn get(&self, key: &[u8; 32]) -> Option<Bytes> {
        self.lock().files.get(key).cloned()
    }

    /// Keeps `bytes` under `key`, evicting the oldest files to stay within the budget.
    /// A file larger than a quarter of the budget is not kept.
    pub fn insert(&self, key: [u8; 32], bytes: Bytes) {
        let mut inner = self.lock();
        if bytes.len() > inner.budget / 4 || inner.files.contains_key(&key) {
            return;
        }
        inner.used += bytes.len();
        inner.files.insert(key, bytes);
        inner.order.push_back(key);
        while inner.used > inner.budget {
            let Some(oldest) = inner.order.pop_front() else {
                break;
            };
            if let Some(evicted) = inner.files.remove(&oldest) {
                inner.used -= evicted.len();
            }
        }
    }

    /// Bytes held.
    pub fn used(&self) -> usize {
        self.lock().used
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u8) -> [u8; 32] {
        [n; 32]
    }

    #[test]
    fn holds_what_fits_and_evicts_the_oldest() {
        let hot = HotFiles::new(100);
        hot.insert(key(1), Bytes::from(vec![1; 20]));
        hot.insert(key(2), Bytes::from(vec![2; 20]));
        assert_eq!(hot.get(&key(1)).map(|b| b.len()), Some(20));
        for n in 3..=6 {
            hot.insert(key(n), Bytes::from(vec![n; 20]));
        }
        assert!(hot.get(&key(1)).is_none(), "the oldest went first");
        assert!(hot.get(&key(6)).is_some());
        assert!(hot.used() <= 100);
    }

    #[test]
    fn files_too_large_for_the_budget_are_not_kept() {
        let hot = HotFiles::new(100);
        hot.insert(key(1), Bytes::from(vec![0; 26]));
        assert!(hot.get(&key(1)).is_none());
        assert_eq!(hot.used(), 0);
    }

    #[test]
    fn inserting_a_key_twice_counts_it_once() {
        let hot = HotFiles::new(100);
        hot.insert(key(1), Bytes::from(vec![0; 10]));
        hot.insert(key(1), Bytes::from(vec![0; 10]));
        assert_eq!(hot.used(), 10);
    }
}
