//! Label computation (API_DECISIONS §3): totals from grams, final weight, per serving and per
//! 100 g amounts, then the format's rounding, percentages and statements.

use std::collections::BTreeMap;

use crate::error::LabelError;
use crate::format::{Family, Format, Quantity};
use crate::label::{
    CalorieBasis, EuBlock, EuFacts, Facts, IngredientSource, Label, RecipeInput, ServingSize,
    UsFacts,
};
use crate::nutrient::{Nutrient, NutrientAmounts};
use crate::rounding::{self, Declared};
use crate::statement;

/// Deepest sub-recipe nesting accepted (a recipe using a sub-recipe is depth 1).
pub const MAX_NESTING: usize = 8;

/// Nutrient totals of a recipe and its weights, before any rounding.
#[derive(Debug, Clone, PartialEq)]
pub struct Totals {
    /// Sum of every ingredient's contribution; a nutrient is present when any ingredient
    /// knows it. `calories` is always present (Atwater 4/4/9 where the data lacked it).
    pub amounts: NutrientAmounts,
    /// Sum of ingredient grams (raw weight).
    pub ingredient_grams: f64,
    /// One serving, grams.
    pub serving_weight_g: f64,
    /// Final (cooked) weight, grams = servings × serving weight.
    pub final_weight_g: f64,
    /// Ingredients (leaves, sub-recipes included) whose calories came from the data.
    pub calories_from_data: usize,
    /// Ingredients whose calories were derived by Atwater 4/4/9.
    pub calories_from_atwater: usize,
}

fn positive(x: f64) -> bool {
    x.is_finite() && x > 0.0
}

/// Calories by the general factors of 21 CFR 101.9(c)(1)(i)(B): 4/4/9 kcal per g of
/// protein/total carbohydrate/total fat (missing amounts count as 0).
pub fn atwater_4_4_9(amounts: &NutrientAmounts) -> f64 {
    let g = |n| amounts.get(n).unwrap_or(0.0);
    4.0 * g(Nutrient::ProteinG)
        + 4.0 * g(Nutrient::TotalCarbohydrateG)
        + 9.0 * g(Nutrient::TotalFatG)
}

/// Validates `recipe` and sums its ingredients (recursively through sub-recipes).
pub fn totals(recipe: &RecipeInput) -> Result<Totals, LabelError> {
    totals_at(recipe, 0)
}

fn totals_at(recipe: &RecipeInput, depth: usize) -> Result<Totals, LabelError> {
    if depth > MAX_NESTING {
        return Err(LabelError::NestingTooDeep { max: MAX_NESTING });
    }
    if !positive(recipe.servings) {
        return Err(LabelError::InvalidServings(recipe.servings));
    }
    if let Some(w) = recipe.serving_weight_g {
        if !positive(w) {
            return Err(LabelError::InvalidServingWeight(w));
        }
    }
    if recipe.ingredients.is_empty() {
        return Err(LabelError::NoIngredients);
    }
    let mut amounts = NutrientAmounts::default();
    let mut ingredient_grams = 0.0;
    let mut from_data = 0;
    let mut from_atwater = 0;
    for ing in &recipe.ingredients {
        if !positive(ing.grams) {
            return Err(LabelError::InvalidGrams {
                ingredient: ing.label_name.clone(),
                grams: ing.grams,
            });
        }
        ingredient_grams += ing.grams;
        match &ing.source {
            IngredientSource::PerHundredGrams(per100) => {
                let mut per100 = per100.clone();
                for (n, v) in &per100.0 {
                    if !(v.is_finite() && *v >= 0.0) {
                        return Err(LabelError::InvalidNutrientAmount {
                            ingredient: ing.label_name.clone(),
                            nutrient: n.key(),
                            amount: *v,
                        });
                    }
                }
                // Polyols (EU) and sugar alcohols (US) name the same components.
                match (
                    per100.get(Nutrient::PolyolsG),
                    per100.get(Nutrient::SugarAlcoholsG),
                ) {
                    (Some(p), None) => per100.set(Nutrient::SugarAlcoholsG, p),
                    (None, Some(s)) => per100.set(Nutrient::PolyolsG, s),
                    _ => {}
                }
                if per100.get(Nutrient::Calories).is_some() {
                    from_data += 1;
                } else {
                    per100.set(Nutrient::Calories, atwater_4_4_9(&per100));
                    from_atwater += 1;
                }
                amounts.add_assign(&per100.scaled(ing.grams / 100.0));
            }
            IngredientSource::SubRecipe(sub) => {
                let t = totals_at(sub, depth + 1).map_err(|e| match e {
                    LabelError::NestingTooDeep { .. } => e,
                    other => LabelError::InSubRecipe {
                        name: ing.label_name.clone(),
                        source: Box::new(other),
                    },
                })?;
                from_data += t.calories_from_data;
                from_atwater += t.calories_from_atwater;
                amounts.add_assign(&t.amounts.scaled(ing.grams / t.final_weight_g));
            }
        }
    }
    let serving_weight_g = recipe
        .serving_weight_g
        .unwrap_or(ingredient_grams / recipe.servings);
    let final_weight_g = recipe.servings * serving_weight_g;
    if !(ingredient_grams.is_finite() && positive(serving_weight_g) && positive(final_weight_g)) {
        return Err(LabelError::Overflow("total weight"));
    }
    if amounts.0.values().any(|v| !v.is_finite()) {
        return Err(LabelError::Overflow("nutrient totals"));
    }
    Ok(Totals {
        amounts,
        ingredient_grams,
        serving_weight_g,
        final_weight_g,
        calories_from_data: from_data,
        calories_from_atwater: from_atwater,
    })
}

/// Annex XIV energy of `a` (1169/2011), `(kJ, kcal)`, each with its own factors:
/// fat 37/9, protein 17/4, carbohydrate except polyols 17/4, polyols 10/2.4, fibre 8/2,
/// alcohol 29/7. EU carbohydrate = US total carbohydrate − fibre (polyols included).
pub fn annex_xiv_energy(a: &NutrientAmounts) -> (f64, f64) {
    let g = |n| a.get(n).unwrap_or(0.0);
    let fibre = g(Nutrient::DietaryFiberG);
    let polyols = g(Nutrient::PolyolsG);
    let carbohydrate = available_carbohydrate(a);
    let non_polyol = (carbohydrate - polyols).max(0.0);
    let polyols = polyols.min(carbohydrate);
    let fat = g(Nutrient::TotalFatG);
    let protein = g(Nutrient::ProteinG);
    let alcohol = g(Nutrient::AlcoholG);
    let kj = fat * 37.0
        + protein * 17.0
        + non_polyol * 17.0
        + polyols * 10.0
        + fibre * 8.0
        + alcohol * 29.0;
    let kcal =
        fat * 9.0 + protein * 4.0 + non_polyol * 4.0 + polyols * 2.4 + fibre * 2.0 + alcohol * 7.0;
    (kj, kcal)
}

/// EU carbohydrate (Annex I point 7): total carbohydrate minus fibre, never below 0.
pub fn available_carbohydrate(a: &NutrientAmounts) -> f64 {
    let g = |n| a.get(n).unwrap_or(0.0);
    (g(Nutrient::TotalCarbohydrateG) - g(Nutrient::DietaryFiberG)).max(0.0)
}

/// The amount of `q` in `a` (missing nutrients count as 0).
fn quantity(q: Quantity, a: &NutrientAmounts) -> f64 {
    match q {
        Quantity::Nutrient(n) => a.get(n).unwrap_or(0.0),
        Quantity::AnnexXivKj => annex_xiv_energy(a).0,
        Quantity::AnnexXivKcal => annex_xiv_energy(a).1,
        Quantity::AvailableCarbohydrate => available_carbohydrate(a),
        Quantity::SaltG => a.get(Nutrient::SodiumMg).unwrap_or(0.0) * 2.5 / 1000.0,
    }
}

/// Computes the label of `recipe` in `format`.
///
/// Fails with a [`LabelError`] on any invalid number (NaN, infinities, zero or negative
/// servings, weights or grams, negative nutrient amounts), an empty ingredient list, nesting
/// deeper than [`MAX_NESTING`] or amounts too large to be finite. Never panics.
pub fn compute_label(recipe: &RecipeInput, format: &Format) -> Result<Label, LabelError> {
    if let Some(r) = recipe.racc_g {
        if !positive(r) {
            return Err(LabelError::InvalidRacc(r));
        }
    }
    let t = totals(recipe)?;
    let per_serving = t.amounts.scaled(t.serving_weight_g / t.final_weight_g);
    let per_100g = t.amounts.scaled(100.0 / t.final_weight_g);
    if per_serving
        .0
        .values()
        .chain(per_100g.0.values())
        .any(|v| !v.is_finite())
    {
        return Err(LabelError::Overflow("per-serving amounts"));
    }

    let mut unrounded: BTreeMap<String, f64> = per_serving
        .0
        .iter()
        .map(|(n, v)| (n.key().to_string(), *v))
        .collect();
    let mut display = BTreeMap::new();
    let (_, servings_text) = rounding::cfr_101_9_b_8_servings_per_container(recipe.servings);
    display.insert("servings_per_container".to_string(), servings_text);

    let allergens = statement::declared_allergens(recipe, format.family);
    let facts = match format.family {
        Family::UsFda => {
            let mut declared: BTreeMap<&str, f64> = BTreeMap::new();
            let mut daily_values = BTreeMap::new();
            for row in format.nutrients {
                let exact = quantity(row.quantity, &per_serving);
                let d: Declared = rounding::apply(row.rounding, exact);
                display.insert(row.key.to_string(), d.text(row.unit));
                declared.insert(row.key, d.amount);
                if let Some(dv) = row.daily_value {
                    // %DV from the declared amount (101.9(d)(7)(ii) allows it), so 0.4 g fat
                    // declared as 0 g shows 0 %; a "less than" declaration has no single
                    // number, so its %DV uses the unrounded amount.
                    let basis = if d.less_than.is_some() {
                        exact
                    } else {
                        d.amount
                    };
                    if let Some(p) =
                        rounding::apply_percent(row.percent_rounding, basis / dv * 100.0)
                    {
                        daily_values.insert(row.key.to_string(), p);
                    }
                }
            }
            let v = |k: &str| declared.get(k).copied().unwrap_or(0.0);
            let calorie_basis = match (t.calories_from_data, t.calories_from_atwater) {
                (_, 0) => CalorieBasis::Database,
                (0, _) => CalorieBasis::Atwater449,
                _ => CalorieBasis::Mixed,
            };
            Facts::Us(UsFacts {
                calories: v("calories"),
                total_fat_g: v("total_fat_g"),
                saturated_fat_g: v("saturated_fat_g"),
                trans_fat_g: v("trans_fat_g"),
                cholesterol_mg: v("cholesterol_mg"),
                sodium_mg: v("sodium_mg"),
                total_carbohydrate_g: v("total_carbohydrate_g"),
                dietary_fiber_g: v("dietary_fiber_g"),
                total_sugars_g: v("total_sugars_g"),
                added_sugars_g: v("added_sugars_g"),
                protein_g: v("protein_g"),
                vitamin_d_mcg: v("vitamin_d_mcg"),
                calcium_mg: v("calcium_mg"),
                iron_mg: v("iron_mg"),
                potassium_mg: v("potassium_mg"),
                daily_values,
                calorie_basis,
            })
        }
        Family::Eu1169 => {
            let fibre_known = t.amounts.get(Nutrient::DietaryFiberG).is_some();
            let per_100g = eu_block(
                format,
                &per_100g,
                fibre_known,
                "per_100g",
                &mut display,
                None,
            );
            let mut portion = EuPortion {
                unrounded: &mut unrounded,
                reference_intake_pct: BTreeMap::new(),
            };
            let per_portion = eu_block(
                format,
                &per_serving,
                fibre_known,
                "per_portion",
                &mut display,
                Some(&mut portion),
            );
            Facts::Eu(EuFacts {
                per_100g,
                per_portion,
                reference_intake_pct: portion.reference_intake_pct,
                ingredient_statement_html: statement::ingredient_statement_html(
                    recipe,
                    format.family,
                ),
            })
        }
    };
    let contains_statement = match format.family {
        Family::UsFda => statement::us_contains_statement(&allergens),
        Family::Eu1169 => None,
    };
    Ok(Label {
        format: format.id.to_string(),
        serving_size: ServingSize {
            text: recipe.serving_size_text.clone(),
            grams: t.serving_weight_g,
        },
        servings_per_container: recipe.servings,
        ingredient_statement: statement::ingredient_statement(recipe),
        allergens,
        contains_statement,
        display,
        unrounded,
        facts,
    })
}

/// What the per-portion EU column adds besides its block.
struct EuPortion<'a> {
    unrounded: &'a mut BTreeMap<String, f64>,
    reference_intake_pct: BTreeMap<String, f64>,
}

/// One EU column: every line of `format` rounded from `amounts`, its texts put in `display`
/// under `prefix.key`. For the portion column also the unrounded amounts and the %RI
/// (from the declared amounts, whole percent).
fn eu_block(
    format: &Format,
    amounts: &NutrientAmounts,
    fibre_known: bool,
    prefix: &str,
    display: &mut BTreeMap<String, String>,
    mut portion: Option<&mut EuPortion<'_>>,
) -> EuBlock {
    let mut declared: BTreeMap<&str, f64> = BTreeMap::new();
    for row in format.nutrients {
        if row.key == "fibre_g" && !fibre_known {
            continue;
        }
        let exact = quantity(row.quantity, amounts);
        let d = rounding::apply(row.rounding, exact);
        display.insert(format!("{prefix}.{}", row.key), d.text(row.unit));
        declared.insert(row.key, d.amount);
        if let Some(p) = portion.as_deref_mut() {
            p.unrounded.insert(row.key.to_string(), exact);
            if let Some(ri) = row.daily_value {
                if let Some(pct) =
                    rounding::apply_percent(row.percent_rounding, d.amount / ri * 100.0)
                {
                    p.reference_intake_pct.insert(row.key.to_string(), pct);
                }
            }
        }
    }
    let v = |k: &str| declared.get(k).copied().unwrap_or(0.0);
    EuBlock {
        energy_kj: v("energy_kj"),
        energy_kcal: v("energy_kcal"),
        fat_g: v("fat_g"),
        saturates_g: v("saturates_g"),
        carbohydrate_g: v("carbohydrate_g"),
        sugars_g: v("sugars_g"),
        fibre_g: declared.get("fibre_g").copied(),
        protein_g: v("protein_g"),
        salt_g: v("salt_g"),
    }
}
