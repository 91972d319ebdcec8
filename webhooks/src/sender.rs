//! Sends due deliveries. Any number of processes share the work: each claims a few due
//! deliveries (`for update skip locked`) by moving their next attempt past the longest an
//! attempt can take, sends them, and records the outcome. A delivery is due only when no
//! earlier delivery of the same endpoint and key (recipe) is still pending, so each
//! receiver sees one recipe's notifications in order, at least once.
//!
//! A process killed mid-attempt leaves its claims to expire; another process (or itself,
//! restarted) attempts them again: the receiver may see that attempt twice, with the
//! same `webhook-id`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::Utc;
use sqlx::postgres::PgListener;
use sqlx::{PgPool, Row};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::catalog;
use crate::crypto::SealingKey;
use crate::signing::{signature_header, SigningSecret};
use crate::store::delivery_public_id;
use crate::Settings;

/// Deliveries one process claims at once (and sends concurrently).
const CLAIM: i64 = 64;
/// How often due deliveries are looked for when no wake-up came (retries become due
/// with no one announcing them).
const POLL: Duration = Duration::from_millis(500);
/// Longest error text kept per attempt.
const MAX_ERROR_LEN: usize = 500;

/// A claimed delivery, with what sending it needs.
struct Claimed {
    delivery_id: Uuid,
    endpoint_id: Uuid,
    url: String,
    body: Vec<u8>,
    attempts: i32,
    secrets: Vec<SigningSecret>,
}

/// The outcome of one attempt.
#[derive(Debug)]
struct Outcome {
    started_at: chrono::DateTime<Utc>,
    duration: Duration,
    status: Option<u16>,
    error: Option<String>,
}

impl Outcome {
    fn succeeded(&self) -> bool {
        self.status.is_some_and(|s| (200..300).contains(&s))
    }
}

/// Runs until `shutdown`.
pub async fn run(pool: PgPool, settings: Arc<Settings>, shutdown: CancellationToken) {
    let Some(key) = settings.key.clone() else {
        tracing::info!("webhook sender idle: NLS_WEBHOOK_KEY is not set");
        return;
    };
    let client = match crate::client::build(settings.policy, settings.timeout) {
        Ok(client) => client,
        Err(err) => {
            tracing::error!(error = %err, "webhook sender cannot build its HTTP client");
            return;
        }
    };
    let mut listener = listen(&pool).await;
    while !shutdown.is_cancelled() {
        let sent = match send_due(&pool, &settings, &key, &client).await {
            Ok(n) => n,
            Err(err) => {
                tracing::warn!(error = %err, "webhook sender interrupted; retrying");
                0
            }
        };
        if sent == CLAIM as usize {
            continue;
        }
        // Sleep until woken, a retry may be due, or shutdown.
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tokio::time::sleep(POLL) => {}
            woke = wait_for_wake(&mut listener) => {
                if !woke {
                    listener = listen(&pool).await;
                }
            }
        }
    }
}

async fn listen(pool: &PgPool) -> Option<PgListener> {
    let mut listener = PgListener::connect_with(pool).await.ok()?;
    listener.listen(crate::WAKE_CHANNEL).await.ok()?;
    Some(listener)
}

/// Waits for a wake-up; `false` when the listener is gone (then polling carries on).
async fn wait_for_wake(listener: &mut Option<PgListener>) -> bool {
    match listener {
        Some(l) => l.recv().await.is_ok(),
        None => std::future::pending().await,
    }
}

/// Claims and sends one round of due deliveries; returns how many.
async fn send_due(
    pool: &PgPool,
    settings: &Settings,
    key: &SealingKey,
    client: &reqwest::Client,
) -> Result<usize, sqlx::Error> {
    let claimed = claim(pool, settings, key).await?;
    let count = claimed.len();
    let sends = claimed.into_iter().map(|c| async move {
        let outcome = attempt(client, settings, &c).await;
        (c, outcome)
    });
    let round = futures::future::join_all(sends).await;
    record(pool, settings, &round).await?;
    Ok(count)
}

async fn claim(
    pool: &PgPool,
    settings: &Settings,
    key: &SealingKey,
) -> Result<Vec<Claimed>, sqlx::Error> {
    // The lease outlasts any attempt (timeout) with a margin for recording it.
    let lease_secs = settings.timeout.as_secs_f64() + 30.0;
    let rows = sqlx::query(
        "with due as (
             select d.delivery_id
             from webhook_delivery d
             join webhook_endpoint e on e.endpoint_id = d.endpoint_id
             where d.status = 'pending' and d.next_attempt_at <= now()
               and (e.enabled or d.event_type = $3)
               and not exists (
                   select 1 from webhook_delivery p
                   where p.endpoint_id = d.endpoint_id and p.ordering_key = d.ordering_key
                     and p.status = 'pending' and p.seq < d.seq)
             order by d.next_attempt_at, d.seq
             limit $1
             for update of d skip locked
         )
         update webhook_delivery w
            set next_attempt_at = now() + make_interval(secs => $2)
           from due, webhook_endpoint e
          where w.delivery_id = due.delivery_id and e.endpoint_id = w.endpoint_id
         returning w.delivery_id, w.endpoint_id, w.body, w.attempts, e.url, e.secret_enc,
                   case when e.previous_secret_until > now() then e.previous_secret_enc end
                       as previous_secret_enc,
                   array(select r.secret_enc from webhook_retired_secret r
                         where r.endpoint_id = e.endpoint_id and r.until > now()
                         order by r.until desc) as retired_secrets_enc",
    )
    .bind(CLAIM)
    .bind(lease_secs)
    .bind(catalog::PING)
    .fetch_all(pool)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let endpoint_id: Uuid = row.try_get("endpoint_id")?;
        let mut secrets = Vec::with_capacity(2);
        let sealed: Vec<u8> = row.try_get("secret_enc")?;
        let previous: Option<Vec<u8>> = row.try_get("previous_secret_enc")?;
        let retired: Vec<Vec<u8>> = row.try_get("retired_secrets_enc")?;
        for sealed in std::iter::once(sealed).chain(previous).chain(retired) {
            match key.open(endpoint_id, &sealed) {
                Ok(secret) => secrets.push(secret),
                Err(err) => {
                    tracing::error!(endpoint = %endpoint_id, error = %err, "webhook secret unusable")
                }
            }
        }
        let body: serde_json::Value = row.try_get("body")?;
        out.push(Claimed {
            delivery_id: row.try_get("delivery_id")?,
            endpoint_id,
            url: row.try_get("url")?,
            body: serde_json::to_vec(&body).unwrap_or_default(),
            attempts: row.try_get("attempts")?,
            secrets,
        });
    }
    Ok(out)
}

/// One HTTP attempt. The URL is checked again (an IP literal cannot pass the resolver),
/// and the resolver refuses private addresses at every attempt.
async fn attempt(client: &reqwest::Client, settings: &Settings, c: &Claimed) -> Outcome {
    let started_at = Utc::now();
    let clock = Instant::now();
    let failed = |error: String| Outcome {
        started_at,
        duration: clock.elapsed(),
        status: None,
        error: Some(error),
    };
    if c.secrets.is_empty() {
        return failed("the endpoint's secret cannot be opened with this server's key".into());
    }
    let url = match settings.policy.check_url(&c.url) {
        Ok(url) => url,
        Err(refusal) => return failed(format!("refused: {refusal}")),
    };
    let webhook_id = delivery_public_id(c.delivery_id);
    let timestamp = started_at.timestamp();
    let secrets: Vec<&SigningSecret> = c.secrets.iter().collect();
    let signature = signature_header(&secrets, &webhook_id, timestamp, &c.body);
    let sent = client
        .post(url)
        .header("content-type", "application/json")
        .header("webhook-id", &webhook_id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .body(c.body.clone())
        .send()
        .await;
    match sent {
        Ok(response) => {
            let status = response.status().as_u16();
            Outcome {
                started_at,
                duration: clock.elapsed(),
                status: Some(status),
                error: (!(200..300).contains(&status))
                    .then(|| format!("the receiver answered {status}")),
            }
        }
        Err(err) => failed(describe(&err)),
    }
}

/// A send error with its causes (the resolver's refusal sits deep in the chain).
fn describe(err: &reqwest::Error) -> String {
    let mut text = if err.is_timeout() {
        "timed out".to_owned()
    } else if err.is_connect() {
        "could not connect".to_owned()
    } else {
        "request failed".to_owned()
    };
    let mut source = std::error::Error::source(err);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text.chars().take(MAX_ERROR_LEN).collect()
}

/// Records one round of attempts and what follows each (delivered, retried later, or
/// failed for good) and the endpoints' failure records (five days of failures disable an
/// endpoint), in one transaction of a few statements whatever the round's size.
async fn record(
    pool: &PgPool,
    settings: &Settings,
    round: &[(Claimed, Outcome)],
) -> Result<(), sqlx::Error> {
    if round.is_empty() {
        return Ok(());
    }
    let mut ids = Vec::with_capacity(round.len());
    let mut attempts = Vec::with_capacity(round.len());
    let mut started = Vec::with_capacity(round.len());
    let mut durations = Vec::with_capacity(round.len());
    let mut codes: Vec<Option<i32>> = Vec::with_capacity(round.len());
    let mut errors: Vec<Option<String>> = Vec::with_capacity(round.len());
    let mut statuses = Vec::with_capacity(round.len());
    let mut waits = Vec::with_capacity(round.len());
    let (mut succeeded, mut failed): (Vec<Uuid>, Vec<Uuid>) = (Vec::new(), Vec::new());
    for (c, outcome) in round {
        let attempt = c.attempts + 1;
        let next_wait = if outcome.succeeded() {
            None
        } else {
            settings
                .schedule
                .after_failure(u32::try_from(attempt).unwrap_or(u32::MAX))
        };
        statuses.push(match (outcome.succeeded(), next_wait) {
            (true, _) => "delivered",
            (false, Some(_)) => "pending",
            (false, None) => "failed",
        });
        waits.push(next_wait.map_or(0.0, |w| w.as_secs_f64()));
        ids.push(c.delivery_id);
        attempts.push(attempt);
        started.push(outcome.started_at);
        durations.push(i32::try_from(outcome.duration.as_millis()).unwrap_or(i32::MAX));
        codes.push(outcome.status.map(i32::from));
        errors.push(outcome.error.clone());
        if outcome.succeeded() {
            succeeded.push(c.endpoint_id);
        } else {
            failed.push(c.endpoint_id);
        }
        if outcome.succeeded() {
            tracing::debug!(delivery = %delivery_public_id(c.delivery_id), "webhook delivered");
        } else {
            tracing::info!(
                delivery = %delivery_public_id(c.delivery_id),
                attempt,
                status = ?outcome.status,
                "webhook attempt failed"
            );
        }
    }
    let mut tx = pool.begin().await?;
    sqlx::query(
        "insert into webhook_attempt (delivery_id, attempt, started_at, duration_ms, status_code,
                                      error)
         select * from unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::int[], $5::int[],
                              $6::text[])
         on conflict do nothing",
    )
    .bind(&ids)
    .bind(&attempts)
    .bind(&started)
    .bind(&durations)
    .bind(&codes)
    .bind(&errors)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "update webhook_delivery d set status = u.status, attempts = u.attempt,
             next_attempt_at = case when u.status = 'pending'
                                    then now() + make_interval(secs => u.wait) end,
             last_attempt_at = u.started, last_status_code = u.code, last_error = u.error,
             last_duration_ms = u.duration
         from unnest($1::uuid[], $2::text[], $3::int[], $4::float8[], $5::timestamptz[],
                     $6::int[], $7::text[], $8::int[])
              as u(id, status, attempt, wait, started, code, error, duration)
         where d.delivery_id = u.id",
    )
    .bind(&ids)
    .bind(&statuses)
    .bind(&attempts)
    .bind(&waits)
    .bind(&started)
    .bind(&codes)
    .bind(&errors)
    .bind(&durations)
    .execute(&mut *tx)
    .await?;
    // An endpoint that took any delivery is not failing; one that took none is, since the
    // first of these failures unless it already was.
    if !succeeded.is_empty() {
        sqlx::query(
            "update webhook_endpoint set failing_since = null
             where endpoint_id = any($1) and failing_since is not null",
        )
        .bind(&succeeded)
        .execute(&mut *tx)
        .await?;
    }
    failed.retain(|id| !succeeded.contains(id));
    if !failed.is_empty() {
        let first = started.iter().min().copied().unwrap_or_else(Utc::now);
        let past_limit: Vec<Uuid> = sqlx::query_scalar::<_, Option<Uuid>>(
            "update webhook_endpoint set failing_since = coalesce(failing_since, $2)
             where endpoint_id = any($1)
             returning case when now() - failing_since >= make_interval(secs => $3)
                            then endpoint_id end",
        )
        .bind(&failed)
        .bind(first)
        .bind(settings.disable_after.as_secs_f64())
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .flatten()
        .collect::<Vec<Uuid>>();
        for endpoint in past_limit {
            disable(&mut tx, endpoint, settings.disable_after).await?;
        }
    }
    tx.commit().await
}

/// Disables an endpoint that failed every attempt for `after`: its pending deliveries end
/// as failed, and its delivery log says why (the account reads it there).
async fn disable(
    tx: &mut sqlx::PgConnection,
    endpoint_id: Uuid,
    after: Duration,
) -> Result<(), sqlx::Error> {
    let days = after.as_secs_f64() / 86_400.0;
    let reason = format!(
        "disabled by the service: every delivery attempt failed for {days:.0} days; fix the receiver and enable it again"
    );
    let row = sqlx::query(
        "update webhook_endpoint set enabled = false, disabled_reason = $2, updated_at = now()
         where endpoint_id = $1 and enabled returning account_id",
    )
    .bind(endpoint_id)
    .bind(&reason)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        return Ok(());
    };
    let account_id: Uuid = row.try_get("account_id")?;
    sqlx::query(
        "update webhook_delivery set status = 'failed', next_attempt_at = null,
             last_error = coalesce(last_error, '') || ' (endpoint disabled)'
         where endpoint_id = $1 and status = 'pending'",
    )
    .bind(endpoint_id)
    .execute(&mut *tx)
    .await?;
    let body = catalog::body(
        catalog::ENDPOINT_DISABLED,
        Utc::now(),
        serde_json::json!({ "webhook_id": crate::store::endpoint_public_id(endpoint_id), "reason": reason }),
    );
    sqlx::query(
        "insert into webhook_delivery (delivery_id, endpoint_id, account_id, event_type,
                                       ordering_key, position, source, body, status, last_error)
         values ($1, $2, $3, $4, $4, 0, $5, $6, 'failed', $7)
         on conflict do nothing",
    )
    .bind(Uuid::now_v7())
    .bind(endpoint_id)
    .bind(account_id)
    .bind(catalog::ENDPOINT_DISABLED)
    .bind(format!("disabled:{}", Uuid::now_v7()))
    .bind(body)
    .bind(&reason)
    .execute(&mut *tx)
    .await?;
    tracing::warn!(endpoint = %endpoint_id, "webhook endpoint disabled after failing for {days:.0} days");
    Ok(())
}
