//! Nutrient content claims at each threshold (LABEL_RULES §2).

use super::{ing, recipe, us};
use crate::Nutrient::*;
use crate::{claims, compute_label, Claim, Nutrient, RecipeInput};

/// A 100 g serving food (RACC 100 g unless `racc` says otherwise) with these amounts per
/// serving; calories default to 100 unless given.
fn food(amounts: &[(Nutrient, f64)], racc: Option<f64>) -> RecipeInput {
    let mut all = vec![
        (Calories, 100.0),
        (SodiumMg, 200.0),
        (TotalSugarsG, 5.0),
        (CholesterolMg, 30.0),
        (TotalFatG, 5.0),
        (SaturatedFatG, 3.0),
        (TransFatG, 1.0),
    ];
    all.retain(|(n, _)| !amounts.iter().any(|(m, _)| m == n));
    all.extend_from_slice(amounts);
    let mut r = recipe(1.0, None, vec![ing("food", 100.0, &all)]);
    r.racc_g = racc.or(Some(100.0));
    r
}

fn codes(r: &RecipeInput) -> Vec<String> {
    claims_of(r).into_iter().map(|c| c.code).collect()
}

fn claims_of(r: &RecipeInput) -> Vec<Claim> {
    claims(r, &compute_label(r, us()).unwrap())
}

#[test]
fn calorie_free_below_5_kcal_and_low_calorie_up_to_40() {
    assert!(codes(&food(&[(Calories, 4.99)], None)).contains(&"calorie_free".to_string()));
    assert!(codes(&food(&[(Calories, 5.0)], None)).contains(&"low_calorie".to_string()));
    assert!(codes(&food(&[(Calories, 40.0)], None)).contains(&"low_calorie".to_string()));
    let c = codes(&food(&[(Calories, 40.01)], None));
    assert!(!c.iter().any(|c| c.contains("calor")));
}

#[test]
fn fat_free_below_half_a_gram_and_low_fat_up_to_3_g() {
    assert!(
        codes(&food(&[(TotalFatG, 0.49), (SaturatedFatG, 0.1)], None))
            .contains(&"fat_free".to_string())
    );
    assert!(
        codes(&food(&[(TotalFatG, 0.5), (SaturatedFatG, 0.1)], None))
            .contains(&"low_fat".to_string())
    );
    assert!(
        codes(&food(&[(TotalFatG, 3.0), (SaturatedFatG, 0.1)], None))
            .contains(&"low_fat".to_string())
    );
    assert!(!codes(&food(&[(TotalFatG, 3.01)], None))
        .iter()
        .any(|c| c.contains("_fat") && !c.contains("saturated")));
}

#[test]
fn small_raccs_must_also_meet_low_levels_per_50_g() {
    // RACC 30 g, serving 100 g with 4 g fat: 1.2 g per RACC but 2 g per 50 g -> low fat.
    assert!(codes(&food(&[(TotalFatG, 4.0)], Some(30.0))).contains(&"low_fat".to_string()));
    // 7 g per 100 g: 2.1 g per RACC, 3.5 g per 50 g -> not low fat.
    assert!(!codes(&food(&[(TotalFatG, 7.0)], Some(30.0))).contains(&"low_fat".to_string()));
}

#[test]
fn saturated_fat_free_needs_saturated_and_trans_fat_below_half_a_gram() {
    assert!(
        codes(&food(&[(SaturatedFatG, 0.49), (TransFatG, 0.49)], None))
            .contains(&"saturated_fat_free".to_string())
    );
    assert!(
        !codes(&food(&[(SaturatedFatG, 0.49), (TransFatG, 0.5)], None))
            .contains(&"saturated_fat_free".to_string())
    );
}

#[test]
fn low_saturated_fat_needs_at_most_1_g_and_15_percent_of_calories() {
    // 1 g sat = 9 kcal = 9 % of 100 kcal.
    assert!(codes(&food(&[(SaturatedFatG, 1.0)], None)).contains(&"low_saturated_fat".to_string()));
    assert!(
        !codes(&food(&[(SaturatedFatG, 1.01)], None)).contains(&"low_saturated_fat".to_string())
    );
    // 1 g sat in a 50 kcal food is 18 % of calories.
    assert!(
        !codes(&food(&[(SaturatedFatG, 1.0), (Calories, 50.0)], None))
            .contains(&"low_saturated_fat".to_string())
    );
}

#[test]
fn cholesterol_free_below_2_mg_and_low_cholesterol_up_to_20_mg_need_at_most_2_g_saturated_fat() {
    assert!(
        codes(&food(&[(CholesterolMg, 1.99), (SaturatedFatG, 2.0)], None))
            .contains(&"cholesterol_free".to_string())
    );
    assert!(
        codes(&food(&[(CholesterolMg, 20.0), (SaturatedFatG, 2.0)], None))
            .contains(&"low_cholesterol".to_string())
    );
    assert!(
        !codes(&food(&[(CholesterolMg, 20.01), (SaturatedFatG, 2.0)], None))
            .iter()
            .any(|c| c.contains("cholesterol"))
    );
    assert!(
        !codes(&food(&[(CholesterolMg, 1.0), (SaturatedFatG, 2.01)], None))
            .iter()
            .any(|c| c.contains("cholesterol"))
    );
}

#[test]
fn sodium_free_below_5_very_low_up_to_35_and_low_up_to_140_mg() {
    assert!(codes(&food(&[(SodiumMg, 4.99)], None)).contains(&"sodium_free".to_string()));
    assert!(codes(&food(&[(SodiumMg, 5.0)], None)).contains(&"very_low_sodium".to_string()));
    assert!(codes(&food(&[(SodiumMg, 35.0)], None)).contains(&"very_low_sodium".to_string()));
    assert!(codes(&food(&[(SodiumMg, 35.01)], None)).contains(&"low_sodium".to_string()));
    assert!(codes(&food(&[(SodiumMg, 140.0)], None)).contains(&"low_sodium".to_string()));
    assert!(!codes(&food(&[(SodiumMg, 140.01)], None))
        .iter()
        .any(|c| c.contains("sodium")));
}

#[test]
fn sugar_free_below_half_a_gram_says_not_a_low_calorie_food_unless_it_is() {
    let c = claims_of(&food(&[(TotalSugarsG, 0.49)], None));
    let sugar = c.iter().find(|c| c.code == "sugar_free").unwrap();
    assert_eq!(sugar.disclosure.as_deref(), Some("Not a low calorie food"));
    let c = claims_of(&food(&[(TotalSugarsG, 0.49), (Calories, 30.0)], None));
    assert_eq!(
        c.iter()
            .find(|c| c.code == "sugar_free")
            .unwrap()
            .disclosure,
        None
    );
    assert!(!codes(&food(&[(TotalSugarsG, 0.5)], None)).contains(&"sugar_free".to_string()));
}

#[test]
fn fiber_is_a_good_source_from_10_percent_and_high_from_20_percent_of_28_g() {
    assert!(!codes(&food(&[(DietaryFiberG, 2.79)], None))
        .iter()
        .any(|c| c.contains("fiber")));
    let c = claims_of(&food(&[(DietaryFiberG, 2.8), (TotalFatG, 1.0)], None));
    let fiber = c.iter().find(|c| c.nutrient == "dietary_fiber").unwrap();
    assert_eq!(
        (
            fiber.code.as_str(),
            fiber.text.as_str(),
            fiber.basis.as_str(),
            fiber.citation.as_str()
        ),
        (
            "good_source_fiber",
            "Good source of fiber",
            "per RACC",
            "21 CFR 101.54(c)(1)"
        )
    );
    assert_eq!(fiber.disclosure, None);
    assert!(codes(&food(&[(DietaryFiberG, 5.59)], None)).contains(&"good_source_fiber".to_string()));
    assert!(codes(&food(&[(DietaryFiberG, 5.6)], None)).contains(&"high_fiber".to_string()));
}

#[test]
fn a_fiber_claim_on_a_food_that_is_not_low_fat_discloses_total_fat() {
    let c = claims_of(&food(&[(DietaryFiberG, 6.0), (TotalFatG, 9.0)], None));
    let fiber = c.iter().find(|c| c.code == "high_fiber").unwrap();
    assert_eq!(
        fiber.disclosure.as_deref(),
        Some("Contains 9g total fat per serving")
    );
}

#[test]
fn vitamins_and_minerals_are_good_sources_and_high_by_percent_of_rdi() {
    let c = codes(&food(
        &[
            (CalciumMg, 130.0),
            (IronMg, 3.6),
            (VitaminDMcg, 1.99),
            (PotassiumMg, 940.0),
        ],
        None,
    ));
    assert!(c.contains(&"good_source_calcium".to_string()));
    assert!(c.contains(&"high_iron".to_string()));
    assert!(!c.iter().any(|c| c.contains("vitamin_d")));
    assert!(c.contains(&"high_potassium".to_string()));
}

#[test]
fn every_claim_carries_the_101_13_h_disclosure_when_a_level_is_exceeded() {
    let c = claims_of(&food(
        &[(DietaryFiberG, 6.0), (TotalFatG, 13.01), (SodiumMg, 481.0)],
        None,
    ));
    let fiber = c.iter().find(|c| c.code == "high_fiber").unwrap();
    assert_eq!(
        fiber.disclosure.as_deref(),
        Some("See nutrition information for fat and sodium content; Contains 13g total fat per serving")
    );
    let c = claims_of(&food(
        &[(DietaryFiberG, 6.0), (TotalFatG, 2.0), (SodiumMg, 480.0)],
        None,
    ));
    assert_eq!(
        c.iter()
            .find(|c| c.code == "high_fiber")
            .unwrap()
            .disclosure,
        None
    );
}

#[test]
fn cfr_101_13_without_a_racc_no_claim_is_judged_on_the_labeled_serving() {
    let mut r = food(&[(DietaryFiberG, 3.0)], None);
    assert!(!claims_of(&r).is_empty());
    r.racc_g = None;
    assert!(claims_of(&r).is_empty());
    let label = compute_label(&r, super::us()).unwrap();
    assert!(crate::claims::racc_missing(&r, &label));
    // EU labels judge no US claims, so nothing is missing there.
    let eu = compute_label(&r, super::eu()).unwrap();
    assert!(!crate::claims::racc_missing(&r, &eu));
}

#[test]
fn eu_labels_get_no_claims() {
    let r = food(&[(DietaryFiberG, 6.0)], None);
    assert!(claims(&r, &compute_label(&r, super::eu()).unwrap()).is_empty());
}

#[test]
fn a_claim_serialises_with_the_api_keys() {
    let c = claims_of(&food(&[(DietaryFiberG, 3.0), (TotalFatG, 1.0)], None));
    let fiber = c.iter().find(|c| c.code == "good_source_fiber").unwrap();
    assert_eq!(
        serde_json::to_string(fiber).unwrap(),
        r#"{"code":"good_source_fiber","text":"Good source of fiber","nutrient":"dietary_fiber","basis":"per RACC","citation":"21 CFR 101.54(c)(1)"}"#
    );
}

#[test]
fn no_free_or_low_claim_is_made_about_a_nutrient_the_data_does_not_know() {
    let mut r = super::recipe(1.0, None, vec![ing("water", 100.0, &[(Calories, 0.0)])]);
    r.racc_g = Some(240.0);
    assert_eq!(codes(&r), vec!["calorie_free".to_string()]);
}

fn claim(r: &RecipeInput, code: &str) -> Claim {
    claims_of(r)
        .into_iter()
        .find(|c| c.code == code)
        .unwrap_or_else(|| panic!("no {code} claim"))
}

#[test]
fn sodium_claims_cite_their_own_paragraphs() {
    // 101.61(b)(2) very low sodium, (b)(4) low sodium (issue 14 item 8).
    let very_low = claim(&food(&[(SodiumMg, 35.0)], None), "very_low_sodium");
    assert_eq!(very_low.citation, "21 CFR 101.61(b)(2)");
    let low = claim(&food(&[(SodiumMg, 140.0)], None), "low_sodium");
    assert_eq!(low.citation, "21 CFR 101.61(b)(4)");
    let free = claim(&food(&[(SodiumMg, 4.0)], None), "sodium_free");
    assert_eq!(free.citation, "21 CFR 101.61(b)(1)");
}

#[test]
fn good_source_and_high_cite_101_54_c_1_and_b_1() {
    let good = claim(&food(&[(DietaryFiberG, 2.8)], None), "good_source_fiber");
    assert_eq!(good.citation, "21 CFR 101.54(c)(1)");
    let high = claim(&food(&[(DietaryFiberG, 5.6)], None), "high_fiber");
    assert_eq!(high.citation, "21 CFR 101.54(b)(1)");
}

#[test]
fn cholesterol_free_discloses_total_fat_over_13_g_like_low_cholesterol() {
    // 101.62(d)(1): at 13 g nothing, above 13 g the fat amount next to the claim.
    let at = claim(
        &food(
            &[
                (CholesterolMg, 1.0),
                (SaturatedFatG, 2.0),
                (TotalFatG, 13.0),
            ],
            None,
        ),
        "cholesterol_free",
    );
    assert!(
        !at.disclosure
            .unwrap_or_default()
            .contains("total fat per serving"),
        "13 g is not over 13 g"
    );
    let over = claim(
        &food(
            &[
                (CholesterolMg, 1.0),
                (SaturatedFatG, 2.0),
                (TotalFatG, 14.0),
            ],
            None,
        ),
        "cholesterol_free",
    );
    assert!(
        over.disclosure
            .as_deref()
            .is_some_and(|d| d.contains("Contains 14g total fat per serving")),
        "{over:?}"
    );
}

#[test]
fn low_saturated_fat_declares_cholesterol_from_2_mg_and_total_fat_over_3_g() {
    // 101.62(c)(2) (LABEL_RULES §2).
    let none = claim(
        &food(
            &[
                (SaturatedFatG, 1.0),
                (CholesterolMg, 1.9),
                (TotalFatG, 3.0),
                (TransFatG, 0.0),
            ],
            None,
        ),
        "low_saturated_fat",
    );
    assert_eq!(none.disclosure, None);
    let both = claim(
        &food(
            &[
                (SaturatedFatG, 1.0),
                (CholesterolMg, 2.0),
                (TotalFatG, 3.1),
                (TransFatG, 0.0),
            ],
            None,
        ),
        "low_saturated_fat",
    );
    assert_eq!(
        both.disclosure.as_deref(),
        Some("Contains less than 5mg cholesterol and 3g total fat per serving")
    );
}

#[test]
fn no_claim_is_made_about_a_vitamin_the_label_does_not_declare() {
    // 101.9(c)(8)(ii): a claim about a vitamin or mineral needs its declaration. The label for
    // children 1 through 3 declares vitamin D, calcium, iron and potassium only, so 100 % DV
    // of vitamin A or C makes no claim there, while calcium, which it declares, does.
    let r = food(
        &[(VitaminAMcg, 900.0), (VitaminCMg, 90.0), (CalciumMg, 260.0)],
        None,
    );
    let child = crate::format("us.v.child13").unwrap();
    let label = compute_label(&r, child).unwrap();
    assert!(label.row("vitamin_a_mcg").is_none());
    let c: Vec<String> = claims(&r, &label).into_iter().map(|c| c.code).collect();
    assert!(
        !c.iter()
            .any(|c| c.contains("vitamin_a") || c.contains("vitamin_c")),
        "{c:?}"
    );
    assert!(c.contains(&"high_calcium".to_string()), "{c:?}");
    // The standard label declares vitamins A and C only when asked (101.9(c)(8)(ii)): not
    // asked, no row and no claim; asked, after potassium in the order of (c)(8)(iv), and the
    // claims follow.
    let standard = compute_label(&r, us()).unwrap();
    assert!(standard.row("vitamin_a_mcg").is_none() && standard.row("vitamin_c_mg").is_none());
    let c: Vec<String> = claims(&r, &standard).into_iter().map(|c| c.code).collect();
    assert!(!c.iter().any(|c| c.contains("vitamin_")), "{c:?}");
    let mut asked = r.clone();
    asked.voluntary_nutrients = ["vitamin_a_mcg".to_string(), "vitamin_c_mg".to_string()].into();
    let standard = compute_label(&asked, us()).unwrap();
    let keys: Vec<&str> = standard.rows.iter().map(|r| r.key.as_str()).collect();
    let at = |k: &str| keys.iter().position(|x| *x == k).unwrap();
    assert!(at("potassium_mg") < at("vitamin_a_mcg"));
    assert!(at("vitamin_a_mcg") < at("vitamin_c_mg"));
    assert_eq!(standard.percents().get("vitamin_a_mcg"), Some(&100.0));
    let c: Vec<String> = claims(&asked, &standard)
        .into_iter()
        .map(|c| c.code)
        .collect();
    assert!(c.contains(&"high_vitamin_a".to_string()), "{c:?}");
}

/// 21 CFR 101.9(c)(8)(ii): vitamins and minerals beyond the four mandatory ones are declared
/// when added as a nutrient supplement or asked for (a claim needs its declaration), and are
/// otherwise left off; the label says why each is there. The same holds for mono- and
/// polyunsaturated fat ((c)(2)(iii)-(iv)).
#[test]
fn cfr_101_9_c_8_ii_voluntary_nutrients_only_when_asked_or_added() {
    let r = food(
        &[
            (VitaminAMcg, 900.0),
            (VitaminCMg, 9.0),
            (ThiaminMg, 0.001),
            (MonounsaturatedFatG, 3.0),
        ],
        None,
    );
    let plain = compute_label(&r, us()).unwrap();
    for key in [
        "vitamin_a_mcg",
        "vitamin_c_mg",
        "thiamin_mg",
        "monounsaturated_fat_g",
    ] {
        assert!(plain.row(key).is_none(), "{key} declared unasked");
    }
    assert!(plain.voluntary.is_empty());
    let json = serde_json::to_value(&plain).unwrap();
    assert!(json.get("voluntary").is_none());

    let mut asked = r.clone();
    asked.voluntary_nutrients = [
        "monounsaturated_fat_g".to_string(),
        "thiamin_mg".to_string(),
    ]
    .into();
    asked.ingredients[0].added_nutrients = ["vitamin_c_mg".to_string()].into();
    let label = compute_label(&asked, us()).unwrap();
    assert!(
        label.row("vitamin_a_mcg").is_none(),
        "vitamin A was not asked for"
    );
    assert!(label.row("monounsaturated_fat_g").is_some());
    // Asked for, an insignificant amount is declared too (as zero, 101.9(c)(8)(iii)).
    assert_eq!(label.declared("thiamin_mg"), Some(0.0));
    assert!(label.row("vitamin_c_mg").is_some());
    let json = serde_json::to_value(&label).unwrap();
    assert_eq!(
        json["voluntary"],
        serde_json::json!({
            "monounsaturated_fat_g": "requested",
            "thiamin_mg": "requested",
            "vitamin_c_mg": "added_as_nutrient_supplement"
        })
    );
    // Read back, the label keeps its reasons.
    let back: crate::Label = serde_json::from_value(json).unwrap();
    assert_eq!(back.voluntary, label.voluntary);

    // Asked for, but no ingredient's data gives it: left off with a warning, never 0.
    let mut unknown = r.clone();
    unknown.voluntary_nutrients = ["selenium_mcg".to_string()].into();
    let label = compute_label(&unknown, us()).unwrap();
    assert!(label.row("selenium_mcg").is_none());
    assert!(
        label
            .warnings
            .iter()
            .any(|w| w.code == "voluntary_nutrient_omitted" && w.message.contains("selenium_mcg")),
        "{:?}",
        label.warnings
    );
}

#[test]
fn the_claims_data_parses_and_every_claim_cites_its_paragraph() {
    let data = crate::claims::rules::rules().expect("claims data");
    let codes: Vec<&str> = data.all().map(|c| c.code.as_str()).collect();
    assert!(codes.contains(&"low_sodium") && codes.contains(&"good_source_fiber"));
    for c in data.all() {
        assert!(c.citation.starts_with("21 CFR 101."), "{}", c.code);
        assert!(!c.conditions.is_empty(), "{}", c.code);
    }
    let mut sorted = codes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), codes.len(), "claim codes are unique");
}

#[test]
fn a_claims_requirements_are_its_levels_on_each_basis() {
    use crate::claims::rules::{rules, Requirement, RequirementBasis};
    let data = rules().expect("claims data");
    let low_sodium = data.claim("low_sodium").expect("low_sodium");
    let req = |basis| Requirement {
        terms: vec![("sodium_mg".to_string(), 1.0)],
        basis,
        bound: 140.0,
        strict: false,
    };
    // 101.61(b)(4): ≤ 140 mg per RACC, and per 50 g when the reference amount is small.
    assert_eq!(
        low_sodium.requirements(true),
        vec![
            req(RequirementBasis::PerRacc),
            req(RequirementBasis::Per50g)
        ]
    );
    assert_eq!(
        low_sodium.requirements(false),
        vec![req(RequirementBasis::PerRacc)]
    );
    // "free" is below the level per RACC and per labeled serving.
    let free = data
        .claim("sodium_free")
        .expect("sodium_free")
        .requirements(false);
    assert!(free.iter().all(|r| r.strict && r.bound == 5.0));
    assert_eq!(free.len(), 2);
    // 101.54(c): a good source is ≥ 10 % of the daily value (28 g fiber): -fiber ≤ -2.8.
    let fiber = data
        .claim("good_source_fiber")
        .expect("good_source_fiber")
        .requirements(true);
    assert_eq!(fiber.len(), 1);
    assert_eq!(fiber[0].terms, vec![("dietary_fiber_g".to_string(), -1.0)]);
    assert!((fiber[0].bound + 2.8).abs() < 1e-12);
    assert!(data.small(30.0) && !data.small(30.5));
}
