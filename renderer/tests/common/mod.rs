//! Sample labels shared by the tests, the bench and the `samples` example, built through
//! `nls_nutrition::compute_label` so they carry the engine's exact texts.
#![allow(dead_code, clippy::unwrap_used)]

use std::collections::BTreeSet;

use nls_nutrition::Nutrient::{self, *};
use nls_nutrition::{
    compute_label, format, Allergen, IngredientSource, Label, NutrientAmounts, RecipeInput,
    ResolvedIngredient,
};

pub mod pdf_unicode;

/// The fixtures' ingredients give only the amounts a test is about; the rest of their data
/// is silent, which the engine reports as `missing`. Layouts are drawn from them as complete
/// labels: the incomplete-data mark has tests of its own (`tests/marks.rs`).
fn complete(mut label: Label) -> Label {
    label.missing.clear();
    label
        .warnings
        .retain(|w| w.code != "incomplete_nutrient_data");
    label
}

fn ing(
    name: &str,
    grams: f64,
    allergens: &[Allergen],
    per_100g: &[(Nutrient, f64)],
) -> ResolvedIngredient {
    let mut a = NutrientAmounts::default();
    for (n, v) in per_100g {
        a.set(*n, *v);
    }
    ResolvedIngredient {
        names: Default::default(),
        added_nutrients: Default::default(),
        grams,
        label_name: name.to_string(),
        allergens: allergens.iter().copied().collect::<BTreeSet<_>>(),
        allergen_details: Default::default(),
        allergen_exemptions: Default::default(),
        sub_ingredients: Vec::new(),
        sub_ingredients_to_confirm: false,
        source: IngredientSource::PerHundredGrams(a),
        sugars_based: false,
    }
}

/// `i` marked a sugars-based ingredient (FDR B.01.001(1)): demerara sugar and golden syrup
/// are among the CFIA's examples (Annex 1 (A) "Demerara-style sugar", (B) "Golden syrup").
fn sugars_based(mut i: ResolvedIngredient) -> ResolvedIngredient {
    i.sugars_based = true;
    i
}

/// FDA's sample label numbers (8 servings of 2/3 cup, 55 g; 230 Calories), with allergens.
/// `recipe` with `nutrients` known for every ingredient (0 where its data is silent), so the
/// rows a format declares when the data gives them (`when_known`) are drawn.
pub fn with_known(mut recipe: RecipeInput, nutrients: &[Nutrient]) -> RecipeInput {
    for i in &mut recipe.ingredients {
        if let IngredientSource::PerHundredGrams(a) = &mut i.source {
            for n in nutrients {
                if a.get(*n).is_none() {
                    a.set(*n, 0.0);
                }
            }
        }
    }
    recipe
}

pub fn us_recipe() -> RecipeInput {
    // 400 g of the base carries 8 servings' nutrients: per 100 g = per serving x 2.
    let per_serving = [
        (Calories, 230.0),
        (TotalFatG, 8.0),
        (SaturatedFatG, 1.0),
        (TransFatG, 0.0),
        (CholesterolMg, 0.0),
        (SodiumMg, 160.0),
        (TotalCarbohydrateG, 37.0),
        (DietaryFiberG, 4.0),
        (TotalSugarsG, 12.0),
        (AddedSugarsG, 10.0),
        (ProteinG, 3.0),
        (VitaminDMcg, 2.0),
        (CalciumMg, 260.0),
        (IronMg, 8.0),
        (PotassiumMg, 235.0),
    ];
    let base: Vec<(Nutrient, f64)> = per_serving.iter().map(|(n, v)| (*n, v * 2.0)).collect();
    RecipeInput {
        voluntary_nutrients: Default::default(),
        servings: 8.0,
        serving_weight_g: Some(55.0),
        serving_size_text: Some("2/3 cup (55g)".into()),
        racc_g: None,
        ingredients: vec![
            ing("Whole grain oats", 400.0, &[], &base),
            ing("Cane sugar", 20.0, &[], &[(Calories, 0.0)]),
            ing("Enriched wheat flour (wheat flour, niacin, reduced iron, thiamin mononitrate, riboflavin, folic acid)", 12.0, &[Allergen::Wheat], &[(Calories, 0.0)]),
            ing("Nonfat milk powder", 6.0, &[Allergen::Milk], &[(Calories, 0.0)]),
            ing("Almonds", 4.0, &[Allergen::TreeNuts], &[(Calories, 0.0)]),
            ing("Sea salt", 1.0, &[], &[(Calories, 0.0)]),
            ing("Natural flavor", 0.5, &[], &[(Calories, 0.0)]),
        ],
    }
}

/// A drink with "less than" declarations (cholesterol, carbohydrate, fiber, protein).
pub fn us_less_than_recipe() -> RecipeInput {
    RecipeInput {
        voluntary_nutrients: Default::default(),
        servings: 1.0,
        serving_weight_g: Some(355.0),
        serving_size_text: Some("1 can (355mL)".into()),
        racc_g: None,
        ingredients: vec![
            ing(
                "Carbonated water",
                340.0,
                &[],
                &[
                    (Calories, 1.0),
                    (TotalFatG, 0.0),
                    (CholesterolMg, 0.9),
                    (SodiumMg, 10.0),
                    (TotalCarbohydrateG, 0.2),
                    (DietaryFiberG, 0.18),
                    (ProteinG, 0.17),
                    (PotassiumMg, 15.0),
                ],
            ),
            ing(
                "Lemon juice",
                15.0,
                &[],
                &[
                    (Calories, 22.0),
                    (TotalCarbohydrateG, 6.9),
                    (TotalSugarsG, 2.5),
                    (ProteinG, 0.4),
                    (PotassiumMg, 103.0),
                ],
            ),
        ],
    }
}

/// Oat biscuits for the EU table: fibre known, allergens emphasised.
pub fn eu_recipe() -> RecipeInput {
    RecipeInput {
        voluntary_nutrients: Default::default(),
        servings: 12.0,
        serving_weight_g: Some(25.0),
        serving_size_text: Some("2 biscuits (25 g)".into()),
        racc_g: None,
        ingredients: vec![
            ing(
                "Oat flakes",
                120.0,
                &[Allergen::Gluten],
                &[
                    (Calories, 379.0),
                    (TotalFatG, 6.5),
                    (SaturatedFatG, 1.1),
                    (TotalCarbohydrateG, 67.7),
                    (DietaryFiberG, 10.1),
                    (TotalSugarsG, 1.0),
                    (ProteinG, 13.2),
                    (SodiumMg, 6.0),
                ],
            ),
            ing(
                "Wheat flour",
                80.0,
                &[Allergen::Wheat, Allergen::Gluten],
                &[
                    (Calories, 364.0),
                    (TotalFatG, 1.0),
                    (SaturatedFatG, 0.2),
                    (TotalCarbohydrateG, 76.3),
                    (DietaryFiberG, 2.7),
                    (TotalSugarsG, 0.3),
                    (ProteinG, 10.3),
                    (SodiumMg, 2.0),
                ],
            ),
            ing(
                "Butter",
                70.0,
                &[Allergen::Milk],
                &[
                    (Calories, 717.0),
                    (TotalFatG, 81.1),
                    (SaturatedFatG, 51.4),
                    (TotalCarbohydrateG, 0.1),
                    (DietaryFiberG, 0.0),
                    (TotalSugarsG, 0.1),
                    (ProteinG, 0.9),
                    (SodiumMg, 11.0),
                ],
            ),
            sugars_based(ing(
                "Demerara sugar",
                60.0,
                &[],
                &[
                    (Calories, 387.0),
                    (TotalCarbohydrateG, 100.0),
                    (DietaryFiberG, 0.0),
                    (TotalSugarsG, 100.0),
                ],
            )),
            sugars_based(ing(
                "Golden syrup",
                25.0,
                &[],
                &[
                    (Calories, 325.0),
                    (TotalCarbohydrateG, 84.0),
                    (DietaryFiberG, 0.0),
                    (TotalSugarsG, 84.0),
                    (SodiumMg, 270.0),
                ],
            )),
            ing(
                "Raising agent (sodium bicarbonate)",
                3.0,
                &[],
                // Fibre 0 (no food gives none): the voluntary fibre row is printed only
                // when every ingredient's data gives it.
                &[(SodiumMg, 27360.0), (DietaryFiberG, 0.0)],
            ),
            ing(
                "Salt",
                1.0,
                &[],
                &[(SodiumMg, 38758.0), (DietaryFiberG, 0.0)],
            ),
        ],
    }
}

pub fn us_label() -> Label {
    complete(compute_label(&us_recipe(), format("standard").unwrap()).unwrap())
}

/// Issue 27's five-ingredient pancakes as the service labels them (`bench/run.sh`'s
/// recipe): the names resolved against the shipped food table as a `fooddb:` line is, the
/// flour's and milk's trans fat given on their lines (the table lacks it), 8 servings of
/// "2 pancakes", `standard` format. Drawn at the default size: 580 x 1,230 px.
pub fn pancake_label() -> Label {
    let db = nls_fooddb::shipped();
    let lines: [(&str, f64, Option<f64>); 5] = [
        ("all-purpose flour", 250.0, Some(0.0)),
        ("milk", 300.0, Some(0.1)),
        ("egg", 100.0, None),
        ("butter", 40.0, None),
        ("sugar", 25.0, None),
    ];
    let ingredients = lines
        .iter()
        .map(|(name, grams, trans_fat)| {
            let food = db.resolve_name(name).unwrap();
            let mut per_100g = food.nutrients_per_100g.clone();
            if let Some(t) = trans_fat {
                per_100g.set(TransFatG, *t);
            }
            ResolvedIngredient {
                names: Default::default(),
                added_nutrients: Default::default(),
                grams: *grams,
                label_name: food.label_name.clone(),
                allergens: food.allergens.clone(),
                allergen_details: food.allergen_details.clone(),
                allergen_exemptions: food.allergen_exemptions.clone(),
                sub_ingredients: food
                    .sub_ingredients
                    .map(|s| s.sub_ingredients.clone())
                    .unwrap_or_default(),
                sub_ingredients_to_confirm: food.sub_ingredients.is_some_and(|s| s.confirm),
                source: IngredientSource::PerHundredGrams(per_100g),
                sugars_based: food.sugars_based,
            }
        })
        .collect();
    let recipe = RecipeInput {
        voluntary_nutrients: Default::default(),
        servings: 8.0,
        serving_weight_g: None,
        serving_size_text: Some("2 pancakes".into()),
        racc_g: None,
        ingredients,
    };
    compute_label(&recipe, format("standard").unwrap()).unwrap()
}

pub fn us_less_than_label() -> Label {
    complete(compute_label(&us_less_than_recipe(), format("standard").unwrap()).unwrap())
}

pub fn eu_label() -> Label {
    complete(compute_label(&eu_recipe(), format("eu-1169").unwrap()).unwrap())
}

/// Per serving of FDA's dual-column sample label (2 servings of 1 cup, 255 g).
pub fn us_dual_recipe() -> RecipeInput {
    let per_serving = [
        (Calories, 220.0),
        (TotalFatG, 5.0),
        (SaturatedFatG, 2.0),
        (TransFatG, 0.0),
        (CholesterolMg, 15.0),
        (SodiumMg, 240.0),
        (TotalCarbohydrateG, 35.0),
        (DietaryFiberG, 6.0),
        (TotalSugarsG, 7.0),
        (AddedSugarsG, 4.0),
        (ProteinG, 9.0),
        (VitaminDMcg, 5.0),
        (CalciumMg, 200.0),
        (IronMg, 1.0),
        (PotassiumMg, 470.0),
    ];
    // 255 g per serving: per 100 g = per serving / 2.55.
    let base: Vec<(Nutrient, f64)> = per_serving.iter().map(|(n, v)| (*n, v / 2.55)).collect();
    RecipeInput {
        voluntary_nutrients: Default::default(),
        servings: 2.0,
        serving_weight_g: Some(255.0),
        serving_size_text: Some("1 cup".into()),
        racc_g: None,
        ingredients: vec![
            ing(
                "Cooked pasta (durum wheat semolina)",
                340.0,
                &[Allergen::Wheat],
                &base
                    .iter()
                    .map(|(n, v)| (*n, v * 510.0 / 340.0))
                    .collect::<Vec<_>>(),
            ),
            ing("Tomato sauce", 120.0, &[], &[(Calories, 0.0)]),
            ing(
                "Ricotta cheese",
                50.0,
                &[Allergen::Milk],
                &[(Calories, 0.0)],
            ),
        ],
    }
}

/// FDA's dual-column sample: per serving and per container.
pub fn us_dual_pkg_label() -> Label {
    complete(compute_label(&us_dual_recipe(), format("us.v.dual-pkg").unwrap()).unwrap())
}

/// What preparing the sample mix adds: 240 g of 2 % milk per serving.
pub fn milk_added() -> Vec<ResolvedIngredient> {
    vec![ing(
        "Milk",
        8.0 * 240.0,
        &[Allergen::Milk],
        &[
            (Calories, 50.0),
            (TotalFatG, 2.0),
            (SaturatedFatG, 1.3),
            (CholesterolMg, 8.0),
            (SodiumMg, 44.0),
            (TotalCarbohydrateG, 4.8),
            (TotalSugarsG, 5.1),
            (ProteinG, 3.3),
            (VitaminDMcg, 1.1),
            (CalciumMg, 120.0),
            (PotassiumMg, 150.0),
        ],
    )]
}

/// The sample cereal as packaged and as prepared with milk.
pub fn us_dual_prep_label() -> Label {
    let added = milk_added();
    let extras = nls_nutrition::Extras {
        prepared: &added,
        ..Default::default()
    };
    complete(
        nls_nutrition::compute_label_with(&us_recipe(), format("us.v.dual-prep").unwrap(), &extras)
            .unwrap(),
    )
}

/// A variety pack of three cereals, one column each.
pub fn us_aggr_label() -> Label {
    let cereal = |name: &str, kcal: f64, fat: f64, sugars: f64, allergens: &[Allergen]| {
        let per_100g = [
            (Calories, kcal),
            (TotalFatG, fat),
            (SaturatedFatG, fat / 5.0),
            (SodiumMg, 450.0),
            (TotalCarbohydrateG, 84.0),
            (DietaryFiberG, 3.0),
            (TotalSugarsG, sugars),
            (AddedSugarsG, sugars * 0.9),
            (ProteinG, 7.0),
            (IronMg, 29.0),
            (CalciumMg, 20.0),
            (PotassiumMg, 120.0),
        ];
        nls_nutrition::Food {
            name: name.to_string(),
            recipe: RecipeInput {
                voluntary_nutrients: Default::default(),
                servings: 1.0,
                serving_weight_g: Some(30.0),
                serving_size_text: Some("1 cup".into()),
                racc_g: None,
                ingredients: vec![ing(name, 30.0, allergens, &per_100g)],
            },
        }
    };
    let foods = [
        cereal("Corn Flakes", 357.0, 0.9, 10.0, &[]),
        cereal("Frosted Wheat", 375.0, 1.5, 33.0, &[Allergen::Wheat]),
        cereal("Honey Oat Rings", 393.0, 6.5, 30.0, &[Allergen::Milk]),
    ];
    complete(
        nls_nutrition::compute_aggregate(
            &foods,
            format("us.aggr").unwrap(),
            &nls_nutrition::Extras::default(),
        )
        .unwrap(),
    )
}

/// FDA's sample recipe (`us_recipe`) computed in the US format `id`.
pub fn us_label_in(id: &str) -> Label {
    complete(compute_label(&us_recipe(), format(id).unwrap()).unwrap())
}

/// A lightly sweetened flavored water: ten of the fifteen nutrients of 21 CFR 101.9(f) are
/// insignificant, so the simplified format applies.
pub fn us_simplified_recipe() -> RecipeInput {
    RecipeInput {
        voluntary_nutrients: Default::default(),
        servings: 1.0,
        serving_weight_g: Some(240.0),
        serving_size_text: Some("1 bottle (240mL)".into()),
        racc_g: None,
        ingredients: vec![
            ing(
                "Filtered water",
                233.0,
                &[],
                &[(Calories, 0.0), (SodiumMg, 15.0), (TotalFatG, 0.0)],
            ),
            ing(
                "Cane sugar",
                7.0,
                &[],
                &[
                    (Calories, 387.0),
                    (TotalCarbohydrateG, 100.0),
                    (TotalSugarsG, 100.0),
                    (AddedSugarsG, 100.0),
                ],
            ),
        ],
    }
}

/// A cranberry drink in a can, every nutrient of the table to FDR B.01.401 given: fat,
/// saturated and trans fat, cholesterol, fibre and protein are 0, so Canada's simplified
/// formats apply (six or more may be expressed as "0", B.01.401(6)).
pub fn ca_simplified_recipe() -> RecipeInput {
    let zero = [
        TotalFatG,
        SaturatedFatG,
        TransFatG,
        CholesterolMg,
        DietaryFiberG,
        ProteinG,
    ]
    .map(|n| (n, 0.0));
    let with = |given: &[(Nutrient, f64)]| -> Vec<(Nutrient, f64)> {
        zero.iter().chain(given).copied().collect()
    };
    RecipeInput {
        voluntary_nutrients: Default::default(),
        servings: 1.0,
        serving_weight_g: None,
        serving_size_text: Some("1 can (355 mL) / 1 canette (355 mL)".into()),
        racc_g: None,
        ingredients: vec![
            ing(
                "Carbonated water",
                300.0,
                &[],
                &with(&[
                    (TotalCarbohydrateG, 0.0),
                    (TotalSugarsG, 0.0),
                    (SodiumMg, 5.0),
                    (PotassiumMg, 0.0),
                    (CalciumMg, 0.0),
                    (IronMg, 0.0),
                ]),
            ),
            ing(
                "Cranberry juice concentrate",
                55.0,
                &[],
                &with(&[
                    (TotalCarbohydrateG, 60.0),
                    (TotalSugarsG, 55.0),
                    (SodiumMg, 0.0),
                    (PotassiumMg, 150.0),
                    (CalciumMg, 10.0),
                    (IronMg, 0.3),
                ]),
            ),
        ],
    }
}

/// [`ca_simplified_recipe`] in the Canadian simplified format `id`.
pub fn ca_simplified_label(id: &str) -> Label {
    complete(compute_label(&ca_simplified_recipe(), format(id).unwrap()).unwrap())
}

pub fn us_simplified_label() -> Label {
    complete(compute_label(&us_simplified_recipe(), format("us.v.simpl").unwrap()).unwrap())
}

/// `recipe`'s label in `format`, whatever its columns: an aggregate format's label has two
/// foods named `names`, both `recipe`; an as-prepared one adds `milk_added`.
pub fn label_in(recipe: &RecipeInput, format: &nls_nutrition::Format, names: [&str; 2]) -> Label {
    if format.has_food_columns() {
        let foods: Vec<nls_nutrition::Food> = names
            .iter()
            .map(|n| nls_nutrition::Food {
                name: n.to_string(),
                recipe: recipe.clone(),
            })
            .collect();
        complete(nls_nutrition::compute_aggregate(&foods, format, &Default::default()).unwrap())
    } else if format.has_prepared_column() {
        let added = milk_added();
        let extras = nls_nutrition::Extras {
            prepared: &added,
            ..Default::default()
        };
        complete(nls_nutrition::compute_label_with(recipe, format, &extras).unwrap())
    } else if format.simplified.is_some() {
        // The simplified format is only for foods it is allowed for (21 CFR 101.9(f)).
        complete(compute_label(&us_simplified_recipe(), format).unwrap())
    } else {
        complete(compute_label(recipe, format).unwrap())
    }
}
