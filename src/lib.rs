//! The `nls` binary's library: command line, configuration, telemetry and the wiring of
//! the roles into one server (`serve::start`, also used by the tests).
#![forbid(unsafe_code)]

pub mod admin;
pub mod admin_listen;
pub mod app_files;
pub mod cli;
pub mod compression;
pub mod config;
pub mod conn;
pub mod db;
pub mod head_refusal;
pub mod health;
pub mod label_lane;
pub mod metrics;
pub mod openapi;
pub mod serve;
pub mod telemetry;
