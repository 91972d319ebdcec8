//! Turning the client's recipe entries (`{ingredient_id, grams}` or `{name, grams}`) into
//! recorded lines: what each entry resolved to at the time of the write.

use std::collections::{BTreeMap, HashMap};

use nls_events::recipe::IngredientLine;
use serde::Serialize;
use sqlx::PgConnection;
use thiserror::Error;
use uuid::Uuid;

/// One entry as the client gave it (already shape-checked).
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub ingredient_id: Option<String>,
    pub name: Option<String>,
    pub label_name: Option<String>,
    pub grams: f64,
    /// Amounts per 100 g overriding the ingredient's data (validated keys).
    pub nutrients: Option<BTreeMap<String, f64>>,
    /// Nutrient keys added as a nutrient supplement (validated keys).
    pub added_nutrients: Vec<String>,
    /// Names by language (validated).
    pub label_names: BTreeMap<String, String>,
}

/// A database food offered when a name matched nothing acceptable.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Suggestion {
    pub id: String,
    pub description: String,
}

/// Why an entry could not be resolved.
#[derive(Debug, Error)]
pub enum ResolveError {
    #[error("ingredients[{index}]: {reference} does not exist")]
    UnknownId { index: usize, reference: String },
    #[error("ingredients[{index}]: no ingredient or food matches {name:?}")]
    UnknownName {
        index: usize,
        name: String,
        suggestions: Vec<Suggestion>,
    },
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

/// How an entry was resolved, for analysis results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Custom,
    Fooddb,
    Recipe,
}

/// Resolves every entry: ids must name an existing ingredient, sub-recipe or database
/// food of the account; names match the account's active custom ingredients exactly
/// (case-insensitive) first, then the food database by best match.
pub async fn resolve(
    conn: &mut PgConnection,
    account_id: Uuid,
    entries: &[Entry],
) -> Result<Vec<(IngredientLine, Source)>, ResolveError> {
    let custom = custom_by_name(conn, account_id, entries).await?;
    let mut lines = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let (ingredient_id, resolved_name, source) = match (&entry.ingredient_id, &entry.name) {
            (Some(id), _) => by_id(conn, account_id, index, id).await?,
            (None, Some(name)) => by_name(&custom, index, name)?,
            (None, None) => {
                return Err(ResolveError::UnknownId {
                    index,
                    reference: "(nothing)".into(),
                })
            }
        };
        lines.push((
            IngredientLine {
                label_names: entry.label_names.clone(),
                ingredient_id,
                name: entry.name.clone().unwrap_or(resolved_name),
                label_name: entry.label_name.clone(),
                grams: entry.grams,
                nutrients: entry.nutrients.clone(),
                added_nutrients: entry.added_nutrients.clone(),
            },
            source,
        ));
    }
    Ok(lines)
}

async fn by_id(
    conn: &mut PgConnection,
    account_id: Uuid,
    index: usize,
    id: &str,
) -> Result<(String, String, Source), ResolveError> {
    let unknown = || ResolveError::UnknownId {
        index,
        reference: id.chars().take(80).collect(),
    };
    if let Some(fdc) = id.strip_prefix("fooddb:") {
        let food = fdc
            .parse::<u32>()
            .ok()
            .and_then(|n| nls_fooddb::shipped().get(n))
            .ok_or_else(unknown)?;
        return Ok((food.id(), food.description.clone(), Source::Fooddb));
    }
    let (table, key, source) = if id.starts_with("ing_") {
        ("ingredient_view", "ingredient_id", Source::Custom)
    } else if id.starts_with("rcp_") {
        ("recipe_view", "recipe_id", Source::Recipe)
    } else {
        return Err(unknown());
    };
    let sql =
        format!("select name from {table} where {key} = $1 and account_id = $2 and not deleted");
    let name: Option<String> = sqlx::query_scalar(&sql)
        .bind(id)
        .bind(account_id)
        .fetch_optional(&mut *conn)
        .await?;
    name.map(|n| (id.to_owned(), n, source)).ok_or_else(unknown)
}

/// The account's active custom ingredients named by any entry, keyed by lowercase name
/// (the oldest one when several share a name), in one query for all entries.
async fn custom_by_name(
    conn: &mut PgConnection,
    account_id: Uuid,
    entries: &[Entry],
) -> Result<HashMap<String, (String, String)>, ResolveError> {
    let names: Vec<String> = entries
        .iter()
        .filter(|e| e.ingredient_id.is_none())
        .filter_map(|e| e.name.as_deref())
        .map(|n| n.trim().to_lowercase())
        .collect();
    if names.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "select distinct on (lower(name)) lower(name), ingredient_id, name from ingredient_view
         where account_id = $1 and lower(name) = any($2) and not archived and not deleted
         order by lower(name), ingredient_id",
    )
    .bind(account_id)
    .bind(&names)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(key, id, name)| (key, (id, name)))
        .collect())
}

fn by_name(
    custom: &HashMap<String, (String, String)>,
    index: usize,
    name: &str,
) -> Result<(String, String, Source), ResolveError> {
    if let Some((id, found)) = custom.get(&name.trim().to_lowercase()) {
        return Ok((id.clone(), found.clone(), Source::Custom));
    }
    match nls_fooddb::shipped().resolve_name(name) {
        Ok(food) => Ok((food.id(), food.description.clone(), Source::Fooddb)),
        Err(no_match) => Err(ResolveError::UnknownName {
            index,
            name: name.chars().take(200).collect(),
            suggestions: no_match
                .suggestions
                .iter()
                .take(5)
                .map(|f| Suggestion {
                    id: f.id(),
                    description: f.description.clone(),
                })
                .collect(),
        }),
    }
}
