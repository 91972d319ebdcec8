//! The live label embed over HTTP: `/embed.js`, `/embed/{token}` and its event stream.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{oat_paste, TestApp};

/// A recipe of 100 g oat paste (400 kcal) with the embed on; returns `(recipe id, token)`.
pub async fn embedded_recipe(app: &TestApp, key: &str, servings: u32) -> (String, String, String) {
    // Each call its own ingredient: an account's ingredient names are unique.
    let mut body = oat_paste();
    body["name"] = json!(format!("Oat paste {}", uuid::Uuid::new_v4().simple()));
    let ingredient = app.create_ingredient(key, body).await["id"]
        .as_str()
        .expect("ingredient id")
        .to_owned();
    let recipe = app
        .create_recipe(
            key,
            json!({
                "name": "Oat bar", "servings": servings, "embed_enabled": true,
                "ingredients": [{ "ingredient_id": ingredient, "grams": 100 }]
            }),
        )
        .await;
    let id = recipe["id"].as_str().expect("recipe id").to_owned();
    let token = recipe["embed"]["token"].as_str().expect("token").to_owned();
    (id, token, ingredient)
}

/// A raw GET without an API key.
async fn fetch(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut request = app.http.get(format!("{}{path}", app.base));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.expect("request reaches the server")
}

fn header<'a>(response: &'a reqwest::Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

/// One server-sent event.
#[derive(Debug, Clone, Default)]
pub struct SseEvent {
    pub event: String,
    pub id: Option<String>,
    pub data: String,
}

/// Reads server-sent events off a streaming response.
pub struct SseReader {
    response: reqwest::Response,
    buffer: String,
}

impl SseReader {
    pub fn new(response: reqwest::Response) -> Self {
        Self {
            response,
            buffer: String::new(),
        }
    }

    /// The next event (comments skipped), or `None` when `within` passes or the stream ends.
    pub async fn next(&mut self, within: Duration) -> Option<SseEvent> {
        let deadline = Instant::now() + within;
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut event = SseEvent {
                    event: "message".into(),
                    ..SseEvent::default()
                };
                let mut data = Vec::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        event.event = v.trim().to_owned();
                    } else if let Some(v) = line.strip_prefix("id:") {
                        event.id = Some(v.trim().to_owned());
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push(v.strip_prefix(' ').unwrap_or(v).to_owned());
                    }
                }
                if data.is_empty() {
                    continue; // a comment or `retry:` only
                }
                event.data = data.join("\n");
                return Some(event);
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            match tokio::time::timeout(left, self.response.chunk()).await {
                Ok(Ok(Some(chunk))) => self.buffer.push_str(&String::from_utf8_lossy(&chunk)),
                Ok(_) => return None,
                Err(_) => return None,
            }
        }
    }

    /// The next `label` event's parsed data and id.
    pub async fn next_label(&mut self, within: Duration) -> Option<(String, Value)> {
        let event = self.next(within).await?;
        assert_eq!(event.event, "label", "{event:?}");
        let data: Value = serde_json::from_str(&event.data).expect("label data is JSON");
        Some((event.id.unwrap_or_default(), data))
    }
}

/// Opens the event stream of `token`.
pub async fn open_events(app: &TestApp, token: &str, last_event_id: Option<&str>) -> SseReader {
    let mut headers = vec![("accept", "text/event-stream")];
    if let Some(id) = last_event_id {
        headers.push(("last-event-id", id));
    }
    let response = fetch(app, &format!("/embed/{token}/events"), &headers).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(header(&response, "content-type").starts_with("text/event-stream"));
    assert_eq!(header(&response, "cache-control"), "no-store");
    SseReader::new(response)
}

#[tokio::test]
async fn embed_js_is_a_cacheable_script_that_revalidates_with_its_etag() {
    let app = TestApp::spawn().await;
    let script = fetch(&app, "/embed.js", &[]).await;
    assert_eq!(script.status(), StatusCode::OK);
    assert!(header(&script, "content-type").starts_with("text/javascript"));
    assert_eq!(header(&script, "cache-control"), "public, max-age=300");
    let etag = header(&script, "etag").to_owned();
    assert!(etag.starts_with('"') && etag.len() > 10, "{etag}");
    let body = script.text().await.expect("script body");
    assert!(body.contains("script[data-label]"));
    assert!(body.contains("Nutrition Facts"));
    assert!(body.contains("event.source === entry.frame.contentWindow"));

    let again = fetch(&app, "/embed.js", &[("if-none-match", &etag)]).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(&again, "etag"), etag);
    let other = fetch(&app, "/embed.js", &[("if-none-match", "\"other\"")]).await;
    assert_eq!(other.status(), StatusCode::OK);
    app.finish().await;
}

#[tokio::test]
async fn the_embed_page_is_the_label_as_inline_svg_framable_by_any_site() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (_, token, _) = embedded_recipe(&app, &key, 1).await;

    let page = fetch(&app, &format!("/embed/{token}"), &[]).await;
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(header(&page, "content-type"), "text/html; charset=utf-8");
    assert!(page.headers().get("x-frame-options").is_none());
    let csp = header(&page, "content-security-policy").to_owned();
    for directive in [
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        "script-src 'sha256-",
        "connect-src 'self'",
        "img-src 'self' data:",
        "frame-ancestors *",
        "base-uri 'none'",
        "form-action 'none'",
    ] {
        assert!(csp.contains(directive), "{directive} missing from {csp}");
    }
    assert_eq!(header(&page, "referrer-policy"), "no-referrer");
    assert_eq!(header(&page, "x-content-type-options"), "nosniff");
    assert_eq!(header(&page, "cache-control"), "public, max-age=5");
    let etag = header(&page, "etag").to_owned();
    assert!(etag.starts_with('"'), "{etag}");
    let html = page.text().await.expect("page body");
    assert!(html.contains("<svg"), "{html}");
    assert!(html.contains("Calories"), "{html}");
    assert!(html.contains("400"), "{html}");
    assert!(!html.contains("<?xml"));
    // Nothing but the label: no external resources (the JSON-LD's `@context` names
    // schema.org's vocabulary; nothing loads it).
    let loaded = html.replacen("\"@context\":\"https://schema.org\"", "", 1);
    assert!(!loaded.contains(" src="));
    assert!(!loaded.contains("https://"), "{loaded}");
    assert!(
        !loaded.contains("http://")
            || loaded.matches("http://").count() == loaded.matches("http://www.w3.org/").count()
    );

    // Issue 29, item 3: schema.org data and a table for screen readers beside the drawing.
    let data = html
        .split("<script type=\"application/ld+json\" id=\"nutrition-data\">")
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("a JSON-LD block");
    let data: Value = serde_json::from_str(data).expect("JSON-LD parses");
    assert_eq!(data["@context"], "https://schema.org");
    assert_eq!(data["calories"], "400 calories");
    assert!(html.contains("<div id=\"drawing\" aria-hidden=\"true\"><svg"));
    assert!(html.contains("<div id=\"facts\" class=\"nls-sr\"><table><caption>"));
    let table_view = fetch(&app, &format!("/embed/{token}?view=table"), &[])
        .await
        .text()
        .await
        .expect("table view");
    assert!(!table_view.contains("<svg"), "{table_view}");
    assert!(
        table_view.contains("<div id=\"facts\"><table>"),
        "{table_view}"
    );
    assert!(table_view.contains("400 calories"));

    let cached = fetch(
        &app,
        &format!("/embed/{token}"),
        &[("if-none-match", &etag)],
    )
    .await;
    assert_eq!(cached.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(&cached, "etag"), etag);
    app.finish().await;
}

#[tokio::test]
async fn unknown_malformed_revoked_and_deleted_tokens_get_a_404_page_without_label_data() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, token, _) = embedded_recipe(&app, &key, 1).await;
    let (other_id, other_token, _) = embedded_recipe(&app, &key, 1).await;

    let assert_gone = |response: reqwest::Response| async move {
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert_eq!(
            header(&response, "content-type"),
            "text/html; charset=utf-8"
        );
        assert!(header(&response, "content-security-policy").contains("frame-ancestors *"));
        assert!(response.headers().get("x-frame-options").is_none());
        let html = response.text().await.expect("body");
        assert!(!html.contains("<svg"), "{html}");
        assert!(!html.contains("Calories"), "{html}");
    };
    for path in [
        "/embed/emb_AAAAAAAAAAAAAAAAAAAAAA".to_owned(),
        "/embed/not-a-token".to_owned(),
        "/embed/emb_%3Cscript%3E".to_owned(),
        "/embed/emb_AAAAAAAAAAAAAAAAAAAAAA/events".to_owned(),
        format!("/embed/{}", "emb_x".repeat(60)),
    ] {
        assert_gone(fetch(&app, &path, &[]).await).await;
    }

    let disabled = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "embed_enabled": false }),
        )
        .await;
    assert_eq!(disabled.status, StatusCode::OK, "{:?}", disabled.body);
    assert_gone(fetch(&app, &format!("/embed/{token}"), &[]).await).await;
    assert_gone(fetch(&app, &format!("/embed/{token}/events"), &[]).await).await;
    // Enabling again issues a new token; the old one stays dead.
    let again = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "embed_enabled": true }),
        )
        .await;
    let new_token = again.body["embed"]["token"]
        .as_str()
        .expect("token")
        .to_owned();
    assert_gone(fetch(&app, &format!("/embed/{token}"), &[]).await).await;
    assert_eq!(
        fetch(&app, &format!("/embed/{new_token}"), &[])
            .await
            .status(),
        StatusCode::OK
    );

    assert_eq!(
        app.delete(&key, &format!("/v1/recipes/{other_id}"))
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    assert_gone(fetch(&app, &format!("/embed/{other_token}"), &[]).await).await;
    // Other methods are not served.
    let post = app
        .http
        .post(format!("{}/embed/{new_token}", app.base))
        .send()
        .await
        .expect("request");
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
    app.finish().await;
}

#[tokio::test]
async fn the_event_stream_sends_the_current_label_then_each_change_then_revoked() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, token, _) = embedded_recipe(&app, &key, 1).await;

    let mut events = open_events(&app, &token, None).await;
    let (first_id, first) = events
        .next_label(Duration::from_secs(5))
        .await
        .expect("the current label on connect");
    assert_eq!(first["hash"].as_str(), Some(first_id.as_str()));
    assert!(first["svg"].as_str().unwrap_or("").contains("400"));

    let put = app
        .put(&key, &format!("/v1/recipes/{id}"), json!({ "servings": 2 }))
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    let (second_id, second) = events
        .next_label(Duration::from_secs(5))
        .await
        .expect("a label event after the PUT");
    assert_ne!(second_id, first_id);
    let svg = second["svg"].as_str().unwrap_or("");
    assert!(svg.contains("200") && !svg.contains(">400<"), "{svg}");
    // Issue 29, item 3: the label's data travels with its drawing, as printed.
    let data: Value =
        serde_json::from_str(second["json_ld"].as_str().unwrap_or("")).expect("JSON-LD");
    assert_eq!(data["@type"], "NutritionInformation");
    assert_eq!(data["calories"], "200 calories");
    let table = second["table"].as_str().unwrap_or("");
    assert!(
        table.contains("<th scope=\"row\">Calories</th><td>200</td>"),
        "{table}"
    );

    // A reconnect naming the label it has gets nothing until the next change.
    let mut resumed = open_events(&app, &token, Some(&second_id)).await;
    assert!(resumed.next(Duration::from_millis(500)).await.is_none());
    // One naming an older label gets the current one at once.
    let mut stale = open_events(&app, &token, Some(&first_id)).await;
    let (id_now, _) = stale
        .next_label(Duration::from_secs(5))
        .await
        .expect("current label");
    assert_eq!(id_now, second_id);

    app.put(
        &key,
        &format!("/v1/recipes/{id}"),
        json!({ "embed_enabled": false }),
    )
    .await;
    for reader in [&mut events, &mut resumed, &mut stale] {
        let event = reader
            .next(Duration::from_secs(5))
            .await
            .expect("a revoked event");
        assert_eq!(event.event, "revoked");
        assert!(
            reader.next(Duration::from_secs(2)).await.is_none(),
            "the stream ends"
        );
    }
    app.finish().await;
}

#[tokio::test]
async fn an_ingredient_change_reaches_the_event_stream_of_a_recipe_using_it() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (_, token, ingredient) = embedded_recipe(&app, &key, 1).await;
    let mut events = open_events(&app, &token, None).await;
    let (first_id, _) = events
        .next_label(Duration::from_secs(5))
        .await
        .expect("current label");
    let started = Instant::now();
    let mut nutrients = oat_paste()["nutrients_per_100g"].clone();
    nutrients["calories"] = json!(500);
    let put = app
        .put(
            &key,
            &format!("/v1/ingredients/{ingredient}"),
            json!({ "nutrients_per_100g": nutrients }),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    let (next_id, next) = events
        .next_label(Duration::from_secs(5))
        .await
        .expect("a label event after the ingredient PUT");
    eprintln!("ingredient PUT to label event: {:?}", started.elapsed());
    assert_ne!(next_id, first_id);
    assert!(next["svg"].as_str().unwrap_or("").contains("500"));
    app.finish().await;
}

/// Serves the host pages on their own port (another origin than the service).
async fn host_pages(service: &str, tokens: [&str; 2]) -> (String, tokio::task::JoinHandle<()>) {
    use axum::response::Html;
    let page = format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Host</title></head><body>\
         <h1>Oat bars</h1>\
         <script src=\"{service}/embed.js\" data-label=\"{a}\" data-width=\"290\"></script>\
         <script src=\"{service}/embed.js\" data-label=\"{b}\" data-width=\"350\"></script>\
         <script src=\"{service}/embed.js\" data-label=\"emb_doesnotexist000000000000\"></script>\
         <p id=\"after\">host content</p>\
         <script>window.hostOk = true;</script></body></html>",
        a = tokens[0],
        b = tokens[1],
    );
    // A bad token, and a label whose service is unreachable (port 9 refuses).
    let broken = format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Host</title></head><body>\
         <script src=\"{service}/embed.js\" data-label=\"emb_doesnotexist000000000000\"></script>\
         <script src=\"http://127.0.0.1:9/embed.js\" data-label=\"emb_servicedown00000000000\"></script>\
         <script>window.hostOk = true;</script></body></html>"
    );
    let app = axum::Router::new()
        .route("/", axum::routing::get(move || async move { Html(page) }))
        .route(
            "/broken",
            axum::routing::get(move || async move { Html(broken) }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind host page server");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    (url, task)
}

/// The Node project driving Chromium, ready to run; `None` (with a note) when node is missing.
pub fn browser_project() -> Option<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let node = std::process::Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        eprintln!("note: node not found; skipping the browser test of the embed");
        return None;
    }
    if !dir.join("node_modules/playwright-core").exists() {
        let installed = std::process::Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&dir)
            .status()
            .expect("npm runs");
        assert!(installed.success(), "npm ci in tests/browser failed");
    }
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        std::path::Path::new(&chromium).exists(),
        "{chromium} missing: apt-get install chromium (scripts/test.sh does), or set CHROMIUM"
    );
    Some(dir)
}

#[tokio::test]
async fn a_host_page_on_another_origin_shows_live_labels_in_headless_chromium() {
    let Some(dir) = browser_project() else {
        return;
    };
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (recipe_a, token_a, _) = embedded_recipe(&app, &key, 1).await;
    let (recipe_b, token_b, ingredient_b) = embedded_recipe(&app, &key, 1).await;
    // The host page uses `localhost` and the service `127.0.0.1`: two origins.
    let (host, host_task) = host_pages(&app.base, [&token_a, &token_b]).await;
    let host = host.replace("127.0.0.1", "localhost");
    let output = tokio::process::Command::new("node")
        .arg("embed.mjs")
        .current_dir(&dir)
        .env("SERVICE_URL", &app.base)
        .env("HOST_URL", &host)
        .env("API_KEY", &key)
        .env("RECIPE_A", &recipe_a)
        .env("TOKEN_A", &token_a)
        .env("RECIPE_B", &recipe_b)
        .env("TOKEN_B", &token_b)
        .env("INGREDIENT_B", &ingredient_b)
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(Duration::from_secs(120), output)
        .await
        .expect("the browser test finishes within 2 minutes")
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    eprintln!("{stdout}");
    assert!(
        output.status.success(),
        "browser checks failed:\n{stdout}\n{stderr}"
    );
    host_task.abort();
    app.finish().await;
}

/// The embed follows the one plan rule of label formats: an EU label of an account that moved
/// to the Free plan (US formats only) is no longer shown.
#[tokio::test]
async fn the_embed_shows_a_label_only_in_a_format_the_plan_allows() {
    let app = TestApp::spawn().await;
    let (account_id, key) = app.account("business", false).await;
    let ingredient = app.create_ingredient(&key, oat_paste()).await["id"]
        .as_str()
        .expect("ingredient id")
        .to_owned();
    let recipe = app
        .create_recipe(
            &key,
            json!({
                "name": "Oat bar", "servings": 2, "embed_enabled": true, "label_format": "eu-1169",
                "ingredients": [{ "ingredient_id": ingredient, "grams": 100 }]
            }),
        )
        .await;
    let token = recipe["embed"]["token"].as_str().expect("token").to_owned();
    let page = fetch(&app, &format!("/embed/{token}"), &[]).await;
    let html = page.text().await.expect("page body");
    assert!(html.contains("Nutrition declaration"), "{html}");

    sqlx::query("update account set plan_id = 'free' where account_id = $1")
        .bind(account_id)
        .execute(&app.pool)
        .await
        .expect("downgrade");
    let page = fetch(&app, &format!("/embed/{token}"), &[]).await;
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.expect("page body");
    assert!(!html.contains("Nutrition declaration"), "{html}");
    assert!(!html.contains("<svg"), "{html}");
    app.finish().await;
}

/// Issue 15: the embed shows the front-of-pack elements the recipe's label carries beside
/// the label, and drops them when the recipe stops carrying them.
#[tokio::test]
async fn the_embed_shows_the_recipes_front_of_pack_elements_with_its_label() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let created = app
        .post(
            &key,
            "/v1/recipes",
            serde_json::json!({
                "name": "Fudge", "servings": 4, "serving_weight_g": 50, "label_format": "uk",
                "ingredients": [{ "name": "sugar", "grams": 200 }],
                "embed_enabled": true,
                "front_of_pack": ["uk.fop.tl"],
                "front_of_pack_facts": { "state": "solid" }
            }),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let token = created.body["embed"]["token"]
        .as_str()
        .expect("token")
        .to_owned();
    let id = created.body["id"].as_str().expect("id").to_owned();
    let html = fetch(&app, &format!("/embed/{token}"), &[])
        .await
        .text()
        .await
        .expect("page");
    assert_eq!(html.matches("<svg").count(), 2, "{html}");
    assert!(html.contains("class=\"nls-fop\""), "{html}");
    assert!(!html.contains("<?xml"));

    let put = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            serde_json::json!({ "front_of_pack": null }),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    let html = fetch(&app, &format!("/embed/{token}"), &[])
        .await
        .text()
        .await
        .expect("page");
    assert_eq!(html.matches("<svg").count(), 1, "{html}");
    app.finish().await;
}
