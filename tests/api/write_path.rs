//! The command side's write path, through its service: group commit of concurrent creates
//! (one statement and one transaction for a batch, each create whole), and the hand-over
//! of every write's committed events to the relay, which publishes them at once (early
//! publication).

use std::sync::Arc;
use std::time::Duration;

use nls_command::requests::{IngredientBody, RecipeBody};
use nls_command::service::Idempotency;
use nls_command::{CommandState, CreateQueue};
use nls_eventlog::AppendSignal;
use nls_readmodel::notify::LabelsChanged;
use nls_web::auth::{Caller, Plan, Via};
use serde_json::{json, Value};
use sqlx::{PgPool, Row};
use uuid::Uuid;

use crate::helpers::{account_with_key, migrated};

struct Nobody;

impl LabelsChanged for Nobody {
    fn recipe(&self, _: &str) {}
    fn any(&self) {}
}

/// The command service of one process, and a caller on the business plan.
async fn service(pool: &PgPool) -> (CommandState, Caller) {
    let (account_id, _) = account_with_key(pool, "business", false).await;
    let row = sqlx::query("select * from plan where plan_id = 'business'")
        .fetch_one(pool)
        .await
        .expect("plan");
    let caller = Caller {
        account_id,
        key_id: Uuid::now_v7(),
        plan: Arc::new(Plan::from_row(&row).expect("plan row")),
        via: Via::ApiKey,
    };
    let state = CommandState {
        pool: pool.clone(),
        site_url: "http://nls.test".into(),
        appended: AppendSignal::local(),
        labels: Arc::new(Nobody),
        creates: CreateQueue::start(pool.clone()),
        auth: None,
    };
    (state, caller)
}

fn recipe(body: Value) -> nls_command::requests::RecipeChange {
    serde_json::from_value::<RecipeBody>(body)
        .expect("recipe body")
        .validate(true)
        .expect("valid recipe")
}

fn ingredient(body: Value, creating: bool) -> nls_command::requests::IngredientChange {
    serde_json::from_value::<IngredientBody>(body)
        .expect("ingredient body")
        .validate(creating)
        .expect("valid ingredient")
}

fn pancakes(name: &str) -> Value {
    json!({
        "name": name, "servings": 4,
        "ingredients": [
            {"name": "all-purpose flour", "grams": 250, "nutrients": {"trans_fat_g": 0}},
            {"name": "milk", "grams": 300, "nutrients": {"trans_fat_g": 0.1}},
            {"name": "egg", "grams": 100}
        ]
    })
}

/// The events the log holds for `stream_id`, as (event id, version).
async fn logged(pool: &PgPool, stream_id: &str) -> Vec<(Uuid, i64)> {
    sqlx::query(
        "select event_id, stream_version from event where stream_id = $1 order by stream_version",
    )
    .bind(stream_id)
    .fetch_all(pool)
    .await
    .expect("log")
    .iter()
    .map(|row| (row.get("event_id"), row.get("stream_version")))
    .collect()
}

/// Every write path hands the events it committed to the relay of its process (the relay
/// publishes them before reading them back from the log): creates with and without an
/// `Idempotency-Key`, updates and deletes of recipes and ingredients. Each hand-over holds
/// exactly the events the log holds for that write, and nothing is handed over before its
/// commit (a write that is refused hands over nothing).
#[tokio::test]
async fn every_write_hands_its_committed_events_to_the_relay() {
    let (_db, pool) = migrated().await;
    let (state, caller) = service(&pool).await;
    let mut handed = state.appended.take_committed().expect("the relay's end");
    let mut next_handed = |what: &str| {
        let mut events = Vec::new();
        while let Ok(nls_eventlog::signal::Committed { envelope, .. }) = handed.try_recv() {
            events.push((
                envelope.stream_id,
                envelope.event_id,
                envelope.stream_version,
            ));
        }
        assert!(!events.is_empty(), "{what}: nothing handed over");
        events
    };
    let check = |handed: Vec<(String, Uuid, i64)>, log: Vec<(Uuid, i64)>, what: &str| {
        let handed: Vec<(Uuid, i64)> = handed.into_iter().map(|(_, id, v)| (id, v)).collect();
        assert_eq!(handed, log, "{what}: the hand-over is the log's events");
    };

    let plain = state
        .create_recipe(&caller, recipe(pancakes("Plain")), None)
        .await
        .expect("create");
    let id = plain.body.id.clone();
    check(next_handed("create"), logged(&pool, &id).await, "create");

    let keyed = state
        .create_recipe(
            &caller,
            recipe(pancakes("Keyed")),
            Some(Idempotency::new("k-1".into(), "POST", "/v1/recipes", b"x")),
        )
        .await
        .expect("keyed create");
    let keyed_id = keyed.body.id.clone();
    check(
        next_handed("keyed create"),
        logged(&pool, &keyed_id).await,
        "keyed create",
    );

    state
        .update_recipe(&caller, &id, None, recipe_update(json!({"servings": 8})))
        .await
        .expect("update");
    let update = next_handed("recipe update");
    assert_eq!(update.len(), 1);
    assert_eq!(
        (update[0].1, update[0].2),
        logged(&pool, &id).await[1],
        "the update's event, version 2"
    );

    let created = state
        .create_ingredient(
            &caller,
            ingredient(
                json!({"name": "Almond paste", "nutrients_per_100g": {"calories": 458}}),
                true,
            ),
            None,
        )
        .await
        .expect("ingredient");
    let ing = created.body.id.clone();
    check(
        next_handed("ingredient create"),
        logged(&pool, &ing).await,
        "ingredient create",
    );
    state
        .update_ingredient(
            &caller,
            &ing,
            None,
            ingredient(json!({"cost_per_unit": 12, "unit": "kg"}), false),
        )
        .await
        .expect("ingredient update");
    let update = next_handed("ingredient update");
    assert_eq!(
        update
            .iter()
            .map(|(_, id, v)| (*id, *v))
            .collect::<Vec<_>>(),
        logged(&pool, &ing).await[1..].to_vec()
    );
    state
        .delete_ingredient(&caller, &ing, None)
        .await
        .expect("ingredient delete");
    assert_eq!(next_handed("ingredient delete")[0].2, 3);
    state
        .delete_recipe(&caller, &keyed_id, None)
        .await
        .expect("recipe delete");
    assert_eq!(next_handed("recipe delete")[0].0, keyed_id);

    // A refused write commits nothing and hands nothing over.
    let refused = state
        .update_recipe(
            &caller,
            &id,
            Some(&[1]),
            recipe_update(json!({"servings": 2})),
        )
        .await;
    assert!(refused.is_err(), "a stale If-Match is refused");
    assert!(
        handed.try_recv().is_err(),
        "nothing handed over for a refused write"
    );
}

fn recipe_update(body: Value) -> nls_command::requests::RecipeChange {
    serde_json::from_value::<RecipeBody>(body)
        .expect("recipe body")
        .validate(false)
        .expect("valid update")
}

/// Concurrent creates are written in batches (group commit): fewer transactions than
/// creates, and every create whole, as a create written alone would be: its event at
/// version 1, its view row with its label, the label's first version, its usage and both
/// checkpoints.
#[tokio::test]
async fn concurrent_creates_share_transactions_and_each_is_whole() {
    const CREATES: usize = 48;
    let (_db, pool) = migrated().await;
    let (state, caller) = service(&pool).await;
    let mut writes = Vec::new();
    for i in 0..CREATES {
        let (state, caller) = (state.clone(), caller.clone());
        writes.push(tokio::spawn(async move {
            state
                .create_recipe(&caller, recipe(pancakes(&format!("Batch {i}"))), None)
                .await
                .expect("create")
        }));
    }
    let mut ids = Vec::new();
    for write in writes {
        let created = write.await.expect("task");
        assert_eq!(created.version, 1);
        assert!(
            created.body.label.is_some(),
            "the response carries the label"
        );
        ids.push(created.body.id);
    }
    let transactions: i64 =
        sqlx::query_scalar("select count(distinct txid) from event where stream_id = any($1)")
            .bind(&ids)
            .fetch_one(&pool)
            .await
            .expect("txids");
    assert!(
        transactions < CREATES as i64,
        "{CREATES} concurrent creates took {transactions} transactions: no group commit"
    );
    for id in &ids {
        let row = sqlx::query(
            "select (select count(*) from event where stream_id = $1 and stream_version = 1) as events,
                    (select count(*) from recipe_view where recipe_id = $1 and label is not null
                        and label_edition is not null and applied_events = 1) as views,
                    (select count(*) from label_version where recipe_id = $1 and version = 1) as labels,
                    (select count(*) from recipe_usage where recipe_id = $1) as usage,
                    (select count(*) from projection_checkpoint where stream_id = $1 and version = 1) as checkpoints",
        )
        .bind(id)
        .fetch_one(&pool)
        .await
        .expect("rows");
        let counts: [i64; 5] = [
            row.get("events"),
            row.get("views"),
            row.get("labels"),
            row.get("usage"),
            row.get("checkpoints"),
        ];
        assert_eq!(counts, [1, 1, 1, 3, 2], "rows of {id}");
    }
}

/// The group commit's writers keep their connection between batches (issue 27). One whose
/// backend went away during a quiet spell (a Postgres restart, an idle connection killed) is
/// pinged before use and replaced: the next create succeeds on its first try instead of
/// failing on the stale connection.
#[tokio::test]
async fn a_create_after_its_writers_connection_was_killed_succeeds() {
    let (_db, pool) = migrated().await;
    let (state, caller) = service(&pool).await;
    // One create per writer (they take turns), so each holds a connection.
    for name in ["Before 1", "Before 2"] {
        state
            .create_recipe(&caller, recipe(pancakes(name)), None)
            .await
            .expect("create");
    }
    let killed = kill_writers(&pool).await;
    assert_eq!(
        killed,
        vec![true, true],
        "both writers' connections were held; both are killed"
    );
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let created = state
        .create_recipe(&caller, recipe(pancakes("After")), None)
        .await
        .expect("a create after the writer's connection was killed");
    assert_eq!(created.version, 1);

    // Killed while busy (no idle ping): the creates on the dead connections may fail, but
    // the writers drop them, and the creates after are written on fresh ones.
    let killed = kill_writers(&pool).await;
    assert!(!killed.is_empty());
    for name in ["Lost 1", "Lost 2"] {
        let _ = state
            .create_recipe(&caller, recipe(pancakes(name)), None)
            .await;
    }
    for name in ["Again 1", "Again 2"] {
        state
            .create_recipe(&caller, recipe(pancakes(name)), None)
            .await
            .expect("a create after the writers dropped their dead connections");
    }
}

/// Terminates the backends of the group commit's writers (those whose last statement was a
/// create's); one `true` per backend.
async fn kill_writers(pool: &PgPool) -> Vec<bool> {
    sqlx::query_scalar(
        "select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()
           and query like 'with appended as%'",
    )
    .fetch_all(pool)
    .await
    .expect("terminate")
}
