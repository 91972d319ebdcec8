//! Table-driven check that everyday recipe ingredient names resolve to an acceptable USDA
//! food. Acceptable answers were looked up in `food.csv` of USDA FoodData Central's SR Legacy
//! release (April 2018).

use nls_fooddb::{shipped, Food};

/// What counts as a correct answer for one name: one of `ids`, or a description that
/// contains every `all` substring (case-sensitive, so "Raisins, " means the head noun) and
/// none of `none`.
struct Case {
    name: &'static str,
    ids: &'static [u32],
    all: &'static [&'static str],
    none: &'static [&'static str],
}

const fn ids(name: &'static str, ids: &'static [u32]) -> Case {
    Case {
        name,
        ids,
        all: &[],
        none: &[],
    }
}

const fn desc(
    name: &'static str,
    all: &'static [&'static str],
    none: &'static [&'static str],
) -> Case {
    Case {
        name,
        ids: &[],
        all,
        none,
    }
}

impl Case {
    fn accepts(&self, food: &Food) -> bool {
        self.ids.contains(&food.fdc_id)
            || (!self.all.is_empty()
                && self.all.iter().all(|s| food.description.contains(s))
                && !self.none.iter().any(|s| food.description.contains(s)))
    }
}

const CASES: &[Case] = &[
    // flours, starches, sugars, baking
    ids("all-purpose flour", &[168894, 168936]),
    ids("flour", &[168894, 168936]),
    ids("bread flour", &[168896]),
    ids("whole wheat flour", &[168893, 168944]),
    ids("cake flour", &[169723]),
    ids("self-rising flour", &[168895]),
    ids("cornstarch", &[169698]),
    ids("cornmeal", &[168867, 168922]),
    ids("sugar", &[169655]),
    ids("granulated sugar", &[169655]),
    ids("brown sugar", &[168833]),
    ids("powdered sugar", &[169656]),
    ids("honey", &[169640]),
    ids("maple syrup", &[169661, 170276]),
    ids("molasses", &[168820]),
    ids("corn syrup", &[168836, 168837]),
    ids("baking soda", &[175040]),
    ids("baking powder", &[172804, 172803]),
    ids("yeast", &[175043, 175042]),
    ids("vanilla extract", &[173471]),
    ids("cocoa powder", &[169593, 169594]),
    ids("chocolate chips", &[167976]),
    desc("dark chocolate", &["Chocolate, dark"], &[]),
    ids("cream of tartar", &[175041]),
    desc("gelatin", &["Gelatins, dry powder"], &[]),
    ids("salt", &[173468]),
    ids("black pepper", &[170931]),
    // dairy and eggs
    ids("butter", &[173410, 173430]),
    ids("unsalted butter", &[173430]),
    ids("milk", &[171265, 172217]),
    desc("skim milk", &["Milk, ", "nonfat", "fluid"], &["dry"]),
    desc("buttermilk", &["Milk, buttermilk, fluid"], &[]),
    ids("heavy cream", &[170859]),
    ids("half and half", &[171255]),
    ids("sour cream", &[171257]),
    ids("cream cheese", &[173418]),
    ids("cheddar cheese", &[173414, 170899]),
    desc("parmesan", &["Cheese, parmesan"], &[]),
    desc("mozzarella", &["Cheese, mozzarella"], &["substitute"]),
    desc("ricotta", &["Cheese, ricotta"], &[]),
    ids("feta", &[173420]),
    ids("cottage cheese", &[172179]),
    ids("swiss cheese", &[171251]),
    ids("plain yogurt", &[171284]),
    ids("greek yogurt", &[171304]),
    desc("ice cream", &["Ice creams, "], &[]),
    ids("egg", &[171287]),
    ids("eggs", &[171287]),
    ids("large eggs", &[171287]),
    ids("egg whites", &[172183]),
    ids("egg yolk", &[172184]),
    // fats and oils
    ids("olive oil", &[171413]),
    ids("extra virgin olive oil", &[171413]),
    ids("vegetable oil", &[172336, 171411, 171029, 169867]),
    ids("canola oil", &[172336]),
    ids("coconut oil", &[171412]),
    ids("sesame oil", &[171016]),
    ids("peanut oil", &[171410]),
    ids("lard", &[171401]),
    desc("shortening", &["Shortening, "], &["industrial"]),
    desc("margarine", &["Margarine"], &[]),
    desc("peanut butter", &["Peanut butter, smooth style"], &[]),
    // meat, poultry, fish
    desc(
        "chicken breast",
        &["Chicken, broiler", "breast", "raw"],
        &["solution", "rotisserie"],
    ),
    desc(
        "chicken thighs",
        &["Chicken, broiler", "thigh", "raw"],
        &["solution"],
    ),
    desc("chicken", &["Chicken, broiler", "raw"], &["solution"]),
    desc("ground beef", &["Beef, ground", "raw"], &[]),
    desc("ground turkey", &["Turkey, ", "round", "raw"], &[]),
    desc("bacon", &["Pork, cured, bacon", "unprepared"], &[]),
    desc("pork chops", &["Pork, fresh, loin", "chops", "raw"], &[]),
    desc(
        "pork tenderloin",
        &["Pork, fresh, loin, tenderloin", "raw"],
        &[],
    ),
    desc("ham", &["Ham, sliced"], &["turkey"]),
    desc("turkey", &["Turkey, ", "raw"], &["skin only"]),
    desc("lamb", &["Lamb, ", "raw"], &["variety meats"]),
    desc("salmon", &["Fish, salmon", "raw"], &[]),
    desc("tuna", &["Fish, tuna"], &["salad"]),
    desc("cod", &["Fish, cod", "raw"], &[]),
    desc("tilapia", &["Fish, tilapia", "raw"], &[]),
    desc("trout", &["Fish, trout", "raw"], &[]),
    desc("anchovies", &["Fish, anchovy"], &[]),
    desc("sardines", &["Fish, sardine"], &[]),
    desc("shrimp", &["Crustaceans, shrimp", "raw"], &[]),
    desc("prawns", &["Crustaceans, shrimp", "raw"], &[]),
    desc("crab", &["Crustaceans, crab"], &["imitation"]),
    desc("lobster", &["Crustaceans, lobster"], &[]),
    desc("scallops", &["Mollusks, scallop"], &["imitation"]),
    desc("mussels", &["Mollusks, mussel", "raw"], &[]),
    desc("clams", &["Mollusks, clam", "raw"], &[]),
    // fruit
    ids("banana", &[173944]),
    ids("bananas", &[173944]),
    ids("apples", &[171689, 171688]),
    ids("lemon", &[167746]),
    ids("lemon juice", &[167747]),
    ids("lime", &[168155]),
    ids("lime juice", &[168156]),
    ids("orange", &[169097]),
    desc("orange juice", &["Orange juice, raw"], &[]),
    ids("strawberries", &[167762]),
    ids("blueberries", &[171711]),
    ids("raspberries", &[167755]),
    ids("blackberries", &[173946]),
    desc("cherries", &["Cherries, ", "raw"], &[]),
    desc("grapes", &["Grapes, ", "raw"], &[]),
    desc("avocado", &["Avocados, raw"], &[]),
    desc("pineapple", &["Pineapple, raw"], &[]),
    ids("mango", &[169910]),
    desc("peaches", &["Peaches, ", "raw"], &[]),
    desc("pears", &["Pears, ", "raw"], &[]),
    ids("watermelon", &[167765]),
    ids("kiwi", &[168153]),
    desc("raisins", &["Raisins, "], &[]),
    desc("dried cranberries", &["Cranberries, dried"], &[]),
    desc("dates", &["Dates, "], &[]),
    desc("coconut", &["Nuts, coconut meat"], &[]),
    // vegetables and herbs
    ids("onion", &[170000]),
    ids("garlic", &[169230]),
    desc("tomatoes", &["Tomatoes, red, ripe, raw"], &[]),
    desc("canned tomatoes", &["Tomatoes, red, ripe, canned"], &[]),
    desc("tomato paste", &["Tomato products, canned, paste"], &[]),
    ids("tomato sauce", &[170054]),
    desc("potatoes", &["Potatoes, ", "raw"], &["Sweet"]),
    ids("sweet potato", &[168482]),
    ids("carrots", &[170393]),
    ids("celery", &[169988]),
    ids("broccoli", &[170379]),
    ids("cauliflower", &[169986]),
    ids("spinach", &[168462]),
    desc("lettuce", &["Lettuce, ", "raw"], &[]),
    desc("cucumber", &["Cucumber, ", "raw"], &[]),
    ids("zucchini", &[169291, 168565]),
    ids("courgette", &[169291, 168565]),
    ids("eggplant", &[169228]),
    ids("aubergine", &[169228]),
    ids("red bell pepper", &[170108]),
    ids("green bell pepper", &[170427]),
    ids("jalapeno", &[168576]),
    ids("mushrooms", &[169251]),
    ids("scallions", &[170005]),
    ids("green onions", &[170005]),
    ids("spring onions", &[170005]),
    ids("cilantro", &[169997]),
    ids("fresh coriander", &[169997]),
    ids("parsley", &[170416]),
    ids("basil", &[172232, 171317]),
    ids("ginger", &[169231]),
    ids("kale", &[168421]),
    ids("cabbage", &[169975]),
    desc("corn", &["Corn, sweet", "raw"], &[]),
    ids("green peas", &[170419]),
    ids("green beans", &[169961]),
    ids("asparagus", &[168389]),
    ids("brussels sprouts", &[170383]),
    ids("radishes", &[169276]),
    ids("pumpkin", &[168448]),
    ids("butternut squash", &[169295]),
    desc("leeks", &["Leeks, ", "raw"], &[]),
    ids("shallots", &[170499]),
    ids("arugula", &[169387]),
    ids("rocket", &[169387]),
    ids("beetroot", &[169145]),
    desc("artichoke", &["Artichokes, ", "raw"], &[]),
    // legumes, nuts, seeds
    desc("chickpeas", &["Chickpeas (garbanzo beans"], &[]),
    desc("garbanzo beans", &["Chickpeas (garbanzo beans"], &[]),
    desc("black beans", &["Beans, black", "mature seeds"], &[]),
    desc("kidney beans", &["Beans, kidney", "mature seeds"], &[]),
    ids("lentils", &[172420]),
    desc(
        "tofu",
        &["Tofu, "],
        &["fried", "dried", "salted", "fermented"],
    ),
    ids("almonds", &[170567, 170568]),
    ids("walnuts", &[170187]),
    ids("pecans", &[170182]),
    ids("cashews", &[170162]),
    desc("peanuts", &["Peanuts, ", "raw"], &[]),
    ids("pistachios", &[170184]),
    ids("hazelnuts", &[170581]),
    ids("pine nuts", &[170591, 170592]),
    ids("macadamia nuts", &[170178]),
    ids("brazil nuts", &[170569]),
    ids("sesame seeds", &[170150, 169412]),
    ids("chia seeds", &[170554]),
    ids("flaxseed", &[169414]),
    desc("sunflower seeds", &["Seeds, sunflower seed kernels"], &[]),
    desc("tahini", &["Seeds, sesame butter, tahini"], &[]),
    // grains
    ids("rice", &[168877]),
    ids("brown rice", &[169703]),
    ids("oats", &[173904]),
    ids("rolled oats", &[173904]),
    ids("pasta", &[169736]),
    ids("spaghetti", &[169736]),
    ids("quinoa", &[168874]),
    ids("couscous", &[169699]),
    desc("barley", &["Barley, "], &[]),
    ids("bulgur", &[170688]),
    desc(
        "white bread",
        &["Bread, white, commercially prepared"],
        &["toasted", "low sodium"],
    ),
    // spices
    ids("cinnamon", &[171320]),
    ids("nutmeg", &[171326]),
    ids("cumin", &[170923]),
    ids("paprika", &[171329]),
    ids("oregano", &[171328]),
    ids("chili powder", &[171319]),
    ids("ground ginger", &[170926]),
    ids("garlic powder", &[171325]),
    ids("onion powder", &[171327]),
    ids("thyme", &[173470, 170938]),
    ids("rosemary", &[173473, 171333]),
    ids("bay leaves", &[170917]),
    ids("cloves", &[171321]),
    ids("turmeric", &[172231]),
    ids("curry powder", &[170924]),
    ids("cayenne pepper", &[170932]),
    // condiments and liquids
    ids("soy sauce", &[174277, 174278]),
    ids("ketchup", &[168556]),
    ids("mustard", &[172234]),
    ids("mayonnaise", &[171009]),
    ids("white vinegar", &[172237]),
    ids("apple cider vinegar", &[173469]),
    ids("balsamic vinegar", &[172241]),
    ids("worcestershire sauce", &[171610]),
    desc("coconut milk", &["Nuts, coconut milk"], &[]),
    desc(
        "chicken broth",
        &["Soup, chicken broth", "ready"],
        &["sodium"],
    ),
    desc("beef broth", &["Soup, beef broth", "ready"], &[]),
    desc("water", &["Beverages, water, tap"], &[]),
    ids("coffee", &[171890]),
];

#[test]
fn everyday_ingredient_names_resolve_to_acceptable_foods() {
    assert!(CASES.len() >= 100, "the list must cover at least 100 names");
    let db = shipped();
    let mut failures = Vec::new();
    for case in CASES {
        match db.resolve_name(case.name) {
            Ok(food) if case.accepts(food) => {}
            Ok(food) => failures.push(format!(
                "{:?} -> {} {:?}",
                case.name, food.fdc_id, food.description
            )),
            Err(e) => failures.push(format!(
                "{:?} -> no match (suggestions: {:?})",
                case.name,
                e.suggestions
                    .iter()
                    .map(|f| &f.description)
                    .collect::<Vec<_>>()
            )),
        }
    }
    println!(
        "{} of {} names resolved acceptably",
        CASES.len() - failures.len(),
        CASES.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_required_names_resolve_to_their_plain_forms() {
    let db = shipped();
    let get = |name: &str| db.resolve_name(name).map(|f| f.description.clone());
    assert_eq!(get("banana").ok().as_deref(), Some("Bananas, raw"));
    assert_eq!(
        get("all-purpose flour")
            .ok()
            .as_deref()
            .map(|d| d.starts_with("Wheat flour, white, all-purpose, enriched")),
        Some(true)
    );
    assert_eq!(get("egg").ok().as_deref(), Some("Egg, whole, raw, fresh"));
    assert_eq!(get("sugar").ok().as_deref(), Some("Sugars, granulated"));
    assert_eq!(
        get("olive oil").ok().as_deref(),
        Some("Oil, olive, salad or cooking")
    );
    let chicken = db
        .resolve_name("chicken breast")
        .expect("chicken breast resolves");
    assert_eq!(chicken.food_group, "Poultry Products");
    assert!(chicken.description.contains("breast") && chicken.description.ends_with("raw"));
}

#[test]
fn nonsense_names_have_no_match() {
    let db = shipped();
    for name in ["xyzzy", "unobtainium", "", "   ", "qwertyuiop asdf"] {
        assert!(db.resolve_name(name).is_err(), "{name:?} should not match");
    }
}

#[test]
fn a_name_with_an_unknown_word_gets_suggestions_instead_of_a_guess() {
    let db = shipped();
    let err = db
        .resolve_name("dragonfly fruit")
        .expect_err("no acceptable match");
    assert!(err.suggestions.len() <= 5);
}

#[test]
fn a_one_letter_typo_still_resolves() {
    let db = shipped();
    assert_eq!(
        db.resolve_name("brocoli").map(|f| f.fdc_id).ok(),
        Some(170379)
    );
}

#[test]
fn search_is_deterministic_and_best_first() {
    let db = shipped();
    let a: Vec<u32> = db
        .search("cheese", 20)
        .iter()
        .map(|h| h.food.fdc_id)
        .collect();
    let b: Vec<u32> = db
        .search("cheese", 20)
        .iter()
        .map(|h| h.food.fdc_id)
        .collect();
    assert_eq!(a, b);
    assert_eq!(a.len(), 20);
    let scores: Vec<f64> = db.search("cheese", 20).iter().map(|h| h.score).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]));
}

#[test]
fn fast_food_and_baby_food_lose_to_plain_ingredients() {
    let db = shipped();
    for hit in db.search("chicken breast", 5) {
        assert!(
            !["Fast Foods", "Baby Foods", "Restaurant Foods"]
                .contains(&hit.food.food_group.as_str()),
            "{}",
            hit.food.description
        );
    }
}

/// The names people use most in baking and cooking, and what the ingredient statement prints
/// for the food each resolves to. Reviewed against the standards of identity where one names
/// the food (21 CFR 131 milk and cream, 133 cheeses, 137 flours, 163 cocoa products, 169
/// dressings and flavorings), else the common name of what the food is.
const PRINTED: &[(&str, &str)] = &[
    ("all-purpose flour", "enriched wheat flour"),
    ("bread flour", "enriched wheat flour"),
    ("whole wheat flour", "whole wheat flour"),
    ("cake flour", "enriched wheat flour"),
    // 21 CFR 137.185: flour with leavening and salt is "enriched self-rising flour".
    ("self-rising flour", "enriched self-rising flour"),
    ("cornstarch", "cornstarch"),
    ("sugar", "sugar"),
    ("brown sugar", "brown sugar"),
    ("powdered sugar", "powdered sugar"),
    ("honey", "honey"),
    ("maple syrup", "maple syrup"),
    ("molasses", "molasses"),
    ("baking soda", "baking soda"),
    ("baking powder", "baking powder"),
    ("yeast", "yeast"),
    ("vanilla extract", "vanilla extract"),
    ("cocoa powder", "cocoa"),
    ("chocolate chips", "semisweet chocolate"),
    ("dark chocolate", "dark chocolate"),
    ("unsweetened chocolate", "baking chocolate"),
    ("gelatin", "gelatin"),
    ("salt", "salt"),
    ("black pepper", "black pepper"),
    ("cinnamon", "cinnamon"),
    ("nutmeg", "nutmeg"),
    ("butter", "butter"),
    ("milk", "milk"),
    // 21 CFR 130.10: a milk named by a nutrient content claim keeps it.
    ("skim milk", "nonfat milk"),
    // 21 CFR 131.125.
    ("nonfat dry milk", "nonfat dry milk"),
    // 21 CFR 131.130, 131.120.
    ("evaporated milk", "evaporated milk"),
    ("sweetened condensed milk", "sweetened condensed milk"),
    ("buttermilk", "buttermilk"),
    ("heavy cream", "heavy cream"),
    ("half and half", "half and half"),
    ("sour cream", "sour cream"),
    ("cream cheese", "cream cheese"),
    ("cheddar cheese", "cheddar cheese"),
    ("parmesan", "parmesan cheese"),
    ("mozzarella", "mozzarella cheese"),
    ("ricotta", "ricotta cheese"),
    ("plain yogurt", "yogurt"),
    ("egg", "whole egg"),
    ("egg whites", "egg white"),
    ("egg yolk", "egg yolk"),
    ("olive oil", "olive oil"),
    ("canola oil", "canola oil"),
    ("coconut oil", "coconut oil"),
    ("shortening", "shortening"),
    ("margarine", "margarine"),
    ("peanut butter", "peanut butter"),
    ("almonds", "almonds"),
    ("walnuts", "walnuts"),
    ("pecans", "pecans"),
    // USDA's "hazelnuts or filberts" prints one name.
    ("hazelnuts", "hazelnuts"),
    ("brazil nuts", "Brazil nuts"),
    // USDA's "coconut meat" is coconut.
    ("coconut", "coconut"),
    ("rolled oats", "rolled oats"),
    ("raisins", "raisins"),
    ("lemon juice", "lemon juice"),
    ("soy sauce", "soy sauce"),
    ("mayonnaise", "mayonnaise"),
    // What "malt" resolves to is a flavoured malt beverage sold as hard lemonade: it prints
    // what it is, not "malt beer".
    ("malt", "hard lemonade"),
    ("malt syrup", "malt syrup"),
];

#[test]
fn the_foods_used_most_in_baking_and_cooking_print_their_common_or_standard_names() {
    assert!(PRINTED.len() >= 40);
    let db = shipped();
    let mut failures = Vec::new();
    for (name, printed) in PRINTED {
        match db.resolve_name(name) {
            Ok(food) if food.label_name == *printed => {}
            Ok(food) => failures.push(format!(
                "{name:?} -> {:?} prints {:?}, not {printed:?}",
                food.description, food.label_name
            )),
            Err(_) => failures.push(format!("{name:?} does not resolve")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn no_milk_food_prints_plain_milk_unless_it_is_milk() {
    // 21 CFR 131.110(a): "milk" is cows' whole milk; dried, evaporated, condensed, claim-named
    // and other animals' milks print their own names.
    let plain: Vec<&str> = shipped()
        .foods()
        .iter()
        .filter(|f| f.description.starts_with("Milk, ") && f.label_name == "milk")
        .map(|f| f.description.as_str())
        .filter(|d| !(d.starts_with("Milk, whole") || d.starts_with("Milk, producer")))
        .collect();
    assert!(plain.is_empty(), "{plain:#?}");
}

#[test]
fn no_printed_name_offers_two_names() {
    // "hazelnuts or filberts" is two names for one food; a statement prints one.
    let two: Vec<(&str, &str)> = shipped()
        .foods()
        .iter()
        .filter(|f| f.description.starts_with("Nuts, ") && f.label_name.contains(" or "))
        .map(|f| (f.description.as_str(), f.label_name.as_str()))
        .collect();
    assert!(two.is_empty(), "{two:#?}");
}
