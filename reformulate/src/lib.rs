//! Reformulation: the smallest change to a recipe's grams (or its cheapest version, or one
//! with some lines replaced by allowed substitutes) whose label meets goals such as "no ALTO
//! EN AZÚCARES seal" or "at most 140 mg sodium per serving". Pure: no I/O.
//!
//! A mix's nutrients are linear in its lines' grams, and every limit a goal sets is a ratio
//! of two such linear forms (per 100 g of the product, a share of its energy, mg per kcal,
//! per serving), so "value under the limit" is one linear inequality. The [`program`] module
//! turns goals and constraints into a linear program and solves it ([`good_lp`] with the
//! pure-Rust microlp solver); [`search`] gathers several candidates (each choice of
//! substitutes, then alternatives without the best one's largest change); [`explain`] says
//! why a goal cannot be reached and which constraint binds. A goal is a seal to lose, a
//! nutrient under a number, a nutrient content claim to earn (its conditions from
//! `nutrition/data/claims.json`), or a Nutri-Score grade to reach: a step function, so its
//! [`grade`] goal is several alternative sets of limits, any one of which suffices
//! ([`Goal::options`], [`search_options`], [`explain_options`]). Limits are computed on exact
//! amounts with a safety [`margin`](search::MARGINS), and the caller re-derives every
//! candidate with the real label engine before showing it.

pub mod bounds;
pub mod explain;
pub mod goal;
pub mod grade;
pub mod limit;
pub mod model;
pub mod program;
pub mod search;

pub use bounds::{Bound, TooLarge};
pub use explain::{explain, explain_options, Binding, Unreachable};
pub use goal::{Goal, GoalError, NutrientBasis, Serving};
pub use limit::{Amount, Limit, Over};
pub use model::{Constraints, Food, Line, Objective, Plan, Problem, Profile, Weight};
pub use search::{search, search_options, MARGINS};

#[cfg(test)]
mod tests;
