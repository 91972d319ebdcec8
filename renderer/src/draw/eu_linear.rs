//! Layout `eu-linear`: the linear nutrition declaration Reg. (EU) No 1169/2011 Art. 34(2)
//! allows where space does not permit a table: the heading, then the basis ("Per 100 g") and
//! every declaration run in as one paragraph in the Annex XV order, each name with its amounts
//! (energy's kJ and kcal together), then the ingredient list with its allergens in the heavy
//! face (Art. 21). Every word comes from the format's terms.
//!
//! Layout `linear-only` is the same run-in paragraph without the heading and the ingredient
//! list, for languages whose words for these are not in our references (as `table-only` is to
//! `eu-table`): each column's paragraph opens with the term `linear.lead.<column>` where the
//! format's terms give one ("Пищевая ценность в 100 г"), else with the column's head
//! ("100 g"); amounts take the language's decimal separator.

use nls_nutrition::{Basis, Format, Label};

use super::eu_table::decimal;
use super::fonts::{Face, Metrics};
use super::scene::{grams, html_spans, plain, Anchor, Painter, Scene, Span, BASE_WIDTH};

const TEXT: f32 = 10.0;
const HEADING: f32 = 13.0;

/// Layout `eu-linear`: heading, declaration, ingredient list.
pub(crate) fn layout(m: &Metrics, label: &Label, format: &Format) -> Scene {
    draw(m, label, format, true)
}

/// Layout `linear-only`: the run-in declaration alone.
pub(crate) fn layout_linear_only(m: &Metrics, label: &Label, format: &Format) -> Scene {
    draw(m, label, format, false)
}

fn draw(m: &Metrics, label: &Label, format: &Format, full: bool) -> Scene {
    let mut p = Painter::new(m);
    let mut said: Vec<String> = Vec::new();
    let lead = 1.3 * TEXT;

    // The linear-only form has no heading: its title is the format's name, unprinted.
    let mut y;
    let title = if full {
        let title = format.term("title");
        y = m.cap_height(Face::Black) * HEADING;
        p.text(
            0.0,
            y,
            HEADING,
            Anchor::Start,
            vec![Span::new(Face::Black, &title)],
        );
        said.push(title.clone());
        title
    } else {
        y = m.cap_height(Face::Bold) * TEXT - 1.6 * TEXT;
        format.name.clone()
    };

    // One run-in paragraph per column: "Per 100 g: Energy 1000kJ / 240kcal, Fat 10g, …".
    for (c, column) in format.columns.iter().enumerate() {
        let id = if label.per_100ml && column.basis == Basis::Per100g {
            "per_100ml"
        } else {
            column.id.as_str()
        };
        let basis = match format.term(&format!("linear.lead.{id}")) {
            lead if lead.is_empty() => format.term_with(
                &format!("column.{id}"),
                &[("grams", &grams(label.serving_size.grams))],
            ),
            lead => lead,
        };
        let mut items: Vec<(String, Vec<String>)> = Vec::new();
        for row in &format.rows {
            let Some(declared) = label.row(&row.key) else {
                continue;
            };
            let Some(cell) = declared.cells.get(c) else {
                continue;
            };
            let name = plain(&format.row_name(row));
            match items.last_mut() {
                Some((last, amounts)) if *last == name => amounts.push(decimal(format, &cell.text)),
                _ => items.push((name, vec![decimal(format, &cell.text)])),
            }
        }
        let mut spans = vec![Span::new(Face::Bold, format!("{basis}: "))];
        let text: Vec<String> = items
            .iter()
            .map(|(name, amounts)| format!("{name} {}", amounts.join(" / ")))
            .collect();
        spans.push(Span::new(Face::Regular, text.join(", ")));
        y += 1.6 * TEXT;
        y = p.paragraph(0.0, y, TEXT, lead, BASE_WIDTH, &spans);
        said.push(format!("{basis}: {}", text.join(", ")));
    }

    for block in super::statements::blocks(label, format) {
        let Some(html) = block.html.filter(|h| !h.trim().is_empty()) else {
            continue;
        };
        let mut spans = vec![Span::new(Face::Black, format!("{} ", block.heading))];
        spans.extend(html_spans(html, Face::Regular, Face::Black));
        y += 1.6 * TEXT;
        y = p.paragraph(0.0, y, TEXT, lead, BASE_WIDTH, &spans);
        said.push(format!("{} {}", block.heading, block.text));
    }
    y += 0.5 * TEXT;

    Scene {
        height: y.ceil(),
        title,
        description: said.join(". "),
        items: p.items,
        diagonal: None,
    }
}
