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
use chrono::{DateTime, Utc};
use nls_events::Envelope;
use nls_readmodel::label_history::{self, LabelHistoryError, LabelStep, Moment};
use nls_readmodel::past::PastError;
use nls_readmodel::printed::PrintedChange;
use nls_web::paging::Cursor;
use nls_web::{ApiError, ApiQuery, Caller, ErrorCode};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::http::QueryState;

/// Versions on a page when the request names no `limit`.
const DEFAULT_PAGE: i64 = 50;
/// The largest `limit` taken.
const MAX_PAGE: i64 = 200;

/// The query string: `include=label`, `limit` and `cursor`, each optional.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct HistoryParams {
    /// Recipes only. `label`: each entry also lists the printed values it changed
    /// (`label_changes`), and entries of type `label.recomputed` show changes the recipe's
    /// custom ingredients and sub-recipes made, with their `cause`.
    #[param(pattern = "^label$")]
    pub include: Option<String>,
    /// Versions on the page (default 50). A request without `limit` and `cursor` gets the
    /// first page.
    #[param(minimum = 1, maximum = 200, default = 50)]
    pub limit: Option<i64>,
    /// `next_cursor` of the previous page (opaque).
    pub cursor: Option<String>,
}

/// A page of a resource's events, oldest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct History {
    pub data: Vec<HistoryEntry>,
    pub id: String,
    /// Pass as `cursor` for the next page; null on the last.
    pub next_cursor: Option<String>,
}

/// One event of a resource's stream, or (`include=label`) a `label.recomputed` entry.
// Members in the order the API has always sent them in (alphabetical, as the JSON objects
// they replaced serialised).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HistoryEntry {
    /// Who wrote it: `key:<API key id>`, or the app session's account.
    pub actor: String,
    /// On a `label.recomputed` entry: the ingredient's or sub-recipe's event that changed
    /// the label.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cause: Option<CauseView>,
    /// The event's payload (`{}` on a `label.recomputed` entry).
    pub changes: Value,
    /// With `include=label`: the printed values this entry changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label_changes: Option<Vec<PrintedChange>>,
    pub occurred_at: DateTime<Utc>,
    /// The `x-request-id` of the request that wrote the event; null for events written
    /// before it was recorded.
    pub request_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema_version: Option<i16>,
    #[serde(rename = "type")]
    pub event_type: String,
    pub version: i64,
}

/// The event of another stream that changed a recipe's label.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CauseView {
    pub id: String,
    #[serde(rename = "type")]
    pub event_type: String,
    pub version: i64,
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

fn entry(e: &Envelope) -> HistoryEntry {
    HistoryEntry {
        actor: e.actor.clone(),
        cause: None,
        changes: e.payload.clone(),
        label_changes: None,
        occurred_at: e.occurred_at,
        request_id: e.request_id.clone(),
        schema_version: Some(e.schema_version),
        event_type: e.event_type.clone(),
        version: e.stream_version,
    }
}

fn label_entries(events: &[Envelope], steps: Vec<LabelStep>) -> Vec<HistoryEntry> {
    steps
        .into_iter()
        .map(|step| match step.moment {
            Moment::Own(i) => HistoryEntry {
                label_changes: Some(step.changes),
                ..entry(&events[i])
            },
            Moment::Cause(cause) => HistoryEntry {
                actor: cause.actor,
                cause: Some(CauseView {
                    id: cause.stream_id,
                    event_type: cause.event_type,
                    version: cause.version,
                }),
                changes: Value::Object(serde_json::Map::new()),
                label_changes: Some(step.changes),
                occurred_at: cause.occurred_at,
                request_id: cause.request_id,
                schema_version: None,
                event_type: "label.recomputed".to_owned(),
                version: step.recipe_version,
            },
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
) -> Result<Json<History>, ApiError> {
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
    let data = if with_label {
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
    Ok(Json(History {
        data,
        id: id.to_owned(),
        next_cursor,
    }))
}

/// A recipe's events
///
/// Events oldest first, each with its `actor` (`key:<API key id>`) and `request_id`,
/// `limit` of the recipe's own versions a page; `next_cursor` continues, null on the last
/// page. A `limit` outside 1 to 200 or a cursor not returned by this API is 400
/// `validation_failed`. With `include=label`, the label's printed values (display strings,
/// percentages, statements, allergens, claims, front-of-pack marks) are compared from entry
/// to entry, for the page's entries only (the first compared with the label just before
/// the page); an ingredient or sub-recipe event that changed nothing printed is not listed,
/// and one that did is a `label.recomputed` entry on the page of the recipe version it
/// followed (so a page may hold more than `limit` entries). 422 `recipe_too_large` when the
/// recipe's history spans more than 200 ingredients and sub-recipes or the page spans more
/// than 1,000 moments.
#[utoipa::path(get, path = "/v1/recipes/{id}/history", tag = "Recipes", operation_id = "recipeHistory",
    params(("id" = String, Path, description = "Id of the recipe (`rcp_...`); another account's id is 404."), HistoryParams),
    responses((status = 200, description = "Events, oldest first.", body = History)),
    security(("apiKey" = []), ("appSession" = [])))]
pub async fn recipe_history(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<HistoryParams>,
) -> Result<Json<History>, ApiError> {
    let wanted = Wanted::of(&params, "recipe")?;
    if nls_events::RecipeId::parse(&id).is_none() {
        return Err(ApiError::not_found("recipe"));
    }
    history(&app, &caller, &id, wanted).await
}

/// An ingredient's events
///
/// Events oldest first, each with its `actor` (`key:<API key id>`) and `request_id`,
/// `limit` versions a page; `next_cursor` continues, null on the last page. A `limit`
/// outside 1 to 200 or a cursor not returned by this API is 400 `validation_failed`.
#[utoipa::path(get, path = "/v1/ingredients/{id}/history", tag = "Ingredients", operation_id = "ingredientHistory",
    params(("id" = String, Path, description = "Id of the ingredient (`ing_...`); another account's id is 404."), nls_web::PageParams),
    responses((status = 200, description = "Events, oldest first.", body = History)),
    security(("apiKey" = []), ("appSession" = [])))]
pub async fn ingredient_history(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<HistoryParams>,
) -> Result<Json<History>, ApiError> {
    let wanted = Wanted::of(&params, "ingredient")?;
    if nls_events::IngredientId::parse(&id).is_none() {
        return Err(ApiError::not_found("ingredient"));
    }
    history(&app, &caller, &id, wanted).await
}
