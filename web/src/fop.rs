//! Front-of-pack request parameters as every role reads them: the `fop=` list of scheme
//! ids (analyze, label files, the `fop.{svg,png,pdf}` file), the `front_of_pack_facts` a
//! request may give, and the date the schemes are judged on. Errors are `validation_failed`
//! naming the field.

use std::time::{SystemTime, UNIX_EPOCH};

use nls_nutrition::fop::{self, Facts, FopError};
use nls_nutrition::Label;

use crate::ApiError;

/// At most this many schemes in one request (there are fewer schemes than this).
pub const MAX_SCHEMES: usize = 32;

fn known() -> String {
    fop::schemes()
        .map(|s| {
            s.iter()
                .map(|s| s.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

fn unknown(field: &str, id: &str) -> ApiError {
    let shown: String = id.chars().take(40).collect();
    ApiError::validation(
        field,
        format!("unknown front-of-pack scheme {shown:?}; known: {}", known()),
    )
}

/// Checks a list of scheme ids (`front_of_pack` on a recipe or analysis).
pub fn scheme_ids(field: &str, ids: &[String]) -> Result<Vec<String>, ApiError> {
    if ids.len() > MAX_SCHEMES {
        return Err(ApiError::validation(
            field,
            format!("at most {MAX_SCHEMES} schemes"),
        ));
    }
    let mut out: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids {
        if fop::scheme(id).is_none() {
            return Err(unknown(field, id));
        }
        if !out.contains(id) {
            out.push(id.clone());
        }
    }
    Ok(out)
}

/// Parses `fop=a,b` (comma-separated scheme ids; empty: none).
pub fn scheme_param(field: &str, raw: Option<&str>) -> Result<Vec<String>, ApiError> {
    let ids: Vec<String> = raw
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    scheme_ids(field, &ids)
}

/// Checks the facts' numbers.
pub fn facts(field: &str, facts: Option<Facts>) -> Result<Facts, ApiError> {
    let facts = facts.unwrap_or_default();
    facts
        .validate()
        .map_err(|(f, problem)| ApiError::validation(&format!("{field}.{f}"), problem))?;
    Ok(facts)
}

/// Today's date in UTC, `YYYY-MM-DD`: the day phases are judged on.
pub fn today_utc() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_date(i64::try_from(secs / 86_400).unwrap_or(0))
}

/// The proleptic Gregorian date of `days` since 1970-01-01 (H. Hinnant's civil_from_days).
fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Computes the label's front-of-pack entries (its market's mandatory schemes and `asked`)
/// and sets them on the label.
pub fn attach(
    label: &mut Label,
    asked: &[String],
    facts: &Facts,
    racc_g: Option<f64>,
    field: &str,
) -> Result<(), ApiError> {
    label.front_of_pack =
        fop::front_of_pack(label, asked, facts, racc_g, &today_utc()).map_err(|e| match e {
            FopError::UnknownScheme(id) => unknown(field, &id),
            FopError::Data(e) => ApiError::internal(e),
        })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(19_723), "2024-01-01");
        assert_eq!(civil_date(19_782), "2024-02-29");
        assert_eq!(civil_date(20_454), "2026-01-01");
    }

    #[test]
    fn scheme_lists() {
        assert_eq!(
            scheme_param("fop", Some("uk.fop.tl, eu.fop.nutriscore,uk.fop.tl")).ok(),
            Some(vec![
                "uk.fop.tl".to_string(),
                "eu.fop.nutriscore".to_string()
            ])
        );
        assert_eq!(scheme_param("fop", None).ok(), Some(vec![]));
        assert!(scheme_param("fop", Some("xx")).is_err());
    }
}
