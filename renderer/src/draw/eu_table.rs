//! Layout `eu-table`: a nutrition declaration table (Regulation (EU) No 1169/2011 Annex XV
//! order and Art. 34(2) tabular form): a name column, one column per basis of the format
//! (Art. 32, 33), the percentage column and its note when the format shows one
//! (Art. 32(4)-(5)), then portion and ingredient statements (allergens in bold, Art. 21).
//! Rows sharing a printed name (energy kJ and kcal) share a table row. Every word comes from
//! the format's terms.

use nls_nutrition::{Basis, Format, Label};

use super::fonts::{Face, Metrics};
use super::scene::{grams, html_spans, number, plain, Anchor, Painter, Scene, Span, BASE_WIDTH};

const BORDER: f32 = 1.5;
const RULE: f32 = 0.75;
const HEAD_RULE: f32 = 1.5;
const CELL_PAD: f32 = 5.0;
const MAX_TEXT: f32 = 12.0;
const MIN_TEXT: f32 = 8.0;

/// One declared line: the label's texts per column and its percentage.
struct Line {
    values: Vec<String>,
    percent: Option<String>,
}

/// One table row: a name and one or more stacked lines of values.
struct TableRow {
    name: String,
    sub: bool,
    bold: bool,
    lines: Vec<Line>,
}

fn rows(format: &Format, label: &Label) -> Vec<TableRow> {
    let mut rows: Vec<TableRow> = Vec::new();
    for row in &format.rows {
        let Some(declared) = label.row(&row.key) else {
            continue;
        };
        let line = Line {
            values: declared.cells.iter().map(|c| c.text.clone()).collect(),
            percent: declared
                .cells
                .iter()
                .find_map(|c| c.percent)
                .map(|v| format!("{}%", number(v))),
        };
        let name = plain(&format.row_name(row));
        match rows.last_mut() {
            Some(last) if last.name == name => last.lines.push(line),
            _ => rows.push(TableRow {
                name,
                sub: row.style.indent > 0,
                bold: row.style.bold,
                lines: vec![line],
            }),
        }
    }
    rows
}

pub(crate) fn layout(m: &Metrics, label: &Label, format: &Format) -> Scene {
    let mut p = Painter::new(m);
    let mut said: Vec<String> = Vec::new();
    let rows = rows(format, label);
    let portion_g = format.term_with(
        "column.weight",
        &[("grams", &grams(label.serving_size.grams))],
    );
    let has_percent = format.percent_column().is_some();
    let mut headers: Vec<Vec<String>> = vec![vec![format.term("typical_values")]];
    // A liquid's per-100 column is per 100 ml where the format's law says so.
    let term_id = |c: &nls_nutrition::format::Column| {
        if label.per_100ml && c.basis == Basis::Per100g {
            "per_100ml".to_owned()
        } else {
            c.id.clone()
        }
    };
    for c in &format.columns {
        let mut head = vec![format.term(&format!("column.{}", term_id(c)))];
        if c.basis == Basis::Serving {
            head.push(portion_g.clone());
        }
        headers.push(head);
    }
    if has_percent {
        headers.push(vec![
            format.term("percent.head"),
            format.term("percent.head.sub"),
        ]);
    }
    let n = headers.len();
    let columns = format.columns.len();

    // Column widths from the widest cell at size 1; the text size is the largest that fits.
    let indent_em = 1.0;
    let mut widths = vec![0f32; n];
    for (c, lines) in headers.iter().enumerate() {
        for l in lines {
            widths[c] = widths[c].max(m.width(Face::Bold, 1.0, l));
        }
    }
    for row in &rows {
        let indent = if row.sub { indent_em } else { 0.0 };
        widths[0] = widths[0].max(indent + m.width(name_face(row), 1.0, &row.name));
        for line in &row.lines {
            for (c, v) in line.values.iter().enumerate() {
                widths[1 + c] = widths[1 + c].max(m.width(Face::Regular, 1.0, v));
            }
            if let (true, Some(p)) = (has_percent, &line.percent) {
                widths[n - 1] = widths[n - 1].max(m.width(Face::Regular, 1.0, p));
            }
        }
    }
    let table_w = BASE_WIDTH;
    let pads = 2.0 * CELL_PAD * n as f32;
    let em_total: f32 = widths.iter().sum();
    let size = ((table_w - pads - 2.0 * BORDER) / em_total).clamp(MIN_TEXT, MAX_TEXT);
    // Spare width goes to the name column.
    let mut cols: Vec<f32> = widths.iter().map(|w| w * size + 2.0 * CELL_PAD).collect();
    let spare = table_w - 2.0 * BORDER - cols.iter().sum::<f32>();
    cols[0] += spare.max(0.0);
    let mut col_x = vec![0f32; n + 1];
    col_x[0] = BORDER;
    for c in 0..n {
        col_x[c + 1] = col_x[c] + cols[c];
    }

    // Heading.
    let title = format.term("title");
    let title = title.as_str();
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
        let pad_y = CELL_PAD * 0.75;
        let first = y + pad_y + cap;
        let name_x = col_x[0] + CELL_PAD + if row.sub { indent_em * size } else { 0.0 };
        p.text(
            name_x,
            first,
            size,
            Anchor::Start,
            vec![Span::new(name_face(row), &row.name)],
        );
        let mut values = Vec::new();
        for (i, line) in row.lines.iter().enumerate() {
            let baseline = first + i as f32 * line_h;
            let mut spoken = Vec::with_capacity(columns + 1);
            for (c, (column, v)) in format.columns.iter().zip(&line.values).enumerate() {
                p.text(
                    col_x[c + 2] - CELL_PAD,
                    baseline,
                    size,
                    Anchor::End,
                    vec![Span::new(Face::Regular, v)],
                );
                spoken.push(
                    format.term_with(&format!("column.said.{}", term_id(column)), &[("value", v)]),
                );
            }
            // One percentage per row: energy's kJ and kcal percentages are the same intake.
            let ri = if i == 0 && has_percent {
                line.percent.clone()
            } else {
                None
            };
            if let Some(ri) = &ri {
                p.text(
                    col_x[n] - CELL_PAD,
                    baseline,
                    size,
                    Anchor::End,
                    vec![Span::new(Face::Regular, ri)],
                );
                spoken.push(format.term_with("percent.said", &[("percent", ri)]));
            }
            values.push(spoken.join(", "));
        }
        said.push(format!("{}: {}", row.name, values.join("; ")));
        y += 2.0 * pad_y + cap + (row.lines.len() as f32 - 1.0) * line_h;
    }
    y += BORDER;
    p.frame(0.0, table_top, table_w, y - table_top, BORDER);
    // Column separators.
    for x in &col_x[1..n] {
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
    if has_percent {
        let ri_note = format.term("percent.note");
        y += 1.3 * note;
        y = p.paragraph(
            0.0,
            y,
            note,
            note_lead,
            table_w,
            &[Span::new(Face::Regular, &ri_note)],
        );
        said.push(ri_note);
    }

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
        Some(text) => format.term_with("portion.text", &[("text", text)]),
        None => format.term_with(
            "portion.grams",
            &[("grams", &grams(label.serving_size.grams))],
        ),
    };
    let portions = if servings == "1" {
        format.term("servings.one")
    } else {
        format.term_with("servings.many", &[("servings", &servings)])
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

    // The HTML statement (allergens emphasised) where the format's labels carry it.
    let html = match &label.ingredient_statement_html {
        Some(html) => html.clone(),
        None => nls_nutrition::statement::escape_html(&label.ingredient_statement),
    };
    if !html.trim().is_empty() {
        let ingredients = format.term("ingredients");
        let mut spans = vec![Span::new(Face::Black, format!("{ingredients} "))];
        spans.extend(html_spans(&html, Face::Regular, Face::Black));
        y += 1.6 * note_lead;
        y = p.paragraph(0.0, y, size, 1.25 * size, table_w, &spans);
        said.push(format!("{ingredients} {}", label.ingredient_statement));
    }
    if let Some(contains) = label
        .contains_statement
        .as_deref()
        .filter(|c| !c.is_empty())
    {
        y += 1.25 * size;
        y = p.paragraph(
            0.0,
            y,
            size,
            1.25 * size,
            table_w,
            &[Span::new(Face::Black, contains)],
        );
        said.push(contains.to_string());
    }
    y += 0.4 * size;

    Scene {
        height: y.ceil(),
        title: title.to_string(),
        description: said.join(". "),
        items: p.items,
    }
}

/// The face of a row's name: Annex XV main lines bold, "of which" sub-lines regular.
fn name_face(row: &TableRow) -> Face {
    if row.bold && !row.sub {
        Face::Bold
    } else {
        Face::Regular
    }
}
