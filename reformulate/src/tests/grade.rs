//! Nutri-Score grade goals: alternatives of limits, plans checked with the engine's own
//! Nutri-Score, brute force over a grid judged by the engine, and refusals.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use nls_nutrition::fop::result::Mark;
use nls_nutrition::fop::{nutriscore, Category, Facts, Product};

use super::{food, line, problem, F};
use crate::goal::{Context, Goal, GoalError, Serving};
use crate::model::{Constraints, Line, Plan, Problem};
use crate::search::search_options;

const NS: &str = "eu.fop.nutriscore";

/// A biscuit: flour, sugar, butter, oat bran (amounts per 100 g, energy in kJ).
fn biscuit() -> Vec<Line> {
    let f = |id, kj, sugars, sat, sodium, protein, fibre| {
        food(
            id,
            &[
                ("energy_kj", kj),
                ("total_sugars_g", sugars),
                ("saturated_fat_g", sat),
                ("sodium_mg", sodium),
                ("protein_g", protein),
                ("dietary_fiber_g", fibre),
            ],
        )
    };
    vec![
        line(400.0, f("flour", 1500.0, 1.0, 0.3, 2.0, 10.0, 3.0)),
        line(200.0, f("sugar", 1650.0, 100.0, 0.0, 0.0, 0.0, 0.0)),
        line(150.0, f("butter", 3000.0, 0.5, 51.0, 11.0, 0.8, 0.0)),
        line(60.0, f("bran", 1000.0, 1.5, 1.2, 4.0, 17.0, 15.0)),
    ]
}

fn facts(category: Category) -> Facts {
    Facts {
        category: Some(category),
        fruit_vegetable_legume_pct: Some(0.0),
        ..Facts::default()
    }
}

/// The per-100 g amounts of `grams` of `p`'s own foods.
fn per_100g(p: &Problem, grams: &[f64]) -> BTreeMap<String, f64> {
    let total: f64 = grams.iter().sum();
    // Every amount the Nutri-Score reads is declared (0 where no food has it).
    let mut out: BTreeMap<String, f64> = [
        "energy_kj",
        "total_sugars_g",
        "saturated_fat_g",
        "total_fat_g",
        "sodium_mg",
        "protein_g",
        "dietary_fiber_g",
    ]
    .into_iter()
    .map(|k| (k.to_string(), 0.0))
    .collect();
    for (l, g) in p.lines.iter().zip(grams) {
        for (k, v) in &l.food.per_100g.0[F] {
            *out.entry(k.clone()).or_default() += v * g / total;
        }
    }
    out
}

fn product(p: &Problem, grams: &[f64], category: Category) -> Product {
    Product {
        per_100g: per_100g(p, grams),
        portion_g: 100.0,
        reference_amount_g: None,
        facts: facts(category),
    }
}

/// The grade the engine's own Nutri-Score gives these amounts.
fn engine_grade(product: &Product) -> String {
    let s = nls_nutrition::fop::scheme(NS).expect("scheme");
    let r = nutriscore::evaluate(s, product, false);
    match r.marks.first() {
        Some(Mark::Score(m)) => m.grade.clone(),
        other => panic!("no grade: {other:?}"),
    }
}

fn ctx(product: &Product) -> Context<'_> {
    Context {
        format: F,
        product,
        date: "2026-11-28",
        serving: Serving::Count(10.0),
        racc_g: None,
    }
}

fn grade(at_least: &str) -> Goal {
    Goal::Grade {
        scheme: NS.into(),
        at_least: at_least.into(),
    }
}

fn solve(p: &Problem, goal: &Goal, category: Category) -> Vec<Plan> {
    let now = product(
        p,
        &p.lines.iter().map(|l| l.grams).collect::<Vec<_>>(),
        category,
    );
    let options = goal.options(0, &ctx(&now)).expect("options");
    assert!(!options.is_empty() && options.len() <= crate::grade::MAX_OPTIONS);
    search_options(
        p,
        &[options],
        1e-4,
        3,
        Instant::now() + Duration::from_secs(20),
    )
}

#[test]
fn the_biscuit_is_graded_d_or_e_now_and_every_plan_for_c_is_a_c_or_better_by_the_engine() {
    let p = problem(biscuit(), Vec::new(), Constraints::default());
    let grams: Vec<f64> = p.lines.iter().map(|l| l.grams).collect();
    let now = engine_grade(&product(&p, &grams, Category::General));
    assert!(now == "D" || now == "E", "{now}");
    let plans = solve(&p, &grade("C"), Category::General);
    assert!(
        !plans.is_empty(),
        "a C is within reach of less sugar and butter"
    );
    for plan in &plans {
        let g = engine_grade(&product(&p, &plan.grams, Category::General));
        assert!(g.as_str() <= "C", "{g} for {:?}", plan.grams);
    }
}

#[test]
fn every_plan_for_b_meets_it_by_the_engine() {
    let c = Constraints {
        max_change_pct: Some(80.0),
        ..Constraints::default()
    };
    let p = problem(biscuit(), Vec::new(), c);
    let plans = solve(&p, &grade("B"), Category::General);
    for plan in &plans {
        let g = engine_grade(&product(&p, &plan.grams, Category::General));
        assert!(g.as_str() <= "B", "{g} for {:?}", plan.grams);
    }
}

#[test]
fn cheese_counts_protein_always_and_its_plans_meet_the_grade() {
    let p = problem(biscuit(), Vec::new(), Constraints::default());
    let plans = solve(&p, &grade("C"), Category::Cheese);
    assert!(!plans.is_empty());
    for plan in &plans {
        let g = engine_grade(&product(&p, &plan.grams, Category::Cheese));
        assert!(g.as_str() <= "C", "{g}");
    }
}

#[test]
fn the_first_option_of_the_grade_the_recipe_has_is_the_recipe_as_it_is() {
    // Less sugar and butter than the biscuit: a grade better than E.
    let mut lines = biscuit();
    lines[1].grams = 60.0;
    lines[2].grams = 30.0;
    let p = problem(lines, Vec::new(), Constraints::default());
    let grams: Vec<f64> = p.lines.iter().map(|l| l.grams).collect();
    let now = product(&p, &grams, Category::General);
    let has = engine_grade(&now);
    assert!(has.as_str() < "E", "{has}");
    let options = grade(&has).options(0, &ctx(&now)).expect("options");
    assert!(!options.is_empty());
    // The recipe meets the first alternative's every limit: nothing to change.
    let unchanged = p.unchanged();
    let mut q = p.clone();
    q.limits = options[0].clone();
    for l in &q.limits {
        let v = l.value(&q, &unchanged).expect("value");
        assert!(l.holds(v), "{}: {v} vs {}", l.what, l.below);
    }
    assert_eq!(
        grade("E").options(0, &ctx(&now)).expect("options"),
        vec![Vec::new()],
        "E asks nothing"
    );
}

/// The least change over a grid of the first two lines' grams (the others kept) whose
/// amounts the engine grades `at_least` or better.
fn brute_grade(p: &Problem, at_least: &str, steps: usize) -> Option<f64> {
    let mut best: Option<f64> = None;
    for a in 0..=steps {
        for b in 0..=steps {
            let mut grams: Vec<f64> = p.lines.iter().map(|l| l.grams).collect();
            grams[0] = 2.0 * p.lines[0].grams * a as f64 / steps as f64;
            grams[1] = 2.0 * p.lines[1].grams * b as f64 / steps as f64;
            if grams.iter().sum::<f64>() <= 0.0 {
                continue;
            }
            let g = engine_grade(&product(p, &grams, Category::General));
            if g.as_str() <= at_least {
                let change: f64 = grams
                    .iter()
                    .zip(&p.lines)
                    .map(|(g, l)| (g - l.grams).abs())
                    .sum();
                best = Some(best.map_or(change, |x: f64| x.min(change)));
            }
        }
    }
    best
}

#[test]
fn brute_force_over_two_lines_finds_no_smaller_change_to_the_grade() {
    // Sugar and butter move; flour and bran are held.
    let lines: Vec<Line> = {
        let b = biscuit();
        vec![b[1].clone(), b[2].clone(), b[0].clone(), b[3].clone()]
    };
    let c = Constraints {
        fixed: [2, 3].into_iter().collect(),
        bounds: BTreeMap::from([(0, (None, Some(400.0))), (1, (None, Some(300.0)))]),
        ..Constraints::default()
    };
    let p = problem(lines, Vec::new(), c);
    let steps = 200;
    let grid = brute_grade(&p, "C", steps).expect("the grid finds a C");
    let plans = solve(&p, &grade("C"), Category::General);
    let lp = plans.first().expect("the solver finds a C");
    let step = 2.0 * 200.0 / steps as f64 + 2.0 * 150.0 / steps as f64;
    assert!(
        lp.change_g <= grid + step,
        "solver {} vs grid {grid}",
        lp.change_g
    );
}

#[test]
fn unknown_grades_and_schemes_that_are_not_nutri_score_are_refused() {
    let p = problem(biscuit(), Vec::new(), Constraints::default());
    let grams: Vec<f64> = p.lines.iter().map(|l| l.grams).collect();
    let now = product(&p, &grams, Category::General);
    match grade("F").options(0, &ctx(&now)) {
        Err(GoalError::UnknownGrade { known, .. }) => {
            assert_eq!(known, vec!["A", "B", "C", "D", "E"]);
        }
        other => panic!("{other:?}"),
    }
    let seals = Goal::Grade {
        scheme: "cl.fop.alto".into(),
        at_least: "A".into(),
    };
    assert!(matches!(
        seals.options(0, &ctx(&now)),
        Err(GoalError::NotGraded { .. })
    ));
    let nothing = Goal::Grade {
        scheme: "xx.none".into(),
        at_least: "A".into(),
    };
    assert_eq!(
        nothing.options(0, &ctx(&now)),
        Err(GoalError::UnknownScheme("xx.none".into()))
    );
    // Without the category the grade cannot be computed.
    let mut bare = now.clone();
    bare.facts.category = None;
    assert!(matches!(
        grade("B").options(0, &ctx(&bare)),
        Err(GoalError::GradeInputs { .. })
    ));
}

#[test]
fn explain_options_names_the_grade_goal_no_alternative_of_which_is_reachable() {
    // Only sugar may change (the rest held): an A is out of reach with butter kept.
    let c = Constraints {
        fixed: [0, 2, 3].into_iter().collect(),
        ..Constraints::default()
    };
    let p = problem(biscuit(), Vec::new(), c);
    let grams: Vec<f64> = p.lines.iter().map(|l| l.grams).collect();
    let now = product(&p, &grams, Category::General);
    let goal_options = grade("A").options(3, &ctx(&now)).expect("options");
    let deadline = Instant::now() + Duration::from_secs(20);
    assert!(search_options(&p, std::slice::from_ref(&goal_options), 1e-4, 3, deadline).is_empty());
    let why =
        crate::explain::explain_options(&p, std::slice::from_ref(&goal_options), 1e-4, deadline);
    assert_eq!(why.goal, 3);
    assert!(why.limit.starts_with("Nutri-Score A"), "{}", why.limit);
}

#[test]
fn combinations_are_ranked_and_empty_when_a_goal_has_no_way() {
    let one = vec![Vec::new(); 3];
    let two = vec![Vec::new(); 2];
    let all = crate::search::combinations(&[one.clone(), two]);
    assert_eq!(all.len(), 6);
    assert_eq!(all[0], vec![0, 0]);
    assert!(all
        .windows(2)
        .all(|w| w[0].iter().sum::<usize>() <= w[1].iter().sum::<usize>()));
    assert!(crate::search::combinations(&[one, Vec::new()]).is_empty());
}

/// Plans for `at_least` on `lines` as `category`, each graded by the engine.
fn plans_meet(lines: Vec<Line>, category: Category, at_least: &str, facts_of: impl Fn(&mut Facts)) {
    let p = problem(lines, Vec::new(), Constraints::default());
    let grams: Vec<f64> = p.lines.iter().map(|l| l.grams).collect();
    let with_facts = |grams: &[f64]| {
        let mut pr = product(&p, grams, category);
        facts_of(&mut pr.facts);
        pr
    };
    let now = with_facts(&grams);
    let before = engine_grade(&now);
    assert!(before.as_str() > at_least, "{before} already");
    let options = grade(at_least).options(0, &ctx(&now)).expect("options");
    let plans = search_options(
        &p,
        &[options],
        1e-4,
        3,
        Instant::now() + Duration::from_secs(20),
    );
    assert!(!plans.is_empty(), "{category:?} to {at_least}");
    for plan in &plans {
        let g = engine_grade(&with_facts(&plan.grams));
        assert!(
            g.as_str() <= at_least,
            "{category:?}: {g} for {:?}",
            plan.grams
        );
    }
}

#[test]
fn a_spread_as_fats_oils_nuts_seeds_meets_its_grade_by_the_engine() {
    let lines = vec![
        line(
            600.0,
            food(
                "butter",
                &[
                    ("energy_kj", 3000.0),
                    ("total_fat_g", 81.0),
                    ("saturated_fat_g", 51.0),
                    ("sodium_mg", 600.0),
                    ("protein_g", 0.8),
                ],
            ),
        ),
        line(
            300.0,
            food(
                "rapeseed oil",
                &[
                    ("energy_kj", 3700.0),
                    ("total_fat_g", 100.0),
                    ("saturated_fat_g", 7.0),
                ],
            ),
        ),
    ];
    plans_meet(lines, Category::FatsOilsNutsSeeds, "C", |_| {});
}

#[test]
fn a_soft_drink_per_100_ml_meets_its_grade_by_the_engine() {
    let lines = vec![
        line(900.0, food("water", &[])),
        line(
            100.0,
            food("syrup", &[("energy_kj", 1100.0), ("total_sugars_g", 65.0)]),
        ),
    ];
    plans_meet(lines, Category::Beverage, "C", |f| {
        f.density_g_per_ml = Some(1.03);
        f.non_nutritive_sweeteners = Some(false);
    });
}

#[test]
fn red_meat_with_its_protein_cap_meets_its_grade_by_the_engine() {
    let lines = vec![
        line(
            800.0,
            food(
                "pork",
                &[
                    ("energy_kj", 1100.0),
                    ("saturated_fat_g", 7.5),
                    ("sodium_mg", 60.0),
                    ("protein_g", 20.0),
                ],
            ),
        ),
        line(24.0, food("salt", &[("sodium_mg", 38_758.0)])),
        line(
            150.0,
            food("lard", &[("energy_kj", 3700.0), ("saturated_fat_g", 39.0)]),
        ),
    ];
    plans_meet(lines, Category::RedMeat, "C", |_| {});
}
