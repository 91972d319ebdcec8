//! `POST /v1/analyze`: a label, its claims and how each entry resolved; nothing is saved.

use axum::extract::State;
use axum::Json;
use nls_events::RecipeState;
use nls_readmodel::requests::{EntryBody, RecipeBody};
use nls_readmodel::{bounds, derive, resolve};
use nls_web::{ApiError, ApiJson, ApiQuery, Caller, JsonFields};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::http::QueryState;

/// The analysis request (spec §2.3 plus `racc_g`).
#[derive(Debug, Deserialize)]
pub struct AnalyzeBody {
    pub label_format: Option<String>,
    pub servings: Option<f64>,
    pub serving_weight_g: Option<f64>,
    pub serving_size_text: Option<String>,
    pub ingredients: Option<Vec<EntryBody>>,
    pub racc_g: Option<f64>,
}

impl JsonFields for AnalyzeBody {
    const ACCEPTED: &'static [&'static str] = &[
        "label_format",
        "servings",
        "serving_weight_g",
        "serving_size_text",
        "ingredients",
        "racc_g",
    ];
}

/// The analysis query string.
#[derive(Debug, Default, Deserialize)]
pub struct AnalyzeParams {
    /// Refuse (422 `incomplete_nutrient_data`) a label that declares nutrients the data
    /// lacks, instead of returning it with `missing`.
    #[serde(default)]
    pub strict: bool,
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
pub async fn analyze(
    State(app): State<QueryState>,
    caller: Caller,
    ApiQuery(params): ApiQuery<AnalyzeParams>,
    body: ApiJson<AnalyzeBody>,
) -> Result<Json<Value>, ApiError> {
    let body = body.value;
    let racc_g = match body.racc_g {
        Some(r) if !(r.is_finite() && r > 0.0 && r <= 100_000.0) => {
            return Err(ApiError::validation(
                "racc_g",
                "must be a number of grams greater than 0",
            ))
        }
        other => other,
    };
    // The same field rules as a recipe; an analysis has no name of its own.
    let change = RecipeBody {
        name: Some("analysis".into()),
        servings: body.servings,
        serving_weight_g: body.serving_weight_g.map(Some),
        serving_size_text: body.serving_size_text.map(Some),
        label_format: body.label_format,
        ingredients: body.ingredients,
        embed_enabled: None,
        archived: None,
    }
    .validate(true)?;
    let label_format = change
        .label_format
        .clone()
        .unwrap_or_else(|| "standard".into());
    nls_web::formats::label_format_for("label_format", &label_format, &caller.plan)?;
    let mut conn = app.pool.acquire().await?;
    let entries = change.entries.unwrap_or_default();
    let resolved = resolve::resolve(&mut conn, caller.account_id, &entries).await?;
    let state = RecipeState {
        version: 0,
        name: "analysis".into(),
        servings: change.servings.unwrap_or(1.0),
        serving_weight_g: change.serving_weight_g,
        serving_size_text: change.serving_size_text,
        label_format,
        ingredients: resolved.iter().map(|(line, _)| line.clone()).collect(),
        ..Default::default()
    };
    let derived =
        derive::derive(&mut conn, caller.account_id, "rcp_analysis", &state, racc_g).await?;
    bounds::check_final_weight(&state, derived.extent.solids_g)?;
    if params.strict {
        nls_readmodel::api_error::require_complete(&json!({ "missing": derived.label.missing }))?;
    }
    let claims = nls_nutrition::claims(&derived.input, &derived.label);
    let ingredients: Vec<Value> = derived
        .lines
        .iter()
        .zip(&resolved)
        .map(|(line, (_, source))| {
            let mut entry = json!({
                "ingredient_id": line.ingredient_id,
                "name": line.name,
                "resolved_name": line.resolved_name,
                "label_name": line.label_name,
                "grams": line.grams,
                "source": source,
            });
            if let Some(nutrients) = &line.nutrients {
                entry["nutrients"] = json!(nutrients);
            }
            entry
        })
        .collect();
    Ok(Json(json!({
        "label": derived.label,
        "claims": claims,
        "ingredients": ingredients,
        "cost": derived.cost,
    })))
}
