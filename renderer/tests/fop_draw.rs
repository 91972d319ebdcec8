//! Front-of-pack elements drawn: reference images of each (`tests/golden/fop/`, also copied
//! to `docs/fop/` for people to look at), colours where the law puts them, and the schemes we
//! cannot draw refused.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use nls_nutrition::fop::{evaluate, scheme, Category, Facts, FopResult, Product, State};
use nls_renderer::draw::fop;
use nls_renderer::draw::{Fonts, RenderOptions};

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

fn result(id: &str, per_100g: &[(&str, f64)], portion: f64, mut facts: Facts) -> FopResult {
    // Canada's symbol is judged per its own reference amount, here the portion.
    facts.reference_amount_g = facts.reference_amount_g.or(Some(portion));
    let p = Product {
        per_100g: per_100g
            .iter()
            .map(|(k, v)| (k.to_string(), *v))
            .collect::<BTreeMap<_, _>>(),
        portion_g: portion,
        reference_amount_g: Some(portion),
        facts,
    };
    evaluate(scheme(id).unwrap(), &p, "2026-06-01", true)
}

fn solid() -> Facts {
    Facts {
        state: Some(State::Solid),
        ..Facts::default()
    }
}

/// A snack high in everything the octagon schemes look at.
const SNACK: [(&str, f64); 7] = [
    ("calories", 520.0),
    ("total_fat_g", 30.0),
    ("saturated_fat_g", 12.0),
    ("trans_fat_g", 1.0),
    ("sodium_mg", 900.0),
    ("total_sugars_g", 30.0),
    ("added_sugars_g", 25.0),
];

/// Every element we draw, by reference-image name.
fn elements() -> Vec<(&'static str, FopResult)> {
    let mut mx = solid();
    mx.free_sugars_g_per_100g = Some(25.0);
    mx.non_nutritive_sweeteners = Some(true);
    mx.caffeine = Some(true);
    let mut ns = solid();
    ns.category = Some(Category::General);
    ns.fruit_vegetable_legume_pct = Some(10.0);
    let mut drink = Facts {
        state: Some(State::Liquid),
        density_g_per_ml: Some(1.0),
        non_nutritive_sweeteners: Some(false),
        lactose_galactose_g_per_100g: Some(0.0),
        ..Facts::default()
    };
    drink.category = Some(Category::Beverage);
    vec![
        ("cl-fop-alto", result("cl.fop.alto", &SNACK, 30.0, solid())),
        ("mx-fop-oct", result("mx.fop.oct", &SNACK, 30.0, mx.clone())),
        ("mx-fop-leg", result("mx.fop.leg", &SNACK, 30.0, mx)),
        ("ar-fop-oct", result("ar.fop.oct", &SNACK, 30.0, solid())),
        ("co-fop-oct", result("co.fop.oct", &SNACK, 30.0, solid())),
        ("pe-fop-oct", result("pe.fop.oct", &SNACK, 30.0, solid())),
        ("br-fop-lupa", result("br.fop.lupa", &SNACK, 30.0, solid())),
        (
            "ca-fop-h-bi",
            result("ca.fop.h.bi", &SNACK, 55.0, Facts::default()),
        ),
        (
            "uk-fop-tl",
            result(
                "uk.fop.tl",
                &[
                    ("calories", 400.0),
                    ("total_fat_g", 18.0),
                    ("saturated_fat_g", 4.0),
                    ("total_sugars_g", 20.0),
                    ("sodium_mg", 100.0),
                ],
                150.0,
                solid(),
            ),
        ),
        (
            "lk-fop-solid",
            result(
                "lk.fop.solid",
                &[
                    ("total_sugars_g", 25.0),
                    ("sodium_mg", 200.0),
                    ("total_fat_g", 2.0),
                ],
                100.0,
                solid(),
            ),
        ),
        (
            "eu-fop-nutriscore",
            result(
                "eu.fop.nutriscore",
                &[
                    ("energy_kj", 1500.0),
                    ("total_sugars_g", 12.0),
                    ("saturated_fat_g", 2.5),
                    ("sodium_mg", 400.0),
                    ("protein_g", 6.0),
                    ("dietary_fiber_g", 3.5),
                ],
                100.0,
                ns,
            ),
        ),
        (
            "sg-fop-ng",
            result(
                "sg.fop.ng",
                &[("total_sugars_g", 7.0), ("saturated_fat_g", 0.5)],
                250.0,
                drink,
            ),
        ),
    ]
}

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

/// Compares `fop/<name>.svg` exactly and `fop/<name>.png` with the label goldens'
/// tolerance; `NLS_REGENERATE_GOLDEN=1` writes them and the copies in `docs/fop/`.
#[test]
fn golden_front_of_pack_elements() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("tests/golden/fop");
    let docs = root.join("../docs/fop");
    let hint = "run NLS_REGENERATE_GOLDEN=1 cargo test -p nls-renderer --test fop_draw after an intended change";
    for (name, r) in elements() {
        assert!(!r.marks.is_empty(), "{name} has marks: {r:?}");
        let s = fop::svg(&r, &opts()).unwrap();
        let p = fop::png(&r, fonts(), &opts()).unwrap();
        let (svg_path, png_path) = (
            dir.join(format!("{name}.svg")),
            dir.join(format!("{name}.png")),
        );
        if std::env::var_os("NLS_REGENERATE_GOLDEN").is_some() {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::create_dir_all(&docs).unwrap();
            std::fs::write(&svg_path, &s).unwrap();
            std::fs::write(&png_path, &p).unwrap();
            let doc = fop::png(
                &r,
                fonts(),
                &RenderOptions {
                    scale: 2.0,
                    ..opts()
                },
            )
            .unwrap();
            std::fs::write(docs.join(format!("{name}.png")), doc).unwrap();
            continue;
        }
        let want_svg = std::fs::read_to_string(&svg_path)
            .unwrap_or_else(|_| panic!("missing {svg_path:?}; {hint}"));
        assert!(
            want_svg == s,
            "{name}.svg differs from the reference; {hint}"
        );
        let want =
            std::fs::read(&png_path).unwrap_or_else(|_| panic!("missing {png_path:?}; {hint}"));
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
}

fn pixel(png: &[u8], x: u32, y: u32) -> [u8; 3] {
    let (w, _, p) = decode(png);
    p[(y * w + x) as usize]
}

#[test]
fn octagons_are_black_with_white_words_and_say_them() {
    let r = result("cl.fop.alto", &SNACK, 30.0, solid());
    let p = fop::png(&r, fonts(), &opts()).unwrap();
    // First seal: the square 8..94; its corner band (just inside the top edge, middle) is black.
    assert_eq!(pixel(&p, 51, 9), [0, 0, 0], "black octagon edge");
    assert_eq!(
        pixel(&p, 51, 12),
        [255, 255, 255],
        "the white ring inside it"
    );
    // Outside the octagon's cut corner: white.
    assert_eq!(pixel(&p, 9, 9), [255, 255, 255], "cut corner");
    let s = fop::svg(&r, &opts()).unwrap();
    assert!(
        s.contains("ALTO EN SODIO"),
        "the aria-label reads the seals"
    );
    // The words are text in white (not glyph outlines): three shapes per seal and no more.
    assert!(
        s.contains(" fill=\"#ffffff\">ALTO EN</text>"),
        "white words set as text"
    );
    assert!(s.contains(" fill=\"#ffffff\">MINISTERIO DE SALUD</text>"));
    assert_eq!(
        s.matches("<path").count(),
        3 * 4,
        "octagon, ring, inner octagon per seal"
    );
}

#[test]
fn uk_tiles_print_amounts_as_the_label_rounds_them() {
    // Sugars 33.27 g per 100 g in a 150 g portion: 49.905 g, printed "50g" as the nutrition
    // table prints it (EU 2012 guidance, which UK labels follow), not "49.9g".
    let r = result(
        "uk.fop.tl",
        &[
            ("calories", 199.7),
            ("total_fat_g", 1.56),
            ("saturated_fat_g", 0.05),
            ("total_sugars_g", 33.27),
            ("sodium_mg", 2.0),
        ],
        150.0,
        solid(),
    );
    let s = fop::svg(&r, &opts()).unwrap();
    for printed in [">300kcal<", ">2.3g<", "><0.1g<", ">50g<", "><0.01g<"] {
        let printed = printed.replace("><", ">&lt;");
        assert!(s.contains(&printed), "{printed} in {s}");
    }
    assert!(!s.contains("49.9g"));
}

#[test]
fn uk_boxes_carry_their_colours() {
    let (_, r) = elements()
        .into_iter()
        .find(|(n, _)| *n == "uk-fop-tl")
        .unwrap();
    let p = fop::png(&r, fonts(), &opts()).unwrap();
    let (w, h, px) = decode(&p);
    assert!(h > 80 && w == 290);
    let has = |c: [u8; 3]| px.contains(&c);
    assert!(has([0xe3, 0x1b, 0x23]), "a red box (fat, sugars)");
    assert!(has([0xf5, 0xa6, 0x23]), "an amber box (saturates)");
    assert!(has([0x6c, 0xbd, 0x45]), "a green box (salt)");
}

#[test]
fn nutriscore_raises_the_products_letter() {
    let (_, r) = elements()
        .into_iter()
        .find(|(n, _)| *n == "eu-fop-nutriscore")
        .unwrap();
    let s = fop::svg(&r, &opts()).unwrap();
    assert!(
        s.contains("Nutri-Score C") || s.contains("Nutri-Score D"),
        "{s:.200}"
    );
    let pdf = fop::pdf(&r, fonts(), &opts()).unwrap();
    assert!(pdf.starts_with(b"%PDF"));
}

#[test]
fn schemes_without_a_confirmed_printed_form_are_refused() {
    let r = result("il.fop.red", &SNACK, 30.0, solid());
    assert!(fop::svg(&r, &opts()).is_err());
    let r = result("ec.fop.sem", &SNACK, 30.0, solid());
    assert!(fop::png(&r, fonts(), &opts()).is_err());
}
