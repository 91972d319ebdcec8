//! The engine's input (a resolved recipe) and output (the label object of API_DECISIONS §4).
//!
//! `Label` serialises exactly to the API's label object. Its JSON shape depends on the format
//! family: US labels carry per-serving rounded amounts and `daily_values`; EU labels carry
//! `per_100g`/`per_portion` blocks, `reference_intake_pct` and `ingredient_statement_html`.
//! Deserialising checks that the object is a whole label of a known format (unknown fields and
//! fields of the other family are refused with a message naming them).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::allergen::Allergen;
use crate::format::{format, Family};
use crate::nutrient::NutrientAmounts;

/// An account's plan. Ordered `Free < Professional < Business`, so a format is allowed when
/// `plan >= format.min_plan`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Plan {
    /// US-family formats only.
    Free,
    /// Every format.
    Professional,
    /// Every format, REST resources without early access.
    Business,
}

/// Everything the engine needs about one recipe, already resolved by the service.
///
/// Weights are grams. `compute_label` validates every number and refuses NaN, infinities,
/// zero or negative servings/weights/grams with a [`crate::LabelError`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecipeInput {
    /// Number of servings the recipe makes; must be finite and > 0.
    pub servings: f64,
    /// Weight of one serving in grams (> 0). `None`: total ingredient grams / servings.
    pub serving_weight_g: Option<f64>,
    /// Household measure printed before the metric amount, e.g. `"1 slice (60g)"`.
    pub serving_size_text: Option<String>,
    /// Reference amount customarily consumed (21 CFR 101.12), grams, used for claims.
    /// `None`: the serving weight is used and claims say "per labeled serving".
    pub racc_g: Option<f64>,
    /// The ingredients; at least one.
    pub ingredients: Vec<ResolvedIngredient>,
}

/// One ingredient line of a recipe, resolved to data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResolvedIngredient {
    /// Grams of this ingredient in the recipe; must be finite and > 0.
    pub grams: f64,
    /// How it reads in the ingredient statement (used verbatim, HTML-escaped in HTML output).
    pub label_name: String,
    /// Allergens this ingredient contains (for a sub-recipe: in addition to its ingredients').
    pub allergens: BTreeSet<Allergen>,
    /// Where its nutrients come from.
    pub source: IngredientSource,
}

/// Where an ingredient's nutrients come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IngredientSource {
    /// Amounts per 100 g. `calories` may be missing for custom ingredients that give only
    /// macronutrients: the engine then derives them by Atwater 4/4/9 and says so.
    PerHundredGrams(NutrientAmounts),
    /// A sub-recipe: contributes its nutrients per gram of ITS final weight
    /// (`servings * serving_weight_g`) and its own ingredient statement in parentheses.
    SubRecipe(Box<RecipeInput>),
}

/// Serving size as printed: household measure and metric weight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServingSize {
    /// Household measure, e.g. `"1 slice (60g)"`; `null` when the recipe gives none.
    pub text: Option<String>,
    /// Serving weight in grams (unrounded).
    pub grams: f64,
}

/// How the calories of a US label were obtained (21 CFR 101.9(c)(1)(i)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CalorieBasis {
    /// Every ingredient's data carried `calories`; they were summed.
    Database,
    /// No ingredient carried `calories`; all were derived by the general factors
    /// 4/4/9 kcal per g of protein/total carbohydrate/total fat (101.9(c)(1)(i)(B)).
    #[serde(rename = "atwater_4_4_9")]
    Atwater449,
    /// Some ingredients carried `calories`, the others were derived by 4/4/9.
    #[serde(rename = "mixed_database_atwater_4_4_9")]
    Mixed,
}

/// A computed nutrition label; see the module docs for its JSON shape.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(try_from = "LabelWire", into = "LabelWire")]
pub struct Label {
    /// Format id, e.g. `"standard"` or `"eu-1169"`.
    pub format: String,
    /// Serving size.
    pub serving_size: ServingSize,
    /// Servings per container as given (unrounded); the printed text, rounded per
    /// 21 CFR 101.9(b)(8) with "about" where rounding changed it, is `display["servings_per_container"]`.
    pub servings_per_container: f64,
    /// Ingredients in descending order of weight, sub-recipes' ingredients in parentheses.
    pub ingredient_statement: String,
    /// Allergens the format's jurisdiction requires, sorted by code; sub-recipes included.
    pub allergens: BTreeSet<Allergen>,
    /// US: `"Contains: Milk, Wheat, Sesame"` (21 U.S.C. 343(w)(1)(A)); EU: `None` (allergens
    /// are emphasised in the ingredient list instead, Art. 21).
    pub contains_statement: Option<String>,
    /// For every declared nutrient, the exact printed text (`"0g"`, `"less than 5mg"`, `"<1g"`).
    /// US keys are nutrient keys; EU keys are `per_100g.<key>` and `per_portion.<key>`.
    pub display: BTreeMap<String, String>,
    /// Exact per-serving amounts before rounding, by nutrient key (EU adds its derived keys).
    pub unrounded: BTreeMap<String, f64>,
    /// The family-specific part.
    pub facts: Facts,
}

/// The family-specific part of a label.
#[derive(Debug, Clone, PartialEq)]
pub enum Facts {
    /// US FDA family (21 CFR 101.9).
    Us(UsFacts),
    /// EU family (Reg. 1169/2011).
    Eu(EuFacts),
}

/// Per-serving declared amounts of a US label, each rounded by 21 CFR 101.9(c).
///
/// For a "less than" declaration (e.g. cholesterol 2–5 mg, carbohydrate 0.5–1 g) the number is
/// the bound named in the text (5, 1); the lawful text is in `Label::display`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UsFacts {
    /// Declared amount, rounded, in the unit its key names.
    pub calories: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub total_fat_g: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub saturated_fat_g: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub trans_fat_g: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub cholesterol_mg: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub sodium_mg: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub total_carbohydrate_g: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub dietary_fiber_g: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub total_sugars_g: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub added_sugars_g: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub protein_g: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub vitamin_d_mcg: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub calcium_mg: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub iron_mg: f64,
    /// Declared amount, rounded, in the unit its key names.
    pub potassium_mg: f64,
    /// Percent Daily Value by nutrient key, rounded per 101.9(c)(8)(iii) / (d)(7)(ii).
    /// Trans fat and total sugars have none.
    pub daily_values: BTreeMap<String, f64>,
    /// How calories were obtained.
    pub calorie_basis: CalorieBasis,
}

/// One EU declaration column (per 100 g or per portion), rounded per the Commission's
/// December 2012 guidance. Energy from Annex XIV factors.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EuBlock {
    /// Declared amount, rounded per the 2012 guidance, in the unit its key names.
    pub energy_kj: f64,
    /// Declared amount, rounded per the 2012 guidance, in the unit its key names.
    pub energy_kcal: f64,
    /// Declared amount, rounded per the 2012 guidance, in the unit its key names.
    pub fat_g: f64,
    /// Declared amount, rounded per the 2012 guidance, in the unit its key names.
    pub saturates_g: f64,
    /// Declared amount, rounded per the 2012 guidance, in the unit its key names.
    pub carbohydrate_g: f64,
    /// Declared amount, rounded per the 2012 guidance, in the unit its key names.
    pub sugars_g: f64,
    /// Present when any ingredient's data gives fibre.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fibre_g: Option<f64>,
    /// Declared amount, rounded per the 2012 guidance, in the unit its key names.
    pub protein_g: f64,
    /// Declared amount, rounded per the 2012 guidance, in the unit its key names.
    pub salt_g: f64,
}

/// The EU-specific part of a label.
#[derive(Debug, Clone, PartialEq)]
pub struct EuFacts {
    /// Mandatory per-100 g declaration (Art. 32(2)).
    pub per_100g: EuBlock,
    /// Per-portion declaration (Art. 33); portion = serving weight.
    pub per_portion: EuBlock,
    /// Percent of the adult reference intake (Annex XIII Part B) per portion, whole percent.
    /// Keys: `energy_kj` (of 8 400 kJ), `energy_kcal` (of 2 000 kcal), `fat_g`, `saturates_g`,
    /// `carbohydrate_g`, `sugars_g`, `protein_g`, `salt_g`; computed from the declared amounts.
    pub reference_intake_pct: BTreeMap<String, f64>,
    /// The ingredient statement with allergen words in `<b>…</b>`, names HTML-escaped.
    pub ingredient_statement_html: String,
}

/// The label object as it travels in JSON (every family's fields optional).
#[derive(Serialize, Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
struct LabelWire {
    format: String,
    serving_size: ServingSize,
    servings_per_container: f64,
    ingredient_statement: String,
    allergens: BTreeSet<Allergen>,
    contains_statement: Option<String>,
    display: BTreeMap<String, String>,
    unrounded: BTreeMap<String, f64>,

    #[serde(default, skip_serializing_if = "Option::is_none")]
    calories: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    total_fat_g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    saturated_fat_g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    trans_fat_g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cholesterol_mg: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sodium_mg: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    total_carbohydrate_g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    dietary_fiber_g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    total_sugars_g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    added_sugars_g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    protein_g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    vitamin_d_mcg: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    calcium_mg: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    iron_mg: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    potassium_mg: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    daily_values: Option<BTreeMap<String, f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    calorie_basis: Option<CalorieBasis>,

    #[serde(default, skip_serializing_if = "Option::is_none")]
    per_100g: Option<EuBlock>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    per_portion: Option<EuBlock>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reference_intake_pct: Option<BTreeMap<String, f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ingredient_statement_html: Option<String>,
}

impl From<Label> for LabelWire {
    fn from(l: Label) -> Self {
        let mut w = LabelWire {
            format: l.format,
            serving_size: l.serving_size,
            servings_per_container: l.servings_per_container,
            ingredient_statement: l.ingredient_statement,
            allergens: l.allergens,
            contains_statement: l.contains_statement,
            display: l.display,
            unrounded: l.unrounded,
            calories: None,
            total_fat_g: None,
            saturated_fat_g: None,
            trans_fat_g: None,
            cholesterol_mg: None,
            sodium_mg: None,
            total_carbohydrate_g: None,
            dietary_fiber_g: None,
            total_sugars_g: None,
            added_sugars_g: None,
            protein_g: None,
            vitamin_d_mcg: None,
            calcium_mg: None,
            iron_mg: None,
            potassium_mg: None,
            daily_values: None,
            calorie_basis: None,
            per_100g: None,
            per_portion: None,
            reference_intake_pct: None,
            ingredient_statement_html: None,
        };
        match l.facts {
            Facts::Us(us) => {
                w.calories = Some(us.calories);
                w.total_fat_g = Some(us.total_fat_g);
                w.saturated_fat_g = Some(us.saturated_fat_g);
                w.trans_fat_g = Some(us.trans_fat_g);
                w.cholesterol_mg = Some(us.cholesterol_mg);
                w.sodium_mg = Some(us.sodium_mg);
                w.total_carbohydrate_g = Some(us.total_carbohydrate_g);
                w.dietary_fiber_g = Some(us.dietary_fiber_g);
                w.total_sugars_g = Some(us.total_sugars_g);
                w.added_sugars_g = Some(us.added_sugars_g);
                w.protein_g = Some(us.protein_g);
                w.vitamin_d_mcg = Some(us.vitamin_d_mcg);
                w.calcium_mg = Some(us.calcium_mg);
                w.iron_mg = Some(us.iron_mg);
                w.potassium_mg = Some(us.potassium_mg);
                w.daily_values = Some(us.daily_values);
                w.calorie_basis = Some(us.calorie_basis);
            }
            Facts::Eu(eu) => {
                w.per_100g = Some(eu.per_100g);
                w.per_portion = Some(eu.per_portion);
                w.reference_intake_pct = Some(eu.reference_intake_pct);
                w.ingredient_statement_html = Some(eu.ingredient_statement_html);
            }
        }
        w
    }
}

/// Why a JSON object is not a label. The message names the offending field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LabelShapeError {
    /// `format` is not in the registry.
    #[error("unknown label format {0:?}")]
    UnknownFormat(String),
    /// A field the format's family requires is absent.
    #[error("label of format {format:?} is missing field `{field}`")]
    MissingField { format: String, field: &'static str },
    /// A field of another family is present.
    #[error("label of format {format:?} must not have field `{field}`")]
    ForeignField { format: String, field: &'static str },
}

impl TryFrom<LabelWire> for Label {
    type Error = LabelShapeError;

    fn try_from(w: LabelWire) -> Result<Self, Self::Error> {
        let fmt =
            format(&w.format).ok_or_else(|| LabelShapeError::UnknownFormat(w.format.clone()))?;
        let id = w.format.clone();
        let missing = |field: &'static str| LabelShapeError::MissingField {
            format: id.clone(),
            field,
        };
        let foreign = |field: &'static str| LabelShapeError::ForeignField {
            format: id.clone(),
            field,
        };
        let us_present: [(&'static str, bool); 17] = [
            ("calories", w.calories.is_some()),
            ("total_fat_g", w.total_fat_g.is_some()),
            ("saturated_fat_g", w.saturated_fat_g.is_some()),
            ("trans_fat_g", w.trans_fat_g.is_some()),
            ("cholesterol_mg", w.cholesterol_mg.is_some()),
            ("sodium_mg", w.sodium_mg.is_some()),
            ("total_carbohydrate_g", w.total_carbohydrate_g.is_some()),
            ("dietary_fiber_g", w.dietary_fiber_g.is_some()),
            ("total_sugars_g", w.total_sugars_g.is_some()),
            ("added_sugars_g", w.added_sugars_g.is_some()),
            ("protein_g", w.protein_g.is_some()),
            ("vitamin_d_mcg", w.vitamin_d_mcg.is_some()),
            ("calcium_mg", w.calcium_mg.is_some()),
            ("iron_mg", w.iron_mg.is_some()),
            ("potassium_mg", w.potassium_mg.is_some()),
            ("daily_values", w.daily_values.is_some()),
            ("calorie_basis", w.calorie_basis.is_some()),
        ];
        let eu_present: [(&'static str, bool); 4] = [
            ("per_100g", w.per_100g.is_some()),
            ("per_portion", w.per_portion.is_some()),
            ("reference_intake_pct", w.reference_intake_pct.is_some()),
            (
                "ingredient_statement_html",
                w.ingredient_statement_html.is_some(),
            ),
        ];
        let (required, forbidden) = match fmt.family {
            Family::UsFda => (&us_present[..], &eu_present[..]),
            Family::Eu1169 => (&eu_present[..], &us_present[..]),
        };
        if let Some((field, _)) = required.iter().find(|(_, present)| !present) {
            return Err(missing(field));
        }
        if let Some((field, _)) = forbidden.iter().find(|(_, present)| *present) {
            return Err(foreign(field));
        }
        let facts = match fmt.family {
            Family::UsFda => Facts::Us(UsFacts {
                calories: w.calories.unwrap_or_default(),
                total_fat_g: w.total_fat_g.unwrap_or_default(),
                saturated_fat_g: w.saturated_fat_g.unwrap_or_default(),
                trans_fat_g: w.trans_fat_g.unwrap_or_default(),
                cholesterol_mg: w.cholesterol_mg.unwrap_or_default(),
                sodium_mg: w.sodium_mg.unwrap_or_default(),
                total_carbohydrate_g: w.total_carbohydrate_g.unwrap_or_default(),
                dietary_fiber_g: w.dietary_fiber_g.unwrap_or_default(),
                total_sugars_g: w.total_sugars_g.unwrap_or_default(),
                added_sugars_g: w.added_sugars_g.unwrap_or_default(),
                protein_g: w.protein_g.unwrap_or_default(),
                vitamin_d_mcg: w.vitamin_d_mcg.unwrap_or_default(),
                calcium_mg: w.calcium_mg.unwrap_or_default(),
                iron_mg: w.iron_mg.unwrap_or_default(),
                potassium_mg: w.potassium_mg.unwrap_or_default(),
                daily_values: w.daily_values.unwrap_or_default(),
                calorie_basis: w.calorie_basis.unwrap_or(CalorieBasis::Database),
            }),
            Family::Eu1169 => Facts::Eu(EuFacts {
                per_100g: w.per_100g.ok_or_else(|| missing("per_100g"))?,
                per_portion: w.per_portion.ok_or_else(|| missing("per_portion"))?,
                reference_intake_pct: w.reference_intake_pct.unwrap_or_default(),
                ingredient_statement_html: w.ingredient_statement_html.unwrap_or_default(),
            }),
        };
        Ok(Label {
            format: w.format,
            serving_size: w.serving_size,
            servings_per_container: w.servings_per_container,
            ingredient_statement: w.ingredient_statement,
            allergens: w.allergens,
            contains_statement: w.contains_statement,
            display: w.display,
            unrounded: w.unrounded,
            facts,
        })
    }
}

impl Label {
    /// The US part, if this is a US-family label.
    pub fn us(&self) -> Option<&UsFacts> {
        match &self.facts {
            Facts::Us(us) => Some(us),
            Facts::Eu(_) => None,
        }
    }

    /// The EU part, if this is an EU-family label.
    pub fn eu(&self) -> Option<&EuFacts> {
        match &self.facts {
            Facts::Eu(eu) => Some(eu),
            Facts::Us(_) => None,
        }
    }
}
