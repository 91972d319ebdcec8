//! The test app: a fresh database, a private NATS stream, the server on a random port.

use std::time::{Duration, Instant};

use nls::config::ServeConfig;
use nls::serve::Server;
use nls_eventlog::NatsConfig;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

/// The Postgres server tests create their databases on.
pub fn admin_url() -> String {
    std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

pub fn nats_url() -> String {
    std::env::var("NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into())
}

/// `admin_url` with another database name.
pub fn database_url(name: &str) -> String {
    let base = admin_url();
    match base.rsplit_once('/') {
        Some((server, _)) => format!("{server}/{name}"),
        None => format!("{base}/{name}"),
    }
}

/// A private database, dropped (with its connections) when this value is dropped.
pub struct TestDb {
    pub name: String,
    pub url: String,
}

impl TestDb {
    pub async fn create() -> Self {
        let name = format!("nls_test_{}", Uuid::new_v4().simple());
        let admin = PgPool::connect(&admin_url())
            .await
            .expect("test Postgres server reachable");
        sqlx::query(&format!("create database {name}"))
            .execute(&admin)
            .await
            .expect("create test database");
        admin.close().await;
        Self {
            url: database_url(&name),
            name,
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let name = self.name.clone();
        // Drop runs outside async context guarantees: use a thread with its own runtime.
        let _ = std::thread::spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            runtime.block_on(async move {
                if let Ok(admin) = PgPool::connect(&admin_url()).await {
                    let _ = sqlx::query(&format!("drop database if exists {name} with (force)"))
                        .execute(&admin)
                        .await;
                    admin.close().await;
                }
            });
        })
        .join();
    }
}

/// A private JetStream stream and subject prefix, deleted on drop.
pub fn private_nats(url: &str) -> NatsConfig {
    let tag = Uuid::new_v4().simple().to_string();
    NatsConfig {
        url: url.to_owned(),
        stream: format!("NLS_TEST_{tag}"),
        subject_prefix: format!("nlstest{tag}"),
        replicas: 1,
    }
}

/// Creates an account on `plan` in `pool`'s database and returns `(account id, API key)`.
/// A fresh, migrated database and a pool of 24 connections to it.
pub async fn migrated() -> (TestDb, PgPool) {
    let db = TestDb::create().await;
    let pool = nls::db::migrate(&db.url).await.expect("migrate");
    pool.close().await;
    let pool = nls::db::connect(&db.url, 24, "nls test")
        .await
        .expect("connect");
    (db, pool)
}

pub async fn account_with_key(pool: &PgPool, plan: &str, early_access: bool) -> (Uuid, String) {
    let account_id = Uuid::now_v7();
    sqlx::query(
        "insert into account (account_id, name, email, plan_id, api_early_access) values ($1, 'Test', $2, $3, $4)",
    )
    .bind(account_id)
    .bind(format!("{account_id}@example.com"))
    .bind(plan)
    .bind(early_access)
    .execute(pool)
    .await
    .expect("insert account");
    let key = nls_web::auth::generate_key();
    sqlx::query(
        "insert into api_key (key_id, account_id, key_hash, key_prefix) values ($1, $2, $3, $4)",
    )
    .bind(key.key_id)
    .bind(account_id)
    .bind(&key.hash)
    .bind(&key.prefix)
    .execute(pool)
    .await
    .expect("insert key");
    (account_id, key.clear)
}

pub struct TestApp {
    pub base: String,
    pub http: reqwest::Client,
    pub pool: PgPool,
    pub nats: NatsConfig,
    pub server: Option<Server>,
    pub db: TestDb,
}

/// A response, read whole.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Reply {
    pub fn code(&self) -> &str {
        self.body["error"]["code"].as_str().unwrap_or("")
    }
    pub fn etag(&self) -> String {
        self.headers
            .get("etag")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(nats_url()).await
    }

    pub async fn spawn_with(nats_url: String) -> Self {
        Self::spawn_configured(nats_url, |_| {}).await
    }

    /// The test app with `configure` applied to the test configuration.
    pub async fn spawn_configured(
        nats_url: String,
        configure: impl FnOnce(&mut ServeConfig),
    ) -> Self {
        let db = TestDb::create().await;
        let nats = private_nats(&nats_url);
        let mut config = ServeConfig::new(db.url.clone(), nats.clone());
        config.db_pool_size = 8;
        config.catch_up_interval = Duration::from_millis(500);
        // Some tests send thousands of requests with one key; tests/api/limits.rs sets 60.
        config.rate_limit_per_minute = Some(1_000_000);
        configure(&mut config);
        let server = nls::serve::start(config).await.expect("server starts");
        let pool = PgPool::connect(&db.url)
            .await
            .expect("test database reachable");
        Self {
            base: format!("http://{}", server.local_addr()),
            http: reqwest::Client::new(),
            pool,
            nats,
            server: Some(server),
            db,
        }
    }

    /// Creates an account on `plan` and returns `(account id, API key)`.
    pub async fn account(&self, plan: &str, early_access: bool) -> (Uuid, String) {
        account_with_key(&self.pool, plan, early_access).await
    }

    /// A Business account's key.
    pub async fn business_key(&self) -> String {
        self.account("business", false).await.1
    }

    pub async fn call(&self, method: Method, key: &str, path: &str, body: Option<Value>) -> Reply {
        self.call_with(method, key, path, body, &[]).await
    }

    pub async fn call_with(
        &self,
        method: Method,
        key: &str,
        path: &str,
        body: Option<Value>,
        headers: &[(&str, &str)],
    ) -> Reply {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if !key.is_empty() {
            request = request.bearer_auth(key);
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("request reaches the server");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.bytes().await.expect("body readable");
        let body = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes)
                .unwrap_or_else(|_| json!({ "raw": String::from_utf8_lossy(&bytes) }))
        };
        Reply {
            status,
            headers,
            body,
        }
    }

    pub async fn get(&self, key: &str, path: &str) -> Reply {
        self.call(Method::GET, key, path, None).await
    }
    pub async fn post(&self, key: &str, path: &str, body: Value) -> Reply {
        self.call(Method::POST, key, path, Some(body)).await
    }
    pub async fn put(&self, key: &str, path: &str, body: Value) -> Reply {
        self.call(Method::PUT, key, path, Some(body)).await
    }
    pub async fn delete(&self, key: &str, path: &str) -> Reply {
        self.call(Method::DELETE, key, path, None).await
    }

    /// Creates a custom ingredient and returns its representation.
    pub async fn create_ingredient(&self, key: &str, body: Value) -> Value {
        let reply = self.post(key, "/v1/ingredients", body).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
        reply.body
    }

    /// Creates a recipe and returns its representation.
    pub async fn create_recipe(&self, key: &str, body: Value) -> Value {
        let reply = self.post(key, "/v1/recipes", body).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
        reply.body
    }

    /// Streams whose last event either projection (labels, views) has not checkpointed:
    /// 0 once the projector has caught up with every write; -1 when the count fails.
    pub async fn streams_behind(&self) -> i64 {
        sqlx::query_scalar(
            "select count(*) from (select stream_id, max(stream_version) as v from event group by stream_id) e
             where not exists (select 1 from projection_checkpoint c
                               where c.projection = 'labels' and c.stream_id = e.stream_id and c.version = e.v)
                or not exists (select 1 from projection_checkpoint c
                               where c.projection = 'views' and c.stream_id = e.stream_id and c.version = e.v)",
        )
        .fetch_one(&self.pool)
        .await
        .unwrap_or(-1)
    }

    /// Polls `probe` until it returns `Some`, or fails the test after `within`.
    pub async fn eventually<T, F, Fut>(&self, within: Duration, what: &str, mut probe: F) -> T
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Option<T>>,
    {
        let deadline = Instant::now() + within;
        loop {
            if let Some(value) = probe().await {
                return value;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Stops the server gracefully.
    pub async fn stop(&mut self) {
        if let Some(server) = self.server.take() {
            server.shutdown().await;
        }
    }

    /// Deletes the private NATS stream.
    pub async fn delete_stream(&self) {
        if let Ok(client) = async_nats::connect(self.nats.url.as_str()).await {
            let js = async_nats::jetstream::new(client);
            let _ = js.delete_stream(&self.nats.stream).await;
        }
    }

    /// Stops the server and removes the stream (the database goes on drop).
    pub async fn finish(mut self) {
        self.stop().await;
        self.delete_stream().await;
        self.pool.close().await;
    }
}

/// A custom ingredient body with simple round numbers per 100 g.
pub fn oat_paste() -> Value {
    json!({
        "name": "Oat paste",
        "nutrients_per_100g": {
            "calories": 400, "total_fat_g": 10, "saturated_fat_g": 2, "sodium_mg": 100,
            "total_carbohydrate_g": 60, "dietary_fiber_g": 8, "total_sugars_g": 5, "protein_g": 12
        },
        "allergens": ["gluten"],
        "cost_per_unit": 4, "unit": "kg"
    })
}
