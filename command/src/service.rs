//! Load, decide, append and apply in one transaction; retried on a lost race unless the
//! client pinned a version with `If-Match`.

use std::future::Future;
use std::sync::Arc;

use axum::extract::FromRef;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use nls_eventlog::{AppendSignal, EventMeta, StreamVersion};
use nls_events::{Envelope, IngredientEvent, IngredientState, NewEvent, RecipeEvent, RecipeState};
use nls_readmodel::derive::LabelColumns;
use nls_readmodel::guard::{self, Change};
use nls_readmodel::lazy_conn::LazyConn;
use nls_readmodel::notify::LabelsChanged;
use nls_readmodel::representation::{IngredientRepr, RecipeRepr};
use nls_readmodel::views::RecipeRow;
use nls_readmodel::{derive, names, representation, resolve, views};
use nls_web::Caller;
use rand::RngCore;
use serde::de::DeserializeOwned;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, PgPool, Postgres, Row, Transaction};
use uuid::Uuid;

use crate::decide::{self, Context, RecipeCommand};
use crate::error::{self, CommandError};
use crate::requests::{IngredientChange, RecipeChange};

mod group_commit;
mod import;
pub use group_commit::CreateQueue;
pub use import::{ImportReport, ImportedRecipe};

/// How often a write is retried after losing a race for the same stream.
const MAX_ATTEMPTS: usize = 8;

/// Shared state of the command role.
#[derive(Clone)]
pub struct CommandState {
    pub pool: PgPool,
    /// `{site_url}`, for embed snippets.
    pub site_url: Arc<str>,
    /// Wakes the relay after each commit.
    pub appended: AppendSignal,
    /// Told about each recipe write (the label-file lookups' in-memory index listens).
    pub labels: Arc<dyn LabelsChanged>,
    /// Group commit of the creates that need no transaction of their own.
    pub creates: CreateQueue,
    /// The process's authentication cache, whose custom ingredient names let a create
    /// resolve names without a read (`None`: always read).
    pub auth: Option<nls_web::auth_cache::AuthCache>,
}

impl FromRef<CommandState> for PgPool {
    fn from_ref(state: &CommandState) -> PgPool {
        state.pool.clone()
    }
}

/// A resource a write created: its version, where it lives and its representation.
#[derive(Debug, Clone, PartialEq)]
pub struct Created<T> {
    pub version: i64,
    pub location: String,
    pub body: T,
}

/// A resource as a write left it (unchanged when the write changed nothing).
#[derive(Debug, Clone, PartialEq)]
pub struct Updated<T> {
    pub version: i64,
    pub body: T,
}

/// A resource a write deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deleted;

/// `Idempotency-Key` and the hash of the request it came with.
#[derive(Debug, Clone)]
pub struct Idempotency {
    pub key: String,
    pub request_hash: Vec<u8>,
}

impl Idempotency {
    pub fn new(key: String, method: &str, path: &str, body: &[u8]) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(method.as_bytes());
        hasher.update([0]);
        hasher.update(path.as_bytes());
        hasher.update([0]);
        hasher.update(body);
        Self {
            key,
            request_hash: hasher.finalize().to_vec(),
        }
    }
}

enum Attempt<T> {
    Done(T),
    Retry,
}

fn context(caller: &Caller) -> Context {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    Context {
        plan: caller.plan.clone(),
        embed_allowed: caller.plan.live_embed,
        new_embed_token: format!("emb_{}", URL_SAFE_NO_PAD.encode(bytes)),
    }
}

fn meta(caller: &Caller) -> EventMeta {
    EventMeta {
        account_id: caller.account_id,
        actor: caller.actor(),
        correlation_id: Uuid::now_v7(),
        causation_id: None,
        request_id: nls_web::request_id::current(),
    }
}

/// One attempt of a write: its transaction, and the events it appended (handed to the
/// relay once the transaction commits, see [`CommandState::transact`]).
struct Attempting {
    tx: Transaction<'static, Postgres>,
    appended: Vec<Envelope>,
}

impl Attempting {
    /// Appends and applies the events to the views (the label, if any, refreshed as the
    /// projector would), and notes them for the relay.
    async fn append_and_apply(
        &mut self,
        id: &str,
        expected: i64,
        caller: &Caller,
        events: &[NewEvent],
        if_match: Option<&[i64]>,
    ) -> Result<Attempt<()>, CommandError> {
        let tx = &mut self.tx;
        match append_or_retry(tx, id, expected, caller, events, if_match).await? {
            Attempt::Retry => Ok(Attempt::Retry),
            Attempt::Done(stored) => {
                views::apply_own(tx, &stored, None)
                    .await
                    .map_err(error::projection)?;
                self.appended.extend(stored);
                Ok(Attempt::Done(()))
            }
        }
    }
}

impl CommandState {
    /// Runs `attempt` in a transaction and commits what it did, starting over (up to
    /// [`MAX_ATTEMPTS`] times) when it lost a race. After the commit the label index forgets
    /// `recipe` (the existing recipe the write may change) and the events the attempt
    /// appended go to this process's relay, which publishes them at once (early
    /// publication, `nls_eventlog::early`), before the client hears of the write. The
    /// attempt owns its [`Attempting`] and hands it back, which keeps its future `Send`
    /// without boxing.
    async fn transact<T, F, Fut>(
        &self,
        recipe: Option<&str>,
        mut attempt: F,
    ) -> Result<T, CommandError>
    where
        F: FnMut(Attempting) -> Fut,
        Fut: Future<Output = (Attempting, Result<Attempt<T>, CommandError>)>,
    {
        for _ in 0..MAX_ATTEMPTS {
            let attempting = Attempting {
                tx: self.pool.begin().await?,
                appended: Vec::new(),
            };
            let (Attempting { tx, appended }, outcome) = attempt(attempting).await;
            match outcome? {
                // Dropping the transaction rolls the attempt back.
                Attempt::Retry => continue,
                Attempt::Done(value) => {
                    let committed = tx.commit().await;
                    // Also when the commit's outcome is unknown.
                    if let Some(recipe_id) = recipe {
                        self.labels.recipe(recipe_id);
                    }
                    committed?;
                    self.appended.committed_events(appended).await;
                    return Ok(value);
                }
            }
        }
        Err(CommandError::Contention)
    }

    /// `POST /v1/recipes`. Without an `Idempotency-Key`, a recipe of database foods only is
    /// decided and derived on a plain connection, then written with the creates queued
    /// beside it by one statement ([`CreateQueue`], group commit): a fresh stream cannot
    /// lose a race, and nothing it reads can change, so there is nothing to retry, no
    /// transaction of its own and no lock to take. A recipe naming a sub-recipe or a custom
    /// ingredient joins a recipe graph, so it is created in a transaction holding the graph
    /// lock ([`lock_recipe_graph`]). With a key, the lookup, the create and the remembered
    /// response share one transaction.
    pub async fn create_recipe(
        &self,
        caller: &Caller,
        change: RecipeChange,
        idempotency: Option<Idempotency>,
    ) -> Result<Created<RecipeRepr>, CommandError> {
        let Some(idempotency) = idempotency else {
            // A recipe of database foods named with the account's names held in memory reads
            // nothing before its batch is written: no connection is taken for it.
            let mut db = LazyConn::new(&self.pool);
            let names = resolve::cached_names(self.auth.as_ref(), &mut db, caller.account_id)
                .await
                .map_err(error::resolve)?;
            let resolved = match names.and_then(|names| Resolved::by_names(&names, &change)) {
                Some(resolved) => resolved?,
                None => Resolved::of(db.get().await?, caller, &change).await?,
            };
            if resolved.touches_graph() {
                drop(db);
                return self
                    .create_in_transaction(caller, &change, None, true)
                    .await;
            }
            let prepared = prepare_recipe(&mut db, caller, &change, resolved).await?;
            // Not held while the create waits for its batch.
            drop(db);
            let (written, events) = self.write_queued(caller, prepared).await?;
            self.appended.committed_events(events).await;
            return Ok(written);
        };
        self.create_in_transaction(caller, &change, Some(&idempotency), false)
            .await
    }

    /// A create in a transaction: for an `Idempotency-Key`, or for a recipe that joins a
    /// recipe graph (`in_graph`: known to, so the graph lock is taken before anything is
    /// read; otherwise [`resolve_for_create`] takes it once the lines show it is needed).
    async fn create_in_transaction(
        &self,
        caller: &Caller,
        change: &RecipeChange,
        idempotency: Option<&Idempotency>,
        in_graph: bool,
    ) -> Result<Created<RecipeRepr>, CommandError> {
        self.transact(None, |mut owned| async move {
            let outcome = async {
                let tx = &mut owned.tx;
                if in_graph {
                    lock_recipe_graph(tx, caller).await?;
                }
                if let Some(replayed) = replay(tx, caller, idempotency).await? {
                    return Ok(Attempt::Done(replayed));
                }
                let resolved = resolve_for_create(tx, caller, change, in_graph).await?;
                let (written, stored) = self.record_recipe(tx, caller, change, resolved).await?;
                owned.appended.extend(stored);
                remember(tx, caller, idempotency, written).await
            }
            .await;
            (owned, outcome)
        })
        .await
    }

    /// Decides, derives and records a new recipe from its `resolved` lines; the response is
    /// built here rather than read back. Also returns the stored events, for the relay.
    async fn record_recipe(
        &self,
        conn: &mut PgConnection,
        caller: &Caller,
        change: &RecipeChange,
        resolved: Resolved,
    ) -> Result<(Created<RecipeRepr>, Vec<Envelope>), CommandError> {
        let prepared = prepare_recipe(&mut LazyConn::held(conn), caller, change, resolved).await?;
        self.write_recipe(conn, caller, &meta(caller), prepared)
            .await
    }

    /// Records a recipe [`prepare_recipe`] decided and derived, on `conn`.
    async fn write_recipe(
        &self,
        conn: &mut PgConnection,
        caller: &Caller,
        meta: &EventMeta,
        prepared: PreparedRecipe,
    ) -> Result<(Created<RecipeRepr>, Vec<Envelope>), CommandError> {
        let recipe = prepared.into_write(meta.clone());
        let stored = views::record_new_recipe(
            conn,
            &recipe.stream_id,
            &recipe.meta,
            &recipe.events,
            &recipe.state,
            &recipe.columns,
        )
        .await
        .map_err(error::projection)?;
        self.created(caller, recipe, stored)
    }

    /// Records a recipe [`prepare_recipe`] decided and derived, with the creates queued
    /// beside it (group commit); returns once its batch committed.
    async fn write_queued(
        &self,
        caller: &Caller,
        prepared: PreparedRecipe,
    ) -> Result<(Created<RecipeRepr>, Vec<Envelope>), CommandError> {
        let (recipe, stored) = self
            .creates
            .write(prepared.into_write(meta(caller)))
            .await?;
        self.created(caller, recipe, stored)
    }

    /// The response to a create, built from what was written rather than read back.
    fn created(
        &self,
        caller: &Caller,
        recipe: group_commit::RecipeToWrite,
        stored: Vec<Envelope>,
    ) -> Result<(Created<RecipeRepr>, Vec<Envelope>), CommandError> {
        let (Some(first), Some(last)) = (stored.first(), stored.last()) else {
            return Err(CommandError::internal("a create stored no event"));
        };
        let group_commit::RecipeToWrite {
            stream_id: id,
            state,
            columns,
            ..
        } = recipe;
        let version = state.version;
        let row = RecipeRow {
            recipe_id: id.clone(),
            account_id: caller.account_id,
            state,
            label_edition: columns
                .label
                .as_ref()
                .map(|_| nls_readmodel::edition::current().to_owned()),
            label: columns.label,
            label_error: columns.label_error,
            ingredients: columns.ingredients,
            cost: columns.cost,
            created_at: first.occurred_at,
            updated_at: last.occurred_at,
        };
        let created = Created {
            version,
            location: format!("/v1/recipes/{id}"),
            body: representation::recipe(row, &self.site_url),
        };
        Ok((created, stored))
    }

    /// `PUT /v1/recipes/{id}`.
    pub async fn update_recipe(
        &self,
        caller: &Caller,
        id: &str,
        if_match: Option<&[i64]>,
        change: RecipeChange,
    ) -> Result<Updated<RecipeRepr>, CommandError> {
        let change = &change;
        self.transact(Some(id), |mut owned| async move {
            let outcome = async {
                let tx = &mut owned.tx;
                lock_recipe_graph(tx, caller).await?;
                let state: RecipeState = load_recipe_state(tx, caller, id).await?;
                check_if_match(if_match, state.version)?;
                let stored = views::load_recipe(tx, caller.account_id, id)
                    .await
                    .map_err(error::projection)?;
                let had_label = stored.as_ref().is_some_and(|row| row.label.is_some());
                let derived_names = derived_label_names(stored.as_ref());
                let change = without_derived_values(change.clone(), &state);
                let lines = resolve_lines(tx, caller, &change)
                    .await?
                    .map(|lines| without_derived_names(lines, &state, &derived_names));
                let prepared = resolve_prepared(tx, caller, &change).await?;
                let command = RecipeCommand {
                    change: change.clone(),
                    lines,
                    prepared,
                };
                let events = decide::update_recipe(&state, command, &context(caller))
                    .map_err(|e| error::domain(e, "recipe"))?;
                let new_state = events.iter().fold(state.clone(), RecipeState::evolve);
                if !events.is_empty() {
                    let update = events.iter().find_map(|e| match e {
                        RecipeEvent::Updated(u) => Some(u),
                        _ => None,
                    });
                    let outcome = derive::derive(
                        &mut LazyConn::held(tx),
                        caller.account_id,
                        id,
                        &new_state,
                        None,
                    )
                    .await;
                    let columns = columns_after_update(outcome, &new_state, update, had_label)?;
                    if update.is_some() {
                        refuse_if_it_breaks(tx, caller, Change::Recipe(id, &new_state)).await?;
                    }
                    let new: Vec<NewEvent> = events.iter().map(RecipeEvent::to_new_event).collect();
                    match append_or_retry(tx, id, state.version, caller, &new, if_match).await? {
                        Attempt::Retry => return Ok(Attempt::Retry),
                        Attempt::Done(stored) => {
                            views::apply_own(tx, &stored, Some(&columns))
                                .await
                                .map_err(error::projection)?;
                            owned.appended.extend(stored);
                        }
                    }
                }
                Ok(Attempt::Done(Updated {
                    version: new_state.version,
                    body: self.recipe_body(tx, caller, id).await?,
                }))
            }
            .await;
            (owned, outcome)
        })
        .await
    }

    /// `DELETE /v1/recipes/{id}`.
    pub async fn delete_recipe(
        &self,
        caller: &Caller,
        id: &str,
        if_match: Option<&[i64]>,
    ) -> Result<Deleted, CommandError> {
        self.transact(Some(id), |mut owned| async move {
            let outcome = async {
                let tx = &mut owned.tx;
                lock_recipe_graph(tx, caller).await?;
                let state: RecipeState = load_recipe_state(tx, caller, id).await?;
                check_if_match(if_match, state.version)?;
                let used_by = live_users(tx, id).await?;
                let events = decide::delete_recipe(&state, used_by)
                    .map_err(|e| error::domain(e, "recipe"))?;
                let new: Vec<NewEvent> = events.iter().map(RecipeEvent::to_new_event).collect();
                deleted(
                    owned
                        .append_and_apply(id, state.version, caller, &new, if_match)
                        .await?,
                )
            }
            .await;
            (owned, outcome)
        })
        .await
    }

    /// After an ingredient write committed: returns once every process whose lease is live
    /// has dropped the account's custom ingredient names it held in memory
    /// (`nls_web::name_cache`), so that a request starting after this write answered resolves
    /// names against it in every process. A failure is logged rather than answered: the write
    /// is committed, and a held set lives at most `name_cache::TTL`.
    async fn names_settled(&self) {
        if let Err(err) = nls_web::lease::settle(&self.pool).await {
            tracing::warn!(error = %err, "an ingredient write could not confirm that every process dropped the names it held");
        }
    }

    /// `POST /v1/ingredients`.
    pub async fn create_ingredient(
        &self,
        caller: &Caller,
        change: IngredientChange,
        idempotency: Option<Idempotency>,
    ) -> Result<Created<IngredientRepr>, CommandError> {
        let (change, idempotency) = (&change, idempotency.as_ref());
        let written = self
            .transact(None, |mut owned| async move {
                let outcome = async {
                    let tx = &mut owned.tx;
                    if let Some(replayed) = replay(tx, caller, idempotency).await? {
                        return Ok(Attempt::Done(replayed));
                    }
                    let id = nls_events::IngredientId::generate();
                    if let Some(name) = &change.name {
                        check_name_free(tx, caller, name, None).await?;
                    }
                    let events = decide::create_ingredient(change.clone());
                    let state = events
                        .iter()
                        .fold(IngredientState::default(), IngredientState::evolve);
                    let new: Vec<NewEvent> =
                        events.iter().map(IngredientEvent::to_new_event).collect();
                    let appended = owned.append_and_apply(id.as_str(), 0, caller, &new, None);
                    if let Attempt::Retry = appended.await? {
                        return Ok(Attempt::Retry);
                    }
                    let tx = &mut owned.tx;
                    let written = Created {
                        version: state.version,
                        location: format!("/v1/ingredients/{id}"),
                        body: ingredient_body(tx, caller, id.as_str()).await?,
                    };
                    remember(tx, caller, idempotency, written).await
                }
                .await;
                (owned, outcome)
            })
            .await?;
        self.names_settled().await;
        Ok(written)
    }

    /// `PUT /v1/ingredients/{id}`. Recipes using it get new labels from the projector.
    pub async fn update_ingredient(
        &self,
        caller: &Caller,
        id: &str,
        if_match: Option<&[i64]>,
        change: IngredientChange,
    ) -> Result<Updated<IngredientRepr>, CommandError> {
        let change = &change;
        let written = self
            .transact(None, |mut owned| async move {
                let outcome = async {
                    let tx = &mut owned.tx;
                    lock_recipe_graph(tx, caller).await?;
                    let state: IngredientState = load_ingredient_state(tx, caller, id).await?;
                    check_if_match(if_match, state.version)?;
                    let events = decide::update_ingredient(&state, change.clone())
                        .map_err(|e| error::domain(e, "ingredient"))?;
                    let new_state = events.iter().fold(state.clone(), IngredientState::evolve);
                    let update = events.iter().find_map(|e| match e {
                        IngredientEvent::Updated(u) => Some(u),
                        _ => None,
                    });
                    if let Some(update) = update {
                        if let Some(name) = &update.name {
                            check_name_free(tx, caller, name, Some(id)).await?;
                        }
                        refuse_if_it_breaks(tx, caller, Change::Ingredient(id, &new_state)).await?;
                    }
                    if !events.is_empty() {
                        let new: Vec<NewEvent> =
                            events.iter().map(IngredientEvent::to_new_event).collect();
                        let appended =
                            owned.append_and_apply(id, state.version, caller, &new, if_match);
                        if let Attempt::Retry = appended.await? {
                            return Ok(Attempt::Retry);
                        }
                    }
                    let tx = &mut owned.tx;
                    Ok(Attempt::Done(Updated {
                        version: new_state.version,
                        body: ingredient_body(tx, caller, id).await?,
                    }))
                }
                .await;
                (owned, outcome)
            })
            .await?;
        self.names_settled().await;
        Ok(written)
    }

    /// `DELETE /v1/ingredients/{id}`: refused while a live recipe uses it.
    pub async fn delete_ingredient(
        &self,
        caller: &Caller,
        id: &str,
        if_match: Option<&[i64]>,
    ) -> Result<Deleted, CommandError> {
        let written = self
            .transact(None, |mut owned| async move {
                let outcome = async {
                    let tx = &mut owned.tx;
                    lock_recipe_graph(tx, caller).await?;
                    let state: IngredientState = load_ingredient_state(tx, caller, id).await?;
                    check_if_match(if_match, state.version)?;
                    let used_by = live_users(tx, id).await?;
                    let events = decide::delete_ingredient(&state, used_by)
                        .map_err(|e| error::domain(e, "ingredient"))?;
                    let new: Vec<NewEvent> =
                        events.iter().map(IngredientEvent::to_new_event).collect();
                    deleted(
                        owned
                            .append_and_apply(id, state.version, caller, &new, if_match)
                            .await?,
                    )
                }
                .await;
                (owned, outcome)
            })
            .await?;
        self.names_settled().await;
        Ok(written)
    }

    async fn recipe_body(
        &self,
        conn: &mut PgConnection,
        caller: &Caller,
        id: &str,
    ) -> Result<RecipeRepr, CommandError> {
        let row = views::load_recipe(conn, caller.account_id, id)
            .await
            .map_err(error::projection)?
            .ok_or(CommandError::NotFound("recipe"))?;
        Ok(representation::recipe(row, &self.site_url))
    }
}

async fn ingredient_body(
    conn: &mut PgConnection,
    caller: &Caller,
    id: &str,
) -> Result<IngredientRepr, CommandError> {
    let row = views::load_ingredient(conn, caller.account_id, id)
        .await
        .map_err(error::projection)?
        .ok_or(CommandError::NotFound("ingredient"))?;
    Ok(representation::ingredient(&row))
}

/// The label columns an update stores, from the derivation of the state it leads to. The
/// final weight is checked against the dry matter when the update changes either. A recipe
/// whose label was already unavailable (e.g. stored before a limit existed) still takes
/// writes that leave its lines alone, such as a rename, and keeps saying why it has no
/// label; otherwise a label that cannot be derived refuses the write.
fn columns_after_update(
    outcome: Result<derive::Derived, derive::DeriveError>,
    new_state: &RecipeState,
    update: Option<&nls_events::recipe::RecipeUpdated>,
    had_label: bool,
) -> Result<LabelColumns, CommandError> {
    match outcome {
        Ok(derived) => {
            let weighs_anew = update.is_some_and(|u| {
                u.servings.is_some() || u.serving_weight_g.is_some() || u.ingredients.is_some()
            });
            if weighs_anew {
                decide::check_final_weight(new_state, derived.extent.solids_g)
                    .map_err(|e| error::domain(e, "recipe"))?;
            }
            LabelColumns::derived(&derived).map_err(CommandError::internal)
        }
        Err(problem)
            if problem.is_client_side()
                && !had_label
                && update.is_none_or(|u| u.ingredients.is_none()) =>
        {
            LabelColumns::from_outcome(Err(problem), new_state).map_err(error::derive)
        }
        Err(problem) => Err(error::derive(problem)),
    }
}

/// 409 `breaks_dependent_recipe` when `change` would leave a recipe that uses it without
/// a label (see [`guard`]).
async fn refuse_if_it_breaks(
    conn: &mut PgConnection,
    caller: &Caller,
    change: Change<'_>,
) -> Result<(), CommandError> {
    match guard::first_broken(conn, caller.account_id, change)
        .await
        .map_err(error::derive)?
    {
        Some(broken) => Err(error::broken(broken)),
        None => Ok(()),
    }
}

/// A new recipe decided and derived, not yet written: what a create records, and what an
/// import's dry run shows.
struct PreparedRecipe {
    id: nls_events::RecipeId,
    events: Vec<RecipeEvent>,
    state: RecipeState,
    columns: LabelColumns,
}

impl PreparedRecipe {
    /// The recipe as written, with who and why.
    fn into_write(self, meta: EventMeta) -> group_commit::RecipeToWrite {
        group_commit::RecipeToWrite {
            stream_id: self.id.to_string(),
            meta,
            events: self.events.iter().map(RecipeEvent::to_new_event).collect(),
            state: self.state,
            columns: self.columns,
        }
    }
}

/// Decides a create from its `resolved` lines and derives its label, writing nothing.
async fn prepare_recipe(
    db: &mut LazyConn<'_>,
    caller: &Caller,
    change: &RecipeChange,
    resolved: Resolved,
) -> Result<PreparedRecipe, CommandError> {
    let id = nls_events::RecipeId::generate();
    let command = RecipeCommand {
        change: change.clone(),
        lines: resolved.lines,
        prepared: resolved.prepared,
    };
    let events =
        decide::create_recipe(command, &context(caller)).map_err(|e| error::domain(e, "recipe"))?;
    let state = events
        .iter()
        .fold(RecipeState::default(), RecipeState::evolve);
    let derived = derive::derive(db, caller.account_id, id.as_str(), &state, None)
        .await
        .map_err(error::derive)?;
    decide::check_final_weight(&state, derived.extent.solids_g)
        .map_err(|e| error::domain(e, "recipe"))?;
    let columns = LabelColumns::derived(&derived).map_err(CommandError::internal)?;
    Ok(PreparedRecipe {
        id,
        events,
        state,
        columns,
    })
}

/// Serialises the writes of one account that can change a recipe graph: a recipe update
/// (archiving included) or delete, a create whose lines name a sub-recipe or a custom
/// ingredient, an ingredient update (archiving included) or delete. Each checks the graph
/// before it appends (its own label, the labels of the recipes above it via [`guard`], the
/// live users a delete would strand), so two of them checking at the same moment each saw
/// the graph without the other's change, and both were acknowledged although together they
/// left a recipe without a label (issue 28, item 6).
///
/// The lock is transaction-scoped and taken as the attempt's first statement, before any
/// state is read. Under READ COMMITTED every later statement reads a fresh snapshot, and
/// Postgres releases a transaction's locks only once its commit is visible, so each write
/// checks a graph that holds every graph write acknowledged before it. A retry of
/// [`CommandState::transact`] runs in a new transaction, which takes the lock anew.
///
/// One lock per account rather than one per stream: a write would have to hold the streams
/// it changes, every stream below them (transitively) and every recipe above them
/// (transitively), and that set is only known by reading the graph, which concurrent writes
/// change until the locks are held (a new dependent of a sub-recipe, a new sub-recipe of an
/// ingredient's user). The account's lock needs no such read and covers nesting at any depth
/// (`inner2` in `inner` in `outer`); a graph never spans accounts, as lines resolve only to
/// the account's own streams. The cost is that one account's graph writes queue, a few
/// milliseconds each. Writes that cannot change a graph do not take it: creates of database
/// foods only (the hot path) and ingredient creates (nothing uses a new ingredient).
///
/// Ingredient updates take it before the name lock of [`check_name_free`]; ingredient
/// creates take only the name lock, so no two writes wait for the two in opposite orders.
async fn lock_recipe_graph(conn: &mut PgConnection, caller: &Caller) -> Result<(), CommandError> {
    sqlx::query("select pg_advisory_xact_lock(hashtextextended($1, 0))")
        .bind(format!("recipe graph:{}", caller.account_id))
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A recipe change's entries and preparation, resolved to lines.
struct Resolved {
    lines: Option<Vec<nls_events::recipe::IngredientLine>>,
    prepared: Option<Vec<nls_events::recipe::IngredientLine>>,
}

impl Resolved {
    /// [`Resolved::of`] with the account's custom ingredient names from memory; `None` when
    /// an entry gives the id of a custom ingredient or sub-recipe (read it then).
    fn by_names(
        names: &nls_web::name_cache::NameIndex,
        change: &RecipeChange,
    ) -> Option<Result<Self, CommandError>> {
        let lines_of = |entries: &Option<Vec<resolve::Entry>>| match entries {
            None => Some(Ok(None)),
            Some(entries) => resolve::resolve_by_names(names, entries).map(|resolved| {
                resolved
                    .map(|lines| Some(lines.into_iter().map(|(line, _)| line).collect()))
                    .map_err(error::resolve)
            }),
        };
        let lines = lines_of(&change.entries)?;
        let prepared = lines_of(&change.prepared)?;
        Some(lines.and_then(|lines| {
            Ok(Self {
                lines,
                prepared: prepared?,
            })
        }))
    }

    async fn of(
        conn: &mut PgConnection,
        caller: &Caller,
        change: &RecipeChange,
    ) -> Result<Self, CommandError> {
        Ok(Self {
            lines: resolve_lines(conn, caller, change).await?,
            prepared: resolve_prepared(conn, caller, change).await?,
        })
    }

    /// Whether a line names a stream of the account's graph (a sub-recipe or a custom
    /// ingredient), i.e. anything but a database food, whose data no write changes.
    fn touches_graph(&self) -> bool {
        self.lines
            .iter()
            .chain(&self.prepared)
            .flatten()
            .any(|line| !line.ingredient_id.starts_with("fooddb:"))
    }
}

/// A create's lines. When they join a recipe graph and the graph lock is not yet held
/// (`locked`), the lock is taken and the lines resolved again: the first resolution only
/// decides whether the lock is needed, and what the create derives from must be read after
/// it. Lines of database foods only depend on nothing a write changes, so they stand.
async fn resolve_for_create(
    conn: &mut PgConnection,
    caller: &Caller,
    change: &RecipeChange,
    locked: bool,
) -> Result<Resolved, CommandError> {
    let resolved = Resolved::of(conn, caller, change).await?;
    if locked || !resolved.touches_graph() {
        return Ok(resolved);
    }
    lock_recipe_graph(conn, caller).await?;
    Resolved::of(conn, caller, change).await
}

/// The label name each line of the stored recipe currently shows.
fn derived_label_names(row: Option<&RecipeRow>) -> Vec<String> {
    row.and_then(|r| r.ingredients.as_array())
        .map(|lines| {
            lines
                .iter()
                .map(|line| line["label_name"].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// 409 `ingredient_name_taken` when another live custom ingredient of the account (other
/// than `except`) has the same name key ([`names::name_key`]). Concurrent writes of one key
/// queue on a transaction-scoped advisory lock, so two cannot both pass. Rows written before
/// the key column existed hold no key; theirs is computed here.
async fn check_name_free(
    conn: &mut PgConnection,
    caller: &Caller,
    name: &str,
    except: Option<&str>,
) -> Result<(), CommandError> {
    let key = names::name_key(name);
    sqlx::query("select pg_advisory_xact_lock(hashtextextended($1, 0))")
        .bind(format!("ingredient name:{}:{key}", caller.account_id))
        .execute(&mut *conn)
        .await?;
    let rows = views::ingredients_by_name_key(conn, caller.account_id, &key, except).await?;
    let taken = rows.into_iter().find(|(_, other_name, other_key)| {
        other_key
            .clone()
            .unwrap_or_else(|| names::name_key(other_name))
            == key
    });
    match taken {
        None => Ok(()),
        Some((ingredient_id, name, _)) => Err(CommandError::NameTaken {
            ingredient_id,
            name,
        }),
    }
}

/// A representation sent back as it was read must change nothing: the serving weight the
/// service derived (total grams / servings) is not a value the client chose.
fn without_derived_values(mut change: RecipeChange, state: &RecipeState) -> RecipeChange {
    let current_total = derive::final_weight_g(state);
    let same_total = change.entries.as_ref().is_none_or(|entries| {
        (entries.iter().map(|e| e.grams).sum::<f64>() - current_total).abs() < 1e-9
    });
    if state.serving_weight_g.is_none() && same_total {
        let derived = current_total / state.servings;
        if change
            .serving_weight_g
            .is_some_and(|w| (w - derived).abs() < 1e-9)
        {
            change.serving_weight_g = None;
        }
    }
    change
}

/// Likewise, a line's derived label name sent back unchanged stays derived, so it keeps
/// following the ingredient.
fn without_derived_names(
    mut lines: Vec<nls_events::recipe::IngredientLine>,
    state: &RecipeState,
    derived_names: &[String],
) -> Vec<nls_events::recipe::IngredientLine> {
    for (i, line) in lines.iter_mut().enumerate() {
        let Some(current) = state.ingredients.get(i) else {
            break;
        };
        let unchanged_derived = current.label_name.is_none()
            && current.ingredient_id == line.ingredient_id
            && line.label_name.as_deref() == derived_names.get(i).map(String::as_str);
        if unchanged_derived {
            line.label_name = None;
        }
    }
    lines
}

/// `if_match`: the versions `If-Match` names (`None`: any version).
fn check_if_match(if_match: Option<&[i64]>, current: i64) -> Result<(), CommandError> {
    match if_match {
        Some(expected) if !expected.contains(&current) => Err(CommandError::IfMatch {
            expected: expected.to_vec(),
            current,
        }),
        _ => Ok(()),
    }
}

async fn resolve_lines(
    conn: &mut PgConnection,
    caller: &Caller,
    change: &RecipeChange,
) -> Result<Option<Vec<nls_events::recipe::IngredientLine>>, CommandError> {
    let Some(entries) = &change.entries else {
        return Ok(None);
    };
    let resolved = resolve::resolve(conn, caller.account_id, entries)
        .await
        .map_err(error::resolve)?;
    Ok(Some(resolved.into_iter().map(|(line, _)| line).collect()))
}

/// What preparation adds, resolved like the recipe's own entries.
async fn resolve_prepared(
    conn: &mut PgConnection,
    caller: &Caller,
    change: &RecipeChange,
) -> Result<Option<Vec<nls_events::recipe::IngredientLine>>, CommandError> {
    let Some(entries) = &change.prepared else {
        return Ok(None);
    };
    let resolved = resolve::resolve(conn, caller.account_id, entries)
        .await
        .map_err(error::resolve)?;
    Ok(Some(resolved.into_iter().map(|(line, _)| line).collect()))
}

/// The stream's events from the log, folded; 404 when missing or another account's.
async fn load_events(
    conn: &mut PgConnection,
    caller: &Caller,
    id: &str,
) -> Result<Vec<Envelope>, CommandError> {
    let events = nls_eventlog::read_stream(&mut *conn, id, 1, i64::MAX).await?;
    match events.first() {
        Some(first) if first.account_id == caller.account_id => Ok(events),
        _ => Err(CommandError::NotFound(if id.starts_with("ing_") {
            "ingredient"
        } else {
            "recipe"
        })),
    }
}

async fn load_recipe_state(
    conn: &mut PgConnection,
    caller: &Caller,
    id: &str,
) -> Result<RecipeState, CommandError> {
    let mut state = RecipeState::default();
    for e in load_events(conn, caller, id).await? {
        let event = RecipeEvent::decode(&e.event_type, e.schema_version, e.payload)
            .map_err(CommandError::internal)?;
        state = state.evolve(&event);
    }
    Ok(state)
}

async fn load_ingredient_state(
    conn: &mut PgConnection,
    caller: &Caller,
    id: &str,
) -> Result<IngredientState, CommandError> {
    let mut state = IngredientState::default();
    for e in load_events(conn, caller, id).await? {
        let event = IngredientEvent::decode(&e.event_type, e.schema_version, e.payload)
            .map_err(CommandError::internal)?;
        state = state.evolve(&event);
    }
    Ok(state)
}

/// Live recipes that use `id` directly.
async fn live_users(conn: &mut PgConnection, id: &str) -> Result<Vec<String>, CommandError> {
    Ok(views::live_users(conn, id).await?)
}

/// Appends `events` at `expected`; `Done(stored)`, or `Retry` when another writer got there
/// first and the client did not pin the version (then it is 412).
async fn append_or_retry(
    tx: &mut PgConnection,
    id: &str,
    expected: i64,
    caller: &Caller,
    events: &[NewEvent],
    if_match: Option<&[i64]>,
) -> Result<Attempt<Vec<Envelope>>, CommandError> {
    match append(tx, id, expected, caller, events).await {
        Ok(stored) => Ok(Attempt::Done(stored)),
        Err(CommandError::ChangedMeanwhile) if if_match.is_none() => Ok(Attempt::Retry),
        Err(err) => Err(err),
    }
}

async fn append(
    tx: &mut PgConnection,
    id: &str,
    expected: i64,
    caller: &Caller,
    events: &[NewEvent],
) -> Result<Vec<Envelope>, CommandError> {
    nls_eventlog::append(tx, id, StreamVersion(expected), &meta(caller), events)
        .await
        .map_err(error::append)
}

/// A delete's outcome.
fn deleted(attempt: Attempt<()>) -> Result<Attempt<Deleted>, CommandError> {
    Ok(match attempt {
        Attempt::Done(()) => Attempt::Done(Deleted),
        Attempt::Retry => Attempt::Retry,
    })
}

/// A stored response for this `Idempotency-Key`: replayed when the request is the same,
/// 409 when the key was used with another request. Keys live 24 hours.
async fn replay<T: DeserializeOwned>(
    conn: &mut PgConnection,
    caller: &Caller,
    idempotency: Option<&Idempotency>,
) -> Result<Option<Created<T>>, CommandError> {
    let Some(idem) = idempotency else {
        return Ok(None);
    };
    let row = sqlx::query(
        "select request_hash, location, etag, body from idempotency_key
         where account_id = $1 and idempotency_key = $2 and created_at > now() - interval '24 hours'",
    )
    .bind(caller.account_id)
    .bind(&idem.key)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let hash: Vec<u8> = row.try_get("request_hash")?;
    if hash != idem.request_hash {
        return Err(CommandError::IdempotencyKeyReused);
    }
    let etag: Option<String> = row.try_get("etag")?;
    let location: Option<String> = row.try_get("location")?;
    let body: serde_json::Value = row.try_get("body")?;
    Ok(Some(Created {
        version: etag.and_then(|e| e.parse().ok()).unwrap_or(0),
        location: location.unwrap_or_default(),
        body: serde_json::from_value(body).map_err(CommandError::internal)?,
    }))
}

/// Stores the response under the key in the write's transaction. A concurrent request
/// with the same key that committed first makes this attempt start over (and replay it).
async fn remember<T: Serialize>(
    conn: &mut PgConnection,
    caller: &Caller,
    idempotency: Option<&Idempotency>,
    written: Created<T>,
) -> Result<Attempt<Created<T>>, CommandError> {
    let Some(idem) = idempotency else {
        return Ok(Attempt::Done(written));
    };
    sqlx::query("delete from idempotency_key where account_id = $1 and idempotency_key = $2 and created_at <= now() - interval '24 hours'")
        .bind(caller.account_id)
        .bind(&idem.key)
        .execute(&mut *conn)
        .await?;
    let inserted = sqlx::query(
        "insert into idempotency_key (account_id, idempotency_key, request_hash, status, location, etag, body)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing",
    )
    .bind(caller.account_id)
    .bind(&idem.key)
    .bind(&idem.request_hash)
    // Only creates are remembered: the answer is always a 201.
    .bind(201_i16)
    .bind(&written.location)
    .bind(written.version.to_string())
    .bind(serde_json::to_value(&written.body).map_err(CommandError::internal)?)
    .execute(&mut *conn)
    .await?;
    Ok(if inserted.rows_affected() == 1 {
        Attempt::Done(written)
    } else {
        Attempt::Retry
    })
}
