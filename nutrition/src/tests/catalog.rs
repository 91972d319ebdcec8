//! The data files: every one loads and validates; broken ones are refused naming the file;
//! a format added from data alone (a made-up regime with its own terms) computes its label.

use super::{one_serving, recipe};
use crate::Nutrient::*;
use crate::{catalog, compute_label, Catalog, Section};

#[test]
fn every_embedded_data_file_loads_and_validates() {
    let c = catalog().unwrap();
    assert_eq!(
        c.formats()
            .iter()
            .map(|f| f.id.as_str())
            .collect::<Vec<_>>(),
        [
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
            "us.v.simpl"
        ]
    );
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
    let text = Catalog::embedded_sources()
        .iter()
        .find(|s| s.1 == "us.json")
        .unwrap()
        .2;
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    edit(&mut v);
    let changed = serde_json::to_string(&v).unwrap();
    let mut sources: Vec<crate::catalog::Source<'_>> = Catalog::embedded_sources()
        .iter()
        .filter(|s| s.1 != "us.json")
        .copied()
        .collect();
    sources.push(("formats", "us.json", &changed));
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
        // significant (the US simplified format) are absent: the data gives neither.
        assert_eq!(
            label.rows.len(),
            f.rows
                .iter()
                .filter(|r| r.declare == crate::format::Declare::Always)
                .count(),
            "{}",
            f.id
        );
    }
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
