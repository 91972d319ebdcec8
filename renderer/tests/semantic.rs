//! Issue 29, item 3: the embed's schema.org `NutritionInformation` and its data table carry
//! exactly the printed texts of the label, escaped.

#![allow(clippy::unwrap_used)]

mod common;

use nls_nutrition::{format, Label};
use nls_renderer::embed::semantic::semantic;
use serde_json::Value;

/// The printed text of row `key` in the label's first column.
fn printed(label: &Label, key: &str) -> String {
    label
        .rows
        .iter()
        .find(|r| r.key == key)
        .map(|r| r.cells[0].text.clone())
        .unwrap_or_else(|| panic!("no row {key}"))
}

#[test]
fn the_json_ld_of_a_us_label_carries_its_printed_amounts_per_serving() {
    let label = common::us_label();
    let data = semantic(&label, format("standard").unwrap());
    let json: Value = serde_json::from_str(&data.json_ld).unwrap();
    assert_eq!(json["@context"], "https://schema.org");
    assert_eq!(json["@type"], "NutritionInformation");
    assert_eq!(
        json["servingSize"],
        label.serving_size.text.clone().unwrap()
    );
    assert_eq!(
        json["calories"],
        format!("{} calories", printed(&label, "calories"))
    );
    for (property, key) in [
        ("fatContent", "total_fat_g"),
        ("saturatedFatContent", "saturated_fat_g"),
        ("transFatContent", "trans_fat_g"),
        ("cholesterolContent", "cholesterol_mg"),
        ("sodiumContent", "sodium_mg"),
        ("carbohydrateContent", "total_carbohydrate_g"),
        ("sugarContent", "total_sugars_g"),
        ("proteinContent", "protein_g"),
    ] {
        assert_eq!(json[property], printed(&label, key), "{property}");
    }
}

#[test]
fn the_json_ld_of_an_eu_label_takes_the_portion_column_and_kcal() {
    let label = common::eu_label();
    let data = semantic(&label, format("eu-1169").unwrap());
    let json: Value = serde_json::from_str(&data.json_ld).unwrap();
    let portion = label
        .columns
        .iter()
        .position(|c| c == "per_portion")
        .expect("a portion column");
    let printed_in = |key: &str| {
        label.rows.iter().find(|r| r.key == key).unwrap().cells[portion]
            .text
            .clone()
    };
    assert_eq!(
        json["servingSize"],
        label.serving_size.text.clone().unwrap()
    );
    assert_eq!(json["calories"], printed_in("energy_kcal"), "{json}");
    assert_eq!(json["fatContent"], printed_in("fat_g"), "{json}");
    assert_eq!(json["sugarContent"], printed_in("sugars_g"), "{json}");
}

#[test]
fn the_table_heads_every_row_and_column_and_shows_every_printed_text() {
    let label = common::us_label();
    let data = semantic(&label, format("standard").unwrap());
    let html = &data.table_html;
    assert!(
        html.starts_with("<table><caption>Nutrition Facts: "),
        "{html}"
    );
    assert!(
        html.contains("<th scope=\"col\">% Daily Value*</th>"),
        "{html}"
    );
    let row_heads = html.matches("<th scope=\"row\">").count();
    assert_eq!(row_heads, label.rows.len());
    for row in &label.rows {
        assert!(
            html.contains(&format!("<td>{}</td>", row.cells[0].text)),
            "{}",
            row.key
        );
        if let Some(p) = row.cells[0].percent {
            assert!(html.contains(&format!("<td>{p}%</td>")), "{}", row.key);
        }
    }
    assert!(html.contains(&format!("<p>{}</p>", label.ingredient_statement)));
}

#[test]
fn user_text_is_escaped_in_the_table_and_cannot_end_the_json_ld_block() {
    let mut label = common::us_label();
    label.serving_size.text = Some("1 piece </script><script>alert(1)</script>".into());
    label.ingredient_statement = "Oats, <b onmouseover=x>honey</b> & \"salt\"".into();
    let data = semantic(&label, format("standard").unwrap());
    assert!(!data.json_ld.contains('<'), "{}", data.json_ld);
    let json: Value = serde_json::from_str(&data.json_ld).unwrap();
    assert_eq!(
        json["servingSize"],
        "1 piece </script><script>alert(1)</script>"
    );
    assert!(!data.table_html.contains("<script>"));
    assert!(!data.table_html.contains("<b onmouseover"));
    assert!(data
        .table_html
        .contains("Oats, &lt;b onmouseover=x&gt;honey&lt;/b&gt; &amp; &quot;salt&quot;"));
}
