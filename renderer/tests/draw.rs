//! Drawing tests: SVG content and validity, PNG size, PDF structure and text, determinism,
//! option bounds, and reference images (`tests/golden/`).
//!
//! Regenerate the references after an intended change:
//! `NLS_REGENERATE_GOLDEN=1 cargo test -p nls-renderer --test draw`
#![allow(clippy::unwrap_used)]

mod common;

use std::path::PathBuf;
use std::sync::OnceLock;

use nls_nutrition::{compute_label, format, Label};
use nls_renderer::draw::{pdf, png, svg, Fonts, RenderError, RenderOptions};
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

/// Parses `svg` with usvg and the bundled fonts (text must resolve to the bundled family).
fn parse(svg: &str) -> usvg::Tree {
    let mut db = usvg::fontdb::Database::new();
    for f in [
        "LibreFranklin-Regular.ttf",
        "LibreFranklin-Italic.ttf",
        "LibreFranklin-Bold.ttf",
        "LibreFranklin-Black.ttf",
        "NotoSans-Regular.ttf",
        "NotoSans-Bold.ttf",
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
    usvg::Tree::from_str(svg, &options).unwrap()
}

/// (width, height, grey-or-RGB pixels as RGB) of a PNG.
fn decode(bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
    let mut decoder = png::Decoder::new(bytes);
    // 4-bit grey labels read as 8-bit levels.
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let data = &buf[..info.buffer_size()];
    let pixels = match info.color_type {
        png::ColorType::Grayscale => data.iter().map(|g| [*g, *g, *g]).collect(),
        png::ColorType::Rgb => data.chunks_exact(3).map(|p| [p[0], p[1], p[2]]).collect(),
        png::ColorType::Rgba => data.chunks_exact(4).map(|p| [p[0], p[1], p[2]]).collect(),
        other => panic!("unexpected colour type {other:?}"),
    };
    (info.width, info.height, pixels)
}

#[test]
fn us_svg_parses_and_contains_the_panel_texts() {
    let s = svg(&common::us_label(), &RenderOptions::default()).unwrap();
    let tree = parse(&s);
    assert_eq!(tree.size().width(), 290.0);
    for text in [
        "Nutrition Facts",
        "8 servings per container",
        "Serving size",
        "2/3 cup (55g)",
        "Amount per serving",
        "Calories",
        ">230<",
        "% Daily Value*",
        "Total Fat",
        " 8g",
        "10%",
        "Saturated Fat",
        ">Trans<",
        "Cholesterol",
        "Sodium",
        "Total Carbohydrate",
        "Dietary Fiber",
        "Total Sugars",
        "Includes 10g Added Sugars",
        "Protein",
        "Vitamin D 2mcg",
        "Calcium 260mg",
        "Iron 8mg",
        "Potassium 235mg",
        "* The % Daily Value (DV) tells you how much a nutrient in a serving of food",
        "Ingredients:",
        "Contains: Milk, Tree Nuts, Wheat",
    ] {
        let flat = s
            .replace("</tspan>", "")
            .replace("<tspan font-weight=\"400\">", "");
        let in_desc = s.contains(&format!("<desc>{}", "Nutrition Facts"));
        assert!(
            s.contains(text)
                || flat.contains(text)
                || (in_desc && desc(&s).contains(text.trim_matches(|c| c == '<' || c == '>'))),
            "missing {text:?}"
        );
    }
    assert!(s.contains("role=\"img\""));
    assert!(s.contains("aria-label=\"Nutrition Facts. 8 servings per container."));
    assert!(s.contains("<title>Nutrition Facts</title>"));
    assert!(s.contains("font-family=\"&apos;Libre Franklin&apos;"));
}

fn desc(svg: &str) -> String {
    let start = svg.find("<desc>").unwrap() + "<desc>".len();
    let end = svg.find("</desc>").unwrap();
    svg[start..end].replace("&apos;", "'")
}

#[test]
fn the_footnote_and_statements_are_whole_in_the_description() {
    let s = svg(&common::us_label(), &RenderOptions::default()).unwrap();
    let d = desc(&s);
    assert!(d.contains("* The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet. 2,000 calories a day is used for general nutrition advice."));
    assert!(d.contains("Total Fat 8g, 10% Daily Value"));
    assert!(d.contains("Includes 10g Added Sugars, 20% Daily Value"));
}

#[test]
fn less_than_declarations_are_printed_as_the_engine_wrote_them() {
    let label = common::us_less_than_label();
    assert_eq!(label.display["cholesterol_mg"], "less than 5mg");
    let s = svg(&label, &RenderOptions::default()).unwrap();
    parse(&s);
    assert!(s.contains(" less than 5mg"));
    assert!(s.contains(&format!(
        " {}",
        label.display["protein_g"].replace('<', "&lt;")
    )));
    assert!(s.contains("1 serving per container"));
}

#[test]
fn eu_svg_parses_and_contains_the_declaration_table() {
    let label = common::eu_label();
    let s = svg(&label, &RenderOptions::default()).unwrap();
    parse(&s);
    for text in [
        "<title>Nutrition declaration</title>",
        "Typical values",
        "Per 100 g",
        "Per portion",
        "(25 g)",
        "%RI*",
        "Energy",
        "of which saturates",
        "of which sugars",
        "Fibre",
        "Salt",
        "*Reference intake of an average adult (8 400 kJ / 2 000 kcal)",
        "Pack contains 12 portions.",
        "Ingredients: ",
    ] {
        assert!(s.contains(text), "missing {text:?}");
    }
    for key in ["energy_kj", "energy_kcal", "fat_g", "salt_g"] {
        for column in ["per_100g", "per_portion"] {
            let shown = &label.display[&format!("{column}.{key}")];
            assert!(
                s.contains(&format!(">{shown}<")),
                "missing {column}.{key} {shown}"
            );
        }
    }
    // Allergens emphasised in the ingredient list (Art. 21).
    assert!(s.contains("<tspan font-weight=\"900\">Wheat"));
}

#[test]
fn text_is_xml_escaped() {
    let mut label = common::us_label();
    label.ingredient_statement = "Salt & \"pepper\" <spicy> 'hot'".into();
    label.serving_size.text = Some("1 <cup> & more".into());
    let s = svg(&label, &RenderOptions::default()).unwrap();
    parse(&s);
    assert!(s.contains("&amp; &quot;pepper&quot; &lt;spicy&gt; &apos;hot&apos;"));
    assert!(s.contains("1 &lt;cup&gt; &amp; more"));
    assert!(!s.contains("<spicy>"));
}

#[test]
fn height_follows_the_content() {
    let short = common::us_label();
    let mut long = short.clone();
    long.ingredient_statement = "Water, ".repeat(120) + "salt";
    long.serving_size.text = Some("1 very generous heaped cup of something (55g)".into());
    let height = |l: &Label| {
        parse(&svg(l, &RenderOptions::default()).unwrap())
            .size()
            .height()
    };
    assert!(height(&long) > height(&short) + 100.0);
    let s = svg(&long, &RenderOptions::default()).unwrap();
    assert!(
        s.contains("1 very generous heaped cup of something (55g)")
            || s.contains("1 very generous")
    );
}

#[test]
fn png_has_the_requested_size() {
    let label = common::us_label();
    for (width, scale) in [(290.0, 2.0), (200.0, 1.5), (120.0, 0.5), (333.0, 1.0)] {
        let bytes = png(&label, fonts(), &opts(width, scale)).unwrap();
        let (w, h, _) = decode(&bytes);
        assert_eq!(
            w,
            (width * scale).round() as u32,
            "width {width} scale {scale}"
        );
        let svg_h = parse(&svg(&label, &opts(width, scale)).unwrap())
            .size()
            .height();
        assert_eq!(h, (svg_h * scale).round() as u32);
    }
}

#[test]
fn watermark_marks_png_and_svg() {
    let label = common::us_label();
    let marked = RenderOptions {
        watermark: true,
        ..RenderOptions::default()
    };
    let s = svg(&label, &marked).unwrap();
    parse(&s);
    assert!(s.contains(">SAMPLE</text>"));
    let plain = png(&label, fonts(), &RenderOptions::default()).unwrap();
    let with = png(&label, fonts(), &marked).unwrap();
    let (_, _, a) = decode(&plain);
    let (_, _, b) = decode(&with);
    let tinted = b.iter().filter(|p| p[0] > p[2].saturating_add(40)).count();
    assert!(tinted > 1000, "{tinted} tinted pixels");
    assert_eq!(a.len(), b.len());
}

/// Text shown by a PDF: decodes each `Tj` glyph string through the font's ToUnicode map.
fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    assert_eq!(doc.get_pages().len(), 1, "one page");
    common::pdf_unicode::page_text(&doc)
}

#[test]
fn pdf_is_one_page_with_text_and_embedded_fonts() {
    let bytes = pdf(&common::us_label(), fonts(), &RenderOptions::default()).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let text = pdf_text(&bytes);
    for t in [
        "Nutrition Facts",
        "Total Fat",
        "Includes 10g Added Sugars",
        "Potassium 235mg",
        "230",
    ] {
        assert!(text.contains(t), "missing {t:?} in {text}");
    }
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let embedded = doc
        .objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .filter(|d| d.has(b"FontFile2"))
        .count();
    assert_eq!(embedded, 3, "regular, italic and black faces embedded");
    // Page is the label's size: 290 px -> 217.5 pt wide.
    let (_, page_id) = doc.get_pages().into_iter().next().unwrap();
    let page = doc.get_dictionary(page_id).unwrap();
    let media = page.get(b"MediaBox").unwrap().as_array().unwrap();
    let w = media[2]
        .as_float()
        .unwrap_or_else(|_| media[2].as_i64().unwrap() as f32);
    assert!((w - 217.5).abs() < 0.01, "page width {w}");
}

#[test]
fn eu_pdf_has_the_table_text() {
    let bytes = pdf(&common::eu_label(), fonts(), &RenderOptions::default()).unwrap();
    let text = pdf_text(&bytes);
    for t in [
        "Nutrition declaration",
        "Typical values",
        "of which saturates",
        "Salt",
    ] {
        assert!(text.contains(t), "missing {t:?}");
    }
}

#[test]
fn outputs_are_deterministic() {
    let label = common::us_label();
    let o = RenderOptions::default();
    assert_eq!(svg(&label, &o).unwrap(), svg(&label, &o).unwrap());
    let first = pdf(&label, fonts(), &o).unwrap();
    // printpdf's id generator is process-global: draw something else in between.
    pdf(&common::eu_label(), fonts(), &o).unwrap();
    assert_eq!(first, pdf(&label, fonts(), &o).unwrap());
    assert_eq!(
        png(&label, fonts(), &o).unwrap(),
        png(&label, fonts(), &o).unwrap()
    );
    let marked = RenderOptions {
        watermark: true,
        ..o
    };
    assert_eq!(
        pdf(&label, fonts(), &marked).unwrap(),
        pdf(&label, fonts(), &marked).unwrap()
    );
}

#[test]
fn options_out_of_bounds_are_refused() {
    let label = common::us_label();
    for (w, s) in [
        (119.9, 2.0),
        (2000.1, 2.0),
        (f32::NAN, 2.0),
        (290.0, 0.49),
        (290.0, 8.01),
        (290.0, f32::INFINITY),
    ] {
        let o = opts(w, s);
        assert!(
            matches!(svg(&label, &o), Err(RenderError::InvalidOptions(_))),
            "{w} {s}"
        );
        assert!(matches!(
            png(&label, fonts(), &o),
            Err(RenderError::InvalidOptions(_))
        ));
        assert!(matches!(
            pdf(&label, fonts(), &o),
            Err(RenderError::InvalidOptions(_))
        ));
    }
    for (w, s) in [(120.0, 0.5), (2000.0, 8.0)] {
        assert!(svg(&label, &opts(w, s)).is_ok());
    }
}

#[test]
fn unknown_formats_and_mismatched_families_are_unsupported() {
    let mut label = common::us_label();
    label.format = "tabular-mars".into();
    assert_eq!(
        svg(&label, &RenderOptions::default()),
        Err(RenderError::UnsupportedFormat("tabular-mars".into()))
    );
    let mut eu_as_us = common::eu_label();
    eu_as_us.format = "standard".into();
    assert!(matches!(
        pdf(&eu_as_us, fonts(), &RenderOptions::default()),
        Err(RenderError::UnsupportedFormat(_))
    ));
}

#[test]
fn other_formats_of_a_family_reuse_its_layout() {
    let uk = compute_label(&common::eu_recipe(), format("uk").unwrap()).unwrap();
    let s = svg(&uk, &RenderOptions::default()).unwrap();
    parse(&s);
    assert!(s.contains("Typical values"));
}

// ---- reference images ----

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Compares `name.svg` exactly and `name.png` with a small tolerance (anti-aliasing may
/// differ across CPUs): at most 0.5 % of pixels may differ by more than 16 levels.
fn check_golden(name: &str, label: &Label) {
    let o = opts(290.0, 1.0);
    let s = svg(label, &o).unwrap();
    let p = png(label, fonts(), &o).unwrap();
    let dir = golden_dir();
    let (svg_path, png_path) = (
        dir.join(format!("{name}.svg")),
        dir.join(format!("{name}.png")),
    );
    if std::env::var_os("NLS_REGENERATE_GOLDEN").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&svg_path, &s).unwrap();
        std::fs::write(&png_path, &p).unwrap();
        return;
    }
    let hint = "run NLS_REGENERATE_GOLDEN=1 cargo test -p nls-renderer --test draw after an intended change";
    let want_svg = std::fs::read_to_string(&svg_path)
        .unwrap_or_else(|_| panic!("missing {svg_path:?}; {hint}"));
    assert!(
        want_svg == s,
        "{name}.svg differs from the reference; {hint}"
    );
    let want = std::fs::read(&png_path).unwrap_or_else(|_| panic!("missing {png_path:?}; {hint}"));
    let (ww, wh, wp) = decode(&want);
    let (gw, gh, gp) = decode(&p);
    assert_eq!((gw, gh), (ww, wh), "{name}.png size differs; {hint}");
    let differing = wp
        .iter()
        .zip(&gp)
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 16))
        .count();
    assert!(
        differing * 200 <= wp.len(),
        "{name}.png: {differing} of {} pixels differ; {hint}",
        wp.len()
    );
}

#[test]
fn golden_us_standard() {
    check_golden("us-standard", &common::us_label());
}

#[test]
fn golden_us_less_than() {
    check_golden("us-less-than", &common::us_less_than_label());
}

#[test]
fn golden_eu_1169() {
    check_golden("eu-1169", &common::eu_label());
}

#[test]
fn the_us_serving_line_appends_the_metric_amount_to_a_household_measure() {
    // 21 CFR 101.9(b)(5), (b)(7): "2 cookies (55g)", not "2 cookies" alone.
    let mut label = common::us_label();
    label.serving_size.text = Some("2 cookies".into());
    let s = svg(&label, &RenderOptions::default()).unwrap();
    assert!(s.contains("2 cookies (55g)"), "{s}");
}

#[test]
fn about_one_serving_is_singular() {
    // 21 CFR 101.9(b)(8): 1.3 servings print "about 1 serving per container".
    let mut label = common::us_label();
    label
        .display
        .insert("servings_per_container".into(), "about 1".into());
    let s = svg(&label, &RenderOptions::default()).unwrap();
    assert!(s.contains("about 1 serving per container"), "{s}");
    assert!(!s.contains("about 1 servings"));
}

/// Issue 27, item 4: the PDF embeds only the glyphs it shows (three whole faces made a
/// five-ingredient label 350 KB); its text still copies out whole.
#[test]
fn pdf_embeds_font_subsets_and_stays_small() {
    let bytes = pdf(&common::us_label(), fonts(), &RenderOptions::default()).unwrap();
    assert!(bytes.len() <= 40_000, "{} bytes", bytes.len());
    let whole: usize = ["LibreFranklin-Regular.ttf", "LibreFranklin-Black.ttf"]
        .iter()
        .map(|f| {
            std::fs::metadata(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("assets/fonts")
                    .join(f),
            )
            .map(|m| m.len() as usize)
            .unwrap_or(0)
        })
        .sum();
    assert!(
        bytes.len() < whole / 4,
        "{} bytes against {whole}",
        bytes.len()
    );
    let text = pdf_text(&bytes);
    assert!(
        text.contains("Nutrition Facts") && text.contains("Potassium 235mg"),
        "{text}"
    );
}

/// Issue 27, item 4: a black-on-white label is a 4-bit greyscale PNG (16 coverage levels,
/// each pixel within 8/255 of the 8-bit drawing): 42.5 KB for the US sample since session 19
/// (101 KB as 8-bit grey, 63 KB as 4-bit grey with fdeflate and adaptive filters).
#[test]
fn a_black_label_is_a_small_4_bit_grey_png() {
    let bytes = png(&common::us_label(), fonts(), &RenderOptions::default()).unwrap();
    let reader = png::Decoder::new(bytes.as_slice()).read_info().unwrap();
    let info = reader.info();
    assert_eq!(
        (info.color_type, info.bit_depth),
        (png::ColorType::Grayscale, png::BitDepth::Four)
    );
    assert!(bytes.len() <= 48_000, "{} bytes", bytes.len());
}

/// Issue 27, item 4: the five-ingredient pancake label at the default size (580 x 1,230 px)
/// is a 4-bit greyscale PNG of at most 40 KB that decodes (58,449 bytes before session 19).
#[test]
fn the_pancake_label_png_is_at_most_40_kb() {
    let bytes = png(&common::pancake_label(), fonts(), &RenderOptions::default()).unwrap();
    let reader = png::Decoder::new(bytes.as_slice()).read_info().unwrap();
    let info = reader.info();
    assert_eq!(
        (info.color_type, info.bit_depth),
        (png::ColorType::Grayscale, png::BitDepth::Four)
    );
    let (width, height, pixels) = decode(&bytes);
    assert_eq!((width, height), (580, 1_230));
    assert_eq!(pixels.len(), 580 * 1_230);
    assert!(bytes.len() <= 40_960, "{} bytes", bytes.len());
}
