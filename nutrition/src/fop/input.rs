//! What a scheme is computed from: the product's amounts per 100 g (from the label's exact
//! per-serving amounts), its portion and reference amount, and the facts a recipe does not
//! hold (solid or liquid, density, free sugars, fruit/vegetable share, sweeteners, caffeine,
//! category), which a request may give. Nothing here guesses: an absent fact stays absent
//! and the scheme reports it missing.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::data::{Measure, State};
use crate::label::Label;

/// kJ per kcal (thermochemical calorie), used only when a label carries no kJ of its own.
pub const KJ_PER_KCAL: f64 = 4.184;

/// Salt = sodium × 2.5 (Reg. (EU) 1169/2011 Annex I(11)).
pub const SALT_PER_SODIUM: f64 = 2.5;

/// The product's category where a scheme treats categories differently or exempts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// A food without a special rule.
    General,
    Cheese,
    RedMeat,
    /// Fats, oils, nuts and seeds (Nutri-Score).
    FatsOilsNutsSeeds,
    /// A beverage (Nutri-Score beverages; Nutri-Grade).
    Beverage,
    /// Plain water.
    Water,
    /// A prepackaged main dish (Canada, reference amount ≥ 200 g).
    MainDish,
    WholeFruitVegetable,
    PlainMilk,
    SingleIngredientMeatFish,
    VegetableOil,
    SugarHoneySalt,
}

impl Category {
    /// Its wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::General => "general",
            Self::Cheese => "cheese",
            Self::RedMeat => "red_meat",
            Self::FatsOilsNutsSeeds => "fats_oils_nuts_seeds",
            Self::Beverage => "beverage",
            Self::Water => "water",
            Self::MainDish => "main_dish",
            Self::WholeFruitVegetable => "whole_fruit_vegetable",
            Self::PlainMilk => "plain_milk",
            Self::SingleIngredientMeatFish => "single_ingredient_meat_fish",
            Self::VegetableOil => "vegetable_oil",
            Self::SugarHoneySalt => "sugar_honey_salt",
        }
    }
}

/// A critical nutrient a product may have had added in its making (NOM-051-SCFI/SSA1-2010
/// as modified in 2020, 4.5.3: free sugars, fats, sodium), which decides which of Mexico's
/// limits apply.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Added {
    /// Free sugars, or ingredients containing added free sugars.
    FreeSugars,
    /// Vegetable or animal fats and oils.
    Fats,
    /// Any salt containing sodium, or an ingredient with added sodium salts.
    Sodium,
}

/// Facts about a product that its recipe does not hold; each may be given on a recipe or an
/// analysis (`front_of_pack_facts`). Amounts are per 100 g of the product as sold.
///
/// Nothing is guessed: a scheme that needs an absent fact lists it in its `missing` and
/// leaves the marks that depend on it out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = FrontOfPackFacts)]
pub struct Facts {
    /// Judged as a solid (per 100 g) or a liquid (per 100 ml).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<State>,
    /// Grams per millilitre, to turn per 100 g into per 100 ml for liquids.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(exclusive_minimum = 0, maximum = 10)]
    pub density_g_per_ml: Option<f64>,
    /// Free sugars (WHO: added sugars plus sugars in honey, syrups and juices), g per 100 g.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0, maximum = 100)]
    pub free_sugars_g_per_100g: Option<f64>,
    /// Lactose and galactose, g per 100 g (Nutri-Grade subtracts them from sugars).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0, maximum = 100)]
    pub lactose_galactose_g_per_100g: Option<f64>,
    /// Share of fruit, vegetables and legumes, % by weight (Nutri-Score).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0, maximum = 100)]
    pub fruit_vegetable_legume_pct: Option<f64>,
    /// Contains non-nutritive sweeteners.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub non_nutritive_sweeteners: Option<bool>,
    /// Contains added caffeine.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caffeine: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<Category>,
    /// The product's reference amount in grams from Canada's own Table of Reference Amounts
    /// (FDR B.01.001; the front-of-package symbol, B.01.350-B.01.358, is judged per it). Not
    /// the US RACC of 21 CFR 101.12, which is another country's table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(exclusive_minimum = 0, maximum = 10000)]
    pub reference_amount_g: Option<f64>,
    /// The critical nutrients added in making the product (NOM-051 4.5.3); `[]`: none.
    /// Mexico's octagons are judged in the phase in force on the label's date: from
    /// 1 October 2023 (second phase, to 31 December 2027) only the added nutrients' own
    /// limits apply (free sugars: sugars and energy; fats: saturated fat, trans fat and
    /// energy; sodium: sodium); from 1 January 2028 (third phase) all five once any is added;
    /// nothing added, no octagon. Not given: every limit applies and the result lists the
    /// fact in `missing`. The phases after the first rest on secondary sources and carry
    /// `status: unconfirmed`.
    // How each phase reads this: `super::data::Evaluates`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub added_critical_nutrients: Option<Vec<Added>>,
    /// The package's principal display surface, cm² (Mexico: "superficie principal de
    /// exhibición"), which sets how large the marks are printed where a scheme's data has a
    /// size table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(exclusive_minimum = 0, maximum = 1000000)]
    pub principal_display_area_cm2: Option<f64>,
}

impl Facts {
    /// Checks the numbers; the error names the field.
    pub fn validate(&self) -> Result<(), (&'static str, &'static str)> {
        let positive = |v: Option<f64>| v.is_none_or(|v| v.is_finite() && v > 0.0 && v <= 10.0);
        let share = |v: Option<f64>| v.is_none_or(|v| v.is_finite() && (0.0..=100.0).contains(&v));
        if !positive(self.density_g_per_ml) {
            return Err((
                "density_g_per_ml",
                "must be a number of g per ml above 0 and at most 10",
            ));
        }
        if !self
            .reference_amount_g
            .is_none_or(|v| v.is_finite() && v > 0.0 && v <= 10_000.0)
        {
            return Err((
                "reference_amount_g",
                "must be a number of grams above 0 and at most 10000",
            ));
        }
        if !self
            .principal_display_area_cm2
            .is_none_or(|v| v.is_finite() && v > 0.0 && v <= 1_000_000.0)
        {
            return Err((
                "principal_display_area_cm2",
                "must be a number of cm² above 0 and at most 1000000",
            ));
        }
        if !share(self.free_sugars_g_per_100g) {
            return Err((
                "free_sugars_g_per_100g",
                "must be a number of grams from 0 to 100",
            ));
        }
        if !share(self.lactose_galactose_g_per_100g) {
            return Err((
                "lactose_galactose_g_per_100g",
                "must be a number of grams from 0 to 100",
            ));
        }
        if !share(self.fruit_vegetable_legume_pct) {
            return Err((
                "fruit_vegetable_legume_pct",
                "must be a percentage from 0 to 100",
            ));
        }
        Ok(())
    }
}

/// A product as the schemes see it.
#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    /// Exact amounts per 100 g, by nutrient key (`sodium_mg`, `calories`, `energy_kj`, ...).
    pub per_100g: BTreeMap<String, f64>,
    /// The portion (serving) in grams.
    pub portion_g: f64,
    /// The US RACC (21 CFR 101.12), grams, where the request gave one; no scheme of another
    /// country reads it (Canada's reference amount is [`Facts::reference_amount_g`]).
    pub reference_amount_g: Option<f64>,
    pub facts: Facts,
}

impl Product {
    /// From a label: its exact per-serving amounts scaled to 100 g.
    pub fn from_label(label: &Label, reference_amount_g: Option<f64>, facts: Facts) -> Self {
        let grams = label.serving_size.grams;
        let per_100g = if grams > 0.0 && grams.is_finite() {
            label
                .unrounded
                .iter()
                .map(|(k, v)| (k.clone(), v * 100.0 / grams))
                .collect()
        } else {
            BTreeMap::new()
        };
        Self {
            per_100g,
            portion_g: grams,
            reference_amount_g,
            facts,
        }
    }

    /// Energy in kcal per 100 g: the label's kcal (EU `energy_kcal`, else `calories`).
    pub fn kcal_per_100g(&self) -> Option<f64> {
        self.per_100g
            .get("energy_kcal")
            .or_else(|| self.per_100g.get("calories"))
            .copied()
    }

    /// Energy in kJ per 100 g: the label's kJ, else kcal × 4.184.
    pub fn kj_per_100g(&self) -> Option<f64> {
        self.per_100g
            .get("energy_kj")
            .copied()
            .or_else(|| self.kcal_per_100g().map(|k| k * KJ_PER_KCAL))
    }

    /// The amount of `m` per 100 g, or the name of what is missing.
    pub fn per_100g(&self, m: Measure) -> Result<f64, &'static str> {
        let key = |k: &'static str| self.per_100g.get(k).copied().ok_or(k);
        match m {
            Measure::EnergyKcal => self.kcal_per_100g().ok_or("calories"),
            Measure::TotalFatG => key("total_fat_g"),
            Measure::SaturatedFatG => key("saturated_fat_g"),
            Measure::TransFatG => key("trans_fat_g"),
            Measure::SodiumMg => key("sodium_mg"),
            Measure::SaltG => self
                .per_100g
                .get("sodium_mg")
                .map(|na| na * SALT_PER_SODIUM / 1000.0)
                .ok_or("sodium_mg"),
            Measure::TotalSugarsG => key("total_sugars_g"),
            Measure::AddedSugarsG => key("added_sugars_g"),
            Measure::FreeSugarsG => self
                .facts
                .free_sugars_g_per_100g
                .ok_or("front_of_pack_facts.free_sugars_g_per_100g"),
            Measure::Sweeteners => self
                .facts
                .non_nutritive_sweeteners
                .map(|b| if b { 1.0 } else { 0.0 })
                .ok_or("front_of_pack_facts.non_nutritive_sweeteners"),
            Measure::Caffeine => self
                .facts
                .caffeine
                .map(|b| if b { 1.0 } else { 0.0 })
                .ok_or("front_of_pack_facts.caffeine"),
        }
    }

    /// The factor from per 100 g to per 100 g/ml for `state`: 1 for solids, the density for
    /// liquids (100 ml weigh `density × 100` g).
    pub fn per_100_factor(&self, state: State) -> Result<f64, &'static str> {
        match state {
            State::Solid => Ok(1.0),
            State::Liquid => self
                .facts
                .density_g_per_ml
                .ok_or("front_of_pack_facts.density_g_per_ml"),
        }
    }

    /// The amount of `m` per 100 g (solid) or per 100 ml (liquid).
    pub fn per_100(&self, m: Measure, state: State) -> Result<f64, &'static str> {
        if matches!(m, Measure::Sweeteners | Measure::Caffeine) {
            return self.per_100g(m);
        }
        Ok(self.per_100g(m)? * self.per_100_factor(state)?)
    }

    /// The portion in g (solid) or ml (liquid).
    pub fn portion(&self, state: State) -> Result<f64, &'static str> {
        Ok(self.portion_g / self.per_100_factor(state)?)
    }

    /// The state, or what is missing.
    pub fn state(&self) -> Result<State, &'static str> {
        self.facts.state.ok_or("front_of_pack_facts.state")
    }
}
