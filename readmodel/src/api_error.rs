//! How the read model's refusals read in the API: each converted to the JSON error body in
//! one place, whichever role met it (a write, `/v1/analyze`).

use nls_web::{ApiError, ErrorCode};
use serde_json::json;

use crate::bounds::{BelowDryMatter, TooLarge};
use crate::derive::DeriveError;
use crate::resolve::ResolveError;
use nls_nutrition::LabelError;

/// `unknown_label_format`, built where every other path builds it (`nls_web::formats`).
pub fn unknown_format(format: &str) -> ApiError {
    nls_web::formats::unknown_label_format("label_format", format)
}

impl From<ResolveError> for ApiError {
    fn from(err: ResolveError) -> Self {
        match err {
            ResolveError::UnknownId { index, reference } => ApiError::new(
                ErrorCode::UnknownIngredient,
                format!("ingredients[{index}]: {reference} does not exist"),
            )
            .with_details(json!([{ "field": format!("ingredients[{index}].ingredient_id"), "problem": "unknown id" }])),
            ResolveError::UnknownName {
                index,
                name,
                suggestions,
            } => ApiError::new(
                ErrorCode::UnknownIngredient,
                format!("ingredients[{index}]: no ingredient or food matches {name:?}"),
            )
            .with_details(json!({ "field": format!("ingredients[{index}].name"), "suggestions": suggestions })),
            ResolveError::Database(e) => ApiError::from(e),
        }
    }
}

impl From<DeriveError> for ApiError {
    fn from(err: DeriveError) -> Self {
        match err {
            DeriveError::UnknownIngredient(id) => ApiError::new(
                ErrorCode::UnknownIngredient,
                format!("{} does not exist", id.chars().take(80).collect::<String>()),
            ),
            DeriveError::Cycle(path) => ApiError::new(
                ErrorCode::RecipeCycle,
                format!("sub-recipes would form a cycle: {}", path.join(" -> ")),
            ),
            DeriveError::TooLarge(too_large) => ApiError::new(
                ErrorCode::RecipeTooLarge,
                format!("recipe too large: {too_large}"),
            )
            .with_details(too_large_details(&too_large)),
            DeriveError::UnknownFormat(format) => unknown_format(&format),
            DeriveError::Label(e) => label_error(e),
            DeriveError::FrontOfPack(e) => ApiError::validation("front_of_pack", e),
            DeriveError::Database(e) => ApiError::from(e),
            DeriveError::CorruptView(e) => ApiError::internal(e),
            DeriveError::CorruptEvent(e) => ApiError::internal(e),
        }
    }
}

/// A label the engine refused: 422 `format_not_permitted` naming the rule and the count
/// where the law does not allow the format for this food, else 400 `validation_failed`.
fn label_error(e: LabelError) -> ApiError {
    let message = e.to_string();
    match e {
        LabelError::FormatNotPermitted {
            format,
            insignificant,
            needed,
            rule,
            ..
        } => ApiError::new(ErrorCode::FormatNotPermitted, message).with_details(json!([{
            "field": "label_format",
            "problem": format!("{format} is not permitted for this food"),
            "rule": rule,
            "insignificant": insignificant,
            "needed": needed,
        }])),
        _ => ApiError::new(ErrorCode::ValidationFailed, message),
    }
}

impl From<BelowDryMatter> for ApiError {
    fn from(BelowDryMatter { final_g, solids_g }: BelowDryMatter) -> Self {
        let problem = format!(
            "servings x serving_weight_g is {} g, less than the {} g of dry matter in the \
             ingredients (their weight less water, from the food table where it gives water, \
             else at least their fat, carbohydrate and protein; sub-recipes per gram of \
             their final weight); cooking can lose water but not solids",
            round_g(final_g),
            round_g(solids_g)
        );
        ApiError::new(
            ErrorCode::ValidationFailed,
            format!("serving_weight_g: {problem}"),
        )
        .with_details(json!([{ "field": "serving_weight_g", "problem": problem }]))
    }
}

/// Grams to one decimal, for messages.
fn round_g(grams: f64) -> f64 {
    (grams * 10.0).round() / 10.0
}

/// `{limit, max, value}` of a size limit.
pub fn too_large_details(too_large: &TooLarge) -> serde_json::Value {
    json!({
        "limit": too_large.limit.key(),
        "max": too_large.limit.max(),
        "value": too_large.value,
    })
}

/// `strict=true`: 422 `incomplete_nutrient_data` when `label` (a label object's JSON) lists
/// any nutrient in `missing`; `details` is that list (`[{"nutrient", "ingredients"}]`), so
/// the client knows what to give. A complete label passes.
pub fn require_complete(label: &serde_json::Value) -> Result<(), ApiError> {
    let Some(missing) = label
        .get("missing")
        .and_then(|m| m.as_array())
        .filter(|m| !m.is_empty())
    else {
        return Ok(());
    };
    let nutrients: Vec<&str> = missing
        .iter()
        .filter_map(|m| m.get("nutrient").and_then(|n| n.as_str()))
        .collect();
    Err(ApiError::new(
        ErrorCode::IncompleteNutrientData,
        format!(
            "strict=true: the data of some ingredients lacks {}; give the amounts per 100 g \
             (a recipe line's `nutrients`, or the custom ingredient's `nutrients_per_100g`)",
            nutrients.join(", ")
        ),
    )
    .with_details(serde_json::Value::Array(missing.clone())))
}
