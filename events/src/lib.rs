//! nls-events
