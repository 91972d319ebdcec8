//! NATS connection, the JetStream stream, and subject naming.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use async_nats::jetstream::{self, stream};
use async_nats::{Event, HeaderMap};
use bytes::Bytes;
use nls_events::Envelope;
use tokio::sync::watch;

/// Where events are published. Tests give each run its own stream and prefix.
#[derive(Debug, Clone)]
pub struct NatsConfig {
    pub url: String,
    /// JetStream stream name, e.g. `NLS_EVENTS`.
    pub stream: String,
    /// Subject prefix, e.g. `nls`; events go to `<prefix>.events.<kind>.<stream id>`.
    pub subject_prefix: String,
    /// Copies of the stream JetStream keeps when it creates it: 1 on a single server, 3 on
    /// a three-node cluster so that losing one node loses no published event. An existing
    /// stream keeps the replicas it was created with.
    pub replicas: usize,
}

impl NatsConfig {
    /// The subject an event is published on.
    pub fn subject_for(&self, envelope: &Envelope) -> String {
        let kind = envelope
            .stream_id
            .split('_')
            .next()
            .map(|p| match p {
                "rcp" => "recipe",
                "ing" => "ingredient",
                _ => "other",
            })
            .unwrap_or("other");
        format!(
            "{}.events.{kind}.{}",
            self.subject_prefix, envelope.stream_id
        )
    }

    /// The servers to connect to: `url` may list several, comma-separated (the nodes of a
    /// cluster), so that start-up does not depend on one node; once connected the client
    /// also learns the cluster's other members from the server.
    pub fn seed_urls(&self) -> Vec<&str> {
        self.url
            .split(',')
            .map(str::trim)
            .filter(|url| !url.is_empty())
            .collect()
    }

    /// The wildcard covering every event subject.
    pub fn events_wildcard(&self) -> String {
        format!("{}.events.>", self.subject_prefix)
    }
}

/// A connected client and JetStream context.
#[derive(Clone)]
pub struct NatsLink {
    pub config: NatsConfig,
    pub client: async_nats::Client,
    pub jetstream: jetstream::Context,
    /// Counts the moments core-NATS messages may have been lost: each disconnect,
    /// reconnect and slow-consumer drop. Whoever keeps state fed by plain subscriptions
    /// (not JetStream, which redelivers) starts over when it changes.
    pub interruptions: watch::Receiver<u64>,
}

/// How long JetStream has to acknowledge a publication.
const ACK_TIMEOUT: Duration = Duration::from_secs(5);

/// JetStream's acknowledgement of one publication: the message's stream sequence.
pub type SequenceAck = Pin<Box<dyn Future<Output = Result<u64, String>> + Send>>;

impl NatsLink {
    /// Publishes `envelope` with its event id as the message id (JetStream drops a second
    /// publication of it) and returns the acknowledgement, to be awaited later.
    pub async fn publish_event(&self, envelope: &Envelope) -> Result<SequenceAck, String> {
        let mut headers = HeaderMap::new();
        headers.insert("Nats-Msg-Id", envelope.event_id.to_string().as_str());
        let body = serde_json::to_vec(envelope).map_err(|e| e.to_string())?;
        let ack = self
            .jetstream
            .publish_with_headers(
                self.config.subject_for(envelope),
                headers,
                Bytes::from(body),
            )
            .await
            .map_err(|e| e.to_string())?;
        Ok(Box::pin(async move {
            let ack = tokio::time::timeout(ACK_TIMEOUT, ack)
                .await
                .map_err(|_| "acknowledgement timed out".to_owned())?
                .map_err(|e| e.to_string())?;
            Ok(ack.sequence)
        }))
    }

    /// Connects without waiting for the server: the client keeps reconnecting in the
    /// background, so a service can start (and take writes) while NATS is down.
    pub async fn connect(config: NatsConfig) -> Result<Self, async_nats::ConnectError> {
        let (interrupted, interruptions) = watch::channel(0u64);
        let interrupted = std::sync::Arc::new(interrupted);
        let client = async_nats::ConnectOptions::new()
            .event_callback(move |event| {
                let interrupted = interrupted.clone();
                async move {
                    if matches!(
                        event,
                        Event::Connected
                            | Event::Disconnected
                            | Event::SlowConsumer(_)
                            | Event::Closed
                    ) {
                        interrupted.send_modify(|count| *count += 1);
                    }
                }
            })
            .retry_on_initial_connect()
            .connection_timeout(Duration::from_secs(2))
            .connect(config.seed_urls())
            .await?;
        let jetstream = jetstream::new(client.clone());
        Ok(Self {
            config,
            client,
            jetstream,
            interruptions,
        })
    }

    /// Creates the event stream if it is missing. The duplicate window is what makes a
    /// republish after a crash harmless: the message id is the event id.
    pub async fn ensure_stream(&self) -> Result<stream::Stream, NatsSetupError> {
        let config = stream::Config {
            name: self.config.stream.clone(),
            subjects: vec![self.config.events_wildcard()],
            storage: stream::StorageType::File,
            duplicate_window: Duration::from_secs(600),
            num_replicas: self.config.replicas.max(1),
            ..Default::default()
        };
        self.jetstream
            .get_or_create_stream(config)
            .await
            .map_err(|err| NatsSetupError(err.to_string()))
    }
}

/// JetStream refused or could not be reached while creating the stream or a consumer.
#[derive(Debug, thiserror::Error)]
#[error("NATS JetStream setup failed: {0}")]
pub struct NatsSetupError(pub String);

#[cfg(test)]
mod tests {
    use super::NatsConfig;

    fn config(url: &str) -> NatsConfig {
        NatsConfig {
            url: url.to_owned(),
            stream: "S".into(),
            subject_prefix: "p".into(),
            replicas: 1,
        }
    }

    #[test]
    fn a_url_may_list_the_nodes_of_a_cluster() {
        assert_eq!(
            config("nats://a:4222, nats://b:4222,,nats://c:4222").seed_urls(),
            ["nats://a:4222", "nats://b:4222", "nats://c:4222"]
        );
        assert_eq!(
            config("nats://127.0.0.1:4222").seed_urls(),
            ["nats://127.0.0.1:4222"]
        );
    }
}
