//! One linear program: the new grams of every line, for one choice of foods, under the
//! constraints and a set of limit rows, at the least change (or cost).
//!
//! Variables: `xᵢ`, the grams of line `i`, bounded by its own range, the largest change and
//! `fixed_lines`; for a line that keeps its food, `upᵢ, downᵢ ≥ 0` with
//! `xᵢ − upᵢ + downᵢ = oldᵢ`, so that `upᵢ + downᵢ = |xᵢ − oldᵢ|` at the optimum. A line
//! replaced by a substitute changes by `oldᵢ + xᵢ` (all of the old food goes, all of the new
//! comes). Rows: each limit `value ≤ r` as [`Limit::row`]; the total weight kept, or at
//! least [`MIN_TOTAL_G`].

use std::collections::BTreeSet;

use good_lp::{constraint, microlp, variable, Expression, ProblemVariables, Solution, SolverModel};

use crate::limit::Limit;
use crate::model::{Objective, Plan, Problem};

/// The least a reformulated recipe weighs: every limit is a ratio, which an empty recipe
/// (0 over 0) would meet.
pub const MIN_TOTAL_G: f64 = 1.0;

/// The weight of the change in a cost objective: it only breaks ties between equally cheap
/// plans.
const TIE_BREAK: f64 = 1e-6;

/// A limit as a row: the value must stay at most `r`.
#[derive(Debug, Clone, Copy)]
pub struct Row<'a> {
    pub limit: &'a Limit,
    pub r: f64,
}

/// The best plan for `choice` with every row met and the lines in `held` kept as they are;
/// `None` when no plan meets them (or the solver fails, which counts as the same).
pub fn solve(
    problem: &Problem,
    choice: &[usize],
    rows: &[Row],
    held: &BTreeSet<usize>,
) -> Option<Plan> {
    let c = &problem.constraints;
    let mut vars = ProblemVariables::new();
    let mut grams = Vec::with_capacity(problem.lines.len());
    let mut change = Expression::from(0.0);
    let mut cost = Expression::from(0.0);
    let mut links = Vec::new();
    for (i, line) in problem.lines.iter().enumerate() {
        let old = line.grams;
        let (lo, hi) = match choice[i] {
            _ if held.contains(&i) => (old, old),
            0 => c.range(i, old),
            _ => c.own_range(i),
        };
        if lo > hi {
            return None;
        }
        let x = if hi.is_finite() {
            vars.add(variable().min(lo).max(hi))
        } else {
            vars.add(variable().min(lo))
        };
        if choice[i] == 0 {
            let up = vars.add(variable().min(0.0));
            let down = vars.add(variable().min(0.0));
            change += up + down;
            links.push(constraint!(x - up + down == old));
        } else {
            change += x;
        }
        if let Some(price) = problem.food(i, choice[i]).cost_per_g {
            cost += price * x;
        }
        grams.push(x);
    }
    let objective = match problem.objective {
        Objective::Cost if problem.costs_known() => cost + TIE_BREAK * change,
        _ => change,
    };
    let mut model = vars.minimise(objective).using(microlp);
    for link in links {
        model = model.with(link);
    }
    let total: Expression = grams.iter().copied().sum();
    if problem.keeps_total() {
        let before: f64 = problem.lines.iter().map(|l| l.grams).sum();
        model = model.with(constraint!(total == before));
    } else {
        model = model.with(constraint!(total >= MIN_TOTAL_G));
    }
    for row in rows {
        let (coefs, rhs) = row.limit.row(problem, choice, row.r);
        let lhs: Expression = coefs.iter().zip(&grams).map(|(a, x)| *a * *x).sum();
        model = model.with(constraint!(lhs <= rhs));
    }
    let solution = model.solve().ok()?;
    let values = grams.iter().map(|x| solution.value(*x).max(0.0)).collect();
    Some(Plan::new(problem, values, choice.to_vec()))
}
