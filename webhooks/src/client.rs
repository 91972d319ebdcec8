//! The HTTP client deliveries use: no redirects, a whole-attempt timeout, and a resolver
//! that drops every address the [`Policy`] refuses, so a name that points inside the
//! operator's network (or is re-pointed there after it was saved) is never connected to.
//! Every new connection resolves the name again; an idle connection (kept 15 s) is reused
//! only to the address it was checked for, so a re-pointed name cannot use it to reach
//! inside.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::Url;

use crate::guard::{Policy, Refusal};

/// How long a name may take to resolve when an endpoint is saved.
const SAVE_RESOLVE_TIMEOUT: Duration = Duration::from_secs(3);

#[derive(Debug, Clone)]
struct GuardedResolver {
    policy: Policy,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let policy = self.policy;
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let allowed = allowed_addresses(policy, &host, 0).await?;
            let addrs: Addrs = Box::new(allowed.into_iter());
            Ok(addrs)
        })
    }
}

/// The addresses `host` resolves to that `policy` allows; an error when there are none.
async fn allowed_addresses(
    policy: Policy,
    host: &str,
    port: u16,
) -> Result<Vec<SocketAddr>, Box<dyn std::error::Error + Send + Sync>> {
    let resolved: Vec<SocketAddr> = tokio::net::lookup_host((host, port)).await?.collect();
    let allowed: Vec<SocketAddr> = resolved
        .iter()
        .copied()
        .filter(|a| policy.check_address(a.ip()).is_ok())
        .collect();
    if allowed.is_empty() && !resolved.is_empty() {
        return Err(Box::new(Refusal::ResolvesPrivate {
            host: host.to_owned(),
        }));
    }
    Ok(allowed)
}

/// Builds the delivery client.
pub fn build(policy: Policy, timeout: Duration) -> Result<reqwest::Client, reqwest::Error> {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(timeout)
        .connect_timeout(timeout)
        .pool_idle_timeout(std::time::Duration::from_secs(15))
        .pool_max_idle_per_host(16)
        .user_agent(concat!("NLS-Webhooks/", env!("CARGO_PKG_VERSION")))
        .dns_resolver(Arc::new(GuardedResolver { policy }))
        .build()
}

/// The save-time check of a URL: its shape, and the addresses its name resolves to now.
/// A name that does not resolve yet is accepted (deliveries will say why they fail); one
/// that resolves only to refused addresses is not.
pub async fn check_destination(policy: Policy, raw: &str) -> Result<Url, Refusal> {
    let url = policy.check_url(raw)?;
    if let Some(url::Host::Domain(host)) = url.host() {
        let port = url.port_or_known_default().unwrap_or(443);
        let lookup =
            tokio::time::timeout(SAVE_RESOLVE_TIMEOUT, allowed_addresses(policy, host, port)).await;
        if let Ok(Err(err)) = lookup {
            if let Some(refusal) = err.downcast_ref::<Refusal>() {
                return Err(refusal.clone());
            }
        }
    }
    Ok(url)
}
