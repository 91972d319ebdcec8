//! The command line: `serve`, `migrate`, `account`, `key`, `replay`, `fooddb`, `stream`,
//! `openapi`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use nls_eventlog::NatsConfig;

use crate::config::{Role, ServeConfig};
use crate::telemetry::LogFormat;

#[derive(Debug, Parser)]
#[command(name = "nls", version, about = "Nutrition label service")]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

/// Settings every subcommand shares.
#[derive(Debug, Args)]
pub struct Global {
    /// Postgres URL; the database is created if missing.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "postgres://postgres@127.0.0.1:5432/nls",
        global = true
    )]
    pub database_url: String,
    /// NATS server URL.
    #[arg(
        long,
        env = "NATS_URL",
        default_value = "nats://127.0.0.1:4222",
        global = true
    )]
    pub nats_url: String,
    /// JetStream stream holding the events.
    #[arg(
        long,
        env = "NLS_NATS_STREAM",
        default_value = "NLS_EVENTS",
        global = true
    )]
    pub nats_stream: String,
    /// Subject prefix of published events.
    #[arg(long, env = "NLS_NATS_PREFIX", default_value = "nls", global = true)]
    pub nats_prefix: String,
    /// Replicas of the event stream when it is created (3 on a three-node NATS cluster).
    #[arg(long, env = "NLS_NATS_REPLICAS", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=5), global = true)]
    pub nats_replicas: u64,
    /// `json` for JSON log lines.
    #[arg(long, env = "NLS_LOG_FORMAT", default_value = "pretty", global = true)]
    pub log_format: String,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the service (all roles by default).
    Serve {
        #[arg(long, value_enum, env = "NLS_ROLE", default_value = "all")]
        role: Role,
        #[arg(long, env = "NLS_LISTEN", default_value = "127.0.0.1:8080")]
        listen: SocketAddr,
        /// Operators' address for /metrics and the detailed /readyz (e.g. 127.0.0.1:9464);
        /// when set, the public listener no longer serves them.
        #[arg(long, env = "NLS_ADMIN_LISTEN")]
        admin_listen: Option<SocketAddr>,
        /// Public address of the site, for embed snippets (default http://<listen>).
        #[arg(long, env = "NLS_PUBLIC_URL")]
        public_url: Option<String>,
        #[arg(long, env = "NLS_DB_POOL_SIZE", default_value_t = 32)]
        db_pool_size: u32,
        /// Requests per minute per API key, overriding every plan's limit.
        #[arg(long, env = "NLS_RATE_LIMIT_PER_MINUTE", value_parser = clap::value_parser!(u32).range(1..))]
        rate_limit_per_minute: Option<u32>,
        /// Switch the request-rate limiter off (for benchmarks only).
        #[arg(long, env = "NLS_RATE_LIMIT_DISABLED")]
        no_rate_limit: bool,
        /// Seconds for a request's headers to arrive (also bounds idle keep-alive).
        #[arg(long, env = "NLS_HEADER_READ_TIMEOUT_SECS", default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..=300))]
        header_read_timeout_secs: u64,
        /// Seconds for a request's body to arrive after its headers.
        #[arg(long, env = "NLS_BODY_READ_TIMEOUT_SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=600))]
        body_read_timeout_secs: u64,
        /// Seconds a response write may wait for a client that stopped reading.
        #[arg(long, env = "NLS_WRITE_STALL_TIMEOUT_SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=600))]
        write_stall_timeout_secs: u64,
        /// Connections served at once; more wait to be accepted.
        #[arg(long, env = "NLS_MAX_CONNECTIONS", default_value_t = 16_384, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        max_connections: u64,
        /// Key for webhook signing secrets at rest: 32 bytes in base64
        /// (`openssl rand -base64 32`). Without it webhooks cannot be created or sent.
        #[arg(long, env = "NLS_WEBHOOK_KEY", hide_env_values = true)]
        webhook_key: Option<String>,
        /// Let webhooks reach private, loopback and link-local addresses (tests, a
        /// receiver on the operator's own network).
        #[arg(long, env = "NLS_WEBHOOKS_ALLOW_PRIVATE", value_parser = clap::builder::BoolishValueParser::new())]
        webhooks_allow_private: bool,
        /// Let webhook URLs use plain http (development only).
        #[arg(long, env = "NLS_WEBHOOKS_ALLOW_HTTP", value_parser = clap::builder::BoolishValueParser::new())]
        webhooks_allow_http: bool,
        /// Waits between a failed webhook attempt and the next, e.g. `5s,5m,30m,2h,5h,10h,14h`.
        #[arg(long, env = "NLS_WEBHOOK_RETRY_SCHEDULE")]
        webhook_retry_schedule: Option<String>,
        /// The browser app's build directory, served at /app (default: app/dist).
        #[arg(long, env = "NLS_APP_DIR")]
        app_dir: Option<std::path::PathBuf>,
        /// Embed event streams one client (IPv4 address or IPv6 /64) may hold open.
        #[arg(long, env = "NLS_EMBED_STREAMS_PER_CLIENT", default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        embed_streams_per_client: u64,
        /// Embed event streams of one embed token, over all clients.
        #[arg(long, env = "NLS_EMBED_STREAMS_PER_TOKEN", default_value_t = 1_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        embed_streams_per_token: u64,
        /// Embed event streams of the process (default: half of NLS_MAX_CONNECTIONS).
        #[arg(long, env = "NLS_EMBED_STREAMS_TOTAL", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        embed_streams_total: Option<u64>,
        /// Seconds an embed event stream stays open at most (it ends in the last quarter
        /// of it, at random, and the page reconnects).
        #[arg(long, env = "NLS_EMBED_STREAM_MAX_LIFETIME_SECS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86_400))]
        embed_stream_max_lifetime_secs: u64,
        /// Proxies whose X-Forwarded-For names the client: addresses and CIDR blocks,
        /// comma-separated (e.g. `10.0.0.0/8,fd00::/8`). Default: none, the socket's peer is
        /// the client.
        #[arg(long, env = "NLS_TRUSTED_PROXIES")]
        trusted_proxies: Option<String>,
    },
    /// Create the database if missing and apply migrations.
    Migrate,
    /// Manage accounts.
    Account {
        #[command(subcommand)]
        action: AccountAction,
    },
    /// Manage API keys.
    Key {
        #[command(subcommand)]
        action: KeyAction,
    },
    /// Rebuild every read model from the event log and report counts and a checksum.
    Replay,
    /// The shipped food database.
    Fooddb {
        #[command(subcommand)]
        action: FooddbAction,
    },
    /// JetStream streams (for benchmarks and tests, which make one per run).
    Stream {
        #[command(subcommand)]
        action: StreamAction,
    },
    /// Print the OpenAPI document, the body of `GET /v1/openapi.json` (for the clients'
    /// generators: `scripts/clients.sh`).
    Openapi,
}

#[derive(Debug, Subcommand)]
pub enum StreamAction {
    /// Delete a stream and its consumers, named in full (never the configured one by
    /// default); a stream already gone is not an error.
    Delete { name: String },
}

#[derive(Debug, Subcommand)]
pub enum AccountAction {
    /// Create an account; prints only its id.
    Create {
        #[arg(long)]
        name: String,
        #[arg(long)]
        email: String,
        #[arg(long, value_parser = ["free", "professional", "business"])]
        plan: String,
        /// Password for session tokens (stored as an Argon2id hash).
        #[arg(long, env = "NLS_ACCOUNT_PASSWORD", hide_env_values = true)]
        password: Option<String>,
        #[arg(long)]
        api_early_access: bool,
    },
    /// Move an account to another plan (as support does); returns once every serving
    /// process applies the new plan to the account's keys and sessions.
    Plan {
        #[arg(long)]
        account: String,
        #[arg(long, value_parser = ["free", "professional", "business"])]
        plan: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum KeyAction {
    /// Create an API key; prints only the key, once.
    Create {
        #[arg(long)]
        account: String,
    },
    /// Revoke a key, given the key itself or its id.
    Revoke { key_or_key_id: String },
}

#[derive(Debug, Subcommand)]
pub enum FooddbAction {
    /// Rebuild the compact food table from the USDA SR Legacy download (files listed in fooddb/src/import.rs).
    Import {
        source: PathBuf,
        #[arg(long, default_value = "fooddb/data/foods.tsv.gz")]
        out: PathBuf,
    },
}

impl Cli {
    pub fn log_format(&self) -> LogFormat {
        if self.global.log_format.eq_ignore_ascii_case("json") {
            LogFormat::Json
        } else {
            LogFormat::Pretty
        }
    }

    fn nats(&self) -> NatsConfig {
        NatsConfig {
            url: self.global.nats_url.clone(),
            stream: self.global.nats_stream.clone(),
            subject_prefix: self.global.nats_prefix.clone(),
            // Bounded to 1..=5 by the parser, so the conversion is lossless.
            replicas: usize::try_from(self.global.nats_replicas).unwrap_or(1),
        }
    }
}

/// Runs the parsed command.
pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let nats = cli.nats();
    let url = cli.global.database_url.clone();
    match cli.command {
        Command::Serve {
            role,
            listen,
            admin_listen,
            public_url,
            db_pool_size,
            rate_limit_per_minute,
            no_rate_limit,
            header_read_timeout_secs,
            body_read_timeout_secs,
            write_stall_timeout_secs,
            max_connections,
            webhook_key,
            webhooks_allow_private,
            webhooks_allow_http,
            webhook_retry_schedule,
            app_dir,
            embed_streams_per_client,
            embed_streams_per_token,
            embed_streams_total,
            embed_stream_max_lifetime_secs,
            trusted_proxies,
        } => {
            let webhooks = nls_webhooks::Settings {
                key: webhook_key
                    .filter(|k| !k.trim().is_empty())
                    .map(|k| nls_webhooks::crypto::SealingKey::from_base64(&k))
                    .transpose()?,
                policy: nls_webhooks::guard::Policy {
                    allow_private: webhooks_allow_private,
                    allow_http: webhooks_allow_http,
                },
                schedule: webhook_retry_schedule
                    .as_deref()
                    .map(nls_webhooks::schedule::RetrySchedule::parse)
                    .transpose()
                    .map_err(|e| anyhow::anyhow!("NLS_WEBHOOK_RETRY_SCHEDULE: {e}"))?
                    .unwrap_or_default(),
                ..nls_webhooks::Settings::default()
            };
            let config = ServeConfig {
                role,
                listen,
                admin_listen,
                public_url,
                db_pool_size,
                rate_limit_per_minute,
                rate_limit_enabled: !no_rate_limit,
                catch_up_interval: Duration::from_secs(2),
                connections: crate::conn::ConnLimits {
                    header_read_timeout: Duration::from_secs(header_read_timeout_secs),
                    body_read_timeout: Duration::from_secs(body_read_timeout_secs),
                    write_stall_timeout: Duration::from_secs(write_stall_timeout_secs),
                    max_connections: usize::try_from(max_connections).unwrap_or(usize::MAX),
                    ..crate::conn::ConnLimits::default()
                },
                webhooks,
                app_dir: app_dir.unwrap_or_else(crate::app_files::default_dir),
                embed_streams: embed_streams(
                    max_connections,
                    embed_streams_per_client,
                    embed_streams_per_token,
                    embed_streams_total,
                    embed_stream_max_lifetime_secs,
                ),
                trusted_proxies: trusted_proxies
                    .as_deref()
                    .unwrap_or("")
                    .parse()
                    .map_err(|e| anyhow::anyhow!("NLS_TRUSTED_PROXIES: {e}"))?,
                ..ServeConfig::new(url, nats)
            };
            let server = crate::serve::start(config).await?;
            tracing::info!(address = %server.local_addr(), "nls is serving");
            server.run_until_signal().await
        }
        Command::Migrate => {
            crate::db::migrate(&url).await?;
            eprintln!("nls: database is migrated");
            Ok(())
        }
        Command::Account { action } => crate::admin::account::run(&url, action).await,
        Command::Key { action } => crate::admin::key::run(&url, action).await,
        Command::Replay => crate::admin::replay::run(&url).await,
        Command::Fooddb { action } => crate::admin::fooddb::run(action),
        Command::Openapi => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            out.write_all(crate::openapi::document_bytes())?;
            out.write_all(b"\n")?;
            Ok(())
        }
        Command::Stream {
            action: StreamAction::Delete { name },
        } => {
            let deleted = crate::admin::stream::delete(&nats, &name).await?;
            eprintln!(
                "nls: stream {name} {}",
                if deleted { "deleted" } else { "was not there" }
            );
            Ok(())
        }
    }
}

/// The embed stream limits from the flags; the total defaults to half the connections.
fn embed_streams(
    max_connections: u64,
    per_client: u64,
    per_token: u64,
    total: Option<u64>,
    max_lifetime_secs: u64,
) -> nls_renderer::embed::StreamLimits {
    // Each bounded by its parser far below `usize::MAX`.
    let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    let defaults = nls_renderer::embed::StreamLimits::for_connections(size(max_connections));
    let total = total.map_or(defaults.total, size);
    if total >= size(max_connections) {
        tracing::warn!(
            total,
            max_connections,
            "NLS_EMBED_STREAMS_TOTAL is not below NLS_MAX_CONNECTIONS: embed streams can take every connection"
        );
    }
    nls_renderer::embed::StreamLimits {
        per_client: size(per_client),
        per_token: size(per_token),
        total,
        max_lifetime: Duration::from_secs(max_lifetime_secs),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
