//! The OpenAPI document cannot drift from the code: every `.route(...)` registered in the
//! workspace is documented (and nothing else), every documented operation is served, every
//! JSON answer of a live server matches the schema documented for its status, every error
//! code is listed, and the reference page needs no other host.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use nls_web::ErrorCode;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{nats_url, oat_paste, Reply, TestApp};

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `(method, path)` of every `.route("path", get(..).post(..))` in the crates' sources.
fn registered_routes() -> BTreeSet<(String, String)> {
    let root = workspace();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for entry in std::fs::read_dir(&root)
        .expect("workspace readable")
        .flatten()
    {
        let src = entry.path().join("src");
        if entry.path().join("Cargo.toml").exists() && src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    let mut routes = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("source readable");
        let mut rest = text.as_str();
        while let Some(at) = rest.find(".route(") {
            rest = &rest[at + ".route(".len()..];
            let trimmed = rest.trim_start();
            let Some(literal) = trimmed.strip_prefix('"') else {
                continue;
            };
            let Some(end) = literal.find('"') else {
                continue;
            };
            let path = &literal[..end];
            // The argument list, up to the matching parenthesis.
            let mut depth = 1;
            let mut args_end = 0;
            for (i, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            args_end = i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let args = &rest[..args_end];
            let mut methods = 0;
            for method in ["get", "post", "put", "delete", "patch", "head", "options"] {
                let mut hay = args;
                while let Some(pos) = hay.find(&format!("{method}(")) {
                    let before = hay[..pos].chars().last().unwrap_or(' ');
                    if !(before.is_alphanumeric() || before == '_') {
                        routes.insert((method.to_owned(), path.to_owned()));
                        methods += 1;
                    }
                    hay = &hay[pos + method.len()..];
                }
            }
            assert!(
                methods > 0,
                "{}: cannot read the methods of route {path}",
                file.display()
            );
        }
    }
    routes
}

fn documented(doc: &Value) -> BTreeSet<(String, String)> {
    let mut ops = BTreeSet::new();
    for (path, methods) in doc["paths"].as_object().expect("paths") {
        for method in methods.as_object().expect("methods").keys() {
            ops.insert((method.clone(), path.clone()));
        }
    }
    ops
}

/// Every `$ref` points at something in the document.
fn check_refs(doc: &Value, node: &Value, where_: &str) {
    match node {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get("$ref") {
                let pointer = target.trim_start_matches('#');
                assert!(
                    doc.pointer(pointer).is_some(),
                    "{where_}: dangling $ref {target}"
                );
            }
            for (k, v) in map {
                check_refs(doc, v, &format!("{where_}/{k}"));
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                check_refs(doc, v, &format!("{where_}/{i}"));
            }
        }
        _ => {}
    }
}

#[test]
fn every_registered_route_is_documented_and_nothing_else() {
    let routes = registered_routes();
    assert!(
        routes.len() >= 20,
        "the route scan found too little: {routes:?}"
    );
    let doc = nls::openapi::document();
    let ops = documented(doc);
    let undocumented: Vec<_> = routes.difference(&ops).collect();
    let unserved: Vec<_> = ops.difference(&routes).collect();
    assert!(
        undocumented.is_empty(),
        "routes missing from the OpenAPI document: {undocumented:?}"
    );
    assert!(
        unserved.is_empty(),
        "documented but never registered: {unserved:?}"
    );
}

#[test]
fn the_document_is_openapi_3_1_with_every_error_code_and_both_credentials() {
    let doc = nls::openapi::document();
    assert!(doc["openapi"].as_str().unwrap_or("").starts_with("3.1."));
    check_refs(doc, doc, "");
    let code = &doc["components"]["schemas"]["ErrorDetail"]["properties"]["code"];
    assert_eq!(
        code["$ref"], "#/components/schemas/ErrorCode",
        "the error code is the ErrorCode enum"
    );
    let listed: BTreeSet<&str> = doc["components"]["schemas"]["ErrorCode"]["enum"]
        .as_array()
        .expect("code enum")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let description = doc["info"]["description"].as_str().unwrap_or("");
    for code in ErrorCode::ALL {
        assert!(
            listed.contains(code.as_str()),
            "{} not in the Error schema",
            code.as_str()
        );
        assert_eq!(
            doc["components"]["x-error-codes"][code.as_str()],
            code.status().as_u16(),
            "{}",
            code.as_str()
        );
        assert!(
            description.contains(&format!(
                "| `{}` | {} |",
                code.as_str(),
                code.status().as_u16()
            )),
            "{} not in the error table",
            code.as_str()
        );
    }
    let schemes = &doc["components"]["securitySchemes"];
    assert_eq!(schemes["apiKey"]["scheme"], "bearer");
    assert_eq!(schemes["sessionToken"]["scheme"], "bearer");
    assert!(description.contains("Compatibility promise"));
    assert!(description.contains("additively"));
    // Every REST operation: the key, the rate-limit 429 and its headers, examples for bodies.
    for (path, methods) in doc["paths"].as_object().expect("paths") {
        for (method, op) in methods.as_object().expect("methods") {
            assert!(op["operationId"].is_string(), "{method} {path}");
            let has_success = op["responses"]
                .as_object()
                .is_some_and(|r| r.keys().any(|s| s.starts_with('2')));
            assert!(has_success, "{method} {path} has no success response");
            if path.starts_with("/v1/") && path != "/v1/openapi.json" {
                assert_eq!(
                    op["security"][0]["apiKey"],
                    serde_json::json!([]),
                    "{method} {path}"
                );
                assert!(op["responses"]["429"].is_object(), "{method} {path}");
                assert!(op["responses"]["401"].is_object(), "{method} {path}");
            }
            if let Some(content) = op["requestBody"]["content"]["application/json"].as_object() {
                assert!(
                    content.contains_key("examples"),
                    "{method} {path} body has no example"
                );
            }
        }
    }
    let spec_paths = [
        "/v1/recipes",
        "/v1/recipes/{id}",
        "/v1/recipes/{id}/{file}",
        "/v1/ingredients",
        "/v1/ingredients/{id}",
        "/v1/analyze",
        "/v1/foods",
        "/v1/foods/{id}",
        "/v1/formats",
        "/v1/formats/{id}",
        "/v1/recipes/{id}/history",
        "/functions/v1/export-label",
        "/auth/v1/token",
        "/embed.js",
        "/embed/{token}",
    ];
    for path in spec_paths {
        assert!(doc["paths"][path].is_object(), "{path} missing");
    }
}

/// A value for a path parameter that makes the route match.
fn sample(path: &str) -> String {
    path.replace(
        "{id}/{file}",
        "rcp_00000000000000000000000000000000/label.svg",
    )
    .replace(
        "/v1/recipes/{id}",
        "/v1/recipes/rcp_00000000000000000000000000000000",
    )
    .replace(
        "/v1/ingredients/{id}",
        "/v1/ingredients/ing_00000000000000000000000000000000",
    )
    .replace("/v1/foods/{id}", "/v1/foods/fooddb:0")
    .replace("/v1/formats/{id}", "/v1/formats/us.v")
    .replace("{token}", "emb_nope")
    .replace("{asset}", "init.js")
}

#[tokio::test]
async fn every_documented_operation_is_served_and_the_document_is_public() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let served = app.get("", "/v1/openapi.json").await;
    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(&served.body, nls::openapi::document());
    let doc = nls::openapi::document();
    for (method, path) in documented(doc) {
        if path.ends_with("/events") {
            continue; // a stream; its 404 for an unknown token is checked by the embed tests
        }
        let url = sample(&path);
        let method = Method::from_bytes(method.to_uppercase().as_bytes()).expect("method");
        let body = (method == Method::POST || method == Method::PUT).then(|| serde_json::json!({}));
        let reply = app.call(method.clone(), &key, &url, body).await;
        let fallback = reply.body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("no such route"));
        assert!(
            !fallback,
            "{method} {url} fell through to the unknown-route answer"
        );
        assert_ne!(reply.code(), "method_not_allowed", "{method} {url}");
        // The app's page is 503 where the front end was not built (app_session.rs tests
        // both answers with a build of its own).
        let app_not_built = url.starts_with("/app")
            && reply.status == StatusCode::SERVICE_UNAVAILABLE
            && reply.body["raw"]
                .as_str()
                .is_some_and(|t| t.contains("not built"));
        assert!(
            app_not_built || reply.status.as_u16() < 500,
            "{method} {url}: {:?}",
            reply.body
        );
    }
    app.finish().await;
}

#[tokio::test]
async fn the_reference_page_loads_only_from_this_host() {
    let app = TestApp::spawn().await;
    let page = app
        .http
        .get(format!("{}/docs", app.base))
        .send()
        .await
        .expect("docs");
    assert_eq!(page.status(), StatusCode::OK);
    let csp = page
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    assert!(csp.contains("default-src 'none'"), "{csp}");
    assert!(!csp.contains("http") && !csp.contains('*'), "{csp}");
    let html = page.text().await.expect("html");
    let mut assets = Vec::new();
    for attr in ["src=\"", "href=\""] {
        let mut rest = html.as_str();
        while let Some(at) = rest.find(attr) {
            rest = &rest[at + attr.len()..];
            let url = &rest[..rest.find('"').unwrap_or(0)];
            assert!(url.starts_with("/docs/"), "{url} is not on this host");
            assets.push(url.to_owned());
        }
    }
    assert_eq!(assets.len(), 3, "{assets:?}");
    for asset in assets {
        let response = app
            .http
            .get(format!("{}{asset}", app.base))
            .send()
            .await
            .expect("asset");
        assert_eq!(response.status(), StatusCode::OK, "{asset}");
        let text = response.text().await.expect("asset body");
        assert!(text.len() > 100, "{asset}");
        if asset.ends_with("init.js") {
            assert!(text.contains("/v1/openapi.json") && text.contains("validatorUrl: null"));
        }
    }
    let licence = app.get("", "/docs/LICENSE").await;
    assert_eq!(licence.status, StatusCode::OK);
    app.finish().await;
}

/// `nls openapi`, which the clients are generated from (`scripts/clients.sh`), prints the
/// served document byte for byte (and a final newline).
#[tokio::test]
async fn the_openapi_command_prints_the_served_document() {
    let app = TestApp::spawn().await;
    let served = reqwest::get(format!("{}/v1/openapi.json", app.base))
        .await
        .expect("document served")
        .bytes()
        .await
        .expect("document read");
    let printed = std::process::Command::new(env!("CARGO_BIN_EXE_nls"))
        .arg("openapi")
        .output()
        .expect("nls openapi runs");
    assert!(printed.status.success(), "{printed:?}");
    assert_eq!(printed.stdout.strip_suffix(b"\n"), Some(&served[..]));
    app.finish().await;
}

/// The document is a well-formed OpenAPI 3.1 document: unique operation ids, every path
/// parameter declared, parameters of known kinds, responses keyed by status, credentials
/// and tags that exist.
#[test]
fn the_document_is_well_formed() {
    let doc = nls::openapi::document();
    assert_eq!(doc["openapi"], "3.1.0");
    assert!(doc["info"]["title"].is_string() && doc["info"]["version"].is_string());
    let schemes = doc["components"]["securitySchemes"]
        .as_object()
        .expect("security schemes");
    let tags: BTreeSet<&str> = doc["tags"]
        .as_array()
        .expect("tags")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    let mut ids = BTreeSet::new();
    for (path, methods) in doc["paths"].as_object().expect("paths") {
        assert!(path.starts_with('/'), "{path}");
        for (method, op) in methods.as_object().expect("methods") {
            let at = format!("{method} {path}");
            assert!(
                ["get", "put", "post", "delete", "patch", "head", "options"]
                    .contains(&method.as_str()),
                "{at}"
            );
            let id = op["operationId"].as_str().expect("operationId");
            assert!(ids.insert(id.to_owned()), "{at}: operationId {id} twice");
            assert!(
                op["summary"].as_str().is_some_and(|s| !s.is_empty()),
                "{at}: no summary"
            );
            for tag in op["tags"].as_array().expect("tags") {
                let tag = tag.as_str().unwrap_or("");
                assert!(tags.contains(tag), "{at}: tag {tag} is not listed");
            }
            let params = op["parameters"].as_array().cloned().unwrap_or_default();
            let mut names = BTreeSet::new();
            for p in &params {
                let kind = p["in"].as_str().unwrap_or("");
                assert!(
                    ["query", "header", "path", "cookie"].contains(&kind),
                    "{at}: {p}"
                );
                assert!(p["schema"].is_object(), "{at}: {p} has no schema");
                let name = p["name"].as_str().expect("parameter name");
                assert!(names.insert((name, kind)), "{at}: {name} twice");
                if kind == "path" {
                    assert_eq!(p["required"], true, "{at}: {name}");
                    assert!(path.contains(&format!("{{{name}}}")), "{at}: {name}");
                }
            }
            for segment in path.split('/').filter(|s| s.starts_with('{')) {
                let name = segment.trim_matches(|c| c == '{' || c == '}');
                assert!(names.contains(&(name, "path")), "{at}: {name} undeclared");
            }
            let responses = op["responses"].as_object().expect("responses");
            assert!(!responses.is_empty(), "{at}");
            for status in responses.keys() {
                assert!(
                    status.len() == 3 && status.parse::<u16>().is_ok_and(|s| s >= 100),
                    "{at}: {status}"
                );
            }
            for requirement in op["security"].as_array().cloned().unwrap_or_default() {
                for scheme in requirement.as_object().expect("requirement").keys() {
                    assert!(schemes.contains_key(scheme), "{at}: {scheme}");
                }
            }
        }
    }
}

/// Validates live answers against the document: the schema documented for the answer's
/// status (`application/json`), its `$ref`s resolved in the document.
struct Contract {
    doc: Value,
    /// `(method, path template)` of every operation whose JSON answer was checked.
    checked: BTreeSet<(String, String)>,
}

/// Component schemas whose JSON may carry members they do not list: the label's members
/// depend on its format (its schema says which are always there).
const OPEN_SCHEMAS: &[&str] = &["Label"];

impl Contract {
    /// The document, made strict: every other object schema of the components refuses
    /// members it does not document, so a field renamed in code but not in the document
    /// fails. (A schema another one extends with `allOf` stays open there; the one
    /// extending it is closed.)
    fn new() -> Self {
        let mut doc = nls::openapi::document().clone();
        let mut extended = BTreeSet::new();
        find_extended(&doc, &mut extended);
        if let Some(schemas) = doc["components"]["schemas"].as_object_mut() {
            for (name, schema) in schemas.iter_mut() {
                let object = schema.get("properties").is_some() || schema.get("allOf").is_some();
                if object
                    && schema.get("additionalProperties").is_none()
                    && !extended.contains(name)
                    && !OPEN_SCHEMAS.contains(&name.as_str())
                {
                    schema["unevaluatedProperties"] = json!(false);
                }
            }
        }
        Self {
            doc,
            checked: BTreeSet::new(),
        }
    }

    /// Checks `reply` as the answer of `method template`.
    fn check(&mut self, method: &str, template: &str, reply: &Reply) {
        let at = format!("{method} {template}");
        let status = reply.status.as_u16().to_string();
        let op = &self.doc["paths"][template][method];
        assert!(op.is_object(), "{at} is not documented");
        let mut response = &op["responses"][&status];
        if let Some(target) = response["$ref"].as_str() {
            response = self
                .doc
                .pointer(target.trim_start_matches('#'))
                .unwrap_or(&Value::Null);
        }
        assert!(
            response.is_object(),
            "{at} answered {status}, which the document does not list: {}",
            reply.body
        );
        let schema = &response["content"]["application/json"]["schema"];
        assert!(
            schema.is_object(),
            "{at} answered {status} with JSON the document does not describe: {}",
            reply.body
        );
        let mut root = json!({"allOf": [schema]});
        root["components"] = self.doc["components"].clone();
        let validator = jsonschema::draft202012::new(&root)
            .unwrap_or_else(|e| panic!("{at} {status}: the schema does not compile: {e}"));
        let problems: Vec<String> = validator
            .iter_errors(&reply.body)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(
            problems.is_empty(),
            "{at} answered {status} with a body its schema refuses:\n{}\nbody: {}",
            problems.join("\n"),
            reply.body
        );
        self.checked
            .insert((method.to_owned(), template.to_owned()));
    }
}

/// Names of component schemas another schema extends (`allOf: [{$ref}, ...]`).
fn find_extended(node: &Value, out: &mut BTreeSet<String>) {
    match node {
        Value::Object(map) => {
            if let Some(Value::Array(parts)) = map.get("allOf") {
                for part in parts {
                    if let Some(target) = part["$ref"].as_str() {
                        out.insert(target.rsplit('/').next().unwrap_or("").to_owned());
                    }
                }
            }
            map.values().for_each(|v| find_extended(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| find_extended(v, out)),
        _ => {}
    }
}

/// Operations whose 2xx answer is JSON.
fn json_operations(doc: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for (path, methods) in doc["paths"].as_object().expect("paths") {
        for (method, op) in methods.as_object().expect("methods") {
            let json = op["responses"].as_object().is_some_and(|r| {
                r.iter().any(|(status, response)| {
                    status.starts_with('2') && response["content"]["application/json"].is_object()
                })
            });
            if json {
                out.insert((method.clone(), path.clone()));
            }
        }
    }
    out
}

/// The value of a `Set-Cookie` header, as a `Cookie` header sends it back.
fn cookie(reply: &Reply) -> String {
    reply
        .headers
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .unwrap_or("")
        .to_owned()
}

/// Every documented operation that answers JSON is called with realistic data (and some
/// with bad input), and each answer must match the schema documented for its status.
#[tokio::test]
async fn every_json_answer_matches_its_documented_schema() {
    let app = TestApp::spawn_configured(nats_url(), |config| {
        config.webhooks = crate::webhooks::webhook_settings();
    })
    .await;
    let key = app.business_key().await;
    let mut contract = Contract::new();
    let mut check = |method: &str, template: &str, reply: &Reply| {
        contract.check(method, template, reply);
    };

    // Ingredients.
    let created = app.post(&key, "/v1/ingredients", oat_paste()).await;
    check("post", "/v1/ingredients", &created);
    let ing = created.body["id"]
        .as_str()
        .expect("ingredient id")
        .to_owned();
    check(
        "get",
        "/v1/ingredients",
        &app.get(&key, "/v1/ingredients").await,
    );
    let one = app.get(&key, &format!("/v1/ingredients/{ing}")).await;
    check("get", "/v1/ingredients/{id}", &one);
    let changed = app
        .put(
            &key,
            &format!("/v1/ingredients/{ing}"),
            json!({"cost_per_unit": 4.5, "unit": "kg", "label_names": {"de": "Hafermark"}}),
        )
        .await;
    check("put", "/v1/ingredients/{id}", &changed);
    let history = app
        .get(&key, &format!("/v1/ingredients/{ing}/history"))
        .await;
    check("get", "/v1/ingredients/{id}/history", &history);

    // Recipes: US and EU labels, a package, front-of-pack facts, voluntary nutrients.
    let recipe = app
        .post(
            &key,
            "/v1/recipes",
            json!({
                "name": "Oat bars", "servings": 8, "serving_size_text": "1 bar",
                "ingredients": [
                    {"ingredient_id": ing, "grams": 120},
                    {"name": "rolled oats", "grams": 300},
                    {"name": "butter", "grams": 100, "nutrients": {"trans_fat_g": 3}},
                    {"name": "honey", "grams": 80}
                ],
                "package": {"racc_category": "bakery.cookies", "net_quantity_g": 400},
                "front_of_pack": ["uk.fop.tl"],
                "front_of_pack_facts": {"state": "solid", "category": "general"},
                "voluntary_nutrients": ["vitamin_a_mcg"]
            }),
        )
        .await;
    check("post", "/v1/recipes", &recipe);
    let rcp = recipe.body["id"]
        .as_str()
        .unwrap_or_else(|| panic!("recipe id: {}", recipe.body))
        .to_owned();
    let eu = app
        .post(
            &key,
            "/v1/recipes",
            json!({"name": "Porridge", "servings": 2, "label_format": "eu-1169",
                   "ingredients": [{"name": "rolled oats", "grams": 80}, {"name": "milk", "grams": 300}]}),
        )
        .await;
    check("post", "/v1/recipes", &eu);
    let updated = app
        .put(&key, &format!("/v1/recipes/{rcp}"), json!({"servings": 10}))
        .await;
    check("put", "/v1/recipes/{id}", &updated);
    check("get", "/v1/recipes", &app.get(&key, "/v1/recipes").await);
    for query in ["", "?version=1"] {
        let reply = app.get(&key, &format!("/v1/recipes/{rcp}{query}")).await;
        check("get", "/v1/recipes/{id}", &reply);
    }
    for query in ["", "?include=label"] {
        let reply = app
            .get(&key, &format!("/v1/recipes/{rcp}/history{query}"))
            .await;
        check("get", "/v1/recipes/{id}/history", &reply);
    }
    let labels = app
        .get(
            &key,
            &format!("/v1/recipes/{rcp}/labels?formats=standard,eu-1169,uk.tab,us.v.dual-prep"),
        )
        .await;
    check("get", "/v1/recipes/{id}/labels", &labels);
    let labels = app
        .get(
            &key,
            &format!("/v1/recipes/{rcp}/labels?countries=US,DE,CA,AU"),
        )
        .await;
    check("get", "/v1/recipes/{id}/labels", &labels);

    // Foods, formats, countries.
    let foods = app.get(&key, "/v1/foods?q=enriched%20flour&limit=5").await;
    check("get", "/v1/foods", &foods);
    let food = foods.body["data"][0]["id"]
        .as_str()
        .expect("a food")
        .to_owned();
    check(
        "get",
        "/v1/foods/{id}",
        &app.get(&key, &format!("/v1/foods/{food}")).await,
    );
    check("get", "/v1/formats", &app.get(&key, "/v1/formats").await);
    for id in ["us.v", "ca.std", "eu-1169"] {
        let reply = app.get(&key, &format!("/v1/formats/{id}")).await;
        check("get", "/v1/formats/{id}", &reply);
    }
    check(
        "get",
        "/v1/countries",
        &app.get(&key, "/v1/countries").await,
    );
    // The light list: only the picker's members (its schema refuses any other), and an
    // unknown view refused with the documented error body.
    let light = app.get(&key, "/v1/formats?view=light").await;
    check("get", "/v1/formats", &light);
    assert!(
        light.body["data"][0].get("nutrients").is_none(),
        "{}",
        light.body["data"][0]
    );
    let bad_view = app.get(&key, "/v1/formats?view=heavy").await;
    assert_eq!(bad_view.status, 400, "{}", bad_view.body);
    check("get", "/v1/formats", &bad_view);
    let racc = app.get(&key, "/v1/racc-categories").await;
    check("get", "/v1/racc-categories", &racc);
    let fop = app.get(&key, "/v1/fop-schemes").await;
    check("get", "/v1/fop-schemes", &fop);

    // Analyses: claims, several markets, front of pack, an aggregate of saved recipes.
    let analysis = app
        .post(
            &key,
            "/v1/analyze?fop=uk.fop.tl,eu.fop.nutriscore",
            json!({"servings": 4, "racc_g": 40,
                   "ingredients": [{"name": "rolled oats", "grams": 150}, {"name": "honey", "grams": 50}],
                   "label_formats": ["eu-1169", "ca.std"]}),
        )
        .await;
    check("post", "/v1/analyze", &analysis);
    let aggregate = app
        .post(
            &key,
            "/v1/analyze",
            json!({"label_format": "us.aggr", "foods": [{"recipe_id": rcp}, {"name": "Snack",
                   "servings": 2, "ingredients": [{"name": "banana", "grams": 200}]}]}),
        )
        .await;
    check("post", "/v1/analyze", &aggregate);

    // Reformulations: an answer, a saved recipe's, and a goal out of reach.
    let sweet = json!({"label_format": "cl.tab", "servings": 10, "serving_weight_g": 60,
        "ingredients": [{"ingredient_id": "fooddb:168894", "grams": 300},
                        {"ingredient_id": "fooddb:169655", "grams": 90},
                        {"ingredient_id": "fooddb:171265", "grams": 150}],
        "front_of_pack_facts": {"state": "solid"}});
    let mut body = sweet.clone();
    body["goals"] = json!([{"scheme": "cl.fop.alto", "without": ["ALTO EN AZÚCARES"]}]);
    let reformulated = app.post(&key, "/v1/reformulate", body.clone()).await;
    assert_eq!(reformulated.status, 200, "{:?}", reformulated.body);
    check("post", "/v1/reformulate", &reformulated);
    body["constraints"] = json!({"fixed_lines": [0, 1, 2]});
    let unreachable = app.post(&key, "/v1/reformulate", body).await;
    assert_eq!(unreachable.status, 422, "{:?}", unreachable.body);
    check("post", "/v1/reformulate", &unreachable);
    let of_recipe = app
        .post(
            &key,
            &format!("/v1/recipes/{rcp}/reformulate"),
            json!({"goals": [{"nutrient": "sodium_mg", "at_most": 1000, "basis": "per_serving"}]}),
        )
        .await;
    check("post", "/v1/recipes/{id}/reformulate", &of_recipe);

    // An import, dry run and for real.
    let csv = "recipe,servings,ingredient,grams\nToast,2,bread,60\nToast,2,butter,10\n";
    for query in ["?dry_run=true", ""] {
        let response = app
            .http
            .post(format!("{}/v1/imports{query}", app.base))
            .bearer_auth(&key)
            .header("content-type", "text/csv")
            .body(csv)
            .send()
            .await
            .expect("import");
        let reply = Reply {
            status: response.status(),
            headers: response.headers().clone(),
            body: response.json().await.expect("JSON answer"),
        };
        check("post", "/v1/imports", &reply);
    }

    // Webhooks.
    let hook = app
        .post(
            &key,
            "/v1/webhooks",
            json!({"url": "http://127.0.0.1:9/hooks", "events": ["label.changed"]}),
        )
        .await;
    check("post", "/v1/webhooks", &hook);
    let whe = hook.body["id"].as_str().expect("webhook id").to_owned();
    check("get", "/v1/webhooks", &app.get(&key, "/v1/webhooks").await);
    let one = app.get(&key, &format!("/v1/webhooks/{whe}")).await;
    check("get", "/v1/webhooks/{id}", &one);
    let changed = app
        .put(
            &key,
            &format!("/v1/webhooks/{whe}"),
            json!({"enabled": true}),
        )
        .await;
    check("put", "/v1/webhooks/{id}", &changed);
    let rotated = app
        .post(
            &key,
            &format!("/v1/webhooks/{whe}/rotate-secret"),
            json!({}),
        )
        .await;
    check("post", "/v1/webhooks/{id}/rotate-secret", &rotated);
    let ping = app
        .post(&key, &format!("/v1/webhooks/{whe}/test"), json!({}))
        .await;
    check("post", "/v1/webhooks/{id}/test", &ping);
    let msg = ping.body["id"].as_str().expect("delivery id").to_owned();
    let log = app
        .get(&key, &format!("/v1/webhooks/{whe}/deliveries"))
        .await;
    check("get", "/v1/webhooks/{id}/deliveries", &log);
    let retried = app
        .post(
            &key,
            &format!("/v1/webhooks/{whe}/deliveries/{msg}/retry"),
            json!({}),
        )
        .await;
    check(
        "post",
        "/v1/webhooks/{id}/deliveries/{delivery_id}/retry",
        &retried,
    );

    // Sessions and the app.
    let email = format!("{}@example.com", uuid::Uuid::now_v7());
    let signed_up = app
        .post(
            "",
            "/auth/v1/signup",
            json!({"email": email, "password": "correct horse battery", "account_name": "Corner Bakery"}),
        )
        .await;
    check("post", "/auth/v1/signup", &signed_up);
    let session = cookie(&signed_up);
    let current = app
        .call_with(
            Method::GET,
            "",
            "/auth/v1/session",
            None,
            &[("cookie", &session)],
        )
        .await;
    check("get", "/auth/v1/session", &current);
    let credentials = json!({"email": email, "password": "correct horse battery"});
    let signed_in = app.post("", "/auth/v1/session", credentials.clone()).await;
    check("post", "/auth/v1/session", &signed_in);
    let token = app.post("", "/auth/v1/token", credentials).await;
    check("post", "/auth/v1/token", &token);

    // Operations and this document.
    check("get", "/healthz", &app.get("", "/healthz").await);
    check("get", "/readyz", &app.get("", "/readyz").await);
    check(
        "get",
        "/v1/openapi.json",
        &app.get("", "/v1/openapi.json").await,
    );

    // Refusals: each with the error body its status documents.
    let missing = "/v1/recipes/rcp_00000000000000000000000000000000";
    check("get", "/v1/recipes/{id}", &app.get(&key, missing).await);
    check(
        "get",
        "/v1/recipes",
        &app.get("nls_wrong", "/v1/recipes").await,
    );
    let invalid = app.post(&key, "/v1/recipes", json!({"servings": -1})).await;
    check("post", "/v1/recipes", &invalid);
    let stale = app
        .call_with(
            Method::PUT,
            &key,
            &format!("/v1/recipes/{rcp}"),
            Some(json!({"servings": 3})),
            &[("if-match", "\"1\"")],
        )
        .await;
    check("put", "/v1/recipes/{id}", &stale);
    let in_use = app.delete(&key, &format!("/v1/ingredients/{ing}")).await;
    check("delete", "/v1/ingredients/{id}", &in_use);
    let strict = app
        .post(
            &key,
            "/v1/analyze?strict=true",
            json!({"servings": 1, "ingredients": [{"name": "butter", "grams": 100}]}),
        )
        .await;
    check("post", "/v1/analyze", &strict);

    let missed: Vec<_> = json_operations(&contract.doc)
        .difference(&contract.checked)
        .cloned()
        .collect();
    assert!(
        missed.is_empty(),
        "operations answering JSON that this test does not check: {missed:?}"
    );
    app.finish().await;
}
