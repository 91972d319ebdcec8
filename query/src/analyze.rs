//! `POST /v1/analyze`: a label, its claims and how each entry resolved; nothing is saved.

use axum::extract::State;
use axum::Json;
use nls_events::RecipeState;
use nls_nutrition::fop::Facts;
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
    /// Front-of-pack schemes to compute besides the market's mandatory ones.
    pub front_of_pack: Option<Vec<String>>,
    /// What the recipe does not hold and some schemes need (solid or liquid, density, free
    /// sugars, fruit/vegetable share, sweeteners, caffeine, category).
    pub front_of_pack_facts: Option<Facts>,
}

/// `?fop=a,b`: front-of-pack schemes to compute (added to the body's `front_of_pack`).
#[derive(Debug, Deserialize)]
pub struct AnalyzeQuery {
    pub fop: Option<String>,
}

impl JsonFields for AnalyzeBody {
    const ACCEPTED: &'static [&'static str] = &[
        "label_format",
        "servings",
        "serving_weight_g",
        "serving_size_text",
        "ingredients",
        "racc_g",
        "front_of_pack",
        "front_of_pack_facts",
    ];
}

#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
pub async fn analyze(
    State(app): State<QueryState>,
    caller: Caller,
    ApiQuery(query): ApiQuery<AnalyzeQuery>,
    body: ApiJson<AnalyzeBody>,
) -> Result<Json<Value>, ApiError> {
    let body = body.value;
    let mut fop = nls_web::fop::scheme_ids(
        "front_of_pack",
        body.front_of_pack.as_deref().unwrap_or_default(),
    )?;
    for id in nls_web::fop::scheme_param("fop", query.fop.as_deref())? {
        if !fop.contains(&id) {
            fop.push(id);
        }
    }
    let facts = nls_web::fop::facts("front_of_pack_facts", body.front_of_pack_facts)?;
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
    let mut derived =
        derive::derive(&mut conn, caller.account_id, "rcp_analysis", &state, racc_g).await?;
    bounds::check_final_weight(&state, derived.extent.solids_g)?;
    let claims = nls_nutrition::claims(&derived.input, &derived.label);
    nls_web::fop::attach(&mut derived.label, &fop, &facts, racc_g, "fop")?;
    let ingredients: Vec<Value> = derived
        .lines
        .iter()
        .zip(&resolved)
        .map(|(line, (_, source))| {
            json!({
                "ingredient_id": line.ingredient_id,
                "name": line.name,
                "resolved_name": line.resolved_name,
                "label_name": line.label_name,
                "grams": line.grams,
                "source": source,
            })
        })
        .collect();
    Ok(Json(json!({
        "label": derived.label,
        "claims": claims,
        "ingredients": ingredients,
        "cost": derived.cost,
    })))
}
