//! Whether per-100 g amounts can describe a real food: every part is at most its whole, and
//! the parts of 100 g weigh at most 100 g. Pure; the command side turns each [`Problem`]
//! into a field error of `nutrients_per_100g`.
//!
//! The rules follow the definitions of 21 CFR 101.9:
//! - (c)(2): total fat is the total lipid fatty acids expressed as triglycerides; saturated
//!   (c)(2)(i), *trans* (c)(2)(ii), polyunsaturated (c)(2)(iii) and (cis-)monounsaturated
//!   (c)(2)(iv) fat are disjoint classes of those fatty acids, so together they are at most
//!   the total fat.
//! - (c)(6): total carbohydrate is 100 g less protein, fat, moisture and ash (so those parts
//!   plus carbohydrate are at most the food's weight). Dietary fiber (c)(6)(i), total sugars
//!   (c)(6)(ii) and sugar alcohol (c)(6)(iv) are disjoint parts of it: "other carbohydrate"
//!   (c)(6)(v) is total carbohydrate less their sum, and starch is part of that remainder.
//!   Polyols (Regulation (EU) No 1169/2011, Annex I point 10) name the same compounds as
//!   sugar alcohols, so the larger of the two counts once.
//! - (c)(6)(iii): added sugars are declared as included in total sugars, so at most them.
//!
//! Alcohol and water are weighed with the macronutrients where given (USDA's carbohydrate by
//! difference subtracts both). Minerals are part of the ash, so their element mass counts
//! too. Nothing else is assumed: a nutrient that is not given is unknown, and a part whose
//! whole is not given is compared with 0 (the label would print the whole as 0).

use std::collections::BTreeMap;

use crate::nutrient::Nutrient;

/// Rounding slack for comparing sums of decimal inputs (grams per 100 g).
const EPSILON_G: f64 = 1e-9;

/// Mineral elements given in mg or mcg, part of the ash, with their factor to grams.
const MINERALS: [(Nutrient, f64); 10] = [
    (Nutrient::SodiumMg, 1e-3),
    (Nutrient::PotassiumMg, 1e-3),
    (Nutrient::CalciumMg, 1e-3),
    (Nutrient::PhosphorusMg, 1e-3),
    (Nutrient::MagnesiumMg, 1e-3),
    (Nutrient::IronMg, 1e-3),
    (Nutrient::ZincMg, 1e-3),
    (Nutrient::CopperMg, 1e-3),
    (Nutrient::ManganeseMg, 1e-3),
    (Nutrient::SeleniumMcg, 1e-6),
];

/// One impossible combination: the field to fix and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The nutrient key whose amount is too large (the part, or the first of the parts).
    pub nutrient: Nutrient,
    /// What is wrong, with the numbers, for an API client.
    pub problem: String,
}

/// Every rule `per_100g` breaks (empty when it could be a real food). Negative or
/// non-finite amounts are reported here too, so the result is complete on any input.
pub fn problems(per_100g: &BTreeMap<Nutrient, f64>) -> Vec<Problem> {
    let mut found = Vec::new();
    for (nutrient, amount) in per_100g {
        if !(amount.is_finite() && *amount >= 0.0) {
            found.push(Problem {
                nutrient: *nutrient,
                problem: format!("must be a finite number >= 0 (got {amount})"),
            });
        }
    }
    if !found.is_empty() {
        return found;
    }
    let get = |n: Nutrient| per_100g.get(&n).copied();
    let g = |n: Nutrient| get(n).unwrap_or(0.0);
    let given = |ns: &[Nutrient]| -> Vec<Nutrient> {
        ns.iter().copied().filter(|n| get(*n).is_some()).collect()
    };

    let fats = [
        Nutrient::SaturatedFatG,
        Nutrient::TransFatG,
        Nutrient::MonounsaturatedFatG,
        Nutrient::PolyunsaturatedFatG,
    ];
    part_of_whole(
        &mut found,
        &given(&fats),
        Nutrient::TotalFatG,
        g,
        "101.9(c)(2)",
    );

    let polyols = g(Nutrient::SugarAlcoholsG).max(g(Nutrient::PolyolsG));
    let carbohydrate_parts: Vec<Nutrient> = given(&[
        Nutrient::DietaryFiberG,
        Nutrient::TotalSugarsG,
        Nutrient::SugarAlcoholsG,
        Nutrient::PolyolsG,
        Nutrient::StarchG,
    ]);
    let carbohydrate_sum =
        g(Nutrient::DietaryFiberG) + g(Nutrient::TotalSugarsG) + polyols + g(Nutrient::StarchG);
    let carbohydrate = g(Nutrient::TotalCarbohydrateG);
    if let Some(first) = carbohydrate_parts.first() {
        if carbohydrate_sum > carbohydrate + EPSILON_G {
            found.push(Problem {
                nutrient: *first,
                problem: format!(
                    "{} ({} g) cannot exceed total_carbohydrate_g ({}): they are parts of \
                     total carbohydrate (21 CFR 101.9(c)(6)(i)-(v))",
                    names(&carbohydrate_parts, " + "),
                    short(carbohydrate_sum),
                    whole_text(get(Nutrient::TotalCarbohydrateG)),
                ),
            });
        }
    }

    if get(Nutrient::AddedSugarsG).is_some() {
        part_of_whole(
            &mut found,
            &[Nutrient::AddedSugarsG],
            Nutrient::TotalSugarsG,
            g,
            "101.9(c)(6)(iii)",
        );
    }

    let mass_parts = given(&[
        Nutrient::TotalFatG,
        Nutrient::TotalCarbohydrateG,
        Nutrient::ProteinG,
        Nutrient::AlcoholG,
        Nutrient::WaterG,
    ]);
    let minerals: f64 = MINERALS.iter().map(|(n, to_g)| g(*n) * to_g).sum();
    let mass: f64 = mass_parts.iter().map(|n| g(*n)).sum::<f64>() + minerals;
    if mass > 100.0 + EPSILON_G {
        let first = mass_parts.first().copied().unwrap_or(Nutrient::SodiumMg);
        let minerals_text = if minerals > 0.0 {
            format!(" + minerals ({} g)", short(minerals))
        } else {
            String::new()
        };
        found.push(Problem {
            nutrient: first,
            problem: format!(
                "{}{minerals_text} weigh {} g, more than the 100 g they are part of \
                 (21 CFR 101.9(c)(6): carbohydrate is what remains of 100 g)",
                names(&mass_parts, " + "),
                short(mass),
            ),
        });
    }
    found
}

/// Adds a problem when the given `parts` add up to more than `whole`.
fn part_of_whole(
    found: &mut Vec<Problem>,
    parts: &[Nutrient],
    whole: Nutrient,
    g: impl Fn(Nutrient) -> f64,
    section: &str,
) {
    let Some(first) = parts.first() else {
        return;
    };
    let sum: f64 = parts.iter().map(|n| g(*n)).sum();
    let whole_amount = g(whole);
    if sum > whole_amount + EPSILON_G {
        let whole_given = (whole_amount > 0.0).then_some(whole_amount);
        found.push(Problem {
            nutrient: *first,
            problem: format!(
                "{} ({} g) cannot exceed {} ({}): {} part of it (21 CFR {section})",
                names(parts, " + "),
                short(sum),
                whole.key(),
                whole_text(whole_given),
                if parts.len() == 1 {
                    "it is"
                } else {
                    "they are"
                },
            ),
        });
    }
}

fn names(parts: &[Nutrient], sep: &str) -> String {
    parts.iter().map(|n| n.key()).collect::<Vec<_>>().join(sep)
}

fn whole_text(amount: Option<f64>) -> String {
    match amount {
        Some(a) => format!("{} g", short(a)),
        None => "not given, so 0 g".to_owned(),
    }
}

/// A number as a person would write it (no float noise).
fn short(x: f64) -> String {
    let rounded = (x * 1e6).round() / 1e6;
    format!("{rounded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amounts(pairs: &[(Nutrient, f64)]) -> BTreeMap<Nutrient, f64> {
        pairs.iter().copied().collect()
    }

    fn flagged(pairs: &[(Nutrient, f64)]) -> Vec<Nutrient> {
        problems(&amounts(pairs))
            .iter()
            .map(|p| p.nutrient)
            .collect()
    }

    #[test]
    fn butter_as_usda_gives_it_is_possible() {
        // FoodData Central 173410 (butter, salted), per 100 g.
        let butter = amounts(&[
            (Nutrient::WaterG, 16.17),
            (Nutrient::TotalFatG, 81.11),
            (Nutrient::SaturatedFatG, 51.368),
            (Nutrient::MonounsaturatedFatG, 21.021),
            (Nutrient::PolyunsaturatedFatG, 3.043),
            (Nutrient::TransFatG, 3.278),
            (Nutrient::ProteinG, 0.85),
            (Nutrient::TotalCarbohydrateG, 0.06),
            (Nutrient::TotalSugarsG, 0.06),
            (Nutrient::SodiumMg, 643.0),
        ]);
        assert_eq!(problems(&butter), vec![]);
    }

    #[test]
    fn fatty_acids_above_total_fat_are_refused() {
        assert_eq!(
            flagged(&[
                (Nutrient::TotalFatG, 10.0),
                (Nutrient::SaturatedFatG, 6.0),
                (Nutrient::MonounsaturatedFatG, 5.0),
            ]),
            vec![Nutrient::SaturatedFatG]
        );
        assert_eq!(
            flagged(&[(Nutrient::TransFatG, 1.0)]),
            vec![Nutrient::TransFatG]
        );
    }

    #[test]
    fn sugars_and_fiber_together_are_part_of_carbohydrate() {
        let each_fits_but_not_both = [
            (Nutrient::TotalCarbohydrateG, 20.0),
            (Nutrient::TotalSugarsG, 15.0),
            (Nutrient::DietaryFiberG, 10.0),
        ];
        let found = problems(&amounts(&each_fits_but_not_both));
        assert_eq!(found.len(), 1);
        assert!(found[0].problem.contains("25 g"), "{found:?}");
        assert_eq!(
            flagged(&[
                (Nutrient::TotalCarbohydrateG, 20.0),
                (Nutrient::TotalSugarsG, 15.0)
            ]),
            vec![]
        );
    }

    #[test]
    fn polyols_and_sugar_alcohols_count_once() {
        assert_eq!(
            flagged(&[
                (Nutrient::TotalCarbohydrateG, 10.0),
                (Nutrient::SugarAlcoholsG, 8.0),
                (Nutrient::PolyolsG, 8.0),
            ]),
            vec![]
        );
    }

    #[test]
    fn added_sugars_above_total_sugars_are_refused() {
        assert_eq!(
            flagged(&[
                (Nutrient::TotalCarbohydrateG, 50.0),
                (Nutrient::TotalSugarsG, 10.0),
                (Nutrient::AddedSugarsG, 12.0),
            ]),
            vec![Nutrient::AddedSugarsG]
        );
    }

    #[test]
    fn the_parts_of_100_g_weigh_at_most_100_g() {
        assert_eq!(
            flagged(&[
                (Nutrient::WaterG, 60.0),
                (Nutrient::TotalFatG, 20.0),
                (Nutrient::ProteinG, 25.0),
            ]),
            vec![Nutrient::TotalFatG]
        );
        assert_eq!(
            flagged(&[(Nutrient::AlcoholG, 40.0), (Nutrient::WaterG, 61.0)]),
            vec![Nutrient::AlcoholG]
        );
        // Table salt: 38.758 g sodium in 100 g is fine; 100 g of sodium plus water is not.
        assert_eq!(flagged(&[(Nutrient::SodiumMg, 38_758.0)]), vec![]);
        assert_eq!(
            flagged(&[(Nutrient::SodiumMg, 60_000.0), (Nutrient::WaterG, 50.0)]),
            vec![Nutrient::WaterG]
        );
    }

    #[test]
    fn negative_and_non_finite_amounts_are_refused() {
        assert_eq!(
            flagged(&[(Nutrient::ProteinG, -1.0), (Nutrient::SodiumMg, f64::NAN)]),
            vec![Nutrient::SodiumMg, Nutrient::ProteinG]
        );
    }
}

#[cfg(test)]
mod properties {
    use std::time::{Duration, Instant};

    use proptest::prelude::*;

    use super::*;
    use crate::label::{IngredientSource, RecipeInput, ResolvedIngredient};
    use crate::nutrient::NutrientAmounts;

    /// Any amounts of the keys the rules look at, valid or not.
    fn any_amounts() -> impl Strategy<Value = BTreeMap<Nutrient, f64>> {
        let keys = prop::sample::select(Nutrient::ALL.to_vec());
        let amount = prop_oneof![
            8 => 0.0..100.0f64,
            1 => 0.0..100_000.0f64,
            1 => prop::num::f64::ANY,
        ];
        prop::collection::btree_map(keys, amount, 0..20)
    }

    proptest! {
        /// Whatever is accepted is a possible food, and the label made of 100 g of it
        /// prints no part above its whole; deciding takes microseconds.
        #[test]
        fn accepted_amounts_print_a_possible_label(per_100g in any_amounts()) {
            let started = Instant::now();
            let found = problems(&per_100g);
            // A guard against unbounded work (a blow-up takes seconds), not a speed target.
            prop_assert!(started.elapsed() < Duration::from_secs(1));
            if found.is_empty() {
                let g = |n: Nutrient| per_100g.get(&n).copied().unwrap_or(0.0);
                let fats = g(Nutrient::SaturatedFatG) + g(Nutrient::TransFatG)
                    + g(Nutrient::MonounsaturatedFatG) + g(Nutrient::PolyunsaturatedFatG);
                prop_assert!(fats <= g(Nutrient::TotalFatG) + 1e-6);
                prop_assert!(
                    g(Nutrient::TotalSugarsG) + g(Nutrient::DietaryFiberG)
                        <= g(Nutrient::TotalCarbohydrateG) + 1e-6
                );
                prop_assert!(g(Nutrient::AddedSugarsG) <= g(Nutrient::TotalSugarsG) + 1e-6);
                prop_assert!(
                    g(Nutrient::TotalFatG) + g(Nutrient::TotalCarbohydrateG)
                        + g(Nutrient::ProteinG) + g(Nutrient::WaterG) <= 100.0 + 1e-6
                );
                let recipe = RecipeInput {
                    voluntary_nutrients: Default::default(),
                    servings: 1.0,
                    serving_weight_g: None,
                    serving_size_text: None,
                    racc_g: None,
                    ingredients: vec![ResolvedIngredient {
                        names: Default::default(),
                        added_nutrients: Default::default(),
                        grams: 100.0,
                        label_name: "x".into(),
                        allergens: Default::default(),
                        allergen_details: Default::default(),
                        allergen_exemptions: Default::default(),
                        sub_ingredients: Vec::new(),
                        sub_ingredients_to_confirm: false,
                        source: IngredientSource::PerHundredGrams(NutrientAmounts(per_100g.clone())),
                        sugars_based: false,
                    }],
                };
                let format = crate::catalog::format("standard");
                prop_assert!(format.is_some());
                if let Some(format) = format {
                    let label = crate::compute::compute_label(&recipe, format);
                    prop_assert!(label.is_ok());
                    if let Ok(label) = label {
                        let u = |k: &str| label.unrounded.get(k).copied().unwrap_or(0.0);
                        prop_assert!(u("saturated_fat_g") + u("trans_fat_g") <= u("total_fat_g") + 1e-6);
                        prop_assert!(u("total_sugars_g") + u("dietary_fiber_g") <= u("total_carbohydrate_g") + 1e-6);
                        prop_assert!(u("added_sugars_g") <= u("total_sugars_g") + 1e-6);
                    }
                }
            } else {
                prop_assert!(found.iter().all(|p| !p.problem.is_empty()));
            }
        }
    }
}
