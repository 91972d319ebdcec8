//! One limit a goal sets, as a ratio of two linear forms of the lines' grams, and the
//! linear inequality "under the limit" becomes.

use serde::Serialize;

use crate::model::{Plan, Problem, Profile, Weight};

/// An amount of a food per 100 g.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    /// A key of the label's `unrounded` (`sodium_mg`, `total_sugars_g`).
    Key(String),
    /// Energy in kcal ([`Profile::kcal`]).
    Kcal,
}

impl Amount {
    fn of(&self, profile: &Profile, format: &str) -> f64 {
        match self {
            Self::Key(key) => profile.get(format, key),
            Self::Kcal => profile.kcal(format),
        }
    }
}

/// What a limit's amount is divided by.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Over {
    /// The product's weight: the amount per 100 g (or per 100 ml, by the terms' factor).
    Weight,
    /// The product's energy: a share of energy or an amount per kcal.
    Energy,
    /// A constant: `d` makes `Σ grams × amount per 100 g / d` (per serving: 100 × servings).
    Constant(f64),
}

/// "The value stays under `below`", where the value is
/// `(Σᵢ gramsᵢ × Σₖ coefₖ × amountₖ(foodᵢ) + constant × W) / D` with `W` the product's weight
/// and `D` what [`Over`] says. Every front-of-pack basis is of this form: per 100 g
/// (`D = W`), per 100 ml (coefficients × density), % of energy (`100 × kcal/g` over energy),
/// mg per kcal (over energy), per serving (over a constant, or over `W` with the serving's
/// grams in the coefficients).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Limit {
    /// The goal it serves (index in the request's `goals`).
    pub goal: usize,
    /// What it limits, in words: `sodium per 100 g` or `free sugars % of energy`.
    pub what: String,
    /// The format whose amounts it reads.
    pub format: String,
    pub terms: Vec<(Amount, f64)>,
    /// A per-100 g amount that does not come from the lines (a fact the request gives, such
    /// as free sugars), times its coefficient.
    pub constant: f64,
    pub over: Over,
    /// The limit.
    pub below: f64,
    /// `<` rather than `≤` (a seal shown at ≥ the limit).
    pub strict: bool,
}

impl Limit {
    /// The per-100 g numerator of one food.
    fn numerator(&self, profile: &Profile) -> f64 {
        self.terms
            .iter()
            .map(|(a, coef)| coef * a.of(profile, &self.format))
            .sum()
    }

    /// The value for `plan`; `None` when it divides by nothing (no weight or energy).
    pub fn value(&self, problem: &Problem, plan: &Plan) -> Option<f64> {
        let weight = match problem.weight {
            Weight::Total => plan.grams.iter().sum(),
            Weight::Fixed(w) => w,
        };
        let mut numerator = self.constant * weight;
        let mut energy = 0.0;
        for (i, g) in plan.grams.iter().enumerate() {
            let food = problem.food(i, plan.choice[i]);
            numerator += g * self.numerator(&food.per_100g);
            energy += g * food.per_100g.kcal(&self.format);
        }
        let d = match self.over {
            Over::Weight => weight,
            Over::Energy => energy,
            Over::Constant(d) => d,
        };
        (d > 0.0).then(|| numerator / d)
    }

    /// Whether `value` meets the limit.
    pub fn holds(&self, value: f64) -> bool {
        if self.strict {
            value < self.below
        } else {
            value <= self.below
        }
    }

    /// The limit the program asks for: `below` less a share `margin` of it (the exact
    /// amounts the solver sees and those the engine computes differ by float error and the
    /// grams' rounding), less a tiny absolute step where a limit of 0 is strict.
    pub fn target(&self, margin: f64) -> f64 {
        let target = self.below - self.below.abs() * margin;
        if self.strict && self.below == 0.0 {
            target - 1e-9
        } else {
            target
        }
    }

    /// The row "value ≤ `r`" for `choice`: coefficients of the lines' grams and the right
    /// side. From `N(g) + c·W ≤ r·D(g)`: each line's coefficient is its numerator plus `c`
    /// when the weight is the lines' total, less `r` times its share of the denominator.
    pub fn row(&self, problem: &Problem, choice: &[usize], r: f64) -> (Vec<f64>, f64) {
        let total = matches!(problem.weight, Weight::Total);
        let fixed_weight = match problem.weight {
            Weight::Total => 0.0,
            Weight::Fixed(w) => w,
        };
        let coefs = choice
            .iter()
            .enumerate()
            .map(|(i, &k)| {
                let food = problem.food(i, k);
                let mut coef = self.numerator(&food.per_100g);
                if total {
                    coef += self.constant;
                }
                coef -= r * match self.over {
                    Over::Weight if total => 1.0,
                    Over::Energy => food.per_100g.kcal(&self.format),
                    Over::Weight | Over::Constant(_) => 0.0,
                };
                coef
            })
            .collect();
        let denominator = match self.over {
            Over::Weight => fixed_weight,
            Over::Energy => 0.0,
            Over::Constant(d) => d,
        };
        (coefs, r * denominator - self.constant * fixed_weight)
    }
}
