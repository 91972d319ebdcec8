//! Threads that draw only when the machine has nothing else to do.
//!
//! Background pre-rendering runs here under the Linux `SCHED_IDLE` policy: such a thread
//! gets a core only when no normal thread wants it, so rendering after a burst of writes
//! never slows the requests themselves. (Where the policy cannot be set, the threads run
//! at normal priority and say so in the log.)

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};

use crate::cache::Prepared;
use crate::draw::{Fonts, RenderError};

type Task = Box<dyn FnOnce() + Send>;

/// A small pool of idle-priority drawing threads; they end when the last handle is dropped.
#[derive(Clone)]
pub struct IdleDrawer {
    tasks: mpsc::Sender<Task>,
    threads: usize,
}

impl IdleDrawer {
    /// One thread per core (at most four).
    pub fn start() -> IdleDrawer {
        let threads = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            .min(4);
        let (tasks, queue) = mpsc::channel::<Task>();
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..threads {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("nls-draw-{i}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        let next = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
                        let Ok(task) = next else { return };
                        // A panicking drawing must not take the thread with it; the waiting
                        // caller sees its reply channel closed.
                        let _ = catch_unwind(AssertUnwindSafe(task));
                    }
                });
            if let Err(err) = spawned {
                tracing::error!(error = %err, "cannot start a drawing thread");
            }
        }
        IdleDrawer { tasks, threads }
    }

    /// How many drawing threads there are (so callers can keep them all busy).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Draws `prepared` on an idle thread.
    pub async fn draw(
        &self,
        prepared: Prepared,
        fonts: Fonts,
    ) -> Result<(Prepared, Result<Vec<u8>, RenderError>), String> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        self.tasks
            .send(Box::new(move || {
                let bytes = prepared.render(&fonts);
                let _ = reply.send((prepared, bytes));
            }))
            .map_err(|_| "the drawing threads are gone".to_owned())?;
        answer
            .await
            .map_err(|_| "a drawing thread failed while drawing".to_owned())
    }
}

fn lower_priority() {
    use thread_priority::unix::{
        set_thread_priority_and_policy, thread_native_id, NormalThreadSchedulePolicy,
        ThreadSchedulePolicy,
    };
    use thread_priority::ThreadPriority;
    let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
    if let Err(err) = set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle)
    {
        tracing::warn!(error = ?err, "drawing threads run at normal priority");
    }
}
