//! Gathering messages into batches for consumers whose cost is per batch, not per message.

use std::time::Duration;

use futures::{Stream, StreamExt};

/// Waits for the first item of `stream`, then takes whatever else arrives within `window`
/// of it, up to `max` items. `None` when the stream has ended.
///
/// Under load a consumer then handles a few milliseconds of messages with one round of
/// database work instead of one round each; when idle, the first message still goes
/// through at once, waiting `window` at most.
pub async fn next_batch<S>(stream: &mut S, max: usize, window: Duration) -> Option<Vec<S::Item>>
where
    S: Stream + Unpin,
{
    let first = stream.next().await?;
    let mut batch = Vec::with_capacity(max.min(64));
    batch.push(first);
    let deadline = tokio::time::Instant::now() + window;
    while batch.len() < max {
        match tokio::time::timeout_at(deadline, stream.next()).await {
            Ok(Some(item)) => batch.push(item),
            Ok(None) | Err(_) => break,
        }
    }
    Some(batch)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn takes_what_is_there_up_to_the_maximum_and_ends_with_the_stream() {
        let mut stream = futures::stream::iter(1..=5);
        let window = Duration::from_millis(5);
        assert_eq!(
            next_batch(&mut stream, 3, window).await,
            Some(vec![1, 2, 3])
        );
        assert_eq!(next_batch(&mut stream, 3, window).await, Some(vec![4, 5]));
        assert_eq!(next_batch(&mut stream, 3, window).await, None);
    }

    #[tokio::test]
    async fn a_lone_message_waits_no_longer_than_the_window() {
        let (sender, receiver) = tokio::sync::mpsc::unbounded_channel::<u8>();
        let mut stream = tokio_stream_from(receiver);
        let _ = sender.send(7);
        let started = std::time::Instant::now();
        let batch = next_batch(&mut stream, 10, Duration::from_millis(20)).await;
        assert_eq!(batch, Some(vec![7]));
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    fn tokio_stream_from(
        mut receiver: tokio::sync::mpsc::UnboundedReceiver<u8>,
    ) -> impl Stream<Item = u8> + Unpin {
        Box::pin(async_stream_like(move || {
            let item = receiver.try_recv().ok();
            async move { item }
        }))
    }

    /// A stream that yields what `poll` produces until it produces nothing, then pends.
    fn async_stream_like<F, Fut>(mut poll: F) -> impl Stream<Item = u8>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Option<u8>>,
    {
        futures::stream::unfold((), move |()| {
            let next = poll();
            async move {
                match next.await {
                    Some(item) => Some((item, ())),
                    None => futures::future::pending().await,
                }
            }
        })
    }
}
