//! Allergens of database foods: a reviewed keyword mapping over USDA descriptions.
//!
//! The mapping is deliberately conservative (a food that usually contains an allergen gets
//! it) with named exceptions for well-known false positives. Decisions worth knowing:
//! - `gluten` accompanies `wheat` (wheat's varieties spelt, khorasan (Kamut), durum, farro,
//!   emmer and einkorn are wheat). Rye, barley, oats and malt are gluten cereals but not
//!   wheat: they carry `gluten` alone, with the cereal named in `allergen_details`
//!   ([`species_for`]: "barley", "rye", "oats"; malt is barley malt unless another grain is
//!   named), because Reg. (EU) 1169/2011 Annex II point 1 names "cereals containing gluten,
//!   namely: wheat (such as spelt and khorasan wheat), rye, barley, oats or their
//!   hybridised strains" and 21 U.S.C. 321(qq)(1) makes wheat the only major food allergen
//!   among cereals.
//!   A baked good named after another cereal ("Bread, rye", "Cookies, oatmeal") keeps the
//!   wheat of its flour. Triticale, a wheat and rye hybrid, carries wheat as well as gluten
//!   naming triticale (conservatively; FDR B.01.010.1(1)(d) lists "wheat or triticale").
//! - Tree nuts are the nuts named on FDA's list (Food Allergen Q&A, Edition 5, January 2025,
//!   Appendix I), Reg. (EU) 1169/2011 Annex II point 8 or FDR B.01.010.1(1)(a). Coconut,
//!   chestnuts, beechnuts, butternuts, hickory nuts, ginkgo nuts, pili nuts and acorns are
//!   on none of them (Edition 5 removed the first seven from FDA's list), so they carry no
//!   allergen; a "Nuts, ..." food that names no nut ("mixed nuts", "formulated") keeps
//!   `tree_nuts`. Nutmeg, butternut squash, cocoa butter, shea and "butter beans" are not
//!   milk or nuts.
//! - A word the description negates ("without peanuts", "made without egg", "except
//!   macadamia", "no cheese") names no allergen.
//! - MALT-O-MEAL is a brand, not malt: its cereals keep `gluten` (conservatively) but name
//!   no cereal, since their descriptions do not say which; an EU or Canadian label then
//!   warns `gluten_cereal_unnamed`.
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

/// The description's words with each word it negates blanked ("without peanuts", "made
/// without egg", "except macadamia", "no cheese"), so that no keyword matches it and the
/// other words keep their places.
fn affirmed_words(description: &str) -> Vec<String> {
    let mut words = words(description);
    for i in 1..words.len() {
        if ["without", "except", "no"].contains(&words[i - 1].as_str()) {
            words[i].clear();
        }
    }
    words
}

/// Whether `w[i]` is "malt" of the brand MALT-O-MEAL, which names a cereal maker, not malt.
fn brand_malt(w: &[&str], i: usize) -> bool {
    w.get(i) == Some(&"malt") && w.get(i + 1) == Some(&"o") && w.get(i + 2) == Some(&"meal")
}

/// Allergens for a food, from its description and USDA food group.
pub fn allergens_for(description: &str, food_group: &str) -> BTreeSet<Allergen> {
    let words = affirmed_words(description);
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
                    "nutmeg",
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
        // Cheeses a composite food names without the word "cheese" ("mozzarella sticks").
        "parmesan",
        "parmigiana",
        "mozzarella",
        "ricotta",
        "cheddar",
        "provolone",
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
        "malt",
        "masa",
        "acorn",
    ];
    // A flour is wheat flour unless one of the two words before it names another source:
    // "Barley malt flour", "sunflower seed flour", "enriched masa flour".
    let wheat_flour = w.iter().enumerate().any(|(i, word)| {
        *word == "flour"
            && !(1..=2).any(|back| {
                i.checked_sub(back)
                    .is_some_and(|j| non_wheat_flour.contains(&w[j]))
            })
    });
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
        "kamut",
        "khorasan",
        "farro",
        "emmer",
        "einkorn",
        // Triticale is a wheat and rye hybrid: it keeps wheat (see module docs).
        "triticale",
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
        "breadstick",
        // Chicken parmigiana is a breaded cutlet: its wheat stays when "without pasta".
        "parmigiana",
    ];
    // "gluten-free", "Gluten- free" and "gluten free" are the same two words.
    let gluten_free = follows("gluten", "free");
    let not_wheat = has("buckwheat") && !has("wheat")
        || follows("wheat", "free")
        || (has("noodle") && (has("rice") || has("cellophane")))
        || (has("cake") && (has("rice") || has("corn")) && !has("wheat"))
        || lower.contains("pie spice")
        || (has("tortilla") && has("corn"))
        || (has("pie") && (has("filling") || has("mix")) && !has("crust"))
        || (has("spaghetti") && has("squash"))
        || lower.contains("bread and butter pickle");
    let soy_sauce = lower.contains("soy sauce") && !lower.contains("tamari");
    let flour_tortilla = has("tortilla") && has("flour");
    let bakery_word = wheat_words.iter().any(|k| has(k))
        || wheat_flour
        || flour_tortilla
        || follows("chicken", "parmesan");
    let wheat_oil_exempt = is_oil && !lower.contains("wheat germ");
    if ((bakery_word && !gluten_free && !not_wheat) || soy_sauce || lower.contains("wheat germ"))
        && !wheat_oil_exempt
    {
        out.insert(Allergen::Wheat);
        out.insert(Allergen::Gluten);
    }
    // The other gluten cereals carry gluten alone (triticale with wheat as well, above), and
    // their cereal is named by `species_for`; their oils keep it too, as wheat germ oil keeps
    // wheat (no exemption of Annex II point 1 lifts it).
    if [
        "rye",
        "barley",
        "oat",
        "oatmeal",
        "malt",
        "malted",
        "triticale",
    ]
    .iter()
    .any(|k| has(k))
        && !gluten_free
    {
        out.insert(Allergen::Gluten);
    }

    // Tree nuts: the listed nuts (see module docs).
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
        "pignolia",
        "pinon",
        "pinyon",
        "praline",
        "marzipan",
        "nutella",
        "gianduja",
    ];
    // Nuts on no regime's list: a "Nuts, ..." food naming one of them is no tree nut.
    let unlisted_nut = [
        "coconut",
        "chestnut",
        "beechnut",
        "butternut",
        "hickorynut",
        "hickory",
        "ginkgo",
        "pilinut",
        "pili",
        "acorn",
    ]
    .iter()
    .any(|k| has(k));
    let nut_family = head == "nuts" && !unlisted_nut;
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
        "shark",
    ];
    let fish_head = head == "fish" || head.starts_with("fish ");
    // USDA's finfish group also holds turtle (a reptile), frog legs (an amphibian) and
    // jellyfish (a cnidarian): none is fish.
    let fish_group = food_group == "Finfish and Shellfish Products"
        && !["turtle", "frog", "jellyfish"].iter().any(|k| has(k));
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
    // "Oyster" is also an ostrich cut, a beef cut ("oyster blade"), salsify ("vegetable
    // oyster") and a cracker ("oyster crackers").
    let not_an_oyster = has("ostrich")
        || follows("oyster", "blade")
        || follows("vegetable", "oyster")
        || has("cracker");
    let mollusc_word = molluscs
        .iter()
        .any(|k| has(k) && !(*k == "oyster" && not_an_oyster));
    if head.starts_with("mollusks") || (mollusc_word && !mushroom && !squash_scallop) {
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
    let words = affirmed_words(description);
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    // The brand MALT-O-MEAL names no malt, so no barley.
    let w: Vec<&str> = (0..w.len())
        .map(|i| if brand_malt(&w, i) { "" } else { w[i] })
        .collect();
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

    fn cereals(description: &str) -> Vec<String> {
        let allergens = of(description, "Cereal Grains and Pasta");
        species_for(description, &allergens)
            .get(&Gluten)
            .map(|c| c.iter().cloned().collect())
            .unwrap_or_default()
    }

    #[test]
    fn annex_ii_point_1_barley_malt_is_barley_not_wheat() {
        // Barley, rye, oats and malt are gluten cereals, not wheat (21 U.S.C. 321(qq)(1)
        // names wheat only; Reg. (EU) 1169/2011 Annex II point 1 names each cereal).
        let group = "Cereal Grains and Pasta";
        assert_eq!(of("Barley malt flour", group), set(&[Gluten]));
        assert_eq!(cereals("Barley malt flour"), ["barley"]);
        assert_eq!(of("Syrups, malt", "Sweets"), set(&[Gluten]));
        assert_eq!(cereals("Syrups, malt"), ["barley"]);
        assert_eq!(
            cereals("Beverages, Malted drink mix, natural, powder"),
            ["barley"]
        );
        assert_eq!(
            cereals("Babyfood, cereal, oatmeal, dry fortified"),
            ["oats"]
        );
        assert_eq!(cereals("Rye flour, dark"), ["rye"]);
        // A malt of another grain is that grain's ("rye malt"), not barley's.
        assert_eq!(cereals("Rye malt"), ["rye"]);
        // A baked good named after another cereal keeps the wheat of its flour.
        assert_eq!(of("Bread, rye", "Baked Products"), set(&[Gluten, Wheat]));
    }

    #[test]
    fn annex_ii_point_1_a_brand_named_malt_names_no_cereal() {
        let d = "Cereals ready-to-eat, MALT-O-MEAL, Crispy Rice";
        assert_eq!(of(d, "Breakfast Cereals"), set(&[Gluten]));
        assert!(cereals(d).is_empty());
    }

    #[test]
    fn annex_ii_point_1_khorasan_kamut_and_the_other_triticum_wheats_are_wheat() {
        for d in ["Kamut, uncooked", "Farro, pearled", "Einkorn flour"] {
            assert_eq!(
                of(d, "Cereal Grains and Pasta"),
                set(&[Gluten, Wheat]),
                "{d}"
            );
        }
    }

    #[test]
    fn annex_ii_point_1_oat_oil_keeps_the_gluten_of_oats() {
        // No exemption of Annex II point 1 covers an oat oil (wheat germ oil keeps wheat too).
        assert_eq!(of("Oil, oat", "Fats and Oils"), set(&[Gluten]));
        assert_eq!(cereals("Oil, oat"), ["oats"]);
    }

    #[test]
    fn a_flour_of_another_source_is_not_wheat_flour() {
        for (d, group, expected) in [
            ("Seeds, sunflower seed flour, partially defatted", "Nut and Seed Products", &[][..]),
            ("Nuts, acorn flour, full fat", "Nut and Seed Products", &[]),
            (
                "Snacks, corn-based, extruded, chips, barbecue-flavor, made with enriched masa flour",
                "Snacks",
                &[],
            ),
            (
                "Snacks, Pretzels, gluten- free made with cornstarch and potato flour",
                "Snacks",
                &[],
            ),
            ("Barley flour or meal", "Cereal Grains and Pasta", &[Gluten]),
        ] {
            assert_eq!(of(d, group), set(expected), "{d}");
        }
    }

    #[test]
    fn fda_edition_5_chestnuts_beechnuts_butternuts_hickory_and_ginkgo_nuts_are_not_tree_nuts() {
        // FDA Food Allergen Q&A, Edition 5 (January 2025), Appendix I dropped them; Reg. (EU)
        // 1169/2011 Annex II point 8 and FDR B.01.010.1(1)(a) never listed them. Acorns and
        // pili nuts are on none of the three lists either.
        let group = "Nut and Seed Products";
        for d in [
            "Nuts, chestnuts, european, roasted",
            "Nuts, chestnuts, japanese, raw",
            "Nuts, beechnuts, dried",
            "Nuts, butternuts, dried",
            "Nuts, hickorynuts, dried",
            "Nuts, ginkgo nuts, raw",
            "Nuts, pilinuts, dried",
            "Nuts, acorns, raw",
        ] {
            let allergens = of(d, group);
            assert_eq!(allergens, set(&[]), "{d}");
            assert!(species_for(d, &allergens).is_empty(), "{d}");
        }
        // The listed nuts stay, pinon nuts (FDA's "Pine nut/Pinon nut") among them.
        let pinon = "Pinon Nuts, roasted (Navajo)";
        let allergens = of(pinon, "American Indian/Alaska Native Foods");
        assert_eq!(allergens, set(&[TreeNuts]));
        assert_eq!(
            species_for(pinon, &allergens).get(&TreeNuts),
            Some(&BTreeSet::from(["pine nuts".to_owned()]))
        );
        assert_eq!(of("Nuts, mixed nuts, dry roasted", group).len(), 1);
    }

    #[test]
    fn a_negated_allergen_word_names_no_allergen() {
        let group = "Nut and Seed Products";
        let d = "Nuts, mixed nuts, oil roasted, without peanuts, with salt added";
        assert_eq!(of(d, group), set(&[TreeNuts]));
        let d = "Pasta, homemade, made without egg, cooked";
        assert_eq!(of(d, "Cereal Grains and Pasta"), set(&[Gluten, Wheat]));
        let d = "Nuts, formulated, wheat-based, all flavors except macadamia, without salt";
        let allergens = of(d, group);
        assert!(!species_for(d, &allergens).contains_key(&TreeNuts), "{d}");
        // "without milk, whole milk and margarine" still has whole milk.
        let d = "Potatoes, mashed, prepared from granules, without milk, whole milk and margarine";
        assert!(of(d, "Vegetables and Vegetable Products").contains(&Milk));
        let d = "Potatoes, mashed, dehydrated, flakes without milk, dry form";
        assert_eq!(of(d, "Vegetables and Vegetable Products"), set(&[]));
    }

    #[test]
    fn turtle_frog_legs_and_jellyfish_are_not_fish_and_shark_is() {
        let group = "Finfish and Shellfish Products";
        for d in [
            "Turtle, green, raw",
            "Frog legs, raw",
            "Jellyfish, dried, salted",
        ] {
            assert_eq!(of(d, group), set(&[]), "{d}");
        }
        assert_eq!(
            of(
                "Soup, shark fin, restaurant-prepared",
                "Soups, Sauces, and Gravies"
            ),
            set(&[Fish])
        );
    }

    #[test]
    fn an_oyster_that_is_a_cut_a_vegetable_or_a_cracker_is_not_a_mollusc() {
        for (d, group) in [
            ("Ostrich, oyster, raw", "Poultry Products"),
            (
                "Beef, New Zealand, imported, oyster blade, separable lean and fat, raw",
                "Beef Products",
            ),
            (
                "Salsify, (vegetable oyster), raw",
                "Vegetables and Vegetable Products",
            ),
        ] {
            assert_eq!(of(d, group), set(&[]), "{d}");
        }
        let d = "Crackers, saltines, low salt (includes oyster, soda, soup)";
        assert_eq!(of(d, "Baked Products"), set(&[Gluten, Wheat]));
        assert_eq!(
            of(
                "Mollusks, oyster, Pacific, raw",
                "Finfish and Shellfish Products"
            ),
            set(&[Molluscs])
        );
    }

    #[test]
    fn nutmeg_butter_is_not_butter_and_mozzarella_is_cheese() {
        assert_eq!(of("Oil, nutmeg butter", "Fats and Oils"), set(&[]));
        let sticks = of(
            "Restaurant, family style, fried mozzarella sticks",
            "Restaurant Foods",
        );
        assert!(sticks.contains(&Milk));
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
