//! What a label prints, and what changed in it: the printed-value difference that history
//! (`?include=label`) reports and that a notification of a label change carries.
//!
//! Printed are the label's display strings (`display`: amounts as printed, serving size,
//! servings per container), its percentages (`daily_values`, `reference_intake_pct`), its
//! statements and allergens, its claims and front-of-pack marks, and the format. Not
//! printed: unrounded amounts, warnings and the list of missing data. So moving an
//! unrounded amount without moving what rounds from it is no change.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

/// Label members whose value is printed as a whole (a statement, a list of marks).
const WHOLE: &[&str] = &[
    "format",
    "ingredient_statement",
    "contains_statement",
    "allergens",
    "claims",
    "front_of_pack",
];
/// Label members whose entries are each printed (`display.calories`, ...).
const PER_ENTRY: &[&str] = &["display", "daily_values", "reference_intake_pct"];

/// One printed value that differs; `null` where the label had no such value.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct PrintedChange {
    /// `display.calories`, `daily_values.sodium_mg`, `ingredient_statement`, `label` (the
    /// whole label appeared or went away).
    pub field: String,
    pub before: Value,
    pub after: Value,
}

/// The printed values of `label`, by field.
pub fn printed(label: &Value) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    for key in WHOLE {
        if let Some(v) = label.get(*key).filter(|v| !v.is_null()) {
            out.insert((*key).to_owned(), v.clone());
        }
    }
    for key in PER_ENTRY {
        if let Some(entries) = label.get(*key).and_then(Value::as_object) {
            for (name, v) in entries {
                out.insert(format!("{key}.{name}"), v.clone());
            }
        }
    }
    out
}

/// The printed values that differ between two labels, in field order. A label that
/// appears or goes away (a recipe whose label could not be computed) is one change of
/// field `label`.
pub fn changes(before: Option<&Value>, after: Option<&Value>) -> Vec<PrintedChange> {
    match (before, after) {
        (None, None) => Vec::new(),
        (Some(_), None) | (None, Some(_)) => vec![PrintedChange {
            field: "label".into(),
            before: if before.is_some() {
                Value::Bool(true)
            } else {
                Value::Null
            },
            after: if after.is_some() {
                Value::Bool(true)
            } else {
                Value::Null
            },
        }],
        (Some(a), Some(b)) => {
            let (a, b) = (printed(a), printed(b));
            let mut fields: Vec<&String> = a.keys().chain(b.keys()).collect();
            fields.sort();
            fields.dedup();
            fields
                .into_iter()
                .filter_map(|field| {
                    let (x, y) = (a.get(field), b.get(field));
                    (x != y).then(|| PrintedChange {
                        field: field.clone(),
                        before: x.cloned().unwrap_or(Value::Null),
                        after: y.cloned().unwrap_or(Value::Null),
                    })
                })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn label(calories: &str, unrounded: f64, statement: &str) -> Value {
        json!({
            "format": "standard",
            "display": { "calories": calories, "total_fat_g": "5g" },
            "daily_values": { "total_fat_g": 6.0 },
            "unrounded": { "calories": unrounded },
            "ingredient_statement": statement,
            "contains_statement": null,
            "warnings": [{ "code": "no_household_measure" }],
        })
    }

    #[test]
    fn an_unrounded_move_that_prints_the_same_is_no_change() {
        assert_eq!(
            changes(
                Some(&label("240", 238.7, "flour")),
                Some(&label("240", 241.2, "flour"))
            ),
            vec![]
        );
    }

    #[test]
    fn printed_values_that_move_are_listed_with_both_sides() {
        let got = changes(
            Some(&label("240", 238.7, "flour, sugar")),
            Some(&label("160", 163.7, "sugar, flour")),
        );
        assert_eq!(
            got,
            vec![
                PrintedChange {
                    field: "display.calories".into(),
                    before: json!("240"),
                    after: json!("160"),
                },
                PrintedChange {
                    field: "ingredient_statement".into(),
                    before: json!("flour, sugar"),
                    after: json!("sugar, flour"),
                },
            ]
        );
    }

    #[test]
    fn a_value_that_appears_and_a_label_that_goes_away_are_changes() {
        let mut with_contains = label("240", 240.0, "flour");
        with_contains["contains_statement"] = json!("Contains: Wheat");
        let got = changes(Some(&label("240", 240.0, "flour")), Some(&with_contains));
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].field, "contains_statement");
        assert_eq!(got[0].before, Value::Null);
        let gone = changes(Some(&with_contains), None);
        assert_eq!(gone[0].field, "label");
        assert_eq!(
            (gone[0].before.clone(), gone[0].after.clone()),
            (json!(true), Value::Null)
        );
    }
}
