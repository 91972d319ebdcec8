//! Group commit of concurrent creates. A create without an `Idempotency-Key` whose lines
//! name database foods only (the hot path of `POST /v1/recipes`) is decided and derived by
//! its request, then queued here; a collector takes whatever is queued, up to
//! [`MOST_PER_BATCH`], and writes it with one statement ([`new_recipes::record`]): one
//! transaction, one commit record and one WAL flush for the whole batch, where each create
//! used to be a statement and a flush of its own. While [`WRITERS`] batches are being
//! written, new creates wait in the queue, so batches grow with the load and stay single
//! creates when it is light.
//!
//! Durability is unchanged: a request hears of its create only after the batch's statement
//! committed (`synchronous_commit` on: the commit is flushed to disk). A batch that the
//! database refuses is rolled back whole and each of its creates is written again alone,
//! so one create's problem fails only that create.

use std::time::Instant;

use nls_eventlog::EventMeta;
use nls_events::{Envelope, NewEvent, RecipeState};
use nls_readmodel::derive::LabelColumns;
use nls_readmodel::lazy_conn::PING_WHEN_IDLE_FOR;
use nls_readmodel::new_recipes::{self, NewRecipe};
use nls_readmodel::ProjectionError;
use sqlx::error::DatabaseError;
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgDatabaseError, PgSeverity};
use sqlx::{Connection, PgPool, Postgres};
use tokio::sync::{mpsc, oneshot};

use crate::error::CommandError;

/// Most creates written by one statement (its arrays grow with it; past a few dozen the
/// saving per create is small).
const MOST_PER_BATCH: usize = 64;
/// Batches written at the same time: one fills while the other commits. Each writer keeps
/// a connection of the pool.
const WRITERS: usize = 2;
/// Creates waiting for a batch, at most; past that a request waits for room.
const QUEUED: usize = 1024;

/// A new recipe stream, decided and derived, as it is written (alone, or owned by the
/// queue while it waits for its batch).
#[derive(Debug)]
pub(crate) struct RecipeToWrite {
    pub stream_id: String,
    pub meta: EventMeta,
    pub events: Vec<NewEvent>,
    pub state: RecipeState,
    pub columns: LabelColumns,
}

impl RecipeToWrite {
    fn as_new(&self) -> NewRecipe<'_> {
        NewRecipe {
            stream_id: &self.stream_id,
            meta: &self.meta,
            events: &self.events,
            state: &self.state,
            columns: &self.columns,
        }
    }
}

/// What the writer answers: the recipe back (its response is built from it) with its
/// events as stored, once its batch committed.
type Reply = Result<(RecipeToWrite, Vec<Envelope>), CommandError>;

struct Job {
    recipe: RecipeToWrite,
    reply: oneshot::Sender<Reply>,
}

/// The queue of creates of one process (cloned into every request's state).
#[derive(Clone)]
pub struct CreateQueue {
    jobs: mpsc::Sender<Job>,
}

impl CreateQueue {
    /// Starts the collector on the current runtime; it ends when the last clone is dropped.
    pub fn start(pool: PgPool) -> Self {
        let (jobs, queued) = mpsc::channel(QUEUED);
        tokio::spawn(collect(pool, queued));
        Self { jobs }
    }

    /// Writes `recipe` with the creates queued beside it.
    pub(crate) async fn write(&self, recipe: RecipeToWrite) -> Reply {
        let (reply, answer) = oneshot::channel();
        if self.jobs.send(Job { recipe, reply }).await.is_err() {
            return Err(CommandError::internal("the create queue has stopped"));
        }
        // A writer that vanished without answering (a panic) leaves nothing to say about
        // the write but that it failed.
        answer.await.unwrap_or_else(|_| {
            Err(CommandError::internal(
                "the create's writer stopped before answering",
            ))
        })
    }
}

/// Takes batches off the queue while a writer is free.
async fn collect(pool: PgPool, mut queued: mpsc::Receiver<Job>) {
    let (free, mut writers) = mpsc::channel(WRITERS);
    for _ in 0..WRITERS {
        let _ = free.try_send(Writer::default());
    }
    while let Some(first) = queued.recv().await {
        // Waiting for a writer lets the queue fill: that wait is what makes batches.
        let Some(writer) = writers.recv().await else {
            return;
        };
        let mut batch = vec![first];
        while batch.len() < MOST_PER_BATCH {
            match queued.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let mut writer = Lease {
            writer,
            free: free.clone(),
        };
        let pool = pool.clone();
        tokio::spawn(async move { write_batch(&pool, &mut writer.writer, batch).await });
    }
}

/// A writer keeps its connection between batches. A connection taken from the pool for each
/// batch went back with sqlx's release ping, a round trip to Postgres per batch for nothing
/// (the statement just succeeded on it). One idle for [`PING_WHEN_IDLE_FOR`] or longer is
/// pinged before it is used, as the pool does (`src/db.rs`): Postgres may have restarted
/// during a quiet spell, and a create must not fail on a connection known to be stale.
#[derive(Default)]
struct Writer {
    held: Option<(PoolConnection<Postgres>, Instant)>,
}

impl Writer {
    /// The held connection, or one from the pool.
    async fn connection(&mut self, pool: &PgPool) -> Result<PoolConnection<Postgres>, sqlx::Error> {
        if let Some((mut conn, used)) = self.held.take() {
            if used.elapsed() < PING_WHEN_IDLE_FOR || conn.ping().await.is_ok() {
                return Ok(conn);
            }
            // Broken: closed, not returned to the pool.
            let _ = conn.close().await;
        }
        pool.acquire().await
    }

    /// Keeps `conn` for the next batch after `outcome`: a statement the database refused
    /// with an error leaves the session as good as before; a fatal one (the backend was
    /// terminated) or any other failure (a lost connection, a commit of unknown outcome)
    /// sends it back to the pool, which tests it.
    fn keep<T>(&mut self, conn: PoolConnection<Postgres>, outcome: &Result<T, ProjectionError>) {
        let usable = match outcome {
            Ok(_) => true,
            Err(ProjectionError::Database(sqlx::Error::Database(refusal))) => {
                !ends_session(refusal.as_ref())
            }
            Err(_) => false,
        };
        if usable {
            self.held = Some((conn, Instant::now()));
        }
    }
}

/// Whether the database ended the session with `error` (severity FATAL or PANIC).
fn ends_session(error: &dyn DatabaseError) -> bool {
    error
        .try_downcast_ref::<PgDatabaseError>()
        .is_none_or(|e| matches!(e.severity(), PgSeverity::Fatal | PgSeverity::Panic))
}

/// A writer taken for one batch; back among the free ones when the batch is done, even if
/// its task panicked (without its connection then, which may be mid-statement).
struct Lease {
    writer: Writer,
    free: mpsc::Sender<Writer>,
}

impl Drop for Lease {
    fn drop(&mut self) {
        let mut writer = std::mem::take(&mut self.writer);
        if std::thread::panicking() {
            writer.held = None;
        }
        // The channel has room for every writer, so this cannot fail while `collect` runs.
        let _ = self.free.try_send(writer);
    }
}

/// Writes `batch` with one statement and answers each create. When the database refuses
/// the statement (it then rolled back whole), each create is written again alone.
async fn write_batch(pool: &PgPool, writer: &mut Writer, batch: Vec<Job>) {
    let outcome = record(pool, writer, &batch).await;
    match outcome {
        Ok(stored) => {
            for (job, events) in batch.into_iter().zip(stored) {
                let _ = job.reply.send(Ok((job.recipe, events)));
            }
        }
        Err(ProjectionError::Database(sqlx::Error::Database(refusal))) if batch.len() > 1 => {
            tracing::warn!(error = %refusal, creates = batch.len(), "a batch of creates was refused; writing each alone");
            for job in batch {
                let single = std::slice::from_ref(&job);
                let answer = record(pool, writer, single)
                    .await
                    .map(|mut stored| stored.pop().unwrap_or_default())
                    .map_err(crate::error::projection);
                let _ = job.reply.send(answer.map(|events| (job.recipe, events)));
            }
        }
        // A lost connection or a commit of unknown outcome: not retried (a create that did
        // commit must not be written twice); each request reports the failure.
        Err(err) => {
            let message = err.to_string();
            let busy = matches!(err, ProjectionError::Database(sqlx::Error::PoolTimedOut));
            for job in batch {
                // No free connection is the pool's 503, as for a create written alone.
                let answer = if busy {
                    CommandError::Database(sqlx::Error::PoolTimedOut)
                } else {
                    CommandError::internal(&message)
                };
                let _ = job.reply.send(Err(answer));
            }
        }
    }
}

async fn record(
    pool: &PgPool,
    writer: &mut Writer,
    jobs: &[Job],
) -> Result<Vec<Vec<Envelope>>, ProjectionError> {
    let recipes: Vec<NewRecipe<'_>> = jobs.iter().map(|job| job.recipe.as_new()).collect();
    let mut conn = writer.connection(pool).await?;
    let outcome = new_recipes::record(&mut conn, &recipes).await;
    writer.keep(conn, &outcome);
    outcome
}
