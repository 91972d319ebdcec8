//! Ingredient statements and allergen sets. Which allergens a regime declares and its
//! "Contains" statement are the regime's data (see [`crate::regime`]).

use std::borrow::Cow;
use std::collections::BTreeSet;

use crate::allergen::{Allergen, AllergenDetails};
use crate::label::{IngredientSource, RecipeInput, ResolvedIngredient};
use crate::regime::{allergen_term, Regime};
use crate::terms::Terms;

/// One name of an ingredient statement: the lines of one ingredient merged, or a sub-recipe.
struct Entry<'a> {
    /// The printed name; a leaf's sub-ingredients follow it in parentheses.
    name: Cow<'a, str>,
    grams: f64,
    allergens: BTreeSet<Allergen>,
    /// The gluten cereals it names (`allergen_details["gluten"]`: "barley").
    cereals: BTreeSet<String>,
    sub: Option<&'a RecipeInput>,
}

/// `ingredients` as statement entries in descending order of total weight (21 CFR 101.4(a)(1)):
/// lines of the same ingredient (same label name, ignoring case and surrounding spaces) at this
/// level are one entry with their grams summed, so sugar 45 g + sugar 45 g weigh 90 g; a
/// sub-recipe stays its own entry with its statement in parentheses. Equal weights keep the
/// recipe's order.
fn by_weight(ingredients: &[ResolvedIngredient]) -> Vec<Entry<'_>> {
    let mut entries: Vec<Entry<'_>> = Vec::with_capacity(ingredients.len());
    for i in ingredients {
        match &i.source {
            IngredientSource::PerHundredGrams(_) => {
                let name = leaf_text(&i.label_name, &i.sub_ingredients);
                let key = name.trim();
                if let Some(e) = entries
                    .iter_mut()
                    .find(|e| e.sub.is_none() && e.name.trim().eq_ignore_ascii_case(key))
                {
                    e.grams += i.grams;
                    e.allergens.extend(i.allergens.iter().copied());
                    e.cereals.extend(cereals_of(i));
                    continue;
                }
                entries.push(Entry {
                    name,
                    grams: i.grams,
                    allergens: i.allergens.clone(),
                    cereals: cereals_of(i),
                    sub: None,
                });
            }
            IngredientSource::SubRecipe(sub) => entries.push(Entry {
                name: Cow::Borrowed(&i.label_name),
                grams: i.grams,
                allergens: i.allergens.clone(),
                cereals: cereals_of(i),
                sub: Some(sub),
            }),
        }
    }
    entries.sort_by(|a, b| b.grams.total_cmp(&a.grams));
    entries
}

fn cereals_of(i: &ResolvedIngredient) -> BTreeSet<String> {
    i.allergen_details
        .get(&Allergen::Gluten)
        .cloned()
        .unwrap_or_default()
}

/// How a single ingredient reads in a statement: its name, then its own ingredients in
/// parentheses when it has several (21 CFR 101.4(b)(2), e.g.
/// "enriched wheat flour (wheat flour, niacin, iron, thiamin, riboflavin, folic acid)").
/// Blank sub-ingredients are skipped.
pub fn leaf_text<'a>(name: &'a str, sub_ingredients: &[String]) -> Cow<'a, str> {
    let subs: Vec<&str> = sub_ingredients
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    if subs.is_empty() {
        Cow::Borrowed(name)
    } else {
        Cow::Owned(format!("{name} ({})", subs.join(", ")))
    }
}

/// The ingredient statement: label names in descending order of weight joined with ", "; a
/// sub-recipe reads `Name (its own statement)`. Sentence case, as printed labels set it
/// ("Enriched wheat flour, milk, sugar"): the first letter is capitalised, every other name
/// stays as given (database names are lowercase common names).
pub fn ingredient_statement(recipe: &RecipeInput) -> String {
    sentence_case(&statement_of(recipe))
}

fn statement_of(recipe: &RecipeInput) -> String {
    by_weight(&recipe.ingredients)
        .into_iter()
        .map(|e| match e.sub {
            None => e.name.into_owned(),
            Some(sub) => format!("{} ({})", e.name, statement_of(sub)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `text` with its first letter upper-cased; in HTML, the first letter outside a tag.
/// Text that starts with anything but a letter (a digit, an entity) is left as it is.
fn sentence_case(text: &str) -> String {
    let mut in_tag = false;
    for (at, c) in text.char_indices() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if in_tag => {}
            c if c.is_lowercase() => {
                let mut out = String::with_capacity(text.len() + 2);
                out.push_str(&text[..at]);
                out.extend(c.to_uppercase());
                out.push_str(&text[at + c.len_utf8()..]);
                return out;
            }
            _ => return text.to_owned(),
        }
    }
    text.to_owned()
}

/// Every allergen of the recipe, sub-recipes included (no jurisdiction filter).
pub fn all_allergens(recipe: &RecipeInput) -> BTreeSet<Allergen> {
    let mut set = BTreeSet::new();
    for i in &recipe.ingredients {
        set.extend(i.allergens.iter().copied());
        if let IngredientSource::SubRecipe(sub) = &i.source {
            set.extend(all_allergens(sub));
        }
    }
    set
}

/// The printed names of the ingredients (sub-recipes' included) whose sub-ingredients come
/// from a standard of identity and must be confirmed against the brand, each once.
pub fn sub_ingredients_to_confirm(recipe: &RecipeInput) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    collect_to_confirm(recipe, &mut names);
    names
}

fn collect_to_confirm(recipe: &RecipeInput, names: &mut Vec<String>) {
    for i in &recipe.ingredients {
        match &i.source {
            IngredientSource::SubRecipe(sub) => collect_to_confirm(sub, names),
            IngredientSource::PerHundredGrams(_) => {
                if i.sub_ingredients_to_confirm
                    && !i.sub_ingredients.is_empty()
                    && !names.contains(&i.label_name)
                {
                    names.push(i.label_name.clone());
                }
            }
        }
    }
}

/// Every species the recipe names for its allergens, sub-recipes included.
pub fn all_allergen_details(recipe: &RecipeInput) -> AllergenDetails {
    let mut details = AllergenDetails::new();
    for i in &recipe.ingredients {
        for (a, names) in &i.allergen_details {
            details.entry(*a).or_default().extend(names.iter().cloned());
        }
        if let IngredientSource::SubRecipe(sub) = &i.source {
            for (a, names) in all_allergen_details(sub) {
                details.entry(a).or_default().extend(names);
            }
        }
    }
    details
}

/// Escapes `&`, `<`, `>`, `"` and `'` for HTML text and attributes.
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Words that name an allergen in an ingredient name (lower case; a plain plural in `s` or
/// `es` also matches).
fn keywords(allergen: Allergen) -> &'static [&'static str] {
    match allergen {
        Allergen::Milk => &[
            "milk",
            "buttermilk",
            "butter",
            "cream",
            "cheese",
            "whey",
            "casein",
            "caseinate",
            "yoghurt",
            "yogurt",
            "lactose",
            "ghee",
            "kefir",
        ],
        Allergen::Eggs => &["egg", "albumen"],
        Allergen::Fish => &[
            "fish",
            "anchovy",
            "anchovies",
            "salmon",
            "tuna",
            "cod",
            "sardine",
            "haddock",
            "mackerel",
            "trout",
            "pollock",
            "tilapia",
            "hake",
        ],
        Allergen::CrustaceanShellfish => &[
            "crustacean",
            "shrimp",
            "prawn",
            "crab",
            "lobster",
            "crayfish",
            "langoustine",
        ],
        Allergen::TreeNuts => &[
            "nut",
            "almond",
            "hazelnut",
            "walnut",
            "cashew",
            "pecan",
            "brazil",
            "pistachio",
            "macadamia",
        ],
        Allergen::Peanuts => &["peanut", "groundnut"],
        Allergen::Wheat => &["wheat", "spelt", "khorasan", "kamut", "durum", "semolina"],
        Allergen::Gluten => &[
            "gluten", "wheat", "rye", "barley", "oat", "spelt", "khorasan", "kamut", "durum",
        ],
        Allergen::Soy => &["soy", "soya", "soybean", "soja"],
        Allergen::Sesame => &["sesame", "tahini"],
        Allergen::Celery => &["celery", "celeriac"],
        Allergen::Mustard => &["mustard"],
        Allergen::Lupin => &["lupin", "lupine"],
        Allergen::Molluscs => &[
            "mollusc", "mussel", "oyster", "clam", "squid", "octopus", "scallop", "snail",
        ],
        Allergen::Sulphites => &[
            "sulphite",
            "sulfite",
            "sulphur",
            "sulfur",
            "metabisulphite",
            "metabisulfite",
        ],
    }
}

fn word_matches(word: &str, keyword: &str) -> bool {
    let w = word.to_lowercase();
    w == keyword || w.strip_suffix('s') == Some(keyword) || w.strip_suffix("es") == Some(keyword)
}

/// Wheat varieties a name may give without the word "wheat"; Commission Notice
/// 2017/C 428/01 (on Annex II point 1) wants the reference to wheat as well: "spelt (wheat)".
const WHEAT_VARIETIES: &[&str] = &["spelt", "khorasan", "kamut", "durum", "semolina"];

/// `name` HTML-escaped with the words naming any of `allergens` in `<b>`; allergens no word
/// names are appended as ` (<b>milk</b>)` so that every one is emphasised (Art. 21(1)). A
/// gluten cereal the name does not give is appended by its name when the ingredient records
/// it (`gluten:barley`: "(<b>barley</b>)"; Annex II point 1 lists cereals, not "gluten"),
/// and a wheat variety named without "wheat" gets it: "<b>spelt</b> flour (<b>wheat</b>)".
fn emphasise(
    name: &str,
    allergens: &BTreeSet<Allergen>,
    cereals: &BTreeSet<String>,
    terms: &Terms,
) -> String {
    let mut wanted: BTreeSet<Allergen> = allergens.clone();
    // Wheat is the gluten cereal: naming wheat covers both.
    if wanted.contains(&Allergen::Wheat) {
        wanted.remove(&Allergen::Gluten);
    }
    let mut covered: BTreeSet<Allergen> = BTreeSet::new();
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String, covered: &mut BTreeSet<Allergen>| {
        if word.is_empty() {
            return;
        }
        let hits: Vec<Allergen> = wanted
            .iter()
            .copied()
            .filter(|a| keywords(*a).iter().any(|k| word_matches(word, k)))
            .collect();
        if hits.is_empty() {
            out.push_str(&escape_html(word));
        } else {
            out.push_str("<b>");
            out.push_str(&escape_html(word));
            out.push_str("</b>");
            covered.extend(hits);
        }
        word.clear();
    };
    for c in name.chars() {
        if c.is_alphabetic() {
            word.push(c);
        } else {
            flush(&mut word, &mut out, &mut covered);
            out.push_str(&escape_html(&c.to_string()));
        }
    }
    flush(&mut word, &mut out, &mut covered);
    let lower_words: Vec<String> = name
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let names_wheat = lower_words.iter().any(|w| word_matches(w, "wheat"));
    let variety_only = wanted.contains(&Allergen::Wheat)
        && !names_wheat
        && lower_words
            .iter()
            .any(|w| WHEAT_VARIETIES.iter().any(|v| word_matches(w, v)));
    let mut missing: Vec<String> = Vec::new();
    if variety_only {
        let wheat = terms
            .plain(&allergen_term(Allergen::Wheat))
            .unwrap_or_default();
        missing.push(format!("<b>{}</b>", escape_html(&wheat)));
    }
    for a in wanted.iter().filter(|a| !covered.contains(a)) {
        if *a == Allergen::Gluten && !cereals.is_empty() {
            missing.extend(cereals.iter().map(|c| format!("<b>{}</b>", escape_html(c))));
            continue;
        }
        let name = terms.plain(&allergen_term(*a)).unwrap_or_default();
        missing.push(format!("<b>{}</b>", escape_html(&name)));
    }
    if !missing.is_empty() {
        out.push_str(" (");
        out.push_str(&missing.join(", "));
        out.push(')');
    }
    out
}

/// The ingredient statement as HTML under `regime`: names escaped, allergens the regime
/// requires in `<b>` (allergens no word names are added in `terms`' words); a sub-recipe's own
/// allergens that none of its ingredients carries are emphasised on its name. Sentence case
/// like [`ingredient_statement`].
pub fn ingredient_statement_html(recipe: &RecipeInput, regime: &Regime, terms: &Terms) -> String {
    sentence_case(&statement_html_of(recipe, regime, terms))
}

fn statement_html_of(recipe: &RecipeInput, regime: &Regime, terms: &Terms) -> String {
    by_weight(&recipe.ingredients)
        .into_iter()
        .map(|e| {
            let own: BTreeSet<Allergen> = e
                .allergens
                .iter()
                .copied()
                .filter(|a| regime.requires_allergen(*a))
                .collect();
            match e.sub {
                None => emphasise(&e.name, &own, &e.cereals, terms),
                Some(sub) => {
                    let inside = all_allergens(sub);
                    let own_only: BTreeSet<Allergen> = own.difference(&inside).copied().collect();
                    format!(
                        "{} ({})",
                        emphasise(&e.name, &own_only, &e.cereals, terms),
                        statement_html_of(sub, regime, terms)
                    )
                }
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}
