//! Keeps a [`LabelIndex`] honest: forgets what NATS says changed, and keeps nothing while
//! those messages may be lost.

use std::time::Duration;

use futures::StreamExt;
use nls_eventlog::backoff::Backoff;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use super::LabelIndex;

/// Runs until `shutdown`: subscribes to `<prefix>.events.recipe.*` (a recipe's own writes)
/// and `<prefix>.rendered.*` (the renderer's announcement once a change reached a recipe's
/// label, which is how ingredient and sub-recipe changes arrive from other processes). A
/// projector in this process invalidates directly (see [`nls_readmodel::notify`]).
pub async fn follow(
    index: LabelIndex,
    nats: async_nats::Client,
    mut interruptions: watch::Receiver<u64>,
    prefix: String,
    shutdown: CancellationToken,
) {
    let mut backoff = Backoff::new(Duration::from_millis(200), Duration::from_secs(3));
    while !shutdown.is_cancelled() {
        index.set_live(false);
        let subscribed = async {
            let events = nats.subscribe(format!("{prefix}.events.recipe.*")).await?;
            let rendered = nats.subscribe(format!("{prefix}.rendered.*")).await?;
            Ok::<_, async_nats::SubscribeError>(futures::stream::select(events, rendered))
        }
        .await;
        let mut signals = match subscribed {
            Ok(signals) => signals,
            Err(err) => {
                tracing::warn!(error = %err, "label index: cannot subscribe; retrying");
                index.set_error(Some(format!("cannot subscribe: {err}")));
                if !backoff.wait(&shutdown).await {
                    break;
                }
                continue;
            }
        };
        backoff.reset();
        index.set_error(None);
        interruptions.mark_unchanged();
        index.set_live(is_connected(&nats));
        loop {
            tokio::select! {
                _ = shutdown.cancelled() => break,
                changed = interruptions.changed() => {
                    if changed.is_err() {
                        // The client is gone: nothing will invalidate entries any more.
                        index.set_live(false);
                        shutdown.cancelled().await;
                        break;
                    }
                    index.set_live(is_connected(&nats));
                }
                message = signals.next() => {
                    let Some(message) = message else { break };
                    if let Some(recipe_id) = message.subject.rsplit('.').next() {
                        index.forget(recipe_id);
                    }
                }
            }
        }
    }
    index.set_live(false);
}

fn is_connected(nats: &async_nats::Client) -> bool {
    nats.connection_state() == async_nats::connection::State::Connected
}
