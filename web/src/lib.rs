//! What every HTTP-facing role shares: the error body, the JSON and header extractors,
//! API-key authentication and list paging.
#![forbid(unsafe_code)]

pub mod app_session;
pub mod auth;
pub mod auth_cache;
pub mod body_deadline;
pub mod client_addr;
pub mod error;
pub mod export_limit;
pub mod fop;
pub mod formats;
pub mod headers;
pub mod housekeeping;
pub mod json;
pub mod json_value;
pub mod lease;
pub mod metrics;
pub mod name_cache;
pub mod paging;
pub mod password;
pub mod rate_limit;
pub mod request_id;
pub mod session;
pub mod sign_in_limit;
pub mod text;

pub use auth::{Caller, Plan};
pub use error::{ApiError, ErrorBody, ErrorCode};
pub use formats::FormatPlan;
pub use headers::{IdempotencyKey, IfMatch, Versioned};
pub use json::{ApiJson, ApiQuery, JsonFields, BODY_LIMIT_BYTES};
pub use paging::{Cursor, ListParams, Page, PageParams};
