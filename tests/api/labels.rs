//! Recipe label files: formats, freshness, conditional GET, limits and pre-rendering.

use std::time::Duration;

use futures::StreamExt;
use reqwest::header::HeaderMap;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{oat_paste, TestApp};

// The renderer's tests read a PDF's ToUnicode maps the same way.
#[path = "../../renderer/tests/common/pdf_unicode.rs"]
mod pdf_unicode;

/// A response kept as bytes (label files are binary).
pub struct File {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub bytes: Vec<u8>,
}

impl File {
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes).unwrap_or(Value::Null)
    }
    pub fn code(&self) -> String {
        self.json()["error"]["code"]
            .as_str()
            .unwrap_or("")
            .to_owned()
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }
}

/// Sends a request and keeps the body as bytes.
pub async fn send(request: reqwest::RequestBuilder) -> File {
    let response = request.send().await.expect("request reaches the server");
    File {
        status: response.status(),
        headers: response.headers().clone(),
        bytes: response.bytes().await.expect("body readable").to_vec(),
    }
}

/// `GET path` with an API key and extra headers.
pub async fn fetch(app: &TestApp, key: &str, path: &str, headers: &[(&str, &str)]) -> File {
    let mut request = app.http.get(format!("{}{path}", app.base));
    if !key.is_empty() {
        request = request.bearer_auth(key);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    send(request).await
}

/// Every text element's full text (spans joined), one per line.
pub fn svg_text(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            n.descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `(width, height, RGBA rows)` of a PNG.
pub fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(bytes);
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    buf.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        png::ColorType::GrayscaleAlpha => buf
            .chunks_exact(2)
            .flat_map(|p| [p[0], p[0], p[0], p[1]])
            .collect(),
        png::ColorType::Grayscale => buf.iter().flat_map(|g| [*g, *g, *g, 255]).collect(),
        other => panic!("unexpected colour type {other:?}"),
    };
    (info.width, info.height, rgba)
}

/// Pixels clearly tinted red (the watermark), as the drawing tests count them.
pub fn tinted_pixels(rgba: &[u8]) -> usize {
    rgba.chunks_exact(4)
        .filter(|p| p[0] > p[2].saturating_add(40))
        .count()
}

/// Text shown by a PDF: each `Tj` glyph string decoded through the ToUnicode maps.
pub fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF");
    pdf_unicode::page_text(&doc)
}

/// A recipe of 100 g oat paste in one serving: 400 Calories, 10 g fat, 12 g protein.
pub async fn oat_recipe(app: &TestApp, key: &str) -> (String, String) {
    let ing = app.create_ingredient(key, oat_paste()).await["id"]
        .as_str()
        .expect("ingredient id")
        .to_owned();
    let recipe = app
        .create_recipe(
            key,
            json!({ "name": "Oat bar", "servings": 1, "ingredients": [{ "ingredient_id": ing, "grams": 100 }] }),
        )
        .await;
    (recipe["id"].as_str().expect("recipe id").to_owned(), ing)
}

/// Makes the [`oat_recipe`] 200 g in its one serving: 800 Calories, 20 g fat.
pub async fn double_the_oats(app: &TestApp, key: &str, id: &str, ing: &str) {
    let put = app
        .put(
            key,
            &format!("/v1/recipes/{id}"),
            json!({ "ingredients": [{ "ingredient_id": ing, "grams": 200 }] }),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
}

/// Polls the recipe until its label's calories equal `calories` (the cascade is done).
pub async fn wait_for_calories(app: &TestApp, key: &str, id: &str, calories: f64) {
    let path = format!("/v1/recipes/{id}");
    app.eventually(Duration::from_secs(15), "the label to follow", || async {
        let reply = app.get(key, &path).await;
        (reply.body["label"]["calories"].as_f64() == Some(calories)).then_some(())
    })
    .await;
}

#[tokio::test]
async fn a_label_comes_as_svg_png_and_pdf_with_the_recipes_numbers() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, _) = oat_recipe(&app, &key).await;

    let svg = fetch(&app, &key, &format!("/v1/recipes/{id}/label.svg"), &[]).await;
    assert_eq!(svg.status, StatusCode::OK, "{}", svg.text());
    assert_eq!(svg.header("content-type"), "image/svg+xml");
    assert_eq!(
        svg.header("cache-control"),
        "private, max-age=0, must-revalidate"
    );
    assert!(svg.header("etag").starts_with('"') && svg.header("etag").len() > 20);
    let text = svg_text(&svg.text());
    for expected in [
        "Nutrition Facts",
        "Calories",
        "400",
        "Total Fat",
        "10g",
        "Protein",
        "12g",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in {text}");
    }

    let png = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.png?width=300&scale=1.5"),
        &[],
    )
    .await;
    assert_eq!(png.status, StatusCode::OK, "{}", png.text());
    assert_eq!(png.header("content-type"), "image/png");
    let (width, height, _) = decode_png(&png.bytes);
    assert_eq!(width, 450);
    assert!(height > width, "a vertical label: {width}x{height}");

    let pdf = fetch(&app, &key, &format!("/v1/recipes/{id}/label.pdf"), &[]).await;
    assert_eq!(pdf.status, StatusCode::OK, "{}", pdf.text());
    assert_eq!(pdf.header("content-type"), "application/pdf");
    assert!(pdf.bytes.starts_with(b"%PDF"));
    let text = pdf_text(&pdf.bytes);
    for expected in ["Nutrition Facts", "Total Fat", "400"] {
        assert!(text.contains(expected), "missing {expected:?} in {text}");
    }
    app.finish().await;
}

#[tokio::test]
async fn a_recipe_write_shows_in_the_next_label_file_and_changes_its_etag() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, ing) = oat_recipe(&app, &key).await;
    let path = format!("/v1/recipes/{id}/label.svg");

    let first = fetch(&app, &key, &path, &[]).await;
    assert_eq!(first.status, StatusCode::OK);
    let etag = first.header("etag").to_owned();
    let again = fetch(&app, &key, &path, &[("if-none-match", &etag)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert_eq!(again.header("etag"), etag);
    assert!(again.bytes.is_empty());

    // 200 g in one serving: 800 Calories, at once (read-your-writes, no stale cache).
    double_the_oats(&app, &key, &id, &ing).await;
    let changed = fetch(&app, &key, &path, &[("if-none-match", &etag)]).await;
    assert_eq!(changed.status, StatusCode::OK);
    assert_ne!(changed.header("etag"), etag);
    let text = svg_text(&changed.text());
    assert!(text.contains("800"), "{text}");
    assert!(text.contains("20g"), "{text}");
    app.finish().await;
}

#[tokio::test]
async fn an_ingredient_change_reaches_the_label_files_of_the_recipes_using_it() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, ing) = oat_recipe(&app, &key).await;
    let tray = app
        .create_recipe(
            &key,
            json!({ "name": "Tray", "servings": 1, "ingredients": [{ "ingredient_id": id, "grams": 100 }] }),
        )
        .await;
    let tray_id = tray["id"].as_str().expect("id").to_owned();
    for recipe in [&id, &tray_id] {
        let before = fetch(&app, &key, &format!("/v1/recipes/{recipe}/label.svg"), &[]).await;
        assert!(svg_text(&before.text()).contains("400"));
    }

    let put = app
        .put(
            &key,
            &format!("/v1/ingredients/{ing}"),
            json!({ "nutrients_per_100g": { "calories": 250, "total_fat_g": 1, "protein_g": 10, "total_carbohydrate_g": 30 } }),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    wait_for_calories(&app, &key, &tray_id, 250.0).await;
    for recipe in [&id, &tray_id] {
        let after = fetch(&app, &key, &format!("/v1/recipes/{recipe}/label.svg"), &[]).await;
        let text = svg_text(&after.text());
        assert!(text.contains("250"), "{recipe}: {text}");
        assert!(!text.contains("400"), "{recipe}: {text}");
    }
    app.finish().await;
}

#[tokio::test]
async fn label_requests_outside_the_rules_get_json_errors() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let other = app.business_key().await;
    let (id, _) = oat_recipe(&app, &key).await;
    let path = |suffix: &str| format!("/v1/recipes/{id}/{suffix}");

    let gif = fetch(&app, &key, &path("label.gif"), &[]).await;
    assert_eq!(gif.status, StatusCode::NOT_FOUND);
    assert_eq!(gif.code(), "not_found");
    assert_eq!(
        fetch(&app, &other, &path("label.svg"), &[]).await.code(),
        "not_found"
    );
    assert_eq!(
        fetch(&app, &key, "/v1/recipes/rcp_nope/label.svg", &[])
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        fetch(&app, "", &path("label.svg"), &[]).await.code(),
        "unauthorized"
    );
    for query in [
        "width=119",
        "width=2001",
        "scale=0.4",
        "scale=8.5",
        "width=wide",
    ] {
        let bad = fetch(&app, &key, &path(&format!("label.png?{query}")), &[]).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(bad.code(), "validation_failed", "{query}");
    }
    assert_eq!(
        fetch(&app, &key, &path("label.png?width=2000&scale=0.5"), &[])
            .await
            .status,
        StatusCode::OK
    );

    // A recipe whose label cannot be computed says why.
    sqlx::query(
        "update recipe_view set label = null, label_error = '{\"message\": \"ingredient ing_x does not exist\"}'
         where recipe_id = $1",
    )
    .bind(&id)
    .execute(&app.pool)
    .await
    .expect("update view");
    // The request is well formed: the recipe's state conflicts with it (issue 12).
    let no_label = fetch(&app, &key, &path("label.svg"), &[]).await;
    assert_eq!(no_label.status, StatusCode::CONFLICT);
    assert_eq!(no_label.code(), "label_unavailable");
    assert!(no_label.json()["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .contains("ing_x does not exist"));
    assert_eq!(
        no_label.json()["error"]["details"]["message"],
        "ingredient ing_x does not exist"
    );
    app.finish().await;
}

#[tokio::test]
async fn free_early_access_accounts_get_watermarked_png_only() {
    let app = TestApp::spawn().await;
    let (_, free) = app.account("free", true).await;
    let (id, _) = oat_recipe(&app, &free).await;
    for ext in ["svg", "pdf"] {
        let refused = fetch(&app, &free, &format!("/v1/recipes/{id}/label.{ext}"), &[]).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{ext}");
        assert_eq!(refused.code(), "plan_file_type_not_allowed");
    }
    let png = fetch(&app, &free, &format!("/v1/recipes/{id}/label.png"), &[]).await;
    assert_eq!(png.status, StatusCode::OK);
    let (_, _, rgba) = decode_png(&png.bytes);
    assert!(tinted_pixels(&rgba) > 1000, "the watermark is drawn");
    app.finish().await;
}

#[tokio::test]
async fn the_sixth_concurrent_render_of_an_account_gets_429_with_retry_after() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, _) = oat_recipe(&app, &key).await;
    // Large PNGs of distinct widths: none is cached, each takes long enough to overlap.
    let requests = (0..12).map(|i| {
        let path = format!("/v1/recipes/{id}/label.png?width={}&scale=3", 600 + i);
        let app = &app;
        let key = &key;
        async move { fetch(app, key, &path, &[]).await }
    });
    let replies = futures::future::join_all(requests).await;
    let limited: Vec<&File> = replies
        .iter()
        .filter(|r| r.status == StatusCode::TOO_MANY_REQUESTS)
        .collect();
    assert!(!limited.is_empty(), "at least one render is refused");
    for reply in &limited {
        assert_eq!(reply.code(), "rate_limited");
        assert!(reply
            .header("retry-after")
            .parse::<u64>()
            .is_ok_and(|s| s >= 1));
    }
    for reply in &replies {
        assert!(
            reply.status == StatusCode::OK || reply.status == StatusCode::TOO_MANY_REQUESTS,
            "{} {}",
            reply.status,
            reply.text()
        );
    }
    assert!(
        replies
            .iter()
            .filter(|r| r.status == StatusCode::OK)
            .count()
            >= 5,
        "five renders run at once"
    );
    // Slots come back: a later render succeeds.
    let later = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.png?width=700"),
        &[],
    )
    .await;
    assert_eq!(later.status, StatusCode::OK);
    app.finish().await;
}

/// Waits for the renderer's announcement of `hash` as the label of recipe `id`.
async fn announced(
    announcements: &mut async_nats::Subscriber,
    app: &TestApp,
    id: &str,
    hash: &str,
) {
    let subject = format!("{}.rendered.{id}", app.nats.subject_prefix);
    tokio::time::timeout(Duration::from_secs(15), async {
        while let Some(message) = announcements.next().await {
            let body: Value = serde_json::from_slice(&message.payload).unwrap_or(Value::Null);
            if message.subject.as_str() == subject
                && body["recipe_id"] == id
                && body["label_hash"] == hash
            {
                return;
            }
        }
    })
    .await
    .expect("an announcement of the recipe's current label");
}

#[tokio::test]
async fn the_renderer_keeps_the_files_asked_for_fresh_and_announces_every_label() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let client = async_nats::connect(app.nats.url.as_str())
        .await
        .expect("NATS reachable");
    let mut announcements = client
        .subscribe(format!("{}.rendered.>", app.nats.subject_prefix))
        .await
        .expect("subscribe");
    let (id, ing) = oat_recipe(&app, &key).await;
    let stored_hash = || async {
        let hash: Option<Vec<u8>> =
            sqlx::query_scalar("select label_hash from recipe_view where recipe_id = $1")
                .bind(&id)
                .fetch_one(&app.pool)
                .await
                .expect("the recipe's view");
        hash.expect("a label hash")
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    let files_of_current_label = || async {
        sqlx::query_scalar::<_, String>(
            "select f.file_type from label_file f join recipe_view r using (recipe_id)
             where f.recipe_id = $1 and f.label_hash = r.label_hash order by f.file_type",
        )
        .bind(&id)
        .fetch_all(&app.pool)
        .await
        .unwrap_or_default()
    };

    // A new label is announced; nobody asked for a file yet, so none is drawn.
    announced(&mut announcements, &app, &id, &stored_hash().await).await;
    assert!(files_of_current_label().await.is_empty());

    // Asked-for files are drawn on demand and cached.
    for file in ["label.png", "label.svg"] {
        let reply = fetch(&app, &key, &format!("/v1/recipes/{id}/{file}"), &[]).await;
        assert_eq!(reply.status, StatusCode::OK);
    }
    assert_eq!(files_of_current_label().await, ["png", "svg"]);

    // A change: the worker draws the new label's PNG and SVG before anybody asks, and
    // announces it; the PDF nobody asked for is not drawn.
    let put = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "ingredients": [{ "ingredient_id": ing, "grams": 150 }] }),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{:?}", put.body);
    let types = app
        .eventually(Duration::from_secs(15), "the new label's files", || async {
            let types = files_of_current_label().await;
            (types.len() == 2).then_some(types)
        })
        .await;
    assert_eq!(types, ["png", "svg"]);
    announced(&mut announcements, &app, &id, &stored_hash().await).await;

    // Deleting the recipe removes its files.
    assert_eq!(
        app.delete(&key, &format!("/v1/recipes/{id}")).await.status,
        StatusCode::NO_CONTENT
    );
    app.eventually(Duration::from_secs(15), "files removed", || async {
        let count: i64 = sqlx::query_scalar("select count(*) from label_file where recipe_id = $1")
            .bind(&id)
            .fetch_one(&app.pool)
            .await
            .unwrap_or(-1);
        (count == 0).then_some(())
    })
    .await;
    app.finish().await;
}

#[tokio::test]
async fn a_renderer_process_serves_a_write_made_in_another_process_within_moments() {
    // Process A takes the write; process B only serves label files, from its in-memory
    // label index once it has served the recipe. B must learn of A's write over NATS well
    // before the index's time limit would have dropped the entry anyway.
    let app = TestApp::spawn().await;
    let mut config = nls::config::ServeConfig::new(app.db.url.clone(), app.nats.clone());
    config.role = nls::config::Role::Renderer;
    config.migrate = false;
    config.db_pool_size = 4;
    config.rate_limit_per_minute = Some(1_000_000);
    let renderer = nls::serve::start(config)
        .await
        .expect("renderer process starts");
    let renderer_base = format!("http://{}", renderer.local_addr());
    let key = app.business_key().await;
    let (id, ing) = oat_recipe(&app, &key).await;
    let label_at_b = || {
        let request = app
            .http
            .get(format!("{renderer_base}/v1/recipes/{id}/label.svg"))
            .bearer_auth(&key);
        async move { send(request).await }
    };

    let first = label_at_b().await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    assert!(svg_text(&first.text()).contains("400"));
    // Served again, now from B's index.
    assert_eq!(label_at_b().await.header("etag"), first.header("etag"));

    double_the_oats(&app, &key, &id, &ing).await;
    let limit = nls_renderer::label_index::TTL / 2;
    app.eventually(limit, "process B to serve the new label", || async {
        let file = label_at_b().await;
        assert_eq!(file.status, StatusCode::OK, "{}", file.text());
        svg_text(&file.text()).contains("800").then_some(())
    })
    .await;
    renderer.shutdown().await;
    app.finish().await;
}

/// The start-up sweep reads only the recipes whose cached files are stale: one whose
/// asked-for PNG is of an older label is redrawn (and announced), one with no file at all
/// is not even visited (issue 18, item 6: the sweep no longer visits every recipe).
#[tokio::test]
async fn the_start_up_sweep_visits_only_recipes_with_stale_files() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let nats = async_nats::connect(app.nats.url.as_str())
        .await
        .expect("NATS reachable");
    let mut rendered = nats
        .subscribe(format!("{}.rendered.*", app.nats.subject_prefix))
        .await
        .expect("subscribe");
    nats.flush().await.expect("flush");
    let (bare, ing) = oat_recipe(&app, &key).await;
    let stale = app
        .create_recipe(
            &key,
            json!({ "name": "Oat bar 2", "servings": 1, "ingredients": [{ "ingredient_id": ing, "grams": 100 }] }),
        )
        .await["id"]
        .as_str()
        .expect("recipe id")
        .to_owned();
    // The first process announced both new recipes; those announcements are over before
    // the file is aged (else its worker might redraw it first).
    let mut seen = Vec::new();
    while !(seen.contains(&bare) && seen.contains(&stale)) {
        let message = tokio::time::timeout(Duration::from_secs(15), rendered.next())
            .await
            .expect("the new recipes are announced")
            .expect("subscription open");
        seen.push(message.subject.rsplit('.').next().unwrap_or("").to_owned());
    }
    while let Ok(Some(_)) = tokio::time::timeout(Duration::from_millis(500), rendered.next()).await
    {
    }
    let png = fetch(&app, &key, &format!("/v1/recipes/{stale}/label.png"), &[]).await;
    assert_eq!(png.status, StatusCode::OK);
    // The cached PNG now looks drawn for an older label.
    sqlx::query(
        "update label_file set cache_key = sha256(cache_key), label_hash = sha256(label_hash)
         where recipe_id = $1",
    )
    .bind(&stale)
    .execute(&app.pool)
    .await
    .expect("age the cached file");

    // A second renderer process: its worker sweeps as it starts.
    let mut config = nls::config::ServeConfig::new(app.db.url.clone(), app.nats.clone());
    config.role = nls::config::Role::Renderer;
    config.migrate = false;
    config.db_pool_size = 4;
    let renderer = nls::serve::start(config)
        .await
        .expect("renderer process starts");

    let mut announced = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while !announced.contains(&stale) {
        let message = tokio::time::timeout_at(deadline, rendered.next())
            .await
            .expect("the stale recipe is announced")
            .expect("subscription open");
        announced.push(message.subject.rsplit('.').next().unwrap_or("").to_owned());
    }
    let current: i64 = sqlx::query_scalar(
        "select count(*) from label_file f join recipe_view r using (recipe_id)
         where f.recipe_id = $1 and f.file_type = 'png' and f.label_hash = r.label_hash",
    )
    .bind(&stale)
    .fetch_one(&app.pool)
    .await
    .expect("count files");
    assert_eq!(current, 1, "the stale PNG is redrawn for the current label");
    // Give a sweep that visits every recipe time to reach the other one.
    while let Ok(Some(message)) =
        tokio::time::timeout(Duration::from_millis(1500), rendered.next()).await
    {
        announced.push(message.subject.rsplit('.').next().unwrap_or("").to_owned());
    }
    assert!(
        !announced.contains(&bare),
        "a recipe with no file is not visited: {announced:?}"
    );
    renderer.shutdown().await;
    app.finish().await;
}

/// Issue 19, item 6: label files take `format=` to draw the saved recipe in another format
/// the plan allows, computed under that format's law.
#[tokio::test]
async fn label_files_draw_the_recipe_in_another_allowed_format() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let (id, _) = oat_recipe(&app, &key).await;
    let us = fetch(&app, &key, &format!("/v1/recipes/{id}/label.svg"), &[]).await;
    let eu = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.svg?format=eu-1169"),
        &[],
    )
    .await;
    assert_eq!(eu.status, StatusCode::OK, "{}", eu.text());
    let (us_text, eu_text) = (svg_text(&us.text()), svg_text(&eu.text()));
    assert!(us_text.contains("Nutrition Facts"), "{us_text}");
    assert!(
        eu_text.contains("Energy") && eu_text.contains("100"),
        "{eu_text}"
    );
    assert!(!eu_text.contains("Nutrition Facts"), "{eu_text}");
    let png = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.png?format=uk.tab"),
        &[],
    )
    .await;
    assert_eq!(png.status, StatusCode::OK);
    let stale = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.svg?format=eu-1169&version=1"),
        &[],
    )
    .await;
    assert_eq!(stale.status, StatusCode::BAD_REQUEST);
    let unknown = fetch(
        &app,
        &key,
        &format!("/v1/recipes/{id}/label.svg?format=xx"),
        &[],
    )
    .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    let (_, free) = app.account("free", true).await;
    let (free_id, _) = oat_recipe(&app, &free).await;
    let walled = fetch(
        &app,
        &free,
        &format!("/v1/recipes/{free_id}/label.png?format=eu-1169"),
        &[],
    )
    .await;
    assert_eq!(walled.status, StatusCode::FORBIDDEN);
    app.finish().await;
}

/// Issue 19, item 4: a recipe recorded as a liquid with its density is declared per 100 ml
/// on EU and UK labels (1169/2011 Art. 32(2)), in the JSON and the drawing.
#[tokio::test]
async fn a_liquid_recipe_is_declared_per_100_ml_on_eu_labels() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let created = app
        .post(
            &key,
            "/v1/recipes",
            json!({ "name": "Lemonade", "servings": 4, "serving_weight_g": 250, "label_format": "eu-1169",
                    "ingredients": [{ "name": "sugar", "grams": 100 }, { "name": "water", "grams": 900 }],
                    "front_of_pack_facts": { "state": "liquid", "density_g_per_ml": 1.04 } }),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    assert_eq!(created.body["label"]["per_100ml"], true);
    let id = created.body["id"].as_str().expect("id");
    let svg = fetch(&app, &key, &format!("/v1/recipes/{id}/label.svg"), &[]).await;
    assert!(svg_text(&svg.text()).contains("Per 100 ml"));
    // As a solid it is per 100 g again.
    let solid = app
        .put(
            &key,
            &format!("/v1/recipes/{id}"),
            json!({ "front_of_pack_facts": null }),
        )
        .await;
    assert!(
        solid.body["label"].get("per_100ml").is_none(),
        "{:?}",
        solid.body
    );
    app.finish().await;
}
