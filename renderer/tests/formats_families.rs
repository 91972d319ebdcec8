//! The families of label formats added as data (issue 19): for each, the terms in each
//! language in the law's order, the scripts drawn with their glyphs (Greek and Cyrillic from
//! the fallback face), and a golden image per family (`tests/golden/families/`, regenerate with
//! `NLS_REGENERATE_GOLDEN=1 cargo test -p nls-renderer --test formats_families`; a PNG of each
//! at scale 2 goes to `docs/formats/`).
#![allow(clippy::unwrap_used)]

mod common;

use std::path::PathBuf;
use std::sync::OnceLock;

use nls_nutrition::{compute_label, format, Label};
use nls_renderer::draw::{missing_glyphs, pdf, png, svg, Fonts, RenderOptions};

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| Fonts::bundled().unwrap())
}

fn label(id: &str) -> Label {
    label_in(format(id).unwrap())
}

/// The sample biscuits' label in `f`; an aggregate format's has two foods, both the biscuits.
fn label_in(f: &nls_nutrition::Format) -> Label {
    common::label_in(&common::eu_recipe(), f, ["Oat biscuits", "Ginger biscuits"])
}

fn opts(scale: f32) -> RenderOptions {
    RenderOptions {
        width_px: 290.0,
        scale,
        watermark: false,
    }
}

/// The printed names of the SVG's text, in order (tags dropped, entities decoded).
fn texts(svg: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    let body = svg.split("<g font-family").nth(1).unwrap_or(svg);
    for c in body.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push('|');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&apos;", "'")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// Asserts that `words` appear in the drawing in this order.
fn in_order(id: &str, words: &[&str]) {
    let s = svg(&label(id), &opts(1.0)).unwrap();
    // A name wrapped over two lines reads as one.
    assert_in_order(id, &texts(&s).replace("||", " "), words);
}

/// Asserts that `words` appear in `text` in this order.
fn assert_in_order(id: &str, text: &str, words: &[&str]) {
    let mut at = 0;
    for w in words {
        let found = text[at..]
            .find(w)
            .unwrap_or_else(|| panic!("{id}: {w:?} missing or out of order in {text}"));
        at += found + w.len();
    }
}

/// Asserts that `words` appear in the drawing of a run-in paragraph in this order (lines wrap
/// anywhere: compared with single spaces).
fn in_order_flowing(id: &str, words: &[&str]) {
    let s = svg(&label(id), &opts(1.0)).unwrap();
    let t = texts(&s).replace('|', " ");
    assert_in_order(
        id,
        &t.split_whitespace().collect::<Vec<_>>().join(" "),
        words,
    );
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/families")
}

/// Compares `name.svg` exactly and `name.png` within the tolerance of `tests/draw.rs`.
fn check_golden(name: &str, id: &str) {
    check_golden_of(name, &label(id));
}

/// [`check_golden`] of a label made here.
fn check_golden_of(name: &str, l: &Label) {
    let l = l.clone();
    let s = svg(&l, &opts(1.0)).unwrap();
    let p = png(&l, fonts(), &opts(1.0)).unwrap();
    let dir = golden_dir();
    let (svg_path, png_path) = (
        dir.join(format!("{name}.svg")),
        dir.join(format!("{name}.png")),
    );
    if std::env::var_os("NLS_REGENERATE_GOLDEN").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&svg_path, &s).unwrap();
        std::fs::write(&png_path, &p).unwrap();
        let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/formats");
        std::fs::create_dir_all(&docs).unwrap();
        let doc = png(&l, fonts(), &opts(2.0)).unwrap();
        std::fs::write(docs.join(format!("{name}.png")), doc).unwrap();
        return;
    }
    let hint = "run NLS_REGENERATE_GOLDEN=1 cargo test -p nls-renderer --test formats_families after an intended change";
    let want_svg = std::fs::read_to_string(&svg_path)
        .unwrap_or_else(|_| panic!("missing {svg_path:?}; {hint}"));
    assert!(
        want_svg == s,
        "{name}.svg differs from the reference; {hint}"
    );
    let want = std::fs::read(&png_path).unwrap_or_else(|_| panic!("missing {png_path:?}; {hint}"));
    let decode = |bytes: &[u8]| {
        let mut decoder = ::png::Decoder::new(bytes);
        decoder.set_transformations(::png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
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
        "{name}.png: {differing} of {} samples differ; {hint}",
        wp.len()
    );
}

// ---------------------------------------------------------------- EU, Annex XV in each language

/// Annex XV order (FORMATS.md §3): energy; fat; of which saturates; carbohydrate; of which
/// sugars; (fibre); protein; salt, in each language's terms as FORMATS.md §3 gives them.
#[test]
fn eu_tables_print_the_annex_xv_terms_of_their_language_in_the_annex_order() {
    let cases: [(&str, &[&str]); 8] = [
        (
            "eu.tab.de",
            &[
                "Brennwert",
                "Fett",
                "davon gesättigte Fettsäuren",
                "Kohlenhydrate",
                "davon Zucker",
                "Ballaststoffe",
                "Eiweiß",
                "Salz",
            ],
        ),
        (
            "eu.tab.fr",
            &[
                "Valeur énergétique",
                "Matières grasses",
                "dont acides gras saturés",
                "Glucides",
                "dont sucres",
                "Fibres alimentaires",
                "Protéines",
                "Sel",
            ],
        ),
        (
            "eu.tab.es",
            &[
                "Valor energético",
                "Grasas",
                "de las cuales: ácidos grasos saturados",
                "Hidratos de carbono",
                "de los cuales: azúcares",
                "Fibra alimentaria",
                "Proteínas",
                "Sal",
            ],
        ),
        (
            "eu.tab.el",
            &[
                "Ενέργεια",
                "Λιπαρά",
                "εκ των οποίων κορεσμένα",
                "Υδατάνθρακες",
                "εκ των οποίων σάκχαρα",
                "Φυτικές ίνες",
                "Πρωτεΐνες",
                "Αλάτι",
            ],
        ),
        (
            "eu.tab.bg",
            &[
                "Енергийна стойност",
                "Мазнини",
                "от които наситени мастни киселини",
                "Въглехидрати",
                "от които захари",
                "Влакнини",
                "Белтъчини",
                "Сол",
            ],
        ),
        (
            "eu.tab.lv",
            &[
                "Enerģētiskā vērtība",
                "Tauki",
                "tostarp piesātinātās taukskābes",
                "Ogļhidrāti",
                "tostarp cukuri",
                "Šķiedrvielas",
                "Olbaltumvielas",
                "Sāls",
            ],
        ),
        (
            "eu.tab.mt",
            &[
                "Enerġija",
                "Xaħam",
                "li minnu saturati",
                "Karboidrati",
                "li minnhom zokkor",
                "Fibra",
                "Proteina",
                "Melħ",
            ],
        ),
        // Dutch fibre term unconfirmed: the voluntary row is left out.
        (
            "eu.tab.nl",
            &[
                "Energie",
                "Vetten",
                "waarvan verzadigde vetzuren",
                "Koolhydraten",
                "waarvan suikers",
                "Eiwitten",
                "Zout",
            ],
        ),
    ];
    for (id, words) in cases {
        in_order(id, words);
        let f = format(id).unwrap();
        assert_eq!(f.columns.len(), 1, "{id}: per 100 g only");
    }
    let nl = svg(&label("eu.tab.nl"), &opts(1.0)).unwrap();
    assert!(!nl.contains("Vezels"), "unconfirmed fibre term printed");
    // Energy prints kJ and kcal in one row, per 100 g (Art. 32(1)-(2)).
    let de = texts(&svg(&label("eu.tab.de"), &opts(1.0)).unwrap());
    assert!(de.contains("100 g"), "{de}");
    assert!(de.contains("kJ") && de.contains("kcal"), "{de}");
}

#[test]
fn multi_language_eu_tables_join_each_name_and_print_a_shared_word_once() {
    in_order(
        "eu.tab.nl-fr-de",
        &[
            "Energie / Valeur énergétique / Brennwert",
            "Vetten / Matières grasses / Fett",
            "Zout / Sel / Salz",
        ],
    );
    in_order(
        "eu.tab.nordic",
        &["Energi / Energia", "Protein / Proteiini", "Salt / Suola"],
    );
    let s = texts(&svg(&label("eu.tab.nordic"), &opts(1.0)).unwrap());
    assert!(!s.contains("100 g / 100 g"), "{s}");
}

#[test]
fn every_eu_language_format_draws_every_glyph_in_svg_png_and_pdf() {
    for f in nls_nutrition::formats()
        .iter()
        .filter(|f| ["table-only", "linear-only", "table-ri"].contains(&f.layout.as_str()))
    {
        let l = label_in(f);
        assert_eq!(
            missing_glyphs(&l, f).unwrap(),
            Vec::<char>::new(),
            "{}",
            f.id
        );
        let p = pdf(&l, fonts(), &opts(1.0)).unwrap();
        // The fallback face is embedded only where a run needs it: Greek (Libre Franklin has
        // Cyrillic, and the Latin letters of every EU language).
        let needs_fallback = f.languages.iter().any(|l| l == "el");
        let has = embeds_fallback(&p);
        assert_eq!(
            has, needs_fallback,
            "{}: fallback face embedded {has}",
            f.id
        );
    }
}

/// Whether the PDF embeds one of the Noto Sans files (a font stream equal to its bytes).
fn embeds_fallback(pdf: &[u8]) -> bool {
    // Faces are embedded as subsets, which keep the font's `name` table: the fallback is the
    // font program naming Noto Sans (ASCII or UTF-16BE); the script faces of the same
    // family (Noto Sans Arabic, Hebrew, Thai) are not the fallback.
    let names = |content: &[u8], text: &str| {
        let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        content.windows(text.len()).any(|w| w == text.as_bytes())
            || content.windows(utf16.len()).any(|w| w == utf16.as_slice())
    };
    let doc = lopdf::Document::load_mem(pdf).unwrap();
    doc.objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .any(|s| {
            let content = s
                .decompressed_content()
                .unwrap_or_else(|_| s.content.clone());
            content.starts_with(&[0, 1, 0, 0])
                && names(&content, "Noto Sans")
                && !["Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai"]
                    .iter()
                    .any(|script| names(&content, script))
        })
}

#[test]
fn drawing_greek_and_cyrillic_is_deterministic() {
    for id in ["eu.tab.el", "eu.tab.bg"] {
        let l = label(id);
        let greek = id == "eu.tab.el";
        assert_eq!(svg(&l, &opts(1.0)).unwrap(), svg(&l, &opts(1.0)).unwrap());
        assert_eq!(
            png(&l, fonts(), &opts(1.0)).unwrap(),
            png(&l, fonts(), &opts(1.0)).unwrap()
        );
        assert_eq!(
            pdf(&l, fonts(), &opts(1.0)).unwrap(),
            pdf(&l, fonts(), &opts(1.0)).unwrap()
        );
        let s = svg(&l, &opts(1.0)).unwrap();
        assert_eq!(
            s.contains("font-family=\"&apos;Noto Sans&apos;"),
            greek,
            "{id}: only Greek runs name the fallback"
        );
    }
}

#[test]
fn golden_eu_languages() {
    check_golden("eu-tab-de", "eu.tab.de");
    check_golden("eu-tab-el", "eu.tab.el");
    check_golden("eu-tab-bg", "eu.tab.bg");
    check_golden("eu-tab-nl-fr-de", "eu.tab.nl-fr-de");
    check_golden("eu-tab-100-por", "eu.tab.100-por");
}

// ---------------------------------------------------------------- Codex and national lists

/// CXG 2-1985 §3.2.1 content in the order FORMATS.md §1.1 lists it, in each language.
#[test]
fn codex_tables_print_the_cxg_2_content_in_order() {
    in_order(
        "codex.tab.en",
        &[
            "Energy",
            "kJ",
            "kcal",
            "Protein",
            "Available carbohydrate",
            "Fat",
            "Saturated fat",
            "Sodium",
            "mg",
            "Total sugars",
        ],
    );
    in_order(
        "codex.tab.fr",
        &[
            "Valeur énergétique",
            "Protéines",
            "Glucides",
            "Matières grasses",
            "dont acides gras saturés",
            "Sodium",
            "Sucres",
        ],
    );
    in_order(
        "codex.tab.es",
        &[
            "Energía",
            "Proteínas",
            "H. de C. disponibles",
            "Grasas totales",
            "Grasas saturadas",
            "Sodio",
            "Azúcares totales",
        ],
    );
    in_order(
        "codex.tab.pt",
        &[
            "Valor energético",
            "Proteínas",
            "Carboidratos",
            "Gorduras totais",
            "Gorduras saturadas",
            "Sódio",
            "Açúcares totais",
        ],
    );
    // The fallback families print the same content.
    in_order(
        "eac.tab.en",
        &[
            "Energy",
            "Protein",
            "Available carbohydrate",
            "Fat",
            "Saturated fat",
            "Sodium",
            "Total sugars",
        ],
    );
}

#[test]
fn national_tables_print_their_list_in_the_order_formats_md_gives() {
    in_order(
        "fj.tab",
        &[
            "Energy",
            "Protein",
            "Fat",
            "Trans fat",
            "Sugar",
            "Sodium",
            "Carbohydrate",
        ],
    );
    in_order(
        "hk.v.en",
        &[
            "Energy",
            "Protein",
            "Total fat",
            "Saturated fat",
            "Trans fat",
            "Carbohydrates",
            "Sugars",
            "Sodium",
        ],
    );
    in_order(
        "mer.v",
        &[
            "Valor energético",
            "kcal",
            "kJ",
            "Carbohidratos",
            "Proteínas",
            "Grasas totales",
            "Grasas saturadas",
            "Grasas trans",
            "Fibra alimentaria",
            "Sodio",
        ],
    );
    in_order(
        "br.v",
        &[
            "100 g",
            "25 g",
            "Valor energético",
            "Carboidratos",
            "Açúcares totais",
            "Açúcares adicionados",
            "Proteínas",
            "Gorduras totais",
            "Gorduras saturadas",
            "Gorduras trans",
            "Fibra alimentar",
            "Sódio",
        ],
    );
    in_order(
        "id.ing.v",
        &[
            "25 g",
            "Energi total",
            "Lemak total",
            "Protein",
            "Karbohidrat total",
            "Gula",
            "Natrium",
        ],
    );
}

#[test]
fn golden_codex_and_national() {
    check_golden("codex-tab-en", "codex.tab.en");
    check_golden("codex-tab-fr", "codex.tab.fr");
    check_golden("br-v", "br.v");
    check_golden("hk-v-en", "hk.v.en");
}

/// FSANZ Standard 1.2.8 Schedule 12: heading, servings, serving size, then the columns per
/// serving and per 100 g, nutrients in Std 1.2.8—6's order.
#[test]
fn the_anz_panel_follows_schedule_12() {
    in_order(
        "anz.nip",
        &[
            "NUTRITION INFORMATION",
            "Servings per package: 12",
            "Serving size: 25 g",
            // Std 1.2.8—7(1): the heads say the amounts are averages, in the words of the
            // Code's own panel S12—7 ("Average quantity per serving").
            "Average quantity per serving",
            "Average quantity per 100 g",
            "Energy",
            "kJ",
            "Protein",
            "Fat, total",
            // S12—2's sub-rows: an em dash, no space.
            "—saturated",
            "Carbohydrate",
            "—sugars",
            "Sodium",
            "mg",
        ],
    );
    check_golden("anz-nip", "anz.nip");
}

/// A sugar-reduced cordial: sugar, erythritol and water, 1.04 g/mL, 260 g a serving.
fn anz_drink_label(id: &str) -> Label {
    use nls_nutrition::Nutrient::*;
    let line = |name: &str, grams: f64, amounts: &[(nls_nutrition::Nutrient, f64)]| {
        let mut a = nls_nutrition::NutrientAmounts::default();
        for (n, v) in amounts {
            a.set(*n, *v);
        }
        for n in [TotalFatG, SaturatedFatG, ProteinG, SodiumMg, TotalSugarsG] {
            if a.get(n).is_none() {
                a.set(n, 0.0);
            }
        }
        nls_nutrition::ResolvedIngredient::per_100g(name, grams, a)
    };
    let recipe = nls_nutrition::RecipeInput {
        servings: 4.0,
        serving_weight_g: Some(260.0),
        serving_size_text: None,
        racc_g: None,
        ingredients: vec![
            line(
                "water",
                910.0,
                &[(SodiumMg, 2.0), (TotalCarbohydrateG, 0.0)],
            ),
            line(
                "sugar",
                70.0,
                &[(TotalCarbohydrateG, 100.0), (TotalSugarsG, 100.0)],
            ),
            line(
                "erythritol",
                60.0,
                &[(TotalCarbohydrateG, 100.0), (ErythritolG, 100.0)],
            ),
        ],
        voluntary_nutrients: Default::default(),
    };
    let extras = nls_nutrition::Extras {
        liquid_density_g_per_ml: Some(1.04),
        ..Default::default()
    };
    nls_nutrition::compute_label_with(&recipe, format(id).unwrap(), &extras).unwrap()
}

/// FSANZ Std 1.2.8—6(1)(b)(ii) and (c), 1.2.8—4: a beverage's serving in millilitres and its
/// unit quantity 100 mL ("Serving size: 250 mL", as S12—5's panel prints it); 1.2.8—6(9): a
/// Schedule 11 S11—2(3) substance at 5 g/100 g or more declared below sodium.
#[test]
fn the_anz_panel_of_a_drink_is_in_millilitres_and_names_its_erythritol() {
    for (id, golden) in [
        ("anz.nip", "anz-nip-drink"),
        ("anz.nip.di", "anz-nip-di-drink"),
    ] {
        let l = anz_drink_label(id);
        let s = texts(&svg(&l, &opts(1.0)).unwrap()).replace("||", " ");
        assert_in_order(
            id,
            &s,
            &[
                "Serving size: 250 mL",
                "Average quantity per serving",
                "Average quantity per 100 mL",
                "Energy",
                // 1 040 g hold 70 g sugar and 60 g erythritol: 70 × 17 + 60 × 1 = 1 250 kJ
                // (S11—2(2)-(3)); 100 mL weigh 104 g: 125 kJ, 7 g carbohydrate, 6 g
                // erythritol (5.77 g/100 g by weight).
                "125kJ",
                "Carbohydrate",
                "7g",
                "Sodium",
                "Erythritol",
                "15g",
                "6g",
            ],
        );
        assert!(!s.contains("Serving size: 260 g"), "{s}");
        assert!(!s.contains("DRAFT"), "{s}");
        check_golden_of(golden, &l);
    }
}

/// TR CU 022/2011: energy, protein, fat, carbohydrate per 100 g in Russian, units and the
/// decimal comma as Annex 2 writes them.
#[test]
fn the_eaeu_table_prints_russian_words_units_and_a_decimal_comma() {
    in_order(
        "eaeu.ru",
        &[
            "100 г",
            "Энергетическая ценность",
            "кДж",
            "ккал",
            "Белки",
            "8,2г",
            "Жиры",
            "21,8г",
            "Углеводы",
            "69,7г",
        ],
    );
    let l = label("eaeu.ru");
    // The label JSON keeps the decimal point; only the drawing follows the language.
    assert_eq!(l.display["per_100g.protein_g"], "8.2г");
    assert_eq!(
        missing_glyphs(&l, format("eaeu.ru").unwrap()).unwrap(),
        Vec::<char>::new()
    );
    check_golden("eaeu-ru", "eaeu.ru");
}

/// FDR B.01.401: the words of column 2 of its table in English then French (B.01.451(1)(b)),
/// the title of B.01.401(3)(e)(iv), the "% Daily Value*" head and the statement of item 16 in
/// both languages, saturated and "+ trans" bracketed with the one percentage of their sum
/// (item 6), a word both languages share printed once. The model: the Directory's bilingual
/// standard figure as LABEL_TERMS_SOURCES.md §6b describes it.
#[test]
fn the_canadian_table_prints_both_languages() {
    in_order(
        "ca.std.bi",
        &[
            "Nutrition Facts",
            "Valeur nutritive",
            "Per 2 biscuits (25 g)",
            "pour 2 biscuits (25 g)",
            "Calories",
            "% Daily Value*",
            "% valeur quotidienne*",
            "Fat / Lipides",
            "Saturated / saturés",
            "+ Trans / trans",
            "Carbohydrate / Glucides",
            "Fibre / Fibres",
            "Sugars / Sucres",
            "Protein / Protéines",
            "Cholesterol / Cholestérol",
            "Sodium",
            "Potassium",
            "Calcium",
            "Iron / Fer",
            "*5% or less is a little, 15% or more is a lot",
            "*5 % ou moins c\u{2019}est peu, 15 % ou plus c\u{2019}est beaucoup",
        ],
    );
    let s = texts(&svg(&label("ca.std.bi"), &opts(1.0)).unwrap());
    assert!(
        !s.contains("Calories / Calories") && !s.contains("Sodium / Sodium"),
        "{s}"
    );
    // In force: no draft band.
    assert!(!s.contains("DRAFT"), "{s}");
    check_golden("ca-std-bi", "ca.std.bi");
}

/// FDR B.01.008.3: the sugars-based ingredients (demerara sugar 60 g, golden syrup 25 g) are
/// shown in parentheses after "Sugars" / « Sucres », in lower case, the term at their
/// combined 85 g: before the wheat flour (80 g), where each alone would come after it.
#[test]
fn the_canadian_list_groups_its_sugars_after_the_term_at_their_combined_weight() {
    let l = label("ca.std.bi");
    let grouped = "Oat flakes, Sugars (demerara sugar, golden syrup), Wheat flour, Butter, \
                   Raising agent (sodium bicarbonate), Salt";
    assert_eq!(l.statements[0].ingredient_statement, grouped);
    assert_eq!(
        l.statements[1].ingredient_statement,
        grouped.replace("Sugars (", "Sucres (")
    );
    in_order_flowing(
        "ca.std.bi",
        &[
            "Ingredients: Oat flakes, Sugars (demerara sugar, golden syrup), Wheat flour",
            "Ingrédients : Oat flakes, Sucres (demerara sugar, golden syrup), Wheat flour",
        ],
    );
    // A regime that does not group keeps each sugar in its own place.
    let eu = label("eu.tab.100");
    assert!(
        eu.ingredient_statement
            .contains("Butter, Demerara sugar, Golden syrup"),
        "{}",
        eu.ingredient_statement
    );
}

/// The full-width rectangles of an SVG below its table's frame (`M0 {y}h290v{h}`), as
/// `(top, height)`, top to bottom.
fn lines_below_frame(svg: &str) -> Vec<(f32, f32)> {
    let d = svg
        .split(" d=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let mut full: Vec<(f32, f32)> = d
        .split('M')
        .filter_map(|seg| {
            let (xy, rest) = seg.split_once('h')?;
            let (x, y) = xy.split_once(' ')?;
            let (w, rest) = rest.split_once('v')?;
            let h = rest.split('h').next()?;
            (x == "0" && w == "290").then(|| (y.parse().unwrap(), h.parse().unwrap()))
        })
        .collect();
    full.sort_by(|a, b| a.0.total_cmp(&b.0));
    // The frame's top and bottom edges come first.
    full.split_off(2)
}

/// The baseline of the SVG text element whose text starts with `start`.
fn baseline_of(svg: &str, start: &str) -> f32 {
    let at = svg
        .find(&format!(">{start}"))
        .unwrap_or_else(|| panic!("{start:?}"));
    let open = svg[..at].rfind("<text ").unwrap();
    let y = svg[open..at].split(" y=\"").nth(1).unwrap();
    y.split('"').next().unwrap().parse().unwrap()
}

/// FDR B.01.008.2(2)(a): each language's list of ingredients is set apart by a solid line
/// immediately above and below it, its "Contains" statement inside the same lines
/// (B.01.010.3(1)(a.1), (a.2)); drawn alike in SVG, PNG and PDF.
#[test]
fn the_canadian_list_of_ingredients_is_set_apart_by_solid_lines() {
    let l = label("ca.std.bi");
    let s = svg(&l, &opts(1.0)).unwrap();
    let lines = lines_below_frame(&s);
    assert_eq!(
        lines.len(),
        4,
        "a line above and below each language's list: {lines:?}"
    );
    let between = |start: &str, above: (f32, f32), below: (f32, f32)| {
        let y = baseline_of(&s, start);
        assert!(
            above.0 + above.1 < y && y < below.0,
            "{start} at {y}: {lines:?}"
        );
    };
    between("Ingredients:", lines[0], lines[1]);
    between("Contains:", lines[0], lines[1]);
    between("Ingrédients", lines[2], lines[3]);
    between("Contient", lines[2], lines[3]);

    // The PNG at scale 2: each line is black across the label's width.
    let p = png(&l, fonts(), &opts(2.0)).unwrap();
    let mut decoder = ::png::Decoder::new(p.as_slice());
    decoder.set_transformations(::png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.line_size / info.width as usize;
    for (top, h) in &lines {
        let row = ((top + h / 2.0) * 2.0) as usize;
        for x in [4usize, 290, 576] {
            let v = buf[row * info.line_size + x * channels];
            assert!(v < 96, "pixel ({x}, {row}) of the line at {top} is {v}");
        }
    }

    // The PDF draws four more rectangles than the same label with nothing setting it apart.
    let ca = format("ca.std.bi").unwrap();
    let mut plain = ca.clone();
    plain.regime.ingredient_list.set_apart = nls_nutrition::SetApart::Nothing;
    let rects = |f: &nls_nutrition::Format| {
        let bytes = nls_renderer::draw::pdf_in(&l, f, fonts(), &opts(1.0)).unwrap();
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        let (_, page) = doc.get_pages().into_iter().next().unwrap();
        let content = lopdf::content::Content::decode(&doc.get_page_content(page).unwrap());
        content
            .unwrap()
            .operations
            .iter()
            .filter(|o| o.operator == "re")
            .count()
    };
    assert_eq!(rects(ca), rects(&plain) + 4);
    let unlined = nls_renderer::draw::svg_in(&l, &plain, &opts(1.0)).unwrap();
    assert!(lines_below_frame(&unlined).is_empty());
}

/// The combined percentage of item 6 is printed once, beside the bracketed pair, and equals
/// the label's (the sum of the declared saturated and trans amounts over its daily value).
#[test]
fn the_canadian_sum_of_saturated_and_trans_is_one_percentage() {
    let l = label("ca.std.bi");
    let sum = l.row("saturated_plus_trans").unwrap().cells[0]
        .percent
        .unwrap();
    let sat = l.declared_in("per_serving", "saturates_g").unwrap();
    let trans = l.declared_in("per_serving", "trans_fat_g").unwrap();
    assert_eq!(sum, ((sat + trans) / 20.0 * 100.0).round());
    let s = texts(&svg(&l, &opts(1.0)).unwrap());
    let pct = format!("|{}%|", sum);
    assert!(s.contains(&pct), "{pct} in {s}");
    // Not a row of its own.
    assert!(!s.contains("Saturated + Trans"), "{s}");
}

/// Art. 34(2): the linear form runs every declaration in, in the Annex XV order.
#[test]
fn the_linear_declarations_run_in_the_annex_xv_order() {
    for id in ["eu.lin", "uk.lin"] {
        in_order(
            id,
            &[
                "Nutrition declaration",
                "Per 100 g:",
                "Energy 2169kJ / 517kcal,",
                "Fat 22g,",
                "saturates 12g,",
                "Carbohydrate 70g,",
                "sugars 28g,",
                "Fibre 4.8g,",
                "Protein 8.2g,",
                "Salt 1.1g",
                "Ingredients:",
            ],
        );
    }
    check_golden("eu-lin", "eu.lin");
}

/// Türkiye and Serbia: the EU big 7 in the words of their regulations (FORMATS.md §1.1 [TR];
/// the Serbian Pravilnik's list [RS]).
#[test]
fn eu_aligned_tables_print_their_national_words() {
    in_order(
        "tr.tab",
        &[
            "Enerji",
            "Yağ",
            "Doymuş yağ",
            "Karbonhidrat",
            "Şekerler",
            "Protein",
            "Tuz",
        ],
    );
    in_order(
        "rs.tab",
        &[
            "Energetska vrednost",
            "Masti",
            "Zasićene masne kiseline",
            "Ugljeni hidrati",
            "Šećeri",
            "Proteini",
            "So",
        ],
    );
}

/// Sizes and (debug-build) drawing times per format: `cargo test -p nls-renderer --test
/// formats_families sizes -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn sizes() {
    for f in nls_nutrition::formats() {
        if f.has_food_columns() || f.has_prepared_column() {
            continue;
        }
        let l = compute_label(&common::eu_recipe(), f).unwrap();
        let t = std::time::Instant::now();
        let s = svg(&l, &opts(2.0)).unwrap();
        let ts = t.elapsed();
        let t = std::time::Instant::now();
        let p = png(&l, fonts(), &opts(2.0)).unwrap();
        let tp = t.elapsed();
        let t = std::time::Instant::now();
        let d = pdf(&l, fonts(), &opts(2.0)).unwrap();
        let td = t.elapsed();
        println!(
            "{:<18} svg {:>6} B {:>5.2} ms  png {:>6} B {:>6.2} ms  pdf {:>7} B {:>6.2} ms",
            f.id,
            s.len(),
            ts.as_secs_f64() * 1e3,
            p.len(),
            tp.as_secs_f64() * 1e3,
            d.len(),
            td.as_secs_f64() * 1e3
        );
    }
}

/// Every row a format declares always is drawn, with its name, in every format of the table
/// and linear layouts (SVG; PNG and PDF draw the same scene).
#[test]
fn every_mandatory_row_is_drawn() {
    use nls_nutrition::format::Declare;
    for f in nls_nutrition::formats() {
        if ![
            "table-only",
            "eu-table",
            "nip",
            "eu-linear",
            "linear-only",
            "table-ri",
            "table-split",
            "table-paired",
            "table-split-paired",
        ]
        .contains(&f.layout.as_str())
        {
            continue;
        }
        let l = label_in(f);
        let drawn = texts(&svg(&l, &opts(1.0)).unwrap()).replace('|', " ");
        // Lines wrap anywhere in a paragraph: compare with single spaces.
        let drawn = drawn.split_whitespace().collect::<Vec<_>>().join(" ");
        for row in f.rows.iter().filter(|r| r.declare == Declare::Always) {
            let name = f.row_name(row);
            assert!(
                l.row(&row.key).is_some(),
                "{}: row {} not declared",
                f.id,
                row.key
            );
            for part in name.split(" / ") {
                assert!(
                    drawn.contains(part),
                    "{}: {part:?} not drawn in {drawn}",
                    f.id
                );
            }
        }
    }
}

/// LIV Art. 22 (de-CH terms of FORMATS.md §3); Art. 22(2)'s reduced set.
#[test]
fn swiss_tables_print_the_liv_terms() {
    in_order(
        "ch.tab.de",
        &[
            "Energiewert",
            "Fett",
            "davon gesättigte Fettsäuren",
            "Kohlenhydrate",
            "davon Zucker",
            "Eiweiss",
            "Salz",
        ],
    );
    in_order(
        "ch.tab.red5",
        &["Energiewert", "Fett", "Kohlenhydrate", "Eiweiss", "Salz"],
    );
    let red = texts(&svg(&label("ch.tab.red5"), &opts(1.0)).unwrap());
    assert!(
        !red.contains("Zucker") && !red.contains("gesättigte"),
        "{red}"
    );
    in_order(
        "ch.tab.de-fr-it",
        &[
            "Energiewert / Valeur énergétique / Energia",
            "Eiweiss / Protéines / Proteine",
        ],
    );
}

/// PDF text stays text: the Greek fallback face is embedded with a ToUnicode map, so the
/// Greek words can be selected and copied.
#[test]
fn greek_pdf_text_maps_back_to_unicode() {
    let p = pdf(&label("eu.tab.el"), fonts(), &opts(1.0)).unwrap();
    let doc = lopdf::Document::load_mem(&p).unwrap();
    let mapped: String = common::pdf_unicode::mappings(&doc)
        .into_iter()
        .map(|(_, c)| c)
        .collect();
    for c in "ΕνέργειαΛιπαράΑλάτι".chars() {
        assert!(mapped.contains(c), "{c:?} has no ToUnicode entry");
    }
}

// ---------------------------------------------------------------- issue 19: more layouts

/// Art. 34(2) in every EU language: the linear form of each `eu.tab.<lang>` prints the same
/// Annex XV names in the same order, run in after its basis, with the same rows and status.
#[test]
fn every_eu_language_has_a_linear_form_with_its_tables_words_in_order() {
    let tables: Vec<&nls_nutrition::Format> = nls_nutrition::formats()
        .iter()
        .filter(|f| {
            f.id.starts_with("eu.tab.") && f.languages.len() == 1 && f.layout == "table-only"
        })
        .collect();
    assert!(tables.len() >= 24, "{}", tables.len());
    for table in tables {
        let lang = &table.languages[0];
        let id = format!("eu.lin.{lang}");
        let linear = format(&id).unwrap_or_else(|| panic!("{id} missing"));
        assert_eq!(linear.layout, "linear-only", "{id}");
        assert_eq!(linear.status, table.status, "{id}");
        assert_eq!(linear.rows, table.rows, "{id}");
        assert_eq!(linear.countries, table.countries, "{id}");
        let l = label(&id);
        let mut words: Vec<String> = vec!["100 g:".into()];
        for row in &linear.rows {
            if l.row(&row.key).is_some() {
                let name = linear.row_name(row);
                if words.last() != Some(&name) {
                    words.push(name);
                }
            }
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        in_order_flowing(&id, &words);
    }
    // One paragraph, energy's kJ and kcal together, no heading; German writes a decimal
    // comma. The ingredient list follows under its German heading (Art. 18(1)), its names
    // as the label gives them (the fixture's are English).
    in_order_flowing(
        "eu.lin.de",
        &[
            "100 g:",
            "Brennwert 2169kJ / 517kcal,",
            "Fett 22g,",
            "davon gesättigte Fettsäuren 12g,",
            "Salz 1,1g",
        ],
    );
    let de = texts(&svg(&label("eu.lin.de"), &opts(1.0)).unwrap());
    assert!(de.contains("Zutaten:") && de.contains("Oat"), "{de}");
    check_golden("eu-lin-de", "eu.lin.de");
}

/// TR CU 022/2011 as text (FORMATS.md §4 row 82): "Пищевая ценность в 100 г" leads the
/// paragraph, numbers with the decimal comma.
#[test]
fn the_eaeu_text_form_runs_in_after_its_lead() {
    in_order_flowing(
        "eaeu.text.ru",
        &[
            "Пищевая ценность в 100 г:",
            "Энергетическая ценность",
            "кДж / ",
            "ккал,",
            "Белки 8,2г,",
            "Жиры 21,8г,",
            "Углеводы 69,7г",
        ],
    );
    check_golden("eaeu-text-ru", "eaeu.text.ru");
}

/// The linear forms of other families: every row's name, each column's paragraph.
#[test]
fn linear_forms_of_other_families_print_their_names_in_order() {
    in_order_flowing(
        "br.lin",
        &[
            "100 g:",
            "Valor energético",
            "Sódio",
            "25 g:",
            "Valor energético",
            "Sódio",
        ],
    );
    in_order_flowing(
        "mer.lin",
        &["25 g:", "Valor energético", "kcal", "kJ", "Sodio"],
    );
    in_order_flowing("co.lin", &["100 g:", "Energía", "Azúcares totales"]);
    in_order_flowing("id.ing.lin", &["25 g:", "Energi total", "Natrium"]);
    in_order_flowing(
        "ca.lin.bi",
        &["25 g:", "Calories", "Fat / Lipides", "Iron / Fer"],
    );
}

/// Art. 32(4)-(5): the %RI per 100 g beside its amounts and the statement below the table,
/// in German and French (FORMATS.md §3's wording).
#[test]
fn eu_ri_tables_print_the_percentages_and_the_statement_of_their_language() {
    in_order(
        "eu.tab.ri.de",
        &[
            "100 g",
            "%*",
            "Brennwert",
            "2169kJ",
            "26%",
            "517kcal",
            "Fett",
            "22g",
            "31%",
            "Salz",
            "1,1g",
            "18%",
            "*Referenzmenge für einen durchschnittlichen Erwachsenen (8400 kJ/2000 kcal)",
        ],
    );
    in_order(
        "eu.tab.ri.fr",
        &[
            "Valeur énergétique",
            "26%",
            "Sel",
            "*Apport de référence pour un adulte-type (8 400 kJ/2 000 kcal)",
        ],
    );
    // Fibre has no reference intake (Annex XIII Part B): no percentage.
    let l = label("eu.tab.ri.de");
    assert!(l.row("fibre_g").unwrap().cells[0].percent.is_none());
    check_golden("eu-tab-ri-de", "eu.tab.ri.de");
}

/// FSANZ Std 1.2.8—8 and Schedule 12 S12—4: the %DI column between the per-serving and
/// per-100 g columns, and the statement below the panel.
#[test]
fn the_anz_panel_with_daily_intakes_follows_s12_4() {
    in_order(
        "anz.nip.di",
        &[
            "NUTRITION INFORMATION",
            "Servings per package: 12",
            "Serving size: 25 g",
            // Std 1.2.8—7(1): the heads say the amounts are averages, in the words of the
            // Code's own panel S12—7 ("Average quantity per serving").
            "Average quantity per serving",
            "% Daily intake*",
            "(per serving)",
            "Average quantity per 100 g",
            // Schedule 11 S11—2(2): the sample's fibre counts 8 kJ/g.
            "Energy",
            "542kJ",
            "2170kJ",
            "6%",
            "Protein",
            "2.06g",
            "8.24g",
            "4%",
            "Sodium",
            "108mg",
            "431mg",
            "5%",
            "*Percentage daily intakes are based on an average adult diet of 8700 kJ.",
        ],
    );
    check_golden("anz-nip-di", "anz.nip.di");
}

/// The split table: the rows in two side-by-side tables, each with its heads (Brazil,
/// Mercosur); Canada's horizontal format (FDR B.01.454 Part 4): the title block at the left,
/// two tables each under its "% Daily Value*" head, the statement of item 16 below.
#[test]
fn split_tables_set_their_rows_side_by_side() {
    let s = texts(&svg(&label("ca.hor.bi"), &opts(1.0)).unwrap());
    assert_eq!(s.matches("|% Daily Value*|").count(), 2, "{s}");
    in_order(
        "ca.hor.bi",
        &[
            "Nutrition Facts",
            "Valeur nutritive",
            "Calories",
            "% Daily Value*",
            "Fat / Lipides",
            "% Daily Value*",
            "Iron / Fer",
            "*5% or less is a little",
        ],
    );
    in_order(
        "br.hor",
        &[
            "100 g",
            "25 g",
            "Valor energético",
            "100 g",
            "25 g",
            "Sódio",
        ],
    );
    in_order("mer.hor", &["Valor energético", "Sodio"]);
    check_golden("ca-hor-bi", "ca.hor.bi");
}

/// FDR B.01.012: paired unilingual tables, the English one above the French one, each in
/// its language's words only.
#[test]
fn paired_tables_print_one_table_per_language() {
    for id in ["ca.std.pair", "ca.hor.pair"] {
        in_order(
            id,
            &[
                "Calories",
                "Fat",
                "Saturated",
                "Iron",
                "Calories",
                "Lipides",
                "saturés",
                "Fer",
            ],
        );
        let s = texts(&svg(&label(id), &opts(1.0)).unwrap());
        assert!(!s.contains(" / "), "{id}: {s}");
    }
    // Each table in its language's words and numbers.
    in_order(
        "ca.std.pair",
        &[
            "Nutrition Facts",
            "% Daily Value*",
            "*5% or less is a little, 15% or more is a lot",
            "Valeur nutritive",
            "% valeur quotidienne*",
            "*5 % ou moins",
        ],
    );
    check_golden("ca-std-pair", "ca.std.pair");
}

/// FDR B.01.401(6), B.01.455: a simplified table holds Calories, fat, carbohydrate and
/// protein, the nutrients that may not be expressed as "0", and below them the statement of
/// (6)(j) naming the others in each language; the interpretative statement of item 16 stays
/// (B.01.401(8) excuses none of these figures).
#[test]
fn the_canadian_simplified_tables_name_what_they_leave_off() {
    let flowing = |l: &Label| {
        let t = texts(&svg(l, &opts(1.0)).unwrap()).replace('|', " ");
        t.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let en = "Not a significant source of saturated fat, trans fat, fibre, cholesterol";
    let fr = "Source négligeable de lipides saturés, lipides trans, fibres, cholestérol";
    let bi = common::ca_simplified_label("ca.simpl.bi");
    let text = flowing(&bi);
    assert_in_order(
        "ca.simpl.bi",
        &text,
        &[
            "Nutrition Facts",
            "Valeur nutritive",
            "Per 1 can (355 mL)",
            "pour 1 canette (355 mL)",
            "Calories 130",
            "% Daily Value*",
            "Fat / Lipides 0 g 0%",
            "Carbohydrate / Glucides 33 g",
            "Sugars / Sucres 30 g 30%",
            "Protein / Protéines 0 g",
            "Sodium 15 mg 1%",
            "Potassium 75 mg 2%",
            "Calcium 10 mg 1%",
            "Iron / Fer 0.2 mg 1%",
            en,
            fr,
            "*5% or less is a little, 15% or more is a lot",
        ],
    );
    for omitted in ["Saturated", "Trans", "Fibre / Fibres", "Cholesterol /"] {
        assert!(!text.contains(omitted), "{omitted} in {text}");
    }
    assert!(!text.contains("DRAFT"), "{text}");
    check_golden_of("ca-simpl-bi", &bi);

    // One table per language, each with its own statement (B.01.451(1)(a)).
    let pair = common::ca_simplified_label("ca.simpl.pair");
    let text = flowing(&pair);
    assert_in_order(
        "ca.simpl.pair",
        &text,
        &[
            "Nutrition Facts",
            "Per 1 can (355 mL)",
            en,
            "*5% or less",
            "Valeur nutritive",
            // The French part of the household measure "1 can / 1 canette".
            "pour 1 canette (355 mL)",
            fr,
            "*5 % ou moins",
        ],
    );
    assert!(!text.contains(" / "), "{text}");
    check_golden_of("ca-simpl-pair", &pair);

    let hor = common::ca_simplified_label("ca.simpl.hor.bi");
    let text = flowing(&hor);
    assert_eq!(text.matches("% Daily Value*").count(), 2, "{text}");
    assert_in_order(
        "ca.simpl.hor.bi",
        &text,
        &[
            "Nutrition Facts",
            "Calories",
            "Fat / Lipides",
            "Iron / Fer",
            en,
            fr,
            "*5%",
        ],
    );
    check_golden_of("ca-simpl-hor-bi", &hor);
}

/// Item 6 of the table to B.01.401: with trans fat left off as "0" (B.01.401(6)(i)), the
/// percentage of the sum of saturated and trans fat sits on the saturated line.
#[test]
fn a_simplified_table_prints_the_sum_percentage_beside_saturated_alone() {
    use nls_nutrition::{IngredientSource, Nutrient::*};
    let mut r = common::ca_simplified_recipe();
    // 1.1 g of saturated fat in the can, declared 1 g: 5 % of the 20 g daily value of the
    // sum; potassium, calcium and iron now 0, so seven of the thirteen may be "0".
    if let IngredientSource::PerHundredGrams(a) = &mut r.ingredients[1].source {
        for (n, v) in [
            (TotalFatG, 2.0),
            (SaturatedFatG, 2.0),
            (PotassiumMg, 0.0),
            (CalciumMg, 0.0),
            (IronMg, 0.0),
        ] {
            a.set(n, v);
        }
    }
    let l = compute_label(&r, format("ca.simpl.bi").unwrap()).unwrap();
    assert!(l.row("trans_fat_g").is_none());
    assert_eq!(
        l.row("saturated_plus_trans").unwrap().cells[0].percent,
        Some(5.0)
    );
    let t = texts(&svg(&l, &opts(1.0)).unwrap()).replace('|', " ");
    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(t.contains("Saturated / saturés 1 g 5%"), "{t}");
    assert!(t.contains("of trans fat, fibre,"), "{t}");
}

/// NOM-051's optional per-portion declaration beside the per-100 g one.
#[test]
fn the_mexican_table_with_portions_has_both_columns() {
    in_order("mx.tab.100-por", &["100 g", "25 g", "Energía", "Sodio"]);
}

/// Aggregate forms (FDR B.01.457; Brazil's, unconfirmed): one column per food, headed by its
/// name and its serving's weight.
#[test]
fn aggregate_tables_have_a_column_per_food() {
    in_order(
        "ca.aggr.kinds",
        &[
            "Oat biscuits",
            "25 g",
            "Ginger biscuits",
            "25 g",
            "Calories",
            "Fat / Lipides",
            "Iron / Fer",
        ],
    );
    in_order(
        "br.aggr",
        &[
            "Oat biscuits",
            "Ginger biscuits",
            "Valor energético",
            "Sódio",
        ],
    );
    check_golden("ca-aggr-kinds", "ca.aggr.kinds");
}
