//! Goals as limits: a warning scheme's marks to lose, read from the scheme's data (the
//! rules of the phase in force that apply to the product), or a nutrient's amount to keep
//! under a number.

use nls_nutrition::claims::rules::{self as claim_rules, RequirementBasis};
use nls_nutrition::fop::data::{Basis, Measure, Op, Rule};
use nls_nutrition::fop::{warning, Kind, Product, Scheme, State};
use thiserror::Error;

use crate::limit::{Amount, Limit, Over};

/// Salt = sodium × 2.5 (Reg. (EU) 1169/2011 Annex I(11)), sodium in mg.
const SALT_G_PER_SODIUM_MG: f64 = nls_nutrition::fop::input::SALT_PER_SODIUM / 1000.0;

/// What a candidate's label must show (or not).
#[derive(Debug, Clone, PartialEq)]
pub enum Goal {
    /// None of `marks` (codes such as `sugars`, or printed texts such as `ALTO EN
    /// AZÚCARES`) of the warning scheme; every mark of it when `marks` is empty.
    Without { scheme: String, marks: Vec<String> },
    /// The exact amount of `nutrient` (a label key) on `basis` is at most `at_most`, in
    /// the label of `format`.
    AtMost {
        format: String,
        nutrient: String,
        at_most: f64,
        basis: NutrientBasis,
    },
    /// The nutrient content claim `claim` (a code of `nutrition/data/claims.json`, such as
    /// `low_sodium`): its conditions (per RACC, per serving, per 50 g) are met. A stronger
    /// claim of the same kind may be what the label then makes.
    Claim { claim: String },
    /// A grade of the score scheme `scheme` (Nutri-Score) at least as good as `at_least`.
    Grade { scheme: String, at_least: String },
}

/// Where a nutrient goal measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NutrientBasis {
    Per100g,
    PerServing,
}

/// What stays of the serving when the grams change.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Serving {
    /// The number of servings (a serving is the total over it).
    Count(f64),
    /// The serving's grams.
    Grams(f64),
}

/// Why a goal cannot be turned into limits: the client's to fix.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum GoalError {
    #[error("unknown front-of-pack scheme {0:?}")]
    UnknownScheme(String),
    #[error(
        "{scheme} is a {kind} scheme: goals by marks are for warning schemes (seals, \
         octagons, \"High in\")"
    )]
    NotWarning { scheme: String, kind: &'static str },
    #[error("{scheme} has no mark {mark:?}; its marks: {}", known.join(", "))]
    UnknownMark {
        scheme: String,
        mark: String,
        known: Vec<String>,
    },
    #[error(
        "the mark {code:?} of {scheme} is shown for a fact the recipe's grams do not change \
         (a substance present, or % of a daily value)"
    )]
    NotByGrams { scheme: String, code: String },
    #[error("unknown claim {claim:?}; the claims: {}", known.join(", "))]
    UnknownClaim { claim: String, known: Vec<String> },
    #[error(
        "the claim {claim:?} is judged per reference amount customarily consumed \
         (21 CFR 101.12(b)): the recipe gives none"
    )]
    NeedsRacc { claim: String },
    #[error("{scheme} has no grade {grade:?}; its grades: {}", known.join(", "))]
    UnknownGrade {
        scheme: String,
        grade: String,
        known: Vec<String>,
    },
    #[error("{scheme} is a {kind} scheme: goals by grade are for Nutri-Score")]
    NotGraded { scheme: String, kind: &'static str },
    #[error("{scheme}: {why}")]
    GradeInputs { scheme: String, why: String },
}

/// The product's side of a goal: its format, date and facts, and its serving.
#[derive(Debug, Clone)]
pub struct Context<'a> {
    /// The recipe's label format (the one its front-of-pack is judged on).
    pub format: &'a str,
    /// The product as the schemes see it (its facts choose the rules).
    pub product: &'a Product,
    /// ISO date the schemes are judged on.
    pub date: &'a str,
    pub serving: Serving,
    /// The reference amount customarily consumed (21 CFR 101.12(b)) in grams, for claims.
    pub racc_g: Option<f64>,
}

impl Goal {
    /// The ways to meet this goal: alternatives of which any one suffices, each the limits
    /// it takes, best first. One alternative for every goal but a grade.
    pub fn options(&self, index: usize, ctx: &Context) -> Result<Vec<Vec<Limit>>, GoalError> {
        match self {
            Self::Grade { scheme, at_least } => crate::grade::options(scheme, at_least, index, ctx),
            _ => Ok(vec![self.limits(index, ctx)?]),
        }
    }

    /// The limits that meeting this goal (number `index` of the request) takes. For a
    /// grade, its first (closest) alternative of [`Goal::options`]: enough, not necessary.
    pub fn limits(&self, index: usize, ctx: &Context) -> Result<Vec<Limit>, GoalError> {
        match self {
            Self::Claim { claim } => claim_limits(claim, index, ctx),
            Self::Grade { .. } => Ok(self
                .options(index, ctx)?
                .into_iter()
                .next()
                .unwrap_or_default()),
            Self::Without { scheme, marks } => {
                let s = nls_nutrition::fop::scheme(scheme)
                    .ok_or_else(|| GoalError::UnknownScheme(scheme.clone()))?;
                warning_limits(s, marks, index, ctx)
            }
            Self::AtMost {
                format,
                nutrient,
                at_most,
                basis,
            } => {
                let (coef, over, basis_text) = match (basis, ctx.serving) {
                    (NutrientBasis::Per100g, _) => (1.0, Over::Weight, "per 100 g"),
                    (NutrientBasis::PerServing, Serving::Count(n)) => {
                        (1.0, Over::Constant(100.0 * n), "per serving")
                    }
                    (NutrientBasis::PerServing, Serving::Grams(s)) => {
                        (s / 100.0, Over::Weight, "per serving")
                    }
                };
                Ok(vec![Limit {
                    goal: index,
                    what: format!("{nutrient} {basis_text}"),
                    format: format.clone(),
                    terms: vec![(Amount::Key(nutrient.clone()), coef)],
                    constant: 0.0,
                    over,
                    below: *at_most,
                    strict: false,
                }])
            }
        }
    }
}

/// The limits of a nutrient content claim's conditions ([`ClaimRule::requirements`]).
fn claim_limits(claim: &str, index: usize, ctx: &Context) -> Result<Vec<Limit>, GoalError> {
    let unknown = |known: Vec<String>| GoalError::UnknownClaim {
        claim: claim.to_owned(),
        known,
    };
    let data = claim_rules::rules().map_err(|_| unknown(Vec::new()))?;
    let rule = data
        .claim(claim)
        .ok_or_else(|| unknown(data.all().map(|c| c.code.clone()).collect()))?;
    // Every claim is measured per reference amount (101.13), and whether it is small
    // decides the +50 g test.
    let racc = ctx
        .racc_g
        .filter(|r| r.is_finite() && *r > 0.0)
        .ok_or_else(|| GoalError::NeedsRacc {
            claim: claim.to_owned(),
        })?;
    let limits = rule
        .requirements(data.small(racc))
        .into_iter()
        .map(|req| {
            // Per 100 g times a factor over the weight, or per serving over its count.
            let (factor, over, basis) = match (req.basis, ctx.serving) {
                (RequirementBasis::PerRacc, _) => (racc / 100.0, Over::Weight, "per RACC"),
                (RequirementBasis::Per50g, _) => (0.5, Over::Weight, "per 50 g"),
                (RequirementBasis::PerServing, Serving::Count(n)) => {
                    (1.0, Over::Constant(100.0 * n), "per serving")
                }
                (RequirementBasis::PerServing, Serving::Grams(s)) => {
                    (s / 100.0, Over::Weight, "per serving")
                }
            };
            let keys: Vec<&str> = req.terms.iter().map(|(k, _)| k.as_str()).collect();
            Limit {
                goal: index,
                what: format!("{} {basis} ({claim})", keys.join(" vs ")),
                format: ctx.format.to_owned(),
                terms: req
                    .terms
                    .iter()
                    .map(|(k, c)| (Amount::Key(k.clone()), c * factor))
                    .collect(),
                constant: 0.0,
                over,
                below: req.bound,
                strict: req.strict,
            }
        })
        .collect();
    Ok(limits)
}

/// The limits of the warning scheme's rules whose marks are to go.
fn warning_limits(
    s: &Scheme,
    marks: &[String],
    index: usize,
    ctx: &Context,
) -> Result<Vec<Limit>, GoalError> {
    if s.kind != Kind::Warning {
        return Err(GoalError::NotWarning {
            scheme: s.id.clone(),
            kind: match s.kind {
                Kind::Warning => "warning",
                Kind::TrafficLight => "traffic-light",
                Kind::Nutriscore => "Nutri-Score",
                Kind::Grade => "grade",
            },
        });
    }
    // A mark is named by its code or its printed text, as any phase of the scheme has it.
    let all_rules = || s.phases.iter().flat_map(|p| p.rules.iter());
    let mut codes = Vec::new();
    for mark in marks {
        let rule = all_rules()
            .find(|r| r.code == *mark || r.text.as_deref().is_some_and(|t| same_text(t, mark)))
            .ok_or_else(|| {
                let mut known: Vec<String> = all_rules()
                    .map(|r| match &r.text {
                        Some(t) => format!("{} ({t})", r.code),
                        None => r.code.clone(),
                    })
                    .collect();
                known.dedup();
                GoalError::UnknownMark {
                    scheme: s.id.clone(),
                    mark: mark.clone(),
                    known,
                }
            })?;
        codes.push(rule.code.as_str());
    }
    let mut out = Vec::new();
    for rule in warning::applicable_rules(s, ctx.product, ctx.date) {
        if !codes.is_empty() && !codes.contains(&rule.code.as_str()) {
            continue;
        }
        if let Some(limit) = rule_limit(s, rule, index, ctx)? {
            out.push(limit);
        }
    }
    Ok(out)
}

/// Whether a mark's printed text is the one a person typed: case and surrounding space are
/// ignored. Shared with the API, which confirms a candidate's marks the same way.
pub fn same_text(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// One rule as a limit; `None` when the scheme would not judge it (a fact it needs is
/// missing, so it shows no mark for it).
fn rule_limit(
    s: &Scheme,
    rule: &Rule,
    index: usize,
    ctx: &Context,
) -> Result<Option<Limit>, GoalError> {
    let facts = &ctx.product.facts;
    // The measure: amounts of the lines, or a fact of the request (kept as given).
    let (terms, constant) = match rule.measure {
        Measure::EnergyKcal => (vec![(Amount::Kcal, 1.0)], 0.0),
        Measure::SaltG => (
            vec![(Amount::Key("sodium_mg".into()), SALT_G_PER_SODIUM_MG)],
            0.0,
        ),
        Measure::FreeSugarsG => match facts.free_sugars_g_per_100g {
            Some(v) => (Vec::new(), v),
            None => return Ok(None),
        },
        Measure::Sweeteners | Measure::Caffeine => {
            return Err(GoalError::NotByGrams {
                scheme: s.id.clone(),
                code: rule.code.clone(),
            })
        }
        m => (vec![(Amount::Key(measure_key(m).into()), 1.0)], 0.0),
    };
    let strict = match rule.op {
        Op::Ge => true,
        Op::Gt => false,
        // A mark shown below a limit is not one grams are moved away from.
        Op::Le | Op::Lt => {
            return Err(GoalError::NotByGrams {
                scheme: s.id.clone(),
                code: rule.code.clone(),
            })
        }
    };
    let per_100 = |state: Option<State>| match state {
        Some(State::Liquid) => facts.density_g_per_ml,
        _ => Some(1.0),
    };
    let scale = |f: f64, terms: &[(Amount, f64)], constant: f64| {
        let terms = terms.iter().map(|(a, c)| (a.clone(), c * f)).collect();
        (terms, constant * f)
    };
    let kcal_per_g = rule.measure.kcal_per_g().unwrap_or(0.0);
    // Said with its unit: the 422 that quotes this limit is read by people.
    let per_100_unit = match facts.state {
        Some(State::Liquid) => "per 100 ml",
        _ => "per 100 g",
    };
    let (terms, constant, over, what) = match rule.basis {
        Basis::Per100 => {
            let Some(f) = per_100(facts.state) else {
                return Ok(None);
            };
            let (t, c) = scale(f, &terms, constant);
            (
                t,
                c,
                Over::Weight,
                format!("{} {per_100_unit}", rule.nutrient),
            )
        }
        Basis::Kcal => {
            let Some(f) = per_100(facts.state) else {
                return Ok(None);
            };
            let (t, c) = scale(f * kcal_per_g, &terms, constant);
            (
                t,
                c,
                Over::Weight,
                format!("{} kcal {per_100_unit}", rule.nutrient),
            )
        }
        Basis::PctEnergy => {
            let (t, c) = scale(100.0 * kcal_per_g, &terms, constant);
            (t, c, Over::Energy, format!("{} % of energy", rule.nutrient))
        }
        Basis::MgPerKcal => (
            terms,
            constant,
            Over::Energy,
            format!("{} mg per kcal", rule.nutrient),
        ),
        Basis::PctDv | Basis::Present => {
            return Err(GoalError::NotByGrams {
                scheme: s.id.clone(),
                code: rule.code.clone(),
            })
        }
    };
    Ok(Some(Limit {
        goal: index,
        what: format!("{} ({})", what, rule.code),
        format: ctx.format.to_owned(),
        terms,
        constant,
        over,
        below: rule.threshold,
        strict,
    }))
}

/// The label key of a measure read from the lines.
fn measure_key(m: Measure) -> &'static str {
    match m {
        Measure::TotalFatG => "total_fat_g",
        Measure::SaturatedFatG => "saturated_fat_g",
        Measure::TransFatG => "trans_fat_g",
        Measure::SodiumMg => "sodium_mg",
        Measure::TotalSugarsG => "total_sugars_g",
        Measure::AddedSugarsG => "added_sugars_g",
        Measure::EnergyKcal => "energy_kcal",
        Measure::SaltG => "sodium_mg",
        Measure::FreeSugarsG => "free_sugars_g",
        Measure::Sweeteners => "sweeteners",
        Measure::Caffeine => "caffeine",
    }
}
