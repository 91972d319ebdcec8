//! `/v1/webhooks`: an account's endpoints (Business plan), their secrets, test pings and
//! delivery log.

use axum::extract::{FromRef, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::Utc;
use nls_web::json::{ApiJson, ApiQuery, JsonFields};
use nls_web::paging::{ListParams, Page};
use nls_web::{ApiError, Caller, ErrorCode};
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::{PgPool, Row};
use uuid::Uuid;

use crate::catalog::{self, SUBSCRIBABLE};
use crate::crypto::SealingKey;
use crate::signing::SigningSecret;
use crate::store::{
    self, Attempt, Delivery, Endpoint, NewDelivery, DELIVERY_COLUMNS, DELIVERY_PREFIX,
    ENDPOINT_COLUMNS, ENDPOINT_PREFIX,
};
use crate::WebhookState;

/// Most endpoints one account may register.
pub const MAX_ENDPOINTS: i64 = 20;
/// Longest description.
const MAX_DESCRIPTION: usize = 500;
/// How long the previous secret keeps signing after a rotation.
pub const ROTATION_OVERLAP_HOURS: i64 = 24;

pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    WebhookState: FromRef<S>,
    PgPool: FromRef<S>,
{
    Router::new()
        .route("/v1/webhooks", post(create).get(list))
        .route(
            "/v1/webhooks/{id}",
            get(show).put(update).delete(delete_endpoint),
        )
        .route("/v1/webhooks/{id}/rotate-secret", post(rotate_secret))
        .route("/v1/webhooks/{id}/test", post(test_ping))
        .route("/v1/webhooks/{id}/deliveries", get(deliveries))
        .route(
            "/v1/webhooks/{id}/deliveries/{delivery_id}/retry",
            post(retry_delivery),
        )
}

#[derive(Debug, Deserialize)]
struct CreateBody {
    url: String,
    events: Vec<String>,
    #[serde(default)]
    description: Option<String>,
}

impl JsonFields for CreateBody {
    const ACCEPTED: &'static [&'static str] = &["url", "events", "description"];
}

#[derive(Debug, Deserialize)]
struct UpdateBody {
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    events: Option<Vec<String>>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    enabled: Option<bool>,
}

impl JsonFields for UpdateBody {
    const ACCEPTED: &'static [&'static str] = &["url", "events", "description", "enabled"];
    // A client may send back the representation it read.
    const IGNORED: &'static [&'static str] = &[
        "id",
        "disabled_reason",
        "failing_since",
        "previous_secret_expires_at",
        "created_at",
        "updated_at",
    ];
}

/// Webhooks need the Business plan.
fn entitled(caller: &Caller) -> Result<(), ApiError> {
    if caller.plan.webhooks {
        Ok(())
    } else {
        Err(ApiError::new(
            ErrorCode::PlanFeatureNotAllowed,
            "webhooks need the Business plan",
        ))
    }
}

/// The operator's sealing key; without it no secret can be stored or used.
fn sealing_key(state: &WebhookState) -> Result<&SealingKey, ApiError> {
    state.settings.key.as_ref().ok_or_else(|| {
        ApiError::new(
            ErrorCode::Unavailable,
            "webhooks are not configured on this server (the operator sets NLS_WEBHOOK_KEY)",
        )
    })
}

fn endpoint_id(raw: &str) -> Result<Uuid, ApiError> {
    store::parse_public_id(raw, ENDPOINT_PREFIX).ok_or_else(|| ApiError::not_found("webhook"))
}

async fn checked_url(state: &WebhookState, raw: &str) -> Result<String, ApiError> {
    crate::client::check_destination(state.settings.policy, raw.trim())
        .await
        .map(|url| url.to_string())
        .map_err(|refusal| ApiError::validation("url", refusal.to_string()))
}

fn checked_events(events: &[String]) -> Result<Vec<String>, ApiError> {
    if events.is_empty() {
        return Err(ApiError::validation(
            "events",
            format!("must name at least one of {}", SUBSCRIBABLE.join(", ")),
        ));
    }
    let mut out = Vec::with_capacity(events.len());
    for (i, event) in events.iter().enumerate() {
        if !SUBSCRIBABLE.contains(&event.as_str()) {
            return Err(ApiError::validation(
                &format!("events[{i}]"),
                format!("unknown event type; one of {}", SUBSCRIBABLE.join(", ")),
            ));
        }
        if !out.contains(event) {
            out.push(event.clone());
        }
    }
    Ok(out)
}

fn checked_description(text: Option<&str>) -> Result<String, ApiError> {
    let text = text.unwrap_or("").trim();
    if text.chars().count() > MAX_DESCRIPTION {
        return Err(ApiError::validation(
            "description",
            format!("must be at most {MAX_DESCRIPTION} characters"),
        ));
    }
    if let Some(c) = nls_web::text::first_unprintable(text) {
        return Err(ApiError::validation(
            "description",
            nls_web::text::unprintable_problem(c),
        ));
    }
    Ok(text.to_owned())
}

async fn find(pool: &PgPool, caller: &Caller, id: Uuid) -> Result<Endpoint, ApiError> {
    let row = sqlx::query(&format!(
        "select {ENDPOINT_COLUMNS} from webhook_endpoint where endpoint_id = $1 and account_id = $2"
    ))
    .bind(id)
    .bind(caller.account_id)
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| ApiError::not_found("webhook"))?;
    Ok(Endpoint::from_row(&row)?)
}

fn with_location(status: StatusCode, endpoint: &Endpoint, body: Value) -> Response {
    (
        status,
        [(header::LOCATION, format!("/v1/webhooks/{}", endpoint.id))],
        Json(body),
    )
        .into_response()
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn create(
    State(state): State<WebhookState>,
    caller: Caller,
    body: ApiJson<CreateBody>,
) -> Result<Response, ApiError> {
    entitled(&caller)?;
    let body = body.value;
    let events = checked_events(&body.events)?;
    let description = checked_description(body.description.as_deref())?;
    let url = checked_url(&state, &body.url).await?;
    let key = sealing_key(&state)?;
    let id = Uuid::now_v7();
    let secret = SigningSecret::generate();
    // The count and the insert in one statement, so concurrent creates cannot pass the cap.
    let row = sqlx::query(&format!(
        "insert into webhook_endpoint (endpoint_id, account_id, url, description, events,
                                       secret_enc)
         select $1, $2, $3, $4, $5, $6
         where (select count(*) from webhook_endpoint where account_id = $2) < $7
         returning {ENDPOINT_COLUMNS}"
    ))
    .bind(id)
    .bind(caller.account_id)
    .bind(&url)
    .bind(&description)
    .bind(&events)
    .bind(key.seal(id, &secret))
    .bind(MAX_ENDPOINTS)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| {
        ApiError::validation(
            "url",
            format!("an account may have at most {MAX_ENDPOINTS} webhook endpoints"),
        )
    })?;
    let endpoint = Endpoint::from_row(&row)?;
    tracing::info!(endpoint = %endpoint.id, "webhook endpoint created");
    let mut body = serde_json::to_value(&endpoint).map_err(ApiError::internal)?;
    body["secret"] = json!(secret.reveal());
    Ok(with_location(StatusCode::CREATED, &endpoint, body))
}

async fn list(
    State(state): State<WebhookState>,
    caller: Caller,
) -> Result<Json<Page<Endpoint>>, ApiError> {
    entitled(&caller)?;
    let rows = sqlx::query(&format!(
        "select {ENDPOINT_COLUMNS} from webhook_endpoint where account_id = $1
         order by endpoint_id"
    ))
    .bind(caller.account_id)
    .fetch_all(&state.pool)
    .await?;
    let data = rows
        .iter()
        .map(Endpoint::from_row)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Json(Page {
        data,
        next_cursor: None,
    }))
}

async fn show(
    State(state): State<WebhookState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<Endpoint>, ApiError> {
    entitled(&caller)?;
    Ok(Json(find(&state.pool, &caller, endpoint_id(&id)?).await?))
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn update(
    State(state): State<WebhookState>,
    caller: Caller,
    Path(id): Path<String>,
    body: ApiJson<UpdateBody>,
) -> Result<Json<Endpoint>, ApiError> {
    entitled(&caller)?;
    let id = endpoint_id(&id)?;
    let body = body.value;
    let url = match &body.url {
        Some(raw) => Some(checked_url(&state, raw).await?),
        None => None,
    };
    let events = body.events.as_deref().map(checked_events).transpose()?;
    let description = body
        .description
        .as_deref()
        .map(|d| checked_description(Some(d)))
        .transpose()?;
    // Enabling again clears the failure record: the account says the receiver is back.
    let row = sqlx::query(&format!(
        "update webhook_endpoint set
             url = coalesce($3, url),
             events = coalesce($4, events),
             description = coalesce($5, description),
             enabled = coalesce($6, enabled),
             failing_since = case when $6 then null else failing_since end,
             disabled_reason = case when $6 then null else disabled_reason end,
             updated_at = now()
         where endpoint_id = $1 and account_id = $2
         returning {ENDPOINT_COLUMNS}"
    ))
    .bind(id)
    .bind(caller.account_id)
    .bind(url)
    .bind(events)
    .bind(description)
    .bind(body.enabled)
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(|| ApiError::not_found("webhook"))?;
    Ok(Json(Endpoint::from_row(&row)?))
}

async fn delete_endpoint(
    State(state): State<WebhookState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    entitled(&caller)?;
    let deleted =
        sqlx::query("delete from webhook_endpoint where endpoint_id = $1 and account_id = $2")
            .bind(endpoint_id(&id)?)
            .bind(caller.account_id)
            .execute(&state.pool)
            .await?
            .rows_affected();
    if deleted == 0 {
        return Err(ApiError::not_found("webhook"));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// A new secret; the current one keeps signing beside it for 24 hours, so receivers can
/// switch without losing a delivery, and every earlier one keeps its own 24 hours.
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn rotate_secret(
    State(state): State<WebhookState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    entitled(&caller)?;
    let id = endpoint_id(&id)?;
    find(&state.pool, &caller, id).await?;
    let key = sealing_key(&state)?;
    let secret = SigningSecret::generate();
    // The secret retired by the last rotation, if it still signs, keeps its own time among
    // the older ones; the current one becomes the previous (issue 28: a second rotation
    // dropped the first secret at once).
    let mut tx = state.pool.begin().await?;
    sqlx::query(
        "insert into webhook_retired_secret (endpoint_id, secret_enc, until)
         select endpoint_id, previous_secret_enc, previous_secret_until from webhook_endpoint
         where endpoint_id = $1 and account_id = $2
           and previous_secret_enc is not null and previous_secret_until > now()",
    )
    .bind(id)
    .bind(caller.account_id)
    .execute(&mut *tx)
    .await?;
    let row = sqlx::query(&format!(
        "update webhook_endpoint set
             previous_secret_enc = secret_enc,
             previous_secret_until = now() + make_interval(hours => $4),
             secret_enc = $3,
             updated_at = now()
         where endpoint_id = $1 and account_id = $2
         returning {ENDPOINT_COLUMNS}"
    ))
    .bind(id)
    .bind(caller.account_id)
    .bind(key.seal(id, &secret))
    .bind(i32::try_from(ROTATION_OVERLAP_HOURS).unwrap_or(24))
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| ApiError::not_found("webhook"))?;
    tx.commit().await?;
    let endpoint = Endpoint::from_row(&row)?;
    tracing::info!(endpoint = %endpoint.id, "webhook secret rotated");
    let mut body = serde_json::to_value(&endpoint).map_err(ApiError::internal)?;
    body["secret"] = json!(secret.reveal());
    Ok(Json(body).into_response())
}

/// Queues a `ping` to the endpoint, whatever it subscribes to and even when disabled
/// (the account may be checking the receiver before enabling it again).
async fn test_ping(
    State(state): State<WebhookState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    entitled(&caller)?;
    let endpoint = find(&state.pool, &caller, endpoint_id(&id)?).await?;
    sealing_key(&state)?;
    let raw_id = endpoint_id(&endpoint.id)?;
    let body = catalog::body(
        catalog::PING,
        Utc::now(),
        json!({ "webhook_id": endpoint.id }),
    );
    let mut tx = state.pool.begin().await?;
    let delivery = store::insert_delivery(
        &mut *tx,
        &NewDelivery {
            endpoint_id: raw_id,
            account_id: caller.account_id,
            event_type: catalog::PING,
            ordering_key: catalog::PING,
            position: 0,
            source: format!("ping:{}", Uuid::now_v7()),
            body: &body,
        },
    )
    .await?
    .ok_or_else(|| ApiError::internal(sqlx::Error::RowNotFound))?;
    store::wake_senders(&mut *tx).await?;
    tx.commit().await?;
    let shown = delivery_by_id(&state.pool, raw_id, delivery).await?;
    Ok((StatusCode::ACCEPTED, Json(shown)).into_response())
}

async fn delivery_by_id(pool: &PgPool, endpoint: Uuid, id: Uuid) -> Result<Delivery, ApiError> {
    let row = sqlx::query(&format!(
        "select {DELIVERY_COLUMNS} from webhook_delivery where delivery_id = $1 and endpoint_id = $2"
    ))
    .bind(id)
    .bind(endpoint)
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| ApiError::not_found("delivery"))?;
    let mut delivery = Delivery::from_row(&row)?;
    delivery.attempt_log = attempts_of(pool, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default();
    Ok(delivery)
}

async fn attempts_of(
    pool: &PgPool,
    ids: &[Uuid],
) -> Result<std::collections::HashMap<Uuid, Vec<Attempt>>, sqlx::Error> {
    let rows = sqlx::query(
        "select delivery_id, attempt, started_at, duration_ms, status_code, error
         from webhook_attempt where delivery_id = any($1) order by delivery_id, attempt",
    )
    .bind(ids)
    .fetch_all(pool)
    .await?;
    let mut out: std::collections::HashMap<Uuid, Vec<Attempt>> = Default::default();
    for row in rows {
        out.entry(row.try_get("delivery_id")?)
            .or_default()
            .push(Attempt {
                attempt: row.try_get("attempt")?,
                started_at: row.try_get("started_at")?,
                duration_ms: row.try_get("duration_ms")?,
                response_status: row.try_get("status_code")?,
                error: row.try_get("error")?,
            });
    }
    Ok(out)
}

/// The endpoint's delivery log, newest first, with each attempt.
async fn deliveries(
    State(state): State<WebhookState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<ListParams>,
) -> Result<Json<Page<Delivery>>, ApiError> {
    entitled(&caller)?;
    let endpoint = find(&state.pool, &caller, endpoint_id(&id)?).await?;
    let raw_id = endpoint_id(&endpoint.id)?;
    let limit = params.page_size()?;
    // The cursor is the last delivery's id: ids are UUIDv7, so newest first is id order.
    let after = params
        .after()?
        .map(|c| {
            store::parse_public_id(&c, DELIVERY_PREFIX)
                .ok_or_else(|| ApiError::validation("cursor", "not a cursor returned by this API"))
        })
        .transpose()?;
    let rows = sqlx::query(&format!(
        "select {DELIVERY_COLUMNS} from webhook_delivery
         where endpoint_id = $1 and ($2::uuid is null or delivery_id < $2)
         order by delivery_id desc limit $3"
    ))
    .bind(raw_id)
    .bind(after)
    .bind(limit + 1)
    .fetch_all(&state.pool)
    .await?;
    let mut data = rows
        .iter()
        .map(Delivery::from_row)
        .collect::<Result<Vec<_>, _>>()?;
    let ids: Vec<Uuid> = data
        .iter()
        .filter_map(|d| store::parse_public_id(&d.id, DELIVERY_PREFIX))
        .collect();
    let mut attempts = attempts_of(&state.pool, &ids).await?;
    for d in &mut data {
        if let Some(id) = store::parse_public_id(&d.id, DELIVERY_PREFIX) {
            d.attempt_log = attempts.remove(&id).unwrap_or_default();
        }
    }
    Ok(Json(Page::from_rows(data, limit, |d| d.id.clone())))
}

/// Sends a delivery again now, whatever its state (one more attempt, with the same
/// `webhook-id`; failing, it follows the schedule where attempts remain).
async fn retry_delivery(
    State(state): State<WebhookState>,
    caller: Caller,
    Path((id, delivery_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    entitled(&caller)?;
    let endpoint = find(&state.pool, &caller, endpoint_id(&id)?).await?;
    sealing_key(&state)?;
    let raw_endpoint = endpoint_id(&endpoint.id)?;
    let delivery = store::parse_public_id(&delivery_id, DELIVERY_PREFIX)
        .ok_or_else(|| ApiError::not_found("delivery"))?;
    let mut tx = state.pool.begin().await?;
    let updated = sqlx::query(
        "update webhook_delivery set status = 'pending', next_attempt_at = now()
         where delivery_id = $1 and endpoint_id = $2 and event_type <> $3",
    )
    .bind(delivery)
    .bind(raw_endpoint)
    .bind(catalog::ENDPOINT_DISABLED)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if updated == 0 {
        return Err(ApiError::not_found("delivery"));
    }
    store::wake_senders(&mut *tx).await?;
    tx.commit().await?;
    let shown = delivery_by_id(&state.pool, raw_endpoint, delivery).await?;
    Ok((StatusCode::ACCEPTED, Json(shown)).into_response())
}
