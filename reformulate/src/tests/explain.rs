//! Unreachable goals name the limit, the best value reachable and the constraint that binds.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use super::{cracker, food, per_100g_under, problem};
use crate::explain::{explain, Binding};
use crate::model::Constraints;

fn soon() -> Instant {
    Instant::now() + Duration::from_secs(5)
}

#[test]
fn the_largest_change_binds_with_the_best_value_it_allows() {
    let c = Constraints {
        max_change_pct: Some(10.0),
        ..Constraints::default()
    };
    let p = problem(cracker(), vec![per_100g_under("total_sugars_g", 10.0)], c);
    let why = explain(&p, 1e-4, soon());
    assert_eq!(
        why.binding,
        vec![Binding::MaxChangePct {
            max_change_pct: 10.0
        }]
    );
    assert_eq!(why.goal, 0);
    assert_eq!(why.below, 10.0);
    // Sugar −10 %, everything else +10 %: (108 + 1.65) g of sugars in 831.8 g ≈ 13.18 g
    // per 100 g.
    let best = why.best.expect("best");
    assert!((best - 13.18).abs() < 0.05, "{best}");
}

#[test]
fn a_fixed_line_binds_by_its_index() {
    let c = Constraints {
        fixed: BTreeSet::from([3]),
        max_change_pct: None,
        ..Constraints::default()
    };
    // Salt held: only diluting it lowers sodium; with the others capped it cannot.
    let c = Constraints {
        bounds: [
            (0, (None, Some(500.0))),
            (1, (None, Some(150.0))),
            (2, (None, Some(120.0))),
        ]
        .into(),
        ..c
    };
    let p = problem(cracker(), vec![per_100g_under("sodium_mg", 300.0)], c);
    let why = explain(&p, 1e-4, soon());
    assert!(
        why.binding
            .contains(&Binding::FixedLines { lines: vec![3] }),
        "{:?}",
        why.binding
    );
}

#[test]
fn foods_that_cannot_get_there_say_a_substitute_is_needed() {
    // Every line is salty: no grams of them get under 300 mg.
    let lines = vec![
        super::line(100.0, food("a", &[("sodium_mg", 900.0)])),
        super::line(50.0, food("b", &[("sodium_mg", 500.0)])),
    ];
    let p = problem(
        lines,
        vec![per_100g_under("sodium_mg", 300.0)],
        Constraints::default(),
    );
    let why = explain(&p, 1e-4, soon());
    assert_eq!(why.binding, vec![Binding::Ingredients]);
    let best = why.best.expect("best");
    assert!((best - 500.0).abs() < 0.5, "{best}");
}

#[test]
fn goals_that_exclude_each_other_name_each_other() {
    let mut sugars = per_100g_under("total_sugars_g", 5.0);
    sugars.goal = 0;
    let mut sodium = per_100g_under("sodium_mg", 300.0);
    sodium.goal = 1;
    // Two foods: one sweet, one salty; diluting one concentrates the other.
    let lines = vec![
        super::line(100.0, food("sweet", &[("total_sugars_g", 50.0)])),
        super::line(
            100.0,
            food("salty", &[("sodium_mg", 2000.0), ("total_sugars_g", 0.0)]),
        ),
    ];
    let p = problem(lines, vec![sugars, sodium], Constraints::default());
    let why = explain(&p, 1e-4, soon());
    assert_eq!(why.goal, 1);
    assert_eq!(why.binding, vec![Binding::Goals { goals: vec![0] }]);
}

#[test]
fn contradictory_constraints_are_named_as_such() {
    let c = Constraints {
        bounds: [(0, (Some(600.0), None))].into(),
        max_change_pct: Some(10.0),
        ..Constraints::default()
    };
    let p = problem(cracker(), vec![per_100g_under("sodium_mg", 300.0)], c);
    let why = explain(&p, 1e-4, soon());
    assert_eq!(why.binding, vec![Binding::Constraints]);
}
