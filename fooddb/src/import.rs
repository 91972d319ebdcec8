//! Builds the food table from the USDA release files (FoodData Central SR Legacy, April 2018,
//! with the SR28 abbreviated file and the SR24 trans-fat table), in the layout below.
//!
//! Sources, joined on fdc_id and the 5-digit NDB number:
//! - `sr_legacy_2018-04/food.csv`: fdc_id, official description, category id;
//! - `sr_legacy_2018-04/sr_legacy_food.csv`: the official fdc_id -> NDB crosswalk;
//! - `sr_legacy_2018-04/food_category.csv`: category names;
//! - `sr_legacy_2018-04/food_portion.csv` and `measure_unit.csv`: household measures;
//! - `sr28_abbrev/ABBREV.txt`: nutrients per 100 g (SR Legacy ships no `food_nutrient.csv`);
//! - `sr24_trans_fat.csv`: trans fat per 100 g (ABBREV has no trans-fat column).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use nls_nutrition::{Nutrient, NutrientAmounts};

use crate::csv;
use crate::{Food, Portion};

/// What went wrong while reading the USDA files or writing the table.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// A source file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O failure.
        source: std::io::Error,
    },
    /// A source file is not valid UTF-8 (the CSV files) or not well-formed.
    #[error("{path}:{line}: {message}")]
    Malformed {
        /// The file.
        path: PathBuf,
        /// 1-based line number of the offending record (0 for the whole file).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A CSV file lacks a column the importer needs.
    #[error("{path}: missing column `{column}`")]
    MissingColumn {
        /// The file.
        path: PathBuf,
        /// The column name.
        column: &'static str,
    },
    /// The table could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The output file.
        path: PathBuf,
        /// The I/O failure.
        source: std::io::Error,
    },
}

/// Counts reported by an import.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ImportStats {
    /// SR Legacy foods in the table.
    pub foods_written: usize,
    /// SR Legacy foods skipped because ABBREV has no nutrient row for them.
    pub skipped_without_nutrients: usize,
    /// ABBREV rows whose NDB number is not an SR Legacy food (dropped before SR Legacy).
    pub abbrev_rows_unmatched: usize,
    /// Foods in the table with a trans-fat value from SR24.
    pub with_trans_fat: usize,
    /// Household measures in the table (all foods).
    pub portions: usize,
    /// Of those, measures taken from ABBREV `GmWt_1`/`GmWt_2` because `food_portion.csv`
    /// has none for the food.
    pub portions_from_abbrev: usize,
}

/// The result of an import: foods sorted by fdc_id, plus counts.
#[derive(Debug, Clone, PartialEq)]
pub struct FoodTable {
    /// Every imported food, ascending fdc_id.
    pub foods: Vec<Food>,
    /// What the import did.
    pub stats: ImportStats,
}

/// ABBREV columns (0-based field index) that map one-to-one onto a [`Nutrient`].
/// Folate is derived separately (see [`folate_dfe`]); folic acid is its own column too.
const ABBREV_NUTRIENTS: [(usize, Nutrient); 30] = [
    (2, Nutrient::WaterG),
    (3, Nutrient::Calories),
    (4, Nutrient::ProteinG),
    (5, Nutrient::TotalFatG),
    (7, Nutrient::TotalCarbohydrateG),
    (8, Nutrient::DietaryFiberG),
    (9, Nutrient::TotalSugarsG),
    (10, Nutrient::CalciumMg),
    (11, Nutrient::IronMg),
    (12, Nutrient::MagnesiumMg),
    (13, Nutrient::PhosphorusMg),
    (14, Nutrient::PotassiumMg),
    (15, Nutrient::SodiumMg),
    (16, Nutrient::ZincMg),
    (17, Nutrient::CopperMg),
    (18, Nutrient::ManganeseMg),
    (19, Nutrient::SeleniumMcg),
    (20, Nutrient::VitaminCMg),
    (21, Nutrient::ThiaminMg),
    (22, Nutrient::RiboflavinMg),
    (23, Nutrient::NiacinMg),
    (25, Nutrient::VitaminB6Mg),
    (31, Nutrient::VitaminB12Mcg),
    (33, Nutrient::VitaminAMcg), // Vit_A_RAE, the unit US and EU labels use
    (40, Nutrient::VitaminEMg),  // alpha-tocopherol
    (41, Nutrient::VitaminDMcg), // Vit_D_mcg (not the IU column)
    (43, Nutrient::VitaminKMcg),
    (44, Nutrient::SaturatedFatG),
    (45, Nutrient::MonounsaturatedFatG),
    (46, Nutrient::PolyunsaturatedFatG),
];
const ABBREV_CHOLESTEROL: usize = 47;
const ABBREV_FOLATE_TOTAL: usize = 26;
const ABBREV_FOLIC_ACID: usize = 27;
const ABBREV_FOOD_FOLATE: usize = 28;
const ABBREV_FOLATE_DFE: usize = 29;
const ABBREV_FIELDS: usize = 53;

/// Reads the USDA files under `source_dir` and builds the table.
///
/// Fails on unreadable files, missing columns and malformed records (with the line number).
/// SR Legacy foods without an ABBREV row are skipped and counted, never given invented values.
pub fn import(source_dir: &Path) -> Result<FoodTable, ImportError> {
    let legacy = source_dir.join("sr_legacy_2018-04");
    let categories = read_categories(&legacy.join("food_category.csv"))?;
    let ndb_by_fdc = read_crosswalk(&legacy.join("sr_legacy_food.csv"))?;
    let units = read_units(&legacy.join("measure_unit.csv"))?;
    let mut portions = read_portions(&legacy.join("food_portion.csv"), &units)?;
    let abbrev = read_abbrev(&source_dir.join("sr28_abbrev").join("ABBREV.txt"))?;
    let trans = read_trans_fat(&source_dir.join("sr24_trans_fat.csv"))?;

    let food_path = legacy.join("food.csv");
    let text = read_text(&food_path)?;
    let records = parse_csv(&food_path, &text)?;
    let cols = Columns::new(&food_path, &records)?;
    let c_fdc = cols.index("fdc_id")?;
    let c_desc = cols.index("description")?;
    let c_cat = cols.index("food_category_id")?;

    let mut stats = ImportStats::default();
    let mut foods = Vec::new();
    let mut used_ndbs = std::collections::HashSet::new();
    for record in records.iter().skip(1) {
        let fdc_id: u32 = cols.parse(record, c_fdc)?;
        let Some(ndb) = ndb_by_fdc.get(&fdc_id) else {
            return Err(malformed(
                &food_path,
                record.line,
                format!("fdc_id {fdc_id} has no NDB number in sr_legacy_food.csv"),
            ));
        };
        let Some(row) = abbrev.get(ndb) else {
            stats.skipped_without_nutrients += 1;
            continue;
        };
        used_ndbs.insert(ndb.clone());
        let category_id: u32 = cols.parse(record, c_cat)?;
        let Some(food_group) = categories.get(&category_id) else {
            return Err(malformed(
                &food_path,
                record.line,
                format!("unknown food_category_id {category_id}"),
            ));
        };
        let mut nutrients = row.nutrients.clone();
        if let Some(t) = trans.get(ndb) {
            nutrients.set(Nutrient::TransFatG, *t);
            stats.with_trans_fat += 1;
        }
        let mut food_portions: Vec<Portion> = portions
            .remove(&fdc_id)
            .map(|mut v| {
                v.sort_by_key(|(seq, _)| *seq);
                v.into_iter().map(|(_, p)| p).collect()
            })
            .unwrap_or_default();
        if food_portions.is_empty() {
            food_portions = row.household.clone();
            stats.portions_from_abbrev += food_portions.len();
        }
        stats.portions += food_portions.len();
        foods.push(Food::new(
            fdc_id,
            ndb.clone(),
            cols.text(record, c_desc).to_owned(),
            food_group.clone(),
            nutrients,
            food_portions,
        ));
    }
    foods.sort_by_key(|f| f.fdc_id);
    stats.foods_written = foods.len();
    stats.abbrev_rows_unmatched = abbrev.len() - used_ndbs.len();
    Ok(FoodTable { foods, stats })
}

/// Imports `source_dir` and writes the compressed table to `out`.
pub fn import_to_file(source_dir: &Path, out: &Path) -> Result<ImportStats, ImportError> {
    let table = import(source_dir)?;
    crate::table::write_table(&table, out)?;
    Ok(table.stats)
}

struct AbbrevRow {
    nutrients: NutrientAmounts,
    household: Vec<Portion>,
}

fn malformed(path: &Path, line: usize, message: String) -> ImportError {
    ImportError::Malformed {
        path: path.to_owned(),
        line,
        message,
    }
}

fn read_text(path: &Path) -> Result<String, ImportError> {
    let bytes = std::fs::read(path).map_err(|source| ImportError::Read {
        path: path.to_owned(),
        source,
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let line = e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
            + 1;
        malformed(path, line, "not valid UTF-8".into())
    })
}

fn parse_csv(path: &Path, text: &str) -> Result<Vec<csv::Record>, ImportError> {
    csv::parse(text).map_err(|e| malformed(path, e.line, e.message))
}

/// Header lookup for one CSV file.
struct Columns<'a> {
    path: &'a Path,
    header: Vec<String>,
}

impl<'a> Columns<'a> {
    fn new(path: &'a Path, records: &[csv::Record]) -> Result<Self, ImportError> {
        let header = records
            .first()
            .map(|r| r.fields.clone())
            .ok_or_else(|| malformed(path, 1, "empty file".into()))?;
        Ok(Self { path, header })
    }

    fn index(&self, column: &'static str) -> Result<usize, ImportError> {
        self.header
            .iter()
            .position(|h| h == column)
            .ok_or(ImportError::MissingColumn {
                path: self.path.to_owned(),
                column,
            })
    }

    fn text<'r>(&self, record: &'r csv::Record, index: usize) -> &'r str {
        record.fields.get(index).map(String::as_str).unwrap_or("")
    }

    fn parse<T: std::str::FromStr>(
        &self,
        record: &csv::Record,
        index: usize,
    ) -> Result<T, ImportError> {
        let raw = self.text(record, index);
        raw.trim().parse().map_err(|_| {
            malformed(
                self.path,
                record.line,
                format!("column `{}`: cannot parse {raw:?}", self.header[index]),
            )
        })
    }
}

fn read_categories(path: &Path) -> Result<HashMap<u32, String>, ImportError> {
    let text = read_text(path)?;
    let records = parse_csv(path, &text)?;
    let cols = Columns::new(path, &records)?;
    let (c_id, c_desc) = (cols.index("id")?, cols.index("description")?);
    records
        .iter()
        .skip(1)
        .map(|r| Ok((cols.parse(r, c_id)?, cols.text(r, c_desc).to_owned())))
        .collect()
}

fn read_crosswalk(path: &Path) -> Result<HashMap<u32, String>, ImportError> {
    let text = read_text(path)?;
    let records = parse_csv(path, &text)?;
    let cols = Columns::new(path, &records)?;
    let (c_fdc, c_ndb) = (cols.index("fdc_id")?, cols.index("NDB_number")?);
    records
        .iter()
        .skip(1)
        .map(|r| {
            let ndb: u32 = cols.parse(r, c_ndb)?;
            Ok((cols.parse(r, c_fdc)?, format!("{ndb:05}")))
        })
        .collect()
}

fn read_units(path: &Path) -> Result<HashMap<u32, String>, ImportError> {
    let text = read_text(path)?;
    let records = parse_csv(path, &text)?;
    let cols = Columns::new(path, &records)?;
    let (c_id, c_name) = (cols.index("id")?, cols.index("name")?);
    records
        .iter()
        .skip(1)
        .map(|r| Ok((cols.parse(r, c_id)?, cols.text(r, c_name).to_owned())))
        .collect()
}

/// Unit id 9999 is "undetermined": SR Legacy puts the whole measure text in `modifier`.
const UNDETERMINED_UNIT: u32 = 9999;

fn read_portions(
    path: &Path,
    units: &HashMap<u32, String>,
) -> Result<HashMap<u32, Vec<(u32, Portion)>>, ImportError> {
    let text = read_text(path)?;
    let records = parse_csv(path, &text)?;
    let cols = Columns::new(path, &records)?;
    let c_fdc = cols.index("fdc_id")?;
    let c_seq = cols.index("seq_num")?;
    let c_amount = cols.index("amount")?;
    let c_unit = cols.index("measure_unit_id")?;
    let c_pdesc = cols.index("portion_description")?;
    let c_mod = cols.index("modifier")?;
    let c_grams = cols.index("gram_weight")?;
    let mut out: HashMap<u32, Vec<(u32, Portion)>> = HashMap::new();
    for r in records.iter().skip(1) {
        let unit_id: u32 = cols.parse(r, c_unit)?;
        let mut parts = Vec::new();
        if unit_id != UNDETERMINED_UNIT {
            let unit = units.get(&unit_id).ok_or_else(|| {
                malformed(path, r.line, format!("unknown measure_unit_id {unit_id}"))
            })?;
            parts.push(unit.as_str());
        }
        parts.extend(
            [cols.text(r, c_pdesc), cols.text(r, c_mod)]
                .into_iter()
                .map(str::trim)
                .filter(|s| !s.is_empty()),
        );
        let portion = Portion {
            amount: cols.parse(r, c_amount)?,
            description: parts.join(" "),
            grams: cols.parse(r, c_grams)?,
        };
        if !(portion.grams.is_finite() && portion.grams > 0.0 && portion.amount.is_finite()) {
            return Err(malformed(path, r.line, "non-positive gram weight".into()));
        }
        out.entry(cols.parse(r, c_fdc)?)
            .or_default()
            .push((cols.parse(r, c_seq)?, portion));
    }
    Ok(out)
}

fn read_trans_fat(path: &Path) -> Result<HashMap<String, f64>, ImportError> {
    let text = read_text(path)?;
    let records = parse_csv(path, &text)?;
    let cols = Columns::new(path, &records)?;
    let (c_ndb, c_val) = (cols.index("ndb")?, cols.index("trans_fat_g_per_100g")?);
    let mut out = HashMap::new();
    for r in records.iter().skip(1) {
        let raw = cols.text(r, c_val).trim();
        if raw.is_empty() {
            continue; // unknown, not zero
        }
        let ndb: u32 = cols.parse(r, c_ndb)?;
        out.insert(format!("{ndb:05}"), cols.parse(r, c_val)?);
    }
    Ok(out)
}

/// Reads ABBREV.txt: Latin-1, `^`-separated, text fields in `~`, no header.
fn read_abbrev(path: &Path) -> Result<BTreeMap<String, AbbrevRow>, ImportError> {
    let bytes = std::fs::read(path).map_err(|source| ImportError::Read {
        path: path.to_owned(),
        source,
    })?;
    // Latin-1 maps each byte to the code point of the same value.
    let text: String = bytes.iter().map(|&b| char::from(b)).collect();
    let mut out = BTreeMap::new();
    for (i, raw_line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw_line.trim_end_matches('\r');
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('^').map(|f| f.trim_matches('~')).collect();
        if fields.len() != ABBREV_FIELDS {
            return Err(malformed(
                path,
                line_no,
                format!("expected {ABBREV_FIELDS} fields, found {}", fields.len()),
            ));
        }
        let num = |index: usize| -> Result<Option<f64>, ImportError> {
            let raw = fields[index].trim();
            if raw.is_empty() {
                return Ok(None);
            }
            raw.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(Some)
                .ok_or_else(|| {
                    malformed(
                        path,
                        line_no,
                        format!("field {}: cannot parse {raw:?}", index + 1),
                    )
                })
        };
        let ndb = fields[0].trim();
        if ndb.len() != 5 || !ndb.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed(path, line_no, format!("bad NDB number {ndb:?}")));
        }
        let mut nutrients = NutrientAmounts::default();
        for (index, nutrient) in ABBREV_NUTRIENTS {
            if let Some(v) = num(index)? {
                nutrients.set(nutrient, v);
            }
        }
        if let Some(v) = num(ABBREV_CHOLESTEROL)? {
            nutrients.set(Nutrient::CholesterolMg, v);
        }
        if let Some(v) = folate_dfe(
            num(ABBREV_FOLATE_DFE)?,
            num(ABBREV_FOLATE_TOTAL)?,
            num(ABBREV_FOOD_FOLATE)?,
            num(ABBREV_FOLIC_ACID)?,
        ) {
            nutrients.set(Nutrient::FolateMcg, v);
        }
        // SR nutrient 431, the folic acid added to the food: the US label prints it after
        // folate's DFE when added (21 CFR 101.9(c)(8)(iv)). Only USDA's own column: an empty
        // one stays unknown, never derived from total minus food folate.
        if let Some(v) = num(ABBREV_FOLIC_ACID)? {
            nutrients.set(Nutrient::FolicAcidMcg, v);
        }
        let mut household = Vec::new();
        for (gram_index, desc_index) in [(48, 49), (50, 51)] {
            if let Some(grams) = num(gram_index)?.filter(|g| *g > 0.0) {
                let (amount, description) = split_measure(fields[desc_index]);
                household.push(Portion {
                    amount,
                    description,
                    grams,
                });
            }
        }
        out.insert(
            ndb.to_owned(),
            AbbrevRow {
                nutrients,
                household,
            },
        );
    }
    Ok(out)
}

/// Folate in µg dietary folate equivalents, the unit of the US label (21 CFR 101.9(c)(8)(iv))
/// and of the EU reference intake.
///
/// `Folate_DFE` when ABBREV has it. Otherwise DFE = food folate + 1.7 × folic acid, with folic
/// acid taken from its own column or as total − food folate. `Folate_Tot` alone is not
/// convertible (the folic-acid share is unknown), so it stays unknown.
fn folate_dfe(
    dfe: Option<f64>,
    total: Option<f64>,
    food: Option<f64>,
    folic: Option<f64>,
) -> Option<f64> {
    let derived = match (dfe, total, food, folic) {
        (Some(d), ..) => return Some(d),
        (_, _, Some(food), Some(folic)) => food + 1.7 * folic,
        (_, Some(total), Some(food), None) if total >= food => food + 1.7 * (total - food),
        _ => return None,
    };
    // Round to 0.01 µg so the table does not carry binary noise from the 1.7 factor.
    Some((derived * 100.0).round() / 100.0)
}

/// Splits an ABBREV household measure like `1 pat,  (1" sq, 1/3" high)` or `.5 cup` into
/// its leading amount (1 when there is none) and the rest.
fn split_measure(text: &str) -> (f64, String) {
    let text = text.trim();
    let (head, rest) = text.split_once(' ').unwrap_or((text, ""));
    let amount = match head.split_once('/') {
        Some((n, d)) => match (n.parse::<f64>(), d.parse::<f64>()) {
            (Ok(n), Ok(d)) if d != 0.0 => Some(n / d),
            _ => None,
        },
        None => head.parse::<f64>().ok(),
    };
    match amount {
        Some(a) if a.is_finite() && a > 0.0 => (a, collapse_spaces(rest)),
        _ => (1.0, collapse_spaces(text)),
    }
}

fn collapse_spaces(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folate_prefers_the_dfe_column() {
        assert_eq!(
            folate_dfe(Some(30.0), Some(20.0), Some(10.0), Some(10.0)),
            Some(30.0)
        );
    }

    #[test]
    fn folate_is_derived_from_food_folate_and_folic_acid() {
        assert_eq!(folate_dfe(None, None, Some(10.0), Some(10.0)), Some(27.0));
        assert_eq!(folate_dfe(None, Some(20.0), Some(20.0), None), Some(20.0));
    }

    #[test]
    fn total_folate_alone_stays_unknown() {
        assert_eq!(folate_dfe(None, Some(20.0), None, None), None);
    }

    #[test]
    fn abbrev_measures_split_into_amount_and_text() {
        assert_eq!(
            split_measure("1 pat,  (1\" sq, 1/3\" high)"),
            (1.0, "pat, (1\" sq, 1/3\" high)".to_owned())
        );
        assert_eq!(split_measure(".5 cup"), (0.5, "cup".to_owned()));
        assert_eq!(split_measure("1/2 cup"), (0.5, "cup".to_owned()));
        assert_eq!(split_measure("serving"), (1.0, "serving".to_owned()));
    }

    #[test]
    fn a_missing_source_file_is_a_read_error() {
        let err = import(Path::new("/nonexistent/fooddb")).err();
        assert!(matches!(err, Some(ImportError::Read { .. })));
    }
}
