//! `GET /v1/countries`: every country a label format of the catalog serves, with its
//! formats, the format it gets by default, and the front-of-pack schemes of its market
//! (whether one is mandatory there).

use axum::Json;
use nls_nutrition::countries::{self, Country};
use nls_nutrition::fop::Status;
use nls_nutrition::Format;
use nls_web::{ApiError, ApiQuery, Caller};
use serde::{Deserialize, Serialize};

/// The list's filters.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct CountryFilter {
    /// Regime family id: countries whose labels follow it.
    #[param(example = "eu-1169")]
    pub family: Option<String>,
}

/// `GET /v1/countries`' answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CountryList {
    pub data: Vec<CountryView>,
}

/// A served country.
// Members in the order the API has always sent them in (alphabetical, as the JSON objects
// they replaced serialised).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CountryView {
    #[schema(example = "DE")]
    pub code: String,
    /// The format it gets by default (a label format in its first language).
    pub default_format: Option<String>,
    /// The default format's status (`in_force`, `proposed`, `draft`, `repealed`): `draft`
    /// where every format of the country is one (its `notes` in `GET /v1/formats/{id}` say
    /// what is unconfirmed).
    pub default_format_status: Option<String>,
    /// Its regime family.
    pub family: Option<String>,
    /// The formats serving it.
    pub formats: Vec<String>,
    /// The front-of-pack schemes of its market.
    pub front_of_pack: Vec<MarketScheme>,
    /// Whether one of them is mandatory.
    pub front_of_pack_mandatory: bool,
    /// Label languages, in order.
    pub languages: Vec<String>,
    pub name: String,
    pub notes: Option<String>,
}

/// A front-of-pack scheme of a country's market.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MarketScheme {
    pub required: bool,
    pub scheme: String,
    pub status: Status,
}

/// Every served country with its formats, default format and front-of-pack schemes
///
/// Countries a label format of the catalog serves, in the order of our reference
/// (FORMATS.md §2; countries a format names but the reference lacks come last, by code),
/// each with its regime family and label languages, the formats serving it, the format it
/// gets by default (a label format in its first language), and the front-of-pack schemes
/// of its market with whether one is mandatory.
#[utoipa::path(get, path = "/v1/countries", tag = "Formats", operation_id = "listCountries",
    params(CountryFilter),
    responses((status = 200, description = "Served countries.", body = CountryList)),
    security(("apiKey" = []), ("appSession" = [])))]
pub async fn list(
    caller: Caller,
    ApiQuery(filter): ApiQuery<CountryFilter>,
) -> Result<Json<CountryList>, ApiError> {
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
    let data = codes
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
            let front_of_pack = schemes
                .iter()
                .filter(|s| s.markets.iter().any(|m| m == code))
                .map(|s| MarketScheme {
                    required: s.required,
                    scheme: s.id.clone(),
                    status: s.status,
                })
                .collect();
            let mandatory = schemes
                .iter()
                .any(|s| s.required && s.markets.iter().any(|m| m == code));
            let default = countries::default_format(code, &formats);
            Some(CountryView {
                code: code.clone(),
                default_format: default.map(|f| f.id.clone()),
                default_format_status: default.map(|f| f.status.clone()),
                family: known.map(|c| c.family.clone()),
                formats: served.into_iter().map(str::to_owned).collect(),
                front_of_pack,
                front_of_pack_mandatory: mandatory,
                languages: known.map(|c| c.languages.clone()).unwrap_or_default(),
                name: known.map_or(code.clone(), |c: &Country| c.name.clone()),
                notes: known.map(|c| c.notes.clone()).filter(|n| !n.is_empty()),
            })
        })
        .collect();
    Ok(Json(CountryList { data }))
}
