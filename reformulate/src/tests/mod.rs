//! Unit and property tests of the reformulation, without I/O.

mod brute;
mod explain;
mod goals;
mod grade;
mod program;
mod properties;

use std::collections::BTreeMap;

use crate::limit::{Amount, Limit, Over};
use crate::model::{Constraints, Food, Line, Objective, Problem, Profile, Weight};

/// The format every test food is profiled in.
pub(crate) const F: &str = "test";

/// A food with these amounts per 100 g (and energy in `calories`).
pub(crate) fn food(id: &str, amounts: &[(&str, f64)]) -> Food {
    let map: BTreeMap<String, f64> = amounts.iter().map(|(k, v)| ((*k).into(), *v)).collect();
    Food {
        id: id.into(),
        per_100g: Profile(BTreeMap::from([(F.to_string(), map)])),
        cost_per_g: None,
    }
}

pub(crate) fn line(grams: f64, food: Food) -> Line {
    Line {
        grams,
        food,
        substitutes: Vec::new(),
    }
}

/// `key` per 100 g of the product stays under `below` (strict, as a seal at ≥).
pub(crate) fn per_100g_under(key: &str, below: f64) -> Limit {
    Limit {
        goal: 0,
        what: format!("{key} per 100 g"),
        format: F.into(),
        terms: vec![(Amount::Key(key.into()), 1.0)],
        constant: 0.0,
        over: Over::Weight,
        below,
        strict: true,
    }
}

pub(crate) fn problem(lines: Vec<Line>, limits: Vec<Limit>, constraints: Constraints) -> Problem {
    Problem {
        lines,
        weight: Weight::Total,
        limits,
        constraints,
        objective: Objective::Change,
    }
}

/// A cracker: flour, butter, sugar, salt.
pub(crate) fn cracker() -> Vec<Line> {
    vec![
        line(
            500.0,
            food(
                "flour",
                &[
                    ("calories", 364.0),
                    ("total_sugars_g", 0.3),
                    ("sodium_mg", 2.0),
                    ("saturated_fat_g", 0.2),
                ],
            ),
        ),
        line(
            150.0,
            food(
                "butter",
                &[
                    ("calories", 717.0),
                    ("saturated_fat_g", 51.0),
                    ("sodium_mg", 11.0),
                ],
            ),
        ),
        line(
            120.0,
            food("sugar", &[("calories", 387.0), ("total_sugars_g", 100.0)]),
        ),
        line(8.0, food("salt", &[("sodium_mg", 38_758.0)])),
    ]
}
