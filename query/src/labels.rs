//! `GET /v1/recipes/{id}/labels?formats=a,b` (or `?countries=US,DE`): one recipe's label
//! in several formats at once, each computed under its own law (rounding, reference
//! values, terms, allergens), for a product sold in several markets.

use axum::extract::{Path, State};
use axum::Json;
use nls_readmodel::lazy_conn::LazyConn;
use nls_readmodel::views;
use nls_web::{ApiError, ApiQuery, Caller};
use serde::{Deserialize, Serialize};

use crate::http::QueryState;

/// Most formats in one call.
pub const MAX_FORMATS: usize = 20;

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LabelsParams {
    /// Comma-separated format ids or aliases (at most 20). Not with `countries`.
    #[param(example = "us.v,eu.tab.ri,uk.tab")]
    pub formats: Option<String>,
    /// Comma-separated ISO country codes: each country's default format (`GET
    /// /v1/countries`). Not with `formats`.
    #[param(example = "US,DE,GB")]
    pub countries: Option<String>,
}

/// One format's label, or why the recipe cannot be labelled in that format (a layout
/// needing data it lacks).
// Members in the order the API has always sent them in (alphabetical, as the JSON objects
// they replaced serialised).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FormatLabel {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<LabelProblem>,
    pub format: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<nls_nutrition::Label>,
}

impl FormatLabel {
    /// The label computed in `format`, or the client-side reason it could not be.
    pub fn of(format: &str, computed: Result<nls_nutrition::Label, LabelProblem>) -> Self {
        let (label, error) = match computed {
            Ok(label) => (Some(label), None),
            Err(problem) => (None, Some(problem)),
        };
        Self {
            error,
            format: format.to_owned(),
            label,
        }
    }
}

/// Why a label could not be computed: an error code and its message.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LabelProblem {
    pub code: &'static str,
    pub message: String,
}

impl From<&nls_readmodel::derive::DeriveError> for LabelProblem {
    fn from(err: &nls_readmodel::derive::DeriveError) -> Self {
        Self {
            code: err.code(),
            message: err.to_string(),
        }
    }
}

/// An entry of a label set: the format's label, with the country that asked for it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LabelSetEntry {
    /// The country whose default format this is (`countries=`), else null.
    pub country: Option<String>,
    #[serde(flatten)]
    pub label: FormatLabel,
}

/// `GET /v1/recipes/{id}/labels`' answer: one entry per format, in the order asked.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LabelSet {
    pub data: Vec<LabelSetEntry>,
    pub recipe_id: String,
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

/// The recipe's label in several formats at once (several markets)
///
/// The recipe's label in each format, each computed under its own law (rounding,
/// reference values, terms, allergens and their exemptions), from the recipe as it is now.
/// Each format is checked against the plan (403 `plan_format_not_allowed`); an unknown
/// one is 400 `unknown_label_format`. A format the recipe cannot be labelled in (a layout
/// needing data it lacks) gives an entry with `error` instead of `label`.
#[utoipa::path(get, path = "/v1/recipes/{id}/labels", tag = "Recipes", operation_id = "recipeLabels",
    params(("id" = String, Path, description = "Id of the recipe (`rcp_...`); another account's id is 404."), LabelsParams),
    responses((status = 200, description = "One entry per format, in the order asked.", body = LabelSet)),
    security(("apiKey" = []), ("appSession" = [])))]
pub async fn recipe_labels(
    State(app): State<QueryState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiQuery(params): ApiQuery<LabelsParams>,
) -> Result<Json<LabelSet>, ApiError> {
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
        let computed = match nls_readmodel::derive::derive(
            &mut LazyConn::held(&mut conn),
            caller.account_id,
            &id,
            &state,
            None,
        )
        .await
        {
            Ok(derived) => Ok(derived.label),
            Err(err) if err.is_client_side() => Err(LabelProblem::from(&err)),
            Err(err) => return Err(err.into()),
        };
        data.push(LabelSetEntry {
            country,
            label: FormatLabel::of(&format.id, computed),
        });
    }
    Ok(Json(LabelSet {
        data,
        recipe_id: id,
    }))
}
