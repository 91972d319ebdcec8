//! The fuzz targets' bodies (shared with the stable smoke test in tests/api/security.rs).
#[path = "targets.rs"]
pub mod targets;
