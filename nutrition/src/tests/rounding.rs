//! Every rounding rule of LABEL_RULES §1.2, §1.3 and §3.5 at and around its boundaries.

use crate::rounding::*;

fn check(rule: fn(f64) -> Declared, unit: &str, table: &[(f64, f64, &str)]) {
    for (input, amount, text) in table {
        let d = rule(*input);
        assert_eq!(d.amount, *amount, "amount for {input}");
        assert_eq!(d.text(unit), *text, "text for {input}");
    }
}

#[test]
fn calories_round_to_zero_below_five_then_to_fives_up_to_fifty_then_to_tens() {
    check(
        cfr_101_9_c_1_calories,
        "",
        &[
            (0.0, 0.0, "0"),
            (2.5, 0.0, "0"),
            (4.99, 0.0, "0"),
            (5.0, 5.0, "5"),
            (7.49, 5.0, "5"),
            (7.5, 10.0, "10"),
            (47.0, 45.0, "45"),
            (47.5, 50.0, "50"),
            (50.0, 50.0, "50"),
            (50.01, 50.0, "50"),
            (54.99, 50.0, "50"),
            (55.0, 60.0, "60"),
            (96.0, 100.0, "100"),
            (236.0, 240.0, "240"),
        ],
    );
}

#[test]
fn fat_below_half_a_gram_is_declared_as_zero_then_half_grams_below_five_then_whole_grams() {
    check(
        cfr_101_9_c_2_fat,
        "g",
        &[
            (0.0, 0.0, "0g"),
            (0.49, 0.0, "0g"),
            (0.5, 0.5, "0.5g"),
            (0.74, 0.5, "0.5g"),
            (0.75, 1.0, "1g"),
            (2.25, 2.5, "2.5g"),
            (4.74, 4.5, "4.5g"),
            (4.75, 5.0, "5g"),
            (4.99, 5.0, "5g"),
            (5.0, 5.0, "5g"),
            (5.49, 5.0, "5g"),
            (5.5, 6.0, "6g"),
            (12.0, 12.0, "12g"),
        ],
    );
}

#[test]
fn cholesterol_below_two_is_zero_two_to_five_is_less_than_five_and_above_is_fives() {
    check(
        cfr_101_9_c_3_cholesterol,
        "mg",
        &[
            (0.0, 0.0, "0mg"),
            (1.99, 0.0, "0mg"),
            (2.0, 5.0, "less than 5mg"),
            (3.0, 5.0, "less than 5mg"),
            (4.99, 5.0, "less than 5mg"),
            (5.0, 5.0, "5mg"),
            (7.49, 5.0, "5mg"),
            (7.5, 10.0, "10mg"),
            (13.0, 15.0, "15mg"),
        ],
    );
}

#[test]
fn sodium_below_five_is_zero_then_fives_up_to_140_then_tens() {
    check(
        cfr_101_9_c_4_sodium,
        "mg",
        &[
            (4.99, 0.0, "0mg"),
            (5.0, 5.0, "5mg"),
            (7.49, 5.0, "5mg"),
            (7.5, 10.0, "10mg"),
            (137.0, 135.0, "135mg"),
            (137.5, 140.0, "140mg"),
            (140.0, 140.0, "140mg"),
            (140.01, 140.0, "140mg"),
            (144.99, 140.0, "140mg"),
            (145.0, 150.0, "150mg"),
            (146.0, 150.0, "150mg"),
        ],
    );
}

#[test]
fn gram_nutrients_below_half_a_gram_are_zero_and_below_one_gram_read_less_than_one_gram() {
    for rule in [
        cfr_101_9_c_6_carbohydrate,
        cfr_101_9_c_6_iii_added_sugars,
        cfr_101_9_c_7_protein,
    ] {
        check(
            rule,
            "g",
            &[
                (0.0, 0.0, "0g"),
                (0.49, 0.0, "0g"),
                (0.5, 1.0, "<1g"),
                (0.7, 1.0, "<1g"),
                (0.99, 1.0, "<1g"),
                (1.0, 1.0, "1g"),
                (1.49, 1.0, "1g"),
                (1.5, 2.0, "2g"),
                (31.0, 31.0, "31g"),
            ],
        );
    }
}

#[test]
fn vitamins_and_minerals_use_tenths_below_an_rdi_of_25_and_whole_units_above() {
    let table: [(f64, f64, f64, &str); 9] = [
        (2.04, 20.0, 2.0, "2mcg"),
        (2.05, 20.0, 2.1, "2.1mcg"),
        (1.25, 18.0, 1.3, "1.3mg"),
        (24.99, 24.99, 25.0, "25mg"),
        (4.49, 25.0, 4.0, "4mg"),
        (4.5, 90.0, 5.0, "5mg"),
        (254.4, 1300.0, 254.0, "254mg"),
        (254.5, 1300.0, 255.0, "255mg"),
        (235.0, 4700.0, 235.0, "235mg"),
    ];
    for (amount, rdi, declared, text) in table {
        let d = cfr_101_9_c_8_ii_vitamin_mineral(amount, rdi);
        assert_eq!(d.amount, declared, "{amount} with RDI {rdi}");
        assert_eq!(d.text(if rdi == 20.0 { "mcg" } else { "mg" }), text);
    }
}

#[test]
fn percent_daily_value_of_a_drv_nutrient_rounds_to_the_nearest_whole_percent() {
    for (raw, declared) in [
        (0.0, 0.0),
        (0.49, 0.0),
        (0.5, 1.0),
        (11.3, 11.0),
        (14.3, 14.0),
        (15.4, 15.0),
        (20.4, 20.0),
        (20.5, 21.0),
    ] {
        assert_eq!(cfr_101_9_d_7_ii_percent_dv(raw), declared, "{raw}");
    }
}

#[test]
fn percent_daily_value_of_a_vitamin_steps_by_two_then_five_then_ten() {
    let table = [
        (0.0, 0.0),
        (1.99, 0.0),
        (2.0, 2.0),
        (2.99, 2.0),
        (3.0, 4.0),
        (5.0, 6.0),
        (7.2, 8.0),
        (9.0, 10.0),
        (10.0, 10.0),
        (10.01, 10.0),
        (10.6, 10.0),
        (12.49, 10.0),
        (12.5, 15.0),
        (23.8, 25.0),
        (44.4, 45.0),
        (50.0, 50.0),
        (50.01, 50.0),
        (54.99, 50.0),
        (55.0, 60.0),
        (60.0, 60.0),
        (144.0, 140.0),
    ];
    for (raw, declared) in table {
        assert_eq!(cfr_101_9_c_8_iii_percent_dv(raw), declared, "{raw}");
    }
}

#[test]
fn servings_per_container_round_to_wholes_below_two_halves_up_to_five_and_wholes_above() {
    // 21 CFR 101.9(b)(8), (b)(6); the boundaries of issue 14 item 5.
    let table = [
        (1.0, 1.0, "1"),
        (1.3, 1.0, "about 1"),
        (1.5, 2.0, "about 2"),
        (1.99, 2.0, "about 2"),
        (2.0, 2.0, "2"),
        (2.2, 2.0, "about 2"),
        (2.24, 2.0, "about 2"),
        (2.25, 2.5, "about 2.5"),
        (2.4, 2.5, "about 2.5"),
        (2.5, 2.5, "2.5"),
        (4.75, 5.0, "about 5"),
        (5.0, 5.0, "5"),
        (5.2, 5.0, "about 5"),
        (5.4, 5.0, "about 5"),
        (5.5, 6.0, "about 6"),
        (8.0, 8.0, "8"),
        (0.3, 1.0, "about 1"),
        (0.1, 1.0, "about 1"),
    ];
    for (servings, rounded, text) in table {
        assert_eq!(
            cfr_101_9_b_8_servings_per_container(servings),
            (rounded, text.to_string()),
            "{servings}"
        );
    }
}

#[test]
fn art_33_1_portions_per_pack_are_stated_as_given_without_about() {
    let table = [
        (1.3, 1.3, "1.3"),
        (0.3, 0.3, "0.3"),
        (2.25, 2.25, "2.25"),
        (5.5, 5.5, "5.5"),
        (8.0, 8.0, "8"),
        (2.3333, 2.33, "2.33"),
    ];
    for (servings, rounded, text) in table {
        assert_eq!(
            portions_per_pack(servings),
            (rounded, text.to_string()),
            "{servings}"
        );
    }
}

#[test]
fn eu_energy_rounds_to_whole_kilojoules_and_kilocalories() {
    check(
        eu_guidance_2012_energy,
        "kJ",
        &[
            (1004.49, 1004.0, "1004kJ"),
            (1004.5, 1005.0, "1005kJ"),
            (0.4, 0.0, "0kJ"),
        ],
    );
}

#[test]
fn eu_fat_at_or_below_half_a_gram_reads_less_than_half_then_tenths_below_ten_then_grams() {
    check(
        eu_guidance_2012_macronutrient,
        "g",
        &[
            (0.0, 0.0, "0g"),
            (0.42, 0.0, "<0.5g"),
            (0.5, 0.0, "<0.5g"),
            (0.51, 0.5, "0.5g"),
            (2.35, 2.4, "2.4g"),
            (3.456, 3.5, "3.5g"),
            // The 0.1 g step keeps its decimal (EC guidance 2012: "1.0 g", not "1 g").
            (1.02, 1.0, "1.0g"),
            (9.94, 9.9, "9.9g"),
            (9.96, 10.0, "10g"),
            (10.0, 10.0, "10g"),
            (12.34, 12.0, "12g"),
            (12.5, 13.0, "13g"),
        ],
    );
}

#[test]
fn eu_saturates_at_or_below_a_tenth_read_less_than_a_tenth() {
    check(
        eu_guidance_2012_saturates,
        "g",
        &[
            (0.0, 0.0, "0g"),
            (0.08, 0.0, "<0.1g"),
            (0.1, 0.0, "<0.1g"),
            (0.11, 0.1, "0.1g"),
            (2.34, 2.3, "2.3g"),
            (9.95, 10.0, "10g"),
            (10.0, 10.0, "10g"),
            (10.5, 11.0, "11g"),
        ],
    );
}

#[test]
fn eu_sodium_rounds_to_hundredths_below_one_gram_and_tenths_above() {
    check(
        eu_guidance_2012_sodium,
        "g",
        &[
            (0.004, 0.0, "<0.01g"),
            (0.005, 0.0, "<0.01g"),
            (0.0051, 0.01, "0.01g"),
            (0.123, 0.12, "0.12g"),
            (0.48, 0.48, "0.48g"),
            (0.999, 1.0, "1.0g"),
            (1.0, 1.0, "1.0g"),
            (1.04, 1.0, "1.0g"),
            (1.05, 1.1, "1.1g"),
        ],
    );
}

#[test]
fn eu_salt_at_or_below_an_eightieth_of_a_gram_reads_less_than_a_hundredth() {
    check(
        eu_guidance_2012_salt,
        "g",
        &[
            (0.0, 0.0, "0g"),
            (0.01, 0.0, "<0.01g"),
            (0.0125, 0.0, "<0.01g"),
            (0.0126, 0.01, "0.01g"),
            (0.3075, 0.31, "0.31g"),
            (0.995, 1.0, "1.0g"),
            (1.2, 1.2, "1.2g"),
            (1.25, 1.3, "1.3g"),
        ],
    );
}

#[test]
fn eu_vitamins_and_minerals_keep_three_or_two_significant_figures() {
    assert_eq!(eu_guidance_2012_vitamin_mineral(123.45, 3).amount, 123.0);
    assert_eq!(eu_guidance_2012_vitamin_mineral(1234.0, 3).amount, 1230.0);
    assert_eq!(eu_guidance_2012_vitamin_mineral(0.012345, 2).amount, 0.012);
    assert_eq!(eu_guidance_2012_vitamin_mineral(0.0125, 2).amount, 0.013);
    assert_eq!(eu_guidance_2012_vitamin_mineral(0.0, 2).amount, 0.0);
    assert_eq!(eu_guidance_2012_vitamin_mineral(8.95, 2).text("mg"), "9mg");
}

#[test]
fn rounding_functions_do_not_panic_on_nan_or_infinity() {
    for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -1.0, f64::MAX] {
        let _ = cfr_101_9_c_1_calories(x).text("");
        let _ = cfr_101_9_c_8_ii_vitamin_mineral(x, 20.0).text("mcg");
        let _ = eu_guidance_2012_salt(x).text("g");
        let _ = eu_guidance_2012_vitamin_mineral(x, 3).text("mg");
        let _ = cfr_101_9_c_8_iii_percent_dv(x);
        let _ = cfr_101_9_b_8_servings_per_container(x);
    }
}

#[test]
fn a_metric_amount_in_parentheses_is_recognised_and_not_repeated() {
    use crate::serving::{has_metric_in_parentheses, household_then_metric};
    assert!(has_metric_in_parentheses("1 slice (60g)"));
    assert!(has_metric_in_parentheses("1 cup (240 mL)"));
    assert!(has_metric_in_parentheses("2 tbsp (30 g)"));
    assert!(!has_metric_in_parentheses("2 cookies"));
    assert!(!has_metric_in_parentheses("1 plate (large)"));
    assert_eq!(
        household_then_metric(Some("2 cookies"), 43.2),
        "2 cookies (43g)"
    );
    assert_eq!(
        household_then_metric(Some("1 piece"), 4.56),
        "1 piece (4.6g)"
    );
    assert_eq!(household_then_metric(Some("  "), 43.0), "43g");
    assert_eq!(household_then_metric(None, 43.0), "43g");
}

/// Canada, FDR table to B.01.401, column 4 (C.R.C., c. 870 consolidated 2026-06-15; quoted in
/// Justice Canada's official XML): each band's edges, item by item.
#[test]
fn ca_fdr_b01_401_column_4_bands_item_by_item() {
    let a = |d: Declared| d.amount;
    // Item 2, energy: "less than 5 Calories" → nearest 1 (the "free of energy" conditions
    // are not in the text we hold); "5 Calories or more but not more than 50" → multiple of
    // 5; "more than 50" → multiple of 10.
    assert_eq!(a(ca_fdr_b01_401_energy(4.4)), 4.0);
    assert_eq!(a(ca_fdr_b01_401_energy(5.0)), 5.0);
    assert_eq!(a(ca_fdr_b01_401_energy(47.4)), 45.0);
    assert_eq!(a(ca_fdr_b01_401_energy(50.0)), 50.0);
    assert_eq!(a(ca_fdr_b01_401_energy(54.9)), 50.0);
    assert_eq!(a(ca_fdr_b01_401_energy(126.6)), 130.0);
    // Items 3-5, fat: < 0.5 g → multiple of 0.1 g; 0.5 g to 5 g → 0.5 g; > 5 g → 1 g. The
    // issue's "Fat / Lipides 5.4g" is "5 g".
    assert_eq!(a(ca_fdr_b01_401_fat(0.44)), 0.4);
    assert_eq!(a(ca_fdr_b01_401_fat(0.5)), 0.5);
    assert_eq!(a(ca_fdr_b01_401_fat(3.1)), 3.0);
    assert_eq!(a(ca_fdr_b01_401_fat(3.3)), 3.5);
    assert_eq!(a(ca_fdr_b01_401_fat(5.0)), 5.0);
    assert_eq!(a(ca_fdr_b01_401_fat(5.4)), 5.0);
    assert_eq!(a(ca_fdr_b01_401_fat(5.6)), 6.0);
    // Item 7, cholesterol: multiple of 5 mg.
    assert_eq!(a(ca_fdr_b01_401_cholesterol(12.4)), 10.0);
    assert_eq!(a(ca_fdr_b01_401_cholesterol(12.6)), 15.0);
    // Item 8, sodium: < 5 mg → 1 mg; 5 to 140 mg → 5 mg; > 140 mg → 10 mg.
    assert_eq!(a(ca_fdr_b01_401_sodium(4.4)), 4.0);
    assert_eq!(a(ca_fdr_b01_401_sodium(108.0)), 110.0);
    assert_eq!(a(ca_fdr_b01_401_sodium(140.0)), 140.0);
    assert_eq!(a(ca_fdr_b01_401_sodium(143.0)), 140.0);
    assert_eq!(a(ca_fdr_b01_401_sodium(146.0)), 150.0);
    // Items 9-11, carbohydrate, fibre, sugars: < 0.5 g → "0 g"; 0.5 g or more → 1 g.
    assert_eq!(a(ca_fdr_b01_401_carbohydrate(0.49)), 0.0);
    assert_eq!(a(ca_fdr_b01_401_carbohydrate(0.5)), 1.0);
    assert_eq!(a(ca_fdr_b01_401_carbohydrate(18.6)), 19.0);
    // Item 12, protein: < 0.5 g → 0.1 g (no "0" rule); 0.5 g or more → 1 g.
    assert_eq!(a(ca_fdr_b01_401_protein(0.26)), 0.3);
    assert_eq!(a(ca_fdr_b01_401_protein(2.1)), 2.0);
    // Items 13-14, potassium and calcium: < 5 mg → "0 mg"; 5 to < 50 → 10 mg; 50 to < 250 →
    // 25 mg; 250 or more → 50 mg.
    assert_eq!(a(ca_fdr_b01_401_potassium_calcium(4.9)), 0.0);
    assert_eq!(a(ca_fdr_b01_401_potassium_calcium(5.0)), 10.0);
    assert_eq!(a(ca_fdr_b01_401_potassium_calcium(49.0)), 50.0);
    assert_eq!(a(ca_fdr_b01_401_potassium_calcium(60.0)), 50.0);
    assert_eq!(a(ca_fdr_b01_401_potassium_calcium(249.0)), 250.0);
    assert_eq!(a(ca_fdr_b01_401_potassium_calcium(274.0)), 250.0);
    assert_eq!(a(ca_fdr_b01_401_potassium_calcium(276.0)), 300.0);
    // Item 15, iron: < 0.05 mg → "0 mg"; 0.05 to < 0.5 → 0.1 mg; 0.5 to < 2.5 → 0.25 mg;
    // 2.5 or more → 0.5 mg.
    assert_eq!(a(ca_fdr_b01_401_iron(0.049)), 0.0);
    assert_eq!(a(ca_fdr_b01_401_iron(0.05)), 0.1);
    assert_eq!(a(ca_fdr_b01_401_iron(0.44)), 0.4);
    assert_eq!(a(ca_fdr_b01_401_iron(0.6)), 0.5);
    assert_eq!(a(ca_fdr_b01_401_iron(0.63)), 0.75);
    assert_eq!(a(ca_fdr_b01_401_iron(2.7)), 2.5);
    assert_eq!(a(ca_fdr_b01_401_iron(2.8)), 3.0);
}
