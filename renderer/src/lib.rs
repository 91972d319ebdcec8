//! nls-renderer: draws computed nutrition labels (SVG, PNG, PDF).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod draw;
