//! Wires the roles into one process: HTTP surface, outbox relay, projector.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::extract::FromRef;
use axum::http::{header, HeaderName, Request};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use nls_command::CommandState;
use nls_eventlog::{AppendSignal, NatsLink};
use nls_query::QueryState;
use nls_readmodel::notify::LabelsChanged;
use nls_renderer::label_index::LabelIndex;
use nls_renderer::RenderState;
use nls_web::metrics::Metrics;
use nls_web::{ApiError, ErrorCode};
use sqlx::PgPool;
use tokio::sync::broadcast;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;

use crate::config::ServeConfig;
use crate::health::{self, Readiness};
use crate::metrics::MetricsPage;

/// A running server.
pub struct Server {
    local_addr: SocketAddr,
    admin_addr: Option<SocketAddr>,
    shutdown: CancellationToken,
    tasks: Vec<JoinHandle<()>>,
    /// Announces applied events (for the renderer and embeds).
    pub applied: broadcast::Sender<nls_readmodel::notify::Applied>,
    pub pool: PgPool,
}

impl Server {
    /// The address the HTTP listener is bound to (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// The address of the admin listener (`NLS_ADMIN_LISTEN`), if one is configured.
    pub fn admin_addr(&self) -> Option<SocketAddr> {
        self.admin_addr
    }

    /// Stops accepting requests, lets in-flight requests and acks finish, then returns.
    pub async fn shutdown(self) {
        self.shutdown.cancel();
        for task in self.tasks {
            let _ = tokio::time::timeout(Duration::from_secs(10), task).await;
        }
        self.pool.close().await;
    }

    /// Serves until SIGTERM or Ctrl-C, then shuts down gracefully.
    pub async fn run_until_signal(self) -> anyhow::Result<()> {
        let ctrl_c = tokio::signal::ctrl_c();
        #[cfg(unix)]
        {
            let mut term =
                tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
                    .context("cannot listen for SIGTERM")?;
            tokio::select! {
                _ = ctrl_c => {}
                _ = term.recv() => {}
            }
        }
        #[cfg(not(unix))]
        ctrl_c.await.ok();
        tracing::info!("shutting down");
        self.shutdown().await;
        Ok(())
    }
}

/// Everything the routes share. Behind one `Arc`: axum clones the state for every
/// request, and the parts hold a NATS client and pools whose clones cost several atomic
/// operations each (`perf` showed the clone at 12 % of a cheap request).
#[derive(Clone)]
struct AppState(Arc<AppParts>);

impl std::ops::Deref for AppState {
    type Target = AppParts;
    fn deref(&self) -> &AppParts {
        &self.0
    }
}

struct AppParts {
    command: CommandState,
    query: QueryState,
    renderer: RenderState,
    readiness: Readiness,
    embed: nls_renderer::embed::EmbedState,
    webhooks: nls_webhooks::WebhookState,
    app_sessions: nls_web::app_session::AppSessions,
}

impl FromRef<AppState> for CommandState {
    fn from_ref(s: &AppState) -> Self {
        s.command.clone()
    }
}
impl FromRef<AppState> for QueryState {
    fn from_ref(s: &AppState) -> Self {
        s.query.clone()
    }
}
impl FromRef<AppState> for RenderState {
    fn from_ref(s: &AppState) -> Self {
        s.renderer.clone()
    }
}
impl FromRef<AppState> for nls_renderer::embed::EmbedState {
    fn from_ref(s: &AppState) -> Self {
        s.embed.clone()
    }
}
impl FromRef<AppState> for nls_webhooks::WebhookState {
    fn from_ref(s: &AppState) -> Self {
        s.webhooks.clone()
    }
}
impl FromRef<AppState> for nls_web::app_session::AppSessions {
    fn from_ref(s: &AppState) -> Self {
        s.app_sessions.clone()
    }
}
impl FromRef<AppState> for PgPool {
    fn from_ref(s: &AppState) -> Self {
        s.command.pool.clone()
    }
}
impl FromRef<AppState> for Readiness {
    fn from_ref(s: &AppState) -> Self {
        s.readiness.clone()
    }
}
impl FromRef<AppState> for Metrics {
    fn from_ref(s: &AppState) -> Self {
        s.renderer.metrics.clone()
    }
}
impl FromRef<AppState> for MetricsPage {
    fn from_ref(s: &AppState) -> Self {
        MetricsPage {
            metrics: s.renderer.metrics.clone(),
            readiness: s.readiness.clone(),
            hub: s.embed.hub.clone(),
            labels: s.renderer.labels.clone(),
        }
    }
}

/// Starts the configured roles. Binds before returning, so `listen` may use port 0.
pub async fn start(config: ServeConfig) -> anyhow::Result<Server> {
    if config.migrate {
        crate::db::migrate(&config.database_url).await?;
    }
    let pool = crate::db::connect(
        &config.database_url,
        config.db_pool_size,
        &format!("nls {}", config.role.name()),
    )
    .await?;
    // Load the embedded data now rather than inside the first request's transaction.
    nls_readmodel::shipped::load().map_err(|e| anyhow::anyhow!("embedded data: {e}"))?;
    let nats = NatsLink::connect(config.nats.clone())
        .await
        .context("invalid NATS configuration")?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {}", config.listen))?;
    let local_addr = listener.local_addr()?;
    let admin_listener = match config.admin_listen {
        Some(address) => Some(
            tokio::net::TcpListener::bind(address)
                .await
                .with_context(|| format!("cannot listen on {address} (NLS_ADMIN_LISTEN)"))?,
        ),
        None => None,
    };
    let admin_addr = admin_listener
        .as_ref()
        .map(tokio::net::TcpListener::local_addr)
        .transpose()?;
    let site_url: Arc<str> = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{local_addr}"))
        .trim_end_matches('/')
        .into();

    let shutdown = CancellationToken::new();
    let (applied, _) = broadcast::channel(1024);
    // Label-file lookups without the database, where label files are served. Elsewhere
    // the index stays empty (never live), so the writers' invalidations cost nothing.
    let label_index = LabelIndex::new();
    let labels_changed: Arc<dyn LabelsChanged> = Arc::new(label_index.clone());
    let mut tasks = Vec::new();
    let appended = AppendSignal::with_nats(nats.client.clone(), &config.nats.subject_prefix);

    if config.role.relays() {
        tasks.push(spawn_relay(&config, appended.clone(), shutdown.clone())?);
    }
    if config.role.projects() {
        tasks.push(tokio::spawn(nls_projector::consumer::run(
            pool.clone(),
            nats.clone(),
            config.projector_consumer.clone(),
            applied.clone(),
            labels_changed.clone(),
            shutdown.clone(),
        )));
        tasks.push(tokio::spawn(nls_projector::catch_up::run(
            pool.clone(),
            config.catch_up_interval,
            labels_changed.clone(),
            shutdown.clone(),
        )));
    }

    let webhook_settings = Arc::new(config.webhooks.clone());
    if config.role.delivers_webhooks() {
        tasks.push(tokio::spawn(nls_webhooks::fanout::run(
            pool.clone(),
            nats.clone(),
            webhook_settings.clone(),
            shutdown.clone(),
        )));
        tasks.push(tokio::spawn(nls_webhooks::sender::run(
            pool.clone(),
            webhook_settings.clone(),
            shutdown.clone(),
        )));
    }

    // Loaded once; every render shares it.
    let fonts =
        nls_renderer::draw::Fonts::bundled().map_err(|e| anyhow::anyhow!("bundled fonts: {e}"))?;
    // Script fonts come from packages: without one, labels in its script draw `.notdef`
    // boxes, so say which and how to install it (the service still serves every other label).
    for missing in nls_renderer::draw::script_fonts_missing() {
        tracing::warn!("script font: {missing}");
    }
    let render_slots = nls_renderer::limit::RenderSlots::new(&pool, config.render_slot_connections);
    if config.role.renders() {
        let worker = nls_renderer::Worker::new(pool.clone(), nats.clone(), fonts.clone());
        tasks.push(tokio::spawn(
            worker.run(config.renderer_consumer.clone(), shutdown.clone()),
        ));
    }

    // The live embed's fan-out: one NATS subscription per process, only where it is served.
    let embed_hub = if config.role.renders() {
        let (hub, task) = nls_renderer::embed::Hub::start(
            pool.clone(),
            nats.client.clone(),
            nats.interruptions.clone(),
            &config.nats.subject_prefix,
            config.role.projects().then(|| applied.subscribe()),
            shutdown.clone(),
        );
        tasks.push(task);
        hub
    } else {
        nls_renderer::embed::Hub::new(pool.clone())
    };
    if config.role.renders() {
        tasks.push(tokio::spawn(nls_renderer::label_index::follow(
            label_index.clone(),
            nats.client.clone(),
            nats.interruptions.clone(),
            config.nats.subject_prefix.clone(),
            shutdown.clone(),
        )));
    }
    let served = config.role.renders().then(|| health::Served {
        label_index: label_index.clone(),
        embed_hub: embed_hub.clone(),
    });
    let metrics = Metrics::default();
    let auth_cache = start_lease(&config, &mut tasks, shutdown.clone()).await?;
    let app_sessions = nls_web::app_session::AppSessions {
        pool: pool.clone(),
        site_url: site_url.to_string(),
        cache: auth_cache.clone(),
    };
    let state = AppState(Arc::new(AppParts {
        app_sessions: app_sessions.clone(),
        embed: nls_renderer::embed::EmbedState {
            hub: embed_hub,
            shutdown: shutdown.clone(),
            caps: nls_renderer::embed::StreamCaps::new(config.embed_streams),
        },
        webhooks: nls_webhooks::WebhookState {
            pool: pool.clone(),
            settings: webhook_settings,
        },
        command: CommandState {
            pool: pool.clone(),
            site_url: site_url.clone(),
            appended,
            labels: labels_changed,
            creates: nls_command::CreateQueue::start(pool.clone()),
            auth: Some(auth_cache.clone()),
        },
        query: QueryState {
            pool: pool.clone(),
            site_url,
            auth: Some(auth_cache.clone()),
        },
        renderer: RenderState {
            pool: pool.clone(),
            fonts,
            slots: render_slots.clone(),
            hot: nls_renderer::hot::HotFiles::new(nls_renderer::hot::DEFAULT_BYTES),
            labels: label_index,
            metrics: metrics.clone(),
        },
        readiness: Readiness {
            pool: pool.clone(),
            nats: nats.client.clone(),
            relay_name: config.relay_name.clone(),
            labels: served,
        },
    }));
    let mut api: Router<AppState> = Router::new()
        .route("/healthz", get(health::healthz))
        // With an admin listener, `/metrics` and the readiness details are served there.
        .merge(crate::admin_listen::public_routes::<AppState>(
            admin_listener.is_some(),
        ))
        .merge(crate::openapi::router::<AppState>());
    if config.role.serves_commands() {
        api = api.merge(nls_command::router::<AppState>());
    }
    if config.role.serves_queries() {
        // The browser app and its sign-in live with the reads (deploy/nginx routes them).
        api = api
            .merge(nls_query::router::<AppState>())
            .merge(nls_web::app_session::router::<AppState>())
            .merge(crate::app_files::router::<AppState>(
                crate::app_files::AppFiles {
                    dir: config.app_dir.clone(),
                },
            ));
    }
    if config.role.serves_webhook_api() {
        api = api.merge(nls_webhooks::api::router::<AppState>());
    }
    if config.role.renders() {
        api = api
            .merge(nls_renderer::router::<AppState>())
            .merge(nls_renderer::embed::router::<AppState>())
            .merge(nls_web::session::router::<AppState>());
    }
    let request_id = HeaderName::from_static("x-request-id");
    // After every route is added: a route layer sees the matched template.
    let api = api.route_layer(axum::middleware::from_fn_with_state(
        metrics.clone(),
        nls_web::metrics::track,
    ));
    let routes = api
        .fallback(health::not_found)
        .method_not_allowed_fallback(health::method_not_allowed)
        .with_state(state.clone());
    // Around the routed router, once, rather than with `Router::layer` (which wraps every
    // route in its own copy of the stack, cloned whole for each request): the layers then
    // see every request, unknown paths and rejections included, and cloning the stack per
    // request is a few reference counts (their states are shared behind `Arc`s).
    let limiter = Arc::new(nls_web::rate_limit::RateLimiter::new(
        pool.clone(),
        config.rate_limit_per_minute,
        config.rate_limit_enabled,
        metrics.clone(),
        auth_cache.clone(),
    ));
    // A label file already in memory is served before the general stack (src/label_lane.rs).
    let lane = config.role.renders().then(|| crate::label_lane::Lane {
        render: state.renderer.clone(),
        limiter: Arc::clone(&limiter),
        metrics: metrics.clone(),
    });
    let app = tower::ServiceBuilder::new()
        .layer(crate::label_lane::LabelLaneLayer::new(lane))
        .layer(SetRequestIdLayer::new(request_id.clone(), MakeRequestUuid))
        .layer(PropagateRequestIdLayer::new(request_id))
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &Request<_>| {
                let id = request
                    .headers()
                    .get("x-request-id")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("-");
                // The path only: query strings and headers may carry secrets.
                tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id = %id)
            }),
        )
        // Around every response, error bodies included (src/compression.rs says which).
        .layer(crate::compression::layer())
        // Outermost but for the request id: nothing else works on a refused target.
        .layer(axum::middleware::from_fn(refuse_long_uri))
        .layer(CatchPanicLayer::custom(panic_response))
        // The extractors' authentications, from memory (web/src/auth_cache.rs).
        .layer(axum::Extension(auth_cache.clone()))
        // Who may name the client in `X-Forwarded-For` (web/src/client_addr.rs).
        .layer(axum::Extension(config.trusted_proxies.clone()))
        // Inside the layer that sets the request id: events record it (audit trail).
        .layer(axum::middleware::from_fn(nls_web::request_id::middleware))
        // Outside the key limiter: a browser's session cookie becomes the request's caller,
        // counted in the session's own bucket (web/src/app_session.rs).
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(app_sessions),
            nls_web::app_session::middleware,
        ))
        // Unknown `/v1/` paths and every rejection carry the limiter's headers too.
        .layer(axum::middleware::from_fn_with_state(
            limiter,
            nls_web::rate_limit::middleware,
        ))
        .service(routes);

    if let Some(admin_listener) = admin_listener {
        tasks.push(tokio::spawn(crate::conn::serve(
            admin_listener,
            crate::admin_listen::router(state),
            config.connections,
            shutdown.clone(),
        )));
    }
    tasks.push(tokio::spawn(crate::conn::serve(
        listener,
        app,
        config.connections,
        shutdown.clone(),
    )));

    // Expired sessions, tokens and spent buckets are deleted in every process (issue 28).
    tasks.push(tokio::spawn(nls_web::housekeeping::run(
        pool.clone(),
        shutdown.clone(),
    )));

    // The slot pool closes with the server (its connections are otherwise idle-timed out).
    let slots_shutdown = shutdown.clone();
    tasks.push(tokio::spawn(async move {
        slots_shutdown.cancelled().await;
        render_slots.close().await;
    }));

    Ok(Server {
        local_addr,
        admin_addr,
        shutdown,
        tasks,
        applied,
        pool,
    })
}

/// How long start-up waits for the first lease before serving anyway (keyed requests get
/// 503 until the lease task registers).
const FIRST_LEASE_WAIT: Duration = Duration::from_secs(10);

/// Starts this process's lease and revocation listener (web/src/lease.rs) on a connection
/// of its own, and waits for the first registration, so that keyed requests are served as
/// soon as the listener is bound.
async fn start_lease(
    config: &ServeConfig,
    tasks: &mut Vec<JoinHandle<()>>,
    shutdown: CancellationToken,
) -> anyhow::Result<nls_web::auth_cache::AuthCache> {
    let cache = nls_web::auth_cache::AuthCache::new();
    // Two: the listener's, and room for its replacement while a lost one closes.
    let pool = crate::db::connect_lazy(
        &config.database_url,
        2,
        &format!("nls {} lease", config.role.name()),
    )?;
    let identity = nls_web::lease::Identity {
        process_id: uuid::Uuid::now_v7(),
        role: config.role.name().to_owned(),
        host: std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map(|h| h.trim().to_owned())
            .unwrap_or_else(|_| "unknown".into()),
    };
    let (registered, first) = tokio::sync::oneshot::channel();
    tasks.push(tokio::spawn(nls_web::lease::run(
        pool,
        cache.clone(),
        identity,
        Some(registered),
        shutdown,
    )));
    if tokio::time::timeout(FIRST_LEASE_WAIT, first).await.is_err() {
        tracing::warn!("no lease yet; keyed requests get 503 until one is registered");
    }
    Ok(cache)
}

/// Starts the outbox relay on a thread of its own, with its own runtime, connections and
/// NATS client. On the shared runtime its every step (the log read, the publish, each
/// acknowledgement) waited in line behind the request handlers' tasks; with a busy HTTP
/// surface that queue, not Postgres or NATS, made most of the write-to-NATS lag. A thread
/// that mostly sleeps is run at once by the kernel when it wakes. The returned task ends
/// when the relay does (after `shutdown`).
fn spawn_relay(
    config: &ServeConfig,
    appended: AppendSignal,
    shutdown: CancellationToken,
) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let (database_url, nats_config, name) = (
        config.database_url.clone(),
        config.nats.clone(),
        config.relay_name.clone(),
    );
    // `nls command relay 4711`: still the process's role first, as operators (and the
    // fault suite) look for the relay lock's holder by it.
    let purpose = format!("nls {} relay", config.role.name());
    let (ended, ended_here) = tokio::sync::oneshot::channel::<()>();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the relay's runtime")?;
    std::thread::Builder::new()
        .name("nls-relay".into())
        .spawn(move || {
            runtime.block_on(async move {
                // Made here, so its connections belong to this runtime. Two: the one
                // holding the leader lock and the one reading the log.
                let pool = match crate::db::connect_lazy(&database_url, 2, &purpose) {
                    Ok(pool) => pool,
                    Err(err) => {
                        tracing::error!(error = %err, "relay: cannot use the database");
                        return;
                    }
                };
                match NatsLink::connect(nats_config).await {
                    Ok(nats) => {
                        nls_eventlog::relay::run(pool.clone(), nats, name, appended, shutdown).await
                    }
                    // Only a malformed configuration fails here, and the shared link was
                    // built from the same one a moment ago.
                    Err(err) => tracing::error!(error = %err, "relay: cannot use NATS"),
                }
                pool.close().await;
            });
            let _ = ended.send(());
        })
        .context("cannot start the relay's thread")?;
    Ok(tokio::spawn(async move {
        let _ = ended_here.await;
    }))
}

/// Longest request target (path and query) served: the figure RFC 9112 §3 asks every
/// recipient to support, which no route of this service comes near.
pub const MAX_URI_BYTES: usize = 8192;

/// 414 `uri_too_long` in the JSON error body for a target over [`MAX_URI_BYTES`] (hyper
/// itself only answers a bare 414 past 64 KiB).
async fn refuse_long_uri(
    request: Request<axum::body::Body>,
    next: axum::middleware::Next,
) -> Response {
    let length = request
        .uri()
        .path_and_query()
        .map_or(0, |target| target.as_str().len());
    if length > MAX_URI_BYTES {
        return ApiError::new(
            ErrorCode::UriTooLong,
            format!("the request target has {length} bytes; at most {MAX_URI_BYTES}"),
        )
        .into_response();
    }
    next.run(request).await
}

/// A panic in a handler becomes the generic JSON 500; the details stay in the log.
fn panic_response(_panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!("handler panicked");
    let mut response =
        ApiError::new(ErrorCode::Internal, "internal error; retry with backoff").into_response();
    *response.status_mut() = axum::http::StatusCode::INTERNAL_SERVER_ERROR;
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    response
}
