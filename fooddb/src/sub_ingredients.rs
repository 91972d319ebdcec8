//! Sub-ingredients of the table's multi-component foods (21 CFR 101.4(b)(2)), from the
//! reviewed data file `data/sub_ingredients.json`: each rule names foods by their exact
//! SR Legacy description and cites the standard of identity its list comes from.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// The data file, embedded.
pub(crate) const DATA: &str = include_str!("../data/sub_ingredients.json");

/// The sub-ingredients of one food.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubIngredients {
    /// In the order they print.
    pub sub_ingredients: Vec<String>,
    /// The standard of identity (or other source) the list comes from.
    pub citation: String,
    /// The list is a standard's mandatory ingredients, not a brand's: to be confirmed.
    pub confirm: bool,
}

#[derive(Deserialize)]
struct File {
    rules: Vec<Rule>,
}

#[derive(Deserialize)]
struct Rule {
    descriptions: Vec<String>,
    #[serde(flatten)]
    list: SubIngredients,
}

/// Why the data file is not usable (a build defect the crate's tests catch).
#[derive(Debug, Clone, thiserror::Error)]
#[error("data/sub_ingredients.json: {0}")]
pub struct DataError(String);

fn parse(text: &str) -> Result<HashMap<String, SubIngredients>, DataError> {
    let file: File = from_json(text)?;
    let mut by_description = HashMap::new();
    for rule in file.rules {
        if rule.list.sub_ingredients.is_empty()
            || rule
                .list
                .sub_ingredients
                .iter()
                .any(|s| s.trim().is_empty())
        {
            return Err(DataError(format!(
                "rule {:?} has an empty sub-ingredient",
                rule.descriptions
            )));
        }
        for d in rule.descriptions {
            if by_description
                .insert(d.clone(), rule.list.clone())
                .is_some()
            {
                return Err(DataError(format!("{d:?} is named by two rules")));
            }
        }
    }
    expand_compounds(&mut by_description);
    Ok(by_description)
}

/// A sub-ingredient that is itself a compound of the table ("enriched wheat flour" in
/// bread) followed by its own ingredients in parentheses (21 CFR 101.4(b)(2): a compound
/// ingredient's ingredients are declared, nested ones too). One level is enough: no listed
/// compound's own list names another compound (a test checks).
fn expand_compounds(by_description: &mut HashMap<String, SubIngredients>) {
    let compounds: HashMap<String, Vec<String>> = by_description
        .iter()
        .map(|(d, list)| {
            (
                crate::label_name_for(d, "").to_lowercase(),
                list.sub_ingredients.clone(),
            )
        })
        .collect();
    for list in by_description.values_mut() {
        for sub in &mut list.sub_ingredients {
            if let Some(own) = compounds.get(&sub.to_lowercase()) {
                *sub = format!("{sub} ({})", own.join(", "));
            }
        }
    }
}

fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, DataError> {
    serde_json::from_str(text).map_err(|e| DataError(e.to_string()))
}

static TABLE: OnceLock<Result<HashMap<String, SubIngredients>, DataError>> = OnceLock::new();

/// The parsed data file, or why it does not parse.
pub fn table() -> Result<&'static HashMap<String, SubIngredients>, &'static DataError> {
    TABLE.get_or_init(|| parse(DATA)).as_ref()
}

/// The sub-ingredients of the food with this SR Legacy description, if it has any listed.
/// An unusable data file lists none (the crate's tests refuse such a file).
pub fn sub_ingredients_for(description: &str) -> Option<&'static SubIngredients> {
    table().ok()?.get(description)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_parses_and_every_rule_cites_its_source() {
        let table = table().expect("data file parses");
        assert!(table.len() >= 12);
        for (d, list) in table {
            assert!(!list.citation.trim().is_empty(), "{d}");
        }
    }

    #[test]
    fn cfr_101_4_b_2_a_compound_within_a_compound_lists_its_own_ingredients() {
        let table = table().expect("data file parses");
        let bread = &table["Bread, white, commercially prepared (includes soft bread crumbs)"];
        assert_eq!(
            bread.sub_ingredients[0],
            "enriched wheat flour (wheat flour, niacin, iron, thiamin, riboflavin, folic acid)"
        );
        // One level: no expanded list holds a compound still to expand.
        for list in table.values() {
            for sub in &list.sub_ingredients {
                assert!(sub.matches('(').count() <= 1, "{sub}");
            }
        }
    }

    #[test]
    fn a_description_named_twice_is_refused() {
        let text = r#"{"rules": [
            {"descriptions": ["Catsup"], "sub_ingredients": ["a"], "citation": "x", "confirm": true},
            {"descriptions": ["Catsup"], "sub_ingredients": ["b"], "citation": "y", "confirm": true}
        ]}"#;
        assert!(parse(text).is_err());
    }

    #[test]
    fn a_blank_sub_ingredient_is_refused() {
        let text = r#"{"rules": [
            {"descriptions": ["Catsup"], "sub_ingredients": [" "], "citation": "x", "confirm": true}
        ]}"#;
        assert!(parse(text).is_err());
    }
}
