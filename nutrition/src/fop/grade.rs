//! Graded schemes (Singapore Nutri-Grade): a grade per nutrient from bands per 100 ml, the
//! poorer one wins, a sweetener caps the grade.

use super::data::{Measure, Scheme, State};
use super::input::Product;
use super::result::{num, FopResult, GradeComponent, GradeMark, Mark};
use super::warning::{add_missing, base};

fn band(amount: f64, bands: &[(f64, String)], worst: &str) -> String {
    bands
        .iter()
        .find(|(max, _)| amount <= *max)
        .map(|(_, g)| g.clone())
        .unwrap_or_else(|| worst.to_string())
}

/// Evaluates a graded scheme; `in_market` says whether the label is of its market (then the
/// grades the law names are required).
pub fn evaluate(s: &Scheme, p: &Product, in_market: bool) -> FopResult {
    let mut r = base(s, false);
    let Some(spec) = &s.grade else {
        return r;
    };
    let state = match p.state() {
        Ok(st) => st,
        Err(what) => {
            add_missing(&mut r, what);
            return r;
        }
    };
    if state != spec.state {
        r.notes.push(format!(
            "applies to {} only",
            match spec.state {
                State::Liquid => "beverages",
                State::Solid => "solid foods",
            }
        ));
        return r;
    }
    let sugars = p.per_100(Measure::TotalSugarsG, state);
    let sat = p.per_100(Measure::SaturatedFatG, state);
    let sweet = p.facts.non_nutritive_sweeteners;
    let (sugars, sat, sweet) = match (sugars, sat, sweet) {
        (Ok(a), Ok(b), Some(c)) => (a, b, c),
        (a, b, c) => {
            for w in [a.err(), b.err()].into_iter().flatten() {
                add_missing(&mut r, w);
            }
            if c.is_none() {
                add_missing(&mut r, "front_of_pack_facts.non_nutritive_sweeteners");
            }
            return r;
        }
    };
    // Nutri-Grade sugar is total sugars minus lactose and galactose; without them, total
    // sugars (which can only make the grade poorer).
    let sugars = match p.facts.lactose_galactose_g_per_100g {
        Some(lg) => (sugars - lg * p.per_100_factor(state).unwrap_or(1.0)).max(0.0),
        None => {
            r.notes.push(
                "lactose and galactose not given: total sugars are graded (the grade can only be poorer)"
                    .to_string(),
            );
            sugars
        }
    };
    let gs = band(sugars, &spec.sugars_g, &spec.worst);
    let gf = band(sat, &spec.saturated_fat_g, &spec.worst);
    let mut grade = if gs >= gf { gs.clone() } else { gf.clone() };
    let mut why = format!(
        "sugar {} g per 100 ml → {gs}; saturated fat {} g per 100 ml → {gf}; the poorer grade wins",
        num(sugars),
        num(sat)
    );
    if sweet && grade < spec.sweetener_best {
        grade = spec.sweetener_best.clone();
        why.push_str(&format!("; sweetener: {} at best", spec.sweetener_best));
    }
    r.required = in_market && s.required && s.mandatory_grades.contains(&grade);
    r.marks.push(Mark::Grade(GradeMark {
        grade: grade.clone(),
        components: vec![
            GradeComponent {
                component: "sugars".into(),
                amount: sugars,
                unit: "g".into(),
                grade: gs,
            },
            GradeComponent {
                component: "saturated_fat".into(),
                amount: sat,
                unit: "g".into(),
                grade: gf,
            },
        ],
        why: format!("{why} → {grade}"),
    }));
    r
}
