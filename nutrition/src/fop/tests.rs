//! Front-of-pack tests: every scheme's thresholds from the law's table (just below, at, just
//! above), basis conversions (per 100 ml, reference amount, % of energy, mg per kcal),
//! exemptions, printed texts, explanations and headroom, and Nutri-Score points of products
//! whose published score is known. No I/O except the data-directory listing check.
#![allow(clippy::unwrap_used, clippy::float_cmp)]

use std::collections::BTreeMap;

use super::*;
use crate::tests::{ing, recipe};
use crate::Nutrient;

/// A product with `per_100g` amounts (keys as on labels), a portion and facts.
fn product(per_100g: &[(&str, f64)], portion_g: f64, facts: Facts) -> Product {
    Product {
        per_100g: per_100g
            .iter()
            .map(|(k, v)| (k.to_string(), *v))
            .collect::<BTreeMap<_, _>>(),
        portion_g,
        reference_amount_g: None,
        facts,
    }
}

fn solid() -> Facts {
    Facts {
        state: Some(State::Solid),
        ..Facts::default()
    }
}

fn liquid(density: f64) -> Facts {
    Facts {
        state: Some(State::Liquid),
        density_g_per_ml: Some(density),
        ..Facts::default()
    }
}

fn run(id: &str, p: &Product, date: &str) -> FopResult {
    evaluate(scheme(id).unwrap(), p, date, true)
}

fn codes(r: &FopResult) -> Vec<String> {
    r.marks
        .iter()
        .filter_map(|m| match m {
            Mark::Warning(w) => Some(w.code.clone()),
            _ => None,
        })
        .collect()
}

fn has(r: &FopResult, code: &str) -> bool {
    codes(r).iter().any(|c| c == code)
}

fn warning<'a>(r: &'a FopResult, code: &str) -> &'a WarningMark {
    r.marks
        .iter()
        .find_map(|m| match m {
            Mark::Warning(w) if w.code == code => Some(w),
            _ => None,
        })
        .unwrap()
}

/// Below, at and above `limit` of `key` (others zero): which reach `code`.
fn boundary(
    id: &str,
    date: &str,
    facts: Facts,
    base: &[(&str, f64)],
    key: &str,
    limit: f64,
    code: &str,
) -> [bool; 3] {
    let eps = limit.abs().max(1.0) * 1e-3;
    [limit - eps, limit, limit + eps].map(|v| {
        let mut amounts: Vec<(&str, f64)> = base.to_vec();
        amounts.push((key, v));
        has(
            &run(id, &product(&amounts, 100.0, facts.clone()), date),
            code,
        )
    })
}

// ---------------------------------------------------------------- data

#[test]
fn every_scheme_file_loads_and_is_listed() {
    let all = schemes().unwrap();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/fop");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let listed: Vec<String> = data::FILES.iter().map(|(f, _)| f.to_string()).collect();
    assert_eq!(
        on_disk, listed,
        "nutrition/src/fop/data.rs FILES must list every file"
    );
    for id in [
        "uk.fop.tl",
        "cl.fop.alto",
        "mx.fop.oct",
        "mx.fop.leg",
        "ca.fop.h.bi",
        "br.fop.lupa",
        "ar.fop.oct",
        "co.fop.oct",
        "pe.fop.oct",
        "il.fop.red",
        "sg.fop.ng",
        "lk.fop.solid",
        "ec.fop.sem",
        "eu.fop.nutriscore",
    ] {
        let s = scheme(id).unwrap_or_else(|| panic!("{id}"));
        assert!(
            !s.citation.is_empty() && !s.sources.is_empty(),
            "{id} cites its law"
        );
        for p in &s.phases {
            assert!(!p.citation.is_empty(), "{id} phase {}", p.id);
        }
        for b in &s.bands {
            assert!(!b.citation.is_empty(), "{id} band {}", b.nutrient);
        }
    }
    assert_eq!(all.len(), 14);
}

#[test]
fn a_broken_file_is_refused_with_its_name() {
    let e = data::Scheme::parse("x.json", "{}").unwrap_err();
    assert_eq!(e.file, "x.json");
    let text = data::FILES[3].1.replace("\"2016-06-27\"", "\"27.6.2016\"");
    let e = data::Scheme::parse(data::FILES[3].0, &text).unwrap_err();
    assert!(e.message.contains("YYYY-MM-DD"), "{e}");
    let e = data::Scheme::parse("other.json", data::FILES[3].1).unwrap_err();
    assert!(e.message.contains("does not match"), "{e}");
}

#[test]
fn unconfirmed_schemes_say_so_in_their_result() {
    for id in ["mx.fop.leg", "co.fop.oct", "il.fop.red", "ec.fop.sem"] {
        let p = product(&[("calories", 100.0)], 100.0, solid());
        let r = run(id, &p, "2026-06-01");
        assert_eq!(r.status, Status::Unconfirmed, "{id}");
    }
    let r = run("ec.fop.sem", &product(&[], 100.0, solid()), "2026-06-01");
    assert!(r.marks.is_empty());
    assert!(r.notes[0].contains("no confirmed thresholds"));
}

// ---------------------------------------------------------------- Chile

#[test]
fn chile_final_stage_solid_limits() {
    let d = "2026-01-01";
    assert_eq!(
        boundary("cl.fop.alto", d, solid(), &[], "calories", 275.0, "energy"),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "cl.fop.alto",
            d,
            solid(),
            &[("calories", 100.0)],
            "sodium_mg",
            400.0,
            "sodium"
        ),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "cl.fop.alto",
            d,
            solid(),
            &[("calories", 100.0)],
            "total_sugars_g",
            10.0,
            "sugars"
        ),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "cl.fop.alto",
            d,
            solid(),
            &[("calories", 100.0)],
            "saturated_fat_g",
            4.0,
            "saturated_fat"
        ),
        [false, true, true]
    );
}

#[test]
fn chile_final_stage_liquid_limits_per_100_ml() {
    let d = "2026-01-01";
    let l = liquid(1.0);
    assert_eq!(
        boundary("cl.fop.alto", d, l.clone(), &[], "calories", 70.0, "energy"),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "cl.fop.alto",
            d,
            l.clone(),
            &[],
            "sodium_mg",
            100.0,
            "sodium"
        ),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "cl.fop.alto",
            d,
            l.clone(),
            &[],
            "total_sugars_g",
            5.0,
            "sugars"
        ),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "cl.fop.alto",
            d,
            l,
            &[],
            "saturated_fat_g",
            3.0,
            "saturated_fat"
        ),
        [false, true, true]
    );
}

#[test]
fn per_100_ml_uses_the_density() {
    // 95 mg sodium per 100 g at 1.1 g/ml is 104.5 mg per 100 ml: over Chile's 100 mg.
    let p = product(&[("sodium_mg", 95.0)], 250.0, liquid(1.1));
    let r = run("cl.fop.alto", &p, "2026-01-01");
    assert!(has(&r, "sodium"));
    assert_eq!(
        warning(&r, "sodium").why,
        "sodium 104.5 mg per 100 ml ≥ 100 mg"
    );
    // Without a density a liquid cannot be judged: the result says what is missing.
    let mut f = liquid(1.0);
    f.density_g_per_ml = None;
    let full = [
        ("sodium_mg", 95.0),
        ("calories", 40.0),
        ("total_sugars_g", 1.0),
        ("saturated_fat_g", 0.0),
    ];
    let r = run("cl.fop.alto", &product(&full, 250.0, f), "2026-01-01");
    assert!(r.marks.is_empty());
    assert_eq!(r.missing, ["front_of_pack_facts.density_g_per_ml"]);
}

#[test]
fn chile_phases_follow_their_dates() {
    let p = product(&[("sodium_mg", 450.0), ("calories", 100.0)], 100.0, solid());
    let r = run("cl.fop.alto", &p, "2018-07-01");
    assert_eq!(r.phase.as_deref(), Some("2018"));
    assert!(!has(&r, "sodium"), "500 mg in the second stage");
    let r = run("cl.fop.alto", &p, "2019-06-27");
    assert_eq!(r.phase.as_deref(), Some("final"));
    assert!(has(&r, "sodium"));
    let r = run("cl.fop.alto", &p, "2016-01-01");
    assert!(r.phase.is_none() && r.marks.is_empty() && !r.required);
}

#[test]
fn chile_texts_explanations_and_headroom() {
    let p = product(
        &[
            ("sodium_mg", 512.0),
            ("total_sugars_g", 8.0),
            ("calories", 200.0),
            ("saturated_fat_g", 1.0),
        ],
        100.0,
        solid(),
    );
    let r = run("cl.fop.alto", &p, "2026-01-01");
    assert_eq!(codes(&r), ["sodium"]);
    let w = warning(&r, "sodium");
    assert_eq!(w.text.as_deref(), Some("ALTO EN SODIO"));
    assert_eq!(w.why, "sodium 512 mg per 100 g ≥ 400 mg");
    let sugars = r.checks.iter().find(|c| c.code == "sugars").unwrap();
    assert!(!sugars.reached);
    assert_eq!(sugars.headroom, 2.0);
    assert_eq!(
        sugars.why,
        "sugars 8 g per 100 g: 2 g below the \"ALTO EN AZÚCARES\" limit (≥ 10 g)"
    );
    assert!(r.required && r.status == Status::Confirmed);
    assert!(
        r.checks.iter().all(|c| !c.basis.contains("ml")),
        "solid checks only"
    );
}

#[test]
fn the_state_is_asked_for_not_guessed() {
    let p = product(&[("sodium_mg", 900.0)], 100.0, Facts::default());
    let r = run("cl.fop.alto", &p, "2026-01-01");
    assert!(r.marks.is_empty());
    assert_eq!(r.missing, ["front_of_pack_facts.state"]);
}

// ---------------------------------------------------------------- Mexico

#[test]
fn mexico_shares_of_energy() {
    let d = "2021-01-01";
    // 360 kcal: 4 g saturated fat is 36 kcal, exactly 10 % of energy.
    let base = [("calories", 360.0)];
    assert_eq!(
        boundary(
            "mx.fop.oct",
            d,
            solid(),
            &base,
            "saturated_fat_g",
            4.0,
            "saturated_fat"
        ),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "mx.fop.oct",
            d,
            solid(),
            &base,
            "trans_fat_g",
            0.4,
            "trans_fat"
        ),
        [false, true, true]
    );
    let mut f = solid();
    f.free_sugars_g_per_100g = Some(9.0);
    let r = run("mx.fop.oct", &product(&base, 100.0, f.clone()), d);
    assert!(has(&r, "sugars"));
    assert_eq!(
        warning(&r, "sugars").why,
        "free sugars 10 % of energy ≥ 10 %"
    );
    f.free_sugars_g_per_100g = Some(8.99);
    assert!(!has(
        &run("mx.fop.oct", &product(&base, 100.0, f), d),
        "sugars"
    ));
}

#[test]
fn mexico_energy_and_sodium_phase_one() {
    let d = "2021-01-01";
    assert_eq!(
        boundary("mx.fop.oct", d, solid(), &[], "calories", 275.0, "energy"),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "mx.fop.oct",
            d,
            liquid(1.0),
            &[],
            "calories",
            70.0,
            "energy"
        ),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "mx.fop.oct",
            d,
            solid(),
            &[("calories", 100.0)],
            "sodium_mg",
            350.0,
            "sodium"
        ),
        [false, true, true]
    );
    // Liquids: ≥ 10 kcal from free sugars (2.5 g × 4 kcal) per 100 ml.
    let mut f = liquid(1.0);
    f.free_sugars_g_per_100g = Some(2.5);
    let r = run(
        "mx.fop.oct",
        &product(&[("calories", 30.0)], 250.0, f.clone()),
        d,
    );
    assert!(has(&r, "energy"));
    assert_eq!(
        warning(&r, "energy").why,
        "calories from free sugars 10 kcal per 100 ml ≥ 10 kcal"
    );
    f.free_sugars_g_per_100g = Some(2.49);
    let r = run("mx.fop.oct", &product(&[("calories", 30.0)], 250.0, f), d);
    assert!(!has(&r, "energy"));
}

#[test]
fn mexico_free_sugars_are_asked_for() {
    let r = run(
        "mx.fop.oct",
        &product(
            &[("calories", 300.0), ("total_sugars_g", 50.0)],
            100.0,
            solid(),
        ),
        "2021-01-01",
    );
    assert!(!has(&r, "sugars"));
    assert!(r
        .missing
        .contains(&"front_of_pack_facts.free_sugars_g_per_100g".to_string()));
}

/// `facts` with the critical nutrients added in making the product.
fn added(mut facts: Facts, what: &[Added]) -> Facts {
    facts.added_critical_nutrients = Some(what.to_vec());
    facts
}

#[test]
fn nom_051_a_label_is_judged_in_the_phase_in_force_on_its_date() {
    let p = product(&[("calories", 100.0), ("sodium_mg", 120.0)], 100.0, solid());
    for (date, phase) in [
        ("2020-10-01", "phase-1"),
        ("2023-09-30", "phase-1"),
        ("2023-10-01", "phase-2"),
        ("2026-11-26", "phase-2"),
        ("2027-12-31", "phase-2"),
        ("2028-01-01", "phase-3"),
    ] {
        let r = run("mx.fop.oct", &p, date);
        assert_eq!(r.phase.as_deref(), Some(phase), "{date}");
    }
    // The first phase is confirmed; the later ones rest on secondary sources and say so.
    assert_eq!(
        run("mx.fop.oct", &p, "2021-01-01").status,
        Status::Confirmed
    );
    assert_eq!(
        run("mx.fop.oct", &p, "2026-11-26").status,
        Status::Unconfirmed
    );
    assert!(run("mx.fop.oct", &p, "2020-09-30").marks.is_empty());
}

#[test]
fn nom_051_second_phase_evaluates_only_the_critical_nutrients_added() {
    let d = "2026-11-26";
    // 100 kcal, 3.2 mg sodium per kcal, free sugars 20 % of energy.
    let amounts = [("calories", 100.0), ("sodium_mg", 320.0)];
    let mut facts = solid();
    facts.free_sugars_g_per_100g = Some(5.0);
    let only_sodium = run(
        "mx.fop.oct",
        &product(&amounts, 100.0, added(facts.clone(), &[Added::Sodium])),
        d,
    );
    assert_eq!(codes(&only_sodium), ["sodium"]);
    assert!(only_sodium.checks.iter().all(|c| c.code == "sodium"));
    let sugars_too = run(
        "mx.fop.oct",
        &product(
            &amounts,
            100.0,
            added(facts.clone(), &[Added::Sodium, Added::FreeSugars]),
        ),
        d,
    );
    assert_eq!(codes(&sugars_too), ["sugars", "sodium"]);
    // Nothing added: no limit applies (4.5.3).
    let none = run(
        "mx.fop.oct",
        &product(&amounts, 100.0, added(facts.clone(), &[])),
        d,
    );
    assert!(none.marks.is_empty() && none.checks.is_empty() && !none.required);
    // Not said: every limit applies, and the fact is asked for.
    let unknown = run("mx.fop.oct", &product(&amounts, 100.0, facts), d);
    assert_eq!(codes(&unknown), ["sugars", "sodium"]);
    assert!(unknown
        .missing
        .contains(&"front_of_pack_facts.added_critical_nutrients".to_string()));
}

#[test]
fn nom_051_table_6_sodium_is_1_mg_per_kcal_from_the_second_phase() {
    // 200 kcal: 1 mg per kcal is 200 mg, under the (unconfirmed) 300 mg floor.
    let with_sodium = added(solid(), &[Added::Sodium]);
    assert_eq!(
        boundary(
            "mx.fop.oct",
            "2026-11-26",
            with_sodium.clone(),
            &[("calories", 200.0)],
            "sodium_mg",
            200.0,
            "sodium"
        ),
        [false, true, true]
    );
    // The first phase's 350 mg knew no per-kcal limit.
    let first = run(
        "mx.fop.oct",
        &product(
            &[("calories", 200.0), ("sodium_mg", 250.0)],
            100.0,
            with_sodium,
        ),
        "2021-01-01",
    );
    assert!(!has(&first, "sodium"));
}

#[test]
fn nom_051_liquids_take_8_kcal_of_free_sugars_from_the_second_phase() {
    let mut f = added(liquid(1.0), &[Added::FreeSugars]);
    f.free_sugars_g_per_100g = Some(2.0);
    let r = run(
        "mx.fop.oct",
        &product(&[("calories", 30.0)], 250.0, f),
        "2026-11-26",
    );
    assert_eq!(
        warning(&r, "energy").why,
        "calories from free sugars 8 kcal per 100 ml ≥ 8 kcal"
    );
}

#[test]
fn nom_051_third_phase_evaluates_all_five_once_one_is_added() {
    let mut facts = added(solid(), &[Added::Sodium]);
    facts.free_sugars_g_per_100g = Some(5.0);
    let r = run(
        "mx.fop.oct",
        &product(&[("calories", 100.0), ("sodium_mg", 320.0)], 100.0, facts),
        "2028-01-01",
    );
    assert_eq!(codes(&r), ["sugars", "sodium"]);
}

#[test]
fn mexico_legends() {
    let mut f = solid();
    f.non_nutritive_sweeteners = Some(true);
    f.caffeine = Some(false);
    let r = run("mx.fop.leg", &product(&[], 100.0, f), "2026-01-01");
    assert_eq!(codes(&r), ["sweeteners"]);
    assert_eq!(
        warning(&r, "sweeteners").text.as_deref(),
        Some("CONTIENE EDULCORANTES - NO RECOMENDABLE EN NIÑOS")
    );
    let r = run("mx.fop.leg", &product(&[], 100.0, solid()), "2026-01-01");
    assert_eq!(
        r.missing,
        [
            "front_of_pack_facts.non_nutritive_sweeteners",
            "front_of_pack_facts.caffeine"
        ]
    );
}

// ---------------------------------------------------------------- Canada

fn canada(
    per_100g: &[(&str, f64)],
    reference: f64,
    portion: f64,
    category: Option<Category>,
) -> FopResult {
    let mut p = product(
        per_100g,
        portion,
        Facts {
            category,
            reference_amount_g: Some(reference),
            ..Facts::default()
        },
    );
    // A US RACC beside it is not Canada's and changes nothing.
    p.reference_amount_g = Some(reference * 3.0);
    run("ca.fop.h.bi", &p, "2026-06-01")
}

#[test]
fn canada_worked_example_small_reference_amount() {
    // LABEL_RULES.md §8.7: 240 mg sodium in a 20 g reference amount is 10.4 % DV ≥ 10 %.
    let r = canada(&[("sodium_mg", 1200.0)], 20.0, 20.0, None);
    assert!(has(&r, "sodium"));
    assert_eq!(warning(&r, "sodium").text.as_deref(), Some("Sodium"));
    // FDR B.01.350, table column 3: the 10 % of a small reference amount is the law's; the
    // sodium daily value (2 300 mg) is confirmed too.
    assert_eq!(r.status, Status::Confirmed, "B.01.350 column 3");
    // The same 240 mg with a 50 g reference amount is below 15 %.
    let r = canada(&[("sodium_mg", 480.0)], 50.0, 50.0, None);
    assert!(!has(&r, "sodium"));
    let c = r.checks.iter().find(|c| c.code == "sodium").unwrap();
    assert_eq!(c.threshold, 15.0);
    assert!((c.amount - 10.4348).abs() < 1e-3);
}

#[test]
fn canada_fifteen_percent_boundaries() {
    // 345 mg sodium (15 % of 2 300 mg) in a 100 g reference amount.
    for (v, want) in [(344.0, false), (345.0, true), (346.0, true)] {
        assert_eq!(
            has(&canada(&[("sodium_mg", v)], 100.0, 100.0, None), "sodium"),
            want,
            "{v}"
        );
    }
    for (v, want) in [(2.99, false), (3.0, true), (3.01, true)] {
        assert_eq!(
            has(
                &canada(&[("saturated_fat_g", v)], 100.0, 100.0, None),
                "saturated_fat"
            ),
            want,
            "{v}"
        );
    }
    for (v, want) in [(14.99, false), (15.0, true), (15.01, true)] {
        assert_eq!(
            has(
                &canada(&[("total_sugars_g", v)], 100.0, 100.0, None),
                "sugars"
            ),
            want,
            "{v}"
        );
    }
}

#[test]
fn canada_uses_the_greater_of_reference_amount_and_serving() {
    // 300 mg per 100 g: 180 mg in a 60 g serving (7.8 %), judged on 60 g not the 40 g reference.
    let r = canada(&[("sodium_mg", 600.0)], 40.0, 60.0, None);
    let c = r.checks.iter().find(|c| c.code == "sodium").unwrap();
    assert!(c.basis.contains("in 60 g"), "{}", c.basis);
    assert!(has(&r, "sodium"), "360 mg = 15.65 %");
}

#[test]
fn canada_main_dish_thirty_percent() {
    // 690 mg = 30 % DV per 250 g main dish.
    let per_100 = |mg: f64| mg * 100.0 / 250.0;
    for (v, want) in [(689.0, false), (690.0, true), (691.0, true)] {
        let r = canada(
            &[("sodium_mg", per_100(v))],
            250.0,
            250.0,
            Some(Category::MainDish),
        );
        assert_eq!(has(&r, "sodium"), want, "{v}");
    }
    // The category decides; without it the result asks for it.
    let r = canada(&[("sodium_mg", per_100(400.0))], 250.0, 250.0, None);
    assert!(r
        .missing
        .contains(&"front_of_pack_facts.category".to_string()));
}

#[test]
fn canada_needs_a_reference_amount_and_honours_exemptions() {
    let r = run(
        "ca.fop.h.bi",
        &product(&[("sodium_mg", 900.0)], 100.0, Facts::default()),
        "2026-06-01",
    );
    assert!(r.marks.is_empty());
    assert!(r
        .missing
        .contains(&"front_of_pack_facts.reference_amount_g".to_string()));
    // The US RACC (21 CFR 101.12) alone is another country's table: still missing.
    let mut us_racc = product(&[("sodium_mg", 900.0)], 100.0, Facts::default());
    us_racc.reference_amount_g = Some(100.0);
    let r = run("ca.fop.h.bi", &us_racc, "2026-06-01");
    assert!(r.marks.is_empty());
    assert!(r
        .missing
        .contains(&"front_of_pack_facts.reference_amount_g".to_string()));
    let r = canada(
        &[("saturated_fat_g", 10.0)],
        250.0,
        250.0,
        Some(Category::PlainMilk),
    );
    assert!(r.exempt.as_deref().unwrap().starts_with("plain milk"));
    assert!(r.marks.is_empty() && !r.required);
    let r = run(
        "ca.fop.h.bi",
        &product(&[], 100.0, Facts::default()),
        "2025-12-31",
    );
    assert!(r.notes[0].contains("not in force"));
}

// ---------------------------------------------------------------- UK

fn lights(r: &FopResult) -> Vec<(String, Option<Colour>)> {
    r.marks
        .iter()
        .filter_map(|m| match m {
            Mark::Light(l) => Some((l.nutrient.clone(), l.colour)),
            _ => None,
        })
        .collect()
}

fn colour(r: &FopResult, nutrient: &str) -> Colour {
    lights(r)
        .into_iter()
        .find(|(n, _)| n == nutrient)
        .unwrap()
        .1
        .unwrap()
}

#[test]
fn uk_worked_example_per_portion_red() {
    // LABEL_RULES.md §8.6: fat 18, saturates 4, sugars 20, salt 1.2 g per 100 g; 150 g portion.
    let p = product(
        &[
            ("calories", 400.0),
            ("total_fat_g", 18.0),
            ("saturated_fat_g", 4.0),
            ("total_sugars_g", 20.0),
            ("sodium_mg", 480.0),
        ],
        150.0,
        solid(),
    );
    let r = run("uk.fop.tl", &p, "2026-01-01");
    assert_eq!(
        lights(&r),
        [
            ("energy".to_string(), None),
            ("fat".to_string(), Some(Colour::Red)),
            ("saturates".to_string(), Some(Colour::Amber)),
            ("sugars".to_string(), Some(Colour::Red)),
            ("salt".to_string(), Some(Colour::Amber)),
        ]
    );
    let Mark::Light(sugars) = &r.marks[3] else {
        panic!()
    };
    assert_eq!(sugars.amount, 30.0);
    assert_eq!(sugars.percent_ri, Some(30.0 / 90.0 * 100.0));
    assert_eq!(
        sugars.why,
        "sugars 30 g per 150 g portion > 27 g (portions over 100 g): red"
    );
    let Mark::Light(energy) = &r.marks[0] else {
        panic!()
    };
    assert_eq!(energy.percent_ri, Some(30.0));
    assert!(!r.required, "voluntary");
}

/// The tile prints the per-portion amounts as the label's table does (UK rounding = the EU
/// 2012 guidance's table, LABEL_RULES.md §4): 49.9 g of sugars is "50g", not "49.9g".
#[test]
fn uk_lights_print_amounts_rounded_as_the_label() {
    // 150 g portion: sugars 33.27 → 49.905 g, fat 1.56 → 2.34 g, saturates 0.05 → 0.075 g,
    // salt 0.005 → 0.0075 g, energy 199.7 → 299.55 kcal.
    let p = product(
        &[
            ("calories", 199.7),
            ("total_fat_g", 1.56),
            ("saturated_fat_g", 0.05),
            ("total_sugars_g", 33.27),
            ("sodium_mg", 2.0),
        ],
        150.0,
        solid(),
    );
    let r = run("uk.fop.tl", &p, "2026-01-01");
    let printed: Vec<(String, Option<String>)> = r
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::Light(l) => Some((l.nutrient.clone(), l.printed.clone())),
            _ => None,
        })
        .collect();
    let want = |n: &str, t: &str| (n.to_string(), Some(t.to_string()));
    assert_eq!(
        printed,
        [
            // Art. 32(1), Annex XV: energy in kJ and kcal (kJ from the label's own, else
            // 4.184 kJ per kcal).
            want("energy", "1253kJ / 300kcal"),
            want("fat", "2.3g"),
            want("saturates", "<0.1g"),
            want("sugars", "50g"),
            want("salt", "<0.01g"),
        ]
    );
    // The same functions the label's table uses (formats/uk.json rounds with them).
    let Mark::Light(sugars) = &r.marks[3] else {
        panic!()
    };
    assert!((sugars.amount - 49.905).abs() < 1e-9);
    assert_eq!(
        sugars.printed.as_deref(),
        Some(
            crate::rounding::eu_guidance_2012_macronutrient(sugars.amount)
                .text("g")
                .as_str()
        )
    );
    // Just below and at the 10 g step: 9.94 → "9.9g", 9.96 → "10g".
    use super::data::{AmountRounding, Measure};
    let g = |v: f64| {
        super::traffic::printed(Some(AmountRounding::Eu2012), Measure::TotalSugarsG, v, "g")
    };
    assert_eq!(
        [g(9.94), g(9.96), g(0.5), g(0.51)],
        [
            Some("9.9g".to_string()),
            Some("10g".to_string()),
            Some("<0.5g".to_string()),
            Some("0.5g".to_string())
        ]
    );
    // Schemes without a rounding (Sri Lanka) print nothing of their own.
    assert_eq!(
        super::traffic::printed(None, Measure::TotalSugarsG, 49.9, "g"),
        None
    );
}

/// 1169/2011 Art. 33(2): a repeat whose nutrients are per portion gives the energy per 100 g
/// (or 100 ml) too, and Art. 33(1), (4) quantify the portion beside it.
#[test]
fn art_33_2_uk_lights_give_the_energy_per_100_and_the_portion() {
    let p = product(
        &[
            ("calories", 199.7),
            ("energy_kj", 840.0),
            ("total_fat_g", 1.56),
        ],
        150.0,
        solid(),
    );
    let r = run("uk.fop.tl", &p, "2026-01-01");
    let energy = r
        .marks
        .iter()
        .find_map(|m| match m {
            Mark::Light(l) if l.nutrient == "energy" => Some(l.clone()),
            _ => None,
        })
        .expect("the energy tile");
    // The label's own kJ: 840 per 100 g, 1260 per 150 g portion.
    assert_eq!(energy.printed.as_deref(), Some("1260kJ / 300kcal"));
    assert_eq!(energy.per_100_printed.as_deref(), Some("840kJ / 200kcal"));
    assert_eq!(energy.portion, Some(150.0));
}

#[test]
fn uk_food_bands_boundaries() {
    let at = |key: &str, v: f64, nutrient: &str| {
        colour(
            &run(
                "uk.fop.tl",
                &product(
                    &[
                        ("calories", 1.0),
                        ("total_fat_g", 0.0),
                        ("saturated_fat_g", 0.0),
                        ("total_sugars_g", 0.0),
                        ("sodium_mg", 0.0),
                        (key, v),
                    ],
                    100.0,
                    solid(),
                ),
                "2026-01-01",
            ),
            nutrient,
        )
    };
    use Colour::*;
    assert_eq!(
        [
            at("total_fat_g", 3.0, "fat"),
            at("total_fat_g", 3.01, "fat"),
            at("total_fat_g", 17.5, "fat"),
            at("total_fat_g", 17.51, "fat")
        ],
        [Green, Amber, Amber, Red]
    );
    assert_eq!(
        [
            at("saturated_fat_g", 1.5, "saturates"),
            at("saturated_fat_g", 1.51, "saturates"),
            at("saturated_fat_g", 5.0, "saturates"),
            at("saturated_fat_g", 5.01, "saturates")
        ],
        [Green, Amber, Amber, Red]
    );
    assert_eq!(
        [
            at("total_sugars_g", 5.0, "sugars"),
            at("total_sugars_g", 5.01, "sugars"),
            at("total_sugars_g", 22.5, "sugars"),
            at("total_sugars_g", 22.51, "sugars")
        ],
        [Green, Amber, Amber, Red]
    );
    // Salt = sodium × 2.5: 120 mg → 0.3 g; 600 mg → 1.5 g.
    assert_eq!(
        [
            at("sodium_mg", 120.0, "salt"),
            at("sodium_mg", 121.0, "salt"),
            at("sodium_mg", 600.0, "salt"),
            at("sodium_mg", 601.0, "salt")
        ],
        [Green, Amber, Amber, Red]
    );
}

#[test]
fn uk_portion_rule_only_above_100_g() {
    // 17.5 g fat per 100 g is amber; in a 120 g portion that is 21 g, not over 21 g: amber;
    // 17.6 g per 100 g × 1.2 = 21.12 g > 21 g: red.
    let fat = |per_100: f64, portion: f64| {
        colour(
            &run(
                "uk.fop.tl",
                &product(
                    &[
                        ("calories", 1.0),
                        ("total_fat_g", per_100),
                        ("saturated_fat_g", 0.0),
                        ("total_sugars_g", 0.0),
                        ("sodium_mg", 0.0),
                    ],
                    portion,
                    solid(),
                ),
                "2026-01-01",
            ),
            "fat",
        )
    };
    assert_eq!(fat(17.5, 120.0), Colour::Amber);
    assert_eq!(fat(17.5 * 1.2 / 1.2 + 0.0, 120.0), Colour::Amber);
    // 100 g portions never use the portion rule: 17.5 g stays amber even with 22 g in 125 g.
    assert_eq!(
        fat(17.6, 100.0),
        Colour::Red,
        "17.6 > 17.5 per 100 g is red anyway"
    );
    assert_eq!(fat(16.9, 130.0), Colour::Red, "21.97 g in 130 g");
    assert_eq!(fat(16.9, 100.0), Colour::Amber);
}

#[test]
fn uk_drinks_per_100_ml_and_150_ml_portions() {
    let sugars = |per_100g: f64, portion_g: f64| {
        colour(
            &run(
                "uk.fop.tl",
                &product(
                    &[
                        ("calories", 1.0),
                        ("total_fat_g", 0.0),
                        ("saturated_fat_g", 0.0),
                        ("total_sugars_g", per_100g),
                        ("sodium_mg", 0.0),
                    ],
                    portion_g,
                    liquid(1.0),
                ),
                "2026-01-01",
            ),
            "sugars",
        )
    };
    assert_eq!(
        [
            sugars(2.5, 100.0),
            sugars(2.51, 100.0),
            sugars(11.25, 100.0),
            sugars(11.26, 100.0)
        ],
        [Colour::Green, Colour::Amber, Colour::Amber, Colour::Red]
    );
    // 7 g per 100 ml in a 200 ml portion is 14 g > 13.5 g: red.
    assert_eq!(sugars(7.0, 200.0), Colour::Red);
    assert_eq!(
        sugars(7.0, 150.0),
        Colour::Amber,
        "150 ml is not over 150 ml"
    );
    let r = run(
        "uk.fop.tl",
        &product(
            &[
                ("calories", 1.0),
                ("total_fat_g", 0.0),
                ("saturated_fat_g", 0.0),
                ("total_sugars_g", 1.0),
                ("sodium_mg", 0.0),
            ],
            100.0,
            liquid(1.0),
        ),
        "2026-01-01",
    );
    assert_eq!(
        r.status,
        Status::Unconfirmed,
        "drinks' fat, saturates and salt bands are unconfirmed"
    );
}

// ---------------------------------------------------------------- Nutri-Score

fn nutriscore(per_100: &[(&str, f64)], facts: Facts) -> ScoreMark {
    let r = run(
        "eu.fop.nutriscore",
        &product(per_100, 100.0, facts),
        "2026-01-01",
    );
    assert!(r.missing.is_empty(), "{:?}", r.missing);
    match r.marks.first() {
        Some(Mark::Score(s)) => s.clone(),
        other => panic!("{other:?}"),
    }
}

fn pts(s: &ScoreMark) -> Vec<(String, i32)> {
    s.components
        .iter()
        .map(|c| (c.component.clone(), c.points))
        .collect()
}

fn food(category: Category, fvl: f64) -> Facts {
    Facts {
        state: Some(State::Solid),
        category: Some(category),
        fruit_vegetable_legume_pct: Some(fvl),
        ..Facts::default()
    }
}

fn beverage(fvl: f64, sweeteners: bool) -> Facts {
    Facts {
        state: Some(State::Liquid),
        density_g_per_ml: Some(1.0),
        category: Some(Category::Beverage),
        fruit_vegetable_legume_pct: Some(fvl),
        non_nutritive_sweeteners: Some(sweeteners),
        ..Facts::default()
    }
}

/// Salt g as sodium mg.
fn na(salt_g: f64) -> f64 {
    salt_g / 2.5 * 1000.0
}

#[test]
fn nutriscore_published_food_examples() {
    // yumiq.app/en/fruits-and-vegetables/vegetables/wegmans/california-blend-0077890329382
    // (Nutri-Score 2023 points as published): 138 kJ → 0, sugars 3.33 → 0, salt 0.1 → 0,
    // protein 1.11 → 0, fibre 2.2 → 0, FVL 100 % → 5: score −5, A.
    let s = nutriscore(
        &[
            ("energy_kj", 138.0),
            ("total_sugars_g", 3.33),
            ("saturated_fat_g", 0.0),
            ("sodium_mg", na(0.1)),
            ("protein_g", 1.11),
            ("dietary_fiber_g", 2.2),
        ],
        food(Category::General, 100.0),
    );
    assert_eq!(
        pts(&s),
        [
            ("energy".into(), 0),
            ("sugars".into(), 0),
            ("saturated_fat".into(), 0),
            ("salt".into(), 0),
            ("protein".into(), 0),
            ("fibre".into(), 0),
            ("fruit_vegetable_legume".into(), 5)
        ]
    );
    assert_eq!((s.points, s.grade.as_str()), (-5, "A"));
    // yumiq.app/en/fruits-and-vegetables/vegetables/trader-joe-s/large-cucumber-00680646:
    // 279 kJ → 0, sugars 14.2 → 4, salt 0.04 → 0, FVL 100 % → 5: score −1, A.
    let s = nutriscore(
        &[
            ("energy_kj", 279.0),
            ("total_sugars_g", 14.2),
            ("saturated_fat_g", 0.0),
            ("sodium_mg", na(0.04)),
            ("protein_g", 0.42),
            ("dietary_fiber_g", 0.0),
        ],
        food(Category::General, 100.0),
    );
    assert_eq!(s.components[1].points, 4);
    assert_eq!((s.points, s.grade.as_str()), (-1, "A"));
}

#[test]
fn nutriscore_published_beverage_examples() {
    // yumiq.app/en/beverages/fruit-juices/tree-top/100-apple-juice-0028700109878:
    // 198 kJ → 3, sugars 10.5 → 9, FVL 83.3 % → 6: N 12, P 6, score 6, C.
    let s = nutriscore(
        &[
            ("energy_kj", 198.0),
            ("total_sugars_g", 10.5),
            ("saturated_fat_g", 0.0),
            ("sodium_mg", na(0.01)),
            ("protein_g", 0.0),
            ("dietary_fiber_g", 0.34),
        ],
        beverage(83.3, false),
    );
    assert_eq!(
        pts(&s),
        [
            ("energy".into(), 3),
            ("sugars".into(), 9),
            ("saturated_fat".into(), 0),
            ("salt".into(), 0),
            ("sweeteners".into(), 0),
            ("protein".into(), 0),
            ("fibre".into(), 0),
            ("fruit_vegetable_legume".into(), 6)
        ]
    );
    assert_eq!((s.points, s.grade.as_str()), (6, "C"));
    // yumiq.app/en/fruits-and-vegetables/vegetables/that-s-smart/tomato-juice-0193476001074:
    // 78 kJ → 1, sugars 2.5 → 2, salt 0.66 → 3, FVL 99 % → 6: N 6, P 6, score 0, B.
    let s = nutriscore(
        &[
            ("energy_kj", 78.0),
            ("total_sugars_g", 2.5),
            ("saturated_fat_g", 0.0),
            ("sodium_mg", na(0.66)),
            ("protein_g", 0.83),
            ("dietary_fiber_g", 0.83),
        ],
        beverage(99.0, false),
    );
    assert_eq!((s.points, s.grade.as_str()), (0, "B"));
    // yumiq.app/es/beverages/plant-based-milk-substitutes/vivesoy/bebida-de-almendras-8410128759711:
    // 107.3 kJ → 2, sugars 3.1 → 2, salt 0.15 → 0: N 4, P 0, score 4, C.
    let s = nutriscore(
        &[
            ("energy_kj", 107.3),
            ("total_sugars_g", 3.1),
            ("saturated_fat_g", 0.1),
            ("sodium_mg", na(0.15)),
            ("protein_g", 0.5),
            ("dietary_fiber_g", 0.0),
        ],
        beverage(0.0, false),
    );
    assert_eq!((s.points, s.grade.as_str()), (4, "C"));
    // yumiq.app/es/beverages/fruit-juices/refresco/sumo-maca-8480000060198:
    // 37.4 kJ → 1, sugars 2 → 1, FVL 100 % → 6: score −4, B (only water is A).
    let s = nutriscore(
        &[
            ("energy_kj", 37.4),
            ("total_sugars_g", 2.0),
            ("saturated_fat_g", 0.0),
            ("sodium_mg", 0.0),
            ("protein_g", 0.0),
            ("dietary_fiber_g", 0.0),
        ],
        beverage(100.0, false),
    );
    assert_eq!((s.points, s.grade.as_str()), (-4, "B"));
    // yumiq.app/es/beverages/plant-based-milk-substitutes/continente/bebida-de-soja-zero-5601312511540:
    // 477.1 kJ → 10, sugars 1 → 1, protein 24 → 7 (counted in beverages): N 11, P 7, score 4, C.
    let s = nutriscore(
        &[
            ("energy_kj", 477.1),
            ("total_sugars_g", 1.0),
            ("saturated_fat_g", 0.2),
            ("sodium_mg", na(0.1)),
            ("protein_g", 24.0),
            ("dietary_fiber_g", 0.5),
        ],
        beverage(0.0, false),
    );
    assert_eq!((s.points, s.grade.as_str()), (4, "C"));
}

/// The official calculator's answers. No worked example (a product computed step by step)
/// was found in the stored copies of the Scientific Committee's reports (2022 foods, 2023
/// beverages) or of Santé publique France's Q&A (FAQ-updatedAlgo V11, tables 5–10); what
/// was found are inputs run through the official workbook, the Belgian FPS Public Health
/// "Nutri-Score calculation tool for the updated algorithm"
/// (va_nutri-score_calculation_tool_updated_algorithm.xlsx, 24 Oct 2025), with its points,
/// N, P, score and class recorded cell by cell in a public repository. Each case below is
/// one of those rows; the points must match the workbook's, component by component.
#[test]
fn nutriscore_matches_the_official_calculator() {
    // General foods: 1000 kJ → 2, sugars 8 → 2, sat 2 → 1, salt 0.6 → 2 (N 7);
    // FVL 50 % → 1, fibre 4 → 1, protein 8 → 3 (P 5); score 2, B.
    let s = nutriscore(
        &[
            ("energy_kj", 1000.0),
            ("total_sugars_g", 8.0),
            ("saturated_fat_g", 2.0),
            ("sodium_mg", na(0.6)),
            ("protein_g", 8.0),
            ("dietary_fiber_g", 4.0),
        ],
        food(Category::General, 50.0),
    );
    assert_eq!(
        pts(&s),
        [
            ("energy".into(), 2),
            ("sugars".into(), 2),
            ("saturated_fat".into(), 1),
            ("salt".into(), 2),
            ("protein".into(), 3),
            ("fibre".into(), 1),
            ("fruit_vegetable_legume".into(), 1)
        ]
    );
    assert_eq!((s.points, s.grade.as_str()), (2, "B"));
    // Cheese: 1400 kJ → 4, sugars 18 → 5, sat 6 → 5, salt 1.4 → 6 (N 20); protein 18 → 7
    // still counted at N ≥ 11; score 13, D.
    let s = nutriscore(
        &[
            ("energy_kj", 1400.0),
            ("total_sugars_g", 18.0),
            ("saturated_fat_g", 6.0),
            ("sodium_mg", na(1.4)),
            ("protein_g", 18.0),
            ("dietary_fiber_g", 0.0),
        ],
        food(Category::Cheese, 0.0),
    );
    assert_eq!(
        pts(&s).iter().map(|p| p.1).collect::<Vec<_>>(),
        [4, 5, 5, 6, 7, 0, 0]
    );
    assert!(s.components[4].counted);
    assert_eq!((s.points, s.grade.as_str()), (13, "D"));
    // Red meat: 1000 kJ → 2, sat 2 → 1, salt 0.2 → 0 (N 3); protein 18 → 7 capped at 2;
    // score 1, B.
    let s = nutriscore(
        &[
            ("energy_kj", 1000.0),
            ("total_sugars_g", 0.0),
            ("saturated_fat_g", 2.0),
            ("sodium_mg", na(0.2)),
            ("protein_g", 18.0),
            ("dietary_fiber_g", 0.0),
        ],
        food(Category::RedMeat, 0.0),
    );
    assert_eq!(
        pts(&s).iter().map(|p| p.1).collect::<Vec<_>>(),
        [2, 0, 1, 0, 2, 0, 0]
    );
    assert_eq!((s.points, s.grade.as_str()), (1, "B"));
    // Fats, oils, nuts and seeds: fat 80, sat 16 → 592 kJ from saturates → 4, ratio 20 %
    // → 2, sugars 8 → 2, salt 0.4 → 1 (N 9); protein 8 → 3 not counted at N ≥ 7;
    // FVL 50 % → 1, fibre 4.1 → 1; score 7, C.
    let s = nutriscore(
        &[
            ("energy_kj", 3000.0),
            ("total_fat_g", 80.0),
            ("total_sugars_g", 8.0),
            ("saturated_fat_g", 16.0),
            ("sodium_mg", na(0.4)),
            ("protein_g", 8.0),
            ("dietary_fiber_g", 4.1),
        ],
        food(Category::FatsOilsNutsSeeds, 50.0),
    );
    assert_eq!(
        pts(&s),
        [
            ("energy_from_saturates".into(), 4),
            ("sugars".into(), 2),
            ("saturates_ratio".into(), 2),
            ("salt".into(), 1),
            ("protein".into(), 3),
            ("fibre".into(), 1),
            ("fruit_vegetable_legume".into(), 1)
        ]
    );
    assert!(!s.components[4].counted);
    assert_eq!((s.points, s.grade.as_str()), (7, "C"));
    // Beverage with sweeteners: 90 kJ → 1, sugars 2 → 1, sat 1 → 0, salt 0.2 → 0,
    // sweeteners → 4 (N 6); FVL 60 % → 2, fibre 3 → 0, protein 1.5 → 1 (P 3); score 3, C.
    let s = nutriscore(
        &[
            ("energy_kj", 90.0),
            ("total_sugars_g", 2.0),
            ("saturated_fat_g", 1.0),
            ("sodium_mg", na(0.2)),
            ("protein_g", 1.5),
            ("dietary_fiber_g", 3.0),
        ],
        beverage(60.0, true),
    );
    assert_eq!(
        pts(&s).iter().map(|p| p.1).collect::<Vec<_>>(),
        [1, 1, 0, 0, 4, 1, 0, 2]
    );
    assert_eq!((s.points, s.grade.as_str()), (3, "C"));
    // Open Food Facts' 2023 computation of product 8410000810004 as recorded (score 24, E):
    // 2007.7 kJ → 5, sugars 38 → 11, sat 5.4 → 5, salt 0.73 → 3, fibre 2.7 → 0.
    let s = nutriscore(
        &[
            ("energy_kj", 2007.7),
            ("total_sugars_g", 38.0),
            ("saturated_fat_g", 5.4),
            ("sodium_mg", na(0.73)),
            ("protein_g", 6.0),
            ("dietary_fiber_g", 2.7),
        ],
        food(Category::General, 0.0),
    );
    assert_eq!(
        pts(&s)[..4].iter().map(|p| p.1).collect::<Vec<_>>(),
        [5, 11, 5, 3]
    );
    assert_eq!((s.points, s.grade.as_str()), (24, "E"));
}

/// The workbook's exact-boundary rows: an amount at a threshold stays in the lower band
/// (`>`), the saturates ratio is lower-inclusive (10 % → 1, 64 % → 10), and beverage salt
/// 3.2 g → 15 as the Q&A's table 9 and the Conditions of Use say (the workbook itself
/// gives 16 there, a known defect of its formula).
#[test]
fn nutriscore_official_boundary_rows() {
    use nutriscore::points;
    let spec = scheme("eu.fop.nutriscore")
        .unwrap()
        .nutriscore
        .clone()
        .unwrap();
    let (f, b, fats) = (&spec.foods, &spec.beverages, &spec.fats);
    let rows: [(f64, &[f64], bool, i32); 19] = [
        (335.0, &f.energy_kj, false, 0),
        (335.0001, &f.energy_kj, false, 1),
        (670.0, &f.energy_kj, false, 1),
        (3.4, &f.sugars_g, false, 0),
        (3.4001, &f.sugars_g, false, 1),
        (6.8, &f.sugars_g, false, 1),
        (0.2, &f.salt_g, false, 0),
        (0.4, &f.salt_g, false, 1),
        (2.4, &f.protein_g, false, 0),
        (4.8, &f.protein_g, false, 1),
        (3.0, &f.fibre_g, false, 0),
        (4.1, &f.fibre_g, false, 1),
        (0.5, &b.sugars_g, false, 0),
        (2.0, &b.sugars_g, false, 1),
        (30.0, &b.energy_kj, false, 0),
        (90.0, &b.energy_kj, false, 1),
        (10.0, &fats.saturates_ratio_pct, true, 1),
        (16.0, &fats.saturates_ratio_pct, true, 2),
        (64.0, &fats.saturates_ratio_pct, true, 10),
    ];
    for (amount, table, inclusive, want) in rows {
        assert_eq!(points(amount, table, inclusive), want, "{amount}");
    }
    assert_eq!(
        [
            points(3.1999, &f.salt_g, false),
            points(3.2, &f.salt_g, false),
            points(3.2001, &f.salt_g, false)
        ],
        [15, 15, 16]
    );
}

#[test]
fn nutriscore_table_boundaries() {
    use nutriscore::points;
    let f = &scheme("eu.fop.nutriscore")
        .unwrap()
        .nutriscore
        .as_ref()
        .unwrap()
        .foods;
    assert_eq!(
        [
            points(3.4, &f.sugars_g, false),
            points(3.41, &f.sugars_g, false),
            points(51.0, &f.sugars_g, false),
            points(51.01, &f.sugars_g, false)
        ],
        [0, 1, 14, 15]
    );
    assert_eq!(
        [
            points(0.2, &f.salt_g, false),
            points(0.21, &f.salt_g, false),
            points(4.0, &f.salt_g, false),
            points(4.01, &f.salt_g, false)
        ],
        [0, 1, 19, 20]
    );
    assert_eq!(
        [
            points(335.0, &f.energy_kj, false),
            points(335.1, &f.energy_kj, false),
            points(3350.1, &f.energy_kj, false)
        ],
        [0, 1, 10]
    );
    assert_eq!(
        [
            points(3.0, &f.fibre_g, false),
            points(3.01, &f.fibre_g, false),
            points(7.41, &f.fibre_g, false)
        ],
        [0, 1, 5]
    );
    assert_eq!(
        [
            points(2.4, &f.protein_g, false),
            points(2.41, &f.protein_g, false),
            points(17.01, &f.protein_g, false)
        ],
        [0, 1, 7]
    );
}

#[test]
fn nutriscore_grade_cut_offs_and_energy_from_kcal() {
    // A food with only sugars: 10 g → 2, 10.01 → 3 points; kJ from kcal × 4.184.
    let g = |sugars: f64, kcal: f64| {
        nutriscore(
            &[
                ("calories", kcal),
                ("total_sugars_g", sugars),
                ("saturated_fat_g", 0.0),
                ("sodium_mg", 0.0),
                ("protein_g", 0.0),
                ("dietary_fiber_g", 0.0),
            ],
            food(Category::General, 0.0),
        )
    };
    assert_eq!((g(10.0, 0.0).points, g(10.0, 0.0).grade.as_str()), (2, "B"));
    assert_eq!(
        (g(10.01, 0.0).points, g(10.01, 0.0).grade.as_str()),
        (3, "C")
    );
    // 80 kcal = 334.7 kJ → 0 points; 81 kcal = 338.9 kJ → 1.
    assert_eq!(g(0.0, 80.0).components[0].points, 0);
    assert_eq!(g(0.0, 81.0).components[0].points, 1);
}

#[test]
fn nutriscore_protein_rules_by_category() {
    // N = 11 (salt 2.2 g → 11): protein not counted for general foods, counted for cheese.
    let amounts = [
        ("energy_kj", 0.0),
        ("total_sugars_g", 0.0),
        ("saturated_fat_g", 0.0),
        ("sodium_mg", na(2.21)),
        ("protein_g", 20.0),
        ("dietary_fiber_g", 0.0),
    ];
    let general = nutriscore(&amounts, food(Category::General, 0.0));
    assert_eq!(general.points, 11);
    assert!(!general.components[4].counted);
    let cheese = nutriscore(&amounts, food(Category::Cheese, 0.0));
    assert_eq!(cheese.points, 4);
    // Red meat: protein capped at 2 points.
    let meat = nutriscore(
        &[
            ("energy_kj", 0.0),
            ("total_sugars_g", 0.0),
            ("saturated_fat_g", 0.0),
            ("sodium_mg", 0.0),
            ("protein_g", 20.0),
            ("dietary_fiber_g", 0.0),
        ],
        food(Category::RedMeat, 0.0),
    );
    assert_eq!((meat.components[4].points, meat.points), (2, -2));
}

#[test]
fn nutriscore_fats_and_sweeteners_and_water() {
    // Olive-oil-like: 14 g saturates in 100 g fat → 518 kJ from saturates (4 points), ratio 14 % (1).
    let s = nutriscore(
        &[
            ("energy_kj", 3700.0),
            ("total_fat_g", 100.0),
            ("total_sugars_g", 0.0),
            ("saturated_fat_g", 14.0),
            ("sodium_mg", 0.0),
            ("protein_g", 0.0),
            ("dietary_fiber_g", 0.0),
        ],
        food(Category::FatsOilsNutsSeeds, 0.0),
    );
    assert_eq!(
        pts(&s)[..3],
        [
            ("energy_from_saturates".into(), 4),
            ("sugars".into(), 0),
            ("saturates_ratio".into(), 1)
        ]
    );
    assert_eq!((s.points, s.grade.as_str()), (5, "C"));
    // A diet soft drink: sweeteners add 4 points.
    let s = nutriscore(
        &[
            ("energy_kj", 1.0),
            ("total_sugars_g", 0.0),
            ("saturated_fat_g", 0.0),
            ("sodium_mg", 0.0),
            ("protein_g", 0.0),
            ("dietary_fiber_g", 0.0),
        ],
        beverage(0.0, true),
    );
    assert_eq!((s.points, s.grade.as_str()), (4, "C"));
    let mut w = beverage(0.0, false);
    w.category = Some(Category::Water);
    assert_eq!(nutriscore(&[], w).grade, "A");
}

#[test]
fn nutriscore_lists_what_it_lacks() {
    let r = run(
        "eu.fop.nutriscore",
        &product(&[("calories", 100.0)], 100.0, solid()),
        "2026-01-01",
    );
    assert_eq!(r.missing, ["front_of_pack_facts.category"]);
    let r = run(
        "eu.fop.nutriscore",
        &product(
            &[("calories", 100.0)],
            100.0,
            Facts {
                category: Some(Category::General),
                ..solid()
            },
        ),
        "2026-01-01",
    );
    assert!(r.marks.is_empty());
    for m in [
        "total_sugars_g",
        "dietary_fiber_g",
        "front_of_pack_facts.fruit_vegetable_legume_pct",
    ] {
        assert!(r.missing.contains(&m.to_string()), "{m}: {:?}", r.missing);
    }
}

// ---------------------------------------------------------------- other schemes

#[test]
fn brazil_added_sugars_solid_and_liquid() {
    let d = "2023-01-01";
    assert_eq!(
        boundary(
            "br.fop.lupa",
            d,
            solid(),
            &[],
            "added_sugars_g",
            15.0,
            "added_sugars"
        ),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "br.fop.lupa",
            d,
            liquid(1.0),
            &[],
            "added_sugars_g",
            7.5,
            "added_sugars"
        ),
        [false, true, true]
    );
    assert_eq!(
        boundary("br.fop.lupa", d, solid(), &[], "sodium_mg", 600.0, "sodium"),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "br.fop.lupa",
            d,
            liquid(1.0),
            &[],
            "saturated_fat_g",
            3.0,
            "saturated_fat"
        ),
        [false, true, true]
    );
    let r = run(
        "br.fop.lupa",
        &product(&[("sodium_mg", 700.0)], 100.0, solid()),
        d,
    );
    assert_eq!(warning(&r, "sodium").text.as_deref(), Some("ALTO EM SÓDIO"));
}

#[test]
fn argentina_stage_one_shares_and_sodium_per_kcal() {
    let d = "2023-01-01";
    // 100 kcal: 35 % of energy from fat is 3.889 g.
    let r = |fat: f64| {
        has(
            &run(
                "ar.fop.oct",
                &product(&[("calories", 100.0), ("total_fat_g", fat)], 100.0, solid()),
                d,
            ),
            "total_fat",
        )
    };
    assert_eq!([r(3.88), r(35.0 / 9.0), r(3.9)], [false, true, true]);
    assert_eq!(
        boundary(
            "ar.fop.oct",
            d,
            solid(),
            &[("calories", 100.0)],
            "sodium_mg",
            500.0,
            "sodium"
        ),
        [false, true, true]
    );
    let res = run(
        "ar.fop.oct",
        &product(&[("calories", 100.0)], 100.0, solid()),
        d,
    );
    assert_eq!(res.phase.as_deref(), Some("stage-1"));
}

#[test]
fn colombia_sodium_and_peru_sugar() {
    assert_eq!(
        boundary(
            "co.fop.oct",
            "2026-01-01",
            solid(),
            &[("calories", 1000.0)],
            "sodium_mg",
            300.0,
            "sodium"
        ),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "pe.fop.oct",
            "2022-01-01",
            solid(),
            &[],
            "total_sugars_g",
            10.0,
            "sugars"
        ),
        [false, true, true]
    );
    assert_eq!(
        boundary(
            "pe.fop.oct",
            "2022-01-01",
            liquid(1.0),
            &[],
            "sodium_mg",
            100.0,
            "sodium"
        ),
        [false, true, true]
    );
    let r = run(
        "pe.fop.oct",
        &product(&[("total_sugars_g", 12.0)], 100.0, solid()),
        "2022-01-01",
    );
    assert_eq!(
        warning(&r, "sugars").text.as_deref(),
        Some("ALTO EN AZÚCAR")
    );
}

#[test]
fn israel_marks_have_no_text_and_are_unconfirmed() {
    let r = run(
        "il.fop.red",
        &product(&[("sodium_mg", 501.0)], 100.0, solid()),
        "2021-01-01",
    );
    assert!(has(&r, "sodium"));
    assert!(warning(&r, "sodium").text.is_none());
    assert_eq!(
        boundary(
            "il.fop.red",
            "2021-01-01",
            solid(),
            &[],
            "total_sugars_g",
            13.5,
            "sugars"
        ),
        [false, false, true]
    );
}

#[test]
fn singapore_nutri_grade() {
    let g = |sugars: f64, sat: f64, sweet: bool| {
        let mut f = liquid(1.0);
        f.non_nutritive_sweeteners = Some(sweet);
        f.lactose_galactose_g_per_100g = Some(0.0);
        let r = run(
            "sg.fop.ng",
            &product(
                &[("total_sugars_g", sugars), ("saturated_fat_g", sat)],
                250.0,
                f,
            ),
            "2026-01-01",
        );
        match &r.marks[0] {
            Mark::Grade(m) => (m.grade.clone(), r.required),
            _ => panic!(),
        }
    };
    assert_eq!(
        [
            g(1.0, 0.0, false).0,
            g(1.01, 0.0, false).0,
            g(5.0, 0.0, false).0,
            g(5.01, 0.0, false).0,
            g(10.0, 0.0, false).0,
            g(10.01, 0.0, false).0
        ],
        ["A", "B", "B", "C", "C", "D"]
    );
    assert_eq!(
        [
            g(0.0, 0.7, false).0,
            g(0.0, 0.71, false).0,
            g(0.0, 2.8, false).0,
            g(0.0, 2.81, false).0
        ],
        ["A", "B", "C", "D"]
    );
    assert_eq!(g(0.0, 0.0, false).0, "A");
    assert_eq!(g(0.5, 0.1, true).0, "B", "sweetener: B at best");
    assert_eq!(
        g(3.0, 0.1, false),
        ("B".into(), false),
        "A and B are voluntary"
    );
    assert_eq!(
        g(6.0, 0.1, false),
        ("C".into(), true),
        "C and D are mandatory"
    );
    // Lactose and galactose are subtracted from sugars.
    let mut f = liquid(1.0);
    f.non_nutritive_sweeteners = Some(false);
    f.lactose_galactose_g_per_100g = Some(4.8);
    let r = run(
        "sg.fop.ng",
        &product(
            &[("total_sugars_g", 5.5), ("saturated_fat_g", 0.0)],
            250.0,
            f,
        ),
        "2026-01-01",
    );
    let Mark::Grade(m) = &r.marks[0] else {
        panic!()
    };
    assert_eq!(m.grade, "A");
    // Solids are not graded.
    let r = run("sg.fop.ng", &product(&[], 100.0, solid()), "2026-01-01");
    assert!(r.marks.is_empty() && r.notes[0].contains("beverages"));
}

#[test]
fn sri_lanka_colour_codes() {
    let c = |key: &str, v: f64, n: &str| {
        colour(
            &run(
                "lk.fop.solid",
                &product(
                    &[
                        ("total_sugars_g", 0.0),
                        ("sodium_mg", 0.0),
                        ("total_fat_g", 0.0),
                        (key, v),
                    ],
                    100.0,
                    solid(),
                ),
                "2026-01-01",
            ),
            n,
        )
    };
    use Colour::*;
    assert_eq!(
        [
            c("total_sugars_g", 7.99, "sugar"),
            c("total_sugars_g", 8.0, "sugar"),
            c("total_sugars_g", 22.0, "sugar"),
            c("total_sugars_g", 22.01, "sugar")
        ],
        [Green, Amber, Amber, Red]
    );
    assert_eq!(
        [
            c("total_fat_g", 2.99, "fat"),
            c("total_fat_g", 3.0, "fat"),
            c("total_fat_g", 17.5, "fat"),
            c("total_fat_g", 17.51, "fat")
        ],
        [Green, Amber, Amber, Red]
    );
    // Salt 0.25 g = 100 mg sodium; 1.25 g = 500 mg.
    assert_eq!(
        [
            c("sodium_mg", 99.0, "salt"),
            c("sodium_mg", 100.0, "salt"),
            c("sodium_mg", 500.0, "salt"),
            c("sodium_mg", 501.0, "salt")
        ],
        [Green, Amber, Amber, Red]
    );
}

// ---------------------------------------------------------------- on a label

fn uk_label() -> crate::Label {
    let r = recipe(
        4.0,
        Some(150.0),
        vec![ing(
            "Cake",
            600.0,
            &[
                (Nutrient::Calories, 400.0),
                (Nutrient::TotalFatG, 18.0),
                (Nutrient::SaturatedFatG, 4.0),
                (Nutrient::TotalCarbohydrateG, 50.0),
                (Nutrient::TotalSugarsG, 20.0),
                (Nutrient::ProteinG, 5.0),
                (Nutrient::SodiumMg, 480.0),
            ],
        )],
    );
    crate::compute_label(&r, crate::format("uk").unwrap()).unwrap()
}

#[test]
fn a_label_carries_the_schemes_asked_for_and_its_markets_mandatory_ones() {
    let label = uk_label();
    // No mandatory scheme in the UK: nothing unless asked.
    assert!(front_of_pack(&label, &[], &solid(), None, "2026-01-01")
        .unwrap()
        .is_empty());
    let fop = front_of_pack(
        &label,
        &["uk.fop.tl".into(), "cl.fop.alto".into(), "uk.fop.tl".into()],
        &solid(),
        None,
        "2026-01-01",
    )
    .unwrap();
    assert_eq!(fop.len(), 2);
    assert_eq!(fop[0].scheme, "uk.fop.tl");
    assert!(!fop[0].required);
    assert!(
        !fop[1].required,
        "a Chilean scheme is not required on a UK label"
    );
    assert_eq!(
        colour(&fop[0], "sugars"),
        Colour::Red,
        "20 g per 100 g × 150 g = 30 g > 27 g"
    );
    assert!(has(&fop[1], "sodium") && has(&fop[1], "energy") && has(&fop[1], "sugars"));
    let err = front_of_pack(&label, &["xx.fop".into()], &solid(), None, "2026-01-01").unwrap_err();
    assert_eq!(err, FopError::UnknownScheme("xx.fop".into()));
    // Mandatory schemes of the market come without asking.
    let cl = scheme("cl.fop.alto").unwrap();
    let mut chilean = label.clone();
    chilean.format = cl.formats[0].clone();
    let fop = front_of_pack(&chilean, &[], &solid(), None, "2026-01-01").unwrap();
    assert_eq!(fop.len(), 1);
    assert!(fop[0].required);
}

#[test]
fn results_round_trip_through_json() {
    let label = uk_label();
    let mut f = solid();
    f.category = Some(Category::General);
    f.fruit_vegetable_legume_pct = Some(0.0);
    let fop = front_of_pack(
        &label,
        &[
            "uk.fop.tl".into(),
            "cl.fop.alto".into(),
            "eu.fop.nutriscore".into(),
            "sg.fop.ng".into(),
        ],
        &f,
        None,
        "2026-01-01",
    )
    .unwrap();
    let json = serde_json::to_value(&fop).unwrap();
    assert_eq!(json[0]["marks"][1]["colour"], "red");
    assert_eq!(json[1]["marks"][0]["text"], "ALTO EN CALORÍAS");
    assert!(json[2]["missing"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m == "dietary_fiber_g"));
    let back: Vec<FopResult> = serde_json::from_value(json).unwrap();
    assert_eq!(back, fop);
}

#[test]
fn the_label_json_carries_front_of_pack_and_reads_it_back() {
    let mut label = uk_label();
    let plain = serde_json::to_value(&label).unwrap();
    assert!(
        plain.get("front_of_pack").is_none(),
        "absent when empty: old labels unchanged"
    );
    label.front_of_pack =
        front_of_pack(&label, &["uk.fop.tl".into()], &solid(), None, "2026-01-01").unwrap();
    let json = serde_json::to_value(&label).unwrap();
    let fop = &json["front_of_pack"][0];
    assert_eq!(fop["scheme"], "uk.fop.tl");
    assert_eq!(fop["required"], false);
    assert_eq!(fop["marks"][3]["nutrient"], "sugars");
    assert_eq!(fop["marks"][3]["level"], "high");
    assert_eq!(fop["marks"][3]["colour"], "red");
    assert_eq!(fop["marks"][3]["amount"], 30.0);
    let back: crate::Label = serde_json::from_value(json).unwrap();
    assert_eq!(back.front_of_pack, label.front_of_pack);
}

#[test]
fn mexico_seal_size_follows_the_display_area_and_stays_unconfirmed() {
    let d = "2021-01-01";
    // Two seals (energy 300 kcal, sodium 400 mg per 100 g, phase one).
    let salty = [("calories", 300.0), ("sodium_mg", 400.0)];
    let with_area = |area: Option<f64>| {
        let mut f = solid();
        f.free_sugars_g_per_100g = Some(0.0);
        f.principal_display_area_cm2 = area;
        run("mx.fop.oct", &product(&salty, 100.0, f), d)
    };
    assert_eq!(codes(&with_area(None)), ["energy", "sodium"]);
    // Without the area nothing is said about size.
    assert!(with_area(None).mark_size.is_none());
    // Table A1 (transcribed): > 60 and ≤ 100 cm² → 2.0 × 2.22 cm.
    let size = with_area(Some(100.0)).mark_size.unwrap();
    assert_eq!((size.width_cm, size.height_cm), (Some(2.0), Some(2.22)));
    assert!(!size.single_mark);
    assert_eq!(size.status, Status::Unconfirmed);
    // 4.5.3.4.2 (transcribed): 40 cm² or less, one seal for both.
    let small = with_area(Some(40.0)).mark_size.unwrap();
    assert!(small.single_mark);
    assert_eq!(small.width_cm, Some(1.5));
    // ≤ 5 cm²: a share of the surface, not a size.
    let tiny = with_area(Some(4.0)).mark_size.unwrap();
    assert_eq!((tiny.width_cm, tiny.share_of_area_pct), (None, Some(15.0)));
    // No seal, no size.
    let mut f = solid();
    f.free_sugars_g_per_100g = Some(0.0);
    f.principal_display_area_cm2 = Some(100.0);
    let plain = run("mx.fop.oct", &product(&[("calories", 100.0)], 100.0, f), d);
    assert!(plain.marks.is_empty() && plain.mark_size.is_none());
}

#[test]
fn a_display_area_out_of_range_is_refused_by_name() {
    let f = Facts {
        principal_display_area_cm2: Some(0.0),
        ..Facts::default()
    };
    assert_eq!(
        f.validate().map_err(|e| e.0),
        Err("principal_display_area_cm2")
    );
}
