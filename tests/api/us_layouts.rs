//! The US layouts over HTTP: each new format computes through analyze and draws through
//! export, and a physical width below the minimum type sizes of 21 CFR 101.9(d)(1)(iii) and
//! (j)(13) is 422 `label_too_small` naming the smallest width that complies (label files and
//! export), while that width itself is served.

use reqwest::StatusCode;
use serde_json::json;

use crate::export::{export, label, token};
use crate::helpers::TestApp;
use crate::labels::{decode_png, fetch, oat_recipe, svg_text};

const US_FORMATS: [&str; 6] = [
    "us.tab",
    "us.lin",
    "us.v.simpl",
    "us.v.child13",
    "us.v.infant",
    "us.v.en-es",
];

#[tokio::test]
async fn every_new_us_format_is_listed_computed_and_drawn() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let listed = app.get(&key, "/v1/formats?family=us-fda").await;
    assert_eq!(listed.status, StatusCode::OK);
    let ids: Vec<&str> = listed.body["data"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|f| f["id"].as_str())
        .collect();
    for id in US_FORMATS {
        assert!(ids.contains(&id), "{id} not in {ids:?}");
    }
    let token = token(&app, "business").await;
    for id in US_FORMATS {
        let label = if id == "us.v.simpl" {
            sweet_drink_label(&app, &key).await
        } else {
            label(&app, id).await
        };
        assert_eq!(label["format"], id);
        let svg = export(&app, &token, json!({ "fileType": "svg", "data": label })).await;
        assert_eq!(svg.status, StatusCode::OK, "{id}: {}", svg.text());
        // The linear and tabular runs keep each declaration on one line with no-break spaces.
        let text = svg_text(&svg.text()).replace('\u{a0}', " ");
        assert!(
            text.contains("Total Fat") || text.contains("Grasa Total"),
            "{id}: {text}"
        );
        assert!(text.contains("Sodium"), "{id}: {text}");
    }
    app.finish().await;
}

/// Sugar in water: only calories, carbohydrate and sugars are significant, so the simplified
/// format is allowed (21 CFR 101.9(f)).
async fn sweet_drink_label(app: &TestApp, key: &str) -> serde_json::Value {
    let reply = app
        .post(
            key,
            "/v1/analyze",
            json!({ "label_format": "us.v.simpl", "servings": 1,
                    "ingredients": [{ "name": "sugar", "grams": 20 }, { "name": "water", "grams": 300 }] }),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    reply.body["label"].clone()
}

#[tokio::test]
async fn cfr_101_9_f_the_simplified_format_is_refused_where_fewer_than_8_nutrients_are_insignificant(
) {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let pancakes = json!({ "label_format": "us.v.simpl", "servings": 8,
        "ingredients": [{ "name": "all-purpose flour", "grams": 250 }, { "name": "milk", "grams": 300 },
                        { "name": "egg", "grams": 100 }, { "name": "butter", "grams": 40 },
                        { "name": "sugar", "grams": 25 }] });
    let analyzed = app.post(&key, "/v1/analyze", pancakes.clone()).await;
    assert_eq!(
        analyzed.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        analyzed.body
    );
    assert_eq!(analyzed.code(), "format_not_permitted");
    let details = &analyzed.body["error"]["details"][0];
    assert_eq!(details["field"], "label_format");
    assert_eq!(details["needed"], 8);
    assert!(
        details["insignificant"].as_u64().is_some_and(|n| n < 8),
        "{details}"
    );
    assert!(
        details["rule"]
            .as_str()
            .is_some_and(|r| r.contains("101.9(f)")),
        "{details}"
    );
    // A recipe is refused the same way, and nothing is written.
    let mut recipe = pancakes;
    recipe["name"] = json!("Pancakes");
    let created = app.post(&key, "/v1/recipes", recipe).await;
    assert_eq!(created.code(), "format_not_permitted", "{:?}", created.body);
    let list = app.get(&key, "/v1/recipes").await;
    assert_eq!(
        list.body["data"].as_array().map(Vec::len),
        Some(0),
        "{:?}",
        list.body
    );
    // A food it is allowed for draws it.
    let drink = sweet_drink_label(&app, &key).await;
    assert_eq!(drink["format"], "us.v.simpl");
    app.finish().await;
}

#[tokio::test]
async fn a_label_file_below_its_minimum_width_is_label_too_small() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, _) = oat_recipe(&app, &key).await;

    let small = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.png?width_in=2.3"),
        &[],
    )
    .await;
    assert_eq!(
        small.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        small.text()
    );
    let body = small.json();
    assert_eq!(body["error"]["code"], "label_too_small");
    assert_eq!(body["error"]["details"][0]["field"], "width_in");
    assert_eq!(body["error"]["details"][0]["min_width_in"], 2.31);
    assert_eq!(body["error"]["details"][0]["min_width_mm"], 58.5);

    // The width the error names is served: 2.31 in at 96 px per inch and scale 1.
    let at_min = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.png?width_in=2.31&scale=1"),
        &[],
    )
    .await;
    assert_eq!(at_min.status, StatusCode::OK, "{}", at_min.text());
    assert_eq!(decode_png(&at_min.bytes).0, 222);
    let mm = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.svg?width_mm=58.5"),
        &[],
    )
    .await;
    assert_eq!(mm.status, StatusCode::OK, "{}", mm.text());
    let under = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.svg?width_mm=58.4"),
        &[],
    )
    .await;
    assert_eq!(under.json()["error"]["code"], "label_too_small");
    let both = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.svg?width=300&width_in=3"),
        &[],
    )
    .await;
    assert_eq!(both.status, StatusCode::BAD_REQUEST);
    // The past versions take the same check.
    let past = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.svg?version=1&width_in=1.5"),
        &[],
    )
    .await;
    assert_eq!(
        past.json()["error"]["code"],
        "label_too_small",
        "{}",
        past.text()
    );
    app.finish().await;
}

#[tokio::test]
async fn export_below_the_minimum_width_is_label_too_small() {
    let app = TestApp::spawn().await;
    let token = token(&app, "business").await;
    let tabular = label(&app, "us.tab").await;
    let small = export(
        &app,
        &token,
        json!({ "fileType": "png", "data": tabular, "extra": { "width_in": 5.37 } }),
    )
    .await;
    assert_eq!(
        small.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        small.text()
    );
    let body = small.json();
    assert_eq!(body["error"]["code"], "label_too_small");
    assert_eq!(body["error"]["details"][0]["field"], "extra.width_in");
    assert_eq!(body["error"]["details"][0]["min_width_in"], 5.38);
    let fits = export(
        &app,
        &token,
        json!({ "fileType": "png", "data": tabular, "extra": { "width_in": 5.38, "scale": 1 } }),
    )
    .await;
    assert_eq!(fits.status, StatusCode::OK, "{}", fits.text());
    assert_eq!(decode_png(&fits.bytes).0, 516);
    app.finish().await;
}
