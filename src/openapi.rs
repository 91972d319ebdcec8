//! The OpenAPI 3.1 document (`GET /v1/openapi.json`) and the reference page (`GET /docs`).
//!
//! The document is built here, in code, from [`OPERATIONS`]: one entry per route the
//! service registers. `tests/api/openapi.rs` keeps the two from drifting: it reads every
//! `.route(...)` of the workspace's routers and fails when one is not in this table (or
//! the other way round), and it calls every documented operation on a live server and fails
//! when one is answered by the unknown-route fallback. Error codes come from
//! [`ErrorCode::ALL`], so a new code is documented the moment it exists.
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

/// Who may call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Auth {
    /// `Authorization: Bearer nls_...` (REST resources; rate limited).
    ApiKey,
    /// `Authorization: Bearer <access token>` from `POST /auth/v1/token` (export).
    Session,
    /// No credential.
    Public,
    /// The browser app's session cookie (`nls_session`), from `/auth/v1/session`.
    AppSession,
}

/// One documented route and method.
#[derive(Debug, Clone, Copy)]
pub struct Operation {
    pub method: &'static str,
    /// As registered with axum (`{name}` parameters, which is also OpenAPI's syntax).
    pub path: &'static str,
    pub id: &'static str,
    pub tag: &'static str,
    pub summary: &'static str,
    pub auth: Auth,
}

const fn op(
    method: &'static str,
    path: &'static str,
    id: &'static str,
    tag: &'static str,
    summary: &'static str,
    auth: Auth,
) -> Operation {
    Operation {
        method,
        path,
        id,
        tag,
        summary,
        auth,
    }
}

/// Every route the service serves (role `all`), the single list the document is built from.
pub const OPERATIONS: &[Operation] = &[
    op(
        "get",
        "/v1/recipes",
        "listRecipes",
        "Recipes",
        "List recipes",
        Auth::ApiKey,
    ),
    op(
        "post",
        "/v1/recipes",
        "createRecipe",
        "Recipes",
        "Create a recipe",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/recipes/{id}",
        "getRecipe",
        "Recipes",
        "Get a recipe",
        Auth::ApiKey,
    ),
    op(
        "put",
        "/v1/recipes/{id}",
        "updateRecipe",
        "Recipes",
        "Update a recipe (partial)",
        Auth::ApiKey,
    ),
    op(
        "delete",
        "/v1/recipes/{id}",
        "deleteRecipe",
        "Recipes",
        "Delete a recipe",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/recipes/{id}/history",
        "recipeHistory",
        "Recipes",
        "A recipe's events",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/recipes/{id}/{file}",
        "recipeLabelFile",
        "Recipes",
        "The recipe's label as SVG, PNG or PDF",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/ingredients",
        "listIngredients",
        "Ingredients",
        "List custom ingredients",
        Auth::ApiKey,
    ),
    op(
        "post",
        "/v1/ingredients",
        "createIngredient",
        "Ingredients",
        "Create a custom ingredient",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/ingredients/{id}",
        "getIngredient",
        "Ingredients",
        "Get an ingredient",
        Auth::ApiKey,
    ),
    op(
        "put",
        "/v1/ingredients/{id}",
        "updateIngredient",
        "Ingredients",
        "Update an ingredient (partial; archive)",
        Auth::ApiKey,
    ),
    op(
        "delete",
        "/v1/ingredients/{id}",
        "deleteIngredient",
        "Ingredients",
        "Delete an ingredient",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/ingredients/{id}/history",
        "ingredientHistory",
        "Ingredients",
        "An ingredient's events",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/foods",
        "searchFoods",
        "Foods",
        "Search the food composition database",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/foods/{id}",
        "getFood",
        "Foods",
        "One food, per 100 g",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/formats",
        "listFormats",
        "Formats",
        "The label formats offered, filtered by country and family",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/countries",
        "listCountries",
        "Formats",
        "Every served country with its formats, default format and front-of-pack schemes",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/recipes/{id}/labels",
        "recipeLabels",
        "Recipes",
        "The recipe's label in several formats at once (several markets)",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/racc-categories",
        "listRaccCategories",
        "Formats",
        "The reference amounts (RACC) of 21 CFR 101.12(b) a package's category names",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/fop-schemes",
        "listFopSchemes",
        "Formats",
        "The front-of-pack schemes a recipe's front_of_pack names",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/formats/{id}",
        "getFormat",
        "Formats",
        "One label format, by id or alias",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/audit",
        "exportAudit",
        "Audit",
        "The account's events as NDJSON or CSV, for audit",
        Auth::ApiKey,
    ),
    op(
        "post",
        "/v1/imports",
        "importRecipes",
        "Recipes",
        "Create many recipes from a CSV file or an .xlsx sheet, all or nothing",
        Auth::ApiKey,
    ),
    op(
        "post",
        "/v1/analyze",
        "analyze",
        "Analyze",
        "Compute a label and claims; nothing is saved",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/webhooks",
        "listWebhooks",
        "Webhooks",
        "List webhook endpoints",
        Auth::ApiKey,
    ),
    op(
        "post",
        "/v1/webhooks",
        "createWebhook",
        "Webhooks",
        "Register a webhook endpoint (its signing secret is shown once)",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/webhooks/{id}",
        "getWebhook",
        "Webhooks",
        "One webhook endpoint",
        Auth::ApiKey,
    ),
    op(
        "put",
        "/v1/webhooks/{id}",
        "updateWebhook",
        "Webhooks",
        "Change a webhook endpoint (partial)",
        Auth::ApiKey,
    ),
    op(
        "delete",
        "/v1/webhooks/{id}",
        "deleteWebhook",
        "Webhooks",
        "Delete a webhook endpoint and its delivery log",
        Auth::ApiKey,
    ),
    op(
        "post",
        "/v1/webhooks/{id}/rotate-secret",
        "rotateWebhookSecret",
        "Webhooks",
        "A new signing secret; the old one keeps signing for 24 hours",
        Auth::ApiKey,
    ),
    op(
        "post",
        "/v1/webhooks/{id}/test",
        "testWebhook",
        "Webhooks",
        "Send a ping event",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/webhooks/{id}/deliveries",
        "listWebhookDeliveries",
        "Webhooks",
        "The endpoint's deliveries and their attempts, newest first",
        Auth::ApiKey,
    ),
    op(
        "post",
        "/v1/webhooks/{id}/deliveries/{delivery_id}/retry",
        "retryWebhookDelivery",
        "Webhooks",
        "Send one delivery again",
        Auth::ApiKey,
    ),
    op(
        "get",
        "/v1/openapi.json",
        "openapi",
        "Reference",
        "This document",
        Auth::Public,
    ),
    op(
        "post",
        "/functions/v1/export-label",
        "exportLabel",
        "Export",
        "Render a label state to a file",
        Auth::Session,
    ),
    op(
        "post",
        "/auth/v1/token",
        "issueSessionToken",
        "Sessions",
        "Exchange e-mail and password for a session token",
        Auth::Public,
    ),
    op(
        "delete",
        "/auth/v1/token",
        "revokeSessionToken",
        "Sessions",
        "Revoke the session token sent",
        Auth::Session,
    ),
    op(
        "post",
        "/auth/v1/signup",
        "signUp",
        "App",
        "Create an account on the free plan and sign in to the app",
        Auth::Public,
    ),
    op(
        "post",
        "/auth/v1/session",
        "signIn",
        "App",
        "Sign in to the app with e-mail and password",
        Auth::Public,
    ),
    op(
        "get",
        "/auth/v1/session",
        "currentSession",
        "App",
        "The signed-in account, its plan and the CSRF token",
        Auth::AppSession,
    ),
    op(
        "delete",
        "/auth/v1/session",
        "signOut",
        "App",
        "Sign out of the app",
        Auth::AppSession,
    ),
    op(
        "get",
        "/app",
        "appEntry",
        "App",
        "The browser app",
        Auth::Public,
    ),
    op(
        "get",
        "/app/",
        "appEntrySlash",
        "App",
        "The browser app",
        Auth::Public,
    ),
    op(
        "get",
        "/embed.js",
        "embedScript",
        "Embed",
        "The embed script",
        Auth::Public,
    ),
    op(
        "get",
        "/embed/{token}",
        "embedPage",
        "Embed",
        "The live label page of an embed token",
        Auth::Public,
    ),
    op(
        "get",
        "/embed/{token}/events",
        "embedEvents",
        "Embed",
        "Server-sent events announcing label changes",
        Auth::Public,
    ),
    op(
        "get",
        "/healthz",
        "healthz",
        "Operations",
        "The process is up",
        Auth::Public,
    ),
    op(
        "get",
        "/readyz",
        "readyz",
        "Operations",
        "Postgres and NATS reachable, projection lag bounded, label index and embed hub following",
        Auth::Public,
    ),
    op(
        "get",
        "/metrics",
        "metrics",
        "Operations",
        "Counters and gauges in the Prometheus text format",
        Auth::Public,
    ),
    op(
        "get",
        "/docs",
        "docs",
        "Reference",
        "This reference, readable",
        Auth::Public,
    ),
    op(
        "get",
        "/docs/{asset}",
        "docsAsset",
        "Reference",
        "Files of the reference page",
        Auth::Public,
    ),
];

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

async fn docs_page() -> Response {
    with_csp(
        (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            DOCS_HTML,
        )
            .into_response(),
    )
}

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

fn schema_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

fn response_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/responses/{name}") })
}

fn json_body(schema: Value) -> Value {
    json!({ "application/json": { "schema": schema } })
}

fn path_param(name: &str, description: &str, schema: Value) -> Value {
    json!({ "name": name, "in": "path", "required": true, "description": description, "schema": schema })
}

fn query_param(name: &str, description: &str, schema: Value) -> Value {
    json!({ "name": name, "in": "query", "required": false, "description": description, "schema": schema })
}

/// `version` and `as_of` (API_DECISIONS §12), at most one of them.
fn past_params() -> [Value; 2] {
    [
        query_param(
            "version",
            "The recipe as it was right after this version was recorded (see `/history`). Not with `as_of`.",
            json!({"type": "integer", "minimum": 1}),
        ),
        query_param(
            "as_of",
            "The recipe as it was at this moment (RFC 3339, e.g. `2026-01-31T12:00:00Z`). Not with `version`.",
            json!({"type": "string", "format": "date-time"}),
        ),
    ]
}

fn list_params(with_archived: bool) -> Vec<Value> {
    let mut params = vec![
        query_param(
            "limit",
            "Page size (default 50).",
            json!({"type": "integer", "minimum": 1, "maximum": 200, "default": 50}),
        ),
        query_param(
            "cursor",
            "`next_cursor` of the previous page.",
            json!({"type": "string"}),
        ),
        query_param(
            "q",
            "Filters by name (case-insensitive substring).",
            json!({"type": "string"}),
        ),
    ];
    if with_archived {
        params.push(query_param(
            "include_archived",
            "Also list archived items.",
            json!({"type": "boolean", "default": false}),
        ));
    }
    params
}

fn id_param(kind: &str) -> Value {
    let (prefix, what) = match kind {
        "recipe" => ("rcp_", "recipe"),
        _ => ("ing_", "ingredient"),
    };
    path_param(
        "id",
        &format!("Id of the {what} (`{prefix}...`); another account's id is 404."),
        json!({"type": "string", "examples": [format!("{prefix}01962d3b6a8c7f0e9d2b4c5a6e7f8091")]}),
    )
}

fn if_match() -> Value {
    json!({
        "name": "If-Match", "in": "header", "required": false,
        "description": "`\"<version>\"` as in `ETag`: the write applies only to that version, else 412 `version_mismatch`.",
        "schema": {"type": "string", "examples": ["\"3\""]}
    })
}

fn idempotency_key() -> Value {
    json!({
        "name": "Idempotency-Key", "in": "header", "required": false,
        "description": "The same key and body within 24 h replays the first response; the same key with another body is 409 `idempotency_key_reused`.",
        "schema": {"type": "string", "minLength": 1, "maxLength": 255}
    })
}

const WEBHOOKS_DESCRIPTION: &str = "Business plan. Each delivery is `POST`ed as JSON `{\"type\", \"timestamp\", \"data\"}`, signed per the Standard Webhooks specification: `webhook-id` (the same on every attempt of one delivery), `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of \"{id}.{timestamp}.{body}\" under the secret's bytes>` (after a rotation, a second `v1,` entry signed with the old secret, space-separated, for 24 hours). Types: `label.changed` (exactly when a recipe's printed label changes, whatever caused it: `data` has `recipe_id`, `recipe_name`, `format`, `version_before`, `version_after`, `changes: [{field, before, after}]` over printed values, and `cause: {type, id, version}`), `recipe.created`, `recipe.updated`, `recipe.deleted`, `ingredient.updated`, `embed.disabled`, and `ping`. 2xx is success; no redirect is followed; 10 s per attempt; failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 14 h, in order per recipe; an endpoint whose every attempt fails for 5 days is disabled (`disabled_reason`, and an `endpoint.disabled` entry in its delivery log). URLs must be https and may not reach private, loopback, link-local or metadata addresses, checked when saved and after DNS resolution at every attempt. 503 `unavailable` when the operator has not configured webhooks.";

fn webhook_id_param() -> Value {
    path_param(
        "id",
        "Id of the webhook endpoint (`whe_...`); another account's id is 404.",
        json!({"type": "string", "examples": ["whe_01962d3b6a8c7f0e9d2b4c5a6e7f8091"]}),
    )
}

/// Parameters, body and responses of the `/v1/webhooks` operations.
fn webhook_operation(
    method: &str,
    path: &str,
    params: &mut Vec<Value>,
    body: &mut Option<Value>,
    responses: &mut Map<String, Value>,
) {
    if path.contains("{id}") {
        params.push(webhook_id_param());
    }
    let json_request = |schema: &str, example: Value| {
        Some(json!({"required": true, "content": {"application/json": {
            "schema": schema_ref(schema), "examples": {"example": {"value": example}}}}}))
    };
    let unavailable = || ("503".to_owned(), response_ref("Unavailable"));
    match (method, path) {
        ("get", "/v1/webhooks") => {
            responses.insert(
                "200".into(),
                ok_json(
                    "Every endpoint of the account.",
                    schema_ref("WebhookList"),
                    true,
                    false,
                ),
            );
        }
        ("post", "/v1/webhooks") => {
            *body = json_request(
                "WebhookCreate",
                json!({"url": "https://example.com/nls-hooks", "events": ["label.changed"], "description": "Packaging workflow"}),
            );
            let mut created = ok_json(
                "The endpoint, with its `secret` (shown this once).",
                schema_ref("WebhookWithSecret"),
                true,
                false,
            );
            created["headers"]["Location"] =
                json!({"description": "URL of the endpoint.", "schema": {"type": "string"}});
            responses.insert("201".into(), created);
            responses.extend([unavailable()]);
        }
        ("get", "/v1/webhooks/{id}") => {
            responses.insert(
                "200".into(),
                ok_json("The endpoint.", schema_ref("Webhook"), true, false),
            );
        }
        ("put", "/v1/webhooks/{id}") => {
            *body = json_request("WebhookUpdate", json!({"enabled": true}));
            responses.insert(
                "200".into(),
                ok_json(
                    "The endpoint as changed.",
                    schema_ref("Webhook"),
                    true,
                    false,
                ),
            );
        }
        ("delete", "/v1/webhooks/{id}") => {
            responses.insert(
                "204".into(),
                json!({"description": "Deleted; no body.", "headers": rate_headers()}),
            );
        }
        ("post", "/v1/webhooks/{id}/rotate-secret") => {
            responses.insert(
                "200".into(),
                ok_json(
                    "The endpoint with its new `secret` (shown this once).",
                    schema_ref("WebhookWithSecret"),
                    true,
                    false,
                ),
            );
            responses.extend([unavailable()]);
        }
        ("post", "/v1/webhooks/{id}/test")
        | ("post", "/v1/webhooks/{id}/deliveries/{delivery_id}/retry") => {
            if path.contains("{delivery_id}") {
                params.push(path_param(
                    "delivery_id",
                    "Id of the delivery (`msg_...`, its `webhook-id`).",
                    json!({"type": "string"}),
                ));
            }
            responses.insert(
                "202".into(),
                ok_json(
                    "The delivery, queued.",
                    schema_ref("WebhookDelivery"),
                    true,
                    false,
                ),
            );
            responses.extend([unavailable()]);
        }
        ("get", "/v1/webhooks/{id}/deliveries") => {
            params.extend(list_params(false).into_iter().take(2));
            responses.insert(
                "200".into(),
                ok_json(
                    "A page of deliveries, newest first.",
                    schema_ref("WebhookDeliveryList"),
                    true,
                    false,
                ),
            );
        }
        _ => {}
    }
}

/// Schemas of `/v1/webhooks`, `/v1/countries` and label sets (apart: one `json!` of every
/// schema exceeds the macro's recursion limit).
fn more_schemas() -> Value {
    json!({
        "SignUpRequest": {"type": "object", "additionalProperties": false, "required": ["email", "password", "account_name"], "properties": {
            "email": {"type": "string", "maxLength": 254},
            "password": {"type": "string", "minLength": 10, "maxLength": 1024},
            "account_name": {"type": "string", "minLength": 1, "maxLength": 200}
        }},
        "AppSession": {"type": "object", "required": ["account", "csrf_token", "expires_at"], "properties": {
            "account": {"type": "object", "required": ["id", "name", "email", "plan"], "properties": {
                "id": {"type": "string", "format": "uuid"},
                "name": {"type": "string"},
                "email": {"type": "string"},
                "plan": {"type": "object", "required": ["id"], "properties": {
                    "id": {"type": "string", "enum": ["free", "professional", "business"]},
                    "all_label_formats": {"type": "boolean"},
                    "export_file_types": {"type": "array", "items": {"type": "string"}},
                    "export_watermarked": {"type": "boolean"},
                    "live_embed": {"type": "boolean"},
                    "rest_access": {"type": "boolean"},
                    "webhooks": {"type": "boolean"},
                    "rate_limit_per_minute": {"type": "integer"},
                    "max_concurrent_renders": {"type": "integer"}
                }}
            }},
            "csrf_token": {"type": "string", "description": "Send as `X-CSRF-Token` with every POST, PUT and DELETE of this session."},
            "expires_at": {"type": "string", "format": "date-time"}
        }},

        "LabelSetEntry": {"type": "object", "properties": {
            "format": {"type": "string"},
            "country": {"type": ["string", "null"]},
            "label": schema_ref("Label"),
            "error": {"type": "object", "properties": {"code": {"type": "string"}, "message": {"type": "string"}}, "required": ["code", "message"]}},
            "required": ["format"]},
        "LabelSet": {"type": "object", "properties": {
            "recipe_id": {"type": "string"},
            "data": {"type": "array", "items": schema_ref("LabelSetEntry")}},
            "required": ["recipe_id", "data"]},
        "RaccCategoryList": {"type": "object", "properties": {"data": {"type": "array", "items": {"type": "object", "properties": {
            "id": {"type": "string", "examples": ["bakery.cookies"]},
            "product_category": {"type": "string", "examples": ["Bakery products"]},
            "name": {"type": "string", "description": "The table's wording of the row."},
            "value": {"type": ["number", "null"], "description": "The reference amount, in `unit`; null where the table gives a household measure."},
            "unit": {"type": ["string", "null"], "enum": ["g", "mL", null]},
            "measure": {"type": "string", "description": "The household measure the table gives instead of a weight (`1 tbsp`)."},
            "citation": {"type": "string"},
            "confirmed": {"type": "boolean"},
            "notes": {"type": "string"}},
            "required": ["id", "product_category", "name", "value", "unit", "citation", "confirmed", "notes"]}}},
            "required": ["data"]},
        "FopSchemeList": {"type": "object", "properties": {"data": {"type": "array", "items": {"type": "object", "properties": {
            "id": {"type": "string", "examples": ["uk.fop.tl"]},
            "name": {"type": "string"},
            "kind": {"type": "string", "enum": ["warning", "traffic_light", "nutriscore", "grade"]},
            "markets": {"type": "array", "items": {"type": "string"}},
            "required": {"type": "boolean", "description": "Mandatory in its markets."},
            "status": {"type": "string", "enum": ["confirmed", "unconfirmed"]},
            "citation": {"type": "string"}},
            "required": ["id", "name", "kind", "markets", "required", "status", "citation"]}}},
            "required": ["data"]},
        "CountryList": {"type": "object", "properties": {"data": {"type": "array", "items": {"type": "object", "properties": {
            "code": {"type": "string", "examples": ["DE"]},
            "name": {"type": "string"},
            "family": {"type": ["string", "null"]},
            "languages": {"type": "array", "items": {"type": "string"}},
            "formats": {"type": "array", "items": {"type": "string"}},
            "default_format": {"type": ["string", "null"]},
            "default_format_status": {"type": ["string", "null"], "enum": ["in_force", "proposed", "draft", "repealed", null], "description": "The default format's status: `draft` where every format of the country is one (its `notes` in `GET /v1/formats/{id}` say what is unconfirmed)."},
            "front_of_pack": {"type": "array", "items": {"type": "object", "properties": {
                "scheme": {"type": "string"}, "required": {"type": "boolean"}, "status": {"type": "string"}}}},
            "front_of_pack_mandatory": {"type": "boolean"},
            "notes": {"type": ["string", "null"]}},
            "required": ["code", "name", "formats", "default_format", "front_of_pack", "front_of_pack_mandatory"]}}},
            "required": ["data"]},
        "Webhook": {"type": "object", "properties": {
            "id": {"type": "string", "examples": ["whe_01962d3b6a8c7f0e9d2b4c5a6e7f8091"]},
            "url": {"type": "string"},
            "description": {"type": "string"},
            "events": {"type": "array", "items": {"type": "string", "enum": ["label.changed", "recipe.created", "recipe.updated", "recipe.deleted", "ingredient.updated", "embed.disabled"]}},
            "enabled": {"type": "boolean"},
            "disabled_reason": {"type": ["string", "null"], "description": "Why the service disabled it (5 days of failed attempts)."},
            "failing_since": {"type": ["string", "null"], "format": "date-time"},
            "previous_secret_expires_at": {"type": ["string", "null"], "format": "date-time", "description": "After a rotation: until when the old secret also signs."},
            "created_at": {"type": "string", "format": "date-time"},
            "updated_at": {"type": "string", "format": "date-time"}},
            "required": ["id", "url", "description", "events", "enabled", "disabled_reason", "failing_since", "previous_secret_expires_at", "created_at", "updated_at"]},
        "WebhookWithSecret": {"allOf": [schema_ref("Webhook"), {"type": "object", "properties": {
            "secret": {"type": "string", "pattern": "^whsec_", "description": "`whsec_` + base64 of 32 random bytes; the HMAC key is the decoded bytes. Shown once; stored encrypted."}},
            "required": ["secret"]}]},
        "WebhookCreate": {"type": "object", "properties": {
            "url": {"type": "string", "maxLength": 2048},
            "events": {"type": "array", "minItems": 1, "items": {"type": "string", "enum": ["label.changed", "recipe.created", "recipe.updated", "recipe.deleted", "ingredient.updated", "embed.disabled"]}},
            "description": {"type": "string", "maxLength": 500}},
            "required": ["url", "events"], "additionalProperties": false},
        "WebhookUpdate": {"type": "object", "properties": {
            "url": {"type": "string", "maxLength": 2048},
            "events": {"type": "array", "minItems": 1, "items": {"type": "string", "enum": ["label.changed", "recipe.created", "recipe.updated", "recipe.deleted", "ingredient.updated", "embed.disabled"]}},
            "description": {"type": "string", "maxLength": 500},
            "enabled": {"type": "boolean", "description": "`true` also clears a failure record."}}},
        "WebhookList": {"type": "object", "properties": {"data": {"type": "array", "items": schema_ref("Webhook")}, "next_cursor": {"type": ["string", "null"]}}, "required": ["data", "next_cursor"]},
        "WebhookDelivery": {"type": "object", "properties": {
            "id": {"type": "string", "description": "Also the `webhook-id` header."},
            "event_type": {"type": "string"},
            "status": {"type": "string", "enum": ["pending", "delivered", "failed"]},
            "attempts": {"type": "integer"},
            "next_attempt_at": {"type": ["string", "null"], "format": "date-time"},
            "last_response_status": {"type": ["integer", "null"]},
            "last_error": {"type": ["string", "null"]},
            "last_duration_ms": {"type": ["integer", "null"]},
            "created_at": {"type": "string", "format": "date-time"},
            "body": {"type": "object", "description": "What is sent: `{type, timestamp, data}`."},
            "attempt_log": {"type": "array", "items": {"type": "object", "properties": {
                "attempt": {"type": "integer"}, "started_at": {"type": "string", "format": "date-time"},
                "duration_ms": {"type": "integer"}, "response_status": {"type": ["integer", "null"]},
                "error": {"type": ["string", "null"]}},
                "required": ["attempt", "started_at", "duration_ms", "response_status", "error"]}}},
            "required": ["id", "event_type", "status", "attempts", "next_attempt_at", "last_response_status", "last_error", "last_duration_ms", "created_at", "body", "attempt_log"]},
        "WebhookDeliveryList": {"type": "object", "properties": {"data": {"type": "array", "items": schema_ref("WebhookDelivery")}, "next_cursor": {"type": ["string", "null"]}}, "required": ["data", "next_cursor"]}
    })
}

/// The error responses an operation may give, by status.
fn errors_for(op: &Operation, statuses: &[u16]) -> Map<String, Value> {
    let mut responses = Map::new();
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
            429 => {
                if op.auth == Auth::ApiKey {
                    "TooManyRequests"
                } else {
                    "TooManyRequestsUnkeyed"
                }
            }
            503 => "Unavailable",
            _ => "InternalError",
        };
        responses.insert(status.to_string(), response_ref(name));
    }
    responses.insert("500".into(), response_ref("InternalError"));
    responses
}

/// A session endpoint's success: the account and CSRF token, never cached.
fn app_session_ok(description: &str) -> Value {
    json!({
        "description": description,
        "headers": {"Set-Cookie": {"description": "`nls_session=...; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200` (and `Secure` over HTTPS).", "schema": {"type": "string"}}},
        "content": {"application/json": {"schema": schema_ref("AppSession")}}
    })
}

fn ok_json(description: &str, schema: Value, keyed: bool, versioned: bool) -> Value {
    let mut headers = Map::new();
    if keyed {
        for h in ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"] {
            headers.insert(
                h.into(),
                json!({"$ref": format!("#/components/headers/{h}")}),
            );
        }
    }
    if versioned {
        headers.insert("ETag".into(), json!({"$ref": "#/components/headers/ETag"}));
    }
    json!({ "description": description, "headers": headers, "content": json_body(schema) })
}

fn rate_headers() -> Value {
    json!({
        "RateLimit-Limit": {"$ref": "#/components/headers/RateLimit-Limit"},
        "RateLimit-Remaining": {"$ref": "#/components/headers/RateLimit-Remaining"},
        "RateLimit-Reset": {"$ref": "#/components/headers/RateLimit-Reset"}
    })
}

/// Parameters, request body and responses of one operation.
fn describe(op: &Operation) -> Value {
    let keyed = op.auth == Auth::ApiKey;
    let mut operation = Map::new();
    let mut params: Vec<Value> = Vec::new();
    let mut body: Option<Value> = None;
    let mut responses = Map::new();
    let mut description: Option<&str> = None;
    let common: &[u16] = if keyed { &[400, 401, 403, 429] } else { &[] };

    match (op.method, op.path) {
        ("get", "/v1/recipes") => {
            params = list_params(true);
            responses.insert(
                "200".into(),
                ok_json(
                    "A page of recipes, in creation order.",
                    schema_ref("RecipeList"),
                    true,
                    false,
                ),
            );
        }
        ("post", "/v1/recipes") => {
            params.push(idempotency_key());
            body = Some(json!({"required": true, "content": {"application/json": {
                "schema": schema_ref("RecipeCreate"),
                "examples": {"banana_bread": {"value": {
                    "name": "Banana bread", "servings": 8, "label_format": "standard",
                    "ingredients": [
                        {"name": "banana", "grams": 300},
                        {"ingredient_id": "fooddb:169761", "grams": 250, "label_name": "wheat flour"},
                        {"name": "egg", "grams": 100}
                    ]}}}
            }}}));
            let mut created = ok_json("The recipe as written.", schema_ref("Recipe"), true, true);
            created["headers"]["Location"] =
                json!({"description": "URL of the new recipe.", "schema": {"type": "string"}});
            responses.insert("201".into(), created);
        }
        ("get", "/v1/recipes/{id}") => {
            params.push(id_param("recipe"));
            params.extend(past_params());
            description = Some("With `version` or `as_of`, the recipe as it was then, with its label, resolved ingredient lines and cost derived from the custom ingredients and sub-recipes as they were at that moment (for `version`, the moment it was recorded). A point at which the recipe did not exist, had been deleted, or a version beyond the latest is 404 saying which. Deleted recipes keep their history. Unknown query parameters are refused.");
            responses.insert(
                "200".into(),
                ok_json("The recipe.", schema_ref("Recipe"), true, true),
            );
        }
        ("put", "/v1/recipes/{id}") => {
            params.extend([id_param("recipe"), if_match()]);
            body = Some(json!({"required": true, "content": {"application/json": {
                "schema": schema_ref("RecipeUpdate"),
                "examples": {"rename": {"value": {"name": "Banana bread (v2)", "servings": 10}}}
            }}}));
            responses.insert(
                "200".into(),
                ok_json("The recipe as written.", schema_ref("Recipe"), true, true),
            );
        }
        ("delete", "/v1/recipes/{id}") | ("delete", "/v1/ingredients/{id}") => {
            params.push(id_param(if op.path.contains("recipes") {
                "recipe"
            } else {
                "ingredient"
            }));
            params.push(if_match());
            responses.insert(
                "204".into(),
                json!({"description": "Deleted; no body.", "headers": rate_headers()}),
            );
        }
        ("get", "/v1/recipes/{id}/history") | ("get", "/v1/ingredients/{id}/history") => {
            params.push(id_param(if op.path.contains("recipes") {
                "recipe"
            } else {
                "ingredient"
            }));
            params.push(query_param(
                "limit",
                "Versions on the page (default 50). A request without `limit` and `cursor` gets the first page.",
                json!({"type": "integer", "minimum": 1, "maximum": 200, "default": 50}),
            ));
            params.push(query_param(
                "cursor",
                "`next_cursor` of the previous page (opaque).",
                json!({"type": "string"}),
            ));
            description = Some("Events oldest first, each with its `actor` (`key:<API key id>`) and `request_id`, `limit` versions a page; `next_cursor` continues, null on the last page. A `limit` outside 1 to 200 or a cursor not returned by this API is 400 `validation_failed`.");
            if op.path.contains("recipes") {
                params.push(query_param(
                    "include",
                    "`label`: each entry also lists the printed values it changed (`label_changes`), and entries of type `label.recomputed` show changes the recipe's custom ingredients and sub-recipes made, with their `cause`.",
                    json!({"type": "string", "enum": ["label"]}),
                ));
                description = Some("Events oldest first, each with its `actor` (`key:<API key id>`) and `request_id`, `limit` of the recipe's own versions a page; `next_cursor` continues, null on the last page. A `limit` outside 1 to 200 or a cursor not returned by this API is 400 `validation_failed`. With `include=label`, the label's printed values (display strings, percentages, statements, allergens, claims, front-of-pack marks) are compared from entry to entry, for the page's entries only (the first compared with the label just before the page); an ingredient or sub-recipe event that changed nothing printed is not listed, and one that did is a `label.recomputed` entry on the page of the recipe version it followed (so a page may hold more than `limit` entries). 422 `recipe_too_large` when the recipe's history spans more than 200 ingredients and sub-recipes or the page spans more than 1,000 moments.");
                responses.extend(errors_for(op, &[422]));
            }
            responses.insert(
                "200".into(),
                ok_json("Events, oldest first.", schema_ref("History"), true, false),
            );
        }
        ("get", "/v1/audit") => {
            params.push(query_param(
                "from",
                "RFC 3339: events that occurred at or after this moment (a writing transaction's start).",
                json!({"type": "string", "format": "date-time"}),
            ));
            params.push(query_param(
                "to",
                "RFC 3339: events that occurred before this moment.",
                json!({"type": "string", "format": "date-time"}),
            ));
            params.push(query_param(
                "types",
                "Comma-separated event types, e.g. `recipe_created,ingredient_updated`.",
                json!({"type": "string"}),
            ));
            params.push(query_param(
                "cursor",
                "Continue after this line: the `cursor` of the last line received.",
                json!({"type": "string"}),
            ));
            params.push(query_param(
                "limit",
                "Most lines in this download (default 10,000).",
                json!({"type": "integer", "minimum": 1, "maximum": 1000000}),
            ));
            description = Some("Streams the account's events in the log's order (the order they are published in; each writing transaction's events together). Only events every reader can already see are sent, so continuing from a line's `cursor` never misses one. A download that returned `limit` lines continues with `?cursor=` and the same filters; one with fewer is complete. `Accept: text/csv` gives CSV (RFC 4180, a header row; a field a spreadsheet would run as a formula starts with `'`), anything else NDJSON. The server holds one page of 200 events at a time, whatever the length.");
            responses.insert("200".into(), json!({
                "description": "One event per line, oldest first.",
                "headers": rate_headers(),
                "content": {
                    "application/x-ndjson": {"schema": {"type": "string", "description": "Lines of {cursor, position, occurred_at, type, schema_version, stream_id, version, actor, request_id, payload}."}},
                    "text/csv": {"schema": {"type": "string", "description": "cursor,occurred_at,type,schema_version,stream_id,version,actor,request_id,payload"}}
                }
            }));
            responses.extend(errors_for(op, &[422]));
        }
        ("get", "/v1/recipes/{id}/{file}") => {
            params.push(id_param("recipe"));
            params.push(path_param(
                "file",
                "`label.svg`, `label.png` or `label.pdf`; `fop.svg`, `fop.png` or `fop.pdf` for one front-of-pack element (`scheme`).",
                json!({"type": "string", "enum": ["label.svg", "label.png", "label.pdf", "fop.svg", "fop.png", "fop.pdf"]}),
            ));
            params.push(query_param(
                "format",
                "`label.*` files only: another format (id or alias) the plan allows; the current recipe's label is computed in it, under its law, and drawn. Not with `version` or `as_of` (400); above the plan: 403 `plan_format_not_allowed`.",
                json!({"type": "string", "examples": ["eu-1169"]}),
            ));
            params.push(query_param(
                "foods",
                "With `format=us.aggr` only: the variety pack's other foods, saved recipes' ids, comma-separated (1 to 5; the recipe is the first column). The aggregate label sets one column per food (21 CFR 101.9(d)(13)(ii)), each recipe's own fields as one standard column, as `POST /v1/analyze` does with `foods[].recipe_id`. `format=us.aggr` without it, or it without that format: 400.",
                json!({"type": "string", "examples": ["rcp_01J0000000000000000000000A,rcp_01J0000000000000000000000B"]}),
            ));
            params.push(query_param(
                "fop",
                "`label.*` files only: comma-separated front-of-pack schemes; the current label is drawn with its front-of-pack elements under it (its market's mandatory schemes, the recipe's `front_of_pack`, and these), judged with the recipe's `front_of_pack_facts`. Not with `version` or `as_of` (400). A scheme whose printed form is not in our references (Israel, Ecuador) cannot be drawn: 400.",
                json!({"type": "string", "examples": ["uk.fop.tl"]}),
            ));
            params.push(query_param(
                "scheme",
                "`fop.*` files only, required there: the front-of-pack scheme drawn. Israel's and Ecuador's printed forms are not in our references: 400.",
                json!({"type": "string", "enum": fop_ids()}),
            ));
            for (name, what, schema) in [
                (
                    "state",
                    "`fop.*`: solid or liquid.",
                    json!({"type": "string", "enum": ["solid", "liquid"]}),
                ),
                (
                    "density_g_per_ml",
                    "`fop.*`: g per ml, for per 100 ml.",
                    json!({"type": "number", "exclusiveMinimum": 0, "maximum": 10}),
                ),
                (
                    "category",
                    "`fop.*`: the product's category.",
                    json!({"type": "string"}),
                ),
                (
                    "fruit_vegetable_legume_pct",
                    "`fop.*`: Nutri-Score's share.",
                    json!({"type": "number", "minimum": 0, "maximum": 100}),
                ),
                (
                    "free_sugars_g_per_100g",
                    "`fop.*`: free sugars.",
                    json!({"type": "number", "minimum": 0, "maximum": 100}),
                ),
                (
                    "lactose_galactose_g_per_100g",
                    "`fop.*`: for Nutri-Grade.",
                    json!({"type": "number", "minimum": 0, "maximum": 100}),
                ),
                (
                    "non_nutritive_sweeteners",
                    "`fop.*`: contains sweeteners.",
                    json!({"type": "boolean"}),
                ),
                (
                    "caffeine",
                    "`fop.*`: contains added caffeine.",
                    json!({"type": "boolean"}),
                ),
                (
                    "added_critical_nutrients",
                    "`fop.*`: the critical nutrients added in making the product, separated by commas (`free_sugars`, `fats`, `sodium`; empty: none), which Mexico's second and third phases judge by.",
                    json!({"type": "string", "examples": ["free_sugars,sodium"]}),
                ),
                (
                    "reference_amount_g",
                    "`fop.*`: Canada's reference amount (its Table of Reference Amounts), grams; `racc_g` is read as the same where this is absent.",
                    json!({"type": "number", "exclusiveMinimum": 0, "maximum": 10000}),
                ),
                (
                    "racc_g",
                    "`fop.*`: the reference amount (Canada).",
                    json!({"type": "number", "exclusiveMinimum": 0}),
                ),
            ] {
                params.push(query_param(name, what, schema));
            }
            params.push(query_param(
                "width",
                "Width in pixels (default 290).",
                json!({"type": "number", "minimum": 120, "maximum": 2000}),
            ));
            params.push(query_param(
                "scale",
                "PNG pixel ratio (default 2).",
                json!({"type": "number", "minimum": 0.5, "maximum": 8}),
            ));
            params.push(query_param(
                "width_in",
                "Printed width in inches, instead of `width` (96 pixels per inch, so 1.25 to 20.83 in). A US label narrower than its layout's minimum (the width at which its type keeps the sizes of 21 CFR 101.9(d)(1)(iii) and (j)(13): 2.31 in for the vertical layouts, 5.38 in for the tabular and linear ones) is 422 `label_too_small`, naming the smallest width that complies.",
                json!({"type": "number", "exclusiveMinimum": 0}),
            ));
            params.push(query_param(
                "width_mm",
                "Printed width in millimetres, instead of `width` (as `width_in`; 58.5 mm for the US vertical layouts).",
                json!({"type": "number", "exclusiveMinimum": 0}),
            ));
            params.extend(past_params());
            params.push(query_param(
                "strict",
                "`true`: refuse with 422 `incomplete_nutrient_data` (details: the label's `missing`) when the label declares a nutrient some ingredient's data lacks, instead of answering with a label that says so in `missing` and `warnings`.",
                json!({"type": "boolean", "default": false}),
            ));
            description = Some("At most 5 renders of an account run at once (every process counted); beyond that 429 with `Retry-After`. Files are cached and carry an `ETag`; `If-None-Match` gives 304. With `version` or `as_of`, the label as it was then (see `GET /v1/recipes/{id}`).");
            responses.insert("200".into(), json!({
                "description": "The label file.",
                "headers": rate_headers(),
                "content": {
                    "image/svg+xml": {"schema": {"type": "string"}},
                    "image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}},
                    "application/pdf": {"schema": {"type": "string", "contentMediaType": "application/pdf"}}
                }
            }));
            responses.insert("304".into(), json!({"description": "Not modified (`If-None-Match`).", "headers": rate_headers()}));
            responses.extend(errors_for(op, &[422]));
        }
        ("get", "/v1/ingredients") => {
            params = list_params(true);
            responses.insert(
                "200".into(),
                ok_json(
                    "A page of ingredients; archived ones only with `include_archived=true`.",
                    schema_ref("IngredientList"),
                    true,
                    false,
                ),
            );
        }
        ("post", "/v1/ingredients") => {
            params.push(idempotency_key());
            body = Some(json!({"required": true, "content": {"application/json": {
                "schema": schema_ref("IngredientCreate"),
                "examples": {"almond_paste": {"value": {
                    "name": "Almond paste",
                    "nutrients_per_100g": {"calories": 458, "total_fat_g": 24, "protein_g": 9, "dietary_fiber_g": 5},
                    "allergens": ["tree_nuts"], "cost_per_unit": 12.5, "unit": "kg"}}}
            }}}));
            let mut created = ok_json(
                "The ingredient as written.",
                schema_ref("Ingredient"),
                true,
                true,
            );
            created["headers"]["Location"] =
                json!({"description": "URL of the new ingredient.", "schema": {"type": "string"}});
            responses.insert("201".into(), created);
        }
        ("get", "/v1/ingredients/{id}") => {
            params.push(id_param("ingredient"));
            responses.insert(
                "200".into(),
                ok_json("The ingredient.", schema_ref("Ingredient"), true, true),
            );
        }
        ("put", "/v1/ingredients/{id}") => {
            params.extend([id_param("ingredient"), if_match()]);
            body = Some(json!({"required": true, "content": {"application/json": {
                "schema": schema_ref("IngredientUpdate"),
                "examples": {"archive": {"value": {"archived": true}}}
            }}}));
            responses.insert(
                "200".into(),
                ok_json(
                    "The ingredient as written.",
                    schema_ref("Ingredient"),
                    true,
                    true,
                ),
            );
        }
        ("get", "/v1/foods") => {
            params = list_params(false);
            responses.insert(
                "200".into(),
                ok_json("Best matches first.", schema_ref("FoodList"), true, false),
            );
        }
        ("get", "/v1/foods/{id}") => {
            params.push(path_param(
                "id",
                "`fooddb:<id>` (FoodData Central id where known).",
                json!({"type": "string", "examples": ["fooddb:173944"]}),
            ));
            responses.insert(
                "200".into(),
                ok_json("The food, per 100 g.", schema_ref("Food"), true, false),
            );
        }
        ("get", "/v1/countries") => {
            params.push(query_param(
                "family",
                "Regime family id: countries whose labels follow it.",
                json!({"type": "string", "examples": ["eu-1169"]}),
            ));
            description = Some("Countries a label format of the catalog serves, in the order of our reference (FORMATS.md §2), each with its regime family and label languages, the formats serving it, the format it gets by default (a label format in its first language), and the front-of-pack schemes of its market with whether one is mandatory.");
            responses.insert(
                "200".into(),
                ok_json("Served countries.", schema_ref("CountryList"), true, false),
            );
        }
        ("get", "/v1/recipes/{id}/labels") => {
            params.push(id_param("recipe"));
            params.push(query_param(
                "formats",
                "Comma-separated format ids or aliases (at most 20). Not with `countries`.",
                json!({"type": "string", "examples": ["us.v,eu.tab.ri,uk.tab"]}),
            ));
            params.push(query_param(
                "countries",
                "Comma-separated ISO country codes: each country's default format (`GET /v1/countries`). Not with `formats`.",
                json!({"type": "string", "examples": ["US,DE,GB"]}),
            ));
            description = Some("The recipe's label in each format, each computed under its own law (rounding, reference values, terms, allergens and their exemptions), from the recipe as it is now. Each format is checked against the plan (403 `plan_format_not_allowed`); an unknown one is 400 `unknown_label_format`. A format the recipe cannot be labelled in (a layout needing data it lacks) gives an entry with `error` instead of `label`.");
            responses.insert(
                "200".into(),
                ok_json(
                    "One entry per format, in the order asked.",
                    schema_ref("LabelSet"),
                    true,
                    false,
                ),
            );
        }
        ("get", "/v1/formats") => {
            params.extend([
                query_param(
                    "country",
                    "ISO 3166-1 alpha-2 code: formats serving that country.",
                    json!({"type": "string", "examples": ["GB"]}),
                ),
                query_param(
                    "family",
                    "Regime family id (`us-fda`, `eu-1169`, `uk`).",
                    json!({"type": "string", "examples": ["eu-1169"]}),
                ),
                query_param(
                    "view",
                    "`light`: each format's `id`, `aliases`, `name`, `family`, `countries`, `plan`, `status` and `role` only (a picker's list, a tenth of the full one); `full` (default): every field. Another value: 400 `validation_failed`.",
                    json!({"type": "string", "enum": ["light", "full"]}),
                ),
            ]);
            responses.insert(
                "200".into(),
                ok_json(
                    "Formats in catalog order.",
                    schema_ref("FormatList"),
                    true,
                    false,
                ),
            );
        }
        ("get", "/v1/racc-categories") => {
            description = Some("Every row of 21 CFR 101.12(b) table 2 that NLS holds (`nutrition/data/racc.json`): the ids a recipe's `package.racc_category` takes, with the table's wording, the reference amount in g or mL (or the household measure the table gives instead), the citation, and whether the row was checked against the law's text (`confirmed`, `notes`).");
            responses.insert(
                "200".into(),
                ok_json(
                    "The categories, by product category.",
                    schema_ref("RaccCategoryList"),
                    true,
                    false,
                ),
            );
        }
        ("get", "/v1/fop-schemes") => {
            description = Some("Every front-of-pack scheme (`nutrition/data/fop/`): the ids a recipe's `front_of_pack` and `fop=` take, with the scheme's name, kind, markets, whether it is mandatory there, whether its data is confirmed against its law (`status`), and its citation.");
            responses.insert(
                "200".into(),
                ok_json(
                    "The schemes, by id.",
                    schema_ref("FopSchemeList"),
                    true,
                    false,
                ),
            );
        }
        ("get", "/v1/formats/{id}") => {
            params.push(path_param(
                "id",
                "The format's id (`us.v`) or an alias (`standard`).",
                json!({"type": "string", "examples": ["us.v"]}),
            ));
            responses.insert(
                "200".into(),
                ok_json("The format.", schema_ref("Format"), true, false),
            );
        }
        ("post", "/v1/analyze") => {
            params.push(query_param(
                "strict",
                "`true`: refuse with 422 `incomplete_nutrient_data` (details: the label's `missing`) when the label declares a nutrient some ingredient's data lacks, instead of answering with a label that says so in `missing` and `warnings`.",
                json!({"type": "boolean", "default": false}),
            ));
            params.push(query_param(
                "fop",
                "Front-of-pack schemes to compute besides the mandatory ones of the label's market, comma-separated (`uk.fop.tl,eu.fop.nutriscore`); added to the body's `front_of_pack`. Unknown ids: 400 `validation_failed`.",
                json!({"type": "string", "examples": ["uk.fop.tl,eu.fop.nutriscore"]}),
            ));
            body = Some(json!({"required": true, "content": {"application/json": {
                "schema": schema_ref("AnalysisRequest"),
                "examples": {"oat_bar": {"value": {
                    "label_format": "standard", "servings": 4, "serving_weight_g": 50,
                    "ingredients": [{"name": "rolled oats", "grams": 150}, {"name": "honey", "grams": 50}]}}}
            }}}));
            responses.insert(
                "200".into(),
                ok_json(
                    "The label, claims and how each entry resolved.",
                    schema_ref("AnalysisResult"),
                    true,
                    false,
                ),
            );
        }
        ("post", "/v1/imports") => {
            params.push(query_param(
                "dry_run",
                "`true`: answer 200 with what would be created (each recipe with its `label`, or the `label_error` that would refuse it) and every row's problem, and create nothing. `Idempotency-Key` is ignored.",
                json!({"type": "boolean", "default": false}),
            ));
            params.push(idempotency_key());
            description = Some(IMPORT_DESCRIPTION);
            body = Some(json!({"required": true, "content": {
                "text/csv": {
                    "schema": {"type": "string", "description": "UTF-8 CSV with a header row."},
                    "example": "recipe,servings,ingredient,grams,label_format\nBanana bread,8,banana,300,standard\nBanana bread,8,fooddb:169761,250,\nBanana bread,8,egg,100,\n"
                },
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
                    "schema": {"type": "string", "contentMediaType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "description": "An .xlsx workbook; its first sheet is read."}
                }
            }}));
            responses.insert(
                "201".into(),
                ok_json(
                    "Every recipe of the file, created.",
                    schema_ref("ImportReport"),
                    true,
                    false,
                ),
            );
            responses.insert(
                "200".into(),
                ok_json(
                    "`dry_run=true`: what would be created, and every problem.",
                    schema_ref("ImportReport"),
                    true,
                    false,
                ),
            );
            responses.insert("503".into(), response_ref("Unavailable"));
        }
        ("get", "/v1/openapi.json") => {
            responses.insert("200".into(), json!({"description": "This OpenAPI 3.1 document.", "content": json_body(json!({"type": "object"}))}));
        }
        ("post", "/functions/v1/export-label") => {
            body = Some(json!({"required": true, "content": {"application/json": {
                "schema": schema_ref("ExportRequest"),
                "examples": {"png": {"value": {"fileType": "png", "data": {"format": "standard", "calories": 230}, "extra": {"width": 290, "scale": 2}}}}
            }}}));
            description = Some("`jpg` is accepted and returns PNG bytes as `image/png`; `eps`, `ai` and anything else are 400 `unsupported_file_type`. Outside the plan (file type, format, watermark) 403 with a `plan_*` code.");
            responses.insert("200".into(), json!({
                "description": "The rendered file.",
                "content": {
                    "image/svg+xml": {"schema": {"type": "string"}},
                    "image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}},
                    "application/pdf": {"schema": {"type": "string", "contentMediaType": "application/pdf"}}
                }
            }));
            responses.extend(errors_for(op, &[400, 401, 403, 415, 422, 429]));
        }
        ("post", "/auth/v1/token") => {
            body = Some(json!({"required": true, "content": {"application/json": {
                "schema": schema_ref("TokenRequest"),
                "examples": {"sign_in": {"value": {"email": "owner@example.com", "password": "correct horse battery staple"}}}
            }}}));
            responses.insert(
                "200".into(),
                ok_json(
                    "A session token for the export function (1 h).",
                    schema_ref("TokenResponse"),
                    false,
                    false,
                ),
            );
            responses.extend(errors_for(op, &[400, 401, 415, 429, 503]));
        }
        ("post", "/auth/v1/signup") => {
            body = Some(json!({"required": true, "content": {"application/json": {
                "schema": schema_ref("SignUpRequest"),
                "examples": {"sign_up": {"value": {"email": "owner@example.com", "password": "correct horse battery", "account_name": "Corner Bakery"}}}
            }}}));
            responses.insert(
                "201".into(),
                app_session_ok("The new account, signed in: `Set-Cookie: nls_session=...`."),
            );
            description = Some("Creates an account on the free plan and starts an app session. 400 `validation_failed` (`details` per field: an e-mail address, a password of at least 10 characters, an account name of 1 to 200), 409 `email_taken`, 429 `rate_limited` (sign-ups count against the address's sign-in attempts), 403 `csrf_failed` from another origin.");
            responses.extend(errors_for(op, &[400, 403, 409, 415, 429, 503]));
        }
        ("post", "/auth/v1/session") => {
            body = Some(json!({"required": true, "content": {"application/json": {
                "schema": schema_ref("TokenRequest"),
                "examples": {"sign_in": {"value": {"email": "owner@example.com", "password": "correct horse battery"}}}
            }}}));
            responses.insert(
                "200".into(),
                app_session_ok("Signed in: `Set-Cookie: nls_session=...`."),
            );
            responses.extend(errors_for(op, &[400, 401, 403, 415, 429, 503]));
        }
        ("get", "/auth/v1/session") => {
            responses.insert("200".into(), app_session_ok("The signed-in account."));
            responses.extend(errors_for(op, &[401]));
        }
        ("delete", "/auth/v1/session") => {
            responses.insert(
                "204".into(),
                json!({"description": "Signed out: the session no longer works anywhere, and the cookie is cleared."}),
            );
            responses.extend(errors_for(op, &[403]));
        }
        ("get", "/app") | ("get", "/app/") => {
            responses.insert("200".into(), json!({"description": "The app's page (its script routes on the path; every path under `/app/` that names no file of the build gets it too).", "content": {"text/html": {"schema": {"type": "string"}}}}));
            responses.insert("503".into(), json!({"description": "The app is not built on this server (plain text saying how to build it).", "content": {"text/plain": {"schema": {"type": "string"}}}}));
        }
        ("delete", "/auth/v1/token") => {
            responses.insert(
                "204".into(),
                json!({"description": "The token no longer works."}),
            );
            responses.extend(errors_for(op, &[401]));
        }
        ("get", "/embed.js") => {
            responses.insert("200".into(), json!({"description": "JavaScript that replaces each `script[data-label]` with an iframe of `/embed/<token>`.", "content": {"text/javascript": {"schema": {"type": "string"}}}}));
        }
        ("get", "/embed/{token}") => {
            params.push(path_param(
                "token",
                "Embed token (`emb_...`).",
                json!({"type": "string"}),
            ));
            responses.insert("200".into(), json!({"description": "HTML page with the current label; embeddable from any origin.", "content": {"text/html": {"schema": {"type": "string"}}}}));
            responses.insert("404".into(), json!({"description": "Unknown or revoked token (HTML page, no label data).", "content": {"text/html": {"schema": {"type": "string"}}}}));
        }
        ("get", "/embed/{token}/events") => {
            params.push(path_param(
                "token",
                "Embed token (`emb_...`).",
                json!({"type": "string"}),
            ));
            responses.insert("200".into(), json!({"description": "`text/event-stream`: an event whenever the label changes.", "content": {"text/event-stream": {"schema": {"type": "string"}}}}));
            responses.insert(
                "404".into(),
                json!({"description": "Unknown or revoked token."}),
            );
            // The caps of renderer/src/embed/caps.rs; the connection is closed after it.
            responses.insert(
                "429".into(),
                error_response(
                    "Too many open event streams from this client (an IPv4 address or an IPv6 /64; 32 by default), of this token (1,000) or in this process (half its connections); nothing was read. Each stream also ends by itself within 10 minutes, and the page reconnects.",
                    &[ErrorCode::RateLimited],
                    true,
                ),
            );
        }
        ("get", "/healthz") => {
            responses.insert("200".into(), json!({"description": "Up.", "content": json_body(json!({"type": "object", "properties": {"status": {"const": "ok"}}}))}));
        }
        ("get", "/readyz") => {
            let schema = json!({"type": "object", "properties": {
                "status": {"enum": ["ready", "not_ready"]}, "postgres": {"type": "boolean"},
                "nats": {"type": "boolean"}, "unpublished_events": {"type": ["integer", "null"]},
                "label_index": {"type": ["object", "null"], "description": "Where label files are served: whether the in-memory label index follows its invalidations over NATS (null elsewhere).", "properties": {
                    "state": {"enum": ["following", "down"]}, "entries": {"type": "integer"},
                    "last_error": {"type": ["string", "null"]}}},
                "embed_hub": {"type": ["object", "null"], "description": "Where embed pages are served: whether the hub listens for label changes over NATS (null elsewhere).", "properties": {
                    "state": {"enum": ["listening", "down"]}, "streams": {"type": "integer"},
                    "last_error": {"type": ["string", "null"]}}}}});
            responses.insert(
                "200".into(),
                json!({"description": "Ready.", "content": json_body(schema.clone())}),
            );
            responses.insert(
                "503".into(),
                json!({"description": "Not ready.", "content": json_body(schema)}),
            );
        }
        ("get", "/metrics") => {
            description = Some("Requests by route template, method and status, with latency histograms; requests no route serves and requests the rate limit refused; label files served by source (memory, database, drawn); gauges for unpublished events, embed streams, the label index and the database pool. Labels never carry an id, an account or a key.");
            responses.insert("200".into(), json!({"description": "Prometheus text format 0.0.4.", "content": {"text/plain": {"schema": {"type": "string"}}}}));
        }
        ("get", "/docs") => {
            responses.insert("200".into(), json!({"description": "HTML reference page (no request to any other host).", "content": {"text/html": {"schema": {"type": "string"}}}}));
        }
        (method, path) if path.starts_with("/v1/webhooks") => {
            webhook_operation(method, path, &mut params, &mut body, &mut responses);
            description = Some(WEBHOOKS_DESCRIPTION);
        }
        ("get", "/docs/{asset}") => {
            params.push(path_param("asset", "A file of the page.", json!({"type": "string", "enum": ["swagger-ui-bundle.js", "swagger-ui.css", "init.js", "LICENSE"]})));
            responses.insert("200".into(), json!({"description": "The file.", "content": {"*/*": {"schema": {"type": "string"}}}}));
            responses.insert("404".into(), response_ref("NotFound"));
        }
        _ => {}
    }
    if keyed {
        let mut statuses: Vec<u16> = common.to_vec();
        if op.path.contains("{id}") {
            statuses.push(404);
        }
        if body.is_some() {
            statuses.push(415);
        }
        if op.method == "put" || op.method == "delete" {
            statuses.push(412);
        }
        if op.method != "get" && !op.path.starts_with("/v1/analyze") {
            statuses.push(409);
        }
        // A label that cannot be computed (409 `label_unavailable`).
        if op.method == "get" && op.path.contains("/label.") {
            statuses.push(409);
        }
        // The expanded size of a recipe tree (`recipe_too_large`).
        let recipe_body = op.path == "/v1/recipes" || op.path == "/v1/recipes/{id}";
        if (op.method == "post" || op.method == "put") && recipe_body
            || op.path.starts_with("/v1/analyze")
        {
            statuses.push(422);
        }
        for (status, response) in errors_for(op, &statuses) {
            responses.entry(status).or_insert(response);
        }
    }

    operation.insert("operationId".into(), json!(op.id));
    operation.insert("tags".into(), json!([op.tag]));
    operation.insert("summary".into(), json!(op.summary));
    if let Some(description) = description {
        operation.insert("description".into(), json!(description));
    }
    if !params.is_empty() {
        operation.insert("parameters".into(), Value::Array(params));
    }
    if let Some(body) = body {
        operation.insert("requestBody".into(), body);
    }
    operation.insert("responses".into(), Value::Object(responses));
    operation.insert(
        "security".into(),
        match op.auth {
            Auth::ApiKey => json!([{"apiKey": []}, {"appSession": []}]),
            Auth::Session => json!([{"sessionToken": []}, {"appSession": []}]),
            Auth::Public => json!([]),
            Auth::AppSession => json!([{"appSession": []}]),
        },
    );
    Value::Object(operation)
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

const IMPORT_DESCRIPTION: &str = "Columns (a header row, any order, names case-insensitive): `recipe`, `servings`, `ingredient`, `grams`, and optionally `serving_weight_g` and `label_format`; one row per ingredient line, the rows of a recipe together (a recipe name that comes back after another recipe is a row problem). A recipe's `servings`, `serving_weight_g` and `label_format` are given on one of its rows or identically on each. `ingredient` is an id (`ing_...`, `rcp_...`, `fooddb:<id>`) or a name, resolved as a recipe line's `name` is. CSV: UTF-8, comma-separated (semicolon-separated when the header has semicolons and no comma), numbers with a decimal point and no thousands separators. Every row is checked and resolved first, and each recipe decided and derived as `POST /v1/recipes` would; any problem refuses the whole file with 400 `validation_failed`, `details` listing each problem as `{row, field, problem, code}` (the header is row 1; `code` is what a single create would answer; the first 100 are listed). Otherwise every recipe is created in one transaction. Limits: 10,000 rows besides the header, 2,000 recipes, a body of 1 MiB (429 `payload_too_large`; an .xlsx may unpack to at most 32 MiB), and 30 s from the request's arrival (503 `unavailable`, nothing created). An `Idempotency-Key` replays the first answer to the same file, and refuses another file with 409 `idempotency_key_reused`. The import counts as one request against the rate limit.";

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

fn build() -> Value {
    let mut paths = Map::new();
    for op in OPERATIONS {
        let entry = paths
            .entry(op.path.to_owned())
            .or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(methods) = entry {
            methods.insert(op.method.to_owned(), describe(op));
        }
    }
    let codes: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    let code_statuses: Map<String, Value> = ErrorCode::ALL
        .iter()
        .map(|c| (c.as_str().to_owned(), json!(c.status().as_u16())))
        .collect();

    json!({
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base",
        "info": {
            "title": "Nutrition Label Service",
            "version": "1.0.0",
            "description": format!("{DESCRIPTION}\n## Error codes\n\n{}", error_codes_table()),
            "license": {"name": "MIT", "identifier": "MIT"},
            "x-compatibility": "additive changes only within v1; breaking changes only under a new version prefix"
        },
        "servers": [{"url": "/", "description": "this host ({site_url}); {base_url} is {site_url}/v1"}],
        "tags": [
            {"name": "Recipes"}, {"name": "Ingredients"}, {"name": "Foods"}, {"name": "Formats"}, {"name": "Analyze"}, {"name": "Audit"},
            {"name": "Export"}, {"name": "Sessions"}, {"name": "App"}, {"name": "Embed"}, {"name": "Reference"},
            {"name": "Operations"}
        ],
        "paths": paths,
        "components": {
            "securitySchemes": {
                "apiKey": {"type": "http", "scheme": "bearer", "bearerFormat": "nls_<43 base64url characters>",
                    "description": "Secret API key of the account (REST resources)."},
                "sessionToken": {"type": "http", "scheme": "bearer", "bearerFormat": "opaque",
                    "description": "Session access token from `POST /auth/v1/token` (label export); expires after 1 h."},
                "appSession": {"type": "apiKey", "in": "cookie", "name": "nls_session",
                    "description": "The browser app's session cookie, set by `POST /auth/v1/signup` and `POST /auth/v1/session` (HttpOnly, SameSite=Lax, 12 h). Open to every plan (the REST gate is for keys; every plan rule still applies), 600 requests a minute per session. Every POST, PUT and DELETE made with it must send `X-CSRF-Token` (the `csrf_token` of the session endpoints), and one from another origin is refused: 403 `csrf_failed`."}
            },
            "headers": {
                "RateLimit-Limit": {"description": "Requests per minute allowed for the key.", "schema": {"type": "integer", "minimum": 1}},
                "RateLimit-Remaining": {"description": "Requests that may be sent at once now.", "schema": {"type": "integer", "minimum": 0}},
                "RateLimit-Reset": {"description": "Seconds until the full burst is available again.", "schema": {"type": "integer", "minimum": 0}},
                "Retry-After": {"description": "Whole seconds to wait before retrying (>= 1).", "schema": {"type": "integer", "minimum": 1}},
                "ETag": {"description": "`\"<version>\"` of the resource; send it back in `If-Match`.", "schema": {"type": "string"}}
            },
            "responses": error_responses(),
            "schemas": schemas(&codes),
            "x-error-codes": code_statuses,
            "x-error-details": error_details()
        }
    })
}

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
    let mut headers = rate_headers();
    if retry {
        headers["Retry-After"] = json!({"$ref": "#/components/headers/Retry-After"});
    }
    let example = codes
        .first()
        .map(|c| json!({"error": {"code": c.as_str(), "message": description}}));
    json!({
        "description": format!("{description} Codes: {}.", names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")),
        "headers": headers,
        "content": {"application/json": {"schema": schema_ref("Error"), "example": example}}
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
        "UnprocessableContent": error_response("The request is well-formed but goes past a bound. `recipe_too_large`: with its sub-recipes expanded the recipe goes past a limit: `nesting_depth` 8 levels, `expanded_lines` 2,000 lines (identical lines merged), `statement_chars` 9,000 characters of ingredient statement, `label_bytes` 131,072 bytes of label JSON; `details`: `{\"limit\", \"max\", \"value\"}`. `incomplete_nutrient_data` (`strict=true` on analyze and label files): the label declares nutrients some ingredients' data lacks; `details`: the label's `missing`, `[{\"nutrient\", \"ingredients\"}]`. Label files and export: more pixels than 16,777,216 per PNG (`image_too_large`; lower `width` or `scale`) or statements over 10,000 characters together (`statement_too_long`); `details`: `[{field, problem}]`. A physical width (`width_in`, `width_mm`) below the one at which a US label's type keeps FDA's minimum sizes (`label_too_small`); `details`: `[{field, problem, min_width_in, min_width_mm}]`. A format its law does not allow for this food (`format_not_permitted`: the simplified US format for a food with fewer than 8 of the 15 nutrients of 21 CFR 101.9(f) insignificant); `details`: `[{field, problem, rule, insignificant, needed}]`.", &codes_with(422), false),
        "RequestTimeout": error_response("The request body did not arrive within the body read timeout (30 s by default); the connection is closed.", &codes_with(408), false),
        "UriTooLong": error_response("The request target is longer than 8,192 bytes.", &codes_with(414), false),
        "TooManyRequests": too_many,
        "TooManyRequestsUnkeyed": error_response("Body over 1 MiB, too many concurrent renders, or too many sign-in attempts for one e-mail address.", &codes_with(429), true),
        "InternalError": error_response("Server error; retry with backoff.", &codes_with(500), false),
        "Unavailable": error_response("A dependency is unavailable, or (sign-in, sign-up and the token exchange) every password check of the process is busy; retry after `Retry-After` where given, else with backoff.", &codes_with(503), false)
    })
}

fn nutrient_map() -> Value {
    json!({"type": "object", "additionalProperties": {"type": "number", "minimum": 0},
        "description": "Numbers per 100 g keyed by label nutrient: `calories`, `total_fat_g`, `saturated_fat_g`, `trans_fat_g`, `cholesterol_mg`, `sodium_mg`, `total_carbohydrate_g`, `dietary_fiber_g`, `total_sugars_g`, `added_sugars_g`, `protein_g`, `vitamin_d_mcg`, `calcium_mg`, `iron_mg`, `potassium_mg`, `sugar_alcohols_g`, `polyols_g`, `alcohol_g`, `monounsaturated_fat_g`, `polyunsaturated_fat_g`, `soluble_fiber_g`, `insoluble_fiber_g`, `vitamin_a_mcg`, `vitamin_c_mg`, ...; the specific components of FSANZ Schedule 11 S11—2(3), each counted by its own energy factor and declared on ANZ panels from 5 g/100 g (Standard 1.2.8—6(9)): `d_allulose_g`, `erythritol_g`, `glycerol_g`, `isomalt_g`, `lactitol_g`, `maltitol_g`, `mannitol_g`, `organic_acids_g`, `polydextrose_g`, `sorbitol_g`, `d_tagatose_g`, `xylitol_g`.",
        "examples": [{"calories": 458, "total_fat_g": 24, "protein_g": 9}]})
}

fn allergens() -> Value {
    json!({"type": "array", "description": "Allergen codes. Tree nuts, fish and Crustacean shellfish may name their species as `code:species`, e.g. `tree_nuts:almond` (21 U.S.C. 343(w)(2)); US labels then name the species in the Contains statement (\"Contains: Almonds\") and `allergen_details`.",
        "items": {"type": "string", "anyOf": [
        {"enum": [
        "milk", "eggs", "fish", "crustacean_shellfish", "tree_nuts", "peanuts", "wheat", "soy",
        "sesame", "gluten", "celery", "mustard", "lupin", "molluscs", "sulphites"]},
        {"pattern": "^(tree_nuts|fish|crustacean_shellfish):[^:]{1,60}$"}]}})
}

/// Every front-of-pack scheme id (nutrition/data/fop).
fn fop_ids() -> Vec<String> {
    nls_nutrition::fop::schemes()
        .map(|s| s.iter().map(|s| s.id.clone()).collect())
        .unwrap_or_default()
}

/// `front_of_pack_facts` (nutrition::fop::Facts).
fn fop_facts_schema() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "description": "What a recipe does not hold and some front-of-pack schemes need. Nothing is guessed: a scheme that needs an absent fact lists it in its `missing` and leaves the marks that depend on it out.",
        "properties": {
            "state": {"type": "string", "enum": ["solid", "liquid"], "description": "Judged per 100 g (solid) or per 100 ml (liquid)."},
            "density_g_per_ml": {"type": "number", "exclusiveMinimum": 0, "maximum": 10, "description": "Turns per 100 g into per 100 ml for liquids."},
            "free_sugars_g_per_100g": {"type": "number", "minimum": 0, "maximum": 100, "description": "Free sugars (Mexico's profile)."},
            "lactose_galactose_g_per_100g": {"type": "number", "minimum": 0, "maximum": 100, "description": "Subtracted from sugars by Nutri-Grade."},
            "fruit_vegetable_legume_pct": {"type": "number", "minimum": 0, "maximum": 100, "description": "Nutri-Score's fruit, vegetable and legume share."},
            "non_nutritive_sweeteners": {"type": "boolean"},
            "caffeine": {"type": "boolean", "description": "Added caffeine."},
            "category": {"type": "string", "enum": ["general", "cheese", "red_meat", "fats_oils_nuts_seeds", "beverage", "water", "main_dish", "whole_fruit_vegetable", "plain_milk", "single_ingredient_meat_fish", "vegetable_oil", "sugar_honey_salt"]},
            "reference_amount_g": {"type": "number", "exclusiveMinimum": 0, "maximum": 10000, "description": "The product's reference amount from Canada's own Table of Reference Amounts (FDR B.01.001), in grams: Canada's front-of-package symbol (B.01.350-B.01.358) is judged per it, or per the serving when larger. Never taken from `racc_g` or `package.racc_category`, which are the US table (21 CFR 101.12). Missing: the symbol is not judged and the result lists it in `missing`."},
            "principal_display_area_cm2": {"type": "number", "exclusiveMinimum": 0, "maximum": 1000000, "description": "The package's principal display surface, cm². Where a scheme's data has a size table (Mexico's octagons: NOM-051 table A1 as transcribed, unconfirmed), its result carries `mark_size`."},
            "added_critical_nutrients": {"type": "array", "uniqueItems": true, "items": {"type": "string", "enum": ["free_sugars", "fats", "sodium"]},
                "description": "The critical nutrients added in making the product (NOM-051 4.5.3); `[]`: none. Mexico's octagons are judged in the phase in force on the label's date: from 1 October 2023 (second phase, to 31 December 2027) only the added nutrients' own limits apply (free sugars: sugars and energy; fats: saturated fat, trans fat and energy; sodium: sodium); from 1 January 2028 (third phase) all five once any is added; nothing added, no octagon. Not given: every limit applies and the result lists the fact in `missing`. The phases after the first rest on secondary sources and carry `status: unconfirmed`."}
        },
        "examples": [{"state": "solid", "category": "general", "fruit_vegetable_legume_pct": 0}]
    })
}

/// One `front_of_pack` entry (nutrition::fop::FopResult).
fn fop_schema() -> Value {
    json!({
        "type": "object",
        "description": "One front-of-pack scheme computed for the label. Warning marks: `{nutrient, code, text, why, status}` with the law's printed text; traffic lights: `{nutrient, level, colour, amount, unit, per_100, percent_ri, printed, why, status}` (`printed`: the per-portion amount as the label's table rounds it, e.g. `\"50g\"`, where the scheme says how); Nutri-Score: `{grade, points, components, why}`; Nutri-Grade: `{grade, components, why}`. `checks` gives every limit looked at with its `headroom` (limit minus amount on the rule's basis).",
        "properties": {
            "scheme": {"type": "string", "enum": fop_ids()},
            "required": {"type": "boolean"},
            "citation": {"type": "string"},
            "version": {"type": "string"},
            "status": {"type": "string", "enum": ["confirmed", "unconfirmed"]},
            "phase": {"type": "string"},
            "marks": {"type": "array", "items": {"type": "object"}},
            "checks": {"type": "array", "items": {"type": "object", "properties": {
                "code": {"type": "string"}, "nutrient": {"type": "string"}, "amount": {"type": "number"},
                "threshold": {"type": "number"}, "op": {"type": "string"}, "unit": {"type": "string"},
                "basis": {"type": "string"}, "reached": {"type": "boolean"}, "headroom": {"type": "number"},
                "why": {"type": "string"}, "status": {"type": "string"}}}},
            "missing": {"type": "array", "items": {"type": "string"}},
            "exempt": {"type": "string"},
            "notes": {"type": "array", "items": {"type": "string"}}
        },
        "required": ["scheme", "required", "citation", "version", "status", "marks"],
        "examples": [{"scheme": "cl.fop.alto", "required": true, "citation": "Ley 20.606; ...", "version": "DS 13/2015 ...", "status": "confirmed", "phase": "final",
            "marks": [{"nutrient": "sodium", "code": "sodium", "text": "ALTO EN SODIO", "why": "sodium 512 mg per 100 g ≥ 400 mg", "status": "confirmed"}]}]
    })
}

/// The label object (nutrition::Label's JSON).
fn label_schema() -> Value {
    json!({
        "type": "object",
        "description": "Computed, read-only. Always: `format`, `serving_size`, `servings_per_container`, `ingredient_statement`, `allergens`, `contains_statement`, `display`, `unrounded`. US formats: per-serving nutrients rounded by 21 CFR 101.9(c) and `daily_values`. EU formats: `per_100g`, `per_portion`, `reference_intake_pct`, `ingredient_statement_html`. US formats also carry `display.serving_size`, the printed serving line: household measure then metric amount, e.g. `2 cookies (43g)` (21 CFR 101.9(b)(5), (b)(7)). Voluntary US nutrients (`polyunsaturated_fat_g`, `monounsaturated_fat_g`, `soluble_fiber_g`, `insoluble_fiber_g`, `sugar_alcohols_g`, and the vitamins and minerals of 101.9(c)(8)(iv) from 2 % DV) appear only when the ingredients' data gives them. The simplified format (`us.v.simpl`, 101.9(f)) omits insignificant nutrients other than calories, total fat, sodium, total carbohydrate and protein and names them in `display.not_significant` (\"Not a significant source of …\"); Canada's simplified formats (`ca.simpl.bi`, `ca.simpl.pair`, `ca.simpl.hor.bi`, FDR B.01.401(6)) name what they omit in each language, `display.not_significant.en` and `display.not_significant.fr` (« Source négligeable de … »), the first also as `display.not_significant`. `warnings` appears only when non-empty.",
        "properties": {
            "format": {"type": "string"},
            "serving_size": {"type": "object", "properties": {"text": {"type": ["string", "null"]}, "grams": {"type": "number"}, "ml": {"type": "number", "description": "The serving's volume, for a liquid (`front_of_pack_facts`: state `liquid` and `density_g_per_ml`) in a format whose law declares liquids per 100 mL (FSANZ Standard 1.2.8—6(1)(b)(ii) prints it: \"Serving size: 250 mL\"); absent otherwise."}}},
            "servings_per_container": {"type": "number"},
            "ingredient_statement": {"type": "string"},
            "allergens": {"type": "array", "items": {"type": "string"}},
            "allergen_details": {"type": "object", "description": "Present only when non-empty: on US labels the species of the declared tree nuts, fish and Crustacean shellfish by allergen code, e.g. `{\"tree_nuts\": [\"almonds\"]}` (21 U.S.C. 343(w)(2)); on Canadian labels also the cereals of gluten, e.g. `{\"gluten\": [\"barley\"]}` (FDR B.01.010.3); from the food table's names and custom ingredients' `code:species` allergens.", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
            "contains_statement": {"type": ["string", "null"]},
            "calories": {"type": "number"},
            "total_fat_g": {"type": "number"},
            "display": {"type": "object"},
            "unrounded": {"type": "object"},
            "daily_values": {"type": "object"},
            "per_100g": {"type": "object"},
            "per_portion": {"type": "object"},
            "missing": {"type": "array", "description": "Present only when non-empty: each declared nutrient whose amount the data does not determine, with the ingredients whose data lacks it (printed names, sub-recipes' included; at most 10, each cut at 80 characters; `more_ingredients` counts the rest). A lacking nutrient is bounded by its whole where the label's hierarchy makes one (trans and saturated fat by total fat, fiber and sugars by total carbohydrate, added sugars by total sugars): it is listed only when the known part and the most the data allows would print differently. The printed amount is the known part only; give the amounts as a recipe line's `nutrients` or the custom ingredient's `nutrients_per_100g`. `strict=true` refuses such a label (422 `incomplete_nutrient_data`).",
                "items": {"type": "object", "properties": {
                    "nutrient": {"type": "string", "examples": ["trans_fat_g"]},
                    "ingredients": {"type": "array", "items": {"type": "string"}, "examples": [["olive oil"]]},
                    "more_ingredients": {"type": "integer", "minimum": 1}},
                    "required": ["nutrient", "ingredients"]}},
            "per_serving": {"type": "object", "description": "`us.v.dual-pkg`: amounts per serving (and `per_container`); `us.v.dual-prep`: `as_packaged` and `as_prepared`; `us.aggr`: one block per food, `food_1`, `food_2`, .... These formats' `daily_values` hold one map per column id, and `display` keys are `<column>.<nutrient>`."},
            "per_container": {"type": "object"},
            "as_packaged": {"type": "object"},
            "as_prepared": {"type": "object"},
            "foods": {"type": "array", "description": "`us.aggr` only: each column's food.", "items": {"type": "object", "properties": {
                "column": {"type": "string"}, "name": {"type": "string"},
                "serving_size": {"type": "object"}, "servings_per_container": {"type": "number"},
                "ingredient_statement": {"type": "string"}}}},
            "package": {"type": "object", "description": "Present when the request gave a `package`: `given`, the `racc` used, `percent_of_racc`, `layouts` (each US format id with its `use`: `required`, `allowed`, `voluntary` or `not_allowed`, its `citation` and `reason`), `allowed_formats` and `required_formats` (format ids in FDA's order of preference), `chosen` (the format `us.auto` picked), `single_serving`, `small_package_exemption_possible`."},
            "front_of_pack": {"type": "array", "description": "Present only when non-empty: the front-of-pack schemes of the label's market that are mandatory, and those asked for (`fop=` on analyze and label files, a recipe's `front_of_pack`).", "items": schema_ref("FrontOfPack")},
            "format_status": {"type": "string", "enum": ["in_force", "draft"], "description": "Whether the label's format is in force (its terms, reference values and rounding confirmed against its law's text) or a draft. Every file drawn from a draft's label (SVG, PNG, PDF, the embed, exports, the app's preview) carries a \"DRAFT \u{2013} NOT A LAWFUL LABEL\" band and a diagonal DRAFT; in-force labels carry no mark. Absent only from labels stored before it existed."},
            "statements": {"type": "array", "description": "Present only for a format that prints several languages: the required statements in each, in the format's order (Reg. (EU) 1169/2011 Art. 15; 21 CFR 101.15(c)(2)). The first language's are also the label's own `ingredient_statement`, `ingredient_statement_html` and `contains_statement`.", "items": {"type": "object", "required": ["language", "heading", "ingredient_statement"], "properties": {
                "language": {"type": "string"}, "heading": {"type": "string", "examples": ["Zutaten:"]}, "ingredient_statement": {"type": "string"},
                "ingredient_statement_html": {"type": "string"}, "contains_statement": {"type": "string"}}}},
            "ingredient_names_not_in_language": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}, "description": "Present only when some are: per language of the format, the ingredient names its statement prints in another language because no name in that language is known (the food table's names are English), e.g. `{\"de\": [\"butter\"]}`; the label also carries the warning `ingredient_names_not_in_language`. Give the names as `label_names` on the line or the custom ingredient."},
            "voluntary": {"type": "object", "additionalProperties": {"type": "string", "enum": ["requested", "added_as_nutrient_supplement"]}, "description": "Present only when a voluntary row is declared: why each is there, by row key: `requested` (the recipe's or analysis's `voluntary_nutrients`) or `added_as_nutrient_supplement` (a line's `added_nutrients`)."},
            "unconfirmed": {"type": "string", "description": "For a draft: what in the format is not confirmed against its law, and what falls back to what (the format's notes, as in `GET /v1/formats`). For a format in force whose law leaves reference values to a document we do not hold (Canada's Table of Daily Values): the values that ship unconfirmed, e.g. `reference values unconfirmed: fat_g 75 g (…)`; absent when every value is confirmed."},
            "warnings": {"type": "array", "description": "Present only when non-empty: what the label cannot print as its regime asks. Codes: `no_household_measure` (US serving size without a household measure, 21 CFR 101.9(b)(5)); `incomplete_nutrient_data` (declared nutrients the data lacks, see `missing`); `voluntary_nutrient_omitted` (a voluntary nutrient, e.g. EU fibre, left off because some ingredient's data lacks it, rather than understated); `confirm_sub_ingredients` (sub-ingredients from a standard of identity, to be checked against the brand used, 21 CFR 101.4(b)(2)); `gluten_cereal_unnamed` (an ingredient carries gluten and nothing names its cereal, where the law names the cereal: 1169/2011 Annex II point 1, FDR B.01.010.3; tag it `gluten:barley` and so on); `ingredient_names_not_in_language` (see `ingredient_names_not_in_language`). (The simplified format `us.v.simpl` is refused, 422 `format_not_permitted`, for a food with fewer than 8 of the 15 insignificant amounts 21 CFR 101.9(f) asks for.)",
                "items": {"type": "object", "properties": {"code": {"type": "string"}, "message": {"type": "string"}}, "required": ["code", "message"]}}
        },
        "required": ["format"],
        "examples": [{"format": "standard", "calories": 230, "total_fat_g": 8, "allergens": ["milk", "wheat"]}]
    })
}

/// `POST /v1/analyze`'s body.
fn analysis_request_schema() -> Value {
    json!({"type": "object", "properties": {
            "label_format": {"type": "string", "default": "standard"},
            "servings": {"type": "number", "exclusiveMinimum": 0},
            "serving_weight_g": {"type": "number", "exclusiveMinimum": 0},
            "serving_size_text": {"type": "string"},
            "ingredients": {"type": "array", "minItems": 1, "maxItems": 200, "items": schema_ref("IngredientEntry")},
            "racc_g": {"type": "number", "exclusiveMinimum": 0, "description": "Reference amount customarily consumed; default the package's RACC category, else the serving weight."},
            "voluntary_nutrients": voluntary_nutrients(),
            "label_formats": {"type": "array", "maxItems": 20, "items": {"type": "string"}, "description": "More markets at once: the response's `labels` holds the label in each of these formats too, each under its own law (plan rules as for `label_format`). Not with `foods`."},
            "front_of_pack": {"type": "array", "maxItems": 32, "items": {"type": "string", "enum": fop_ids()}, "description": "Front-of-pack schemes to compute besides the mandatory ones of the label's market."},
            "front_of_pack_facts": schema_ref("FrontOfPackFacts"),
            "package": schema_ref("Package"),
            "prepared": {"type": "object", "description": "What preparing the whole recipe adds (milk and eggs for a mix), for `us.v.dual-prep` (as packaged / as prepared, 21 CFR 101.9(e)): the as-prepared column is one packaged serving plus its share of these. Required by that format; refused (400 `validation_failed`) with any other. Not part of the ingredient statement.",
                "properties": {"ingredients": {"type": "array", "minItems": 1, "maxItems": 200, "items": schema_ref("IngredientEntry")}},
                "required": ["ingredients"], "additionalProperties": false},
            "foods": {"type": "array", "minItems": 2, "maxItems": 6, "description": "The foods of a variety pack, for `us.aggr` (aggregate display, 21 CFR 101.9(d)(13)(ii)): one label column per food, in this order (`food_1`, `food_2`, ...). Required by that format, with no top-level `ingredients`; refused with any other. Claims are not made for the pack (analyze each food for its claims).",
                "items": {"type": "object", "description": "A stored recipe by `recipe_id` (its fields are the recipe's; `name` may replace the head), or `name`, `servings` and `ingredients` like a recipe.", "properties": {
                    "recipe_id": {"type": "string", "pattern": "^rcp_", "description": "A recipe of the account (unknown: 400 `validation_failed` on `foods[i].recipe_id`)."},
                    "name": {"type": "string", "minLength": 1, "maxLength": 200, "description": "Printed as the column's head."},
                    "servings": {"type": "number", "minimum": 0.001},
                    "serving_weight_g": {"type": "number", "minimum": 0.001},
                    "serving_size_text": {"type": "string", "examples": ["1 cup"]},
                    "ingredients": {"type": "array", "minItems": 1, "maxItems": 200, "items": schema_ref("IngredientEntry")}},
                    "additionalProperties": false}}},
            "description": "`servings` and `ingredients` are required, except for `us.aggr`, which takes `foods` instead. `label_format` `us.auto` picks the first layout the `package` allows in FDA's order of preference among the formats the catalog holds and the plan may use (see `Package`)."})
}

/// A package (the layouts it allows and requires; the RACC category claims use).
fn package_schema() -> Value {
    json!({"type": "object", "additionalProperties": false,
            "description": "The package, all fields optional. With it the label carries `package`: which US layouts the package may use and must use, per 21 CFR 101.9(b)(6) (under 200 % of the RACC: one serving, one column), (b)(12)(i) (200 % to 300 %: per serving and per container, `us.v.dual-pkg`), (e)(6) (over 300 %: a per-container column is voluntary), (d)(11)(iii) (tabular when the panel lacks about 3 in of continuous vertical space) and (j)(13) (40 in² or less: tabular and linear allowed; under 12 in²: the small-package exemption may apply). Unknown category or a non-positive number: 400 `validation_failed` naming `package.<field>`.",
            "properties": {
                "label_area_in2": {"type": "number", "exclusiveMinimum": 0, "maximum": 100000, "description": "Total surface area available to bear labeling, square inches."},
                "vertical_space_in": {"type": "number", "exclusiveMinimum": 0, "maximum": 1000, "description": "Continuous vertical space for the label, inches."},
                "racc_category": {"type": "string", "examples": ["bakery.cookies", "snacks.all", "beverages.carbonated_noncarbonated_water"], "description": "A category id of the RACC table of 21 CFR 101.12(b), table 2 (`nutrition/data/racc.json`). Its reference amount is also the RACC claims use."},
                "net_quantity_g": {"type": "number", "exclusiveMinimum": 0, "maximum": 10000000, "description": "Net quantity, grams (categories with a RACC in grams)."},
                "net_quantity_ml": {"type": "number", "exclusiveMinimum": 0, "maximum": 10000000, "description": "Net quantity, millilitres (categories with a RACC in mL)."}}})
}

fn schemas(codes: &[&str]) -> Value {
    let entry = json!({
        "type": "object",
        "description": "Either `ingredient_id` (`fooddb:<id>`, `ing_...` or a sub-recipe `rcp_...`) or `name` (matched against the account's ingredients, then the food database).",
        "properties": {
            "ingredient_id": {"type": "string", "examples": ["fooddb:173944"]},
            "name": {"type": "string", "minLength": 1, "maxLength": 200},
            "label_name": {"type": "string", "description": "How it reads in the ingredient statement, printed verbatim (it replaces the ingredient's name and its sub-ingredients)."},
            "grams": {"type": "number", "minimum": 0.001, "description": "At least 0.001 (smaller: 400 `validation_failed`, too small)."},
            "nutrients": {"type": "object", "minProperties": 1, "additionalProperties": {"type": "number", "minimum": 0},
                "description": "Amounts per 100 g of this ingredient that override (or complete) its data for this line, keyed like `nutrients_per_100g`, e.g. `{\"added_sugars_g\": 3, \"trans_fat_g\": 0}` where the food table lacks them. Unknown key: 400 `unknown_field`.",
                "examples": [{"added_sugars_g": 3, "trans_fat_g": 0}]},
            "added_nutrients": {"type": "array", "maxItems": 40, "items": {"type": "string"},
                "description": "Nutrient keys (as in `nutrients_per_100g`) added to this ingredient as a nutrient supplement (fortification). A US label then declares each of them (21 CFR 101.9(c)(8)(ii)) and its `voluntary` says why. Unknown key: 400 `validation_failed`.",
                "examples": [["vitamin_c_mg"]]},
            "label_names": {"type": "object", "maxProperties": 30, "additionalProperties": {"type": "string", "minLength": 1, "maxLength": 500}, "propertyNames": {"pattern": "^[a-z]{2}$"},
                "description": "How it reads in an ingredient statement in each language (ISO 639-1 code → name, printed whole: sub-ingredients are not added), for labels whose formats print that language (Reg. (EU) 1169/2011 Art. 15, 18; 21 CFR 101.15(c)(2)), e.g. `{\"de\": \"Weizenmehl\", \"fr\": \"farine de blé\"}`. A language no format prints: 400 `validation_failed`. Without one, a statement prints the line's `label_name` (or the food table's name and its reviewed names in `label_names` of `GET /v1/foods/{id}`); a name known to be in another language is listed in the label's `ingredient_names_not_in_language`.",
                "examples": [{"de": "Weizenmehl", "fr": "farine de blé"}]}
        },
        "required": ["grams"],
        "additionalProperties": false
    });
    let recipe_props = json!({
        "name": {"type": "string", "minLength": 1, "maxLength": 200},
        "servings": {"type": "number", "minimum": 0.001},
        "serving_weight_g": {"type": ["number", "null"], "minimum": 0.001, "description": "Default: total ingredient grams / servings; `null` goes back to it."},
        "serving_size_text": {"type": ["string", "null"], "examples": ["1 slice (60g)"], "description": "`null` removes it."},
        "label_format": {"type": "string", "default": "standard", "examples": ["standard", "eu-1169", "us.v.dual-pkg", "us.auto"],
            "description": "A format id or alias of `GET /v1/formats`, or `us.auto`: the first US layout the `package` allows, in FDA's order of preference. Unknown value: 400 `unknown_label_format`; above the plan: 403 `plan_format_not_allowed`. `us.v.dual-prep` needs `prepared`; `us.aggr` is for `POST /v1/analyze` with `foods`; `us.v.simpl` only for a food with at least 8 of the 15 nutrients of 21 CFR 101.9(f) in insignificant amounts, else 422 `format_not_permitted` naming the rule and the count."},
        "ingredients": {"type": "array", "minItems": 1, "maxItems": 200, "items": schema_ref("IngredientEntry")},
        "embed_enabled": {"type": "boolean", "default": false, "description": "Professional or Business plan, else 403 `plan_feature_not_allowed`."},
        "archived": {"type": "boolean"},
        "package": {"oneOf": [schema_ref("Package"), {"type": "null"}], "description": "The package the label is for (see `Package`): the label then says which layouts it allows and requires, `label_format` `us.auto` follows it, and its RACC category is the claims' reference amount. `null` removes it."},
        "prepared": {"type": ["object", "null"], "description": "What preparing the recipe adds, for `us.v.dual-prep` (21 CFR 101.9(e)): entries like `ingredients`. `null` removes it.",
            "properties": {"ingredients": {"type": "array", "minItems": 1, "maxItems": 200, "items": schema_ref("IngredientEntry")}},
            "required": ["ingredients"], "additionalProperties": false},
        "front_of_pack": {"type": ["array", "null"], "maxItems": 32, "items": {"type": "string", "enum": fop_ids()},
            "description": "Voluntary front-of-pack schemes the label carries in `front_of_pack`, besides its market's mandatory ones (always computed). Unknown ids: 400 `validation_failed`. `null` removes them."},
        "front_of_pack_facts": {"oneOf": [schema_ref("FrontOfPackFacts"), {"type": "null"}], "description": "What the schemes need that a recipe does not hold (solid or liquid, density, free sugars, fruit/vegetable share, sweeteners, caffeine, category). `null` removes them."},
        "voluntary_nutrients": voluntary_nutrients()
    });
    let ingredient_props = json!({
        "name": {"type": "string", "minLength": 1, "maxLength": 200},
        "nutrients_per_100g": nutrient_map(),
        "allergens": allergens(),
        "label_name": {"type": ["string", "null"], "description": "`null` removes it."},
        "cost_per_unit": {"type": ["number", "null"], "minimum": 0, "description": "`null` removes it."},
        "unit": {"type": ["string", "null"], "enum": ["g", "kg", "oz", "lb", "ml", "l", null], "description": "`null` removes it."},
        "archived": {"type": "boolean"},
        "sub_ingredients": {"type": ["array", "null"], "maxItems": 50, "items": {"type": "string", "minLength": 1, "maxLength": 200},
            "description": "Its own ingredients in descending order of weight, printed in parentheses after its name in a recipe's ingredient statement (21 CFR 101.4(b)(2)), e.g. `[\"sugar\", \"chocolate\", \"cocoa butter\"]`; at most 50, 1,000 characters together. `null` or `[]` removes them; absent from the representation when none. Allergens inside them belong in `allergens`."},
        "label_names": {"type": ["object", "null"], "maxProperties": 30, "additionalProperties": {"type": "string", "minLength": 1, "maxLength": 500}, "propertyNames": {"pattern": "^[a-z]{2}$"},
                "description": "How it reads in an ingredient statement in each language (ISO 639-1 code → name, printed whole: sub-ingredients are not added), for labels whose formats print that language (Reg. (EU) 1169/2011 Art. 15, 18; 21 CFR 101.15(c)(2)), e.g. `{\"de\": \"Weizenmehl\", \"fr\": \"farine de blé\"}`. `null` or `{}` removes them; absent from the representation when none. A language no format prints: 400 `validation_failed`. Without one, a statement prints the line's `label_name` (or the food table's name and its reviewed names in `label_names` of `GET /v1/foods/{id}`); a name known to be in another language is listed in the label's `ingredient_names_not_in_language`.",
                "examples": [{"de": "Weizenmehl", "fr": "farine de blé"}]}
    });
    let timestamps = |mut props: Value| {
        props["version"] = json!({"type": "integer", "minimum": 1, "description": "Events in the resource's stream; 1 after create."});
        props["created_at"] = json!({"type": "string", "format": "date-time"});
        props["updated_at"] = json!({"type": "string", "format": "date-time"});
        props
    };
    let mut recipe = recipe_props.clone();
    recipe["id"] = json!({"type": "string", "pattern": "^rcp_"});
    recipe["ingredients"] = json!({"type": "array", "items": {"type": "object", "properties": {
        "ingredient_id": {"type": ["string", "null"]}, "name": {"type": ["string", "null"]},
        "label_name": {"type": ["string", "null"]}, "grams": {"type": "number"},
        "nutrients": {"type": "object", "additionalProperties": {"type": "number"}, "description": "The line's nutrient overrides per 100 g; absent when none."},
        "added_nutrients": {"type": "array", "items": {"type": "string"}, "description": "Nutrients added to it as a nutrient supplement; absent when none."},
        "label_names": {"type": "object", "additionalProperties": {"type": "string"}, "description": "The line's own names by language; absent when none."}}}});
    recipe["serving_size_text"] = json!({"type": ["string", "null"]});
    // What the recipe prints: as given, or the default (total grams / servings), which may be
    // below the 0.001 g a request can give.
    recipe["serving_weight_g"] = json!({"type": "number", "exclusiveMinimum": 0, "description": "Grams per serving: as given, or total ingredient grams / servings."});
    recipe["label"] = json!({"oneOf": [schema_ref("Label"), {"type": "null"}]});
    recipe["label_edition"] = json!({"type": "string", "examples": ["engine 0.1.0; rules 3f9a1c2b7d10"], "description": "The engine and rules edition that computed `label`: the engine's version and a digest of every data file a label depends on (formats, regimes, terms, front-of-pack schemes, reference amounts, the food table). With `?version=N`, the edition of the label version N was given when it was written, which is what is served. Absent for labels stored before editions were recorded."});
    recipe["label_error"] = json!({"description": "Why no label could be computed: `{code, message}`, `code` one of the error codes (e.g. `recipe_too_large` for a recipe stored before the size limits). Rows written before `code` existed carry only `message`."});
    recipe["embed"] = json!({"oneOf": [{"type": "null"}, {"type": "object", "properties": {
        "token": {"type": "string", "pattern": "^emb_"}, "script": {"type": "string"}, "iframe": {"type": "string"}},
        "required": ["token", "script", "iframe"]}]});
    recipe["cost"] =
        json!({"description": "Cost of the recipe when every ingredient has one, else null."});
    let recipe = timestamps(recipe);
    let mut ingredient = ingredient_props.clone();
    ingredient["id"] = json!({"type": "string", "pattern": "^ing_"});
    // `label_name`, `cost_per_unit` and `unit` already allow `null` (the request clears them
    // with it; the representation shows them unset as `null`).
    let ingredient = timestamps(ingredient);
    let label = label_schema();
    let analysis_request = analysis_request_schema();
    let package = package_schema();

    let mut all = json!({
        "Error": {
            "type": "object",
            "properties": {"error": {
                "type": "object",
                "properties": {
                    "code": {"type": "string", "enum": codes, "description": "Stable machine code; see the table in the description."},
                    "message": {"type": "string"},
                    "details": {"description": "Field-level problems, e.g. `[{\"field\": \"servings\", \"problem\": \"must be > 0\"}]`; the shape for each code is in `components.x-error-details`."}
                },
                "required": ["code", "message"]
            }},
            "required": ["error"]
        },
        "IngredientEntry": entry,
        "RecipeCreate": {"type": "object", "properties": recipe_props.clone(),
            "required": ["name", "servings", "ingredients"],
            "description": "Unknown fields: 400 `unknown_field`. Read-only fields of the representation are ignored."},
        "RecipeUpdate": {"type": "object", "properties": recipe_props,
            "description": "Partial: fields left out keep their values; `ingredients` replaces the whole list."},
        "Recipe": {"type": "object", "properties": recipe,
            "required": ["id", "name", "servings", "label_format", "ingredients", "label", "embed_enabled", "embed", "version", "created_at", "updated_at"]},
        "RecipeList": {"type": "object", "properties": {"data": {"type": "array", "items": schema_ref("Recipe")}, "next_cursor": {"type": ["string", "null"]}}, "required": ["data", "next_cursor"]},
        "IngredientCreate": {"type": "object", "properties": ingredient_props.clone(), "required": ["name", "nutrients_per_100g"]},
        "IngredientUpdate": {"type": "object", "properties": ingredient_props, "description": "Partial; `archived: true` archives, `false` restores."},
        "Ingredient": {"type": "object", "properties": ingredient, "required": ["id", "name", "nutrients_per_100g", "allergens", "archived", "version", "created_at", "updated_at"]},
        "IngredientList": {"type": "object", "properties": {"data": {"type": "array", "items": schema_ref("Ingredient")}, "next_cursor": {"type": ["string", "null"]}}, "required": ["data", "next_cursor"]},
        "Food": {"type": "object", "properties": {
            "id": {"type": "string", "pattern": "^fooddb:", "examples": ["fooddb:173944"]},
            "fdc_id": {"type": ["integer", "null"]},
            "description": {"type": "string", "examples": ["Bananas, raw"]},
            "label_name": {"type": "string", "examples": ["bananas"]},
            "food_group": {"type": ["string", "null"]},
            "allergens": {"type": "array", "items": {"type": "string"}},
            "allergen_details": {"type": "object", "description": "Present only when non-empty: species of the food's tree nuts, fish and Crustacean shellfish named by its description, e.g. `{\"tree_nuts\": [\"almonds\"]}`.", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
            "nutrients_per_100g": {"type": "object", "additionalProperties": {"type": "number"}, "description": "Per 100 g; a nutrient the data lacks is absent (unknown), never 0."},
            "sub_ingredients": {"type": "array", "items": {"type": "string"}, "description": "Present for multi-component foods (enriched flour, bread, pasta, cheddar, mayonnaise, catsup, chocolate, soy sauce, baking powder): their ingredients, printed in parentheses after the food's name (21 CFR 101.4(b)(2)), from the standard of identity in `sub_ingredients_citation`."},
            "allergen_exemptions": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}, "description": "Allergens of `allergens` that some regimes exempt in this form, with the exemption ids (`{\"peanuts\": [\"highly_refined_oil\"]}`): refined peanut oil declares no allergen on US labels (21 U.S.C. 321(qq)(2)(A)) but peanuts on EU ones (1169/2011 Annex II has no exemption for it); fully refined soybean oil none on either (Annex II point 6(a)). Absent when none."},
            "sub_ingredients_citation": {"type": "string", "examples": ["21 CFR 137.165(a)"]},
            "label_names": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Present for the foods people use most: the food's name in other languages (ISO 639-1 → name, whole, with its sub-ingredients where it has any), which statements in those languages print. NLS's own translations, not yet reviewed by a native-speaking food-labelling expert: check each against the product's customary name in its market."},
            "sub_ingredients_to_confirm": {"type": "boolean", "description": "`true`: the list is the standard's mandatory ingredients, not a brand's; labels using the food carry the warning `confirm_sub_ingredients`."},
            "score": {"type": "number", "description": "Match quality (search results only)."}},
            "required": ["id", "description", "nutrients_per_100g"]},
        "Format": {"type": "object", "properties": {
            "id": {"type": "string"},
            "aliases": {"type": "array", "items": {"type": "string"}},
            "name": {"type": "string"},
            "family": {"type": "string"},
            "countries": {"type": "array", "items": {"type": "string"}},
            "languages": {"type": "array", "items": {"type": "string"}},
            "layout": {"type": "string"},
            "columns": {"type": "array", "items": {"type": "object", "properties": {
                "id": {"type": "string"}, "basis": {"type": "string"}, "percent": {"type": "boolean"}},
                "required": ["id", "basis", "percent"]}},
            "nutrients": {"type": "array", "items": {"type": "object", "properties": {
                "key": {"type": "string"}, "unit": {"type": "string"}, "name": {"type": "string"},
                "rounding": {"type": "string"},
                "reference": {"type": ["object", "null"], "properties": {"value": {"type": "number"}, "source": {"type": "string"}}},
                "source_kinds": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Present where the format's terms say how far each word is sourced (reference/sources/LABEL_TERMS_SOURCES.md's kinds: official-text, official-copy, official-guidance, secondary, oss, oss-unattributed): language (ISO 639-1) → the kind of source of the nutrient's printed name, e.g. `{\"ar\": \"secondary\", \"en\": \"secondary\"}`. Anything but `official-text` is unconfirmed wording."}},
                "required": ["key", "unit", "name", "rounding", "reference"]}},
            "direction": {"type": "string", "enum": ["ltr", "rtl"], "description": "Which way the format's first language reads: a right-to-left format's table is drawn mirrored (names on the right)."},
            "citation": {"type": "object", "properties": {"instrument": {"type": "string"}, "article": {"type": "string"}}, "required": ["instrument", "article"]},
            "plan": {"type": "string", "enum": ["free", "professional", "business"]},
            "status": {"type": "string", "enum": ["in_force", "proposed", "draft", "repealed"]},
            "in_force_from": {"type": ["string", "null"], "format": "date"},
            "notes": {"type": ["string", "null"], "description": "What is unconfirmed in the format's data, what falls back to what (e.g. Codex where a national rule is unconfirmed), and what it leaves out."},
            "role": {"type": "string", "enum": ["declaration", "front_of_pack_repeat"], "description": "`declaration`: the nutrition declaration. `front_of_pack_repeat`: part of it repeated for the front of the pack (Reg. (EU) 1169/2011 Art. 30(3), `eu.fop.e.*`), printed beside the declaration, never in its place, and never a country's default."}},
            "required": ["id", "aliases", "name", "family", "countries", "languages", "layout", "columns", "nutrients", "citation", "plan", "status"]},
        "FormatList": {"type": "object", "properties": {"data": {"type": "array", "items": {"anyOf": [schema_ref("Format"), schema_ref("FormatLight")]}, "description": "`Format`s, or with `view=light` `FormatLight`s."}}, "required": ["data"]},
        "FoodList": {"type": "object", "properties": {"data": {"type": "array", "items": schema_ref("Food")}, "next_cursor": {"type": ["string", "null"]}}, "required": ["data", "next_cursor"]},
        "History": {"type": "object", "properties": {
            "id": {"type": "string"},
            "data": {"type": "array", "items": {"type": "object", "properties": {
                "version": {"type": "integer"}, "type": {"type": "string"}, "schema_version": {"type": "integer"},
                "occurred_at": {"type": "string", "format": "date-time"}, "actor": {"type": "string"},
                "request_id": {"type": ["string", "null"], "description": "The `x-request-id` of the request that wrote the event; null for events written before it was recorded."},
                "changes": {},
                "label_changes": {"type": "array", "description": "With `include=label`: the printed values this entry changed.", "items": {"type": "object", "properties": {
                    "field": {"type": "string"}, "before": {}, "after": {}}, "required": ["field", "before", "after"]}},
                "cause": {"type": "object", "description": "On a `label.recomputed` entry: the ingredient's or sub-recipe's event that changed the label.", "properties": {
                    "type": {"type": "string"}, "id": {"type": "string"}, "version": {"type": "integer"}}, "required": ["type", "id", "version"]}},
                "required": ["version", "type", "occurred_at", "actor", "changes"]}},
            "next_cursor": {"type": ["string", "null"], "description": "Pass as `cursor` for the next page; null on the last."}},
            "required": ["id", "data", "next_cursor"]},
        "Label": label,
        "AnalysisRequest": analysis_request,
        "Package": package,
        "FrontOfPackFacts": fop_facts_schema(),
        "FrontOfPack": fop_schema(),
        "Claim": {"type": "object", "properties": {
            "code": {"type": "string"}, "text": {"type": "string"}, "nutrient": {"type": "string"},
            "basis": {"type": "string"}, "citation": {"type": "string"}},
            "required": ["code", "text", "citation"],
            "examples": [{"code": "good_source_fiber", "text": "Good source of fiber", "nutrient": "dietary_fiber", "basis": "per RACC", "citation": "21 CFR 101.54(c)(1)"}]},
        "AnalysisResult": {"type": "object", "properties": {
            "label": schema_ref("Label"),
            "claims": {"type": "array", "items": schema_ref("Claim"), "description": "The nutrient content claims the food qualifies for, judged per the reference amount (`racc_g`, or the RACC of `package.racc_category`; 21 CFR 101.13, 101.12(b)). Without one: `[]` and `claims_withheld` says why (a labeled serving is not a reference amount)."},
            "claims_withheld": {"type": "string", "description": "Present when claims would be judged (US-family labels) but no reference amount was given: why `claims` is empty and what to give."},
            "ingredients": {"type": "array", "items": {"type": "object"}},
            "labels": {"type": "array", "description": "With `label_formats`: the label in each of those formats.", "items": schema_ref("LabelSetEntry")}},
            "required": ["label", "claims"]},
        "ExportRequest": {"type": "object", "properties": {
            "fileType": {"type": "string", "examples": ["svg", "png", "pdf", "jpg"]},
            "data": {"type": "object", "description": "A label object as returned by analyze or a recipe (it carries its `format`)."},
            "extra": {"type": "object", "properties": {
                "width": {"type": "number", "minimum": 120, "maximum": 2000, "default": 290},
                "width_in": {"type": "number", "exclusiveMinimum": 0, "description": "Printed width in inches, instead of `width`; as the label files' `width_in` (422 `label_too_small` below the format's minimum)."},
                "front_of_pack": {"type": "boolean", "default": false, "description": "Draw the label's `front_of_pack` elements (as analyze or a recipe gives them) under it, as `fop=` does on a recipe's label files."},
                "preview": {"type": "boolean", "default": false, "description": "An on-screen preview (the app's live label): with `fileType` `svg`, served on every plan that may use the label's format, with the watermark wherever the plan's exports carry one."},
                "width_mm": {"type": "number", "exclusiveMinimum": 0, "description": "Printed width in millimetres, instead of `width`."},
                "scale": {"type": "number", "minimum": 0.5, "maximum": 8, "default": 2}}}},
            "required": ["fileType", "data"],
            "additionalProperties": false},
        "TokenRequest": {"type": "object", "properties": {
            "email": {"type": "string"}, "password": {"type": "string"}},
            "required": ["email", "password"], "additionalProperties": false},
        "TokenResponse": {"type": "object", "properties": {
            "access_token": {"type": "string"}, "token_type": {"const": "Bearer"},
            "expires_in": {"type": "integer", "description": "Seconds (3600)."}},
            "required": ["access_token", "token_type", "expires_in"]}
    });
    if let (Some(all), Value::Object(more)) = (all.as_object_mut(), more_schemas()) {
        all.extend(more);
    }
    all["ImportReport"] = import_report_schema();
    all["FormatLight"] = format_light_schema();
    all
}

/// `GET /v1/formats?view=light`'s items.
fn format_light_schema() -> Value {
    json!({"type": "object", "description": "`GET /v1/formats?view=light`: the fields of `Format` a picker needs, with the same values.", "properties": {
            "id": {"type": "string"},
            "aliases": {"type": "array", "items": {"type": "string"}},
            "name": {"type": "string"},
            "family": {"type": "string"},
            "countries": {"type": "array", "items": {"type": "string"}},
            "plan": {"type": "string"},
            "status": {"type": "string"},
            "role": {"type": "string", "enum": ["declaration", "front_of_pack_repeat"]}},
        "required": ["id", "aliases", "name", "family", "countries", "plan", "status"]})
}

/// `POST /v1/imports`'s answer.
fn import_report_schema() -> Value {
    json!({"type": "object", "properties": {
            "dry_run": {"type": "boolean"},
            "rows": {"type": "integer", "description": "Rows read besides the header."},
            "recipes": {"type": "array", "items": {"type": "object", "properties": {
                "name": {"type": "string"},
                "first_row": {"type": "integer"},
                "last_row": {"type": "integer"},
                "id": {"type": "string", "description": "The created recipe (not in a dry run)."},
                "location": {"type": "string"},
                "version": {"type": "integer"},
                "label": {"type": ["object", "null"], "description": "Dry run: the label the create would compute (as a recipe's `label`)."},
                "label_error": {"type": "object", "description": "Dry run: why the create would be refused.", "properties": {"code": {"type": "string"}, "message": {"type": "string"}}, "required": ["code", "message"]},
                "lines": {"type": "array", "description": "Dry run: the recipe's ingredient lines that resolved, each with its row and what it resolved to (a row that matches nothing is in `problems`).", "items": {"type": "object", "properties": {
                    "row": {"type": "integer"}, "ingredient": {"type": "string", "description": "The `ingredient` cell as the file gives it."},
                    "ingredient_id": {"type": "string"}, "grams": {"type": "number"}
                }, "required": ["row", "ingredient", "ingredient_id", "grams"]}}
            }, "required": ["name", "first_row", "last_row"]}},
            "problems": {"type": "array", "description": "Dry run: every problem that would refuse the import (the first 100).", "items": {"type": "object", "properties": {
                "row": {"type": "integer"}, "field": {"type": "string"}, "problem": {"type": "string"}, "code": {"type": "string"},
                "suggestions": {"type": "array", "description": "An ingredient name that matched nothing: the closest foods."}
            }, "required": ["row", "field", "problem", "code"]}},
            "more_problems": {"type": "integer", "description": "Dry run: problems past the listed ones."}
        }, "required": ["dry_run", "rows", "recipes"]})
}

/// `voluntary_nutrients` of recipes and analyses.
fn voluntary_nutrients() -> Value {
    json!({"type": ["array", "null"], "maxItems": 40, "items": {"type": "string"}, "examples": [["vitamin_a_mcg", "vitamin_c_mg"]],
        "description": "Nutrient keys (as in `nutrients_per_100g`) of voluntary nutrients the label declares. On US labels the vitamins and minerals beyond vitamin D, calcium, iron and potassium, mono- and polyunsaturated fat, soluble and insoluble fiber and sugar alcohol are declared only when asked here or marked added on a line (21 CFR 101.9(c)(8)(ii), (c)(2)(iii)-(iv), (c)(6)); a claim about one requires its declaration, so a claim about vitamin A or C is made only when it is asked for. The label's `voluntary` says why each such row is there; a nutrient asked for that the data cannot determine is left off with a `voluntary_nutrient_omitted` warning. Unknown key: 400 `validation_failed`. `null` removes them."})
}
