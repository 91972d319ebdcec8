//! nls-projector
