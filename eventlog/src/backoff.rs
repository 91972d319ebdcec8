//! Waiting before a retry, longer after each failure, and never past a shutdown.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

/// Exponential backoff for the long-running tasks that reconnect to NATS or Postgres.
#[derive(Debug, Clone)]
pub struct Backoff {
    first: Duration,
    next: Duration,
    max: Duration,
}

impl Backoff {
    /// Waits `first` after the first failure, doubling up to `max`.
    pub fn new(first: Duration, max: Duration) -> Backoff {
        Backoff {
            first,
            next: first,
            max,
        }
    }

    /// Sleeps for the current delay and doubles it; `false` when `shutdown` came first.
    pub async fn wait(&mut self, shutdown: &CancellationToken) -> bool {
        let delay = self.advance();
        tokio::select! {
            _ = shutdown.cancelled() => false,
            _ = tokio::time::sleep(delay) => true,
        }
    }

    /// The current delay; the next one is twice as long, up to the maximum.
    fn advance(&mut self) -> Duration {
        let delay = self.next;
        self.next = (self.next * 2).min(self.max);
        delay
    }

    /// Back to the first delay, after a success.
    pub fn reset(&mut self) {
        self.next = self.first;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_double_up_to_the_maximum_and_reset() {
        let ms = Duration::from_millis;
        let mut backoff = Backoff::new(ms(100), ms(300));
        let delays: Vec<_> = (0..4).map(|_| backoff.advance()).collect();
        assert_eq!(delays, [ms(100), ms(200), ms(300), ms(300)]);
        backoff.reset();
        assert_eq!(backoff.advance(), ms(100));
    }

    #[tokio::test]
    async fn a_shutdown_ends_the_wait() {
        let shutdown = CancellationToken::new();
        shutdown.cancel();
        let mut backoff = Backoff::new(Duration::from_secs(60), Duration::from_secs(60));
        assert!(!backoff.wait(&shutdown).await);
    }
}
