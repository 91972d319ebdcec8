//! The printed serving size line (21 CFR 101.9(b)(5), (b)(7)): the household measure, then
//! the metric amount in parentheses, `"2 cookies (43g)"`.

/// The metric amount as printed: whole grams from 10 g, tenths below (the precision the
/// renderer has always printed a bare serving weight with).
pub fn metric_grams(g: f64) -> String {
    let rounded = if g >= 10.0 {
        g.round()
    } else {
        (g * 10.0).round() / 10.0
    };
    format!("{}g", crate::rounding::number(rounded))
}

/// Whether `text` already gives a metric amount in parentheses, e.g. `"1 slice (60g)"`,
/// `"1 cup (240 mL)"`, `"2 tbsp (30 g)"`.
pub fn has_metric_in_parentheses(text: &str) -> bool {
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let after = &rest[open + 1..];
        let Some(close) = after.find(')') else {
            return false;
        };
        if is_metric_amount(&after[..close]) {
            return true;
        }
        rest = &after[close + 1..];
    }
    false
}

/// `"60g"`, `"240 mL"`, `"1.5 kg"`: a number then a metric unit of mass or volume.
fn is_metric_amount(inner: &str) -> bool {
    let inner = inner.trim();
    let digits = inner
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(inner.len());
    if digits == 0 {
        return false;
    }
    let unit = inner[digits..].trim().to_ascii_lowercase();
    matches!(unit.as_str(), "g" | "mg" | "kg" | "ml" | "l" | "cl" | "dl")
}

/// The serving line: `text` followed by the metric amount unless it already gives one; the
/// metric amount alone without a household measure (`None` or blank).
pub fn household_then_metric(text: Option<&str>, grams: f64) -> String {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) if has_metric_in_parentheses(t) => t.to_string(),
        Some(t) => format!("{t} ({})", metric_grams(grams)),
        None => metric_grams(grams),
    }
}
