//! The OpenAPI 3.1 document (`GET /v1/openapi.json`) and the reference page (`GET /docs`).
//!
//! The document is generated: each crate's handlers carry their operation
//! (`#[utoipa::path]`: path, parameters, body, success responses, credentials; the summary
//! and description are the handler's doc comment), each crate lists its handlers in an
//! `Api` beside its router, and the schemas are derived (`utoipa::ToSchema`) from the types
//! the handlers read and write. This module merges those parts and adds what no single
//! handler owns: the service's description and limits, the credentials, the error
//! responses every keyed operation shares (from [`ErrorCode::ALL`], so a new code is
//! documented the moment it exists) and the rate-limit headers.
//!
//! `tests/api/openapi.rs` keeps the document honest: every `.route(...)` of the workspace is
//! documented and every documented operation is served; every JSON answer of a live server
//! is validated against the schema documented for its status.
//!
//! The page at `/docs` is Swagger UI (swagger-ui-dist 5.35.0, Apache-2.0; `assets/docs/`
//! holds the files and their licence), bundled into the binary and served under a
//! content security policy that allows this host only: the page makes no request elsewhere.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use nls_web::{ApiError, ErrorCode};
use serde_json::{json, Map, Value};
use utoipa::OpenApi;

/// This crate's operations, and the document's fixed parts.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Nutrition Label Service",
        version = "1.0.0",
        license(name = "MIT", identifier = "MIT")
    ),
    paths(
        serve_document,
        docs_page,
        docs_asset,
        crate::health::healthz,
        crate::health::readyz,
        crate::metrics::metrics
    ),
    components(schemas(nls_web::ErrorBody))
)]
struct Service;

/// The routes of this module: the document and the reference page.
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/v1/openapi.json", get(serve_document))
        .route("/docs", get(docs_page))
        .route("/docs/{asset}", get(docs_asset))
}

/// The document, built once.
pub fn document() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(build)
}

/// The body of `GET /v1/openapi.json`, serialised once; `nls openapi` prints the same bytes,
/// so the clients generated from that output describe exactly what the service serves.
pub fn document_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| serde_json::to_vec_pretty(document()).unwrap_or_default())
}

/// This document
#[utoipa::path(get, path = "/v1/openapi.json", tag = "Reference", operation_id = "openapi",
    responses((status = 200, description = "This OpenAPI 3.1 document.", body = Object)))]
async fn serve_document() -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        document_bytes(),
    )
        .into_response()
}

/// Only this host: scripts, styles, images (and `data:` images of the stylesheet), fetches.
const DOCS_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; \
    form-action 'none'; frame-ancestors 'none'";

const DOCS_HTML: &str = r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nutrition Label Service API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
"#;

/// No validator badge (it would call validator.swagger.io), no external links.
const DOCS_INIT: &str = r##"window.ui = SwaggerUIBundle({
  url: "/v1/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false
});
"##;

fn with_csp(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(DOCS_CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        HeaderName::from_static("referrer-policy"),
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// This reference, readable
#[utoipa::path(get, path = "/docs", tag = "Reference", operation_id = "docs",
    responses((status = 200, description = "HTML reference page (no request to any other host).", content_type = "text/html", body = String)))]
async fn docs_page() -> Response {
    with_csp(
        (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            DOCS_HTML,
        )
            .into_response(),
    )
}

/// A file of the reference page.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)] // documents the path parameter, which is read as a string
enum DocsAsset {
    #[schema(rename = "swagger-ui-bundle.js")]
    Bundle,
    #[schema(rename = "swagger-ui.css")]
    Css,
    #[schema(rename = "init.js")]
    Init,
    #[schema(rename = "LICENSE")]
    Licence,
}

/// Files of the reference page
#[utoipa::path(get, path = "/docs/{asset}", tag = "Reference", operation_id = "docsAsset",
    params(("asset" = inline(DocsAsset), Path, description = "A file of the page.")),
    responses(
        (status = 200, description = "The file.", content_type = "*/*", body = String),
    ))]
async fn docs_asset(Path(asset): Path<String>) -> Response {
    let (content_type, body): (&str, &'static [u8]) = match asset.as_str() {
        "swagger-ui-bundle.js" => (
            "text/javascript; charset=utf-8",
            include_bytes!("../assets/docs/swagger-ui-bundle.js"),
        ),
        "swagger-ui.css" => (
            "text/css; charset=utf-8",
            include_bytes!("../assets/docs/swagger-ui.css"),
        ),
        "init.js" => ("text/javascript; charset=utf-8", DOCS_INIT.as_bytes()),
        "LICENSE" => (
            "text/plain; charset=utf-8",
            include_bytes!("../assets/docs/LICENSE"),
        ),
        _ => return ApiError::not_found("file").into_response(),
    };
    let mut response = (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        body,
    )
        .into_response();
    response = with_csp(response);
    response
}

// ---------------------------------------------------------------------------------------
// The document.

/// Every crate's operations, merged, and completed with what they share.
fn build() -> Value {
    let mut api = Service::openapi();
    for part in [
        nls_query::http::Api::openapi(),
        nls_command::http::Api::openapi(),
        nls_renderer::http::Api::openapi(),
        nls_renderer::embed::Api::openapi(),
        nls_web::session::Api::openapi(),
        nls_web::app_session::Api::openapi(),
        nls_webhooks::api::Api::openapi(),
        crate::app_files::Api::openapi(),
    ] {
        api.merge(part);
    }
    let mut doc = serde_json::to_value(&api).unwrap_or_default();
    complete(&mut doc);
    doc
}

/// The parts of the document no handler owns.
fn complete(doc: &mut Value) {
    doc["jsonSchemaDialect"] = json!("https://spec.openapis.org/oas/3.1/dialect/base");
    doc["info"]["description"] = json!(format!(
        "{DESCRIPTION}\n## Error codes\n\n{}",
        error_codes_table()
    ));
    doc["info"]["x-compatibility"] =
        json!("additive changes only within v1; breaking changes only under a new version prefix");
    doc["servers"] =
        json!([{"url": "/", "description": "this host ({site_url}); {base_url} is {site_url}/v1"}]);
    doc["tags"] = Value::Array(
        TAGS.iter()
            .map(|(name, description)| json!({"name": name, "description": description}))
            .collect(),
    );
    let components = &mut doc["components"];
    components["securitySchemes"] = security_schemes();
    components["headers"] = headers();
    components["responses"] = error_responses();
    components["x-error-codes"] = ErrorCode::ALL
        .iter()
        .map(|c| (c.as_str().to_owned(), json!(c.status().as_u16())))
        .collect::<Map<_, _>>()
        .into();
    components["x-error-details"] = error_details();
    if let Some(paths) = doc["paths"].as_object_mut() {
        for (path, methods) in paths.iter_mut() {
            let Some(methods) = methods.as_object_mut() else {
                continue;
            };
            for (method, operation) in methods.iter_mut() {
                add_shared_responses(method, path, operation);
            }
        }
    }
}

/// The tags, in the order the reference lists them.
const TAGS: &[(&str, &str)] = &[
    ("Recipes", "Recipes, their labels and their history."),
    ("Ingredients", "The account's custom ingredients."),
    ("Foods", "The shipped food composition database."),
    ("Formats", "Label formats and the countries they serve."),
    (
        "Analyze",
        "Labels and claims computed without saving anything.",
    ),
    ("Audit", "The account's event log."),
    ("Webhooks", "Notifications of label and recipe changes."),
    ("Export", "Label files from a label state (session token)."),
    ("Sessions", "Session tokens for the export function."),
    ("App", "The browser app and its sign-in."),
    ("Embed", "The live label embed."),
    ("Reference", "This document and its reference page."),
    ("Operations", "Health, readiness and metrics."),
];

/// Whether an operation takes the API key (the REST resources).
fn keyed(operation: &Value) -> bool {
    operation["security"]
        .as_array()
        .is_some_and(|s| s.iter().any(|r| r.get("apiKey").is_some()))
}

/// Error statuses some operations give besides those their shape implies (operation id →
/// statuses): what the handler does that its method, path and body do not say.
const MORE_ERRORS: &[(&str, &[u16])] = &[
    ("recipeHistory", &[422]),
    ("exportAudit", &[422]),
    ("recipeLabelFile", &[409, 422]),
    ("importRecipes", &[503]),
    ("createWebhook", &[503]),
    ("rotateWebhookSecret", &[503]),
    ("testWebhook", &[503]),
    ("retryWebhookDelivery", &[503]),
    ("issueSessionToken", &[400, 401, 415, 429, 503]),
    ("revokeSessionToken", &[401]),
    ("signUp", &[400, 403, 409, 415, 429, 503]),
    ("signIn", &[400, 401, 403, 415, 429, 503]),
    ("currentSession", &[401]),
    ("signOut", &[403]),
    ("exportLabel", &[400, 401, 403, 415, 422, 429]),
    ("docsAsset", &[404]),
];

/// The error responses of one operation, by status: a keyed operation's follow from its
/// method, path and body; every operation may fail with 500.
fn error_statuses(method: &str, path: &str, operation: &Value) -> Vec<u16> {
    let mut statuses = Vec::new();
    if keyed(operation) {
        statuses.extend([400, 401, 403, 429]);
        if path.contains("{id}") {
            statuses.push(404);
        }
        if operation.get("requestBody").is_some() {
            statuses.push(415);
        }
        if method == "put" || method == "delete" {
            statuses.push(412);
        }
        // Analyses and reformulations save nothing, so nothing conflicts.
        let computes_only = path == "/v1/analyze" || path.ends_with("reformulate");
        if method != "get" && !computes_only {
            statuses.push(409);
        }
        // The expanded size of a recipe tree (`recipe_too_large`).
        let recipe_body = (method == "post" || method == "put")
            && (path == "/v1/recipes" || path == "/v1/recipes/{id}");
        if recipe_body || computes_only {
            statuses.push(422);
        }
    }
    let id = operation["operationId"].as_str().unwrap_or("");
    if let Some((_, more)) = MORE_ERRORS.iter().find(|(op, _)| *op == id) {
        statuses.extend(more.iter().copied());
    }
    statuses.push(500);
    statuses
}

/// Adds the shared error responses (where the handler documents no other answer for that
/// status) and, on keyed operations, the rate-limit headers of every answer.
fn add_shared_responses(method: &str, path: &str, operation: &mut Value) {
    let statuses = error_statuses(method, path, operation);
    let keyed = keyed(operation);
    let Some(responses) = operation["responses"].as_object_mut() else {
        return;
    };
    if keyed {
        for response in responses.values_mut() {
            let headers = &mut response["headers"];
            for name in ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"] {
                headers[name] = json!({"$ref": format!("#/components/headers/{name}")});
            }
        }
    }
    for status in statuses {
        let name = match status {
            400 => "BadRequest",
            401 => "Unauthorized",
            403 => "Forbidden",
            404 => "NotFound",
            409 => "Conflict",
            412 => "PreconditionFailed",
            415 => "UnsupportedMediaType",
            422 => "UnprocessableContent",
            429 if keyed => "TooManyRequests",
            429 => "TooManyRequestsUnkeyed",
            503 => "Unavailable",
            _ => "InternalError",
        };
        responses
            .entry(status.to_string())
            .or_insert_with(|| json!({"$ref": format!("#/components/responses/{name}")}));
    }
}

fn security_schemes() -> Value {
    json!({
        "apiKey": {"type": "http", "scheme": "bearer", "bearerFormat": "nls_<43 base64url characters>",
            "description": "Secret API key of the account (REST resources)."},
        "sessionToken": {"type": "http", "scheme": "bearer", "bearerFormat": "opaque",
            "description": "Session access token from `POST /auth/v1/token` (label export); expires after 1 h."},
        "appSession": {"type": "apiKey", "in": "cookie", "name": "nls_session",
            "description": "The browser app's session cookie, set by `POST /auth/v1/signup` and `POST /auth/v1/session` (HttpOnly, SameSite=Lax, 12 h). Open to every plan (the REST gate is for keys; every plan rule still applies), 600 requests a minute per session. Every POST, PUT and DELETE made with it must send `X-CSRF-Token` (the `csrf_token` of the session endpoints), and one from another origin is refused: 403 `csrf_failed`."}
    })
}

fn headers() -> Value {
    json!({
        "RateLimit-Limit": {"description": "Requests per minute allowed for the key.", "schema": {"type": "integer", "minimum": 1}},
        "RateLimit-Remaining": {"description": "Requests that may be sent at once now.", "schema": {"type": "integer", "minimum": 0}},
        "RateLimit-Reset": {"description": "Seconds until the full burst is available again.", "schema": {"type": "integer", "minimum": 0}},
        "Retry-After": {"description": "Whole seconds to wait before retrying (>= 1).", "schema": {"type": "integer", "minimum": 1}}
    })
}

fn error_codes_table() -> String {
    let mut table = String::from("| Code | Status |\n|---|---|\n");
    for code in ErrorCode::ALL {
        table.push_str(&format!(
            "| `{}` | {} |\n",
            code.as_str(),
            code.status().as_u16()
        ));
    }
    table
}

const DESCRIPTION: &str = "\
Renders compliant nutrition labels, manages recipes and custom ingredients, and computes \
nutrition data.

* **REST resources** (`/v1/...`, early access, Business plan): `Authorization: Bearer nls_...` \
  (secret API key; never put it in client-side code). JSON only, except the label files.
* **Label export** (`POST /functions/v1/export-label`): a session access token from \
  `POST /auth/v1/token` (expires after 1 h; `DELETE /auth/v1/token` revokes it).
* **Live embed** (`/embed.js`, `/embed/{token}`): no key; embeddable from any origin.

## Errors

Every error body is `{\"error\": {\"code\", \"message\", \"details\"?}}`; `code` is a stable \
machine code and always comes with the same status. No error carries a stack trace, SQL or \
another account's data. Another account's resource is 404 `not_found`, never 403.

## Limits

* 60 requests per minute per API key on the REST resources, smooth (GCRA) with a burst of 60, \
  shared by every instance of the service. Every response to a request with a valid key \
  carries `RateLimit-Limit`, `RateLimit-Remaining` (requests that may be sent at once now) \
  and `RateLimit-Reset` (seconds until the full burst is available again). Beyond it: 429 \
  `rate_limited` with `Retry-After` (whole seconds) and the wait in the message. Requests \
  without a valid key are not counted.
* 5 concurrent label renders per account: the sixth gets 429 with `Retry-After`.
* 10 password attempts per minute per e-mail address on `POST /auth/v1/token`, right or \
  wrong, counted before the password is checked: beyond them 429 `rate_limited` with \
  `Retry-After`.
* Request bodies over 1 MiB (1,048,576 bytes, declared or chunked): 429 `payload_too_large` \
  with `Retry-After`; the body is not read past the limit.
* Per render: at most 16,777,216 pixels per PNG (422 `image_too_large`, computed from the \
  laid-out label before anything is drawn) and 10,000 characters per statement (422 \
  `statement_too_long`).
* Connections: request headers must arrive within 15 s (this also bounds an idle \
  keep-alive connection) and a request body within 30 s (408 `request_timeout`); request \
  targets over 8,192 bytes get 414 `uri_too_long`; at most 16,384 connections are served at \
  once; a client that stops reading a response is dropped after 30 s without progress. The \
  embed's event streams are not cut by these bounds.

## Compatibility promise

Everything under `/v1` (and `/functions/v1`, `/auth/v1`) changes only additively: new \
endpoints, new optional request fields, new response fields, new error codes and new enum \
values may appear; nothing documented is removed, renamed or changes type or meaning. \
Clients must ignore response fields they do not know. A breaking change is released only \
under a new version prefix (`/v2`), and unknown prefixes are 404.
";

/// The shape of `error.details` for each code (JSON Schema), so a client knows what to read.
/// Most codes carry the field list or nothing; the exceptions are older shapes, kept as
/// they are (v1 changes only additively).
fn error_details() -> Value {
    let field_list = json!({"type": "array", "items": {"type": "object",
        "properties": {"field": {"type": "string", "description": "The API field (`ingredients[0].grams`), header (`If-Match`) or label field at fault."},
                       "problem": {"type": "string"}},
        "required": ["field", "problem"]}});
    let absent = json!({"not": {}, "description": "No `details`."});
    let shapes: Map<String, Value> = ErrorCode::ALL
        .iter()
        .map(|code| {
            let shape = match code {
                ErrorCode::ValidationFailed
                | ErrorCode::UnknownField
                | ErrorCode::ImageTooLarge
                | ErrorCode::StatementTooLong => {
                    let mut optional = field_list.clone();
                    optional["description"] = json!("The fields at fault, when the problem is one of fields.");
                    optional
                }
                ErrorCode::LabelTooSmall => json!({"type": "array", "items": {"type": "object",
                    "description": "The width asked for and the smallest that keeps the minimum type sizes of 21 CFR 101.9(d)(1)(iii) and (j)(13), rounded up (that width complies).",
                    "properties": {"field": {"type": "string", "examples": ["width_in", "width_mm", "extra.width_in"]},
                                   "problem": {"type": "string"},
                                   "min_width_in": {"type": "number"},
                                   "min_width_mm": {"type": "number"}},
                    "required": ["field", "problem", "min_width_in", "min_width_mm"]}}),
                ErrorCode::UnknownIngredient => json!({"oneOf": [
                    field_list.clone(),
                    {"type": "object", "description": "An entry by name that matched nothing: the closest names.",
                     "properties": {"field": {"type": "string"}, "suggestions": {"type": "array", "items": {"type": "string"}}},
                     "required": ["field", "suggestions"]}
                ]}),
                ErrorCode::IngredientInUse | ErrorCode::RecipeInUse => json!({"type": "object",
                    "description": "The live recipes that use the resource.",
                    "properties": {"recipes": {"type": "array", "items": {"type": "string"}}},
                    "required": ["recipes"]}),
                ErrorCode::IngredientNameTaken => json!({"type": "object",
                    "description": "The other custom ingredient of the account with the same name.",
                    "properties": {"field": {"type": "string"}, "ingredient_id": {"type": "string"}},
                    "required": ["field", "ingredient_id"]}),
                ErrorCode::RecipeTooLarge => json!({"type": "object",
                    "description": "The limit passed, its maximum and the value the write would reach.",
                    "properties": {"limit": {"type": "string", "enum": ["nesting_depth", "expanded_lines", "statement_chars", "label_bytes"]},
                                   "max": {"type": "integer"}, "value": {"type": "integer"}},
                    "required": ["limit", "max", "value"]}),
                ErrorCode::BreaksDependentRecipe => json!({"type": "object",
                    "description": "The recipe the write would leave without a label, and why.",
                    "properties": {"recipe_id": {"type": "string"}, "name": {"type": "string"},
                                   "problem": {"type": "object", "properties": {"code": {"type": "string"}, "message": {"type": "string"}}, "required": ["code", "message"]}},
                    "required": ["recipe_id", "name", "problem"]}),
                ErrorCode::IncompleteNutrientData => json!({"type": "array",
                    "description": "The label's `missing`: each declared nutrient some ingredients' data lacks, with those ingredients (printed names; at most 10, each cut at 80 characters; `more_ingredients` counts the rest).",
                    "items": {"type": "object", "properties": {
                        "nutrient": {"type": "string", "examples": ["trans_fat_g"]},
                        "ingredients": {"type": "array", "items": {"type": "string"}},
                        "more_ingredients": {"type": "integer", "minimum": 1}},
                        "required": ["nutrient", "ingredients"]}}),
                ErrorCode::FormatNotPermitted => json!({"type": "array", "items": {"type": "object",
                    "description": "The format refused for this food, the rule and the count it needs (21 CFR 101.9(f): at least 8 of 15 nutrients insignificant for `us.v.simpl`).",
                    "properties": {"field": {"type": "string", "examples": ["label_format"]},
                                   "problem": {"type": "string"},
                                   "rule": {"type": "string"},
                                   "insignificant": {"type": "integer"},
                                   "needed": {"type": "integer"}},
                    "required": ["field", "problem", "rule", "insignificant", "needed"]}}),
                ErrorCode::ReformulationTooLarge => json!({"type": "object",
                    "description": "The bound passed, its maximum and the value asked for.",
                    "properties": {"limit": {"type": "string", "enum": ["lines", "goals", "candidates", "substituted_lines", "substitutes_per_line", "substitute_choices", "label_formats"]},
                                   "max": {"type": "integer"}, "value": {"type": "integer"}},
                    "required": ["limit", "max", "value"]}),
                ErrorCode::GoalUnreachable => json!({"type": "object",
                    "description": "The first goal no recipe within the constraints meets: its limit in words, the limit's value, the best value reachable (null when the constraints allow no recipe at all) and the constraints that stand in the way.",
                    "properties": {"goal": {"type": "integer", "description": "Index in `goals`."},
                                   "limit": {"type": "string", "examples": ["total sugars per 100 g (sugars)"]},
                                   "below": {"type": "number"},
                                   "best": {"type": ["number", "null"]},
                                   "binding": {"type": "array", "items": {"type": "object",
                                       "properties": {"constraint": {"type": "string", "enum": ["max_change_pct", "fixed_lines", "line_bounds", "keep_total_weight", "goals", "ingredients", "constraints"]},
                                                      "max_change_pct": {"type": "number"},
                                                      "lines": {"type": "array", "items": {"type": "integer"}},
                                                      "goals": {"type": "array", "items": {"type": "integer"}}},
                                       "required": ["constraint"]}}},
                    "required": ["goal", "limit", "below", "best", "binding"]}),
                ErrorCode::LabelUnavailable => json!({"type": "object",
                    "description": "Why the recipe's label cannot be computed, as in its `label_error`.",
                    "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
                    "required": ["code", "message"]}),
                _ => absent.clone(),
            };
            (code.as_str().to_owned(), shape)
        })
        .collect();
    Value::Object(shapes)
}

fn error_response(description: &str, codes: &[ErrorCode], retry: bool) -> Value {
    let names: Vec<&str> = codes.iter().map(|c| c.as_str()).collect();
    let mut headers = json!({
        "RateLimit-Limit": {"$ref": "#/components/headers/RateLimit-Limit"},
        "RateLimit-Remaining": {"$ref": "#/components/headers/RateLimit-Remaining"},
        "RateLimit-Reset": {"$ref": "#/components/headers/RateLimit-Reset"}
    });
    if retry {
        headers["Retry-After"] = json!({"$ref": "#/components/headers/Retry-After"});
    }
    let example = codes
        .first()
        .map(|c| json!({"error": {"code": c.as_str(), "message": description}}));
    json!({
        "description": format!("{description} Codes: {}.", names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")),
        "headers": headers,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}, "example": example}}
    })
}

fn codes_with(status: u16) -> Vec<ErrorCode> {
    ErrorCode::ALL
        .iter()
        .copied()
        .filter(|c| c.status().as_u16() == status)
        .collect()
}

fn error_responses() -> Value {
    let mut too_many = error_response(
        "Rate limited (retry after `Retry-After` seconds), or body over 1 MiB.",
        &codes_with(429),
        true,
    );
    too_many["description"] = json!(format!(
        "{} The rate-limit headers are on every response to a valid key.",
        too_many["description"].as_str().unwrap_or("")
    ));
    json!({
        "BadRequest": error_response("Malformed or invalid input.", &codes_with(400), false),
        "Unauthorized": error_response("Missing, malformed, unknown or revoked credential.", &codes_with(401), false),
        "Forbidden": error_response("Outside the account's plan.", &codes_with(403), false),
        "NotFound": error_response("Not found, or not owned by the caller.", &codes_with(404), false),
        "MethodNotAllowed": error_response("The path exists, the method does not.", &codes_with(405), false),
        "Conflict": error_response("Conflicts with the current state. `ingredient_name_taken`: another custom ingredient of the account has the same name, compared case- and Unicode-normalisation-insensitively (NFKC, case folded); `details`: `{\"field\": \"name\", \"ingredient_id\"}` of the other one. `breaks_dependent_recipe`: the write would leave a recipe that uses this one (directly or through sub-recipes) without a label; nothing is written; `details`: `{\"recipe_id\", \"name\", \"problem\": {\"code\", \"message\", ...}}`, the problem with the limit's details where it is `recipe_too_large`. `label_unavailable` (label files): the recipe's label cannot be computed; `details`: `{\"code\", \"message\"}` of the reason, as in the recipe's `label_error`.", &codes_with(409), false),
        "PreconditionFailed": error_response("`If-Match` names another version.", &codes_with(412), false),
        "UnsupportedMediaType": error_response("The body must be JSON (`POST /v1/imports`: `text/csv` or an .xlsx workbook).", &codes_with(415), false),
        "UnprocessableContent": error_response("The request is well-formed but goes past a bound. `recipe_too_large`: with its sub-recipes expanded the recipe goes past a limit: `nesting_depth` 8 levels, `expanded_lines` 2,000 lines (identical lines merged), `statement_chars` 9,000 characters of ingredient statement, `label_bytes` 131,072 bytes of label JSON; `details`: `{\"limit\", \"max\", \"value\"}`. `incomplete_nutrient_data` (`strict=true` on analyze and label files): the label declares nutrients some ingredients' data lacks; `details`: the label's `missing`, `[{\"nutrient\", \"ingredients\"}]`. Label files and export: more pixels than 16,777,216 per PNG (`image_too_large`; lower `width` or `scale`) or statements over 10,000 characters together (`statement_too_long`); `details`: `[{field, problem}]`. A physical width (`width_in`, `width_mm`) below the one at which a US label's type keeps FDA's minimum sizes (`label_too_small`); `details`: `[{field, problem, min_width_in, min_width_mm}]`. A format its law does not allow for this food (`format_not_permitted`: the simplified US format for a food with fewer than 8 of the 15 nutrients of 21 CFR 101.9(f) insignificant); `details`: `[{field, problem, rule, insignificant, needed}]`. Reformulation: `goal_unreachable`, no recipe within the constraints meets a goal; `details`: `{goal, limit, below, best, binding}`. `reformulation_too_large`: more lines, goals, candidates or substitutes than a reformulation takes; `details`: `{\"limit\", \"max\", \"value\"}`.", &codes_with(422), false),
        "RequestTimeout": error_response("The request body did not arrive within the body read timeout (30 s by default); the connection is closed.", &codes_with(408), false),
        "UriTooLong": error_response("The request target is longer than 8,192 bytes.", &codes_with(414), false),
        "TooManyRequests": too_many,
        "TooManyRequestsUnkeyed": error_response("Body over 1 MiB, too many concurrent renders, or too many sign-in attempts for one e-mail address.", &codes_with(429), true),
        "InternalError": error_response("Server error; retry with backoff.", &codes_with(500), false),
        "Unavailable": error_response("A dependency is unavailable, or (sign-in, sign-up and the token exchange) every password check of the process is busy; retry after `Retry-After` where given, else with backoff.", &codes_with(503), false)
    })
}
