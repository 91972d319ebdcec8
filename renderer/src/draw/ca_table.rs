//! Layouts `ca-standard`, `ca-horizontal` and their paired forms: Canada's Nutrition Facts
//! table (FDR, C.R.C., c. 870, B.01.401, B.01.450-B.01.454) arranged as the Directory of NFT
//! Formats' model labels are described (LABEL_TERMS_SOURCES.md §6b: Figure 1.1(E) and the
//! bilingual model): the title, the "Per …" serving line, "Calories" with its amount beside
//! the "% Daily Value*" head, a heavy rule, the core nutrients with hairlines (saturated and
//! "+ trans" bracketed with the one percentage of their sum, item 6 of the table to
//! B.01.401), a heavy rule, potassium, calcium and iron, then the interpretative statement of
//! item 16. A simplified table (B.01.401(6), B.01.455) holds only the rows its label declares
//! and, below them, the statement naming the others ("Not a significant source of …",
//! (6)(j)). Every word comes from the format's terms, in each of its languages (English then
//! French, B.01.451(1)(b)); a unilingual table (the paired formats, B.01.451(1)(a)) prints one
//! language's words and that language's numbers ("0,5 g", "7 %" in French).
//!
//! The Directory's dimensions are not in the project's references: sizes follow the FDR's
//! minimum type size for nutrients (8 points, B.01.454 Part 1 item 1) at [`PT`] user units
//! per point, and shrink only where a horizontal table must fit its width.

use nls_nutrition::{Format, Label, Quantity, Row, Section, Terms};

use super::fonts::{Face, Metrics};
use super::scene::{number, Anchor, Painter, Scene, Span, BASE_WIDTH};
use super::us_parts;

/// User units per point in the standard format (as the US layouts).
const PT: f32 = 1.75;

/// One declared row as the table prints it.
struct Line<'a> {
    row: &'a Row,
    /// "5 g", "0,5 g"; Calories: the number alone.
    amount: String,
    /// "7%", "7 %".
    percent: Option<String>,
}

/// The words and numbers of one table: the format's languages (one for a paired table).
struct Words<'a> {
    format: &'a Format,
    terms: &'a [Terms],
    /// Numbers in French typography (a French-only table).
    french: bool,
}

impl<'a> Words<'a> {
    fn of(format: &'a Format) -> Self {
        Words {
            format,
            terms: &format.terms,
            french: format.languages.first().is_some_and(|l| l == "fr"),
        }
    }

    /// Term `key` in each language, in order (a bilingual title is two lines).
    fn each(&self, key: &str) -> Vec<String> {
        self.terms
            .iter()
            .filter_map(|t| t.get(key).map(str::to_string))
            .collect()
    }

    /// A number as the table prints it: decimal comma in a French table.
    fn number(&self, v: f64) -> String {
        let n = number(v);
        if self.french {
            n.replace('.', ",")
        } else {
            n
        }
    }

    fn percent(&self, v: f64) -> String {
        if self.french {
            format!("{}\u{a0}%", self.number(v))
        } else {
            format!("{}%", self.number(v))
        }
    }

    /// The serving line of each language: "Per 2 biscuits (25 g)". A household measure given
    /// as "English / French" ("1 cup / 1 tasse") gives each language its own; a bare weight
    /// prints "Per 25 g" (the metric size rounded as column 4 of item 1 says).
    fn serving_lines(&self, label: &Label) -> Vec<String> {
        let grams =
            nls_nutrition::rounding::ca_fdr_b01_401_item_1_serving(label.serving_size.grams);
        let metric = format!("{}\u{a0}g", self.number(grams));
        let text = label
            .serving_size
            .text
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty());
        let parts: Vec<&str> = text.map(|t| t.split(" / ").collect()).unwrap_or_default();
        // A table of a pair is drawn from a copy of its format holding one language: its
        // part is that language's place in the format as catalogued.
        let catalogued = nls_nutrition::format(&self.format.id);
        self.terms
            .iter()
            .enumerate()
            .filter_map(|(i, t)| {
                let place = catalogued
                    .and_then(|f| f.languages.iter().position(|l| *l == t.language))
                    .unwrap_or(i);
                let household = parts.get(place).or(parts.first()).map(|h| h.trim());
                let serving = match household {
                    // "1 cup (250 mL)": the metric measure is already there.
                    Some(h) if nls_nutrition::serving::has_metric_in_parentheses(h) => {
                        h.to_string()
                    }
                    Some(h) => format!("{h} ({metric})"),
                    None => metric.clone(),
                };
                t.get("serving.per")
                    .map(|p| nls_nutrition::format::fill(p, &[("serving", &serving)]))
            })
            .collect()
    }

    /// The statement naming what a simplified table leaves off (FDR B.01.401(6)(j): "Not a
    /// significant source of …" / « Source négligeable de … ») in each of the table's
    /// languages: the label's `not_significant.<language>`, else (a format of one language)
    /// its `not_significant`. Empty for a table that omits nothing.
    fn not_significant(&self, label: &Label) -> Vec<String> {
        self.terms
            .iter()
            .filter_map(|t| {
                label
                    .display
                    .get(&format!("not_significant.{}", t.language))
                    .or_else(|| label.display.get("not_significant"))
                    .cloned()
            })
            .collect()
    }

    /// The format's declared rows with the label's first-column amounts, Canadian print.
    fn lines(&self, label: &'a Label) -> Vec<Line<'a>> {
        self.format
            .rows
            .iter()
            .filter_map(|row| {
                let cell = label.row(&row.key)?.cells.first()?;
                let amount = if row.unit.is_empty() {
                    self.number(cell.amount)
                } else {
                    format!("{}\u{a0}{}", self.number(cell.amount), row.unit)
                };
                Some(Line {
                    row,
                    amount,
                    percent: cell.percent.map(|p| self.percent(p)),
                })
            })
            .collect()
    }
}

/// Whether `row` is item 6, the sum of saturated and trans fat, printed only as the
/// percentage beside the bracketed pair.
fn is_sum(row: &Row) -> bool {
    row.quantity == Quantity::CaFdrSaturatedPlusTrans
}

/// Whether `row` is one of the two amounts item 6 sums (items 4 and 5).
fn is_sum_part(row: &Row) -> bool {
    matches!(row.key.as_str(), "saturates_g" | "trans_fat_g")
}

/// Type sizes and rules of one table, in user units.
#[derive(Clone, Copy)]
struct Sizes {
    text: f32,
    title: f32,
    calories: f32,
    small: f32,
    row: f32,
    hairline: f32,
    heavy: f32,
    medium: f32,
    pad: f32,
    border: f32,
}

impl Sizes {
    fn at(pt: f32) -> Sizes {
        Sizes {
            text: 8.0 * pt,
            title: 13.0 * pt,
            calories: 10.0 * pt,
            small: 6.5 * pt,
            row: 11.0 * pt,
            hairline: 0.35 * pt,
            heavy: 3.5 * pt,
            medium: 1.5 * pt,
            pad: 3.5 * pt,
            border: 0.5 * pt,
        }
    }
}

/// The pieces both arrangements draw, with what a screen reader says.
struct Table<'a, 'm> {
    p: Painter<'m>,
    words: Words<'a>,
    s: Sizes,
    said: Vec<String>,
}

impl<'a, 'm> Table<'a, 'm> {
    fn new(m: &'m Metrics, format: &'a Format, s: Sizes) -> Self {
        Table {
            p: Painter::new(m),
            words: Words::of(format),
            s,
            said: Vec::new(),
        }
    }

    fn m(&self) -> &'m Metrics {
        self.p.m
    }

    /// Title and serving lines from `y` (the top) between `x0` and `x0 + width`, a hairline
    /// under them; returns the y below the hairline.
    fn heading(&mut self, label: &Label, x0: f32, width: f32, mut y: f32) -> f32 {
        let s = self.s;
        for title in self.words.each("title") {
            // A title too long for the width (a narrow horizontal block) shrinks to fit.
            let size = s
                .title
                .min(width / self.m().width(Face::Black, 1.0, &title).max(1.0));
            y += self.m().cap_height(Face::Black) * size + 0.25 * size;
            self.p.text(
                x0,
                y,
                size,
                Anchor::Start,
                vec![Span::new(Face::Black, &title)],
            );
            self.said.push(title);
        }
        y += 0.15 * s.title;
        for line in self.words.serving_lines(label) {
            y = self.p.paragraph(
                x0,
                y + 1.15 * s.text,
                s.text,
                1.1 * s.text,
                width,
                &[Span::new(Face::Regular, &line)],
            );
            self.said.push(line);
        }
        y += 0.45 * s.text;
        self.p.rect(x0, y, width, s.hairline);
        y + s.hairline
    }

    /// "Calories 110" at baseline `y` from `x0`.
    fn calories(&mut self, calories: Option<&Line<'_>>, x0: f32, y: f32) {
        let Some(line) = calories else { return };
        let name = self.words.format.row_name(line.row);
        self.p.text(
            x0,
            y,
            self.s.calories,
            Anchor::Start,
            vec![
                Span::new(Face::Black, &name),
                Span::new(Face::Black, format!(" {}", line.amount)),
            ],
        );
        self.said.push(format!("{name} {}", line.amount));
    }

    /// The "% Daily Value*" head of each language, right-aligned at `x1`, the first baseline
    /// at `y`; returns the last baseline.
    fn percent_head(&mut self, x1: f32, mut y: f32) -> f32 {
        let size = self.s.text;
        for (i, head) in self.words.each("percent.head").into_iter().enumerate() {
            if i > 0 {
                y += 1.1 * size;
            }
            self.p.text(
                x1,
                y,
                size,
                Anchor::End,
                vec![Span::new(Face::Bold, format!("{head}*"))],
            );
        }
        y
    }

    /// The rows of `lines` from `y` (a hairline above each but the first, none between
    /// saturated and "+ trans", whose sum's percentage sits between them); returns the y
    /// below the last row.
    fn rows(
        &mut self,
        lines: &[&Line<'_>],
        sum: Option<&str>,
        x0: f32,
        x1: f32,
        mut y: f32,
    ) -> f32 {
        let s = self.s;
        let m = self.m();
        let indent_step = 1.2 * s.text;
        let baseline_in = |top: f32| top + 0.5 * s.row + 0.5 * m.cap_height(Face::Regular) * s.text;
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i];
            if i > 0 {
                self.p.rect(x0, y, x1 - x0, s.hairline);
                y += s.hairline;
            }
            // Saturated, then "+ Trans" on the next line, bracketed by one percentage.
            let pair = line.row.key == "saturates_g"
                && lines.get(i + 1).is_some_and(|n| n.row.key == "trans_fat_g");
            if pair {
                let trans = lines[i + 1];
                let first = baseline_in(y);
                let second = first + 0.95 * s.row;
                self.name_and_amount(line, "", x0 + indent_step, first, None);
                self.name_and_amount(trans, "+ ", x0 + indent_step, second, None);
                if let Some(pct) = sum {
                    let mid = 0.5 * (first + second);
                    self.p.text(
                        x1,
                        mid,
                        s.text,
                        Anchor::End,
                        vec![Span::new(Face::Regular, pct)],
                    );
                    let name = self.words.format.term("nutrient.saturated_plus_trans");
                    self.said
                        .push(us_parts::said_row(self.words.format, name, Some(pct)));
                }
                y += s.row + 0.95 * s.row;
                i += 2;
                continue;
            }
            let indent = f32::from(line.row.style.indent) * indent_step;
            let baseline = baseline_in(y);
            // Saturated or trans alone (a simplified table left the other off as "0",
            // B.01.401(6)(i)): the percentage of their sum, item 6, sits on its line.
            let percent = match sum {
                Some(pct) if is_sum_part(line.row) => Some(pct),
                _ => line.percent.as_deref(),
            };
            self.name_and_amount(line, "", x0 + indent, baseline, percent);
            if let Some(pct) = percent {
                self.p.text(
                    x1,
                    baseline,
                    s.text,
                    Anchor::End,
                    vec![Span::new(Face::Regular, pct)],
                );
            }
            y += s.row;
            i += 1;
        }
        y
    }

    /// "Fat / Lipides 5 g" at `x`, the name bold where the row's style says so; `percent` is
    /// what is said with it.
    fn name_and_amount(
        &mut self,
        line: &Line<'_>,
        prefix: &str,
        x: f32,
        baseline: f32,
        percent: Option<&str>,
    ) {
        let name = format!("{prefix}{}", self.words.format.row_name(line.row));
        let face = if line.row.style.bold {
            Face::Bold
        } else {
            Face::Regular
        };
        self.p.text(
            x,
            baseline,
            self.s.text,
            Anchor::Start,
            vec![
                Span::new(face, &name),
                Span::new(Face::Regular, format!(" {}", line.amount)),
            ],
        );
        let text = format!("{name} {}", line.amount);
        let said = us_parts::said_row(self.words.format, text, percent);
        self.said.push(said);
    }

    /// The statement of B.01.401(6)(j) in each language below a hairline at `y`, wrapped to
    /// `width`; returns the y below it (`y` itself when the table omits nothing).
    fn not_significant(&mut self, label: &Label, x0: f32, width: f32, mut y: f32) -> f32 {
        let statements = self.words.not_significant(label);
        if statements.is_empty() {
            return y;
        }
        let s = self.s;
        self.p.rect(x0, y, width, s.hairline);
        y += s.hairline;
        let top = y + 0.35 * s.text;
        for (i, statement) in statements.into_iter().enumerate() {
            let first = if i == 0 {
                top + self.m().cap_height(Face::Regular) * s.text
            } else {
                y + 1.15 * s.text
            };
            y = self.p.paragraph(
                x0,
                first,
                s.text,
                1.15 * s.text,
                width,
                &[Span::new(Face::Regular, &statement)],
            );
            self.said.push(statement);
        }
        y + 0.45 * s.text
    }

    /// The interpretative statement of item 16 in each language from `y` (the top), wrapped
    /// to `width`; returns the last baseline.
    fn footnote(&mut self, x0: f32, width: f32, mut y: f32) -> f32 {
        let size = self.s.small;
        for (i, note) in self.words.each("footnote").into_iter().enumerate() {
            let top = if i == 0 {
                y + 0.5 * self.s.pt_gap() + self.m().cap_height(Face::Regular) * size
            } else {
                y + 1.2 * size
            };
            y = self.p.paragraph(
                x0,
                top,
                size,
                1.2 * size,
                width,
                &[Span::new(Face::Regular, &note)],
            );
            self.said.push(note);
        }
        y
    }

    fn finish(mut self, label: &Label, panel_bottom: f32) -> Scene {
        let s = self.s;
        self.p.frame(0.0, 0.0, BASE_WIDTH, panel_bottom, s.border);
        // A table of a pair prints its own language's statements only (B.01.010.3(1)(a.1):
        // each linguistic version after its own list of ingredients).
        let own;
        let label = if self.words.terms.len() < label.statements.len() {
            let mut one = label.clone();
            let languages = &self.words.format.languages;
            one.statements.retain(|st| languages.contains(&st.language));
            own = one;
            &own
        } else {
            label
        };
        let bottom = us_parts::statements_below(
            &mut self.p,
            label,
            self.words.format,
            panel_bottom,
            // The statements' type follows the table's (a shrunk horizontal table keeps
            // its statements in proportion).
            7.0 / 8.0 * s.text,
            0.25 * s.text,
            &mut self.said,
        );
        let title = self.words.each("title").join(" / ");
        Scene {
            height: bottom.ceil(),
            title,
            description: self.said.join(". "),
            items: self.p.items,
            diagonal: None,
        }
    }
}

impl Sizes {
    /// A small vertical gap (half a line of small type).
    fn pt_gap(&self) -> f32 {
        0.6 * self.small
    }
}

/// The lines of `label` split as the table sets them: Calories, the core nutrients (without
/// the sum row), potassium, calcium and iron; and the sum's percentage.
struct Parts<'a> {
    calories: Option<Line<'a>>,
    core: Vec<Line<'a>>,
    minerals: Vec<Line<'a>>,
    sum: Option<String>,
}

fn parts<'a>(words: &Words<'a>, label: &'a Label) -> Parts<'a> {
    let mut out = Parts {
        calories: None,
        core: Vec::new(),
        minerals: Vec::new(),
        sum: None,
    };
    for line in words.lines(label) {
        if is_sum(line.row) {
            out.sum = line.percent;
        } else if line.row.key == "energy_kcal" || line.row.style.section == Section::Headline {
            out.calories = Some(line);
        } else if line.row.style.section == Section::Vitamins {
            out.minerals.push(line);
        } else {
            out.core.push(line);
        }
    }
    out
}

/// Layout `ca-standard`: the vertical table, every word in each of the format's languages.
pub(crate) fn layout_standard(m: &Metrics, label: &Label, format: &Format) -> Scene {
    let s = Sizes::at(PT);
    let mut t = Table::new(m, format, s);
    let x0 = s.border + s.pad;
    let x1 = BASE_WIDTH - s.border - s.pad;
    let inner = x1 - x0;
    let parts = parts(&t.words, label);

    let mut y = t.heading(label, x0, inner, s.border + 0.4 * s.pad);
    // Calories on the first line of the % Daily Value head, a heavy rule under both.
    let first = y + 0.4 * s.text + m.cap_height(Face::Black) * s.calories;
    t.calories(parts.calories.as_ref(), x0, first);
    let last = t.percent_head(x1, first);
    y = last + 0.5 * s.text;
    t.p.rect(x0, y, inner, s.heavy);
    y += s.heavy;

    let core: Vec<&Line<'_>> = parts.core.iter().collect();
    y = t.rows(&core, parts.sum.as_deref(), x0, x1, y);
    if !parts.minerals.is_empty() {
        t.p.rect(x0, y, inner, s.heavy);
        y += s.heavy;
        let minerals: Vec<&Line<'_>> = parts.minerals.iter().collect();
        y = t.rows(&minerals, None, x0, x1, y);
    }
    y = t.not_significant(label, x0, inner, y);
    t.p.rect(x0, y, inner, s.medium);
    y += s.medium;
    y = t.footnote(x0, inner, y);
    let panel_bottom = y + 0.5 * s.small + s.pad * 0.6 + s.border;
    t.finish(label, panel_bottom)
}

/// Layout `ca-horizontal`: the title, serving and Calories in a block at the left, the
/// nutrients in two side-by-side tables each with its "% Daily Value*" head, the statement of
/// item 16 across the bottom. Type shrinks uniformly until the widest line fits (B.01.450(3)(b)
/// allows enlarging all characters uniformly; the Directory's sizes are not at hand).
pub(crate) fn layout_horizontal(m: &Metrics, label: &Label, format: &Format) -> Scene {
    let words = Words::of(format);
    let parts = parts(&words, label);
    let mut lines: Vec<&Line<'_>> = parts.core.iter().chain(&parts.minerals).collect();
    // Two tables of about half the lines each; saturated and "+ trans" stay together.
    let mut half = lines.len().div_ceil(2);
    if half > 0 && half < lines.len() && lines[half - 1].row.key == "saturates_g" {
        half += 1;
    }
    let right: Vec<&Line<'_>> = lines.split_off(half.min(lines.len()));
    let left = lines;

    // The widest printed line at 1 pt decides the scale: block + two tables ≤ the width.
    let widest = |ls: &[&Line<'_>]| -> f32 {
        ls.iter()
            .map(|l| {
                let name = format.row_name(l.row);
                let indent =
                    f32::from(l.row.style.indent.max(u8::from(l.row.key == "trans_fat_g")))
                        * 1.2
                        * 8.0;
                m.width(Face::Bold, 8.0, &format!("+ {name} {}", l.amount))
                    + indent
                    + m.width(Face::Regular, 8.0, "100 %")
                    + 4.0
            })
            .fold(0.0, f32::max)
    };
    let head = words
        .each("percent.head")
        .iter()
        .map(|h| m.width(Face::Bold, 8.0, &format!("{h}*")))
        .fold(0.0, f32::max);
    let table_width_pt = widest(&left).max(widest(&right)).max(head);
    let block_pt = words
        .each("title")
        .iter()
        .map(|t| 0.75 * m.width(Face::Black, 13.0, t))
        .fold(0.0, f32::max)
        .max(m.width(Face::Black, 10.0, "Calories 1000"));
    let gutter_pt = 6.0;
    let total_pt = block_pt + 2.0 * table_width_pt + 2.0 * gutter_pt + 8.0;
    let pt = (BASE_WIDTH / total_pt).min(PT);
    let s = Sizes::at(pt);
    let mut t = Table::new(m, format, s);
    let x0 = s.border + s.pad;
    let x1 = BASE_WIDTH - s.border - s.pad;
    let gutter = gutter_pt * pt;
    let table_w = table_width_pt * pt;
    let block_w = (x1 - x0) - 2.0 * table_w - 2.0 * gutter;

    // The block: title, serving, Calories.
    let top = s.border + 0.4 * s.pad;
    let mut by = t.heading(label, x0, block_w, top);
    by += 0.4 * s.text + m.cap_height(Face::Black) * s.calories;
    t.calories(parts.calories.as_ref(), x0, by);
    by += 0.5 * s.text;

    // The two tables, each under its head and a heavy rule.
    let mut bottom = by;
    for (k, side) in [&left, &right].into_iter().enumerate() {
        let tx0 = x0 + block_w + gutter + k as f32 * (table_w + gutter);
        let tx1 = tx0 + table_w;
        let first = top + 0.6 * s.text + m.cap_height(Face::Bold) * s.text;
        let last = t.percent_head(tx1, first);
        let mut y = last + 0.5 * s.text;
        t.p.rect(tx0, y, table_w, s.heavy);
        y += s.heavy;
        y = t.rows(side, parts.sum.as_deref(), tx0, tx1, y);
        bottom = bottom.max(y);
    }
    let mut y = t.not_significant(label, x0, x1 - x0, bottom + 0.3 * s.text);
    t.p.rect(x0, y, x1 - x0, s.medium);
    y += s.medium;
    y = t.footnote(x0, x1 - x0, y);
    let panel_bottom = y + 0.5 * s.small + s.pad * 0.6 + s.border;
    t.finish(label, panel_bottom)
}
