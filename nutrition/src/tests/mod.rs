//! Crate tests: rules tables from LABEL_RULES.md, worked examples, computation, statements,
//! claims, JSON shape, errors and properties. No I/O.
#![allow(clippy::unwrap_used, clippy::float_cmp)]

mod allergens;
mod anz;
mod canada;
mod canada_simplified;
mod catalog;
mod claims;
mod columns;
mod compute;
mod errors;
mod families;
mod golden;
mod json;
mod languages;
mod missing;
mod properties;
mod rounding;
mod scripts;
mod statements;
mod worked_examples;

use std::collections::BTreeSet;

use crate::{
    Allergen, IngredientSource, Nutrient, NutrientAmounts, RecipeInput, ResolvedIngredient,
};

/// An ingredient with per-100 g `amounts`.
pub fn ing(name: &str, grams: f64, amounts: &[(Nutrient, f64)]) -> ResolvedIngredient {
    let mut a = NutrientAmounts::default();
    for (n, v) in amounts {
        a.set(*n, *v);
    }
    ResolvedIngredient {
        names: Default::default(),
        added_nutrients: Default::default(),
        grams,
        label_name: name.to_string(),
        allergens: BTreeSet::new(),
        allergen_details: Default::default(),
        allergen_exemptions: Default::default(),
        sub_ingredients: Vec::new(),
        sub_ingredients_to_confirm: false,
        source: IngredientSource::PerHundredGrams(a),
        sugars_based: false,
    }
}

/// `ing` with allergens.
pub fn ing_with(name: &str, grams: f64, allergens: &[Allergen]) -> ResolvedIngredient {
    let mut i = ing(name, grams, &[(Nutrient::Calories, 100.0)]);
    i.allergens = allergens.iter().copied().collect();
    i
}

/// A sub-recipe used at `grams`.
pub fn sub(name: &str, grams: f64, recipe: RecipeInput) -> ResolvedIngredient {
    ResolvedIngredient {
        names: Default::default(),
        added_nutrients: Default::default(),
        grams,
        label_name: name.to_string(),
        allergens: BTreeSet::new(),
        allergen_details: Default::default(),
        allergen_exemptions: Default::default(),
        sub_ingredients: Vec::new(),
        sub_ingredients_to_confirm: false,
        source: IngredientSource::SubRecipe(Box::new(recipe)),
        sugars_based: false,
    }
}

/// A recipe of `servings` with an optional serving weight.
pub fn recipe(
    servings: f64,
    serving_weight_g: Option<f64>,
    ingredients: Vec<ResolvedIngredient>,
) -> RecipeInput {
    RecipeInput {
        voluntary_nutrients: Default::default(),
        servings,
        serving_weight_g,
        serving_size_text: None,
        racc_g: None,
        ingredients,
    }
}

/// A one-serving recipe whose single 100 g ingredient has exactly `per_serving` amounts.
pub fn one_serving(per_serving: &[(Nutrient, f64)]) -> RecipeInput {
    recipe(1.0, None, vec![ing("food", 100.0, per_serving)])
}

/// The registry's formats used by tests.
pub fn us() -> &'static crate::Format {
    crate::format("standard").unwrap()
}

/// The EU format.
pub fn eu() -> &'static crate::Format {
    crate::format("eu-1169").unwrap()
}
