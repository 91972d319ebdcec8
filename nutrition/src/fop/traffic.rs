//! Traffic-light schemes (UK, Sri Lanka, Ecuador): a colour per nutrient from its amount
//! per 100 g or 100 ml, and for the UK the per-portion red for large portions.

use super::data::{AmountRounding, Band, Measure, Scheme, State, Status};
use super::input::Product;
use super::result::{num, FopResult, Level, LightMark, Mark};
use super::warning::{add_missing, base, exemption};
use crate::rounding;

fn per(state: State) -> &'static str {
    match state {
        State::Solid => "g",
        State::Liquid => "ml",
    }
}

/// The per-portion amount of `measure` as printed under `rule`; `None` without a rule or for
/// a measure the rule does not cover.
pub fn printed(
    rule: Option<AmountRounding>,
    measure: Measure,
    amount: f64,
    unit: &str,
) -> Option<String> {
    let declared = match (rule?, measure) {
        (AmountRounding::Eu2012, Measure::EnergyKcal) => rounding::eu_guidance_2012_energy(amount),
        (AmountRounding::Eu2012, Measure::TotalFatG | Measure::TotalSugarsG) => {
            rounding::eu_guidance_2012_macronutrient(amount)
        }
        (AmountRounding::Eu2012, Measure::SaturatedFatG) => {
            rounding::eu_guidance_2012_saturates(amount)
        }
        (AmountRounding::Eu2012, Measure::SaltG) => rounding::eu_guidance_2012_salt(amount),
        _ => return None,
    };
    Some(declared.text(unit))
}

fn light(
    b: &Band,
    p: &Product,
    state: State,
    rule: Option<AmountRounding>,
) -> Result<LightMark, &'static str> {
    let per_100 = p.per_100(b.measure, state)?;
    let portion = p.portion(state)?;
    let amount = per_100 * portion / 100.0;
    let u = &b.unit;
    let base_text = format!("{} {} {u} per 100 {}", b.nutrient, num(per_100), per(state));
    let (mut level, mut why) = if b.green.op.holds(per_100, b.green.value) {
        (
            Level::Low,
            format!(
                "{base_text} {} {} {u}: green; {} {u} below amber",
                b.green.op.symbol(),
                num(b.green.value),
                num(b.green.value - per_100)
            ),
        )
    } else if b.red.op.holds(per_100, b.red.value) {
        (
            Level::High,
            format!(
                "{base_text} {} {} {u}: red",
                b.red.op.symbol(),
                num(b.red.value)
            ),
        )
    } else {
        (
            Level::Medium,
            format!(
                "{base_text}: amber; {} {u} below red ({} {} {u})",
                num(b.red.value - per_100),
                b.red.op.symbol(),
                num(b.red.value)
            ),
        )
    };
    if let Some(pr) = b.portion_red {
        if level != Level::High && portion > pr.portion_over && pr.op.holds(amount, pr.value) {
            level = Level::High;
            why = format!(
                "{} {} {u} per {} {} portion {} {} {u} (portions over {} {}): red",
                b.nutrient,
                num(amount),
                num(portion),
                per(state),
                pr.op.symbol(),
                num(pr.value),
                num(pr.portion_over),
                per(state)
            );
        }
    }
    Ok(LightMark {
        nutrient: b.nutrient.clone(),
        level: Some(level),
        colour: Some(level.colour()),
        amount,
        unit: u.clone(),
        per_100,
        percent_ri: b.ri.map(|ri| amount / ri * 100.0),
        printed: printed(rule, b.measure, amount, u),
        per_100_printed: None,
        portion: None,
        why,
        status: b.status,
    })
}

/// Evaluates a traffic-light scheme.
pub fn evaluate(s: &Scheme, p: &Product, required: bool) -> FopResult {
    let mut r = base(s, required);
    if s.bands.is_empty() {
        r.notes
            .push("no confirmed thresholds: nothing is computed".to_string());
        return r;
    }
    if exemption(s, p, &mut r) {
        r.required = false;
        return r;
    }
    let state = match p.state() {
        Ok(st) => st,
        Err(what) => {
            add_missing(&mut r, what);
            return r;
        }
    };
    r.phase = Some(match state {
        State::Solid => "foods".to_string(),
        State::Liquid => "drinks".to_string(),
    });
    if let Some(ri) = s.energy_ri_kcal {
        match (p.per_100(Measure::EnergyKcal, state), p.portion(state)) {
            (Ok(per_100), Ok(portion)) => {
                let amount = per_100 * portion / 100.0;
                // kJ from the label's own energy (Annex XIV factors), per 100 g or ml like
                // the kcal (the same factor turns both to per 100 ml).
                let kj_per_100 = match (p.kj_per_100g(), p.kcal_per_100g()) {
                    (Some(kj), Some(kcal)) if kcal > 0.0 => Some(kj * per_100 / kcal),
                    (Some(_), Some(_)) => Some(0.0),
                    _ => None,
                };
                let both = |kcal: f64, kj: Option<f64>| -> Option<String> {
                    let kcal = printed(s.amount_rounding, Measure::EnergyKcal, kcal, "kcal")?;
                    match kj
                        .and_then(|kj| printed(s.amount_rounding, Measure::EnergyKcal, kj, "kJ"))
                    {
                        Some(kj) => Some(format!("{kj} / {kcal}")),
                        None => Some(kcal),
                    }
                };
                r.marks.push(Mark::Light(LightMark {
                    nutrient: "energy".to_string(),
                    level: None,
                    colour: None,
                    amount,
                    unit: "kcal".to_string(),
                    per_100,
                    percent_ri: Some(amount / ri * 100.0),
                    printed: both(amount, kj_per_100.map(|kj| kj * portion / 100.0)),
                    per_100_printed: s
                        .amount_rounding
                        .and_then(|_| both(per_100, kj_per_100)),
                    portion: Some(portion),
                    why: format!(
                        "energy {} kcal per {} {} portion, {} % of the reference intake ({} kcal); not colour-coded",
                        num(amount),
                        num(portion),
                        per(state),
                        num(amount / ri * 100.0),
                        num(ri)
                    ),
                    status: Status::Confirmed,
                }));
            }
            (Err(what), _) | (_, Err(what)) => add_missing(&mut r, what),
        }
    }
    for b in s.bands.iter().filter(|b| b.state == state) {
        match light(b, p, state, s.amount_rounding) {
            Ok(mark) => {
                if mark.status == Status::Unconfirmed {
                    r.status = Status::Unconfirmed;
                }
                r.marks.push(Mark::Light(mark));
            }
            Err(what) => add_missing(&mut r, what),
        }
    }
    r
}
