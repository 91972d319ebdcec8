//! How many embed event streams may be open at once, per client, per token and in total
//! (issue 28: one client held every connection slot with 16,384 streams of one token).
//!
//! Each open stream holds a [`StreamPermit`]; it is given back when the stream's response
//! body is dropped, which is when the stream ends, the server ends it, or the client goes
//! away. A stream over a cap is refused with 429 `rate_limited` before it starts.
//!
//! The counts are per process on purpose: what they protect (connection slots, memory) is
//! the process's own. Several renderer processes each allow their caps.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use nls_web::{ApiError, ErrorCode};

/// The caps and the lifetime of the embed's event streams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamLimits {
    /// Streams one client (an IPv4 address, or an IPv6 /64) may hold.
    pub per_client: usize,
    /// Streams of one embed token, over all clients.
    pub per_token: usize,
    /// Streams of the process.
    pub total: usize,
    /// The longest a stream stays open; each stream ends at a random point of the last
    /// quarter of it, and the page reconnects.
    pub max_lifetime: Duration,
}

impl Default for StreamLimits {
    /// - 32 per client: a reader with a few tabs of pages that each embed a few labels, or
    ///   a small office behind one address. A client above it gets labels without live
    ///   updates, not an error page (the label page itself is not capped).
    /// - 1,000 per token: one recipe page read by a thousand people at the same moment is
    ///   a very busy page, and readers beyond it still see the label. It keeps a single
    ///   public token (all an attacker needs) to an eighth of the total.
    /// - 8,192 in total: half of the default 16,384 connections, so keyed, app and health
    ///   traffic always has the other half ([`StreamLimits::for_connections`]).
    /// - 10 minutes: a stream that outlives its reader's interest ends, and a reconnect
    ///   costs one request.
    fn default() -> Self {
        StreamLimits::for_connections(16_384)
    }
}

impl StreamLimits {
    /// The defaults for a process serving `max_connections` at once: half of them at
    /// most are event streams.
    pub fn for_connections(max_connections: usize) -> Self {
        StreamLimits {
            per_client: 32,
            per_token: 1_000,
            total: (max_connections / 2).max(1),
            max_lifetime: Duration::from_secs(600),
        }
    }
}

/// Seconds a refused client is told to wait: streams end every few minutes at most
/// ([`StreamLimits::max_lifetime`]), and readers leave pages sooner.
pub const RETRY_AFTER_SECS: u64 = 10;

/// Which cap refused a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The client holds its cap (given).
    Client(usize),
    /// The token has its cap of streams.
    Token(usize),
    /// The process has its cap of streams.
    Total(usize),
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> Self {
        let (what, cap) = match refusal {
            Refusal::Client(cap) => ("from this address", cap),
            Refusal::Token(cap) => ("for this label", cap),
            Refusal::Total(cap) => ("on this server", cap),
        };
        ApiError::new(
            ErrorCode::RateLimited,
            format!(
                "too many live label streams {what} (at most {cap}); retry in {RETRY_AFTER_SECS} seconds"
            ),
        )
        .with_retry_after(RETRY_AFTER_SECS)
    }
}

/// The open-stream counts; cheap to clone.
#[derive(Clone)]
pub struct StreamCaps {
    limits: StreamLimits,
    counts: Arc<Mutex<Counts>>,
}

/// Entries exist only while their count is above zero, so the maps are bounded by the
/// streams open.
#[derive(Default)]
struct Counts {
    total: usize,
    clients: HashMap<IpAddr, usize>,
    tokens: HashMap<Arc<str>, usize>,
}

/// One open stream's place under the caps, given back on drop.
pub struct StreamPermit {
    counts: Arc<Mutex<Counts>>,
    client: IpAddr,
    token: Arc<str>,
}

/// What counts as one client: an IPv4 address, or an IPv6 /64 (one subscriber's network:
/// a single host commonly has the whole /64 to choose addresses from).
fn client_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        v4 => v4,
    }
}

fn lock(counts: &Mutex<Counts>) -> MutexGuard<'_, Counts> {
    // The counts stay consistent at every step, so a panic elsewhere leaves them usable.
    counts.lock().unwrap_or_else(PoisonError::into_inner)
}

impl StreamCaps {
    /// No stream open yet.
    pub fn new(limits: StreamLimits) -> Self {
        StreamCaps {
            limits,
            counts: Arc::default(),
        }
    }

    /// The caps and lifetime in force.
    pub fn limits(&self) -> StreamLimits {
        self.limits
    }

    /// A place for one more stream of `token` from `client`, or which cap is full.
    pub fn open(&self, client: IpAddr, token: &str) -> Result<StreamPermit, Refusal> {
        let client = client_key(client);
        let mut counts = lock(&self.counts);
        if counts.total >= self.limits.total {
            return Err(Refusal::Total(self.limits.total));
        }
        if counts.clients.get(&client).copied().unwrap_or(0) >= self.limits.per_client {
            return Err(Refusal::Client(self.limits.per_client));
        }
        let token: Arc<str> = match counts.tokens.get_key_value(token) {
            Some((_, &n)) if n >= self.limits.per_token => {
                return Err(Refusal::Token(self.limits.per_token))
            }
            // One allocation per token, shared by its permits.
            Some((key, _)) => key.clone(),
            None => token.into(),
        };
        counts.total += 1;
        *counts.clients.entry(client).or_default() += 1;
        *counts.tokens.entry(token.clone()).or_default() += 1;
        Ok(StreamPermit {
            counts: self.counts.clone(),
            client,
            token,
        })
    }

    /// Streams open now.
    pub fn open_streams(&self) -> usize {
        lock(&self.counts).total
    }
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut counts = lock(&self.counts);
        counts.total = counts.total.saturating_sub(1);
        decrement(&mut counts.clients, &self.client);
        decrement(&mut counts.tokens, &self.token);
    }
}

fn decrement<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: &K) {
    if let Some(n) = map.get_mut(key) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            map.remove(key);
        }
    }
}

/// The lifetime of a stream opened now: uniform over the last quarter of `max`, so the
/// streams opened together (a deploy, a busy minute) do not all reconnect together.
pub fn lifetime(max: Duration) -> Duration {
    use rand::Rng as _;
    max.mul_f64(rand::thread_rng().gen_range(0.75..=1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn ip(s: &str) -> IpAddr {
        IpAddr::from_str(s).unwrap_or(IpAddr::V4(std::net::Ipv4Addr::BROADCAST))
    }

    fn caps(per_client: usize, per_token: usize, total: usize) -> StreamCaps {
        StreamCaps::new(StreamLimits {
            per_client,
            per_token,
            total,
            max_lifetime: Duration::from_secs(1),
        })
    }

    #[test]
    fn each_cap_refuses_the_stream_past_it_and_a_dropped_permit_frees_its_place() {
        let caps = caps(2, 3, 4);
        let a = caps.open(ip("192.0.2.1"), "emb_a");
        let b = caps.open(ip("192.0.2.1"), "emb_a");
        assert!(a.is_ok() && b.is_ok());
        assert_eq!(
            caps.open(ip("192.0.2.1"), "emb_b").err(),
            Some(Refusal::Client(2))
        );
        let c = caps.open(ip("192.0.2.2"), "emb_a");
        assert!(c.is_ok());
        assert_eq!(
            caps.open(ip("192.0.2.3"), "emb_a").err(),
            Some(Refusal::Token(3))
        );
        let d = caps.open(ip("192.0.2.3"), "emb_b");
        assert!(d.is_ok());
        assert_eq!(
            caps.open(ip("192.0.2.4"), "emb_c").err(),
            Some(Refusal::Total(4))
        );
        assert_eq!(caps.open_streams(), 4);
        drop(a);
        assert_eq!(caps.open_streams(), 3);
        assert!(caps.open(ip("192.0.2.1"), "emb_a").is_ok());
        drop((b, c, d));
        assert_eq!(caps.open_streams(), 0);
        let counts = lock(&caps.counts);
        assert!(counts.clients.is_empty() && counts.tokens.is_empty());
    }

    #[test]
    fn an_ipv6_64_is_one_client_and_a_mapped_address_its_ipv4_one() {
        let caps = caps(1, 10, 10);
        let first = caps.open(ip("2001:db8:1:2::1"), "emb_a");
        assert!(first.is_ok());
        assert_eq!(
            caps.open(ip("2001:db8:1:2:ffff::9"), "emb_a").err(),
            Some(Refusal::Client(1))
        );
        assert!(caps.open(ip("2001:db8:1:3::1"), "emb_a").is_ok());
        let v4 = caps.open(ip("198.51.100.4"), "emb_a");
        assert!(v4.is_ok());
        assert_eq!(
            caps.open(ip("::ffff:198.51.100.4"), "emb_a").err(),
            Some(Refusal::Client(1))
        );
    }

    #[test]
    fn a_refusal_is_429_rate_limited_with_retry_after() {
        let error = ApiError::from(Refusal::Client(32));
        assert_eq!(error.code(), ErrorCode::RateLimited);
        match error {
            ApiError::Client {
                message,
                retry_after_secs,
                ..
            } => {
                assert_eq!(retry_after_secs, Some(RETRY_AFTER_SECS));
                assert!(message.contains("at most 32"), "{message}");
                assert!(message.contains("10 seconds"), "{message}");
            }
            ApiError::Internal(_) => panic!("a client error"),
        }
    }

    #[test]
    fn lifetimes_fall_in_the_last_quarter_of_the_maximum() {
        let max = Duration::from_secs(600);
        for _ in 0..1_000 {
            let lifetime = lifetime(max);
            assert!(
                lifetime >= Duration::from_secs(450) && lifetime <= max,
                "{lifetime:?}"
            );
        }
    }

    #[test]
    fn the_default_total_is_half_the_connections() {
        assert_eq!(StreamLimits::default().total, 8_192);
        assert_eq!(StreamLimits::for_connections(100).total, 50);
        assert_eq!(StreamLimits::for_connections(1).total, 1);
    }
}
