//! The bundled typeface (Libre Franklin, SIL OFL 1.1, `assets/fonts/OFL.txt`): bytes compiled
//! into the binary, advance-width metrics for layout, and the font database for rasterising.

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

/// One bundled face.
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
}

impl Face {
    pub(crate) const ALL: [Face; 4] = [Face::Regular, Face::Italic, Face::Bold, Face::Black];

    pub(crate) fn bytes(self) -> &'static [u8] {
        match self {
            Face::Regular => REGULAR,
            Face::Italic => ITALIC,
            Face::Bold => BOLD,
            Face::Black => BLACK,
        }
    }

    /// CSS `font-weight`.
    pub(crate) fn weight(self) -> u16 {
        match self {
            Face::Regular | Face::Italic => 400,
            Face::Bold => 700,
            Face::Black => 900,
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
        }
    }
}

/// Horizontal metrics of the bundled faces, parsed once per process.
pub(crate) struct Metrics {
    faces: Vec<ttf_parser::Face<'static>>,
}

static METRICS: OnceLock<Result<Metrics, String>> = OnceLock::new();

impl Metrics {
    /// The process-wide metrics; fails only if a bundled font is corrupt.
    pub(crate) fn get() -> Result<&'static Metrics, RenderError> {
        METRICS
            .get_or_init(|| {
                let faces = Face::ALL
                    .iter()
                    .map(|f| {
                        ttf_parser::Face::parse(f.bytes(), 0).map_err(|e| format!("{f:?}: {e}"))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Metrics { faces })
            })
            .as_ref()
            .map_err(|e| RenderError::Font(e.clone()))
    }

    /// Advance width of `text` set in `face` at `size` (user units), without kerning: the
    /// SVG sets `font-kerning: none` and the PDF writes plain glyph runs, so all three outputs
    /// agree with this number. Characters the font lacks count as its `.notdef` advance.
    pub(crate) fn width(&self, face: Face, size: f32, text: &str) -> f32 {
        let f = &self.faces[face.index()];
        let units: u32 = text
            .chars()
            .map(|c| {
                let g = f.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
                u32::from(f.glyph_hor_advance(g).unwrap_or(0))
            })
            .sum();
        units as f32 * size / f32::from(f.units_per_em())
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
    /// Loads the four bundled Libre Franklin faces (regular, italic, bold, black).
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
        let families_ok = db
            .faces()
            .all(|f| f.families.iter().any(|(name, _)| name == FAMILY));
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
