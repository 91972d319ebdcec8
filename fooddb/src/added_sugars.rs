//! Added sugars of database foods (21 CFR 101.9(c)(6)(iii)).
//!
//! SR Legacy reports total sugars only. Used as an ingredient, a sweetener's sugars are
//! added sugars by the regulation's own definition: "sugars (free, mono- and
//! disaccharides), sugars from syrups and honey" added when a food is made. So for the
//! foods that are a sweetener and nothing else (sugars, honey, molasses, syrups, tabletop
//! sweeteners), added sugars equal total sugars, and a recipe made with them declares them.
//!
//! Every other food keeps added sugars unknown. Raw foods have none. For mixed foods
//! (jams, frostings, candies, cereals, fudge syrup with its milk) SR Legacy cannot say how
//! much of the sugar was added, and a guess would print a number no data supports.

use nls_nutrition::{Nutrient, NutrientAmounts};

/// The USDA food group every sweetener is filed under.
const SWEETS: &str = "Sweets";

/// First words of the descriptions of single-ingredient sweeteners in SR Legacy
/// ("Sugars, granulated", "Syrup, Cane", "Sweetener, syrup, agave", "Honey", ...).
const SWEETENER_HEADS: &[&str] = &[
    "sugar",
    "sugars",
    "honey",
    "molasses",
    "syrup",
    "syrups",
    "sweetener",
    "sweeteners",
];

/// Words that mark a mixture whose sugars are partly not added (milk in fudge syrup).
const MIXTURES: &[&str] = &["fudge"];

/// Whether the food is a sweetener and nothing else.
pub fn is_sweetener(description: &str, food_group: &str) -> bool {
    if food_group != SWEETS {
        return false;
    }
    let lower = description.to_lowercase();
    let head = lower.split(',').next().unwrap_or_default().trim();
    SWEETENER_HEADS.contains(&head) && !MIXTURES.iter().any(|word| lower.contains(word))
}

/// Added sugars per 100 g, where the data allows knowing them: a sweetener's total
/// sugars; `None` (unknown) for everything else.
pub fn added_sugars_for(
    description: &str,
    food_group: &str,
    nutrients: &NutrientAmounts,
) -> Option<f64> {
    if !is_sweetener(description, food_group) {
        return None;
    }
    nutrients.get(Nutrient::TotalSugarsG)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sugars_honey_syrups_and_tabletop_sweeteners_are_sweeteners() {
        for description in [
            "Sugars, granulated",
            "Sugar, turbinado",
            "Honey",
            "Molasses",
            "Syrups, maple",
            "Syrup, Cane",
            "Sweetener, syrup, agave",
            "Sweeteners, tabletop, fructose, liquid",
            "Syrups, table blends, pancake, with butter",
        ] {
            assert!(is_sweetener(description, SWEETS), "{description}");
        }
    }

    #[test]
    fn mixtures_and_other_groups_are_not() {
        for (description, group) in [
            ("Syrups, chocolate, fudge-type", SWEETS),
            ("Jams and preserves", SWEETS),
            ("Frostings, vanilla, creamy, ready-to-eat", SWEETS),
            ("Candies, hard", SWEETS),
            ("Honey roll sausage, beef", "Sausages and Luncheon Meats"),
            (
                "Milk, whole, 3.25% milkfat, with added vitamin D",
                "Dairy and Egg Products",
            ),
        ] {
            assert!(!is_sweetener(description, group), "{description}");
        }
    }

    #[test]
    fn a_sweeteners_added_sugars_are_its_total_sugars_and_unknown_stays_unknown() {
        let mut nutrients = NutrientAmounts::default();
        assert_eq!(added_sugars_for("Honey", SWEETS, &nutrients), None);
        nutrients.set(Nutrient::TotalSugarsG, 82.12);
        assert_eq!(added_sugars_for("Honey", SWEETS, &nutrients), Some(82.12));
        assert_eq!(added_sugars_for("Jellies", SWEETS, &nutrients), None);
    }
}
