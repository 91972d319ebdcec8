//! Layout `us-tabular`: the US tabular display (21 CFR 101.9(d)(11)(iii), FDA's tabular sample
//! label; also the small-package tabular display of 101.9(j)(13)(ii)(A)(1)). A block at the
//! left holds the heading, the servings, the serving size and the calories; at its right the
//! nutrients stand in two side-by-side tables, each headed "Amount/serving" and
//! "% Daily Value*"; below them a heavy bar and the vitamins and minerals in one run
//! ("Vitamin D 2mcg 10% • Calcium 260mg 20% • …", 101.9(d)(11)(iii)); then the footnote. Every
//! word comes from the format's terms. Sizes are FDA's points times [`PT`].

use nls_nutrition::{Format, Label, Section};

use super::fonts::{Face, Metrics};
use super::scene::{grams, marked_spans, plain, Anchor, Painter, Scene, Span, BASE_WIDTH};
use super::us_parts::{self, Line};

/// User units per FDA point: the panel is about 5.4 in wide at FDA's sizes.
pub(crate) const PT: f32 = 0.75;
const BORDER: f32 = 0.5 * PT;
const PAD: f32 = 3.0 * PT;
const HAIRLINE: f32 = 0.25 * PT;
const BAR_THICK: f32 = 7.0 * PT;
const BAR_MEDIUM: f32 = 3.0 * PT;
/// Nutrient rows: no smaller than 8 point (101.9(d)(7)(iii)).
const TEXT: f32 = 8.0 * PT;
const ROW: f32 = 11.0 * PT;
/// Footnote and column heads: no smaller than 6 point.
const SMALL: f32 = 6.0 * PT;
/// Servings and serving size: 9 point in the tabular displays (101.9(d)(3)).
const SERVING: f32 = 9.0 * PT;
/// The word "Calories": 10 point in the tabular displays (101.9(d)(1)(iii)); FDA's sample sets
/// it larger. The figure: 22 point in the (d)(11) display.
const CAL_WORD: f32 = 16.0 * PT;
const CAL_NUMBER: f32 = 22.0 * PT;
const CAL_WORD_MIN: f32 = 10.0 * PT;
const GUTTER: f32 = 4.0 * PT;

pub(crate) fn layout(m: &Metrics, label: &Label, format: &Format) -> Scene {
    let mut p = Painter::new(m);
    let x0 = BORDER + PAD;
    let x1 = BASE_WIDTH - BORDER - PAD;
    let display = |key: &str| label.display.get(key).cloned().unwrap_or_default();
    let mut said: Vec<String> = Vec::new();
    let lines = us_parts::first_column_lines(label, format);

    // ---- Left block: heading, servings, serving size, calories.
    let block_w = 0.25 * (x1 - x0);
    let bx1 = x0 + block_w;
    let title = format.term("title");
    let words: Vec<&str> = title.split_whitespace().collect();
    // FDA's tabular sample sets the heading in lines filling the block's width.
    let widest = words
        .iter()
        .map(|w| m.width(Face::Black, 1.0, w))
        .fold(0.0_f32, f32::max);
    let heading = (block_w / widest).min(26.0 * PT);
    let mut y = BORDER + PAD;
    for w in &words {
        y += m.cap_height(Face::Black) * heading;
        p.text(
            x0,
            y,
            heading,
            Anchor::Start,
            vec![Span::new(Face::Black, *w)],
        );
        y += 0.2 * heading;
    }
    said.push(title.clone());
    let servings = display("servings_per_container");
    let servings_line = if servings == "1" {
        format.term("servings.one")
    } else if servings == "about 1" {
        format.term("servings.about_one")
    } else {
        format.term_with("servings.many", &[("servings", &servings)])
    };
    y += HAIRLINE;
    p.rect(x0, y, block_w, HAIRLINE);
    y += 1.1 * SERVING;
    y = p.paragraph(
        x0,
        y,
        SERVING,
        1.1 * SERVING,
        block_w,
        &[Span::new(Face::Regular, &servings_line)],
    );
    said.push(servings_line);
    let text = label.serving_size.text.as_deref();
    let serving = if format.regime.household_then_metric {
        nls_nutrition::serving::household_then_metric(text, label.serving_size.grams)
    } else {
        text.filter(|t| !t.trim().is_empty())
            .map(str::to_string)
            .unwrap_or_else(|| format!("{}g", grams(label.serving_size.grams)))
    };
    let caption = format.term("serving_size");
    y += 1.2 * SERVING;
    y = p.paragraph(
        x0,
        y,
        SERVING,
        1.1 * SERVING,
        block_w,
        &[
            Span::new(Face::Black, &caption),
            Span::new(Face::Black, format!(" {serving}")),
        ],
    );
    said.push(format!("{caption} {serving}"));
    y += 0.4 * SERVING;
    p.rect(x0, y, block_w, BAR_THICK);
    y += BAR_THICK;
    let headline = lines
        .iter()
        .find(|l| l.row.style.section == Section::Headline);
    let calories = headline.map(|l| l.amount.clone()).unwrap_or_default();
    let cal_name = headline
        .map(|l| plain(&format.row_name(l.row)))
        .unwrap_or_default();
    let amount_caption = format.term("amount_per");
    y += 1.1 * SMALL;
    p.paragraph(
        x0,
        y,
        SMALL,
        1.1 * SMALL,
        block_w,
        &[Span::new(Face::Black, &amount_caption)],
    );
    // The word shrinks towards its 10 point floor to share the line with the figure; where
    // it still cannot, the figure takes the next line.
    let gap = 3.0 * PT;
    let number_w = m.width(Face::Black, CAL_NUMBER, &calories);
    let mut word = CAL_WORD;
    while word > CAL_WORD_MIN && m.width(Face::Black, word, &cal_name) + gap + number_w > block_w {
        word -= 0.5 * PT;
    }
    let shared = m.width(Face::Black, word, &cal_name) + gap + number_w <= block_w;
    y += 0.2 * SMALL + m.cap_height(Face::Black) * if shared { CAL_NUMBER } else { word };
    p.text(
        x0,
        y,
        word,
        Anchor::Start,
        vec![Span::new(Face::Black, &cal_name)],
    );
    if !shared {
        y += 0.25 * word + m.cap_height(Face::Black) * CAL_NUMBER;
    }
    p.text(
        bx1,
        y,
        CAL_NUMBER,
        Anchor::End,
        vec![Span::new(Face::Black, &calories)],
    );
    said.push(format!("{cal_name} {calories}"));
    let block_bottom = y + 0.3 * word;

    // ---- Right: the nutrients in two tables side by side.
    let tx0 = bx1 + GUTTER;
    let main: Vec<&Line<'_>> = lines
        .iter()
        .filter(|l| l.row.style.section == Section::Main)
        .collect();
    let split = split_point(&main);
    let table_w = (x1 - tx0 - GUTTER) / 2.0;
    let mut bottom = BORDER + PAD;
    for (i, part) in [&main[..split], &main[split..]].into_iter().enumerate() {
        let cx0 = tx0 + i as f32 * (table_w + GUTTER);
        let cx1 = cx0 + table_w;
        let mut ty = BORDER + PAD + 1.1 * SMALL;
        p.text(
            cx0,
            ty,
            SMALL,
            Anchor::Start,
            vec![Span::new(Face::Black, format.term("tabular.amount"))],
        );
        p.text(
            cx1,
            ty,
            SMALL,
            Anchor::End,
            vec![Span::new(Face::Black, format.term("percent.head"))],
        );
        ty += 0.45 * SMALL;
        p.rect(cx0, ty, table_w, BAR_MEDIUM);
        ty += BAR_MEDIUM;
        for (j, n) in part.iter().enumerate() {
            let style = &n.row.style;
            let indent = f32::from(style.indent) * TEXT;
            if j > 0 {
                // Full-width hairlines, shortened above a doubly indented line (FDA sample).
                let rule_x = if style.indent >= 2 { cx0 + indent } else { cx0 };
                p.rect(rule_x, ty, cx1 - rule_x, HAIRLINE);
            }
            let baseline =
                ty + HAIRLINE + 0.5 * (ROW - HAIRLINE) + 0.5 * m.cap_height(Face::Regular) * TEXT;
            let face = if style.bold {
                Face::Black
            } else {
                Face::Regular
            };
            let name = format.row_name(n.row);
            let text = match &style.phrase {
                Some(phrase) => {
                    let text = format.term_with(
                        &format!("phrase.{phrase}"),
                        &[("amount", &n.amount), ("name", &plain(&name))],
                    );
                    p.text(
                        cx0 + indent,
                        baseline,
                        TEXT,
                        Anchor::Start,
                        vec![Span::new(Face::Regular, &text)],
                    );
                    text
                }
                None => {
                    let mut spans = marked_spans(&name, face);
                    spans.push(Span::new(Face::Regular, format!(" {}", n.amount)));
                    p.text(cx0 + indent, baseline, TEXT, Anchor::Start, spans);
                    format!("{} {}", plain(&name), n.amount)
                }
            };
            if let Some(pct) = &n.percent {
                p.text(
                    cx1,
                    baseline,
                    TEXT,
                    Anchor::End,
                    vec![Span::new(Face::Black, pct)],
                );
            }
            said.push(us_parts::said_row(format, text, n.percent.as_deref()));
            ty += ROW;
        }
        bottom = bottom.max(ty);
    }

    // ---- Vitamins and minerals in one run under a heavy bar, across the nutrient tables.
    let vitamins: Vec<&Line<'_>> = lines
        .iter()
        .filter(|l| l.row.style.section == Section::Vitamins)
        .collect();
    let mut y = bottom;
    if !vitamins.is_empty() {
        p.rect(tx0, y, x1 - tx0, BAR_THICK);
        y += BAR_THICK + 1.2 * TEXT;
        let mut spans = Vec::new();
        for (i, n) in vitamins.iter().enumerate() {
            let name = plain(&format.row_name(n.row));
            // No break inside one declaration: the spaces of an entry do not break.
            let mut text = format!("{name}\u{a0}{}", n.amount).replace(' ', "\u{a0}");
            if let Some(pct) = &n.percent {
                text.push('\u{a0}');
                text.push_str(pct);
            }
            if i > 0 {
                spans.push(Span::new(Face::Regular, " \u{2022} "));
            }
            said.push(us_parts::said_row(
                format,
                format!("{name} {}", n.amount),
                n.percent.as_deref(),
            ));
            spans.push(Span::new(Face::Regular, text));
        }
        y = p.paragraph(tx0, y, TEXT, 1.2 * TEXT, x1 - tx0, &spans);
        y += 0.5 * TEXT;
    }
    if let Some(statement) = label.display.get("not_significant") {
        y += 0.9 * SMALL;
        y = p.paragraph(
            tx0,
            y,
            SMALL,
            1.15 * SMALL,
            x1 - tx0,
            &[Span::new(Face::Regular, statement)],
        );
        said.push(statement.clone());
        y += 0.4 * SMALL;
    }
    p.rect(tx0, y, x1 - tx0, BAR_MEDIUM);
    y += BAR_MEDIUM;

    // Footnote (101.9(d)(9)), asterisk hanging.
    let footnote = format.term("footnote");
    let hang = m.width(Face::Regular, SMALL, "* ");
    y += 1.2 * SMALL;
    p.text(
        tx0,
        y,
        SMALL,
        Anchor::Start,
        vec![Span::new(Face::Regular, "*")],
    );
    y = p.paragraph(
        tx0 + hang,
        y,
        SMALL,
        1.15 * SMALL,
        x1 - tx0 - hang,
        &[Span::new(Face::Regular, &footnote)],
    );
    said.push(format!("* {footnote}"));
    let panel_bottom = y.max(block_bottom) + 0.4 * SMALL + PAD + BORDER;
    // A rule between the block and the tables, the panel's height.
    p.rect(
        bx1 + 0.5 * GUTTER - 0.5 * HAIRLINE,
        BORDER + PAD,
        HAIRLINE,
        panel_bottom - 2.0 * (BORDER + PAD),
    );
    p.frame(0.0, 0.0, BASE_WIDTH, panel_bottom, BORDER);

    let bottom = us_parts::statements_below(
        &mut p,
        label,
        format,
        panel_bottom,
        8.0 * PT,
        2.0 * PT,
        &mut said,
    );
    Scene {
        height: bottom.ceil(),
        title: plain(&title),
        description: said.join(". "),
        items: p.items,
        diagonal: None,
    }
}

/// Where the main rows divide into the two tables: before Total Carbohydrate, as FDA's
/// sample of 101.9(d)(11)(iii) sets them (fats, cholesterol and sodium left; carbohydrate
/// and protein right), whatever voluntary rows (polyunsaturated and monounsaturated fat,
/// the fibers, sugar alcohol) lengthen either side; without that row, before a top-level
/// (unindented) row as near the middle as possible.
fn split_point(main: &[&Line<'_>]) -> usize {
    if let Some(carbohydrate) = main
        .iter()
        .position(|l| l.row.key == "total_carbohydrate_g")
        .filter(|i| *i > 0)
    {
        return carbohydrate;
    }
    let half = main.len() as f32 / 2.0;
    (1..main.len())
        .filter(|i| main[*i].row.style.indent == 0)
        .min_by(|a, b| {
            (*a as f32 - half)
                .abs()
                .total_cmp(&(*b as f32 - half).abs())
        })
        .unwrap_or(main.len())
}
