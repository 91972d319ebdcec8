//! Multi-column US layouts (`us-vertical-columns`): per serving and per container, as
//! packaged and as prepared, the aggregate display. Each drawn to SVG (parsed, every nutrient
//! with its value and %DV found in every column), PNG and PDF, with reference images.
//!
//! Regenerate the references after an intended change:
//! `NLS_REGENERATE_GOLDEN=1 cargo test -p nls-renderer --test columns`
#![allow(clippy::unwrap_used)]

mod common;

use std::path::PathBuf;
use std::sync::OnceLock;

use nls_nutrition::Label;
use nls_renderer::draw::{pdf, png, svg, Fonts, RenderOptions};
use resvg::usvg;

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts::bundled().unwrap())
}

fn opts(width_px: f32, scale: f32) -> RenderOptions {
    RenderOptions {
        width_px,
        scale,
        watermark: false,
    }
}

/// Parses `svg` with usvg and the bundled fonts; returns every text node's string.
fn texts(svg: &str) -> Vec<String> {
    let mut db = usvg::fontdb::Database::new();
    for f in [
        "LibreFranklin-Regular.ttf",
        "LibreFranklin-Italic.ttf",
        "LibreFranklin-Bold.ttf",
        "LibreFranklin-Black.ttf",
    ] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("assets/fonts")
            .join(f);
        db.load_font_data(std::fs::read(path).unwrap());
    }
    let options = usvg::Options {
        fontdb: std::sync::Arc::new(db),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).unwrap();
    let mut out = Vec::new();
    collect(tree.root(), &mut out);
    out
}

fn collect(group: &usvg::Group, out: &mut Vec<String>) {
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => collect(g, out),
            usvg::Node::Text(t) => out.push(
                t.chunks()
                    .iter()
                    .map(|c| c.text().to_string())
                    .collect::<String>(),
            ),
            _ => {}
        }
    }
}

/// The screen-reader text of the SVG (its `aria-label`), unescaped.
fn description(svg: &str) -> String {
    let start = svg.find("aria-label=\"").unwrap() + "aria-label=\"".len();
    let end = start + svg[start..].find('"').unwrap();
    svg[start..end]
        .replace("&apos;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Every declared row's name, and in every column its amount and %DV, are drawn as text, and
/// the description ties each to its column's head.
fn assert_every_cell_drawn(label: &Label, heads: &[&str]) {
    let s = svg(label, &RenderOptions::default()).unwrap();
    let drawn = texts(&s);
    let said = description(&s);
    let format = nls_nutrition::format(&label.format).unwrap();
    for row in &label.rows {
        let spec = format.row(&row.key).unwrap();
        let mut name = nls_nutrition::terms::strip_marks(&format.row_name(spec));
        if let Some(phrase) = &spec.style.phrase {
            name = format.term_with(&format!("phrase.{phrase}.short"), &[("name", &name)]);
        }
        assert!(
            drawn.iter().any(|t| t.contains(&name)),
            "{}: name {name:?} not drawn",
            row.key
        );
        for (cell, head) in row.cells.iter().zip(heads) {
            assert!(
                drawn.iter().any(|t| t == &cell.text),
                "{} in {head}: {:?} not drawn",
                row.key,
                cell.text
            );
            let mut expected = format!("{head} {name} {}", cell.text);
            if let Some(p) = cell.percent {
                let pct = format!("{}%", nls_nutrition::rounding::number(p));
                assert!(drawn.iter().any(|t| t == &pct), "{pct} not drawn");
                expected = format!("{expected}, {pct} Daily Value");
            }
            assert!(
                said.contains(&expected),
                "{expected:?} not in the description"
            );
        }
    }
    for head in heads {
        assert!(said.contains(head), "{head} not said");
    }
}

#[test]
fn the_dual_package_label_draws_every_nutrient_per_serving_and_per_container() {
    let label = common::us_dual_pkg_label();
    assert_eq!(label.row("calories").unwrap().cells[1].text, "440");
    assert_every_cell_drawn(&label, &["per serving", "per container"]);
    let drawn = texts(&svg(&label, &RenderOptions::default()).unwrap());
    for t in [
        "Nutrition Facts",
        "2 servings per container",
        "Per serving",
        "Per container",
        "% DV*",
        "Incl. Added Sugars",
        "1 cup (255g)",
    ] {
        assert!(drawn.iter().any(|d| d.contains(t)), "missing {t:?}");
    }
}

#[test]
fn the_dual_prepared_label_draws_every_nutrient_as_packaged_and_as_prepared() {
    let label = common::us_dual_prep_label();
    assert_every_cell_drawn(&label, &["as packaged", "as prepared"]);
    let drawn = texts(&svg(&label, &RenderOptions::default()).unwrap());
    assert!(drawn.iter().any(|d| d == "As prepared"));
}

#[test]
fn the_aggregate_label_draws_every_nutrient_of_every_food() {
    let label = common::us_aggr_label();
    assert_every_cell_drawn(&label, &["Corn Flakes", "Frosted Wheat", "Honey Oat Rings"]);
    let s = svg(&label, &RenderOptions::default()).unwrap();
    let said = description(&s);
    assert!(
        said.contains("Corn Flakes: Serving size 1 cup (30g)"),
        "{said}"
    );
    assert!(said.contains("Contains: Milk, Wheat"));
}

#[test]
fn every_multi_column_label_draws_to_png_and_pdf() {
    for label in [
        common::us_dual_pkg_label(),
        common::us_dual_prep_label(),
        common::us_aggr_label(),
    ] {
        let p = png(&label, fonts(), &opts(435.0, 2.0)).unwrap();
        assert_eq!(&p[1..4], b"PNG");
        let d = pdf(&label, fonts(), &RenderOptions::default()).unwrap();
        assert!(d.starts_with(b"%PDF-"));
        let format = nls_nutrition::format(&label.format).unwrap();
        assert!(nls_renderer::draw::missing_glyphs(&label, format)
            .unwrap()
            .is_empty());
    }
}

#[test]
fn a_label_with_other_columns_than_its_format_is_refused() {
    let mut label = common::us_aggr_label();
    label.foods.pop();
    assert!(svg(&label, &RenderOptions::default()).is_err());
}

// ---- reference images (same style as tests/draw.rs: 290 px, scale 1) ----

fn check_golden(name: &str, label: &Label) {
    let o = opts(290.0, 1.0);
    let s = svg(label, &o).unwrap();
    let p = png(label, fonts(), &o).unwrap();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let (svg_path, png_path) = (
        dir.join(format!("{name}.svg")),
        dir.join(format!("{name}.png")),
    );
    if std::env::var_os("NLS_REGENERATE_GOLDEN").is_some() {
        std::fs::write(&svg_path, &s).unwrap();
        std::fs::write(&png_path, &p).unwrap();
        return;
    }
    let hint = "run NLS_REGENERATE_GOLDEN=1 cargo test -p nls-renderer --test columns after an intended change";
    let want_svg = std::fs::read_to_string(&svg_path)
        .unwrap_or_else(|_| panic!("missing {svg_path:?}; {hint}"));
    assert!(
        want_svg == s,
        "{name}.svg differs from the reference; {hint}"
    );
    let want = std::fs::read(&png_path).unwrap_or_else(|_| panic!("missing {png_path:?}; {hint}"));
    let decode = |bytes: &[u8]| {
        let mut decoder = ::png::Decoder::new(bytes);
        // 4-bit grey labels read as 8-bit levels.
        decoder.set_transformations(::png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        (info.width, info.height, buf[..info.buffer_size()].to_vec())
    };
    let (ww, wh, wp) = decode(&want);
    let (gw, gh, gp) = decode(&p);
    assert_eq!((gw, gh), (ww, wh), "{name}.png size differs; {hint}");
    let differing = wp
        .iter()
        .zip(&gp)
        .filter(|(a, b)| a.abs_diff(**b) > 16)
        .count();
    assert!(
        differing * 200 <= wp.len(),
        "{name}.png: {differing} of {} bytes differ; {hint}",
        wp.len()
    );
}

#[test]
fn golden_us_dual_pkg() {
    check_golden("us-dual-pkg", &common::us_dual_pkg_label());
}

#[test]
fn golden_us_dual_prep() {
    check_golden("us-dual-prep", &common::us_dual_prep_label());
}

#[test]
fn golden_us_aggr() {
    check_golden("us-aggr", &common::us_aggr_label());
}
