//! The committed table loads, matches a fresh import of the USDA files, and serialises
//! with its API id.

use std::path::Path;
use std::time::Instant;

use nls_fooddb::{import, read_table, shipped, Food, FoodDb, LoadError, SHIPPED_TABLE};
use nls_nutrition::{Allergen, Nutrient};

const SOURCE: &str = "/work/shared/fooddb";

#[test]
fn the_shipped_table_equals_a_fresh_import_of_the_usda_files() {
    let source = Path::new(SOURCE);
    if !source.exists() {
        println!("note: {SOURCE} is absent; skipping the shipped-table comparison");
        return;
    }
    let fresh = import(source).expect("USDA files import");
    let shipped_foods = read_table(SHIPPED_TABLE).expect("shipped table loads");
    assert_eq!(fresh.stats.foods_written, shipped_foods.len());
    assert_eq!(fresh.stats.skipped_without_nutrients, 39);
    assert!(
        fresh.foods == shipped_foods,
        "data/foods.tsv.gz is stale: rerun the importer"
    );
}

#[test]
fn the_shipped_table_loads_quickly_and_completely() {
    let start = Instant::now();
    let db = FoodDb::from_table_bytes(SHIPPED_TABLE).expect("shipped table loads");
    let elapsed = start.elapsed();
    println!(
        "loaded {} foods from {} compressed bytes in {elapsed:?}",
        db.len(),
        SHIPPED_TABLE.len()
    );
    assert_eq!(db.len(), 7754);
    assert!(SHIPPED_TABLE.len() < 3_000_000);
}

#[test]
fn butter_carries_usda_values_per_100_g() {
    let butter = shipped().get(173410).expect("butter is in the table");
    assert_eq!(butter.description, "Butter, salted");
    assert_eq!(butter.ndb, "01001");
    assert_eq!(butter.food_group, "Dairy and Egg Products");
    let n = &butter.nutrients_per_100g;
    assert_eq!(n.get(Nutrient::Calories), Some(717.0));
    assert_eq!(n.get(Nutrient::TotalFatG), Some(81.11));
    assert_eq!(n.get(Nutrient::SodiumMg), Some(643.0));
    assert_eq!(n.get(Nutrient::TransFatG), Some(3.278));
    assert_eq!(n.get(Nutrient::FolateMcg), Some(3.0));
    assert_eq!(butter.label_name, "butter");
    assert!(butter.allergens.contains(&Allergen::Milk));
    let tbsp = butter
        .portions
        .iter()
        .find(|p| p.description == "tbsp")
        .expect("a tablespoon measure");
    assert_eq!(tbsp.grams, 14.2);
}

#[test]
fn enriched_flour_carries_usda_folic_acid_and_folate_as_dfe_21_cfr_101_9_c_8_iv() {
    // SR nutrient 431 (folic acid) next to folate in µg DFE: all-purpose enriched flour has
    // 29 µg food folate and 154 µg folic acid, DFE 29 + 1.7 × 154 = 291 (USDA's own column).
    let flour = shipped()
        .get(168894)
        .expect("enriched flour is in the table");
    let n = &flour.nutrients_per_100g;
    assert_eq!(n.get(Nutrient::FolicAcidMcg), Some(154.0));
    assert_eq!(n.get(Nutrient::FolateMcg), Some(291.0));
    // Butter has none added: USDA gives 0, which stays 0 (not unknown).
    let butter = shipped().get(173410).expect("butter");
    assert_eq!(
        butter.nutrients_per_100g.get(Nutrient::FolicAcidMcg),
        Some(0.0)
    );
}

#[test]
fn an_empty_usda_field_stays_unknown() {
    // Baobab powder has no ABBREV row and is skipped; a food with blank ABBREV fields keeps
    // them absent: catsup's trans fat and added sugars are unknown, not zero.
    let db = shipped();
    assert!(
        db.get(167806).is_none(),
        "foods without nutrients are skipped"
    );
    let catsup = db.get(168556).expect("catsup");
    assert_eq!(catsup.nutrients_per_100g.get(Nutrient::AddedSugarsG), None);
    assert_eq!(catsup.nutrients_per_100g.get(Nutrient::TransFatG), None);
}

#[test]
fn a_food_serialises_with_its_fooddb_id() {
    let food: &Food = shipped().get(173944).expect("bananas");
    let json = serde_json::to_value(food).expect("serialisable");
    assert_eq!(json["id"], "fooddb:173944");
    assert_eq!(json["label_name"], "bananas");
    assert!(json["nutrients_per_100g"]["calories"].is_number());
    assert!(json["portions"].is_array());
    assert_eq!(
        shipped().get_by_id("fooddb:173944").map(|f| f.fdc_id),
        Some(173944)
    );
}

#[test]
fn a_corrupt_table_is_an_error_not_a_panic() {
    assert!(matches!(
        FoodDb::from_table_bytes(&SHIPPED_TABLE[..SHIPPED_TABLE.len() / 2]),
        Err(LoadError::Decompress(_))
    ));
}

#[test]
fn every_label_name_is_a_clean_common_name() {
    for food in shipped().foods() {
        assert!(!food.label_name.is_empty(), "{}", food.description);
        assert!(!food.label_name.contains(','), "{}", food.description);
        // Lowercase common names; a proper noun keeps its capital ("Brazil nuts").
        assert_eq!(
            food.label_name.replace("Brazil", "brazil"),
            food.label_name.to_lowercase(),
            "{}",
            food.description
        );
    }
}

#[test]
fn sweeteners_carry_their_sugars_as_added_sugars_and_other_foods_do_not() {
    let db = shipped();
    let added = |fdc_id: u32| {
        let food = db.get(fdc_id).expect("food in the table");
        food.nutrients_per_100g.get(Nutrient::AddedSugarsG)
    };
    assert_eq!(added(169655), Some(99.8), "Sugars, granulated");
    assert_eq!(added(169640), Some(82.12), "Honey");
    assert_eq!(added(169661), Some(60.46), "Syrups, maple");
    assert_eq!(
        added(173944),
        Some(0.0),
        "bananas, raw: natural sugars, nothing added"
    );
    assert_eq!(added(174924), None, "white bread: unknown");
}

/// The US label of `grams` of each named food, as one serving.
fn us_label_json(lines: &[(&str, f64)]) -> serde_json::Value {
    let ingredients = lines
        .iter()
        .map(|(name, grams)| {
            let food = shipped().resolve_name(name).expect("name resolves");
            nls_nutrition::ResolvedIngredient {
                names: Default::default(),
                added_nutrients: Default::default(),
                grams: *grams,
                label_name: food.label_name.clone(),
                allergens: food.allergens.clone(),
                allergen_details: food.allergen_details.clone(),
                allergen_exemptions: Default::default(),
                sub_ingredients: food
                    .sub_ingredients
                    .map(|s| s.sub_ingredients.clone())
                    .unwrap_or_default(),
                sub_ingredients_to_confirm: food.sub_ingredients.is_some_and(|s| s.confirm),
                source: nls_nutrition::IngredientSource::PerHundredGrams(
                    food.nutrients_per_100g.clone(),
                ),
                sugars_based: false,
            }
        })
        .collect();
    let recipe = nls_nutrition::RecipeInput {
        voluntary_nutrients: Default::default(),
        servings: 1.0,
        serving_weight_g: None,
        serving_size_text: None,
        racc_g: None,
        ingredients,
    };
    let format = nls_nutrition::format("standard").expect("the US standard format");
    let label = nls_nutrition::compute_label(&recipe, format).expect("label");
    serde_json::to_value(&label).expect("label serialises")
}

#[test]
fn a_us_label_declares_the_sugar_a_recipe_adds() {
    // 21 CFR 101.9(c)(6)(iii): sugars from sugar, syrups and honey added to a food.
    let sweetened = us_label_json(&[("all-purpose flour", 100.0), ("sugar", 30.0)]);
    assert_eq!(sweetened["added_sugars_g"], 30.0, "{sweetened}");
    assert_eq!(sweetened["display"]["added_sugars_g"], "30g", "{sweetened}");
    let fruit = us_label_json(&[("all-purpose flour", 100.0), ("banana", 100.0)]);
    assert_eq!(fruit["added_sugars_g"], 0.0, "{fruit}");
}

#[test]
fn multi_component_foods_list_their_sub_ingredients_and_keep_their_allergens() {
    // 21 CFR 101.4(b)(2); the allergens inside stay in the Contains statement.
    let db = shipped();
    for (fdc_id, first, allergens) in [
        (168894, "wheat flour", &["wheat"][..]),
        // A compound inside a compound lists its own ingredients (21 CFR 101.4(b)(2)).
        (
            174924,
            "enriched wheat flour (wheat flour, niacin, iron, thiamin, riboflavin, folic acid)",
            &["wheat"][..],
        ),
        (173414, "milk", &["milk"][..]),
        (171009, "vegetable oil", &["eggs"][..]),
        (174277, "water", &["soy", "wheat"][..]),
        (167587, "sugar", &["milk"][..]),
        (168556, "tomato concentrate", &[][..]),
        (169736, "semolina", &["wheat"][..]),
    ] {
        let food = db.get(fdc_id).expect("food in the table");
        let subs = food.sub_ingredients.expect("sub-ingredients listed");
        assert_eq!(subs.sub_ingredients[0], first, "{}", food.description);
        let codes: Vec<&str> = food.allergens.iter().map(|a| a.code()).collect();
        for a in allergens {
            assert!(codes.contains(a), "{}: {codes:?}", food.description);
        }
    }
    let label = us_label_json(&[("all-purpose flour", 100.0), ("mayonnaise", 20.0)]);
    let statement = label["ingredient_statement"].as_str().unwrap_or_default();
    assert!(
        statement.starts_with(
            "Enriched wheat flour (wheat flour, niacin, iron, thiamin, riboflavin, folic acid)"
        ),
        "{statement}"
    );
    assert!(label["contains_statement"]
        .as_str()
        .is_some_and(|c| c.contains("Eggs") && c.contains("Wheat")));
    let codes: Vec<&str> = label["warnings"]
        .as_array()
        .map(|w| w.iter().filter_map(|w| w["code"].as_str()).collect())
        .unwrap_or_default();
    assert!(codes.contains(&"confirm_sub_ingredients"), "{codes:?}");
    // Mayonnaise's trans fat is not in the data and its fat could hold 0.5 g or more.
    assert!(label["missing"]
        .as_array()
        .is_some_and(|m| m.iter().any(|m| m["nutrient"] == "trans_fat_g")));
    let json = serde_json::to_value(db.get(173414).expect("cheddar")).expect("serialisable");
    assert_eq!(json["sub_ingredients_citation"], "21 CFR 133.113");
    assert_eq!(json["sub_ingredients_to_confirm"], true);
}

#[test]
fn tree_nuts_fish_and_shellfish_of_the_table_carry_their_species() {
    // 21 U.S.C. 343(w)(2): the "Contains" statement names almonds, salmon, shrimp.
    let db = shipped();
    let first = |query: &str| {
        db.search(query, 1)
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("{query} is in the table"))
            .food
    };
    let almonds = first("almonds");
    assert!(almonds
        .allergens
        .contains(&nls_nutrition::Allergen::TreeNuts));
    assert_eq!(
        almonds.allergen_details[&nls_nutrition::Allergen::TreeNuts],
        ["almonds".to_string()].into_iter().collect()
    );
    let salmon = first("salmon");
    assert_eq!(
        salmon.allergen_details[&nls_nutrition::Allergen::Fish],
        ["salmon".to_string()].into_iter().collect()
    );
    let shrimp = first("shrimp");
    assert_eq!(
        shrimp.allergen_details[&nls_nutrition::Allergen::CrustaceanShellfish],
        ["shrimp".to_string()].into_iter().collect()
    );
    // Butternut squash is no tree nut, so it names no species.
    assert!(first("butternut squash").allergen_details.is_empty());
}
