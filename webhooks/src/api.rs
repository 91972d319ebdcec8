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
use serde::{Deserialize, Serialize};
use serde_json::json;
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

/// The operations of [`router`].
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    create,
    list,
    show,
    update,
    delete_endpoint,
    rotate_secret,
    test_ping,
    deliveries,
    retry_delivery
))]
pub struct Api;

/// What every webhook operation's description says.
const ABOUT: &str = "Business plan. Each delivery is `POST`ed as JSON `{\"type\", \"timestamp\", \"data\"}`, signed per the Standard Webhooks specification: `webhook-id` (the same on every attempt of one delivery), `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of \"{id}.{timestamp}.{body}\" under the secret's bytes>` (after a rotation, a second `v1,` entry signed with the old secret, space-separated, for 24 hours). Types: `label.changed` (exactly when a recipe's printed label changes, whatever caused it: `data` has `recipe_id`, `recipe_name`, `format`, `version_before`, `version_after`, `changes: [{field, before, after}]` over printed values, and `cause: {type, id, version}`), `recipe.created`, `recipe.updated`, `recipe.deleted`, `ingredient.updated`, `embed.disabled`, and `ping`. 2xx is success; no redirect is followed; 10 s per attempt; failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 14 h, in order per recipe; an endpoint whose every attempt fails for 5 days is disabled (`disabled_reason`, and an `endpoint.disabled` entry in its delivery log). URLs must be https and may not reach private, loopback, link-local or metadata addresses, checked when saved and after DNS resolution at every attempt. 503 `unavailable` when the operator has not configured webhooks.";

/// An endpoint with its signing secret, shown once: when it is created and rotated.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = WebhookWithSecret)]
struct WithSecret {
    #[serde(flatten)]
    endpoint: Endpoint,
    /// `whsec_` + base64 of 32 random bytes; the HMAC key is the decoded bytes. Shown once;
    /// stored encrypted.
    #[schema(pattern = "^whsec_")]
    secret: String,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = WebhookCreate)]
struct CreateBody {
    #[schema(max_length = 2048)]
    url: String,
    /// Event types: `label.changed`, `recipe.created`, `recipe.updated`, `recipe.deleted`,
    /// `ingredient.updated`, `embed.disabled`.
    #[schema(min_items = 1)]
    events: Vec<String>,
    #[serde(default)]
    #[schema(max_length = 500)]
    description: Option<String>,
}

impl JsonFields for CreateBody {
    const ACCEPTED: &'static [&'static str] = &["url", "events", "description"];
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = WebhookUpdate)]
struct UpdateBody {
    #[serde(default)]
    #[schema(max_length = 2048)]
    url: Option<String>,
    #[serde(default)]
    #[schema(min_items = 1)]
    events: Option<Vec<String>>,
    #[serde(default)]
    #[schema(max_length = 500)]
    description: Option<String>,
    /// `true` also clears a failure record.
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

fn with_location(status: StatusCode, body: WithSecret) -> Response {
    (
        status,
        [(
            header::LOCATION,
            format!("/v1/webhooks/{}", body.endpoint.id),
        )],
        Json(body),
    )
        .into_response()
}

/// Register a webhook endpoint (its signing secret is shown once)
#[utoipa::path(post, path = "/v1/webhooks", tag = "Webhooks", operation_id = "createWebhook",
    description = ABOUT,
    request_body(content = CreateBody, examples(("example" = (value = json!({"url": "https://example.com/nls-hooks", "events": ["label.changed"], "description": "Packaging workflow"}))))),
    responses(
        (status = 201, description = "The endpoint, with its `secret` (shown this once).", body = WithSecret,
            headers(("Location" = String, description = "URL of the endpoint."))),
    ),
    security(("apiKey" = []), ("appSession" = [])))]
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
    let body = WithSecret {
        endpoint,
        secret: secret.reveal(),
    };
    Ok(with_location(StatusCode::CREATED, body))
}

/// List webhook endpoints
#[utoipa::path(get, path = "/v1/webhooks", tag = "Webhooks", operation_id = "listWebhooks",
    description = ABOUT,
    responses((status = 200, description = "Every endpoint of the account.", body = Page<Endpoint>)),
    security(("apiKey" = []), ("appSession" = [])))]
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

/// One webhook endpoint
#[utoipa::path(get, path = "/v1/webhooks/{id}", tag = "Webhooks", operation_id = "getWebhook",
    description = ABOUT,
    params(("id" = String, Path, description = "Id of the webhook endpoint (`whe_...`); another account's id is 404.", example = "whe_01962d3b6a8c7f0e9d2b4c5a6e7f8091")),
    responses((status = 200, description = "The endpoint.", body = Endpoint)),
    security(("apiKey" = []), ("appSession" = [])))]
async fn show(
    State(state): State<WebhookState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<Endpoint>, ApiError> {
    entitled(&caller)?;
    Ok(Json(find(&state.pool, &caller, endpoint_id(&id)?).await?))
}

/// Change a webhook endpoint (partial)
#[utoipa::path(put, path = "/v1/webhooks/{id}", tag = "Webhooks", operation_id = "updateWebhook",
    description = ABOUT,
    params(("id" = String, Path, description = "Id of the webhook endpoint (`whe_...`); another account's id is 404.", example = "whe_01962d3b6a8c7f0e9d2b4c5a6e7f8091")),
    request_body(content = UpdateBody, examples(("example" = (value = json!({"enabled": true}))))),
    responses((status = 200, description = "The endpoint as changed.", body = Endpoint)),
    security(("apiKey" = []), ("appSession" = [])))]
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

/// Delete a webhook endpoint and its delivery log
#[utoipa::path(delete, path = "/v1/webhooks/{id}", tag = "Webhooks", operation_id = "deleteWebhook",
    description = ABOUT,
    params(("id" = String, Path, description = "Id of the webhook endpoint (`whe_...`); another account's id is 404.", example = "whe_01962d3b6a8c7f0e9d2b4c5a6e7f8091")),
    responses((status = 204, description = "Deleted; no body.")),
    security(("apiKey" = []), ("appSession" = [])))]
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

/// A new signing secret; the old one keeps signing for 24 hours
///
/// The current secret keeps signing beside the new one for 24 hours, so receivers can
/// switch without losing a delivery, and every earlier one keeps its own 24 hours.
#[utoipa::path(post, path = "/v1/webhooks/{id}/rotate-secret", tag = "Webhooks", operation_id = "rotateWebhookSecret",
    params(("id" = String, Path, description = "Id of the webhook endpoint (`whe_...`); another account's id is 404.", example = "whe_01962d3b6a8c7f0e9d2b4c5a6e7f8091")),
    responses((status = 200, description = "The endpoint with its new `secret` (shown this once).", body = WithSecret)),
    security(("apiKey" = []), ("appSession" = [])))]
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
    Ok(Json(WithSecret {
        endpoint,
        secret: secret.reveal(),
    })
    .into_response())
}

/// Send a ping event
///
/// Queues a `ping` to the endpoint, whatever it subscribes to and even when disabled (the
/// account may be checking the receiver before enabling it again).
#[utoipa::path(post, path = "/v1/webhooks/{id}/test", tag = "Webhooks", operation_id = "testWebhook",
    params(("id" = String, Path, description = "Id of the webhook endpoint (`whe_...`); another account's id is 404.", example = "whe_01962d3b6a8c7f0e9d2b4c5a6e7f8091")),
    responses((status = 202, description = "The delivery, queued.", body = Delivery)),
    security(("apiKey" = []), ("appSession" = [])))]
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

/// The endpoint's deliveries and their attempts, newest first
#[utoipa::path(get, path = "/v1/webhooks/{id}/deliveries", tag = "Webhooks", operation_id = "listWebhookDeliveries",
    description = ABOUT,
    params(("id" = String, Path, description = "Id of the webhook endpoint (`whe_...`); another account's id is 404.", example = "whe_01962d3b6a8c7f0e9d2b4c5a6e7f8091"), nls_web::PageParams),
    responses((status = 200, description = "A page of deliveries, newest first.", body = Page<Delivery>)),
    security(("apiKey" = []), ("appSession" = [])))]
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

/// Send one delivery again
///
/// Sends a delivery again now, whatever its state (one more attempt, with the same
/// `webhook-id`; failing, it follows the schedule where attempts remain).
#[utoipa::path(post, path = "/v1/webhooks/{id}/deliveries/{delivery_id}/retry", tag = "Webhooks", operation_id = "retryWebhookDelivery",
    params(("id" = String, Path, description = "Id of the webhook endpoint (`whe_...`); another account's id is 404.", example = "whe_01962d3b6a8c7f0e9d2b4c5a6e7f8091"), ("delivery_id" = String, Path, description = "Id of the delivery (`msg_...`, its `webhook-id`).")),
    responses((status = 202, description = "The delivery, queued.", body = Delivery)),
    security(("apiKey" = []), ("appSession" = [])))]
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
