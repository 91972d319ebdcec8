//! Layout `us-vertical`: the US standard vertical format (21 CFR 101.9(d), FDA's 2016 sample
//! label): heavy heading, servings, 10 pt bar, the headline row (calories), 5 pt bar,
//! % Daily Value column, main rows in the format's order with hairlines (bold and indents from
//! the row styles), 10 pt bar, vitamins and minerals, 5 pt bar, footnote. Every word comes
//! from the format's terms. Sizes are FDA's points times [`PT`].

use nls_nutrition::{Format, Label, Row, Section};

use super::fonts::{Face, Metrics};
use super::scene::{grams, marked_spans, number, plain, Anchor, Painter, Scene, Span, BASE_WIDTH};
use super::us_parts::{self, Line};

/// User units per FDA point.
pub(crate) const PT: f32 = 1.75;
pub(crate) const BORDER: f32 = 0.5 * PT;
pub(crate) const PAD: f32 = 3.5 * PT;
pub(crate) const HAIRLINE: f32 = 0.35 * PT;
pub(crate) const BAR_THICK: f32 = 8.0 * PT;
pub(crate) const BAR_MEDIUM: f32 = 4.0 * PT;
pub(crate) const TEXT: f32 = 8.0 * PT;
pub(crate) const ROW: f32 = 11.0 * PT;
pub(crate) const SMALL: f32 = 6.5 * PT;

pub(crate) fn layout(m: &Metrics, label: &Label, format: &Format) -> Scene {
    let mut p = Painter::new(m);
    let x0 = BORDER + PAD;
    let x1 = BASE_WIDTH - BORDER - PAD;
    let inner = x1 - x0;
    let display = |key: &str| label.display.get(key).cloned().unwrap_or_default();
    let mut said: Vec<String> = Vec::new();
    let lines = us_parts::first_column_lines(label, format);

    // Heading, set to fill the width (FDA: flush left and flush right).
    let title = format.term("title");
    let title = title.as_str();
    let heading = inner / m.width(Face::Black, 1.0, title);
    let mut y = BORDER + PAD * 0.6 + m.cap_height(Face::Black) * heading;
    p.text(
        x0,
        y,
        heading,
        Anchor::Start,
        vec![Span::new(Face::Black, title)],
    );
    y += 0.22 * heading;
    p.rect(x0, y, inner, HAIRLINE);
    said.push(title.to_string());

    // Servings per container, then serving size (bold, amount flush right).
    let servings = display("servings_per_container");
    // Singular for one serving, rounded or not (21 CFR 101.9(b)(8)).
    let servings_line = if servings == "1" {
        format.term("servings.one")
    } else if servings == "about 1" {
        format.term("servings.about_one")
    } else {
        format.term_with("servings.many", &[("servings", &servings)])
    };
    let big = 10.0 * PT;
    y += HAIRLINE + 1.2 * big;
    p.text(
        x0,
        y,
        big,
        Anchor::Start,
        vec![Span::new(Face::Regular, &servings_line)],
    );
    said.push(servings_line);

    // Household measure then metric amount (101.9(b)(5), (b)(7)) where the regime asks for it.
    let text = label.serving_size.text.as_deref();
    let serving = if format.regime.household_then_metric {
        nls_nutrition::serving::household_then_metric(text, label.serving_size.grams)
    } else {
        text.filter(|t| !t.trim().is_empty())
            .map(str::to_string)
            .unwrap_or_else(|| format!("{}g", grams(label.serving_size.grams)))
    };
    let caption = format.term("serving_size");
    let caption = caption.as_str();
    let gap = 2.0 * PT;
    let fits = |size: f32| {
        m.width(Face::Black, size, caption) + gap + m.width(Face::Black, size, &serving) <= inner
    };
    // The serving size keeps its 10 point (21 CFR 101.9(d)(3)(ii)): a long one wraps rather
    // than shrinks, so the label's minimum width (print_size.rs) holds for every text.
    let size = big;
    y += 1.25 * big;
    p.text(
        x0,
        y,
        size,
        Anchor::Start,
        vec![Span::new(Face::Black, caption)],
    );
    if fits(size) {
        p.text(
            x1,
            y,
            size,
            Anchor::End,
            vec![Span::new(Face::Black, &serving)],
        );
    } else {
        let indent = m.width(Face::Black, size, caption) + gap;
        let last = p.paragraph(
            x0 + indent,
            y,
            size,
            1.15 * size,
            inner - indent,
            &[Span::new(Face::Black, &serving)],
        );
        y = last;
    }
    said.push(format!("{caption} {serving}"));
    y += 0.45 * big;
    p.rect(x0, y, inner, BAR_THICK);
    y += BAR_THICK;

    // Calories.
    let amount_caption = format.term("amount_per");
    y += 1.25 * TEXT;
    p.text(
        x0,
        y,
        TEXT,
        Anchor::Start,
        vec![Span::new(Face::Black, &amount_caption)],
    );
    let headline = lines
        .iter()
        .find(|l| l.row.style.section == Section::Headline);
    let calories = headline.map(|l| l.amount.clone()).unwrap_or_default();
    let cal_name = headline
        .map(|l| plain(&format.row_name(l.row)))
        .unwrap_or_default();
    let cal_size = 16.0 * PT;
    let cal_number = 22.0 * PT;
    y += 0.1 * TEXT + m.cap_height(Face::Black) * cal_number;
    p.text(
        x0,
        y,
        cal_size,
        Anchor::Start,
        vec![Span::new(Face::Black, &cal_name)],
    );
    p.text(
        x1,
        y,
        cal_number,
        Anchor::End,
        vec![Span::new(Face::Black, &calories)],
    );
    said.push(format!("{cal_name} {calories}"));
    y += 0.3 * cal_size;
    p.rect(x0, y, inner, BAR_MEDIUM);
    y += BAR_MEDIUM;

    // % Daily Value column header.
    y += 1.2 * TEXT;
    p.text(
        x1,
        y,
        TEXT,
        Anchor::End,
        vec![Span::new(Face::Black, format.term("percent.head"))],
    );
    y += 0.45 * TEXT;

    // Rows, in the format's order; vitamins and minerals after the thick bar.
    let main = lines
        .iter()
        .filter(|l| l.row.style.section == Section::Main);
    let vitamins: Vec<&Line<'_>> = lines
        .iter()
        .filter(|l| l.row.style.section == Section::Vitamins)
        .collect();
    let indent_step = 1.4 * TEXT;
    for n in main {
        let style = &n.row.style;
        let indent = f32::from(style.indent) * indent_step;
        // Hairlines run the full width, except the one above Added Sugars (FDA format notes).
        let rule_x = if style.indent >= 2 { x0 + indent } else { x0 };
        p.rect(rule_x, y, x1 - rule_x, HAIRLINE);
        let baseline =
            y + HAIRLINE + 0.5 * (ROW - HAIRLINE) + 0.5 * m.cap_height(Face::Regular) * TEXT;
        let amount = &n.amount;
        let name_face = if style.bold {
            Face::Black
        } else {
            Face::Regular
        };
        let name = format.row_name(n.row);
        let text = match &style.phrase {
            Some(phrase) => {
                let text = format.term_with(
                    &format!("phrase.{phrase}"),
                    &[("amount", amount), ("name", &plain(&name))],
                );
                p.text(
                    x0 + indent,
                    baseline,
                    TEXT,
                    Anchor::Start,
                    vec![Span::new(Face::Regular, &text)],
                );
                text
            }
            None => {
                let mut spans = marked_spans(&name, name_face);
                spans.push(Span::new(Face::Regular, format!(" {amount}")));
                p.text(x0 + indent, baseline, TEXT, Anchor::Start, spans);
                format!("{} {amount}", plain(&name))
            }
        };
        let pct = &n.percent;
        if let Some(pct) = pct {
            p.text(
                x1,
                baseline,
                TEXT,
                Anchor::End,
                vec![Span::new(Face::Black, pct)],
            );
        }
        said.push(us_parts::said_row(format, text, pct.as_deref()));
        y += ROW;
    }

    if !vitamins.is_empty() {
        p.rect(x0, y, inner, BAR_THICK);
        y += BAR_THICK;
        for (i, n) in vitamins.iter().enumerate() {
            if i > 0 {
                p.rect(x0, y, inner, HAIRLINE);
            }
            let baseline =
                y + HAIRLINE + 0.5 * (ROW - HAIRLINE) + 0.5 * m.cap_height(Face::Regular) * TEXT;
            let text = format!("{} {}", plain(&format.row_name(n.row)), n.amount);
            p.text(
                x0,
                baseline,
                TEXT,
                Anchor::Start,
                vec![Span::new(Face::Regular, &text)],
            );
            let pct = &n.percent;
            if let Some(pct) = pct {
                p.text(
                    x1,
                    baseline,
                    TEXT,
                    Anchor::End,
                    vec![Span::new(Face::Regular, pct)],
                );
            }
            said.push(us_parts::said_row(format, text, pct.as_deref()));
            y += ROW;
        }
    }
    // The simplified format's "Not a significant source of …" (21 CFR 101.9(f)(4)).
    if let Some(statement) = label.display.get("not_significant") {
        p.rect(x0, y, inner, HAIRLINE);
        y = p.paragraph(
            x0,
            y + HAIRLINE + 1.1 * SMALL + 1.0 * PT,
            SMALL,
            1.2 * SMALL,
            inner,
            &[Span::new(Face::Regular, statement)],
        ) + 0.35 * SMALL
            + 1.0 * PT;
        said.push(statement.clone());
    }
    p.rect(x0, y, inner, BAR_MEDIUM);
    y += BAR_MEDIUM;

    // Footnote (101.9(d)(9)), asterisk hanging.
    let footnote = format.term("footnote");
    let star = "* ";
    let hang = m.width(Face::Regular, SMALL, star);
    y += 0.6 * PT + m.cap_height(Face::Regular) * SMALL + 1.5 * PT;
    p.text(
        x0,
        y,
        SMALL,
        Anchor::Start,
        vec![Span::new(Face::Regular, "*")],
    );
    y = p.paragraph(
        x0 + hang,
        y,
        SMALL,
        1.2 * SMALL,
        inner - hang,
        &[Span::new(Face::Regular, &footnote)],
    );
    said.push(format!("* {footnote}"));
    y += 0.35 * SMALL + PAD * 0.6 + BORDER;
    let panel_bottom = y;
    p.frame(0.0, 0.0, BASE_WIDTH, panel_bottom, BORDER);

    // Ingredient and allergen statements below the panel.
    let bottom = us_parts::statements_below(
        &mut p,
        label,
        format,
        panel_bottom,
        7.0 * PT,
        2.0 * PT,
        &mut said,
    );

    Scene {
        height: bottom.ceil(),
        title: title.to_string(),
        description: said.join(". "),
        items: p.items,
        diagonal: None,
    }
}

// ---------------------------------------------------------------- several columns

/// One column of a multi-column label: its head and, per row, its amount and percentage.
struct ValueColumn {
    head: String,
    said: String,
    /// The food's own serving line (aggregate labels).
    serving: Option<String>,
}

/// Layout `us-vertical-columns`: the vertical panel with one column of amounts and %DV per
/// basis (per serving / per container, 21 CFR 101.9(b)(12)(i); as packaged / as prepared,
/// 101.9(e)) or per food of a variety pack (101.9(d)(13)(ii)), after FDA's dual-column sample
/// labels: names on the left; each column headed by its term (or the food's name), calories in
/// large type per column, then each nutrient's amount and bold %DV, thin vertical rules
/// between the columns. Sizes shrink together when the columns do not fit the width at FDA's
/// sizes, so the proportions stay those of the sample.
pub(crate) fn layout_columns(m: &Metrics, label: &Label, format: &Format) -> Scene {
    let display = |key: &str| label.display.get(key).cloned().unwrap_or_default();
    let columns: Vec<ValueColumn> = label
        .columns
        .iter()
        .map(|id| match label.foods.iter().find(|f| &f.column == id) {
            Some(food) => ValueColumn {
                head: food.name.clone(),
                said: food.name.clone(),
                serving: Some(display(&format!("{id}.serving_size"))),
            },
            None => ValueColumn {
                head: format.term(&format!("column.{id}")),
                said: format.term(&format!("column.said.{id}")),
                serving: None,
            },
        })
        .collect();
    let n = columns.len().max(1);
    let rows: Vec<(&Row, &nls_nutrition::DeclaredRow)> = format
        .rows
        .iter()
        .filter_map(|row| Some((row, label.row(&row.key)?)))
        .collect();
    let name_of = |row: &Row| match &row.style.phrase {
        Some(phrase) => format.term_with(
            &format!("phrase.{phrase}.short"),
            &[("name", &plain(&format.row_name(row)))],
        ),
        None => format.row_name(row),
    };

    // Natural widths at FDA's sizes, then one scale for everything.
    let indent_step = 1.4 * TEXT;
    let name_w = rows
        .iter()
        .filter(|(r, _)| r.style.section != Section::Headline)
        .map(|(r, _)| {
            let face = if r.style.bold {
                Face::Black
            } else {
                Face::Regular
            };
            f32::from(r.style.indent) * indent_step
                + marked_spans(&name_of(r), face)
                    .iter()
                    .map(|s| m.width(s.face, TEXT, &s.text))
                    .sum::<f32>()
        })
        .fold(0.0, f32::max)
        + 2.0 * PT;
    let gap = 3.0 * PT;
    let cell_w = rows
        .iter()
        .flat_map(|(_, d)| d.cells.iter())
        .map(|c| {
            m.width(Face::Regular, TEXT, &c.text)
                + c.percent.map_or(0.0, |p| {
                    gap + m.width(Face::Black, TEXT, &format!("{}%", number(p)))
                })
        })
        .fold(
            m.width(
                Face::Black,
                TEXT,
                &plain(&format.term("percent.head.short")),
            ),
            f32::max,
        )
        + 2.5 * gap;
    // A head sets its column on one line when it is at most half as wide again as the cells
    // (longer food names wrap).
    let head_w = columns
        .iter()
        .map(|c| m.width(Face::Black, TEXT, &c.head) + 2.5 * gap)
        .fold(0.0, f32::max);
    let cell_w = cell_w.max(head_w.min(1.5 * cell_w));
    let natural = 2.0 * (BORDER + PAD) + name_w + n as f32 * cell_w;
    let k = (BASE_WIDTH / natural).min(1.0);
    let s = |x: f32| x * k;

    let mut p = Painter::new(m);
    let border = BORDER;
    let x0 = border + s(PAD);
    let x1 = BASE_WIDTH - border - s(PAD);
    let inner = x1 - x0;
    let text = s(TEXT);
    let row_h = s(ROW);
    let hair = s(HAIRLINE).max(0.35);
    let col_w = (inner - s(name_w)) / n as f32;
    let col_x = |i: usize| x0 + s(name_w) + i as f32 * col_w;
    let mut said: Vec<String> = Vec::new();

    // Heading across the whole width.
    let title = format.term("title");
    let heading = inner / m.width(Face::Black, 1.0, &title);
    let mut y = border + s(PAD) * 0.6 + m.cap_height(Face::Black) * heading;
    p.text(
        x0,
        y,
        heading,
        Anchor::Start,
        vec![Span::new(Face::Black, &title)],
    );
    y += 0.22 * heading;
    p.rect(x0, y, inner, hair);
    said.push(title.clone());

    let big = s(10.0 * PT);
    let servings = display("servings_per_container");
    let servings_line = if servings == "1" {
        format.term("servings.one")
    } else if servings == "about 1" {
        format.term("servings.about_one")
    } else {
        format.term_with("servings.many", &[("servings", &servings)])
    };
    y += hair + 1.2 * big;
    p.text(
        x0,
        y,
        big,
        Anchor::Start,
        vec![Span::new(Face::Regular, &servings_line)],
    );
    said.push(servings_line);
    let caption = format.term("serving_size");
    let per_food_serving = columns.iter().any(|c| c.serving.is_some());
    if !per_food_serving {
        let serving = if format.regime.household_then_metric {
            nls_nutrition::serving::household_then_metric(
                label.serving_size.text.as_deref(),
                label.serving_size.grams,
            )
        } else {
            format!("{}g", grams(label.serving_size.grams))
        };
        let mut size = big;
        while size > text
            && m.width(Face::Black, size, &caption)
                + s(2.0 * PT)
                + m.width(Face::Black, size, &serving)
                > inner
        {
            size -= s(0.25 * PT);
        }
        y += 1.25 * big;
        p.text(
            x0,
            y,
            size,
            Anchor::Start,
            vec![Span::new(Face::Black, &caption)],
        );
        p.text(
            x1,
            y,
            size,
            Anchor::End,
            vec![Span::new(Face::Black, &serving)],
        );
        said.push(format!("{caption} {serving}"));
    }
    y += 0.45 * big;
    p.rect(x0, y, inner, s(BAR_THICK));
    y += s(BAR_THICK);
    let rules_top = y;

    // Column heads (wrapped within the column), then each food's serving where it has one.
    let pad = s(gap) * 0.8;
    let head_lines: Vec<Vec<Vec<Span>>> = columns
        .iter()
        .map(|c| {
            super::scene::wrap(
                m,
                text,
                col_w - 2.0 * pad,
                &[Span::new(Face::Black, &c.head)],
            )
        })
        .collect();
    let head_rows = head_lines.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let first = y + 1.15 * text;
    for (i, lines) in head_lines.into_iter().enumerate() {
        for (j, line) in lines.into_iter().enumerate() {
            p.text(
                col_x(i) + pad,
                first + j as f32 * 1.1 * text,
                text,
                Anchor::Start,
                line,
            );
        }
    }
    y = first + (head_rows - 1) as f32 * 1.1 * text + 0.45 * text;
    if per_food_serving {
        let small = s(SMALL);
        p.rect(x0, y, inner, hair);
        let top = y + hair + 1.1 * small;
        p.text(
            x0,
            top,
            small,
            Anchor::Start,
            vec![Span::new(Face::Black, &caption)],
        );
        let mut bottom = top;
        for (i, c) in columns.iter().enumerate() {
            let serving = c.serving.clone().unwrap_or_default();
            let last = p.paragraph(
                col_x(i) + pad,
                top,
                small,
                1.1 * small,
                col_w - 2.0 * pad,
                &[Span::new(Face::Regular, &serving)],
            );
            bottom = bottom.max(last);
            said.push(format!("{}: {caption} {serving}", c.said));
        }
        y = bottom + 0.45 * small;
    }

    // Calories, large, in every column.
    let headline = rows
        .iter()
        .find(|(r, _)| r.style.section == Section::Headline);
    if let Some((row, declared)) = headline {
        p.rect(x0, y, inner, hair);
        let cal_name = plain(&format.row_name(row));
        let cal_size = s(16.0 * PT);
        let cal_number = s(22.0 * PT).min(col_w / 3.2);
        y += hair + 0.2 * text + m.cap_height(Face::Black) * cal_number.max(cal_size);
        p.text(
            x0,
            y,
            cal_size,
            Anchor::Start,
            vec![Span::new(Face::Black, &cal_name)],
        );
        for (i, cell) in declared.cells.iter().enumerate() {
            p.text(
                col_x(i + 1) - pad,
                y,
                cal_number,
                Anchor::End,
                vec![Span::new(Face::Black, &cell.text)],
            );
            if let Some(c) = columns.get(i) {
                said.push(format!("{} {cal_name} {}", c.said, cell.text));
            }
        }
        y += 0.3 * cal_size;
    }
    p.rect(x0, y, inner, s(BAR_MEDIUM));
    y += s(BAR_MEDIUM);

    // "% DV*" at the right of every column.
    y += 1.2 * text;
    let dv_head = format.term("percent.head.short");
    for i in 0..n {
        p.text(
            col_x(i + 1) - pad,
            y,
            text,
            Anchor::End,
            vec![Span::new(Face::Black, &dv_head)],
        );
    }
    y += 0.45 * text;

    let draw_row = |p: &mut Painter<'_>,
                    y: f32,
                    row: &Row,
                    declared: &nls_nutrition::DeclaredRow,
                    said: &mut Vec<String>,
                    vitamins: bool| {
        let style = &row.style;
        let indent = if vitamins {
            0.0
        } else {
            f32::from(style.indent) * s(indent_step)
        };
        let baseline = y + hair + 0.5 * (row_h - hair) + 0.5 * m.cap_height(Face::Regular) * text;
        let face = if style.bold && !vitamins {
            Face::Black
        } else {
            Face::Regular
        };
        let name = name_of(row);
        p.text(
            x0 + indent,
            baseline,
            text,
            Anchor::Start,
            marked_spans(&name, face),
        );
        for (i, cell) in declared.cells.iter().enumerate() {
            p.text(
                col_x(i) + pad,
                baseline,
                text,
                Anchor::Start,
                vec![Span::new(Face::Regular, &cell.text)],
            );
            let pct = cell.percent.map(|v| format!("{}%", number(v)));
            if let Some(pct) = &pct {
                p.text(
                    col_x(i + 1) - pad,
                    baseline,
                    text,
                    Anchor::End,
                    vec![Span::new(
                        if vitamins { Face::Regular } else { Face::Black },
                        pct,
                    )],
                );
            }
            let head = columns.get(i).map(|c| c.said.as_str()).unwrap_or_default();
            said.push(us_parts::said_row(
                format,
                format!("{head} {} {}", plain(&name), cell.text),
                pct.as_deref(),
            ));
        }
    };
    for (row, declared) in rows
        .iter()
        .filter(|(r, _)| r.style.section == Section::Main)
    {
        let rule_x = if row.style.indent >= 2 {
            x0 + f32::from(row.style.indent) * s(indent_step)
        } else {
            x0
        };
        p.rect(rule_x, y, x1 - rule_x, hair);
        draw_row(&mut p, y, row, declared, &mut said, false);
        y += row_h;
    }
    let vitamins: Vec<_> = rows
        .iter()
        .filter(|(r, _)| r.style.section == Section::Vitamins)
        .collect();
    if !vitamins.is_empty() {
        p.rect(x0, y, inner, s(BAR_THICK));
        y += s(BAR_THICK);
        for (i, (row, declared)) in vitamins.iter().enumerate() {
            if i > 0 {
                p.rect(x0, y, inner, hair);
            }
            draw_row(&mut p, y, row, declared, &mut said, true);
            y += row_h;
        }
    }
    // Thin rules between the name column and each value column.
    for i in 0..n {
        p.rect(col_x(i) - hair / 2.0, rules_top, hair, y - rules_top);
    }
    p.rect(x0, y, inner, s(BAR_MEDIUM));
    y += s(BAR_MEDIUM);

    // Footnote (101.9(d)(9)).
    let small = s(SMALL);
    let footnote = format.term("footnote");
    let hang = m.width(Face::Regular, small, "* ");
    y += s(0.6 * PT) + m.cap_height(Face::Regular) * small + s(1.5 * PT);
    p.text(
        x0,
        y,
        small,
        Anchor::Start,
        vec![Span::new(Face::Regular, "*")],
    );
    y = p.paragraph(
        x0 + hang,
        y,
        small,
        1.2 * small,
        inner - hang,
        &[Span::new(Face::Regular, &footnote)],
    );
    said.push(format!("* {footnote}"));
    y += 0.35 * small + s(PAD) * 0.6 + border;
    let panel_bottom = y;
    p.frame(0.0, 0.0, BASE_WIDTH, panel_bottom, border);

    // Ingredient and allergen statements below the panel.
    let bottom = us_parts::statements_below(
        &mut p,
        label,
        format,
        panel_bottom,
        s(7.0 * PT),
        s(2.0 * PT),
        &mut said,
    );
    Scene {
        height: bottom.ceil(),
        title,
        description: said.join(". "),
        items: p.items,
        diagonal: None,
    }
}
