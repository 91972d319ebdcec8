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

/// Batches that start at most once per `gap`: after a quiet spell the first message goes
/// through at once, with whatever else is already there; under load each batch takes what
/// arrived in the `gap` since the one before. So a consumer whose cost is per batch does
/// that round of work at most `1 / gap` times a second, and a lone message does not wait
/// for company that is not coming ([`next_batch`] holds every first message for its
/// whole window).
pub struct PacedBatches {
    gap: Duration,
    last: Option<tokio::time::Instant>,
}

impl PacedBatches {
    pub fn new(gap: Duration) -> Self {
        Self { gap, last: None }
    }

    /// The next batch of at most `max` items; `None` when the stream has ended.
    pub async fn next<S>(&mut self, stream: &mut S, max: usize) -> Option<Vec<S::Item>>
    where
        S: Stream + Unpin,
    {
        let first = stream.next().await?;
        let mut batch = Vec::with_capacity(max.min(64));
        batch.push(first);
        let now = tokio::time::Instant::now();
        let deadline = self.last.map_or(now, |last| (last + self.gap).max(now));
        // A deadline already passed still takes the items that are ready: a timeout polls
        // its future before its clock.
        while batch.len() < max {
            match tokio::time::timeout_at(deadline, stream.next()).await {
                Ok(Some(item)) => batch.push(item),
                Ok(None) | Err(_) => break,
            }
        }
        self.last = Some(tokio::time::Instant::now());
        Some(batch)
    }
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

    #[tokio::test(start_paused = true)]
    async fn a_batch_after_a_quiet_spell_goes_at_once_and_the_next_waits_for_its_gap() {
        let (sender, receiver) = tokio::sync::mpsc::unbounded_channel::<u8>();
        let mut stream = Box::pin(futures::stream::unfold(receiver, |mut receiver| async {
            receiver.recv().await.map(|item| (item, receiver))
        }));
        let mut batches = PacedBatches::new(Duration::from_millis(20));
        let _ = sender.send(1);
        let _ = sender.send(2);
        let started = tokio::time::Instant::now();
        assert_eq!(batches.next(&mut stream, 10).await, Some(vec![1, 2]));
        assert_eq!(started.elapsed(), Duration::ZERO);
        // Sent right after: gathered until the gap since the first batch has passed.
        let _ = sender.send(3);
        let late = sender.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(10)).await;
            let _ = late.send(4);
            tokio::time::sleep(Duration::from_millis(30)).await;
            let _ = late.send(5);
        });
        assert_eq!(batches.next(&mut stream, 10).await, Some(vec![3, 4]));
        assert_eq!(started.elapsed(), Duration::from_millis(20));
        // After a gap longer than `gap`, the next one goes at once again.
        assert_eq!(batches.next(&mut stream, 10).await, Some(vec![5]));
        assert_eq!(started.elapsed(), Duration::from_millis(40));
    }

    #[tokio::test]
    async fn a_paced_batch_takes_at_most_max_and_ends_with_the_stream() {
        let mut stream = futures::stream::iter(1..=5);
        let mut batches = PacedBatches::new(Duration::from_millis(1));
        assert_eq!(batches.next(&mut stream, 3).await, Some(vec![1, 2, 3]));
        assert_eq!(batches.next(&mut stream, 3).await, Some(vec![4, 5]));
        assert_eq!(batches.next(&mut stream, 3).await, None);
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
