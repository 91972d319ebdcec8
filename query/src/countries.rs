//! `GET /v1/countries`: every country a label format of the catalog serves, with its
//! formats, the format it gets by default, and the front-of-pack schemes of its market
//! (whether one is mandatory there).

use axum::Json;
use nls_nutrition::countries::{self, Country};
use nls_nutrition::Format;
use nls_web::{ApiError, ApiQuery, Caller};
use serde::Deserialize;
use serde_json::{json, Value};

/// The list's filters.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountryFilter {
    /// A family id: countries whose labels follow it.
    pub family: Option<String>,
}

/// Every served country, in the reference's order (countries a format names but the
/// reference lacks come last, by code).
pub async fn list(
    caller: Caller,
    ApiQuery(filter): ApiQuery<CountryFilter>,
) -> Result<Json<Value>, ApiError> {
    let _ = caller;
    let family = filter.family.map(|f| f.trim().to_ascii_lowercase());
    let formats: Vec<&Format> = nls_nutrition::formats().iter().collect();
    let schemes = nls_nutrition::fop::schemes().map_err(|e| ApiError::internal(e.clone()))?;
    let mut codes: Vec<String> = countries::all().iter().map(|c| c.code.clone()).collect();
    let mut extra: Vec<String> = formats
        .iter()
        .flat_map(|f| f.countries.iter().cloned())
        .filter(|c| !codes.contains(c))
        .collect();
    extra.sort();
    extra.dedup();
    codes.extend(extra);
    let data: Vec<Value> = codes
        .iter()
        .filter_map(|code| {
            let served: Vec<&str> = formats
                .iter()
                .filter(|f| f.countries.iter().any(|c| c == code))
                .map(|f| f.id.as_str())
                .collect();
            if served.is_empty() {
                return None;
            }
            let known = countries::country(code);
            if let (Some(fam), Some(c)) = (&family, known) {
                if &c.family != fam {
                    return None;
                }
            }
            let front_of_pack: Vec<Value> = schemes
                .iter()
                .filter(|s| s.markets.iter().any(|m| m == code))
                .map(|s| json!({ "scheme": s.id, "required": s.required, "status": s.status }))
                .collect();
            let mandatory = schemes
                .iter()
                .any(|s| s.required && s.markets.iter().any(|m| m == code));
            let default = countries::default_format(code, &formats);
            Some(json!({
                "code": code,
                "name": known.map_or(code.as_str(), |c: &Country| c.name.as_str()),
                "family": known.map(|c| c.family.as_str()),
                "languages": known.map(|c| c.languages.clone()).unwrap_or_default(),
                "formats": served,
                "default_format": default.map(|f| f.id.as_str()),
                "default_format_status": default.map(|f| f.status.as_str()),
                "front_of_pack": front_of_pack,
                "front_of_pack_mandatory": mandatory,
                "notes": known.map(|c| c.notes.as_str()).filter(|n| !n.is_empty()),
            }))
        })
        .collect();
    Ok(Json(json!({ "data": data })))
}
