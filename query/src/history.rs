//! `GET /v1/{recipes|ingredients}/{id}/history`: a stream's events, oldest first.
//! Deleted resources keep their history.

use axum::extract::{Path, State};
use axum::Json;
use nls_web::{ApiError, Caller};
use serde_json::{json, Value};

use crate::http::QueryState;

async fn history(
    app: &QueryState,
    caller: &Caller,
    id: &str,
    what: &str,
) -> Result<Json<Value>, ApiError> {
    let mut conn = app.pool.acquire().await?;
    let events = nls_eventlog::read_stream(&mut *conn, id, 1, i64::MAX).await?;
    if events.first().map(|e| e.account_id) != Some(caller.account_id) {
        return Err(ApiError::not_found(what));
    }
    let data: Vec<Value> = events
        .iter()
        .map(|e| {
            json!({
                "version": e.stream_version,
                "type": e.event_type,
                "schema_version": e.schema_version,
                "occurred_at": e.occurred_at,
                "actor": e.actor,
                "request_id": e.request_id,
                "changes": e.payload,
            })
        })
        .collect();
    Ok(Json(json!({ "id": id, "data": data })))
}

pub async fn recipe_history(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    if nls_events::RecipeId::parse(&id).is_none() {
        return Err(ApiError::not_found("recipe"));
    }
    history(&app, &caller, &id, "recipe").await
}

pub async fn ingredient_history(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    if nls_events::IngredientId::parse(&id).is_none() {
        return Err(ApiError::not_found("ingredient"));
    }
    history(&app, &caller, &id, "ingredient").await
}
