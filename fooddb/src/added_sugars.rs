//! Added sugars of database foods (21 CFR 101.9(c)(6)(iii)).
//!
//! SR Legacy reports total sugars only. Used as an ingredient, a sweetener's sugars are
//! added sugars by the regulation's own definition: "sugars (free, mono- and
//! disaccharides), sugars from syrups and honey" added when a food is made. So for the
//! foods that are a sweetener and nothing else (sugars, honey, molasses, syrups, tabletop
//! sweeteners), added sugars equal total sugars, and a recipe made with them declares them.
//!
//! Foods nothing is added to have none, by the same definition: raw commodities (fruits,
//! vegetables, meats, fish, eggs, legumes, nuts and grains described as "raw" or "fresh",
//! see [`is_unprocessed`]) and a reviewed list of plain dairy staples (fluid milk, cream,
//! butter, plain yogurt) whose sugars are the milk's own lactose.
//!
//! Every other food keeps added sugars unknown. For mixed foods
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

/// Food groups of single commodities, which SR Legacy describes as "raw" when unprocessed.
const COMMODITY_GROUPS: &[&str] = &[
    "Vegetables and Vegetable Products",
    "Fruits and Fruit Juices",
    "Beef Products",
    "Lamb, Veal, and Game Products",
    "Poultry Products",
    "Pork Products",
    "Finfish and Shellfish Products",
    "Legumes and Legume Products",
    "Nut and Seed Products",
    "Dairy and Egg Products",
    "Cereal Grains and Pasta",
    "Spices and Herbs",
];

/// Description segments that say the food is as harvested or slaughtered.
const UNPROCESSED: &[&str] = &["raw", "fresh"];

/// Words that say something was added or done that may add sugars (a cure, a glaze, a
/// syrup pack, a sweetened or seasoned product).
const PROCESSED: &[&str] = &[
    "sweetened",
    "sugar",
    "syrup",
    "honey",
    "candied",
    "glazed",
    "cured",
    "smoked",
    "marinated",
    "seasoned",
    "breaded",
    "sauce",
    "prepared",
    "juice",
    "flavored",
    "chocolate",
];

/// Plain dairy staples, by the start of their SR Legacy description: no sugar is added to
/// them, their sugars are the milk's lactose (checked against [`PROCESSED`] too).
const PLAIN_DAIRY: &[&str] = &[
    "Milk, whole, 3.25% milkfat",
    "Milk, reduced fat, fluid",
    "Milk, lowfat, fluid",
    "Milk, nonfat, fluid",
    "Cream, fluid",
    "Butter, salted",
    "Butter, without salt",
    "Yogurt, plain",
];

/// Whether nothing is added to the food: a raw or fresh commodity, or a plain dairy
/// staple, without any word of processing.
pub fn is_unprocessed(description: &str, food_group: &str) -> bool {
    let lower = description.to_lowercase();
    if PROCESSED
        .iter()
        .any(|w| lower.split(|c: char| !c.is_alphanumeric()).any(|x| x == *w))
    {
        return false;
    }
    if PLAIN_DAIRY.iter().any(|p| description.starts_with(p)) {
        return true;
    }
    COMMODITY_GROUPS.contains(&food_group)
        && lower
            .split(',')
            .map(str::trim)
            .any(|segment| UNPROCESSED.contains(&segment))
}

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
/// sugars, 0 for an unprocessed food; `None` (unknown) for everything else.
pub fn added_sugars_for(
    description: &str,
    food_group: &str,
    nutrients: &NutrientAmounts,
) -> Option<f64> {
    if is_sweetener(description, food_group) {
        return nutrients.get(Nutrient::TotalSugarsG);
    }
    is_unprocessed(description, food_group).then_some(0.0)
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
    fn raw_commodities_and_plain_dairy_have_no_added_sugars_and_processed_foods_stay_unknown() {
        let n = NutrientAmounts::default();
        for (description, group) in [
            ("Bananas, raw", "Fruits and Fruit Juices"),
            ("Broccoli, raw", "Vegetables and Vegetable Products"),
            ("Egg, whole, raw, fresh", "Dairy and Egg Products"),
            (
                "Milk, whole, 3.25% milkfat, with added vitamin D",
                "Dairy and Egg Products",
            ),
            ("Butter, salted", "Dairy and Egg Products"),
            ("Basil, fresh", "Spices and Herbs"),
        ] {
            assert_eq!(
                added_sugars_for(description, group, &n),
                Some(0.0),
                "{description}"
            );
        }
        for (description, group) in [
            (
                "Bread, white, commercially prepared (includes soft bread crumbs)",
                "Baked Products",
            ),
            ("Catsup", "Vegetables and Vegetable Products"),
            ("Pork, cured, bacon, unprepared", "Pork Products"),
            (
                "Milk, chocolate, fluid, commercial, whole",
                "Dairy and Egg Products",
            ),
            (
                "Peaches, canned, heavy syrup pack, solids and liquids",
                "Fruits and Fruit Juices",
            ),
            ("Yogurt, fruit, low fat", "Dairy and Egg Products"),
            ("Cookies, chocolate chip, raw dough", "Baked Products"),
        ] {
            assert_eq!(
                added_sugars_for(description, group, &n),
                None,
                "{description}"
            );
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
