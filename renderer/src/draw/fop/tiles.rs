//! Colour-coded elements: traffic-light boxes (UK, Sri Lanka), the Nutri-Score's five
//! letters and the Nutri-Grade letter.

use nls_nutrition::fop::{Colour, FopResult, Mark};

use super::super::fonts::Face;
use super::super::scene::{number, Anchor, Painter, PathOp, Rgb, Span, BASE_WIDTH};
use super::glyphs::{fit, WHITE};

/// Traffic-light fills. The guide's exact colours are not in our references; these are the
/// conventional red, amber and green (BENCHMARKS/docs say so).
fn light(c: Option<Colour>) -> Rgb {
    match c {
        Some(Colour::Red) => Rgb(0xe3, 0x1b, 0x23),
        Some(Colour::Amber) => Rgb(0xf5, 0xa6, 0x23),
        Some(Colour::Green) => Rgb(0x6c, 0xbd, 0x45),
        None => Rgb(0xff, 0xff, 0xff),
    }
}

const OUTLINE: Rgb = Rgb(0x55, 0x55, 0x55);

/// A rectangle with rounded corners of radius `r`.
fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Vec<PathOp> {
    let k = 0.552_284_8 * r;
    vec![
        PathOp::MoveTo(x + r, y),
        PathOp::LineTo(x + w - r, y),
        PathOp::CubicTo(x + w - r + k, y, x + w, y + r - k, x + w, y + r),
        PathOp::LineTo(x + w, y + h - r),
        PathOp::CubicTo(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
        PathOp::LineTo(x + r, y + h),
        PathOp::CubicTo(x + r - k, y + h, x, y + h - r + k, x, y + h - r),
        PathOp::LineTo(x, y + r),
        PathOp::CubicTo(x, y + r - k, x + r - k, y, x + r, y),
        PathOp::Close,
    ]
}

fn title(n: &str) -> String {
    let mut c = n.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn centre_text(p: &mut Painter<'_>, face: Face, size: f32, cx: f32, y: f32, text: &str) {
    let w = p.m.width(face, size, text);
    p.text(
        cx - w / 2.0,
        y,
        size,
        Anchor::Start,
        vec![Span::new(face, text.to_string())],
    );
}

/// One box per light (energy uncoloured): name, amount per portion, level word, %RI.
pub(crate) fn traffic_lights(p: &mut Painter<'_>, r: &FopResult) -> f32 {
    let lights: Vec<_> = r
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::Light(l) => Some(l),
            _ => None,
        })
        .collect();
    let n = lights.len().max(1) as f32;
    let gap = 4.0;
    let w = (BASE_WIDTH - 12.0 - gap * (n - 1.0)) / n;
    // The portion the amounts are for, quantified above them (1169/2011 Art. 33(1), (4)), in
    // Annex XV's words; labels stored before the energy tile carried it keep no header.
    let unit = if r.phase.as_deref() == Some("drinks") {
        "ml"
    } else {
        "g"
    };
    let energy = lights.iter().find(|l| l.nutrient == "energy");
    let mut y = 8.0;
    if let Some(portion) = energy.and_then(|l| l.portion) {
        let header = format!("Per portion ({} {unit})", number(portion.round()));
        p.text(
            6.0,
            y + 9.0,
            10.0,
            Anchor::Start,
            vec![Span::new(Face::Bold, header)],
        );
        y += 14.0;
    }
    let h = 74.0;
    for (i, l) in lights.iter().enumerate() {
        let x = 6.0 + i as f32 * (w + gap);
        let cx = x + w / 2.0;
        p.path(rounded(x, y, w, h, 8.0), OUTLINE);
        p.path(
            rounded(x + 1.2, y + 1.2, w - 2.4, h - 2.4, 7.0),
            light(l.colour),
        );
        let name = title(&l.nutrient);
        let ns = fit(p.m, Face::Bold, 10.0, w - 6.0, &name);
        centre_text(p, Face::Bold, ns, cx, y + 14.0, &name);
        // As the label's table prints it (the scheme's rounding); labels stored before
        // `printed` existed keep the former one-decimal print.
        let amount = match &l.printed {
            Some(p) => p.clone(),
            None if l.unit == "kcal" => format!("{}kcal", number(l.amount.round())),
            None => format!("{}{}", number((l.amount * 10.0).round() / 10.0), l.unit),
        };
        // Energy in kJ and kcal (Art. 32(1), Annex XV): one line each.
        match amount.split_once(" / ") {
            Some((kj, kcal)) => {
                let s = fit(p.m, Face::Black, 11.0, w - 6.0, kj).min(fit(
                    p.m,
                    Face::Black,
                    11.0,
                    w - 6.0,
                    kcal,
                ));
                centre_text(p, Face::Black, s, cx, y + 28.0, kj);
                centre_text(p, Face::Black, s, cx, y + 41.0, kcal);
            }
            None => {
                let as_ = fit(p.m, Face::Black, 13.0, w - 6.0, &amount);
                centre_text(p, Face::Black, as_, cx, y + 32.0, &amount);
            }
        }
        let level = match l.level {
            Some(nls_nutrition::fop::Level::High) => "HIGH",
            Some(nls_nutrition::fop::Level::Medium) => "MED",
            Some(nls_nutrition::fop::Level::Low) => "LOW",
            None => "",
        };
        centre_text(p, Face::Bold, 8.5, cx, y + 45.0, level);
        // %RI in a white lower panel, as on the guide's model label.
        p.path(rounded(x + 4.0, y + 50.0, w - 8.0, 18.0, 5.0), WHITE);
        if let Some(ri) = l.percent_ri {
            let t = format!("{}%", number(ri.round()));
            centre_text(p, Face::Bold, 11.0, cx, y + 63.5, &t);
        }
    }
    let note = "of an adult's reference intake";
    let nw = p.m.width(Face::Regular, 8.5, note);
    p.text(
        BASE_WIDTH - 6.0 - nw,
        y + h + 12.0,
        8.5,
        Anchor::Start,
        vec![Span::new(Face::Regular, note)],
    );
    // The energy per 100 g or 100 ml beside the portion's (Art. 33(2)).
    if let Some(per_100) = energy.and_then(|l| l.per_100_printed.as_deref()) {
        let line = format!("Per 100 {unit}: {per_100}");
        let size = fit(p.m, Face::Bold, 8.5, BASE_WIDTH - 18.0 - nw, &line);
        p.text(
            6.0,
            y + h + 12.0,
            size,
            Anchor::Start,
            vec![Span::new(Face::Bold, line)],
        );
    }
    y + h + 20.0
}

/// Nutri-Score letter colours, dark green to red, as public implementations give them (the
/// graphic charter's values are not in our references).
const NUTRISCORE: [(char, Rgb); 5] = [
    ('A', Rgb(0x03, 0x81, 0x41)),
    ('B', Rgb(0x85, 0xbb, 0x2f)),
    ('C', Rgb(0xfe, 0xcb, 0x02)),
    ('D', Rgb(0xee, 0x81, 0x00)),
    ('E', Rgb(0xe6, 0x3e, 0x11)),
];

/// The five letters, the product's one raised and larger, on a grey ground.
pub(crate) fn nutriscore(p: &mut Painter<'_>, grade: &str) -> f32 {
    let (x, y, w, h) = (20.0, 8.0, BASE_WIDTH - 40.0, 96.0);
    p.path(rounded(x, y, w, h, 14.0), Rgb(0x99, 0x99, 0x99));
    p.path(rounded(x + 3.0, y + 3.0, w - 6.0, h - 6.0, 12.0), WHITE);
    p.text(
        x + 14.0,
        y + 22.0,
        13.0,
        Anchor::Start,
        vec![Span::new(Face::Black, "NUTRI-SCORE")],
    );
    let tile = (w - 28.0) / 5.0;
    let ty = y + 34.0;
    for (i, (letter, colour)) in NUTRISCORE.iter().enumerate() {
        let tx = x + 14.0 + i as f32 * tile;
        let chosen = grade.starts_with(*letter);
        if chosen {
            continue;
        }
        p.path(rounded(tx, ty, tile, 48.0, 6.0), *colour);
        let l = letter.to_string();
        p.centred(Face::Black, 26.0, tx + tile / 2.0, ty + 34.0, &l, WHITE);
    }
    if let Some(i) = NUTRISCORE.iter().position(|(l, _)| grade.starts_with(*l)) {
        let (letter, colour) = NUTRISCORE[i];
        let tx = x + 14.0 + i as f32 * tile - 6.0;
        p.path(rounded(tx - 2.0, ty - 10.0, tile + 16.0, 68.0, 12.0), WHITE);
        p.path(rounded(tx, ty - 8.0, tile + 12.0, 64.0, 11.0), colour);
        let l = letter.to_string();
        p.centred(
            Face::Black,
            40.0,
            tx + (tile + 12.0) / 2.0,
            ty + 38.0,
            &l,
            WHITE,
        );
    }
    y + h + 10.0
}

/// Nutri-Grade: the grade in a coloured square with the scheme's words. Colours are not in
/// our references: dark green, light green, orange, red by grade.
pub(crate) fn nutrigrade(p: &mut Painter<'_>, grade: &str) -> f32 {
    let fill = match grade {
        "A" => Rgb(0x00, 0x7a, 0x3d),
        "B" => Rgb(0x7c, 0xc1, 0x43),
        "C" => Rgb(0xf3, 0x8b, 0x1c),
        _ => Rgb(0xd7, 0x1f, 0x26),
    };
    let (x, y, s) = (BASE_WIDTH / 2.0 - 50.0, 8.0, 100.0);
    p.path(rounded(x, y, s, s, 10.0), fill);
    p.centred(
        Face::Black,
        12.0,
        x + s / 2.0,
        y + 18.0,
        "NUTRI-GRADE",
        WHITE,
    );
    p.centred(Face::Black, 54.0, x + s / 2.0, y + 74.0, grade, WHITE);
    y + s + 10.0
}
