//! Printed words per language and regime (`nutrition/data/terms/<language>.<regime>.json`):
//! every word a label prints (title, column heads, nutrient names, footnotes, "Contains",
//! "Ingredients", serving lines) comes from one of these tables, named by key.
//!
//! Values may hold `{placeholders}` filled by the caller and `<i>…</i>` around words set in
//! italic (21 CFR 101.9(c)(2)(ii): "*Trans* Fat").

use serde::{Deserialize, Serialize};

use crate::format::TermMap;

/// One table of terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terms {
    /// ISO 639-1 language code.
    pub language: String,
    /// The regime whose wording it holds.
    pub regime: String,
    /// Where the wording comes from.
    pub source: String,
    /// Key → printed text.
    pub terms: TermMap,
    /// What a reviewer should know, e.g. which words are unconfirmed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

impl Terms {
    /// The text of `key`, if the table has it.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.terms.get(key).map(String::as_str)
    }

    /// `key`'s text with its `<i>` marks removed (for statements and spoken descriptions).
    pub fn plain(&self, key: &str) -> Option<String> {
        self.get(key).map(strip_marks)
    }
}

/// `text` without `<i>` / `</i>` marks.
pub fn strip_marks(text: &str) -> String {
    if text.contains('<') {
        text.replace("<i>", "").replace("</i>", "")
    } else {
        text.to_owned()
    }
}
