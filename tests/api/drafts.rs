//! Issue 26, item 3: a draft format's label says so everywhere (the label JSON, every file
//! type, the embed, the export), and an in-force one carries no mark.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::export::{export, token};
use crate::helpers::TestApp;
use crate::labels::{decode_png, fetch, svg_text};

/// The band's words (renderer/src/draw/draft.rs).
const BAND: &str = "DRAFT \u{2013} NOT A LAWFUL LABEL";

/// A recipe in `format` with its embed on: (id, embed token, label). Sugar and water: data
/// complete, so no incomplete-data mark is drawn besides the draft's; a household measure,
/// so no US label is marked for want of one (21 CFR 101.9(b)(5)).
async fn recipe_in(app: &TestApp, key: &str, format: &str) -> (String, String, Value) {
    let recipe = app
        .create_recipe(
            key,
            json!({ "name": format!("Scones {format}"), "servings": 4, "label_format": format,
                    "serving_size_text": "1 scone",
                    "embed_enabled": true,
                    "ingredients": [{ "name": "sugar", "grams": 200 },
                                    { "name": "water", "grams": 120 }] }),
        )
        .await;
    let id = recipe["id"].as_str().expect("recipe id").to_owned();
    let token = recipe["embed"]["token"].as_str().expect("token").to_owned();
    (id, token, recipe["label"].clone())
}

/// Whether the top rows of a PNG are the band's black (a draft) or the label's white.
fn top_is_black(png: &[u8]) -> bool {
    let (width, _, rgba) = decode_png(png);
    // Row 4, a few pixels in from the left edge: inside the band, clear of its words.
    let at = |x: u32, y: u32| {
        let i = ((y * width + x) * 4) as usize;
        [rgba[i], rgba[i + 1], rgba[i + 2]]
    };
    at(6, 4) == [0, 0, 0] && at(width - 6, 4) == [0, 0, 0]
}

#[tokio::test]
async fn every_drawing_of_a_draft_label_is_marked_and_no_in_force_one_is() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    let export_token = token(&app, "business").await;
    // sg.nip and br.v are drafts; eu.tab.ri and standard are in force (anz.nip and
    // ca.std.bi are in force since issue 26 items 1 and 2: tests/api/anz.rs, canada.rs).
    for (format, draft) in [
        ("sg.nip", true),
        ("br.v", true),
        ("eu.tab.ri", false),
        ("standard", false),
    ] {
        let (id, embed, label) = recipe_in(&app, &key, format).await;
        let status = if draft { "draft" } else { "in_force" };
        assert_eq!(label["format_status"], status, "{format}: {label}");
        assert_eq!(
            label.get("unconfirmed").is_some(),
            draft,
            "{format}: only a draft names what is unconfirmed"
        );

        let svg = fetch(&app, &key, &format!("/v1/recipes/{id}/label.svg"), &[]).await;
        assert_eq!(svg.status, StatusCode::OK, "{format}");
        assert_eq!(svg_text(&svg.text()).contains(BAND), draft, "{format} SVG");
        assert_eq!(
            svg.text().contains(">DRAFT</text>"),
            draft,
            "{format}: the diagonal mark"
        );

        let png = fetch(&app, &key, &format!("/v1/recipes/{id}/label.png"), &[]).await;
        assert_eq!(png.status, StatusCode::OK, "{format}");
        assert_eq!(top_is_black(&png.bytes), draft, "{format} PNG");

        let pdf = fetch(&app, &key, &format!("/v1/recipes/{id}/label.pdf"), &[]).await;
        assert_eq!(pdf.status, StatusCode::OK, "{format}");
        let doc = lopdf::Document::load_mem(&pdf.bytes).expect("a PDF");
        let title = doc
            .trailer
            .get(b"Info")
            .and_then(|info| doc.dereference(info))
            .and_then(|(_, info)| info.as_dict())
            .and_then(|info| info.get(b"Title"))
            .and_then(|t| t.as_str())
            .map(|t| String::from_utf8_lossy(t).into_owned())
            .unwrap_or_default();
        assert_eq!(title.starts_with("DRAFT"), draft, "{format} PDF: {title:?}");

        let page = app
            .http
            .get(format!("{}/embed/{embed}", app.base))
            .send()
            .await
            .expect("embed page");
        assert_eq!(page.status(), StatusCode::OK, "{format}");
        let html = page.text().await.expect("embed body");
        assert_eq!(html.contains(BAND), draft, "{format} embed");

        // Exported as sent, and without its status (a label stored before labels carried
        // one takes its format's).
        let mut bare = label.clone();
        if let Some(m) = bare.as_object_mut() {
            m.remove("format_status");
            m.remove("unconfirmed");
        }
        for data in [label, bare] {
            let exported = export(
                &app,
                &export_token,
                json!({ "fileType": "svg", "data": data, "extra": {} }),
            )
            .await;
            assert_eq!(
                exported.status,
                StatusCode::OK,
                "{format}: {}",
                exported.text()
            );
            assert_eq!(
                svg_text(&exported.text()).contains(BAND),
                draft,
                "{format} export"
            );
        }
    }
    app.finish().await;
}

#[tokio::test]
async fn analyze_says_whether_the_format_is_in_force() {
    let app = TestApp::spawn().await;
    let key = app.business_key().await;
    for (format, status) in [("sg.nip", "draft"), ("uk.tab", "in_force")] {
        let reply = app
            .post(
                &key,
                "/v1/analyze",
                json!({ "label_format": format, "servings": 2,
                        "ingredients": [{ "name": "all-purpose flour", "grams": 100 }] }),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{:?}", reply.body);
        assert_eq!(reply.body["label"]["format_status"], status, "{format}");
    }
    app.finish().await;
}
