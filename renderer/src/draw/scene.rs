//! A label as a flat list of black rules, filled shapes (paths and polygons in a colour, for
//! front-of-pack symbols: octagons, traffic lights, magnifying glasses) and text lines (black
//! ink, or a colour for words on a filled shape: the white words of an octagon), in user
//! units (the SVG's `viewBox`), built once by a layout and written out as SVG, PNG or PDF.

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
    /// The words' colour: [`Rgb::BLACK`] for a label's text. Every writer draws coloured
    /// text over the shapes and the black ink (it is meant for words on a filled shape).
    pub fill: Rgb,
}

/// An sRGB fill colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Black, the ink of every label.
    pub(crate) const BLACK: Rgb = Rgb(0, 0, 0);
    /// White, the colour of words on black.
    pub(crate) const WHITE: Rgb = Rgb(0xff, 0xff, 0xff);

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
    /// The word drawn diagonally across the whole scene, if any: "SAMPLE" on watermarked
    /// exports, "DRAFT" on a draft format's label (set by `draw::scene`, never by a layout).
    pub diagonal: Option<&'static str>,
}

impl Scene {
    /// Draws `other` below this scene, scaled by `scale` and centred, `gap` user units
    /// down: a label with its front-of-pack elements under it.
    pub(crate) fn append_below(&mut self, other: Scene, scale: f32, gap: f32) {
        let dx = (BASE_WIDTH - BASE_WIDTH * scale) / 2.0;
        let dy = self.height + gap;
        self.items
            .extend(other.items.into_iter().map(|i| i.moved(dx, dy, scale)));
        self.height = dy + other.height * scale;
        if !other.description.is_empty() {
            self.description = format!("{}. {}", self.description, other.description);
        }
    }
}

impl Item {
    /// The item scaled by `scale` about the origin, then moved by (`dx`, `dy`).
    fn moved(self, dx: f32, dy: f32, scale: f32) -> Item {
        let at = |x: f32, y: f32| (dx + x * scale, dy + y * scale);
        match self {
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
                            let ((x1, y1), (x2, y2), (x, y)) = (at(x1, y1), at(x2, y2), at(x, y));
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

    /// A line of text. Each span is split into runs of one face: where its face lacks a
    /// glyph the fallback face draws it (Greek, Cyrillic), so every writer draws the same.
    pub(crate) fn text(&mut self, x: f32, y: f32, size: f32, anchor: Anchor, spans: Vec<Span>) {
        self.text_in(x, y, size, anchor, spans, Rgb::BLACK);
    }

    /// A text line in `fill`, split like [`Self::text`] into runs of one face.
    pub(crate) fn text_in(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        anchor: Anchor,
        spans: Vec<Span>,
        fill: Rgb,
    ) {
        let spans: Vec<Span> = spans
            .into_iter()
            .filter(|s| !s.text.is_empty())
            .flat_map(|s| self.m.split(s.face, &s.text))
            .map(|(face, text)| Span { face, text })
            .collect();
        if spans.is_empty() {
            return;
        }
        self.items.push(Item::Text(TextLine {
            x,
            y,
            size,
            anchor,
            spans,
            fill,
        }));
    }

    /// `text` in one face, centred on `cx` with its baseline at `y`, in `fill`.
    pub(crate) fn centred(
        &mut self,
        face: Face,
        size: f32,
        cx: f32,
        y: f32,
        text: &str,
        fill: Rgb,
    ) {
        let w = self.m.width(face, size, text);
        self.text_in(
            cx - w / 2.0,
            y,
            size,
            Anchor::Start,
            vec![Span::new(face, text)],
            fill,
        );
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

/// Greedy line breaking of `spans` at spaces. A line is measured as it is drawn, whole: a space
/// takes the face of the character before it ([`Metrics::split`]), so a space after a Chinese
/// word is as wide as that face sets it.
pub(crate) fn wrap(m: &Metrics, size: f32, max_width: f32, spans: &[Span]) -> Vec<Vec<Span>> {
    let width =
        |line: &[Span]| -> f32 { line.iter().map(|s| m.width(s.face, size, &s.text)).sum() };
    let mut lines: Vec<Vec<Span>> = Vec::new();
    let mut line: Vec<Span> = Vec::new();
    for word in words(spans) {
        let mut candidate = line.clone();
        if let Some(last) = candidate.last_mut() {
            last.text.push(' ');
        }
        for s in &word {
            match candidate.last_mut() {
                Some(last) if last.face == s.face => last.text.push_str(&s.text),
                _ => candidate.push(s.clone()),
            }
        }
        if !line.is_empty() && width(&candidate) > max_width {
            lines.push(std::mem::replace(&mut line, word));
        } else {
            line = candidate;
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
    fn wrapped_lines_are_no_wider_than_the_measure_as_drawn() {
        let m = Metrics::get().expect("fonts");
        let spans = [
            Span::new(Face::Bold, "100 g: "),
            Span::new(
                Face::Regular,
                "能量 8kJ, 蛋白质 0.2g, 脂肪 0g, 碳水化合物 0.3g, 钠 10mg, 能量 8kJ",
            ),
        ];
        for max in [120.0, 200.0, 290.0] {
            let lines = wrap(m, 10.0, max, &spans);
            assert!(lines.len() > 1, "{max}");
            for line in lines {
                // As the scene draws it: each span split into runs of one face.
                let w: f32 = line
                    .iter()
                    .flat_map(|s| m.split(s.face, &s.text))
                    .map(|(f, t)| m.width(f, 10.0, &t))
                    .sum();
                assert!(w <= max, "{w} > {max}: {line:?}");
            }
        }
    }

    #[test]
    fn a_french_colon_stays_with_its_word_across_a_line_break_and_every_face_has_its_space() {
        // "Ingrédients\u{a0}:" (fr terms, 1169/2011 Art. 18(1)): lines break at ordinary
        // spaces only, so the colon never starts a line; U+00A0 is drawn, not a .notdef box.
        let m = Metrics::get().expect("fonts");
        let spans = [
            Span::new(Face::Black, "Ingrédients\u{a0}: "),
            Span::new(Face::Regular, "farine de blé, beurre, sucre, sel"),
        ];
        let word = m.width(Face::Black, 10.0, "Ingrédients");
        for max in [word + 1.0, word + 4.0, 80.0, 120.0] {
            let lines = wrap(m, 10.0, max, &spans);
            let first: String = lines[0].iter().map(|s| s.text.as_str()).collect();
            assert!(first.starts_with("Ingrédients\u{a0}:"), "{max}: {first:?}");
            for line in &lines[1..] {
                let text: String = line.iter().map(|s| s.text.as_str()).collect();
                assert!(!text.starts_with(':'), "{max}: {text:?}");
            }
        }
        for face in Face::ALL {
            assert!(m.has_glyph(face, '\u{a0}'), "{face:?} lacks U+00A0");
        }
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
