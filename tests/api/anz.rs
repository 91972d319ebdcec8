//! Issue 26, item 2: Australia and New Zealand in force (FSANZ Food Standards Code,
//! compilation of March 2025): a drink's panel in millilitres (Standard 1.2.8—4,
//! 1.2.8—6(1)(b)(ii)), a Schedule 11 S11—2(3) substance declared by name (1.2.8—6(9)), no
//! draft mark anywhere, and only Schedule 9's required names in bold in the statement of
//! ingredients (Standard 1.2.3—7(1)-(2)).

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;
use crate::labels::{fetch, svg_text};

#[tokio::test]
async fn fsanz_1_2_8_6_a_drink_panel_is_in_force_in_millilitres_with_its_erythritol() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let erythritol = app
        .create_ingredient(
            &key,
            json!({ "name": "Erythritol", "nutrients_per_100g": {
                "calories": 0, "total_carbohydrate_g": 100, "erythritol_g": 100,
                "total_sugars_g": 0, "total_fat_g": 0, "saturated_fat_g": 0, "protein_g": 0,
                "sodium_mg": 0 } }),
        )
        .await;
    let erythritol_id = erythritol["id"].as_str().expect("id");
    for format in ["anz.nip", "anz.nip.di"] {
        let recipe = app
            .create_recipe(
                &key,
                json!({ "name": "Cordial", "servings": 4, "serving_weight_g": 260,
                        "label_format": format,
                        "ingredients": [{ "name": "water", "grams": 910 },
                                        { "name": "sugar", "grams": 70 },
                                        { "ingredient_id": erythritol_id, "grams": 60 }],
                        "front_of_pack_facts": { "state": "liquid", "density_g_per_ml": 1.04 } }),
            )
            .await;
        let label = &recipe["label"];
        assert_eq!(label["format_status"], "in_force", "{format}: {label}");
        assert!(label.get("unconfirmed").is_none(), "{format}");
        // 260 g at 1.04 g/mL: 250 mL; the unit quantity is 100 mL.
        let ml = label["serving_size"]["ml"].as_f64().expect("a volume");
        assert!((ml - 250.0).abs() < 1e-9, "{ml}");
        assert_eq!(label["per_100ml"], true);
        // 60 g in 1 040 g: 5.77 g/100 g, declared (5 g/100 g or more): 15 g a serving,
        // 6 g in 100 mL (104 g).
        assert_eq!(
            label["display"]["per_serving.erythritol_g"], "15g",
            "{label}"
        );
        assert_eq!(label["display"]["per_100g.erythritol_g"], "6g", "{label}");
        let id = recipe["id"].as_str().expect("id");
        let svg = fetch(&app, &key, &format!("/v1/recipes/{id}/label.svg"), &[]).await;
        assert_eq!(svg.status, StatusCode::OK, "{format}");
        let text = svg_text(&svg.text());
        assert!(!text.contains("DRAFT"), "{format}: {text}");
        // Column heads may break after "Average quantity" (one text line each).
        let text = text.replace("quantity\nper", "quantity per");
        for words in [
            "Serving size: 250 mL",
            "Average quantity per 100 mL",
            "Erythritol",
        ] {
            assert!(text.contains(words), "{format}: {words} in {text}");
        }
        assert!(!text.contains("Serving size: 260 g"), "{format}: {text}");
    }
    // The same drink as a solid (no facts): grams and per 100 g, no volume.
    let solid = app
        .create_recipe(
            &key,
            json!({ "name": "Cordial", "servings": 4, "serving_weight_g": 260,
                    "label_format": "anz.nip",
                    "ingredients": [{ "name": "water", "grams": 910 },
                                    { "name": "sugar", "grams": 70 }] }),
        )
        .await;
    assert!(solid["label"]["serving_size"].get("ml").is_none());
    assert!(solid["label"].get("per_100ml").is_none());
    app.finish().await;
}

#[tokio::test]
async fn fsanz_1_2_3_7_only_the_required_names_are_bold_in_the_statement() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let mut ids = Vec::new();
    for name in ["Buttermilk", "Sodium caseinate"] {
        let made = app
            .create_ingredient(
                &key,
                json!({ "name": name, "nutrients_per_100g": { "calories": 40, "protein_g": 3 },
                        "allergens": ["milk"] }),
            )
            .await;
        ids.push(made["id"].as_str().expect("id").to_owned());
    }
    let body = |format: &str| {
        json!({ "label_format": format, "servings": 2,
                "ingredients": [{ "ingredient_id": ids[0], "grams": 100 },
                                { "ingredient_id": ids[1], "grams": 20 },
                                { "name": "all-purpose flour", "grams": 10 }] })
    };
    let anz = app.post(&key, "/v1/analyze", body("anz.nip")).await;
    assert_eq!(anz.status, StatusCode::OK, "{:?}", anz.body);
    let label = &anz.body["label"];
    assert_eq!(label["format_status"], "in_force");
    let html = label["ingredient_statement_html"].as_str().expect("html");
    // "but not buttermilk" and "sodium caseinate (milk)" (1.2.3—7(2)(b)-(c), p. 74).
    assert!(html.starts_with("Buttermilk (<b>milk</b>), "), "{html}");
    assert!(html.contains("Sodium caseinate (<b>milk</b>)"), "{html}");
    // Nothing but required names in bold: every <b> holds one.
    let bold: Vec<&str> = html
        .split("<b>")
        .skip(1)
        .filter_map(|s| s.split("</b>").next())
        .collect();
    assert!(!bold.is_empty(), "{html}");
    for b in &bold {
        assert!(
            ["milk", "wheat"].contains(&b.to_lowercase().as_str()),
            "{b} is no required name: {html}"
        );
    }
    assert_eq!(label["contains_statement"], "Contains wheat, gluten, milk");
    // Under Reg. (EU) 1169/2011 Art. 21 the allergen's own word is emphasised.
    let eu = app.post(&key, "/v1/analyze", body("eu-1169")).await;
    assert_eq!(eu.status, StatusCode::OK, "{:?}", eu.body);
    let eu_html = eu.body["label"]["ingredient_statement_html"]
        .as_str()
        .expect("html");
    assert!(eu_html.starts_with("<b>Buttermilk</b>"), "{eu_html}");
    app.finish().await;
}
