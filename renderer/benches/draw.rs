//! Drawing one US label: SVG (target < 1 ms), PNG and PDF (targets < 10 ms each).
//! `cargo bench -p nls-renderer -- --quick`
#![allow(clippy::unwrap_used, missing_docs)]

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use nls_renderer::draw::{pdf, png, svg, Fonts, RenderOptions};

fn draw(c: &mut Criterion) {
    let label = common::us_label();
    let fonts = Fonts::bundled().unwrap();
    let options = RenderOptions::default();
    c.bench_function("svg us-standard", |b| {
        b.iter(|| svg(black_box(&label), &options).unwrap())
    });
    c.bench_function("png us-standard 290px x2", |b| {
        b.iter(|| png(black_box(&label), &fonts, &options).unwrap())
    });
    c.bench_function("pdf us-standard", |b| {
        b.iter(|| pdf(black_box(&label), &fonts, &options).unwrap())
    });
}

criterion_group!(benches, draw);
criterion_main!(benches);
