//! Ingredient statements and allergen sets. Which allergens a regime declares and its
//! "Contains" statement are the regime's data (see [`crate::regime`]).

use std::borrow::Cow;
use std::collections::BTreeSet;

use crate::allergen::{Allergen, AllergenDetails};
use crate::label::{IngredientSource, RecipeInput, ResolvedIngredient};
use crate::regime::{allergen_term, IngredientCase, Regime};
use crate::sugars_group::{self, Listed};
use crate::terms::Terms;

/// One name of an ingredient statement: the lines of one ingredient merged, or a sub-recipe.
struct Entry<'a> {
    /// The printed name; a leaf's sub-ingredients follow it in parentheses.
    name: Cow<'a, str>,
    grams: f64,
    allergens: BTreeSet<Allergen>,
    /// The gluten cereals it names (`allergen_details["gluten"]`: "barley").
    cereals: BTreeSet<String>,
    /// The tree nuts it names (`allergen_details["tree_nuts"]`: "almonds").
    nuts: BTreeSet<String>,
    /// Whether it is a sugars-based ingredient (a sub-recipe never is: its own ingredients
    /// are its components, not grouped).
    sugars_based: bool,
    sub: Option<&'a RecipeInput>,
}

/// `ingredients` as statement entries in descending order of total weight (21 CFR 101.4(a)(1)):
/// lines of the same ingredient (same label name, ignoring case and surrounding spaces) at this
/// level are one entry with their grams summed, so sugar 45 g + sugar 45 g weigh 90 g; a
/// sub-recipe stays its own entry with its statement in parentheses. Equal weights keep the
/// recipe's order.
fn by_weight<'a>(ingredients: &'a [ResolvedIngredient], language: &str) -> Vec<Entry<'a>> {
    let mut entries: Vec<Entry<'a>> = Vec::with_capacity(ingredients.len());
    for i in ingredients {
        match &i.source {
            IngredientSource::PerHundredGrams(_) => {
                let name = name_in(i, language);
                let key = name.trim();
                if let Some(e) = entries
                    .iter_mut()
                    .find(|e| e.sub.is_none() && e.name.trim().eq_ignore_ascii_case(key))
                {
                    e.grams += i.grams;
                    e.allergens.extend(i.allergens.iter().copied());
                    e.cereals.extend(cereals_of(i));
                    e.nuts.extend(nuts_of(i));
                    e.sugars_based |= i.sugars_based;
                    continue;
                }
                entries.push(Entry {
                    name,
                    grams: i.grams,
                    allergens: i.allergens.clone(),
                    cereals: cereals_of(i),
                    nuts: nuts_of(i),
                    sugars_based: i.sugars_based,
                    sub: None,
                });
            }
            IngredientSource::SubRecipe(sub) => entries.push(Entry {
                name: Cow::Borrowed(i.names.by_language.get(language).unwrap_or(&i.label_name)),
                grams: i.grams,
                allergens: i.allergens.clone(),
                cereals: cereals_of(i),
                nuts: nuts_of(i),
                sugars_based: false,
                sub: Some(sub),
            }),
        }
    }
    entries.sort_by(|a, b| b.grams.total_cmp(&a.grams));
    entries
}

fn cereals_of(i: &ResolvedIngredient) -> BTreeSet<String> {
    details_of(i, Allergen::Gluten)
}

fn nuts_of(i: &ResolvedIngredient) -> BTreeSet<String> {
    details_of(i, Allergen::TreeNuts)
}

fn details_of(i: &ResolvedIngredient, allergen: Allergen) -> BTreeSet<String> {
    i.allergen_details
        .get(&allergen)
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

/// How ingredient `i` reads in a statement in `language` (ISO 639-1): its name in that
/// language, whole, where it has one; else [`leaf_text`] of its label name (which may be in
/// another language: [`names_not_in`] lists those).
fn name_in<'a>(i: &'a ResolvedIngredient, language: &str) -> Cow<'a, str> {
    match i.names.by_language.get(language) {
        Some(name) => Cow::Borrowed(name),
        None => leaf_text(&i.label_name, &i.sub_ingredients),
    }
}

/// The label names of `recipe`'s ingredients (sub-recipes' included) that a statement in
/// `language` prints in another language: the name's language is known (the food table's
/// names are English) and differs, and no name in `language` was given. Each once.
pub fn names_not_in(recipe: &RecipeInput, language: &str) -> Vec<String> {
    let mut names = Vec::new();
    collect_not_in(recipe, language, &mut names);
    names
}

fn collect_not_in(recipe: &RecipeInput, language: &str, names: &mut Vec<String>) {
    for i in &recipe.ingredients {
        if let IngredientSource::SubRecipe(sub) = &i.source {
            collect_not_in(sub, language, names);
        }
        let foreign = i
            .names
            .label_name_language
            .as_deref()
            .is_some_and(|l| l != language);
        if foreign && !i.names.by_language.contains_key(language) && !names.contains(&i.label_name)
        {
            names.push(i.label_name.clone());
        }
    }
}

/// The ingredient statement in `language` (ISO 639-1): names in descending order of weight
/// joined with ", " ([`name_in`]); a sub-recipe reads `Name (its own statement)`. The case
/// follows the regime's rule: sentence case, as printed labels set it ("Enriched wheat flour,
/// milk, sugar"), the first letter capitalised and every other name as given (database names
/// are lowercase common names); or, where the law wants it (FDR B.01.008.2(3)(b)), the first
/// letter of each ingredient capitalised ("Enriched wheat flour (wheat flour, niacin), Milk"),
/// the components in parentheses left as given (B.01.008.2(5)(c) keeps them lower case).
/// With `sugars` (the term, where the regime groups them and the product is not exempt), the
/// sugars-based ingredients print in parentheses after it at their combined weight
/// ("Sugars (demerara sugar, golden syrup)", FDR B.01.008.3; [`crate::sugars_group`]); a
/// sub-recipe's own ingredients are its components and are not grouped.
pub fn ingredient_statement(
    recipe: &RecipeInput,
    language: &str,
    case: IngredientCase,
    sugars: Option<&str>,
) -> String {
    let entries = top_entries(recipe, language, sugars);
    match case {
        IngredientCase::Sentence => sentence_case(&entries.join(", ")),
        IngredientCase::EachIngredientCapitalised => entries
            .iter()
            .map(|e| sentence_case(e))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// `recipe`'s top-level entries as printed (as given, before any case rule), the
/// sugars-based ones grouped after `sugars` where it is given.
fn top_entries(recipe: &RecipeInput, language: &str, sugars: Option<&str>) -> Vec<String> {
    let listed: Vec<Listed> = by_weight(&recipe.ingredients, language)
        .into_iter()
        .map(|e| {
            let text = match e.sub {
                None => e.name.into_owned(),
                Some(sub) => format!("{} ({})", e.name, statement_of(sub, language)),
            };
            Listed::new(text, e.grams, e.sugars_based)
        })
        .collect();
    let listed = match sugars {
        Some(term) => sugars_group::group(listed, term),
        None => listed,
    };
    listed.into_iter().map(|l| l.text).collect()
}

fn statement_of(recipe: &RecipeInput, language: &str) -> String {
    top_entries(recipe, language, None).join(", ")
}

/// The names of `recipe`'s sugars-based ingredients (its own, not its components), one list
/// per ingredient (lines of the same name are one ingredient): its label name and its names
/// in other languages, for the exceptions of FDR B.01.008.3(4) ([`sugars_group::applies`]).
pub fn sugars_based_names(recipe: &RecipeInput) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = Vec::new();
    for i in &recipe.ingredients {
        if !i.sugars_based || matches!(i.source, IngredientSource::SubRecipe(_)) {
            continue;
        }
        let name = i.label_name.trim();
        if out.iter().any(|names| names[0].eq_ignore_ascii_case(name)) {
            continue;
        }
        let mut names = vec![name];
        names.extend(i.names.by_language.values().map(String::as_str));
        out.push(names);
    }
    out
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

/// Whether `word` (followed by `next`, the name's next word) names `allergen`. A culture is
/// bacteria, not the food it is grown for: "cheese culture" and "yogurt cultures" name no
/// milk by those words (an ingredient that carries milk still declares it, in parentheses).
fn names_allergen(allergen: Allergen, word: &str, next: Option<&str>) -> bool {
    keywords(allergen).iter().any(|k| word_matches(word, k))
        && !(allergen == Allergen::Milk && next.is_some_and(|n| word_matches(n, "culture")))
}

/// Where `word` (followed by `next`) names `allergen`, the part of it to emphasise: the
/// whole word for an English keyword ([`names_allergen`]) or a word of the statement's
/// language (`allergen_words.<code>`, the Annex II name `allergen.<code>` and, for gluten
/// and wheat, the cereals' names `cereal.<name>` in `terms`); in a language that writes
/// compounds (`compound_words`), also a language word of four letters or more inside the
/// word, which alone is emphasised ("<b>Weizen</b>mehl"). Shorter words match only whole,
/// so that "Ei" (egg) is not found in "Weizen".
fn allergen_in_word(
    allergen: Allergen,
    word: &str,
    next: Option<&str>,
    language: &LanguageWords,
) -> Option<std::ops::Range<usize>> {
    if names_allergen(allergen, word, next) {
        return Some(0..word.len());
    }
    let words = language.of(allergen);
    if words.is_empty() {
        return None;
    }
    let lower = word.to_lowercase();
    if words.contains(&lower) {
        return Some(0..word.len());
    }
    // Byte offsets of the lower-cased word are the word's only when lower-casing keeps
    // every character's length.
    if !language.compounds || lower.len() != word.len() {
        return None;
    }
    words
        .iter()
        .filter(|k| k.chars().count() >= 4)
        .filter_map(|k| lower.find(k.as_str()).map(|at| at..at + k.len()))
        .max_by_key(|r| r.len())
}

/// The words of a statement's language for the allergens one name is searched for, read
/// from its terms once per name rather than once per word.
struct LanguageWords {
    by_allergen: Vec<(Allergen, Vec<String>)>,
    /// The language writes compounds (`compound_words`).
    compounds: bool,
}

impl LanguageWords {
    fn new(allergens: &BTreeSet<Allergen>, terms: &Terms) -> Self {
        Self {
            by_allergen: allergens
                .iter()
                .map(|a| (*a, language_words(*a, terms)))
                .collect(),
            compounds: terms.get("compound_words") == Some("true"),
        }
    }

    fn of(&self, allergen: Allergen) -> &[String] {
        self.by_allergen
            .iter()
            .find(|(a, _)| *a == allergen)
            .map_or(&[], |(_, words)| words.as_slice())
    }
}

/// The lower-case words of the statement's language that name `allergen` (see
/// [`allergen_in_word`]).
fn language_words(allergen: Allergen, terms: &Terms) -> Vec<String> {
    let mut keys = vec![
        format!("allergen_words.{}", allergen.code()),
        allergen_term(allergen),
    ];
    let cereals: &[&str] = match allergen {
        Allergen::Gluten => &["wheat", "spelt", "khorasan", "rye", "barley", "oats"],
        Allergen::Wheat => &["wheat", "spelt", "khorasan"],
        _ => &[],
    };
    keys.extend(cereals.iter().map(|c| format!("cereal.{c}")));
    if terms.language == "en" {
        // English words are [`keywords`]; the terms' English names add nothing to them.
        keys.truncate(1);
    }
    keys.iter()
        .filter_map(|k| terms.plain(k))
        .flat_map(|v| {
            v.split('|')
                .map(|w| w.trim().to_lowercase())
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Cereal `name` (the English name the data records: "barley") as the statement's language
/// names it (`cereal.barley`), or as recorded where the terms give no name for it.
fn cereal_in(name: &str, terms: &Terms) -> String {
    terms
        .plain(&format!("cereal.{name}"))
        .unwrap_or_else(|| name.to_owned())
}

/// Wheat varieties a name may give without the word "wheat"; Commission Notice
/// 2017/C 428/01 (on Annex II point 1) wants the reference to wheat as well: "spelt (wheat)".
const WHEAT_VARIETIES: &[&str] = &["spelt", "khorasan", "kamut", "durum", "semolina"];

/// The lower-case words of `name`.
fn lower_words(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The gluten cereals `name` gives by its words (Reg. (EU) 1169/2011 Annex II point 1 and
/// FDR B.01.010.1(1) name the cereal, not "gluten"): "wheat" for wheat and its varieties,
/// else the cereal of [`crate::allergen::species_in`] ("rye flakes": rye; "malt extract":
/// barley, the grain malt is made of unless another is named). The word "gluten" names none.
fn cereals_named_by(name: &str) -> BTreeSet<String> {
    let words = lower_words(name);
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let mut out: BTreeSet<String> = crate::allergen::species_in(&refs)
        .into_iter()
        .filter(|(a, _)| *a == Allergen::Gluten)
        .map(|(_, cereal)| cereal.to_owned())
        .collect();
    if words
        .iter()
        .any(|w| word_matches(w, "wheat") || WHEAT_VARIETIES.iter().any(|v| word_matches(w, v)))
    {
        out.insert("wheat".to_owned());
    }
    out
}

/// The gluten cereals of one ingredient: those it records (`allergen_details["gluten"]`,
/// a custom ingredient's `gluten:barley`), wheat when it carries wheat, and those its
/// printed text gives ([`cereals_named_by`] of its name and own ingredients, as the
/// statement prints them). Empty when it carries gluten nobody has named the cereal of.
fn gluten_cereals_of(i: &ResolvedIngredient) -> BTreeSet<String> {
    let mut cereals = cereals_of(i);
    if i.allergens.contains(&Allergen::Wheat) {
        cereals.insert("wheat".to_owned());
    }
    let printed = match &i.source {
        IngredientSource::PerHundredGrams(_) => leaf_text(&i.label_name, &i.sub_ingredients),
        IngredientSource::SubRecipe(_) => Cow::Borrowed(i.label_name.as_str()),
    };
    cereals.extend(cereals_named_by(&printed));
    cereals
}

/// Every gluten cereal of `recipe`'s gluten-carrying ingredients, sub-recipes included
/// ([`gluten_cereals_of`]): what FDR B.01.010.3(1)(b) names as gluten sources.
pub fn gluten_cereals(recipe: &RecipeInput) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for i in &recipe.ingredients {
        if i.allergens.contains(&Allergen::Gluten) {
            out.extend(gluten_cereals_of(i));
        }
        if let IngredientSource::SubRecipe(sub) = &i.source {
            out.extend(gluten_cereals(sub));
        }
    }
    out
}

/// The printed names of `recipe`'s ingredients (sub-recipes' included) that carry gluten
/// without anything naming its cereal ([`gluten_cereals_of`] is empty), each once: a label
/// can then only say "gluten", where Annex II point 1 names the cereal. A sub-recipe's own
/// gluten counts only when none of its ingredients carries gluten (they speak for it).
pub fn gluten_cereal_unnamed(recipe: &RecipeInput) -> Vec<String> {
    let mut names = Vec::new();
    collect_unnamed_gluten(recipe, &mut names);
    names
}

fn collect_unnamed_gluten(recipe: &RecipeInput, names: &mut Vec<String>) {
    for i in &recipe.ingredients {
        let inside = match &i.source {
            IngredientSource::SubRecipe(sub) => {
                collect_unnamed_gluten(sub, names);
                all_allergens(sub).contains(&Allergen::Gluten)
            }
            IngredientSource::PerHundredGrams(_) => false,
        };
        if i.allergens.contains(&Allergen::Gluten)
            && !inside
            && gluten_cereals_of(i).is_empty()
            && !names.contains(&i.label_name)
        {
            names.push(i.label_name.clone());
        }
    }
}

/// The allergens a name's emphasis must show: wheat is the gluten cereal, so naming wheat
/// covers both.
fn wanted_in_statement(allergens: &BTreeSet<Allergen>) -> BTreeSet<Allergen> {
    let mut wanted = allergens.clone();
    if wanted.contains(&Allergen::Wheat) {
        wanted.remove(&Allergen::Gluten);
    }
    wanted
}

/// `name` as its words and the text between them, in order: `(is_word, text)`.
fn word_pieces(name: &str) -> Vec<(bool, String)> {
    let mut pieces: Vec<(bool, String)> = Vec::new();
    for c in name.chars() {
        let alphabetic = c.is_alphabetic();
        match pieces.last_mut() {
            Some((is_word, text)) if *is_word == alphabetic => text.push(c),
            _ => pieces.push((alphabetic, c.to_string())),
        }
    }
    pieces
}

/// `name` HTML-escaped with the words naming any of `allergens` in `<b>`; allergens no word
/// names are appended as ` (<b>milk</b>)` so that every one is emphasised (Art. 21(1)). A
/// gluten cereal the name does not give is appended by its name (Annex II point 1 lists
/// cereals, not "gluten"): the one the ingredient records (`gluten:barley`:
/// "(<b>barley</b>)"), else the one its name gives ("malt extract (<b>barley</b>)"); only
/// when neither is known does it read "gluten" (and [`gluten_cereal_unnamed`] lists it for a
/// warning). A wheat variety named without "wheat" gets it: "<b>spelt</b> flour (<b>wheat</b>)".
fn emphasise(
    name: &str,
    allergens: &BTreeSet<Allergen>,
    cereals: &BTreeSet<String>,
    terms: &Terms,
) -> String {
    let wanted = wanted_in_statement(allergens);
    // The name as words and the text between them, so that a word can see the next one.
    let pieces = word_pieces(name);
    let words: Vec<&str> = pieces
        .iter()
        .filter(|(is_word, _)| *is_word)
        .map(|(_, w)| w.as_str())
        .collect();
    let language = LanguageWords::new(&wanted, terms);
    let mut covered: BTreeSet<Allergen> = BTreeSet::new();
    // "gluten" in the name is emphasised but names no cereal.
    let mut says_gluten = false;
    let mut out = String::new();
    let mut at = 0;
    for (is_word, text) in &pieces {
        if !is_word {
            out.push_str(&escape_html(text));
            continue;
        }
        let next = words.get(at + 1).copied();
        at += 1;
        let hits: Vec<(Allergen, std::ops::Range<usize>)> = wanted
            .iter()
            .filter_map(|a| allergen_in_word(*a, text, next, &language).map(|r| (*a, r)))
            .collect();
        let (Some(start), Some(end)) = (
            hits.iter().map(|(_, r)| r.start).min(),
            hits.iter().map(|(_, r)| r.end).max(),
        ) else {
            out.push_str(&escape_html(text));
            continue;
        };
        out.push_str(&escape_html(&text[..start]));
        out.push_str("<b>");
        out.push_str(&escape_html(&text[start..end]));
        out.push_str("</b>");
        out.push_str(&escape_html(&text[end..]));
        for (a, _) in hits {
            if a == Allergen::Gluten && word_matches(text, "gluten") {
                says_gluten = true;
            } else {
                covered.insert(a);
            }
        }
    }
    let lower_words = lower_words(name);
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
            .unwrap_or_else(|| cereal_in("wheat", terms));
        missing.push(format!("<b>{}</b>", escape_html(&wheat)));
    }
    for a in wanted.iter().filter(|a| !covered.contains(a)) {
        if *a == Allergen::Gluten {
            let named = if cereals.is_empty() {
                cereals_named_by(name)
            } else {
                cereals.clone()
            };
            if !named.is_empty() {
                missing.extend(
                    named
                        .iter()
                        .map(|c| format!("<b>{}</b>", escape_html(&cereal_in(c, terms)))),
                );
                continue;
            }
            if says_gluten {
                // Already emphasised in the name; the unnamed cereal is warned about.
                continue;
            }
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

/// The required names of `allergen` in a statement of ingredients (`required_name.<code>` in
/// `terms`, alternatives split at `|`), each as its lower-case words: FSANZ Schedule 9 S9—3
/// Column 3 ("soy|soya|soybean", "almond|Brazil nut|…").
fn required_names(allergen: Allergen, terms: &Terms) -> Vec<Vec<String>> {
    terms
        .plain(&format!("required_name.{}", allergen.code()))
        .unwrap_or_default()
        .split('|')
        .map(lower_words)
        .filter(|words| !words.is_empty())
        .collect()
}

/// Whether `word` is `name` in the singular or the plural (FSANZ 1.2.3—8: a required name
/// may be stated in either form): "eggs" and "egg", "oat" and "oats", "sulphite".
fn singular_or_plural(word: &str, name: &str) -> bool {
    let w = word.to_lowercase();
    let plural = |a: &str, b: &str| a.strip_prefix(b).is_some_and(|s| s == "s" || s == "es");
    w == name || plural(&w, name) || plural(name, &w)
}

/// `name` HTML-escaped with the required names of `allergens` in `<b>` and nothing else
/// emphasised (FSANZ Standard 1.2.3—7(1): bold that contrasts with all text that is not a
/// required name). A required name counts only as a separate word or words of the name
/// (1.2.3—7(2)(b): "milk powder", "sesame seeds", not "buttermilk"); an allergen no name
/// gives is listed next to it in parentheses (1.2.3—7(2)(c): "sodium caseinate (milk)",
/// "pasta (wheat, egg)"), a gluten cereal by the cereal the ingredient records or its name
/// gives, a tree nut by the nut the ingredient records ("marzipan (almond)").
fn emphasise_required(
    name: &str,
    allergens: &BTreeSet<Allergen>,
    cereals: &BTreeSet<String>,
    nuts: &BTreeSet<String>,
    terms: &Terms,
) -> String {
    let wanted = wanted_in_statement(allergens);
    let pieces = word_pieces(name);
    // The word pieces' indices, and the spans (first and last word) of required names.
    let words: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i].0).collect();
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut covered: BTreeSet<Allergen> = BTreeSet::new();
    for a in &wanted {
        for required in required_names(*a, terms) {
            for first in 0..words.len() {
                let hit = words.len() - first >= required.len()
                    && required
                        .iter()
                        .enumerate()
                        .all(|(k, r)| singular_or_plural(&pieces[words[first + k]].1, r));
                let last = first + required.len().saturating_sub(1);
                if hit && !spans.iter().any(|&(s, e)| first <= e && s <= last) {
                    spans.push((first, last));
                    covered.insert(*a);
                }
            }
        }
    }
    let mut out = String::new();
    let mut word = 0;
    for (is_word, text) in &pieces {
        if !is_word {
            out.push_str(&escape_html(text));
            continue;
        }
        if spans.iter().any(|&(s, _)| s == word) {
            out.push_str("<b>");
        }
        out.push_str(&escape_html(text));
        if spans.iter().any(|&(_, e)| e == word) {
            out.push_str("</b>");
        }
        word += 1;
    }
    let mut next_to: Vec<String> = Vec::new();
    for a in wanted.iter().filter(|a| !covered.contains(a)) {
        let names: Vec<String> = match a {
            Allergen::Gluten => {
                let named = if cereals.is_empty() {
                    cereals_named_by(name)
                } else {
                    cereals.clone()
                };
                named.iter().map(|c| cereal_in(c, terms)).collect()
            }
            Allergen::TreeNuts => nuts
                .iter()
                .filter_map(|n| terms.plain(&format!("species.{}", n.to_lowercase())))
                .collect(),
            _ => Vec::new(),
        };
        // Else its first required name; for gluten or a tree nut nothing names, the
        // regime's word for it ("gluten", "tree nuts"), which the label's warnings report.
        let names = if !names.is_empty() {
            names
        } else if matches!(a, Allergen::Gluten | Allergen::TreeNuts) {
            terms.plain(&allergen_term(*a)).into_iter().collect()
        } else {
            required_names(*a, terms)
                .first()
                .map(|words| words.join(" "))
                .or_else(|| terms.plain(&allergen_term(*a)))
                .into_iter()
                .collect()
        };
        next_to.extend(names.iter().map(|n| format!("<b>{}</b>", escape_html(n))));
    }
    if !next_to.is_empty() {
        out.push_str(" (");
        out.push_str(&next_to.join(", "));
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
    by_weight(&recipe.ingredients, &terms.language)
        .into_iter()
        .map(|e| {
            let own: BTreeSet<Allergen> = e
                .allergens
                .iter()
                .copied()
                .filter(|a| regime.requires_allergen(*a))
                .collect();
            // Where the law allows only its required names in bold (FSANZ 1.2.3—7(1)),
            // they alone are emphasised.
            let mark = |allergens: &BTreeSet<Allergen>| {
                if regime.allergens.required_names_only.is_some() {
                    emphasise_required(&e.name, allergens, &e.cereals, &e.nuts, terms)
                } else {
                    emphasise(&e.name, allergens, &e.cereals, terms)
                }
            };
            match e.sub {
                None => mark(&own),
                Some(sub) => {
                    let inside = all_allergens(sub);
                    let own_only: BTreeSet<Allergen> = own.difference(&inside).copied().collect();
                    format!(
                        "{} ({})",
                        mark(&own_only),
                        statement_html_of(sub, regime, terms)
                    )
                }
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}
