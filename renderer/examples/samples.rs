//! Writes the sample labels to `docs/` (PNG, SVG and PDF) for review:
//! `cargo run -p nls-renderer --example samples`.
#![allow(clippy::unwrap_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use nls_renderer::draw::{pdf, png, svg, Fonts, RenderOptions};

fn main() {
    let fonts = Fonts::bundled().unwrap();
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs");
    let options = RenderOptions::default();
    for (name, label) in [
        ("label-us-standard", common::us_label()),
        ("label-us-less-than", common::us_less_than_label()),
        ("label-eu-1169", common::eu_label()),
    ] {
        std::fs::write(
            docs.join(format!("{name}.png")),
            png(&label, &fonts, &options).unwrap(),
        )
        .unwrap();
        if std::env::var_os("NLS_SAMPLES_ALL").is_some() {
            std::fs::write(
                docs.join(format!("{name}.svg")),
                svg(&label, &options).unwrap(),
            )
            .unwrap();
            std::fs::write(
                docs.join(format!("{name}.pdf")),
                pdf(&label, &fonts, &options).unwrap(),
            )
            .unwrap();
        }
    }
    // Multi-column labels at 1.5 times the width, so their type is as large as the
    // single-column sample's.
    let wide = RenderOptions {
        width_px: 435.0,
        ..options
    };
    for (name, label) in [
        ("label-us-dual-pkg", common::us_dual_pkg_label()),
        ("label-us-dual-prep", common::us_dual_prep_label()),
        ("label-us-aggr", common::us_aggr_label()),
    ] {
        std::fs::write(
            docs.join(format!("{name}.png")),
            png(&label, &fonts, &wide).unwrap(),
        )
        .unwrap();
    }
    // The other US layouts; the wide ones (tabular, linear) at a width that keeps their type
    // readable on screen.
    for (name, label, width_px) in [
        ("label-us-tab", common::us_label_in("us.tab"), 640.0),
        ("label-us-lin", common::us_label_in("us.lin"), 640.0),
        ("label-us-simpl", common::us_simplified_label(), 290.0),
        (
            "label-us-child13",
            common::us_label_in("us.v.child13"),
            290.0,
        ),
        ("label-us-infant", common::us_label_in("us.v.infant"), 290.0),
        ("label-us-en-es", common::us_label_in("us.v.en-es"), 290.0),
    ] {
        let options = RenderOptions {
            width_px,
            ..options
        };
        std::fs::write(
            docs.join(format!("{name}.png")),
            png(&label, &fonts, &options).unwrap(),
        )
        .unwrap();
    }
    let free = RenderOptions {
        watermark: true,
        ..options
    };
    std::fs::write(
        docs.join("label-us-standard-watermark.png"),
        png(&common::us_label(), &fonts, &free).unwrap(),
    )
    .unwrap();
}
