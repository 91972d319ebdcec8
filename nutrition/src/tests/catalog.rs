//! The data files: every one loads and validates; broken ones are refused naming the file;
//! a format added from data alone (a made-up regime with its own terms) computes its label.

use super::{one_serving, recipe};
use crate::Nutrient::*;
use crate::{catalog, compute_label, Catalog, Section};

#[test]
fn every_embedded_data_file_loads_and_validates() {
    let c = catalog().unwrap();
    let ids: Vec<&str> = c.formats().iter().map(|f| f.id.as_str()).collect();
    for id in [
        "eu.tab.ri",
        "uk.tab",
        "us.aggr",
        "us.v",
        "us.lin",
        "us.tab",
        "us.v.child13",
        "us.v.dual-pkg",
        "us.v.dual-prep",
        "us.v.en-es",
        "us.v.infant",
        "us.v.simpl",
        "eu.tab.de",
        "eu.tab.el",
        "eu.tab.bg",
        "eu.tab.nl-fr-de",
        "ch.tab.de",
        "tr.tab",
        // Issue 19: linear forms, %RI tables, paired, split and %DI formats.
        "eu.lin.de",
        "eu.lin.fr",
        "eu.lin.el",
        "eu.tab.ri.de",
        "eu.tab.ri.fr",
        "ca.std.pair",
        "ca.hor.bi",
        "ca.hor.pair",
        "ca.lin.bi",
        "br.hor",
        "br.lin",
        "mer.hor",
        "mer.lin",
        "mx.tab.100-por",
        "co.lin",
        "anz.nip.di",
        "eaeu.text.ru",
        "id.ing.lin",
        "cn.b2",
        "cn.b3",
        "cn.b4",
        "cn.b5",
        "hk.v.zh",
        "hk.v.bi",
        "jp.f3",
        "kr.pkg",
        "kr.unit",
    ] {
        assert!(ids.contains(&id), "{id} not in the catalog");
    }
    let files: Vec<&str> = Catalog::embedded_sources().iter().map(|s| s.1).collect();
    for expected in [
        "us.json",
        "eu.json",
        "uk.json",
        "us-fda.json",
        "eu-1169.json",
    ] {
        assert!(files.contains(&expected), "{expected} not embedded");
    }
    // Every terms table and regime is used by a format; every format has its terms.
    for t in c.terms() {
        assert!(
            c.formats().iter().any(|f| f.terms.iter().any(|ft| ft == t)),
            "terms {}.{} unused",
            t.language,
            t.regime
        );
    }
    for f in c.formats() {
        assert_eq!(f.terms.len(), f.languages.len());
        assert!(c.layouts().contains_key(&f.layout));
        assert!(!f.citation.instrument.is_empty());
        for row in &f.rows {
            assert!(!f.row_name(row).is_empty(), "{} {}", f.id, row.key);
        }
    }
}

/// The US format with one edit to its JSON text.
fn us_with(edit: impl FnOnce(&mut serde_json::Value)) -> Result<Catalog, crate::DataError> {
    edited("formats", "us.json", edit)
}

/// The embedded catalog with one edit to the JSON text of the data file `name` of `kind`.
pub(super) fn edited(
    kind: &str,
    name: &str,
    edit: impl FnOnce(&mut serde_json::Value),
) -> Result<Catalog, crate::DataError> {
    let text = Catalog::embedded_sources()
        .iter()
        .find(|s| s.1 == name)
        .unwrap()
        .2;
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    let changed = serde_json::to_string(&v).unwrap();
    let mut sources: Vec<crate::catalog::Source<'_>> = Catalog::embedded_sources()
        .iter()
        .filter(|s| s.1 != name)
        .copied()
        .collect();
    sources.push((kind, name, &changed));
    Catalog::load(&sources)
}

/// An edit of a format file's JSON.
type Edit = Box<dyn FnOnce(&mut serde_json::Value)>;

#[test]
fn broken_format_files_are_refused_naming_the_file_and_the_problem() {
    let cases: Vec<(Edit, &str)> = vec![
        (
            Box::new(|v| v["rows"][1]["rounding"] = "round_to_taste".into()),
            "unknown rounding rule \"round_to_taste\"",
        ),
        (
            Box::new(|v| v["countries"] = serde_json::json!(["usa"])),
            "ISO 3166-1",
        ),
        (
            Box::new(|v| v["layout"] = "spiral".into()),
            "unknown layout \"spiral\"",
        ),
        (
            Box::new(|v| v["languages"] = serde_json::json!(["en", "fr"])),
            "no terms for language \"fr\"",
        ),
        (
            Box::new(|v| v["rows"][1]["reference"] = serde_json::Value::Null),
            "a percentage rule needs a reference value",
        ),
        (
            Box::new(|v| v["aliases"] = serde_json::json!(["standard", "eu-1169"])),
            "format id \"eu-1169\" is taken",
        ),
        (
            Box::new(|v| v["plan"] = "gold".into()),
            "plan must be one of",
        ),
        (
            Box::new(|v| v["colour"] = "red".into()),
            "unknown field `colour`",
        ),
        (
            Box::new(|v| v["rows"][1]["term"] = "fat_total".into()),
            "lack \"nutrient.fat_total\"",
        ),
    ];
    for (edit, want) in cases {
        let e = us_with(edit).unwrap_err();
        assert_eq!(e.file, "formats/us.json");
        assert!(e.to_string().contains(want), "{e} lacks {want:?}");
    }
}

/// A made-up regime: its own allergen rules and terms, a two-column format in an existing
/// layout. A test fixture, not a real regime: its reference values are invented.
pub const DEMO_REGIME: &str = include_str!("../../tests/fixtures/demo-format/zz-demo.regime.json");

/// The demo regime's printed words (Esperanto, so no real regime's words are borrowed).
pub const DEMO_TERMS: &str = include_str!("../../tests/fixtures/demo-format/eo.zz-demo.terms.json");

/// The demo format.
pub const DEMO_FORMAT: &str = include_str!("../../tests/fixtures/demo-format/zz.format.json");

/// The embedded catalog plus the demo regime, terms and format.
pub fn demo_catalog() -> Catalog {
    Catalog::with(&[
        ("regimes", "zz-demo.json", DEMO_REGIME),
        ("terms", "eo.zz-demo.json", DEMO_TERMS),
        ("formats", "zz.json", DEMO_FORMAT),
    ])
    .unwrap()
}

#[test]
fn a_format_added_from_data_alone_computes_its_two_columns_and_its_regime_statements() {
    let c = demo_catalog();
    let f = c.format("zz.tab").unwrap();
    assert_eq!(
        f.rows
            .iter()
            .filter(|r| r.style.section == Section::Main)
            .count(),
        4
    );
    let mut r = recipe(
        4.0,
        Some(50.0),
        vec![
            super::ing(
                "peanut butter",
                150.0,
                &[
                    (Calories, 600.0),
                    (TotalFatG, 50.0),
                    (TotalSugarsG, 9.0),
                    (SodiumMg, 400.0),
                ],
            ),
            super::ing_with(
                "milk",
                50.0,
                &[crate::Allergen::Milk, crate::Allergen::Eggs],
            ),
        ],
    );
    r.ingredients[0].allergens = [crate::Allergen::Peanuts].into_iter().collect();
    let label = compute_label(&r, f).unwrap();
    assert_eq!(label.format, "zz.tab");
    assert_eq!(label.columns, ["per_100g", "per_serving"]);
    // 150 g × 600 kcal/100 g + 50 g × 100 kcal/100 g = 950 kcal in 200 g.
    assert_eq!(label.declared_in("per_100g", "energy_kcal"), Some(475.0));
    assert_eq!(label.declared_in("per_serving", "energy_kcal"), Some(238.0));
    assert_eq!(label.display["per_serving.sodium_mg"], "150mg");
    assert_eq!(label.percents()["energy_kcal"], 12.0);
    // The regime's own allergen list (eggs are not declared) and Contains order and words.
    assert_eq!(
        label.allergens.iter().map(|a| a.code()).collect::<Vec<_>>(),
        ["milk", "peanuts"]
    );
    assert_eq!(
        label.contains_statement.as_deref(),
        Some("Enhavas: arakidoj, lakto")
    );
    assert_eq!(
        label.ingredient_statement_html.as_deref(),
        Some("<b>Peanut</b> butter, <b>milk</b>")
    );
    let json = serde_json::to_value(&label).unwrap();
    assert_eq!(json["per_serving"]["fat_g"], 19.0);
    assert_eq!(json["reference_value_pct"]["sodium_mg"], 8.0);
}

#[test]
fn one_serving_recipes_still_compute_in_every_embedded_format() {
    for f in catalog().unwrap().formats() {
        let food = one_serving(&[(Calories, 120.0), (SodiumMg, 300.0)]);
        // A format with an as-prepared column or one column per food needs more than a recipe.
        let label = if f.has_food_columns() {
            let foods: Vec<crate::Food> = ["a", "b"]
                .iter()
                .map(|n| crate::Food {
                    name: n.to_string(),
                    recipe: food.clone(),
                })
                .collect();
            crate::compute_aggregate(&foods, f, &crate::Extras::default()).unwrap()
        } else if f.has_prepared_column() {
            let added = food.ingredients.clone();
            let extras = crate::Extras {
                prepared: &added,
                ..crate::Extras::default()
            };
            crate::compute_label_with(&food, f, &extras).unwrap()
        } else {
            compute_label(&food, f).unwrap()
        };
        // Rows declared when the data knows them (EU fibre, US voluntary nutrients) or when
        // significant (the simplified formats) are absent: the data gives neither, but for
        // sodium, whose 300 mg is significant; a sum goes with its parts (both absent).
        use crate::format::Declare;
        assert_eq!(
            label.rows.len(),
            f.rows
                .iter()
                .filter(|r| r.declare == Declare::Always
                    || (r.declare == Declare::WhenSignificant && r.key.starts_with("sodium")))
                .count(),
            "{}",
            f.id
        );
    }
}

/// A layout's words printed only with the ingredient list's HTML (`eu-linear`'s
/// "Ingredients:") are needed only by formats whose labels carry that HTML: `cn.b5` runs its
/// declaration in without an ingredient heading, `eu.lin` cannot lose it.
#[test]
fn the_ingredient_heading_is_needed_only_where_the_ingredient_list_is_printed() {
    let c = catalog().unwrap();
    let cn = c.format("cn.b5").unwrap();
    assert_eq!(cn.layout, "eu-linear");
    assert!(!cn.json.ingredient_statement_html);
    assert_eq!(cn.primary_terms().get("ingredients"), None);
    let en = Catalog::embedded_sources()
        .iter()
        .find(|s| s.0 == "terms" && s.1 == "en.eu-1169.json")
        .unwrap()
        .2;
    let mut v: serde_json::Value = serde_json::from_str(en).unwrap();
    v["terms"].as_object_mut().unwrap().remove("ingredients");
    let changed = serde_json::to_string(&v).unwrap();
    let sources: Vec<crate::catalog::Source<'_>> = Catalog::embedded_sources()
        .iter()
        .filter(|s| s.1 != "en.eu-1169.json")
        .copied()
        .chain([("terms", "en.eu-1169.json", changed.as_str())])
        .collect();
    let e = Catalog::load(&sources).unwrap_err();
    assert!(e.to_string().contains("lack \"ingredients\""), "{e}");
}

#[test]
fn a_bilingual_format_prints_each_language_in_its_order() {
    let second = DEMO_TERMS
        .replace("\"language\": \"eo\"", "\"language\": \"io\"")
        .replace("Nutraj valoroj", "Nutrala valori");
    let format = DEMO_FORMAT.replace("\"languages\": [\"eo\"]", "\"languages\": [\"eo\", \"io\"]");
    let c = Catalog::with(&[
        ("regimes", "zz-demo.json", DEMO_REGIME),
        ("terms", "eo.zz-demo.json", DEMO_TERMS),
        ("terms", "io.zz-demo.json", &second),
        ("formats", "zz.json", &format),
    ])
    .unwrap();
    let f = c.format("zz.tab").unwrap();
    assert_eq!(f.term("title"), "Nutraj valoroj / Nutrala valori");
    assert_eq!(
        f.terms
            .iter()
            .map(|t| t.language.as_str())
            .collect::<Vec<_>>(),
        ["eo", "io"]
    );
}

/// FSANZ Std 1.2.8—8(3)(a): the percentage daily intake per serving from the reference values
/// of the Standard (8 700 kJ, protein 50 g, fat 70 g, saturated fatty acids 24 g,
/// carbohydrate 310 g, sodium 2 300 mg, sugars 90 g), on the per-serving column only.
#[test]
fn the_anz_daily_intake_percentages_use_the_standards_reference_values() {
    let f = catalog().unwrap().format("anz.nip.di").unwrap();
    // Substances of S11—2(3) (1.2.8—6(9)), fatty acids, cholesterol and potassium have no
    // reference value in 1.2.8—8(3)(a).
    let refs: Vec<(&str, f64)> = f
        .rows
        .iter()
        .filter_map(|r| r.daily_value().map(|v| (r.key.as_str(), v)))
        .collect();
    assert!(f
        .rows
        .iter()
        .filter(|r| r.declare == crate::format::Declare::Together)
        .all(|r| r.reference.is_none()));
    assert_eq!(
        refs,
        [
            ("energy_kj", 8700.0),
            ("protein_g", 50.0),
            ("fat_g", 70.0),
            ("saturates_g", 24.0),
            ("carbohydrate_g", 310.0),
            ("sugars_g", 90.0),
            ("fibre_g", 30.0),
            ("sodium_mg", 2300.0)
        ]
    );
    let food = one_serving(&[(Calories, 120.0), (ProteinG, 10.0), (SodiumMg, 460.0)]);
    let label = compute_label(&food, f).unwrap();
    // 10 g of 50 g; 460 mg of 2 300 mg.
    assert_eq!(label.percents()["protein_g"], 20.0);
    assert_eq!(label.percents()["sodium_mg"], 20.0);
    let protein = label.row("protein_g").unwrap();
    assert!(protein.cells[0].percent.is_some() && protein.cells[1].percent.is_none());
}

/// Each EU linear form declares what its language's table declares, with the same status
/// (a draft where the table's terms are unconfirmed).
#[test]
fn every_eu_linear_form_matches_its_table() {
    let c = catalog().unwrap();
    for linear in c.formats().iter().filter(|f| f.id.starts_with("eu.lin.")) {
        let table = c
            .format(&linear.id.replace("eu.lin.", "eu.tab."))
            .unwrap_or_else(|| panic!("{} has no table", linear.id));
        assert_eq!(linear.rows, table.rows, "{}", linear.id);
        assert_eq!(linear.status, table.status, "{}", linear.id);
        assert_eq!(linear.languages, table.languages, "{}", linear.id);
        assert!(linear.citation.article.contains("34(2)"), "{}", linear.id);
    }
}

#[test]
fn every_eu_energy_repeat_is_its_tables_energy_line_and_never_a_default() {
    let c = catalog().unwrap();
    let repeats: Vec<&crate::Format> = c
        .formats()
        .iter()
        .filter(|f| f.id.starts_with("eu.fop.e"))
        .collect();
    // English plus every language with its own table (FORMATS.md §4 #31: any EU language).
    assert_eq!(repeats.len(), 25);
    for repeat in repeats {
        // `eu.fop.e` is English; `eu.fop.e.de` repeats `eu.tab.de`.
        let table_id = match repeat.id.strip_prefix("eu.fop.e") {
            Some("") => "eu.tab.en".to_string(),
            Some(lang) => format!("eu.tab{lang}"),
            None => unreachable!(),
        };
        let table = c
            .format(&table_id)
            .unwrap_or_else(|| panic!("{} has no table", repeat.id));
        let keys: Vec<&str> = repeat.rows.iter().map(|r| r.key.as_str()).collect();
        assert_eq!(keys, ["energy_kj", "energy_kcal"], "{}", repeat.id);
        assert_eq!(repeat.rows[..], table.rows[..2], "{}", repeat.id);
        assert_eq!(repeat.status, table.status, "{}", repeat.id);
        assert_eq!(repeat.countries, table.countries, "{}", repeat.id);
        assert_eq!(repeat.role, crate::Role::FrontOfPackRepeat, "{}", repeat.id);
        assert!(repeat.citation.article.contains("30(3)"), "{}", repeat.id);
        let formats: Vec<&crate::Format> = c.formats().iter().collect();
        for country in &repeat.countries {
            let default = crate::countries::default_format(country, &formats);
            assert_ne!(
                default.map(|f| f.role),
                Some(crate::Role::FrontOfPackRepeat),
                "{country}"
            );
        }
    }
}

/// Issue 26, item 8: no regime borrows another's rule silently. Outside the US family, no
/// data file (format, regime, terms, front-of-pack scheme) cites US law (21 CFR, 21 U.S.C.),
/// uses the US RACC or a US rounding rule (`cfr_…`), or prints the US "Contains" wording.
/// A file that compares itself with US law must say so in words the check can tell apart
/// (it does not today; if one ever must, list it here with why).
#[test]
fn no_data_outside_the_us_family_cites_or_borrows_us_rules() {
    const US_ONLY: [&str; 5] = [
        "21 CFR",
        "21 U.S.C",
        "RACC",
        "\"cfr_",
        "Crustacean Shellfish",
    ];
    let us_family = |text: &str| {
        let v: serde_json::Value = serde_json::from_str(text).expect("data file parses");
        v["regime"] == "us-fda"
            || v["id"] == "us-fda"
            || v["markets"].to_string().contains("\"US\"")
    };
    let mut borrowed: Vec<String> = Vec::new();
    let fop: Vec<(&str, &str)> = crate::fop::data::FILES.to_vec();
    let files = crate::catalog::Catalog::embedded_sources()
        .iter()
        .map(|(kind, name, text)| (format!("{kind}/{name}"), *text))
        .chain(
            fop.iter()
                .map(|(name, text)| (format!("fop/{name}"), *text)),
        );
    for (name, text) in files {
        if name.starts_with("layouts") || us_family(text) {
            continue;
        }
        for word in US_ONLY {
            if text.contains(word) {
                borrowed.push(format!("{name}: {word}"));
            }
        }
    }
    assert!(
        borrowed.is_empty(),
        "US-only wording outside the US family: {borrowed:#?}"
    );
}
