//! Printed words per language and regime (`nutrition/data/terms/<language>.<regime>.json`):
//! every word a label prints (title, column heads, nutrient names, footnotes, "Contains",
//! "Ingredients", serving lines) comes from one of these tables, named by key.
//!
//! Values may hold `{placeholders}` filled by the caller and `<i>…</i>` around words set in
//! italic (21 CFR 101.9(c)(2)(ii): "*Trans* Fat").

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::format::TermMap;

/// The kinds of source a printed term may come from, as
/// `reference/sources/LABEL_TERMS_SOURCES.md` classifies them (official text; a third-party
/// copy of it; a regulator's guidance page; a secondary summary; open-source data, attributed
/// or not), plus two that are no wording of any source: `quantity` (a number and unit symbols
/// only, "100 g") and `spoken` (read aloud in the drawing's description, never printed).
pub const SOURCE_KINDS: [&str; 8] = [
    "official-text",
    "official-copy",
    "official-guidance",
    "secondary",
    "oss",
    "oss-unattributed",
    "quantity",
    "spoken",
];

/// Which way a language's lines read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Left to right.
    #[default]
    Ltr,
    /// Right to left (Arabic, Hebrew): a table's names stand on the right.
    Rtl,
}

impl Direction {
    /// Whether this is left to right (the default, left out of the data).
    pub fn is_ltr(&self) -> bool {
        *self == Direction::Ltr
    }
}

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
    /// Which way the language reads (right to left for Arabic and Hebrew).
    #[serde(default, skip_serializing_if = "Direction::is_ltr")]
    pub direction: Direction,
    /// Key → the kind of source its text comes from (one of [`SOURCE_KINDS`]): a table whose
    /// words come from sources of uneven trust says so term by term. Empty: the `source`
    /// names one source for all.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub source_kinds: BTreeMap<String, String>,
}

impl Terms {
    /// The text of `key`, if the table has it.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.terms.get(key).map(String::as_str)
    }

    /// The kind of source `key`'s text comes from, where the table says.
    pub fn source_kind(&self, key: &str) -> Option<&str> {
        self.source_kinds.get(key).map(String::as_str)
    }

    /// Checks the source kinds: where a table gives them, every term has one, each names a
    /// term of the table and is one of [`SOURCE_KINDS`].
    pub fn check_source_kinds(&self) -> Result<(), String> {
        if self.source_kinds.is_empty() {
            return Ok(());
        }
        if let Some(key) = self
            .terms
            .keys()
            .find(|k| !self.source_kinds.contains_key(*k))
        {
            return Err(format!("term {key:?} has no source kind"));
        }
        for (key, kind) in &self.source_kinds {
            if !self.terms.contains_key(key) {
                return Err(format!("source kind of {key:?}, which is no term"));
            }
            if !SOURCE_KINDS.contains(&kind.as_str()) {
                return Err(format!(
                    "source kind {kind:?} of {key:?} is not one of {SOURCE_KINDS:?}"
                ));
            }
        }
        Ok(())
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
