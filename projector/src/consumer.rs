//! The durable JetStream consumer: applies each delivered event, then acks.

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream;
use async_nats::jetstream::consumer::{pull, AckPolicy, DeliverPolicy};
use nls_eventlog::backoff::Backoff;
use nls_eventlog::batch::PacedBatches;
use nls_eventlog::read::EventHead;
use nls_eventlog::NatsLink;
use nls_events::Envelope;
use nls_readmodel::notify::{Applied, LabelsChanged};
use nls_readmodel::ProjectionError;
use sqlx::PgPool;
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;

/// Most messages handled together.
const BATCH: usize = 256;
/// The shortest time between two batches: under load a batch takes what arrived in it,
/// and its round of checkpoint reads is paid at most this often; after a quiet spell a
/// message goes at once.
const GAP: Duration = Duration::from_millis(10);

/// Consumes until `shutdown`; reconnects and resumes after NATS trouble. A message that
/// cannot be decoded is never acked nor skipped: the consumer logs it and stops
/// consuming, because applying later events without it would corrupt the read models.
pub async fn run(
    pool: PgPool,
    nats: NatsLink,
    durable_name: String,
    applied: broadcast::Sender<Applied>,
    labels: Arc<dyn LabelsChanged>,
    shutdown: CancellationToken,
) {
    let mut backoff = Backoff::new(Duration::from_millis(200), Duration::from_secs(3));
    while !shutdown.is_cancelled() {
        match consume(
            &pool,
            &nats,
            &durable_name,
            &applied,
            labels.as_ref(),
            &shutdown,
        )
        .await
        {
            Ok(()) => return,
            Err(ConsumeError::Poison(err)) => {
                tracing::error!(error = %err, "projector stopped: an event cannot be applied; fix and restart");
                shutdown.cancelled().await;
                return;
            }
            Err(ConsumeError::Transient(err)) => {
                tracing::warn!(error = %err, "projector consumer interrupted; retrying");
                if !backoff.wait(&shutdown).await {
                    return;
                }
            }
        }
    }
}

enum ConsumeError {
    Transient(String),
    Poison(String),
}

async fn consume(
    pool: &PgPool,
    nats: &NatsLink,
    durable_name: &str,
    applied: &broadcast::Sender<Applied>,
    labels: &dyn LabelsChanged,
    shutdown: &CancellationToken,
) -> Result<(), ConsumeError> {
    let transient = |e: &dyn std::fmt::Display| ConsumeError::Transient(e.to_string());
    let stream = nats.ensure_stream().await.map_err(|e| transient(&e))?;
    let consumer = stream
        .get_or_create_consumer(
            durable_name,
            pull::Config {
                durable_name: Some(durable_name.to_owned()),
                ack_policy: AckPolicy::Explicit,
                deliver_policy: DeliverPolicy::All,
                ack_wait: Duration::from_secs(30),
                max_ack_pending: 1024,
                filter_subject: nats.config.events_wildcard(),
                ..Default::default()
            },
        )
        .await
        .map_err(|e| transient(&e))?;
    // Whatever has arrived is applied together (see `apply_pending`).
    let mut messages = consumer.messages().await.map_err(|e| transient(&e))?;
    let mut batches = PacedBatches::new(GAP);
    loop {
        let next = tokio::select! {
            _ = shutdown.cancelled() => return Ok(()),
            next = batches.next(&mut messages, BATCH) => next,
        };
        let Some(batch) = next else {
            return Err(ConsumeError::Transient("message stream ended".into()));
        };
        let mut messages = Vec::with_capacity(batch.len());
        let mut heads = Vec::with_capacity(batch.len());
        for message in batch {
            let message = message.map_err(|e| transient(&e))?;
            let head: EventHead = serde_json::from_slice(&message.payload)
                .map_err(|e| ConsumeError::Poison(format!("undecodable envelope: {e}")))?;
            messages.push(message);
            heads.push(head);
        }
        apply_pending(pool, &messages, &heads, labels).await?;
        for message in &messages {
            message
                .ack()
                .await
                .map_err(|e| ConsumeError::Transient(e.to_string()))?;
        }
        for head in heads {
            // Nobody listening is fine.
            let _ = applied.send(Applied {
                stream_id: head.stream_id,
                stream_version: head.stream_version,
            });
        }
    }
}

/// Applies, in order, the messages' events that some projection has not applied yet (see
/// [`crate::pending`]), decoding only those whole: the command applied nearly all of them
/// at write time.
async fn apply_pending(
    pool: &PgPool,
    messages: &[jetstream::Message],
    heads: &[EventHead],
    labels: &dyn LabelsChanged,
) -> Result<(), ConsumeError> {
    let pending = crate::pending(pool, &heads.iter().collect::<Vec<_>>())
        .await
        .map_err(|e| ConsumeError::Transient(e.to_string()))?;
    for i in pending {
        let envelope: Envelope = serde_json::from_slice(&messages[i].payload)
            .map_err(|e| ConsumeError::Poison(format!("undecodable envelope: {e}")))?;
        match crate::handle(pool, &envelope).await {
            Ok(()) => labels.any(),
            Err(ProjectionError::Decode(e)) => return Err(ConsumeError::Poison(e.to_string())),
            Err(e) => return Err(ConsumeError::Transient(e.to_string())),
        }
    }
    Ok(())
}
