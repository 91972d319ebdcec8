//! Turning the client's recipe entries (`{ingredient_id, grams}` or `{name, grams}`) into
//! recorded lines: what each entry resolved to at the time of the write.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Instant;

use nls_events::recipe::IngredientLine;
use nls_web::auth_cache::AuthCache;
use nls_web::name_cache::{NameIndex, NAMES_PER_ACCOUNT};
use serde::Serialize;
use sqlx::PgConnection;
use thiserror::Error;
use uuid::Uuid;

use crate::lazy_conn::LazyConn;

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
        let found = match &entry.ingredient_id {
            Some(id) => match database_food(index, id) {
                Some(found) => found?,
                None => by_id(conn, account_id, index, id).await?,
            },
            None => by_entry_name(&custom, index, entry)?,
        };
        lines.push(line_of(entry, found));
    }
    Ok(lines)
}

/// [`resolve`] with the account's custom ingredient names from memory
/// (`nls_web::name_cache`): nothing is read. `None` when an entry gives the id of a custom
/// ingredient or sub-recipe, whose existence only the database can tell.
pub fn resolve_by_names(
    names: &NameIndex,
    entries: &[Entry],
) -> Option<Result<Vec<(IngredientLine, Source)>, ResolveError>> {
    let mut lines = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let found = match &entry.ingredient_id {
            Some(id) => database_food(index, id)?,
            None => by_entry_name(names, index, entry),
        };
        match found {
            Ok(found) => lines.push(line_of(entry, found)),
            Err(err) => return Some(Err(err)),
        }
    }
    Some(Ok(lines))
}

/// The account's custom ingredient names for [`resolve_by_names`]: from `cache` when it holds
/// them, else read (on `db`) and held. `None` when they cannot be used from memory: no cache,
/// the process's lease not live (it may have missed a change), or a catalogue too large to
/// hold; resolve against the database then.
pub async fn cached_names(
    cache: Option<&AuthCache>,
    db: &mut LazyConn<'_>,
    account_id: Uuid,
) -> Result<Option<Arc<NameIndex>>, ResolveError> {
    let Some(cache) = cache else {
        return Ok(None);
    };
    let now = Instant::now();
    if !cache.is_live(now) {
        return Ok(None);
    }
    let table = cache.names();
    if let Some(names) = table.get(account_id, now) {
        return Ok(Some(names));
    }
    let epoch = table.epoch();
    let read_at = Instant::now();
    let names = Arc::new(account_names(db.get().await?, account_id).await?);
    if names.len() > NAMES_PER_ACCOUNT {
        return Ok(None);
    }
    table.insert(account_id, Arc::clone(&names), read_at, epoch);
    Ok(Some(names))
}

/// Every active custom ingredient of the account by lowercase name (the oldest one when
/// several share a name), as [`custom_by_name`] keys them; one more row than
/// [`NAMES_PER_ACCOUNT`] at most, which says the catalogue is too large to hold.
async fn account_names(
    conn: &mut PgConnection,
    account_id: Uuid,
) -> Result<NameIndex, ResolveError> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "select distinct on (lower(name)) lower(name), ingredient_id, name from ingredient_view
         where account_id = $1 and not archived and not deleted
         order by lower(name), ingredient_id
         limit $2",
    )
    .bind(account_id)
    .bind(i64::try_from(NAMES_PER_ACCOUNT + 1).unwrap_or(i64::MAX))
    .fetch_all(&mut *conn)
    .await?;
    Ok(index_of(rows))
}

/// Rows of (lowercase name, id, name) as a [`NameIndex`].
fn index_of(rows: Vec<(String, String, String)>) -> NameIndex {
    rows.into_iter()
        .map(|(key, id, name)| (key, (id, name)))
        .collect()
}

/// What an entry resolved to: the ingredient id, the name it resolved to, and where.
type Found = (String, String, Source);

/// The recorded line of `entry`, resolved to `found`.
fn line_of(
    entry: &Entry,
    (ingredient_id, resolved_name, source): Found,
) -> (IngredientLine, Source) {
    (
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
    )
}

/// An entry without an id, by its name.
fn by_entry_name(custom: &NameIndex, index: usize, entry: &Entry) -> Result<Found, ResolveError> {
    match &entry.name {
        Some(name) => by_name(custom, index, name),
        None => Err(ResolveError::UnknownId {
            index,
            reference: "(nothing)".into(),
        }),
    }
}

/// A `fooddb:` id, from the shipped table; `None` for any other id (the database's).
fn database_food(index: usize, id: &str) -> Option<Result<Found, ResolveError>> {
    let fdc = id.strip_prefix("fooddb:")?;
    Some(
        fdc.parse::<u32>()
            .ok()
            .and_then(|n| nls_fooddb::shipped().get(n))
            .map(|food| (food.id(), food.description.clone(), Source::Fooddb))
            .ok_or_else(|| ResolveError::UnknownId {
                index,
                reference: id.chars().take(80).collect(),
            }),
    )
}

async fn by_id(
    conn: &mut PgConnection,
    account_id: Uuid,
    index: usize,
    id: &str,
) -> Result<Found, ResolveError> {
    let unknown = || ResolveError::UnknownId {
        index,
        reference: id.chars().take(80).collect(),
    };
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
) -> Result<NameIndex, ResolveError> {
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
    Ok(index_of(rows))
}

fn by_name(custom: &NameIndex, index: usize, name: &str) -> Result<Found, ResolveError> {
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
