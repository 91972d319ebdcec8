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

fn is_public_v4(ip: Ipv4Addr) -> bool {
    // RFC 6890 special-purpose ranges, plus carrier-grade NAT (RFC 6598).
    const REFUSED: &[([u8; 4], u32)] = &[
        ([0, 0, 0, 0], 8),
        ([10, 0, 0, 0], 8),
        ([100, 64, 0, 0], 10),
        ([127, 0, 0, 0], 8),
        ([169, 254, 0, 0], 16),
        ([172, 16, 0, 0], 12),
        ([192, 0, 0, 0], 24),
        ([192, 0, 2, 0], 24),
        ([192, 88, 99, 0], 24),
        ([192, 168, 0, 0], 16),
        ([198, 18, 0, 0], 15),
        ([198, 51, 100, 0], 24),
        ([203, 0, 113, 0], 24),
        ([224, 0, 0, 0], 4),
        ([240, 0, 0, 0], 4),
    ];
    !REFUSED.iter().any(|(net, prefix)| in_v4(ip, *net, *prefix))
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    // Addresses that embed an IPv4 address are judged by it: IPv4-mapped (::ffff:0:0/96),
    // NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0, 0, 0, 0] {
        return is_public_v4(Ipv4Addr::new(
            (s[6] >> 8) as u8,
            s[6] as u8,
            (s[7] >> 8) as u8,
            s[7] as u8,
        ));
    }
    if s[0] == 0x2002 {
        return is_public_v4(Ipv4Addr::new(
            (s[1] >> 8) as u8,
            s[1] as u8,
            (s[2] >> 8) as u8,
            s[2] as u8,
        ));
    }
    let refused = ip.is_unspecified()
        || ip.is_loopback()
        || s[0] & 0xfe00 == 0xfc00 // unique local fc00::/7 (incl. fd00:ec2::254, AWS metadata)
        || s[0] & 0xffc0 == 0xfe80 // link-local fe80::/10
        || s[0] & 0xffc0 == 0xfec0 // deprecated site-local fec0::/10
        || s[0] & 0xff00 == 0xff00 // multicast
        || (s[0] == 0x2001 && s[1] == 0x0db8) // documentation
        || (s[0] == 0x0100 && s[1..4] == [0, 0, 0]) // discard-only 100::/64
        || s[0..6] == [0, 0, 0, 0, 0, 0]; // IPv4-compatible (deprecated) and ::/96
    !refused
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
