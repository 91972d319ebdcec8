//! Whether a write would break the label of a recipe that uses what it changes.
//!
//! A recipe's label depends on every sub-recipe and ingredient below it, so a valid change
//! to one of them can push a recipe above it past a limit (nesting depth, expanded size).
//! Before such a write is appended, every live recipe that uses the changed stream
//! (transitively) and has a label today is derived again as it would be after the write,
//! from one graph loaded for all of them. Recipes whose label is already unavailable are not
//! held against the write.

use std::collections::HashMap;

use nls_events::{IngredientState, RecipeState};
use sqlx::{PgConnection, Row};
use uuid::Uuid;

use crate::derive::{self, DeriveError, Graph, Overrides, Source};

/// A state a write would leave a stream in.
#[derive(Debug, Clone)]
pub enum Change<'a> {
    Recipe(&'a str, &'a RecipeState),
    Ingredient(&'a str, &'a IngredientState),
}

impl Change<'_> {
    fn id(&self) -> &str {
        match self {
            Self::Recipe(id, _) | Self::Ingredient(id, _) => id,
        }
    }
}

/// A recipe the write would break, and how.
#[derive(Debug)]
pub struct Broken {
    pub recipe_id: String,
    pub name: String,
    pub problem: DeriveError,
}

/// The first (by id) recipe using `change`'s stream whose label `change` would make
/// impossible to compute; `Ok(None)` when none. Errors are the database's.
pub async fn first_broken(
    conn: &mut PgConnection,
    account_id: Uuid,
    change: Change<'_>,
) -> Result<Option<Broken>, DeriveError> {
    let dependents = crate::cascade::dependents(conn, change.id()).await?;
    if dependents.is_empty() {
        return Ok(None);
    }
    let rows = sqlx::query(
        "select recipe_id, body from recipe_view
         where recipe_id = any($1) and account_id = $2 and not deleted and label is not null
         order by recipe_id",
    )
    .bind(&dependents)
    .bind(account_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut roots: Vec<(String, RecipeState)> = Vec::with_capacity(rows.len());
    for row in &rows {
        roots.push((
            row.try_get("recipe_id")?,
            serde_json::from_value(row.try_get("body")?)?,
        ));
    }
    if roots.is_empty() {
        return Ok(None);
    }
    let mut overrides = Overrides::default();
    match change {
        Change::Recipe(id, state) => {
            overrides.recipes = HashMap::from([(id.to_owned(), state.clone())]);
        }
        Change::Ingredient(id, state) => {
            overrides.ingredients = HashMap::from([(id.to_owned(), state.clone())]);
        }
    }
    let graph = Graph::load_many(conn, account_id, &roots, overrides, Source::Views).await?;
    for (recipe_id, state) in &roots {
        match derive::derive_from(&graph, recipe_id, state, None) {
            Ok(_) => {}
            Err(problem) if problem.is_client_side() => {
                return Ok(Some(Broken {
                    recipe_id: recipe_id.clone(),
                    name: state.name.clone(),
                    problem,
                }))
            }
            Err(err) => return Err(err),
        }
    }
    Ok(None)
}
