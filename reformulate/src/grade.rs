//! Grade goals (Nutri-Score): the grade is a step function of per-100 g (or per-100 ml)
//! amounts, so "grade B or better" is not one set of limits but a choice among several:
//! each alternative caps every negative component at a number of points (an amount at most
//! the upper edge of that level) and asks each positive one for at least some points (an
//! amount above the lower edge), so that the points add up to at most the grade's cut-off.
//! The point tables, cut-offs and the protein rule are the scheme's data
//! (`nutrition/data/fop/eu.fop.nutriscore.json`) read as `nutrition/src/fop/nutriscore.rs`
//! reads them. Only alternatives near the product's current points are offered, the
//! smallest moves first.

use std::collections::BTreeMap;

use nls_nutrition::fop::data::NutriScoreSpec;
use nls_nutrition::fop::input::KJ_PER_KCAL;
use nls_nutrition::fop::nutriscore::points;
use nls_nutrition::fop::{Category, Kind, Product};

use crate::goal::{Context, GoalError};
use crate::limit::{Amount, Limit, Over};

/// At most this many alternatives per grade goal.
pub const MAX_OPTIONS: usize = 64;

/// Levels beyond the strictly needed ones a component may be moved by (tighter) or let
/// go (looser) in an alternative: room for a change that lowers one component's points to
/// raise another's.
const SLACK: i32 = 1;

/// Saturated fat's energy in kJ per g, as the engine computes "energy from saturates"
/// for fats, oils, nuts and seeds (nutrition/src/fop/nutriscore.rs, Reg. (EU) 1169/2011
/// Annex XIV).
const KJ_PER_G_FAT: f64 = 37.0;

/// Salt = sodium × 2.5, sodium in mg (Reg. (EU) 1169/2011 Annex I(11)).
const SALT_G_PER_SODIUM_MG: f64 = nls_nutrition::fop::input::SALT_PER_SODIUM / 1000.0;

/// How a component's amount is read from the lines: a linear form per 100 g, or a ratio
/// (× 100) of two (saturates as % of fat).
#[derive(Debug, Clone)]
enum Measure {
    Linear(Vec<(Amount, f64)>),
    RatioPct {
        num: Vec<(Amount, f64)>,
        den: Vec<(Amount, f64)>,
    },
}

/// One scored component.
#[derive(Debug, Clone)]
struct Component {
    name: &'static str,
    measure: Measure,
    thresholds: Vec<f64>,
    /// A point per threshold reached (≥) rather than exceeded (>).
    inclusive: bool,
    negative: bool,
    /// The most points it may score (red meat's protein cap).
    cap: i32,
    /// The product's amount now.
    current: f64,
}

impl Component {
    fn levels(&self) -> i32 {
        i32::try_from(self.thresholds.len())
            .unwrap_or(i32::MAX)
            .min(self.cap)
    }

    fn points_now(&self) -> i32 {
        points(self.current, &self.thresholds, self.inclusive).min(self.cap)
    }

    /// How far the amount must move for `level` (0 when it is there already), as a share
    /// of the amount: what ranks the alternatives.
    fn cost(&self, level: i32) -> f64 {
        let Some(edge) = self.edge(level) else {
            return 0.0;
        };
        let scale = self.current.abs().max(edge.abs()).max(1e-9);
        if self.negative {
            ((self.current - edge) / scale).max(0.0)
        } else {
            ((edge - self.current) / scale).max(0.0)
        }
    }

    /// The threshold that bounds `level`: a negative component's points stay ≤ level below
    /// thresholds[level]; a positive one's reach level above thresholds[level − 1].
    fn edge(&self, level: i32) -> Option<f64> {
        let i = if self.negative { level } else { level - 1 };
        usize::try_from(i)
            .ok()
            .and_then(|i| self.thresholds.get(i).copied())
            .filter(|_| self.negative || level > 0)
    }

    /// The limit of `level`, `None` when it asks nothing (every point allowed, or none
    /// asked for).
    fn limit(&self, level: i32, index: usize, ctx: &Context, grade: &str) -> Option<Limit> {
        let edge = self.edge(level)?;
        // Negative: amount ≤ edge (< when a point counts at the threshold itself).
        // Positive: amount > edge, as −amount < −edge.
        let (sign, below, strict) = if self.negative {
            (1.0, edge, self.inclusive)
        } else {
            (-1.0, -edge, !self.inclusive)
        };
        let (terms, below) = match &self.measure {
            Measure::Linear(terms) => (
                terms.iter().map(|(a, c)| (a.clone(), c * sign)).collect(),
                below,
            ),
            // num/den × 100 ≤ edge ⇔ 100·num − edge·den ≤ 0 (den > 0).
            Measure::RatioPct { num, den } => (
                num.iter()
                    .map(|(a, c)| (a.clone(), 100.0 * c * sign))
                    .chain(den.iter().map(|(a, c)| (a.clone(), -edge * c * sign)))
                    .collect(),
                0.0,
            ),
        };
        let side = if self.negative { "at most" } else { "at least" };
        Some(Limit {
            goal: index,
            what: format!("Nutri-Score {grade}: {} {side} {level} points", self.name),
            format: ctx.format.to_owned(),
            terms,
            constant: 0.0,
            over: Over::Weight,
            below,
            strict,
        })
    }
}

/// The product's per-100 amount of `terms` now (absent amounts count 0, as for the label).
fn current(p: &Product, terms: &[(Amount, f64)]) -> f64 {
    terms
        .iter()
        .map(|(a, c)| {
            let v = match a {
                Amount::Key(k) => p.per_100g.get(k).copied(),
                Amount::Kcal => p.kcal_per_100g(),
            };
            c * v.filter(|v| v.is_finite()).unwrap_or(0.0)
        })
        .sum()
}

fn scaled(terms: Vec<(Amount, f64)>, factor: f64) -> Vec<(Amount, f64)> {
    terms.into_iter().map(|(a, c)| (a, c * factor)).collect()
}

/// The category's scored components, fixed points (fruit/vegetable share, sweeteners),
/// the protein rule and cut-offs.
struct Setup {
    components: Vec<Component>,
    /// Negative points the grams do not change (sweeteners).
    fixed_negative: i32,
    /// Positive points the grams do not change (the fruit, vegetable and legume share).
    fixed_positive: i32,
    /// Protein counts when the negative points are below this (`None`: always).
    protein_below: Option<i32>,
    grades: Vec<(i32, String)>,
}

fn setup(spec: &NutriScoreSpec, p: &Product) -> Result<Setup, String> {
    let category = p
        .facts
        .category
        .ok_or("the Nutri-Score needs front_of_pack_facts.category")?;
    let fvl = p
        .facts
        .fruit_vegetable_legume_pct
        .ok_or("the Nutri-Score needs front_of_pack_facts.fruit_vegetable_legume_pct")?;
    let beverage = category == Category::Beverage;
    // Beverages are scored per 100 ml: per 100 g × density.
    let factor = if beverage {
        p.facts
            .density_g_per_ml
            .ok_or("a beverage's Nutri-Score needs front_of_pack_facts.density_g_per_ml")?
    } else {
        1.0
    };
    let f = &spec.foods;
    // Energy as the engine reads it: the label's kJ, else kcal × 4.184.
    let energy = if p.per_100g.contains_key("energy_kj") {
        vec![(Amount::Key("energy_kj".into()), factor)]
    } else {
        vec![(Amount::Kcal, KJ_PER_KCAL * factor)]
    };
    let key = |k: &str, c: f64| vec![(Amount::Key(k.into()), c * factor)];
    let sugars = key("total_sugars_g", 1.0);
    let sat = key("saturated_fat_g", 1.0);
    let salt = key("sodium_mg", SALT_G_PER_SODIUM_MG);
    let protein = key("protein_g", 1.0);
    let fibre = key("dietary_fiber_g", 1.0);
    let linear = |name, terms: Vec<(Amount, f64)>, thresholds: &[f64], negative| Component {
        name,
        current: current(p, &terms),
        measure: Measure::Linear(terms),
        thresholds: thresholds.to_vec(),
        inclusive: false,
        negative,
        cap: i32::MAX,
    };
    let fvl_points = |table: &[(f64, i32)]| {
        table
            .iter()
            .filter(|(t, _)| fvl > *t)
            .map(|(_, p)| *p)
            .max()
            .unwrap_or(0)
    };
    let mut components = Vec::new();
    let (fixed_negative, fixed_positive, protein_below, grades) = match category {
        Category::Water => {
            return Ok(Setup {
                components,
                fixed_negative: 0,
                fixed_positive: 0,
                protein_below: None,
                grades: vec![(i32::MAX, spec.beverages.water_grade.clone())],
            })
        }
        Category::Beverage => {
            let b = &spec.beverages;
            let sweeteners = p.facts.non_nutritive_sweeteners.ok_or(
                "a beverage's Nutri-Score needs front_of_pack_facts.non_nutritive_sweeteners",
            )?;
            components.push(linear("energy", energy, &b.energy_kj, true));
            components.push(linear("sugars", sugars, &b.sugars_g, true));
            components.push(linear("saturated_fat", sat, &f.saturated_fat_g, true));
            components.push(linear("salt", salt, &f.salt_g, true));
            components.push(linear("protein", protein, &b.protein_g, false));
            components.push(linear("fibre", fibre, &f.fibre_g, false));
            (
                if sweeteners { b.sweeteners_points } else { 0 },
                fvl_points(&b.fvl_pct),
                None,
                b.grades.clone(),
            )
        }
        Category::FatsOilsNutsSeeds => {
            let t = &spec.fats;
            components.push(linear(
                "energy_from_saturates",
                scaled(sat.clone(), KJ_PER_G_FAT),
                &t.energy_from_saturates_kj,
                true,
            ));
            components.push(linear("sugars", sugars, &f.sugars_g, true));
            let fat = key("total_fat_g", 1.0);
            let (s, ft) = (current(p, &sat), current(p, &fat));
            components.push(Component {
                name: "saturates_ratio",
                current: if ft > 0.0 { s / ft * 100.0 } else { 0.0 },
                measure: Measure::RatioPct { num: sat, den: fat },
                thresholds: t.saturates_ratio_pct.clone(),
                inclusive: true,
                negative: true,
                cap: i32::MAX,
            });
            components.push(linear("salt", salt, &f.salt_g, true));
            components.push(linear("protein", protein, &f.protein_g, false));
            components.push(linear("fibre", fibre, &f.fibre_g, false));
            (
                0,
                fvl_points(&f.fvl_pct),
                Some(t.protein_counted_below_negative),
                t.grades.clone(),
            )
        }
        _ => {
            components.push(linear("energy", energy, &f.energy_kj, true));
            components.push(linear("sugars", sugars, &f.sugars_g, true));
            components.push(linear("saturated_fat", sat, &f.saturated_fat_g, true));
            components.push(linear("salt", salt, &f.salt_g, true));
            let mut protein = linear("protein", protein, &f.protein_g, false);
            if category == Category::RedMeat {
                protein.cap = f.protein_cap_red_meat;
            }
            components.push(protein);
            components.push(linear("fibre", fibre, &f.fibre_g, false));
            (
                0,
                fvl_points(&f.fvl_pct),
                (category != Category::Cheese).then_some(f.protein_counted_below_negative),
                f.grades.clone(),
            )
        }
    };
    Ok(Setup {
        components,
        fixed_negative,
        fixed_positive,
        protein_below,
        grades,
    })
}

impl Setup {
    /// The score bound of `levels` (one per component): negative caps less the positive
    /// points asked, protein only where the rule counts it; `None` when protein is asked
    /// for but the negative caps do not let it count.
    fn bound(&self, levels: &[i32]) -> Option<i32> {
        let mut negative = self.fixed_negative;
        let mut positive = self.fixed_positive;
        let mut protein = 0;
        for (c, &l) in self.components.iter().zip(levels) {
            if c.negative {
                negative += l;
            } else if c.name == "protein" {
                protein = l;
            } else {
                positive += l;
            }
        }
        let counted = self.protein_below.is_none_or(|b| negative < b);
        if protein > 0 && !counted {
            return None;
        }
        Some(negative - positive - protein)
    }

    /// Alternatives of levels whose bound is at most `max_score`, each minimal (no single
    /// component can be let go by a level), ranked by how far the amounts must move.
    fn alternatives(&self, max_score: i32) -> Vec<Vec<i32>> {
        let now: Vec<i32> = self.components.iter().map(Component::points_now).collect();
        let score_now = self.bound(&now).unwrap_or_else(|| {
            // Protein not counted now: the same levels without protein.
            let without: Vec<i32> = self
                .components
                .iter()
                .zip(&now)
                .map(|(c, &l)| if c.name == "protein" { 0 } else { l })
                .collect();
            self.bound(&without).unwrap_or(0)
        });
        let needed = (score_now - max_score).max(0);
        // Each component's window: from its level now, moved by at most what is needed
        // (plus slack) in the helpful direction and let go by the slack in the other.
        let windows: Vec<(i32, i32)> = self
            .components
            .iter()
            .zip(&now)
            .map(|(c, &l)| {
                let top = c.levels();
                if c.negative {
                    ((l - needed - SLACK).max(0), (l + SLACK).min(top))
                } else {
                    // Asking nothing of a positive is always offered: protein that no
                    // longer counts (too many negative points) must not be asked for.
                    (0, (l + needed + SLACK).min(top))
                }
            })
            .collect();
        let mut search = Search {
            setup: self,
            windows: &windows,
            now: &now,
            max_score,
            levels: Vec::with_capacity(windows.len()),
            found: BTreeMap::new(),
        };
        search.walk(0.0);
        let mut found: Vec<(f64, usize, Vec<i32>)> = search.found.into_values().collect();
        found.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        found
            .into_iter()
            .take(MAX_OPTIONS)
            .map(|(_, _, l)| l)
            .collect()
    }

    /// Whether no component of `levels` can be let go by one level (more points for a
    /// negative, fewer asked of a positive) with the bound still met: such an alternative
    /// is already covered by the looser one.
    fn minimal(&self, levels: &[i32], windows: &[(i32, i32)], max_score: i32) -> bool {
        let mut looser = levels.to_vec();
        self.components.iter().enumerate().all(|(i, c)| {
            let l = levels[i];
            let next = if c.negative { l + 1 } else { l - 1 };
            // Outside the window is not offered, so not "looser" either.
            if next < windows[i].0 || next > windows[i].1 {
                return true;
            }
            looser[i] = next;
            let ok = self.bound(&looser).is_some_and(|b| b <= max_score);
            looser[i] = l;
            !ok
        })
    }
}

/// A depth-first walk over the components' windows, pruned where the grade cannot be met
/// any more. Keeps, for each set of components it tightens (less of a negative, more of a
/// positive than now), the cheapest alternative: the relative moves that rank them cannot
/// see that one ingredient moves several amounts at once, so every direction is offered
/// (6 components: at most 64) rather than 64 variations of the seemingly cheapest one.
struct Search<'a> {
    setup: &'a Setup,
    windows: &'a [(i32, i32)],
    now: &'a [i32],
    max_score: i32,
    levels: Vec<i32>,
    /// By the set of tightened components (a bit each): (cost, components moved, levels).
    found: BTreeMap<u64, (f64, usize, Vec<i32>)>,
}

impl Search<'_> {
    fn walk(&mut self, cost: f64) {
        let i = self.levels.len();
        let components = &self.setup.components;
        if i == components.len() {
            self.leaf(cost);
            return;
        }
        // The best the rest can do (protein counted): prune when even that misses.
        let chosen: i32 = components
            .iter()
            .zip(&self.levels)
            .map(|(c, &l)| if c.negative { l } else { -l })
            .sum();
        let rest: i32 = components[i..]
            .iter()
            .zip(&self.windows[i..])
            .map(|(c, w)| if c.negative { w.0 } else { -w.1 })
            .sum();
        let optimistic = self.setup.fixed_negative - self.setup.fixed_positive + chosen + rest;
        if optimistic > self.max_score {
            return;
        }
        let c = &components[i];
        for level in self.windows[i].0..=self.windows[i].1 {
            let step = c.cost(level);
            self.levels.push(level);
            self.walk(cost + step);
            self.levels.pop();
        }
    }

    fn leaf(&mut self, cost: f64) {
        let met = self
            .setup
            .bound(&self.levels)
            .is_some_and(|b| b <= self.max_score);
        if !met
            || !self
                .setup
                .minimal(&self.levels, self.windows, self.max_score)
        {
            return;
        }
        let mut mask = 0u64;
        let mut moved = 0;
        for (i, (c, (&l, &n))) in self
            .setup
            .components
            .iter()
            .zip(self.levels.iter().zip(self.now))
            .enumerate()
        {
            if l != n {
                moved += 1;
            }
            let tighter = if c.negative { l < n } else { l > n };
            if tighter && i < 64 {
                mask |= 1 << i;
            }
        }
        let better = self
            .found
            .get(&mask)
            .is_none_or(|(c, m, _)| cost < *c || (cost == *c && moved < *m));
        if better {
            self.found.insert(mask, (cost, moved, self.levels.clone()));
        }
    }
}

/// The alternatives of "grade `at_least` or better" of the score scheme `scheme`.
pub fn options(
    scheme: &str,
    at_least: &str,
    index: usize,
    ctx: &Context,
) -> Result<Vec<Vec<Limit>>, GoalError> {
    let s = nls_nutrition::fop::scheme(scheme)
        .ok_or_else(|| GoalError::UnknownScheme(scheme.to_owned()))?;
    let spec = match (&s.kind, &s.nutriscore) {
        (Kind::Nutriscore, Some(spec)) => spec,
        (kind, _) => {
            return Err(GoalError::NotGraded {
                scheme: s.id.clone(),
                kind: match kind {
                    Kind::Warning => "warning",
                    Kind::TrafficLight => "traffic-light",
                    Kind::Nutriscore => "Nutri-Score without point tables",
                    Kind::Grade => "grade",
                },
            })
        }
    };
    let setup = setup(spec, ctx.product).map_err(|why| GoalError::GradeInputs {
        scheme: s.id.clone(),
        why,
    })?;
    // Grades best first: each cut-off's, then "E" above the last (as the engine grades).
    let mut known: Vec<String> = setup.grades.iter().map(|(_, g)| g.clone()).collect();
    if !setup.components.is_empty() {
        known.push("E".to_string());
    }
    let wanted = at_least.trim().to_uppercase();
    let Some(max_score) = known
        .iter()
        .position(|g| *g == wanted)
        .map(|i| setup.grades.get(i).map_or(i32::MAX, |(max, _)| *max))
    else {
        return Err(GoalError::UnknownGrade {
            scheme: s.id.clone(),
            grade: at_least.to_owned(),
            known,
        });
    };
    if max_score == i32::MAX {
        // The worst grade (or water's only one): nothing to ask.
        return Ok(vec![Vec::new()]);
    }
    Ok(setup
        .alternatives(max_score)
        .into_iter()
        .map(|levels| {
            setup
                .components
                .iter()
                .zip(&levels)
                .filter_map(|(c, &l)| c.limit(l, index, ctx, &wanted))
                .collect()
        })
        .collect())
}
