//! Sugars-based ingredients grouped after the term "Sugars" / « Sucres » in a list of
//! ingredients, where the regime wants it (FDR B.01.008.3, Justice Canada's official XML,
//! consolidated 2026-06-15). Pure: the entries come in with their weights, and go out in the
//! order they print.
//!
//! What the provision asks:
//! - (1) the sugars-based ingredients are shown in parentheses immediately after the term
//!   ("Sugars" in the English list, « Sucres » in the French one), despite the order by
//!   weight of B.01.008.2(3)(a);
//! - (2)(a) the term sits in the list at the combined weight of all the sugars-based
//!   ingredients, in descending order with the others; (b) separated by a comma;
//! - (3)(a) each member entirely in lower case letters; (b) several members in descending
//!   order of their own weight, separated by commas;
//! - (4) products it does not apply to: see [`applies`].
//!
//! Which ingredients are sugars-based is the data's (`ResolvedIngredient::sugars_based`):
//! the definition of B.01.001(1) — "(a) an ingredient that is a monosaccharide or
//! disaccharide or a combination of these; (b) an ingredient that is a sweetening agent
//! other than one referred to in paragraph (a); and (c) any other ingredient that contains
//! one or more sugars and that is added to the product as a functional substitute for a
//! sweetening agent" — depends, for (c), on why the ingredient is added, which no food table
//! says.

/// One entry of a list of ingredients before grouping: its text as printed, its weight in
/// the product, and whether it is a sugars-based ingredient.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    pub text: String,
    pub grams: f64,
    pub sugars_based: bool,
}

impl Listed {
    pub fn new(text: impl Into<String>, grams: f64, sugars_based: bool) -> Listed {
        Listed {
            text: text.into(),
            grams,
            sugars_based,
        }
    }
}

/// `entries` (in descending order of weight) with their sugars-based ingredients taken out
/// and shown as one entry `term (member, member)` at their combined weight, the members in
/// lower case in descending order of weight (B.01.008.3(1)–(3)). The group takes the place
/// of its heaviest member, then the list is re-sorted by weight, equal weights keeping that
/// order. Without a sugars-based entry the list is returned as it is. The group is not
/// itself sugars-based (it is never grouped again).
pub fn group(entries: Vec<Listed>, term: &str) -> Vec<Listed> {
    let Some(first) = entries.iter().position(|e| e.sugars_based) else {
        return entries;
    };
    let mut members: Vec<&Listed> = entries.iter().filter(|e| e.sugars_based).collect();
    members.sort_by(|a, b| b.grams.total_cmp(&a.grams));
    let grouped = Listed {
        text: format!(
            "{term} ({})",
            members
                .iter()
                .map(|m| m.text.to_lowercase())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        grams: members.iter().map(|m| m.grams).sum(),
        sugars_based: false,
    };
    let mut out: Vec<Listed> = Vec::with_capacity(entries.len());
    let mut grouped = Some(grouped);
    for (at, e) in entries.into_iter().enumerate() {
        if at == first {
            out.extend(grouped.take());
        }
        if !e.sugars_based {
            out.push(e);
        }
    }
    out.sort_by(|a, b| b.grams.total_cmp(&a.grams));
    out
}

/// Whether B.01.008.3 applies to a product with sugars-based ingredients named
/// `member_names` (each member's names in every language, one list per member) and
/// `sugars_per_serving_g` of sugars per serving of stated size (unknown: `None`).
///
/// Of the exceptions of (4), the two the recipe can tell:
/// - (d) a product that contains only one sugars-based ingredient, whose common name
///   contains the word "sugar" (« sucre » in the French text); we read the word in any of
///   its names, so "Sugar" / « Sucre » or "Brown sugar" alone stays in its place;
/// - (f) a product with less than 0.5 g of sugars per serving of stated size (unknown
///   sugars do not exempt: the ingredients that would be grouped carry sugars).
///
/// Not told by a recipe, so not applied: (a) a sweetening agent itself, (b) unsweetened
/// fruit or vegetable juices and drinks, (c) unsweetened fruit or vegetable purées, (e)
/// formulated liquid diets, human milk fortifiers and substitutes.
pub fn applies(member_names: &[Vec<&str>], sugars_per_serving_g: Option<f64>) -> bool {
    if member_names.is_empty() {
        return false;
    }
    if sugars_per_serving_g.is_some_and(|g| g < 0.5) {
        return false;
    }
    let names_sugar = |names: &Vec<&str>| {
        names.iter().any(|n| {
            let n = n.to_lowercase();
            n.contains("sugar") || n.contains("sucre")
        })
    };
    !(member_names.len() == 1 && names_sugar(&member_names[0]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(list: &[Listed]) -> Vec<&str> {
        list.iter().map(|e| e.text.as_str()).collect()
    }

    #[test]
    fn two_sugars_print_after_the_term_at_their_combined_weight() {
        // Demerara 60 g and golden syrup 25 g weigh 85 g together: before butter (80 g).
        let list = vec![
            Listed::new("Oat flakes", 200.0, false),
            Listed::new("Wheat flour", 150.0, false),
            Listed::new("Butter", 80.0, false),
            Listed::new("Demerara sugar", 60.0, true),
            Listed::new("Golden syrup", 25.0, true),
            Listed::new("Salt", 1.0, false),
        ];
        let out = group(list, "Sugars");
        assert_eq!(
            texts(&out),
            [
                "Oat flakes",
                "Wheat flour",
                "Sugars (demerara sugar, golden syrup)",
                "Butter",
                "Salt"
            ]
        );
        assert_eq!(out[2].grams, 85.0);
    }

    #[test]
    fn members_print_in_descending_order_of_their_own_weight_in_lower_case() {
        let list = vec![
            Listed::new("Flour", 100.0, false),
            Listed::new("Honey", 30.0, true),
            Listed::new("Water", 20.0, false),
            Listed::new("Maple Syrup", 40.0, true),
            Listed::new("Invert Sugar", 5.0, true),
        ];
        let out = group(list, "Sucres");
        assert_eq!(
            texts(&out),
            [
                "Flour",
                "Sucres (maple syrup, honey, invert sugar)",
                "Water"
            ]
        );
    }

    #[test]
    fn a_list_without_sugars_based_ingredients_is_unchanged() {
        let list = vec![
            Listed::new("Flour", 100.0, false),
            Listed::new("Salt", 1.0, false),
        ];
        assert_eq!(group(list.clone(), "Sugars"), list);
    }

    #[test]
    fn the_group_can_lead_the_list_and_equal_weights_keep_their_order() {
        let list = vec![
            Listed::new("Cocoa", 50.0, false),
            Listed::new("Sugar", 45.0, true),
            Listed::new("Glucose syrup", 10.0, true),
            Listed::new("Milk", 50.0, false),
        ];
        let out = group(list, "Sugars");
        assert_eq!(
            texts(&out),
            ["Sugars (sugar, glucose syrup)", "Cocoa", "Milk"]
        );
        // 50 g each: the group stands where its heaviest member stood, after the cocoa.
        let list = vec![
            Listed::new("Cocoa", 50.0, false),
            Listed::new("Sugar", 30.0, true),
            Listed::new("Honey", 20.0, true),
        ];
        assert_eq!(
            texts(&group(list, "Sugars")),
            ["Cocoa", "Sugars (sugar, honey)"]
        );
    }

    #[test]
    fn a_single_sugar_named_sugar_is_exempt_and_any_other_single_one_is_not() {
        assert!(!applies(&[vec!["Sugar"]], Some(10.0)));
        assert!(!applies(&[vec!["brown sugar", "cassonade"]], Some(10.0)));
        assert!(!applies(&[vec!["Sucre"]], Some(10.0)));
        assert!(applies(&[vec!["Honey", "Miel"]], Some(10.0)));
        assert!(applies(&[vec!["Sugar"], vec!["Honey"]], Some(10.0)));
    }

    #[test]
    fn less_than_half_a_gram_of_sugars_per_serving_is_exempt() {
        let two = [vec!["Sugar"], vec!["Honey"]];
        assert!(!applies(&two, Some(0.49)));
        assert!(applies(&two, Some(0.5)));
        assert!(applies(&two, None));
        assert!(!applies(&[], Some(10.0)));
    }
}
