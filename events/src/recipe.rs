//! Facts about one recipe, and the fold that turns them into its state.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{payload, DecodeError};
use crate::NewEvent;

/// One line of a recipe as recorded: what the entry resolved to when it was written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IngredientLine {
    /// `ing_…` (custom ingredient), `rcp_…` (sub-recipe) or `fooddb:<fdc id>`.
    pub ingredient_id: String,
    /// The name given by the client, or the resolved name when the entry came by id.
    pub name: String,
    /// How the line reads in the ingredient statement, when the client set it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_name: Option<String>,
    pub grams: f64,
    /// Amounts per 100 g (nutrient key -> amount) that override the ingredient's data for
    /// this line, e.g. `{"added_sugars_g": 3}` where the food table lacks them. Written
    /// only when given; a recipe event holding any is schema version 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nutrients: Option<BTreeMap<String, f64>>,
    /// Nutrient keys added to this line's ingredient as a nutrient supplement
    /// (fortification), which a US label must then declare (21 CFR 101.9(c)(8)(ii)).
    /// Written only when given; a recipe event holding any is schema version 6.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added_nutrients: Vec<String>,
    /// How the line reads in a statement in each language (ISO 639-1 → name), when the
    /// client set them. Written only when given; a recipe event holding any is schema
    /// version 7.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub label_names: BTreeMap<String, String>,
}

/// Whether any line carries nutrient overrides (which need schema version 3).
fn any_overrides(lines: &[IngredientLine]) -> bool {
    lines.iter().any(|l| l.nutrients.is_some())
}

/// Whether any line names itself in other languages (which needs schema version 7).
fn any_label_names(lines: &[IngredientLine]) -> bool {
    lines.iter().any(|l| !l.label_names.is_empty())
}

/// Whether any line marks nutrients as added (which needs schema version 6).
fn any_added(lines: &[IngredientLine]) -> bool {
    lines.iter().any(|l| !l.added_nutrients.is_empty())
}

/// The package a recipe's label is for, as the client described it (every field optional;
/// see `nls_nutrition::package`): the area available for labeling, the continuous vertical
/// space, the RACC category of 21 CFR 101.12(b) and the net quantity.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PackageFacts {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_area_in2: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vertical_space_in: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub racc_category: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net_quantity_g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub net_quantity_ml: Option<f64>,
}

/// What a recipe's front-of-pack schemes need and a recipe does not hold (see
/// `nls_nutrition::fop::Facts`, whose fields these are): recorded as given, validated by
/// the request rules before they are written.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FrontOfPackFacts {
    /// `solid` or `liquid`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub density_g_per_ml: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_sugars_g_per_100g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lactose_galactose_g_per_100g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fruit_vegetable_legume_pct: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub non_nutritive_sweeteners: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caffeine: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// v8: the critical nutrients added in making the product (`free_sugars`, `fats`,
    /// `sodium`); empty: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub added_critical_nutrients: Option<Vec<String>>,
    /// v8: the reference amount of Canada's Table of Reference Amounts, grams.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_amount_g: Option<f64>,
    /// v9: the package's principal display surface, cm² (sets the printed size of marks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub principal_display_area_cm2: Option<f64>,
}

/// Whether `facts` hold what only schema version 9 carries.
fn facts_v9(facts: Option<&FrontOfPackFacts>) -> bool {
    facts.is_some_and(|f| f.principal_display_area_cm2.is_some())
}

/// Whether `facts` hold what only schema version 8 carries.
fn facts_v8(facts: Option<&FrontOfPackFacts>) -> bool {
    facts.is_some_and(|f| f.added_critical_nutrients.is_some() || f.reference_amount_g.is_some())
}

/// `recipe_created` v1, or v2 when it also carries what a create may set beyond v1's
/// fields (the embed token, the archived flag), so that a create is always one event and
/// the new recipe is version 1; v3 when a line carries nutrient overrides; v4 when it
/// carries a package or what preparation adds; v5 when it names front-of-pack schemes or
/// their facts; v6 when it asks for voluntary nutrients or a line marks nutrients added; v7
/// when a line names itself in other languages; v8 when its front-of-pack facts say which
/// critical nutrients were added or give Canada's reference amount; v9 when they give the
/// package's principal display surface. Written as the lowest version that can hold it (each
/// version adds optional members to the one before).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecipeCreated {
    pub name: String,
    pub servings: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serving_weight_g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serving_size_text: Option<String>,
    pub label_format: String,
    pub ingredients: Vec<IngredientLine>,
    /// v2: the public embed token issued with the recipe.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub embed_token: Option<String>,
    /// v2: created archived.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub archived: bool,
    /// v4: the package the label is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub package: Option<PackageFacts>,
    /// v4: what preparing the recipe adds (the as-prepared column, 21 CFR 101.9(e)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prepared: Vec<IngredientLine>,
    /// v5: voluntary front-of-pack schemes the label carries besides its market's
    /// mandatory ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub front_of_pack: Vec<String>,
    /// v5: what those schemes need that the recipe does not hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub front_of_pack_facts: Option<FrontOfPackFacts>,
    /// v6: voluntary nutrients the label declares (nutrient keys).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub voluntary_nutrients: Vec<String>,
}

impl RecipeCreated {
    fn schema_version(&self) -> i16 {
        if facts_v9(self.front_of_pack_facts.as_ref()) {
            9
        } else if facts_v8(self.front_of_pack_facts.as_ref()) {
            8
        } else if any_label_names(&self.ingredients) || any_label_names(&self.prepared) {
            7
        } else if !self.voluntary_nutrients.is_empty()
            || any_added(&self.ingredients)
            || any_added(&self.prepared)
        {
            6
        } else if !self.front_of_pack.is_empty() || self.front_of_pack_facts.is_some() {
            5
        } else if self.package.is_some() || !self.prepared.is_empty() {
            4
        } else if any_overrides(&self.ingredients) {
            3
        } else if self.embed_token.is_some() || self.archived {
            2
        } else {
            1
        }
    }
}

/// An optional recipe field a `recipe_updated` v2 resets to its default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecipeField {
    /// Back to total weight / servings.
    ServingWeightG,
    /// Back to the weight in grams.
    ServingSizeText,
    /// v4: no package.
    Package,
    /// v4: nothing added by preparation.
    Prepared,
    /// v5: no voluntary front-of-pack schemes.
    FrontOfPack,
    /// v5: no front-of-pack facts.
    FrontOfPackFacts,
    /// v6: no voluntary nutrients asked for.
    VoluntaryNutrients,
}

/// `recipe_updated` v1: only the fields that changed; v2 when it also clears fields; v3
/// when a line carries nutrient overrides; v4 when it sets or clears the package or what
/// preparation adds; v5 when it sets or clears front-of-pack schemes or facts; v6 when it
/// sets or clears voluntary nutrients or a line marks nutrients added; v7 when a line names
/// itself in other languages; v8 when its front-of-pack facts say which critical nutrients
/// were added.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RecipeUpdated {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub servings: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serving_weight_g: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serving_size_text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_format: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ingredients: Option<Vec<IngredientLine>>,
    /// v2 (written only when not empty): fields reset to their defaults (`null` in a `PUT`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cleared: Vec<RecipeField>,
    /// v4: the new package.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub package: Option<PackageFacts>,
    /// v4: what preparation adds, anew.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prepared: Option<Vec<IngredientLine>>,
    /// v5: the voluntary front-of-pack schemes, anew.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub front_of_pack: Option<Vec<String>>,
    /// v5: the front-of-pack facts, anew.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub front_of_pack_facts: Option<FrontOfPackFacts>,
    /// v6: the voluntary nutrients asked for, anew.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voluntary_nutrients: Option<Vec<String>>,
}

impl RecipeUpdated {
    fn schema_version(&self) -> i16 {
        if facts_v9(self.front_of_pack_facts.as_ref()) {
            return 9;
        }
        if facts_v8(self.front_of_pack_facts.as_ref()) {
            return 8;
        }
        if self.ingredients.as_deref().is_some_and(any_label_names)
            || self.prepared.as_deref().is_some_and(any_label_names)
        {
            return 7;
        }
        let v6 = self.voluntary_nutrients.is_some()
            || self.cleared.contains(&RecipeField::VoluntaryNutrients)
            || self.ingredients.as_deref().is_some_and(any_added)
            || self.prepared.as_deref().is_some_and(any_added);
        if v6 {
            return 6;
        }
        let v5_cleared = self
            .cleared
            .iter()
            .any(|f| matches!(f, RecipeField::FrontOfPack | RecipeField::FrontOfPackFacts));
        if self.front_of_pack.is_some() || self.front_of_pack_facts.is_some() || v5_cleared {
            return 5;
        }
        let v4_cleared = self
            .cleared
            .iter()
            .any(|f| matches!(f, RecipeField::Package | RecipeField::Prepared));
        if self.package.is_some() || self.prepared.is_some() || v4_cleared {
            4
        } else if self.ingredients.as_deref().is_some_and(any_overrides) {
            3
        } else if self.cleared.is_empty() {
            1
        } else {
            2
        }
    }
}

/// `recipe_embed_enabled` v1: a new public embed token was issued.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmbedEnabled {
    pub token: String,
}

/// Facts about one recipe. A shipped `(event_type, schema_version)` payload never changes.
#[derive(Debug, Clone, PartialEq)]
pub enum RecipeEvent {
    Created(RecipeCreated),
    Updated(RecipeUpdated),
    Archived,
    Unarchived,
    EmbedEnabled(EmbedEnabled),
    EmbedDisabled,
    Deleted,
}

impl RecipeEvent {
    /// The frozen `(event_type, schema_version)` this event is written as.
    pub fn kind(&self) -> (&'static str, i16) {
        match self {
            Self::Created(e) => ("recipe_created", e.schema_version()),
            Self::Updated(e) => ("recipe_updated", e.schema_version()),
            Self::Archived => ("recipe_archived", 1),
            Self::Unarchived => ("recipe_unarchived", 1),
            Self::EmbedEnabled(_) => ("recipe_embed_enabled", 1),
            Self::EmbedDisabled => ("recipe_embed_disabled", 1),
            Self::Deleted => ("recipe_deleted", 1),
        }
    }

    /// The JSON payload stored for this event.
    pub fn payload(&self) -> Value {
        let encoded = match self {
            Self::Created(e) => serde_json::to_value(e),
            Self::Updated(e) => serde_json::to_value(e),
            Self::EmbedEnabled(e) => serde_json::to_value(e),
            Self::Archived | Self::Unarchived | Self::EmbedDisabled | Self::Deleted => {
                Ok(Value::Object(Default::default()))
            }
        };
        // Plain structs of strings and finite numbers always encode.
        encoded.unwrap_or(Value::Null)
    }

    /// Ready to append.
    pub fn to_new_event(&self) -> NewEvent {
        NewEvent::new(self.kind(), self.payload())
    }

    /// Covers every pair ever written; old shapes are upcast here and nowhere else.
    pub fn decode(event_type: &str, version: i16, data: Value) -> Result<Self, DecodeError> {
        Ok(match (event_type, version) {
            // v2 to v9 add optional members to v1 (v3, v6 and v7 to lines, v8 and v9 to the
            // facts): one struct reads them all.
            ("recipe_created", 1..=9) => Self::Created(payload(event_type, version, data)?),
            ("recipe_updated", 1..=9) => Self::Updated(payload(event_type, version, data)?),
            ("recipe_archived", 1) => Self::Archived,
            ("recipe_unarchived", 1) => Self::Unarchived,
            ("recipe_embed_enabled", 1) => Self::EmbedEnabled(payload(event_type, version, data)?),
            ("recipe_embed_disabled", 1) => Self::EmbedDisabled,
            ("recipe_deleted", 1) => Self::Deleted,
            _ => {
                return Err(DecodeError::Unknown {
                    event_type: event_type.to_owned(),
                    schema_version: version,
                })
            }
        })
    }
}

/// The state of a recipe after folding its events. `version` 0 means the stream is empty.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RecipeState {
    pub version: i64,
    pub name: String,
    pub servings: f64,
    pub serving_weight_g: Option<f64>,
    pub serving_size_text: Option<String>,
    pub label_format: String,
    pub ingredients: Vec<IngredientLine>,
    pub archived: bool,
    pub embed_token: Option<String>,
    pub deleted: bool,
    /// The package the label is for, when the client described one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub package: Option<PackageFacts>,
    /// What preparing the recipe adds (lines like `ingredients`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub prepared: Vec<IngredientLine>,
    /// Voluntary front-of-pack schemes the label carries.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub front_of_pack: Vec<String>,
    /// What the front-of-pack schemes need that the recipe does not hold.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub front_of_pack_facts: Option<FrontOfPackFacts>,
    /// Voluntary nutrients the label declares (nutrient keys).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub voluntary_nutrients: Vec<String>,
}

impl RecipeState {
    /// Whether the recipe exists and is not deleted.
    pub fn is_live(&self) -> bool {
        self.version > 0 && !self.deleted
    }

    /// Applies one event. Pure and total: events are facts, so nothing here can fail.
    pub fn evolve(mut self, event: &RecipeEvent) -> Self {
        self.version += 1;
        match event {
            RecipeEvent::Created(e) => {
                self.name = e.name.clone();
                self.servings = e.servings;
                self.serving_weight_g = e.serving_weight_g;
                self.serving_size_text = e.serving_size_text.clone();
                self.label_format = e.label_format.clone();
                self.ingredients = e.ingredients.clone();
                self.embed_token = e.embed_token.clone();
                self.archived = e.archived;
                self.package = e.package.clone();
                self.prepared = e.prepared.clone();
                self.front_of_pack = e.front_of_pack.clone();
                self.front_of_pack_facts = e.front_of_pack_facts.clone();
                self.voluntary_nutrients = e.voluntary_nutrients.clone();
            }
            RecipeEvent::Updated(e) => {
                if let Some(v) = &e.name {
                    self.name = v.clone();
                }
                if let Some(v) = e.servings {
                    self.servings = v;
                }
                if let Some(v) = e.serving_weight_g {
                    self.serving_weight_g = Some(v);
                }
                if let Some(v) = &e.serving_size_text {
                    self.serving_size_text = Some(v.clone());
                }
                if let Some(v) = &e.label_format {
                    self.label_format = v.clone();
                }
                if let Some(v) = &e.ingredients {
                    self.ingredients = v.clone();
                }
                if let Some(v) = &e.package {
                    self.package = Some(v.clone());
                }
                if let Some(v) = &e.prepared {
                    self.prepared = v.clone();
                }
                if let Some(v) = &e.front_of_pack {
                    self.front_of_pack = v.clone();
                }
                if let Some(v) = &e.front_of_pack_facts {
                    self.front_of_pack_facts = Some(v.clone());
                }
                if let Some(v) = &e.voluntary_nutrients {
                    self.voluntary_nutrients = v.clone();
                }
                for field in &e.cleared {
                    match field {
                        RecipeField::ServingWeightG => self.serving_weight_g = None,
                        RecipeField::ServingSizeText => self.serving_size_text = None,
                        RecipeField::Package => self.package = None,
                        RecipeField::Prepared => self.prepared = Vec::new(),
                        RecipeField::FrontOfPack => self.front_of_pack = Vec::new(),
                        RecipeField::FrontOfPackFacts => self.front_of_pack_facts = None,
                        RecipeField::VoluntaryNutrients => self.voluntary_nutrients = Vec::new(),
                    }
                }
            }
            RecipeEvent::Archived => self.archived = true,
            RecipeEvent::Unarchived => self.archived = false,
            RecipeEvent::EmbedEnabled(e) => self.embed_token = Some(e.token.clone()),
            RecipeEvent::EmbedDisabled => self.embed_token = None,
            RecipeEvent::Deleted => {
                self.deleted = true;
                self.embed_token = None;
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pancakes() -> RecipeCreated {
        RecipeCreated {
            voluntary_nutrients: Default::default(),
            name: "Pancakes".into(),
            servings: 4.0,
            serving_weight_g: None,
            serving_size_text: None,
            label_format: "standard".into(),
            ingredients: vec![IngredientLine {
                label_names: Default::default(),
                added_nutrients: Default::default(),
                ingredient_id: "fooddb:168894".into(),
                name: "flour".into(),
                label_name: None,
                grams: 200.0,
                nutrients: None,
            }],
            embed_token: None,
            archived: false,
            package: None,
            prepared: Vec::new(),
            front_of_pack: Vec::new(),
            front_of_pack_facts: None,
        }
    }

    #[test]
    fn front_of_pack_schemes_or_facts_make_v5_events_that_fold_and_clear() {
        let created = RecipeEvent::Created(RecipeCreated {
            front_of_pack: vec!["uk.fop.tl".into()],
            front_of_pack_facts: Some(FrontOfPackFacts {
                state: Some("liquid".into()),
                ..FrontOfPackFacts::default()
            }),
            ..pancakes()
        });
        assert_eq!(created.kind(), ("recipe_created", 5));
        let decoded = RecipeEvent::decode("recipe_created", 5, created.payload()).ok();
        assert_eq!(decoded.as_ref(), Some(&created));
        let state = RecipeState::default().evolve(&created);
        assert_eq!(state.front_of_pack, vec!["uk.fop.tl".to_string()]);
        let cleared = RecipeEvent::Updated(RecipeUpdated {
            cleared: vec![RecipeField::FrontOfPack, RecipeField::FrontOfPackFacts],
            ..RecipeUpdated::default()
        });
        assert_eq!(cleared.kind(), ("recipe_updated", 5));
        let state = state.evolve(&cleared);
        assert!(state.front_of_pack.is_empty() && state.front_of_pack_facts.is_none());
        // Without them a create stays at the version it had.
        assert_eq!(
            RecipeEvent::Created(pancakes()).kind(),
            ("recipe_created", 1)
        );
    }

    #[test]
    fn a_package_or_preparation_makes_v4_events_and_older_events_still_read() {
        let with_package = RecipeEvent::Created(RecipeCreated {
            package: Some(PackageFacts {
                racc_category: Some("bakery.cookies".into()),
                net_quantity_g: Some(60.0),
                ..PackageFacts::default()
            }),
            ..pancakes()
        });
        assert_eq!(with_package.kind(), ("recipe_created", 4));
        let decoded = RecipeEvent::decode("recipe_created", 4, with_package.payload()).ok();
        assert_eq!(decoded.as_ref(), Some(&with_package));
        // A v1 payload written before packages existed reads with none.
        let v1 = RecipeEvent::Created(pancakes()).payload();
        let old = RecipeEvent::decode("recipe_created", 1, v1).ok();
        assert!(matches!(
            old,
            Some(RecipeEvent::Created(RecipeCreated { package: None, .. }))
        ));
        let state = RecipeState::default().evolve(&with_package);
        assert_eq!(
            state.package.as_ref().and_then(|p| p.net_quantity_g),
            Some(60.0)
        );
        let clear = RecipeEvent::Updated(RecipeUpdated {
            cleared: vec![RecipeField::Package],
            ..RecipeUpdated::default()
        });
        assert_eq!(clear.kind(), ("recipe_updated", 4));
        let prepared = RecipeEvent::Updated(RecipeUpdated {
            prepared: Some(pancakes().ingredients),
            ..RecipeUpdated::default()
        });
        assert_eq!(prepared.kind(), ("recipe_updated", 4));
        let state = state.evolve(&clear).evolve(&prepared);
        assert_eq!((state.package, state.prepared.len()), (None, 1));
        assert_eq!(
            RecipeEvent::decode("recipe_updated", 4, clear.payload()).ok(),
            Some(clear)
        );
    }

    #[test]
    fn a_create_with_an_embed_is_one_v2_event_and_a_plain_one_stays_v1() {
        assert_eq!(
            RecipeEvent::Created(pancakes()).kind(),
            ("recipe_created", 1)
        );
        let embedded = RecipeEvent::Created(RecipeCreated {
            embed_token: Some("emb_x".into()),
            archived: true,
            ..pancakes()
        });
        assert_eq!(embedded.kind(), ("recipe_created", 2));
        let state = RecipeState::default().evolve(&embedded);
        assert_eq!(
            (state.version, state.embed_token.as_deref(), state.archived),
            (1, Some("emb_x"), true)
        );
        let decoded = RecipeEvent::decode("recipe_created", 2, embedded.payload()).ok();
        assert_eq!(decoded, Some(embedded));
    }

    #[test]
    fn an_update_that_clears_fields_is_v2() {
        let mut state = RecipeState::default().evolve(&RecipeEvent::Created(RecipeCreated {
            serving_weight_g: Some(50.0),
            serving_size_text: Some("1 bar".into()),
            ..pancakes()
        }));
        let clear = RecipeEvent::Updated(RecipeUpdated {
            cleared: vec![RecipeField::ServingWeightG, RecipeField::ServingSizeText],
            ..RecipeUpdated::default()
        });
        assert_eq!(clear.kind(), ("recipe_updated", 2));
        state = state.evolve(&clear);
        assert_eq!(
            (state.serving_weight_g, state.serving_size_text),
            (None, None)
        );
    }

    #[test]
    fn every_event_decodes_from_what_it_encodes() {
        let events = [
            RecipeEvent::Created(pancakes()),
            RecipeEvent::Updated(RecipeUpdated {
                servings: Some(8.0),
                ..Default::default()
            }),
            RecipeEvent::Archived,
            RecipeEvent::Unarchived,
            RecipeEvent::EmbedEnabled(EmbedEnabled {
                token: "emb_x".into(),
            }),
            RecipeEvent::EmbedDisabled,
            RecipeEvent::Deleted,
        ];
        for event in events {
            let (kind, version) = event.kind();
            let decoded = RecipeEvent::decode(kind, version, event.payload());
            assert_eq!(decoded.ok(), Some(event));
        }
    }

    #[test]
    fn an_update_changes_only_the_fields_it_names() {
        let state = RecipeState::default()
            .evolve(&RecipeEvent::Created(pancakes()))
            .evolve(&RecipeEvent::Updated(RecipeUpdated {
                servings: Some(8.0),
                ..Default::default()
            }));
        assert_eq!(state.version, 2);
        assert_eq!(state.servings, 8.0);
        assert_eq!(state.name, "Pancakes");
        assert_eq!(state.ingredients.len(), 1);
    }

    #[test]
    fn deleting_revokes_the_embed_token() {
        let state = RecipeState::default()
            .evolve(&RecipeEvent::Created(pancakes()))
            .evolve(&RecipeEvent::EmbedEnabled(EmbedEnabled {
                token: "emb_x".into(),
            }))
            .evolve(&RecipeEvent::Deleted);
        assert!(!state.is_live());
        assert_eq!(state.embed_token, None);
    }

    #[test]
    fn a_line_with_nutrient_overrides_makes_the_event_v3_and_old_payloads_still_read() {
        let mut with = pancakes();
        with.ingredients[0].nutrients = Some(BTreeMap::from([("added_sugars_g".into(), 0.0)]));
        let created = RecipeEvent::Created(with.clone());
        assert_eq!(created.kind(), ("recipe_created", 3));
        let decoded = RecipeEvent::decode("recipe_created", 3, created.payload()).ok();
        assert_eq!(decoded, Some(created));
        let updated = RecipeEvent::Updated(RecipeUpdated {
            ingredients: Some(with.ingredients.clone()),
            ..Default::default()
        });
        assert_eq!(updated.kind(), ("recipe_updated", 3));
        // A v1 payload as written before lines had overrides.
        let v1 = serde_json::json!({
            "name": "Pancakes", "servings": 4.0, "label_format": "standard",
            "ingredients": [{"ingredient_id": "fooddb:168894", "name": "flour", "grams": 200.0}]
        });
        match RecipeEvent::decode("recipe_created", 1, v1) {
            Ok(RecipeEvent::Created(e)) => assert_eq!(e.ingredients[0].nutrients, None),
            other => panic!("v1 must read: {other:?}"),
        }
        // A plain line keeps writing v1.
        assert_eq!(
            RecipeEvent::Created(pancakes()).payload()["ingredients"][0].get("nutrients"),
            None
        );
    }

    #[test]
    fn a_line_named_in_other_languages_makes_version_7_and_reads_back() {
        let mut created = pancakes();
        created.ingredients[0].label_names =
            BTreeMap::from([("de".to_string(), "Weizenmehl".to_string())]);
        let event = RecipeEvent::Created(created);
        assert_eq!(event.kind(), ("recipe_created", 7));
        let back = RecipeEvent::decode("recipe_created", 7, event.payload()).ok();
        assert_eq!(back.as_ref(), Some(&event));
        let update = RecipeEvent::Updated(RecipeUpdated {
            ingredients: Some(vec![pancakes().ingredients[0].clone()]),
            ..Default::default()
        });
        // Without names a line writes the version it wrote before.
        assert_eq!(update.kind(), ("recipe_updated", 1));
        // An older line has none.
        let v6 = pancakes();
        assert_eq!(RecipeEvent::Created(v6).kind().1, 1);
    }

    #[test]
    fn facts_naming_the_added_critical_nutrients_make_version_8() {
        let mut created = pancakes();
        created.front_of_pack_facts = Some(FrontOfPackFacts {
            added_critical_nutrients: Some(vec!["sodium".into()]),
            ..Default::default()
        });
        let event = RecipeEvent::Created(created);
        assert_eq!(event.kind(), ("recipe_created", 8));
        let back = RecipeEvent::decode("recipe_created", 8, event.payload()).ok();
        assert_eq!(back.as_ref(), Some(&event));
        let mut older = pancakes();
        older.front_of_pack_facts = Some(FrontOfPackFacts {
            state: Some("solid".into()),
            ..Default::default()
        });
        assert_eq!(RecipeEvent::Created(older).kind(), ("recipe_created", 5));
    }

    #[test]
    fn facts_giving_the_display_area_make_version_9_in_creates_and_updates() {
        let facts = Some(FrontOfPackFacts {
            principal_display_area_cm2: Some(35.0),
            ..Default::default()
        });
        let mut created = pancakes();
        created.front_of_pack_facts = facts.clone();
        let event = RecipeEvent::Created(created);
        assert_eq!(event.kind(), ("recipe_created", 9));
        let back = RecipeEvent::decode("recipe_created", 9, event.payload()).ok();
        assert_eq!(back.as_ref(), Some(&event));
        let update = RecipeEvent::Updated(RecipeUpdated {
            front_of_pack_facts: facts,
            ..Default::default()
        });
        assert_eq!(update.kind(), ("recipe_updated", 9));
        let state = RecipeState::default().evolve(&event).evolve(&update);
        assert_eq!(
            state
                .front_of_pack_facts
                .and_then(|f| f.principal_display_area_cm2),
            Some(35.0)
        );
    }

    #[test]
    fn an_unknown_pair_is_an_error_not_a_default() {
        let result = RecipeEvent::decode("recipe_created", 99, Value::Null);
        assert!(matches!(result, Err(DecodeError::Unknown { .. })));
    }
}
