//! Drawing one US label: SVG (target < 1 ms), PNG and PDF (targets < 10 ms each).
//! Beside it, one label per script family (issue 19): the EU table with ingredient names in
//! Arabic, Hebrew, Thai and Chinese, the CJK formats (cn.b1, jp.f2, kr.serv, tw.v.100), and one
//! format of each layout added later (split, text, linear-only, %RI, paired, %DI, energy repeat).
//! `cargo bench -p nls-renderer --bench draw -- --quick`
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

    // Script families, in the same run as the US label.
    let eu = |names: [&str; 3]| {
        let mut recipe = common::eu_recipe();
        for (ing, name) in recipe.ingredients.iter_mut().zip(names) {
            ing.label_name = name.to_string();
        }
        nls_nutrition::compute_label(&recipe, nls_nutrition::format("eu.tab.ri").unwrap()).unwrap()
    };
    let in_format = |id: &str| {
        nls_nutrition::compute_label(&common::eu_recipe(), nls_nutrition::format(id).unwrap())
            .unwrap()
    };
    let labels = [
        ("eu-latin", eu(["Oat flakes", "Wheat flour", "Butter"])),
        ("eu-arabic", eu(["شوفان", "دقيق القمح", "زبدة"])),
        ("eu-hebrew", eu(["שיבולת שועל", "קמח חיטה", "חמאה"])),
        ("eu-thai", eu(["ข้าวโอ๊ต", "แป้งสาลี", "เนย"])),
        ("eu-chinese", eu(["燕麦片", "小麦粉", "黄油"])),
        ("cn.b1", in_format("cn.b1")),
        ("jp.f2", in_format("jp.f2")),
        ("kr.serv", in_format("kr.serv")),
        ("tw.v.100", in_format("tw.v.100")),
        // The layouts added later in issue 19, one format each.
        ("cn.b4 (table-split)", in_format("cn.b4")),
        ("cn.b5 (Chinese text form)", in_format("cn.b5")),
        ("eu.lin.de (linear-only)", in_format("eu.lin.de")),
        ("eu.tab.ri.de (table-ri)", in_format("eu.tab.ri.de")),
        ("ca.std.pair (ca-standard-paired)", in_format("ca.std.pair")),
        ("anz.nip.di (nip with %DI)", in_format("anz.nip.di")),
        ("eu.fop.e.de (energy repeat)", in_format("eu.fop.e.de")),
    ];
    for (name, label) in &labels {
        c.bench_function(&format!("svg {name}"), |b| {
            b.iter(|| svg(black_box(label), &options).unwrap())
        });
        c.bench_function(&format!("png {name} 290px x2"), |b| {
            b.iter(|| png(black_box(label), &fonts, &options).unwrap())
        });
        c.bench_function(&format!("pdf {name}"), |b| {
            b.iter(|| pdf(black_box(label), &fonts, &options).unwrap())
        });
    }
}

criterion_group!(benches, draw);
criterion_main!(benches);
