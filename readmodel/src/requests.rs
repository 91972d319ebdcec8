//! Request bodies of the write endpoints and their field rules (API_DECISIONS §3, §5).
//! `/v1/analyze` takes a recipe's fields by the same rules.

use std::collections::BTreeMap;

use nls_events::ingredient::IngredientField;
use nls_events::recipe::{FrontOfPackFacts, PackageFacts, RecipeField};
use nls_nutrition::{Allergen, Nutrient};
use nls_web::{ApiError, ErrorCode, JsonFields};
use serde::{Deserialize, Deserializer};
use serde_json::json;
use unicode_normalization::UnicodeNormalization;

use crate::resolve::Entry;

const MAX_GRAMS: f64 = 1_000_000.0;
const MAX_SERVINGS: f64 = 100_000.0;

/// Fields of a recipe representation a client may send back; they are ignored.
const RECIPE_READ_ONLY: &[&str] = &[
    "id",
    "label",
    "label_error",
    "label_edition",
    "version",
    "created_at",
    "updated_at",
    "embed",
    "cost",
];

/// A field that may be absent (`None`), `null` (`Some(None)`: clear it) or a value.
fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

/// `POST /v1/recipes` and `PUT /v1/recipes/{id}` (all fields optional here; create checks
/// the required ones). `null` for an optional field resets it to its default.
///
/// A create needs `name`, `servings` and `ingredients`; an update is partial: fields left
/// out keep their values, and `ingredients` replaces the whole list. Unknown fields: 400
/// `unknown_field`; the read-only fields of the representation are ignored.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct RecipeBody {
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    #[schema(minimum = 0.001)]
    pub servings: Option<f64>,
    /// Default: total ingredient grams / servings; `null` goes back to it.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(minimum = 0.001)]
    pub serving_weight_g: Option<Option<f64>>,
    /// The household measure printed, e.g. `1 slice (60g)`; `null` removes it.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(examples("1 slice (60g)"))]
    pub serving_size_text: Option<Option<String>>,
    /// A format id or alias of `GET /v1/formats`, or `us.auto`: the first US layout the
    /// `package` allows, in FDA's order of preference. Unknown value: 400
    /// `unknown_label_format`; above the plan: 403 `plan_format_not_allowed`.
    /// `us.v.dual-prep` needs `prepared`; `us.aggr` is for `POST /v1/analyze` with
    /// `foods`; `us.v.simpl` only for a food with at least 8 of the 15 nutrients of 21 CFR
    /// 101.9(f) in insignificant amounts, else 422 `format_not_permitted`.
    #[schema(
        default = "standard",
        examples("standard", "eu-1169", "us.v.dual-pkg", "us.auto")
    )]
    pub label_format: Option<String>,
    #[schema(min_items = 1, max_items = 200)]
    pub ingredients: Option<Vec<EntryBody>>,
    /// Professional or Business plan, else 403 `plan_feature_not_allowed`.
    #[schema(default = false)]
    pub embed_enabled: Option<bool>,
    pub archived: Option<bool>,
    /// The package the label is for: the label then says which layouts it allows and
    /// requires, `label_format` `us.auto` follows it, and its RACC category is the claims'
    /// reference amount. `null` removes it.
    #[serde(default, deserialize_with = "nullable")]
    pub package: Option<Option<nls_nutrition::package::Package>>,
    /// What preparing the recipe adds, for `us.v.dual-prep` (21 CFR 101.9(e)); `null`
    /// removes it.
    #[serde(default, deserialize_with = "nullable")]
    pub prepared: Option<Option<crate::extras::PreparedBody>>,
    /// Voluntary front-of-pack schemes the label carries (the market's mandatory ones are
    /// always computed). Unknown ids: 400 `validation_failed`. `null` removes them.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(max_items = 32)]
    pub front_of_pack: Option<Option<Vec<String>>>,
    /// What those schemes need that the recipe does not hold; `null` removes them.
    #[serde(default, deserialize_with = "nullable")]
    pub front_of_pack_facts: Option<Option<nls_nutrition::fop::Facts>>,
    /// Nutrient keys (as in `nutrients_per_100g`) of voluntary nutrients the label
    /// declares (21 CFR 101.9(c)(8)(ii), (c)(2)(iii)-(iv), (c)(6)); the label's `voluntary`
    /// says why each such row is there. Unknown key: 400 `validation_failed`. `null`
    /// removes them.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(max_items = 40, examples(json!(["vitamin_a_mcg", "vitamin_c_mg"])))]
    pub voluntary_nutrients: Option<Option<Vec<String>>>,
}

impl JsonFields for RecipeBody {
    const ACCEPTED: &'static [&'static str] = &[
        "name",
        "servings",
        "serving_weight_g",
        "serving_size_text",
        "label_format",
        "ingredients",
        "embed_enabled",
        "archived",
        "package",
        "prepared",
        "front_of_pack",
        "front_of_pack_facts",
        "voluntary_nutrients",
    ];
    const IGNORED: &'static [&'static str] = RECIPE_READ_ONLY;
}

/// One recipe entry as sent: either `ingredient_id` (`fooddb:<id>`, `ing_...` or a
/// sub-recipe `rcp_...`) or `name` (matched against the account's ingredients, then the
/// food database).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = IngredientEntry)]
pub struct EntryBody {
    #[schema(examples("fooddb:173944"))]
    pub ingredient_id: Option<String>,
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    /// How it reads in the ingredient statement, printed verbatim (it replaces the
    /// ingredient's name and its sub-ingredients).
    pub label_name: Option<String>,
    /// At least 0.001 (smaller: 400 `validation_failed`, too small).
    #[schema(minimum = 0.001)]
    pub grams: f64,
    /// Amounts per 100 g overriding (or completing) the ingredient's data for this line,
    /// keyed like `nutrients_per_100g`. Unknown key: 400 `unknown_field`.
    #[serde(default)]
    #[schema(examples(json!({"added_sugars_g": 3, "trans_fat_g": 0})))]
    pub nutrients: Option<BTreeMap<String, f64>>,
    /// Nutrient keys added to this line's ingredient as a nutrient supplement
    /// (fortification): a US label then declares each (21 CFR 101.9(c)(8)(ii)).
    #[serde(default)]
    #[schema(max_items = 40)]
    pub added_nutrients: Option<Vec<String>>,
    /// How the line reads in a statement in each language (ISO 639-1 → name, printed
    /// whole), for labels whose formats print that language (Reg. (EU) 1169/2011 Art. 15,
    /// 18; 21 CFR 101.15(c)(2)). A language no format prints: 400 `validation_failed`.
    #[serde(default)]
    #[schema(examples(json!({"de": "Weizenmehl", "fr": "farine de blé"})))]
    pub label_names: Option<BTreeMap<String, String>>,
    /// Read-only in representations; accepted so a representation can be sent back.
    #[serde(default, rename = "resolved_name")]
    #[schema(value_type = Option<String>)]
    pub _resolved_name: Option<serde::de::IgnoredAny>,
}

/// A validated recipe change; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RecipeChange {
    pub name: Option<String>,
    pub servings: Option<f64>,
    pub serving_weight_g: Option<f64>,
    pub serving_size_text: Option<String>,
    pub label_format: Option<String>,
    pub entries: Option<Vec<Entry>>,
    pub embed_enabled: Option<bool>,
    pub archived: Option<bool>,
    /// The package, checked.
    pub package: Option<PackageFacts>,
    /// What preparation adds, checked.
    pub prepared: Option<Vec<Entry>>,
    /// Voluntary front-of-pack scheme ids, checked.
    pub front_of_pack: Option<Vec<String>>,
    /// Front-of-pack facts, checked.
    pub front_of_pack_facts: Option<FrontOfPackFacts>,
    /// Voluntary nutrient keys, checked.
    pub voluntary_nutrients: Option<Vec<String>>,
    /// Fields sent as `null`: back to their defaults.
    pub cleared: Vec<RecipeField>,
}

impl RecipeBody {
    /// Checks every field rule; `creating` makes name, servings and ingredients required.
    pub fn validate(self, creating: bool) -> Result<RecipeChange, ApiError> {
        if creating {
            for (field, present) in [
                ("name", self.name.is_some()),
                ("servings", self.servings.is_some()),
                ("ingredients", self.ingredients.is_some()),
            ] {
                if !present {
                    return Err(ApiError::validation(field, "is required"));
                }
            }
        }
        let name = self.name.map(|n| text("name", n, 1, 200)).transpose()?;
        let servings = self
            .servings
            .map(|v| positive("servings", v, MAX_SERVINGS))
            .transpose()?;
        let mut cleared = Vec::new();
        if self.serving_weight_g == Some(None) {
            cleared.push(RecipeField::ServingWeightG);
        }
        if self.serving_size_text == Some(None) {
            cleared.push(RecipeField::ServingSizeText);
        }
        let serving_weight_g = self
            .serving_weight_g
            .flatten()
            .map(|v| positive("serving_weight_g", v, MAX_GRAMS))
            .transpose()?;
        let serving_size_text = self
            .serving_size_text
            .flatten()
            .map(|t| text("serving_size_text", t, 1, 100))
            .transpose()?;
        let entries = self.ingredients.map(validate_entries).transpose()?;
        if matches!(self.package, Some(None)) {
            cleared.push(RecipeField::Package);
        }
        if matches!(self.prepared, Some(None)) {
            cleared.push(RecipeField::Prepared);
        }
        let package = match self.package.flatten() {
            Some(p) => {
                crate::extras::validate_package(&p)?;
                Some(PackageFacts {
                    label_area_in2: p.label_area_in2,
                    vertical_space_in: p.vertical_space_in,
                    racc_category: p.racc_category,
                    net_quantity_g: p.net_quantity_g,
                    net_quantity_ml: p.net_quantity_ml,
                })
            }
            None => None,
        };
        let prepared = self
            .prepared
            .flatten()
            .map(crate::extras::PreparedBody::validate)
            .transpose()?;
        if matches!(self.front_of_pack, Some(None)) {
            cleared.push(RecipeField::FrontOfPack);
        }
        if matches!(self.front_of_pack_facts, Some(None)) {
            cleared.push(RecipeField::FrontOfPackFacts);
        }
        let front_of_pack = self
            .front_of_pack
            .flatten()
            .map(|ids| nls_web::fop::scheme_ids("front_of_pack", &ids))
            .transpose()?;
        if matches!(self.voluntary_nutrients, Some(None)) {
            cleared.push(RecipeField::VoluntaryNutrients);
        }
        let voluntary_nutrients = self
            .voluntary_nutrients
            .flatten()
            .map(|keys| nutrient_keys("voluntary_nutrients", keys))
            .transpose()?;
        let front_of_pack_facts = match self.front_of_pack_facts.flatten() {
            Some(facts) => Some(crate::extras::facts_record(nls_web::fop::facts(
                "front_of_pack_facts",
                Some(facts),
            )?)?),
            None => None,
        };
        Ok(RecipeChange {
            name,
            servings,
            serving_weight_g,
            serving_size_text,
            label_format: self.label_format,
            entries,
            embed_enabled: self.embed_enabled,
            archived: self.archived,
            package,
            prepared,
            front_of_pack,
            front_of_pack_facts,
            voluntary_nutrients,
            cleared,
        })
    }
}

fn validate_entries(entries: Vec<EntryBody>) -> Result<Vec<Entry>, ApiError> {
    validate_entries_at("ingredients", entries)
}

/// The entries of the list at `path` (`ingredients`, `prepared.ingredients`), checked.
pub(crate) fn validate_entries_at(
    path: &str,
    entries: Vec<EntryBody>,
) -> Result<Vec<Entry>, ApiError> {
    if entries.is_empty() || entries.len() > 200 {
        return Err(ApiError::validation(path, "must have 1 to 200 entries"));
    }
    entries
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let field = |f: &str| format!("{path}[{i}].{f}");
            if e.ingredient_id.is_none() && e.name.is_none() {
                return Err(ApiError::validation(
                    &format!("{path}[{i}]"),
                    "needs ingredient_id or name",
                ));
            }
            Ok(Entry {
                ingredient_id: e
                    .ingredient_id
                    .map(|v| text(&field("ingredient_id"), v, 1, 200))
                    .transpose()?,
                name: e
                    .name
                    .map(|v| text(&field("name"), v, 1, 200))
                    .transpose()?,
                label_name: e
                    .label_name
                    .map(|v| text(&field("label_name"), v, 1, 500))
                    .transpose()?,
                grams: positive(&field("grams"), e.grams, MAX_GRAMS)?,
                nutrients: e
                    .nutrients
                    .map(|n| validate_overrides(&field("nutrients"), n))
                    .transpose()?,
                added_nutrients: e
                    .added_nutrients
                    .map(|keys| nutrient_keys(&field("added_nutrients"), keys))
                    .transpose()?
                    .unwrap_or_default(),
                label_names: e
                    .label_names
                    .map(|names| label_names(&field("label_names"), names))
                    .transpose()?
                    .unwrap_or_default(),
            })
        })
        .collect()
}

/// Most languages one line or ingredient may be named in.
pub const MAX_LABEL_NAMES: usize = 30;

/// Names by language (`label_names` of a line or a custom ingredient): each key a language
/// some label format prints (ISO 639-1, as `GET /v1/formats` lists them), each name printed
/// text like `label_name` (1 to 500 characters), at most [`MAX_LABEL_NAMES`] of them.
pub fn label_names(
    field: &str,
    names: BTreeMap<String, String>,
) -> Result<BTreeMap<String, String>, ApiError> {
    if names.len() > MAX_LABEL_NAMES {
        return Err(ApiError::validation(
            field,
            format!("must name at most {MAX_LABEL_NAMES} languages"),
        ));
    }
    let printed = printed_languages();
    names
        .into_iter()
        .map(|(language, name)| {
            let at = format!("{field}.{}", language.chars().take(20).collect::<String>());
            if !printed.contains(&language.as_str()) {
                return Err(ApiError::validation(
                    &at,
                    format!(
                        "is not a language any label format prints; use one of {}",
                        printed.join(", ")
                    ),
                ));
            }
            Ok((language, text(&at, name, 1, 500)?))
        })
        .collect()
}

/// The languages label formats print, sorted (ISO 639-1 codes); the catalog is fixed for
/// the process, so they are gathered once.
fn printed_languages() -> &'static [&'static str] {
    static LANGUAGES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    LANGUAGES.get_or_init(|| {
        let mut languages: Vec<&'static str> = nls_nutrition::catalog::formats()
            .iter()
            .flat_map(|f| f.languages.iter().map(String::as_str))
            .collect();
        languages.sort_unstable();
        languages.dedup();
        languages
    })
}

/// A list of nutrient keys (`voluntary_nutrients`, a line's `added_nutrients`): each a known
/// nutrient key, at most one entry per nutrient; returned sorted and without repeats, so
/// the same set is always recorded the same way. An empty list asks for nothing.
pub fn nutrient_keys(field: &str, keys: Vec<String>) -> Result<Vec<String>, ApiError> {
    let most = Nutrient::ALL.len();
    if keys.len() > most {
        return Err(ApiError::validation(
            field,
            format!("must name at most {most} nutrients"),
        ));
    }
    let mut out = Vec::with_capacity(keys.len());
    for (i, key) in keys.into_iter().enumerate() {
        if Nutrient::from_key(&key).is_none() {
            let at = format!("{field}[{i}]");
            return Err(ApiError::new(
                ErrorCode::ValidationFailed,
                format!(
                    "{at}: {:?} is not a nutrient key (the keys of nutrients_per_100g)",
                    key.chars().take(60).collect::<String>()
                ),
            )
            .with_details(json!([{ "field": at, "problem": "not a nutrient key" }])));
        }
        out.push(key);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// A line's nutrient overrides: 1 to 38 nutrient keys, each amount within its unit's
/// ceiling. They stand for the ingredient's own data, so they are not checked as a whole
/// food here (the ingredient's other amounts fill the rest).
fn validate_overrides(
    prefix: &str,
    map: BTreeMap<String, f64>,
) -> Result<BTreeMap<String, f64>, ApiError> {
    if map.is_empty() {
        return Err(ApiError::validation(
            prefix,
            "must name at least one nutrient (leave it out for none)",
        ));
    }
    for (key, value) in &map {
        let field = format!("{prefix}.{}", key.chars().take(60).collect::<String>());
        if Nutrient::from_key(key).is_none() {
            return Err(ApiError::new(
                ErrorCode::UnknownField,
                format!("{field}: not a nutrient key"),
            )
            .with_details(json!([{ "field": field, "problem": "not a nutrient key" }])));
        }
        non_negative(&field, *value, nutrient_ceiling(key))?;
    }
    Ok(map)
}

/// Most sub-ingredients a custom ingredient lists.
pub const MAX_SUB_INGREDIENTS: usize = 50;
/// Longest sub-ingredient, characters.
const MAX_SUB_INGREDIENT_CHARS: usize = 200;
/// Longest printed list of sub-ingredients (", " joined), characters: a long statement
/// runs to a few hundred, and 1,000 leaves room for nine such ingredients in the
/// statement's limit (`bounds::MAX_STATEMENT_CHARS`).
pub const MAX_SUB_INGREDIENTS_CHARS: usize = 1_000;

/// A custom ingredient's sub-ingredients: printed text each, at most
/// [`MAX_SUB_INGREDIENTS`] of them and [`MAX_SUB_INGREDIENTS_CHARS`] characters together.
fn validate_sub_ingredients(list: Vec<String>) -> Result<Vec<String>, ApiError> {
    if list.len() > MAX_SUB_INGREDIENTS {
        return Err(ApiError::validation(
            "sub_ingredients",
            format!("must have at most {MAX_SUB_INGREDIENTS} entries"),
        ));
    }
    let list = list
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            text(
                &format!("sub_ingredients[{i}]"),
                s,
                1,
                MAX_SUB_INGREDIENT_CHARS,
            )
        })
        .collect::<Result<Vec<_>, _>>()?;
    let chars: usize =
        list.iter().map(|s| s.chars().count()).sum::<usize>() + 2 * list.len().saturating_sub(1);
    if chars > MAX_SUB_INGREDIENTS_CHARS {
        return Err(ApiError::validation(
            "sub_ingredients",
            format!("print as {chars} characters; at most {MAX_SUB_INGREDIENTS_CHARS} together"),
        ));
    }
    Ok(list)
}

/// `POST /v1/ingredients` and `PUT /v1/ingredients/{id}`. `null` for an optional field
/// clears it.
///
/// A create needs `name` and `nutrients_per_100g`; an update is partial (`archived: true`
/// archives, `false` restores).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct IngredientBody {
    #[schema(min_length = 1, max_length = 200)]
    pub name: Option<String>,
    /// Numbers per 100 g keyed by label nutrient (`calories`, `total_fat_g`,
    /// `saturated_fat_g`, `sodium_mg`, `total_carbohydrate_g`, `protein_g`, ...).
    #[schema(examples(json!({"calories": 458, "total_fat_g": 24, "protein_g": 9})))]
    pub nutrients_per_100g: Option<BTreeMap<String, f64>>,
    /// Allergen codes (`milk`, `eggs`, `fish`, `crustacean_shellfish`, `tree_nuts`,
    /// `peanuts`, `wheat`, `soy`, `sesame`, `gluten`, `celery`, `mustard`, `lupin`,
    /// `molluscs`, `sulphites`). Tree nuts, fish and Crustacean shellfish may name their
    /// species as `code:species`, e.g. `tree_nuts:almond` (21 U.S.C. 343(w)(2)).
    pub allergens: Option<Vec<String>>,
    #[serde(default, deserialize_with = "nullable")]
    pub label_name: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    #[schema(minimum = 0)]
    pub cost_per_unit: Option<Option<f64>>,
    /// `g`, `kg`, `oz`, `lb`, `ml` or `l`.
    #[serde(default, deserialize_with = "nullable")]
    pub unit: Option<Option<String>>,
    pub archived: Option<bool>,
    /// Its own ingredients in descending order of weight, printed in parentheses after its
    /// name (21 CFR 101.4(b)(2)); at most 50, 1,000 characters together. `null` or `[]`
    /// removes them.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(max_items = 50)]
    pub sub_ingredients: Option<Option<Vec<String>>>,
    /// Its names in other languages (ISO 639-1 → name); `null` or `{}` removes them.
    #[serde(default, deserialize_with = "nullable")]
    pub label_names: Option<Option<BTreeMap<String, String>>>,
}

impl JsonFields for IngredientBody {
    const ACCEPTED: &'static [&'static str] = &[
        "name",
        "nutrients_per_100g",
        "allergens",
        "label_name",
        "cost_per_unit",
        "unit",
        "archived",
        "sub_ingredients",
        "label_names",
    ];
    const IGNORED: &'static [&'static str] = &["id", "version", "created_at", "updated_at"];
}

/// A validated ingredient change.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IngredientChange {
    pub name: Option<String>,
    pub nutrients_per_100g: Option<BTreeMap<String, f64>>,
    pub allergens: Option<Vec<String>>,
    pub label_name: Option<String>,
    pub cost_per_unit: Option<f64>,
    pub unit: Option<String>,
    pub archived: Option<bool>,
    /// Fields sent as `null`: cleared.
    pub cleared: Vec<IngredientField>,
    /// New sub-ingredients; empty removes them.
    pub sub_ingredients: Option<Vec<String>>,
    /// New names in other languages; empty removes them.
    pub label_names: Option<BTreeMap<String, String>>,
}

impl IngredientBody {
    /// Checks every field rule; `creating` makes name and nutrients required.
    pub fn validate(self, creating: bool) -> Result<IngredientChange, ApiError> {
        if creating {
            if self.name.is_none() {
                return Err(ApiError::validation("name", "is required"));
            }
            if self.nutrients_per_100g.is_none() {
                return Err(ApiError::validation("nutrients_per_100g", "is required"));
            }
        }
        let name = self.name.map(|n| text("name", n, 1, 200)).transpose()?;
        let nutrients_per_100g = self
            .nutrients_per_100g
            .map(validate_nutrients)
            .transpose()?;
        let allergens = self.allergens.map(validate_allergens).transpose()?;
        let sub_ingredients = self
            .sub_ingredients
            .map(|list| validate_sub_ingredients(list.unwrap_or_default()))
            .transpose()?;
        let label_names = self
            .label_names
            .map(|names| label_names("label_names", names.unwrap_or_default()))
            .transpose()?;
        let cleared: Vec<IngredientField> = [
            (self.label_name == Some(None), IngredientField::LabelName),
            (
                self.cost_per_unit == Some(None),
                IngredientField::CostPerUnit,
            ),
            (self.unit == Some(None), IngredientField::Unit),
        ]
        .into_iter()
        .filter_map(|(null, field)| null.then_some(field))
        .collect();
        let label_name = self
            .label_name
            .flatten()
            .map(|t| text("label_name", t, 1, 500))
            .transpose()?;
        let cost_per_unit = self
            .cost_per_unit
            .flatten()
            .map(|c| non_negative("cost_per_unit", c, 1e9))
            .transpose()?;
        let unit = self
            .unit
            .flatten()
            .map(|u| {
                if crate::derive::grams_per_unit(&u).is_some() {
                    Ok(u)
                } else {
                    Err(ApiError::validation(
                        "unit",
                        "must be one of g, kg, oz, lb, ml, l",
                    ))
                }
            })
            .transpose()?;
        Ok(IngredientChange {
            name,
            nutrients_per_100g,
            allergens,
            label_name,
            cost_per_unit,
            unit,
            archived: self.archived,
            cleared,
            sub_ingredients,
            label_names,
        })
    }
}

/// Each key must be a nutrient, each amount within its unit's ceiling, and together they
/// must describe a possible food ([`nls_nutrition::plausibility`]); every impossible
/// combination is reported at once, one detail per field.
fn validate_nutrients(map: BTreeMap<String, f64>) -> Result<BTreeMap<String, f64>, ApiError> {
    let mut amounts = BTreeMap::new();
    for (key, value) in &map {
        let field = format!(
            "nutrients_per_100g.{}",
            key.chars().take(60).collect::<String>()
        );
        let Some(nutrient) = Nutrient::from_key(key) else {
            return Err(ApiError::new(
                ErrorCode::UnknownField,
                format!("{field}: not a nutrient key"),
            )
            .with_details(json!([{ "field": field, "problem": "not a nutrient key" }])));
        };
        let max = nutrient_ceiling(key);
        non_negative(&field, *value, max)?;
        amounts.insert(nutrient, *value);
    }
    let problems = nls_nutrition::plausibility::problems(&amounts);
    if let Some(first) = problems.first() {
        let field = |p: &nls_nutrition::plausibility::Problem| {
            format!("nutrients_per_100g.{}", p.nutrient.key())
        };
        let details: Vec<serde_json::Value> = problems
            .iter()
            .map(|p| json!({ "field": field(p), "problem": p.problem }))
            .collect();
        return Err(ApiError::new(
            ErrorCode::ValidationFailed,
            format!(
                "{}: {}{}",
                field(first),
                first.problem,
                match problems.len() {
                    1 => String::new(),
                    n => format!(" (and {} more problem(s) in details)", n - 1),
                }
            ),
        )
        .with_details(json!(details)));
    }
    Ok(map)
}

/// The largest physically possible amount per 100 g for a key, by its unit.
fn nutrient_ceiling(key: &str) -> f64 {
    if key == "calories" {
        900.0
    } else if key.ends_with("_g") {
        100.0
    } else if key.ends_with("_mg") {
        100_000.0
    } else {
        100_000_000.0
    }
}

/// A printed text field: trimmed, in Unicode normal form C (so one spelling is stored
/// however it was typed), `min` to `max` characters, without control or format characters.
fn text(field: &str, value: String, min: usize, max: usize) -> Result<String, ApiError> {
    let normalised: String = value.trim().nfc().collect();
    let len = normalised.chars().count();
    if len < min || len > max {
        return Err(ApiError::validation(
            field,
            format!("must be {min} to {max} characters"),
        ));
    }
    if let Some(c) = normalised.chars().find(|c| !printable(*c)) {
        return Err(ApiError::validation(
            field,
            format!(
                "must not contain control or format characters (found U+{:04X}); labels print \
                 this text, and such characters reorder or hide what is printed",
                u32::from(c)
            ),
        ));
    }
    Ok(normalised)
}

/// Whether `c` may appear in printed text (one rule for every named field, nls_web::text).
fn printable(c: char) -> bool {
    nls_web::text::printable(c)
}

/// The smallest amount (grams, servings) a recipe takes: a thousandth. Smaller ones print
/// as nothing, and near the floating-point floor (1e-320) they divide into infinities.
const MIN_AMOUNT: f64 = 0.001;

fn positive(field: &str, value: f64, max: f64) -> Result<f64, ApiError> {
    if !(value.is_finite() && value > 0.0) {
        Err(ApiError::validation(
            field,
            format!("must be a number greater than 0 and at most {max}"),
        ))
    } else if value < MIN_AMOUNT {
        Err(ApiError::validation(
            field,
            format!("is too small: must be at least {MIN_AMOUNT}"),
        ))
    } else if value > max {
        Err(ApiError::validation(
            field,
            format!("is too large: must be at most {max}"),
        ))
    } else {
        Ok(value)
    }
}

fn non_negative(field: &str, value: f64, max: f64) -> Result<f64, ApiError> {
    if value.is_finite() && (0.0..=max).contains(&value) {
        Ok(value)
    } else {
        Err(ApiError::validation(
            field,
            format!("must be a number from 0 to {max}"),
        ))
    }
}

/// Longest species text of a `code:species` allergen entry.
const MAX_SPECIES_CHARS: usize = 60;

/// Validates a custom ingredient's allergen entries: vocabulary codes, or `code:species` for
/// tree nuts, fish and Crustacean shellfish (`"tree_nuts:almond"`, 21 U.S.C. 343(w)(2)).
/// Returns them normalised (trimmed, sorted, without repeats).
fn validate_allergens(list: Vec<String>) -> Result<Vec<String>, ApiError> {
    let mut entries = Vec::with_capacity(list.len());
    for entry in list {
        let (code, species) = match entry.split_once(':') {
            Some((code, species)) => (code.trim(), Some(species.trim())),
            None => (entry.trim(), None),
        };
        let allergen = Allergen::from_code(code).ok_or_else(|| {
            ApiError::validation(
                "allergens",
                format!(
                    "unknown allergen {:?}; use one of {}",
                    code.chars().take(40).collect::<String>(),
                    Allergen::ALL.map(Allergen::code).join(", ")
                ),
            )
        })?;
        match species {
            None => entries.push(allergen.code().to_owned()),
            Some(species) => {
                if !allergen.takes_species() {
                    return Err(ApiError::validation(
                        "allergens",
                        format!(
                            "{} takes no species; only tree_nuts, fish and crustacean_shellfish do (e.g. \"tree_nuts:almond\"), and gluten its cereal (\"gluten:barley\")",
                            allergen.code()
                        ),
                    ));
                }
                let chars = species.chars().count();
                if chars == 0
                    || chars > MAX_SPECIES_CHARS
                    || species.chars().any(|c| c.is_control() || c == ':')
                {
                    return Err(ApiError::validation(
                        "allergens",
                        format!(
                            "the species after \"{}:\" must be 1 to {MAX_SPECIES_CHARS} characters without control characters",
                            allergen.code()
                        ),
                    ));
                }
                entries.push(format!("{}:{species}", allergen.code()));
            }
        }
    }
    entries.sort();
    entries.dedup();
    Ok(entries)
}

#[cfg(test)]
mod properties {
    use std::time::{Duration, Instant};

    use proptest::prelude::*;
    use unicode_normalization::is_nfc;

    use super::*;

    /// Text mixing letters, combining marks, bidi controls, zero-width and control
    /// characters.
    fn any_text() -> impl Strategy<Value = String> {
        let pieces = prop_oneof![
            4 => "[a-zA-Z ]{1,8}",
            1 => Just("e\u{301}".to_owned()),
            1 => Just("\u{202E}".to_owned()),
            1 => Just("\u{2066}".to_owned()),
            1 => Just("\u{200B}".to_owned()),
            1 => Just("\u{200C}".to_owned()),
            1 => Just("\u{7}".to_owned()),
            1 => Just("\u{FEFF}".to_owned()),
            1 => Just("\u{FB01}".to_owned()),
        ];
        prop::collection::vec(pieces, 0..60).prop_map(|p| p.concat())
    }

    proptest! {
        /// Whatever a printed text field accepts is NFC, within its length, and free of
        /// control and format characters (the joiners aside); deciding is quick.
        #[test]
        fn accepted_text_is_printable_nfc_within_bounds(raw in any_text()) {
            let started = Instant::now();
            let outcome = text("name", raw, 1, 200);
            // A guard against unbounded work (a blow-up takes seconds), not a speed target:
            // the speed is measured in BENCHMARKS.md.
            prop_assert!(started.elapsed() < Duration::from_secs(1));
            if let Ok(accepted) = outcome {
                prop_assert!(is_nfc(&accepted));
                let chars = accepted.chars().count();
                prop_assert!((1..=200).contains(&chars));
                prop_assert!(accepted.chars().all(printable));
                let hidden = ['\u{202E}', '\u{200B}'];
                prop_assert!(!accepted.contains(hidden));
            }
        }

        /// Whatever nutrient map is accepted holds its parts within their wholes.
        #[test]
        fn accepted_nutrients_are_a_possible_food(
            map in prop::collection::btree_map(
                prop::sample::select(Nutrient::ALL.map(Nutrient::key).to_vec()).prop_map(str::to_owned),
                prop_oneof![4 => 0.0..60.0f64, 1 => -1.0..1e6f64],
                0..12,
            )
        ) {
            if let Ok(accepted) = validate_nutrients(map) {
                let g = |k: &str| accepted.get(k).copied().unwrap_or(0.0);
                prop_assert!(g("saturated_fat_g") + g("trans_fat_g") <= g("total_fat_g") + 1e-6);
                prop_assert!(g("added_sugars_g") <= g("total_sugars_g") + 1e-6);
                prop_assert!(
                    g("total_fat_g") + g("total_carbohydrate_g") + g("protein_g") + g("water_g")
                        <= 100.0 + 1e-6
                );
                prop_assert!(accepted.values().all(|v| *v >= 0.0));
            }
        }
    }
}
