//! The US layouts of the formats beyond the standard one (tabular, linear, simplified,
//! children 1-3, infants, English/Spanish): each is drawn to SVG, PNG and PDF; the SVG's visible
//! text holds every declared nutrient with its value; reference images in `tests/golden/`.
//!
//! Regenerate the references after an intended change:
//! `NLS_REGENERATE_GOLDEN=1 cargo test -p nls-renderer --test us_layouts`
#![allow(clippy::unwrap_used)]

mod common;

use std::path::PathBuf;
use std::sync::OnceLock;

use nls_nutrition::{format, Label};
use nls_renderer::draw::{pdf, png, svg, Fonts, RenderOptions};

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts::bundled().unwrap())
}

fn opts() -> RenderOptions {
    RenderOptions {
        width_px: 290.0,
        scale: 1.0,
        watermark: false,
    }
}

/// The samples: (golden name, label).
fn samples() -> Vec<(&'static str, Label)> {
    vec![
        ("us-tab", common::us_label_in("us.tab")),
        ("us-lin", common::us_label_in("us.lin")),
        ("us-simpl", common::us_simplified_label()),
        ("us-child13", common::us_label_in("us.v.child13")),
        ("us-infant", common::us_label_in("us.v.infant")),
        ("us-en-es", common::us_label_in("us.v.en-es")),
    ]
}

/// The text a reader sees: the SVG without its title, description and tags, XML escapes
/// undone, whitespace removed (lines may break between a name and its amount).
fn visible_text(svg: &str) -> String {
    let mut s = svg.to_string();
    for tag in ["title", "desc"] {
        if let (Some(a), Some(b)) = (s.find(&format!("<{tag}>")), s.find(&format!("</{tag}>"))) {
            s.replace_range(a..b, "");
        }
    }
    let mut out = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag && !c.is_whitespace() => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&apos;", "'")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

fn squash(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn every_us_layout_prints_each_declared_nutrient_with_its_value() {
    for (name, label) in samples() {
        let f = format(&label.format).unwrap();
        let s = svg(&label, &opts()).unwrap();
        let seen = visible_text(&s);
        assert!(!label.rows.is_empty(), "{name}");
        for row in &label.rows {
            let r = f.row(&row.key).unwrap();
            let cell = &row.cells[0];
            let name_text = nls_nutrition::terms::strip_marks(&f.row_name(r));
            let want = match &r.style.phrase {
                // The linear display runs "Includes" into Total Sugars, as FDA's sample
                // (101.9(j)(13)(ii)(A)(2)): "(Incl. 10g Added Sugars, 20% DV)".
                Some(p) if p == "includes" && f.layout == "us-linear" => {
                    let pct = cell.percent.map(|v| format!("{v}%")).unwrap_or_default();
                    squash(&f.term_with(
                        "linear.includes",
                        &[("amount", &cell.text), ("percent", &pct)],
                    ))
                }
                Some(p) => squash(&f.term_with(
                    &format!("phrase.{p}"),
                    &[("amount", &cell.text), ("name", &name_text)],
                )),
                None => squash(&format!("{name_text} {}", cell.text)),
            };
            assert!(
                seen.contains(&want),
                "{name}: {} missing {want:?} in {seen}",
                row.key
            );
            if let Some(p) = cell.percent {
                assert!(
                    seen.contains(&format!("{p}%")),
                    "{name}: {} percent {p} missing",
                    row.key
                );
            }
        }
        // A bilingual title prints each language on its own line.
        let title = f.term("title").replace(" / ", "");
        assert!(seen.contains(&squash(&title)), "{name}: title");
    }
}

#[test]
fn every_us_layout_draws_png_and_pdf() {
    for (name, label) in samples() {
        let p = png(&label, fonts(), &opts()).unwrap();
        assert_eq!(&p[1..4], b"PNG", "{name}");
        let d = pdf(&label, fonts(), &opts()).unwrap();
        assert!(d.starts_with(b"%PDF-"), "{name}");
        let f = format(&label.format).unwrap();
        assert!(
            nls_renderer::draw::missing_glyphs(&label, f)
                .unwrap()
                .is_empty(),
            "{name}: glyphs missing"
        );
    }
}

#[test]
fn the_simplified_label_names_what_it_omits_and_omits_it() {
    let label = common::us_simplified_label();
    let s = visible_text(&svg(&label, &opts()).unwrap());
    assert!(
        s.contains(&squash(
            "Not a significant source of saturated fat, trans fat, cholesterol, dietary fiber, \
             vitamin D, calcium, iron, and potassium."
        )),
        "{s}"
    );
    assert!(!s.contains("SaturatedFat"), "{s}");
    assert!(!s.contains("Potassium"), "{s}");
    assert!(s.contains("TotalFat0g"), "{s}");
    assert!(s.contains("Sodium"), "{s}");
}

#[test]
fn the_bilingual_label_prints_english_then_spanish() {
    let s = visible_text(&svg(&common::us_label_in("us.v.en-es"), &opts()).unwrap());
    for both in [
        "Nutrition Facts Datos de Nutrición",
        "Total Fat / Grasa Total 8g",
        "Includes 10g Added Sugars / Incluye 10g azúcares añadidos",
        "8 servings per container / 8 raciones por envase",
    ] {
        assert!(s.contains(&squash(both)), "missing {both:?} in {s}");
    }
}

#[test]
fn the_children_label_uses_their_daily_values_and_footnote() {
    let label = common::us_label_in("us.v.child13");
    // 8 g of fat against the 39 g DRV of children 1-3 (101.9(c)(9)): 21 %.
    assert_eq!(label.percents().get("total_fat_g"), Some(&21.0));
    // Protein %DV is given for these foods (101.9(c)(7)(i)): 3 g of 13 g is 23 %.
    assert_eq!(label.percents().get("protein_g"), Some(&23.0));
    let s = visible_text(&svg(&label, &opts()).unwrap());
    assert!(s.contains("1,000caloriesaday"), "{s}");
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// As `tests/draw.rs`: the SVG byte for byte, the PNG within a small tolerance.
#[test]
fn golden_us_layouts() {
    let hint = "run NLS_REGENERATE_GOLDEN=1 cargo test -p nls-renderer --test us_layouts after an intended change";
    for (name, label) in samples() {
        let s = svg(&label, &opts()).unwrap();
        let p = png(&label, fonts(), &opts()).unwrap();
        let (svg_path, png_path) = (
            golden_dir().join(format!("{name}.svg")),
            golden_dir().join(format!("{name}.png")),
        );
        if std::env::var_os("NLS_REGENERATE_GOLDEN").is_some() {
            std::fs::write(&svg_path, &s).unwrap();
            std::fs::write(&png_path, &p).unwrap();
            continue;
        }
        let want_svg = std::fs::read_to_string(&svg_path)
            .unwrap_or_else(|_| panic!("missing {svg_path:?}; {hint}"));
        assert!(
            want_svg == s,
            "{name}.svg differs from the reference; {hint}"
        );
        let want = std::fs::read(&png_path).unwrap();
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
            "{name}.png: {differing} pixels differ; {hint}"
        );
    }
}

fn decode(bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
    let mut decoder = ::png::Decoder::new(bytes);
    // 4-bit grey labels read as 8-bit levels.
    decoder.set_transformations(::png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let data = &buf[..info.buffer_size()];
    let n = info.color_type.samples();
    let pixels = data
        .chunks_exact(n)
        .map(|p| {
            if n < 3 {
                [p[0], p[0], p[0]]
            } else {
                [p[0], p[1], p[2]]
            }
        })
        .collect();
    (info.width, info.height, pixels)
}

/// 21 CFR 101.9(d)(2): "Nutrition Facts" in a type size larger than all other print on the
/// label; a bilingual title, one language a line, stays larger than the calories figure.
#[test]
fn cfr_101_9_d_2_the_bilingual_title_is_the_largest_print() {
    let s = svg(&common::us_label_in("us.v.en-es"), &opts()).unwrap();
    // Each `<text …font-size="N"…>words` of the drawing: (size, first words).
    let texts: Vec<(f32, String)> = s
        .split("<text ")
        .skip(1)
        .filter_map(|t| {
            let size = t
                .split("font-size=\"")
                .nth(1)?
                .split('"')
                .next()?
                .parse()
                .ok()?;
            let words = t.split_once('>')?.1.split('<').next()?.trim().to_string();
            Some((size, words))
        })
        .collect();
    let size_of = |text: &str| {
        texts
            .iter()
            .find(|(_, t)| t == text)
            .map(|(size, _)| *size)
            .unwrap_or_else(|| panic!("no {text:?} in {s}"))
    };
    let title = size_of("Nutrition Facts");
    assert_eq!(size_of("Datos de Nutrición"), title);
    let largest_other = texts
        .iter()
        .filter(|(_, t)| t != "Nutrition Facts" && t != "Datos de Nutrición")
        .map(|(size, _)| *size)
        .fold(0.0f32, f32::max);
    assert!(
        title > largest_other,
        "title {title} against {largest_other}"
    );
}

/// The `x` of the `<text>` element that holds `word` (the first one drawn, after the
/// title and description).
fn text_x(svg: &str, word: &str) -> f32 {
    let body = svg.find("</desc>").expect("a description");
    let at = body
        + svg[body..]
            .find(word)
            .unwrap_or_else(|| panic!("{word} not drawn"));
    let start = svg[..at].rfind("<text x=\"").expect("a text element") + "<text x=\"".len();
    let end = start + svg[start..].find('"').expect("x's end");
    svg[start..end].parse().expect("a number")
}

#[test]
fn cfr_101_9_d_11_iii_the_tabular_display_splits_before_total_carbohydrate() {
    // FDA's sample: fats, cholesterol and sodium in the left table, carbohydrate and protein
    // in the right, also when voluntary fat rows lengthen the left (the middle would then
    // fall before Sodium).
    let mut recipe = common::us_recipe();
    // The oats alone, whose data then gives every row (a voluntary row is never understated).
    recipe.ingredients.truncate(1);
    if let nls_nutrition::IngredientSource::PerHundredGrams(a) = &mut recipe.ingredients[0].source {
        a.set(nls_nutrition::Nutrient::PolyunsaturatedFatG, 4.0);
        a.set(nls_nutrition::Nutrient::MonounsaturatedFatG, 6.0);
    }
    recipe.voluntary_nutrients = ["polyunsaturated_fat_g", "monounsaturated_fat_g"]
        .map(String::from)
        .into();
    let label = nls_nutrition::compute_label(&recipe, format("us.tab").unwrap()).unwrap();
    assert!(label.display.contains_key("monounsaturated_fat_g"));
    let s = svg(&label, &opts()).unwrap();
    let left = text_x(&s, "Total Fat");
    assert_eq!(text_x(&s, "Sodium"), left, "Sodium stays in the left table");
    assert_eq!(text_x(&s, "Cholesterol"), left);
    let right = text_x(&s, "Total Carbohydrate");
    assert!(right > left, "Total Carbohydrate heads the right table");
    assert_eq!(text_x(&s, "Protein"), right);
}
