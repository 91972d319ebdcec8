//! Warning schemes (octagons, "High in", "ALTO EM", legends): each rule compares one
//! amount on its basis with the law's limit; rules sharing a code make one mark.

use super::data::{Basis, DvVariant, Evaluates, Phase, Rule, Scheme, State, Status};
use super::input::{Category, Product};
use super::result::{num, Check, FopResult, Mark, WarningMark};

/// The result skeleton every kind starts from.
pub(crate) fn base(s: &Scheme, required: bool) -> FopResult {
    FopResult {
        scheme: s.id.clone(),
        required,
        citation: s.citation.clone(),
        version: s.version.clone(),
        status: s.status,
        phase: None,
        marks: Vec::new(),
        checks: Vec::new(),
        missing: Vec::new(),
        exempt: None,
        notes: Vec::new(),
        mark_size: None,
    }
}

pub(crate) fn add_missing(r: &mut FopResult, what: &str) {
    if !r.missing.iter().any(|m| m == what) {
        r.missing.push(what.to_string());
    }
}

/// The exemption of the product's category, if any.
pub(crate) fn exemption(s: &Scheme, p: &Product, r: &mut FopResult) -> bool {
    let Some(cat) = p.facts.category else {
        return false;
    };
    if let Some(e) = s.exemptions.iter().find(|e| e.category == cat.as_str()) {
        r.exempt = Some(format!("{} ({})", e.text, e.citation));
        if e.status == Status::Unconfirmed {
            r.status = Status::Unconfirmed;
        }
        return true;
    }
    false
}

/// The % DV variant for the product (Canada): the first whose conditions hold.
fn dv_variant(s: &Scheme, reference_g: f64, category: Option<Category>) -> Option<&DvVariant> {
    s.dv_variants.iter().find(|v| {
        v.reference_amount_max_g.is_none_or(|m| reference_g <= m)
            && v.reference_amount_min_g.is_none_or(|m| reference_g >= m)
            && v.category
                .as_deref()
                .is_none_or(|c| category.is_some_and(|k| k.as_str() == c))
    })
}

fn basis_text(basis: Basis, state: Option<State>, measure_unit: &str) -> String {
    match basis {
        Basis::Per100 => match state {
            Some(State::Liquid) => "per 100 ml".to_string(),
            _ => "per 100 g".to_string(),
        },
        Basis::PctEnergy => "of energy".to_string(),
        Basis::Kcal => match state {
            Some(State::Liquid) => "per 100 ml".to_string(),
            _ => "per 100 g".to_string(),
        },
        Basis::MgPerKcal => "per kcal".to_string(),
        Basis::PctDv => format!("of the daily value ({measure_unit})"),
        Basis::Present => String::new(),
    }
}

/// The amount of `rule` on its basis, its basis text and its status, or what is missing.
fn amount(
    s: &Scheme,
    rule: &Rule,
    p: &Product,
    state: Option<State>,
    r: &mut FopResult,
) -> Result<Option<(f64, f64, String, Status)>, &'static str> {
    let mut status = rule.status.unwrap_or(Status::Confirmed);
    let unit = rule.measure.unit();
    let out = match rule.basis {
        Basis::Present => {
            let v = p.per_100g(rule.measure)?;
            (v, rule.threshold, String::new())
        }
        Basis::Per100 => {
            let st = state.ok_or("front_of_pack_facts.state")?;
            (
                p.per_100(rule.measure, st)?,
                rule.threshold,
                basis_text(rule.basis, Some(st), unit),
            )
        }
        Basis::Kcal => {
            let st = state.ok_or("front_of_pack_facts.state")?;
            let k = rule.measure.kcal_per_g().unwrap_or(0.0);
            (
                p.per_100(rule.measure, st)? * k,
                rule.threshold,
                basis_text(rule.basis, Some(st), unit),
            )
        }
        Basis::PctEnergy => {
            let kcal = p.kcal_per_100g().ok_or("calories")?;
            let g = p.per_100g(rule.measure)?;
            let k = rule.measure.kcal_per_g().unwrap_or(0.0);
            // No energy, no share of it: a 0 kcal product has 0 % from any nutrient.
            let pct = if kcal > 0.0 {
                g * k / kcal * 100.0
            } else {
                0.0
            };
            (pct, rule.threshold, basis_text(rule.basis, None, unit))
        }
        Basis::MgPerKcal => {
            let kcal = p.kcal_per_100g().ok_or("calories")?;
            let mg = p.per_100g(rule.measure)?;
            if kcal <= 0.0 {
                r.notes.push(format!(
                    "{}: the product has no energy, so mg per kcal is undefined; the rule is not applied",
                    rule.code
                ));
                return Ok(None);
            }
            (
                mg / kcal,
                rule.threshold,
                basis_text(rule.basis, None, unit),
            )
        }
        Basis::PctDv => {
            // Canada's own reference amount, never the US RACC (issue 26: no regime
            // borrows another's rule).
            let reference = p
                .facts
                .reference_amount_g
                .ok_or("front_of_pack_facts.reference_amount_g")?;
            let dv = rule.dv.unwrap_or(1.0);
            if p.facts.category.is_none()
                && s.dv_variants.iter().any(|v| {
                    v.category.is_some() && v.reference_amount_min_g.is_none_or(|m| reference >= m)
                })
            {
                add_missing(r, "front_of_pack_facts.category");
            }
            let Some(v) = dv_variant(s, reference, p.facts.category) else {
                return Ok(None);
            };
            if v.status == Status::Unconfirmed {
                status = Status::Unconfirmed;
            }
            // Per reference amount or serving of stated size, whichever is greater.
            let basis_g = reference.max(p.portion_g);
            let amount = p.per_100g(rule.measure)? * basis_g / 100.0;
            (
                amount / dv * 100.0,
                v.pct,
                format!(
                    "of the daily value ({} {unit}) in {} g ({})",
                    num(dv),
                    num(basis_g),
                    v.id
                ),
            )
        }
    };
    Ok(Some((out.0, out.1, out.2, status)))
}

fn why(rule: &Rule, amount: f64, threshold: f64, basis: &str, reached: bool) -> String {
    let unit = |v: f64| match rule.basis {
        Basis::PctEnergy | Basis::PctDv => format!("{} %", num(v)),
        Basis::MgPerKcal => format!("{} mg", num(v)),
        Basis::Kcal => format!("{} kcal", num(v)),
        _ => format!("{} {}", num(v), rule.unit).trim_end().to_string(),
    };
    let name = rule.text.as_deref().unwrap_or(&rule.code);
    if rule.basis == Basis::Present {
        return if reached {
            format!("{} present", rule.nutrient)
        } else {
            format!("no {}: no \"{name}\"", rule.nutrient)
        };
    }
    let basis = if basis.is_empty() {
        String::new()
    } else {
        format!(" {basis}")
    };
    if reached {
        format!(
            "{} {}{basis} {} {}",
            rule.nutrient,
            unit(amount),
            rule.op.symbol(),
            unit(threshold)
        )
    } else {
        format!(
            "{} {}{basis}: {} below the \"{name}\" limit ({} {})",
            rule.nutrient,
            unit(amount),
            unit(threshold - amount),
            rule.op.symbol(),
            unit(threshold)
        )
    }
}

/// The rules of `phase` that apply to the product, by the critical nutrients added to it
/// ([`Evaluates`]); `None` when none do because nothing was added. Where the phase depends
/// on what was added and the request does not say, every rule applies (a seal too many
/// rather than one missing) and the fact is reported missing.
fn rules_for<'a>(phase: &'a Phase, p: &Product, r: &mut FopResult) -> Option<Vec<&'a Rule>> {
    let all = || phase.rules.iter().collect::<Vec<_>>();
    if phase.evaluates == Evaluates::All {
        return Some(all());
    }
    let Some(added) = &p.facts.added_critical_nutrients else {
        add_missing(r, "front_of_pack_facts.added_critical_nutrients");
        r.notes.push(format!(
            "phase {} judges a product by the critical nutrients added to it (free sugars, \
             fats, sodium), which the request does not give: every limit is applied",
            phase.id
        ));
        return Some(all());
    };
    if added.is_empty() {
        r.notes.push(format!(
            "no critical nutrient was added: phase {} evaluates none ({})",
            phase.id, phase.citation
        ));
        return None;
    }
    Some(match phase.evaluates {
        Evaluates::OwnAdded => phase
            .rules
            .iter()
            .filter(|rule| rule.added.iter().any(|a| added.contains(a)))
            .collect(),
        Evaluates::All | Evaluates::AllOnceAdded => all(),
    })
}

/// The rules `p` is judged by on `date`: those of the phase in force, chosen by what was
/// added to the product, for its state; what [`evaluate`] compares, without the notes.
/// Empty when none applies (no phase in force, an exempt category, nothing added). A rule
/// for one state is left out while the state is unknown, as [`evaluate`] leaves it out.
pub fn applicable_rules<'a>(s: &'a Scheme, p: &Product, date: &str) -> Vec<&'a Rule> {
    let mut scratch = base(s, false);
    let Some(phase) = s.phase_on(date) else {
        return Vec::new();
    };
    if exemption(s, p, &mut scratch) {
        return Vec::new();
    }
    let Some(rules) = rules_for(phase, p, &mut scratch) else {
        return Vec::new();
    };
    rules
        .into_iter()
        .filter(|rule| rule.state.is_none() || rule.state == p.facts.state)
        .collect()
}

/// Evaluates a warning scheme on `date` (ISO).
pub fn evaluate(s: &Scheme, p: &Product, date: &str, required: bool) -> FopResult {
    let mut r = base(s, required);
    let Some(phase) = s.phase_on(date) else {
        r.required = false;
        r.notes.push(format!("not in force on {date}"));
        return r;
    };
    r.phase = Some(phase.id.clone());
    if phase.status == Status::Unconfirmed {
        r.status = Status::Unconfirmed;
    }
    if exemption(s, p, &mut r) {
        r.required = false;
        return r;
    }
    let Some(rules) = rules_for(phase, p, &mut r) else {
        r.required = false;
        return r;
    };
    let state = p.facts.state;
    for rule in rules {
        if let (Some(want), Some(have)) = (rule.state, state) {
            if want != have {
                continue;
            }
        }
        if rule.state.is_some() && state.is_none() {
            add_missing(&mut r, "front_of_pack_facts.state");
            continue;
        }
        let (amount, threshold, basis, status) = match amount(s, rule, p, state, &mut r) {
            Ok(Some(v)) => v,
            Ok(None) => continue,
            Err(what) => {
                add_missing(&mut r, what);
                continue;
            }
        };
        let reached = rule.op.holds(amount, threshold);
        let text = why(rule, amount, threshold, &basis, reached);
        if status == Status::Unconfirmed {
            r.status = Status::Unconfirmed;
        }
        if reached
            && !r
                .marks
                .iter()
                .any(|m| matches!(m, Mark::Warning(w) if w.code == rule.code))
        {
            r.marks.push(Mark::Warning(WarningMark {
                nutrient: rule.nutrient.clone(),
                code: rule.code.clone(),
                text: rule.text.clone(),
                why: text.clone(),
                status,
            }));
        }
        r.checks.push(Check {
            code: rule.code.clone(),
            nutrient: rule.nutrient.clone(),
            amount,
            threshold,
            op: rule.op.symbol().to_string(),
            unit: match rule.basis {
                Basis::PctEnergy | Basis::PctDv => "%".to_string(),
                Basis::MgPerKcal => "mg/kcal".to_string(),
                Basis::Kcal => "kcal".to_string(),
                _ => rule.unit.clone(),
            },
            basis,
            reached,
            headroom: threshold - amount,
            why: text,
            status,
        });
    }
    r
}
