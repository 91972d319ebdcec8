//! Allergens of database foods: a reviewed keyword mapping over USDA descriptions.
//!
//! The mapping is deliberately conservative (a food that usually contains an allergen gets
//! it) with named exceptions for well-known false positives. Decisions worth knowing:
//! - `gluten` accompanies `wheat`, and is also set for rye, barley, oats, spelt and malt
//!   (EU Annex II lists oats as a gluten cereal).
//! - Coconut is not a tree nut here (EU Annex II does not list it, and FDA's 2025 guidance
//!   removed it). Nutmeg, butternut squash, cocoa butter, shea and "butter beans" are not
//!   milk or nuts. Every other food in USDA's "Nuts, ..." family (chestnuts, beechnuts,
//!   butternuts, hickory nuts, ginkgo) is marked `tree_nuts`.
//! - Refined peanut and soybean oils carry their allergen with the exemptions that may
//!   lift it ([`exemptions_for`]): the US exempts highly refined oils (21 U.S.C.
//!   321(qq)(2)(A)), the EU only fully refined soybean oil (Annex II point 6(a)), so
//!   "Oil, peanut" declares peanuts on EU labels and nothing on US ones. Nut and sesame oils
//!   are often cold-pressed and keep their allergen everywhere; soybean lecithin keeps soy.
//! - Soy sauce is wheat-brewed unless it says tamari, so it carries wheat and gluten.
//! - Worcestershire sauce carries fish (anchovies). Wine and sulfured dried fruit carry
//!   sulphites; other sulphite sources are not detectable from descriptions.
//! - Prepared dishes are matched on their named components only; USDA descriptions do not
//!   list full recipes, so composite foods must be reviewed by the recipe author.

use std::collections::BTreeSet;

use nls_nutrition::{Allergen, AllergenDetails};

use crate::matching::words;

/// Exemption ids of the food's allergens that some regimes grant (see
/// `nls_nutrition::regime::AllergenRules::exemptions`): refined peanut and soybean oils are
/// `highly_refined_oil` (US), soybean oil also `fully_refined_soybean_oil` (EU). USDA's
/// "Oil, peanut" and "Oil, soybean" are refined salad and cooking oils.
pub fn exemptions_for(
    description: &str,
    allergens: &BTreeSet<Allergen>,
) -> std::collections::BTreeMap<Allergen, BTreeSet<String>> {
    let words = words(description);
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    let lower = description.to_lowercase();
    let head = lower.split(',').next().unwrap_or("").trim().to_owned();
    let has = |word: &str| w.contains(&word);
    let is_oil = head == "oil" || head.starts_with("oil ");
    let mut out = std::collections::BTreeMap::new();
    if !is_oil || has("lecithin") {
        return out;
    }
    if allergens.contains(&Allergen::Peanuts) && has("peanut") {
        out.insert(
            Allergen::Peanuts,
            BTreeSet::from(["highly_refined_oil".to_owned()]),
        );
    }
    if allergens.contains(&Allergen::Soy) && (has("soybean") || has("soy")) {
        out.insert(
            Allergen::Soy,
            BTreeSet::from([
                "highly_refined_oil".to_owned(),
                "fully_refined_soybean_oil".to_owned(),
            ]),
        );
    }
    out
}

/// Allergens for a food, from its description and USDA food group.
pub fn allergens_for(description: &str, food_group: &str) -> BTreeSet<Allergen> {
    let words = words(description);
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    let lower = description.to_lowercase();
    let head = lower.split(',').next().unwrap_or("").trim().to_owned();
    let has = |word: &str| w.contains(&word);
    let follows = |first: &str, second: &str| w.windows(2).any(|p| p[0] == first && p[1] == second);
    let mut out = BTreeSet::new();

    let is_oil = head == "oil" || head.starts_with("oil ");
    let refined_exempt_oil =
        is_oil && (has("peanut") || has("soybean") || has("soy")) && !has("lecithin");

    // Milk.
    let plant_milk = ["coconut", "soy", "almond", "rice", "oat", "cashew", "hemp"]
        .iter()
        .any(|p| follows(p, "milk") || follows(p, "beverage"))
        || has("soymilk");
    let butter_is_dairy = w.iter().enumerate().any(|(i, word)| {
        *word == "butter"
            && !(i > 0
                && [
                    "peanut",
                    "cocoa",
                    "apple",
                    "shea",
                    "nut",
                    "almond",
                    "cashew",
                    "sesame",
                    "sunflower",
                    "seed",
                    "hazelnut",
                    "pecan",
                    "macadamia",
                    "pistachio",
                    "soy",
                    "soybean",
                    "mango",
                    "kokum",
                ]
                .contains(&w[i - 1]))
            && w.get(i + 1) != Some(&"bean")
    });
    let cream_is_dairy = w.iter().enumerate().any(|(i, word)| {
        *word == "cream"
            && w.get(i + 1) != Some(&"style")
            && !(w.get(i + 1) == Some(&"tartar")
                || (w.get(i + 1) == Some(&"of") && w.get(i + 2) == Some(&"tartar")))
            && !(i > 0 && ["coconut"].contains(&w[i - 1]))
    }) && !lower.contains("cream of tartar");
    let milk_words = [
        "cheese",
        "yogurt",
        "whey",
        "casein",
        "caseinate",
        "kefir",
        "ghee",
        "lactose",
        "buttermilk",
        "milkfat",
        "custard",
        "pudding",
    ];
    let look_alike = lower.contains("custard-apple") || lower.contains("bread and butter pickle");
    if !look_alike
        && ((has("milk") && !plant_milk)
            || butter_is_dairy
            || cream_is_dairy
            || milk_words.iter().any(|m| has(m))
            || (food_group == "Dairy and Egg Products" && !head.starts_with("egg")))
    {
        out.insert(Allergen::Milk);
    }
    if lower.contains("non-dairy") || lower.contains("nondairy") {
        // Non-dairy creamers and toppings are still often caseinate-based; keep milk unless
        // nothing but the "non-dairy" claim pointed to it.
        if !(milk_words.iter().any(|m| has(m)) || has("caseinate")) {
            out.remove(&Allergen::Milk);
        }
    }

    // Eggs.
    if has("egg") || has("eggnog") || has("mayonnaise") || has("meringue") {
        out.insert(Allergen::Eggs);
    }

    // Wheat and gluten.
    let non_wheat_flour = [
        "rice",
        "corn",
        "soy",
        "potato",
        "almond",
        "chickpea",
        "peanut",
        "coconut",
        "arrowroot",
        "tapioca",
        "buckwheat",
        "carob",
        "cottonseed",
        "sesame",
        "sunflower",
        "mesquite",
        "rye",
        "barley",
        "oat",
        "sorghum",
        "millet",
        "teff",
        "quinoa",
        "amaranth",
        "lupin",
        "fish",
    ];
    let wheat_flour = w
        .iter()
        .enumerate()
        .any(|(i, word)| *word == "flour" && !(i > 0 && non_wheat_flour.contains(&w[i - 1])))
        && !has("gluten-free");
    let wheat_words = [
        "wheat",
        "bread",
        "pasta",
        "spaghetti",
        "macaroni",
        "couscous",
        "bulgur",
        "semolina",
        "durum",
        "spelt",
        "farina",
        "seitan",
        "cracker",
        "cookie",
        "cake",
        "muffin",
        "biscuit",
        "croissant",
        "bagel",
        "pretzel",
        "waffle",
        "pancake",
        "doughnut",
        "pastry",
        "pie",
        "crouton",
        "breadcrumb",
        "tortellini",
        "ravioli",
        "lasagna",
        "pizza",
        "noodle",
        "dumpling",
        "strudel",
        "brownie",
        "breaded",
        "batter",
    ];
    let gluten_free = lower.contains("gluten-free") || lower.contains("gluten free");
    let not_wheat = has("buckwheat") && !has("wheat")
        || (has("noodle") && (has("rice") || has("cellophane")))
        || (has("cake") && (has("rice") || has("corn")) && !has("wheat"))
        || lower.contains("pie spice")
        || (has("tortilla") && has("corn"))
        || (has("pie") && (has("filling") || has("mix")) && !has("crust"))
        || (has("spaghetti") && has("squash"))
        || lower.contains("bread and butter pickle");
    let soy_sauce = lower.contains("soy sauce") && !lower.contains("tamari");
    let flour_tortilla = has("tortilla") && has("flour");
    let bakery_word = wheat_words.iter().any(|k| has(k)) || wheat_flour || flour_tortilla;
    let wheat_oil_exempt = is_oil && !lower.contains("wheat germ");
    if ((bakery_word && !gluten_free && !not_wheat) || soy_sauce || lower.contains("wheat germ"))
        && !wheat_oil_exempt
    {
        out.insert(Allergen::Wheat);
        out.insert(Allergen::Gluten);
    }
    if [
        "rye",
        "barley",
        "oat",
        "oatmeal",
        "malt",
        "malted",
        "kamut",
        "triticale",
        "spelt",
    ]
    .iter()
    .any(|k| has(k))
        && !gluten_free
        && !is_oil
    {
        out.insert(Allergen::Gluten);
    }

    // Tree nuts (coconut excluded, see module docs).
    let tree_nuts = [
        "almond",
        "walnut",
        "pecan",
        "cashew",
        "pistachio",
        "hazelnut",
        "filbert",
        "macadamia",
        "brazilnut",
        "praline",
        "marzipan",
        "nutella",
        "gianduja",
    ];
    let nut_family = head == "nuts" && !has("coconut");
    if (tree_nuts.iter().any(|k| has(k))
        || follows("pine", "nut")
        || follows("brazil", "nut")
        || nut_family)
        && !(is_oil && refined_exempt_oil)
    {
        out.insert(Allergen::TreeNuts);
    }

    // Peanuts (a refined peanut oil's exemption is the regime's to grant: exemptions_for).
    if has("peanut") || has("groundnut") {
        out.insert(Allergen::Peanuts);
    }

    // Soy (refined soybean oil exempt; lecithin kept).
    let soy_words = [
        "soy", "soybean", "soya", "tofu", "tempeh", "miso", "natto", "edamame", "soymilk", "okara",
    ];
    if soy_words.iter().any(|k| has(k)) {
        out.insert(Allergen::Soy);
    }

    // Sesame.
    if has("sesame") || has("tahini") || has("halvah") || has("halva") {
        out.insert(Allergen::Sesame);
    }

    // Fish.
    let fish_words = [
        "fish",
        "anchovy",
        "cod",
        "salmon",
        "tuna",
        "sardine",
        "trout",
        "tilapia",
        "halibut",
        "haddock",
        "mackerel",
        "herring",
        "catfish",
        "pollock",
        "bass",
        "snapper",
        "swordfish",
        "flounder",
        "sole",
        "perch",
        "pike",
        "carp",
        "eel",
        "roe",
        "caviar",
        "whitefish",
        "grouper",
        "mahimahi",
        "pompano",
        "rockfish",
        "shad",
        "smelt",
        "sturgeon",
        "bluefish",
        "butterfish",
        "milkfish",
        "croaker",
        "roughy",
        "whiting",
        "worcestershire",
        "surimi",
        "lox",
        "dolphinfish",
        "cusk",
        "burbot",
        "monkfish",
        "wolffish",
        "lingcod",
        "sablefish",
        "scup",
        "sheepshead",
        "tilefish",
        "turbot",
        "yellowtail",
    ];
    let fish_head = head == "fish" || head.starts_with("fish ");
    let fish_group = food_group == "Finfish and Shellfish Products";
    let fishy_word = fish_words.iter().any(|k| has(k));
    if fish_head
        || (fish_group && !head.starts_with("crustaceans") && !head.starts_with("mollusks"))
        || (fishy_word && !has("salmonberry") && !has("shellfish"))
    {
        out.insert(Allergen::Fish);
    }

    // Crustacean shellfish.
    let crustaceans = [
        "shrimp",
        "crab",
        "lobster",
        "crayfish",
        "crawfish",
        "prawn",
        "langostino",
        "krill",
    ];
    if head.starts_with("crustaceans") || crustaceans.iter().any(|k| has(k)) {
        out.insert(Allergen::CrustaceanShellfish);
    }

    // Molluscs (oyster mushrooms are not).
    let molluscs = [
        "clam",
        "mussel",
        "oyster",
        "scallop",
        "squid",
        "octopus",
        "cuttlefish",
        "abalone",
        "snail",
        "whelk",
        "conch",
        "escargot",
        "calamari",
    ];
    let mushroom = has("mushroom");
    let squash_scallop = has("squash") && has("scallop");
    if head.starts_with("mollusks")
        || (molluscs.iter().any(|k| has(k)) && !mushroom && !squash_scallop)
    {
        out.insert(Allergen::Molluscs);
    }

    // Celery, mustard, lupin.
    if has("celery") || has("celeriac") {
        out.insert(Allergen::Celery);
    }
    if has("mustard") {
        out.insert(Allergen::Mustard);
    }
    if has("lupin") || has("lupine") {
        out.insert(Allergen::Lupin);
    }

    // Sulphites: wine and sulfured dried fruit.
    if has("sulfured") || has("wine") && !has("vinegar") {
        out.insert(Allergen::Sulphites);
    }
    out
}

/// The species of a food's tree nuts, fish and Crustacean shellfish named in its description
/// (21 U.S.C. 343(w)(2): "almonds", "salmon", "shrimp"), for the allergens in `allergens`
/// only. Worcestershire sauce names its anchovies. A food whose description names no known
/// species ("Nuts, mixed nuts") gets none, and its label keeps the allergen's own name.
pub fn species_for(description: &str, allergens: &BTreeSet<Allergen>) -> AllergenDetails {
    let words = words(description);
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    let mut found = nls_nutrition::allergen::species_in(&w);
    if w.contains(&"worcestershire") {
        found.push((Allergen::Fish, "anchovies"));
    }
    let mut details = AllergenDetails::new();
    for (allergen, name) in found {
        if allergen.takes_species() && allergens.contains(&allergen) {
            details
                .entry(allergen)
                .or_default()
                .insert(name.to_string());
        }
    }
    details
}

#[cfg(test)]
mod tests {
    use super::*;
    use Allergen::*;

    fn set(items: &[Allergen]) -> BTreeSet<Allergen> {
        items.iter().copied().collect()
    }

    fn of(description: &str, group: &str) -> BTreeSet<Allergen> {
        allergens_for(description, group)
    }

    #[test]
    fn common_allergen_foods_are_mapped() {
        let dairy = "Dairy and Egg Products";
        let cases: &[(&str, &str, &[Allergen])] = &[
            (
                "Wheat flour, white, all-purpose, enriched, bleached",
                "Cereal Grains and Pasta",
                &[Gluten, Wheat],
            ),
            (
                "Bread, white, commercially prepared (includes soft bread crumbs)",
                "Baked Products",
                &[Gluten, Wheat],
            ),
            (
                "Pasta, dry, enriched",
                "Cereal Grains and Pasta",
                &[Gluten, Wheat],
            ),
            ("Rye flour, dark", "Cereal Grains and Pasta", &[Gluten]),
            ("Barley, pearled, raw", "Cereal Grains and Pasta", &[Gluten]),
            (
                "Cereals, oats, regular and quick, not fortified, dry",
                "Breakfast Cereals",
                &[Gluten],
            ),
            ("Butter, salted", dairy, &[Milk]),
            ("Cheese, cheddar", dairy, &[Milk]),
            ("Yogurt, plain, whole milk", dairy, &[Milk]),
            ("Cream, fluid, heavy whipping", dairy, &[Milk]),
            ("Egg, whole, raw, fresh", dairy, &[Eggs]),
            (
                "Salad dressing, mayonnaise, regular",
                "Fats and Oils",
                &[Eggs],
            ),
            ("Nuts, almonds", "Nut and Seed Products", &[TreeNuts]),
            (
                "Nuts, walnuts, english",
                "Nut and Seed Products",
                &[TreeNuts],
            ),
            (
                "Nuts, pine nuts, dried",
                "Nut and Seed Products",
                &[TreeNuts],
            ),
            (
                "Nuts, brazilnuts, dried, unblanched",
                "Nut and Seed Products",
                &[TreeNuts],
            ),
            (
                "Peanuts, all types, raw",
                "Legumes and Legume Products",
                &[Peanuts],
            ),
            (
                "Peanut butter, smooth style, with salt",
                "Legumes and Legume Products",
                &[Peanuts],
            ),
            (
                "Tofu, raw, firm, prepared with calcium sulfate",
                "Legumes and Legume Products",
                &[Soy],
            ),
            (
                "Soy sauce made from soy and wheat (shoyu)",
                "Legumes and Legume Products",
                &[Gluten, Soy, Wheat],
            ),
            (
                "Soy sauce made from soy (tamari)",
                "Legumes and Legume Products",
                &[Soy],
            ),
            (
                "Seeds, sesame butter, tahini, type of kernels unspecified",
                "Nut and Seed Products",
                &[Sesame],
            ),
            (
                "Crustaceans, shrimp, raw",
                "Finfish and Shellfish Products",
                &[CrustaceanShellfish],
            ),
            (
                "Crustaceans, crab, blue, raw",
                "Finfish and Shellfish Products",
                &[CrustaceanShellfish],
            ),
            (
                "Mollusks, clam, mixed species, raw",
                "Finfish and Shellfish Products",
                &[Molluscs],
            ),
            (
                "Mollusks, squid, mixed species, raw",
                "Finfish and Shellfish Products",
                &[Molluscs],
            ),
            (
                "Fish, salmon, Atlantic, farmed, raw",
                "Finfish and Shellfish Products",
                &[Fish],
            ),
            (
                "Sauce, worcestershire",
                "Soups, Sauces, and Gravies",
                &[Fish],
            ),
            (
                "Celery, raw",
                "Vegetables and Vegetable Products",
                &[Celery],
            ),
            ("Mustard, prepared, yellow", "Spices and Herbs", &[Mustard]),
            (
                "Lupins, mature seeds, raw",
                "Legumes and Legume Products",
                &[Lupin],
            ),
            (
                "Apricots, dried, sulfured, uncooked",
                "Fruits and Fruit Juices",
                &[Sulphites],
            ),
        ];
        for (description, group, expected) in cases {
            assert_eq!(of(description, group), set(expected), "{description}");
        }
    }

    #[test]
    fn look_alike_words_are_not_allergens() {
        let none: &[(&str, &str)] = &[
            ("Nuts, coconut meat, raw", "Nut and Seed Products"),
            (
                "Nuts, coconut milk, canned (liquid expressed from grated meat and water)",
                "Nut and Seed Products",
            ),
            ("Oil, coconut", "Fats and Oils"),
            (
                "Squash, winter, butternut, raw",
                "Vegetables and Vegetable Products",
            ),
            ("Oil, cocoa butter", "Fats and Oils"),
            ("Spices, nutmeg, ground", "Spices and Herbs"),
            ("Leavening agents, cream of tartar", "Baked Products"),
            ("Leavening agents, baking soda", "Baked Products"),
            (
                "Mushrooms, oyster, raw",
                "Vegetables and Vegetable Products",
            ),
            ("Eggplant, raw", "Vegetables and Vegetable Products"),
            ("Buckwheat flour, whole-groat", "Cereal Grains and Pasta"),
            ("Rice flour, white, unenriched", "Cereal Grains and Pasta"),
            (
                "Lettuce, butterhead (includes boston and bibb types), raw",
                "Vegetables and Vegetable Products",
            ),
            (
                "Corn, sweet, yellow, canned, cream style, regular pack",
                "Vegetables and Vegetable Products",
            ),
            (
                "Squash, summer, scallop, raw",
                "Vegetables and Vegetable Products",
            ),
            ("Cornstarch", "Cereal Grains and Pasta"),
            (
                "Custard-apple, (bullock's-heart), raw",
                "Fruits and Fruit Juices",
            ),
            (
                "Squash, winter, spaghetti, raw",
                "Vegetables and Vegetable Products",
            ),
            (
                "Pickles, cucumber, sweet (includes bread and butter pickles)",
                "Vegetables and Vegetable Products",
            ),
            (
                "Cabbage, common (danish, domestic, and pointed types), freshly harvest, raw",
                "Vegetables and Vegetable Products",
            ),
            (
                "Pumpkin pie mix, canned",
                "Vegetables and Vegetable Products",
            ),
            ("Spices, pumpkin pie spice", "Spices and Herbs"),
            ("Snacks, corn cakes, very low sodium", "Snacks"),
        ];
        for (description, group) in none {
            assert_eq!(of(description, group), set(&[]), "{description}");
        }
    }

    #[test]
    fn nut_and_sesame_oils_keep_their_allergen() {
        assert_eq!(of("Oil, walnut", "Fats and Oils"), set(&[TreeNuts]));
        assert_eq!(
            of("Oil, sesame, salad or cooking", "Fats and Oils"),
            set(&[Sesame])
        );
        assert_eq!(of("Oil, soybean lecithin", "Fats and Oils"), set(&[Soy]));
        assert!(exemptions_for("Oil, soybean lecithin", &set(&[Soy])).is_empty());
        assert!(exemptions_for("Oil, walnut", &set(&[TreeNuts])).is_empty());
    }

    #[test]
    fn refined_peanut_and_soybean_oils_carry_their_allergen_with_the_exemptions_that_may_lift_it() {
        let peanut = of("Oil, peanut, salad or cooking", "Fats and Oils");
        assert_eq!(peanut, set(&[Peanuts]));
        let exemptions = exemptions_for("Oil, peanut, salad or cooking", &peanut);
        assert_eq!(
            exemptions
                .get(&Peanuts)
                .map(|e| e.iter().map(String::as_str).collect::<Vec<_>>()),
            Some(vec!["highly_refined_oil"]),
            "the US exemption only: the EU has none for peanut oil"
        );
        let soy = of("Oil, soybean, salad or cooking", "Fats and Oils");
        assert_eq!(soy, set(&[Soy]));
        let exemptions = exemptions_for("Oil, soybean, salad or cooking", &soy);
        assert_eq!(
            exemptions
                .get(&Soy)
                .map(|e| e.iter().map(String::as_str).collect::<Vec<_>>()),
            Some(vec!["fully_refined_soybean_oil", "highly_refined_oil"])
        );
        // Peanuts themselves are never exempt.
        assert!(exemptions_for("Peanuts, all types, raw", &set(&[Peanuts])).is_empty());
    }
}
