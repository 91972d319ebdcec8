//! Why no plan meets the goals: the first limit that cannot be met (alone, or together with
//! the limits before it), the best value the constraints allow for it, and the constraints
//! that bind: those whose lifting lets the limit be met.

use std::collections::BTreeSet;
use std::time::Instant;

use serde::Serialize;

use crate::limit::Limit;
use crate::model::{Constraints, Problem};
use crate::program::{solve, Row};
use crate::search::choices;

/// Halvings of the interval when searching the best reachable value (2⁻²⁴ of it).
const BISECTIONS: usize = 24;

/// Doublings of a negative value's range before bisecting (2⁴⁰ times the first value).
const WIDENINGS: usize = 40;

/// A goal that cannot be reached, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Unreachable {
    /// Index of the goal in the request.
    pub goal: usize,
    /// The limit of that goal that cannot be met, in words.
    pub limit: String,
    /// The limit's value.
    pub below: f64,
    /// The least value the constraints (and the limits met before it) allow, when any
    /// recipe meets them.
    pub best: Option<f64>,
    /// What stands in the way, in the order lifted; usually one.
    pub binding: Vec<Binding>,
}

/// A constraint that binds.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "constraint", rename_all = "snake_case")]
pub enum Binding {
    /// The largest change allowed.
    MaxChangePct {
        max_change_pct: f64,
    },
    /// Lines held as they are.
    FixedLines {
        lines: Vec<usize>,
    },
    /// Lines' `min_g`/`max_g`.
    LineBounds {
        lines: Vec<usize>,
    },
    KeepTotalWeight,
    /// Other goals (indexes), met together with which this one cannot be.
    Goals {
        goals: Vec<usize>,
    },
    /// No grams of these foods meet it, whatever the constraints: only a substitute can.
    Ingredients,
    /// The constraints exclude every recipe, goals or not.
    Constraints,
}

/// Why `problem`'s limits cannot all be met at `margin`. Stops refining the best value once
/// `deadline` has passed.
pub fn explain(problem: &Problem, margin: f64, deadline: Instant) -> Unreachable {
    let first_goal = problem.limits.first().map_or(0, |l| l.goal);
    if !reachable(problem, &[]) {
        return Unreachable {
            goal: first_goal,
            limit: String::new(),
            below: 0.0,
            best: None,
            binding: vec![Binding::Constraints],
        };
    }
    let rows: Vec<Row> = crate::search::rows(problem, margin);
    // The first limit that cannot be met with those before it.
    let Some(k) = (0..rows.len()).find(|&k| !reachable(problem, &rows[..=k])) else {
        // Every limit together is met at this margin: nothing to explain (the caller asked
        // because the engine refused every candidate).
        return Unreachable {
            goal: first_goal,
            limit: String::new(),
            below: 0.0,
            best: None,
            binding: Vec::new(),
        };
    };
    let limit = rows[k].limit;
    let alone = reachable(problem, &rows[k..=k]);
    let binding = if alone {
        let mut goals: Vec<usize> = rows[..k]
            .iter()
            .filter(|r| !reachable(problem, &[**r, rows[k]]))
            .map(|r| r.limit.goal)
            .collect();
        if goals.is_empty() {
            goals = rows[..k].iter().map(|r| r.limit.goal).collect();
        }
        goals.dedup();
        vec![Binding::Goals { goals }]
    } else {
        binding(problem, rows[k])
    };
    let before = if alone { &rows[..k] } else { &[][..] };
    Unreachable {
        goal: limit.goal,
        limit: limit.what.clone(),
        below: limit.below,
        best: best_value(problem, limit, before, deadline),
        binding,
    }
}

/// Whether some choice of foods meets `rows`.
fn reachable(problem: &Problem, rows: &[Row]) -> bool {
    let none = BTreeSet::new();
    choices(problem)
        .iter()
        .any(|c| solve(problem, c, rows, &none).is_some())
}

/// The constraints that keep `row` from being met: lifted one family at a time (and, within
/// fixed lines and bounds, one line at a time), the first lifting that lets it be met; if
/// none does alone, the families lifted together until it is; [`Binding::Ingredients`] when
/// even without them it is not.
fn binding(problem: &Problem, row: Row) -> Vec<Binding> {
    let c = &problem.constraints;
    let met = |constraints: Constraints| {
        let relaxed = Problem {
            constraints,
            ..problem.clone()
        };
        reachable(&relaxed, &[row])
    };
    let mut lifted: Vec<(Binding, Constraints)> = Vec::new();
    if let Some(pct) = c.max_change_pct {
        let mut without = c.clone();
        without.max_change_pct = None;
        lifted.push((
            Binding::MaxChangePct {
                max_change_pct: pct,
            },
            without,
        ));
    }
    if !c.fixed.is_empty() {
        let lines = each_line(c.fixed.iter().copied(), |i| {
            let mut without = c.clone();
            without.fixed.remove(&i);
            met(without)
        });
        let mut without = c.clone();
        without.fixed.clear();
        let lines = if lines.is_empty() {
            c.fixed.iter().copied().collect()
        } else {
            lines
        };
        lifted.push((Binding::FixedLines { lines }, without));
    }
    if !c.bounds.is_empty() {
        let lines = each_line(c.bounds.keys().copied(), |i| {
            let mut without = c.clone();
            without.bounds.remove(&i);
            met(without)
        });
        let mut without = c.clone();
        without.bounds.clear();
        let lines = if lines.is_empty() {
            c.bounds.keys().copied().collect()
        } else {
            lines
        };
        lifted.push((Binding::LineBounds { lines }, without));
    }
    if c.keep_total_weight {
        let mut without = c.clone();
        without.keep_total_weight = false;
        lifted.push((Binding::KeepTotalWeight, without));
    }
    // One family alone.
    if let Some((b, _)) = lifted.iter().find(|(_, without)| met(without.clone())) {
        return vec![b.clone()];
    }
    // Together, in order.
    let mut so_far = c.clone();
    let mut named = Vec::new();
    for (b, _) in &lifted {
        match b {
            Binding::MaxChangePct { .. } => so_far.max_change_pct = None,
            Binding::FixedLines { .. } => so_far.fixed.clear(),
            Binding::LineBounds { .. } => so_far.bounds.clear(),
            Binding::KeepTotalWeight => so_far.keep_total_weight = false,
            _ => {}
        }
        named.push(b.clone());
        if met(so_far.clone()) {
            return named;
        }
    }
    vec![Binding::Ingredients]
}

/// The lines of `lines` whose lifting alone lets the limit be met.
fn each_line(lines: impl Iterator<Item = usize>, met: impl Fn(usize) -> bool) -> Vec<usize> {
    lines.filter(|&i| met(i)).collect()
}

/// The least value of `limit` any plan meeting the constraints and `before` has: by
/// bisection on the limit, from the value of such a plan down to 0.
fn best_value(problem: &Problem, limit: &Limit, before: &[Row], deadline: Instant) -> Option<f64> {
    let none = BTreeSet::new();
    let mut best: Option<f64> = None;
    for choice in choices(problem) {
        if best.is_some() && Instant::now() > deadline {
            break;
        }
        let Some(plan) = solve(problem, &choice, before, &none) else {
            continue;
        };
        let Some(mut hi) = limit.value(problem, &plan) else {
            continue;
        };
        let mut lo = 0.0_f64.min(hi);
        let at = |r: f64| {
            let mut rows = before.to_vec();
            rows.push(Row { limit, r });
            solve(problem, &choice, &rows, &none).is_some()
        };
        // A negative value (an "at least" limit: −amount) has no floor at 0: widen down
        // until the constraints cannot reach it, so the bisection finds the least one.
        let mut widenings = 0;
        while hi < 0.0 && widenings < WIDENINGS && at(lo) {
            hi = lo;
            lo *= 2.0;
            widenings += 1;
        }
        if at(lo) {
            hi = lo;
        } else {
            for _ in 0..BISECTIONS {
                let mid = (lo + hi) / 2.0;
                if at(mid) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
        }
        best = Some(best.map_or(hi, |b: f64| b.min(hi)));
    }
    best
}

/// Why no plan meets `problem.limits` together with one alternative of each entry of
/// `options` (see [`crate::search::search_options`]): the conjunctive limits' own failure
/// when they fail alone; else the first goal of `options` none of whose alternatives can be
/// met with them, explained on the alternative that came closest (least shortfall of its
/// failing limit, relative to the limit); else the best-ranked combination explained.
pub fn explain_options(
    problem: &Problem,
    options: &[Vec<Vec<Limit>>],
    margin: f64,
    deadline: Instant,
) -> Unreachable {
    let base = crate::search::rows(problem, margin);
    if !reachable(problem, &base) {
        return explain(problem, margin, deadline);
    }
    let with = |alternative: &[Limit]| {
        let mut p = problem.clone();
        p.limits.extend(alternative.iter().cloned());
        p
    };
    for alternatives in options {
        let met = alternatives.iter().any(|a| {
            let p = with(a);
            reachable(&p, &crate::search::rows(&p, margin))
        });
        if met {
            continue;
        }
        let mut closest: Option<(f64, Unreachable)> = None;
        for (k, a) in alternatives.iter().enumerate() {
            if k > 0 && Instant::now() > deadline {
                break;
            }
            let why = explain(&with(a), margin, deadline);
            // The shortfall of the failing limit, as a share of it; unknown counts as far.
            let gap = why.best.map_or(f64::INFINITY, |b| {
                (b - why.below).max(0.0) / why.below.abs().max(1e-9)
            });
            if closest.as_ref().is_none_or(|(g, _)| gap < *g) {
                closest = Some((gap, why));
            }
        }
        if let Some((_, why)) = closest {
            return why;
        }
    }
    // Each goal can be met alone: they clash together; explain the best-ranked choice.
    let mut p = problem.clone();
    for alternatives in options {
        if let Some(a) = alternatives.first() {
            p.limits.extend(a.iter().cloned());
        }
    }
    explain(&p, margin, deadline)
}
