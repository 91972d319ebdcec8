//! Script fonts too large to commit, read once at start-up from the Debian packages that
//! `scripts/test.sh` and `scripts/run.sh` install (`bash scripts/services.sh apt-install
//! fonts-noto-core fonts-droid-fallback fonts-nanum`): Noto Sans Arabic, Hebrew and Thai
//! (SIL OFL 1.1, fonts-noto-core), Droid Sans Fallback for Chinese and Japanese (Apache 2.0,
//! fonts-droid-fallback) and Nanum Gothic for Korean (SIL OFL 1.1, fonts-nanum). All have
//! TrueType outlines, so a PDF can embed a subset of them (`subset.rs`); Noto Sans CJK's CFF
//! outlines could not be subset with what this crate has. `NLS_SCRIPT_FONT_DIR` names one directory holding the
//! same file names instead. An absent file is not an error: its characters come out as
//! missing glyphs, which the formats test reports with [`ScriptFont::help`].

use std::path::PathBuf;
use std::sync::OnceLock;

use super::fonts::Face;

/// Where a script face's file is installed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ScriptFont {
    face: Face,
    package: &'static str,
    dir: &'static str,
    file: &'static str,
}

const NOTO: &str = "/usr/share/fonts/truetype/noto";
const DROID: &str = "/usr/share/fonts/truetype/droid";

const NANUM: &str = "/usr/share/fonts/truetype/nanum";

const FONTS: [ScriptFont; 9] = [
    ScriptFont::new(
        Face::Arabic,
        "fonts-noto-core",
        NOTO,
        "NotoSansArabic-Regular.ttf",
    ),
    ScriptFont::new(
        Face::ArabicBold,
        "fonts-noto-core",
        NOTO,
        "NotoSansArabic-Bold.ttf",
    ),
    ScriptFont::new(
        Face::Hebrew,
        "fonts-noto-core",
        NOTO,
        "NotoSansHebrew-Regular.ttf",
    ),
    ScriptFont::new(
        Face::HebrewBold,
        "fonts-noto-core",
        NOTO,
        "NotoSansHebrew-Bold.ttf",
    ),
    ScriptFont::new(
        Face::Thai,
        "fonts-noto-core",
        NOTO,
        "NotoSansThai-Regular.ttf",
    ),
    ScriptFont::new(
        Face::ThaiBold,
        "fonts-noto-core",
        NOTO,
        "NotoSansThai-Bold.ttf",
    ),
    ScriptFont::new(
        Face::Cjk,
        "fonts-droid-fallback",
        DROID,
        "DroidSansFallbackFull.ttf",
    ),
    ScriptFont::new(Face::Hangul, "fonts-nanum", NANUM, "NanumGothic.ttf"),
    ScriptFont::new(
        Face::HangulBold,
        "fonts-nanum",
        NANUM,
        "NanumGothicBold.ttf",
    ),
];

/// The files' bytes, read once (leaked: they live as long as the process, as bundled ones).
static LOADED: OnceLock<Vec<Option<&'static [u8]>>> = OnceLock::new();

/// The environment variable naming a directory that holds the script font files.
pub const FONT_DIR_VAR: &str = "NLS_SCRIPT_FONT_DIR";

impl ScriptFont {
    const fn new(face: Face, package: &'static str, dir: &'static str, file: &'static str) -> Self {
        ScriptFont {
            face,
            package,
            dir,
            file,
        }
    }

    /// The script font of `face`, if `face` is a script face.
    pub(crate) fn of(face: Face) -> Option<ScriptFont> {
        FONTS.iter().copied().find(|f| f.face == face)
    }

    fn path(&self) -> PathBuf {
        match std::env::var_os(FONT_DIR_VAR) {
            Some(dir) if !dir.is_empty() => PathBuf::from(dir).join(self.file),
            _ => PathBuf::from(self.dir).join(self.file),
        }
    }

    /// The font file's bytes, or `None` when it is not installed (or not a font).
    pub(crate) fn bytes(&self) -> Option<&'static [u8]> {
        let loaded = LOADED.get_or_init(|| {
            FONTS
                .iter()
                .map(|f| {
                    let bytes = std::fs::read(f.path()).ok()?;
                    // A file that does not parse counts as absent rather than failing later.
                    ttf_parser::Face::parse(&bytes, 0).ok()?;
                    Some(&*Box::leak(bytes.into_boxed_slice()))
                })
                .collect()
        });
        let i = FONTS.iter().position(|f| f.face == self.face)?;
        loaded.get(i).copied().flatten()
    }

    /// How to get this font: the package and the path looked at.
    pub(crate) fn help(&self) -> String {
        format!(
            "{} not found; install it with `bash scripts/services.sh apt-install {}` or set {} \
             to a directory holding {}",
            self.path().display(),
            self.package,
            FONT_DIR_VAR,
            self.file
        )
    }
}

/// What is missing among the script fonts, one line per absent file (empty when all are
/// installed): for start-up logs and test skip messages.
pub fn script_fonts_missing() -> Vec<String> {
    FONTS
        .iter()
        .filter(|f| f.bytes().is_none())
        .map(|f| f.help())
        .collect()
}
