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

/// Refuses a label whose statements together are longer than [`MAX_STATEMENT_CHARS`],
/// naming the longest.
pub fn check_statements(label: &Label) -> Result<(), RenderError> {
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
    let chars = ingredients.1.saturating_add(contains.1);
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
    fn tags_are_not_printed_characters() {
        assert_eq!(printed_chars("<b>Milk</b>, oats"), 10);
        assert_eq!(printed_chars("M&amp;M<b>&lt;</b>"), 4);
        assert_eq!(printed_chars("a < b"), 2);
    }
}
