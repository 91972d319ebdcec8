//! The label's JSON schema (OpenAPI 3.1, JSON Schema 2020-12).
//!
//! [`Label`] serialises by hand: its keys depend on the format (US per-serving amounts,
//! EU per-100 g blocks, column blocks, ...), which no derive can see. So its schema is
//! written here, beside the code that writes that JSON, and `tests/api/openapi.rs` checks
//! live labels of several formats against it.

use std::borrow::Cow;

use serde_json::{json, Value};
use utoipa::openapi::schema::{ObjectBuilder, Schema};
use utoipa::openapi::RefOr;

use crate::fop::FopResult;
use crate::Label;

impl utoipa::PartialSchema for Label {
    fn schema() -> RefOr<Schema> {
        // `document()` is a literal this crate's tests check reads back whole.
        serde_json::from_value(document()).unwrap_or_else(|_| ObjectBuilder::new().into())
    }
}

impl utoipa::ToSchema for Label {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Label")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((
            <FopResult as utoipa::ToSchema>::name().into_owned(),
            <FopResult as utoipa::PartialSchema>::schema(),
        ));
        <FopResult as utoipa::ToSchema>::schemas(schemas);
    }
}

/// The schema as JSON.
fn document() -> Value {
    json!({
        "type": "object",
        "description": "Computed, read-only. Always: `format`, `serving_size`, `servings_per_container`, `ingredient_statement`, `allergens`, `contains_statement`, `display`, `unrounded`. US formats: per-serving nutrients rounded by 21 CFR 101.9(c) and `daily_values`. EU formats: `per_100g`, `per_portion`, `reference_intake_pct`, `ingredient_statement_html`. US formats also carry `display.serving_size`, the printed serving line: household measure then metric amount, e.g. `2 cookies (43g)` (21 CFR 101.9(b)(5), (b)(7)). Voluntary US nutrients (`polyunsaturated_fat_g`, `monounsaturated_fat_g`, `soluble_fiber_g`, `insoluble_fiber_g`, `sugar_alcohols_g`, and the vitamins and minerals of 101.9(c)(8)(iv) from 2 % DV) appear only when the ingredients' data gives them. The simplified format (`us.v.simpl`, 101.9(f)) omits insignificant nutrients other than calories, total fat, sodium, total carbohydrate and protein and names them in `display.not_significant` (\"Not a significant source of …\"); Canada's simplified formats (`ca.simpl.bi`, `ca.simpl.pair`, `ca.simpl.hor.bi`, FDR B.01.401(6)) name what they omit in each language, `display.not_significant.en` and `display.not_significant.fr` (« Source négligeable de … »), the first also as `display.not_significant`. `warnings` appears only when non-empty.",
        "properties": {
            "format": {"type": "string"},
            "serving_size": {"type": "object", "properties": {"text": {"type": ["string", "null"]}, "grams": {"type": "number"}, "ml": {"type": "number", "description": "The serving's volume, for a liquid (`front_of_pack_facts`: state `liquid` and `density_g_per_ml`) in a format whose law declares liquids per 100 mL (FSANZ Standard 1.2.8—6(1)(b)(ii) prints it: \"Serving size: 250 mL\"); absent otherwise."}}},
            "servings_per_container": {"type": "number"},
            "ingredient_statement": {"type": "string"},
            "allergens": {"type": "array", "items": {"type": "string"}},
            "allergen_details": {"type": "object", "description": "Present only when non-empty: on US labels the species of the declared tree nuts, fish and Crustacean shellfish by allergen code, e.g. `{\"tree_nuts\": [\"almonds\"]}` (21 U.S.C. 343(w)(2)); on Canadian labels also the cereals of gluten, e.g. `{\"gluten\": [\"barley\"]}` (FDR B.01.010.3); from the food table's names and custom ingredients' `code:species` allergens.", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
            "contains_statement": {"type": ["string", "null"]},
            "calories": {"type": "number"},
            "total_fat_g": {"type": "number"},
            "display": {"type": "object"},
            "unrounded": {"type": "object"},
            "daily_values": {"type": "object"},
            "per_100g": {"type": "object"},
            "per_portion": {"type": "object"},
            "missing": {"type": "array", "description": "Present only when non-empty: each declared nutrient whose amount the data does not determine, with the ingredients whose data lacks it (printed names, sub-recipes' included; at most 10, each cut at 80 characters; `more_ingredients` counts the rest). A lacking nutrient is bounded by its whole where the label's hierarchy makes one (trans and saturated fat by total fat, fiber and sugars by total carbohydrate, added sugars by total sugars): it is listed only when the known part and the most the data allows would print differently. The printed amount is the known part only; give the amounts as a recipe line's `nutrients` or the custom ingredient's `nutrients_per_100g`. `strict=true` refuses such a label (422 `incomplete_nutrient_data`).",
                "items": {"type": "object", "properties": {
                    "nutrient": {"type": "string", "examples": ["trans_fat_g"]},
                    "ingredients": {"type": "array", "items": {"type": "string"}, "examples": [["olive oil"]]},
                    "more_ingredients": {"type": "integer", "minimum": 1}},
                    "required": ["nutrient", "ingredients"]}},
            "per_serving": {"type": "object", "description": "`us.v.dual-pkg`: amounts per serving (and `per_container`); `us.v.dual-prep`: `as_packaged` and `as_prepared`; `us.aggr`: one block per food, `food_1`, `food_2`, .... These formats' `daily_values` hold one map per column id, and `display` keys are `<column>.<nutrient>`."},
            "per_container": {"type": "object"},
            "as_packaged": {"type": "object"},
            "as_prepared": {"type": "object"},
            "foods": {"type": "array", "description": "`us.aggr` only: each column's food.", "items": {"type": "object", "properties": {
                "column": {"type": "string"}, "name": {"type": "string"},
                "serving_size": {"type": "object"}, "servings_per_container": {"type": "number"},
                "ingredient_statement": {"type": "string"}}}},
            "package": {"type": "object", "description": "Present when the request gave a `package`: `given`, the `racc` used, `percent_of_racc`, `layouts` (each US format id with its `use`: `required`, `allowed`, `voluntary` or `not_allowed`, its `citation` and `reason`), `allowed_formats` and `required_formats` (format ids in FDA's order of preference), `chosen` (the format `us.auto` picked), `single_serving`, `small_package_exemption_possible`."},
            "front_of_pack": {"type": "array", "description": "Present only when non-empty: the front-of-pack schemes of the label's market that are mandatory, and those asked for (`fop=` on analyze and label files, a recipe's `front_of_pack`).", "items": {"$ref": "#/components/schemas/FrontOfPack"}},
            "format_status": {"type": "string", "enum": ["in_force", "draft"], "description": "Whether the label's format is in force (its terms, reference values and rounding confirmed against its law's text) or a draft. Every file drawn from a draft's label (SVG, PNG, PDF, the embed, exports, the app's preview) carries a \"DRAFT \u{2013} NOT A LAWFUL LABEL\" band and a diagonal DRAFT; in-force labels carry no mark. Absent only from labels stored before it existed."},
            "statements": {"type": "array", "description": "Present only for a format that prints several languages: the required statements in each, in the format's order (Reg. (EU) 1169/2011 Art. 15; 21 CFR 101.15(c)(2)). The first language's are also the label's own `ingredient_statement`, `ingredient_statement_html` and `contains_statement`.", "items": {"type": "object", "required": ["language", "heading", "ingredient_statement"], "properties": {
                "language": {"type": "string"}, "heading": {"type": "string", "examples": ["Zutaten:"]}, "ingredient_statement": {"type": "string"},
                "ingredient_statement_html": {"type": "string"}, "contains_statement": {"type": "string"}}}},
            "ingredient_names_not_in_language": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}, "description": "Present only when some are: per language of the format, the ingredient names its statement prints in another language because no name in that language is known (the food table's names are English), e.g. `{\"de\": [\"butter\"]}`; the label also carries the warning `ingredient_names_not_in_language`. Give the names as `label_names` on the line or the custom ingredient."},
            "voluntary": {"type": "object", "additionalProperties": {"type": "string", "enum": ["requested", "added_as_nutrient_supplement"]}, "description": "Present only when a voluntary row is declared: why each is there, by row key: `requested` (the recipe's or analysis's `voluntary_nutrients`) or `added_as_nutrient_supplement` (a line's `added_nutrients`)."},
            "unconfirmed": {"type": "string", "description": "For a draft: what in the format is not confirmed against its law, and what falls back to what (the format's notes, as in `GET /v1/formats`). For a format in force whose law leaves reference values to a document we do not hold (Canada's Table of Daily Values): the values that ship unconfirmed, e.g. `reference values unconfirmed: fat_g 75 g (…)`; absent when every value is confirmed."},
            "warnings": {"type": "array", "description": "Present only when non-empty: what the label cannot print as its regime asks. Codes: `no_household_measure` (US serving size without a household measure, 21 CFR 101.9(b)(5)); `incomplete_nutrient_data` (declared nutrients the data lacks, see `missing`); `voluntary_nutrient_omitted` (a voluntary nutrient, e.g. EU fibre, left off because some ingredient's data lacks it, rather than understated); `confirm_sub_ingredients` (sub-ingredients from a standard of identity, to be checked against the brand used, 21 CFR 101.4(b)(2)); `gluten_cereal_unnamed` (an ingredient carries gluten and nothing names its cereal, where the law names the cereal: 1169/2011 Annex II point 1, FDR B.01.010.3; tag it `gluten:barley` and so on); `ingredient_names_not_in_language` (see `ingredient_names_not_in_language`). (The simplified format `us.v.simpl` is refused, 422 `format_not_permitted`, for a food with fewer than 8 of the 15 insignificant amounts 21 CFR 101.9(f) asks for.)",
                "items": {"type": "object", "properties": {"code": {"type": "string"}, "message": {"type": "string"}}, "required": ["code", "message"]}}
        },
        "required": ["format"],
        "examples": [{"format": "standard", "calories": 230, "total_fat_g": 8, "allergens": ["milk", "wheat"]}]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every keyword of the JSON reads into utoipa's schema and back: none is dropped.
    #[test]
    fn the_schema_reads_back_whole() {
        let schema = <Label as utoipa::PartialSchema>::schema();
        let back = serde_json::to_value(&schema).expect("serialises");
        assert_eq!(back, document());
    }
}
