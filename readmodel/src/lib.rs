//! The read model every role shares: the recipe and ingredient views, how a recipe's label
//! is derived, the API's representations, and every query on those tables. The roles use
//! it side by side: the command side applies its own events to the views in its append
//! transaction (read-your-writes), the projector applies everyone else's, the query side
//! and the renderer read them.
//!
//! - [`views`]: the recipe and ingredient views, applied idempotently per stream version.
//! - [`derive`]: resolving a recipe's lines against the views and the food database, and
//!   computing its label with the nutrition engine; [`bounds`] measures a recipe before it
//!   is expanded, [`guard`] checks what a write would do to the recipes using it.
//! - [`requests`]: a recipe's and an ingredient's fields as sent, and their rules;
//!   [`resolve`]: turning the client's entries into recorded lines.
//! - [`cascade`]: recomputing the labels of every recipe that uses a changed ingredient or
//!   sub-recipe; [`checkpoint`]: how far each projection got per stream.
//! - [`labels`]: the stored labels as the renderer reads them.
//! - [`representation`]: the JSON the API returns; [`past`]: recipes as they were.
//! - [`replay`]: rebuilding every read model from the log.
//! - [`api_error`]: how the read model's errors read in the API.
//! - [`notify`]: what the writers tell the readers in the same process.
//! - [`shipped`]: loading the embedded data up front.
#![forbid(unsafe_code)]

pub mod api_error;
pub mod bounds;
pub mod cascade;
pub mod checkpoint;
pub mod derive;
pub mod edition;
pub mod error;
pub mod extras;
pub mod guard;
pub mod label_change;
pub mod label_history;
pub mod label_json;
pub mod labels;
pub mod lazy_conn;
pub mod names;
pub mod new_recipes;
pub mod notify;
pub mod past;
pub mod printed;
pub mod replay;
pub mod representation;
pub mod requests;
pub mod resolve;
pub mod shipped;
pub mod views;

pub use error::ProjectionError;
