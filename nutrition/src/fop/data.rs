//! Front-of-pack schemes as data: one JSON file per scheme under `nutrition/data/fop/`,
//! embedded at compile time and checked once when first read. Every threshold carries the
//! law it comes from; a row or scheme we could not confirm says `"status": "unconfirmed"`
//! and the computed result repeats it.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::mark_size::SizeTable;

/// Every scheme file, by file name. A test checks the list against the directory.
pub(crate) static FILES: &[(&str, &str)] = &[
    (
        "ar.fop.oct.json",
        include_str!("../../data/fop/ar.fop.oct.json"),
    ),
    (
        "br.fop.lupa.json",
        include_str!("../../data/fop/br.fop.lupa.json"),
    ),
    (
        "ca.fop.h.bi.json",
        include_str!("../../data/fop/ca.fop.h.bi.json"),
    ),
    (
        "cl.fop.alto.json",
        include_str!("../../data/fop/cl.fop.alto.json"),
    ),
    (
        "co.fop.oct.json",
        include_str!("../../data/fop/co.fop.oct.json"),
    ),
    (
        "ec.fop.sem.json",
        include_str!("../../data/fop/ec.fop.sem.json"),
    ),
    (
        "eu.fop.nutriscore.json",
        include_str!("../../data/fop/eu.fop.nutriscore.json"),
    ),
    (
        "il.fop.red.json",
        include_str!("../../data/fop/il.fop.red.json"),
    ),
    (
        "lk.fop.solid.json",
        include_str!("../../data/fop/lk.fop.solid.json"),
    ),
    (
        "mx.fop.leg.json",
        include_str!("../../data/fop/mx.fop.leg.json"),
    ),
    (
        "mx.fop.oct.json",
        include_str!("../../data/fop/mx.fop.oct.json"),
    ),
    (
        "pe.fop.oct.json",
        include_str!("../../data/fop/pe.fop.oct.json"),
    ),
    (
        "sg.fop.ng.json",
        include_str!("../../data/fop/sg.fop.ng.json"),
    ),
    (
        "uk.fop.tl.json",
        include_str!("../../data/fop/uk.fop.tl.json"),
    ),
];

/// Whether a value was confirmed against the law's text (or our reference files).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ConfirmationStatus)]
pub enum Status {
    #[default]
    Confirmed,
    Unconfirmed,
}

/// What a scheme computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = FopSchemeKind)]
pub enum Kind {
    /// Seals/symbols/legends, each shown when its nutrient reaches a limit.
    Warning,
    /// A colour per nutrient from bands.
    TrafficLight,
    /// The Nutri-Score letter.
    Nutriscore,
    /// A letter grade from bands, the poorer nutrient winning (Nutri-Grade).
    Grade,
}

/// Whether the product is judged as a solid (per 100 g) or a liquid (per 100 ml).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum State {
    Solid,
    Liquid,
}

/// The quantity a rule looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    EnergyKcal,
    TotalFatG,
    SaturatedFatG,
    TransFatG,
    SodiumMg,
    SaltG,
    TotalSugarsG,
    AddedSugarsG,
    FreeSugarsG,
    /// Non-nutritive sweeteners present (a fact the recipe does not hold).
    Sweeteners,
    /// Added caffeine present.
    Caffeine,
}

impl Measure {
    /// kcal per gram, for the shares of energy (4 for sugars, 9 for fats).
    pub fn kcal_per_g(self) -> Option<f64> {
        match self {
            Self::TotalFatG | Self::SaturatedFatG | Self::TransFatG => Some(9.0),
            Self::TotalSugarsG | Self::AddedSugarsG | Self::FreeSugarsG => Some(4.0),
            _ => None,
        }
    }

    /// The unit of the amount itself.
    pub fn unit(self) -> &'static str {
        match self {
            Self::EnergyKcal => "kcal",
            Self::SodiumMg => "mg",
            Self::Sweeteners | Self::Caffeine => "",
            _ => "g",
        }
    }
}

/// How a rule's amount is expressed before it is compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// Per 100 g (solids) or per 100 ml (liquids).
    #[serde(rename = "per_100")]
    Per100,
    /// The nutrient's energy as a percentage of the product's energy.
    PctEnergy,
    /// kcal from the nutrient per 100 g/ml.
    Kcal,
    /// mg of the nutrient per kcal of the product.
    MgPerKcal,
    /// % of the daily value in the reference amount or serving, whichever is greater.
    PctDv,
    /// Present or not (legends).
    Present,
}

/// A comparison with a limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    Ge,
    Gt,
    Le,
    Lt,
}

impl Op {
    pub fn holds(self, amount: f64, limit: f64) -> bool {
        match self {
            Self::Ge => amount >= limit,
            Self::Gt => amount > limit,
            Self::Le => amount <= limit,
            Self::Lt => amount < limit,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Self::Ge => "≥",
            Self::Gt => ">",
            Self::Le => "≤",
            Self::Lt => "<",
        }
    }
}

/// One scheme file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scheme {
    /// Its id (FORMATS.md §4), e.g. `cl.fop.alto`.
    pub id: String,
    pub name: String,
    pub kind: Kind,
    /// ISO 3166-1 codes of the markets where it applies.
    pub markets: Vec<String>,
    /// Label formats (or FORMATS.md families) whose market this scheme belongs to.
    pub formats: Vec<String>,
    /// Mandatory in its market.
    pub required: bool,
    /// For a graded scheme that is mandatory only for some grades (Nutri-Grade C and D).
    #[serde(default)]
    pub mandatory_grades: Vec<String>,
    pub version: String,
    pub status: Status,
    pub citation: String,
    pub sources: Vec<String>,
    #[serde(default)]
    pub notes: Vec<String>,
    /// Printed above the marks (Canada "HIGH IN / ÉLEVÉ EN", Brazil "ALTO EM").
    #[serde(default)]
    pub heading: Option<String>,
    /// Printed under each mark (the authority: "MINISTERIO DE SALUD").
    #[serde(default)]
    pub footer: Option<String>,
    /// Printed under each mark's text (Peru "Evitar su consumo excesivo").
    #[serde(default)]
    pub subtext: Option<String>,
    /// Warning schemes: phases in force from their dates.
    #[serde(default)]
    pub phases: Vec<Phase>,
    /// Warning schemes on % DV: which % applies by reference amount and category.
    #[serde(default)]
    pub dv_variants: Vec<DvVariant>,
    #[serde(default)]
    pub exemptions: Vec<Exemption>,
    /// Traffic lights: bands per nutrient and state.
    #[serde(default)]
    pub bands: Vec<Band>,
    /// UK: the energy reference intake for energy's %RI (energy is not coloured).
    #[serde(default)]
    pub energy_ri_kcal: Option<f64>,
    /// Traffic lights: how the printed per-portion amounts are rounded.
    #[serde(default)]
    pub amount_rounding: Option<AmountRounding>,
    #[serde(default)]
    pub nutriscore: Option<NutriScoreSpec>,
    #[serde(default)]
    pub grade: Option<GradeSpec>,
    /// The marks' printed size by the package's principal display surface.
    #[serde(default)]
    pub mark_sizes: Option<SizeTable>,
}

/// How a traffic-light scheme rounds the amounts it prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AmountRounding {
    /// The EC guidance on tolerances (December 2012) table, as the EU and UK nutrition
    /// declarations round: energy to 1 kcal, fat and sugars, saturates, salt by their rows.
    #[serde(rename = "eu_2012")]
    Eu2012,
}

/// A phase of a warning scheme.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phase {
    pub id: String,
    /// ISO date the phase applies from; `null` when the date is unconfirmed (then the phase
    /// applies only when no dated phase does).
    pub from: Option<String>,
    pub status: Status,
    pub citation: String,
    /// Which of its rules apply to a product, by the critical nutrients added to it.
    #[serde(default)]
    pub evaluates: Evaluates,
    pub rules: Vec<Rule>,
}

/// Which rules of a phase apply, by what was added to the product (NOM-051, 4.5.3 and its
/// transitory provisions).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Evaluates {
    /// Every rule, whatever was added.
    #[default]
    All,
    /// Only the rules of the critical nutrients added (each rule's `added`): "if sodium is
    /// added, only sodium is evaluated"; nothing added, no rule.
    OwnAdded,
    /// Every rule once any critical nutrient is added; nothing added, no rule.
    AllOnceAdded,
}

/// One limit of a warning scheme. Rules sharing a `code` make one mark: any of them reached
/// shows it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    pub code: String,
    /// The nutrient as the explanation names it.
    pub nutrient: String,
    pub measure: Measure,
    pub basis: Basis,
    /// Only for this state; `None`: both.
    #[serde(default)]
    pub state: Option<State>,
    pub op: Op,
    pub threshold: f64,
    /// The threshold's unit as the explanation prints it.
    pub unit: String,
    /// The law's printed text; `None` where our references do not give it.
    #[serde(default)]
    pub text: Option<String>,
    /// For `pct_dv`: the daily value in the measure's unit.
    #[serde(default)]
    pub dv: Option<f64>,
    /// Overrides the phase's status for this row.
    #[serde(default)]
    pub status: Option<Status>,
    /// In a phase that [`Evaluates::OwnAdded`], the added critical nutrients that bring
    /// this rule in (energy: free sugars or fats).
    #[serde(default)]
    pub added: Vec<super::input::Added>,
    #[serde(default)]
    pub note: Option<String>,
}

/// Which % DV applies (Canada): the first variant whose conditions hold.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DvVariant {
    pub id: String,
    #[serde(default)]
    pub reference_amount_max_g: Option<f64>,
    #[serde(default)]
    pub reference_amount_min_g: Option<f64>,
    #[serde(default)]
    pub category: Option<String>,
    pub pct: f64,
    pub status: Status,
    pub citation: String,
}

/// A category the scheme does not apply to.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exemption {
    pub category: String,
    pub text: String,
    pub status: Status,
    pub citation: String,
}

/// A comparison with a limit, as data.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limit {
    pub op: Op,
    pub value: f64,
}

/// The per-portion red of the UK guide.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PortionRed {
    /// Applies to portions over this many g (foods) or ml (drinks).
    pub portion_over: f64,
    pub op: Op,
    pub value: f64,
}

/// A traffic-light nutrient: green when `green` holds, red when `red` holds, amber between.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    pub nutrient: String,
    pub measure: Measure,
    pub state: State,
    pub unit: String,
    pub green: Limit,
    pub red: Limit,
    #[serde(default)]
    pub portion_red: Option<PortionRed>,
    /// Reference intake for %RI.
    #[serde(default)]
    pub ri: Option<f64>,
    pub status: Status,
    pub citation: String,
}

/// Nutri-Score point tables: a component scores one point per threshold exceeded.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NutriScoreSpec {
    pub foods: NsFoods,
    pub fats: NsFats,
    pub beverages: NsBeverages,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NsFoods {
    pub energy_kj: Vec<f64>,
    pub sugars_g: Vec<f64>,
    pub saturated_fat_g: Vec<f64>,
    pub salt_g: Vec<f64>,
    pub protein_g: Vec<f64>,
    pub fibre_g: Vec<f64>,
    /// (share exceeded, points).
    pub fvl_pct: Vec<(f64, i32)>,
    pub protein_cap_red_meat: i32,
    pub protein_counted_below_negative: i32,
    /// (highest score, grade); above the last: "E".
    pub grades: Vec<(i32, String)>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NsFats {
    pub energy_from_saturates_kj: Vec<f64>,
    /// Saturates as % of total fat; a point per threshold reached (≥).
    pub saturates_ratio_pct: Vec<f64>,
    pub protein_counted_below_negative: i32,
    pub grades: Vec<(i32, String)>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NsBeverages {
    pub energy_kj: Vec<f64>,
    pub sugars_g: Vec<f64>,
    pub sweeteners_points: i32,
    pub protein_g: Vec<f64>,
    pub fvl_pct: Vec<(f64, i32)>,
    pub grades: Vec<(i32, String)>,
    pub water_grade: String,
}

/// Nutri-Grade bands: (highest amount, grade); above the last: `worst`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GradeSpec {
    pub state: State,
    pub sugars_g: Vec<(f64, String)>,
    pub saturated_fat_g: Vec<(f64, String)>,
    pub worst: String,
    pub sweetener_best: String,
}

/// Why a scheme file is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("front-of-pack data file {file}: {message}")]
pub struct SchemeDataError {
    pub file: String,
    pub message: String,
}

fn is_iso_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

impl Scheme {
    /// Parses and checks one file: its id matches its name, the parts its kind needs are
    /// there, dates are ISO dates, tables ascend.
    pub fn parse(file: &str, text: &str) -> Result<Self, SchemeDataError> {
        let err = |message: String| SchemeDataError {
            file: file.to_string(),
            message,
        };
        let s: Scheme = serde_json::from_str(text).map_err(|e| err(e.to_string()))?;
        if format!("{}.json", s.id) != file {
            return Err(err(format!("id {:?} does not match the file name", s.id)));
        }
        let needs = |ok: bool, what: &str| {
            if ok {
                Ok(())
            } else {
                Err(err(format!("a {:?} scheme needs {what}", s.kind)))
            }
        };
        match s.kind {
            Kind::Warning => needs(!s.phases.is_empty(), "phases")?,
            Kind::TrafficLight => needs(
                !s.bands.is_empty() || s.status == Status::Unconfirmed,
                "bands (or status unconfirmed)",
            )?,
            Kind::Nutriscore => needs(s.nutriscore.is_some(), "nutriscore")?,
            Kind::Grade => needs(s.grade.is_some(), "grade")?,
        }
        for p in &s.phases {
            if let Some(d) = &p.from {
                if !is_iso_date(d) {
                    return Err(err(format!("phase {}: {d:?} is not YYYY-MM-DD", p.id)));
                }
            }
            for r in &p.rules {
                if !r.threshold.is_finite() {
                    return Err(err(format!(
                        "phase {} rule {}: bad threshold",
                        p.id, r.code
                    )));
                }
                if p.evaluates == Evaluates::OwnAdded && r.added.is_empty() {
                    return Err(err(format!(
                        "phase {} rule {}: a phase evaluating only what was added needs each rule's `added`",
                        p.id, r.code
                    )));
                }
                if r.basis == Basis::PctDv && r.dv.is_none_or(|d| d <= 0.0) {
                    return Err(err(format!("rule {}: pct_dv needs a dv > 0", r.code)));
                }
                if r.basis == Basis::PctDv && s.dv_variants.is_empty() {
                    return Err(err(format!("rule {}: pct_dv needs dv_variants", r.code)));
                }
                if matches!(r.basis, Basis::PctEnergy | Basis::Kcal)
                    && r.measure.kcal_per_g().is_none()
                {
                    return Err(err(format!(
                        "rule {}: {:?} has no energy factor",
                        r.code, r.measure
                    )));
                }
            }
        }
        if let Some(t) = &s.mark_sizes {
            t.check().map_err(err)?;
        }
        for b in &s.bands {
            if b.green.value > b.red.value {
                return Err(err(format!("band {}: green above red", b.nutrient)));
            }
        }
        if let Some(ns) = &s.nutriscore {
            let ascending = |v: &[f64]| v.windows(2).all(|w| w[0] < w[1]);
            for (name, t) in [
                ("foods.energy_kj", &ns.foods.energy_kj),
                ("foods.sugars_g", &ns.foods.sugars_g),
                ("foods.saturated_fat_g", &ns.foods.saturated_fat_g),
                ("foods.salt_g", &ns.foods.salt_g),
                ("foods.protein_g", &ns.foods.protein_g),
                ("foods.fibre_g", &ns.foods.fibre_g),
                (
                    "fats.energy_from_saturates_kj",
                    &ns.fats.energy_from_saturates_kj,
                ),
                ("fats.saturates_ratio_pct", &ns.fats.saturates_ratio_pct),
                ("beverages.energy_kj", &ns.beverages.energy_kj),
                ("beverages.sugars_g", &ns.beverages.sugars_g),
                ("beverages.protein_g", &ns.beverages.protein_g),
            ] {
                if !ascending(t) {
                    return Err(err(format!("nutriscore.{name} does not ascend")));
                }
            }
        }
        Ok(s)
    }

    /// The phase in force on `date` (ISO `YYYY-MM-DD`): the latest dated phase that has
    /// started, else an undated one, else none (nothing in force yet).
    pub fn phase_on(&self, date: &str) -> Option<&Phase> {
        self.phases
            .iter()
            .filter(|p| p.from.as_deref().is_some_and(|f| f <= date))
            .max_by(|a, b| a.from.cmp(&b.from))
            .or_else(|| self.phases.iter().find(|p| p.from.is_none()))
    }
}

static SCHEMES: OnceLock<Result<Vec<Scheme>, SchemeDataError>> = OnceLock::new();

/// Every embedded scheme, sorted by id; an error names the broken file.
pub fn schemes() -> Result<&'static [Scheme], &'static SchemeDataError> {
    SCHEMES
        .get_or_init(|| {
            let mut all = FILES
                .iter()
                .map(|(file, text)| Scheme::parse(file, text))
                .collect::<Result<Vec<_>, _>>()?;
            all.sort_by(|a, b| a.id.cmp(&b.id));
            Ok(all)
        })
        .as_deref()
}

/// The scheme `id`, if embedded (and the data loads).
pub fn scheme(id: &str) -> Option<&'static Scheme> {
    schemes().ok()?.iter().find(|s| s.id == id)
}
