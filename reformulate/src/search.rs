//! Several candidates: the best plan for every choice of substitutes, then alternatives to
//! the best one that leave its largest changes alone, ranked and without repeats.

use std::collections::BTreeSet;
use std::time::Instant;

use crate::model::{Plan, Problem};
use crate::program::{solve, Row};

/// Safety margins tried in turn, as a share of each limit: the solver sees exact linear
/// amounts; the engine recomputes them from rounded grams, and formats whose energy is not
/// quite linear (a clamp at 0) can differ. A candidate the engine refuses is searched again
/// with the next margin.
pub const MARGINS: [f64; 4] = [1e-4, 0.005, 0.02, 0.05];

/// Grams closer than this are the same plan.
const SAME_G: f64 = 0.05;

/// Every choice of foods: each line its own (0) or one of its substitutes (k), fixed lines
/// always their own; fewest replacements first.
pub fn choices(problem: &Problem) -> Vec<Vec<usize>> {
    let mut all = vec![vec![0; problem.lines.len()]];
    for (i, line) in problem.lines.iter().enumerate() {
        if problem.constraints.fixed.contains(&i) || line.substitutes.is_empty() {
            continue;
        }
        let mut more = Vec::with_capacity(all.len() * line.substitutes.len());
        for choice in &all {
            for k in 1..=line.substitutes.len() {
                let mut c = choice.clone();
                c[i] = k;
                more.push(c);
            }
        }
        all.extend(more);
    }
    all.sort_by_key(|c| c.iter().filter(|&&k| k != 0).count());
    all
}

/// The rows of every limit at `margin`.
pub fn rows(problem: &Problem, margin: f64) -> Vec<Row<'_>> {
    problem
        .limits
        .iter()
        .map(|limit| Row {
            limit,
            r: limit.target(margin),
        })
        .collect()
}

/// Up to `want` × 2 plans meeting every limit at `margin`, best first (the caller keeps
/// those the engine confirms). Stops trying more choices once `deadline` has passed and a
/// plan was found. Empty: no plan meets them (see [`crate::explain`]).
pub fn search(problem: &Problem, margin: f64, want: usize, deadline: Instant) -> Vec<Plan> {
    let rows = rows(problem, margin);
    let none = BTreeSet::new();
    let mut plans: Vec<Plan> = Vec::new();
    for choice in choices(problem) {
        if !plans.is_empty() && Instant::now() > deadline {
            break;
        }
        plans.extend(solve(problem, &choice, &rows, &none));
    }
    let objective = problem.objective;
    plans.sort_by(|a, b| a.score(objective).total_cmp(&b.score(objective)));
    // Alternatives to the best: the same foods, each of its changed lines in turn kept as
    // it was (largest change first), so a baker sees another way to the goal.
    if let Some(best) = plans.first().cloned() {
        let mut changed: Vec<usize> = (0..best.grams.len())
            .filter(|&i| best.choice[i] == 0)
            .filter(|&i| (best.grams[i] - problem.lines[i].grams).abs() > SAME_G)
            .collect();
        changed.sort_by(|&a, &b| {
            let delta = |i: usize| (best.grams[i] - problem.lines[i].grams).abs();
            delta(b).total_cmp(&delta(a))
        });
        for i in changed.into_iter().take(want) {
            if Instant::now() > deadline {
                break;
            }
            let held = BTreeSet::from([i]);
            plans.extend(solve(problem, &best.choice, &rows, &held));
        }
    }
    plans.sort_by(|a, b| a.score(objective).total_cmp(&b.score(objective)));
    let mut distinct: Vec<Plan> = Vec::new();
    for plan in plans {
        if !distinct.iter().any(|p| same(p, &plan)) {
            distinct.push(plan);
        }
    }
    distinct.truncate(want * 2);
    distinct
}

/// Whether two plans hold the same foods at the same grams.
pub fn same(a: &Plan, b: &Plan) -> bool {
    a.choice == b.choice
        && a.grams
            .iter()
            .zip(&b.grams)
            .all(|(x, y)| (x - y).abs() <= SAME_G)
}

/// Most combinations of alternatives tried (one alternative per disjunctive goal).
pub const MAX_COMBINATIONS: usize = 256;

/// The combinations of one alternative per goal of `options`, the best-ranked first (least
/// sum of ranks), at most [`MAX_COMBINATIONS`]. Empty when some goal has no alternative.
pub fn combinations(options: &[Vec<Vec<crate::limit::Limit>>]) -> Vec<Vec<usize>> {
    if options.iter().any(Vec::is_empty) {
        return Vec::new();
    }
    // Each goal's alternatives cut so that the product stays within the cap.
    let goals = u32::try_from(options.len()).unwrap_or(u32::MAX);
    let mut per_goal = MAX_COMBINATIONS;
    while per_goal > 1
        && per_goal
            .checked_pow(goals)
            .is_none_or(|n| n > MAX_COMBINATIONS)
    {
        per_goal -= 1;
    }
    let mut all: Vec<Vec<usize>> = vec![Vec::new()];
    for alternatives in options {
        let n = alternatives.len().min(per_goal);
        all = all
            .into_iter()
            .flat_map(|c| {
                (0..n).map(move |k| {
                    let mut c = c.clone();
                    c.push(k);
                    c
                })
            })
            .collect();
    }
    all.sort_by_key(|c| c.iter().sum::<usize>());
    all
}

/// Like [`search`], with goals that may be met in several ways: `problem.limits` must all
/// hold (the goals of one way), and for each entry of `options` (a goal such as a grade)
/// one of its alternatives. Tries the combinations best-ranked first until `deadline` (at
/// least one), and ranks every plan found together.
pub fn search_options(
    problem: &Problem,
    options: &[Vec<Vec<crate::limit::Limit>>],
    margin: f64,
    want: usize,
    deadline: Instant,
) -> Vec<Plan> {
    let mut plans: Vec<Plan> = Vec::new();
    for (n, combination) in combinations(options).into_iter().enumerate() {
        if n > 0 && Instant::now() > deadline {
            break;
        }
        let mut p = problem.clone();
        for (goal, &k) in options.iter().zip(&combination) {
            p.limits.extend(goal[k].iter().cloned());
        }
        plans.extend(search(&p, margin, want, deadline));
    }
    let objective = problem.objective;
    plans.sort_by(|a, b| a.score(objective).total_cmp(&b.score(objective)));
    let mut distinct: Vec<Plan> = Vec::new();
    for plan in plans {
        if !distinct.iter().any(|p| same(p, &plan)) {
            distinct.push(plan);
        }
    }
    distinct.truncate(want * 2);
    distinct
}
