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
    label.ingredient_statement = vec![word; MAX_STATEMENT_CHARS / 11].join(" ");
    // The largest scale at the largest width whose PNG stays within the cap.
    let options = |scale: f32| RenderOptions {
        width_px: 2000.0,
        scale,
        watermark: true,
    };
    let pixels = |scale: f32| {
        let (w, h) = png_size(&label, &options(scale)).unwrap();
        u64::from(w) * u64::from(h)
    };
    let (mut low, mut high) = (0.5f32, 8.0f32);
    for _ in 0..40 {
        let mid = (low + high) / 2.0;
        if pixels(mid) <= MAX_PIXELS {
            low = mid;
        } else {
            high = mid;
        }
    }
    let (w, h) = png_size(&label, &options(low)).unwrap();
    // Warm the glyph cache and the allocator with a small render first.
    png(&label, &fonts, &RenderOptions::default()).unwrap();
    let before = status_kib("VmRSS:");
    let started = Instant::now();
    let bytes = png(&label, &fonts, &options(low)).unwrap();
    let took = started.elapsed();
    let peak = status_kib("VmHWM:");
    let after = status_kib("VmRSS:");
    println!(
        "largest allowed PNG: {w} x {h} = {} pixels (cap {MAX_PIXELS}), scale {low:.3}, \
         statement {} chars, watermark",
        u64::from(w) * u64::from(h),
        label.ingredient_statement.chars().count()
    );
    println!(
        "file {} KiB, drawn in {} ms; RSS before {} MiB, peak {} MiB (+{} MiB), after {} MiB",
        bytes.len() / 1024,
        took.as_millis(),
        before / 1024,
        peak / 1024,
        peak.saturating_sub(before) / 1024,
        after / 1024
    );
}
