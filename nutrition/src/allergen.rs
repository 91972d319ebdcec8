//! The allergen vocabulary (API_DECISIONS §4): the US major nine plus the EU Annex II groups.

use serde::{Deserialize, Serialize};

/// One allergen code. Serialises to its snake_case vocabulary code; ordering is the
/// alphabetical order of those codes, so a `BTreeSet<Allergen>` lists them sorted as the API
/// requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Allergen {
    Celery,
    CrustaceanShellfish,
    Eggs,
    Fish,
    Gluten,
    Lupin,
    Milk,
    Molluscs,
    Mustard,
    Peanuts,
    Sesame,
    Soy,
    Sulphites,
    TreeNuts,
    Wheat,
}

impl Allergen {
    /// Every allergen, in code order.
    pub const ALL: [Allergen; 15] = [
        Self::Celery,
        Self::CrustaceanShellfish,
        Self::Eggs,
        Self::Fish,
        Self::Gluten,
        Self::Lupin,
        Self::Milk,
        Self::Molluscs,
        Self::Mustard,
        Self::Peanuts,
        Self::Sesame,
        Self::Soy,
        Self::Sulphites,
        Self::TreeNuts,
        Self::Wheat,
    ];

    /// The vocabulary code, e.g. `"tree_nuts"`.
    pub fn code(self) -> &'static str {
        match self {
            Self::Celery => "celery",
            Self::CrustaceanShellfish => "crustacean_shellfish",
            Self::Eggs => "eggs",
            Self::Fish => "fish",
            Self::Gluten => "gluten",
            Self::Lupin => "lupin",
            Self::Milk => "milk",
            Self::Molluscs => "molluscs",
            Self::Mustard => "mustard",
            Self::Peanuts => "peanuts",
            Self::Sesame => "sesame",
            Self::Soy => "soy",
            Self::Sulphites => "sulphites",
            Self::TreeNuts => "tree_nuts",
            Self::Wheat => "wheat",
        }
    }

    /// Parses a vocabulary code; `None` for anything else.
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.code() == code)
    }

    /// One of the nine major food allergens of the US (FALCPA as amended by the FASTER Act).
    pub fn is_us_major(self) -> bool {
        matches!(
            self,
            Self::Milk
                | Self::Eggs
                | Self::Fish
                | Self::CrustaceanShellfish
                | Self::TreeNuts
                | Self::Peanuts
                | Self::Wheat
                | Self::Soy
                | Self::Sesame
        )
    }
}

impl PartialOrd for Allergen {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Allergen {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.code().cmp(other.code())
    }
}

/// Species (types) named for allergens whose declaration must name them, by allergen:
/// `{"tree_nuts": ["almonds"]}`. 21 U.S.C. 343(w)(2): tree nuts, fish and Crustacean
/// shellfish are declared by species ("almonds", "salmon", "shrimp").
pub type AllergenDetails = std::collections::BTreeMap<Allergen, std::collections::BTreeSet<String>>;

impl Allergen {
    /// Whether a declaration of this allergen names the species (21 U.S.C. 343(w)(2)), or
    /// for gluten the cereal (EU 1169/2011 Annex II point 1 lists wheat, rye, barley, oats
    /// by name, not "gluten").
    pub fn takes_species(self) -> bool {
        matches!(
            self,
            Self::TreeNuts | Self::Fish | Self::CrustaceanShellfish | Self::Gluten
        )
    }
}

/// Known species by allergen: the words that name one (singular and plural, lower case) and
/// the name a label prints. Names follow FDA's usage in "Contains" statements (plural for
/// nuts, the common name for fish and shellfish).
///
/// A tree nut named here is on the list of a regime that declares tree nuts: FDA's Food
/// Allergen Q&A, Edition 5 (January 2025), Appendix I (almond, black walnut, Brazil nut,
/// California walnut, cashew, filbert/hazelnut, heartnut/Japanese walnut, macadamia nut/bush
/// nut, pecan, pine nut/pinon nut, pistachio, walnut), Reg. (EU) 1169/2011 Annex II point 8
/// (almonds, hazelnuts, walnuts, cashews, pecan nuts, Brazil nuts, pistachio nuts, macadamia
/// or Queensland nuts) and FDR B.01.010.1(1)(a) (almonds, Brazil nuts, cashews, hazelnuts,
/// macadamia nuts, pecans, pine nuts, pistachios, walnuts). Chestnuts, beechnuts,
/// butternuts, hickory nuts, ginkgo nuts, pili nuts and coconut are on none of these lists
/// (Edition 5 removed them from FDA's), so they name no tree nut.
const SPECIES: &[(Allergen, &[&str], &str)] = &[
    // The gluten cereals besides wheat (Reg. (EU) 1169/2011 Annex II point 1; FDR
    // B.01.010.1(1): "barley, oats, rye, triticale or wheat").
    (Allergen::Gluten, &["barley"], "barley"),
    // Malt without another grain named is barley malt (malted barley); a malt of another
    // grain names that grain ("rye malt"), which its own word then gives.
    (Allergen::Gluten, &["malt", "malted"], "barley"),
    (Allergen::Gluten, &["rye"], "rye"),
    (Allergen::Gluten, &["oat", "oats", "oatmeal"], "oats"),
    (Allergen::Gluten, &["triticale"], "triticale"),
    (Allergen::TreeNuts, &["almond", "almonds"], "almonds"),
    (
        Allergen::TreeNuts,
        &["brazil nut", "brazil nuts", "brazilnut", "brazilnuts"],
        "Brazil nuts",
    ),
    (Allergen::TreeNuts, &["cashew", "cashews"], "cashews"),
    (
        Allergen::TreeNuts,
        &["hazelnut", "hazelnuts", "filbert", "filberts"],
        "hazelnuts",
    ),
    (
        Allergen::TreeNuts,
        &["macadamia", "macadamias", "macadamia nut", "macadamia nuts"],
        "macadamia nuts",
    ),
    (Allergen::TreeNuts, &["pecan", "pecans"], "pecans"),
    (
        Allergen::TreeNuts,
        &[
            "pine nut",
            "pine nuts",
            "pinenut",
            "pinenuts",
            "pignolia",
            "pignolias",
            "pinon",
            "pinyon",
        ],
        "pine nuts",
    ),
    (
        Allergen::TreeNuts,
        &["pistachio", "pistachios"],
        "pistachios",
    ),
    (Allergen::TreeNuts, &["walnut", "walnuts"], "walnuts"),
    (Allergen::Fish, &["anchovy", "anchovies"], "anchovies"),
    (Allergen::Fish, &["bass"], "bass"),
    (Allergen::Fish, &["carp"], "carp"),
    (Allergen::Fish, &["catfish"], "catfish"),
    (Allergen::Fish, &["cod"], "cod"),
    (Allergen::Fish, &["flounder"], "flounder"),
    (Allergen::Fish, &["haddock"], "haddock"),
    (Allergen::Fish, &["hake"], "hake"),
    (Allergen::Fish, &["halibut"], "halibut"),
    (Allergen::Fish, &["herring"], "herring"),
    (Allergen::Fish, &["mackerel"], "mackerel"),
    (Allergen::Fish, &["perch"], "perch"),
    (Allergen::Fish, &["pike"], "pike"),
    (Allergen::Fish, &["pollock"], "pollock"),
    (Allergen::Fish, &["salmon"], "salmon"),
    (Allergen::Fish, &["sardine", "sardines"], "sardines"),
    (Allergen::Fish, &["snapper"], "snapper"),
    (Allergen::Fish, &["sole"], "sole"),
    (Allergen::Fish, &["swordfish"], "swordfish"),
    (Allergen::Fish, &["tilapia"], "tilapia"),
    (Allergen::Fish, &["trout"], "trout"),
    (Allergen::Fish, &["tuna"], "tuna"),
    (Allergen::Fish, &["whiting"], "whiting"),
    // Further fish of USDA's "Fish, ..." foods, by the common name their description gives.
    (Allergen::Fish, &["bluefish"], "bluefish"),
    (Allergen::Fish, &["burbot"], "burbot"),
    (Allergen::Fish, &["butterfish"], "butterfish"),
    (Allergen::Fish, &["cisco"], "cisco"),
    (Allergen::Fish, &["croaker"], "croaker"),
    (Allergen::Fish, &["cusk"], "cusk"),
    (Allergen::Fish, &["drum"], "drum"),
    (Allergen::Fish, &["eel", "eels"], "eel"),
    (Allergen::Fish, &["grouper"], "grouper"),
    (Allergen::Fish, &["lingcod"], "lingcod"),
    (Allergen::Fish, &["mahimahi", "mahi mahi"], "mahi mahi"),
    (Allergen::Fish, &["milkfish"], "milkfish"),
    (Allergen::Fish, &["monkfish"], "monkfish"),
    (Allergen::Fish, &["mullet"], "mullet"),
    (Allergen::Fish, &["pompano"], "pompano"),
    (Allergen::Fish, &["rockfish"], "rockfish"),
    (
        Allergen::Fish,
        &["roughy", "orange roughy"],
        "orange roughy",
    ),
    (Allergen::Fish, &["sablefish"], "sablefish"),
    (Allergen::Fish, &["scup"], "scup"),
    (Allergen::Fish, &["seatrout"], "seatrout"),
    (Allergen::Fish, &["shad"], "shad"),
    (Allergen::Fish, &["shark"], "shark"),
    (Allergen::Fish, &["sheepshead"], "sheepshead"),
    (Allergen::Fish, &["smelt", "smelts"], "smelt"),
    (Allergen::Fish, &["sturgeon"], "sturgeon"),
    (Allergen::Fish, &["tilefish"], "tilefish"),
    (Allergen::Fish, &["turbot"], "turbot"),
    (Allergen::Fish, &["whitefish"], "whitefish"),
    (Allergen::Fish, &["wolffish"], "wolffish"),
    (Allergen::Fish, &["yellowtail"], "yellowtail"),
    (
        Allergen::CrustaceanShellfish,
        &["shrimp", "shrimps"],
        "shrimp",
    ),
    (
        Allergen::CrustaceanShellfish,
        &["prawn", "prawns"],
        "prawns",
    ),
    (Allergen::CrustaceanShellfish, &["crab", "crabs"], "crab"),
    (
        Allergen::CrustaceanShellfish,
        &["lobster", "lobsters"],
        "lobster",
    ),
    (
        Allergen::CrustaceanShellfish,
        &["crayfish", "crawfish"],
        "crayfish",
    ),
    (
        Allergen::CrustaceanShellfish,
        &["langoustine", "langoustines"],
        "langoustines",
    ),
];

/// The printed species name `words` (one or two lower-case words) names for `allergen`, if
/// known: `species_name(TreeNuts, "almond") == Some("almonds")`.
pub fn species_name(allergen: Allergen, words: &str) -> Option<&'static str> {
    let words = words.trim().to_lowercase();
    SPECIES
        .iter()
        .find(|(a, names, _)| *a == allergen && names.contains(&words.as_str()))
        .map(|(_, _, printed)| *printed)
}

/// Words of grains that may be malted: a malt word beside one ("rye malt", "malted wheat")
/// is that grain's malt, not barley's.
const MALTED_GRAINS: &[&str] = &[
    "wheat",
    "rye",
    "oat",
    "oats",
    "corn",
    "rice",
    "sorghum",
    "millet",
    "spelt",
    "triticale",
];

/// Whether `words[i]` is a malt word that a neighbouring grain word claims.
fn malt_of_another_grain(words: &[&str], i: usize) -> bool {
    let is_malt = matches!(words.get(i), Some(&("malt" | "malted")));
    let neighbour = |j: Option<usize>| {
        j.and_then(|j| words.get(j))
            .is_some_and(|w| MALTED_GRAINS.contains(w))
    };
    is_malt && (neighbour(i.checked_sub(1)) || neighbour(i.checked_add(1)))
}

/// Every known species that `words` (lower-case words of a food name, in order) names, by
/// allergen; one- and two-word names both count ("pine nuts"). A malt word names barley
/// unless a grain beside it says whose malt it is ("rye malt").
pub fn species_in(words: &[&str]) -> Vec<(Allergen, &'static str)> {
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if malt_of_another_grain(words, i) {
            continue;
        }
        let pair = words.get(i + 1).map(|next| format!("{w} {next}"));
        for (a, names, printed) in SPECIES {
            let hit = names.contains(w) || pair.as_deref().is_some_and(|p| names.contains(&p));
            if hit && !out.contains(&(*a, *printed)) {
                out.push((*a, *printed));
            }
        }
    }
    out
}
