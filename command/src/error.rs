//! Where the command side's outcomes meet HTTP status codes.

use nls_eventlog::AppendError;
use nls_readmodel::bounds::TooLarge;
use nls_readmodel::derive::DeriveError;
use nls_readmodel::guard::Broken;
use nls_readmodel::resolve::ResolveError;
use nls_readmodel::ProjectionError;
use nls_web::{ApiError, ErrorCode};
use serde_json::json;

use crate::decide::DomainError;

/// Converts a decision error; `what` names the resource for messages.
pub fn domain(err: DomainError, what: &str) -> ApiError {
    match err {
        DomainError::NotFound => ApiError::not_found(what),
        DomainError::UnknownFormat(format) => ApiError::new(
            ErrorCode::UnknownLabelFormat,
            format!(
                "unknown label_format {:?}; known formats: {}",
                format.chars().take(40).collect::<String>(),
                nls_nutrition::formats()
                    .iter()
                    .map(|f| f.id)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        DomainError::FormatNotInPlan(format) => ApiError::new(
            ErrorCode::PlanFormatNotAllowed,
            format!("label_format {format:?} needs a higher plan"),
        ),
        DomainError::EmbedNotInPlan => ApiError::new(
            ErrorCode::PlanFeatureNotAllowed,
            "the live embed needs the Professional or Business plan",
        ),
        DomainError::InUse(recipes) => {
            let code = if what == "ingredient" {
                ErrorCode::IngredientInUse
            } else {
                ErrorCode::RecipeInUse
            };
            ApiError::new(
                code,
                format!(
                    "{what} is used by {} recipe(s): {}; archive it instead",
                    recipes.len(),
                    recipes.join(", ")
                ),
            )
            .with_details(json!({ "recipes": recipes }))
        }
        DomainError::BelowDryMatter { final_g, solids_g } => {
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
}

/// Grams to one decimal, for messages.
fn round_g(grams: f64) -> f64 {
    (grams * 10.0).round() / 10.0
}

/// Converts a resolution error.
pub fn resolve(err: ResolveError) -> ApiError {
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

/// Converts a label derivation error.
pub fn derive(err: DeriveError) -> ApiError {
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
        DeriveError::UnknownFormat(format) => domain(DomainError::UnknownFormat(format), "recipe"),
        DeriveError::Label(e) => ApiError::new(ErrorCode::ValidationFailed, e.to_string()),
        DeriveError::Database(e) => ApiError::from(e),
        DeriveError::CorruptView(e) => ApiError::internal(e),
        DeriveError::CorruptEvent(e) => ApiError::internal(e),
    }
}

/// `{limit, max, value}` of a size limit.
fn too_large_details(too_large: &TooLarge) -> serde_json::Value {
    json!({
        "limit": too_large.limit.key(),
        "max": too_large.limit.max(),
        "value": too_large.value,
    })
}

/// A write refused because a recipe using what it changes would lose its label.
pub fn broken(broken: Broken) -> ApiError {
    let mut problem = json!({
        "code": broken.problem.code(),
        "message": broken.problem.to_string(),
    });
    if let DeriveError::TooLarge(too_large) = &broken.problem {
        if let (Some(problem), serde_json::Value::Object(limit)) =
            (problem.as_object_mut(), too_large_details(too_large))
        {
            problem.extend(limit);
        }
    }
    ApiError::new(
        ErrorCode::BreaksDependentRecipe,
        format!(
            "this change would leave recipe {} ({:?}), which uses it, without a label: {}; \
             nothing was changed",
            broken.recipe_id,
            broken.name.chars().take(80).collect::<String>(),
            broken.problem
        ),
    )
    .with_details(json!({
        "recipe_id": broken.recipe_id,
        "name": broken.name,
        "problem": problem,
    }))
}

/// Converts a projection error (always unexpected on the write path).
pub fn projection(err: ProjectionError) -> ApiError {
    ApiError::internal(err)
}

/// Converts an append error that was not retried.
pub fn append(err: AppendError) -> ApiError {
    match err {
        AppendError::VersionMismatch { .. } => ApiError::new(
            ErrorCode::VersionMismatch,
            "the resource changed since the version in If-Match; GET it and retry",
        ),
        AppendError::Database(e) => ApiError::from(e),
    }
}
