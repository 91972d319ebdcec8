//! The program's construction: each limit kind and each constraint holds in what it solves.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use super::{cracker, food, per_100g_under, problem};
use crate::limit::{Amount, Limit, Over};
use crate::model::{Constraints, Objective, Plan, Weight};
use crate::program::{solve, Row};
use crate::search::{choices, search};

fn soon() -> Instant {
    Instant::now() + Duration::from_secs(5)
}

fn best(p: &crate::Problem) -> Plan {
    search(p, 1e-4, 1, soon())
        .into_iter()
        .next()
        .expect("a plan")
}

fn value(p: &crate::Problem, plan: &Plan, k: usize) -> f64 {
    p.limits[k].value(p, plan).expect("a value")
}

#[test]
fn a_per_100_g_limit_is_met_at_the_least_change() {
    let p = problem(
        cracker(),
        vec![per_100g_under("total_sugars_g", 10.0)],
        Constraints::default(),
    );
    let plan = best(&p);
    assert!(value(&p, &plan, 0) < 10.0);
    assert!(p.violations(&plan).is_empty());
    // Only sugar moves: cutting it is the cheapest way in grams (sugar is ~all sugars).
    assert!(plan.grams[2] < 120.0);
    for i in [0, 1, 3] {
        assert!((plan.grams[i] - p.lines[i].grams).abs() < 1e-6, "{plan:?}");
    }
    assert!((plan.change_g - (120.0 - plan.grams[2])).abs() < 1e-6);
}

#[test]
fn a_share_of_energy_is_met() {
    // Saturated fat under 10 % of energy (9 kcal/g): a ratio over energy.
    let limit = Limit {
        goal: 0,
        what: "saturated fat % of energy".into(),
        format: super::F.into(),
        terms: vec![(Amount::Key("saturated_fat_g".into()), 900.0)],
        constant: 0.0,
        over: Over::Energy,
        below: 10.0,
        strict: true,
    };
    let p = problem(cracker(), vec![limit], Constraints::default());
    let before = value(&p, &p.unchanged(), 0);
    assert!(before >= 10.0, "{before}");
    let plan = best(&p);
    assert!(value(&p, &plan, 0) < 10.0);
    assert!(plan.grams[1] < 150.0, "butter goes down: {plan:?}");
}

#[test]
fn a_per_serving_limit_over_a_fixed_count_is_met() {
    // 10 servings: sodium per serving = total / 10.
    let limit = Limit {
        goal: 0,
        what: "sodium per serving".into(),
        format: super::F.into(),
        terms: vec![(Amount::Key("sodium_mg".into()), 1.0)],
        constant: 0.0,
        over: Over::Constant(1000.0),
        below: 140.0,
        strict: false,
    };
    let p = problem(cracker(), vec![limit], Constraints::default());
    let plan = best(&p);
    let per_serving = value(&p, &plan, 0);
    assert!(per_serving <= 140.0 && per_serving > 130.0, "{per_serving}");
}

#[test]
fn a_fixed_final_weight_measures_per_100_g_of_it() {
    let mut p = problem(
        cracker(),
        vec![per_100g_under("sodium_mg", 300.0)],
        Constraints::default(),
    );
    p.weight = Weight::Fixed(700.0);
    let plan = best(&p);
    let sodium: f64 = plan
        .grams
        .iter()
        .enumerate()
        .map(|(i, g)| g * p.lines[i].food.per_100g.get(super::F, "sodium_mg") / 100.0)
        .sum();
    assert!(sodium / 7.0 < 300.0);
}

#[test]
fn fixed_lines_stay() {
    let c = Constraints {
        fixed: BTreeSet::from([2]),
        ..Constraints::default()
    };
    let p = problem(cracker(), vec![per_100g_under("total_sugars_g", 10.0)], c);
    let plan = best(&p);
    assert_eq!(plan.grams[2], 120.0);
    assert!(value(&p, &plan, 0) < 10.0);
    let total: f64 = plan.grams.iter().sum();
    assert!(total > 1200.0, "the others dilute the sugar: {plan:?}");
}

#[test]
fn line_bounds_hold() {
    let c = Constraints {
        bounds: [(2, (Some(100.0), None))].into(),
        ..Constraints::default()
    };
    let p = problem(cracker(), vec![per_100g_under("total_sugars_g", 10.0)], c);
    let plan = best(&p);
    assert!(plan.grams[2] >= 100.0 - 1e-9);
    assert!(p.violations(&plan).is_empty());
    assert!(value(&p, &plan, 0) < 10.0);
}

#[test]
fn the_largest_change_holds_for_every_kept_line() {
    let c = Constraints {
        max_change_pct: Some(20.0),
        ..Constraints::default()
    };
    let p = problem(cracker(), vec![per_100g_under("total_sugars_g", 13.0)], c);
    let plan = best(&p);
    for (i, l) in p.lines.iter().enumerate() {
        assert!((plan.grams[i] - l.grams).abs() <= 0.2 * l.grams + 1e-6);
    }
    assert!(value(&p, &plan, 0) < 13.0);
}

#[test]
fn the_total_weight_is_kept() {
    let c = Constraints {
        keep_total_weight: true,
        ..Constraints::default()
    };
    let p = problem(cracker(), vec![per_100g_under("total_sugars_g", 10.0)], c);
    let plan = best(&p);
    let total: f64 = plan.grams.iter().sum();
    assert!((total - 778.0).abs() < 1e-6, "{total}");
    assert!(value(&p, &plan, 0) < 10.0);
}

#[test]
fn a_substitute_takes_a_line_when_the_grams_alone_cannot() {
    // Salt may not go down more than 10 %: only a lower-sodium salt gets under the limit.
    let mut lines = cracker();
    lines[3]
        .substitutes
        .push(food("half salt", &[("sodium_mg", 19_000.0)]));
    let c = Constraints {
        max_change_pct: Some(10.0),
        ..Constraints::default()
    };
    let p = problem(lines, vec![per_100g_under("sodium_mg", 300.0)], c);
    let plan = best(&p);
    assert_eq!(plan.choice[3], 1);
    assert!(value(&p, &plan, 0) < 300.0);
    assert!(p.violations(&plan).is_empty());
}

#[test]
fn every_choice_of_substitutes_is_tried_fewest_replacements_first() {
    let mut lines = cracker();
    lines[1].substitutes = vec![food("a", &[]), food("b", &[])];
    lines[3].substitutes = vec![food("c", &[])];
    let p = problem(lines, Vec::new(), Constraints::default());
    let all = choices(&p);
    assert_eq!(all.len(), 3 * 2);
    assert_eq!(all[0], vec![0, 0, 0, 0]);
    assert_eq!(all[5].iter().filter(|&&k| k != 0).count(), 2);
}

#[test]
fn cost_ranks_by_price_when_asked() {
    let mut lines = cracker();
    for (l, price) in lines.iter_mut().zip([0.001, 0.01, 0.002, 0.0005]) {
        l.food.cost_per_g = Some(price);
    }
    lines[1].substitutes = vec![{
        let mut f = food(
            "margarine",
            &[("calories", 717.0), ("saturated_fat_g", 15.0)],
        );
        f.cost_per_g = Some(0.004);
        f
    }];
    let c = Constraints {
        max_change_pct: Some(30.0),
        ..Constraints::default()
    };
    let mut p = problem(lines, vec![per_100g_under("saturated_fat_g", 4.0)], c);
    p.objective = Objective::Cost;
    let plan = best(&p);
    assert_eq!(plan.choice[1], 1, "the cheaper fat: {plan:?}");
    let total: f64 = plan.grams.iter().sum();
    assert!(
        (total - 778.0).abs() < 1e-6,
        "cost compares one weight: {total}"
    );
    assert!(plan.cost_change.expect("costs known") < 0.0);
}

#[test]
fn a_row_is_the_limit_it_stands_for() {
    // For any grams, the row's left side ≤ its right side exactly when the value ≤ r.
    let p = problem(
        cracker(),
        vec![per_100g_under("sodium_mg", 400.0)],
        Constraints::default(),
    );
    let choice = vec![0; 4];
    for grams in [
        vec![500.0, 150.0, 120.0, 8.0],
        vec![400.0, 100.0, 50.0, 1.0],
        vec![10.0, 10.0, 10.0, 10.0],
    ] {
        let plan = Plan::new(&p, grams.clone(), choice.clone());
        let v = p.limits[0].value(&p, &plan).expect("value");
        let (coefs, rhs) = p.limits[0].row(&p, &choice, 400.0);
        let lhs: f64 = coefs.iter().zip(&grams).map(|(a, g)| a * g).sum();
        assert_eq!(v <= 400.0, lhs <= rhs, "{grams:?}: {v}");
    }
    // And the solver reads it so.
    let rows = [Row {
        limit: &p.limits[0],
        r: 400.0,
    }];
    let plan = solve(&p, &choice, &rows, &BTreeSet::new()).expect("feasible");
    assert!(p.limits[0].value(&p, &plan).expect("value") <= 400.0 + 1e-6);
}
