//! Rebuilding every read model from the event log, and a checksum to compare read models.

use nls_eventlog::read::{save_cursor, CursorTable};
use nls_eventlog::{LogCursor, LogReader};
use sqlx::{PgPool, Row};

use crate::{cascade, checkpoint, derive, views, ProjectionError};

/// The projector's catch-up pass's name in `projection_cursor`: a rebuild leaves it at the
/// end of the log it applied, so the pass does not apply everything again.
pub const CATCH_UP_CURSOR: &str = "catch_up";

/// What a rebuild produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadModelSummary {
    pub events: i64,
    pub recipes: i64,
    pub ingredients: i64,
    pub usages: i64,
    /// md5 over every read-model row in a stable order.
    pub checksum: String,
}

/// How long a replay waits for events that are not final yet (see [`rebuild`]).
pub const MAX_WAIT_FOR_FINAL: std::time::Duration = std::time::Duration::from_secs(300);

/// Truncates the read models and applies the whole log again, in log order. Labels are
/// recomputed at the end from the final views, which is what the live cascade converges
/// to. `progress(done, total)` is called as events are applied. Run it with the service
/// stopped: live writers would race the truncation.
pub async fn rebuild(
    pool: &PgPool,
    mut progress: impl FnMut(u64, u64),
) -> Result<ReadModelSummary, ProjectionError> {
    sqlx::query(
        "truncate recipe_view, ingredient_view, recipe_usage, projection_checkpoint, projection_cursor",
    )
    .execute(pool)
    .await?;
    let total: i64 = sqlx::query_scalar("select count(*) from event")
        .fetch_one(pool)
        .await?;
    let total = u64::try_from(total).unwrap_or(0);
    let reader = LogReader::new(pool.clone());
    let mut cursor = LogCursor::default();
    let mut done = 0u64;
    // Readers see an event once every transaction older than its own has ended (see
    // `nls_eventlog::read`); a transaction open elsewhere on the server (another database's
    // included) holds the rest back for a moment. So the replay reads until it has applied
    // every event counted at the start, waiting as long as [`MAX_WAIT_FOR_FINAL`] for the
    // last ones rather than stopping short with partial read models.
    let mut waiting_since: Option<std::time::Instant> = None;
    loop {
        let batch = reader.next_batch(cursor, 1000).await?;
        if batch.is_empty() {
            if done >= total {
                break;
            }
            let since = *waiting_since.get_or_insert_with(std::time::Instant::now);
            if since.elapsed() > MAX_WAIT_FOR_FINAL {
                return Err(ProjectionError::LogNotFinal {
                    seen: done,
                    total,
                    waited_secs: MAX_WAIT_FOR_FINAL.as_secs(),
                });
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            continue;
        }
        waiting_since = None;
        let mut tx = pool.begin().await?;
        for (at, event) in &batch {
            views::apply(&mut tx, event).await?;
            // The cascade's work is redone once at the end; record it as done here.
            checkpoint::lock(&mut tx, cascade::PROJECTION, &event.stream_id).await?;
            checkpoint::advance(
                &mut tx,
                cascade::PROJECTION,
                &event.stream_id,
                event.stream_version,
            )
            .await?;
            cursor = *at;
            done += 1;
        }
        save_cursor(&mut *tx, CursorTable::Projection, CATCH_UP_CURSOR, cursor).await?;
        tx.commit().await?;
        progress(done, total.max(done));
    }
    let recipe_ids: Vec<String> = sqlx::query_scalar(
        "select recipe_id from recipe_view where not deleted order by recipe_id",
    )
    .fetch_all(pool)
    .await?;
    for chunk in recipe_ids.chunks(200) {
        let mut tx = pool.begin().await?;
        for id in chunk {
            derive::refresh_label(&mut tx, id, None).await?;
        }
        tx.commit().await?;
    }
    summarize(pool).await
}

/// Counts and checksum of the read models as they are now.
pub async fn summarize(pool: &PgPool) -> Result<ReadModelSummary, ProjectionError> {
    let row = sqlx::query(
        "select
           (select count(*) from event) as events,
           (select count(*) from recipe_view where not deleted) as recipes,
           (select count(*) from ingredient_view where not deleted) as ingredients,
           (select count(*) from recipe_usage) as usages,
           md5(
             coalesce((select string_agg(concat_ws(':', recipe_id, account_id, version, applied_events,
                         body::text, label::text, label_error::text, ingredients::text, cost::text,
                         embed_token, created_at, updated_at), '|' order by recipe_id) from recipe_view), '')
             || '#' ||
             coalesce((select string_agg(concat_ws(':', ingredient_id, account_id, version, applied_events,
                         body::text, created_at, updated_at), '|' order by ingredient_id) from ingredient_view), '')
             || '#' ||
             coalesce((select string_agg(recipe_id || '>' || ingredient_id, '|' order by recipe_id, ingredient_id)
                       from recipe_usage), '')
           ) as checksum",
    )
    .fetch_one(pool)
    .await?;
    Ok(ReadModelSummary {
        events: row.try_get("events")?,
        recipes: row.try_get("recipes")?,
        ingredients: row.try_get("ingredients")?,
        usages: row.try_get("usages")?,
        checksum: row.try_get("checksum")?,
    })
}
