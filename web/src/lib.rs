//! nls-web
