//! Routes of the query role for recipes and ingredients.

use std::sync::Arc;

use axum::extract::{FromRef, Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use nls_readmodel::representation::{IngredientRepr, RecipeRepr};
use nls_readmodel::views::Listing;
use nls_readmodel::{representation, views};
use nls_web::{ApiError, ApiQuery, Caller, ListParams, Page, Versioned};
use sqlx::PgPool;

/// Shared state of the query role.
#[derive(Clone)]
pub struct QueryState {
    pub pool: PgPool,
    pub site_url: Arc<str>,
    /// The process's authentication cache, whose custom ingredient names let an analysis
    /// resolve names without a read (`None`: always read).
    pub auth: Option<nls_web::auth_cache::AuthCache>,
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
        .route("/v1/countries", get(crate::countries::list))
        .route("/v1/recipes/{id}/labels", get(crate::labels::recipe_labels))
        .route("/v1/formats", get(crate::formats::list))
        .route("/v1/formats/{id}", get(crate::formats::get))
        .route("/v1/racc-categories", get(crate::catalogs::racc_categories))
        .route("/v1/fop-schemes", get(crate::catalogs::fop_schemes))
        .route("/v1/analyze", post(crate::analyze::analyze))
        .route("/v1/reformulate", post(crate::reformulate::reformulate))
        .route(
            "/v1/recipes/{id}/reformulate",
            post(crate::reformulate::reformulate_recipe),
        )
        .route("/v1/audit", get(crate::audit::export))
}

/// The operations of [`router`].
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    list_recipes,
    get_recipe,
    crate::history::recipe_history,
    list_ingredients,
    get_ingredient,
    crate::history::ingredient_history,
    crate::foods::search,
    crate::foods::get,
    crate::countries::list,
    crate::labels::recipe_labels,
    crate::formats::list,
    crate::formats::get,
    crate::catalogs::racc_categories,
    crate::catalogs::fop_schemes,
    crate::analyze::analyze,
    crate::reformulate::reformulate,
    crate::reformulate::reformulate_recipe,
    crate::audit::export,
))]
pub struct Api;

fn internal(err: nls_readmodel::ProjectionError) -> ApiError {
    ApiError::internal(err)
}

/// The page `params` ask for, one row more than the page holds (so the page knows whether
/// another follows), and the page size.
fn listing(params: &ListParams) -> Result<(Listing, i64), ApiError> {
    let limit = params.page_size()?;
    let listing = Listing {
        after: params.after()?.unwrap_or_default(),
        include_archived: params.include_archived.unwrap_or(false),
        name_contains: params.name_filter()?,
        limit: limit + 1,
    };
    Ok((listing, limit))
}

/// List recipes
#[utoipa::path(get, path = "/v1/recipes", tag = "Recipes", operation_id = "listRecipes",
    params(ListParams),
    responses((status = 200, description = "A page of recipes, in creation order.", body = Page<RecipeRepr>)),
    security(("apiKey" = []), ("appSession" = [])))]
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn list_recipes(
    State(app): State<QueryState>,
    caller: Caller,
    ApiQuery(params): ApiQuery<ListParams>,
) -> Result<Json<Page<RecipeRepr>>, ApiError> {
    let (listing, limit) = listing(&params)?;
    let rows = views::list_recipes(&app.pool, caller.account_id, &listing)
        .await
        .map_err(internal)?;
    let page = Page::from_rows(rows, limit, |r| r.recipe_id.clone());
    Ok(Json(Page {
        data: page
            .data
            .into_iter()
            .map(|r| representation::recipe(r, &app.site_url))
            .collect(),
        next_cursor: page.next_cursor,
    }))
}

/// List custom ingredients
#[utoipa::path(get, path = "/v1/ingredients", tag = "Ingredients", operation_id = "listIngredients",
    params(ListParams),
    responses((status = 200, description = "A page of ingredients; archived ones only with `include_archived=true`.", body = Page<IngredientRepr>)),
    security(("apiKey" = []), ("appSession" = [])))]
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn list_ingredients(
    State(app): State<QueryState>,
    caller: Caller,
    ApiQuery(params): ApiQuery<ListParams>,
) -> Result<Json<Page<IngredientRepr>>, ApiError> {
    let (listing, limit) = listing(&params)?;
    let rows = views::list_ingredients(&app.pool, caller.account_id, &listing)
        .await
        .map_err(internal)?;
    let page = Page::from_rows(rows, limit, |r| r.ingredient_id.clone());
    Ok(Json(Page {
        data: page.data.iter().map(representation::ingredient).collect(),
        next_cursor: page.next_cursor,
    }))
}

/// Get a recipe
///
/// With `version` or `as_of`, the recipe as it was then, with its label, resolved
/// ingredient lines and cost derived from the custom ingredients and sub-recipes as they
/// were at that moment (for `version`, the moment it was recorded). A point at which the
/// recipe did not exist, had been deleted, or a version beyond the latest is 404 saying
/// which. Deleted recipes keep their history. Unknown query parameters are refused.
#[utoipa::path(get, path = "/v1/recipes/{id}", tag = "Recipes", operation_id = "getRecipe",
    params(("id" = String, Path, description = "Id of the recipe (`rcp_...`); another account's id is 404.", example = "rcp_01962d3b6a8c7f0e9d2b4c5a6e7f8091"), nls_readmodel::past::http::PastParams),
    responses((status = 200, description = "The recipe.", body = RecipeRepr, headers(("ETag" = String, description = "`\"<version>\"` of the resource; send it back in `If-Match`.")))),
    security(("apiKey" = []), ("appSession" = [])))]
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id, recipe_id = %id))]
async fn get_recipe(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<nls_readmodel::past::http::PastParams>,
) -> Result<Versioned<RecipeRepr>, ApiError> {
    if nls_events::RecipeId::parse(&id).is_none() {
        return Err(ApiError::not_found("recipe"));
    }
    let row = match nls_readmodel::past::http::point(params.version, params.as_of.as_deref())? {
        Some(point) => {
            nls_readmodel::past::http::recipe_at(&app.pool, caller.account_id, &id, point).await?
        }
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
        representation::recipe(row, &app.site_url),
    ))
}

/// Get an ingredient
#[utoipa::path(get, path = "/v1/ingredients/{id}", tag = "Ingredients", operation_id = "getIngredient",
    params(("id" = String, Path, description = "Id of the ingredient (`ing_...`); another account's id is 404.", example = "ing_01962d3b6a8c7f0e9d2b4c5a6e7f8091")),
    responses((status = 200, description = "The ingredient.", body = IngredientRepr, headers(("ETag" = String, description = "`\"<version>\"` of the resource; send it back in `If-Match`.")))),
    security(("apiKey" = []), ("appSession" = [])))]
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id, ingredient_id = %id))]
async fn get_ingredient(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Versioned<IngredientRepr>, ApiError> {
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
