//! Routes of the command role: where typed outcomes become status codes (201 with
//! `Location` for a create, 200 for an update, 204 for a delete, all but deletes with the
//! version as `ETag`) and refusals become the JSON error body (through `ApiError`).

use axum::extract::{FromRef, Path, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{post, put};
use axum::Router;
use nls_web::{ApiError, ApiJson, Caller, IdempotencyKey, IfMatch, Versioned};
use serde::Serialize;
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
