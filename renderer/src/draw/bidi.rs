//! The Unicode Bidirectional Algorithm (UAX #9, as the `unicode-bidi` crate implements it)
//! for one drawn line. PNG and PDF set a line's runs from left to right in the order given,
//! so a line mixing directions ("12 غ", "נתרן 431mg" in a right-to-left cell) is put in
//! visual order here, as a browser shows the SVG's text: the SVG keeps the logical order and
//! states a right-to-left line's direction (`direction="rtl"`), and the browser reorders it.
//!
//! A line's base direction is that of its first strong character (rules P2-P3), so a cell
//! of Arabic or Hebrew reads right to left and one of English left to right whatever the
//! table's side. A line with no right-to-left character is returned as it is (every Latin
//! label), without running the algorithm.

use std::borrow::Cow;
use std::ops::Range;

use unicode_bidi::{bidi_class, BidiClass, BidiInfo};

use super::scene::Span;

/// Whether `c` can make a line right to left or open a right-to-left level: Hebrew and
/// Arabic letters, Arabic digits, the explicit right-to-left marks and embeddings.
fn is_rtl_char(c: char) -> bool {
    use BidiClass::{AL, AN, R, RLE, RLI, RLO};
    // No ASCII character is right to left: most labels never reach the class table.
    !c.is_ascii() && matches!(bidi_class(c), R | AL | AN | RLE | RLO | RLI)
}

/// Whether any span of the line holds a right-to-left character.
fn has_rtl(spans: &[Span]) -> bool {
    spans.iter().any(|s| s.text.chars().any(is_rtl_char))
}

/// Whether the line reads right to left: its first strong character is Hebrew or Arabic
/// (P2-P3). The SVG writes such a line with `direction="rtl"`.
pub(crate) fn is_rtl_line(spans: &[Span]) -> bool {
    if !has_rtl(spans) {
        return false;
    }
    let text: String = spans.iter().map(|s| s.text.as_str()).collect();
    BidiInfo::new(&text, None)
        .paragraphs
        .first()
        .is_some_and(|p| p.level.is_rtl())
}

/// `spans` (one line, in logical order) in visual order, left to right: pieces of one face
/// and one resolved level. In a right-to-left piece a shaped face (Arabic, Hebrew) is
/// reversed by its shaper, which keeps the spaces at the ends where the text puts them, so
/// those spaces change ends here; any other face's characters (spaces and punctuation
/// between two right-to-left words) are reversed, brackets mirrored (rule L4).
pub(crate) fn visual(spans: &[Span]) -> Cow<'_, [Span]> {
    if !has_rtl(spans) {
        return Cow::Borrowed(spans);
    }
    let text: String = spans.iter().map(|s| s.text.as_str()).collect();
    let mut bounds: Vec<Range<usize>> = Vec::with_capacity(spans.len());
    let mut at = 0;
    for s in spans {
        bounds.push(at..at + s.text.len());
        at += s.text.len();
    }
    let info = BidiInfo::new(&text, None);
    let mut out = Vec::with_capacity(spans.len() + 2);
    for paragraph in &info.paragraphs {
        let (levels, runs) = info.visual_runs(paragraph, paragraph.range.clone());
        for run in runs {
            let rtl = levels.get(run.start).is_some_and(|l| l.is_rtl());
            // The run's part of each span, in logical order.
            let mut pieces: Vec<Span> = spans
                .iter()
                .zip(&bounds)
                .filter_map(|(s, b)| {
                    let (start, end) = (run.start.max(b.start), run.end.min(b.end));
                    (start < end).then(|| Span::new(s.face, &text[start..end]))
                })
                .collect();
            if rtl {
                pieces.reverse();
                for piece in &mut pieces {
                    piece.text = if piece.face.shapes() {
                        spaces_swapped(&piece.text)
                    } else {
                        reversed_mirrored(&piece.text)
                    };
                }
            }
            out.extend(pieces);
        }
    }
    Cow::Owned(out)
}

/// `text` with its leading and trailing white space exchanged: the shaper sets the words of
/// a right-to-left piece in visual order but leaves the spaces at the ends it finds them.
fn spaces_swapped(text: &str) -> String {
    let core = text.trim_matches(char::is_whitespace);
    let lead = &text[..text.len() - text.trim_start_matches(char::is_whitespace).len()];
    let trail = &text[lead.len() + core.len()..];
    format!("{trail}{core}{lead}")
}

/// `text` right to left: its characters reversed, each bracket replaced by its mirror.
fn reversed_mirrored(text: &str) -> String {
    text.chars()
        .rev()
        .map(|c| unicode_bidi_mirroring::get_mirrored(c).unwrap_or(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::fonts::Face;
    use super::*;

    fn line(spans: &[(Face, &str)]) -> Vec<Span> {
        spans.iter().map(|(f, t)| Span::new(*f, *t)).collect()
    }

    fn texts(spans: &[Span]) -> Vec<(Face, &str)> {
        spans.iter().map(|s| (s.face, s.text.as_str())).collect()
    }

    #[test]
    fn a_latin_line_is_left_as_it_is() {
        let spans = line(&[(Face::Bold, "Fat "), (Face::Regular, "5 g (7%)")]);
        assert!(matches!(visual(&spans), Cow::Borrowed(_)));
        assert!(!is_rtl_line(&spans));
    }

    #[test]
    fn arabic_then_a_latin_amount_reads_right_to_left() {
        // "12 غ" (12 grams): the line starts with a weak digit and its first strong
        // character is Arabic, so it reads right to left and a browser shows "غ 12": the
        // unit at the left, the number at the right.
        let spans = line(&[(Face::Regular, "12 "), (Face::Arabic, "غ")]);
        assert!(is_rtl_line(&spans));
        assert_eq!(
            texts(&visual(&spans)),
            vec![
                (Face::Arabic, "غ"),
                (Face::Regular, " "),
                (Face::Regular, "12")
            ]
        );
    }

    #[test]
    fn hebrew_with_an_amount_in_mg_keeps_the_amount_left_to_right_on_the_left() {
        // "נתרן 431mg" (sodium 431 mg): visually "431mg נתרן"; the space that followed
        // the Hebrew word now sits on its left, between it and the amount.
        let spans = line(&[(Face::Hebrew, "נתרן "), (Face::Regular, "431mg")]);
        assert!(is_rtl_line(&spans));
        assert_eq!(
            texts(&visual(&spans)),
            vec![(Face::Regular, "431mg"), (Face::Hebrew, " נתרן")]
        );
    }

    #[test]
    fn brackets_after_a_right_to_left_word_are_mirrored() {
        // "סוכר (12%)" (sugars): a browser shows "(12%) סוכר": the bracket typed after the
        // word is drawn at its left, mirrored, the amount left to right inside.
        let spans = line(&[(Face::Hebrew, "סוכר "), (Face::Regular, "(12%)")]);
        let v = visual(&spans);
        let drawn: String = v.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(drawn, "(12%) סוכר");
        assert_eq!(v.last().map(|s| s.face), Some(Face::Hebrew));
        // After Arabic letters European digits are Arabic numbers (rule W2), which a
        // percent sign does not follow: a browser shows "(%12) سكر".
        let spans = line(&[(Face::Arabic, "سكر "), (Face::Regular, "(12%)")]);
        let drawn: String = visual(&spans).iter().map(|s| s.text.as_str()).collect();
        assert_eq!(drawn, "(%12) سكر");
    }

    #[test]
    fn a_left_to_right_line_keeps_its_arabic_word_where_it_was_typed() {
        // "Energy / الطاقة": English first, so the line reads left to right; the Arabic
        // word stays at the right end (shaped right to left by the shaper).
        let spans = line(&[(Face::Regular, "Energy / "), (Face::Arabic, "الطاقة")]);
        assert!(!is_rtl_line(&spans));
        assert_eq!(
            texts(&visual(&spans)),
            vec![(Face::Regular, "Energy / "), (Face::Arabic, "الطاقة")]
        );
    }

    #[test]
    fn two_hebrew_words_around_a_number_read_right_to_left() {
        // "מכיל 2 כפות" (contains 2 spoons), logical order: a browser shows the last word
        // at the left, then 2, then the first word at the right.
        let spans = line(&[
            (Face::Hebrew, "מכיל "),
            (Face::Regular, "2 "),
            (Face::Hebrew, "כפות"),
        ]);
        assert_eq!(
            texts(&visual(&spans)),
            vec![
                (Face::Hebrew, "כפות"),
                (Face::Regular, " "),
                (Face::Regular, "2"),
                (Face::Hebrew, " מכיל"),
            ]
        );
    }
}
