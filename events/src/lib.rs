//! The event schema shared by every role: identifiers, the envelope, the facts about recipes
//! and ingredients with their frozen `(event_type, schema_version)` pairs, and the folds that
//! turn a stream of facts into the current state. Pure: no I/O.
#![forbid(unsafe_code)]

pub mod envelope;
pub mod error;
pub mod ids;
pub mod ingredient;
pub mod recipe;

pub use envelope::{Envelope, NewEvent};
pub use error::DecodeError;
pub use ids::{IngredientId, RecipeId, StreamId};
pub use ingredient::{IngredientEvent, IngredientState};
pub use recipe::{RecipeEvent, RecipeState};

/// Any event of any stream, decoded. One is decoded at a time, so the size of its largest
/// variant (a recipe creation with all its members) costs nothing worth a box.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum DomainEvent {
    Recipe(RecipeEvent),
    Ingredient(IngredientEvent),
}

impl DomainEvent {
    /// Decodes a stored `(event_type, schema_version, payload)` triple. This is the only
    /// place old shapes are upcast; it covers every pair ever written.
    pub fn decode(
        event_type: &str,
        schema_version: i16,
        payload: serde_json::Value,
    ) -> Result<Self, DecodeError> {
        if event_type.starts_with("recipe_") {
            RecipeEvent::decode(event_type, schema_version, payload).map(Self::Recipe)
        } else if event_type.starts_with("ingredient_") {
            IngredientEvent::decode(event_type, schema_version, payload).map(Self::Ingredient)
        } else {
            Err(DecodeError::Unknown {
                event_type: event_type.to_owned(),
                schema_version,
            })
        }
    }
}
