//! Issue 28, item 6: two writes on one recipe graph that are each valid alone but break it
//! together, sent at the same moment, many times. Whatever the interleaving, exactly one
//! is acknowledged (the other is refused as the client's problem) and every live recipe
//! keeps its label once the label cascade has caught up.
//!
//! Each round uses fresh recipes, so a round's outcome depends on nothing but its own
//! race. Failures are collected over all rounds and reported together, so a failing run
//! says how often the race was lost.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{oat_paste, Reply, TestApp};

/// Rounds per pair: the race window is a few milliseconds, and before the fix it was lost
/// in most rounds.
const ROUNDS: usize = 20;

fn id_of(v: &Value) -> String {
    v["id"].as_str().unwrap_or_default().to_owned()
}

/// A recipe of database foods only (depth 0).
async fn leaf(app: &TestApp, key: &str, name: String) -> String {
    id_of(
        &app.create_recipe(
            key,
            json!({ "name": name, "servings": 1, "ingredients": [{ "name": "sugar", "grams": 10 }] }),
        )
        .await,
    )
}

/// A chain of sub-recipes `depth` levels deep; returns the top one's id.
async fn chain(app: &TestApp, key: &str, depth: usize) -> String {
    let mut top = leaf(app, key, "C0".into()).await;
    for level in 1..=depth {
        top = id_of(
            &app.create_recipe(
                key,
                json!({ "name": format!("C{level}"), "servings": 1,
                        "ingredients": [{ "ingredient_id": top, "grams": 10 }] }),
            )
            .await,
        );
    }
    top
}

/// `lines` with a line of the sub-recipe or ingredient `id` appended.
fn with_line(mut lines: Vec<Value>, id: &str) -> Value {
    lines.push(json!({ "ingredient_id": id, "grams": 10 }));
    json!({ "ingredients": lines })
}

fn sugar() -> Vec<Value> {
    vec![json!({ "name": "sugar", "grams": 10 })]
}

/// A custom ingredient of its own name (names are unique per account).
async fn ingredient(app: &TestApp, key: &str, name: String) -> String {
    let mut body = oat_paste();
    body["name"] = json!(name);
    id_of(&app.create_ingredient(key, body).await)
}

/// What went wrong in a round when two writes that break the graph together were not
/// serialised: both acknowledged, or one failed as the service's problem.
fn race_outcome(round: usize, a: &Reply, b: &Reply) -> Option<String> {
    let won = [a, b].iter().filter(|r| r.status.is_success()).count();
    let server_error = [a, b].iter().any(|r| r.status.is_server_error());
    (won != 1 || server_error).then(|| {
        format!(
            "round {round}: {} and {} ({} / {})",
            a.status,
            b.status,
            a.code(),
            b.code()
        )
    })
}

/// Waits for the projector, then names each of `ids` that is live (not deleted) but has no
/// label. The cascade that strips a broken recipe's label runs after the write commits, so
/// the check waits for it.
async fn unlabelled(app: &TestApp, key: &str, round: usize, ids: &[&str]) -> Vec<String> {
    app.eventually(
        Duration::from_secs(30),
        "the projector to catch up",
        || async { (app.streams_behind().await == 0).then_some(()) },
    )
    .await;
    let mut missing = Vec::new();
    for id in ids.iter().filter(|id| !id.is_empty()) {
        let reply = app.get(key, &format!("/v1/recipes/{id}")).await;
        if reply.status == StatusCode::NOT_FOUND {
            continue;
        }
        if !reply.body["label"].is_object() {
            missing.push(format!(
                "round {round}: live recipe {id} has no label ({})",
                reply.body["label_error"]
            ));
        }
    }
    missing
}

fn assert_no_failures(pair: &str, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{pair}: {} failure(s) over {ROUNDS} rounds:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Adding `inner` to `outer` ‖ growing `inner` to the deepest nesting it may have alone
/// (8 levels), which takes `outer` to 9.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn adding_a_sub_recipe_and_growing_it_at_once_never_both_succeed() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let deep = chain(&app, &key, 7).await;
    let mut failures = Vec::new();
    for round in 0..ROUNDS {
        let inner = leaf(&app, &key, format!("Inner {round}")).await;
        let outer = leaf(&app, &key, format!("Outer {round}")).await;
        let outer_path = format!("/v1/recipes/{outer}");
        let inner_path = format!("/v1/recipes/{inner}");
        let (add, grow) = tokio::join!(
            app.put(&key, &outer_path, with_line(sugar(), &inner)),
            app.put(&key, &inner_path, with_line(sugar(), &deep)),
        );
        failures.extend(race_outcome(round, &add, &grow));
        failures.extend(unlabelled(&app, &key, round, &[&inner, &outer]).await);
    }
    assert_no_failures("add inner ‖ grow inner", &failures);
    app.finish().await;
}

/// The same through a level in between: growing `inner2` (inside `inner`) ‖ adding
/// `inner` to `outer`. The guard must see `outer` as a dependent of `inner2`.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn adding_a_sub_recipe_and_growing_one_below_it_at_once_never_both_succeed() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let deep = chain(&app, &key, 6).await;
    let mut failures = Vec::new();
    for round in 0..ROUNDS {
        let inner2 = leaf(&app, &key, format!("Inner2 {round}")).await;
        let inner = id_of(
            &app.create_recipe(
                &key,
                json!({ "name": format!("Inner {round}"), "servings": 1,
                        "ingredients": [{ "ingredient_id": inner2, "grams": 10 }] }),
            )
            .await,
        );
        let outer = leaf(&app, &key, format!("Outer {round}")).await;
        let outer_path = format!("/v1/recipes/{outer}");
        let inner2_path = format!("/v1/recipes/{inner2}");
        let (add, grow) = tokio::join!(
            app.put(&key, &outer_path, with_line(sugar(), &inner)),
            app.put(&key, &inner2_path, with_line(sugar(), &deep)),
        );
        failures.extend(race_outcome(round, &add, &grow));
        failures.extend(unlabelled(&app, &key, round, &[&inner2, &inner, &outer]).await);
    }
    assert_no_failures("add inner ‖ grow inner2 ⊂ inner", &failures);
    app.finish().await;
}

/// Adding `inner` to `outer` ‖ deleting `inner`.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn adding_a_sub_recipe_and_deleting_it_at_once_never_both_succeed() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let mut failures = Vec::new();
    for round in 0..ROUNDS {
        let inner = leaf(&app, &key, format!("Inner {round}")).await;
        let outer = leaf(&app, &key, format!("Outer {round}")).await;
        let outer_path = format!("/v1/recipes/{outer}");
        let inner_path = format!("/v1/recipes/{inner}");
        let (add, delete) = tokio::join!(
            app.put(&key, &outer_path, with_line(sugar(), &inner)),
            app.delete(&key, &inner_path),
        );
        failures.extend(race_outcome(round, &add, &delete));
        failures.extend(unlabelled(&app, &key, round, &[&inner, &outer]).await);
    }
    assert_no_failures("add inner ‖ delete inner", &failures);
    app.finish().await;
}

/// Writing a recipe that uses a custom ingredient ‖ deleting the ingredient; even rounds
/// create the recipe, odd rounds add the ingredient to an existing one.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn using_an_ingredient_and_deleting_it_at_once_never_both_succeed() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let mut failures = Vec::new();
    for round in 0..ROUNDS {
        let paste = ingredient(&app, &key, format!("Paste {round}")).await;
        let existing = if round % 2 == 1 {
            leaf(&app, &key, format!("Outer {round}")).await
        } else {
            String::new()
        };
        let existing_path = format!("/v1/recipes/{existing}");
        let paste_path = format!("/v1/ingredients/{paste}");
        let write = async {
            if existing.is_empty() {
                let mut body = with_line(sugar(), &paste);
                body["name"] = json!(format!("Outer {round}"));
                body["servings"] = json!(1);
                app.post(&key, "/v1/recipes", body).await
            } else {
                app.put(&key, &existing_path, with_line(sugar(), &paste))
                    .await
            }
        };
        let (written, delete) = tokio::join!(write, app.delete(&key, &paste_path));
        failures.extend(race_outcome(round, &written, &delete));
        // The recipe written: the existing one, or the one the create made (if it did).
        let recipe = if existing.is_empty() {
            id_of(&written.body)
        } else {
            existing
        };
        failures.extend(unlabelled(&app, &key, round, &[&recipe]).await);
    }
    assert_no_failures("use ingredient ‖ delete ingredient", &failures);
    app.finish().await;
}

/// Seventeen lines printed as 500 characters each: 8,532 characters of statement, so a
/// sub-recipe printing more than ~470 more takes it past the limit of 9,000.
fn long_lines() -> Vec<Value> {
    ('a'..='q')
        .map(|c| json!({ "name": "sugar", "grams": 10, "label_name": c.to_string().repeat(500) }))
        .collect()
}

/// Adding `inner` to a recipe with a long statement ‖ giving the ingredient `inner` uses
/// a 500-character label name: each fits alone, together the statement passes its limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn adding_a_sub_recipe_and_lengthening_its_ingredient_at_once_never_both_succeed() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let mut failures = Vec::new();
    for round in 0..ROUNDS {
        let paste = ingredient(&app, &key, format!("Paste {round}")).await;
        let inner = id_of(
            &app.create_recipe(
                &key,
                json!({ "name": format!("Inner {round}"), "servings": 1,
                        "ingredients": [{ "ingredient_id": paste, "grams": 10 }] }),
            )
            .await,
        );
        let outer = id_of(
            &app.create_recipe(
                &key,
                json!({ "name": format!("Outer {round}"), "servings": 1, "ingredients": long_lines() }),
            )
            .await,
        );
        let outer_path = format!("/v1/recipes/{outer}");
        let paste_path = format!("/v1/ingredients/{paste}");
        let (add, rename) = tokio::join!(
            app.put(&key, &outer_path, with_line(long_lines(), &inner)),
            app.put(&key, &paste_path, json!({ "label_name": "p".repeat(500) })),
        );
        failures.extend(race_outcome(round, &add, &rename));
        failures.extend(unlabelled(&app, &key, round, &[&inner, &outer]).await);
    }
    assert_no_failures("add inner ‖ lengthen inner's ingredient", &failures);
    app.finish().await;
}
