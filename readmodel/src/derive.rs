//! From a recipe's recorded lines to its label: resolve every line against the account's
//! views, the shipped food database and sub-recipes, then run the nutrition engine.
//! Used by the views (stored labels), the command side (validation before appending) and
//! `/v1/analyze`, so there is exactly one way a label is made.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};

use nls_events::recipe::IngredientLine;
use nls_events::{
    DecodeError, Envelope, IngredientEvent, IngredientState, RecipeEvent, RecipeState,
};
use nls_nutrition::{
    Allergen, IngredientSource, Label, LabelError, LanguageNames, Nutrient, NutrientAmounts,
    RecipeInput, ResolvedIngredient,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, Row};
use thiserror::Error;
use uuid::Uuid;

use crate::bounds::{self, Extent, Limit, MeasureError, TooLarge, Tree};
use crate::label_json::LabelJson;
use crate::lazy_conn::LazyConn;

/// How deep sub-recipes may nest before we stop following them.
const MAX_DEPTH: usize = bounds::MAX_DEPTH as usize;

/// A recipe line as the representation shows it.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct ResolvedLine {
    pub ingredient_id: String,
    /// The name the client gave (or the resolved name when the entry came by id).
    pub name: String,
    /// What the line resolved to: the database food's description, or the custom
    /// ingredient's or sub-recipe's current name.
    pub resolved_name: String,
    pub label_name: String,
    pub grams: f64,
    /// The line's nutrient overrides per 100 g, when it has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nutrients: Option<std::collections::BTreeMap<String, f64>>,
    /// Nutrients added to it as a nutrient supplement, when any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub added_nutrients: Vec<String>,
    /// The line's own names by language, when it has any.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub label_names: std::collections::BTreeMap<String, String>,
}

/// Everything derived from a recipe's state.
#[derive(Debug, Clone)]
pub struct Derived {
    pub label: Label,
    pub lines: Vec<ResolvedLine>,
    /// Total cost of the recipe, when every line has a cost.
    pub cost: Option<f64>,
    pub input: RecipeInput,
    /// What the recipe expands to (checked against the limits before it was built).
    pub extent: Extent,
    /// The label's canonical JSON (its serialisation from [`Label`]): measured against
    /// the size limit once, and hashed from the same bytes when stored.
    pub label_json: Box<serde_json::value::RawValue>,
}

/// Why a label cannot be derived. The first five are the client's to fix.
#[derive(Debug, Error)]
pub enum DeriveError {
    #[error("ingredient {0} does not exist")]
    UnknownIngredient(String),
    #[error("sub-recipes form a cycle: {}", .0.join(" -> "))]
    Cycle(Vec<String>),
    #[error("{0}")]
    TooLarge(#[from] TooLarge),
    #[error("unknown label format {0:?}")]
    UnknownFormat(String),
    #[error("front-of-pack: {0}")]
    FrontOfPack(String),
    #[error("{0}")]
    Label(#[from] LabelError),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("stored view is corrupt: {0}")]
    CorruptView(#[from] serde_json::Error),
    #[error("stored event cannot be decoded: {0}")]
    CorruptEvent(#[from] nls_events::DecodeError),
}

impl DeriveError {
    /// Whether the recipe's data is the problem (the client's to fix), rather than the
    /// service's storage.
    pub fn is_client_side(&self) -> bool {
        !matches!(
            self,
            Self::Database(_) | Self::CorruptView(_) | Self::CorruptEvent(_)
        )
    }

    /// A stable name of the problem, stored with the message in `label_error`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::UnknownIngredient(_) => "unknown_ingredient",
            Self::Cycle(_) => "recipe_cycle",
            Self::TooLarge(_) => "recipe_too_large",
            Self::UnknownFormat(_) => "unknown_label_format",
            Self::FrontOfPack(_) => "validation_failed",
            Self::Label(_) => "validation_failed",
            Self::Database(_) | Self::CorruptView(_) | Self::CorruptEvent(_) => "internal",
        }
    }
}

impl From<MeasureError> for DeriveError {
    fn from(err: MeasureError) -> Self {
        match err {
            MeasureError::TooLarge(e) => Self::TooLarge(e),
            MeasureError::Cycle(path) => Self::Cycle(path),
            MeasureError::Unknown(id) => Self::UnknownIngredient(id),
        }
    }
}

/// Derives the label of `state` (the recipe `root_id`, which need not exist yet) from the
/// current views.
pub async fn derive(
    db: &mut LazyConn<'_>,
    account_id: Uuid,
    root_id: &str,
    state: &RecipeState,
    racc_g: Option<f64>,
) -> Result<Derived, DeriveError> {
    let graph = Graph::of_views(db, account_id, root_id, state).await?;
    derive_from(&graph, root_id, state, racc_g)
}

/// What a recipe's label is computed from, resolved and measured, with no label computed:
/// for callers that compute the label themselves, in a format and with extras of their own
/// (`/v1/analyze`), so that no label is computed twice.
#[derive(Debug, Clone)]
pub struct DerivedInput {
    pub lines: Vec<ResolvedLine>,
    /// Total cost of the recipe, when every line has a cost.
    pub cost: Option<f64>,
    pub input: RecipeInput,
    /// What the recipe expands to (checked against the limits before it was built).
    pub extent: Extent,
}

/// [`derive`] up to the engine's input: `state`'s lines resolved against the current views,
/// the tree measured against the limits, and the label's input built. Computes no label.
pub async fn derive_input(
    db: &mut LazyConn<'_>,
    account_id: Uuid,
    root_id: &str,
    state: &RecipeState,
    racc_g: Option<f64>,
) -> Result<DerivedInput, DeriveError> {
    let graph = Graph::of_views(db, account_id, root_id, state).await?;
    input_from(&graph, root_id, state, racc_g)
}

/// A saved recipe's state as one food of a variety pack (21 CFR 101.9(d)(13)(ii),
/// `us.aggr`): its own fields computed as one standard column; its package and what
/// preparing it adds are not a pack column's (the pack's label has its own package).
pub fn as_pack_food(state: RecipeState) -> RecipeState {
    RecipeState {
        label_format: "standard".into(),
        package: None,
        prepared: Vec::new(),
        ..state
    }
}

/// Derives the label of `state` from what `graph` holds: no I/O. [`derive`] loads the graph
/// from the views; `crate::past` from the event log as of a moment.
pub(crate) fn derive_from(
    graph: &Graph,
    root_id: &str,
    state: &RecipeState,
    racc_g: Option<f64>,
) -> Result<Derived, DeriveError> {
    let package = state.package.as_ref().map(crate::extras::package_of);
    // `us.auto`: the first layout the package allows that the catalog holds (the plan was
    // checked when the recipe was written).
    let (format, chosen) = if state.label_format == nls_nutrition::package::AUTO {
        let report = nls_nutrition::package::assess(&package.clone().unwrap_or_default());
        let id = nls_nutrition::package::choose(&report, |id| nls_nutrition::format(id).is_some())
            .ok_or_else(|| DeriveError::UnknownFormat(state.label_format.clone()))?;
        let format = nls_nutrition::format(&id)
            .ok_or_else(|| DeriveError::UnknownFormat(state.label_format.clone()))?;
        (format, Some(id))
    } else {
        let format = nls_nutrition::format(&state.label_format)
            .ok_or_else(|| DeriveError::UnknownFormat(state.label_format.clone()))?;
        (format, None)
    };
    let DerivedInput {
        lines,
        cost,
        mut input,
        extent,
    } = input_from(graph, root_id, state, racc_g)?;
    // The package's RACC category is the claims' reference amount unless one is given.
    input.racc_g = input
        .racc_g
        .or_else(|| package.as_ref().and_then(|p| p.racc_g()));
    // What preparation adds, resolved like the recipe's own lines.
    let prepared = if state.prepared.is_empty() {
        Vec::new()
    } else {
        let additions = RecipeState {
            servings: 1.0,
            serving_weight_g: None,
            ingredients: state.prepared.clone(),
            ..RecipeState::default()
        };
        let mut path = vec![root_id.to_owned()];
        graph.build(&additions, &mut path)?.0.ingredients
    };
    let extras = nls_nutrition::Extras {
        prepared: &prepared,
        package: package.as_ref(),
        chosen,
        liquid_density_g_per_ml: liquid_density(state.front_of_pack_facts.as_ref()),
        liquid: state
            .front_of_pack_facts
            .as_ref()
            .is_some_and(|f| f.state.as_deref() == Some("liquid")),
    };
    let mut label = nls_nutrition::compute_label_with(&input, format, &extras)?;
    label.front_of_pack = front_of_pack(&label, state, &[], input.racc_g)?;
    // Raw JSON that serde_json itself wrote, so nothing re-reads it to check it is JSON.
    let label_json = serde_json::value::to_raw_value(&label)?;
    TooLarge::check(
        Limit::LabelBytes,
        u64::try_from(label_json.get().len()).unwrap_or(u64::MAX),
    )?;
    Ok(Derived {
        label,
        lines,
        cost,
        input,
        extent,
        label_json,
    })
}

/// [`derive_from`] up to the engine's input (see [`derive_input`]). `racc_g` is the
/// input's reference amount as given; the package's category is [`derive_from`]'s to add.
fn input_from(
    graph: &Graph,
    root_id: &str,
    state: &RecipeState,
    racc_g: Option<f64>,
) -> Result<DerivedInput, DeriveError> {
    // Measured before anything is expanded: a small graph can describe a huge tree.
    let extent = bounds::measure(graph, root_id, state)?;
    let mut path = vec![root_id.to_owned()];
    let (mut input, cost) = graph.build(state, &mut path)?;
    input.racc_g = racc_g;
    let lines = state
        .ingredients
        .iter()
        .map(|line| {
            Ok(ResolvedLine {
                ingredient_id: line.ingredient_id.clone(),
                name: line.name.clone(),
                resolved_name: graph
                    .resolved_name(&line.ingredient_id)
                    .unwrap_or_else(|| line.name.clone()),
                label_name: graph.label_name(line)?,
                grams: line.grams,
                nutrients: line.nutrients.clone(),
                added_nutrients: line.added_nutrients.clone(),
                label_names: line.label_names.clone(),
            })
        })
        .collect::<Result<_, DeriveError>>()?;
    Ok(DerivedInput {
        lines,
        cost,
        input,
        extent,
    })
}

/// The density of a product recorded as a liquid (`front_of_pack_facts`: `state` liquid
/// and `density_g_per_ml`): formats whose law declares liquids per 100 ml then do.
pub fn liquid_density(facts: Option<&nls_events::recipe::FrontOfPackFacts>) -> Option<f64> {
    facts
        .filter(|f| f.state.as_deref() == Some("liquid"))
        .and_then(|f| f.density_g_per_ml)
}

/// The front-of-pack entries of a recipe's label: its market's mandatory schemes, the
/// recipe's voluntary ones, then `also` (a request's `fop=`), judged on today's date
/// (schemes have phases) with the facts the recipe recorded.
pub fn front_of_pack(
    label: &Label,
    state: &RecipeState,
    also: &[String],
    racc_g: Option<f64>,
) -> Result<Vec<nls_nutrition::fop::FopResult>, DeriveError> {
    let facts = state
        .front_of_pack_facts
        .as_ref()
        .map(crate::extras::facts_of)
        .unwrap_or_default();
    let mut asked = state.front_of_pack.clone();
    asked.extend(
        also.iter()
            .filter(|id| !state.front_of_pack.contains(id))
            .cloned(),
    );
    nls_nutrition::fop::front_of_pack(label, &asked, &facts, racc_g, &nls_web::fop::today_utc())
        .map_err(|e| DeriveError::FrontOfPack(e.to_string()))
}

/// A recipe view's derived columns: its label (or why there is none), resolved lines and
/// cost, as stored in `recipe_view`.
#[derive(Debug, Clone, PartialEq)]
pub struct LabelColumns {
    pub label: Option<LabelJson>,
    /// SHA-256 of the label's canonical JSON (what label files are keyed by).
    pub label_hash: Option<Vec<u8>>,
    pub label_error: Option<serde_json::Value>,
    pub ingredients: serde_json::Value,
    pub cost: Option<f64>,
}

impl LabelColumns {
    /// From a derivation that succeeded.
    pub fn derived(derived: &Derived) -> Result<Self, serde_json::Error> {
        Ok(Self {
            label: Some(LabelJson::Canonical(derived.label_json.clone())),
            label_hash: Some(hash_label_json(derived.label_json.get().as_bytes()).to_vec()),
            label_error: None,
            ingredients: serde_json::to_value(&derived.lines)?,
            cost: derived.cost,
        })
    }

    /// From a derivation's outcome: a client-side problem becomes a `label_error`, so reads
    /// can say why there is no label; database trouble stays an error.
    pub fn from_outcome(
        outcome: Result<Derived, DeriveError>,
        state: &RecipeState,
    ) -> Result<Self, DeriveError> {
        match outcome {
            Ok(derived) => Ok(Self::derived(&derived)?),
            Err(err) if !err.is_client_side() => Err(err),
            Err(problem) => Ok(Self {
                label: None,
                label_hash: None,
                label_error: Some(
                    serde_json::json!({ "code": problem.code(), "message": problem.to_string() }),
                ),
                ingredients: serde_json::to_value(unresolved_lines(&state.ingredients))?,
                cost: None,
            }),
        }
    }
}

/// Recomputes and stores the label of one recipe from the current views. `cause` is the
/// event that made it necessary, recorded with any printed change (see [`store_label`]);
/// `None` when nothing new happened (a replay's final pass).
pub async fn refresh_label(
    tx: &mut PgConnection,
    recipe_id: &str,
    cause: Option<&Envelope>,
) -> Result<(), DeriveError> {
    let Some(row) =
        sqlx::query("select account_id, body from recipe_view where recipe_id = $1 for update")
            .bind(recipe_id)
            .fetch_optional(&mut *tx)
            .await?
    else {
        return Ok(());
    };
    let account_id: Uuid = row.try_get("account_id")?;
    let state: RecipeState = serde_json::from_value(row.try_get("body")?)?;
    if state.deleted {
        sqlx::query(
            "update recipe_view set label = null, label_hash = null, label_error = null
             where recipe_id = $1",
        )
        .bind(recipe_id)
        .execute(&mut *tx)
        .await?;
        return Ok(());
    }
    let outcome = derive(&mut LazyConn::held(tx), account_id, recipe_id, &state, None).await;
    let columns = LabelColumns::from_outcome(outcome, &state)?;
    store_label(tx, recipe_id, &columns, cause).await
}

/// Writes a recipe's derived columns. When `cause` is given and the printed label changed,
/// the change is recorded in `label_change` in the same transaction
/// ([`crate::label_change`]): whichever role stores a label records its change, once.
/// The replaced label is read in the same statement, and only when its hash differs.
pub async fn store_label(
    tx: &mut PgConnection,
    recipe_id: &str,
    columns: &LabelColumns,
    cause: Option<&Envelope>,
) -> Result<(), DeriveError> {
    let row = sqlx::query(
        "with old as (
             select label_hash, label, label_error from recipe_view where recipe_id = $1 for update
         )
         update recipe_view r
            set label = $2, label_hash = $6, label_error = $3, ingredients = $4, cost = $5,
                label_edition = case when $2::jsonb is not null then $8 end
           from old
          where r.recipe_id = $1
         returning r.account_id, r.version, r.body->>'label_format' as format,
                   old.label_error is not null as had_error,
                   case when $7 and old.label_hash is distinct from $6 then old.label end
                       as replaced_label,
                   old.label_hash is distinct from $6 as hash_changed",
    )
    .bind(recipe_id)
    .bind(columns.label.as_ref().map(sqlx::types::Json))
    .bind(&columns.label_error)
    .bind(&columns.ingredients)
    .bind(columns.cost)
    .bind(&columns.label_hash)
    .bind(cause.is_some())
    .bind(crate::edition::current())
    .fetch_optional(&mut *tx)
    .await?;
    let (Some(row), Some(cause)) = (row, cause) else {
        return Ok(());
    };
    if cause.stream_id == recipe_id {
        record_version_label(tx, recipe_id, cause.stream_version, columns).await?;
    }
    if !row.try_get::<bool, _>("hash_changed")? {
        return Ok(());
    }
    let replaced: Option<serde_json::Value> = row.try_get("replaced_label")?;
    let had_error: bool = row.try_get("had_error")?;
    // A recipe's first label (its creation, or a replay rebuilding the views) replaces
    // nothing: it is announced by `recipe.created`, not as a change.
    if replaced.is_none() && !had_error {
        return Ok(());
    }
    // The change is recorded as trees (its differences are read field by field).
    let after = columns
        .label
        .as_ref()
        .map(LabelJson::to_value)
        .transpose()?;
    crate::label_change::record(
        tx,
        &crate::label_change::Replaced {
            account_id: row.try_get("account_id")?,
            recipe_id,
            recipe_version: row.try_get("version")?,
            format: row.try_get("format")?,
            before: replaced.as_ref(),
            after: after.as_ref(),
        },
        cause,
    )
    .await?;
    Ok(())
}

/// Keeps the label a recipe version was given when it was written (`label_version`), the
/// first one only: a replay or a redelivery recomputing it later changes nothing, so
/// `?version=N` keeps serving what was served then. Only its hash is written: the view
/// holds that label now ([`store_label`] just wrote it), and migration 0019's triggers copy
/// it into the row when the view lets go of it.
async fn record_version_label(
    tx: &mut PgConnection,
    recipe_id: &str,
    version: i64,
    columns: &LabelColumns,
) -> Result<(), sqlx::Error> {
    let (Some(_), Some(hash)) = (&columns.label, &columns.label_hash) else {
        return Ok(());
    };
    sqlx::query(
        "insert into label_version (recipe_id, version, label_hash, edition)
         values ($1, $2, $3, $4) on conflict do nothing",
    )
    .bind(recipe_id)
    .bind(version)
    .bind(hash)
    .bind(crate::edition::current())
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// SHA-256 of a label's canonical JSON: its serialisation from [`Label`], so key order or
/// spacing in storage never matters. Label files are keyed by it.
pub fn label_hash(label: &Label) -> Result<[u8; 32], serde_json::Error> {
    Ok(hash_label_json(&serde_json::to_vec(label)?))
}

/// SHA-256 of a label's canonical JSON bytes, already serialised.
fn hash_label_json(json: &[u8]) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    Sha256::digest(json).into()
}

fn unresolved_lines(lines: &[IngredientLine]) -> Vec<ResolvedLine> {
    lines
        .iter()
        .map(|l| ResolvedLine {
            ingredient_id: l.ingredient_id.clone(),
            name: l.name.clone(),
            resolved_name: l.name.clone(),
            label_name: l.label_name.clone().unwrap_or_else(|| l.name.clone()),
            grams: l.grams,
            nutrients: l.nutrients.clone(),
            added_nutrients: l.added_nutrients.clone(),
            label_names: l.label_names.clone(),
        })
        .collect()
}

impl From<DeriveError> for crate::ProjectionError {
    fn from(err: DeriveError) -> Self {
        match err {
            DeriveError::Database(e) => Self::Database(e),
            DeriveError::CorruptView(e) => Self::CorruptView(e),
            DeriveError::CorruptEvent(e) => Self::Decode(e),
            // refresh_label stores client-side problems as label_error; these cannot reach here.
            other => Self::Database(sqlx::Error::Protocol(other.to_string())),
        }
    }
}

/// The sub-recipes and custom ingredients a recipe reaches, loaded up front so the label
/// can be built without further I/O. Only live (not deleted) ones are held: a line that
/// names anything else makes the label fail with `UnknownIngredient`.
pub(crate) struct Graph {
    recipes: HashMap<String, RecipeState>,
    ingredients: HashMap<String, IngredientState>,
}

/// A state a graph holds: folded from its stream's events, and kept current in a view.
pub(crate) trait StreamState: Default + DeserializeOwned {
    /// The view of current states and its id column.
    const VIEW: &'static str;
    const ID: &'static str;
    /// Applies one stored event.
    fn apply(
        self,
        event_type: &str,
        schema_version: i16,
        payload: Value,
    ) -> Result<Self, DecodeError>;
    /// Whether it exists and is not deleted.
    fn live(&self) -> bool;
}

impl StreamState for RecipeState {
    const VIEW: &'static str = "recipe_view";
    const ID: &'static str = "recipe_id";
    fn apply(
        self,
        event_type: &str,
        schema_version: i16,
        payload: Value,
    ) -> Result<Self, DecodeError> {
        Ok(self.evolve(&RecipeEvent::decode(event_type, schema_version, payload)?))
    }
    fn live(&self) -> bool {
        self.is_live()
    }
}

impl StreamState for IngredientState {
    const VIEW: &'static str = "ingredient_view";
    const ID: &'static str = "ingredient_id";
    fn apply(
        self,
        event_type: &str,
        schema_version: i16,
        payload: Value,
    ) -> Result<Self, DecodeError> {
        Ok(self.evolve(&IngredientEvent::decode(
            event_type,
            schema_version,
            payload,
        )?))
    }
    fn live(&self) -> bool {
        self.is_live()
    }
}

/// The live states `ids` of `account_id` from `source`, in one query.
async fn load_states<S: StreamState>(
    conn: &mut PgConnection,
    account_id: Uuid,
    ids: &[String],
    source: Source,
) -> Result<Vec<(String, S)>, DeriveError> {
    match source {
        Source::Views => {
            let sql = format!(
                "select {id} as id, body from {view}
                 where {id} = any($1) and account_id = $2 and not deleted",
                id = S::ID,
                view = S::VIEW
            );
            let rows = sqlx::query(&sql)
                .bind(ids)
                .bind(account_id)
                .fetch_all(&mut *conn)
                .await?;
            rows.iter()
                .map(|row| {
                    Ok((
                        row.try_get("id")?,
                        serde_json::from_value(row.try_get("body")?)?,
                    ))
                })
                .collect()
        }
        Source::LogAt(at) => crate::past::fold_streams(conn, account_id, ids, at).await,
    }
}

/// Where a graph's states come from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Source {
    /// The current views.
    Views,
    /// The event log as it stood at a moment (see `crate::past`).
    LogAt(DateTime<Utc>),
}

impl Graph {
    /// [`Graph::load`] from the current views, except that a lone root whose lines (prepared
    /// additions included) are all database foods, which no write changes, has nothing to
    /// load: its graph is empty and no connection is taken for it.
    async fn of_views(
        db: &mut LazyConn<'_>,
        account_id: Uuid,
        root_id: &str,
        root: &RecipeState,
    ) -> Result<Self, DeriveError> {
        let database_foods_only = root
            .ingredients
            .iter()
            .chain(&root.prepared)
            .all(|line| line.ingredient_id.starts_with("fooddb:"));
        if database_foods_only {
            return Ok(Self {
                recipes: HashMap::new(),
                ingredients: HashMap::new(),
            });
        }
        Self::load(db.get().await?, account_id, root_id, root, Source::Views).await
    }

    /// The current name of what `id` refers to.
    fn resolved_name(&self, id: &str) -> Option<String> {
        if let Some(fdc) = id.strip_prefix("fooddb:") {
            let n = fdc.parse::<u32>().ok()?;
            return nls_fooddb::shipped().get(n).map(|f| f.description.clone());
        }
        self.ingredients
            .get(id)
            .map(|i| i.name.clone())
            .or_else(|| self.recipes.get(id).map(|r| r.name.clone()))
    }

    /// Everything `root` (the recipe `root_id`) reaches, from `source`.
    pub(crate) async fn load(
        conn: &mut PgConnection,
        account_id: Uuid,
        root_id: &str,
        root: &RecipeState,
        source: Source,
    ) -> Result<Self, DeriveError> {
        let roots = [(root_id.to_owned(), root.clone())];
        Self::load_many(conn, account_id, &roots, Overrides::default(), source).await
    }

    /// Everything any of `roots` reaches (up to the nesting limit below each), from
    /// `source`, except that the states in `overrides` stand in for the stored ones: how
    /// the graph would be after a write. The roots themselves are held as sub-recipes too
    /// (one root may use another).
    pub(crate) async fn load_many(
        conn: &mut PgConnection,
        account_id: Uuid,
        roots: &[(String, RecipeState)],
        overrides: Overrides,
        source: Source,
    ) -> Result<Self, DeriveError> {
        let mut recipes: HashMap<String, RecipeState> = overrides.recipes;
        let root_only: Vec<&str> = roots
            .iter()
            .filter(|(id, _)| !recipes.contains_key(id))
            .map(|(id, _)| id.as_str())
            .collect();
        let single_root = roots.len() == 1;
        for (id, state) in roots {
            // A lone root stays out of `recipes`, as it always has: it may not exist yet.
            if !single_root {
                recipes.entry(id.clone()).or_insert_with(|| state.clone());
            }
        }
        let mut ingredient_ids: BTreeSet<String> = BTreeSet::new();
        let mut frontier: Vec<RecipeState> = roots.iter().map(|(_, s)| s.clone()).collect();
        frontier.extend(recipes.values().cloned());
        for _ in 0..=MAX_DEPTH {
            let mut wanted: Vec<String> = Vec::new();
            for state in &frontier {
                // What preparation adds is resolved against the same graph.
                for line in state.ingredients.iter().chain(&state.prepared) {
                    let id = line.ingredient_id.as_str();
                    if id.starts_with("ing_") {
                        ingredient_ids.insert(id.to_owned());
                    } else if id.starts_with("rcp_")
                        && !recipes.contains_key(id)
                        && !root_only.contains(&id)
                    {
                        wanted.push(id.to_owned());
                    }
                }
            }
            wanted.sort_unstable();
            wanted.dedup();
            if wanted.is_empty() {
                break;
            }
            let found: Vec<(String, RecipeState)> =
                load_states(conn, account_id, &wanted, source).await?;
            frontier = Vec::with_capacity(found.len());
            for (id, state) in found {
                recipes.insert(id, state.clone());
                frontier.push(state);
            }
        }
        let mut ingredients = overrides.ingredients;
        let ids: Vec<String> = ingredient_ids
            .into_iter()
            .filter(|id| !ingredients.contains_key(id))
            .collect();
        if !ids.is_empty() {
            ingredients.extend(load_states(conn, account_id, &ids, source).await?);
        }
        Ok(Self {
            recipes,
            ingredients,
        })
    }

    /// How `line` reads in the statement: its own label name, else the food's, the
    /// ingredient's label name or name, or the sub-recipe's name.
    fn label_name(&self, line: &IngredientLine) -> Result<String, DeriveError> {
        if let Some(own) = &line.label_name {
            return Ok(own.clone());
        }
        let id = line.ingredient_id.as_str();
        if id.starts_with("rcp_") {
            return self
                .recipes
                .get(id)
                .map(|r| r.name.clone())
                .ok_or_else(|| DeriveError::UnknownIngredient(id.to_owned()));
        }
        self.leaf_label(id)
            .map(str::to_owned)
            .ok_or_else(|| DeriveError::UnknownIngredient(id.to_owned()))
    }

    /// The name a leaf prints (without its sub-ingredients).
    fn leaf_label<'a>(&'a self, id: &'a str) -> Option<&'a str> {
        if let Some(fdc) = id.strip_prefix("fooddb:") {
            let food = nls_fooddb::shipped().get(fdc.parse::<u32>().ok()?)?;
            return Some(food.label_name.as_str());
        }
        let ingredient = self.ingredients.get(id)?;
        Some(ingredient.label_name.as_deref().unwrap_or(&ingredient.name))
    }

    /// Builds the engine input for `state`; `path` holds the recipes being expanded, to
    /// detect cycles. Returns the input and the recipe's total cost (when every line has one).
    fn build(
        &self,
        state: &RecipeState,
        path: &mut Vec<String>,
    ) -> Result<(RecipeInput, Option<f64>), DeriveError> {
        let lines = bounds::merged_lines(&state.ingredients);
        let mut ingredients = Vec::with_capacity(lines.len());
        let mut cost = Some(0.0);
        for line in &lines {
            let (resolved, line_cost) = self.resolve_line(line, path)?;
            cost = cost.zip(line_cost).map(|(a, b)| a + b);
            ingredients.push(resolved);
        }
        let input = RecipeInput {
            servings: state.servings,
            serving_weight_g: state.serving_weight_g,
            serving_size_text: state.serving_size_text.clone(),
            racc_g: None,
            ingredients,
            voluntary_nutrients: state.voluntary_nutrients.iter().cloned().collect(),
        };
        Ok((input, cost))
    }

    fn resolve_line(
        &self,
        line: &IngredientLine,
        path: &mut Vec<String>,
    ) -> Result<(ResolvedIngredient, Option<f64>), DeriveError> {
        let id = line.ingredient_id.as_str();
        if let Some(fdc) = id.strip_prefix("fooddb:") {
            let food = fdc
                .parse::<u32>()
                .ok()
                .and_then(|n| nls_fooddb::shipped().get(n))
                .ok_or_else(|| DeriveError::UnknownIngredient(id.to_owned()))?;
            // A line's own label name is printed verbatim, sub-ingredients included.
            let subs = food.sub_ingredients.filter(|_| line.label_name.is_none());
            let resolved = ResolvedIngredient {
                names: food_names(food, line),
                added_nutrients: line.added_nutrients.iter().cloned().collect(),
                grams: line.grams,
                label_name: line
                    .label_name
                    .clone()
                    .unwrap_or_else(|| food.label_name.clone()),
                allergens: food.allergens.clone(),
                allergen_details: food.allergen_details.clone(),
                allergen_exemptions: food.allergen_exemptions.clone(),
                sub_ingredients: subs.map(|s| s.sub_ingredients.clone()).unwrap_or_default(),
                sub_ingredients_to_confirm: subs.is_some_and(|s| s.confirm),
                source: IngredientSource::PerHundredGrams(with_overrides(
                    &food.nutrients_per_100g,
                    line,
                )),
                sugars_based: food.sugars_based,
            };
            // Database foods carry no price.
            return Ok((resolved, None));
        }
        if id.starts_with("ing_") {
            let ingredient = self
                .ingredients
                .get(id)
                .ok_or_else(|| DeriveError::UnknownIngredient(id.to_owned()))?;
            // Codes, or `code:species` for tree nuts, fish and Crustacean shellfish
            // ("tree_nuts:almond", 21 U.S.C. 343(w)(2)); entries were validated on write.
            let (allergens, allergen_details) = custom_allergens(&ingredient.allergens);
            let resolved = ResolvedIngredient {
                names: typed_names(
                    line.label_name.is_none().then_some(&ingredient.label_names),
                    line,
                ),
                added_nutrients: line.added_nutrients.iter().cloned().collect(),
                grams: line.grams,
                label_name: line
                    .label_name
                    .clone()
                    .or_else(|| ingredient.label_name.clone())
                    .unwrap_or_else(|| ingredient.name.clone()),
                allergens,
                allergen_details,
                allergen_exemptions: Default::default(),
                sub_ingredients: if line.label_name.is_none() {
                    ingredient.sub_ingredients.clone()
                } else {
                    Vec::new()
                },
                sub_ingredients_to_confirm: false,
                source: IngredientSource::PerHundredGrams(with_overrides(
                    &nutrients_from_keys(&ingredient.nutrients_per_100g),
                    line,
                )),
                sugars_based: false,
            };
            let cost = ingredient
                .cost_per_unit
                .zip(ingredient.unit.as_deref().and_then(grams_per_unit))
                .map(|(price, unit_g)| price * line.grams / unit_g);
            return Ok((resolved, cost));
        }
        if id.starts_with("rcp_") {
            if path.iter().any(|p| p == id) {
                let mut cycle = path.clone();
                cycle.push(id.to_owned());
                return Err(DeriveError::Cycle(cycle));
            }
            if path.len() > MAX_DEPTH {
                return Err(DeriveError::Label(LabelError::NestingTooDeep {
                    max: MAX_DEPTH,
                }));
            }
            let sub = self
                .recipes
                .get(id)
                .ok_or_else(|| DeriveError::UnknownIngredient(id.to_owned()))?;
            path.push(id.to_owned());
            let (input, sub_cost) = self.build(sub, path)?;
            path.pop();
            let final_weight = final_weight_g(sub);
            let cost = sub_cost
                .filter(|_| final_weight > 0.0)
                .map(|total| total * line.grams / final_weight);
            let resolved = ResolvedIngredient {
                names: typed_names(None, line),
                added_nutrients: line.added_nutrients.iter().cloned().collect(),
                grams: line.grams,
                label_name: line.label_name.clone().unwrap_or_else(|| sub.name.clone()),
                allergens: BTreeSet::new(),
                allergen_details: Default::default(),
                allergen_exemptions: Default::default(),
                sub_ingredients: Vec::new(),
                sub_ingredients_to_confirm: false,
                source: IngredientSource::SubRecipe(Box::new(input)),
                sugars_based: false,
            };
            return Ok((resolved, cost));
        }
        Err(DeriveError::UnknownIngredient(id.to_owned()))
    }
}

/// The names by language of a line of a database food: the table's English name and its
/// reviewed names in other languages, under the line's own (a line that renames the food
/// in `label_name` keeps none of the table's, which name another text, and its name's
/// language is not known).
fn food_names(food: &nls_fooddb::Food, line: &IngredientLine) -> LanguageNames {
    match line.label_name {
        Some(_) => typed_names(None, line),
        None => {
            let mut by_language = food.label_names.cloned().unwrap_or_default();
            by_language.extend(line.label_names.clone());
            LanguageNames {
                label_name_language: Some("en".to_owned()),
                by_language,
            }
        }
    }
}

/// The names by language of a line whose name a person typed (a custom ingredient, a
/// sub-recipe, a renamed line): the ingredient's `names`, under the line's own; the typed
/// name's language is not guessed.
fn typed_names(
    names: Option<&std::collections::BTreeMap<String, String>>,
    line: &IngredientLine,
) -> LanguageNames {
    let mut by_language = names.cloned().unwrap_or_default();
    by_language.extend(line.label_names.clone());
    LanguageNames {
        label_name_language: None,
        by_language,
    }
}

/// The cooked weight of a recipe: servings x serving weight, or the sum of its lines.
pub fn final_weight_g(state: &RecipeState) -> f64 {
    bounds::final_weight_g(state)
}

/// States that stand in for the stored ones when a graph is loaded (see
/// [`Graph::load_many`]).
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    pub recipes: HashMap<String, RecipeState>,
    pub ingredients: HashMap<String, IngredientState>,
}

impl Tree for Graph {
    fn sub_recipe(&self, id: &str) -> Option<Result<&RecipeState, ()>> {
        id.starts_with("rcp_")
            .then(|| self.recipes.get(id).ok_or(()))
    }

    fn leaf_name<'a>(&'a self, id: &'a str) -> Option<Cow<'a, str>> {
        let name = self.leaf_label(id)?;
        let subs: &[String] = if let Some(fdc) = id.strip_prefix("fooddb:") {
            let food = nls_fooddb::shipped().get(fdc.parse::<u32>().ok()?)?;
            food.sub_ingredients
                .map(|s| s.sub_ingredients.as_slice())
                .unwrap_or_default()
        } else {
            &self.ingredients.get(id)?.sub_ingredients
        };
        Some(nls_nutrition::statement::leaf_text(name, subs))
    }

    fn solid_fraction(&self, id: &str) -> f64 {
        // Borrowed for a database food: four values are read, the table need not be copied.
        let per_100g: Cow<'_, NutrientAmounts> = if let Some(fdc) = id.strip_prefix("fooddb:") {
            let food = fdc
                .parse::<u32>()
                .ok()
                .and_then(|n| nls_fooddb::shipped().get(n));
            match food {
                Some(food) => Cow::Borrowed(&food.nutrients_per_100g),
                None => return 0.0,
            }
        } else {
            match self.ingredients.get(id) {
                Some(i) => Cow::Owned(nutrients_from_keys(&i.nutrients_per_100g)),
                None => return 0.0,
            }
        };
        let g = |n| per_100g.get(n);
        let solids = match g(Nutrient::WaterG) {
            Some(water) => 100.0 - water - g(Nutrient::AlcoholG).unwrap_or(0.0),
            None => [
                Nutrient::TotalFatG,
                Nutrient::TotalCarbohydrateG,
                Nutrient::ProteinG,
            ]
            .into_iter()
            .filter_map(g)
            .sum(),
        };
        if solids.is_finite() {
            (solids / 100.0).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }
}

/// `per_100g` with the line's nutrient overrides set over it (keys validated on write).
fn with_overrides(per_100g: &NutrientAmounts, line: &IngredientLine) -> NutrientAmounts {
    let mut amounts = per_100g.clone();
    if let Some(overrides) = &line.nutrients {
        for (n, v) in nutrients_from_keys(overrides).0 {
            amounts.set(n, v);
        }
    }
    amounts
}

/// Converts stored nutrient keys to amounts; keys were validated when written.
pub fn nutrients_from_keys(map: &std::collections::BTreeMap<String, f64>) -> NutrientAmounts {
    NutrientAmounts(
        map.iter()
            .filter_map(|(k, v)| Nutrient::from_key(k).map(|n| (n, *v)))
            .collect(),
    )
}

/// Grams in one costing unit. Volumes are taken at the density of water (1 g/ml), which
/// is what a per-litre price of a liquid ingredient needs for a recipe given in grams.
pub fn grams_per_unit(unit: &str) -> Option<f64> {
    match unit {
        "g" => Some(1.0),
        "kg" => Some(1000.0),
        "oz" => Some(28.349_523_125),
        "lb" => Some(453.592_37),
        "ml" => Some(1.0),
        "l" => Some(1000.0),
        _ => None,
    }
}

/// A custom ingredient's stored allergen entries as allergens and species: `"milk"`, or
/// `"tree_nuts:almond"` (the allergen and its species, printed by its known name, "almonds",
/// or as given). Entries naming no known allergen are skipped (writes refuse them).
pub fn custom_allergens(
    entries: &[String],
) -> (
    std::collections::BTreeSet<Allergen>,
    nls_nutrition::AllergenDetails,
) {
    let mut allergens = std::collections::BTreeSet::new();
    let mut details = nls_nutrition::AllergenDetails::new();
    for entry in entries {
        let (code, species) = match entry.split_once(':') {
            Some((code, species)) => (code, Some(species.trim())),
            None => (entry.as_str(), None),
        };
        let Some(allergen) = Allergen::from_code(code.trim()) else {
            continue;
        };
        allergens.insert(allergen);
        if let Some(species) = species.filter(|s| !s.is_empty() && allergen.takes_species()) {
            let name = nls_nutrition::allergen::species_name(allergen, species)
                .map(str::to_string)
                .unwrap_or_else(|| species.to_string());
            details.entry(allergen).or_default().insert(name);
        }
    }
    (allergens, details)
}
