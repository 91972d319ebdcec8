//! Totals, weights, moisture change, sub-recipes and calorie basis (API_DECISIONS §3).

use super::{eu, ing, one_serving, recipe, sub, us};
use crate::compute::totals;
use crate::Nutrient::*;
use crate::{compute_label, formats, CalorieBasis};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * b.abs().max(1.0)
}

#[test]
fn totals_are_per_100_g_amounts_times_grams_over_100() {
    let r = recipe(
        1.0,
        None,
        vec![
            ing("flour", 250.0, &[(ProteinG, 10.0)]),
            ing("milk", 50.0, &[(ProteinG, 3.4)]),
        ],
    );
    let t = totals(&r).unwrap();
    assert!(close(t.amounts.get(ProteinG).unwrap(), 25.0 + 1.7));
    assert_eq!(t.ingredient_grams, 300.0);
}

#[test]
fn serving_weight_defaults_to_total_grams_over_servings() {
    let r = recipe(
        4.0,
        None,
        vec![
            ing("a", 300.0, &[(Calories, 100.0)]),
            ing("b", 100.0, &[(Calories, 0.0)]),
        ],
    );
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(label.serving_size.grams, 100.0);
    assert!(close(label.unrounded["calories"], 75.0));
}

#[test]
fn moisture_loss_spreads_the_totals_over_the_final_weight() {
    // 200 g raw, cooked down to 4 x 40 g = 160 g: per 100 g grows by 200/160.
    let r = recipe(
        4.0,
        Some(40.0),
        vec![ing("dough", 200.0, &[(TotalFatG, 10.0), (SodiumMg, 400.0)])],
    );
    let label = compute_label(&r, eu()).unwrap();
    let t = totals(&r).unwrap();
    assert_eq!(t.final_weight_g, 160.0);
    // total fat 20 g over 160 g = 12.5 g per 100 g, 5 g per 40 g serving.
    assert_eq!(label.declared_in("per_100g", "fat_g").unwrap(), 13.0);
    assert!(close(label.unrounded["total_fat_g"], 5.0));
    // sodium 800 mg total -> 500 mg per 100 g -> salt 1.25 g -> 1.3 g.
    assert_eq!(label.declared_in("per_100g", "salt_g").unwrap(), 1.3);
}

#[test]
fn a_sub_recipe_contributes_its_nutrients_per_gram_of_its_final_weight() {
    // Sauce: 100 g of fat 10 g/100 g, cooked to 2 x 25 g = 50 g -> 0.2 g fat per g.
    let sauce = recipe(
        2.0,
        Some(25.0),
        vec![ing("oil", 100.0, &[(TotalFatG, 10.0), (Calories, 90.0)])],
    );
    let r = recipe(
        1.0,
        None,
        vec![
            sub("sauce", 30.0, sauce),
            ing("pasta", 70.0, &[(TotalFatG, 0.0), (Calories, 0.0)]),
        ],
    );
    let t = totals(&r).unwrap();
    assert!(close(t.amounts.get(TotalFatG).unwrap(), 6.0));
    assert!(close(t.amounts.get(Calories).unwrap(), 54.0));
}

#[test]
fn per_serving_amounts_are_totals_times_serving_weight_over_final_weight() {
    let r = recipe(3.0, Some(50.0), vec![ing("a", 120.0, &[(ProteinG, 25.0)])]);
    let label = compute_label(&r, us()).unwrap();
    assert!(close(label.unrounded["protein_g"], 10.0));
    assert_eq!(label.declared("protein_g").unwrap(), 10.0);
}

#[test]
fn calories_come_from_the_data_when_every_ingredient_has_them() {
    let r = recipe(
        1.0,
        None,
        vec![ing("a", 100.0, &[(Calories, 50.0), (TotalFatG, 100.0)])],
    );
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(label.calorie_basis.unwrap(), CalorieBasis::Database);
    assert_eq!(label.declared("calories").unwrap(), 50.0);
}

#[test]
fn an_ingredient_with_only_macros_gets_atwater_calories_and_the_label_says_mixed() {
    let r = recipe(
        1.0,
        None,
        vec![
            ing("a", 100.0, &[(Calories, 50.0)]),
            ing("custom", 10.0, &[(ProteinG, 10.0), (TotalFatG, 10.0)]),
        ],
    );
    let label = compute_label(&r, us()).unwrap();
    // 10 g of 10 g protein and 10 g fat per 100 g: (4 + 9) kcal.
    assert!(close(label.unrounded["calories"], 50.0 + 13.0));
    assert_eq!(label.calorie_basis.unwrap(), CalorieBasis::Mixed);
}

#[test]
fn atwater_calories_inside_a_sub_recipe_are_reported_too() {
    let inner = recipe(1.0, None, vec![ing("custom", 10.0, &[(ProteinG, 10.0)])]);
    let r = recipe(1.0, None, vec![sub("mix", 10.0, inner)]);
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(label.calorie_basis.unwrap(), CalorieBasis::Atwater449);
}

#[test]
fn eu_fibre_is_declared_only_when_the_data_knows_it() {
    let without = compute_label(&one_serving(&[(TotalCarbohydrateG, 20.0)]), eu()).unwrap();
    assert_eq!(without.declared_in("per_100g", "fibre_g"), None);
    assert!(!without.display.contains_key("per_100g.fibre_g"));
    let with = compute_label(
        &one_serving(&[(TotalCarbohydrateG, 20.0), (DietaryFiberG, 0.0)]),
        eu(),
    )
    .unwrap();
    assert_eq!(with.declared_in("per_100g", "fibre_g"), Some(0.0));
}

#[test]
fn eu_energy_counts_alcohol_at_29_kj_and_7_kcal_per_gram() {
    let label = compute_label(&one_serving(&[(AlcoholG, 10.0)]), eu()).unwrap();
    assert_eq!(label.declared_in("per_100g", "energy_kj").unwrap(), 290.0);
    assert_eq!(label.declared_in("per_100g", "energy_kcal").unwrap(), 70.0);
}

#[test]
fn eu_reference_intakes_are_whole_percent_of_the_declared_portion_amounts() {
    // 40 g portion of a food with fat 35 g/100 g -> 14 g fat -> 20 % of 70 g.
    let r = recipe(
        2.0,
        Some(40.0),
        vec![ing("a", 80.0, &[(TotalFatG, 35.0), (SodiumMg, 1500.0)])],
    );
    let label = compute_label(&r, eu()).unwrap();
    let ri = &label.percents();
    assert_eq!(ri["fat_g"], 20.0);
    // salt 1.5 g per portion -> 25 % of 6 g.
    assert_eq!(ri["salt_g"], 25.0);
    assert_eq!(ri["energy_kj"], 6.0); // 14*37 = 518 kJ of 8400 = 6.2 %
}

#[test]
fn trans_fat_and_total_sugars_have_no_daily_value() {
    let label = compute_label(
        &one_serving(&[(TransFatG, 3.0), (TotalSugarsG, 20.0)]),
        us(),
    )
    .unwrap();
    let dv = &label.percents();
    assert!(!dv.contains_key("trans_fat_g"));
    assert!(!dv.contains_key("total_sugars_g"));
    assert!(dv.contains_key("total_fat_g"));
}

#[test]
fn a_less_than_declaration_takes_its_percent_from_the_unrounded_amount() {
    let label = compute_label(&one_serving(&[(CholesterolMg, 3.0)]), us()).unwrap();
    assert_eq!(label.declared("cholesterol_mg").unwrap(), 5.0);
    assert_eq!(label.percents()["cholesterol_mg"], 1.0);
}

#[test]
fn servings_per_container_keeps_the_number_and_displays_about_when_rounded() {
    let label = compute_label(&recipe(2.4, None, vec![ing("a", 100.0, &[])]), us()).unwrap();
    assert_eq!(label.servings_per_container, 2.4);
    assert_eq!(label.display["servings_per_container"], "about 2.5");
}

#[test]
fn us_servings_below_two_print_whole_while_eu_portions_print_as_given() {
    let r = recipe(1.3, None, vec![ing("a", 100.0, &[])]);
    let us = compute_label(&r, us()).unwrap();
    assert_eq!(us.display["servings_per_container"], "about 1");
    // 1169/2011 Art. 33(1): the number of portions is stated; no rounding, no "about".
    let eu = compute_label(&r, crate::format("eu-1169").unwrap()).unwrap();
    assert_eq!(eu.display["servings_per_container"], "1.3");
}

#[test]
fn the_registry_has_standard_for_free_and_eu_1169_for_professional() {
    let standard = crate::format("standard").unwrap();
    assert_eq!(
        (
            standard.id.as_str(),
            standard.family.as_str(),
            standard.plan.as_str()
        ),
        ("us.v", "us-fda", "free")
    );
    let eu = crate::format("eu-1169").unwrap();
    assert_eq!(
        (eu.id.as_str(), eu.family.as_str(), eu.plan.as_str()),
        ("eu.tab.ri", "eu-1169", "professional")
    );
    let uk = crate::format("uk").unwrap();
    assert_eq!(
        (uk.id.as_str(), uk.plan.as_str()),
        ("uk.tab", "professional")
    );
    assert!(crate::format("nope").is_none());
}

#[test]
fn canonical_ids_and_aliases_name_the_same_format_and_labels_print_the_old_id() {
    for (canonical, alias) in [
        ("us.v", "standard"),
        ("eu.tab.ri", "eu-1169"),
        ("uk.tab", "uk"),
    ] {
        let by_id = crate::format(canonical).unwrap();
        assert!(std::ptr::eq(by_id, crate::format(alias).unwrap()));
        let label = compute_label(&one_serving(&[(Calories, 10.0)]), by_id).unwrap();
        assert_eq!(label.format, alias);
    }
}

#[test]
fn every_registry_row_has_a_unique_id_and_the_lines_its_family_needs() {
    let mut ids: Vec<&str> = formats().iter().map(|f| f.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), formats().len());
    for f in formats() {
        let needed: &[&str] = match f.family.as_str() {
            "us-fda" => &[
                "calories",
                "total_fat_g",
                "saturated_fat_g",
                "trans_fat_g",
                "cholesterol_mg",
                "sodium_mg",
                "total_carbohydrate_g",
                "dietary_fiber_g",
                "total_sugars_g",
                "added_sugars_g",
                "protein_g",
                "vitamin_d_mcg",
                "calcium_mg",
                "iron_mg",
                "potassium_mg",
            ],
            // CXG 2-1985 §3.2.1, and the families FORMATS.md §1.1 calls "Codex-based
            // (unconfirmed)", which fall back to it.
            "codex" | "eac-eas" | "caricom-crs5" | "ca-rtca" | "pe-30021" | "ec-semaforo"
            | "mx-nom051" | "co-810" | "lk-colour" => &[
                "energy_kj",
                "energy_kcal",
                "protein_g",
                "carbohydrate_g",
                "fat_g",
                "saturates_g",
                "sodium_mg",
                "sugars_g",
            ],
            // The national lists of FORMATS.md §1.1, in its order.
            "fj-fsr" => &[
                "energy_kcal",
                "protein_g",
                "fat_g",
                "trans_fat_g",
                "sugars_g",
                "sodium_mg",
                "carbohydrate_g",
            ],
            "dz-arrete" | "ng-nafdac" => &[
                "energy_kj",
                "energy_kcal",
                "protein_g",
                "carbohydrate_g",
                "fat_g",
            ],
            "za-r146" => &[
                "energy_kj",
                "protein_g",
                "carbohydrate_g",
                "sugars_g",
                "fat_g",
                "saturates_g",
                "trans_fat_g",
                "fibre_g",
                "sodium_mg",
            ],
            "in-fssai" => &[
                "energy_kcal",
                "protein_g",
                "carbohydrate_g",
                "sugars_g",
                "added_sugars_g",
                "fat_g",
                "saturates_g",
                "trans_fat_g",
                "cholesterol_mg",
                "sodium_mg",
            ],
            "ph-fda" => &[
                "energy_kcal",
                "protein_g",
                "carbohydrate_g",
                "fibre_g",
                "sugars_g",
                "fat_g",
                "saturates_g",
                "trans_fat_g",
                "cholesterol_mg",
                "sodium_mg",
            ],
            "my-moh" => &[
                "energy_kcal",
                "carbohydrate_g",
                "protein_g",
                "fat_g",
                "sugars_g",
            ],
            "sg-sfa" => &["energy_kcal", "protein_g", "fat_g", "carbohydrate_g"],
            // GB 28050-2011 "1+4" (FORMATS.md §1.1).
            "cn-gb28050" => &[
                "energy_kj",
                "protein_g",
                "fat_g",
                "carbohydrate_g",
                "sodium_mg",
            ],
            // Food Labeling Standards 別記様式2, order fixed (FORMATS.md §1.1).
            "jp-caa" => &[
                "energy_kcal",
                "protein_g",
                "fat_g",
                "carbohydrate_g",
                "salt_g",
            ],
            // MOHW notice (FORMATS.md §1.1).
            "tw-tfda" => &[
                "energy_kcal",
                "protein_g",
                "fat_g",
                "saturates_g",
                "trans_fat_g",
                "carbohydrate_g",
                "sugars_g",
                "sodium_mg",
            ],
            // MFDS 식품등의 표시기준, nine nutrients in order (FORMATS.md §1.1).
            "kr-mfds" => &[
                "energy_kcal",
                "sodium_mg",
                "carbohydrate_g",
                "sugars_g",
                "fat_g",
                "trans_fat_g",
                "saturates_g",
                "cholesterol_mg",
                "protein_g",
            ],
            "hk-132w" => &[
                "energy_kcal",
                "protein_g",
                "fat_g",
                "saturates_g",
                "trans_fat_g",
                "carbohydrate_g",
                "sugars_g",
                "sodium_mg",
            ],
            "id-bpom" => &[
                "energy_kcal",
                "fat_g",
                "protein_g",
                "carbohydrate_g",
                "sugars_g",
                "sodium_mg",
            ],
            "mercosur" => &[
                "energy_kcal",
                "energy_kj",
                "carbohydrate_g",
                "protein_g",
                "fat_g",
                "saturates_g",
                "trans_fat_g",
                "fibre_g",
                "sodium_mg",
            ],
            "br-anvisa" => &[
                "energy_kcal",
                "carbohydrate_g",
                "sugars_g",
                "added_sugars_g",
                "protein_g",
                "fat_g",
                "saturates_g",
                "trans_fat_g",
                "fibre_g",
                "sodium_mg",
            ],
            "anz-fsanz" => &[
                "energy_kj",
                "protein_g",
                "fat_g",
                "saturates_g",
                "carbohydrate_g",
                "sugars_g",
                "sodium_mg",
            ],
            "eaeu" => &[
                "energy_kj",
                "energy_kcal",
                "protein_g",
                "fat_g",
                "carbohydrate_g",
            ],
            "ca-fdr" => &[
                "energy_kcal",
                "fat_g",
                "saturates_g",
                "trans_fat_g",
                "carbohydrate_g",
                "fibre_g",
                "sugars_g",
                "protein_g",
                "cholesterol_mg",
                "sodium_mg",
                "potassium_mg",
                "calcium_mg",
                "iron_mg",
            ],
            // Thailand: FORMATS.md §1.1's six, in Chile's order.
            "cl-20606" | "th-fda" => &[
                "energy_kcal",
                "protein_g",
                "fat_g",
                "carbohydrate_g",
                "sugars_g",
                "sodium_mg",
            ],
            // GCC: the mandatory list of the nutricalc.co.uk paper (secondary,
            // LABEL_TERMS_SOURCES.md §1); Israel: the open-source generators' order (§2);
            // Vietnam: Circular 29/2023 Art. 5 (secondary, §4).
            "gcc-gso" | "il-moh" => &[
                "energy_kcal",
                "fat_g",
                "saturates_g",
                "sodium_mg",
                "carbohydrate_g",
                "sugars_g",
                "protein_g",
            ],
            "vn-moh" => &[
                "energy_kcal",
                "protein_g",
                "carbohydrate_g",
                "fat_g",
                "sodium_mg",
            ],
            // LIV Art. 22(2): the reduced declaration.
            // Energy alone: the drinks' declaration and the Art. 30(3)(a) front-of-pack repeat.
            _ if f.id == "eu.alc.e" || f.role == crate::Role::FrontOfPackRepeat => {
                &["energy_kj", "energy_kcal"]
            }
            _ if f.id.starts_with("ch.tab.red5") => &[
                "energy_kj",
                "energy_kcal",
                "fat_g",
                "carbohydrate_g",
                "protein_g",
                "salt_g",
            ],
            // Annex XV order (EU, UK and the EU-aligned regimes, CH).
            _ => &[
                "energy_kj",
                "energy_kcal",
                "fat_g",
                "saturates_g",
                "carbohydrate_g",
                "sugars_g",
                "protein_g",
                "salt_g",
            ],
        };
        // Voluntary rows (declared when the data knows them) and rows declared together
        // (FSANZ 1.2.8—6(9)) come on top of these.
        let keys: Vec<&str> = f
            .rows
            .iter()
            .filter(|n| {
                !matches!(
                    n.declare,
                    crate::format::Declare::WhenKnown
                        | crate::format::Declare::Voluntary
                        | crate::format::Declare::Together
                )
            })
            .map(|n| n.key.as_str())
            .collect();
        // EU fibre, where declared, sits between the carbohydrate block and protein (Annex XV).
        if let Some(at) = f.rows.iter().position(|r| r.key == "fibre_g") {
            if ["eu-1169", "uk", "ch-liv", "eu-aligned"].contains(&f.family.as_str()) {
                assert_eq!(f.rows[at - 1].key, "sugars_g", "format {}", f.id);
                assert_eq!(f.rows[at + 1].key, "protein_g", "format {}", f.id);
            }
        }
        // FDR table to B.01.401 item 6: the sum of saturated and trans fat (its %DV only)
        // follows trans fat in the formats that print the Directory's table.
        let mut needed: Vec<&str> = needed.to_vec();
        if f.row("saturated_plus_trans").is_some() {
            let at = needed
                .iter()
                .position(|k| *k == "trans_fat_g")
                .map_or(0, |i| i + 1);
            needed.insert(at, "saturated_plus_trans");
        }
        assert_eq!(keys, needed, "format {}", f.id);
    }
}

#[test]
fn the_us_serving_size_line_gives_the_household_measure_then_the_metric_amount() {
    // 21 CFR 101.9(b)(5), (b)(7): "2 cookies (43g)", not "2 cookies" alone.
    let mut r = recipe(4.0, Some(43.0), vec![ing("a", 172.0, &[])]);
    r.serving_size_text = Some("2 cookies".to_string());
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(label.display["serving_size"], "2 cookies (43g)");
    assert!(!label
        .warnings
        .iter()
        .any(|w| w.code == "no_household_measure"));

    r.serving_size_text = Some("1 cup (240 mL)".to_string());
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(label.display["serving_size"], "1 cup (240 mL)");
}

#[test]
fn a_us_label_without_a_household_measure_warns_and_an_eu_label_does_not() {
    let r = recipe(4.0, Some(43.0), vec![ing("a", 172.0, &[])]);
    let label = compute_label(&r, us()).unwrap();
    assert_eq!(label.display["serving_size"], "43g");
    // The ingredient gives no nutrients: the label also says its data is incomplete.
    let codes: Vec<&str> = label.warnings.iter().map(|w| w.code.as_str()).collect();
    assert_eq!(codes, ["incomplete_nutrient_data", "no_household_measure"]);
    let json = serde_json::to_value(&label).unwrap();
    assert_eq!(json["warnings"][1]["code"], "no_household_measure");
    let back: crate::Label = serde_json::from_value(json).unwrap();
    assert_eq!(back.warnings, label.warnings);

    let eu = compute_label(&r, crate::format("eu-1169").unwrap()).unwrap();
    assert!(!eu.warnings.iter().any(|w| w.code == "no_household_measure"));
    assert!(!eu.display.contains_key("serving_size"));
}

#[test]
fn cfr_101_9_c_8_iii_a_mineral_under_2_percent_dv_keeps_its_amount_with_zero_percent() {
    // 101.9(c)(8)(iii), zero option: iron 0.3 mg is 1.7 % of 18 mg → 0 %, its amount the
    // amount in a serving at the increments of (c)(8)(iv), "0.3mg"; such an amount is
    // insignificant (101.9(f)(1)). Iron 0.36 mg (declared 0.4 mg, 2.2 %) keeps 2 %.
    let label = compute_label(&one_serving(&[(IronMg, 0.3), (CalciumMg, 25.0)]), us()).unwrap();
    assert_eq!(label.display["iron_mg"], "0.3mg");
    assert_eq!(label.declared("iron_mg"), Some(0.3));
    assert_eq!(label.percents()["iron_mg"], 0.0);
    assert_eq!(label.display["calcium_mg"], "25mg");
    assert_eq!(label.percents()["calcium_mg"], 0.0);
    let label = compute_label(&one_serving(&[(IronMg, 0.36)]), us()).unwrap();
    assert_eq!(label.display["iron_mg"], "0.4mg");
    assert_eq!(label.percents()["iron_mg"], 2.0);
}

/// FSANZ Schedule 11 S11—2(2): protein 17, fat 37, carbohydrate excluding unavailable
/// carbohydrate 17, unavailable carbohydrate including dietary fibre 8, alcohol 29 kJ/g; the
/// Codex factors gave fibre nothing.
#[test]
fn fsanz_s11_2_energy_counts_fibre_at_8_kj_per_gram() {
    let mut a = crate::NutrientAmounts::default();
    a.set(ProteinG, 10.0);
    a.set(TotalFatG, 5.0);
    a.set(TotalCarbohydrateG, 30.0);
    a.set(DietaryFiberG, 4.0);
    // 26 × 17 + 4 × 8 + 10 × 17 + 5 × 37 = 442 + 32 + 170 + 185.
    assert_eq!(crate::compute::fsanz_s11_energy_kj(&a), 829.0);
    assert_eq!(crate::compute::cxg_2_energy(&a).0, 797.0);
    let label = compute_label(
        &one_serving(&[
            (ProteinG, 10.0),
            (TotalFatG, 5.0),
            (TotalCarbohydrateG, 30.0),
            (DietaryFiberG, 4.0),
        ]),
        crate::format("anz.nip").unwrap(),
    )
    .unwrap();
    assert_eq!(label.declared_in("per_100g", "energy_kj"), Some(829.0));
}
