//! `GET /v1/formats` and `GET /v1/formats/{id}`: the catalog of label formats, its filters,
//! aliases, 404s, and the key and rate limit of every `/v1` resource.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::TestApp;

fn ids(reply: &Value) -> Vec<String> {
    reply["data"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|f| f["id"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn formats_are_listed_filtered_and_read_by_id_or_alias() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;

    let all = app.get(&key, "/v1/formats").await;
    assert_eq!(all.status, StatusCode::OK);
    let listed = ids(&all.body);
    for id in [
        "eu.tab.ri",
        "uk.tab",
        "us.aggr",
        "us.v",
        "us.lin",
        "us.tab",
        "us.v.child13",
        "us.v.dual-pkg",
        "us.v.dual-prep",
        "us.v.en-es",
        "us.v.infant",
        "us.v.simpl",
        "eu.tab.de",
        "eu.tab.el",
        "eu.tab.nl-fr-de",
        "ch.tab.de",
        "tr.tab",
        "eu.lin.de",
        "eu.tab.ri.fr",
        "ca.std.pair",
        "anz.nip.di",
        "eaeu.text.ru",
    ] {
        assert!(listed.contains(&id.to_string()), "{id} not listed");
    }
    assert_eq!(listed.len(), nls_nutrition::formats().len());
    assert!(all.headers.contains_key("ratelimit-limit"));
    let at = listed.iter().position(|i| i == "us.v").expect("us.v");
    let us = &all.body["data"][at];
    assert_eq!(us["aliases"], serde_json::json!(["standard"]));
    assert_eq!(us["family"], "us-fda");
    assert_eq!(us["layout"], "us-vertical");
    assert_eq!(us["plan"], "free");
    assert_eq!(us["status"], "in_force");
    assert_eq!(us["nutrients"][1]["key"], "total_fat_g");
    assert_eq!(us["nutrients"][1]["reference"]["value"], 78.0);
    assert_eq!(us["nutrients"][3]["name"], "Trans Fat");

    assert_eq!(
        ids(&app.get(&key, "/v1/formats?country=gb").await.body),
        ["uk.tab", "uk.lin"]
    );
    let de = ids(&app.get(&key, "/v1/formats?country=DE").await.body);
    for id in ["eu.tab.ri", "eu.tab.100", "eu.tab.100-por", "eu.tab.de"] {
        assert!(
            de.contains(&id.to_string()),
            "{id} not offered in DE: {de:?}"
        );
    }
    assert!(!de.contains(&"eu.tab.fr".to_string()), "{de:?}");
    // The Art. 30(3)(a) energy repeat is offered in German too, and says what it is for.
    assert!(de.contains(&"eu.fop.e.de".to_string()), "{de:?}");
    let repeat = app.get(&key, "/v1/formats/eu.fop.e.de").await;
    assert_eq!(repeat.body["role"], "front_of_pack_repeat");
    assert_eq!(
        app.get(&key, "/v1/formats/eu.tab.de").await.body["role"],
        "declaration"
    );
    // A format names what is unconfirmed in its data.
    let el = app.get(&key, "/v1/formats/eu.tab.el").await;
    assert_eq!(el.body["status"], "draft");
    assert!(el.body["notes"]
        .as_str()
        .is_some_and(|n| n.contains("unconfirmed")));
    assert_eq!(el.body["nutrients"][0]["name"], "Ενέργεια");
    assert_eq!(
        ids(&app.get(&key, "/v1/formats?family=us-fda").await.body),
        [
            "us.aggr",
            "us.v",
            "us.lin",
            "us.tab",
            "us.v.child13",
            "us.v.dual-pkg",
            "us.v.dual-prep",
            "us.v.en-es",
            "us.v.infant",
            "us.v.simpl"
        ]
    );
    assert_eq!(
        ids(&app
            .get(&key, "/v1/formats?country=US&family=eu-1169")
            .await
            .body),
        Vec::<String>::new()
    );

    for name in ["eu.tab.ri", "eu-1169"] {
        let one = app.get(&key, &format!("/v1/formats/{name}")).await;
        assert_eq!(one.status, StatusCode::OK, "{name}");
        assert_eq!(one.body["id"], "eu.tab.ri");
        assert_eq!(one.body["columns"][1]["id"], "per_portion");
    }
    let missing = app.get(&key, "/v1/formats/mars.v").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.code(), "not_found");
    assert_eq!(
        app.get(&key, "/v1/formats?colour=red").await.code(),
        "validation_failed"
    );
    assert_eq!(app.get("", "/v1/formats").await.code(), "unauthorized");
    app.finish().await;
}

/// Issue 19, items 5 and 6: the served countries, and one recipe's labels for several
/// markets at once, each under its own law.
#[tokio::test]
async fn countries_list_their_formats_and_a_recipe_gets_several_markets_labels_at_once() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let countries = app.get(&key, "/v1/countries").await;
    assert_eq!(countries.status, StatusCode::OK, "{:?}", countries.body);
    let data = countries.body["data"].as_array().expect("countries");
    let find = |code: &str| data.iter().find(|c| c["code"] == code).cloned();
    let us = find("US").expect("US served");
    assert_eq!(us["name"], "United States");
    assert_eq!(us["default_format"], "us.v");
    assert!(us["formats"].as_array().is_some_and(|f| f.len() >= 5));
    let gb = find("GB").expect("GB served");
    assert_eq!(gb["default_format"], "uk.tab");
    assert!(gb["front_of_pack"]
        .as_array()
        .is_some_and(|f| f.iter().any(|s| s["scheme"] == "uk.fop.tl")));
    assert_eq!(gb["front_of_pack_mandatory"], false);
    // A country's default is a format in its first language, not a draft.
    assert_eq!(
        find("DE").expect("DE served")["default_format"],
        "eu.tab.de"
    );
    assert_eq!(
        find("ES").expect("ES served")["default_format"],
        "eu.tab.es"
    );
    // Greek terms are unconfirmed (eu.tab.el is a draft): Greece keeps an English default.
    assert_eq!(
        find("GR").expect("GR served")["default_format"],
        "eu.tab.ri"
    );
    assert!(find("CH").is_some() && find("TR").is_some());
    // Australia's panel is in force (FSANZ Standard 1.2.8, issue 26 item 2).
    let au = find("AU").expect("AU served");
    assert_eq!(au["default_format"], "anz.nip");
    assert_eq!(au["default_format_status"], "in_force");
    // Where every format is a draft, the default is one and says so.
    let sg = find("SG").expect("SG served");
    assert_eq!(sg["default_format"], "sg.nip");
    assert_eq!(sg["default_format_status"], "draft");
    assert_eq!(find("DE").expect("DE")["default_format_status"], "in_force");
    assert!(data.len() >= 110, "{} countries served", data.len());
    // Only served countries (a format names them).
    assert!(data
        .iter()
        .all(|c| c["formats"].as_array().is_some_and(|f| !f.is_empty())));

    let recipe = app
        .create_recipe(
            &key,
            json!({ "name": "Peanut cookies", "servings": 10, "ingredients": [
                { "name": "all-purpose flour", "grams": 300 },
                { "name": "peanut oil", "grams": 60 },
                { "name": "sugar", "grams": 150 }
            ]}),
        )
        .await;
    let id = recipe["id"].as_str().expect("id");
    let labels = app
        .get(&key, &format!("/v1/recipes/{id}/labels?countries=US,DE,GB"))
        .await;
    assert_eq!(labels.status, StatusCode::OK, "{:?}", labels.body);
    let entries = labels.body["data"].as_array().expect("labels");
    assert_eq!(entries.len(), 3);
    let us_label = &entries[0]["label"];
    let eu_label = &entries[1]["label"];
    assert_eq!(entries[0]["country"], "US");
    assert_eq!(us_label["format"], "standard");
    assert_ne!(eu_label["format"], "standard");
    // Each under its own law: refined peanut oil is exempt in the US, not in the EU.
    let allergens = |l: &Value| l["allergens"].as_array().cloned().unwrap_or_default();
    assert!(
        !allergens(us_label).contains(&json!("peanuts")),
        "{us_label}"
    );
    assert!(
        allergens(eu_label).contains(&json!("peanuts")),
        "{eu_label}"
    );
    // Other markets, each in its own format and language (drafts where all a country has).
    let world = app
        .get(
            &key,
            &format!("/v1/recipes/{id}/labels?countries=DE,AU,RU,CI"),
        )
        .await;
    assert_eq!(world.status, StatusCode::OK, "{:?}", world.body);
    let formats: Vec<&str> = world.body["data"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|e| e["label"]["format"].as_str())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(formats, ["eu.tab.de", "anz.nip", "eaeu.ru", "codex.tab.fr"]);
    let greek = app
        .get(
            &key,
            &format!("/v1/recipes/{id}/labels?formats=eu.tab.el,codex.tab.en"),
        )
        .await;
    assert_eq!(greek.status, StatusCode::OK, "{:?}", greek.body);
    let by_format = app
        .get(
            &key,
            &format!("/v1/recipes/{id}/labels?formats=us.v,eu-1169"),
        )
        .await;
    assert_eq!(by_format.body["data"].as_array().map(Vec::len), Some(2));
    for bad in [
        "formats=nope",
        "countries=XX",
        "formats=us.v&countries=US",
        "",
    ] {
        let reply = app
            .get(&key, &format!("/v1/recipes/{id}/labels?{bad}"))
            .await;
        assert_eq!(
            reply.status,
            StatusCode::BAD_REQUEST,
            "{bad}: {:?}",
            reply.body
        );
    }
    // The free plan keeps US formats only.
    let (_, free) = app.account("free", true).await;
    let free_recipe = app
        .create_recipe(&free, json!({ "name": "Toast", "servings": 1, "ingredients": [{ "name": "bread", "grams": 30 }] }))
        .await;
    let fid = free_recipe["id"].as_str().expect("id");
    let walled = app
        .get(&free, &format!("/v1/recipes/{fid}/labels?countries=US,DE"))
        .await;
    assert_eq!(walled.status, StatusCode::FORBIDDEN, "{:?}", walled.body);
    assert_eq!(walled.code(), "plan_format_not_allowed");

    // analyze takes label_formats the same way.
    let analysis = app
        .post(
            &key,
            "/v1/analyze",
            json!({ "servings": 2, "label_format": "us.v", "label_formats": ["eu.tab.ri", "uk.tab"],
                    "ingredients": [{ "name": "peanut oil", "grams": 20 }, { "name": "sugar", "grams": 80 }] }),
        )
        .await;
    assert_eq!(analysis.status, StatusCode::OK, "{:?}", analysis.body);
    let more = analysis.body["labels"].as_array().expect("labels");
    assert_eq!(more.len(), 2);
    assert!(allergens(&more[0]["label"]).contains(&json!("peanuts")));
    app.finish().await;
}

/// Issue 26, item 7: the new scripts' drafts say, word by word, how far each is sourced
/// (LABEL_TERMS_SOURCES.md's kinds), and which way they read.
#[tokio::test]
async fn a_script_draft_names_each_words_source_kind_and_its_direction() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let gcc = app.get(&key, "/v1/formats/gcc.v.ar-en").await;
    assert_eq!(gcc.status, StatusCode::OK);
    assert_eq!(gcc.body["status"], "draft");
    assert_eq!(gcc.body["direction"], "rtl");
    let nutrients = gcc.body["nutrients"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let energy = nutrients
        .iter()
        .find(|n| n["key"] == "energy_kcal")
        .cloned()
        .unwrap_or_default();
    assert_eq!(energy["name"], "الطاقة / Energy");
    assert_eq!(
        energy["source_kinds"],
        json!({"ar": "secondary", "en": "secondary"})
    );
    let sugars = nutrients
        .iter()
        .find(|n| n["key"] == "sugars_g")
        .cloned()
        .unwrap_or_default();
    assert_eq!(sugars["source_kinds"]["ar"], "oss-unattributed");
    let il = app.get(&key, "/v1/formats/il.tab").await;
    assert_eq!(il.body["direction"], "rtl");
    let trans = il.body["nutrients"]
        .as_array()
        .and_then(|a| a.iter().find(|n| n["key"] == "trans_fat_g").cloned())
        .unwrap_or_default();
    assert_eq!(trans["source_kinds"], json!({"he": "official-text"}));
    // Formats whose terms name one source for all carry no per-word kinds.
    let eu = app.get(&key, "/v1/formats/eu.tab.ri").await;
    assert_eq!(eu.body["direction"], "ltr");
    assert!(eu.body["nutrients"][0].get("source_kinds").is_none());
}

#[tokio::test]
async fn the_light_list_and_the_pickers_tables_are_served() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;

    // The light list: the same formats, in the same order, with a picker's fields only.
    let full = app.get(&key, "/v1/formats?country=GB").await;
    let light = app.get(&key, "/v1/formats?country=GB&view=light").await;
    assert_eq!(light.status, StatusCode::OK);
    assert_eq!(ids(&light.body), ids(&full.body));
    let first = &light.body["data"][0];
    assert!(first.get("nutrients").is_none(), "{first:?}");
    for field in [
        "id",
        "aliases",
        "name",
        "family",
        "countries",
        "plan",
        "status",
    ] {
        assert_eq!(first[field], full.body["data"][0][field], "{field}");
    }
    let all_light = app.get(&key, "/v1/formats?view=light").await;
    let all_full = app.get(&key, "/v1/formats").await;
    assert!(
        all_light.body.to_string().len() * 4 < all_full.body.to_string().len(),
        "the light list is much smaller"
    );
    let bad = app.get(&key, "/v1/formats?view=tiny").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["error"]["code"], "validation_failed");

    // The RACC categories a package names: each a valid `package.racc_category`.
    let racc = app.get(&key, "/v1/racc-categories").await;
    assert_eq!(racc.status, StatusCode::OK);
    let rows = racc.body["data"].as_array().expect("categories");
    assert_eq!(rows.len(), nls_nutrition::racc::table().len());
    let cookies = rows
        .iter()
        .find(|r| r["id"] == "bakery.cookies")
        .expect("bakery.cookies");
    assert_eq!(
        (cookies["value"].clone(), cookies["unit"].clone()),
        (json!(30.0), json!("g"))
    );
    assert!(cookies["citation"]
        .as_str()
        .is_some_and(|c| c.contains("101.12(b)")));

    // The front-of-pack schemes a recipe names, with their markets.
    let schemes = app.get(&key, "/v1/fop-schemes").await;
    assert_eq!(schemes.status, StatusCode::OK);
    let uk = schemes.body["data"]
        .as_array()
        .and_then(|a| a.iter().find(|s| s["id"] == "uk.fop.tl"))
        .expect("uk.fop.tl");
    assert_eq!(uk["markets"], json!(["GB"]));
    assert_eq!(uk["kind"], "traffic_light");
    assert_eq!(uk["required"], false);
    app.finish().await;
}
