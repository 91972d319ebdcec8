//! nls-renderer: draws computed nutrition labels (SVG, PNG, PDF) and serves them.
//!
//! - [`draw`]: the pure drawing core (label → bytes).
//! - [`cache`]: rendered files in Postgres under a content key (never stale); [`hot`]: the
//!   most recently served of them in memory.
//! - [`label_index`]: where each recipe's current label is, so a hot file needs no query.
//! - [`limit`]: the per-account concurrent-render limit, held across processes.
//! - [`http`]: `GET /v1/recipes/{id}/label.{svg|png|pdf}` and `POST /functions/v1/export-label`;
//!   `GET /v1/recipes/{id}/fop.{svg|png|pdf}?scheme=` (front-of-pack elements, `fop_http`).
//! - [`embed`]: the public live label embed (`/embed.js`, `/embed/{token}`, its event stream).
//! - [`worker`]: the renderer role's event consumer, backlog and start-up sweep; [`backlog`]
//!   and [`idle`] are its queue and its low-priority drawing threads.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod backlog;
pub mod cache;
pub mod draw;
pub mod embed;
mod fop_http;
pub mod hot;
pub mod http;
pub mod idle;
pub mod label_index;
pub mod limit;
pub mod worker;

pub use http::{router, RenderState};
pub use worker::Worker;
