//! What a scheme computes for a product: the label JSON's `front_of_pack` entries.

use serde::{Deserialize, Serialize};

use super::data::Status;
use super::mark_size::MarkSize;

/// One scheme's outcome, as the label JSON carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = FrontOfPack)]
pub struct FopResult {
    /// The scheme id, e.g. `cl.fop.alto`.
    pub scheme: String,
    /// Whether the law requires this element on this product (mandatory scheme of the
    /// label's market; for Nutri-Grade only grades C and D).
    pub required: bool,
    pub citation: String,
    /// The scheme's version (instrument and date) as pinned in its data.
    pub version: String,
    /// `unconfirmed` when any value used is not confirmed against the law's text.
    pub status: Status,
    /// The phase (warning schemes) or table (Nutri-Score: foods, fats, beverages) applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// What the package shows: seals, lights, a grade.
    pub marks: Vec<Mark>,
    /// Every limit looked at, reached or not, with its headroom.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<Check>,
    /// Data the scheme needs and the recipe lacks (give it in `front_of_pack_facts` or
    /// `racc_g`); the marks that depend on it are not computed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
    /// Why the product is exempt, when it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exempt: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// How large the marks must be printed on this package, where the scheme's data has a
    /// size table and the request gave `front_of_pack_facts.principal_display_area_cm2`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark_size: Option<MarkSize>,
}

/// One element on the package.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Mark {
    Warning(WarningMark),
    Light(LightMark),
    Score(ScoreMark),
    Grade(GradeMark),
}

/// A seal, symbol or legend.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WarningMark {
    pub nutrient: String,
    pub code: String,
    /// The law's printed text; `null` where our references do not give it.
    pub text: Option<String>,
    /// The amount, the limit and the basis: `"sodium 512 mg per 100 g ≥ 400 mg"`.
    pub why: String,
    pub status: Status,
}

/// Green, amber or red.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Low,
    Medium,
    High,
}

impl Level {
    pub fn colour(self) -> Colour {
        match self {
            Self::Low => Colour::Green,
            Self::Medium => Colour::Amber,
            Self::High => Colour::Red,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Green,
    Amber,
    Red,
}

/// A traffic light (energy is shown uncoloured: `level` and `colour` null).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LightMark {
    pub nutrient: String,
    pub level: Option<Level>,
    pub colour: Option<Colour>,
    /// Per portion, in `unit`.
    pub amount: f64,
    pub unit: String,
    /// Per 100 g or 100 ml, in `unit`.
    pub per_100: f64,
    /// % of the reference intake per portion, where the scheme shows one.
    pub percent_ri: Option<f64>,
    /// The per-portion amount as printed, rounded as the label's nutrition table rounds it
    /// (UK: the EU 2012 guidance's table), e.g. `"50g"`, `"<0.01g"`, `"300kcal"`; absent
    /// for schemes that say nothing of it and in labels stored before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printed: Option<String>,
    /// Energy only: the amount per 100 g or 100 ml as printed beside the portion's, in kJ and
    /// kcal (1169/2011 Art. 33(2): an Art. 30(3)(b) repeat expressed per portion gives the
    /// energy per 100 g or 100 ml too; Art. 32(1) and Annex XV: kJ and kcal), e.g.
    /// `"1175kJ / 281kcal"`. Absent elsewhere and in labels stored before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_100_printed: Option<String>,
    /// Energy only: the portion the amounts are for, in g or ml, printed with it
    /// (Art. 33(1), (4): the portion is quantified in close proximity).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portion: Option<f64>,
    pub why: String,
    pub status: Status,
}

/// A Nutri-Score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ScoreMark {
    /// `"A"` to `"E"`.
    pub grade: String,
    /// Negative minus positive points.
    pub points: i32,
    pub components: Vec<Component>,
    pub why: String,
}

/// One Nutri-Score component.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Component {
    /// `energy`, `sugars`, `saturated_fat`, `salt`, `sweeteners`, `protein`, `fibre`,
    /// `fruit_vegetable_legume`, `energy_from_saturates`, `saturates_ratio`.
    pub component: String,
    pub amount: f64,
    pub unit: String,
    /// Points it scores (negative components count against, positive for).
    pub points: i32,
    pub max_points: i32,
    /// `negative` or `positive`.
    pub side: String,
    /// Whether it counts in the score (protein may not).
    pub counted: bool,
}

/// A letter grade from bands (Nutri-Grade).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GradeMark {
    pub grade: String,
    pub components: Vec<GradeComponent>,
    pub why: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GradeComponent {
    pub component: String,
    pub amount: f64,
    pub unit: String,
    pub grade: String,
}

/// One limit looked at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub code: String,
    pub nutrient: String,
    /// The amount on the rule's basis.
    pub amount: f64,
    pub threshold: f64,
    /// `≥`, `>`, ...
    pub op: String,
    pub unit: String,
    /// `per 100 g`, `per 100 ml`, `% of energy`, `mg per kcal`, `% DV per 30 g`, ...
    pub basis: String,
    pub reached: bool,
    /// Threshold minus amount, on the basis: how far below the limit (negative: above).
    pub headroom: f64,
    pub why: String,
    pub status: Status,
}

/// A number as explanations print it: at most two decimals, no trailing zeros.
pub fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}
