//! What a reformulation answers: candidates, each with its changes, the ingredients to
//! send back in `PUT /v1/recipes/{id}`, and the engine's label for it.

use nls_reformulate::{Plan, Problem};
use serde::Serialize;
use serde_json::Value;

use crate::labels::FormatLabel;

/// Grams closer than this to the old grams are no change.
const SAME_G: f64 = 0.05;

/// The answer of both reformulation routes. Nothing is saved.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = ReformulationResult)]
pub struct ReformResult {
    /// Up to `candidates` candidates whose label (computed by the same engine as
    /// `POST /v1/analyze`) meets every goal, best first: least total change in grams, or
    /// least cost with `objective` `cost`.
    pub candidates: Vec<Candidate>,
}

/// One way to meet the goals.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Candidate {
    /// The lines that keep their food and change grams.
    pub lines: Vec<LineChange>,
    /// The lines replaced by a substitute.
    pub substitutions: Vec<Substitution>,
    /// The recipe's `ingredients` with the new grams and substitutes, ready for
    /// `PUT /v1/recipes/{id}` (or another analysis).
    #[schema(value_type = Vec<Object>)]
    pub ingredients: Vec<Value>,
    /// Total change in grams: |new − old| of kept lines, old + new grams of replaced ones.
    pub change_g: f64,
    /// Cost of the new recipe minus the old one's (prices of `costs`, per kg), when every
    /// food's price is known.
    pub cost_change: Option<f64>,
    /// Every goal, as the candidate's label meets it.
    pub goals_met: Vec<GoalMet>,
    /// The label `POST /v1/analyze` answers for this candidate, in the recipe's format.
    pub label: nls_nutrition::Label,
    /// The label in each of `label_formats` (empty when none was asked for).
    pub labels: Vec<FormatLabel>,
}

/// A line's new grams.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LineChange {
    /// Index in the recipe's `ingredients`.
    pub index: usize,
    pub grams: f64,
    pub was_g: f64,
}

/// A line replaced by a substitute.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Substitution {
    /// Index in the recipe's `ingredients`.
    pub index: usize,
    /// The ingredient id the line held.
    pub replaces: String,
    /// The substitute's ingredient id.
    pub ingredient: String,
    pub grams: f64,
}

/// A goal the candidate meets.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GoalMet {
    /// Index in `goals`.
    pub goal: usize,
    /// The goal in words.
    pub what: String,
}

/// Grams as a recipe prints them: 0.1 g (the plan is already rounded; this removes float
/// noise such as 212.50000000001).
fn grams(g: f64) -> f64 {
    (g * 10.0).round() / 10.0
}

/// The changes of `plan` and the recipe's entries (`entries`, as sent) it makes.
pub fn changes(
    problem: &Problem,
    plan: &Plan,
    entries: &[Value],
) -> (Vec<LineChange>, Vec<Substitution>, Vec<Value>) {
    let mut lines = Vec::new();
    let mut substitutions = Vec::new();
    let mut out = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let g = grams(plan.grams[i]);
        let line = &problem.lines[i];
        if plan.choice[i] == 0 {
            if (g - line.grams).abs() > SAME_G {
                lines.push(LineChange {
                    index: i,
                    grams: g,
                    was_g: line.grams,
                });
            }
            let mut e = entry.clone();
            e["grams"] = serde_json::json!(g);
            out.push(e);
        } else {
            let food = problem.food(i, plan.choice[i]);
            substitutions.push(Substitution {
                index: i,
                replaces: line.food.id.clone(),
                ingredient: food.id.clone(),
                grams: g,
            });
            // The old line's name, label name and overrides described the old food.
            out.push(serde_json::json!({"ingredient_id": food.id, "grams": g}));
        }
    }
    (lines, substitutions, out)
}
