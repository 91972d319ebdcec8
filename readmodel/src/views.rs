//! The recipe and ingredient views: each row holds the folded state of its stream, and a
//! recipe row also its derived label, resolved lines and cost.

use chrono::{DateTime, Utc};
use nls_eventlog::EventMeta;
use nls_events::{DomainEvent, Envelope, IngredientState, NewEvent, RecipeState};
use sqlx::{PgConnection, PgPool, Row};
use uuid::Uuid;

use crate::derive::LabelColumns;
use crate::label_json::LabelJson;
use crate::{checkpoint, derive, ProjectionError};

/// The projection name of the views in `projection_checkpoint`.
pub const PROJECTION: &str = "views";

/// Applies `event` (and any earlier events of its stream this projection has not seen) to
/// the views. Returns whether anything was applied. Runs inside the caller's transaction:
/// the projector applies what arrives from NATS or the log, the command side its own events
/// (see [`apply_own`]), and the checkpoint makes whichever comes second a no-op.
pub async fn apply(tx: &mut PgConnection, event: &Envelope) -> Result<bool, ProjectionError> {
    match apply_events(tx, event).await? {
        Applied::Nothing => Ok(false),
        Applied::Recipe(recipe_id) => {
            derive::refresh_label(tx, &recipe_id, Some(event)).await?;
            Ok(true)
        }
        Applied::Other => Ok(true),
    }
}

/// The command side: applies the events it just appended, with the label columns it
/// already derived for the state they lead to, so a write derives its label once. Without
/// `columns` (deletes, ingredients) the label is refreshed as the projector would.
pub async fn apply_own(
    tx: &mut PgConnection,
    stored: &[Envelope],
    columns: Option<&LabelColumns>,
) -> Result<(), ProjectionError> {
    let mut touched_recipe = None;
    for event in stored {
        if let Applied::Recipe(recipe_id) = apply_events(tx, event).await? {
            touched_recipe = Some(recipe_id);
        }
    }
    let cause = stored.last();
    match (touched_recipe, columns) {
        (Some(recipe_id), Some(columns)) => {
            derive::store_label(tx, &recipe_id, columns, cause).await?
        }
        (Some(recipe_id), None) => derive::refresh_label(tx, &recipe_id, cause).await?,
        (None, _) => {}
    }
    Ok(())
}

/// The command side's path for a new recipe stream: appends its first `events` and writes
/// the view row, its usage and both checkpoints, all in one statement
/// ([`crate::new_recipes::record`]), and returns the events as stored. It also runs inside
/// a caller's transaction (e.g. with an `Idempotency-Key`).
pub async fn record_new_recipe(
    conn: &mut PgConnection,
    stream_id: &str,
    meta: &EventMeta,
    events: &[NewEvent],
    state: &RecipeState,
    columns: &LabelColumns,
) -> Result<Vec<Envelope>, ProjectionError> {
    let recipe = crate::new_recipes::NewRecipe {
        stream_id,
        meta,
        events,
        state,
        columns,
    };
    let mut stored = crate::new_recipes::record(conn, &[recipe]).await?;
    Ok(stored.pop().unwrap_or_default())
}

/// What [`apply_events`] changed.
enum Applied {
    Nothing,
    Recipe(String),
    Other,
}

/// Applies `event` and any earlier unseen events of its stream, without the label.
async fn apply_events(tx: &mut PgConnection, event: &Envelope) -> Result<Applied, ProjectionError> {
    let applied = checkpoint::lock(tx, PROJECTION, &event.stream_id).await?;
    if event.stream_version <= applied {
        return Ok(Applied::Nothing);
    }
    // A gap means this event overtook earlier ones (redelivery order, or NATS lost some):
    // fill it from the log so every stream is applied in order.
    let mut pending = Vec::new();
    if event.stream_version > applied + 1 {
        pending = nls_eventlog::read_stream(
            &mut *tx,
            &event.stream_id,
            applied + 1,
            event.stream_version - 1,
        )
        .await?;
    }
    pending.push(event.clone());
    let mut outcome = Applied::Other;
    for e in &pending {
        match DomainEvent::decode(&e.event_type, e.schema_version, e.payload.clone())? {
            DomainEvent::Recipe(recipe_event) => {
                apply_recipe(tx, e, &recipe_event).await?;
                outcome = Applied::Recipe(e.stream_id.clone());
            }
            DomainEvent::Ingredient(ingredient_event) => {
                apply_ingredient(tx, e, &ingredient_event).await?;
            }
        }
    }
    checkpoint::advance(tx, PROJECTION, &event.stream_id, event.stream_version).await?;
    Ok(outcome)
}

/// The distinct ingredients and sub-recipes a recipe uses (what preparation adds included,
/// so its label follows them too); none once it is deleted, so a deleted recipe no longer
/// blocks deleting what it used.
pub(crate) fn used_ids(state: &RecipeState) -> Vec<&str> {
    if state.deleted {
        return Vec::new();
    }
    let mut used: Vec<&str> = state
        .ingredients
        .iter()
        .chain(&state.prepared)
        .map(|l| l.ingredient_id.as_str())
        .collect();
    used.sort_unstable();
    used.dedup();
    used
}

async fn apply_recipe(
    tx: &mut PgConnection,
    e: &Envelope,
    event: &nls_events::RecipeEvent,
) -> Result<(), ProjectionError> {
    let current = sqlx::query("select body from recipe_view where recipe_id = $1 for update")
        .bind(&e.stream_id)
        .fetch_optional(&mut *tx)
        .await?;
    let state: RecipeState = match current {
        Some(row) => serde_json::from_value(row.try_get("body")?)?,
        None => RecipeState::default(),
    };
    let state = state.evolve(event);
    sqlx::query(
        "insert into recipe_view (recipe_id, account_id, name, archived, deleted, version,
                                  applied_events, body, embed_token, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9, $9)
         on conflict (recipe_id) do update set
             name = excluded.name, archived = excluded.archived, deleted = excluded.deleted,
             version = excluded.version, applied_events = recipe_view.applied_events + 1,
             body = excluded.body, embed_token = excluded.embed_token,
             updated_at = excluded.updated_at",
    )
    .bind(&e.stream_id)
    .bind(e.account_id)
    .bind(&state.name)
    .bind(state.archived)
    .bind(state.deleted)
    .bind(state.version)
    .bind(serde_json::to_value(&state)?)
    .bind(&state.embed_token)
    .bind(e.occurred_at)
    .execute(&mut *tx)
    .await?;
    // Which ingredients and sub-recipes this recipe uses.
    sqlx::query("delete from recipe_usage where recipe_id = $1")
        .bind(&e.stream_id)
        .execute(&mut *tx)
        .await?;
    let used = used_ids(&state);
    if !used.is_empty() {
        sqlx::query(
            "insert into recipe_usage (recipe_id, ingredient_id) select $1, unnest($2::text[])",
        )
        .bind(&e.stream_id)
        .bind(&used)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

async fn apply_ingredient(
    tx: &mut PgConnection,
    e: &Envelope,
    event: &nls_events::IngredientEvent,
) -> Result<(), ProjectionError> {
    let current =
        sqlx::query("select body from ingredient_view where ingredient_id = $1 for update")
            .bind(&e.stream_id)
            .fetch_optional(&mut *tx)
            .await?;
    let state: IngredientState = match current {
        Some(row) => serde_json::from_value(row.try_get("body")?)?,
        None => IngredientState::default(),
    };
    let state = state.evolve(event);
    sqlx::query(
        "insert into ingredient_view (ingredient_id, account_id, name, archived, deleted, version,
                                      applied_events, body, created_at, updated_at, name_key)
         values ($1, $2, $3, $4, $5, $6, 1, $7, $8, $8, $9)
         on conflict (ingredient_id) do update set
             name = excluded.name, name_key = excluded.name_key,
             archived = excluded.archived, deleted = excluded.deleted,
             version = excluded.version, applied_events = ingredient_view.applied_events + 1,
             body = excluded.body, updated_at = excluded.updated_at",
    )
    .bind(&e.stream_id)
    .bind(e.account_id)
    .bind(&state.name)
    .bind(state.archived)
    .bind(state.deleted)
    .bind(state.version)
    .bind(serde_json::to_value(&state)?)
    .bind(e.occurred_at)
    .bind(crate::names::name_key(&state.name))
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// A recipe row as the API reads it.
#[derive(Debug, Clone)]
pub struct RecipeRow {
    pub recipe_id: String,
    pub account_id: Uuid,
    pub state: RecipeState,
    pub label: Option<LabelJson>,
    pub label_error: Option<serde_json::Value>,
    /// The engine and rules edition that computed `label` ([`crate::edition`]); `None` for
    /// labels stored before editions were recorded.
    pub label_edition: Option<String>,
    pub ingredients: serde_json::Value,
    pub cost: Option<f64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The columns [`RecipeRow::from_row`] reads.
pub const RECIPE_COLUMNS: &str = "recipe_id, account_id, body, label, label_error, label_edition,
     ingredients, cost, created_at, updated_at";

impl RecipeRow {
    pub fn from_row(row: &sqlx::postgres::PgRow) -> Result<Self, ProjectionError> {
        Ok(Self {
            recipe_id: row.try_get("recipe_id")?,
            account_id: row.try_get("account_id")?,
            state: serde_json::from_value(row.try_get("body")?)?,
            label: row
                .try_get::<Option<serde_json::Value>, _>("label")?
                .map(LabelJson::Tree),
            label_error: row.try_get("label_error")?,
            label_edition: row.try_get("label_edition")?,
            ingredients: row.try_get("ingredients")?,
            cost: row.try_get("cost")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }
}

/// An ingredient row as the API reads it.
#[derive(Debug, Clone)]
pub struct IngredientRow {
    pub ingredient_id: String,
    pub account_id: Uuid,
    pub state: IngredientState,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The columns [`IngredientRow::from_row`] reads.
pub const INGREDIENT_COLUMNS: &str = "ingredient_id, account_id, body, created_at, updated_at";

impl IngredientRow {
    pub fn from_row(row: &sqlx::postgres::PgRow) -> Result<Self, ProjectionError> {
        Ok(Self {
            ingredient_id: row.try_get("ingredient_id")?,
            account_id: row.try_get("account_id")?,
            state: serde_json::from_value(row.try_get("body")?)?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }
}

/// A live recipe of `account_id`, or `None` (missing, deleted, or another account's).
pub async fn load_recipe(
    conn: &mut PgConnection,
    account_id: Uuid,
    recipe_id: &str,
) -> Result<Option<RecipeRow>, ProjectionError> {
    let sql = format!(
        "select {RECIPE_COLUMNS} from recipe_view
         where recipe_id = $1 and account_id = $2 and not deleted"
    );
    let row = sqlx::query(&sql)
        .bind(recipe_id)
        .bind(account_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(RecipeRow::from_row).transpose()
}

/// A live ingredient of `account_id`, or `None`.
pub async fn load_ingredient(
    conn: &mut PgConnection,
    account_id: Uuid,
    ingredient_id: &str,
) -> Result<Option<IngredientRow>, ProjectionError> {
    let sql = format!(
        "select {INGREDIENT_COLUMNS} from ingredient_view
         where ingredient_id = $1 and account_id = $2 and not deleted"
    );
    let row = sqlx::query(&sql)
        .bind(ingredient_id)
        .bind(account_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(IngredientRow::from_row).transpose()
}

/// One page of an account's listing, in id order (ids are time-ordered, so this is
/// creation order).
#[derive(Debug, Clone, Default)]
pub struct Listing {
    /// Rows with an id after this one.
    pub after: String,
    pub include_archived: bool,
    /// Names containing this, ignoring case.
    pub name_contains: Option<String>,
    pub limit: i64,
}

/// Rows of `table` keyed by `key` for `account_id`, as [`Listing`] asks.
async fn list(
    pool: &PgPool,
    (table, key, columns): (&str, &str, &str),
    account_id: Uuid,
    listing: &Listing,
) -> Result<Vec<sqlx::postgres::PgRow>, sqlx::Error> {
    let sql = format!(
        "select {columns} from {table}
         where account_id = $1 and not deleted and {key} > $2
           and ($3 or not archived)
           and ($4::text is null or strpos(lower(name), lower($4)) > 0)
         order by {key} limit $5"
    );
    sqlx::query(&sql)
        .bind(account_id)
        .bind(&listing.after)
        .bind(listing.include_archived)
        .bind(&listing.name_contains)
        .bind(listing.limit)
        .fetch_all(pool)
        .await
}

/// A page of the account's live recipes.
pub async fn list_recipes(
    pool: &PgPool,
    account_id: Uuid,
    listing: &Listing,
) -> Result<Vec<RecipeRow>, ProjectionError> {
    let table = ("recipe_view", "recipe_id", RECIPE_COLUMNS);
    let rows = list(pool, table, account_id, listing).await?;
    rows.iter().map(RecipeRow::from_row).collect()
}

/// A page of the account's live ingredients.
pub async fn list_ingredients(
    pool: &PgPool,
    account_id: Uuid,
    listing: &Listing,
) -> Result<Vec<IngredientRow>, ProjectionError> {
    let table = ("ingredient_view", "ingredient_id", INGREDIENT_COLUMNS);
    let rows = list(pool, table, account_id, listing).await?;
    rows.iter().map(IngredientRow::from_row).collect()
}

/// The account's live custom ingredients other than `except` whose name key is `key`, or
/// that hold no key yet (rows written before the key column existed): `(id, name, key)`.
pub async fn ingredients_by_name_key(
    conn: &mut PgConnection,
    account_id: Uuid,
    key: &str,
    except: Option<&str>,
) -> Result<Vec<(String, String, Option<String>)>, sqlx::Error> {
    sqlx::query_as(
        "select ingredient_id, name, name_key from ingredient_view
         where account_id = $1 and not deleted and ingredient_id <> $3
           and (name_key = $2 or name_key is null)
         order by ingredient_id",
    )
    .bind(account_id)
    .bind(key)
    .bind(except.unwrap_or(""))
    .fetch_all(&mut *conn)
    .await
}

/// Live recipes that use `id` directly.
pub async fn live_users(conn: &mut PgConnection, id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select u.recipe_id from recipe_usage u join recipe_view r on r.recipe_id = u.recipe_id
         where u.ingredient_id = $1 and not r.deleted order by u.recipe_id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await
}
