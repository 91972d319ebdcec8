//! Front-of-pack: every scheme computed for one label (target < 0.1 ms together) and each
//! element drawn (as fast as the labels: SVG < 1 ms, PNG and PDF < 10 ms), with the US label
//! drawn in the same run for comparison.
//! `cargo bench -p nls-renderer --bench fop -- --quick`
#![allow(clippy::unwrap_used, missing_docs)]

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use nls_nutrition::fop::{front_of_pack, schemes, Added, Category, Facts, State};
use nls_renderer::draw::{fop, pdf, png, svg, Fonts, RenderOptions};

fn facts() -> Facts {
    Facts {
        state: Some(State::Solid),
        free_sugars_g_per_100g: Some(20.0),
        fruit_vegetable_legume_pct: Some(10.0),
        non_nutritive_sweeteners: Some(false),
        caffeine: Some(false),
        category: Some(Category::General),
        lactose_galactose_g_per_100g: Some(0.0),
        density_g_per_ml: Some(1.0),
        added_critical_nutrients: Some(vec![Added::FreeSugars, Added::Fats, Added::Sodium]),
        reference_amount_g: Some(30.0),
        principal_display_area_cm2: None,
    }
}

fn bench(c: &mut Criterion) {
    let label = common::eu_label();
    let ids: Vec<String> = schemes().unwrap().iter().map(|s| s.id.clone()).collect();
    let facts = facts();
    c.bench_function("fop all 14 schemes, one label", |b| {
        b.iter(|| front_of_pack(black_box(&label), &ids, &facts, Some(30.0), "2026-06-01").unwrap())
    });
    let fonts = Fonts::bundled().unwrap();
    let options = RenderOptions::default();
    let us = common::us_label();
    c.bench_function("label svg us-standard", |b| {
        b.iter(|| svg(black_box(&us), &options).unwrap())
    });
    c.bench_function("label png us-standard 290px x2", |b| {
        b.iter(|| png(black_box(&us), &fonts, &options).unwrap())
    });
    c.bench_function("label pdf us-standard", |b| {
        b.iter(|| pdf(black_box(&us), &fonts, &options).unwrap())
    });
    let results = front_of_pack(&label, &ids, &facts, Some(30.0), "2026-06-01").unwrap();
    for id in [
        "cl.fop.alto",
        "mx.fop.oct",
        "ca.fop.h.bi",
        "uk.fop.tl",
        "eu.fop.nutriscore",
    ] {
        let r = results.iter().find(|r| r.scheme == id).unwrap();
        c.bench_function(&format!("fop svg {id}"), |b| {
            b.iter(|| fop::svg(black_box(r), &options).unwrap())
        });
        c.bench_function(&format!("fop png {id} 290px x2"), |b| {
            b.iter(|| fop::png(black_box(r), &fonts, &options).unwrap())
        });
        c.bench_function(&format!("fop pdf {id}"), |b| {
            b.iter(|| fop::pdf(black_box(r), &fonts, &options).unwrap())
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
