//! What must hold after every fault, read straight from Postgres and NATS.

use std::collections::BTreeMap;

use sqlx::PgPool;

/// Why the system has not converged yet (or never will).
pub type Verdict = Result<(), String>;

/// Every acknowledged write is in the log and in the read models; every stream's events
/// are numbered 1..n without a gap; the views and the label cascade applied each stream's
/// last event exactly once (`applied_events` counts applications, so a duplicate shows).
pub async fn converged(pool: &PgPool, acked: &BTreeMap<String, i64>) -> Verdict {
    let ids: Vec<String> = acked.keys().cloned().collect();
    let versions: Vec<i64> = acked.values().copied().collect();
    let missing: Vec<(String, i64)> = sqlx::query_as(
        "select a.id, a.v from unnest($1::text[], $2::bigint[]) as a(id, v)
         where not exists (select 1 from event e where e.stream_id = a.id and e.stream_version = a.v)
            or not exists (select 1 from recipe_view r where r.recipe_id = a.id and r.version >= a.v)",
    )
    .bind(&ids)
    .bind(&versions)
    .fetch_all(pool)
    .await
    .map_err(|e| format!("database: {e}"))?;
    if let Some((id, v)) = missing.first() {
        return Err(format!(
            "{} acknowledged writes not yet in the log and views, e.g. {id} v{v}",
            missing.len()
        ));
    }
    let gaps: i64 = sqlx::query_scalar(
        "select count(*) from (select stream_id from event group by stream_id
                               having count(*) <> max(stream_version)) g",
    )
    .fetch_one(pool)
    .await
    .map_err(|e| format!("database: {e}"))?;
    if gaps > 0 {
        return Err(format!("{gaps} streams have gaps or duplicate versions"));
    }
    let behind: Vec<(String, String)> = sqlx::query_as(
        "select e.stream_id, p.projection
         from (select stream_id, max(stream_version) as v from event group by stream_id) e
         cross join (values ('views'), ('labels')) as p(projection)
         where not exists (select 1 from projection_checkpoint c
                           where c.projection = p.projection and c.stream_id = e.stream_id
                             and c.version = e.v)",
    )
    .fetch_all(pool)
    .await
    .map_err(|e| format!("database: {e}"))?;
    if let Some((stream, projection)) = behind.first() {
        return Err(format!(
            "{} stream projections behind, e.g. {projection} of {stream}",
            behind.len()
        ));
    }
    let misapplied: Vec<(String, i64, i64)> = sqlx::query_as(
        "select r.recipe_id, r.applied_events, e.n
         from recipe_view r
         join (select stream_id, count(*) as n from event group by stream_id) e
           on e.stream_id = r.recipe_id
         where r.applied_events <> e.n",
    )
    .fetch_all(pool)
    .await
    .map_err(|e| format!("database: {e}"))?;
    if let Some((id, applied, n)) = misapplied.first() {
        return Err(format!(
            "recipe {id} applied {applied} events of {n} ({} such)",
            misapplied.len()
        ));
    }
    Ok(())
}

/// The JetStream stream holds each event of the log once: the relay published
/// everything and no republication after a crash slipped past the duplicate window.
pub async fn published_once(pool: &PgPool, nats_url: &str, stream: &str) -> Verdict {
    let events: i64 = sqlx::query_scalar("select count(*) from event")
        .fetch_one(pool)
        .await
        .map_err(|e| format!("database: {e}"))?;
    let client = async_nats::connect(nats_url)
        .await
        .map_err(|e| format!("nats: {e}"))?;
    let mut info = async_nats::jetstream::new(client)
        .get_stream(stream)
        .await
        .map_err(|e| format!("stream: {e}"))?;
    let state = info
        .info()
        .await
        .map_err(|e| format!("stream info: {e}"))?
        .state
        .clone();
    // Sequences, not the message count: lowering the stream's `max_bytes` (the "stream
    // full" phase) makes JetStream drop its oldest messages to fit when publishing went
    // on between reading the size and setting the cap. Every event took one sequence once
    // (message ids deduplicate republishing), so the last sequence is the event count.
    if i64::try_from(state.last_sequence).unwrap_or(i64::MAX) == events {
        Ok(())
    } else {
        Err(format!(
            "{} messages (last sequence {}) on the stream for {events} events",
            state.messages, state.last_sequence
        ))
    }
}

/// A webhook receiver on loopback: answers 200 and keeps the recipe ids of what it got.
pub struct Receiver {
    ids: std::sync::Arc<std::sync::Mutex<std::collections::HashSet<String>>>,
    addr: std::net::SocketAddr,
}

impl Receiver {
    pub async fn start() -> Self {
        let ids: std::sync::Arc<std::sync::Mutex<std::collections::HashSet<String>>> =
            Default::default();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind receiver");
        let addr = listener.local_addr().expect("receiver address");
        let sink = ids.clone();
        let app = axum::Router::new().route(
            "/hook",
            axum::routing::post(move |body: axum::body::Bytes| {
                let sink = sink.clone();
                async move {
                    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(&body) {
                        if let Some(id) = value["data"]["recipe_id"].as_str() {
                            if let Ok(mut ids) = sink.lock() {
                                ids.insert(id.to_owned());
                            }
                        }
                    }
                    "ok"
                }
            }),
        );
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Self { ids, addr }
    }

    pub fn url(&self) -> String {
        format!("http://{}/hook", self.addr)
    }

    pub fn recipe_ids(&self) -> std::collections::HashSet<String> {
        self.ids.lock().map(|ids| ids.clone()).unwrap_or_default()
    }
}
