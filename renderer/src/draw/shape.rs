//! Text → positioned glyphs. Arabic, Hebrew and Thai are shaped with rustybuzz (contextual
//! forms, the lam-alef ligatures, mark positioning, right-to-left order); other faces are
//! set one glyph per character with its advance, as the Latin layouts always were.
//! Pure and deterministic: the same face and text give the same glyphs.

/// One glyph of a run, in font units, in visual order (left to right).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Glyph {
    pub id: u16,
    /// How far the pen moves after this glyph.
    pub advance: i32,
    /// Offset of the glyph from the pen (marks sit over their base).
    pub x_offset: i32,
    /// Upward offset (font units, y up).
    pub y_offset: i32,
    /// Byte index in the run's text of the first character this glyph draws.
    pub cluster: u32,
}

#[cfg(test)]
/// Whether the run reads right to left (its glyphs are in visual order, reversed from the
/// text): the writers that keep the logical order (PDF text) use it.
/// Spaces at the ends of a run (left in place by [`shape_in_line`]) do not count.
pub(crate) fn is_rtl(glyphs: &[Glyph]) -> bool {
    let mut clusters = glyphs.iter().map(|g| g.cluster);
    let first = clusters.next();
    let rest: Vec<u32> = clusters.collect();
    // Reversed somewhere: a later glyph from an earlier character.
    first.is_some_and(|f| rest.iter().any(|c| *c < f)) || rest.windows(2).any(|w| w[1] < w[0])
}

/// `text` shaped in `face`; direction and script are guessed from the text (Arabic and
/// Hebrew right to left). Each character keeps its own cluster where the font allows, so a
/// glyph maps back to the character it draws (the PDF's ToUnicode).
pub(crate) fn shape(face: &rustybuzz::Face<'_>, text: &str) -> Vec<Glyph> {
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_cluster_level(rustybuzz::BufferClusterLevel::Characters);
    buffer.guess_segment_properties();
    let shaped = rustybuzz::shape(face, &[], buffer);
    shaped
        .glyph_infos()
        .iter()
        .zip(shaped.glyph_positions())
        .map(|(info, pos)| Glyph {
            id: u16::try_from(info.glyph_id).unwrap_or(0),
            advance: pos.x_advance,
            x_offset: pos.x_offset,
            y_offset: pos.y_offset,
            cluster: info.cluster,
        })
        .collect()
}

/// `text` shaped in `face` as part of a left-to-right line: spaces at either end stay where
/// the line puts them (a right-to-left word's trailing space would otherwise be drawn on its
/// left, against the text before it), and only the words between are shaped.
pub(crate) fn shape_in_line(
    face: &rustybuzz::Face<'_>,
    ttf: &ttf_parser::Face<'_>,
    text: &str,
) -> Vec<Glyph> {
    let core = text.trim_matches(char::is_whitespace);
    if core.is_empty() {
        return unshaped(ttf, text);
    }
    let start = text.len() - text.trim_start_matches(char::is_whitespace).len();
    let end = start + core.len();
    let mut out = unshaped(ttf, &text[..start]);
    out.extend(shape(face, core).into_iter().map(|g| Glyph {
        cluster: g.cluster + start as u32,
        ..g
    }));
    out.extend(unshaped(ttf, &text[end..]).into_iter().map(|g| Glyph {
        cluster: g.cluster + end as u32,
        ..g
    }));
    out
}

/// `text` one glyph per character (`.notdef` where the face lacks one), no kerning.
pub(crate) fn unshaped(face: &ttf_parser::Face<'_>, text: &str) -> Vec<Glyph> {
    text.char_indices()
        .map(|(i, c)| {
            let g = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
            Glyph {
                id: g.0,
                advance: i32::from(face.glyph_hor_advance(g).unwrap_or(0)),
                x_offset: 0,
                y_offset: 0,
                cluster: u32::try_from(i).unwrap_or(u32::MAX),
            }
        })
        .collect()
}

/// The text each glyph stands for in copied text: the whole of its cluster (from its
/// character up to the next glyph's character, in text order) for the first glyph of that
/// cluster, nothing for the others (a decomposed vowel's second glyph, a mark the font
/// merged). A ligature stands for every character it joins (lam-alef: both letters).
pub(crate) fn glyph_texts<'t>(text: &'t str, glyphs: &[Glyph]) -> Vec<&'t str> {
    let mut starts: Vec<usize> = glyphs.iter().map(|g| g.cluster as usize).collect();
    starts.push(text.len());
    starts.sort_unstable();
    starts.dedup();
    let mut seen = std::collections::BTreeSet::new();
    glyphs
        .iter()
        .map(|g| {
            let start = g.cluster as usize;
            if !seen.insert(start) {
                return "";
            }
            let end = starts
                .iter()
                .copied()
                .find(|e| *e > start)
                .unwrap_or(text.len());
            text.get(start..end).unwrap_or("")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::fonts::{Face, Metrics};
    use super::*;

    fn metrics_with(face: Face) -> Option<&'static Metrics> {
        let m = Metrics::get().expect("fonts");
        if m.is_present(face) {
            Some(m)
        } else {
            eprintln!(
                "SKIP: {face:?} font not installed ({})",
                super::super::script_fonts::ScriptFont::of(face)
                    .map(|s| s.help())
                    .unwrap_or_default()
            );
            None
        }
    }

    #[test]
    fn an_arabic_word_is_shaped_and_set_right_to_left() {
        let Some(m) = metrics_with(Face::Arabic) else {
            return;
        };
        // "sugar": three letters that join (initial, medial, final forms).
        let word = "سكر";
        let glyphs = m.glyphs(Face::Arabic, word);
        let isolated: Vec<u16> = word
            .chars()
            .map(|c| m.face(Face::Arabic).glyph_index(c).expect("glyph").0)
            .collect();
        assert_eq!(glyphs.len(), 3);
        // Visual order is the reverse of the text: the first letter is drawn rightmost.
        let clusters: Vec<u32> = glyphs.iter().map(|g| g.cluster).collect();
        assert_eq!(clusters, vec![4, 2, 0]);
        assert!(is_rtl(&glyphs));
        // Joined forms, not the isolated ones the cmap gives.
        let drawn: Vec<u16> = glyphs.iter().rev().map(|g| g.id).collect();
        assert_ne!(drawn[0], isolated[0], "initial seen");
        assert_ne!(drawn[1], isolated[1], "medial kaf");
        assert_ne!(drawn[2], isolated[2], "final reh");
    }

    #[test]
    fn lam_alef_is_one_ligature_glyph() {
        let Some(m) = metrics_with(Face::Arabic) else {
            return;
        };
        // "salt": meem, lam, hah; and "la": lam + alef → one glyph.
        let glyphs = m.glyphs(Face::Arabic, "لا");
        assert_eq!(glyphs.len(), 1, "{glyphs:?}");
        assert_eq!(glyph_texts("لا", &glyphs), vec!["لا"]);
    }

    #[test]
    fn spaces_around_a_right_to_left_word_stay_where_the_line_puts_them() {
        let Some(m) = metrics_with(Face::Arabic) else {
            return;
        };
        let glyphs = m.glyphs(Face::Arabic, " سكر ");
        let clusters: Vec<u32> = glyphs.iter().map(|g| g.cluster).collect();
        assert_eq!(clusters, vec![0, 5, 3, 1, 7]);
        assert!(is_rtl(&glyphs));
    }

    /// Noto Sans Arabic has the ASCII digits, but a digit stays in the Latin face that has
    /// it: an Arabic run holds only Arabic letters and spaces, so the shaper never sets
    /// "100" right to left ("001"); the amounts of a right-to-left table read as written.
    #[test]
    fn digits_beside_arabic_stay_in_a_left_to_right_run() {
        let Some(m) = metrics_with(Face::Arabic) else {
            return;
        };
        assert!(m.has_glyph(Face::Arabic, '1'), "the Arabic face has digits");
        let runs = m.split(Face::Regular, "الطاقة 100 g");
        assert_eq!(
            runs,
            vec![
                (Face::Arabic, "الطاقة ".to_owned()),
                (Face::Regular, "100 g".to_owned())
            ]
        );
        let glyphs = m.glyphs(Face::Regular, "100 g");
        let clusters: Vec<u32> = glyphs.iter().map(|g| g.cluster).collect();
        assert_eq!(clusters, vec![0, 1, 2, 3, 4]);
        assert!(!is_rtl(&glyphs));
    }

    #[test]
    fn hebrew_is_set_right_to_left() {
        let Some(m) = metrics_with(Face::Hebrew) else {
            return;
        };
        let glyphs = m.glyphs(Face::Hebrew, "סוכר");
        let clusters: Vec<u32> = glyphs.iter().map(|g| g.cluster).collect();
        assert_eq!(clusters, vec![6, 4, 2, 0]);
    }

    #[test]
    fn a_thai_mark_sits_on_its_base_with_no_advance() {
        let Some(m) = metrics_with(Face::Thai) else {
            return;
        };
        // "น้ำ" (water): NO NU, MAI THO (a tone mark over it), SARA AM.
        let glyphs = m.glyphs(Face::Thai, "น้ำ");
        assert!(glyphs.iter().all(|g| g.id != 0), "{glyphs:?}");
        let tone = glyphs
            .iter()
            .find(|g| g.cluster == 3)
            .expect("the tone mark");
        assert_eq!(tone.advance, 0, "a mark does not move the pen");
        assert_eq!(glyphs[0].cluster, 0, "left to right: the base first");
    }

    #[test]
    fn unshaped_text_is_one_glyph_per_character() {
        let m = Metrics::get().expect("fonts");
        let glyphs = m.glyphs(Face::Regular, "Fat");
        assert_eq!(glyphs.len(), 3);
        assert_eq!(glyph_texts("Fat", &glyphs), vec!["F", "a", "t"]);
    }
}
