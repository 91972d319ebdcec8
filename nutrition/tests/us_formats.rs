//! The US formats as data: the simplified format's insignificance rule (21 CFR 101.9(f)) at its
//! thresholds, the population daily values, the voluntary rows (101.9(c)) and the bilingual
//! terms.

use std::collections::BTreeSet;

use nls_nutrition::Nutrient::{self, *};
use nls_nutrition::{
    compute_label, format, IngredientSource, Label, LabelError, NutrientAmounts, RecipeInput,
    ResolvedIngredient,
};

/// One serving of one ingredient whose per-serving amounts are `amounts` (100 g servings).
fn one_serving(amounts: &[(Nutrient, f64)]) -> RecipeInput {
    let mut a = NutrientAmounts::default();
    for (n, v) in amounts {
        a.set(*n, *v);
    }
    RecipeInput {
        voluntary_nutrients: Default::default(),
        servings: 1.0,
        serving_weight_g: Some(100.0),
        serving_size_text: Some("1 bottle".into()),
        racc_g: None,
        ingredients: vec![ResolvedIngredient {
            names: Default::default(),
            added_nutrients: Default::default(),
            grams: 100.0,
            label_name: "Test food".into(),
            allergens: BTreeSet::new(),
            allergen_details: Default::default(),
            allergen_exemptions: Default::default(),
            sub_ingredients: Vec::new(),
            sub_ingredients_to_confirm: false,
            source: IngredientSource::PerHundredGrams(a),
            sugars_based: false,
        }],
    }
}

fn simplified(amounts: &[(Nutrient, f64)]) -> Label {
    try_simplified(amounts).expect("a label")
}

fn try_simplified(amounts: &[(Nutrient, f64)]) -> Result<Label, LabelError> {
    compute_label(
        &one_serving(amounts),
        format("us.v.simpl").expect("us.v.simpl"),
    )
}

/// Significant amounts of the nutrients in `significant`, the rest of the fifteen zero.
fn with_significant(significant: &[Nutrient]) -> Vec<(Nutrient, f64)> {
    let big = |n: Nutrient| match n {
        Calories => 120.0,
        SodiumMg | CholesterolMg => 60.0,
        CalciumMg | PotassiumMg => 400.0,
        IronMg => 5.0,
        VitaminDMcg => 5.0,
        _ => 6.0,
    };
    [
        Calories,
        TotalFatG,
        SaturatedFatG,
        TransFatG,
        CholesterolMg,
        SodiumMg,
        TotalCarbohydrateG,
        DietaryFiberG,
        TotalSugarsG,
        AddedSugarsG,
        ProteinG,
        VitaminDMcg,
        CalciumMg,
        IronMg,
        PotassiumMg,
    ]
    .into_iter()
    .map(|n| {
        (
            n,
            if significant.contains(&n) {
                big(n)
            } else {
                0.0
            },
        )
    })
    .collect()
}

#[test]
fn cfr_101_9_f_the_simplified_format_needs_eight_insignificant_nutrients() {
    // 8 insignificant of the 15 (7 significant): permitted.
    let eight = try_simplified(&with_significant(&[
        Calories,
        TotalFatG,
        SaturatedFatG,
        SodiumMg,
        TotalCarbohydrateG,
        TotalSugarsG,
        ProteinG,
    ]));
    assert!(eight.is_ok(), "{eight:?}");
    // 7 insignificant (8 significant): refused, naming the rule and the count.
    let seven = try_simplified(&with_significant(&[
        Calories,
        TotalFatG,
        SaturatedFatG,
        SodiumMg,
        TotalCarbohydrateG,
        TotalSugarsG,
        ProteinG,
        IronMg,
    ]));
    match seven {
        Err(LabelError::FormatNotPermitted {
            insignificant,
            needed,
            counted,
            rule,
            ..
        }) => {
            assert_eq!((insignificant, needed, counted), (7, 8, 15));
            assert!(rule.contains("101.9(f)"), "{rule}");
        }
        other => panic!("expected FormatNotPermitted, got {other:?}"),
    }
}

#[test]
fn core_nutrients_stay_and_insignificant_others_are_named_in_the_statement() {
    let label = simplified(&with_significant(&[Calories, SodiumMg, TotalSugarsG]));
    let keys: Vec<&str> = label.rows.iter().map(|r| r.key.as_str()).collect();
    // Calories, total fat, sodium, total carbohydrate and protein always (101.9(f)(2)).
    assert_eq!(
        keys,
        [
            "calories",
            "total_fat_g",
            "sodium_mg",
            "total_carbohydrate_g",
            "total_sugars_g",
            "protein_g"
        ]
    );
    assert_eq!(
        label.display.get("not_significant").map(String::as_str),
        Some(
            "Not a significant source of saturated fat, trans fat, cholesterol, dietary fiber, \
             added sugars, vitamin D, calcium, iron, and potassium."
        )
    );
    assert!(!label.display.contains_key("saturated_fat_g"));
    // The label object reads back with the omitted rows absent.
    let json = serde_json::to_value(&label).expect("json");
    let back: Label = serde_json::from_value(json).expect("reads back");
    assert_eq!(back.rows.len(), label.rows.len());
}

#[test]
fn less_than_one_gram_is_insignificant_for_fiber_but_not_for_sugars() {
    // 0.7 g of fiber declares "<1g", an insignificant amount (101.9(f)(1)); 0.7 g of total
    // sugars declares "<1g" too but could not be declared zero, so it stays.
    let label = simplified(&[
        (Calories, 10.0),
        (DietaryFiberG, 0.7),
        (TotalSugarsG, 0.7),
        (TotalCarbohydrateG, 1.4),
    ]);
    assert!(label.row("dietary_fiber_g").is_none());
    assert_eq!(
        label.display.get("total_sugars_g").map(String::as_str),
        Some("<1g")
    );
    let statement = label.display.get("not_significant").expect("a statement");
    assert!(statement.contains("dietary fiber"), "{statement}");
    assert!(!statement.contains("total sugars"), "{statement}");
    // Just over the line: 0.5 g of saturated fat rounds to 0.5 g, significant; 0.49 g to 0.
    let at = simplified(&[(TotalFatG, 1.0), (SaturatedFatG, 0.5)]);
    assert_eq!(
        at.display.get("saturated_fat_g").map(String::as_str),
        Some("0.5g")
    );
    let under = simplified(&[(TotalFatG, 1.0), (SaturatedFatG, 0.49)]);
    assert!(under.row("saturated_fat_g").is_none());
}

#[test]
fn population_labels_use_their_daily_values() {
    let food = one_serving(&[
        (TotalFatG, 8.0),
        (ProteinG, 3.0),
        (SodiumMg, 160.0),
        (CalciumMg, 260.0),
    ]);
    let child = compute_label(&food, format("us.v.child13").expect("child")).expect("label");
    let pct = child.percents();
    assert_eq!(pct.get("total_fat_g"), Some(&21.0)); // 8 / 39 g
    assert_eq!(pct.get("sodium_mg"), Some(&11.0)); // 160 / 1,500 mg
    assert_eq!(pct.get("protein_g"), Some(&23.0)); // 3 / 13 g, mandatory for 1-3 years
    assert_eq!(pct.get("calcium_mg"), Some(&35.0)); // 260 / 700 mg = 37 % → nearest 5 %
    let f = format("us.v.child13").expect("child");
    assert!(f.term("footnote").contains("1,000 calories"));
    let infant = compute_label(&food, format("us.v.infant").expect("infant")).expect("label");
    assert_eq!(infant.percents().get("protein_g"), Some(&27.0)); // 3 / 11 g
    assert_eq!(infant.percents().get("sodium_mg"), None);
    assert_eq!(
        format("us.v.infant").map(|f| f.status.as_str()),
        Some("draft")
    );
}

#[test]
fn voluntary_nutrients_appear_in_the_order_of_101_9_c_when_asked() {
    let standard = format("standard").expect("us.v");
    let without = compute_label(&one_serving(&[(TotalFatG, 10.0)]), standard).expect("label");
    assert!(without.row("polyunsaturated_fat_g").is_none());
    let data = one_serving(&[
        (TotalFatG, 10.0),
        (MonounsaturatedFatG, 4.0),
        (PolyunsaturatedFatG, 3.0),
        (DietaryFiberG, 5.0),
        (SolubleFiberG, 2.0),
        (InsolubleFiberG, 3.0),
        (SugarAlcoholsG, 4.0),
    ]);
    // The data alone declares none of them (101.9(c)(2)(iii)-(iv), (c)(6): voluntary).
    let unasked = compute_label(&data, standard).expect("label");
    assert!(unasked.row("monounsaturated_fat_g").is_none());
    assert!(unasked.row("sugar_alcohols_g").is_none());
    let mut asked = data.clone();
    asked.voluntary_nutrients = [
        "monounsaturated_fat_g",
        "polyunsaturated_fat_g",
        "soluble_fiber_g",
        "insoluble_fiber_g",
        "sugar_alcohols_g",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    let with = compute_label(&asked, standard).expect("label");
    let keys: Vec<&str> = with.rows.iter().map(|r| r.key.as_str()).collect();
    let at = |k: &str| keys.iter().position(|x| *x == k).expect(k);
    assert!(at("trans_fat_g") < at("polyunsaturated_fat_g"));
    assert!(at("polyunsaturated_fat_g") < at("monounsaturated_fat_g"));
    assert!(at("monounsaturated_fat_g") < at("cholesterol_mg"));
    assert!(at("dietary_fiber_g") < at("soluble_fiber_g"));
    assert!(at("soluble_fiber_g") < at("insoluble_fiber_g"));
    assert!(at("insoluble_fiber_g") < at("total_sugars_g"));
    assert!(at("added_sugars_g") < at("sugar_alcohols_g"));
    assert!(at("sugar_alcohols_g") < at("protein_g"));
    assert_eq!(
        with.display.get("sugar_alcohols_g").map(String::as_str),
        Some("4g")
    );
}

#[test]
fn the_bilingual_format_prints_english_then_spanish() {
    let f = format("us.v.en-es").expect("en-es");
    assert_eq!(f.term("title"), "Nutrition Facts / Datos de Nutrición");
    assert_eq!(
        f.term_with("servings.many", &[("servings", "8")]),
        "8 servings per container / 8 raciones por envase"
    );
}

#[test]
fn an_asked_vitamin_under_2_percent_of_its_rdi_has_zero_percent() {
    let standard = format("standard").expect("us.v");
    let asked = |amounts: &[(Nutrient, f64)], key: &str| {
        let mut r = one_serving(amounts);
        r.voluntary_nutrients = [key.to_string()].into();
        r
    };
    // Vitamin C, RDI 90 mg (101.9(c)(8)(iv)), declared in whole mg: 1.49 mg declares 1 mg,
    // 1.1 % DV, so its percentage is declared as zero (101.9(c)(8)(iii)) beside its amount;
    // 1.5 mg declares 2 mg, 2.2 % → 2 %.
    let under =
        compute_label(&asked(&[(VitaminCMg, 1.49)], "vitamin_c_mg"), standard).expect("label");
    assert_eq!(under.declared("vitamin_c_mg"), Some(1.0));
    assert_eq!(under.percents().get("vitamin_c_mg"), Some(&0.0));
    let at = compute_label(&asked(&[(VitaminCMg, 1.5)], "vitamin_c_mg"), standard).expect("label");
    assert_eq!(
        at.display.get("vitamin_c_mg").map(String::as_str),
        Some("2mg")
    );
    assert_eq!(at.percents().get("vitamin_c_mg"), Some(&2.0));
    // Folate is declared in mcg DFE (101.9(c)(8)(iv)).
    let folate =
        compute_label(&asked(&[(FolateMcg, 100.0)], "folate_mcg"), standard).expect("label");
    assert_eq!(
        folate.display.get("folate_mcg").map(String::as_str),
        Some("100mcg DFE")
    );
}

#[test]
fn folate_with_folic_acid_added_prints_its_folic_acid_in_parentheses_21_cfr_101_9_c_8_iv() {
    // 101.9(c)(8)(iv) as amended in 2016: folate in mcg DFE and, when folic acid is added,
    // "(… mcg folic acid)" after it, rounded as folate is (whole mcg, RDI 400 ≥ 25).
    let mut added = one_serving(&[(FolateMcg, 291.0), (FolicAcidMcg, 154.4)]);
    added.ingredients[0].added_nutrients = ["folic_acid_mcg".to_string()].into();
    for id in ["standard", "us.tab", "us.lin", "us.v.en-es"] {
        let label = compute_label(&added, format(id).expect("format")).expect("label");
        let text = label.display.get("folate_mcg").map(String::as_str);
        let expected = if id == "us.v.en-es" {
            "291mcg DFE (154mcg folic acid / 154mcg ácido fólico)"
        } else {
            "291mcg DFE (154mcg folic acid)"
        };
        assert_eq!(text, Some(expected), "{id}");
        // Folic acid added is folate added: declared without being asked for (c)(8)(ii).
        assert_eq!(
            label.voluntary.get("folate_mcg").map(|r| format!("{r:?}")),
            Some("AddedAsNutrientSupplement".into()),
            "{id}"
        );
    }
    // Folate of food alone (no folic acid, or none the data gives): no parentheses.
    let mut food_only = one_serving(&[(FolateMcg, 40.0), (FolicAcidMcg, 0.0)]);
    food_only.voluntary_nutrients = ["folate_mcg".to_string()].into();
    let label = compute_label(&food_only, format("standard").expect("us.v")).expect("label");
    assert_eq!(
        label.display.get("folate_mcg").map(String::as_str),
        Some("40mcg DFE")
    );
    // Folic acid printed while another ingredient's data lacks it: only the known part, so
    // the label reports it missing (and is drawn marked incomplete), as any lower bound is.
    let mut partial = one_serving(&[(FolateMcg, 291.0), (FolicAcidMcg, 154.0)]);
    partial.ingredients[0].added_nutrients = ["folic_acid_mcg".to_string()].into();
    let mut other = partial.ingredients[0].clone();
    other.label_name = "Spinach".into();
    other.added_nutrients = Default::default();
    let mut spinach = NutrientAmounts::default();
    spinach.set(FolateMcg, 194.0);
    other.source = IngredientSource::PerHundredGrams(spinach);
    partial.ingredients.push(other);
    let label = compute_label(&partial, format("standard").expect("us.v")).expect("label");
    let folic = label
        .missing
        .iter()
        .find(|m| m.nutrient == "folic_acid_mcg")
        .expect("folic acid reported missing");
    assert_eq!(folic.ingredients.len(), 1, "{folic:?}");
    assert!(
        folic.ingredients[0].eq_ignore_ascii_case("spinach"),
        "{folic:?}"
    );
    assert!(label
        .warnings
        .iter()
        .any(|w| w.code == "incomplete_nutrient_data"));
    // A trace that rounds to 0 mcg is not "added" on the label.
    let mut trace = one_serving(&[(FolateMcg, 40.0), (FolicAcidMcg, 0.4)]);
    trace.voluntary_nutrients = ["folate_mcg".to_string()].into();
    let label = compute_label(&trace, format("standard").expect("us.v")).expect("label");
    assert_eq!(
        label.display.get("folate_mcg").map(String::as_str),
        Some("40mcg DFE")
    );
}
