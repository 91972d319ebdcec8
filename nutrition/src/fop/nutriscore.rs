//! Nutri-Score (2023 algorithm for foods, 2023 beverages update applied from 2024): negative
//! points for energy, sugars, saturated fat, salt (and sweeteners in beverages), positive
//! points for protein, fibre and the fruit/vegetable/legume share; score = N − P; letter
//! by the category's cut-offs. Every input per 100 g (foods) or 100 ml (beverages).

use super::data::{Measure, NutriScoreSpec, Scheme, State};
use super::input::{Category, Product};
use super::result::{Component, FopResult, Mark, ScoreMark};
use super::warning::{add_missing, base};

/// Points: one per threshold exceeded (`>`), or reached (`≥`) when `inclusive`.
pub fn points(amount: f64, thresholds: &[f64], inclusive: bool) -> i32 {
    let n = thresholds
        .iter()
        .filter(|t| {
            if inclusive {
                amount >= **t
            } else {
                amount > **t
            }
        })
        .count();
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn fvl_points(pct: f64, table: &[(f64, i32)]) -> (i32, i32) {
    let got = table
        .iter()
        .filter(|(t, _)| pct > *t)
        .map(|(_, p)| *p)
        .max()
        .unwrap_or(0);
    (got, table.iter().map(|(_, p)| *p).max().unwrap_or(0))
}

fn grade(score: i32, cutoffs: &[(i32, String)]) -> String {
    cutoffs
        .iter()
        .find(|(max, _)| score <= *max)
        .map(|(_, g)| g.clone())
        .unwrap_or_else(|| "E".to_string())
}

fn len(t: &[f64]) -> i32 {
    i32::try_from(t.len()).unwrap_or(i32::MAX)
}

/// Inputs per 100 g/ml, all present.
struct Inputs {
    kj: f64,
    sugars: f64,
    sat: f64,
    fat: Option<f64>,
    salt: f64,
    protein: f64,
    fibre: f64,
    fvl: f64,
    sweeteners: bool,
}

fn inputs(
    p: &Product,
    state: State,
    beverage: bool,
    fats: bool,
) -> Result<Inputs, Vec<&'static str>> {
    let mut missing = Vec::new();
    let factor = match p.per_100_factor(state) {
        Ok(f) => f,
        Err(w) => {
            missing.push(w);
            1.0
        }
    };
    let mut get = |key: &'static str, v: Option<f64>| {
        v.map(|v| v * factor).unwrap_or_else(|| {
            missing.push(key);
            0.0
        })
    };
    let kj = get("calories", p.kj_per_100g());
    let sugars = get("total_sugars_g", p.per_100g.get("total_sugars_g").copied());
    let sat = get(
        "saturated_fat_g",
        p.per_100g.get("saturated_fat_g").copied(),
    );
    let salt = get("sodium_mg", p.per_100g(Measure::SaltG).ok());
    let protein = get("protein_g", p.per_100g.get("protein_g").copied());
    let fibre = get(
        "dietary_fiber_g",
        p.per_100g.get("dietary_fiber_g").copied(),
    );
    let fat = if fats {
        Some(get("total_fat_g", p.per_100g.get("total_fat_g").copied()))
    } else {
        None
    };
    let fvl = p.facts.fruit_vegetable_legume_pct.unwrap_or_else(|| {
        missing.push("front_of_pack_facts.fruit_vegetable_legume_pct");
        0.0
    });
    let sweeteners = if beverage {
        p.facts.non_nutritive_sweeteners.unwrap_or_else(|| {
            missing.push("front_of_pack_facts.non_nutritive_sweeteners");
            false
        })
    } else {
        false
    };
    if missing.is_empty() {
        Ok(Inputs {
            kj,
            sugars,
            sat,
            fat,
            salt,
            protein,
            fibre,
            fvl,
            sweeteners,
        })
    } else {
        Err(missing)
    }
}

fn component(name: &str, amount: f64, unit: &str, points: i32, max: i32, side: &str) -> Component {
    Component {
        component: name.to_string(),
        amount,
        unit: unit.to_string(),
        points,
        max_points: max,
        side: side.to_string(),
        counted: true,
    }
}

/// Evaluates the Nutri-Score.
pub fn evaluate(s: &Scheme, p: &Product, required: bool) -> FopResult {
    let mut r = base(s, required);
    let Some(spec) = &s.nutriscore else {
        return r;
    };
    let Some(category) = p.facts.category else {
        add_missing(&mut r, "front_of_pack_facts.category");
        return r;
    };
    let beverage = matches!(category, Category::Beverage | Category::Water);
    if category == Category::Water {
        r.phase = Some("beverages".to_string());
        r.marks.push(Mark::Score(ScoreMark {
            grade: spec.beverages.water_grade.clone(),
            points: 0,
            components: Vec::new(),
            why: "water: grade A, the only beverage that gets it".to_string(),
        }));
        return r;
    }
    let fats = category == Category::FatsOilsNutsSeeds;
    let state = if beverage {
        State::Liquid
    } else {
        State::Solid
    };
    let x = match inputs(p, state, beverage, fats) {
        Ok(x) => x,
        Err(missing) => {
            for m in missing {
                add_missing(&mut r, m);
            }
            return r;
        }
    };
    let mark = score(spec, category, &x);
    r.phase = Some(
        match (beverage, fats) {
            (true, _) => "beverages",
            (false, true) => "fats_oils_nuts_seeds",
            (false, false) => "foods",
        }
        .to_string(),
    );
    r.marks.push(Mark::Score(mark));
    r
}

fn score(spec: &NutriScoreSpec, category: Category, x: &Inputs) -> ScoreMark {
    let f = &spec.foods;
    let unit_100 = if category == Category::Beverage {
        "per 100 ml"
    } else {
        "per 100 g"
    };
    let mut c = Vec::new();
    match category {
        Category::Beverage => {
            let b = &spec.beverages;
            c.push(component(
                "energy",
                x.kj,
                "kJ",
                points(x.kj, &b.energy_kj, false),
                len(&b.energy_kj),
                "negative",
            ));
            c.push(component(
                "sugars",
                x.sugars,
                "g",
                points(x.sugars, &b.sugars_g, false),
                len(&b.sugars_g),
                "negative",
            ));
            c.push(component(
                "saturated_fat",
                x.sat,
                "g",
                points(x.sat, &f.saturated_fat_g, false),
                len(&f.saturated_fat_g),
                "negative",
            ));
            c.push(component(
                "salt",
                x.salt,
                "g",
                points(x.salt, &f.salt_g, false),
                len(&f.salt_g),
                "negative",
            ));
            c.push(component(
                "sweeteners",
                if x.sweeteners { 1.0 } else { 0.0 },
                "",
                if x.sweeteners { b.sweeteners_points } else { 0 },
                b.sweeteners_points,
                "negative",
            ));
            c.push(component(
                "protein",
                x.protein,
                "g",
                points(x.protein, &b.protein_g, false),
                len(&b.protein_g),
                "positive",
            ));
            c.push(component(
                "fibre",
                x.fibre,
                "g",
                points(x.fibre, &f.fibre_g, false),
                len(&f.fibre_g),
                "positive",
            ));
            let (fp, fm) = fvl_points(x.fvl, &b.fvl_pct);
            c.push(component(
                "fruit_vegetable_legume",
                x.fvl,
                "%",
                fp,
                fm,
                "positive",
            ));
        }
        Category::FatsOilsNutsSeeds => {
            let t = &spec.fats;
            // Energy from saturates: 37 kJ per g of fat (Annex XIV).
            let e_sat = x.sat * 37.0;
            let fat = x.fat.unwrap_or(0.0);
            let ratio = if fat > 0.0 { x.sat / fat * 100.0 } else { 0.0 };
            c.push(component(
                "energy_from_saturates",
                e_sat,
                "kJ",
                points(e_sat, &t.energy_from_saturates_kj, false),
                len(&t.energy_from_saturates_kj),
                "negative",
            ));
            c.push(component(
                "sugars",
                x.sugars,
                "g",
                points(x.sugars, &f.sugars_g, false),
                len(&f.sugars_g),
                "negative",
            ));
            c.push(component(
                "saturates_ratio",
                ratio,
                "%",
                points(ratio, &t.saturates_ratio_pct, true),
                len(&t.saturates_ratio_pct),
                "negative",
            ));
            c.push(component(
                "salt",
                x.salt,
                "g",
                points(x.salt, &f.salt_g, false),
                len(&f.salt_g),
                "negative",
            ));
            c.push(component(
                "protein",
                x.protein,
                "g",
                points(x.protein, &f.protein_g, false),
                len(&f.protein_g),
                "positive",
            ));
            c.push(component(
                "fibre",
                x.fibre,
                "g",
                points(x.fibre, &f.fibre_g, false),
                len(&f.fibre_g),
                "positive",
            ));
            let (fp, fm) = fvl_points(x.fvl, &f.fvl_pct);
            c.push(component(
                "fruit_vegetable_legume",
                x.fvl,
                "%",
                fp,
                fm,
                "positive",
            ));
        }
        _ => {
            c.push(component(
                "energy",
                x.kj,
                "kJ",
                points(x.kj, &f.energy_kj, false),
                len(&f.energy_kj),
                "negative",
            ));
            c.push(component(
                "sugars",
                x.sugars,
                "g",
                points(x.sugars, &f.sugars_g, false),
                len(&f.sugars_g),
                "negative",
            ));
            c.push(component(
                "saturated_fat",
                x.sat,
                "g",
                points(x.sat, &f.saturated_fat_g, false),
                len(&f.saturated_fat_g),
                "negative",
            ));
            c.push(component(
                "salt",
                x.salt,
                "g",
                points(x.salt, &f.salt_g, false),
                len(&f.salt_g),
                "negative",
            ));
            let mut protein = points(x.protein, &f.protein_g, false);
            if category == Category::RedMeat {
                protein = protein.min(f.protein_cap_red_meat);
            }
            c.push(component(
                "protein",
                x.protein,
                "g",
                protein,
                len(&f.protein_g),
                "positive",
            ));
            c.push(component(
                "fibre",
                x.fibre,
                "g",
                points(x.fibre, &f.fibre_g, false),
                len(&f.fibre_g),
                "positive",
            ));
            let (fp, fm) = fvl_points(x.fvl, &f.fvl_pct);
            c.push(component(
                "fruit_vegetable_legume",
                x.fvl,
                "%",
                fp,
                fm,
                "positive",
            ));
        }
    }
    let negative: i32 = c
        .iter()
        .filter(|c| c.side == "negative")
        .map(|c| c.points)
        .sum();
    // Protein counts in beverages and cheese always; otherwise only below the category's
    // negative-points limit (11 for foods, 7 for fats, oils, nuts and seeds).
    let protein_counts = match category {
        Category::Beverage | Category::Cheese => true,
        Category::FatsOilsNutsSeeds => negative < spec.fats.protein_counted_below_negative,
        _ => negative < f.protein_counted_below_negative,
    };
    for comp in c.iter_mut().filter(|c| c.component == "protein") {
        comp.counted = protein_counts;
    }
    let positive: i32 = c
        .iter()
        .filter(|c| c.side == "positive" && c.counted)
        .map(|c| c.points)
        .sum();
    let points = negative - positive;
    let cutoffs = match category {
        Category::Beverage => &spec.beverages.grades,
        Category::FatsOilsNutsSeeds => &spec.fats.grades,
        _ => &f.grades,
    };
    let g = grade(points, cutoffs);
    let why =
        format!(
        "{negative} negative − {positive} positive points{} = {points} → {g} (amounts {unit_100})",
        if protein_counts { "" } else { " (protein not counted)" },
    );
    ScoreMark {
        grade: g,
        points,
        components: c,
        why,
    }
}
