//! `POST /v1/imports`: the recipes a file describes ([`crate::import`]), created all in one
//! transaction or not at all; a dry run prepares them the same way and writes nothing.

use std::collections::HashMap;
use std::time::Instant;

use nls_events::recipe::IngredientLine;
use nls_readmodel::lazy_conn::LazyConn;
use nls_readmodel::resolve::{self, Entry};
use nls_web::{ApiError, Caller};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;

use super::{
    lock_recipe_graph, meta, prepare_recipe, remember, replay, Attempt, CommandState, Created,
    Idempotency, PreparedRecipe, Resolved,
};
use crate::error::CommandError;
use crate::import::{ImportError, Plan, PlannedRecipe, Problem, Problems, DEADLINE};

/// What an import created, or (dry run) would create.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ImportReport {
    pub dry_run: bool,
    /// Rows read besides the header.
    pub rows: usize,
    pub recipes: Vec<ImportedRecipe>,
    /// A dry run's problems: what the import itself would refuse (empty when it would
    /// succeed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problems: Option<Vec<Problem>>,
    /// Problems past the listed ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub more_problems: Option<usize>,
}

/// One recipe of an import.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ImportedRecipe {
    pub name: String,
    pub first_row: usize,
    pub last_row: usize,
    /// The created recipe (not in a dry run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<i64>,
    /// A dry run's label, as the create would compute it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<nls_nutrition::Label>)]
    pub label: Option<nls_readmodel::label_json::LabelJson>,
    /// A dry run's reason the create would be refused (`code`, `message`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub label_error: Option<serde_json::Value>,
    /// A dry run's ingredient lines, each with its row and what it resolved to (the lines
    /// that resolved; a row that matches nothing is a problem instead).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<Vec<ImportedLine>>,
}

/// One ingredient line of a dry run's recipe.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ImportedLine {
    /// The file's row (the header is row 1).
    pub row: usize,
    /// The `ingredient` cell: a name or an id, as the file gives it.
    pub ingredient: String,
    /// What it resolved to: `ing_…`, `rcp_…` or `fooddb:<id>`.
    pub ingredient_id: String,
    pub grams: f64,
}

impl ImportedRecipe {
    fn of(planned: &PlannedRecipe) -> Self {
        Self {
            name: planned.name.clone(),
            first_row: planned.rows.first().copied().unwrap_or(0),
            last_row: planned.rows.last().copied().unwrap_or(0),
            id: None,
            location: None,
            version: None,
            label: None,
            label_error: None,
            lines: None,
        }
    }
}

/// The planned recipes, each decided and derived (or why it cannot be).
struct Prepared {
    recipes: Vec<(ImportedRecipe, Option<PreparedRecipe>)>,
    problems: Problems,
}

impl CommandState {
    /// Creates every recipe of `plan` in one transaction (holding the graph lock, as a
    /// create whose lines join a graph does), or none when any row has a problem. With
    /// `dry_run`, prepares them in a read-only transaction that is rolled back and answers
    /// each one's label or refusal. `started` is when the request arrived: the import is
    /// abandoned (nothing written) past [`DEADLINE`].
    pub async fn import(
        &self,
        caller: &Caller,
        plan: Plan,
        rows: usize,
        dry_run: bool,
        idempotency: Option<Idempotency>,
        started: Instant,
    ) -> Result<ImportReport, CommandError> {
        if dry_run {
            return self.dry_run(caller, plan, rows, started).await;
        }
        let (plan, idempotency) = (&plan, idempotency.as_ref());
        let written = self
            .transact(None, |mut owned| async move {
                let outcome = async {
                    let tx = &mut owned.tx;
                    lock_recipe_graph(tx, caller).await?;
                    if let Some(replayed) = replay(tx, caller, idempotency).await? {
                        return Ok(Attempt::Done(replayed));
                    }
                    let prepared = prepare_all(tx, caller, plan, started).await?;
                    if !prepared.problems.is_empty() {
                        return Err(prepared.problems.into_error().into());
                    }
                    let meta = meta(caller);
                    let mut recipes = Vec::with_capacity(prepared.recipes.len());
                    for (mut report, recipe) in prepared.recipes {
                        check_deadline(started)?;
                        let Some(recipe) = recipe else {
                            return Err(CommandError::internal("a prepared recipe is missing"));
                        };
                        let (created, stored) =
                            self.write_recipe(tx, caller, &meta, recipe).await?;
                        owned.appended.extend(stored);
                        // Lines are a dry run's preview; the created recipe lists its own.
                        report.lines = None;
                        report.id = Some(created.body.id);
                        report.location = Some(created.location);
                        report.version = Some(created.version);
                        recipes.push(report);
                    }
                    let written = Created {
                        version: 0,
                        location: "/v1/recipes".to_owned(),
                        body: ImportReport {
                            dry_run: false,
                            rows,
                            recipes,
                            problems: None,
                            more_problems: None,
                        },
                    };
                    remember(tx, caller, idempotency, written).await
                }
                .await;
                (owned, outcome)
            })
            .await?;
        for recipe in &written.body.recipes {
            if let Some(id) = &recipe.id {
                self.labels.recipe(id);
            }
        }
        Ok(written.body)
    }

    async fn dry_run(
        &self,
        caller: &Caller,
        plan: Plan,
        rows: usize,
        started: Instant,
    ) -> Result<ImportReport, CommandError> {
        let mut tx = self.pool.begin().await?;
        // A dry run must write nothing: Postgres refuses any write in this transaction.
        sqlx::query("set transaction read only")
            .execute(&mut *tx)
            .await?;
        let prepared = prepare_all(&mut tx, caller, &plan, started).await?;
        tx.rollback().await?;
        let mut problems = prepared.problems;
        problems.listed.sort_by_key(|p| p.row);
        Ok(ImportReport {
            dry_run: true,
            rows,
            recipes: prepared.recipes.into_iter().map(|(r, _)| r).collect(),
            more_problems: Some(problems.more),
            problems: Some(problems.listed),
        })
    }
}

fn check_deadline(started: Instant) -> Result<(), CommandError> {
    if started.elapsed() > DEADLINE {
        return Err(ImportError::Deadline {
            secs: DEADLINE.as_secs(),
        }
        .into());
    }
    Ok(())
}

/// Resolves every distinct ingredient of the plan once, then decides and derives each
/// recipe as a create would; a refusal becomes a problem of the rows it concerns.
async fn prepare_all(
    conn: &mut PgConnection,
    caller: &Caller,
    plan: &Plan,
    started: Instant,
) -> Result<Prepared, CommandError> {
    let mut problems = plan.problems.clone();
    let lines = resolve_distinct(conn, caller, &plan.recipes, started).await?;
    let mut recipes = Vec::with_capacity(plan.recipes.len());
    for planned in &plan.recipes {
        check_deadline(started)?;
        let mut report = ImportedRecipe::of(planned);
        let entries = planned.change.entries.as_deref().unwrap_or_default();
        let mut resolved = Vec::with_capacity(entries.len());
        let mut shown = Vec::with_capacity(entries.len());
        for (entry, row) in entries.iter().zip(&planned.rows) {
            match lines.get(&key(entry)) {
                Some(Ok(line)) => {
                    shown.push(ImportedLine {
                        row: *row,
                        ingredient: entry
                            .name
                            .clone()
                            .or_else(|| entry.ingredient_id.clone())
                            .unwrap_or_default(),
                        ingredient_id: line.ingredient_id.clone(),
                        grams: entry.grams,
                    });
                    resolved.push(IngredientLine {
                        grams: entry.grams,
                        ..line.clone()
                    });
                }
                Some(Err(problem)) => problems.push(Problem {
                    row: *row,
                    ..problem.clone()
                }),
                None => return Err(CommandError::internal("an entry was not resolved")),
            }
        }
        report.lines = Some(shown);
        if resolved.len() < entries.len() {
            report.label_error = Some(serde_json::json!({
                "code": "unknown_ingredient",
                "message": "an ingredient of this recipe matches nothing",
            }));
            recipes.push((report, None));
            continue;
        }
        let resolved = Resolved {
            lines: Some(resolved),
            prepared: None,
        };
        match prepare_recipe(
            &mut LazyConn::held(&mut *conn),
            caller,
            &planned.change,
            resolved,
        )
        .await
        {
            Ok(prepared) => {
                report.label = prepared.columns.label.clone();
                recipes.push((report, Some(prepared)));
            }
            Err(error) if is_client_side(&error) => {
                let error = ApiError::from(error);
                report.label_error = Some(serde_json::json!({
                    "code": error.code().as_str(),
                    "message": match &error {
                        ApiError::Client { message, .. } => message.clone(),
                        ApiError::Internal(_) => String::new(),
                    },
                }));
                problems.push(Problem::from_api(report.first_row, "recipe", error));
                recipes.push((report, None));
            }
            Err(error) => return Err(error),
        }
    }
    Ok(Prepared { recipes, problems })
}

/// What tells entries apart in resolution: the same reference resolves the same way.
type Key = (Option<String>, Option<String>);

fn key(entry: &Entry) -> Key {
    (entry.ingredient_id.clone(), entry.name.clone())
}

/// Each distinct reference of the plan, resolved alone (so that each unknown one is
/// reported): the line it resolves to (its grams are the entry's), or its problem.
async fn resolve_distinct(
    conn: &mut PgConnection,
    caller: &Caller,
    recipes: &[PlannedRecipe],
    started: Instant,
) -> Result<HashMap<Key, Result<IngredientLine, Problem>>, CommandError> {
    let mut lines = HashMap::new();
    for entry in recipes
        .iter()
        .flat_map(|r| r.change.entries.as_deref().unwrap_or_default())
    {
        let key = key(entry);
        if lines.contains_key(&key) {
            continue;
        }
        check_deadline(started)?;
        let outcome =
            match resolve::resolve(conn, caller.account_id, std::slice::from_ref(entry)).await {
                Ok(mut resolved) => match resolved.pop() {
                    Some((line, _)) => Ok(line),
                    None => return Err(CommandError::internal("an entry resolved to nothing")),
                },
                Err(resolve::ResolveError::Database(e)) => return Err(e.into()),
                Err(unknown) => Err(Problem::from_api(0, "ingredient", unknown.into())),
            };
        lines.insert(key, outcome);
    }
    Ok(lines)
}

/// Whether a create's refusal is the recipe's to fix (a row problem) rather than the
/// service's (which fails the import as a whole).
fn is_client_side(error: &CommandError) -> bool {
    match error {
        CommandError::Domain { .. } | CommandError::BreaksDependent(_) => true,
        CommandError::Resolve(e) => !matches!(e, resolve::ResolveError::Database(_)),
        CommandError::Derive(e) => e.is_client_side(),
        _ => false,
    }
}
