//! Byte-for-byte guard of the label JSON of today's three formats (issue 13: formats moved to
//! data without changing one byte of their labels). `golden/labels.jsonl` holds one line per
//! (recipe, format): the recipe name, the format id, then the label exactly as
//! `serde_json::to_string` wrote it when the file was captured.
//!
//! Regenerate only after an intended change of the label object:
//! `NLS_REGENERATE_GOLDEN=1 cargo test -p nls-nutrition golden`

use super::{ing, ing_with, one_serving, recipe, sub};
use crate::Allergen::*;
use crate::Nutrient::*;
use crate::{compute_label, IngredientSource, Label, NutrientAmounts, RecipeInput};

const GOLDEN: &str = include_str!("golden/labels.jsonl");

/// The three formats of the captured file, by the ids labels print.
const FORMATS: [&str; 3] = ["standard", "eu-1169", "uk"];

fn amounts(pairs: &[(crate::Nutrient, f64)]) -> IngredientSource {
    let mut a = NutrientAmounts::default();
    for (n, v) in pairs {
        a.set(*n, *v);
    }
    IngredientSource::PerHundredGrams(a)
}

/// Recipes that exercise every branch of today's computation: allergens of both regimes,
/// sub-recipes, "less than" and low amounts, Atwater calories, polyols and alcohol, unknown
/// fibre, vitamins and minerals, servings that round with "about".
fn recipes() -> Vec<(&'static str, RecipeInput)> {
    let mut bread = recipe(
        2.4,
        Some(60.0),
        vec![
            ing_with("wheat flour", 100.0, &[Wheat]),
            ing("water", 60.0, &[(Calories, 0.0)]),
            ing_with("butter", 20.0, &[Milk]),
        ],
    );
    bread.ingredients[0].source = amounts(&[
        (Calories, 364.0),
        (TotalFatG, 1.0),
        (TotalCarbohydrateG, 76.0),
        (DietaryFiberG, 2.7),
        (ProteinG, 10.0),
        (SodiumMg, 2.0),
        (IronMg, 4.6),
    ]);
    bread.ingredients[2].source = amounts(&[
        (Calories, 717.0),
        (TotalFatG, 81.0),
        (SaturatedFatG, 51.0),
        (CholesterolMg, 215.0),
        (SodiumMg, 11.0),
        (ProteinG, 0.9),
    ]);
    bread.serving_size_text = Some("1 slice (60g)".to_string());

    let drink = one_serving(&[
        (Calories, 3.0),
        (CholesterolMg, 3.0),
        (SodiumMg, 4.0),
        (TotalCarbohydrateG, 0.7),
        (DietaryFiberG, 0.6),
        (TotalSugarsG, 0.4),
        (ProteinG, 0.7),
        (PotassiumMg, 12.0),
    ]);

    let mut atwater = recipe(
        4.0,
        None,
        vec![
            ing(
                "oats",
                200.0,
                &[
                    (TotalFatG, 7.0),
                    (TotalCarbohydrateG, 66.0),
                    (ProteinG, 17.0),
                ],
            ),
            ing(
                "honey",
                40.0,
                &[
                    (Calories, 304.0),
                    (TotalSugarsG, 82.0),
                    (AddedSugarsG, 82.0),
                    (TotalCarbohydrateG, 82.0),
                ],
            ),
        ],
    );
    atwater.serving_size_text = Some("1 bowl".to_string());

    let sweets = recipe(
        10.0,
        Some(12.5),
        vec![
            ing(
                "chocolate",
                80.0,
                &[
                    (Calories, 540.0),
                    (TotalFatG, 31.0),
                    (SaturatedFatG, 19.0),
                    (TransFatG, 0.2),
                    (TotalCarbohydrateG, 59.0),
                    (TotalSugarsG, 52.0),
                    (ProteinG, 7.6),
                    (SodiumMg, 79.0),
                    (CalciumMg, 189.0),
                    (IronMg, 2.4),
                    (PotassiumMg, 372.0),
                    (VitaminDMcg, 0.3),
                ],
            ),
            ing(
                "maltitol",
                40.0,
                &[
                    (Calories, 210.0),
                    (TotalCarbohydrateG, 100.0),
                    (PolyolsG, 100.0),
                ],
            ),
            ing("rum", 5.0, &[(Calories, 231.0), (AlcoholG, 33.0)]),
        ],
    );

    let pesto = recipe(
        1.0,
        None,
        vec![
            ing_with("pine nuts", 20.0, &[TreeNuts]),
            ing(
                "basil",
                50.0,
                &[(Calories, 23.0), (DietaryFiberG, 1.6), (ProteinG, 3.2)],
            ),
            ing_with("parmesan cheese", 30.0, &[Milk]),
        ],
    );
    let mut pasta = recipe(
        3.0,
        None,
        vec![
            ing(
                "durum wheat pasta",
                300.0,
                &[
                    (Calories, 371.0),
                    (TotalCarbohydrateG, 75.0),
                    (DietaryFiberG, 3.2),
                    (ProteinG, 13.0),
                    (TotalFatG, 1.5),
                    (SodiumMg, 6.0),
                ],
            ),
            sub("pesto", 90.0, pesto),
            ing("sea salt", 3.0, &[(SodiumMg, 38_758.0)]),
        ],
    );
    pasta.ingredients[0].allergens = [Wheat].into_iter().collect();
    pasta.ingredients[1].allergens = [Sulphites].into_iter().collect();
    pasta.serving_size_text = Some("1 plate & a <half>".to_string());

    let soup = recipe(
        6.0,
        Some(250.0),
        vec![
            ing_with("celery", 300.0, &[Celery]),
            ing_with("mustard seeds", 5.0, &[Mustard]),
            ing_with("mussels", 200.0, &[Molluscs]),
            ing_with("soy sauce", 20.0, &[Soy, Wheat]),
            ing_with("sesame oil", 10.0, &[Sesame]),
            ing_with("egg", 50.0, &[Eggs]),
            ing("water", 900.0, &[(Calories, 0.0), (SodiumMg, 3.0)]),
        ],
    );

    vec![
        ("bread", bread),
        ("drink", drink),
        ("atwater", atwater),
        ("sweets", sweets),
        ("pasta", pasta),
        ("soup", soup),
    ]
}

fn lines() -> Vec<String> {
    let mut out = Vec::new();
    for (name, r) in recipes() {
        for id in FORMATS {
            let format = crate::format(id).unwrap();
            let label = compute_label(&r, format).unwrap();
            out.push(format!(
                "{name}\t{id}\t{}",
                serde_json::to_string(&label).unwrap()
            ));
        }
    }
    out
}

#[test]
fn golden_label_json_of_the_three_formats_is_unchanged() {
    let now = lines();
    if std::env::var_os("NLS_REGENERATE_GOLDEN").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/tests/golden/labels.jsonl");
        std::fs::write(path, now.join("\n") + "\n").unwrap();
        return;
    }
    let want: Vec<&str> = GOLDEN.lines().collect();
    assert_eq!(want.len(), now.len(), "number of golden labels");
    for (w, n) in want.iter().zip(&now) {
        assert_eq!(*w, n.as_str(), "label JSON changed");
    }
}

#[test]
fn golden_labels_read_back_and_write_the_same_bytes() {
    for line in GOLDEN.lines() {
        let json = line.splitn(3, '\t').nth(2).unwrap();
        let label: Label = serde_json::from_str(json).unwrap();
        assert_eq!(serde_json::to_string(&label).unwrap(), json);
    }
}
