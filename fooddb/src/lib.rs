//! nls-fooddb: the shipped USDA food composition table (`fooddb:<fdc_id>`), its importer,
//! name matching, label names and allergen mapping (API_DECISIONS §6).
//!
//! The table in `data/foods.tsv.gz` is built by [`import_to_file`] from the files of the
//! USDA FoodData Central SR Legacy release (April 2018, see `import.rs`) and embedded in the
//! binary; [`shipped`] loads it once.

mod added_sugars;
mod allergens;
mod csv;
mod import;
mod label_name;
mod label_names;
mod matching;
mod sub_ingredients;
mod sugars_based;
mod table;

use std::collections::{BTreeSet, HashMap};
use std::sync::{OnceLock, RwLock};

use nls_nutrition::{Allergen, AllergenDetails, Nutrient, NutrientAmounts};
use serde::Serialize;

pub use added_sugars::added_sugars_for;
pub use allergens::{allergens_for, exemptions_for, species_for};
pub use import::{import, import_to_file, FoodTable, ImportError, ImportStats};
pub use label_name::label_name_for;
pub use label_names::{label_names_for, Names as LabelNames};
pub use sub_ingredients::{sub_ingredients_for, SubIngredients};
pub use sugars_based::is_sugars_based;
pub use table::{read_table, write_table, LoadError};

/// One database food. Nutrient amounts are per 100 g edible portion; a nutrient USDA does
/// not report is absent (unknown), never zero. The one derived amount is added sugars,
/// known only for sweeteners (see [`added_sugars_for`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Food {
    /// FoodData Central id; the API id is `fooddb:<fdc_id>`.
    pub fdc_id: u32,
    /// The 5-digit SR NDB number, e.g. `"01001"`.
    pub ndb: String,
    /// The official SR Legacy description, e.g. `"Butter, salted"`.
    pub description: String,
    /// The SR Legacy food category, e.g. `"Dairy and Egg Products"`.
    pub food_group: String,
    /// Nutrients per 100 g.
    pub nutrients_per_100g: NutrientAmounts,
    /// Household measures in USDA order.
    pub portions: Vec<Portion>,
    /// Common name for an ingredient statement, lowercase (e.g. `"butter"`).
    pub label_name: String,
    /// Allergens the food contains, from the reviewed mapping in [`allergens_for`].
    pub allergens: BTreeSet<Allergen>,
    /// Species of its tree nuts, fish and Crustacean shellfish named by the description, from
    /// [`species_for`] (`{"tree_nuts": ["almonds"]}`).
    pub allergen_details: AllergenDetails,
    /// Allergens of `allergens` some regimes exempt in this form, with the exemption ids,
    /// from [`exemptions_for`] (`{"peanuts": ["highly_refined_oil"]}` for peanut oil).
    pub allergen_exemptions: std::collections::BTreeMap<Allergen, BTreeSet<String>>,
    /// Its own ingredients, from its standard of identity, when it is a multi-component
    /// food (see [`sub_ingredients_for`]).
    pub sub_ingredients: Option<&'static SubIngredients>,
    /// Its names in other languages, from [`label_names_for`] (`{"de": "Weizenmehl"}`).
    pub label_names: Option<&'static LabelNames>,
    /// Whether it is a sugars-based ingredient (FDR B.01.001(1)), from the reviewed list of
    /// [`is_sugars_based`]: a Canadian list of ingredients groups it after "Sugars".
    pub sugars_based: bool,
}

/// A household measure: `amount` × `description` weighs `grams`
/// (e.g. 1 × "tbsp" = 14.2 g).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Portion {
    /// How many of the unit (1, 0.5, ...).
    pub amount: f64,
    /// The unit with USDA's modifier, e.g. `"cup, sliced"`.
    pub description: String,
    /// Gram weight of `amount` units.
    pub grams: f64,
}

impl Food {
    /// Builds a food from USDA data, deriving its label name and allergens.
    pub fn new(
        fdc_id: u32,
        ndb: String,
        description: String,
        food_group: String,
        nutrients_per_100g: NutrientAmounts,
        portions: Vec<Portion>,
    ) -> Self {
        Self {
            portions,
            ..Self::bare(fdc_id, ndb, description, food_group, nutrients_per_100g)
        }
        .finish()
    }

    /// A food with no measures and no derived fields yet.
    fn bare(
        fdc_id: u32,
        ndb: String,
        description: String,
        food_group: String,
        nutrients_per_100g: NutrientAmounts,
    ) -> Self {
        Self {
            fdc_id,
            ndb,
            description,
            food_group,
            nutrients_per_100g,
            portions: Vec::new(),
            label_name: String::new(),
            allergens: BTreeSet::new(),
            allergen_details: AllergenDetails::new(),
            allergen_exemptions: Default::default(),
            sub_ingredients: None,
            label_names: None,
            sugars_based: false,
        }
    }

    /// Fills the derived fields from the description and group.
    fn finish(mut self) -> Self {
        self.label_name = label_name_for(&self.description, &self.food_group);
        self.allergens = allergens_for(&self.description, &self.food_group);
        self.allergen_details = species_for(&self.description, &self.allergens);
        self.allergen_exemptions = exemptions_for(&self.description, &self.allergens);
        self.sub_ingredients = sub_ingredients_for(&self.description);
        self.label_names = label_names_for(&self.description);
        self.sugars_based = is_sugars_based(&self.description);
        if let Some(added) = added_sugars_for(
            &self.description,
            &self.food_group,
            &self.nutrients_per_100g,
        ) {
            self.nutrients_per_100g.set(Nutrient::AddedSugarsG, added);
        }
        self
    }

    /// The API id, `fooddb:<fdc_id>`.
    pub fn id(&self) -> String {
        format!("fooddb:{}", self.fdc_id)
    }
}

/// A food of the database: its fields and its `id`.
// Its schema is the food's (`impl ToSchema for Food`).
#[derive(Serialize, utoipa::ToSchema)]
struct FoodView<'a> {
    #[schema(pattern = "^fooddb:", example = "fooddb:173944")]
    id: String,
    /// FoodData Central id.
    fdc_id: u32,
    /// The SR NDB number, e.g. `01001`.
    ndb: &'a str,
    #[schema(example = "Bananas, raw")]
    description: &'a str,
    food_group: &'a str,
    #[schema(example = "bananas")]
    label_name: &'a str,
    /// Allergen codes.
    #[schema(value_type = Vec<String>)]
    allergens: &'a BTreeSet<Allergen>,
    /// Present only when non-empty: species of the food's tree nuts, fish and Crustacean
    /// shellfish named by its description, e.g. `{"tree_nuts": ["almonds"]}`.
    #[serde(skip_serializing_if = "AllergenDetails::is_empty")]
    #[schema(value_type = std::collections::BTreeMap<String, Vec<String>>)]
    allergen_details: &'a AllergenDetails,
    /// Allergens of `allergens` that some regimes exempt in this form, with the exemption
    /// ids (`{"peanuts": ["highly_refined_oil"]}`): refined peanut oil declares no allergen
    /// on US labels (21 U.S.C. 321(qq)(2)(A)) but peanuts on EU ones (1169/2011 Annex II has
    /// no exemption for it); fully refined soybean oil none on either (Annex II point 6(a)).
    /// Absent when none.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    #[schema(value_type = std::collections::BTreeMap<String, Vec<String>>)]
    allergen_exemptions: &'a std::collections::BTreeMap<Allergen, BTreeSet<String>>,
    /// Per 100 g; a nutrient the data lacks is absent (unknown), never 0.
    #[schema(value_type = std::collections::BTreeMap<String, f64>)]
    nutrients_per_100g: &'a NutrientAmounts,
    /// Household measures in USDA order.
    portions: &'a [Portion],
    /// Present for multi-component foods (enriched flour, bread, pasta, cheddar,
    /// mayonnaise, catsup, chocolate, soy sauce, baking powder): their ingredients, printed
    /// in parentheses after the food's name (21 CFR 101.4(b)(2)), from the standard of
    /// identity in `sub_ingredients_citation`.
    #[serde(skip_serializing_if = "Option::is_none")]
    sub_ingredients: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "21 CFR 137.165(a)")]
    sub_ingredients_citation: Option<&'a str>,
    /// `true`: the list is the standard's mandatory ingredients, not a brand's; labels
    /// using the food carry the warning `confirm_sub_ingredients`.
    #[serde(skip_serializing_if = "Option::is_none")]
    sub_ingredients_to_confirm: Option<bool>,
    /// Present for the foods people use most: the food's name in other languages (ISO
    /// 639-1 → name, whole, with its sub-ingredients where it has any), which statements in
    /// those languages print. NLS's own translations, not yet reviewed by a native-speaking
    /// food-labelling expert: check each against the product's customary name in its
    /// market.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::BTreeMap<String, String>>)]
    label_names: Option<&'a LabelNames>,
}

impl utoipa::PartialSchema for Food {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <FoodView<'static> as utoipa::PartialSchema>::schema()
    }
}

impl utoipa::ToSchema for Food {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("Food")
    }

    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        <FoodView<'static> as utoipa::ToSchema>::schemas(schemas);
    }
}

impl Serialize for Food {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        FoodView {
            id: self.id(),
            fdc_id: self.fdc_id,
            ndb: &self.ndb,
            description: &self.description,
            food_group: &self.food_group,
            label_name: &self.label_name,
            allergens: &self.allergens,
            allergen_details: &self.allergen_details,
            allergen_exemptions: &self.allergen_exemptions,
            nutrients_per_100g: &self.nutrients_per_100g,
            portions: &self.portions,
            sub_ingredients: self.sub_ingredients.map(|s| s.sub_ingredients.as_slice()),
            sub_ingredients_citation: self.sub_ingredients.map(|s| s.citation.as_str()),
            sub_ingredients_to_confirm: self.sub_ingredients.map(|s| s.confirm),
            label_names: self.label_names,
        }
        .serialize(serializer)
    }
}

/// A search hit. Higher `score` is better; scores compare only within one query.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ScoredFood<'a> {
    /// The food.
    pub food: &'a Food,
    /// Relevance for the query.
    pub score: f64,
}

/// No database food is an acceptable match for a name.
#[derive(Debug, Clone, thiserror::Error)]
#[error("no food matches {name:?}")]
pub struct NoMatch<'a> {
    /// The name as given.
    pub name: String,
    /// Up to 5 closest foods, best first (may be empty).
    pub suggestions: Vec<&'a Food>,
}

/// The food table with its search index.
#[derive(Debug)]
pub struct FoodDb {
    foods: Vec<Food>,
    by_id: HashMap<u32, usize>,
    index: matching::Index,
    /// Names already resolved (lowercased, trimmed) to a food index, or to no match.
    /// Recipes repeat the same names endlessly; a hit skips ranking entirely.
    resolved: RwLock<HashMap<String, Option<usize>>>,
}

/// How many distinct names the resolution memo keeps (a few MB at most).
const RESOLVED_CAPACITY: usize = 50_000;

impl FoodDb {
    /// Builds a database from foods (any order; kept in the given order).
    pub fn from_foods(foods: Vec<Food>) -> Self {
        let by_id = foods
            .iter()
            .enumerate()
            .map(|(i, f)| (f.fdc_id, i))
            .collect();
        let index = matching::Index::new(&foods);
        Self {
            foods,
            by_id,
            index,
            resolved: RwLock::new(HashMap::new()),
        }
    }

    /// Loads a gzip table as written by [`write_table`].
    pub fn from_table_bytes(gz: &[u8]) -> Result<FoodDb, LoadError> {
        Ok(Self::from_foods(read_table(gz)?))
    }

    /// The food with this FoodData Central id.
    pub fn get(&self, fdc_id: u32) -> Option<&Food> {
        self.by_id.get(&fdc_id).map(|&i| &self.foods[i])
    }

    /// The food for an API id such as `"fooddb:173410"`.
    pub fn get_by_id(&self, id: &str) -> Option<&Food> {
        id.strip_prefix("fooddb:")?
            .parse()
            .ok()
            .and_then(|n| self.get(n))
    }

    /// Foods matching `query`, best first, at most `limit`. Ties are broken by shorter
    /// description, then lower fdc_id, so results are deterministic. Partial matches (not
    /// every query word found) are included after full ones.
    pub fn search(&self, query: &str, limit: usize) -> Vec<ScoredFood<'_>> {
        self.index
            .search(&self.foods, query, limit)
            .into_iter()
            .map(|hit| ScoredFood {
                food: &self.foods[hit.food],
                score: hit.score,
            })
            .collect()
    }

    /// The best acceptable food for an ingredient name, or [`NoMatch`] with up to 5
    /// suggestions when no food reaches the acceptance threshold.
    pub fn resolve_name(&self, name: &str) -> Result<&Food, NoMatch<'_>> {
        let key = name.trim().to_lowercase();
        let memo = self.resolved.read().ok().and_then(|m| m.get(&key).copied());
        if let Some(Some(food)) = memo {
            return Ok(&self.foods[food]);
        }
        // Only foods containing every required word can be accepted: score just those.
        let best = match memo {
            Some(None) => None,
            _ => self
                .index
                .best_full_match(&self.foods, name)
                .map(|hit| hit.food),
        };
        if let Ok(mut memo) = self.resolved.write() {
            if memo.len() < RESOLVED_CAPACITY {
                memo.insert(key, best);
            }
        }
        if let Some(food) = best {
            return Ok(&self.foods[food]);
        }
        let hits = self.index.search(&self.foods, name, 5);
        match hits.first() {
            Some(best) if best.acceptable => Ok(&self.foods[best.food]),
            _ => Err(NoMatch {
                name: name.to_owned(),
                suggestions: hits.iter().map(|h| &self.foods[h.food]).collect(),
            }),
        }
    }

    /// Forgets every memoised name resolution (for cold-path benchmarks and tests).
    pub fn forget_resolutions(&self) {
        if let Ok(mut memo) = self.resolved.write() {
            memo.clear();
        }
    }

    /// Number of foods.
    pub fn len(&self) -> usize {
        self.foods.len()
    }

    /// True when the table has no foods.
    pub fn is_empty(&self) -> bool {
        self.foods.is_empty()
    }

    /// Every food, ascending fdc_id for the shipped table.
    pub fn foods(&self) -> &[Food] {
        &self.foods
    }
}

/// The table committed in `data/foods.tsv.gz`.
pub const SHIPPED_TABLE: &[u8] = include_bytes!("../data/foods.tsv.gz");

/// The shipped data labels depend on, as `(name, bytes)`: the food table and the
/// sub-ingredient lists (part of a label's rules edition, `nls_readmodel::edition`).
pub fn data_sources() -> [(&'static str, &'static [u8]); 2] {
    [
        ("foods.tsv.gz", SHIPPED_TABLE),
        ("sub_ingredients.json", sub_ingredients::DATA.as_bytes()),
    ]
}

static SHIPPED: OnceLock<Result<FoodDb, LoadError>> = OnceLock::new();

/// The shipped database, or the error that stopped it from loading. Decompressed and
/// parsed on first use, then shared.
pub fn try_shipped() -> Result<&'static FoodDb, &'static LoadError> {
    SHIPPED
        .get_or_init(|| FoodDb::from_table_bytes(SHIPPED_TABLE))
        .as_ref()
}

/// The shipped database, loaded on first use.
///
/// # Panics
/// If the embedded table does not parse, which is a build defect: the crate's tests load it.
pub fn shipped() -> &'static FoodDb {
    match try_shipped() {
        Ok(db) => db,
        Err(e) => panic!("embedded food table is corrupt: {e}"),
    }
}
