//! Reads of recipes' stored labels, for the renderer's label files and embeds. Light
//! columns first (account, hash, format), the label itself only when a file is drawn.

use nls_web::Plan;
use serde_json::Value;
use sqlx::{PgConnection, PgExecutor, Row};
use uuid::Uuid;

/// What a label-file request needs to know of a live recipe before touching its label.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelRow {
    pub account_id: Uuid,
    pub has_label: bool,
    /// SHA-256 of the canonical label; `None` for rows stored before hashes were.
    pub label_hash: Option<[u8; 32]>,
    pub label_error: Option<Value>,
    pub label_format: Option<String>,
}

/// The light columns of the live recipe `recipe_id`, whichever account's.
pub async fn light(
    db: impl PgExecutor<'_>,
    recipe_id: &str,
) -> Result<Option<LabelRow>, sqlx::Error> {
    let Some(row) = sqlx::query(
        "select account_id, label is not null as has_label, label_hash, label_error,
                body->>'label_format' as label_format
         from recipe_view where recipe_id = $1 and not deleted",
    )
    .bind(recipe_id)
    .fetch_optional(db)
    .await?
    else {
        return Ok(None);
    };
    let stored_hash: Option<Vec<u8>> = row.try_get("label_hash")?;
    Ok(Some(LabelRow {
        account_id: row.try_get("account_id")?,
        has_label: row.try_get("has_label")?,
        label_hash: stored_hash.and_then(|h| <[u8; 32]>::try_from(h).ok()),
        label_error: row.try_get("label_error")?,
        label_format: row.try_get("label_format")?,
    }))
}

/// What the background renderer needs of a recipe (deleted ones included), with the plan
/// of its account.
#[derive(Debug, Clone)]
pub struct RenderRow {
    pub deleted: bool,
    pub has_label: bool,
    pub label_hash: Option<[u8; 32]>,
    pub plan: Plan,
}

/// [`RenderRow`] of `recipe_id`, or `None` when it never existed.
pub async fn for_rendering(
    conn: &mut PgConnection,
    recipe_id: &str,
) -> Result<Option<RenderRow>, sqlx::Error> {
    let row = sqlx::query(
        "select r.deleted, r.label_hash, r.label is not null as has_label, p.*
         from recipe_view r
         join account a on a.account_id = r.account_id
         join plan p on p.plan_id = a.plan_id
         where r.recipe_id = $1",
    )
    .bind(recipe_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let stored_hash: Option<Vec<u8>> = row.try_get("label_hash")?;
    Ok(Some(RenderRow {
        deleted: row.try_get("deleted")?,
        has_label: row.try_get("has_label")?,
        label_hash: stored_hash.and_then(|h| <[u8; 32]>::try_from(h).ok()),
        plan: Plan::from_row(&row)?,
    }))
}

/// The stored label of `recipe_id` (an error when it has none).
pub async fn label(conn: &mut PgConnection, recipe_id: &str) -> Result<Value, sqlx::Error> {
    sqlx::query_scalar("select label from recipe_view where recipe_id = $1")
        .bind(recipe_id)
        .fetch_one(&mut *conn)
        .await
}

/// A page of the live labelled recipes after `after` (by id) whose cached files are stale:
/// a file type was asked for (some `label_file` row of that type exists) but no file of
/// that type is of the current label. Recipes with no file at all are not listed (nothing
/// of theirs is kept fresh), nor those whose every asked-for type is current.
pub async fn with_stale_files_after(
    db: impl PgExecutor<'_>,
    after: &str,
    limit: i64,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select r.recipe_id from recipe_view r
         where not r.deleted and r.label is not null and r.label_hash is not null
           and r.recipe_id > $1
           and exists (
               select 1 from label_file f
               where f.recipe_id = r.recipe_id
                 and not exists (
                     select 1 from label_file g
                     where g.recipe_id = r.recipe_id and g.file_type = f.file_type
                       and g.label_hash = r.label_hash))
         order by r.recipe_id limit $2",
    )
    .bind(after)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Of `ids`, the live recipes with a label none of whose files is cached (`label_file`),
/// with their label hashes: one query for a whole batch.
pub async fn without_files(
    conn: &mut PgConnection,
    ids: &[String],
) -> Result<Vec<(String, Vec<u8>)>, sqlx::Error> {
    sqlx::query_as(
        "select r.recipe_id, r.label_hash from recipe_view r
         where r.recipe_id = any($1) and not r.deleted and r.label_hash is not null
           and not exists (select 1 from label_file f where f.recipe_id = r.recipe_id)",
    )
    .bind(ids)
    .fetch_all(&mut *conn)
    .await
}

/// What an embed shows of a recipe.
#[derive(Debug, Clone, PartialEq)]
pub struct EmbedRow {
    pub embed_token: Option<String>,
    pub deleted: bool,
    pub label: Option<Value>,
}

/// The live recipe behind an embed `token`.
pub async fn recipe_of_token(
    db: impl PgExecutor<'_>,
    token: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("select recipe_id from recipe_view where embed_token = $1 and not deleted")
        .bind(token)
        .fetch_optional(db)
        .await
}

/// The live recipe behind an embed `token` and its label, when the account's plan allows
/// the label's format (an account that moved to a smaller plan shows no label).
pub async fn label_of_token(
    db: impl PgExecutor<'_>,
    token: &str,
) -> Result<Option<(String, Option<Value>)>, sqlx::Error> {
    let row = sqlx::query(
        "select r.recipe_id, r.label, p.*
         from recipe_view r
         join account a on a.account_id = r.account_id
         join plan p on p.plan_id = a.plan_id
         where r.embed_token = $1 and not r.deleted",
    )
    .bind(token)
    .fetch_optional(db)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some((row.try_get("recipe_id")?, allowed_label(&row)?)))
}

/// [`EmbedRow`] of `recipe_id` (deleted ones included), or `None` when it never existed; its
/// label only when the account's plan allows the label's format.
pub async fn embed(
    db: impl PgExecutor<'_>,
    recipe_id: &str,
) -> Result<Option<EmbedRow>, sqlx::Error> {
    let row = sqlx::query(
        "select r.embed_token, r.deleted, r.label, p.*
         from recipe_view r
         join account a on a.account_id = r.account_id
         join plan p on p.plan_id = a.plan_id
         where r.recipe_id = $1",
    )
    .bind(recipe_id)
    .fetch_optional(db)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(EmbedRow {
        embed_token: row.try_get("embed_token")?,
        deleted: row.try_get("deleted")?,
        label: allowed_label(&row)?,
    }))
}

/// The row's `label` when the plan selected beside it (`p.*`) allows its format.
fn allowed_label(row: &sqlx::postgres::PgRow) -> Result<Option<Value>, sqlx::Error> {
    let label: Option<Value> = row.try_get("label")?;
    let plan = Plan::from_row(row)?;
    Ok(label.filter(|label| {
        label
            .get("format")
            .and_then(Value::as_str)
            .and_then(nls_nutrition::format)
            .map_or(plan.all_label_formats, |f| {
                nls_web::FormatPlan::allowed_for(f, &plan)
            })
    }))
}
