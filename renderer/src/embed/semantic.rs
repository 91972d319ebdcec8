//! The label as data beside its drawing (issue 29, item 3): schema.org
//! `NutritionInformation` JSON-LD, so a recipe page that embeds the label is understood by
//! search engines, and a real HTML `<table>` with row and column headers, so a screen reader
//! reads the label as a table rather than as a picture.
//!
//! Both carry the printed texts of the label (`Cell::text`, the same strings the drawing
//! prints), never recomputed numbers, so they cannot disagree with it. Pure functions of the
//! label and its format; every text is escaped here (ingredient names come from users).

use std::fmt::Write as _;

use nls_nutrition::format::{Basis, Quantity};
use nls_nutrition::statement::escape_html as escape;
use nls_nutrition::{Format, Label, Nutrient};
use serde_json::{Map, Value};

/// The label's data for the embed page: the JSON-LD object and the table's HTML.
#[derive(Debug, Clone, PartialEq)]
pub struct Semantic {
    /// The `NutritionInformation` object, serialised with `<` escaped (safe inside
    /// `<script type="application/ld+json">`).
    pub json_ld: String,
    /// `<table>` (caption, column and row headers) and the statements as paragraphs.
    pub table_html: String,
}

/// The schema.org property a row's quantity fills, if any (schema.org/NutritionInformation).
fn property_of(quantity: Quantity) -> Option<&'static str> {
    Some(match quantity {
        Quantity::Nutrient(n) => match n {
            Nutrient::Calories => "calories",
            Nutrient::TotalFatG => "fatContent",
            Nutrient::SaturatedFatG => "saturatedFatContent",
            Nutrient::TransFatG => "transFatContent",
            Nutrient::CholesterolMg => "cholesterolContent",
            Nutrient::SodiumMg => "sodiumContent",
            Nutrient::TotalCarbohydrateG => "carbohydrateContent",
            Nutrient::DietaryFiberG => "fiberContent",
            Nutrient::TotalSugarsG => "sugarContent",
            Nutrient::ProteinG => "proteinContent",
            _ => return None,
        },
        Quantity::AnnexXivKcal | Quantity::Cxg2Kcal => "calories",
        Quantity::AvailableCarbohydrate => "carbohydrateContent",
        _ => return None,
    })
}

/// The column whose amounts the JSON-LD gives: the first per serving, else the first; and
/// whether it is per serving.
fn json_ld_column(label: &Label, format: &Format) -> (usize, bool) {
    label
        .columns
        .iter()
        .position(|id| {
            format
                .columns
                .iter()
                .any(|c| &c.id == id && c.basis == Basis::Serving)
        })
        .map_or((0, false), |i| (i, true))
}

/// The printed serving size: the household measure with its weight, or the weight.
fn serving_text(label: &Label) -> String {
    match &label.serving_size.text {
        Some(text) if !text.trim().is_empty() => text.clone(),
        _ => format!("{} g", (label.serving_size.grams * 10.0).round() / 10.0),
    }
}

/// A cell's printed text as a schema.org value: "Energy" and "Mass" are "<number> <unit>";
/// the US calories row prints a bare number.
fn value_text(text: &str, unit: &str, property: &str) -> String {
    let ends_in_unit = text.chars().last().is_some_and(char::is_alphabetic);
    if ends_in_unit {
        text.to_owned()
    } else if property == "calories" && unit.is_empty() {
        format!("{text} calories")
    } else if unit.is_empty() {
        text.to_owned()
    } else {
        format!("{text} {unit}")
    }
}

/// The head of column `id`: the format's term for it, a food's name in an aggregate label.
fn column_head(label: &Label, format: &Format, id: &str) -> String {
    if let Some(food) = label.foods.iter().find(|f| f.column == id) {
        return food.name.clone();
    }
    let id = if label.per_100ml && id == "per_100g" {
        "per_100ml"
    } else {
        id
    };
    let head = format.term(&format!("column.{id}"));
    if head.is_empty() {
        id.replace('_', " ")
    } else {
        head
    }
}

/// The JSON-LD and table of `label`, drawn in `format`.
pub fn semantic(label: &Label, format: &Format) -> Semantic {
    Semantic {
        json_ld: json_ld(label, format),
        table_html: table_html(label, format),
    }
}

fn json_ld(label: &Label, format: &Format) -> String {
    let (column, per_serving) = json_ld_column(label, format);
    let mut object = Map::new();
    object.insert("@context".into(), "https://schema.org".into());
    object.insert("@type".into(), "NutritionInformation".into());
    let serving = if per_serving {
        serving_text(label)
    } else {
        label
            .columns
            .get(column)
            .map(|id| column_head(label, format, id))
            .unwrap_or_default()
    };
    object.insert("servingSize".into(), serving.into());
    for row in &label.rows {
        let Some(quantity) = format.row(&row.key).map(|r| r.quantity) else {
            continue;
        };
        let Some(property) = property_of(quantity) else {
            continue;
        };
        // The first row filling a property wins (kcal before a later kJ-only energy row).
        if object.contains_key(property) {
            continue;
        }
        if let Some(cell) = row.cells.get(column) {
            object.insert(
                property.into(),
                value_text(&cell.text, &row.unit, property).into(),
            );
        }
    }
    // `</script>` cannot end the data block: every `<` is written as its escape.
    Value::Object(object).to_string().replace('<', "\\u003c")
}

fn table_html(label: &Label, format: &Format) -> String {
    let title = format.term("title");
    let percent_head = format.term("percent.head");
    let percent_column = format.percent_column().and_then(|i| format.columns.get(i));
    let mut html = String::new();
    // The corner cell heads nothing (rows are headed by their names): an empty `td`.
    let _ = write!(
        html,
        "<table><caption>{}: {}</caption><thead><tr><td></td>",
        escape(if title.is_empty() {
            "Nutrition"
        } else {
            &title
        }),
        escape(&serving_text(label)),
    );
    for id in &label.columns {
        let _ = write!(
            html,
            "<th scope=\"col\">{}</th>",
            escape(&column_head(label, format, id))
        );
        if percent_column.is_some_and(|c| &c.id == id) {
            let _ = write!(html, "<th scope=\"col\">{}</th>", escape(&percent_head));
        }
    }
    html.push_str("</tr></thead><tbody>");
    for row in &label.rows {
        let name = format
            .row(&row.key)
            .map(|r| format.row_name(r))
            .unwrap_or_else(|| row.key.clone());
        let _ = write!(html, "<tr><th scope=\"row\">{}</th>", escape(&name));
        for (i, id) in label.columns.iter().enumerate() {
            let cell = row.cells.get(i);
            let _ = write!(
                html,
                "<td>{}</td>",
                escape(cell.map_or("", |c| c.text.as_str()))
            );
            if percent_column.is_some_and(|c| &c.id == id) {
                let percent = cell
                    .and_then(|c| c.percent)
                    .map(|p| format!("{p}%"))
                    .unwrap_or_default();
                let _ = write!(html, "<td>{}</td>", escape(&percent));
            }
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody></table>");
    for statement in [
        Some(label.ingredient_statement.as_str()),
        label.contains_statement.as_deref(),
    ]
    .into_iter()
    .flatten()
    .filter(|s| !s.trim().is_empty())
    {
        let _ = write!(html, "<p>{}</p>", escape(statement));
    }
    html
}
