//! Properties: every plan found meets every limit and respects every constraint; where a
//! grid of 2-line recipes finds a plan, so does the solver, and none better.

use std::time::{Duration, Instant};

use proptest::prelude::*;

use super::brute::brute;
use super::{food, line, per_100g_under, problem};
use crate::model::{Constraints, Problem};
use crate::search::search;

fn recipe() -> impl Strategy<Value = Problem> {
    (
        prop::collection::vec((1.0..500.0f64, 0.0..60.0f64, 0.0..2000.0f64), 2..=4),
        (5.0..30.0f64, 100.0..600.0f64),
        prop::option::of(5.0..80.0f64),
        any::<bool>(),
        prop::option::of(0usize..4),
    )
        .prop_map(|(lines, (sugars, sodium), pct, keep, fixed)| {
            let lines = lines
                .into_iter()
                .enumerate()
                .map(|(i, (g, s, na))| {
                    line(
                        g,
                        food(
                            &format!("f{i}"),
                            &[("total_sugars_g", s), ("sodium_mg", na)],
                        ),
                    )
                })
                .collect::<Vec<_>>();
            let fixed = fixed.filter(|&i| i < lines.len()).into_iter().collect();
            let c = Constraints {
                fixed,
                max_change_pct: pct,
                keep_total_weight: keep,
                ..Constraints::default()
            };
            problem(
                lines,
                vec![
                    per_100g_under("total_sugars_g", sugars),
                    per_100g_under("sodium_mg", sodium),
                ],
                c,
            )
        })
}

fn two_lines() -> impl Strategy<Value = Problem> {
    recipe().prop_filter("two lines", |p| p.lines.len() == 2)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_plan_meets_its_limits_and_constraints(p in recipe()) {
        let plans = search(&p, 1e-4, 3, Instant::now() + Duration::from_secs(5));
        for plan in &plans {
            prop_assert!(p.violations(plan).is_empty(), "{:?}", p.violations(plan));
            for limit in &p.limits {
                let v = limit.value(&p, plan).expect("value");
                prop_assert!(limit.holds(v), "{}: {}", limit.what, v);
            }
        }
        for plan in &plans {
            let rounded = plan.rounded(&p);
            prop_assert!(p.violations(&rounded).is_empty(), "{:?}", p.violations(&rounded));
        }
    }

    #[test]
    fn on_two_lines_the_grid_finds_nothing_the_solver_misses(p in two_lines()) {
        let steps = 400;
        let lp = search(&p, 1e-4, 1, Instant::now() + Duration::from_secs(5)).into_iter().next();
        let grid = brute(&p, 1e-4, steps);
        if let Some(grid) = &grid {
            let lp = lp.as_ref();
            prop_assert!(lp.is_some(), "grid found {:?}", grid);
            let lp = lp.expect("checked");
            prop_assert!(lp.change_g <= grid.change_g + 1e-6 * (1.0 + grid.change_g));
        }
    }
}
