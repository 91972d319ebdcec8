//! Revocation without a read per request (issue 27, item 1): several `nls serve` processes
//! of the real binary serve one key (or one app session) from memory; a revocation returns
//! only when every live process has dropped it, and a process frozen with SIGSTOP while it
//! happened never serves it when resumed (web/src/lease.rs, web/src/auth_cache.rs). The
//! custom ingredient names held the same way (web/src/name_cache.rs) are checked here too:
//! an ingredient write returns only once every process resolves names against it.

use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::helpers::{account_with_key, nats_url, TestDb};

const NLS: &str = env!("CARGO_BIN_EXE_nls");

/// Processes of the real binary on one database, killed (and their stream deleted) on drop.
struct Fleet {
    db: TestDb,
    pool: sqlx::PgPool,
    tag: String,
    children: Vec<Child>,
    bases: Vec<String>,
    http: reqwest::Client,
}

impl Fleet {
    async fn start(processes: usize) -> Self {
        Self::start_roles(&vec!["query"; processes]).await
    }

    /// One process per role given (`command`, `query`, `all`).
    async fn start_roles(roles: &[&str]) -> Self {
        let db = TestDb::create().await;
        let tag = Uuid::new_v4().simple().to_string();
        let mut fleet = Self {
            pool: sqlx::PgPool::connect(&db.url).await.expect("test database"),
            db,
            tag,
            children: Vec::new(),
            bases: Vec::new(),
            http: reqwest::Client::new(),
        };
        let migrated = fleet.nls(&["migrate"]);
        assert!(migrated.status.success(), "{migrated:?}");
        for role in roles {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .map(|a| a.port())
                .expect("a free port");
            let child = fleet
                .command()
                .args(["serve", "--role", role, "--listen"])
                .arg(format!("127.0.0.1:{port}"))
                // Leases of reserved requests too: they must not outlive a revocation.
                .env("NLS_RATE_LIMIT_PER_MINUTE", "1000000")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("nls serve starts");
            fleet.children.push(child);
            fleet.bases.push(format!("http://127.0.0.1:{port}"));
        }
        for base in &fleet.bases {
            // A debug build loads its embedded data for seconds, longer with the rest of
            // the suite's processes on the same cores.
            let ready = async {
                for _ in 0..1200 {
                    if fleet
                        .http
                        .get(format!("{base}/healthz"))
                        .send()
                        .await
                        .is_ok()
                    {
                        return true;
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                false
            };
            assert!(ready.await, "{base} never answered");
        }
        fleet
    }

    fn command(&self) -> Command {
        let mut command = Command::new(NLS);
        command
            .env("DATABASE_URL", &self.db.url)
            .env("NATS_URL", nats_url())
            .env("NLS_NATS_STREAM", format!("NLS_TEST_{}", self.tag))
            .env("NLS_NATS_PREFIX", format!("nlstest{}", self.tag));
        command
    }

    /// Runs an `nls` command to its end.
    fn nls(&self, args: &[&str]) -> Output {
        self.command().args(args).output().expect("nls runs")
    }

    /// A Business account and its key.
    async fn business_key(&self) -> (Uuid, String) {
        account_with_key(&self.pool, "business", false).await
    }

    /// `GET /v1/recipes` on process `i` with a key (`Bearer`) or a cookie.
    fn get(&self, i: usize, credential: &Credential) -> reqwest::RequestBuilder {
        let request = self.http.get(format!("{}/v1/recipes", self.bases[i]));
        match credential {
            Credential::Key(key) => request.bearer_auth(key),
            Credential::Cookie(cookie) => request.header("cookie", cookie),
        }
    }

    async fn status(&self, i: usize, credential: &Credential) -> StatusCode {
        self.get(i, credential)
            .send()
            .await
            .expect("the process answers")
            .status()
    }

    /// Every process serves the credential, several times (its cache and leases are warm).
    async fn warm(&self, credential: &Credential) {
        for i in 0..self.bases.len() {
            for _ in 0..20 {
                assert_eq!(
                    self.status(i, credential).await,
                    StatusCode::OK,
                    "process {i}"
                );
            }
        }
    }

    fn signal(&self, i: usize, signal: &str) {
        let pid = self.children[i].id().to_string();
        let sent = Command::new("kill")
            .args([signal, &pid])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill {signal} {pid}");
    }
}

impl Drop for Fleet {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = Command::new("kill")
                .args(["-CONT", &child.id().to_string()])
                .status();
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = self.nls(&["stream", "delete", &format!("NLS_TEST_{}", self.tag)]);
    }
}

enum Credential {
    Key(String),
    Cookie(String),
}

/// Runs `revoke` (a command that revokes and waits), checks it succeeded and returns how
/// long it took.
fn timed(revoke: impl FnOnce() -> Output) -> Duration {
    let started = Instant::now();
    let output = revoke();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    started.elapsed()
}

#[tokio::test]
async fn a_key_revoked_with_three_processes_serving_it_is_refused_by_each_next_request() {
    let fleet = Fleet::start(3).await;
    let (_, key) = fleet.business_key().await;
    let key = Credential::Key(key);
    fleet.warm(&key).await;
    let Credential::Key(clear) = &key else {
        unreachable!()
    };
    timed(|| fleet.nls(&["key", "revoke", clear]));
    for i in 0..3 {
        assert_eq!(
            fleet.status(i, &key).await,
            StatusCode::UNAUTHORIZED,
            "process {i}"
        );
    }
}

/// The processes answer from memory: a revocation written with the triggers switched off
/// (so no process is told) goes unseen by the processes that cached the key, until they are
/// told. This is what makes the notifications, and the revoke's wait for them, necessary.
#[tokio::test]
async fn a_warm_process_reads_nothing_per_request_and_learns_of_a_revocation_only_when_told() {
    let fleet = Fleet::start(1).await;
    let (account_id, key) = fleet.business_key().await;
    let key = Credential::Key(key);
    fleet.warm(&key).await;
    let mut connection = fleet.pool.acquire().await.expect("a connection");
    sqlx::query("set session_replication_role = replica")
        .execute(&mut *connection)
        .await
        .expect("triggers off");
    sqlx::query("update api_key set revoked_at = now() where account_id = $1")
        .bind(account_id)
        .execute(&mut *connection)
        .await
        .expect("silent revocation");
    drop(connection);
    assert_eq!(
        fleet.status(0, &key).await,
        StatusCode::OK,
        "served from memory"
    );
    sqlx::query("select pg_notify('nls_auth', 'account:' || $1::text)")
        .bind(account_id)
        .execute(&fleet.pool)
        .await
        .expect("notify");
    nls_web::lease::settle(&fleet.pool).await.expect("settled");
    assert_eq!(fleet.status(0, &key).await, StatusCode::UNAUTHORIZED);
}

/// SIGSTOP one of three processes, revoke, SIGCONT: the revoke returned once the frozen
/// process's lease had expired, and the resumed process refuses the key (503 while it
/// re-registers, then 401), both for a request sent while it was frozen and for the next.
#[tokio::test]
async fn a_process_frozen_while_a_key_is_revoked_never_serves_it_when_resumed() {
    let fleet = Fleet::start(3).await;
    let (_, clear) = fleet.business_key().await;
    let key = Credential::Key(clear.clone());
    fleet.warm(&key).await;
    fleet.signal(1, "-STOP");
    let took = timed(|| fleet.nls(&["key", "revoke", &clear]));
    // It waited for the frozen process's lease to end, not for the limit (which fails).
    assert!(took < nls_web::lease::SETTLE_LIMIT, "{took:?}");
    for i in [0, 2] {
        assert_eq!(
            fleet.status(i, &key).await,
            StatusCode::UNAUTHORIZED,
            "process {i}"
        );
    }
    assert_resumed_process_refuses(&fleet, 1, &key, StatusCode::UNAUTHORIZED).await;
}

/// Resumes process `i` (frozen) with a request sent while it was frozen: that one and the
/// next never get 200; soon every request gets `settled` (the answer after the change).
async fn assert_resumed_process_refuses(
    fleet: &Fleet,
    i: usize,
    credential: &Credential,
    settled: StatusCode,
) {
    let in_flight = tokio::spawn(fleet.get(i, credential).send());
    tokio::time::sleep(Duration::from_millis(200)).await;
    fleet.signal(i, "-CONT");
    let first = in_flight
        .await
        .expect("the request's task")
        .expect("the resumed process answers")
        .status();
    assert!(
        first == settled || first == StatusCode::SERVICE_UNAVAILABLE,
        "sent while frozen: {first}"
    );
    let next = fleet.status(i, credential).await;
    assert!(
        next == settled || next == StatusCode::SERVICE_UNAVAILABLE,
        "after resuming: {next}"
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let status = fleet.status(i, credential).await;
        assert_ne!(status, StatusCode::OK);
        if status == settled {
            break;
        }
        assert!(Instant::now() < deadline, "still {status}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// An app session used on three processes, one of them frozen, is signed out on another:
/// the sign-out returns, and no process serves the cookie again.
#[tokio::test]
async fn an_app_session_signed_out_is_refused_by_every_process_even_a_frozen_one() {
    let fleet = Fleet::start(3).await;
    let signed_up = fleet
        .http
        .post(format!("{}/auth/v1/signup", fleet.bases[0]))
        .json(&json!({
            "email": format!("fleet-{}@example.com", fleet.tag),
            "password": "a long enough password",
            "account_name": "Fleet bakery",
        }))
        .send()
        .await
        .expect("sign-up");
    assert_eq!(signed_up.status(), StatusCode::CREATED);
    let cookie = signed_up.headers()["set-cookie"]
        .to_str()
        .expect("cookie")
        .split(';')
        .next()
        .unwrap_or_default()
        .to_owned();
    let body: Value = signed_up.json().await.expect("session body");
    let csrf = body["csrf_token"].as_str().expect("csrf token").to_owned();
    let session = Credential::Cookie(cookie.clone());
    fleet.warm(&session).await;
    fleet.signal(2, "-STOP");
    let signed_out = fleet
        .http
        .delete(format!("{}/auth/v1/session", fleet.bases[0]))
        .header("cookie", &cookie)
        .header("x-csrf-token", &csrf)
        .send()
        .await
        .expect("sign-out");
    assert_eq!(signed_out.status(), StatusCode::NO_CONTENT);
    for i in [0, 1] {
        assert_eq!(
            fleet.status(i, &session).await,
            StatusCode::UNAUTHORIZED,
            "process {i}"
        );
    }
    assert_resumed_process_refuses(&fleet, 2, &session, StatusCode::UNAUTHORIZED).await;
}

/// `nls account plan` moves a Business account to Free with one process frozen: its key
/// loses REST access (403) in every process, the resumed one included.
#[tokio::test]
async fn a_plan_change_applies_in_every_process_even_a_frozen_one() {
    let fleet = Fleet::start(3).await;
    let (account_id, clear) = fleet.business_key().await;
    let key = Credential::Key(clear);
    fleet.warm(&key).await;
    fleet.signal(0, "-STOP");
    let account = account_id.to_string();
    timed(|| fleet.nls(&["account", "plan", "--account", &account, "--plan", "free"]));
    for i in [1, 2] {
        assert_eq!(
            fleet.status(i, &key).await,
            StatusCode::FORBIDDEN,
            "process {i}"
        );
    }
    assert_resumed_process_refuses(&fleet, 0, &key, StatusCode::FORBIDDEN).await;
}

/// A process that cannot renew its lease (its renewal waits on a lock this test holds, so
/// its listener cannot act on the notifications queued behind it either) stops serving the
/// key by itself: the revoke returns once that lease has expired, and the process answers
/// 503 with `Retry-After` from memory, never 200; once it renews, 401.
#[tokio::test]
async fn a_process_that_cannot_renew_its_lease_refuses_keyed_requests() {
    let fleet = Fleet::start(2).await;
    let (_, clear) = fleet.business_key().await;
    let key = Credential::Key(clear.clone());
    fleet.warm(&key).await;
    let mut blocker = fleet.pool.begin().await.expect("a transaction");
    let locked: i32 = sqlx::query_scalar("select pid from process_lease where pid = $1 for update")
        .bind(i32::try_from(fleet.children[1].id()).expect("a pid"))
        .fetch_one(&mut *blocker)
        .await
        .expect("process 1's lease row");
    assert_eq!(u32::try_from(locked).ok(), Some(fleet.children[1].id()));
    // Its next renewal (within a second) waits for the lock.
    let blocked = async {
        for _ in 0..100 {
            let waiting: bool = sqlx::query_scalar(
                "select exists(select 1 from pg_stat_activity
                               where application_name = 'nls query lease ' || $1
                                 and wait_event_type = 'Lock')",
            )
            .bind(locked.to_string())
            .fetch_one(&fleet.pool)
            .await
            .expect("pg_stat_activity");
            if waiting {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        false
    };
    assert!(
        blocked.await,
        "process 1's renewal never waited for the lock"
    );
    timed(|| fleet.nls(&["key", "revoke", &clear]));
    assert_eq!(fleet.status(0, &key).await, StatusCode::UNAUTHORIZED);
    let refused = fleet
        .get(1, &key)
        .send()
        .await
        .expect("the process answers");
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(refused.headers().contains_key("retry-after"));
    blocker.rollback().await.expect("lock released");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let status = fleet.status(1, &key).await;
        assert_ne!(status, StatusCode::OK);
        if status == StatusCode::UNAUTHORIZED {
            break;
        }
        assert!(Instant::now() < deadline, "still {status}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Process 0 takes writes, process 1 analyses; both hold the account's custom ingredient
/// names in memory. Each ingredient write (create, rename, archive, delete) is seen by the
/// very next analysis and create by name on either process, also by one frozen while the
/// write happened; a write with the triggers off (so nobody is told) is not, which is what
/// makes the notifications necessary.
#[tokio::test]
async fn ingredient_names_held_in_memory_follow_every_ingredient_write_in_every_process() {
    let fleet = Fleet::start_roles(&["command", "query"]).await;
    let (account_id, key) = fleet.business_key().await;
    let analyse = |name: &'static str| {
        let key = key.clone();
        let http = fleet.http.clone();
        let base = fleet.bases[1].clone();
        async move {
            let response = http
                .post(format!("{base}/v1/analyze"))
                .bearer_auth(&key)
                .json(&json!({"servings": 1, "ingredients": [{"name": name, "grams": 100}]}))
                .send()
                .await
                .expect("analysis");
            let status = response.status();
            let body: Value = response.json().await.expect("analysis body");
            (status, body)
        }
    };
    let source = |body: &Value| body["ingredients"][0]["source"].as_str().map(str::to_owned);
    let write = |method: reqwest::Method, path: String, body: Option<Value>| {
        let mut request = fleet
            .http
            .request(method, format!("{}{path}", fleet.bases[0]))
            .bearer_auth(&key);
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send()
    };

    // Warm: both processes hold the account's (empty) set of names.
    for _ in 0..3 {
        let (status, body) = analyse("butter").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(source(&body).as_deref(), Some("fooddb"));
    }
    let recipe = |name: &'static str| {
        write(
            reqwest::Method::POST,
            "/v1/recipes".into(),
            Some(json!({"name": "Toast", "servings": 1,
                        "ingredients": [{"name": name, "grams": 50}]})),
        )
    };
    let created = recipe("butter").await.expect("create");
    assert_eq!(created.status(), StatusCode::CREATED);

    // A custom "Butter" now takes the name on both processes, at once.
    let made = write(
        reqwest::Method::POST,
        "/v1/ingredients".into(),
        Some(json!({"name": "Butter", "nutrients_per_100g": {"calories": 717, "total_fat_g": 81}})),
    )
    .await
    .expect("ingredient create");
    assert_eq!(made.status(), StatusCode::CREATED);
    let made: Value = made.json().await.expect("ingredient body");
    let id = made["id"].as_str().expect("ingredient id").to_owned();
    let (_, body) = analyse("butter").await;
    assert_eq!(source(&body).as_deref(), Some("custom"), "{body}");
    assert_eq!(body["ingredients"][0]["ingredient_id"], json!(id));
    let created: Value = recipe("butter")
        .await
        .expect("create")
        .json()
        .await
        .expect("recipe");
    assert_eq!(
        created["ingredients"][0]["ingredient_id"],
        json!(id),
        "{created}"
    );
    let user = created["id"].as_str().expect("recipe id").to_owned();

    // Renamed: the old name is the database's again, the new one the ingredient's.
    let renamed = write(
        reqwest::Method::PUT,
        format!("/v1/ingredients/{id}"),
        Some(json!({"name": "Cultured butter"})),
    )
    .await
    .expect("rename");
    assert_eq!(renamed.status(), StatusCode::OK);
    let (_, body) = analyse("butter").await;
    assert_eq!(source(&body).as_deref(), Some("fooddb"), "{body}");
    let (_, body) = analyse("cultured BUTTER").await;
    assert_eq!(body["ingredients"][0]["ingredient_id"], json!(id), "{body}");

    // Written while the analysing process was frozen: resumed, it never resolves the old way.
    fleet.signal(1, "-STOP");
    let renamed = write(
        reqwest::Method::PUT,
        format!("/v1/ingredients/{id}"),
        Some(json!({"name": "Ghee"})),
    )
    .await
    .expect("rename while frozen");
    assert_eq!(renamed.status(), StatusCode::OK);
    fleet.signal(1, "-CONT");
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let (status, body) = analyse("ghee").await;
        if status == StatusCode::OK {
            assert_eq!(body["ingredients"][0]["ingredient_id"], json!(id), "{body}");
            break;
        }
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert!(Instant::now() < deadline, "still {status}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (_, body) = analyse("cultured butter").await;
    assert_ne!(source(&body).as_deref(), Some("custom"), "{body}");

    // Unused, deleted: the name is the database's again (or nothing's) at once.
    let unused = write(reqwest::Method::DELETE, format!("/v1/recipes/{user}"), None)
        .await
        .expect("recipe delete");
    assert!(unused.status().is_success(), "{}", unused.status());
    let deleted = write(
        reqwest::Method::DELETE,
        format!("/v1/ingredients/{id}"),
        None,
    )
    .await
    .expect("delete");
    assert!(deleted.status().is_success(), "{}", deleted.status());
    let (_, body) = analyse("ghee").await;
    assert_ne!(body["ingredients"][0]["ingredient_id"], json!(id), "{body}");

    // Without the notification (triggers off), a process keeps the set it holds.
    let mut connection = fleet.pool.acquire().await.expect("a connection");
    sqlx::query("set session_replication_role = replica")
        .execute(&mut *connection)
        .await
        .expect("triggers off");
    sqlx::query(
        "update ingredient_view set name = 'Butter', deleted = false where ingredient_id = $1",
    )
    .bind(&id)
    .execute(&mut *connection)
    .await
    .expect("silent change");
    drop(connection);
    let (_, body) = analyse("butter").await;
    assert_eq!(
        source(&body).as_deref(),
        Some("fooddb"),
        "held in memory: {body}"
    );
    sqlx::query("select pg_notify('nls_auth', 'ingredients:' || $1::text)")
        .bind(account_id)
        .execute(&fleet.pool)
        .await
        .expect("notify");
    nls_web::lease::settle(&fleet.pool).await.expect("settled");
    let (_, body) = analyse("butter").await;
    assert_eq!(
        body["ingredients"][0]["ingredient_id"],
        json!(id),
        "told: {body}"
    );
}
