//! Pure decisions: given a stream's state and a validated command, which events happen.
//! Everything external (the plan, resolved lines, a fresh embed token) arrives in the
//! arguments, so these functions are tested without I/O.

use std::sync::Arc;

use nls_events::ingredient::IngredientField;
use nls_events::ingredient::{IngredientCreated, IngredientUpdated};
use nls_events::recipe::{
    EmbedEnabled, IngredientLine, PackageFacts, RecipeCreated, RecipeField, RecipeUpdated,
};
use nls_events::{IngredientEvent, IngredientState, RecipeEvent, RecipeState};
use nls_web::{FormatPlan, Plan};
use thiserror::Error;

use crate::requests::{IngredientChange, RecipeChange};

/// A command the state does not allow.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum DomainError {
    #[error("not found")]
    NotFound,
    #[error("unknown label format {0:?}")]
    UnknownFormat(String),
    #[error("label format {0:?} needs a higher plan")]
    FormatNotInPlan(String),
    /// An aggregate format (one column per food) on a recipe, which has one food.
    #[error("label format {0:?} is for POST /v1/analyze with foods")]
    AggregateFormat(String),
    /// `us.auto` found no layout the package allows among the available formats.
    #[error("us.auto: none of the layouts the package allows ({0}) is available")]
    NoAutoFormat(String),
    #[error("the live embed needs the Professional or Business plan")]
    EmbedNotInPlan,
    #[error("in use by {0:?}")]
    InUse(Vec<String>),
    #[error("the final weight ({final_g} g) is less than the dry matter ({solids_g} g)")]
    BelowDryMatter { final_g: f64, solids_g: f64 },
}

/// Facts from outside the stream that a decision needs.
#[derive(Debug, Clone)]
pub struct Context {
    /// The caller's plan: the plan rule of formats reads it.
    pub plan: Arc<Plan>,
    pub embed_allowed: bool,
    /// Used only if the decision issues an embed token.
    pub new_embed_token: String,
}

/// A recipe change whose entries were resolved to lines.
#[derive(Debug, Clone, Default)]
pub struct RecipeCommand {
    pub change: RecipeChange,
    pub lines: Option<Vec<IngredientLine>>,
    /// What preparation adds, resolved.
    pub prepared: Option<Vec<IngredientLine>>,
}

fn check_format(
    format: &str,
    package: Option<&PackageFacts>,
    ctx: &Context,
) -> Result<(), DomainError> {
    if nls_web::formats::is_auto(format) {
        // The layout the package asks for must be one the plan may use.
        let package = package.map(nls_readmodel::extras::package_of);
        let report = nls_nutrition::package::assess(&package.unwrap_or_default());
        let usable = |id: &str| nls_nutrition::format(id).is_some_and(|f| f.allowed_for(&ctx.plan));
        if nls_nutrition::package::choose(&report, usable).is_some() {
            return Ok(());
        }
        return Err(match report.required_formats.first() {
            Some(required) => DomainError::FormatNotInPlan(required.clone()),
            None => DomainError::NoAutoFormat(report.allowed_formats.join(", ")),
        });
    }
    let known = nls_nutrition::format(format)
        .ok_or_else(|| DomainError::UnknownFormat(format.to_owned()))?;
    if known.has_food_columns() {
        return Err(DomainError::AggregateFormat(format.to_owned()));
    }
    if known.allowed_for(&ctx.plan) {
        Ok(())
    } else {
        Err(DomainError::FormatNotInPlan(format.to_owned()))
    }
}

fn embed_events(
    wanted: Option<bool>,
    current: &Option<String>,
    ctx: &Context,
) -> Result<Option<RecipeEvent>, DomainError> {
    match (wanted, current) {
        (Some(true), None) if !ctx.embed_allowed => Err(DomainError::EmbedNotInPlan),
        (Some(true), None) => Ok(Some(RecipeEvent::EmbedEnabled(EmbedEnabled {
            token: ctx.new_embed_token.clone(),
        }))),
        (Some(false), Some(_)) => Ok(Some(RecipeEvent::EmbedDisabled)),
        _ => Ok(None),
    }
}

/// Creating a recipe.
pub fn create_recipe(
    command: RecipeCommand,
    ctx: &Context,
) -> Result<Vec<RecipeEvent>, DomainError> {
    let change = command.change;
    let label_format = change.label_format.unwrap_or_else(|| "standard".to_owned());
    check_format(&label_format, change.package.as_ref(), ctx)?;
    // One event, so the new recipe is version 1 whatever it starts with.
    let embed_token = match embed_events(change.embed_enabled, &None, ctx)? {
        Some(RecipeEvent::EmbedEnabled(enabled)) => Some(enabled.token),
        _ => None,
    };
    Ok(vec![RecipeEvent::Created(RecipeCreated {
        name: change.name.unwrap_or_default(),
        servings: change.servings.unwrap_or(1.0),
        serving_weight_g: change.serving_weight_g,
        serving_size_text: change.serving_size_text,
        label_format,
        ingredients: command.lines.unwrap_or_default(),
        embed_token,
        archived: change.archived == Some(true),
        package: change.package,
        prepared: command.prepared.unwrap_or_default(),
        front_of_pack: change.front_of_pack.unwrap_or_default(),
        front_of_pack_facts: change.front_of_pack_facts,
        voluntary_nutrients: change.voluntary_nutrients.unwrap_or_default(),
    })])
}

/// Updating a recipe: only fields that differ become part of the event; an update that
/// changes nothing appends nothing.
pub fn update_recipe(
    state: &RecipeState,
    command: RecipeCommand,
    ctx: &Context,
) -> Result<Vec<RecipeEvent>, DomainError> {
    if !state.is_live() {
        return Err(DomainError::NotFound);
    }
    let change = command.change;
    // The package after the update, for `us.auto`.
    let package = if change.cleared.contains(&RecipeField::Package) {
        None
    } else {
        change.package.as_ref().or(state.package.as_ref())
    };
    let format = change.label_format.as_ref().unwrap_or(&state.label_format);
    let package_changed =
        change.package.is_some() || change.cleared.contains(&RecipeField::Package);
    if format != &state.label_format || (package_changed && nls_web::formats::is_auto(format)) {
        check_format(format, package, ctx)?;
    }
    let differs =
        |new: &Option<String>, old: &str| new.as_deref().filter(|n| *n != old).map(str::to_owned);
    let update = RecipeUpdated {
        name: differs(&change.name, &state.name),
        servings: change.servings.filter(|s| *s != state.servings),
        serving_weight_g: change
            .serving_weight_g
            .filter(|w| Some(*w) != state.serving_weight_g),
        serving_size_text: change
            .serving_size_text
            .filter(|t| Some(t) != state.serving_size_text.as_ref()),
        label_format: differs(&change.label_format, &state.label_format),
        ingredients: command.lines.filter(|l| *l != state.ingredients),
        // Only what is set now: clearing a default changes nothing.
        cleared: change
            .cleared
            .iter()
            .copied()
            .filter(|field| match field {
                RecipeField::ServingWeightG => state.serving_weight_g.is_some(),
                RecipeField::ServingSizeText => state.serving_size_text.is_some(),
                RecipeField::Package => state.package.is_some(),
                RecipeField::Prepared => !state.prepared.is_empty(),
                RecipeField::FrontOfPack => !state.front_of_pack.is_empty(),
                RecipeField::FrontOfPackFacts => state.front_of_pack_facts.is_some(),
                RecipeField::VoluntaryNutrients => !state.voluntary_nutrients.is_empty(),
            })
            .collect(),
        package: change.package.filter(|p| Some(p) != state.package.as_ref()),
        prepared: command.prepared.filter(|l| *l != state.prepared),
        front_of_pack: change
            .front_of_pack
            .filter(|ids| *ids != state.front_of_pack),
        front_of_pack_facts: change
            .front_of_pack_facts
            .filter(|f| Some(f) != state.front_of_pack_facts.as_ref()),
        voluntary_nutrients: change
            .voluntary_nutrients
            .filter(|keys| *keys != state.voluntary_nutrients),
    };
    let mut events = Vec::new();
    if update != RecipeUpdated::default() {
        events.push(RecipeEvent::Updated(update));
    }
    events.extend(embed_events(change.embed_enabled, &state.embed_token, ctx)?);
    match (change.archived, state.archived) {
        (Some(true), false) => events.push(RecipeEvent::Archived),
        (Some(false), true) => events.push(RecipeEvent::Unarchived),
        _ => {}
    }
    Ok(events)
}

/// A recipe's final weight cannot be less than the dry matter of its ingredients
/// ([`nls_readmodel::bounds::check_final_weight`]).
pub fn check_final_weight(state: &RecipeState, solids_g: f64) -> Result<(), DomainError> {
    nls_readmodel::bounds::check_final_weight(state, solids_g).map_err(
        |nls_readmodel::bounds::BelowDryMatter { final_g, solids_g }| DomainError::BelowDryMatter {
            final_g,
            solids_g,
        },
    )
}

/// Deleting a recipe; refused while live recipes use it as a sub-recipe.
pub fn delete_recipe(
    state: &RecipeState,
    used_by: Vec<String>,
) -> Result<Vec<RecipeEvent>, DomainError> {
    if !state.is_live() {
        return Err(DomainError::NotFound);
    }
    if !used_by.is_empty() {
        return Err(DomainError::InUse(used_by));
    }
    Ok(vec![RecipeEvent::Deleted])
}

/// Creating an ingredient.
pub fn create_ingredient(change: IngredientChange) -> Vec<IngredientEvent> {
    let mut events = vec![IngredientEvent::Created(IngredientCreated {
        label_names: change.label_names.unwrap_or_default(),
        name: change.name.unwrap_or_default(),
        nutrients_per_100g: change.nutrients_per_100g.unwrap_or_default(),
        allergens: change.allergens.unwrap_or_default(),
        label_name: change.label_name,
        cost_per_unit: change.cost_per_unit,
        unit: change.unit,
        sub_ingredients: change.sub_ingredients.filter(|s| !s.is_empty()),
    })];
    if change.archived == Some(true) {
        events.push(IngredientEvent::Archived);
    }
    events
}

/// Updating an ingredient; only differing fields are recorded.
pub fn update_ingredient(
    state: &IngredientState,
    change: IngredientChange,
) -> Result<Vec<IngredientEvent>, DomainError> {
    if !state.is_live() {
        return Err(DomainError::NotFound);
    }
    let update = IngredientUpdated {
        name: change.name.filter(|n| *n != state.name),
        nutrients_per_100g: change
            .nutrients_per_100g
            .filter(|n| *n != state.nutrients_per_100g),
        allergens: change.allergens.filter(|a| *a != state.allergens),
        label_name: change
            .label_name
            .filter(|l| Some(l) != state.label_name.as_ref()),
        cost_per_unit: change
            .cost_per_unit
            .filter(|c| Some(*c) != state.cost_per_unit),
        unit: change.unit.filter(|u| Some(u) != state.unit.as_ref()),
        cleared: change
            .cleared
            .iter()
            .copied()
            .filter(|field| match field {
                IngredientField::LabelName => state.label_name.is_some(),
                IngredientField::CostPerUnit => state.cost_per_unit.is_some(),
                IngredientField::Unit => state.unit.is_some(),
            })
            .collect(),
        sub_ingredients: change
            .sub_ingredients
            .filter(|s| *s != state.sub_ingredients),
        label_names: change.label_names.filter(|n| *n != state.label_names),
    };
    let mut events = Vec::new();
    if update != IngredientUpdated::default() {
        events.push(IngredientEvent::Updated(update));
    }
    match (change.archived, state.archived) {
        (Some(true), false) => events.push(IngredientEvent::Archived),
        (Some(false), true) => events.push(IngredientEvent::Unarchived),
        _ => {}
    }
    Ok(events)
}

/// Deleting an ingredient; refused while live recipes use it (archive instead).
pub fn delete_ingredient(
    state: &IngredientState,
    used_by: Vec<String>,
) -> Result<Vec<IngredientEvent>, DomainError> {
    if !state.is_live() {
        return Err(DomainError::NotFound);
    }
    if !used_by.is_empty() {
        return Err(DomainError::InUse(used_by));
    }
    Ok(vec![IngredientEvent::Deleted])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plans of the `plan` table (migrations/0002) that these tests need.
    #[derive(Clone, Copy, PartialEq)]
    enum Tier {
        Free,
        Professional,
        Business,
    }
    use Tier as Plan;

    fn ctx(tier: Tier) -> Context {
        let (id, rank) = match tier {
            Tier::Free => ("free", 0),
            Tier::Professional => ("professional", 1),
            Tier::Business => ("business", 2),
        };
        Context {
            plan: Arc::new(nls_web::Plan {
                id: id.into(),
                rank,
                all_label_formats: tier != Tier::Free,
                export_file_types: vec![],
                export_watermarked: tier == Tier::Free,
                live_embed: tier != Tier::Free,
                rest_access: tier == Tier::Business,
                rate_limit_per_minute: 60,
                max_concurrent_renders: 5,
                webhooks: false,
            }),
            embed_allowed: tier != Tier::Free,
            new_embed_token: "emb_new".into(),
        }
    }

    fn line(grams: f64) -> IngredientLine {
        IngredientLine {
            label_names: Default::default(),
            added_nutrients: Default::default(),
            ingredient_id: "fooddb:173944".into(),
            name: "banana".into(),
            label_name: None,
            grams,
            nutrients: None,
        }
    }

    fn created() -> RecipeState {
        let events = create_recipe(
            RecipeCommand {
                change: RecipeChange {
                    name: Some("Smoothie".into()),
                    servings: Some(2.0),
                    ..Default::default()
                },
                lines: Some(vec![line(200.0)]),
                prepared: None,
            },
            &ctx(Plan::Business),
        )
        .unwrap_or_default();
        events
            .iter()
            .fold(RecipeState::default(), RecipeState::evolve)
    }

    #[test]
    fn a_new_recipe_defaults_to_the_us_standard_format() {
        assert_eq!(created().label_format, "standard");
    }

    #[test]
    fn the_eu_format_is_refused_on_the_free_plan() {
        let command = RecipeCommand {
            change: RecipeChange {
                label_format: Some("eu-1169".into()),
                ..Default::default()
            },
            lines: None,
            prepared: None,
        };
        let result = update_recipe(&created(), command, &ctx(Plan::Free));
        assert_eq!(result, Err(DomainError::FormatNotInPlan("eu-1169".into())));
    }

    #[test]
    fn us_auto_takes_the_layout_the_package_requires_on_every_plan() {
        let package = PackageFacts {
            racc_category: Some("bakery.cookies".into()),
            net_quantity_g: Some(75.0),
            ..PackageFacts::default()
        };
        let command = |package: Option<PackageFacts>| RecipeCommand {
            change: RecipeChange {
                label_format: Some("us.auto".into()),
                package,
                ..Default::default()
            },
            lines: None,
            prepared: None,
        };
        // 250 % of the RACC: the dual column, which the free plan may use like every US
        // format (API_DECISIONS §9: the free plan's formats are the US family).
        let result = update_recipe(&created(), command(Some(package.clone())), &ctx(Plan::Free));
        assert!(matches!(result.as_deref(), Ok([RecipeEvent::Updated(u)]) if u.package.is_some()));
        let events = update_recipe(&created(), command(Some(package)), &ctx(Plan::Business));
        assert!(matches!(events.as_deref(), Ok([RecipeEvent::Updated(u)]) if u.package.is_some()));
        // Without a package the standard display is first, free for all.
        assert!(update_recipe(&created(), command(None), &ctx(Plan::Free)).is_ok());
    }

    #[test]
    fn an_update_that_changes_nothing_appends_nothing() {
        let command = RecipeCommand {
            change: RecipeChange {
                servings: Some(2.0),
                ..Default::default()
            },
            lines: Some(vec![line(200.0)]),
            prepared: None,
        };
        assert_eq!(
            update_recipe(&created(), command, &ctx(Plan::Business)),
            Ok(vec![])
        );
    }

    #[test]
    fn enabling_the_embed_issues_the_context_token_and_needs_a_paid_plan() {
        let enable = || RecipeCommand {
            change: RecipeChange {
                embed_enabled: Some(true),
                ..Default::default()
            },
            lines: None,
            prepared: None,
        };
        let events = update_recipe(&created(), enable(), &ctx(Plan::Professional));
        assert_eq!(
            events,
            Ok(vec![RecipeEvent::EmbedEnabled(EmbedEnabled {
                token: "emb_new".into()
            })])
        );
        assert_eq!(
            update_recipe(&created(), enable(), &ctx(Plan::Free)),
            Err(DomainError::EmbedNotInPlan)
        );
    }

    #[test]
    fn a_used_ingredient_cannot_be_deleted() {
        let state = create_ingredient(IngredientChange {
            name: Some("Paste".into()),
            ..Default::default()
        })
        .iter()
        .fold(IngredientState::default(), IngredientState::evolve);
        assert_eq!(
            delete_ingredient(&state, vec!["rcp_1".into()]),
            Err(DomainError::InUse(vec!["rcp_1".into()]))
        );
        assert_eq!(
            delete_ingredient(&state, vec![]),
            Ok(vec![IngredientEvent::Deleted])
        );
    }

    #[test]
    fn the_final_weight_cannot_be_below_the_dry_matter() {
        let mut state = created();
        state.serving_weight_g = Some(20.0);
        // 2 servings of 20 g: 40 g final weight.
        assert_eq!(check_final_weight(&state, 40.0), Ok(()));
        assert_eq!(
            check_final_weight(&state, 41.0),
            Err(DomainError::BelowDryMatter {
                final_g: 40.0,
                solids_g: 41.0
            })
        );
        state.serving_weight_g = None;
        assert_eq!(check_final_weight(&state, 1e9), Ok(()));
    }

    #[test]
    fn writes_to_a_deleted_recipe_are_not_found() {
        let deleted = created().evolve(&RecipeEvent::Deleted);
        assert_eq!(
            update_recipe(&deleted, RecipeCommand::default(), &ctx(Plan::Business)),
            Err(DomainError::NotFound)
        );
        assert_eq!(delete_recipe(&deleted, vec![]), Err(DomainError::NotFound));
    }
}
