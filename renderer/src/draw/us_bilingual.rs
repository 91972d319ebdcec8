//! Layout `us-bilingual`: the US standard vertical format (21 CFR 101.9(d)) for a label whose
//! every word is printed in two languages, "English / Spanish" (101.15(c)(2)). It follows
//! `us-vertical` (heavy heading, servings, 10 pt bar, the headline row (calories), 5 pt bar,
//! % Daily Value column, main rows in the format's order with hairlines (bold and indents from
//! the row styles), 10 pt bar, vitamins and minerals, 5 pt bar, footnote. Every word comes
//! from the format's terms) but wraps every line the two languages make too long, never
//! setting type below FDA's sizes. Sizes are FDA's points times [`PT`].

use nls_nutrition::{Format, Label, Section};

use super::fonts::{Face, Metrics};
use super::scene::{grams, marked_spans, plain, Anchor, Painter, Scene, Span, BASE_WIDTH};
use super::us_parts::{self, Line};
// The vertical format's dimensions: the bilingual panel is that panel with two languages.
use super::us_vertical::{BAR_MEDIUM, BAR_THICK, BORDER, HAIRLINE, PAD, PT, ROW, SMALL, TEXT};

pub(crate) fn layout(m: &Metrics, label: &Label, format: &Format) -> Scene {
    let mut p = Painter::new(m);
    let x0 = BORDER + PAD;
    let x1 = BASE_WIDTH - BORDER - PAD;
    let inner = x1 - x0;
    let display = |key: &str| label.display.get(key).cloned().unwrap_or_default();
    let mut said: Vec<String> = Vec::new();
    let lines = us_parts::first_column_lines(label, format);

    // Heading, each language on a line of its own at one size that fills the width with the
    // longer (FDA: flush left and flush right): one line of both shrank the title below the
    // calories figure, and 21 CFR 101.9(d)(2) makes it the largest print on the label.
    let title = format.term("title");
    let title = title.as_str();
    let title_lines: Vec<&str> = title.split(" / ").collect();
    let heading = title_lines
        .iter()
        .map(|line| inner / m.width(Face::Black, 1.0, line))
        .fold(f32::INFINITY, f32::min);
    let mut y = BORDER + PAD * 0.6;
    for (i, line) in title_lines.iter().enumerate() {
        y += if i == 0 {
            m.cap_height(Face::Black) * heading
        } else {
            1.05 * heading
        };
        p.text(
            x0,
            y,
            heading,
            Anchor::Start,
            vec![Span::new(Face::Black, *line)],
        );
    }
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
    y = p.paragraph(
        x0,
        y,
        big,
        1.15 * big,
        inner,
        &[Span::new(Face::Regular, &servings_line)],
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
    y += 1.25 * big;
    y = p.paragraph(
        x0,
        y,
        big,
        1.15 * big,
        inner,
        &[
            Span::new(Face::Black, &caption),
            Span::new(Face::Black, format!(" {serving}")),
        ],
    );
    said.push(format!("{caption} {serving}"));
    y += 0.45 * big;
    p.rect(x0, y, inner, BAR_THICK);
    y += BAR_THICK;

    // Calories.
    let amount_caption = format.term("amount_per");
    y += 1.25 * TEXT;
    y = p.paragraph(
        x0,
        y,
        TEXT,
        1.15 * TEXT,
        inner,
        &[Span::new(Face::Black, &amount_caption)],
    );
    let headline = lines
        .iter()
        .find(|l| l.row.style.section == Section::Headline);
    let calories = headline.map(|l| l.amount.clone()).unwrap_or_default();
    let cal_name = headline
        .map(|l| plain(&format.row_name(l.row)))
        .unwrap_or_default();
    let cal_size = 16.0 * PT;
    // Below the title's size whatever the languages' words (101.9(d)(2)).
    let cal_number = (22.0 * PT).min(0.9 * heading);
    // The name wraps at its full size; the figure shares its last line when it fits, else
    // takes the next one.
    let number_w = m.width(Face::Black, cal_number, &calories) + 2.0 * PT;
    let name_lines = super::scene::wrap(m, cal_size, inner, &[Span::new(Face::Black, &cal_name)]);
    let last_w = name_lines.last().map_or(0.0, |l| {
        l.iter()
            .map(|s| m.width(s.face, cal_size, &s.text))
            .sum::<f32>()
    });
    y += 0.5 * TEXT + m.cap_height(Face::Black) * cal_size;
    y = p.paragraph(
        x0,
        y,
        cal_size,
        1.1 * cal_size,
        inner,
        &[Span::new(Face::Black, &cal_name)],
    );
    if last_w + number_w > inner {
        y += 0.2 * cal_size + m.cap_height(Face::Black) * cal_number;
    }
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
        let pct = &n.percent;
        let pct_w = pct
            .as_deref()
            .map_or(0.0, |t| m.width(Face::Black, TEXT, t) + 2.0 * PT);
        let avail = inner - indent - pct_w;
        let (text, spans) = match &style.phrase {
            Some(phrase) => {
                let text = format.term_with(
                    &format!("phrase.{phrase}"),
                    &[("amount", amount), ("name", &plain(&name))],
                );
                let spans = vec![Span::new(Face::Regular, &text)];
                (text, spans)
            }
            None => {
                let mut spans = marked_spans(&name, name_face);
                spans.push(Span::new(Face::Regular, format!(" {amount}")));
                (format!("{} {amount}", plain(&name)), spans)
            }
        };
        let last = p.paragraph(x0 + indent, baseline, TEXT, 1.15 * TEXT, avail, &spans);
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
        y += ROW + (last - baseline);
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
            let pct = &n.percent;
            let pct_w = pct
                .as_deref()
                .map_or(0.0, |t| m.width(Face::Regular, TEXT, t) + 2.0 * PT);
            let last = p.paragraph(
                x0,
                baseline,
                TEXT,
                1.15 * TEXT,
                inner - pct_w,
                &[Span::new(Face::Regular, &text)],
            );
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
            y += ROW + (last - baseline);
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
