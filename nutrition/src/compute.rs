//! Label computation (API_DECISIONS §3): totals from grams, final weight, per serving and per
//! 100 g amounts, then the format's rounding, percentages and statements.

use std::collections::BTreeMap;

use crate::error::LabelError;
use crate::format::{Basis, Declare, Format, PercentOf, PercentRounding, Quantity};
use crate::label::{
    CalorieBasis, Cell, DeclaredRow, IngredientSource, Label, RecipeInput, ServingSize, Warning,
};
use crate::nutrient::{Nutrient, NutrientAmounts};
use crate::rounding;
use crate::serving;
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

/// Computes the label of `recipe` in `format`: one pass over the format's rows × columns,
/// each amount rounded by the row's rule, each percentage by the row's percentage rule, then
/// the statements the format's regime prints.
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
    let basis = |b: Basis| match b {
        Basis::Serving => &per_serving,
        Basis::Per100g => &per_100g,
        Basis::Container => &t.amounts,
    };

    let mut unrounded: BTreeMap<String, f64> = per_serving
        .0
        .iter()
        .map(|(n, v)| (n.key().to_string(), *v))
        .collect();
    let mut display = BTreeMap::new();
    let (_, servings_text) = format.regime.servings.apply(recipe.servings);
    display.insert("servings_per_container".to_string(), servings_text);

    let mut rows = Vec::with_capacity(format.rows.len());
    for row in &format.rows {
        if row.declare == Declare::WhenKnown
            && row
                .quantity
                .nutrient()
                .is_some_and(|n| t.amounts.get(n).is_none())
        {
            continue;
        }
        let mut cells = Vec::with_capacity(format.columns.len());
        for column in &format.columns {
            let exact = quantity(row.quantity, basis(column.basis));
            let mut d = rounding::apply(row.rounding, exact);
            if column.unrounded {
                unrounded.insert(row.key.clone(), exact);
            }
            let percent = match (column.percent, row.daily_value()) {
                (true, Some(dv)) => {
                    // %DV from the declared amount (101.9(d)(7)(ii) allows it), so 0.4 g fat
                    // declared as 0 g shows 0 %; where the format says so, a "less than"
                    // declaration (no single number) uses the unrounded amount.
                    let of = match format.percent_of {
                        PercentOf::DeclaredUnlessLessThan if d.less_than.is_some() => exact,
                        _ => d.amount,
                    };
                    rounding::apply_percent(row.percent, of / dv * 100.0)
                }
                _ => None,
            };
            // 101.9(c)(8)(iii): a vitamin or mineral under 2 % DV is declared as zero, amount
            // and percent alike (the option chosen over the asterisk footnote), so the label
            // never prints "0.2mg 0%".
            if row.percent == PercentRounding::VitaminMineral && percent == Some(0.0) {
                d = rounding::Declared::zero();
            }
            let text = d.text(&row.unit);
            display.insert(format.display_key(column, &row.key), text.clone());
            cells.push(Cell {
                amount: d.amount,
                text,
                percent,
            });
        }
        rows.push(DeclaredRow {
            key: row.key.clone(),
            unit: row.unit.clone(),
            cells,
        });
    }

    let regime = &format.regime;
    let mut warnings = Vec::new();
    if regime.household_then_metric {
        let text = recipe.serving_size_text.as_deref();
        if text.is_none_or(|t| t.trim().is_empty()) {
            warnings.push(Warning::no_household_measure());
        }
        display.insert(
            "serving_size".to_string(),
            serving::household_then_metric(text, t.serving_weight_g),
        );
    }
    let terms = format.primary_terms();
    let allergens = regime.declared_allergens(recipe);
    let allergen_details = regime.allergen_details(recipe, &allergens);
    let contains_statement = regime.contains_statement(&allergens, &allergen_details, terms);
    let ingredient_statement_html = format
        .json
        .ingredient_statement_html
        .then(|| statement::ingredient_statement_html(recipe, regime, terms));
    let calorie_basis = format.json.calorie_basis.then_some(
        match (t.calories_from_data, t.calories_from_atwater) {
            (_, 0) => CalorieBasis::Database,
            (0, _) => CalorieBasis::Atwater449,
            _ => CalorieBasis::Mixed,
        },
    );
    Ok(Label {
        format: format.label_id.clone(),
        serving_size: ServingSize {
            text: recipe.serving_size_text.clone(),
            grams: t.serving_weight_g,
        },
        servings_per_container: recipe.servings,
        ingredient_statement: statement::ingredient_statement(recipe),
        allergens,
        allergen_details,
        contains_statement,
        display,
        unrounded,
        columns: format.columns.iter().map(|c| c.id.clone()).collect(),
        rows,
        ingredient_statement_html,
        calorie_basis,
        notes: Vec::new(),
        warnings,
        front_of_pack: Vec::new(),
        shape: format.json.clone(),
    })
}
