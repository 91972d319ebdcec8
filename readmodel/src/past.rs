//! Recipes as they were (API_DECISIONS §12): `?version=N` or `?as_of=<RFC 3339>` on a
//! recipe and on its label files.
//!
//! The recipe's own events are folded up to the point. The custom ingredients and
//! sub-recipes it uses are folded from the log as of the same moment, and the label is
//! derived from them exactly as the views derive the current one
//! ([`crate::derive::derive_from`]). For `version=N` the moment is when version N was
//! recorded, so the label is the one the recipe had right after that write. The food
//! database ships with the code rather than living in the log, so past labels use the
//! table of the running release.
//!
//! `occurred_at` is the writing transaction's start time, so within a stream a later
//! version can carry a slightly earlier time than the one before it. "As of T" is therefore
//! the longest prefix of versions whose last event occurred at or before T: a fold never
//! skips a version.
//!
//! Nothing here writes: a past recipe is computed per request, which is what an audit
//! needs (rare reads, never stale). Streams are edits made by people, so they stay short,
//! and the graph is read with one query per level of sub-recipes.

use chrono::{DateTime, Utc};
use nls_events::{DecodeError, RecipeEvent, RecipeState};
use serde_json::Value;
use sqlx::{PgConnection, Row};
use thiserror::Error;
use uuid::Uuid;

use crate::derive::{self, DeriveError, Graph, LabelColumns, Source, StreamState};
use crate::label_json::LabelJson;
use crate::views::RecipeRow;

pub mod http;

/// A point in a recipe's past.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PastPoint {
    /// Right after the recipe's own version N was recorded.
    Version(i64),
    /// The moment given.
    Time(DateTime<Utc>),
}

/// A refused `version` or `as_of` parameter.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{field}: {problem}")]
pub struct PointError {
    /// The query parameter.
    pub field: &'static str,
    pub problem: String,
}

/// The point asked for by the `version` and `as_of` query parameters, if any.
pub fn parse_point(
    version: Option<i64>,
    as_of: Option<&str>,
) -> Result<Option<PastPoint>, PointError> {
    match (version, as_of) {
        (None, None) => Ok(None),
        (Some(_), Some(_)) => Err(PointError {
            field: "as_of",
            problem: "give either version or as_of, not both".into(),
        }),
        (Some(n), None) if n >= 1 => Ok(Some(PastPoint::Version(n))),
        (Some(_), None) => Err(PointError {
            field: "version",
            problem: "must be a version number, 1 or more".into(),
        }),
        (None, Some(text)) => DateTime::parse_from_rfc3339(text.trim())
            .map(|t| Some(PastPoint::Time(t.with_timezone(&Utc))))
            .map_err(|_| PointError {
                field: "as_of",
                problem: "must be an RFC 3339 timestamp, such as 2026-01-31T12:00:00Z".into(),
            }),
    }
}

/// Why a recipe has no state at the point asked for. The messages follow "recipe <id> ".
#[derive(Debug, Error)]
pub enum PastError {
    /// No such recipe in the caller's account (another account's is not revealed).
    #[error("recipe not found")]
    NotFound,
    #[error("has no version {asked}; the latest is {latest}")]
    NoSuchVersion { asked: i64, latest: i64 },
    #[error("did not exist at {at}; it was created at {created}")]
    NotYet {
        at: DateTime<Utc>,
        created: DateTime<Utc>,
    },
    #[error("was deleted at version {version}")]
    Deleted { version: i64 },
    /// Database trouble or a stored event that cannot be read.
    #[error(transparent)]
    Failed(#[from] DeriveError),
}

impl From<sqlx::Error> for PastError {
    fn from(err: sqlx::Error) -> Self {
        Self::Failed(DeriveError::Database(err))
    }
}

impl From<DecodeError> for PastError {
    fn from(err: DecodeError) -> Self {
        Self::Failed(DeriveError::CorruptEvent(err))
    }
}

/// The recipe `recipe_id` of `account_id` as it was at `point`, with the label, resolved
/// lines and cost derived as of then: the same row a view holds for the current recipe.
pub async fn recipe_at(
    conn: &mut PgConnection,
    account_id: Uuid,
    recipe_id: &str,
    point: PastPoint,
) -> Result<RecipeRow, PastError> {
    let created: Option<(Uuid, DateTime<Utc>)> = sqlx::query_as(
        "select account_id, occurred_at from event where stream_id = $1 and stream_version = 1",
    )
    .bind(recipe_id)
    .fetch_optional(&mut *conn)
    .await?;
    let created_at = match created {
        Some((owner, created_at)) if owner == account_id => created_at,
        _ => return Err(PastError::NotFound),
    };
    let last = match point {
        PastPoint::Version(n) => n,
        PastPoint::Time(at) => sqlx::query_scalar::<_, Option<i64>>(
            "select max(stream_version) from event where stream_id = $1 and occurred_at <= $2",
        )
        .bind(recipe_id)
        .bind(at)
        .fetch_one(&mut *conn)
        .await?
        .ok_or(PastError::NotYet {
            at,
            created: created_at,
        })?,
    };
    let events = nls_eventlog::read_stream(&mut *conn, recipe_id, 1, last).await?;
    let Some(recorded) = events.last().map(|e| (e.stream_version, e.occurred_at)) else {
        return Err(PastError::NotFound);
    };
    let (version, updated_at) = recorded;
    if version < last {
        return Err(PastError::NoSuchVersion {
            asked: last,
            latest: version,
        });
    }
    let mut state = RecipeState::default();
    for e in events {
        state = state.evolve(&RecipeEvent::decode(
            &e.event_type,
            e.schema_version,
            e.payload,
        )?);
    }
    if state.deleted {
        return Err(PastError::Deleted { version });
    }
    let at = match point {
        PastPoint::Version(_) => updated_at,
        PastPoint::Time(at) => at,
    };
    let graph = Graph::load(conn, account_id, recipe_id, &state, Source::LogAt(at)).await?;
    let outcome = derive::derive_from(&graph, recipe_id, &state, None);
    let mut columns = LabelColumns::from_outcome(outcome, &state)?;
    let mut label_edition = columns
        .label
        .as_ref()
        .map(|_| crate::edition::current().to_owned());
    // A version's own label, as it was served when the version was written, wins over a
    // derivation by today's engine and rules (which may print otherwise).
    if let PastPoint::Version(n) = point {
        // The row keeps only the hash while the view still holds that label (migration 0019).
        let kept: Option<(Option<serde_json::Value>, String)> = sqlx::query_as(
            "select coalesce(lv.label, v.label) as label, lv.edition
             from label_version lv
             left join recipe_view v on v.recipe_id = lv.recipe_id and v.label_hash = lv.label_hash
             where lv.recipe_id = $1 and lv.version = $2",
        )
        .bind(recipe_id)
        .bind(n)
        .fetch_optional(&mut *conn)
        .await?;
        match kept {
            Some((Some(label), edition)) => {
                columns.label = Some(LabelJson::Tree(label));
                columns.label_error = None;
                label_edition = Some(edition);
            }
            // The triggers make this impossible; say so rather than serve a guess quietly.
            Some((None, _)) => tracing::error!(
                recipe_id,
                version = n,
                "a recorded label version has lost its label; deriving it again"
            ),
            None => {}
        }
    }
    Ok(RecipeRow {
        recipe_id: recipe_id.to_owned(),
        account_id,
        state,
        label: columns.label,
        label_error: columns.label_error,
        label_edition,
        ingredients: columns.ingredients,
        cost: columns.cost,
        created_at,
        updated_at,
    })
}

/// The streams `ids` of `account_id` folded as of `at` (see the module docs), live ones
/// only, in one query.
pub(crate) async fn fold_streams<S: StreamState>(
    conn: &mut PgConnection,
    account_id: Uuid,
    ids: &[String],
    at: DateTime<Utc>,
) -> Result<Vec<(String, S)>, DeriveError> {
    let rows = sqlx::query(
        "with upto as (
             select stream_id, max(stream_version) as last from event
             where stream_id = any($1) and account_id = $2 and occurred_at <= $3
             group by stream_id
         )
         select e.stream_id, e.event_type, e.schema_version, e.payload
         from upto join event e on e.stream_id = upto.stream_id and e.stream_version <= upto.last
         order by e.stream_id, e.stream_version",
    )
    .bind(ids)
    .bind(account_id)
    .bind(at)
    .fetch_all(&mut *conn)
    .await?;
    let mut folded: Vec<(String, S)> = Vec::new();
    for row in rows {
        let stream_id: String = row.try_get("stream_id")?;
        let event_type: String = row.try_get("event_type")?;
        let schema_version: i16 = row.try_get("schema_version")?;
        let payload: Value = row.try_get("payload")?;
        if folded.last().is_none_or(|(id, _)| *id != stream_id) {
            folded.push((stream_id, S::default()));
        }
        if let Some((_, state)) = folded.last_mut() {
            *state = std::mem::take(state).apply(&event_type, schema_version, payload)?;
        }
    }
    folded.retain(|(_, state)| state.live());
    Ok(folded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_parameters_mean_the_current_recipe() {
        assert_eq!(parse_point(None, None), Ok(None));
    }

    #[test]
    fn a_version_is_one_or_more() {
        assert_eq!(parse_point(Some(3), None), Ok(Some(PastPoint::Version(3))));
        for bad in [0, -1, i64::MIN] {
            let err = parse_point(Some(bad), None).expect_err("refused");
            assert_eq!(err.field, "version");
        }
    }

    #[test]
    fn as_of_is_rfc_3339_in_any_offset() {
        let at = parse_point(None, Some("2026-03-01T13:30:00+01:00")).expect("parsed");
        let utc = DateTime::parse_from_rfc3339("2026-03-01T12:30:00Z")
            .expect("literal")
            .with_timezone(&Utc);
        assert_eq!(at, Some(PastPoint::Time(utc)));
        for bad in ["yesterday", "2026-03-01", "2026-03-01 12:30:00", ""] {
            let err = parse_point(None, Some(bad)).expect_err(bad);
            assert_eq!(err.field, "as_of", "{bad}");
        }
    }

    #[test]
    fn version_and_as_of_together_are_refused() {
        let err = parse_point(Some(1), Some("2026-03-01T12:30:00Z")).expect_err("refused");
        assert_eq!(err.field, "as_of");
        assert!(err.problem.contains("not both"));
    }
}
