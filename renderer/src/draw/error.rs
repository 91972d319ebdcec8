//! The renderer's one error type.

/// Why a label could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The label's format id is unknown, or its family has no layout.
    #[error("unsupported label format `{0}`")]
    UnsupportedFormat(String),
    /// Width or scale out of range, or not finite.
    #[error("invalid render options: {0}")]
    InvalidOptions(String),
    /// A bundled font could not be parsed (a build defect, not an input error).
    #[error("bundled font: {0}")]
    Font(String),
    /// The generated SVG was refused by usvg.
    #[error("svg: {0}")]
    Svg(String),
    /// Rasterising or PNG encoding failed.
    #[error("png: {0}")]
    Png(String),
    /// PDF generation failed.
    #[error("pdf: {0}")]
    Pdf(String),
}
