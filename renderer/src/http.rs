//! HTTP surface of the renderer: recipe label files (API key) and the export function
//! (session token).
//!
//! - `GET /v1/recipes/{id}/label.{svg|png|pdf}?width=&scale=`: served from the cache, drawn
//!   on demand on a miss. Strong `ETag` = the cache key (it names the exact bytes), so
//!   `If-None-Match` answers 304 without loading or drawing anything.
//!   `Cache-Control: private, max-age=0, must-revalidate`: the file belongs to one account
//!   (no shared caches), and it changes whenever the recipe *or any ingredient it uses*
//!   changes, which a client cannot predict, so every reuse is revalidated (cheap: a 304).
//!   A recipe whose label cannot be computed (`label_error`) is 409 `label_unavailable`
//!   naming the problem (details: the `label_error`): the request is fine, the recipe's
//!   state is what the client fixes.
//!   `?version=N` or `?as_of=<RFC 3339>` draws the label as it was then (API_DECISIONS §12,
//!   see [`nls_readmodel::past`]).
//! - `POST /functions/v1/export-label` `{fileType, data, extra}`: draws the label object in
//!   `data` (not cached; `Cache-Control: no-store`), with its front-of-pack elements under
//!   it when `extra.front_of_pack` is `true`.
//! - Physical size: `width_in` or `width_mm` (query; `extra.width_in`, `extra.width_mm` for
//!   export) instead of `width`, at 96 pixels per inch. Below the width at which the format's
//!   type keeps its regime's minimum sizes (21 CFR 101.9(d)(1)(iii), (j)(13); see
//!   [`crate::draw::print_size`]) the answer is 422 `label_too_small` naming the smallest width
//!   that complies, instead of a label printed in type smaller than the law allows.
//!
//! Plan rules (the `plan` table): the file type must be in `export_file_types`
//! (403 `plan_file_type_not_allowed`); a non-US format needs `all_label_formats`
//! (403 `plan_format_not_allowed`); `export_watermarked` plans get the watermark. Every
//! render counts against the account's `max_concurrent_renders` (see [`crate::limit`]):
//! beyond it 429 `rate_limited` with `Retry-After`. Every render is bounded (see
//! [`crate::draw::bounds`]): 422 `image_too_large` or `statement_too_long` beyond it.

use crate::label_index::{LabelIndex, LabelPointer};
use axum::extract::{FromRef, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use bytes::Bytes;
use nls_nutrition::{Format, Label};
use nls_readmodel::lazy_conn::LazyConn;
use nls_web::headers::none_match;
use nls_web::metrics::{FileSource, Metrics};
use nls_web::session::SessionCaller;
use nls_web::{ApiError, ApiJson, ApiQuery, Caller, ErrorCode, JsonFields, Plan};
use serde::Deserialize;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use crate::cache::{self, FileType, Prepared, Spec};
use crate::draw::{print_size, Fonts, RenderError, RenderOptions};
use crate::hot::HotFiles;
use crate::limit::RenderSlots;

/// Seconds a client is asked to wait after 429: renders take well under a second.
const RETRY_AFTER_SECS: u64 = 1;
/// `Cache-Control` of label files; see the module docs.
const LABEL_CACHE_CONTROL: &str = "private, max-age=0, must-revalidate";

/// The route of a recipe's label files, as the metrics name it.
pub const LABEL_FILE_ROUTE: &str = "/v1/recipes/{id}/{file}";

/// Shared state of the renderer's routes.
#[derive(Clone)]
pub struct RenderState {
    /// The main pool.
    pub pool: PgPool,
    /// The bundled fonts, loaded once.
    pub fonts: Fonts,
    /// The cross-process render slots.
    pub slots: RenderSlots,
    /// Recently served files.
    pub hot: HotFiles,
    /// Where each recipe's current label is, so a hit needs no database.
    pub labels: LabelIndex,
    /// Counts served files by where they came from.
    pub metrics: Metrics,
}

impl FromRef<RenderState> for PgPool {
    fn from_ref(state: &RenderState) -> PgPool {
        state.pool.clone()
    }
}

/// The label-file and export routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    RenderState: FromRef<S>,
    PgPool: FromRef<S>,
{
    Router::new()
        // The literal, as the OpenAPI test scans routes from the source; equal to
        // [`LABEL_FILE_ROUTE`] (the metrics test sees both ways count under one route).
        .route("/v1/recipes/{id}/{file}", get(recipe_label))
        .route("/functions/v1/export-label", post(export_label))
}

/// The operations of [`router`].
#[derive(utoipa::OpenApi)]
#[openapi(paths(recipe_label, export_label))]
pub struct Api;

/// Width and scale, validated into render options.
fn options(width: Option<f64>, scale: Option<f64>, prefix: &str) -> Result<(f32, f32), ApiError> {
    let defaults = RenderOptions::default();
    let width = width.unwrap_or(f64::from(defaults.width_px));
    if !(width.is_finite() && (120.0..=2000.0).contains(&width)) {
        return Err(ApiError::validation(
            &format!("{prefix}width"),
            "must be a number of pixels within 120..=2000",
        ));
    }
    let scale = scale.unwrap_or(f64::from(defaults.scale));
    if !(scale.is_finite() && (0.5..=8.0).contains(&scale)) {
        return Err(ApiError::validation(
            &format!("{prefix}scale"),
            "must be a pixel ratio within 0.5..=8",
        ));
    }
    // Both ranges are exactly representable in f32.
    Ok((width as f32, scale as f32))
}

/// A width asked for in physical units: inches, and the field that gave it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Physical {
    inches: f64,
    field: &'static str,
}

/// The width asked for: pixels (`width`), or a physical width (`width_in`, `width_mm`) with its
/// pixels at 96 per inch. At most one of the three; a physical width must be a positive number.
fn width_choice(
    width: Option<f64>,
    width_in: Option<f64>,
    width_mm: Option<f64>,
    prefix: &str,
) -> Result<(Option<f64>, Option<Physical>), ApiError> {
    let given = [width.is_some(), width_in.is_some(), width_mm.is_some()];
    if given.iter().filter(|g| **g).count() > 1 {
        return Err(ApiError::validation(
            &format!("{prefix}width_in"),
            "give one of width, width_in and width_mm",
        ));
    }
    let physical = |value: f64, field: &'static str, per_inch: f64| {
        if value.is_finite() && value > 0.0 {
            Ok(Some(Physical {
                inches: value / per_inch,
                field,
            }))
        } else {
            Err(ApiError::validation(
                &format!("{prefix}{field}"),
                "must be a positive number",
            ))
        }
    };
    let physical = match (width_in, width_mm) {
        (Some(v), _) => physical(v, "width_in", 1.0)?,
        (_, Some(v)) => physical(v, "width_mm", print_size::MM_PER_IN)?,
        _ => None,
    };
    let px = physical.map_or(width, |p| Some(p.inches * print_size::PX_PER_IN));
    Ok((px, physical))
}

/// 422 `label_too_small` when `physical` is narrower than `format` allows; then the pixel bounds
/// of a physical width (1.25 to 20.83 in at 96 pixels per inch).
fn check_physical(
    format: Option<&Format>,
    physical: Option<Physical>,
    prefix: &str,
) -> Result<(), ApiError> {
    let Some(physical) = physical else {
        return Ok(());
    };
    if let Some(format) = format {
        if let Err(small) = print_size::check(format, physical.inches) {
            let field = format!("{prefix}{}", physical.field);
            return Err(ApiError::new(
                ErrorCode::LabelTooSmall,
                format!(
                    "a {} label {:.2} in ({:.1} mm) wide would print its 8 point text at {:.1} \
                     point, below the minimum type sizes of 21 CFR 101.9(d)(1)(iii) and (j)(13); \
                     the smallest width that complies is {} in ({} mm)",
                    format.label_id,
                    physical.inches,
                    physical.inches * print_size::MM_PER_IN,
                    small.body_points,
                    small.min_width_in,
                    small.min_width_mm
                ),
            )
            .with_details(serde_json::json!([{
                "field": field,
                "problem": format!("below the smallest width that complies, {} in", small.min_width_in),
                "min_width_in": small.min_width_in,
                "min_width_mm": small.min_width_mm,
            }])));
        }
    }
    let px = physical.inches * print_size::PX_PER_IN;
    if !(120.0..=2000.0).contains(&px) {
        return Err(ApiError::validation(
            &format!("{prefix}{}", physical.field),
            "must be within 1.25..=20.83 in (31.75..=529.2 mm), 120..=2000 pixels at 96 per inch",
        ));
    }
    Ok(())
}

/// Width and scale for a physical width: its pixels are checked by [`check_physical`] once the
/// format is known, so here they are only clamped into range.
fn options_for(
    px: Option<f64>,
    physical: Option<Physical>,
    scale: Option<f64>,
    prefix: &str,
) -> Result<(f32, f32), ApiError> {
    match physical {
        Some(_) => options(px.map(|w| w.clamp(120.0, 2000.0)), scale, prefix),
        None => options(px, scale, prefix),
    }
}

/// Applies the plan's export rules; returns whether the file gets the watermark.
pub(crate) fn plan_rules(
    plan: &Plan,
    file_type: FileType,
    format: Option<&Format>,
) -> Result<bool, ApiError> {
    if !plan
        .export_file_types
        .iter()
        .any(|t| t == file_type.as_str())
    {
        return Err(ApiError::new(
            ErrorCode::PlanFileTypeNotAllowed,
            format!(
                "the {} plan exports {} only; {} needs the Professional plan",
                plan.id,
                plan.export_file_types.join(", "),
                file_type.as_str()
            ),
        ));
    }
    nls_web::formats::check_stored(format, plan)?;
    Ok(plan.export_watermarked)
}

fn render_error(err: RenderError) -> ApiError {
    match err {
        RenderError::UnsupportedFormat(format) => {
            nls_web::formats::unknown_label_format("label format", &format)
        }
        RenderError::InvalidOptions(problem) => ApiError::new(ErrorCode::ValidationFailed, problem),
        RenderError::ImageTooLarge {
            width,
            height,
            max_pixels,
        } => ApiError::new(
            ErrorCode::ImageTooLarge,
            format!(
                "the PNG would be {width} x {height} pixels; at most {max_pixels} pixels per \
                 image: lower width or scale"
            ),
        )
        .with_details(serde_json::json!([{
            "field": "scale",
            "problem": format!("{width} x {height} pixels exceed {max_pixels}"),
        }])),
        RenderError::StatementTooLong { field, chars, max } => ApiError::new(
            ErrorCode::StatementTooLong,
            format!(
                "the label's statements have {chars} characters together; a label prints at \
                 most {max} (the longest is {field})"
            ),
        )
        .with_details(serde_json::json!([{
            "field": field,
            "problem": format!("{chars} characters; at most {max}"),
        }])),
        other => ApiError::internal(other),
    }
}

#[derive(Debug, thiserror::Error)]
#[error("render task failed: {0}")]
struct TaskFailed(String);

/// Draws `prepared` within one of the account's render slots, on a blocking thread; stores
/// it under `recipe_id` when given. The work runs in its own task that owns the slot, so
/// a client hanging up cannot free the slot while the drawing still runs.
async fn render_limited(
    state: &RenderState,
    account_id: Uuid,
    plan: &Plan,
    prepared: Prepared,
    recipe_id: Option<String>,
) -> Result<Vec<u8>, ApiError> {
    let slot = state
        .slots
        .try_acquire(account_id, plan.max_concurrent_renders)
        .await?
        .ok_or_else(|| {
            ApiError::new(
                ErrorCode::RateLimited,
                format!(
                    "at most {} label renders run at once per account; retry in {RETRY_AFTER_SECS} s",
                    plan.max_concurrent_renders
                ),
            )
            .with_retry_after(RETRY_AFTER_SECS)
        })?;
    let fonts = state.fonts.clone();
    let pool = state.pool.clone();
    let task = tokio::spawn(async move {
        let drawn = tokio::task::spawn_blocking(move || {
            let bytes = prepared.render(&fonts);
            (prepared, bytes)
        })
        .await;
        let result = match drawn {
            Ok((prepared, Ok(bytes))) => match recipe_id {
                Some(recipe_id) => store(&pool, &recipe_id, &prepared, &bytes)
                    .await
                    .map(|()| bytes),
                None => Ok(bytes),
            },
            Ok((_, Err(err))) => Err(render_error(err)),
            Err(join) => Err(ApiError::internal(TaskFailed(join.to_string()))),
        };
        slot.release().await;
        result
    });
    task.await
        .map_err(|join| ApiError::internal(TaskFailed(join.to_string())))?
}

async fn store(
    pool: &PgPool,
    recipe_id: &str,
    prepared: &Prepared,
    bytes: &[u8],
) -> Result<(), ApiError> {
    let mut conn = pool.acquire().await?;
    cache::store(&mut conn, recipe_id, prepared, bytes).await?;
    Ok(())
}

/// Query string of the label files.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct LabelParams {
    /// Width in pixels (default 290).
    #[param(minimum = 120, maximum = 2000)]
    width: Option<f64>,
    /// Printed width in inches, instead of `width` (96 pixels per inch, so 1.25 to 20.83
    /// in). A US label narrower than its layout's minimum (the width at which its type
    /// keeps the sizes of 21 CFR 101.9(d)(1)(iii) and (j)(13): 2.31 in for the vertical
    /// layouts, 5.38 in for the tabular and linear ones) is 422 `label_too_small`, naming
    /// the smallest width that complies.
    #[param(exclusive_minimum = 0)]
    width_in: Option<f64>,
    /// Printed width in millimetres, instead of `width` (as `width_in`; 58.5 mm for the US
    /// vertical layouts).
    #[param(exclusive_minimum = 0)]
    width_mm: Option<f64>,
    /// PNG pixel ratio (default 2).
    #[param(minimum = 0.5, maximum = 8)]
    scale: Option<f64>,
    /// The label as it was right after this version of the recipe was recorded
    /// (API_DECISIONS §12). Not with `as_of`.
    #[param(minimum = 1)]
    version: Option<i64>,
    /// The label as it was at this moment (RFC 3339). Not with `version`.
    #[param(format = DateTime)]
    as_of: Option<String>,
    /// `true`: refuse with 422 `incomplete_nutrient_data` (details: the label's `missing`)
    /// when the label declares a nutrient some ingredient's data lacks.
    #[serde(default)]
    #[param(default = false)]
    strict: bool,
    /// `label.*` files only: comma-separated front-of-pack schemes; the current label is
    /// drawn with its front-of-pack elements under it (its market's mandatory schemes, the
    /// recipe's `front_of_pack`, and these), judged with the recipe's
    /// `front_of_pack_facts`. Not with `version` or `as_of` (400). A scheme whose printed
    /// form is not in our references (Israel, Ecuador) cannot be drawn: 400.
    #[param(example = "uk.fop.tl")]
    fop: Option<String>,
    /// `label.*` files only: another format (id or alias) the plan allows; the current
    /// recipe's label is computed in it, under its law, and drawn. Not with `version` or
    /// `as_of` (400); above the plan: 403 `plan_format_not_allowed`.
    #[param(example = "eu-1169")]
    format: Option<String>,
    /// With `format=us.aggr` only: the variety pack's other foods, saved recipes' ids,
    /// comma-separated (1 to 5; the recipe is the first column). The aggregate label sets
    /// one column per food (21 CFR 101.9(d)(13)(ii)).
    foods: Option<String>,
}

fn file_response(file_type: FileType, etag: &str, bytes: impl Into<Bytes>) -> Response {
    let bytes: Bytes = bytes.into();
    let mut response = (StatusCode::OK, bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(file_type.content_type()),
    );
    label_headers(headers, etag);
    response
}

fn label_headers(headers: &mut HeaderMap, etag: &str) {
    if let Ok(value) = HeaderValue::from_str(etag) {
        headers.insert(header::ETAG, value);
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(LABEL_CACHE_CONTROL),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
}

/// The recipe's label as SVG, PNG or PDF
///
/// At most 5 renders of an account run at once (every process counted); beyond that 429
/// with `Retry-After`. Files are cached and carry an `ETag`; `If-None-Match` gives 304.
/// With `version` or `as_of`, the label as it was then (see `GET /v1/recipes/{id}`).
#[utoipa::path(get, path = "/v1/recipes/{id}/{file}", tag = "Recipes", operation_id = "recipeLabelFile",
    params(
        ("id" = String, Path, description = "Id of the recipe (`rcp_...`); another account's id is 404.", example = "rcp_01962d3b6a8c7f0e9d2b4c5a6e7f8091"),
        ("file" = inline(FileName), Path, description = "`label.svg`, `label.png` or `label.pdf`; `fop.svg`, `fop.png` or `fop.pdf` for one front-of-pack element (`scheme`)."),
        LabelParams,
        crate::fop_http::FopParams,
    ),
    responses(
        (status = 200, description = "The label file.", content(
            (String = "image/svg+xml"),
            (Vec<u8> = "image/png"),
            (Vec<u8> = "application/pdf"),
        )),
        (status = 304, description = "Not modified (`If-None-Match`)."),
    ),
    security(("apiKey" = []), ("appSession" = [])))]
// At debug level: the request's own span (its id and path) is what the log needs at info,
// and a second span per cache-hit file is a measurable share of serving it.
#[tracing::instrument(level = "debug", skip_all, fields(recipe_id = %id, account_id = %caller.account_id))]
async fn recipe_label(
    State(state): State<RenderState>,
    caller: Caller,
    Path((id, file)): Path<(String, String)>,
    ApiQuery(params): ApiQuery<LabelParams>,
    headers: HeaderMap,
    uri: axum::http::Uri,
) -> Result<Response, ApiError> {
    // `fop.<type>`: a front-of-pack element (crate::fop_http).
    if let Some(ext) = file.strip_prefix("fop.") {
        let file_type = FileType::parse(ext)
            .ok_or_else(|| ApiError::new(ErrorCode::NotFound, "no such path"))?;
        if nls_events::RecipeId::parse(&id).is_none() {
            return Err(ApiError::not_found("recipe"));
        }
        let ApiQuery(fop_params) = ApiQuery::<crate::fop_http::FopParams>::from_uri(&uri)?;
        let (width_px, scale) = options(fop_params.width, fop_params.scale, "")?;
        let options = RenderOptions {
            width_px,
            scale,
            watermark: false,
        };
        return Box::pin(crate::fop_http::recipe_fop(
            &state.pool,
            &state.fonts,
            &caller,
            &id,
            file_type,
            fop_params,
            options,
        ))
        .await;
    }
    // Only `label.<type>` exists under a recipe here; anything else is an unknown path.
    let file_type = file
        .strip_prefix("label.")
        .and_then(FileType::parse)
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, "no such path"))?;
    if nls_events::RecipeId::parse(&id).is_none() {
        return Err(ApiError::not_found("recipe"));
    }
    let (px, physical) = width_choice(params.width, params.width_in, params.width_mm, "")?;
    let (width, scale) = options_for(px, physical, params.scale, "")?;
    let fop = nls_web::fop::scheme_param("fop", params.fop.as_deref())?;
    if params.foods.is_some() && params.format.is_none() {
        return Err(pack_needs_format());
    }
    if params.fop.is_some() || params.format.is_some() {
        let field = if params.fop.is_some() {
            "fop"
        } else {
            "format"
        };
        if params.version.is_some() || params.as_of.is_some() {
            return Err(ApiError::validation(
                field,
                "another format and front-of-pack elements are drawn from the current recipe only, not with version or as_of",
            ));
        }
        let format = params
            .format
            .as_deref()
            .map(|f| nls_web::formats::label_format_for("format", f, &caller.plan))
            .transpose()?;
        let pack = pack_param(&id, format, params.foods.as_deref())?;
        let file = DerivedLabelFile {
            file_type,
            width,
            scale,
            strict: params.strict,
            physical,
            format,
            fop: params.fop.is_some().then_some(fop),
            pack,
        };
        return Box::pin(derived_label_file(&state, &caller, &id, file, &headers)).await;
    }
    if let Some(point) = nls_readmodel::past::http::point(params.version, params.as_of.as_deref())?
    {
        let past = PastFile {
            file_type,
            width,
            scale,
            strict: params.strict,
            physical,
        };
        return Box::pin(past_label(&state, &caller, &id, point, past, &headers)).await;
    }
    let found = match state.labels.get(&id) {
        Some(pointer) => Found::Pointer(pointer),
        None => Box::pin(read_pointer(&state, &id)).await?,
    };
    // Another account's recipe does not exist for this caller.
    if found.account_id() != Some(caller.account_id) {
        return Err(ApiError::not_found("recipe"));
    }
    let (label_hash, label_format) = match found {
        Found::Pointer(pointer) => (Some(pointer.label_hash), pointer.label_format),
        Found::Unhashed { label_format, .. } => (None, label_format.map(Into::into)),
        Found::NoLabel { label_error, .. } => return Err(no_label(&id, label_error.as_ref())),
        Found::Missing => return Err(ApiError::not_found("recipe")),
    };
    if params.strict {
        // The label itself is read only here: the pointer that serves files carries none.
        // Boxed, as every wait off the cache-hit path below: the handler's future is moved
        // on each poll of the stack around it, so it is kept to what a cache hit holds.
        Box::pin(require_complete_label(&state, &caller, &id)).await?;
    }
    let format = label_format.as_deref().and_then(nls_nutrition::format);
    check_physical(format, physical, "")?;
    let watermark = plan_rules(&caller.plan, file_type, format)?;
    let spec = Spec::new(file_type, width, scale, watermark);
    let (key, mut prepared) = match label_hash {
        Some(hash) => (cache::file_key(&hash, &spec), None),
        // Rows written before label hashes were stored: hash the label here.
        None => {
            let prepared = Box::pin(prepare(&state.pool, &caller, &id, spec)).await?;
            (prepared.key, Some(prepared))
        }
    };
    if let Some(response) = stored_file(&state, &id, file_type, &key, &headers).await? {
        return Ok(response);
    }
    let prepared = match prepared.take() {
        Some(prepared) => prepared,
        None => Box::pin(prepare(&state.pool, &caller, &id, spec)).await?,
    };
    // The label may have changed since the row above was read: serve what is drawn now.
    let key = prepared.key;
    let bytes = Box::pin(render_limited(
        &state,
        caller.account_id,
        &caller.plan,
        prepared,
        Some(id.clone()),
    ))
    .await?;
    Ok(drawn_file(&state, file_type, key, bytes))
}

/// Refuses (`strict`) a recipe whose current label is incomplete or missing.
async fn require_complete_label(
    state: &RenderState,
    caller: &Caller,
    id: &str,
) -> Result<(), ApiError> {
    let mut conn = state.pool.acquire().await?;
    let row = nls_readmodel::views::load_recipe(&mut conn, caller.account_id, id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::not_found("recipe"))?;
    match label_tree(row.label)? {
        Some(label) => nls_readmodel::api_error::require_complete(&label),
        None => Err(no_label(id, row.label_error.as_ref())),
    }
}

/// The recipe's current label file of `file_type` as drawn by default (no query
/// parameters), when it can be answered from memory alone: 304 for a client holding it,
/// else 200 from the hot files. `None` when anything else is needed (a database read, a
/// drawing, an error to report): the request then goes the general way, which answers the
/// same for the same file. Used by the label-file lane (`src/label_lane.rs`), which serves
/// the commonest request of all before the general stack.
pub fn hot_label_file(
    state: &RenderState,
    caller: &Caller,
    id: &str,
    file_type: FileType,
    headers: &HeaderMap,
) -> Option<Response> {
    nls_events::RecipeId::parse(id)?;
    let pointer = state.labels.get(id)?;
    if pointer.account_id != caller.account_id {
        return None;
    }
    let format = pointer
        .label_format
        .as_deref()
        .and_then(nls_nutrition::format);
    let watermark = plan_rules(&caller.plan, file_type, format).ok()?;
    let (width, scale) = options_for(None, None, None, "").ok()?;
    let key = cache::file_key(
        &pointer.label_hash,
        &Spec::new(file_type, width, scale, watermark),
    );
    file_from_memory(state, file_type, &key, &cache::etag(&key), headers)
}

/// 304 when the client holds the file under `key` already, else its bytes from the hot
/// files; `None` when it is not in memory.
fn file_from_memory(
    state: &RenderState,
    file_type: FileType,
    key: &[u8; 32],
    etag: &str,
    headers: &HeaderMap,
) -> Option<Response> {
    if none_match(headers, etag) {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        label_headers(response.headers_mut(), etag);
        return Some(response);
    }
    let bytes = state.hot.get(key)?;
    state.metrics.record_label_file(FileSource::Memory);
    Some(file_response(file_type, etag, bytes))
}

/// The file under `key` without drawing it: 304 when the client holds it already, else
/// its bytes from the hot files or from `label_file` (kept hot from then on). `None` when
/// it has to be drawn.
async fn stored_file(
    state: &RenderState,
    id: &str,
    file_type: FileType,
    key: &[u8; 32],
    headers: &HeaderMap,
) -> Result<Option<Response>, ApiError> {
    let etag = cache::etag(key);
    if let Some(response) = file_from_memory(state, file_type, key, &etag, headers) {
        return Ok(Some(response));
    }
    let stored = Box::pin(async {
        let mut conn = state.pool.acquire().await?;
        cache::lookup(&mut conn, id, key).await
    })
    .await?;
    Ok(stored.map(|bytes| {
        let bytes = Bytes::from(bytes);
        state.hot.insert(*key, bytes.clone());
        state.metrics.record_label_file(FileSource::Database);
        file_response(file_type, &etag, bytes)
    }))
}

/// A file just drawn under `key`: kept hot and served.
fn drawn_file(state: &RenderState, file_type: FileType, key: [u8; 32], bytes: Vec<u8>) -> Response {
    let bytes = Bytes::from(bytes);
    state.hot.insert(key, bytes.clone());
    state.metrics.record_label_file(FileSource::Drawn);
    file_response(file_type, &cache::etag(&key), bytes)
}

/// What a past label file is asked for as.
struct PastFile {
    file_type: FileType,
    width: f32,
    scale: f32,
    strict: bool,
    physical: Option<Physical>,
}

/// A label file of the recipe as it was at `point`. Its key is the past label's content,
/// like any file's, so an unchanged label is the very file (and `ETag`) served today. A file
/// drawn for the past stays in the in-memory hot files only: stored under the recipe, it
/// would take one of the few places pruning keeps for its current files.
async fn past_label(
    state: &RenderState,
    caller: &Caller,
    id: &str,
    point: nls_readmodel::past::PastPoint,
    file: PastFile,
    headers: &HeaderMap,
) -> Result<Response, ApiError> {
    let row =
        nls_readmodel::past::http::recipe_at(&state.pool, caller.account_id, id, point).await?;
    let Some(label) = label_tree(row.label)? else {
        return Err(no_label(id, row.label_error.as_ref()));
    };
    if file.strict {
        nls_readmodel::api_error::require_complete(&label)?;
    }
    let format = nls_nutrition::format(&row.state.label_format);
    check_physical(format, file.physical, "")?;
    let watermark = plan_rules(&caller.plan, file.file_type, format)?;
    let spec = Spec::new(file.file_type, file.width, file.scale, watermark);
    if let nls_readmodel::past::PastPoint::Version(version) = point {
        if let Some(response) = kept_file(state, id, version, &spec, headers).await? {
            return Ok(response);
        }
    }
    let prepared = Prepared::from_json(&label, spec).map_err(ApiError::internal)?;
    let key = prepared.key;
    if let Some(response) = stored_file(state, id, file.file_type, &key, headers).await? {
        return Ok(response);
    }
    let bytes = render_limited(state, caller.account_id, &caller.plan, prepared, None).await?;
    Ok(drawn_file(state, file.file_type, key, bytes))
}

/// What a `format=` or `fop=` label file is drawn at.
struct DerivedLabelFile {
    file_type: FileType,
    width: f32,
    scale: f32,
    strict: bool,
    physical: Option<Physical>,
    /// `format=`: the recipe's label computed in this format instead of its own.
    format: Option<&'static nls_nutrition::Format>,
    /// `fop=`: the front-of-pack elements drawn under the label, with these schemes too.
    fop: Option<Vec<String>>,
    /// An aggregate `format`: the other saved recipes of the pack, after this one.
    pack: Vec<String>,
}

fn pack_needs_format() -> ApiError {
    ApiError::validation(
        "foods",
        "foods names the other recipes of a variety pack for an aggregate format: give \
         format=us.aggr with it",
    )
}

/// `foods=` of a saved recipe's `format=us.aggr` file: the pack's other recipes (21 CFR
/// 101.9(d)(13)(ii) sets one column per food; the recipe is one food, so the pack's others
/// are named here). Refused where the format has no food columns, and for a pack of fewer
/// than 2 or more than `MAX_FOODS` foods or naming one twice.
fn pack_param(
    id: &str,
    format: Option<&nls_nutrition::Format>,
    foods: Option<&str>,
) -> Result<Vec<String>, ApiError> {
    let aggregate = format.is_some_and(|f| f.has_food_columns());
    let Some(foods) = foods else {
        return match format {
            Some(f) if aggregate => Err(ApiError::validation(
                "foods",
                format!(
                    "{} sets one column per food of a variety pack (21 CFR 101.9(d)(13)(ii)) \
                     and a saved recipe is one food: name the pack's other recipes, \
                     foods=<recipe id>,<recipe id> ({} to {} foods with this one)",
                    f.id,
                    2,
                    nls_readmodel::extras::MAX_FOODS
                ),
            )),
            _ => Ok(Vec::new()),
        };
    };
    if !aggregate {
        return Err(pack_needs_format());
    }
    let ids: Vec<String> = foods
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    let count = ids.len() + 1;
    if !(2..=nls_readmodel::extras::MAX_FOODS).contains(&count) {
        return Err(ApiError::validation(
            "foods",
            format!(
                "a variety pack of {count} foods with this recipe; 2 to {} are drawn side by side",
                nls_readmodel::extras::MAX_FOODS
            ),
        ));
    }
    for (i, other) in ids.iter().enumerate() {
        if nls_events::RecipeId::parse(other).is_none() {
            return Err(ApiError::validation(
                "foods",
                format!(
                    "{:?} is not a recipe id",
                    other.chars().take(40).collect::<String>()
                ),
            ));
        }
        if other == id || ids[..i].contains(other) {
            return Err(ApiError::validation(
                "foods",
                format!("{other} is named twice: each food of the pack once"),
            ));
        }
    }
    Ok(ids)
}

/// The aggregate label of `first` and the pack's `others` (saved recipes of the caller's),
/// computed in `format` (21 CFR 101.9(d)(13)(ii)): one column per food, each recipe's own
/// fields as one standard column, as `POST /v1/analyze` computes a food given by recipe id.
async fn pack_label(
    conn: &mut sqlx::PgConnection,
    caller: &Caller,
    first: (&str, &nls_events::RecipeState),
    others: &[String],
    format: &nls_nutrition::Format,
) -> Result<Label, ApiError> {
    use nls_readmodel::derive;
    let mut states = vec![(first.0.to_owned(), first.1.clone())];
    for other in others {
        let row = nls_readmodel::views::load_recipe(conn, caller.account_id, other)
            .await
            .map_err(ApiError::internal)?
            .ok_or_else(|| {
                ApiError::validation("foods", format!("no recipe of the account has id {other}"))
            })?;
        states.push((other.clone(), row.state));
    }
    let mut foods = Vec::with_capacity(states.len());
    for (id, state) in states {
        let state = derive::as_pack_food(state);
        let derived = derive::derive(
            &mut LazyConn::held(conn),
            caller.account_id,
            &id,
            &state,
            None,
        )
        .await?;
        nls_readmodel::bounds::check_final_weight(&state, derived.extent.solids_g)?;
        foods.push(nls_nutrition::Food {
            name: state.name,
            recipe: derived.input,
        });
    }
    nls_nutrition::compute_aggregate(&foods, format, &nls_nutrition::Extras::default())
        .map_err(|e| derive::DeriveError::Label(e).into())
}

/// `label.<type>?format=...&fop=...`: the current recipe's label in another format the
/// plan allows (computed as a stored label is, under that format's law), and/or with its
/// front-of-pack elements under it, computed for the asked schemes with the recipe's
/// recorded facts. Cached like any file (its own key: that label JSON and the stacking).
async fn derived_label_file(
    state: &RenderState,
    caller: &Caller,
    id: &str,
    file: DerivedLabelFile,
    headers: &HeaderMap,
) -> Result<Response, ApiError> {
    let mut conn = state.pool.acquire().await?;
    let row = nls_readmodel::views::load_recipe(&mut conn, caller.account_id, id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::not_found("recipe"))?;
    let label = match file.format {
        Some(format) if format.has_food_columns() => {
            let pack = pack_label(&mut conn, caller, (id, &row.state), &file.pack, format).await?;
            serde_json::to_value(&pack).map_err(ApiError::internal)?
        }
        Some(format) => {
            let mut in_format = row.state.clone();
            in_format.label_format = format.id.clone();
            let derived = nls_readmodel::derive::derive(
                &mut LazyConn::held(&mut conn),
                caller.account_id,
                id,
                &in_format,
                None,
            )
            .await?;
            serde_json::to_value(&derived.label).map_err(ApiError::internal)?
        }
        None => {
            label_tree(row.label.clone())?.ok_or_else(|| no_label(id, row.label_error.as_ref()))?
        }
    };
    drop(conn);
    if file.strict {
        nls_readmodel::api_error::require_complete(&label)?;
    }
    let mut label: Label = serde_json::from_value(label).map_err(ApiError::internal)?;
    let mut spec_fop = false;
    if let Some(asked) = &file.fop {
        let racc_g = row
            .state
            .package
            .as_ref()
            .map(nls_readmodel::extras::package_of)
            .and_then(|p| p.racc_g());
        label.front_of_pack =
            nls_readmodel::derive::front_of_pack(&label, &row.state, asked, racc_g)?;
        spec_fop = true;
    }
    let format = nls_nutrition::format(&label.format);
    check_physical(format, file.physical, "")?;
    let watermark = plan_rules(&caller.plan, file.file_type, format)?;
    let mut spec = Spec::new(file.file_type, file.width, file.scale, watermark);
    if spec_fop {
        spec = spec.with_front_of_pack();
    }
    let prepared = Prepared::new(label, spec).map_err(ApiError::internal)?;
    let key = prepared.key;
    if let Some(response) = stored_file(state, id, file.file_type, &key, headers).await? {
        return Ok(response);
    }
    let bytes = render_limited(state, caller.account_id, &caller.plan, prepared, None).await?;
    Ok(drawn_file(state, file.file_type, key, bytes))
}

/// The file served when version `version` was current, if one was drawn and kept.
async fn kept_file(
    state: &RenderState,
    id: &str,
    version: i64,
    spec: &Spec,
    headers: &HeaderMap,
) -> Result<Option<Response>, ApiError> {
    let mut conn = state.pool.acquire().await?;
    let hash: Option<Vec<u8>> = sqlx::query_scalar(
        "select label_hash from label_version where recipe_id = $1 and version = $2",
    )
    .bind(id)
    .bind(version)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(hash) = hash else {
        return Ok(None);
    };
    let Some((bytes, key)) = cache::kept(&mut conn, id, &hash, spec).await? else {
        return Ok(None);
    };
    let etag = cache::etag(&key);
    if none_match(headers, &etag) {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        label_headers(response.headers_mut(), &etag);
        return Ok(Some(response));
    }
    state.metrics.record_label_file(FileSource::Database);
    Ok(Some(file_response(
        spec.file_type,
        &etag,
        Bytes::from(bytes),
    )))
}

/// What `recipe_view` holds for a recipe, as far as its label files are concerned.
enum Found {
    Missing,
    Pointer(LabelPointer),
    NoLabel {
        account_id: Uuid,
        label_error: Option<Value>,
    },
    /// A row written before label hashes were stored.
    Unhashed {
        account_id: Uuid,
        label_format: Option<String>,
    },
}

impl Found {
    fn account_id(&self) -> Option<Uuid> {
        match self {
            Found::Missing => None,
            Found::Pointer(pointer) => Some(pointer.account_id),
            Found::NoLabel { account_id, .. } | Found::Unhashed { account_id, .. } => {
                Some(*account_id)
            }
        }
    }
}

/// Reads the recipe's light columns (the label itself is read only when a file has to be
/// drawn) and keeps a found pointer in the label index. Any account's recipe is read, so
/// the pointer serves whoever asks next; the caller compares accounts.
async fn read_pointer(state: &RenderState, id: &str) -> Result<Found, ApiError> {
    let ticket = state.labels.ticket();
    let Some(row) = nls_readmodel::labels::light(&state.pool, id).await? else {
        return Ok(Found::Missing);
    };
    let (account_id, label_format) = (row.account_id, row.label_format);
    if !row.has_label {
        return Ok(Found::NoLabel {
            account_id,
            label_error: row.label_error,
        });
    }
    let Some(label_hash) = row.label_hash else {
        return Ok(Found::Unhashed {
            account_id,
            label_format,
        });
    };
    let pointer = LabelPointer {
        account_id,
        label_hash,
        label_format: label_format.map(Into::into),
    };
    state.labels.keep(ticket, id, pointer.clone());
    Ok(Found::Pointer(pointer))
}

/// 409 for a recipe whose label cannot be computed, naming why.
pub(crate) fn no_label(id: &str, label_error: Option<&Value>) -> ApiError {
    let problem = label_error
        .and_then(|e| e["message"].as_str())
        .unwrap_or("the label cannot be computed")
        .to_owned();
    let code = label_error
        .and_then(|e| e["code"].as_str())
        .unwrap_or("label_unavailable")
        .to_owned();
    ApiError::new(
        ErrorCode::LabelUnavailable,
        format!("recipe {id} has no label to draw: {problem}"),
    )
    .with_details(serde_json::json!({ "code": code, "message": problem }))
}

/// Reads the recipe's current label and prepares `spec` of it for drawing.
async fn prepare(
    pool: &PgPool,
    caller: &Caller,
    id: &str,
    spec: Spec,
) -> Result<Prepared, ApiError> {
    let mut conn = pool.acquire().await?;
    let row = nls_readmodel::views::load_recipe(&mut conn, caller.account_id, id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::not_found("recipe"))?;
    let Some(label) = label_tree(row.label)? else {
        return Err(no_label(id, row.label_error.as_ref()));
    };
    let label: Label = serde_json::from_value(label).map_err(ApiError::internal)?;
    Prepared::new(label, spec).map_err(ApiError::internal)
}

/// A label file's name: the label or a front-of-pack element, and the file type.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)] // documents the path parameter, which is read as a string
enum FileName {
    #[schema(rename = "label.svg")]
    LabelSvg,
    #[schema(rename = "label.png")]
    LabelPng,
    #[schema(rename = "label.pdf")]
    LabelPdf,
    #[schema(rename = "fop.svg")]
    FopSvg,
    #[schema(rename = "fop.png")]
    FopPng,
    #[schema(rename = "fop.pdf")]
    FopPdf,
}

/// `POST /functions/v1/export-label` body.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
struct ExportRequest {
    /// `svg`, `png` or `pdf` (`jpg` gives PNG bytes).
    #[serde(rename = "fileType")]
    #[schema(examples("svg", "png", "pdf", "jpg"))]
    file_type: String,
    /// A label object as returned by analyze or a recipe (it carries its `format`).
    #[schema(value_type = Object)]
    data: Value,
    #[serde(default)]
    #[schema(value_type = Option<ExportExtra>)]
    extra: Option<Value>,
}

/// How an export is drawn; other members are ignored (the app sends presentation hints the
/// server does not use).
// Read by `extra_options` and `extra_flag`; this type only documents them.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)] // documents `extra`, which is read member by member
struct ExportExtra {
    /// Width in pixels (default 290).
    #[schema(minimum = 120, maximum = 2000)]
    width: Option<f64>,
    /// Printed width in inches, instead of `width`; as the label files' `width_in` (422
    /// `label_too_small` below the format's minimum).
    #[schema(exclusive_minimum = 0)]
    width_in: Option<f64>,
    /// Printed width in millimetres, instead of `width`.
    #[schema(exclusive_minimum = 0)]
    width_mm: Option<f64>,
    /// PNG pixel ratio (default 2).
    #[schema(minimum = 0.5, maximum = 8)]
    scale: Option<f64>,
    /// An on-screen preview (the app's live label): with `fileType` `svg`, served on every
    /// plan that may use the label's format, with the watermark wherever the plan's exports
    /// carry one.
    preview: Option<bool>,
    /// Draw the label's `front_of_pack` elements (as analyze or a recipe gives them) under
    /// it, as `fop=` does on a recipe's label files.
    front_of_pack: Option<bool>,
}

impl JsonFields for ExportRequest {
    const ACCEPTED: &'static [&'static str] = &["fileType", "data", "extra"];
}

/// Reads `extra.width` (or `extra.width_in`, `extra.width_mm`) and `extra.scale`; other
/// members of `extra` are ignored (the app sends presentation hints the server does not use).
fn extra_options(extra: Option<&Value>) -> Result<(f32, f32, Option<Physical>), ApiError> {
    let number = |extra: &serde_json::Map<String, Value>, name: &str| match extra.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => Ok(n.as_f64()),
        Some(_) => Err(ApiError::validation(
            &format!("extra.{name}"),
            "must be a number",
        )),
    };
    match extra {
        None | Some(Value::Null) => {
            options(None, None, "extra.").map(|(width, scale)| (width, scale, None))
        }
        Some(Value::Object(extra)) => {
            let (px, physical) = width_choice(
                number(extra, "width")?,
                number(extra, "width_in")?,
                number(extra, "width_mm")?,
                "extra.",
            )?;
            let (width, scale) = options_for(px, physical, number(extra, "scale")?, "extra.")?;
            Ok((width, scale, physical))
        }
        Some(_) => Err(ApiError::validation("extra", "must be an object")),
    }
}

/// The boolean `extra.<name>`: absent or `null` is `false`. `preview` asks for an
/// on-screen preview; `front_of_pack` draws the label's `front_of_pack` elements under it,
/// as `fop=` does on a recipe's label files.
fn extra_flag(extra: Option<&Value>, name: &str) -> Result<bool, ApiError> {
    match extra.and_then(|e| e.get(name)) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(flag)) => Ok(*flag),
        Some(_) => Err(ApiError::validation(
            &format!("extra.{name}"),
            "must be true or false",
        )),
    }
}

/// The plan rules of an export: as for any file, except that an SVG asked for as a
/// `preview` (the app's live label, drawn while the user types) is open to every plan that
/// may use the format, watermarked wherever the plan's exports are. A watermarked SVG is no
/// more than the watermarked PNG such a plan may export, and drawing it costs a tenth.
fn export_rules(
    plan: &Plan,
    file_type: FileType,
    format: &Format,
    preview: bool,
) -> Result<bool, ApiError> {
    if preview && file_type == FileType::Svg {
        nls_web::formats::check_stored(Some(format), plan)?;
        return Ok(plan.export_watermarked);
    }
    plan_rules(plan, file_type, Some(format))
}

/// Render a label state to a file
///
/// `fileType`: `svg`, `png`, `pdf`; `jpg` gives PNG bytes as `image/png`; anything else
/// (`eps`, `ai`, ...) 400 `unsupported_file_type`. A `data` that is not a label:
/// 400 `validation_failed` naming the problem; an unknown format: 400 `unknown_label_format`.
/// Outside the plan (file type, format, watermark) 403 with a `plan_*` code.
#[utoipa::path(post, path = "/functions/v1/export-label", tag = "Export", operation_id = "exportLabel",
    request_body(content = ExportRequest, examples(("png" = (value = json!({"fileType": "png", "data": {"format": "standard", "calories": 230}, "extra": {"width": 290, "scale": 2}}))))),
    responses((status = 200, description = "The rendered file.", content(
        (String = "image/svg+xml"),
        (Vec<u8> = "image/png"),
        (Vec<u8> = "application/pdf"),
    ))),
    security(("sessionToken" = []), ("appSession" = [])))]
#[tracing::instrument(skip_all, fields(account_id = %caller.account_id))]
async fn export_label(
    State(state): State<RenderState>,
    caller: SessionCaller,
    client: nls_web::client_addr::ClientAddr,
    ApiJson { value: request, .. }: ApiJson<ExportRequest>,
) -> Result<Response, ApiError> {
    // Counted before anything is parsed or drawn: every export is a render.
    nls_web::export_limit::admit(
        &state.pool,
        caller.account_id,
        caller.plan.rate_limit_per_minute,
        client,
    )
    .await?;
    let file_type = match request.file_type.as_str() {
        // The app offers JPEG; the renderer serves PNG for it (lossless, same pixels).
        "jpg" => FileType::Png,
        other => FileType::parse(other).ok_or_else(|| {
            ApiError::new(
                ErrorCode::UnsupportedFileType,
                format!(
                    "fileType {:?} is not served; use svg, png, pdf or jpg",
                    request.file_type.chars().take(16).collect::<String>()
                ),
            )
        })?,
    };
    if let Some(format) = request.data.get("format").and_then(Value::as_str) {
        nls_web::formats::label_format("data.format", format)?;
    }
    let label: Label = serde_json::from_value(request.data).map_err(|err| {
        let problem = nls_web::json_value::api_words(&err.to_string())
            .chars()
            .take(300)
            .collect::<String>();
        ApiError::validation("data", format!("not a label object: {problem}"))
    })?;
    let format = nls_web::formats::label_format("data.format", &label.format)?;
    let (width, scale, physical) = extra_options(request.extra.as_ref())?;
    let preview = extra_flag(request.extra.as_ref(), "preview")?;
    let front_of_pack = extra_flag(request.extra.as_ref(), "front_of_pack")?;
    check_physical(Some(format), physical, "extra.")?;
    let watermark = export_rules(&caller.plan, file_type, format, preview)?;
    let mut spec = Spec::new(file_type, width, scale, watermark);
    if front_of_pack {
        spec = spec.with_front_of_pack();
    }
    let prepared = Prepared::new(label, spec).map_err(ApiError::internal)?;
    let bytes = render_limited(&state, caller.account_id, &caller.plan, prepared, None).await?;
    let mut response = (StatusCode::OK, bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(file_type.content_type()),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(id: &str, types: &[&str], watermarked: bool, all_formats: bool) -> Plan {
        Plan {
            id: id.into(),
            rank: if all_formats { 1 } else { 0 },
            all_label_formats: all_formats,
            export_file_types: types.iter().map(|t| (*t).to_owned()).collect(),
            export_watermarked: watermarked,
            live_embed: false,
            rest_access: false,
            rate_limit_per_minute: 60,
            max_concurrent_renders: 5,
            webhooks: false,
        }
    }

    #[test]
    fn a_preview_svg_is_open_to_every_plan_with_its_watermark() {
        let free = plan("free", &["png"], true, false);
        let us = nls_nutrition::format("us.v").expect("us.v");
        assert_eq!(
            export_rules(&free, FileType::Svg, us, true).ok(),
            Some(true)
        );
        assert!(export_rules(&free, FileType::Svg, us, false).is_err());
        assert!(
            export_rules(&free, FileType::Pdf, us, true).is_err(),
            "previews are SVG only"
        );
        let eu = nls_nutrition::format("eu.tab.ri").expect("eu.tab.ri");
        assert!(
            export_rules(&free, FileType::Svg, eu, true).is_err(),
            "formats still need their plan"
        );
        let pro = plan("professional", &["svg", "png", "pdf"], false, true);
        assert_eq!(
            export_rules(&pro, FileType::Svg, eu, true).ok(),
            Some(false)
        );
        assert_eq!(
            extra_flag(Some(&serde_json::json!({"preview": true})), "preview").ok(),
            Some(true)
        );
        assert!(extra_flag(Some(&serde_json::json!({"preview": "yes"})), "preview").is_err());
    }

    #[test]
    fn free_plans_get_watermarked_us_png_only() {
        let free = plan("free", &["png"], true, false);
        assert_eq!(
            plan_rules(&free, FileType::Png, nls_nutrition::format("standard")).ok(),
            Some(true)
        );
        assert_eq!(
            plan_rules(&free, FileType::Svg, nls_nutrition::format("standard"))
                .err()
                .map(|e| e.code()),
            Some(ErrorCode::PlanFileTypeNotAllowed)
        );
        assert_eq!(
            plan_rules(&free, FileType::Png, nls_nutrition::format("eu-1169"))
                .err()
                .map(|e| e.code()),
            Some(ErrorCode::PlanFormatNotAllowed)
        );
        let pro = plan("professional", &["svg", "png", "pdf"], false, true);
        assert_eq!(
            plan_rules(&pro, FileType::Pdf, nls_nutrition::format("eu-1169")).ok(),
            Some(false)
        );
    }

    #[test]
    fn options_are_bounded() {
        assert_eq!(options(None, None, "").ok(), Some((290.0, 2.0)));
        assert!(options(Some(119.0), None, "").is_err());
        assert!(options(Some(2001.0), None, "").is_err());
        assert!(options(None, Some(0.4), "").is_err());
        assert!(options(None, Some(8.5), "").is_err());
        assert!(options(Some(f64::NAN), None, "").is_err());
        assert_eq!(
            options(Some(2000.0), Some(8.0), "").ok(),
            Some((2000.0, 8.0))
        );
    }

    #[test]
    fn if_none_match_lists_and_wildcards_match() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_static("\"a\", W/\"b\""),
        );
        assert!(none_match(&headers, "\"b\""));
        assert!(!none_match(&headers, "\"c\""));
        headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static("*"));
        assert!(none_match(&headers, "\"c\""));
    }
}

#[cfg(test)]
mod physical_size_tests {
    use super::*;

    fn us() -> Option<&'static Format> {
        nls_nutrition::format("standard")
    }

    #[test]
    fn a_physical_width_becomes_pixels_at_96_per_inch() {
        let (px, physical) = width_choice(None, Some(2.5), None, "").expect("inches");
        assert_eq!(px, Some(240.0));
        assert_eq!(physical.map(|p| p.field), Some("width_in"));
        let (px, _) = width_choice(None, None, Some(63.5), "").expect("millimetres");
        assert!((px.expect("pixels") - 240.0).abs() < 1e-9);
        for bad in [
            width_choice(Some(290.0), Some(3.0), None, ""),
            width_choice(None, Some(3.0), Some(80.0), ""),
            width_choice(None, Some(0.0), None, ""),
            width_choice(None, None, Some(-1.0), ""),
            width_choice(None, Some(f64::NAN), None, ""),
        ] {
            assert_eq!(
                bad.err().map(|e| e.code()),
                Some(ErrorCode::ValidationFailed)
            );
        }
    }

    #[test]
    fn below_the_minimum_width_is_label_too_small_naming_the_width_that_complies() {
        let at = |inches: f64, field: &'static str| {
            check_physical(us(), Some(Physical { inches, field }), "")
        };
        // The stated minimum itself complies; a hair under it does not.
        assert!(at(2.31, "width_in").is_ok());
        assert!(at(58.5 / 25.4, "width_mm").is_ok());
        let err = at(2.30, "width_in").expect_err("too small");
        assert_eq!(err.code(), ErrorCode::LabelTooSmall);
        let said = format!("{err:?}");
        assert!(said.contains("2.31 in (58.5 mm)"), "{said}");
        assert!(said.contains("min_width_mm"), "{said}");
        assert_eq!(
            at(58.4 / 25.4, "width_mm").err().map(|e| e.code()),
            Some(ErrorCode::LabelTooSmall)
        );
        // A label without minimum sizes takes any width the pixels allow.
        let eu = nls_nutrition::format("eu-1169");
        assert!(check_physical(
            eu,
            Some(Physical {
                inches: 1.5,
                field: "width_in"
            }),
            ""
        )
        .is_ok());
        assert_eq!(
            check_physical(
                eu,
                Some(Physical {
                    inches: 1.0,
                    field: "width_in"
                }),
                ""
            )
            .err()
            .map(|e| e.code()),
            Some(ErrorCode::ValidationFailed)
        );
    }
}

/// A recipe row's label as a tree, for the paths that read its fields (drawing, strict
/// checks, front-of-pack).
pub(crate) fn label_tree(
    label: Option<nls_readmodel::label_json::LabelJson>,
) -> Result<Option<serde_json::Value>, ApiError> {
    nls_readmodel::label_json::tree(label).map_err(ApiError::internal)
}
