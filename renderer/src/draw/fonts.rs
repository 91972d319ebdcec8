//! The bundled typefaces: Libre Franklin (SIL OFL 1.1, `assets/fonts/OFL.txt`) for the text,
//! and a subset of Noto Sans (SIL OFL 1.1, `assets/fonts/NotoSans-OFL.txt`: Latin, Greek,
//! Cyrillic) as the fallback for each character Libre Franklin lacks. Bytes compiled into the
//! binary, advance-width metrics for layout (per character, from the face that draws it), and
//! the font database for rasterising. Arabic, Hebrew, Thai, Chinese, Japanese and Korean come
//! from script faces loaded at start-up from Debian packages (`script_fonts.rs`), looked up
//! after the fallback; Arabic, Hebrew and Thai runs are shaped (`shape.rs`). A scene's text
//! is split into runs of one face ([`Metrics::split`]) before any writer sees it, so SVG, PNG
//! and PDF draw each glyph from the same face.

use std::sync::{Arc, OnceLock};

use resvg::usvg::fontdb;

use super::png::GlyphCache;
use super::RenderError;

/// The family name every face declares (typographic family, name ID 16).
pub(crate) const FAMILY: &str = "Libre Franklin";

/// What the SVG asks for: the bundled family first, look-alikes for viewers without it.
pub(crate) const FAMILY_LIST: &str =
    "'Libre Franklin', 'Franklin Gothic', 'Helvetica Neue', Helvetica, Arial, sans-serif";

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/LibreFranklin-Regular.ttf");
static ITALIC: &[u8] = include_bytes!("../../assets/fonts/LibreFranklin-Italic.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/LibreFranklin-Bold.ttf");
static BLACK: &[u8] = include_bytes!("../../assets/fonts/LibreFranklin-Black.ttf");
static SANS: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular.ttf");
static SANS_BOLD: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Bold.ttf");

/// The fallback family (Greek, Cyrillic and other Latin letters Libre Franklin lacks).
pub(crate) const FALLBACK_FAMILY: &str = "Noto Sans";

/// What the SVG asks for where a run is set in the fallback.
pub(crate) const FALLBACK_FAMILY_LIST: &str = "'Noto Sans', 'DejaVu Sans', Arial, sans-serif";

/// One face: bundled (Libre Franklin, the Noto Sans subset) or a script face loaded at
/// start-up from an installed package ([`super::script_fonts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Face {
    /// 400 upright.
    Regular,
    /// 400 italic (the "Trans" of "Trans Fat", 101.9(c)(2)(ii)).
    Italic,
    /// 700 upright.
    Bold,
    /// 900 upright (headings, calories).
    Black,
    /// Noto Sans 400: the fallback of Regular and Italic.
    Sans,
    /// Noto Sans 700: the fallback of Bold and Black.
    SansBold,
    /// Noto Sans Arabic 400 (shaped, right to left).
    Arabic,
    /// Noto Sans Arabic 700.
    ArabicBold,
    /// Noto Sans Hebrew 400 (right to left).
    Hebrew,
    /// Noto Sans Hebrew 700.
    HebrewBold,
    /// Noto Sans Thai 400 (shaped: combining marks).
    Thai,
    /// Noto Sans Thai 700.
    ThaiBold,
    /// Droid Sans Fallback (Chinese characters, Japanese kana; one weight).
    Cjk,
    /// Nanum Gothic 400 (Korean Hangul, which Droid Sans Fallback lacks).
    Hangul,
    /// Nanum Gothic 700.
    HangulBold,
}

impl Face {
    pub(crate) const ALL: [Face; 6] = [
        Face::Regular,
        Face::Italic,
        Face::Bold,
        Face::Black,
        Face::Sans,
        Face::SansBold,
    ];

    /// Script faces, loaded from the system at start-up; also the order in which a character
    /// no bundled face has is looked up.
    /// Droid Sans Fallback comes before Nanum Gothic: Chinese text keeps one design even
    /// for the Han characters Nanum Gothic also has.
    pub(crate) const SCRIPTS: [Face; 9] = [
        Face::Arabic,
        Face::ArabicBold,
        Face::Hebrew,
        Face::HebrewBold,
        Face::Thai,
        Face::ThaiBold,
        Face::Cjk,
        Face::Hangul,
        Face::HangulBold,
    ];

    /// Every face, bundled then script, in index order: [`Face::ALL`] then
    /// [`Face::SCRIPTS`], joined here so the three lists cannot drift apart.
    pub(crate) const EVERY: [Face; Face::ALL.len() + Face::SCRIPTS.len()] = {
        let mut every = [Face::Regular; Face::ALL.len() + Face::SCRIPTS.len()];
        let mut i = 0;
        while i < every.len() {
            every[i] = if i < Face::ALL.len() {
                Face::ALL[i]
            } else {
                Face::SCRIPTS[i - Face::ALL.len()]
            };
            i += 1;
        }
        every
    };

    /// The face's font file: bundled bytes, or the installed script font (Noto Sans's bytes
    /// stand in for an absent one, which then reports no glyph: see [`Metrics::has_glyph`]).
    pub(crate) fn bytes(self) -> &'static [u8] {
        if let Some(script) = super::script_fonts::ScriptFont::of(self) {
            return script.bytes().unwrap_or(SANS);
        }
        match self {
            Face::Regular => REGULAR,
            Face::Italic => ITALIC,
            Face::Bold => BOLD,
            Face::Black => BLACK,
            Face::Sans => SANS,
            Face::SansBold => SANS_BOLD,
            _ => SANS,
        }
    }

    /// Whether this face is one of the script faces ([`Face::SCRIPTS`]).
    pub(crate) fn is_script(self) -> bool {
        Face::SCRIPTS.contains(&self)
    }

    /// Whether text in this face is shaped (contextual forms, ligatures, mark positioning,
    /// right-to-left order) rather than set one glyph per character.
    pub(crate) fn shapes(self) -> bool {
        matches!(
            self,
            Face::Arabic
                | Face::ArabicBold
                | Face::Hebrew
                | Face::HebrewBold
                | Face::Thai
                | Face::ThaiBold
        )
    }

    /// Whether this is a heavy face (a script character keeps the weight: bold script face).
    fn heavy(self) -> bool {
        matches!(
            self,
            Face::Bold
                | Face::Black
                | Face::SansBold
                | Face::ArabicBold
                | Face::HebrewBold
                | Face::ThaiBold
                | Face::HangulBold
        )
    }

    /// What the SVG names as the family of a run in this face.
    pub(crate) fn family_list(self) -> &'static str {
        match self {
            Face::Regular | Face::Italic | Face::Bold | Face::Black => FAMILY_LIST,
            Face::Sans | Face::SansBold => FALLBACK_FAMILY_LIST,
            Face::Arabic | Face::ArabicBold => {
                "'Noto Sans Arabic', 'Noto Naskh Arabic', sans-serif"
            }
            Face::Hebrew | Face::HebrewBold => "'Noto Sans Hebrew', 'Arial Hebrew', sans-serif",
            Face::Thai | Face::ThaiBold => "'Noto Sans Thai', Tahoma, sans-serif",
            Face::Cjk => {
                "'Droid Sans Fallback', 'Noto Sans CJK SC', 'Noto Sans CJK JP', sans-serif"
            }
            Face::Hangul | Face::HangulBold => "'NanumGothic', 'Noto Sans CJK KR', sans-serif",
        }
    }

    /// The face that draws what this one lacks.
    pub(crate) fn fallback(self) -> Face {
        match self {
            Face::Regular | Face::Italic | Face::Sans => Face::Sans,
            Face::Bold | Face::Black | Face::SansBold => Face::SansBold,
            f if f.heavy() => Face::SansBold,
            _ => Face::Sans,
        }
    }

    /// Whether this is a fallback face (another family).
    pub(crate) fn is_fallback(self) -> bool {
        matches!(self, Face::Sans | Face::SansBold)
    }

    /// CSS `font-weight`.
    pub(crate) fn weight(self) -> u16 {
        match self {
            Face::Black => 900,
            f if f.heavy() => 700,
            _ => 400,
        }
    }

    pub(crate) fn italic(self) -> bool {
        self == Face::Italic
    }

    fn index(self) -> usize {
        match self {
            Face::Regular => 0,
            Face::Italic => 1,
            Face::Bold => 2,
            Face::Black => 3,
            Face::Sans => 4,
            Face::SansBold => 5,
            Face::Arabic => 6,
            Face::ArabicBold => 7,
            Face::Hebrew => 8,
            Face::HebrewBold => 9,
            Face::Thai => 10,
            Face::ThaiBold => 11,
            Face::Cjk => 12,
            Face::Hangul => 13,
            Face::HangulBold => 14,
        }
    }
}

/// Horizontal metrics of every face, parsed once per process.
pub(crate) struct Metrics {
    faces: Vec<ttf_parser::Face<'static>>,
    /// Whether each face's font is there (a script font whose package is absent is not).
    present: Vec<bool>,
    /// Shaping faces (rustybuzz) of the faces that [`Face::shapes`].
    shapers: Vec<Option<rustybuzz::Face<'static>>>,
}

static METRICS: OnceLock<Result<Metrics, String>> = OnceLock::new();

impl Metrics {
    /// The process-wide metrics; fails only if a bundled font is corrupt. An absent script
    /// font is no error here: its characters are reported by `missing_glyphs`.
    pub(crate) fn get() -> Result<&'static Metrics, RenderError> {
        METRICS
            .get_or_init(|| {
                let faces = Face::EVERY
                    .iter()
                    .map(|f| {
                        ttf_parser::Face::parse(f.bytes(), 0).map_err(|e| format!("{f:?}: {e}"))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let present = Face::EVERY
                    .iter()
                    .map(|f| match super::script_fonts::ScriptFont::of(*f) {
                        Some(script) => script.bytes().is_some(),
                        None => true,
                    })
                    .collect::<Vec<_>>();
                let shapers = Face::EVERY
                    .iter()
                    .zip(&present)
                    .map(|(f, here)| {
                        (f.shapes() && *here)
                            .then(|| rustybuzz::Face::from_slice(f.bytes(), 0))
                            .flatten()
                    })
                    .collect();
                Ok(Metrics {
                    faces,
                    present,
                    shapers,
                })
            })
            .as_ref()
            .map_err(|e| RenderError::Font(e.clone()))
    }

    /// Advance width of `text` set in `face` at `size` (user units), without kerning: the
    /// SVG sets `font-kerning: none` and the PDF writes plain glyph runs, so all three outputs
    /// agree with this number. A character `face` lacks is measured in the face that draws it
    /// ([`Metrics::drawn_in`]); one no face has counts as `face`'s `.notdef` advance. Runs in
    /// a shaping face are measured as shaped (their glyphs, not their characters).
    pub(crate) fn width(&self, face: Face, size: f32, text: &str) -> f32 {
        // Integer font units per face, scaled once each (the same float as a single-face sum).
        let (mut own, mut other) = (0u32, 0u32);
        let mut scripts = [0u32; Face::EVERY.len()];
        let fallback = face.fallback();
        let mut run = String::new();
        let mut run_face = face;
        let flush = |run: &mut String, run_face: Face, scripts: &mut [u32]| {
            if !run.is_empty() {
                scripts[run_face.index()] += self.shaped_units(run_face, run);
                run.clear();
            }
        };
        // A space is measured in the face of the character before it, as [`Metrics::split`]
        // draws it.
        let mut prev: Option<Face> = None;
        for c in text.chars() {
            let drawn = match prev {
                Some(p) if c.is_whitespace() => p,
                _ => self.drawn_in(face, c),
            };
            prev = Some(drawn);
            if drawn.shapes() {
                if drawn != run_face {
                    flush(&mut run, run_face, &mut scripts);
                    run_face = drawn;
                }
                run.push(c);
                continue;
            }
            flush(&mut run, run_face, &mut scripts);
            let f = &self.faces[drawn.index()];
            let g = f.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
            let advance = u32::from(f.glyph_hor_advance(g).unwrap_or(0));
            if drawn == face {
                own += advance;
            } else if drawn == fallback {
                other += advance;
            } else {
                scripts[drawn.index()] += advance;
            }
        }
        flush(&mut run, run_face, &mut scripts);
        let upem = |f: Face| f32::from(self.faces[f.index()].units_per_em());
        if face.shapes() {
            own += scripts[face.index()];
            scripts[face.index()] = 0;
        }
        let mut width = own as f32 * size / upem(face);
        if other > 0 {
            width += other as f32 * size / upem(fallback);
        }
        for f in Face::SCRIPTS {
            let units = scripts[f.index()];
            if units > 0 {
                width += units as f32 * size / upem(f);
            }
        }
        width
    }

    /// The advance of `text` shaped in `face`, in font units.
    fn shaped_units(&self, face: Face, text: &str) -> u32 {
        self.glyphs(face, text)
            .iter()
            .map(|g| g.advance.max(0) as u32)
            .sum()
    }

    /// `text` set in `face` as positioned glyphs in visual order (left to right): shaped in
    /// a shaping face, one glyph per character with its advance otherwise.
    pub(crate) fn glyphs(&self, face: Face, text: &str) -> Vec<super::shape::Glyph> {
        match &self.shapers[face.index()] {
            Some(shaper) => super::shape::shape_in_line(shaper, &self.faces[face.index()], text),
            None => super::shape::unshaped(&self.faces[face.index()], text),
        }
    }

    /// Whether `face` has a glyph for `c`.
    pub(crate) fn has_glyph(&self, face: Face, c: char) -> bool {
        self.present[face.index()]
            && self.faces[face.index()]
                .glyph_index(c)
                .is_some_and(|g| g.0 != 0)
    }

    /// Whether `face`'s font is there (an absent script package leaves it out).
    #[cfg(test)]
    pub(crate) fn is_present(&self, face: Face) -> bool {
        self.present[face.index()]
    }

    /// The face that draws `c` for text set in `face`: `face` itself, else its fallback when
    /// that has the glyph, else the first script face of the same weight that has it, else
    /// `face` (its `.notdef`). Spaces and controls stay in `face`.
    /// Greek letters are always drawn in the fallback when it has them: Libre Franklin has
    /// only the few a formula uses (π, μ), and a word must not mix two designs.
    pub(crate) fn drawn_in(&self, face: Face, c: char) -> Face {
        let greek = matches!(u32::from(c), 0x0370..=0x03FF | 0x1F00..=0x1FFF);
        if ((face.is_fallback() || face.is_script() || !greek) && self.has_glyph(face, c))
            || c.is_whitespace()
        {
            return face;
        }
        let fallback = face.fallback();
        if self.has_glyph(fallback, c) {
            return fallback;
        }
        let heavy = face.heavy();
        Face::SCRIPTS
            .into_iter()
            .filter(|s| s.heavy() == heavy || *s == Face::Cjk)
            .find(|s| self.has_glyph(*s, c))
            .unwrap_or(face)
    }
    /// `text` set in `face` as runs of one face each (the fallback where `face` lacks a glyph).
    pub(crate) fn split(&self, face: Face, text: &str) -> Vec<(Face, String)> {
        let mut runs: Vec<(Face, String)> = Vec::new();
        for c in text.chars() {
            let f = match runs.last() {
                // A space continues the run it is in.
                Some((last, _)) if c.is_whitespace() => *last,
                _ => self.drawn_in(face, c),
            };
            match runs.last_mut() {
                Some((last, run)) if *last == f => run.push(c),
                _ => runs.push((f, c.to_string())),
            }
        }
        runs
    }

    /// The parsed face (for PDF embedding).
    pub(crate) fn face(&self, face: Face) -> &ttf_parser::Face<'static> {
        &self.faces[face.index()]
    }

    /// Capital height as a fraction of the font size.
    pub(crate) fn cap_height(&self, face: Face) -> f32 {
        let f = &self.faces[face.index()];
        let cap = f.capital_height().unwrap_or(f.ascender());
        f32::from(cap) / f32::from(f.units_per_em())
    }
}

/// The bundled fonts, loaded once by the caller and shared (`&Fonts` or a clone: cheap, the
/// database and the glyph cache sit behind `Arc`s). Used to rasterise (PNG) and embed (PDF);
/// never touches the system's fonts. Clones share one cache of rasterised glyphs (bounded).
#[derive(Clone)]
pub struct Fonts {
    pub(crate) db: Arc<fontdb::Database>,
    pub(crate) glyphs: Arc<GlyphCache>,
}

impl std::fmt::Debug for Fonts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fonts")
            .field("family", &FAMILY)
            .field("faces", &self.db.len())
            .field("cached_glyphs", &self.glyphs.len())
            .finish()
    }
}

impl Fonts {
    /// Loads the bundled faces: Libre Franklin regular, italic, bold, black, and the Noto Sans
    /// regular and bold fallbacks.
    ///
    /// Fails with [`RenderError::Font`] only if a bundled file is corrupt.
    pub fn bundled() -> Result<Fonts, RenderError> {
        Metrics::get()?;
        let mut db = fontdb::Database::new();
        for face in Face::ALL {
            db.load_font_data(face.bytes().to_vec());
        }
        if db.len() != Face::ALL.len() {
            return Err(RenderError::Font(format!(
                "expected {} faces, loaded {}",
                Face::ALL.len(),
                db.len()
            )));
        }
        let families_ok = db.faces().all(|f| {
            f.families
                .iter()
                .any(|(name, _)| name == FAMILY || name == FALLBACK_FAMILY)
        });
        if !families_ok {
            return Err(RenderError::Font(format!(
                "a bundled face does not declare the family {FAMILY}"
            )));
        }
        Ok(Fonts {
            db: Arc::new(db),
            glyphs: Arc::new(GlyphCache::default()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_character_is_drawn_by_the_script_face_of_its_weight() {
        let m = Metrics::get().expect("fonts");
        assert_eq!(m.drawn_in(Face::Regular, 'a'), Face::Regular);
        assert_eq!(
            m.drawn_in(Face::Bold, 'α'),
            Face::SansBold,
            "Greek: Noto Sans"
        );
        if !Face::SCRIPTS.iter().all(|f| m.is_present(*f)) {
            eprintln!(
                "SKIP: {:?}",
                super::super::script_fonts::script_fonts_missing()
            );
            return;
        }
        let cases = [
            (Face::Regular, 'ش', Face::Arabic),
            (Face::Black, 'ش', Face::ArabicBold),
            (Face::Italic, 'ש', Face::Hebrew),
            (Face::Bold, 'ש', Face::HebrewBold),
            (Face::Regular, 'ก', Face::Thai),
            (Face::Bold, 'ก', Face::ThaiBold),
            // One weight of Droid Sans Fallback: bold Chinese is drawn regular.
            (Face::Regular, '中', Face::Cjk),
            (Face::Bold, '中', Face::Cjk),
            (Face::Regular, 'の', Face::Cjk),
            (Face::Regular, '한', Face::Hangul),
            (Face::Bold, '한', Face::HangulBold),
        ];
        for (face, c, want) in cases {
            assert_eq!(m.drawn_in(face, c), want, "{c} in {face:?}");
        }
        // Once in a script face, a space stays in it (one run per phrase).
        assert_eq!(m.drawn_in(Face::Arabic, ' '), Face::Arabic);
    }

    #[test]
    fn a_run_in_a_shaping_face_is_measured_as_shaped() {
        let m = Metrics::get().expect("fonts");
        if !m.is_present(Face::Arabic) {
            return;
        }
        // Joined forms are narrower than the isolated letters side by side.
        let word = "سكر";
        let shaped = m.width(Face::Arabic, 10.0, word);
        let isolated: f32 = word
            .chars()
            .map(|c| {
                let f = m.face(Face::Arabic);
                let g = f.glyph_index(c).expect("glyph");
                f32::from(f.glyph_hor_advance(g).unwrap_or(0)) * 10.0 / f32::from(f.units_per_em())
            })
            .sum();
        assert!(shaped > 0.0 && shaped < isolated, "{shaped} vs {isolated}");
        // The same whether measured from the Latin face (the fallback chain) or its own.
        assert_eq!(m.width(Face::Regular, 10.0, word), shaped);
    }

    #[test]
    fn a_space_is_measured_in_the_face_that_draws_it() {
        let m = Metrics::get().expect("fonts");
        if !m.is_present(Face::Cjk) {
            return;
        }
        // `split` sets the space after a Chinese word in the CJK face; `width` agrees with it.
        let text = "能量 8kJ";
        let runs = m.split(Face::Regular, text);
        assert_eq!(runs[0], (Face::Cjk, "能量 ".to_owned()));
        let drawn: f32 = runs.iter().map(|(f, t)| m.width(*f, 10.0, t)).sum();
        assert_eq!(m.width(Face::Regular, 10.0, text), drawn);
        assert!(
            m.width(Face::Regular, 10.0, "能量 ")
                > m.width(Face::Regular, 10.0, "能量") + m.width(Face::Regular, 10.0, " "),
            "the CJK face's space is the wider one"
        );
    }
}
