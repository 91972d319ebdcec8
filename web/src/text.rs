//! What printed and displayed text may hold, one rule for every field a person names:
//! recipe and ingredient names, account names, e-mail addresses, webhook descriptions.

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Whether `c` may appear in printed text: not a control character (Unicode category Cc)
/// nor a format character (Cf: bidirectional overrides and isolates, zero-width space,
/// soft hyphen, ...), which reorder or hide what is shown. The zero-width non-joiner and
/// joiner are kept: Persian and Indic spellings need them (RFC 5892 Appendix A.1, A.2 allow
/// them in identifiers too).
pub fn printable(c: char) -> bool {
    if c == '\u{200C}' || c == '\u{200D}' {
        return true;
    }
    !c.is_control() && c.general_category() != GeneralCategory::Format
}

/// The first character of `text` that [`printable`] refuses.
pub fn first_unprintable(text: &str) -> Option<char> {
    text.chars().find(|c| !printable(*c))
}

/// The problem to report for `c`.
pub fn unprintable_problem(c: char) -> String {
    format!(
        "must not contain control or format characters (found U+{:04X}); such characters \
         reorder or hide what is shown",
        u32::from(c)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_controls_and_zero_width_spaces_are_refused_and_joiners_kept() {
        for c in [
            '\u{202E}', '\u{2066}', '\u{200B}', '\u{00AD}', '\u{0007}', '\u{FEFF}',
        ] {
            assert!(!printable(c), "U+{:04X}", u32::from(c));
        }
        for c in ['a', 'é', 'ß', '\u{200C}', '\u{200D}', '中', ' '] {
            assert!(printable(c), "U+{:04X}", u32::from(c));
        }
        assert_eq!(first_unprintable("Corner\u{202E}Bakery"), Some('\u{202E}'));
    }
}
