//! `GET /v1/formats` and `GET /v1/formats/{id}`: the label formats the service offers, from
//! the embedded data files (public data, behind the same key and rate limit as every `/v1`
//! resource).

use axum::extract::Path;
use axum::Json;
use nls_web::formats::{light_representation, representation};
use nls_web::{ApiError, ApiQuery, Caller};
use serde::Deserialize;
use serde_json::{json, Value};

/// The list's filters.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatFilter {
    /// ISO 3166-1 alpha-2 code (any case): formats serving that country.
    pub country: Option<String>,
    /// A family id (`us-fda`, `eu-1169`, `uk`).
    pub family: Option<String>,
    /// `light`: each format's id, aliases, name, family, countries, plan, status and role
    /// only, for pickers (the full list is mostly nutrient rows and notes).
    pub view: Option<String>,
}

/// Every format, filtered by `country` and `family`, in catalog order.
pub async fn list(
    caller: Caller,
    ApiQuery(filter): ApiQuery<FormatFilter>,
) -> Result<Json<Value>, ApiError> {
    let _ = caller;
    let country = filter.country.map(|c| c.trim().to_ascii_uppercase());
    let family = filter.family.map(|f| f.trim().to_ascii_lowercase());
    let shape = match filter.view.as_deref().map(str::trim) {
        None | Some("" | "full") => representation,
        Some("light") => light_representation,
        Some(other) => {
            return Err(ApiError::validation(
                "view",
                format!(
                    "unknown view {:?}; use light or full",
                    other.chars().take(20).collect::<String>()
                ),
            ))
        }
    };
    let data: Vec<Value> = nls_nutrition::formats()
        .iter()
        .filter(|f| country.as_ref().is_none_or(|c| f.countries.contains(c)))
        .filter(|f| family.as_ref().is_none_or(|fam| &f.family == fam))
        .map(shape)
        .collect();
    Ok(Json(json!({ "data": data })))
}

/// One format by id or alias; 404 `not_found` otherwise.
pub async fn get(caller: Caller, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let _ = caller;
    let format = nls_nutrition::format(&id).ok_or_else(|| ApiError::not_found("format"))?;
    Ok(Json(representation(format)))
}
