//! Typed configuration, from flags and environment with defaults for the local machine.

use std::net::SocketAddr;
use std::time::Duration;

use nls_eventlog::NatsConfig;

pub use crate::conn::ConnLimits;

/// Which parts of the service a process runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Role {
    All,
    Command,
    Query,
    Projector,
    Renderer,
    /// Webhook fan-out and delivery.
    Webhooks,
}

impl Role {
    /// As on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::All => "all",
            Self::Command => "command",
            Self::Query => "query",
            Self::Projector => "projector",
            Self::Renderer => "renderer",
            Self::Webhooks => "webhooks",
        }
    }

    pub fn serves_commands(self) -> bool {
        matches!(self, Self::All | Self::Command)
    }
    pub fn serves_queries(self) -> bool {
        matches!(self, Self::All | Self::Query)
    }
    pub fn projects(self) -> bool {
        matches!(self, Self::All | Self::Projector)
    }
    /// Label files, the export function and session tokens (and their pre-rendering).
    pub fn renders(self) -> bool {
        matches!(self, Self::All | Self::Renderer)
    }
    /// Fans events out to webhook deliveries and sends them.
    pub fn delivers_webhooks(self) -> bool {
        matches!(self, Self::All | Self::Webhooks)
    }
    /// `/v1/webhooks` is an API like the others: writes and reads.
    pub fn serves_webhook_api(self) -> bool {
        self.serves_commands() || self.serves_queries()
    }
    /// The relay publishes what writers committed; it runs with the writers.
    pub fn relays(self) -> bool {
        matches!(self, Self::All | Self::Command)
    }
}

/// Everything `serve::start` needs.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    pub role: Role,
    pub listen: SocketAddr,
    /// The operators' address (`NLS_ADMIN_LISTEN`): when set, `/metrics` and the detailed
    /// `/readyz` are served there only, and the public listener's `/readyz` gives its
    /// status alone (src/admin_listen.rs).
    pub admin_listen: Option<SocketAddr>,
    pub database_url: String,
    pub db_pool_size: u32,
    pub nats: NatsConfig,
    /// `{site_url}`; defaults to `http://<listen address>`.
    pub public_url: Option<String>,
    /// Durable consumer name of the projector.
    pub projector_consumer: String,
    /// Durable consumer name of the renderer.
    pub renderer_consumer: String,
    /// Connections reserved for holding render slots (per-account concurrent renders).
    pub render_slot_connections: u32,
    /// Name of the relay's checkpoint.
    pub relay_name: String,
    /// How often the projector re-reads the Postgres log as a safety net.
    pub catch_up_interval: Duration,
    /// Run migrations at start.
    pub migrate: bool,
    /// Requests per minute per API key for every plan (`NLS_RATE_LIMIT_PER_MINUTE`);
    /// `None` uses each plan's `rate_limit_per_minute`.
    pub rate_limit_per_minute: Option<u32>,
    /// `false` switches the request-rate limiter off (benchmarks; `NLS_RATE_LIMIT_DISABLED`).
    pub rate_limit_enabled: bool,
    /// Bounds on connections and request reads (`NLS_HEADER_READ_TIMEOUT_SECS`,
    /// `NLS_BODY_READ_TIMEOUT_SECS`, `NLS_MAX_CONNECTIONS`).
    pub connections: ConnLimits,
    /// Webhook settings (`NLS_WEBHOOK_KEY`, `NLS_WEBHOOKS_ALLOW_PRIVATE`, ...).
    pub webhooks: nls_webhooks::Settings,
    /// The browser app's build, served at `/app` (`NLS_APP_DIR`).
    pub app_dir: std::path::PathBuf,
    /// Caps and lifetime of the embed's event streams (`NLS_EMBED_STREAMS_PER_CLIENT`,
    /// `NLS_EMBED_STREAMS_PER_TOKEN`, `NLS_EMBED_STREAMS_TOTAL`,
    /// `NLS_EMBED_STREAM_MAX_LIFETIME_SECS`).
    pub embed_streams: nls_renderer::embed::StreamLimits,
    /// Peers whose `X-Forwarded-For` names the client (`NLS_TRUSTED_PROXIES`); none by default.
    pub trusted_proxies: nls_web::client_addr::TrustedProxies,
}

impl ServeConfig {
    /// Defaults around a database URL and NATS settings (used by tests).
    pub fn new(database_url: String, nats: NatsConfig) -> Self {
        Self {
            role: Role::All,
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            admin_listen: None,
            database_url,
            db_pool_size: 16,
            nats,
            public_url: None,
            projector_consumer: "nls-projector".into(),
            renderer_consumer: "nls-renderer".into(),
            render_slot_connections: 32,
            relay_name: "nats".into(),
            catch_up_interval: Duration::from_secs(2),
            migrate: true,
            rate_limit_per_minute: None,
            rate_limit_enabled: true,
            connections: ConnLimits::default(),
            webhooks: nls_webhooks::Settings::default(),
            app_dir: crate::app_files::default_dir(),
            embed_streams: nls_renderer::embed::StreamLimits::default(),
            trusted_proxies: nls_web::client_addr::TrustedProxies::default(),
        }
    }
}
