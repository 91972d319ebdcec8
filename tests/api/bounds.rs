//! Output size is bounded before anything is allocated (issue 12, item 1): label files and
//! the export function refuse a PNG over the pixel cap or statements over the text cap
//! with 422 and a code naming the limit, quickly, and still draw everything within them.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;

use crate::export::{export, label, token};
use crate::helpers::{oat_paste, TestApp};
use crate::labels::{decode_png, send};

/// `count` words of ten letters: an ingredient statement of `11 × count` characters.
fn long_statement(count: usize) -> String {
    vec!["Wheatflour"; count].join(" ")
}

/// Well under the time an unbounded render of these inputs took (8.7 s and 18 s).
const REFUSED_WITHIN: Duration = Duration::from_secs(3);

#[tokio::test]
async fn export_refuses_a_statement_over_the_cap_with_422() {
    let app = TestApp::spawn().await;
    let token = token(&app, "professional").await;
    let mut data = label(&app, "standard").await;
    // The reported attack: a 22 KB body, width 2000, scale 4.
    data["ingredient_statement"] = json!(long_statement(2_000));
    let started = Instant::now();
    let reply = export(
        &app,
        &token,
        json!({ "fileType": "png", "data": data, "extra": { "width": 2000, "scale": 4 } }),
    )
    .await;
    assert!(
        started.elapsed() < REFUSED_WITHIN,
        "{:?}",
        started.elapsed()
    );
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = reply.json();
    assert_eq!(body["error"]["code"], "statement_too_long", "{body}");
    assert_eq!(body["error"]["details"][0]["field"], "ingredient_statement");
    // SVG and PDF are bounded by the same text cap.
    for file_type in ["svg", "pdf"] {
        let reply = export(&app, &token, json!({ "fileType": file_type, "data": data })).await;
        assert_eq!(reply.json()["error"]["code"], "statement_too_long");
    }
    app.finish().await;
}

#[tokio::test]
async fn export_refuses_a_png_over_the_pixel_cap_with_422_before_drawing() {
    let app = TestApp::spawn().await;
    let token = token(&app, "professional").await;
    let mut data = label(&app, "standard").await;
    data["ingredient_statement"] = json!(long_statement(600));
    let started = Instant::now();
    let reply = export(
        &app,
        &token,
        json!({ "fileType": "png", "data": data, "extra": { "width": 2000, "scale": 4 } }),
    )
    .await;
    assert!(
        started.elapsed() < REFUSED_WITHIN,
        "{:?}",
        started.elapsed()
    );
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = reply.json();
    assert_eq!(body["error"]["code"], "image_too_large", "{body}");
    assert!(body["error"]["message"]
        .as_str()
        .unwrap_or("")
        .contains("16777216"));
    // The same label at a size within the cap is drawn, and is within it.
    let reply = export(
        &app,
        &token,
        json!({ "fileType": "png", "data": data, "extra": { "width": 400, "scale": 2 } }),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let (width, height, _) = decode_png(&reply.bytes);
    assert_eq!(width, 800);
    assert!(u64::from(width) * u64::from(height) <= 16 * 1024 * 1024);
    app.finish().await;
}

#[tokio::test]
async fn label_files_refuse_a_png_over_the_pixel_cap_with_422() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let ingredient = app.create_ingredient(&key, oat_paste()).await;
    let recipe = app
        .create_recipe(
            &key,
            json!({ "name": "Oat bar", "servings": 1,
                    "ingredients": [{ "ingredient_id": ingredient["id"], "grams": 100 }] }),
        )
        .await;
    let id = recipe["id"].as_str().expect("recipe id");
    let file = |query: &str| {
        app.http
            .get(format!("{}/v1/recipes/{id}/label.png?{query}", app.base))
            .bearer_auth(&key)
    };
    // 16,000 pixels wide and twice as tall: half a gigapixel before the cap.
    let started = Instant::now();
    let reply = send(file("width=2000&scale=8")).await;
    assert!(
        started.elapsed() < REFUSED_WITHIN,
        "{:?}",
        started.elapsed()
    );
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(reply.json()["error"]["code"], "image_too_large");
    // Within the cap: drawn.
    let reply = send(file("width=1000&scale=2")).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let (width, height, _) = decode_png(&reply.bytes);
    assert_eq!(width, 2000);
    assert!(u64::from(width) * u64::from(height) <= 16 * 1024 * 1024);
    // SVG has no pixels: the same width and scale are fine.
    let reply = send(
        app.http
            .get(format!(
                "{}/v1/recipes/{id}/label.svg?width=2000&scale=8",
                app.base
            ))
            .bearer_auth(&key),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK);
    app.finish().await;
}
