//! Common names for ingredient statements, derived from USDA descriptions.
//!
//! A USDA description is "head, modifier, modifier, ..." ("Wheat flour, white, all-purpose,
//! enriched, bleached"). The label name is the head, turned around when the head is a USDA
//! category word ("Oil, olive" -> "olive oil", "Spices, cinnamon" -> "cinnamon"), with a
//! qualifier a statement needs ("enriched"), lowercase but for a proper noun ("Brazil
//! nuts"). Where a standard of identity names the food, the name is the standard's
//! ("nonfat dry milk", 21 CFR 131.125). Overrides cover common foods whose usual name the
//! rules cannot reach. The result never contains a comma.

/// Exact descriptions whose usual name the rules do not produce.
const OVERRIDES: &[(&str, &str)] = &[
    (
        "Onions, spring or scallions (includes tops and bulb), raw",
        "green onions",
    ),
    ("Coriander (cilantro) leaves, raw", "cilantro"),
    ("Squash, summer, zucchini, includes skin, raw", "zucchini"),
    ("Squash, zucchini, baby, raw", "zucchini"),
    ("Egg, whole, raw, fresh", "whole egg"),
    ("Catsup", "ketchup"),
    ("Salt, table", "salt"),
    ("Cream, fluid, heavy whipping", "heavy cream"),
    ("Cream, fluid, half and half", "half and half"),
    (
        "Cereals, oats, regular and quick, not fortified, dry",
        "rolled oats",
    ),
    ("Beans, snap, green, raw", "green beans"),
    ("Peas, green, raw", "green peas"),
    (
        "Leavening agents, baking powder, double-acting, straight phosphate",
        "baking powder",
    ),
    (
        "Leavening agents, baking powder, double-acting, sodium aluminum sulfate",
        "baking powder",
    ),
    ("Leavening agents, yeast, baker's, active dry", "yeast"),
    ("Leavening agents, yeast, baker's, compressed", "yeast"),
    ("Candies, semisweet chocolate", "semisweet chocolate"),
    ("Soy sauce made from soy and wheat (shoyu)", "soy sauce"),
    ("Soy sauce made from soy (tamari)", "tamari soy sauce"),
    ("Ginger root, raw", "ginger"),
    ("Kiwifruit, green, raw", "kiwifruit"),
    // What the query "malt" resolves to is a flavoured malt beverage sold as hard lemonade,
    // not a beer: its common name is what it is.
    (
        "Alcoholic beverage, malt beer, hard lemonade",
        "hard lemonade",
    ),
    ("Alcoholic beverage, rice (sake)", "sake"),
];

/// How a category head combines with the next segment; `{}` is that segment.
const CATEGORY_PATTERNS: &[(&str, &str)] = &[
    ("oil", "{} oil"),
    ("cheese", "{} cheese"),
    ("spices", "{}"),
    ("nuts", "{}"),
    ("seeds", "{}"),
    ("fish", "{}"),
    ("crustaceans", "{}"),
    ("mollusks", "{}"),
    ("beverages", "{}"),
    ("leavening agents", "{}"),
    ("cereals", "{}"),
    ("candies", "{}"),
    ("soup", "{}"),
    ("salad dressing", "{}"),
    ("syrups", "{} syrup"),
    ("syrup", "{} syrup"),
    ("vinegar", "{} vinegar"),
    ("peppers", "{} peppers"),
    ("beans", "{} beans"),
    ("lettuce", "{} lettuce"),
    ("sauce", "{} sauce"),
    ("tomato products", "tomato {}"),
    ("cabbage", "{} cabbage"),
    ("alcoholic beverage", "{}"),
    ("alcoholic beverages", "{}"),
    ("gelatins", "gelatin"),
    ("snacks", "{}"),
    ("snack", "{}"),
];

/// Second segments that carry no naming information and are skipped when a category head
/// needs its subject ("Tomato products, canned, paste" -> "tomato paste").
const SKIP_SEGMENTS: &[&str] = &["canned", "fresh", "raw", "dried", "frozen", "mixed species"];

/// The lowercase label name for a USDA description (the food group is reserved for rules
/// that need it and currently unused).
pub fn label_name_for(description: &str, _food_group: &str) -> String {
    if let Some((_, name)) = OVERRIDES.iter().find(|(d, _)| *d == description) {
        return (*name).to_owned();
    }
    let segments = segments(description);
    let Some(head) = segments.first() else {
        return String::new();
    };
    let rest: Vec<&str> = segments[1..]
        .iter()
        .map(String::as_str)
        .filter(|s| !SKIP_SEGMENTS.contains(s))
        .collect();
    let has = |word: &str| segments[1..].iter().any(|s| s == word);
    let name = match head.as_str() {
        "wheat flour" | "wheat flours" => {
            if has("whole-grain") {
                "whole wheat flour".to_owned()
            } else if has("self-rising") {
                // Flour with leavening and salt has its own standard: 21 CFR 137.180
                // (self-rising flour), 137.185 (enriched self-rising flour).
                if has("enriched") {
                    "enriched self-rising flour".to_owned()
                } else {
                    "self-rising flour".to_owned()
                }
            } else if has("enriched") {
                "enriched wheat flour".to_owned()
            } else {
                "wheat flour".to_owned()
            }
        }
        "sugars" => match rest.first() {
            Some(&"granulated") | None => "sugar".to_owned(),
            Some(kind) => format!("{kind} sugar"),
        },
        "egg" => match rest.first() {
            Some(&"white") => "egg white".to_owned(),
            Some(&"yolk") => "egg yolk".to_owned(),
            _ => "egg".to_owned(),
        },
        "milk" if has("buttermilk") => {
            if has("dried") {
                "dried buttermilk".to_owned()
            } else {
                "buttermilk".to_owned()
            }
        }
        "milk" => milk_name(&segments[1..]),
        "nuts" => match rest.first() {
            Some(subject) => nut_name(subject, has("black")),
            None => head.clone(),
        },
        "chocolate" if rest.first() == Some(&"dark") => "dark chocolate".to_owned(),
        "ice creams" => {
            // A nutrient content claim stays before the name (21 CFR 130.10).
            let claim = ["light", "fat free"]
                .into_iter()
                .find(|c| has(c))
                .map(|c| format!("{c} "))
                .unwrap_or_default();
            match rest.first() {
                Some(flavour @ (&"vanilla" | &"chocolate" | &"strawberry" | &"french vanilla")) => {
                    format!("{claim}{flavour} ice cream")
                }
                _ => format!("{claim}ice cream"),
            }
        }
        "alcoholic beverage" | "alcoholic beverages" => match (rest.first(), rest.get(1)) {
            (Some(&"distilled"), Some(spirit @ (&"rum" | &"vodka" | &"whiskey" | &"gin"))) => {
                (*spirit).to_owned()
            }
            (Some(&"distilled"), _) => "distilled spirits".to_owned(),
            (Some(&"liqueur"), Some(&"coffee")) => "coffee liqueur".to_owned(),
            (Some(kind), _) => (*kind).to_owned(),
            (None, _) => head.clone(),
        },
        "cream" if has("sour") => {
            // A claim that names it stays before the standard's name (21 CFR 130.10).
            if has("reduced fat") {
                "reduced fat sour cream".to_owned()
            } else {
                "sour cream".to_owned()
            }
        }
        // The creams' standards of identity name them: 21 CFR 131.155 (light cream),
        // 131.157 (light whipping cream); the pressurized topping is whipped cream.
        "cream" if has("light whipping") => "light whipping cream".to_owned(),
        "cream" if rest.iter().any(|r| r.starts_with("light")) => "light cream".to_owned(),
        "cream" if has("whipped") => "whipped cream".to_owned(),
        // Half-and-half (21 CFR 131.180) keeps a claim that names it (130.10).
        "cream" if has("half and half") => {
            match rest.iter().find(|r| ["lowfat", "fat free"].contains(r)) {
                Some(claim) => format!("{claim} half and half"),
                None => "half and half".to_owned(),
            }
        }
        "rice" | "pasta" | "cornmeal" | "macaroni" | "noodles" => {
            let kind = match (head.as_str(), rest.first()) {
                ("rice", Some(k)) if ["white", "brown", "wild"].contains(k) => format!("{k} rice"),
                _ => head.clone(),
            };
            if has("enriched") {
                format!("enriched {kind}")
            } else {
                kind
            }
        }
        "squash" => match rest.first() {
            Some(&("summer" | "winter")) => match rest.get(1) {
                Some(kind) => format!("{kind} squash"),
                None => "squash".to_owned(),
            },
            Some(kind) => format!("{kind} squash"),
            None => "squash".to_owned(),
        },
        "spices" if rest.first() == Some(&"pepper") => match rest.get(1) {
            Some(colour) => format!("{} pepper", colour.split(" or ").next().unwrap_or(colour)),
            None => "pepper".to_owned(),
        },
        _ => match CATEGORY_PATTERNS.iter().find(|(h, _)| *h == head.as_str()) {
            Some((_, pattern)) => match rest.first() {
                Some(subject) => pattern.replace("{}", subject),
                None => head.clone(),
            },
            None => head.clone(),
        },
    };
    tidy(&name)
}

/// The name of a "Milk, ..." food (buttermilk aside) from its segments after the head. Milk
/// alone is cows' milk (21 CFR 131.110(a)), so another animal's is named; the dairy
/// ingredients with a standard of identity take its name: "nonfat dry milk" (21 CFR
/// 131.125), "dry whole milk" (131.147), "evaporated milk" (131.130), "sweetened condensed
/// milk" (131.120); a milk named by a nutrient content claim keeps it before the standard's
/// name (21 CFR 130.10): "nonfat milk", "lowfat milk", "reduced fat milk".
fn milk_name(segments: &[String]) -> String {
    let has = |s: &str| segments.iter().any(|x| x == s);
    let first = segments.first().map(String::as_str);
    // The claim the description gives, as it gives it.
    let claim = ["nonfat", "fat free", "lowfat", "reduced fat", "low sodium"]
        .into_iter()
        .find(|c| has(c))
        .or_else(|| (has("1% fat") || has("1% milkfat")).then_some("lowfat"));
    let with_claim = |name: &str| match claim {
        Some(c) => format!("{c} {name}"),
        None => name.to_owned(),
    };
    match first {
        Some("imitation") => "imitation milk".to_owned(),
        Some("filled") => "filled milk".to_owned(),
        Some("human") => "human milk".to_owned(),
        Some("goat") => "goat milk".to_owned(),
        Some("sheep") => "sheep milk".to_owned(),
        Some("indian buffalo") => "buffalo milk".to_owned(),
        Some("dry") if has("nonfat") => "nonfat dry milk".to_owned(),
        Some("dry") if has("whole") => "dry whole milk".to_owned(),
        Some("dry") => "dry milk".to_owned(),
        Some("chocolate beverage") => "hot cocoa".to_owned(),
        Some("chocolate") => with_claim("chocolate milk"),
        _ if has("condensed") && has("sweetened") => "sweetened condensed milk".to_owned(),
        _ if has("evaporated") => with_claim("evaporated milk"),
        _ => with_claim("milk"),
    }
}

/// The name of a "Nuts, ..." food from its subject: USDA's run-together names split
/// ("brazilnuts"), the first of two names ("hazelnuts or filberts"), coconut meat as
/// coconut, black walnuts as such (FDA lists them apart from English walnuts).
fn nut_name(subject: &str, black: bool) -> String {
    let subject = subject.split(" or ").next().unwrap_or(subject);
    match subject {
        "coconut meat" => "coconut".to_owned(),
        "brazilnuts" => "Brazil nuts".to_owned(),
        "hickorynuts" => "hickory nuts".to_owned(),
        "pilinuts" => "pili nuts".to_owned(),
        "formulated" => "formulated nuts".to_owned(),
        "walnuts" if black => "black walnuts".to_owned(),
        other => other.to_owned(),
    }
}

/// Top-level comma segments, lowercase, parentheticals removed, " made from ..." cut.
fn segments(description: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut current = String::new();
    for c in description.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => out.push(std::mem::take(&mut current)),
            _ if depth == 0 => current.push(c),
            _ => {}
        }
    }
    out.push(current);
    out.into_iter()
        .map(|s| {
            let s = s.to_lowercase();
            let s = s.split(" made from ").next().unwrap_or("").to_owned();
            s.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .filter(|s| !s.is_empty())
        .collect()
}

fn tidy(name: &str) -> String {
    name.replace(['®', '™', ','], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brief_examples_get_common_names() {
        let cases = [
            (
                "Wheat flour, white, all-purpose, enriched, bleached",
                "enriched wheat flour",
            ),
            ("Bananas, raw", "bananas"),
            ("Butter, salted", "butter"),
            ("Butter, without salt", "butter"),
            ("Egg, whole, raw, fresh", "whole egg"),
            ("Egg, white, raw, fresh", "egg white"),
            ("Oil, olive, salad or cooking", "olive oil"),
            ("Sugars, granulated", "sugar"),
            ("Sugars, brown", "brown sugar"),
            ("Spices, cinnamon, ground", "cinnamon"),
            ("Spices, pepper, black", "black pepper"),
            ("Spices, pepper, red or cayenne", "red pepper"),
            (
                "Cheese, cheddar (Includes foods for USDA's Food Distribution Program)",
                "cheddar cheese",
            ),
            ("Fish, salmon, Atlantic, farmed, raw", "salmon"),
            (
                "Chicken, broilers or fryers, breast, meat only, raw",
                "chicken",
            ),
            ("Leavening agents, baking soda", "baking soda"),
            (
                "Tomato products, canned, paste, without salt added",
                "tomato paste",
            ),
            ("Wheat flour, whole-grain, soft wheat", "whole wheat flour"),
            (
                "Rice, white, long-grain, regular, raw, enriched",
                "enriched white rice",
            ),
            ("Milk, whole, 3.25% milkfat, with added vitamin D", "milk"),
            ("Milk, buttermilk, fluid, whole", "buttermilk"),
            ("Cream, sour, cultured", "sour cream"),
            ("Squash, winter, butternut, raw", "butternut squash"),
            ("Vinegar, cider", "cider vinegar"),
            ("Syrups, maple", "maple syrup"),
            ("Nuts, almonds", "almonds"),
            ("Honey", "honey"),
            (
                "Soy sauce made from soy and wheat (shoyu), low sodium",
                "soy sauce",
            ),
            (
                "Chickpeas (garbanzo beans, bengal gram), mature seeds, raw",
                "chickpeas",
            ),
            (
                "Onions, spring or scallions (includes tops and bulb), raw",
                "green onions",
            ),
        ];
        for (description, expected) in cases {
            assert_eq!(label_name_for(description, ""), expected, "{description}");
        }
    }

    fn check(cases: &[(&str, &str)]) {
        for (description, expected) in cases {
            assert_eq!(label_name_for(description, ""), *expected, "{description}");
        }
    }

    #[test]
    fn cfr_131_dairy_ingredients_print_their_standard_names() {
        // 21 CFR 131.125, 131.147, 131.130, 131.120; a claim-named milk keeps its claim
        // (21 CFR 130.10); milk alone is cows' milk (131.110(a)), so a goat's is named.
        check(&[
            (
                "Milk, dry, nonfat, regular, without added vitamin A and vitamin D",
                "nonfat dry milk",
            ),
            ("Milk, dry, nonfat, calcium reduced", "nonfat dry milk"),
            ("Milk, dry, whole, with added vitamin D", "dry whole milk"),
            (
                "Milk, canned, evaporated, with added vitamin A",
                "evaporated milk",
            ),
            (
                "Milk, canned, condensed, sweetened",
                "sweetened condensed milk",
            ),
            ("Milk, whole, 3.25% milkfat, with added vitamin D", "milk"),
            (
                "Milk, nonfat, fluid, with added vitamin A and vitamin D (fat free or skim)",
                "nonfat milk",
            ),
            (
                "Milk, lowfat, fluid, 1% milkfat, with added vitamin A and vitamin D",
                "lowfat milk",
            ),
            (
                "Milk, reduced fat, fluid, 2% milkfat, with added vitamin A and vitamin D",
                "reduced fat milk",
            ),
            (
                "Milk, chocolate, lowfat, with added vitamin A and vitamin D",
                "lowfat chocolate milk",
            ),
            ("Milk, goat, fluid, with added vitamin D", "goat milk"),
            ("Milk, imitation, non-soy", "imitation milk"),
            ("Milk, buttermilk, dried", "dried buttermilk"),
        ]);
    }

    #[test]
    fn nuts_print_their_common_names() {
        check(&[
            ("Nuts, hazelnuts or filberts", "hazelnuts"),
            ("Nuts, hazelnuts or filberts, blanched", "hazelnuts"),
            ("Nuts, coconut meat, raw", "coconut"),
            (
                "Nuts, coconut meat, dried (desiccated), sweetened, shredded",
                "coconut",
            ),
            (
                "Nuts, coconut milk, canned (liquid expressed from grated meat and water)",
                "coconut milk",
            ),
            ("Nuts, brazilnuts, dried, unblanched", "Brazil nuts"),
            ("Nuts, hickorynuts, dried", "hickory nuts"),
            ("Nuts, walnuts, black, dried", "black walnuts"),
            ("Nuts, walnuts, english", "walnuts"),
        ]);
    }

    #[test]
    fn malt_hard_lemonade_is_not_named_malt_beer() {
        check(&[
            (
                "Alcoholic beverage, malt beer, hard lemonade",
                "hard lemonade",
            ),
            ("Syrups, malt", "malt syrup"),
            ("Barley malt flour", "barley malt flour"),
        ]);
    }

    #[test]
    fn reviewed_names_of_baking_foods_and_spirits() {
        check(&[
            ("Chocolate, dark, 70-85% cacao solids", "dark chocolate"),
            ("Gelatins, dry powder, unsweetened", "gelatin"),
            ("Ice creams, vanilla", "vanilla ice cream"),
            ("Ice creams, chocolate, light", "light chocolate ice cream"),
            (
                "Ice creams, BREYERS, No Sugar Added, Butter Pecan",
                "ice cream",
            ),
            ("Alcoholic beverage, distilled, rum, 80 proof", "rum"),
            (
                "Alcoholic beverage, distilled, all (gin, rum, vodka, whiskey) 80 proof",
                "distilled spirits",
            ),
            ("Alcoholic beverage, rice (sake)", "sake"),
            ("Alcoholic beverage, wine, table, red", "wine"),
            ("Alcoholic beverages, beer, higher alcohol", "beer"),
        ]);
    }
}
