//! The reformulation fields of a request, and their checks against the recipe's lines.

use std::collections::{BTreeMap, BTreeSet};

use nls_reformulate::{Bound, Constraints, Objective, TooLarge};
use nls_web::{ApiError, ErrorCode, JsonFields};
use serde::Deserialize;

/// Candidates answered when the request does not say.
pub const DEFAULT_CANDIDATES: usize = 3;

/// The largest change of a line, % of its grams, when the request does not say: without a
/// bound the cheapest fix of one goal can halve the flour and triple the water.
pub const DEFAULT_MAX_CHANGE_PCT: f64 = 50.0;

/// What to reformulate for, and within what (`POST /v1/recipes/{id}/reformulate`; the
/// same fields beside an analysis body in `POST /v1/reformulate`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReformFields {
    /// What every candidate's label must show (or not); at least one, at most 8.
    #[schema(min_items = 1, max_items = 8)]
    pub goals: Vec<GoalBody>,
    /// What the candidates must respect besides the goals.
    #[serde(default)]
    pub constraints: Option<ConstraintsBody>,
    /// Lines that may be replaced, each with the ingredients that may take its place.
    #[serde(default)]
    #[schema(max_items = 6)]
    pub substitutes: Option<Vec<SubstituteBody>>,
    /// Price per kilogram by ingredient id (`fooddb:…`, `ing_…`, `rcp_…`); every food's
    /// price is needed for `objective` `cost`.
    #[serde(default)]
    pub costs: Option<BTreeMap<String, f64>>,
    /// How many candidates to answer at most (default 3, at most 5).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 5, default = 3)]
    pub candidates: Option<usize>,
    /// What candidates are ranked by: `change` (least total change in grams, the default)
    /// or `cost` (least cost; keeps the total weight).
    #[serde(default)]
    pub objective: Option<ObjectiveBody>,
}

/// Fields of [`ReformFields`], for the unknown-field check.
pub const REFORM_FIELDS: &[&str] = &[
    "goals",
    "constraints",
    "substitutes",
    "costs",
    "candidates",
    "objective",
];

impl JsonFields for ReformFields {
    const ACCEPTED: &'static [&'static str] = REFORM_FIELDS;
}

/// One goal: exactly one of `without` (with `scheme`), `grade_at_least` (with `scheme`),
/// `claim`, or `at_most` (with `nutrient`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GoalBody {
    /// A front-of-pack scheme id of `GET /v1/fop-schemes` (`cl.fop.alto`,
    /// `eu.fop.nutriscore`).
    #[schema(examples("cl.fop.alto"))]
    pub scheme: Option<String>,
    /// Marks of a warning scheme to lose, by code (`sugars`) or printed text (`ALTO EN
    /// AZÚCARES`); empty: every mark of the scheme.
    #[schema(examples(json!(["ALTO EN AZÚCARES"])))]
    pub without: Option<Vec<String>>,
    /// The least Nutri-Score (or grade scheme) grade, `A` best.
    #[schema(examples("B"))]
    pub grade_at_least: Option<String>,
    /// A claim code the food must qualify for (`low_sodium`).
    pub claim: Option<String>,
    /// The format whose label the `at_most` goal reads (default: the recipe's).
    pub format: Option<String>,
    /// A nutrient key of the label's `unrounded` (`sodium_mg`).
    #[schema(examples("sodium_mg"))]
    pub nutrient: Option<String>,
    /// The most of `nutrient`, in its unit, on `basis`.
    pub at_most: Option<f64>,
    /// Where `at_most` measures: `per_serving` (the default) or `per_100g`.
    pub basis: Option<BasisBody>,
}

/// Where a nutrient goal measures.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BasisBody {
    PerServing,
    /// Spelled `per100g` by the derived name; `per_100g`, as the README and the field's
    /// description spell it (and as `nutrients_per_100g` reads), is accepted too.
    #[serde(alias = "per_100g")]
    Per100g,
}

/// What ranks the candidates.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ObjectiveBody {
    Change,
    Cost,
}

/// What every candidate respects.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConstraintsBody {
    /// Lines (indexes into the recipe's `ingredients`) kept as they are.
    #[serde(default)]
    pub fixed_lines: Vec<usize>,
    /// Per line: the least and most grams it may have.
    #[serde(default)]
    pub lines: Vec<LineBounds>,
    /// The largest change of any kept line, % of its grams (default 50).
    #[schema(exclusive_minimum = 0, default = 50)]
    pub max_change_pct: Option<f64>,
    /// The lines' total grams stay as they are.
    #[serde(default)]
    pub keep_total_weight: bool,
    /// The number of servings stays (it always does: candidates change grams and foods
    /// only); accepted for clarity.
    #[serde(default)]
    pub keep_servings: bool,
}

/// The grams one line may have.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LineBounds {
    pub index: usize,
    #[schema(minimum = 0)]
    pub min_g: Option<f64>,
    #[schema(minimum = 0)]
    pub max_g: Option<f64>,
}

/// A line that may be replaced, and by what.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SubstituteBody {
    pub index: usize,
    /// Ingredient ids that may take the line's place (one of them), at most 5.
    #[schema(min_items = 1, max_items = 5, examples(json!(["fooddb:169655"])))]
    pub ingredients: Vec<String>,
}

/// The checked reformulation of a recipe of `lines` lines.
#[derive(Debug)]
pub struct Checked {
    pub constraints: Constraints,
    /// Per line: the ids of its substitutes.
    pub substitutes: BTreeMap<usize, Vec<String>>,
    /// Price per gram by ingredient id.
    pub cost_per_g: BTreeMap<String, f64>,
    pub candidates: usize,
    pub objective: Objective,
}

/// `reformulation_too_large` with its bound.
pub fn too_large(err: TooLarge) -> ApiError {
    ApiError::new(ErrorCode::ReformulationTooLarge, err.to_string()).with_details(
        serde_json::json!({"limit": err.bound.as_str(), "max": err.bound.max(), "value": err.value}),
    )
}

/// Checks the bounds, then every field against a recipe of `lines` lines.
pub fn check(body: &ReformFields, lines: usize, label_formats: usize) -> Result<Checked, ApiError> {
    let subs = body.substitutes.as_deref().unwrap_or_default();
    let bound = |b: Bound, v: usize| TooLarge::check(b, v).map_err(too_large);
    bound(Bound::Lines, lines)?;
    bound(Bound::Goals, body.goals.len())?;
    bound(
        Bound::Candidates,
        body.candidates.unwrap_or(DEFAULT_CANDIDATES),
    )?;
    bound(Bound::SubstitutedLines, subs.len())?;
    for s in subs {
        bound(Bound::SubstitutesPerLine, s.ingredients.len())?;
    }
    let choices = subs.iter().fold(1usize, |n, s| {
        n.saturating_mul(s.ingredients.len().saturating_add(1))
    });
    bound(Bound::SubstituteChoices, choices)?;
    bound(Bound::LabelFormats, label_formats)?;

    if body.goals.is_empty() {
        return Err(ApiError::validation("goals", "give at least one goal"));
    }
    let candidates = body.candidates.unwrap_or(DEFAULT_CANDIDATES);
    if candidates == 0 {
        return Err(ApiError::validation("candidates", "must be at least 1"));
    }
    let in_range = |field: String, i: usize| {
        if i < lines {
            Ok(())
        } else {
            Err(ApiError::validation(
                &field,
                format!("no line {i}: the recipe has {lines} lines (indexes from 0)"),
            ))
        }
    };
    let empty = ConstraintsBody::default();
    let c = body.constraints.as_ref().unwrap_or(&empty);
    let mut constraints = Constraints {
        max_change_pct: Some(c.max_change_pct.unwrap_or(DEFAULT_MAX_CHANGE_PCT)),
        keep_total_weight: c.keep_total_weight,
        ..Constraints::default()
    };
    if let Some(pct) = c.max_change_pct {
        if !(pct.is_finite() && pct > 0.0) {
            return Err(ApiError::validation(
                "constraints.max_change_pct",
                "must be a percentage greater than 0",
            ));
        }
    }
    for (k, &i) in c.fixed_lines.iter().enumerate() {
        in_range(format!("constraints.fixed_lines[{k}]"), i)?;
        constraints.fixed.insert(i);
    }
    for (k, line) in c.lines.iter().enumerate() {
        let field = format!("constraints.lines[{k}]");
        in_range(format!("{field}.index"), line.index)?;
        for (name, g) in [("min_g", line.min_g), ("max_g", line.max_g)] {
            if g.is_some_and(|g| !(g.is_finite() && g >= 0.0)) {
                return Err(ApiError::validation(
                    &format!("{field}.{name}"),
                    "must be a number of grams, 0 or more",
                ));
            }
        }
        if let (Some(lo), Some(hi)) = (line.min_g, line.max_g) {
            if lo > hi {
                return Err(ApiError::validation(
                    &format!("{field}.max_g"),
                    "must not be below min_g",
                ));
            }
        }
        if constraints
            .bounds
            .insert(line.index, (line.min_g, line.max_g))
            .is_some()
        {
            return Err(ApiError::validation(
                &format!("{field}.index"),
                "another entry of constraints.lines has this index",
            ));
        }
    }
    let mut substitutes = BTreeMap::new();
    for (k, s) in subs.iter().enumerate() {
        let field = format!("substitutes[{k}]");
        in_range(format!("{field}.index"), s.index)?;
        if constraints.fixed.contains(&s.index) {
            return Err(ApiError::validation(
                &format!("{field}.index"),
                "the line is in constraints.fixed_lines: a fixed line is not replaced",
            ));
        }
        if s.ingredients.is_empty() {
            return Err(ApiError::validation(
                &format!("{field}.ingredients"),
                "give at least one ingredient id",
            ));
        }
        let distinct: BTreeSet<&String> = s.ingredients.iter().collect();
        if distinct.len() != s.ingredients.len() {
            return Err(ApiError::validation(
                &format!("{field}.ingredients"),
                "an ingredient is listed twice",
            ));
        }
        if substitutes.insert(s.index, s.ingredients.clone()).is_some() {
            return Err(ApiError::validation(
                &format!("{field}.index"),
                "another entry of substitutes has this index",
            ));
        }
    }
    let mut cost_per_g = BTreeMap::new();
    for (id, price) in body.costs.iter().flatten() {
        if !(price.is_finite() && *price >= 0.0) {
            return Err(ApiError::validation(
                &format!("costs.{id}"),
                "must be a price per kg, 0 or more",
            ));
        }
        cost_per_g.insert(id.clone(), price / 1000.0);
    }
    let objective = match body.objective {
        Some(ObjectiveBody::Cost) => Objective::Cost,
        Some(ObjectiveBody::Change) | None => Objective::Change,
    };
    Ok(Checked {
        constraints,
        substitutes,
        cost_per_g,
        candidates,
        objective,
    })
}
