//! Invalid input never panics: each case is a `LabelError` with a client-fit message.

use super::{ing, recipe, sub, us};
use crate::Nutrient::*;
use crate::{compute_label, LabelError, RecipeInput};

fn err(r: &RecipeInput) -> LabelError {
    compute_label(r, us()).unwrap_err()
}

#[test]
fn zero_negative_or_non_finite_servings_are_refused() {
    for s in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let e = err(&recipe(s, None, vec![ing("a", 1.0, &[])]));
        assert!(matches!(e, LabelError::InvalidServings(_)), "{s}: {e}");
    }
    assert_eq!(
        err(&recipe(0.0, None, vec![ing("a", 1.0, &[])])).to_string(),
        "servings must be a finite number greater than 0 (got 0)"
    );
}

#[test]
fn an_empty_ingredient_list_is_refused() {
    assert_eq!(err(&recipe(1.0, None, vec![])), LabelError::NoIngredients);
}

#[test]
fn zero_negative_or_non_finite_grams_are_refused_naming_the_ingredient() {
    for g in [0.0, -5.0, f64::NAN, f64::NEG_INFINITY] {
        let e = err(&recipe(1.0, None, vec![ing("salt", g, &[])]));
        assert!(
            matches!(&e, LabelError::InvalidGrams { ingredient, .. } if ingredient == "salt"),
            "{e}"
        );
    }
}

#[test]
fn a_bad_serving_weight_or_racc_is_refused() {
    let e = err(&recipe(1.0, Some(0.0), vec![ing("a", 1.0, &[])]));
    assert!(matches!(e, LabelError::InvalidServingWeight(_)));
    let mut r = recipe(1.0, None, vec![ing("a", 1.0, &[])]);
    r.racc_g = Some(f64::NAN);
    assert!(matches!(err(&r), LabelError::InvalidRacc(_)));
}

#[test]
fn a_negative_or_nan_nutrient_amount_is_refused_naming_the_nutrient() {
    let e = err(&recipe(
        1.0,
        None,
        vec![ing("oil", 10.0, &[(TotalFatG, -1.0)])],
    ));
    assert_eq!(
        e.to_string(),
        "ingredient \"oil\": total_fat_g must be a finite number >= 0 (got -1)"
    );
    let e = err(&recipe(
        1.0,
        None,
        vec![ing("oil", 10.0, &[(SodiumMg, f64::NAN)])],
    ));
    assert!(matches!(
        e,
        LabelError::InvalidNutrientAmount {
            nutrient: "sodium_mg",
            ..
        }
    ));
}

#[test]
fn an_error_inside_a_sub_recipe_names_the_sub_recipe() {
    let inner = recipe(0.0, None, vec![ing("a", 1.0, &[])]);
    let e = err(&recipe(1.0, None, vec![sub("sauce", 10.0, inner)]));
    assert_eq!(
        e.to_string(),
        "sub-recipe \"sauce\": servings must be a finite number greater than 0 (got 0)"
    );
}

#[test]
fn sub_recipes_nested_too_deep_are_refused() {
    let mut r = recipe(1.0, None, vec![ing("a", 1.0, &[])]);
    for _ in 0..20 {
        r = recipe(1.0, None, vec![sub("s", 1.0, r)]);
    }
    assert!(matches!(err(&r), LabelError::NestingTooDeep { .. }));
}

#[test]
fn amounts_too_large_to_be_finite_are_refused() {
    let e = err(&recipe(
        1.0,
        None,
        vec![ing("a", f64::MAX, &[]), ing("b", f64::MAX, &[])],
    ));
    assert!(matches!(e, LabelError::Overflow(_)), "{e}");
    let e = err(&recipe(
        1.0,
        None,
        vec![ing("a", 1e300, &[(SodiumMg, 1e300)])],
    ));
    assert!(matches!(e, LabelError::Overflow(_)), "{e}");
}
