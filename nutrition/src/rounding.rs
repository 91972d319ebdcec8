//! Rounding rules, one function per rule, each named after its citation.
//!
//! Every function takes the UNROUNDED amount (per serving for the US, per 100 g or per portion
//! for the EU) in the unit its name or docs give, and rounds half up (LABEL_RULES, "How to
//! read": a value exactly halfway goes to the higher step). A tiny tolerance (1e-9 of a step)
//! absorbs binary representation error, so 2.35 g to the nearest 0.1 g gives 2.4 g.
//! The functions never panic; NaN comes back as NaN.
//!
//! Choices made where the rules allow options (see LABEL_RULES §1.2, §1.3, §3.5):
//! - calories < 5 → 0 (101.9(c)(1) "may be expressed as zero");
//! - cholesterol 2 to < 5 mg → "less than 5mg" (101.9(c)(3)); exactly 5 mg → 5 mg;
//! - protein 0.5 to < 1 g → "<1g" (the "less than 1 gram" option of 101.9(c)(7));
//! - vitamins/minerals: FDA guidance increments (RDI < 25 → 0.1, else → 1; whole mg also for
//!   RDI ≥ 250, as the regulation's sample label "Potassium 235mg", not the unconfirmed 10 mg);
//! - vitamin/mineral %DV < 2 % → 0 % (not the asterisk or omission), and the amount is then
//!   declared as 0 too (compute.rs), so amount and percent agree;
//! - EU "low amount" values: "0g" when the amount is exactly zero, else "<0.5g" / "<0.1g" /
//!   "<0.01g"; the number is 0 either way.

use crate::format::{PercentRounding, Rounding};

/// How a "less than" declaration is worded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessThanStyle {
    /// "less than 5mg" (the words of 101.9(c)(3)).
    Words,
    /// "<1g" (the usual print of "less than 1 gram").
    Sign,
}

/// A declared amount: the number and, for "less than" declarations, the bound and wording.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Declared {
    /// The declared number. For US "less than" declarations it is the bound (5 mg, 1 g); for
    /// EU low amounts it is 0.
    pub amount: f64,
    /// `Some` when the printed text is "less than" a bound.
    pub less_than: Option<(f64, LessThanStyle)>,
    /// Decimals the printed number keeps, trailing zeros included, where the rule's step is
    /// a decimal one (the EU guidance's 0.1 g step prints 1 g as "1.0g"); 0 prints the
    /// shortest text.
    pub decimals: usize,
}

impl Declared {
    /// A declaration of zero.
    pub fn zero() -> Self {
        Self::exact(0.0)
    }

    fn exact(amount: f64) -> Self {
        Self {
            amount,
            less_than: None,
            decimals: 0,
        }
    }

    /// `amount` printed with `decimals` decimals.
    fn stepped(amount: f64, decimals: usize) -> Self {
        Self {
            decimals,
            ..Self::exact(amount)
        }
    }

    fn less_than(amount: f64, bound: f64, style: LessThanStyle) -> Self {
        Self {
            amount,
            less_than: Some((bound, style)),
            decimals: 0,
        }
    }

    /// The printed text with `unit` appended without a space, e.g. `"4.5g"`, `"less than 5mg"`,
    /// `"<1g"`, `"240"` (US calories have no unit).
    pub fn text(&self, unit: &str) -> String {
        match self.less_than {
            None if self.decimals > 0 && self.amount != 0.0 => {
                format!("{:.*}{unit}", self.decimals, self.amount)
            }
            None => format!("{}{unit}", number(self.amount)),
            Some((bound, LessThanStyle::Words)) => format!("less than {}{unit}", number(bound)),
            Some((bound, LessThanStyle::Sign)) => format!("<{}{unit}", number(bound)),
        }
    }
}

/// Shortest decimal text of a rounded number (`5`, `4.5`, `0.31`); `-0` prints as `0`.
pub fn number(x: f64) -> String {
    if x == 0.0 {
        "0".to_string()
    } else {
        format!("{x}")
    }
}

/// `x` rounded half up to a multiple of `units / scale` (e.g. 5/10 = 0.5), computed so that the
/// result is the double nearest the decimal (0.3, not 0.30000000000000004).
fn half_up(x: f64, units: f64, scale: f64) -> f64 {
    let steps = x * scale / units;
    let k = (steps + 0.5 + 1e-9).floor();
    k * units / scale
}

/// `x` rounded half up to `figures` significant figures; 0 stays 0.
fn significant(x: f64, figures: u32) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let magnitude = x.abs().log10().floor() as i32;
    let decimals = figures as i32 - 1 - magnitude;
    if decimals >= 0 {
        half_up(x, 1.0, 10f64.powi(decimals))
    } else {
        half_up(x, 10f64.powi(-decimals), 1.0)
    }
}

// ---------------------------------------------------------------- US, 21 CFR 101.9

/// Calories (kcal per serving), 21 CFR 101.9(c)(1): < 5 → 0 (chosen option); ≤ 50 → nearest
/// 5; > 50 → nearest 10.
pub fn cfr_101_9_c_1_calories(kcal: f64) -> Declared {
    Declared::exact(if kcal < 5.0 {
        0.0
    } else if kcal <= 50.0 {
        half_up(kcal, 5.0, 1.0)
    } else {
        half_up(kcal, 10.0, 1.0)
    })
}

/// Total, saturated, trans, mono- and polyunsaturated fat (g per serving), 21 CFR 101.9(c)(2):
/// < 0.5 g → 0; < 5 g → nearest 0.5 g; ≥ 5 g → nearest 1 g.
pub fn cfr_101_9_c_2_fat(g: f64) -> Declared {
    Declared::exact(if g < 0.5 {
        0.0
    } else if g < 5.0 {
        half_up(g, 5.0, 10.0)
    } else {
        half_up(g, 1.0, 1.0)
    })
}

/// Cholesterol (mg per serving), 21 CFR 101.9(c)(3): < 2 mg → 0; 2 to < 5 mg → "less than
/// 5mg" (chosen option; the number is 5); ≥ 5 mg → nearest 5 mg.
pub fn cfr_101_9_c_3_cholesterol(mg: f64) -> Declared {
    if mg < 2.0 {
        Declared::exact(0.0)
    } else if mg < 5.0 {
        Declared::less_than(5.0, 5.0, LessThanStyle::Words)
    } else {
        Declared::exact(half_up(mg, 5.0, 1.0))
    }
}

/// Sodium (mg per serving), 21 CFR 101.9(c)(4): < 5 mg → 0; 5 to 140 mg → nearest 5 mg;
/// > 140 mg → nearest 10 mg.
pub fn cfr_101_9_c_4_sodium(mg: f64) -> Declared {
    Declared::exact(if mg < 5.0 {
        0.0
    } else if mg <= 140.0 {
        half_up(mg, 5.0, 1.0)
    } else {
        half_up(mg, 10.0, 1.0)
    })
}

/// Total carbohydrate, dietary fiber, total sugars, sugar alcohols (g per serving),
/// 21 CFR 101.9(c)(6): < 0.5 g → 0; < 1 g → "<1g" (the number is 1); ≥ 1 g → nearest 1 g.
pub fn cfr_101_9_c_6_carbohydrate(g: f64) -> Declared {
    if g < 0.5 {
        Declared::exact(0.0)
    } else if g < 1.0 {
        Declared::less_than(1.0, 1.0, LessThanStyle::Sign)
    } else {
        Declared::exact(half_up(g, 1.0, 1.0))
    }
}

/// Added sugars (g per serving), 21 CFR 101.9(c)(6)(iii): < 0.5 g → 0; < 1 g → "<1g";
/// ≥ 1 g → nearest 1 g.
pub fn cfr_101_9_c_6_iii_added_sugars(g: f64) -> Declared {
    cfr_101_9_c_6_carbohydrate(g)
}

/// Protein (g per serving), 21 CFR 101.9(c)(7): < 0.5 g → 0; 0.5 to < 1 g → "<1g" (chosen
/// over "1 g"; the number is 1); ≥ 1 g → nearest 1 g.
pub fn cfr_101_9_c_7_protein(g: f64) -> Declared {
    cfr_101_9_c_6_carbohydrate(g)
}

/// Vitamins and minerals (per serving, in the RDI's unit), 21 CFR 101.9(c)(8)(ii) with the
/// FDA guidance increments: RDI < 25 → nearest 0.1; RDI ≥ 25 → nearest 1. For RDI ≥ 250
/// (calcium, potassium) whole units are kept rather than the unconfirmed 10 mg guidance step:
/// the regulation's own sample label (101.9(d)(8)) prints "Potassium 235mg".
pub fn cfr_101_9_c_8_ii_vitamin_mineral(amount: f64, rdi: f64) -> Declared {
    Declared::exact(if rdi < 25.0 {
        half_up(amount, 1.0, 10.0)
    } else {
        half_up(amount, 1.0, 1.0)
    })
}

/// %DV of a nutrient with a DRV (fat, saturated fat, cholesterol, sodium, carbohydrate, fiber,
/// added sugars, protein), 21 CFR 101.9(d)(7)(ii): nearest whole percent.
pub fn cfr_101_9_d_7_ii_percent_dv(percent: f64) -> f64 {
    half_up(percent, 1.0, 1.0)
}

/// %DV of a vitamin or mineral, 21 CFR 101.9(c)(8)(iii): < 2 % → 0 (chosen option); 2 % up to
/// and including 10 % → nearest 2 %; > 10 % up to and including 50 % → nearest 5 %;
/// > 50 % → nearest 10 %.
pub fn cfr_101_9_c_8_iii_percent_dv(percent: f64) -> f64 {
    if percent < 2.0 {
        0.0
    } else if percent <= 10.0 {
        half_up(percent, 2.0, 1.0)
    } else if percent <= 50.0 {
        half_up(percent, 5.0, 1.0)
    } else {
        half_up(percent, 10.0, 1.0)
    }
}

/// Servings per container, 21 CFR 101.9(b)(8): returns the rounded number and its printed
/// text. Below 2 servings → nearest whole number, never less than 1 (a package under 200 % of
/// the RACC is one serving, 101.9(b)(6)); 2 to 5 servings → nearest 0.5; above 5 → nearest
/// whole number; "about" when rounding changed the value (LABEL_RULES §1.2 notes).
pub fn cfr_101_9_b_8_servings_per_container(servings: f64) -> (f64, String) {
    let rounded = if (2.0..=5.0).contains(&servings) {
        half_up(servings, 5.0, 10.0)
    } else {
        half_up(servings, 1.0, 1.0).max(1.0)
    };
    (rounded, about_text(servings, rounded))
}

/// Portions per pack where the regime has no rule of its own: 1169/2011 Art. 33(1) asks that
/// "the number of portions or units contained in the package is stated", and sets no rounding
/// and no "about" (an English word besides, on labels in every language). The number is
/// printed as given, at most two decimals (a display precision, not a rule).
pub fn portions_per_pack(servings: f64) -> (f64, String) {
    let shown = half_up(servings, 1.0, 100.0);
    (shown, number(shown))
}

fn about_text(servings: f64, rounded: f64) -> String {
    if (rounded - servings).abs() < 1e-9 {
        number(rounded)
    } else {
        format!("about {}", number(rounded))
    }
}

// ---------------------------------------------------------------- EU, 2012 guidance

/// Energy (kJ or kcal, per 100 g or portion), EC guidance on tolerances (Dec 2012):
/// nearest 1 kJ / 1 kcal.
pub fn eu_guidance_2012_energy(energy: f64) -> Declared {
    Declared::exact(half_up(energy, 1.0, 1.0))
}

/// Fat, carbohydrate, sugars, protein, fibre, polyols, starch (g), EC guidance (Dec 2012):
/// ≥ 10 g → nearest 1 g; > 0.5 g → nearest 0.1 g; ≤ 0.5 g → 0 ("<0.5g" unless exactly 0).
pub fn eu_guidance_2012_macronutrient(g: f64) -> Declared {
    eu_low_amount(g, 0.5, 0.5, 10.0, 1.0, 10.0)
}

/// Saturates, mono- and polyunsaturates (g), EC guidance (Dec 2012): ≥ 10 g → nearest 1 g;
/// > 0.1 g → nearest 0.1 g; ≤ 0.1 g → 0 ("<0.1g" unless exactly 0).
pub fn eu_guidance_2012_saturates(g: f64) -> Declared {
    eu_low_amount(g, 0.1, 0.1, 10.0, 1.0, 10.0)
}

/// Sodium (g), EC guidance (Dec 2012): ≥ 1 g → nearest 0.1 g; > 0.005 g → nearest 0.01 g;
/// ≤ 0.005 g → 0 ("<0.01g" unless exactly 0).
pub fn eu_guidance_2012_sodium(g: f64) -> Declared {
    eu_low_amount(g, 0.005, 0.01, 1.0, 10.0, 100.0)
}

/// Salt (g), EC guidance (Dec 2012): ≥ 1 g → nearest 0.1 g; > 0.0125 g → nearest 0.01 g;
/// ≤ 0.0125 g → 0 ("<0.01g" unless exactly 0).
pub fn eu_guidance_2012_salt(g: f64) -> Declared {
    eu_low_amount(g, 0.0125, 0.01, 1.0, 10.0, 100.0)
}

/// Vitamins and minerals, EC guidance (Dec 2012): 3 significant figures for vitamin A, folic
/// acid, chloride, calcium, phosphorus, magnesium, iodine, potassium; 2 for the others.
pub fn eu_guidance_2012_vitamin_mineral(amount: f64, significant_figures: u32) -> Declared {
    Declared::exact(significant(amount, significant_figures))
}

/// The EU table's shape: at or below `low` the amount is 0 (printed "<`bound`"), at or above
/// `coarse_from` a step of 1/`coarse_scale`, in between a step of 1/`fine_scale`.
fn eu_low_amount(
    x: f64,
    low: f64,
    bound: f64,
    coarse_from: f64,
    coarse_scale: f64,
    fine_scale: f64,
) -> Declared {
    if x <= low {
        if x > 0.0 {
            Declared::less_than(0.0, bound, LessThanStyle::Sign)
        } else {
            Declared::exact(0.0)
        }
    } else if x >= coarse_from {
        Declared::stepped(half_up(x, 1.0, coarse_scale), decimals_of(coarse_scale))
    } else {
        let fine = half_up(x, 1.0, fine_scale);
        // 9.96 g is 10.0 g at the fine step: printed at the coarse one, "10g".
        if fine >= coarse_from {
            Declared::stepped(half_up(fine, 1.0, coarse_scale), decimals_of(coarse_scale))
        } else {
            Declared::stepped(fine, decimals_of(fine_scale))
        }
    }
}

/// The decimals of a step of 1/`scale` (10 → 1, 100 → 2, 1 → 0).
fn decimals_of(scale: f64) -> usize {
    scale.log10().round().max(0.0) as usize
}

// ---------------------------------------------------------------- Canada, FDR B.01.401

// Column 4 of the table to B.01.401 (C.R.C., c. 870, consolidated 2026-06-15; the text is
// read from Justice Canada's official XML of the regulation). Where the column rounds a small amount to
// "0" only if the "free of" conditions of the Table of Permitted Nutrient Content Statements
// and Claims are met (energy, fat, saturated and trans fat, cholesterol, sodium), those
// conditions are not in the regulation's text we hold: the "otherwise" branch applies, which
// is always what the column permits. Ties go up, as everywhere in this file (the FDR sets no
// tie rule).

/// Item 1, the serving of stated size expressed in a metric unit (g or mL), column 4(1):
/// less than 10 → nearest 0.1; 10 or more → nearest 1.
pub fn ca_fdr_b01_401_item_1_serving(metric: f64) -> f64 {
    if metric < 10.0 {
        half_up(metric, 1.0, 10.0)
    } else {
        half_up(metric, 1.0, 1.0)
    }
}

/// Item 2, energy (Calories): < 5 → nearest 1 Calorie; 5 to 50 → nearest 5; > 50 → nearest 10.
pub fn ca_fdr_b01_401_energy(kcal: f64) -> Declared {
    Declared::exact(if kcal < 5.0 {
        half_up(kcal, 1.0, 1.0)
    } else if kcal <= 50.0 {
        half_up(kcal, 5.0, 1.0)
    } else {
        half_up(kcal, 10.0, 1.0)
    })
}

/// Items 3-5, fat, saturated and trans fatty acids (g): < 0.5 → nearest 0.1 g; 0.5 to 5 →
/// nearest 0.5 g; > 5 → nearest 1 g.
pub fn ca_fdr_b01_401_fat(g: f64) -> Declared {
    Declared::exact(if g < 0.5 {
        half_up(g, 1.0, 10.0)
    } else if g <= 5.0 {
        half_up(g, 5.0, 10.0)
    } else {
        half_up(g, 1.0, 1.0)
    })
}

/// Item 7, cholesterol (mg): nearest 5 mg.
pub fn ca_fdr_b01_401_cholesterol(mg: f64) -> Declared {
    Declared::exact(half_up(mg, 5.0, 1.0))
}

/// Item 8, sodium (mg): < 5 → nearest 1 mg; 5 to 140 → nearest 5 mg; > 140 → nearest 10 mg.
pub fn ca_fdr_b01_401_sodium(mg: f64) -> Declared {
    Declared::exact(if mg < 5.0 {
        half_up(mg, 1.0, 1.0)
    } else if mg <= 140.0 {
        half_up(mg, 5.0, 1.0)
    } else {
        half_up(mg, 10.0, 1.0)
    })
}

/// Items 9-11, carbohydrate, fibre, sugars (g): < 0.5 → "0 g"; else nearest 1 g.
pub fn ca_fdr_b01_401_carbohydrate(g: f64) -> Declared {
    Declared::exact(if g < 0.5 { 0.0 } else { half_up(g, 1.0, 1.0) })
}

/// Item 12, protein (g): < 0.5 → nearest 0.1 g; else nearest 1 g (no "0" rule).
pub fn ca_fdr_b01_401_protein(g: f64) -> Declared {
    Declared::exact(if g < 0.5 {
        half_up(g, 1.0, 10.0)
    } else {
        half_up(g, 1.0, 1.0)
    })
}

/// Items 13-14, potassium and calcium (mg): < 5 → "0 mg"; 5 to less than 50 → nearest 10 mg;
/// 50 to less than 250 → nearest 25 mg; 250 or more → nearest 50 mg.
pub fn ca_fdr_b01_401_potassium_calcium(mg: f64) -> Declared {
    Declared::exact(if mg < 5.0 {
        0.0
    } else if mg < 50.0 {
        half_up(mg, 10.0, 1.0)
    } else if mg < 250.0 {
        half_up(mg, 25.0, 1.0)
    } else {
        half_up(mg, 50.0, 1.0)
    })
}

/// Item 15, iron (mg): < 0.05 → "0 mg"; 0.05 to less than 0.5 → nearest 0.1 mg; 0.5 to less
/// than 2.5 → nearest 0.25 mg; 2.5 or more → nearest 0.5 mg.
pub fn ca_fdr_b01_401_iron(mg: f64) -> Declared {
    Declared::exact(if mg < 0.05 {
        0.0
    } else if mg < 0.5 {
        half_up(mg, 1.0, 10.0)
    } else if mg < 2.5 {
        half_up(mg, 25.0, 100.0)
    } else {
        half_up(mg, 5.0, 10.0)
    })
}

/// Item 6, the sum of saturated and trans fatty acids (g): column 3 expresses it only as a
/// percentage of its daily value, so it has no rounding of its own. The sum of two declared
/// amounts (multiples of 0.1 g) is kept at 0.1 g to shed binary noise (0.1 + 0.2).
pub fn ca_fdr_b01_401_item_6_sum(g: f64) -> Declared {
    Declared::exact(half_up(g, 1.0, 10.0))
}

// ---------------------------------------------------------------- FSANZ

/// FSANZ Standard 1.2.8—7(3): average quantities "to not more than 3 significant figures"
/// (a provision of the Code, as the compilation of March 2025 reads; earlier references
/// took it for the User Guide's advice only). Half up, as everywhere here.
/// LABEL_RULES.md §8.8: 1 523.6 kJ → 1 520 kJ; 45.67 mg → 45.7 mg.
pub fn fsanz_user_guide_3_significant_figures(amount: f64) -> Declared {
    Declared::exact(significant(amount, 3))
}

// ---------------------------------------------------------------- no rule

/// Where the format's law sets no rounding (CXG 2-1985 gives none): the amount at a display
/// precision of `decimals` (half up). Not a rule of any law; the format's notes say so.
pub fn display_precision(amount: f64, decimals: u32) -> Declared {
    Declared::exact(half_up(amount, 1.0, 10f64.powi(decimals as i32)))
}

// ---------------------------------------------------------------- dispatch

/// Applies `rule` to the unrounded `amount`.
pub fn apply(rule: Rounding, amount: f64) -> Declared {
    match rule {
        Rounding::Cfr101_9C1Calories => cfr_101_9_c_1_calories(amount),
        Rounding::Cfr101_9C2Fat => cfr_101_9_c_2_fat(amount),
        Rounding::Cfr101_9C3Cholesterol => cfr_101_9_c_3_cholesterol(amount),
        Rounding::Cfr101_9C4Sodium => cfr_101_9_c_4_sodium(amount),
        Rounding::Cfr101_9C6Carbohydrate => cfr_101_9_c_6_carbohydrate(amount),
        Rounding::Cfr101_9C6IiiAddedSugars => cfr_101_9_c_6_iii_added_sugars(amount),
        Rounding::Cfr101_9C7Protein => cfr_101_9_c_7_protein(amount),
        Rounding::Cfr101_9C8IiVitaminMineral { rdi } => {
            cfr_101_9_c_8_ii_vitamin_mineral(amount, rdi)
        }
        Rounding::Eu2012Energy => eu_guidance_2012_energy(amount),
        Rounding::Eu2012Macronutrient => eu_guidance_2012_macronutrient(amount),
        Rounding::Eu2012Saturates => eu_guidance_2012_saturates(amount),
        Rounding::Eu2012Sodium => eu_guidance_2012_sodium(amount),
        Rounding::Eu2012Salt => eu_guidance_2012_salt(amount),
        Rounding::Eu2012VitaminMineral {
            significant_figures,
        } => eu_guidance_2012_vitamin_mineral(amount, significant_figures),
        Rounding::Fsanz3SignificantFigures => fsanz_user_guide_3_significant_figures(amount),
        Rounding::CaFdrEnergy => ca_fdr_b01_401_energy(amount),
        Rounding::CaFdrFat => ca_fdr_b01_401_fat(amount),
        Rounding::CaFdrCholesterol => ca_fdr_b01_401_cholesterol(amount),
        Rounding::CaFdrSodium => ca_fdr_b01_401_sodium(amount),
        Rounding::CaFdrCarbohydrate => ca_fdr_b01_401_carbohydrate(amount),
        Rounding::CaFdrProtein => ca_fdr_b01_401_protein(amount),
        Rounding::CaFdrPotassiumCalcium => ca_fdr_b01_401_potassium_calcium(amount),
        Rounding::CaFdrIron => ca_fdr_b01_401_iron(amount),
        Rounding::CaFdrSum => ca_fdr_b01_401_item_6_sum(amount),
        Rounding::DisplayPrecision { decimals } => display_precision(amount, decimals),
    }
}

/// Rounds a raw percentage by `rule`; `None` when the rule shows no percentage.
pub fn apply_percent(rule: PercentRounding, percent: f64) -> Option<f64> {
    match rule {
        PercentRounding::None => None,
        PercentRounding::WholePercent => Some(cfr_101_9_d_7_ii_percent_dv(percent)),
        PercentRounding::VitaminMineral => Some(cfr_101_9_c_8_iii_percent_dv(percent)),
    }
}
