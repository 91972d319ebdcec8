//! Issue 26, item 5: US voluntary nutrients are declared only when asked (21 CFR
//! 101.9(c)(8)(ii)): a recipe's or analysis's `voluntary_nutrients`, or a line's
//! `added_nutrients`; the label says why each is there.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;

/// Orange juice carries vitamin C, folate and potassium in the food table.
fn juice_lines() -> serde_json::Value {
    json!([{ "name": "orange juice", "grams": 240 }])
}

#[tokio::test]
async fn cfr_101_9_c_8_ii_a_recipe_declares_voluntary_nutrients_only_when_asked() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let plain = app
        .create_recipe(
            &key,
            json!({ "name": "Juice", "servings": 1, "ingredients": juice_lines() }),
        )
        .await;
    assert!(
        plain["label"].get("vitamin_c_mg").is_none(),
        "{}",
        plain["label"]
    );
    assert!(plain["label"].get("voluntary").is_none());
    assert!(plain.get("voluntary_nutrients").is_none());

    let asked = app
        .create_recipe(
            &key,
            json!({ "name": "Juice asked", "servings": 1,
                    "voluntary_nutrients": ["vitamin_c_mg", "folate_mcg", "vitamin_c_mg"],
                    "ingredients": juice_lines() }),
        )
        .await;
    let id = asked["id"].as_str().expect("id");
    // Recorded sorted and once each.
    assert_eq!(
        asked["voluntary_nutrients"],
        json!(["folate_mcg", "vitamin_c_mg"])
    );
    let label = &asked["label"];
    assert!(
        label["vitamin_c_mg"].as_f64().is_some_and(|v| v > 0.0),
        "{label}"
    );
    assert!(label["daily_values"]["vitamin_c_mg"].is_number(), "{label}");
    assert_eq!(
        label["voluntary"],
        json!({ "folate_mcg": "requested", "vitamin_c_mg": "requested" })
    );

    // A line marks vitamin C added as a nutrient supplement; `null` clears the request.
    let put = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "voluntary_nutrients": null,
                    "ingredients": [{ "name": "orange juice", "grams": 240,
                                      "added_nutrients": ["vitamin_c_mg"] }] }),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    assert!(
        put.body.get("voluntary_nutrients").is_none(),
        "{:?}",
        put.body
    );
    assert_eq!(
        put.body["ingredients"][0]["added_nutrients"],
        json!(["vitamin_c_mg"])
    );
    assert_eq!(
        put.body["label"]["voluntary"],
        json!({ "vitamin_c_mg": "added_as_nutrient_supplement" })
    );
    assert!(put.body["label"].get("folate_mcg").is_none());

    // The history keeps what each version asked for.
    let v2 = app.get(&key, &format!("/v1/recipes/{id}?version=1")).await;
    assert_eq!(v2.status, StatusCode::OK, "{:?}", v2.body);
    assert_eq!(
        v2.body["voluntary_nutrients"],
        json!(["folate_mcg", "vitamin_c_mg"])
    );

    // Not a nutrient key: 400 naming the field, nothing written.
    for body in [
        json!({ "voluntary_nutrients": ["vitamin_q"] }),
        json!({ "ingredients": [{ "name": "orange juice", "grams": 240,
                                  "added_nutrients": ["sugar"] }] }),
    ] {
        let bad = app.put(&key, &format!("/v1/recipes/{id}"), body).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{:?}", bad.body);
        assert_eq!(bad.code(), "validation_failed");
    }
    let now = app.get(&key, &format!("/v1/recipes/{id}")).await;
    assert_eq!(now.body["version"], 2);
    app.finish().await;
}

#[tokio::test]
async fn analyze_takes_voluntary_nutrients() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let reply = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "servings": 1, "voluntary_nutrients": ["vitamin_c_mg"], "racc_g": 240,
                    "ingredients": juice_lines() }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    assert_eq!(
        reply.body["label"]["voluntary"],
        json!({ "vitamin_c_mg": "requested" })
    );
    // A claim about vitamin C is judged once it is declared (101.54, 101.9(c)(8)(ii)).
    let claims: Vec<&str> = reply.body["claims"]
        .as_array()
        .map(|a| a.iter().filter_map(|c| c["code"].as_str()).collect())
        .unwrap_or_default();
    assert!(
        claims.iter().any(|c| c.ends_with("vitamin_c")),
        "{claims:?}"
    );
    app.finish().await;
}
