//! `?version=N` and `?as_of=<RFC 3339>` (API_DECISIONS §12): the HTTP side of
//! [`crate::past`], shared by the recipe and its label files.

use crate::past::{self, PastError, PastPoint};
use crate::views::RecipeRow;
use nls_web::{ApiError, ErrorCode};
use serde::Deserialize;
use sqlx::PgPool;
use uuid::Uuid;

/// The query string of `GET /v1/recipes/{id}`. Unknown parameters are refused: a
/// misspelt `?verison=3` must not silently answer with the current recipe.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PastParams {
    /// The recipe as it was right after this version was recorded (see `/history`). Not
    /// with `as_of`.
    #[param(minimum = 1)]
    pub version: Option<i64>,
    /// The recipe as it was at this moment (RFC 3339, e.g. `2026-01-31T12:00:00Z`). Not
    /// with `version`.
    #[param(format = DateTime)]
    pub as_of: Option<String>,
}

/// The point asked for, if any; a bad parameter is 400 `validation_failed` naming it.
pub fn point(version: Option<i64>, as_of: Option<&str>) -> Result<Option<PastPoint>, ApiError> {
    past::parse_point(version, as_of).map_err(|e| ApiError::validation(e.field, e.problem))
}

/// The caller's recipe `id` as it was at `point`. A recipe that did not exist then, was
/// deleted by then, or has no such version is 404 `not_found` saying which.
pub async fn recipe_at(
    pool: &PgPool,
    account_id: Uuid,
    id: &str,
    point: PastPoint,
) -> Result<RecipeRow, ApiError> {
    let mut conn = pool.acquire().await?;
    past::recipe_at(&mut conn, account_id, id, point)
        .await
        .map_err(|err| match err {
            PastError::NotFound => ApiError::not_found("recipe"),
            PastError::Failed(cause) => ApiError::internal(cause),
            gone => ApiError::new(ErrorCode::NotFound, format!("recipe {id} {gone}")),
        })
}
