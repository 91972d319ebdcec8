//! Countries and territories as data (`data/countries.json`, transcribed from
//! `../shared/reference/FORMATS.md` §2): each one's regime family and label languages. The
//! catalog says which formats serve a country (each format lists its countries);
//! [`default_format`] picks the one a country gets when none is named.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::Format;

const DATA: &str = include_str!("../data/countries.json");

/// One country or territory.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Country {
    /// ISO 3166-1 alpha-2.
    pub code: String,
    pub name: String,
    /// The regime family its labels follow (FORMATS.md §1).
    pub family: String,
    /// Languages labels are written in, in order (ISO 639-1, with a script where needed).
    pub languages: Vec<String>,
    /// What the reference notes, with its "(unconfirmed)" marks.
    #[serde(default)]
    pub notes: String,
}

#[derive(Deserialize)]
struct CountriesFile {
    countries: Vec<Country>,
}

/// Every country of the reference, in its order. Empty if the embedded file were broken
/// (a test reads it).
pub fn all() -> &'static [Country] {
    static ALL: OnceLock<Vec<Country>> = OnceLock::new();
    ALL.get_or_init(|| {
        serde_json::from_str::<CountriesFile>(DATA)
            .map(|f| f.countries)
            .unwrap_or_default()
    })
}

/// The country with ISO code `code` (upper case).
pub fn country(code: &str) -> Option<&'static Country> {
    all().iter().find(|c| c.code == code)
}

/// The format a country gets by default among `formats` (catalog order): one of its
/// label formats (not an analysis-only aggregate, not a draft) in its first label
/// language, else the first of them.
pub fn default_format<'f>(code: &str, formats: &[&'f Format]) -> Option<&'f Format> {
    let eligible: Vec<&'f Format> = formats
        .iter()
        .copied()
        .filter(|f| f.countries.iter().any(|c| c == code))
        .filter(|f| !f.has_food_columns() && f.status != "draft")
        .collect();
    let first_language = country(code).and_then(|c| c.languages.first());
    first_language
        .and_then(|lang| {
            eligible
                .iter()
                .copied()
                .find(|f| f.languages.len() == 1 && f.languages.first() == Some(lang))
        })
        .or_else(|| eligible.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_lists_144_countries_each_with_a_family_and_languages() {
        let all = all();
        assert_eq!(all.len(), 144);
        for c in all {
            assert_eq!(c.code.len(), 2, "{c:?}");
            assert!(c.code.chars().all(|ch| ch.is_ascii_uppercase()), "{c:?}");
            assert!(!c.family.is_empty() && !c.languages.is_empty(), "{c:?}");
        }
        let mut codes: Vec<&str> = all.iter().map(|c| c.code.as_str()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), 144, "no country twice");
    }

    #[test]
    fn defaults_are_label_formats_in_the_countrys_language() {
        let formats: Vec<&Format> = crate::formats().iter().collect();
        assert_eq!(
            default_format("US", &formats).map(|f| f.id.as_str()),
            Some("us.v")
        );
        assert_eq!(
            default_format("GB", &formats).map(|f| f.id.as_str()),
            Some("uk.tab")
        );
        assert!(default_format("DE", &formats).is_some());
        assert_eq!(default_format("XX", &formats), None);
    }
}
