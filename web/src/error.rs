//! The one type that becomes an HTTP error, and the table of stable error codes.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use serde_json::Value;

/// Every machine code a client can receive, with its status. Codes are API: never renamed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    InvalidJson,
    ValidationFailed,
    UnknownField,
    UnknownIngredient,
    UnknownLabelFormat,
    RecipeCycle,
    UnsupportedFileType,
    UnsupportedMediaType,
    Unauthorized,
    PlanFormatNotAllowed,
    PlanFeatureNotAllowed,
    PlanFileTypeNotAllowed,
    NotFound,
    MethodNotAllowed,
    VersionMismatch,
    IdempotencyKeyReused,
    IngredientInUse,
    RecipeInUse,
    IngredientNameTaken,
    BreaksDependentRecipe,
    LabelUnavailable,
    RecipeTooLarge,
    RateLimited,
    PayloadTooLarge,
    Internal,
    Unavailable,
    // Bounds of one request (issue 12).
    ImageTooLarge,
    StatementTooLong,
    RequestTimeout,
    UriTooLong,
    /// `strict=true` and the label declares nutrients the data lacks (issue 14).
    IncompleteNutrientData,
    /// A physical label width below the one at which its type keeps the regime's minimum
    /// sizes (21 CFR 101.9(d)(1)(iii), (j)(13)).
    LabelTooSmall,
    /// A cookie-authenticated write without the session's `X-CSRF-Token`, or from another
    /// origin (the app's sessions, issue 16).
    CsrfFailed,
    /// Sign-up with an e-mail address that already has an account.
    EmailTaken,
    /// A format its law does not allow for this food (the simplified US format for a food
    /// with fewer than 8 insignificant nutrients, 21 CFR 101.9(f)).
    FormatNotPermitted,
    /// A reformulation goal no recipe within the constraints meets (issue 30).
    GoalUnreachable,
    /// A reformulation request past one of its bounds (lines, goals, candidates,
    /// substitutes; issue 30).
    ReformulationTooLarge,
}

impl ErrorCode {
    /// Every code, for the OpenAPI document and its completeness test.
    pub const ALL: [ErrorCode; 37] = [
        Self::InvalidJson,
        Self::ValidationFailed,
        Self::UnknownField,
        Self::UnknownIngredient,
        Self::UnknownLabelFormat,
        Self::RecipeCycle,
        Self::UnsupportedFileType,
        Self::UnsupportedMediaType,
        Self::Unauthorized,
        Self::PlanFormatNotAllowed,
        Self::PlanFeatureNotAllowed,
        Self::PlanFileTypeNotAllowed,
        Self::NotFound,
        Self::MethodNotAllowed,
        Self::VersionMismatch,
        Self::IdempotencyKeyReused,
        Self::IngredientInUse,
        Self::RecipeInUse,
        Self::IngredientNameTaken,
        Self::BreaksDependentRecipe,
        Self::LabelUnavailable,
        Self::RecipeTooLarge,
        Self::RateLimited,
        Self::PayloadTooLarge,
        Self::Internal,
        Self::Unavailable,
        Self::ImageTooLarge,
        Self::StatementTooLong,
        Self::RequestTimeout,
        Self::UriTooLong,
        Self::IncompleteNutrientData,
        Self::LabelTooSmall,
        Self::CsrfFailed,
        Self::EmailTaken,
        Self::FormatNotPermitted,
        Self::GoalUnreachable,
        Self::ReformulationTooLarge,
    ];

    /// The HTTP status this code is always sent with.
    pub fn status(self) -> StatusCode {
        match self {
            Self::InvalidJson
            | Self::ValidationFailed
            | Self::UnknownField
            | Self::UnknownIngredient
            | Self::UnknownLabelFormat
            | Self::RecipeCycle
            | Self::UnsupportedFileType => StatusCode::BAD_REQUEST,
            Self::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unauthorized => StatusCode::UNAUTHORIZED,
            Self::PlanFormatNotAllowed
            | Self::PlanFeatureNotAllowed
            | Self::PlanFileTypeNotAllowed
            | Self::CsrfFailed => StatusCode::FORBIDDEN,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::VersionMismatch => StatusCode::PRECONDITION_FAILED,
            Self::IdempotencyKeyReused
            | Self::IngredientInUse
            | Self::RecipeInUse
            | Self::IngredientNameTaken
            | Self::EmailTaken
            | Self::BreaksDependentRecipe
            | Self::LabelUnavailable => StatusCode::CONFLICT,
            Self::RecipeTooLarge => StatusCode::UNPROCESSABLE_ENTITY,
            Self::RateLimited | Self::PayloadTooLarge => StatusCode::TOO_MANY_REQUESTS,
            Self::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            Self::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            Self::ImageTooLarge
            | Self::StatementTooLong
            | Self::IncompleteNutrientData
            | Self::LabelTooSmall
            | Self::FormatNotPermitted
            | Self::GoalUnreachable
            | Self::ReformulationTooLarge => StatusCode::UNPROCESSABLE_ENTITY,
            Self::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Self::UriTooLong => StatusCode::URI_TOO_LONG,
        }
    }

    /// The snake_case code as sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::InvalidJson => "invalid_json",
            Self::ValidationFailed => "validation_failed",
            Self::UnknownField => "unknown_field",
            Self::UnknownIngredient => "unknown_ingredient",
            Self::UnknownLabelFormat => "unknown_label_format",
            Self::RecipeCycle => "recipe_cycle",
            Self::UnsupportedFileType => "unsupported_file_type",
            Self::UnsupportedMediaType => "unsupported_media_type",
            Self::Unauthorized => "unauthorized",
            Self::PlanFormatNotAllowed => "plan_format_not_allowed",
            Self::PlanFeatureNotAllowed => "plan_feature_not_allowed",
            Self::PlanFileTypeNotAllowed => "plan_file_type_not_allowed",
            Self::NotFound => "not_found",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::VersionMismatch => "version_mismatch",
            Self::IdempotencyKeyReused => "idempotency_key_reused",
            Self::IngredientInUse => "ingredient_in_use",
            Self::RecipeInUse => "recipe_in_use",
            Self::IngredientNameTaken => "ingredient_name_taken",
            Self::BreaksDependentRecipe => "breaks_dependent_recipe",
            Self::LabelUnavailable => "label_unavailable",
            Self::RecipeTooLarge => "recipe_too_large",
            Self::RateLimited => "rate_limited",
            Self::PayloadTooLarge => "payload_too_large",
            Self::Internal => "internal",
            Self::Unavailable => "unavailable",
            Self::ImageTooLarge => "image_too_large",
            Self::StatementTooLong => "statement_too_long",
            Self::RequestTimeout => "request_timeout",
            Self::UriTooLong => "uri_too_long",
            Self::IncompleteNutrientData => "incomplete_nutrient_data",
            Self::LabelTooSmall => "label_too_small",
            Self::CsrfFailed => "csrf_failed",
            Self::EmailTaken => "email_taken",
            Self::FormatNotPermitted => "format_not_permitted",
            Self::GoalUnreachable => "goal_unreachable",
            Self::ReformulationTooLarge => "reformulation_too_large",
        }
    }
}

/// An error on its way to a client. `Client` errors say what the caller can fix; `Internal`
/// carries the cause for the log only, and the client sees a generic message.
#[derive(Debug)]
pub enum ApiError {
    Client {
        code: ErrorCode,
        message: String,
        details: Option<Value>,
        retry_after_secs: Option<u64>,
    },
    Internal(Box<dyn std::error::Error + Send + Sync>),
}

impl ApiError {
    /// A client error with a message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::Client {
            code,
            message: message.into(),
            details: None,
            retry_after_secs: None,
        }
    }

    /// Adds field-level details.
    pub fn with_details(self, new_details: Value) -> Self {
        match self {
            Self::Client {
                code,
                message,
                retry_after_secs,
                ..
            } => Self::Client {
                code,
                message,
                details: Some(new_details),
                retry_after_secs,
            },
            internal => internal,
        }
    }

    /// Adds a `Retry-After` header (whole seconds).
    pub fn with_retry_after(self, secs: u64) -> Self {
        match self {
            Self::Client {
                code,
                message,
                details,
                ..
            } => Self::Client {
                code,
                message,
                details,
                retry_after_secs: Some(secs),
            },
            internal => internal,
        }
    }

    /// The resource does not exist or belongs to another account (never told apart).
    pub fn not_found(what: &str) -> Self {
        Self::new(ErrorCode::NotFound, format!("{what} not found"))
    }

    /// A field failed its rule.
    pub fn validation(field: &str, problem: impl Into<String>) -> Self {
        let problem = problem.into();
        Self::new(ErrorCode::ValidationFailed, format!("{field}: {problem}"))
            .with_details(serde_json::json!([{ "field": field, "problem": problem }]))
    }

    /// An unexpected failure: logged with its cause chain, never shown.
    pub fn internal(err: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Internal(Box::new(err))
    }

    /// The code this error will be sent with.
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::Client { code, .. } => *code,
            Self::Internal(_) => ErrorCode::Internal,
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        match err {
            // Every connection busy, or Postgres away or refusing more clients: a moment's
            // wait may be all it takes, so 503 with Retry-After rather than a 500.
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => {
                tracing::warn!(error = %err, "database unavailable");
                Self::new(
                    ErrorCode::Unavailable,
                    "the database is busy or unreachable; retry shortly",
                )
                .with_retry_after(1)
            }
            other => Self::internal(other),
        }
    }
}

impl From<crate::lease::SettleError> for ApiError {
    fn from(err: crate::lease::SettleError) -> Self {
        match err {
            crate::lease::SettleError::Database(err) => err.into(),
            // The change is written; some process has not confirmed it yet (and will stop
            // serving keys when its lease ends). Repeating the request confirms it again.
            unconfirmed @ crate::lease::SettleError::Unconfirmed(_) => {
                tracing::warn!(error = %unconfirmed, "revocation not confirmed in time");
                Self::new(
                    ErrorCode::Unavailable,
                    "the change is recorded but not every server has confirmed it yet; retry",
                )
                .with_retry_after(1)
            }
        }
    }
}

/// Every error's body: `{"error": {"code", "message", "details"?}}`.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Serialize, utoipa::ToSchema)]
struct ErrorDetail {
    /// Stable machine code; see the table in the description.
    #[schema(value_type = ErrorCode)]
    code: &'static str,
    message: String,
    /// Field-level problems, e.g. `[{"field": "servings", "problem": "must be > 0"}]`; the
    /// shape for each code is in `components.x-error-details`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<serde_json::Value>)]
    details: Option<Value>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (code, message, details, retry_after) = match self {
            Self::Client {
                code,
                message,
                details,
                retry_after_secs,
            } => (code, message, details, retry_after_secs),
            Self::Internal(err) => {
                tracing::error!(error = %err, source = ?err.source(), "request failed");
                (
                    ErrorCode::Internal,
                    "internal error; retry with backoff".to_owned(),
                    None,
                    None,
                )
            }
        };
        let body = ErrorBody {
            error: ErrorDetail {
                code: code.as_str(),
                message,
                details,
            },
        };
        let mut response = (code.status(), Json(body)).into_response();
        if code == ErrorCode::Unauthorized {
            // RFC 9110 §11.6.1: a 401 names the scheme that would be accepted.
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        if let Some(secs) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_that_is_busy_or_away_is_503_with_retry_after_and_other_failures_500() {
        for err in [
            sqlx::Error::PoolTimedOut,
            sqlx::Error::Io(std::io::Error::other("connection refused")),
        ] {
            let api = ApiError::from(err);
            assert_eq!(api.code(), ErrorCode::Unavailable);
            assert_eq!(api.code().status(), StatusCode::SERVICE_UNAVAILABLE);
        }
        assert_eq!(
            ApiError::from(sqlx::Error::RowNotFound).code(),
            ErrorCode::Internal
        );
    }

    #[test]
    fn every_code_has_a_distinct_name() {
        let mut names: Vec<_> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ErrorCode::ALL.len());
    }

    #[test]
    fn serde_names_match_the_sent_names() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_value(code).ok();
            assert_eq!(json, Some(Value::String(code.as_str().to_owned())));
        }
    }
}
