//! Where the command side's outcomes meet HTTP status codes.

use nls_eventlog::AppendError;
use nls_projector::derive::DeriveError;
use nls_projector::resolve::ResolveError;
use nls_projector::ProjectionError;
use nls_web::{ApiError, ErrorCode};
use serde_json::json;

use crate::decide::DomainError;

/// Converts a decision error; `what` names the resource for messages.
pub fn domain(err: DomainError, what: &str) -> ApiError {
    match err {
        DomainError::NotFound => ApiError::not_found(what),
        DomainError::UnknownFormat(format) => {
            nls_web::formats::unknown_label_format("label_format", &format)
        }
        DomainError::FormatNotInPlan(format) => match nls_nutrition::format(&format) {
            Some(known) => nls_web::formats::plan_format_not_allowed(known),
            None => nls_web::formats::unknown_label_format("label_format", &format),
        },
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
    }
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
        DeriveError::UnknownFormat(format) => domain(DomainError::UnknownFormat(format), "recipe"),
        DeriveError::Label(e) => ApiError::new(ErrorCode::ValidationFailed, e.to_string()),
        DeriveError::Database(e) => ApiError::from(e),
        DeriveError::CorruptView(e) => ApiError::internal(e),
        DeriveError::CorruptEvent(e) => ApiError::internal(e),
    }
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
