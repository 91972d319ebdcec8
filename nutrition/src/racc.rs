//! The reference amounts customarily consumed of 21 CFR 101.12(b), table 2 (general food
//! supply), as data (`nutrition/data/racc.json`): each category with its id, the table's
//! wording, its reference amount in grams or millilitres (or the household measure the table
//! gives instead), its citation, and whether the value was checked against the law's text.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

pub(crate) const DATA: &str = include_str!("../data/racc.json");

/// The unit of a reference amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum RaccUnit {
    /// Grams.
    #[serde(rename = "g")]
    G,
    /// Millilitres.
    #[serde(rename = "mL")]
    Ml,
}

impl RaccUnit {
    /// `g` or `mL`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::G => "g",
            Self::Ml => "mL",
        }
    }
}

/// One row of 21 CFR 101.12(b) table 2: the id a recipe's `package.racc_category` takes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RaccCategory {
    /// Stable id, `<product category>.<row>` (`bakery.cookies`).
    #[schema(examples("bakery.cookies"))]
    pub id: String,
    /// The table's product category heading (`Bakery products`).
    pub product_category: String,
    /// The row's wording.
    pub name: String,
    /// The reference amount, in `unit`; null where the table gives a household measure.
    #[schema(required = true)]
    pub value: Option<f64>,
    /// Its unit, with `value`.
    #[schema(required = true)]
    pub unit: Option<RaccUnit>,
    /// The household measure the table gives instead of a weight (`1 tbsp`), when it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measure: Option<String>,
    /// `21 CFR 101.12(b), table 2`.
    pub citation: String,
    /// Whether the value was checked against the law's text (see `notes`).
    pub confirmed: bool,
    /// Where the value was checked, or why it is unconfirmed.
    pub notes: String,
}

/// The table file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaccTable {
    /// The instrument.
    pub source: String,
    /// What the file holds and leaves out.
    pub note: String,
    /// Its rows.
    pub categories: Vec<RaccCategory>,
}

static TABLE: OnceLock<Result<RaccTable, String>> = OnceLock::new();

/// Parses and checks the embedded table: unique ids, a positive value with a unit or a
/// measure on every row, a citation of 101.12(b).
pub fn load(text: &str) -> Result<RaccTable, String> {
    let table: RaccTable = serde_json::from_str(text).map_err(|e| format!("racc.json: {e}"))?;
    let mut ids = std::collections::BTreeSet::new();
    for c in &table.categories {
        let at = |m: &str| format!("racc.json: category {:?}: {m}", c.id);
        if !ids.insert(c.id.as_str()) {
            return Err(at("id twice"));
        }
        match (c.value, c.unit, &c.measure) {
            (Some(v), Some(_), _) if v.is_finite() && v > 0.0 => {}
            (None, None, Some(m)) if !m.trim().is_empty() => {}
            _ => return Err(at("needs a positive value with its unit, or a measure")),
        }
        if !c.citation.contains("101.12(b)") {
            return Err(at("cites 101.12(b)"));
        }
    }
    Ok(table)
}

/// The embedded table (empty if the file were broken, which the crate's tests refuse).
pub fn table() -> &'static [RaccCategory] {
    TABLE
        .get_or_init(|| load(DATA))
        .as_ref()
        .map(|t| t.categories.as_slice())
        .unwrap_or(&[])
}

/// The category `id`.
pub fn category(id: &str) -> Option<&'static RaccCategory> {
    table().iter().find(|c| c.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_table_loads_and_covers_every_product_category_of_table_2() {
        let t = load(DATA).unwrap_or_else(|e| panic!("{e}"));
        let headings: std::collections::BTreeSet<&str> = t
            .categories
            .iter()
            .map(|c| c.product_category.as_str())
            .collect();
        for heading in [
            "Bakery products",
            "Beverages",
            "Cereals and other grain products",
            "Dairy products and substitutes",
            "Desserts",
            "Dessert toppings and fillings",
            "Egg and egg substitutes",
            "Fats and oils",
            "Fish, shellfish, game meats, and meat or poultry substitutes",
            "Fruits and fruit juices",
            "Legumes",
            "Miscellaneous category",
            "Mixed dishes",
            "Nuts and seeds",
            "Potatoes and sweet potatoes/yams",
            "Salads",
            "Sauces, dips, gravies, and condiments",
            "Snacks",
            "Soups",
            "Sugars and sweets",
            "Vegetables",
        ] {
            assert!(headings.contains(heading), "{heading}");
        }
        let cookies = category("bakery.cookies").map(|c| (c.value, c.unit));
        assert_eq!(cookies, Some((Some(30.0), Some(RaccUnit::G))));
    }

    #[test]
    fn a_row_without_value_or_measure_is_refused() {
        let bad = r#"{"source": "s", "note": "n", "categories": [{"id": "x", "product_category": "P",
            "name": "X", "value": null, "unit": null, "citation": "21 CFR 101.12(b), table 2",
            "confirmed": false, "notes": ""}]}"#;
        assert!(load(bad).is_err());
    }
}
