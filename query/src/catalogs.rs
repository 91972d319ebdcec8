//! The reference tables a client picks from: `GET /v1/racc-categories` (the reference
//! amounts of 21 CFR 101.12(b), table 2, that a recipe's `package.racc_category` names) and
//! `GET /v1/fop-schemes` (the front-of-pack schemes a recipe's `front_of_pack` names). Both
//! are the embedded data files as they are, behind the same key and rate limit as every
//! `/v1` resource.

use axum::Json;
use nls_nutrition::fop::data::{Kind, Status};
use nls_nutrition::racc::RaccCategory;
use nls_web::{ApiError, Caller};
use serde::Serialize;

/// `GET /v1/racc-categories`'s answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RaccCategoryList {
    pub data: Vec<RaccCategory>,
}

/// The reference amounts (RACC) of 21 CFR 101.12(b) a package's category names
///
/// Every row of 21 CFR 101.12(b) table 2 that NLS holds (`nutrition/data/racc.json`): the
/// ids a recipe's `package.racc_category` takes, with the table's wording, the reference
/// amount in g or mL (or the household measure the table gives instead), the citation, and
/// whether the row was checked against the law's text (`confirmed`, `notes`).
#[utoipa::path(get, path = "/v1/racc-categories", tag = "Formats", operation_id = "listRaccCategories",
    responses((status = 200, description = "The categories, by product category.", body = RaccCategoryList)),
    security(("apiKey" = []), ("appSession" = [])))]
pub async fn racc_categories(caller: Caller) -> Result<Json<RaccCategoryList>, ApiError> {
    let _ = caller;
    Ok(Json(RaccCategoryList {
        data: nls_nutrition::racc::table().to_vec(),
    }))
}

/// `GET /v1/fop-schemes`'s answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FopSchemeList {
    pub data: Vec<FopSchemeSummary>,
}

/// One front-of-pack scheme: the id a recipe's `front_of_pack` and `fop=` take.
// Members in the order the API has always sent them in (alphabetical, as the JSON objects
// they replaced serialised).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FopSchemeSummary {
    pub citation: String,
    #[schema(examples("uk.fop.tl"))]
    pub id: String,
    pub kind: Kind,
    pub markets: Vec<String>,
    pub name: String,
    /// Mandatory in its markets.
    pub required: bool,
    /// Whether the scheme's data is confirmed against its law.
    pub status: Status,
}

/// The front-of-pack schemes a recipe's front_of_pack names
///
/// Every front-of-pack scheme (`nutrition/data/fop/`): the ids a recipe's `front_of_pack`
/// and `fop=` take, with the scheme's name, kind, markets, whether it is mandatory there,
/// whether its data is confirmed against its law (`status`), and its citation.
#[utoipa::path(get, path = "/v1/fop-schemes", tag = "Formats", operation_id = "listFopSchemes",
    responses((status = 200, description = "The schemes, by id.", body = FopSchemeList)),
    security(("apiKey" = []), ("appSession" = [])))]
pub async fn fop_schemes(caller: Caller) -> Result<Json<FopSchemeList>, ApiError> {
    let _ = caller;
    let schemes = nls_nutrition::fop::schemes().map_err(|e| ApiError::internal(e.clone()))?;
    let data = schemes
        .iter()
        .map(|s| FopSchemeSummary {
            citation: s.citation.clone(),
            id: s.id.clone(),
            kind: s.kind,
            markets: s.markets.clone(),
            name: s.name.clone(),
            required: s.required,
            status: s.status,
        })
        .collect();
    Ok(Json(FopSchemeList { data }))
}
