//! `nls`: the nutrition label service and its admin commands.

use clap::Parser;

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
