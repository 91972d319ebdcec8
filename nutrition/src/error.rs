//! The one error type of label computation.

/// Why a label could not be computed. Messages are written for an API client.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LabelError {
    /// `servings` is NaN, infinite, zero or negative.
    #[error("servings must be a finite number greater than 0 (got {0})")]
    InvalidServings(f64),
    /// `serving_weight_g` is NaN, infinite, zero or negative.
    #[error("serving_weight_g must be a finite number of grams greater than 0 (got {0})")]
    InvalidServingWeight(f64),
    /// `racc_g` is NaN, infinite, zero or negative.
    #[error("racc_g must be a finite number of grams greater than 0 (got {0})")]
    InvalidRacc(f64),
    /// The recipe has no ingredients.
    #[error("a recipe needs at least one ingredient")]
    NoIngredients,
    /// An ingredient's grams are NaN, infinite, zero or negative.
    #[error(
        "ingredient {ingredient:?}: grams must be a finite number greater than 0 (got {grams})"
    )]
    InvalidGrams {
        /// The ingredient's label name.
        ingredient: String,
        /// The offending value.
        grams: f64,
    },
    /// A per-100 g amount is NaN, infinite or negative.
    #[error("ingredient {ingredient:?}: {nutrient} must be a finite number >= 0 (got {amount})")]
    InvalidNutrientAmount {
        /// The ingredient's label name.
        ingredient: String,
        /// The nutrient key, e.g. `total_fat_g`.
        nutrient: &'static str,
        /// The offending value.
        amount: f64,
    },
    /// Something inside a sub-recipe is invalid.
    #[error("sub-recipe {name:?}: {source}")]
    InSubRecipe {
        /// The sub-recipe's label name.
        name: String,
        /// What is wrong inside it.
        #[source]
        source: Box<LabelError>,
    },
    /// Sub-recipes are nested deeper than the engine accepts.
    #[error("sub-recipes are nested more than {max} levels deep")]
    NestingTooDeep {
        /// The deepest nesting accepted.
        max: usize,
    },
    /// A format with an as-prepared column was asked for without what preparation adds.
    #[error(
        "label format {0:?} declares the food as prepared (21 CFR 101.9(e)): give \
         prepared.ingredients, what preparing the recipe adds"
    )]
    NeedsPreparation(String),
    /// An aggregate format was asked for without its foods.
    #[error(
        "label format {format:?} sets one column per food of a variety pack (21 CFR \
         101.9(d)(13)(ii)): give foods, 2 to {max} of them"
    )]
    NeedsFoods {
        /// The format.
        format: String,
        /// Most foods accepted.
        max: usize,
    },
    /// The simplified format was asked for a food its law does not allow it for.
    #[error(
        "label format {format:?} is not permitted for this food: {rule} allows it when at \
         least {needed} of the {counted} nutrients it counts are present in insignificant \
         amounts, and this food has {insignificant}; use the standard format"
    )]
    FormatNotPermitted {
        /// The format asked for.
        format: String,
        /// How many of the counted nutrients are insignificant.
        insignificant: usize,
        /// How many the rule needs.
        needed: usize,
        /// How many nutrients the rule counts.
        counted: usize,
        /// The rule's citation.
        rule: String,
    },
    /// Something in what preparation adds is invalid.
    #[error("prepared: {0}")]
    InPreparation(#[source] Box<LabelError>),
    /// Something in one food of an aggregate label is invalid.
    #[error("food {name:?}: {source}")]
    InFood {
        /// The food's name.
        name: String,
        /// What is wrong in it.
        #[source]
        source: Box<LabelError>,
    },
    /// The numbers are so large that a result is not finite.
    #[error("the recipe's amounts are too large to compute a label ({0} overflowed)")]
    Overflow(&'static str),
}
