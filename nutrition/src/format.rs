//! Label formats as data: one JSON file per family or regime under `nutrition/data/formats/`
//! (see docs/FORMATS_HOWTO.md). A format names its columns, its declared rows (each with a
//! rounding rule by id, a reference value with its source, a percentage rule), its languages,
//! its layout, the shape of its label JSON, its citation, status, dates and plan. The
//! [`catalog`](crate::catalog) loads and validates every file once; nothing here is matched on
//! a family.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::nutrient::Nutrient;
use crate::regime::Regime;
use crate::terms::{Direction, Terms};

/// What a row declares: a nutrient from the data, or an amount derived from them.
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
    /// Energy in kJ from the factors of CXG 2-1985 §3.3.1 (carbohydrate and protein 17, fat
    /// 37, alcohol 29 kJ/g; no factor for fibre or polyols of their own).
    Cxg2Kj,
    /// Energy in kcal from the factors of CXG 2-1985 §3.3.1 (4, 4, 9, 7 kcal/g).
    Cxg2Kcal,
    /// Energy in kJ by FSANZ Schedule 11 S11—2(1)-(2): the sum of each component's average
    /// quantity times its factor (protein 17, fat 37, carbohydrate excluding unavailable
    /// carbohydrate 17, unavailable carbohydrate including dietary fibre 8, alcohol 29 kJ/g).
    FsanzS11Kj,
    /// FSANZ available carbohydrate by difference (Schedule 11 S11—3(2)): total
    /// carbohydrate less dietary fibre and the specific components of S11—2(3) the data
    /// gives.
    FsanzAvailableCarbohydrate,
    /// Canada, FDR table to B.01.401, item 6: the sum of saturated and trans fatty acids,
    /// each as declared by column 4 of items 4 and 5 (the sum is expressed only as a
    /// percentage of its daily value, which column 4 sets to 0 % when both are declared
    /// "0 g"; from the declared amounts, that holds by construction).
    CaFdrSaturatedPlusTrans,
}

impl Quantity {
    /// Parses a data id: a nutrient key, or `annex_xiv_kj`, `annex_xiv_kcal`,
    /// `available_carbohydrate`, `salt_from_sodium`.
    pub fn from_id(id: &str) -> Option<Quantity> {
        Some(match id {
            "annex_xiv_kj" => Quantity::AnnexXivKj,
            "annex_xiv_kcal" => Quantity::AnnexXivKcal,
            "available_carbohydrate" => Quantity::AvailableCarbohydrate,
            "salt_from_sodium" => Quantity::SaltG,
            "cxg_2_kj" => Quantity::Cxg2Kj,
            "cxg_2_kcal" => Quantity::Cxg2Kcal,
            "fsanz_s11_kj" => Quantity::FsanzS11Kj,
            "fsanz_available_carbohydrate" => Quantity::FsanzAvailableCarbohydrate,
            "ca_fdr_b01_401_item_6_sum" => Quantity::CaFdrSaturatedPlusTrans,
            key => Quantity::Nutrient(Nutrient::from_key(key)?),
        })
    }

    /// The nutrient whose presence in the data decides a `when_known` row.
    pub fn nutrient(self) -> Option<Nutrient> {
        match self {
            Quantity::Nutrient(n) => Some(n),
            _ => None,
        }
    }
}

/// A rounding rule; each variant dispatches to the function of [`crate::rounding`] named after
/// its citation, and a data file names it by that function's name.
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
        /// The RDI, in the nutrient's unit (the row's reference value); picks the increment.
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
    /// FSANZ Standard 1.2.8—7(3): no more than 3 significant figures.
    Fsanz3SignificantFigures,
    /// Canada, FDR table to B.01.401 column 4, item 2: energy.
    CaFdrEnergy,
    /// Items 3-5: fat, saturated and trans fatty acids.
    CaFdrFat,
    /// Item 7: cholesterol.
    CaFdrCholesterol,
    /// Item 8: sodium.
    CaFdrSodium,
    /// Items 9-11: carbohydrate, fibre, sugars.
    CaFdrCarbohydrate,
    /// Item 12: protein.
    CaFdrProtein,
    /// Items 13-14: potassium, calcium.
    CaFdrPotassiumCalcium,
    /// Item 15: iron.
    CaFdrIron,
    /// Item 6: the sum of saturated and trans fatty acids, already a sum of declared amounts
    /// (column 3: expressed only as a percentage; no rounding of its own).
    CaFdrSum,
    /// No rounding rule in the format's law (CXG 2-1985 sets none): the amount is printed at
    /// a display precision of this many decimals, which is a presentation, not a rule.
    DisplayPrecision {
        /// Decimals printed (0 for kJ, kcal and mg; 1 for grams).
        decimals: u32,
    },
}

impl Rounding {
    /// The rule a data file names by `id` (the function's name in [`crate::rounding`]);
    /// `reference` is the row's reference value (the RDI some rules need).
    pub fn from_id(id: &str, reference: Option<f64>) -> Result<Rounding, String> {
        Ok(match id {
            "cfr_101_9_c_1_calories" => Rounding::Cfr101_9C1Calories,
            "cfr_101_9_c_2_fat" => Rounding::Cfr101_9C2Fat,
            "cfr_101_9_c_3_cholesterol" => Rounding::Cfr101_9C3Cholesterol,
            "cfr_101_9_c_4_sodium" => Rounding::Cfr101_9C4Sodium,
            "cfr_101_9_c_6_carbohydrate" => Rounding::Cfr101_9C6Carbohydrate,
            "cfr_101_9_c_6_iii_added_sugars" => Rounding::Cfr101_9C6IiiAddedSugars,
            "cfr_101_9_c_7_protein" => Rounding::Cfr101_9C7Protein,
            "cfr_101_9_c_8_ii_vitamin_mineral" => Rounding::Cfr101_9C8IiVitaminMineral {
                rdi: reference.ok_or_else(|| format!("rounding {id} needs the row's reference"))?,
            },
            "eu_guidance_2012_energy" => Rounding::Eu2012Energy,
            "eu_guidance_2012_macronutrient" => Rounding::Eu2012Macronutrient,
            "eu_guidance_2012_saturates" => Rounding::Eu2012Saturates,
            "eu_guidance_2012_sodium" => Rounding::Eu2012Sodium,
            "eu_guidance_2012_salt" => Rounding::Eu2012Salt,
            "eu_guidance_2012_vitamin_mineral_3sf" => Rounding::Eu2012VitaminMineral {
                significant_figures: 3,
            },
            "eu_guidance_2012_vitamin_mineral_2sf" => Rounding::Eu2012VitaminMineral {
                significant_figures: 2,
            },
            "fsanz_user_guide_3_significant_figures" => Rounding::Fsanz3SignificantFigures,
            "ca_fdr_b01_401_energy" => Rounding::CaFdrEnergy,
            "ca_fdr_b01_401_fat" => Rounding::CaFdrFat,
            "ca_fdr_b01_401_cholesterol" => Rounding::CaFdrCholesterol,
            "ca_fdr_b01_401_sodium" => Rounding::CaFdrSodium,
            "ca_fdr_b01_401_carbohydrate" => Rounding::CaFdrCarbohydrate,
            "ca_fdr_b01_401_protein" => Rounding::CaFdrProtein,
            "ca_fdr_b01_401_potassium_calcium" => Rounding::CaFdrPotassiumCalcium,
            "ca_fdr_b01_401_iron" => Rounding::CaFdrIron,
            "ca_fdr_b01_401_item_6_sum" => Rounding::CaFdrSum,
            "no_rule_whole" => Rounding::DisplayPrecision { decimals: 0 },
            "no_rule_one_decimal" => Rounding::DisplayPrecision { decimals: 1 },
            other => return Err(format!("unknown rounding rule {other:?}")),
        })
    }
}

/// How a %DV / %RI / %NRV is rounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PercentRounding {
    /// No percentage is shown.
    None,
    /// Nearest whole percent (21 CFR 101.9(d)(7)(ii); the EU %RI is printed the same way; a
    /// display precision where the law sets no rule, `no_rule_whole_percent`).
    WholePercent,
    /// 21 CFR 101.9(c)(8)(iii): < 2 % → 0; ≤ 10 % → 2 %; ≤ 50 % → 5 %; else 10 % steps.
    VitaminMineral,
}

impl PercentRounding {
    /// The rule a data file names by `id`.
    pub fn from_id(id: &str) -> Result<PercentRounding, String> {
        match id {
            "cfr_101_9_d_7_ii_percent_dv" | "eu_1169_percent_ri_whole" => {
                Ok(PercentRounding::WholePercent)
            }
            "cfr_101_9_c_8_iii_percent_dv" => Ok(PercentRounding::VitaminMineral),
            // No rounding rule for the percentage in the format's law (FSANZ %DI): a whole
            // percent is a display precision, which the format's notes say.
            "no_rule_whole_percent" => Ok(PercentRounding::WholePercent),
            // Canada, FDR table to B.01.401, column 4 of items 3, 6, 8, 10, 11, 13-15:
            // "0%" where the amount is declared as 0, otherwise the nearest multiple of 1 %.
            // Computed from the declared amount (B.01.401(1.2) for minerals; the format's
            // `percent_of`), a 0 declaration gives 0 % by construction.
            "ca_fdr_b01_401_percent_dv" => Ok(PercentRounding::WholePercent),
            other => Err(format!("unknown percentage rule {other:?}")),
        }
    }
}

/// A reference value (daily value, reference intake, NRV) and where it comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reference {
    /// In the row's unit.
    pub value: f64,
    /// The instrument and paragraph that set it.
    pub source: String,
    /// `unconfirmed` where the value could not be confirmed against an official text
    /// (a format in force then lists it in its labels' `unconfirmed`); absent when confirmed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
}

impl Reference {
    /// Whether the value is marked unconfirmed.
    pub fn is_unconfirmed(&self) -> bool {
        self.status.as_deref() == Some("unconfirmed")
    }
}

/// When a row is declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Declare {
    /// Always (0 when the data does not know the nutrient).
    #[default]
    Always,
    /// Only when some ingredient's data gives the nutrient (EU fibre; US voluntary nutrients,
    /// 21 CFR 101.9(c)).
    WhenKnown,
    /// Unless the amount is insignificant (21 CFR 101.9(f)(1): an amount declared as zero, or
    /// "less than 1 gram" where the row says so); the simplified format (101.9(f)) omits such a
    /// row and names it in its "Not a significant source of …" statement.
    WhenSignificant,
    /// A voluntary declaration, made only when asked: the recipe's `voluntary_nutrients`
    /// names it (for a claim about it, or by choice) or a line marks it added as a nutrient
    /// supplement (21 CFR 101.9(c)(8)(ii) for vitamins and minerals beyond the four
    /// mandatory ones; (c)(2)(iii)-(iv) for mono- and polyunsaturated fat; (c)(6)(i)-(ii),
    /// (iv) for soluble and insoluble fiber and sugar alcohol). Asked, it is declared when
    /// the data determines it (else left off with a warning), insignificant amounts included.
    Voluntary,
    /// Declared with the format's other `together` rows once their nutrients, summed, reach
    /// the format's `together.min_g_per_100g` in 100 g of the food, each of them the data
    /// gives above zero (FSANZ Standard 1.2.8—6(9): the substances of Schedule 11
    /// S11—2(3) other than organic acids, present "singly or in combination" at no less
    /// than 5 g/100 g, declared individually).
    Together,
    /// Declared with the rows of the nutrients it is computed from, unless every one of them
    /// was left off as insignificant: Canada's percentage of the sum of saturated and trans
    /// fat (FDR B.01.401 item 6) goes with items 4 and 5, which a simplified table omits when
    /// they may be expressed as "0" (B.01.401(6)(i)). It is never named as omitted: it is no
    /// nutrient of its own.
    WithParts,
}

/// When a format's `together` rows are declared (see [`Declare::Together`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Together {
    /// Grams of the rows' nutrients, summed, in 100 g of the food.
    pub min_g_per_100g: f64,
    /// The paragraph.
    pub source: String,
}

/// The simplified format's rule (21 CFR 101.9(f); FDR B.01.401(6), B.01.455): it may be used
/// when at least `min_insignificant` of the `counted` rows are insignificant (declared as
/// zero); otherwise the label is refused. The rows it leaves off are named in the terms'
/// `not_significant` statement, in each language of the format, joined with the language's
/// `list.and` where it has one, else with commas only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Simplified {
    /// How many of `counted` must be insignificant.
    pub min_insignificant: usize,
    /// Row keys whose insignificance counts.
    pub counted: Vec<String>,
    /// The paragraph.
    pub source: String,
    /// Rows the recipe asks for (its `voluntary_nutrients`, a line's `added_nutrients`) stay
    /// declared even when insignificant: FDR B.01.401(6)(f)-(h) keep a nutrient that is the
    /// subject of a representation or is added.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub keep_asked: bool,
}

/// Where a layout sets a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Section {
    /// The main table.
    #[default]
    Main,
    /// Set large above the table (US calories).
    Headline,
    /// Below the table's heavy bar (US vitamins and minerals).
    Vitamins,
}

/// How a row is set: typography only; the words come from the terms.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowStyle {
    /// Name in the heavy face (21 CFR 101.9(d)(1)(iv); Annex XV main lines).
    #[serde(default)]
    pub bold: bool,
    /// Indent steps (sub-components: "of which", US sub-lines).
    #[serde(default)]
    pub indent: u8,
    /// Where the layout sets it.
    #[serde(default)]
    pub section: Section,
    /// A phrase term (`phrase.<id>`) the row is printed in, e.g. "Includes {amount} {name}".
    #[serde(default)]
    pub phrase: Option<String>,
}

/// One declared row of a format.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The key in the label object (`total_fat_g`, `salt_g`, ...).
    pub key: String,
    /// What amount it declares.
    pub quantity: Quantity,
    /// The printed unit (`g`, `mg`, `mcg`, `kJ`, `kcal`, or empty for US calories).
    pub unit: String,
    /// Its rounding rule and the rule's id in the data.
    pub rounding: Rounding,
    /// The rounding rule's id, as the data names it.
    pub rounding_id: String,
    /// Daily value / reference intake / NRV, in the row's unit; `None`: no percentage.
    pub reference: Option<Reference>,
    /// How its percentage is rounded ([`PercentRounding::None`] without a reference).
    pub percent: PercentRounding,
    /// When it is declared.
    pub declare: Declare,
    /// The terms key of its printed name (`nutrient.<term>`).
    pub term: String,
    /// How a layout sets it.
    pub style: RowStyle,
    /// Whether a "less than" declaration (e.g. "<1g") is an insignificant amount, as for total
    /// carbohydrate, dietary fiber and protein (21 CFR 101.9(f)(1)); an amount declared as zero
    /// always is.
    pub less_than_is_insignificant: bool,
    /// An amount printed after the row's own in parentheses, rounded as the row is: folic
    /// acid after folate's DFE (21 CFR 101.9(c)(8)(iv)).
    pub also: Option<Also>,
}

/// A second amount of a row ([`Row::also`]): printed `"<row's amount> (<phrase>)"` when
/// it rounds to more than zero.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Also {
    /// The nutrient (`folic_acid_mcg`).
    #[serde(deserialize_with = "nutrient_key")]
    pub nutrient: Nutrient,
    /// Its printed unit (`mcg`).
    pub unit: String,
    /// The terms key of its phrase, with `{amount}` (`phrase.folic_acid`).
    pub phrase: String,
    /// The law that asks for it.
    pub source: String,
}

fn nutrient_key<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Nutrient, D::Error> {
    let key = String::deserialize(d)?;
    Nutrient::from_key(&key)
        .ok_or_else(|| serde::de::Error::custom(format!("unknown nutrient {key:?}")))
}

impl Row {
    /// The daily value / reference intake, when the row shows a percentage.
    pub fn daily_value(&self) -> Option<f64> {
        self.reference.as_ref().map(|r| r.value)
    }
}

/// The basis of a column's amounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// One serving / portion.
    Serving,
    /// 100 g of the food.
    #[serde(rename = "per_100g")]
    Per100g,
    /// The whole container (all servings).
    Container,
    /// One serving as prepared (21 CFR 101.9(e)): the packaged serving plus its share of what
    /// the preparation adds (`RecipeInput::prepared`).
    Prepared,
    /// One serving of each food of an aggregate label (21 CFR 101.9(d)(13)(ii)): the format
    /// names one such column, and the label has one column per food (`food_1`, `food_2`, …).
    Food,
}

/// One column of amounts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Column {
    /// Its id: the block name in column-block JSON, the display prefix, the terms key
    /// `column.<id>`.
    pub id: String,
    /// What its amounts are per.
    pub basis: Basis,
    /// Whether it carries the percentages (at most one column does).
    #[serde(default)]
    pub percent: bool,
    /// Whether its exact amounts go into the label's `unrounded` under the row keys.
    #[serde(default)]
    pub unrounded: bool,
}

/// How the label object of a format is shaped in JSON (API_DECISIONS §4), so that today's
/// formats keep their JSON byte for byte.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonShape {
    /// Where the declared amounts go.
    pub amounts: Amounts,
    /// The name of the percentage map (`daily_values`, `reference_intake_pct`).
    pub percents: String,
    /// Whether the label carries `calorie_basis`.
    #[serde(default)]
    pub calorie_basis: bool,
    /// Whether the label carries `ingredient_statement_html`.
    #[serde(default)]
    pub ingredient_statement_html: bool,
    /// Whether the percentage map holds one map per column (`{"per_serving": {...},
    /// "per_container": {...}}`), for formats where several columns carry percentages
    /// (21 CFR 101.9(b)(12), (e)): each column declares its own %DV.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub percents_by_column: bool,
}

/// Where a label's declared amounts sit in its JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Amounts {
    /// One column: each row's amount as a top-level field named by its key; display keys are
    /// the row keys.
    TopLevel,
    /// One object per column named by its id; display keys are `<column>.<row>`.
    ColumnBlocks,
}

/// What a format's label is for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The nutrition declaration itself.
    #[default]
    Declaration,
    /// A repeat of part of the declaration for the front of the pack (Reg. (EU) 1169/2011
    /// Art. 30(3)): printed beside the declaration, never in its place, so never a country's
    /// default format.
    FrontOfPackRepeat,
}

/// How percentages are computed from a row's amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PercentOf {
    /// From the declared (rounded) amount.
    Declared,
    /// From the declared amount, but from the exact one where the declaration is "less than"
    /// (21 CFR 101.9(d)(7)(ii) lets %DV follow the declared amount; a "less than" has none).
    DeclaredUnlessLessThan,
}

/// The instrument and article a format implements.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Citation {
    /// E.g. "Regulation (EU) No 1169/2011".
    pub instrument: String,
    /// E.g. "Arts 30-35, Annexes XIII-XV".
    pub article: String,
}

/// Energy units printed and how energy is obtained.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Energy {
    /// Units printed, in order (`kcal`, `kJ`).
    pub units: Vec<String>,
    /// The conversion used, with its citation.
    pub conversion: String,
}

/// A label format: data, see the module docs. Resolved against its regime and the terms of
/// its languages when the catalog loads it.
#[derive(Debug, Clone, PartialEq)]
pub struct Format {
    /// The canonical id (`us.v`, `eu.tab.ri`; FORMATS.md §4 of the project's reference).
    pub id: String,
    /// Other ids that name it, forever (`standard`, `eu-1169`, `uk`).
    pub aliases: Vec<String>,
    /// The id its labels print in `format` (today's `label_format` values).
    pub label_id: String,
    /// A human name.
    pub name: String,
    /// The regulatory family (FORMATS.md §1), e.g. `us-fda`, `eu-1169`, `uk`.
    pub family: String,
    /// ISO 3166-1 alpha-2 codes of the places it serves.
    pub countries: Vec<String>,
    /// Languages of the printed text (ISO 639-1), in printing order.
    pub languages: Vec<String>,
    /// The layout that draws it.
    pub layout: String,
    /// Columns in printed order.
    pub columns: Vec<Column>,
    /// Energy units and conversion.
    pub energy: Energy,
    /// How percentages are computed.
    pub percent_of: PercentOf,
    /// The label JSON's shape.
    pub json: JsonShape,
    /// Declared rows in printed order.
    pub rows: Vec<Row>,
    /// The instrument and article.
    pub citation: Citation,
    /// `in_force`, `proposed`, `draft` or `repealed`.
    pub status: String,
    /// First day in force (ISO 8601), when known.
    pub in_force_from: Option<String>,
    /// Last day in force, for repealed formats.
    pub in_force_until: Option<String>,
    /// The lowest plan that may use it (`free`, `professional`, `business`); the rule that
    /// reads it lives with the plans (nls-web), not in this pure crate.
    pub plan: String,
    /// The regime's rules that are not table rows (allergens, Contains, claims).
    pub regime: Regime,
    /// The terms of each of `languages`, in the same order.
    pub terms: Vec<Terms>,
    /// The simplified format's rule, for formats that omit insignificant rows.
    pub simplified: Option<Simplified>,
    /// Terms this format prints in place of the usual ones (`footnote` →
    /// `footnote.children_1_3`), for labels of one population (21 CFR 101.9(d)(9)).
    pub term_overrides: BTreeMap<String, String>,
    /// Where the law says liquids are declared per 100 ml (its citation): a liquid's
    /// `per_100g` column is then per 100 ml (`Extras::liquid_density_g_per_ml`).
    pub liquids_per_100ml: Option<String>,
    /// What a user and a reviewer should know: which facts are unconfirmed, what falls back
    /// to what, what the format leaves out and why.
    pub notes: Option<String>,
    /// The declaration, or a front-of-pack repeat of part of it.
    pub role: Role,
    /// When its `together` rows are declared.
    pub together: Option<Together>,
}

impl Format {
    /// Whether `id` names this format (its id or an alias).
    pub fn is_named(&self, id: &str) -> bool {
        self.id == id || self.aliases.iter().any(|a| a == id)
    }

    /// The row of `key`, if the format declares it.
    pub fn row(&self, key: &str) -> Option<&Row> {
        self.rows.iter().find(|n| n.key == key)
    }

    /// The column carrying percentages, if any (the first, where several do).
    pub fn percent_column(&self) -> Option<usize> {
        self.columns.iter().position(|c| c.percent)
    }

    /// Whether the label's columns are its foods (an aggregate format, 21 CFR
    /// 101.9(d)(13)(ii)).
    pub fn has_food_columns(&self) -> bool {
        self.columns.iter().any(|c| c.basis == Basis::Food)
    }

    /// Whether some column is as prepared (21 CFR 101.9(e)).
    pub fn has_prepared_column(&self) -> bool {
        self.columns.iter().any(|c| c.basis == Basis::Prepared)
    }

    /// The printed text of term `key`: each language's in order, joined with " / " for
    /// bilingual formats (a text two languages share printed once). Empty when missing (the catalog refuses formats missing a term their
    /// layout needs).
    pub fn term(&self, key: &str) -> String {
        let key = self.term_overrides.get(key).map_or(key, String::as_str);
        if let [only] = self.terms.as_slice() {
            return only.get(key).unwrap_or_default().to_owned();
        }
        let mut out = String::new();
        let mut printed: Vec<&str> = Vec::new();
        for t in &self.terms {
            // A word two languages share ("Protein", "100 g") is printed once.
            if let Some(text) = t.get(key).filter(|text| !printed.contains(text)) {
                if !out.is_empty() {
                    out.push_str(" / ");
                }
                out.push_str(text);
                printed.push(text);
            }
        }
        out
    }

    /// The term `key` in the languages that read `direction` only, joined as [`Self::term`]
    /// joins them: a table that sets each reading direction on its own side (Arabic names on
    /// the right, English on the left) prints each side's words there.
    pub fn term_reading(&self, key: &str, direction: Direction) -> String {
        let key = self.term_overrides.get(key).map_or(key, String::as_str);
        let mut printed: Vec<&str> = Vec::new();
        for t in self.terms.iter().filter(|t| t.direction == direction) {
            if let Some(text) = t.get(key).filter(|text| !printed.contains(text)) {
                printed.push(text);
            }
        }
        printed.join(" / ")
    }

    /// Which way the format's first language reads: a right-to-left format's table is
    /// mirrored (names on the right, text aligned right).
    pub fn direction(&self) -> Direction {
        self.primary_terms().direction
    }

    /// Whether the format's languages read both ways (Arabic and English): each side of its
    /// table then holds the names of the languages that read from it.
    pub fn reads_both_ways(&self) -> bool {
        let first = self.direction();
        self.terms.iter().any(|t| t.direction != first)
    }

    /// The term `key` in one language's `terms`, the format's overrides applied.
    pub fn term_in<'t>(&self, terms: &'t Terms, key: &str) -> Option<&'t str> {
        terms.get(self.term_overrides.get(key).map_or(key, String::as_str))
    }

    /// The term `key` with `{name}` placeholders filled from `args`.
    pub fn term_with(&self, key: &str, args: &[(&str, &str)]) -> String {
        fill(&self.term(key), args)
    }

    /// The printed name of `row`.
    pub fn row_name(&self, row: &Row) -> String {
        self.term(&row.term)
    }

    /// The terms of the first language (statements in the label object use it).
    pub fn primary_terms(&self) -> &Terms {
        &self.terms[0]
    }

    /// The display key of `row` in `column`.
    pub fn display_key(&self, column: &Column, row_key: &str) -> String {
        match self.json.amounts {
            Amounts::TopLevel => row_key.to_string(),
            Amounts::ColumnBlocks => format!("{}.{row_key}", column.id),
        }
    }
}

/// `template` with each `{name}` replaced by its value in `args`.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    if !template.contains('{') {
        return out;
    }
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

// ---------------------------------------------------------------- the data file

/// A format file as written (see docs/FORMATS_HOWTO.md).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FormatFile {
    pub id: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    pub label_id: Option<String>,
    pub name: String,
    pub family: String,
    pub regime: String,
    pub countries: Vec<String>,
    pub languages: Vec<String>,
    pub layout: String,
    pub columns: Vec<Column>,
    pub energy: Energy,
    pub percent_of: PercentOf,
    pub json: JsonShape,
    pub rows: Vec<RowFile>,
    pub citation: Citation,
    pub status: String,
    #[serde(default)]
    pub in_force_from: Option<String>,
    #[serde(default)]
    pub in_force_until: Option<String>,
    pub plan: String,
    #[serde(default)]
    pub simplified: Option<Simplified>,
    #[serde(default)]
    pub term_overrides: BTreeMap<String, String>,
    #[serde(default)]
    pub liquids_per_100ml: Option<LiquidsFile>,
    /// What is unconfirmed, what falls back to what (shown in `/v1/formats`).
    #[serde(default, alias = "note")]
    pub notes: Option<String>,
    #[serde(default)]
    pub role: Role,
    #[serde(default)]
    pub together: Option<Together>,
}

/// `liquids_per_100ml` as written: the law that has liquids declared per 100 ml.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LiquidsFile {
    pub source: String,
}

/// A row as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RowFile {
    pub key: String,
    pub quantity: String,
    pub unit: String,
    pub rounding: String,
    #[serde(default)]
    pub reference: Option<Reference>,
    #[serde(default)]
    pub percent: Option<String>,
    #[serde(default)]
    pub declare: Declare,
    #[serde(default)]
    pub term: Option<String>,
    #[serde(default)]
    pub style: RowStyle,
    #[serde(default)]
    pub less_than_is_insignificant: bool,
    #[serde(default)]
    pub also: Option<Also>,
    /// Free text for reviewers (e.g. how a reference value was confirmed).
    #[serde(default)]
    #[allow(dead_code)]
    pub note: Option<String>,
}

impl RowFile {
    pub(crate) fn resolve(self) -> Result<Row, String> {
        let at = |e: String| format!("row {:?}: {e}", self.key);
        let quantity = Quantity::from_id(&self.quantity)
            .ok_or_else(|| at(format!("unknown quantity {:?}", self.quantity)))?;
        if let Some(r) = &self.reference {
            if !(r.value.is_finite() && r.value > 0.0) {
                return Err(at(format!("reference value {} is not positive", r.value)));
            }
            if r.source.trim().is_empty() {
                return Err(at("reference value without a source".into()));
            }
        }
        let reference_value = self.reference.as_ref().map(|r| r.value);
        let rounding = Rounding::from_id(&self.rounding, reference_value).map_err(at)?;
        let percent = match &self.percent {
            Some(id) => {
                if self.reference.is_none() {
                    return Err(at("a percentage rule needs a reference value".into()));
                }
                PercentRounding::from_id(id).map_err(at)?
            }
            None => PercentRounding::None,
        };
        match (self.declare, quantity.nutrient()) {
            (Declare::Always, _) => {}
            // The sum of other rows' nutrients follows them.
            (Declare::WithParts, None) if !crate::missing::inputs(quantity).is_empty() => {}
            (Declare::WithParts, _) => {
                return Err(at(
                    "only a sum of nutrients is declared with its parts".into()
                ));
            }
            (_, None) => {
                return Err(at("only a nutrient row can be declared when known".into()));
            }
            (_, Some(_)) => {}
        }
        let term = format!("nutrient.{}", self.term.as_deref().unwrap_or(&self.key));
        Ok(Row {
            key: self.key,
            quantity,
            unit: self.unit,
            rounding,
            rounding_id: self.rounding,
            reference: self.reference,
            percent,
            declare: self.declare,
            term,
            style: self.style,
            less_than_is_insignificant: self.less_than_is_insignificant,
            also: self.also,
        })
    }
}

/// What a layout needs of a format (`nutrition/data/layouts.json`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutSpec {
    /// What it draws.
    pub description: String,
    /// How many columns it can set.
    pub columns: ColumnRange,
    /// Terms it prints, which every language of a format using it must give.
    pub terms: Vec<String>,
    /// A form the law allows only where the package lacks the space for the standard table
    /// (linear, horizontal or split forms: Reg. (EU) 1169/2011 Art. 34(2), 21 CFR
    /// 101.9(d)(11)(iii), (j)(13)): never a country's default format.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub space_saving: bool,
    /// Terms it prints only with the ingredient list's HTML (`json.ingredient_statement_html`),
    /// which only the formats whose labels carry that HTML must give.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terms_with_ingredients: Vec<String>,
}

/// Inclusive bounds of a column count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ColumnRange {
    /// Fewest columns.
    pub min: usize,
    /// Most columns.
    pub max: usize,
}

/// The statuses a format may have.
pub const STATUSES: [&str; 4] = ["in_force", "proposed", "draft", "repealed"];

/// The plan ids a format may name (the `plan` table of migrations/0002).
pub const PLANS: [&str; 3] = ["free", "professional", "business"];

/// Checks an ISO 8601 calendar date `YYYY-MM-DD` (shape and ranges, not the calendar).
pub(crate) fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
        && (1..=12).contains(&s[5..7].parse::<u8>().unwrap_or(0))
        && (1..=31).contains(&s[8..10].parse::<u8>().unwrap_or(0))
}

/// A format's keys that a label of it carries at the top level of its JSON (for telling a
/// foreign field from an unknown one).
pub(crate) fn wire_keys(format: &Format) -> Vec<String> {
    let mut keys: Vec<String> = match format.json.amounts {
        Amounts::TopLevel => format.rows.iter().map(|r| r.key.clone()).collect(),
        Amounts::ColumnBlocks => format
            .columns
            .iter()
            .filter(|c| c.basis != Basis::Food)
            .map(|c| c.id.clone())
            .collect(),
    };
    if format.has_food_columns() {
        keys.push("foods".into());
    }
    keys.push(format.json.percents.clone());
    if format.json.calorie_basis {
        keys.push("calorie_basis".into());
    }
    if format.json.ingredient_statement_html {
        keys.push("ingredient_statement_html".into());
    }
    keys
}

/// Printed texts by terms key.
pub(crate) type TermMap = BTreeMap<String, String>;
