//! Pieces every US layout draws the same way: the ingredient and "Contains" statements
//! below the panel, and how a row is said to a screen reader.

use nls_nutrition::{Format, Label, Row};

use super::fonts::Face;
use super::scene::{number, Painter, Span, BASE_WIDTH};

/// A row of the format with the label's declaration of it (first column).
pub(crate) struct Line<'a> {
    pub(crate) row: &'a Row,
    pub(crate) amount: String,
    pub(crate) percent: Option<String>,
}

/// The format's rows the label declares, in the format's order, with the first column's
/// amount and percentage as printed.
pub(crate) fn first_column_lines<'a>(label: &Label, format: &'a Format) -> Vec<Line<'a>> {
    format
        .rows
        .iter()
        .filter_map(|row| {
            let cell = label.row(&row.key)?.cells.first()?;
            Some(Line {
                row,
                amount: cell.text.clone(),
                percent: cell.percent.map(|v| format!("{}%", number(v))),
            })
        })
        .collect()
}

/// The ingredient statement (101.4) and the "Contains" statement (21 U.S.C. 343(w)) below
/// a panel ending at `panel_bottom`, in type of `size`, the first `gap` below the panel;
/// each said in `said`. Returns the bottom of what was drawn.
pub(crate) fn statements_below(
    p: &mut Painter<'_>,
    label: &Label,
    format: &Format,
    panel_bottom: f32,
    size: f32,
    gap: f32,
    said: &mut Vec<String>,
) -> f32 {
    let mut bottom = panel_bottom;
    for block in super::statements::blocks(label, format) {
        if !block.text.trim().is_empty() {
            // A later language's block stands apart from the one before.
            let gap = if bottom > panel_bottom {
                0.6 * size
            } else {
                gap
            };
            let y = bottom + 1.2 * size + gap;
            let spans = [
                Span::new(Face::Black, block.heading.as_ref()),
                Span::new(Face::Regular, format!(" {}", block.text)),
            ];
            bottom = p.paragraph(0.0, y, size, 1.25 * size, BASE_WIDTH, &spans);
            said.push(format!("{} {}", block.heading, block.text));
        }
        if let Some(contains) = block.contains.filter(|c| !c.is_empty()) {
            let y = bottom + 1.45 * size;
            bottom = p.paragraph(
                0.0,
                y,
                size,
                1.25 * size,
                BASE_WIDTH,
                &[Span::new(Face::Black, contains)],
            );
            said.push(contains.to_string());
        }
    }
    if bottom > panel_bottom {
        bottom += 0.4 * size;
    }
    bottom
}

/// A row as a screen reader says it: its text, then its percentage in the format's words.
pub(crate) fn said_row(format: &Format, text: String, pct: Option<&str>) -> String {
    match pct {
        Some(p) => format!(
            "{text}, {}",
            format.term_with("percent.said", &[("percent", p)])
        ),
        None => text,
    }
}
