//! Layout `eu-table`: a nutrition declaration table (Regulation (EU) No 1169/2011 Annex XV
//! order and Art. 34(2) tabular form): a name column, one column per basis of the format
//! (Art. 32, 33), the percentage column and its note when the format shows one
//! (Art. 32(4)-(5)), then portion and ingredient statements (allergens in bold, Art. 21).
//! Rows sharing a printed name (energy kJ and kcal) share a table row. Every word comes from
//! the format's terms. A right-to-left format's table is mirrored (its terms' direction);
//! one whose languages read both ways gives each its side. Each cell is one direction: runs
//! of a cell mixing both are set in the order typed.

use std::borrow::Cow;

use nls_nutrition::terms::Direction;
use nls_nutrition::{Basis, Format, Label};

use super::fonts::{Face, Metrics};
use super::scene::{
    grams, html_spans, number, plain, wrap, Anchor, Painter, Scene, Span, BASE_WIDTH,
};

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
    /// Every language's name (read aloud; rows sharing it share a table row).
    name: String,
    /// The name drawn in the first name column: every language's, or where the format's
    /// languages read both ways, those that read left to right.
    drawn: String,
    /// Where the format's languages read both ways: the right-to-left languages' name, drawn
    /// in a name column of its own at the table's right edge.
    side: Option<String>,
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
            values: declared
                .cells
                .iter()
                .map(|c| decimal(format, &c.text))
                .collect(),
            percent: declared
                .cells
                .iter()
                .find_map(|c| c.percent)
                .map(|v| format!("{}%", number(v))),
        };
        let name = plain(&format.row_name(row));
        let (drawn, side) = if format.reads_both_ways() {
            (
                plain(&format.term_reading(&row.term, Direction::Ltr)),
                Some(plain(&format.term_reading(&row.term, Direction::Rtl))),
            )
        } else {
            (name.clone(), None)
        };
        match rows.last_mut() {
            Some(last) if last.name == name => last.lines.push(line),
            _ => rows.push(TableRow {
                name,
                drawn,
                side,
                sub: row.style.indent > 0,
                bold: row.style.bold,
                lines: vec![line],
            }),
        }
    }
    rows
}

/// How the names wrap where the table is too wide for them on one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NameWrap {
    No,
    /// After the " / " between two languages.
    Joints,
    /// Between words.
    Words,
}

/// How a value column is read aloud in the drawing's description.
enum Said {
    /// By the terms `column.said.<id>`.
    Term(String),
    /// An aggregate format's food column: by the food's name.
    Food(String),
}

/// What the table is framed with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Frame {
    /// Layout `eu-table`: title, "typical values", percentage column and its note, portion
    /// line and ingredient list, all from the format's terms.
    Full,
    /// Layout `table-only`: the nutrient table alone (Annex XV for EU formats): nutrient names in the format's
    /// languages, column heads that are quantities ("100 g", "100 ml"). For languages whose
    /// other label words (title, portion line, ingredient heading, allergen names) are not
    /// in our references.
    TableOnly,
    /// One half of layout `table-split`: drawn as `TableOnly`, without the ingredient list
    /// (a list under each half would print it twice).
    SplitHalf,
    /// Layout `nip`: FSANZ Standard 1.2.8 Schedule 12's nutrition information panel: its
    /// heading, servings per package and serving size above a table whose column heads are
    /// the format's terms ("Quantity per serving", "Quantity per 100 g").
    Nip,
    /// Layout `table-ri`: the nutrient table alone with the percentage column of the
    /// format's percent column, headed by the term `percent.head`, and the term
    /// `percent.note` below it (Reg. (EU) 1169/2011 Art. 32(4)-(5): percentages of the
    /// reference intakes need the statement "Reference intake of an average adult …" nearby),
    /// for languages whose other label words are not in our references.
    TableRi,
}

impl Frame {
    /// The table alone: no title and no percentage column.
    fn is_bare(self) -> bool {
        matches!(self, Self::TableOnly | Self::SplitHalf)
    }
}

pub(crate) fn layout(m: &Metrics, label: &Label, format: &Format) -> Scene {
    draw(m, label, format, Frame::Full)
}

pub(crate) fn layout_table_only(m: &Metrics, label: &Label, format: &Format) -> Scene {
    draw(m, label, format, Frame::TableOnly)
}

pub(crate) fn layout_nip(m: &Metrics, label: &Label, format: &Format) -> Scene {
    draw(m, label, format, Frame::Nip)
}

pub(crate) fn layout_table_ri(m: &Metrics, label: &Label, format: &Format) -> Scene {
    draw(m, label, format, Frame::TableRi)
}

fn draw(m: &Metrics, label: &Label, format: &Format, frame: Frame) -> Scene {
    let rows = rows(format, label);
    draw_in(m, label, format, frame, &rows, Area::WHOLE).0
}

/// Where a table is drawn: its left edge and width, and the largest text size it may take.
#[derive(Debug, Clone, Copy)]
struct Area {
    x: f32,
    width: f32,
    max_text: f32,
}

impl Area {
    /// The label's whole width.
    const WHOLE: Area = Area {
        x: 0.0,
        width: BASE_WIDTH,
        max_text: MAX_TEXT,
    };
}

/// The gap between the two halves of a split table.
const SPLIT_GAP: f32 = 8.0;

/// Layout `table-split`: the `table-only` table with its rows in two side-by-side tables of
/// half the width, each with its own header (the "horizontal"/"split" forms several laws
/// allow where a package lacks the height for one table: 21 CFR 101.9(d)(11)(iii)'s tabular
/// display sets the nutrients in two such tables). Both halves take the same text size.
pub(crate) fn layout_table_split(m: &Metrics, label: &Label, format: &Format) -> Scene {
    let rows = rows(format, label);
    let half = rows.len().div_ceil(2);
    let (left_rows, right_rows) = rows.split_at(half);
    let width = (BASE_WIDTH - SPLIT_GAP) / 2.0;
    let left = Area {
        x: 0.0,
        width,
        max_text: MAX_TEXT,
    };
    let right = Area {
        x: BASE_WIDTH - width,
        ..left
    };
    let draw_both = |max_text: f32| {
        (
            draw_in(
                m,
                label,
                format,
                Frame::SplitHalf,
                left_rows,
                Area { max_text, ..left },
            ),
            draw_in(
                m,
                label,
                format,
                Frame::SplitHalf,
                right_rows,
                Area { max_text, ..right },
            ),
        )
    };
    let ((mut a, size_a), (mut b, size_b)) = draw_both(MAX_TEXT);
    if (size_a - size_b).abs() > f32::EPSILON {
        ((a, _), (b, _)) = draw_both(size_a.min(size_b));
    }
    a.height = a.height.max(b.height);
    let right_said = b.description.split_once(". ").map_or("", |(_, rest)| rest);
    if !right_said.is_empty() {
        a.description = format!("{}. {right_said}", a.description);
    }
    a.items.extend(b.items);
    a
}

/// Draws `rows` of the label as a table in `area`; returns the scene and the text size used.
fn draw_in(
    m: &Metrics,
    label: &Label,
    format: &Format,
    frame: Frame,
    rows: &[TableRow],
    area: Area,
) -> (Scene, f32) {
    let full = frame == Frame::Full;
    let mut p = Painter::new(m);
    let mut said: Vec<String> = Vec::new();
    let portion_g = format.term_with(
        "column.weight",
        &[("grams", &grams(label.serving_size.grams))],
    );
    let has_percent = !frame.is_bare() && format.percent_column().is_some();
    let first_head = if full {
        format.term("typical_values")
    } else {
        String::new()
    };
    let mut headers: Vec<Vec<String>> = vec![vec![first_head]];
    // A liquid's per-100 column is per 100 ml where the format's law says so.
    let term_id = |c: &nls_nutrition::format::Column| {
        if label.per_100ml && c.basis == Basis::Per100g {
            "per_100ml".to_owned()
        } else {
            c.id.clone()
        }
    };
    // How each value column is read aloud: by its term, or (an aggregate format's columns,
    // one per food) by the food's name.
    let mut said_as: Vec<Said> = Vec::new();
    if format.has_food_columns() {
        // One column per food, headed by its name and its serving size.
        for id in &label.columns {
            let food = label.foods.iter().find(|f| &f.column == id);
            let name = food.map_or_else(|| id.clone(), |f| f.name.clone());
            let mut head = vec![name.clone()];
            // Its serving as the format's serving column would be headed ("{grams} g"),
            // else as the label displays it.
            let weight = food.map(|f| {
                format.term_with(
                    "column.per_serving",
                    &[("grams", &grams(f.serving_size.grams))],
                )
            });
            match (
                weight.filter(|w| !w.is_empty()),
                label.display.get(&format!("{id}.serving_size")),
            ) {
                (Some(w), _) => head.push(w),
                (None, Some(serving)) => head.push(serving.clone()),
                (None, None) => {}
            }
            headers.push(head);
            said_as.push(Said::Food(name));
        }
    }
    for c in format.columns.iter().filter(|c| c.basis != Basis::Food) {
        // A serving column may be headed by its weight ("{grams} g").
        let mut head = vec![format.term_with(
            &format!("column.{}", term_id(c)),
            &[("grams", &grams(label.serving_size.grams))],
        )];
        if full && c.basis == Basis::Serving {
            head.push(portion_g.clone());
        }
        headers.push(head);
        said_as.push(Said::Term(term_id(c)));
    }
    // The percentages stand right after the column they are of (FSANZ Schedule 12 S12—4
    // sets "% Daily intake* (per serving)" between the per-serving and per-100 g columns;
    // the EU's %RI column follows the last column, which carries them).
    let percent_of = format.percent_column().filter(|_| has_percent);
    if let Some(of) = percent_of {
        let mut head = vec![format.term("percent.head")];
        let sub = format.term("percent.head.sub");
        if !sub.is_empty() {
            head.push(sub);
        }
        headers.insert(2 + of, head);
    }
    // A format whose languages read both ways gives each its side: a last name column holds
    // the right-to-left names (Arabic on the right, English on the left, amounts between).
    let side_col = rows.iter().any(|r| r.side.is_some()).then(|| {
        headers.push(vec![String::new()]);
        headers.len() - 1
    });
    // A right-to-left format's table is mirrored: names on the right, amounts to their
    // left, every cell's text aligned right (its reading edge).
    let mirror = format.direction() == Direction::Rtl && side_col.is_none();
    let n = headers.len();
    // The table column of value column `c`, and of the percentages.
    let slot = |c: usize| 1 + c + usize::from(percent_of.is_some_and(|of| c > of));
    let percent_slot = percent_of.map_or(n - 1, |of| 2 + of);
    let columns = said_as.len();

    // Column widths from the widest cell at size 1; the text size is the largest that fits.
    let indent_em = 1.0;
    let head_width = |lines: &[String]| {
        lines
            .iter()
            .map(|l| m.width(Face::Bold, 1.0, l))
            .fold(0f32, f32::max)
    };
    let mut widths: Vec<f32> = headers.iter().map(|h| head_width(h)).collect();
    // The name column at size 1: whole names, and the widest one-language part of a name
    // (names of several languages joined by " / " may wrap at those joints).
    let mut part_em = 0f32;
    let mut word_em = 0f32;
    let mut value_widths = vec![0f32; n];
    for row in rows {
        let indent = if row.sub { indent_em } else { 0.0 };
        widths[0] = widths[0].max(indent + m.width(name_face(row), 1.0, &row.drawn));
        if let (Some(c), Some(side)) = (side_col, &row.side) {
            widths[c] = widths[c].max(indent + m.width(name_face(row), 1.0, side));
        }
        for part in row.drawn.split(JOINT) {
            part_em = part_em.max(indent + m.width(name_face(row), 1.0, part));
        }
        for word in row.drawn.split_whitespace() {
            word_em = word_em.max(indent + m.width(name_face(row), 1.0, word));
        }
        for line in &row.lines {
            for (c, v) in line.values.iter().enumerate() {
                value_widths[slot(c)] = value_widths[slot(c)].max(m.width(Face::Regular, 1.0, v));
            }
            if let (true, Some(p)) = (has_percent, &line.percent) {
                value_widths[percent_slot] =
                    value_widths[percent_slot].max(m.width(Face::Regular, 1.0, p));
            }
        }
    }
    for (w, v) in widths.iter_mut().zip(&value_widths).skip(1) {
        *w = w.max(*v);
    }
    let (x0, table_w) = (area.x, area.width);
    let pads = 2.0 * CELL_PAD * n as f32;
    let em_total: f32 = widths.iter().sum();
    let room = table_w - pads - 2.0 * BORDER;
    let max_text = area.max_text.max(MIN_TEXT);
    let mut size = (room / em_total).clamp(MIN_TEXT, max_text);
    // Too wide even at the smallest size: the names wrap at their language joints.
    let mut name_wrap = NameWrap::No;
    if room / em_total < MIN_TEXT && part_em < widths[0] {
        name_wrap = NameWrap::Joints;
        widths[0] = part_em;
        size = (room / widths.iter().sum::<f32>()).clamp(MIN_TEXT, max_text);
    }
    // Still too wide: a one-line column head wider than its values breaks at the space
    // nearest its middle ("Quantity per" / "serving").
    if room / widths.iter().sum::<f32>() < MIN_TEXT {
        for c in (1..n).filter(|c| Some(*c) != side_col) {
            if headers[c].len() == 1 && widths[c] > value_widths[c] {
                headers[c] = headers[c].iter().flat_map(|l| halves(l)).collect();
                widths[c] = head_width(&headers[c]).max(value_widths[c]);
            }
        }
        size = (room / widths.iter().sum::<f32>()).clamp(MIN_TEXT, max_text);
    }
    // Still too wide (half a split table): the names wrap between their words.
    if room / widths.iter().sum::<f32>() < MIN_TEXT && word_em < widths[0] {
        name_wrap = NameWrap::Words;
        widths[0] = word_em;
        size = (room / widths.iter().sum::<f32>()).clamp(MIN_TEXT, max_text);
    }
    // Spare width goes to the name column.
    let mut cols: Vec<f32> = widths.iter().map(|w| w * size + 2.0 * CELL_PAD).collect();
    let spare = table_w - 2.0 * BORDER - cols.iter().sum::<f32>();
    cols[0] += spare.max(0.0);
    let mut col_x = vec![0f32; n + 1];
    col_x[0] = x0 + BORDER;
    for c in 0..n {
        col_x[c + 1] = col_x[c] + cols[c];
    }
    // Where the text of column `c` goes, `inset` in from its edge: names from the left,
    // amounts to the right; in a mirrored table the column stands mirrored and every text
    // ends `inset` before its right edge.
    let mirrored = |x: f32| 2.0 * x0 + table_w - x;
    let place = |c: usize, anchor: Anchor, inset: f32| -> (f32, Anchor) {
        match (mirror, anchor) {
            (true, _) => (mirrored(col_x[c]) - inset, Anchor::End),
            (false, Anchor::Start) => (col_x[c] + inset, Anchor::Start),
            (false, Anchor::End) => (col_x[c + 1] - inset, Anchor::End),
        }
    };

    // Heading (the table-only frame has none: its title is the format's name, unprinted).
    let titled = !frame.is_bare();
    let title = if titled {
        format.term("title")
    } else {
        format.name.clone()
    };
    let title = title.as_str();
    let head_size = 1.3 * size;
    let mut y = 0.0;
    if titled {
        y = 0.3 * head_size + m.cap_height(Face::Black) * head_size;
        let (x, anchor) = if mirror {
            (x0 + table_w, Anchor::End)
        } else {
            (x0, Anchor::Start)
        };
        p.text(x, y, head_size, anchor, vec![Span::new(Face::Black, title)]);
        y += 0.45 * head_size;
    }
    said.push(title.to_string());
    if frame == Frame::Nip {
        // Schedule 12: "Servings per package:" and "Serving size:" above the table.
        let servings = label
            .display
            .get("servings_per_container")
            .cloned()
            .unwrap_or_else(|| number(label.servings_per_container));
        // A liquid's serving in millilitres where the label has its volume (FSANZ
        // 1.2.8—6(1)(b)(ii)), else in grams.
        let serving = match label.serving_size.ml {
            Some(ml) => format.term_with("serving_size.ml", &[("ml", &grams(ml))]),
            None => format.term_with(
                "serving_size",
                &[("grams", &grams(label.serving_size.grams))],
            ),
        };
        let lines = [
            format.term_with("servings.many", &[("servings", &servings)]),
            serving,
        ];
        for line in lines {
            y += 1.3 * size;
            p.text(
                x0,
                y,
                size,
                Anchor::Start,
                vec![Span::new(Face::Regular, &line)],
            );
            said.push(line);
        }
        y += 0.6 * size;
    }
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
            let (x, anchor) = place(
                c,
                if c == 0 { Anchor::Start } else { Anchor::End },
                CELL_PAD,
            );
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
    p.rect(x0 + BORDER, y, table_w - 2.0 * BORDER, HEAD_RULE);
    y += HEAD_RULE;

    // Body rows.
    for (r, row) in rows.iter().enumerate() {
        if r > 0 {
            p.rect(x0 + BORDER, y, table_w - 2.0 * BORDER, RULE);
            y += RULE;
        }
        let pad_y = CELL_PAD * 0.75;
        let first = y + pad_y + cap;
        let indent = if row.sub { indent_em * size } else { 0.0 };
        let (name_x, name_anchor) = place(0, Anchor::Start, CELL_PAD + indent);
        let name_width = cols[0] - 2.0 * CELL_PAD - indent;
        let name_lines = match name_wrap {
            NameWrap::No => vec![row.drawn.clone()],
            NameWrap::Joints => wrap_at_joints(m, name_face(row), size, name_width, &row.drawn),
            NameWrap::Words => wrap(
                m,
                size,
                name_width,
                &[Span::new(name_face(row), &row.drawn)],
            )
            .into_iter()
            .map(|line| line.into_iter().map(|s| s.text).collect())
            .collect(),
        };
        for (i, line) in name_lines.iter().enumerate() {
            p.text(
                name_x,
                first + i as f32 * line_h,
                size,
                name_anchor,
                vec![Span::new(name_face(row), line)],
            );
        }
        if let (Some(c), Some(side)) = (side_col, &row.side) {
            p.text(
                col_x[c + 1] - CELL_PAD - indent,
                first,
                size,
                Anchor::End,
                vec![Span::new(name_face(row), side)],
            );
        }
        let mut values = Vec::new();
        for (i, line) in row.lines.iter().enumerate() {
            let baseline = first + i as f32 * line_h;
            let mut spoken = Vec::with_capacity(columns + 1);
            for (c, (column, v)) in said_as.iter().zip(&line.values).enumerate() {
                let (x, anchor) = place(slot(c), Anchor::End, CELL_PAD);
                p.text(x, baseline, size, anchor, vec![Span::new(Face::Regular, v)]);
                spoken.push(match column {
                    Said::Term(id) => format.term_with(
                        &format!("column.said.{id}"),
                        &[("value", v), ("grams", &grams(label.serving_size.grams))],
                    ),
                    Said::Food(name) => format!("{name}: {v}"),
                });
            }
            // One percentage per row: energy's kJ and kcal percentages are the same intake.
            let ri = if i == 0 && has_percent {
                line.percent.clone()
            } else {
                None
            };
            if let Some(ri) = &ri {
                let (x, anchor) = place(percent_slot, Anchor::End, CELL_PAD);
                p.text(
                    x,
                    baseline,
                    size,
                    anchor,
                    vec![Span::new(Face::Regular, ri)],
                );
                // The table-ri frame's languages may have no words for it: the figure alone.
                let ri_said = format.term_with("percent.said", &[("percent", ri)]);
                spoken.push(if ri_said.is_empty() {
                    ri.clone()
                } else {
                    ri_said
                });
            }
            values.push(spoken.join(", "));
        }
        said.push(format!("{}: {}", row.name, values.join("; ")));
        let lines = row.lines.len().max(name_lines.len());
        y += 2.0 * pad_y + cap + (lines as f32 - 1.0) * line_h;
    }
    y += BORDER;
    p.frame(x0, table_top, table_w, y - table_top, BORDER);
    // Column separators.
    for x in &col_x[1..n] {
        let x = if mirror { mirrored(*x) } else { *x };
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
            x0,
            y,
            note,
            note_lead,
            table_w,
            &[Span::new(Face::Regular, &ri_note)],
        );
        said.push(ri_note);
    }

    if !full {
        // Under the table alone, the ingredient list where the label carries it with its
        // allergens emphasised (Reg. (EU) 1169/2011 Art. 9(1)(b), 18, 21).
        if matches!(frame, Frame::TableOnly | Frame::TableRi)
            && label.ingredient_statement_html.is_some()
        {
            y = statements(&mut p, label, format, (x0, table_w), y, size, &mut said);
        }
        y += 0.4 * size;
        return (finished(p, y, title, &said), size);
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
        x0,
        y,
        note,
        note_lead,
        table_w,
        &[Span::new(Face::Regular, &portion_line)],
    );
    said.push(portion_line);

    y = statements(&mut p, label, format, (x0, table_w), y, size, &mut said);
    y += 0.4 * size;

    (finished(p, y, title, &said), size)
}

/// Each language's statements below `y` across `(x, width)` in type of `size`: the HTML
/// one (allergens emphasised) where the format's labels carry it, then any "Contains".
/// Returns the bottom of what was drawn.
fn statements(
    p: &mut Painter<'_>,
    label: &Label,
    format: &Format,
    (x0, width): (f32, f32),
    mut y: f32,
    size: f32,
    said: &mut Vec<String>,
) -> f32 {
    let note_lead = 1.3 * 0.9 * size;
    // Each language's statements; the HTML one (allergens emphasised) where the format's
    // labels carry it.
    for block in super::statements::blocks(label, format) {
        let html = match block.html {
            Some(html) => Cow::Borrowed(html),
            None => Cow::Owned(nls_nutrition::statement::escape_html(block.text)),
        };
        if !html.trim().is_empty() {
            let mut spans = vec![Span::new(Face::Black, format!("{} ", block.heading))];
            spans.extend(html_spans(&html, Face::Regular, Face::Black));
            y += 1.6 * note_lead;
            y = p.paragraph(x0, y, size, 1.25 * size, width, &spans);
            said.push(format!("{} {}", block.heading, block.text));
        }
        if let Some(contains) = block.contains.filter(|c| !c.is_empty()) {
            y += 1.25 * size;
            y = p.paragraph(
                x0,
                y,
                size,
                1.25 * size,
                width,
                &[Span::new(Face::Black, contains)],
            );
            said.push(contains.to_string());
        }
    }
    y
}

/// The scene of what `p` drew down to `y`, read aloud as `said`.
fn finished(p: Painter<'_>, y: f32, title: &str, said: &[String]) -> Scene {
    Scene {
        height: y.ceil(),
        title: title.to_string(),
        description: said.join(". "),
        items: p.items,
        diagonal: None,
    }
}

/// `text` with the decimal separator of the format's first language (the term
/// `decimal_separator`, e.g. "," where the law writes "1,4"); "." where none is given.
pub(crate) fn decimal(format: &Format, text: &str) -> String {
    match format.primary_terms().get("decimal_separator") {
        Some(sep) if sep != "." => text.replace('.', sep),
        _ => text.to_owned(),
    }
}

/// `line` in two lines broken at the space nearest its middle; whole if it has no space.
fn halves(line: &str) -> Vec<String> {
    let middle = line.chars().count() / 2;
    let at = line
        .char_indices()
        .filter(|(_, c)| *c == ' ')
        .map(|(i, _)| i)
        .min_by_key(|i| line[..*i].chars().count().abs_diff(middle));
    match at {
        Some(i) => vec![line[..i].to_owned(), line[i + 1..].to_owned()],
        None => vec![line.to_owned()],
    }
}

/// Where the names of several languages are joined (`Format::term`).
const JOINT: &str = " / ";

/// `name` in lines no wider than `max` at `size`, broken only after a joint between two
/// languages (a one-language part wider than `max` stays whole).
fn wrap_at_joints(m: &Metrics, face: Face, size: f32, max: f32, name: &str) -> Vec<String> {
    let parts: Vec<&str> = name.split(JOINT).collect();
    let mut lines: Vec<String> = Vec::new();
    for (i, part) in parts.iter().enumerate() {
        let piece = if i + 1 < parts.len() {
            format!("{part} /")
        } else {
            (*part).to_owned()
        };
        match lines.last_mut() {
            Some(last) if m.width(face, size, &format!("{last} {piece}")) <= max => {
                last.push(' ');
                last.push_str(&piece);
            }
            _ => lines.push(piece),
        }
    }
    lines
}

/// The face of a row's name: Annex XV main lines bold, "of which" sub-lines regular.
fn name_face(row: &TableRow) -> Face {
    if row.bold && !row.sub {
        Face::Bold
    } else {
        Face::Regular
    }
}
