//! Name matching and ranking over USDA descriptions.
//!
//! USDA descriptions put the head noun first and modifiers after, in comma-separated
//! segments ("Chicken, broilers or fryers, breast, meat only, raw"). A query is reduced to
//! singular words (after synonym rewrites), and each food is scored by:
//! - coverage: every required query word must occur in the description (or a one-letter
//!   typo of it, when the query word is unknown to the table) for the match to be acceptable;
//! - position: words found in the first segment count more than words found later;
//! - head: a food whose whole first segment is named by the query ("Bananas", "Oil") gets a
//!   bonus, so "butter" prefers "Butter, salted" to "Peanut butter";
//! - extras: each description word the query did not ask for costs a little, processing
//!   words ("canned", "cooked", "with salt", "imitation") cost more, and raw forms get a bonus;
//! - group: fast foods, restaurant foods, baby foods, branded items and prepared meals are
//!   penalised unless the query asks for them.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use crate::Food;

/// A scored candidate.
pub(crate) struct Hit {
    pub food: usize,
    pub score: f64,
    /// Every required query word was found and the score clears [`MIN_SCORE`].
    pub acceptable: bool,
}

/// Below this a full-coverage match is still refused (e.g. a lone generic word that only
/// hits heavily penalised baby foods).
const MIN_SCORE: f64 = -25.0;

/// Score removed per missing query word, so partial matches rank after full ones.
const MISSING_WORD_COST: f64 = 40.0;

/// Whole-query rewrites: a query that is exactly the left side (after normalisation) is
/// replaced by the right side. These pick the everyday form of a generic name.
const WHOLE_QUERY: &[(&str, &str)] = &[
    ("flour", "wheat flour white all purpose enriched"),
    (
        "all purpose flour",
        "wheat flour white all purpose enriched",
    ),
    ("plain flour", "wheat flour white all purpose enriched"),
    ("white flour", "wheat flour white all purpose enriched"),
    ("wheat flour", "wheat flour white all purpose enriched"),
    ("bread flour", "wheat flour white bread enriched"),
    ("cake flour", "wheat flour white cake enriched"),
    (
        "self rising flour",
        "wheat flour white all purpose self rising",
    ),
    (
        "self raising flour",
        "wheat flour white all purpose self rising",
    ),
    ("whole wheat flour", "wheat flour whole grain"),
    ("wholemeal flour", "wheat flour whole grain"),
    ("sugar", "sugars granulated"),
    ("white sugar", "sugars granulated"),
    ("granulated sugar", "sugars granulated"),
    ("caster sugar", "sugars granulated"),
    ("cane sugar", "sugars granulated"),
    ("milk", "milk whole"),
    ("whole milk", "milk whole"),
    ("salt", "salt table"),
    ("table salt", "salt table"),
    ("pepper", "spices pepper black"),
    ("black pepper", "spices pepper black"),
    ("ground black pepper", "spices pepper black"),
    ("rice", "rice white long grain regular raw enriched"),
    ("white rice", "rice white long grain regular raw enriched"),
    (
        "long grain rice",
        "rice white long grain regular raw enriched",
    ),
    ("brown rice", "rice brown long grain raw"),
    ("oats", "cereals oats regular quick not fortified dry"),
    (
        "rolled oats",
        "cereals oats regular quick not fortified dry",
    ),
    ("oatmeal", "cereals oats regular quick not fortified dry"),
    ("pasta", "pasta dry enriched"),
    ("spaghetti", "pasta dry enriched"),
    ("macaroni", "pasta dry enriched"),
    ("penne", "pasta dry enriched"),
    ("egg", "egg whole raw fresh"),
    ("whole egg", "egg whole raw fresh"),
    ("egg white", "egg white raw fresh"),
    ("egg yolk", "egg yolk raw fresh"),
    ("cream", "cream fluid heavy whipping"),
    ("heavy cream", "cream fluid heavy whipping"),
    ("whipping cream", "cream fluid heavy whipping"),
    ("double cream", "cream fluid heavy whipping"),
    ("single cream", "cream fluid light"),
    ("sour cream", "cream sour cultured"),
    ("yogurt", "yogurt plain whole milk"),
    ("plain yogurt", "yogurt plain whole milk"),
    ("greek yogurt", "yogurt greek plain whole milk"),
    ("vegetable oil", "oil canola"),
    ("cooking oil", "oil canola"),
    ("oil", "oil canola"),
    (
        "baking powder",
        "leavening agent baking powder double acting straight phosphate",
    ),
    ("yeast", "leavening agent yeast baker active dry"),
    ("dry yeast", "leavening agent yeast baker active dry"),
    ("active dry yeast", "leavening agent yeast baker active dry"),
    ("tomato", "tomato red ripe raw year round average"),
    ("tomato sauce", "tomato product canned sauce"),
    ("tomato paste", "tomato product canned paste"),
    ("tomato puree", "tomato product canned puree"),
    ("chicken broth", "soup chicken broth ready serve"),
    ("chicken stock", "soup chicken broth ready serve"),
    ("beef broth", "soup beef broth bouillon canned ready serve"),
    ("beef stock", "soup beef broth bouillon canned ready serve"),
    (
        "canned tomatoes",
        "tomato red ripe canned packed tomato juice",
    ),
    (
        "canned tomato",
        "tomato red ripe canned packed tomato juice",
    ),
    ("cottage cheese", "cheese cottage creamed large small curd"),
    ("dijon mustard", "mustard prepared yellow"),
    ("tomatoes", "tomato red ripe raw year round average"),
    ("potato", "potato flesh skin raw"),
    ("chicken", "chicken broiler fryer meat only raw"),
    ("ground beef", "beef ground 80 lean meat 20 fat raw"),
    ("minced beef", "beef ground 80 lean meat 20 fat raw"),
    ("beef mince", "beef ground 80 lean meat 20 fat raw"),
    ("cheddar", "cheese cheddar"),
    ("parmesan", "cheese parmesan hard"),
    ("parmesan cheese", "cheese parmesan hard"),
    ("mozzarella", "cheese mozzarella whole milk"),
    ("mozzarella cheese", "cheese mozzarella whole milk"),
    ("cream cheese", "cheese cream"),
    ("bacon", "pork cured bacon unprepared"),
    ("ham", "ham sliced regular"),
    ("cocoa", "cocoa dry powder unsweetened"),
    ("cocoa powder", "cocoa dry powder unsweetened"),
    ("vanilla", "vanilla extract"),
    ("cinnamon", "spices cinnamon ground"),
    ("lemon", "lemon raw without peel"),
    ("lime", "lime raw"),
    ("orange", "orange raw all commercial variety"),
    ("apple", "apple raw with skin"),
    ("bread", "bread white commercially prepared"),
    ("white bread", "bread white commercially prepared"),
    ("mayonnaise", "salad dressing mayonnaise regular"),
    ("mayo", "salad dressing mayonnaise regular"),
    ("ketchup", "catsup"),
    ("tomato ketchup", "catsup"),
    ("corn", "corn sweet yellow raw"),
    ("sweet corn", "corn sweet yellow raw"),
    ("peanut butter", "peanut butter smooth style with salt"),
    ("honey", "honey"),
    ("water", "water tap drinking"),
    ("coffee", "beverage coffee brewed prepared with tap water"),
    ("tofu", "tofu raw firm prepared with calcium sulfate"),
    ("firm tofu", "tofu raw firm prepared with calcium sulfate"),
    ("coconut milk", "nut coconut milk canned"),
    ("tuna", "fish tuna fresh yellowfin raw"),
    ("salmon", "fish salmon atlantic farmed raw"),
    ("cod", "fish cod atlantic raw"),
    ("shrimp", "crustacean shrimp raw"),
    ("prawn", "crustacean shrimp raw"),
    ("prawns", "crustacean shrimp raw"),
    ("lentils", "lentil raw"),
    ("lentil", "lentil raw"),
    ("mustard", "mustard prepared yellow"),
    ("cornmeal", "cornmeal degermed enriched yellow"),
    ("raisins", "raisin dark seedless"),
    ("raisin", "raisin dark seedless"),
    ("molasses", "molasses"),
    ("maple syrup", "syrup maple"),
    ("vinegar", "vinegar distilled"),
    ("white vinegar", "vinegar distilled"),
    ("chocolate chips", "candies semisweet chocolate"),
    ("chocolate chip", "candies semisweet chocolate"),
    ("semisweet chocolate", "candies semisweet chocolate"),
    ("apple cider vinegar", "vinegar cider"),
    ("cider vinegar", "vinegar cider"),
    ("garlic powder", "spices garlic powder"),
    ("onion powder", "spices onion powder"),
    ("paprika", "spices paprika"),
    ("cumin", "spices cumin seed"),
    ("ground cumin", "spices cumin seed"),
    ("oregano", "spices oregano dried"),
    ("basil", "basil fresh"),
    ("fresh basil", "basil fresh"),
    ("dried basil", "spices basil dried"),
    ("ginger", "ginger root raw"),
    ("fresh ginger", "ginger root raw"),
    ("ground ginger", "spices ginger ground"),
    ("nutmeg", "spices nutmeg ground"),
    ("chili powder", "spices chili powder"),
    ("cayenne", "spices pepper red cayenne"),
    ("cayenne pepper", "spices pepper red cayenne"),
    ("beans", "beans kidney all type mature seed raw"),
];

/// Word or phrase synonyms, applied anywhere in a query after the whole-query table.
const PHRASES: &[(&str, &str)] = &[
    ("all purpose", "all purpose enriched"),
    ("green onion", "onion spring scallion"),
    ("spring onion", "onion spring scallion"),
    ("cilantro", "coriander leaf raw"),
    ("fresh coriander", "coriander leaf raw"),
    ("garbanzo bean", "chickpea"),
    ("garbanzo", "chickpea"),
    ("courgette", "squash summer zucchini includes skin raw"),
    ("aubergine", "eggplant"),
    ("bell pepper", "pepper sweet"),
    ("capsicum", "pepper sweet"),
    ("rocket", "arugula"),
    ("beetroot", "beet"),
    ("swede", "rutabaga"),
    ("yoghurt", "yogurt"),
    ("icing sugar", "sugars powdered"),
    ("powdered sugar", "sugars powdered"),
    ("confectioner sugar", "sugars powdered"),
    ("brown sugar", "sugars brown"),
    ("baking soda", "leavening agent baking soda"),
    ("bicarbonate of soda", "leavening agent baking soda"),
    ("bicarbonate soda", "leavening agent baking soda"),
    ("cornflour", "cornstarch"),
    ("corn starch", "cornstarch"),
    ("minced", "ground"),
    ("mince", "ground"),
    ("chilli", "chili"),
    ("chile", "chili"),
    ("chili pepper", "pepper hot chili"),
    ("jalapeno", "pepper jalapeno"),
    ("mangetout", "pea edible podded"),
    ("snow pea", "pea edible podded"),
    ("sugar snap pea", "pea edible podded"),
    ("green pea", "pea green raw"),
    ("green bean", "bean snap green raw"),
    ("string bean", "bean snap green raw"),
    ("kidney bean", "bean kidney red mature seed raw"),
    ("black bean", "bean black mature seed raw"),
    ("pinto bean", "bean pinto mature seed raw"),
    ("navy bean", "bean navy mature seed raw"),
    ("filbert", "hazelnut"),
    ("brazil nut", "brazilnut"),
    ("kiwi", "kiwifruit"),
    ("sesame seed", "seed sesame whole dried"),
    ("tahini", "tahini"),
    ("soy sauce", "soy sauce made from soy wheat shoyu"),
    ("worcestershire", "worcestershire"),
    ("olive oil", "oil olive salad cooking"),
    ("extra virgin olive oil", "oil olive salad cooking"),
    ("canola oil", "oil canola"),
    ("rapeseed oil", "oil canola"),
    ("sunflower oil", "oil sunflower"),
    ("sesame oil", "oil sesame salad cooking"),
    ("coconut oil", "oil coconut"),
    ("unsalted butter", "butter without salt"),
    ("salted butter", "butter salted"),
    ("lemon juice", "lemon juice raw"),
    ("lime juice", "lime juice raw"),
    ("orange juice", "orange juice raw"),
    ("broccoli", "broccoli raw"),
    ("scallion", "onion spring scallion"),
    ("zucchini", "squash summer zucchini includes skin raw"),
    ("eggplant", "eggplant raw"),
    ("sweet potato", "sweet potato raw unprepared"),
    ("chicken breast", "chicken breast raw"),
    ("chicken thigh", "chicken thigh raw"),
    ("pork chop", "pork loin chop raw"),
    ("almond", "nut almond"),
    ("walnut", "nut walnut english"),
    ("pecan", "nut pecan"),
    ("cashew", "nut cashew raw"),
    ("pistachio", "nut pistachio raw"),
    ("macadamia", "nut macadamia"),
    ("shallot", "shallot raw"),
    ("celery", "celery raw"),
    ("spinach", "spinach raw"),
    ("mushroom", "mushroom white raw"),
    ("heavy whipping cream", "cream fluid heavy whipping"),
    ("half and half", "cream fluid half and half"),
    ("parsley", "parsley fresh"),
];

/// Query words that describe preparation or size; they help when found but are never
/// required ("fresh basil", "chopped onion", "large eggs").
const SOFT_QUERY_WORDS: &[&str] = &[
    "fresh",
    "chopped",
    "diced",
    "minced",
    "sliced",
    "grated",
    "shredded",
    "large",
    "small",
    "medium",
    "organic",
    "peeled",
    "finely",
    "roughly",
    "packed",
    "sifted",
    "softened",
    "melted",
    "cold",
    "warm",
    "room",
    "temperature",
    "extra",
    "virgin",
    "pure",
    "natural",
    "cubed",
    "crushed",
    "unsalted",
    "salted",
    "whole",
    "ripe",
    "boneless",
    "skinless",
    "plain",
    "regular",
    "raw",
    "cup",
    "tbsp",
    "tsp",
    "taste",
    "optional",
    "light",
];

/// Words with no meaning for matching.
const STOPWORDS: &[&str] = &[
    "and", "or", "of", "the", "a", "an", "in", "for", "to", "from", "with", "by", "on", "at", "s",
];

/// Description words that carry almost no information beyond the head; extra ones cost little.
const NEUTRAL: &[&str] = &[
    "raw",
    "fresh",
    "whole",
    "plain",
    "regular",
    "all",
    "purpose",
    "enriched",
    "mature",
    "seed",
    "include",
    "includes",
    "edible",
    "year",
    "round",
    "average",
    "ripe",
    "fluid",
    "salad",
    "cooking",
    "table",
    "unprepared",
    "flesh",
    "bulb",
    "top",
    "stick",
    "without",
    "vitamin",
    "milkfat",
    "meat",
    "only",
    "broiler",
    "fryer",
    "boneless",
    "skinless",
    "separable",
    "lean",
    "trimmed",
    "choice",
    "select",
    "grade",
    "commercial",
    "variety",
    "type",
    "bleached",
    "unbleached",
    "ground",
    "leavening",
    "agent",
    "spice",
    "cultured",
    "green",
    "white",
    "english",
    "common",
    "seedless",
    "peel",
    "kernel",
    "shelled",
    "grain",
    "long",
    "style",
    "solid",
    "liquid",
    "pasteurized",
    "granulated",
    "bone",
    "root",
    "leaf",
    "head",
    "heart",
    "dark",
    "yellow",
    "red",
    "sweet",
    "hard",
    "firm",
];

/// Processing words and what an unrequested one costs.
const PROCESSING: &[(&str, f64)] = &[
    ("canned", 6.0),
    ("frozen", 5.0),
    ("cooked", 5.0),
    ("boiled", 3.0),
    ("roasted", 3.0),
    ("fried", 4.0),
    ("baked", 3.0),
    ("braised", 3.0),
    ("grilled", 3.0),
    ("stewed", 3.0),
    ("broiled", 3.0),
    ("microwaved", 3.0),
    ("steamed", 3.0),
    ("drained", 1.0),
    ("heated", 2.0),
    ("prepared", 6.0),
    ("dehydrated", 5.0),
    ("dried", 4.0),
    ("dry", 1.5),
    ("imitation", 15.0),
    ("substitute", 15.0),
    ("babyfood", 40.0),
    ("infant", 30.0),
    ("toddler", 30.0),
    ("formula", 10.0),
    ("mix", 6.0),
    ("sweetened", 2.0),
    ("unsweetened", 0.5),
    ("salt", 2.0),
    ("salted", 1.0),
    ("added", 1.0),
    ("solution", 4.0),
    ("reduced", 3.0),
    ("low", 3.0),
    ("lowfat", 3.0),
    ("nonfat", 3.0),
    ("free", 3.0),
    ("lite", 3.0),
    ("light", 2.0),
    ("diet", 3.0),
    ("restaurant", 15.0),
    ("school", 6.0),
    ("lunch", 6.0),
    ("concentrate", 3.0),
    ("syrup", 3.0),
    ("pickled", 4.0),
    ("smoked", 3.0),
    ("cured", 3.0),
    ("breaded", 5.0),
    ("batter", 5.0),
    ("flavored", 3.0),
    ("flavor", 3.0),
    ("instant", 3.0),
    ("ready", 3.0),
    ("eat", 2.0),
    ("stuffed", 4.0),
    ("sauce", 3.0),
    ("juice", 3.0),
    ("industrial", 6.0),
    ("butter", 3.0),
    ("paste", 3.0),
    ("spread", 3.0),
    ("fortified", 1.0),
    ("unenriched", 1.0),
    ("calcium", 2.0),
    ("protein", 2.0),
    ("glutinous", 3.0),
    ("sliced", 1.5),
    ("seasoned", 3.0),
    ("rotisserie", 4.0),
    ("whipped", 3.0),
];

/// Words that say the query wants a cooked or processed form, so "raw" is no longer preferred.
const COOKING_QUERY_WORDS: &[&str] = &[
    "cooked", "boiled", "roasted", "fried", "baked", "grilled", "canned", "dried", "frozen",
    "steamed", "stewed", "braised", "broiled", "toasted", "smoked", "dry",
];

/// Food groups that are rarely what a recipe ingredient means, and their cost.
const GROUP_COSTS: &[(&str, f64)] = &[
    ("Fast Foods", 30.0),
    ("Restaurant Foods", 30.0),
    ("Baby Foods", 40.0),
    ("Branded Food Products Database", 30.0),
    ("Meals, Entrees, and Side Dishes", 20.0),
    ("American Indian/Alaska Native Foods", 25.0),
    ("Quality Control Materials", 50.0),
    ("Sausages and Luncheon Meats", 6.0),
    ("Snacks", 4.0),
    ("Breakfast Cereals", 3.0),
];

/// First segments that name a USDA category rather than the food ("Spices, cinnamon, ground",
/// "Fish, salmon, Atlantic, raw"). For these the second segment is treated as the head, and
/// the category words cost nothing when the query does not repeat them.
const CATEGORY_HEADS: &[&str] = &[
    "fish",
    "crustacean",
    "mollusk",
    "spice",
    "seed",
    "nut",
    "beverage",
    "candy",
    "leavening agent",
    "cereal",
    "tomato product",
    "soup",
    "alcoholic beverage",
];

/// Cost of an all-capitals brand word outside parentheses ("KRAFT", "OLIVE GARDEN").
const BRAND_COST: f64 = 20.0;

struct FoodWord {
    word: String,
    /// Comma segment, counted after any category head (the head is segment 0).
    segment: usize,
    in_parens: bool,
    /// Part of a category first segment such as "Spices".
    category: bool,
    /// [`extra_cost`] of this word for a plain and for a cooking query, computed once at
    /// index time because scoring runs it for every word of every candidate.
    cost: [f64; 2],
}

struct Entry {
    words: Vec<FoodWord>,
    fixed_cost: f64,
    group_words: HashSet<String>,
}

/// Search index over a food list (same order as the list).
#[derive(Debug)]
pub(crate) struct Index {
    entries: Vec<Entry>,
    vocabulary: HashSet<String>,
    /// For each description word, the entries that contain it (ascending). A food that
    /// shares no word with the query scores `None`, so only these are ever scored.
    postings: HashMap<String, Vec<u32>>,
    whole_query: HashMap<Vec<String>, Vec<String>>,
    phrases: Vec<(Vec<String>, Vec<String>)>,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("words", &self.words.len())
            .finish()
    }
}

/// Lowercase words of `text`, split on anything not alphanumeric, apostrophes dropped,
/// each reduced to a singular form.
pub(crate) fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .replace('&', " and ")
        .replace(['\'', '\u{2019}'], "")
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(singular)
        .collect()
}

/// A crude English singular that is consistent for query and description words, which is
/// all matching needs ("berries" -> "berry", "tomatoes" -> "tomato", "leaves" -> "leaf").
pub(crate) fn singular(word: &str) -> String {
    const IRREGULAR: &[(&str, &str)] = &[
        ("leaves", "leaf"),
        ("halves", "half"),
        ("loaves", "loaf"),
        ("cookies", "cookie"),
        ("brownies", "brownie"),
        ("smoothies", "smoothie"),
        ("veggies", "veggie"),
        ("pies", "pie"),
        ("ties", "tie"),
        ("fries", "fry"),
        ("dishes", "dish"),
        ("potatoes", "potato"),
        ("tomatoes", "tomato"),
        ("mangoes", "mango"),
        ("molasses", "molasses"),
        ("asparagus", "asparagus"),
        ("hummus", "hummus"),
        ("couscous", "couscous"),
        ("citrus", "citrus"),
        ("swiss", "swiss"),
        ("series", "series"),
        ("species", "species"),
        ("oats", "oat"),
        ("grits", "grits"),
        ("brussels", "brussels"),
        ("chassis", "chassis"),
        ("octopus", "octopus"),
        ("hibiscus", "hibiscus"),
        ("lettuces", "lettuce"),
        ("sauces", "sauce"),
        ("cheeses", "cheese"),
        ("anchovies", "anchovy"),
    ];
    if let Some((_, s)) = IRREGULAR.iter().find(|(p, _)| *p == word) {
        return (*s).to_owned();
    }
    let n = word.len();
    if n <= 3 || !word.is_ascii() {
        return word.to_owned();
    }
    if let Some(stem) = word.strip_suffix("ies") {
        return format!("{stem}y");
    }
    for suffix in ["ches", "shes", "sses", "xes", "zes"] {
        if word.ends_with(suffix) {
            return word[..n - 2].to_owned();
        }
    }
    if word.ends_with("oes") {
        return word[..n - 2].to_owned();
    }
    if word.ends_with('s') && !["ss", "us", "is"].iter().any(|s| word.ends_with(s)) {
        return word[..n - 1].to_owned();
    }
    word.to_owned()
}

/// Splits a USDA description into top-level comma segments (commas inside parentheses
/// do not split) and marks which words sit inside parentheses.
fn description_words(description: &str) -> (Vec<FoodWord>, bool) {
    let mut out = Vec::new();
    let mut has_brand = false;
    let mut segment = 0;
    let mut depth: i32 = 0;
    let mut current = String::new();
    let mut flush =
        |current: &mut String, segment: usize, in_parens: bool, out: &mut Vec<FoodWord>| {
            for raw in current.split(|c: char| !c.is_alphanumeric() && c != '\'') {
                let letters: Vec<char> = raw.chars().filter(|c| c.is_alphabetic()).collect();
                if !in_parens && letters.len() >= 2 && letters.iter().all(|c| c.is_uppercase()) {
                    has_brand = true;
                }
            }
            for word in words(current) {
                if !STOPWORDS.contains(&word.as_str()) {
                    out.push(FoodWord {
                        word,
                        segment,
                        in_parens,
                        category: false,
                        cost: [0.0; 2],
                    });
                }
            }
            current.clear();
        };
    for c in description.chars() {
        match c {
            '(' => {
                flush(&mut current, segment, depth > 0, &mut out);
                depth += 1;
            }
            ')' => {
                flush(&mut current, segment, depth > 0, &mut out);
                depth = (depth - 1).max(0);
            }
            ',' if depth == 0 => {
                flush(&mut current, segment, false, &mut out);
                segment += 1;
            }
            _ => current.push(c),
        }
    }
    flush(&mut current, segment, depth > 0, &mut out);
    let first: Vec<&str> = out
        .iter()
        .filter(|w| w.segment == 0)
        .map(|w| w.word.as_str())
        .collect();
    let has_more = out.iter().any(|w| w.segment > 0);
    if has_more && CATEGORY_HEADS.contains(&first.join(" ").as_str()) {
        for w in &mut out {
            if w.segment == 0 {
                w.category = true;
            } else {
                w.segment -= 1;
            }
        }
    }
    (out, has_brand)
}

fn normalise_phrase(text: &str) -> Vec<String> {
    words(text)
        .into_iter()
        .filter(|w| !STOPWORDS.contains(&w.as_str()))
        .collect()
}

/// Levenshtein distance, capped: returns `limit + 1` as soon as it is exceeded.
fn edit_distance(a: &str, b: &str, limit: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return limit + 1;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        let mut row_min = cur[0];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
            row_min = row_min.min(cur[j + 1]);
        }
        if row_min > limit {
            return limit + 1;
        }
        prev = cur;
    }
    prev[b.len()]
}

/// One query word with the food words that count as it.
struct QueryWord {
    alternatives: Vec<(String, f64)>,
    soft: bool,
}

impl Index {
    pub(crate) fn new(foods: &[Food]) -> Self {
        let mut vocabulary = HashSet::new();
        let mut postings: HashMap<String, Vec<u32>> = HashMap::new();
        let entries = foods
            .iter()
            .enumerate()
            .map(|(index, food)| {
                let (mut words, has_brand) = description_words(&food.description);
                for w in &mut words {
                    w.cost = [extra_cost(w, false), extra_cost(w, true)];
                }
                for w in &words {
                    vocabulary.insert(w.word.clone());
                    let list = postings.entry(w.word.clone()).or_default();
                    let index = u32::try_from(index).unwrap_or(u32::MAX);
                    if list.last() != Some(&index) {
                        list.push(index);
                    }
                }
                let group_cost = GROUP_COSTS
                    .iter()
                    .find(|(g, _)| *g == food.food_group)
                    .map_or(0.0, |(_, c)| *c);
                Entry {
                    words,
                    fixed_cost: group_cost + if has_brand { BRAND_COST } else { 0.0 },
                    group_words: words_of_group(&food.food_group),
                }
            })
            .collect();
        let whole_query = WHOLE_QUERY
            .iter()
            .map(|(from, to)| (normalise_phrase(from), normalise_phrase(to)))
            .collect();
        let mut phrases: Vec<(Vec<String>, Vec<String>)> = PHRASES
            .iter()
            .map(|(from, to)| (normalise_phrase(from), normalise_phrase(to)))
            .collect();
        // Longest phrase first, so "extra virgin olive oil" wins over "olive oil".
        phrases.sort_by_key(|(from, _)| std::cmp::Reverse(from.len()));
        Self {
            entries,
            vocabulary,
            postings,
            whole_query,
            phrases,
        }
    }

    /// Rewrites the query words with the synonym tables.
    fn rewrite(&self, query: Vec<String>) -> Vec<String> {
        if let Some(to) = self.whole_query.get(&query) {
            return to.clone();
        }
        let mut out = Vec::with_capacity(query.len() + 4);
        let mut i = 0;
        'outer: while i < query.len() {
            for (from, to) in &self.phrases {
                if query[i..].starts_with(from) {
                    out.extend(to.iter().cloned());
                    i += from.len();
                    continue 'outer;
                }
            }
            out.push(query[i].clone());
            i += 1;
        }
        out
    }

    fn query_words(&self, query: &str) -> Vec<QueryWord> {
        let rewritten = self.rewrite(normalise_phrase(query));
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for w in rewritten {
            if !seen.insert(w.clone()) {
                continue;
            }
            let soft = SOFT_QUERY_WORDS.contains(&w.as_str());
            let mut alternatives = vec![(w.clone(), 1.0)];
            // A word the table never uses is probably a typo: accept close table words.
            if !self.vocabulary.contains(&w) && w.chars().count() >= 5 {
                let limit = if w.chars().count() >= 8 { 2 } else { 1 };
                let mut close: Vec<&String> = self
                    .vocabulary
                    .iter()
                    .filter(|v| edit_distance(&w, v, limit) <= limit)
                    .collect();
                close.sort();
                alternatives.extend(close.into_iter().map(|v| (v.clone(), 0.7)));
            }
            out.push(QueryWord { alternatives, soft });
        }
        out
    }

    /// The best food that contains every required query word, scoring only those foods
    /// (the intersection of the words' postings). `None` when no such food clears the
    /// minimum score; callers then fall back to [`Index::search`] for suggestions.
    pub(crate) fn best_full_match(&self, foods: &[Food], query: &str) -> Option<Hit> {
        let qwords = self.query_words(query);
        let required: Vec<&QueryWord> = qwords.iter().filter(|q| !q.soft).collect();
        if required.is_empty() {
            return None;
        }
        let mut candidates: Option<Vec<u32>> = None;
        for q in &required {
            let mut with_word: Vec<u32> = q
                .alternatives
                .iter()
                .filter_map(|(w, _)| self.postings.get(w))
                .flatten()
                .copied()
                .collect();
            with_word.sort_unstable();
            with_word.dedup();
            candidates = Some(match candidates {
                None => with_word,
                Some(so_far) => so_far
                    .into_iter()
                    .filter(|i| with_word.binary_search(i).is_ok())
                    .collect(),
            });
        }
        let query_set: HashSet<&str> = qwords
            .iter()
            .flat_map(|q| q.alternatives.iter().map(|(w, _)| w.as_str()))
            .collect();
        let wants_cooked = query_set.iter().any(|w| COOKING_QUERY_WORDS.contains(w));
        let best = candidates
            .unwrap_or_default()
            .into_iter()
            .filter_map(|i| {
                let i = i as usize;
                let entry = self.entries.get(i)?;
                let (score, full) =
                    score(entry, &qwords, required.len(), &query_set, wants_cooked)?;
                (full && score >= MIN_SCORE).then_some(Hit {
                    food: i,
                    score,
                    acceptable: true,
                })
            })
            .min_by(|a, b| rank(foods, a, b))?;
        Some(best)
    }

    pub(crate) fn search(&self, foods: &[Food], query: &str, limit: usize) -> Vec<Hit> {
        let qwords = self.query_words(query);
        let required = qwords.iter().filter(|q| !q.soft).count();
        if required == 0 || limit == 0 {
            return Vec::new();
        }
        let query_set: HashSet<&str> = qwords
            .iter()
            .flat_map(|q| q.alternatives.iter().map(|(w, _)| w.as_str()))
            .collect();
        let wants_cooked = query_set.iter().any(|w| COOKING_QUERY_WORDS.contains(w));
        let mut candidates: Vec<u32> = query_set
            .iter()
            .filter_map(|w| self.postings.get(*w))
            .flatten()
            .copied()
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        let mut hits: Vec<Hit> = candidates
            .into_iter()
            .filter_map(|i| {
                let i = i as usize;
                let entry = self.entries.get(i)?;
                score(entry, &qwords, required, &query_set, wants_cooked).map(|(score, full)| Hit {
                    food: i,
                    score,
                    acceptable: full && score >= MIN_SCORE,
                })
            })
            .collect();
        hits.sort_by(|a, b| rank(foods, a, b));
        hits.truncate(limit);
        hits
    }
}

/// Best first: higher score, then shorter description, then lower fdc id.
fn rank(foods: &[Food], a: &Hit, b: &Hit) -> Ordering {
    b.score
        .partial_cmp(&a.score)
        .unwrap_or(Ordering::Equal)
        .then_with(|| {
            foods[a.food]
                .description
                .len()
                .cmp(&foods[b.food].description.len())
        })
        .then_with(|| foods[a.food].fdc_id.cmp(&foods[b.food].fdc_id))
}

fn words_of_group(group: &str) -> HashSet<String> {
    words(group).into_iter().collect()
}

/// Scores one food; `None` when no required query word occurs in it.
/// Returns the score and whether every required word was found.
fn score(
    entry: &Entry,
    query: &[QueryWord],
    required: usize,
    query_set: &HashSet<&str>,
    wants_cooked: bool,
) -> Option<(f64, bool)> {
    let mut total = 0.0;
    let mut found_required = 0;
    for q in query {
        let best = entry
            .words
            .iter()
            .filter_map(|fw| {
                let weight = q
                    .alternatives
                    .iter()
                    .find(|(w, _)| *w == fw.word)
                    .map(|(_, weight)| *weight)?;
                let position = match (fw.in_parens, fw.segment) {
                    // A category word named by the query counts like a head word.
                    _ if fw.category => 10.0,
                    (true, _) => 3.0,
                    (false, 0) => 10.0,
                    (false, 1) => 8.0,
                    (false, 2) => 6.0,
                    _ => 5.0,
                };
                Some(weight * position)
            })
            .fold(None, |acc: Option<f64>, v| {
                Some(acc.map_or(v, |a| a.max(v)))
            });
        if let Some(points) = best {
            total += points;
            if !q.soft {
                found_required += 1;
            }
        }
    }
    if found_required == 0 {
        return None;
    }
    let missing = required - found_required;
    total -= MISSING_WORD_COST * missing as f64;

    let mut head_words = 0;
    let mut head_named = 0;
    for fw in &entry.words {
        let asked = query_set.contains(fw.word.as_str());
        if fw.segment == 0 && !fw.in_parens && !fw.category {
            head_words += 1;
            if asked {
                head_named += 1;
            }
        }
        if asked {
            continue;
        }
        total -= fw.cost[usize::from(wants_cooked)];
    }
    if head_words > 0 && head_named == head_words {
        total += 12.0;
    } else if head_named == 0 {
        total -= 6.0;
    }
    let asks_for_group = entry
        .group_words
        .iter()
        .any(|w| query_set.contains(w.as_str()));
    if !asks_for_group {
        total -= entry.fixed_cost;
    }
    Some((total, missing == 0))
}

fn extra_cost(fw: &FoodWord, wants_cooked: bool) -> f64 {
    let w = fw.word.as_str();
    if fw.category {
        return 0.0;
    }
    if w == "raw" {
        // Raw is the plain form of an ingredient, unless the query asks for a cooked one.
        return if wants_cooked { 2.0 } else { -3.0 };
    }
    if let Some((_, cost)) = PROCESSING.iter().find(|(p, _)| *p == w) {
        return if wants_cooked { cost / 2.0 } else { *cost };
    }
    if fw.in_parens || w.chars().all(|c| c.is_ascii_digit()) {
        return 0.4;
    }
    if NEUTRAL.contains(&w) {
        return 0.5;
    }
    if fw.segment == 0 {
        3.0
    } else {
        1.5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_reduce_to_the_same_singular() {
        for (plural, one) in [
            ("bananas", "banana"),
            ("berries", "berry"),
            ("tomatoes", "tomato"),
            ("leaves", "leaf"),
            ("peaches", "peach"),
            ("radishes", "radish"),
            ("cookies", "cookie"),
            ("fryers", "fryer"),
        ] {
            assert_eq!(singular(plural), singular(one), "{plural}");
        }
        assert_eq!(singular("asparagus"), "asparagus");
        assert_eq!(singular("hummus"), "hummus");
        assert_eq!(singular("swiss"), "swiss");
    }

    #[test]
    fn descriptions_split_into_segments_outside_parentheses() {
        let (words, brand) =
            description_words("Chickpeas (garbanzo beans, bengal gram), mature seeds, raw");
        let seg: Vec<(&str, usize, bool)> = words
            .iter()
            .map(|w| (w.word.as_str(), w.segment, w.in_parens))
            .collect();
        assert_eq!(seg[0], ("chickpea", 0, false));
        assert_eq!(seg[1], ("garbanzo", 0, true));
        assert_eq!(seg[3], ("bengal", 0, true));
        assert_eq!(seg.last().copied(), Some(("raw", 2, false)));
        assert!(!brand);
    }

    #[test]
    fn all_capitals_words_mark_a_brand() {
        assert!(description_words("OLIVE GARDEN, lasagna classico").1);
        assert!(!description_words("Cheese, cheddar (Includes foods for USDA's Food)").1);
    }

    #[test]
    fn edit_distance_stops_at_the_limit() {
        assert_eq!(edit_distance("banana", "bananna", 1), 1);
        assert_eq!(edit_distance("xyzzy", "banana", 1), 2);
    }
}
