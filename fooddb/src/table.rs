//! The compact table format shipped in `data/foods.tsv.gz`.
//!
//! Gzip of UTF-8 text, one record per line, tab-separated:
//!
//! ```text
//! nls-fooddb<TAB>1                                  format name and version
//! nutrients<TAB>water_g<TAB>calories<TAB>...        nutrient columns of F lines, by API key
//! F<TAB>fdc_id<TAB>ndb<TAB>food_group<TAB>description<TAB><one value per nutrient column>
//! P<TAB>amount<TAB>grams<TAB>description            household measure of the preceding F
//! ```
//!
//! An empty nutrient value is unknown. Numbers use Rust's shortest round-trip formatting, foods
//! are in ascending fdc_id order and measures in USDA sequence order, so the same table always
//! gives the same bytes. Text escapes `\\`, `\t` and `\n`. Only USDA data is stored; label names
//! and allergens are derived when the table is loaded, so rule changes need no re-import.

use std::io::{Read, Write};
use std::path::Path;

use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use nls_nutrition::{Nutrient, NutrientAmounts};

use crate::import::{FoodTable, ImportError};
use crate::{Food, Portion};

const FORMAT_NAME: &str = "nls-fooddb";
const FORMAT_VERSION: &str = "1";

/// Nutrient columns written, in this order.
const COLUMNS: [Nutrient; 34] = [
    Nutrient::WaterG,
    Nutrient::Calories,
    Nutrient::ProteinG,
    Nutrient::TotalFatG,
    Nutrient::SaturatedFatG,
    Nutrient::MonounsaturatedFatG,
    Nutrient::PolyunsaturatedFatG,
    Nutrient::TransFatG,
    Nutrient::CholesterolMg,
    Nutrient::TotalCarbohydrateG,
    Nutrient::DietaryFiberG,
    Nutrient::TotalSugarsG,
    Nutrient::CalciumMg,
    Nutrient::IronMg,
    Nutrient::MagnesiumMg,
    Nutrient::PhosphorusMg,
    Nutrient::PotassiumMg,
    Nutrient::SodiumMg,
    Nutrient::ZincMg,
    Nutrient::CopperMg,
    Nutrient::ManganeseMg,
    Nutrient::SeleniumMcg,
    Nutrient::VitaminCMg,
    Nutrient::ThiaminMg,
    Nutrient::RiboflavinMg,
    Nutrient::NiacinMg,
    Nutrient::VitaminB6Mg,
    Nutrient::FolateMcg,
    Nutrient::FolicAcidMcg,
    Nutrient::VitaminB12Mcg,
    Nutrient::VitaminAMcg,
    Nutrient::VitaminEMg,
    Nutrient::VitaminDMcg,
    Nutrient::VitaminKMcg,
];

/// Why a table could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The bytes are not gzip or are truncated.
    #[error("table is not valid gzip: {0}")]
    Decompress(#[source] std::io::Error),
    /// The decompressed table is not UTF-8.
    #[error("table is not UTF-8")]
    NotUtf8,
    /// The first line does not name this format and version.
    #[error("unsupported table format: {found:?} (expected {FORMAT_NAME} {FORMAT_VERSION})")]
    UnsupportedFormat {
        /// The first line as found.
        found: String,
    },
    /// A line is malformed.
    #[error("table line {line}: {message}")]
    BadLine {
        /// 1-based line number in the decompressed text.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// Renders `foods` as the uncompressed table text.
pub fn encode(foods: &[Food]) -> String {
    let mut out = String::with_capacity(foods.len() * 300);
    out.push_str(FORMAT_NAME);
    out.push('\t');
    out.push_str(FORMAT_VERSION);
    out.push_str("\nnutrients");
    for n in COLUMNS {
        out.push('\t');
        out.push_str(n.key());
    }
    out.push('\n');
    for food in foods {
        out.push_str(&format!(
            "F\t{}\t{}\t{}\t{}",
            food.fdc_id,
            escape(&food.ndb),
            escape(&food.food_group),
            escape(&food.description)
        ));
        for n in COLUMNS {
            out.push('\t');
            if let Some(v) = food.nutrients_per_100g.get(n) {
                out.push_str(&v.to_string());
            }
        }
        out.push('\n');
        for p in &food.portions {
            out.push_str(&format!(
                "P\t{}\t{}\t{}\n",
                p.amount,
                p.grams,
                escape(&p.description)
            ));
        }
    }
    out
}

/// Compresses the table text deterministically (fixed level, no file name, zero mtime).
pub fn compress(text: &str) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    // Writing into a Vec cannot fail.
    let _ = encoder.write_all(text.as_bytes());
    encoder.finish().unwrap_or_default()
}

/// Writes `table` to `out` as gzip-compressed table text.
pub fn write_table(table: &FoodTable, out: &Path) -> Result<(), ImportError> {
    std::fs::write(out, compress(&encode(&table.foods))).map_err(|source| ImportError::Write {
        path: out.to_owned(),
        source,
    })
}

/// Decompresses and parses a table; label names and allergens are derived here.
pub fn read_table(gz: &[u8]) -> Result<Vec<Food>, LoadError> {
    let mut bytes = Vec::new();
    GzDecoder::new(gz)
        .read_to_end(&mut bytes)
        .map_err(LoadError::Decompress)?;
    let text = String::from_utf8(bytes).map_err(|_| LoadError::NotUtf8)?;
    decode(&text)
}

/// Parses uncompressed table text.
pub fn decode(text: &str) -> Result<Vec<Food>, LoadError> {
    let mut lines = text.lines().enumerate();
    let first = lines.next().map(|(_, l)| l).unwrap_or("");
    if first != format!("{FORMAT_NAME}\t{FORMAT_VERSION}") {
        return Err(LoadError::UnsupportedFormat {
            found: first.chars().take(80).collect(),
        });
    }
    let bad = |line: usize, message: String| LoadError::BadLine {
        line: line + 1,
        message,
    };
    let (header_no, header) = lines
        .next()
        .ok_or_else(|| bad(1, "missing nutrients header".into()))?;
    let mut header_fields = header.split('\t');
    if header_fields.next() != Some("nutrients") {
        return Err(bad(header_no, "expected the nutrients header".into()));
    }
    let columns = header_fields
        .map(|key| {
            Nutrient::from_key(key).ok_or_else(|| bad(header_no, format!("unknown nutrient {key}")))
        })
        .collect::<Result<Vec<_>, _>>()?;

    let mut foods: Vec<Food> = Vec::with_capacity(8000);
    let mut pending: Option<Food> = None;
    for (no, line) in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields.first().copied() {
            Some("F") => {
                if fields.len() != 5 + columns.len() {
                    return Err(bad(
                        no,
                        format!(
                            "expected {} fields, found {}",
                            5 + columns.len(),
                            fields.len()
                        ),
                    ));
                }
                let fdc_id = fields[1]
                    .parse::<u32>()
                    .map_err(|_| bad(no, format!("bad fdc_id {:?}", fields[1])))?;
                let mut nutrients = NutrientAmounts::default();
                for (n, raw) in columns.iter().zip(&fields[5..]) {
                    if raw.is_empty() {
                        continue;
                    }
                    let v = raw
                        .parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite())
                        .ok_or_else(|| bad(no, format!("bad {} value {raw:?}", n.key())))?;
                    nutrients.set(*n, v);
                }
                if let Some(done) = pending.take() {
                    foods.push(done.finish());
                }
                pending = Some(Food::bare(
                    fdc_id,
                    unescape(fields[2]),
                    unescape(fields[4]),
                    unescape(fields[3]),
                    nutrients,
                ));
            }
            Some("P") => {
                let food = pending
                    .as_mut()
                    .ok_or_else(|| bad(no, "measure before any food".into()))?;
                if fields.len() != 4 {
                    return Err(bad(
                        no,
                        format!("expected 4 fields, found {}", fields.len()),
                    ));
                }
                let num = |raw: &str| {
                    raw.parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite())
                        .ok_or_else(|| bad(no, format!("bad number {raw:?}")))
                };
                food.portions.push(Portion {
                    amount: num(fields[1])?,
                    grams: num(fields[2])?,
                    description: unescape(fields[3]),
                });
            }
            Some("") if fields.len() == 1 => {}
            _ => return Err(bad(no, "unknown record type".into())),
        }
    }
    if let Some(done) = pending.take() {
        foods.push(done.finish());
    }
    Ok(foods)
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('\t', "\\t")
        .replace('\n', "\\n")
}

fn unescape(s: &str) -> String {
    if !s.contains('\\') {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<Food> {
        let mut n = NutrientAmounts::default();
        n.set(Nutrient::Calories, 717.0);
        n.set(Nutrient::TotalFatG, 81.11);
        vec![Food::new(
            173410,
            "01001".into(),
            "Butter, salted\twith\\tab".into(),
            "Dairy and Egg Products".into(),
            n,
            vec![Portion {
                amount: 1.0,
                description: "pat (1\" sq, 1/3\" high)".into(),
                grams: 5.0,
            }],
        )]
    }

    #[test]
    fn a_table_survives_encode_compress_and_read() {
        let foods = sample();
        let gz = compress(&encode(&foods));
        assert_eq!(read_table(&gz).expect("readable"), foods);
    }

    #[test]
    fn unknown_nutrients_stay_unknown_after_a_round_trip() {
        let foods = sample();
        let back = decode(&encode(&foods)).expect("readable");
        assert_eq!(back[0].nutrients_per_100g.get(Nutrient::SodiumMg), None);
    }

    #[test]
    fn a_bad_number_is_reported_with_its_line() {
        let text = encode(&sample()).replace("717", "seven");
        match decode(&text) {
            Err(LoadError::BadLine { line, .. }) => assert_eq!(line, 3),
            other => panic!("expected BadLine, got {other:?}"),
        }
    }

    #[test]
    fn garbage_bytes_are_a_decompress_error() {
        assert!(matches!(
            read_table(b"not gzip"),
            Err(LoadError::Decompress(_))
        ));
    }

    #[test]
    fn another_format_version_is_refused() {
        let text = encode(&sample()).replacen("nls-fooddb\t1", "nls-fooddb\t9", 1);
        assert!(matches!(
            decode(&text),
            Err(LoadError::UnsupportedFormat { .. })
        ));
    }
}
