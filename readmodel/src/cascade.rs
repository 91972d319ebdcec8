//! When an ingredient or a sub-recipe changes, every recipe that uses it (directly or
//! through a chain of sub-recipes) gets its label recomputed.

use nls_events::Envelope;
use sqlx::PgConnection;

use crate::{checkpoint, derive, ProjectionError};

/// The projection name of the cascade in `projection_checkpoint`.
pub const PROJECTION: &str = "labels";

/// Recomputes the labels of the dependents of `event`'s stream, once per event. The
/// recomputation reads the current views, so it is correct whatever order events arrive
/// in; the checkpoint only avoids repeating the work on redelivery.
///
/// An event that a later event of its stream has already followed recomputes nothing: the
/// views hold the later state, so whatever they change is the later event's doing, and its
/// own cascade (still to come) records it with the right cause. Recomputing here would
/// credit the older event with the change (a projector running behind an ingredient's
/// create and update reported the update's `label.changed` as caused by the create).
pub async fn apply(tx: &mut PgConnection, event: &Envelope) -> Result<bool, ProjectionError> {
    let done = checkpoint::lock(tx, PROJECTION, &event.stream_id).await?;
    if event.stream_version <= done {
        return Ok(false);
    }
    if superseded(tx, event).await? {
        checkpoint::advance(tx, PROJECTION, &event.stream_id, event.stream_version).await?;
        return Ok(true);
    }
    for recipe_id in dependents(tx, &event.stream_id).await? {
        derive::refresh_label(tx, &recipe_id, Some(event)).await?;
    }
    checkpoint::advance(tx, PROJECTION, &event.stream_id, event.stream_version).await?;
    Ok(true)
}

/// Whether the log already holds a later event of `event`'s stream (one index probe).
async fn superseded(tx: &mut PgConnection, event: &Envelope) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "select exists(select 1 from event where stream_id = $1 and stream_version > $2)",
    )
    .bind(&event.stream_id)
    .bind(event.stream_version)
    .fetch_one(&mut *tx)
    .await
}

/// Every recipe that uses `id`, transitively, in a stable order (so concurrent cascades
/// lock rows in the same order and cannot deadlock each other).
pub async fn dependents(tx: &mut PgConnection, id: &str) -> Result<Vec<String>, sqlx::Error> {
    dependents_of_any(tx, &[id]).await
}

/// Every recipe that uses any of `ids`, transitively, in one query, in a stable order.
///
/// Each step probes `recipe_usage` by index for the recipes found so far (`offset 0`
/// keeps the lateral subquery a parameterised probe; as a join the planner merged it with
/// a scan of the whole index). `union all` with a `cycle` clause instead of `union`: the
/// recursive `union` sizes its duplicate hash for the planner's row estimate, which cost
/// 5 ms per call even when nothing depended on the ids. Cycles are refused when written,
/// but the clause still guarantees the query ends if one ever got in.
pub async fn dependents_of_any(
    conn: &mut PgConnection,
    ids: &[&str],
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "with recursive dependent(recipe_id) as (
             select recipe_id from recipe_usage where ingredient_id = any($1)
             union all
             select u.recipe_id
             from dependent d
             cross join lateral (
                 select x.recipe_id from recipe_usage x where x.ingredient_id = d.recipe_id
                 offset 0
             ) u
         ) cycle recipe_id set is_cycle using path
         select distinct recipe_id from dependent order by recipe_id",
    )
    .bind(ids)
    .fetch_all(&mut *conn)
    .await
}
