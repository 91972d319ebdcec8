//! Canada in force (issue 26 item 1): every amount and % Daily Value of the Nutrition Facts
//! table rounded as column 4 of the table to FDR B.01.401 says (C.R.C., c. 870,
//! consolidated 2026-06-15, Justice Canada's official XML), item by item at each band's
//! edges; the combined saturated + trans percentage of item 6; the words of column 2, the
//! title and the interpretative statement of item 16 in both languages.
//!
//! Each test computes a one-serving label in `ca.std.bi` whose serving holds exactly the
//! amount under test, so the test goes through the format's data (its rounding ids, daily
//! values and percentage rules), not only the rounding function.

use super::one_serving;
use crate::rounding::*;
use crate::{compute_label, Label, Nutrient, Nutrient::*};

fn canada() -> &'static crate::Format {
    crate::format("ca.std.bi").unwrap()
}

/// The label of one serving holding exactly `amounts`.
fn label(amounts: &[(Nutrient, f64)]) -> Label {
    compute_label(&one_serving(amounts), canada()).unwrap()
}

/// The declared amount and percentage of `key` for one serving of `amount` of `n`.
fn declared(n: Nutrient, amount: f64, key: &str) -> (f64, Option<f64>) {
    let l = label(&[(n, amount)]);
    let cell = &l.row(key).unwrap().cells[0];
    (cell.amount, cell.percent)
}

fn amount(n: Nutrient, x: f64, key: &str) -> f64 {
    declared(n, x, key).0
}

fn percent(n: Nutrient, x: f64, key: &str) -> f64 {
    declared(n, x, key).1.unwrap()
}

#[test]
fn b01_401_item_1_serving_metric_size_tenths_below_10_then_whole() {
    // Column 4(1): less than 10 g → multiple of 0.1 g; 10 g or more → multiple of 1 g.
    assert_eq!(ca_fdr_b01_401_item_1_serving(9.94), 9.9);
    assert_eq!(ca_fdr_b01_401_item_1_serving(9.95), 10.0);
    assert_eq!(ca_fdr_b01_401_item_1_serving(10.0), 10.0);
    assert_eq!(ca_fdr_b01_401_item_1_serving(10.4), 10.0);
    assert_eq!(ca_fdr_b01_401_item_1_serving(24.5), 25.0);
}

#[test]
fn b01_401_item_2_energy_1_then_5_then_10_calories() {
    // (a)(ii) less than 5 → multiple of 1 ("free of energy" conditions not held);
    // (b) 5 to 50 → 5; (c) more than 50 → 10. Calories from fat 9 kcal/g: 4.4 Cal = 0.4889 g.
    let e = |kcal: f64| amount(TotalFatG, kcal / 9.0, "energy_kcal");
    assert_eq!(e(4.4), 4.0);
    assert_eq!(e(4.6), 5.0);
    assert_eq!(e(5.0), 5.0);
    assert_eq!(e(47.4), 45.0);
    assert_eq!(e(47.6), 50.0);
    assert_eq!(e(50.0), 50.0);
    assert_eq!(e(54.9), 50.0);
    assert_eq!(e(55.1), 60.0);
    // Energy has no percentage (column 3).
    assert_eq!(declared(TotalFatG, 1.0, "energy_kcal").1, None);
}

#[test]
fn b01_401_item_3_fat_tenths_halves_then_grams_and_its_percent() {
    // (1)(a)(ii) < 0.5 g → 0.1 g; (b) 0.5 to 5 g → 0.5 g; (c) > 5 g → 1 g. The issue's
    // "Fat / Lipides 5.4g" is "5 g".
    assert_eq!(amount(TotalFatG, 0.44, "fat_g"), 0.4);
    assert_eq!(amount(TotalFatG, 0.49, "fat_g"), 0.5);
    assert_eq!(amount(TotalFatG, 0.5, "fat_g"), 0.5);
    assert_eq!(amount(TotalFatG, 0.74, "fat_g"), 0.5);
    assert_eq!(amount(TotalFatG, 0.75, "fat_g"), 1.0);
    assert_eq!(amount(TotalFatG, 5.0, "fat_g"), 5.0);
    assert_eq!(amount(TotalFatG, 5.4, "fat_g"), 5.0);
    assert_eq!(amount(TotalFatG, 5.5, "fat_g"), 6.0);
    // (2) the percentage: the nearest 1 % of 75 g (the declared 5 g is 6.67 %).
    assert_eq!(percent(TotalFatG, 5.4, "fat_g"), 7.0);
    assert_eq!(percent(TotalFatG, 37.5, "fat_g"), 51.0); // 38 g declared
                                                         // (2)(a) declared 0 g → 0 %.
    assert_eq!(declared(TotalFatG, 0.0, "fat_g"), (0.0, Some(0.0)));
}

#[test]
fn b01_401_item_4_saturated_fat_tenths_halves_then_grams_no_percent_of_its_own() {
    assert_eq!(amount(SaturatedFatG, 0.24, "saturates_g"), 0.2);
    assert_eq!(amount(SaturatedFatG, 0.5, "saturates_g"), 0.5);
    assert_eq!(amount(SaturatedFatG, 2.24, "saturates_g"), 2.0);
    assert_eq!(amount(SaturatedFatG, 2.25, "saturates_g"), 2.5);
    assert_eq!(amount(SaturatedFatG, 5.0, "saturates_g"), 5.0);
    assert_eq!(amount(SaturatedFatG, 5.6, "saturates_g"), 6.0);
    // Column 3: grams only; its percentage is item 6's.
    assert_eq!(declared(SaturatedFatG, 3.0, "saturates_g").1, None);
}

#[test]
fn b01_401_item_5_trans_fat_tenths_halves_then_grams_no_percent_of_its_own() {
    assert_eq!(amount(TransFatG, 0.05, "trans_fat_g"), 0.1);
    assert_eq!(amount(TransFatG, 0.04, "trans_fat_g"), 0.0);
    assert_eq!(amount(TransFatG, 0.5, "trans_fat_g"), 0.5);
    assert_eq!(amount(TransFatG, 5.1, "trans_fat_g"), 5.0);
    assert_eq!(declared(TransFatG, 0.3, "trans_fat_g").1, None);
}

#[test]
fn b01_401_item_6_saturated_plus_trans_one_percent_of_the_sum() {
    // The sum of the declared amounts against its daily value (20 g), nearest 1 %.
    let l = label(&[(SaturatedFatG, 2.2), (TransFatG, 0.3)]);
    // 2.0 g + 0.3 g = 2.3 g: 11.5 % → 12 %.
    assert_eq!(l.row("saturates_g").unwrap().cells[0].amount, 2.0);
    assert_eq!(l.row("trans_fat_g").unwrap().cells[0].amount, 0.3);
    let sum = &l.row("saturated_plus_trans").unwrap().cells[0];
    assert_eq!(sum.amount, 2.3);
    assert_eq!(sum.percent, Some(12.0));
    // (a) both declared "0 g" → 0 %, however close the unrounded sum comes to 0.1 g.
    let l = label(&[(SaturatedFatG, 0.04), (TransFatG, 0.04)]);
    assert_eq!(
        l.row("saturated_plus_trans").unwrap().cells[0].percent,
        Some(0.0)
    );
    // Above 5 g each is whole grams, and the sum follows: 6 g + 1 g = 7 g → 35 %.
    let l = label(&[(SaturatedFatG, 5.6), (TransFatG, 0.96)]);
    assert_eq!(
        l.row("saturated_plus_trans").unwrap().cells[0].percent,
        Some(35.0)
    );
}

#[test]
fn b01_401_item_7_cholesterol_multiple_of_5_mg_no_percent() {
    assert_eq!(amount(CholesterolMg, 2.4, "cholesterol_mg"), 0.0);
    assert_eq!(amount(CholesterolMg, 2.5, "cholesterol_mg"), 5.0);
    assert_eq!(amount(CholesterolMg, 12.4, "cholesterol_mg"), 10.0);
    assert_eq!(amount(CholesterolMg, 12.5, "cholesterol_mg"), 15.0);
    // Column 3(b): the percentage "may also be expressed"; the Directory's table shows none.
    assert_eq!(declared(CholesterolMg, 30.0, "cholesterol_mg").1, None);
}

#[test]
fn b01_401_item_8_sodium_1_then_5_then_10_mg_and_its_percent() {
    assert_eq!(amount(SodiumMg, 4.4, "sodium_mg"), 4.0);
    assert_eq!(amount(SodiumMg, 4.6, "sodium_mg"), 5.0);
    assert_eq!(amount(SodiumMg, 137.4, "sodium_mg"), 135.0);
    assert_eq!(amount(SodiumMg, 140.0, "sodium_mg"), 140.0);
    assert_eq!(amount(SodiumMg, 144.9, "sodium_mg"), 140.0);
    assert_eq!(amount(SodiumMg, 145.0, "sodium_mg"), 150.0);
    // B.01.401(1.2): a mineral's percentage from the rounded amount: 345 mg is 350 mg,
    // 15.2 % of 2 300 mg → 15 %.
    assert_eq!(percent(SodiumMg, 345.0, "sodium_mg"), 15.0);
    assert_eq!(percent(SodiumMg, 0.0, "sodium_mg"), 0.0);
}

#[test]
fn b01_401_item_9_carbohydrate_zero_below_half_a_gram_then_whole_no_percent() {
    assert_eq!(amount(TotalCarbohydrateG, 0.49, "carbohydrate_g"), 0.0);
    assert_eq!(amount(TotalCarbohydrateG, 0.5, "carbohydrate_g"), 1.0);
    assert_eq!(amount(TotalCarbohydrateG, 18.5, "carbohydrate_g"), 19.0);
    assert_eq!(declared(TotalCarbohydrateG, 30.0, "carbohydrate_g").1, None);
}

#[test]
fn b01_401_item_10_fibre_zero_below_half_a_gram_then_whole_and_its_percent() {
    assert_eq!(declared(DietaryFiberG, 0.49, "fibre_g"), (0.0, Some(0.0)));
    assert_eq!(amount(DietaryFiberG, 0.5, "fibre_g"), 1.0);
    // 1 g of 28 g: 3.57 % → 4 %.
    assert_eq!(percent(DietaryFiberG, 0.6, "fibre_g"), 4.0);
    assert_eq!(percent(DietaryFiberG, 7.0, "fibre_g"), 25.0);
}

#[test]
fn b01_401_item_11_sugars_zero_below_half_a_gram_then_whole_and_its_percent() {
    assert_eq!(declared(TotalSugarsG, 0.49, "sugars_g"), (0.0, Some(0.0)));
    assert_eq!(amount(TotalSugarsG, 14.5, "sugars_g"), 15.0);
    // 15 g of 100 g.
    assert_eq!(percent(TotalSugarsG, 14.5, "sugars_g"), 15.0);
}

#[test]
fn b01_401_item_12_protein_tenths_below_half_a_gram_then_whole_no_percent() {
    // (a) less than 0.5 g → 0.1 g (no "0" rule); (b) 0.5 g or more → 1 g.
    assert_eq!(amount(ProteinG, 0.26, "protein_g"), 0.3);
    assert_eq!(amount(ProteinG, 0.49, "protein_g"), 0.5);
    assert_eq!(amount(ProteinG, 0.5, "protein_g"), 1.0);
    assert_eq!(amount(ProteinG, 2.4, "protein_g"), 2.0);
    assert_eq!(declared(ProteinG, 10.0, "protein_g").1, None);
}

#[test]
fn b01_401_items_13_and_14_potassium_and_calcium_0_10_25_50_mg_and_their_percent() {
    for (n, key) in [(PotassiumMg, "potassium_mg"), (CalciumMg, "calcium_mg")] {
        assert_eq!(declared(n, 4.9, key), (0.0, Some(0.0)), "{key}");
        assert_eq!(amount(n, 5.0, key), 10.0, "{key}");
        assert_eq!(amount(n, 44.9, key), 40.0, "{key}");
        assert_eq!(amount(n, 49.9, key), 50.0, "{key}");
        assert_eq!(amount(n, 62.4, key), 50.0, "{key}");
        assert_eq!(amount(n, 62.5, key), 75.0, "{key}");
        assert_eq!(amount(n, 249.0, key), 250.0, "{key}");
        assert_eq!(amount(n, 274.9, key), 250.0, "{key}");
        assert_eq!(amount(n, 275.0, key), 300.0, "{key}");
    }
    // (1.2): from the rounded amount: 170 mg potassium is 175 mg, 5.15 % of 3 400 → 5 %;
    // 130 mg calcium is 125 mg, 9.6 % of 1 300 → 10 %.
    assert_eq!(percent(PotassiumMg, 170.0, "potassium_mg"), 5.0);
    assert_eq!(percent(CalciumMg, 130.0, "calcium_mg"), 10.0);
}

#[test]
fn b01_401_item_15_iron_0_then_tenth_quarter_half_mg_and_its_percent() {
    assert_eq!(declared(IronMg, 0.049, "iron_mg"), (0.0, Some(0.0)));
    assert_eq!(amount(IronMg, 0.05, "iron_mg"), 0.1);
    assert_eq!(amount(IronMg, 0.44, "iron_mg"), 0.4);
    assert_eq!(amount(IronMg, 0.5, "iron_mg"), 0.5);
    assert_eq!(amount(IronMg, 0.62, "iron_mg"), 0.5);
    assert_eq!(amount(IronMg, 0.63, "iron_mg"), 0.75);
    assert_eq!(amount(IronMg, 2.49, "iron_mg"), 2.5);
    assert_eq!(amount(IronMg, 2.74, "iron_mg"), 2.5);
    assert_eq!(amount(IronMg, 2.75, "iron_mg"), 3.0);
    // 0.75 mg of 18 mg: 4.17 % → 4 %.
    assert_eq!(percent(IronMg, 0.7, "iron_mg"), 4.0);
}

#[test]
fn b01_401_column_2_words_title_and_item_16_statement_in_both_languages() {
    let f = canada();
    let [en, fr] = [&f.terms[0], &f.terms[1]];
    assert_eq!(en.get("title"), Some("Nutrition Facts"));
    assert_eq!(fr.get("title"), Some("Valeur nutritive"));
    assert_eq!(en.get("percent.head"), Some("% Daily Value"));
    assert_eq!(fr.get("percent.head"), Some("% valeur quotidienne"));
    assert_eq!(
        en.get("footnote"),
        Some("*5% or less is a little, 15% or more is a lot")
    );
    assert_eq!(
        fr.get("footnote"),
        Some("*5 % ou moins c\u{2019}est peu, 15 % ou plus c\u{2019}est beaucoup")
    );
    assert_eq!(en.get("serving.per"), Some("Per {serving}"));
    assert_eq!(fr.get("serving.per"), Some("pour {serving}"));
    assert_eq!(
        f.term("nutrient.saturated_plus_trans"),
        "Saturated + Trans / saturés + trans"
    );
    assert_eq!(f.term("nutrient.fat_g"), "Fat / Lipides");
    assert_eq!(f.term("nutrient.iron_mg"), "Iron / Fer");
    assert_eq!(f.term("nutrient.sodium_mg"), "Sodium");
}

#[test]
fn an_in_force_canadian_label_lists_its_unconfirmed_daily_values() {
    let l = label(&[(TotalFatG, 5.0)]);
    let status = l.status.clone().unwrap();
    assert_eq!(status.status, "in_force");
    assert!(!status.is_draft());
    let unconfirmed = status.unconfirmed.unwrap();
    for key in [
        "fat_g 75 g",
        "saturated_plus_trans 20 g",
        "sugars_g 100 g",
        "calcium_mg 1300 mg",
        "iron_mg 18 mg",
    ] {
        assert!(unconfirmed.contains(key), "{key} in {unconfirmed}");
    }
    // Confirmed by LABEL_RULES.md §5.3's sources: not listed.
    for key in ["fibre_g", "sodium_mg", "potassium_mg"] {
        assert!(!unconfirmed.contains(key), "{key} in {unconfirmed}");
    }
    // Every Canadian format in force has the sum row and no cfr rule.
    for f in crate::formats().iter().filter(|f| f.family == "ca-fdr") {
        if f.status == "in_force" {
            assert!(f.row("saturated_plus_trans").is_some(), "{}", f.id);
        }
    }
}
