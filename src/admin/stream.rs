//! `nls stream delete <name>`: removes a JetStream stream and its consumers. For the
//! benchmarks and tests, which make one stream per run; the name is spelt out rather than
//! taken from `NLS_NATS_STREAM`, so the service's own stream is never deleted by default.

use anyhow::Context;
use async_nats::jetstream::context::GetStreamErrorKind;
use async_nats::jetstream::ErrorCode;
use nls_eventlog::NatsConfig;

/// Deletes `stream` on the NATS server(s) of `nats` (its URL may list a cluster's nodes);
/// a stream that is already gone is not an error (the caller wanted it gone).
pub async fn delete(nats: &NatsConfig, stream: &str) -> anyhow::Result<bool> {
    let client = async_nats::connect(nats.seed_urls())
        .await
        .with_context(|| format!("cannot reach NATS at {}", nats.url))?;
    let jetstream = async_nats::jetstream::new(client);
    match jetstream.delete_stream(stream).await {
        Ok(status) => Ok(status.success),
        Err(err)
            if matches!(
                err.kind(),
                GetStreamErrorKind::JetStream(e) if e.error_code() == ErrorCode::STREAM_NOT_FOUND
            ) =>
        {
            Ok(false)
        }
        Err(err) => Err(err).with_context(|| format!("cannot delete stream {stream}")),
    }
}
