//! What a package allows and requires of a US label (21 CFR 101.9(b)(6), (b)(12), (d)(11)(iii),
//! (e)(6), (j)(13)): from the package's net quantity against its category's reference amount
//! (21 CFR 101.12(b), [`crate::racc`]) and the area (and, optionally, the continuous vertical
//! space) it has for the label. Pure: the caller gives the facts, this says which layouts the
//! package may use, which it must, and why, in FDA's order of preference.

use serde::{Deserialize, Serialize};

use crate::racc::{self, RaccUnit};

/// The package as a request describes it; every field optional.
///
/// With it the label carries `package`: which US layouts the package may use and must
/// use, per 21 CFR 101.9(b)(6), (b)(12)(i), (e)(6), (d)(11)(iii) and (j)(13). Unknown
/// category or a non-positive number: 400 `validation_failed` naming `package.<field>`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Package {
    /// Total surface area available to bear labeling, square inches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(exclusive_minimum = 0, maximum = 100000)]
    pub label_area_in2: Option<f64>,
    /// Continuous vertical space available for the label, inches (101.9(d)(11)(iii)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(exclusive_minimum = 0, maximum = 1000)]
    pub vertical_space_in: Option<f64>,
    /// A category id of the RACC table of 21 CFR 101.12(b), table 2
    /// (`nutrition/data/racc.json`), e.g. `bakery.cookies`; its reference amount is also
    /// the RACC claims use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub racc_category: Option<String>,
    /// Net quantity of the package, grams (categories whose RACC is in grams).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(exclusive_minimum = 0, maximum = 10000000)]
    pub net_quantity_g: Option<f64>,
    /// Net quantity of the package, millilitres (categories whose RACC is in mL).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(exclusive_minimum = 0, maximum = 10000000)]
    pub net_quantity_ml: Option<f64>,
}

/// Why a package description is refused; the message names the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct PackageError {
    /// The offending field, e.g. `package.racc_category`.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl Package {
    /// Checks numbers and the category id.
    pub fn validate(&self) -> Result<(), PackageError> {
        let positive = |name: &str, v: Option<f64>, max: f64| match v {
            Some(x) if !(x.is_finite() && x > 0.0 && x <= max) => Err(PackageError {
                field: format!("package.{name}"),
                message: format!("must be a number greater than 0 and at most {max}"),
            }),
            _ => Ok(()),
        };
        positive("label_area_in2", self.label_area_in2, 100_000.0)?;
        positive("vertical_space_in", self.vertical_space_in, 1_000.0)?;
        positive("net_quantity_g", self.net_quantity_g, 10_000_000.0)?;
        positive("net_quantity_ml", self.net_quantity_ml, 10_000_000.0)?;
        if let Some(id) = &self.racc_category {
            if racc::category(id).is_none() {
                return Err(PackageError {
                    field: "package.racc_category".into(),
                    message: format!(
                        "unknown RACC category {:?} (21 CFR 101.12(b) table 2 ids, e.g. \
                         \"bakery.cookies\")",
                        id.chars().take(60).collect::<String>()
                    ),
                });
            }
        }
        Ok(())
    }

    /// The category's RACC in grams, when the package names a category whose RACC is in
    /// grams (claims use it, 21 CFR 101.13).
    pub fn racc_g(&self) -> Option<f64> {
        let c = racc::category(self.racc_category.as_deref()?)?;
        (c.unit? == RaccUnit::G).then_some(c.value?)
    }
}

/// How a layout stands for a package.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Use {
    /// The package must use this layout (or another `required` one).
    Required,
    /// The package may use it.
    Allowed,
    /// The package may use it, but the law does not ask for it.
    Voluntary,
    /// The package may not use it.
    NotAllowed,
}

/// One layout's standing, with the rule that sets it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutUse {
    /// The format id (FORMATS.md §4), e.g. `us.v.dual-pkg`.
    pub format: String,
    /// Its standing.
    #[serde(rename = "use")]
    pub standing: Use,
    /// The paragraph that sets it.
    pub citation: String,
    /// Why, in a sentence.
    pub reason: String,
}

/// The reference amount the package was measured against.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaccUsed {
    /// The category id.
    pub category: String,
    /// Its RACC, in `unit`.
    pub value: f64,
    /// `g` or `mL`.
    pub unit: String,
    /// The table row's citation.
    pub citation: String,
}

/// What the label JSON says of the package (`package` in the label object).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackageReport {
    /// The package as described.
    pub given: Package,
    /// The RACC used, when the category has a numeric one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub racc: Option<RaccUsed>,
    /// Net quantity as a percentage of the RACC, when both are known in the same unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent_of_racc: Option<f64>,
    /// Every US layout of FDA's order of preference with its standing.
    pub layouts: Vec<LayoutUse>,
    /// The format ids the package may use, in FDA's order of preference (required ones
    /// first).
    pub allowed_formats: Vec<String>,
    /// The format ids of which the package must use one (empty: no layout is required).
    pub required_formats: Vec<String>,
    /// The format `us.auto` picked, when the label was asked for in `us.auto`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen: Option<String>,
    /// Whether the whole package is one serving (under 200 % of the RACC, 101.9(b)(6)).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub single_serving: bool,
    /// Whether the package may omit nutrition labeling under the small-package exemption
    /// (less than 12 in² and no claims, 101.9(j)(13)(i)); the food's claims decide.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub small_package_exemption_possible: bool,
}

/// FDA's layouts in order of preference: the standard vertical display (101.9(d)), the
/// tabular display where the vertical one does not fit (101.9(d)(11)(iii)), the linear one
/// where neither fits (101.9(j)(13)(ii)(A)(2)).
pub const VERTICAL: &str = "us.v";
/// The dual-column vertical display per serving and per container (101.9(b)(12)(i)).
pub const DUAL_PKG: &str = "us.v.dual-pkg";
/// The tabular display.
pub const TABULAR: &str = "us.tab";
/// The linear display.
pub const LINEAR: &str = "us.lin";
/// The id that asks for the first allowed layout.
pub const AUTO: &str = "us.auto";

/// A package holds a single serving under this percentage of its RACC (101.9(b)(6)); from it
/// up to and including [`DUAL_MAX_PERCENT`] it bears the dual-column label (101.9(b)(12)(i)).
pub const DUAL_MIN_PERCENT: f64 = 200.0;
/// See [`DUAL_MIN_PERCENT`].
pub const DUAL_MAX_PERCENT: f64 = 300.0;
/// A package with at most this area available for labeling may use the small-package
/// displays: tabular, and linear where neither vertical nor tabular fits (101.9(j)(13)(ii)(A);
/// LABEL_RULES §1.6).
pub const SMALL_AREA_IN2: f64 = 40.0;
/// Under this area a package without claims may omit the label (101.9(j)(13)(i)).
pub const EXEMPT_AREA_IN2: f64 = 12.0;
/// About this much continuous vertical space is needed for the vertical display up to and
/// including potassium; with less, the tabular display may be used (101.9(d)(11)(iii),
/// "approximately 3 inches").
pub const VERTICAL_SPACE_IN: f64 = 3.0;

/// Tolerance for percentage comparisons (200 % exactly is dual, 199.9999999 % is not).
const EPS: f64 = 1e-9;

/// The standing of each layout for `package`.
pub fn assess(package: &Package) -> PackageReport {
    let category = package.racc_category.as_deref().and_then(racc::category);
    let racc = category.and_then(|c| {
        Some(RaccUsed {
            category: c.id.clone(),
            value: c.value?,
            unit: c.unit?.as_str().to_string(),
            citation: c.citation.clone(),
        })
    });
    let percent_of_racc = category.and_then(|c| {
        let net = match c.unit? {
            RaccUnit::G => package.net_quantity_g?,
            RaccUnit::Ml => package.net_quantity_ml?,
        };
        Some(net / c.value? * 100.0)
    });
    let area = package.label_area_in2;
    let small = area.is_some_and(|a| a <= SMALL_AREA_IN2 + EPS);
    let short = package
        .vertical_space_in
        .is_some_and(|h| h < VERTICAL_SPACE_IN - EPS);

    let mut layouts = Vec::new();
    let mut push = |format: &str, standing: Use, citation: &str, reason: String| {
        layouts.push(LayoutUse {
            format: format.to_string(),
            standing,
            citation: citation.to_string(),
            reason,
        })
    };

    // Per serving and per container (dual column).
    let single_serving = percent_of_racc.is_some_and(|p| p < DUAL_MIN_PERCENT - EPS);
    let dual_band = percent_of_racc
        .is_some_and(|p| (DUAL_MIN_PERCENT - EPS..=DUAL_MAX_PERCENT + EPS).contains(&p));
    let dual = match percent_of_racc {
        None => None,
        Some(p) if p < DUAL_MIN_PERCENT - EPS => Some((
            Use::NotAllowed,
            "21 CFR 101.9(b)(6)",
            format!(
                "the package holds {} % of the RACC, under 200 %: it is one serving and \
                 declares one column",
                percent_text(p)
            ),
        )),
        Some(p) if dual_band && (small || short) => Some((
            Use::Allowed,
            "21 CFR 101.9(b)(12)(i)",
            format!(
                "the package holds {} % of the RACC (200 % to 300 %); a package eligible for \
                 the small-package or tabular displays is exempt from the dual-column \
                 requirement (LABEL_RULES §1.6)",
                percent_text(p)
            ),
        )),
        Some(p) if dual_band => Some((
            Use::Required,
            "21 CFR 101.9(b)(12)(i)",
            format!(
                "the package holds {} % of the RACC (200 % to 300 %): when it can be consumed \
                 in one eating occasion it declares per serving and per container",
                percent_text(p)
            ),
        )),
        Some(p) => Some((
            Use::Voluntary,
            "21 CFR 101.9(e)(6)",
            format!(
                "the package holds {} % of the RACC, over 300 %: a column per container may \
                 be added voluntarily",
                percent_text(p)
            ),
        )),
    };

    // Vertical.
    let vertical = if short {
        (
            Use::NotAllowed,
            "21 CFR 101.9(d)(11)(iii)",
            "the package lacks about 3 in of continuous vertical space for the vertical display"
                .to_string(),
        )
    } else {
        (
            Use::Allowed,
            "21 CFR 101.9(d)",
            "the standard vertical display".to_string(),
        )
    };
    // Tabular.
    let tabular = if short || small {
        (
            Use::Allowed,
            if short {
                "21 CFR 101.9(d)(11)(iii)"
            } else {
                "21 CFR 101.9(j)(13)(ii)(A)"
            },
            if short {
                "the vertical display does not fit the package's vertical space".to_string()
            } else {
                "the package has 40 in² or less available for labeling".to_string()
            },
        )
    } else if area.is_some() || package.vertical_space_in.is_some() {
        (
            Use::NotAllowed,
            "21 CFR 101.9(d)(11)(iii)",
            "the vertical display fits; the tabular one is for packages without the vertical \
             space"
                .to_string(),
        )
    } else {
        (
            Use::Allowed,
            "21 CFR 101.9(d)(11)(iii)",
            "only when the package lacks about 3 in of continuous vertical space (give \
             package.vertical_space_in to decide)"
                .to_string(),
        )
    };
    // Linear.
    let linear = if small {
        (
            Use::Allowed,
            "21 CFR 101.9(j)(13)(ii)(A)(2)",
            "the package has 40 in² or less available for labeling; linear only when its shape \
             or size cannot hold the vertical or tabular display"
                .to_string(),
        )
    } else {
        (
            Use::NotAllowed,
            "21 CFR 101.9(j)(13)(ii)(A)(2)",
            match area {
                Some(_) => "the package has more than 40 in² available for labeling".to_string(),
                None => "only for packages with 40 in² or less available for labeling (give \
                         package.label_area_in2)"
                    .to_string(),
            },
        )
    };

    // FDA's order: a required dual column first, then vertical, a voluntary dual column,
    // tabular, linear.
    if let Some((u, c, r)) = &dual {
        if *u == Use::Required {
            push(DUAL_PKG, *u, c, r.clone());
        }
    }
    let (u, c, r) = vertical;
    // A required dual column replaces the single-column vertical display.
    let vertical_use = if dual.as_ref().is_some_and(|d| d.0 == Use::Required) {
        Use::NotAllowed
    } else {
        u
    };
    let vertical_reason = if vertical_use == Use::NotAllowed && u != Use::NotAllowed {
        "the package must declare per serving and per container (dual column)".to_string()
    } else {
        r
    };
    push(VERTICAL, vertical_use, c, vertical_reason);
    if let Some((u, c, r)) = &dual {
        if *u != Use::Required {
            push(DUAL_PKG, *u, c, r.clone());
        }
    }
    push(TABULAR, tabular.0, tabular.1, tabular.2);
    push(LINEAR, linear.0, linear.1, linear.2);

    let required_formats: Vec<String> = layouts
        .iter()
        .filter(|l| l.standing == Use::Required)
        .map(|l| l.format.clone())
        .collect();
    let allowed_formats = layouts
        .iter()
        .filter(|l| l.standing != Use::NotAllowed)
        .map(|l| l.format.clone())
        .collect();
    PackageReport {
        given: package.clone(),
        racc,
        percent_of_racc,
        layouts,
        allowed_formats,
        required_formats,
        chosen: None,
        single_serving,
        small_package_exemption_possible: area.is_some_and(|a| a < EXEMPT_AREA_IN2 - EPS),
    }
}

/// The format `us.auto` picks for `report`: the first required one that `available` knows,
/// or `None` when it knows none of them; with no required layout, the first allowed (not
/// voluntary) one it knows, in FDA's order of preference.
/// `available` says whether a format id is in the catalog (and usable by the caller).
pub fn choose(report: &PackageReport, available: impl Fn(&str) -> bool) -> Option<String> {
    let pick = |standing: Use| {
        report
            .layouts
            .iter()
            .filter(|l| l.standing == standing)
            .map(|l| l.format.as_str())
            .find(|f| available(f))
            .map(str::to_string)
    };
    if report.required_formats.is_empty() {
        pick(Use::Allowed)
    } else {
        // The law asks for one of these; nothing else will do.
        pick(Use::Required)
    }
}

/// A percentage as printed in a reason: at most one decimal.
fn percent_text(p: f64) -> String {
    crate::rounding::number((p * 10.0).round() / 10.0)
}
