//! Where deliveries may go. A webhook URL is chosen by a customer but fetched by us, so an
//! address inside the operator's network (loopback, private ranges, link-local and the
//! cloud metadata address, carrier-grade NAT, multicast, documentation ranges) is refused,
//! for IP literals when the endpoint is saved and after DNS resolution at every attempt
//! (`crate::client`), unless the operator allows it (`NLS_WEBHOOKS_ALLOW_PRIVATE=1`).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use url::{Host, Url};

/// Longest URL accepted.
pub const MAX_URL_LEN: usize = 2048;

/// What the operator allows beyond public `https` addresses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Policy {
    /// `NLS_WEBHOOKS_ALLOW_PRIVATE=1`: private and loopback addresses too (tests, a
    /// receiver on the operator's own network).
    pub allow_private: bool,
    /// `NLS_WEBHOOKS_ALLOW_HTTP=1`: plain `http` URLs (development only).
    pub allow_http: bool,
}

/// Why a URL or an address is refused; the message is shown to the account.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("must be an absolute URL: {0}")]
    Malformed(String),
    #[error("must be at most {MAX_URL_LEN} characters")]
    TooLong,
    #[error("must use https")]
    NotHttps,
    #[error("must not carry a user name or password")]
    Credentials,
    #[error("{0} is a private, loopback, link-local or reserved address")]
    PrivateAddress(IpAddr),
    #[error("{host} resolves only to private, loopback, link-local or reserved addresses")]
    ResolvesPrivate { host: String },
}

impl Policy {
    /// Checks a URL's shape and, for an IP literal, its address.
    pub fn check_url(&self, raw: &str) -> Result<Url, Refusal> {
        if raw.len() > MAX_URL_LEN {
            return Err(Refusal::TooLong);
        }
        let url = Url::parse(raw).map_err(|e| Refusal::Malformed(e.to_string()))?;
        match url.scheme() {
            "https" => {}
            "http" if self.allow_http => {}
            _ => return Err(Refusal::NotHttps),
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(Refusal::Credentials);
        }
        match url.host() {
            None => return Err(Refusal::Malformed("no host".into())),
            Some(Host::Ipv4(ip)) => self.check_address(IpAddr::V4(ip))?,
            Some(Host::Ipv6(ip)) => self.check_address(IpAddr::V6(ip))?,
            Some(Host::Domain(_)) => {}
        }
        Ok(url)
    }

    pub fn check_address(&self, ip: IpAddr) -> Result<(), Refusal> {
        if self.allow_private || is_public(ip) {
            Ok(())
        } else {
            Err(Refusal::PrivateAddress(ip))
        }
    }
}

/// Whether `ip` is an address on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn in_v4(ip: Ipv4Addr, net: [u8; 4], prefix: u32) -> bool {
    let mask = if prefix == 0 {
        0
    } else {
        u32::MAX << (32 - prefix)
    };
    (u32::from(ip) & mask) == (u32::from(Ipv4Addr::from(net)) & mask)
}

/// IPv4 special-purpose ranges refused as webhook targets: the IANA IPv4 Special-Purpose
/// Address Registry (RFC 6890 and its updates) where not globally reachable, plus carrier-
/// grade NAT. Each with its RFC; docs/WEBHOOKS.md prints the same table.
pub const REFUSED_V4: &[([u8; 4], u32, &str)] = &[
    ([0, 0, 0, 0], 8, "\"this network\", RFC 791 / RFC 1122"),
    ([10, 0, 0, 0], 8, "private use, RFC 1918"),
    (
        [100, 64, 0, 0],
        10,
        "shared address space (carrier-grade NAT), RFC 6598",
    ),
    ([127, 0, 0, 0], 8, "loopback, RFC 1122"),
    (
        [169, 254, 0, 0],
        16,
        "link-local (cloud metadata), RFC 3927",
    ),
    ([172, 16, 0, 0], 12, "private use, RFC 1918"),
    ([192, 0, 0, 0], 24, "IETF protocol assignments, RFC 6890"),
    ([192, 0, 2, 0], 24, "documentation TEST-NET-1, RFC 5737"),
    ([192, 31, 196, 0], 24, "AS112-v4, RFC 7535"),
    ([192, 52, 193, 0], 24, "AMT, RFC 7450"),
    (
        [192, 88, 99, 0],
        24,
        "deprecated 6to4 relay anycast, RFC 7526",
    ),
    ([192, 168, 0, 0], 16, "private use, RFC 1918"),
    ([192, 175, 48, 0], 24, "direct delegation AS112, RFC 7534"),
    ([198, 18, 0, 0], 15, "benchmarking, RFC 2544"),
    ([198, 51, 100, 0], 24, "documentation TEST-NET-2, RFC 5737"),
    ([203, 0, 113, 0], 24, "documentation TEST-NET-3, RFC 5737"),
    ([224, 0, 0, 0], 4, "multicast, RFC 5771"),
    (
        [240, 0, 0, 0],
        4,
        "reserved and limited broadcast, RFC 1112 / RFC 919",
    ),
];

/// IPv6 ranges refused outright (not judged by an embedded IPv4 address): prefix as 8
/// segments, prefix length, and the RFC. Ranges that embed an IPv4 address (IPv4-mapped
/// ::ffff:0:0/96, SIIT ::ffff:0:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by
/// that address in [`is_public_v6`].
pub const REFUSED_V6: &[([u16; 8], u32, &str)] = &[
    ([0, 0, 0, 0, 0, 0, 0, 0], 128, "unspecified, RFC 4291"),
    ([0, 0, 0, 0, 0, 0, 0, 1], 128, "loopback, RFC 4291"),
    (
        [0, 0, 0, 0, 0, 0, 0, 0],
        96,
        "IPv4-compatible (deprecated), RFC 4291",
    ),
    (
        [0x64, 0xff9b, 1, 0, 0, 0, 0, 0],
        48,
        "local-use IPv4/IPv6 translation, RFC 8215",
    ),
    ([0x100, 0, 0, 0, 0, 0, 0, 0], 64, "discard-only, RFC 6666"),
    (
        [0x2001, 0, 0, 0, 0, 0, 0, 0],
        32,
        "Teredo (reaches an IPv4 client), RFC 4380",
    ),
    ([0x2001, 2, 0, 0, 0, 0, 0, 0], 48, "benchmarking, RFC 5180"),
    (
        [0x2001, 0x10, 0, 0, 0, 0, 0, 0],
        28,
        "ORCHID (deprecated), RFC 4843",
    ),
    ([0x2001, 0x20, 0, 0, 0, 0, 0, 0], 28, "ORCHIDv2, RFC 7343"),
    (
        [0x2001, 0xdb8, 0, 0, 0, 0, 0, 0],
        32,
        "documentation, RFC 3849",
    ),
    ([0x3fff, 0, 0, 0, 0, 0, 0, 0], 20, "documentation, RFC 9637"),
    (
        [0x5f00, 0, 0, 0, 0, 0, 0, 0],
        16,
        "segment routing SIDs, RFC 9602",
    ),
    (
        [0xfc00, 0, 0, 0, 0, 0, 0, 0],
        7,
        "unique local (incl. fd00:ec2::254, AWS metadata), RFC 4193",
    ),
    ([0xfe80, 0, 0, 0, 0, 0, 0, 0], 10, "link-local, RFC 4291"),
    (
        [0xfec0, 0, 0, 0, 0, 0, 0, 0],
        10,
        "site-local (deprecated), RFC 3879",
    ),
    ([0xff00, 0, 0, 0, 0, 0, 0, 0], 8, "multicast, RFC 4291"),
];

fn is_public_v4(ip: Ipv4Addr) -> bool {
    !REFUSED_V4
        .iter()
        .any(|(net, prefix, _)| in_v4(ip, *net, *prefix))
}

fn in_v6(ip: Ipv6Addr, net: [u16; 8], prefix: u32) -> bool {
    let mask = if prefix == 0 {
        0
    } else {
        u128::MAX << (128 - prefix)
    };
    (u128::from(ip) & mask) == (u128::from(Ipv6Addr::from(net)) & mask)
}

/// The IPv4 address in the last 32 bits of `s`.
fn last_v4(s: &[u16; 8]) -> Ipv4Addr {
    Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    // Addresses that embed an IPv4 address are judged by it: IPv4-mapped (::ffff:0:0/96,
    // RFC 4291), SIIT IPv4-translated (::ffff:0:0:0/96, RFC 7915), NAT64 (64:ff9b::/96,
    // RFC 6052) and 6to4 (2002::/16, RFC 3056).
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    if s[0..4] == [0, 0, 0, 0] && s[4] == 0xffff && s[5] == 0 {
        return is_public_v4(last_v4(&s));
    }
    if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0, 0, 0, 0] {
        return is_public_v4(last_v4(&s));
    }
    if s[0] == 0x2002 {
        return is_public_v4(Ipv4Addr::new(
            (s[1] >> 8) as u8,
            s[1] as u8,
            (s[2] >> 8) as u8,
            s[2] as u8,
        ));
    }
    !REFUSED_V6
        .iter()
        .any(|(net, prefix, _)| in_v6(ip, *net, *prefix))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strict() -> Policy {
        Policy::default()
    }

    #[test]
    fn internal_addresses_are_refused_and_public_ones_pass() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.100.100.200",
            "0.0.0.0",
            "224.0.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fd00:ec2::254",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "64:ff9b::a9fe:a9fe",
            "2002:7f00:1::",
            "ff02::1",
            // Issue 28: forms that reached IPv4 targets past the check.
            "64:ff9b:1::a9fe:a9fe",
            "64:ff9b:1:7f00:1::",
            "2001:0:4136:e378:8000:63bf:3fff:fdd2",
            "2001::1",
            "::ffff:0:127.0.0.1",
            "::ffff:0:a9fe:a9fe",
            "3fff::1",
            "5f00::1",
            "2001:2::1",
            "100::1",
        ] {
            let ip: IpAddr = ip.parse().expect("test address");
            assert!(!is_public(ip), "{ip} must be refused");
            assert!(strict().check_address(ip).is_err());
            assert!(Policy {
                allow_private: true,
                ..strict()
            }
            .check_address(ip)
            .is_ok());
        }
        for ip in [
            "93.184.215.14",
            "172.32.0.1",
            "8.8.8.8",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
            "::ffff:0:8.8.8.8",
            "64:ff9b::808:808",
            "2001:4860:4860::8888",
        ] {
            assert!(
                is_public(ip.parse().expect("test address")),
                "{ip} is public"
            );
        }
    }

    #[test]
    fn urls_must_be_https_without_credentials_or_private_literals() {
        let p = strict();
        assert!(p.check_url("https://hooks.example.com/nls?x=1").is_ok());
        assert_eq!(
            p.check_url("http://hooks.example.com/"),
            Err(Refusal::NotHttps)
        );
        assert_eq!(
            p.check_url("ftp://hooks.example.com/"),
            Err(Refusal::NotHttps)
        );
        assert_eq!(
            p.check_url("https://user:pw@hooks.example.com/"),
            Err(Refusal::Credentials)
        );
        assert!(matches!(
            p.check_url("https://127.0.0.1:8443/"),
            Err(Refusal::PrivateAddress(_))
        ));
        assert!(matches!(
            p.check_url("https://[::ffff:10.0.0.1]/"),
            Err(Refusal::PrivateAddress(_))
        ));
        assert!(matches!(
            p.check_url("not a url"),
            Err(Refusal::Malformed(_))
        ));
        assert_eq!(
            p.check_url(&format!("https://e.com/{}", "a".repeat(MAX_URL_LEN))),
            Err(Refusal::TooLong)
        );
        let dev = Policy {
            allow_private: true,
            allow_http: true,
        };
        assert!(dev.check_url("http://127.0.0.1:9999/hook").is_ok());
    }
}
