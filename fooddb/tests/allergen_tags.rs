//! Every food of the shipped table whose description names a cereal, a tree nut, a fish or a
//! shellfish carries the allergen tags (and, where the law names them, the cereal or species)
//! that the description says, and no tag it rules out. The exceptions are named below with
//! the reason each is not what its word says.

use std::collections::BTreeSet;

use nls_fooddb::{shipped, Food};
use nls_nutrition::Allergen;

/// The description's lower-case words, split as a reader would (on anything not a letter
/// or digit), each word once.
fn words(food: &Food) -> BTreeSet<String> {
    food.description
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

fn names_any(words: &BTreeSet<String>, list: &[&str]) -> bool {
    list.iter().any(|w| words.contains(*w))
}

fn details(food: &Food, allergen: Allergen) -> BTreeSet<String> {
    food.allergen_details
        .get(&allergen)
        .cloned()
        .unwrap_or_default()
}

/// "gluten-free" and "gluten free" (and USDA's "gluten- free") claim no gluten at all.
fn gluten_free(food: &Food) -> bool {
    let lower = food.description.to_lowercase();
    lower.contains("gluten-free") || lower.contains("gluten free") || lower.contains("gluten- free")
}

/// MALT-O-MEAL is a cereal brand: its "malt" names a maker, not malt.
fn brand_malt(food: &Food) -> bool {
    food.description.to_lowercase().contains("malt-o-meal")
}

/// A word that names a grain's malt: "rye malt" is rye's, not barley's.
fn names_barley_malt(food: &Food, words: &BTreeSet<String>) -> bool {
    names_any(words, &["malt", "malted"])
        && !brand_malt(food)
        && !names_any(
            words,
            &["wheat", "rye", "corn", "rice", "sorghum", "millet"],
        )
}

/// Words that make a food wheat-bearing besides the cereals themselves: wheat and its
/// varieties, and the wheat-flour foods the mapping keeps wheat for even when they are named
/// after another cereal ("Bread, rye", "Cookies, oatmeal": their dough is wheat flour).
/// Triticale is here because FDR B.01.010.1(1)(d) groups "wheat or triticale".
const WHEAT_BEARING: &[&str] = &[
    "wheat",
    "spelt",
    "kamut",
    "khorasan",
    "durum",
    "semolina",
    "farina",
    "bulgur",
    "couscous",
    "triticale",
    "bread",
    "breaded",
    "bagel",
    "bagels",
    "cookie",
    "cookies",
    "cracker",
    "crackers",
    "muffin",
    "muffins",
    "pasta",
    "noodles",
    "pretzel",
    "pretzels",
    "cake",
    "cakes",
    "pie",
    "biscuit",
    "biscuits",
    "waffle",
    "waffles",
    "pancake",
    "pancakes",
    "batter",
    "crust",
    "granola",
];

#[test]
fn annex_ii_point_1_barley_rye_oats_and_malt_are_gluten_cereals_named_by_their_cereal_not_wheat() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for food in shipped().foods() {
        let w = words(food);
        let barley = names_any(&w, &["barley"]) || names_barley_malt(food, &w);
        let rye = names_any(&w, &["rye"]);
        let oats = names_any(&w, &["oat", "oats", "oatmeal"]);
        if !(barley || rye || oats) || gluten_free(food) {
            continue;
        }
        checked += 1;
        let gluten = details(food, Allergen::Gluten);
        let expect = [(barley, "barley"), (rye, "rye"), (oats, "oats")];
        if !food.allergens.contains(&Allergen::Gluten) {
            failures.push(format!("{}: no gluten", food.description));
        }
        for (named, cereal) in expect {
            if named && !gluten.contains(cereal) {
                failures.push(format!("{}: gluten without {cereal}", food.description));
            }
        }
        // 21 U.S.C. 321(qq)(1): wheat is the major food allergen, not barley, rye or oats.
        if food.allergens.contains(&Allergen::Wheat) && !names_any(&w, WHEAT_BEARING) {
            failures.push(format!("{}: tagged wheat", food.description));
        }
    }
    assert!(checked > 100, "only {checked} cereal foods checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn annex_ii_point_1_a_food_carrying_gluten_without_wheat_names_its_cereal() {
    // The only foods whose gluten names no cereal are the MALT-O-MEAL brand's: their
    // descriptions do not say which grain they are made of (a label then warns
    // `gluten_cereal_unnamed`).
    let unnamed: Vec<&str> = shipped()
        .foods()
        .iter()
        .filter(|f| {
            f.allergens.contains(&Allergen::Gluten)
                && !f.allergens.contains(&Allergen::Wheat)
                && details(f, Allergen::Gluten).is_empty()
                && !brand_malt(f)
        })
        .map(|f| f.description.as_str())
        .collect();
    assert!(unnamed.is_empty(), "{unnamed:#?}");
}

#[test]
fn every_wheat_variety_is_wheat() {
    // Annex II point 1: "wheat (such as spelt and khorasan wheat)".
    let mut failures = Vec::new();
    for food in shipped().foods() {
        let w = words(food);
        let variety = names_any(&w, &["spelt", "kamut", "khorasan", "durum", "semolina"]);
        if variety && !gluten_free(food) && !food.allergens.contains(&Allergen::Wheat) {
            failures.push(food.description.clone());
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The tree nuts of FDA's list (Food Allergen Q&A, Edition 5, Appendix I), Reg. (EU)
/// 1169/2011 Annex II point 8 and FDR B.01.010.1(1)(a), by the words USDA names them with,
/// and the species a label prints.
const LISTED_NUTS: &[(&[&str], &str)] = &[
    (&["almond", "almonds"], "almonds"),
    (&["walnut", "walnuts"], "walnuts"),
    (&["pecan", "pecans"], "pecans"),
    (&["cashew", "cashews"], "cashews"),
    (&["pistachio", "pistachios"], "pistachios"),
    (
        &["hazelnut", "hazelnuts", "filbert", "filberts"],
        "hazelnuts",
    ),
    (&["macadamia", "macadamias"], "macadamia nuts"),
    (&["brazilnut", "brazilnuts"], "Brazil nuts"),
    (&["pinon", "pinyon", "pignolia"], "pine nuts"),
];

/// Nuts on none of those lists (FDA's Edition 5 removed chestnut, beechnut, butternut,
/// hickory nut, ginkgo nut, pili nut and coconut; acorns were never listed), and words that
/// only look like nuts: nutmeg is a spice, butternut squash and acorn squash are squash.
const UNLISTED_NUTS: &[&str] = &[
    "chestnut",
    "chestnuts",
    "beechnut",
    "beechnuts",
    "butternut",
    "butternuts",
    "hickorynuts",
    "hickory",
    "ginkgo",
    "pilinuts",
    "acorn",
    "acorns",
    "coconut",
    "coconuts",
    "nutmeg",
];

#[test]
fn fda_edition_5_every_listed_tree_nut_is_tagged_with_its_species_and_no_other_nut_is() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for food in shipped().foods() {
        let w = words(food);
        let lower = food.description.to_lowercase();
        let mut named: Vec<&str> = LISTED_NUTS
            .iter()
            .filter(|(forms, _)| names_any(&w, forms))
            .map(|(_, species)| *species)
            .collect();
        if lower.contains("pine nut") {
            named.push("pine nuts");
        }
        if lower.contains("brazil nut") {
            named.push("Brazil nuts");
        }
        // "all flavors except macadamia" names macadamia only to rule it out.
        if lower.contains("except macadamia") {
            named.retain(|s| *s != "macadamia nuts");
        }
        if named.is_empty() {
            // A nut on no list (or a nut look-alike) carries no tree nut.
            if names_any(&w, UNLISTED_NUTS) && food.allergens.contains(&Allergen::TreeNuts) {
                failures.push(format!("{}: tagged tree_nuts", food.description));
            }
            continue;
        }
        checked += 1;
        if !food.allergens.contains(&Allergen::TreeNuts) {
            failures.push(format!("{}: no tree_nuts", food.description));
            continue;
        }
        let species = details(food, Allergen::TreeNuts);
        for s in named {
            if !species.contains(s) {
                failures.push(format!("{}: tree_nuts without {s}", food.description));
            }
        }
        for s in &species {
            if UNLISTED_NUTS.iter().any(|u| s.contains(u)) {
                failures.push(format!("{}: species {s}", food.description));
            }
        }
    }
    assert!(checked > 80, "only {checked} tree nut foods checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Fish named in USDA descriptions.
const FISH: &[&str] = &[
    "fish",
    "anchovy",
    "anchovies",
    "bass",
    "bluefish",
    "burbot",
    "butterfish",
    "carp",
    "catfish",
    "caviar",
    "cisco",
    "cod",
    "croaker",
    "cusk",
    "drum",
    "eel",
    "flatfish",
    "flounder",
    "gefiltefish",
    "grouper",
    "haddock",
    "halibut",
    "herring",
    "lingcod",
    "lox",
    "mackerel",
    "mahimahi",
    "milkfish",
    "monkfish",
    "mullet",
    "perch",
    "pike",
    "pollock",
    "pompano",
    "rockfish",
    "roe",
    "roughy",
    "sablefish",
    "salmon",
    "sardine",
    "sardines",
    "scup",
    "seatrout",
    "shad",
    "shark",
    "sheepshead",
    "smelt",
    "snapper",
    "sole",
    "sturgeon",
    "surimi",
    "swordfish",
    "tilapia",
    "tilefish",
    "trout",
    "tuna",
    "turbot",
    "whitefish",
    "whiting",
    "wolffish",
    "yellowtail",
    "worcestershire",
];

const CRUSTACEANS: &[&str] = &[
    "crustaceans",
    "shrimp",
    "crab",
    "lobster",
    "crayfish",
    "crawfish",
    "prawn",
    "prawns",
];

const MOLLUSCS: &[&str] = &[
    "mollusks",
    "clam",
    "clams",
    "oyster",
    "oysters",
    "mussel",
    "mussels",
    "scallop",
    "scallops",
    "squid",
    "octopus",
    "cuttlefish",
    "abalone",
    "snail",
    "whelk",
    "conch",
];

#[test]
fn every_fish_and_shellfish_named_is_tagged_and_look_alikes_are_not() {
    let mut failures = Vec::new();
    for food in shipped().foods() {
        let w = words(food);
        let lower = food.description.to_lowercase();
        let has = |a: Allergen| food.allergens.contains(&a);
        // "Inside drum" and "outside drum" are emu cuts, not the fish.
        if names_any(&w, FISH) && !w.contains("emu") && !has(Allergen::Fish) {
            failures.push(format!("{}: no fish", food.description));
        }
        if names_any(&w, CRUSTACEANS) && !has(Allergen::CrustaceanShellfish) {
            failures.push(format!("{}: no crustacean_shellfish", food.description));
        }
        // Named look-alikes: oyster mushrooms, scallop squash, the ostrich and beef cuts
        // called "oyster", salsify ("vegetable oyster") and oyster crackers are no molluscs.
        let not_a_mollusc = w.contains("mushrooms")
            || w.contains("squash")
            || w.contains("ostrich")
            || lower.contains("oyster blade")
            || lower.contains("vegetable oyster")
            || w.contains("crackers");
        if names_any(&w, MOLLUSCS) && !not_a_mollusc && !has(Allergen::Molluscs) {
            failures.push(format!("{}: no molluscs", food.description));
        }
        if names_any(&w, MOLLUSCS) && not_a_mollusc && has(Allergen::Molluscs) {
            failures.push(format!("{}: tagged molluscs", food.description));
        }
        // Turtle (a reptile), frog legs (an amphibian) and jellyfish (a cnidarian) sit in
        // USDA's finfish group but are no fish; salmonberries are berries.
        let not_a_fish = ["turtle", "frog", "jellyfish", "salmonberries"]
            .iter()
            .any(|x| w.contains(*x));
        if not_a_fish && has(Allergen::Fish) {
            failures.push(format!("{}: tagged fish", food.description));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_fish_named_by_its_common_name_carries_that_species() {
    // 21 U.S.C. 343(w)(2): the "Contains" statement names the fish ("Contains: Whitefish").
    let db = shipped();
    for (fdc_id, species) in [
        (173711, "whitefish"),
        (175133, "orange roughy"),
        (173697, "shark"),
        (171959, "mahi mahi"),
    ] {
        let food = db.get(fdc_id).expect("in the table");
        assert_eq!(
            details(food, Allergen::Fish),
            BTreeSet::from([species.to_owned()]),
            "{}",
            food.description
        );
    }
}
