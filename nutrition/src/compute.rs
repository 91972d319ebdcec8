//! Label computation (API_DECISIONS §3): totals from grams, final weight, per serving and per
//! 100 g amounts, then the format's rounding, percentages and statements.

use std::collections::{BTreeMap, BTreeSet};

use crate::error::LabelError;
use crate::format::{
    Amounts, Basis, Column, Declare, Format, PercentOf, PercentRounding, Quantity, Row,
};
use crate::label::{
    CalorieBasis, Cell, DeclaredRow, FoodColumn, FormatStatus, IngredientSource, Label,
    LanguageStatement, RecipeInput, ResolvedIngredient, ServingSize, VoluntaryReason, Warning,
};
use crate::missing::{self, MissingNutrient, Unknowns};
use crate::nutrient::{Nutrient, NutrientAmounts};
use crate::package::{self, Package, PackageReport};
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
    /// What the ingredients' data lacks, and how much it could add.
    pub unknowns: Unknowns,
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
    let mut unknowns = Unknowns::default();
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
                unknowns.record(&ing.label_name, ing.grams, &per100);
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
                unknowns.add_scaled(&t.unknowns, ing.grams / t.final_weight_g);
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
        unknowns,
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

/// Energy of `a` by CXG 2-1985 §3.3.1, `(kJ, kcal)`: available carbohydrate (total
/// carbohydrate − dietary fibre) 17/4, protein 17/4, fat 37/9, alcohol 29/7. Codex gives no
/// factor of their own for fibre or polyols: polyols count as carbohydrate, fibre not at all.
pub fn cxg_2_energy(a: &NutrientAmounts) -> (f64, f64) {
    let g = |n| a.get(n).unwrap_or(0.0);
    let carbohydrate = available_carbohydrate(a);
    let fat = g(Nutrient::TotalFatG);
    let protein = g(Nutrient::ProteinG);
    let alcohol = g(Nutrient::AlcoholG);
    let kj = carbohydrate * 17.0 + protein * 17.0 + fat * 37.0 + alcohol * 29.0;
    let kcal = carbohydrate * 4.0 + protein * 4.0 + fat * 9.0 + alcohol * 7.0;
    (kj, kcal)
}

/// Energy of `a` in kJ by FSANZ Schedule 11 S11—2 (Food Standards Code compilation,
/// Schedule 11 as in force on 29 October 2024, pp. 542-543): each component's average
/// quantity times its factor: protein 17, fat 37, carbohydrate excluding unavailable
/// carbohydrate 17 (available carbohydrate by difference, [`fsanz_available_carbohydrate`]),
/// unavailable carbohydrate including dietary fibre 8, alcohol 29 kJ/g (S11—2(2)), and each
/// specific component of S11—2(3) the data gives by its own factor
/// ([`Nutrient::fsanz_s11_2_3_factor`]); a polyol the data does not name counts as
/// carbohydrate.
pub fn fsanz_s11_energy_kj(a: &NutrientAmounts) -> f64 {
    let g = |n| a.get(n).unwrap_or(0.0);
    let specific: f64 =
        a.0.iter()
            .filter_map(|(n, v)| n.fsanz_s11_2_3_factor().map(|factor| v * factor))
            .sum();
    fsanz_available_carbohydrate(a) * 17.0
        + g(Nutrient::DietaryFiberG) * 8.0
        + g(Nutrient::ProteinG) * 17.0
        + g(Nutrient::TotalFatG) * 37.0
        + g(Nutrient::AlcoholG) * 29.0
        + specific
}

/// FSANZ available carbohydrate by difference (Schedule 11 S11—3(2), p. 543): 100 less
/// water, protein, fat, dietary fibre, ash, alcohol and the substances of S11—2(3), i.e. the
/// data's total carbohydrate (by difference, the specific components inside it) less
/// dietary fibre and each S11—2(3) component the data gives; never below 0.
pub fn fsanz_available_carbohydrate(a: &NutrientAmounts) -> f64 {
    let specific: f64 =
        a.0.iter()
            .filter(|(n, _)| n.fsanz_s11_2_3_factor().is_some())
            .map(|(_, v)| v)
            .sum();
    (available_carbohydrate(a) - specific).max(0.0)
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
        Quantity::Cxg2Kj => cxg_2_energy(a).0,
        Quantity::FsanzS11Kj => fsanz_s11_energy_kj(a),
        Quantity::FsanzAvailableCarbohydrate => fsanz_available_carbohydrate(a),
        Quantity::Cxg2Kcal => cxg_2_energy(a).1,
        Quantity::CaFdrSaturatedPlusTrans => {
            let declared = |n| rounding::ca_fdr_b01_401_fat(a.get(n).unwrap_or(0.0)).amount;
            declared(Nutrient::SaturatedFatG) + declared(Nutrient::TransFatG)
        }
    }
}

/// A row's declaration in `column` of the exact amount `exact`: rounded by the row's rule,
/// with the percentage where the column shows one.
fn cell(format: &Format, row: &Row, column: &Column, exact: f64) -> Cell {
    declare(format, row, column, exact).0
}

/// [`cell`], and whether the declaration is an insignificant amount (101.9(f)(1)).
fn declare(format: &Format, row: &Row, column: &Column, exact: f64) -> (Cell, bool) {
    let d = rounding::apply(row.rounding, exact);
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
    // 101.9(c)(8)(iii): a vitamin or mineral under 2 % DV has its percentage declared as
    // zero (the option chosen over the asterisk footnote); its amount stays the amount in a
    // serving at the increments of (c)(8)(iv) ("0.2mg 0%"), and such an amount is
    // insignificant (101.9(f)(1): "less than 2 percent of the RDI").
    let under_two_percent = row.percent == PercentRounding::VitaminMineral && percent == Some(0.0);
    let insignificant = under_two_percent || is_insignificant(&d, row.less_than_is_insignificant);
    (
        Cell {
            text: d.text(&row.unit),
            amount: d.amount,
            percent,
        },
        insignificant,
    )
}

/// The second amount of `row` ([`crate::format::Also`]) as printed inside its parentheses,
/// when it rounds to more than zero: folate "200mcg DFE (120mcg folic acid)", folic acid
/// rounded as folate is (21 CFR 101.9(c)(8)(iv) as amended in 2016). `None` when no folic
/// acid is added (the data gives none, or it rounds to 0).
fn also_text(format: &Format, row: &Row, amounts: &NutrientAmounts) -> Option<String> {
    let also = row.also.as_ref()?;
    let amount = amounts.get(also.nutrient).filter(|v| v.is_finite())?;
    let d = rounding::apply(row.rounding, amount);
    (d.less_than.is_none() && d.amount > 0.0)
        .then(|| format.term_with(&also.phrase, &[("amount", &d.text(&also.unit))]))
}

/// What a label may need beyond its recipe.
#[derive(Debug, Clone, Default)]
pub struct Extras<'a> {
    /// What preparing the whole recipe adds (21 CFR 101.9(e)): milk and eggs added to a mix.
    /// The as-prepared column is the packaged serving plus its share of these.
    pub prepared: &'a [ResolvedIngredient],
    /// The package, when the request described one: the label then says which layouts it
    /// may use and must use.
    pub package: Option<&'a Package>,
    /// The format `us.auto` picked, recorded in the label's package report.
    pub chosen: Option<String>,
    /// The product is a liquid of this density (g per ml): formats whose law declares
    /// liquids per 100 ml (`Format::liquids_per_100ml`) give their `per_100g` column per
    /// 100 ml.
    pub liquid_density_g_per_ml: Option<f64>,
    /// The product is recorded as a liquid: where its format's law declares liquids by
    /// volume and no density is given, the label warns that it is by weight.
    pub liquid: bool,
}

/// One food of an aggregate label (21 CFR 101.9(d)(13)(ii)): its name and recipe.
#[derive(Debug, Clone, PartialEq)]
pub struct Food {
    /// Printed as its column's head.
    pub name: String,
    /// What it is made of and how it is served.
    pub recipe: RecipeInput,
}

/// Most foods an aggregate label sets side by side.
pub const MAX_FOODS: usize = 6;

/// Whether a declaration is an insignificant amount (21 CFR 101.9(f)(1)): declared as zero, or
/// as "less than" its bound where the row counts that (total carbohydrate, dietary fiber,
/// protein: "less than 1 gram").
fn is_insignificant(d: &rounding::Declared, less_than_counts: bool) -> bool {
    match d.less_than {
        None => d.amount == 0.0,
        Some(_) => less_than_counts,
    }
}

/// A row's printed name as it reads inside a sentence: marks dropped, each word's capital
/// lowered unless the word is a single letter ("Vitamin D" → "vitamin D", "Total Sugars" →
/// "total sugars").
fn statement_name(name: &str) -> String {
    crate::terms::strip_marks(name)
        .split(' ')
        .map(|w| {
            let mut chars = w.chars();
            match (chars.next(), chars.clone().next()) {
                (Some(first), Some(_)) => first.to_lowercase().chain(chars).collect(),
                _ => w.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// "a", "a and b", "a, b, and c" (the serial comma of US usage), with `and` the language's word.
fn english_list(items: &[String], and: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} {and} {b}"),
        [init @ .., last] => format!("{}, {and} {last}", init.join(", ")),
    }
}

/// The "Not a significant source of …" statement of a simplified format naming the rows it
/// left off (by their terms), in each of its languages (21 CFR 101.9(f)(5); FDR
/// B.01.401(6)(j): « Source négligeable de … »): `not_significant` in the first language
/// and, where the format prints several, `not_significant.<language>` in each. A language
/// may name a row in the statement otherwise than in its table (`not_significant.<term>`:
/// "saturated fat" where the table prints "Saturated").
fn not_significant(format: &Format, omitted_terms: &[String]) -> Vec<(String, String)> {
    let several = format.terms.len() > 1;
    let mut out = Vec::with_capacity(format.terms.len() + 1);
    for (i, terms) in format.terms.iter().enumerate() {
        let names: Vec<String> = omitted_terms
            .iter()
            .map(|term| match terms.get(&format!("not_significant.{term}")) {
                Some(name) => name.to_string(),
                None => statement_name(format.term_in(terms, term).unwrap_or_default()),
            })
            .collect();
        let list = match terms.get("list.and") {
            Some(and) => english_list(&names, and),
            None => names.join(", "),
        };
        let template = format.term_in(terms, "not_significant").unwrap_or_default();
        let text = crate::format::fill(template, &[("nutrients", &list)]);
        if several {
            out.push((format!("not_significant.{}", terms.language), text.clone()));
        }
        if i == 0 {
            out.push(("not_significant".to_string(), text));
        }
    }
    out
}

/// Computes the label of `recipe` in `format`: one pass over the format's rows × columns,
/// each amount rounded by the row's rule, each percentage by the row's percentage rule, then
/// the statements the format's regime prints.
///
/// Fails with a [`LabelError`] on any invalid number (NaN, infinities, zero or negative
/// servings, weights or grams, negative nutrient amounts), an empty ingredient list, nesting
/// deeper than [`MAX_NESTING`] or amounts too large to be finite. Never panics.
pub fn compute_label(recipe: &RecipeInput, format: &Format) -> Result<Label, LabelError> {
    compute_label_with(recipe, format, &Extras::default())
}

/// [`compute_label`] with what preparation adds and the package (see [`Extras`]). A format
/// with an as-prepared column needs `extras.prepared`; an aggregate format needs
/// [`compute_aggregate`].
pub fn compute_label_with(
    recipe: &RecipeInput,
    format: &Format,
    extras: &Extras<'_>,
) -> Result<Label, LabelError> {
    // Allergens as this regime sees them (its exemptions of derived ingredients applied).
    let recipe = &*format.regime.with_exemptions(recipe);
    if let Some(r) = recipe.racc_g {
        if !positive(r) {
            return Err(LabelError::InvalidRacc(r));
        }
    }
    if format.has_food_columns() {
        return Err(LabelError::NeedsFoods {
            format: format.id.clone(),
            max: MAX_FOODS,
        });
    }
    if format.has_prepared_column() && extras.prepared.is_empty() {
        return Err(LabelError::NeedsPreparation(format.id.clone()));
    }
    let t = totals(recipe)?;
    let per_serving = t.amounts.scaled(t.serving_weight_g / t.final_weight_g);
    // Per 100 ml for a liquid where the law says so: 100 ml weigh 100 × density grams.
    let density = extras
        .liquid_density_g_per_ml
        .filter(|d| d.is_finite() && *d > 0.0 && format.liquids_per_100ml.is_some());
    let per_100_weight = 100.0 * density.unwrap_or(1.0);
    let per_100g = t.amounts.scaled(per_100_weight / t.final_weight_g);
    // What preparation adds, per serving: the same share of the additions as a serving is of
    // the recipe.
    let prepared = if extras.prepared.is_empty() {
        None
    } else {
        let mut additions = recipe.clone();
        additions.servings = 1.0;
        additions.serving_weight_g = None;
        additions.ingredients = extras.prepared.to_vec();
        let added = totals(&additions).map_err(|e| LabelError::InPreparation(Box::new(e)))?;
        let mut p = per_serving.clone();
        p.add_assign(&added.amounts.scaled(t.serving_weight_g / t.final_weight_g));
        Some(p)
    };
    if per_serving
        .0
        .values()
        .chain(per_100g.0.values())
        .chain(prepared.iter().flat_map(|p| p.0.values()))
        .any(|v| !v.is_finite())
    {
        return Err(LabelError::Overflow("per-serving amounts"));
    }
    let columns: Vec<ColumnAmounts<'_>> = format
        .columns
        .iter()
        .map(|c| ColumnAmounts {
            id: c.id.clone(),
            column: c,
            amounts: match c.basis {
                Basis::Serving => &per_serving,
                Basis::Per100g => &per_100g,
                Basis::Container => &t.amounts,
                Basis::Prepared => prepared.as_ref().unwrap_or(&per_serving),
                Basis::Food => &per_serving,
            },
            unknowns: &t.unknowns,
            // What the recipe's data lacks, scaled like the column's amounts (as prepared:
            // the packaged serving's share; what preparation adds is not bounded here).
            factor: match c.basis {
                Basis::Per100g => per_100_weight / t.final_weight_g,
                Basis::Container => 1.0,
                Basis::Serving | Basis::Prepared | Basis::Food => {
                    t.serving_weight_g / t.final_weight_g
                }
            },
        })
        .collect();

    let mut unrounded: BTreeMap<String, f64> = per_serving
        .0
        .iter()
        .map(|(n, v)| (n.key().to_string(), *v))
        .collect();
    let mut display = BTreeMap::new();
    let (_, servings_text) = format.regime.servings.apply(recipe.servings);
    display.insert("servings_per_container".to_string(), servings_text);
    let mut warnings = Vec::new();
    let mut missing: Vec<MissingNutrient> = Vec::new();
    let mut significance = Significance::default();
    let mut asked = Asked::of(std::slice::from_ref(recipe));
    asked.1 = together_declared(format, &t);
    let mut voluntary = BTreeMap::new();
    let rows = declare_rows(
        format,
        &columns,
        |n| t.amounts.get(n).is_some(),
        &mut display,
        &mut unrounded,
        &asked,
        &mut Reports {
            missing: &mut missing,
            warnings: &mut warnings,
            significance: &mut significance,
            voluntary: &mut voluntary,
        },
    );
    if !missing.is_empty() {
        warnings.push(Warning::incomplete_nutrient_data(&missing));
    }

    let regime = &format.regime;
    if let Some(rule) = &format.simplified {
        let count = rule
            .counted
            .iter()
            .filter(|k| significance.insignificant.contains(k))
            .count();
        // The law allows the format only for such foods: refused, never drawn with a
        // warning a printer does not read.
        if count < rule.min_insignificant {
            return Err(LabelError::FormatNotPermitted {
                format: format.id.clone(),
                insignificant: count,
                needed: rule.min_insignificant,
                counted: rule.counted.len(),
                rule: rule.source.clone(),
            });
        }
        if !significance.omitted.is_empty() {
            display.extend(not_significant(format, &significance.omitted));
        }
    }
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
    let to_confirm = statement::sub_ingredients_to_confirm(recipe);
    if !to_confirm.is_empty() {
        warnings.push(Warning::confirm_sub_ingredients(&to_confirm));
    }
    // Gluten whose cereal no ingredient names, where the law names the cereal (Annex II).
    warnings.extend(regime.allergen_warnings(recipe));
    if let (true, None, Some(rule)) = (extras.liquid, density, &format.liquids_per_100ml) {
        warnings.push(Warning::liquid_without_density(rule));
    }
    if let Some(w) = polyols_not_named(format, &t) {
        warnings.push(w);
    }
    // Statements the substances in the food require (FSANZ 1.2.3—2(2)), by weight.
    warnings.extend(
        regime.advisory_warnings(|n| t.amounts.get(n).unwrap_or(0.0) * 100.0 / t.final_weight_g),
    );
    let allergens = regime.declared_allergens(recipe);
    let allergen_details = regime.allergen_details(recipe, &allergens);
    let group_sugars = groups_sugars(regime, recipe, &per_serving);
    let (mut statements, names_not_in_language) =
        statements_in_languages(format, recipe, &allergens, &allergen_details, group_sugars);
    if !names_not_in_language.is_empty() {
        warnings.push(Warning::names_not_in_language(&names_not_in_language));
    }
    // The first language's statements are the label's own fields; `statements` lists every
    // language only where there are several (one language: moved out, not copied).
    let first = if statements.len() > 1 {
        statements[0].clone()
    } else {
        statements.remove(0)
    };
    let calorie_basis = format
        .json
        .calorie_basis
        .then_some(calorie_basis(t.calories_from_data, t.calories_from_atwater));
    Ok(Label {
        format: format.label_id.clone(),
        serving_size: ServingSize {
            text: recipe.serving_size_text.clone(),
            grams: t.serving_weight_g,
            ml: density.map(|d| t.serving_weight_g / d),
        },
        servings_per_container: recipe.servings,
        ingredient_statement: first.ingredient_statement,
        allergens,
        allergen_details,
        contains_statement: first.contains_statement,
        display,
        unrounded,
        columns: format.columns.iter().map(|c| c.id.clone()).collect(),
        rows,
        ingredient_statement_html: first.ingredient_statement_html,
        calorie_basis,
        notes: Vec::new(),
        warnings,
        missing,
        foods: Vec::new(),
        package: package_report(extras),
        front_of_pack: Vec::new(),
        per_100ml: density.is_some(),
        voluntary,
        statements,
        names_not_in_language,
        status: Some(FormatStatus::of(format)),
        shape: format.json.clone(),
    })
}

/// The aggregate label of `foods` in `format` (a format whose column is a food column,
/// 21 CFR 101.9(d)(13)(ii)): one column per food, each declaring one serving of that food
/// with its own %DV. The label's serving size is the first food's (each food's is in
/// `foods`), its servings the sum of the foods', its ingredient statement each food's named
/// (`"Name: statement; Name: statement"`), its allergens those of every food. `unrounded`
/// holds each food's exact amounts under `<column>.<nutrient>`, so no claim is made for the
/// pack as a whole (claims are made per food).
///
/// Fails with [`LabelError::NeedsFoods`] for fewer than 2 or more than [`MAX_FOODS`] foods,
/// and with a food's own error, naming it.
pub fn compute_aggregate(
    foods: &[Food],
    format: &Format,
    extras: &Extras<'_>,
) -> Result<Label, LabelError> {
    if !format.has_food_columns() || !(2..=MAX_FOODS).contains(&foods.len()) {
        return Err(LabelError::NeedsFoods {
            format: format.id.clone(),
            max: MAX_FOODS,
        });
    }
    let mut all = Vec::with_capacity(foods.len());
    for food in foods {
        let in_food = |e: LabelError| LabelError::InFood {
            name: food.name.clone(),
            source: Box::new(e),
        };
        let t = totals(&food.recipe).map_err(in_food)?;
        let per_serving = t.amounts.scaled(t.serving_weight_g / t.final_weight_g);
        if per_serving.0.values().any(|v| !v.is_finite()) {
            return Err(in_food(LabelError::Overflow("per-serving amounts")));
        }
        all.push((t, per_serving));
    }
    let food_column = format
        .columns
        .first()
        .ok_or_else(|| LabelError::NeedsFoods {
            format: format.id.clone(),
            max: MAX_FOODS,
        })?;
    let ids: Vec<String> = (1..=foods.len()).map(|i| format!("food_{i}")).collect();
    let columns: Vec<ColumnAmounts<'_>> = ids
        .iter()
        .zip(&all)
        .map(|(id, (t, per_serving))| ColumnAmounts {
            id: id.clone(),
            column: food_column,
            amounts: per_serving,
            unknowns: &t.unknowns,
            factor: t.serving_weight_g / t.final_weight_g,
        })
        .collect();
    let mut unrounded = BTreeMap::new();
    for (id, (_, per_serving)) in ids.iter().zip(&all) {
        for (n, v) in &per_serving.0 {
            unrounded.insert(format!("{id}.{}", n.key()), *v);
        }
    }
    let mut display = BTreeMap::new();
    let servings: f64 = foods.iter().map(|f| f.recipe.servings).sum();
    let (_, servings_text) = format.regime.servings.apply(servings);
    display.insert("servings_per_container".to_string(), servings_text);
    let mut warnings = Vec::new();
    let mut missing: Vec<MissingNutrient> = Vec::new();
    let recipes: Vec<RecipeInput> = foods.iter().map(|f| f.recipe.clone()).collect();
    let asked = Asked::of(&recipes);
    let mut voluntary = BTreeMap::new();
    let rows = declare_rows(
        format,
        &columns,
        |n| all.iter().any(|(t, _)| t.amounts.get(n).is_some()),
        &mut display,
        &mut unrounded,
        &asked,
        &mut Reports {
            missing: &mut missing,
            warnings: &mut warnings,
            significance: &mut Significance::default(),
            voluntary: &mut voluntary,
        },
    );
    if !missing.is_empty() {
        warnings.push(Warning::incomplete_nutrient_data(&missing));
    }

    let regime = &format.regime;
    let mut food_columns = Vec::with_capacity(foods.len());
    for ((food, (t, per_serving)), id) in foods.iter().zip(&all).zip(&ids) {
        let text = food.recipe.serving_size_text.as_deref();
        if regime.household_then_metric {
            if text.is_none_or(|t| t.trim().is_empty()) && warnings.is_empty() {
                warnings.push(Warning::no_household_measure());
            }
            display.insert(
                format!("{id}.serving_size"),
                serving::household_then_metric(text, t.serving_weight_g),
            );
        }
        let (_, servings_text) = regime.servings.apply(food.recipe.servings);
        display.insert(format!("{id}.servings_per_container"), servings_text);
        food_columns.push(FoodColumn {
            column: id.clone(),
            name: food.name.clone(),
            serving_size: ServingSize {
                text: food.recipe.serving_size_text.clone(),
                grams: t.serving_weight_g,
                ml: None,
            },
            servings_per_container: food.recipe.servings,
            ingredient_statement: statement::ingredient_statement(
                &food.recipe,
                &format.primary_terms().language,
                regime.ingredient_list.case,
                groups_sugars(regime, &food.recipe, per_serving)
                    .then(|| format.primary_terms().plain("ingredients.sugars"))
                    .flatten()
                    .as_deref(),
            ),
        });
    }
    // The pack's allergens are every food's: one recipe of all their ingredients.
    let mut pack = foods[0].recipe.clone();
    pack.ingredients = foods
        .iter()
        .flat_map(|f| f.recipe.ingredients.iter().cloned())
        .collect();
    let terms = format.primary_terms();
    let pack = regime.with_exemptions(&pack);
    warnings.extend(regime.allergen_warnings(&pack));
    let allergens = regime.declared_allergens(&pack);
    let allergen_details = regime.allergen_details(&pack, &allergens);
    let contains_statement = regime.contains_statement(&allergens, &allergen_details, terms);
    let ingredient_statement = food_columns
        .iter()
        .map(|f| format!("{}: {}", f.name, f.ingredient_statement))
        .collect::<Vec<_>>()
        .join("; ");
    let first = &all[0].0;
    if regime.household_then_metric {
        if let Some(first_serving) = display.get("food_1.serving_size").cloned() {
            display.insert("serving_size".to_string(), first_serving);
        }
    }
    let (data, atwater) = all.iter().fold((0, 0), |(d, a), (t, _)| {
        (d + t.calories_from_data, a + t.calories_from_atwater)
    });
    Ok(Label {
        format: format.label_id.clone(),
        serving_size: ServingSize {
            text: foods[0].recipe.serving_size_text.clone(),
            grams: first.serving_weight_g,
            ml: None,
        },
        servings_per_container: servings,
        ingredient_statement,
        allergens,
        allergen_details,
        contains_statement,
        display,
        unrounded,
        columns: ids,
        rows,
        ingredient_statement_html: format
            .json
            .ingredient_statement_html
            .then(|| statement::ingredient_statement_html(&pack, regime, terms)),
        calorie_basis: format
            .json
            .calorie_basis
            .then_some(calorie_basis(data, atwater)),
        notes: Vec::new(),
        warnings,
        missing,
        foods: food_columns,
        front_of_pack: Vec::new(),
        per_100ml: false,
        voluntary,
        statements: Vec::new(),
        names_not_in_language: BTreeMap::new(),
        status: Some(FormatStatus::of(format)),
        package: package_report(extras),
        shape: format.json.clone(),
    })
}

/// `recipe`'s statements in every language of `format`, in the format's order (at least
/// one), with the ingredient names each prints in another language (by language; only the
/// languages with any).
fn statements_in_languages(
    format: &Format,
    recipe: &RecipeInput,
    allergens: &BTreeSet<crate::allergen::Allergen>,
    details: &crate::allergen::AllergenDetails,
    group_sugars: bool,
) -> (Vec<LanguageStatement>, BTreeMap<String, Vec<String>>) {
    let regime = &format.regime;
    let mut not_in = BTreeMap::new();
    let statements = format
        .terms
        .iter()
        .map(|terms| {
            let language = terms.language.as_str();
            let foreign = statement::names_not_in(recipe, language);
            if !foreign.is_empty() {
                not_in.insert(language.to_owned(), foreign);
            }
            LanguageStatement {
                language: language.to_owned(),
                heading: terms.plain("ingredients").unwrap_or_default(),
                ingredient_statement: statement::ingredient_statement(
                    recipe,
                    language,
                    regime.ingredient_list.case,
                    group_sugars
                        .then(|| terms.plain("ingredients.sugars"))
                        .flatten()
                        .as_deref(),
                ),
                ingredient_statement_html: format
                    .json
                    .ingredient_statement_html
                    .then(|| statement::ingredient_statement_html(recipe, regime, terms)),
                contains_statement: regime.contains_statement(allergens, details, terms),
            }
        })
        .collect();
    (statements, not_in)
}

/// Whether `recipe`'s list groups its sugars-based ingredients after "Sugars": the regime
/// asks for it and the product is not exempt (FDR B.01.008.3(4)(d), (f): a single
/// sugars-based ingredient named "sugar", or less than 0.5 g of sugars per serving).
fn groups_sugars(
    regime: &crate::regime::Regime,
    recipe: &RecipeInput,
    per_serving: &NutrientAmounts,
) -> bool {
    regime.ingredient_list.group_sugars
        && crate::sugars_group::applies(
            &statement::sugars_based_names(recipe),
            per_serving.get(Nutrient::TotalSugarsG),
        )
}

fn calorie_basis(from_data: usize, from_atwater: usize) -> CalorieBasis {
    match (from_data, from_atwater) {
        (_, 0) => CalorieBasis::Database,
        (0, _) => CalorieBasis::Atwater449,
        _ => CalorieBasis::Mixed,
    }
}

fn package_report(extras: &Extras<'_>) -> Option<PackageReport> {
    extras.package.map(|p| {
        let mut report = package::assess(p);
        report.chosen = extras.chosen.clone();
        report
    })
}

/// A label column with the amounts it declares (already on its basis).
struct ColumnAmounts<'a> {
    id: String,
    column: &'a Column,
    amounts: &'a NutrientAmounts,
    /// What the data behind `amounts` lacks, as totals of its recipe.
    unknowns: &'a Unknowns,
    /// `amounts` = totals × `factor`: how the bounds of `unknowns` scale to the column.
    factor: f64,
}

/// Which rows declare an insignificant amount in their first column (21 CFR 101.9(f)(1)),
/// by key, and the terms of those a simplified format leaves off (101.9(f)) with their
/// nutrients.
#[derive(Debug, Default)]
struct Significance {
    insignificant: Vec<String>,
    omitted: Vec<String>,
    dropped: BTreeSet<Nutrient>,
}

/// The voluntary nutrients a label was asked to declare, with why (see [`Declare::Voluntary`]),
/// and the nutrients of its `together` rows the food's amounts call for
/// ([`together_declared`]).
#[derive(Debug, Default)]
struct Asked(BTreeMap<String, VoluntaryReason>, BTreeSet<Nutrient>);

impl Asked {
    /// What `recipes` ask for: their `voluntary_nutrients`, and the `added_nutrients` of every
    /// line, sub-recipes' lines included (a nutrient added to a component is added to the
    /// food). Added as a supplement outranks a request as the reason.
    fn of(recipes: &[RecipeInput]) -> Self {
        let mut asked = Asked::default();
        for r in recipes {
            for key in &r.voluntary_nutrients {
                asked
                    .0
                    .entry(key.clone())
                    .or_insert(VoluntaryReason::Requested);
            }
            asked.add_lines(&r.ingredients, 0);
        }
        asked
    }

    fn add_lines(&mut self, lines: &[ResolvedIngredient], depth: usize) {
        // Nesting is bounded by `totals` before this runs; the bound here only keeps a
        // malformed input from recursing without end.
        if depth > MAX_NESTING {
            return;
        }
        for line in lines {
            for key in &line.added_nutrients {
                self.0
                    .insert(key.clone(), VoluntaryReason::AddedAsNutrientSupplement);
            }
            if let IngredientSource::SubRecipe(sub) = &line.source {
                self.add_lines(&sub.ingredients, depth + 1);
            }
        }
    }

    /// Why `row` is asked for, by its key, its nutrient's or its second amount's: folic acid
    /// added is folate added, which is then declared (21 CFR 101.9(c)(8)(ii), (iv)).
    fn reason(&self, row: &crate::format::Row) -> Option<VoluntaryReason> {
        let by_key = |key: &str| self.0.get(key).copied();
        by_key(&row.key)
            .or_else(|| row.quantity.nutrient().and_then(|n| by_key(n.key())))
            .or_else(|| row.also.as_ref().and_then(|a| by_key(a.nutrient.key())))
    }
}

/// What [`declare_rows`] reports besides the rows: data it could not determine, which rows
/// are insignificant, and why each voluntary row is declared.
struct Reports<'a> {
    missing: &'a mut Vec<MissingNutrient>,
    warnings: &'a mut Vec<Warning>,
    significance: &'a mut Significance,
    voluntary: &'a mut BTreeMap<String, VoluntaryReason>,
}

/// The ingredients whose data lacks `n`, in the order the recipes list them, each once.
fn lacking(columns: &[ColumnAmounts<'_>], n: &Nutrient) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for name in columns
        .iter()
        .flat_map(|c| c.unknowns.from.get(n).into_iter().flatten())
    {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    names
}

/// The nutrients of `format`'s `together` rows to declare for a recipe of totals `t`
/// ([`Declare::Together`]): those present (above zero), when together they reach the
/// format's `together.min_g_per_100g` in 100 g of the food (by weight, as FSANZ
/// 1.2.8—6(9)(a) says "5 g/100 g", also for a liquid); else none.
fn together_declared(format: &Format, t: &Totals) -> BTreeSet<Nutrient> {
    let Some(rule) = &format.together else {
        return BTreeSet::new();
    };
    let per_100g = |n: Nutrient| t.amounts.get(n).unwrap_or(0.0) * 100.0 / t.final_weight_g;
    let present: BTreeSet<Nutrient> = format
        .rows
        .iter()
        .filter(|r| r.declare == Declare::Together)
        .filter_map(|r| r.quantity.nutrient())
        .filter(|n| per_100g(*n) > 0.0)
        .collect();
    let sum: f64 = present.iter().map(|n| per_100g(*n)).sum();
    if sum >= rule.min_g_per_100g {
        present
    } else {
        BTreeSet::new()
    }
}

/// The polyols of FSANZ Schedule 11 S11—2(3) (p. 543): the alcohols of more than two
/// hydroxyl groups among its specific components.
const S11_2_3_POLYOLS: [Nutrient; 8] = [
    Nutrient::ErythritolG,
    Nutrient::GlycerolG,
    Nutrient::IsomaltG,
    Nutrient::LactitolG,
    Nutrient::MaltitolG,
    Nutrient::MannitolG,
    Nutrient::SorbitolG,
    Nutrient::XylitolG,
];

/// Where a format declares substances by name (`together` rows, FSANZ 1.2.8—6(9)), a
/// warning when the data gives more polyols as a total (`polyols_g`, `sugar_alcohols_g`)
/// than by name: those count as carbohydrate at 17 kJ/g, where S11—2(3) gives each polyol
/// its own factor and 1.2.8—6(9) its own declaration.
fn polyols_not_named(format: &Format, t: &Totals) -> Option<Warning> {
    let rule = format.together.as_ref()?;
    let g = |n| t.amounts.get(n).unwrap_or(0.0) * 100.0 / t.final_weight_g;
    let total = g(Nutrient::PolyolsG).max(g(Nutrient::SugarAlcoholsG));
    let named: f64 = S11_2_3_POLYOLS.iter().map(|n| g(*n)).sum();
    // Half the last printed digit of a gram: less is no amount a panel shows.
    (total - named > 0.05).then(|| Warning {
        code: "polyols_not_named".to_string(),
        message: format!(
            "{:.1} g of polyols in 100 g are given only as a total (polyols_g or \
             sugar_alcohols_g), so the energy counts them as carbohydrate at 17 kJ/g and no \
             row names them, where Schedule 11 S11—2(3) gives each polyol its own energy \
             factor and {} declares each; give each on its line ({})",
            total - named,
            rule.source.split(" (").next().unwrap_or(&rule.source),
            S11_2_3_POLYOLS
                .iter()
                .map(|n| n.key())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })
}

/// The declared rows of `format` over `columns`: each amount rounded by the row's rule, its
/// printed text in `display` (`<column>.<row>` for column blocks), its percentage where the
/// column carries one. `known` says whether the data gives a nutrient (for `when_known` rows);
/// `asked` also holds the nutrients of the `together` rows to declare ([`together_declared`]).
///
/// A row that involves a nutrient some ingredient lacks is printed as a fact only when its
/// known part and the most the data allows declare the same in every column. Otherwise a
/// mandatory row prints the known part and its nutrients go to `reports.missing`; a
/// voluntary row is left off (never understated) with a warning. A `voluntary` row is
/// declared only when `asked` names it.
fn declare_rows(
    format: &Format,
    columns: &[ColumnAmounts<'_>],
    known: impl Fn(Nutrient) -> bool,
    display: &mut BTreeMap<String, String>,
    unrounded: &mut BTreeMap<String, f64>,
    asked: &Asked,
    reports: &mut Reports<'_>,
) -> Vec<DeclaredRow> {
    let mut rows = Vec::with_capacity(format.rows.len());
    for row in &format.rows {
        let reason = asked.reason(row);
        if row.declare == Declare::Voluntary && reason.is_none() {
            continue;
        }
        if row.declare == Declare::Together
            && !row
                .quantity
                .nutrient()
                .is_some_and(|n| asked.1.contains(&n))
        {
            continue;
        }
        // A sum goes with its parts: left off when each of them was (FDR B.01.401 item 6).
        if row.declare == Declare::WithParts
            && missing::inputs(row.quantity)
                .iter()
                .all(|n| reports.significance.dropped.contains(n))
        {
            continue;
        }
        let voluntary = matches!(row.declare, Declare::WhenKnown | Declare::Voluntary);
        if voluntary && row.quantity.nutrient().is_some_and(|n| !known(n)) {
            // Asked for, and no ingredient's data gives it: say so rather than print 0.
            if row.declare == Declare::Voluntary {
                let names = row
                    .quantity
                    .nutrient()
                    .map(|n| lacking(columns, &n))
                    .unwrap_or_default();
                reports
                    .warnings
                    .push(Warning::voluntary_row_omitted(&row.key, &names));
            }
            continue;
        }
        let involved: Vec<Nutrient> = missing::inputs(row.quantity)
            .into_iter()
            .filter(|n| columns.iter().any(|c| c.unknowns.from.contains_key(n)))
            .collect();
        let undetermined = !involved.is_empty()
            && columns.iter().any(|c| {
                let most = c.unknowns.raised(c.amounts, c.factor, &involved);
                let hi = quantity(row.quantity, &most);
                if !hi.is_finite() {
                    return true;
                }
                let lo = cell(format, row, c.column, quantity(row.quantity, c.amounts));
                let hi = cell(format, row, c.column, hi);
                (lo.text, lo.percent) != (hi.text, hi.percent)
            });
        if undetermined {
            // A voluntary row is never understated: asked for, it is left off with a warning.
            if voluntary {
                let names: Vec<String> =
                    involved.iter().flat_map(|n| lacking(columns, n)).collect();
                reports
                    .warnings
                    .push(Warning::voluntary_row_omitted(&row.key, &names));
                continue;
            }
            for n in &involved {
                if !reports.missing.iter().any(|m| m.nutrient == n.key()) {
                    reports
                        .missing
                        .push(MissingNutrient::new(n.key(), lacking(columns, n)));
                }
            }
        }
        let key_in = |c: &ColumnAmounts<'_>| match format.json.amounts {
            Amounts::TopLevel => row.key.clone(),
            Amounts::ColumnBlocks => format!("{}.{}", c.id, row.key),
        };
        let mut cells = Vec::with_capacity(columns.len());
        let mut first_insignificant = false;
        let mut also_printed = false;
        for c in columns {
            let exact = quantity(row.quantity, c.amounts);
            if c.column.unrounded {
                unrounded.insert(row.key.clone(), exact);
            }
            let (mut cell, insignificant) = declare(format, row, c.column, exact);
            if let Some(also) = also_text(format, row, c.amounts) {
                cell.text = format!("{} ({also})", cell.text);
                also_printed = true;
            }
            if cells.is_empty() {
                first_insignificant = insignificant;
            }
            display.insert(key_in(c), cell.text.clone());
            cells.push(cell);
        }
        // Folic acid printed (so added) while some ingredient's data lacks it: the printed
        // amount is only the known part, a lower bound like any undetermined mandatory one.
        if let Some(n) = row
            .also
            .as_ref()
            .map(|a| a.nutrient)
            .filter(|_| also_printed)
        {
            let names = lacking(columns, &n);
            if !names.is_empty() && !reports.missing.iter().any(|m| m.nutrient == n.key()) {
                reports.missing.push(MissingNutrient::new(n.key(), names));
            }
        }
        if first_insignificant {
            reports.significance.insignificant.push(row.key.clone());
        }
        // The simplified format leaves insignificant rows off and names them (101.9(f)); a
        // voluntary row is declared as asked, insignificant or not, and so is a row the
        // recipe asks for where the format keeps those (FDR B.01.401(6)(f)-(h)).
        let kept_as_asked =
            reason.is_some() && format.simplified.as_ref().is_some_and(|s| s.keep_asked);
        let drop = row.declare == Declare::WhenSignificant && first_insignificant && !kept_as_asked;
        if drop {
            for c in columns {
                display.remove(&key_in(c));
            }
            reports.significance.omitted.push(row.term.clone());
            reports.significance.dropped.extend(row.quantity.nutrient());
            continue;
        }
        if let (Declare::Voluntary, Some(reason)) = (row.declare, reason) {
            reports.voluntary.insert(row.key.clone(), reason);
        }
        rows.push(DeclaredRow {
            key: row.key.clone(),
            unit: row.unit.clone(),
            cells,
        });
    }
    rows
}
