//! Warning elements: black octagons (Chile, Mexico, Argentina, Colombia, Peru), Mexico's
//! legends, Brazil's magnifying-glass box and Canada's "High in" symbol.

use nls_nutrition::fop::{FopResult, Mark, Scheme, WarningMark};

use super::super::fonts::{Face, Metrics};
use super::super::scene::{Anchor, Painter, PathOp, Rgb, Span, BASE_WIDTH};
use super::glyphs::{fit, BLACK, WHITE};

/// The warning marks of a result, in order.
pub(crate) fn warnings(r: &FopResult) -> Vec<&WarningMark> {
    r.marks
        .iter()
        .filter_map(|m| match m {
            Mark::Warning(w) => Some(w),
            _ => None,
        })
        .collect()
}

/// The eight corners of a regular octagon with flat top and bottom in the square `x, y, w`.
pub(crate) fn octagon(x: f32, y: f32, w: f32) -> Vec<(f32, f32)> {
    let a = w / (2.0 + std::f32::consts::SQRT_2);
    vec![
        (x + a, y),
        (x + w - a, y),
        (x + w, y + a),
        (x + w, y + w - a),
        (x + w - a, y + w),
        (x + a, y + w),
        (x, y + w - a),
        (x, y + a),
    ]
}

/// A seal's words: the prefix on its own line ("ALTO EN", "EXCESO"), the nutrient after.
fn seal_lines(text: &str) -> (String, String) {
    for prefix in ["ALTO EN ", "EXCESO EN ", "EXCESO ", "ALTO EM ", "CONTIENE "] {
        if let Some(rest) = text.strip_prefix(prefix) {
            return (prefix.trim().to_string(), rest.to_string());
        }
    }
    (String::new(), text.to_string())
}

/// Words of `text` in lines no wider than `width` at `size`.
fn lines(m: &Metrics, face: Face, size: f32, width: f32, text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match out.last_mut() {
            Some(last) if m.width(face, size, &format!("{last} {word}")) <= width => {
                last.push(' ');
                last.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
    }
    out
}

/// One black octagon seal at `x, y`, `w` wide: a white ring inside its edge, the words in
/// white, the authority (or the advice) small at the bottom.
fn seal(p: &mut Painter<'_>, s: &Scheme, mark: &WarningMark, x: f32, y: f32, w: f32) {
    let m = p.m;
    p.polygon(&octagon(x, y, w), BLACK);
    let ring = w * 0.035;
    p.polygon(&octagon(x + ring, y + ring, w - 2.0 * ring), WHITE);
    let inner = w * 0.06;
    p.polygon(&octagon(x + inner, y + inner, w - 2.0 * inner), BLACK);
    let cx = x + w / 2.0;
    let text = mark
        .text
        .clone()
        .unwrap_or_else(|| mark.nutrient.to_uppercase());
    let (head, body) = seal_lines(&text);
    let usable = w * 0.72;
    let head_size = fit(m, Face::Black, w * 0.15, usable, &head);
    let body_size = lines(m, Face::Black, w * 0.15, usable, &body)
        .iter()
        .map(|l| fit(m, Face::Black, w * 0.15, usable, l))
        .fold(w * 0.15, f32::min);
    let body_lines = lines(m, Face::Black, body_size, usable, &body);
    let small = s.footer.as_deref().or(s.subtext.as_deref()).unwrap_or("");
    let small_size = fit(m, Face::Bold, w * 0.075, w * 0.5, small);
    let block = if head.is_empty() {
        0.0
    } else {
        head_size * 1.05
    } + body_size * 1.05 * body_lines.len() as f32;
    let mut base = y + w * 0.47 - block / 2.0 + head_size * 0.8;
    if !head.is_empty() {
        p.centred(Face::Black, head_size, cx, base, &head, WHITE);
        base += body_size * 1.05;
    }
    for line in &body_lines {
        p.centred(Face::Black, body_size, cx, base, line, WHITE);
        base += body_size * 1.05;
    }
    if !small.is_empty() {
        p.centred(Face::Bold, small_size, cx, y + w * 0.8, small, WHITE);
    }
}

/// Octagons in rows of up to three, left to right; returns the height used.
pub(crate) fn octagons(p: &mut Painter<'_>, s: &Scheme, r: &FopResult) -> f32 {
    let marks = warnings(r);
    let gap = 8.0;
    let per_row = 3usize;
    let w = (BASE_WIDTH - gap * (per_row as f32 + 1.0)) / per_row as f32;
    let mut bottom = gap;
    for (i, mark) in marks.iter().enumerate() {
        let row = (i / per_row) as f32;
        let col = (i % per_row) as f32;
        let x = gap + col * (w + gap);
        let y = gap + row * (w + gap);
        seal(p, s, mark, x, y, w);
        bottom = y + w + gap;
    }
    bottom
}

/// Mexico's legends: black-edged rectangles with the legend in black capitals.
pub(crate) fn legends(p: &mut Painter<'_>, r: &FopResult) -> f32 {
    let m = p.m;
    let mut y = 8.0;
    for mark in warnings(r) {
        let text = mark.text.clone().unwrap_or_default();
        let size = 11.0;
        let ls = lines(m, Face::Black, size, BASE_WIDTH - 40.0, &text);
        let h = 12.0 + ls.len() as f32 * size * 1.2;
        p.frame(12.0, y, BASE_WIDTH - 24.0, h, 2.0);
        let mut base = y + 6.0 + size;
        for l in ls {
            let w = m.width(Face::Black, size, &l);
            p.text(
                (BASE_WIDTH - w) / 2.0,
                base,
                size,
                Anchor::Start,
                vec![Span::new(Face::Black, l)],
            );
            base += size * 1.2;
        }
        y += h + 8.0;
    }
    y
}

/// A magnifying glass: a ring and a handle at 45°, in `fill`, in the square `x, y, s`.
fn magnifier(p: &mut Painter<'_>, x: f32, y: f32, s: f32, fill: Rgb, hole: Rgb) {
    let r = s * 0.32;
    let (cx, cy) = (x + s * 0.4, y + s * 0.4);
    p.path(circle(cx, cy, r), fill);
    p.path(circle(cx, cy, r * 0.68), hole);
    // The handle: a thick bar from the ring to the lower right corner.
    let t = s * 0.09;
    let (ax, ay) = (cx + r * 0.74, cy + r * 0.74);
    let (bx, by) = (x + s * 0.95, y + s * 0.95);
    p.polygon(
        &[
            (ax - t, ay + t),
            (ax + t, ay - t),
            (bx + t, by - t),
            (bx - t, by + t),
        ],
        fill,
    );
}

/// A circle as four cubic arcs.
fn circle(cx: f32, cy: f32, r: f32) -> Vec<PathOp> {
    let k = 0.552_284_8 * r;
    vec![
        PathOp::MoveTo(cx + r, cy),
        PathOp::CubicTo(cx + r, cy + k, cx + k, cy + r, cx, cy + r),
        PathOp::CubicTo(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
        PathOp::CubicTo(cx - r, cy - k, cx - k, cy - r, cx, cy - r),
        PathOp::CubicTo(cx + k, cy - r, cx + r, cy - k, cx + r, cy),
        PathOp::Close,
    ]
}

/// Canada's bilingual horizontal symbol as Schedule K.1 to the FDR describes figures 1(BH) to
/// 7(BH): a white box outlined by a thin black line; at its top the heading "High in" /
/// "Élevé en" in black bold; under it a black magnifying glass at the left and three bars
/// stacked to its right, in the order saturated fat, sugars, sodium: black with the
/// nutrient's words in white bold where the product reaches its threshold, white outlined
/// and empty where it does not; "Health Canada" / "Santé Canada" centred at the bottom. The
/// Directory of Nutrition Symbol Specifications' dimensions are not held: proportions are the
/// figures' arrangement, not their measurements.
pub(crate) fn canada(p: &mut Painter<'_>, s: &Scheme, r: &FopResult) -> f32 {
    let m = p.m;
    let marks = warnings(r);
    let (x, y, w) = (8.0, 8.0, BASE_WIDTH - 16.0);
    let line = 1.2;
    let heading = s.heading.as_deref().unwrap_or("High in / Élevé en");
    let hs = fit(m, Face::Black, 16.0, w - 16.0, heading);
    let head_base = y + 6.0 + m.cap_height(Face::Black) * hs;
    let bar_h = 18.0;
    let gap = 3.0;
    let bars_top = head_base + 7.0;
    let bars_h = 3.0 * bar_h + 2.0 * gap;
    let icon = bars_h;
    let footer = s.footer.as_deref().unwrap_or("");
    let fs = 8.0;
    let foot_base = bars_top + bars_h + 6.0 + m.cap_height(Face::Regular) * fs;
    let h = foot_base + 5.0 - y;
    p.frame(x, y, w, h, line);
    p.text(
        x + 8.0,
        head_base,
        hs,
        Anchor::Start,
        vec![Span::new(Face::Black, heading)],
    );
    magnifier(p, x + 6.0, bars_top, icon, BLACK, WHITE);
    let bx = x + 10.0 + icon;
    let bw = x + w - 6.0 - bx;
    for (k, code) in ["saturated_fat", "sugars", "sodium"]
        .into_iter()
        .enumerate()
    {
        let top = bars_top + k as f32 * (bar_h + gap);
        match marks.iter().find(|mk| mk.code == code) {
            Some(mark) => {
                p.rect(bx, top, bw, bar_h);
                let text = mark.text.clone().unwrap_or_else(|| mark.nutrient.clone());
                let size = fit(m, Face::Black, 11.0, bw - 8.0, &text);
                let base = top + bar_h / 2.0 + m.cap_height(Face::Black) * size / 2.0;
                p.text_in(
                    bx + 5.0,
                    base,
                    size,
                    Anchor::Start,
                    vec![Span::new(Face::Black, text)],
                    WHITE,
                );
            }
            None => p.frame(bx, top, bw, bar_h, line),
        }
    }
    if !footer.is_empty() {
        p.centred(Face::Regular, fs, x + w / 2.0, foot_base, footer, BLACK);
    }
    y + h + 6.0
}

/// Brazil's box: a black-edged rectangle with a magnifying glass, "ALTO EM" and the nutrients.
pub(crate) fn lupa(p: &mut Painter<'_>, s: &Scheme, r: &FopResult) -> f32 {
    let m = p.m;
    let marks = warnings(r);
    let x = 8.0;
    let w = BASE_WIDTH - 16.0;
    let y = 8.0;
    let size = 13.0;
    let h = 40.0 + marks.len() as f32 * size * 1.4;
    p.frame(x, y, w, h, 2.5);
    magnifier(p, x + 8.0, y + 6.0, 24.0, BLACK, WHITE);
    let heading = s.heading.as_deref().unwrap_or("ALTO EM");
    p.text(
        x + 40.0,
        y + 24.0,
        17.0,
        Anchor::Start,
        vec![Span::new(Face::Black, heading.to_string())],
    );
    let mut base = y + 34.0 + size;
    for mark in marks {
        let text = mark.text.clone().unwrap_or_default();
        let words = text.strip_prefix("ALTO EM ").unwrap_or(&text).to_string();
        p.text(
            x + 12.0,
            base,
            fit(m, Face::Black, size, w - 24.0, &words),
            Anchor::Start,
            vec![Span::new(Face::Black, words)],
        );
        base += size * 1.4;
    }
    y + h + 8.0
}
