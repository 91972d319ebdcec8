//! Multi-column US labels: per serving and per container (21 CFR 101.9(b)(12)(i)), as
//! packaged and as prepared (101.9(e)), the aggregate display (101.9(d)(13)(ii)), and what a
//! package allows and requires (101.9(b)(6), (b)(12), (d)(11)(iii), (j)(13)).

use super::{ing, recipe};
use crate::package::{self, Package, Use};
use crate::{compute_aggregate, compute_label, compute_label_with, Extras, Food, Label, Nutrient};

fn format(id: &str) -> &'static crate::Format {
    crate::format(id).unwrap()
}

/// 2.5 servings of 100 g: 10 g fat, 400 mg sodium, 30 g carbohydrate per 100 g.
fn snack() -> crate::RecipeInput {
    let mut r = recipe(
        2.5,
        None,
        vec![ing(
            "crackers",
            250.0,
            &[
                (Nutrient::Calories, 200.0),
                (Nutrient::TotalFatG, 10.0),
                (Nutrient::SodiumMg, 400.0),
                (Nutrient::TotalCarbohydrateG, 30.0),
                (Nutrient::CalciumMg, 130.0),
            ],
        )],
    );
    r.serving_size_text = Some("1 cup".into());
    r
}

fn cell(label: &Label, column: &str, key: &str) -> (String, Option<f64>) {
    let c = label.column(column).unwrap();
    let cell = &label.row(key).unwrap().cells[c];
    (cell.text.clone(), cell.percent)
}

#[test]
fn a_dual_package_label_declares_a_serving_and_the_container_each_with_its_dv() {
    let label = compute_label(&snack(), format("us.v.dual-pkg")).unwrap();
    assert_eq!(label.columns, ["per_serving", "per_container"]);
    assert_eq!(cell(&label, "per_serving", "calories").0, "200");
    assert_eq!(cell(&label, "per_container", "calories").0, "500");
    // 10 g fat per serving is 13 % of 78 g; 25 g per container is 32 %.
    assert_eq!(
        cell(&label, "per_serving", "total_fat_g"),
        ("10g".into(), Some(13.0))
    );
    assert_eq!(
        cell(&label, "per_container", "total_fat_g"),
        ("25g".into(), Some(32.0))
    );
    assert_eq!(
        cell(&label, "per_container", "sodium_mg"),
        ("1000mg".into(), Some(43.0))
    );
    let json = serde_json::to_value(&label).unwrap();
    assert_eq!(json["per_container"]["calories"], 500.0);
    assert_eq!(json["daily_values"]["per_serving"]["total_fat_g"], 13.0);
    assert_eq!(json["daily_values"]["per_container"]["total_fat_g"], 32.0);
    assert_eq!(json["display"]["per_container.total_fat_g"], "25g");
    let back: Label = serde_json::from_value(json).unwrap();
    assert_eq!(back, label);
}

#[test]
fn an_as_prepared_column_adds_the_preparation_share_of_a_serving() {
    let milk = ing(
        "milk",
        500.0,
        &[
            (Nutrient::Calories, 60.0),
            (Nutrient::TotalFatG, 3.0),
            (Nutrient::CalciumMg, 120.0),
        ],
    );
    let extras = Extras {
        prepared: std::slice::from_ref(&milk),
        ..Extras::default()
    };
    let label = compute_label_with(&snack(), format("us.v.dual-prep"), &extras).unwrap();
    // 500 g milk over 2.5 servings: 200 g per serving, 120 kcal, 6 g fat.
    assert_eq!(cell(&label, "as_packaged", "calories").0, "200");
    assert_eq!(cell(&label, "as_prepared", "calories").0, "320");
    assert_eq!(
        cell(&label, "as_prepared", "total_fat_g"),
        ("16g".into(), Some(21.0))
    );
    // The ingredient statement is the packaged food's.
    assert_eq!(label.ingredient_statement, "Crackers");
    let back: Label = serde_json::from_value(serde_json::to_value(&label).unwrap()).unwrap();
    assert_eq!(back, label);
    let err = compute_label(&snack(), format("us.v.dual-prep")).unwrap_err();
    assert!(err.to_string().contains("prepared.ingredients"), "{err}");
}

#[test]
fn an_aggregate_label_has_one_column_per_food() {
    let mut oats = recipe(
        2.0,
        Some(40.0),
        vec![ing(
            "oats",
            80.0,
            &[(Nutrient::Calories, 380.0), (Nutrient::TotalFatG, 7.0)],
        )],
    );
    oats.serving_size_text = Some("1/2 cup".into());
    let foods = [
        Food {
            name: "Crackers".into(),
            recipe: snack(),
        },
        Food {
            name: "Oats".into(),
            recipe: oats,
        },
    ];
    let label = compute_aggregate(&foods, format("us.aggr"), &Extras::default()).unwrap();
    assert_eq!(label.columns, ["food_1", "food_2"]);
    assert_eq!(cell(&label, "food_1", "calories").0, "200");
    // 40 g oats: 152 kcal → 150; 2.8 g fat → 3 g (nearest 0.5 g below 5 g), 4 %.
    assert_eq!(cell(&label, "food_2", "calories").0, "150");
    assert_eq!(
        cell(&label, "food_2", "total_fat_g"),
        ("3g".into(), Some(4.0))
    );
    assert_eq!(label.foods[1].name, "Oats");
    assert_eq!(label.display["food_2.serving_size"], "1/2 cup (40g)");
    assert_eq!(label.ingredient_statement, "Crackers: Crackers; Oats: Oats");
    let json = serde_json::to_value(&label).unwrap();
    assert_eq!(json["food_2"]["calories"], 150.0);
    assert_eq!(json["foods"][0]["column"], "food_1");
    let back: Label = serde_json::from_value(json).unwrap();
    assert_eq!(back, label);
    // No claims for the pack as a whole.
    assert!(crate::claims(&foods[0].recipe, &label).is_empty());
    let one = compute_aggregate(&foods[..1], format("us.aggr"), &Extras::default());
    assert!(one.unwrap_err().to_string().contains("2 to 6"));
    assert!(compute_label(&snack(), format("us.aggr")).is_err());
}

fn pkg(category: &str, net_g: f64) -> Package {
    Package {
        racc_category: Some(category.into()),
        net_quantity_g: Some(net_g),
        ..Package::default()
    }
}

fn standing(report: &package::PackageReport, format: &str) -> Use {
    report
        .layouts
        .iter()
        .find(|l| l.format == format)
        .unwrap()
        .standing
}

#[test]
fn the_dual_column_is_required_from_200_to_300_percent_of_the_racc() {
    // Cookies: RACC 30 g.
    let cases = [
        (59.97, Use::NotAllowed, true),
        (60.0, Use::Required, false),
        (90.0, Use::Required, false),
        (90.03, Use::Voluntary, false),
    ];
    for (net, dual, single) in cases {
        let r = package::assess(&pkg("bakery.cookies", net));
        assert_eq!(standing(&r, "us.v.dual-pkg"), dual, "{net} g");
        assert_eq!(r.single_serving, single, "{net} g");
        let chosen = package::choose(&r, |_| true);
        let expected = if dual == Use::Required {
            "us.v.dual-pkg"
        } else {
            "us.v"
        };
        assert_eq!(chosen.as_deref(), Some(expected), "{net} g");
        if dual == Use::Required {
            assert_eq!(r.required_formats, ["us.v.dual-pkg"]);
            assert_eq!(standing(&r, "us.v"), Use::NotAllowed);
        } else {
            assert!(r.required_formats.is_empty());
        }
    }
    // 199.9 % and 300.1 %, exactly.
    let p = package::assess(&pkg("bakery.cookies", 30.0 * 1.999));
    assert_eq!(standing(&p, "us.v.dual-pkg"), Use::NotAllowed);
    let p = package::assess(&pkg("bakery.cookies", 30.0 * 3.001));
    assert_eq!(standing(&p, "us.v.dual-pkg"), Use::Voluntary);
    assert_eq!(p.percent_of_racc.map(|x| (x * 10.0).round()), Some(3001.0));
}

#[test]
fn a_required_dual_column_that_is_not_available_chooses_nothing() {
    let r = package::assess(&pkg("bakery.cookies", 75.0));
    assert_eq!(package::choose(&r, |f| f != "us.v.dual-pkg"), None);
}

#[test]
fn small_areas_allow_tabular_and_linear_and_short_panels_forbid_the_vertical_display() {
    let area = |a: f64| Package {
        label_area_in2: Some(a),
        ..Package::default()
    };
    let big = package::assess(&area(40.1));
    assert_eq!(standing(&big, "us.tab"), Use::NotAllowed);
    assert_eq!(standing(&big, "us.lin"), Use::NotAllowed);
    assert_eq!(standing(&big, "us.v"), Use::Allowed);
    let small = package::assess(&area(40.0));
    assert_eq!(standing(&small, "us.tab"), Use::Allowed);
    assert_eq!(standing(&small, "us.lin"), Use::Allowed);
    assert!(!small.small_package_exemption_possible);
    assert!(package::assess(&area(11.9)).small_package_exemption_possible);
    assert!(!package::assess(&area(12.0)).small_package_exemption_possible);
    // The vertical display first where it fits.
    assert_eq!(package::choose(&small, |_| true).as_deref(), Some("us.v"));

    let short = Package {
        label_area_in2: Some(30.0),
        vertical_space_in: Some(2.9),
        ..Package::default()
    };
    let r = package::assess(&short);
    assert_eq!(standing(&r, "us.v"), Use::NotAllowed);
    assert_eq!(r.allowed_formats, ["us.tab", "us.lin"]);
    assert_eq!(package::choose(&r, |_| true).as_deref(), Some("us.tab"));
    // A catalog without the tabular display yet picks the linear one, then nothing.
    assert_eq!(
        package::choose(&r, |f| f != "us.tab").as_deref(),
        Some("us.lin")
    );
    assert_eq!(package::choose(&r, |f| f == "us.v"), None);
    let tall = Package {
        vertical_space_in: Some(3.0),
        ..short
    };
    assert_eq!(standing(&package::assess(&tall), "us.v"), Use::Allowed);
    // 250 % of the RACC on a small package: dual column allowed, not required.
    let small_dual = Package {
        label_area_in2: Some(30.0),
        ..pkg("bakery.cookies", 75.0)
    };
    let r = package::assess(&small_dual);
    assert_eq!(standing(&r, "us.v.dual-pkg"), Use::Allowed);
    assert!(r.required_formats.is_empty());
}

#[test]
fn a_package_is_validated_and_its_category_gives_the_claims_racc() {
    assert!(pkg("bakery.cookies", 60.0).validate().is_ok());
    let err = pkg("bakery.biscotti", 60.0).validate().unwrap_err();
    assert_eq!(err.field, "package.racc_category");
    let err = pkg("bakery.cookies", -1.0).validate().unwrap_err();
    assert_eq!(err.field, "package.net_quantity_g");
    assert_eq!(pkg("bakery.cookies", 60.0).racc_g(), Some(30.0));
    // A RACC in millilitres is no gram basis for claims, and needs the volume.
    let water = Package {
        racc_category: Some("beverages.carbonated_noncarbonated_water".into()),
        net_quantity_ml: Some(720.0),
        ..Package::default()
    };
    assert_eq!(water.racc_g(), None);
    let r = package::assess(&water);
    assert_eq!(r.percent_of_racc, Some(200.0));
    assert_eq!(standing(&r, "us.v.dual-pkg"), Use::Required);
    // A household-measure RACC decides no percentage.
    let butter = pkg("fats.butter_margarine_oil_shortening", 100.0);
    assert_eq!(package::assess(&butter).percent_of_racc, None);
}

#[test]
fn a_label_carries_its_package_report() {
    let p = pkg("bakery.cookies", 75.0);
    let extras = Extras {
        package: Some(&p),
        chosen: Some("us.v.dual-pkg".into()),
        ..Extras::default()
    };
    let label = compute_label_with(&snack(), format("us.v.dual-pkg"), &extras).unwrap();
    let json = serde_json::to_value(&label).unwrap();
    assert_eq!(json["package"]["required_formats"][0], "us.v.dual-pkg");
    assert_eq!(json["package"]["chosen"], "us.v.dual-pkg");
    assert_eq!(json["package"]["percent_of_racc"], 250.0);
    let back: Label = serde_json::from_value(json).unwrap();
    assert_eq!(back, label);
}

/// Issue 19, item 4: a liquid is declared per 100 ml where the format's law says so (EU
/// 1169/2011 Art. 32(2)): the per-100 column holds 100 ml's worth (100 × density grams)
/// and says so; per portion is unchanged; a format without that rule (US) ignores it.
#[test]
fn a_liquid_is_declared_per_100_ml_where_the_law_says_so() {
    use crate::{compute_label_with, Extras};
    let r = super::recipe(
        4.0,
        Some(250.0),
        vec![super::ing(
            "juice",
            1000.0,
            &[
                (Nutrient::Calories, 40.0),
                (Nutrient::TotalCarbohydrateG, 10.0),
                (Nutrient::TotalSugarsG, 9.0),
            ],
        )],
    );
    let liquid = Extras {
        liquid_density_g_per_ml: Some(1.05),
        ..Extras::default()
    };
    let solid = compute_label_with(&r, super::eu(), &Extras::default()).unwrap();
    let per_ml = compute_label_with(&r, super::eu(), &liquid).unwrap();
    assert!(!solid.per_100ml);
    assert!(per_ml.per_100ml);
    let kcal = |l: &crate::Label| l.display.get("per_100g.energy_kcal").cloned();
    assert_eq!(kcal(&solid).as_deref(), Some("40kcal"));
    assert_eq!(
        kcal(&per_ml).as_deref(),
        Some("42kcal"),
        "40 kcal/100 g × 1.05 g/ml"
    );
    assert_eq!(
        solid.display.get("per_portion.energy_kcal"),
        per_ml.display.get("per_portion.energy_kcal")
    );
    let json = serde_json::to_value(&per_ml).unwrap();
    assert_eq!(json["per_100ml"], true);
    let back: crate::Label = serde_json::from_value(json).unwrap();
    assert!(back.per_100ml);
    assert!(serde_json::to_value(&solid)
        .unwrap()
        .get("per_100ml")
        .is_none());
    let us = compute_label_with(&r, super::us(), &liquid).unwrap();
    assert!(!us.per_100ml);
}
