//! The required statements a label prints below its table, one block per language: the
//! label's `statements` where its format prints several languages (each required statement
//! in each language: Reg. (EU) 1169/2011 Art. 15, 21 CFR 101.15(c)(2)), else its own
//! statement fields headed by the format's terms.

use std::borrow::Cow;

use nls_nutrition::{Format, Label};

/// One language's statements as drawn.
pub(crate) struct Block<'a> {
    /// The list's heading ("Zutaten:").
    pub heading: Cow<'a, str>,
    /// The plain statement (for what is said aloud, and where no HTML is carried).
    pub text: &'a str,
    /// The statement with allergens in `<b>`, where the label carries it.
    pub html: Option<&'a str>,
    /// The "Contains" statement, where the regime prints one.
    pub contains: Option<&'a str>,
}

/// Every block `label` prints, in the format's language order.
pub(crate) fn blocks<'a>(label: &'a Label, format: &'a Format) -> Vec<Block<'a>> {
    if label.statements.is_empty() {
        return vec![Block {
            heading: Cow::Owned(format.term("ingredients")),
            text: &label.ingredient_statement,
            html: label.ingredient_statement_html.as_deref(),
            contains: label.contains_statement.as_deref(),
        }];
    }
    label
        .statements
        .iter()
        .map(|s| Block {
            heading: Cow::Borrowed(s.heading.as_str()),
            text: &s.ingredient_statement,
            html: s.ingredient_statement_html.as_deref(),
            contains: s.contains_statement.as_deref(),
        })
        .collect()
}
