//! Nutrients the data lacks: which ingredients lack each one, and how much they could at
//! most hold, so a label never prints a value the data does not support as if measured.
//!
//! A nutrient an ingredient's data omits is unknown, not zero. It is often still bounded:
//! a part never exceeds its whole (saturated, trans, mono- and polyunsaturated fat are parts
//! of total fat; fiber, sugars, sugar alcohols and starch of total carbohydrate; added sugars
//! of total sugars: the hierarchy of 21 CFR 101.9(c)(2) and (c)(6)). So butter's unknown
//! trans fat is at most its total fat, and oil with 0 g carbohydrate has 0 g added sugars.
//! A declaration is determined when the known part and the known part plus every bound
//! round to the same printed text and percentage; only then is it printed as a fact.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::format::Quantity;
use crate::nutrient::{Nutrient, NutrientAmounts};

/// One nutrient a label declares without complete data, and the ingredients that lack it
/// (their printed names, sub-recipes' ingredients included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissingNutrient {
    /// The nutrient's key (`"trans_fat_g"`).
    pub nutrient: String,
    /// Ingredients whose data lacks it, in recipe order: the first
    /// [`MissingNutrient::MAX_NAMES`].
    pub ingredients: Vec<String>,
    /// How many more lack it beyond those listed (absent when none), so a recipe of many
    /// sparse ingredients keeps a label of bounded size.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub more_ingredients: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl MissingNutrient {
    /// Names listed per nutrient: with [`Self::MAX_NAME_CHARS`], the list stays a small
    /// part of a label's size limit even when every row lacks data.
    pub const MAX_NAMES: usize = 10;
    /// Characters of a listed name; longer ones end in "…".
    pub const MAX_NAME_CHARS: usize = 80;

    /// `nutrient` lacking for `ingredients`, the list cut at [`Self::MAX_NAMES`] names of
    /// at most [`Self::MAX_NAME_CHARS`] characters.
    pub fn new(nutrient: &str, mut ingredients: Vec<String>) -> Self {
        let more_ingredients = ingredients.len().saturating_sub(Self::MAX_NAMES);
        ingredients.truncate(Self::MAX_NAMES);
        for name in &mut ingredients {
            if name.chars().count() > Self::MAX_NAME_CHARS {
                *name = name
                    .chars()
                    .take(Self::MAX_NAME_CHARS - 1)
                    .collect::<String>()
                    + "…";
            }
        }
        Self {
            nutrient: nutrient.to_string(),
            ingredients,
            more_ingredients,
        }
    }
}

/// The whole a nutrient is part of, where the label's hierarchy makes it one.
fn whole_of(n: Nutrient) -> Option<Nutrient> {
    use Nutrient::*;
    match n {
        SaturatedFatG | TransFatG | MonounsaturatedFatG | PolyunsaturatedFatG => Some(TotalFatG),
        DietaryFiberG | TotalSugarsG | SugarAlcoholsG | PolyolsG | StarchG => {
            Some(TotalCarbohydrateG)
        }
        AddedSugarsG => Some(TotalSugarsG),
        _ => None,
    }
}

/// The most of `n` that 100 g of a food with `per_100g` can hold: its amount when known,
/// else the bound of its whole, else infinity (nothing bounds it).
pub fn upper_bound(n: Nutrient, per_100g: &NutrientAmounts) -> f64 {
    match per_100g.get(n) {
        Some(v) => v,
        None => whole_of(n).map_or(f64::INFINITY, |w| upper_bound(w, per_100g)),
    }
}

/// The nutrients whose data a row's amount is computed from. Calories are never missing:
/// where the data lacks them they are derived by 4/4/9 and `calorie_basis` says so.
pub fn inputs(q: Quantity) -> Vec<Nutrient> {
    match q {
        Quantity::Nutrient(Nutrient::Calories) => Vec::new(),
        Quantity::Nutrient(n) => vec![n],
        Quantity::SaltG => vec![Nutrient::SodiumMg],
        Quantity::AvailableCarbohydrate | Quantity::FsanzAvailableCarbohydrate => {
            vec![Nutrient::TotalCarbohydrateG]
        }
        Quantity::CaFdrSaturatedPlusTrans => vec![Nutrient::SaturatedFatG, Nutrient::TransFatG],
        Quantity::AnnexXivKj
        | Quantity::AnnexXivKcal
        | Quantity::Cxg2Kj
        | Quantity::Cxg2Kcal
        | Quantity::FsanzS11Kj => {
            vec![
                Nutrient::TotalFatG,
                Nutrient::ProteinG,
                Nutrient::TotalCarbohydrateG,
            ]
        }
    }
}

/// What a recipe's data lacks, summed over its ingredients.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Unknowns {
    /// Per nutrient, the ingredients lacking it that could hold some (bound above 0).
    pub from: BTreeMap<Nutrient, Vec<String>>,
    /// Per nutrient, the most those ingredients could add (infinite when unbounded), in the
    /// same weights as the totals.
    pub upper: NutrientAmounts,
}

impl Unknowns {
    /// Records a single ingredient of `grams` with `per_100g` (calories already filled).
    pub fn record(&mut self, name: &str, grams: f64, per_100g: &NutrientAmounts) {
        for n in Nutrient::ALL {
            // Schedule 11's specific components are declared where quantified or added
            // (FSANZ 1.2.8—6(9)(b)): data that names none is no data missing.
            if n == Nutrient::Calories
                || per_100g.get(n).is_some()
                || n.fsanz_s11_2_3_factor().is_some()
            {
                continue;
            }
            let bound = upper_bound(n, per_100g);
            if bound > 0.0 {
                self.add(n, name, bound * grams / 100.0);
            }
        }
    }

    fn add(&mut self, n: Nutrient, name: &str, amount: f64) {
        let names = self.from.entry(n).or_default();
        if !names.iter().any(|x| x == name) {
            names.push(name.to_string());
        }
        let sum = self.upper.get(n).unwrap_or(0.0) + amount;
        self.upper.set(n, sum);
    }

    /// Adds a sub-recipe's unknowns, its amounts scaled by `factor`.
    pub fn add_scaled(&mut self, other: &Unknowns, factor: f64) {
        for (n, names) in &other.from {
            let amount = other.upper.get(*n).unwrap_or(0.0) * factor;
            for (i, name) in names.iter().enumerate() {
                // The amount once, with the first name.
                self.add(*n, name, if i == 0 { amount } else { 0.0 });
            }
        }
    }

    /// `amounts` with the bound of every nutrient in `involved` added: the most the data
    /// allows. `factor` scales the bounds to the weights of `amounts`.
    pub fn raised(
        &self,
        amounts: &NutrientAmounts,
        factor: f64,
        involved: &[Nutrient],
    ) -> NutrientAmounts {
        let mut out = amounts.clone();
        for n in involved {
            let extra = self.upper.get(*n).unwrap_or(0.0) * factor;
            out.set(*n, out.get(*n).unwrap_or(0.0) + extra);
        }
        out
    }
}
