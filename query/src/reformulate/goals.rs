//! Goals as the request gives them: checked, turned into the solver's goals, and confirmed
//! on a label the engine printed.

use nls_nutrition::fop::Mark;
use nls_nutrition::format::Format;
use nls_reformulate::{goal, Goal, NutrientBasis};
use nls_web::{ApiError, Plan};

use super::body::{BasisBody, GoalBody};
use crate::analyze::Analysis;

/// A checked goal.
#[derive(Debug, Clone)]
pub enum GoalSpec {
    /// None of `marks` (codes or printed texts; empty: any) of a warning scheme.
    Without { scheme: String, marks: Vec<String> },
    /// A grade of `scheme` at `at_least` or better (`A` best).
    Grade { scheme: String, at_least: String },
    /// The food qualifies for `claim`.
    Claim { claim: String },
    /// The exact amount of `nutrient` on `basis` in `format`'s label is at most `at_most`.
    AtMost {
        format: &'static Format,
        /// `format` is the recipe's own (its label is `label`, not one of `labels`).
        main: bool,
        nutrient: String,
        at_most: f64,
        basis: NutrientBasis,
    },
}

/// Checks every goal; `format` is the recipe's label format.
pub fn parse(
    goals: &[GoalBody],
    format: &'static Format,
    plan: &Plan,
) -> Result<Vec<GoalSpec>, ApiError> {
    goals
        .iter()
        .enumerate()
        .map(|(i, g)| parse_one(i, g, format, plan))
        .collect()
}

fn parse_one(
    i: usize,
    g: &GoalBody,
    format: &'static Format,
    plan: &Plan,
) -> Result<GoalSpec, ApiError> {
    let field = |name: &str| format!("goals[{i}].{name}");
    let kinds = [
        g.without.is_some(),
        g.grade_at_least.is_some(),
        g.claim.is_some(),
        g.at_most.is_some(),
    ];
    if kinds.iter().filter(|k| **k).count() != 1 {
        return Err(ApiError::validation(
            &format!("goals[{i}]"),
            "give exactly one of without (with scheme), grade_at_least (with scheme), claim, \
             or at_most (with nutrient)",
        ));
    }
    let scheme = || -> Result<String, ApiError> {
        let id = g
            .scheme
            .clone()
            .ok_or_else(|| ApiError::validation(&field("scheme"), "is required"))?;
        if nls_nutrition::fop::scheme(&id).is_none() {
            return Err(ApiError::validation(
                &field("scheme"),
                format!("unknown front-of-pack scheme {id:?} (see GET /v1/fop-schemes)"),
            ));
        }
        Ok(id)
    };
    if let Some(marks) = &g.without {
        return Ok(GoalSpec::Without {
            scheme: scheme()?,
            marks: marks.clone(),
        });
    }
    if let Some(grade) = &g.grade_at_least {
        let scheme = scheme()?;
        let grade = grade.trim().to_uppercase();
        if !(grade.len() == 1 && ("A"..="E").contains(&grade.as_str())) {
            return Err(ApiError::validation(
                &field("grade_at_least"),
                "must be a grade letter, A to E",
            ));
        }
        return Ok(GoalSpec::Grade {
            scheme,
            at_least: grade,
        });
    }
    if let Some(claim) = &g.claim {
        if claim.trim().is_empty() {
            return Err(ApiError::validation(&field("claim"), "give a claim code"));
        }
        return Ok(GoalSpec::Claim {
            claim: claim.trim().to_owned(),
        });
    }
    let at_most = g.at_most.unwrap_or_default();
    if !(at_most.is_finite() && at_most >= 0.0) {
        return Err(ApiError::validation(
            &field("at_most"),
            "must be a number, 0 or more",
        ));
    }
    let nutrient = g
        .nutrient
        .clone()
        .ok_or_else(|| ApiError::validation(&field("nutrient"), "is required with at_most"))?;
    let goal_format = match &g.format {
        Some(id) => nls_web::formats::label_format_for(&field("format"), id, plan)?,
        None => format,
    };
    Ok(GoalSpec::AtMost {
        main: goal_format.id == format.id,
        format: goal_format,
        nutrient,
        at_most,
        basis: match g.basis {
            Some(BasisBody::Per100g) => NutrientBasis::Per100g,
            Some(BasisBody::PerServing) | None => NutrientBasis::PerServing,
        },
    })
}

impl GoalSpec {
    /// The solver's goal.
    pub fn solver_goal(&self) -> Goal {
        match self {
            Self::Without { scheme, marks } => Goal::Without {
                scheme: scheme.clone(),
                marks: marks.clone(),
            },
            Self::AtMost {
                format,
                nutrient,
                at_most,
                basis,
                ..
            } => Goal::AtMost {
                format: format.id.clone(),
                nutrient: nutrient.clone(),
                at_most: *at_most,
                basis: *basis,
            },
            Self::Grade { scheme, at_least } => Goal::Grade {
                scheme: scheme.clone(),
                at_least: at_least.clone(),
            },
            Self::Claim { claim } => Goal::Claim {
                claim: claim.clone(),
            },
        }
    }

    /// The front-of-pack scheme the label must compute for this goal to be judged.
    pub fn scheme(&self) -> Option<&str> {
        match self {
            Self::Without { scheme, .. } | Self::Grade { scheme, .. } => Some(scheme),
            _ => None,
        }
    }

    /// A format the analysis must print besides the recipe's.
    pub fn extra_format(&self) -> Option<&'static Format> {
        match self {
            Self::AtMost {
                format,
                main: false,
                ..
            } => Some(format),
            _ => None,
        }
    }

    /// The goal in words.
    pub fn what(&self) -> String {
        match self {
            Self::Without { scheme, marks } if marks.is_empty() => {
                format!("no mark of {scheme}")
            }
            Self::Without { scheme, marks } => format!("no {} ({scheme})", marks.join(", ")),
            Self::Grade { scheme, at_least } => format!("grade {at_least} or better ({scheme})"),
            Self::Claim { claim } => format!("qualifies for {claim}"),
            Self::AtMost {
                format,
                nutrient,
                at_most,
                basis,
                ..
            } => {
                let basis = match basis {
                    NutrientBasis::PerServing => "per serving",
                    NutrientBasis::Per100g => "per 100 g",
                };
                format!("{nutrient} at most {at_most} {basis} ({})", format.id)
            }
        }
    }

    /// The label `analysis` prints for this goal's format.
    fn label<'a>(&self, analysis: &'a Analysis) -> Option<&'a nls_nutrition::Label> {
        match self {
            Self::AtMost {
                main: false,
                format,
                ..
            } => analysis
                .labels
                .iter()
                .flatten()
                .find(|l| l.format == format.id)
                .and_then(|l| l.label.as_ref()),
            _ => Some(&analysis.label),
        }
    }

    /// Whether `analysis` (the engine's label of a candidate) meets the goal as printed.
    pub fn met_by(&self, analysis: &Analysis) -> bool {
        let Some(label) = self.label(analysis) else {
            return false;
        };
        match self {
            Self::Without { scheme, marks } => {
                let Some(result) = label.front_of_pack.iter().find(|r| r.scheme == *scheme) else {
                    return false;
                };
                !result.marks.iter().any(|mark| match mark {
                    Mark::Warning(w) => {
                        marks.is_empty()
                            || marks.iter().any(|m| {
                                w.code == *m
                                    || w.text.as_deref().is_some_and(|t| goal::same_text(t, m))
                            })
                    }
                    _ => false,
                })
            }
            Self::Grade { scheme, at_least } => label
                .front_of_pack
                .iter()
                .filter(|r| r.scheme == *scheme)
                .flat_map(|r| &r.marks)
                .any(|mark| match mark {
                    Mark::Score(s) => s.grade.as_str() <= at_least.as_str(),
                    Mark::Grade(g) => g.grade.as_str() <= at_least.as_str(),
                    _ => false,
                }),
            Self::Claim { claim } => analysis
                .claims
                .iter()
                .any(|made| same_or_stronger_claim(&made.code, claim)),
            Self::AtMost {
                nutrient,
                at_most,
                basis,
                ..
            } => {
                let Some(per_serving) = label.unrounded.get(nutrient) else {
                    return false;
                };
                let value = match basis {
                    NutrientBasis::PerServing => *per_serving,
                    NutrientBasis::Per100g if label.serving_size.grams > 0.0 => {
                        per_serving * 100.0 / label.serving_size.grams
                    }
                    NutrientBasis::Per100g => return false,
                };
                // Float noise only: the engine's sum and the limit are both exact amounts.
                value <= at_most + at_most.abs() * 1e-12
            }
        }
    }

    /// Whether the label of `analysis` has the nutrient this goal reads (`None` when it
    /// reads none).
    pub fn nutrient_known(&self, analysis: &Analysis) -> Option<bool> {
        match self {
            Self::AtMost { nutrient, .. } => Some(
                self.label(analysis)
                    .is_some_and(|l| l.unrounded.contains_key(nutrient)),
            ),
            _ => None,
        }
    }
}

/// Whether the claim `made` meets a goal asking for `wanted`: the same claim, or a stronger
/// one of its group (the engine states only the strongest claim a food qualifies for: a food
/// "Very low sodium" is also low in sodium, 21 CFR 101.61(b)).
fn same_or_stronger_claim(made: &str, wanted: &str) -> bool {
    if made == wanted {
        return true;
    }
    let Ok(rules) = nls_nutrition::claims::rules::rules() else {
        return false;
    };
    rules.groups.iter().any(|group| {
        let at = |code: &str| group.claims.iter().position(|c| c.code == code);
        matches!((at(made), at(wanted)), (Some(m), Some(w)) if m < w)
    })
}
