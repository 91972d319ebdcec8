//! The JSON representations of recipes and ingredients (API_DECISIONS §3, §5).

use serde_json::{json, Value};

use crate::views::{IngredientRow, RecipeRow};

/// The recipe as the API returns it. `site_url` builds the embed snippets.
pub fn recipe(row: &RecipeRow, site_url: &str) -> Value {
    let state = &row.state;
    let serving_weight_g = state.serving_weight_g.or_else(|| {
        let total: f64 = state.ingredients.iter().map(|l| l.grams).sum();
        (state.servings > 0.0).then(|| total / state.servings)
    });
    let embed = state.embed_token.as_ref().map(|token| {
        json!({
            "token": token,
            "script": format!(
                "<script src=\"{site_url}/embed.js\" data-label=\"{token}\" data-width=\"290\"></script>"
            ),
            "iframe": format!(
                "<iframe src=\"{site_url}/embed/{token}\" width=\"290\" height=\"560\" frameborder=\"0\" title=\"Nutrition Facts\"></iframe>"
            ),
        })
    });
    let mut body = json!({
        "id": row.recipe_id,
        "name": state.name,
        "servings": state.servings,
        "serving_weight_g": serving_weight_g,
        "serving_size_text": state.serving_size_text,
        "label_format": state.label_format,
        "ingredients": row.ingredients,
        "label": row.label,
        "embed_enabled": embed.is_some(),
        "embed": embed,
        "archived": state.archived,
        "cost": row.cost,
        "version": state.version,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
    });
    if let (Some(problem), Some(object)) = (&row.label_error, body.as_object_mut()) {
        object.insert("label_error".into(), problem.clone());
    }
    body
}

/// The ingredient as the API returns it.
pub fn ingredient(row: &IngredientRow) -> Value {
    let state = &row.state;
    json!({
        "id": row.ingredient_id,
        "name": state.name,
        "nutrients_per_100g": state.nutrients_per_100g,
        "allergens": state.allergens,
        "label_name": state.label_name,
        "cost_per_unit": state.cost_per_unit,
        "unit": state.unit,
        "archived": state.archived,
        "version": state.version,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
    })
}
