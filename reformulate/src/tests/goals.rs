//! Goals become the limits of the scheme's data (phase in force, state, facts).

use std::collections::BTreeMap;

use nls_nutrition::fop::{Facts, Product, State};

use crate::goal::{Context, Goal, GoalError, NutrientBasis, Serving};
use crate::limit::{Amount, Over};

fn product(facts: Facts) -> Product {
    Product {
        per_100g: BTreeMap::new(),
        portion_g: 50.0,
        reference_amount_g: None,
        facts,
    }
}

fn solid() -> Facts {
    Facts {
        state: Some(State::Solid),
        ..Facts::default()
    }
}

fn ctx(p: &Product) -> Context<'_> {
    Context {
        format: "cl-20606",
        product: p,
        date: "2026-11-28",
        serving: Serving::Count(10.0),
        racc_g: None,
    }
}

fn without(scheme: &str, marks: &[&str]) -> Goal {
    Goal::Without {
        scheme: scheme.into(),
        marks: marks.iter().map(|m| (*m).to_string()).collect(),
    }
}

#[test]
fn a_chilean_seal_by_its_printed_text_is_the_final_stage_limit_for_solids() {
    let p = product(solid());
    let limits = without("cl.fop.alto", &["ALTO EN AZÚCARES"])
        .limits(2, &ctx(&p))
        .expect("limits");
    assert_eq!(limits.len(), 1);
    let l = &limits[0];
    // DS 13/2015 final stage: sugars ≥ 10 g per 100 g carry the seal (cl.fop.alto.json).
    assert_eq!(l.below, 10.0);
    assert!(l.strict, "the seal is shown at ≥, so the goal is <");
    assert_eq!(l.goal, 2);
    assert_eq!(l.over, Over::Weight);
    assert_eq!(l.terms, vec![(Amount::Key("total_sugars_g".into()), 1.0)]);
    // Quoted by a 422 to people: the unit is said.
    assert!(l.what.contains("per 100 g"), "{}", l.what);
}

#[test]
fn every_mark_of_a_scheme_when_none_is_named() {
    let p = product(solid());
    let limits = without("cl.fop.alto", &[])
        .limits(0, &ctx(&p))
        .expect("limits");
    let mut codes: Vec<&str> = limits.iter().map(|l| l.what.as_str()).collect();
    codes.sort_unstable();
    assert_eq!(limits.len(), 4, "{codes:?}");
    let energy = limits
        .iter()
        .find(|l| l.terms == vec![(Amount::Kcal, 1.0)])
        .expect("energy limit");
    assert_eq!(energy.below, 275.0);
}

#[test]
fn a_liquid_is_judged_per_100_ml_through_its_density() {
    let p = product(Facts {
        state: Some(State::Liquid),
        density_g_per_ml: Some(1.04),
        ..Facts::default()
    });
    let limits = without("cl.fop.alto", &["sugars"])
        .limits(0, &ctx(&p))
        .expect("limits");
    assert_eq!(limits.len(), 1);
    // Liquids: ≥ 5 g per 100 ml; per 100 g × 1.04 g/ml.
    assert_eq!(limits[0].below, 5.0);
    assert!(limits[0].what.contains("per 100 ml"), "{}", limits[0].what);
    assert_eq!(
        limits[0].terms,
        vec![(Amount::Key("total_sugars_g".into()), 1.04)]
    );
}

#[test]
fn mexican_shares_of_energy_are_ratios_over_energy() {
    let p = product(Facts {
        state: Some(State::Solid),
        added_critical_nutrients: Some(vec![nls_nutrition::fop::Added::Fats]),
        ..Facts::default()
    });
    let limits = without("mx.fop.oct", &["EXCESO GRASAS SATURADAS"])
        .limits(0, &ctx(&p))
        .expect("limits");
    assert_eq!(limits.len(), 1);
    // 9 kcal per g of fat, as a % of energy: 100 × 9 × g over kcal, under 10 %.
    assert_eq!(limits[0].over, Over::Energy);
    assert_eq!(
        limits[0].terms,
        vec![(Amount::Key("saturated_fat_g".into()), 900.0)]
    );
    assert_eq!(limits[0].below, 10.0);
}

#[test]
fn mexican_sodium_per_kcal_and_its_floor_per_100_g() {
    let p = product(Facts {
        state: Some(State::Solid),
        added_critical_nutrients: Some(vec![nls_nutrition::fop::Added::Sodium]),
        ..Facts::default()
    });
    let limits = without("mx.fop.oct", &["sodium"])
        .limits(0, &ctx(&p))
        .expect("limits");
    let overs: Vec<Over> = limits.iter().map(|l| l.over).collect();
    assert_eq!(overs, vec![Over::Energy, Over::Weight], "{limits:?}");
}

#[test]
fn a_mark_whose_nutrient_was_not_added_sets_no_limit() {
    let p = product(Facts {
        state: Some(State::Solid),
        added_critical_nutrients: Some(vec![nls_nutrition::fop::Added::Sodium]),
        ..Facts::default()
    });
    let limits = without("mx.fop.oct", &["sugars"])
        .limits(0, &ctx(&p))
        .expect("limits");
    assert!(limits.is_empty());
}

#[test]
fn free_sugars_are_a_fact_kept_as_given() {
    let p = product(Facts {
        state: Some(State::Solid),
        free_sugars_g_per_100g: Some(3.0),
        added_critical_nutrients: Some(vec![nls_nutrition::fop::Added::FreeSugars]),
        ..Facts::default()
    });
    let limits = without("mx.fop.oct", &["sugars"])
        .limits(0, &ctx(&p))
        .expect("limits");
    assert_eq!(limits.len(), 1);
    assert!(limits[0].terms.is_empty());
    assert_eq!(limits[0].constant, 1200.0);
}

#[test]
fn unknown_marks_and_schemes_are_refused_with_what_exists() {
    let p = product(solid());
    match without("cl.fop.alto", &["ALTO EN GRASAS TRANS"]).limits(0, &ctx(&p)) {
        Err(GoalError::UnknownMark { known, .. }) => {
            assert!(
                known.iter().any(|k| k.contains("ALTO EN SODIO")),
                "{known:?}"
            )
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        without("xx.fop.none", &[]).limits(0, &ctx(&p)),
        Err(GoalError::UnknownScheme(_))
    ));
    assert!(matches!(
        without("uk.fop.tl", &[]).limits(0, &ctx(&p)),
        Err(GoalError::NotWarning { .. })
    ));
}

#[test]
fn a_nutrient_per_serving_is_over_the_servings_or_over_the_weight() {
    let p = product(solid());
    let goal = Goal::AtMost {
        format: "us.v".into(),
        nutrient: "sodium_mg".into(),
        at_most: 140.0,
        basis: NutrientBasis::PerServing,
    };
    let by_count = goal.limits(0, &ctx(&p)).expect("limits");
    assert_eq!(by_count[0].over, Over::Constant(1000.0));
    assert!(!by_count[0].strict);
    assert_eq!(by_count[0].format, "us.v");
    let by_grams = goal
        .limits(
            0,
            &Context {
                serving: Serving::Grams(30.0),
                racc_g: None,
                ..ctx(&p)
            },
        )
        .expect("limits");
    assert_eq!(by_grams[0].over, Over::Weight);
    assert_eq!(
        by_grams[0].terms,
        vec![(Amount::Key("sodium_mg".into()), 0.3)]
    );
}

fn claim(code: &str) -> Goal {
    Goal::Claim { claim: code.into() }
}

fn us_ctx(p: &Product, racc_g: Option<f64>) -> Context<'_> {
    Context {
        format: "us-2016",
        racc_g,
        ..ctx(p)
    }
}

#[test]
fn a_low_sodium_claim_is_140_mg_per_racc_and_per_50_g_for_a_small_racc() {
    let p = product(solid());
    let limits = claim("low_sodium")
        .limits(1, &us_ctx(&p, Some(30.0)))
        .expect("limits");
    // 21 CFR 101.61(b)(4) (claims.json): ≤ 140 mg per RACC, and per 50 g when the RACC is
    // 30 g or less.
    assert_eq!(limits.len(), 2);
    for l in &limits {
        assert_eq!(l.below, 140.0);
        assert!(!l.strict);
        assert_eq!(l.over, Over::Weight);
        assert_eq!(l.goal, 1);
        assert_eq!(l.format, "us-2016");
    }
    // Grams per RACC = per 100 g × 30/100; per 50 g = per 100 g × 0.5.
    assert_eq!(
        limits[0].terms,
        vec![(Amount::Key("sodium_mg".into()), 0.3)]
    );
    assert_eq!(
        limits[1].terms,
        vec![(Amount::Key("sodium_mg".into()), 0.5)]
    );
    // A larger reference amount: no 50 g test.
    let big = claim("low_sodium")
        .limits(1, &us_ctx(&p, Some(55.0)))
        .expect("limits");
    assert_eq!(big.len(), 1);
    assert_eq!(big[0].terms, vec![(Amount::Key("sodium_mg".into()), 0.55)]);
}

#[test]
fn a_free_claim_is_strict_per_racc_and_per_serving() {
    let p = product(solid());
    let limits = claim("sugar_free")
        .limits(0, &us_ctx(&p, Some(40.0)))
        .expect("limits");
    assert_eq!(limits.len(), 2);
    assert!(limits.iter().all(|l| l.strict && l.below == 0.5));
    // Per serving with 10 servings: the total over 100 × 10.
    assert_eq!(limits[1].over, Over::Constant(1000.0));
    assert_eq!(
        limits[1].terms,
        vec![(Amount::Key("total_sugars_g".into()), 1.0)]
    );
}

#[test]
fn a_good_source_claim_is_at_least_ten_percent_of_the_daily_value() {
    let p = product(solid());
    let limits = claim("good_source_fiber")
        .limits(0, &us_ctx(&p, Some(40.0)))
        .expect("limits");
    // 101.54(c)(1): ≥ 10 % of 28 g per RACC, i.e. -fiber × 0.4 ≤ -2.8.
    assert_eq!(limits.len(), 1);
    assert!((limits[0].below + 2.8).abs() < 1e-12);
    assert_eq!(
        limits[0].terms,
        vec![(Amount::Key("dietary_fiber_g".into()), -0.4)]
    );
}

#[test]
fn low_saturated_fat_bounds_its_share_of_energy() {
    let p = product(solid());
    let limits = claim("low_saturated_fat")
        .limits(0, &us_ctx(&p, Some(100.0)))
        .expect("limits");
    // 101.62(c)(2): ≤ 1 g per RACC and 9 kcal/g × saturated fat ≤ 15 % of calories.
    assert_eq!(limits.len(), 2);
    assert_eq!(limits[0].below, 1.0);
    assert_eq!(
        limits[1].terms,
        vec![
            (Amount::Key("saturated_fat_g".into()), 9.0),
            (Amount::Key("calories".into()), -0.15)
        ]
    );
    assert_eq!(limits[1].below, 0.0);
}

#[test]
fn a_claim_without_a_reference_amount_or_of_an_unknown_code_is_refused() {
    let p = product(solid());
    assert_eq!(
        claim("low_sodium").limits(0, &us_ctx(&p, None)),
        Err(GoalError::NeedsRacc {
            claim: "low_sodium".into()
        })
    );
    match claim("low_sugar").limits(0, &us_ctx(&p, Some(30.0))) {
        Err(GoalError::UnknownClaim { claim, known }) => {
            assert_eq!(claim, "low_sugar");
            assert!(known.iter().any(|k| k == "low_sodium"), "{known:?}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_claim_has_one_option() {
    let p = product(solid());
    let goal = claim("low_fat");
    let ctx = us_ctx(&p, Some(30.0));
    assert_eq!(
        goal.options(0, &ctx).expect("options"),
        vec![goal.limits(0, &ctx).expect("limits")]
    );
}
