//! Memory of the largest allowed render: RSS before, peak during, and after one PNG at the
//! pixel cap (watermarked, the path holding the most buffers) with the longest statement.
//!
//! `cargo run --release -p nls-renderer --example render_rss`
#![allow(clippy::unwrap_used)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;

use nls_renderer::draw::bounds::{MAX_PIXELS, MAX_STATEMENT_CHARS};
use nls_renderer::draw::{png, png_size, Fonts, RenderOptions};

/// `VmRSS` / `VmHWM` of this process in KiB (Linux).
fn status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

fn main() {
    let fonts = Fonts::bundled().unwrap();
    let mut label = common::us_label();
    let word = "W".repeat(10);
    // As much statement text as a label may print (the sample's "Contains" line included).
    let room = MAX_STATEMENT_CHARS - label.contains_statement.as_deref().map_or(0, str::len);
    label.ingredient_statement = vec![word; room / 11].join(" ");
    // The widest label at the default scale whose PNG stays within the cap (with this much
    // text the height, not the width, runs into it first).
    let options = |width_px: f32| RenderOptions {
        width_px,
        scale: 2.0,
        watermark: true,
    };
    let pixels = |width: f32| {
        let (w, h) = png_size(&label, &options(width)).unwrap();
        u64::from(w) * u64::from(h)
    };
    let (mut low, mut high) = (120.0f32, 2000.0f32);
    assert!(pixels(low) <= MAX_PIXELS);
    for _ in 0..40 {
        let mid = (low + high) / 2.0;
        if pixels(mid) <= MAX_PIXELS {
            low = mid;
        } else {
            high = mid;
        }
    }
    let (w, h) = png_size(&label, &options(low)).unwrap();
    println!(
        "largest allowed PNG: {w} x {h} = {} pixels (cap {MAX_PIXELS}), width {low:.1} at \
         scale 2, statement {} chars",
        u64::from(w) * u64::from(h),
        label.ingredient_statement.chars().count()
    );
    // Warm the glyph cache and the allocator with a small render first.
    png(&label, &fonts, &RenderOptions::default()).unwrap();
    // Plain first, then watermarked: the peak (VmHWM) only grows.
    for watermark in [false, true] {
        let before = status_kib("VmRSS:");
        let started = Instant::now();
        let bytes = png(
            &label,
            &fonts,
            &RenderOptions {
                watermark,
                ..options(low)
            },
        )
        .unwrap();
        let took = started.elapsed();
        let peak = status_kib("VmHWM:");
        let after = status_kib("VmRSS:");
        println!(
            "watermark {watermark}: file {} KiB, drawn in {} ms; RSS before {} MiB, peak {} MiB \
             (+{} MiB), after {} MiB",
            bytes.len() / 1024,
            took.as_millis(),
            before / 1024,
            peak / 1024,
            peak.saturating_sub(before) / 1024,
            after / 1024
        );
    }
}
