//! Why a write was refused, as a type, and where those reasons meet the JSON error body
//! ([`From<CommandError> for ApiError`](CommandError)): the one place of the command side
//! that knows error codes.

use nls_eventlog::AppendError;
use nls_readmodel::api_error::too_large_details;
use nls_readmodel::bounds::BelowDryMatter;
use nls_readmodel::derive::DeriveError;
use nls_readmodel::guard::Broken;
use nls_readmodel::resolve::ResolveError;
use nls_readmodel::ProjectionError;
use nls_web::{ApiError, ErrorCode};
use serde_json::json;
use thiserror::Error;

use crate::decide::DomainError;
use crate::import::{self, ImportError};

/// Why a write did not happen.
#[derive(Debug, Error)]
pub enum CommandError {
    /// No such resource in the caller's account; `.0` names the kind.
    #[error("{0} not found")]
    NotFound(&'static str),
    /// The decision refused the command; `what` names the resource for messages.
    #[error("{error}")]
    Domain {
        error: DomainError,
        what: &'static str,
    },
    #[error(transparent)]
    Resolve(#[from] ResolveError),
    #[error(transparent)]
    Derive(#[from] DeriveError),
    /// A recipe using what the write changes would lose its label.
    #[error("the change would leave recipe {} without a label", .0.recipe_id)]
    BreaksDependent(Broken),
    /// Another live custom ingredient of the account has the same name key.
    #[error("ingredient {ingredient_id} is already named {name:?}")]
    NameTaken { ingredient_id: String, name: String },
    /// `If-Match` names another version than the current one.
    #[error("If-Match is {expected:?} but the current version is {current}")]
    IfMatch { expected: Vec<i64>, current: i64 },
    /// The stream moved on between the `If-Match` check and the append.
    #[error("the resource changed since the version in If-Match")]
    ChangedMeanwhile,
    /// This `Idempotency-Key` came with another request.
    #[error("the Idempotency-Key was used with a different request")]
    IdempotencyKeyReused,
    /// A bulk import refused as a whole or for its rows.
    #[error(transparent)]
    Import(#[from] ImportError),
    /// Lost the race for the stream on every attempt.
    #[error("too many concurrent writers")]
    Contention,
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// Anything else: a defect or corrupt storage, never the client's to fix.
    #[error("internal error: {0}")]
    Internal(String),
}

impl CommandError {
    /// An unexpected failure, kept for the log.
    pub fn internal(err: impl std::fmt::Display) -> Self {
        Self::Internal(err.to_string())
    }
}

/// Converts a decision error; `what` names the resource for messages.
pub fn domain(error: DomainError, what: &'static str) -> CommandError {
    CommandError::Domain { error, what }
}

/// Converts a resolution error.
pub fn resolve(err: ResolveError) -> CommandError {
    err.into()
}

/// Converts a label derivation error.
pub fn derive(err: DeriveError) -> CommandError {
    err.into()
}

/// A write refused because a recipe using what it changes would lose its label.
pub fn broken(broken: Broken) -> CommandError {
    CommandError::BreaksDependent(broken)
}

/// Converts a projection error (always unexpected on the write path).
pub fn projection(err: ProjectionError) -> CommandError {
    CommandError::internal(err)
}

/// Converts an append error that was not retried.
pub fn append(err: AppendError) -> CommandError {
    match err {
        AppendError::VersionMismatch { .. } => CommandError::ChangedMeanwhile,
        AppendError::Database(e) => CommandError::Database(e),
    }
}

impl From<CommandError> for ApiError {
    fn from(err: CommandError) -> Self {
        match err {
            CommandError::NotFound(what) => ApiError::not_found(what),
            CommandError::Domain { error, what } => domain_error(error, what),
            CommandError::Resolve(e) => e.into(),
            CommandError::Derive(e) => e.into(),
            CommandError::BreaksDependent(broken) => breaks_dependent(broken),
            CommandError::NameTaken {
                ingredient_id,
                name,
            } => ApiError::new(
                ErrorCode::IngredientNameTaken,
                format!(
                    "ingredient {ingredient_id} is already named {:?} (names are compared \
                     ignoring case and Unicode normalisation); a recipe line by name could not \
                     tell them apart",
                    name.chars().take(200).collect::<String>()
                ),
            )
            .with_details(json!({ "field": "name", "ingredient_id": ingredient_id })),
            CommandError::IfMatch { expected, current } => {
                let listed: Vec<String> = expected.iter().map(|v| format!("\"{v}\"")).collect();
                let named = if listed.is_empty() {
                    "names no version of this resource".to_owned()
                } else {
                    format!("is {}", listed.join(", "))
                };
                ApiError::new(
                    ErrorCode::VersionMismatch,
                    format!("If-Match {named} but the current version is \"{current}\""),
                )
            }
            CommandError::ChangedMeanwhile => ApiError::new(
                ErrorCode::VersionMismatch,
                "the resource changed since the version in If-Match; GET it and retry",
            ),
            CommandError::IdempotencyKeyReused => ApiError::new(
                ErrorCode::IdempotencyKeyReused,
                "this Idempotency-Key was used with a different request",
            ),
            CommandError::Import(e) => import_error(e),
            CommandError::Contention => ApiError::new(
                ErrorCode::Unavailable,
                "the resource is being changed by many writers at once; retry shortly",
            )
            .with_retry_after(1),
            CommandError::Database(e) => ApiError::from(e),
            CommandError::Internal(message) => ApiError::internal(std::io::Error::other(message)),
        }
    }
}

fn domain_error(err: DomainError, what: &str) -> ApiError {
    match err {
        DomainError::NotFound => ApiError::not_found(what),
        DomainError::UnknownFormat(format) => {
            nls_web::formats::unknown_label_format("label_format", &format)
        }
        DomainError::FormatNotInPlan(format) => match nls_nutrition::format(&format) {
            Some(known) => nls_web::formats::plan_format_not_allowed(known),
            None => nls_web::formats::unknown_label_format("label_format", &format),
        },
        DomainError::AggregateFormat(format) => ApiError::validation(
            "label_format",
            format!(
                "{format:?} sets one column per food of a variety pack; a recipe is one food \
                 (use POST /v1/analyze with foods)"
            ),
        ),
        DomainError::NoAutoFormat(allowed) => ApiError::validation(
            "label_format",
            format!("us.auto: none of the layouts the package allows ({allowed}) is available"),
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

/// An import's refusal. Row problems are `validation_failed` with one detail per problem
/// (`row`, `field`, `problem`, and the `code` the same problem has in a single create); the
/// bounds name their limit; a deadline passed is 503, as nothing was created.
fn import_error(err: ImportError) -> ApiError {
    let message = err.to_string();
    match err {
        ImportError::Rows { problems, more } => {
            let first = problems.first().map_or(String::new(), |p| {
                format!(": row {} {}: {}", p.row, p.field, p.problem)
            });
            let more_note = if more > 0 {
                format!(
                    "; the first {} problems are listed, {more} more are not",
                    problems.len()
                )
            } else {
                String::new()
            };
            ApiError::new(
                ErrorCode::ValidationFailed,
                format!("{message}, nothing was imported{first}{more_note}"),
            )
            .with_details(json!(problems))
        }
        ImportError::Deadline { secs } => ApiError::new(
            ErrorCode::Unavailable,
            format!(
                "the import did not finish within {secs} s and nothing was imported; import \
                 the file in smaller parts"
            ),
        )
        .with_retry_after(1),
        ImportError::TooManyRows { limit } => ApiError::new(
            ErrorCode::ValidationFailed,
            format!("{message}; import at most {limit} rows at once"),
        )
        .with_details(json!([{ "row": limit + 2, "field": "", "problem": format!("past the limit of {limit} rows") }])),
        ImportError::TooManyRecipes { limit } => ApiError::new(
            ErrorCode::ValidationFailed,
            format!("{message}; import at most {limit} recipes at once"),
        ),
        ImportError::TooLarge { .. } => ApiError::new(
            ErrorCode::PayloadTooLarge,
            format!(
                "{message}; at most {} bytes (and {} bytes sent)",
                import::sheet::MAX_XLSX_UNPACKED_BYTES,
                nls_web::BODY_LIMIT_BYTES
            ),
        )
        .with_retry_after(1),
        ImportError::Unreadable(_) | ImportError::NoHeader => {
            ApiError::new(ErrorCode::ValidationFailed, message)
        }
    }
}

fn breaks_dependent(broken: Broken) -> ApiError {
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
