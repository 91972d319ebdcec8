//! Embeds every data file under `data/` (formats, regimes, terms, layouts) at compile time:
//! adding a format is adding a JSON file, with no Rust file to touch (see
//! docs/FORMATS_HOWTO.md). Writes `$OUT_DIR/data_files.rs` with one `(kind, name, text)`
//! entry per file, in name order so builds are reproducible.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read at run time: `env!` would bake in the directory the build script was compiled
    // in, and a target directory shared by two worktrees would embed the other tree's data.
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir).join("data");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut out = String::from("/// Every embedded data file: (kind, file name, contents).\n");
    out.push_str("pub(crate) static DATA_FILES: &[(&str, &str, &str)] = &[\n");
    for kind in ["formats", "regimes", "terms"] {
        let dir = root.join(kind);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|entry| entry.ok())
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".json"))
            .collect();
        names.sort();
        for name in names {
            let path = dir.join(&name);
            println!("cargo:rerun-if-changed={}", path.display());
            let _ = writeln!(
                out,
                "    ({kind:?}, {name:?}, include_str!({:?})),",
                path.display().to_string()
            );
        }
    }
    let layouts = root.join("layouts.json");
    println!("cargo:rerun-if-changed={}", layouts.display());
    let _ = writeln!(
        out,
        "    (\"layouts\", \"layouts.json\", include_str!({:?})),",
        layouts.display().to_string()
    );
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("data_files.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
