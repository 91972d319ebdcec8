//! Front-of-pack over HTTP: `fop=` and `front_of_pack_facts` on analyze put the schemes in
//! the label JSON; `GET /v1/recipes/{id}/fop.{svg,png,pdf}?scheme=` draws one element.

#![allow(clippy::unwrap_used)]

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;
use crate::labels::{fetch, oat_recipe};

fn sugar_body(facts: serde_json::Value) -> serde_json::Value {
    json!({
        "label_format": "uk",
        "servings": 4,
        "serving_weight_g": 50,
        "ingredients": [{ "name": "sugar", "grams": 200 }],
        "front_of_pack_facts": facts
    })
}

#[tokio::test]
async fn analyze_computes_the_schemes_asked_for_and_explains_them() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let reply = app
        .post(
            &key,
            "/v1/analyze?fop=uk.fop.tl,cl.fop.alto",
            sugar_body(json!({ "state": "solid" })),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
    let fop = reply.body["label"]["front_of_pack"]
        .as_array()
        .expect("front_of_pack");
    assert_eq!(fop.len(), 2);
    assert_eq!(fop[0]["scheme"], "uk.fop.tl");
    assert_eq!(fop[0]["required"], false);
    let sugars = fop[0]["marks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["nutrient"] == "sugars")
        .cloned()
        .expect("a sugars light");
    assert_eq!(sugars["colour"], "red");
    assert_eq!(sugars["level"], "high");
    assert_eq!(fop[1]["scheme"], "cl.fop.alto");
    let texts: Vec<&str> = fop[1]["marks"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["text"].as_str())
        .collect();
    assert!(texts.contains(&"ALTO EN AZÚCARES"), "{texts:?}");
    assert!(texts.contains(&"ALTO EN CALORÍAS"), "{texts:?}");
    let why = fop[1]["marks"][0]["why"].as_str().unwrap();
    assert!(why.contains("per 100 g ≥"), "{why}");

    // Without fop= nothing is added (the UK has no mandatory scheme).
    let plain = app.post(&key, "/v1/analyze", sugar_body(json!({}))).await;
    assert_eq!(plain.status, StatusCode::OK);
    assert!(plain.body["label"].get("front_of_pack").is_none());

    // Nothing is guessed: without the state, the result says what is missing.
    let missing = app
        .post(&key, "/v1/analyze?fop=cl.fop.alto", sugar_body(json!({})))
        .await;
    assert_eq!(
        missing.body["label"]["front_of_pack"][0]["missing"],
        json!(["front_of_pack_facts.state"])
    );
    app.finish().await;
}

#[tokio::test]
async fn analyze_refuses_unknown_schemes_and_bad_facts() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let unknown = app
        .post(&key, "/v1/analyze?fop=xx.fop", sugar_body(json!({})))
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert_eq!(unknown.code(), "validation_failed");
    assert_eq!(unknown.body["error"]["details"][0]["field"], "fop");
    let bad = app
        .post(
            &key,
            "/v1/analyze",
            sugar_body(json!({ "state": "liquid", "density_g_per_ml": 0 })),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad.body["error"]["details"][0]["field"],
        "front_of_pack_facts.density_g_per_ml"
    );
    let stranger = app
        .post(&key, "/v1/analyze", sugar_body(json!({ "colour": "red" })))
        .await;
    assert_eq!(
        stranger.status,
        StatusCode::BAD_REQUEST,
        "{:?}",
        stranger.body
    );
    app.finish().await;
}

/// The app's live preview: `extra.front_of_pack` on the export function draws the
/// elements an analysis computed under the label, from the label object alone.
#[tokio::test]
async fn the_export_function_draws_the_front_of_pack_elements_when_asked() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let analysis = app
        .post(
            &key,
            "/v1/analyze?fop=cl.fop.alto",
            sugar_body(json!({ "state": "solid" })),
        )
        .await;
    assert_eq!(analysis.status, StatusCode::OK, "{:?}", analysis.body);
    let label = analysis.body["label"].clone();
    let token = crate::export::token(&app, "business").await;
    let draw = |front_of_pack: serde_json::Value| json!({"fileType": "svg", "data": label, "extra": {"front_of_pack": front_of_pack}});
    let with = crate::export::export(&app, &token, draw(json!(true))).await;
    assert_eq!(with.status, StatusCode::OK, "{}", with.text());
    assert!(
        with.text().contains("ALTO EN AZÚCARES"),
        "the seal is drawn"
    );
    let without = crate::export::export(&app, &token, draw(json!(null))).await;
    assert_eq!(without.status, StatusCode::OK);
    assert!(
        !without.text().contains("ALTO EN AZÚCARES"),
        "only when asked"
    );
    let bad = crate::export::export(&app, &token, draw(json!("yes"))).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.text().contains("extra.front_of_pack"), "{}", bad.text());
    app.finish().await;
}

#[tokio::test]
async fn a_recipes_front_of_pack_element_is_drawn() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, _) = oat_recipe(&app, &key).await;
    let svg = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/fop.svg?scheme=cl.fop.alto&state=solid"),
        &[],
    )
    .await;
    assert_eq!(svg.status, StatusCode::OK, "{}", svg.text());
    assert_eq!(svg.header("content-type"), "image/svg+xml");
    assert!(
        svg.text().contains("ALTO EN CALORÍAS"),
        "400 kcal per 100 g"
    );
    let png = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/fop.png?scheme=uk.fop.tl&state=solid"),
        &[],
    )
    .await;
    assert_eq!(png.status, StatusCode::OK);
    assert!(png.bytes.starts_with(b"\x89PNG"));
    let pdf = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/fop.pdf?scheme=cl.fop.alto&state=solid"),
        &[],
    )
    .await;
    assert!(pdf.bytes.starts_with(b"%PDF"));
    for (query, field) in [
        ("", "scheme"),
        ("?scheme=xx", "scheme"),
        ("?scheme=il.fop.red&state=solid", "scheme"),
        (
            "?scheme=cl.fop.alto&density_g_per_ml=-1",
            ".density_g_per_ml",
        ),
    ] {
        let bad = fetch(&app, &key, &format!("/v1/recipes/{id}/fop.svg{query}"), &[]).await;
        assert_eq!(
            bad.status,
            StatusCode::BAD_REQUEST,
            "{query}: {}",
            bad.text()
        );
        assert!(bad.text().contains(field), "{query}: {}", bad.text());
    }
    let other = app.business_key().await;
    assert_eq!(
        fetch(
            &app,
            &other,
            &format!("/v1/recipes/{id}/fop.svg?scheme=cl.fop.alto"),
            &[]
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    app.finish().await;
}

/// A recipe keeps its voluntary schemes and their facts (recipe events v5): its stored
/// label carries them, a change of facts changes the marks, `null` removes both.
#[tokio::test]
async fn a_recipe_keeps_its_schemes_and_facts_and_its_label_carries_them() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let mut body = sugar_body(json!({ "state": "solid" }));
    body["name"] = json!("Fudge");
    body["front_of_pack"] = json!(["uk.fop.tl", "cl.fop.alto"]);
    let created = app.post(&key, "/v1/recipes", body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    assert_eq!(
        created.body["front_of_pack"],
        json!(["uk.fop.tl", "cl.fop.alto"])
    );
    assert_eq!(
        created.body["front_of_pack_facts"],
        json!({ "state": "solid" })
    );
    let schemes: Vec<&str> = created.body["label"]["front_of_pack"]
        .as_array()
        .expect("the stored label carries front_of_pack")
        .iter()
        .filter_map(|f| f["scheme"].as_str())
        .collect();
    assert_eq!(schemes, ["uk.fop.tl", "cl.fop.alto"]);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let history: Vec<(String, i64)> =
        sqlx::query_as("select event_type, schema_version::bigint from event where stream_id = $1")
            .bind(&id)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(history, vec![("recipe_created".to_owned(), 5)]);

    // As a liquid, with a density, the lights are judged per 100 ml.
    let liquid = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "front_of_pack": ["uk.fop.tl"], "front_of_pack_facts": { "state": "liquid", "density_g_per_ml": 1.0 } }),
        )
        .await;
    assert_eq!(liquid.status, StatusCode::OK, "{:?}", liquid.body);
    let fop = &liquid.body["label"]["front_of_pack"];
    assert_eq!(fop.as_array().map(Vec::len), Some(1));
    assert!(
        fop.to_string().contains("100 ml"),
        "judged per 100 ml: {fop}"
    );

    let refused = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "front_of_pack": ["xx.fop"] }),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.body["error"]["details"][0]["field"],
        "front_of_pack"
    );
    let bad_facts = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "front_of_pack_facts": { "density_g_per_ml": -1 } }),
        )
        .await;
    assert_eq!(bad_facts.status, StatusCode::BAD_REQUEST);

    let removed = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "front_of_pack": null, "front_of_pack_facts": null }),
        )
        .await;
    assert_eq!(removed.status, StatusCode::OK, "{:?}", removed.body);
    assert!(removed.body.get("front_of_pack").is_none());
    assert!(removed.body["label"].get("front_of_pack").is_none());
    app.finish().await;
}

/// `fop=` on label files: the label with the asked elements drawn under it, cached under a
/// key of its own; refused with a past version and for unknown schemes.
#[tokio::test]
async fn label_files_with_fop_draw_the_elements_under_the_label() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let mut body = sugar_body(json!({ "state": "solid" }));
    body["name"] = json!("Fudge");
    let created = app.post(&key, "/v1/recipes", body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let plain = fetch(&app, &key, &format!("/v1/recipes/{id}/label.svg"), &[]).await;
    let with = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.svg?fop=uk.fop.tl"),
        &[],
    )
    .await;
    assert_eq!(with.status, StatusCode::OK, "{}", with.text());
    assert_ne!(with.header("etag"), plain.header("etag"));
    let (plain_svg, with_svg) = (plain.text(), with.text());
    assert!(with_svg.len() > plain_svg.len());
    // The element's words are in the file, under the label's.
    let with_text = crate::labels::svg_text(&with_svg);
    let plain_text = crate::labels::svg_text(&plain_svg);
    assert!(with_text.starts_with(&plain_text[..plain_text.len().min(40)]));
    assert!(with_svg.matches("<path").count() > plain_svg.matches("<path").count());
    if std::env::var_os("NLS_KEEP_FOP_SAMPLE").is_some() {
        let _ = std::fs::write("/tmp/label-with-fop.svg", &with_svg);
    }
    let png = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.png?fop=uk.fop.tl"),
        &[],
    )
    .await;
    let plain_png = fetch(&app, &key, &format!("/v1/recipes/{id}/label.png"), &[]).await;
    assert_eq!(png.status, StatusCode::OK);
    if std::env::var_os("NLS_KEEP_FOP_SAMPLE").is_some() {
        let _ = std::fs::write("/tmp/label-with-fop.png", &png.bytes);
    }
    assert!(
        crate::labels::decode_png(&png.bytes).1 > crate::labels::decode_png(&plain_png.bytes).1,
        "taller with the element under the label"
    );
    let pdf = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.pdf?fop=uk.fop.tl"),
        &[],
    )
    .await;
    assert_eq!(pdf.status, StatusCode::OK);
    for bad in ["label.svg?fop=uk.fop.tl&version=1", "label.svg?fop=nope"] {
        let refused = fetch(&app, &key, &format!("/v1/recipes/{id}/{bad}"), &[]).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{bad}");
    }
    app.finish().await;
}

/// Issue 26, item 4: a Mexican label is judged in the phase in force on its date (the
/// second since 1 October 2023), by the critical nutrients added; the recipe keeps them.
#[tokio::test]
async fn nom_051_a_recipe_is_judged_in_the_second_phase_by_what_was_added() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    // Salted crackers: sodium and fat added, sugar not.
    let body = |added: serde_json::Value| {
        json!({ "name": "Galletas saladas", "servings": 10, "label_format": "mx.tab.100",
                "ingredients": [
                    { "name": "all-purpose flour", "grams": 400 },
                    { "name": "butter", "grams": 80 },
                    { "name": "sugar", "grams": 60 },
                    { "name": "salt", "grams": 12 }
                ],
                "front_of_pack_facts": { "state": "solid", "free_sugars_g_per_100g": 10.9,
                                         "added_critical_nutrients": added } })
    };
    let recipe = app
        .create_recipe(&key, body(json!(["sodium", "fats"])))
        .await;
    let octagons = recipe["label"]["front_of_pack"]
        .as_array()
        .expect("front_of_pack")
        .iter()
        .find(|f| f["scheme"] == "mx.fop.oct")
        .cloned()
        .expect("Mexico's octagons are mandatory on its labels");
    assert_eq!(octagons["phase"], "phase-2");
    assert_eq!(octagons["status"], "unconfirmed");
    let judged: Vec<&str> = octagons["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .filter_map(|c| c["code"].as_str())
        .collect();
    // Sugars were not added, so they are not judged in this phase.
    assert!(!judged.contains(&"sugars"), "{judged:?}");
    assert!(
        judged.contains(&"sodium") && judged.contains(&"saturated_fat"),
        "{judged:?}"
    );
    assert_eq!(
        recipe["front_of_pack_facts"]["added_critical_nutrients"],
        json!(["sodium", "fats"])
    );
    // Not said: every limit, and the fact is asked for.
    let unknown = app
        .post(&key, "/v1/analyze", {
            let mut b = body(json!(null));
            b["front_of_pack_facts"]
                .as_object_mut()
                .expect("facts")
                .remove("added_critical_nutrients");
            b.as_object_mut().expect("body").remove("name");
            b
        })
        .await;
    assert_eq!(unknown.status, StatusCode::OK, "{}", unknown.body);
    let oct = unknown.body["label"]["front_of_pack"]
        .as_array()
        .expect("front_of_pack")
        .iter()
        .find(|f| f["scheme"] == "mx.fop.oct")
        .cloned()
        .expect("octagons");
    assert!(oct["missing"]
        .as_array()
        .expect("missing")
        .contains(&json!("front_of_pack_facts.added_critical_nutrients")));
    // A value that is no critical nutrient is refused.
    let bad = app.post(&key, "/v1/recipes", body(json!(["salt"]))).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    app.finish().await;
}

/// Issue 26, items 1 and 8: Canada's symbol is judged per Canada's own reference amount
/// (`front_of_pack_facts.reference_amount_g`), never the US RACC of a package category.
#[tokio::test]
async fn fdr_b_01_350_canadas_symbol_takes_canadas_reference_amount_not_the_us_racc() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let body = |facts: serde_json::Value| {
        json!({ "label_format": "ca.std.bi", "servings": 4, "serving_weight_g": 30,
                "package": { "racc_category": "bakery.cookies" },
                "ingredients": [{ "name": "salt", "grams": 3 }, { "name": "all-purpose flour", "grams": 117 }],
                "front_of_pack_facts": facts })
    };
    let symbol = |reply: &crate::helpers::Reply| {
        reply.body["label"]["front_of_pack"]
            .as_array()
            .expect("front_of_pack")
            .iter()
            .find(|f| f["scheme"] == "ca.fop.h.bi")
            .cloned()
            .expect("Canada's symbol is mandatory on its labels")
    };
    let us_only = app
        .post(&key, "/v1/analyze", body(json!({ "state": "solid" })))
        .await;
    assert_eq!(us_only.status, StatusCode::OK, "{}", us_only.body);
    let s = symbol(&us_only);
    assert_eq!(s["marks"], json!([]), "{s}");
    assert!(s["missing"]
        .as_array()
        .expect("missing")
        .contains(&json!("front_of_pack_facts.reference_amount_g")));
    let canadian = app
        .post(
            &key,
            "/v1/analyze",
            body(json!({ "state": "solid", "reference_amount_g": 20 })),
        )
        .await;
    let s = symbol(&canadian);
    assert!(
        s["checks"]
            .as_array()
            .expect("checks")
            .iter()
            .any(|c| c["code"] == "sodium"
                && c["basis"].as_str().is_some_and(|b| b.contains("in 30 g"))),
        "{s}"
    );
    app.finish().await;
}

/// Issue 26, item 7: the seals' printed size by the package's principal display surface
/// (NOM-051 table A1, transcribed: unconfirmed), kept on the recipe and refused when absurd.
#[tokio::test]
async fn nom_051_seal_size_follows_the_principal_display_surface() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let body = |area: serde_json::Value| {
        json!({ "name": "Galletas saladas", "servings": 10, "label_format": "mx.tab.100",
                "ingredients": [
                    { "name": "all-purpose flour", "grams": 400 },
                    { "name": "butter", "grams": 80 },
                    { "name": "salt", "grams": 12 }
                ],
                "front_of_pack_facts": { "state": "solid", "free_sugars_g_per_100g": 0,
                                         "added_critical_nutrients": ["sodium", "fats"],
                                         "principal_display_area_cm2": area } })
    };
    let recipe = app.create_recipe(&key, body(json!(150))).await;
    let octagons = recipe["label"]["front_of_pack"]
        .as_array()
        .expect("front_of_pack")
        .iter()
        .find(|f| f["scheme"] == "mx.fop.oct")
        .cloned()
        .expect("Mexico's octagons");
    assert!(
        !octagons["marks"].as_array().expect("marks").is_empty(),
        "{octagons}"
    );
    // > 100 and ≤ 200 cm²: 2.5 × 2.77 cm.
    assert_eq!(octagons["mark_size"]["width_cm"], json!(2.5), "{octagons}");
    assert_eq!(octagons["mark_size"]["height_cm"], json!(2.77));
    assert_eq!(octagons["mark_size"]["status"], "unconfirmed");
    assert_eq!(
        recipe["front_of_pack_facts"]["principal_display_area_cm2"],
        json!(150.0)
    );
    let bad = app.post(&key, "/v1/recipes", body(json!(-3))).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
    assert!(
        bad.body.to_string().contains("principal_display_area_cm2"),
        "{}",
        bad.body
    );
    app.finish().await;
}
