//! Who the client is, for limits that count callers by address (the embed's event streams,
//! issue 28).
//!
//! The address is the socket's peer. Only when that peer is a configured trusted proxy
//! (`NLS_TRUSTED_PROXIES`, addresses and CIDR blocks) is `X-Forwarded-For` read, and then
//! from the right: each proxy appends the address it received the request from, so the
//! entries a client can forge are on the left. The walk skips the entries that are
//! themselves trusted proxies and stops at the first that is not: that is the client. A
//! header from any other peer is ignored, so nobody can pick their own bucket by sending it.
//!
//! IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`, what a dual-stack socket reports for IPv4
//! peers) are read as the IPv4 address, so one client has one address however it came in.

use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::str::FromStr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts};
use http::request::Parts;
use http::HeaderMap;

/// Entries of `X-Forwarded-For` examined at most: a chain of proxies is a few hops, and a
/// peer that is trusted but sends thousands of entries should not cost more than this.
const MAX_HOPS: usize = 32;

/// A trusted entry of `NLS_TRUSTED_PROXIES` that is neither an address nor a CIDR block.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is neither an IP address nor a CIDR block (like 10.0.0.0/8 or fd00::/8)")]
pub struct BadProxyEntry(pub String);

/// An address block: `network/prefix`, or one address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cidr {
    network: IpAddr,
    prefix: u8,
}

impl Cidr {
    fn parse(entry: &str) -> Result<Cidr, BadProxyEntry> {
        let bad = || BadProxyEntry(entry.to_owned());
        let (address, prefix) = match entry.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (entry, None),
        };
        let network = IpAddr::from_str(address).map_err(|_| bad())?;
        let bits = bit_len(network);
        let prefix = match prefix {
            Some(prefix) => prefix.parse::<u8>().map_err(|_| bad())?,
            None => bits,
        };
        if prefix > bits {
            return Err(bad());
        }
        // A mapped network `::ffff:10.0.0.0/104` is the IPv4 block `10.0.0.0/8`.
        let (network, prefix) = match (network, network.to_canonical()) {
            (IpAddr::V6(_), v4 @ IpAddr::V4(_)) if prefix >= 96 => (v4, prefix - 96),
            _ => (network, prefix),
        };
        Ok(Cidr { network, prefix })
    }

    fn contains(&self, ip: IpAddr) -> bool {
        match (self.network, ip.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                masked(u128::from(u32::from(net)), 32, self.prefix)
                    == masked(u128::from(u32::from(ip)), 32, self.prefix)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                masked(u128::from(net), 128, self.prefix)
                    == masked(u128::from(ip), 128, self.prefix)
            }
            _ => false,
        }
    }
}

fn bit_len(ip: IpAddr) -> u8 {
    match ip {
        IpAddr::V4(_) => 32,
        IpAddr::V6(_) => 128,
    }
}

/// The top `prefix` bits of a `bits`-wide address.
fn masked(value: u128, bits: u8, prefix: u8) -> u128 {
    if prefix == 0 {
        0
    } else {
        value >> (bits - prefix)
    }
}

/// The proxies whose `X-Forwarded-For` is believed; empty (the default) believes none.
/// Cheap to clone.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Arc<[Cidr]>);

impl FromStr for TrustedProxies {
    type Err = BadProxyEntry;

    /// A comma-separated list of addresses and CIDR blocks; blank entries are skipped.
    fn from_str(list: &str) -> Result<Self, Self::Err> {
        let blocks = list
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(Cidr::parse)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(TrustedProxies(blocks.into()))
    }
}

impl TrustedProxies {
    /// Whether `ip` is one of the trusted proxies.
    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|block| block.contains(ip))
    }

    /// Whether no proxy is trusted.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The client behind a request from `peer` carrying `forwarded`, the comma-separated
    /// values of its `X-Forwarded-For` headers in the order they came.
    pub fn client<'a>(&self, peer: IpAddr, forwarded: impl IntoIterator<Item = &'a str>) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.contains(client) {
            return client;
        }
        let entries: Vec<&str> = forwarded.into_iter().flat_map(|v| v.split(',')).collect();
        for entry in entries.iter().rev().take(MAX_HOPS) {
            // Garbage appended by a trusted hop: the nearest trusted address is all that is
            // known. Counting such requests under the proxy is the safe side (nobody can
            // choose a fresh address that way).
            let Some(ip) = parse_entry(entry) else {
                return client;
            };
            client = ip;
            if !self.contains(ip) {
                return ip;
            }
        }
        // Every hop trusted (a client inside the proxies' network): the left-most one.
        client
    }
}

/// One `X-Forwarded-For` entry: an address, optionally with a port (`1.2.3.4:5678`,
/// `[2001:db8::1]:443`), as proxies write them.
fn parse_entry(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    IpAddr::from_str(entry)
        .or_else(|_| SocketAddr::from_str(entry).map(|socket| socket.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

/// The client's address (module docs). Needs the listener to put the peer's
/// [`ConnectInfo<SocketAddr>`] and the router a [`TrustedProxies`] extension into each
/// request; without a peer (a router called in-process) it is `0.0.0.0`, one shared client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl ClientAddr {
    /// The client of a request with these headers and extensions.
    pub fn of(headers: &HeaderMap, extensions: &http::Extensions) -> ClientAddr {
        let Some(ConnectInfo(peer)) = extensions.get::<ConnectInfo<SocketAddr>>() else {
            return ClientAddr(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        };
        let Some(trusted) = extensions.get::<TrustedProxies>() else {
            return ClientAddr(peer.ip().to_canonical());
        };
        // A value that is not text cannot be read: `\u{0}` is no address, so the walk stops
        // at the proxy there, like any other garbage.
        let values = headers
            .get_all("x-forwarded-for")
            .iter()
            .map(|value| value.to_str().unwrap_or("\u{0}"));
        ClientAddr(trusted.client(peer.ip(), values))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr::of(&parts.headers, &parts.extensions))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        IpAddr::from_str(s).unwrap_or(IpAddr::V4(Ipv4Addr::BROADCAST))
    }

    fn trusted(list: &str) -> TrustedProxies {
        TrustedProxies::from_str(list).unwrap_or_default()
    }

    #[test]
    fn a_header_from_an_untrusted_peer_is_ignored() {
        let none = TrustedProxies::default();
        assert_eq!(
            none.client(ip("203.0.113.9"), ["1.2.3.4"]),
            ip("203.0.113.9")
        );
        let some = trusted("10.0.0.0/8");
        assert_eq!(
            some.client(ip("203.0.113.9"), ["1.2.3.4, 10.0.0.1"]),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn behind_a_trusted_proxy_the_right_most_untrusted_entry_is_the_client() {
        let proxies = trusted("10.0.0.0/8, 192.168.1.7");
        // The client forged `6.6.6.6`; the edge appended the address it saw.
        assert_eq!(
            proxies.client(ip("10.1.2.3"), ["6.6.6.6, 198.51.100.4"]),
            ip("198.51.100.4")
        );
        // Two trusted hops: skipped from the right.
        assert_eq!(
            proxies.client(
                ip("10.1.2.3"),
                ["6.6.6.6, 198.51.100.4, 192.168.1.7, 10.9.9.9"]
            ),
            ip("198.51.100.4")
        );
        // Several header lines are one list, in order.
        assert_eq!(
            proxies.client(ip("10.1.2.3"), ["6.6.6.6", "198.51.100.4, 10.0.0.2"]),
            ip("198.51.100.4")
        );
    }

    #[test]
    fn without_a_usable_entry_the_nearest_trusted_address_is_the_client() {
        let proxies = trusted("10.0.0.0/8");
        assert_eq!(proxies.client(ip("10.1.2.3"), []), ip("10.1.2.3"));
        assert_eq!(proxies.client(ip("10.1.2.3"), [""]), ip("10.1.2.3"));
        assert_eq!(
            proxies.client(ip("10.1.2.3"), ["1.2.3.4, nonsense"]),
            ip("10.1.2.3")
        );
        assert_eq!(
            proxies.client(ip("10.1.2.3"), ["1.2.3.4, unknown, 10.0.0.5"]),
            ip("10.0.0.5")
        );
        // All hops trusted: the left-most.
        assert_eq!(
            proxies.client(ip("10.1.2.3"), ["10.7.7.7, 10.0.0.5"]),
            ip("10.7.7.7")
        );
    }

    #[test]
    fn ipv6_ports_and_mapped_addresses() {
        let proxies = trusted("fd00::/8, ::1");
        assert_eq!(
            proxies.client(ip("fd12::1"), ["2001:db8::1"]),
            ip("2001:db8::1")
        );
        assert_eq!(
            proxies.client(ip("::1"), ["[2001:db8::2]:443"]),
            ip("2001:db8::2")
        );
        assert_eq!(
            proxies.client(ip("::1"), ["198.51.100.4:5678"]),
            ip("198.51.100.4")
        );
        // A mapped peer is its IPv4 address, trusted by an IPv4 block.
        let v4 = trusted("127.0.0.1");
        assert_eq!(
            v4.client(ip("::ffff:127.0.0.1"), ["::ffff:198.51.100.4"]),
            ip("198.51.100.4")
        );
        assert_eq!(
            v4.client(ip("::ffff:203.0.113.1"), ["1.1.1.1"]),
            ip("203.0.113.1")
        );
    }

    #[test]
    fn cidr_blocks_match_by_prefix() {
        let proxies = trusted("172.16.0.0/12, 2001:db8:aa::/48, 0.0.0.0/0");
        assert!(proxies.contains(ip("1.2.3.4")));
        let proxies = trusted("172.16.0.0/12, 2001:db8:aa::/48");
        assert!(proxies.contains(ip("172.31.255.255")));
        assert!(!proxies.contains(ip("172.32.0.0")));
        assert!(proxies.contains(ip("2001:db8:aa:ffff::1")));
        assert!(!proxies.contains(ip("2001:db8:ab::1")));
        assert!(!proxies.contains(ip("::ffff:172.32.0.1")));
        // Host bits in the network are ignored; a mapped block is its IPv4 block.
        assert!(trusted("10.1.2.3/8").contains(ip("10.200.0.1")));
        assert!(trusted("::ffff:10.0.0.0/104").contains(ip("10.200.0.1")));
        assert!(TrustedProxies::default().is_empty());
    }

    #[test]
    fn bad_entries_are_refused_and_blank_ones_skipped() {
        for bad in [
            "10.0.0.0/33",
            "::/129",
            "localhost",
            "10.0.0.0/x",
            "1.2.3.4:80",
        ] {
            assert_eq!(
                TrustedProxies::from_str(bad),
                Err(BadProxyEntry(bad.to_owned())),
                "{bad}"
            );
        }
        assert_eq!(
            TrustedProxies::from_str(" , "),
            Ok(TrustedProxies::default())
        );
        assert!(trusted(" 127.0.0.1 ,, ::1 ").contains(ip("::1")));
    }

    #[test]
    fn the_extractor_reads_the_peer_and_the_trusted_list_from_the_request() {
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            http::HeaderValue::from_static("198.51.100.4"),
        );
        let mut extensions = http::Extensions::new();
        assert_eq!(
            ClientAddr::of(&headers, &extensions),
            ClientAddr(ip("0.0.0.0"))
        );
        extensions.insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 4000))));
        assert_eq!(
            ClientAddr::of(&headers, &extensions),
            ClientAddr(ip("127.0.0.1"))
        );
        extensions.insert(trusted("127.0.0.1"));
        assert_eq!(
            ClientAddr::of(&headers, &extensions),
            ClientAddr(ip("198.51.100.4"))
        );
        headers.insert(
            "x-forwarded-for",
            http::HeaderValue::from_bytes(b"1.2.3.4, \xff")
                .unwrap_or(http::HeaderValue::from_static("")),
        );
        assert_eq!(
            ClientAddr::of(&headers, &extensions),
            ClientAddr(ip("127.0.0.1"))
        );
    }
}
