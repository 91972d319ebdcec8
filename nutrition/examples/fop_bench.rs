//! Every front-of-pack scheme computed for one label, timed (target: all 14 under 0.1 ms).
//! `cargo run --release -p nls-nutrition --example fop_bench`
//! (The criterion bench with the drawing is `cargo bench -p nls-renderer --bench fop`.)
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::time::Instant;

use nls_nutrition::fop::{front_of_pack, schemes, Category, Facts, State};
use nls_nutrition::{
    compute_label, format, IngredientSource, Nutrient, NutrientAmounts, RecipeInput,
    ResolvedIngredient,
};

fn main() {
    let mut a = NutrientAmounts::default();
    for (n, v) in [
        (Nutrient::Calories, 450.0),
        (Nutrient::TotalFatG, 20.0),
        (Nutrient::SaturatedFatG, 8.0),
        (Nutrient::TransFatG, 0.3),
        (Nutrient::SodiumMg, 500.0),
        (Nutrient::TotalCarbohydrateG, 60.0),
        (Nutrient::DietaryFiberG, 3.0),
        (Nutrient::TotalSugarsG, 25.0),
        (Nutrient::AddedSugarsG, 20.0),
        (Nutrient::ProteinG, 6.0),
    ] {
        a.set(n, v);
    }
    let recipe = RecipeInput {
        voluntary_nutrients: Default::default(),
        servings: 10.0,
        serving_weight_g: Some(30.0),
        serving_size_text: None,
        racc_g: None,
        ingredients: vec![ResolvedIngredient {
            names: Default::default(),
            added_nutrients: Default::default(),
            grams: 300.0,
            label_name: "Biscuit".into(),
            allergens: Default::default(),
            allergen_details: Default::default(),
            allergen_exemptions: Default::default(),
            sub_ingredients: Vec::new(),
            sub_ingredients_to_confirm: false,
            source: IngredientSource::PerHundredGrams(a),
            sugars_based: false,
        }],
    };
    let label = compute_label(&recipe, format("eu-1169").unwrap()).unwrap();
    let ids: Vec<String> = schemes().unwrap().iter().map(|s| s.id.clone()).collect();
    let facts = Facts {
        state: Some(State::Solid),
        density_g_per_ml: Some(1.0),
        free_sugars_g_per_100g: Some(20.0),
        lactose_galactose_g_per_100g: Some(0.0),
        fruit_vegetable_legume_pct: Some(10.0),
        non_nutritive_sweeteners: Some(false),
        caffeine: Some(false),
        category: Some(Category::General),
        added_critical_nutrients: None,
        reference_amount_g: Some(30.0),
        principal_display_area_cm2: None,
    };
    let run = || front_of_pack(black_box(&label), &ids, &facts, Some(30.0), "2026-06-01").unwrap();
    assert_eq!(run().len(), ids.len());
    for _ in 0..2_000 {
        black_box(run());
    }
    let rounds = 20_000u32;
    let start = Instant::now();
    for _ in 0..rounds {
        black_box(run());
    }
    let per = start.elapsed() / rounds;
    println!(
        "all {} schemes for one label: {:.1} µs per label",
        ids.len(),
        per.as_secs_f64() * 1e6
    );
}
