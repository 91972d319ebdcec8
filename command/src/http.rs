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
use crate::service::{CommandState, Created, Deleted, Idempotency, ImportReport, Updated};
use nls_readmodel::representation::{IngredientRepr, RecipeRepr};

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

/// The operations of [`router`].
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    create_recipe,
    update_recipe,
    delete_recipe,
    import,
    create_ingredient,
    update_ingredient,
    delete_ingredient,
))]
pub struct Api;

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

/// Create a recipe
#[utoipa::path(post, path = "/v1/recipes", tag = "Recipes", operation_id = "createRecipe",
    params(("Idempotency-Key" = Option<String>, Header, description = "The same key and body within 24 h replays the first response; the same key with another body is 409 `idempotency_key_reused`.")),
    request_body(content = RecipeBody, examples(("banana_bread" = (value = json!({
        "name": "Banana bread", "servings": 8, "label_format": "standard",
        "ingredients": [
            {"name": "banana", "grams": 300},
            {"ingredient_id": "fooddb:169761", "grams": 250, "label_name": "wheat flour"},
            {"name": "egg", "grams": 100}
        ]}))))),
    responses((status = 201, description = "The recipe as written.", body = RecipeRepr, headers(
        ("ETag" = String, description = "`\"<version>\"` of the resource; send it back in `If-Match`."),
        ("Location" = String, description = "URL of the new recipe.")))),
    security(("apiKey" = []), ("appSession" = [])))]
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

/// Update a recipe (partial)
#[utoipa::path(put, path = "/v1/recipes/{id}", tag = "Recipes", operation_id = "updateRecipe",
    params(("id" = String, Path, description = "Id of the recipe (`rcp_...`); another account's id is 404.", example = "rcp_01962d3b6a8c7f0e9d2b4c5a6e7f8091"), ("If-Match" = Option<String>, Header, description = "`\"<version>\"` as in `ETag`: the write applies only to that version, else 412 `version_mismatch`.", example = "\"3\"")),
    request_body(content = RecipeBody, examples(("rename" = (value = json!({"name": "Banana bread (v2)", "servings": 10}))))),
    responses((status = 200, description = "The recipe as written.", body = RecipeRepr, headers(("ETag" = String, description = "`\"<version>\"` of the resource; send it back in `If-Match`.")))),
    security(("apiKey" = []), ("appSession" = [])))]
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

/// Delete a recipe
#[utoipa::path(delete, path = "/v1/recipes/{id}", tag = "Recipes", operation_id = "deleteRecipe",
    params(("id" = String, Path, description = "Id of the recipe (`rcp_...`); another account's id is 404.", example = "rcp_01962d3b6a8c7f0e9d2b4c5a6e7f8091"), ("If-Match" = Option<String>, Header, description = "`\"<version>\"` as in `ETag`: the write applies only to that version, else 412 `version_mismatch`.", example = "\"3\"")),
    responses((status = 204, description = "Deleted; no body.")),
    security(("apiKey" = []), ("appSession" = [])))]
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

/// Create a custom ingredient
#[utoipa::path(post, path = "/v1/ingredients", tag = "Ingredients", operation_id = "createIngredient",
    params(("Idempotency-Key" = Option<String>, Header, description = "The same key and body within 24 h replays the first response; the same key with another body is 409 `idempotency_key_reused`.")),
    request_body(content = IngredientBody, examples(("almond_paste" = (value = json!({
        "name": "Almond paste",
        "nutrients_per_100g": {"calories": 458, "total_fat_g": 24, "protein_g": 9, "dietary_fiber_g": 5},
        "allergens": ["tree_nuts"], "cost_per_unit": 12.5, "unit": "kg"}))))),
    responses((status = 201, description = "The ingredient as written.", body = IngredientRepr, headers(
        ("ETag" = String, description = "`\"<version>\"` of the resource; send it back in `If-Match`."),
        ("Location" = String, description = "URL of the new ingredient.")))),
    security(("apiKey" = []), ("appSession" = [])))]
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

/// Update an ingredient (partial; archive)
#[utoipa::path(put, path = "/v1/ingredients/{id}", tag = "Ingredients", operation_id = "updateIngredient",
    params(("id" = String, Path, description = "Id of the ingredient (`ing_...`); another account's id is 404.", example = "ing_01962d3b6a8c7f0e9d2b4c5a6e7f8091"), ("If-Match" = Option<String>, Header, description = "`\"<version>\"` as in `ETag`: the write applies only to that version, else 412 `version_mismatch`.", example = "\"3\"")),
    request_body(content = IngredientBody, examples(("archive" = (value = json!({"archived": true}))))),
    responses((status = 200, description = "The ingredient as written.", body = IngredientRepr, headers(("ETag" = String, description = "`\"<version>\"` of the resource; send it back in `If-Match`.")))),
    security(("apiKey" = []), ("appSession" = [])))]
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

/// Delete an ingredient
///
/// An ingredient a live recipe uses is 409 `ingredient_in_use` (archive it instead).
#[utoipa::path(delete, path = "/v1/ingredients/{id}", tag = "Ingredients", operation_id = "deleteIngredient",
    params(("id" = String, Path, description = "Id of the ingredient (`ing_...`); another account's id is 404.", example = "ing_01962d3b6a8c7f0e9d2b4c5a6e7f8091"), ("If-Match" = Option<String>, Header, description = "`\"<version>\"` as in `ETag`: the write applies only to that version, else 412 `version_mismatch`.", example = "\"3\"")),
    responses((status = 204, description = "Deleted; no body.")),
    security(("apiKey" = []), ("appSession" = [])))]
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
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct ImportParams {
    /// `true`: answer 200 with what would be created (each recipe with its `label`, or the
    /// `label_error` that would refuse it) and every row's problem, and create nothing.
    /// `Idempotency-Key` is ignored.
    #[serde(default)]
    #[param(default = false)]
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

/// Create many recipes from a CSV file or an .xlsx sheet, all or nothing
///
/// Columns (a header row, any order, names case-insensitive): `recipe`, `servings`,
/// `ingredient`, `grams`, and optionally `serving_weight_g` and `label_format`; one row per
/// ingredient line, the rows of a recipe together (a recipe name that comes back after
/// another recipe is a row problem). A recipe's `servings`, `serving_weight_g` and
/// `label_format` are given on one of its rows or identically on each. `ingredient` is an
/// id (`ing_...`, `rcp_...`, `fooddb:<id>`) or a name, resolved as a recipe line's `name`
/// is. CSV: UTF-8, comma-separated (semicolon-separated when the header has semicolons and
/// no comma), numbers with a decimal point and no thousands separators. Every row is
/// checked and resolved first, and each recipe decided and derived as `POST /v1/recipes`
/// would; any problem refuses the whole file with 400 `validation_failed`, `details`
/// listing each problem as `{row, field, problem, code}` (the header is row 1; `code` is
/// what a single create would answer; the first 100 are listed). Otherwise every recipe is
/// created in one transaction. Limits: 10,000 rows besides the header, 2,000 recipes, a
/// body of 1 MiB (429 `payload_too_large`; an .xlsx may unpack to at most 32 MiB), and
/// 30 s from the request's arrival (503 `unavailable`, nothing created). An
/// `Idempotency-Key` replays the first answer to the same file, and refuses another file
/// with 409 `idempotency_key_reused`. The import counts as one request against the rate
/// limit.
// The file is read and checked off the async threads (a 10,000-row sheet is milliseconds
// of work, an .xlsx also unpacked), then resolved and written.
#[utoipa::path(post, path = "/v1/imports", tag = "Recipes", operation_id = "importRecipes",
    params(ImportParams, ("Idempotency-Key" = Option<String>, Header, description = "The same key and body within 24 h replays the first response; the same key with another body is 409 `idempotency_key_reused`.")),
    request_body(content(
        (String = "text/csv", example = json!("recipe,servings,ingredient,grams,label_format\nBanana bread,8,banana,300,standard\nBanana bread,8,fooddb:169761,250,\nBanana bread,8,egg,100,\n")),
        (Vec<u8> = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    )),
    responses(
        (status = 201, description = "Every recipe of the file, created.", body = ImportReport),
        (status = 200, description = "`dry_run=true`: what would be created, and every problem.", body = ImportReport),
    ),
    security(("apiKey" = []), ("appSession" = [])))]
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
