//! Countries and territories as data (`data/countries.json`, transcribed from
//! `../shared/reference/FORMATS.md` §2): each one's regime family and label languages. The
//! catalog says which formats serve a country (each format lists its countries);
//! [`default_format`] picks the one a country gets when none is named.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::{Format, Role};

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
/// label formats (not an analysis-only aggregate) in its first label language, else the first
/// of them; a format in force before a draft, so a draft is the default only where every
/// format of the country is one (its notes say what is unconfirmed); a standard table before
/// a linear or split form, a plain format before its variants.
pub fn default_format<'f>(code: &str, formats: &[&'f Format]) -> Option<&'f Format> {
    let labels: Vec<&'f Format> = formats
        .iter()
        .copied()
        .filter(|f| f.countries.iter().any(|c| c == code))
        .filter(|f| !f.has_food_columns() && f.role == Role::Declaration)
        .collect();
    // The standard table before the forms allowed only where space lacks (linear, split)
    // and the simplified ones allowed only for some foods (21 CFR 101.9(f), FDR B.01.455),
    // and a plain format before its variants (a variant extends another format's id:
    // `anz.nip.di` is `anz.nip` with its optional %DI column, `mx.tab.100-por` is
    // `mx.tab.100` with a portion column); else in catalog order.
    let ids: Vec<&str> = labels.iter().map(|f| f.id.as_str()).collect();
    let is_variant = |id: &str| {
        ids.iter().any(|plain| {
            id.strip_prefix(plain)
                .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('-'))
        })
    };
    let mut labels = labels;
    labels.sort_by_key(|f| (space_saving(f), f.simplified.is_some(), is_variant(&f.id)));
    let first_language = country(code).and_then(|c| c.languages.first());
    let pick = |eligible: Vec<&'f Format>| {
        first_language
            .and_then(|lang| {
                eligible
                    .iter()
                    .copied()
                    .find(|f| f.languages.len() == 1 && f.languages.first() == Some(lang))
            })
            .or_else(|| eligible.first().copied())
    };
    let confirmed: Vec<&'f Format> = labels
        .iter()
        .copied()
        .filter(|f| f.status != "draft")
        .collect();
    pick(confirmed).or_else(|| pick(labels))
}

/// Whether `format`'s layout is one the law allows only where space lacks.
fn space_saving(format: &Format) -> bool {
    crate::catalog()
        .ok()
        .and_then(|c| c.layouts().get(&format.layout))
        .is_some_and(|l| l.space_saving)
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
        for (code, want) in [
            ("US", "us.v"),
            ("GB", "uk.tab"),
            ("DE", "eu.tab.de"),
            // Greek terms are unconfirmed: the English table in force comes before the draft.
            ("GR", "eu.tab.ri"),
            // Where every format is a draft, the draft in the first language is the default
            // (the plain panel, not its variant with %DI, anz.nip.di).
            ("AU", "anz.nip"),
            ("CI", "codex.tab.fr"),
            // Linear and split forms come after the standard table (Art. 34(2): linear only
            // where space does not permit a table), even where their files sort first.
            ("CA", "ca.std.bi"),
            ("BR", "br.v"),
            // A variant named with a dash is still a variant: the portion column's
            // `mx.tab.100-por` sorts before `mx.tab.100` but is not the default.
            ("MX", "mx.tab.100"),
            // No variant relation: the first of the law's bases (FORMATS.md §1.1 lists per
            // package, per unit content, per serving reference amount), file order.
            ("KR", "kr.pkg"),
        ] {
            assert_eq!(
                default_format(code, &formats).map(|f| f.id.as_str()),
                Some(want),
                "{code}"
            );
        }
        assert_eq!(default_format("XX", &formats), None);
    }
}
