//! A recipe's label through time, for `GET /v1/recipes/{id}/history?include=label`: the
//! printed-value changes each of its own versions made, and the changes its custom
//! ingredients and sub-recipes made between them (`label.recomputed`, with the event that
//! caused it).
//!
//! The labels are derived as [`crate::past`] derives any past label: the recipe and every
//! stream it uses, folded from the log as of the moment. The streams a recipe may depend
//! on are those any version of it (or of a sub-recipe, transitively) ever named; an event
//! of one of them that did not change what the recipe printed at that moment is no entry.
//! Audit reads are rare and streams are edits made by people, so this is computed per
//! request, bounded by [`MAX_STREAMS`] and [`MAX_POINTS`].

use std::collections::{BTreeSet, VecDeque};

use chrono::{DateTime, Utc};
use nls_events::Envelope;
use serde_json::Value;
use sqlx::{PgConnection, Row};
use uuid::Uuid;

use crate::label_json::LabelJson;
use crate::past::{self, PastError, PastPoint};
use crate::printed::{self, PrintedChange};

/// Most streams (the recipe, its ingredients and sub-recipes) one label history follows.
pub const MAX_STREAMS: usize = 200;
/// Most moments one label history derives a label at.
pub const MAX_POINTS: usize = 1_000;

/// What made the label at one moment.
#[derive(Debug, Clone, PartialEq)]
pub enum Moment {
    /// The recipe's own event (index into the events given).
    Own(usize),
    /// An event of a stream the recipe uses.
    Cause(Cause),
}

/// The event of an ingredient or sub-recipe that changed the recipe's printed label.
#[derive(Debug, Clone, PartialEq)]
pub struct Cause {
    pub event_type: String,
    pub stream_id: String,
    pub version: i64,
    pub occurred_at: DateTime<Utc>,
    pub actor: String,
    pub request_id: Option<String>,
}

/// One entry of the label's history.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelStep {
    pub moment: Moment,
    /// The recipe's version the label belonged to.
    pub recipe_version: i64,
    pub changes: Vec<PrintedChange>,
}

/// Why a label history is not given.
#[derive(Debug, thiserror::Error)]
pub enum LabelHistoryError {
    #[error(
        "the recipe uses more than {MAX_STREAMS} ingredients and sub-recipes over its history"
    )]
    TooManyStreams,
    #[error("the recipe's label changed at more than {MAX_POINTS} moments")]
    TooManyPoints,
    #[error(transparent)]
    Past(#[from] PastError),
}

impl From<sqlx::Error> for LabelHistoryError {
    fn from(err: sqlx::Error) -> Self {
        Self::Past(PastError::from(err))
    }
}

/// A past label as a tree: its printed lines are compared field by field.
fn tree(label: Option<LabelJson>) -> Result<Option<Value>, LabelHistoryError> {
    crate::label_json::tree(label).map_err(|e| PastError::Failed(e.into()).into())
}

/// Custom ingredients and sub-recipes named by the lines of a recipe event's payload.
fn named_streams(payload: &Value) -> impl Iterator<Item = String> + '_ {
    payload
        .get("ingredients")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|line| line.get("ingredient_id")?.as_str())
        .filter(|id| id.starts_with("ing_") || id.starts_with("rcp_"))
        .map(str::to_owned)
}

/// Every stream `recipe_id` ever depended on, transitively, itself excluded.
async fn dependencies(
    conn: &mut PgConnection,
    account_id: Uuid,
    recipe_id: &str,
) -> Result<Vec<String>, LabelHistoryError> {
    let mut seen: BTreeSet<String> = BTreeSet::from([recipe_id.to_owned()]);
    let mut queue = VecDeque::from([recipe_id.to_owned()]);
    while let Some(stream) = queue.pop_front() {
        if !stream.starts_with("rcp_") {
            continue;
        }
        let payloads: Vec<Value> = sqlx::query_scalar(
            "select payload from event where stream_id = $1 and account_id = $2
               and event_type in ('recipe_created', 'recipe_updated')",
        )
        .bind(&stream)
        .bind(account_id)
        .fetch_all(&mut *conn)
        .await?;
        for id in payloads.iter().flat_map(named_streams) {
            if seen.insert(id.clone()) {
                if seen.len() > MAX_STREAMS {
                    return Err(LabelHistoryError::TooManyStreams);
                }
                queue.push_back(id);
            }
        }
    }
    seen.remove(recipe_id);
    Ok(seen.into_iter().collect())
}

/// The label history of `recipe_id`, whose own events are `own` (all of them, oldest first).
pub async fn label_history(
    conn: &mut PgConnection,
    account_id: Uuid,
    recipe_id: &str,
    own: &[Envelope],
) -> Result<Vec<LabelStep>, LabelHistoryError> {
    label_history_page(conn, account_id, recipe_id, None, own, None).await
}

/// The label history of one page of the recipe's own events, `page` (consecutive
/// versions, oldest first): the entries of those versions and the `label.recomputed`
/// entries that follow each of them until the next own version. `before` and `after` are
/// the own events just outside the page (`None` at either end of the stream).
///
/// Only the page's moments are derived (plus one, for the label the page starts from):
/// deriving every moment of a long history on every request cost a second of CPU at
/// 1,000 versions. Pages chained by their neighbours give exactly the entries of the
/// whole history, since a moment belongs to the own version it follows.
pub async fn label_history_page(
    conn: &mut PgConnection,
    account_id: Uuid,
    recipe_id: &str,
    before: Option<&Envelope>,
    page: &[Envelope],
    after: Option<&Envelope>,
) -> Result<Vec<LabelStep>, LabelHistoryError> {
    let Some(first) = page.first().map(|e| e.occurred_at) else {
        return Ok(Vec::new());
    };
    let deps = dependencies(conn, account_id, recipe_id).await?;
    // A cause recorded in the same instant as an own event comes after it (see below), so
    // the page holds the causes from its first event's instant up to the next page's.
    let causes = causes_between(
        conn,
        account_id,
        &deps,
        first,
        after.map(|e| e.occurred_at),
        None,
    )
    .await?;
    if page.len() + causes.len() > MAX_POINTS {
        return Err(LabelHistoryError::TooManyPoints);
    }
    // The label the page starts from: the last moment before it, the previous own
    // version or a cause recorded after that version.
    let mut previous: Option<Value> = match before {
        None => None,
        Some(before) => {
            let last_cause = causes_between(
                conn,
                account_id,
                &deps,
                before.occurred_at,
                Some(first),
                Some(1),
            )
            .await?;
            let point = match last_cause.first() {
                Some(cause) => PastPoint::Time(cause.occurred_at),
                None => PastPoint::Version(before.stream_version),
            };
            match past::recipe_at(conn, account_id, recipe_id, point).await {
                Ok(row) => tree(row.label)?,
                Err(PastError::Deleted { .. } | PastError::NotYet { .. }) => None,
                Err(err) => return Err(err.into()),
            }
        }
    };
    // The moments in time order; at equal times the recipe's own event first (a cause
    // recorded in the same instant is applied to the version that exists then).
    let mut moments: Vec<(DateTime<Utc>, u8, Moment)> = page
        .iter()
        .enumerate()
        .map(|(i, e)| (e.occurred_at, 0, Moment::Own(i)))
        .chain(
            causes
                .into_iter()
                .map(|c| (c.occurred_at, 1, Moment::Cause(c))),
        )
        .collect();
    moments.sort_by_key(|m| (m.0, m.1));

    let mut steps = Vec::new();
    for (at, _, moment) in moments {
        let point = match &moment {
            Moment::Own(i) => PastPoint::Version(page[*i].stream_version),
            Moment::Cause(_) => PastPoint::Time(at),
        };
        let (label, recipe_version) =
            match past::recipe_at(conn, account_id, recipe_id, point).await {
                Ok(row) => (tree(row.label)?, row.state.version),
                Err(PastError::Deleted { version }) => (None, version),
                // Before the recipe's first event was recorded (clock order within one
                // instant): nothing printed yet.
                Err(PastError::NotYet { .. }) => continue,
                Err(err) => return Err(err.into()),
            };
        let changes = printed::changes(previous.as_ref(), label.as_ref());
        previous = label;
        if matches!(moment, Moment::Cause(_)) && changes.is_empty() {
            continue;
        }
        steps.push(LabelStep {
            moment,
            recipe_version,
            changes,
        });
    }
    Ok(steps)
}

/// Events of `deps` recorded from `from` (inclusive) until `until` (exclusive; no end
/// when `None`), oldest first; with `last`, only that many of the newest, newest first.
async fn causes_between(
    conn: &mut PgConnection,
    account_id: Uuid,
    deps: &[String],
    from: DateTime<Utc>,
    until: Option<DateTime<Utc>>,
    last: Option<i64>,
) -> Result<Vec<Cause>, LabelHistoryError> {
    if deps.is_empty() {
        return Ok(Vec::new());
    }
    let order = if last.is_some() {
        "order by occurred_at desc, position desc"
    } else {
        "order by occurred_at, position"
    };
    let sql = format!(
        "select stream_id, stream_version, event_type, occurred_at, actor, request_id
         from event
         where stream_id = any($1) and account_id = $2 and occurred_at >= $3
           and ($4::timestamptz is null or occurred_at < $4)
         {order} limit $5::bigint"
    );
    let rows = sqlx::query(&sql)
        .bind(deps)
        .bind(account_id)
        .bind(from)
        .bind(until)
        // `limit null` is no limit.
        .bind(last)
        .fetch_all(&mut *conn)
        .await?;
    let mut causes = Vec::with_capacity(rows.len());
    for row in &rows {
        causes.push(Cause {
            stream_id: row.try_get("stream_id")?,
            version: row.try_get("stream_version")?,
            event_type: row.try_get("event_type")?,
            occurred_at: row.try_get("occurred_at")?,
            actor: row.try_get("actor")?,
            request_id: row.try_get("request_id")?,
        });
    }
    Ok(causes)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn lines_name_custom_ingredients_and_sub_recipes_not_foods() {
        let payload = json!({ "ingredients": [
            { "ingredient_id": "ing_1", "grams": 1 },
            { "ingredient_id": "fooddb:169655", "grams": 1 },
            { "ingredient_id": "rcp_2", "grams": 1 },
            { "name": "sugar", "grams": 1 }
        ]});
        assert_eq!(
            named_streams(&payload).collect::<Vec<_>>(),
            ["ing_1", "rcp_2"]
        );
        assert_eq!(named_streams(&json!({ "servings": 2 })).count(), 0);
    }
}
