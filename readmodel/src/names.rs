//! The key by which two names count as the same: an account may not have two custom
//! ingredients with one key, since a recipe line naming it would have to pick one.

use unicode_normalization::UnicodeNormalization;

/// `name` trimmed, in compatibility normal form (NFKC: "ﬁ" is "fi", full-width letters are
/// letters) and case-folded. Each character is upper- and then lower-cased, one character at
/// a time, so that the full case folding pairs match too ("ß" and "ss", "ς" and "σ"), then
/// normalised again, since case mapping can leave a string unnormalised.
pub fn name_key(name: &str) -> String {
    let compatible: String = name.trim().nfkc().collect();
    let folded: String = compatible
        .chars()
        .flat_map(char::to_uppercase)
        .flat_map(char::to_lowercase)
        .collect();
    folded.nfkc().collect()
}

#[cfg(test)]
mod tests {
    use super::name_key;

    #[test]
    fn case_width_ligatures_and_composition_do_not_make_a_new_name() {
        let same = [
            ("Oat Paste", "oat paste"),
            ("Straße", "STRASSE"),
            ("ΣΟΦΙΑ", "σοφια"),
            ("ﬁg jam", "fig jam"),
            ("ＯＡＴ", "oat"),
            ("Cr\u{e8}me", "Cre\u{300}me"),
            ("  oat paste ", "oat paste"),
        ];
        for (a, b) in same {
            assert_eq!(name_key(a), name_key(b), "{a:?} vs {b:?}");
        }
        assert_ne!(name_key("oat paste"), name_key("oat pastes"));
    }
}
