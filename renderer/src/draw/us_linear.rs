//! Layout `us-linear`: the US linear (string) display for packages of 40 in² or less that cannot
//! hold the tabular display (21 CFR 101.9(j)(13)(ii)(A)(2), FDA's linear sample label). The
//! heading and the calories stand on the first line (the word no smaller than 10 point, the
//! figure 14 point, 101.9(d)(1)(iii)); every other declaration runs in as one paragraph, each
//! nutrient with its amount and "(x% DV)", the names of 101.9(d)(1)(iv) in the heavy face,
//! vitamins and minerals last, then the footnote. Every word comes from the format's terms.

use nls_nutrition::{Format, Label, Section};

use super::fonts::{Face, Metrics};
use super::scene::{grams, marked_spans, number, plain, Anchor, Painter, Scene, Span, BASE_WIDTH};
use super::us_parts;
use super::us_tabular::PT;

const BORDER: f32 = 0.5 * PT;
const PAD: f32 = 3.0 * PT;
/// The run-in text: 9 point, the servings' size in the reduced displays (101.9(d)(3)), above
/// the 8 point of the declarations.
const TEXT: f32 = 9.0 * PT;
const SMALL: f32 = 6.0 * PT;
const CAL_WORD: f32 = 10.0 * PT;
const CAL_NUMBER: f32 = 14.0 * PT;
const HEADING: f32 = 14.0 * PT;

pub(crate) fn layout(m: &Metrics, label: &Label, format: &Format) -> Scene {
    let mut p = Painter::new(m);
    let x0 = BORDER + PAD;
    let x1 = BASE_WIDTH - BORDER - PAD;
    let inner = x1 - x0;
    let display = |key: &str| label.display.get(key).cloned().unwrap_or_default();
    let mut said: Vec<String> = Vec::new();

    // First line: heading at the left, calories at the right.
    let title = format.term("title");
    let mut y = BORDER + PAD + m.cap_height(Face::Black) * HEADING;
    p.text(
        x0,
        y,
        HEADING,
        Anchor::Start,
        vec![Span::new(Face::Black, &title)],
    );
    said.push(plain(&title));
    let mut rows = format
        .rows
        .iter()
        .filter_map(|row| Some((row, label.row(&row.key)?.cells.first()?)));
    let headline = format
        .rows
        .iter()
        .find(|r| r.style.section == Section::Headline)
        .and_then(|r| Some((r, label.row(&r.key)?.cells.first()?)));
    if let Some((row, cell)) = headline {
        let name = plain(&format.row_name(row));
        let number_w = m.width(Face::Black, CAL_NUMBER, &cell.text);
        p.text(
            x1 - number_w - 2.0 * PT,
            y,
            CAL_WORD,
            Anchor::End,
            vec![Span::new(Face::Black, &name)],
        );
        p.text(
            x1,
            y,
            CAL_NUMBER,
            Anchor::End,
            vec![Span::new(Face::Black, &cell.text)],
        );
        said.push(format!("{name} {}", cell.text));
    }
    y += 0.35 * HEADING;
    p.rect(x0, y, inner, 1.0 * PT);
    y += 1.0 * PT;

    // The run-in paragraph.
    let mut spans: Vec<Span> = Vec::new();
    let push = |spans: &mut Vec<Span>, face: Face, text: String| spans.push(Span::new(face, text));
    let servings = display("servings_per_container");
    let servings_line = if servings == "1" {
        format.term("servings.one")
    } else if servings == "about 1" {
        format.term("servings.about_one")
    } else {
        format.term_with("servings.many", &[("servings", &servings)])
    };
    push(&mut spans, Face::Regular, format!("{servings_line}, "));
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
    push(&mut spans, Face::Black, format!("{caption} {serving}"));
    push(&mut spans, Face::Regular, ", ".to_string());
    said.push(format!("{caption} {serving}"));
    push(
        &mut spans,
        Face::Regular,
        format!("{} ", format.term("linear.amount_per")),
    );
    let mut first = true;
    // An item's own spaces do not break, so a line never splits a name from its amount.
    let keep = |t: String| t.replace(' ', "\u{a0}");
    for (row, cell) in rows.by_ref() {
        if row.style.section == Section::Headline {
            continue;
        }
        if !first {
            push(&mut spans, Face::Regular, ", ".to_string());
        }
        first = false;
        let pct = cell.percent.map(|v| {
            format.term_with("linear.percent", &[("percent", &format!("{}%", number(v)))])
        });
        let name = format.row_name(row);
        let text = match &row.style.phrase {
            Some(phrase) => {
                let text = format.term_with(
                    &format!("phrase.{phrase}"),
                    &[("amount", &cell.text), ("name", &plain(&name))],
                );
                push(&mut spans, Face::Regular, keep(text.clone()));
                text
            }
            None => {
                let face = if row.style.bold {
                    Face::Black
                } else {
                    Face::Regular
                };
                spans.extend(
                    marked_spans(&name, face)
                        .into_iter()
                        .map(|s| Span::new(s.face, keep(s.text))),
                );
                push(&mut spans, Face::Regular, keep(format!(" {}", cell.text)));
                format!("{} {}", plain(&name), cell.text)
            }
        };
        if let Some(pct) = &pct {
            push(&mut spans, Face::Regular, keep(format!(" {pct}")));
        }
        said.push(us_parts::said_row(
            format,
            text,
            cell.percent.map(|v| format!("{}%", number(v))).as_deref(),
        ));
    }
    push(&mut spans, Face::Regular, ".".to_string());
    if let Some(statement) = label.display.get("not_significant") {
        push(&mut spans, Face::Regular, format!(" {statement}"));
        said.push(statement.clone());
    }
    y += 1.15 * TEXT;
    y = p.paragraph(x0, y, TEXT, 1.2 * TEXT, inner, &spans);

    // Footnote (101.9(d)(9)); the percentages above read "% DV", which it explains.
    let footnote = format.term("footnote");
    y += 1.3 * SMALL;
    y = p.paragraph(
        x0,
        y,
        SMALL,
        1.15 * SMALL,
        inner,
        &[Span::new(Face::Regular, &footnote)],
    );
    said.push(footnote);
    let panel_bottom = y + 0.4 * SMALL + PAD + BORDER;
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
