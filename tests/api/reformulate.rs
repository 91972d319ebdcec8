//! Reformulation over HTTP (issue 30): every candidate answered is re-analyzed here through
//! `POST /v1/analyze` with its own `ingredients` and must meet its goals and respect every
//! constraint; goals out of reach, bounds and bad goals are refused with what is wrong.

#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::TestApp;

const FLOUR: &str = "fooddb:168894";
const SUGAR: &str = "fooddb:169655";
const MILK: &str = "fooddb:171265";
const BUTTER: &str = "fooddb:173410";
const CANOLA: &str = "fooddb:172336";
const WATER: &str = "fooddb:175103";
const SALT: &str = "fooddb:173468";
const OATS: &str = "fooddb:173904";

/// A sweet Chilean cake carrying "ALTO EN AZÚCARES".
fn chilean_cake() -> Value {
    json!({"label_format": "cl.tab", "servings": 10, "serving_weight_g": 60,
        "ingredients": [{"ingredient_id": FLOUR, "grams": 300},
                        {"ingredient_id": SUGAR, "grams": 90},
                        {"ingredient_id": MILK, "grams": 150}],
        "front_of_pack_facts": {"state": "solid"}})
}

fn with(mut body: Value, extra: Value) -> Value {
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

fn seals(label: &Value, scheme: &str) -> Vec<String> {
    label["front_of_pack"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["scheme"] == scheme)
        .flat_map(|f| f["marks"].as_array().cloned().unwrap_or_default())
        .filter_map(|m| m["text"].as_str().map(str::to_owned))
        .collect()
}

/// The candidate's recipe analyzed again, as a food maker applying it would see it.
async fn reanalyze(app: &TestApp, key: &str, base: &Value, candidate: &Value, fop: &str) -> Value {
    let body = with(
        base.clone(),
        json!({"ingredients": candidate["ingredients"]}),
    );
    let reply = app.post(key, &format!("/v1/analyze?fop={fop}"), body).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body
}

fn grams_of(candidate: &Value) -> Vec<f64> {
    candidate["ingredients"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["grams"].as_f64().unwrap())
        .collect()
}

#[tokio::test]
async fn a_seal_is_lost_within_every_constraint_and_the_label_shows_it() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let before = app
        .post(&key, "/v1/analyze?fop=cl.fop.alto", chilean_cake())
        .await;
    assert!(seals(&before.body["label"], "cl.fop.alto").contains(&"ALTO EN AZÚCARES".into()));
    for constraints in [
        json!({"max_change_pct": 60}),
        json!({"fixed_lines": [0], "max_change_pct": 80}),
        json!({"keep_total_weight": true, "lines": [{"index": 2, "min_g": 100, "max_g": 400}]}),
    ] {
        let body = with(
            chilean_cake(),
            json!({"goals": [{"scheme": "cl.fop.alto", "without": ["ALTO EN AZÚCARES"]}],
                   "constraints": constraints.clone(), "candidates": 3}),
        );
        let reply = app.post(&key, "/v1/reformulate", body).await;
        assert_eq!(
            reply.status,
            StatusCode::OK,
            "{constraints}: {:?}",
            reply.body
        );
        let candidates = reply.body["candidates"].as_array().unwrap();
        assert!(!candidates.is_empty() && candidates.len() <= 3);
        let mut last_change = 0.0;
        for c in candidates {
            // Ranked by least change.
            let change = c["change_g"].as_f64().unwrap();
            assert!(change >= last_change - 0.05, "{candidates:?}");
            last_change = change;
            assert!(!seals(&c["label"], "cl.fop.alto").contains(&"ALTO EN AZÚCARES".into()));
            let again = reanalyze(&app, &key, &chilean_cake(), c, "cl.fop.alto").await;
            assert!(
                !seals(&again["label"], "cl.fop.alto").contains(&"ALTO EN AZÚCARES".into()),
                "{c}"
            );
            assert_eq!(again["label"]["display"], c["label"]["display"]);
            let grams = grams_of(c);
            let was = [300.0, 90.0, 150.0];
            if let Some(pct) = constraints["max_change_pct"].as_f64() {
                for (g, w) in grams.iter().zip(was) {
                    assert!((g - w).abs() <= w * pct / 100.0 + 0.1, "{grams:?} {pct}");
                }
            }
            if constraints["fixed_lines"].is_array() {
                assert_eq!(grams[0], 300.0);
            }
            if constraints["keep_total_weight"] == true {
                assert!((grams.iter().sum::<f64>() - 540.0).abs() < 0.2, "{grams:?}");
                assert!((100.0..=400.0).contains(&grams[2]), "{grams:?}");
            }
        }
    }
}

#[tokio::test]
async fn goals_out_of_reach_name_the_constraint_in_the_way() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let body = with(
        chilean_cake(),
        json!({"goals": [{"scheme": "cl.fop.alto", "without": ["ALTO EN AZÚCARES"]}],
               "constraints": {"fixed_lines": [0, 1, 2]}}),
    );
    let reply = app.post(&key, "/v1/reformulate", body).await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        reply.body
    );
    assert_eq!(reply.body["error"]["code"], "goal_unreachable");
    let details = &reply.body["error"]["details"];
    assert_eq!(details["goal"], 0);
    let binding: Vec<&str> = details["binding"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b["constraint"].as_str())
        .collect();
    assert!(binding.contains(&"fixed_lines"), "{details}");

    // A small change allowed: the best reachable value is said, and the limit it misses.
    let body = with(
        chilean_cake(),
        json!({"goals": [{"scheme": "cl.fop.alto", "without": ["ALTO EN AZÚCARES"]}],
               "constraints": {"max_change_pct": 5}}),
    );
    let reply = app.post(&key, "/v1/reformulate", body).await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        reply.body
    );
    let details = &reply.body["error"]["details"];
    assert!(details["best"].as_f64().unwrap() > details["below"].as_f64().unwrap());
    assert_eq!(details["binding"][0]["constraint"], "max_change_pct");
}

#[tokio::test]
async fn bounds_and_bad_goals_are_refused_with_their_field() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let goal = json!([{"scheme": "cl.fop.alto", "without": []}]);
    let too_many = app
        .post(
            &key,
            "/v1/reformulate",
            with(chilean_cake(), json!({"goals": goal, "candidates": 6})),
        )
        .await;
    assert_eq!(
        too_many.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        too_many.body
    );
    assert_eq!(too_many.body["error"]["code"], "reformulation_too_large");
    assert_eq!(too_many.body["error"]["details"]["limit"], "candidates");
    assert_eq!(too_many.body["error"]["details"]["max"], 5);

    for (goal, field) in [
        (
            json!({"scheme": "xx.fop", "without": []}),
            "goals[0].scheme",
        ),
        (
            json!({"scheme": "cl.fop.alto", "without": ["ALTO EN NADA"]}),
            "goals[0].without",
        ),
        (json!({"claim": "very_tasty"}), "goals[0].claim"),
        (
            json!({"scheme": "eu.fop.nutriscore", "grade_at_least": "Z"}),
            "goals[0].grade_at_least",
        ),
        (json!({"nutrient": "sodium_mg"}), "goals[0]"),
    ] {
        let reply = app
            .post(
                &key,
                "/v1/reformulate",
                with(chilean_cake(), json!({"goals": [goal.clone()]})),
            )
            .await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{goal}: {:?}",
            reply.body
        );
        assert_eq!(
            reply.body["error"]["details"][0]["field"], field,
            "{goal}: {:?}",
            reply.body
        );
    }
    let no_goal = app.post(&key, "/v1/reformulate", chilean_cake()).await;
    assert!(no_goal.status.is_client_error(), "{:?}", no_goal.body);
}

#[tokio::test]
async fn a_substitute_a_cost_and_a_nutrient_per_serving() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    // Butter's saturated fat is what carries the seal; only replacing it can lose it when
    // the other lines barely move.
    let shortbread = json!({"label_format": "cl.tab", "servings": 12, "serving_weight_g": 40,
        "ingredients": [{"ingredient_id": FLOUR, "grams": 300},
                        {"ingredient_id": BUTTER, "grams": 150},
                        {"ingredient_id": WATER, "grams": 40}],
        "front_of_pack_facts": {"state": "solid"}});
    let body = with(
        shortbread.clone(),
        json!({"goals": [{"scheme": "cl.fop.alto", "without": ["ALTO EN GRASAS SATURADAS"]}],
               "constraints": {"max_change_pct": 5, "lines": [{"index": 1, "min_g": 100}]},
               "substitutes": [{"index": 1, "ingredients": [CANOLA]}]}),
    );
    let reply = app.post(&key, "/v1/reformulate", body).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    let best = &reply.body["candidates"][0];
    assert_eq!(best["substitutions"][0]["index"], 1, "{best}");
    assert_eq!(best["substitutions"][0]["ingredient"], CANOLA);
    assert_eq!(best["ingredients"][1]["ingredient_id"], CANOLA);
    let again = reanalyze(&app, &key, &shortbread, best, "cl.fop.alto").await;
    assert!(!seals(&again["label"], "cl.fop.alto").contains(&"ALTO EN GRASAS SATURADAS".into()));

    // Least cost: candidates ranked by cost change, every price needed.
    let body = with(
        chilean_cake(),
        json!({"goals": [{"scheme": "cl.fop.alto", "without": ["ALTO EN AZÚCARES"]}],
               "objective": "cost", "costs": {FLOUR: 1.2, SUGAR: 0.9, MILK: 1.1}}),
    );
    let reply = app.post(&key, "/v1/reformulate", body.clone()).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    let costs: Vec<f64> = reply.body["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["cost_change"].as_f64().unwrap())
        .collect();
    assert!(costs.windows(2).all(|w| w[0] <= w[1] + 1e-9), "{costs:?}");
    let mut unpriced = body;
    unpriced["costs"] = json!({FLOUR: 1.2});
    let reply = app.post(&key, "/v1/reformulate", unpriced).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{:?}", reply.body);
    assert_eq!(reply.body["error"]["details"][0]["field"], "costs");

    // Sodium at most 200 mg per serving of a salted bread, checked on the label's amount.
    let bread = json!({"label_format": "standard", "servings": 8,
        "ingredients": [{"ingredient_id": FLOUR, "grams": 300},
                        {"ingredient_id": WATER, "grams": 150},
                        {"ingredient_id": SALT, "grams": 8}]});
    let body = with(
        bread.clone(),
        json!({"goals": [{"nutrient": "sodium_mg", "at_most": 200, "basis": "per_serving"}]}),
    );
    let reply = app.post(&key, "/v1/reformulate", body).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    for c in reply.body["candidates"].as_array().unwrap() {
        let again = reanalyze(&app, &key, &bread, c, "").await;
        assert!(
            again["label"]["unrounded"]["sodium_mg"].as_f64().unwrap() <= 200.0,
            "{c}"
        );
    }

    // Per 100 g, spelled `per_100g` as the README spells it (the app sends it so).
    let body = with(
        bread.clone(),
        json!({"goals": [{"nutrient": "sodium_mg", "at_most": 400, "basis": "per_100g"}]}),
    );
    let reply = app.post(&key, "/v1/reformulate", body).await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    for c in reply.body["candidates"].as_array().unwrap() {
        let again = reanalyze(&app, &key, &bread, c, "").await;
        let label = &again["label"];
        let per_100g = label["unrounded"]["sodium_mg"].as_f64().unwrap() * 100.0
            / label["serving_size"]["grams"].as_f64().unwrap();
        assert!(per_100g <= 400.0 + 1e-9, "{per_100g} {c}");
    }
}

#[tokio::test]
async fn a_claim_and_a_grade_are_earned_as_the_engine_judges_them() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let bread = json!({"label_format": "standard", "servings": 8, "racc_g": 55,
        "ingredients": [{"ingredient_id": FLOUR, "grams": 300},
                        {"ingredient_id": WATER, "grams": 150},
                        {"ingredient_id": SALT, "grams": 3.5}]});
    let before = app.post(&key, "/v1/analyze", bread.clone()).await;
    let claims = |a: &Value| -> Vec<String> {
        a["claims"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["code"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(!claims(&before.body).iter().any(|c| c.contains("sodium")));
    let reply = app
        .post(
            &key,
            "/v1/reformulate",
            with(bread.clone(), json!({"goals": [{"claim": "low_sodium"}]})),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    for c in reply.body["candidates"].as_array().unwrap() {
        let again = reanalyze(&app, &key, &bread, c, "").await;
        let made = claims(&again);
        assert!(
            made.iter()
                .any(|m| ["low_sodium", "very_low_sodium", "sodium_free"].contains(&m.as_str())),
            "{made:?}"
        );
    }
    // Without a reference amount no claim is judged: the request says so.
    let mut no_racc = bread.clone();
    no_racc.as_object_mut().unwrap().remove("racc_g");
    let reply = app
        .post(
            &key,
            "/v1/reformulate",
            with(no_racc, json!({"goals": [{"claim": "low_sodium"}]})),
        )
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{:?}", reply.body);
    assert_eq!(reply.body["error"]["details"][0]["field"], "racc_g");

    // Nutri-Score D to C.
    let cake = json!({"label_format": "eu-1169", "servings": 10, "serving_weight_g": 70,
        "ingredients": [{"ingredient_id": FLOUR, "grams": 300}, {"ingredient_id": SUGAR, "grams": 150},
                        {"ingredient_id": BUTTER, "grams": 100}, {"ingredient_id": OATS, "grams": 100}],
        "front_of_pack_facts": {"state": "solid", "category": "general",
                                "fruit_vegetable_legume_pct": 0, "non_nutritive_sweeteners": false}});
    let grade = |a: &Value| -> String {
        a["label"]["front_of_pack"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["scheme"] == "eu.fop.nutriscore")
            .flat_map(|f| f["marks"].as_array().cloned().unwrap_or_default())
            .find_map(|m| m["grade"].as_str().map(str::to_owned))
            .unwrap()
    };
    let before = app
        .post(&key, "/v1/analyze?fop=eu.fop.nutriscore", cake.clone())
        .await;
    assert_eq!(grade(&before.body), "D");
    let reply = app
        .post(
            &key,
            "/v1/reformulate",
            with(
                cake.clone(),
                json!({"goals": [{"scheme": "eu.fop.nutriscore", "grade_at_least": "C"}]}),
            ),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    for c in reply.body["candidates"].as_array().unwrap() {
        let again = reanalyze(&app, &key, &cake, c, "eu.fop.nutriscore").await;
        assert!(grade(&again).as_str() <= "C", "{c}");
    }
}

#[tokio::test]
async fn a_saved_recipe_is_reformulated_and_nothing_is_saved() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let created = app
        .post(
            &key,
            "/v1/recipes",
            with(chilean_cake(), json!({"name": "Queque"})),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let version = created.body["version"].clone();
    let reply = app
        .post(
            &key,
            &format!("/v1/recipes/{id}/reformulate"),
            json!({"goals": [{"scheme": "cl.fop.alto", "without": ["ALTO EN AZÚCARES"]}],
                   "constraints": {"fixed_lines": [0]}, "label_formats": ["mx.tab.100"]}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    let best = &reply.body["candidates"][0];
    assert_eq!(best["ingredients"][0]["grams"], 300.0);
    assert_eq!(best["labels"][0]["format"], "mx.tab.100", "{best}");
    let after = app.get(&key, &format!("/v1/recipes/{id}")).await;
    assert_eq!(
        after.body["version"], version,
        "a reformulation saves nothing"
    );

    // Applying it is an ordinary PUT: a new version without the seal.
    let put = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            with(
                chilean_cake(),
                json!({"name": "Queque", "ingredients": best["ingredients"]}),
            ),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);

    let unknown = app
        .post(
            &key,
            "/v1/recipes/rcp_00000000000000000000000000000000/reformulate",
            json!({"goals": [{"scheme": "cl.fop.alto", "without": []}]}),
        )
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{:?}", unknown.body);
}

#[tokio::test]
async fn a_forty_line_recipe_is_answered() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let foods = [FLOUR, SUGAR, MILK, BUTTER, OATS, WATER, CANOLA, SALT];
    let ingredients: Vec<Value> = (0..40)
        .map(|i| json!({"ingredient_id": foods[i % foods.len()], "grams": 5 + i % 7}))
        .collect();
    let body = json!({"label_format": "cl.tab", "servings": 4,
        "ingredients": ingredients, "front_of_pack_facts": {"state": "solid"},
        "goals": [{"scheme": "cl.fop.alto", "without": []}]});
    let reply = app.post(&key, "/v1/reformulate", body).await;
    // Either candidates, or the goal said to be out of reach: never a 5xx or an empty 200.
    match reply.status {
        StatusCode::OK => assert!(!reply.body["candidates"].as_array().unwrap().is_empty()),
        StatusCode::UNPROCESSABLE_ENTITY => {
            assert_eq!(
                reply.body["error"]["code"], "goal_unreachable",
                "{:?}",
                reply.body
            )
        }
        other => panic!("{other}: {:?}", reply.body),
    }
}
