//! Where the command side's outcomes meet HTTP status codes.

use nls_eventlog::AppendError;
use nls_readmodel::api_error::{self, too_large_details};
use nls_readmodel::bounds::BelowDryMatter;
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
        DomainError::UnknownFormat(format) => api_error::unknown_format(&format),
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
            ApiError::from(BelowDryMatter { final_g, solids_g })
        }
    }
}

/// Converts a resolution error.
pub fn resolve(err: ResolveError) -> ApiError {
    err.into()
}

/// Converts a label derivation error.
pub fn derive(err: DeriveError) -> ApiError {
    err.into()
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
