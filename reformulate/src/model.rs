//! What a reformulation works on: the recipe's lines with their foods' amounts per 100 g,
//! what may replace them, the constraints, and what a found plan looks like.

use std::collections::{BTreeMap, BTreeSet};

use crate::limit::Limit;

/// A food's amounts per 100 g as a label engine computes them for each format asked
/// (format id, then the keys of the label's `unrounded`: `sodium_mg`, `energy_kcal`, ...).
/// Per format because formats differ in how they compute energy.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Profile(pub BTreeMap<String, BTreeMap<String, f64>>);

impl Profile {
    /// The amount of `key` per 100 g in `format`; an amount the data lacks counts as 0, as
    /// the label declares it.
    pub fn get(&self, format: &str, key: &str) -> f64 {
        self.0
            .get(format)
            .and_then(|m| m.get(key))
            .copied()
            .filter(|v| v.is_finite())
            .unwrap_or(0.0)
    }

    /// Energy in kcal per 100 g in `format`: `energy_kcal` where the format declares it,
    /// else `calories` (what the front-of-pack schemes read, in that order).
    pub fn kcal(&self, format: &str) -> f64 {
        let amounts = self.0.get(format);
        amounts
            .and_then(|m| m.get("energy_kcal").or_else(|| m.get("calories")))
            .copied()
            .filter(|v| v.is_finite())
            .unwrap_or(0.0)
    }
}

/// An ingredient a line holds or may take.
#[derive(Debug, Clone, PartialEq)]
pub struct Food {
    /// How the recipe names it (`ing_…`, `fooddb:…`, `rcp_…`).
    pub id: String,
    pub per_100g: Profile,
    /// Price per gram, when known.
    pub cost_per_g: Option<f64>,
}

/// One line of the recipe.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Its grams now.
    pub grams: f64,
    pub food: Food,
    /// Foods that may take its place (one of them, at grams the solver chooses).
    pub substitutes: Vec<Food>,
}

/// What a plan must respect besides the goals.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Constraints {
    /// Lines (indexes) whose grams and food stay as they are.
    pub fixed: BTreeSet<usize>,
    /// Per line: the least and the most grams it may have.
    pub bounds: BTreeMap<usize, (Option<f64>, Option<f64>)>,
    /// The largest change of a kept line, in % of its grams (substituted lines are replaced,
    /// not changed).
    pub max_change_pct: Option<f64>,
    /// The total of the lines' grams stays as it is.
    pub keep_total_weight: bool,
}

impl Constraints {
    /// The least and most grams of line `i` (its own bounds, then fixed, then the largest
    /// change) when it keeps its food and now weighs `grams`.
    pub fn range(&self, i: usize, grams: f64) -> (f64, f64) {
        if self.fixed.contains(&i) {
            return (grams, grams);
        }
        let (lo, hi) = self.own_range(i);
        match self.max_change_pct {
            Some(pct) => {
                let delta = grams * pct / 100.0;
                (lo.max(grams - delta), hi.min(grams + delta))
            }
            None => (lo, hi),
        }
    }

    /// The line's own bounds (`min_g`, `max_g`), or 0 and no upper bound.
    pub fn own_range(&self, i: usize) -> (f64, f64) {
        let (lo, hi) = self.bounds.get(&i).copied().unwrap_or_default();
        (lo.unwrap_or(0.0).max(0.0), hi.unwrap_or(f64::INFINITY))
    }
}

/// What per 100 g of the product is measured against.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Weight {
    /// The sum of the lines' grams (no serving weight given: nothing is lost in cooking).
    Total,
    /// A final weight the recipe states (servings × serving weight), whatever the grams.
    Fixed(f64),
}

/// What the candidates are ranked by.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Objective {
    /// The least total change in grams.
    #[default]
    Change,
    /// The least cost (every food's price must be known).
    Cost,
}

/// Everything a reformulation is solved from.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub lines: Vec<Line>,
    pub weight: Weight,
    pub limits: Vec<Limit>,
    pub constraints: Constraints,
    pub objective: Objective,
}

impl Problem {
    /// The food line `i` holds under `choice` (0: its own, k: its k-th substitute).
    pub fn food(&self, i: usize, choice: usize) -> &Food {
        let line = &self.lines[i];
        match choice.checked_sub(1) {
            Some(k) => line.substitutes.get(k).unwrap_or(&line.food),
            None => &line.food,
        }
    }

    /// The plan that changes nothing.
    pub fn unchanged(&self) -> Plan {
        Plan::new(
            self,
            self.lines.iter().map(|l| l.grams).collect(),
            vec![0; self.lines.len()],
        )
    }

    /// Whether the total weight stays: asked for, or implied by a cost objective (cost
    /// compares recipes of one weight; otherwise the cheapest recipe is the smallest).
    pub fn keeps_total(&self) -> bool {
        self.constraints.keep_total_weight || self.objective == Objective::Cost
    }

    /// Whether every food of the problem has a price.
    pub fn costs_known(&self) -> bool {
        self.lines.iter().all(|l| {
            l.food.cost_per_g.is_some() && l.substitutes.iter().all(|s| s.cost_per_g.is_some())
        })
    }

    /// The constraints `plan` breaks, in words (none for a plan the solver found; the
    /// property tests check every candidate with it).
    pub fn violations(&self, plan: &Plan) -> Vec<String> {
        const TOLERANCE_G: f64 = 1e-6;
        let c = &self.constraints;
        let mut out = Vec::new();
        for (i, line) in self.lines.iter().enumerate() {
            let g = plan.grams[i];
            if g < -TOLERANCE_G {
                out.push(format!("line {i}: negative grams {g}"));
            }
            let (lo, hi) = if plan.choice[i] == 0 {
                c.range(i, line.grams)
            } else {
                if c.fixed.contains(&i) {
                    out.push(format!("line {i}: fixed but replaced"));
                }
                c.own_range(i)
            };
            let slack = TOLERANCE_G + 1e-9 * line.grams;
            if g < lo - slack || g > hi + slack {
                out.push(format!("line {i}: {g} g outside {lo}..{hi}"));
            }
        }
        let total: f64 = plan.grams.iter().sum();
        let before: f64 = self.lines.iter().map(|l| l.grams).sum();
        if self.keeps_total() && (total - before).abs() > 1e-6 * before.max(1.0) {
            out.push(format!("total weight {total} g, was {before} g"));
        }
        out
    }
}

/// A set of new grams (and foods) for every line.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub grams: Vec<f64>,
    /// Per line: 0 keeps its food, k takes its k-th substitute.
    pub choice: Vec<usize>,
    /// Total change in grams: |new − old| of kept lines, old + new of replaced ones.
    pub change_g: f64,
    /// Cost of the new recipe minus the old one's, when every price is known.
    pub cost_change: Option<f64>,
}

impl Plan {
    /// A plan with its change and cost worked out.
    pub fn new(problem: &Problem, grams: Vec<f64>, choice: Vec<usize>) -> Self {
        let mut change_g = 0.0;
        let mut cost_change = Some(0.0);
        for (i, line) in problem.lines.iter().enumerate() {
            let food = problem.food(i, choice[i]);
            change_g += if choice[i] == 0 {
                (grams[i] - line.grams).abs()
            } else {
                line.grams + grams[i]
            };
            cost_change = match (cost_change, food.cost_per_g, line.food.cost_per_g) {
                (Some(sum), Some(new), Some(old)) => Some(sum + new * grams[i] - old * line.grams),
                _ => None,
            };
        }
        Self {
            grams,
            choice,
            change_g,
            cost_change,
        }
    }

    /// The value the plan is ranked by under `objective` (cost falls back to change).
    pub fn score(&self, objective: Objective) -> f64 {
        match (objective, self.cost_change) {
            (Objective::Cost, Some(cost)) => cost,
            _ => self.change_g,
        }
    }

    /// The plan with its grams rounded to 0.1 g, toward the old grams where that keeps
    /// every bound (a printed recipe does not weigh 12.3456 g), and its totals redone.
    pub fn rounded(&self, problem: &Problem) -> Self {
        let grams = self
            .grams
            .iter()
            .enumerate()
            .map(|(i, &g)| {
                let old = problem.lines[i].grams;
                let (lo, hi) = if self.choice[i] == 0 {
                    problem.constraints.range(i, old)
                } else {
                    problem.constraints.own_range(i)
                };
                let toward = if self.choice[i] == 0 && old < g {
                    (g * 10.0).floor() / 10.0
                } else if self.choice[i] == 0 {
                    (g * 10.0).ceil() / 10.0
                } else {
                    (g * 10.0).round() / 10.0
                };
                if (lo - 1e-9..=hi + 1e-9).contains(&toward) {
                    toward
                } else {
                    g
                }
            })
            .collect();
        let mut plan = Self::new(problem, grams, self.choice.clone());
        // Rounding must not break the total weight kept: the largest line takes the rest.
        if problem.keeps_total() {
            let before: f64 = problem.lines.iter().map(|l| l.grams).sum();
            let total: f64 = plan.grams.iter().sum();
            let free = (0..plan.grams.len())
                .filter(|i| !problem.constraints.fixed.contains(i))
                .max_by(|a, b| plan.grams[*a].total_cmp(&plan.grams[*b]));
            if let Some(i) = free {
                plan.grams[i] += before - total;
            }
            plan = Self::new(problem, plan.grams, plan.choice);
        }
        plan
    }
}
