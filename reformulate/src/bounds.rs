//! How much one reformulation request may ask for. Each program is small (a few variables
//! per line), but the choices of substitutes multiply the programs solved, so every
//! dimension is capped, and the solving stops at a time budget.

use std::time::Duration;

use serde::Serialize;
use thiserror::Error;

/// A bounded dimension of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    /// Lines of the recipe.
    Lines,
    /// Goals of the request.
    Goals,
    /// Candidates asked for.
    Candidates,
    /// Lines that may be replaced.
    SubstitutedLines,
    /// Substitutes of one line.
    SubstitutesPerLine,
    /// Ways of choosing substitutes (each line its own food or one substitute).
    SubstituteChoices,
    /// Label formats asked for besides the recipe's.
    LabelFormats,
}

impl Bound {
    /// The most a request may ask for.
    pub const fn max(self) -> usize {
        match self {
            Self::Lines => 60,
            Self::Goals => 8,
            Self::Candidates => 5,
            Self::SubstitutedLines => 6,
            Self::SubstitutesPerLine => 5,
            Self::SubstituteChoices => 64,
            Self::LabelFormats => 4,
        }
    }

    /// Its name in the error's `details.limit`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Lines => "lines",
            Self::Goals => "goals",
            Self::Candidates => "candidates",
            Self::SubstitutedLines => "substituted_lines",
            Self::SubstitutesPerLine => "substitutes_per_line",
            Self::SubstituteChoices => "substitute_choices",
            Self::LabelFormats => "label_formats",
        }
    }
}

/// The time the solver may spend on one request; what it found by then is answered.
pub const SOLVER_BUDGET: Duration = Duration::from_millis(150);

/// A request past a bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("a reformulation takes at most {} {}; this one asks for {value}", .bound.max(), .bound.as_str().replace('_', " "))]
pub struct TooLarge {
    pub bound: Bound,
    pub value: usize,
}

impl TooLarge {
    /// `Err` when `value` is past `bound`.
    pub fn check(bound: Bound, value: usize) -> Result<(), Self> {
        if value > bound.max() {
            Err(Self { bound, value })
        } else {
            Ok(())
        }
    }
}
