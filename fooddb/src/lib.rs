//! nls-fooddb
