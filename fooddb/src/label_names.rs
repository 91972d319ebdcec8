//! The table's foods named in other languages, for ingredient statements printed in a
//! label's language (Reg. (EU) 1169/2011 Art. 15, 18; 21 CFR 101.15(c)(2)), from the data
//! file `data/label_names.json`: each entry names foods by their exact SR Legacy
//! description and gives the name, whole (with any sub-ingredients in parentheses), in each
//! language it knows. The file says where the names come from and how far they are reviewed.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use serde::Deserialize;

/// The data file, embedded.
pub(crate) const DATA: &str = include_str!("../data/label_names.json");

/// A food's names: language (ISO 639-1) → name.
pub type Names = BTreeMap<String, String>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[allow(dead_code)]
    source: String,
    #[allow(dead_code)]
    review: String,
    languages: Vec<String>,
    names: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    descriptions: Vec<String>,
    #[serde(flatten)]
    names: Names,
}

/// Why the data file is not usable (a build defect the crate's tests catch).
#[derive(Debug, Clone, thiserror::Error)]
#[error("data/label_names.json: {0}")]
pub struct DataError(String);

fn parse(text: &str) -> Result<HashMap<String, Names>, DataError> {
    let file: File = serde_json::from_str(text).map_err(|e| DataError(e.to_string()))?;
    let mut by_description = HashMap::new();
    for entry in file.names {
        for (language, name) in &entry.names {
            if !file.languages.contains(language) {
                return Err(DataError(format!(
                    "{:?}: {language:?} is not one of the file's languages",
                    entry.descriptions
                )));
            }
            // A name is printed verbatim in a comma-separated list: it may hold commas only
            // inside its own parentheses (its sub-ingredients).
            if name.trim().is_empty() || name.trim() != name || top_level_comma(name) {
                return Err(DataError(format!(
                    "{:?}: {language:?} name {name:?} is blank, padded or holds a comma outside parentheses",
                    entry.descriptions
                )));
            }
        }
        for d in entry.descriptions {
            if by_description
                .insert(d.clone(), entry.names.clone())
                .is_some()
            {
                return Err(DataError(format!("{d:?} is named by two entries")));
            }
        }
    }
    Ok(by_description)
}

fn top_level_comma(name: &str) -> bool {
    let mut depth = 0i32;
    for c in name.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

static TABLE: OnceLock<Result<HashMap<String, Names>, DataError>> = OnceLock::new();

/// The parsed data file, or why it does not parse.
pub fn table() -> Result<&'static HashMap<String, Names>, &'static DataError> {
    TABLE.get_or_init(|| parse(DATA)).as_ref()
}

/// The names in other languages of the food with this SR Legacy description, if the file
/// gives any. An unusable data file gives none (the crate's tests refuse such a file).
pub fn label_names_for(description: &str) -> Option<&'static Names> {
    table().ok()?.get(description)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_file_parses_and_names_only_foods_of_the_table() {
        let table = table().expect("label_names.json parses");
        assert!(table.len() >= 60, "{}", table.len());
        let foods = crate::shipped();
        for description in table.keys() {
            assert!(
                foods.foods().iter().any(|f| &f.description == description),
                "{description:?} is not a description of the shipped table"
            );
        }
    }

    #[test]
    fn a_name_with_a_comma_outside_parentheses_is_refused() {
        let text = r#"{"source": "s", "review": "r", "languages": ["de"],
            "names": [{"descriptions": ["Honey"], "de": "Honig, flüssig"}]}"#;
        assert!(parse(text).is_err());
        let ok = r#"{"source": "s", "review": "r", "languages": ["de"],
            "names": [{"descriptions": ["Honey"], "de": "Sojasauce (Wasser, Salz)"}]}"#;
        assert_eq!(
            parse(ok).expect("parses")["Honey"]["de"],
            "Sojasauce (Wasser, Salz)"
        );
    }

    #[test]
    fn a_language_the_file_does_not_declare_is_refused() {
        let text = r#"{"source": "s", "review": "r", "languages": ["de"],
            "names": [{"descriptions": ["Honey"], "fr": "miel"}]}"#;
        assert!(parse(text).is_err());
    }
}
