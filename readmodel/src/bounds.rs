//! How large a recipe's label grows once its sub-recipes are expanded, measured before
//! anything is expanded.
//!
//! A sub-recipe's statement is printed inside every line that uses it, so a recipe listing a
//! sub-recipe 200 times, which lists another 200 times, ... would expand to 200^depth lines.
//! [`measure`] walks the recipe graph once, remembering each sub-recipe's extent, so it costs
//! O(recipes + lines) whatever the expansion; the label is only built when the extent is
//! within the limits. Identical lines (same ingredient, same printed name) are merged first,
//! as the label shows them: one ingredient is listed once, at its total weight
//! (21 CFR 101.4(a)(1): descending order of predominance by weight).

use std::borrow::Cow;
use std::collections::HashMap;

use nls_events::recipe::IngredientLine;
use nls_events::RecipeState;

/// How deep sub-recipes may nest (a recipe using a sub-recipe is depth 1); the nutrition
/// engine's own limit.
pub const MAX_DEPTH: u64 = nls_nutrition::compute::MAX_NESTING as u64;
/// Ingredient lines of the expanded tree, sub-recipe lines included. A recipe has at most
/// 200 lines of its own (API_DECISIONS §3); this allows ten such recipes' worth.
pub const MAX_EXPANDED_LINES: u64 = 2_000;
/// Characters of the ingredient statement. Long printed statements run to a few hundred
/// characters; this is eighteen times that. It stays 1,000 below the renderer's cap on a
/// label's statements together (10,000, `nls_renderer::draw::bounds`), which leaves room
/// for the "Contains" statement, so every label a write accepts can be drawn.
pub const MAX_STATEMENT_CHARS: u64 = 9_000;
/// Bytes of the label object's JSON, which every read of the recipe (lists included)
/// carries. A statement at its limit, in both plain and HTML form, fits with room to spare.
pub const MAX_LABEL_BYTES: u64 = 128 * 1024;

/// Which bound a recipe went past.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    NestingDepth,
    ExpandedLines,
    StatementChars,
    LabelBytes,
}

impl Limit {
    /// The name clients see in error details.
    pub fn key(self) -> &'static str {
        match self {
            Self::NestingDepth => "nesting_depth",
            Self::ExpandedLines => "expanded_lines",
            Self::StatementChars => "statement_chars",
            Self::LabelBytes => "label_bytes",
        }
    }

    /// The largest value allowed.
    pub fn max(self) -> u64 {
        match self {
            Self::NestingDepth => MAX_DEPTH,
            Self::ExpandedLines => MAX_EXPANDED_LINES,
            Self::StatementChars => MAX_STATEMENT_CHARS,
            Self::LabelBytes => MAX_LABEL_BYTES,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Self::NestingDepth => "sub-recipes nest",
            Self::ExpandedLines => "with its sub-recipes expanded, the recipe has",
            Self::StatementChars => "the ingredient statement has",
            Self::LabelBytes => "the label takes",
        }
    }

    fn unit(self) -> &'static str {
        match self {
            Self::NestingDepth => "levels deep",
            Self::ExpandedLines => "ingredient lines",
            Self::StatementChars => "characters",
            Self::LabelBytes => "bytes",
        }
    }
}

/// A recipe beyond one of the limits; `value` saturates at `u64::MAX`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} {value} {}, above the limit of {}", .limit.describe(), .limit.unit(), .limit.max())]
pub struct TooLarge {
    pub limit: Limit,
    pub value: u64,
}

impl TooLarge {
    /// Checks `value` against `limit`.
    pub fn check(limit: Limit, value: u64) -> Result<(), Self> {
        if value > limit.max() {
            Err(Self { limit, value })
        } else {
            Ok(())
        }
    }
}

/// What a recipe expands to.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Extent {
    /// Levels of sub-recipes below it (0: none).
    pub depth: u64,
    /// Lines once every sub-recipe is expanded, after merging identical lines.
    pub lines: u64,
    /// Characters of its ingredient statement.
    pub statement_chars: u64,
    /// Grams of dry matter its ingredients bring at least (see [`Tree::solid_fraction`]).
    pub solids_g: f64,
    /// Its final weight, grams.
    pub final_weight_g: f64,
}

/// Why a tree cannot be measured.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MeasureError {
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    #[error("sub-recipes form a cycle: {}", .0.join(" -> "))]
    Cycle(Vec<String>),
    #[error("ingredient {0} does not exist")]
    Unknown(String),
}

/// What [`measure`] needs to know about the lines of a recipe graph.
pub trait Tree {
    /// The sub-recipe `id`, when the line names one (`rcp_…`); `Err` when it is unknown.
    fn sub_recipe(&self, id: &str) -> Option<Result<&RecipeState, ()>>;
    /// The text a leaf line (not a sub-recipe) prints, before the line's own override: its
    /// name and sub-ingredients in parentheses; `None` when the ingredient is unknown.
    fn leaf_name<'a>(&'a self, id: &'a str) -> Option<Cow<'a, str>>;
    /// The share of a leaf ingredient's weight that is dry matter, 0 to 1: 100 g less water
    /// (and alcohol, which cooking drives off) where the water is known, else at least its
    /// fat, carbohydrate and protein; 0 when nothing is known.
    fn solid_fraction(&self, id: &str) -> f64;
}

/// The lines of a recipe as its label lists them: lines naming the same ingredient with the
/// same printed-name override (and the same nutrient overrides) become one line with their
/// grams summed, at the place of the first. Old events may hold such duplicates; new writes
/// keep them as sent.
pub fn merged_lines(lines: &[IngredientLine]) -> Vec<IngredientLine> {
    let mut merged: Vec<IngredientLine> = Vec::with_capacity(lines.len());
    let mut at: HashMap<(&str, Option<&str>, String), usize> = HashMap::with_capacity(lines.len());
    for line in lines {
        // Amounts as their shortest round-trip text: equal maps give equal keys. Lines that
        // mark different nutrients added stay apart, so neither loses its marks.
        let overrides = format!("{:?}|{:?}", line.nutrients, line.added_nutrients);
        let key = (
            line.ingredient_id.as_str(),
            line.label_name.as_deref(),
            overrides,
        );
        match at.get(&key) {
            Some(&i) => merged[i].grams += line.grams,
            None => {
                at.insert(key, merged.len());
                merged.push(line.clone());
            }
        }
    }
    merged
}

/// The cooked weight of a recipe: servings × serving weight, or the sum of its lines.
pub fn final_weight_g(state: &RecipeState) -> f64 {
    match state.serving_weight_g {
        Some(w) => w * state.servings,
        None => state.ingredients.iter().map(|l| l.grams).sum(),
    }
}

/// A final weight below the dry matter of the ingredients.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("the final weight ({final_g} g) is less than the dry matter ({solids_g} g)")]
pub struct BelowDryMatter {
    pub final_g: f64,
    pub solids_g: f64,
}

/// A recipe's final weight (servings × serving weight) cannot be less than the dry matter
/// of its ingredients (`solids_g`, see [`Extent`]): cooking drives off water, not solids.
/// Without a serving weight the final weight is the ingredients' own.
pub fn check_final_weight(state: &RecipeState, solids_g: f64) -> Result<(), BelowDryMatter> {
    let Some(serving_weight_g) = state.serving_weight_g else {
        return Ok(());
    };
    let final_g = state.servings * serving_weight_g;
    // Relative slack for the float sums of many lines, not a tolerance on the rule.
    if final_g < solids_g * (1.0 - 1e-9) {
        return Err(BelowDryMatter { final_g, solids_g });
    }
    Ok(())
}

/// Measures the recipe `root_id` (in `state`) over `tree`, and checks nesting depth,
/// expanded lines and statement length against the limits.
pub fn measure(
    tree: &impl Tree,
    root_id: &str,
    state: &RecipeState,
) -> Result<Extent, MeasureError> {
    let mut walk = Walk {
        tree,
        known: HashMap::new(),
        path: vec![root_id.to_owned()],
    };
    let extent = walk.extent(state)?;
    TooLarge::check(Limit::NestingDepth, extent.depth)?;
    TooLarge::check(Limit::ExpandedLines, extent.lines)?;
    TooLarge::check(Limit::StatementChars, extent.statement_chars)?;
    Ok(extent)
}

struct Walk<'a, T> {
    tree: &'a T,
    /// Extents of the sub-recipes measured so far.
    known: HashMap<String, Extent>,
    /// The recipes being expanded, root first.
    path: Vec<String>,
}

impl<T: Tree> Walk<'_, T> {
    fn extent(&mut self, state: &RecipeState) -> Result<Extent, MeasureError> {
        let lines = merged_lines(&state.ingredients);
        let mut extent = Extent {
            final_weight_g: final_weight_g(state),
            ..Extent::default()
        };
        let separators = 2 * (lines.len() as u64).saturating_sub(1);
        extent.statement_chars = separators;
        for line in &lines {
            let id = line.ingredient_id.as_str();
            let (name_chars, sub) = match self.tree.sub_recipe(id) {
                Some(found) => {
                    // The root itself is not in the graph: a line back to it is a cycle.
                    self.check_cycle(id)?;
                    let sub = found.map_err(|()| MeasureError::Unknown(id.to_owned()))?;
                    let name = line.label_name.as_deref().unwrap_or(&sub.name);
                    (name.chars().count() as u64, Some(self.sub_extent(id, sub)?))
                }
                None => {
                    let name = match &line.label_name {
                        Some(own) => Cow::Borrowed(own.as_str()),
                        None => self
                            .tree
                            .leaf_name(id)
                            .ok_or_else(|| MeasureError::Unknown(id.to_owned()))?,
                    };
                    (name.chars().count() as u64, None)
                }
            };
            extent.lines = extent.lines.saturating_add(1);
            extent.statement_chars = extent.statement_chars.saturating_add(name_chars);
            match sub {
                Some(sub) => {
                    extent.depth = extent.depth.max(sub.depth.saturating_add(1));
                    extent.lines = extent.lines.saturating_add(sub.lines);
                    // "Name (statement)"
                    extent.statement_chars = extent
                        .statement_chars
                        .saturating_add(3)
                        .saturating_add(sub.statement_chars);
                    let fraction = if sub.final_weight_g > 0.0 {
                        (sub.solids_g / sub.final_weight_g).clamp(0.0, 1.0)
                    } else {
                        0.0
                    };
                    extent.solids_g += line.grams * fraction;
                }
                None => {
                    extent.solids_g += line.grams * self.tree.solid_fraction(id).clamp(0.0, 1.0);
                }
            }
        }
        Ok(extent)
    }

    fn check_cycle(&self, id: &str) -> Result<(), MeasureError> {
        if self.path.iter().any(|p| p == id) {
            let mut cycle = self.path.clone();
            cycle.push(id.to_owned());
            return Err(MeasureError::Cycle(cycle));
        }
        Ok(())
    }

    fn sub_extent(&mut self, id: &str, sub: &RecipeState) -> Result<Extent, MeasureError> {
        let level = self.path.len() as u64;
        if let Some(known) = self.known.get(id) {
            TooLarge::check(Limit::NestingDepth, level + known.depth)?;
            return Ok(*known);
        }
        // The graph holds only the levels a label may have: stop at the first one beyond.
        TooLarge::check(Limit::NestingDepth, level)?;
        self.path.push(id.to_owned());
        let extent = self.extent(sub);
        self.path.pop();
        let extent = extent?;
        TooLarge::check(Limit::NestingDepth, level + extent.depth)?;
        self.known.insert(id.to_owned(), extent);
        Ok(extent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Recipes by id; every other id is a leaf named after itself, half water.
    #[derive(Default)]
    struct Recipes(HashMap<String, RecipeState>);

    impl Tree for Recipes {
        fn sub_recipe(&self, id: &str) -> Option<Result<&RecipeState, ()>> {
            id.starts_with("rcp_").then(|| self.0.get(id).ok_or(()))
        }
        fn leaf_name<'a>(&'a self, id: &'a str) -> Option<Cow<'a, str>> {
            Some(Cow::Borrowed(id))
        }
        fn solid_fraction(&self, _id: &str) -> f64 {
            0.5
        }
    }

    fn line(id: &str, grams: f64) -> IngredientLine {
        IngredientLine {
            label_names: Default::default(),
            added_nutrients: Default::default(),
            ingredient_id: id.into(),
            name: id.into(),
            label_name: None,
            grams,
            nutrients: None,
        }
    }

    fn recipe(name: &str, lines: Vec<IngredientLine>) -> RecipeState {
        RecipeState {
            version: 1,
            name: name.into(),
            servings: 1.0,
            label_format: "standard".into(),
            ingredients: lines,
            ..Default::default()
        }
    }

    /// `rcp_1` lists `flour` `fan_out` times; `rcp_k` lists `rcp_{k-1}` `fan_out` times.
    fn tower(levels: usize, fan_out: usize) -> Recipes {
        let mut recipes = Recipes::default();
        for k in 1..=levels {
            let inner = if k == 1 {
                "flour".to_owned()
            } else {
                format!("rcp_{}", k - 1)
            };
            let lines = (0..fan_out).map(|_| line(&inner, 10.0)).collect();
            recipes
                .0
                .insert(format!("rcp_{k}"), recipe(&format!("R{k}"), lines));
        }
        recipes
    }

    #[test]
    fn repeated_lines_are_merged_into_one_at_their_total_weight() {
        let mut named = line("flour", 5.0);
        named.label_name = Some("wheat flour".into());
        let merged = merged_lines(&[
            line("flour", 10.0),
            line("sugar", 3.0),
            line("flour", 20.0),
            named,
        ]);
        let grams: Vec<(&str, f64)> = merged
            .iter()
            .map(|l| (l.ingredient_id.as_str(), l.grams))
            .collect();
        assert_eq!(grams, vec![("flour", 30.0), ("sugar", 3.0), ("flour", 5.0)]);
    }

    #[test]
    fn lines_with_different_nutrient_overrides_stay_apart() {
        let mut a = line("oil", 10.0);
        a.nutrients = Some(std::collections::BTreeMap::from([(
            "trans_fat_g".into(),
            0.0,
        )]));
        let mut b = a.clone();
        b.grams = 5.0;
        let plain = line("oil", 1.0);
        let merged = merged_lines(&[a, plain, b]);
        let grams: Vec<f64> = merged.iter().map(|l| l.grams).collect();
        assert_eq!(grams, vec![15.0, 1.0]);
    }

    /// Leaves print with sub-ingredients, as the food table's enriched flour does.
    struct WithSubs;

    impl Tree for WithSubs {
        fn sub_recipe(&self, _id: &str) -> Option<Result<&RecipeState, ()>> {
            None
        }
        fn leaf_name<'a>(&'a self, id: &'a str) -> Option<Cow<'a, str>> {
            Some(nls_nutrition::statement::leaf_text(
                id,
                &["wheat flour".to_string(), "niacin".to_string()],
            ))
        }
        fn solid_fraction(&self, _id: &str) -> f64 {
            1.0
        }
    }

    #[test]
    fn the_statement_length_counts_sub_ingredients_unless_a_line_renames_it() {
        let root = recipe("Top", vec![line("flour", 5.0)]);
        let extent = measure(&WithSubs, "rcp_top", &root).map(|e| e.statement_chars);
        assert_eq!(extent, Ok("flour (wheat flour, niacin)".len() as u64));
        let mut renamed = line("flour", 5.0);
        renamed.label_name = Some("flour".into());
        let root = recipe("Top", vec![renamed]);
        let extent = measure(&WithSubs, "rcp_top", &root).map(|e| e.statement_chars);
        assert_eq!(extent, Ok(5));
    }

    #[test]
    fn a_tower_of_repeated_sub_recipes_measures_as_one_chain() {
        let recipes = tower(3, 200);
        let root = recipe("Top", vec![line("rcp_3", 100.0)]);
        let extent = measure(&recipes, "rcp_top", &root).map_err(|e| e.to_string());
        // Top (R3 (R2 (R1 (Flour)))): four lines once merged.
        assert_eq!(extent.map(|e| (e.depth, e.lines)), Ok((3, 4)));
    }

    #[test]
    fn distinct_sub_recipes_that_multiply_are_refused_without_expanding_them() {
        // Each level lists three distinct recipes of the level below: 3^levels leaves.
        let mut recipes = Recipes::default();
        for k in 1..=8 {
            for side in ["a", "b", "c"] {
                let lines = if k == 1 {
                    vec![line("flour", 10.0), line("salt", 1.0)]
                } else {
                    ["a", "b", "c"]
                        .iter()
                        .map(|s| line(&format!("rcp_{}{s}", k - 1), 10.0))
                        .collect()
                };
                recipes.0.insert(
                    format!("rcp_{k}{side}"),
                    recipe(&format!("R{k}{side}"), lines),
                );
            }
        }
        let root = recipe("Top", vec![line("rcp_8a", 1.0), line("rcp_8b", 1.0)]);
        let err = measure(&recipes, "rcp_top", &root);
        assert!(
            matches!(err, Err(MeasureError::TooLarge(TooLarge { limit: Limit::ExpandedLines, value })) if value > 10_000),
            "{err:?}"
        );
    }

    #[test]
    fn nesting_beyond_the_limit_is_refused_with_its_depth() {
        let recipes = tower(9, 1);
        let within = recipe("Top", vec![line("rcp_8", 1.0)]);
        assert_eq!(
            measure(&recipes, "rcp_top", &within).map(|e| e.depth),
            Ok(8)
        );
        let beyond = recipe("Top", vec![line("rcp_9", 1.0)]);
        assert_eq!(
            measure(&recipes, "rcp_top", &beyond),
            Err(MeasureError::TooLarge(TooLarge {
                limit: Limit::NestingDepth,
                value: 9
            }))
        );
    }

    #[test]
    fn a_cycle_is_named_from_the_root() {
        // The root being written is not in the graph yet; the cycle still shows.
        let mut recipes = Recipes::default();
        recipes
            .0
            .insert("rcp_b".into(), recipe("B", vec![line("rcp_a", 1.0)]));
        let root = recipe("A", vec![line("rcp_b", 1.0)]);
        assert_eq!(
            measure(&recipes, "rcp_a", &root),
            Err(MeasureError::Cycle(vec![
                "rcp_a".into(),
                "rcp_b".into(),
                "rcp_a".into()
            ]))
        );
    }

    #[test]
    fn the_statement_length_counts_names_separators_and_parentheses() {
        let mut recipes = Recipes::default();
        recipes.0.insert(
            "rcp_s".into(),
            recipe("Sauce", vec![line("oil", 1.0), line("salt", 1.0)]),
        );
        let root = recipe("Top", vec![line("rcp_s", 5.0), line("egg", 1.0)]);
        // "Sauce (oil, salt), egg"
        let extent = measure(&recipes, "rcp_top", &root);
        assert_eq!(
            extent.map(|e| e.statement_chars),
            Ok("Sauce (oil, salt), egg".len() as u64)
        );
    }

    #[test]
    fn solids_follow_sub_recipes_per_gram_of_their_final_weight() {
        let mut recipes = Recipes::default();
        // 100 g in, half of it dry: 50 g solids in a 50 g final weight (all water gone).
        let mut dried = recipe("Dried", vec![line("apple", 100.0)]);
        dried.serving_weight_g = Some(50.0);
        recipes.0.insert("rcp_d".into(), dried);
        let root = recipe("Top", vec![line("rcp_d", 20.0), line("milk", 10.0)]);
        let extent = measure(&recipes, "rcp_top", &root);
        assert_eq!(extent.map(|e| e.solids_g), Ok(20.0 + 5.0));
    }
}

#[cfg(test)]
mod properties {
    use std::time::{Duration, Instant};

    use proptest::prelude::*;

    use super::tests_support::*;
    use super::*;

    proptest! {
        /// Any graph of up to 12 recipes, each listing up to 40 lines drawn from the others
        /// and from leaves: measuring takes milliseconds whatever the expansion, and what it
        /// accepts is within every limit (checked against an expansion done by hand).
        #[test]
        fn measuring_is_fast_and_what_it_accepts_is_bounded(
            edges in prop::collection::vec(prop::collection::vec((0usize..16, 1.0..500.0f64), 1..40), 1..12)
        ) {
            let recipes = graph(&edges);
            let root_state = recipes.0.get("rcp_0").cloned().unwrap_or_default();
            let started = Instant::now();
            let measured = measure(&recipes, "rcp_0", &root_state);
            // A guard against unbounded work (expanding such a tree takes minutes), not a
            // speed target.
            prop_assert!(started.elapsed() < Duration::from_secs(2));
            if let Ok(extent) = measured {
                prop_assert!(extent.depth <= MAX_DEPTH);
                prop_assert!(extent.lines <= MAX_EXPANDED_LINES);
                prop_assert!(extent.statement_chars <= MAX_STATEMENT_CHARS);
                let (lines, chars) = expand(&recipes, &root_state);
                prop_assert_eq!(lines, extent.lines);
                prop_assert_eq!(chars, extent.statement_chars);
                prop_assert!(extent.solids_g <= extent.final_weight_g.max(
                    root_state.ingredients.iter().map(|l| l.grams).sum()) + 1e-6);
            }
        }
    }
}

#[cfg(test)]
mod tests_support {
    use super::*;

    pub struct Graph(pub HashMap<String, RecipeState>);

    impl Tree for Graph {
        fn sub_recipe(&self, id: &str) -> Option<Result<&RecipeState, ()>> {
            id.starts_with("rcp_").then(|| self.0.get(id).ok_or(()))
        }
        fn leaf_name<'a>(&'a self, id: &'a str) -> Option<Cow<'a, str>> {
            Some(Cow::Borrowed(id))
        }
        fn solid_fraction(&self, _id: &str) -> f64 {
            0.25
        }
    }

    /// Recipe `rcp_i` lists `(target, grams)`: targets below 12 are recipes, others leaves.
    pub fn graph(edges: &[Vec<(usize, f64)>]) -> Graph {
        let mut recipes = HashMap::new();
        for (i, lines) in edges.iter().enumerate() {
            let ingredients = lines
                .iter()
                .map(|(target, grams)| {
                    let id = if *target < edges.len() {
                        format!("rcp_{target}")
                    } else {
                        format!("leaf{target}")
                    };
                    IngredientLine {
                        label_names: Default::default(),
                        added_nutrients: Default::default(),
                        ingredient_id: id.clone(),
                        name: id,
                        label_name: None,
                        grams: *grams,
                        nutrients: None,
                    }
                })
                .collect();
            recipes.insert(
                format!("rcp_{i}"),
                RecipeState {
                    version: 1,
                    name: format!("R{i}"),
                    servings: 1.0,
                    ingredients,
                    ..Default::default()
                },
            );
        }
        Graph(recipes)
    }

    /// Lines and statement characters by expanding for real (only called on accepted,
    /// hence small, trees).
    pub fn expand(graph: &Graph, state: &RecipeState) -> (u64, u64) {
        let lines = merged_lines(&state.ingredients);
        let mut count = 0;
        let mut parts = Vec::new();
        for line in &lines {
            count += 1;
            match graph.0.get(&line.ingredient_id) {
                Some(sub) => {
                    let (n, chars) = expand(graph, sub);
                    count += n;
                    parts.push(sub.name.chars().count() as u64 + 3 + chars);
                }
                None => parts.push(line.ingredient_id.chars().count() as u64),
            }
        }
        let separators = 2 * (parts.len() as u64).saturating_sub(1);
        (count, parts.iter().sum::<u64>() + separators)
    }
}
