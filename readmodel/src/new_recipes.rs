//! New recipe streams written by one statement: their first events, view rows, first
//! label versions, usage and both checkpoints, for one create or many (a group commit of
//! concurrent creates, `nls_command`). One statement is one implicit transaction: the
//! creates of a batch commit together, with one commit record and one WAL flush.

use std::collections::HashMap;

use nls_eventlog::EventMeta;
use nls_events::{Envelope, NewEvent, RecipeState};
use sqlx::types::Json;
use sqlx::{PgConnection, Row};

use crate::derive::LabelColumns;
use crate::label_json::LabelJson;
use crate::ProjectionError;

/// A new recipe stream, decided and derived, to be written.
#[derive(Debug, Clone, Copy)]
pub struct NewRecipe<'a> {
    pub stream_id: &'a str,
    pub meta: &'a EventMeta,
    pub events: &'a [NewEvent],
    pub state: &'a RecipeState,
    pub columns: &'a LabelColumns,
}

/// The statement's parameters, one array per column (`unnest` turns them back into rows).
#[derive(Default)]
struct Columns<'a> {
    // event
    event_ids: Vec<uuid::Uuid>,
    event_streams: Vec<&'a str>,
    event_versions: Vec<i64>,
    event_types: Vec<&'a str>,
    schema_versions: Vec<i16>,
    payloads: Vec<&'a serde_json::Value>,
    event_accounts: Vec<uuid::Uuid>,
    actors: Vec<&'a str>,
    correlations: Vec<uuid::Uuid>,
    causations: Vec<Option<uuid::Uuid>>,
    request_ids: Vec<Option<&'a str>>,
    // recipe_view (and label_version, the checkpoints)
    recipe_ids: Vec<&'a str>,
    accounts: Vec<uuid::Uuid>,
    names: Vec<&'a str>,
    archived: Vec<bool>,
    deleted: Vec<bool>,
    versions: Vec<i64>,
    applied_events: Vec<i64>,
    bodies: Vec<serde_json::Value>,
    embed_tokens: Vec<Option<&'a str>>,
    labels: Vec<Option<Json<&'a LabelJson>>>,
    label_hashes: Vec<Option<&'a [u8]>>,
    label_errors: Vec<Option<&'a serde_json::Value>>,
    ingredients: Vec<&'a serde_json::Value>,
    costs: Vec<Option<f64>>,
    // recipe_usage
    usage_recipes: Vec<&'a str>,
    usage_ingredients: Vec<&'a str>,
}

impl<'a> Columns<'a> {
    fn of(recipes: &[NewRecipe<'a>]) -> Result<Self, ProjectionError> {
        let mut c = Self::default();
        for recipe in recipes {
            let NewRecipe {
                stream_id,
                meta,
                events,
                state,
                columns,
            } = *recipe;
            for (version, event) in (1..).zip(events) {
                c.event_ids.push(event.event_id);
                c.event_streams.push(stream_id);
                c.event_versions.push(version);
                c.event_types.push(event.event_type);
                c.schema_versions.push(event.schema_version);
                c.payloads.push(&event.payload);
                c.event_accounts.push(meta.account_id);
                c.actors.push(&meta.actor);
                c.correlations.push(meta.correlation_id);
                c.causations.push(meta.causation_id);
                c.request_ids.push(meta.request_id.as_deref());
            }
            c.recipe_ids.push(stream_id);
            c.accounts.push(meta.account_id);
            c.names.push(&state.name);
            c.archived.push(state.archived);
            c.deleted.push(state.deleted);
            c.versions.push(state.version);
            c.applied_events
                .push(i64::try_from(events.len()).unwrap_or(i64::MAX));
            c.bodies.push(serde_json::to_value(state)?);
            c.embed_tokens.push(state.embed_token.as_deref());
            c.labels.push(columns.label.as_ref().map(Json));
            c.label_hashes.push(columns.label_hash.as_deref());
            c.label_errors.push(columns.label_error.as_ref());
            c.ingredients.push(&columns.ingredients);
            c.costs.push(columns.cost);
            for used in crate::views::used_ids(state) {
                c.usage_recipes.push(stream_id);
                c.usage_ingredients.push(used);
            }
        }
        Ok(c)
    }
}

/// Appends the first events of each new stream and writes its view row, first label
/// version (its hash: the label itself is the view's, see migration 0019), usage and both
/// checkpoints, all in one statement; returns each recipe's events
/// as stored, in the order of `recipes`. The event rows are the ones
/// [`nls_eventlog::append`] writes for a stream at version 0: the ids are fresh, so
/// `(stream_id, stream_version)` is the only concurrency check needed. The views'
/// timestamps are `now()`, the same transaction timestamp the event rows take as
/// `occurred_at`, so a replay rebuilds the same rows. Nothing can use a recipe that did not
/// exist, so the label cascade has nothing to do for these events and is marked done too.
pub async fn record(
    conn: &mut PgConnection,
    recipes: &[NewRecipe<'_>],
) -> Result<Vec<Vec<Envelope>>, ProjectionError> {
    let c = Columns::of(recipes)?;
    let rows = sqlx::query(
        "with appended as (
             insert into event (event_id, stream_id, stream_version, event_type, schema_version,
                                payload, account_id, actor, correlation_id, causation_id,
                                request_id)
             select * from unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[],
                                  $5::smallint[], $6::jsonb[], $7::uuid[], $8::text[],
                                  $9::uuid[], $10::uuid[], $11::text[])
             returning position, stream_id, stream_version, occurred_at
         ),
         recipe as (
             select * from unnest($12::text[], $13::uuid[], $14::text[], $15::bool[],
                                  $16::bool[], $17::bigint[], $18::bigint[], $19::jsonb[],
                                  $20::text[], $21::jsonb[], $22::bytea[], $23::jsonb[],
                                  $24::jsonb[], $25::float8[])
                 as r(recipe_id, account_id, name, archived, deleted, version, applied_events,
                      body, embed_token, label, label_hash, label_error, ingredients, cost)
         ),
         view as (
             insert into recipe_view (recipe_id, account_id, name, archived, deleted, version,
                                      applied_events, body, embed_token, created_at, updated_at,
                                      label, label_hash, label_error, ingredients, cost,
                                      label_edition)
             select recipe_id, account_id, name, archived, deleted, version, applied_events,
                    body, embed_token, now(), now(), label, label_hash, label_error,
                    ingredients, cost, case when label is not null then $26 end
             from recipe
         ),
         first_label as (
             insert into label_version (recipe_id, version, label_hash, edition)
             select recipe_id, version, label_hash, $26 from recipe
             where label is not null and label_hash is not null
         ),
         usage as (
             insert into recipe_usage (recipe_id, ingredient_id)
             select * from unnest($27::text[], $28::text[])
         ),
         checkpoints as (
             insert into projection_checkpoint (projection, stream_id, version)
             select p.projection, r.recipe_id, r.version
             from recipe r cross join unnest($29::text[]) as p(projection)
         )
         select position, stream_id, stream_version, occurred_at from appended",
    )
    .bind(&c.event_ids)
    .bind(&c.event_streams)
    .bind(&c.event_versions)
    .bind(&c.event_types)
    .bind(&c.schema_versions)
    .bind(&c.payloads)
    .bind(&c.event_accounts)
    .bind(&c.actors)
    .bind(&c.correlations)
    .bind(&c.causations)
    .bind(&c.request_ids)
    .bind(&c.recipe_ids)
    .bind(&c.accounts)
    .bind(&c.names)
    .bind(&c.archived)
    .bind(&c.deleted)
    .bind(&c.versions)
    .bind(&c.applied_events)
    .bind(&c.bodies)
    .bind(&c.embed_tokens)
    .bind(&c.labels)
    .bind(&c.label_hashes)
    .bind(&c.label_errors)
    .bind(&c.ingredients)
    .bind(&c.costs)
    .bind(crate::edition::current())
    .bind(&c.usage_recipes)
    .bind(&c.usage_ingredients)
    .bind([crate::views::PROJECTION, crate::cascade::PROJECTION])
    .fetch_all(&mut *conn)
    .await?;
    let mut stored_at = HashMap::with_capacity(rows.len());
    for row in rows {
        let key: (String, i64) = (row.try_get("stream_id")?, row.try_get("stream_version")?);
        stored_at.insert(key, (row.try_get("position")?, row.try_get("occurred_at")?));
    }
    recipes
        .iter()
        .map(|recipe| {
            (1..)
                .zip(recipe.events)
                .map(|(version, event)| {
                    let key = (recipe.stream_id.to_owned(), version);
                    let Some(&(position, occurred_at)) = stored_at.get(&key) else {
                        return Err(ProjectionError::Database(sqlx::Error::RowNotFound));
                    };
                    Ok(nls_eventlog::append::stored_event(
                        event,
                        recipe.stream_id,
                        version,
                        recipe.meta,
                        position,
                        occurred_at,
                    ))
                })
                .collect()
        })
        .collect()
}
