//! The reference tables a client picks from: `GET /v1/racc-categories` (the reference
//! amounts of 21 CFR 101.12(b), table 2, that a recipe's `package.racc_category` names) and
//! `GET /v1/fop-schemes` (the front-of-pack schemes a recipe's `front_of_pack` names). Both
//! are the embedded data files as they are, behind the same key and rate limit as every
//! `/v1` resource.

use axum::Json;
use nls_web::{ApiError, Caller};
use serde_json::{json, Value};

/// Every RACC category with its wording, reference amount (or household measure),
/// citation, and whether it was checked against the law's text.
pub async fn racc_categories(caller: Caller) -> Result<Json<Value>, ApiError> {
    let _ = caller;
    Ok(Json(json!({ "data": nls_nutrition::racc::table() })))
}

/// Every front-of-pack scheme: its id, name, kind, markets, whether it is mandatory there,
/// whether its data is confirmed, and its citation.
pub async fn fop_schemes(caller: Caller) -> Result<Json<Value>, ApiError> {
    let _ = caller;
    let schemes = nls_nutrition::fop::schemes().map_err(|e| ApiError::internal(e.clone()))?;
    let data: Vec<Value> = schemes
        .iter()
        .map(|s| {
            json!({
                "id": s.id,
                "name": s.name,
                "kind": s.kind,
                "markets": s.markets,
                "required": s.required,
                "status": s.status,
                "citation": s.citation,
            })
        })
        .collect();
    Ok(Json(json!({ "data": data })))
}
