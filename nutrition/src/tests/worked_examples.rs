//! LABEL_RULES §8, one test per worked example (8.1–8.5), run through the whole engine where
//! the example is about a label line. §8.6–8.8 (UK traffic lights, Canada, FSANZ) belong to
//! formats this engine does not implement.

use super::{eu, one_serving, us};
use crate::Nutrient::*;
use crate::{compute_label, CalorieBasis, Nutrient};

/// Display text and %DV of `key` for a one-serving food with `amount` of `nutrient`.
fn us_line(nutrient: Nutrient, amount: f64) -> (String, Option<f64>) {
    let label =
        compute_label(&one_serving(&[(Calories, 100.0), (nutrient, amount)]), us()).unwrap();
    let key = nutrient.key();
    (
        label.display[key].clone(),
        label.percents().get(key).copied(),
    )
}

fn calories(kcal: f64) -> String {
    let label = compute_label(&one_serving(&[(Calories, kcal)]), us()).unwrap();
    label.display["calories"].clone()
}

#[test]
fn example_8_1_calories_4_9_are_declared_as_0() {
    assert_eq!(calories(4.9), "0");
}

#[test]
fn example_8_1_calories_47_are_declared_as_45() {
    assert_eq!(calories(47.0), "45");
}

#[test]
fn example_8_1_calories_96_are_declared_as_100() {
    assert_eq!(calories(96.0), "100");
}

#[test]
fn example_8_1_calories_52_are_declared_as_50_not_55() {
    assert_eq!(calories(52.0), "50");
}

#[test]
fn example_8_1_calories_50_are_declared_as_50() {
    assert_eq!(calories(50.0), "50");
}

#[test]
fn example_8_1_calories_236_are_declared_as_240() {
    assert_eq!(calories(236.0), "240");
}

#[test]
fn example_8_2_total_fat_0_4_g_is_declared_as_0_g_with_0_percent() {
    assert_eq!(us_line(TotalFatG, 0.4), ("0g".to_string(), Some(0.0)));
}

#[test]
fn example_8_2_total_fat_4_76_g_is_declared_as_5_g() {
    assert_eq!(us_line(TotalFatG, 4.76).0, "5g");
}

#[test]
fn example_8_2_total_fat_4_74_g_is_declared_as_4_5_g() {
    assert_eq!(us_line(TotalFatG, 4.74).0, "4.5g");
}

#[test]
fn example_8_2_total_fat_5_5_g_is_declared_as_6_g() {
    assert_eq!(us_line(TotalFatG, 5.5).0, "6g");
}

#[test]
fn example_8_2_cholesterol_1_mg_is_declared_as_0_mg() {
    assert_eq!(us_line(CholesterolMg, 1.0).0, "0mg");
}

#[test]
fn example_8_2_cholesterol_3_mg_is_declared_as_less_than_5_mg() {
    assert_eq!(us_line(CholesterolMg, 3.0).0, "less than 5mg");
}

#[test]
fn example_8_2_cholesterol_13_mg_is_declared_as_15_mg() {
    assert_eq!(us_line(CholesterolMg, 13.0).0, "15mg");
}

#[test]
fn example_8_2_sodium_3_mg_is_declared_as_0_mg() {
    assert_eq!(us_line(SodiumMg, 3.0).0, "0mg");
}

#[test]
fn example_8_2_sodium_137_mg_is_declared_as_135_mg() {
    assert_eq!(us_line(SodiumMg, 137.0).0, "135mg");
}

#[test]
fn example_8_2_sodium_142_mg_is_declared_as_140_mg() {
    assert_eq!(us_line(SodiumMg, 142.0).0, "140mg");
}

#[test]
fn example_8_2_sodium_146_mg_is_declared_as_150_mg() {
    assert_eq!(us_line(SodiumMg, 146.0).0, "150mg");
}

#[test]
fn example_8_2_total_carbohydrate_0_7_g_is_declared_as_less_than_1_g() {
    assert_eq!(us_line(TotalCarbohydrateG, 0.7).0, "<1g");
}

#[test]
fn example_8_2_protein_0_7_g_is_declared_as_less_than_1_g() {
    assert_eq!(us_line(ProteinG, 0.7).0, "<1g");
}

#[test]
fn example_8_3_vitamin_d_2_mcg_is_10_percent() {
    assert_eq!(us_line(VitaminDMcg, 2.0), ("2mcg".to_string(), Some(10.0)));
}

#[test]
fn example_8_3_calcium_260_mg_is_20_percent() {
    assert_eq!(us_line(CalciumMg, 260.0), ("260mg".to_string(), Some(20.0)));
}

#[test]
fn example_8_3_iron_8_mg_is_45_percent() {
    assert_eq!(us_line(IronMg, 8.0), ("8mg".to_string(), Some(45.0)));
}

#[test]
fn example_8_3_potassium_235_mg_is_6_percent() {
    assert_eq!(
        us_line(PotassiumMg, 235.0),
        ("235mg".to_string(), Some(6.0))
    );
}

#[test]
fn example_8_3_iron_1_3_mg_is_8_percent() {
    assert_eq!(us_line(IronMg, 1.3).1, Some(8.0));
}

#[test]
fn example_8_3_iron_1_9_mg_is_10_percent() {
    assert_eq!(us_line(IronMg, 1.9).1, Some(10.0));
}

#[test]
fn example_8_3_calcium_310_mg_is_25_percent() {
    assert_eq!(us_line(CalciumMg, 310.0).1, Some(25.0));
}

#[test]
fn example_8_3_calcium_20_mg_is_0_percent() {
    assert_eq!(us_line(CalciumMg, 20.0).1, Some(0.0));
}

#[test]
fn example_8_3_vitamin_d_12_mcg_is_60_percent() {
    assert_eq!(us_line(VitaminDMcg, 12.0).1, Some(60.0));
}

#[test]
fn example_8_3_total_fat_12_g_is_15_percent() {
    assert_eq!(us_line(TotalFatG, 12.0).1, Some(15.0));
}

#[test]
fn example_8_3_sodium_470_mg_is_20_percent() {
    assert_eq!(us_line(SodiumMg, 470.0).1, Some(20.0));
}

#[test]
fn example_8_3_total_carbohydrate_31_g_is_11_percent() {
    assert_eq!(us_line(TotalCarbohydrateG, 31.0).1, Some(11.0));
}

#[test]
fn example_8_3_dietary_fiber_4_g_is_14_percent() {
    assert_eq!(us_line(DietaryFiberG, 4.0).1, Some(14.0));
}

#[test]
fn example_8_3_added_sugars_10_g_is_20_percent() {
    assert_eq!(us_line(AddedSugarsG, 10.0).1, Some(20.0));
}

#[test]
fn example_8_4_calories_by_atwater_4_4_9_are_140_and_the_label_says_so() {
    let recipe = one_serving(&[
        (ProteinG, 3.2),
        (TotalCarbohydrateG, 21.7),
        (DietaryFiberG, 3.0),
        (TotalFatG, 4.76),
    ]);
    let label = compute_label(&recipe, us()).unwrap();
    assert!((label.unrounded["calories"] - 142.44).abs() < 1e-9);
    assert_eq!(label.display["calories"], "140");
    assert_eq!(label.declared("calories").unwrap(), 140.0);
    assert_eq!(label.calorie_basis.unwrap(), CalorieBasis::Atwater449);
}

#[test]
fn example_8_5_eu_energy_is_1005_kj_and_240_kcal_per_100_g_and_402_kj_96_kcal_per_40_g() {
    // EU carbohydrate 30 g (polyols 5 g) + fibre 3 g = US total carbohydrate 33 g.
    let mut recipe = super::recipe(
        2.5,
        Some(40.0),
        vec![super::ing(
            "food",
            100.0,
            &[
                (TotalFatG, 10.0),
                (TotalCarbohydrateG, 33.0),
                (PolyolsG, 5.0),
                (ProteinG, 8.0),
                (DietaryFiberG, 3.0),
            ],
        )],
    );
    recipe.serving_size_text = Some("1 bar (40g)".to_string());
    let label = compute_label(&recipe, eu()).unwrap();
    let at = |column: &str, key: &str| label.declared_in(column, key);
    assert_eq!(
        (at("per_100g", "energy_kj"), at("per_100g", "energy_kcal")),
        (Some(1005.0), Some(240.0))
    );
    assert_eq!(
        (
            at("per_portion", "energy_kj"),
            at("per_portion", "energy_kcal")
        ),
        (Some(402.0), Some(96.0))
    );
    assert_eq!(at("per_100g", "carbohydrate_g"), Some(30.0));
    assert_eq!(at("per_100g", "fibre_g"), Some(3.0));
}

fn eu_per_100g(nutrient: Nutrient, amount: f64, key: &str) -> (f64, String) {
    let label = compute_label(&one_serving(&[(nutrient, amount)]), eu()).unwrap();
    let value = label.declared_in("per_100g", key).unwrap();
    (value, label.display[&format!("per_100g.{key}")].clone())
}

#[test]
fn example_8_5_eu_fat_12_34_g_is_declared_as_12_g() {
    assert_eq!(
        eu_per_100g(TotalFatG, 12.34, "fat_g"),
        (12.0, "12g".to_string())
    );
}

#[test]
fn example_8_5_eu_fat_3_456_g_is_declared_as_3_5_g() {
    assert_eq!(
        eu_per_100g(TotalFatG, 3.456, "fat_g"),
        (3.5, "3.5g".to_string())
    );
}

#[test]
fn example_8_5_eu_fat_0_42_g_is_declared_as_less_than_half_a_gram() {
    assert_eq!(
        eu_per_100g(TotalFatG, 0.42, "fat_g"),
        (0.0, "<0.5g".to_string())
    );
}

#[test]
fn example_8_5_eu_saturates_0_08_g_are_declared_as_less_than_a_tenth() {
    assert_eq!(
        eu_per_100g(SaturatedFatG, 0.08, "saturates_g"),
        (0.0, "<0.1g".to_string())
    );
}

#[test]
fn eu_saturates_just_above_the_threshold_declare_the_threshold_and_the_threshold_itself_is_less_than(
) {
    // The guidance's table: "> 0.1 g" rounds to the nearest 0.1 g, "≤ 0.1 g" may be "<0.1 g";
    // 0.127 g therefore prints "0.1g" while 0.1 g prints "<0.1g". Rounding is not idempotent
    // there, by the table's own wording.
    assert_eq!(
        eu_per_100g(SaturatedFatG, 0.127, "saturates_g"),
        (0.1, "0.1g".to_string())
    );
    assert_eq!(
        eu_per_100g(SaturatedFatG, 0.1, "saturates_g"),
        (0.0, "<0.1g".to_string())
    );
}

#[test]
fn example_8_5_eu_saturates_2_34_g_are_declared_as_2_3_g() {
    assert_eq!(
        eu_per_100g(SaturatedFatG, 2.34, "saturates_g"),
        (2.3, "2.3g".to_string())
    );
}

#[test]
fn example_8_5_eu_sodium_0_48_g_is_salt_1_2_g() {
    assert_eq!(
        eu_per_100g(SodiumMg, 480.0, "salt_g"),
        (1.2, "1.2g".to_string())
    );
}

#[test]
fn example_8_5_eu_sodium_0_123_g_is_salt_0_31_g() {
    assert_eq!(
        eu_per_100g(SodiumMg, 123.0, "salt_g"),
        (0.31, "0.31g".to_string())
    );
}

#[test]
fn example_8_5_eu_sodium_0_004_g_is_salt_less_than_0_01_g() {
    assert_eq!(
        eu_per_100g(SodiumMg, 4.0, "salt_g"),
        (0.0, "<0.01g".to_string())
    );
}
