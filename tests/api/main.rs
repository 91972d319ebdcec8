//! Integration tests: the real service over HTTP, on real Postgres and NATS. Each test gets
//! its own database and its own JetStream stream and subject prefix.

mod helpers;

mod admin_listen;
mod analyze;
mod app;
mod app_session;
mod audit;
mod auth;
mod backup;
mod bounds;
mod client_limits;
mod columns;
mod connections;
mod drafts;
mod embed;
mod embed_caps;
mod errors;
mod eventlog;
mod export;
mod formats;
mod front_of_pack;
mod graph_race;
mod history_pages;
mod http_details;
mod http_limits;
mod imports;
mod impossible_food;
mod ingredients;
mod labels;
mod languages;
mod limits;
mod metrics;
mod missing_data;
mod openapi;
mod past;
mod recipes;
mod resilience;
mod security;
mod tree_bounds;
mod us_layouts;
mod voluntary;
mod webhooks;
