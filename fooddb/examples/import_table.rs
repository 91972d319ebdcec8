//! Regenerates the committed table until `nls fooddb import` is wired:
//! `cargo run --release -p nls-fooddb --example import_table -- <usda-dir> data/foods.tsv.gz`
//! where `<usda-dir>` holds the USDA downloads listed in `src/import.rs`.

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [source, out] = args.as_slice() else {
        eprintln!("usage: import_table <usda-source-dir> <out.tsv.gz>");
        return ExitCode::from(2);
    };
    match nls_fooddb::import_to_file(Path::new(source), Path::new(out)) {
        Ok(stats) => {
            println!("{stats:?}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("import failed: {e}");
            ExitCode::FAILURE
        }
    }
}
