//! nls-renderer
