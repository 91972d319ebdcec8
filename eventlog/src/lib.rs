//! nls-eventlog
