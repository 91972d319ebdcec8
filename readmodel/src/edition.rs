//! The edition of the engine and rules that computed a label: the engine's version and a
//! digest of every data file a label depends on (formats, regimes, terms, layouts,
//! front-of-pack schemes, reference amounts, the food table). Stored beside each label
//! (`recipe_view.label_edition`, `label_version.edition`), so an auditor can tell which
//! rules made a label, and a deployment that changes them is visible.

use std::sync::OnceLock;

use sha2::{Digest, Sha256};

/// `engine <version>; rules <12 hex digits>`.
pub fn current() -> &'static str {
    static EDITION: OnceLock<String> = OnceLock::new();
    EDITION.get_or_init(|| {
        let mut digest = Sha256::new();
        let rules = nls_nutrition::edition::sources();
        let data = nls_fooddb::data_sources();
        let all = rules
            .iter()
            .map(|(name, text)| (name.as_str(), text.as_bytes()))
            .chain(data.iter().map(|(name, bytes)| (*name, *bytes)));
        for (name, bytes) in all {
            // Name and length first, so no two sets of files digest alike.
            digest.update(name.as_bytes());
            digest.update([0]);
            digest.update((bytes.len() as u64).to_le_bytes());
            digest.update(bytes);
        }
        let hex: String = digest
            .finalize()
            .iter()
            .take(6)
            .map(|b| format!("{b:02x}"))
            .collect();
        format!("engine {}; rules {hex}", env!("CARGO_PKG_VERSION"))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_edition_names_the_engine_and_a_rules_digest() {
        let edition = super::current();
        let (engine, rules) = edition.split_once("; ").expect("two parts");
        assert_eq!(engine, concat!("engine ", env!("CARGO_PKG_VERSION")));
        let hex = rules.strip_prefix("rules ").expect("rules part");
        assert_eq!(hex.len(), 12);
        assert!(hex.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(super::current(), edition, "computed once, stable");
    }
}
