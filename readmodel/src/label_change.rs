//! The record of a printed-label change: what a recipe's label printed before and after,
//! and the event that caused it. Written beside the label itself
//! ([`crate::derive::store_label`]); read by the webhooks' fan-out, which turns each row
//! into a `label.changed` notification once the causing event has been projected.

use nls_events::Envelope;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::{PgConnection, Row};
use uuid::Uuid;

use crate::printed::{self, PrintedChange};

/// A label that was just replaced.
#[derive(Debug)]
pub struct Replaced<'a> {
    pub account_id: Uuid,
    pub recipe_id: &'a str,
    /// The recipe's version now (after the cause was applied).
    pub recipe_version: i64,
    pub format: Option<String>,
    pub before: Option<&'a Value>,
    pub after: Option<&'a Value>,
}

/// The event behind a change, as a notification names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cause {
    /// The public event name: `recipe.updated`, `ingredient.updated`, ...
    #[serde(rename = "type")]
    pub event_type: String,
    /// The recipe's or ingredient's id.
    pub id: String,
    pub version: i64,
}

/// The public name of an event type of the log, as webhooks and history name causes.
pub fn public_event_type(log_type: &str) -> String {
    match log_type.split_once('_') {
        Some((noun, verb)) => format!("{noun}.{verb}"),
        None => log_type.to_owned(),
    }
}

/// One recorded change.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LabelChange {
    pub recipe_id: String,
    pub format: Option<String>,
    pub version_before: i64,
    pub version_after: i64,
    pub changes: Vec<PrintedChange>,
    pub cause: Cause,
}

/// Records the change from `replaced.before` to `replaced.after` if anything printed moved.
/// A redelivered or replayed cause records nothing twice (the row is keyed by it).
pub async fn record(
    tx: &mut PgConnection,
    replaced: &Replaced<'_>,
    cause: &Envelope,
) -> Result<(), sqlx::Error> {
    let changes = printed::changes(replaced.before, replaced.after);
    if changes.is_empty() {
        return Ok(());
    }
    // The recipe's own update replaced the label of its previous version; anything else
    // (an ingredient, a sub-recipe) changed the label of the version it already had.
    let version_before = if cause.stream_id == replaced.recipe_id {
        (cause.stream_version - 1).max(0)
    } else {
        replaced.recipe_version
    };
    sqlx::query(
        "insert into label_change (recipe_id, cause_stream_id, cause_version, account_id,
                                   cause_type, version_before, version_after, format, changes)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict do nothing",
    )
    .bind(replaced.recipe_id)
    .bind(&cause.stream_id)
    .bind(cause.stream_version)
    .bind(replaced.account_id)
    .bind(&cause.event_type)
    .bind(version_before)
    .bind(replaced.recipe_version)
    .bind(&replaced.format)
    .bind(serde_json::to_value(&changes).unwrap_or(Value::Null))
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Every change `cause_stream_id` at `cause_version` caused, in recipe order.
pub async fn caused_by(
    conn: &mut PgConnection,
    cause_stream_id: &str,
    cause_version: i64,
) -> Result<Vec<LabelChange>, sqlx::Error> {
    let rows = sqlx::query(
        "select recipe_id, cause_type, format, version_before, version_after, changes
         from label_change where cause_stream_id = $1 and cause_version = $2
         order by recipe_id",
    )
    .bind(cause_stream_id)
    .bind(cause_version)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| {
            let changes: Value = row.try_get("changes")?;
            Ok(LabelChange {
                recipe_id: row.try_get("recipe_id")?,
                format: row.try_get("format")?,
                version_before: row.try_get("version_before")?,
                version_after: row.try_get("version_after")?,
                changes: serde_json::from_value(changes)
                    .map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
                cause: Cause {
                    event_type: public_event_type(&row.try_get::<String, _>("cause_type")?),
                    id: cause_stream_id.to_owned(),
                    version: cause_version,
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_event_types_get_their_public_dotted_names() {
        assert_eq!(
            public_event_type("ingredient_updated"),
            "ingredient.updated"
        );
        assert_eq!(
            public_event_type("recipe_embed_disabled"),
            "recipe.embed_disabled"
        );
        assert_eq!(public_event_type("ping"), "ping");
    }
}
