//! Scene → SVG text: real `<text>` (selectable, accessible), rules as one path.

use std::fmt::Write as _;

use super::fonts::{Face, Metrics, FAMILY_LIST};
use super::scene::{Anchor, Item, PathOp, Rgb, Scene, Span, BASE_WIDTH};
use super::RenderOptions;

/// Shortest text of `v` to 0.01 user units (stable across platforms).
pub(crate) fn num(v: f32) -> String {
    let r = (f64::from(v) * 100.0).round() / 100.0;
    if r == 0.0 {
        return "0".to_string();
    }
    let s = format!("{r:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// XML-escapes text and attribute values.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 forbids are dropped.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

/// Weight and style of `face`; a style or family is written only where it differs from
/// `parent`'s (tspans inherit it): runs in the fallback face name its family.
fn face_attrs(face: Face, parent: Face) -> String {
    let mut s = String::new();
    if face.family_list() != parent.family_list() {
        let _ = write!(s, " font-family=\"{}\"", escape(face.family_list()));
    }
    let _ = write!(s, " font-weight=\"{}\"", face.weight());
    if face.italic() != parent.italic() {
        s.push_str(if face.italic() {
            " font-style=\"italic\""
        } else {
            " font-style=\"normal\""
        });
    }
    s
}

/// The diagonal watermark: text, centre, size (user units) and angle (degrees, clockwise).
pub(crate) struct Watermark {
    pub text: &'static str,
    pub cx: f32,
    pub cy: f32,
    pub size: f32,
    pub angle: f32,
    /// Baseline offset below the centre (half the cap height), in the rotated frame.
    pub drop: f32,
}

pub(crate) fn watermark(m: &Metrics, height: f32, text: &'static str) -> Watermark {
    let angle = -(height / BASE_WIDTH).atan().to_degrees().min(60.0);
    let diagonal = (BASE_WIDTH * BASE_WIDTH + height * height).sqrt();
    let size = (0.58 * diagonal / m.width(Face::Black, 1.0, text)).min(0.45 * height.max(60.0));
    Watermark {
        text,
        cx: BASE_WIDTH / 2.0,
        cy: height / 2.0,
        size,
        angle,
        drop: 0.5 * m.cap_height(Face::Black) * size,
    }
}

/// SVG path data of `ops`, coordinates as [`num`] writes them.
fn path_data(ops: &[PathOp]) -> String {
    let mut d = String::new();
    for op in ops {
        let _ = match *op {
            PathOp::MoveTo(x, y) => write!(d, "M{} {}", num(x), num(y)),
            PathOp::LineTo(x, y) => write!(d, "L{} {}", num(x), num(y)),
            PathOp::CubicTo(a, b, c, e, x, y) => write!(
                d,
                "C{} {} {} {} {} {}",
                num(a),
                num(b),
                num(c),
                num(e),
                num(x),
                num(y)
            ),
            PathOp::Close => write!(d, "Z"),
        };
    }
    d
}

pub(crate) fn write(scene: &Scene, m: &Metrics, options: &RenderOptions) -> String {
    let mut out = String::with_capacity(8 * 1024);
    let k = options.width_px / BASE_WIDTH;
    let h = scene.height;
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" height=\"{}\" \
         viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{}\">",
        num(options.width_px),
        num(h * k),
        num(BASE_WIDTH),
        num(h),
        escape(&scene.description),
    );
    let _ = write!(
        out,
        "<title>{}</title><desc>{}</desc>",
        escape(&scene.title),
        escape(&scene.description)
    );
    let _ = write!(
        out,
        "<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
        num(BASE_WIDTH),
        num(h)
    );

    let mut d = String::new();
    for item in &scene.items {
        if let Item::Rect { x, y, w, h } = item {
            let _ = write!(
                d,
                "M{} {}h{}v{}h{}z",
                num(*x),
                num(*y),
                num(*w),
                num(*h),
                num(-*w)
            );
        }
    }
    if !d.is_empty() {
        let _ = write!(out, "<path fill=\"#000\" d=\"{d}\"/>");
    }
    for item in &scene.items {
        if let Item::Shape { ops, fill } = item {
            let _ = write!(
                out,
                "<path fill=\"{}\" d=\"{}\"/>",
                fill.hex(),
                path_data(ops)
            );
        }
    }

    let _ = write!(
        out,
        "<g font-family=\"{}\" font-kerning=\"none\" fill=\"#000\" xml:space=\"preserve\">",
        escape(FAMILY_LIST)
    );
    for item in &scene.items {
        if let Item::Text(t) = item {
            let Some((first, rest)) = t.spans.split_first() else {
                continue;
            };
            // A line whose first strong character is Hebrew or Arabic reads right to left: the
            // browser reorders its logical text as PNG and PDF do (`bidi.rs`), and its
            // anchor's start is then its right end.
            let rtl = super::bidi::is_rtl_line(&t.spans);
            let anchor = match (t.anchor, rtl) {
                (Anchor::Start, false) => "",
                (Anchor::End, false) => " text-anchor=\"end\"",
                (Anchor::Start, true) => " direction=\"rtl\" text-anchor=\"end\"",
                (Anchor::End, true) => " direction=\"rtl\"",
            };
            let fill = if t.fill == Rgb::BLACK {
                String::new()
            } else {
                format!(" fill=\"{}\"", t.fill.hex())
            };
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{}{}{}>{}",
                num(t.x),
                num(t.y),
                num(t.size),
                face_attrs(first.face, Face::Regular),
                anchor,
                fill,
                escape(&first.text)
            );
            for Span { face, text } in rest {
                let _ = write!(
                    out,
                    "<tspan{}>{}</tspan>",
                    face_attrs(*face, first.face),
                    escape(text)
                );
            }
            out.push_str("</text>");
        }
    }
    out.push_str("</g>");

    if let Some(text) = scene.diagonal {
        let w = watermark(m, h, text);
        let _ = write!(
            out,
            "<text x=\"{cx}\" y=\"{y}\" font-family=\"{fam}\" font-size=\"{s}\" font-weight=\"900\" \
             text-anchor=\"middle\" fill=\"#d00\" fill-opacity=\"0.22\" \
             transform=\"rotate({a} {cx} {cy})\" aria-hidden=\"true\">{t}</text>",
            cx = num(w.cx),
            cy = num(w.cy),
            y = num(w.cy + w.drop),
            fam = escape(FAMILY_LIST),
            s = num(w.size),
            a = num(w.angle),
            t = w.text
        );
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::scene::{Painter, PathOp, Rgb, Scene};
    use super::*;

    /// A scene with a red triangle and a green curved shape over a black rule.
    pub(crate) fn shapes_scene(m: &Metrics) -> Scene {
        let mut p = Painter::new(m);
        p.rect(0.0, 0.0, BASE_WIDTH, 2.0);
        p.polygon(&[(10.0, 10.0), (90.0, 10.0), (50.0, 90.0)], Rgb(0xd0, 0, 0));
        p.path(
            vec![
                PathOp::MoveTo(150.0, 50.0),
                PathOp::CubicTo(150.0, 20.0, 250.0, 20.0, 250.0, 50.0),
                PathOp::CubicTo(250.0, 80.0, 150.0, 80.0, 150.0, 50.0),
                PathOp::Close,
            ],
            Rgb(0, 0x80, 0),
        );
        Scene {
            height: 100.0,
            title: "shapes".into(),
            description: "shapes".into(),
            items: p.items,
            diagonal: None,
        }
    }

    /// A black square with white words on it and black words beside it.
    pub(crate) fn white_text_scene(m: &Metrics) -> Scene {
        let mut p = Painter::new(m);
        p.polygon(
            &[(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)],
            Rgb::BLACK,
        );
        p.text_in(
            8.0,
            80.0,
            70.0,
            Anchor::Start,
            vec![Span::new(Face::Black, "HH")],
            Rgb::WHITE,
        );
        p.text(
            150.0,
            60.0,
            20.0,
            Anchor::Start,
            vec![Span::new(Face::Bold, "ink")],
        );
        Scene {
            height: 100.0,
            title: "white words".into(),
            description: "white words".into(),
            items: p.items,
            diagonal: None,
        }
    }

    #[test]
    fn coloured_text_is_text_with_its_fill() {
        let m = Metrics::get().expect("fonts");
        let s = write(&white_text_scene(m), m, &RenderOptions::default());
        assert!(s.contains(" fill=\"#ffffff\">HH</text>"), "{s}");
        // Black text inherits the group's black: no fill of its own.
        assert!(s.contains("font-weight=\"700\">ink</text>"), "{s}");
        assert_eq!(
            s.matches("<path").count(),
            1,
            "only the square is a path: {s}"
        );
    }

    #[test]
    fn shapes_are_written_as_filled_paths_in_their_colour() {
        let m = Metrics::get().expect("fonts");
        let s = write(&shapes_scene(m), m, &RenderOptions::default());
        assert!(
            s.contains("<path fill=\"#d00000\" d=\"M10 10L90 10L50 90Z\"/>"),
            "{s}"
        );
        assert!(s.contains(
            "<path fill=\"#008000\" d=\"M150 50C150 20 250 20 250 50C250 80 150 80 150 50Z\"/>"
        ));
        assert!(s.contains("<path fill=\"#000\" d=\"M0 0h290v2h-290z\"/>"));
    }
}
