//! `GET /v1/foods` and `GET /v1/foods/{id}`: the shipped food database.

use axum::extract::Path;
use axum::Json;
use nls_web::{ApiError, ApiQuery, Caller, Cursor, ListParams};
use serde_json::{json, Value};

/// Most results a search pages through.
const MAX_RESULTS: usize = 1000;

/// Searches foods by `q`, best match first; the cursor is an offset into that ranking.
pub async fn search(
    caller: Caller,
    ApiQuery(params): ApiQuery<ListParams>,
) -> Result<Json<Value>, ApiError> {
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
    let page: Vec<Value> = hits
        .iter()
        .skip(offset)
        .take(limit)
        .map(|hit| {
            let mut food = serde_json::to_value(hit.food).unwrap_or(Value::Null);
            if let Some(object) = food.as_object_mut() {
                object.insert("score".into(), json!(hit.score));
            }
            food
        })
        .collect();
    let next = offset + page.len();
    let next_cursor =
        (page.len() == limit && next < hits.len()).then(|| Cursor::encode(&next.to_string()));
    Ok(Json(json!({ "data": page, "next_cursor": next_cursor })))
}

/// One food, per 100 g.
pub async fn get(caller: Caller, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let _ = caller;
    let food = nls_fooddb::shipped()
        .get_by_id(&id)
        .ok_or_else(|| ApiError::not_found("food"))?;
    Ok(Json(
        serde_json::to_value(food).map_err(ApiError::internal)?,
    ))
}
