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
const SPECIES: &[(Allergen, &[&str], &str)] = &[
    // The gluten cereals besides wheat (Reg. (EU) 1169/2011 Annex II point 1).
    (Allergen::Gluten, &["barley"], "barley"),
    (Allergen::Gluten, &["rye"], "rye"),
    (Allergen::Gluten, &["oat", "oats"], "oats"),
    (Allergen::Gluten, &["triticale"], "triticale"),
    (Allergen::TreeNuts, &["almond", "almonds"], "almonds"),
    (
        Allergen::TreeNuts,
        &["brazil nut", "brazil nuts", "brazilnut", "brazilnuts"],
        "Brazil nuts",
    ),
    (Allergen::TreeNuts, &["cashew", "cashews"], "cashews"),
    (Allergen::TreeNuts, &["chestnut", "chestnuts"], "chestnuts"),
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
        &["pine nut", "pine nuts", "pinenut", "pinenuts", "pignolia"],
        "pine nuts",
    ),
    (
        Allergen::TreeNuts,
        &["pistachio", "pistachios"],
        "pistachios",
    ),
    (Allergen::TreeNuts, &["walnut", "walnuts"], "walnuts"),
    (Allergen::TreeNuts, &["beechnut", "beechnuts"], "beechnuts"),
    (
        Allergen::TreeNuts,
        &["butternut", "butternuts"],
        "butternuts",
    ),
    (
        Allergen::TreeNuts,
        &["hickory nut", "hickory nuts", "hickorynut", "hickorynuts"],
        "hickory nuts",
    ),
    (
        Allergen::TreeNuts,
        &["ginkgo nut", "ginkgo nuts", "ginkgo"],
        "ginkgo nuts",
    ),
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

/// Every known species that `words` (lower-case words of a food name, in order) names, by
/// allergen; one- and two-word names both count ("pine nuts").
pub fn species_in(words: &[&str]) -> Vec<(Allergen, &'static str)> {
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
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
