//! From events to deliveries: a durable JetStream consumer reads every event in stream
//! order and writes, for each endpoint subscribed to what the event notifies, a pending
//! delivery row; then it acks. Nothing is lost when a process, NATS or the receiver is
//! down: an event is acked only after its deliveries are committed, and a redelivered
//! event makes no second delivery (`webhook_delivery.source` is unique per endpoint).
//!
//! One process fans out at a time (a session advisory lock elects it, as for the relay),
//! so deliveries are written in stream order and `seq` can order sending per recipe.
//! `label.changed` comes from the printed-label changes the event caused
//! ([`nls_readmodel::label_change`]), so an event is fanned out only once the projector
//! has applied it (its checkpoints say so).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use async_nats::jetstream::consumer::{pull, AckPolicy, DeliverPolicy};
use nls_eventlog::backoff::Backoff;
use nls_eventlog::batch::PacedBatches;
use nls_eventlog::NatsLink;
use nls_events::Envelope;
use nls_readmodel::label_change::{self, LabelChange};
use nls_readmodel::{cascade, checkpoint, views};
use serde_json::json;
use sqlx::{PgConnection, PgPool, Row};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::catalog::{self, Notification, LABEL_CHANGED};
use crate::store::{self, NewDelivery};
use crate::Settings;

/// Key of the advisory lock that elects the active fan-out ("nls_whfo").
const FANOUT_LOCK: i64 = 0x6e6c_735f_7768_666f;
const BATCH: usize = 256;
/// The shortest time between two batches (see [`PacedBatches`]): the fan-out's reads of
/// the subscribed endpoints and its acknowledgements are paid at most this often under
/// load, while a write after a quiet spell is fanned out at once.
const GAP: Duration = Duration::from_millis(20);
/// How long an event may wait for the projector before the batch is given back to
/// JetStream (and the consumer restarts).
const PROJECTION_WAIT: Duration = Duration::from_secs(30);

#[derive(Debug, thiserror::Error)]
enum FanoutError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("NATS: {0}")]
    Nats(String),
    #[error("the projector has not applied {0} within {PROJECTION_WAIT:?}")]
    NotProjected(String),
}

/// Runs until `shutdown`: waits for the lock, then consumes; after trouble, starts over.
pub async fn run(
    pool: PgPool,
    nats: NatsLink,
    settings: Arc<Settings>,
    shutdown: CancellationToken,
) {
    let mut backoff = Backoff::new(Duration::from_millis(200), Duration::from_secs(3));
    while !shutdown.is_cancelled() {
        match run_as_leader(&pool, &nats, &settings, &shutdown).await {
            Ok(()) => return,
            Err(err) => {
                tracing::warn!(error = %err, "webhook fan-out interrupted; retrying");
                if !backoff.wait(&shutdown).await {
                    return;
                }
            }
        }
    }
}

async fn run_as_leader(
    pool: &PgPool,
    nats: &NatsLink,
    settings: &Settings,
    shutdown: &CancellationToken,
) -> Result<(), FanoutError> {
    // Held while this process fans out (dropped on return, which frees the lock).
    let Some(_lock) = nls_eventlog::leader::hold(pool, FANOUT_LOCK, shutdown).await? else {
        return Ok(());
    };
    let nats_err = |e: &dyn std::fmt::Display| FanoutError::Nats(e.to_string());
    let stream = nats.ensure_stream().await.map_err(|e| nats_err(&e))?;
    let consumer = stream
        .get_or_create_consumer(
            &settings.consumer,
            pull::Config {
                durable_name: Some(settings.consumer.clone()),
                ack_policy: AckPolicy::Explicit,
                deliver_policy: DeliverPolicy::All,
                ack_wait: Duration::from_secs(60),
                max_ack_pending: 1024,
                filter_subject: nats.config.events_wildcard(),
                ..Default::default()
            },
        )
        .await
        .map_err(|e| nats_err(&e))?;
    let mut messages = consumer.messages().await.map_err(|e| nats_err(&e))?;
    let mut batches = PacedBatches::new(GAP);
    loop {
        let next = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            next = batches.next(&mut messages, BATCH) => next,
        };
        let Some(batch) = next else {
            return Err(FanoutError::Nats("message stream ended".into()));
        };
        let mut acks = Vec::with_capacity(batch.len());
        let mut events = Vec::with_capacity(batch.len());
        for message in batch {
            let message = message.map_err(|e| nats_err(&e))?;
            match serde_json::from_slice::<Envelope>(&message.payload) {
                Ok(event) => events.push(event),
                // The projector stops on such a message; here it notifies nothing.
                Err(err) => {
                    tracing::error!(error = %err, "webhook fan-out skips an undecodable event")
                }
            }
            acks.push(message);
        }
        fan_out(pool, &events, shutdown).await?;
        for message in &acks {
            message.ack().await.map_err(|e| nats_err(&e))?;
        }
    }
}

/// Writes the deliveries `events` make, in their order, in one transaction.
async fn fan_out(
    pool: &PgPool,
    events: &[Envelope],
    shutdown: &CancellationToken,
) -> Result<(), FanoutError> {
    let accounts: Vec<Uuid> = {
        let set: HashSet<Uuid> = events.iter().map(|e| e.account_id).collect();
        set.into_iter().collect()
    };
    let endpoints = subscribed_endpoints(pool, &accounts).await?;
    let relevant: Vec<&Envelope> = events
        .iter()
        .filter(|e| endpoints.contains_key(&e.account_id))
        .collect();
    if relevant.is_empty() {
        return Ok(());
    }
    wait_until_projected(pool, &relevant, shutdown).await?;
    let mut tx = pool.begin().await?;
    let mut written = 0usize;
    for event in relevant {
        let subscribed = &endpoints[&event.account_id];
        let mut notifications: Vec<Notification> = catalog::direct(event).into_iter().collect();
        if subscribed
            .iter()
            .any(|e| e.events.iter().any(|t| t == LABEL_CHANGED))
        {
            let changes =
                label_change::caused_by(&mut tx, &event.stream_id, event.stream_version).await?;
            notifications.extend(label_notifications(&mut tx, changes).await?);
        }
        for notification in &notifications {
            let body = catalog::body(
                notification.event_type,
                event.occurred_at,
                notification.data.clone(),
            );
            let addressed = subscribed.iter().filter(|e| {
                e.created_at <= event.occurred_at
                    && e.events.iter().any(|t| t == notification.event_type)
            });
            for endpoint in addressed {
                let inserted = store::insert_delivery(
                    &mut *tx,
                    &NewDelivery {
                        endpoint_id: endpoint.id,
                        account_id: event.account_id,
                        event_type: notification.event_type,
                        ordering_key: &notification.ordering_key,
                        position: event.position,
                        source: format!(
                            "{}:{}:{}",
                            event.event_id, notification.event_type, notification.ordering_key
                        ),
                        body: &body,
                    },
                )
                .await?;
                written += usize::from(inserted.is_some());
            }
        }
    }
    if written > 0 {
        store::wake_senders(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// `label.changed` notifications, with each recipe's current name.
async fn label_notifications(
    conn: &mut PgConnection,
    changes: Vec<LabelChange>,
) -> Result<Vec<Notification>, sqlx::Error> {
    if changes.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<&str> = changes.iter().map(|c| c.recipe_id.as_str()).collect();
    let names: HashMap<String, String> =
        sqlx::query("select recipe_id, name from recipe_view where recipe_id = any($1)")
            .bind(&ids)
            .fetch_all(&mut *conn)
            .await?
            .iter()
            .map(|r| Ok((r.try_get("recipe_id")?, r.try_get("name")?)))
            .collect::<Result<_, sqlx::Error>>()?;
    Ok(changes
        .into_iter()
        .map(|change| Notification {
            event_type: LABEL_CHANGED,
            ordering_key: change.recipe_id.clone(),
            data: json!({
                "recipe_id": change.recipe_id,
                "recipe_name": names.get(&change.recipe_id),
                "format": change.format,
                "version_before": change.version_before,
                "version_after": change.version_after,
                "changes": change.changes,
                "cause": change.cause,
            }),
        })
        .collect())
}

#[derive(Debug, Clone)]
struct Subscribed {
    id: Uuid,
    events: Vec<String>,
    /// Events from before the endpoint existed are not sent to it (they reach the fan-out
    /// again when a stream is republished, e.g. after a restore).
    created_at: chrono::DateTime<chrono::Utc>,
}

/// The enabled endpoints of `accounts`, by account.
async fn subscribed_endpoints(
    pool: &PgPool,
    accounts: &[Uuid],
) -> Result<HashMap<Uuid, Vec<Subscribed>>, sqlx::Error> {
    let rows = sqlx::query(
        "select endpoint_id, account_id, events, created_at from webhook_endpoint
         where enabled and account_id = any($1) order by endpoint_id",
    )
    .bind(accounts)
    .fetch_all(pool)
    .await?;
    let mut out: HashMap<Uuid, Vec<Subscribed>> = HashMap::new();
    for row in rows {
        out.entry(row.try_get("account_id")?)
            .or_default()
            .push(Subscribed {
                id: row.try_get("endpoint_id")?,
                events: row.try_get::<Vec<String>, _>("events")?,
                created_at: row.try_get("created_at")?,
            });
    }
    Ok(out)
}

/// Waits until the views and the label cascade have applied every event of `events`, so
/// the label changes they caused are recorded.
async fn wait_until_projected(
    pool: &PgPool,
    events: &[&Envelope],
    shutdown: &CancellationToken,
) -> Result<(), FanoutError> {
    const PROJECTIONS: [&str; 2] = [views::PROJECTION, cascade::PROJECTION];
    let started = Instant::now();
    let mut pause = Duration::from_millis(2);
    loop {
        let done = checkpoint::read_many(
            pool,
            &PROJECTIONS,
            events.iter().map(|e| e.stream_id.as_str()),
        )
        .await?;
        let behind = events.iter().find(|e| {
            PROJECTIONS
                .iter()
                .any(|p| done.version(p, &e.stream_id) < e.stream_version)
        });
        let Some(behind) = behind else {
            return Ok(());
        };
        if started.elapsed() > PROJECTION_WAIT {
            return Err(FanoutError::NotProjected(format!(
                "{} v{}",
                behind.stream_id, behind.stream_version
            )));
        }
        tokio::select! {
            _ = shutdown.cancelled() => return Err(FanoutError::NotProjected("shutdown".into())),
            _ = tokio::time::sleep(pause) => {}
        }
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}
