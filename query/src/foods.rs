//! `GET /v1/foods` and `GET /v1/foods/{id}`: the shipped food database.

use axum::extract::Path;
use axum::Json;
use nls_fooddb::Food;
use nls_web::{ApiError, ApiQuery, Caller, Cursor, ListParams, Page};
use serde::Serialize;

/// Most results a search pages through.
const MAX_RESULTS: usize = 1000;

/// A food found by a search, with how well it matched.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FoodHit<'a> {
    #[serde(flatten)]
    #[schema(value_type = Food)]
    food: &'a Food,
    /// Match quality.
    score: f64,
}

/// Search the food composition database
///
/// Searches foods by `q` (required), best match first; the cursor is an offset into that
/// ranking.
#[utoipa::path(get, path = "/v1/foods", tag = "Foods", operation_id = "searchFoods",
    params(nls_web::PageParams, ("q" = Option<String>, Query, description = "The words to search for (required: without them 400 `validation_failed`), case-insensitive.", example = "rolled oats")),
    responses((status = 200, description = "Best matches first.", body = Page<FoodHit>)),
    security(("apiKey" = []), ("appSession" = [])))]
pub async fn search(
    caller: Caller,
    ApiQuery(params): ApiQuery<ListParams>,
) -> Result<Json<Page<FoodHit<'static>>>, ApiError> {
    let _ = caller;
    let limit = usize::try_from(params.page_size()?).unwrap_or(50);
    let offset = match params.after()? {
        Some(raw) => raw
            .parse::<usize>()
            .map_err(|_| ApiError::validation("cursor", "not a cursor returned by this API"))?,
        None => 0,
    };
    let Some(q) = params.name_filter()? else {
        return Err(ApiError::validation("q", "is required"));
    };
    let hits = nls_fooddb::shipped().search(&q, MAX_RESULTS);
    let page: Vec<FoodHit> = hits
        .iter()
        .skip(offset)
        .take(limit)
        .map(|hit| FoodHit {
            food: hit.food,
            score: hit.score,
        })
        .collect();
    let next = offset + page.len();
    let next_cursor =
        (page.len() == limit && next < hits.len()).then(|| Cursor::encode(&next.to_string()));
    Ok(Json(Page {
        data: page,
        next_cursor,
    }))
}

/// One food, per 100 g
#[utoipa::path(get, path = "/v1/foods/{id}", tag = "Foods", operation_id = "getFood",
    params(("id" = String, Path, description = "`fooddb:<id>` (FoodData Central id where known).", example = "fooddb:173944")),
    responses((status = 200, description = "The food, per 100 g.", body = Food)),
    security(("apiKey" = []), ("appSession" = [])))]
pub async fn get(caller: Caller, Path(id): Path<String>) -> Result<Json<&'static Food>, ApiError> {
    let _ = caller;
    nls_fooddb::shipped()
        .get_by_id(&id)
        .map(Json)
        .ok_or_else(|| ApiError::not_found("food"))
}
