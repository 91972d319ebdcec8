//! Common names for ingredient statements, derived from USDA descriptions.
//!
//! A USDA description is "head, modifier, modifier, ..." ("Wheat flour, white, all-purpose,
//! enriched, bleached"). The label name is the head, turned around when the head is a USDA
//! category word ("Oil, olive" -> "olive oil", "Spices, cinnamon" -> "cinnamon"), with a
//! qualifier a statement needs ("enriched"), lowercase. Overrides cover common foods whose
//! usual name the rules cannot reach. The result never contains a comma.

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
        "milk" if has("buttermilk") => "buttermilk".to_owned(),
        "cream" if has("sour") => "sour cream".to_owned(),
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
}
