//! `nls`: the nutrition label service and its admin commands.

use clap::Parser;

/// glibc's allocator was a tenth of a cached label-file request (`perf`); mimalloc's
/// thread-local free lists make those small, short-lived allocations cheap.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let cli = nls::cli::Cli::parse();
    nls::telemetry::init(cli.log_format());
    match nls::cli::run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("nls: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
