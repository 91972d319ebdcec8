//! Request bodies of the write endpoints and their field rules (API_DECISIONS §3, §5).

use std::collections::BTreeMap;

use nls_events::ingredient::IngredientField;
use nls_events::recipe::RecipeField;
use nls_nutrition::{Allergen, Nutrient};
use nls_projector::resolve::Entry;
use nls_web::{ApiError, JsonFields};
use serde::{Deserialize, Deserializer};

const MAX_GRAMS: f64 = 1_000_000.0;
const MAX_SERVINGS: f64 = 100_000.0;

/// Fields of a recipe representation a client may send back; they are ignored.
const RECIPE_READ_ONLY: &[&str] = &[
    "id",
    "label",
    "label_error",
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
#[derive(Debug, Default, Deserialize)]
pub struct RecipeBody {
    pub name: Option<String>,
    pub servings: Option<f64>,
    #[serde(default, deserialize_with = "nullable")]
    pub serving_weight_g: Option<Option<f64>>,
    #[serde(default, deserialize_with = "nullable")]
    pub serving_size_text: Option<Option<String>>,
    pub label_format: Option<String>,
    pub ingredients: Option<Vec<EntryBody>>,
    pub embed_enabled: Option<bool>,
    pub archived: Option<bool>,
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
    ];
    const IGNORED: &'static [&'static str] = RECIPE_READ_ONLY;
}

/// One recipe entry as sent.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryBody {
    pub ingredient_id: Option<String>,
    pub name: Option<String>,
    pub label_name: Option<String>,
    pub grams: f64,
    /// Read-only in representations; accepted so a representation can be sent back.
    #[serde(default, rename = "resolved_name")]
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
        Ok(RecipeChange {
            name,
            servings,
            serving_weight_g,
            serving_size_text,
            label_format: self.label_format,
            entries,
            embed_enabled: self.embed_enabled,
            archived: self.archived,
            cleared,
        })
    }
}

fn validate_entries(entries: Vec<EntryBody>) -> Result<Vec<Entry>, ApiError> {
    if entries.is_empty() || entries.len() > 200 {
        return Err(ApiError::validation(
            "ingredients",
            "must have 1 to 200 entries",
        ));
    }
    entries
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let field = |f: &str| format!("ingredients[{i}].{f}");
            if e.ingredient_id.is_none() && e.name.is_none() {
                return Err(ApiError::validation(
                    &format!("ingredients[{i}]"),
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
            })
        })
        .collect()
}

/// `POST /v1/ingredients` and `PUT /v1/ingredients/{id}`. `null` for an optional field
/// clears it.
#[derive(Debug, Default, Deserialize)]
pub struct IngredientBody {
    pub name: Option<String>,
    pub nutrients_per_100g: Option<BTreeMap<String, f64>>,
    pub allergens: Option<Vec<String>>,
    #[serde(default, deserialize_with = "nullable")]
    pub label_name: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    pub cost_per_unit: Option<Option<f64>>,
    #[serde(default, deserialize_with = "nullable")]
    pub unit: Option<Option<String>>,
    pub archived: Option<bool>,
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
        let allergens = self
            .allergens
            .map(|list| {
                let mut codes = Vec::with_capacity(list.len());
                for code in list {
                    let allergen = Allergen::from_code(&code).ok_or_else(|| {
                        ApiError::validation(
                            "allergens",
                            format!(
                                "unknown allergen {:?}; use one of {}",
                                code.chars().take(40).collect::<String>(),
                                Allergen::ALL.map(Allergen::code).join(", ")
                            ),
                        )
                    })?;
                    codes.push(allergen);
                }
                codes.sort();
                codes.dedup();
                Ok::<_, ApiError>(codes.into_iter().map(|a| a.code().to_owned()).collect())
            })
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
                if nls_projector::derive::grams_per_unit(&u).is_some() {
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
        })
    }
}

fn validate_nutrients(map: BTreeMap<String, f64>) -> Result<BTreeMap<String, f64>, ApiError> {
    for (key, value) in &map {
        let field = format!(
            "nutrients_per_100g.{}",
            key.chars().take(60).collect::<String>()
        );
        let Some(nutrient) = Nutrient::from_key(key) else {
            return Err(ApiError::new(
                nls_web::ErrorCode::UnknownField,
                format!("{field}: not a nutrient key"),
            )
            .with_details(
                serde_json::json!([{ "field": field, "problem": "not a nutrient key" }]),
            ));
        };
        let max = nutrient_ceiling(key);
        non_negative(&field, *value, max)?;
        let _ = nutrient;
    }
    let macro_grams: f64 = ["total_fat_g", "total_carbohydrate_g", "protein_g"]
        .iter()
        .filter_map(|k| map.get(*k))
        .sum();
    if macro_grams > 100.0 + 1e-9 {
        return Err(ApiError::validation(
            "nutrients_per_100g",
            "fat + carbohydrate + protein cannot exceed 100 g per 100 g",
        ));
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

fn text(field: &str, value: String, min: usize, max: usize) -> Result<String, ApiError> {
    let trimmed = value.trim();
    let len = trimmed.chars().count();
    if len < min || len > max {
        return Err(ApiError::validation(
            field,
            format!("must be {min} to {max} characters"),
        ));
    }
    if trimmed.chars().any(char::is_control) {
        return Err(ApiError::validation(
            field,
            "must not contain control characters",
        ));
    }
    Ok(trimmed.to_owned())
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
