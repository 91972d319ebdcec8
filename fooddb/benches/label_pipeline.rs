//! Issue target: a 20-ingredient recipe given by names, resolved against the shipped food
//! database and labelled (US and EU), in under 1 ms. Measured warm (names memoised, the
//! steady state of a service) and cold (every name ranked from scratch).
//!
//! `cargo bench -p nls-fooddb --bench label_pipeline`

use std::collections::BTreeSet;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use nls_fooddb::FoodDb;
use nls_nutrition::{IngredientSource, RecipeInput, ResolvedIngredient};

const NAMES: [(&str, f64); 20] = [
    ("all-purpose flour", 250.0),
    ("sugar", 120.0),
    ("butter", 115.0),
    ("egg", 100.0),
    ("milk", 240.0),
    ("baking powder", 8.0),
    ("salt", 3.0),
    ("vanilla extract", 5.0),
    ("banana", 200.0),
    ("walnuts", 60.0),
    ("brown sugar", 50.0),
    ("cinnamon", 2.0),
    ("olive oil", 15.0),
    ("honey", 20.0),
    ("rolled oats", 80.0),
    ("raisins", 40.0),
    ("cocoa powder", 25.0),
    ("sour cream", 60.0),
    ("baking soda", 3.0),
    ("chocolate chips", 90.0),
];

fn resolve_and_label(db: &FoodDb, format: &nls_nutrition::Format) -> nls_nutrition::Label {
    let ingredients = NAMES
        .iter()
        .map(|(name, grams)| {
            let food = db.resolve_name(name).expect("every bench name resolves");
            ResolvedIngredient {
                names: Default::default(),
                added_nutrients: Default::default(),
                grams: *grams,
                label_name: food.label_name.clone(),
                allergens: food.allergens.iter().copied().collect::<BTreeSet<_>>(),
                allergen_details: food.allergen_details.clone(),
                allergen_exemptions: Default::default(),
                sub_ingredients: Vec::new(),
                sub_ingredients_to_confirm: false,
                source: IngredientSource::PerHundredGrams(food.nutrients_per_100g.clone()),
                sugars_based: false,
            }
        })
        .collect();
    let recipe = RecipeInput {
        voluntary_nutrients: Default::default(),
        servings: 12.0,
        serving_weight_g: None,
        serving_size_text: Some("1 muffin".into()),
        racc_g: Some(55.0),
        ingredients,
    };
    let label = nls_nutrition::compute_label(&recipe, format).expect("label");
    black_box(nls_nutrition::claims(&recipe, &label));
    label
}

fn bench(c: &mut Criterion) {
    let db = nls_fooddb::shipped();
    let us = nls_nutrition::format("standard").expect("US format");
    let eu = nls_nutrition::format("eu-1169").expect("EU format");
    c.bench_function("20 names resolved + US label + claims", |b| {
        b.iter(|| resolve_and_label(black_box(db), us))
    });
    c.bench_function("20 names resolved + EU label", |b| {
        b.iter(|| resolve_and_label(black_box(db), eu))
    });
    // Every name resolved from scratch: the first recipe that uses these names.
    c.bench_function("20 names resolved cold + US label + claims", |b| {
        b.iter_batched(
            || db.forget_resolutions(),
            |()| resolve_and_label(black_box(db), us),
            criterion::BatchSize::PerIteration,
        )
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
