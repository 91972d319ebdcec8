//! Write load against a running service: N concurrent clients create recipes for a fixed
//! time; reports writes/s, write latency p50/p99, and two lags from each write's response:
//! to its event arriving on NATS (what the projector, renderer and embeds consume), and to
//! the renderer announcing the recipe's label (`<prefix>.rendered.<id>`: the projector and
//! the renderer have both handled it). The recipe view itself is written in the write's
//! own transaction, so a read after the response always sees it.
//!
//! cargo run --release --example load -- <base url> <api key> [clients=16] [seconds=20] [nats url] [subject prefix]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::StreamExt;
use serde_json::json;

/// When each recipe was first seen on a subject.
type Arrivals = Arc<Mutex<HashMap<String, Instant>>>;

/// Stamps the first arrival of each recipe on each subject until the process ends.
async fn listen(
    nats_url: String,
    subjects: [(String, Arrivals); 2],
    ready: tokio::sync::oneshot::Sender<Result<(), String>>,
) {
    let nats = match async_nats::connect(nats_url.as_str()).await {
        Ok(nats) => nats,
        Err(e) => {
            let _ = ready.send(Err(e.to_string()));
            return;
        }
    };
    let mut listeners = Vec::new();
    for (subject, sink) in subjects {
        let mut subscription = match nats.subscribe(subject).await {
            Ok(subscription) => subscription,
            Err(e) => {
                let _ = ready.send(Err(e.to_string()));
                return;
            }
        };
        listeners.push(async move {
            while let Some(message) = subscription.next().await {
                let now = Instant::now();
                if let Some(stream) = message.subject.as_str().rsplit('.').next() {
                    if let Ok(mut map) = sink.lock() {
                        map.entry(stream.to_owned()).or_insert(now);
                    }
                }
            }
        });
    }
    // Subscriptions are registered once the server has seen a round trip.
    let flushed = nats.flush().await.map_err(|e| e.to_string());
    let _ = ready.send(flushed);
    futures::future::join_all(listeners).await;
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let base = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "http://127.0.0.1:8080".into());
    let key = args
        .get(2)
        .cloned()
        .ok_or("usage: load <base url> <api key> [clients] [seconds] [nats url] [prefix]")?;
    let clients: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(16);
    let seconds: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(20);
    let nats_url = args
        .get(5)
        .cloned()
        .unwrap_or_else(|| "nats://127.0.0.1:4222".into());
    let prefix = args.get(6).cloned().unwrap_or_else(|| "nls".into());

    // Arrival time of each recipe's first event, and of its first announcement, on NATS.
    // The listener runs on a thread and runtime of its own: on the client's runtime an
    // arrival would be stamped only when a worker got to it between the 16 writers' tasks,
    // and the lag would measure the load generator's own queue.
    let arrivals: Arrivals = Arc::default();
    let announced: Arrivals = Arc::default();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel::<Result<(), String>>();
    {
        let (arrivals, announced) = (arrivals.clone(), announced.clone());
        let subjects = [
            (format!("{prefix}.events.recipe.>"), arrivals),
            (format!("{prefix}.rendered.>"), announced),
        ];
        std::thread::spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(runtime) => runtime,
                Err(e) => {
                    let _ = ready_tx.send(Err(e.to_string()));
                    return;
                }
            };
            runtime.block_on(listen(nats_url, subjects, ready_tx));
        });
    }
    ready_rx.await??;

    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(clients)
        .build()?;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for client in 0..clients {
        let http = http.clone();
        let base = base.clone();
        let key = key.clone();
        tasks.push(tokio::spawn(async move {
            let mut done = Vec::new();
            let mut n = 0u64;
            while Instant::now() < deadline {
                n += 1;
                let body = json!({
                    "name": format!("Load {client}-{n}"),
                    "servings": 4,
                    "ingredients": [
                        { "ingredient_id": "fooddb:168894", "grams": 250 },
                        { "ingredient_id": "fooddb:171265", "grams": 300 },
                        { "ingredient_id": "fooddb:171287", "grams": 100 }
                    ]
                });
                let sent = Instant::now();
                let reply = http
                    .post(format!("{base}/v1/recipes"))
                    .bearer_auth(&key)
                    .json(&body)
                    .send()
                    .await;
                let Ok(reply) = reply else { continue };
                if reply.status() != 201 {
                    eprintln!("unexpected status {}", reply.status());
                    continue;
                }
                let answered = Instant::now();
                let value: serde_json::Value = reply.json().await.unwrap_or_default();
                if let Some(id) = value["id"].as_str() {
                    done.push((id.to_owned(), answered, answered - sent));
                }
            }
            done
        }));
    }
    let mut writes = Vec::new();
    for task in tasks {
        writes.extend(task.await?);
    }
    let elapsed = started.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(5)).await;

    let mut latency: Vec<f64> = writes
        .iter()
        .map(|(_, _, l)| l.as_secs_f64() * 1000.0)
        .collect();
    latency.sort_by(|a, b| a.total_cmp(b));
    let lags = |seen: &Arrivals| -> Vec<f64> {
        let map = seen.lock().map(|m| m.clone()).unwrap_or_default();
        let mut lag: Vec<f64> = writes
            .iter()
            .filter_map(|(id, answered, _)| {
                map.get(id).map(|arrived| {
                    arrived.saturating_duration_since(*answered).as_secs_f64() * 1000.0
                })
            })
            .collect();
        lag.sort_by(|a, b| a.total_cmp(b));
        lag
    };
    let lag = lags(&arrivals);
    let rendered = lags(&announced);
    println!("clients: {clients}, duration: {elapsed:.1} s");
    println!(
        "writes: {} ({:.0} writes/s)",
        writes.len(),
        writes.len() as f64 / elapsed
    );
    println!(
        "write latency ms: p50 {:.2} p99 {:.2}",
        percentile(&latency, 50.0),
        percentile(&latency, 99.0)
    );
    println!(
        "write-to-NATS lag ms ({} of {} seen): p50 {:.2} p99 {:.2}",
        lag.len(),
        writes.len(),
        percentile(&lag, 50.0),
        percentile(&lag, 99.0)
    );
    println!(
        "write-to-renderer lag ms ({} of {} announced): p50 {:.2} p99 {:.2}",
        rendered.len(),
        writes.len(),
        percentile(&rendered, 50.0),
        percentile(&rendered, 99.0)
    );
    Ok(())
}
