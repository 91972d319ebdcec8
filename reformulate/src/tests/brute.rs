//! Brute force on 2- and 3-line recipes: a grid of grams finds nothing better than the
//! solver, and nothing where the solver finds nothing.

use std::time::{Duration, Instant};

use super::{food, line, per_100g_under, problem};
use crate::model::{Constraints, Plan, Problem};
use crate::search::search;

/// The least change over a grid of `steps` grams per line (the last line of a recipe whose
/// total is kept takes the rest), each point meeting every limit at `margin` and every
/// constraint; only each line's own food.
pub(crate) fn brute(p: &Problem, margin: f64, steps: usize) -> Option<Plan> {
    let n = p.lines.len();
    let choice = vec![0; n];
    let rows: Vec<(Vec<f64>, f64)> = p
        .limits
        .iter()
        .map(|l| l.row(p, &choice, l.target(margin)))
        .collect();
    let ranges: Vec<(f64, f64)> = p
        .lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let (lo, hi) = p.constraints.range(i, l.grams);
            (lo, hi.min(3.0 * l.grams))
        })
        .collect();
    let free = if p.keeps_total() { n - 1 } else { n };
    let total: f64 = p.lines.iter().map(|l| l.grams).sum();
    let mut best: Option<Plan> = None;
    let mut index = vec![0usize; free];
    loop {
        let mut grams: Vec<f64> = index
            .iter()
            .enumerate()
            .map(|(i, &k)| {
                let (lo, hi) = ranges[i];
                lo + (hi - lo) * k as f64 / steps as f64
            })
            .collect();
        if free < n {
            grams.push(total - grams.iter().sum::<f64>());
        }
        let meets = rows
            .iter()
            .all(|(coefs, rhs)| coefs.iter().zip(&grams).map(|(a, g)| a * g).sum::<f64>() <= *rhs);
        if meets && grams.iter().sum::<f64>() >= crate::program::MIN_TOTAL_G {
            let plan = Plan::new(p, grams, choice.clone());
            if p.violations(&plan).is_empty()
                && best.as_ref().is_none_or(|b| plan.change_g < b.change_g)
            {
                best = Some(plan);
            }
        }
        // Next grid point.
        let mut d = 0;
        loop {
            if d == free {
                return best;
            }
            index[d] += 1;
            if index[d] <= steps {
                break;
            }
            index[d] = 0;
            d += 1;
        }
    }
}

fn solver(p: &Problem) -> Option<Plan> {
    search(p, 1e-4, 1, Instant::now() + Duration::from_secs(5))
        .into_iter()
        .next()
}

/// The solver's change is at most the grid's, and the grid's within 1 % (plus its step) of
/// the solver's.
fn agree(p: &Problem, steps: usize) {
    let lp = solver(p);
    let grid = brute(p, 1e-4, steps);
    match (&lp, &grid) {
        (Some(lp), Some(grid)) => {
            for limit in &p.limits {
                let v = limit.value(p, lp).expect("value");
                assert!(limit.holds(v), "{}: {v}", limit.what);
            }
            let step: f64 = p
                .lines
                .iter()
                .map(|l| 3.0 * l.grams / steps as f64)
                .fold(0.0, f64::max);
            assert!(lp.change_g <= grid.change_g + 1e-6, "{lp:?} vs {grid:?}");
            assert!(
                grid.change_g <= lp.change_g * 1.01 + 2.0 * step,
                "{lp:?} vs {grid:?}"
            );
        }
        (None, None) => {}
        _ => panic!("solver {lp:?}, brute force {grid:?}"),
    }
}

fn dough() -> Vec<crate::Line> {
    vec![
        line(
            300.0,
            food("flour", &[("total_sugars_g", 0.3), ("sodium_mg", 2.0)]),
        ),
        line(80.0, food("sugar", &[("total_sugars_g", 100.0)])),
        line(6.0, food("salt", &[("sodium_mg", 38_758.0)])),
    ]
}

#[test]
fn two_lines_the_grid_finds_nothing_better() {
    let lines = dough().into_iter().take(2).collect();
    let p = problem(
        lines,
        vec![per_100g_under("total_sugars_g", 10.0)],
        Constraints::default(),
    );
    agree(&p, 2000);
}

#[test]
fn two_lines_within_the_largest_change() {
    let lines = dough().into_iter().take(2).collect();
    let c = Constraints {
        max_change_pct: Some(30.0),
        ..Constraints::default()
    };
    let p = problem(lines, vec![per_100g_under("total_sugars_g", 15.0)], c);
    agree(&p, 2000);
}

#[test]
fn two_lines_out_of_reach_for_both() {
    let lines = dough().into_iter().take(2).collect();
    let c = Constraints {
        max_change_pct: Some(5.0),
        ..Constraints::default()
    };
    let p = problem(lines, vec![per_100g_under("total_sugars_g", 10.0)], c);
    assert!(solver(&p).is_none());
    agree(&p, 500);
}

#[test]
fn three_lines_two_limits_total_kept() {
    let c = Constraints {
        keep_total_weight: true,
        ..Constraints::default()
    };
    let p = problem(
        dough(),
        vec![
            per_100g_under("total_sugars_g", 15.0),
            per_100g_under("sodium_mg", 400.0),
        ],
        c,
    );
    agree(&p, 600);
}

#[test]
fn three_lines_two_limits_with_bounds() {
    let c = Constraints {
        bounds: [(0, (None, Some(320.0))), (2, (Some(4.0), None))].into(),
        max_change_pct: Some(60.0),
        ..Constraints::default()
    };
    let p = problem(
        dough(),
        vec![
            per_100g_under("total_sugars_g", 12.0),
            per_100g_under("sodium_mg", 500.0),
        ],
        c,
    );
    agree(&p, 120);
}

/// The limits of a claim goal for a product of 10 servings and a 30 g reference amount.
fn claim_limits(code: &str) -> Vec<crate::Limit> {
    let product = nls_nutrition::fop::Product {
        per_100g: std::collections::BTreeMap::new(),
        portion_g: 30.0,
        reference_amount_g: Some(30.0),
        facts: nls_nutrition::fop::Facts::default(),
    };
    let ctx = crate::goal::Context {
        format: super::F,
        product: &product,
        date: "2026-11-28",
        serving: crate::Serving::Count(10.0),
        racc_g: Some(30.0),
    };
    crate::Goal::Claim { claim: code.into() }
        .limits(0, &ctx)
        .expect("claim limits")
}

#[test]
fn a_low_sodium_claim_on_three_lines_the_grid_finds_nothing_better() {
    // Per RACC, per 50 g and (for 10 servings) nothing per serving: three limits.
    let p = problem(dough(), claim_limits("low_sodium"), Constraints::default());
    agree(&p, 120);
}

#[test]
fn a_good_source_of_fiber_claim_on_two_lines_the_grid_finds_nothing_better() {
    // "At least" limits: −fiber per RACC ≤ −2.8 (10 % of 28 g).
    let lines = vec![
        line(300.0, food("flour", &[("dietary_fiber_g", 3.0)])),
        line(100.0, food("bran", &[("dietary_fiber_g", 40.0)])),
    ];
    let p = problem(
        lines,
        claim_limits("good_source_fiber"),
        Constraints::default(),
    );
    agree(&p, 2000);
}

#[test]
fn an_unreachable_good_source_claim_is_explained_with_the_most_fiber_reachable() {
    // Flour alone (3 g fiber per 100 g) at most 0.9 g per 30 g RACC: short of 2.8 g.
    let c = Constraints {
        max_change_pct: Some(50.0),
        ..Constraints::default()
    };
    let lines = vec![
        line(300.0, food("flour", &[("dietary_fiber_g", 3.0)])),
        line(100.0, food("sugar", &[("total_sugars_g", 100.0)])),
    ];
    let p = problem(lines, claim_limits("good_source_fiber"), c);
    assert!(solver(&p).is_none());
    let why = crate::explain(&p, 1e-4, Instant::now() + Duration::from_secs(5));
    assert!((why.below + 2.8).abs() < 1e-9);
    // Least sugar allowed (50 g): 450 g flour × 3 % / 500 g × 30 g = 0.81 g per RACC.
    let best = why.best.expect("best");
    assert!((best + 0.81).abs() < 1e-3, "{best}");
}
