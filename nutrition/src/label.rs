//! The engine's input (a resolved recipe) and output (the label object of API_DECISIONS §4).
//!
//! One label model for every format: the format's columns, its declared rows (key, unit, and
//! per column the amount, the printed text and the percentage where the format shows one),
//! the statements, and notes a later front-of-pack step adds. Its JSON follows the format's
//! [`JsonShape`]: one column with amounts at the top level and `daily_values` (today's US
//! labels), or one object per column and `reference_intake_pct` (today's EU and UK labels),
//! so the label object of today's formats is unchanged byte for byte. Deserialising checks
//! that the object is a whole label of a known format (unknown fields and fields of another
//! format's shape are refused with a message naming them).

use std::collections::{BTreeMap, BTreeSet};

use serde::de::Error as _;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::allergen::{Allergen, AllergenDetails};
use crate::format::{Amounts, Declare, Format, JsonShape};
use crate::missing::MissingNutrient;
use crate::nutrient::NutrientAmounts;

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
    /// Keys of voluntary nutrients the label should declare (`vitamin_a_mcg`,
    /// `monounsaturated_fat_g`): a format's `voluntary` rows are declared only when asked
    /// here or marked added on a line (21 CFR 101.9(c)(8)(ii), (c)(2)(iii)-(iv)).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub voluntary_nutrients: BTreeSet<String>,
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
    /// The species of its tree nuts, fish or Crustacean shellfish, when known
    /// (`{"tree_nuts": ["almonds"]}`, 21 U.S.C. 343(w)(2)).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub allergen_details: AllergenDetails,
    /// Allergens of `allergens` that some regimes exempt in this form, with the exemptions
    /// that would apply (`{"peanuts": ["highly_refined_oil"]}`): a regime honouring one of
    /// them does not declare the allergen ([`crate::regime::AllergenRules::exemptions`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub allergen_exemptions: BTreeMap<Allergen, BTreeSet<String>>,
    /// Its own ingredients, printed in parentheses after its name in the ingredient
    /// statement (21 CFR 101.4(b)(2): "enriched wheat flour (wheat flour, niacin, ...)");
    /// empty for a single-component food.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sub_ingredients: Vec<String>,
    /// Whether `sub_ingredients` are a standard of identity's mandatory ingredients rather
    /// than this product's own: the user must confirm them against the brand used.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sub_ingredients_to_confirm: bool,
    /// Where its nutrients come from.
    pub source: IngredientSource,
    /// Keys of nutrients added to it as a nutrient supplement (fortification): a label
    /// of a regime that must then declare them does (21 CFR 101.9(c)(8)(ii)).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub added_nutrients: BTreeSet<String>,
    /// Its name in the languages a statement may be printed in, and the language
    /// `label_name` is in where that is known.
    #[serde(default, skip_serializing_if = "LanguageNames::is_empty")]
    pub names: LanguageNames,
    /// Whether it is a sugars-based ingredient as the FDR defines one (B.01.001(1): a mono-
    /// or disaccharide or a combination of these, a sweetening agent, or an ingredient with
    /// sugars added as a functional substitute for a sweetening agent): a regime that groups
    /// them prints it in parentheses after "Sugars" (B.01.008.3; [`crate::sugars_group`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sugars_based: bool,
}

/// An ingredient's names by language (ISO 639-1), for statements in a label's languages
/// (Reg. (EU) 1169/2011 Art. 9(1)(b), 15, 18; 21 CFR 101.15(c)(2)).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LanguageNames {
    /// The language `label_name` is in, where known: `"en"` for the food table's names.
    /// `None` for a name a person typed: its language is not guessed, and it is printed
    /// as given in every language that has no name of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_name_language: Option<String>,
    /// Language → the name a statement in that language prints (`{"de": "Weizenmehl"}`),
    /// whole: `sub_ingredients`, which are in `label_name`'s language, are not added to it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub by_language: BTreeMap<String, String>,
}

impl LanguageNames {
    /// Whether nothing is known beyond `label_name`.
    pub fn is_empty(&self) -> bool {
        self.label_name_language.is_none() && self.by_language.is_empty()
    }
}

impl ResolvedIngredient {
    /// A single-component ingredient with its amounts per 100 g and no allergens.
    pub fn per_100g(label_name: &str, grams: f64, amounts: NutrientAmounts) -> Self {
        Self {
            grams,
            label_name: label_name.to_string(),
            allergens: BTreeSet::new(),
            allergen_details: AllergenDetails::new(),
            allergen_exemptions: BTreeMap::new(),
            sub_ingredients: Vec::new(),
            sub_ingredients_to_confirm: false,
            source: IngredientSource::PerHundredGrams(amounts),
            added_nutrients: BTreeSet::new(),
            names: LanguageNames::default(),
            sugars_based: false,
        }
    }
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
    /// The serving's volume in millilitres (unrounded), for a liquid whose format's law
    /// declares liquids by volume (FSANZ Standard 1.2.8—6(1)(b)(ii): a beverage's serving
    /// "expressed in millilitres"): the weight over the density given. Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ml: Option<f64>,
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
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The id the format's labels print, e.g. `"standard"` or `"eu-1169"`.
    pub format: String,
    /// Serving size.
    pub serving_size: ServingSize,
    /// Servings per container as given (unrounded); the printed text, rounded per
    /// 21 CFR 101.9(b)(8) with "about" where rounding changed it, is `display["servings_per_container"]`.
    pub servings_per_container: f64,
    /// Ingredients in descending order of weight, sub-recipes' ingredients in parentheses.
    pub ingredient_statement: String,
    /// Allergens the format's regime requires, sorted by code; sub-recipes included.
    pub allergens: BTreeSet<Allergen>,
    /// Species of the declared tree nuts, fish and Crustacean shellfish, where the regime names
    /// them (US, 21 U.S.C. 343(w)(2)); absent from the JSON when empty.
    pub allergen_details: AllergenDetails,
    /// The regime's "Contains" statement (US: `"Contains: Milk, Wheat, Sesame"`,
    /// 21 U.S.C. 343(w)(1)(A)); `None` where the regime prints none (EU: allergens are
    /// emphasised in the ingredient list instead, Art. 21).
    pub contains_statement: Option<String>,
    /// For every declared amount, the exact printed text (`"0g"`, `"less than 5mg"`, `"<1g"`).
    /// Keys are row keys for top-level formats, `<column>.<row>` for column blocks.
    pub display: BTreeMap<String, String>,
    /// Exact per-serving amounts before rounding, by nutrient key (plus the row keys of an
    /// `unrounded` column).
    pub unrounded: BTreeMap<String, f64>,
    /// Column ids, in printed order.
    pub columns: Vec<String>,
    /// Declared rows, in printed order.
    pub rows: Vec<DeclaredRow>,
    /// The ingredient statement with allergen words in `<b>…</b>`, names HTML-escaped, when
    /// the format's JSON carries it.
    pub ingredient_statement_html: Option<String>,
    /// How calories were obtained, when the format's JSON carries it.
    pub calorie_basis: Option<CalorieBasis>,
    /// Notes a later step adds (front-of-pack symbols); absent from the JSON when empty.
    pub notes: Vec<Note>,
    /// What the label cannot print as the law asks (no household measure for a US serving
    /// size); absent from the JSON when empty.
    pub warnings: Vec<Warning>,
    /// Declared nutrients whose data some ingredients lack, with those ingredients: the
    /// printed amount is the known part only. Absent from the JSON when empty (the label is
    /// complete); `strict=true` refuses a label that has any.
    pub missing: Vec<MissingNutrient>,
    /// The foods of an aggregate label, one per column (21 CFR 101.9(d)(13)(ii)); absent
    /// from the JSON when empty.
    pub foods: Vec<FoodColumn>,
    /// What the package allows and requires (21 CFR 101.9(b)(6), (b)(12), (j)(13)), when the
    /// request described one; absent from the JSON otherwise.
    pub package: Option<crate::package::PackageReport>,
    /// Front-of-pack schemes computed for the label ([`crate::fop::front_of_pack`]): the
    /// mandatory ones of its market and those asked for; absent from the JSON when empty, so
    /// labels without any are unchanged byte for byte.
    pub front_of_pack: Vec<crate::fop::FopResult>,
    /// Whether the `per_100g` column is per 100 ml (a liquid, where the format's law says
    /// so); `"per_100ml": true` in the JSON, absent otherwise.
    pub per_100ml: bool,
    /// Why each voluntary row is declared, by row key (`"voluntary"` in the JSON; absent
    /// when no voluntary row is).
    pub voluntary: BTreeMap<String, VoluntaryReason>,
    /// The statements in each language of a format that prints several (its first
    /// language's are also `ingredient_statement`, `ingredient_statement_html` and
    /// `contains_statement`); absent from the JSON for a one-language format.
    pub statements: Vec<LanguageStatement>,
    /// Per language of the format, the ingredient names it prints in another language
    /// because no name in that language is known (the food table's names are English):
    /// `"ingredient_names_not_in_language": {"de": ["butter"]}`; absent when none.
    pub names_not_in_language: BTreeMap<String, Vec<String>>,
    /// Whether the format is in force or a draft (`"format_status"`), and for a draft what
    /// in it is unconfirmed (`"unconfirmed"`). `None` only for labels stored before the
    /// field existed; [`Label::is_draft`] then asks the catalog.
    pub status: Option<FormatStatus>,
    /// The JSON shape of the format.
    pub shape: JsonShape,
}

/// The required statements in one language of a label (Reg. (EU) 1169/2011 Art. 15,
/// 18, 21; 21 CFR 101.15(c)(2): every required statement in both languages).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LanguageStatement {
    /// ISO 639-1 code.
    pub language: String,
    /// The list's heading in that language ("Zutaten:").
    pub heading: String,
    /// The ingredient statement in that language.
    pub ingredient_statement: String,
    /// With allergens emphasised, where the format's labels carry the HTML.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ingredient_statement_html: Option<String>,
    /// The "Contains" statement in that language, where the regime prints one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contains_statement: Option<String>,
}

/// Why a voluntary nutrient is on a label (21 CFR 101.9(c)(8)(ii): vitamins and minerals
/// beyond the four mandatory ones are declared when added as a nutrient supplement or when
/// a claim is made about them, and otherwise only by choice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VoluntaryReason {
    /// The recipe or analysis asked for it (`voluntary_nutrients`), e.g. to make a claim
    /// about it: a claim requires its declaration.
    Requested,
    /// A line marks it as added as a nutrient supplement (`added_nutrients`).
    AddedAsNutrientSupplement,
}

/// A label's format status as the label JSON carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatStatus {
    /// `in_force` or `draft` (the format's `status`).
    pub status: String,
    /// For a draft: what in the format is unconfirmed (its notes).
    pub unconfirmed: Option<String>,
}

impl FormatStatus {
    /// The status `format` gives the labels computed in it. A draft names what is
    /// unconfirmed (its notes); a format in force whose law leaves some reference values to
    /// a document we do not hold (Canada's Table of Daily Values) names those values, each
    /// marked `unconfirmed` in its row (issue 26: such a row "stays unconfirmed and says so").
    pub fn of(format: &Format) -> Self {
        let draft = format.status != "in_force";
        let unconfirmed = if draft {
            Some(format.notes.clone().unwrap_or_else(|| {
                "this format is not confirmed against its law's text".to_string()
            }))
        } else {
            unconfirmed_references(format)
        };
        Self {
            status: format.status.clone(),
            unconfirmed,
        }
    }

    /// Whether labels of this status must not be taken for lawful ones.
    pub fn is_draft(&self) -> bool {
        self.status != "in_force"
    }
}

/// "daily values unconfirmed: fat_g 75 g (source); …" for the rows whose reference value is
/// marked unconfirmed, or `None` when every value is confirmed.
fn unconfirmed_references(format: &Format) -> Option<String> {
    let rows: Vec<String> = format
        .rows
        .iter()
        .filter_map(|r| {
            let reference = r.reference.as_ref().filter(|v| v.is_unconfirmed())?;
            Some(format!(
                "{} {} {} ({})",
                r.key,
                crate::rounding::number(reference.value),
                r.unit,
                reference.source
            ))
        })
        .collect();
    (!rows.is_empty()).then(|| format!("reference values unconfirmed: {}", rows.join("; ")))
}

/// One food of an aggregate label: its column, name and serving.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FoodColumn {
    /// The column id (`food_1`, `food_2`, …), the block name of its amounts.
    pub column: String,
    /// The food's name, printed as the column's head.
    pub name: String,
    /// Its serving size.
    pub serving_size: ServingSize,
    /// Its servings in the package (unrounded).
    pub servings_per_container: f64,
    /// Its ingredient statement.
    pub ingredient_statement: String,
}

/// One declared row of a label.
#[derive(Debug, Clone, PartialEq)]
pub struct DeclaredRow {
    /// Its key (`total_fat_g`, `salt_g`).
    pub key: String,
    /// The printed unit.
    pub unit: String,
    /// One cell per column, in the label's column order.
    pub cells: Vec<Cell>,
}

/// A row's declaration in one column.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// The declared number. For US "less than" declarations it is the bound named in the text
    /// (5 mg, 1 g); for EU low amounts it is 0.
    pub amount: f64,
    /// The printed text (`"4.5g"`, `"less than 5mg"`, `"<0.5g"`).
    pub text: String,
    /// %DV / %RI / %NRV where the column shows one.
    pub percent: Option<f64>,
}

/// A note attached to a label by a later step (front-of-pack schemes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Note {
    /// The scheme, e.g. a format id of FORMATS.md §4.
    pub scheme: String,
    /// A stable code.
    pub code: String,
    /// The printed text.
    pub text: String,
}

/// Something the label cannot print as its regime asks, for the user to fix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Warning {
    /// A stable code, e.g. `no_household_measure`.
    pub code: String,
    /// What is wrong and the rule it breaks.
    pub message: String,
}

impl Warning {
    /// A product recorded as a liquid without its density, in a format whose law (`rule`)
    /// declares liquids by volume: the label is by weight.
    pub fn liquid_without_density(rule: &str) -> Self {
        Self {
            code: "liquid_without_density".to_string(),
            message: format!(
                "the product is recorded as a liquid but no density is given \
                 (front_of_pack_facts.density_g_per_ml), so its serving and its column are \
                 by weight, where {rule} has a liquid declared by volume; give its density"
            ),
        }
    }

    /// Ingredient names printed in another language than their statement's, by language
    /// (see [`Label::names_not_in_language`]).
    pub fn names_not_in_language(names: &BTreeMap<String, Vec<String>>) -> Self {
        let each: Vec<String> = names
            .iter()
            .map(|(language, names)| format!("{language}: {}", names.join(", ")))
            .collect();
        Self {
            code: "ingredient_names_not_in_language".to_string(),
            message: format!(
                "the ingredient list must be in the label's language (Reg. (EU) 1169/2011 \
                 Art. 15; 21 CFR 101.15(c)(2)) but these names are known only in another \
                 ({}); give each a name in that language (`label_names` on the recipe line \
                 or the custom ingredient)",
                each.join("; ")
            ),
        }
    }

    /// The serving size has no household measure (21 CFR 101.9(b)(5)).
    pub fn no_household_measure() -> Self {
        Self {
            code: "no_household_measure".to_string(),
            message: "the serving size gives no household measure; 21 CFR 101.9(b)(5) and \
                      (b)(7) ask for one (e.g. \"2 cookies\") before the metric amount"
                .to_string(),
        }
    }

    /// Declared nutrients the data lacks for some ingredients (see [`Label::missing`]).
    pub fn incomplete_nutrient_data(missing: &[MissingNutrient]) -> Self {
        let keys: Vec<&str> = missing.iter().map(|m| m.nutrient.as_str()).collect();
        Self {
            code: "incomplete_nutrient_data".to_string(),
            message: format!(
                "the data of some ingredients lacks {} (see `missing`): the label declares \
                 the known part only, which may understate it; give the amounts per 100 g (a \
                 recipe line's `nutrients` or the custom ingredient's `nutrients_per_100g`) \
                 before printing this label (strict=true refuses it)",
                keys.join(", ")
            ),
        }
    }

    /// A voluntary nutrient left off because the data lacks it for some ingredients.
    pub fn voluntary_row_omitted(row: &str, ingredients: &[String]) -> Self {
        let lacking = if ingredients.is_empty() {
            "no ingredient's data gives it".to_string()
        } else {
            format!("the data lacks it for {}", ingredients.join(", "))
        };
        Self {
            code: "voluntary_nutrient_omitted".to_string(),
            message: format!(
                "{row} is left off the label: {lacking}, and a voluntary nutrient is declared \
                 only when its amount is known (give it as a line's `nutrients`)"
            ),
        }
    }

    /// Sub-ingredients taken from a standard of identity, to be checked against the brand.
    pub fn confirm_sub_ingredients(ingredients: &[String]) -> Self {
        Self {
            code: "confirm_sub_ingredients".to_string(),
            message: format!(
                "the sub-ingredients of {} are the mandatory ingredients of their standard of \
                 identity, not your brand's: confirm them against the package and give the \
                 brand's list as a line's `label_name` or a custom ingredient's \
                 `sub_ingredients` (21 CFR 101.4(b)(2))",
                ingredients.join(", ")
            ),
        }
    }
}

impl Label {
    /// The row of `key`, if declared.
    pub fn row(&self, key: &str) -> Option<&DeclaredRow> {
        self.rows.iter().find(|r| r.key == key)
    }

    /// The index of column `id`.
    pub fn column(&self, id: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == id)
    }

    /// The declared amount of `key` in the first column.
    pub fn declared(&self, key: &str) -> Option<f64> {
        self.row(key)
            .and_then(|r| r.cells.first())
            .map(|c| c.amount)
    }

    /// The declared amount of `key` in column `column`.
    pub fn declared_in(&self, column: &str, key: &str) -> Option<f64> {
        let c = self.column(column)?;
        self.row(key).and_then(|r| r.cells.get(c)).map(|c| c.amount)
    }

    /// Every percentage, by row key (the map the JSON names `shape.percents`); the first
    /// column's where several carry one.
    pub fn percents(&self) -> BTreeMap<&str, f64> {
        self.rows
            .iter()
            .filter_map(|r| {
                r.cells
                    .iter()
                    .find_map(|c| c.percent)
                    .map(|p| (r.key.as_str(), p))
            })
            .collect()
    }

    /// The percentages of column `column`, by row key.
    pub fn percents_in(&self, column: usize) -> BTreeMap<&str, f64> {
        self.rows
            .iter()
            .filter_map(|r| {
                r.cells
                    .get(column)
                    .and_then(|c| c.percent)
                    .map(|p| (r.key.as_str(), p))
            })
            .collect()
    }

    /// The percentage maps of every column, by column id (`percents_by_column` JSON).
    fn percents_by_column(&self) -> BTreeMap<&str, BTreeMap<&str, f64>> {
        self.columns
            .iter()
            .enumerate()
            .map(|(i, id)| (id.as_str(), self.percents_in(i)))
            .filter(|(_, m)| !m.is_empty())
            .collect()
    }
}

/// One column's amounts as a JSON object, rows in order.
struct Block<'a> {
    label: &'a Label,
    column: usize,
}

impl Serialize for Block<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.label.rows.len()))?;
        for r in &self.label.rows {
            if let Some(cell) = r.cells.get(self.column) {
                m.serialize_entry(&r.key, &cell.amount)?;
            }
        }
        m.end()
    }
}

impl Serialize for Label {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("format", &self.format)?;
        m.serialize_entry("serving_size", &self.serving_size)?;
        m.serialize_entry("servings_per_container", &self.servings_per_container)?;
        m.serialize_entry("ingredient_statement", &self.ingredient_statement)?;
        m.serialize_entry("allergens", &self.allergens)?;
        if !self.allergen_details.is_empty() {
            m.serialize_entry("allergen_details", &self.allergen_details)?;
        }
        m.serialize_entry("contains_statement", &self.contains_statement)?;
        m.serialize_entry("display", &self.display)?;
        m.serialize_entry("unrounded", &self.unrounded)?;
        match self.shape.amounts {
            Amounts::TopLevel => {
                for r in &self.rows {
                    if let Some(cell) = r.cells.first() {
                        m.serialize_entry(&r.key, &cell.amount)?;
                    }
                }
            }
            Amounts::ColumnBlocks => {
                for (column, id) in self.columns.iter().enumerate() {
                    m.serialize_entry(
                        id,
                        &Block {
                            label: self,
                            column,
                        },
                    )?;
                }
            }
        }
        if self.shape.percents_by_column {
            m.serialize_entry(&self.shape.percents, &self.percents_by_column())?;
        } else {
            m.serialize_entry(&self.shape.percents, &self.percents())?;
        }
        if !self.foods.is_empty() {
            m.serialize_entry("foods", &self.foods)?;
        }
        if let Some(package) = &self.package {
            m.serialize_entry("package", package)?;
        }
        if self.shape.calorie_basis {
            m.serialize_entry("calorie_basis", &self.calorie_basis)?;
        }
        if self.shape.ingredient_statement_html {
            m.serialize_entry(
                "ingredient_statement_html",
                self.ingredient_statement_html
                    .as_deref()
                    .unwrap_or_default(),
            )?;
        }
        if !self.notes.is_empty() {
            m.serialize_entry("notes", &self.notes)?;
        }
        if !self.warnings.is_empty() {
            m.serialize_entry("warnings", &self.warnings)?;
        }
        if !self.missing.is_empty() {
            m.serialize_entry("missing", &self.missing)?;
        }
        if !self.front_of_pack.is_empty() {
            m.serialize_entry("front_of_pack", &self.front_of_pack)?;
        }
        if self.per_100ml {
            m.serialize_entry("per_100ml", &true)?;
        }
        if !self.voluntary.is_empty() {
            m.serialize_entry("voluntary", &self.voluntary)?;
        }
        if !self.statements.is_empty() {
            m.serialize_entry("statements", &self.statements)?;
        }
        if !self.names_not_in_language.is_empty() {
            m.serialize_entry(
                "ingredient_names_not_in_language",
                &self.names_not_in_language,
            )?;
        }
        if let Some(status) = &self.status {
            m.serialize_entry("format_status", &status.status)?;
            if let Some(unconfirmed) = &status.unconfirmed {
                m.serialize_entry("unconfirmed", unconfirmed)?;
            }
        }
        m.end()
    }
}

/// Why a JSON object is not a label. The message names the offending field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LabelShapeError {
    /// `format` is not in the registry.
    #[error("unknown label format {0:?}")]
    UnknownFormat(String),
    /// A field the format requires is absent.
    #[error("label of format {format:?} is missing field `{field}`")]
    MissingField { format: String, field: String },
    /// A field of another format's shape is present.
    #[error("label of format {format:?} must not have field `{field}`")]
    ForeignField { format: String, field: String },
}

/// Reads `value` as a `T`, naming `field` in the message.
fn field<T: serde::de::DeserializeOwned, E: serde::de::Error>(
    field: &str,
    value: Value,
) -> Result<T, E> {
    T::deserialize(value).map_err(|e| E::custom(format!("{e} at `{field}`")))
}

fn take<E: serde::de::Error>(map: &mut Map<String, Value>, name: &str) -> Result<Value, E> {
    map.remove(name)
        .ok_or_else(|| E::custom(format!("missing field `{name}`")))
}

impl<'de> Deserialize<'de> for Label {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut map = Map::<String, Value>::deserialize(d)?;
        let id: String = field("format", take(&mut map, "format")?)?;
        let catalog = crate::catalog::catalog().map_err(D::Error::custom)?;
        let format = catalog
            .format(&id)
            .ok_or_else(|| D::Error::custom(LabelShapeError::UnknownFormat(id.clone())))?;
        let allowed = crate::format::wire_keys(format);
        const COMMON: [&str; 19] = [
            "statements",
            "ingredient_names_not_in_language",
            "serving_size",
            "servings_per_container",
            "ingredient_statement",
            "allergens",
            "allergen_details",
            "contains_statement",
            "display",
            "unrounded",
            "notes",
            "warnings",
            "missing",
            "package",
            "front_of_pack",
            "per_100ml",
            "format_status",
            "unconfirmed",
            "voluntary",
        ];
        // An aggregate label's columns are named by its `foods`.
        let foods: Vec<FoodColumn> = match map.remove("foods") {
            Some(v) if format.has_food_columns() => field("foods", v)?,
            Some(_) => {
                return Err(D::Error::custom(LabelShapeError::ForeignField {
                    format: id.clone(),
                    field: "foods".into(),
                }))
            }
            None => Vec::new(),
        };
        let food_columns: Vec<String> = foods.iter().map(|f| f.column.clone()).collect();
        for key in map.keys() {
            if COMMON.contains(&key.as_str()) || allowed.contains(key) || food_columns.contains(key)
            {
                continue;
            }
            if catalog.is_wire_key(key) {
                return Err(D::Error::custom(LabelShapeError::ForeignField {
                    format: id.clone(),
                    field: key.clone(),
                }));
            }
            return Err(D::Error::custom(format!("unknown field `{key}`")));
        }
        let serving_size = field("serving_size", take(&mut map, "serving_size")?)?;
        let servings_per_container = field(
            "servings_per_container",
            take(&mut map, "servings_per_container")?,
        )?;
        let ingredient_statement = field(
            "ingredient_statement",
            take(&mut map, "ingredient_statement")?,
        )?;
        let allergens = field("allergens", take(&mut map, "allergens")?)?;
        let allergen_details = match map.remove("allergen_details") {
            Some(v) => field("allergen_details", v)?,
            None => AllergenDetails::new(),
        };
        let contains_statement = match map.remove("contains_statement") {
            Some(v) => field("contains_statement", v)?,
            None => None,
        };
        let display: BTreeMap<String, String> = field("display", take(&mut map, "display")?)?;
        let unrounded = field("unrounded", take(&mut map, "unrounded")?)?;
        let notes = match map.remove("notes") {
            Some(v) => field("notes", v)?,
            None => Vec::new(),
        };
        let warnings = match map.remove("warnings") {
            Some(v) => field("warnings", v)?,
            None => Vec::new(),
        };
        let missing_data = match map.remove("missing") {
            Some(v) => field("missing", v)?,
            None => Vec::new(),
        };
        let package = match map.remove("package") {
            Some(v) => Some(field("package", v)?),
            None => None,
        };
        let per_100ml: bool = match map.remove("per_100ml") {
            Some(v) => field("per_100ml", v)?,
            None => false,
        };
        let front_of_pack = match map.remove("front_of_pack") {
            Some(v) => field("front_of_pack", v)?,
            None => Vec::new(),
        };
        let voluntary = match map.remove("voluntary") {
            Some(v) => field("voluntary", v)?,
            None => BTreeMap::new(),
        };
        let statements = match map.remove("statements") {
            Some(v) => field("statements", v)?,
            None => Vec::new(),
        };
        let names_not_in_language = match map.remove("ingredient_names_not_in_language") {
            Some(v) => field("ingredient_names_not_in_language", v)?,
            None => BTreeMap::new(),
        };
        let status = match map.remove("format_status") {
            Some(v) => Some(FormatStatus {
                status: field("format_status", v)?,
                unconfirmed: match map.remove("unconfirmed") {
                    Some(v) => field("unconfirmed", v)?,
                    None => None,
                },
            }),
            None => None,
        };
        let missing = |name: &str| {
            D::Error::custom(LabelShapeError::MissingField {
                format: id.clone(),
                field: name.to_string(),
            })
        };
        // The label's columns: the format's, or one per food of an aggregate format.
        let columns: Vec<(String, bool)> = if format.has_food_columns() {
            if foods.is_empty() {
                return Err(missing("foods"));
            }
            let percent = format.columns.iter().any(|c| c.percent);
            food_columns.iter().map(|c| (c.clone(), percent)).collect()
        } else {
            format
                .columns
                .iter()
                .map(|c| (c.id.clone(), c.percent))
                .collect()
        };
        // Amounts per column, by row key.
        let mut amounts: Vec<Map<String, Value>> = Vec::with_capacity(columns.len());
        match format.json.amounts {
            Amounts::TopLevel => {
                let mut column = Map::new();
                for r in &format.rows {
                    if let Some(v) = map.remove(&r.key) {
                        column.insert(r.key.clone(), v);
                    }
                }
                amounts.push(column);
            }
            Amounts::ColumnBlocks => {
                for (c, _) in &columns {
                    let block: Map<String, Value> =
                        field(c, map.remove(c).ok_or_else(|| missing(c))?)?;
                    if let Some(key) = block.keys().find(|k| format.row(k).is_none()) {
                        return Err(D::Error::custom(format!("unknown field `{key}` in `{c}`")));
                    }
                    amounts.push(block);
                }
            }
        }
        let percents_value = map
            .remove(&format.json.percents)
            .ok_or_else(|| missing(&format.json.percents))?;
        // One map per column, or one map for the single percent column.
        let percents: BTreeMap<String, BTreeMap<String, f64>> = if format.json.percents_by_column {
            field(&format.json.percents, percents_value)?
        } else {
            let one: BTreeMap<String, f64> = field(&format.json.percents, percents_value)?;
            let column = format
                .percent_column()
                .map(|i| format.columns[i].id.clone())
                .unwrap_or_default();
            BTreeMap::from([(column, one)])
        };
        let calorie_basis = if format.json.calorie_basis {
            Some(field(
                "calorie_basis",
                map.remove("calorie_basis")
                    .ok_or_else(|| missing("calorie_basis"))?,
            )?)
        } else {
            None
        };
        // A label stored before its format carried the HTML has none; it is drawn from
        // the plain statement.
        let ingredient_statement_html = match map.remove("ingredient_statement_html") {
            Some(v) if format.json.ingredient_statement_html => {
                Some(field("ingredient_statement_html", v)?)
            }
            _ => None,
        };
        let mut rows = Vec::with_capacity(format.rows.len());
        for r in &format.rows {
            let present = amounts.iter().filter(|a| a.contains_key(&r.key)).count();
            if present == 0 && r.declare != Declare::Always {
                continue;
            }
            let mut cells = Vec::with_capacity(columns.len());
            for (c, (column, has_percent)) in columns.iter().enumerate() {
                let value = amounts[c].remove(&r.key).ok_or_else(|| missing(&r.key))?;
                let amount: f64 = field(&r.key, value)?;
                let key = match format.json.amounts {
                    Amounts::TopLevel => r.key.clone(),
                    Amounts::ColumnBlocks => format!("{column}.{}", r.key),
                };
                let text = display.get(&key).cloned().unwrap_or_default();
                let percent = if *has_percent {
                    percents.get(column).and_then(|p| p.get(&r.key)).copied()
                } else {
                    None
                };
                cells.push(Cell {
                    amount,
                    text,
                    percent,
                });
            }
            rows.push(DeclaredRow {
                key: r.key.clone(),
                unit: r.unit.clone(),
                cells,
            });
        }
        Ok(Label {
            format: id,
            serving_size,
            servings_per_container,
            ingredient_statement,
            allergens,
            allergen_details,
            contains_statement,
            display,
            unrounded,
            columns: columns.into_iter().map(|(c, _)| c).collect(),
            rows,
            ingredient_statement_html,
            calorie_basis,
            notes,
            warnings,
            missing: missing_data,
            foods,
            package,
            front_of_pack,
            per_100ml,
            voluntary,
            statements,
            names_not_in_language,
            status,
            shape: format.json.clone(),
        })
    }
}

/// The label's format in the embedded catalog.
impl Label {
    /// Its format, when the embedded catalog knows it.
    pub fn known_format(&self) -> Option<&'static Format> {
        crate::catalog::format(&self.format)
    }

    /// Whether the label is a draft's: from its own `format_status`, or (a label stored
    /// before labels carried one) from its format's status in the catalog.
    pub fn is_draft(&self) -> bool {
        match &self.status {
            Some(s) => s.is_draft(),
            None => self
                .known_format()
                .is_some_and(|f| FormatStatus::of(f).is_draft()),
        }
    }
}
