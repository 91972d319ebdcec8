//! Webhook delivery against a running service (started with NLS_WEBHOOKS_ALLOW_PRIVATE=1,
//! NLS_WEBHOOKS_ALLOW_HTTP=1 and a NLS_WEBHOOK_KEY; see bench/webhooks.sh). Runs a receiver
//! on loopback, registers it for `recipe.created`, then:
//!
//! 1. latency: `latency_writes` recipe creates one after another; for each, the time from
//!    the write's response to its delivery arriving (p50, p99);
//! 2. throughput: `burst_writes` creates from 16 clients; deliveries per second from the
//!    first write to the last delivery;
//! 3. the floor of both in the same run: the same receiver posted to directly by 16 clients
//!    (requests/s) and one after another (latency), as a sender that did nothing else would.
//!
//! cargo run --release --example webhook_bench -- <base url> <api key> [latency_writes=300] [burst_writes=3000]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use serde_json::{json, Value};

type Arrivals = Arc<Mutex<HashMap<String, Instant>>>;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

async fn receive(State(arrivals): State<Arrivals>, body: Bytes) -> &'static str {
    let now = Instant::now();
    if let Ok(value) = serde_json::from_slice::<Value>(&body) {
        let id = value["data"]["recipe_id"]
            .as_str()
            .or_else(|| value["data"]["n"].as_str())
            .unwrap_or("")
            .to_owned();
        if let Ok(mut map) = arrivals.lock() {
            map.entry(id).or_insert(now);
        }
    }
    "ok"
}

async fn create(http: &reqwest::Client, base: &str, key: &str, n: usize) -> Result<String, String> {
    let reply = http
        .post(format!("{base}/v1/recipes"))
        .bearer_auth(key)
        .json(&json!({"name": format!("Bench {n}"), "servings": 4,
                      "ingredients": [{"name": "all-purpose flour", "grams": 250}]}))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let body: Value = reply.json().await.map_err(|e| e.to_string())?;
    body["id"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("{body}"))
}

async fn wait_for(arrivals: &Arrivals, ids: &[String], within: Duration) -> bool {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        let done = arrivals
            .lock()
            .map(|m| ids.iter().all(|id| m.contains_key(id)))
            .unwrap_or(false);
        if done {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    false
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let base = args
        .get(1)
        .cloned()
        .ok_or("usage: webhook_bench <base url> <api key> [latency_writes] [burst_writes]")?;
    let key = args.get(2).cloned().ok_or("api key missing")?;
    let latency_writes: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(300);
    let burst_writes: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(3000);
    const CLIENTS: usize = 16;

    let arrivals: Arrivals = Arc::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let receiver = format!("http://{}/hook", listener.local_addr()?);
    let app = axum::Router::new()
        .route("/hook", axum::routing::post(receive))
        .with_state(arrivals.clone());
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    let http = reqwest::Client::new();
    let endpoint: Value = http
        .post(format!("{base}/v1/webhooks"))
        .bearer_auth(&key)
        .json(&json!({"url": receiver, "events": ["recipe.created"]}))
        .send()
        .await?
        .json()
        .await?;
    if endpoint["id"].is_null() {
        return Err(format!("could not register the receiver: {endpoint}").into());
    }

    // 1. Latency, one write at a time.
    let mut latencies = Vec::with_capacity(latency_writes);
    for n in 0..latency_writes {
        let id = create(&http, &base, &key, n).await?;
        let answered = Instant::now();
        if !wait_for(
            &arrivals,
            std::slice::from_ref(&id),
            Duration::from_secs(30),
        )
        .await
        {
            return Err(format!("delivery of {id} did not arrive").into());
        }
        let arrived = arrivals.lock().map(|m| m[&id]).map_err(|_| "lock")?;
        latencies.push(arrived.saturating_duration_since(answered).as_secs_f64() * 1e3);
    }
    latencies.sort_by(f64::total_cmp);

    // 2. Throughput: a burst of writes from 16 clients.
    let started = Instant::now();
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let ids: Arc<Mutex<Vec<String>>> = Arc::default();
    let mut tasks = Vec::new();
    for _ in 0..CLIENTS {
        let (http, base, key, next, ids) = (
            http.clone(),
            base.clone(),
            key.clone(),
            next.clone(),
            ids.clone(),
        );
        tasks.push(tokio::spawn(async move {
            loop {
                let n = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if n >= burst_writes {
                    return;
                }
                if let Ok(id) = create(&http, &base, &key, 1_000_000 + n).await {
                    if let Ok(mut ids) = ids.lock() {
                        ids.push(id);
                    }
                }
            }
        }));
    }
    for task in tasks {
        task.await?;
    }
    let writes_done = started.elapsed();
    let burst_ids = ids.lock().map(|v| v.clone()).map_err(|_| "lock")?;
    if !wait_for(&arrivals, &burst_ids, Duration::from_secs(300)).await {
        return Err("the burst's deliveries did not all arrive".into());
    }
    let last = burst_ids
        .iter()
        .filter_map(|id| arrivals.lock().ok().map(|m| m[id]))
        .max()
        .ok_or("no burst")?;
    let burst_secs = last.duration_since(started).as_secs_f64();

    // 3. The floor: the receiver posted to directly.
    let body = json!({"type": "recipe.created", "timestamp": "2026-01-01T00:00:00Z", "data": {"n": "floor"}});
    let mut floor_latencies = Vec::new();
    for _ in 0..latency_writes {
        let t = Instant::now();
        http.post(&receiver).json(&body).send().await?;
        floor_latencies.push(t.elapsed().as_secs_f64() * 1e3);
    }
    floor_latencies.sort_by(f64::total_cmp);
    let floor_started = Instant::now();
    let counter = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..CLIENTS {
        let (http, receiver, body, counter) = (
            http.clone(),
            receiver.clone(),
            body.clone(),
            counter.clone(),
        );
        tasks.push(tokio::spawn(async move {
            while counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < burst_writes {
                let _ = http.post(&receiver).json(&body).send().await;
            }
        }));
    }
    for task in tasks {
        task.await?;
    }
    let floor_secs = floor_started.elapsed().as_secs_f64();

    println!("write response -> delivery arrived, {latency_writes} writes one at a time:");
    println!(
        "  p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&latencies, 50.0),
        percentile(&latencies, 99.0),
        percentile(&latencies, 100.0)
    );
    println!(
        "  floor (a POST to the receiver): p50 {:.2} ms, p99 {:.2} ms",
        percentile(&floor_latencies, 50.0),
        percentile(&floor_latencies, 99.0)
    );
    println!("burst of {burst_writes} writes from {CLIENTS} clients:");
    println!(
        "  writes {:.0}/s; deliveries {:.0}/s (first write to last delivery, {:.2} s)",
        burst_writes as f64 / writes_done.as_secs_f64(),
        burst_ids.len() as f64 / burst_secs,
        burst_secs
    );
    println!(
        "  floor (the receiver posted to by {CLIENTS} clients): {:.0} requests/s",
        burst_writes as f64 / floor_secs
    );
    Ok(())
}
