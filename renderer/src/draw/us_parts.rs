//! Pieces every US layout draws the same way: the ingredient and "Contains" statements
//! below the panel, and how a row is said to a screen reader.

use nls_nutrition::{Format, Label, Row, SetApart};

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
/// each said in `said`. Where the regime sets the list apart with solid lines (FDR
/// B.01.008.2(2)(a)), each language's list and its "Contains" statement, shown in the same
/// manner (B.01.010.3(1)(a.2)), sit between a line above and a line below, in the colour of
/// the type. Returns the bottom of what was drawn.
pub(crate) fn statements_below(
    p: &mut Painter<'_>,
    label: &Label,
    format: &Format,
    panel_bottom: f32,
    size: f32,
    gap: f32,
    said: &mut Vec<String>,
) -> f32 {
    let ruled = format.regime.ingredient_list.set_apart == SetApart::SolidLines;
    let rule = RULE_OF_SIZE * size;
    let mut bottom = panel_bottom;
    for block in super::statements::blocks(label, format) {
        let has_text = !block.text.trim().is_empty();
        let contains = block.contains.filter(|c| !c.is_empty());
        if !has_text && contains.is_none() {
            continue;
        }
        // A later language's block stands apart from the one before; a ruled block's first
        // line stands as clear of the panel's frame, so that it reads as the list's own and
        // not as a doubled frame.
        let gap = if bottom > panel_bottom || ruled {
            gap.max(0.6 * size)
        } else {
            gap
        };
        // The space above the first line of text: the gap, or, below a rule, none beyond
        // the line's own leading (its ascenders clear the rule as they would the panel).
        let mut lead = gap;
        if ruled {
            p.rect(0.0, bottom + gap, BASE_WIDTH, rule);
            bottom += gap + rule;
            lead = 0.0;
        }
        if has_text {
            let y = bottom + 1.2 * size + lead;
            let spans = [
                Span::new(Face::Black, block.heading.as_ref()),
                Span::new(Face::Regular, format!(" {}", block.text)),
            ];
            bottom = p.paragraph(0.0, y, size, 1.25 * size, BASE_WIDTH, &spans);
            said.push(format!("{} {}", block.heading, block.text));
        }
        if let Some(contains) = contains {
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
        if ruled {
            // Below the descenders of the last line.
            bottom += 0.45 * size;
            p.rect(0.0, bottom, BASE_WIDTH, rule);
            bottom += rule;
        }
    }
    if bottom > panel_bottom {
        bottom += 0.4 * size;
    }
    bottom
}

/// The thickness of the lines that set a list of ingredients apart, as a share of its type
/// size: a hairline that reads as a solid line at any scale (the regulation sets no weight).
const RULE_OF_SIZE: f32 = 0.08;

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
