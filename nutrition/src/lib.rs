//! Pure nutrition-label math: nutrient amounts, rounding per jurisdiction, daily values,
//! claims, allergens and ingredient statements. No I/O, no async.
//!
//! Formats, regimes and their printed words are data (`nutrition/data/`, embedded at compile
//! time and validated by the tests); see docs/FORMATS_HOWTO.md.
#![forbid(unsafe_code)]

pub mod allergen;
pub mod catalog;
pub mod claims;
pub mod compute;
pub mod countries;
pub mod edition;
pub mod error;
pub mod fop;
pub mod format;
pub mod label;
mod label_schema;
pub mod missing;
pub mod nutrient;
pub mod package;
pub mod plausibility;
pub mod racc;
pub mod regime;
pub mod rounding;
pub mod serving;
pub mod statement;
pub mod sugars_group;
pub mod terms;

pub use allergen::{Allergen, AllergenDetails};
pub use catalog::{catalog, format, formats, Catalog, DataError};
pub use claims::{claims, Claim};
pub use compute::{compute_aggregate, compute_label, compute_label_with, Extras, Food};
pub use error::LabelError;
pub use format::{
    Amounts, Basis, Column, Declare, Format, JsonShape, LayoutSpec, PercentRounding, Quantity,
    Role, Rounding, Row, RowStyle, Section,
};
pub use label::{
    CalorieBasis, Cell, DeclaredRow, FoodColumn, FormatStatus, IngredientSource, Label,
    LabelShapeError, LanguageNames, LanguageStatement, Note, RecipeInput, ResolvedIngredient,
    ServingSize, VoluntaryReason, Warning,
};
pub use missing::MissingNutrient;
pub use nutrient::{Nutrient, NutrientAmounts};
pub use regime::{IngredientCase, IngredientListRules, Regime, SetApart};
pub use terms::Terms;

#[cfg(test)]
mod tests;
