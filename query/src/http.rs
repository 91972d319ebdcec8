//! Routes of the query role for recipes and ingredients.

use std::sync::Arc;

use axum::extract::{FromRef, Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use nls_projector::views::{IngredientRow, RecipeRow, INGREDIENT_COLUMNS, RECIPE_COLUMNS};
use nls_projector::{representation, views};
use nls_web::{ApiError, ApiQuery, Caller, ListParams, Page, Versioned};
use serde_json::Value;
use sqlx::PgPool;

/// Shared state of the query role.
#[derive(Clone)]
pub struct QueryState {
    pub pool: PgPool,
    pub site_url: Arc<str>,
}

impl FromRef<QueryState> for PgPool {
    fn from_ref(state: &QueryState) -> PgPool {
        state.pool.clone()
    }
}

/// The read routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    QueryState: FromRef<S>,
    PgPool: FromRef<S>,
{
    Router::new()
        .route("/v1/recipes", get(list_recipes))
        .route("/v1/recipes/{id}", get(get_recipe))
        .route(
            "/v1/recipes/{id}/history",
            get(crate::history::recipe_history),
        )
        .route("/v1/ingredients", get(list_ingredients))
        .route("/v1/ingredients/{id}", get(get_ingredient))
        .route(
            "/v1/ingredients/{id}/history",
            get(crate::history::ingredient_history),
        )
        .route("/v1/foods", get(crate::foods::search))
        .route("/v1/foods/{id}", get(crate::foods::get))
        .route("/v1/formats", get(crate::formats::list))
        .route("/v1/formats/{id}", get(crate::formats::get))
        .route("/v1/analyze", post(crate::analyze::analyze))
}

fn internal(err: nls_projector::ProjectionError) -> ApiError {
    ApiError::internal(err)
}

/// Lists a view of the caller's account in id order (ids are time-ordered, so this is
/// creation order), filtered by name and archive state.
async fn list_rows(
    pool: &PgPool,
    table: &str,
    key: &str,
    columns: &str,
    caller: &Caller,
    params: &ListParams,
) -> Result<(Vec<sqlx::postgres::PgRow>, i64), ApiError> {
    let limit = params.page_size()?;
    let after = params.after()?.unwrap_or_default();
    let filter = params.name_filter()?;
    let sql = format!(
        "select {columns} from {table}
         where account_id = $1 and not deleted and {key} > $2
           and ($3 or not archived)
           and ($4::text is null or strpos(lower(name), lower($4)) > 0)
         order by {key} limit $5"
    );
    let rows = sqlx::query(&sql)
        .bind(caller.account_id)
        .bind(after)
        .bind(params.include_archived.unwrap_or(false))
        .bind(filter)
        .bind(limit + 1)
        .fetch_all(pool)
        .await?;
    Ok((rows, limit))
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn list_recipes(
    State(app): State<QueryState>,
    caller: Caller,
    ApiQuery(params): ApiQuery<ListParams>,
) -> Result<Json<Page<Value>>, ApiError> {
    let (rows, limit) = list_rows(
        &app.pool,
        "recipe_view",
        "recipe_id",
        RECIPE_COLUMNS,
        &caller,
        &params,
    )
    .await?;
    let rows: Vec<RecipeRow> = rows
        .iter()
        .map(RecipeRow::from_row)
        .collect::<Result<_, _>>()
        .map_err(internal)?;
    let page = Page::from_rows(rows, limit, |r| r.recipe_id.clone());
    Ok(Json(Page {
        data: page
            .data
            .iter()
            .map(|r| representation::recipe(r, &app.site_url))
            .collect(),
        next_cursor: page.next_cursor,
    }))
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn list_ingredients(
    State(app): State<QueryState>,
    caller: Caller,
    ApiQuery(params): ApiQuery<ListParams>,
) -> Result<Json<Page<Value>>, ApiError> {
    let (rows, limit) = list_rows(
        &app.pool,
        "ingredient_view",
        "ingredient_id",
        INGREDIENT_COLUMNS,
        &caller,
        &params,
    )
    .await?;
    let rows: Vec<IngredientRow> = rows
        .iter()
        .map(IngredientRow::from_row)
        .collect::<Result<_, _>>()
        .map_err(internal)?;
    let page = Page::from_rows(rows, limit, |r| r.ingredient_id.clone());
    Ok(Json(Page {
        data: page.data.iter().map(representation::ingredient).collect(),
        next_cursor: page.next_cursor,
    }))
}

/// `GET /v1/recipes/{id}`, or with `?version=N` / `?as_of=` the recipe as it was.
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id, recipe_id = %id))]
async fn get_recipe(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<crate::past::PastParams>,
) -> Result<Versioned<Value>, ApiError> {
    if nls_events::RecipeId::parse(&id).is_none() {
        return Err(ApiError::not_found("recipe"));
    }
    let row = match crate::past::point(params.version, params.as_of.as_deref())? {
        Some(point) => crate::past::recipe_at(&app.pool, caller.account_id, &id, point).await?,
        None => {
            let mut conn = app.pool.acquire().await?;
            views::load_recipe(&mut conn, caller.account_id, &id)
                .await
                .map_err(internal)?
                .ok_or_else(|| ApiError::not_found("recipe"))?
        }
    };
    Ok(Versioned::ok(
        row.state.version,
        representation::recipe(&row, &app.site_url),
    ))
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id, ingredient_id = %id))]
async fn get_ingredient(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Versioned<Value>, ApiError> {
    if nls_events::IngredientId::parse(&id).is_none() {
        return Err(ApiError::not_found("ingredient"));
    }
    let mut conn = app.pool.acquire().await?;
    let row = views::load_ingredient(&mut conn, caller.account_id, &id)
        .await
        .map_err(internal)?
        .ok_or_else(|| ApiError::not_found("ingredient"))?;
    Ok(Versioned::ok(
        row.state.version,
        representation::ingredient(&row),
    ))
}
