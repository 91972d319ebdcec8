//! Regime rules that are not table rows, one data file per regime
//! (`nutrition/data/regimes/<id>.json`): which allergens must be declared and what they bring
//! with them, the "Contains" statement, allergen emphasis in the ingredient list, and which
//! claims rules apply. Nothing else in the crates matches on a family or regime.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::allergen::{Allergen, AllergenDetails};
use crate::label::{RecipeInput, Warning};
use crate::statement;
use crate::terms::Terms;

/// A regime's rules.
#[derive(Debug, Clone, PartialEq)]
pub struct Regime {
    /// Its id (`us-fda`, `eu-1169`).
    pub id: String,
    /// A human name.
    pub name: String,
    /// Allergen rules.
    pub allergens: AllergenRules,
    /// The claims rules that apply, if the engine implements the regime's claims.
    pub claims: Option<ClaimsRules>,
    /// Statements the law requires where the food holds certain substances (FSANZ
    /// Standard 1.2.3—2(2): "excess consumption may have a laxative effect"): a label whose
    /// data shows one carries a warning naming it, for the package to print.
    pub advisories: Vec<Advisory>,
    /// How the number of servings per container is rounded for print.
    pub servings: ServingsRounding,
    /// Whether the serving size reads household measure then metric amount (21 CFR
    /// 101.9(b)(5), (b)(7)): the label then prints `"2 cookies (43g)"` and warns when the
    /// recipe gives no household measure.
    pub household_then_metric: bool,
    /// How the list of ingredients is set: its case rule and what sets it apart on the label.
    pub ingredient_list: IngredientListRules,
}

/// How a regime wants its list of ingredients set (`"ingredient_list"` of the regime file,
/// with the law that says so). A regime without one keeps sentence case and no rules.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IngredientListRules {
    /// Which letters of the list are capitals.
    #[serde(default)]
    pub case: IngredientCase,
    /// What sets the list (and the "Contains" statement after it) apart on the label.
    #[serde(default)]
    pub set_apart: SetApart,
    /// Whether the sugars-based ingredients are shown in parentheses after the term of
    /// `"ingredients.sugars"` ("Sugars" / « Sucres »), at their combined weight (FDR
    /// B.01.008.3; [`crate::sugars_group`]).
    #[serde(default)]
    pub group_sugars: bool,
    /// The law that sets these rules (required where the rules are written).
    pub source: String,
}

/// The case rule of a list of ingredients.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IngredientCase {
    /// The first letter of the list only, every name as given ("Enriched wheat flour, milk").
    #[default]
    Sentence,
    /// The first letter of each ingredient upper case, its components in parentheses as
    /// given ("Enriched wheat flour (wheat flour, niacin), Milk": FDR B.01.008.2(3)(b), (5)(c)).
    EachIngredientCapitalised,
}

/// What sets a list of ingredients apart on the label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetApart {
    /// Nothing: the list runs on below the table.
    #[default]
    Nothing,
    /// A solid line in the colour of the type immediately above and below each language's
    /// list with its "Contains" statement (FDR B.01.008.2(2)(a), B.01.010.3(1)(a.2)).
    SolidLines,
}

/// A statement the law requires when the food holds some substances, and when.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advisory {
    /// The warning's code.
    pub code: String,
    /// What the statement must say, in the law's words.
    pub statement: String,
    /// The paragraph.
    pub source: String,
    /// It is required when any of these holds.
    pub when: Vec<AdvisoryCondition>,
    /// A further condition the data cannot see (the kind of food), which the warning
    /// names: the statement is then required only if it holds.
    #[serde(default)]
    pub only_if: Option<String>,
}

/// One condition of an [`Advisory`]: the nutrients of `sum_of`, summed, reach
/// `min_g_per_100g` in 100 g of the food (and are present), with one of each group of
/// `with_one_of` present.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdvisoryCondition {
    /// The substances counted together.
    pub sum_of: Vec<crate::Nutrient>,
    /// Their least sum, grams in 100 g of the food ("at a level of or in excess of").
    pub min_g_per_100g: f64,
    /// Groups each of which must have a substance present ("in combination with").
    #[serde(default)]
    pub with_one_of: Vec<Vec<crate::Nutrient>>,
}

impl AdvisoryCondition {
    fn holds(&self, per_100g: &impl Fn(crate::Nutrient) -> f64) -> bool {
        let sum: f64 = self.sum_of.iter().map(|n| per_100g(*n)).sum();
        sum > 0.0
            && sum >= self.min_g_per_100g
            && self
                .with_one_of
                .iter()
                .all(|group| group.iter().any(|n| per_100g(*n) > 0.0))
    }
}

/// How a regime rounds the printed number of servings (portions) per container.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub enum ServingsRounding {
    /// 21 CFR 101.9(b)(8) (`cfr_101_9_b_8`).
    #[serde(rename = "cfr_101_9_b_8")]
    Cfr101_9B8,
    /// No rule of the regime: nearest 0.5 up to 5, whole above (`portions_per_pack`).
    #[default]
    #[serde(rename = "portions_per_pack")]
    PortionsPerPack,
}

impl ServingsRounding {
    /// The rounded number and its printed text.
    pub fn apply(self, servings: f64) -> (f64, String) {
        match self {
            Self::Cfr101_9B8 => crate::rounding::cfr_101_9_b_8_servings_per_container(servings),
            Self::PortionsPerPack => crate::rounding::portions_per_pack(servings),
        }
    }
}

/// Which allergens a regime declares and how.
#[derive(Debug, Clone, PartialEq)]
pub struct AllergenRules {
    /// The allergens that must be declared.
    pub declare: BTreeSet<Allergen>,
    /// Where the list comes from.
    pub source: String,
    /// Allergens that bring others (EU Annex II point 1: wheat is a cereal containing gluten).
    pub implies: BTreeMap<Allergen, Vec<Allergen>>,
    /// The "Contains" statement's order, when the regime prints one.
    pub contains_order: Option<Vec<Allergen>>,
    /// Whether allergens are emphasised in the ingredient list (EU Art. 21(1)).
    pub emphasise_in_ingredients: bool,
    /// Whether tree nuts, fish and Crustacean shellfish are declared by species
    /// (21 U.S.C. 343(w)(2)): the label then carries `allergen_details` and the "Contains"
    /// statement names the species.
    pub name_species: bool,
    /// Where only some of the allergens that take species are named by them, those:
    /// FSANZ Schedule 9 S9—3 names each tree nut ("almond") but not the fish, the crustacean
    /// or the gluten cereal ("fish", "crustacean", "gluten"). `None`: every one
    /// ([`Allergen::takes_species`]) when `name_species` is set.
    pub species_only: Option<BTreeSet<Allergen>>,
    /// Where the law names each tree nut rather than "tree nuts" (FSANZ Schedule 9 S9—3
    /// item 4), its citation: a label with an ingredient that carries tree nuts whose printed
    /// name names no nut then carries a `tree_nut_unnamed` warning
    /// ([`Regime::allergen_warnings`]).
    pub name_tree_nut: Option<String>,
    /// Where the law allows only its required names in bold in the statement of
    /// ingredients (FSANZ Standard 1.2.3—7(1)-(2)), its citation: the statement then
    /// emphasises only the terms' `required_name.<code>` words, as separate words of an
    /// ingredient's name, and lists the required name next to a name that gives none
    /// ("sodium caseinate (milk)"), where other regimes emphasise any word naming the
    /// allergen ("<b>butter</b>milk").
    pub required_names_only: Option<String>,
    /// The exemptions of allergen-derived ingredients this regime grants, by id (an
    /// ingredient's `allergen_exemptions` name the ones that would apply to it): the US
    /// exempts every highly refined oil (21 U.S.C. 321(qq)(2)(A)); the EU only fully refined
    /// soybean oil and the cereal and nut derivatives Annex II lists.
    pub exemptions: BTreeSet<String>,
    /// Where the law names the gluten cereal rather than "gluten" (Reg. (EU) 1169/2011 Annex
    /// II point 1), its citation: a label whose gluten no ingredient names the cereal of then
    /// carries a `gluten_cereal_unnamed` warning ([`Regime::allergen_warnings`]).
    pub name_gluten_cereal: Option<String>,
}

/// Claims rules the engine implements, by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimsRules {
    /// 21 CFR 101.13, 101.54, 101.60-101.62 (`cfr_101_13`).
    Cfr101_13,
}

impl Regime {
    /// `recipe` as this regime sees it: an ingredient's allergen that the regime exempts in
    /// the ingredient's form (refined peanut oil in the US) is dropped, everywhere below
    /// (declaration, emphasis, "Contains"). Borrowed unchanged when nothing is exempt.
    pub fn with_exemptions<'r>(
        &self,
        recipe: &'r RecipeInput,
    ) -> std::borrow::Cow<'r, RecipeInput> {
        fn any_exempt(recipe: &RecipeInput) -> bool {
            recipe.ingredients.iter().any(|i| {
                !i.allergen_exemptions.is_empty()
                    || matches!(&i.source, crate::IngredientSource::SubRecipe(sub) if any_exempt(sub))
            })
        }
        fn apply(rules: &AllergenRules, recipe: &mut RecipeInput) {
            for i in &mut recipe.ingredients {
                let exempt: Vec<Allergen> = i
                    .allergen_exemptions
                    .iter()
                    .filter(|(_, ids)| ids.iter().any(|id| rules.exemptions.contains(id)))
                    .map(|(a, _)| *a)
                    .collect();
                for a in exempt {
                    i.allergens.remove(&a);
                    i.allergen_details.remove(&a);
                }
                if let crate::IngredientSource::SubRecipe(sub) = &mut i.source {
                    apply(rules, sub);
                }
            }
        }
        if !any_exempt(recipe) {
            return std::borrow::Cow::Borrowed(recipe);
        }
        let mut seen = recipe.clone();
        apply(&self.allergens, &mut seen);
        std::borrow::Cow::Owned(seen)
    }

    /// Whether `allergen` must be declared under this regime.
    pub fn requires_allergen(&self, allergen: Allergen) -> bool {
        self.allergens.declare.contains(&allergen)
    }

    /// The allergens of `recipe` this regime declares, with the ones they imply.
    pub fn declared_allergens(&self, recipe: &RecipeInput) -> BTreeSet<Allergen> {
        let mut set: BTreeSet<Allergen> = statement::all_allergens(recipe)
            .into_iter()
            .filter(|a| self.requires_allergen(*a))
            .collect();
        let implied: Vec<Allergen> = set
            .iter()
            .filter_map(|a| self.allergens.implies.get(a))
            .flatten()
            .copied()
            .collect();
        set.extend(implied);
        set
    }

    /// The species of `recipe`'s declared allergens, where the regime names them. Gluten's
    /// are its cereals ([`statement::gluten_cereals`]): those the ingredients record, wheat
    /// for an ingredient that carries wheat, and those their names give ("rye flakes"), so
    /// that FDR B.01.010.3(1)(b) names every gluten source and wheat's gluten is the wheat
    /// already named (B.01.010.3(2): each source once).
    pub fn allergen_details(
        &self,
        recipe: &RecipeInput,
        allergens: &BTreeSet<Allergen>,
    ) -> AllergenDetails {
        if !self.allergens.name_species {
            return AllergenDetails::new();
        }
        let named = |a: &Allergen| {
            a.takes_species()
                && self
                    .allergens
                    .species_only
                    .as_ref()
                    .is_none_or(|only| only.contains(a))
        };
        let mut details = statement::all_allergen_details(recipe);
        if allergens.contains(&Allergen::Gluten) && named(&Allergen::Gluten) {
            details.insert(Allergen::Gluten, statement::gluten_cereals(recipe));
        }
        details
            .into_iter()
            .filter(|(a, names)| named(a) && allergens.contains(a) && !names.is_empty())
            .collect()
    }

    /// What the regime's allergen rules ask that `recipe` does not give: where the regime
    /// names the gluten cereal ([`AllergenRules::name_gluten_cereal`]), the ingredients whose
    /// gluten no record, wheat or word names the cereal of
    /// ([`statement::gluten_cereal_unnamed`]), in one `gluten_cereal_unnamed` warning; where
    /// the regime names each tree nut ([`AllergenRules::name_tree_nut`]), the ingredients
    /// carrying tree nuts whose printed name names none ([`tree_nut_unnamed`]), in one
    /// `tree_nut_unnamed` warning.
    pub fn allergen_warnings(&self, recipe: &RecipeInput) -> Vec<Warning> {
        let mut warnings = Vec::new();
        if let Some(rule) = &self.allergens.name_gluten_cereal {
            if self.requires_allergen(Allergen::Gluten) {
                let unnamed = statement::gluten_cereal_unnamed(recipe);
                if !unnamed.is_empty() {
                    warnings.push(Warning::gluten_cereal_unnamed(&unnamed, rule));
                }
            }
        }
        if let Some(rule) = &self.allergens.name_tree_nut {
            if self.requires_allergen(Allergen::TreeNuts) {
                let unnamed = tree_nut_unnamed(recipe);
                if !unnamed.is_empty() {
                    warnings.push(Warning::tree_nut_unnamed(&unnamed, rule));
                }
            }
        }
        warnings
    }

    /// The regime's advisory statements a food of `per_100g` (grams of a nutrient in 100 g
    /// of the food) requires, one warning each: the label does not print them, the package
    /// must.
    pub fn advisory_warnings(&self, per_100g: impl Fn(crate::Nutrient) -> f64) -> Vec<Warning> {
        self.advisories
            .iter()
            .filter(|a| a.when.iter().any(|c| c.holds(&per_100g)))
            .map(|a| {
                // The substances of its conditions the food holds, each once.
                let mut held: Vec<&str> = Vec::new();
                for n in a.when.iter().flat_map(|c| &c.sum_of) {
                    if per_100g(*n) > 0.0 && !held.contains(&n.key()) {
                        held.push(n.key());
                    }
                }
                let condition = a
                    .only_if
                    .as_deref()
                    .map_or(String::new(), |c| format!(" if {c}"));
                Warning {
                    code: a.code.clone(),
                    message: format!(
                        "this food holds {}: {} requires an advisory statement to the effect \
                         that {}{condition}; the nutrition panel does not print it, so print it \
                         on the package",
                        held.join(", "),
                        a.source,
                        a.statement
                    ),
                }
            })
            .collect()
    }

    /// The "Contains" statement (21 U.S.C. 343(w)(1)(A) for the US) in `terms`' words, e.g.
    /// `"Contains: Milk, Wheat, Sesame"`: every declared allergen in the regime's order; an
    /// allergen with species in `details` is named by them (343(w)(2): "Contains: Milk,
    /// Almonds, Wheat"). `None` when the regime prints none or no allergen is present.
    pub fn contains_statement(
        &self,
        allergens: &BTreeSet<Allergen>,
        details: &AllergenDetails,
        terms: &Terms,
    ) -> Option<String> {
        let order = self.allergens.contains_order.as_ref()?;
        let mut names: Vec<String> = Vec::new();
        for a in order.iter().filter(|a| allergens.contains(a)) {
            let printed = match details.get(a) {
                // A species the data records in English ("almonds") in the statement's
                // own words where its terms give them (`species.almonds`).
                Some(species) if !species.is_empty() => species
                    .iter()
                    .map(|s| {
                        terms
                            .plain(&format!("species.{}", s.to_lowercase()))
                            .unwrap_or_else(|| capitalised(s))
                    })
                    .collect(),
                _ => vec![terms.plain(&allergen_term(*a)).unwrap_or_default()],
            };
            // Each source once (FDR B.01.010.3(2)): wheat's gluten is the wheat named before.
            for name in printed {
                if !names.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
                    names.push(name);
                }
            }
        }
        if names.is_empty() {
            return None;
        }
        let template = terms.plain("contains").unwrap_or_default();
        Some(crate::format::fill(
            &template,
            &[("allergens", &names.join(", "))],
        ))
    }
}

/// The printed names of `recipe`'s ingredients (sub-recipes' included) that carry tree nuts
/// while neither their name nor their listed sub-ingredients name a known tree nut
/// ([`crate::allergen::species_in`]: "almond flour" names one, "marzipan" and "mixed nuts"
/// none), each once. A sub-recipe whose own ingredients carry the tree nuts leaves them to
/// those ingredients.
pub fn tree_nut_unnamed(recipe: &RecipeInput) -> Vec<String> {
    fn names_a_nut(text: &str) -> bool {
        let words: Vec<String> = text
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        crate::allergen::species_in(&refs)
            .iter()
            .any(|(a, _)| *a == Allergen::TreeNuts)
    }
    fn collect(recipe: &RecipeInput, names: &mut Vec<String>) {
        for i in &recipe.ingredients {
            let inside = match &i.source {
                crate::IngredientSource::SubRecipe(sub) => {
                    collect(sub, names);
                    statement::all_allergens(sub).contains(&Allergen::TreeNuts)
                }
                crate::IngredientSource::PerHundredGrams(_) => false,
            };
            let printed = std::iter::once(i.label_name.as_str())
                .chain(i.sub_ingredients.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" ");
            if i.allergens.contains(&Allergen::TreeNuts)
                && !inside
                && !names_a_nut(&printed)
                && !names.contains(&i.label_name)
            {
                names.push(i.label_name.clone());
            }
        }
    }
    let mut names = Vec::new();
    collect(recipe, &mut names);
    names
}

/// `s` with its first letter upper-cased ("almonds" → "Almonds").
fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl Warning {
    /// Ingredients carrying gluten whose cereal nothing names, where `rule` (the regime's
    /// citation, e.g. Reg. (EU) 1169/2011 Annex II point 1) names the cereal, not "gluten".
    pub fn gluten_cereal_unnamed(ingredients: &[String], rule: &str) -> Self {
        Self {
            code: "gluten_cereal_unnamed".to_string(),
            message: format!(
                "the gluten of {} names no cereal, so the label can only say \"gluten\" \
                 where {rule}; say which cereal it comes from (the custom ingredient's \
                 allergen `gluten:barley`, `gluten:rye`, `gluten:oats`, or `wheat`) before \
                 printing this label",
                ingredients.join(", ")
            ),
        }
    }
}

impl Warning {
    /// Ingredients carrying tree nuts whose printed name names no nut, where `rule` (the
    /// regime's citation, e.g. FSANZ Schedule 9 S9—3 item 4) names each nut.
    pub fn tree_nut_unnamed(ingredients: &[String], rule: &str) -> Self {
        Self {
            code: "tree_nut_unnamed".to_string(),
            message: format!(
                "the tree nuts of {} are named by no nut, so the label can only say \
                 \"tree nuts\" where {rule}; name the nut in the ingredient's name \
                 (e.g. \"marzipan (almond)\") before printing this label",
                ingredients.join(", ")
            ),
        }
    }
}

/// The terms key of an allergen's printed name.
pub fn allergen_term(allergen: Allergen) -> String {
    format!("allergen.{}", allergen.code())
}

/// A regime file as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RegimeFile {
    pub id: String,
    pub name: String,
    pub allergens: AllergensFile,
    pub claims: Option<String>,
    #[serde(default)]
    pub servings: ServingsRounding,
    #[serde(default)]
    pub household_then_metric: bool,
    #[serde(default)]
    pub advisories: Vec<Advisory>,
    #[serde(default)]
    pub ingredient_list: IngredientListRules,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AllergensFile {
    pub declare: Vec<Allergen>,
    pub source: String,
    #[serde(default)]
    pub implies: BTreeMap<String, Vec<Allergen>>,
    pub contains_statement: Option<ContainsFile>,
    pub emphasise_in_ingredients: bool,
    #[serde(default)]
    pub name_species: NameSpeciesFile,
    #[serde(default)]
    pub exemptions: Vec<ExemptionFile>,
    /// The citation of the rule that names the gluten cereal, when the regime has one.
    #[serde(default)]
    pub name_gluten_cereal: Option<String>,
    /// The citation of the rule that names each tree nut, when the regime has one.
    #[serde(default)]
    pub name_tree_nut: Option<String>,
    /// The citation of the rule that emphasises only the required names, when the regime
    /// has one.
    #[serde(default)]
    pub required_names_only: Option<String>,
}

/// `"name_species"` as written: `true` (every allergen that takes species) or the list of
/// those named by species (`["tree_nuts"]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub(crate) enum NameSpeciesFile {
    All(bool),
    Only(Vec<Allergen>),
}

impl Default for NameSpeciesFile {
    fn default() -> Self {
        Self::All(false)
    }
}

/// An exemption a regime grants, with the law that grants it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExemptionFile {
    pub id: String,
    #[allow(dead_code)]
    pub source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ContainsFile {
    pub order: Vec<Allergen>,
    #[allow(dead_code)]
    pub source: String,
}

impl RegimeFile {
    pub(crate) fn resolve(self) -> Result<Regime, String> {
        let mut implies = BTreeMap::new();
        for (code, brings) in self.allergens.implies {
            let a = Allergen::from_code(&code)
                .ok_or_else(|| format!("implies: unknown allergen {code:?}"))?;
            implies.insert(a, brings);
        }
        let (name_species, species_only) = match self.allergens.name_species {
            NameSpeciesFile::All(all) => (all, None),
            NameSpeciesFile::Only(only) => {
                if let Some(a) = only.iter().find(|a| !a.takes_species()) {
                    return Err(format!("name_species: {} takes no species", a.code()));
                }
                (!only.is_empty(), Some(only.into_iter().collect()))
            }
        };
        for a in &self.advisories {
            let bad = a.when.is_empty()
                || a.statement.trim().is_empty()
                || a.source.trim().is_empty()
                || a.when.iter().any(|c| {
                    c.sum_of.is_empty()
                        || !(c.min_g_per_100g.is_finite() && c.min_g_per_100g >= 0.0)
                });
            if bad {
                return Err(format!(
                    "advisory {:?} needs a statement, a source and conditions with substances \
                     and a least amount",
                    a.code
                ));
            }
        }
        let claims = match self.claims.as_deref() {
            None => None,
            Some("cfr_101_13") => Some(ClaimsRules::Cfr101_13),
            Some(other) => return Err(format!("unknown claims rules {other:?}")),
        };
        Ok(Regime {
            id: self.id,
            name: self.name,
            allergens: AllergenRules {
                declare: self.allergens.declare.into_iter().collect(),
                source: self.allergens.source,
                implies,
                contains_order: self.allergens.contains_statement.map(|c| c.order),
                emphasise_in_ingredients: self.allergens.emphasise_in_ingredients,
                name_species,
                species_only,
                name_tree_nut: self.allergens.name_tree_nut,
                required_names_only: self.allergens.required_names_only,
                exemptions: self
                    .allergens
                    .exemptions
                    .into_iter()
                    .map(|e| e.id)
                    .collect(),
                name_gluten_cereal: self.allergens.name_gluten_cereal,
            },
            claims,
            advisories: self.advisories,
            servings: self.servings,
            household_then_metric: self.household_then_metric,
            ingredient_list: self.ingredient_list,
        })
    }
}
