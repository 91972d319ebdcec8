//! Scripts beyond Latin, Greek and Cyrillic (issue 19, item 3): ingredient names a user types
//! in Chinese, Japanese, Korean, Arabic, Hebrew, Thai and Russian draw with no missing glyph
//! in SVG, PNG and PDF; the PDF's text copies out as the names typed (its ToUnicode maps
//! each drawn glyph, shaped or not, back to its character, in reading order); drawing is
//! deterministic; one golden image per script (`tests/golden/scripts/`, regenerate with
//! `NLS_REGENERATE_GOLDEN=1 cargo test -p nls-renderer --test scripts`).
//!
//! The script fonts come from Debian packages (`scripts/test.sh` installs them); where one is
//! absent the tests say so and skip rather than fail on a machine without them.
#![allow(clippy::unwrap_used)]

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use nls_nutrition::{compute_label, format, Label};
use nls_renderer::draw::{
    missing_glyphs, pdf, png, script_fonts_missing, svg, Fonts, RenderOptions,
};

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts::bundled().unwrap())
}

/// Whether every script font is installed; prints why a test skips otherwise.
fn fonts_installed() -> bool {
    let missing = script_fonts_missing();
    for m in &missing {
        eprintln!("SKIP: {m}");
    }
    missing.is_empty()
}

/// Three ingredient names per script, as a user would type them (oats, wheat flour, butter).
const SAMPLES: [(&str, [&str; 3]); 7] = [
    ("zh", ["燕麦片", "小麦粉", "黄油"]),
    ("ja", ["オーツ麦", "小麦粉", "バター"]),
    ("ko", ["귀리", "밀가루", "버터"]),
    ("ar", ["شوفان", "دقيق القمح", "زبدة"]),
    ("he", ["שיבולת שועל", "קמח חיטה", "חמאה"]),
    ("th", ["ข้าวโอ๊ต", "แป้งสาลี", "เนย"]),
    (
        "ru",
        ["Овсяные хлопья", "Пшеничная мука", "Сливочное масло"],
    ),
];

/// The EU label of the test recipe with its first three ingredients renamed.
fn label_with(names: &[&str; 3]) -> Label {
    let mut recipe = common::eu_recipe();
    for (ing, name) in recipe.ingredients.iter_mut().zip(names) {
        ing.label_name = name.to_string();
    }
    compute_label(&recipe, format("eu.tab.ri").unwrap()).unwrap()
}

fn opts(scale: f32) -> RenderOptions {
    RenderOptions {
        width_px: 290.0,
        scale,
        watermark: false,
    }
}

/// The text of a one-page PDF as a viewer copies it: each shown string's glyph codes mapped
/// through its font's ToUnicode, in content order.
fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    let (_, page) = doc.get_pages().into_iter().next().unwrap();
    // Font resource name → (glyph code → text).
    let mut maps: BTreeMap<Vec<u8>, BTreeMap<u16, String>> = BTreeMap::new();
    let (resources, ids) = doc.get_page_resources(page);
    let mut dicts: Vec<&lopdf::Dictionary> = resources.into_iter().collect();
    for id in ids {
        if let Ok(d) = doc.get_dictionary(id) {
            dicts.push(d);
        }
    }
    for res in dicts {
        let Ok(fonts) = res.get(b"Font").and_then(|f| doc.dereference(f)) else {
            continue;
        };
        let Ok(fonts) = fonts.1.as_dict() else {
            continue;
        };
        for (name, font) in fonts.iter() {
            let font = doc.dereference(font).unwrap().1.as_dict().unwrap();
            let Ok(tu) = font.get(b"ToUnicode") else {
                continue;
            };
            let stream = doc.dereference(tu).unwrap().1.as_stream().unwrap();
            let content = stream
                .decompressed_content()
                .unwrap_or_else(|_| stream.content.clone());
            let text = String::from_utf8_lossy(&content).to_string();
            let mut map = BTreeMap::new();
            for line in text.lines() {
                let parts: Vec<&str> = line
                    .split(['<', '>', ' '])
                    .filter(|s| !s.is_empty())
                    .collect();
                if parts.len() == 2
                    && parts
                        .iter()
                        .all(|p| p.chars().all(|c| c.is_ascii_hexdigit()))
                {
                    let code = u16::from_str_radix(parts[0], 16).unwrap();
                    let units: Vec<u16> = (0..parts[1].len() / 4)
                        .map(|i| u16::from_str_radix(&parts[1][4 * i..4 * i + 4], 16).unwrap())
                        .collect();
                    let s = String::from_utf16(&units).unwrap_or_else(|_| {
                        // printpdf writes the code point, not UTF-16, for every character.
                        char::from_u32(u32::from_str_radix(parts[1], 16).unwrap())
                            .map(String::from)
                            .unwrap_or_default()
                    });
                    map.insert(code, s);
                }
            }
            maps.insert(name.clone(), map);
        }
    }
    let mut out = String::new();
    let mut current: Vec<u8> = Vec::new();
    let decode = |bytes: &[u8], map: Option<&BTreeMap<u16, String>>, out: &mut String| {
        for pair in bytes.chunks(2) {
            if pair.len() == 2 {
                let code = u16::from_be_bytes([pair[0], pair[1]]);
                if let Some(s) = map.and_then(|m| m.get(&code)) {
                    out.push_str(s);
                }
            }
        }
    };
    for op in doc.get_and_decode_page_content(page).unwrap().operations {
        match op.operator.as_str() {
            "Tf" => current = op.operands[0].as_name().unwrap().to_vec(),
            "Tj" => {
                if let Ok(s) = op.operands[0].as_str() {
                    decode(s, maps.get(&current), &mut out);
                }
            }
            "TJ" => {
                for item in op.operands[0].as_array().unwrap() {
                    if let Ok(s) = item.as_str() {
                        decode(s, maps.get(&current), &mut out);
                    }
                }
            }
            "ET" => out.push('\n'),
            _ => {}
        }
    }
    out
}

fn no_space(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn ingredient_names_in_every_script_draw_with_every_glyph_and_copy_out_as_typed() {
    if !fonts_installed() {
        return;
    }
    for (script, names) in SAMPLES {
        let l = label_with(&names);
        let f = format("eu.tab.ri").unwrap();
        assert_eq!(
            missing_glyphs(&l, f).unwrap(),
            Vec::<char>::new(),
            "{script}"
        );
        let s = svg(&l, &opts(1.0)).unwrap();
        for name in names {
            assert!(s.contains(name), "{script}: {name} not in the SVG");
        }
        assert!(png(&l, fonts(), &opts(1.0))
            .unwrap()
            .starts_with(b"\x89PNG"));
        let text = no_space(&pdf_text(&pdf(&l, fonts(), &opts(1.0)).unwrap()));
        for name in names {
            assert!(
                text.contains(&no_space(name)),
                "{script}: {name} not in the PDF's text: {text}"
            );
        }
    }
}

#[test]
fn drawing_every_script_is_deterministic() {
    if !fonts_installed() {
        return;
    }
    for (script, names) in SAMPLES {
        let l = label_with(&names);
        let fresh = Fonts::bundled().unwrap();
        assert_eq!(
            png(&l, fonts(), &opts(1.0)).unwrap(),
            png(&l, &fresh, &opts(1.0)).unwrap(),
            "{script}"
        );
        assert_eq!(
            pdf(&l, fonts(), &opts(1.0)).unwrap(),
            pdf(&l, &fresh, &opts(1.0)).unwrap(),
            "{script}"
        );
    }
}

#[test]
fn a_pdf_embeds_a_subset_of_the_cjk_font_not_all_of_it() {
    if !fonts_installed() {
        return;
    }
    let latin = pdf(
        &label_with(&["Oat flakes", "Wheat flour", "Butter"]),
        fonts(),
        &opts(1.0),
    )
    .unwrap();
    let bytes = pdf(&label_with(&SAMPLES[0].1), fonts(), &opts(1.0)).unwrap();
    // Droid Sans Fallback is 4 MB; the label shows eight of its glyphs (about 5 kB).
    let added = bytes.len().saturating_sub(latin.len());
    eprintln!(
        "PDF: {} bytes with Latin names, {} with Chinese names",
        latin.len(),
        bytes.len()
    );
    assert!(added < 20_000, "the CJK subset adds {added} bytes");
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/scripts")
}

#[test]
fn golden_scripts() {
    if !fonts_installed() {
        return;
    }
    for (script, names) in SAMPLES {
        check_golden(&format!("eu-{script}"), &label_with(&names));
    }
}

/// Compares `l`'s SVG and PNG with the golden files `name`.svg and `name`.png, or writes
/// them (and, with `NLS_PREVIEW_DIR`, a larger PNG to look at) under `NLS_REGENERATE_GOLDEN`.
fn check_golden(name: &str, l: &Label) {
    let hint = "run NLS_REGENERATE_GOLDEN=1 cargo test -p nls-renderer --test scripts after an intended change";
    let s = svg(l, &opts(1.0)).unwrap();
    let p = png(l, fonts(), &opts(1.0)).unwrap();
    let (svg_path, png_path) = (
        golden_dir().join(format!("{name}.svg")),
        golden_dir().join(format!("{name}.png")),
    );
    if std::env::var_os("NLS_REGENERATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&svg_path, &s).unwrap();
        std::fs::write(&png_path, &p).unwrap();
        if let Some(dir) = std::env::var_os("NLS_PREVIEW_DIR") {
            let big = png(l, fonts(), &opts(3.0)).unwrap();
            std::fs::write(PathBuf::from(dir).join(format!("{name}.png")), big).unwrap();
        }
        return;
    }
    let want_svg = std::fs::read_to_string(&svg_path)
        .unwrap_or_else(|_| panic!("missing {svg_path:?}; {hint}"));
    assert!(want_svg == s, "{name}.svg differs; {hint}");
    let want = std::fs::read(&png_path).unwrap_or_else(|_| panic!("missing {png_path:?}; {hint}"));
    assert!(want == p, "{name}.png differs; {hint}");
}

/// The printed text of an SVG's `<text>` elements, in order.
fn svg_texts(svg: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find("<text") {
        let after = &rest[start..];
        let end = after.find("</text>").unwrap_or(after.len());
        let mut text = String::new();
        let mut inside = false;
        for c in after[..end].chars() {
            match c {
                '<' => inside = true,
                '>' => inside = false,
                c if !inside => text.push(c),
                _ => {}
            }
        }
        out.push(text);
        rest = &after[end..];
    }
    out
}

/// The test recipe with the nutrients the CJK formats' optional rows declare known for every
/// ingredient (saturated and trans fat, sugars, fibre), so those rows are drawn.
fn cjk_recipe() -> nls_nutrition::RecipeInput {
    use nls_nutrition::Nutrient::*;
    common::with_known(
        common::eu_recipe(),
        &[SaturatedFatG, TransFatG, TotalSugarsG, DietaryFiberG],
    )
}

/// The CJK formats (drafts in the table-only layout) and the names FORMATS.md §1.1 and the
/// sources their terms files cite give their laws, in the law's order (a bilingual format's
/// names joined as it prints them).
const CJK_FORMATS: [(&str, &[&str]); 12] = [
    ("cn.b1", &["能量", "蛋白质", "脂肪", "碳水化合物", "钠"]),
    (
        "jp.f2",
        &["熱量", "たんぱく質", "脂質", "炭水化物", "食塩相当量"],
    ),
    (
        "tw.v.100",
        &[
            "熱量",
            "蛋白質",
            "脂肪",
            "飽和脂肪",
            "反式脂肪",
            "碳水化合物",
            "糖",
            "鈉",
        ],
    ),
    ("kr.serv", KOREAN_NAMES),
    (
        "cn.b2",
        &[
            "能量",
            "蛋白质",
            "脂肪",
            "饱和脂肪(酸)",
            "反式脂肪(酸)",
            "碳水化合物",
            "糖",
            "钠",
        ],
    ),
    (
        "cn.b3",
        &[
            "能量 / Energy",
            "蛋白质 / Protein",
            "脂肪 / Fat",
            "碳水化合物 / Carbohydrate",
            "钠 / Sodium",
        ],
    ),
    ("cn.b4", &["能量", "蛋白质", "脂肪", "碳水化合物", "钠"]),
    (
        "hk.v.zh",
        &[
            "能量",
            "蛋白質",
            "總脂肪",
            "飽和脂肪",
            "反式脂肪",
            "碳水化合物",
            "糖",
            "鈉",
        ],
    ),
    (
        "hk.v.bi",
        &[
            "Energy / 能量",
            "Protein / 蛋白質",
            "Total fat / 總脂肪",
            "Saturated fat / 飽和脂肪",
            "Trans fat / 反式脂肪",
            "Carbohydrates / 碳水化合物",
            "Sugars / 糖",
            "Sodium / 鈉",
        ],
    ),
    (
        "jp.f3",
        &[
            "熱量",
            "たんぱく質",
            "脂質",
            "飽和脂肪酸",
            "炭水化物",
            "食物繊維",
            "食塩相当量",
        ],
    ),
    ("kr.pkg", KOREAN_NAMES),
    ("kr.unit", KOREAN_NAMES),
];

/// The nine names of the Korean formats, in FORMATS.md §1.1's order (one list for the three
/// bases).
const KOREAN_NAMES: &[&str] = &[
    "열량",
    "나트륨",
    "탄수화물",
    "당류",
    "지방",
    "트랜스지방",
    "포화지방",
    "콜레스테롤",
    "단백질",
];

#[test]
fn cjk_formats_print_their_laws_names_in_order_with_every_glyph() {
    if !fonts_installed() {
        return;
    }
    for (id, names) in CJK_FORMATS {
        let f = format(id).unwrap();
        let l = compute_label(&cjk_recipe(), f).unwrap();
        assert_eq!(missing_glyphs(&l, f).unwrap(), Vec::<char>::new(), "{id}");
        assert_names_drawn(id, &l, names);
    }
}

/// Asserts that the SVG of `l` draws `names` in this order (each as one text) and that the
/// PDF's copied text holds each of them. Thai SARA AM (ำ) is drawn as two glyphs, NIKHAHIT
/// and SARA AA; a PDF's ToUnicode maps a glyph, not an occurrence, so that SARA AA copies
/// out as า too (น้ำตาล reads น้ำาตาล): a known limit of the PDF's copied text, not of the
/// drawing, so names with it are looked for in the SVG only.
fn assert_names_drawn(id: &str, l: &Label, names: &[&str]) {
    let texts = svg_texts(&svg(l, &opts(1.0)).unwrap());
    let found: Vec<&str> = texts
        .iter()
        .filter(|t| names.contains(&t.as_str()))
        .map(String::as_str)
        .collect();
    assert_eq!(found, names.to_vec(), "{id}: {texts:?}");
    let text = no_space(&pdf_text(&pdf(l, fonts(), &opts(1.0)).unwrap()));
    for name in names.iter().filter(|n| !n.contains('\u{0E33}')) {
        assert!(
            text.contains(&no_space(name)),
            "{id}: {name} not in the PDF's text: {text}"
        );
    }
}

#[test]
fn golden_cjk_formats() {
    if !fonts_installed() {
        return;
    }
    for (id, _) in CJK_FORMATS {
        let l = compute_label(&cjk_recipe(), format(id).unwrap()).unwrap();
        check_golden(&id.replace('.', "-"), &l);
    }
}

/// GB 28050-2011 Appendix B's horizontal format (layout `table-split`): energy, protein and fat
/// in the left table, carbohydrate and sodium in the right one, each headed by its column.
#[test]
fn the_horizontal_chinese_table_sets_its_rows_in_two_tables_side_by_side() {
    if !fonts_installed() {
        return;
    }
    let l = compute_label(&common::eu_recipe(), format("cn.b4").unwrap()).unwrap();
    let s = svg(&l, &opts(1.0)).unwrap();
    // x of the first text whose content is `text`.
    let x_of = |text: &str| -> f32 {
        let at = s
            .find(&format!(">{text}<"))
            .unwrap_or_else(|| panic!("{text} not drawn"));
        let open = s[..at].rfind("<text").unwrap();
        let attrs = &s[open..at];
        let x = attrs.split(" x=\"").nth(1).unwrap();
        x[..x.find('"').unwrap()].parse().unwrap()
    };
    let (left, right) = (x_of("能量"), x_of("碳水化合物"));
    assert!(right > left + 100.0, "{left} {right}");
    assert_eq!(x_of("脂肪"), left);
    assert_eq!(x_of("钠"), right);
    // Both tables are headed by the column's quantity.
    assert_eq!(s.matches(">100 g<").count(), 2, "{s}");
}

/// GB 28050-2011 Appendix B's text format (layout `eu-linear`): the title, then the basis and
/// the "1+4" run in, in order; the PDF's text copies out as drawn.
#[test]
fn the_chinese_text_format_runs_the_declaration_in_under_its_title() {
    if !fonts_installed() {
        return;
    }
    let f = format("cn.b5").unwrap();
    let l = compute_label(&common::eu_recipe(), f).unwrap();
    assert_eq!(missing_glyphs(&l, f).unwrap(), Vec::<char>::new());
    let drawn = no_space(&svg_texts(&svg(&l, &opts(1.0)).unwrap()).concat());
    let mut at = 0;
    for word in [
        "营养成分表",
        "100g:",
        "能量",
        "蛋白质",
        "脂肪",
        "碳水化合物",
        "钠",
    ] {
        let found = drawn[at..]
            .find(word)
            .unwrap_or_else(|| panic!("{word} missing or out of order in {drawn}"));
        at += found + word.len();
    }
    let text = no_space(&pdf_text(&pdf(&l, fonts(), &opts(1.0)).unwrap()));
    assert!(
        text.contains("营养成分表") && text.contains("碳水化合物"),
        "{text}"
    );
    check_golden("cn-b5", &l);
}

/// Writes each script's PDF to `NLS_PREVIEW_DIR` (to open in a viewer and check the
/// embedded subsets draw).
#[test]
fn preview_pdfs() {
    let Some(dir) = std::env::var_os("NLS_PREVIEW_DIR") else {
        return;
    };
    if !fonts_installed() {
        return;
    }
    for (script, names) in SAMPLES {
        let bytes = pdf(&label_with(&names), fonts(), &opts(1.0)).unwrap();
        std::fs::write(PathBuf::from(&dir).join(format!("eu-{script}.pdf")), bytes).unwrap();
    }
    for (id, _) in CJK_FORMATS {
        let l = compute_label(&cjk_recipe(), format(id).unwrap()).unwrap();
        let bytes = pdf(&l, fonts(), &opts(1.0)).unwrap();
        std::fs::write(PathBuf::from(&dir).join(format!("{id}.pdf")), bytes).unwrap();
    }
    let lam_alef = pdf(&label_with(&["حلاوة", "سلطة", "زبدة"]), fonts(), &opts(1.0)).unwrap();
    std::fs::write(PathBuf::from(&dir).join("eu-ar-lam-alef.pdf"), lam_alef).unwrap();
}

#[test]
fn a_lam_alef_ligature_copies_out_as_both_letters() {
    if !fonts_installed() {
        return;
    }
    // "حلاوة" (halva): lam then alef join into one glyph; "سلطة" has no ligature.
    let l = label_with(&["حلاوة", "سلطة", "زبدة"]);
    let text = no_space(&pdf_text(&pdf(&l, fonts(), &opts(1.0)).unwrap()));
    for name in ["حلاوة", "سلطة", "زبدة"] {
        assert!(text.contains(name), "{name} not in the PDF's text: {text}");
    }
}

/// Issue 26, item 7: the drafts of the GCC (Arabic and English), Israel (Hebrew), Thailand
/// and Vietnam, with the names their terms files give (LABEL_TERMS_SOURCES.md §1-4), in the
/// order drawn: the GCC's English name of each row, then its Arabic one.
const SCRIPT_DRAFTS: [(&str, &[&str]); 4] = [
    (
        "gcc.v.ar-en",
        &[
            "Energy",
            "الطاقة",
            "Total fat",
            "إجمالي الدهون",
            "Saturated fat",
            "الدهون المشبعة",
            "Trans fat",
            "الدهون المتحولة",
            "Cholesterol",
            "الكوليسترول",
            "Sodium",
            "الصوديوم",
            "Total carbohydrate",
            "إجمالي الكربوهيدرات",
            "Dietary fibre",
            "الألياف الغذائية",
            "Total sugars",
            "إجمالي السكريات",
            "Added sugars",
            "السكريات المُضافة",
            "Protein",
            "البروتين",
        ],
    ),
    (
        "il.tab",
        &[
            "אנרגיה",
            "סך השומנים",
            "חומצות שומן רוויות",
            "חומצות שומן טראנס",
            "כולסטרול",
            "נתרן",
            "סך הפחמימות",
            "סוכרים",
            "סיבים תזונתיים",
            "חלבונים",
        ],
    ),
    (
        "th.full",
        &[
            "พลังงานทั้งหมด",
            "โปรตีน",
            "ไขมันทั้งหมด",
            "คาร์โบไฮเดรต",
            "น้ำตาล",
            "โซเดียม",
        ],
    ),
    (
        "vn.v",
        &["Năng lượng", "Chất đạm", "Carbohydrat", "Chất béo", "Natri"],
    ),
];

/// The test recipe with every nutrient the new drafts may declare known, so each row is drawn.
fn script_recipe() -> nls_nutrition::RecipeInput {
    use nls_nutrition::Nutrient::*;
    common::with_known(
        common::eu_recipe(),
        &[
            SaturatedFatG,
            TransFatG,
            CholesterolMg,
            TotalSugarsG,
            AddedSugarsG,
            DietaryFiberG,
        ],
    )
}

#[test]
fn script_drafts_print_their_terms_in_order_with_every_glyph_and_the_draft_mark() {
    if !fonts_installed() {
        return;
    }
    for (id, names) in SCRIPT_DRAFTS {
        let f = format(id).unwrap();
        let l = compute_label(&script_recipe(), f).unwrap();
        assert_eq!(missing_glyphs(&l, f).unwrap(), Vec::<char>::new(), "{id}");
        assert_names_drawn(id, &l, names);
        // A draft says so on the drawing (issue 26, item 3).
        let s = svg(&l, &opts(1.0)).unwrap();
        assert!(
            s.contains(">DRAFT</text>") && s.contains("DRAFT \u{2013} NOT A LAWFUL LABEL"),
            "{id}"
        );
    }
}

#[test]
fn golden_script_drafts() {
    if !fonts_installed() {
        return;
    }
    for (id, _) in SCRIPT_DRAFTS {
        let l = compute_label(&script_recipe(), format(id).unwrap()).unwrap();
        let name = id.replace('.', "-");
        check_golden(&name, &l);
        // The docs' sample of each format, at scale 2 as `formats_families` writes its own.
        if std::env::var_os("NLS_REGENERATE_GOLDEN").is_some() {
            let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/formats");
            std::fs::create_dir_all(&docs).unwrap();
            let doc = png(&l, fonts(), &opts(2.0)).unwrap();
            std::fs::write(docs.join(format!("{name}.png")), doc).unwrap();
        }
    }
}

/// A `<text>` of an SVG: its x, baseline, anchor and text.
#[derive(Debug, Clone, PartialEq)]
struct Placed {
    x: f32,
    y: f32,
    end: bool,
    text: String,
}

/// Every `<text>` of `svg` with its position.
fn placed(svg: &str) -> Vec<Placed> {
    let attr = |tag: &str, name: &str| -> Option<f32> {
        let v = tag.split(&format!(" {name}=\"")).nth(1)?;
        v[..v.find('"')?].parse().ok()
    };
    let texts = svg_texts(svg);
    svg.match_indices("<text ")
        .zip(texts)
        .filter_map(|((at, _), text)| {
            let tag = &svg[at..at + svg[at..].find('>')?];
            Some(Placed {
                x: attr(tag, "x")?,
                y: attr(tag, "y")?,
                // In a right-to-left line the anchor's start is its right end.
                end: tag.contains("text-anchor=\"end\"") != tag.contains("direction=\"rtl\""),
                text,
            })
        })
        .collect()
}

/// The x of each vertical rule of the table (the column separators: rectangles as wide as a
/// rule, 0.75 user units).
fn separators(svg: &str) -> Vec<f32> {
    let d = svg.split(" d=\"").nth(1).unwrap();
    let d = &d[..d.find('"').unwrap()];
    d.split('M')
        .filter(|r| r.contains("h0.75v"))
        .filter_map(|r| r.split(' ').next()?.parse().ok())
        .collect()
}

/// A right-to-left table reads right to left: each nutrient's name stands right of its
/// amount, aligned right in its column, the column rule between them; a left-to-right one
/// the other way round. The GCC's two languages each stand on the side they read from.
#[test]
fn in_a_right_to_left_table_the_name_is_drawn_right_of_its_amount() {
    if !fonts_installed() {
        return;
    }
    let row_of = |id: &str, name: &str| -> (Vec<Placed>, Vec<f32>) {
        let l = compute_label(&script_recipe(), format(id).unwrap()).unwrap();
        let s = svg(&l, &opts(1.0)).unwrap();
        let all = placed(&s);
        let at = all
            .iter()
            .find(|p| p.text == name)
            .unwrap_or_else(|| panic!("{id}: {name} not drawn"));
        let row = all.iter().filter(|p| p.y == at.y).cloned().collect();
        (row, separators(&s))
    };
    // Israel: נתרן (sodium) and its amount in mg on one baseline.
    let (row, rules) = row_of("il.tab", "נתרן");
    let [name, amount] = [&row[0], &row[1]];
    assert_eq!(name.text, "נתרן");
    assert!(amount.text.ends_with("mg"), "{row:?}");
    assert!(name.end && amount.end, "both aligned right: {row:?}");
    let rule = rules.iter().copied().find(|x| *x > amount.x && *x < name.x);
    assert!(rule.is_some(), "{rules:?} between {amount:?} and {name:?}");
    // The mirror of a left-to-right table: Vietnam's name starts at the left.
    let (row, _) = row_of("vn.v", "Natri");
    assert!(!row[0].end && row[0].x < row[1].x, "{row:?}");
    // The GCC: English on the left, the amount, Arabic on the right.
    let (row, _) = row_of("gcc.v.ar-en", "الصوديوم");
    let x = |t: &str| row.iter().find(|p| p.text == t).map(|p| p.x).unwrap();
    let amount = row.iter().find(|p| p.text.ends_with("mg")).unwrap();
    assert!(
        x("Sodium") < amount.x && amount.x < x("الصوديوم"),
        "{row:?}"
    );
}

/// Amounts in a right-to-left table keep their digits left to right: "100 g" and "413mg" are
/// set as written (the shaper reverses only the Hebrew and Arabic runs).
#[test]
fn numbers_stay_left_to_right_in_a_right_to_left_table() {
    if !fonts_installed() {
        return;
    }
    let l = compute_label(&script_recipe(), format("il.tab").unwrap()).unwrap();
    let s = svg(&l, &opts(1.0)).unwrap();
    assert!(s.contains(">100 g<"), "the column head as written");
    let text = no_space(&pdf_text(&pdf(&l, fonts(), &opts(1.0)).unwrap()));
    let sodium = l.display["per_100g.sodium_mg"].replace(' ', "");
    assert!(text.contains(&sodium), "{sodium} in {text}");
    assert!(text.contains("100g"), "{text}");
}
