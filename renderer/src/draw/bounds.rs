//! What one render may cost, checked before anything is drawn or allocated.
//!
//! A label's height follows its content, so the size of a PNG depends on the width, the
//! scale *and* the text: a long ingredient statement at `width` 2000 and `scale` 8 once asked
//! for 7 gigapixels. Two limits keep every render small:
//!
//! - [`MAX_STATEMENT_CHARS`] per printed statement (checked on the label, before layout), so
//!   layout, SVG and PDF stay proportional to a bounded text;
//! - [`MAX_PIXELS`] per PNG, checked on the laid-out scene (whose height is known before a
//!   pixel buffer exists).
//!
//! The PNG path holds at most about 8 bytes per pixel at once (the watermarked path: grey
//! buffer, RGBA pixmap, RGB copy for the encoder; 2 bytes without the watermark), so one
//! render stays within roughly `8 × MAX_PIXELS` = 128 MiB plus the encoded file. The
//! measured figure is in BENCHMARKS.md.

use nls_nutrition::Label;

use super::RenderError;

/// Pixels per PNG (width × height): 16 MiB, e.g. 4096 × 4096, or a 300 dpi print of a
/// 4 × 8 inch label (1200 × 2400) seven times over.
pub const MAX_PIXELS: u64 = 16 * 1024 * 1024;

/// Printed characters of a label's statements together (ingredients and "Contains").
/// Real ingredient statements stay under a few thousand characters; at the default size
/// (290 px, scale 2) a label with this much statement text, in the widest letters, is still
/// well under [`MAX_PIXELS`], so every label that passes draws at the default size.
pub const MAX_STATEMENT_CHARS: usize = 10_000;

/// Characters of a printed serving size's household measure: the recipe's own rule
/// (`serving_size_text`, 1 to 100 characters), applied to a label sent for export too.
pub const MAX_SERVING_TEXT_CHARS: usize = 100;

/// Characters of any other printed value (`display`, a food's name): the longest a label
/// computes is the simplified format's "Not a significant source of …" list, a few hundred.
pub const MAX_VALUE_CHARS: usize = 1_000;

/// Refuses a label whose statements together are longer than [`MAX_STATEMENT_CHARS`],
/// naming the longest, and one whose serving size or other printed values are longer than
/// a computed label's can be (issue 28: an export's `data` is any label a client sends, and
/// 900 KB of `serving_size.text` drew a 6.7 MB SVG).
pub fn check_statements(label: &Label) -> Result<(), RenderError> {
    let too_long = |field: &'static str, chars: usize, max: usize| {
        (chars > max).then_some(RenderError::StatementTooLong { field, chars, max })
    };
    let serving = label
        .serving_size
        .text
        .as_deref()
        .map_or(0, |t| t.chars().count());
    if let Some(e) = too_long("serving_size.text", serving, MAX_SERVING_TEXT_CHARS) {
        return Err(e);
    }
    let longest_value = label
        .display
        .values()
        .chain(label.foods.iter().map(|f| &f.name))
        .chain(
            label
                .foods
                .iter()
                .filter_map(|f| f.serving_size.text.as_ref()),
        )
        .map(|v| v.chars().count())
        .max()
        .unwrap_or(0);
    if let Some(e) = too_long("display", longest_value, MAX_VALUE_CHARS) {
        return Err(e);
    }
    let mut ingredients = (
        "ingredient_statement",
        label.ingredient_statement.chars().count(),
    );
    if let Some(html) = &label.ingredient_statement_html {
        // Layouts with allergen emphasis print the HTML form; the plain one is only read aloud.
        let html = printed_chars(html);
        if html > ingredients.1 {
            ingredients = ("ingredient_statement_html", html);
        }
    }
    let contains = (
        "contains_statement",
        label
            .contains_statement
            .as_deref()
            .map_or(0, |c| c.chars().count()),
    );
    let foods: usize = label
        .foods
        .iter()
        .map(|f| f.ingredient_statement.chars().count())
        .sum();
    // The other languages' statements print too (the first's are the fields above).
    let others: usize = label
        .statements
        .iter()
        .skip(1)
        .map(|s| {
            let html = s
                .ingredient_statement_html
                .as_deref()
                .map_or(0, printed_chars);
            let contains = s
                .contains_statement
                .as_deref()
                .map_or(0, |c| c.chars().count());
            s.ingredient_statement.chars().count().max(html) + contains
        })
        .sum();
    let foods = foods.saturating_add(others);
    let chars = ingredients
        .1
        .saturating_add(contains.1)
        .saturating_add(foods);
    if chars <= MAX_STATEMENT_CHARS {
        return Ok(());
    }
    let field = if contains.1 > ingredients.1 {
        contains.0
    } else {
        ingredients.0
    };
    Err(RenderError::StatementTooLong {
        field,
        chars,
        max: MAX_STATEMENT_CHARS,
    })
}

/// Characters of `html` outside its tags, an entity (`&amp;`) counting as the one
/// character it prints, so the HTML form measures like the plain statement the write
/// path bounded.
fn printed_chars(html: &str) -> usize {
    let mut inside_tag = false;
    let mut inside_entity = false;
    html.chars()
        .filter(|c| match c {
            '<' => {
                inside_tag = true;
                false
            }
            '>' if inside_tag => {
                inside_tag = false;
                false
            }
            _ if inside_tag => false,
            '&' => {
                inside_entity = true;
                true
            }
            ';' if inside_entity => {
                inside_entity = false;
                false
            }
            _ => !inside_entity,
        })
        .count()
}

/// Refuses a laid-out label larger than a PNG of it at scale 1 may be: SVG and PDF are
/// bounded like PNG, on the scene, before any of them is written.
pub fn check_scene(width_px: f32, base_width: f32, height: f32) -> Result<(), RenderError> {
    let height_px = (f64::from(height) * f64::from(width_px) / f64::from(base_width)).ceil();
    let height_px = if height_px.is_finite() && height_px >= 0.0 {
        height_px as u64
    } else {
        u64::MAX
    };
    check_pixels(width_px.ceil() as u64, height_px)
}

/// Refuses a `width` × `height` PNG with more than [`MAX_PIXELS`] pixels.
pub fn check_pixels(width: u64, height: u64) -> Result<(), RenderError> {
    let pixels = width.saturating_mul(height);
    if pixels > MAX_PIXELS {
        Err(RenderError::ImageTooLarge {
            width,
            height,
            max_pixels: MAX_PIXELS,
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixels_are_bounded_by_their_product() {
        assert!(check_pixels(4096, 4096).is_ok());
        assert!(check_pixels(4096, 4097).is_err());
        assert!(check_pixels(16_000, 453_683).is_err());
        assert!(check_pixels(u64::MAX, u64::MAX).is_err());
    }

    #[test]
    fn a_scene_is_bounded_like_a_png_at_scale_1() {
        assert!(check_scene(290.0, 290.0, 57_000.0).is_ok());
        assert!(check_scene(290.0, 290.0, 1_100_000.0).is_err());
        assert!(check_scene(2000.0, 290.0, 3_000.0).is_err());
        assert!(check_scene(290.0, 290.0, f32::INFINITY).is_err());
    }

    #[test]
    fn tags_are_not_printed_characters() {
        assert_eq!(printed_chars("<b>Milk</b>, oats"), 10);
        assert_eq!(printed_chars("M&amp;M<b>&lt;</b>"), 4);
        assert_eq!(printed_chars("a < b"), 2);
    }
}
