//! `GET /v1/{recipes|ingredients}/{id}/history`: a stream's events, oldest first, each
//! with its actor and request id. Deleted resources keep their history. A recipe's
//! history with `?include=label` also says what each version changed on the printed label
//! and adds `label.recomputed` entries for changes its ingredients and sub-recipes made
//! ([`nls_readmodel::label_history`]).

use axum::extract::{Path, State};
use axum::Json;
use nls_events::Envelope;
use nls_readmodel::label_history::{self, LabelHistoryError, LabelStep, Moment};
use nls_readmodel::past::PastError;
use nls_web::{ApiError, ApiQuery, Caller, ErrorCode};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::http::QueryState;

/// The query string: `include=label` or nothing.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HistoryParams {
    pub include: Option<String>,
}

impl HistoryParams {
    fn with_label(&self, what: &str) -> Result<bool, ApiError> {
        match self.include.as_deref().map(str::trim) {
            None | Some("") => Ok(false),
            Some("label") if what == "recipe" => Ok(true),
            Some("label") => Err(ApiError::validation(
                "include",
                "only a recipe's history includes its label",
            )),
            Some(_) => Err(ApiError::validation("include", "must be `label`")),
        }
    }
}

fn entry(e: &Envelope) -> Value {
    json!({
        "version": e.stream_version,
        "type": e.event_type,
        "schema_version": e.schema_version,
        "occurred_at": e.occurred_at,
        "actor": e.actor,
        "request_id": e.request_id,
        "changes": e.payload,
    })
}

fn label_entries(events: &[Envelope], steps: Vec<LabelStep>) -> Vec<Value> {
    steps
        .into_iter()
        .map(|step| match step.moment {
            Moment::Own(i) => {
                let mut value = entry(&events[i]);
                value["label_changes"] = json!(step.changes);
                value
            }
            Moment::Cause(cause) => json!({
                "version": step.recipe_version,
                "type": "label.recomputed",
                "occurred_at": cause.occurred_at,
                "actor": cause.actor,
                "request_id": cause.request_id,
                "changes": {},
                "cause": {
                    "type": cause.event_type,
                    "id": cause.stream_id,
                    "version": cause.version,
                },
                "label_changes": step.changes,
            }),
        })
        .collect()
}

async fn history(
    app: &QueryState,
    caller: &Caller,
    id: &str,
    what: &str,
    with_label: bool,
) -> Result<Json<Value>, ApiError> {
    let mut conn = app.pool.acquire().await?;
    let events = nls_eventlog::read_stream(&mut *conn, id, 1, i64::MAX).await?;
    if events.first().map(|e| e.account_id) != Some(caller.account_id) {
        return Err(ApiError::not_found(what));
    }
    let data: Vec<Value> = if with_label {
        let steps = label_history::label_history(&mut conn, caller.account_id, id, &events)
            .await
            .map_err(|err| match err {
                LabelHistoryError::Past(PastError::Failed(cause)) => ApiError::internal(cause),
                LabelHistoryError::Past(other) => ApiError::internal(other),
                too_much => ApiError::new(ErrorCode::RecipeTooLarge, too_much.to_string()),
            })?;
        label_entries(&events, steps)
    } else {
        events.iter().map(entry).collect()
    };
    Ok(Json(json!({ "id": id, "data": data })))
}

pub async fn recipe_history(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<HistoryParams>,
) -> Result<Json<Value>, ApiError> {
    let with_label = params.with_label("recipe")?;
    if nls_events::RecipeId::parse(&id).is_none() {
        return Err(ApiError::not_found("recipe"));
    }
    history(&app, &caller, &id, "recipe", with_label).await
}

pub async fn ingredient_history(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<HistoryParams>,
) -> Result<Json<Value>, ApiError> {
    let with_label = params.with_label("ingredient")?;
    if nls_events::IngredientId::parse(&id).is_none() {
        return Err(ApiError::not_found("ingredient"));
    }
    history(&app, &caller, &id, "ingredient", with_label).await
}
