//! The query role: the read half of the REST API (recipes, ingredients, history, the food
//! database) and `/v1/analyze`, which computes without saving.
#![forbid(unsafe_code)]

pub mod analyze;
pub mod audit;
pub mod catalogs;
pub mod countries;
pub mod foods;
pub mod formats;
pub mod history;
pub mod http;
pub mod labels;
pub mod reformulate;

pub use http::{router, QueryState};
