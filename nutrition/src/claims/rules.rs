//! Nutrient content claims' criteria as data (`nutrition/data/claims.json`): every level,
//! daily value and disclosure threshold with the paragraph of 21 CFR it comes from,
//! embedded at compile time and parsed once. [`super::claims`] judges a label against them;
//! [`ClaimRule::requirements`] states them as linear bounds for the reformulation solver.

use std::sync::OnceLock;

use serde::Deserialize;

const DATA: &str = include_str!("../../data/claims.json");

/// Every claim's criteria, in the order claims are returned.
#[derive(Debug, Clone, Deserialize)]
pub struct ClaimRules {
    /// A reference amount at or under this many grams is "small": "low" claims also hold
    /// per 50 g (21 CFR 101.13).
    pub small_reference_g: f64,
    /// The 101.13(h) "See nutrition information for … content" levels.
    pub general_disclosure: GeneralDisclosure,
    /// Claims of one kind (one nutrient), strongest first: only the first that qualifies
    /// is made.
    pub groups: Vec<Group>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct GeneralDisclosure {
    pub citation: String,
    pub levels: Vec<DisclosureLevel>,
}

/// A nutrient whose amount over `level` (per RACC, per labeled serving, or per 50 g when
/// the reference amount is small) calls for the 101.13(h) statement naming it.
#[derive(Debug, Clone, Deserialize)]
pub struct DisclosureLevel {
    pub key: String,
    pub name: String,
    pub level: f64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Group {
    pub claims: Vec<ClaimRule>,
}

/// One claim and what it takes.
#[derive(Debug, Clone, Deserialize)]
pub struct ClaimRule {
    pub code: String,
    pub text: String,
    pub nutrient: String,
    pub citation: String,
    /// All must hold.
    pub conditions: Vec<Condition>,
    /// The statement the claim carries beside the 101.13(h) one, when it applies.
    #[serde(default)]
    pub disclosure: Option<Disclosure>,
}

/// One criterion on the label key `key` with its number `level`.
#[derive(Debug, Clone, Deserialize)]
pub struct Condition {
    pub key: String,
    pub level: f64,
    #[serde(flatten)]
    pub test: Test,
}

/// How a condition compares the amount with its level.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "test", rename_all = "snake_case")]
pub enum Test {
    /// Below the level per RACC and per labeled serving ("free").
    Free,
    /// At most the level per RACC, and per 50 g when the reference amount is small ("low").
    Low,
    /// At most the level per RACC.
    AtMost,
    /// The key's energy (`kcal_per_g` × grams) at most `level` of `energy_key`, per RACC.
    EnergyShareAtMost { kcal_per_g: f64, energy_key: String },
    /// At least `level` % of `daily_value` per RACC; needs the nutrient declared rather
    /// than known (21 CFR 101.9(c)(8)(ii)).
    DvPercentAtLeast { daily_value: f64 },
}

/// A statement a claim carries.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Disclosure {
    /// "Contains X cholesterol and Y total fat per serving" of the items whose amount per
    /// RACC is at least `at_least` or over `over`.
    Declares { items: Vec<Declared> },
    /// "Contains X {name} per serving", when `key` exceeds `exceeds` (as 101.13(h) measures)
    /// and the food does not qualify for the claim `unless`.
    Contains {
        key: String,
        name: String,
        #[serde(default)]
        exceeds: Option<f64>,
        #[serde(default)]
        unless: Option<String>,
    },
    /// `text`, unless the food qualifies for the claim `unless`.
    TextUnless { unless: String, text: String },
}

#[derive(Debug, Clone, Deserialize)]
pub struct Declared {
    pub key: String,
    pub name: String,
    #[serde(default)]
    pub at_least: Option<f64>,
    #[serde(default)]
    pub over: Option<f64>,
}

/// Where a requirement measures the amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequirementBasis {
    /// Per reference amount customarily consumed.
    PerRacc,
    /// Per labeled serving.
    PerServing,
    /// Per 50 g of the food.
    Per50g,
}

/// A claim's condition as a linear bound: `Σ coef × amount(key)` on `basis` is at most
/// `bound` (below it when `strict`). "At least X" is `-amount ≤ -X`.
#[derive(Debug, Clone, PartialEq)]
pub struct Requirement {
    pub terms: Vec<(String, f64)>,
    pub basis: RequirementBasis,
    pub bound: f64,
    pub strict: bool,
}

impl ClaimRule {
    /// The bounds meeting this claim's conditions takes, for a reference amount that is
    /// small (≤ [`ClaimRules::small_reference_g`]) or not. Whether a key is known or
    /// declared is not a bound: the label engine checks that on every candidate.
    pub fn requirements(&self, small: bool) -> Vec<Requirement> {
        let mut out = Vec::new();
        for c in &self.conditions {
            let one = |basis, strict| Requirement {
                terms: vec![(c.key.clone(), 1.0)],
                basis,
                bound: c.level,
                strict,
            };
            match &c.test {
                Test::Free => {
                    out.push(one(RequirementBasis::PerRacc, true));
                    out.push(one(RequirementBasis::PerServing, true));
                }
                Test::Low => {
                    out.push(one(RequirementBasis::PerRacc, false));
                    if small {
                        out.push(one(RequirementBasis::Per50g, false));
                    }
                }
                Test::AtMost => out.push(one(RequirementBasis::PerRacc, false)),
                Test::EnergyShareAtMost {
                    kcal_per_g,
                    energy_key,
                } => out.push(Requirement {
                    terms: vec![(c.key.clone(), *kcal_per_g), (energy_key.clone(), -c.level)],
                    basis: RequirementBasis::PerRacc,
                    bound: 0.0,
                    strict: false,
                }),
                Test::DvPercentAtLeast { daily_value } => out.push(Requirement {
                    terms: vec![(c.key.clone(), -1.0)],
                    basis: RequirementBasis::PerRacc,
                    bound: -(c.level / 100.0 * daily_value),
                    strict: false,
                }),
            }
        }
        out
    }
}

impl ClaimRules {
    /// Every claim, in output order.
    pub fn all(&self) -> impl Iterator<Item = &ClaimRule> {
        self.groups.iter().flat_map(|g| g.claims.iter())
    }

    /// The claim `code`.
    pub fn claim(&self, code: &str) -> Option<&ClaimRule> {
        self.all().find(|c| c.code == code)
    }

    /// Whether a reference amount of `racc_g` is small (the +50 g test applies).
    pub fn small(&self, racc_g: f64) -> bool {
        racc_g <= self.small_reference_g
    }
}

static RULES: OnceLock<Result<ClaimRules, String>> = OnceLock::new();

/// The embedded claims data; an error says what in it does not parse (a test keeps it
/// parsing, so the engine never sees one).
pub fn rules() -> Result<&'static ClaimRules, &'static str> {
    RULES
        .get_or_init(|| {
            serde_json::from_str(DATA).map_err(|e| format!("nutrition/data/claims.json: {e}"))
        })
        .as_ref()
        .map_err(String::as_str)
}
