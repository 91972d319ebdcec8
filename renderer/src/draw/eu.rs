//! EU family (Regulation (EU) No 1169/2011): the nutrition declaration table of Annex XV
//! order with per 100 g and per portion columns (Art. 32, 33), the reference intake column
//! and its note (Art. 32(4)–(5)), then portion and ingredient statements (allergens in bold,
//! Art. 21). Lines sharing a name (energy kJ and kcal) share a row.

use nls_nutrition::{EuFacts, Format, FormatNutrient, Label};

use super::fonts::{Face, Metrics};
use super::scene::{grams, html_spans, number, Anchor, Painter, Scene, Span, BASE_WIDTH};

const BORDER: f32 = 1.5;
const RULE: f32 = 0.75;
const HEAD_RULE: f32 = 1.5;
const CELL_PAD: f32 = 5.0;
const MAX_TEXT: f32 = 12.0;
const MIN_TEXT: f32 = 8.0;

/// One table row: a name and one or more stacked lines of values.
struct Row<'f> {
    name: &'static str,
    lines: Vec<&'f FormatNutrient>,
}

fn rows<'f>(format: &'f Format, label: &Label) -> Vec<Row<'f>> {
    let mut rows: Vec<Row<'f>> = Vec::new();
    for n in format.nutrients {
        if !label.display.contains_key(&format!("per_100g.{}", n.key)) {
            continue;
        }
        match rows.last_mut() {
            Some(row) if row.name == n.name => row.lines.push(n),
            _ => rows.push(Row {
                name: n.name,
                lines: vec![n],
            }),
        }
    }
    rows
}

pub(crate) fn layout(m: &Metrics, label: &Label, format: &Format, facts: &EuFacts) -> Scene {
    let mut p = Painter::new(m);
    let mut said: Vec<String> = Vec::new();
    let rows = rows(format, label);
    let show = |column: &str, key: &str| {
        label
            .display
            .get(&format!("{column}.{key}"))
            .cloned()
            .unwrap_or_default()
    };
    let pct = |n: &FormatNutrient| {
        facts
            .reference_intake_pct
            .get(n.key)
            .map(|v| format!("{}%", number(*v)))
    };
    let portion_g = format!("({} g)", grams(label.serving_size.grams));
    let headers: [Vec<String>; 4] = [
        vec!["Typical values".into()],
        vec!["Per 100 g".into()],
        vec!["Per portion".into(), portion_g.clone()],
        vec!["%RI*".into(), "per portion".into()],
    ];

    // Column widths from the widest cell at size 1; the text size is the largest that fits.
    let indent_em = 1.0;
    let mut widths = [0f32; 4];
    for (c, lines) in headers.iter().enumerate() {
        for l in lines {
            widths[c] = widths[c].max(m.width(Face::Bold, 1.0, l));
        }
    }
    for row in &rows {
        let indent = if is_sub(row.name) { indent_em } else { 0.0 };
        let face = if is_sub(row.name) {
            Face::Regular
        } else {
            Face::Bold
        };
        widths[0] = widths[0].max(indent + m.width(face, 1.0, row.name));
        for n in &row.lines {
            widths[1] = widths[1].max(m.width(Face::Regular, 1.0, &show("per_100g", n.key)));
            widths[2] = widths[2].max(m.width(Face::Regular, 1.0, &show("per_portion", n.key)));
            if let Some(p) = pct(n) {
                widths[3] = widths[3].max(m.width(Face::Regular, 1.0, &p));
            }
        }
    }
    let table_w = BASE_WIDTH;
    let pads = 2.0 * CELL_PAD * 4.0;
    let em_total: f32 = widths.iter().sum();
    let size = ((table_w - pads - 2.0 * BORDER) / em_total).clamp(MIN_TEXT, MAX_TEXT);
    // Spare width goes to the name column.
    let mut cols: [f32; 4] = widths.map(|w| w * size + 2.0 * CELL_PAD);
    let spare = table_w - 2.0 * BORDER - cols.iter().sum::<f32>();
    cols[0] += spare.max(0.0);
    let mut col_x = [0f32; 5];
    col_x[0] = BORDER;
    for c in 0..4 {
        col_x[c + 1] = col_x[c] + cols[c];
    }

    // Heading.
    let title = "Nutrition declaration";
    let head_size = 1.3 * size;
    let mut y = 0.3 * head_size + m.cap_height(Face::Black) * head_size;
    p.text(
        0.0,
        y,
        head_size,
        Anchor::Start,
        vec![Span::new(Face::Black, title)],
    );
    said.push(title.to_string());
    y += 0.45 * head_size;
    let table_top = y;
    y += BORDER;

    // Header row.
    let line_h = 1.25 * size;
    let cap = m.cap_height(Face::Regular) * size;
    let head_lines = headers.iter().map(Vec::len).max().unwrap_or(1) as f32;
    let head_h = 2.0 * CELL_PAD * 0.8 + cap + (head_lines - 1.0) * line_h;
    for (c, lines) in headers.iter().enumerate() {
        for (i, l) in lines.iter().enumerate() {
            let baseline = y + CELL_PAD * 0.8 + cap + i as f32 * line_h;
            let (x, anchor) = if c == 0 {
                (col_x[0] + CELL_PAD, Anchor::Start)
            } else {
                (col_x[c + 1] - CELL_PAD, Anchor::End)
            };
            p.text(x, baseline, size, anchor, vec![Span::new(Face::Bold, l)]);
        }
    }
    said.push(
        headers
            .iter()
            .map(|h| h.join(" "))
            .collect::<Vec<_>>()
            .join(", "),
    );
    y += head_h;
    p.rect(BORDER, y, table_w - 2.0 * BORDER, HEAD_RULE);
    y += HEAD_RULE;

    // Body rows.
    for (r, row) in rows.iter().enumerate() {
        if r > 0 {
            p.rect(BORDER, y, table_w - 2.0 * BORDER, RULE);
            y += RULE;
        }
        let sub = is_sub(row.name);
        let name_face = if sub { Face::Regular } else { Face::Bold };
        let pad_y = CELL_PAD * 0.75;
        let first = y + pad_y + cap;
        let name_x = col_x[0] + CELL_PAD + if sub { indent_em * size } else { 0.0 };
        p.text(
            name_x,
            first,
            size,
            Anchor::Start,
            vec![Span::new(name_face, row.name)],
        );
        let mut values = Vec::new();
        for (i, n) in row.lines.iter().enumerate() {
            let baseline = first + i as f32 * line_h;
            let a = show("per_100g", n.key);
            let b = show("per_portion", n.key);
            p.text(
                col_x[2] - CELL_PAD,
                baseline,
                size,
                Anchor::End,
                vec![Span::new(Face::Regular, &a)],
            );
            p.text(
                col_x[3] - CELL_PAD,
                baseline,
                size,
                Anchor::End,
                vec![Span::new(Face::Regular, &b)],
            );
            // One %RI per row: energy's kJ and kcal percentages are the same intake.
            let ri = if i == 0 { pct(n) } else { None };
            if let Some(ri) = &ri {
                p.text(
                    col_x[4] - CELL_PAD,
                    baseline,
                    size,
                    Anchor::End,
                    vec![Span::new(Face::Regular, ri)],
                );
            }
            values.push(match ri {
                Some(ri) => format!("{a} per 100 g, {b} per portion, {ri} of the reference intake"),
                None => format!("{a} per 100 g, {b} per portion"),
            });
        }
        said.push(format!("{}: {}", row.name, values.join("; ")));
        y += 2.0 * pad_y + cap + (row.lines.len() as f32 - 1.0) * line_h;
    }
    y += BORDER;
    p.frame(0.0, table_top, table_w, y - table_top, BORDER);
    // Column separators.
    for x in &col_x[1..4] {
        p.rect(
            x - RULE / 2.0,
            table_top + BORDER,
            RULE,
            y - table_top - 2.0 * BORDER,
        );
    }

    // Notes below the table.
    let note = 0.9 * size;
    let note_lead = 1.3 * note;
    let ri_note = "*Reference intake of an average adult (8 400 kJ / 2 000 kcal)";
    y += 1.3 * note;
    y = p.paragraph(
        0.0,
        y,
        note,
        note_lead,
        table_w,
        &[Span::new(Face::Regular, ri_note)],
    );
    said.push(ri_note.to_string());

    let servings = label
        .display
        .get("servings_per_container")
        .cloned()
        .unwrap_or_else(|| number(label.servings_per_container));
    let portion = match label
        .serving_size
        .text
        .as_deref()
        .filter(|t| !t.trim().is_empty())
    {
        Some(text) => format!("Portion: {text}."),
        None => format!("Portion: {} g.", grams(label.serving_size.grams)),
    };
    let portions = if servings == "1" {
        "Pack contains 1 portion.".to_string()
    } else {
        format!("Pack contains {servings} portions.")
    };
    let portion_line = format!("{portion} {portions}");
    y += note_lead;
    y = p.paragraph(
        0.0,
        y,
        note,
        note_lead,
        table_w,
        &[Span::new(Face::Regular, &portion_line)],
    );
    said.push(portion_line);

    let html = if facts.ingredient_statement_html.trim().is_empty() {
        None
    } else {
        Some(facts.ingredient_statement_html.as_str())
    };
    if let Some(html) = html {
        let mut spans = vec![Span::new(Face::Black, "Ingredients: ")];
        spans.extend(html_spans(html, Face::Regular, Face::Black));
        y += 1.6 * note_lead;
        y = p.paragraph(0.0, y, size, 1.25 * size, table_w, &spans);
        said.push(format!("Ingredients: {}", label.ingredient_statement));
    }
    y += 0.4 * size;

    Scene {
        height: y.ceil(),
        title: title.to_string(),
        description: said.join(". "),
        items: p.items,
    }
}

/// Annex XV sub-lines ("of which saturates") are indented and not bold.
fn is_sub(name: &str) -> bool {
    name.starts_with("of which")
}
