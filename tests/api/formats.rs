//! `GET /v1/formats` and `GET /v1/formats/{id}`: the catalog of label formats, its filters,
//! aliases, 404s, and the key and rate limit of every `/v1` resource.

use reqwest::StatusCode;
use serde_json::Value;

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
    assert_eq!(
        ids(&all.body),
        [
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
            "us.v.simpl"
        ]
    );
    assert!(all.headers.contains_key("ratelimit-limit"));
    let us = &all.body["data"][3];
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
        ["uk.tab"]
    );
    assert_eq!(
        ids(&app.get(&key, "/v1/formats?country=DE").await.body),
        ["eu.tab.ri"]
    );
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
