//! The nutrient vocabulary shared by ingredients, the food database and labels.
//!
//! Each variant serialises to the API key used in `nutrients_per_100g` and in label
//! objects (`total_fat_g`, `sodium_mg`, ...): the unit is part of the name, so an amount
//! is always a plain number in that unit.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// One nutrient a label or an ingredient can carry. The serde name is the API key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nutrient {
    /// Energy in kcal.
    Calories,
    TotalFatG,
    SaturatedFatG,
    TransFatG,
    MonounsaturatedFatG,
    PolyunsaturatedFatG,
    CholesterolMg,
    SodiumMg,
    TotalCarbohydrateG,
    DietaryFiberG,
    /// Soluble fiber, voluntary on US labels (21 CFR 101.9(c)(6)(i)(A)).
    SolubleFiberG,
    /// Insoluble fiber, voluntary on US labels (21 CFR 101.9(c)(6)(i)(B)).
    InsolubleFiberG,
    TotalSugarsG,
    AddedSugarsG,
    SugarAlcoholsG,
    PolyolsG,
    StarchG,
    AlcoholG,
    ProteinG,
    VitaminDMcg,
    CalciumMg,
    IronMg,
    PotassiumMg,
    VitaminAMcg,
    VitaminCMg,
    VitaminEMg,
    VitaminKMcg,
    ThiaminMg,
    RiboflavinMg,
    NiacinMg,
    VitaminB6Mg,
    /// Folate in mcg dietary folate equivalents (21 CFR 101.9(c)(8)(iv)).
    FolateMcg,
    /// Folic acid (the synthetic form added to foods) in mcg; part of folate's DFE, printed
    /// after it in parentheses when added (21 CFR 101.9(c)(8)(iv) as amended in 2016).
    FolicAcidMcg,
    VitaminB12Mcg,
    PhosphorusMg,
    MagnesiumMg,
    ZincMg,
    SeleniumMcg,
    CopperMg,
    ManganeseMg,
    WaterG,
    /// The specific components of FSANZ Schedule 11 S11—2(3), each with its own energy
    /// factor and, at 5 g/100 g or more, its own declaration (Standard 1.2.8—6(9)): given
    /// only where quantified or added; data that names none holds none to declare.
    /// D-allulose (S11—2(3)).
    DAlluloseG,
    /// Erythritol (S11—2(3)).
    ErythritolG,
    /// Glycerol (S11—2(3)).
    GlycerolG,
    /// Isomalt (S11—2(3)).
    IsomaltG,
    /// Lactitol (S11—2(3)).
    LactitolG,
    /// Maltitol (S11—2(3)).
    MaltitolG,
    /// Mannitol (S11—2(3)).
    MannitolG,
    /// Organic acids (S11—2(3)).
    OrganicAcidsG,
    /// Polydextrose (S11—2(3)).
    PolydextroseG,
    /// Sorbitol (S11—2(3)).
    SorbitolG,
    /// D-tagatose (S11—2(3)).
    DTagatoseG,
    /// Xylitol (S11—2(3)).
    XylitolG,
}

impl Nutrient {
    /// Every nutrient, in declaration order.
    pub const ALL: [Nutrient; 53] = [
        Self::Calories,
        Self::TotalFatG,
        Self::SaturatedFatG,
        Self::TransFatG,
        Self::MonounsaturatedFatG,
        Self::PolyunsaturatedFatG,
        Self::CholesterolMg,
        Self::SodiumMg,
        Self::TotalCarbohydrateG,
        Self::DietaryFiberG,
        Self::SolubleFiberG,
        Self::InsolubleFiberG,
        Self::TotalSugarsG,
        Self::AddedSugarsG,
        Self::SugarAlcoholsG,
        Self::PolyolsG,
        Self::StarchG,
        Self::AlcoholG,
        Self::ProteinG,
        Self::VitaminDMcg,
        Self::CalciumMg,
        Self::IronMg,
        Self::PotassiumMg,
        Self::VitaminAMcg,
        Self::VitaminCMg,
        Self::VitaminEMg,
        Self::VitaminKMcg,
        Self::ThiaminMg,
        Self::RiboflavinMg,
        Self::NiacinMg,
        Self::VitaminB6Mg,
        Self::FolateMcg,
        Self::FolicAcidMcg,
        Self::VitaminB12Mcg,
        Self::PhosphorusMg,
        Self::MagnesiumMg,
        Self::ZincMg,
        Self::SeleniumMcg,
        Self::CopperMg,
        Self::ManganeseMg,
        Self::WaterG,
        Self::DAlluloseG,
        Self::ErythritolG,
        Self::GlycerolG,
        Self::IsomaltG,
        Self::LactitolG,
        Self::MaltitolG,
        Self::MannitolG,
        Self::OrganicAcidsG,
        Self::PolydextroseG,
        Self::SorbitolG,
        Self::DTagatoseG,
        Self::XylitolG,
    ];

    /// The API key, e.g. `"total_fat_g"`.
    pub fn key(self) -> &'static str {
        match self {
            Self::Calories => "calories",
            Self::TotalFatG => "total_fat_g",
            Self::SaturatedFatG => "saturated_fat_g",
            Self::TransFatG => "trans_fat_g",
            Self::MonounsaturatedFatG => "monounsaturated_fat_g",
            Self::PolyunsaturatedFatG => "polyunsaturated_fat_g",
            Self::CholesterolMg => "cholesterol_mg",
            Self::SodiumMg => "sodium_mg",
            Self::TotalCarbohydrateG => "total_carbohydrate_g",
            Self::DietaryFiberG => "dietary_fiber_g",
            Self::SolubleFiberG => "soluble_fiber_g",
            Self::InsolubleFiberG => "insoluble_fiber_g",
            Self::TotalSugarsG => "total_sugars_g",
            Self::AddedSugarsG => "added_sugars_g",
            Self::SugarAlcoholsG => "sugar_alcohols_g",
            Self::PolyolsG => "polyols_g",
            Self::StarchG => "starch_g",
            Self::AlcoholG => "alcohol_g",
            Self::ProteinG => "protein_g",
            Self::VitaminDMcg => "vitamin_d_mcg",
            Self::CalciumMg => "calcium_mg",
            Self::IronMg => "iron_mg",
            Self::PotassiumMg => "potassium_mg",
            Self::VitaminAMcg => "vitamin_a_mcg",
            Self::VitaminCMg => "vitamin_c_mg",
            Self::VitaminEMg => "vitamin_e_mg",
            Self::VitaminKMcg => "vitamin_k_mcg",
            Self::ThiaminMg => "thiamin_mg",
            Self::RiboflavinMg => "riboflavin_mg",
            Self::NiacinMg => "niacin_mg",
            Self::VitaminB6Mg => "vitamin_b6_mg",
            Self::FolateMcg => "folate_mcg",
            Self::FolicAcidMcg => "folic_acid_mcg",
            Self::VitaminB12Mcg => "vitamin_b12_mcg",
            Self::PhosphorusMg => "phosphorus_mg",
            Self::MagnesiumMg => "magnesium_mg",
            Self::ZincMg => "zinc_mg",
            Self::SeleniumMcg => "selenium_mcg",
            Self::CopperMg => "copper_mg",
            Self::ManganeseMg => "manganese_mg",
            Self::WaterG => "water_g",
            Self::DAlluloseG => "d_allulose_g",
            Self::ErythritolG => "erythritol_g",
            Self::GlycerolG => "glycerol_g",
            Self::IsomaltG => "isomalt_g",
            Self::LactitolG => "lactitol_g",
            Self::MaltitolG => "maltitol_g",
            Self::MannitolG => "mannitol_g",
            Self::OrganicAcidsG => "organic_acids_g",
            Self::PolydextroseG => "polydextrose_g",
            Self::SorbitolG => "sorbitol_g",
            Self::DTagatoseG => "d_tagatose_g",
            Self::XylitolG => "xylitol_g",
        }
    }

    /// The energy factor, kJ/g, of FSANZ Schedule 11 S11—2(3) (compilation of March 2025,
    /// Schedule 11 as in force on 29 October 2024, p. 543) for its specific components;
    /// `None` for every other nutrient. Those components are never "missing" from an
    /// ingredient's data: a label declares only those quantified or added (Standard
    /// 1.2.8—6(9)(b)).
    pub fn fsanz_s11_2_3_factor(self) -> Option<f64> {
        Some(match self {
            Self::DAlluloseG => 2.0,
            Self::ErythritolG => 1.0,
            Self::GlycerolG => 18.0,
            Self::IsomaltG => 11.0,
            Self::LactitolG => 11.0,
            Self::MaltitolG => 13.0,
            Self::MannitolG => 9.0,
            Self::OrganicAcidsG => 13.0,
            Self::PolydextroseG => 5.0,
            Self::SorbitolG => 14.0,
            Self::DTagatoseG => 11.0,
            Self::XylitolG => 14.0,
            _ => return None,
        })
    }

    /// Parses an API key; `None` for anything outside the vocabulary.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|n| n.key() == key)
    }
}

/// Amounts of nutrients, each in the unit its key names. A missing nutrient is unknown,
/// which is not the same as zero (labels treat unknown as zero but say so).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct NutrientAmounts(pub BTreeMap<Nutrient, f64>);

impl NutrientAmounts {
    /// The amount of `nutrient`, if known.
    pub fn get(&self, nutrient: Nutrient) -> Option<f64> {
        self.0.get(&nutrient).copied()
    }

    /// Sets the amount of `nutrient`.
    pub fn set(&mut self, nutrient: Nutrient, amount: f64) {
        self.0.insert(nutrient, amount);
    }

    /// Every amount multiplied by `factor` (e.g. grams / 100 to go from per-100 g to a portion).
    pub fn scaled(&self, factor: f64) -> Self {
        Self(self.0.iter().map(|(n, v)| (*n, v * factor)).collect())
    }

    /// Adds `other` into `self`; a nutrient known in either is known in the sum.
    pub fn add_assign(&mut self, other: &Self) {
        for (n, v) in &other.0 {
            *self.0.entry(*n).or_insert(0.0) += v;
        }
    }
}
