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
    let messages = info
        .info()
        .await
        .map_err(|e| format!("stream info: {e}"))?
        .state
        .messages;
    if i64::try_from(messages).unwrap_or(i64::MAX) == events {
        Ok(())
    } else {
        Err(format!(
            "{messages} messages on the stream for {events} events"
        ))
    }
}
