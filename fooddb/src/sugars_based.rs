//! The table's sugars-based ingredients (FDR B.01.001(1)), from the reviewed data file
//! `data/sugars_based.json`: each rule names foods by their exact SR Legacy description,
//! the paragraph of the definition they fall under and the CFIA example they match. A food
//! not listed is not one as far as the table can tell (the file says which were left out,
//! and why).

use std::collections::HashSet;
use std::sync::OnceLock;

use serde::Deserialize;

/// The data file, embedded.
const DATA: &str = include_str!("../data/sugars_based.json");

#[derive(Deserialize)]
struct File {
    rules: Vec<Rule>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rule {
    descriptions: Vec<String>,
    /// "a" (a mono- or disaccharide or a combination) or "b" (a sweetening agent).
    paragraph: String,
    /// The entry of the CFIA's Annex 1 the foods match.
    cfia_example: String,
}

/// Why the data file is not usable (a build defect the crate's tests catch).
#[derive(Debug, Clone, thiserror::Error)]
#[error("data/sugars_based.json: {0}")]
pub struct DataError(String);

fn parse(text: &str) -> Result<HashSet<String>, DataError> {
    let file: File = serde_json::from_str(text).map_err(|e| DataError(e.to_string()))?;
    let mut descriptions = HashSet::new();
    for rule in file.rules {
        // Paragraph (c) depends on the product, not the food: never from the table.
        if !matches!(rule.paragraph.as_str(), "a" | "b") || rule.cfia_example.trim().is_empty() {
            return Err(DataError(format!(
                "rule {:?} needs paragraph \"a\" or \"b\" and its CFIA example",
                rule.descriptions
            )));
        }
        for d in rule.descriptions {
            if !descriptions.insert(d.clone()) {
                return Err(DataError(format!("{d:?} is named twice")));
            }
        }
    }
    Ok(descriptions)
}

static TABLE: OnceLock<Result<HashSet<String>, DataError>> = OnceLock::new();

fn table() -> Result<&'static HashSet<String>, &'static DataError> {
    TABLE.get_or_init(|| parse(DATA)).as_ref()
}

/// Whether the food with this SR Legacy description is a sugars-based ingredient. An
/// unusable data file lists none (the crate's tests refuse such a file).
pub fn is_sugars_based(description: &str) -> bool {
    table().is_ok_and(|t| t.contains(description))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_parses_and_names_the_common_sugars() {
        let table = table().expect("data file parses");
        for d in [
            "Sugars, granulated",
            "Sugars, brown",
            "Honey",
            "Syrups, maple",
        ] {
            assert!(table.contains(d), "{d}");
        }
        // Sweeteners are not sweetening agents (B.01.001(1)); a mixture is not listed.
        for d in [
            "Sweeteners, tabletop, aspartame, EQUAL, packets",
            "Syrups, table blends, pancake",
            "Jams and preserves",
        ] {
            assert!(!is_sugars_based(d), "{d}");
        }
    }

    #[test]
    fn a_rule_under_paragraph_c_or_a_description_named_twice_is_refused() {
        let c = r#"{"rules": [{"descriptions": ["Apple juice"], "paragraph": "c", "cfia_example": "Fruit juice"}]}"#;
        assert!(parse(c).is_err());
        let twice = r#"{"rules": [
            {"descriptions": ["Honey"], "paragraph": "b", "cfia_example": "Honey"},
            {"descriptions": ["Honey"], "paragraph": "b", "cfia_example": "Honey"}
        ]}"#;
        assert!(parse(twice).is_err());
    }
}
