//! Facts about one custom ingredient, and the fold that turns them into its state.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{payload, DecodeError};
use crate::NewEvent;

/// `ingredient_created` v1, v2 when it carries sub-ingredients, v3 when it names itself in
/// other languages. Nutrients and allergens are
/// stored by their API keys and codes, so the schema does not depend on the nutrition
/// crate's enums.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IngredientCreated {
    pub name: String,
    pub nutrients_per_100g: BTreeMap<String, f64>,
    #[serde(default)]
    pub allergens: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_per_unit: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// v2: its own ingredients, printed in parentheses after its name
    /// (21 CFR 101.4(b)(2)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub_ingredients: Option<Vec<String>>,
    /// v3: how it reads in a statement in each language (ISO 639-1 → name).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub label_names: BTreeMap<String, String>,
}

/// `ingredient_updated` v1: only the fields that changed; v2 when it also clears fields; v3
/// when it sets sub-ingredients; v4 when it sets its names in other languages. `nutrients_per_100g`, `allergens` and `sub_ingredients`,
/// when present, replace the whole value (an empty `sub_ingredients` removes them).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct IngredientUpdated {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nutrients_per_100g: Option<BTreeMap<String, f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allergens: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_per_unit: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// v2 (written only when not empty): fields reset to none (`null` in a `PUT`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cleared: Vec<IngredientField>,
    /// v3 (written only when set): the new sub-ingredients; empty removes them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub_ingredients: Option<Vec<String>>,
    /// v4 (written only when set): its names in other languages, anew; empty removes them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_names: Option<BTreeMap<String, String>>,
}

/// An optional ingredient field an `ingredient_updated` v2 resets to none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IngredientField {
    /// Back to the name on labels.
    LabelName,
    /// No cost.
    CostPerUnit,
    /// No cost unit.
    Unit,
}

impl IngredientUpdated {
    /// Whether the change can alter any label that uses the ingredient.
    pub fn affects_labels(&self) -> bool {
        self.name.is_some()
            || self.nutrients_per_100g.is_some()
            || self.allergens.is_some()
            || self.label_name.is_some()
            || self.sub_ingredients.is_some()
            || self.label_names.is_some()
            || self.cleared.contains(&IngredientField::LabelName)
    }
}

/// Facts about one custom ingredient.
#[derive(Debug, Clone, PartialEq)]
pub enum IngredientEvent {
    Created(IngredientCreated),
    Updated(IngredientUpdated),
    Archived,
    Unarchived,
    Deleted,
}

impl IngredientEvent {
    /// The frozen `(event_type, schema_version)` this event is written as.
    pub fn kind(&self) -> (&'static str, i16) {
        match self {
            Self::Created(e) => (
                "ingredient_created",
                if !e.label_names.is_empty() {
                    3
                } else if e.sub_ingredients.is_some() {
                    2
                } else {
                    1
                },
            ),
            Self::Updated(e) => (
                "ingredient_updated",
                if e.label_names.is_some() {
                    4
                } else if e.sub_ingredients.is_some() {
                    3
                } else if e.cleared.is_empty() {
                    1
                } else {
                    2
                },
            ),
            Self::Archived => ("ingredient_archived", 1),
            Self::Unarchived => ("ingredient_unarchived", 1),
            Self::Deleted => ("ingredient_deleted", 1),
        }
    }

    /// The JSON payload stored for this event.
    pub fn payload(&self) -> Value {
        let encoded = match self {
            Self::Created(e) => serde_json::to_value(e),
            Self::Updated(e) => serde_json::to_value(e),
            Self::Archived | Self::Unarchived | Self::Deleted => {
                Ok(Value::Object(Default::default()))
            }
        };
        encoded.unwrap_or(Value::Null)
    }

    /// Ready to append.
    pub fn to_new_event(&self) -> NewEvent {
        NewEvent::new(self.kind(), self.payload())
    }

    /// Covers every pair ever written; old shapes are upcast here and nowhere else.
    pub fn decode(event_type: &str, version: i16, data: Value) -> Result<Self, DecodeError> {
        Ok(match (event_type, version) {
            // Each later version adds an optional member: one struct reads them all.
            ("ingredient_created", 1..=3) => Self::Created(payload(event_type, version, data)?),
            ("ingredient_updated", 1..=4) => Self::Updated(payload(event_type, version, data)?),
            ("ingredient_archived", 1) => Self::Archived,
            ("ingredient_unarchived", 1) => Self::Unarchived,
            ("ingredient_deleted", 1) => Self::Deleted,
            _ => {
                return Err(DecodeError::Unknown {
                    event_type: event_type.to_owned(),
                    schema_version: version,
                })
            }
        })
    }
}

/// The state of a custom ingredient after folding its events.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct IngredientState {
    pub version: i64,
    pub name: String,
    pub nutrients_per_100g: BTreeMap<String, f64>,
    pub allergens: Vec<String>,
    pub label_name: Option<String>,
    pub cost_per_unit: Option<f64>,
    pub unit: Option<String>,
    pub archived: bool,
    pub deleted: bool,
    /// Its own ingredients (empty: none given).
    pub sub_ingredients: Vec<String>,
    /// Its names in other languages (ISO 639-1 → name).
    pub label_names: BTreeMap<String, String>,
}

impl IngredientState {
    /// Whether the ingredient exists and is not deleted.
    pub fn is_live(&self) -> bool {
        self.version > 0 && !self.deleted
    }

    /// Applies one event. Pure and total.
    pub fn evolve(mut self, event: &IngredientEvent) -> Self {
        self.version += 1;
        match event {
            IngredientEvent::Created(e) => {
                self.name = e.name.clone();
                self.nutrients_per_100g = e.nutrients_per_100g.clone();
                self.allergens = e.allergens.clone();
                self.label_name = e.label_name.clone();
                self.cost_per_unit = e.cost_per_unit;
                self.unit = e.unit.clone();
                self.sub_ingredients = e.sub_ingredients.clone().unwrap_or_default();
                self.label_names = e.label_names.clone();
            }
            IngredientEvent::Updated(e) => {
                if let Some(v) = &e.name {
                    self.name = v.clone();
                }
                if let Some(v) = &e.nutrients_per_100g {
                    self.nutrients_per_100g = v.clone();
                }
                if let Some(v) = &e.allergens {
                    self.allergens = v.clone();
                }
                if let Some(v) = &e.label_name {
                    self.label_name = Some(v.clone());
                }
                if let Some(v) = e.cost_per_unit {
                    self.cost_per_unit = Some(v);
                }
                if let Some(v) = &e.unit {
                    self.unit = Some(v.clone());
                }
                if let Some(v) = &e.sub_ingredients {
                    self.sub_ingredients = v.clone();
                }
                if let Some(v) = &e.label_names {
                    self.label_names = v.clone();
                }
                for field in &e.cleared {
                    match field {
                        IngredientField::LabelName => self.label_name = None,
                        IngredientField::CostPerUnit => self.cost_per_unit = None,
                        IngredientField::Unit => self.unit = None,
                    }
                }
            }
            IngredientEvent::Archived => self.archived = true,
            IngredientEvent::Unarchived => self.archived = false,
            IngredientEvent::Deleted => self.deleted = true,
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_decodes_from_what_it_encodes() {
        let events = [
            IngredientEvent::Created(IngredientCreated {
                label_names: Default::default(),
                name: "Almond paste".into(),
                nutrients_per_100g: BTreeMap::from([("calories".into(), 458.0)]),
                allergens: vec!["tree_nuts".into()],
                label_name: None,
                cost_per_unit: Some(12.5),
                unit: Some("kg".into()),
                sub_ingredients: None,
            }),
            IngredientEvent::Updated(IngredientUpdated {
                name: Some("Marzipan".into()),
                ..Default::default()
            }),
            IngredientEvent::Archived,
            IngredientEvent::Unarchived,
            IngredientEvent::Deleted,
        ];
        for event in events {
            let (kind, version) = event.kind();
            assert_eq!(
                IngredientEvent::decode(kind, version, event.payload()).ok(),
                Some(event)
            );
        }
    }

    #[test]
    fn sub_ingredients_make_new_versions_and_old_payloads_still_read() {
        let created = IngredientEvent::Created(IngredientCreated {
            label_names: Default::default(),
            name: "Chocolate chips".into(),
            nutrients_per_100g: BTreeMap::new(),
            allergens: vec!["milk".into()],
            label_name: None,
            cost_per_unit: None,
            unit: None,
            sub_ingredients: Some(vec!["sugar".into(), "chocolate".into()]),
        });
        assert_eq!(created.kind(), ("ingredient_created", 2));
        let back = IngredientEvent::decode("ingredient_created", 2, created.payload()).ok();
        assert_eq!(back.as_ref(), Some(&created));
        let state = IngredientState::default().evolve(&created);
        assert_eq!(state.sub_ingredients, ["sugar", "chocolate"]);
        let removed = IngredientEvent::Updated(IngredientUpdated {
            sub_ingredients: Some(Vec::new()),
            ..Default::default()
        });
        assert_eq!(removed.kind(), ("ingredient_updated", 3));
        assert!(state.evolve(&removed).sub_ingredients.is_empty());
        // A v1 payload as written before sub-ingredients existed.
        let v1 = serde_json::json!({"name": "Salt", "nutrients_per_100g": {"sodium_mg": 38758.0}});
        match IngredientEvent::decode("ingredient_created", 1, v1) {
            Ok(IngredientEvent::Created(e)) => assert_eq!(e.sub_ingredients, None),
            other => panic!("v1 must read: {other:?}"),
        }
    }

    #[test]
    fn names_by_language_make_new_versions_and_older_payloads_read_without_them() {
        let names = BTreeMap::from([("de".to_string(), "Zucker".to_string())]);
        let created = IngredientEvent::Created(IngredientCreated {
            label_names: names.clone(),
            name: "Sugar".into(),
            nutrients_per_100g: BTreeMap::new(),
            allergens: Vec::new(),
            label_name: None,
            cost_per_unit: None,
            unit: None,
            sub_ingredients: Some(vec!["cane sugar".into()]),
        });
        assert_eq!(created.kind(), ("ingredient_created", 3));
        let back = IngredientEvent::decode("ingredient_created", 3, created.payload()).ok();
        assert_eq!(back.as_ref(), Some(&created));
        let state = IngredientState::default().evolve(&created);
        assert_eq!(state.label_names, names);
        let removed = IngredientEvent::Updated(IngredientUpdated {
            label_names: Some(BTreeMap::new()),
            ..Default::default()
        });
        assert_eq!(removed.kind(), ("ingredient_updated", 4));
        let back = IngredientEvent::decode("ingredient_updated", 4, removed.payload()).ok();
        assert_eq!(back.as_ref(), Some(&removed));
        assert!(state.evolve(&removed).label_names.is_empty());
        let v2 = serde_json::json!({"name": "Salt", "nutrients_per_100g": {}, "sub_ingredients": ["salt"]});
        match IngredientEvent::decode("ingredient_created", 2, v2) {
            Ok(IngredientEvent::Created(e)) => assert!(e.label_names.is_empty()),
            other => panic!("v2 must read: {other:?}"),
        }
    }
}
