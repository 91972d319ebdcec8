//! A steady mixed load: writers creating and editing recipes through the command
//! processes, readers and renders on the query and renderer processes, and one open embed
//! stream that reconnects as a browser's EventSource would. Every write answered 2xx is
//! written down, so the checks can ask the log and the read models for it.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tokio_util::sync::CancellationToken;

/// Base URLs per role; a killed process comes back on the same port.
#[derive(Clone)]
pub struct Targets {
    pub command: Vec<String>,
    pub query: Vec<String>,
    pub renderer: Vec<String>,
}

/// What the load did, and every acknowledged write.
#[derive(Default)]
pub struct Ledger {
    /// Recipe id → highest version a 2xx response reported.
    pub acked: Mutex<BTreeMap<String, i64>>,
    pub writes_ok: AtomicU64,
    pub writes_failed: AtomicU64,
    pub reads_ok: AtomicU64,
    pub reads_failed: AtomicU64,
    pub renders_ok: AtomicU64,
    pub renders_failed: AtomicU64,
    /// The `id:` (label hash) of the last label the open embed stream received.
    pub embed_last: Mutex<Option<String>>,
    pub embed_events: AtomicU64,
}

impl Ledger {
    fn ack(&self, reply: &Value) {
        if let (Some(id), Some(version)) = (reply["id"].as_str(), reply["version"].as_i64()) {
            if let Ok(mut acked) = self.acked.lock() {
                let entry = acked.entry(id.to_owned()).or_insert(0);
                *entry = (*entry).max(version);
            }
        }
    }

    pub fn acked(&self) -> BTreeMap<String, i64> {
        self.acked.lock().map(|a| a.clone()).unwrap_or_default()
    }
}

pub struct Load {
    pub ledger: Arc<Ledger>,
    pub stop: CancellationToken,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .pool_max_idle_per_host(4)
        .build()
        .expect("http client")
}

fn recipe(rng: &mut StdRng, n: u64) -> Value {
    let foods = [
        "butter", "flour", "sugar", "egg", "milk", "oats", "almonds", "honey",
    ];
    let lines: Vec<Value> = (0..rng.gen_range(1..4))
        .map(|_| json!({ "name": foods[rng.gen_range(0..foods.len())], "grams": rng.gen_range(5..200) }))
        .collect();
    json!({ "name": format!("Load {n}"), "servings": rng.gen_range(1..8), "ingredients": lines })
}

/// Sends `body` to each command process in turn until one answers 2xx or `tries` run
/// out. POSTs carry one Idempotency-Key across their retries, so a retry after a lost
/// response cannot create a second recipe.
async fn write(
    http: &reqwest::Client,
    targets: &Targets,
    method: reqwest::Method,
    path: &str,
    body: &Value,
    key: &str,
    turn: &mut usize,
) -> Option<Value> {
    let idempotency = uuid::Uuid::new_v4().to_string();
    for _ in 0..12 {
        let base = &targets.command[*turn % targets.command.len()];
        *turn += 1;
        let mut request = http
            .request(method.clone(), format!("{base}{path}"))
            .bearer_auth(key)
            .json(body);
        if method == reqwest::Method::POST {
            request = request.header("Idempotency-Key", &idempotency);
        }
        match request.send().await {
            Ok(r) if r.status().is_success() => return r.json().await.ok(),
            // A refusal the body explains (4xx) is final.
            Ok(r) if r.status().is_client_error() => return None,
            // Nothing reached the process: any write may go to the next one.
            Err(e) if e.is_connect() => {}
            // A 5xx, a timeout or a cut connection: the write may have committed. A POST
            // is retried under its Idempotency-Key; a PUT is not sent twice.
            _ if method != reqwest::Method::POST => return None,
            _ => {}
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    None
}

impl Load {
    pub fn start(targets: Targets, key: String, seed: u64, embed_token: String) -> Self {
        let ledger = Arc::new(Ledger::default());
        let stop = CancellationToken::new();
        let mut tasks = Vec::new();
        for writer in 0..2u64 {
            let (targets, key, ledger, stop) =
                (targets.clone(), key.clone(), ledger.clone(), stop.clone());
            tasks.push(tokio::spawn(async move {
                let http = client();
                let mut rng = StdRng::seed_from_u64(seed + writer);
                let mut mine: Vec<String> = Vec::new();
                let mut turn = writer as usize;
                let mut n = writer * 1_000_000;
                while !stop.is_cancelled() {
                    n += 1;
                    let reply = if mine.len() < 5 || rng.gen_bool(0.3) {
                        write(
                            &http,
                            &targets,
                            reqwest::Method::POST,
                            "/v1/recipes",
                            &recipe(&mut rng, n),
                            &key,
                            &mut turn,
                        )
                        .await
                    } else {
                        let id = mine[rng.gen_range(0..mine.len())].clone();
                        let body = json!({ "servings": rng.gen_range(1..12) });
                        write(
                            &http,
                            &targets,
                            reqwest::Method::PUT,
                            &format!("/v1/recipes/{id}"),
                            &body,
                            &key,
                            &mut turn,
                        )
                        .await
                    };
                    match reply {
                        Some(reply) => {
                            ledger.ack(&reply);
                            ledger.writes_ok.fetch_add(1, Ordering::Relaxed);
                            if let Some(id) = reply["id"].as_str() {
                                if !mine.iter().any(|m| m == id) {
                                    mine.push(id.to_owned());
                                }
                            }
                        }
                        None => {
                            ledger.writes_failed.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    tokio::time::sleep(Duration::from_millis(rng.gen_range(5..30))).await;
                }
            }));
        }
        {
            let (targets, key, ledger, stop) =
                (targets.clone(), key.clone(), ledger.clone(), stop.clone());
            tasks.push(tokio::spawn(async move {
                let http = client();
                let mut rng = StdRng::seed_from_u64(seed + 100);
                let mut turn = 0usize;
                while !stop.is_cancelled() {
                    let ids: Vec<String> = ledger.acked().into_keys().collect();
                    if let Some(id) = (!ids.is_empty()).then(|| ids[rng.gen_range(0..ids.len())].clone()) {
                        turn += 1;
                        let q = &targets.query[turn % targets.query.len()];
                        let ok = matches!(http.get(format!("{q}/v1/recipes/{id}")).bearer_auth(&key).send().await, Ok(r) if r.status().is_success());
                        let counter = if ok { &ledger.reads_ok } else { &ledger.reads_failed };
                        counter.fetch_add(1, Ordering::Relaxed);
                        let r = &targets.renderer[turn % targets.renderer.len()];
                        let ok = matches!(http.get(format!("{r}/v1/recipes/{id}/label.svg")).bearer_auth(&key).send().await, Ok(r) if r.status().is_success());
                        let counter = if ok { &ledger.renders_ok } else { &ledger.renders_failed };
                        counter.fetch_add(1, Ordering::Relaxed);
                    }
                    tokio::time::sleep(Duration::from_millis(rng.gen_range(5..25))).await;
                }
            }));
        }
        {
            let (targets, ledger, stop) = (targets.clone(), ledger.clone(), stop.clone());
            tasks.push(tokio::spawn(async move {
                let mut turn = 0usize;
                while !stop.is_cancelled() {
                    turn += 1;
                    let r = &targets.renderer[turn % targets.renderer.len()];
                    follow_embed(&format!("{r}/embed/{embed_token}/events"), &ledger, &stop).await;
                    // EventSource's own reconnection delay (the stream says `retry: 1000`).
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }));
        }
        Self {
            ledger,
            stop,
            tasks,
        }
    }

    pub async fn finish(self) -> Arc<Ledger> {
        self.stop.cancel();
        for task in self.tasks {
            let _ = task.await;
        }
        self.ledger
    }
}

/// Reads one server-sent event stream until it ends, noting each label's id.
async fn follow_embed(url: &str, ledger: &Ledger, stop: &CancellationToken) {
    let http = reqwest::Client::new();
    let Ok(mut response) = http.get(url).send().await else {
        return;
    };
    if !response.status().is_success() {
        return;
    }
    let mut pending = String::new();
    loop {
        let chunk = tokio::select! {
            _ = stop.cancelled() => return,
            chunk = tokio::time::timeout(Duration::from_secs(30), response.chunk()) => chunk,
        };
        let Ok(Ok(Some(chunk))) = chunk else { return };
        pending.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = pending.find("\n\n") {
            let event: String = pending.drain(..end + 2).collect();
            if let Some(id) = last_label_id(&event) {
                if let Ok(mut last) = ledger.embed_last.lock() {
                    *last = Some(id);
                }
                ledger.embed_events.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// The `id:` of a `label` event.
pub fn last_label_id(event: &str) -> Option<String> {
    let is_label = event.lines().any(|l| l.trim_end() == "event: label");
    is_label
        .then(|| {
            event
                .lines()
                .find_map(|l| l.strip_prefix("id: ").map(str::to_owned))
        })
        .flatten()
}
