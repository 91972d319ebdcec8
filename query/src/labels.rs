//! `GET /v1/recipes/{id}/labels?formats=a,b` (or `?countries=US,DE`): one recipe's label
//! in several formats at once, each computed under its own law (rounding, reference
//! values, terms, allergens), for a product sold in several markets.

use axum::extract::{Path, State};
use axum::Json;
use nls_readmodel::views;
use nls_web::{ApiError, ApiQuery, Caller};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::http::QueryState;

/// Most formats in one call.
pub const MAX_FORMATS: usize = 20;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabelsParams {
    /// Comma-separated format ids or aliases.
    pub formats: Option<String>,
    /// Comma-separated ISO country codes: each country's default format.
    pub countries: Option<String>,
}

/// The formats asked for, checked against the catalog and the caller's plan (the one
/// rule, `nls_web::formats`), each once, with the country that asked for it.
pub fn requested(
    params: &LabelsParams,
    plan: &nls_web::Plan,
) -> Result<Vec<(&'static nls_nutrition::Format, Option<String>)>, ApiError> {
    let split = |raw: &str| -> Vec<String> {
        raw.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let mut out: Vec<(&'static nls_nutrition::Format, Option<String>)> = Vec::new();
    match (&params.formats, &params.countries) {
        (Some(_), Some(_)) | (None, None) => {
            return Err(ApiError::validation(
                "formats",
                "give either formats=a,b or countries=US,DE",
            ))
        }
        (Some(raw), None) => {
            for id in split(raw) {
                let f = nls_web::formats::label_format_for("formats", &id, plan)?;
                if !out.iter().any(|(g, _)| g.id == f.id) {
                    out.push((f, None));
                }
            }
        }
        (None, Some(raw)) => {
            let formats: Vec<&nls_nutrition::Format> = nls_nutrition::formats().iter().collect();
            for code in split(raw) {
                let code = code.to_ascii_uppercase();
                let f =
                    nls_nutrition::countries::default_format(&code, &formats).ok_or_else(|| {
                        ApiError::validation(
                            "countries",
                            format!(
                                "no label format serves {:?} (see GET /v1/countries)",
                                code.chars().take(8).collect::<String>()
                            ),
                        )
                    })?;
                let f = nls_web::formats::label_format_for("countries", &f.id, plan)?;
                if !out.iter().any(|(g, _)| g.id == f.id) {
                    out.push((f, Some(code)));
                }
            }
        }
    }
    if out.is_empty() {
        return Err(ApiError::validation("formats", "name at least one format"));
    }
    if out.len() > MAX_FORMATS {
        return Err(ApiError::validation(
            "formats",
            format!("at most {MAX_FORMATS} formats in one call"),
        ));
    }
    Ok(out)
}

/// The recipe's labels, one entry per format: `{format, country?, label}` or, when the
/// recipe cannot be labelled in that format (a layout needing data the recipe lacks),
/// `{format, error: {code, message}}`.
pub async fn recipe_labels(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<LabelsParams>,
) -> Result<Json<Value>, ApiError> {
    if nls_events::RecipeId::parse(&id).is_none() {
        return Err(ApiError::not_found("recipe"));
    }
    let asked = requested(&params, &caller.plan)?;
    let mut conn = app.pool.acquire().await?;
    let row = views::load_recipe(&mut conn, caller.account_id, &id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::not_found("recipe"))?;
    let mut data = Vec::with_capacity(asked.len());
    for (format, country) in asked {
        let mut state = row.state.clone();
        state.label_format = format.id.clone();
        let entry =
            match nls_readmodel::derive::derive(&mut conn, caller.account_id, &id, &state, None)
                .await
            {
                Ok(derived) => json!({
                    "format": format.id,
                    "country": country,
                    "label": serde_json::to_value(&derived.label).map_err(ApiError::internal)?,
                }),
                Err(err) if err.is_client_side() => json!({
                    "format": format.id,
                    "country": country,
                    "error": { "code": err.code(), "message": err.to_string() },
                }),
                Err(err) => return Err(err.into()),
            };
        data.push(entry);
    }
    Ok(Json(json!({ "recipe_id": id, "data": data })))
}
