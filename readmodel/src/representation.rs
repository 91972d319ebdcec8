//! The JSON representations of recipes and ingredients (API_DECISIONS §3, §5).
//!
//! Members are declared in alphabetical order, the order the API has always sent them in
//! (they were built as JSON objects, whose keys serialise sorted), so the bytes a client
//! sees do not change. They also read back: a create's response is stored with its
//! `Idempotency-Key` and replayed from storage.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::label_json::LabelJson;
use crate::views::{IngredientRow, RecipeRow};

/// A recipe as the API returns it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = Recipe)]
pub struct RecipeRepr {
    pub archived: bool,
    /// Cost of the recipe when every ingredient has one, else null.
    pub cost: Option<f64>,
    pub created_at: DateTime<Utc>,
    /// The live embed's snippets, while it is enabled.
    pub embed: Option<EmbedRepr>,
    /// Whether the live embed is on (Professional or Business plan).
    pub embed_enabled: bool,
    #[schema(pattern = "^rcp_")]
    pub id: String,
    /// The resolved lines, as stored.
    #[schema(value_type = Vec<crate::derive::ResolvedLine>)]
    pub ingredients: Value,
    /// The computed label; null when it cannot be computed (see `label_error`).
    #[schema(value_type = Option<nls_nutrition::Label>)]
    pub label: Option<LabelJson>,
    /// Why there is no label, when there is none: `{code, message}`, `code` one of the
    /// error codes (e.g. `recipe_too_large` for a recipe stored before the size limits).
    /// Rows written before `code` existed carry only `message`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub label_error: Option<Value>,
    /// The engine and rules edition that computed the label (`engine 0.1.0; rules
    /// 3f9a1c2b7d10`): the engine's version and a digest of every data file a label
    /// depends on. With `?version=N`, the edition of the label version N was given when it
    /// was written. Absent for labels stored before editions were recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_edition: Option<String>,
    /// The format the label is computed in: an id or alias of `GET /v1/formats`, or
    /// `us.auto` (the first US layout the `package` allows, in FDA's order of preference).
    #[schema(examples("standard", "eu-1169"))]
    pub label_format: String,
    pub name: String,
    pub serving_size_text: Option<String>,
    /// Grams per serving: as given, or total ingredient grams / servings.
    pub serving_weight_g: Option<f64>,
    pub servings: f64,
    pub updated_at: DateTime<Utc>,
    /// Events in the recipe's stream; 1 after create.
    #[schema(minimum = 1)]
    pub version: i64,
    /// The package the label is for, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<nls_nutrition::package::Package>)]
    pub package: Option<nls_events::recipe::PackageFacts>,
    /// What preparing the recipe adds, `{"ingredients": [...]}`, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub prepared: Option<Value>,
    /// Voluntary front-of-pack schemes the label carries, when any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub front_of_pack: Vec<String>,
    /// What those schemes need that the recipe does not hold, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<nls_nutrition::fop::Facts>)]
    pub front_of_pack_facts: Option<nls_events::recipe::FrontOfPackFacts>,
    /// Voluntary nutrients the label declares, when any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub voluntary_nutrients: Vec<String>,
}

/// The live embed's snippets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = Embed)]
pub struct EmbedRepr {
    pub iframe: String,
    pub script: String,
    #[schema(pattern = "^emb_")]
    pub token: String,
}

/// An ingredient as the API returns it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = Ingredient)]
pub struct IngredientRepr {
    /// Allergen codes, species as `code:species`.
    pub allergens: Vec<String>,
    pub archived: bool,
    pub cost_per_unit: Option<f64>,
    pub created_at: DateTime<Utc>,
    #[schema(pattern = "^ing_")]
    pub id: String,
    pub label_name: Option<String>,
    pub name: String,
    /// Numbers per 100 g keyed by label nutrient (`calories`, `total_fat_g`, `sodium_mg`,
    /// ...; the keys of the ingredient's create body).
    pub nutrients_per_100g: BTreeMap<String, f64>,
    /// Its own ingredients, printed in parentheses after its name; absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sub_ingredients: Vec<String>,
    /// Its names in other languages (ISO 639-1 → name); absent when none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub label_names: BTreeMap<String, String>,
    pub unit: Option<String>,
    pub updated_at: DateTime<Utc>,
    /// Events in the ingredient's stream; 1 after create.
    #[schema(minimum = 1)]
    pub version: i64,
}

/// The recipe as the API returns it. `site_url` builds the embed snippets. Takes the row:
/// its label and lines move into the response instead of being copied (a create's label is
/// a few KB of JSON tree).
pub fn recipe(row: RecipeRow, site_url: &str) -> RecipeRepr {
    let RecipeRow {
        recipe_id,
        state,
        label,
        label_error,
        label_edition,
        ingredients,
        cost,
        created_at,
        updated_at,
        ..
    } = row;
    let serving_weight_g = state.serving_weight_g.or_else(|| {
        let total: f64 = state.ingredients.iter().map(|l| l.grams).sum();
        (state.servings > 0.0).then(|| total / state.servings)
    });
    let embed = state.embed_token.as_ref().map(|token| EmbedRepr {
        token: token.clone(),
        script: format!(
            "<script src=\"{site_url}/embed.js\" data-label=\"{token}\" data-width=\"290\"></script>"
        ),
        iframe: format!(
            "<iframe src=\"{site_url}/embed/{token}\" width=\"290\" height=\"560\" frameborder=\"0\" title=\"Nutrition Facts\"></iframe>"
        ),
    });
    let prepared =
        (!state.prepared.is_empty()).then(|| serde_json::json!({ "ingredients": state.prepared }));
    RecipeRepr {
        id: recipe_id,
        name: state.name,
        servings: state.servings,
        serving_weight_g,
        serving_size_text: state.serving_size_text,
        label_format: state.label_format,
        ingredients,
        label,
        label_error,
        label_edition,
        embed_enabled: embed.is_some(),
        embed,
        archived: state.archived,
        cost,
        version: state.version,
        created_at,
        updated_at,
        package: state.package,
        prepared,
        front_of_pack: state.front_of_pack,
        front_of_pack_facts: state.front_of_pack_facts,
        voluntary_nutrients: state.voluntary_nutrients,
    }
}

/// The ingredient as the API returns it.
pub fn ingredient(row: &IngredientRow) -> IngredientRepr {
    let state = &row.state;
    IngredientRepr {
        id: row.ingredient_id.clone(),
        name: state.name.clone(),
        nutrients_per_100g: state.nutrients_per_100g.clone(),
        allergens: state.allergens.clone(),
        label_name: state.label_name.clone(),
        cost_per_unit: state.cost_per_unit,
        unit: state.unit.clone(),
        sub_ingredients: state.sub_ingredients.clone(),
        label_names: state.label_names.clone(),
        archived: state.archived,
        version: state.version,
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

#[cfg(test)]
mod tests {
    use nls_events::recipe::IngredientLine;
    use nls_events::{IngredientState, RecipeState};
    use serde_json::json;
    use uuid::Uuid;

    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .expect("literal")
            .with_timezone(&Utc)
    }

    fn recipe_row() -> RecipeRow {
        RecipeRow {
            recipe_id: "rcp_1".into(),
            account_id: Uuid::nil(),
            state: RecipeState {
                version: 3,
                name: "Oat bar".into(),
                servings: 4.0,
                label_format: "standard".into(),
                embed_token: Some("emb_x".into()),
                ingredients: vec![IngredientLine {
                    label_names: Default::default(),
                    added_nutrients: Default::default(),
                    ingredient_id: "fooddb:1".into(),
                    name: "oats".into(),
                    label_name: None,
                    grams: 100.0,
                    nutrients: None,
                }],
                ..Default::default()
            },
            label: None,
            label_error: Some(json!({"code": "recipe_cycle", "message": "m"})),
            label_edition: None,
            ingredients: json!([{"grams": 100.0}]),
            cost: None,
            created_at: at("2026-01-02T03:04:05.123456Z"),
            updated_at: at("2026-01-02T03:04:06Z"),
        }
    }

    /// The members, their order and their values are those of the JSON object the API
    /// sent before the representation was typed; and what is sent reads back the same.
    #[test]
    fn a_recipe_serialises_as_it_always_has_and_reads_back() {
        let repr = recipe(recipe_row(), "https://x.test");
        let text = serde_json::to_string(&repr).expect("serialised");
        let before = json!({
            "id": "rcp_1",
            "name": "Oat bar",
            "servings": 4.0,
            "serving_weight_g": 25.0,
            "serving_size_text": null,
            "label_format": "standard",
            "ingredients": [{"grams": 100.0}],
            "label": null,
            "embed_enabled": true,
            "embed": {
                "token": "emb_x",
                "script": "<script src=\"https://x.test/embed.js\" data-label=\"emb_x\" data-width=\"290\"></script>",
                "iframe": "<iframe src=\"https://x.test/embed/emb_x\" width=\"290\" height=\"560\" frameborder=\"0\" title=\"Nutrition Facts\"></iframe>",
            },
            "archived": false,
            "cost": null,
            "version": 3,
            "created_at": "2026-01-02T03:04:05.123456Z",
            "updated_at": "2026-01-02T03:04:06Z",
            "label_error": {"code": "recipe_cycle", "message": "m"},
        });
        assert_eq!(text, before.to_string());
        let read: RecipeRepr = serde_json::from_str(&text).expect("read back");
        assert_eq!(read, repr);
    }

    #[test]
    fn a_recipe_with_a_label_has_no_label_error_member() {
        let mut row = recipe_row();
        row.label_error = None;
        row.label = Some(json!({"format": "standard"}).into());
        let value = serde_json::to_value(recipe(row, "")).expect("serialised");
        assert!(value.get("label_error").is_none());
        assert_eq!(value["label"], json!({"format": "standard"}));
    }

    #[test]
    fn an_ingredient_serialises_as_it_always_has() {
        let row = IngredientRow {
            ingredient_id: "ing_1".into(),
            account_id: Uuid::nil(),
            state: IngredientState {
                version: 1,
                name: "Oat paste".into(),
                nutrients_per_100g: BTreeMap::from([("protein_g".into(), 10.0)]),
                allergens: vec!["wheat".into()],
                unit: Some("kg".into()),
                cost_per_unit: Some(2.5),
                ..Default::default()
            },
            created_at: at("2026-01-02T03:04:05Z"),
            updated_at: at("2026-01-02T03:04:05Z"),
        };
        let before = json!({
            "id": "ing_1",
            "name": "Oat paste",
            "nutrients_per_100g": {"protein_g": 10.0},
            "allergens": ["wheat"],
            "label_name": null,
            "cost_per_unit": 2.5,
            "unit": "kg",
            "archived": false,
            "version": 1,
            "created_at": "2026-01-02T03:04:05Z",
            "updated_at": "2026-01-02T03:04:05Z",
        });
        let text = serde_json::to_string(&ingredient(&row)).expect("serialised");
        assert_eq!(text, before.to_string());
    }
}
