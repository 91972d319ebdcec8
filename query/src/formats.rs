//! `GET /v1/formats` and `GET /v1/formats/{id}`: the label formats the service offers, from
//! the embedded data files (public data, behind the same key and rate limit as every `/v1`
//! resource).

use axum::extract::Path;
use axum::Json;
use nls_web::formats::{light_representation, representation, FormatLightView, FormatView};
use nls_web::{ApiError, ApiQuery, Caller};
use serde::{Deserialize, Serialize};

/// The list's filters.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct FormatFilter {
    /// ISO 3166-1 alpha-2 code (any case): formats serving that country.
    #[param(example = "GB")]
    pub country: Option<String>,
    /// A regime family id (`us-fda`, `eu-1169`, `uk`).
    #[param(example = "eu-1169")]
    pub family: Option<String>,
    /// `light`: each format's `id`, `aliases`, `name`, `family`, `countries`, `plan`,
    /// `status` and `role` only (a picker's list, a tenth of the full one); `full`
    /// (default): every field. Another value: 400 `validation_failed`.
    #[param(inline, value_type = Option<ListView>)]
    pub view: Option<String>,
}

/// The views of the list.
// Only documents the `view` parameter, which is read as a string so that an unknown value
// gets the API's own 400 `validation_failed`.
#[derive(utoipa::ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)]
enum ListView {
    Light,
    Full,
}

/// Every format in catalog order, as `GET /v1/formats` answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FormatList {
    /// `Format`s, or with `view=light` `FormatLight`s.
    pub data: Vec<FormatEntry>,
}

/// One item of the list: the whole format, or its light view.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum FormatEntry {
    Full(FormatView),
    Light(FormatLightView),
}

// Written by hand: the derive would document an untagged enum as `oneOf`, and a full
// format is also a valid light one to a reader that allows unknown members, so `anyOf`.
impl utoipa::PartialSchema for FormatEntry {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::AnyOfBuilder;
        use utoipa::openapi::Ref;
        AnyOfBuilder::new()
            .item(Ref::from_schema_name("Format"))
            .item(Ref::from_schema_name("FormatLight"))
            .into()
    }
}

impl utoipa::ToSchema for FormatEntry {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use utoipa::PartialSchema;
        schemas.push(("Format".into(), FormatView::schema()));
        schemas.push(("FormatLight".into(), FormatLightView::schema()));
        <FormatView as utoipa::ToSchema>::schemas(schemas);
    }
}

/// The label formats offered, filtered by country and family
///
/// Every format, filtered by `country` and `family`, in catalog order.
#[utoipa::path(get, path = "/v1/formats", tag = "Formats", operation_id = "listFormats",
    params(FormatFilter),
    responses((status = 200, description = "Formats in catalog order.", body = FormatList)),
    security(("apiKey" = []), ("appSession" = [])))]
pub async fn list(
    caller: Caller,
    ApiQuery(filter): ApiQuery<FormatFilter>,
) -> Result<Json<FormatList>, ApiError> {
    let _ = caller;
    let country = filter.country.map(|c| c.trim().to_ascii_uppercase());
    let family = filter.family.map(|f| f.trim().to_ascii_lowercase());
    let shape: fn(&nls_nutrition::Format) -> FormatEntry =
        match filter.view.as_deref().map(str::trim) {
            None | Some("" | "full") => |f| FormatEntry::Full(representation(f)),
            Some("light") => |f| FormatEntry::Light(light_representation(f)),
            Some(other) => {
                return Err(ApiError::validation(
                    "view",
                    format!(
                        "unknown view {:?}; use light or full",
                        other.chars().take(20).collect::<String>()
                    ),
                ))
            }
        };
    let data = nls_nutrition::formats()
        .iter()
        .filter(|f| country.as_ref().is_none_or(|c| f.countries.contains(c)))
        .filter(|f| family.as_ref().is_none_or(|fam| &f.family == fam))
        .map(shape)
        .collect();
    Ok(Json(FormatList { data }))
}

/// One label format, by id or alias
#[utoipa::path(get, path = "/v1/formats/{id}", tag = "Formats", operation_id = "getFormat",
    params(("id" = String, Path, description = "The format's id (`us.v`) or an alias (`standard`).", example = "us.v")),
    responses((status = 200, description = "The format.", body = FormatView)),
    security(("apiKey" = []), ("appSession" = [])))]
pub async fn get(caller: Caller, Path(id): Path<String>) -> Result<Json<FormatView>, ApiError> {
    let _ = caller;
    let format = nls_nutrition::format(&id).ok_or_else(|| ApiError::not_found("format"))?;
    Ok(Json(representation(format)))
}
