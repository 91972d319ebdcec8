//! nls-query
