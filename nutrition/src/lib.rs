//! Pure nutrition-label math: nutrient amounts, rounding per jurisdiction, daily values,
//! claims, allergens and ingredient statements. No I/O, no async.
#![forbid(unsafe_code)]

pub mod allergen;
pub mod claims;
pub mod compute;
pub mod error;
pub mod format;
pub mod label;
pub mod nutrient;
pub mod plausibility;
pub mod rounding;
pub mod statement;

pub use allergen::Allergen;
pub use claims::{claims, Claim};
pub use compute::compute_label;
pub use error::LabelError;
pub use format::{
    format, formats, EnergyUnit, Family, Format, FormatNutrient, PercentRounding, Quantity,
    Rounding,
};
pub use label::{
    CalorieBasis, EuBlock, EuFacts, Facts, IngredientSource, Label, LabelShapeError, Plan,
    RecipeInput, ResolvedIngredient, ServingSize, UsFacts,
};
pub use nutrient::{Nutrient, NutrientAmounts};

#[cfg(test)]
mod tests;
