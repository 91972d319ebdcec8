//! `GET /v1/recipes/{id}/fop.{svg|png|pdf}?scheme=`: one front-of-pack element of the
//! recipe's current label, drawn. The element is the label's own `front_of_pack` entry for
//! the scheme when no facts are given; otherwise (or when the label has none for it) it is
//! computed from the label and the facts in the query (`state`, `density_g_per_ml`,
//! `category`, `fruit_vegetable_legume_pct`, `free_sugars_g_per_100g`,
//! `lactose_galactose_g_per_100g`, `non_nutritive_sweeteners`, `caffeine`, `racc_g`).
//! Drawing an element costs well under a millisecond: it is drawn on every request, not
//! cached. A scheme whose printed form is not in our references (Israel, Ecuador) is 400.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use nls_nutrition::fop::{Added, Category, Facts, State};
use nls_nutrition::Label;
use nls_web::{ApiError, Caller};
use serde::Deserialize;
use sqlx::PgPool;

use crate::cache::FileType;
use crate::draw::{fop, Fonts, RenderError, RenderOptions};

/// The query of a front-of-pack file (`fop.*` files only).
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct FopParams {
    /// `fop.*` files only, required there: the front-of-pack scheme drawn. Israel's and
    /// Ecuador's printed forms are not in our references: 400.
    #[param(example = "uk.fop.tl")]
    pub scheme: Option<String>,
    /// Documented with the label files' own `width`.
    #[param(ignore)]
    pub width: Option<f64>,
    /// Documented with the label files' own `scale`.
    #[param(ignore)]
    pub scale: Option<f64>,
    /// `fop.*`: solid or liquid.
    pub state: Option<State>,
    /// `fop.*`: g per ml, for per 100 ml.
    #[param(exclusive_minimum = 0, maximum = 10)]
    pub density_g_per_ml: Option<f64>,
    /// `fop.*`: the product's category.
    pub category: Option<Category>,
    /// `fop.*`: Nutri-Score's fruit, vegetable and legume share.
    #[param(minimum = 0, maximum = 100)]
    pub fruit_vegetable_legume_pct: Option<f64>,
    /// `fop.*`: free sugars.
    #[param(minimum = 0, maximum = 100)]
    pub free_sugars_g_per_100g: Option<f64>,
    /// `fop.*`: for Nutri-Grade.
    #[param(minimum = 0, maximum = 100)]
    pub lactose_galactose_g_per_100g: Option<f64>,
    /// `fop.*`: contains sweeteners.
    pub non_nutritive_sweeteners: Option<bool>,
    /// `fop.*`: contains added caffeine.
    pub caffeine: Option<bool>,
    /// `fop.*`: the critical nutrients added in making the product, separated by commas
    /// (`free_sugars`, `fats`, `sodium`; empty: none), which Mexico's second and third
    /// phases judge by.
    #[param(example = "free_sugars,sodium")]
    pub added_critical_nutrients: Option<String>,
    /// `fop.*`: Canada's reference amount (its Table of Reference Amounts), grams; `racc_g`
    /// is read as the same where this is absent.
    #[param(exclusive_minimum = 0, maximum = 10000)]
    pub reference_amount_g: Option<f64>,
    /// `fop.*`: the reference amount (Canada).
    #[param(exclusive_minimum = 0)]
    pub racc_g: Option<f64>,
}

impl FopParams {
    fn facts(&self) -> Result<Option<Facts>, ApiError> {
        let added = self
            .added_critical_nutrients
            .as_deref()
            .map(added_critical_nutrients)
            .transpose()?;
        let f = Facts {
            added_critical_nutrients: added,
            // `racc_g` here has always meant the reference amount Canada's symbol is judged
            // by, which is Canada's own (FDR Table of Reference Amounts).
            reference_amount_g: self.reference_amount_g.or(self.racc_g),
            state: self.state,
            density_g_per_ml: self.density_g_per_ml,
            free_sugars_g_per_100g: self.free_sugars_g_per_100g,
            lactose_galactose_g_per_100g: self.lactose_galactose_g_per_100g,
            fruit_vegetable_legume_pct: self.fruit_vegetable_legume_pct,
            non_nutritive_sweeteners: self.non_nutritive_sweeteners,
            caffeine: self.caffeine,
            category: self.category,
            // The drawing is proportional whatever the surface: the size is the JSON's.
            principal_display_area_cm2: None,
        };
        Ok((f != Facts::default() || self.racc_g.is_some()).then_some(f))
    }
}

/// `added_critical_nutrients` of a query: names separated by commas, each once.
fn added_critical_nutrients(list: &str) -> Result<Vec<Added>, ApiError> {
    let mut added: Vec<Added> = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let one: Added = serde_json::from_value(serde_json::Value::String(name.to_owned()))
            .map_err(|_| {
                ApiError::validation(
                    "added_critical_nutrients",
                    "must list free_sugars, fats or sodium, separated by commas",
                )
            })?;
        if !added.contains(&one) {
            added.push(one);
        }
    }
    added.sort();
    Ok(added)
}

/// Draws the element.
pub(crate) async fn recipe_fop(
    pool: &PgPool,
    fonts: &Fonts,
    caller: &Caller,
    id: &str,
    file_type: FileType,
    params: FopParams,
    options: RenderOptions,
) -> Result<Response, ApiError> {
    let ids = nls_web::fop::scheme_param("scheme", params.scheme.as_deref())?;
    let [scheme] = ids.as_slice() else {
        return Err(ApiError::validation(
            "scheme",
            "give exactly one front-of-pack scheme id",
        ));
    };
    if let Some(r) = params.racc_g {
        if !(r.is_finite() && r > 0.0 && r <= 100_000.0) {
            return Err(ApiError::validation(
                "racc_g",
                "must be a number of grams greater than 0",
            ));
        }
    }
    let facts = params.facts()?;
    let facts = match facts {
        Some(f) => Some(nls_web::fop::facts("", Some(f))?),
        None => None,
    };
    let mut conn = pool.acquire().await?;
    let row = nls_readmodel::views::load_recipe(&mut conn, caller.account_id, id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::not_found("recipe"))?;
    drop(conn);
    let Some(label) = crate::http::label_tree(row.label)? else {
        return Err(crate::http::no_label(id, row.label_error.as_ref()));
    };
    let mut label: Label = serde_json::from_value(label).map_err(ApiError::internal)?;
    let mut options = options;
    options.watermark = crate::http::plan_rules(
        &caller.plan,
        file_type,
        nls_nutrition::format(&label.format),
    )?;
    let own = label
        .front_of_pack
        .iter()
        .find(|r| &r.scheme == scheme)
        .cloned();
    let result = match (own, facts) {
        (Some(r), None) => r,
        (_, facts) => {
            let facts = facts.unwrap_or_default();
            nls_web::fop::attach(&mut label, ids.as_slice(), &facts, params.racc_g, "scheme")?;
            label
                .front_of_pack
                .into_iter()
                .find(|r| &r.scheme == scheme)
                .ok_or_else(|| ApiError::validation("scheme", "not computed"))?
        }
    };
    let drawn = match file_type {
        FileType::Svg => fop::svg(&result, &options).map(String::into_bytes),
        FileType::Png => fop::png(&result, fonts, &options),
        FileType::Pdf => fop::pdf(&result, fonts, &options),
    };
    let bytes = drawn.map_err(|e| match e {
        RenderError::UnsupportedFormat(s) => ApiError::validation(
            "scheme",
            format!("{s}: its printed form is not in our references, so it is not drawn"),
        ),
        other => ApiError::internal(other),
    })?;
    let mut response = (StatusCode::OK, bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(file_type.content_type()),
    );
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok(response)
}
