//! Resource identifiers. Suffixes are UUIDv7 in lowercase hex: time-ordered (so lists
//! paged by id are in creation order) and unguessable enough for resources that are also
//! guarded by account ownership.

use std::fmt;

use serde::{Deserialize, Serialize};
use uuid::Uuid;

macro_rules! prefixed_id {
    ($name:ident, $prefix:literal) => {
        #[doc = concat!("Identifier of the shape `", $prefix, "<32 hex>`.")]
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct $name(String);

        impl $name {
            /// The prefix including the underscore.
            pub const PREFIX: &'static str = $prefix;

            /// A new time-ordered identifier.
            pub fn generate() -> Self {
                Self(format!("{}{}", $prefix, Uuid::now_v7().simple()))
            }

            /// Parses an identifier; `None` unless it has the prefix and a 32-hex suffix.
            pub fn parse(raw: &str) -> Option<Self> {
                let suffix = raw.strip_prefix($prefix)?;
                let valid = suffix.len() == 32
                    && suffix
                        .bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
                valid.then(|| Self(raw.to_owned()))
            }

            /// The identifier as text.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl TryFrom<String> for $name {
            type Error = String;
            fn try_from(raw: String) -> Result<Self, Self::Error> {
                Self::parse(&raw).ok_or_else(|| format!("not a valid {} identifier", $prefix))
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }
    };
}

prefixed_id!(RecipeId, "rcp_");
prefixed_id!(IngredientId, "ing_");

/// The stream an event belongs to: one per recipe or ingredient, named by its id.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum StreamId {
    Recipe(RecipeId),
    Ingredient(IngredientId),
}

impl StreamId {
    /// Parses a stored stream id.
    pub fn parse(raw: &str) -> Option<Self> {
        RecipeId::parse(raw)
            .map(Self::Recipe)
            .or_else(|| IngredientId::parse(raw).map(Self::Ingredient))
    }

    /// The stream id as stored.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Recipe(id) => id.as_str(),
            Self::Ingredient(id) => id.as_str(),
        }
    }

    /// `"recipe"` or `"ingredient"`, used in NATS subjects.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Recipe(_) => "recipe",
            Self::Ingredient(_) => "ingredient",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_parse_back_and_sort_by_creation() {
        let first = RecipeId::generate();
        let second = RecipeId::generate();
        assert_eq!(RecipeId::parse(first.as_str()), Some(first.clone()));
        assert!(first < second);
    }

    #[test]
    fn ids_with_the_wrong_prefix_or_shape_are_rejected() {
        let ing = IngredientId::generate();
        assert_eq!(RecipeId::parse(ing.as_str()), None);
        assert_eq!(RecipeId::parse("rcp_"), None);
        assert_eq!(RecipeId::parse("rcp_../../etc/passwd"), None);
        assert_eq!(
            RecipeId::parse("rcp_0123456789ABCDEF0123456789abcdef"),
            None
        );
    }
}
