//! What a label may take beyond a recipe's own fields (API additions, all optional): the
//! `package` (which layouts it allows and requires, and the RACC claims use), what preparing
//! the food adds (`prepared`, for the as-packaged / as-prepared label, 21 CFR 101.9(e)), and
//! the foods of a variety pack (`foods`, for the aggregate label, 101.9(d)(13)(ii)). Their
//! request shapes and field rules live here; `/v1/analyze` and the recipe writes share them.

use nls_nutrition::package::Package;
use nls_web::ApiError;
use serde::Deserialize;

use crate::requests::{validate_entries_at, EntryBody, RecipeBody, RecipeChange};
use crate::resolve::Entry;

/// Most foods an aggregate request names.
pub const MAX_FOODS: usize = nls_nutrition::compute::MAX_FOODS;

/// `prepared`: what preparing the whole recipe adds (milk and eggs for a mix), as entries
/// like the recipe's own `ingredients`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PreparedBody {
    #[schema(min_items = 1, max_items = 200)]
    pub ingredients: Vec<EntryBody>,
}

impl PreparedBody {
    /// Checks the entries (1 to 200, each with an id or a name and positive grams).
    pub fn validate(self) -> Result<Vec<Entry>, ApiError> {
        validate_entries_at("prepared.ingredients", self.ingredients)
    }
}

/// One food of a variety pack: a stored recipe by `recipe_id` (its `name` may be given to
/// head the column), or a recipe's fields.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FoodBody {
    pub recipe_id: Option<String>,
    pub name: Option<String>,
    pub servings: Option<f64>,
    pub serving_weight_g: Option<f64>,
    pub serving_size_text: Option<String>,
    pub ingredients: Option<Vec<EntryBody>>,
}

/// A validated food: a stored recipe, or its name and recipe fields.
#[derive(Debug, Clone, PartialEq)]
pub enum FoodChange {
    /// A stored recipe of the account, with the name that heads its column when given.
    Stored {
        recipe_id: String,
        name: Option<String>,
    },
    /// A recipe given in the request.
    Given {
        name: String,
        change: Box<RecipeChange>,
    },
}

/// Checks `foods` (2 to [`MAX_FOODS`], each a `recipe_id` or a recipe by a recipe's rules);
/// messages name `foods[i].<field>`.
pub fn validate_foods(foods: Vec<FoodBody>) -> Result<Vec<FoodChange>, ApiError> {
    if !(2..=MAX_FOODS).contains(&foods.len()) {
        return Err(ApiError::validation(
            "foods",
            format!("must have 2 to {MAX_FOODS} foods, one per column of the aggregate label"),
        ));
    }
    foods
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            // The recipe rules name `servings`; the request's field is `foods[i].servings`.
            let at = |e: ApiError| match e {
                ApiError::Client { message, .. } => {
                    let (field, problem) = message.split_once(": ").unwrap_or(("", &message));
                    ApiError::validation(&format!("foods[{i}].{field}"), problem)
                }
                internal => internal,
            };
            let name = f
                .name
                .map(|n| {
                    RecipeBody {
                        name: Some(n),
                        ..RecipeBody::default()
                    }
                    .validate(false)
                    .map(|c| c.name.unwrap_or_default())
                })
                .transpose()
                .map_err(at)?;
            if let Some(recipe_id) = f.recipe_id {
                let given = [
                    ("servings", f.servings.is_some()),
                    ("serving_weight_g", f.serving_weight_g.is_some()),
                    ("serving_size_text", f.serving_size_text.is_some()),
                    ("ingredients", f.ingredients.is_some()),
                ];
                if let Some((field, _)) = given.iter().find(|(_, present)| *present) {
                    return Err(ApiError::validation(
                        &format!("foods[{i}].{field}"),
                        "a food given by recipe_id takes its fields from the recipe",
                    ));
                }
                if !recipe_id.starts_with("rcp_") || recipe_id.len() > 200 {
                    return Err(ApiError::validation(
                        &format!("foods[{i}].recipe_id"),
                        "must be a recipe id (rcp_...)",
                    ));
                }
                return Ok(FoodChange::Stored { recipe_id, name });
            }
            let (Some(name), Some(servings), Some(ingredients)) = (name, f.servings, f.ingredients)
            else {
                return Err(ApiError::validation(
                    &format!("foods[{i}]"),
                    "needs recipe_id, or name, servings and ingredients",
                ));
            };
            let ingredients = validate_entries_at(&format!("foods[{i}].ingredients"), ingredients)?;
            let change = RecipeBody {
                name: Some(name.clone()),
                servings: Some(servings),
                serving_weight_g: f.serving_weight_g.map(Some),
                serving_size_text: f.serving_size_text.map(Some),
                ..RecipeBody::default()
            }
            .validate(false)
            .map_err(at)?;
            Ok(FoodChange::Given {
                name,
                change: Box::new(RecipeChange {
                    entries: Some(ingredients),
                    ..change
                }),
            })
        })
        .collect()
}

/// Checks a `package` (positive numbers, a known RACC category).
pub fn validate_package(package: &Package) -> Result<(), ApiError> {
    package
        .validate()
        .map_err(|e| ApiError::validation(&e.field, e.message))
}

/// The engine's package from the one a recipe recorded.
pub fn package_of(p: &nls_events::recipe::PackageFacts) -> Package {
    Package {
        label_area_in2: p.label_area_in2,
        vertical_space_in: p.vertical_space_in,
        racc_category: p.racc_category.clone(),
        net_quantity_g: p.net_quantity_g,
        net_quantity_ml: p.net_quantity_ml,
    }
}

/// The front-of-pack facts a recipe records, from the engine's (checked) facts: the same
/// fields, so one JSON form serves both.
pub fn facts_record(
    facts: nls_nutrition::fop::Facts,
) -> Result<nls_events::recipe::FrontOfPackFacts, ApiError> {
    serde_json::to_value(facts)
        .and_then(serde_json::from_value)
        .map_err(ApiError::internal)
}

/// The engine's facts from those a recipe recorded. A recorded value the engine no longer
/// reads (a category since renamed) is left out rather than failing the label: the result
/// then lists it as missing.
pub fn facts_of(recorded: &nls_events::recipe::FrontOfPackFacts) -> nls_nutrition::fop::Facts {
    let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(recorded) else {
        return nls_nutrition::fop::Facts::default();
    };
    let mut facts = serde_json::Map::new();
    for (name, value) in fields {
        let mut one = serde_json::Map::new();
        one.insert(name.clone(), value.clone());
        if serde_json::from_value::<nls_nutrition::fop::Facts>(serde_json::Value::Object(one))
            .is_ok()
        {
            facts.insert(name, value);
        }
    }
    serde_json::from_value(serde_json::Value::Object(facts)).unwrap_or_default()
}
