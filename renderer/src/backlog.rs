//! The recipes waiting for background rendering: each at most once, oldest first.

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::Notify;

/// Most recipes held; past this the backlog is replaced by a sweep of the recipes whose
/// files are stale, which finds the same work without holding it in memory.
pub const MAX_RECIPES: usize = 100_000;

/// One piece of background work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Job {
    /// Render whatever the live recipes with stale files are missing.
    Sweep,
    /// Render one recipe's missing files.
    Recipe(String),
}

/// Shared by the event consumer (which fills it) and the render loops (which drain it).
#[derive(Clone, Default)]
pub struct Backlog {
    state: Arc<Mutex<State>>,
    wake: Arc<Notify>,
}

#[derive(Default)]
struct State {
    /// A sweep is due (and not started): it covers every recipe with stale files, so none
    /// is queued.
    sweep: bool,
    queue: VecDeque<String>,
    queued: HashSet<String>,
}

impl Backlog {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Adds recipes; one already waiting keeps its place.
    pub fn push(&self, recipe_ids: impl IntoIterator<Item = String>) {
        {
            let mut state = self.lock();
            for id in recipe_ids {
                if state.sweep {
                    break;
                }
                if state.queue.len() >= MAX_RECIPES {
                    state.queue.clear();
                    state.queued.clear();
                    state.sweep = true;
                    break;
                }
                if state.queued.insert(id.clone()) {
                    state.queue.push_back(id);
                }
            }
        }
        // Every waiting render loop may take one of several new recipes; and if none waits
        // yet, one stored permit makes the next `next()` look again.
        self.wake.notify_waiters();
        self.wake.notify_one();
    }

    /// Schedules a sweep (which makes the queued recipes redundant).
    pub fn request_sweep(&self) {
        {
            let mut state = self.lock();
            state.sweep = true;
            state.queue.clear();
            state.queued.clear();
        }
        self.wake.notify_one();
    }

    /// Returns a job that failed, to be tried again.
    pub fn put_back(&self, job: Job) {
        match job {
            Job::Sweep => self.request_sweep(),
            Job::Recipe(id) => self.push([id]),
        }
    }

    /// How many recipes wait (a due sweep counts as none).
    pub fn len(&self) -> usize {
        self.lock().queue.len()
    }

    /// Whether nothing waits.
    pub fn is_empty(&self) -> bool {
        let state = self.lock();
        state.queue.is_empty() && !state.sweep
    }

    fn take(&self) -> Option<Job> {
        let mut state = self.lock();
        if state.sweep {
            state.sweep = false;
            return Some(Job::Sweep);
        }
        let id = state.queue.pop_front()?;
        state.queued.remove(&id);
        Some(Job::Recipe(id))
    }

    /// The next job, waiting for one if need be.
    pub async fn next(&self) -> Job {
        loop {
            if let Some(job) = self.take() {
                return job;
            }
            self.wake.notified().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| (*s).to_owned()).collect()
    }

    #[tokio::test]
    async fn a_recipe_waits_once_however_often_it_changes() {
        let backlog = Backlog::default();
        backlog.push(ids(&["a", "b", "a", "c", "b"]));
        assert_eq!(backlog.len(), 3);
        assert_eq!(backlog.next().await, Job::Recipe("a".into()));
        assert_eq!(backlog.next().await, Job::Recipe("b".into()));
        // Taken recipes may be queued again: they changed after their rendering started.
        backlog.push(ids(&["a"]));
        assert_eq!(backlog.next().await, Job::Recipe("c".into()));
        assert_eq!(backlog.next().await, Job::Recipe("a".into()));
        assert!(backlog.is_empty());
    }

    #[tokio::test]
    async fn a_due_sweep_replaces_the_queue() {
        let backlog = Backlog::default();
        backlog.push(ids(&["a"]));
        backlog.request_sweep();
        backlog.push(ids(&["b"]));
        assert_eq!(backlog.next().await, Job::Sweep);
        assert!(backlog.is_empty());
        // Once the sweep has started, changes queue again.
        backlog.push(ids(&["c"]));
        assert_eq!(backlog.next().await, Job::Recipe("c".into()));
    }

    #[tokio::test]
    async fn an_overfull_backlog_becomes_a_sweep() {
        let backlog = Backlog::default();
        backlog.push((0..=MAX_RECIPES).map(|i| format!("r{i}")));
        assert_eq!(backlog.len(), 0);
        assert_eq!(backlog.next().await, Job::Sweep);
    }

    #[tokio::test]
    async fn a_waiting_loop_wakes_on_push() {
        let backlog = Backlog::default();
        let waiting = tokio::spawn({
            let backlog = backlog.clone();
            async move { backlog.next().await }
        });
        tokio::task::yield_now().await;
        backlog.push(ids(&["x"]));
        assert_eq!(waiting.await.ok(), Some(Job::Recipe("x".into())));
    }
}
