//! The label formats registry: each format is a row of data (family, nutrient list and order,
//! rounding rule per nutrient, daily values / reference intakes, units, languages, plan).
//! Adding a country whose family the engine supports is adding a row to [`FORMATS`].

use serde::{Deserialize, Serialize};

use crate::allergen::Allergen;
use crate::label::Plan;
use crate::nutrient::Nutrient;

/// A regulatory family: decides the shape of the label and which computations apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Family {
    /// US FDA, 21 CFR 101.9: per serving, %DV, claims, FALCPA "Contains" statement.
    #[serde(rename = "us-fda")]
    UsFda,
    /// EU Regulation 1169/2011 (and regimes that retain it, e.g. GB): per 100 g and per
    /// portion, Annex XIV energy, Annex XIII reference intakes, Annex II allergen emphasis.
    #[serde(rename = "eu-1169")]
    Eu1169,
}

impl Family {
    /// Whether `allergen` must be declared under this family's law.
    pub fn requires_allergen(self, allergen: Allergen) -> bool {
        match self {
            // FD&C Act 201(qq): the nine major food allergens.
            Self::UsFda => allergen.is_us_major(),
            // Annex II: every code of the vocabulary (wheat is named in group 1).
            Self::Eu1169 => true,
        }
    }
}

/// An energy unit a format prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnergyUnit {
    /// Kilocalories ("Calories" on US labels).
    Kcal,
    /// Kilojoules.
    Kj,
}

/// What a format row declares: a nutrient from the data, or an amount derived from them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Quantity {
    /// A nutrient as summed from the ingredients (calories include Atwater-derived ones).
    Nutrient(Nutrient),
    /// Energy in kJ from Annex XIV factors (1169/2011).
    AnnexXivKj,
    /// Energy in kcal from Annex XIV factors (1169/2011).
    AnnexXivKcal,
    /// EU carbohydrate: total carbohydrate minus fibre (Annex I point 7), polyols included.
    AvailableCarbohydrate,
    /// Salt in g = sodium mg × 2.5 / 1000 (Annex I point 11).
    SaltG,
}

/// A rounding rule; each variant dispatches to the function of [`crate::rounding`] named after
/// its citation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Rounding {
    /// 21 CFR 101.9(c)(1), calories.
    Cfr101_9C1Calories,
    /// 21 CFR 101.9(c)(2), total/saturated/trans/mono/poly fat.
    Cfr101_9C2Fat,
    /// 21 CFR 101.9(c)(3), cholesterol.
    Cfr101_9C3Cholesterol,
    /// 21 CFR 101.9(c)(4), sodium.
    Cfr101_9C4Sodium,
    /// 21 CFR 101.9(c)(6), total carbohydrate, fiber, sugars, sugar alcohols.
    Cfr101_9C6Carbohydrate,
    /// 21 CFR 101.9(c)(6)(iii), added sugars.
    Cfr101_9C6IiiAddedSugars,
    /// 21 CFR 101.9(c)(7), protein.
    Cfr101_9C7Protein,
    /// 21 CFR 101.9(c)(8)(ii) with FDA guidance increments, for a vitamin/mineral of this RDI.
    Cfr101_9C8IiVitaminMineral {
        /// The RDI, in the nutrient's unit; picks the increment.
        rdi: f64,
    },
    /// EC guidance (Dec 2012): energy, whole kJ/kcal.
    Eu2012Energy,
    /// EC guidance (Dec 2012): fat, carbohydrate, sugars, protein, fibre, polyols, starch.
    Eu2012Macronutrient,
    /// EC guidance (Dec 2012): saturates, mono-/polyunsaturates.
    Eu2012Saturates,
    /// EC guidance (Dec 2012): sodium in g.
    Eu2012Sodium,
    /// EC guidance (Dec 2012): salt in g.
    Eu2012Salt,
    /// EC guidance (Dec 2012): vitamins/minerals, this many significant figures.
    Eu2012VitaminMineral {
        /// 3 for vitamin A, folic acid, chloride, calcium, phosphorus, magnesium, iodine,
        /// potassium; 2 for the others.
        significant_figures: u32,
    },
}

/// How a %DV / %RI is rounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PercentRounding {
    /// No percentage is shown.
    None,
    /// Nearest whole percent (21 CFR 101.9(d)(7)(ii); used for EU %RI too).
    WholePercent,
    /// 21 CFR 101.9(c)(8)(iii): < 2 % → 0; ≤ 10 % → 2 %; ≤ 50 % → 5 %; else 10 % steps.
    VitaminMineral,
}

/// One declared line of a format.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FormatNutrient {
    /// The key in the label object (`total_fat_g`, `salt_g`, ...).
    pub key: &'static str,
    /// The printed name in the format's first language.
    pub name: &'static str,
    /// The printed unit (`g`, `mg`, `mcg`, `kJ`, `kcal`, or empty for US calories).
    pub unit: &'static str,
    /// What amount the line declares.
    pub quantity: Quantity,
    /// Its rounding rule.
    pub rounding: Rounding,
    /// Daily value (US) or reference intake (EU), in the line's unit; `None`: no percentage.
    pub daily_value: Option<f64>,
    /// How the percentage is rounded.
    pub percent_rounding: PercentRounding,
}

/// A label format: pure data, see the module docs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Format {
    /// The API id (`label_format`), e.g. `"standard"`.
    pub id: &'static str,
    /// A human name.
    pub name: &'static str,
    /// ISO 3166 codes of the places it serves.
    pub jurisdictions: &'static [&'static str],
    /// The regulatory family.
    pub family: Family,
    /// Languages of the printed text (BCP 47).
    pub languages: &'static [&'static str],
    /// Energy units printed, in order.
    pub energy_units: &'static [EnergyUnit],
    /// Declared lines in printed order.
    pub nutrients: &'static [FormatNutrient],
    /// The lowest plan allowed to use it.
    pub min_plan: Plan,
}

impl Format {
    /// Whether an account on `plan` may use this format.
    pub fn allowed_for(&self, plan: Plan) -> bool {
        plan >= self.min_plan
    }

    /// The line of `key`, if the format declares it.
    pub fn nutrient(&self, key: &str) -> Option<&'static FormatNutrient> {
        self.nutrients.iter().find(|n| n.key == key)
    }
}

const fn us(
    nutrient: Nutrient,
    name: &'static str,
    unit: &'static str,
    rounding: Rounding,
    daily_value: Option<f64>,
    percent_rounding: PercentRounding,
) -> FormatNutrient {
    FormatNutrient {
        key: nutrient_key(nutrient),
        name,
        unit,
        quantity: Quantity::Nutrient(nutrient),
        rounding,
        daily_value,
        percent_rounding,
    }
}

/// `Nutrient::key` usable in const context (for the rows used here).
const fn nutrient_key(n: Nutrient) -> &'static str {
    match n {
        Nutrient::Calories => "calories",
        Nutrient::TotalFatG => "total_fat_g",
        Nutrient::SaturatedFatG => "saturated_fat_g",
        Nutrient::TransFatG => "trans_fat_g",
        Nutrient::CholesterolMg => "cholesterol_mg",
        Nutrient::SodiumMg => "sodium_mg",
        Nutrient::TotalCarbohydrateG => "total_carbohydrate_g",
        Nutrient::DietaryFiberG => "dietary_fiber_g",
        Nutrient::TotalSugarsG => "total_sugars_g",
        Nutrient::AddedSugarsG => "added_sugars_g",
        Nutrient::ProteinG => "protein_g",
        Nutrient::VitaminDMcg => "vitamin_d_mcg",
        Nutrient::CalciumMg => "calcium_mg",
        Nutrient::IronMg => "iron_mg",
        Nutrient::PotassiumMg => "potassium_mg",
        _ => "unsupported",
    }
}

use PercentRounding as P;
use Rounding as R;

/// 21 CFR 101.9(c), standard vertical format, adult/≥ 4 y DVs (101.9(c)(8)(iv), (c)(9)).
/// Protein %DV is optional (101.9(c)(7)) and needs PDCAAS data the engine lacks: not shown.
const US_ADULT: &[FormatNutrient] = &[
    us(
        Nutrient::Calories,
        "Calories",
        "",
        R::Cfr101_9C1Calories,
        None,
        P::None,
    ),
    us(
        Nutrient::TotalFatG,
        "Total Fat",
        "g",
        R::Cfr101_9C2Fat,
        Some(78.0),
        P::WholePercent,
    ),
    us(
        Nutrient::SaturatedFatG,
        "Saturated Fat",
        "g",
        R::Cfr101_9C2Fat,
        Some(20.0),
        P::WholePercent,
    ),
    us(
        Nutrient::TransFatG,
        "Trans Fat",
        "g",
        R::Cfr101_9C2Fat,
        None,
        P::None,
    ),
    us(
        Nutrient::CholesterolMg,
        "Cholesterol",
        "mg",
        R::Cfr101_9C3Cholesterol,
        Some(300.0),
        P::WholePercent,
    ),
    us(
        Nutrient::SodiumMg,
        "Sodium",
        "mg",
        R::Cfr101_9C4Sodium,
        Some(2300.0),
        P::WholePercent,
    ),
    us(
        Nutrient::TotalCarbohydrateG,
        "Total Carbohydrate",
        "g",
        R::Cfr101_9C6Carbohydrate,
        Some(275.0),
        P::WholePercent,
    ),
    us(
        Nutrient::DietaryFiberG,
        "Dietary Fiber",
        "g",
        R::Cfr101_9C6Carbohydrate,
        Some(28.0),
        P::WholePercent,
    ),
    us(
        Nutrient::TotalSugarsG,
        "Total Sugars",
        "g",
        R::Cfr101_9C6Carbohydrate,
        None,
        P::None,
    ),
    us(
        Nutrient::AddedSugarsG,
        "Added Sugars",
        "g",
        R::Cfr101_9C6IiiAddedSugars,
        Some(50.0),
        P::WholePercent,
    ),
    us(
        Nutrient::ProteinG,
        "Protein",
        "g",
        R::Cfr101_9C7Protein,
        None,
        P::None,
    ),
    us(
        Nutrient::VitaminDMcg,
        "Vitamin D",
        "mcg",
        R::Cfr101_9C8IiVitaminMineral { rdi: 20.0 },
        Some(20.0),
        P::VitaminMineral,
    ),
    us(
        Nutrient::CalciumMg,
        "Calcium",
        "mg",
        R::Cfr101_9C8IiVitaminMineral { rdi: 1300.0 },
        Some(1300.0),
        P::VitaminMineral,
    ),
    us(
        Nutrient::IronMg,
        "Iron",
        "mg",
        R::Cfr101_9C8IiVitaminMineral { rdi: 18.0 },
        Some(18.0),
        P::VitaminMineral,
    ),
    us(
        Nutrient::PotassiumMg,
        "Potassium",
        "mg",
        R::Cfr101_9C8IiVitaminMineral { rdi: 4700.0 },
        Some(4700.0),
        P::VitaminMineral,
    ),
];

const fn eu(
    key: &'static str,
    name: &'static str,
    unit: &'static str,
    quantity: Quantity,
    rounding: Rounding,
    reference_intake: Option<f64>,
) -> FormatNutrient {
    FormatNutrient {
        key,
        name,
        unit,
        quantity,
        rounding,
        daily_value: reference_intake,
        percent_rounding: match reference_intake {
            Some(_) => P::WholePercent,
            None => P::None,
        },
    }
}

/// Reg. 1169/2011 Annex XV order, Annex XIII Part B reference intakes, 2012 guidance rounding.
/// Fibre is declared when the data knows it.
const EU_BIG7: &[FormatNutrient] = &[
    eu(
        "energy_kj",
        "Energy",
        "kJ",
        Quantity::AnnexXivKj,
        R::Eu2012Energy,
        Some(8400.0),
    ),
    eu(
        "energy_kcal",
        "Energy",
        "kcal",
        Quantity::AnnexXivKcal,
        R::Eu2012Energy,
        Some(2000.0),
    ),
    eu(
        "fat_g",
        "Fat",
        "g",
        Quantity::Nutrient(Nutrient::TotalFatG),
        R::Eu2012Macronutrient,
        Some(70.0),
    ),
    eu(
        "saturates_g",
        "of which saturates",
        "g",
        Quantity::Nutrient(Nutrient::SaturatedFatG),
        R::Eu2012Saturates,
        Some(20.0),
    ),
    eu(
        "carbohydrate_g",
        "Carbohydrate",
        "g",
        Quantity::AvailableCarbohydrate,
        R::Eu2012Macronutrient,
        Some(260.0),
    ),
    eu(
        "sugars_g",
        "of which sugars",
        "g",
        Quantity::Nutrient(Nutrient::TotalSugarsG),
        R::Eu2012Macronutrient,
        Some(90.0),
    ),
    eu(
        "fibre_g",
        "Fibre",
        "g",
        Quantity::Nutrient(Nutrient::DietaryFiberG),
        R::Eu2012Macronutrient,
        None,
    ),
    eu(
        "protein_g",
        "Protein",
        "g",
        Quantity::Nutrient(Nutrient::ProteinG),
        R::Eu2012Macronutrient,
        Some(50.0),
    ),
    eu(
        "salt_g",
        "Salt",
        "g",
        Quantity::SaltG,
        R::Eu2012Salt,
        Some(6.0),
    ),
];

/// Every format the engine supports.
pub static FORMATS: &[Format] = &[
    Format {
        id: "standard",
        name: "US Nutrition Facts, standard vertical (21 CFR 101.9(d))",
        jurisdictions: &["US", "PR"],
        family: Family::UsFda,
        languages: &["en"],
        energy_units: &[EnergyUnit::Kcal],
        nutrients: US_ADULT,
        min_plan: Plan::Free,
    },
    Format {
        id: "eu-1169",
        name: "EU nutrition declaration (Regulation (EU) No 1169/2011)",
        jurisdictions: &[
            "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE",
            "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "IS",
            "LI", "NO",
        ],
        family: Family::Eu1169,
        languages: &["en"],
        energy_units: &[EnergyUnit::Kj, EnergyUnit::Kcal],
        nutrients: EU_BIG7,
        min_plan: Plan::Professional,
    },
    // LABEL_RULES §4: GB retains 1169/2011 unchanged for the back of pack (Annex XIV factors,
    // Annex XIII RIs, same 2012 rounding table), so the EU rules apply as they are.
    Format {
        id: "uk",
        name: "UK nutrition declaration (retained Regulation 1169/2011)",
        jurisdictions: &["GB"],
        family: Family::Eu1169,
        languages: &["en"],
        energy_units: &[EnergyUnit::Kj, EnergyUnit::Kcal],
        nutrients: EU_BIG7,
        min_plan: Plan::Professional,
    },
];

/// The format with API id `id`, if the engine supports it.
pub fn format(id: &str) -> Option<&'static Format> {
    FORMATS.iter().find(|f| f.id == id)
}

/// Every supported format, in registry order.
pub fn formats() -> &'static [Format] {
    FORMATS
}
