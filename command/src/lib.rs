//! nls-command
