//! Pure nutrition-label math: nutrient amounts, rounding per jurisdiction, daily values,
//! claims, allergens and ingredient statements. No I/O, no async.
#![forbid(unsafe_code)]

pub mod allergen;
pub mod nutrient;

pub use allergen::Allergen;
pub use nutrient::{Nutrient, NutrientAmounts};
