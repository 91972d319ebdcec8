//! Admin subcommands: one file each.

pub mod account;
pub mod fooddb;
pub mod key;
pub mod replay;
pub mod stream;
