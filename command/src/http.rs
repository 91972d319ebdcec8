//! Routes of the command role: where typed outcomes become status codes (201 with
//! `Location` for a create, 200 for an update, 204 for a delete, all but deletes with the
//! version as `ETag`) and refusals become the JSON error body (through `ApiError`).

use axum::extract::{FromRef, Path, Request, State};
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{post, put};
use axum::Router;
use nls_web::{ApiError, ApiJson, ApiQuery, Caller, ErrorCode, IdempotencyKey, IfMatch, Versioned};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::requests::{IngredientBody, RecipeBody};
use crate::service::{CommandState, Created, Deleted, Idempotency, Updated};

/// The write routes. Method routers are merged with the query role's by the caller.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    CommandState: FromRef<S>,
    PgPool: FromRef<S>,
{
    Router::new()
        .route("/v1/recipes", post(create_recipe))
        .route("/v1/recipes/{id}", put(update_recipe).delete(delete_recipe))
        .route("/v1/imports", post(import))
        .route("/v1/ingredients", post(create_ingredient))
        .route(
            "/v1/ingredients/{id}",
            put(update_ingredient).delete(delete_ingredient),
        )
}

fn created<T: Serialize>(created: Created<T>) -> Response {
    Versioned::created(created.version, created.location, created.body).into_response()
}

fn updated<T: Serialize>(updated: Updated<T>) -> Response {
    Versioned::ok(updated.version, updated.body).into_response()
}

fn deleted(Deleted: Deleted) -> StatusCode {
    StatusCode::NO_CONTENT
}

/// The request's idempotency record, when it carries a key. The body is compared in its
/// canonical form, which costs a parse: only paid by requests that carry a key.
fn idempotency(key: IdempotencyKey, uri: &Uri, raw: &[u8]) -> Option<Idempotency> {
    key.0
        .map(|k| Idempotency::new(k, "POST", uri.path(), &nls_web::json::canonical_body(raw)))
}

/// Ids are checked for shape first: anything else cannot exist (404, never a lookup).
fn recipe_id(raw: &str) -> Result<&str, ApiError> {
    nls_events::RecipeId::parse(raw)
        .map(|_| raw)
        .ok_or_else(|| ApiError::not_found("recipe"))
}

fn ingredient_id(raw: &str) -> Result<&str, ApiError> {
    nls_events::IngredientId::parse(raw)
        .map(|_| raw)
        .ok_or_else(|| ApiError::not_found("ingredient"))
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn create_recipe(
    State(app): State<CommandState>,
    caller: Caller,
    key: IdempotencyKey,
    uri: Uri,
    body: ApiJson<RecipeBody>,
) -> Result<Response, ApiError> {
    let change = body.value.validate(true)?;
    let idem = idempotency(key, &uri, &body.raw);
    Ok(created(app.create_recipe(&caller, change, idem).await?))
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id, recipe_id = %id))]
async fn update_recipe(
    State(app): State<CommandState>,
    caller: Caller,
    Path(id): Path<String>,
    IfMatch(expected): IfMatch,
    body: ApiJson<RecipeBody>,
) -> Result<Response, ApiError> {
    let id = recipe_id(&id)?;
    let change = body.value.validate(false)?;
    Ok(updated(
        app.update_recipe(&caller, id, expected.as_deref(), change)
            .await?,
    ))
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id, recipe_id = %id))]
async fn delete_recipe(
    State(app): State<CommandState>,
    caller: Caller,
    Path(id): Path<String>,
    IfMatch(expected): IfMatch,
) -> Result<StatusCode, ApiError> {
    Ok(deleted(
        app.delete_recipe(&caller, recipe_id(&id)?, expected.as_deref())
            .await?,
    ))
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn create_ingredient(
    State(app): State<CommandState>,
    caller: Caller,
    key: IdempotencyKey,
    uri: Uri,
    body: ApiJson<IngredientBody>,
) -> Result<Response, ApiError> {
    let change = body.value.validate(true)?;
    let idem = idempotency(key, &uri, &body.raw);
    Ok(created(app.create_ingredient(&caller, change, idem).await?))
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id, ingredient_id = %id))]
async fn update_ingredient(
    State(app): State<CommandState>,
    caller: Caller,
    Path(id): Path<String>,
    IfMatch(expected): IfMatch,
    body: ApiJson<IngredientBody>,
) -> Result<Response, ApiError> {
    let id = ingredient_id(&id)?;
    let change = body.value.validate(false)?;
    Ok(updated(
        app.update_ingredient(&caller, id, expected.as_deref(), change)
            .await?,
    ))
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id, ingredient_id = %id))]
async fn delete_ingredient(
    State(app): State<CommandState>,
    caller: Caller,
    Path(id): Path<String>,
    IfMatch(expected): IfMatch,
) -> Result<StatusCode, ApiError> {
    Ok(deleted(
        app.delete_ingredient(&caller, ingredient_id(&id)?, expected.as_deref())
            .await?,
    ))
}

/// The media type of an .xlsx workbook.
pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// `POST /v1/imports` parameters.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportParams {
    /// Answer what would be created, and create nothing.
    #[serde(default)]
    dry_run: bool,
}

/// The two kinds of file an import reads.
#[derive(Debug, Clone, Copy)]
enum FileKind {
    Csv,
    Xlsx,
}

fn file_kind(headers: &HeaderMap) -> Result<FileKind, ApiError> {
    let mime = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|m| m.trim().to_ascii_lowercase())
        .unwrap_or_default();
    match mime.as_str() {
        "text/csv" => Ok(FileKind::Csv),
        XLSX => Ok(FileKind::Xlsx),
        _ => Err(ApiError::new(
            ErrorCode::UnsupportedMediaType,
            format!("send the file as text/csv or as {XLSX} (an .xlsx workbook)"),
        )),
    }
}

/// `POST /v1/imports`: the file is read and checked off the async threads (a 10,000-row
/// sheet is milliseconds of work, an .xlsx also unpacked), then resolved and written.
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn import(
    State(app): State<CommandState>,
    caller: Caller,
    key: IdempotencyKey,
    ApiQuery(params): ApiQuery<ImportParams>,
    request: Request,
) -> Result<Response, ApiError> {
    let started = std::time::Instant::now();
    let kind = file_kind(request.headers())?;
    let path = request.uri().path().to_owned();
    let raw = nls_web::json::read_limited(request).await?;
    // The kind is part of the request: the same bytes as another kind are another request.
    let idem = key.0.filter(|_| !params.dry_run).map(|k| {
        let tag: &[u8] = match kind {
            FileKind::Csv => b"text/csv\0",
            FileKind::Xlsx => b"xlsx\0",
        };
        Idempotency::new(k, "POST", &path, &[tag, &raw].concat())
    });
    let (plan, rows) = tokio::task::spawn_blocking(move || {
        let sheet = match kind {
            FileKind::Csv => crate::import::sheet::read_csv(&raw),
            FileKind::Xlsx => crate::import::sheet::read_xlsx(&raw),
        }?;
        let rows = sheet.rows.len().saturating_sub(1);
        crate::import::plan(&sheet).map(|plan| (plan, rows))
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(crate::error::CommandError::from)?;
    let report = app
        .import(&caller, plan, rows, params.dry_run, idem, started)
        .await?;
    let status = if report.dry_run {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    Ok((status, axum::Json(report)).into_response())
}
