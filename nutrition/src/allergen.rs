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
