//! Nutrient content claims (21 CFR 101.13, 101.54, 101.60–101.62; LABEL_RULES §2) a US-family
//! label qualifies for. Individual-food criteria only (not meals or main dishes); claims that
//! need facts the engine does not have (reference foods for "reduced", ingredient lists for
//! "no added sugar", PDCAAS for protein) are not made.
//!
//! Amounts are the unrounded ones. "Per RACC" uses `racc_g`, the reference amount of
//! 21 CFR 101.12(b): without one no claim is judged ([`RACC_NEEDED`]), since 101.13 measures
//! every claim per reference amount and a labeled serving is not one; "per LS" is the labeled
//! serving; the "+50 g" test of small reference amounts (≤ 30 g) applies whenever the
//! reference amount used is ≤ 30 g. Where several claims of one kind qualify only the strongest
//! is returned (free > very low > low; high > good source). The levels are data
//! (`nutrition/data/claims.json`, [`rules`]).

use serde::{Deserialize, Serialize};

use crate::label::{Label, RecipeInput};
use crate::regime::ClaimsRules;

pub mod rules;

use rules::{ClaimRule, Condition, Disclosure, Test};

/// One claim the food qualifies for, as in API_DECISIONS §7.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"code": "good_source_fiber", "text": "Good source of fiber", "nutrient": "dietary_fiber", "basis": "per RACC", "citation": "21 CFR 101.54(c)(1)"}))]
pub struct Claim {
    /// Stable code, e.g. `good_source_fiber`.
    pub code: String,
    /// The claim's wording, e.g. `Good source of fiber`.
    pub text: String,
    /// The nutrient it is about, e.g. `dietary_fiber`.
    pub nutrient: String,
    /// `per RACC` (the only basis claims are judged on).
    pub basis: String,
    /// The defining regulation, e.g. `21 CFR 101.54(c)`.
    pub citation: String,
    /// Statement that must accompany the claim, when one applies: the 101.13(h) "See
    /// nutrition information for … content", the 101.54(d)(1) total fat disclosure of fiber
    /// claims, the cholesterol claims' fat disclosure of 101.62(d)(1)-(2), the cholesterol and
    /// fat declaration of "low saturated fat" (101.62(c)(2)), or the 101.60(c)(1)
    /// "Not a low calorie food" of sugar-free claims. Several are joined with "; ".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disclosure: Option<String>,
}

/// A nutrient's unrounded amount per RACC, per labeled serving and per 50 g.
#[derive(Debug, Clone, Copy)]
struct Amount {
    racc: f64,
    ls: f64,
    per_50g: f64,
}

/// Tolerance for threshold comparisons of computed amounts (e.g. 2.8 g of 28 g is 10 %).
const EPS: f64 = 1e-9;

/// Why no claim is judged for a US label without a reference amount.
pub const RACC_NEEDED: &str = "nutrient content claims are judged per the reference amount \
    customarily consumed of 21 CFR 101.12(b) (101.13), which the request does not give: set \
    racc_g, or package.racc_category for the reference amount of its category";

/// Whether claims would be judged for `label` but cannot be for want of a reference amount
/// ([`RACC_NEEDED`]).
pub fn racc_missing(recipe: &RecipeInput, label: &Label) -> bool {
    let rules = label.known_format().and_then(|f| f.regime.claims);
    rules == Some(ClaimsRules::Cfr101_13)
        && !recipe.racc_g.is_some_and(|r| r.is_finite() && r > 0.0)
}

/// The claims `label` (computed from `recipe`) qualifies for; `[]` for labels of a regime
/// without these claims rules (the regime's data names them), without a reference amount
/// ([`racc_missing`]) or whose serving weight is not a positive number.
pub fn claims(recipe: &RecipeInput, label: &Label) -> Vec<Claim> {
    let rules = label.known_format().and_then(|f| f.regime.claims);
    if rules != Some(ClaimsRules::Cfr101_13) {
        return Vec::new();
    }
    let serving_g = label.serving_size.grams;
    if !(serving_g.is_finite() && serving_g > 0.0) {
        return Vec::new();
    }
    let (reference_g, basis) = match recipe.racc_g {
        Some(r) if r.is_finite() && r > 0.0 => (r, "per RACC"),
        _ => return Vec::new(),
    };
    let Ok(data) = rules::rules() else {
        // The embedded data parses (a test keeps it so); were it broken, no claim is made
        // rather than one judged on nothing.
        return Vec::new();
    };
    let small = data.small(reference_g);
    let at = |key: &str| {
        let ls = label
            .unrounded
            .get(key)
            .copied()
            .filter(|v| v.is_finite())
            .unwrap_or(0.0);
        let per_g = ls / serving_g;
        Amount {
            racc: per_g * reference_g,
            ls,
            per_50g: per_g * 50.0,
        }
    };
    // "free": below the level per RACC and per LS.
    let free = |a: Amount, level: f64| a.racc < level - EPS && a.ls < level - EPS;
    // "low": at most the level per RACC, and per 50 g when the reference amount is small.
    let low = |a: Amount, level: f64| a.racc <= level + EPS && (!small || a.per_50g <= level + EPS);
    // 101.13(h): exceeds per RACC, per LS, or per 50 g when the reference amount is small.
    let exceeds = |a: Amount, level: f64| {
        a.racc > level + EPS || a.ls > level + EPS || (small && a.per_50g > level + EPS)
    };

    // A claim about a nutrient the data does not know (absent from `unrounded`) is not made:
    // unknown is declared as 0 on the label but cannot support "free" or "low".
    let known = |key: &str| label.unrounded.contains_key(key);
    let holds = |c: &Condition| match &c.test {
        Test::Free => known(&c.key) && free(at(&c.key), c.level),
        Test::Low => known(&c.key) && low(at(&c.key), c.level),
        Test::AtMost => known(&c.key) && at(&c.key).racc <= c.level + EPS,
        // The energy it is a share of need not be known: unknown energy is 0, so only none
        // of the nutrient qualifies.
        Test::EnergyShareAtMost {
            kcal_per_g,
            energy_key,
        } => known(&c.key) && at(&c.key).racc * kcal_per_g <= c.level * at(energy_key).racc + EPS,
        // 101.9(c)(8)(ii): a claim about a vitamin or mineral requires its declaration, so a
        // nutrient the label's format does not declare (vitamins A and C on the standard
        // label) gets no claim.
        Test::DvPercentAtLeast { daily_value } => {
            label.row(&c.key).is_some() && at(&c.key).racc / daily_value * 100.0 >= c.level - EPS
        }
    };
    let qualifies = |rule: &ClaimRule| rule.conditions.iter().all(holds);
    let qualifies_for = |code: &str| data.claim(code).is_some_and(qualifies);
    let display = |key: &str| {
        label.display.get(key).cloned().unwrap_or_else(|| {
            // The label prints an absent amount as 0 of its unit.
            let unit = key.rsplit('_').next().unwrap_or("g");
            format!("0{unit}")
        })
    };

    let general: Vec<&str> = data
        .general_disclosure
        .levels
        .iter()
        .filter(|l| exceeds(at(&l.key), l.level))
        .map(|l| l.name.as_str())
        .collect();
    let general_disclosure = (!general.is_empty()).then(|| {
        format!(
            "See nutrition information for {} content",
            join_and(&general)
        )
    });

    let extra = |d: &Disclosure| -> Option<String> {
        match d {
            // 101.62(c)(2) (LABEL_RULES §2): "low saturated fat" declares cholesterol when
            // it is 2 mg or more per RACC and total fat when it is over 3 g per RACC.
            Disclosure::Declares { items } => {
                let declared: Vec<String> = items
                    .iter()
                    .filter(|i| {
                        let racc = at(&i.key).racc;
                        i.at_least.is_some_and(|v| racc >= v - EPS)
                            || i.over.is_some_and(|v| racc > v + EPS)
                    })
                    .map(|i| format!("{} {}", display(&i.key), i.name))
                    .collect();
                (!declared.is_empty())
                    .then(|| format!("Contains {} per serving", declared.join(" and ")))
            }
            // Cholesterol claims disclose total fat over 13 g (per RACC, per LS, or per 50 g
            // when the reference amount is small) next to the claim: 101.62(d)(1) for
            // "free", (d)(2) for "low"; 101.54(d)(1): a fiber claim on a food that is not
            // low fat discloses total fat. Where the cholesterol claims' disclosure stands
            // against the 101.13(h) statement is the order 101.62(d)(1) sets; no copy of
            // that paragraph's text could be found in our references or the stored public
            // sources (session 15, issue 31 item 3), so the order (the 101.13(h) statement
            // first, then this one, joined with "; ") is unconfirmed and left as it was.
            Disclosure::Contains {
                key,
                name,
                exceeds: level,
                unless,
            } => {
                let over = level.is_none_or(|l| exceeds(at(key), l));
                let excused = unless.as_deref().is_some_and(qualifies_for);
                (over && !excused).then(|| format!("Contains {} {name} per serving", display(key)))
            }
            Disclosure::TextUnless { unless, text } => {
                (!qualifies_for(unless)).then(|| text.clone())
            }
        }
    };

    let mut out = Vec::new();
    for group in &data.groups {
        let Some(rule) = group.claims.iter().find(|r| qualifies(r)) else {
            continue;
        };
        let disclosure: Vec<String> = general_disclosure
            .iter()
            .cloned()
            .chain(rule.disclosure.as_ref().and_then(extra))
            .collect();
        out.push(Claim {
            code: rule.code.clone(),
            text: rule.text.clone(),
            nutrient: rule.nutrient.clone(),
            basis: basis.to_string(),
            citation: rule.citation.clone(),
            disclosure: (!disclosure.is_empty()).then(|| disclosure.join("; ")),
        });
    }
    out
}

/// "a", "a and b", "a, b and c".
fn join_and(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
