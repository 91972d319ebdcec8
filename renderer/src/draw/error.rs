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
    /// The PNG would have more pixels than [`super::bounds::MAX_PIXELS`].
    #[error("the PNG would be {width} x {height} pixels; at most {max_pixels} pixels per image")]
    ImageTooLarge {
        /// Pixels across.
        width: u64,
        /// Pixels down, from the laid-out label.
        height: u64,
        /// The cap on `width × height`.
        max_pixels: u64,
    },
    /// The statements are longer than [`super::bounds::MAX_STATEMENT_CHARS`] together.
    #[error(
        "the statements have {chars} characters ({field} the longest); at most {max} per label"
    )]
    StatementTooLong {
        /// The label field holding the longest statement.
        field: &'static str,
        /// Characters of the statements together.
        chars: usize,
        /// The cap.
        max: usize,
    },
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
