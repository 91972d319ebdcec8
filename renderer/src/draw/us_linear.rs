//! Layout `us-linear`: the US linear (string) display for packages of 40 in² or less that cannot
//! hold the tabular display (21 CFR 101.9(j)(13)(ii)(A)(2), FDA's linear sample label). The
//! heading stands on the first line; every declaration runs in as one paragraph as FDA's
//! sample sets it: "Amount per serving: Calories 5, Total Fat 0g (0% DV), …, Total Sugars
//! 2g (Incl. 2g Added Sugars, 4% DV), …", each nutrient with its amount and "(x% DV)", the
//! names of 101.9(d)(1)(iv) in the heavy face, vitamins and minerals last, then the footnote.
//! Every word comes from the format's terms.

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
const HEADING: f32 = 14.0 * PT;

pub(crate) fn layout(m: &Metrics, label: &Label, format: &Format) -> Scene {
    let mut p = Painter::new(m);
    let x0 = BORDER + PAD;
    let x1 = BASE_WIDTH - BORDER - PAD;
    let inner = x1 - x0;
    let display = |key: &str| label.display.get(key).cloned().unwrap_or_default();
    let mut said: Vec<String> = Vec::new();

    // First line: the heading.
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
        // "Includes Xg Added Sugars" runs into the row before it: "(Incl. 2g Added
        // Sugars, 4% DV)".
        if row.style.phrase.as_deref() == Some("includes") && !first {
            let percent = cell
                .percent
                .map(|v| format!("{}%", number(v)))
                .unwrap_or_default();
            let text = format.term_with(
                "linear.includes",
                &[("amount", &cell.text), ("percent", &percent)],
            );
            push(&mut spans, Face::Regular, keep(format!(" {text}")));
            said.push(us_parts::said_row(
                format,
                format.term_with(
                    "phrase.includes",
                    &[
                        ("amount", &cell.text),
                        ("name", &plain(&format.row_name(row))),
                    ],
                ),
                cell.percent.map(|v| format!("{}%", number(v))).as_deref(),
            ));
            continue;
        }
        if !first {
            push(&mut spans, Face::Regular, ", ".to_string());
        }
        first = false;
        if row.style.section == Section::Headline {
            // Calories: the name and the figure in the heavy face.
            let name = plain(&format.row_name(row));
            push(
                &mut spans,
                Face::Black,
                keep(format!("{name} {}", cell.text)),
            );
            said.push(format!("{name} {}", cell.text));
            continue;
        }
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
