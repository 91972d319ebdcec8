//! Bad input files are reported with their line numbers instead of panicking.

use std::fs;
use std::path::{Path, PathBuf};

use nls_fooddb::{import, ImportError};

/// Copies the small USDA files into a scratch folder, replacing one with `bad` content.
fn scratch_with(name: &str, relative: &str, bad: &str) -> Option<PathBuf> {
    let source = Path::new("/work/shared/fooddb");
    if !source.exists() {
        println!("note: /work/shared/fooddb is absent; skipping");
        return None;
    }
    let dir = std::env::temp_dir().join(format!("nls-fooddb-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for file in [
        "sr_legacy_2018-04/food.csv",
        "sr_legacy_2018-04/food_category.csv",
        "sr_legacy_2018-04/sr_legacy_food.csv",
        "sr_legacy_2018-04/food_portion.csv",
        "sr_legacy_2018-04/measure_unit.csv",
        "sr28_abbrev/ABBREV.txt",
        "sr24_trans_fat.csv",
    ] {
        let to = dir.join(file);
        fs::create_dir_all(to.parent().expect("has a parent")).expect("mkdir");
        fs::copy(source.join(file), &to).expect("copy");
    }
    fs::write(dir.join(relative), bad).expect("write bad file");
    Some(dir)
}

#[test]
fn a_malformed_abbrev_line_is_reported_with_its_number() {
    let Some(dir) = scratch_with(
        "abbrev",
        "sr28_abbrev/ABBREV.txt",
        "~01001~^~BUTTER~^15.87\n",
    ) else {
        return;
    };
    match import(&dir) {
        Err(ImportError::Malformed { line, .. }) => assert_eq!(line, 1),
        other => panic!("expected Malformed, got {other:?}"),
    }
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_bad_number_in_a_csv_is_reported_with_its_line() {
    let Some(dir) = scratch_with(
        "portion",
        "sr_legacy_2018-04/food_portion.csv",
        "\"id\",\"fdc_id\",\"seq_num\",\"amount\",\"measure_unit_id\",\"portion_description\",\"modifier\",\"gram_weight\"\n\"1\",\"173410\",\"1\",\"1\",\"9999\",\"\",\"tbsp\",\"heavy\"\n",
    ) else {
        return;
    };
    match import(&dir) {
        Err(ImportError::Malformed { line, message, .. }) => {
            assert_eq!(line, 2);
            assert!(message.contains("gram_weight"), "{message}");
        }
        other => panic!("expected Malformed, got {other:?}"),
    }
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_missing_column_is_named() {
    let Some(dir) = scratch_with("column", "sr24_trans_fat.csv", "ndb,value\n01001,3\n") else {
        return;
    };
    assert!(matches!(
        import(&dir),
        Err(ImportError::MissingColumn {
            column: "trans_fat_g_per_100g",
            ..
        })
    ));
    let _ = fs::remove_dir_all(dir);
}
