//! The label's rules (its bars and lines: axis-aligned rectangles) as exact pixel coverage.
//!
//! Why not fill them as a path: a supersampled fill gives the rows of one bar slightly
//! different edge values depending on where each sample lands, so no two rule rows are the
//! same bytes and the PNG's deflate finds nothing to repeat. Here a pixel's coverage is the
//! area of the union of the rectangles inside it, computed exactly and rounded to the 16 levels
//! of the 4-bit PNG: every row inside a bar is the same bytes, and a rule's edge rows are the
//! same all along it.

use super::grey_png::GREY_STEP;

/// A rectangle in device pixels: `x0 < x1`, `y0 < y1`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct DeviceRect {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

impl DeviceRect {
    /// The rectangle between two corners, or `None` when it is empty or not finite.
    pub(crate) fn new(x0: f32, y0: f32, x1: f32, y1: f32) -> Option<DeviceRect> {
        let finite = [x0, y0, x1, y1].iter().all(|v| v.is_finite());
        (finite && x0 < x1 && y0 < y1).then_some(DeviceRect { x0, y0, x1, y1 })
    }
}

/// Levels of coverage: the 4-bit PNG's 16 (0, 17, …, 255 once scaled).
const LEVELS: f32 = 15.0;

/// The grey image (white = 255, `width` × `height`) of `rects` in black: each pixel darkened
/// by the exact area of the union of the rectangles inside it, in 16 levels.
pub(crate) fn draw(rects: &[DeviceRect], width: usize, height: usize) -> Vec<u8> {
    let mut grey = vec![255u8; width * height];
    if width == 0 || height == 0 {
        return grey;
    }
    let (w, h) = (width as f32, height as f32);
    // Only the parts inside the image can cover a pixel.
    let mut rects: Vec<DeviceRect> = rects
        .iter()
        .filter_map(|r| DeviceRect::new(r.x0.max(0.0), r.y0.max(0.0), r.x1.min(w), r.y1.min(h)))
        .collect();
    rects.sort_by(|a, b| a.y0.total_cmp(&b.y0));

    let mut area = vec![0f32; width];
    let mut active: Vec<DeviceRect> = Vec::new();
    let mut cuts: Vec<f32> = Vec::new();
    let mut spans: Vec<(f32, f32)> = Vec::new();
    let mut touched: Vec<(usize, usize)> = Vec::new();
    let mut next = 0;
    for row in 0..height {
        let (top, bottom) = (row as f32, row as f32 + 1.0);
        // The rectangles that reach into this row: those begun before its bottom and not
        // ended by its top.
        while next < rects.len() && rects[next].y0 < bottom {
            active.push(rects[next]);
            next += 1;
        }
        active.retain(|r| r.y1 > top);
        if active.is_empty() {
            continue;
        }
        // Within the row, the bands between the rectangles' top and bottom edges each have
        // one set of rectangles across their whole height: the union there is a set of
        // x-intervals, whose coverage times the band's height adds to each pixel's area.
        cuts.clear();
        cuts.extend([top, bottom]);
        for r in &active {
            cuts.extend([r.y0, r.y1].into_iter().filter(|y| *y > top && *y < bottom));
        }
        cuts.sort_by(f32::total_cmp);
        cuts.dedup();
        // Only the columns a rectangle reaches are written: a row crossed by the label's
        // left and right borders touches a few pixels, not its whole width.
        touched.clear();
        for band in cuts.windows(2) {
            let (b0, b1) = (band[0], band[1]);
            spans.clear();
            spans.extend(
                active
                    .iter()
                    .filter(|r| r.y0 <= b0 && r.y1 >= b1)
                    .map(|r| (r.x0, r.x1)),
            );
            if spans.is_empty() {
                continue;
            }
            spans.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut merged = spans[0];
            for &(x0, x1) in &spans[1..] {
                if x0 <= merged.1 {
                    merged.1 = merged.1.max(x1);
                } else {
                    touched.push(add_span(&mut area, merged, b1 - b0));
                    merged = (x0, x1);
                }
            }
            touched.push(add_span(&mut area, merged, b1 - b0));
        }
        let line = &mut grey[row * width..(row + 1) * width];
        for &(first, last) in &touched {
            for (g, a) in line[first..=last].iter_mut().zip(&area[first..=last]) {
                // Rounded to the nearest level (the area is not negative).
                let level = (a.clamp(0.0, 1.0) * LEVELS + 0.5) as u8;
                *g = 255 - level * GREY_STEP;
            }
        }
        // Ranges may overlap: clear the areas once every pixel is written.
        for &(first, last) in &touched {
            area[first..=last].fill(0.0);
        }
    }
    grey
}

/// Adds `height` × the overlap of `[x0, x1)` with each pixel column to `area`; returns the
/// first and last column reached.
fn add_span(area: &mut [f32], (x0, x1): (f32, f32), height: f32) -> (usize, usize) {
    // `x0 < x1` within `0..=area.len()` (rectangles are clipped to the image).
    let first = (x0.floor() as usize).min(area.len() - 1);
    let last = ((x1.ceil() as usize).max(first + 1) - 1).min(area.len() - 1);
    if first == last {
        area[first] += (x1 - x0) * height;
        return (first, last);
    }
    // The end columns in part, every column between them whole.
    area[first] += (first as f32 + 1.0 - x0) * height;
    area[last] += (x1 - last as f32) * height;
    for a in &mut area[first + 1..last] {
        *a += height;
    }
    (first, last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> DeviceRect {
        DeviceRect::new(x0, y0, x1, y1).expect("rect")
    }

    #[test]
    fn whole_pixels_are_black_and_the_rest_white() {
        let g = draw(&[rect(1.0, 1.0, 3.0, 2.0)], 4, 3);
        assert_eq!(g, [255, 255, 255, 255, 255, 0, 0, 255, 255, 255, 255, 255]);
    }

    #[test]
    fn partial_pixels_are_their_area_in_16_levels() {
        // Half a pixel high, a quarter and three quarters wide at the ends.
        let g = draw(&[rect(0.75, 0.5, 2.25, 1.0)], 3, 1);
        let level = |a: f32| 255 - ((a * 15.0).round() as u8) * 17;
        assert_eq!(g, [level(0.125), level(0.5), level(0.125)]);
    }

    #[test]
    fn overlaps_count_once_and_abutting_rectangles_add_up() {
        // Two rectangles over the same half pixel: half covered, not whole.
        let g = draw(&[rect(0.0, 0.0, 0.5, 1.0), rect(0.0, 0.0, 0.5, 1.0)], 1, 1);
        assert_eq!(g, [255 - 8 * 17]);
        // Two halves side by side, and two halves one above the other: whole.
        let g = draw(&[rect(0.0, 0.0, 0.5, 1.0), rect(0.5, 0.0, 1.0, 1.0)], 1, 1);
        assert_eq!(g, [0]);
        let g = draw(&[rect(0.0, 0.0, 1.0, 0.5), rect(0.0, 0.5, 1.0, 1.0)], 1, 1);
        assert_eq!(g, [0]);
        // An L: a quarter pixel's square in the corner counted once (3/4 covered).
        let g = draw(&[rect(0.0, 0.0, 1.0, 0.5), rect(0.0, 0.0, 0.5, 1.0)], 1, 1);
        assert_eq!(g, [255 - 11 * 17]);
    }

    #[test]
    fn rows_of_a_bar_are_the_same_bytes() {
        let g = draw(&[rect(3.3, 2.6, 50.7, 9.2)], 60, 12);
        let rows: Vec<&[u8]> = g.chunks_exact(60).collect();
        for r in &rows[4..9] {
            assert_eq!(*r, rows[3]);
        }
        assert_ne!(rows[2], rows[3], "the top edge row is lighter");
    }

    #[test]
    fn parts_outside_the_image_are_clipped() {
        let g = draw(
            &[rect(-5.0, -5.0, 1.5, 0.5), rect(1.0, 1.0, 9.0, 9.0)],
            2,
            2,
        );
        assert_eq!(g, [255 - 8 * 17, 255 - 4 * 17, 255, 0]);
    }

    #[test]
    fn empty_or_not_finite_rectangles_are_none() {
        assert!(DeviceRect::new(1.0, 1.0, 1.0, 2.0).is_none());
        assert!(DeviceRect::new(0.0, 0.0, f32::NAN, 2.0).is_none());
        assert!(DeviceRect::new(2.0, 0.0, 1.0, 2.0).is_none());
    }
}
