//! Allergens as each law names them (issue 31 item 2): the gluten cereal (Reg. (EU)
//! 1169/2011 Annex II point 1, FDR B.01.010.3(1)(b)), the tree nut list (FDA Food Allergen
//! Q&A, Edition 5), and the words that name an allergen in an EU ingredient statement.

use super::{eu, ing, ing_with, recipe, sub, us};
use crate::allergen::{species_in, species_name};
use crate::Allergen::*;
use crate::{compute_label, RecipeInput};

fn eu_html(r: &RecipeInput) -> String {
    compute_label(r, eu())
        .unwrap()
        .ingredient_statement_html
        .unwrap_or_default()
}

fn canada() -> &'static crate::Format {
    crate::format("ca.std.bi").unwrap()
}

#[test]
fn art_21_a_cheese_culture_is_not_emphasised_as_milk() {
    // A culture is bacteria: "cheese" in "cheese culture" does not name milk.
    let mut cheddar = ing_with("cheddar cheese", 50.0, &[Milk]);
    cheddar.sub_ingredients = ["milk", "cheese culture", "salt", "enzymes"]
        .map(String::from)
        .to_vec();
    let html = eu_html(&recipe(1.0, None, vec![cheddar]));
    assert_eq!(
        html,
        "Cheddar <b>cheese</b> (<b>milk</b>, cheese culture, salt, enzymes)"
    );
    // A culture the user says carries milk still declares it, by the allergen's name.
    let html = eu_html(&recipe(
        1.0,
        None,
        vec![ing_with("yogurt cultures", 1.0, &[Milk])],
    ));
    assert_eq!(html, "Yogurt cultures (<b>milk</b>)");
    // Cheese itself still is milk.
    let html = eu_html(&recipe(1.0, None, vec![ing_with("cheese", 1.0, &[Milk])]));
    assert_eq!(html, "<b>Cheese</b>");
}

#[test]
fn annex_ii_point_1_malt_names_barley_not_gluten() {
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("malt extract", 10.0, &[Gluten]),
            ing_with("oatmeal", 5.0, &[Gluten]),
        ],
    );
    let html = eu_html(&r);
    assert_eq!(
        html, "Malt extract (<b>barley</b>), oatmeal (<b>oats</b>)",
        "{html}"
    );
    assert!(eu().regime.allergen_warnings(&r).is_empty());
    // A malt of another grain is that grain's.
    assert_eq!(species_in(&["rye", "malt"]), vec![(Gluten, "rye")]);
    assert_eq!(species_in(&["malt", "syrup"]), vec![(Gluten, "barley")]);
    assert_eq!(species_name(Gluten, "malt"), Some("barley"));
}

#[test]
fn annex_ii_point_1_gluten_without_a_cereal_is_warned_not_printed_as_compliant() {
    let crumbs = ing_with("crumbs", 50.0, &[Gluten]);
    let r = recipe(1.0, None, vec![ing("water", 100.0, &[]), crumbs.clone()]);
    let warnings = eu().regime.allergen_warnings(&r);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].code, "gluten_cereal_unnamed");
    assert!(
        warnings[0].message.contains("crumbs"),
        "{}",
        warnings[0].message
    );
    assert!(
        warnings[0].message.contains("Annex II point 1"),
        "{}",
        warnings[0].message
    );
    assert!(
        warnings[0].message.contains("gluten:barley"),
        "{}",
        warnings[0].message
    );
    // The allergen is still emphasised; the warning says the cereal is missing.
    assert!(eu_html(&r).contains("crumbs (<b>gluten</b>)"));

    // A sub-recipe's unnamed gluten is found too.
    let pie = sub("pie", 80.0, recipe(1.0, None, vec![crumbs.clone()]));
    let warnings = eu().regime.allergen_warnings(&recipe(1.0, None, vec![pie]));
    assert_eq!(warnings.len(), 1);

    // "gluten" in the name is emphasised once, not repeated in parentheses.
    let vital = recipe(1.0, None, vec![ing_with("vital gluten", 5.0, &[Gluten])]);
    assert_eq!(eu_html(&vital), "Vital <b>gluten</b>");
    assert_eq!(eu().regime.allergen_warnings(&vital).len(), 1);

    // Named cereals give no warning: a recorded cereal, wheat, a cereal word.
    let mut barley_crumbs = crumbs;
    barley_crumbs
        .allergen_details
        .insert(Gluten, ["barley".to_owned()].into());
    for named in [
        barley_crumbs,
        ing_with("flour", 50.0, &[Wheat, Gluten]),
        ing_with("rye flakes", 50.0, &[Gluten]),
    ] {
        let r = recipe(1.0, None, vec![named]);
        assert!(eu().regime.allergen_warnings(&r).is_empty(), "{r:?}");
        assert!(!eu_html(&r).contains("gluten"), "{}", eu_html(&r));
    }
    // An own ingredient the statement prints names it as well.
    let mut crumbs = ing_with("crumbs", 50.0, &[Gluten]);
    crumbs.sub_ingredients = vec!["barley flour".to_owned(), "salt".to_owned()];
    let r = recipe(1.0, None, vec![crumbs]);
    assert!(eu().regime.allergen_warnings(&r).is_empty());
    assert_eq!(eu_html(&r), "Crumbs (<b>barley</b> flour, salt)");
    // The US declares no gluten, so it has nothing to name.
    let plain = recipe(1.0, None, vec![ing_with("crumbs", 50.0, &[Gluten])]);
    assert!(us().regime.allergen_warnings(&plain).is_empty());
}

#[test]
fn fdr_b_01_010_3_wheat_gluten_is_named_once_and_other_gluten_by_its_cereal() {
    // B.01.010.3(1)(b): the "Contains" statement names each gluten source; (2): each once,
    // so the gluten of wheat flour is the wheat already named.
    let r = recipe(
        1.0,
        None,
        vec![
            ing_with("wheat flour", 100.0, &[Wheat, Gluten]),
            ing_with("malt extract", 5.0, &[Gluten]),
        ],
    );
    let label = compute_label(&r, canada()).unwrap();
    assert_eq!(
        label.contains_statement.as_deref(),
        Some("Contains: Wheat, Barley")
    );
    assert!(canada().regime.allergen_warnings(&r).is_empty());
    // Gluten nobody names the cereal of prints "Gluten" and is warned about.
    let r = recipe(1.0, None, vec![ing_with("crumbs", 5.0, &[Gluten])]);
    let label = compute_label(&r, canada()).unwrap();
    assert_eq!(
        label.contains_statement.as_deref(),
        Some("Contains: Gluten")
    );
    let warnings = canada().regime.allergen_warnings(&r);
    assert_eq!(warnings.len(), 1);
    assert!(warnings[0].message.contains("B.01.010.3(1)(b)"));
}

#[test]
fn fda_edition_5_chestnuts_beechnuts_butternuts_hickory_and_ginkgo_are_no_tree_nut_species() {
    // FDA Food Allergen Q&A, Edition 5 (January 2025), Appendix I dropped them; neither
    // Reg. (EU) 1169/2011 Annex II point 8 nor FDR B.01.010.1(1)(a) lists them.
    for nut in [
        "chestnut",
        "chestnuts",
        "beechnuts",
        "butternuts",
        "hickory nuts",
        "ginkgo nuts",
        "ginkgo",
        "coconut",
    ] {
        assert_eq!(species_name(TreeNuts, nut), None, "{nut}");
    }
    assert!(species_in(&["nuts", "chestnuts", "roasted"]).is_empty());
    assert_eq!(
        species_in(&["pinon", "nuts"]),
        vec![(TreeNuts, "pine nuts")]
    );
    assert_eq!(species_name(TreeNuts, "filberts"), Some("hazelnuts"));
}
