//! The command role: the write half of the REST API. Every write loads its stream from the
//! log, decides (pure), appends with optimistic concurrency and applies the views in the
//! same transaction, so the response and the next read reflect it.
#![forbid(unsafe_code)]

pub mod decide;
pub mod error;
pub mod http;
pub mod import;
pub mod service;

/// The request bodies and their field rules, shared with `/v1/analyze`.
pub use nls_readmodel::requests;

pub use http::router;
pub use service::{CommandState, CreateQueue};
