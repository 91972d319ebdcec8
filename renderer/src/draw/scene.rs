//! A label as a flat list of black rules, filled shapes (paths and polygons in a colour, for
//! front-of-pack symbols: octagons, traffic lights, magnifying glasses) and text lines, in
//! user units (the SVG's `viewBox`), built once by a layout and written out as SVG, PNG or
//! PDF.

use super::fonts::{Face, Metrics};

/// Width of every layout in user units; outputs scale it to the requested width.
pub(crate) const BASE_WIDTH: f32 = 290.0;

/// Horizontal anchor of a text line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Anchor {
    Start,
    End,
}

/// A run of text in one face.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Span {
    pub face: Face,
    pub text: String,
}

impl Span {
    pub(crate) fn new(face: Face, text: impl Into<String>) -> Span {
        Span {
            face,
            text: text.into(),
        }
    }
}

/// One line of text: spans set one after the other from the anchor point on the baseline.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TextLine {
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub anchor: Anchor,
    pub spans: Vec<Span>,
}

/// An sRGB fill colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub(crate) fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// One step of a path outline, in user units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum PathOp {
    MoveTo(f32, f32),
    LineTo(f32, f32),
    /// A cubic Bézier: two control points, then the end point.
    #[allow(dead_code)] // front-of-pack layouts (circles, magnifying glass) will draw curves
    CubicTo(f32, f32, f32, f32, f32, f32),
    Close,
}

/// What a scene holds.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Item {
    /// A black filled rectangle (rules, bars, borders).
    Rect { x: f32, y: f32, w: f32, h: f32 },
    /// A closed outline filled in a colour (nonzero winding).
    Shape { ops: Vec<PathOp>, fill: Rgb },
    /// A text line.
    Text(TextLine),
}

/// A laid-out label.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Scene {
    pub height: f32,
    /// Short name for `<title>` and the PDF title.
    pub title: String,
    /// Everything a screen reader should say (`aria-label`).
    pub description: String,
    pub items: Vec<Item>,
}

impl Scene {
    /// Draws `other` below this scene, scaled by `scale` and centred, `gap` user units
    /// down: a label with its front-of-pack elements under it.
    pub(crate) fn append_below(&mut self, other: Scene, scale: f32, gap: f32) {
        let dx = (BASE_WIDTH - BASE_WIDTH * scale) / 2.0;
        let dy = self.height + gap;
        let at = |x: f32, y: f32| (dx + x * scale, dy + y * scale);
        for item in other.items {
            self.items.push(match item {
                Item::Rect { x, y, w, h } => {
                    let (x, y) = at(x, y);
                    Item::Rect {
                        x,
                        y,
                        w: w * scale,
                        h: h * scale,
                    }
                }
                Item::Shape { ops, fill } => Item::Shape {
                    ops: ops
                        .into_iter()
                        .map(|op| match op {
                            PathOp::MoveTo(x, y) => {
                                let (x, y) = at(x, y);
                                PathOp::MoveTo(x, y)
                            }
                            PathOp::LineTo(x, y) => {
                                let (x, y) = at(x, y);
                                PathOp::LineTo(x, y)
                            }
                            PathOp::CubicTo(x1, y1, x2, y2, x, y) => {
                                let ((x1, y1), (x2, y2), (x, y)) =
                                    (at(x1, y1), at(x2, y2), at(x, y));
                                PathOp::CubicTo(x1, y1, x2, y2, x, y)
                            }
                            PathOp::Close => PathOp::Close,
                        })
                        .collect(),
                    fill,
                },
                Item::Text(line) => {
                    let (x, y) = at(line.x, line.y);
                    Item::Text(TextLine {
                        x,
                        y,
                        size: line.size * scale,
                        ..line
                    })
                }
            });
        }
        self.height = dy + other.height * scale;
        if !other.description.is_empty() {
            self.description = format!("{}. {}", self.description, other.description);
        }
    }
}

/// Builder helpers shared by the layouts.
pub(crate) struct Painter<'m> {
    pub m: &'m Metrics,
    pub items: Vec<Item>,
}

impl<'m> Painter<'m> {
    pub(crate) fn new(m: &'m Metrics) -> Self {
        Painter {
            m,
            items: Vec::new(),
        }
    }

    pub(crate) fn rect(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.items.push(Item::Rect { x, y, w, h });
    }

    /// An outline box of stroke width `t` drawn inside `x, y, w, h`.
    pub(crate) fn frame(&mut self, x: f32, y: f32, w: f32, h: f32, t: f32) {
        self.rect(x, y, w, t);
        self.rect(x, y + h - t, w, t);
        self.rect(x, y + t, t, h - 2.0 * t);
        self.rect(x + w - t, y + t, t, h - 2.0 * t);
    }

    /// A filled path.
    #[allow(dead_code)] // no layout draws a front-of-pack symbol yet; the writers support it
    pub(crate) fn path(&mut self, ops: Vec<PathOp>, fill: Rgb) {
        if !ops.is_empty() {
            self.items.push(Item::Shape { ops, fill });
        }
    }

    /// A filled polygon through `points` (closed).
    #[allow(dead_code)] // see `path`
    pub(crate) fn polygon(&mut self, points: &[(f32, f32)], fill: Rgb) {
        let mut ops: Vec<PathOp> = Vec::with_capacity(points.len() + 1);
        for (i, (x, y)) in points.iter().enumerate() {
            ops.push(if i == 0 {
                PathOp::MoveTo(*x, *y)
            } else {
                PathOp::LineTo(*x, *y)
            });
        }
        if !ops.is_empty() {
            ops.push(PathOp::Close);
        }
        self.path(ops, fill);
    }

    pub(crate) fn text(&mut self, x: f32, y: f32, size: f32, anchor: Anchor, spans: Vec<Span>) {
        let spans: Vec<Span> = spans.into_iter().filter(|s| !s.text.is_empty()).collect();
        if spans.is_empty() {
            return;
        }
        self.items.push(Item::Text(TextLine {
            x,
            y,
            size,
            anchor,
            spans,
        }));
    }

    /// Sets rich text into lines no wider than `max_width` (a word longer than a line stays
    /// whole) starting at baseline `y`; returns the baseline of the last line.
    pub(crate) fn paragraph(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        leading: f32,
        max_width: f32,
        spans: &[Span],
    ) -> f32 {
        let lines = wrap(self.m, size, max_width, spans);
        let mut baseline = y;
        for (i, line) in lines.into_iter().enumerate() {
            if i > 0 {
                baseline += leading;
            }
            self.text(x, baseline, size, Anchor::Start, line);
        }
        baseline
    }
}

/// A word: consecutive non-space characters, possibly in several faces (`<b>milk</b>,`).
type Word = Vec<Span>;

fn words(spans: &[Span]) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut current: Word = Vec::new();
    for span in spans {
        for (i, piece) in span.text.split(' ').enumerate() {
            if i > 0 && !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            if piece.is_empty() {
                continue;
            }
            match current.last_mut() {
                Some(last) if last.face == span.face => last.text.push_str(piece),
                _ => current.push(Span::new(span.face, piece)),
            }
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Greedy line breaking of `spans` at spaces.
pub(crate) fn wrap(m: &Metrics, size: f32, max_width: f32, spans: &[Span]) -> Vec<Vec<Span>> {
    let space = m.width(Face::Regular, size, " ");
    let mut lines: Vec<Vec<Span>> = Vec::new();
    let mut line: Vec<Span> = Vec::new();
    let mut line_width = 0.0;
    for word in words(spans) {
        let w: f32 = word.iter().map(|s| m.width(s.face, size, &s.text)).sum();
        if !line.is_empty() && line_width + space + w > max_width {
            lines.push(std::mem::take(&mut line));
            line_width = 0.0;
        }
        if !line.is_empty() {
            line_width += space;
            if let Some(last) = line.last_mut() {
                last.text.push(' ');
            }
        }
        line_width += w;
        for s in word {
            match line.last_mut() {
                Some(last) if last.face == s.face => last.text.push_str(&s.text),
                _ => line.push(s),
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A number as printed in percentages: whole numbers without decimals.
pub(crate) fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Grams as printed in a serving size: whole grams from 10 g, else one decimal.
pub(crate) fn grams(g: f64) -> String {
    if g >= 10.0 {
        format!("{}", g.round() as i64)
    } else {
        number((g * 10.0).round() / 10.0)
    }
}

/// `text` without the terms' `<i>` marks.
pub(crate) fn plain(text: &str) -> String {
    nls_nutrition::terms::strip_marks(text)
}

/// A term as spans in `face`; in the regular face, words marked `<i>…</i>` are set in italic
/// ("*Trans* Fat", 21 CFR 101.9(c)(2)(ii)). Heavier faces have no italic: the marks are dropped.
pub(crate) fn marked_spans(text: &str, face: Face) -> Vec<Span> {
    if face != Face::Regular {
        return vec![Span::new(face, plain(text))];
    }
    let mut spans = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<i>") {
        if start > 0 {
            spans.push(Span::new(face, &rest[..start]));
        }
        let after = &rest[start + 3..];
        let end = after.find("</i>").unwrap_or(after.len());
        spans.push(Span::new(Face::Italic, &after[..end]));
        rest = after.get(end + 4..).unwrap_or("");
    }
    if !rest.is_empty() {
        spans.push(Span::new(face, rest));
    }
    spans
}

/// Reads the engine's `ingredient_statement_html` (only `<b>` and HTML escapes) into spans.
pub(crate) fn html_spans(html: &str, regular: Face, bold: Face) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut face = regular;
    let mut rest = html;
    while !rest.is_empty() {
        let next = rest.find('<').unwrap_or(rest.len());
        if next > 0 {
            spans.push(Span::new(face, unescape_html(&rest[..next])));
            rest = &rest[next..];
            continue;
        }
        let end = rest.find('>').map(|i| i + 1).unwrap_or(rest.len());
        match &rest[..end] {
            "<b>" | "<strong>" => face = bold,
            "</b>" | "</strong>" => face = regular,
            _ => {}
        }
        rest = &rest[end..];
    }
    spans
}

fn unescape_html(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_words_are_italic_in_the_regular_face_only() {
        assert_eq!(
            marked_spans("<i>Trans</i> Fat", Face::Regular),
            vec![
                Span::new(Face::Italic, "Trans"),
                Span::new(Face::Regular, " Fat")
            ]
        );
        assert_eq!(
            marked_spans("Fat <i>trans</i>", Face::Regular),
            vec![
                Span::new(Face::Regular, "Fat "),
                Span::new(Face::Italic, "trans")
            ]
        );
        assert_eq!(
            marked_spans("<i>Trans</i> Fat", Face::Black),
            vec![Span::new(Face::Black, "Trans Fat")]
        );
        assert_eq!(plain("<i>Trans</i> Fat"), "Trans Fat");
    }

    #[test]
    fn a_polygon_is_a_closed_path_in_its_colour() {
        let m = Metrics::get().expect("fonts");
        let mut p = Painter::new(m);
        p.polygon(&[(0.0, 0.0), (4.0, 0.0), (2.0, 3.0)], Rgb(1, 2, 3));
        p.polygon(&[], Rgb(0, 0, 0));
        assert_eq!(
            p.items,
            vec![Item::Shape {
                ops: vec![
                    PathOp::MoveTo(0.0, 0.0),
                    PathOp::LineTo(4.0, 0.0),
                    PathOp::LineTo(2.0, 3.0),
                    PathOp::Close
                ],
                fill: Rgb(1, 2, 3)
            }]
        );
        assert_eq!(Rgb(0xd0, 0, 0x0a).hex(), "#d0000a");
    }
}
