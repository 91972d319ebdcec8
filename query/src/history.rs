//! `GET /v1/{recipes|ingredients}/{id}/history`: a stream's events, oldest first, each
//! with its actor and request id. Deleted resources keep their history. A recipe's
//! history with `?include=label` also says what each version changed on the printed label
//! and adds `label.recomputed` entries for changes its ingredients and sub-recipes made
//! ([`nls_readmodel::label_history`]).
//!
//! Paged by the stream's own versions (API_DECISIONS §8's `limit` and `cursor`, default
//! 50, at most 200): a request without them gets the first page and a `next_cursor`. A
//! page's `label.recomputed` entries are those that follow its versions, so only the
//! page's labels are derived (a whole long history cost a second of CPU per request).

use axum::extract::{Path, State};
use axum::Json;
use nls_events::Envelope;
use nls_readmodel::label_history::{self, LabelHistoryError, LabelStep, Moment};
use nls_readmodel::past::PastError;
use nls_web::paging::Cursor;
use nls_web::{ApiError, ApiQuery, Caller, ErrorCode};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::http::QueryState;

/// Versions on a page when the request names no `limit`.
const DEFAULT_PAGE: i64 = 50;
/// The largest `limit` taken.
const MAX_PAGE: i64 = 200;

/// The query string: `include=label`, `limit` and `cursor`, each optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HistoryParams {
    pub include: Option<String>,
    pub limit: Option<i64>,
    pub cursor: Option<String>,
}

impl HistoryParams {
    /// Versions on the page: default 50, 1 to 200.
    fn page_size(&self) -> Result<i64, ApiError> {
        match self.limit {
            None => Ok(DEFAULT_PAGE),
            Some(n) if (1..=MAX_PAGE).contains(&n) => Ok(n),
            Some(_) => Err(ApiError::validation(
                "limit",
                format!("must be between 1 and {MAX_PAGE}"),
            )),
        }
    }

    /// The last version of the previous page (0 for the first page).
    fn after(&self) -> Result<i64, ApiError> {
        let Some(raw) = self.cursor.as_deref() else {
            return Ok(0);
        };
        Cursor::decode(raw)?
            .parse::<i64>()
            .ok()
            .filter(|v| *v >= 1)
            .ok_or_else(|| ApiError::validation("cursor", "not a cursor returned by this API"))
    }

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

/// What a history request asks for, validated.
struct Wanted<'a> {
    what: &'a str,
    with_label: bool,
    limit: i64,
    after: i64,
}

impl<'a> Wanted<'a> {
    fn of(params: &HistoryParams, what: &'a str) -> Result<Self, ApiError> {
        Ok(Self {
            what,
            with_label: params.with_label(what)?,
            limit: params.page_size()?,
            after: params.after()?,
        })
    }
}

async fn history(
    app: &QueryState,
    caller: &Caller,
    id: &str,
    wanted: Wanted<'_>,
) -> Result<Json<Value>, ApiError> {
    let Wanted {
        what,
        with_label,
        limit,
        after,
    } = wanted;
    let mut conn = app.pool.acquire().await?;
    // The page's versions plus its neighbours: the one before (the label the page starts
    // from) and the one after (where its last entries end, and whether there is more).
    let from = after.max(1);
    let mut events =
        nls_eventlog::read_stream(&mut *conn, id, from, after.saturating_add(limit + 1)).await?;
    // A stream belongs to one account; a cursor past the end finds nothing, like an id.
    if events.is_empty() || events.iter().any(|e| e.account_id != caller.account_id) {
        return Err(ApiError::not_found(what));
    }
    let before = (after >= 1).then(|| events.remove(0));
    let page_len = usize::try_from(limit).unwrap_or(usize::MAX);
    let next = if events.len() > page_len {
        events.pop()
    } else {
        None
    };
    let Some(last) = events.last() else {
        // The cursor named the stream's last version: no page follows it.
        return Err(ApiError::not_found(what));
    };
    let next_cursor = next
        .is_some()
        .then(|| Cursor::encode(&last.stream_version.to_string()));
    let data: Vec<Value> = if with_label {
        let steps = label_history::label_history_page(
            &mut conn,
            caller.account_id,
            id,
            before.as_ref(),
            &events,
            next.as_ref(),
        )
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
    Ok(Json(
        json!({ "id": id, "data": data, "next_cursor": next_cursor }),
    ))
}

pub async fn recipe_history(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<HistoryParams>,
) -> Result<Json<Value>, ApiError> {
    let wanted = Wanted::of(&params, "recipe")?;
    if nls_events::RecipeId::parse(&id).is_none() {
        return Err(ApiError::not_found("recipe"));
    }
    history(&app, &caller, &id, wanted).await
}

pub async fn ingredient_history(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<HistoryParams>,
) -> Result<Json<Value>, ApiError> {
    let wanted = Wanted::of(&params, "ingredient")?;
    if nls_events::IngredientId::parse(&id).is_none() {
        return Err(ApiError::not_found("ingredient"));
    }
    history(&app, &caller, &id, wanted).await
}
